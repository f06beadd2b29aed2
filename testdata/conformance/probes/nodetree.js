// Node, deeper: comparisons, namespaces lookup, cloning and equality of every
// node type, normalize, getRootNode (DOM §4.4), in the style of WPT dom/nodes.
// https://dom.spec.whatwg.org/#interface-node
const SVGNS = "http://www.w3.org/2000/svg", XHTML = "http://www.w3.org/1999/xhtml", XMLNS = "http://www.w3.org/2000/xmlns/", XLINK = "http://www.w3.org/1999/xlink";
const kinds = () => {
  const d = document.implementation.createHTMLDocument("t");
  return {
    d,
    el: d.createElement("p"),
    text: d.createTextNode("tx"),
    comment: d.createComment("cm"),
    pi: d.createProcessingInstruction("tg", "dt"),
    frag: d.createDocumentFragment(),
    doctype: d.implementation.createDocumentType("qn", "pub", "sys"),
    attr: d.createAttribute("at"),
  };
};
probe("compareDocumentPosition attrs of one element", () => {
  const p = el("<p a=1 b=2></p>").firstChild; const a = p.getAttributeNode("a"), b = p.getAttributeNode("b");
  return [a.compareDocumentPosition(b), b.compareDocumentPosition(a), p.compareDocumentPosition(a), a.compareDocumentPosition(p), a.compareDocumentPosition(a)];
});
probe("compareDocumentPosition attr and child", () => {
  const p = el("<p a=1><b></b></p>").firstChild; const a = p.attributes[0], b = p.firstChild;
  return [a.compareDocumentPosition(b), b.compareDocumentPosition(a)];
});
probe("compareDocumentPosition attrs of two elements", () => {
  const d = el("<i x=1></i><u y=2></u>"); const x = d.firstChild.attributes[0], y = d.lastChild.attributes[0];
  return [x.compareDocumentPosition(y), y.compareDocumentPosition(x), d.compareDocumentPosition(y)];
});
probe("compareDocumentPosition detached attr", () => { const a = document.createAttribute("z"); const r = a.compareDocumentPosition(document.body); return [r & 1, r & 32, r & 6 ? 1 : 0]; });
probe("compareDocumentPosition disconnected is consistent", () => { const a = el(), b = el(); const x = a.compareDocumentPosition(b), y = b.compareDocumentPosition(a); return [x & 0x21, y & 0x21, (x & 6) ^ (y & 6)]; });
probe("compareDocumentPosition document and doctype", () => [document.compareDocumentPosition(document.doctype), document.doctype.compareDocumentPosition(document.documentElement), document.documentElement.compareDocumentPosition(document)]);
probe("compareDocumentPosition non-node", () => errName(() => document.body.compareDocumentPosition(null)));
probe("contains of other kinds", () => { const k = kinds(); k.frag.append(k.text); return [k.frag.contains(k.text), k.d.contains(k.d.body), k.text.contains(k.text), k.attr.contains(k.attr), k.doctype.contains(k.d), document.contains(k.d.body)]; });
probe("cloneNode of every kind", () => { const k = kinds(); return ["el", "text", "comment", "pi", "frag", "doctype", "attr"].map(n => { const c = k[n].cloneNode(true); return [c.nodeType, c.nodeName, c.nodeValue, c.ownerDocument === k.d, c !== k[n]]; }); });
probe("cloneNode doctype keeps ids", () => { const t = kinds().doctype.cloneNode(); return [t.name, t.publicId, t.systemId]; });
probe("cloneNode pi keeps target", () => { const p = kinds().pi.cloneNode(); return [p.target, p.data]; });
probe("cloneNode attr keeps namespace", () => { const a = document.createAttributeNS(XLINK, "xl:href"); a.value = "v"; const c = a.cloneNode(); return [c.namespaceURI, c.prefix, c.localName, c.name, c.value, c.ownerElement]; });
probe("cloneNode deep fragment", () => { const f = document.createDocumentFragment(); f.append("a", document.createElement("b"), document.createComment("c")); const c = f.cloneNode(true); return [c.childNodes.length, c.lastChild.data, f.cloneNode(false).childNodes.length]; });
probe("cloneNode document keeps type", () => { const d = document.implementation.createDocument(null, "r", null); const c = d.cloneNode(true); return [c.documentElement.nodeName, c.contentType, c instanceof XMLDocument, c.childNodes.length]; });
probe("cloneNode html document keeps content type and URL", () => { const c = document.cloneNode(false); return [c.contentType, c.URL === document.URL, c.childNodes.length, c.compatMode, c.characterSet]; });
probe("cloneNode svg keeps namespace", () => { const s = document.createElementNS(SVGNS, "svg:rect"); s.setAttributeNS(XLINK, "xlink:href", "#a"); const c = s.cloneNode(); return [c.namespaceURI, c.prefix, c.localName, c.tagName, c.getAttributeNS(XLINK, "href"), c.attributes[0].prefix]; });
probe("isEqualNode kinds", () => { const a = kinds(), b = kinds(); return ["el", "text", "comment", "pi", "frag", "doctype", "attr"].map(n => a[n].isEqualNode(b[n])); });
probe("isEqualNode differences", () => {
  const d = document;
  return [
    d.createTextNode("a").isEqualNode(d.createTextNode("b")),
    d.createTextNode("a").isEqualNode(d.createComment("a")),
    d.createProcessingInstruction("a", "x").isEqualNode(d.createProcessingInstruction("b", "x")),
    d.implementation.createDocumentType("a", "p", "s").isEqualNode(d.implementation.createDocumentType("a", "p", "t")),
    d.createElementNS(SVGNS, "x").isEqualNode(d.createElementNS(XHTML, "x")),
    d.createElementNS(SVGNS, "a:x").isEqualNode(d.createElementNS(SVGNS, "b:x")),
    el("<p a=1></p>").isEqualNode(el("<p a=1 b=2></p>")),
    el("<p>x</p>").isEqualNode(el("<p>x</p>")),
    el("<p><!--a--></p>").isEqualNode(el("<p><!--b--></p>")),
  ];
});
probe("isEqualNode attr namespace", () => { const a = document.createAttributeNS(XLINK, "xl:h"), b = document.createAttributeNS(XLINK, "other:h"), c = document.createAttributeNS(null, "h"); return [a.isEqualNode(b), a.isEqualNode(c)]; });
probe("isEqualNode documents", () => { const a = document.implementation.createHTMLDocument("x"), b = document.implementation.createHTMLDocument("x"), c = document.implementation.createHTMLDocument("y"); return [a.isEqualNode(b), a.isEqualNode(c)]; });
probe("lookupNamespaceURI table", () => {
  const d = el(); d.innerHTML = "<svg><g></g></svg><math></math>";
  const svg = d.firstChild, g = svg.firstChild, math = d.lastChild;
  const t = document.createTextNode("t"); g.append(t);
  const c = document.createComment("c"); d.append(c);
  return [svg.lookupNamespaceURI(null), g.lookupNamespaceURI(""), t.lookupNamespaceURI(null), math.lookupNamespaceURI(null), c.lookupNamespaceURI(null), d.lookupNamespaceURI("xml"), d.lookupNamespaceURI("xmlns"), d.lookupNamespaceURI("nope")];
});
probe("lookupNamespaceURI prefixed element", () => { const e = document.createElementNS("urn:x", "p:e"); const c = document.createElementNS(XHTML, "span"); e.append(c); return [e.lookupNamespaceURI("p"), c.lookupNamespaceURI("p"), e.lookupNamespaceURI(null), c.lookupNamespaceURI(null)]; });
probe("lookupNamespaceURI xmlns attributes", () => { const e = document.createElementNS("urn:x", "e"); e.setAttributeNS(XMLNS, "xmlns:q", "urn:q"); e.setAttributeNS(XMLNS, "xmlns", "urn:d"); const c = document.createElementNS(null, "c"); e.append(c); return [e.lookupNamespaceURI("q"), c.lookupNamespaceURI("q"), c.lookupNamespaceURI(null), e.lookupNamespaceURI(null)]; });
probe("lookupNamespaceURI of document doctype fragment attr", () => { const a = document.createAttribute("a"); const p = document.createElementNS("urn:x", "p:e"); p.setAttributeNode(a); return [document.lookupNamespaceURI(null), document.doctype.lookupNamespaceURI(null), document.createDocumentFragment().lookupNamespaceURI(null), a.lookupNamespaceURI("p"), document.createAttribute("b").lookupNamespaceURI(null)]; });
probe("lookupPrefix table", () => { const e = document.createElementNS("urn:x", "p:e"); e.setAttributeNS(XMLNS, "xmlns:q", "urn:q"); const c = document.createElementNS(null, "c"); e.append(c); return [e.lookupPrefix("urn:x"), c.lookupPrefix("urn:x"), c.lookupPrefix("urn:q"), e.lookupPrefix(null), e.lookupPrefix(""), e.lookupPrefix("urn:none"), document.lookupPrefix(XHTML), document.body.lookupPrefix(XHTML)]; });
probe("isDefaultNamespace table", () => { const s = document.createElementNS(SVGNS, "svg"); const n = document.createElementNS(null, "n"); return [document.body.isDefaultNamespace(XHTML), document.body.isDefaultNamespace(""), document.body.isDefaultNamespace(null), s.isDefaultNamespace(SVGNS), s.isDefaultNamespace(XHTML), n.isDefaultNamespace(null), n.isDefaultNamespace(""), document.isDefaultNamespace(XHTML), document.createDocumentFragment().isDefaultNamespace(null)]; });
probe("normalize removes empty text and merges across", () => { const d = el(); d.append("", "a", "", "b"); const first = d.childNodes[1]; d.normalize(); return [d.childNodes.length, d.firstChild === first, d.firstChild.data]; });
probe("normalize keeps comments between", () => { const d = el(); d.append("a", document.createComment("c"), "b", "c"); d.normalize(); return [d.childNodes.length, d.lastChild.data]; });
probe("normalize updates live ranges", () => { const d = el(); d.append("ab", "cd"); const r = document.createRange(); r.setStart(d.lastChild, 1); r.setEnd(d, 2); d.normalize(); return [r.startContainer === d.firstChild, r.startOffset, r.endContainer === d, r.endOffset, d.firstChild.data]; });
probe("normalize on text node is fine", () => { const t = document.createTextNode(""); t.normalize(); return t.data; });
probe("getRootNode composed", () => { const h = el(); const s = h.attachShadow({ mode: "open" }); s.innerHTML = "<b></b>"; document.body.append(h); const b = s.firstChild; const r = [b.getRootNode() === s, b.getRootNode({ composed: true }) === document, s.getRootNode() === s, s.getRootNode({ composed: true }) === document]; h.remove(); return r; });
probe("getRootNode of detached chain", () => { const a = document.createElement("a"), b = document.createElement("b"); a.append(b); return [b.getRootNode() === a, a.getRootNode() === a, document.createAttribute("x").getRootNode().nodeType]; });
probe("childNodes of leaves are empty and same", () => { const k = kinds(); return [k.text.childNodes.length, k.text.childNodes === k.text.childNodes, k.comment.hasChildNodes(), k.doctype.firstChild, k.attr.childNodes.length]; });
probe("textContent of kinds", () => { const k = kinds(); k.attr.value = "av"; k.el.textContent = "et"; return [k.el.textContent, k.text.textContent, k.comment.textContent, k.pi.textContent, k.frag.textContent, k.doctype.textContent, k.attr.textContent, k.d.textContent]; });
probe("textContent set on attr and pi", () => { const k = kinds(); k.attr.textContent = "x"; k.pi.textContent = "y"; k.comment.nodeValue = "z"; return [k.attr.value, k.pi.data, k.comment.data]; });
probe("nodeValue set on attr", () => { const a = document.createAttribute("x"); a.nodeValue = "v"; return [a.value, a.nodeValue, a.textContent, a.specified]; });
probe("Node.prototype.constructor and names", () => [Node.prototype.constructor === Node, Node.name, Node.length, Element.prototype.constructor === Element, Object.getPrototypeOf(Node) === EventTarget, Object.getPrototypeOf(Node.prototype) === EventTarget.prototype]);
probe("parentElement of children of fragment and document", () => { const f = document.createDocumentFragment(); const p = document.createElement("p"); f.append(p); return [p.parentNode === f, p.parentElement, document.documentElement.parentElement]; });
probe("ownerDocument of doctype and attr of other doc", () => { const k = kinds(); return [k.doctype.ownerDocument === k.d, k.attr.ownerDocument === k.d, k.d.ownerDocument]; });
