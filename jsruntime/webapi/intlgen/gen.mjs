// gen.mjs writes jsruntime/webapi/intl_locales.js and intl_locales.txt, the per-locale tables
// intl.js formats with (number symbols, grouping and sign/currency/percent
// templates, compact forms, date patterns by skeleton and by style, month
// and weekday names by width and context, day periods, hour cycles,
// date-time glue, zone names, interval patterns, plural tables,
// relative-time and list words, units and currency names, the digits of
// locales that do not write Latin ones, likely subtags), by asking an engine's
// Intl how each locale formats sample values (formatToParts and friends,
// in collect.js) and turning the answers back into patterns.
//
//	make intl-locales                               (or, from the repository root:)
//	node jsruntime/webapi/intlgen/gen.mjs           ask headless Chromium (the reference)
//	node jsruntime/webapi/intlgen/gen.mjs --node    ask node's own ICU, writing intl_locales.node.js and .node.txt
//
// Chromium is the default: it is what bangsnap is compared with. Node
// 20.20 (ICU 78.2, CLDR 48) and Chromium 156 differ, compared table by
// table on 2026-11-28: node writes U+202F before AM/PM where Chromium
// writes a space, U+2009 around range dashes where Chromium has spaces,
// h11 for hour12 in en-GB/de/... (Chromium h12), kk for hour12: false in
// en (Chromium HH), "AM" in ko (Chromium 오전), other pluralCategories
// orders, ₴ for UAH in ru/uk; and Chromium's trimmed ICU has no or only
// root data for be, nn, is, mk, sq, eu, gl, ka, hy, bs, kk, az (English
// symbols and "K"/"M" compact forms) where node has full CLDR. A node of
// that version also once aborted (V8 fatal error in
// DateTimeFormat.formatToParts) on de-CH. So --node is for comparison only. Rerun it after a Chromium upgrade, then
// node jsruntime/webapi/intlgen/gen-wpt.mjs and
// node testdata/wpt/run-chromium.mjs intl-locales.html.
//
// Patterns use {token}s for fields and plain text for literals: {y} {yy}
// {M} {MM} (numeric months), {M4d} {M3y} {M4}... (month names: width 4
// long, 3 short, swapped for 5 narrow at run time; context d after a day,
// y with a year, none alone), {E4d} {E3} {E4t}... (weekdays, t before a
// time), {d} {dd} {h} {hh} {H} {HH} {K} {k} {m} {mm} {s} {ss} {a} (AM/PM)
// {B} (flexible day period) {z} {G}; interval patterns prefix the end
// date's fields with 2 ({2d}). Number templates: "#" the digits, "~" the
// sign, "¤" the currency, "%", "[K]" a compact suffix.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'intl_locales.js');
const outData = path.join(here, '..', 'intl_locales.txt');

export const LOCALES = [
  'en', 'en-GB', 'en-AU', 'en-CA', 'en-IN', 'en-IE', 'en-NZ', 'en-ZA', 'de', 'de-AT', 'de-CH', 'fr', 'fr-CA', 'fr-CH', 'fr-BE',
  'es', 'es-MX', 'es-419', 'es-AR', 'it', 'pt', 'pt-PT', 'nl', 'nl-BE', 'ru', 'uk', 'be', 'pl', 'cs', 'sk', 'hu', 'ro', 'bg',
  'el', 'tr', 'sv', 'nb', 'nn', 'da', 'fi', 'is', 'et', 'lv', 'lt', 'hr', 'sr', 'sl', 'bs', 'mk', 'sq', 'ca', 'eu', 'gl',
  'he', 'ar', 'ar-EG', 'ar-SA', 'hi', 'bn', 'id', 'ms', 'fil', 'th', 'vi', 'ja', 'zh', 'zh-TW', 'zh-HK', 'ko', 'sw', 'ka', 'hy', 'kk', 'az',
];

const source = fs.readFileSync(path.join(here, 'collect.js'), 'utf8');

// fromNode runs collect.js in this process.
function fromNode() {
  const r = vm.runInThisContext(source + '\n;collect')(LOCALES);
  return { r, from: `ICU ${process.versions.icu} / CLDR ${process.versions.cldr} through the Intl of node ${process.version}` };
}

