package jsruntime

import (
	"slices"
	"testing"
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
