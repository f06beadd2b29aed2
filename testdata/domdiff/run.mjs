// Differential DOM fuzzing: runs testdata/domdiff/page.html for a range of
// seeds in headless Chromium and in bangsnap, and prints, for each case whose
// records differ, the first differing operation with both records.
//
//   node testdata/domdiff/run.mjs [first-seed] [seeds] [cases] [groups] [skip]
//
// groups picks the operation groups (core, mo, shadow, ce, range, attr, html,
// tree, collections, style, traversal, events2, selection, forms2, cssom,
// attrs2, slots, innertext, reflect, table, xml, text, fragments, documents,
// shadow2, move, abort, nodeapi, formown, toggles, activation, evtypes
// or all;
// comma-separated, default all) and skip names operations to leave out
// (such as style,focus, whose known differences hide the ones after them).
//
// Needs /usr/bin/chromium (or $CHROMIUM) and a built ./bangsnap (make build).
// Chromium runs with a virtual time budget, so that the abort group's
// timeouts pass before the page is dumped.
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromiumCases, bangsnapCases } from "./records.mjs";

const dir = path.dirname(fileURLToPath(import.meta.url));
const page = path.join(dir, "page.html");
const args = process.argv.slice(2);
const [first = 1, seeds = 5, cases = 40] = args.slice(0, 3).map(Number);
const groups = args[3] || "all", skip = args[4] || "";

let differing = 0, total = 0;
for (let seed = first; seed < first + seeds; seed++) {
  const state = `#!seed=${seed}&cases=${cases}&groups=${groups}` + (skip ? `&skip=${skip}` : "");
  // Chromium hangs on a few seeds (seed 12 of the selection group):
  // such a seed is reported and skipped.
  let c;
  try {
    c = chromiumCases(page, state, ["--virtual-time-budget=600000"]);
  } catch (e) {
    if (!e.signal) throw e;
    console.log(`seed ${seed}: chromium gave no page in 2 minutes, skipped`);
    continue;
  }
  const b = bangsnapCases(page, state);
  for (let i = 0; i < c.length; i++) {
    total++;
    const cl = c[i], bl = b[i] || [];
    const j = cl.findIndex((line, k) => line !== bl[k]);
    if (j < 0) continue;
    differing++;
    console.log(`seed ${seed} case ${i} step ${j}: (#!seed=${seed}&cases=${cases}&groups=${groups}&skip=${skip}&only=${i})`);
    if (j > 0) console.log(`  before:   ${cl[j - 1].slice(0, 400)}`);
    console.log(`  chromium: ${String(cl[j]).slice(0, 600)}`);
    console.log(`  bangsnap: ${String(bl[j]).slice(0, 600)}`);
  }
}
console.log(`${total - differing}/${total} cases agree`);
process.exitCode = differing ? 1 : 0;
