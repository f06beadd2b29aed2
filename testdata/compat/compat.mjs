// compat.mjs renders the bangsnap test apps (testdata/apps/apps.json) in
// headless Chromium, the reference for what each app shows, and times them.
//
//   node compat.mjs                 check: compare Chromium with expect.json
//   node compat.mjs --update        write testdata/apps/<app>/expect*.json and
//                                   Chromium's final DOM as chromium*.html
//   node compat.mjs --bangsnap F    also print bangsnap/Chromium time ratios;
//                                   F is JSON {"<case>": {"wall_ms": n,
//                                   "requests": n, "peak_heap_mb": n,
//                                   "peak_live_mb": n, "compiles": n,
//                                   "busy_ms": n, "wait_floor_ms": n,
//                                   "match": bool}} (written by TestApps)
//   node compat.mjs --runs N        timed runs per case (median; default 3)
//   node compat.mjs --only a,b      only these cases
//
// The static server mirrors the Go test server of apps_test.go: testdata/ at
// the root, index.html for directory paths, the latency rules of
// testdata/apps/server.json, and each app with a build.json (bundled,
// react19) built in memory by esbuild.
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import * as esbuild from 'esbuild';
import { findStream, serveSSE, upgradeWebSocket } from './streams.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const testdata = path.resolve(here, '..');
const appsDir = path.join(testdata, 'apps');

// The shadow-tree reader both sides evaluate (see shadowtext.js).
const SHADOW_TEXT = await fs.readFile(path.join(here, 'shadowtext.js'), 'utf8');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
// Playwright's 'networkidle': no request for this long. Prerender waits the same way.
const IDLE_WINDOW_MS = 500;
// After network idle, the DOM must stay unchanged this long (timers may still run).
const STABLE_MS = 500;
const STABLE_MAX_MS = 5000;

