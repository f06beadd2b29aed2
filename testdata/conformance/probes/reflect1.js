// Reflection 1: DOMString, USVString URL, boolean and DOMTokenList attributes of ~40 elements.
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
const S = "string", U = "url", B = "boolean", T = "tokens";
[
  ["div", "title", "title", S], ["div", "lang", "lang", S], ["div", "accessKey", "accesskey", S], ["div", "hidden", "hidden", B],
  ["div", "autofocus", "autofocus", B], ["div", "inert", "inert", B], ["div", "nonce", "nonce", S],
  ["a", "href", "href", U], ["a", "target", "target", S], ["a", "download", "download", S], ["a", "ping", "ping", S],
  ["a", "rel", "rel", S], ["a", "relList", "rel", T], ["a", "hreflang", "hreflang", S], ["a", "type", "type", S],
  ["area", "href", "href", U], ["area", "alt", "alt", S], ["area", "coords", "coords", S], ["area", "shape", "shape", S], ["area", "relList", "rel", T],
  ["audio", "src", "src", U], ["audio", "autoplay", "autoplay", B], ["audio", "loop", "loop", B], ["audio", "controls", "controls", B],
  ["video", "src", "src", U], ["video", "poster", "poster", U], ["video", "playsInline", "playsinline", B], ["video", "defaultMuted", "muted", B],
  ["base", "href", "href", U], ["base", "target", "target", S],
  ["blockquote", "cite", "cite", U], ["q", "cite", "cite", U], ["ins", "cite", "cite", U], ["del", "dateTime", "datetime", S],
  ["button", "disabled", "disabled", B], ["button", "name", "name", S], ["button", "value", "value", S],
  ["button", "formAction", "formaction", U], ["button", "formNoValidate", "formnovalidate", B], ["button", "formTarget", "formtarget", S],
  ["col", "align", "align", S], ["col", "width", "width", S], ["data", "value", "value", S],
  ["details", "open", "open", B], ["details", "name", "name", S], ["dialog", "open", "open", B],
  ["embed", "src", "src", U], ["embed", "type", "type", S], ["embed", "width", "width", S], ["embed", "height", "height", S],
  ["fieldset", "disabled", "disabled", B], ["fieldset", "name", "name", S],
  ["font", "color", "color", S], ["font", "face", "face", S], ["font", "size", "size", S],
  ["form", "acceptCharset", "accept-charset", S], ["form", "action", "action", U], ["form", "name", "name", S], ["form", "noValidate", "novalidate", B],
  ["form", "target", "target", S], ["form", "relList", "rel", T],
  ["iframe", "src", "src", U], ["iframe", "srcdoc", "srcdoc", S], ["iframe", "name", "name", S], ["iframe", "allowFullscreen", "allowfullscreen", B],
  ["iframe", "sandbox", "sandbox", T], ["iframe", "width", "width", S],
  ["img", "alt", "alt", S], ["img", "src", "src", U], ["img", "srcset", "srcset", S], ["img", "sizes", "sizes", S], ["img", "useMap", "usemap", S],
  ["img", "isMap", "ismap", B], ["img", "longDesc", "longdesc", U], ["img", "border", "border", S],
  ["input", "accept", "accept", S], ["input", "alt", "alt", S], ["input", "defaultChecked", "checked", B], ["input", "defaultValue", "value", S],
  ["input", "disabled", "disabled", B], ["input", "formAction", "formaction", U], ["input", "max", "max", S], ["input", "min", "min", S],
  ["input", "multiple", "multiple", B], ["input", "name", "name", S], ["input", "pattern", "pattern", S], ["input", "placeholder", "placeholder", S],
  ["input", "readOnly", "readonly", B], ["input", "required", "required", B], ["input", "src", "src", U], ["input", "step", "step", S],
  ["input", "useMap", "usemap", S], ["input", "dirName", "dirname", S],
  ["label", "htmlFor", "for", S], ["link", "href", "href", U], ["link", "rel", "rel", S], ["link", "relList", "rel", T], ["link", "media", "media", S],
  ["link", "hreflang", "hreflang", S], ["link", "type", "type", S], ["link", "sizes", "sizes", T], ["link", "integrity", "integrity", S], ["link", "imageSrcset", "imagesrcset", S],
  ["map", "name", "name", S], ["menu", "compact", "compact", B], ["meta", "name", "name", S], ["meta", "content", "content", S],
  ["meta", "httpEquiv", "http-equiv", S], ["meta", "media", "media", S],
  ["object", "data", "data", U], ["object", "type", "type", S], ["object", "name", "name", S], ["object", "useMap", "usemap", S], ["object", "width", "width", S],
  ["ol", "reversed", "reversed", B], ["ol", "type", "type", S], ["optgroup", "disabled", "disabled", B], ["optgroup", "label", "label", S],
  ["option", "disabled", "disabled", B], ["option", "defaultSelected", "selected", B],
  ["output", "htmlFor", "for", T], ["output", "name", "name", S],
  ["script", "src", "src", U], ["script", "type", "type", S], ["script", "noModule", "nomodule", B], ["script", "async", "async", B], ["script", "defer", "defer", B],
  ["script", "integrity", "integrity", S], ["script", "charset", "charset", S], ["script", "event", "event", S], ["script", "htmlFor", "for", S],
  ["select", "autofocus", "autofocus", B], ["select", "disabled", "disabled", B], ["select", "multiple", "multiple", B], ["select", "name", "name", S], ["select", "required", "required", B],
  ["source", "src", "src", U], ["source", "type", "type", S], ["source", "srcset", "srcset", S], ["source", "sizes", "sizes", S], ["source", "media", "media", S],
  ["style", "media", "media", S], ["style", "blocking", "blocking", T],
  ["table", "align", "align", S], ["table", "border", "border", S], ["table", "frame", "frame", S], ["table", "rules", "rules", S], ["table", "summary", "summary", S], ["table", "width", "width", S],
  ["table", "bgColor", "bgcolor", S], ["table", "cellPadding", "cellpadding", S], ["table", "cellSpacing", "cellspacing", S],
  ["tr", "align", "align", S], ["tbody", "vAlign", "valign", S], ["thead", "ch", "char", S], ["td", "headers", "headers", S], ["td", "abbr", "abbr", S],
  ["td", "noWrap", "nowrap", B], ["th", "axis", "axis", S], ["td", "bgColor", "bgcolor", S],
  ["template", "shadowRootDelegatesFocus", "shadowrootdelegatesfocus", B],
  ["textarea", "disabled", "disabled", B], ["textarea", "name", "name", S], ["textarea", "placeholder", "placeholder", S], ["textarea", "readOnly", "readonly", B],
  ["textarea", "required", "required", B], ["textarea", "dirName", "dirname", S], ["textarea", "autocomplete", "autocomplete", S],
  ["time", "dateTime", "datetime", S], ["track", "src", "src", U], ["track", "srclang", "srclang", S], ["track", "label", "label", S], ["track", "default", "default", B],
  ["ul", "compact", "compact", B], ["ul", "type", "type", S], ["li", "type", "type", S], ["dl", "compact", "compact", B], ["pre", "width", "width", "long"],
].forEach(r => reflect(r[0], r[1], r[2], r[3]));
