// The members of the DOM interfaces, as idlharness (WPT dom/idlharness)
// checks them: each prototype's own property names, and the interface
// object's own names (constants, length, name, prototype).
// https://dom.spec.whatwg.org/#idl-index
const IFACES = ["EventTarget", "Event", "CustomEvent", "AbortController", "AbortSignal", "Node", "Document", "DocumentType",
  "DocumentFragment", "ShadowRoot", "Element", "Attr", "CharacterData", "Text", "Comment", "ProcessingInstruction",
  "NamedNodeMap", "NodeList", "HTMLCollection", "DOMTokenList", "DOMImplementation", "MutationObserver", "MutationRecord",
  "AbstractRange", "StaticRange", "Range", "NodeIterator", "TreeWalker", "NodeFilter", "XMLDocument", "HTMLDocument", "DOMException"];
for (const name of IFACES) {
  probe(name + " prototype members", () => { const I = window[name]; if (!I) return "missing"; return I.prototype ? Object.getOwnPropertyNames(I.prototype).sort() : "no prototype"; });
  probe(name + " interface object members", () => { const I = window[name]; if (!I) return "missing"; return Object.getOwnPropertyNames(I).sort(); });
}
