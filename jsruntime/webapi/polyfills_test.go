package webapi

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
	"strings"
)

func TestPolyfills(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"withResolvers", `var r = Promise.withResolvers(); r.resolve(5); var out; r.promise.then(v => { globalThis.result = String(v) }); 0`, "5"},
		{"Promise.try", `Promise.try((a, b) => a + b, 2, 3).then(v => { globalThis.result = String(v) }); 0`, "5"},
		{"Promise.try throw", `Promise.try(() => { throw new Error("x") }).catch(e => { globalThis.result = e.message }); 0`, "x"},
		{"Object.groupBy", `var g = Object.groupBy([1,2,3,4], x => x % 2 ? "odd" : "even"); globalThis.result = JSON.stringify(g) + Object.getPrototypeOf(g)`, `{"odd":[1,3],"even":[2,4]}null`},
		{"Map.groupBy", `var m = Map.groupBy([1,2,3], x => x > 1); globalThis.result = JSON.stringify([...m])`, `[[false,[1]],[true,[2,3]]]`},
		{"isWellFormed", `globalThis.result = ["a\uD800".isWellFormed(), "a\uD83D\uDE00".isWellFormed(), "\uDC00x".toWellFormed() === "\uFFFDx"].join()`, "false,true,true"},
		{"RegExp.escape", `globalThis.result = RegExp.escape("a.b*c") + " " + new RegExp(RegExp.escape("1+1=2")).test("1+1=2")`, `\x61\.b\*c true`},
		{"Array.fromAsync", `Array.fromAsync([1, Promise.resolve(2)], x => x * 10).then(a => { globalThis.result = a.join() }); 0`, "10,20"},
		{"Array.fromAsync array-like", `Array.fromAsync({length: 2, 0: "a", 1: "b"}).then(a => { globalThis.result = a.join() }); 0`, "a,b"},
		{"iterator helpers", `function* n(){ let i = 0; for(;;) yield i++ } globalThis.result = n().filter(x => x % 2).map(x => x * x).drop(1).take(3).toArray().join()`, "9,25,49"},
		{"iterator reduce/some/find", `globalThis.result = [[1,2,3].values().reduce((a, b) => a + b), [1,2].values().some(x => x == 2), [5,6].values().find(x => x > 5)].join()`, "6,true,6"},
		{"Iterator.from and instanceof", `var it = Iterator.from({ i: 0, next() { return this.i < 2 ? { value: this.i++, done: false } : { done: true } } }); globalThis.result = it.toArray().join() + " " + ([].values() instanceof Iterator)`, "0,1 true"},
		{"flatMap", `globalThis.result = [1,2].values().flatMap(x => [x, x]).toArray().join()`, "1,1,2,2"},
		{"WeakRef", `var o = {a: 1}; var w = new WeakRef(o); new FinalizationRegistry(() => {}).register(o, 1); globalThis.result = String(w.deref() === o)`, "true"},
		{"WeakRef needs object", `try { new WeakRef(1) } catch (e) { globalThis.result = e.constructor.name }`, "TypeError"},
		{"symbols", `globalThis.result = [typeof Symbol.asyncIterator, typeof Symbol.dispose, Symbol.asyncIterator === Symbol.for("Symbol.asyncIterator")].join()`, "symbol,symbol,true"},
		{"captureStackTrace", `var o = {}; Error.captureStackTrace(o); globalThis.result = typeof o.stack`, "string"},
		{"non-enumerable", `var k = []; for (var x in Promise) k.push(x); for (var y in Object) k.push(y); globalThis.result = k.join() + "|"`, "|"},
		{"getYear/setYear", `var d = new Date(2024, 0, 15); var y = d.getYear(); d.setYear(99); globalThis.result = [y, d.getFullYear(), new Date(NaN).getYear()].join()`, "124,1999,NaN"},
		{"Atomics", `var a = new Int32Array(2); Atomics.add(a, 0, 5); Atomics.sub(a, 0, 2); var old = Atomics.compareExchange(a, 0, 3, 9); globalThis.result = [typeof Atomics, old, Atomics.load(a, 0), Atomics.store(a, 1, 4), Atomics.exchange(a, 1, 7), a[1]].join()`, "object,3,9,4,4,7"},
		{"UTC zone long name", `var s = new Date(0).toString(), t = new Date(0).toTimeString(); globalThis.result = String(!s.endsWith("(UTC)") && !t.endsWith("(UTC)") && Date.prototype.toString.name === "toString")`, "true"},
		{"toGMTString", `globalThis.result = [Date.prototype.toGMTString === Date.prototype.toUTCString, new Date(0).toGMTString()].join()`, "true,Thu, 01 Jan 1970 00:00:00 GMT"},
		{"__defineGetter__", `var o = {}; o.__defineGetter__("x", function () { return 7 }); o.__defineSetter__("y", function (v) { this.z = v }); o.y = 3; var d = Object.getOwnPropertyDescriptor(o, "x"); globalThis.result = [o.x, o.z, d.enumerable, d.configurable, typeof Object.create(o).__lookupGetter__("x"), o.__lookupSetter__("x"), o.__lookupGetter__("nope"), Object.prototype.__defineGetter__.length, Object.prototype.__lookupGetter__.name].join()`, "7,3,true,true,function,,,2,__lookupGetter__"},
		{"__defineGetter__ needs a function", `try { ({}).__defineGetter__("x", 1) } catch (e) { globalThis.result = e.constructor.name }`, "TypeError"},
		// core-js replaces them when this call does not throw.
		{"__defineSetter__ needs an object", `try { Object.prototype.__defineSetter__.call(null, "k", function () {}) } catch (e) { globalThis.result = e.constructor.name }`, "TypeError"},
		{"String HTML methods", `globalThis.result = ["x".bold(), "x".anchor('a"b'), "x".link("/p"), "x".fontsize(3), "x".fixed(), String.prototype.sub.length, String.prototype.link.length, String.prototype.fontcolor.name].join(" ")`, `<b>x</b> <a name="a&quot;b">x</a> <a href="/p">x</a> <font size="3">x</font> <tt>x</tt> 0 1 fontcolor`},
		// As built-in functions: no constructor, no prototype property,
		// named by their key, writable and configurable, not enumerable.
		{"not constructors", `var fs = [Promise.withResolvers, Object.groupBy, [].values().map, Atomics.add, Math.cosh, Date.prototype.toString, Object.prototype.__defineGetter__, String.prototype.bold, RegExp.escape];
			var news = fs.filter(f => { try { new f(); return true } catch (e) { return !(e instanceof TypeError) } }).length;
			var d = Object.getOwnPropertyDescriptor(Promise, "try");
			globalThis.result = [news, fs.filter(f => "prototype" in f).length, fs.map(f => f.name).join(" "), d.writable, d.configurable, d.enumerable].join()`,
			"0,0,withResolvers groupBy map add cosh toString __defineGetter__ bold escape,true,true,false"},
		{"String HTML methods need a this", `try { String.prototype.big.call(null) } catch (e) { globalThis.result = e.constructor.name }`, "TypeError"},
		{"cosh and sinh near the top of the range", `globalThis.result = [Math.cosh(710), Math.sinh(-710), Math.cosh(711), Math.cosh(1), Math.sinh(0.5), Math.cosh(-Infinity), Math.cosh.name].join()`, "1.1169973830808557e+308,-1.1169973830808557e+308,Infinity,1.5430806348152437,0.5210953054937474,Infinity,cosh"},
		{"Iterator.concat", `var log = []; var lazy = { [Symbol.iterator]() { log.push("open"); return [3].values() } };
			var it = Iterator.concat([1, 2], new Set(["a"]), lazy); var first = it.next().value; var opened = log.length;
			globalThis.result = [first, opened, ...it, log.length, Iterator.concat().next().done, it instanceof Iterator, Iterator.concat.name].join()`, "1,0,2,a,3,1,true,true,concat"},
		{"Iterator.concat checks its arguments first", `var r = []; for (var bad of [1, {}, null]) { try { Iterator.concat([1], bad); r.push("ok") } catch (e) { r.push(e.constructor.name) } } globalThis.result = r.join()`, "TypeError,TypeError,TypeError"},
		{"Iterator.concat return closes the open iterator", `var closed = 0; var src = { [Symbol.iterator]() { return { next() { return { value: 1, done: false } }, return() { closed++; return {} } } } };
			var it = Iterator.concat(src); it.next(); it.return(); globalThis.result = [closed, it.next().done].join()`, "1,true"},
		{"Map getOrInsert", `var m = new Map([["a", 1]]); var calls = 0;
			var r = [m.getOrInsert("a", 2), m.getOrInsert("b", 3), m.getOrInsertComputed("a", () => { calls++; return 9 }), m.getOrInsertComputed("c", k => k + "!"), Object.is([...m.keys()].length, 3), calls];
			var z = new Map(); z.getOrInsertComputed(-0, k => Object.is(k, 0)); r.push(Object.is([...z.keys()][0], 0), z.get(0));
			try { Map.prototype.getOrInsert.call({}, 1, 2) } catch (e) { r.push(e.constructor.name) }
			try { m.getOrInsertComputed("a", 1) } catch (e) { r.push(e.constructor.name) }
			globalThis.result = r.join()`, "1,3,1,c!,true,0,true,true,TypeError,TypeError"},
		{"WeakMap getOrInsert", `var w = new WeakMap(), k = {}; var r = [w.getOrInsert(k, 1), w.getOrInsertComputed(k, () => 2), w.getOrInsertComputed({}, () => 3)];
			for (var bad of [1, "s"]) { try { w.getOrInsertComputed(bad, () => { r.push("called") }) } catch (e) { r.push(e.constructor.name) } }
			globalThis.result = r.join()`, "1,1,3,TypeError,TypeError"},
		{"existing built-ins untouched", `globalThis.result = String(Array.prototype.at === Array.prototype.at && typeof Promise.allSettled)`, "function"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rt := goja.New()
			if err := InstallPolyfills(rt); err != nil {
				t.Fatal(err)
			}
			if _, err := rt.RunString(tc.src); err != nil {
				t.Fatal(err)
			}
			if got := rt.Get("result"); got == nil || got.String() != tc.want {
				t.Errorf("result = %v, want %q", got, tc.want)
			}
		})
	}
}

