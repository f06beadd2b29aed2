package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
)

func TestRewriteSurrogateClasses(t *testing.T) {
	const hi, lo = `[\ud800-\udbff]`, `[\udc00-\udfff]`
	checkRewrites(t, rewriteSurrogateClasses, []rewriteCase{
		// the pair: the second class gets the first marker
		{hi + lo, hi + `(?:(?!\ufdd0)[\udc00-\udfff\ufdd0])`},
		// the same class twice is filed once, correctly
		{hi + `|` + hi, ``},
		// negated classes are filed apart from plain ones
		{hi + `[^\udc00-\udfff]`, ``},
		{`[^\ud800-\udbff]x[^\udc00-\udfff]`, `[^\ud800-\udbff]x(?:[^\udc00-\udfff\ufdd0]|\ufdd0)`},
		// different numbers of ranges do not collide
		{hi + `[\udc00-\udcff\udd01]`, ``},
		// ranges are merged before they are counted
		{hi + `[\udc00-\udcff\udd00-\udfff]`, hi + `(?:(?!\ufdd0)[\udc00-\udcff\udd00-\udfff\ufdd0])`},
		// one marker per membership
		{hi + lo + `[\udc00-\udfff]+[\udffb-\udfff]`, hi + `(?:(?!\ufdd0)[\udc00-\udfff\ufdd0])(?:(?!\ufdd0)[\udc00-\udfff\ufdd0])+(?:(?!\ufdd1)[\udffb-\udfff\ufdd1])`},
		// classes mixing other characters, escaped brackets, uppercase hex
		{`[a\ud800-\udbff]` + lo, ``},
		{`\[\ud800-\udbff]` + lo, ``},
		{`[\uD800-\uDBFF][\uDC00-\uDFFF]`, `[\uD800-\uDBFF](?:(?!\ufdd0)[\uDC00-\uDFFF\ufdd0])`},
		// a pattern naming a marker is left alone
		{hi + lo + `\ufdd0`, ``},
		{`abc`, ``},
	})
}

// TestSurrogateClassesMatchAsChromium runs literals through compileScript
// and patterns through the page's RegExp constructor: each value is
// Chromium's.
func TestSurrogateClassesMatchAsChromium(t *testing.T) {
	for _, tc := range []struct{ name, js, want string }{
		{"a pair", `"a\ud834\udf06b".replace(/[\ud800-\udbff][\udc00-\udfff]/g, "X")`, "aXb"},
		{"a pair through the constructor", `"a\ud834\udf06b".replace(new RegExp("[\\ud800-\\udbff][\\udc00-\\udfff]", "g"), "X")`, "aXb"},
		{"a high surrogate before a low one", `"\ud834\udf06".replace(/[\ud800-\udbff](?=[\udc00-\udfff])/g, "X")`, `X\udf06`},
		// testharness.js's rewriting of unpaired surrogates in names
		{"testharness", `"\ud834\udf06 \ud834 \udf06".replace(/([\ud800-\udbff]+)(?![\udc00-\udfff])|(^|[^\ud800-\udbff])([\udc00-\udfff]+)/g, function (all, hi, pre, lo) { return hi ? "H" : pre + "L" })`, `\ud834\udf06 H L`},
		{"lodash's toArray", `(function () { var rsAstral = "[\\ud800-\\udfff]", rsCombo = "[\\u0300-\\u036f]", rsFitz = "\\ud83c[\\udffb-\\udfff]", rsModifier = "(?:" + rsCombo + "|" + rsFitz + ")", rsNonAstral = "[^\\ud800-\\udfff]", rsRegional = "(?:\\ud83c[\\udde6-\\uddff]){2}", rsSurrPair = "[\\ud800-\\udbff][\\udc00-\\udfff]", reOptMod = rsModifier + "?", rsSymbol = "(?:" + [rsNonAstral + rsCombo + "?", rsCombo, rsRegional, rsSurrPair, rsAstral].join("|") + ")", re = RegExp(rsFitz + "(?=" + rsFitz + ")|" + rsSymbol + reOptMod, "g"); return "a😀b🇫🇷".match(re).length })()`, "4"},
		{"a negated class of one half", `"\ud834\udf06x".replace(/[^\udc00-\udfff][^\ud800-\udbff]/g, "X")`, "Xx"},
		{"the u flag is left alone", `/[\ud800-\udbff][\udc00-\udfff]/u.test("\ud834\udf06")`, "false"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// esc writes each code unit outside printable ASCII as \uXXXX
			checkRegExpScript(t, `function esc(s) { return String(s).replace(/[^\x20-\x7e]/g, function (c) { return "\\u" + c.charCodeAt(0).toString(16) }) } esc(`+tc.js+`)`, tc.want)
		})
	}
}

