package webapi

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// newRegExpRuntime returns a runtime with the steps of Install that touch
// RegExp, in Install's order; cached says whether the caching constructor
// is among them.
func newRegExpRuntime(t testing.TB, cached bool) *goja.Runtime {
	t.Helper()
	rt := goja.New()
	realm := bind.NewRealm(rt)
	if err := InstallPolyfills(rt); err != nil {
		t.Fatal(err)
	}
	if cached {
		if err := InstallRegExpConstructor(realm); err != nil {
			t.Fatal(err)
		}
	}
	if err := InstallRegExpMatchAll(rt); err != nil {
		t.Fatal(err)
	}
	if err := InstallRegExpLegacy(realm); err != nil {
		t.Fatal(err)
	}
	return rt
}

func evalString(rt *goja.Runtime, js string) string {
	v, err := rt.RunString(js)
	if err != nil {
		if ex, ok := err.(*goja.Exception); ok {
			if o, ok := ex.Value().(*goja.Object); ok {
				return "throws " + o.Get("name").String()
			}
		}
		return "error " + err.Error()
	}
	return v.String()
}

// TestRegExpConstructorAsBuiltin runs each case with the built-in
// constructor and with the caching one: the results must agree (except
// where the case says how they differ) and match want.
func TestRegExpConstructorAsBuiltin(t *testing.T) {
	tests := []struct {
		name, js, want string
		builtin        string // the built-in's result when it differs on purpose
	}{
		{"match", `var r = new RegExp("a(b+)", "g"); "abbab".match(r).join()`, "abb,ab", ""},
		{"flags and fields", `var r = new RegExp("x", "gimsuy"); [r.flags, r.global, r.ignoreCase, r.multiline, r.dotAll, r.unicode, r.sticky, r.lastIndex].join()`, "gimsuy,true,true,true,true,true,true,0", ""},
		{"each call a new object", `var a = new RegExp("q", "g"), b = new RegExp("q", "g"); a.lastIndex = 3; [a === b, b.lastIndex, a.test("qqqq"), b.test("q")].join()`, "false,0,true,true", ""},
		{"case-insensitive lookahead (regexp2)", `var r = new RegExp("^(?=.*?or)(.)*$", "i"); [r.test("HARBOR master"), r.test("Harbour"), r.test("xx")].join()`, "true,false,false", ""},
		{"named groups", `var m = new RegExp("(?<y>\\d{4})-(?<m>\\d\\d)").exec("on 2024-05"); m.groups.y + "/" + m.groups.m`, "2024/05", ""},
		{"called without new", `var r = RegExp("z+", "g"); [r instanceof RegExp, r.source, r.flags].join()`, "true,z+,g", ""},
		// A call returns a regexp itself, a construction copies it: core-js
		// and babel-polyfill replace RegExp when RegExp(re) !== re.
		{"called without new returns a regexp", `var r = /a/g; [RegExp(r) === r, RegExp(r, "i") === r, new RegExp(r) === r, RegExp.call({}, r) === r, (function () { "use strict"; return RegExp(r) === r; })()].join()`, "true,false,false,true,true", ""},
		{"core-js's check", `var re1 = /a/g, re2 = /a/g; re2[Symbol.match] = false; [new RegExp(re1) !== re1, RegExp(re1) === re1, RegExp(re2) !== re2, String(RegExp(re1, "i"))].join()`, "true,true,true,/a/i", ""},
		{"a call with a regexp of another constructor copies it", `var r = /a/; r.constructor = Object; RegExp(r) === r`, "false", ""},
		{"from a regexp shares the source", `var r = new RegExp(/a.b/gi); [r.source, r.flags].join()`, "a.b,gi", ""},
		{"from a regexp with new flags", `new RegExp(/a/g, "y").flags`, "y", ""},
		{"undefined pattern", `[new RegExp().source, new RegExp(undefined).source, new RegExp("").source].join()`, "(?:),(?:),(?:)", ""},
		{"number pattern", `new RegExp(12).test("x12")`, "true", ""},
		{"String object pattern", `new RegExp(new String("s+")).exec("xss")[0]`, "ss", ""},
		{"flags object", `new RegExp("a", { toString() { return "g"; } }).flags`, "g", ""},
		{"invalid pattern", `new RegExp("(", "")`, "throws SyntaxError", ""},
		{"invalid pattern caught", `try { new RegExp("a)"); "no" } catch (e) { e.name }`, "SyntaxError", ""},
		{"invalid flags", `try { new RegExp("a", "gg"); "no" } catch (e) { e.name }`, "SyntaxError", ""},
		{"unknown flag", `try { new RegExp("a", "Q"); "no" } catch (e) { e.name }`, "SyntaxError", ""},
		{"star first", `try { new RegExp("*/g"); "no" } catch (e) { e.name }`, "SyntaxError", ""},
		{"slash is escaped in source", `var r = new RegExp("^https?://x/", "i"); [r.source, r.test("HTTP://x/y"), String(r)].join(" ")`, `^https?:\/\/x\/ true /^https?:\/\/x\//i`, `^https?:\u002f\u002fx\u002f true /^https?:\u002f\u002fx\u002f/i`},
		{"escaped slash kept", `new RegExp("a\\/b").source`, `a\/b`, ""},
		{"slash in a class", `new RegExp("[/]").test("/")`, "true", ""},
		{"line terminators", `var r = new RegExp("a\nb\u2028"); [JSON.stringify(r.source), r.test("a\nb\u2028")].join()`, `"a\\nb\\u2028",true`, ""},
		{"backslash at the end", `try { new RegExp("a\\"); "no" } catch (e) { e.name }`, "SyntaxError", ""},
		{"comment-like", `new RegExp("a/*b*/").test("a/*b*/") + "," + new RegExp("/*x").test("/*x")`, "true,true", ""},
		{"unicode", `new RegExp("^.$", "u").test("😀") + "," + new RegExp("é", "i").test("É")`, "true,true", ""},
		{"lone surrogate", `new RegExp("\ud800").test("a\ud800b")`, "true", ""},
		{"identity", `[RegExp.prototype.constructor === RegExp, /x/.constructor === RegExp, new RegExp("x") instanceof RegExp, RegExp.name, RegExp.length, typeof RegExp].join()`, "true,true,true,RegExp,2,function", ""},
		{"toString", `Function.prototype.toString.call(RegExp)`, "function RegExp() { [native code] }", ""},
		{"prototype descriptor", `var d = Object.getOwnPropertyDescriptor(RegExp, "prototype"); [d.writable, d.enumerable, d.configurable, d.value === Object.getPrototypeOf(/x/)].join()`, "false,false,false,true", ""},
		{"global descriptor", `var d = Object.getOwnPropertyDescriptor(globalThis, "RegExp"); [d.writable, d.enumerable, d.configurable].join()`, "true,false,true", ""},
		{"legacy statics", `/(\w)(\d)/.test("x a1"); [RegExp.$1, RegExp.$2, RegExp.lastMatch, RegExp["$_"]].join()`, "a,1,a1,x a1", ""},
		{"RegExp.escape kept", `typeof RegExp.escape`, "function", ""},
		{"subclass", `class R extends RegExp { exec(s) { this.seen = true; return super.exec(s); } } var r = new R("a+", "g"); [r instanceof R, r instanceof RegExp, r.test("baa"), r.flags, R[Symbol.species] === R].join()`, "true,true,true,g,true", ""},
		{"subclass split uses species", `var made = 0; class R2 extends RegExp { constructor(...a) { super(...a); made++; } } "a,b".split(new R2(",")); made`, "2", ""},
		{"split", `"a1b22c".split(new RegExp("\\d+")).join("|")`, "a|b|c", ""},
		{"replace", `"aXbX".replace(new RegExp("x", "gi"), "-")`, "a-b-", ""},
		{"matchAll", `[..."a1b2".matchAll(new RegExp("\\d", "g"))].map(m => m[0] + m.index).join()`, "11,23", ""},
		{"Reflect.construct with another newTarget", `function F() {} F.prototype = Object.create(RegExp.prototype); var r = Reflect.construct(RegExp, ["a", "g"], F); [Object.getPrototypeOf(r) === F.prototype, r.test("a")].join()`, "true,true", ""},
		{"replaced global then restored", `var R3 = RegExp; RegExp = function () { return 1; }; var x = new RegExp("a"); RegExp = R3; [x, new RegExp("a").test("a")].join()`, "[object Object],true", ""},
	}
	builtin, cached := newRegExpRuntime(t, false), newRegExpRuntime(t, true)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, pass := range []int{0, 1} { // the second pass hits the cache
				got := evalString(cached, "{"+tc.js+"}")
				if got != tc.want {
					t.Errorf("pass %d: got %q, want %q", pass, got, tc.want)
				}
			}
			want := tc.want
			if tc.builtin != "" {
				want = tc.builtin
			}
			if got := evalString(builtin, "{"+tc.js+"}"); got != want {
				t.Errorf("built-in: got %q, want %q", got, want)
			}
		})
	}
}

