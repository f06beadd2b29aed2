package jsruntime

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// TestArrayLoopsLoweredAsGoja runs each script as goja compiles it and
// with its loops lowered, and wants the same result from both, and the
// number of loops lowered the case says.
func TestArrayLoopsLoweredAsGoja(t *testing.T) {
	long := strings.Repeat("n += x; ", arrayLoopMaxBody/8+1)
	for _, tc := range []struct {
		name, src, want string
		lowered         int
	}{
		{"const", `const out = []; for (const x of [1, 2, 3]) out.push(x * 2); out`, `[2,4,6]`, 1},
		{"let can be assigned", `const out = []; for (let x of [1, 2]) { x *= 10; out.push(x) } out`, `[10,20]`, 1},
		{"const stays const", `for (const x of [1]) x = 2`, `throws TypeError`, 1},
		{"var head", `var out = []; for (var x of [1, 2]) out.push(x); [out, x]`, `[[1,2],2]`, 1},
		{"assignment head", `let x, out = []; for (x of ['a', 'b']) out.push(x); [out, x]`, `[["a","b"],"b"]`, 1},
		{"assignment to a const", `const x = 0; try { for (x of [1]); } catch (e) { e.name }`, `"TypeError"`, 1},
		{"member head is left", `const o = {}, out = []; for (o.p of [1, 2]) out.push(o.p); out`, `[1,2]`, 0},
		{"array pattern", `const out = []; for (const [k, v] of [['a', 1], ['b', 2]]) out.push(k + v); out`, `["a1","b2"]`, 1},
		{"object pattern with default", `const out = []; for (const { a, b = 'd' } of [{ a: 1 }, { a: 2, b: 'x' }]) out.push(a + b); out`, `["1d","2x"]`, 1},
		{"entries of an object", `const out = []; for (const [k, v] of Object.entries({ p: 1, q: 2 })) out.push(k + v); out`, `["p1","q2"]`, 1},
		{"fresh binding per element", `const fs = []; for (const x of [1, 2]) fs.push(() => x); fs.map(f => f())`, `[1,2]`, 1},
		{"var pattern is left", `for (var [a] of [[1], [2]]); a`, `2`, 0},
		{"break", `const out = []; for (const x of [1, 2, 3]) { if (x == 2) break; out.push(x) } out`, `[1]`, 1},
		{"continue", `const out = []; for (const x of [1, 2, 3]) { if (x == 2) continue; out.push(x) } out`, `[1,3]`, 1},
		{"labelled continue", `const out = []; outer: for (const x of [1, 2]) { for (const y of [1, 2, 3]) { if (y == 2) continue outer; out.push(x * 10 + y) } } out`, `[11,21]`, 2},
		{"labelled break", `const out = []; a: b: for (const x of [1, 2]) { for (const y of [1, 2]) { if (x == 2) break a; out.push(x + y) } continue b } out`, `[2,3]`, 2},
		{"return", `function f(a) { for (const x of a) if (x > 1) return x; return -1 } [f([1, 2, 3]), f([])]`, `[2,-1]`, 1},
		{"yield", `function* g(a) { for (const x of a) yield x * 2 } [...g([1, 2])]`, `[2,4]`, 1},
		{"generator closed in the loop", `const log = []; function* g(a) { try { for (const x of a) yield x } finally { log.push('f') } } const it = g([1, 2]); it.next(); it.return(); log`, `["f"]`, 1},
		{"throw", `try { for (const x of [1]) throw new RangeError('r') } catch (e) { [e.name, e.message] }`, `["RangeError","r"]`, 1},
		{"var and function in body", `for (const x of [1, 2]) { var last = x; function f() { return x } } [last, typeof f]`, `[2,"undefined"]`, 1},
		{"switch case and if branch", `const out = []; switch (1) { case 1: for (const x of [1]) out.push(x) } if (out.length) for (const x of [2]) out.push(x); out`, `[1,2]`, 2},
		{"elements added during the loop are visited", `const a = [0], out = []; for (const x of a) { out.push(x); if (x < 3) a.push(x + 1) } out`, `[0,1,2,3]`, 1},
		{"shortened during the loop", `const a = [1, 2, 3, 4], out = []; for (const x of a) { out.push(x); a.length = 2 } out`, `[1,2]`, 1},
		{"holes read through the prototype", `Array.prototype[1] = 'p'; const out = []; for (const x of [0, , 2, ,]) out.push(x); delete Array.prototype[1]; out`, `[0,"p",2,null]`, 1},
		{"source evaluated once", `let n = 0; function src() { n++; return [1, 2] } for (const x of src()); n`, `1`, 1},
		{"temporal dead zone", `const x = [1]; try { for (const x of x); 'no' } catch (e) { e.name }`, `"ReferenceError"`, 0},
		{"temporal dead zone in a shorthand", `const x = [1]; try { for (const x of [{ x }]); 'no' } catch (e) { e.name }`, `"ReferenceError"`, 0},
		{"temporal dead zone of a shorthand pattern", `const k = [{ k: 1 }]; try { for (const { k } of k); 'no' } catch (e) { e.name }`, `"ReferenceError"`, 0},
		{"nested function in the source", `const out = []; for (const x of (() => [1, 2])()) out.push(x); out`, `[1,2]`, 1},
		{"this and arguments", `function f() { const out = []; for (const x of [1]) out.push(this.k, arguments[0]); return out } f.call({ k: 'k' }, 'a')`, `["k","a"]`, 1},
		{"direct eval", `const out = []; for (const x of [1, 2]) out.push(eval('x')); out`, `[1,2]`, 1},

		// The loop must take the iterator path.
		{"string", `const out = []; for (const c of 'a\u{1F600}') out.push(c); out.length`, `2`, 1},
		{"set and generator", `const out = []; for (const x of new Set([1])) out.push(x); function* g() { yield 2 } for (const x of g()) out.push(x); out`, `[1,2]`, 2},
		{"typed array", `const out = []; for (const x of new Uint8Array([7, 8])) out.push(x); out`, `[7,8]`, 1},
		{"arguments", `function f() { const out = []; for (const x of arguments) out.push(x); return out } f(1, 2)`, `[1,2]`, 1},
		{"not iterable", `for (const x of 5);`, `throws TypeError`, 1},
		{"array-like object", `try { for (const x of { length: 1, 0: 'a' }); } catch (e) { e.name }`, `"TypeError"`, 1},
		{"subclass keeps the fast path", `class A extends Array {} const out = []; for (const x of A.from([1, 2])) out.push(x); out`, `[1,2]`, 1},
		{"subclass with its own iterator", `class A extends Array { *[Symbol.iterator]() { yield 'own' } } const out = []; for (const x of A.from([1, 2])) out.push(x); out`, `["own"]`, 1},
		{"own iterator", `const a = [1]; a[Symbol.iterator] = function* () { yield 'own' }; const out = []; for (const x of a) out.push(x); out`, `["own"]`, 1},
		{"patched Array.prototype iterator", `const v = Array.prototype[Symbol.iterator]; Array.prototype[Symbol.iterator] = function* () { yield 'p' }; const out = []; for (const x of [1, 2]) out.push(x); Array.prototype[Symbol.iterator] = v; out`, `["p"]`, 1},
		{"patched next", `const ip = Object.getPrototypeOf([].values()); const n = ip.next; let calls = 0; ip.next = function () { calls++; return n.call(this) }; for (const x of [1, 2]); ip.next = n; calls`, `3`, 1},
		{"return method on the iterator prototype", `const ip = Object.getPrototypeOf([].values()); let closed = 0; ip.return = function () { closed++; return {} }; for (const x of [1, 2]) break; delete ip.return; closed`, `1`, 1},
		{"return method on Object.prototype", `let closed = 0; Object.prototype.return = function () { closed++; return {} }; for (const x of [1, 2]) break; delete Object.prototype.return; closed`, `1`, 1},
		{"proxy of an array", `const log = []; const p = new Proxy([1, 2], { get(t, k, r) { log.push(String(k)); return Reflect.get(t, k, r) } }); for (const x of p); log`, `["Symbol(Symbol.iterator)","length","0","length","1","length"]`, 1},

		// Bounds on the code the copies add.
		{"three nested loops", `let n = 0; for (const a of [1, 2]) for (const b of [1, 2]) for (const c of [1, 2]) n += a * b * c; n`, `27`, 2},
		{"four nested loops", `let n = 0; for (const a of [1]) for (const b of [1]) for (const c of [1]) for (const d of [1, 2]) n += d; n`, `3`, 2},
		{"inside a collection loop's concise body", `const out = []; for (const e of [1, 2]) for (const i of ['a', 'b']) out.push(e + i); out`, `["1a","1b","2a","2b"]`, 2},
		{"three deep inside a collection loop", `const out = []; for (const e of [{ p: [{ l: 'x' }] }]) for (const k of ['p']) for (const { l } of e[k]) out.push(k + l); out`, `["px"]`, 2},
		{"inside with", `const log = []; const o = new Proxy({}, { has(t, k) { log.push(typeof k == 'string' && k.charCodeAt(0) == 0 ? 'hidden' : k); return false } }); let n = 0; with (o) { for (const x of [1, 2]) n += x; for (const y of new Set([3])) n += y } [n, log.includes('hidden')]`, `[6,false]`, 0},
		{"long body", `let n = 0; for (const x of [1, 2]) { ` + long + ` } n > 0`, `true`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkLoopLowering(t, tc.src, tc.want, tc.lowered, lowerArrayLoops)
		})
	}
}

