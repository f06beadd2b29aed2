package cssscan

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestValidSelectorListChromium compares ValidSelectorList with Chromium
// 156's reading of each selector of testdata/selectors-chromium.tsv
// (rewritten by testdata/selectors-chromium.mjs):
// whether a style sheet declaring `@namespace x url(…)` keeps a rule with
// it, and what CSS.supports("selector(…)") says (no namespace declared).
func TestValidSelectorListChromium(t *testing.T) {
	f, err := os.Open("testdata/selectors-chromium.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet := SelectorContext{Prefix: func(p string) bool { return p == "x" }}
	supports := SelectorContext{Prefix: func(string) bool { return false }, Supports: true}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("bad line %q", line)
		}
		sel := cols[2]
		n++
		if got, want := ValidSelectorList(sel, sheet), cols[0] == "KEEP"; got != want {
			t.Errorf("sheet: ValidSelectorList(%q) = %v, Chromium keeps: %v", sel, got, want)
		}
		got := Index(sel, ',') < 0 && ValidSelectorList(sel, supports)
		if want := cols[1] == "sup"; got != want {
			t.Errorf("supports: ValidSelectorList(%q) = %v, Chromium: %v", sel, got, want)
		}
	}
	if n < 400 {
		t.Fatalf("read %d selectors", n)
	}
}

func TestValidSelectorListNested(t *testing.T) {
	nested := SelectorContext{Nested: true}
	for sel, want := range map[string]bool{
		"> a": true, "+ .b": true, "~ c d": true, "& > a": true, "a, > b": true,
		"> > a": false, ">": false, "a >": false, "> a, ": false,
	} {
		if got := ValidSelectorList(sel, nested); got != want {
			t.Errorf("nested %q: %v, want %v", sel, got, want)
		}
	}
	if ValidSelectorList("> a", SelectorContext{}) {
		t.Error("a top-level rule's selector may not start with a combinator")
	}
}

// TestValidSelectorListDeep: deep nesting is refused, not walked to the
// bottom or overflowed.
func TestValidSelectorListDeep(t *testing.T) {
	sel := strings.Repeat(":not(", 100000) + "a" + strings.Repeat(")", 100000)
	if ValidSelectorList(sel, SelectorContext{}) {
		t.Error("100000 nested :not() accepted")
	}
	if !ValidSelectorList(strings.Repeat(":not(", 20)+"a"+strings.Repeat(")", 20), SelectorContext{}) {
		t.Error("20 nested :not() refused")
	}
}

func FuzzValidSelectorList(f *testing.F) {
	for _, s := range []string{"a", ":is(a", "[a=\"", "::part(", ":nth-child(2n of", "\\", "/*", "a|"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ValidSelectorList(s, SelectorContext{})
		ValidSelectorList(s, SelectorContext{Nested: true, Supports: true})
	})
}

func BenchmarkValidSelectorList(b *testing.B) {
	sels := []string{
		".ant-btn-primary:not(:disabled):hover",
		":where(.css-dev-only-do-not-override-1x0dypw).ant-badge .ant-badge-count",
		"*, ::before, ::after, ::backdrop, ::file-selector-button",
		"input[type=\"checkbox\" i]:checked + label::before",
		".MuiButton-root.Mui-focusVisible > .MuiTouchRipple-root",
		"ul li:nth-child(2n+1 of .item) a[href^='http']",
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, s := range sels {
			if !ValidSelectorList(s, SelectorContext{}) {
				b.Fatal(s)
			}
		}
	}
}

// TestValidForgivingItem: which items of :is() and :where() the
// forgiving parse keeps, in an ordinary argument and in a compound-only
// one (:host(), ::slotted()), as Chromium 156 serializes them.
func TestValidForgivingItem(t *testing.T) {
	for _, tt := range []struct {
		item     string
		compound bool
		want     bool
	}{
		{"#t", false, true},
		{".a > .b", false, true},
		{":total-nonsense", false, false},
		{"weird-token || more", false, false},
		{"::before", false, false},
		{"", false, false},
		{"a:hover", false, true},
		{":is(:bogus)", false, true},
		{".a .b", true, false},
		{".a.b:not(.c)", true, true},
		{":not(.a .b)", true, false},
		{":has(.a)", true, false},
	} {
		if got := ValidForgivingItem(tt.item, tt.compound); got != tt.want {
			t.Errorf("ValidForgivingItem(%q, %v) = %v, want %v", tt.item, tt.compound, got, tt.want)
		}
	}
}