func TestRegExpLiteralSource(t *testing.T) {
	for _, tc := range []struct {
		pattern, flags, want string
		ok                   bool
	}{
		{"a+", "g", "/a+/g", true},
		{"a/b", "", `/a\/b/`, true},
		{`a\/b`, "", `/a\/b/`, true},
		{`a\\/b`, "", `/a\\\/b/`, true},
		{"[/]", "", `/[\/]/`, true},
		{"a\nb", "", `/a\nb/`, true},
		{"a\\\nb", "", "", false},
		{"a\\", "", "", false},
		{"", "g", "", false},
		{"*a", "", "", false},
		{"a", "g;", "", false},
		{"a", "G", "", false},
		{"\xff", "", "", false},
	} {
		got, ok := regexpLiteralSource(tc.pattern, tc.flags)
		if got != tc.want || ok != tc.ok {
			t.Errorf("regexpLiteralSource(%q, %q) = %q, %v; want %q, %v", tc.pattern, tc.flags, got, ok, tc.want, tc.ok)
		}
	}
	// The bound on what is cached applies to the pattern as written.
	if p := compileRegexpLiteral(strings.Repeat("a", regexpLiteralMaxPattern+1), ""); p != nil {
		t.Errorf("a pattern over the bound was compiled as a literal")
	}
}

