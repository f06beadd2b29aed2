package jsruntime

import "testing"

// White-space values that are no keyword of white-space's own, as
// Chromium 156 declares them (css65-white-space-longhands.html).
func TestWhiteSpaceLonghandValues(t *testing.T) {
	for _, c := range []struct {
		value, collapse, mode, keyword string
		ok                             bool
	}{
		{"preserve nowrap", "preserve", "nowrap", "pre", true},
		{"nowrap preserve", "preserve", "nowrap", "pre", true},
		{"Preserve-Breaks NOWRAP", "preserve-breaks", "nowrap", "", true},
		{"collapse", "collapse", "initial", "", true},
		{"wrap", "initial", "wrap", "", true},
		{"break-spaces wrap", "break-spaces", "wrap", "break-spaces", true},
		{"discard", "", "", "", false},
		{"preserve-spaces", "", "", "", false},
		{"wrap nowrap", "", "", "", false},
		{"preserve preserve", "", "", "", false},
		{"preserve nowrap wrap", "", "", "", false},
	} {
		collapse, mode, keyword, ok := whiteSpaceLonghandValues(c.value)
		if collapse != c.collapse || mode != c.mode || keyword != c.keyword || ok != c.ok {
			t.Errorf("%q: got %q %q %q %v, want %q %q %q %v", c.value, collapse, mode, keyword, ok, c.collapse, c.mode, c.keyword, c.ok)
		}
	}
	for _, c := range [][3]string{
		{"collapse", "initial", "normal"}, {"initial", "nowrap", "nowrap"}, {"preserve-breaks", "nowrap", "preserve-breaks nowrap"},
		{"inherit", "inherit", "inherit"},
	} {
		if got, ok := composeWhiteSpace(c[0], c[1]); !ok || got != c[2] {
			t.Errorf("composeWhiteSpace(%q, %q) = %q %v, want %q", c[0], c[1], got, ok, c[2])
		}
	}
	if _, ok := composeWhiteSpace("inherit", "wrap"); ok {
		t.Error("composeWhiteSpace(inherit, wrap): want no value")
	}
}
