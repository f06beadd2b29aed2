package jsruntime

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// selectionImpl is the Selection of the page's document or of a frame's:
// empty unless a script selects something (no user ever does). Its range is a live dom.Range, updated by
// mutations as any Range is; backward says the focus is before the anchor.
// https://w3c.github.io/selection-api/#selection-interface
type selectionImpl struct {
	doc      *dom.Document // the document it is the selection of
	r        *dom.Range
	obj      goja.Value // the JS object of r, returned by getRangeAt
	backward bool
	// control is the text field the selection is in since it got the
	// focus (see enterControl), nil when the selection is the range's.
	control *dom.Node
	// pending is set while a selectionchange event is queued.
	pending bool
	// pins are live ranges collapsed where the anchor and the focus were
	// before deleteFromDocument, and pinnedAt the range's boundaries it
	// left: Chromium keeps its anchor and focus positions apart from the
	// range, moved only by the nodes and text removed, so a deletion that
	// collapses the range without bringing them together leaves a
	// selection of type Range (see deleteFromDocument).
	pins     [2]*dom.Range
	pinnedAt selectionState
	// pinsMoved says a deletion moved a pin (removed nodes before it, or
	// text before it in its node).
	pinsMoved bool
	// ends are collapsed ranges at the anchor and the focus as Chromium
	// keeps them apart from its range (KeepOnInsert: moved by removals and
	// text changes, not by insertions), nil for a collapsed selection:
	// Chromium reads the selection's direction from their order, so an
	// insertion between them can turn it (a forward selection from inside
	// an element to a point in its parent after it reads backward once a
	// node is inserted before that element, the points being the range's).
	ends [2]*dom.Range
}

// selectionState is what a script can observe of a selection, compared
// before and after an operation to decide whether it changed (a new range
// object at the same points is no change: Chromium fires no
// selectionchange for setPosition to where the caret is).
type selectionState struct {
	sc, ec   *dom.Node
	so, eo   int
	backward bool
}

func (s *selectionImpl) state() selectionState {
	if s.r == nil {
		return selectionState{}
	}
	return selectionState{s.r.StartContainer(), s.r.EndContainer(), s.r.StartOffset(), s.r.EndOffset(), s.isBackward()}
}

// keepEnds puts the ends where the anchor and the focus are now.
func (s *selectionImpl) keepEnds() {
	s.ends = [2]*dom.Range{}
	if s.r == nil || s.r.Collapsed() {
		return
	}
	a, f := s.doc.CreateRange(), s.doc.CreateRange()
	a.KeepOnInsert()
	f.KeepOnInsert()
	an, ao := s.anchor()
	fn, fo := s.focus()
	if a.SetStart(an, ao) != nil || f.SetStart(fn, fo) != nil {
		return
	}
	s.ends = [2]*dom.Range{a, f}
}

// isBackward tells whether the focus comes before the anchor: the order
// of the ends, when they are kept and can be compared.
func (s *selectionImpl) isBackward() bool {
	if s.ends[0] == nil || s.r.Collapsed() {
		return s.backward
	}
	c, err := s.ends[0].ComparePoint(s.ends[1].StartContainer(), s.ends[1].StartOffset())
	if err != nil {
		return s.backward
	}
	return c < 0
}

// selFn declares a Selection operation; a change to the selection queues a
// selectionchange event at the document.
func selFn(name string, length int, f func(w *Window, s *selectionImpl, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w, s := win(r), this.(*selectionImpl)
		before := s.state()
		v := f(w, s, args)
		if s.state() != before {
			s.changed(w)
			s.focusEditingHost(w)
		}
		return v
	}}
}

func selGet(f func(w *Window, s *selectionImpl) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*selectionImpl)) }
}

// focusEditingHost gives the focus to the editing host the selection now
// starts in, as Chromium does when a script selects inside editable
// content (a selection elsewhere leaves the focus alone).
func (s *selectionImpl) focusEditingHost(w *Window) {
	if s.r == nil || s.doc != w.doc {
		return
	}
	n := s.r.StartContainer()
	if !n.IsElement() {
		n = n.ParentElement()
	}
	if n == nil || !contentEditable(n) {
		return
	}
	for !editingHost(n) {
		p := n.ParentElement()
		if p == nil {
			return
		}
		n = p
	}
	if f := w.focused; f == nil || !f.IsConnected() || !n.Contains(f) {
		w.focus(n)
	}
}

