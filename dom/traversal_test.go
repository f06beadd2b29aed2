package dom

import (
	"strings"
	"testing"
)

type filterFunc func(*Node) int

func (f filterFunc) AcceptNode(n *Node) (int, error) { return f(n), nil }

func names(ns []*Node) string {
	var out []string
	for _, n := range ns {
		if n.IsElement() {
			out = append(out, n.LocalName())
		} else {
			out = append(out, n.Data)
		}
	}
	return strings.Join(out, " ")
}

func TestTreeWalker(t *testing.T) {
	d := mustParse(t, `<div id=r><a>t1<b>t2</b></a><c><d>t3</d></c>t4</div>`)
	r := d.GetElementByID("r")
	skipB := filterFunc(func(n *Node) int {
		if n.LocalName() == "b" {
			return FilterSkip
		}
		if n.LocalName() == "c" {
			return FilterReject
		}
		return FilterAccept
	})
	tests := []struct {
		show   uint32
		filter NodeFilter
		want   string
	}{
		{ShowAll, nil, "a t1 b t2 c d t3 t4"},
		{ShowElement, nil, "a b c d"},
		{ShowText, nil, "t1 t2 t3 t4"},
		{ShowAll, skipB, "a t1 t2 t4"},
	}
	for _, tt := range tests {
		w := d.CreateTreeWalker(r, tt.show, tt.filter)
		var fwd []*Node
		for {
			n, err := w.NextNode()
			if err != nil {
				t.Fatal(err)
			}
			if n == nil {
				break
			}
			fwd = append(fwd, n)
		}
		if got := names(fwd); got != tt.want {
			t.Errorf("nextNode: %q want %q", got, tt.want)
		}
		// Walk back from the last node: the same nodes, then the root if shown.
		back := []*Node{w.CurrentNode()}
		for {
			n, _ := w.PreviousNode()
			if n == nil || n == r {
				break
			}
			back = append([]*Node{n}, back...)
		}
		if got := names(back); got != tt.want {
			t.Errorf("previousNode: %q want %q", got, tt.want)
		}
		it := d.CreateNodeIterator(r, tt.show, tt.filter)
		var its []*Node
		for n, _ := it.NextNode(); n != nil; n, _ = it.NextNode() {
			if n != r {
				its = append(its, n)
			}
		}
		want := tt.want
		if tt.filter != nil {
			want = "a t1 t2 d t3 t4" // NodeIterator treats reject as skip
		}
		if got := names(its); got != want {
			t.Errorf("iterator: %q want %q", got, want)
		}
	}
	w := d.CreateTreeWalker(r, ShowElement, nil)
	if n, _ := w.FirstChild(); n == nil || n.LocalName() != "a" {
		t.Fatal("firstChild")
	}
	if n, _ := w.NextSibling(); n == nil || n.LocalName() != "c" {
		t.Fatal("nextSibling")
	}
	if n, _ := w.LastChild(); n == nil || n.LocalName() != "d" {
		t.Fatal("lastChild")
	}
	if n, _ := w.ParentNode(); n == nil || n.LocalName() != "c" {
		t.Fatal("parentNode")
	}
	// Removal moves a NodeIterator's reference.
	it := d.CreateNodeIterator(r, ShowElement, nil)
	it.NextNode()
	it.NextNode() // a
	a := r.First()
	a.Remove()
	if n, _ := it.NextNode(); n == nil || n.LocalName() != "c" {
		t.Errorf("after removal nextNode = %v", n)
	}
}
