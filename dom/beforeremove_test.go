package dom

import (
	"errors"
	"strings"
	"testing"
)

// TestBeforeRemove: each operation that takes a node out of its parent
// calls the hook first, with the node or (replace all) the parent, and
// checks again afterwards what the hook's script may have changed.
func TestBeforeRemove(t *testing.T) {
	for _, tt := range []struct {
		name string
		op   func(d *Document, a, box, other *Node) error
		want string // the hook's calls
	}{
		{"RemoveChild", func(d *Document, a, box, other *Node) error { _, err := box.RemoveChild(a); return err }, "a"},
		{"Remove", func(d *Document, a, box, other *Node) error { a.Remove(); return nil }, "a"},
		{"ReplaceWith nothing", func(d *Document, a, box, other *Node) error { return a.ReplaceWith() }, "a"},
		{"ReplaceChild", func(d *Document, a, box, other *Node) error {
			_, err := box.ReplaceChild(d.CreateTextNode("x"), a)
			return err
		}, "a"},
		{"ReplaceChild with a node that moves", func(d *Document, a, box, other *Node) error {
			_, err := box.ReplaceChild(other, a)
			return err
		}, "a other"},
		{"InsertBefore moving", func(d *Document, a, box, other *Node) error { _, err := other.AppendChild(a); return err }, "a"},
		{"InsertBefore new", func(d *Document, a, box, other *Node) error {
			_, err := box.AppendChild(d.CreateTextNode("x"))
			return err
		}, ""},
		{"replace all", func(d *Document, a, box, other *Node) error { return box.ReplaceChildren() }, "box children"},
		{"innerHTML", func(d *Document, a, box, other *Node) error { return box.SetInnerHTML("<b></b>") }, "box children"},
		{"MoveBefore", func(d *Document, a, box, other *Node) error { return other.MoveBefore(a, nil) }, ""},
	} {
		d := mustParse(t, `<div id=box><i id=a></i></div><p id=other></p>`)
		a, box, other := d.GetElementByID("a"), d.GetElementByID("box"), d.GetElementByID("other")
		var calls []string
		d.BeforeRemove = func(n *Node, children bool) {
			s := n.ID()
			if children {
				s += " children"
			}
			calls = append(calls, s)
		}
		if err := tt.op(d, a, box, other); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if got := strings.Join(calls, " "); got != tt.want {
			t.Errorf("%s: hook calls %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestBeforeRemoveMoves: a hook that moves the node makes RemoveChild and
// ReplaceChild fail with Chromium's NotFoundError, Remove leave it where
// it went, and an insertion check its arguments again.
func TestBeforeRemoveMoves(t *testing.T) {
	d := mustParse(t, `<div id=box><i id=a></i><b id=b></b></div><p id=other></p>`)
	a, b, box, other := d.GetElementByID("a"), d.GetElementByID("b"), d.GetElementByID("box"), d.GetElementByID("other")
	moving := false
	move := func(n *Node, _ bool) {
		if n == a && !moving {
			moving = true
			other.AppendChild(a)
			moving = false
		}
	}
	d.BeforeRemove = move
	if _, err := box.RemoveChild(a); !errors.Is(err, errMovedBeforeRemoval) {
		t.Errorf("RemoveChild: %v, want the moved error", err)
	}
	if a.ParentNode() != other {
		t.Errorf("RemoveChild: a in %v, want other", a.ParentNode())
	}
	box.AppendChild(a)
	a.Remove()
	if a.ParentNode() != other {
		t.Errorf("Remove: a in %v, want other (where the hook moved it)", a.ParentNode())
	}
	box.InsertBefore(a, b)
	if _, err := box.ReplaceChild(d.CreateTextNode("x"), a); !errors.Is(err, errMovedBeforeRemoval) {
		t.Errorf("ReplaceChild: %v, want the moved error", err)
	}
	// The hook removes the reference child of an insertion.
	box.InsertBefore(a, b)
	d.BeforeRemove = func(n *Node, _ bool) {
		if n == a && b.ParentNode() != nil {
			b.Remove()
		}
	}
	if _, err := other.InsertBefore(a, b); err == nil {
		t.Error("InsertBefore before a child the hook removed: no error")
	}
}

// TestBeforeRemoveNotFromParser: the parser's own moves (here the
// adoption agency) do not call the hook.
func TestBeforeRemoveNotFromParser(t *testing.T) {
	p, err := NewStreamParser(`<p><b>1<script></script><p>2</b>3`, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	calls := 0
	p.Document().BeforeRemove = func(*Node, bool) { calls++ }
	for {
		if _, _, err := p.Next(); err != nil {
			break
		}
	}
	if calls != 0 {
		t.Errorf("the parser called BeforeRemove %d times", calls)
	}
}
