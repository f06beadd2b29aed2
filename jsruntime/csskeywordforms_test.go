package jsruntime

import (
	"slices"
	"testing"
)

func TestDeclaredDefaultsWrittenOrLeftOut(t *testing.T) {
	for _, c := range []struct{ prop, in, want string }{
		{"counter-reset", "a", "a 0"},
		{"counter-increment", "a -1 b", "a -1 b 1"},
		{"counter-set", "a calc(2) b", "a calc(2) b 0"},
		{"counter-reset", "none", "none"},
		{"scroll-snap-type", "x proximity", "x"},
		{"scroll-snap-type", "x mandatory", "x mandatory"},
		{"scroll-snap-align", "end end", "end"},
		{"scroll-snap-align", "start end", "start end"},
		{"list-style-type", `symbols(symbolic "a")`, `symbols("a")`},
		{"filter", "grayscale(2) sepia(150%) opacity(calc(200%))", "grayscale(1) sepia(100%) opacity(calc(200%))"},
		{"filter", "drop-shadow(1px 2px currentColor)", "drop-shadow(currentColor 1px 2px)"},
		{"filter", "brightness(300%)", "brightness(300%)"},
	} {
		out := splitComponents(c.in)
		out = filterValue(c.prop, out)
		out = counterValue(c.prop, out)
		out = scrollSnapValue(c.prop, out)
		out = symbolsValue(c.prop, out)
		if got := joinComponents(out); got != c.want {
			t.Errorf("%s: %s = %q, want %q", c.prop, c.in, got, c.want)
		}
	}
	if got := computeCounters("a calc(-2.5) b calc(1.5)"); got != "a -2 b 2" {
		t.Errorf("computeCounters = %q", got)
	}
	if !slices.Equal(counterValue("counter-reset", []string{"reversed(a)"}), []string{"reversed(a)"}) {
		t.Error("reversed() took a default")
	}
}

func TestContainOrderAndComputed(t *testing.T) {
	for in, want := range map[string]string{
		"paint layout style": "layout style paint", "style size": "size style", "strict": "strict",
	} {
		if got := joinComponents(containValue("contain", splitComponents(in))); got != want {
			t.Errorf("contain: %s = %q, want %q", in, got, want)
		}
	}
	if computeContain("layout style paint") != "content" || computeContain("size layout style paint") != "strict" ||
		computeContain("inline-size layout style paint") != "inline-size layout style paint" {
		t.Error("computeContain")
	}
}

func TestColorSchemeOnlyLast(t *testing.T) {
	for in, want := range map[string]string{
		"only light dark": "light dark only", "light only": "light only", "only none": "none only", "dark": "dark",
	} {
		if got := joinComponents(colorSchemeValue("color-scheme", splitComponents(in))); got != want {
			t.Errorf("color-scheme: %s = %q, want %q", in, got, want)
		}
	}
}
