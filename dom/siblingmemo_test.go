package dom

import (
	"strings"
	"testing"
)

// TestGeneralSiblingLinear: matching `p:state(on) ~ p i` against each of
// a long run of siblings tests each sibling's left compound once per
// document version (the walk back to the first sibling was quadratic:
// 4,000 siblings with the only match in the middle were 4 million tests),
// and the memo follows the tree and the state as they change.
func TestGeneralSiblingLinear(t *testing.T) {
	const n = 4000
	d := mustParse(t, strings.Repeat("<p><i></i></p>", n))
	var ps []*Node
	for c := d.Body().FirstElementChild(); c != nil; c = c.NextElementSibling() {
		ps = append(ps, c)
	}
	on := map[*Node]bool{ps[n/2]: true}
	tests := 0
	d.PseudoState = func(e *Node, name, arg string) bool {
		if name == "state" && arg == "on" {
			tests++
			return on[e]
		}
		return false
	}
	sel, err := ParseStyleSelector("p:state(on) ~ p i")
	if err != nil {
		t.Fatal(err)
	}
	check := func(step string) {
		t.Helper()
		tests = 0
		seen := false
		bad := 0
		for c := d.Body().FirstElementChild(); c != nil; c = c.NextElementSibling() {
			if got := sel.Match(c.FirstElementChild().HTML()); got != seen {
				bad++
			}
			if on[c] {
				seen = true
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d elements matched wrongly", step, bad, len(ps))
		}
		if tests > 2*len(ps) {
			t.Errorf("%s: %d tests of the left compound for %d siblings, want at most %d", step, tests, len(ps), 2*len(ps))
		}
	}
	check("one match in the middle")
	on[ps[10]] = true
	d.StateChanged()
	check("a state changed")
	ps[10].Remove()
	ps = append(ps[:10], ps[11:]...)
	check("the match removed")
	d.Body().InsertBefore(ps[n/2], ps[3])
	check("a match moved")
}

// TestQuerySelectorAllGeneralSiblingLinear: querySelectorAll with a
// general sibling combinator tests each sibling's left compound once
// (cascadia's walk back was quadratic), and finds what it found.
func TestQuerySelectorAllGeneralSiblingLinear(t *testing.T) {
	const n = 4000
	d := mustParse(t, strings.Repeat("<p>x</p>", n/2)+"<p class=x>x</p>"+strings.Repeat("<p>x</p>", n/2))
	for _, tc := range []struct {
		sel  string
		want int
	}{
		{"p.x ~ p", n / 2},
		{"p:not(.x) ~ p.x", 1},
		{"body > p.x ~ p, .x", n/2 + 1},
		{"p ~ p.x ~ p:not(.y)", n / 2},
		{"q ~ p", 0},
	} {
		got, err := d.Body().QuerySelectorAll(tc.sel)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tc.want {
			t.Errorf("%s: %d elements, want %d", tc.sel, len(got), tc.want)
		}
	}
	// the walk is StyleSelector's, whose work TestGeneralSiblingLinear
	// counts; not where a marker moves within one document version
	for sel, memo := range map[string]bool{"p.x ~ p": true, "p ~ p.x ~ p:not(.y)": true, ":scope > p ~ p": false, "p:focus ~ p": false, "p + p": false} {
		c, err := compileSelector(sel, true, 0)
		if err != nil {
			t.Fatal(err)
		}
		_, got := c.g[0].(*StyleSelector)
		if got != memo {
			t.Errorf("%s: matched by a StyleSelector %v, want %v", sel, got, memo)
		}
	}
}

// TestHasLaterSiblingLinear: `.a:has(~ p:state(on))` tested on each of a
// long run of siblings tests each sibling once per document version (the
// walk forward to the last sibling was quadratic).
func TestHasLaterSiblingLinear(t *testing.T) {
	const n = 4000
	d := mustParse(t, strings.Repeat("<p class=a></p>", n))
	var ps []*Node
	for c := d.Body().FirstElementChild(); c != nil; c = c.NextElementSibling() {
		ps = append(ps, c)
	}
	on := map[*Node]bool{ps[n-1]: true}
	tests := 0
	d.PseudoState = func(e *Node, name, arg string) bool {
		if name == "state" && arg == "on" {
			tests++
			return on[e]
		}
		return false
	}
	sel, err := ParseStyleSelector(".a:has(~ p:state(on))")
	if err != nil {
		t.Fatal(err)
	}
	check := func(step string, last *Node) {
		t.Helper()
		tests = 0
		bad, before := 0, true
		for c := d.Body().FirstElementChild(); c != nil; c = c.NextElementSibling() {
			if c == last {
				before = false
			}
			if sel.Match(c.HTML()) != before {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d elements matched wrongly", step, bad)
		}
		if tests > 2*n {
			t.Errorf("%s: %d tests for %d siblings, want at most %d", step, tests, n, 2*n)
		}
	}
	check("the last sibling matches", ps[n-1])
	delete(on, ps[n-1])
	on[ps[n/2]] = true
	d.StateChanged()
	check("the middle one matches", ps[n/2])
}
