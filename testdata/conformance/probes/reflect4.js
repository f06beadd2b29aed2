// Reflection 4: obsolete and less common attributes (HTML §16.3 and others) and more enumerated ones.
// reflect, reflectEnum: the harness data/reflect.js, loaded by reflect4.html.
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
