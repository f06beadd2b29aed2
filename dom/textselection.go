package dom

import (
	"golang.org/x/net/html/atom"
)

// Text control selection
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#textFieldSelection):
// every text field keeps a selection start, a selection end and a
// direction, offsets counted in UTF-16 code units of its API value as
// JavaScript sees them. There is no layout and no caret to draw: this is
// the state selectionStart, selectionEnd, setSelectionRange, select() and
// setRangeText read and change. Events (select, selectionchange) are the
// bindings' business; the methods here report whether anything changed.

// A SelectionDirection is a text selection's direction.
type SelectionDirection uint8

// The selection directions.
const (
	SelectionNone SelectionDirection = iota
	SelectionForward
	SelectionBackward
)

// ParseSelectionDirection returns the direction named s: "forward" and
// "backward" are themselves, anything else is none.
func ParseSelectionDirection(s string) SelectionDirection {
	switch s {
	case "forward":
		return SelectionForward
	case "backward":
		return SelectionBackward
	}
	return SelectionNone
}

func (d SelectionDirection) String() string {
	switch d {
	case SelectionForward:
		return "forward"
	case SelectionBackward:
		return "backward"
	}
	return "none"
}

// A SelectionMode says where setRangeText leaves the selection
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#selectionmode).
type SelectionMode uint8

// The selection modes; the zero value is "preserve", setRangeText's default.
const (
	SelectPreserve SelectionMode = iota
	SelectSelect
	SelectStart
	SelectEnd
)

// ParseSelectionMode returns the SelectionMode enum value named s; ok is
// false for any other string.
func ParseSelectionMode(s string) (m SelectionMode, ok bool) {
	switch s {
	case "preserve":
		return SelectPreserve, true
	case "select":
		return SelectSelect, true
	case "start":
		return SelectStart, true
	case "end":
		return SelectEnd, true
	}
	return SelectPreserve, false
}

// A TextSelection is a text field's selection: UTF-16 offsets into its
// value, Start <= End.
type TextSelection struct {
	Start, End int
	Direction  SelectionDirection
}

// HasTextSelection reports whether the selection APIs (selectionStart,
// selectionEnd, selectionDirection, setSelectionRange, setRangeText)
// apply to n: a textarea, or an input whose type is text, search, url,
// tel or password (https://html.spec.whatwg.org/multipage/input.html#do-not-apply).
func (n *Node) HasTextSelection() bool {
	if !n.IsHTML() {
		return false
	}
	switch n.DataAtom {
	case atom.Textarea:
		return true
	case atom.Input:
		return hasTextSelection(n.InputType())
	}
	return false
}

// hasTextSelection reports the input types the selection APIs apply to.
func hasTextSelection(typ string) bool {
	switch typ {
	case "text", "search", "url", "tel", "password":
		return true
	}
	return false
}

// HasSelectableText reports whether n is a text field select() selects
// in: those with the selection APIs, and email and number inputs, text
// fields whose selection scripts cannot read (as in Chromium).
func (n *Node) HasSelectableText() bool {
	if n.HasTextSelection() {
		return true
	}
	if n.Is(atom.Input) {
		switch n.InputType() {
		case "email", "number":
			return true
		}
	}
	return false
}

// TextSelection returns n's selection, clamped to its current value. A
// new field's selection is at its start; setting its value moves the
// selection to the end. A textarea whose default value (its text) changes
// while it is not dirty has its selection put back at the start, as in
// Chromium.
//
// A selection set without a direction is forward in a document with
// DirectionalSelections; a field whose selection no one has set has the
// direction of the document it was made in. Both are decided when they
// happen, so a field moved to another document keeps them, as Chromium
// keeps the direction it caches.
func (n *Node) TextSelection() TextSelection {
	f := n.formState()
	if f == nil {
		return TextSelection{Direction: n.noDirection()}
	}
	v := n.Value()
	if n.DataAtom == atom.Textarea && !f.dirtyValue && v != f.selValue {
		f.sel, f.selValue, f.selDirSet = TextSelection{Direction: n.noDirection()}, v, true
	}
	s := f.sel
	if !f.selDirSet {
		s.Direction = n.noDirection()
	}
	if l := utf16Len(v); s.End > l {
		s.End = l
		if s.Start > l {
			s.Start = l
		}
	}
	return s
}