// changed queues a selectionchange event at the document unless one is
// queued already: Chromium fires one per task however many changes it made.
// https://w3c.github.io/selection-api/#scheduling-selectionhange-event
func (s *selectionImpl) changed(w *Window) {
	if s.pending {
		return
	}
	s.pending = true
	w.loop.QueueTask(func() {
		s.pending = false
		w.fire(&s.doc.Node, "selectionchange", false, false)
	})
}

// pinsApart reports whether the anchor and focus positions Chromium
// keeps are apart after deleteFromDocument (the range is as it left it).
// When the deletion moved one of them they are compared as they are (a
// text node's edge being the point beside it); else as visible positions
// (caretPlace): they are
// together when nothing rendered and no block's edge lies between the
// places a caret would take for them, so the end of one paragraph and the
// start of the next are apart, but a position in an element the deletion
// left empty (`<li>|x</li>|` with the li a block) is where the content
// after it is.
func (s *selectionImpl) pinsApart(w *Window) bool {
	if s.pins[0] == nil || s.state() != s.pinnedAt {
		return false
	}
	a, ao := textEdgeOut(s.pins[0].StartContainer(), s.pins[0].StartOffset())
	b, bo := textEdgeOut(s.pins[1].StartContainer(), s.pins[1].StartOffset())
	if a == b && ao == bo {
		return false
	}
	if s.pinsMoved {
		return true
	}
	aText := s.pins[0].StartContainer().Type == html.TextNode && w.textRendered(s.pins[0].StartContainer())
	bText := s.pins[1].StartContainer().Type == html.TextNode && w.textRendered(s.pins[1].StartContainer())
	a, ao, aFloat := w.caretPlace(a, ao)
	b, bo, bFloat := w.caretPlace(b, bo)
	if aFloat && bText || bFloat && aText {
		// a position in a text node is not where one in an element left
		// empty lands (`ab<p>|X</p>|cd` with the focus in "cd" is a Range)
		return true
	}
	if a == nil || b == nil {
		return a != b
	}
	r := a.Document().CreateRange()
	if r.SetStart(a, ao) != nil {
		return true
	}
	if c, err := r.ComparePoint(b, bo); err != nil {
		return true
	} else if c < 0 {
		a, ao, b, bo = b, bo, a, ao
		_ = r.SetStart(a, ao)
	}
	if r.SetEnd(b, bo) != nil {
		return true
	}
	if r.RenderedTextWithout(w.inert) != "" {
		return true
	}
	common := r.CommonAncestorContainer()
	for _, n := range [2]*dom.Node{a, b} {
		for e := n; e != nil && e != common; e = e.ParentNode() {
			if e.IsElement() && w.caretBlock(e) {
				return true
			}
		}
	}
	for n := common.First(); n != nil; n = n.NextWithin(common) {
		if n.IsElement() && r.ContainsNode(n) && (caretAtomic(n) || w.caretBlock(n)) && w.beingRendered(n) {
			return true
		}
	}
	return false
}

// caretPlace is where Chromium's caret goes for position (n, o), as far as
// telling positions apart goes: the position itself when it is on a line,
// with rendered content (text with characters shown, a replaced element
// or form control) before or after it in its block; else the place before
// the next rendered content in the document, or after the previous one
// when none follows (Chromium's canonical position); floated says it was
// moved there, nil when the document renders nothing (no position: all
// such are together).
func (w *Window) caretPlace(n *dom.Node, o int) (_ *dom.Node, _ int, floated bool) {
	var atomic *dom.Node
	for e := n; e != nil; e = e.ParentNode() {
		if e.IsElement() && caretAtomic(e) {
			atomic = e
		}
	}
	if atomic != nil && atomic.ParentNode() != nil {
		// a position inside a control or replaced element is beside it
		n, o = atomic.ParentNode(), atomic.Index()+min(o, 1)
	}
	if n.Type == html.TextNode {
		if w.textRendered(n) || n.ParentNode() == nil {
			return n, o, false
		}
		n, o = n.ParentNode(), n.Index()
	}
	if w.onLine(n, o, true) || w.onLine(n, o, false) {
		return n, o, false
	}
	for _, forward := range [2]bool{true, false} {
		if c := w.nextContent(n, o, forward); c != nil {
			p := c.ParentNode()
			switch {
			case c.Type == html.TextNode && forward:
				return c, 0, true
			case c.Type == html.TextNode:
				return c, c.Length(), true
			case forward:
				return p, c.Index(), true
			}
			return p, c.Index() + 1, true
		}
	}
	return nil, 0, true
}

