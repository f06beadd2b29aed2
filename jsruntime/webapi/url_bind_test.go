package webapi

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// realms remembers the realm of each test runtime.
var realms = map[*goja.Runtime]*bind.Realm{}

// newRealm returns a runtime with a bind realm and the polyfills.
func newRealm(t testing.TB) (*goja.Runtime, *bind.Realm) {
	t.Helper()
	rt := goja.New()
	realm := bind.NewRealm(rt)
	if err := InstallPolyfills(rt); err != nil {
		t.Fatal(err)
	}
	realms[rt] = realm
	return rt, realm
}

func realmOf(t testing.TB, rt *goja.Runtime) *bind.Realm {
	t.Helper()
	r, ok := realms[rt]
	if !ok {
		t.Fatal("runtime without realm")
	}
	return r
}

// jsCase is one script and the string it must evaluate to.
type jsCase struct{ name, src, want string }

func runJSCases(t *testing.T, rt *goja.Runtime, cases []jsCase) {
	t.Helper()
	for _, tc := range cases {
		v, err := rt.RunString(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestURLBinding(t *testing.T) {
	rt, realm := newRealm(t)
	if err := InstallURL(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"parts", `var u = new URL("../c?x=1#f", "https://a.com/b/d"); [u.href, u.origin, u.protocol, u.host, u.pathname, u.search, u.hash].join(" ")`,
			"https://a.com/c?x=1#f https://a.com https: a.com /c ?x=1 #f"},
		{"invalid throws TypeError", `try { new URL("nope"); "no" } catch (e) { e instanceof TypeError ? "TypeError" : String(e) }`, "TypeError"},
		{"bad base throws", `try { new URL("/x", "nope"); "no" } catch (e) { e.name }`, "TypeError"},
		{"canParse", `[URL.canParse("http://x"), URL.canParse("x"), URL.canParse("x", "http://y/")].join()`, "true,false,true"},
		{"parse", `[URL.parse("x"), URL.parse("/p", "http://h").href].join()`, ",http://h/p"},
		{"setters", `var u = new URL("http://a.com/"); u.protocol = "https"; u.port = "8443"; u.pathname = "/x y"; u.hash = "h"; u.username = "me"; u.href`,
			"https://me@a.com:8443/x%20y#h"},
		{"href setter throws", `var u = new URL("http://a.com/"); try { u.href = "::" } catch (e) { } u.href`, "http://a.com/"},
		{"toJSON and String", `JSON.stringify({u: new URL("http://a.com")}) + String(new URL("http://b.com"))`, `{"u":"http://a.com/"}http://b.com/`},
		{"searchParams live link", `var u = new URL("http://a.com/?a=1&b=2"); var p = u.searchParams; p.append("c", "3 4"); p.delete("a"); var s1 = u.search; u.search = "?z=9"; [s1, p.get("z"), p === u.searchParams, p.size].join(" ")`,
			"?b=2&c=3+4 9 true 1"},
		{"empty params remove query", `var u = new URL("http://a.com/?a=1"); u.searchParams.delete("a"); u.href`, "http://a.com/"},
		{"accessor on prototype", `typeof Object.getOwnPropertyDescriptor(URL.prototype, "href").set`, "function"},
		{"instanceof", `new URL("http://a") instanceof URL`, "true"},
	})
}

func TestURLSearchParamsBinding(t *testing.T) {
	rt, realm := newRealm(t)
	if err := InstallURL(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"string init", `new URLSearchParams("?a=1&b=x+y&c=%20%zz&&d").toString()`, "a=1&b=x+y&c=+%25zz&d="},
		{"pairs init", `new URLSearchParams([["a", "1"], ["b", "2"]]).toString()`, "a=1&b=2"},
		{"record init", `new URLSearchParams({a: "1", "b c": "é"}).toString()`, "a=1&b+c=%C3%A9"},
		{"params init copies", `var a = new URLSearchParams("x=1"); var b = new URLSearchParams(a); b.append("y", 2); a.toString() + "|" + b.toString()`, "x=1|x=1&y=2"},
		{"bad pair", `try { new URLSearchParams([["a"]]); "no" } catch (e) { e.name }`, "TypeError"},
		{"get/getAll/has", `var p = new URLSearchParams("a=1&a=2&b=3"); [p.get("a"), p.getAll("a").join("+"), p.has("b"), p.has("a", "2"), p.has("a", "3"), p.get("z")].join()`, "1,1+2,true,true,false,"},
		{"set keeps first position", `var p = new URLSearchParams("a=1&b=2&a=3"); p.set("a", "9"); p.toString()`, "a=9&b=2"},
		{"delete with value", `var p = new URLSearchParams("a=1&a=2"); p.delete("a", "1"); p.toString()`, "a=2"},
		{"sort is stable by code units", `var p = new URLSearchParams("z=1&a=2&z=0&\uFB03=x&\uD83C\uDF08=y"); p.sort(); [...p.keys()].join(",")`, "a,z,z,\U0001F308,\uFB03"},
		{"iteration", `var out = []; for (const [k, v] of new URLSearchParams("a=1&b=2")) out.push(k + v); new URLSearchParams("c=3").forEach((v, k) => out.push(k + v)); out.join()`, "a1,b2,c3"},
		{"entries/values", `[...new URLSearchParams("a=1&b=2").values()].join() + [...new URLSearchParams("a=1").entries()][0].join("=")`, "1,2a=1"},
		{"Object.fromEntries", `JSON.stringify(Object.fromEntries(new URLSearchParams("a=1&b=2")))`, `{"a":"1","b":"2"}`},
		{"special chars", `new URLSearchParams({q: "a&b=c/d?e~*'()!"}).toString()`, "q=a%26b%3Dc%2Fd%3Fe%7E*%27%28%29%21"},
		{"missing args", `try { new URLSearchParams().append("a"); "no" } catch (e) { e.name }`, "TypeError"},
		{"generator of pairs", `new URLSearchParams((function* () { yield ["a", "1"]; yield new Set(["b", "2"]) })()).toString()`, "a=1&b=2"},
		{"page replaced Array.from", `var saved = Array.from; Array.from = null; var s = new URLSearchParams([["a", "b"]]).toString(); Array.from = saved; s`, "a=b"},
		{"non-iterable pair", `try { new URLSearchParams([1]); "no" } catch (e) { e.name }`, "TypeError"},
	})
}

func BenchmarkURLFromJS(b *testing.B) {
	rt, realm := newRealm(b)
	if err := InstallURL(realm, rt.GlobalObject()); err != nil {
		b.Fatal(err)
	}
	prg := goja.MustCompile("b.js", `new URL("/api/items?page=2", "https://www.example.com/app/").searchParams.get("page")`, false)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rt.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
	}
}
