package jsruntime

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
)

// runBoth runs src compiled by goja as written and compiled with its array
// patterns lowered, each in a fresh runtime, and returns what each printed
// (the script's completion value as JSON, or the exception's name).
func runBoth(t testing.TB, src string) (plain, lowered string) {
	t.Helper()
	return runBothReporting(t, src, false, 2*time.Second)
}

// checkLoopLowering checks that src gives want as goja compiles it and
// the same lowered, and that lower rewrites wantLowered loops of it.
func checkLoopLowering(t *testing.T, src, want string, wantLowered int, lower func(*ast.Program) int) {
	t.Helper()
	plain, lowered := runBoth(t, src)
	if plain != want {
		t.Errorf("goja: %s, want %s", plain, want)
	}
	if lowered != plain {
		t.Errorf("lowered: %s, goja: %s", lowered, plain)
	}
	prg, err := goja.Parse("t.js", src)
	if err != nil {
		t.Fatal(err)
	}
	if n := lower(prg); n != wantLowered {
		t.Errorf("lowered %d loops, want %d", n, wantLowered)
	}
}

// runBothMessages is runBoth reporting an exception's message too.
func runBothMessages(t testing.TB, src string) (plain, lowered string) {
	t.Helper()
	return runBothReporting(t, src, true, 2*time.Second)
}

// runBothReporting runs src compiled by goja and by compileScript, each in
// a new runtime interrupted after timeout, and returns what each gave: the
// completion value as JSON, "throws Name" (with ": message" if messages),
// "compile: ..." or, when interrupted, "error ...".
func runBothReporting(t testing.TB, src string, messages bool, timeout time.Duration) (plain, lowered string) {
	t.Helper()
	run := func(lower bool) string {
		rt := goja.New()
		if err := installArrayPatternHelper(rt); err != nil {
			t.Fatal(err)
		}
		var prg *goja.Program
		var err error
		if lower {
			prg, err = compileScript("t.js", src)
		} else {
			prg, err = goja.Compile("t.js", src, false)
		}
		if err != nil {
			return "compile: " + strings.SplitN(err.Error(), " (", 2)[0]
		}
		timer := time.AfterFunc(timeout, func() { rt.Interrupt("timeout") })
		defer timer.Stop()
		v, err := rt.RunProgram(prg)
		if err != nil {
			if ex, ok := err.(*goja.Exception); ok {
				if o, ok := ex.Value().(*goja.Object); ok {
					if messages {
						return "throws " + o.Get("name").String() + ": " + o.Get("message").String()
					}
					return "throws " + o.Get("name").String()
				}
				return "throws " + ex.Value().String()
			}
			return "error " + err.Error()
		}
		s, err := rt.RunString("JSON.stringify")
		if err != nil {
			t.Fatal(err)
		}
		f, _ := goja.AssertFunction(s)
		out, err := f(goja.Undefined(), v)
		if err != nil {
			return "unserializable"
		}
		return out.String()
	}
	return run(false), run(true)
}

