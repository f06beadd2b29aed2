package dom

import (
	"strings"
	"testing"
)

// TestInnerTextAnonymousTables checks the tabs and line feeds of table
// parts outside a table (made by script; the parser never puts them
// there): a cell in an anonymous row is its row's last before any element
// that is not a cell, and a row in an anonymous table is not the last when
// cells follow it (another anonymous row). The anonymous table is an
// inline-table in an inline (the spaces beside it are kept), else a block
// with no line breaks of its own (the spaces beside it collapse).
func TestInnerTextAnonymousTables(t *testing.T) {
	type part struct {
		tag  string
		kids []part
		text string
	}
	cell := func(tag, text string) part { return part{tag: tag, text: text} }
	text := func(s string) part { return part{tag: "#text", text: s} }
	for _, c := range []struct {
		parts []part
		want  string
		host  string
	}{
		{[]part{cell("td", "a"), cell("td", "b")}, "a\tb", ""},
		{[]part{cell("td", "a"), cell("div", "blk"), cell("td", "b")}, "a\nblk\nb", ""},
		{[]part{{tag: "tr", kids: []part{cell("td", "a")}}, cell("td", "b"), cell("td", "c")}, "a\nb\tc", ""},
		{[]part{{tag: "tr", kids: []part{cell("td", "a"), cell("td", "b")}}, {tag: "tr", kids: []part{cell("td", "c")}}}, "a\tb\nc", ""},
		{[]part{text("x "), cell("td", "c"), text(" l")}, "xcl", ""},
		{[]part{text("x "), cell("td", "c"), text(" l")}, "x c l", "span"},
		{[]part{text("x "), cell("td", "c"), text(" "), cell("td", "d"), text(" l")}, "x c\td l", "span"},
		{[]part{text("x "), cell("caption", "c"), text(" l")}, "x \nc\n l", "span"},
		{[]part{cell("td", ""), text(" l")}, " l", "span"},
		{[]part{text("x "), cell("td", "c"), text(" y "), cell("td", "d"), text(" l")}, "xcydl", "p"},
	} {
		d := NewHTMLDocument("", false)
		if c.host == "" {
			c.host = "div"
		}
		outer, _ := d.CreateElement("div")
		host, _ := d.CreateElement(c.host)
		outer.AppendChild(host)
		var build func(parent *Node, ps []part)
		build = func(parent *Node, ps []part) {
			for _, p := range ps {
				if p.tag == "#text" {
					parent.AppendChild(d.CreateTextNode(p.text))
					continue
				}
				e, err := d.CreateElement(p.tag)
				if err != nil {
					t.Fatal(err)
				}
				if p.text != "" {
					e.AppendChild(d.CreateTextNode(p.text))
				}
				build(e, p.kids)
				parent.AppendChild(e)
			}
		}
		build(host, c.parts)
		d.Body().AppendChild(outer)
		if got := outer.InnerText(); got != c.want {
			t.Errorf("innerText = %q, want %q (%s)", got, c.want, host.OuterHTML())
		}
	}
}

// A form control given a table display is laid out as an inline-block, as
// in Chromium: the spaces beside it stay and no tab follows it
// (testdata/wpt/domdiff62-innertext-control-table-display.html).
func TestInnerTextControlTableDisplay(t *testing.T) {
	for _, c := range []struct{ html, want string }{
		{`<div id=d>x <button>c</button> l</div>`, "x c l"},
		{`<div id=d>x <button>c</button><button>d</button> l</div>`, "x cd l"},
		{`<div id=d><span>a</span><button>c</button></div>`, "ac"},
		{`<div id=d>x <textarea>t</textarea> l</div>`, "x  l"},
	} {
		d := mustParse(t, c.html)
		d.Display = func(n *Node) string {
			switch n.LocalName() {
			case "div":
				return "block"
			case "button", "span", "textarea":
				return "table-cell"
			}
			return "inline"
		}
		if got := d.GetElementByID("d").InnerText(); got != c.want {
			t.Errorf("%s: innerText %q, want %q", c.html, got, c.want)
		}
	}
}

// White space alone in a table, a row, a row group or a column has no
// box, even where white-space keeps it, as in Chromium
// (testdata/wpt/domdiff63-innertext-table-whitespace.html).
func TestInnerTextTablePartWhiteSpace(t *testing.T) {
	for _, c := range []struct{ html, want string }{
		{`<pre id=d>x<span data-d=table-row> </span>y</pre>`, "xy"},
		{`<pre id=d>x<span data-d=table-row-group> <b>q</b> </span>y</pre>`, "xqy"},
		{`<pre id=d>x<span data-d=table-row>  </span><span data-d=table-row>z</span>y</pre>`, "x\nzy"},
		{`<pre id=d>x<span data-d=table-cell> <b>q</b> </span>y</pre>`, "x q y"},
		{`<pre id=d>x<span data-d=table-row><i data-d=contents> </i><span data-d=table-cell>c</span></span>y</pre>`, "xcy"},
		{`<pre id=d>x<span data-d=inline> </span>y</pre>`, "x y"},
	} {
		d := mustParse(t, c.html)
		d.Display = func(n *Node) string {
			if v, ok := n.GetAttribute("data-d"); ok {
				return v
			}
			if n.LocalName() == "pre" {
				return "block"
			}
			return "inline"
		}
		if got := d.GetElementByID("d").InnerText(); got != c.want {
			t.Errorf("%s: innerText %q, want %q", c.html, got, c.want)
		}
	}
}

