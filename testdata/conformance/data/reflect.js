// reflect.js is the reflection harness of the probes reflect1-4.js, loaded by
// their fixtures (probes/reflectN.html) before the probe.
//
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
