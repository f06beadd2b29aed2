package jsruntime

import "testing"

// CDATASection nodes as Chromium shows them (the same lines run on a
// DOMParser document there).
func TestCDATASection(t *testing.T) {
	const pre = `var x = new DOMParser().parseFromString('<r><a>x<![CDATA[a<b&c]]>y</a><![CDATA[]]></r>', 'text/xml');
		var a = x.documentElement.firstChild, c = a.childNodes[1];
		function tr(f) { try { return JSON.stringify(f()) } catch (e) { return e.name } }
		`
	runEvalCases(t, []evalCase{
		{name: "parsed", js: pre + `JSON.stringify(Array.from(a.childNodes).map(n => n.nodeType + ":" + n.nodeName + ":" + n.data))`,
			want: `["3:#text:x","4:#cdata-section:a<b&c","3:#text:y"]`},
		{name: "interfaces", js: pre + `[c instanceof Text, c instanceof CDATASection, c instanceof CharacterData, Object.prototype.toString.call(c),
			Object.getPrototypeOf(CDATASection.prototype) === Text.prototype, tr(() => new CDATASection("x"))].join()`,
			want: "true,true,true,[object CDATASection],true,TypeError"},
		{name: "serialization", js: pre + `[new XMLSerializer().serializeToString(x), a.outerHTML, a.innerHTML].join("|")`,
			want: "<r><a>x<![CDATA[a<b&c]]>y</a><![CDATA[]]></r>|<a>x<![CDATA[a<b&c]]>y</a>|x<![CDATA[a<b&c]]>y"},
		{name: "text of", js: pre + `[a.firstChild.wholeText, c.wholeText, x.documentElement.textContent, c.nodeValue].join("|")`,
			want: "xa<b&cy|xa<b&cy|xa<b&cy|a<b&c"},
		{name: "createCDATASection", js: pre + `[tr(() => document.createCDATASection("x")), tr(() => x.createCDATASection("x").nodeName),
			tr(() => x.createCDATASection("a]]>b")), tr(() => x.createCDATASection("a]]b").data),
			tr(() => document.implementation.createDocument(null, "r").createCDATASection("x").nodeType),
			tr(() => document.implementation.createHTMLDocument("").createCDATASection("x"))].join()`,
			want: `NotSupportedError,"#cdata-section",InvalidCharacterError,"a]]b",4,NotSupportedError`},
		{name: "split, clone, import", js: pre + `var c2 = x.createCDATASection("hello"), p = x.createElement("p"); p.appendChild(c2); var r = c2.splitText(2);
			var k = c.cloneNode(), i = document.importNode(c);
			JSON.stringify([r.nodeType, r.data, c2.data, p.childNodes.length, k.nodeType, k.isEqualNode(c), x.createTextNode(c.data).isEqualNode(c), i.nodeType, i.ownerDocument === document])`,
			want: `[4,"llo","he",2,4,true,false,4,true]`},
		{name: "in an HTML document", js: pre + `var d = document.createElement("div"); d.appendChild(document.importNode(c)); d.appendChild(document.createTextNode("<t>"));
			[d.innerHTML, new XMLSerializer().serializeToString(d)].join("|")`,
			want: `a&lt;b&amp;c&lt;t&gt;|<div xmlns="http://www.w3.org/1999/xhtml"><![CDATA[a<b&c]]>&lt;t&gt;</div>`},
		{name: "normalize keeps CDATA apart", js: pre + `var e = x.createElement("e");
			for (var n of [x.createTextNode("a"), x.createCDATASection("b"), x.createCDATASection("c"), x.createTextNode("d"), x.createTextNode("e"), x.createCDATASection(""), x.createTextNode("")]) e.appendChild(n);
			e.normalize(); JSON.stringify(Array.from(e.childNodes).map(n => n.nodeType + ":" + n.data))`,
			want: `["3:a","4:b","4:c","3:de","4:"]`},
		{name: "tree walker", js: pre + `var w = x.createTreeWalker(a, NodeFilter.SHOW_CDATA_SECTION), r = []; while (w.nextNode()) r.push(w.currentNode.nodeType);
			var w2 = x.createTreeWalker(a, NodeFilter.SHOW_TEXT); while (w2.nextNode()) r.push("t" + w2.currentNode.nodeType); r.join()`,
			want: "4,t3,t3"},
		{name: "range", js: pre + `var e = x.createElement("e"), k = e.appendChild(x.createCDATASection("abcdef")), r = x.createRange(); r.setStart(k, 1); r.setEnd(k, 3);
			var f = r.cloneContents(); [f.firstChild.nodeType, f.firstChild.data, r.toString()].join()`,
			want: "4,bc,bc"},
		{name: "xhtml", js: `var d = new DOMParser().parseFromString('<html xmlns="http://www.w3.org/1999/xhtml"><body><![CDATA[q]]></body></html>', 'application/xhtml+xml');
			[d.body.firstChild.nodeType, d.body.innerHTML].join()`, want: "4,<![CDATA[q]]>"},
	})
}
