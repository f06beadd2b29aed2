// run-chromium.mjs runs the WPT-format pages of testdata/wpt (*.html) in
// headless Chromium, the reference, and writes every subtest's status to
// expected/<page>.json, which wpt_test.go compares bangsnap with.
//
//   node testdata/wpt/run-chromium.mjs                      every page
//   node testdata/wpt/run-chromium.mjs events.html,nodes.html  only these
//
// The pages are served from 127.0.0.1 with the paths wpt_test.go serves:
// /resources/testharness.js, idlharness.js and WebIDLParser.js from the npm
// package wpt-runner, /interfaces/<spec>.idl from @webref/idl (both in
// testdata/node_modules: npm ci --prefix testdata), everything else from
// this directory. resources/testharnessreport.js sets window.__wptResults
// when the harness completes; this script waits for it.
//
// Needs Debian's chromium (CHROMIUM overrides /usr/bin/chromium) and
// playwright-core, reused from testdata/compat (npm ci --prefix testdata/compat).
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReference, newReferenceContext } from '../compat/reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(here, '..', 'node_modules');
// A page's harness has 10 s for its tests (testharness.js's default); this
// leaves room for a harness timeout to be reported.
const PAGE_TIMEOUT_MS = 60000;

const HARNESS = {
  '/resources/testharness.js': 'testharness.js',
  '/resources/idlharness.js': 'idlharness.js',
  '/resources/WebIDLParser.js': 'webidl2.js',
  '/resources/webidl2.js': 'webidl2.js',
};
const TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8', '.json': 'application/json',
  '.idl': 'text/plain; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8', '.xhtml': 'application/xhtml+xml', '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
};

// fileFor maps a request path to a file, as wpt_test.go's wptHandler does.
function fileFor(p) {
  p = path.posix.normalize(p);
  if (HARNESS[p]) return path.join(modules, 'wpt-runner', 'testharness', HARNESS[p]);
  if (p.startsWith('/interfaces/')) return path.join(modules, '@webref', 'idl', path.posix.basename(p));
  if (p === '/' || p.includes('..')) return null;
  return path.join(here, ...p.slice(1).split('/'));
}

function serve() {
  return http.createServer(async (req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    const file = fileFor(decodeURIComponent(u.pathname));
    try {
      if (!file) throw new Error('not found');
      const body = await fs.readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch (e) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
}

// format writes the results one subtest per line, in the harness's order.
function format(r) {
  const lines = r.tests.map((t) => '    ' + JSON.stringify(t));
  return '{\n  "harness": ' + JSON.stringify(r.harness) + ',\n  "message": ' + JSON.stringify(r.message) +
    ',\n  "tests": [\n' + lines.join(',\n') + '\n  ]\n}\n';
}

async function main() {
  const only = process.argv[2] ? new Set(process.argv[2].split(',')) : null;
  const pages = (await fs.readdir(here))
    .filter((f) => /^[\w.-]+\.html$/.test(f))
    .filter((p) => !only || only.has(p))
    .sort();
  if (pages.length === 0) throw new Error('no pages to run');
  const server = serve();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = 'http://127.0.0.1:' + server.address().port;

  const browser = await launchReference();
  let total = 0;
  let failed = false;
  try {
    await fs.mkdir(path.join(here, 'expected'), { recursive: true });
    for (const name of pages) {
      const context = await newReferenceContext(browser);
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(origin + '/' + name, { waitUntil: 'load' });
      let json;
      try {
        await page.waitForFunction(() => typeof window.__wptResults === 'string', null, { timeout: PAGE_TIMEOUT_MS });
        json = await page.evaluate(() => window.__wptResults);
      } catch (e) {
        failed = true;
        console.error(`${name}: the harness did not complete in ${PAGE_TIMEOUT_MS} ms: ${e.message}`);
        await context.close();
        continue;
      }
      await context.close();
      const results = JSON.parse(json);
      const pass = results.tests.filter((t) => t.status === 'PASS').length;
      total += results.tests.length;
      await fs.writeFile(path.join(here, 'expected', name.replace(/\.html$/, '.json')), format(results));
      console.log(`${name}: harness ${results.harness}, ${pass}/${results.tests.length} pass (${Date.now() - started} ms)`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`chromium: ${total} subtests in ${pages.length} pages`);
  if (failed) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
