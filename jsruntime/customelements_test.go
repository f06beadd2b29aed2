package jsruntime

import "testing"

func TestCustomElements(t *testing.T) {
	markup := `<div id="root"><x-greet name="a">old</x-greet></div>
<script>
var log = [];
class XGreet extends HTMLElement {
	static get observedAttributes() { return ['name'] }
	constructor() { super(); this.made = true; log.push('ctor:' + this.isConnected) }
	connectedCallback() { log.push('connected:' + this.getAttribute('name')); this.textContent = 'hello ' + this.getAttribute('name') }
	disconnectedCallback() { log.push('disconnected') }
	attributeChangedCallback(n, o, v) { log.push('attr:' + n + ':' + o + ':' + v) }
	greet() { return 'hi' }
}
customElements.define('x-greet', XGreet);
log.push('defined');
</script>`
	runEvalCases(t, []evalCase{
		{name: "upgrade existing", markup: markup, js: `var e = document.querySelector('x-greet');
			[log.join(' '), e.textContent, e instanceof XGreet, e instanceof HTMLElement, e.greet(), e.made, customElements.get('x-greet') === XGreet].join('|')`,
			want: "ctor:true attr:name:null:a connected:a defined|hello a|true|true|hi|true|true"},
		{name: "createElement and callbacks", markup: markup, js: `log = []; var e = document.createElement('x-greet');
			log.push('created:' + (e instanceof XGreet)); e.setAttribute('name', 'b'); document.body.appendChild(e); e.remove();
			var d = document.createElement('div'); d.innerHTML = '<x-greet name="c"></x-greet>'; document.body.appendChild(d);
			log.join(' ')`, want: "ctor:false created:true attr:name:null:b connected:b disconnected ctor:false attr:name:null:c connected:c"},
		{name: "new and whenDefined", markup: markup, js: `var e = new XGreet(); var r = [e.tagName, e.localName, e instanceof XGreet];
			try { new HTMLElement() } catch (x) { r.push(x.message) }
			try { customElements.define('x-greet', class extends HTMLElement {}) } catch (x) { r.push(x.name) }
			try { customElements.define('nodash', class extends HTMLElement {}) } catch (x) { r.push(x.name) }
			customElements.whenDefined('x-later').then(c => window.later = c.name);
			customElements.define('x-later', class XLater extends HTMLElement {}); r.join()`,
			want: "X-GREET,x-greet,true,Illegal constructor,NotSupportedError,SyntaxError"},
	})
	p := newPage(t, markup+`<script>customElements.whenDefined('x-later').then(c => window.later = c.name); customElements.define('x-later', class XLater extends HTMLElement {})</script>`, nil)
	p.run()
	if got := p.eval(`later`); got != "XLater" {
		t.Fatalf("whenDefined gave %q", got)
	}
}

func TestElementInternals(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "form associated", markup: `<form id="f"><input name="a"></form>`, js: `class XF extends HTMLElement {
				static formAssociated = true;
				constructor() { super(); this.i = this.attachInternals() } }
			customElements.define('x-f', XF);
			var f = document.getElementById('f'), x = document.createElement('x-f'); f.appendChild(x);
			x.i.setFormValue('v'); x.i.states.add('on');
			var r = [f.elements.length, x.i.form === f, x.i.checkValidity(), x.i.states.has('on')];
			try { x.attachInternals() } catch (e) { r.push(e.name) }
			try { document.createElement('div').attachInternals() } catch (e) { r.push(e.name) }
			r.join()`, want: "2,true,true,true,NotSupportedError,NotSupportedError"},
		{name: "form value, validity and callbacks", markup: `<form id="f"><fieldset id="fs"></fieldset></form>`, js: `var log = [];
			class XV extends HTMLElement {
				static formAssociated = true;
				constructor() { super(); this.i = this.attachInternals() }
				formAssociatedCallback(f) { log.push('form ' + (f && f.id)) }
				formDisabledCallback(d) { log.push('disabled ' + d) }
				formResetCallback() { log.push('reset') } }
			customElements.define('x-v', XV);
			var f = document.getElementById('f'), x = document.createElement('x-v'); x.setAttribute('name', 'n');
			document.getElementById('fs').appendChild(x); x.i.setFormValue('v');
			var r = [f.elements.length, f.elements[1] === x];
			x.i.setValidity({tooShort: true}, 'short');
			r.push(x.i.validity.tooShort, x.i.validity.valid, x.i.validationMessage, f.checkValidity());
			try { x.i.setValidity({badInput: true}) } catch (e) { r.push(e.name) }
			document.getElementById('fs').disabled = true; f.reset();
			x.i.role = 'slider'; r.push(x.i.role, x.getAttribute('role'), log.join());
			r.join()`, want: "2,true,true,false,short,false,TypeError,slider,,form f,disabled true,reset"},
	})
}

