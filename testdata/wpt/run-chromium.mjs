// run-chromium.mjs runs the WPT-format pages of testdata/wpt (*.html, *.xhtml) in
// headless Chromium, the reference, and writes every subtest's status to
// expected/<page>.json, which wpt_test.go compares bangsnap with.
//
//   node testdata/wpt/run-chromium.mjs                      every page
//   node testdata/wpt/run-chromium.mjs events.html,nodes.html  only these
//
// The pages are served from 127.0.0.1 with the paths wpt_test.go serves:
// /resources/testharness.js, idlharness.js and WebIDLParser.js from the npm
// package wpt-runner, /interfaces/<spec>.idl from @webref/idl, /vendor/jquery.js
// from jquery (all in
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
export const PAGE_TIMEOUT_MS = 60000;

const HARNESS = {
  '/resources/testharness.js': 'testharness.js',
  '/resources/idlharness.js': 'idlharness.js',
  '/resources/WebIDLParser.js': 'webidl2.js',
  '/resources/webidl2.js': 'webidl2.js',
};
const TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8', '.htm': 'text/html; charset=utf-8', '.json': 'application/json',
  '.idl': 'text/plain; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8', '.xhtml': 'application/xhtml+xml', '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
};

// treeFileFor maps a request path to a file of the WPT-like tree at root, as
// wpt_test.go's wptTreeHandler does; /resources/testharnessreport.js is
// always ours (this directory's resources/).
export function treeFileFor(root, p) {
  p = path.posix.normalize(p);
  if (HARNESS[p]) return path.join(modules, 'wpt-runner', 'testharness', HARNESS[p]);
  if (p === '/resources/testharnessreport.js') return path.join(here, 'resources', 'testharnessreport.js');
  if (p === '/vendor/jquery.js') return path.join(modules, 'jquery', 'dist', 'jquery.js');
  if (p.startsWith('/interfaces/')) return path.join(modules, '@webref', 'idl', path.posix.basename(p));
  if (p === '/' || p.includes('..')) return null;
  return path.join(root, ...p.slice(1).split('/'));
}

// The /dyn/ routes: wpt_dyn_test.go documents them and implements the same
// bytes. Strings here are byte strings (one char code per byte, as node
// gives header values), written as latin1.
const DYN_REASONS = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
  205: 'Reset Content', 206: 'Partial Content', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other',
  304: 'Not Modified', 307: 'Temporary Redirect', 308: 'Permanent Redirect', 400: 'Bad Request',
  401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 410: 'Gone',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

function dynDecode(s) {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '+') out += ' ';
    else if (c === '%' && i + 2 < s.length && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out += c;
  }
  return out;
}

function dynQuery(raw) {
  const out = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    out.push(eq < 0 ? [dynDecode(part), ''] : [dynDecode(part.slice(0, eq)), dynDecode(part.slice(eq + 1))]);
  }
  return out;
}

function dynJSONString(s) {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) out += '\\' + s[i];
    else if (c < 0x20 || c > 0x7e) out += '\\u00' + c.toString(16).padStart(2, '0');
    else out += s[i];
  }
  return out + '"';
}

// dyn computes the response to a /dyn/ request (headers: [name, value]
// pairs; body: a byte string), or null for a path that is not a route.
function dyn(method, target, pathname, headers, body) {
  const resp = { status: 200, reason: 'OK', headers: [], body: '', length: true, delay: 0 };
  if (pathname === '/dyn/echo') {
    const byName = new Map();
    for (const [name, value] of headers) {
      const n = name.toLowerCase();
      if (n === 'transfer-encoding') continue;
      if (!byName.has(n)) byName.set(n, []);
      byName.get(n).push(value);
    }
    const names = [...byName.keys()].sort();
    resp.body = '{"method":' + dynJSONString(method) + ',"url":' + dynJSONString(target) + ',"headers":{' +
      names.map((n) => dynJSONString(n) + ':' + dynJSONString(byName.get(n).join(', '))).join(',') +
      '},"body":' + dynJSONString(body) + '}';
    resp.headers = [['Content-Type', 'application/json']];
  } else if (pathname === '/dyn/body') {
    const ct = headers.find(([name]) => name.toLowerCase() === 'content-type');
    if (ct) resp.headers = [['Content-Type', ct[1]]];
    resp.body = body;
  } else if (pathname === '/dyn/resp') {
    const q = target.indexOf('?');
    let ctype = 'text/plain;charset=utf-8', typed = true, reasonSet = false;
    const extra = [];
    for (const [name, value] of dynQuery(q < 0 ? '' : target.slice(q + 1))) {
      if (name === 'status') {
        if (/^[+-]?\d+$/.test(value) && +value >= 100 && +value <= 999) resp.status = +value;
      } else if (name === 'reason') {
        resp.reason = value;
        reasonSet = true;
      } else if (name === 'type') ctype = value;
      else if (name === 'notype') typed = false;
      else if (name === 'header') {
        const colon = value.indexOf(':');
        extra.push(colon < 0 ? [value, ''] : [value.slice(0, colon), value.slice(colon + 1)]);
      } else if (name === 'body') resp.body = value;
      else if (name === 'delay') {
        if (/^[+-]?\d+$/.test(value) && +value > 0 && +value <= 10000) resp.delay = +value;
      } else if (name === 'nolength') resp.length = false;
    }
    if (!reasonSet) resp.reason = DYN_REASONS[resp.status] || '';
    if (typed) resp.headers.push(['Content-Type', ctype]);
    resp.headers.push(...extra);
  } else {
    return null;
  }
  return resp;
}

