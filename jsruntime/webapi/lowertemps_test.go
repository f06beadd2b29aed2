package webapi

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestHideLoweringTemps runs lowered scripts beside a page's own globals
// with the names esbuild gives its temporaries: each script's templates,
// chains, classes and decorators work, the page's globals keep their
// values and no other global appears.
func TestHideLoweringTemps(t *testing.T) {
	const ag = "async function* g() { yield 1 }\n"
	cases := []struct {
		name, page, src, result, want string
		classFields                   bool // lowered too, as Lower does when quoting their names fails
	}{
		{"tagged templates", "var _a = 'page'; function _b() {} let _c = 3;",
			ag + "function tag(s) { return s } var t1 = tag`one${1}two`, t2 = tag`three`; function again() { return tag`one${1}two` } var t3 = tag`four`;",
			"[t1.join('+'), t2.join(), t3.join(), again() === again(), again() !== t1, _a, typeof _b, _c].join()",
			"one+two,three,four,true,true,page,function,3", false},
		{"optional chains", "var _a = 'page';",
			ag + "var o = { a: { b: 5 } }; var x = o?.a?.b, y = o?.z?.b; function f() { return o?.a?.['b'] }",
			"[x, y, f(), _a].join()", "5,,5,page", false},
		{"class fields lowered", "var _V = 'page';",
			ag + "class V { get = () => 1; static y = 2; static z = () => V }",
			"[new V().get(), V.y, V.z() === V, _V].join()", "1,2,true,page", true},
		{"decorators", "var _init = 'page';",
			ag + "function dec(c) { c.prototype.d = 1 } @dec class D {}",
			"[new D().d, _init].join()", "1,page", false},
		{"the source's own names are kept", "",
			ag + "var _a = 1; function tag(s) { return s } var t = tag`x${_a}`;",
			"[t.join('+'), _a].join()", "x+,1", false},
	}
	b := NewBundler(0)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, err := b.Lower(tc.src, "https://app.test/x.js")
			if err != nil {
				t.Fatal(err)
			}
			if tc.classFields {
				r := lowerFor(tc.src, "x.js", gojaSupportedNoClassFields)
				if r.err != nil || !strings.Contains(r.code, "const _V = class _V") {
					t.Fatalf("class fields not lowered as expected: %v\n%s", r.err, r.code)
				}
				code = hideLoweringTemps(hideLoweringHelpers(markAsyncGenerators(r.code), tc.src), tc.src)
			}
			rt := goja.New()
			if err := InstallAsyncGenerators(rt); err != nil {
				t.Fatal(err)
			}
			if _, err := rt.RunString(tc.page); err != nil {
				t.Fatal(err)
			}
			before := ownNames(rt)
			if _, err := rt.RunString(code); err != nil {
				t.Fatalf("run: %v\n%s", err, code)
			}
			if !strings.Contains(tc.src, "class") {
				// the same text again, as a page reruns a script
				if _, err := rt.RunString(code); err != nil {
					t.Fatalf("second run: %v", err)
				}
			}
			v, err := rt.RunString(tc.result)
			if err != nil {
				t.Fatalf("result: %v\n%s", err, code)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("result = %q, want %q\n%s", got, tc.want, code)
			}
			for _, n := range strings.Fields(ownNames(rt)) {
				if strings.HasPrefix(n, "_") && !strings.Contains(before, " "+n+" ") && !strings.Contains(tc.src, n) {
					t.Errorf("global %s appeared", n)
				}
			}
		})
	}
}

func ownNames(rt *goja.Runtime) string {
	v, err := rt.RunString("' ' + Object.getOwnPropertyNames(globalThis).join(' ') + ' '")
	if err != nil {
		panic(err)
	}
	return v.String()
}

func TestHideLoweringTempsUnchanged(t *testing.T) {
	for _, code := range []string{
		"var _a;\nx = `${_a}`;\n",       // a template's substitution names one
		"var _a = 1, _b = 2;\nf(_a);\n", // two declarators with values
		"var _a, x;\nf(_a);\n",          // the source's own x
	} {
		if got := hideLoweringTemps(code, "x"); got != code {
			t.Errorf("hideLoweringTemps(%q) = %q, want it unchanged", code, got)
		}
	}
	code := "var _a, _b;\nf(_a, o._b, { _b: 1 });\n"
	want := "\nf(__bangsnapLowered.$N_a, o._b, { _b: 1 });\n"
	got := hideLoweringTemps(code, "f(o)")
	if i := strings.Index(got, "$"); i >= 0 {
		got = got[:i+1] + "N" + strings.TrimLeft(got[i+1:], "0123456789")
	}
	if got != want {
		t.Errorf("hideLoweringTemps(%q) = %q, want %q", code, got, want)
	}
}