// caretBlock reports whether el is a rendered block-level box (a block,
// list item, table or table part, flex or grid container): its edges end
// and start lines.
func (w *Window) caretBlock(el *dom.Node) bool {
	d := w.display(el)
	return d != "none" && d != "contents" && !strings.HasPrefix(d, "inline") && !caretAtomic(el)
}

// textRendered reports whether text node t shows characters.
func (w *Window) textRendered(t *dom.Node) bool {
	r := t.Document().CreateRange()
	return r.SelectNodeContents(t) == nil && r.RenderedTextWithout(w.inert) != ""
}

// caretContent reports whether k is content a caret stops at: a text
// showing characters or a rendered replaced element or form control.
func (w *Window) caretContent(k *dom.Node) bool {
	if k.Type == html.TextNode {
		return w.textRendered(k)
	}
	return k.IsElement() && caretAtomic(k) && w.beingRendered(k)
}

// onLine reports whether rendered content comes after (forward) or
// before position (n, o) before a block's edge does.
func (w *Window) onLine(n *dom.Node, o int, forward bool) bool {
	parent, cur := n, n.ChildAt(o)
	if !forward {
		cur = nil
		if o > 0 {
			cur = n.ChildAt(o - 1)
		}
	}
	step := func(k *dom.Node) *dom.Node {
		if forward {
			return k.Next()
		}
		return k.Prev()
	}
	for {
		if cur == nil {
			if parent == nil || !parent.IsElement() || w.caretBlock(parent) {
				return false
			}
			parent, cur = parent.ParentNode(), step(parent)
			continue
		}
		switch {
		case w.caretContent(cur):
			return true
		case cur.IsElement() && !caretAtomic(cur) && w.beingRendered(cur):
			if w.caretBlock(cur) {
				return false
			}
			parent, cur = cur, cur.First()
			if !forward {
				cur = parent.Last()
			}
			continue
		}
		cur = step(cur)
	}
}

// nextContent returns the first content a caret stops at (caretContent)
// after position (n, o) in tree order, or before it when forward is
// false, or nil.
func (w *Window) nextContent(n *dom.Node, o int, forward bool) *dom.Node {
	root := n
	for p := n.ParentNode(); p != nil; p = p.ParentNode() {
		root = p
	}
	var k *dom.Node
	if forward {
		if k = n.ChildAt(o); k == nil {
			k = n.SkipWithin(root)
		}
		for ; k != nil; k = k.NextWithin(root) {
			if w.caretContent(k) {
				return k
			}
		}
		return nil
	}
	k = n
	if o > 0 {
		for k = n.ChildAt(o - 1); k.Last() != nil; k = k.Last() {
		}
	}
	for ; k != nil && k != root; k = k.Preceding() {
		if k != n && w.caretContent(k) {
			return k
		}
	}
	return nil
}

// pinSpot is where a pin is.
type pinSpot struct {
	n *dom.Node
	o int
}

func pinSpots(pins [2]*dom.Range) [2]pinSpot {
	return [2]pinSpot{{pins[0].StartContainer(), pins[0].StartOffset()}, {pins[1].StartContainer(), pins[1].StartOffset()}}
}

// textEdgeOut moves a position at the start or end of a text node to its
// parent, before or after it: the same place on the line (Chromium
// compares its positions so; the end of one paragraph and the start of
// the next are not). A position in an element that holds no children in
// HTML (`<br>`, an image, an input) is after it for Chromium.
func textEdgeOut(n *dom.Node, o int) (*dom.Node, int) {
	p := n.ParentNode()
	if p != nil && n.IsHTML() && n.First() == nil {
		switch n.DataAtom {
		case atom.Br, atom.Wbr, atom.Hr, atom.Img, atom.Input:
			return p, n.Index() + 1
		}
	}
	if n.Type != html.TextNode || p == nil || o != 0 && o != n.Length() {
		return n, o
	}
	i := n.Index()
	if o == 0 {
		return p, i
	}
	return p, i + 1
}

