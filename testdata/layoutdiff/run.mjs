// Differential layout fuzzing: runs testdata/layoutdiff/page.html for a range
// of seeds in headless Chromium and in bangsnap, and prints, for each case
// (a random box tree) whose records differ, the first element whose border
// box or scroll size differs by more than a 64th of a pixel, with both
// records and the tree's markup.
//
//   node testdata/layoutdiff/run.mjs [first-seed] [seeds] [cases] [depth]
//
// Needs /usr/bin/chromium (or $CHROMIUM) and a built ./bangsnap (make build).
// The summary counts the differing cases by the kind of box that differs
// first (its display and its parent's), to show which layout mode to look at.
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromiumCases, bangsnapCases } from "../domdiff/records.mjs";

const dir = path.dirname(fileURLToPath(import.meta.url));
const page = path.join(dir, "page.html");
const [first = 1, seeds = 5, cases = 40, depth = 2] = process.argv.slice(2, 6).map(Number);

// same tells whether two records of one element agree: the same name, and
// numbers within a 64th of a pixel (Chromium's layout unit).
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "string" || typeof b !== "string") return false;
  const x = a.split(" "), y = b.split(" ");
  if (x.length !== y.length || x[0] !== y[0]) return false;
  for (let i = 1; i < x.length; i++) {
    if (x[i] === y[i]) continue;
    const p = Number(x[i]), q = Number(y[i]);
    if (Number.isNaN(p) || Number.isNaN(q) || Math.abs(p - q) > 1 / 64 + 1e-9) return false;
  }
  return true;
}

// kindOf names the box an element id stands for in a case's markup: its
// tag and its display, from its style attribute.
function kindOf(markup, id) {
  const m = markup.match(new RegExp(`<([a-z0-9]+)[^>]*?id="${id}"[^>]*>`)) || markup.match(new RegExp(`<([a-z0-9]+)(?=[^>]*style="([^"]*)")[^>]*id="${id}"`));
  if (!m) return id.replace(/@.*/, "");
  const st = (m[0].match(/style="([^"]*)"/) || [])[1] || "";
  const d = (st.match(/display: ([a-z-]+)/) || [])[1];
  const extra = (st.match(/(float|position): ([a-z-]+)/) || []).slice(0, 3)[0];
  return [m[1], d, extra].filter(Boolean).join(" ");
}

let differing = 0, total = 0;
const kinds = new Map();
for (let seed = first; seed < first + seeds; seed++) {
  const state = `#!seed=${seed}&cases=${cases}&depth=${depth}`;
  // --hide-scrollbars as Playwright's headless Chromium (every other
  // reference of the project) and bangsnap: scroll containers have 0px
  // scrollbars instead of classic 15px ones.
  const c = chromiumCases(page, state, ["--window-size=800,600", "--hide-scrollbars"]);
  const b = bangsnapCases(page, state);
  for (let i = 0; i < c.length; i++) {
    total++;
    const cl = c[i], bl = b[i] || [];
    // the first line is the tree's markup: both must have built the same
    const j = cl.findIndex((line, k) => !same(line, bl[k]));
    if (j < 0) continue;
    differing++;
    const markup = cl[0].slice("markup ".length);
    const id = String(cl[j]).split(" ")[0];
    const kind = j === 0 ? "markup" : kindOf(markup, id);
    kinds.set(kind, (kinds.get(kind) || 0) + 1);
    console.log(`seed ${seed} case ${i}: ${kind} (#!seed=${seed}&cases=${cases}&depth=${depth}&only=${i})`);
    console.log(`  chromium: ${String(cl[j]).slice(0, 300)}`);
    console.log(`  bangsnap: ${String(bl[j]).slice(0, 300)}`);
    console.log(`  markup:   ${markup.slice(0, 1500)}`);
  }
}
console.log([...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join("\n"));
console.log(`${total - differing}/${total} cases agree`);
process.exitCode = differing ? 1 : 0;