// FuzzRegExpLiteralSource checks that a pattern the cache writes as a
// literal compiles to a program of exactly one regexp literal, or to none.
func FuzzRegExpLiteralSource(f *testing.F) {
	for _, s := range []string{"a+", "a/b", "[/]", "*/x", "a\\", "(?=.*?x).*", "\n", "/*", "a*/b/c"} {
		f.Add(s, "g")
	}
	f.Fuzz(func(t *testing.T, pattern, flags string) {
		p := compileRegexpLiteral(pattern, flags)
		if p == nil {
			return
		}
		rt := goja.New()
		v, err := rt.RunProgram(p)
		if err != nil {
			t.Fatalf("%q %q: %v", pattern, flags, err)
		}
		if o, ok := v.(*goja.Object); !ok || o.ClassName() != "RegExp" {
			t.Fatalf("%q %q: made %v", pattern, flags, v)
		}
	})
}

// BenchmarkNewRegExp is DataTables' search: the same case-insensitive
// pattern with a lookahead built with new RegExp once per render.
func BenchmarkNewRegExp(b *testing.B) {
	for _, cached := range []bool{false, true} {
		name := "builtin"
		if cached {
			name = "cached"
		}
		b.Run(name, func(b *testing.B) {
			rt := newRegExpRuntime(b, cached)
			prg := goja.MustCompile("b.js", `new RegExp("^(?=.*?" + "or" + ").*$", "i").test("Harbour")`, false)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rt.RunProgram(prg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
