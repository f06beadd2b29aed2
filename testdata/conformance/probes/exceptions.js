// DOMException: names, codes, shape (Web IDL §2.8.1).
// https://webidl.spec.whatwg.org/#idl-DOMException
const caught = fn => { try { fn(); } catch (e) { return e; } return null; };
probe("constructor", () => { const e = new DOMException("m", "NotFoundError"); return [e.message, e.name, e.code, e instanceof Error, e instanceof DOMException, Object.prototype.toString.call(e)]; });
probe("defaults", () => { const e = new DOMException(); return [e.message, e.name, e.code]; });
probe("unknown name code 0", () => new DOMException("m", "Whatever").code);
probe("legacy codes", () => ["IndexSizeError", "HierarchyRequestError", "WrongDocumentError", "InvalidCharacterError", "NoModificationAllowedError", "NotFoundError", "NotSupportedError", "InvalidStateError", "SyntaxError", "InvalidModificationError", "NamespaceError", "InvalidAccessError", "TypeMismatchError", "SecurityError", "NetworkError", "AbortError", "URLMismatchError", "QuotaExceededError", "TimeoutError", "InvalidNodeTypeError", "DataCloneError", "EncodingError", "NotReadableError"].map(n => new DOMException("", n).code));
probe("constants", () => [DOMException.INDEX_SIZE_ERR, DOMException.HIERARCHY_REQUEST_ERR, DOMException.NOT_FOUND_ERR, DOMException.SYNTAX_ERR, DOMException.INVALID_CHARACTER_ERR, DOMException.NAMESPACE_ERR, DOMException.DATA_CLONE_ERR, new DOMException().ABORT_ERR]);
probe("thrown hierarchy", () => { const e = caught(() => document.body.appendChild(document.documentElement)); return [e.name, e.code, e instanceof DOMException, typeof e.message, e.message.length > 0]; });
probe("thrown not found", () => { const e = caught(() => document.body.removeChild(document.createElement("p"))); return [e.name, e.code]; });
probe("thrown invalid character", () => { const e = caught(() => document.createElement("<a>")); return [e.name, e.code]; });
probe("thrown syntax", () => { const e = caught(() => document.querySelector("a[")); return [e.name, e.code, e instanceof DOMException]; });
probe("thrown index size", () => { const e = caught(() => new Text("a").substringData(5, 1)); return [e.name, e.code]; });
probe("thrown namespace", () => { const e = caught(() => document.createElementNS("http://www.w3.org/1999/xhtml", "xmlns:a")); return [e.name, e.code]; });
probe("thrown invalid state", () => { let e = null; const ev = new Event("x"); const b = document.createElement("b"); b.addEventListener("x", () => { e = caught(() => b.dispatchEvent(ev)); }); b.dispatchEvent(ev); return e && [e.name, e.code]; });
probe("thrown data clone", () => { const e = caught(() => structuredClone(() => 1)); return [e.name, e.code]; });
probe("thrown abort", () => { const e = AbortSignal.abort().reason; return [e.name, e.code, e instanceof DOMException]; });
probe("timeout reason", () => { const c = new AbortController(); c.abort(); return [c.signal.aborted, c.signal.reason.name]; });
probe("abort with reason", () => { const c = new AbortController(); c.abort("why"); return [c.signal.reason, errName(() => c.signal.throwIfAborted())]; });
probe("prototype shape", () => [desc(DOMException.prototype, "name"), desc(DOMException.prototype, "code"), desc(DOMException.prototype, "message"), Object.getPrototypeOf(DOMException.prototype) === Error.prototype]);
probe("no own props", () => Object.getOwnPropertyNames(new DOMException("m", "NotFoundError")));
probe("toString", () => String(new DOMException("boom", "NotFoundError")));
probe("stack exists", () => typeof caught(() => document.createElement("<")).stack);
probe("TypeError for wrong this", () => errName(() => Node.prototype.appendChild.call({}, document.createElement("p"))));
probe("TypeError for getter on prototype", () => errName(() => Node.prototype.nodeType));
probe("TypeError for missing args", () => [errName(() => document.createElement()), errName(() => document.body.setAttribute("a")), errName(() => document.body.getAttribute()), errName(() => document.body.insertBefore(document.createElement("p")))]);
probe("illegal constructor", () => [errName(() => new Node()), errName(() => new Element()), errName(() => new HTMLElement()), errName(() => new HTMLDivElement()), errName(() => new CharacterData()), errName(() => new NodeList()), errName(() => new HTMLCollection())]);
probe("constructor without new", () => [errName(() => Event("x")), errName(() => DOMException()), errName(() => Text("x"))]);
