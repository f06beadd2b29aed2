// ParentNode and ChildNode mixins (DOM §4.2.6, §4.2.8).
// https://dom.spec.whatwg.org/#interface-parentnode
probe("append strings and nodes", () => { const d = el(); d.append("a", document.createElement("b"), "c"); return [d.innerHTML, d.childNodes.length]; });
probe("append nothing", () => { const d = el("x"); d.append(); return d.innerHTML; });
probe("append null and number", () => { const d = el(); d.append(null, 1, undefined); return d.innerHTML; });
probe("prepend", () => { const d = el("<i></i>"); d.prepend("a", document.createElement("b")); return d.innerHTML; });
probe("replaceChildren", () => { const d = el("<i></i>x"); d.replaceChildren("a", document.createElement("b")); const a = d.innerHTML; d.replaceChildren(); return [a, d.childNodes.length]; });
probe("replaceChildren cycle", () => { const d = el("<i></i>"); return errName(() => d.firstChild.replaceChildren(d)); });
probe("before after", () => { const d = el("<i></i>"); const i = d.firstChild; i.before("a", "b"); i.after(document.createElement("u"), "c"); return d.innerHTML; });
probe("before with self among nodes", () => { const d = el("<a></a><b></b><c></c>"); const b = d.children[1]; b.before(b, d.firstChild); return d.innerHTML; });
probe("after with next sibling as arg", () => { const d = el("<a></a><b></b><c></c>"); const a = d.firstChild; a.after(d.lastChild, d.children[1]); return d.innerHTML; });
probe("before on detached no-op", () => { const p = document.createElement("p"); p.before("x"); return p.parentNode; });
probe("replaceWith", () => { const d = el("<a></a><b></b>"); d.firstChild.replaceWith("x", document.createElement("i")); return d.innerHTML; });
probe("replaceWith self", () => { const d = el("<a></a><b></b>"); const a = d.firstChild; a.replaceWith(a); return d.innerHTML; });
probe("replaceWith detached", () => { const p = document.createElement("p"); p.replaceWith("x"); return p.parentNode; });
probe("remove", () => { const d = el("<a></a>"); d.firstChild.remove(); document.createElement("q").remove(); return d.innerHTML; });
probe("children on fragment and document", () => { const f = document.createDocumentFragment(); f.append("t", document.createElement("i")); return [f.children.length, f.firstElementChild.nodeName, document.children.length, document.childElementCount, document.firstElementChild.nodeName]; });
probe("querySelector on fragment", () => { const f = document.createDocumentFragment(); f.append(document.createElement("i")); return [f.querySelector("i").nodeName, f.querySelectorAll("*").length, typeof f.getElementById, f.getElementById && f.getElementById("x")]; });
probe("fragment getElementById", () => { const f = document.createDocumentFragment(); const i = document.createElement("i"); i.id = "q"; f.append(i); return f.getElementById("q") === i; });
probe("append to document text", () => errName(() => document.append("x")));
probe("append to document second element", () => errName(() => document.append(document.createElement("p"))));
probe("prepend on document with doctype", () => errName(() => document.prepend(document.createComment("c"))));
probe("document prepend comment", () => { const d = document.implementation.createHTMLDocument(""); d.prepend(d.createComment("c")); return [d.firstChild.nodeType, d.childNodes.length]; });
probe("moveBefore exists", () => typeof Element.prototype.moveBefore);
probe("element.children excludes text", () => el("a<!--c--><b></b>").children.length);
probe("append moves from other parent", () => { const a = el("<i></i>"), b = el(); b.append(a.firstChild); return [a.childNodes.length, b.childNodes.length]; });
probe("unscopables", () => { const u = Element.prototype[Symbol.unscopables]; return u ? Object.keys(u).sort() : null; });