// set makes r the selection's range (obj its wrapper, nil to wrap it).
// A change of text that moves the range is a change of the selection.
func (s *selectionImpl) set(w *Window, r *dom.Range, obj goja.Value, backward bool) {
	if obj == nil {
		obj = w.realm.WrapObject(r, w.realm.Class("Range"))
	}
	if s.r != r {
		s.clear()
		r.OnTextChange = func() { s.changed(w) }
	}
	s.pins = [2]*dom.Range{}
	s.r, s.obj, s.backward, s.control = r, obj, backward, nil
	s.keepEnds()
}

func (s *selectionImpl) clear() {
	if s.r != nil {
		s.r.OnTextChange = nil
	}
	s.pins = [2]*dom.Range{}
	s.r, s.obj, s.backward, s.control = nil, nil, false, nil
	s.ends = [2]*dom.Range{}
}

// enterControl puts the selection in text field n, as Chromium does when
// n gets the focus: its selection is then the field's own, which scripts
// see as a range collapsed before n (at n's parent and index, or its
// outermost shadow host's), of type Range while the field's selection is
// not collapsed, and whose toString is the field's selected text. Another
// selection a script makes leaves the field.
func (s *selectionImpl) enterControl(w *Window, n *dom.Node) {
	at := n
	for {
		root := at.Root()
		if !root.IsShadowRoot() || root.Host() == nil {
			break
		}
		at = root.Host()
	}
	p := at.ParentNode()
	if p == nil || s.doc != at.Document() {
		return
	}
	if ts := n.TextSelection(); ts.Start == ts.End && ts.Direction == dom.SelectionBackward {
		// The document's selection is a caret there, which has no
		// direction: Chromium reads (and keeps) forward for the field's
		// collapsed selection while it has the focus, whatever was set.
		n.SetTextSelection(ts.Start, ts.End, dom.SelectionForward)
	}
	before, was := s.state(), s.control
	r := s.doc.CreateRange()
	if r.SetStart(p, at.Index()) != nil {
		return
	}
	r.Collapse(true)
	s.set(w, r, nil, false)
	s.control = n
	if s.state() != before || was != n {
		// Chromium fires this selectionchange at the field (it bubbles
		// to the document), not at the document
		w.scheduleSelectionChange(n)
	}
}

// enterEditingHost puts the selection at the start of editing host n, as
// Chromium does when n gets the focus and the selection is elsewhere: at
// the start of n's first Text node, else of n itself.
func (s *selectionImpl) enterEditingHost(w *Window, n *dom.Node) {
	if s.r != nil && s.control == nil && n.Contains(s.r.StartContainer()) {
		return
	}
	at := n
	n.Descendants(func(d *dom.Node) bool {
		if d.IsText() {
			at = d
			return false
		}
		return true
	})
	r := s.doc.CreateRange()
	if r.SetStart(at, 0) != nil {
		return
	}
	r.Collapse(true)
	s.set(w, r, nil, false)
	s.changed(w)
}

// inControl returns the text field the selection is in, or nil.
func (s *selectionImpl) inControl() *dom.Node {
	if c := s.control; c != nil && c.IsConnected() && c.HasSelectableText() {
		return c
	}
	return nil
}

// controlText is the selected text of field c: its value's selected
// UTF-16 units, a bullet for each character of a password.
func controlText(c *dom.Node) string {
	sel := c.TextSelection()
	if sel.Start >= sel.End {
		return ""
	}
	u := utf16.Encode([]rune(c.Value()))
	t := string(utf16.Decode(u[sel.Start:min(sel.End, len(u))]))
	if c.Is(atom.Input) && c.InputType() == "password" {
		return strings.Repeat("\u2022", utf8.RuneCountInString(t))
	}
	return t
}

// removeAll empties the selection. A focused text field that held it
// loses its own selection too (Chromium collapses it at its start).
func (s *selectionImpl) removeAll(w *Window) {
	s.leaveControl(w)
	s.clear()
}

