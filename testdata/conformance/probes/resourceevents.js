// When images, style sheets and iframes fire load and error, and what they read meanwhile: HTML §4.8.4.3
// "update the image data", §4.2.4 link fetching, §4.8.5 iframe load event steps. Only resources that exist
// and succeed are used here (bangsnap does not fetch them by default and treats them as loaded).
window.__reLog = window.__reLog || [];
const onceEvent = (t, names) => new Promise(res => names.forEach(n => t.addEventListener(n, e => res(e), { once: true })));
const preloaded = new Image();
preloaded.addEventListener("load", () => window.__reLog.push("img:new Image during parsing"));
preloaded.src = "/data/px.gif?during-parsing";
const windowLoaded = new Promise(res => { if (document.readyState === "complete") res(); else addEventListener("load", () => res()); });
probeAsync("window load after parser and script images", async () => { await windowLoaded; await tick(); const log = window.__reLog.slice(); return [log.slice().sort(), log[log.length - 1]]; });
probe("picture currentSrc", () => { const i = document.getElementById("re-pic"); return [new URL(i.currentSrc || "x:", location.href).search, i.src.endsWith("?fallback")]; });
probe("empty src complete", () => { const i = document.getElementById("re-empty"); return [i.complete, i.naturalWidth, i.currentSrc]; });
probe("new Image without src", () => { const i = new Image(); return [i.complete, i.naturalWidth, i.naturalHeight, i.width, i.currentSrc]; });
probeAsync("load event object", async () => { const i = new Image(); const p = onceEvent(i, ["load", "error"]); i.src = "/data/px.gif?event"; const e = await p; return [e.type, e.bubbles, e.cancelable, e.isTrusted, e.target === i, e.constructor.name, i.complete, i.naturalWidth, i.naturalHeight]; });
probeAsync("load is not synchronous", async () => { const i = new Image(); let fired = false; i.onload = () => { fired = true; }; i.src = "/data/px.gif?async"; const sync = fired; await onceEvent(i, ["load", "error"]); return [sync, fired]; });
probeAsync("image with width and height attributes", async () => { const i = new Image(20, 10); i.src = "/data/px.gif?sized"; await onceEvent(i, ["load", "error"]); return [i.width, i.height, i.naturalWidth, i.naturalHeight]; });
probeAsync("createElement img not attached loads", async () => { const i = document.createElement("img"); const p = onceEvent(i, ["load", "error"]); i.setAttribute("src", "/data/px.gif?detached"); return (await p).type; });
probeAsync("src set twice fires one load", async () => { const i = new Image(); let n = 0; i.onload = () => n++; i.src = "/data/px.gif?twice1"; i.src = "/data/px.gif?twice2"; await tick(150); return [n, new URL(i.currentSrc).search]; });
probeAsync("empty src fires error", async () => { const i = new Image(); const p = onceEvent(i, ["load", "error"]); i.src = ""; const e = await p; return [e.type, i.complete, i.naturalWidth]; });
probeAsync("src removed fires nothing more", async () => { const i = new Image(); const log = []; i.onload = () => log.push("load"); i.onerror = () => log.push("error"); i.src = "/data/px.gif?removed"; i.removeAttribute("src"); await tick(50); return [log, i.complete]; });
probeAsync("srcset only", async () => { const i = new Image(); i.srcset = "/data/px.gif?srcset 1x"; await onceEvent(i, ["load", "error"]); return [new URL(i.currentSrc).search, i.src, i.naturalWidth]; });
probeAsync("srcset with width descriptors", async () => { const i = new Image(); i.sizes = "100px"; i.srcset = "/data/px.gif?w100 100w, /data/px.gif?w300 300w"; await onceEvent(i, ["load", "error"]); return new URL(i.currentSrc).search; });
probeAsync("innerHTML images load", async () => { const d = el("<img src='/data/px.gif?inner'>"); const e = await onceEvent(d.firstChild, ["load", "error"]); return e.type; });
probeAsync("innerHTML image onerror attribute with bad URL", async () => { window.__reBad = 0; const d = el("<img src='http://[bad' onerror='window.__reBad++'>"); await tick(50); return [window.__reBad, d.firstChild.complete]; });
probeAsync("lazy image in view loads", async () => { const i = document.createElement("img"); i.loading = "lazy"; i.src = "/data/px.gif?lazy"; document.body.append(i); const e = await onceEvent(i, ["load", "error"]); i.remove(); return e.type; });
probeAsync("decode resolves after load", async () => { const i = new Image(); i.src = "/data/px.gif?decode"; await i.decode(); return [i.complete, i.naturalWidth]; });
probeAsync("decode without src rejects", async () => { try { await new Image().decode(); return "resolved"; } catch (e) { return e.name; } });
probeAsync("stylesheet link appended", async () => { const l = document.createElement("link"); l.rel = "stylesheet"; l.href = "/data/empty.css?appended"; const p = onceEvent(l, ["load", "error"]); document.head.append(l); const e = await p; l.remove(); return [e.type, e.bubbles, e.isTrusted, !!l.sheet]; });
probeAsync("stylesheet link not attached never loads", async () => { const l = document.createElement("link"); l.rel = "stylesheet"; let n = 0; l.onload = l.onerror = () => n++; l.href = "/data/empty.css?detached"; await tick(50); return n; });
probeAsync("loadCSS preload swap", async () => { const l = document.createElement("link"); const log = []; l.rel = "preload"; l.as = "style"; l.href = "/data/empty.css?preload"; l.onload = () => { log.push("load:" + l.rel); if (l.rel === "preload") l.rel = "stylesheet"; }; document.head.append(l); await tick(100); l.remove(); return log; });
probeAsync("media print swap", async () => { const l = document.createElement("link"); l.rel = "stylesheet"; l.media = "print"; l.href = "/data/empty.css?print"; const p = onceEvent(l, ["load", "error"]); document.head.append(l); const e = await p; l.media = "all"; l.remove(); return e.type; });
probeAsync("disabled stylesheet link", async () => { const l = document.createElement("link"); l.rel = "stylesheet"; l.disabled = true; l.href = "/data/empty.css?disabled"; let n = 0; l.onload = l.onerror = () => n++; document.head.append(l); await tick(50); l.remove(); return n; });
probeAsync("iframe without src", async () => { const f = document.createElement("iframe"); let fired = 0; f.onload = () => fired++; document.body.append(f); const sync = fired; await tick(50); f.remove(); return [sync, fired]; });
probeAsync("iframe with src", async () => { const f = document.createElement("iframe"); let fired = 0; f.onload = () => fired++; f.src = "/data/hello.txt"; document.body.append(f); const sync = fired; await tick(200); f.remove(); return [sync, fired]; });
probeAsync("parser image state", async () => { await windowLoaded; const i = document.getElementById("re-parser"); return [i.complete, i.naturalWidth, i.naturalHeight, i.width, i.height]; });
probeAsync("parser stylesheet link", async () => { await windowLoaded; return !!document.getElementById("re-link").sheet; });
