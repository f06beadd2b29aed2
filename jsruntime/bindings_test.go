package jsruntime

import "testing"

// evalCase runs js on a fresh page built from markup (after its scripts ran)
// and compares the completion value.
type evalCase struct {
	name, markup, js, want string
}

func runEvalCases(t *testing.T, cases []evalCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			markup := tc.markup
			if markup == "" {
				markup = `<!doctype html><html><head><title>Test</title></head><body><div id="root"><p class="a b">one</p><p>two</p></div></body></html>`
			}
			p := newPage(t, markup, nil)
			p.run()
			if got := p.eval(tc.js); got != tc.want {
				t.Errorf("%s\n got %q\nwant %q", tc.js, got, tc.want)
			}
			p.noErrors()
		})
	}
}

func TestInterfaces(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "instanceof chain", js: `var d = document.getElementById('root');
			[d instanceof HTMLDivElement, d instanceof HTMLElement, d instanceof Element, d instanceof Node,
			 d instanceof EventTarget, document instanceof Document, document instanceof HTMLDocument,
			 d.firstChild instanceof Element, document.createTextNode('x') instanceof Text,
			 document.createTextNode('x') instanceof CharacterData, window instanceof Window,
			 window instanceof EventTarget, document.createElement('foo') instanceof HTMLUnknownElement,
			 document.createElement('x-foo') instanceof HTMLElement].join()`,
			want: "true,true,true,true,true,true,true,true,true,true,true,true,true,true"},
		{name: "accessors on prototypes", js: `var d = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
			[typeof d.get, typeof d.set, Object.getOwnPropertyNames(document.body).length,
			 'nodeType' in document.body, document.body.hasOwnProperty('nodeType')].join()`,
			want: "function,function,0,true,false"},
		{name: "identity", js: `var a = document.getElementById('root'); var b = document.querySelector('#root');
			[a === b, a.firstChild.parentNode === a, document.body.firstChild === a, a.childNodes === a.childNodes,
			 a.children === a.children, a.classList === a.classList, a.style === a.style, document.forms === document.forms].join()`,
			want: "true,true,true,true,true,true,true,true"},
		{name: "prototype patching", js: `Element.prototype.hello = function() { return 'hi ' + this.tagName };
			Node.prototype.kind = 'node';
			[document.body.hello(), document.createElement('span').hello(), document.createTextNode('').kind].join()`,
			want: "hi BODY,hi SPAN,node"},
		{name: "expandos survive", js: `document.body.foo = 42; document.querySelector('body').foo`, want: "42"},
		{name: "constants", js: `[Node.ELEMENT_NODE, Node.TEXT_NODE, document.ELEMENT_NODE, document.body.DOCUMENT_NODE,
			Node.DOCUMENT_POSITION_CONTAINED_BY].join()`, want: "1,3,1,9,16"},
		{name: "illegal constructor", js: `try { new HTMLDivElement(); 'no' } catch (e) { e.constructor.name + ': ' + e.message }`,
			want: "TypeError: Illegal constructor"},
		{name: "illegal invocation", js: `try { Node.prototype.appendChild.call({}, document.body); 'no' } catch (e) { e.message }`,
			want: "Illegal invocation"},
		{name: "node types", js: `[document.nodeType, document.body.nodeType, document.doctype.nodeType,
			document.createComment('c').nodeType, document.createDocumentFragment().nodeType, document.nodeName,
			document.body.nodeName, document.doctype.name].join()`, want: "9,1,10,8,11,#document,BODY,html"},
		{name: "DOMException types", js: `var r = [];
			try { document.body.appendChild(document.documentElement) } catch (e) { r.push(e.name, e instanceof DOMException, e.code) }
			try { document.createElement('1bad') } catch (e) { r.push(e.name) }
			try { document.body.removeChild(document.createElement('p')) } catch (e) { r.push(e.name) }
			try { document.querySelector('###') } catch (e) { r.push(e.name) }
			try { document.body.appendChild('x') } catch (e) { r.push(e instanceof TypeError) }
			r.join()`, want: "HierarchyRequestError,true,3,InvalidCharacterError,NotFoundError,SyntaxError,true"},
		{name: "live collections", js: `var root = document.getElementById('root'); var kids = root.children, nodes = root.childNodes;
			var ps = document.getElementsByTagName('p'); var n0 = kids.length;
			root.appendChild(document.createElement('p'));
			[n0, kids.length, nodes.length, ps.length, ps[2].tagName, ps.item(0).textContent, [...ps].length,
			 Array.prototype.slice.call(kids).length, kids instanceof HTMLCollection, nodes instanceof NodeList].join()`,
			want: "2,3,3,3,P,one,3,3,true,true"},
		{name: "static querySelectorAll", js: `var l = document.querySelectorAll('p'); document.getElementById('root').appendChild(document.createElement('p'));
			[l.length, document.querySelectorAll('p').length, typeof l.forEach, l instanceof NodeList].join()`, want: "2,3,function,true"},
		{name: "named collection items", markup: `<form id="f"><input name="user" id="u"><input name="pw"></form>`,
			js:   `var f = document.forms[0]; [document.forms.f === f, f.elements.length, f.elements.user.id, f.elements.namedItem('pw').name, f.length].join()`,
			want: "true,2,u,pw,2"},
		{name: "classList", js: `var p = document.querySelector('p'); p.classList.add('c'); p.classList.remove('a');
			var t = p.classList.toggle('d'); [p.className, p.classList.length, p.classList[0], p.classList.contains('b'), t, [...p.classList].join('+')].join()`,
			want: "b c d,3,b,true,true,b+c+d"},
		{name: "dataset", markup: `<div id="d" data-foo-bar="1"></div>`,
			js: `var d = document.getElementById('d'); d.dataset.baz = 'x'; delete d.dataset.fooBar;
			[d.dataset.baz, d.getAttribute('data-baz'), d.hasAttribute('data-foo-bar'), Object.keys(d.dataset).join('|'), 'baz' in d.dataset].join()`,
			want: "x,x,false,baz,true"},
		{name: "attributes map", markup: `<div id="d" title="t" lang="en"></div>`,
			js: `var d = document.getElementById('d'); var a = d.attributes;
			[a.length, a[0].name, a.title.value, a.getNamedItem('lang').value, a[1].ownerElement === d, a === d.attributes].join()`,
			want: "3,id,t,en,true,true"},
		{name: "reflected attributes", markup: `<a id="a" href="/x?y=1#z">l</a><input id="i" type="checkbox" checked><img id="m" src="p.png" width="10">`,
			js: `var a = document.getElementById('a'), i = document.getElementById('i'), m = document.getElementById('m');
			i.disabled = true;
			[a.href, a.pathname, a.search, a.hash, a.host, i.checked, i.type, i.getAttribute('disabled'), m.src, m.width, m.alt === ''].join()`,
			want: "https://example.test/x?y=1#z,/x,?y=1,#z,example.test,true,checkbox,,https://example.test/p.png,10,true"},
		{name: "form values", markup: `<select id="s"><option>a</option><option value="B" selected>b</option></select><textarea id="t">hi</textarea>`,
			js: `var s = document.getElementById('s'), t = document.getElementById('t');
			var v0 = s.value; s.selectedIndex = 0; t.value = 'new';
			[v0, s.value, s.options.length, s.options[1].text, t.value, t.textContent].join()`,
			want: "B,a,2,b,new,hi"},
		{name: "innerHTML and outerHTML", js: `var r = document.getElementById('root'); r.innerHTML = '<b>x</b><i>y</i>';
			[r.children.length, r.innerHTML, r.firstChild.outerHTML].join()`, want: "2,<b>x</b><i>y</i>,<b>x</b>"},
		{name: "template content", js: `var t = document.createElement('template'); t.innerHTML = '<p>x</p>';
			[t.content.nodeType, t.content.firstChild.tagName, t.childNodes.length, t.content instanceof DocumentFragment].join()`,
			want: "11,P,0,true"},
		{name: "document properties", js: `[document.title, document.readyState, document.URL, location.href, document.body.tagName,
			document.head.tagName, document.documentElement.tagName, document.compatMode, document.characterSet,
			document.defaultView === window, document.visibilityState, document.hidden].join()`,
			want: "Test,complete,https://example.test/page,https://example.test/page,BODY,HEAD,HTML,CSS1Compat,UTF-8,true,visible,false"},
		{name: "window aliases", js: `[window === self, window === globalThis, window.window === window, top === window, parent === window,
			frames === window, typeof setTimeout, typeof requestAnimationFrame, innerWidth > 0].join()`,
			want: "true,true,true,true,true,true,function,function,true"},
		{name: "createHTMLDocument", js: `var d = document.implementation.createHTMLDocument('x');
			[d.title, d.body.tagName, d instanceof Document, d.createElement('p').ownerDocument === d].join()`, want: "x,BODY,true,true"},
		{name: "DOMParser and XMLSerializer", js: `var d = new DOMParser().parseFromString('<p id=q>a</p>', 'text/html');
			[d.getElementById('q').textContent, new XMLSerializer().serializeToString(d.getElementById('q'))].join()`,
			want: "a,<p xmlns=\"http://www.w3.org/1999/xhtml\" id=\"q\">a</p>"}, // as Chromium: the XML serialization
		{name: "range contextual fragment", js: `var r = document.createRange(); r.selectNodeContents(document.body);
			var f = r.createContextualFragment('<tr><td>x</td></tr><span>s</span>'); [f.childNodes.length, f.lastChild.tagName].join()`,
			want: "2,SPAN"},
		{name: "Image constructor", js: `var i = new Image(3, 4); [i instanceof HTMLImageElement, i.width, i.height, i.tagName].join()`,
			want: "true,3,4,IMG"},
		{name: "tree walker", js: `var tw = document.createTreeWalker(document.getElementById('root'), NodeFilter.SHOW_TEXT);
			var s = []; while (tw.nextNode()) s.push(tw.currentNode.data); s.join()`, want: "one,two"},
		{name: "insertAdjacentHTML", js: `var r = document.getElementById('root'); r.insertAdjacentHTML('beforeend', '<em>z</em>');
			r.lastChild.tagName`, want: "EM"},
		{name: "cloneNode", js: `var c = document.getElementById('root').cloneNode(true); [c.id, c.children.length, c.parentNode].join()`,
			want: "root,2,"},
		{name: "table api", js: `var t = document.createElement('table'); var r = t.insertRow(); r.insertCell().textContent = 'a';
			r.insertCell(); [t.rows.length, t.tBodies.length, r.cells.length, t.rows[0].cells[0].textContent, r.rowIndex].join()`,
			want: "1,1,2,a,0"},
		{name: "table sections go where the standard puts them", js: `var t = document.createElement('table');
			t.innerHTML = '<caption></caption><colgroup></colgroup><tbody></tbody>';
			t.createTHead(); t.createTFoot(); t.deleteCaption(); t.createCaption(); t.createTBody();
			t.innerHTML`,
			want: "<caption></caption><colgroup></colgroup><thead></thead><tbody></tbody><tbody></tbody><tfoot></tfoot>"},
		{name: "toStringTag", js: `[Object.prototype.toString.call(document.body), String(document.createElement('div').classList),
			Object.prototype.toString.call(document)].join()`, want: "[object HTMLBodyElement],,[object HTMLDocument]"},
	})
}
