// records.mjs runs a differential fuzzing page (domdiff's, layoutdiff's)
// in headless Chromium and in bangsnap and reads the per-case records the
// page writes into <script type="application/json" id="out">.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
const bangsnap = process.env.BANGSNAP || path.join(root, "bangsnap");

function extract(html, who) {
  const m = html.match(/<script type="application\/json" id="out">([\s\S]*?)<\/script>/);
  if (!m) throw new Error(`${who}: no results in the page (${html.length} bytes)`);
  return JSON.parse(m[1]).cases;
}

// chromiumCases is the records of page at state (a #! fragment) in
// headless Chromium run with flags; a page that takes over 2 minutes is
// killed, and the error thrown has a signal.
export function chromiumCases(page, state, flags) {
  return extract(execFileSync(chromium, ["--headless", "--no-sandbox", "--disable-gpu", ...flags, "--dump-dom", "file://" + page + state],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 1 << 28, timeout: 120000, killSignal: "SIGKILL" }), "chromium");
}

// bangsnapCases is the records of page at state rendered by bangsnap; a
// render that fails still gives what it printed.
export function bangsnapCases(page, state) {
  let out;
  try {
    out = execFileSync(bangsnap, ["render", page + state], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 });
  } catch (e) {
    out = e.stdout || "";
  }
  return extract(out, "bangsnap");
}
