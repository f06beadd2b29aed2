package jsruntime

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dop251/goja"
)

// TestStashVarsStartUndefined runs functions whose captured vars goja would
// fill with the caller's extra arguments (stashvars.go): each case's value is
// what a browser gives.
func TestStashVarsStartUndefined(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"param captured", `function f(s){ var p; var r = String(p); return function(){ return s + p } && r } f(1, 'extra')`, "undefined"},
		{"ui-router link", `var link = function(s, c, h){ var p, v, d, m; function E(){ return v } return [p, v, d, m].map(String).join() }; link(1, 2, 3, 'ctrl', 'trans')`, "undefined,undefined,undefined,undefined"},
		{"arguments used", `function f(){ var x; var a = arguments; var r = String(x); return function(){ return x } && r } f('extra')`, "undefined"},
		{"arguments from an arrow", `function f(a){ var x; var g = () => arguments.length; var r = String(x); return function(){ return x } && r + g() } f(1, 'extra')`, "undefined2"},
		{"arrow with block body", `var k = (a) => { var x; var r = String(x); return (() => a + x) && r }; k(1, 'extra')`, "undefined"},
		{"self-reading default", `function m(a){ var x = x || 'dflt'; return function(){ return a + x } && x } m(1, 'extra')`, "dflt"},
		{"strict function", `function h(a){ "use strict"; var x; var r = String(x) + (this === undefined); return function(){ return a + x } && r } h(1, 'extra')`, "undefinedtrue"},
		{"shorthand capture", `function f(a){ var x; var r = String(x); return function(){ return {a, x} } && r } f(1, 'extra')`, "undefined"},
		{"parameter keeps its value", `function f(a, b){ var c; return function(){ return a + b + c } && [a, b, String(c)].join() } f(1, 2, 'extra')`, "1,2,undefined"},
		{"hoisted function keeps its value", `function f(a){ var g; function g(){ return 'fn' } return function(){ return a + g } && typeof g } f(1, 'extra')`, "function"},
		{"eval reaches the vars", `function f(a){ var x; var r = eval('String(x)'); return r } f(1, 'extra')`, "undefined"},
		{"method", `var o = { m(a){ var x; var r = String(x); return function(){ return a + x } && r } }; o.m(1, 'extra')`, "undefined"},
		{"generator", `function* g(a){ var x; yield String(x); return function(){ return a + x } } g(1, 'extra').next().value`, "undefined"},
		{"arguments only in an arrow", `function f(a){ return (() => arguments.length)() } f(1, 2)`, "2"},
		{"arguments only in a callback arrow", `function f(a){ return [1].map(() => arguments[1])[0] } f(1, 'second')`, "second"},
		{"arguments in a nested arrow of a method", `var o = { m(a){ return (() => () => arguments.length)()() } }; o.m(1, 2, 3)`, "3"},
		{"arguments in a strict function's arrow", `function f(a){ 'use strict'; return (() => arguments.length)() } f(1, 2)`, "2"},
		{"assigned before use", `function f(a){ x = 5; var x; return function(){ return a + x } && x } f(1, 'extra')`, "5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prg, err := compileScript("t.js", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			v, err := goja.New().RunProgram(prg)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestStashVarsOnlyWhereNeeded checks which functions get the initialising
// statement (the strict function case above shows a directive prologue
// stays first).
func TestStashVarsOnlyWhereNeeded(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"no closure", `function f(a){ var x; return a }`, 0},
		{"closure reads no parameter", `function f(a){ var x; return function(){ return x } }`, 0},
		{"captured parameter, no captured var", `function f(a){ var x; return function(){ return a } }`, 0},
		{"captured parameter and var", `function f(a){ var x; return function(){ return a + x } }`, 1},
		{"property name is no reference", `function f(a){ var x; return function(){ return o.a + o.x } }`, 0},
		{"nested shadowing parameter", `function f(a){ var x; return function(a, x){ return a + x } }`, 0},
		{"arrow uses the arguments", `function f(){ return () => arguments[0] }`, 1},
		{"body uses the arguments too", `function f(){ var n = arguments.length; return () => arguments[0] }`, 0},
		{"two levels", `function f(a){ var x; return function(){ return function(){ return a + x } } }`, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prg, err := goja.Parse("t.js", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if got := lowerStashVars(prg); got != tc.want {
				t.Errorf("lowered %d functions, want %d", got, tc.want)
			}
		})
	}
}

// BenchmarkLowerStashVars measures the walk over large libraries against
// goja's own parse and compile of the same source.
func BenchmarkLowerStashVars(b *testing.B) {
	for _, lib := range []string{"vue/dist/vue.global.js", "react-dom/umd/react-dom.development.js", "angular/angular.js"} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", "node_modules", lib))
		if err != nil {
			b.Skipf("%v (npm ci --prefix testdata)", err)
		}
		src, name := string(text), filepath.Base(lib)
		b.Run(name+"/walk", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				prg, err := goja.Parse(name, src)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				lowerStashVars(prg)
			}
		})
		b.Run(name+"/parse+compile", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := goja.Compile(name, src, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzLowerStashVars checks that a script goja compiles still compiles with
// its captured vars initialised, and that the walk never panics.
func FuzzLowerStashVars(f *testing.F) {
	for _, s := range []string{
		"function f(a){ var x; return function(){ return a + x } }",
		"function f(a){ 'use strict'; var x, y = 1; return () => arguments[0] + x + y }",
		"var o = { m(a){ var {p, q: [r]} = a; return () => a + p + r } };",
		"function* g(a){ var x; yield () => a + x }",
		"async function h(...a){ var x; for (var k in a) x = k; return () => a + x + eval('x') }",
		"class C { m(a){ var x; return () => arguments.length + x } static { var s; } }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		prg, err := goja.Parse("f.js", src)
		if err != nil {
			return
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			return
		}
		prg, _ = goja.Parse("f.js", src)
		lowerStashVars(prg)
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("compiles as written but not lowered: %v\n%s", err, src)
		}
	})
}
