package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
)

// TestStringPadsLoweredAsGoja runs each script as goja compiles it and
// with its padding loops lowered, and wants the same result from both, and
// the number of loops lowered the case says.
func TestStringPadsLoweredAsGoja(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		lowered         int
	}{
		{"prepend", `let s = "7"; while (s.length < 3) s = "0" + s; s`, `"007"`, 1},
		{"append with +=", `let s = "ab"; while (s.length < 5) s += "xy"; s`, `"abxyxy"`, 1},
		{"append in a for loop", `var s = ""; for (; s.length < 4; ) s = s + "-"; s`, `"----"`, 1},
		{"a block", `var s = "1"; while (s.length < 3) { s = " " + s; } s`, `"  1"`, 1},
		{"<= passes the limit", `let s = "a"; while (s.length <= 3) s = "b" + s; s`, `"bbba"`, 1},
		{"<= from past the limit", `let s = "abcde"; while (s.length <= 3) s = "b" + s; s`, `"abcde"`, 1},
		{"already long enough", `let s = "abcdef"; while (s.length < 3) s = "0" + s; s`, `"abcdef"`, 1},
		{"a fractional limit", `let s = ""; while (s.length < 2.5) s += "ab"; s`, `"abab"`, 1},
		{"a zero limit", `let s = ""; while (s.length < 0) s += "ab"; s`, `""`, 1},
		{"a negative limit is no literal", `let s = ""; while (s.length < -1) s += "ab"; s`, `""`, 0},
		{"a piece that overshoots", `let s = "xy"; while (s.length < 6) s = "abc" + s; s`, `"abcabcxy"`, 1},
		{"surrogate pairs", `let s = "\u00e9"; while (s.length < 4) s = "\u{1F600}" + s; [s, s.length]`, `["😀😀é",5]`, 1},
		{"Modernizr's data URI, shorter", `var b = 'R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw=='; while (b.length < 3301) { b = '\r\n' + b; } [b.length, b.slice(0, 4), b.slice(-4)]`, `[3302,"\r\n\r\n","Ow=="]`, 1},
		{"const left alone", `const s = "abc"; while (s.length < 2) s = "0" + s; s`, `"abc"`, 1},
		{"const assigned", `const s = "a"; while (s.length < 2) s = "0" + s; s`, `throws TypeError`, 1},
		{"a number", `let s = 5; while (s.length < 3) s = "0" + s; s`, `5`, 1},
		{"an array", `let s = [1]; while (s.length < 3) s = "0" + s; s`, `"001"`, 1},
		{"a string object", `let s = new String("7"); while (s.length < 3) s = "0" + s; s`, `"007"`, 1},
		{"undeclared", `try { while (zz.length < 3) zz = "0" + zz; } catch (e) { e.name }`, `"ReferenceError"`, 1},
		{"temporal dead zone", `try { while (q.length < 3) q = "0" + q; let q = ""; } catch (e) { e.name }`, `"ReferenceError"`, 1},
		{"a closure's variable", `function f(n) { var s = String(n); function pad() { while (s.length < 4) s = "0" + s; } pad(); return s } [f(7), f(12345)]`, `["0007","12345"]`, 1},
		{"labelled", `let s = "1"; l: while (s.length < 3) s = "0" + s; s`, `"001"`, 1},
		{"global var", `var gs = "1"; while (gs.length < 3) gs = "0" + gs; [gs, this.gs]`, `["001","001"]`, 1},

		// Not padding loops.
		{"two statements", `let s = "", n = 0; while (s.length < 3) { s = "0" + s; n++ } [s, n]`, `["000",3]`, 0},
		{"another variable", `let s = "", t = ""; while (s.length < 3) { t = "0" + s; s = t } s`, `"000"`, 0},
		{"a variable limit", `let s = "", w = 3; while (s.length < w) s = "0" + s; s`, `"000"`, 0},
		{"a member", `const o = { s: "" }; while (o.s.length < 3) o.s = "0" + o.s; o.s`, `"000"`, 0},
		{"an empty piece", `let s = "x", n = 0; while (s.length < 3 && n++ < 5) s = "" + s; s`, `"x"`, 0},
		{"do while", `let s = ""; do s = "0" + s; while (s.length < 3); s`, `"000"`, 0},
		{"for with an update", `let s = "", n = 0; for (; s.length < 3; n++) s = "0" + s; [s, n]`, `["000",3]`, 0},
		{"greater than", `let s = ""; while (3 > s.length) s = "0" + s; s`, `"000"`, 0},
		{"inside with", `const o = {}; let s = ""; with (o) { while (s.length < 3) s = "0" + s; } s`, `"000"`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkLoopLowering(t, tc.src, tc.want, tc.lowered, lowerStringPads)
		})
	}
}

// TestStringPadAllocates checks that a lowered padding loop builds its
// string once: Modernizr's loop allocated 272 MB as written.
func TestStringPadAllocates(t *testing.T) {
	f := loweredFunction(t, compileScript, `(function () { var b = 'R0lG'; while (b.length < 33000) { b = '\r\n' + b; } return b.length })`)
	allocs := testing.AllocsPerRun(2, func() {
		if n, err := f(goja.Undefined()); err != nil || n.ToInteger() != 33000 {
			t.Fatal(n, err)
		}
	})
	if allocs > 50 {
		t.Errorf("%v allocations a run, want a few", allocs)
	}
}

// loweredFunction compiles src with compile on a runtime with the
// lowerings' helpers, runs it, and returns the function it evaluates to.
func loweredFunction(t *testing.T, compile func(name, src string) (*goja.Program, error), src string) goja.Callable {
	t.Helper()
	rt := goja.New()
	if err := installArrayPatternHelper(rt); err != nil {
		t.Fatal(err)
	}
	prg, err := compile("t.js", src)
	if err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunProgram(prg)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := goja.AssertFunction(v)
	if !ok {
		t.Fatalf("%s: not a function but %v", src, v)
	}
	return f
}