func TestCustomizedBuiltIns(t *testing.T) {
	markup := `<button is="x-btn" id="b">b</button><p is="x-btn" id="p"></p>
<script>
var log = [];
class XBtn extends HTMLButtonElement {
	constructor() { super(); log.push('ctor') }
	connectedCallback() { log.push('connected') }
}
customElements.define('x-btn', XBtn, {extends: 'button'});
</script>`
	runEvalCases(t, []evalCase{
		{name: "parser-created upgrade", markup: markup, js: `[log.join(' '), document.getElementById('b') instanceof XBtn, document.getElementById('p') instanceof XBtn].join()`,
			want: "ctor connected,true,false"},
		{name: "createElement is", markup: markup, js: `log = []; var b = document.createElement('button', {is: 'x-btn'});
			[log.join(' '), b instanceof XBtn, b.hasAttribute('is'), b.outerHTML, document.createElement('div', {is: 'x-btn'}) instanceof XBtn].join()`,
			want: `ctor,true,false,<button is="x-btn"></button>,false`},
		{name: "new", markup: markup, js: `var b = new XBtn(); [b.localName, b.outerHTML, b.matches(':defined')].join()`,
			want: `button,<button is="x-btn"></button>,true`},
		{name: "illegal constructors", markup: markup, js: `var r = [];
			class A extends HTMLParagraphElement {} customElements.define('x-a', A, {extends: 'div'});
			class B extends HTMLDivElement {} customElements.define('x-b', B);
			class C extends HTMLElement {} customElements.define('x-c', C, {extends: 'span'});
			for (const f of [() => new A(), () => new B(), () => new C(), () => new HTMLButtonElement()]) {
				try { f(); r.push('ok') } catch (e) { r.push(e.name) } }
			r.join()`, want: "TypeError,TypeError,TypeError,TypeError"},
		{name: "extends errors", markup: markup, js: `var r = [];
			for (const ext of ['x-foo', 'bogus', 'bgsound']) {
				try { customElements.define('x-e-' + r.length, class extends HTMLElement {}, {extends: ext}); r.push('ok') } catch (e) { r.push(e.name) } }
			r.join()`, want: "NotSupportedError,NotSupportedError,NotSupportedError"},
	})
}

