package jsruntime

import "testing"

func TestRegisteredSyntaxStrings(t *testing.T) {
	for syntax, want := range map[string]bool{
		"<length>": true, "<length>+ | <color>#": true, "foo+|bar": true, `banan\61`: true, `\1F914 hmm`: true,
		"big | bigger | BIGGER": true, "<Number>": false, "< length>": false, "<length>++": false, "<length>#+": false,
		"<transform-list>+": false, "|banana": false, "||": false, "foo bar": false, `foo \1F914 bar`: false,
		"<length>|INHERIT": false, "<integer>|deFAUlt": false, `<\6c ength>`: false, "banana,nya": false,
	} {
		if _, ok := parseSyntax(syntax); ok != want {
			t.Errorf("parseSyntax(%q) = %v, want %v", syntax, ok, want)
		}
	}
	if name, ok := decodeIdent(`\1F914 hmm`); !ok || name != "🤔hmm" {
		t.Errorf("decodeIdent = %q, %v", name, ok)
	}
	for v, want := range map[string]bool{
		"a": true, "([ brackets ]) { yay (??)}": true, "unmatched opening bracket is valid :(": true, `"`: true,
		"default": true, "url(a b)": false, ")": false, "([)]": false, "whee!": false, "\"\n": false,
		"url(moo '')": false, "semi;colon": false, "var(--foo)": false, "Inherit": false, "{a;b}": true,
	} {
		if got := validUniversalValue(v); got != want {
			t.Errorf("validUniversalValue(%q) = %v, want %v", v, got, want)
		}
	}
}
