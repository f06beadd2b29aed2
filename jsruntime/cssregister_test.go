package jsruntime

import "testing"

func TestFontRelative(t *testing.T) {
	for _, c := range []struct {
		v          string
		elem, root bool // without and with the root's units
	}{
		{"2em", true, true},
		{"-2em", true, true},
		{"calc(1px + .5EX)", true, true},
		{"3cap", true, true},
		{"1e1em", true, true},
		{"2rem", false, true},
		{"2rlh", false, true},
		{"20px", false, false},
		{"var(--h1em)", false, false},
		{"calc(var(--x2ex) + 7px)", false, false},
		{"max(var(--size-3ch), 11px)", false, false},
		{"calc(var(--g1) * 1em)", true, true},
		{"#1e1", false, false},
		{"a\\31 em", false, false},
		{"2emx", false, false},
		{"", false, false},
	} {
		if got := fontRelative(c.v, false); got != c.elem {
			t.Errorf("fontRelative(%q, false) = %v, want %v", c.v, got, c.elem)
		}
		if got := fontRelative(c.v, true); got != c.root {
			t.Errorf("fontRelative(%q, true) = %v, want %v", c.v, got, c.root)
		}
	}
}
