// Images, fonts, animations and scrolling: what pages wait for before they render (HTML §4.8.4, CSS Font Loading, Web Animations).
// https://html.spec.whatwg.org/multipage/images.html#updating-the-image-data
const loadImg = src => new Promise(res => { const i = new Image(); i.onload = () => res(["load", i.complete, i.naturalWidth, i.naturalHeight, i.width]); i.onerror = () => res(["error", i.complete, i.naturalWidth]); i.src = src; });
probeAsync("image load", () => loadImg("/data/px.gif"));
probeAsync("image 404", () => loadImg("/data/missing.gif"));
probeAsync("image data URL", () => loadImg("data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"));
probeAsync("image decode", async () => { const i = new Image(); i.src = "/data/px.gif"; try { await i.decode(); return ["decoded", i.naturalWidth]; } catch (e) { return e.name; } });
probeAsync("image load event on attached img", async () => { const d = el("<img src='/data/px.gif'>"); document.body.append(d); const i = d.firstChild; const r = await new Promise(res => { if (i.complete && i.naturalWidth) res("already"); i.onload = () => res("load"); i.onerror = () => res("error"); }); d.remove(); return r; });
probe("image complete without src", () => [new Image().complete, new Image().naturalWidth]);
probeAsync("image srcset currentSrc", async () => { const i = new Image(); i.srcset = "/data/px.gif 1x"; await new Promise(r => { i.onload = r; i.onerror = r; }); return new URL(i.currentSrc).pathname; });
probe("fonts API", () => document.fonts ? [typeof document.fonts.ready, document.fonts.status, typeof document.fonts.check, typeof FontFace] : "missing");
probeAsync("fonts ready resolves", async () => document.fonts ? (await document.fonts.ready) === document.fonts : "missing");
probe("element.animate", () => { const d = document.createElement("div"); if (typeof d.animate !== "function") return "missing"; const a = d.animate([{ opacity: 0 }, { opacity: 1 }], 100); return [typeof a.finished, a.playState, typeof a.cancel]; });
probe("getAnimations", () => typeof document.getAnimations);
probe("scrollIntoView and scroll methods", () => { const d = document.createElement("div"); document.body.append(d); const r = [typeof d.scrollIntoView, typeof d.scrollTo, typeof d.scrollBy, errName(() => d.scrollIntoView({ behavior: "smooth" })), errName(() => window.scrollTo({ top: 10, behavior: "smooth" }))]; d.remove(); return r; });
probe("scroll positions writable", () => { const d = document.createElement("div"); d.scrollTop = 50; return [d.scrollTop, document.documentElement.scrollTop, document.body.scrollTop]; });
probe("client sizes of root", () => [document.documentElement.clientWidth, document.documentElement.clientHeight, typeof document.documentElement.scrollHeight]);
probeAsync("stylesheet link load event", async () => { const l = document.createElement("link"); l.rel = "stylesheet"; l.href = "/data/missing.css"; const r = new Promise(res => { l.onload = () => res("load"); l.onerror = () => res("error"); }); document.head.append(l); const v = await r; l.remove(); return v; });
probeAsync("video source error event", async () => { const v = document.createElement("video"); let n = 0; v.onloadedmetadata = () => n++; await new Promise(r => { v.onerror = r; v.src = "/data/missing.mp4"; }); return [n, v.readyState, v.error && v.error.code]; });