// fromChromium runs collect.js in headless Chromium (the reference the
// project compares with), through testdata/compat's playwright-core.
async function fromChromium() {
  const { launchReference, newReferenceContext } = await import('../../../testdata/compat/reference.mjs');
  const browser = await launchReference();
  try {
    const page = await (await newReferenceContext(browser)).newPage();
    const r = await page.evaluate(`(${'() => { ' + source + '\n; return collect(' + JSON.stringify(LOCALES) + '); }'})()`);
    return { r, from: `the Intl (ICU/CLDR) of ${browser.version().startsWith('1') ? 'Chromium ' : ''}${browser.version()} (${process.env.CHROMIUM || '/usr/bin/chromium'})` };
  } finally {
    await browser.close();
  }
}

async function generate() {
  const { r, from } = process.argv.includes('--node') ? fromNode() : await fromChromium();
  for (const w of r.warnings) console.log('warning: ' + w);
  // A locale the engine has no data for resolves to its default (Chromium
  // ships without be, nn, is, mk, sq, eu, gl, ka, hy): it is left out, so
  // that intl.js answers it as en-US too.
  const missing = LOCALES.filter((l) => r.data[l][0].split('-')[0] !== l.split('-')[0]);
  const kept = LOCALES.filter((l) => !missing.includes(l));
  if (missing.length) console.log('no data (left out): ' + missing.join(' '));
  const lines = [];
  lines.push('// Code generated by jsruntime/webapi/intlgen/gen.mjs; DO NOT EDIT.');
  lines.push(`// Data: CLDR as ${from},`);
  lines.push('// read back from formatToParts of sample values (intlgen/collect.js).');
  if (missing.length) lines.push(`// Left out, as the engine has no data for them (it formats them as en-US): ${missing.join(' ')}.`);
  lines.push('// Each locale is its resolved tag and eight JSON strings (numbers, dates,');
  lines.push('// plural rules, relative times, lists, names of the zones groups, units and currency names, display names), each parsed by intl.js the first');
  lines.push('// time a page needs it; they are in intl_locales.txt, one line per locale,');
  lines.push('// tab-separated, which Go keeps in the binary and hands to intl.js one');
  lines.push('// locale at a time (intlLocale in polyfills.go): as string literals of');
  lines.push('// this script, their compiled copies and the copy of its source that the');
  lines.push('// program keeps took about 3 MB of every process\'s heap. Nothing is built');
  lines.push('// when a page starts: intl.js calls this function when Intl is first used.');
  lines.push('globalThis.__bangsnapIntlLocales = function () {');
  lines.push('  return {');
  lines.push(`    likely: ${JSON.stringify(r.likely)},`);
  lines.push(`    curDigits: ${JSON.stringify(r.curDigits)},`);
  lines.push(`    keys: ${JSON.stringify(kept)},`);
  lines.push(`    zones: ${JSON.stringify(r.zones)},`);
  lines.push(`    coll: ${JSON.stringify(r.coll)},`);
  lines.push(`    dn: ${JSON.stringify(r.dn)}`);
  lines.push('  };');
  lines.push('};');
  // JSON.stringify escapes tabs and newlines inside strings, so neither
  // can be in a field; a tag has none either.
  const data = kept.map((l) => {
    for (const f of r.data[l]) if (/[\t\n\r]/.test(f)) throw new Error(`${l}: a tab or newline in its data`);
    return r.data[l].join('\t');
  });
  const node = process.argv.includes('--node');
  const file = node ? out.replace(/\.js$/, '.node.js') : out;
  const dataFile = node ? outData.replace(/\.txt$/, '.node.txt') : outData;
  fs.writeFileSync(file, lines.join('\n') + '\n');
  fs.writeFileSync(dataFile, data.join('\n') + '\n');
  console.log(`wrote ${dataFile}: ${fs.statSync(dataFile).size} bytes`);
  console.log(`wrote ${file}: ${kept.length} locales, ${fs.statSync(file).size} bytes`);
}

await generate();
