package jsruntime

import (
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A rewriteCase is a pattern and what a rewrite makes of it ("": left
// unchanged).
type rewriteCase struct{ in, want string }

// checkRewrites runs rewrite on each case's pattern.
func checkRewrites(t *testing.T, rewrite func(string) (string, bool), cases []rewriteCase) {
	t.Helper()
	for _, tc := range cases {
		got, ok := rewrite(tc.in)
		if tc.want == "" {
			if ok || got != tc.in {
				t.Errorf("%q: rewritten to %q, want unchanged", tc.in, got)
			}
			continue
		}
		if !ok || got != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestRewriteMultilineDollar(t *testing.T) {
	checkRewrites(t, rewriteMultilineDollar, []rewriteCase{
		{`a$`, `a` + multilineDollar},
		{`^(.*?):[ \t]*([^\r\n]*)$`, `^(.*?):[ \t]*([^\r\n]*)` + multilineDollar},
		{`\$`, ``},
		{`[$]`, ``},
		{`[\]$]x`, ``},
		{`\\$`, `\\` + multilineDollar},
		{`a$|b$`, `a` + multilineDollar + `|b` + multilineDollar},
		{`x` + multilineDollar, ``},
		{`abc`, ``},
	})
}

// TestMultilineDollarMatchesAsChromium runs literals through compileScript
// and patterns through the page's RegExp constructor: each value is
// Chromium's.
func TestMultilineDollarMatchesAsChromium(t *testing.T) {
	for _, tc := range []struct{ name, js, want string }{
		{"jQuery's response headers", `var re = /^(.*?):[ \t]*([^\r\n]*)$/mg, s = "content-type: application/json\r\ndate: x\r\n", m, out = []; while ((m = re.exec(s))) out.push(m[1] + "=" + m[2]); out.join()`, "content-type=application/json,date=x"},
		{"before \\r", `/a$/m.test("a\rb")`, "true"},
		{"before U+2028", `/a$/m.test("a\u2028b")`, "true"},
		{"before \\n still", `/a$/m.test("a\nb")`, "true"},
		{"at the end", `/a$/m.test("xa")`, "true"},
		{"not mid-line", `/a$/m.test("ab\r\n")`, "false"},
		{"without m, only the end", `/a$/.test("a\r\n")`, "false"},
		{"split lines", `"one\r\ntwo\r\n".replace(/\s+$/mg, "|")`, "one|\ntwo|"},
		{"constructor", `new RegExp("^(\\w+):(.*)$", "mg").exec("k:v\r\nx:y")[2]`, "v"},
		{"constructor keeps other flags", `new RegExp("A$", "mi").test("a\r\n")`, "true"},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRegExpScript(t, tc.js, tc.want) })
	}
}

// checkRegExpScript compiles js as a page script (with its lowerings), runs
// it with the page's RegExp constructor, and compares its value with want.
func checkRegExpScript(t *testing.T, js, want string) {
	t.Helper()
	rt := goja.New()
	realm := bind.NewRealm(rt)
	if err := webapi.InstallRegExpConstructor(realm); err != nil {
		t.Fatal(err)
	}
	if err := webapi.InstallRegExpSource(realm); err != nil {
		t.Fatal(err)
	}
	if err := installArrayPatternHelper(rt); err != nil { // the lowerings' helpers
		t.Fatal(err)
	}
	prg, err := compileScript("t.js", js)
	if err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunProgram(prg)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzRewriteMultilineDollar checks that a pattern goja accepts with the m
// flag is still accepted rewritten, and that rewriting twice changes
// nothing more.
func FuzzRewriteMultilineDollar(f *testing.F) {
	for _, s := range []string{`a$`, `[$]$`, `\$$`, `(?=[\r\u2028\u2029]|$)$`, `[\]]$[`} {
		f.Add(s)
	}
	rt := goja.New()
	f.Fuzz(func(t *testing.T, pattern string) {
		if _, err := rt.RunString("new RegExp(" + jsQuote(pattern) + ", 'm')"); err != nil {
			return
		}
		out, _ := rewriteMultilineDollar(pattern)
		if _, err := rt.RunString("new RegExp(" + jsQuote(out) + ", 'm')"); err != nil {
			t.Errorf("%q compiles, rewritten %q does not: %v", pattern, out, err)
		}
		if again, changed := rewriteMultilineDollar(out); changed {
			t.Errorf("second pass changed %q to %q", out, again)
		}
	})
}
