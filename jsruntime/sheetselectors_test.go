package jsruntime

import (
	"slices"
	"testing"

	"github.com/andybalholm/cascadia"
)

func TestSplitSelectorList(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"a", []string{"a"}},
		{":root, :host", []string{":root", ":host"}},
		{"a:is(b, c), d[x=','], e[y=\"\\\",\"]", []string{"a:is(b, c)", "d[x=',']", "e[y=\"\\\",\"]"}},
		{"a\\,b, c", []string{"a\\,b", "c"}},
		{"", []string{""}},
	}
	for _, tt := range tests {
		if got := splitSelectorList(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("splitSelectorList(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if n := len(parseSheetSelectors(":root, :host, ::backdrop, p")); n != 3 {
		t.Errorf(":root, :host, ::backdrop, p keeps %d selectors, want 3 (:root, ::backdrop and p)", n)
	}
	if n := len(parseSheetSelectors(":root, :host, ::nonsense, p")); n != 2 {
		t.Errorf(":root, :host, ::nonsense, p keeps %d selectors, want 2 (:root and p)", n)
	}
	if n := len(parseSheetSelectors(":host")); n != 0 {
		t.Errorf(":host keeps %d selectors, want 0", n)
	}
}

// FuzzParseSheetSelectors: selectors come from pages' style sheets;
// parsing must never panic.
func FuzzParseSheetSelectors(f *testing.F) {
	for _, s := range []string{":root, :host", "a[x=','], b", "a\\", "(,", "'", "*, ::after"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parseSheetSelectors(s)
	})
}

// TestForgivingSheetSelectors: rules whose selectors use :is() or :where()
// apply (cascadia knows neither), with the specificity Selectors 4 gives
// them: :where() counts nothing, :is() its most specific argument.
func TestForgivingSheetSelectors(t *testing.T) {
	tests := []struct {
		sel  string
		n    int // selectors kept
		spec cascadia.Specificity
	}{
		{":where(.c1).ant-badge", 1, cascadia.Specificity{0, 1, 0}},
		{".x :where(.y, #z)", 2, cascadia.Specificity{0, 1, 0}},
		{":is(.a, #b) span", 2, cascadia.Specificity{1, 0, 1}},
		{":where(.space-y-4>:not(:last-child))", 1, cascadia.Specificity{0, 0, 0}},
		{":is(h1, h2):where(.t, .u)", 4, cascadia.Specificity{0, 0, 1}},
		{"a:where([title=\":where(\"])", 1, cascadia.Specificity{0, 0, 1}},
		{":where(.a, ::bogus)", 1, cascadia.Specificity{0, 0, 0}},
		{":is(.q):not(:where(.r, .s))", 1, cascadia.Specificity{0, 1, 0}},
		{".t:is(.t, ::before)", 1, cascadia.Specificity{0, 2, 0}},
		{":is(:total-nonsense, #t)", 1, cascadia.Specificity{1, 0, 0}},
		{":not(:is(:bogus))", 1, cascadia.Specificity{0, 0, 0}},
		{"#c > :is(#c > #f)", 1, cascadia.Specificity{3, 0, 0}},
		{".x .a:is(.y *)", 1, cascadia.Specificity{0, 3, 0}},
		{".a+:not(:not(.b+.f, :is(.c>.e, .g)))", 1, cascadia.Specificity{0, 3, 0}},
	}
	for _, tt := range tests {
		g := parseSheetSelectors(tt.sel + ", ::-bogus-pseudo")
		if len(g) != tt.n {
			t.Errorf("%s: %d selectors, want %d", tt.sel, len(g), tt.n)
			continue
		}
		for _, s := range g {
			if got := s.Specificity(); got != tt.spec {
				t.Errorf("%s: specificity %v, want %v", tt.sel, got, tt.spec)
			}
		}
	}
}
