package dom

import (
	"testing"
)

// TestEditingSweep runs every editing change at every pair of boundary
// points of a few markups: none may panic or leave the host's tree
// broken (the host stays connected, the range stays in the document).
func TestEditingSweep(t *testing.T) {
	markups := []string{
		`foo<b>bar</b>baz`,
		`<p>one <i>two</i></p><p>three</p><ul><li>four<li><b>fi<i>ve</i></b></ul>`,
		`<div><p></p></div><br><img src=x>tail<span contenteditable=false>ro</span>`,
		``,
		`<table><tr><td>a<td>b</table>x`,
	}
	edits := map[string]func(r *Range, h *Node){
		"insertText":      func(r *Range, h *Node) { EditInsertText(r, h, "X y") },
		"delete":          func(r *Range, h *Node) { EditDelete(r, h, false) },
		"forwardDelete":   func(r *Range, h *Node) { EditDelete(r, h, true) },
		"insertParagraph": func(r *Range, h *Node) { EditInsertParagraph(r, h) },
		"wrap":            func(r *Range, h *Node) { EditWrap(r, h, isB, newB(h)) },
		"unwrap":          func(r *Range, h *Node) { EditUnwrap(r, h, isB) },
		"insertNodes": func(r *Range, h *Node) {
			f := h.doc.CreateDocumentFragment()
			_, _ = f.AppendChild(h.doc.CreateTextNode("t"))
			_, _ = f.AppendChild(h.doc.newElement("hr", ""))
			EditInsertNodes(r, h, f)
		},
		"selectContents": func(r *Range, h *Node) { EditSelectContents(r, h) },
	}
	for _, m := range markups {
		// the boundary points of the markup's host
		d := mustParse(t, `<div id=ed contenteditable>`+m+`</div>`)
		type pt struct {
			path []int
			off  int
		}
		var pts []pt
		var walk func(n *Node, path []int)
		walk = func(n *Node, path []int) {
			for o := 0; o <= n.Length(); o++ {
				pts = append(pts, pt{append([]int(nil), path...), o})
			}
			i := 0
			for k := n.First(); k != nil; k = k.Next() {
				walk(k, append(path, i))
				i++
			}
		}
		walk(d.GetElementByID("ed"), nil)
		for name, edit := range edits {
			for i := 0; i < len(pts); i += 3 {
				for j := i; j < len(pts); j += 5 {
					d := mustParse(t, `<div id=ed contenteditable>`+m+`</div>`)
					host := d.GetElementByID("ed")
					at := func(p pt) *Node {
						n := host
						for _, c := range p.path {
							n = n.ChildAt(c)
						}
						return n
					}
					r := d.CreateRange()
					_ = r.SetStart(at(pts[i]), pts[i].off)
					_ = r.SetEnd(at(pts[j]), pts[j].off)
					func() {
						defer func() {
							if e := recover(); e != nil {
								t.Fatalf("%s on %q at %v-%v: panic %v", name, m, pts[i], pts[j], e)
							}
						}()
						edit(r, host)
					}()
					if !host.IsConnected() || !r.StartContainer().IsConnected() || !r.EndContainer().IsConnected() {
						t.Errorf("%s on %q at %v-%v: host or range left the document", name, m, pts[i], pts[j])
					}
				}
			}
		}
	}
}
