// HTMLCollection and NodeList details in the manner of WPT
// dom/collections and dom/nodes (supported property names, name vs id,
// namespaces, liveness, indices). https://dom.spec.whatwg.org/#interface-htmlcollection
const C = (m) => { const d = el(m); return d.children; };
probe("supported property names order", () => Object.getOwnPropertyNames(C("<p id=a name=b></p><img name=c id=d><span name=e></span><form name=f></form><svg><g id=g name=h></g></svg>")));
probe("namedItem by name only for some elements", () => { const c = C("<span name=s></span><a name=a></a><img name=i><input name=n><select name=se></select><button name=b></button><div name=dv></div><iframe name=f></iframe><meta name=m><object name=o></object><textarea name=t></textarea><map name=mp></map><embed name=e>"); return ["s", "a", "i", "n", "se", "b", "dv", "f", "m", "o", "t", "mp", "e"].map(n => !!c.namedItem(n)); });
probe("namedItem id wins in tree order", () => { const c = C("<p name=x id=one></p><p id=x></p>"); return [c.namedItem("x") && c.namedItem("x").id, c.x && c.x.id]; });
probe("named property does not shadow prototype", () => { const c = C("<p id=length></p><p id=item></p><p id=namedItem></p>"); return [typeof c.length, typeof c.item, typeof c.namedItem, c["length"] === 3]; });
probe("index beyond and negative", () => { const c = C("<p></p>"); return [c[1], c[-1], c["0"] !== undefined, c["00"], c[" 0"], "0" in c, "1" in c, c.item(-1), c.item(4294967296) !== null]; });
probe("expando on collection", () => { const c = C("<p id=q></p>"); c.foo = 1; c.q = 2; return [c.foo, c.q === 2, Object.keys(c)]; });
probe("getElementsByTagName namespaces", () => { const d = el(); d.append(document.createElementNS("urn:x", "p"), document.createElement("p"), document.createElementNS("http://www.w3.org/2000/svg", "p")); return [d.getElementsByTagName("p").length, d.getElementsByTagNameNS("urn:x", "p").length]; });
probe("NodeList from querySelectorAll is static", () => { const d = el("<p></p>"); const l = d.querySelectorAll("p"); d.append(document.createElement("p")); return [l.length, Object.prototype.toString.call(l), l instanceof NodeList, typeof l.forEach, l.item(5)]; });
probe("childNodes index and in", () => { const d = el("a<b></b>"); const c = d.childNodes; return [0 in c, 2 in c, c.length, Object.getOwnPropertyNames(c)]; });
probe("children live across moves", () => { const a = el("<p></p><p></p>"), b = el(); const c = a.children; b.append(a.firstChild); return [c.length, b.children.length]; });
probe("HTMLCollection for-of and spread", () => { const c = C("<p id=a></p><p id=b></p>"); return [[...c].map(e => e.id), Array.prototype.map.call(c, e => e.id), typeof c[Symbol.iterator]]; });
