// Reflection 2: enumerated attributes (keywords, missing and invalid value defaults, nullable).
// Shared reflection harness in the style of WPT's html/dom/reflection.js: for
// each (element, IDL attribute, type) set content values and read the IDL
// attribute, then set IDL values and read the content attribute back.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
const ORIGIN = location.origin;
const clean = v => typeof v === "string" ? v.split(ORIGIN).join("ORIGIN").split(location.pathname).join("/PAGE") : v;
const readIDL = (e, idl) => { try { const v = e[idl]; return (v && typeof v === "object" && "value" in v) ? ["tokens", v.value, v.length] : clean(v); } catch (x) { return { error: x.name }; } };
const CONTENT = {
  string: ["", " foo ", "\u0000\u0001 x\t", "\u00c5\u0130", "null", "undefined"],
  url: ["", "foo", " foo ", "http://site.example/", "//site.example/path???@#l", "\u0000\u0001\u0002 x", "http://example.com/\u00ff?\u00ff#\u00ff", "javascript:x"],
  boolean: ["", "foo", "false", "disabled"],
  long: ["-36", "-1", "-0", "0", "1", "+7", " 7", "\t\n\f\r7", "\u00a07", "7 ", "7px", "1.5", "1e2", "0x10", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "99999999999", "", "x", "-"],
  double: ["1.5", "-0", " 1.5", "\u00a01", "1.5x", "1e2", "1E-1", ".5", "5.", "+1", "-1", "Infinity", "NaN", "0x10", "", "x", "1e400"],
  tokens: ["", " a  b ", "a a", "A"],
};
const IDL = {
  string: ["", " foo ", undefined, null, 7, 1.5, true, { toString() { return "obj"; } }, "\u0000"],
  url: ["", "foo", "http://site.example/", null, undefined, 7],
  boolean: [true, false, "", "x", 0, 1, null, undefined, {}],
  long: [-36, -1, 0, 1, 7, 2147483647, -2147483648, 2147483648, -2147483649, 4294967295, 1.5, -1.5, NaN, "7", "x", null, undefined, Infinity],
  double: [1.5, -0, 0, 1e21, 1e-7, -1, 3, "2", NaN, Infinity, null],
  tokens: ["a b", "", null],
};
function reflect(tag, idl, content, type, extra) {
  const base = CONTENT[type] || [];
  const cvals = base.concat(extra && extra.content || []);
  const ivals = (IDL[type] || IDL.string).concat(extra && extra.idl || []);
  probe(tag + "." + idl + " get", () => {
    const e = document.createElement(tag);
    const out = [readIDL(e, idl)];
    for (const v of cvals) { e.setAttribute(content, v); out.push(readIDL(e, idl)); }
    e.removeAttribute(content); out.push(readIDL(e, idl));
    return out;
  });
  probe(tag + "." + idl + " set", () => {
    const out = [];
    for (const v of ivals) {
      const e = document.createElement(tag);
      try { e[idl] = v; out.push([clean(e.getAttribute(content)), readIDL(e, idl)]); } catch (x) { out.push({ error: x.name, attr: e.getAttribute(content) }); }
    }
    return out;
  });
}
// enumerated: keywords plus case and whitespace variants and invalid values.
function reflectEnum(tag, idl, content, keywords, more) {
  const c = [];
  for (const k of keywords) { c.push(k, k.toUpperCase(), " " + k, k + " ", "x" + k); }
  c.push("", "\u0130", "\u017f", "invalid");
  const i = keywords.concat(keywords.map(k => k.toUpperCase()), ["", "invalid", null, undefined], more || []);
  reflect(tag, idl, content, "enum", { content: c, idl: i });
}
const RP = ["", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin", "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"];
[
  ["div", "dir", "dir", ["ltr", "rtl", "auto"]],
  ["div", "autocapitalize", "autocapitalize", ["off", "none", "on", "sentences", "words", "characters"]],
  ["div", "inputMode", "inputmode", ["none", "text", "tel", "url", "email", "numeric", "decimal", "search"]],
  ["div", "enterKeyHint", "enterkeyhint", ["enter", "done", "go", "next", "previous", "search", "send"]],
  ["div", "popover", "popover", ["auto", "manual", "hint"]],
  ["a", "referrerPolicy", "referrerpolicy", RP], ["area", "referrerPolicy", "referrerpolicy", RP], ["img", "referrerPolicy", "referrerpolicy", RP],
  ["iframe", "referrerPolicy", "referrerpolicy", RP], ["link", "referrerPolicy", "referrerpolicy", RP], ["script", "referrerPolicy", "referrerpolicy", RP],
  ["img", "crossOrigin", "crossorigin", ["anonymous", "use-credentials"]], ["link", "crossOrigin", "crossorigin", ["anonymous", "use-credentials"]],
  ["script", "crossOrigin", "crossorigin", ["anonymous", "use-credentials"]], ["video", "crossOrigin", "crossorigin", ["anonymous", "use-credentials"]],
  ["audio", "preload", "preload", ["none", "metadata", "auto"]],
  ["img", "loading", "loading", ["lazy", "eager"]], ["iframe", "loading", "loading", ["lazy", "eager"]], ["img", "decoding", "decoding", ["sync", "async", "auto"]],
  ["img", "fetchPriority", "fetchpriority", ["high", "low", "auto"]], ["link", "fetchPriority", "fetchpriority", ["high", "low", "auto"]],
  ["link", "as", "as", ["fetch", "audio", "document", "embed", "font", "image", "manifest", "object", "report", "script", "style", "track", "video", "worker"]],
  ["button", "type", "type", ["submit", "reset", "button"]],
  ["button", "formMethod", "formmethod", ["get", "post", "dialog"]], ["button", "formEnctype", "formenctype", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  ["input", "formMethod", "formmethod", ["get", "post", "dialog"]], ["input", "formEnctype", "formenctype", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  ["form", "method", "method", ["get", "post", "dialog"]], ["form", "enctype", "enctype", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]],
  ["form", "encoding", "enctype", ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]], ["form", "autocomplete", "autocomplete", ["on", "off"]],
  ["input", "type", "type", ["hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button"]],
  ["input", "popoverTargetAction", "popovertargetaction", ["toggle", "show", "hide"]],
  ["th", "scope", "scope", ["row", "col", "rowgroup", "colgroup"]],
  ["track", "kind", "kind", ["subtitles", "captions", "descriptions", "chapters", "metadata"]],
  ["textarea", "wrap", "wrap", ["soft", "hard"]],
  ["template", "shadowRootMode", "shadowrootmode", ["open", "closed"]],
  ["ol", "type", "type", ["1", "a", "A", "i", "I"]],
  ["div", "contentEditable", "contenteditable", ["true", "false", "plaintext-only"]],
  ["div", "draggable", "draggable", ["true", "false"]], ["div", "spellcheck", "spellcheck", ["true", "false"]], ["div", "translate", "translate", ["yes", "no"]],
].forEach(r => reflectEnum(r[0], r[1], r[2], r[3]));
