// The document parser on a page's own markup (HTML §13.2 tree construction).
// https://html.spec.whatwg.org/multipage/parsing.html#tree-construction
const H = id => document.getElementById(id).innerHTML;
for (let i = 1; i <= 21; i++) probe("t" + i + " innerHTML", () => H("t" + i));
probe("forms found", () => [document.forms.length, document.getElementById("f2"), document.forms[0].elements.length]);
probe("template content not in tree", () => [document.getElementById("tp").childNodes.length, document.getElementById("tp").content.querySelectorAll("td").length, document.querySelectorAll("#t13 td").length]);
probe("image becomes img", () => document.querySelector("#t6").firstChild.tagName);
probe("body whitespace children", () => Array.from(document.body.childNodes).slice(0, 4).map(n => n.nodeType + ":" + (n.nodeType === 3 ? JSON.stringify(n.data) : n.id)));
probe("head children", () => Array.from(document.head.children, e => e.tagName));
probe("textarea value leading newline", () => document.querySelector("#t9 textarea").value);
probe("select selected", () => document.querySelector("#t9 select").value);
probe("noscript child nodes", () => Array.from(document.querySelector("#t10 noscript").childNodes, n => n.nodeName));
probe("svg namespaces", () => { const s = document.querySelector("#t12 svg"); return [s.namespaceURI, s.querySelector("foreignObject").namespaceURI, s.querySelector("p").namespaceURI, document.querySelector("#t12 mi").namespaceURI, s.getAttribute("viewBox")]; });
probe("getElementsByTagName svg camel", () => [document.getElementsByTagName("foreignObject").length, document.getElementsByTagName("foreignobject").length, document.querySelectorAll("foreignObject").length]);
probe("document outerHTML head", () => document.head.outerHTML.replace(/<script[^]*?<\/script>/g, "S"));
probe("document childNodes", () => Array.from(document.childNodes, n => n.nodeName));
probe("text split at entity", () => document.getElementById("t11").childNodes.length);
