package loop

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

func TestScanSource(t *testing.T) {
	tests := []struct {
		src            string
		nesting, depth int
	}{
		{``, 0, 0},
		{`f(a[1], {b: 2})`, 2, 7},
		{`((((1))))`, 4, 4},
		{`"(((" + '[[[' + x`, 0, 2},
		{`"a\"((" + y`, 0, 1},
		{"`((( ${ f(`[[[ ${ g() }`) } )))`", 4, 6},
		{`// ((((` + "\n" + `x`, 0, 0},
		{`/* [[[[ */ x`, 0, 0},
		{`x = /[(]+\/(/g.test(s)`, 1, 4},
		{`a = b / (c) / d`, 1, 4},
		{`return /((a))/.test(x)`, 1, 4},
		// A regular expression after the ) of an if is taken for a
		// division: its brackets count (the scan is a bound, not a parser).
		{`if (x) /((/.exec(y)`, 2, 4},
		{`{{{ }}}`, 3, 3},
		{`))))((`, 2, 3},
		// Operators chain: each one is a level of the syntax tree.
		{`1+1+1+1+1`, 0, 4},
		{`- - - - 1`, 0, 4},
		{`a=>a=>a=>1`, 0, 6},
		{`typeof typeof typeof x`, 0, 3},
		// , and ; end an expression, and so does a line break after an
		// operand before a new statement.
		{`1+1, 1+1, 1+1`, 0, 1},
		{`a+b; c+d; e+f`, 0, 1},
		{"a = b + c\nd = e + f\ng()", 1, 2},
		{"a = b +\nc +\nd", 0, 3},
		{`function a(){x+y}function b(){x+y}`, 1, 3},
		// Statement keywords nest until their statement ends.
		{`if (a) if (b) if (c) x;`, 1, 4},
		{`if (a) {} else if (b) {} else if (c) {}`, 1, 4},
		// A balanced tree of conditionals is as deep as its branches.
		{`a?b?1:2:c?3:4`, 2, 5},
		{`a?1:b?2:c?3:4`, 1, 4},
		{`a ?? b ?. c`, 0, 2},
		{`switch (x) { case 1: a+b; case 2: case 3: c }`, 1, 8},
		{`a: b: c: x`, 0, 12},
	}
	for _, tt := range tests {
		got := scanSource(tt.src, 1<<30)
		if got.Nesting != tt.nesting || got.Depth != tt.depth {
			t.Errorf("scanSource(%q) = nesting %d depth %d, want %d %d", tt.src, got.Nesting, got.Depth, tt.nesting, tt.depth)
		}
	}
}

// deepSources are the shapes that take goja down, n levels deep.
var deepSources = map[string]func(n int) string{
	"parens":   func(n int) string { return strings.Repeat("(", n) + "1" + strings.Repeat(")", n) },
	"plus":     func(n int) string { return "1" + strings.Repeat("+1", n) },
	"plus-nl":  func(n int) string { return "1" + strings.Repeat("+\n1", n) },
	"unary":    func(n int) string { return strings.Repeat("- ", n) + "1" },
	"arrows":   func(n int) string { return strings.Repeat("a=>", n) + "1" },
	"assign":   func(n int) string { return "var a; " + strings.Repeat("a=", n) + "1" },
	"member":   func(n int) string { return "this" + strings.Repeat(".a", n) },
	"calls":    func(n int) string { return "(function(){})" + strings.Repeat("()", n) },
	"ternary":  func(n int) string { return strings.Repeat("a?1:", n) + "1" },
	"else-if":  func(n int) string { return "if(a){}" + strings.Repeat("else if(a){}", n) },
	"if-if":    func(n int) string { return strings.Repeat("if(a)\n", n) + "x;" },
	"labels":   func(n int) string { return strings.Repeat("a:", n) + "1" },
	"template": func(n int) string { return strings.Repeat("`${", n) + "1" + strings.Repeat("}`", n) },
	"tagged":   func(n int) string { return "String.raw" + strings.Repeat("`a`", n) },
	"extends":  func(n int) string { return strings.Repeat("class extends ", n) + "Object" + strings.Repeat("{}", n) },
}

// TestCheckSource: every deep shape is refused past its limit, before goja
// (which would recurse until Go's stack limit kills the process, or
// compile for minutes) sees it.
func TestCheckSource(t *testing.T) {
	for name, gen := range deepSources {
		t.Run(name, func(t *testing.T) {
			err := CheckSource(gen(MaxSourceDepth + 1))
			var se *SourceError
			if !errors.Is(err, ErrSourceLimit) || !errors.As(err, &se) {
				t.Fatalf("CheckSource = %v, want a *SourceError", err)
			}
			if se.Offset <= 0 {
				t.Errorf("offset %d", se.Offset)
			}
		})
	}
	if err := CheckSource(deepSources["parens"](MaxSourceDepth)); err != nil {
		t.Errorf("brackets at the limit: %v", err)
	}
	if err := CheckSource(deepSources["plus"](MaxSourceDepth - 1)); err != nil {
		t.Errorf("a chain at the limit: %v", err)
	}
	if err := CheckSource(strings.Repeat("a = b + c;\n", 100_000)); err != nil {
		t.Errorf("many short statements: %v", err)
	}
	if err := CheckSource("[" + strings.Repeat("[1, 2, {a: 3}], ", 100_000) + "]"); err != nil {
		t.Errorf("a long array literal: %v", err)
	}
}

