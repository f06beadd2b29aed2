package jsruntime

import "testing"

// TestWebIDLShapes checks binding details libraries and conformance tests
// probe.
func TestWebIDLShapes(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "EventTarget subclass", js: `class Emitter extends EventTarget { fire() { this.dispatchEvent(new CustomEvent('x', {detail: 2})) } }
			var e = new Emitter(), got; e.addEventListener('x', ev => got = ev.detail + ':' + (ev.target === e)); e.fire();
			[got, e instanceof EventTarget, new EventTarget() instanceof EventTarget].join()`, want: "2:true,true,true"},
		{name: "Event subclass", js: `class MyEv extends Event { constructor() { super('my', {bubbles: true}); this.extra = 1 } }
			var got; document.addEventListener('my', e => got = [e instanceof MyEv, e.extra, e.bubbles].join());
			document.body.dispatchEvent(new MyEv()); got`, want: "true,1,true"},
		{name: "redispatch", js: `var e = new Event('r'), n = 0; document.body.addEventListener('r', () => n++);
			document.body.dispatchEvent(e); document.body.dispatchEvent(e); [n, e.eventPhase, e.currentTarget].join()`, want: "2,0,"},
		{name: "constructors", js: `[new Text('t').data, new Comment('c').nodeType, new DocumentFragment().nodeType, new Document().nodeType,
			new Range().collapsed, typeof new DOMParser().parseFromString].join()`, want: "t,8,11,9,true,function"},
		{name: "descriptors", js: `var m = Object.getOwnPropertyDescriptor(Node.prototype, 'appendChild'), c = Object.getOwnPropertyDescriptor(Node, 'ELEMENT_NODE');
			[m.writable, m.enumerable, m.configurable, c.writable, c.configurable, Node.prototype.appendChild.length, Node.name,
			 Object.getPrototypeOf(HTMLElement) === Element, HTMLDivElement.prototype.constructor === HTMLDivElement].join()`,
			want: "true,true,true,false,false,1,Node,true,true"},
		{name: "iterators", markup: `<ul><li>a</li><li>b</li></ul>`, js: `var lis = document.querySelectorAll('li'), out = [];
			for (var li of lis) out.push(li.textContent); for (var [i, li] of lis.entries()) out.push(i);
			for (var li of document.getElementsByTagName('li')) out.push(li.tagName);
			out.push(typeof lis[Symbol.iterator], Array.from(document.body.firstChild.childNodes).length,
				typeof document.body.children.forEach, typeof document.body.children[Symbol.iterator], typeof document.body.attributes[Symbol.iterator],
				typeof document.body.childNodes.forEach); out.join()`,
			want: "a,b,0,1,LI,LI,function,2,undefined,function,function,function"},
		{name: "typed errors", js: `var r = [];
			try { document.createElement() } catch (e) { r.push(e.constructor.name) }
			try { document.body.classList.add('') } catch (e) { r.push(e.name) }
			try { document.body.classList.add('a b') } catch (e) { r.push(e.name) }
			try { document.createTextNode('x').appendChild(document.createElement('p')) } catch (e) { r.push(e.name) }
			try { new Event() } catch (e) { r.push(e.constructor.name) }
			try { Event('x') } catch (e) { r.push(e.constructor.name) }
			r.join()`, want: "TypeError,SyntaxError,InvalidCharacterError,HierarchyRequestError,TypeError,TypeError"},
		{name: "unqualified window methods", js: `var n = 0; addEventListener('u', () => n++); dispatchEvent(new Event('u')); [n, typeof getComputedStyle(document.body)].join()`,
			want: "1,object"},
		{name: "document.all and friends", markup: `<a href="/x">x</a><a name="n">n</a><img src="i.png"><form></form><script></script>`,
			js: `[document.links.length, document.anchors.length, document.images.length, document.forms.length, document.scripts.length,
			 typeof document.all, 'all' in document].join()`, want: "1,1,1,1,1,undefined,true"},
		{name: "HTMLAllCollection interface without an instance", js: `var p = HTMLAllCollection.prototype;
			[typeof HTMLAllCollection, Object.getPrototypeOf(p) === Object.prototype, p.item.length, p.namedItem.length, String(p),
			 p[Symbol.iterator] === Array.prototype.values, document.all instanceof HTMLAllCollection].join()`,
			want: "function,true,0,1,[object HTMLAllCollection],true,false"},
	})
}

