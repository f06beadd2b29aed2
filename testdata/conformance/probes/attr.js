// Attr and NamedNodeMap (DOM §4.9.1-4.9.2).
// https://dom.spec.whatwg.org/#interface-attr
probe("Attr node", () => { const p = el("<p title=t></p>").firstChild; const a = p.attributes[0]; return [a.nodeType, a.nodeName, a.name, a.localName, a.value, a.nodeValue, a.textContent, a.namespaceURI, a.prefix, a.ownerElement === p, a.specified]; });
probe("Attr not a child", () => { const p = el("<p title=t></p>").firstChild; return [p.attributes[0].parentNode, p.childNodes.length]; });
probe("Attr value set reflects", () => { const p = el("<p title=t></p>").firstChild; p.attributes[0].value = "u"; return p.getAttribute("title"); });
probe("Attr same object", () => { const p = el("<p title=t></p>").firstChild; return p.attributes[0] === p.getAttributeNode("title"); });
probe("getAttributeNode missing", () => document.createElement("p").getAttributeNode("x"));
probe("setAttributeNode", () => { const p = document.createElement("p"); const a = document.createAttribute("x"); a.value = "1"; const old = p.setAttributeNode(a); return [old, a.ownerElement === p, p.outerHTML]; });
probe("setAttributeNode replaces", () => { const p = el("<p x=0></p>").firstChild; const old = p.getAttributeNode("x"); const a = document.createAttribute("x"); a.value = "1"; const r = p.setAttributeNode(a); return [r === old, old.ownerElement, old.value, p.getAttribute("x")]; });
probe("setAttributeNode in use", () => { const p = el("<p x=0></p>").firstChild; return errName(() => document.createElement("i").setAttributeNode(p.getAttributeNode("x"))); });
probe("removeAttributeNode", () => { const p = el("<p x=0></p>").firstChild; const a = p.getAttributeNode("x"); const r = p.removeAttributeNode(a); return [r === a, a.ownerElement, p.attributes.length]; });
probe("removeAttributeNode wrong", () => errName(() => document.createElement("p").removeAttributeNode(document.createAttribute("x"))));
probe("NamedNodeMap item and index", () => { const p = el("<p a=1 b=2></p>").firstChild; const m = p.attributes; return [m.length, m.item(1).name, m[0].name, m.item(5), m[5]]; });
probe("NamedNodeMap named", () => { const p = el("<p data-x=1></p>").firstChild; return [p.attributes["data-x"].value, p.attributes.getNamedItem("DATA-X").value]; });
probe("NamedNodeMap removeNamedItem", () => { const p = el("<p a=1 b=2></p>").firstChild; const r = p.attributes.removeNamedItem("a"); return [r.name, p.attributes.length]; });
probe("NamedNodeMap removeNamedItem missing", () => errName(() => document.createElement("p").attributes.removeNamedItem("a")));
probe("NamedNodeMap setNamedItem", () => { const p = document.createElement("p"); const a = document.createAttribute("q"); a.value = "v"; p.attributes.setNamedItem(a); return p.getAttribute("q"); });
probe("NamedNodeMap iterable", () => { const p = el("<p a=1 b=2></p>").firstChild; return [Array.from(p.attributes, a => a.name), typeof p.attributes[Symbol.iterator]]; });
probe("NamedNodeMap keys", () => { const p = el("<p a=1 b=2></p>").firstChild; return Object.keys(p.attributes); });
probe("NamedNodeMap toString", () => Object.prototype.toString.call(document.body.attributes));
probe("NamedNodeMap getNamedItemNS", () => { const s = document.createElementNS("http://www.w3.org/2000/svg", "a"); s.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#"); return [s.attributes.getNamedItemNS("http://www.w3.org/1999/xlink", "href").name, s.attributes.getNamedItemNS(null, "href")]; });
probe("attribute names from parser keep case on svg", () => el("<svg viewBox='0 0 1 1' preserveAspectRatio=none></svg>").firstChild.getAttributeNames());
probe("attribute names from parser foreign xlink", () => { const a = el("<svg><a xlink:href=#x></a></svg>").querySelector("a").attributes[0]; return [a.name, a.localName, a.prefix, a.namespaceURI]; });
probe("duplicate attributes first wins", () => el("<p a=1 a=2></p>").firstChild.getAttribute("a"));
probe("attribute value entity decoding", () => el("<p a='&amp;&lt;&quot;&nbsp;&copy&#x41;'></p>").firstChild.getAttribute("a"));
probe("attribute serialization escapes", () => { const p = document.createElement("p"); p.setAttribute("a", "&<>\"'\u00a0"); return p.outerHTML; });