function parseArgs(argv) {
  const opts = { update: false, runs: 3, bangsnap: '', only: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--update') opts.update = true;
    else if (a === '--runs') opts.runs = Math.max(1, Number(argv[++i]));
    else if (a === '--bangsnap') opts.bangsnap = argv[++i];
    else if (a === '--only') opts.only = new Set(argv[++i].split(','));
    else throw new Error(`unknown argument ${a} (see the top of compat.mjs)`);
  }
  return opts;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

// latencyFor returns the delay of the longest matching prefix rule.
function latencyFor(rules, p) {
  let best = -1;
  let ms = rules.default_ms || 0;
  for (const r of rules.latency) {
    if (p.startsWith(r.prefix) && r.prefix.length > best) {
      best = r.prefix.length;
      ms = r.ms;
    }
  }
  return ms;
}

// buildBundled bundles every testdata/apps/<app> with a build.json, as the
// Go test does (apps_helpers_test.go buildApp): URL path -> bytes.
async function buildBundled() {
  const out = new Map();
  for (const ent of await fs.readdir(appsDir, { withFileTypes: true })) {
    if (!ent.isDirectory()) continue;
    const dir = path.join(appsDir, ent.name);
    let cfg;
    try {
      cfg = JSON.parse(await fs.readFile(path.join(dir, 'build.json'), 'utf8'));
    } catch (e) {
      if (e.code === 'ENOENT') continue;
      throw e;
    }
    const res = await esbuild.build({
      entryPoints: [path.join(dir, cfg.entry)],
      absWorkingDir: dir,
      bundle: true,
      write: false,
      outfile: path.join(dir, cfg.outfile),
      format: cfg.format,
      target: cfg.target,
      minify: cfg.minify,
      jsx: cfg.jsx || 'transform',
      ...(cfg.jsxImportSource ? { jsxImportSource: cfg.jsxImportSource } : {}),
      define: cfg.define || {},
      alias: cfg.alias || {},
      nodePaths: [path.join(testdata, 'node_modules')],
      logLevel: 'error',
    });
    out.set(`/apps/${ent.name}/${cfg.outfile}`, Buffer.from(res.outputFiles[0].contents));
  }
  return out;
}

async function startServer(rules, generated) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    let p;
    try {
      p = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    const delay = latencyFor(rules, p);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const stream = findStream(rules, p);
    if (stream && stream.kind === 'sse') {
      serveSSE(stream, req, res);
      return;
    }
    if (p.endsWith('/')) p += 'index.html';
    const gen = generated.get(p);
    if (gen) {
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Content-Length': gen.length });
      res.end(req.method === 'HEAD' ? undefined : gen);
      return;
    }
    const file = path.join(testdata, path.normalize(p));
    if (!file.startsWith(testdata + path.sep) || p.includes('\0')) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = await fs.readFile(file);
      const type = TYPES[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  // WebSockets of server.json's streams; the sockets are ended with the server.
  const sockets = new Set();
  server.on('upgrade', async (req, socket) => {
    const p = new URL(req.url, 'http://x').pathname;
    const stream = findStream(rules, p);
    if (!stream || stream.kind !== 'websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const delay = latencyFor(rules, p);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    upgradeWebSocket(stream, req, socket, sockets);
  });
  server.on('close', () => { for (const s of sockets) s.destroy(); });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// collect runs in the page: what an expectation records.
function collect(selectors) {
  const squash = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const out = { title: document.title, text: squash(document.body ? document.body.innerText : ''), selectors: {} };
  for (const [sel, mode] of Object.entries(selectors)) {
    if (mode === 'count') {
      out.selectors[sel] = document.querySelectorAll(sel).length;
    } else {
      const el = document.querySelector(sel);
      out.selectors[sel] = el ? squash(el.textContent) : null;
    }
  }
  const meta = document.querySelector('meta[name="prerender-status-code"]');
  out.metaStatus = meta ? Number(meta.getAttribute('content')) : 0;
  out.headers = {};
  for (const m of document.querySelectorAll('meta[name="prerender-header"]')) {
    const c = m.getAttribute('content') || '';
    const i = c.indexOf(':');
    if (i > 0) out.headers[c.slice(0, i).trim()] = c.slice(i + 1).trim();
  }
  // An empty <style> whose rules a script inserted through the CSSOM
  // (Emotion's speedy mode: MUI, Chakra) keeps no text in outerHTML, so
  // the saved DOM would lose what they display; bangsnap's snapshots write
  // such a sheet's rules as the element's text, and so does the saved DOM.
  for (const st of document.querySelectorAll('style')) {
    if (st.textContent.trim() !== '' || !st.sheet) continue;
    let rules = [];
    try { rules = Array.from(st.sheet.cssRules, (r) => r.cssText); } catch { continue; }
    if (rules.length > 0) st.textContent = rules.join('\n');
  }
  // Sheets the document adopted (a CSS module script's, a constructed
  // sheet) are in no element; bangsnap's snapshots write each enabled one
  // as a <style> at the end of the body, with its media list, and so does
  // the saved DOM. (The snapshot writes the rules as the page wrote them,
  // Chromium's cssText as it normalizes them: `.02em` reads `0.02em`, so
  // the apps' adopted sheets are written in the normalized form.)
  const end = document.body || document.documentElement;
  for (const sheet of document.adoptedStyleSheets || []) {
    if (sheet.disabled) continue;
    const rules = Array.from(sheet.cssRules, (r) => r.cssText);
    if (rules.length === 0) continue;
    const st = document.createElement('style');
    if (sheet.media.mediaText) st.setAttribute('media', sheet.media.mediaText);
    st.textContent = rules.join('\n');
    end.append(st);
  }
  out.dom = '<!DOCTYPE html>\n' + document.documentElement.outerHTML + '\n';
  return out;
}

// waitStable waits until the page has made no DOM mutation for STABLE_MS
// (at most STABLE_MAX_MS). It counts MutationObserver records rather than
// comparing serializations: serializing the DOM makes Chromium write a
// pending inline style change into the style attribute at that moment, so
// polling outerHTML moved `style` ahead of attributes the page set later
// and recorded an attribute order no unobserved page has. An observer
// asking for no old values leaves that write lazy.
async function waitStable(page) {
  await page.evaluate(() => {
    window.__compatMutations = 0;
    new MutationObserver((records) => { window.__compatMutations += records.length; })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const start = Date.now();
  let last = 0;
  let since = Date.now();
  while (Date.now() - start < STABLE_MAX_MS) {
    await page.waitForTimeout(100);
    const now = await page.evaluate(() => window.__compatMutations);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= STABLE_MS) {
      return true;
    }
  }
  return false;
}

async function renderOnce(browser, base, app) {
  const context = await browser.newContext({
    locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 },
  });
  // The apps are offline: anything not on the loopback server (analytics,
  // web fonts) fails at once, as it does for bangsnap's tests.
  await context.route((url) => !url.href.startsWith(base), (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  const errors = [];
  let requests = 0;
  // Each request's start and end from navigation, for the waterfall's
  // critical path (networkFloor), as bangsnap's Report.CriticalPath.
  const spans = new Map();
  const t0 = performance.now();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    requests++;
    spans.set(r, { start: performance.now() - t0, end: NaN });
  });
  const ended = (r) => {
    const s = spans.get(r);
    if (s && Number.isNaN(s.end)) s.end = performance.now() - t0;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const resp = await page.goto(base + app.url, { waitUntil: 'networkidle', timeout: 30000 });
  const wallMs = performance.now() - t0;
  const stable = await waitStable(page);
  const got = await page.evaluate(collect, app.selectors);
  if (app.shadow && app.shadow.length) {
    got.shadow = await page.evaluate(`(${SHADOW_TEXT.trim()})(${JSON.stringify(app.shadow)})`);
  }
  await context.close();
  return {
    wallMs, requests, errors, stable, floorMs: networkFloor([...spans.values()].filter((x) => !Number.isNaN(x.end))),
    status: got.metaStatus || (resp ? resp.status() : 0),
    title: got.title, text: got.text, selectors: got.selectors, shadow: got.shadow, dom: got.dom,
    headers: Object.keys(got.headers).length ? got.headers : undefined,
  };
}

// networkFloor returns the longest chain of spans in which each starts
// after the one before ended, summed: the network time no renderer beats
// with this server (bangsnap's Report.CriticalPath, quadratic here).
function networkFloor(spans) {
  const s = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const best = [];
  let top = 0;
  for (let i = 0; i < s.length; i++) {
    let before = 0;
    for (let j = 0; j < i; j++) {
      if (s[j].end <= s[i].start) before = Math.max(before, best[j]);
    }
    best[i] = before + (s[i].end - s[i].start);
    top = Math.max(top, best[i]);
  }
  return top;
}

// domPathFor names the file holding Chromium's final DOM next to an
// expectation: expect.json -> chromium.html, expect.notfound.json ->
// chromium.notfound.html. The Go tests check their visible-text helper on it.
function domPathFor(expectPath) {
  const dir = path.dirname(expectPath);
  const base = path.basename(expectPath).replace(/^expect/, 'chromium').replace(/\.json$/, '.html');
  return path.join(dir, base);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function diffExpect(want, got) {
  const out = [];
  if (want.status !== got.status) out.push(`status: want ${want.status}, got ${got.status}`);
  if (JSON.stringify(want.headers || {}) !== JSON.stringify(got.headers || {})) out.push(`headers: want ${JSON.stringify(want.headers)}, got ${JSON.stringify(got.headers)}`);
  if (want.title !== got.title) out.push(`title: want ${JSON.stringify(want.title)}, got ${JSON.stringify(got.title)}`);
  if (want.text !== got.text) out.push(`text:\n    want ${JSON.stringify(want.text)}\n    got  ${JSON.stringify(got.text)}`);
  for (const [sel, v] of Object.entries(want.selectors || {})) {
    if (got.selectors[sel] !== v) out.push(`selector ${sel}: want ${JSON.stringify(v)}, got ${JSON.stringify(got.selectors[sel])}`);
  }
  for (const [sel, v] of Object.entries(want.shadow || {})) {
    if ((got.shadow || {})[sel] !== v) out.push(`shadow ${sel}: want ${JSON.stringify(v)}, got ${JSON.stringify((got.shadow || {})[sel])}`);
  }
  return out;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const cases = JSON.parse(await fs.readFile(path.join(appsDir, 'apps.json'), 'utf8')).apps
    .filter((a) => !opts.only || opts.only.has(a.name));
  const rules = JSON.parse(await fs.readFile(path.join(appsDir, 'server.json'), 'utf8'));
  const server = await startServer(rules, await buildBundled());
  const base = `http://127.0.0.1:${server.address().port}`;
  const bangsnap = opts.bangsnap ? JSON.parse(await fs.readFile(opts.bangsnap, 'utf8')) : null;

  const browser = await chromium.launch({
    executablePath: CHROMIUM, args: LAUNCH_ARGS, env: { ...process.env, TZ: 'UTC' },
  });
  let failed = 0;
  const rows = [];
  try {
    for (const app of cases) {
      // A first untimed run warms the browser (and the OS file cache).
      let first;
      const times = [];
      const floors = [];
      let last;
      try {
        first = await renderOnce(browser, base, app);
        last = first;
        for (let i = 0; i < opts.runs; i++) {
          last = await renderOnce(browser, base, app);
          times.push(last.wallMs);
          floors.push(last.floorMs);
        }
      } catch (err) {
        failed++;
        rows.push({ name: app.name, med: NaN, floor: NaN, requests: 0, bs: bangsnap && bangsnap[app.name], problems: [`Chromium could not render it: ${err.message}`] });
        continue;
      }
      const expectPath = path.join(appsDir, app.expect);
      const got = { url: app.url, status: last.status, headers: last.headers, title: last.title, text: last.text, selectors: last.selectors, shadow: last.shadow };
      const problems = [];
      if (!last.stable) problems.push('DOM still changing 5s after network idle');
      if (last.errors.length) problems.push(`page errors: ${last.errors.join('; ')}`);
      for (const [sel, v] of Object.entries(last.selectors)) {
        if (v === null) problems.push(`selector ${sel} matches nothing`);
      }
      for (const [sel, v] of Object.entries(last.shadow || {})) {
        if (v === null) problems.push(`shadow ${sel} matches no shadow host`);
      }
      if (JSON.stringify(first.selectors) !== JSON.stringify(last.selectors) || first.text !== last.text) {
        problems.push('two Chromium runs disagree (the app is not deterministic)');
      }
      if (opts.update) {
        await fs.writeFile(expectPath, JSON.stringify(got, null, 2) + '\n');
        await fs.writeFile(domPathFor(expectPath), last.dom);
      } else {
        let want = null;
        try {
          want = JSON.parse(await fs.readFile(expectPath, 'utf8'));
        } catch (e) {
          problems.push(`no expectation: ${e.message}`);
        }
        if (want) problems.push(...diffExpect(want, got));
      }
      if (problems.length) failed++;
      const med = median(times);
      const bs = bangsnap && bangsnap[app.name];
      rows.push({ name: app.name, med, floor: median(floors), requests: last.requests, bs, problems });
    }
  } finally {
    await browser.close();
    server.closeAllConnections(); // open EventSource streams
    server.close();
  }

  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s).padStart(n);
  const num = (v, digits) => (typeof v === 'number' ? v.toFixed(digits) : '-');
  console.log(`${pad('case', 18)}${lpad('chromium ms', 12)}${lpad('-idle ms', 10)}${lpad('cr floor', 10)}${lpad('reqs', 6)}${bangsnap ? lpad('bangsnap ms', 13) + lpad('busy ms', 9) + lpad('floor ms', 10) + lpad('ratio', 8) + lpad('ratio-own', 11) + lpad('ratio-idle', 12) + lpad('bs reqs', 9) + lpad('heap MB', 9) + lpad('live MB', 9) + lpad('compiles', 10) + lpad('bs text', 9) : ''}  result`);
  for (const r of rows) {
    let line = `${pad(r.name, 18)}${lpad(r.med.toFixed(0), 12)}${lpad((r.med - IDLE_WINDOW_MS).toFixed(0), 10)}${lpad(r.floor.toFixed(0), 10)}${lpad(r.requests, 6)}`;
    if (bangsnap) {
      if (r.bs && typeof r.bs.wall_ms === 'number') {
        const floor = r.bs.wait_floor_ms;
        line += lpad(r.bs.wall_ms.toFixed(1), 13) + lpad(num(r.bs.busy_ms, 1), 9) + lpad(num(floor, 1), 10) +
          lpad((r.bs.wall_ms / r.med).toFixed(3), 8) +
          lpad(typeof floor === 'number' ? ((r.bs.wall_ms - floor) / r.med).toFixed(3) : '-', 11) +
          lpad((r.bs.wall_ms / Math.max(1, r.med - IDLE_WINDOW_MS)).toFixed(3), 12) +
          lpad(r.bs.requests ?? '-', 9) + lpad(typeof r.bs.peak_heap_mb === 'number' ? r.bs.peak_heap_mb.toFixed(1) : '-', 9) +
          lpad(typeof r.bs.peak_live_mb === 'number' ? r.bs.peak_live_mb.toFixed(1) : '-', 9) +
          lpad(typeof r.bs.compiles === 'number' ? String(+r.bs.compiles.toFixed(1)) : '-', 10) +
          lpad(r.bs.match ? 'match' : 'DIFFERS', 9);
      } else {
        line += lpad('-', 13) + lpad('-', 9) + lpad('-', 10) + lpad('-', 8) + lpad('-', 11) + lpad('-', 12) + lpad('-', 9) + lpad('-', 9) + lpad('-', 9) + lpad('failed', 9);
      }
    }
    line += r.problems.length ? '  PROBLEM' : opts.update ? '  written' : '  ok';
    console.log(line);
    for (const p of r.problems) console.log(`    ${p}`);
  }
  if (bangsnap) {
    console.log('bangsnap ms: median wall time of the warm renders through the ugly URL (go test -run TestApps, BANGSNAP_APP_RUNS of them); busy ms: the part of it running scripts and tasks (Report.Timings.Busy), the rest waiting; floor ms: the longest chain of requests each starting after the previous ended (Report.CriticalPath), network time no renderer beats with this server; ratio = bangsnap / chromium (target <= 0.2); ratio-own = (bangsnap - floor) / chromium, the share that is ours; heap MB: peak Go heap during the render above the idle process of a server rendering this site only (target <= 30), measured in a process of its own (TestApps runs its test binary again per app: no test server, its esbuild bundles, MIME table and request handling in that heap; BANGSNAP_APP_IN_PROCESS=1 measures in the test process as until session 49): before its warm-up render each app gets a new Renderer and the process-wide caches (compiled scripts, parsed sheets, RegExp patterns, bundled modules) are emptied, so the idle heap holds this app\'s programs and no other\'s (until session 44 it held those of every app rendered before, ~120 MB, which let every render allocating less than that peak at what it allocated; BANGSNAP_APP_SHARED_CACHES=1 measures that way again); garbage included, so it follows the collector\'s pacing against that idle heap; live MB: the largest live heap a collection during the render found, above the idle one (what the render keeps; 0 when none ran); compiles: scripts compiled per warm render (0 when the warm-up left them all cached); bs text: snapshot matches this expectation.');
  }
  console.log(`chromium ms: median wall time of ${opts.runs} runs from navigation to network idle (includes the ${IDLE_WINDOW_MS} ms idle window; -idle subtracts it); cr floor: Chromium's own critical path of requests (each starting after the previous ended), to compare with bangsnap's floor: a chain that is longer in bangsnap is waiting of ours.`);
  if (failed) {
    console.log(`${failed} case(s) with problems`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
