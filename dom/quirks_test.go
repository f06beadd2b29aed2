package dom

import "testing"

// TestQuirksMode checks what a document's mode changes and what changes
// it, as Chromium 156 does: the mode stays through doctype changes made by
// scripts, and in quirks mode class names (getElementsByClassName and
// selectors) and ID selectors compare ASCII case-insensitively.
func TestQuirksMode(t *testing.T) {
	q := mustParse(t, `<p class="Aa Bb" id=Ab>x</p>`)
	if got := q.CompatMode(); got != "BackCompat" {
		t.Fatalf("no doctype: %s", got)
	}
	if n := q.GetElementsByClassName("aa BB").Len(); n != 1 {
		t.Errorf("quirks getElementsByClassName(aa BB) = %d, want 1", n)
	}
	for sel, want := range map[string]int{".aA": 1, "#aB": 1, "p.AA.bb#ab": 1, ":not(.aa)": 3, ".aa.cc": 0} {
		got, err := q.QuerySelectorAll(sel)
		if err != nil || len(got) != want {
			t.Errorf("quirks %q: %d, %v; want %d", sel, len(got), err, want)
		}
	}
	if q.GetElementByID("ab") != nil {
		t.Error("getElementById is case-sensitive in quirks mode too")
	}

	s := mustParse(t, `<!doctype html><p class="Aa" id=Ab>x</p>`)
	if n := s.GetElementsByClassName("aa").Len(); n != 0 {
		t.Errorf("no-quirks getElementsByClassName(aa) = %d, want 0", n)
	}
	if got, _ := s.QuerySelectorAll(".aa, #ab"); len(got) != 0 {
		t.Errorf("no-quirks .aa, #ab matched %d", len(got))
	}
	if _, err := s.RemoveChild(s.Doctype()); err != nil {
		t.Fatal(err)
	}
	if got := s.CompatMode(); got != "CSS1Compat" {
		t.Errorf("after removing the doctype: %s, want CSS1Compat", got)
	}
	dt, err := q.CreateDocumentType("html", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.InsertBefore(dt, q.First()); err != nil {
		t.Fatal(err)
	}
	if got := q.CompatMode(); got != "BackCompat" {
		t.Errorf("after inserting a doctype: %s, want BackCompat", got)
	}
}

// TestXMLTypeSelectors checks that type selectors keep their case in XML
// documents (cascadia lowercases them) and still lowercase in HTML ones.
func TestXMLTypeSelectors(t *testing.T) {
	d := NewXMLDocument()
	root, err := d.CreateElementNS("urn:x", "Root")
	if err != nil {
		t.Fatal(err)
	}
	d.AppendChild(root)
	for _, name := range []string{"p", "P", "Foo"} {
		el, err := d.CreateElementNS(HTMLNamespace, name)
		if err != nil {
			t.Fatal(err)
		}
		root.AppendChild(el)
	}
	for sel, want := range map[string]int{"p": 1, "P": 1, "Foo": 1, "foo": 0, "*|Foo": 1, "Root > P": 1, "Root P, p": 2,
		":not(P)": 3, ":is(Foo, p)": 2, "p:nth-child(odd)": 1, "Root :NOT(P)": 2} {
		got, err := d.QuerySelectorAll(sel)
		if err != nil || len(got) != want {
			t.Errorf("XML %q: %d, %v; want %d", sel, len(got), err, want)
		}
	}
	h := mustParse(t, `<p>x</p>`)
	if got, _ := h.QuerySelectorAll("P"); len(got) != 1 {
		t.Errorf("HTML P: %d, want 1", len(got))
	}
}

// TestQuirksNested checks quirks-mode class matching inside :not(:is()).
func TestQuirksNested(t *testing.T) {
	q := mustParse(t, `<p class="Aa">x</p><p class="b">y</p>`)
	got, err := q.QuerySelectorAll("p:not(:is(.aA))")
	if err != nil || len(got) != 1 || got[0].ClassName() != "b" {
		t.Errorf("quirks p:not(:is(.aA)): %v, %v", got, err)
	}
}

// TestForeignTypeSelectorCase checks that, in an HTML document, a
// script-made non-HTML element with capitals matches type selectors
// ASCII case-insensitively (Chromium), while SVG's own camelCase names do
// not turn the tree walk on.
func TestForeignTypeSelectorCase(t *testing.T) {
	d := mustParse(t, `<div id=r></div>`)
	r := d.GetElementByID("r")
	lg, _ := d.CreateElementNS(SVGNamespace, "linearGradient")
	r.AppendChild(lg)
	if d.mixedForeign {
		t.Error("an SVG camelCase name set mixedForeign")
	}
	if got, _ := r.QuerySelectorAll("lineargradient, linearGradient"); len(got) != 1 {
		t.Errorf("linearGradient: %d matches", len(got))
	}
	x, _ := d.CreateElementNS("urn:x", "DIV")
	r.AppendChild(x)
	for sel, want := range map[string]int{"div": 1, "DIV": 1, "Div": 1, "*|div": 1} {
		if got, err := r.QuerySelectorAll(sel); err != nil || len(got) != want {
			t.Errorf("%q: %d, %v; want %d", sel, len(got), err, want)
		}
	}
	if x.Data != "DIV" {
		t.Errorf("the element's name was not restored: %q", x.Data)
	}
}

// TestForeignAttributeSelectorCase checks attribute selectors against
// attributes with capitals on non-HTML elements of an HTML document, as
// Chromium matches them: SVG's own camelCase names, and names a script set.
func TestForeignAttributeSelectorCase(t *testing.T) {
	d := mustParse(t, `<!doctype html><div id=r><svg viewBox="0 0 1 1"></svg></div>`)
	r := d.GetElementByID("r")
	for sel, want := range map[string]int{"[viewbox]": 1, "[viewBox]": 1, "[VIEWBOX]": 1, "svg[viewbox='0 0 1 1']": 1} {
		if got, err := r.QuerySelectorAll(sel); err != nil || len(got) != want {
			t.Errorf("%q: %d, %v; want %d", sel, len(got), err, want)
		}
	}
	if d.mixedForeignAttrs {
		t.Error("the parser's viewBox set mixedForeignAttrs")
	}
	b, _ := d.CreateElementNS("", "b")
	b.SetAttribute("Title", "v")
	r.AppendChild(b)
	if !d.mixedForeignAttrs {
		t.Error("a script-set Title on a no-namespace element did not set mixedForeignAttrs")
	}
	for sel, want := range map[string]int{"[title]": 1, "[TITLE]": 1, "[title=v]": 1} {
		if got, err := r.QuerySelectorAll(sel); err != nil || len(got) != want {
			t.Errorf("%q: %d, %v; want %d", sel, len(got), err, want)
		}
	}
	p, _ := d.CreateElement("p")
	p.SetAttributeNS("", "ABC", "1")
	r.AppendChild(p)
	if got, _ := r.QuerySelectorAll("[ABC], [abc]"); len(got) != 0 {
		t.Errorf("an HTML element's ABC matched %d (Chromium: lowercased name, exact compare)", len(got))
	}
}

// An attribute selector's name may hold escapes once the document has
// mixed-case attributes on non-HTML elements: ApexCharts (SVG.js) sets
// data:longestSeries and then asks for [data\:longestSeries='true'], which
// was a SyntaxError (testdata/wpt/app91-escaped-attribute-name.html).
func TestForeignAttributeSelectorEscapedName(t *testing.T) {
	d := mustParse(t, `<!doctype html><div id=r><svg><g></g></svg><p data-x=a></p></div>`)
	r := d.GetElementByID("r")
	g := r.FirstElementChild().FirstElementChild()
	g.SetAttribute("data:longestSeries", "true")
	if !d.mixedForeignAttrs {
		t.Fatal("data:longestSeries on an SVG element did not set mixedForeignAttrs")
	}
	for sel, want := range map[string]int{
		`[data\:longestSeries='true']`: 1,
		`[data\:longestseries]`:        1,
		`[DATA\:LONGESTSERIES]`:        1,
		`[data\3A longestSeries]`:      1,
		`[data\:longestSeries=false]`:  0,
		`[data\-x=a]`:                  1,
		`[\64 ata-x]`:                  1,
	} {
		if got, err := r.QuerySelectorAll(sel); err != nil || len(got) != want {
			t.Errorf("%q: %d, %v; want %d", sel, len(got), err, want)
		}
	}
	if _, err := r.QuerySelectorAll(`[data\:x y]`); err == nil {
		t.Error(`[data\:x y]: no SyntaxError`)
	}
}
