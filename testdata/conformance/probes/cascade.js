// getComputedStyle cascade: specificity, order, !important, inheritance, keywords, media (CSS Cascade 4).
// https://drafts.csswg.org/css-cascade-4/#cascading
const C = (id, p) => getComputedStyle(document.getElementById(id)).getPropertyValue(p);
probe("specificity id beats class", () => C("pa", "color"));
probe("specificity compound", () => C("db", "color"));
probe("important beats inline", () => C("pimp", "color"));
probe("later rule and later sheet win", () => C("plate", "color"));
probe("inherited color font-size visibility", () => ["color", "font-size", "visibility"].map(p => C("sp", p)));
probe("visibility visible overrides inherited hidden", () => C("pvis", "visibility"));
probe("inherit keyword", () => [C("pinh", "color"), C("pinh", "display")]);
probe("initial keyword", () => C("pini", "color"));
probe("structural pseudo classes in sheets", () => [C("l1", "font-weight"), C("l2", "font-weight"), C("l2", "text-decoration-line")]);
probe("attribute selector in sheet", () => C("pk", "text-align"));
probe("em font size", () => C("pem", "font-size"));
probe("media queries in sheets", () => C("pmq", "color"));
probe("hover not applied", () => C("phov", "color"));
probe("unset keyword on display", () => C("punset", "display"));
probe("defaults", () => { const p = document.getElementById("pa"); const s = getComputedStyle(p); return [s.fontWeight, s.position, s.float, s.boxSizing, s.marginTop, s.fontStyle, s.textTransform, s.zIndex, s.overflow, s.opacity, s.cursor, s.whiteSpace]; });
probe("body margin and font", () => { const s = getComputedStyle(document.body); return [s.marginTop, s.marginLeft, s.fontSize, s.display, s.color]; });
probe("headings and strong defaults", () => { const h = document.createElement("h1"), b = document.createElement("strong"), em = document.createElement("em"); document.body.append(h, b, em); const r = [getComputedStyle(h).fontSize, getComputedStyle(h).fontWeight, getComputedStyle(b).fontWeight, getComputedStyle(em).fontStyle]; h.remove(); b.remove(); em.remove(); return r; });
probe("inline style change reflected", () => { const p = document.getElementById("pa"); p.style.color = "rgb(50, 0, 0)"; const r = C("pa", "color"); p.style.color = ""; return [r, C("pa", "color")]; });
probe("class change reflected", () => { const p = document.getElementById("pa"); p.classList.add("late"); const r = C("pa", "color"); p.classList.remove("late"); return r; });
probe("style element added later", () => { const s = document.createElement("style"); s.textContent = "#pa { color: rgb(77, 0, 0) }"; document.head.append(s); const r = C("pa", "color"); s.remove(); return [r, C("pa", "color")]; });
probe("disabled style element", () => { const s = document.createElement("style"); s.textContent = "#pa { color: rgb(78, 0, 0) }"; document.head.append(s); s.disabled = true; const r = C("pa", "color"); s.remove(); return r; });
probe("camelCase and dashed access agree", () => { const s = getComputedStyle(document.getElementById("pa")); return [s.backgroundColor, s.getPropertyValue("background-color"), s["background-color"]]; });
