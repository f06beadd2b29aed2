// gen-matrix.mjs runs the Intl differential matrix
// (jsruntime/webapi/testdata/intlmatrix/matrix.js) in headless Chromium, the
// reference, and writes what each call gave to chromium.json beside it.
// intl_matrix_test.go runs the same matrix in goja with bangsnap's Intl and
// compares (known_differences.txt lists what still differs):
//
//	make intl-matrix     (this script, then the Go test printing the differences by API)
//
// Needs Debian's chromium (CHROMIUM overrides /usr/bin/chromium) and
// playwright-core from testdata/compat (npm ci --prefix testdata/compat).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReference, newReferenceContext } from '../../../testdata/compat/reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, '..', 'testdata', 'intlmatrix');
const source = fs.readFileSync(path.join(dir, 'matrix.js'), 'utf8');

const browser = await launchReference();
try {
  const page = await (await newReferenceContext(browser)).newPage();
  const r = await page.evaluate(source + '\n;intlMatrix()');
  const keys = Object.keys(r).sort();
  const lines = keys.map((k) => '  ' + JSON.stringify(k) + ': ' + JSON.stringify(r[k]));
  fs.writeFileSync(path.join(dir, 'chromium.json'), '{\n' + lines.join(',\n') + '\n}\n');
  console.log(`wrote ${path.join(dir, 'chromium.json')}: ${keys.length} results from Chromium ${browser.version()}`);
} finally {
  await browser.close();
}
