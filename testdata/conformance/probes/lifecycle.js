// Script order and document lifecycle as the HTML standard orders them (HTML §8.1.3.1, §13.2.7).
// https://html.spec.whatwg.org/multipage/parsing.html#the-end
probeAsync("order of scripts and events", async () => { await new Promise(r => document.readyState === "complete" ? r() : window.addEventListener("load", r)); await tick(50); return window.__life; });
probe("written paragraph position", () => { const w = document.getElementById("written"); return w && [w.previousElementSibling && w.previousElementSibling.tagName, w.parentNode.tagName]; });
probe("scripts collection", () => document.scripts.length);
probe("readyState when probe runs", () => document.readyState);
probeAsync("dynamic scripts run in insertion order when async false", async () => { window.__dyn2 = []; const a = document.createElement("script"); a.src = "/data/push.js?1"; a.async = false; const b = document.createElement("script"); b.src = "/data/push.js?2"; b.async = false; const done = new Promise(r => b.onload = r); document.head.append(a, b); await done; return window.__dyn2; });
probeAsync("inline dynamic script runs synchronously", async () => { window.__sync = 0; const s = document.createElement("script"); s.textContent = "window.__sync = 1"; document.head.append(s); return window.__sync; });
probeAsync("script moved does not rerun", async () => { window.__rerun = 0; const s = document.createElement("script"); s.textContent = "window.__rerun++"; document.head.append(s); document.body.append(s); return window.__rerun; });
probeAsync("script text change does not rerun", async () => { window.__rerun2 = 0; const s = document.createElement("script"); document.head.append(s); s.textContent = "window.__rerun2++"; s.textContent = "window.__rerun2 += 10"; return window.__rerun2; });
probeAsync("window onload property after load", async () => { let n = 0; window.onload = () => n++; await tick(10); return n; });
probeAsync("DOMContentLoaded listener added late", async () => { let n = 0; document.addEventListener("DOMContentLoaded", () => n++); await tick(10); return n; });
probeAsync("document.write after load", async () => { const before = document.body.childNodes.length; const t = typeof document.write; return [t, before > 0]; });