// leaveControl is the selection leaving the text field it is in for
// another a script makes: a focused field's own selection collapses at
// its start, as in Chromium.
func (s *selectionImpl) leaveControl(w *Window) {
	if c := s.inControl(); c != nil && c == w.focused {
		w.setSelection(c, 0, 0, dom.SelectionNone)
	}
}

// anchor and focus are the selection's boundary points.
func (s *selectionImpl) anchor() (*dom.Node, int) {
	if s.isBackward() {
		return s.r.EndContainer(), s.r.EndOffset()
	}
	return s.r.StartContainer(), s.r.StartOffset()
}

func (s *selectionImpl) focus() (*dom.Node, int) {
	if s.isBackward() {
		return s.r.StartContainer(), s.r.StartOffset()
	}
	return s.r.EndContainer(), s.r.EndOffset()
}

// checkPoint throws as Chromium does for a boundary point that cannot be
// (a doctype, an offset past the node's length).
func (w *Window) checkPoint(n *dom.Node, offset int, what string) {
	if n.Type == html.DoctypeNode {
		w.realm.ThrowDOMException("InvalidNodeTypeError", "Failed to execute '"+what+"' on 'Selection': The node provided is of type '"+n.Data+"'.")
	}
	if offset > math.MaxInt32 && !n.IsCharacterData() {
		w.realm.ThrowDOMException("IndexSizeError", "Failed to execute '"+what+"' on 'Selection': The offset "+strconv.Itoa(offset)+" is invalid.")
	}
	if offset > n.Length() && !n.IsCharacterData() && n.Type != html.DoctypeNode {
		w.realm.ThrowDOMException("IndexSizeError", "Failed to execute '"+what+"' on 'Selection': There is no child at offset "+strconv.Itoa(offset)+".")
	}
	if offset > n.Length() {
		w.realm.ThrowDOMException("IndexSizeError", "Failed to execute '"+what+"' on 'Selection': The offset "+strconv.Itoa(offset)+" is larger than the node's length ("+strconv.Itoa(n.Length())+").")
	}
}

// inDocument reports whether n is in the selection's document, shadow
// trees included, as in Chromium (the selection ignores points elsewhere).
func (s *selectionImpl) inDocument(n *dom.Node) bool { return n.ShadowIncludingRoot() == &s.doc.Node }

// selectPoints selects from anchor (a, ao) to focus (f, fo) in the
// document, backward when the focus comes first.
func (s *selectionImpl) selectPoints(w *Window, a *dom.Node, ao int, f *dom.Node, fo int) {
	r := s.doc.CreateRange()
	w.check(r.SetStart(a, ao))
	backward := false
	if c, err := r.ComparePoint(f, fo); err == nil && c < 0 {
		w.check(r.SetStart(f, fo))
		w.check(r.SetEnd(a, ao))
		backward = true
	} else {
		w.check(r.SetEnd(f, fo))
	}
	s.leaveControl(w)
	s.set(w, r, nil, backward)
}

// collapsedAt implements collapse and setPosition.
// https://w3c.github.io/selection-api/#dom-selection-collapse
func (s *selectionImpl) collapsedAt(w *Window, args []goja.Value, what string) {
	if bind.Nullish(bind.Arg(args, 0)) {
		s.clear()
		return
	}
	n := w.nodeArg(args, 0, what, "Selection")
	off := offsetArg(args, 1)
	w.checkPoint(n, off, what)
	if !s.inDocument(n) {
		return
	}
	s.selectPoints(w, n, off, n, off)
}

func (s *selectionImpl) collapseTo(w *Window, start bool, what string) {
	if s.r == nil {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute '"+what+"' on 'Selection': there is no selection.")
	}
	if c := s.inControl(); c != nil {
		// The field's own selection collapses, and the field takes the
		// focus the selection is in, as in Chromium.
		t := c.TextSelection()
		at := t.End
		if start {
			at = t.Start
		}
		w.setSelection(c, at, at, dom.SelectionNone)
		if w.focused != c {
			w.focus(c)
		}
		return
	}
	r := s.r.CloneRange()
	r.Collapse(start)
	s.set(w, r, nil, false)
}

