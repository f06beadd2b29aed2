package jsruntime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// TestTaggedTemplatesLowered runs each script compiled by goja as written
// and with its tagged templates lowered. Where goja differs from the spec
// (the template object's identity), want is what Chromium prints and
// sameAsGoja is false.
func TestTaggedTemplatesLowered(t *testing.T) {
	const id = `function id(s) { return s; } `
	for _, tc := range []struct {
		name, src, want string
		sameAsGoja      bool
	}{
		{"identity across calls", id + "function f() { return id`a${1}b`; } var a = f(), b = f(); [a === b, Object.is(a, b)]", `[true,true]`, true},
		{"map key", id + "function f() { return id`a${1}b`; } var m = new Map(); m.set(f(), 1); [m.has(f()), m.size]", `[true,1]`, false},
		{"weakmap key", id + "function f(x) { return id`a${x}b`; } var w = new WeakMap(); w.set(f(1), 'v'); w.get(f(2))", `"v"`, false},
		{"set member", id + "var s = new Set(); for (var i = 0; i < 3; i++) s.add(id`x${i}`); s.size", `1`, false},
		{"distinct sites differ", id + "var a = id`x`, b = id`x`; var m = new Map([[a, 1]]); [a === b, m.has(b)]", `[false,false]`, true},
		{"one site from many callers", id + "function f() { return id`s${0}`; } function g() { return f(); } var m = new Map(); m.set(g(), 1); [m.has(f()), m.has([1].map(f)[0]), m.has(new Function('f', 'return f()')(f))]", `[true,true,true]`, false},
		{"site in a loop", id + "var first, same = true; for (var i = 0; i < 5; i++) { var s = id`l${i}`; first = first || s; same = same && new Set([first]).has(s); } same", `true`, false},
		{"cooked and raw", id + "var s = id`a\\n${1}\\x41\\u{1F600}${2}`; [s.length, s[0], s[1], s[2], s.raw]", `[3,"a\n","A😀","",["a\\n","\\x41\\u{1F600}",""]]`, true},
		{"invalid escapes cooked undefined", id + "var s = id`\\unicode and \\u{110000} ${0}\\xg\\01`; [s[0] === undefined, s[1] === undefined, s.raw[0], s.raw[1]]", `[true,true,"\\unicode and \\u{110000} ","\\xg\\01"]`, true},
		{"line terminators normalized in raw", id + "var s = id`a\r\nb\rc`; [s[0], s.raw[0]]", `["a\nb\nc","a\nb\nc"]`, true},
		{"empty template", id + "var s = id``; [s.length, s[0], s.raw[0]]", `[1,"",""]`, true},
		{"frozen", id + "var s = id`a${1}`; [Object.isFrozen(s), Object.isFrozen(s.raw), Array.isArray(s), Array.isArray(s.raw), Object.keys(s), Object.getOwnPropertyNames(s)]", `[true,true,true,true,["0","1"],["0","1","length","raw"]]`, true},
		{"raw descriptor", id + "var d = Object.getOwnPropertyDescriptor(id`a`, 'raw'); [d.writable, d.enumerable, d.configurable]", `[false,false,false]`, true},
		{"element descriptor", id + "var d = Object.getOwnPropertyDescriptor(id`a`, 0); [d.value, d.writable, d.enumerable, d.configurable]", `["a",false,true,false]`, true},
		{"strict assignment throws", id + "(function () { 'use strict'; id`a`[0] = 'b'; })()", `throws TypeError`, true},
		{"member tag keeps this", "var o = { x: 5, m(s, v) { return this.x + s[0] + v; } }; [o.m`q${7}`, o['m']`r${8}`]", `["5q7","5r8"]`, true},
		{"comma tag loses this", "var o = { m() { return this; } }; [(0, o.m)`x` === o, (o.m)`x` === o]", `[false,true]`, true},
		{"private method tag", "class C { #p = 'P'; #m(s) { return this.#p + s[0]; } run() { return this.#m`x`; } } new C().run()", `"Px"`, true},
		{"super method tag", "class A { m(s) { return 'A' + s[0]; } } class B extends A { m() { return super.m`b`; } } new B().m()", `"Ab"`, true},
		{"chained tags", "function t(s) { return function (s2) { return [s[0], s2[0]]; }; } t`a``b`", `["a","b"]`, true},
		{"new binds looser", "function T() { this.k = 1; } function t(s) { return T; } var o = new t`x`; [o.k, o instanceof T]", `[1,true]`, true},
		{"new with arguments", "function t(s) { return function (a) { this.a = a; }; } new t`x`(4).a", `4`, true},
		{"optional chain in parentheses", "var o = null; try { (o?.m)`x`; } catch (e) { e.name }", `"TypeError"`, true},
		{"call result as tag", "function mk(p) { return function (s, v) { return p + s[0] + v; }; } mk('p')`x${1}`", `"px1"`, true},
		{"nested in substitutions", "function t(s, ...v) { return s.join('|') + '[' + v.join(',') + ']'; } t`a${t`in${1}ner`}b${2}c`", `"a|b|c[in|ner[1],2]"`, true},
		{"nested identity", id + "function f() { return [id`o${id`i`}`, id`i`]; } var a = f(), b = f(); var m = new Map([[a[0], 1], [a[0][0], 2]]); [m.has(b[0]), a[1] === b[1]]", `[true,true]`, false},
		{"order of evaluation", "var log = []; function tag() { log.push('tag'); return function (s) { log.push('call'); return s; }; } function sub(n) { log.push('sub' + n); return n; } tag()`a${sub(1)}b${sub(2)}`; log.join()", `"tag,sub1,sub2,call"`, true},
		{"tag not a function", "var o = {}; o.nope`x`", `throws TypeError`, true},
		{"tag not defined", "nope`x`", `throws ReferenceError`, true},
		{"arrow body", id + "var f = () => id`a`; var m = new Map([[f(), 1]]); m.has(f())", `true`, false},
		{"class field and static block", id + "class C { s = id`f`; static t; static { C.t = id`g`; } } var m = new Map([[new C().s, 1]]); [m.has(new C().s), C.t[0]]", `[true,"g"]`, false},
		{"generator and async bodies", id + "function* g() { yield id`y`; } var a = g().next().value, b = g().next().value; var r; (async () => { r = id`z`; })(); [new Set([a, b]).size, r[0]]", `[1,"z"]`, false},
		{"template inside a string is text", "var s = 'tag`x`'; s", "\"tag`x`\"", true},
		{"untagged templates unchanged", "var x = 2; `a${x}b${`n${x}`}`", `"a2bn2"`, true},
		{"eval as a tag", "eval`1 + 1`[0]", `"1 + 1"`, true},
		{"in eval code", id + "eval('id`e`')[0]", `"e"`, true},
		{"toString unchanged", id + "function f(v) { return id`a${v}b`; } f.toString()", "\"function f(v) { return id`a${v}b`; }\"", true},
		{"helper not on window", "[typeof globalThis['\\0taggedTemplate'], Object.getOwnPropertyNames(globalThis).some(function (n) { return n.charCodeAt(0) === 0; })]", `["undefined",false]`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, lowered := runBoth(t, tc.src)
			if tc.sameAsGoja && lowered != plain {
				t.Errorf("lowered: %s\ngoja:    %s", lowered, plain)
			}
			if lowered != tc.want {
				t.Errorf("got %s, want %s", lowered, tc.want)
			}
		})
	}
}