func TestArrayPatternsLoweredAsGoja(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"pair", `const [a, b] = [1, 2]; [a, b]`, `[1,2]`},
		{"let", `let [a, b] = [1, 2]; a = 5; [a, b]`, `[5,2]`},
		{"holes", `const [, b, , d] = [1, 2, 3, 4, 5]; [b, d]`, `[2,4]`},
		{"short array", `const [a, b, c] = [1]; [a, b === undefined, c === undefined]`, `[1,true,true]`},
		{"sparse array reads the prototype", `Array.prototype[1] = 'p'; const [a, b] = [0, , 2]; delete Array.prototype[1]; [a, b]`, `[0,"p"]`},
		{"list of bindings", `const x = 1, [a, b] = [2, 3], y = a + b; [x, a, b, y]`, `[1,2,3,5]`},
		{"two patterns", `let [a] = [1], [b, c] = [a + 1, a + 2]; [a, b, c]`, `[1,2,3]`},
		{"map entries", `const m = new Map([[1, 'a'], [2, 'b']]); const out = []; for (const [k, v] of m) out.push(k + v); out`, `["1a","2b"]`},
		{"map entry destructured", `const [[k, v]] = new Map([['x', 1]]); [k, v]`, `["x",1]`},
		{"set", `const [a, b] = new Set(['s', 't', 'u']); [a, b]`, `["s","t"]`},
		{"string", `const [a, b] = 'hé🙂'; [a, b]`, `["h","é"]`},
		{"string astral", `const [a, b] = '🙂x'; [a, b]`, `["🙂","x"]`},
		{"generator closed early", `let closed = false; function* g() { try { yield 1; yield 2; yield 3; } finally { closed = true; } } const [a, b] = g(); [a, b, closed]`, `[1,2,true]`},
		{"generator exhausted", `let closed = false; function* g() { try { yield 1; } finally { closed = true; } } const [a, b] = g(); [a, b === undefined, closed]`, `[1,true,true]`},
		{"infinite iterator", `function* g() { let i = 0; for (;;) yield i++; } const [a, , c] = g(); [a, c]`, `[0,2]`},
		{"custom iterable", `const log = []; const it = { [Symbol.iterator]() { let i = 0; return { next() { log.push('n' + i); return { value: i++, done: i > 5 }; }, return() { log.push('r'); return {}; } }; } }; const [a, b] = it; [a, b, log.join()]`, `[0,1,"n0,n1,r"]`},
		{"return result not an object", `const it = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { return 1; } }; } }; const [a] = it; a`, `throws TypeError`},
		{"next throws, no close", `let closed = false; const it = { [Symbol.iterator]() { return { next() { throw new RangeError('x'); }, return() { closed = true; return {}; } }; } }; try { const [a] = it; } catch (e) { [e.name, closed] }`, `["RangeError",false]`},
		{"own iterator on array", `const arr = [1, 2]; arr[Symbol.iterator] = function* () { yield 'x'; yield 'y'; }; const [a, b] = arr; [a, b]`, `["x","y"]`},
		{"patched Array.prototype iterator", `const orig = Array.prototype[Symbol.iterator]; Array.prototype[Symbol.iterator] = function* () { yield 'p'; }; const [a, b] = [1, 2]; Array.prototype[Symbol.iterator] = orig; [a, b === undefined]`, `["p",true]`},
		{"patched array iterator next", `const ip = Object.getPrototypeOf([][Symbol.iterator]()); const next = ip.next; ip.next = function () { const r = next.call(this); if (!r.done) r.value = r.value * 10; return r; }; const [a, b] = [1, 2]; ip.next = next; [a, b]`, `[10,20]`},
		{"array subclass", `class L extends Array { *[Symbol.iterator]() { yield 'sub'; } } const l = L.from([1, 2]); const [a] = l; a`, `"sub"`},
		{"arguments", `function f() { const [a, b] = arguments; return [a, b]; } f(3, 4)`, `[3,4]`},
		{"typed array", `const [a, b] = new Uint8Array([7, 8]); [a, b]`, `[7,8]`},
		{"proxy traps", `const log = []; const p = new Proxy([1, 2], { get(t, k, r) { log.push(typeof k === 'symbol' ? 'sym' : k); return Reflect.get(t, k, r); } }); const [a, b] = p; [a, b, log.join()]`, `[1,2,"sym,length,0,length,1"]`},
		{"undefined", `const [a] = undefined;`, `throws TypeError`},
		{"null", `const [a] = null;`, `throws TypeError`},
		{"number", `const [a] = 5;`, `throws TypeError`},
		{"object", `const [a] = {};`, `throws TypeError`},
		{"const reassigned", `const [a] = [1]; a = 2;`, `throws TypeError`},
		{"tdz", `const [a, b] = [b, 1];`, `throws ReferenceError`},
		{"for-of const", `const out = []; for (const [i, s] of [[1, 'a'], [2, 'b']]) out.push(s + i); out`, `["a1","b2"]`},
		{"for-of const body not a block", `const out = []; for (const [i, s] of [[1, 'a'], [2, 'b']]) out.push(s + i); out`, `["a1","b2"]`},
		{"for-of const reassigned", `for (const [a] of [[1]]) { a = 2; }`, `throws TypeError`},
		{"for-of let closures", `const fs = []; for (let [a, b] of [[1, 2], [3, 4]]) { fs.push(() => a + b); a = 0; } fs.map(f => f())`, `[2,4]`},
		{"for-of shadowing in body", `const out = []; for (const [a] of [[1], [2]]) { let b = a * 2; { const a = 'inner'; out.push(a); } out.push(a, b); } out`, `["inner",1,2,"inner",2,4]`},
		{"for-of continue and break with labels", `const out = []; outer: for (const [a, b] of [[1, 2], [3, 4], [5, 6]]) { for (const [c] of [[a]]) { if (c === 3) continue outer; if (c === 5) break outer; out.push(c + b); } } out`, `[3]`},
		{"for-of entries", `const out = []; for (const [k, v] of Object.entries({x: 1, y: 2})) out.push(k + v); out`, `["x1","y2"]`},
		{"for-of non-iterable items", `for (const [a] of [1]) {}`, `throws TypeError`},
		{"for-let initializer", `const out = []; for (let [i, n] = [0, 3]; i < n; i++) out.push(i); out`, `[0,1,2]`},
		{"in functions and classes", `class C { x = (() => { const [a, b] = [1, 2]; return a + b; })(); static s; static { const [q] = ['st']; C.s = q; } m(v) { const [a] = v; return a; } } const c = new C(); [c.x, C.s, c.m(['m']), (function () { let [z] = [9]; return z; })()]`, `[3,"st","m",9]`},
		{"generator body", `function* g() { const [a, b] = yield 1; return a + b; } const it = g(); it.next(); it.next([2, 3]).value`, `5`},
		{"async body", `let r; (async () => { const [a] = await Promise.resolve([7]); r = a; })(); r === undefined`, `true`},
		{"eval sees the names", `const [a, b] = [1, 2]; eval('a + b')`, `3`},
		{"toString unchanged", `function f(v) { const [a, b] = v; return a; } f.toString()`, `"function f(v) { const [a, b] = v; return a; }"`},
		{"defaults", `const [a = 5, b = 6, c = 'c', d = null] = [undefined, 2]; [a, b, c, d]`, `[5,2,"c",null]`},
		{"default null is not undefined", `const [a = 1] = [null]; a`, `null`},
		{"default object literals are fresh", `const f = () => { const [a = {}] = []; return a; }; f() !== f()`, `true`},
		{"default read once", `let n = 0; const arr = []; Object.defineProperty(arr, 0, { get() { n++; return undefined; } }); const [a = 7] = arr; [a, n]`, `[7,1]`},
		{"default from a generator", `function* g() { yield undefined; yield 2; } const [a = 'd', b = 'e', c = 'f'] = g(); [a, b, c]`, `["d",2,"f"]`},
		{"defaults not literal untouched", `let n = 0; const [a = n++, b = () => 0] = []; [a, n, b.name]`, `[0,1,"b"]`},
		{"rest", `const [a, ...r] = [1, 2, 3]; [a, r]`, `[1,[2,3]]`},
		{"rest alone", `const [...r] = [1, 2]; const s = [1, 2]; const [...t] = s; [r, t !== s]`, `[[1,2],true]`},
		{"rest empty", `const [a, b, ...r] = [1]; [a, b === undefined, r]`, `[1,true,[]]`},
		{"rest of holes", `Array.prototype[1] = 'p'; const [a, ...r] = [0, , , 3]; delete Array.prototype[1]; [a, r, 1 in r]`, `[0,["p",null,3],true]`},
		{"rest with a default", `const [a = 1, ...r] = [undefined, 2]; [a, r]`, `[1,[2]]`},
		{"rest of a string", `const [a, ...r] = 'a🙂b'; [a, r]`, `["a",["🙂","b"]]`},
		{"rest of a set and a map", `const [a, ...r] = new Set([1, 2, 3]); const [[k], ...m] = new Map([[1, 2], [3, 4]]); [a, r, k, m]`, `[1,[2,3],1,[[3,4]]]`},
		{"rest of a generator runs it out", `let fin = false; function* g() { try { yield 1; yield 2; } finally { fin = true; } } const [a, ...r] = g(); [a, r, fin]`, `[1,[2],true]`},
		{"rest of an infinite iterator", `function* g() { let i = 0; for (;;) { if (i > 1000) throw new RangeError('stop'); yield i++; } } const [...r] = g();`, `throws RangeError`},
		{"rest of arguments", `function f() { const [a, ...r] = arguments; return [a, r]; } f(1, 2, 3)`, `[1,[2,3]]`},
		{"rest of a proxy", `const log = []; const p = new Proxy([1, 2], { get(t, k, r) { log.push(typeof k === 'symbol' ? 'sym' : k); return Reflect.get(t, k, r); } }); const [a, ...r] = p; [a, r, log.join()]`, `[1,[2],"sym,length,0,length,1,length"]`},
		{"rest own iterator", `const arr = [1, 2, 3]; arr[Symbol.iterator] = function* () { yield 'x'; yield 'y'; }; const [a, ...r] = arr; [a, r]`, `["x",["y"]]`},
		{"rest patched Array.prototype iterator", `const orig = Array.prototype[Symbol.iterator]; Array.prototype[Symbol.iterator] = function* () { yield 'p'; yield 'q'; }; let a, r; try { [a, ...r] = [1, 2, 3]; } finally { Array.prototype[Symbol.iterator] = orig; } const [b, ...s] = [1, 2, 3]; [a, r, b, s]`, `["p",["q"],1,[2,3]]`},
		{"rest patched next", `const ip = Object.getPrototypeOf([][Symbol.iterator]()); const next = ip.next; ip.next = function () { const r = next.call(this); if (!r.done) r.value *= 10; return r; }; const [a, ...r] = [1, 2, 3]; ip.next = next; [a, r]`, `[10,[20,30]]`},
		{"rest next throws", `const it = { [Symbol.iterator]() { let i = 0; return { next() { if (i++ > 1) throw new TypeError('n'); return { value: i, done: false }; }, return() { throw new RangeError('closed'); } }; } }; const [a, ...r] = it;`, `throws TypeError`},
		{"rest array grown by a getter", `const arr = [1, 2]; Object.defineProperty(arr, 1, { get() { arr.push(9); return 2; } }); const [a, ...r] = arr; [a, r]`, `[1,[2,9]]`},
		{"rest array shrunk by a getter", `const arr = [1, 2, 3]; Object.defineProperty(arr, 0, { get() { arr.length = 2; return 1; }, configurable: true }); const [a, ...r] = arr; [a, r]`, `[1,[2]]`},
		{"rest in a for-of head", `const out = []; for (const [k, ...v] of [[1, 2, 3], [4]]) out.push(k, v); out`, `[1,[2,3],4,[]]`},
		{"rest in a parameter", `const f = ([a, ...r], b) => [a, r, b]; f('xyz', 1)`, `["x",["y","z"],1]`},
		{"rest tdz", `const [a, ...r] = [r];`, `throws ReferenceError`},
		{"rest const", `const [...r] = [1]; r = 2;`, `throws TypeError`},
		{"nested untouched", `const [[a, ...b]] = [[1, 2]]; [a, b]`, `[1,[2]]`},
		{"nested untouched", `const [[a], {b}] = [[1], {b: 2}]; [a, b]`, `[1,2]`},
		{"var untouched", `var [a, b] = [1, 2]; for (var [c] of [[3]]); [a, b, c]`, `[1,2,3]`},
		{"assignment swap", `let a = 1, b = 2; [a, b] = [b, a]; [a, b]`, `[2,1]`},
		{"assignment completion value", `let a, b; [a, b] = [1, 2]`, `[1,2]`},
		{"assignment completion value of a set", `let a; [a] = new Set([1]); a`, `1`},
		{"assignment completion is the set", `let a; [a] = new Set([1])`, `{}`},
		{"assignment members from a literal", `const o = {}, arr = [1, 2, 3]; [o.x, arr[0], , arr[2]] = [arr[2], 'z', 'hole', 'w']; [o.x, arr]`, `[3,["z",2,"w"]]`},
		{"assignment swap in a loop", `const r = [1, 2, 3, 4]; for (let i = r.length - 1; i > 0; i--) { const j = i - 1; [r[i], r[j]] = [r[j], r[i]]; } r`, `[4,1,2,3]`},
		{"assignment order with setters", `const log = []; const o = { set x(v) { log.push('x=' + v); }, set y(v) { log.push('y=' + v); } }; const k = n => (log.push('key ' + n), n); [o.x, o[k('y')]] = [(log.push('rhs'), 1), 2]; log.join()`, `"rhs,x=1,key y,y=2"`},
		{"assignment members from an iterable untouched", `const log = []; const o = { set x(v) { log.push('x=' + v); } }; function* g() { log.push('n1'); yield 1; log.push('n2'); yield 2; } [o.x, o.y] = g(); log.concat(o.y).join()`, `"n1,x=1,n2,2"`},
		{"assignment in a sequence", `let a, b, c; c = 0, [a, b] = 'xy', c++; [a, b, c]`, `["x","y",1]`},
		{"assignment in && and ?:", `let a = 1, b = 2, c = 0; a < b && ([a, b] = [b, a]); c ? 0 : [c] = [9]; [a, b, c]`, `[2,1,9]`},
		{"assignment generator closed", `let closed = false; function* g() { try { yield 1; yield 2; } finally { closed = true; } } let a; [a] = g(); [a, closed]`, `[1,true]`},
		{"assignment not iterable", `let a; [a] = 5;`, `throws TypeError`},
		{"assignment to const", `const a = 1; [a] = [2];`, `throws TypeError`},
		{"assignment strict undeclared", `'use strict'; [zz] = [1];`, `throws ReferenceError`},
		{"assignment sloppy global", `[zz1] = [1]; zz1`, `1`},
		{"assignment value used untouched", `let a; const r = ([a] = [1, 2]); [a, r]`, `[1,[1,2]]`},
		{"assignment in an if without braces", `let a = 0, b = 0; if (true) [a, b] = [1, 2]; else [b, a] = [3, 4]; [a, b]`, `[1,2]`},
		{"assignment in a labelled statement", `let a; l: [a] = [5]; a`, `5`},
		{"spread copy", `const a = [1, 2, 3]; const b = [...a]; b.push(4); [a, b]`, `[[1,2,3],[1,2,3,4]]`},
		{"spread chunks", `const s = [3, 4], t = [7]; [0, , 2, ...s, 5, 6, ...t, ...[], 8]`, `[0,null,2,3,4,5,6,7,8]`},
		{"spread keeps a leading hole", `const r = [, ...[1]]; [0 in r, r.length]`, `[false,2]`},
		{"spread fills holes", `[...new Array(3)].map((_, i) => i)`, `[0,1,2]`},
		{"spread reads the prototype for holes", `Array.prototype[1] = 'p'; const r = [...[0, , 2]]; delete Array.prototype[1]; [r, 1 in r]`, `[[0,"p",2],true]`},
		{"spread elision after is untouched", `const r = [...[1], , 3]; [r.length, 1 in r]`, `[3,false]`},
		{"spread of a set, map, string, generator", `function* g() { yield 'g'; } [...new Set([1, 1, 2]), ...new Map([[3, 4]]), ...'a🙂', ...g()]`, `[1,2,[3,4],"a","🙂","g"]`},
		{"spread order with generators", `let n = 0; function* g() { n++; yield 'a'; n++; } [...g(), n, ...g(), n]`, `["a",2,"a",4]`},
		{"spread order of evaluation", `const log = []; const f = (x) => (log.push(x), [x]); [f(1), ...f(2), f(3), ...f(4)]; log`, `[1,2,3,4]`},
		{"spread array grown while copied", `const a = [1, 2]; let i = 0; const r = [...a.map(x => x)]; r`, `[1,2]`},
		{"spread own iterator", `const a = [1, 2]; a[Symbol.iterator] = function* () { yield 'own'; }; [...a]`, `["own"]`},
		{"spread patched next", `const ip = Object.getPrototypeOf([][Symbol.iterator]()); const next = ip.next; ip.next = function () { const r = next.call(this); if (!r.done) r.value += 1; return r; }; const r = [...[1, 2]]; ip.next = next; r`, `[2,3]`},
		{"spread arguments", `function f() { return [...arguments]; } f(1, 2)`, `[1,2]`},
		{"spread typed array", `[...new Uint8Array([5, 6])]`, `[5,6]`},
		{"spread not iterable", `[...5]`, `throws TypeError`},
		{"spread null", `const x = null; [1, ...x]`, `throws TypeError`},
		{"spread in call args and nested", `Math.max(...[1, ...[5, 2]], 3)`, `5`},
		{"spread assignment pattern untouched", `let a, b; [a, ...b] = [1, 2, 3]; for ([a, ...b] of [[4, 5]]); [a, b]`, `[4,[5]]`},
		{"spread toString unchanged", `(() => [...x]).toString()`, `"() => [...x]"`},
		{"spread copies are fresh", `const a = [1, 2]; const b = [...a], c = [0, ...a]; b.push(3); c.push(4); [a, b, c, b !== a]`, `[[1,2],[1,2,3],[0,1,2,4],true]`},
		{"spread appends after elements and spreads", `const a = [1, 2], e = []; [...e, ...a, ...e, 3, ...a, ...[...a, ...a]]`, `[1,2,3,1,2,1,2,1,2]`},
		{"spread array shrunk by a getter", `const arr = [1, 2, 3]; Object.defineProperty(arr, 0, { get() { arr.length = 1; return 1; }, configurable: true }); const r = [...arr]; Object.defineProperty(arr, 0, { value: 1 }); arr.push(2, 3); [r, [0, ...arr]]`, `[[1],[0,1,2,3]]`},
		{"spread array shrunk by a getter after elements", `const arr = [1, 2, 3]; Object.defineProperty(arr, 1, { get() { arr.length = 2; return 2; }, configurable: true }); [0, ...arr]`, `[0,1,2]`},
		{"spread array grown by a getter", `const arr = [1, 2]; let once = false; Object.defineProperty(arr, 1, { get() { if (!once) { once = true; arr.push(9); } return 2; }, configurable: true }); [[...arr], [0, ...arr]]`, `[[1,2,9],[0,1,2,9]]`},
		{"spread getter throws", `const arr = [1]; Object.defineProperty(arr, 0, { get() { throw new RangeError('g'); } }); [0, ...arr]`, `throws RangeError`},
		{"spread defines rather than sets alone", `const log = []; Object.defineProperty(Array.prototype, 0, { set(v) { log.push(v); }, configurable: true }); const r = [...[5, 6]]; delete Array.prototype[0]; [r, log]`, `[[5,6],[]]`},
		{"spread of a long array", `const a = []; for (let i = 0; i < 3000; i++) a.push(i); const r = [-1, ...a, ...a]; [r.length, r[1], r[3000], r[3001], r[6000]]`, `[6001,0,2999,0,2999]`},
		{"spread of a patched Array.from", `const from = Array.from; Array.from = () => ['patched']; const r = [...[1, 2]]; Array.from = from; r`, `[1,2]`},
		{"spread of a patched push", `const push = Array.prototype.push; Array.prototype.push = function () { return 0; }; const r = [0, ...[1, 2]]; Array.prototype.push = push; r`, `[0,1,2]`},
		{"param arrow concise", `Object.entries({x: 1, y: 2}).map(([k, v]) => k + v)`, `["x1","y2"]`},
		{"param arrow block", `[[1, 2], [3, 4]].map(([a, b]) => { const s = a + b; return s * 2; })`, `[6,14]`},
		{"param function and method", `function f(x, [a, , c]) { return x + a + c; } const o = { m([p]) { return p; }, set s([q]) { this.q = q; } }; o.s = ['sq']; [f(1, [2, 3, 4]), o.m('m!'), o.q]`, `[7,"m","sq"]`},
		{"param class constructor", `class A { constructor(v) { this.v = v; } } class B extends A { constructor([a, b]) { super(a); this.b = b; } } const b = new B([1, 2]); [b.v, b.b]`, `[1,2]`},
		{"param closures", `const fs = [[1, 2], [3, 4]].map(([a, b]) => () => a + b); fs.map(f => f())`, `[3,7]`},
		{"param reassigned", `function f([a]) { a = a * 5; return a; } f([2])`, `10`},
		{"param named function recursion", `(function g([n]) { return n ? g([n - 1]) + 1 : 0; })([3])`, `3`},
		{"param strict", `'use strict'; (([a]) => a)([1])`, `1`},
		{"param async", `let r; (async ([a]) => { r = a; })(['as']); r`, `"as"`},
		{"param arguments", `function f([a, b], c) { return [arguments.length, arguments[0].length, a + b + c]; } f([1, 2], 3)`, `[2,2,6]`},
		{"param length", `[(([a], b) => 0).length, (function ([a]) {}).length, ((x, [a] = [], y) => 0).length]`, `[2,1,1]`},
		{"param not iterable", `(([a]) => a)(5)`, `throws TypeError`},
		{"param missing", `(([a]) => a)()`, `throws TypeError`},
		{"param toString unchanged", `(([k, v]) => k + v).toString()`, `"([k, v]) => k + v"`},
		{"param default mentions untouched", `function f([a], b = a) { return [a, b]; } f([1])`, `[1,1]`},
		{"param generator untouched", `function* g([a]) { yield a; } let e; try { g(5); } catch (x) { e = x.name; } [e, g([7]).next().value]`, `["TypeError",7]`},
		{"param let shadow in body untouched", `function f([a]) { { let a = 3; } return a; } f([1])`, `1`},
		{"param duplicate", `function f([a], [a]) {}`, `compile: SyntaxError: Duplicate parameter name not allowed in this context at t.js:1:18`},
		{"param body function of the same name untouched", `function f([a]) { function a() {} return typeof a; } f([1])`, `"function"`},
		{"redeclared", `const [a] = [1]; const a = 2;`, `compile: SyntaxError: Identifier 'a' has already been declared at t.js:1:24`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, lowered := runBoth(t, tc.src)
			if lowered != plain {
				t.Errorf("lowered: %s\ngoja:    %s", lowered, plain)
			}
			if lowered != tc.want {
				t.Errorf("got %s, want %s", lowered, tc.want)
			}
		})
	}
}

