package dom

import "testing"

// TestNodeGetElementByID checks getElementById on a fragment: the first
// element in tree order with the id, and nothing for the empty id even when
// an element has an empty id attribute.
func TestNodeGetElementByID(t *testing.T) {
	d := mustParse(t, "<p>")
	frag := d.CreateDocumentFragment()
	var els []*Node
	for _, id := range []string{"", "a", "a"} {
		e, err := d.CreateElement("div")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.SetAttribute("id", id); err != nil {
			t.Fatal(err)
		}
		if _, err := frag.AppendChild(e); err != nil {
			t.Fatal(err)
		}
		els = append(els, e)
	}
	for _, c := range []struct {
		id   string
		want *Node
	}{
		{"", nil},
		{"a", els[1]},
		{"b", nil},
	} {
		if got := frag.GetElementByID(c.id); got != c.want {
			t.Errorf("GetElementByID(%q) = %v, want %v", c.id, got, c.want)
		}
	}
}
