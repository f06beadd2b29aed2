// measure-advances.mjs measures, in headless Chromium on this machine, the
// advances of the printable ASCII characters and the kerning of each pair
// of them in the fonts Chromium picks for the generic families (and the
// families of the reference machine's Liberation and DejaVu fonts), and
// the advances of the common punctuation, symbols and spaces outside ASCII
// that content sites write, and their kerning with each ASCII character (typographic quotes and dashes, the ellipsis,
// bullets, arrows, currency signs, the spaces Intl formats with; EXTRA
// below), and writes them as Go data to jsruntime/fontadvances.go, which
// the flow estimate and canvas text measure with.
//
//   node testdata/fonts/measure-advances.mjs
//
// Each face is measured at a font size of 2048px, one unit of a 2048-unit
// em per pixel: a character's advance is the width of a span holding it, a
// pair's kerning the width of the pair less the advances of its two
// characters. Needs Debian's chromium and playwright-core, reused from
// testdata/compat (npm ci --prefix testdata/compat); the fonts are those
// installed (fonts-liberation2, fonts-dejavu-core on the reference machine).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { launchReference, newReferenceContext } from '../compat/reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '..', 'jsruntime', 'fontadvances.go');

// The faces: a Go name, the CSS font-family, weight and style.
const FAMILIES = [
  ['Serif', 'serif'],
  ['Sans', 'sans-serif'],
  ['Mono', 'monospace'],
  ['SystemUI', 'system-ui'],
  ['Courier', '"Courier New"'],
];
const STYLES = [['', 'normal', 'normal'], ['Bold', 'bold', 'normal'], ['Italic', 'normal', 'italic'], ['BoldItalic', 'bold', 'italic']];

const chars = [];
for (let c = 32; c <= 126; c++) chars.push(String.fromCharCode(c));

// EXTRA are the characters outside ASCII measured one by one (no kerning):
// Latin-1's symbols and punctuation (not the soft hyphen, which has no
// width), its letters with no ASCII base letter, the spaces of General
// Punctuation, its dashes, quotes, bullets and primes, currency signs, and
// the arrows, mathematical operators, shapes and marks that menus, buttons
// and ratings use. Where the face has no glyph the width is that of the
// fallback font Chromium picks, as a page sees it.
const EXTRA = [
  ...range(0xa1, 0xac), ...range(0xae, 0xbf), 0xc6, 0xd0, 0xd7, 0xd8, 0xde, 0xdf, 0xe6, 0xf0, 0xf7, 0xf8, 0xfe,
  0x131, 0x141, 0x142, 0x152, 0x153, 0x192, 0x2c6, 0x2dc,
  ...range(0x2002, 0x200a), ...range(0x2010, 0x2015), ...range(0x2018, 0x201e), 0x2020, 0x2021, 0x2022, 0x2026,
  0x202f, 0x2030, 0x2032, 0x2033, 0x2039, 0x203a, 0x2044, 0x205f,
  0x20a9, 0x20ac, 0x20b9, 0x20bd, 0x2116, 0x2122, ...range(0x2190, 0x2195),
  0x2212, 0x2215, 0x221a, 0x221e, 0x2248, 0x2260, 0x2264, 0x2265,
  0x25a0, 0x25b2, 0x25b6, 0x25bc, 0x25c0, 0x25cb, 0x25cf, 0x2605, 0x2606, 0x2713, 0x2714, 0x2715, 0x2716, 0x2717,
];
// SYMBOLS are the symbol blocks icons, carets, trees and ratings are
// written with, measured one by one with no kerning (most come from a
// fallback font, which kerns with nothing): the rest of the arrows, box
// drawing, block elements, geometric shapes (Blockly's dropdown caret
// U+25BE), miscellaneous symbols and dingbats; and the letters, marks and
// signs of text that are not Latin (a sweep88 table's "10⁶ km" header):
// Greek and Coptic, Cyrillic, the rest of General Punctuation (not its
// invisible and bidi controls, not the line and paragraph separators),
// superscripts and subscripts, currency signs, letterlike symbols, number
// forms, mathematical operators and miscellaneous technical symbols
// (⌘, ⏎), where these were the advance of "n".
const SYMBOLS = [
  ...range(0x370, 0x3ff), ...range(0x400, 0x4ff),
  ...range(0x2016, 0x2027), ...range(0x2030, 0x205e),
  ...range(0x2070, 0x209c), ...range(0x20a0, 0x20c0), ...range(0x2100, 0x218b),
  ...range(0x2196, 0x21ff), ...range(0x2200, 0x23ff), ...range(0x2500, 0x27bf),
];
function range(a, b) { const r = []; for (let c = a; c <= b; c++) r.push(c); return r; }
// KERNED are those of EXTRA whose kerning with ASCII is measured;
// ALL, sorted, those whose advances are
const KERNED = EXTRA;
const ALL = [...new Set([...EXTRA, ...SYMBOLS])].sort((a, b) => a - b);
for (let i = 1; i < EXTRA.length; i++) if (EXTRA[i] <= EXTRA[i - 1]) throw new Error('EXTRA is not sorted');
const extraChars = ALL.map(c => String.fromCodePoint(c));
const kernedChars = KERNED.map(c => String.fromCodePoint(c));