// composedRanges implements getComposedRanges: a StaticRange of the
// selection, each boundary point in a shadow tree not given moved out to
// its host (before the host for the start, after it for the end). The
// shadow roots come as a {shadowRoots} dictionary or, in Chromium's older
// form, as ShadowRoot arguments.
// https://w3c.github.io/selection-api/#dom-selection-getcomposedranges
func (s *selectionImpl) composedRanges(w *Window, args []goja.Value) goja.Value {
	var roots []*dom.Node
	for i, a := range args {
		if n := w.toNode(a); n != nil && n.IsShadowRoot() {
			roots = append(roots, n)
			continue
		}
		if i > 0 || bind.Nullish(a) {
			continue
		}
		if o, ok := a.(*goja.Object); ok {
			if v := o.Get("shadowRoots"); !bind.Absent(v) {
				w.sequence(v, "Failed to execute 'getComposedRanges' on 'Selection': ", func(item goja.Value) {
					n := w.toNode(item)
					if n == nil || !n.IsShadowRoot() {
						w.realm.ThrowTypeError("Failed to execute 'getComposedRanges' on 'Selection': Failed to read the 'shadowRoots' property from 'GetComposedRangesOptions': Failed to convert value to 'ShadowRoot'.")
					}
					roots = append(roots, n)
				})
			}
		}
	}
	if s.r == nil {
		return w.rt.NewArray()
	}
	sr := &staticRange{sc: s.r.StartContainer(), so: s.r.StartOffset(), ec: s.r.EndContainer(), eo: s.r.EndOffset()}
	sr.sc, sr.so = rescope(sr.sc, sr.so, roots, 0)
	sr.ec, sr.eo = rescope(sr.ec, sr.eo, roots, 1)
	return w.rt.NewArray(w.realm.WrapObject(sr, w.realm.Class("StaticRange")))
}

// rescope moves boundary point (n, off) out of every shadow tree whose root
// is not in roots, to its host's parent at the host's index plus after.
func rescope(n *dom.Node, off int, roots []*dom.Node, after int) (*dom.Node, int) {
	for {
		r := n.Root()
		if !r.IsShadowRoot() || slices.Contains(roots, r) {
			return n, off
		}
		h := r.Host()
		p := h.ParentNode()
		if p == nil {
			return h, 0
		}
		n, off = p, h.Index()+after
	}
}

func selAnchorNode(w *Window, s *selectionImpl) goja.Value {
	if s.r == nil {
		return w.null
	}
	n, _ := s.anchor()
	return w.wrap(n)
}

func selAnchorOffset(w *Window, s *selectionImpl) goja.Value {
	if s.r == nil {
		return w.int(0)
	}
	_, o := s.anchor()
	return w.int(o)
}

func selFocusNode(w *Window, s *selectionImpl) goja.Value {
	if s.r == nil {
		return w.null
	}
	n, _ := s.focus()
	return w.wrap(n)
}

func selFocusOffset(w *Window, s *selectionImpl) goja.Value {
	if s.r == nil {
		return w.int(0)
	}
	_, o := s.focus()
	return w.int(o)
}

