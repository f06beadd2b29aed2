// sanitizer-defaults.mjs records the HTML Sanitizer API's built-in lists
// from headless Chromium, the reference, into dom/sanitizer_chromium.json,
// which package dom embeds (dom/sanitizer.go):
//
//   "default":  new Sanitizer().get(), the configuration setHTML and
//               parseHTML use when given none;
//   "baseline": new Sanitizer({}) after removeUnsafe(), whose removeElements
//               and removeAttributes are what removeUnsafe() and every safe
//               setter take away.
//
//   node testdata/compat/sanitizer-defaults.mjs
//
// Needs Debian's chromium (CHROMIUM overrides /usr/bin/chromium) and
// playwright-core from testdata/compat (npm ci --prefix testdata/compat).
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReference, newReferenceContext } from './reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '..', 'dom', 'sanitizer_chromium.json');

const srv = http.createServer((req, res) => {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end('<!doctype html><title>sanitizer defaults</title>');
});
await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
const browser = await launchReference();
try {
  const page = await (await newReferenceContext(browser)).newPage();
  await page.goto(`http://127.0.0.1:${srv.address().port}/`);
  const lists = await page.evaluate(() => {
    const baseline = new Sanitizer({});
    baseline.removeUnsafe();
    return { default: new Sanitizer().get(), baseline: baseline.get() };
  });
  const data = { recordedWith: 'Chromium ' + browser.version(), ...lists };
  await fs.writeFile(out, JSON.stringify(data, null, 1) + '\n');
  console.log(`${out}: ${lists.default.elements.length} elements, ${lists.default.attributes.length} attributes by default; ` +
    `baseline removes ${lists.baseline.removeElements.length} elements, ${lists.baseline.removeAttributes.length} attributes`);
} finally {
  await browser.close();
  srv.close();
}
