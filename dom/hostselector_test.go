package dom

import (
	"errors"
	"strings"
	"testing"
)

// TestHostSelectors: :host, :host() and :host-context() in querySelector,
// matches and closest run in a shadow tree (the host is the featureless
// parent of its top-level elements); outside shadow trees they match
// nothing. testdata/wpt/shadow-selectors.html checks the same in Chromium.
func TestHostSelectors(t *testing.T) {
	d := mustParse(t, `<section class=ctx><div id=host class="h big"><i id=light></i></div></section>`)
	host := d.GetElementByID("host")
	sr, _ := host.AttachShadow(ShadowRootInit{Mode: "open"})
	_ = sr.SetInnerHTML(`<div id=top class=t><span id=deep></span></div><p id=p></p>`)
	ids := func(ns []*Node) string {
		var out []string
		for _, n := range ns {
			out = append(out, n.ID())
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct{ sel, want string }{
		{":host", ""},
		{":host *", "top deep p"},
		{":host > *", "top p"},
		{":host(.h.big) span", "deep"},
		{":host(div#host) > p", "p"},
		{":host(.nope) *", ""},
		{":host-context(.ctx) p", "p"},
		{":host-context(#host) p", "p"},
		{":host-context(.nope) p", ""},
		{":is(:host) span", "deep"},
		{":not(:host) span", "deep"},
		{":host p, * > div", "p"},
		{"::slotted(*)", ""},
	} {
		got, err := sr.QuerySelectorAll(tc.sel)
		if err != nil || ids(got) != tc.want {
			t.Errorf("querySelectorAll(%q) = %q, %v; want %q", tc.sel, ids(got), err, tc.want)
		}
	}
	for _, sel := range []string{":host(", ":host(section div)", ":host-context()", "::slotted", "::slotted(a b)"} {
		var de *DOMError
		if _, err := sr.QuerySelector(sel); !errors.As(err, &de) || de.Name != SyntaxError {
			t.Errorf("querySelector(%q): %v, want a SyntaxError", sel, err)
		}
	}
	deep, top := sr.GetElementByID("deep"), sr.GetElementByID("top")
	if ok, _ := deep.Matches(":host span"); !ok {
		t.Error("deep does not match :host span")
	}
	if ok, _ := host.Matches(":host"); ok {
		t.Error("the host matches :host in its own tree")
	}
	if c, _ := deep.Closest(":host > *"); c != top {
		t.Errorf("closest(:host > *) = %v", c)
	}
	if c, _ := deep.Closest(":host"); c != nil {
		t.Errorf("closest(:host) = %v, want nil (the root is no element)", c)
	}
	if got, _ := d.QuerySelectorAll(":host *"); len(got) != 0 {
		t.Errorf("the document matched :host * (%d)", len(got))
	}
	if !sr.IsShadowRoot() || sr.Kind() != DocumentFragmentNode || sr.NodeName() != "#document-fragment" {
		t.Error("the shadow root was left standing for its host")
	}
}

// TestFocusPseudoClasses: :focus and :focus-within ask PseudoState.
func TestFocusPseudoClasses(t *testing.T) {
	d := mustParse(t, `<div id=a><input id=i></div>`)
	i := d.GetElementByID("i")
	d.PseudoState = func(n *Node, name, arg string) bool {
		return name == "focus" && n == i || name == "focus-within" && (n == i || n.ID() == "a")
	}
	for _, tc := range []struct{ sel, want string }{{":focus", "i"}, {":focus-within", "a"}, {"div:focus-within > :focus", "i"}, {":focus-visible", ""}} {
		got, _ := d.QuerySelector(tc.sel)
		id := ""
		if got != nil {
			id = got.ID()
		}
		if id != tc.want {
			t.Errorf("%s: %q, want %q", tc.sel, id, tc.want)
		}
	}
}