function dynBytes(r, method) {
  let s = 'HTTP/1.1 ' + r.status + ' ' + r.reason + '\r\n';
  for (const [name, value] of r.headers) s += name + ': ' + value + '\r\n';
  if (r.length) s += 'Content-Length: ' + r.body.length + '\r\n';
  s += 'Connection: close\r\n\r\n';
  if (method !== 'HEAD') s += r.body;
  return Buffer.from(s, 'latin1');
}

// serveDyn answers a /dyn/ request on the raw socket; false if the path is
// not a route.
async function serveDyn(req, pathname) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = Buffer.concat(chunks).toString('latin1');
  const headers = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
  const resp = dyn(req.method, req.url, pathname, headers, body);
  if (!resp) return false;
  if (resp.delay) await new Promise((r) => setTimeout(r, resp.delay));
  req.socket.end(dynBytes(resp, req.method));
  return true;
}

// parsePipes splits a pipe= value as pyhandlers' parsePipes does:
// functions separated by |, their arguments by commas, a backslash escaping
// the next character; null when it is malformed.
function parsePipes(spec) {
  const out = [];
  let i = 0;
  while (i < spec.length) {
    const open = spec.indexOf('(', i);
    if (open < 0) return null;
    const p = { name: spec.slice(i, open), args: [] };
    i = open + 1;
    let arg = '', closed = false;
    while (i < spec.length && !closed) {
      const c = spec[i];
      if (c === '\\' && i + 1 < spec.length) { arg += spec[i + 1]; i++; }
      else if (c === ',') { p.args.push(arg); arg = ''; }
      else if (c === ')') { p.args.push(arg); closed = true; }
      else arg += c;
      i++;
    }
    if (!closed) return null;
    out.push(p);
    if (i < spec.length) {
      if (spec[i] !== '|') return null;
      i++;
    }
  }
  return out;
}

// parseTrickle reads trickle()'s steps as pyhandlers' parseTrickle does:
// byte counts, "d" delays in seconds, a last "r" repeating an even count of
// steps; consecutive steps of one kind add up. null when it is malformed.
function parseTrickle(arg) {
  const steps = [];
  const parts = arg.split(':');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    let s;
    if (part.startsWith('d')) {
      const sec = Number(part.slice(1));
      if (part.length < 2 || !(sec >= 0 && sec <= 60)) return null;
      s = { kind: 'd', value: sec * 1000 };
    } else if (part.startsWith('r')) {
      const n = Number(part.slice(1));
      if (!/^\d+$/.test(part.slice(1)) || n <= 0 || n % 2 || i !== parts.length - 1) return null;
      s = { kind: 'r', value: n };
    } else {
      if (!/^\d+$/.test(part)) return null;
      s = { kind: 'b', value: +part };
    }
    const last = steps[steps.length - 1];
    if (last && s.kind !== 'r' && last.kind === s.kind) last.value += s.value;
    else steps.push(s);
  }
  const last = steps[steps.length - 1];
  if (last.kind === 'r') {
    if (last.value > steps.length - 1) return null;
    if (!steps.slice(steps.length - 1 - last.value, -1).some((s) => s.kind === 'b' && s.value > 0)) return null;
  }
  return steps;
}

