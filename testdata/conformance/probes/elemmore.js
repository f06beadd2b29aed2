// Element and ParentNode, deeper: NamedNodeMap operations, attribute node
// ownership, toggleAttribute, selectors errors, insertAdjacent*, reflection,
// and the pre-insertion validity table (DOM §4.2.3, §4.9), WPT dom/nodes style.
// https://dom.spec.whatwg.org/#interface-element
const XLINK = "http://www.w3.org/1999/xlink", SVGNS = "http://www.w3.org/2000/svg";
probe("NamedNodeMap setNamedItemNS and removeNamedItemNS", () => { const p = document.createElement("p"); const a = document.createAttributeNS(XLINK, "xl:h"); a.value = "v"; const old = p.attributes.setNamedItemNS(a); const r = p.attributes.removeNamedItemNS(XLINK, "h"); return [old, r === a, p.attributes.length, errName(() => p.attributes.removeNamedItemNS(XLINK, "h"))]; });
probe("NamedNodeMap setNamedItem in use elsewhere", () => { const p = document.createElement("p"), q = document.createElement("q"); p.setAttribute("x", "1"); return [errName(() => q.attributes.setNamedItem(p.getAttributeNode("x"))), q.hasAttribute("x")]; });
probe("NamedNodeMap setNamedItem same attr returns it", () => { const p = document.createElement("p"); p.setAttribute("x", "1"); const a = p.getAttributeNode("x"); return [p.attributes.setNamedItem(a) === a, p.attributes.length]; });
probe("NamedNodeMap getNamedItem lowercases on html", () => { const p = document.createElement("p"); p.setAttribute("Ab", "1"); return [p.attributes.getNamedItem("AB") !== null, p.attributes.ab !== undefined, p.attributes.Ab, p.attributes["ab"] === p.attributes[0]]; });
probe("NamedNodeMap named props of svg keep case", () => { const s = document.createElementNS(SVGNS, "svg"); s.setAttribute("viewBox", "0 0 1 1"); return [s.attributes.viewBox !== undefined, s.attributes.viewbox, s.attributes.getNamedItem("viewbox")]; });
probe("NamedNodeMap out of range", () => { const p = document.createElement("p"); return [p.attributes[0], p.attributes.item(0), p.attributes.item(-1), p.attributes.length]; });
probe("NamedNodeMap ownKeys", () => { const p = document.createElement("p"); p.setAttribute("b", ""); p.setAttribute("a", ""); return Object.getOwnPropertyNames(p.attributes); });
probe("setAttributeNode returns old and replaces in place", () => { const p = el("<p a=1 b=2 c=3></p>").firstChild; const n = document.createAttribute("b"); n.value = "x"; const old = p.setAttributeNode(n); return [old.value, old.ownerElement, p.getAttributeNames(), p.getAttribute("b"), n.ownerElement === p]; });
probe("setAttributeNodeNS", () => { const p = document.createElement("p"); const a = document.createAttributeNS(XLINK, "xlink:href"); p.setAttributeNodeNS(a); return [p.getAttributeNS(XLINK, "href"), p.attributes[0].name, p.hasAttributeNS(XLINK, "href")]; });
probe("removeAttributeNode identity", () => { const p = document.createElement("p"); p.setAttribute("a", "1"); const a = p.getAttributeNode("a"); return [p.removeAttributeNode(a) === a, a.ownerElement, a.value, errName(() => p.removeAttributeNode(a))]; });
probe("attr value setter after removal", () => { const p = document.createElement("p"); p.setAttribute("a", "1"); const a = p.getAttributeNode("a"); p.removeAttribute("a"); a.value = "2"; return [p.hasAttribute("a"), a.value]; });
probe("attr node stays the same after setAttribute", () => { const p = document.createElement("p"); p.setAttribute("a", "1"); const a = p.getAttributeNode("a"); p.setAttribute("a", "2"); return [p.getAttributeNode("a") === a, a.value]; });
probe("toggleAttribute force and errors", () => { const p = document.createElement("p"); return [p.toggleAttribute("a", true), p.toggleAttribute("a", true), p.getAttribute("a"), p.toggleAttribute("a", false), p.toggleAttribute("a", false), p.toggleAttribute("B"), p.getAttributeNames(), errName(() => p.toggleAttribute("1")), errName(() => p.toggleAttribute(""))]; });
probe("setAttribute name validation", () => ["a", "a:b", ":a", "a b", "1a", "-a", "a\"", "a>", "é"].map(n => { try { document.createElement("p").setAttribute(n, ""); return "ok"; } catch (e) { return e.name; } }));
probe("hasAttributes", () => [document.createElement("p").hasAttributes(), el("<p a></p>").firstChild.hasAttributes()]);
probe("getAttributeNS empty namespace equals null", () => { const p = document.createElement("p"); p.setAttributeNS("", "x", "1"); return [p.getAttributeNS(null, "x"), p.getAttributeNS("", "x"), p.attributes[0].namespaceURI]; });
probe("setAttributeNS replaces keeping prefix", () => { const p = document.createElement("p"); p.setAttributeNS(XLINK, "a:h", "1"); p.setAttributeNS(XLINK, "b:h", "2"); return [p.attributes.length, p.attributes[0].name, p.attributes[0].value]; });
probe("matches invalid selectors", () => ["", "[", "a,", ",a", "a::", ":nope", "a >", "#", ".", "a!b", "::slotted(b)", "::part(x)"].map(s => { try { document.body.matches(s); return "ok"; } catch (e) { return e.name; } }));
probe("closest invalid and null", () => [errName(() => document.body.closest("[")), document.body.closest("nope"), document.body.closest("html") === document.documentElement, document.body.closest(":scope") === document.body]);
probe("querySelector :scope", () => { const d = el("<p><b></b></p>"); return [d.querySelector(":scope > p") === d.firstChild, d.querySelectorAll(":scope b").length, d.querySelector(":scope") , document.querySelector(":scope") === document.documentElement]; });
probe("insertAdjacentElement returns and positions", () => { const d = el("<p></p>"); const p = d.firstChild; const r = ["beforebegin", "afterbegin", "beforeend", "afterend"].map(w => { const i = document.createElement("i"); i.id = w[0] + w[6]; return p.insertAdjacentElement(w, i) === i; }); return [r, d.innerHTML]; });
probe("insertAdjacentElement without parent", () => { const p = document.createElement("p"); return [p.insertAdjacentElement("beforebegin", document.createElement("i")), p.insertAdjacentText("afterend", "x"), p.insertAdjacentElement("afterbegin", document.createElement("i")).nodeName]; });
probe("insertAdjacentElement errors", () => { const p = el("<p></p>").firstChild; return [errName(() => p.insertAdjacentElement("nope", document.createElement("i"))), errName(() => p.insertAdjacentElement("afterbegin", "x")), errName(() => p.insertAdjacentText("nope", "x")), errName(() => p.insertAdjacentElement("beforebegin", p.parentNode))]; });
probe("insertAdjacentText merges nothing", () => { const d = el("<p>a</p>"); d.firstChild.insertAdjacentText("afterbegin", "b"); return [d.firstChild.childNodes.length, d.firstChild.textContent]; });
probe("id and className reflection", () => { const p = document.createElement("p"); p.id = "x y"; p.className = " a  b "; const r = [p.getAttribute("id"), p.getAttribute("class"), p.classList.length]; p.removeAttribute("class"); r.push(p.className, p.classList.length); p.id = null; r.push(p.id); return r; });
probe("className of svg is animated", () => { const s = document.createElementNS(SVGNS, "svg"); s.setAttribute("class", "a"); return [typeof s.className, s.className.baseVal, s.getAttribute("class")]; });
probe("localName prefix tagName of svg in html", () => { const d = el("<svg><foreignObject><DIV></DIV></foreignObject><feBlend/></svg>"); const s = d.firstChild; return [s.firstChild.localName, s.firstChild.tagName, s.firstChild.firstChild.tagName, s.lastChild.tagName, s.tagName]; });
probe("pre-insertion validity table", () => {
  const run = (mk) => { try { mk(); return "ok"; } catch (e) { return e.name; } };
  const doc = () => document.implementation.createHTMLDocument("x");
  return [
    run(() => { const d = doc(); d.appendChild(d.createElement("p")); }),
    run(() => { const d = doc(); d.documentElement.remove(); d.appendChild(d.createElement("p")); }),
    run(() => { const d = doc(); d.documentElement.remove(); const f = d.createDocumentFragment(); f.append(d.createElement("a"), d.createElement("b")); d.appendChild(f); }),
    run(() => { const d = doc(); d.documentElement.remove(); const f = d.createDocumentFragment(); f.append(d.createElement("a"), d.createComment("b")); d.appendChild(f); }),
    run(() => { const d = doc(); d.documentElement.remove(); const f = d.createDocumentFragment(); f.append(d.createElement("a"), "t"); d.appendChild(f); }),
    run(() => { const d = doc(); d.insertBefore(d.createComment("c"), d.doctype); }),
    run(() => { const d = doc(); d.documentElement.remove(); d.insertBefore(d.createElement("p"), d.doctype); }),
    run(() => { const d = doc(); d.documentElement.remove(); d.doctype.after(d.createElement("p")); }),
    run(() => { const d = doc(); const t = d.doctype; t.remove(); d.appendChild(t); }),
    run(() => { const d = doc(); const t = d.doctype; t.remove(); d.prepend(t); }),
    run(() => { const d = doc(); d.replaceChild(d.implementation.createDocumentType("y", "", ""), d.doctype); }),
    run(() => { const d = doc(); d.replaceChild(d.createElement("p"), d.documentElement); }),
    run(() => { const d = doc(); d.replaceChild(d.createElement("p"), d.doctype); }),
    run(() => { const d = doc(); const f = d.createDocumentFragment(); f.append(d.createElement("a")); d.replaceChild(f, d.documentElement); }),
    run(() => { const d = doc(); d.documentElement.appendChild(d.implementation.createDocumentType("y", "", "")); }),
    run(() => { const d = doc(); d.createDocumentFragment().appendChild(d.implementation.createDocumentType("y", "", "")); }),
    run(() => { const d = doc(); d.createComment("c").appendChild(d.createTextNode("t")); }),
    run(() => { const d = doc(); d.body.appendChild(d.createAttribute("a")); }),
    run(() => { const d = doc(); d.documentElement.append(d); }),
    run(() => { const d = doc(); d.body.insertBefore(d.createElement("p"), d.head); }),
  ];
});
probe("replaceChild validity ignores the replaced child", () => { const d = document.implementation.createHTMLDocument("x"); const t = d.implementation.createDocumentType("z", "", ""); d.replaceChild(t, d.doctype); return [d.doctype === t, d.childNodes.length]; });
probe("ParentNode append converts", () => { const d = el(); d.append(1, null, undefined, { toString() { return "o"; } }); return [d.childNodes.length, d.textContent]; });
probe("prepend and append on fragment with doc rules", () => { const d = document.implementation.createHTMLDocument("x"); return [errName(() => d.append("t")), errName(() => d.append(d.createElement("b"))), errName(() => d.prepend(d.createComment("c")))]; });
probe("replaceChildren validity checked first", () => { const d = el("<a></a>"); const before = d.innerHTML; const e = errName(() => d.replaceChildren(document.createElement("b"), document)); return [e, d.innerHTML === before]; });
probe("replaceWith of viable sibling", () => { const d = el("<a></a><b></b><i></i>"); const b = d.childNodes[1]; b.replaceWith(d.lastChild, b); return d.innerHTML; });
probe("before with viable previous sibling", () => { const d = el("<a></a><b></b><i></i>"); const b = d.childNodes[1]; b.before(d.firstChild, "t"); return d.innerHTML; });
probe("after with viable next sibling", () => { const d = el("<a></a><b></b><i></i>"); const b = d.childNodes[1]; b.after("t", d.lastChild); return d.innerHTML; });
probe("childElementCount first last element", () => { const d = el("t<a></a>u<b></b>v"); return [d.childElementCount, d.firstElementChild.nodeName, d.lastElementChild.nodeName, d.firstElementChild.nextElementSibling.nodeName, d.lastElementChild.previousElementSibling.nodeName, document.createDocumentFragment().firstElementChild]; });
