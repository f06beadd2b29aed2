// run-chromium-realwpt.mjs runs files of the real web-platform-tests (a
// subset fetched into a directory outside the repository, laid out as WPT's
// tree) in headless Chromium and records every subtest's status in
// DIR/chromium-results.json, which realwpt_test.go (TestRealWPT) compares
// bangsnap with.
//
//   node testdata/wpt/run-chromium-realwpt.mjs DIR                 every test
//   node testdata/wpt/run-chromium-realwpt.mjs DIR url/,dom/nodes/  those under these prefixes
//
// A run updates the entries of the tests it ran and keeps the others. The
// tree is served as run-chromium.mjs serves testdata/wpt (the harness from
// wpt-runner, our testharnessreport.js); the tests, their variants and the
// .any.html/.window.html pages made of .any.js/.window.js files follow the
// rules realwpt_test.go documents (the two must agree). Chromium talks to
// testdata/wpt/pyhandlers/serve (go run), which answers WPT's Python
// handlers and .asis files as TestRealWPT's server does and passes the
// rest to that node server; it listens on a second port too and answers
// /common/get-host-info.sub.js with both and localhost, the cross-origin
// hosts of the tests.
import fs from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { launchReference, newReferenceContext } from '../compat/reference.mjs';
import { serve, PAGE_TIMEOUT_MS } from './run-chromium.mjs';

const RESULTS = 'chromium-results.json';
const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// pyhandlers starts testdata/wpt/pyhandlers/serve in front of the server at
// fallback: WPT's Python handlers (*.py) and .asis files are answered there
// by the Go equivalents TestRealWPT uses, everything else by fallback.
// It resolves to the Go server's origin and the process (closing its
// input stops it).
async function pyhandlers(root, fallback) {
  const proc = spawn('go', ['run', './testdata/wpt/pyhandlers/serve', '-root', path.resolve(root), '-fallback', fallback],
    { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
  const first = await new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error('pyhandlers/serve exited with ' + code)));
  });
  const [origin, origin2] = first.trim().split(' ');
  return { origin, origin2, proc };
}

// portPlaceholders rewrites the servers' origins in a subtest's name with
// wptserve's placeholders for their ports, as pyhandlers'
// Server.PortPlaceholders does for TestRealWPT: names that hold URLs then
// compare across runs on other ports.
function portPlaceholders(name, origins) {
  origins.forEach((o, i) => {
    const port = new URL(o).port;
    for (const host of ['127.0.0.1:', 'localhost:']) name = name.split(host + port).join(host + '{{ports[http][' + i + ']}}');
  });
  return name;
}
const SKIP_DIRS = new Set(['resources', 'support', 'common', 'tools', 'reference', 'crashtests']);
const META = (name) => new RegExp('^//\\s*META:\\s*' + name + '=(\\S*)', 'gm');

function metas(src, name) {
  return [...src.matchAll(META(name))].map((m) => m[1]);
}

function anyInWindow(src) {
  const g = metas(src, 'global');
  if (g.length === 0) return true;
  return g[0].split(',').some((x) => x === 'window' || x === 'default');
}

