package jsruntime

import (
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// White-space values that are no keyword of white-space's own, as
// Chromium 156 declares them (css65-white-space-longhands.html).
func TestWhiteSpaceLonghandValues(t *testing.T) {
	for _, c := range []struct {
		value, collapse, mode, keyword string
		ok                             bool
	}{
		{"preserve nowrap", "preserve", "nowrap", "pre", true},
		{"nowrap preserve", "preserve", "nowrap", "pre", true},
		{"Preserve-Breaks NOWRAP", "preserve-breaks", "nowrap", "", true},
		{"collapse", "collapse", "initial", "", true},
		{"wrap", "initial", "wrap", "", true},
		{"break-spaces wrap", "break-spaces", "wrap", "break-spaces", true},
		{"discard", "", "", "", false},
		{"preserve-spaces", "", "", "", false},
		{"wrap nowrap", "", "", "", false},
		{"preserve preserve", "", "", "", false},
		{"preserve nowrap wrap", "", "", "", false},
	} {
		collapse, mode, keyword, ok := whiteSpaceLonghandValues(c.value)
		if collapse != c.collapse || mode != c.mode || keyword != c.keyword || ok != c.ok {
			t.Errorf("%q: got %q %q %q %v, want %q %q %q %v", c.value, collapse, mode, keyword, ok, c.collapse, c.mode, c.keyword, c.ok)
		}
	}
	for _, c := range [][3]string{
		{"collapse", "initial", "normal"}, {"initial", "nowrap", "nowrap"}, {"preserve-breaks", "nowrap", "preserve-breaks nowrap"},
		{"inherit", "inherit", "inherit"},
	} {
		if got, ok := composeWhiteSpace(c[0], c[1]); !ok || got != c[2] {
			t.Errorf("composeWhiteSpace(%q, %q) = %q %v, want %q", c[0], c[1], got, ok, c[2])
		}
	}
	if _, ok := composeWhiteSpace("inherit", "wrap"); ok {
		t.Error("composeWhiteSpace(inherit, wrap): want no value")
	}
}

// whiteSpaceOf inherits each longhand on its own, down a chain deeper
// than its stack buffer, and answers from its memo afterwards.
func TestWhiteSpaceOfDeepChain(t *testing.T) {
	p := newPage(t, `<!doctype html><style>.m { text-wrap-mode: wrap }</style><body><div id="top" style="white-space: pre"></div>`, nil)
	p.run()
	// built by script: the parser flattens elements nested deeper than 384
	p.eval(`var e = document.getElementById("top");
		for (var i = 0; i < 3000; i++) { var s = document.createElement("span"); if (i == 1500) s.className = "m"; e.append(s); e = s }
		var leaf = document.createElement("b"); leaf.id = "leaf"; leaf.textContent = "a  b"; e.append(leaf)`)
	leaf := p.w.doc.GetElementByID("leaf")
	if got := p.w.whiteSpaceOf(leaf); got != dom.WSPreserve { // pre's collapse, the wrap declared half way
		t.Fatalf("leaf: %v, want %v", got, dom.WSPreserve)
	}
	if got := p.eval(`getComputedStyle(leaf).whiteSpace + " " + JSON.stringify(leaf.innerText)`); got != `pre-wrap "a  b"` {
		t.Fatalf("leaf: %s", got)
	}
	top := p.w.doc.GetElementByID("top")
	if got := p.w.whiteSpaceOf(top); got != dom.WSPreserve|dom.WSNoWrap {
		t.Fatalf("top: %v", got)
	}
	if allocs := testing.AllocsPerRun(100, func() { p.w.whiteSpaceOf(leaf) }); allocs != 0 {
		t.Errorf("a memoized whiteSpaceOf allocates %v times", allocs)
	}
}

// white-space expands into its longhands as a shorthand does.
func TestWhiteSpaceParts(t *testing.T) {
	for _, c := range [][3]string{
		{"pre", "preserve", "nowrap"}, {"NoWrap", "collapse", "nowrap"}, {"pre-line", "preserve-breaks", "wrap"},
		{"nowrap preserve", "preserve", "nowrap"}, {"collapse", "collapse", "initial"}, {"inherit", "inherit", "inherit"},
	} {
		vals, ok := shorthands["white-space"].expand(c[0])
		if !ok || vals[0] != c[1] || vals[1] != c[2] {
			t.Errorf("white-space: %s expands to %q %v", c[0], vals, ok)
		}
	}
	for _, v := range []string{"preserve-spaces", "discard", "pre wrap", "var(--x)"} {
		if vals, ok := shorthands["white-space"].expand(v); ok {
			t.Errorf("white-space: %s expands to %q", v, vals)
		}
	}
}
