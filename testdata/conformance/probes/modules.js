// Module scripts: static and dynamic import, import.meta, import maps, ordering (HTML §8.1.3).
// https://html.spec.whatwg.org/multipage/webappapis.html#integration-with-the-javascript-module-system
const afterLoad = () => new Promise(r => document.readyState === "complete" ? r() : window.addEventListener("load", r));
probeAsync("external module with static import", async () => { await afterLoad(); return window.__mod2; });
probeAsync("inline module", async () => { await afterLoad(); return window.__inlineMod; });
probeAsync("dynamic import from classic script", async () => { const m = await import("/data/mod.js"); return [m.name, m.default("x"), m.meta, Object.prototype.toString.call(m)]; });
probeAsync("dynamic import relative to the document", async () => { const m = await import("../data/mod.js"); return m.name; });
probeAsync("dynamic import missing", () => import("/data/nope.js").then(() => "ok", e => e.name));
probeAsync("import map alias", () => import("modalias").then(m => m.name, e => e.name));
probeAsync("module script created dynamically", async () => { window.__dynMod = null; const s = document.createElement("script"); s.type = "module"; s.textContent = "import { name } from '/data/mod.js'; window.__dynMod = name;"; const done = new Promise(r => { s.onload = () => r("load"); setTimeout(() => r("no load event"), 500); }); document.head.append(s); const ev = await done; await tick(50); return [ev, window.__dynMod]; });
probe("noModule property", () => { const s = document.createElement("script"); return [s.noModule, "noModule" in s, HTMLScriptElement.supports ? HTMLScriptElement.supports("module") : "missing", HTMLScriptElement.supports ? HTMLScriptElement.supports("importmap") : "missing"]; });
probe("created script async default", () => { const s = document.createElement("script"); const a = s.async; s.async = false; return [a, s.async, s.hasAttribute("async")]; });
probeAsync("inline script has no load event", async () => { const s = document.createElement("script"); let n = 0; s.onload = () => n++; s.textContent = "0"; document.head.append(s); await tick(20); return n; });
probeAsync("external script error event kind", async () => { const s = document.createElement("script"); s.src = "/data/missing.js"; const r = new Promise(res => { s.onerror = e => res([e.type, e.constructor.name, e.bubbles]); }); document.head.append(s); return r; });
probeAsync("script with syntax error reports to window.onerror", async () => { const got = []; const old = window.onerror; window.onerror = (msg, src, line, col, err) => { got.push(err && err.name, typeof line); return true; }; const s = document.createElement("script"); s.textContent = "var = ;"; document.head.append(s); window.onerror = old; return got; });