func BenchmarkInstallPolyfills(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := InstallPolyfills(goja.New()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPolyfillsLookNative checks that Install shows the polyfills as
// built-ins in Function.prototype.toString, as feature checks (lodash's
// isNative, core-js) expect of what a browser has natively, and leaves no
// trace on the global object.
func TestPolyfillsLookNative(t *testing.T) {
	rt := goja.New()
	l := loop.New(rt, loop.Options{Deterministic: true})
	realm := bind.NewRealm(rt)
	if err := Install(realm, rt.GlobalObject(), Config{Host: l, Console: func(string, string) {}}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`var src = function (f) { return Function.prototype.toString.call(f); };
		[src(Promise.try), src(Math.cosh), src(String.prototype.bold), src(Object.prototype.__lookupGetter__), src(Date.prototype.toString),
		 String(Object.groupBy), "__bangsnapNatives" in globalThis, src(function f() { return 1 })].join("\n")`)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"function try() { [native code] }",
		"function cosh() { [native code] }",
		"function bold() { [native code] }",
		"function __lookupGetter__() { [native code] }",
		"function toString() { [native code] }",
		"function groupBy() { [native code] }",
		"false",
		"function f() { return 1 }",
	}, "\n")
	if got := v.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkInstallPolyfillsRealm is the polyfill install as a page's
// window has it (webapi.Install): with a realm, whose lazy properties
// hold what polyfills.js makes on first use. The realm is not counted.
func BenchmarkInstallPolyfillsRealm(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		rt := goja.New()
		realm := bind.NewRealm(rt)
		b.StartTimer()
		if err := installPolyfills(rt, realm.MarkNative, realm.DefineLazy); err != nil {
			b.Fatal(err)
		}
	}
}