// SetTextSelection sets n's selection, the "set the selection range"
// steps (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#set-the-selection-range):
// offsets past the end of the value mean its end, a start after the end
// becomes the end. It reports whether the selection changed (a select
// event is then due).
func (n *Node) SetTextSelection(start, end int, dir SelectionDirection) bool {
	old := n.TextSelection()
	v := n.Value()
	l := utf16Len(v)
	if start < 0 || start > l {
		start = l
	}
	if end < 0 || end > l {
		end = l
	}
	if start > end {
		start = end
	}
	if dir == SelectionNone {
		dir = n.noDirection()
	}
	s := TextSelection{Start: start, End: end, Direction: dir}
	f := n.form()
	f.sel, f.selValue, f.selDirSet = s, v, true
	return s != old
}

// noDirection is the direction a selection of n set without one takes
// in n's document: forward where the document has DirectionalSelections.
func (n *Node) noDirection() SelectionDirection {
	if n.doc != nil && n.doc.DirectionalSelections {
		return SelectionForward
	}
	return SelectionNone
}

// keepSelectionDirection decides the direction of a text control that is
// moving to a document that would give it another one: a field no one
// has set a selection of keeps its document's, and so does a textarea
// whose default value changed there (the selection was reset there).
func (n *Node) keepSelectionDirection(to *Document) {
	if n.Namespace != "" || n.DataAtom != atom.Input && n.DataAtom != atom.Textarea || n.doc == nil ||
		n.doc.DirectionalSelections == to.DirectionalSelections {
		return
	}
	if n.formState() == nil {
		// a new field: its selection is at the start of the value it has
		n.form().selValue = n.Value()
	}
	n.TextSelection() // a textarea's pending reset happens here
	if f := n.form(); !f.selDirSet {
		f.sel.Direction, f.selDirSet = n.noDirection(), true
	}
}

// SelectAll selects all of a text field's value, as select() does
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-textarea/input-select),
// and reports whether the selection changed. It does nothing to other
// elements.
func (n *Node) SelectAll() bool {
	if !n.HasSelectableText() {
		return false
	}
	return n.SetTextSelection(0, utf16Len(n.Value()), SelectionNone)
}

// SetRangeText replaces the UTF-16 range [start, end) of a text field's
// value with repl and moves the selection as mode says
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-textarea/input-setrangetext).
// The value becomes dirty and is sanitized (an input drops line breaks, a
// textarea normalizes them) while the new selection is computed from repl
// as given and then clamped, as Chromium does. It returns an
// InvalidStateError when the selection APIs do not apply to n and an
// IndexSizeError when start > end; changed reports a new selection.
func (n *Node) SetRangeText(repl string, start, end int, mode SelectionMode) (changed bool, err error) {
	if !n.HasTextSelection() {
		return false, newError(InvalidStateError, "the element's type does not support selection")
	}
	if start > end {
		return false, newError(IndexSizeError, "the start offset (%d) is larger than the end offset (%d)", start, end)
	}
	old := n.TextSelection()
	v := n.Value()
	l := utf16Len(v)
	start, end = min(start, l), min(end, l)
	nv := replaceUTF16(v, start, end, repl) // may split a surrogate pair, as in Chromium
	f := n.form()
	if n.DataAtom == atom.Textarea {
		f.value = normalizeNewlines(nv)
	} else {
		f.value = n.sanitize(nv)
	}
	f.dirtyValue = true

	newLen := utf16Len(repl)
	newEnd := start + newLen
	ss, se := old.Start, old.End
	switch mode {
	case SelectSelect:
		ss, se = start, newEnd
	case SelectStart:
		ss, se = start, start
	case SelectEnd:
		ss, se = newEnd, newEnd
	default: // preserve
		delta := newLen - (end - start)
		if ss > end {
			ss += delta
		} else if ss > start {
			ss = start
		}
		if se > end {
			se += delta
		} else if se > start {
			se = newEnd
		}
	}
	// The value changed under the selection: compare with the selection as
	// it was, not as the new value would clamp it.
	n.SetTextSelection(ss, se, SelectionNone)
	s := n.TextSelection()
	return s.Start != old.Start || s.End != old.End || old.Direction == SelectionBackward, nil
}

// valueChangedSelection moves the selection to the end of text field n
// (whose form state is f) when its API value was set to something new,
// unselecting and resetting the direction
// (https://html.spec.whatwg.org/multipage/input.html#dom-input-value-value).
func (n *Node) valueChangedSelection(f *formState) {
	l := utf16Len(f.value)
	f.sel, f.selValue, f.selDirSet = TextSelection{Start: l, End: l, Direction: n.noDirection()}, f.value, true
}
