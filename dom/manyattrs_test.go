package dom

import (
	"strconv"
	"strings"
	"testing"
)

// TestManyAttributesAppended: attributes appended one at a time into the
// spare room of the element's own array keep their order and values,
// and neither a clone taken between appends nor a parsed element sharing
// the parser's array sees the appends or changes of the other.
func TestManyAttributesAppended(t *testing.T) {
	d, err := Parse(strings.NewReader(`<!doctype html><body><p a=1 b=2>`))
	if err != nil {
		t.Fatal(err)
	}
	p := d.Body().FirstElementChild()
	var clone *Node
	for i := range 1000 {
		if err := p.SetAttribute("x"+strconv.Itoa(i), strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
		if i == 500 {
			clone = p.CloneNode(false)
		}
	}
	if len(p.Attr) != 1002 || p.Attr[0].Key != "a" || p.Attr[1].Val != "2" {
		t.Fatalf("%d attributes, first %v %v", len(p.Attr), p.Attr[0], p.Attr[1])
	}
	for i := range 1000 {
		if a := p.Attr[i+2]; a.Key != "x"+strconv.Itoa(i) || a.Val != strconv.Itoa(i) {
			t.Fatalf("attribute %d is %v", i+2, a)
		}
	}
	_ = clone.SetAttribute("x0", "changed")
	_ = clone.SetAttribute("y", "clone's")
	p.RemoveAttribute("x1")
	_ = p.SetAttribute("z", "p's")
	if len(clone.Attr) != 504 || clone.Attr[2].Val != "changed" || clone.Attr[503].Key != "y" {
		t.Errorf("the clone has %d attributes, x0=%q, last %v", len(clone.Attr), clone.Attr[2].Val, clone.Attr[len(clone.Attr)-1])
	}
	if v := p.Attribute("x0"); v != "0" || len(p.Attr) != 1002 || p.Attr[1001].Key != "z" || p.Attribute("y") != "" {
		t.Errorf("the original: x0=%q, %d attributes, last %v", v, len(p.Attr), p.Attr[len(p.Attr)-1])
	}
}

// BenchmarkManyAttributes is 10,000 attributes set one at a time on one
// element (a hostile page; each append copied the whole list before).
func BenchmarkManyAttributes(b *testing.B) {
	d := NewDocument()
	names := make([]string, 10000)
	for i := range names {
		names[i] = "data-a" + strconv.Itoa(i)
	}
	b.ReportAllocs()
	for b.Loop() {
		el, _ := d.CreateElement("div")
		for _, n := range names {
			_ = el.SetAttribute(n, "v")
		}
	}
}
