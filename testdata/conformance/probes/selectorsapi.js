// querySelectorAll over a fixed tree for a wide table of selectors, as
// WPT's selectors-api tests run them (ParentNode-querySelector-All,
// Element-matches, Element-closest). https://drafts.csswg.org/selectors-4/
const root = document.getElementById("root");
const Q = s => { try { return Array.from(root.querySelectorAll(s), e => e.id || e.nodeName).join(" "); } catch (e) { return e.name; } };
const GROUPS = {
  "type and universal": ["p", "*|p", "P", "li", "svg", "rect", "g", "* > em", "div *"],
  "id and class": ["#p1", ".a", ".a.b", ".b.c", "#d1.a", ".A", "#P1", "[class~=b]", "g.k"],
  "attribute presence and value": ["[title]", "[title=hi]", "[title='hello world']", "[title~=world]", "[title^=hel]", "[title$=rld]", "[title*=lo\\ w]", "[data-x|=x]", "[lang|=en]"],
  "attribute case flags": ["[title=HI i]", "[title=HI s]", "[type=TEXT]", "[type=TEXT s]", "[id=P1 i]"],
  "structural": [":first-child", "li:last-child", "li:nth-child(odd)", "li:nth-last-child(2)", "li:nth-of-type(3n)", "p:only-of-type", "td:only-child", ":root", "p:empty"],
  "structural of S and more": ["li:nth-child(2 of :not([hidden]))", "li:nth-last-child(1 of :not([hidden]))", "span:empty", "li:not(:nth-child(1)):not(:last-child)", "tr > :nth-child(2)"],
  "combinators": ["div > p", "ul li + li", "#li2 ~ li", "p + p", "div p em", "form input + select", "#ul1 > li:nth-child(2) + li", "#d1 ~ *"],
  "negation and matches-any": [":not(p):not(div):not(li):not(span)", "p:not(.a, .b)", ":is(#p1, #li1) + *", ":where(ul, table) > *", "li:is(.odd, #li5)", ":not(svg *)"],
  "has": ["div:has(> p.a)", "ul:has(li.odd)", "p:has(+ p)", ":has(> em)", "li:has(~ #li5)", "div:not(:has(p))"],
  "forms": [":checked", ":disabled", ":enabled", "input:not(:checked)", ":default", ":required", "option:checked", "fieldset :disabled"],
  "links and states": [":link", ":any-link", "a:not(:link)", ":hover", ":focus", ":target", ":visited", ":active"],
  "lang and dir": [":lang(en)", ":lang(en-GB)", "p:lang(en-US)", ":dir(ltr) > p:first-child"],
  "pseudo-elements and invalid": ["p::before", "::after", "p:hover::first-line", "[", "p:nth-child", ":nth-child(1", "#", ".", "a||b", "svg|rect", "div:has()"],
};
for (const [name, sels] of Object.entries(GROUPS)) probe(name, () => sels.map(Q));
probe("matches and closest", () => { const em = document.getElementById("em1"); return [em.matches("p > em"), em.matches(":scope"), em.closest("div").id, em.closest(":not(em)").id, em.closest("#root > div > p").id, errName(() => em.closest("!"))]; });
probe("scope in querySelector", () => { const d1 = document.getElementById("d1"); return [Array.from(d1.querySelectorAll(":scope > p"), e => e.id).join(" "), Array.from(d1.querySelectorAll(":scope p em"), e => e.id).join(" "), Array.from(d1.querySelectorAll("div p"), e => e.id).join(" "), d1.querySelector(":scope") === null]; });