// TestArrayLoopFastPath checks that a lowered loop over an Array runs as
// an indexed loop and that one over anything else takes the iterator
// path, by what a 1000-step loop allocates compiled as written and
// lowered: each iterator step makes a result object, several allocations,
// which the indexed loop does not.
func TestArrayLoopFastPath(t *testing.T) {
	for _, tc := range []struct {
		name, iterable string
		fast           bool
	}{
		{"array", `Array.from({ length: 1000 }, (_, i) => i)`, true},
		{"sparse array", `(() => { const a = []; a[999] = 1; return a })()`, true},
		{"array subclass", `(class extends Array {}).from({ length: 1000 }, (_, i) => i)`, true},
		{"typed array", `new Int32Array(1000)`, false},
		{"arguments", `(function () { return arguments })(...Array(1000))`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var allocs [2]float64
			for i, compile := range []func(string, string) (*goja.Program, error){
				func(name, src string) (*goja.Program, error) { return goja.Compile(name, src, false) },
				compileScript,
			} {
				f := loweredFunction(t, compile, `(function () { const c = `+tc.iterable+`; return function () { let n = 0; for (const x of c) n++; return n } })()`)
				allocs[i] = testing.AllocsPerRun(3, func() {
					if n, err := f(goja.Undefined()); err != nil || n.ToInteger() != 1000 {
						t.Fatal(n, err)
					}
				})
			}
			if fast := allocs[1]+1000 < allocs[0]; fast != tc.fast {
				t.Errorf("%v allocations for 1000 steps as written, %v lowered: fast path %v, want %v", allocs[0], allocs[1], fast, tc.fast)
			}
		})
	}
}

