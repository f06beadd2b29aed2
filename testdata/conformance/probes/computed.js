// getComputedStyle: display values and cascade without layout (CSSOM §9).
// https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle
const cs = (tag, attrs) => { const e = document.createElement(tag); for (const k in attrs || {}) e.setAttribute(k, attrs[k]); document.getElementById("host").append(e); const v = getComputedStyle(e); const r = v.display; e.remove(); return r; };
probe("default display of elements", () => ["div", "span", "p", "a", "li", "ul", "table", "tr", "td", "th", "thead", "tbody", "caption", "img", "input", "button", "select", "textarea", "h1", "section", "nav", "header", "main", "article", "form", "label", "strong", "em", "br", "hr", "pre", "blockquote", "dl", "dt", "dd", "figure", "canvas", "iframe", "video", "svg", "summary", "details", "dialog", "template", "script", "style", "head", "title", "meta", "option", "col", "colgroup", "tfoot", "address", "fieldset", "legend", "progress", "slot", "my-element", "noscript", "area", "map", "ruby", "rt"].map(t => t + ":" + cs(t)));
probe("hidden attribute", () => cs("div", { hidden: "" }));
probe("inline style display", () => cs("div", { style: "display: inline-flex" }));
probe("detached element", () => { const e = document.createElement("div"); return getComputedStyle(e).display; });
probe("stylesheet cascade", () => [cs("p", { class: "cx" }), cs("span", { class: "cx" }), cs("div", { class: "cy" }), cs("div", { id: "cz" })]);
probe("inline beats sheet", () => cs("div", { class: "cy", style: "display: block" }));
probe("important in sheet beats inline", () => cs("div", { class: "imp", style: "display: block" }));
probe("display none inherited visually not computed", () => { const p = document.createElement("div"); p.style.display = "none"; const c = document.createElement("span"); p.append(c); document.getElementById("host").append(p); const r = getComputedStyle(c).display; p.remove(); return r; });
probe("computed color and visibility", () => { const e = document.createElement("span"); e.className = "colored"; document.getElementById("host").append(e); const s = getComputedStyle(e); const r = [s.color, s.visibility, s.getPropertyValue("visibility"), s.opacity, s.position]; e.remove(); return r; });
probe("inherited color", () => { const e = document.createElement("i"); const p = document.createElement("b"); p.style.color = "rgb(1, 2, 3)"; p.append(e); document.getElementById("host").append(p); const r = getComputedStyle(e).color; p.remove(); return r; });
probe("computed is read only", () => errName(() => { getComputedStyle(document.body).display = "none"; "use strict"; }));
probe("computed setProperty throws", () => errName(() => getComputedStyle(document.body).setProperty("display", "none")));
probe("computed shape", () => { const s = getComputedStyle(document.body); return [s instanceof CSSStyleDeclaration, s.length > 100, typeof s.cssText, s.getPropertyValue("display")]; });
probe("body html display", () => [getComputedStyle(document.documentElement).display, getComputedStyle(document.body).display, getComputedStyle(document.head).display]);
probe("pseudo element arg", () => typeof getComputedStyle(document.body, "::before").content);
probe("media query in sheet", () => cs("div", { class: "mq" }));
probe("attribute selector in sheet", () => cs("div", { "data-show": "no" }));
probe("descendant selector in sheet", () => { const w = document.createElement("div"); w.className = "wrap"; const s = document.createElement("span"); w.append(s); document.getElementById("host").append(w); const r = getComputedStyle(s).display; w.remove(); return r; });
probe("offset sizes of hidden", () => { const e = document.createElement("div"); e.style.display = "none"; document.getElementById("host").append(e); const r = [e.offsetWidth, e.offsetHeight, e.getClientRects().length, e.offsetParent]; e.remove(); return r; });
probe("offsetParent of visible", () => { const e = document.createElement("div"); document.getElementById("host").append(e); const r = e.offsetParent && e.offsetParent.nodeName; e.remove(); return r; });
probe("checkVisibility", () => { if (typeof Element.prototype.checkVisibility !== "function") return "missing"; const e = document.createElement("div"); e.hidden = true; document.getElementById("host").append(e); const r = e.checkVisibility(); e.remove(); return r; });
