package dom

import (
	"errors"
	"testing"
)

func TestTextSelectionState(t *testing.T) {
	d := mustParse(t, `<input id=i value="hello"><input id=n type=number value=5><textarea id=t>ab</textarea>`)
	in, num, ta := d.GetElementByID("i"), d.GetElementByID("n"), d.GetElementByID("t")
	sel := func(start, end int, dir SelectionDirection) TextSelection { return TextSelection{start, end, dir} }
	steps := []struct {
		name string
		do   func() bool // reports a change
		n    *Node
		want TextSelection
		ch   bool
	}{
		{"parsed at the start", func() bool { return false }, in, sel(0, 0, SelectionNone), false},
		{"range", func() bool { return in.SetTextSelection(1, 3, SelectionBackward) }, in, sel(1, 3, SelectionBackward), true},
		{"same range", func() bool { return in.SetTextSelection(1, 3, SelectionBackward) }, in, sel(1, 3, SelectionBackward), false},
		{"clamped, start after end", func() bool { return in.SetTextSelection(9, 2, SelectionForward) }, in, sel(2, 2, SelectionForward), true},
		{"select all", in.SelectAll, in, sel(0, 5, SelectionNone), true},
		{"value set", func() bool { _ = in.SetValue("hey"); return false }, in, sel(3, 3, SelectionNone), false},
		{"replace, select", func() bool { c, _ := in.SetRangeText("ABC", 0, 1, SelectSelect); return c }, in, sel(0, 3, SelectionNone), true},
		{"number: select all is internal", num.SelectAll, num, sel(0, 1, SelectionNone), true},
		{"textarea", func() bool { return ta.SetTextSelection(1, 2, SelectionNone) }, ta, sel(1, 2, SelectionNone), true},
		{"textarea text changes", func() bool { ta.SetTextContent("xyz"); return false }, ta, sel(0, 0, SelectionNone), false},
	}
	for _, s := range steps {
		if ch := s.do(); ch != s.ch {
			t.Errorf("%s: changed %v, want %v", s.name, ch, s.ch)
		}
		if got := s.n.TextSelection(); got != s.want {
			t.Errorf("%s: %+v, want %+v", s.name, got, s.want)
		}
	}
	if in.Value() != "ABCey" {
		t.Errorf("value %q", in.Value())
	}
	if _, err := num.SetRangeText("x", 0, 0, SelectPreserve); !errors.Is(err, &DOMError{Name: InvalidStateError}) {
		t.Errorf("number setRangeText: %v", err)
	}
	if _, err := in.SetRangeText("x", 2, 1, SelectPreserve); !errors.Is(err, &DOMError{Name: IndexSizeError}) {
		t.Errorf("start > end: %v", err)
	}
}

func TestParseSelectionEnums(t *testing.T) {
	for s, want := range map[string]SelectionDirection{"forward": SelectionForward, "backward": SelectionBackward, "none": SelectionNone, "Forward": SelectionNone} {
		if got := ParseSelectionDirection(s); got != want {
			t.Errorf("direction %q: %v", s, got)
		}
	}
	for s, want := range map[string]bool{"select": true, "start": true, "end": true, "preserve": true, "Select": false, "": false} {
		if _, ok := ParseSelectionMode(s); ok != want {
			t.Errorf("mode %q: %v", s, ok)
		}
	}
}

// TestSelectionDirectionKept checks that a text control's direction is
// decided where it is made or set: a document with DirectionalSelections
// gives forward for none, and a control moved keeps what it had.
func TestSelectionDirectionKept(t *testing.T) {
	cases := []struct {
		name string
		// from makes the control, into adopts it; set, when not nil, runs
		// in from before the move
		fromDir, intoDir bool
		tag              string
		set              func(n *Node)
		want             SelectionDirection
	}{
		{"made directional, never set", true, false, "input", nil, SelectionForward},
		{"made plain, never set", false, true, "input", nil, SelectionNone},
		{"made plain textarea, never set", false, true, "textarea", nil, SelectionNone},
		{"set without a direction in a plain document", false, true, "input", func(n *Node) { n.SetTextSelection(0, 0, SelectionNone) }, SelectionNone},
		{"value set in a directional document", true, false, "textarea", func(n *Node) { _ = n.SetValue("ab") }, SelectionForward},
		{"select all in a plain document", false, true, "textarea", func(n *Node) { n.SelectAll() }, SelectionNone},
		{"backward", false, true, "input", func(n *Node) { n.SetTextSelection(0, 0, SelectionBackward) }, SelectionBackward},
		{"textarea text changed in a plain document", false, true, "textarea", func(n *Node) { n.SetTextContent("xy") }, SelectionNone},
		{"same kind of document", true, true, "input", nil, SelectionForward},
	}
	for _, c := range cases {
		from, into := NewDocument(), NewDocument()
		from.DirectionalSelections, into.DirectionalSelections = c.fromDir, c.intoDir
		n, _ := from.CreateElement(c.tag)
		if c.set != nil {
			c.set(n)
		}
		if _, err := into.AdoptNode(n); err != nil {
			t.Fatal(err)
		}
		if got := n.TextSelection().Direction; got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		// a selection set without a direction now takes the new document's
		n.SetTextSelection(0, 0, SelectionNone)
		if got, want := n.TextSelection().Direction, map[bool]SelectionDirection{true: SelectionForward, false: SelectionNone}[c.intoDir]; got != want {
			t.Errorf("%s, set after the move: %v, want %v", c.name, got, want)
		}
	}
}

// TestNullValueResetsSelection checks that setting "" on a field whose
// value was never set (Chromium's null string) resets its selection's
// direction, and on one whose value is "" already does not.
func TestNullValueResetsSelection(t *testing.T) {
	cases := []struct {
		name  string
		tag   string
		prep  func(n *Node)
		reset bool
	}{
		{"new input", "input", func(*Node) {}, true},
		{"input with value=\"\"", "input", func(n *Node) { _ = n.SetAttribute("value", "") }, false},
		{"input set to \"\" before", "input", func(n *Node) { _ = n.SetValue("") }, false},
		{"input whose type changed", "input", func(n *Node) { _ = n.SetAttribute("type", "number"); _ = n.SetAttribute("type", "search") }, true},
		{"new textarea", "textarea", func(*Node) {}, true},
		{"textarea whose text was removed", "textarea", func(n *Node) { n.SetTextContent("a"); n.SetTextContent("") }, false},
		{"textarea set to \"\" before", "textarea", func(n *Node) { _ = n.SetValue("") }, false},
	}
	for _, c := range cases {
		d := NewDocument()
		n, _ := d.CreateElement(c.tag)
		c.prep(n)
		n.SetTextSelection(0, 0, SelectionBackward)
		_ = n.SetValue("")
		if got := n.TextSelection().Direction != SelectionBackward; got != c.reset {
			t.Errorf("%s: reset %v, want %v", c.name, got, c.reset)
		}
	}
}
