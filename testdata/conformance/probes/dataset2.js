// DOMStringMap (element.dataset) name conversions and exotic object behaviour, after WPT html/dom/elements/global-attributes/dataset-*.
// https://html.spec.whatwg.org/multipage/dom.html#dom-dataset
const ds = (attrs) => { const d = document.createElement("div"); for (const k in attrs) d.setAttribute(k, attrs[k]); return d; };
probe("get conversions", () => { const d = ds({ "data-foo": "1", "data-foo-bar": "2", "data--baz": "3", "data-a-b-c": "4", "data-": "5", "data-x-": "6", "data-1a": "7", "data-a-1": "8" }); return Object.keys(d.dataset); });
probe("get values", () => { const d = ds({ "data-foo-bar": "2", "data--baz": "3", "data-a-1": "8", "data-x-": "6" }); const s = d.dataset; return [s.fooBar, s["-baz"], s.Baz, s["a-1"], s["x-"], s.x]; });
probe("set conversions", () => { const d = document.createElement("div"); const s = d.dataset; s.foo = "1"; s.fooBar = "2"; s.a1 = "3"; s["a-1"] = "4"; s.xML = "5"; s[""] = "6"; return d.getAttributeNames(); });
probe("set invalid dash lower", () => { const d = document.createElement("div"); return [errName(() => { d.dataset["a-b"] = "x"; }), errName(() => { d.dataset["-"] = "x"; }), d.getAttributeNames()]; });
probe("set invalid xml name", () => { const d = document.createElement("div"); return [errName(() => { d.dataset["a b"] = "x"; }), errName(() => { d.dataset["a\u00e9"] = "x"; }), errName(() => { d.dataset["1"] = "x"; }), d.getAttributeNames()]; });
probe("set converts values", () => { const d = document.createElement("div"); d.dataset.a = 1; d.dataset.b = null; d.dataset.c = undefined; d.dataset.d = { toString() { return "o"; } }; return [d.getAttribute("data-a"), d.getAttribute("data-b"), d.getAttribute("data-c"), d.getAttribute("data-d")]; });
probe("delete conversions", () => { const d = ds({ "data-foo-bar": "1", "data-x": "2" }); const a = delete d.dataset.fooBar; const b = delete d.dataset.missing; const c = delete d.dataset["foo-bar"]; return [a, b, c, d.getAttributeNames()]; });
probe("delete invalid name", () => { const d = ds({ "data-x": "1" }); return [delete d.dataset["a-b"], d.getAttributeNames()]; });
probe("in and hasOwnProperty", () => { const d = ds({ "data-foo-bar": "" }); return ["fooBar" in d.dataset, "foo-bar" in d.dataset, d.dataset.hasOwnProperty("fooBar"), Object.prototype.hasOwnProperty.call(d.dataset, "toString")]; });
probe("own property descriptor", () => { const d = ds({ "data-a": "v" }); const p = Object.getOwnPropertyDescriptor(d.dataset, "a"); return [p.value, p.writable, p.enumerable, p.configurable]; });
probe("prototype names shadow", () => { const d = ds({ "data-to-string": "t" }); return [typeof d.dataset.toString, Object.keys(d.dataset)]; });
probe("live with attributes", () => { const d = document.createElement("div"); const s = d.dataset; d.setAttribute("data-late", "1"); const a = s.late; d.removeAttribute("data-late"); return [a, s.late, Object.keys(s)]; });
probe("case of attributes", () => { const d = document.createElement("div"); d.setAttribute("DATA-UP", "1"); d.setAttributeNS(null, "data-NS", "2"); return [Object.keys(d.dataset), d.dataset.up]; });
probe("namespaced data attribute ignored", () => { const d = document.createElement("div"); d.setAttributeNS("urn:x", "data-ns", "1"); return [Object.keys(d.dataset), d.dataset.ns]; });
probe("attribute order", () => { const d = ds({ "data-b": "1", "data-a": "2", "data-c": "3" }); d.dataset.a = "x"; d.dataset.d = "y"; return Object.keys(d.dataset); });
probe("Object.assign into dataset", () => { const d = document.createElement("div"); Object.assign(d.dataset, { aB: "1", c: 2 }); return d.outerHTML; });
probe("for in", () => { const d = ds({ "data-x": "1", "data-y-z": "2" }); const r = []; for (const k in d.dataset) r.push(k); return r; });
probe("defineProperty accessor", () => { const d = document.createElement("div"); return errName(() => Object.defineProperty(d.dataset, "x", { get() { return 1; } })); });
probe("freeze", () => { const d = ds({ "data-x": "1" }); return errName(() => Object.freeze(d.dataset)); });
probe("preventExtensions", () => { const d = document.createElement("div"); return [errName(() => Object.preventExtensions(d.dataset)), Object.isExtensible(d.dataset)]; });
probe("numeric-like names", () => { const d = document.createElement("div"); d.dataset["0"] = "z"; return [d.getAttributeNames(), d.dataset[0]]; });
probe("symbol keys", () => { const d = document.createElement("div"); const s = Symbol("k"); d.dataset[s] = 1; return [d.getAttributeNames(), d.dataset[s], Object.getOwnPropertySymbols(d.dataset).length]; });
probe("svg and mathml dataset", () => { const s = document.createElementNS("http://www.w3.org/2000/svg", "g"); s.dataset.fooBar = "1"; const m = document.createElementNS("http://www.w3.org/1998/Math/MathML", "mi"); m.dataset.x = "2"; return [s.getAttributeNames(), typeof m.dataset, m.getAttribute("data-x")]; });
probe("element without dataset", () => { const e = document.createElementNS("urn:x", "e"); return typeof e.dataset; });
probe("dataset setter ignored", () => { const d = document.createElement("div"); const s = d.dataset; d.dataset = {}; return d.dataset === s; });