// BenchmarkArrayLoop sums an array of 200 numbers and the pairs of an
// object's entries with for-of, compiled as written and lowered.
func BenchmarkArrayLoop(b *testing.B) {
	const src = `(function () {
		const a = Array.from({ length: 200 }, (_, i) => i), o = {};
		for (let i = 0; i < 50; i++) o['k' + i] = i;
		return function () {
			let n = 0;
			for (const x of a) n += x;
			for (const [k, v] of Object.entries(o)) n += v + k.length;
			return n;
		};
	})()`
	for _, lower := range []bool{false, true} {
		b.Run(fmt.Sprintf("lowered=%v", lower), func(b *testing.B) {
			rt, prg := benchProgram(b, src, lower)
			v, err := rt.RunProgram(prg)
			if err != nil {
				b.Fatal(err)
			}
			f, _ := goja.AssertFunction(v)
			b.ReportAllocs()
			for b.Loop() {
				if r, err := f(goja.Undefined()); err != nil || r.ToInteger() != 19900+1225+140 {
					b.Fatal(r, err)
				}
			}
		})
	}
}

// FuzzLowerLoops checks that a script goja compiles still compiles with its
// for-of loops lowered (collectionloop.go, arrayloop.go, then the patterns
// of destructure.go, as compileScript does), and that lowering never
// panics.
func FuzzLowerLoops(f *testing.F) {
	for _, s := range []string{
		`for (const x of a) f(x);`,
		`l: m: for (let [k, v] of a) { for (x of b) { if (x) continue l; break m; } }`,
		`for (var x of a) for (const y of x) for (const z of y) for (w of z) g(w);`,
		`function* g(a) { for (const {p, q = 1} of a) { yield p; } }`,
		`async function h(a) { for (const x of a) await x; return; }`,
		`for (const [k, v] of Object.entries(o)) { switch (k) { case 'a': continue; default: break; } }`,
		`for (const x of x);`,
		`if (a) for (const x of a) ; else for (const y of b) { var z = y; function f() {} }`,
		`for (o.p of a); for ([a, b] of c); for (var [d] of e);`,
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
		lowerCollectionLoops(prg)
		lowerArrayLoops(prg)
		lowerArrayPatterns(prg)
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Fatalf("%q compiles, lowered does not: %v", src, err)
		}
	})
}

// FuzzArrayLoopsAsGoja runs a script as goja compiles it and with its
// loops lowered (compileScript) and wants the same completion value or
// exception from both. Scripts that run out of time, or read a clock or
// random numbers, are skipped.
func FuzzArrayLoopsAsGoja(f *testing.F) {
	for _, s := range []string{
		`const out = []; for (const e of [1, 2]) for (const i of ['a', 'b']) out.push(e + i); out`,
		`const out = []; a: for (const x of [1, 2, 3]) { for (let y of [x, x + 1]) { if (y == 3) continue a; if (y > 4) break a; out.push(y) } } out`,
		`let s = ''; for (var [k, v] of Object.entries({ a: 1 })) s += k + v; for (k of 'xy') s += k; s`,
		`function* g(a) { for (const x of a) { const y = yield x; if (y) return y } } const it = g([1, 2, 3]); [it.next().value, it.next(7).value]`,
		`const a = [1, 2, 3]; let n = 0; for (const x of a) { if (x == 1) a.pop(); n += x } n`,
		`const fs = []; for (let x of [1, 2]) { fs.push(() => x++); } fs.map(f => f()).concat(fs.map(f => f()))`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "Math") || strings.Contains(src, "Date") || strings.Contains(src, "performance") {
			return
		}
		if _, err := goja.Compile("f.js", src, false); err != nil {
			return
		}
		plain, lowered := runBothReporting(t, src, true, 100*time.Millisecond)
		if strings.HasPrefix(lowered, "compile: ") {
			t.Fatalf("%q compiles, lowered does not: %s", src, lowered)
		}
		interrupted := strings.HasPrefix(plain, "error ") || strings.HasPrefix(lowered, "error ")
		if !interrupted && plain != lowered {
			t.Errorf("%q: goja %s, lowered %s", src, plain, lowered)
		}
	})
}
