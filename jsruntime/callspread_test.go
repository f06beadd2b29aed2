package jsruntime

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
)

func TestCallSpreadsLoweredAsGoja(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"function", `function f(...a) { return a; } f(...[1, 2], 3, ...[4])`, `[1,2,3,4]`},
		{"lone spread", `function f(a, b) { return [a, b, arguments.length]; } f(...[1, 2, 3])`, `[1,2,3]`},
		{"empty", `function f() { return arguments.length; } f(...[])`, `0`},
		{"math max", `Math.max(...[1, 5, 2])`, `5`},
		{"push", `const a = [1]; a.push(...[2, 3]); a`, `[1,2,3]`},
		{"this of a member call", `const o = { x: 1, m(...a) { return [this === o, this.x, a]; } }; o.m(...[2, 3])`, `[true,1,[2,3]]`},
		{"this of a computed member call", `const k = 'm'; const o = { m() { return this === o; } }; o[k](...[])`, `true`},
		{"this of a symbol member call", `const s = Symbol(); const o = { [s](a) { return this === o && a; } }; o[s](...[7])`, `7`},
		{"this of a plain call, sloppy", `function f() { return this === globalThis; } f(...[])`, `true`},
		{"this of a plain call, strict", `function f() { 'use strict'; return this; } f(...[]) === undefined`, `true`},
		{"this of a primitive", `String.prototype.me = function () { 'use strict'; return typeof this; }; const r = 'x'.me(...[]); delete String.prototype.me; r`, `"string"`},
		{"primitive method", `'a-b'.split(...['-'])`, `["a","b"]`},
		{"primitive getter receiver", `Object.defineProperty(Number.prototype, 'g', { get() { 'use strict'; const t = typeof this; return () => t; }, configurable: true }); const r = (5).g(...[]); delete Number.prototype.g; r`, `"number"`},
		{"nested", `function f(...a) { return a; } f(...f(...[1, 2]), ...[f(...[3])])`, `[1,2,[3]]`},
		{"order of evaluation", `const log = []; const v = (x) => (log.push(x), [x]); const o = { get m() { log.push('get m'); return (...a) => log.push('call ' + a); } }; (log.push('obj'), o).m(...v(1), v(2), ...v(3)); log`, `["obj","get m",1,2,3,"call 1,2,3"]`},
		{"computed key read before arguments", `const log = []; const k = { toString() { log.push('key'); return 'm'; } }; const o = { m() { log.push('call'); } }; o[k](...(log.push('args'), [])); log`, `["key","args","call"]`},
		{"method replaced by the arguments", `const o = { m() { return 'old'; } }; o.m(...(o.m = () => 'new', []))`, `"old"`},
		{"new", `class P { constructor(...a) { this.a = a; } } new P(...[1, 2], 3).a`, `[1,2,3]`},
		{"new lone", `new Date(...[2020, 1, 2]).getMonth()`, `1`},
		{"new target", `function F() { this.t = new.target === F; } new F(...[]).t`, `true`},
		{"new subclass", `class A { constructor(x) { this.x = x; } } class B extends A { constructor(...a) { super(...a); } } new B(...[4]).x`, `4`},
		{"new member callee", `const ns = { C: class { constructor(a) { this.a = a; } } }; new ns.C(...[8]).a`, `8`},
		{"set", `function f(...a) { return a; } f(...new Set([1, 1, 2]))`, `[1,2]`},
		{"map", `function f(...a) { return a; } f(...new Map([[1, 2]]))`, `[[1,2]]`},
		{"string", `function f(...a) { return a; } f(...'a🙂', ...'b')`, `["a","🙂","b"]`},
		{"arguments", `function f(...a) { return a; } function g() { return f(...arguments); } g(1, 2)`, `[1,2]`},
		{"arguments with its own iterator", `function f(...a) { return a; } function g() { arguments[Symbol.iterator] = function* () { yield 'own'; }; return f(...arguments); } g(1, 2)`, `["own"]`},
		{"arguments without an iterator", `function f(...a) { return a; } function g() { delete arguments[Symbol.iterator]; return f(...arguments); } g(1)`, `throws TypeError: object is not iterable`},
		{"arguments length changed", `function f(...a) { return a; } function g() { arguments.length = 1; return f(...arguments); } g(1, 2)`, `[1]`},
		{"arguments mapped", `function f(...a) { return a; } function g(x) { x = 'changed'; return f(...arguments); } g(1, 2)`, `["changed",2]`},
		{"arguments strict", `function f(...a) { return a; } function g() { 'use strict'; return f(0, ...arguments); } g(1, 2)`, `[0,1,2]`},
		{"arguments with patched next", `function f(...a) { return a; } const ip = Object.getPrototypeOf([][Symbol.iterator]()); const next = ip.next; ip.next = function () { const r = next.call(this); if (!r.done) r.value += '!'; return r; }; function g() { return f(...arguments); } const r = g('a'); ip.next = next; r`, `["a!"]`},
		{"element getter read before the callee fails", `const log = []; const arr = [1]; Object.defineProperty(arr, 0, { get() { log.push('get'); return 1; } }); let f = 5; try { f(...arr); } catch (e) { log.push(e.message); } log`, `["get","Value is not an object: 5"]`},
		{"element getter read once", `let n = 0; const arr = [1, 2]; Object.defineProperty(arr, 1, { get() { n++; return 2; } }); Math.max(...arr) + n`, `3`},
		{"non-callable proxy callee", `const p = new Proxy({}, {}); p(...[1])`, `throws TypeError: proxy target is not a function`},
		{"revoked proxy callee", `const r = Proxy.revocable(function () {}, {}); r.revoke(); r.proxy(...[1])`, `throws TypeError: Proxy already revoked`},
		{"function created by Function", `new Function('a', 'b', 'return a + b')(...[1, 2])`, `3`},
		{"host function", `[].concat.call(...[[1], 2])`, `[1,2]`},
		{"new with iterable", `new Set(...[[1, 2, 2]]).size`, `2`},
		{"new of a class with fields", `class C { x = 1; constructor(a) { this.a = a; } } const c = new C(...[2]); [c.x, c.a]`, `[1,2]`},
		{"new of a proxy", `const P = new Proxy(class { constructor(a) { this.a = a; } }, { construct(t, args, nt) { return { trapped: args }; } }); new P(...[1])`, `{"trapped":[1]}`},
		{"new not iterable", `new Date(...5)`, `throws TypeError: object is not iterable`},
		{"holes read the prototype", `function f(...a) { return a; } Array.prototype[1] = 'p'; const r = f(...[0, , 2]); delete Array.prototype[1]; r`, `[0,"p",2]`},
		{"holes are undefined", `function f(...a) { return [a.length, 1 in a, a[1] === undefined]; } f(...[0, , 2])`, `[3,true,true]`},
		{"sparse lone", `function f(a, b, c) { return [arguments.length, b === undefined]; } f(...new Array(3))`, `[3,true]`},
		{"generator", `function* g() { yield 1; yield 2; } Math.max(...g())`, `2`},
		{"generator order", `const log = []; function* g() { log.push('g1'); yield 1; log.push('g2'); } function f() { log.push('f'); } f(...g(), (log.push('after'), 0)); log`, `["g1","g2","after","f"]`},
		{"generator throws midway", `let closed = false; function* g() { try { yield 1; throw new RangeError('mid'); } finally { closed = true; } } let e; try { Math.max(...g()); } catch (x) { e = x.message; } [e, closed]`, `["mid",true]`},
		{"own iterator on the array", `function f(...a) { return a; } const a = [1, 2]; a[Symbol.iterator] = function* () { yield 'own'; }; f(...a)`, `["own"]`},
		{"patched Array.prototype iterator", `function f(...a) { return a; } const orig = Array.prototype[Symbol.iterator]; Array.prototype[Symbol.iterator] = function* () { yield 'p'; }; let r; try { r = f(...[1, 2]); } finally { Array.prototype[Symbol.iterator] = orig; } r`, `["p"]`},
		{"patched next", `function f(...a) { return a; } const ip = Object.getPrototypeOf([][Symbol.iterator]()); const next = ip.next; ip.next = function () { const r = next.call(this); if (!r.done) r.value *= 10; return r; }; const r = f(...[1, 2]); ip.next = next; r`, `[10,20]`},
		{"array subclass", `function f(...a) { return a; } class L extends Array { *[Symbol.iterator]() { yield 'sub'; } } f(...L.from([1]))`, `["sub"]`},
		{"proxy of an array", `const log = []; const p = new Proxy([1, 2], { get(t, k, r) { log.push(typeof k === 'symbol' ? 'sym' : k); return Reflect.get(t, k, r); } }); function f(...a) { return a; } [f(...p), log.join()]`, `[[1,2],"sym,length,0,length,1,length"]`},
		{"proxy callee", `const p = new Proxy(function () {}, { apply(t, th, args) { return ['trap', th === o, args]; } }); const o = { p }; o.p(...[1])`, `["trap",true,[1]]`},
		{"typed array", `Math.max(...new Uint8Array([3, 9]))`, `9`},
		{"bound function", `function f(...a) { return [this.t, a]; } const b = f.bind({ t: 'b' }, 0); b(...[1])`, `["b",[0,1]]`},
		{"async function", `let r; async function f(a) { r = a; } f(...[5]); r`, `5`},
		{"class without new", `class C {} C(...[])`, `throws TypeError: Class constructor cannot be invoked without 'new'`},
		{"callee throws", `function f() { throw new RangeError('in f'); } f(...[1])`, `throws RangeError: in f`},
		{"not iterable", `Math.max(...5)`, `throws TypeError: object is not iterable`},
		{"not iterable mixed", `Math.max(1, ...5)`, `throws TypeError: object is not iterable`},
		{"null spread", `const x = null; Math.max(...x)`, `throws TypeError: Cannot convert undefined or null to object`},
		{"undefined callee", `const o = {}; o.nope(...[1])`, `throws TypeError: Object has no member 'nope'`},
		{"undefined callee computed", `const o = {}; o['no' + 'pe'](...[1])`, `throws TypeError: Object has no member 'nope'`},
		{"undefined-valued member", `const o = { m: undefined }; o.m(...[1])`, `throws TypeError: Value is not an object: undefined`},
		{"undefined variable callee", `let f; f(...[1])`, `throws TypeError: Value is not an object: undefined`},
		{"number callee", `let f = 5; f(...[1])`, `throws TypeError: Value is not an object: 5`},
		{"object callee", `const f = {}; f(...[1])`, `throws TypeError: Not a function: [object Object]`},
		{"symbol callee", `const f = Symbol('s'); f(...[1])`, `throws TypeError: Cannot convert a Symbol value to a string`},
		{"null object", `const o = null; o.m(...[1])`, `throws TypeError: Cannot read property 'm' of undefined or null`},
		{"undefined object, literal key", `let o; o['m'](...[1])`, `throws TypeError: Cannot read property 'm' of undefined or null`},
		{"undefined object, number key", `let o; o[0](...[1])`, `throws TypeError: Cannot read property '0' of undefined`},
		{"undefined object, computed key", `let o; const k = 'm'; o[k](...[1])`, `throws TypeError: Cannot read property 'm' of undefined`},
		{"callee checked after the arguments", `const log = []; const o = {}; try { o.nope(...(log.push('args'), [])); } catch (e) { log.push(e.name); } log`, `["args","TypeError"]`},
		{"not a constructor", `const f = () => 0; new f(...[1])`, `throws TypeError: Value is not a constructor`},
		{"new of undefined", `let C; new C(...[1])`, `throws TypeError: Value is not an object: undefined`},
		{"getter callee throws", `const o = { get m() { throw new RangeError('getter'); } }; o.m(...[1])`, `throws RangeError: getter`},
		{"tdz callee", `f(...[1]); let f = () => 0;`, `throws ReferenceError: Cannot access a variable before initialization`},
		{"tdz argument", `function f(...a) { return a; } f(...x); let x = [1];`, `throws ReferenceError: Cannot access a variable before initialization`},
		{"completion value", `function f(a) { return a * 2; } f(...[21]);`, `42`},
		{"in a generator", `function* g() { const o = { m(...a) { return a; } }; return o.m(...(yield 1)); } const it = g(); it.next(); it.next([4, 5]).value`, `[4,5]`},
		{"in a parameter default", `function f(a = Math.max(...[1, 7])) { return a; } f()`, `7`},
		{"in a class field", `class C { x = Math.max(...[2, 8]); } new C().x`, `8`},
		{"with statement untouched", `const o = { f() { return this === o; } }; let r; with (o) { r = f(...[]); } r`, `true`},
		{"with statement proxy", `const log = []; const p = new Proxy({}, { has(t, k) { log.push(String(k)); return false; } }); const o = { m(...a) { return a.length; } }; let r; with (p) { r = o.m(...[1, 2]); } [r, log]`, `[2,["r","o"]]`},
		{"with statement proxy, other lowerings", `const log = []; const p = new Proxy({}, { has(t, k) { log.push(String(k)); return false; } }); let r; with (p) { const [a, ...b] = [...[1, 2]]; r = [a, b]; } [r, log]`, `[[1,[2]],["r"]]`},
		{"with statement member call", `const o = { f() { return this === o; } }; let r; with ({}) { r = o.f(...[]); } r`, `true`},
		{"direct eval untouched", `function g() { const x = 3; return eval(...['x']); } g()`, `3`},
		{"super method untouched", `class A { m(...a) { return a; } } class B extends A { m(...a) { return super.m(...a, 'b'); } } new B().m(1)`, `[1,"b"]`},
		{"recursion", `function sum(n, ...rest) { return rest.length ? n + sum(...rest) : n; } sum(...[1, 2, 3, 4])`, `10`},
		{"toString unchanged", `(() => f(...a, ...b)).toString()`, `"() => f(...a, ...b)"`},
		{"call result used as callee", `function mk() { return (...a) => a.length; } mk()(...[1, 2])`, `2`},
		{"sequence callee has no this", `const o = { m() { 'use strict'; return this; } }; (0, o.m)(...[]) === undefined`, `true`},
		{"private method untouched", `class C { #m(...a) { return a; } run() { return this.#m(...[1]); } } new C().run()`, `[1]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, lowered := runBothMessages(t, tc.src)
			if lowered != plain {
				t.Errorf("lowered: %s\ngoja:    %s", lowered, plain)
			}
			if lowered != tc.want {
				t.Errorf("got %s, want %s", lowered, tc.want)
			}
		})
	}
}

// TestCallSpreadsRewritten checks which calls callspread.go lowers.
func TestCallSpreadsRewritten(t *testing.T) {
	for _, tc := range []struct {
		src   string
		calls int
	}{
		{`f(...a); o.m(1, ...b); o[k](...c, 2); new C(...d); x = g(h(...e));`, 5},
		{`f(a); new C; eval(...a); o?.m(...a); f?.(...a); with (o) f(...a); class A extends B { constructor(...a) { super(...a); } m() { super.m(...a); } #p() {} q() { this.#p(...a); } }`, 0},
		{`with (o) { o.m(...a); new C(...a); } g(...a);`, 1},
	} {
		prg, err := goja.Parse("t.js", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		var l patternLowering
		astwalk.Children(prg, &l)
		if l.calls != tc.calls {
			t.Errorf("%s: %d calls lowered, want %d", tc.src, l.calls, tc.calls)
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%s: %v", tc.src, err)
		}
	}
}

func BenchmarkCallSpreads(b *testing.B) {
	const src = `(function () {
  const xs = []; for (let i = 0; i < 20; i++) xs.push(i);
  const o = { n: 0, add(...a) { this.n += a.length; } };
  let m = 0, out = [];
  for (let i = 0; i < 100; i++) {
    m += Math.max(...xs);
    o.add(i, ...xs);
    out.push(...xs);
  }
  return m + o.n + out.length;
})()`
	benchLowered(b, src)
}

// BenchmarkCallSpreadForwarding: the forwarding shapes libraries use,
// with few arguments.
func BenchmarkCallSpreadForwarding(b *testing.B) {
	const src = `(function () {
  const target = { n: 0, m(a, b) { this.n += (a | 0) + (b | 0); } };
  const fwd = (...args) => target.m(...args);
  function legacy() { return target.m(...arguments); }
  for (let i = 0; i < 2000; i++) {
    fwd(); fwd(i); fwd(i, 1);
    legacy(i, 2);
  }
  return target.n;
})()`
	benchLowered(b, src)
}