// TestTaggedTemplatesRewritten checks which templates are rewritten, that
// the result compiles, and that errors keep goja's positions.
func TestTaggedTemplatesRewritten(t *testing.T) {
	for _, tc := range []struct {
		src   string
		sites int
	}{
		{"t`a`;", 1},
		{"`a${t`b`}`;", 1},
		{"t`a${t`b${t`c`}`}`;", 3},
		{"t`a``b`;", 2},
		{"function f() { if (x) { for (;;) { g(); } } else { return o.m`x`; } } function h() { return 1; }", 1},
		{"function f() { return 'no template here'; } var s = '`'; function g() { return [1, 2]; }", 0},
		{"class C { m() { return this.t`x`; } static { t`y`; } f = t`z`; }", 3},
		{"var a = () => t`x`, b = function* () { yield t`y`; };", 2},
		{"`a${1}` + `b`; eval`x`; (eval)`y`;", 0},
		{"var o = { t`x`: 1 };", -1}, // a syntax error, not a template
	} {
		prg, err := goja.Parse("t.js", tc.src)
		if tc.sites < 0 {
			if err == nil {
				t.Errorf("%s: parsed", tc.src)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := lowerTaggedTemplates(prg, tc.src); got != tc.sites {
			t.Errorf("%s: %d sites rewritten, want %d", tc.src, got, tc.sites)
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%s: %v", tc.src, err)
		}
	}
	// Errors at the tag are reported where goja reports them.
	for _, src := range []string{"var o = {};\n  o.nope`x${1}`", "\n  nope`x`", "function f(s) { throw new Error('x'); }\nf`a`"} {
		errAt := func(prg *goja.Program) string {
			rt := goja.New()
			if err := installArrayPatternHelper(rt); err != nil {
				t.Fatal(err)
			}
			_, err := rt.RunProgram(prg)
			if err == nil {
				return "no error"
			}
			msg := err.Error()
			if i := strings.LastIndex(msg, "("); i > 0 {
				msg = msg[:i] // the bytecode offset differs
			}
			return msg
		}
		plain, err := goja.Compile("t.js", src, false)
		if err != nil {
			t.Fatal(err)
		}
		lowered, err := compileScript("t.js", src)
		if err != nil {
			t.Fatal(err)
		}
		if p, l := errAt(plain), errAt(lowered); p != l {
			t.Errorf("%q: lowered reports %q, goja %q", src, l, p)
		}
	}
}

// TestTaggedTemplateObjectPerRealm: a compiled program is shared between
// pages through the program cache, and each page (runtime) has its own
// template objects, one per site.
func TestTaggedTemplateObjectPerRealm(t *testing.T) {
	prg, err := compileScript("t.js", "(function () { function id(s) { return s; } return id`shared`; })")
	if err != nil {
		t.Fatal(err)
	}
	site := func(rt *goja.Runtime) goja.Value {
		f, err := rt.RunProgram(prg)
		if err != nil {
			t.Fatal(err)
		}
		call, _ := goja.AssertFunction(f)
		v, err := call(goja.Undefined())
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	rt1, rt2 := goja.New(), goja.New()
	for _, rt := range []*goja.Runtime{rt1, rt2} {
		if err := installArrayPatternHelper(rt); err != nil {
			t.Fatal(err)
		}
	}
	a, b, c := site(rt1), site(rt1), site(rt2)
	if a != b {
		t.Error("one runtime: two evaluations of a site gave two objects")
	}
	if a == c {
		t.Error("two runtimes share a template object")
	}
	if got := c.ToObject(rt2).Get("0").String(); got != "shared" {
		t.Errorf("second runtime's strings[0] = %q", got)
	}
}

// TestLitReusesNodes renders a Lit template twice from an IIFE bundle that
// keeps tagged templates (esbuild for ES2020): Lit finds its template in
// its cache by the strings array and updates the same nodes.
func TestLitReusesNodes(t *testing.T) {
	nodeModules, err := filepath.Abs("../testdata/node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nodeModules, "lit", "package.json")); err != nil {
		t.Skip("testdata/node_modules has no lit (npm ci --prefix testdata)")
	}
	res := api.Build(api.BuildOptions{
		Stdin: &api.StdinOptions{
			Contents: `import { html, render } from 'lit';
const item = (n) => html` + "`<li class=${n % 2 ? 'odd' : 'even'}>${n}</li>`" + `;
const view = (title, items) => html` + "`<h1>${title}</h1><ul>${items.map(item)}</ul>`" + `;
window.draw = (title, items) => render(view(title, items), document.getElementById('app'));`,
			ResolveDir: nodeModules,
			Loader:     api.LoaderJS,
		},
		NodePaths: []string{nodeModules},
		Bundle:    true,
		Format:    api.FormatIIFE,
		Target:    api.ES2020,
		LogLevel:  api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		t.Fatalf("esbuild: %s", res.Errors[0].Text)
	}
	bundle := string(res.OutputFiles[0].Contents)
	if !strings.Contains(bundle, "`<li class=${") {
		t.Fatal("the bundle has no tagged template left")
	}
	p := newPage(t, `<!DOCTYPE html><div id="app"></div><script src="/lit.js"></script>`, mapLoader{"https://example.test/lit.js": bundle})
	p.run()
	p.noErrors()
	got := p.eval(`(function () {
  draw('one', [1, 2]);
  var app = document.getElementById('app'), h1 = app.querySelector('h1'), li = app.querySelector('li');
  draw('two', [3, 4, 5]);
  var html = app.innerHTML.replace(/<!--[^>]*-->/g, '');
  return [h1 === app.querySelector('h1'), li === app.querySelector('li'), html].join(' ');
})()`)
	const want = `true true <h1>two</h1><ul><li class="odd">3</li><li class="even">4</li><li class="odd">5</li></ul>`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// BenchmarkTaggedTemplateCalls calls one tagged template site 10,000 times.
func BenchmarkTaggedTemplateCalls(b *testing.B) {
	const src = "(function () { function tag(s, a, c) { return s; } var last; for (var i = 0; i < 10000; i++) last = tag`a${i}b${i}c`; return last.length; })()"
	benchLowered(b, src)
}

// BenchmarkLowerTaggedTemplates measures the walk over large libraries
// (which have template literals but no tagged ones) against goja's own
// parse and compile of the same source.
func BenchmarkLowerTaggedTemplates(b *testing.B) {
	for _, lib := range []string{"vue/dist/vue.global.js", "react-dom/umd/react-dom.development.js", "angular/angular.js"} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", "node_modules", lib))
		if err != nil {
			b.Skipf("%v (npm ci --prefix testdata)", err)
		}
		src, name := string(text), filepath.Base(lib)
		b.Run(name+"/walk", func(b *testing.B) {
			prg, err := goja.Parse(name, src)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				lowerTaggedTemplates(prg, src)
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

// FuzzLowerTaggedTemplates checks that a script goja compiles still
// compiles with its tagged templates lowered, and that lowering never
// panics.
func FuzzLowerTaggedTemplates(f *testing.F) {
	for _, s := range []string{
		"t`a${1}b`;",
		"o.m`x``y`;",
		"new t`x`(1);",
		"t`a${t`b${c}`}`;",
		"class C { #m() {} f() { return this.#m`x`; } }",
		"function f() { return `a` + t`\\unicode`; }",
		"(a?.b)`x`;",
		"eval`x`;",
		"var s = '`'; t`y`;",
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
		prg, err = goja.Parse("f.js", src)
		if err != nil {
			t.Fatal(err)
		}
		lowerTaggedTemplates(prg, src)
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%q: compiles as written, not lowered: %v", src, err)
		}
	})
}