func TestCustomElementDefine(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "callbacks read once, in order", js: `var got = [];
			var proto = {};
			for (const n of ['connectedCallback', 'disconnectedCallback', 'connectedMoveCallback', 'adoptedCallback', 'attributeChangedCallback'])
				Object.defineProperty(proto, n, {get() { got.push(n); return undefined }});
			function X() { return Reflect.construct(HTMLElement, [], X) }
			X.prototype = proto;
			customElements.define('x-order', X); got.join()`,
			want: "connectedCallback,disconnectedCallback,connectedMoveCallback,adoptedCallback,attributeChangedCallback"},
		{name: "re-entrant define", js: `var r = [];
			class X extends HTMLElement {}
			Object.defineProperty(X.prototype, 'connectedCallback', {get() {
				try { customElements.define('x-inner', class extends HTMLElement {}) } catch (e) { r.push(e.name) }
				return undefined }});
			try { customElements.define('x-outer', X) } catch (e) { r.push('outer ' + e.name) }
			r.push(customElements.get('x-inner') === undefined); r.join()`, want: "NotSupportedError,true"},
		{name: "non-callable callback", js: `class X extends HTMLElement {} X.prototype.connectedCallback = 1;
			try { customElements.define('x-bad', X); 'defined' } catch (e) { e.name + ' ' + (customElements.get('x-bad') === undefined) }`,
			want: "TypeError true"},
		{name: "disabledFeatures", js: `class X extends HTMLElement { static disabledFeatures = ['internals', 'shadow'] }
			customElements.define('x-dis', X); var x = new X(), r = [];
			try { x.attachInternals() } catch (e) { r.push(e.name) }
			try { x.attachShadow({mode: 'open'}) } catch (e) { r.push(e.name) }
			r.join()`, want: "NotSupportedError,NotSupportedError"},
		{name: "attachInternals before upgrade", js: `class X extends HTMLElement {}
			var el = document.createElement('x-late'); var r = [];
			customElements.define('x-late', X);
			try { el.attachInternals() } catch (e) { r.push(e.name) }
			document.body.appendChild(el); r.push(el instanceof X, !!el.attachInternals()); r.join()`,
			want: "NotSupportedError,true,true"},
	})
}

