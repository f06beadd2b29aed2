package jsruntime

import (
	"testing"

	"github.com/dlclark/regexp2/v2"
)

func TestRewriteCaseFoldClasses(t *testing.T) {
	checkRewrites(t, func(p string) (string, bool) { return rewriteCaseFoldClasses(p, false) }, []rewriteCase{
		{`a.b`, `a` + foldDot + `b`},
		{`\.`, ``},
		{`[.]`, ``},
		{`[\]. ]x`, ``},
		{`[]].`, `[]]` + foldDot},
		{`\\.`, `\\` + foldDot},
		{`\S+\W\D`, `[^\s]+[^\w][^\d]`},
		{`[\S\W\D]`, ``},
		{`\s\w\d`, ``},
		{`(?<=x)\S*?(.)\1`, `(?<=x)[^\s]*?(` + foldDot + `)\1`},
		{`a\`, ``},
		{`abc`, ``},
	})
	// with the s flag . is every character already
	checkRewrites(t, func(p string) (string, bool) { return rewriteCaseFoldClasses(p, true) }, []rewriteCase{
		{`a.b`, ``},
		{`a.\S`, `a.[^\s]`},
	})
}

// TestCaseFoldClassesMatchAsChromium runs literals through compileScript
// and patterns through the page's RegExp constructor: each value is
// Chromium's.
func TestCaseFoldClassesMatchAsChromium(t *testing.T) {
	for _, tc := range []struct{ name, js, want string }{
		{"dot skips line terminators", `JSON.stringify("a\nb\rc\u2028d\u2029eF".match(/[a-f]./gi))`, `["eF"]`},
		{"dot with s", `/a.b/is.test("A\nB")`, "true"},
		{"dot takes an astral character whole with u", `/^.$/iu.test("\u{1F600}")`, "true"},
		{"dot takes half of it without u", `/^.$/i.test("\u{1F600}")`, "false"},
		{"exec loop from past index 0", `var re = /a.b/gi, s = "A1B a2b", m, o = []; while ((m = re.exec(s))) o.push(m[0] + m.index); o.join()`, "A1B0,a2b4"},
		{"\\S", `"ab cD\u00a0eF".replace(/\S+/gi, "x")`, "x x\u00a0x"},
		{"\\W", `"a-B_ſK".replace(/\W/gi, "!")`, "a!B_!K"},
		{"\\W with u", `"a-B_ſ\u212a".replace(/\W/giu, "!")`, "a!B_ſ\u212a"},
		{"\\D", `"a1B2".replace(/\D/gi, "")`, "12"},
		{"lookbehind", `/(?<=x)\S+/i.exec("X xAbC")[0]`, "AbC"},
		{"backreference", `/(.)\1/i.exec("abBc")[0]`, "bB"},
		{"constructor", `new RegExp("(?=\\w)\\W*.", "gi").exec("--A")[0]`, "A"},
		{"split", `"a1b2c".split(/\D/i).join("|")`, "|1|2|"},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRegExpScript(t, tc.js, tc.want) })
	}
}

// BenchmarkCaseFoldCompile compiles a case-insensitive pattern with wide
// classes in regexp2, as written and as rewritten (go test -bench
// CaseFoldCompile ./jsruntime/).
func BenchmarkCaseFoldCompile(b *testing.B) {
	pattern := `(?<=x)a.b\S+\W\D`
	rewritten, _ := rewriteCaseFoldClasses(pattern, false)
	for _, bc := range []struct{ name, p string }{{"written", pattern}, {"rewritten", rewritten}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := regexp2.Compile(bc.p, regexp2.ECMAScript|regexp2.IgnoreCase); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
