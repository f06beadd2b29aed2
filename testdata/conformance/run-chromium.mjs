// run-chromium.mjs runs the DOM conformance probes (probes/*.js) in headless
// Chromium, the reference, and writes what each check returned to
// expected/<probe>.json, which conformance_test.go compares bangsnap with.
//
//   node testdata/conformance/run-chromium.mjs            every probe
//   node testdata/conformance/run-chromium.mjs node,attr  only these probes
//
// Each probe is served from 127.0.0.1 by a tiny static server as page.html
// with the probe's name and its optional fixture (probes/<probe>.html)
// filled in, the same page the Go test builds. Chromium runs with the time
// zone UTC, the locale en-US and a 1280x800 viewport, as bangsnap renders
// with Deterministic set.
//
// Needs Debian's chromium (CHROMIUM overrides /usr/bin/chromium) and
// playwright-core, reused from testdata/compat (npm ci --prefix testdata/compat).
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReference, newReferenceContext } from '../compat/reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.json': 'application/json' };

// pageFor fills page.html for probe, as conformance_test.go's pageFor does.
async function pageFor(template, probe) {
  let fixture = '';
  try {
    fixture = await fs.readFile(path.join(here, 'probes', probe + '.html'), 'utf8');
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
  return template.replaceAll('{{PROBE}}', probe).replace('{{FIXTURE}}', () => fixture.trimEnd());
}

// echo describes a request for the XHR and fetch probes, as
// conformance_test.go's echo does.
async function echo(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return {
    method: req.method,
    contentType: req.headers['content-type'] || '',
    probe: req.headers['x-probe'] || '',
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

// serve answers /p/<probe>.html with the filled page, /harness.js, /probes/*
// and /data/* (files probes fetch) from this directory, and /echo.
function serve(template) {
  return http.createServer(async (req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    try {
      let m = /^\/p\/([\w-]+)\.html$/.exec(u.pathname);
      if (m) {
        res.writeHead(200, { 'Content-Type': TYPES['.html'] });
        res.end(await pageFor(template, m[1]));
        return;
      }
      if (u.pathname === '/echo') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(await echo(req)));
        return;
      }
      m = /^\/(harness\.js|(probes|data)\/[\w.-]+)$/.exec(u.pathname);
      if (m) {
        const body = await fs.readFile(path.join(here, m[1]));
        res.writeHead(200, { 'Content-Type': TYPES[path.extname(m[1])] || 'text/plain; charset=utf-8' });
        res.end(body);
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    } catch (e) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end(String(e));
    }
  });
}

// formatResults writes one check per line, in the order the probe ran them.
function formatResults(obj) {
  const lines = Object.keys(obj).map((k) => '  ' + JSON.stringify(k) + ': ' + JSON.stringify(obj[k]));
  return '{\n' + lines.join(',\n') + '\n}\n';
}

async function main() {
  const only = process.argv[2] ? new Set(process.argv[2].split(',')) : null;
  const probes = (await fs.readdir(path.join(here, 'probes')))
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3))
    .filter((p) => !only || only.has(p))
    .sort();
  if (probes.length === 0) throw new Error('no probes to run');
  const template = await fs.readFile(path.join(here, 'page.html'), 'utf8');
  const server = serve(template);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = 'http://127.0.0.1:' + server.address().port;

  const browser = await launchReference();
  let total = 0;
  let failed = false;
  try {
    await fs.mkdir(path.join(here, 'expected'), { recursive: true });
    for (const probe of probes) {
      const context = await newReferenceContext(browser);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(origin + '/p/' + probe + '.html', { waitUntil: 'load' });
      const json = await page.evaluate(() => window.__conformanceResults());
      await context.close();
      const results = JSON.parse(json);
      const n = Object.keys(results).length;
      total += n;
      if (errors.length) {
        failed = true;
        console.error(`${probe}: page errors in Chromium (a probe must not throw at top level):\n  ${errors.join('\n  ')}`);
      }
      await fs.writeFile(path.join(here, 'expected', probe + '.json'), formatResults(results));
      console.log(`${probe}: ${n} checks`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`chromium: ${total} checks in ${probes.length} probes`);
  if (failed) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
