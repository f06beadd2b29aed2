// DOMStringMap: data-* attributes (HTML §3.2.6.6).
// https://html.spec.whatwg.org/multipage/dom.html#dom-dataset
probe("read", () => { const p = el("<p data-foo=1 data-foo-bar=2 data-x-y-z=3></p>").firstChild; return [p.dataset.foo, p.dataset.fooBar, p.dataset.xYZ]; });
probe("write", () => { const p = document.createElement("p"); p.dataset.fooBar = "x"; p.dataset.a = 5; return p.outerHTML; });
probe("delete", () => { const p = el("<p data-a=1 data-b=2></p>").firstChild; delete p.dataset.a; return p.outerHTML; });
probe("keys order", () => Object.keys(el("<p data-b=1 data-a=2 title=t data-c-d=3></p>").firstChild.dataset));
probe("in operator", () => { const p = el("<p data-a=1></p>").firstChild; return ["a" in p.dataset, "b" in p.dataset]; });
probe("missing is undefined", () => typeof document.createElement("p").dataset.nope);
probe("invalid name throws", () => errName(() => { document.createElement("p").dataset["a-b"] = "1"; }));
probe("uppercase after dash not mapped", () => Object.keys(el("<p data-Foo=1 data--x=2 data-a-1=3></p>").firstChild.dataset));
probe("uppercase in name set", () => { const p = document.createElement("p"); p.dataset.aBC = "1"; return p.getAttributeNames(); });
probe("identity", () => { const p = document.createElement("p"); return p.dataset === p.dataset; });
probe("JSON.stringify", () => JSON.stringify(el("<p data-a=1 data-b-c=2></p>").firstChild.dataset));
probe("spread", () => ({ ...el("<p data-a=1></p>").firstChild.dataset }));
probe("svg dataset", () => { const s = document.createElementNS("http://www.w3.org/2000/svg", "g"); s.dataset.k = "v"; return s.getAttribute("data-k"); });
probe("toString tag", () => Object.prototype.toString.call(document.body.dataset));
probe("defineProperty", () => { const p = document.createElement("p"); Object.defineProperty(p.dataset, "q", { value: "1", writable: true, configurable: true, enumerable: true }); return p.getAttribute("data-q"); });
probe("empty string value", () => { const p = document.createElement("p"); p.dataset.e = ""; return [p.outerHTML, p.dataset.e]; });
