package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
)

// TestCharCodesLoweredAsGoja runs each script as goja compiles it and with
// its charCodeAt calls lowered, and wants the same result (an exception's
// message included) from both, and the number of calls lowered the case
// says.
func TestCharCodesLoweredAsGoja(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		lowered         int
	}{
		{"djb2", `function h(e, t) { for (var n = t.length; n; ) e = 33 * e ^ t.charCodeAt(--n); return e } [h(5381, "abc"), h(5381, "styled-components \u00e9\u{1F600}")]`, `[193415941,1241060819]`, 1},
		{"murmur2's four a turn", `function m(s) { var h = 0, k, i = 0, n = s.length; for (; n >= 4; ++i, n -= 4) { k = s.charCodeAt(i) & 255 | (s.charCodeAt(++i) & 255) << 8 | (s.charCodeAt(++i) & 255) << 16 | (s.charCodeAt(++i) & 255) << 24; h ^= k } return [h, i] } m("color:red;margin:0")`, `[85592327,16]`, 4},
		{"positions", `let s = "abc"; [s.charCodeAt(0), s.charCodeAt(2), s.charCodeAt(3), s.charCodeAt(-1), s.charCodeAt(1.7), s.charCodeAt(-0.5), s.charCodeAt(NaN), s.charCodeAt(undefined), s.charCodeAt(Infinity), s.charCodeAt(2 ** 53)]`, `[97,99,null,null,98,97,97,97,null,null]`, 10},
		{"NaN out of range", `let s = ""; Object.is(s.charCodeAt(0), NaN)`, `true`, 1},
		{"surrogates", `let s = "\u00e9\u{1F600}"; [s.charCodeAt(0), s.charCodeAt(1), s.charCodeAt(2), s.length]`, `[233,55357,56832,3]`, 3},
		{"a string position", `let s = "abc"; s.charCodeAt("1")`, `98`, 1},
		{"valueOf called once", `let n = 0, s = "abc"; const o = { valueOf() { n++; return 2 } }; [s.charCodeAt(o), n]`, `[99,1]`, 1},
		{"argument evaluated once", `let i = 0, s = "abc"; [s.charCodeAt(i++), s.charCodeAt(i++), s.charCodeAt(i += 1 - 1), i]`, `[97,98,99,2]`, 2},
		{"member and bracket arguments", `const o = { i: 1, a: [2] }, s = "xyz"; [s.charCodeAt(o.i), s.charCodeAt(o.a[0]), s.charCodeAt(o["i"] + 1 - 1), s.charCodeAt(-o.i + 2)]`, `[121,122,121,121]`, 4},
		{"replaced, sloppy", `String.prototype.charCodeAt = function (i) { return typeof this + i }; let s = "abc"; s.charCodeAt(1)`, `"object1"`, 1},
		{"replaced, strict", `String.prototype.charCodeAt = function (i) { "use strict"; return typeof this + this + i + arguments.length }; let s = "abc"; s.charCodeAt(1)`, `"stringabc11"`, 1},
		{"replaced by an arrow", `String.prototype.charCodeAt = (i) => i * 2; let s = "abc"; s.charCodeAt(21)`, `42`, 1},
		{"replaced, then restored", `const c = String.prototype.charCodeAt; String.prototype.charCodeAt = () => 1; let s = "abc", a = s.charCodeAt(0); String.prototype.charCodeAt = c; [a, s.charCodeAt(0)]`, `[1,97]`, 2},
		{"moved to Object.prototype", `Object.prototype.charCodeAt = String.prototype.charCodeAt; delete String.prototype.charCodeAt; let s = "abc"; s.charCodeAt(1)`, `98`, 1},
		{"wrapper property untouched", `let s = "abc"; s.charCodeAt(0); typeof Object("x").charCodeAt`, `"function"`, 1},
		{"a number", `let s = 5; try { s.charCodeAt(0) } catch (e) { e.name }`, `"TypeError"`, 1},
		{"a String object", `let s = new String("ab"); s.charCodeAt(1)`, `98`, 1},
		{"an object's own method", `const o = { charCodeAt(i) { return [this === o, i * 2] } }; o.charCodeAt(4)`, `[true,8]`, 1},
		{"an array", `let s = ["a"]; try { s.charCodeAt(0) } catch (e) { e.name }`, `"TypeError"`, 1},
		{"undefined", `let s; try { s.charCodeAt(0) } catch (e) { e.name }`, `"TypeError"`, 1},
		{"undeclared", `try { zz.charCodeAt(0) } catch (e) { e.name }`, `"ReferenceError"`, 1},
		{"temporal dead zone", `try { q.charCodeAt(0); let q = "a" } catch (e) { e.name }`, `"ReferenceError"`, 1},
		{"a closure's variable", `function f(s) { return () => s.charCodeAt(0) } f("A")()`, `65`, 1},
		{"a global var", `var gs = "z"; gs.charCodeAt(0)`, `122`, 1},

		// Not lowered.
		{"no argument", `let s = "abc"; s.charCodeAt()`, `97`, 0},
		{"two arguments", `let s = "abc"; s.charCodeAt(1, 2)`, `98`, 0},
		{"a spread", `let s = "abc"; s.charCodeAt(...[1])`, `98`, 0},
		{"a call argument", `let s = "abc"; s.charCodeAt(Number(1))`, `98`, 0},
		{"a member object", `const o = { s: "abc" }; o.s.charCodeAt(1)`, `98`, 0},
		{"optional member", `let s = "abc"; [s?.charCodeAt(1), undefined?.charCodeAt(1)]`, `[98,null]`, 0},
		{"optional call", `let s = "abc"; s.charCodeAt?.(1)`, `98`, 0},
		{"a bracket name", `let s = "abc"; s["charCodeAt"](1)`, `98`, 0},
		{"another method", `let s = "abc"; s.codePointAt(1)`, `98`, 0},
		{"a long argument", `let s = "abc", a = 0; s.charCodeAt(a + a + a + a + a + a + a + a + a + 1)`, `98`, 0},
		{"inside with", `const o = {}; let s = "abc"; with (o) { s.charCodeAt(1) }`, `98`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkLoopLowering(t, tc.src, tc.want, tc.lowered, lowerCharCodes)
		})
	}
}

