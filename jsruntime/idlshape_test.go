package jsruntime

import "testing"

// TestIDLHarnessShapes checks the interface shapes idlharness.js (WPT)
// tests on the DOM interfaces, with Chromium 156's answers, so they hold
// without the npm packages the WPT pages need.
func TestIDLHarnessShapes(t *testing.T) {
	const unscopables = `function unscopables(c) {
		var d = Object.getOwnPropertyDescriptor(c.prototype, Symbol.unscopables);
		if (!d) return 'none';
		var u = d.value;
		return [d.writable, d.enumerable, d.configurable, Object.getPrototypeOf(u)].join() + ':' +
			Object.keys(u).map(function (k) { return k + (u[k] === true ? '' : '=' + u[k]) }).join();
	}
	`
	runEvalCases(t, []evalCase{
		// https://dom.spec.whatwg.org/#interface-parentnode and #interface-childnode:
		// their operations are [Unscopable]; so is Element.slot.
		{name: "Document unscopables", js: unscopables + `unscopables(Document)`, want: "false,false,true,:append,fullscreen,prepend,replaceChildren"},
		{name: "DocumentType unscopables", js: unscopables + `unscopables(DocumentType)`, want: "false,false,true,:after,before,remove,replaceWith"},
		{name: "DocumentFragment unscopables", js: unscopables + `unscopables(DocumentFragment)`, want: "false,false,true,:append,prepend,replaceChildren"},
		{name: "CharacterData unscopables", js: unscopables + `unscopables(CharacterData)`, want: "false,false,true,:after,before,remove,replaceWith"},
		{name: "Element unscopables", js: unscopables + `unscopables(Element)`,
			want: "false,false,true,:after,append,before,prepend,remove,replaceChildren,replaceWith,slot"},
		{name: "no unscopables elsewhere", js: unscopables + `[Node, Text, HTMLElement, ShadowRoot, EventTarget].map(unscopables).join()`,
			want: "none,none,none,none,none"},
		{name: "inline handler scope skips unscopables", markup: `<button id="b" onclick="window.r = [typeof remove, typeof before, typeof slot, typeof id, typeof click].join()">x</button>`,
			js: `window.remove = window.before = window.slot = 1; document.getElementById('b').click(); r`, want: "number,number,number,string,function"},

		// customElementRegistry: the window's registry for nodes of the
		// window's document, null for other documents (Chromium 156).
		{name: "customElementRegistry", js: `function s(v) { return v === customElements ? 'global' : String(v) }
			var d = new Document(), h = document.implementation.createHTMLDocument('');
			var host = document.createElement('div'), sr = host.attachShadow({mode: 'open'});
			[document, document.body, document.createElementNS(null, 'foo'), sr, d, d.createElement('p'), h.createElement('div').attachShadow({mode: 'open'}),
			 new DOMParser().parseFromString('<p>', 'text/html')].map(function (n) { return s(n.customElementRegistry) }).join()`,
			want: "global,global,global,global,null,null,null,null"},
		{name: "customElementRegistry is readonly on the prototypes", js: `['Document', 'Element', 'ShadowRoot'].map(function (n) {
				var d = Object.getOwnPropertyDescriptor(window[n].prototype, 'customElementRegistry');
				return [typeof d.get, typeof d.set, d.enumerable, d.configurable].join(':') }).join()`,
			want: "function:undefined:true:true,function:undefined:true:true,function:undefined:true:true"},
		{name: "ShadowRoot.onslotchange", markup: `<div id="host"></div><script>
			var host = document.getElementById('host'), sr = host.attachShadow({mode: 'open'});
			sr.innerHTML = '<slot></slot>'; var d = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'onslotchange');
			var got = [typeof d.get, typeof d.set, sr.onslotchange];
			sr.onslotchange = function (e) { got.push(e.type, e.target === sr.firstChild) };
			host.appendChild(document.createElement('span'));</script>`,
			js: `got.join()`, want: "function,function,,slotchange,true"},

		// https://webidl.spec.whatwg.org/#interface-object: Window inherits
		// EventTarget; WindowProperties has no interface object. (Its class
		// string is EventTarget's here, not WindowProperties: goja's dynamic
		// objects hold no symbol properties.)
		{name: "Window chain", js: `var wp = Object.getPrototypeOf(Window.prototype);
			[Object.getPrototypeOf(Window) === EventTarget, 'WindowProperties' in window,
			 Object.getPrototypeOf(wp) === EventTarget.prototype, window instanceof EventTarget].join()`,
			want: "true,false,true,true"},
		// https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers:
		// onmouseenter and onmouseleave are [LegacyLenientThis].
		{name: "lenient mouseenter", js: `[HTMLElement, SVGElement, Document].map(function (c) {
				var d = Object.getOwnPropertyDescriptor(c.prototype, 'onmouseenter'), e = Object.getOwnPropertyDescriptor(c.prototype, 'onmouseleave');
				d.set.call({}, function () {});
				return [d.get.call({}), e.get.call(1)].join('/') }).join() + ';' + typeof Object.getOwnPropertyDescriptor(window, 'onmouseenter').get.call({})`,
			want: "/,/,/;undefined"},
		{name: "other handlers still check this", js: `try { Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'onclick').get.call({}); 'no' } catch (e) { e.message }`,
			want: "Illegal invocation"},

		// [Replaceable] window attributes: assignment defines an own data
		// property (cssom-view, HTML's length and origin).
		{name: "replaceable window attributes", js: `var names = ['length', 'origin', 'innerWidth', 'innerHeight', 'outerWidth', 'outerHeight',
				'scrollX', 'scrollY', 'pageXOffset', 'pageYOffset', 'screenX', 'screenY', 'screenLeft', 'screenTop'];
			var setters = names.filter(function (n) { return typeof Object.getOwnPropertyDescriptor(window, n).set === 'function' }).length;
			innerWidth = 7; window.origin = 'o';
			[setters === names.length, innerWidth, origin, 'value' in Object.getOwnPropertyDescriptor(window, 'innerWidth')].join()`,
			want: "true,7,o,true"},
		// https://html.spec.whatwg.org/multipage/obsolete.html#htmlframesetelement
		{name: "frameset window event handlers", js: `['onafterprint', 'onhashchange', 'onmessage', 'onunload'].map(function (n) { return n in HTMLFrameSetElement.prototype }).join()`,
			want: "true,true,true,true"},

		// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#validitystate
		{name: "ValidityState", js: `var i = document.createElement('input'); i.required = true; var v = i.validity;
			var r = [v instanceof ValidityState, v === i.validity, Object.prototype.toString.call(v), v.valueMissing, v.valid];
			i.value = 'x'; r.push(v.valueMissing, v.valid); i.setCustomValidity('no'); r.push(v.customError, v.valid);
			try { new ValidityState() } catch (e) { r.push(e.constructor.name) }
			r.push(Object.keys(ValidityState.prototype).join(' ')); r.join()`,
			want: "true,true,[object ValidityState],true,false,false,true,true,false,TypeError," +
				"valueMissing typeMismatch patternMismatch tooLong tooShort rangeUnderflow rangeOverflow stepMismatch badInput customError valid"},

		// https://webidl.spec.whatwg.org/#legacy-factory-functions
		{name: "legacy factory functions", js: `var r = [];
			[[Image, HTMLImageElement], [Option, HTMLOptionElement], [Audio, HTMLAudioElement]].forEach(function (p) {
				var f = p[0]; try { f(); r.push('no') } catch (e) { r.push(e.constructor.name) }
				r.push(f.name + f.length, f.prototype === p[1].prototype, new f() instanceof p[1], String(f) === 'function ' + f.name + '() { [native code] }');
			});
			var img = new Image(3, 4), opt = new Option('t', 'v', true, true);
			r.push(img.width, img.height, opt.text, opt.value, opt.defaultSelected, opt.selected); r.join()`,
			want: "TypeError,Image0,true,true,true,TypeError,Option0,true,true,true,TypeError,Audio0,true,true,true,3,4,t,v,true,true"},

		// https://webidl.spec.whatwg.org/#legacy-callback-interface-object
		{name: "NodeFilter is a legacy callback interface object", js: `var d = Object.getOwnPropertyDescriptor(window, 'NodeFilter');
			[typeof NodeFilter, 'prototype' in NodeFilter, NodeFilter.length, NodeFilter.name, d.writable, d.enumerable, d.configurable,
			 Object.getPrototypeOf(NodeFilter) === Function.prototype].join()`,
			want: "function,false,0,NodeFilter,true,false,true,true"},
		{name: "NodeFilter constants in IDL order", js: `Object.keys(NodeFilter).map(function (k) { return k + '=' + NodeFilter[k] }).join()`,
			want: "FILTER_ACCEPT=1,FILTER_REJECT=2,FILTER_SKIP=3,SHOW_ALL=4294967295,SHOW_ELEMENT=1,SHOW_ATTRIBUTE=2,SHOW_TEXT=4," +
				"SHOW_CDATA_SECTION=8,SHOW_ENTITY_REFERENCE=16,SHOW_ENTITY=32,SHOW_PROCESSING_INSTRUCTION=64,SHOW_COMMENT=128," +
				"SHOW_DOCUMENT=256,SHOW_DOCUMENT_TYPE=512,SHOW_DOCUMENT_FRAGMENT=1024,SHOW_NOTATION=2048"},
		{name: "NodeFilter cannot be called or constructed", js: `var r = [];
			try { NodeFilter() } catch (e) { r.push(e.constructor.name) }
			try { new NodeFilter() } catch (e) { r.push(e.constructor.name) }
			r.join()`, want: "TypeError,TypeError"},
		{name: "NodeFilter constants still filter", js: `var tw = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT,
			{acceptNode: function (n) { return n.tagName === 'P' ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP }});
			var n = 0; while (tw.nextNode()) n++; n`, want: "2"},
	})
}