var selectionIface = &bind.Interface{
	Name: "Selection",
	Attributes: bind.AttributesInOrder([]bind.Attribute{
		{Name: "anchorNode", Get: selGet(selAnchorNode)},
		{Name: "anchorOffset", Get: selGet(selAnchorOffset)},
		{Name: "focusNode", Get: selGet(selFocusNode)},
		{Name: "focusOffset", Get: selGet(selFocusOffset)},
		// Chromium's older names of the same four (WebKit's base and
		// extent), which some editors still read
		{Name: "baseNode", Get: selGet(selAnchorNode)},
		{Name: "baseOffset", Get: selGet(selAnchorOffset)},
		{Name: "extentNode", Get: selGet(selFocusNode)},
		{Name: "extentOffset", Get: selGet(selFocusOffset)},
		{Name: "isCollapsed", Get: selGet(func(w *Window, s *selectionImpl) goja.Value { return w.boolean(s.r == nil || s.r.Collapsed()) })},
		{Name: "rangeCount", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil {
				return w.int(0)
			}
			return w.int(1)
		})},
		{Name: "type", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if c := s.inControl(); c != nil {
				if sel := c.TextSelection(); sel.Start < sel.End {
					return w.str("Range")
				}
				return w.str("Caret")
			}
			switch {
			case s.r == nil:
				return w.str("None")
			case s.r.Collapsed() && !s.pinsApart(w):
				return w.str("Caret")
			}
			return w.str("Range")
		})},
		// https://w3c.github.io/selection-api/#dom-selection-direction
		{Name: "direction", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			switch {
			case s.r == nil || s.r.Collapsed():
				return w.str("none")
			case s.isBackward():
				return w.str("backward")
			}
			return w.str("forward")
		})},
	}, "anchorNode anchorOffset focusNode focusOffset isCollapsed rangeCount type direction baseNode baseOffset extentNode extentOffset"),
	Methods: []bind.Method{
		selFn("getRangeAt", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if i := bind.UnsignedLong(bind.Arg(args, 0)); i != 0 || s.r == nil {
				w.realm.ThrowDOMException("IndexSizeError", "Failed to execute 'getRangeAt' on 'Selection': "+strconv.FormatUint(uint64(i), 10)+" is not a valid index.")
			}
			return s.obj
		}),
		selFn("getComposedRanges", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			return s.composedRanges(w, args)
		}),
		// https://w3c.github.io/selection-api/#dom-selection-addrange
		selFn("addRange", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			r := w.rangeArg(args, 0, "addRange", "Selection")
			if s.r == nil && s.inDocument(r.StartContainer()) {
				s.set(w, r, args[0], false)
			}
			return nil
		}),
		selFn("removeRange", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if r := w.rangeArg(args, 0, "removeRange", "Selection"); r != s.r || s.r == nil {
				w.realm.ThrowDOMException("NotFoundError", "Failed to execute 'removeRange' on 'Selection': Range not found.")
			}
			s.clear()
			return nil
		}),
		selFn("removeAllRanges", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value { s.removeAll(w); return nil }),
		selFn("empty", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value { s.removeAll(w); return nil }),
		selFn("collapse", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			s.collapsedAt(w, args, "collapse")
			return nil
		}),
		selFn("setPosition", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			s.collapsedAt(w, args, "setPosition")
			return nil
		}),
		selFn("collapseToStart", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			s.collapseTo(w, true, "collapseToStart")
			return nil
		}),
		selFn("collapseToEnd", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			s.collapseTo(w, false, "collapseToEnd")
			return nil
		}),
		// https://w3c.github.io/selection-api/#dom-selection-extend
		selFn("extend", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "extend", "Selection")
			off := offsetArg(args, 1)
			if !s.inDocument(n) {
				return nil
			}
			if s.r == nil {
				w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'extend' on 'Selection': This Selection object doesn't have any Ranges.")
			}
			w.checkPoint(n, off, "extend")
			a, ao := s.anchor()
			if s.inControl() != nil {
				// Chromium's anchor is in the field's inner editor, a
				// tree of its own: the selection collapses at the new
				// focus (the standard's step for another root).
				a, ao = n, off
			}
			s.selectPoints(w, a, ao, n, off)
			return nil
		}),
		// https://w3c.github.io/selection-api/#dom-selection-setbaseandextent
		selFn("setBaseAndExtent", 4, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			a := w.nodeArg(args, 0, "setBaseAndExtent", "Selection")
			f := w.nodeArg(args, 2, "setBaseAndExtent", "Selection")
			ao, fo := offsetArg(args, 1), offsetArg(args, 3)
			w.checkPoint(a, ao, "setBaseAndExtent")
			w.checkPoint(f, fo, "setBaseAndExtent")
			if s.inDocument(a) && s.inDocument(f) {
				s.selectPoints(w, a, ao, f, fo)
			}
			return nil
		}),
		// https://w3c.github.io/selection-api/#dom-selection-selectallchildren
		selFn("selectAllChildren", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "selectAllChildren", "Selection")
			w.checkPoint(n, 0, "selectAllChildren")
			if s.inDocument(n) {
				// the end is n's child count: a character data node gives a caret
				s.selectPoints(w, n, 0, n, n.ChildCount())
			}
			return nil
		}),
		// Chromium's containsNode, which departs from the spec: a text node
		// the selection touches is contained, and an ancestor of both ends
		// partly contained. (Chromium compares with the selection's
		// canonical positions, moved into rendered text; a point between
		// elements is not moved here.)
		// https://w3c.github.io/selection-api/#dom-selection-containsnode
		selFn("containsNode", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "containsNode", "Selection")
			p := n.ParentNode()
			if s.r == nil || p == nil || n.Root() != s.r.StartContainer().Root() {
				return valFalse
			}
			i := n.Index()
			a, _ := s.r.ComparePoint(p, i)
			b, _ := s.r.ComparePoint(p, i+1)
			switch {
			case a == 0 && b == 0:
				return valTrue
			case a > 0 || b < 0:
				return valFalse
			}
			return w.boolean(bind.Boolean(bind.Arg(args, 1)) || n.Type == html.TextNode)
		}),
		selFn("deleteFromDocument", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if s.r != nil {
				// the positions are those of the last deletion while the
				// range is as it left it
				pins, moved := s.pins, s.pinsMoved
				if pins[0] == nil || s.state() != s.pinnedAt {
					pins = [2]*dom.Range{s.doc.CreateRange(), s.doc.CreateRange()}
					_ = pins[0].SetStart(s.r.StartContainer(), s.r.StartOffset())
					_ = pins[1].SetStart(s.r.EndContainer(), s.r.EndOffset())
					moved = false
				}
				was := pinSpots(pins)
				err := s.r.DeleteContents()
				moved = moved || pinSpots(pins) != was
				s.pins, s.pinnedAt, s.pinsMoved = pins, s.state(), moved
				w.check(err)
				w.afterMutation()
			}
			return nil
		}),
		// modify needs layout (words, lines); it does nothing here.
		selFn("modify", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value { return nil }),
		selFn("toString", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if c := s.inControl(); c != nil {
				return w.str(controlText(c))
			}
			if s.r == nil {
				return w.str("")
			}
			return w.str(s.r.RenderedTextWithout(w.inert))
		}),
	},
}

