package dom

import (
	"errors"
	"strings"
	"testing"
)

// TestIDSelectorNames checks that an ID selector must name an identifier:
// #1 and #-1 are SyntaxErrors (as in Chromium) except in the forgiving
// list of :is() and :where(), escapes and strings are
// not ID selectors of their own.
func TestIDSelectorNames(t *testing.T) {
	doc := mustParse(t, `<!doctype html><body><p id="123" class="x" title="#1">a</p><p id="-a">b</p><p id="é">c</p></body>`)
	for _, c := range []struct {
		sel   string
		bad   bool
		match int
	}{
		{"#1", true, 0},
		{"#-1", true, 0},
		{"#-", true, 0},
		{"#", true, 0},
		{"p#1", true, 0},
		{":is(#1)", false, 0}, // a forgiving list drops the bad argument (Chromium 156)
		{":where(p, ##)", false, 3},
		{":not(:is(#1))", false, 6},
		{"p, #9a", true, 0},
		{"#\\31 23", false, 1},
		{"#-a", false, 1},
		{"#--a", false, 0},
		{"#_x", false, 0},
		{"#é", false, 1},
		{"#-\\31", false, 0},
		{`[title="#1"]`, false, 1},
		{`[title='#1']`, false, 1},
		{`p[title="\"#1"]`, false, 0},
		{".x#\\31 23", false, 1},
	} {
		t.Run(c.sel, func(t *testing.T) {
			got, err := doc.Node.QuerySelectorAll(c.sel)
			var de *DOMError
			switch {
			case c.bad && (err == nil || !errors.As(err, &de) || de.Name != SyntaxError):
				t.Fatalf("QuerySelectorAll(%q) = %d, %v; want a SyntaxError", c.sel, len(got), err)
			case !c.bad && err != nil:
				t.Fatalf("QuerySelectorAll(%q): %v", c.sel, err)
			case len(got) != c.match:
				t.Fatalf("QuerySelectorAll(%q) matched %d, want %d", c.sel, len(got), c.match)
			}
		})
	}
}

func FuzzBadIDSelector(f *testing.F) {
	for _, s := range []string{"#1", "#a", `[x="#1"]`, `#\`, `#-\`, "#-", `'#1`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Any input is scanned without a panic, and only a '#' can make a
		// selector bad here.
		if badIDSelector(s) && !strings.Contains(s, "#") {
			t.Fatalf("badIDSelector(%q) with no #", s)
		}
	})
}
