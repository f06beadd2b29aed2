package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
)

// TestCollectionLoopsLoweredAsGoja runs each script as goja compiles it
// and with its loops lowered, and wants the same result from both, and the
// loop lowered (or not) as the case says.
func TestCollectionLoopsLoweredAsGoja(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		lowered         int
	}{
		{"map entries", `const m = new Map([[1, 'a'], [2, 'b']]); const out = []; for (const [k, v] of m) out.push(k + v); out`, `["1a","2b"]`, 1},
		{"map keys only", `const out = []; for (let [k] of new Map([['x', 1], ['y', 2]])) out.push(k); out`, `["x","y"]`, 1},
		{"map values only", `const out = []; for (const [, v] of new Map([['x', 1], ['y', 2]])) out.push(v); out`, `[1,2]`, 1},
		{"set", `const out = []; for (const x of new Set([3, 1, 3, 2])) out.push(x); out`, `[3,1,2]`, 1},
		{"array still iterates", `const out = []; for (const x of [1, 2]) out.push(x); for (const [a, b] of [[1, 2], [3, 4]]) out.push(a + b); out`, `[1,2,3,7]`, 2},
		{"string and generator", `const out = []; for (const c of 'ab') out.push(c); function* g() { yield 1; yield 2 } for (const x of g()) out.push(x); out`, `["a","b",1,2]`, 2},
		{"map as identifier falls back", `const out = []; for (const e of new Map([[1, 2]])) out.push(e); out`, `[[1,2]]`, 1},
		{"set with pattern falls back", `const out = []; for (const [a, b] of new Set(['xy'])) out.push(a, b); out`, `["x","y"]`, 1},
		{"additions during the loop are visited", `const m = new Map([[0, 0]]); const out = []; for (const [k] of m) { out.push(k); if (k < 3) m.set(k + 1, 0) } out`, `[0,1,2,3]`, 1},
		{"deletions during the loop are skipped", `const s = new Set([1, 2, 3]); const out = []; for (const x of s) { out.push(x); s.delete(2) } out`, `[1,3]`, 1},
		{"value updates are seen", `const m = new Map([['a', 1], ['b', 2]]); const out = []; for (const [k, v] of m) { out.push(v); m.set('b', 9) } out`, `[1,9]`, 1},
		{"fresh binding per entry", `const fs = []; for (const x of new Set([1, 2])) fs.push(() => x); fs.map(f => f())`, `[1,2]`, 1},
		{"const stays const", `for (const x of new Set([1])) x = 2`, `throws TypeError`, 1},
		{"let can be assigned", `const out = []; for (let x of new Set([1, 2])) { x *= 10; out.push(x) } out`, `[10,20]`, 1},
		{"this is the enclosing this", `const o = { s: new Set([1]), f() { const out = []; for (const x of this.s) out.push(this === o); return out } }; o.f()`, `[true]`, 1},
		{"top-level this", `const out = []; for (const x of new Set([1])) out.push(this === globalThis); out`, `[true]`, 1},
		{"arguments", `function f() { const out = []; for (const x of new Set([1])) out.push(arguments[0]); return out } f('a')`, `["a"]`, 0},
		{"exception propagates", `try { for (const x of new Set([1])) throw new RangeError('r') } catch (e) { [e.name, e.message] }`, `["RangeError","r"]`, 1},
		{"inner loops may break and continue", `const out = []; for (const x of new Set([1, 2])) { for (let i = 0; i < 5; i++) { if (i == 1) continue; if (i == 3) break; out.push(x * 10 + i) } switch (x) { case 1: out.push('one'); break } } out`, `[10,12,"one",20,22]`, 1},
		{"nested map loops", `const m = new Map([['a', new Set([1, 2])], ['b', new Set([3])]]); const out = []; for (const [k, s] of m) for (const x of s) out.push(k + x); out`, `["a1","a2","b3"]`, 2},
		{"subclass falls back", `class M extends Map { *[Symbol.iterator]() { yield ['only', 1] } } const out = []; for (const [k] of new M([['a', 1]])) out.push(k); out`, `["only"]`, 1},
		{"patched iterator falls back", `const e = Map.prototype[Symbol.iterator]; Map.prototype[Symbol.iterator] = function* () { yield ['p', 0] }; const out = []; for (const [k] of new Map([['a', 1]])) out.push(k); Map.prototype[Symbol.iterator] = e; out`, `["p"]`, 1},
		{"patched next falls back", `const ip = Object.getPrototypeOf(new Set().values()); const n = ip.next; let calls = 0; ip.next = function () { calls++; return n.call(this) }; for (const x of new Set([1, 2])); ip.next = n; calls`, `3`, 1},
		{"own iterator falls back", `const s = new Set([1]); s[Symbol.iterator] = function* () { yield 'own' }; const out = []; for (const x of s) out.push(x); out`, `["own"]`, 1},
		{"not iterable", `for (const x of 5);`, `throws TypeError`, 1},
		{"map-like object", `const o = Object.create(Map.prototype); try { for (const [k] of o); } catch (e) { e.name }`, `"TypeError"`, 1},
		{"source evaluated once", `let n = 0; function src() { n++; return new Set([1, 2]) } for (const x of src()); n`, `1`, 1},

		// Left as they are.
		{"break", `const out = []; for (const x of new Set([1, 2, 3])) { if (x == 2) break; out.push(x) } out`, `[1]`, 0},
		{"continue", `const out = []; for (const x of new Set([1, 2, 3])) { if (x == 2) continue; out.push(x) } out`, `[1,3]`, 1},
		{"continue in a switch and through finally", `const out = []; for (const [k, v] of new Map([[1, 'a'], [2, 'b'], [3, 'c']])) {
			try { switch (k) { case 2: continue; default: out.push(v) } } finally { out.push('f' + k) } out.push('end' + k) } out`,
			`["a","f1","end1","f2","c","f3","end3"]`, 1},
		{"continue as the only statement", `let n = 0; for (const x of new Set([1, 2])) continue; for (const x of [1, 2]) { n++; continue } n`, `2`, 2},
		{"return", `function f() { for (const x of new Set([1, 2])) return x } f()`, `1`, 0},
		{"labelled continue", `const out = []; outer: for (const x of new Set([1, 2])) { for (const y of [1, 2]) { if (y == 2) continue outer; out.push(x + y) } } out`, `[2,3]`, 0},
		{"var in body", `for (const x of new Set([1, 2])) { var last = x } last`, `2`, 0},
		{"function declaration in body", `const out = []; for (const x of new Set([1])) { function f() { return x } out.push(f()) } out`, `[1]`, 0},
		{"yield", `function* g(s) { for (const x of s) yield x } [...g(new Set([1, 2]))]`, `[1,2]`, 0},
		{"var head", `for (var x of new Set([1, 2])); x`, `2`, 0},
		{"assignment head", `let x; for (x of new Set([1, 2])); x`, `2`, 0},
		{"temporal dead zone", `const x = new Set([1]); try { for (const x of x); 'no' } catch (e) { e.name }`, `"ReferenceError"`, 0},
		{"temporal dead zone in a shorthand", `const x = new Set([1]); try { for (const x of new Set([{ x }])); 'no' } catch (e) { e.name }`, `"ReferenceError"`, 0},
		{"direct eval", `const out = []; for (const x of new Set([1])) out.push(eval('x')); out`, `[1]`, 0},
		{"nested function may return", `const out = []; for (const x of new Set([1, 2])) out.push([0].map(function () { return x })[0]); out`, `[1,2]`, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkLoopLowering(t, tc.src, tc.want, tc.lowered, lowerCollectionLoops)
		})
	}
}