// selection returns the window's Selection, made on first use.
func (w *Window) selection() goja.Value {
	if w.sel == nil {
		w.sel = &selectionImpl{doc: w.doc}
	}
	return w.realm.WrapObject(w.sel, w.realm.Class("Selection"))
}

// selectionEntersControl puts the selection of text field n's document
// in n (see enterControl), when that document is the page's or a frame's.
func (w *Window) selectionEntersControl(n *dom.Node) {
	if s := w.selectionFor(n.Document()); s != nil {
		s.enterControl(w, n)
	}
}

// selectionEntersEditingHost collapses the selection at the start of
// editing host n as n gets the focus, unless the selection is in n already.
func (w *Window) selectionEntersEditingHost(n *dom.Node) {
	if s := w.selectionFor(n.Document()); s != nil {
		s.enterEditingHost(w, n)
	}
}

// selectionFor returns the Selection of document d: the page's, a frame's
// active document's, or nil for a document with no browsing context.
func (w *Window) selectionFor(d *dom.Document) *selectionImpl {
	if d == w.doc {
		if w.sel == nil {
			w.sel = &selectionImpl{doc: w.doc}
		}
		return w.sel
	}
	if f := w.frames.byDoc[d]; f != nil && !f.gone && f.doc == d {
		if f.sel == nil || f.sel.doc != d {
			f.sel = &selectionImpl{doc: d}
		}
		return f.sel
	}
	return nil
}

// selectionOf returns the Selection of document d: the page's, a frame's
// active document's, or null for a document with no browsing context.
func (w *Window) selectionOf(d *dom.Document) goja.Value {
	if d == w.doc {
		return w.selection()
	}
	f := w.frames.byDoc[d]
	if f == nil || f.gone || f.doc != d {
		return w.null
	}
	if f.sel == nil || f.sel.doc != d {
		f.sel = &selectionImpl{doc: d}
	}
	return w.realm.WrapObject(f.sel, w.realm.Class("Selection"))
}

// selectionWith returns the selection whose range r is, or nil.
func (w *Window) selectionWith(r *dom.Range) *selectionImpl {
	if w.sel != nil && w.sel.r == r {
		return w.sel
	}
	for _, f := range w.frames.byDoc {
		if f.sel != nil && f.sel.r == r {
			return f.sel
		}
	}
	return nil
}
