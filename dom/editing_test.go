package dom

import (
	"strings"
	"testing"
)

// TestEditing runs the editing commands' tree changes on markup whose
// selection is marked by '|' (a caret or the two ends, in text), and
// compares the markup after with Chromium 156's (testdata/wpt/edit-commands.html).
func TestEditing(t *testing.T) {
	tests := []struct {
		name, markup string
		edit         func(r *Range, host *Node)
		want         string
	}{
		{"insert text", "foo|bar", func(r *Range, h *Node) { EditInsertText(r, h, "X") }, "fooX|bar"},
		{"insert over a selection", "<p>fo|o</p><p>b|ar</p>", func(r *Range, h *Node) { EditInsertText(r, h, "X") }, "<p>foX|ar</p>"},
		{"delete a character", "foo|bar", func(r *Range, h *Node) { EditDelete(r, h, false) }, "fo|bar"},
		{"delete into the previous element", "<b>foo</b>|bar", func(r *Range, h *Node) { EditDelete(r, h, false) }, "<b>fo</b>|bar"},
		{"delete joins paragraphs", "<p>foo</p><p>|bar</p>", func(r *Range, h *Node) { EditDelete(r, h, false) }, "<p>foo|bar</p>"},
		{"forward delete joins paragraphs", "<p>foo|</p><p>bar</p>", func(r *Range, h *Node) { EditDelete(r, h, true) }, "<p>foo|bar</p>"},
		{"delete the last character", "a|", func(r *Range, h *Node) { EditDelete(r, h, false) }, "<br>"},
		{"split a paragraph", "<p>foo|bar</p>", func(r *Range, h *Node) { EditInsertParagraph(r, h) }, "<p>foo</p><p>|bar</p>"},
		{"split the host's line", "foo|bar", func(r *Range, h *Node) { EditInsertParagraph(r, h) }, "foo<div>|bar</div>"},
		{"wrap", "foo|bar|baz", func(r *Range, h *Node) { EditWrap(r, h, isB, newB(h)) }, "foo<b>|bar|</b>baz"},
		{"delete joins a block to the line before", "foo<div>|bar</div>", func(r *Range, h *Node) { EditDelete(r, h, false) }, "foo|bar"},
		{"delete joins the line to the block before", "<div>foo</div>|bar", func(r *Range, h *Node) { EditDelete(r, h, false) }, "<div>foo|bar</div>"},
		{"a new line after a heading", "<h1>foo|</h1>", func(r *Range, h *Node) { EditInsertParagraph(r, h) }, "<h1>foo</h1><div><br></div>"},
		{"wrap merges with the wrapper beside it", "fo|o<b>ba|r</b>", func(r *Range, h *Node) { EditWrap(r, h, isB, newB(h)) }, "fo<b>|oba|r</b>"},
		{"unwrap from the middle", "<b>foo|bar|baz</b>", func(r *Range, h *Node) { EditUnwrap(r, h, isB) }, "<b>foo</b>|bar|<b>baz</b>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, `<div id=ed contenteditable>`+tt.markup+`</div>`)
			host := d.GetElementByID("ed")
			r := d.CreateRange()
			var points []*Range
			host.Descendants(func(k *Node) bool {
				for k.Kind() == TextNode && strings.Contains(k.Data, "|") {
					i := strings.Index(k.Data, "|")
					_ = k.DeleteData(utf16Len(k.Data[:i]), 1)
					p := d.CreateRange()
					setCaret(p, k, utf16Len(k.Data[:i]))
					points = append(points, p)
				}
				return true
			})
			_ = r.SetStart(points[0].StartContainer(), points[0].StartOffset())
			last := points[len(points)-1]
			_ = r.SetEnd(last.StartContainer(), last.StartOffset())
			tt.edit(r, host)
			if got := markWith(host, r); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func isB(e *Node) bool { return e.Data == "b" }

func newB(h *Node) func() *Node { return func() *Node { return h.doc.newElement("b", "") } }

// markWith serializes host's content with '|' at r's boundary points in
// text (both ends of a selection, one for a caret).
func markWith(host *Node, r *Range) string {
	mark := func(n *Node, off int) {
		if n.Kind() == TextNode {
			_ = n.InsertData(off, "|")
		}
	}
	sc, so, ec, eo := r.StartContainer(), r.StartOffset(), r.EndContainer(), r.EndOffset()
	collapsed := r.Collapsed()
	mark(ec, eo)
	if !collapsed {
		mark(sc, so)
	}
	return host.InnerHTML()
}
