package jsruntime

import "testing"

// TestLegacyPlatformObjectSetDelete checks [[Set]] and [[Delete]] of
// objects with indexed and named properties: a supported name or index
// without a setter or deleter is read-only and undeletable, an own expando
// hides a later named property, and select elements have an indexed getter
// and setter.
// https://webidl.spec.whatwg.org/#es-legacy-platform-objects
func TestLegacyPlatformObjectSetDelete(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "strict assignment to a name", js: `(function () { 'use strict'; var d = document.createElement('div'); d.innerHTML = '<p id=one></p>';
			var c = d.children, r = [];
			try { c.one = 5; r.push('no'); } catch (e) { r.push(e.name); }
			r.push(c.one === d.firstChild);
			c.two = 2; r.push(c.two);
			return r.join(); })()`, want: "TypeError,true,2"},
		{name: "sloppy assignment is ignored", js: `var d = document.createElement('div'); d.innerHTML = '<p id=one></p>'; d.children.one = 5; d.children.one === d.firstChild`, want: "true"},
		{name: "delete", js: `(function () { 'use strict'; var d = document.createElement('div'); d.innerHTML = '<p id=one></p>';
			var c = d.children, r = [];
			try { delete c[0]; r.push('no'); } catch (e) { r.push(e.name); }
			try { delete c.one; r.push('no'); } catch (e) { r.push(e.name); }
			r.push(delete c[3], delete c.missing);
			c.x = 1; r.push(delete c.x, 'x' in c);
			return r.join(); })()`, want: "TypeError,TypeError,true,true,true,false"},
		{name: "an expando hides a later name", js: `var d = document.createElement('div'); var c = d.children; c.later = 7;
			d.appendChild(document.createElement('i')).id = 'later'; [c.later, c.namedItem('later') === d.firstChild].join()`, want: "7,true"},
		// A select's indexed properties sit behind the wrapper (bind.Exotic's
		// Behind): reading works, assigning makes an expando (the options
		// collection's setter still works), and the element takes symbols
		// and accessors as pages give them.
		{name: "select indexed getter; symbols and accessors on the element", js: `var s = document.createElement('select'); s.innerHTML = '<option>a</option><option>b</option>';
			var r = [s[0].text, s[1].text, String(s[2]), 1 in s, s instanceof HTMLSelectElement];
			s.options[3] = new Option('d'); r.push(s.length, s[2].text === '');
			var k = Symbol('k'); s[k] = 'sym'; Object.defineProperty(s, 'hidden1', {value: 'h', enumerable: false, configurable: true});
			Object.defineProperty(s, 'acc', {get() { return 'got'; }, configurable: true});
			r.push(s[k], s.hidden1, s.acc, Object.keys(s).includes('hidden1'));
			r.join()`, want: "a,b,undefined,true,true,4,true,sym,h,got,false"},
		{name: "forms take symbols, accessors and keep named controls", js: `var f = document.createElement('form'); f.innerHTML = '<input name=user value=u><input name=submit>';
			var k = Symbol('vei'); f[k] = 1; Object.defineProperty(f, 'x', {get() { return 'acc'; }, configurable: true});
			[f[k], f.x, f.user.value, f.submit.name, f[0].name, f instanceof HTMLFormElement, typeof f.reset,
			 Object.getPrototypeOf(f) === HTMLFormElement.prototype, Reflect.getPrototypeOf(f) === HTMLFormElement.prototype,
			 f.__proto__ === HTMLFormElement.prototype, HTMLFormElement.prototype.isPrototypeOf(f),
			 Object.getPrototypeOf.name, Object.getPrototypeOf.length].join()`, want: "1,acc,u,submit,user,true,function,true,true,true,true,getPrototypeOf,1"},
	})
}
