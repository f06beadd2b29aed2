package dom

import "testing"

// TestInnerTextAnonymousTables checks the tabs and line feeds of table
// parts outside a table (made by script; the parser never puts them
// there): a cell in an anonymous row is its row's last before any element
// that is not a cell, and a row in an anonymous table is not the last when
// cells follow it (another anonymous row).
func TestInnerTextAnonymousTables(t *testing.T) {
	type part struct {
		tag  string
		kids []part
		text string
	}
	cell := func(tag, text string) part { return part{tag: tag, text: text} }
	for _, c := range []struct {
		parts []part
		want  string
	}{
		{[]part{cell("td", "a"), cell("td", "b")}, "a\tb"},
		{[]part{cell("td", "a"), cell("div", "blk"), cell("td", "b")}, "a\nblk\nb"},
		{[]part{{tag: "tr", kids: []part{cell("td", "a")}}, cell("td", "b"), cell("td", "c")}, "a\nb\tc"},
		{[]part{{tag: "tr", kids: []part{cell("td", "a"), cell("td", "b")}}, {tag: "tr", kids: []part{cell("td", "c")}}}, "a\tb\nc"},
	} {
		d := NewHTMLDocument("", false)
		host, _ := d.CreateElement("div")
		var build func(parent *Node, ps []part)
		build = func(parent *Node, ps []part) {
			for _, p := range ps {
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
		d.Body().AppendChild(host)
		if got := host.InnerText(); got != c.want {
			t.Errorf("innerText = %q, want %q (%s)", got, c.want, host.OuterHTML())
		}
	}
}
