// gen-wpt.mjs writes testdata/wpt/intl-locales.html: a WPT-format page of
// locale × value subtests whose expected strings are what headless
// Chromium prints (run here through testdata/compat's playwright-core).
// Rerun it after changing CASES or LOCALES, then record the page's
// statuses with node testdata/wpt/run-chromium.mjs intl-locales.html.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchReference, newReferenceContext } from '../../../testdata/compat/reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '..', '..', 'testdata', 'wpt', 'intl-locales.html');
const LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IN', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CA', 'fr-CH', 'es-ES', 'es-MX', 'it-IT', 'pt-BR', 'pt-PT',
  'nl-NL', 'ru-RU', 'uk-UA', 'pl-PL', 'cs-CZ', 'sk-SK', 'hu-HU', 'ro-RO', 'bg-BG', 'el-GR', 'tr-TR', 'sv-SE', 'nb-NO', 'nn-NO', 'da-DK', 'fi-FI', 'et-EE',
  'lv-LV', 'lt-LT', 'hr-HR', 'sr-RS', 'sl-SI', 'he-IL', 'ar', 'hi-IN', 'id-ID', 'ms-MY', 'th-TH', 'vi-VN', 'ja-JP', 'zh-CN', 'zh-TW', 'ko-KR'];
// Each case is a function body of l (the locale) returning a string; A is
// Tue 5 March 2024 07:04:09 UTC, B Sun 23 November 2025 19:30 UTC.
const CASES = {
  'number': 'return [(1234567.891).toLocaleString(l), (-0.5).toLocaleString(l), (1234).toLocaleString(l)].join(" | ")',
  'currency': 'return [new Intl.NumberFormat(l, {style: "currency", currency: "EUR"}).format(-1234.5), new Intl.NumberFormat(l, {style: "currency", currency: "USD"}).format(3), new Intl.NumberFormat(l, {style: "currency", currency: "JPY"}).format(1234)].join(" | ")',
  'percent and compact': 'return [new Intl.NumberFormat(l, {style: "percent"}).format(0.256), new Intl.NumberFormat(l, {notation: "compact"}).format(1234567), new Intl.NumberFormat(l, {notation: "compact", compactDisplay: "long"}).format(2500000), new Intl.NumberFormat(l, {notation: "scientific"}).format(123456)].join(" | ")',
  'dateStyle': 'return ["full", "long", "medium", "short"].map(s => new Intl.DateTimeFormat(l, {dateStyle: s, timeZone: "UTC"}).format(A)).join(" | ")',
  'timeStyle': 'return ["medium", "short"].map(s => new Intl.DateTimeFormat(l, {timeStyle: s, timeZone: "UTC"}).format(B)).join(" | ")',
  'toLocaleString': 'return [A.toLocaleString(l, {timeZone: "UTC"}), B.toLocaleDateString(l, {timeZone: "UTC"}), B.toLocaleTimeString(l, {timeZone: "UTC"})].join(" | ")',
  'month and weekday names': 'const f = o => new Intl.DateTimeFormat(l, Object.assign({timeZone: "UTC"}, o)).format(B); return [f({weekday: "long", day: "numeric", month: "long"}), f({month: "long", year: "numeric"}), f({month: "short", day: "numeric"}), f({weekday: "short"}), f({month: "long"})].join(" | ")',
  'date with time': 'const f = o => new Intl.DateTimeFormat(l, Object.assign({timeZone: "UTC"}, o)).format(B); return [f({dateStyle: "long", timeStyle: "short"}), f({weekday: "long", hour: "numeric", minute: "2-digit"}), f({month: "short", day: "numeric", hour: "numeric", minute: "2-digit"}), f({hour: "numeric", hour12: true})].join(" | ")',
  'relative time': 'const a = new Intl.RelativeTimeFormat(l, {numeric: "auto"}), r = new Intl.RelativeTimeFormat(l); return [a.format(-1, "day"), a.format(1, "week"), r.format(3, "hour"), r.format(-2, "month"), r.format(-21, "minute"), new Intl.RelativeTimeFormat(l, {style: "short"}).format(5, "year")].join(" | ")',
  'lists and plurals': 'return [new Intl.ListFormat(l).format(["a", "b", "c"]), new Intl.ListFormat(l, {type: "disjunction"}).format(["a", "b"]), [0, 1, 2, 5, 21, 1.5].map(n => new Intl.PluralRules(l).select(n)).join(" ")].join(" | ")',
  'formatRange': 'return [new Intl.DateTimeFormat(l, {month: "short", day: "numeric", timeZone: "UTC"}).formatRange(A, A.getTime() + 3 * 864e5), new Intl.DateTimeFormat(l, {year: "numeric", month: "long", day: "numeric", timeZone: "UTC"}).formatRange(A, B)].join(" | ")',
  'time zone names': 'return [new Intl.DateTimeFormat(l, {timeZone: "Europe/Berlin", hour: "numeric", minute: "2-digit", timeZoneName: "short"}).format(A), new Intl.DateTimeFormat(l, {timeZone: "UTC", timeStyle: "full"}).format(A)].join(" | ")',
};
const prelude = 'const A = new Date(Date.UTC(2024, 2, 5, 7, 4, 9)), B = new Date(Date.UTC(2025, 10, 23, 19, 30));';

const browser = await launchReference();
let expected;
try {
  const page = await (await newReferenceContext(browser)).newPage();
  expected = await page.evaluate(([locales, cases, prelude]) => {
    const r = {};
    for (const l of locales) {
      r[l] = {};
      for (const [name, body] of Object.entries(cases)) {
        try { r[l][name] = new Function('l', prelude + body)(l); } catch (e) { r[l][name] = 'threw ' + e.name; }
      }
    }
    return r;
  }, [LOCALES, CASES, prelude]);
} finally {
  await browser.close();
}
const html = `<!doctype html>
<meta charset=utf-8>
<title>Intl in ${LOCALES.length} locales: numbers, dates, relative times, lists, plurals</title>
<!-- Generated by jsruntime/webapi/intlgen/gen-wpt.mjs: the expected strings
     are what ${browser.version ? 'Chromium ' + browser.version() : 'Chromium'} prints. -->
<script src="/resources/testharness.js"></script>
<script src="/resources/testharnessreport.js"></script>
<div id=log></div>
<script>
'use strict';
${prelude}
const CASES = ${JSON.stringify(CASES, null, 1)};
const EXPECTED = ${JSON.stringify(expected, null, 1)};
for (const l of Object.keys(EXPECTED)) {
  for (const name of Object.keys(CASES)) {
    test(function () {
      let got;
      try { got = new Function('l', 'A', 'B', CASES[name])(l, A, B); } catch (e) { got = 'threw ' + e.name; }
      assert_equals(got, EXPECTED[l][name]);
    }, l + ' ' + name);
  }
}
</script>
`;
fs.writeFileSync(out, html);
console.log(`wrote ${out}`);