// A constructor that throws or returns another object during an upgrade
// is reported to the window, and the element is left failed.
func TestCustomElementFailedUpgrade(t *testing.T) {
	for _, tc := range []struct{ name, ctor, want string }{
		{"returns another object", `super(); return document.createElement('div')`, "TypeError,false"},
		{"throws", `super(); throw new RangeError('no')`, "RangeError,false"},
		{"throws before super", `throw new SyntaxError('no')`, "SyntaxError,false"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, `<div id="root"></div>`, nil)
			p.run()
			got := p.eval(`var errs = [];
				window.addEventListener('error', e => errs.push(e.error.name));
				class X extends HTMLElement { constructor() { ` + tc.ctor + ` } }
				customElements.define('x-fail', X);
				var d = document.createElement('div'); d.innerHTML = '<x-fail></x-fail>'; document.body.appendChild(d);
				[errs.join(), d.firstChild.matches(':defined')].join()`)
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCustomElementReactions(t *testing.T) {
	markup := `<div id="root"></div><script>
var log = [];
class XR extends HTMLElement {
	static observedAttributes = ['a'];
	connectedCallback() { log.push('c' + this.id) }
	disconnectedCallback() { log.push('d' + this.id) }
	adoptedCallback() { log.push('A' + this.id) }
	attributeChangedCallback(n, o, v, ns) { log.push(n + ':' + o + '>' + v + ':' + ns) }
}
customElements.define('x-r', XR);
class XM extends XR { connectedMoveCallback() { log.push('m' + this.id) } }
customElements.define('x-m', XM);
</script>`
	runEvalCases(t, []evalCase{
		{name: "namespaced attributes", markup: markup, js: `var e = document.createElement('x-r'); e.setAttribute('a', 1); e.setAttributeNS('urn:x', 'p:a', 2); e.setAttribute('b', 3); log.join()`,
			want: "a:null>1:null,a:null>2:urn:x"},
		{name: "nested reactions drain the element's queue", markup: markup, js: `
			customElements.define('x-o', class extends HTMLElement {
				connectedCallback() { log.push('co'); this.firstChild.setAttribute('a', 'x'); log.push('done') } });
			var o = document.createElement('x-o'); var i = document.createElement('x-r'); i.id = 'i';
			o.appendChild(i); document.body.appendChild(o); log.join()`,
			want: "co,ci,a:null>x:null,done"},
		{name: "moveBefore", markup: markup, js: `var a = document.getElementById('root'), b = document.body;
			var m = document.createElement('x-m'); m.id = 'm'; var r = document.createElement('x-r'); r.id = 'r';
			a.append(m, r); log = []; b.moveBefore(m, null); b.moveBefore(r, null); log.join()`,
			want: "mm,dr,cr"},
		{name: "adopted from and to another document", markup: markup, js: `var h = document.implementation.createHTMLDocument('');
			var e = document.createElement('x-r'); e.id = 'e'; h.body.appendChild(e); e.remove(); document.body.appendChild(e);
			var f = h.createElement('x-r'); var box = document.createElement('div'); box.appendChild(f);
			var before = f instanceof XR; document.body.appendChild(box);
			[log.join(), before, f instanceof XR].join()`,
			want: "Ae,ce,de,Ae,ce,c,false,true"},
		{name: "upgrade skips other documents", markup: markup, js: `var h = document.implementation.createHTMLDocument('');
			h.body.innerHTML = '<x-r></x-r>'; customElements.upgrade(h.body); h.body.firstChild instanceof XR`, want: "false"},
	})
}

// TestCustomElementsInShadowTrees checks that the reactions of inserting,
// removing, upgrading and adopting reach the custom elements inside shadow
// trees (shadow-including descendants, in shadow-including tree order), as
// in Chromium.
func TestCustomElementsInShadowTrees(t *testing.T) {
	p := newPage(t, `<div id="stage"></div>`, nil)
	p.run()
	p.eval(`var log = [], st = document.getElementById("stage");
		class XS extends HTMLElement {
			constructor() { super(); log.push("ctor " + this.id); }
			connectedCallback() { log.push("conn " + this.id); }
			disconnectedCallback() { log.push("disc " + this.id); }
			adoptedCallback() { log.push("adopt " + this.id); }
		}
		customElements.define("x-s", XS);
		function host(inner) {
			var h = document.createElement("div"), r = h.attachShadow({mode: "open"});
			r.innerHTML = '<x-s id=a></x-s>';
			r.firstChild.attachShadow({mode: "closed"}).innerHTML = '<x-s id=b></x-s>';
			h.appendChild(document.createElement("x-s")).id = "c";
			return h;
		}`)
	for _, c := range []struct{ name, js, want string }{
		{"insert and remove", `var h = host(); log = []; st.appendChild(h); h.remove(); log.join()`,
			"conn a,conn b,conn c,disc a,disc b,disc c"},
		{"innerHTML removes", `var h = host(); st.appendChild(h); log = []; st.innerHTML = ""; log.join()`, "disc a,disc b,disc c"},
		{"declarative", `log = []; st.setHTMLUnsafe('<p><template shadowrootmode="open"><x-s id=d></x-s></template></p>'); st.innerHTML = ""; log.join()`,
			"ctor d,conn d,disc d"},
		{"adopt", `var h = host(); log = []; document.implementation.createHTMLDocument("").adoptNode(h); log.join()`, "adopt a,adopt b,adopt c"},
		{"upgrade on define", `st.innerHTML = '<div id=h></div>'; var r = document.getElementById("h").attachShadow({mode: "open"});
			r.innerHTML = '<x-t id=e></x-t>'; log = [];
			customElements.define("x-t", class extends XS {}); log.join()`, "ctor e,conn e"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestCustomElementsCreatedOtherWays checks the ways of making an element
// besides createElement and innerHTML: createElementNS in the HTML
// namespace constructs a defined custom element, and a contextual
// fragment's custom elements are upgraded before it is inserted, as in
// Chromium; a template's contents and DOMParser's documents have no
// definitions.
func TestCustomElementsCreatedOtherWays(t *testing.T) {
	p := newPage(t, `<div id="stage"></div>`, nil)
	p.run()
	p.eval(`var log = [];
		customElements.define("x-o", class extends HTMLElement {
			constructor() { super(); log.push("ctor " + (this.parentNode ? this.parentNode.nodeName : "-")); }
			attributeChangedCallback(n) { log.push("attr " + n); }
			static get observedAttributes() { return ["title"]; }
		});
		function made(e) { var out = [typeof e.attributeChangedCallback].concat(log).join(); log = []; return out; }`)
	for _, c := range []struct{ js, want string }{
		{`made(document.createElementNS("http://www.w3.org/1999/xhtml", "x-o"))`, "function,ctor -"},
		{`made(document.createElementNS("http://www.w3.org/2000/svg", "x-o"))`, "undefined"},
		{`made(document.createRange().createContextualFragment("<x-o title=t></x-o>").firstChild)`, "function,ctor #document-fragment,attr title"},
		{`var t = document.createElement("template"); t.innerHTML = "<x-o></x-o>"; made(t.content.firstChild)`, "undefined"},
		{`made(new DOMParser().parseFromString("<x-o></x-o>", "text/html").body.firstChild)`, "undefined"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s: %q, want %q", c.js, got, c.want)
		}
	}
}

// TestCustomElementsReplaceOrder checks the order of the connected and
// disconnected callbacks of one operation that removes and inserts: nodes
// inserted by replaceChild and replaceChildren are connected after the
// removed ones are disconnected, while the elements a markup setter parses
// are upgraded (and connected) first, their upgrades having been queued as
// the parser made them (as Chromium).
func TestCustomElementsReplaceOrder(t *testing.T) {
	p := newPage(t, `<div id="stage"></div><div id="w"></div>`, nil)
	p.run()
	p.eval(`var log = [], st = document.getElementById("stage");
		customElements.define("x-r", class extends HTMLElement {
			connectedCallback() { log.push("conn " + this.id); }
			disconnectedCallback() { log.push("disc " + this.id); }
		});
		function mk(id) { var e = document.createElement("x-r"); e.id = id; return e; }
		function run(f) { st.innerHTML = "<x-r id=a></x-r><x-r id=b></x-r>"; log = []; f(); return log.join(); }`)
	for _, c := range []struct{ js, want string }{
		{`run(function () { st.replaceChild(mk("c"), st.firstChild); })`, "disc a,conn c"},
		{`run(function () { st.replaceChild(st.lastChild, st.firstChild); })`, "disc b,conn b,disc a"},
		{`run(function () { st.replaceChildren(mk("c")); })`, "disc a,disc b,conn c"},
		{`run(function () { st.firstChild.replaceWith(mk("c")); })`, "disc a,conn c"},
		{`run(function () { st.innerHTML = "<x-r id=c></x-r><x-r id=d></x-r>"; })`, "conn c,conn d,disc a,disc b"},
		{`run(function () { st.setHTMLUnsafe("<x-r id=c></x-r>"); })`, "conn c,disc a,disc b"},
		{`run(function () { st.firstChild.outerHTML = "<x-r id=c></x-r>"; })`, "conn c,disc a"},
		{`run(function () { st.textContent = ""; })`, "disc a,disc b"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s: %q, want %q", c.js, got, c.want)
		}
	}
}

// TestCustomElementsMoveOrder checks the reactions of moveBefore: one pass
// over the moved subtree in tree order, connectedMoveCallback for the
// elements that have it and disconnected then connected for the others
// (DOM's move, as Chromium), not the removals first.
func TestCustomElementsMoveOrder(t *testing.T) {
	p := newPage(t, `<div id="stage"></div>`, nil)
	p.run()
	p.eval(`var log = [], st = document.getElementById("stage");
		class XA extends HTMLElement { connectedCallback() { log.push("conn " + this.id); } disconnectedCallback() { log.push("disc " + this.id); } }
		class XM extends XA { connectedMoveCallback() { log.push("move " + this.id); } }
		customElements.define("x-ma", XA); customElements.define("x-mm", XM);
		function $(id) { return document.getElementById(id); }
		function run(html, f) { st.innerHTML = html; log = []; f(); return log.join(); }`)
	for _, c := range []struct{ js, want string }{
		{`run('<div id=p1><x-mm id=m1><x-ma id=a1></x-ma><x-mm id=m2><x-ma id=a2></x-ma></x-mm></x-mm></div><div id=p2></div>',
			function () { $("p2").moveBefore($("m1"), null); })`, "move m1,disc a1,conn a1,move m2,disc a2,conn a2"},
		{`run('<x-ma id=a3><x-mm id=m3></x-mm></x-ma><div id=p2></div>', function () { $("p2").moveBefore($("a3"), null); })`,
			"disc a3,conn a3,move m3"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s: %q, want %q", c.js, got, c.want)
		}
	}
}