func TestShadowDOM(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "attachShadow", markup: `<div id="host"><span slot="s">light</span></div>`,
			js: `var h = document.getElementById('host'); var s = h.attachShadow({mode: 'open'});
			s.innerHTML = '<p id="in">shadow</p><slot name="s"></slot>';
			var slot = s.querySelector('slot'), p = s.getElementById('in');
			var got; h.addEventListener('ping', e => got = e.target.id + ':' + e.composedPath().length);
			p.dispatchEvent(new Event('ping', {bubbles: true, composed: true}));
			[s instanceof ShadowRoot, s.mode, s.host === h, h.shadowRoot === s, p.isConnected, p.getRootNode() === s,
			 p.getRootNode({composed: true}) === document, slot.assignedNodes().length, h.firstElementChild.assignedSlot === slot, got,
			 document.getElementById('in')].join()`,
			want: "true,open,true,true,true,true,true,1,true,host:7,"},
		{name: "closed and invalid", markup: `<div id="c"></div>`,
			js: `var c = document.getElementById('c'), s = c.attachShadow({mode: 'closed'}); var r = [c.shadowRoot, s.mode];
			try { c.attachShadow({mode: 'open'}) } catch (e) { r.push(e.name) }
			try { document.createElement('img').attachShadow({mode: 'open'}) } catch (e) { r.push(e.name) }
			r.join()`, want: ",closed,NotSupportedError,NotSupportedError"},
		{name: "custom element with shadow", js: `customElements.define('x-card', class extends HTMLElement {
				constructor() { super(); this.attachShadow({mode: 'open'}).innerHTML = '<b>card</b>' } });
			var e = document.createElement('x-card'); document.body.appendChild(e); e.shadowRoot.firstChild.textContent`, want: "card"},
	})
}

func TestMoreInterfaces(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "moveBefore", markup: `<ul id="l"><li id="a">a</li><li id="b">b</li></ul>`,
			js: `var l = document.getElementById('l'); l.moveBefore(document.getElementById('b'), document.getElementById('a'));
			l.textContent`, want: "ba"},
		{name: "math and svg", markup: `<svg id="s"><circle/></svg><math id="m"><mi>x</mi></math>`,
			js: `[document.getElementById('s') instanceof SVGSVGElement, document.querySelector('circle') instanceof SVGElement,
			 document.getElementById('m') instanceof MathMLElement, document.createElementNS('http://www.w3.org/2000/svg', 'svg') instanceof SVGSVGElement].join()`,
			want: "true,true,true,true"},
		{name: "unscopables", js: `var u = Element.prototype[Symbol.unscopables]; [u.remove, u.append, Object.getPrototypeOf(u)].join()`, want: "true,true,"},
		{name: "inline handler with unscopables", markup: `<button id="b" onclick="window.r = typeof remove + ':' + typeof id">x</button>`,
			js: `document.getElementById('b').click(); r`, want: "undefined:string"},
	})
}

func TestExtras(t *testing.T) {
	p := newPage(t, `<div id="d"></div><script>
		var log = [];
		document.fonts.ready.then(f => log.push('fonts:' + f.status));
		var a = document.getElementById('d').animate([{opacity: 0}, {opacity: 1}], 300);
		a.onfinish = () => log.push('onfinish');
		a.finished.then(() => log.push('finished'));
		var s = getSelection(); s.removeAllRanges(); log.push('sel:' + s.rangeCount + ':' + s.type);
		var r = document.createRange(); s.addRange(r); log.push('range:' + (s.getRangeAt(0) === r));
	</script>`, nil)
	p.run()
	p.noErrors()
	if got := p.eval(`log.join(' ')`); got != "sel:0:None range:true fonts:loaded finished onfinish" {
		t.Fatalf("got %q", got)
	}
}