// TestCharCodeMessages wants the TypeErrors of a charCodeAt that is no
// function, or of a value without it, to read as goja's.
func TestCharCodeMessages(t *testing.T) {
	for _, src := range []string{
		`String.prototype.charCodeAt = 5; let s = "abc"; s.charCodeAt(0)`,
		`delete String.prototype.charCodeAt; let s = "abc"; s.charCodeAt(0)`,
		`let s = null; s.charCodeAt(0)`,
		`let s = 5; s.charCodeAt(0)`,
		`String.prototype.charCodeAt = undefined; let s = "abc"; s.charCodeAt(0)`,
		`String.prototype.charCodeAt = {}; let s = "abc"; s.charCodeAt(0)`,
		`String.prototype.charCodeAt = Symbol("c"); let s = "abc"; s.charCodeAt(0)`,
		`String.prototype.charCodeAt = { toString() { throw new RangeError("own") } }; let s = "abc"; s.charCodeAt(0)`,
		`String.prototype.charCodeAt = function () { throw new SyntaxError("mine") }; let s = "abc"; s.charCodeAt(0)`,
	} {
		plain, lowered := runBothMessages(t, src)
		if plain != lowered {
			t.Errorf("%s\n lowered: %s\n goja:    %s", src, lowered, plain)
		}
	}
}

// TestCharCodeAllocates checks that a lowered hash loop no longer makes
// the String wrapper's length number at each character.
func TestCharCodeAllocates(t *testing.T) {
	f := loweredFunction(t, compileScript, `(function () { var t = "x".repeat(3000), e = 0; for (var n = t.length; n; ) e = e ^ t.charCodeAt(--n); return e })`)
	allocs := testing.AllocsPerRun(2, func() {
		if n, err := f(goja.Undefined()); err != nil || n.ToInteger() != 0 {
			t.Fatal(n, err)
		}
	})
	// goja's numbers past 255 are allocated: n, once a turn.
	if allocs > 3500 {
		t.Errorf("%v allocations a run, want at most one a character", allocs)
	}
}