// tests lists the tree's testharness tests a window runs (realWPTTests).
async function tests(root, prefixes) {
  const out = [];
  async function walk(dir, rel) {
    for (const e of await fs.readdir(dir, { withFileTypes: true })) {
      const r = rel ? rel + '/' + e.name : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) await walk(path.join(dir, e.name), r);
        continue;
      }
      const name = e.name;
      if (/-manual\.|-ref\.|\.sub\./.test(name)) continue;
      let page, variants;
      if (name.endsWith('.any.js') || name.endsWith('.window.js')) {
        const src = await fs.readFile(path.join(dir, name), 'utf8');
        if (name.endsWith('.any.js') && !anyInWindow(src)) continue;
        page = r.slice(0, -3) + '.html';
        variants = metas(src, 'variant');
      } else if (/\.(html|htm|xhtml)$/.test(name)) {
        const src = await fs.readFile(path.join(dir, name), 'utf8');
        if (!src.includes('/resources/testharness.js')) continue;
        page = r;
        variants = [...src.matchAll(/<meta\s+name=["']?variant["']?\s+content=["']([^"']*)["']/g)].map((m) => m[1]);
      } else continue;
      if (prefixes.length && !prefixes.some((p) => page.startsWith(p))) continue;
      if (variants.length === 0) out.push(page);
      for (const v of variants) out.push(page + v);
    }
  }
  await walk(root, '');
  return out.sort();
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// wrapper makes the page of an .any.js or .window.js test (realWPTWrapper).
async function wrapper(root, p) {
  if (!p.endsWith('.any.html') && !p.endsWith('.window.html')) return null;
  const js = p.slice(0, -5) + '.js';
  if (js.includes('..')) return null;
  let src;
  try {
    src = await fs.readFile(path.join(root, ...js.slice(1).split('/')), 'utf8');
  } catch {
    return null;
  }
  let b = '<!doctype html>\n<meta charset=utf-8>\n';
  const title = /^\/\/\s*META:\s*title=(.+?)\s*$/m.exec(src);
  if (title) b += '<title>' + escape(title[1]) + '</title>\n';
  if (/^\/\/\s*META:\s*timeout=long\s*$/m.test(src)) b += '<meta name=timeout content=long>\n';
  if (p.endsWith('.any.html')) {
    b += '<script>self.GLOBAL = {isWindow: function() { return true; }, isWorker: function() { return false; }, isShadowRealm: function() { return false; }};</script>\n';
  }
  b += '<script src="/resources/testharness.js"></script>\n<script src="/resources/testharnessreport.js"></script>\n';
  for (const s of metas(src, 'script')) b += '<script src="' + escape(s) + '"></script>\n';
  b += '<div id=log></div>\n<script src="' + escape(path.posix.basename(js)) + '"></script>\n';
  return b;
}

async function main() {
  const root = process.argv[2];
  if (!root) throw new Error('usage: node run-chromium-realwpt.mjs DIR [prefix,...]');
  const prefixes = (process.argv[3] || '').split(',').filter(Boolean);
  const list = await tests(root, prefixes);
  if (list.length === 0) throw new Error('no testharness tests in ' + root);
  const file = path.join(root, RESULTS);
  let all = {};
  try {
    all = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {}
  const server = serve(root, (p) => wrapper(root, p));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const py = await pyhandlers(root, 'http://127.0.0.1:' + server.address().port);
  const origin = py.origin;
  const browser = await launchReference();
  try {
    for (const t of list) {
      const context = await newReferenceContext(browser);
      const page = await context.newPage();
      const started = Date.now();
      try {
        await page.goto(origin + '/' + t, { waitUntil: 'load' });
        await page.waitForFunction(() => typeof window.__wptResults === 'string', null, { timeout: PAGE_TIMEOUT_MS });
        all[t] = JSON.parse(await page.evaluate(() => window.__wptResults));
        for (const st of all[t].tests) st.name = portPlaceholders(st.name, [py.origin, py.origin2]);
        const pass = all[t].tests.filter((x) => x.status === 'PASS').length;
        console.log(`${t}: harness ${all[t].harness}, ${pass}/${all[t].tests.length} pass (${Date.now() - started} ms)`);
      } catch (e) {
        const message = e.message.split('\n')[0];
        all[t] = { harness: 'NORESULT', message, tests: [] };
        console.error(`${t}: no results: ${message}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    py.proc.stdin.end();
    server.close();
  }
  const sorted = {};
  for (const k of Object.keys(all).sort()) sorted[k] = all[k];
  await fs.writeFile(file, JSON.stringify(sorted, null, 1) + '\n');
  console.log(`chromium: ${list.length} tests; results in ${file}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
