// selectors-chromium.mjs rewrites selectors-chromium.tsv from headless
// Chromium (Debian's /usr/bin/chromium, or $CHROMIUM): for each selector of
// the file, whether a style sheet declaring `@namespace x url(…)` keeps a
// rule with it, and what CSS.supports("selector(…)") says.
//
//	node dom/cssscan/testdata/selectors-chromium.mjs
import { chromium } from '../../../testdata/compat/node_modules/playwright-core/index.mjs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, 'selectors-chromium.tsv');
const sels = (await fs.readFile(file, 'utf8')).split('\n')
  .filter((l) => l && l[0] !== '#').map((l) => l.split('\t')[2]);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.setContent('<!doctype html><title>selectors</title>');
const version = browser.version();
const rows = await page.evaluate((sels) => sels.map((s) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('@namespace x url(http://example.com/x);\n' + s + ' {}');
  const kept = sheet.cssRules.length === 2;
  const sup = CSS.supports('selector(' + s + ')');
  return (kept ? 'KEEP' : 'DROP') + '\t' + (sup ? 'sup' : 'nosup') + '\t' + s;
}), sels);
await browser.close();
await fs.writeFile(file, `# Chromium ${version.split('.')[0]}'s reading of each selector (probed in a style sheet declaring @namespace x, and with CSS.supports("selector(...)")):\n# kept-by-a-sheet<TAB>CSS.supports<TAB>selector\n` + rows.join('\n') + '\n');
console.log(`${rows.length} selectors from Chromium ${version}`);
