// Reflection 3: long, unsigned long (limited to non-negative / positive, clamped) and double attributes.
// reflect, reflectEnum: the harness data/reflect.js, loaded by reflect3.html.
const L = "long", D = "double";
[
  ["div", "tabIndex", "tabindex", L], ["ol", "start", "start", L], ["li", "value", "value", L], ["pre", "width", "width", L],
  ["input", "size", "size", L], ["input", "maxLength", "maxlength", L], ["input", "minLength", "minlength", L], ["input", "height", "height", L], ["input", "width", "width", L],
  ["textarea", "rows", "rows", L], ["textarea", "cols", "cols", L], ["textarea", "maxLength", "maxlength", L], ["textarea", "minLength", "minlength", L],
  ["select", "size", "size", L], ["td", "colSpan", "colspan", L], ["td", "rowSpan", "rowspan", L], ["th", "colSpan", "colspan", L],
  ["col", "span", "span", L], ["colgroup", "span", "span", L], ["img", "width", "width", L], ["img", "height", "height", L], ["img", "hspace", "hspace", L], ["img", "vspace", "vspace", L],
  ["canvas", "width", "width", L], ["canvas", "height", "height", L], ["video", "width", "width", L], ["video", "height", "height", L],
  ["object", "hspace", "hspace", L], ["iframe", "marginHeight", "marginheight", "string"], ["marquee", "scrollAmount", "scrollamount", L], ["marquee", "loop", "loop", L],
  ["meter", "value", "value", D], ["meter", "min", "min", D], ["meter", "max", "max", D], ["meter", "low", "low", D], ["meter", "high", "high", D], ["meter", "optimum", "optimum", D],
  ["progress", "max", "max", D], ["progress", "value", "value", D],
].forEach(r => reflect(r[0], r[1], r[2], r[3]));