function measure({ family, weight, style, chars, extra, kerned }) {
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;top:0;left:0;white-space:pre;font-size:2048px;line-height:1;font-kerning:normal';
  box.style.fontFamily = family;
  box.style.fontWeight = weight;
  box.style.fontStyle = style;
  document.body.append(box);
  const spans = [];
  const add = s => { const e = document.createElement('span'); e.textContent = s; box.append(e, document.createElement('br')); spans.push(e); };
  for (const a of chars) add(a);
  for (const a of chars) for (const b of chars) add(a + b);
  for (const a of extra) add(a);
  for (const a of kerned) for (const b of chars) add(a + b);
  for (const a of chars) for (const b of kerned) add(a + b);
  const w = spans.map(e => e.getBoundingClientRect().width);
  box.remove();
  return w;
}

const browser = await launchReference();
const ctx = await newReferenceContext(browser);
const page = await ctx.newPage();
await page.setContent('<!doctype html><html><body></body></html>');
let go = `// Code generated by testdata/fonts/measure-advances.mjs from Chromium's
// text widths on the reference machine; DO NOT EDIT.

package jsruntime

`;
const version = execFileSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version']).toString().trim();
go += `// measuredWith is the browser the advances were measured in.\nconst measuredWith = ${JSON.stringify(version)}\n\n`;
go += `// extraRunes are the characters outside ASCII whose advances each face's\n// ext table holds, in order.\nvar extraRunes = [${ALL.length}]rune{`;
for (let i = 0; i < ALL.length; i++) go += (i % 12 === 0 ? '\n\t' : ' ') + '0x' + ALL[i].toString(16) + ',';
go += '\n}\n\n';
for (const [gname, family] of FAMILIES) {
  for (const [sname, weight, style] of STYLES) {
    const w = await page.evaluate(measure, { family, weight, style, chars, extra: extraChars, kerned: kernedChars });
    const n = chars.length;
    const adv = w.slice(0, n).map(x => Math.round(x));
    for (let i = 0; i < n; i++) {
      if (Math.abs(w[i] - adv[i]) > 0.02) throw new Error(`${gname}${sname} ${chars[i]}: ${w[i]} is not a whole number of units`);
    }
    const kern = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const k = Math.round(w[n + i * n + j] - adv[i] - adv[j]);
        if (k !== 0) kern.push(`{${i * n + j}, ${k}}`);
      }
    }
    const m = extraChars.length;
    const extRaw = w.slice(n + n * n, n + n * n + m);
    // not always whole units: a space the face lacks is the width
    // HarfBuzz gives its space glyph (U+2009 a fifth of an em)
    const ext = extRaw.map(x => Math.round(x * 64) / 64);
    // the kerned pairs of an extra character with an ASCII one, either
    // side, sorted by first then second character
    const xk = [];
    const base = n + n * n + m;
    const mk = KERNED.length;
    for (let i = 0; i < mk; i++) {
      const adv = extRaw[ALL.indexOf(KERNED[i])];
      for (let j = 0; j < n; j++) {
        const k1 = Math.round(w[base + i * n + j] - adv - w[j]);
        if (k1 !== 0) xk.push([KERNED[i], chars[j].charCodeAt(0), k1]);
        const k2 = Math.round(w[base + mk * n + j * mk + i] - w[j] - adv);
        if (k2 !== 0) xk.push([chars[j].charCodeAt(0), KERNED[i], k2]);
      }
    }
    xk.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const name = gname + sname;
    go += `// ${name} is ${family}${weight !== 'normal' ? ' ' + weight : ''}${style !== 'normal' ? ' ' + style : ''}: the advances of ' '..'~' and the\n// kerned pairs (first*95+second, units), in units of a 2048-unit em.\n`;
    go += `var adv${name} = [95]uint16{`;
    for (let i = 0; i < n; i++) go += (i % 16 === 0 ? '\n\t' : ' ') + adv[i] + ',';
    go += '\n}\n\n';
    go += `var ext${name} = [${ALL.length}]float32{`;
    for (let i = 0; i < ext.length; i++) go += (i % 12 === 0 ? '\n\t' : ' ') + ext[i] + ',';
    go += '\n}\n\n';
    go += `var xkern${name} = []extKernPair{`;
    for (let i = 0; i < xk.length; i++) go += (i % 6 === 0 ? '\n\t' : ' ') + `{0x${xk[i][0].toString(16)}, 0x${xk[i][1].toString(16)}, ${xk[i][2]}},`;
    go += (xk.length ? '\n' : '') + '}\n\n';
    go += `var kern${name} = []kernPair{`;
    for (let i = 0; i < kern.length; i++) go += (i % 8 === 0 ? '\n\t' : ' ') + kern[i] + ',';
    go += (kern.length ? '\n' : '') + '}\n\n';
    console.log(`${name}: ${kern.length} kerned pairs, ${xk.length} with characters outside ASCII`);
  }
}
await browser.close();
await fs.writeFile(out, go.replace(/\n\n$/, '\n'));
execFileSync('gofmt', ['-w', out]);
console.log('wrote ' + out);
