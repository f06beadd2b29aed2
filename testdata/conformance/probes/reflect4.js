// Reflection 4: obsolete and less common attributes (HTML §16.3 and others) and more enumerated ones.
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
const S = "string", U = "url", B = "boolean", L = "long";
[
  ["a", "coords", "coords", S], ["a", "charset", "charset", S], ["a", "name", "name", S], ["a", "rev", "rev", S], ["a", "shape", "shape", S],
  ["area", "noHref", "nohref", B], ["area", "ping", "ping", S], ["body", "background", "background", S], ["body", "text", "text", S],
  ["br", "clear", "clear", S], ["caption", "align", "align", S], ["col", "vAlign", "valign", S], ["col", "ch", "char", S], ["col", "chOff", "charoff", S],
  ["div", "align", "align", S], ["fieldset", "name", "name", S], ["frame", "longDesc", "longdesc", U], ["frame", "noResize", "noresize", B],
  ["frame", "frameBorder", "frameborder", S], ["frame", "marginHeight", "marginheight", S], ["frameset", "cols", "cols", S],
  ["head", "profile", "profile", S], ["hr", "align", "align", S], ["hr", "noShade", "noshade", B], ["hr", "size", "size", S], ["hr", "color", "color", S],
  ["html", "version", "version", S], ["iframe", "align", "align", S], ["iframe", "scrolling", "scrolling", S], ["iframe", "frameBorder", "frameborder", S],
  ["iframe", "longDesc", "longdesc", U], ["iframe", "allow", "allow", S], ["img", "align", "align", S], ["img", "lowsrc", "lowsrc", U], ["img", "name", "name", S],
  ["input", "align", "align", S], ["input", "formTarget", "formtarget", S], ["input", "autocomplete", "autocomplete", S],
  ["legend", "align", "align", S], ["li", "type", "type", S], ["link", "charset", "charset", S], ["link", "rev", "rev", S], ["link", "target", "target", S],
  ["meta", "scheme", "scheme", S], ["object", "align", "align", S], ["object", "archive", "archive", S], ["object", "code", "code", S],
  ["object", "declare", "declare", B], ["object", "standby", "standby", S], ["object", "codeBase", "codebase", U], ["object", "codeType", "codetype", S], ["object", "border", "border", S],
  ["ol", "compact", "compact", B], ["p", "align", "align", S], ["param", "type", "type", S], ["param", "valueType", "valuetype", S],
  ["script", "blocking", "blocking", "tokens"], ["link", "blocking", "blocking", "tokens"], ["table", "frame", "frame", S],
  ["tr", "ch", "char", S], ["tr", "chOff", "charoff", S], ["td", "chOff", "charoff", S], ["td", "vAlign", "valign", S],
  ["select", "autocomplete", "autocomplete", S], ["button", "formTarget", "formtarget", S], ["div", "slot", "slot", S], ["div", "id", "id", S], ["div", "className", "class", S],
  ["slot", "name", "name", S], ["output", "name", "name", S], ["img", "hspace", "hspace", L], ["embed", "align", "align", S], ["embed", "name", "name", S],
  ["h1", "align", "align", S], ["pre", "width", "width", L], ["dir", "compact", "compact", B], ["marquee", "behavior", "behavior", S], ["marquee", "trueSpeed", "truespeed", B],
].forEach(r => reflect(r[0], r[1], r[2], r[3]));
[
  ["button", "popoverTargetAction", "popovertargetaction", ["toggle", "show", "hide"]],
  ["video", "preload", "preload", ["none", "metadata", "auto"]],
  ["script", "fetchPriority", "fetchpriority", ["high", "low", "auto"]], ["iframe", "fetchPriority", "fetchpriority", ["high", "low", "auto"]],
  ["area", "referrerPolicy", "referrerpolicy", ["no-referrer", "origin", "unsafe-url"]],
  ["td", "scope", "scope", ["row", "col", "rowgroup", "colgroup"]],
  ["input", "capture", "capture", ["user", "environment"]],
  ["form", "rel", "rel", ["noopener", "noreferrer"]],
  ["div", "hidden", "hidden", ["until-found"]],
].forEach(r => reflectEnum(r[0], r[1], r[2], r[3]));
// autocomplete: the IDL-exposed autofill value of valid and invalid token lists
probe("autocomplete autofill values", () => ["input", "textarea", "select"].map(t => {
  const e = document.createElement(t);
  return ["on", "OFF", "email", "  Shipping  EMAIL ", "section-a billing tel", "home email", "home name", "work tel webauthn",
    "off email", "section-x", "name webauthn", "billing\tstreet-address", "Section-A Name", "shipping billing name", "webauthn"]
    .map(v => { e.setAttribute("autocomplete", v); return e.autocomplete; });
}));