// FuzzRewriteSurrogateClasses checks that a pattern goja accepts is still
// accepted rewritten, and that rewriting twice changes nothing more.
func FuzzRewriteSurrogateClasses(f *testing.F) {
	for _, s := range []string{`[\ud800-\udbff][\udc00-\udfff]`, `[^\ud800][^\udc00]`, `[\ud800-\udbff]+(?![\udc00-\udfff])`, `\[\ud800][\udc00]`} {
		f.Add(s)
	}
	fuzzSurrogateRewrite(f, rewriteSurrogateClasses)
}

// fuzzSurrogateRewrite checks that a pattern goja accepts is still accepted
// rewritten, and that rewriting twice changes nothing more.
func fuzzSurrogateRewrite(f *testing.F, rewrite func(string) (string, bool)) {
	rt := goja.New()
	f.Fuzz(func(t *testing.T, pattern string) {
		if _, err := rt.RunString("new RegExp(" + jsQuote(pattern) + ")"); err != nil {
			return
		}
		out, _ := rewrite(pattern)
		if _, err := rt.RunString("new RegExp(" + jsQuote(out) + ")"); err != nil {
			t.Errorf("%q compiles, rewritten %q does not: %v", pattern, out, err)
		}
		if again, changed := rewrite(out); changed {
			t.Errorf("second pass changed %q to %q", out, again)
		}
	})
}

func TestRewriteSurrogateEscapes(t *testing.T) {
	const pair = `(?:(?=\ud83d)[\s\S])(?:(?=\udc69)[\s\S])`
	checkRewrites(t, rewriteSurrogateEscapes, []rewriteCase{
		{`\ud83d\udc69|x`, pair + `|x`},
		// a quantifier takes the whole group
		{`\ud83d+`, `(?:(?=\ud83d)[\s\S])+`},
		// classes, escaped backslashes, other escapes and uppercase hex
		{`\ud83c[\udffb-\udfff]`, `(?:(?=\ud83c)[\s\S])[\udffb-\udfff]`},
		{`[\ud800-\udbff]`, ``},
		{`\\ud83d`, ``},
		{`\u00e9\u200d`, ``},
		{`\uD83D`, `(?:(?=\uD83D)[\s\S])`},
		// a second pass changes nothing
		{pair, ``},
		{`abc`, ``},
	})
}

// TestSurrogateEscapesMatchAsChromium: each value is Chromium's.
func TestSurrogateEscapesMatchAsChromium(t *testing.T) {
	const coder = `"\ud83d\udc69\ud83c\udffd\u200d\ud83d\udcbb"`
	for _, tc := range []struct{ name, js, want string }{
		{"two pairs", coder + `.match(/\ud83d\udc69|\ud83c\udffd/g).join(",")`, `\ud83d\udc69,\ud83c\udffd`},
		{"from lastIndex", `(function () { var r = /\ud83c\udffd|\ud83d\udcbb/g; r.lastIndex = 4; return r.exec(` + coder + `)[0] })()`, `\ud83d\udcbb`},
		{"the longer alternative first", coder + `.match(/\ud83d\udc69\ud83c[\udffb-\udfff]\u200d\ud83d\udcbb|\ud83d[\udc66-\udc69]|\ud83c[\udffb-\udfff]/g).length`, "1"},
		{"through the constructor", coder + `.replace(new RegExp("\\ud83c\\udffd|\\ud83d\\udcbb", "g"), "_")`, `\ud83d\udc69_\u200d_`},
		{"a quantified pair", `"\ud83d\ud83d\udc69".match(/\ud83d+\udc69|x/)[0].length`, "3"},
		{"in a lookbehind", `"a\ud83d\udc69b".replace(/(?<=\ud83d\udc69|x)b/, "B")`, `a\ud83d\udc69B`},
		{"the source as written", `/\ud83d\udc69|x/.source`, `\ud83d\udc69|x`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRegExpScript(t, `function esc(s) { return String(s).replace(/[^\x20-\x7e]/g, function (c) { return "\\u" + c.charCodeAt(0).toString(16) }) } esc(`+tc.js+`)`, tc.want)
		})
	}
}

// FuzzRewriteSurrogateEscapes checks that a pattern goja accepts is still
// accepted rewritten, and that rewriting twice changes nothing more.
func FuzzRewriteSurrogateEscapes(f *testing.F) {
	for _, s := range []string{`\ud83d\udc69|x`, `\ud83d+[\udc00]`, `(?<=\ud83d)a`, `\\ud83d`, `[\]\ud83d]\udc69`} {
		f.Add(s)
	}
	fuzzSurrogateRewrite(f, rewriteSurrogateEscapes)
}
