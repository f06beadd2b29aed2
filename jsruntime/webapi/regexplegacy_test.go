package webapi

import (
	"testing"

	"github.com/dop251/goja"
)

func TestRegExpLegacyStatics(t *testing.T) {
	rt, realm := newRealm(t)
	if err := InstallRegExpMatchAll(rt); err != nil {
		t.Fatal(err)
	}
	if err := InstallRegExpLegacy(realm); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"empty before any match", `[RegExp.$1, RegExp.lastMatch, RegExp.input, RegExp["$_"]].join("|")`, "|||"},
		// Zepto: singleTagRE.test(html) && document.createElement(RegExp.$1)
		{"test then $1", `/^<(\w+)\s*\/?>(?:<\/\1>|)$/.test("<tr>") && RegExp.$1`, "tr"},
		{"test: captures, context, lastParen", `/(b)(c)?(d)/.test("abdz"); [RegExp.$1, RegExp.$2, RegExp.$3, RegExp.$4, RegExp.lastMatch, RegExp.leftContext, RegExp.rightContext, RegExp.lastParen, RegExp["$&"], RegExp["$\x60"], RegExp["$'"], RegExp["$+"]].join("|")`,
			"b||d||bd|a|z|d|bd|a|z|d"},
		{"a failed match keeps the values", `/(x)/.test("x"); /(y)/.test("z"); /(q)/.exec("w"); "abc".match(/(n)/); RegExp.$1`, "x"},
		{"global test from lastIndex", `var re = /(\d)/g; re.test("1 2 3"); re.test("1 2 3"); [RegExp.$1, RegExp.leftContext, re.lastIndex].join("|")`, "2|1 |3"},
		{"sticky test from lastIndex", `var re = /(\w)/y; re.lastIndex = 2; re.test("abc"); RegExp.$1`, "c"},
		{"String match, non-global", `"key=val".match(/(\w+)=(\w+)/); RegExp.$1 + ":" + RegExp.$2`, "key:val"},
		{"String match, global: the last match", `"a1b2c3".match(/[a-z](\d)/g); RegExp.$1 + RegExp.lastMatch`, "3c3"},
		{"search", `"hello world".search(/(o) (w)/); [RegExp.$1, RegExp.$2, RegExp.leftContext].join("|")`, "o|w|hell"},
		{"replace", `"2026-11-21".replace(/(\d+)-(\d+)-(\d+)/, "$3.$2.$1"); RegExp.$3`, "21"},
		{"global replace: the last match", `"a-b-c".replace(/-(\w)/g, "+$1"); RegExp.$1`, "c"},
		{"replace with no match keeps the values", `/(k)/.test("k"); "abc".replace(/(z)/, "y"); RegExp.$1`, "k"},
		{"empty global matches advance (unicode)", `"😀😀".replace(/(?:)/gu, "-"); [RegExp.leftContext.length, RegExp.rightContext.length].join()`, "4,0"},
		{"UTF-16 contexts", `/(é+)/.test("😀éé!"); [RegExp.leftContext, RegExp.$1, RegExp.rightContext].join("|")`, "😀|éé|!"},
		{"input is writable", `/(a)/.test("a"); RegExp.input = 5; RegExp.$_ + typeof RegExp.input`, "5string"},
		{"$1 is read-only", `/(a)/.test("a"); RegExp.$1 = "z"; RegExp.$1`, "a"},
		{"the input is converted once", `var n = 0, o = { toString() { n++; return "x1" } }; /(\d)/.test(o); RegExp.$1 + n`, "11"},
		{"names and lengths", `var p = RegExp.prototype; [p.exec.name, p.exec.length, p.test.name, p[Symbol.replace].name, p[Symbol.replace].length, Object.getOwnPropertyDescriptor(p, "test").enumerable].join()`,
			"exec,1,test,[Symbol.replace],2,false"},
		{"statics are not enumerable", `Object.keys(RegExp).length`, "0"},
		{"incompatible receiver still throws", `try { RegExp.prototype.test.call({}, "a"); "no" } catch (e) { e.name }`, "TypeError"},
		{"exec result unchanged", `var m = /(a)(b)?/.exec("xa"); [m.index, m.input, m.length, m[2] === undefined].join()`, "1,xa,3,true"},
		// RegExpExec: test calls an exec the regexp was given (core-js
		// replaces test when it does not).
		{"test calls an own exec", `var called = false, re = /[ac]/; re.exec = function () { called = true; return /./.exec.apply(this, arguments); }; [re.test("abc"), called].join()`, "true,true"},
		{"test: an own exec's null is false", `var re = /a/; re.exec = function () { return null; }; re.test("a")`, "false"},
		{"test: a subclass's exec", `class R extends RegExp { exec(s) { return s === "yes" ? [] : null; } } [new R("x").test("yes"), new R("x").test("x")].join()`, "true,false"},
		{"test: an exec returning a string throws", `var re = /a/; re.exec = function () { return "a"; }; try { re.test("a"); "no" } catch (e) { e.name }`, "TypeError"},
		{"test: a non-callable exec is ignored", `var re = /(q)/; re.exec = 5; [re.test("q"), RegExp.$1].join()`, "true,q"},
		{"split still works", `"a1b2c".split(/\d/).join()`, "a,b,c"},
		{"matchAll still works", `[..."a1b2".matchAll(/\d/g)].map(m => m[0]).join()`, "1,2"},
	})
}

// TestRegExpLegacyKeepsExec checks that exec stays goja's own: redefining
// it would turn off goja's regexp fast paths for the whole realm.
func TestRegExpLegacyKeepsExec(t *testing.T) {
	rt, realm := newRealm(t)
	proto := rt.Get("RegExp").ToObject(rt).Get("prototype").ToObject(rt)
	before := proto.Get("exec")
	if err := InstallRegExpLegacy(realm); err != nil {
		t.Fatal(err)
	}
	if after := proto.Get("exec"); !after.SameAs(before) {
		t.Fatal("InstallRegExpLegacy replaced RegExp.prototype.exec")
	}
}

func BenchmarkRegExpTest(b *testing.B) {
	for _, legacy := range []bool{false, true} {
		name := "native"
		if legacy {
			name = "legacy-statics"
		}
		b.Run(name, func(b *testing.B) {
			rt, realm := newRealm(b)
			if legacy {
				if err := InstallRegExpLegacy(realm); err != nil {
					b.Fatal(err)
				}
			}
			f, err := rt.RunString(`(function () { var re = /^#(\w+)$/, n = 0; for (var i = 0; i < 1000; i++) { if (re.test(i % 2 ? "#id" : ".cls")) n++; n += "a-b-c".replace(/-/g, "+").length + "a b  c".split(/\s+/).length; } return n; })`)
			if err != nil {
				b.Fatal(err)
			}
			fn, _ := goja.AssertFunction(f)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := fn(nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
