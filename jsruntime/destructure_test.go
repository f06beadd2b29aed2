package jsruntime

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// runBoth runs src compiled by goja as written and compiled with its array
// patterns lowered, each in a fresh runtime, and returns what each printed
// (the script's completion value as JSON, or the exception's name and
// message).
func runBoth(t testing.TB, src string) (plain, lowered string) {
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
		timer := time.AfterFunc(2*time.Second, func() { rt.Interrupt("timeout") })
		defer timer.Stop()
		v, err := rt.RunProgram(prg)
		if err != nil {
			if ex, ok := err.(*goja.Exception); ok {
				if o, ok := ex.Value().(*goja.Object); ok {
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
		{"defaults untouched", `const [a = 5, b = 6] = [undefined, 2]; [a, b]`, `[5,2]`},
		{"rest untouched", `const [a, ...r] = [1, 2, 3]; [a, r]`, `[1,[2,3]]`},
		{"nested untouched", `const [[a], {b}] = [[1], {b: 2}]; [a, b]`, `[1,2]`},
		{"var untouched", `var [a, b] = [1, 2]; for (var [c] of [[3]]); [a, b, c]`, `[1,2,3]`},
		{"assignment untouched", `let a = 1, b = 2; [a, b] = [b, a]; [a, b]`, `[2,1]`},
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
		{`var [a] = x; for (var [b] of y); [a] = z; const [c = 1] = w; const [...d] = v; const [[e]] = u; const [] = t; f(([g]) => g);`, 0},
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