// A cell followed in its row by anything with a box is not the row's last
// (an anonymous cell holds that), and the cells of a floated row are in
// an anonymous row other content ends, as in Chromium
// (testdata/wpt/domdiff63-innertext-row-anonymous-cells.html).
func TestInnerTextRowAnonymousCells(t *testing.T) {
	// the row's children are parsed in a div (the parser would move
	// them out of the table) and moved into the row
	for _, c := range []struct {
		row, want string
		float     bool
	}{
		{`<td>a</td><span>b</span>`, "a\tb", false},
		{`<td>a</td><span></span>`, "a\t", false},
		{`<td>a</td><span data-d=contents></span>`, "a", false},
		{`<td>a</td><span data-d=contents>b</span>`, "a\tb", false},
		{`<td>a</td><span data-d=none>b</span>`, "a", false},
		{`<td>a</td> `, "a", false},
		{`<td>a</td><span data-d=table-row></span>`, "a\t", false},
		{`<td>a</td><span data-d=table-column>b</span>`, "a\t", false},
		{`<td>a</td><span>b</span><td>c</td>`, "abc", true},
		{`<td>a</td><td>c</td>`, "a\tc", true},
	} {
		d := mustParse(t, `<table id=d><tr id=r></tr></table><div id=src>`+strings.ReplaceAll(strings.ReplaceAll(c.row, "<td", "<x-td"), "</td>", "</x-td>")+`</div>`)
		row, src := d.GetElementByID("r"), d.GetElementByID("src")
		for k := src.First(); k != nil; k = src.First() {
			if k.LocalName() == "x-td" {
				td, _ := d.CreateElement("td")
				td.AppendChild(k.First())
				src.RemoveChild(k)
				k = td
			}
			row.AppendChild(k)
		}
		d.Display = func(n *Node) string {
			if v, ok := n.GetAttribute("data-d"); ok {
				return v
			}
			switch n.LocalName() {
			case "table":
				return "table"
			case "tbody":
				return "table-row-group"
			case "tr":
				return "table-row"
			case "td":
				return "table-cell"
			case "html", "body", "div":
				return "block"
			}
			return "inline"
		}
		d.ComputedStyle = func(n *Node, prop string) string {
			if c.float && n == row && prop == "float" {
				return "left"
			}
			return ""
		}
		if got := d.GetElementByID("d").InnerText(); got != c.want {
			t.Errorf("%s (float %v): innerText %q, want %q", c.row, c.float, got, c.want)
		}
	}
}

// An SVG element other than an <svg> root has a box only under an SVG
// parent: a foreignObject, text or g moved straight into HTML renders
// nothing, as in Chromium
// (testdata/wpt/domdiff64-innertext-svg-outside-svg.html).
func TestInnerTextSVGOutsideSVG(t *testing.T) {
	const src = `<div id=d>x<b id=y>y</b></div>` +
		`<svg id=s><foreignObject id=f><div>in</div></foreignObject><text id=t>t</text><g id=g><foreignObject>q</foreignObject></g></svg>`
	for _, c := range []struct {
		move string // the id of the element moved before #y ("" moves none)
		into string // "span" moves it into a span there
		want string
	}{
		{"", "", "xy"},
		{"f", "", "xy"},
		{"t", "", "xy"},
		{"g", "", "xy"},
		{"f", "span", "xy"},
		{"s", "", "x\nin\nt\nq\ny"},
	} {
		d := mustParse(t, src)
		div, y := d.GetElementByID("d"), d.GetElementByID("y")
		if c.move != "" {
			n := d.GetElementByID(c.move)
			if c.into != "" {
				span, _ := d.CreateElement(c.into)
				if _, err := span.AppendChild(n); err != nil {
					t.Fatal(err)
				}
				n = span
			}
			if _, err := div.InsertBefore(n, y); err != nil {
				t.Fatal(err)
			}
		}
		if got := div.InnerText(); got != c.want {
			t.Errorf("%s moved: innerText %q, want %q", c.move, got, c.want)
		}
	}
}

// A space after an atomic inline and before an out-of-flow box, with
// nothing in the flow after them on the line, is dropped, and at the start
// of the text so are the box's line breaks before its own text, as in
// Chromium (testdata/wpt/domdiff64-innertext-space-before-out-of-flow.html).
func TestInnerTextSpaceBeforeOutOfFlow(t *testing.T) {
	for _, c := range []struct{ html, want string }{
		{`<div id=d><img> <div class=ab>p</div></div>`, "p"},
		{`<div id=d><input> <div class=fl>p</div></div>`, "p"},
		{`<div id=d><img><img> <div class=ab>p</div></div>`, "p"},
		{`<div id=d>x<div><textarea>ta</textarea> <div class=ab>p</div></div>y</div>`, "x\np\ny"},
		{`<div id=d><img> <span class=ab>p</span>q</div>`, " \np\nq"},
		{`<div id=d><img> <div class=ab></div>q</div>`, " \nq"},
		{`<div id=d>t <div class=ab>p</div></div>`, "t\np"},
	} {
		d := mustParse(t, c.html)
		d.Display = func(n *Node) string {
			switch n.LocalName() {
			case "div":
				return "block"
			case "img", "input", "textarea":
				return "inline-block"
			}
			return "inline"
		}
		d.ComputedStyle = func(n *Node, prop string) string {
			switch {
			case prop == "position" && n.ClassList().Contains("ab"):
				return "absolute"
			case prop == "float" && n.ClassList().Contains("fl"):
				return "left"
			}
			return ""
		}
		if got := d.GetElementByID("d").InnerText(); got != c.want {
			t.Errorf("%s: innerText %q, want %q", c.html, got, c.want)
		}
	}
}