// servePiped answers a tree file asked for with a pipe= query as
// pyhandlers.ApplyPipes and Response.Send do for wpt_test.go (status,
// header, trickle), written raw on the socket: the same bytes in the same
// parts.
async function servePiped(req, type, body, spec) {
  const resp = { status: 200, reason: '', headers: [['Content-Type', type]], steps: null };
  const pipes = parsePipes(spec);
  const fail = (msg) => Object.assign(resp, { status: 500, reason: '', headers: [], steps: null, body: Buffer.from(msg) });
  resp.body = body;
  for (const p of pipes || [{ name: 'bad', args: [spec] }]) {
    if (p.name === 'status' && p.args.length >= 1 && /^[+-]?\d+$/.test(p.args[0])) {
      resp.status = +p.args[0];
      resp.reason = p.args.length > 1 ? p.args[1] : '';
    } else if (p.name === 'header' && p.args.length >= 2) {
      if (!(p.args.length >= 3 && p.args[2] === 'True')) {
        resp.headers = resp.headers.filter(([n]) => n.toLowerCase() !== p.args[0].toLowerCase());
      }
      resp.headers.push([p.args[0], p.args[1]]);
    } else if (p.name === 'trickle' && p.args.length === 1 && !resp.steps) {
      const steps = parseTrickle(p.args[0]);
      if (!steps) { fail('pyhandlers: trickle(' + p.args[0] + '): bad steps'); break; }
      if (!resp.headers.some(([n]) => ['cache-control', 'pragma', 'expires'].includes(n.toLowerCase()))) {
        resp.headers.push(['Cache-Control', 'no-cache, no-store, must-revalidate'], ['Pragma', 'no-cache'], ['Expires', '0']);
      }
      resp.steps = steps;
    } else {
      fail('pyhandlers: no Go equivalent of pipe ' + p.name + '(' + p.args.join(',') + ')');
      break;
    }
  }
  let head = 'HTTP/1.1 ' + resp.status + ' ' + (resp.reason || DYN_REASONS[resp.status] || '') + '\r\n';
  for (const [n, v] of resp.headers) head += n + ': ' + v + '\r\n';
  if (!resp.steps) head += 'Content-Length: ' + resp.body.length + '\r\n';
  head += 'Connection: close\r\n\r\n';
  const sock = req.socket;
  sock.write(Buffer.from(head, 'latin1'));
  if (req.method === 'HEAD') return sock.end();
  if (!resp.steps) return sock.end(resp.body);
  let off = 0;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  async function run(steps) {
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i];
      if (sock.destroyed) return false;
      if (s.kind === 'r') {
        if (i !== steps.length - 1) continue;
        while (off < resp.body.length) if (!(await run(steps.slice(i - s.value, i)))) return false;
      } else if (s.kind === 'd') {
        await sleep(s.value);
      } else {
        const n = Math.min(s.value, resp.body.length - off);
        if (n > 0) sock.write(resp.body.subarray(off, off + n));
        off += n;
      }
    }
    return true;
  }
  if ((await run(resp.steps)) && off < resp.body.length) sock.write(resp.body.subarray(off));
  sock.end();
}

// serve answers the /dyn/ routes and the files of the tree at root;
// generate, when given, is asked first for a page that is made up (a
// string, or null for a path it does not make).
export function serve(root = here, generate = null) {
  return http.createServer(async (req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    if (u.pathname.startsWith('/dyn/') && await serveDyn(req, u.pathname)) return;
    const p = decodeURIComponent(u.pathname);
    try {
      const made = generate ? await generate(p) : null;
      if (made != null) {
        res.writeHead(200, { 'Content-Type': TYPES['.html'] });
        res.end(made);
        return;
      }
      const file = treeFileFor(root, p);
      if (!file) throw new Error('not found');
      const body = await fs.readFile(file);
      if (u.searchParams.has('pipe')) {
        // wptserve's pipes, as wpt_test.go's wptTreeHandler applies them.
        await servePiped(req, TYPES[path.extname(file)] || 'application/octet-stream', body, u.searchParams.get('pipe'));
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch (e) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
}

// format writes the results one subtest per line, in the harness's order.
export function format(r) {
  const lines = r.tests.map((t) => '    ' + JSON.stringify(t));
  return '{\n  "harness": ' + JSON.stringify(r.harness) + ',\n  "message": ' + JSON.stringify(r.message) +
    ',\n  "tests": [\n' + lines.join(',\n') + '\n  ]\n}\n';
}

async function main() {
  const only = process.argv[2] ? new Set(process.argv[2].split(',')) : null;
  const pages = (await fs.readdir(here))
    .filter((f) => /^[\w.-]+\.x?html$/.test(f))
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
      await fs.writeFile(path.join(here, 'expected', name.replace(/\.html$/, '') + '.json'), format(results));
      console.log(`${name}: harness ${results.harness}, ${pass}/${results.tests.length} pass (${Date.now() - started} ms)`);
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`chromium: ${total} subtests in ${pages.length} pages`);
  if (failed) process.exitCode = 1;
}

// Run as a script (run-chromium-realwpt.mjs imports the server).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
