package dom

import (
	"strings"
	"testing"
)

// TestComplexRelativeSelectors covers :has() whose relative selector
// chains sibling combinators after its first one, :is() and :where() of
// complex selectors after other compounds (matched as the argument at the
// element, not spliced into the outer chain), and :is() nested under
// :not() with states of its own; the expected ids are Chromium 156's.
func TestComplexRelativeSelectors(t *testing.T) {
	d := mustParse(t, `<main id=m>
	<div id=x1 class=c></div><div id=a1 class=a></div><div id=b1 class=b><i id=i1 class=i></i></div>
	<div id=x2 class=c></div><div id=a2 class=a></div><div id=n2></div><div id=b2 class=b></div>
	<div id=x4 class=c><span id=a4 class=a></span><span id=b4 class=b></span></div>
	<section id=s1 class=o><p id=p1 class=t><em id=e1 class=t></em></p></section>
	<section id=s2><p id=p2 class=t></p></section></main>`)
	m := d.GetElementByID("m")
	tests := []struct{ sel, want string }{
		{".c:has(+ .a + .b)", "x1"},
		{".c:has(+ .a ~ .b)", "x1 x2"},
		{".c:has(> .a + .b)", "x4"},
		{".c:has(+ .a + .b > .i)", "x1"},
		{".c:has(+ .a)", "x1 x2"},
		{"#s1 > :is(#s1 > #p1)", "p1"},
		{"#s1 > :is(#s2 > #p1)", ""},
		{"#s1 :is(#p1 > #e1)", "e1"},
		{"section > :is(p > em)", ""},
		{".o .t:is(section *)", "p1 e1"},
		{".o > .t:is(#s1 > *)", "p1"},
		{"#s1 ~ :where(#s1 + section) > p", "p2"},
		{":not(:is(section > :not(:where(#p1, #p2))))", "x1 a1 b1 i1 x2 a2 n2 b2 x4 a4 b4 s1 p1 e1 s2 p2"},
		{"section :is(:not(#s1) > #e1)", "e1"},
	}
	for _, tt := range tests {
		got, err := m.QuerySelectorAll(tt.sel)
		if err != nil {
			t.Errorf("%q: %v", tt.sel, err)
			continue
		}
		var ids []string
		for _, n := range got {
			ids = append(ids, n.ID())
		}
		if s := strings.Join(ids, " "); s != tt.want {
			t.Errorf("%q matched %q, want %q", tt.sel, s, tt.want)
		}
	}
}

// TestCompoundOnlyArguments: the selectors nested in :host(), its
// -context() and ::slotted() are compounds, as Chromium 156 parses them:
// :not() of a complex selector and :has() are invalid there, and the
// complex items of :is() and :where() are dropped.
func TestCompoundOnlyArguments(t *testing.T) {
	d := mustParse(t, `<div id=h></div>`)
	for sel, valid := range map[string]bool{
		":host(:not(.a .b))": false, "::slotted(:not(.a > .b))": false, ":host-context(:not(.a ~ .b))": false,
		":host(:has(.a))": false, ":host(:not(.a, .b))": true, ":host(:is(.a .b))": true, "::slotted(:is(.a > .b, .c))": true,
	} {
		if _, err := d.QuerySelector(sel); (err == nil) != valid {
			t.Errorf("%q: error %v, want valid %v", sel, err, valid)
		}
	}
	for in, want := range map[string]string{
		":is(.a .b, .c)":          ":is(.c)",
		":not(:where(.a > .b))":   ":not(:where())",
		":is(:is(.a .b, .c), .d)": ":is(:is(.c), .d)",
		".a:where(.b, .c + .d).e": ".a:where(.b).e",
	} {
		if got := CompoundOnlyArg(in); got != want {
			t.Errorf("CompoundOnlyArg(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		":is(:bogus, #a)":          ":is(#a)",
		":is(:bogus)":              ":not(*)",
		":not(:is(:bogus))":        ":not(:not(*))",
		":where(a, , b:bogus, c)":  ":where(a, c)",
		":is(:is(:bogus), .a b) c": ":is(:not(*), .a b) c",
		"a b":                      "a b",
	} {
		if got := DropInvalidForgiving(in); got != want {
			t.Errorf("DropInvalidForgiving(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestQuirksCaseSelector: the class and ID selectors of a quirks-mode
// document's style sheets as attribute selectors with the i flag, and
// nothing else.
func TestQuirksCaseSelector(t *testing.T) {
	for in, want := range map[string]string{
		"#FoO":                `[id="FoO" i]`,
		"div.a > .B":          `div[class~="a" i] > [class~="B" i]`,
		":not(.x, #y):is(.z)": `:not([class~="x" i], [id="y" i]):is([class~="z" i])`,
		`[title=".a"] .b`:     `[title=".a"] [class~="b" i]`,
		`.\31 x, .a\:b`:       `.\31 x, .a\:b`,
		"div, span":           "div, span",
		":nth-child(2 of .k)": `:nth-child(2 of [class~="k" i])`,
		"a[href='#top']#t":    `a[href='#top'][id="t" i]`,
	} {
		if got := QuirksCaseSelector(in); got != want {
			t.Errorf("QuirksCaseSelector(%q) = %q, want %q", in, got, want)
		}
	}
}