// TestScanSourceRealCode: the libraries the app tests use stay far below
// the limits, whatever their minification: the scan never refuses real
// code.
func TestScanSourceRealCode(t *testing.T) {
	root := "../testdata/node_modules"
	if _, err := os.Stat(root); err != nil {
		t.Skip("no node_modules to scan")
	}
	files := 0
	var deepest, nested SourceShape
	var deepestFile, nestedFile string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		s := scanSource(string(b), 1<<30)
		if s.Depth > deepest.Depth {
			deepest, deepestFile = s, path
		}
		if s.Nesting > nested.Nesting {
			nested, nestedFile = s, path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files, deepest nesting %d (%s), deepest tree %d (%s)", files, nested.Nesting, nestedFile, deepest.Depth, deepestFile)
	if nested.Nesting > MaxSourceDepth/20 {
		t.Errorf("%s nests %d deep: the scan is miscounting real code", nestedFile, nested.Nesting)
	}
	if deepest.Depth > MaxSourceDepth/4 {
		t.Errorf("%s is estimated %d deep: the scan is miscounting real code", deepestFile, deepest.Depth)
	}
}

// TestGuardCompiles: whatever way a page compiles a source, through the
// runtime (eval direct or indirect, new Function, setTimeout with a string,
// RunString), a source past the limits throws a SyntaxError the page can
// catch, and direct eval keeps its scope.
func TestGuardCompiles(t *testing.T) {
	p := newPage(t, deterministic())
	p.rt.Set("deep", deepSources["parens"](MaxSourceDepth+1))
	p.rt.Set("chain", deepSources["plus"](MaxSourceDepth+1))
	p.exec(`
function caught(f) { try { f(); return "no error"; } catch (e) { return e.name + (/nested|chained/.test(e.message) ? "" : ": " + e.message); } }
log(caught(function () { eval(deep) }));
log(caught(function () { (0, eval)(chain) }));
log(caught(function () { new Function(deep) }));
log(caught(function () { Function("a", chain) }));
log((function () { var local = 41; return eval("local + 1"); })());
setTimeout(deep);
setTimeout("log('timer ran')");
`)
	p.run()
	if got, want := p.logged(), "SyntaxError,SyntaxError,SyntaxError,SyntaxError,42,timer ran"; got != want {
		t.Errorf("logged %q, want %q", got, want)
	}
	if len(p.errs) != 1 || !strings.Contains(p.errs[0].Error(), "SyntaxError") {
		t.Errorf("errors %v, want the timer's SyntaxError", p.errs)
	}
	// From Go, outside any JavaScript, the SyntaxError is thrown as a
	// native function throws: a panic with the error object, which the
	// loop's tasks recover and report (see the timer above).
	func() {
		defer func() {
			o, ok := recover().(*goja.Object)
			if !ok || o.Get("name").String() != "SyntaxError" {
				t.Errorf("RunString of a deep source: panic %v, want a SyntaxError", o)
			}
		}()
		p.rt.RunString(deepSources["unary"](MaxSourceDepth + 1))
	}()
}

// TestSourceOfParser: the guard reads goja's parser as it is laid out; a
// goja upgrade that moves its fields fails here (and in TestGuardCompiles).
func TestSourceOfParser(t *testing.T) {
	var seen []string
	rt := goja.New()
	opt := parserOption(func(p *parserLayout) {
		if src, ok := sourceOfParser(p); ok {
			seen = append(seen, src)
		}
	})
	rt.SetParserOptions(opt)
	for _, src := range []string{"1 + 2", "", "var é = 'ü'"} {
		if _, err := rt.RunString(src); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(seen, "|"); got != "1 + 2||var é = 'ü'" {
		t.Errorf("sources seen %q", got)
	}
}

// TestGuardBind: a chain of bound functions stops at MaxBindDepth with a
// RangeError; bound functions still behave as bound functions.
func TestGuardBind(t *testing.T) {
	p := newPage(t, deterministic())
	p.exec(`
var f = function () { return this.v + arguments.length; };
var err = "";
try { for (var i = 0; i < 100000; i++) f = f.bind({v: i}, i); } catch (e) { err = e.name; }
log(err, i);
var g = function (a, b) { return [this.x, a, b].join(); }.bind({x: 1}, 2);
log(g(3), g.name, g.length, Function.prototype.bind.name, Function.prototype.bind.length);
function K(a) { this.a = a; }
var B = K.bind(null, 7);
log(new B() instanceof K, new B().a);
`)
	want := "RangeError " + strconv.Itoa(MaxBindDepth) + ",1,2,3 bound  1 bind 1,true 7"
	if got := p.logged(); got != want {
		t.Errorf("logged %q, want %q", got, want)
	}
}

func FuzzScanSource(f *testing.F) {
	for _, s := range []string{"f(a[1], {b: 2})", "`${`${x}`}`", "/[/]/.test('(')", "a / b / (c)", "/* ( */ // [\n{", "\"\\", "`${", "a?b:c?d:e", "if(a)x;else if(b)y", "}}}))?:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got := scanSource(src, 1<<30)
		opens := strings.Count(src, "(") + strings.Count(src, "[") + strings.Count(src, "{") + strings.Count(src, "?")
		if got.Nesting < 0 || got.Nesting > opens {
			t.Fatalf("scanSource(%q) nesting %d with %d opening brackets", src, got.Nesting, opens)
		}
		if got.Depth < 0 || got.Depth > colonWeight*len(src) {
			t.Fatalf("scanSource(%q) depth %d in %d bytes: more than a colon weighs each", src, got.Depth, len(src))
		}
	})
}

func BenchmarkScanSource(b *testing.B) {
	src, err := os.ReadFile("../testdata/node_modules/jquery/dist/jquery.min.js")
	if err != nil {
		b.Skip(err)
	}
	s := string(src)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		ScanSource(s)
	}
}

