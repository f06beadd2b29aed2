package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
)

func TestTranslateUnicodeSets(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`abc`, `abc`},
		{`[a-c]`, `[a-c]`},
		{`[[a-f]--[c-d]]`, `[a-be-f]`},
		{`[[a-z]&&[aeiou]]`, `[aeiou]`},
		{`[\w--\d]`, `[A-Z\u005fa-z]`},
		{`[\q{abc|d|}x]`, `(?:abc|[dx]|)`},
		{`x\[[\u{1F600}]`, `x\[[\u{1f600}]`},
		{`[\uD83D\uDE00]`, `[\u{1f600}]`},
		{`[]`, `[]`},
		// A union keeps its property escapes (regexpprops.go spells them
		// out or leaves them to regexp2).
		{`[\p{L}_$]`, `[\u0024\u005f\p{L}]`},
		{`[^\d\P{Lu}]`, `[^0-9\P{Lu}]`},
		{`(?<![\p{L}\p{M}])x`, `(?<![\p{L}\p{M}])x`},
		{`[\p{ASCII}--[\x00-\x7e]]`, `[\u007f]`},
	} {
		got, ok := translateUnicodeSets(tc.in)
		if !ok || got != tc.want {
			t.Errorf("%q: got %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, bad := range []string{`[a-z&&b]`, `[a&&b--c]`, `[(]`, `[a&&&b]`, `[^\q{ab}]`, `[a`, `[\q{a`, `[\p{RGI_Emoji}]`, `[z-a]`, `[\c]`, `[\x4]`, `[\u{110000}]`} {
		if got, ok := translateUnicodeSets(bad); ok {
			t.Errorf("%q: translated to %q, want a syntax error", bad, got)
		}
	}
}

// FuzzTranslateUnicodeSets checks that whatever is translated compiles as
// a u-mode pattern.
func FuzzTranslateUnicodeSets(f *testing.F) {
	for _, s := range []string{`[\p{L}--[a-z]]`, `[[a-z]&&[aeiou]]+`, `[\q{abc|d}x]`, `[^\d\s]`, `a[\u{1F600}-\u{1F64F}]b`} {
		f.Add(s)
	}
	rt := goja.New()
	f.Fuzz(func(t *testing.T, pattern string) {
		out, ok := translateUnicodeSets(pattern)
		if !ok {
			return
		}
		if _, err := rt.RunString("new RegExp(" + jsQuote(out) + ", 'u')"); err != nil {
			if _, err2 := rt.RunString("new RegExp(" + jsQuote(pattern) + ", 'u')"); err2 == nil {
				t.Errorf("%q is a u-mode pattern, its translation %q is not: %v", pattern, out, err)
			}
		}
	})
}

// TestUnicodeSetsPropertyUnions runs v-flag patterns whose classes are
// unions with property escapes through webapi's constructor, with goja's
// Go regexp engine and with regexp2 (a lookbehind).
func TestUnicodeSetsPropertyUnions(t *testing.T) {
	rt := propertyRegExpRuntime(t)
	for _, tc := range []struct{ js, want string }{
		{`"déjà vu_1 αβ".match(new RegExp("[\\p{L}_]+", "gv")).join()`, "déjà,vu_,αβ"},
		{`"déjà vu_1 αβ".match(new RegExp("(?<=\\s)[\\p{L}_]+", "gv")).join()`, "vu_,αβ"},
		{`"a𝒜b c".match(new RegExp("(?<=a)[\\p{L}]+", "v"))[0]`, "𝒜b"},
		{`"ab1-c".replace(new RegExp("(?=.)[^\\p{L}\\d]", "gv"), "")`, "ab1c"},
		{`"ABcd".replace(new RegExp("(?<=.)[\\p{Lu}--[B]]", "gv"), "")`, "ABcd"},
		{`"ABCd".replace(new RegExp("(?<=.)[\\p{Lu}--[B]]", "gv"), "")`, "ABd"},
		{`new RegExp("(?<=a)[\\p{L}_]", "v").source`, `(?<=a)[\p{L}_]`},
	} {
		v, err := rt.RunString(tc.js)
		if err != nil {
			t.Errorf("%s: %v", tc.js, err)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.js, got, tc.want)
		}
	}
}
