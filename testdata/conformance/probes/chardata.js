// CharacterData, Text, Comment (DOM §4.10-4.14).
// https://dom.spec.whatwg.org/#interface-characterdata
probe("data length", () => { const t = new Text("héllo"); return [t.data, t.length, t.nodeValue, t.textContent]; });
probe("length counts UTF-16", () => new Text("a😀b").length);
probe("substringData", () => { const t = new Text("abcdef"); return [t.substringData(1, 3), t.substringData(4, 100), t.substringData(6, 1)]; });
probe("substringData out of range", () => errName(() => new Text("abc").substringData(4, 1)));
probe("appendData", () => { const t = new Text("ab"); t.appendData("cd"); return t.data; });
probe("insertData", () => { const t = new Text("ad"); t.insertData(1, "bc"); return t.data; });
probe("insertData out of range", () => errName(() => new Text("a").insertData(5, "x")));
probe("deleteData", () => { const t = new Text("abcdef"); t.deleteData(1, 2); const a = t.data; t.deleteData(2, 99); return [a, t.data]; });
probe("replaceData", () => { const t = new Text("abcdef"); t.replaceData(1, 3, "X"); return t.data; });
probe("negative offset wraps to huge", () => errName(() => new Text("abc").deleteData(-1, 1)));
probe("data set null", () => { const t = new Text("x"); t.data = null; return [t.data, t.length]; });
probe("data set number", () => { const t = new Text("x"); t.data = 42; return t.data; });
probe("splitText", () => { const d = el("abcdef"); const r = d.firstChild.splitText(2); return [d.childNodes.length, d.firstChild.data, r.data, r === d.lastChild]; });
probe("splitText detached", () => { const t = new Text("abc"); const r = t.splitText(1); return [t.data, r.data, r.parentNode]; });
probe("splitText out of range", () => errName(() => new Text("abc").splitText(4)));
probe("wholeText", () => { const d = el("x"); d.append("y", "z"); d.insertBefore(document.createElement("b"), d.firstChild); return d.lastChild.wholeText; });
probe("Text constructor default", () => [new Text().data, new Comment().data, new Text(undefined).data, new Text(null).data]);
probe("comment kinds", () => { const c = document.createComment("hi"); return [c.nodeType, c.nodeName, c.data, c instanceof CharacterData, c instanceof Text]; });
probe("comment serialization", () => el("<!--a--b-->").innerHTML);
probe("comment with dashes created", () => { const d = el(); d.append(document.createComment("-->x")); return d.innerHTML; });
probe("text escaping in serialization", () => { const d = el(); d.append("a<b>&c\u00a0\"'"); return d.innerHTML; });
probe("textContent of comment", () => document.createComment("c").textContent);
probe("text before after remove", () => { const d = el("<i></i>"); const t = new Text("t"); d.firstChild.before(t); t.after("u"); t.remove(); return d.innerHTML; });
probe("text nodeValue of set textContent", () => { const t = new Text("a"); t.textContent = "b"; return t.nodeValue; });
probe("assignedSlot of text", () => new Text("x").assignedSlot);
probe("CDATA in html parse", () => { const d = el("<![CDATA[x]]>"); return [d.firstChild.nodeType, d.innerHTML]; });
probe("CDATA in svg parse", () => { const d = el("<svg><![CDATA[x<y]]></svg>"); return [d.firstChild.firstChild.nodeType, d.innerHTML]; });