// TestArrayPatternsRewritten checks that the patterns meant to be lowered
// are: each leaves one call of the helper in the compiled program's AST.
func TestArrayPatternsRewritten(t *testing.T) {
	for _, tc := range []struct {
		src   string
		calls int
	}{
		{`const [a, b] = x;`, 1},
		{`let p = 1, [a] = x, [b, , c] = y;`, 2},
		{`for (const [k, v] of m) f(k, v);`, 1},
		{`for (let [k, v] of m) { for (const [a] of k) g(a); }`, 2},
		{`function f() { return () => { const [a] = x; }; }`, 1},
		{`class C { static { let [a] = x; } m() { const [b] = y; } f = (() => { const [c] = z; })(); }`, 3},
		{`for (let [i] = x; i < 3; i++);`, 1},
		{`const [c = 1, , d = 'x', e = -1, f = {}, g = [], h = null, i = true, j = ` + "`t`" + `] = w; const [...r] = v; let [a, ...s] = u;`, 3},
		{`for (const [k = 0, ...v] of m); f(([a = 1, ...b]) => a, function ([c, ...d]) {});`, 3},
		{`f(([a, b]) => a + b); function g(x, [c]) {} ({ m([d]) {} });`, 3},
		{`[a, b] = [b, a]; x && ([c] = z), [o.p, o[q]] = [1, 2];`, 3},
		{`var [a] = x; for (var [b] of y); const [c = d] = w; const [...[d]] = v; const [[e]] = u; const [f = () => 0] = w; const [g = x.y] = w; const [] = t; x = [h] = z; [o.p] = z; f(([g] = []) => g, ([i], j = i) => 0, ([k]) => { let q; { let k; } const {k2} = q; function k() {} }); function* m([n]) {}`, 0},
	} {
		prg, err := goja.Parse("t.js", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := lowerArrayPatterns(prg); got != tc.calls {
			t.Errorf("%s: %d patterns lowered, want %d", tc.src, got, tc.calls)
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%s: %v", tc.src, err)
		}
	}
}

func BenchmarkArrayPatternMapCopy(b *testing.B) {
	const src = `(function () {
  const m = new Map(); for (let i = 0; i < 200; i++) m.set('k' + i, i);
  const out = new Map();
  for (const [k, v] of m) out.set(k, v);
  const pairs = []; for (let i = 0; i < 200; i++) pairs.push([i, -i]);
  let s = 0; for (const [a, c] of pairs) s += a + c;
  return out.size + s;
})()`
	benchLowered(b, src)
}

// benchProgram returns a runtime with the array pattern helper and src
// compiled as written by goja, or by compileScript with its lowerings.
func benchProgram(b *testing.B, src string, lower bool) (*goja.Runtime, *goja.Program) {
	rt := goja.New()
	if err := installArrayPatternHelper(rt); err != nil {
		b.Fatal(err)
	}
	compile := func(name, src string) (*goja.Program, error) { return goja.Compile(name, src, false) }
	if lower {
		compile = compileScript
	}
	prg, err := compile("b.js", src)
	if err != nil {
		b.Fatal(err)
	}
	return rt, prg
}

// benchLowered runs src compiled by goja as written and by compileScript
// (with its lowerings), as two sub-benchmarks.
func benchLowered(b *testing.B, src string) {
	for _, lower := range []bool{false, true} {
		b.Run(fmt.Sprintf("lowered=%v", lower), func(b *testing.B) {
			rt, prg := benchProgram(b, src, lower)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rt.RunProgram(prg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzLowerArrayPatterns checks that a script goja compiles still compiles
// with its array patterns lowered, and that lowering never panics.
func FuzzLowerArrayPatterns(f *testing.F) {
	for _, s := range []string{
		`const [a, b] = x;`,
		`for (let [k, v] of m) { let k2 = k; }`,
		`let p = 1, [a] = x, [b, , c] = y;`,
		`for (const [a] of b) for (const [c] of a) ;`,
		`l: for (const [a] of b) { continue l; }`,
		`function* g() { const [a] = yield; }`,
		`class C { static { const [a] = x; } }`,
		`for (let [i] = x; i < 3; i++) { const [j] = [i]; }`,
		`f(([a, b]) => a + b, function ([c], d) { return c; });`,
		`[a, b] = [b, a]; x && ([c, o.p] = [1, 2]), y ? [d] = e : 0;`,
		`class C { constructor([a]) { super(); } set s([b]) {} }`,
		`f(...a); o.m(1, ...b); o[k](...c, 2); o['s'](...d); new C(...e); (0, o.m)(...f);`,
		`with (o) { f(...a); o.g(...b); } class D extends B { constructor(...a) { super(...a); super.m(...a); } }`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := goja.Compile("f.js", src, false); err != nil {
			return
		}
		prg, err := goja.Parse("f.js", src)
		if err != nil {
			t.Fatalf("parses once, not twice: %v", err)
		}
		lowerArrayPatterns(prg)
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Fatalf("%q compiles, lowered does not: %v", src, err)
		}
	})
}

// TestSpreadsRewritten checks which array literals spread.go lowers.
func TestSpreadsRewritten(t *testing.T) {
	for _, tc := range []struct {
		src     string
		spreads int
	}{
		{`x = [...a];`, 1},
		{`f([1, ...a, 2, ...b], [...[...c]]);`, 3},
		{`x = [a, b]; [a, ...b] = c; for ([...d] of e); x = [...a, , 1];`, 0},
	} {
		prg, err := goja.Parse("t.js", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		var l patternLowering
		astwalk.Children(prg, &l)
		if l.spreads != tc.spreads {
			t.Errorf("%s: %d spreads lowered, want %d", tc.src, l.spreads, tc.spreads)
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%s: %v", tc.src, err)
		}
	}
}

func BenchmarkSpreadArrays(b *testing.B) {
	const src = `(function () {
  let acc = [];
  const xs = []; for (let i = 0; i < 50; i++) xs.push(i);
  for (let i = 0; i < 20; i++) acc = [...acc, i, ...xs];
  return [...acc].length;
})()`
	benchLowered(b, src)
}

func BenchmarkArrayPatternParamsAndSwaps(b *testing.B) {
	const src = `(function () {
  const o = {}; for (let i = 0; i < 200; i++) o['k' + i] = i;
  let s = 0; Object.entries(o).forEach(([k, v]) => { s += v; });
  const r = Object.values(o);
  for (let i = r.length - 1; i > 0; i--) { const j = (i * 7) % (i + 1); [r[i], r[j]] = [r[j], r[i]]; }
  return s + r[0];
})()`
	benchLowered(b, src)
}

func BenchmarkArrayPatternRestAndDefaults(b *testing.B) {
	const src = `(function () {
  const rows = []; for (let i = 0; i < 200; i++) rows.push([i, 'n' + i, i % 3, i % 5]);
  let s = 0;
  for (const [id, ...rest] of rows) s += id + rest.length;
  rows.forEach(([a, b = '', c = 0]) => { s += c; });
  for (const row of rows) { const [x, y = 1, ...z] = row; s += x + z.length; }
  return s;
})()`
	benchLowered(b, src)
}
