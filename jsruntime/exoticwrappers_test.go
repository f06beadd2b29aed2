package jsruntime

import "testing"

// TestLegacyPlatformObjectKeys checks the wrappers with indexed or named
// properties (bind.Exotic: collections, NamedNodeMap, DOMStringMap,
// CSSStyleDeclaration) take what pages put on objects: symbol-keyed
// properties (Vue 3 keeps its listeners under a symbol), accessors and
// expandos, with Web IDL's descriptor shapes for indices and names. The
// expected values are Chromium's.
func TestLegacyPlatformObjectKeys(t *testing.T) {
	cases := []struct{ name, js, want string }{
		{"style symbol", `var s = Symbol('x'), st = el.style; st[s] = 1; [st[s], Object.getOwnPropertySymbols(st).length, st.color].join()`, "1,1,red"},
		{"style accessor expando", `var st = el.style; Object.defineProperty(st, 'foo', {get: function () { return 3 }}); var k = Object.keys(st); [st.foo, k.slice(0, 3).join('|'), k.indexOf('foo'), k.indexOf('webkitTransform') > 0, st.getPropertyValue('color')].join()`, "3,0|accentColor|additiveSymbols,-1,true,red"},
		{"style index read-only", `(function () { 'use strict'; try { el.style[0] = 'x'; return 'set' } catch (e) { return e.name + ',' + el.style[0] } })()`, "TypeError,color"},
		{"style descriptors", `var d = Object.getOwnPropertyDescriptor(el.style, '0'); [d.value, d.writable, d.enumerable, d.configurable, el.style.hasOwnProperty('color'), 'color' in el.style].join()`, "color,false,true,true,true,true"},
		{"dataset symbol and accessor", `var s = Symbol(), ds = el.dataset; Object.defineProperty(ds, s, {get: function () { return 5 }}); var acc; try { Object.defineProperty(ds, 'k', {get: function () { return 1 }}); acc = 'defined' } catch (e) { acc = e.name } [ds[s], acc, el.hasAttribute('data-k')].join()`, "5,TypeError,false"},
		{"dataset setter and deleter", `var ds = el.dataset; ds.fooBar = 'x'; Object.defineProperty(ds, 'baz', {value: 'y'}); ds.toString = 'z'; var had = el.getAttribute('data-foo-bar'); delete ds.fooBar; [had, el.getAttribute('data-baz'), el.getAttribute('data-to-string'), typeof ds.toString, el.hasAttribute('data-foo-bar'), Object.keys(ds).join('|')].join()`, "x,y,z,string,false,a|baz|toString"},
		{"dataset odd keys", `var ds = el.dataset, c = document.body.children; ds['-'] = 'h'; ds[''] = 'e'; [el.getAttribute('data--'), el.getAttribute('data-'), c['-'], c['-1'], c[''], '-' in c].join()`, "h,e,,,,false"},
		{"dataset descriptor", `JSON.stringify(Object.getOwnPropertyDescriptor(el.dataset, 'a'))`, `{"value":"1","writable":true,"enumerable":true,"configurable":true}`},
		{"collection descriptors", `var c = document.getElementsByTagName('div'), di = Object.getOwnPropertyDescriptor(c, '0'), dn = Object.getOwnPropertyDescriptor(c, 'd'); [di.writable, di.enumerable, dn.writable, dn.enumerable, dn.configurable, Object.keys(c).join('|')].join()`, "false,true,false,false,true,0"},
		{"collection symbol accessor expando order", `var c = document.getElementsByTagName('div'), s = Symbol(); c[s] = 2; Object.defineProperty(c, 'zzz', {get: function () { return 7 }}); [c[s], c.zzz, Object.getOwnPropertyNames(c).join('|'), Object.getOwnPropertySymbols(c).length].join()`, "2,7,0|zzz|d,1"},
		{"collection for-in", `var c = document.getElementsByTagName('div'), k = []; for (var x in c) k.push(x); [k[0], k.indexOf('d'), k.indexOf('length') > 0].join()`, "0,-1,true"},
		{"collection index set and delete", `(function () { 'use strict'; var c = document.getElementsByTagName('div'), r = []; try { c[0] = 1 } catch (e) { r.push(e.name) } r.push(Reflect.deleteProperty(c, '0'), Reflect.deleteProperty(c, '7'), Reflect.deleteProperty(c, 'd'), Reflect.preventExtensions(c)); return r.join() })()`, "TypeError,false,true,false,false"},
		{"collection this of prototype accessors", `var c = document.getElementsByTagName('div'); Object.defineProperty(HTMLCollection.prototype, 'twice', {configurable: true, get: function () { return this.length * 2 }}); var v = c.twice; delete HTMLCollection.prototype.twice; [v, c.length, c.item(0) === c[0]].join()`, "2,1,true"},
		{"NamedNodeMap names", `var a = el.attributes, s = Symbol(); a[s] = 1; [Object.getOwnPropertyNames(a).join('|'), Object.keys(a).join('|'), a[s], a.id.value].join()`, "0|1|2|id|data-a|style,0|1|2,1,d"},
		{"NodeList symbol", `var l = document.querySelectorAll('div'), s = Symbol(); l[s] = 3; [l[s], l[0] === el, l.length, Object.keys(l).join()].join()`, "3,true,1,0"},
		{"form", `var f = document.createElement('form'), s = Symbol(); f.innerHTML = '<input name=user><input name=action>'; f[s] = 1; var dn = Object.getOwnPropertyDescriptor(f, 'user'); [f[s], f.action === f[1], dn.enumerable, dn.writable, Object.keys(f).join('|'), Object.getPrototypeOf(f) === HTMLFormElement.prototype].join()`, "1,true,false,false,0|1,true"},
		{"select indexed setter", `var sel = document.createElement('select'); sel.innerHTML = '<option>a</option>'; sel[2] = new Option('c'); sel[0] = null; var k = Symbol(); sel[k] = 2; [sel.length, sel[1].text, sel[k], Object.getOwnPropertyDescriptor(sel, '0').writable].join()`, "2,c,2,true"},
		{"options indexed setter", `var sel = document.createElement('select'); sel.options[2] = new Option('c'); [sel.options.length, sel.options[2].text, Object.getOwnPropertyDescriptor(sel.options, '0').writable].join()`, "3,c,true"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><div id=d data-a=1 style="color: red"></div>`, nil)
			p.run()
			if got := p.eval(`var el = document.getElementById('d');` + c.js); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			p.noErrors()
		})
	}
}

// BenchmarkStyleSet is one el.style.width = '...' from JS (a named
// property of a legacy platform object).
func BenchmarkStyleSet(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var st = document.getElementById('root').style", "st.width = (i & 7) + 'px'", b.N)
}

// BenchmarkStyleGet is one el.style.width read.
func BenchmarkStyleGet(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var st = document.getElementById('root').style, s; st.width = '1px'", "s = st.width", b.N)
}

// BenchmarkCollectionIndex is one collection[i] plus collection.length.
func BenchmarkCollectionIndex(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var r = document.getElementById('root'); for (var j = 0; j < 8; j++) r.appendChild(document.createElement('p')); var c = r.children, s", "s = c[i & 7]; s = c.length", b.N)
}

// BenchmarkStyleSetCalc is one el.style.width = 'calc(...)' from JS: the
// value is typed and simplified as it is set.
func BenchmarkStyleSetCalc(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var st = document.getElementById('root').style", "st.width = 'calc(100% - ' + (i & 7) + 'px - 1em)'", b.N)
}
