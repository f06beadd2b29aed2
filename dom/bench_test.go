package dom

import (
	"bytes"
	"testing"

	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom/domtest"
)

var benchDoc = domtest.Realistic(1 << 20)

// BenchmarkParse is dom.Parse of the ~1 MB document: x/net/html's parse
// plus our copy into one slab of Nodes.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(benchDoc)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseFragmentSmall is the fragment parse of a small piece of
// markup, as innerHTML of a component's template does.
func BenchmarkParseFragmentSmall(b *testing.B) {
	b.ReportAllocs()
	d := NewDocument()
	div, _ := d.CreateElement("div")
	const markup = `<li class="item"><svg viewBox="0 0 16 16"><path d="M0 0h16v16z"/></svg><a href="/x">Item</a></li>`
	for b.Loop() {
		if _, err := div.ParseFragment(markup); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkXNetParse is html.Parse alone of the same bytes, the baseline.
func BenchmarkXNetParse(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		if _, err := html.Parse(bytes.NewReader(benchDoc)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuerySelectorAll runs a few typical selectors on the ~1 MB
// document (selectors compiled once, then cached).
func BenchmarkQuerySelectorAll(b *testing.B) {
	d, err := Parse(bytes.NewReader(benchDoc))
	if err != nil {
		b.Fatal(err)
	}
	sels := []string{"a[href^='#!']", "div.section > .row .title", "tr:nth-child(2n) td", "li.active a, input[name=q]"}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sels {
			out, err := d.QuerySelectorAll(s)
			if err != nil || len(out) == 0 {
				b.Fatal(s, err)
			}
		}
	}
}

// BenchmarkGetElementByID looks ids up through the index.
func BenchmarkGetElementByID(b *testing.B) {
	d, err := Parse(bytes.NewReader(benchDoc))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if d.GetElementByID("sec100") == nil {
			b.Fatal("missing")
		}
	}
}

// BenchmarkQuerySelectorAllQuirks is BenchmarkQuerySelectorAll on the same
// document without its doctype (quirks mode: class and ID selectors match
// ASCII case-insensitively).
func BenchmarkQuerySelectorAllQuirks(b *testing.B) {
	d, err := Parse(bytes.NewReader(benchDoc))
	if err != nil {
		b.Fatal(err)
	}
	if dt := d.Doctype(); dt != nil {
		d.RemoveChild(dt)
	}
	d.mode = "BackCompat"
	sels := []string{"a[href^='#!']", "div.section > .row .title", "tr:nth-child(2n) td", "li.active a, input[name=q]"}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sels {
			out, err := d.QuerySelectorAll(s)
			if err != nil || len(out) == 0 {
				b.Fatal(s, err)
			}
		}
	}
}

// BenchmarkSetAttributes sets the attributes a framework sets on elements
// it makes (some presentational: width, dir, an SVG fill), as attribute
// changes are on every framework's hot path.
func BenchmarkSetAttributes(b *testing.B) {
	d := NewDocument()
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < 100; i++ {
			el, _ := d.CreateElement("div")
			_ = el.SetAttribute("class", "card")
			_ = el.SetAttribute("id", "c")
			_ = el.SetAttribute("dir", "ltr")
			_ = el.SetAttribute("data-k", "v")
			r, _ := d.CreateElementNS(SVGNamespace, "rect")
			_ = r.SetAttribute("fill", "red")
			_ = r.SetAttribute("class", "bar")
		}
		d.StyleUpdated()
	}
}
