package jsruntime

import (
	"strings"
	"testing"

	"github.com/dlclark/regexp2/v2"
)

// ucAny is uc.micro's "any code unit but a surrogate" class, as linkify-it
// writes it into its patterns.
const ucAny = `[\0-\uD7FF\uE000-\uFFFF]`

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
		{"[\\s\\S]", `/<!--[\s\S]*?-->/i.exec("a<!--x\ny-->b-->")[0]`, "<!--x\ny-->"},
		{"[\\S\\d] from past index 0", `"a1 b2\u00a0C".replace(/[\S\d]+/gi, "x")`, "x x\u00a0x"},
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

func TestRewriteWideClasses(t *testing.T) {
	checkRewrites(t, rewriteWideClasses, []rewriteCase{
		{ucAny, `[^\ud800-\udfff]`},
		{`x` + ucAny + `|[\uD800-\uDBFF]`, `x[^\ud800-\udfff]|[\uD800-\uDBFF]`},
		// negated: the class of what is left
		{`[^\0-\uD7FF\uE000-\uFFFF]`, `[\ud800-\udfff]`},
		// a and A are left out together; so is the Kelvin sign, whose
		// equivalents are not case-equivalent to it without u
		{`[\x00-\x40\x42-\x60b-\u2129\u212b-\uffff]`, `[^\u0041\u0061\u212a]`},
		// only a left out: A is in, so a is matched too, and so is
		// every code unit
		{`[\x00-\x60b-\uffff]`, `[^]`},
		// the complement mixes surrogates with other characters
		{`[\0-\u0040\u005b-\u0060\u007b-\uD7FF\uE000-\uFFFF]`, ``},
		// A-Z left out, but a-z fold to them
		{`[\0-\u0040\u005b-\uD7FF\uE000-\uFFFF]`, `[^\ud800-\udfff]`},
		// too narrow, or a complement too wide
		{`[a-z]`, ``},
		{`[\0-\u7fff]`, ``},
		// class escapes
		{`[\s\S]`, `[^]`},
		{`a[\W\w]*?b`, `a[^]*?b`},
		{`[\S\d]`, `[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000\ufeff]`},
		{`[^\D]`, `[\u0030-\u0039]`},
		{`[^\W\w]`, ``},
		{`[\D-z]`, ``},
		{`[\d\0-\uD7FF\uE000-\uFFFF]`, `[^\ud800-\udfff]`},
		// \c, octal, astral characters: left alone
		{`[\cA\0-\uD7FF\uE000-\uFFFF]`, ``},
		{`[\01-\uD7FF\uE000-\uFFFF]`, ``},
		{"[\\0-\\uD7FF\\uE000-\\uFFFF\U0001F600]", ``},
		{`\[\0-\uD7FF\uE000-\uFFFF]`, ``},
		{`[\uE000-\uD7FF]`, ``},
		{`[\0-\uD7FF\uE000-\uFFFF`, ``},
	})
}

// TestWideClassesMatchAsWritten compiles wide classes with regexp2 under
// the i flag as written and as rewritten and checks that each code unit
// is matched by both or neither.
func TestWideClassesMatchAsWritten(t *testing.T) {
	for _, class := range []string{
		ucAny,
		`[^\0-\uD7FF\uE000-\uFFFF]`,
		`[\x00-\x40\x42-\x60b-\u2129\u212b-\uffff]`,
		`[\0-\u00b4\u00b6-\u01c4\u01c6-\u1e9d\u1e9f-\uffff]`, // µ, Ǆ, ẞ out
		`[^\0-\u0130\u0132-\u03a2\u03a4-\uffff]`,             // İ, Σ in
		`[ -\]\]-\uffff\t]`,
		`[\S\d]`,
		`[\s\S]`,
		`[\W\d]`,
		`[^\W\d]`,
		`[\D_]`,
		`[\u0100-\uffff\s]`,
		`[^\D]`,
	} {
		rewritten, ok := rewriteWideClasses(class)
		if !ok {
			t.Errorf("%s: not rewritten", class)
			continue
		}
		written := regexp2.MustCompile(`^`+class+`$`, regexp2.ECMAScript|regexp2.IgnoreCase)
		as := regexp2.MustCompile(`^`+rewritten+`$`, regexp2.ECMAScript|regexp2.IgnoreCase)
		for c := rune(0); c <= 0xFFFF; c++ {
			want, err1 := written.MatchRunes([]rune{c})
			got, err2 := as.MatchRunes([]rune{c})
			if err1 != nil || err2 != nil || got != want {
				t.Errorf("%s as %s: U+%04X matched %v, want %v (%v %v)", class, rewritten, c, got, want, err1, err2)
				break
			}
		}
	}
}

// TestWideClassesWithSurrogates: linkify-it's "any character" pattern,
// whose rewritten class is one of surrogates among others, still tells a
// pair from lone halves (the surrogate rewrite runs after this one); its
// source reads as written.
func TestWideClassesWithSurrogates(t *testing.T) {
	any := ucAny + `|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]`
	js := `var re = /^(?:` + any + `)+$/i, n = new RegExp("(?=x)x|(?:` + strings.ReplaceAll(any, `\`, `\\`) + `)", "gi");
		[re.test("a\u{1F600}\ud800b\udc00"), re.test("\u{1F600}"), "a\u{1F600}\ud800\udc01".match(n).length, "\udc00\ud800".match(n).length,
		 /(?:` + any + `)/i.exec("\udc00\udc00")[0].length,
		 !re.source.includes("[^\\ud800-\\udfff")].join()` // source reads as written
	checkRegExpScript(t, js, "true,true,3,2,2,true")
}

// BenchmarkWideClassCompile compiles linkify-it's "any character" class
// with the i flag in regexp2, as written and as rewritten.
func BenchmarkWideClassCompile(b *testing.B) {
	rewritten, _ := rewriteWideClasses(ucAny)
	for _, bc := range []struct{ name, p string }{{"written", `(?=x)` + ucAny}, {"rewritten", `(?=x)` + rewritten}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := regexp2.Compile(bc.p, regexp2.ECMAScript|regexp2.IgnoreCase); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