// TestCollectionLoopFastPath checks that a lowered loop over an ordinary
// Map or Set runs through forEach and that one over anything else does
// not, by what a 1000-step loop allocates: goja's iterator steps make a
// result object (and for a Map an entry array) each, about 18 allocations;
// forEach makes the callback's arguments.
func TestCollectionLoopFastPath(t *testing.T) {
	for _, tc := range []struct {
		name, iterable string
		head           string
		fast           bool
	}{
		{"map", `new Map(Array.from({ length: 1000 }, (_, i) => [i, i]))`, `const [k, v]`, true},
		{"set", `new Set(Array.from({ length: 1000 }, (_, i) => i))`, `const x`, true},
		{"typed array", `new Int32Array(1000)`, `const x`, false},
		{"map subclass", `new (class extends Map {})(Array.from({ length: 1000 }, (_, i) => [i, i]))`, `let [k]`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := loweredFunction(t, compileScript, `(function () { const c = `+tc.iterable+`; return function () { let n = 0; for (`+tc.head+` of c) n++; return n } })()`)
			allocs := testing.AllocsPerRun(3, func() {
				if n, err := f(goja.Undefined()); err != nil || n.ToInteger() != 1000 {
					t.Fatal(n, err)
				}
			})
			if fast := allocs < 5000; fast != tc.fast {
				t.Errorf("%v allocations for 1000 steps: fast path %v, want %v", allocs, fast, tc.fast)
			}
		})
	}
}

// BenchmarkCollectionLoop copies a Map of 200 entries and a Set of 200
// values with for-of, as Angular's DOM schema registry does, compiled as
// written and lowered.
func BenchmarkCollectionLoop(b *testing.B) {
	const src = `(function () {
		const m = new Map(), s = new Set();
		for (let i = 0; i < 200; i++) { m.set('k' + i, i); s.add('e' + i) }
		return function () {
			const m2 = new Map(), s2 = new Set();
			for (const [k, v] of m) m2.set(k, v);
			for (const e of s) s2.add(e);
			return m2.size + s2.size;
		};
	})()`
	for _, lower := range []bool{false, true} {
		name := "goja"
		if lower {
			name = "lowered"
		}
		b.Run(name, func(b *testing.B) {
			rt, prg := benchProgram(b, src, lower)
			v, err := rt.RunProgram(prg)
			if err != nil {
				b.Fatal(err)
			}
			f, _ := goja.AssertFunction(v)
			b.ReportAllocs()
			for b.Loop() {
				if r, err := f(goja.Undefined()); err != nil || r.ToInteger() != 400 {
					b.Fatal(r, err)
				}
			}
		})
	}
}
