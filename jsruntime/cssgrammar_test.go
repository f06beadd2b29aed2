package jsruntime

import "testing"

// TestPropertyGrammars checks values against the property grammars as
// CSS.supports(property, value) does, with Chromium 156's answers.
func TestPropertyGrammars(t *testing.T) {
	for _, c := range []struct {
		prop, value string
		ok          bool
	}{
		// refused by Chromium (the DOM fuzzer's and Typed OM's findings)
		{"outline", "bogus", false},
		{"outline", "hidden scroll", false},
		{"list-style", "1px", false},
		{"transform", "auto", false},
		{"line-height", "auto", false},
		{"line-height", "none", false},
		{"font-stretch", "auto", false},
		{"font-stretch", "none", false},
		{"offset-rotate", "none", false},
		{"border-radius", "bogus", false},
		{"border-radius", "red", false},
		{"border-radius", "1px solid", false},
		{"border-top-width", "50%", false},
		{"box-shadow", "red", false},
		{"font-feature-settings", "'liga2'", false},
		{"src", "inherit", false},
		{"all", "bogus", false},
		{"flex", "-1px", false},
		{"will-change", "none", false},
		// taken by Chromium, as real style sheets write them
		{"outline", "5px auto -webkit-focus-ring-color", true},
		{"outline", "1px dotted", true},
		{"font", "normal normal normal 14px/1 FontAwesome", true},
		{"font", "italic bold 12px/30px Georgia, serif", true},
		{"font", "0/0 a", true},
		{"background", "#fff url(x.png) no-repeat right 8px center / 16px 16px", true},
		{"background", "linear-gradient(red, blue), url(a.png) 0 0 / cover", true},
		{"text-shadow", "--value(--shadow-*)", true},
		{"box-shadow", "inset 0 1px 0 rgba(255,255,255,.15), 0 1px 1px rgba(0,0,0,.075)", true},
		{"transition", "opacity .15s linear", true},
		{"grid-template-columns", "[full-start] minmax(1rem, 1fr) [content-start] repeat(auto-fill, 200px) [end]", true},
		{"grid-area", "1 / 2 / span 3 / main", true},
		{"font-feature-settings", `"liga" 1, "kern"`, true},
		{"cursor", "url(a.cur) 4 4, pointer", true},
		{"line-height", "calc(1em + 2px)", true},
		{"width", "anchor-size(inline)", true},
		{"all", "unset", true},
		{"caret-color", "auto", true},
		{"-webkit-font-smoothing", "antialiased", true},
		{"text-decoration", "underline dotted red", true},
		{"stroke-dasharray", "4, 2 1", true},
		{"transform-origin", "left top 10px", true},
	} {
		if got := supportsDeclaration(c.prop + ":" + c.value); got != c.ok {
			t.Errorf("supports(%s: %s) = %v, want %v", c.prop, c.value, got, c.ok)
		}
	}
	// a "!" left in a value after its priority is taken off
	if got := parseDeclarations("--v: 1px !important !important; --w: a!b; --x: '!'"); len(got) != 1 || got[0].name != "--x" {
		t.Errorf("declarations with a stray ! = %v, want --x alone", got)
	}
}

// TestPropertyGrammarsParse parses every grammar of the tables (a
// malformed one panics when the first value is checked).
func TestPropertyGrammarsParse(t *testing.T) {
	for _, table := range []map[string]string{propertyGrammars, moreGrammars} {
		for name, src := range table {
			if g := parseGrammar(src); g == nil {
				t.Errorf("%s: no grammar", name)
			}
		}
	}
	if propertyGrammar("outline-style") == nil {
		t.Fatal("outline-style has no grammar")
	}
}