// BenchmarkBind is the cost of the bind guard on an ordinary bind: one
// bind of a plain function, with and without the guard.
func BenchmarkBind(b *testing.B) {
	for _, guarded := range []bool{false, true} {
		name := "unguarded"
		if guarded {
			name = "guarded"
		}
		b.Run(name, func(b *testing.B) {
			rt := goja.New()
			if guarded {
				guardBind(rt)
			}
			fn, err := rt.RunString(`(function () { var o = {}; function f() { return this; } return function () { return f.bind(o); }; })()`)
			if err != nil {
				b.Fatal(err)
			}
			call, _ := goja.AssertFunction(fn)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := call(nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestGuardFlat: flat flattens at most MaxFlatDepth levels (goja recurses
// in Go once per level: an array nested 3,000,000 deep overflowed Go's
// stack), and behaves as before below that.
func TestGuardFlat(t *testing.T) {
	p := newPage(t, deterministic())
	p.rt.Set("limit", MaxFlatDepth)
	p.exec(`
log([1, [2, [3, [4]]]].flat(Infinity).join(), [1, [2, [3]]].flat().length, [[1]].flat(0).length, [1, [2]].flat("x").length);
var a = [1]; for (var i = 0; i < limit + 5; i++) a = [a];
var f = a.flat(Infinity), d = 0; while (Array.isArray(f[0])) { f = f[0]; d++; }
log(d, Array.prototype.flat.name, Array.prototype.flat.length);
`)
	if got, want := p.logged(), "1,2,3,4 3 1 2,5 flat 0"; got != want {
		t.Errorf("logged %q, want %q", got, want)
	}
}

// TestBoundTest: bound functions are told apart by goja's layout, not by
// the fallback that takes every object for one (a goja upgrade that moves
// the layout fails here).
func TestBoundTest(t *testing.T) {
	rt := goja.New()
	v, err := rt.RunString(`function f() {}; [f, f.bind(null), Math.max.bind(null), {}, [], new Proxy(function () {}, {}), class {}]`)
	if err != nil {
		t.Fatal(err)
	}
	bindFn, _ := goja.AssertFunction(rt.Get("Function").ToObject(rt).Get("prototype").ToObject(rt).Get("bind"))
	isBound := boundTest(rt, bindFn)
	var got []bool
	arr := v.ToObject(rt)
	for i := 0; i < 7; i++ {
		got = append(got, isBound(arr.Get(strconv.Itoa(i)).ToObject(rt)))
	}
	want := []bool{false, true, true, false, false, false, false}
	if !slices.Equal(got, want) {
		t.Errorf("isBound = %v, want %v", got, want)
	}
}

// TestCompileRewrite: the rewrite set with SetCompileRewrite replaces the
// source of every compile at run time (eval, indirect eval, new Function,
// setTimeout strings) when it says so; a rewritten source that is still
// invalid is a SyntaxError, and one it leaves alone compiles as it is.
func TestCompileRewrite(t *testing.T) {
	p := newPage(t, deterministic())
	var seen int
	p.l.SetCompileRewrite(func(src string) (string, bool) {
		seen++
		if strings.Contains(src, "log(") || !strings.Contains(src, "@@") {
			return "", false // the test's own script, and sources without the marker
		}
		return strings.ReplaceAll(src, "@@", "42"), true
	})
	p.exec(`
log(eval("@@ + 1"), (0, eval)("@@"), new Function("a", "return a + @@")(1), eval("'plain'"));
try { eval("@@ +") } catch (e) { log(e.name) }
setTimeout("globalThis.later = @@", 0);
`)
	p.run()
	p.exec(`log(globalThis.later)`)
	if got, want := p.logged(), "43 42 43 plain,SyntaxError,42"; got != want {
		t.Errorf("logged %q, want %q", got, want)
	}
	if seen < 7 {
		t.Errorf("rewrite saw %d sources, want every compile (7)", seen)
	}
}
