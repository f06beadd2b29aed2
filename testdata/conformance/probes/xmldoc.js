// XML documents from DOMParser and createDocument: names keep their case,
// selectors and collections are case-sensitive, serialization is XML.
// https://dom.spec.whatwg.org/#concept-document-type
const X = s => new DOMParser().parseFromString(s, "application/xml");
probe("case-sensitive names", () => { const d = X("<Root><Item/><item/><ITEM/></Root>"); return [d.documentElement.tagName, d.getElementsByTagName("item").length, d.getElementsByTagName("Item").length, d.querySelectorAll("item").length, d.querySelectorAll("Item").length, d.documentElement.firstChild.localName]; });
probe("createElement in XML document", () => { const d = X("<r/>"); const e = d.createElement("Foo"); return [e.tagName, e.namespaceURI, e.localName, e instanceof HTMLElement, e instanceof Element, d.createElementNS("http://www.w3.org/1999/xhtml", "p") instanceof HTMLParagraphElement]; });
probe("attribute names keep case", () => { const d = X("<r A='1'/>"); const r = d.documentElement; r.setAttribute("B", "2"); return [r.getAttributeNames(), r.getAttribute("a"), r.getAttribute("A"), r.hasAttribute("b")]; });
probe("outerHTML and XMLSerializer", () => { const d = X("<r a='1'><c>t</c><e/></r>"); return [d.documentElement.outerHTML, new XMLSerializer().serializeToString(d)]; });
probe("text content and entities", () => { const d = X("<r>a&amp;b&lt;&#65;</r>"); return [d.documentElement.textContent, d.documentElement.firstChild.nodeType]; });
probe("getElementById in XML", () => { const d = X("<r><a id='x'/></r>"); return [d.getElementById("x") !== null, d.getElementById("x") && d.getElementById("x").localName]; });
probe("document properties", () => { const d = X("<r/>"); return [d.contentType, d.characterSet, d.compatMode, d.body, d.head, d.title, Object.prototype.toString.call(d), d.URL === document.URL]; });
probe("namespaces with default and prefix", () => { const d = X("<r xmlns='urn:a' xmlns:b='urn:b'><b:x/><y/></r>"); const [x, y] = d.documentElement.children; return [x.namespaceURI, x.prefix, x.localName, y.namespaceURI, d.documentElement.lookupNamespaceURI("b"), y.lookupPrefix("urn:b"), d.getElementsByTagNameNS("urn:b", "x").length]; });
probe("parse error document", () => { const d = X("<r><a></b></r>"); const pe = d.getElementsByTagName("parsererror")[0]; return [d.documentElement.nodeName, !!pe, pe && pe.namespaceURI]; });
probe("doctype and PI", () => { const d = X("<?xml version='1.0'?><!DOCTYPE r SYSTEM 'r.dtd'><?xml-stylesheet href='s.css'?><r/>"); return [d.doctype && d.doctype.name, d.doctype && d.doctype.systemId, d.childNodes.length, d.childNodes[1].nodeType, d.childNodes[1].target]; });
probe("importNode from XML into HTML", () => { const d = X("<R A='1'><c/></R>"); const n = document.importNode(d.documentElement, true); const host = document.createElement("div"); host.append(n); return [n.tagName, n.namespaceURI, host.innerHTML, n.getAttribute("A")]; });
probe("HTML-typed DOMParser stays HTML", () => { const d = new DOMParser().parseFromString("<P>x</P>", "text/html"); return [d.contentType, d.body.firstChild.tagName, d.compatMode]; });
