package dom

import "testing"

// A tag-name collection decides, when it is made, whether HTML elements
// match its lowercased argument: by its root's document then, not by the
// document the root has later (dom/nodes/Element-getElementsByTagName-
// change-document-HTMLNess.html in WPT).
func TestGetElementsByTagNameKeepsHTMLness(t *testing.T) {
	d := NewDocument()
	parent, err := d.CreateElement("div")
	if err != nil {
		t.Fatal(err)
	}
	var kids []*Node
	for _, q := range [][2]string{{"http://www.w3.org/1999/xhtml", "a"}, {"http://www.w3.org/1999/xhtml", "A"}, {"", "a"}, {"", "A"}} {
		k, err := d.CreateElementNS(q[0], q[1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parent.AppendChild(k); err != nil {
			t.Fatal(err)
		}
		kids = append(kids, k)
	}
	items := func(c *Collection) []*Node {
		var out []*Node
		for i := 0; i < c.Len(); i++ {
			out = append(out, c.Item(i))
		}
		return out
	}
	same := func(what string, got []*Node, want ...*Node) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d elements, want %d", what, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: element %d differs", what, i)
			}
		}
	}
	list := parent.GetElementsByTagName("A")
	same("in the HTML document", items(list), kids[0], kids[3])

	x := NewXMLDocument()
	root, err := x.CreateElementNS("", "root")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.AppendChild(root); err != nil {
		t.Fatal(err)
	}
	if _, err := root.AppendChild(parent); err != nil {
		t.Fatal(err)
	}
	same("the old list in the XML document", items(list), kids[0], kids[3])
	same("a new list in the XML document", items(parent.GetElementsByTagName("A")), kids[1], kids[3])
}
