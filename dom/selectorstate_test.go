package dom

import (
	"errors"
	"strings"
	"testing"
)

// TestSelectorStates covers the pseudo-classes matched through the state
// marker (selectorstate.go), with what Chromium returns for each.
func TestSelectorStates(t *testing.T) {
	d := mustParse(t, `<div id=r lang=en-US dir=rtl>
	<form id=f><input id=i1 required><input id=i2 placeholder=p><input id=i3 readonly>
	<input id=i4 type=checkbox checked><input id=i5 type=radio name=g><select id=s1><option id=o1>a<option id=o2 selected>b</select>
	<button id=b1>b</button><input id=i6 disabled><input id=n1 type=number min=1 max=5 value=9></form>
	<p id=p1 lang=fr dir=ltr> </p><p id=p2></p><p id=p3><!--c--></p><x-undef id=x1></x-undef>
	<ul><li id=l1 class=x><li id=l2><li id=l3 class=x><li id=l4 class=x></ul>
	<span id=sp1></span><em id=k1 class=k></em><div contenteditable id=ce><b id=ceb></b></div></div>`)
	r := d.GetElementByID("r")
	tests := []struct {
		sel  string
		want string // ids of the matches
	}{
		{"input:required", "i1"},
		{"form :optional", "i2 i3 i4 i5 s1 b1 i6 n1"},
		{"form :read-write", "i1 i2 n1"},
		{":read-write", "i1 i2 n1 ce ceb"},
		{"input:read-only", "i3 i4 i5 i6"},
		{":placeholder-shown", "i2"},
		{"form :default", "i4 o2 b1"},
		{":indeterminate", "i5"},
		{":invalid", "f i1 n1"},
		{"form :valid", "i2 i4 i5 s1 b1"},
		{":out-of-range", "n1"},
		{":in-range, :autofill, :user-invalid", ""},
		{"p:empty", "p2 p3"},
		{":not(:defined)", "x1"},
		{"p:lang(fr), li:lang(en):first-child", "p1 l1"},
		{"p:dir(ltr)", "p1"},
		{"p:dir(rtl)", "p2 p3"},
		{"li:nth-child(2 of .x)", "l3"},
		{"li:nth-last-child(1 of .x)", "l4"},
		{"span:has(+ .k)", "sp1"},
		{"li:has(~ .x):not(.x)", "l2"},
		{"*|li:first-child, |li", "l1"},
		{"p::before, p:after, li:is()", ""},
		{":is(li, !!):nth-child(4)", "l4"},
	}
	for _, tt := range tests {
		got, err := r.QuerySelectorAll(tt.sel)
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
	// The markers are gone afterwards.
	if d.GetElementByID("i1").HasAttribute(stateAttr) {
		t.Error("state marker left on an element")
	}
	for _, bad := range []string{":has(:has(a))", "svg|rect", ":nth-child(2 of)", "::nope"} {
		_, err := r.QuerySelectorAll(bad)
		var de *DOMError
		if !errors.As(err, &de) || de.Name != SyntaxError {
			t.Errorf("%q: err %v, want a SyntaxError", bad, err)
		}
	}
}

func TestParseNth(t *testing.T) {
	tests := []struct {
		in   string
		a, b int
		ok   bool
	}{
		{"odd", 2, 1, true}, {"EVEN", 2, 0, true}, {"3", 0, 3, true}, {"-n+2", -1, 2, true},
		{"+n", 1, 0, true}, {"2n + 1", 2, 1, true}, {" -2n-3 ", -2, -3, true}, {"n+", 0, 0, false}, {"x", 0, 0, false},
	}
	for _, tt := range tests {
		a, b, ok := parseNth(tt.in)
		if ok != tt.ok || ok && (a != tt.a || b != tt.b) {
			t.Errorf("parseNth(%q) = %d, %d, %v; want %d, %d, %v", tt.in, a, b, ok, tt.a, tt.b, tt.ok)
		}
	}
}

func TestSelectorTextFixes(t *testing.T) {
	for in, want := range map[string]string{
		":nth-child(1":     ":nth-child(1)",
		"a[title='x":       "a[title='x']",
		"p:not(:is(a, [b]": "p:not(:is(a, [b]))",
		"a[href$=')']":     "a[href$=')']",
		`a\(b`:             `a\(b`,
	} {
		if got := closeOpenBlocks(in); got != want {
			t.Errorf("closeOpenBlocks(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"[type=TEXT]":                     "[type=TEXT i]",
		"input[ Type = 'x' ], [lang|=EN]": "input[ Type = 'x'  i], [lang|=EN i]",
		"[type=x s]":                      "[type=x s]",
		"[type]":                          "[type]",
		"[title=X]":                       "[title=X]",
		":not([dir=RTL])":                 ":not([dir=RTL i])",
	} {
		if got := addCaseFlags(in); got != want {
			t.Errorf("addCaseFlags(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSelectorNamespacesAndForgiving covers what the rewrite adds to cascadia: empty
// substring tests, :is() below :not() and :has(), namespaced attribute
// selectors, and the pseudo-classes answered by Document.PseudoState, with
// what Chromium 156 returns for each.
func TestSelectorNamespacesAndForgiving(t *testing.T) {
	d := mustParse(t, `<div id=r><p id=p1 title="a b" class="x"></p><p id=p2 title=""></p>
	<ul><li id=l1><li id=l2 class=x><li id=l3></ul><details id=dt1 open></details><details id=dt2></details>
	<dialog id=dg1 open></dialog><div id=pop popover></div><x-el id=ce></x-el></div>`)
	r := d.GetElementByID("r")
	svg, err := d.CreateElementNS("http://www.w3.org/2000/svg", "svg")
	if err != nil {
		t.Fatal(err)
	}
	svg.SetAttribute("id", "sv")
	if err := svg.SetAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#a"); err != nil {
		t.Fatal(err)
	}
	r.AppendChild(svg)
	d.PseudoState = func(n *Node, name, arg string) bool {
		switch name {
		case "popover-open":
			return n.ID() == "pop"
		case "state":
			return n.ID() == "ce" && arg == "on"
		}
		return false
	}
	tests := []struct {
		sel  string
		want string // ids of the matches
	}{
		{`[title^=""], [title$=''], [title*="" i]`, ""},
		{`p:not([title*=""])`, "p1 p2"},
		{`[title=""]`, "p2"},
		{`li:not(:is(.x))`, "l1 l3"},
		{`ul:has(:is(.x, .y))`, ""},
		{`li:not(:where(.x, ##))`, "l1 l3"},
		{`p:not(:is())`, "p1 p2"},
		{`[*|href]`, "sv"},
		{`[|href]`, ""},
		{`[*|title~=b]`, "p1"},
		{`[|TITLE=""]`, "p2"},
		{`[*|class=X i]`, "p1 l2"},
		{`:open`, "dt1 dg1"},
		{`:popover-open`, "pop"},
		{`:state(on)`, "ce"},
		{`:state(off), :modal, :fullscreen, :host, :host(p), :host-context(div)`, ""},
	}
	for _, tt := range tests {
		got, err := r.QuerySelectorAll(tt.sel)
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
	for _, sel := range []string{`:state()`, `:state(a b)`, `[*|]`, `[|=x]`} {
		if _, err := r.QuerySelectorAll(sel); err == nil {
			t.Errorf("%q: no SyntaxError", sel)
		}
	}
}
