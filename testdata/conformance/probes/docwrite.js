// document.write during parsing (HTML §8.4.3 document.write, §13.2.5 script end tag).
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document.write()
const seq = id => { const e = document.getElementById(id); return e && [e.previousSibling && (e.previousSibling.id || e.previousSibling.nodeName), e.outerHTML]; };
probe("order", () => window.__life);
probe("w1 position", () => seq("w1"));
probe("w2 across two writes", () => seq("w2"));
probe("writeln adds newline", () => { const e = document.getElementById("w3"); return e && JSON.stringify(e.nextSibling && e.nextSibling.nodeType === 3 ? e.nextSibling.data.slice(0, 1) : null); });
probe("multiple arguments", () => seq("w4"));
probe("body children order", () => Array.from(document.body.children, e => e.id || e.tagName).filter(x => x !== "SCRIPT"));
probeAsync("write after load is ignored or replaces", async () => { await new Promise(r => document.readyState === "complete" ? r() : addEventListener("load", r)); return [typeof document.write, document.getElementById("tail") !== null]; });
