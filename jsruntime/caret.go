package jsruntime

import (
	"math"
	"slices"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Caret hit testing: document.caretPositionFromPoint(x, y, options)
// (https://drafts.csswg.org/cssom-view/#dom-document-caretpositionfrompoint)
// and Chromium's legacy document.caretRangeFromPoint(x, y), as Chromium 156
// answers them, over the flow estimate's line fragments (rangerects.go).
//
// The topmost element at the point (hittest.go) is asked for the position
// nearest the point among the text and atomic inlines of its flat subtree,
// taken in tree order: on a line that holds the point's y, the fragment
// holding its x or else the nearest one, and in a text fragment the
// character boundary nearest x; a point above a line (in a gap between
// blocks, or a block's padding) is at the start of the first line below
// it, one below every line at the end of the last. An element with no
// text or atomic inline is at its offset 0, an atomic inline (an image, a
// control hit beside its line) before or after itself in its parent. A
// text field hit is the field itself with the offset in its value (a
// CaretPosition; caretRangeFromPoint gives the place before the field in
// its parent). A position in a shadow tree whose root is not among
// options.shadowRoots is moved to its host's place in the host's parent;
// a point outside the viewport has no position. How exact the offsets
// are is how exact the estimate's line breaking and advances are.

// caretPosition is a CaretPosition: a DOM position and the caret's rect.
type caretPosition struct {
	node    *dom.Node
	offset  int
	rect    flowBounds
	hasRect bool
}

// caretItem is one fragment of inline content a caret can be placed in:
// a text node's fragment on one line, or an atomic inline box.
type caretItem struct {
	left, right, top, bottom float64
	text                     *dom.Node
	rec                      *textRec
	frag                     int     // the fragment of rec
	fx                       float64 // the viewport x of the fragment's start
	el                       *dom.Node
}

// caretAt is the caret position at viewport point (x, y), ok=false for a
// point outside the viewport. Shadow trees are left for the caller to
// retarget.
func (w *Window) caretAt(x, y float64) (caretPosition, bool) {
	vw, vh := float64(w.cfg.Viewport.Width), float64(w.cfg.Viewport.Height)
	if x < 0 || y < 0 || x >= vw || y >= vh || x != x || y != y {
		return caretPosition{}, false
	}
	top := w.doc.DocumentElement()
	if top == nil {
		return caretPosition{}, false
	}
	w.flushStyle()
	hw := &hitWalk{w: w, f: w.flow(), x: x, y: y}
	hw.walk(top, 0, false)
	hit := top
	if len(hw.hits) > 0 {
		best := hw.hits[0]
		for _, h := range hw.hits[1:] {
			if hitAbove(h, best) {
				best = h
			}
		}
		hit = best.n
	}
	if hit.HasTextSelection() {
		return w.controlCaret(hit, x, y), true
	}
	if caretAtomic(hit) && hit.ParentNode() != nil {
		// around it in its parent, by the side of its middle x is on
		if items := w.atomicCaretItem(hit, nil); len(items) > 0 {
			return w.caretInItem(&items[0], x), true
		}
	}
	return w.caretIn(hit, x, y), true
}

// hitAbove tells whether hit a paints above hit b (elementsAt's order).
func hitAbove(a, b hitEntry) bool {
	switch {
	case a.level != b.level:
		return a.level > b.level
	case a.positioned != b.positioned:
		return a.positioned
	}
	return a.order > b.order
}

// caretIn is the caret position nearest (x, y) in el's flat subtree.
func (w *Window) caretIn(el *dom.Node, x, y float64) caretPosition {
	items := w.caretItems(el, nil, make(map[*dom.Node]map[*dom.Node]*textRec))
	if len(items) == 0 {
		return caretPosition{node: el, hasRect: true}
	}
	// the items of a line (consecutive ones that overlap vertically: a
	// text run beside a taller image) share the line's top and bottom
	for i := 0; i < len(items); {
		j, top, bottom := i+1, items[i].top, items[i].bottom
		for j < len(items) && items[j].top < bottom && top < items[j].bottom {
			top, bottom = min(top, items[j].top), max(bottom, items[j].bottom)
			j++
		}
		for k := i; k < j; k++ {
			items[k].top, items[k].bottom = top, bottom
		}
		i = j
	}
	var pick *caretItem
	for i := range items {
		it := &items[i]
		if y < it.top || y >= it.bottom {
			continue
		}
		if pick == nil || hDistance(it, x) < hDistance(pick, x) {
			pick = it
		}
	}
	if pick != nil {
		return w.caretInItem(pick, x)
	}
	for i := range items {
		if y < items[i].bottom {
			// above its line: the line's start
			return w.caretInItem(&items[i], math.Inf(-1))
		}
	}
	return w.caretInItem(&items[len(items)-1], math.Inf(1))
}

// hDistance is how far x lies from it horizontally.
func hDistance(it *caretItem, x float64) float64 {
	switch {
	case x < it.left:
		return it.left - x
	case x >= it.right:
		return x - it.right
	}
	return 0
}

// caretItems appends the caret items of n's flat subtree, in tree order.
func (w *Window) caretItems(n *dom.Node, out []caretItem, laid map[*dom.Node]map[*dom.Node]*textRec) []caretItem {
	for c := w.flatFirst(n); c != nil; c = w.flatNext(c) {
		switch {
		case c.Kind() == dom.TextNode:
			out = w.textCaretItems(c, out, laid)
		case c.IsElement():
			if w.display(c) == "none" {
				continue
			}
			if caretAtomic(c) {
				out = w.atomicCaretItem(c, out)
				continue
			}
			out = w.caretItems(c, out, laid)
		}
	}
	return out
}

// atomicCaretItem appends the caret item of the atomic inline el: its
// border box.
func (w *Window) atomicCaretItem(el *dom.Node, out []caretItem) []caretItem {
	if g, ok := w.clientBounds(el); ok && el.ParentNode() != nil {
		dx, dy := w.scrollShift(el)
		g.left, g.top = g.left-dx, g.top-dy
		out = append(out, caretItem{left: g.left, right: g.left + g.width, top: g.top, bottom: g.top + g.height, el: el})
	}
	return out
}

// caretAtomic tells whether a caret goes around el, never into it:
// replaced elements and form controls.
func caretAtomic(el *dom.Node) bool {
	if el.Namespace == "svg" && el.Data == "svg" {
		return true
	}
	if el.Namespace != "" {
		return false
	}
	switch el.DataAtom {
	case atom.Img, atom.Input, atom.Textarea, atom.Select, atom.Button, atom.Video, atom.Audio,
		atom.Canvas, atom.Iframe, atom.Object, atom.Embed, atom.Meter, atom.Progress:
		return true
	}
	return false
}

// textCaretItems appends the line fragments of text node t.
func (w *Window) textCaretItems(t *dom.Node, out []caretItem, laid map[*dom.Node]map[*dom.Node]*textRec) []caretItem {
	rec, left, top, ok := w.textPlace(t, laid)
	if !ok {
		return out
	}
	for k, fr := range rec.frags {
		lineTop := top + fr.y + float64(fr.line-1)*fr.lineH
		fx := left + fr.box.x
		out = append(out, caretItem{left: fx, right: fx + rec.m.advance(rec.text[fr.i0:fr.i1]),
			top: lineTop, bottom: lineTop + max(fr.lineH, rec.lineHeight), text: t, rec: rec, frag: k, fx: fx})
	}
	return out
}

// caretInItem is the caret position in it nearest x.
func (w *Window) caretInItem(it *caretItem, x float64) caretPosition {
	if it.el != nil {
		p := it.el.ParentNode()
		i := it.el.Index()
		if x >= (it.left+it.right)/2 {
			i++
		}
		return caretPosition{node: p, offset: i, hasRect: true}
	}
	rec := it.rec
	fr := rec.frags[it.frag]
	i0, i1 := fr.i0, fr.i1
	if i1 > i0 && rec.text[i1-1] == ' ' && it.frag+1 < len(rec.frags) && rec.frags[it.frag+1].line != fr.line {
		i1-- // a soft wrap's space hangs past the line's end: the caret stops before it
	}
	x = min(max(x, it.left), it.right+1) // a point before or past the line (±Inf)
	best, bestD := i0, math.Abs(x-it.fx)
	for i := i0; i < i1; {
		_, size := utf8.DecodeRuneInString(rec.text[i:])
		i += size
		d := math.Abs(x - (it.fx + rec.m.advance(rec.text[i0:i])))
		if d < bestD {
			best, bestD = i, d
		}
	}
	off := rec.domOffset(it.text.Data, best)
	p := caretPosition{node: it.text, offset: off}
	if r := w.textRects(it.text, off, off, nil, map[*dom.Node]map[*dom.Node]*textRec{}); len(r) > 0 {
		p.rect, p.hasRect = r[0], true
	}
	return p
}

// domOffset maps an index in the laid-out text rec.text back to a DOM
// offset in data (UTF-16 code units): the place of the character that
// produced rec.text[idx] (past a collapsed run of spaces, the last of
// them), or the place after the last character that produced text when
// idx is at the end. textIndex is the other way.
func (r *textRec) domOffset(data string, idx int) int {
	units, j, after := 0, 0, 0
	space := !(len(r.text) > 0 && r.text[0] == ' ')
	for _, c := range data {
		n := utf16.RuneLen(c)
		produced := true
		if !r.pre && c < utf8.RuneSelf && ascii.IsSpace(byte(c)) {
			produced = !space
			space = true
		} else {
			space = false
		}
		if produced {
			if j >= idx {
				return units
			}
			j += utf8.RuneLen(c)
			after = units + n
		}
		units += n
	}
	return after
}

// controlCaret is the caret position in the text field n at (x, y): the
// field and the offset in its value of the character boundary nearest x
// (a textarea's line by y; its lines are the value's, not wrapped here).
func (w *Window) controlCaret(n *dom.Node, x, y float64) caretPosition {
	f := w.flow()
	g, ok := w.clientBounds(n)
	if !ok {
		return caretPosition{node: n, hasRect: true}
	}
	dx, dy := w.scrollShift(n)
	e := f.hEdgesOf(n)
	left := g.left - dx + e.borL + e.padL
	top := g.top - dy + f.edgeOf(n, 4) + f.edgeOf(n, 2)
	height := max(g.height-f.edgeOf(n, 2)-f.edgeOf(n, 3)-f.edgeOf(n, 4)-f.edgeOf(n, 5), 0)
	m := f.font(n)
	value := n.Value()
	line, lineStart := value, 0
	if n.DataAtom == atom.Textarea {
		lh := f.lineHeight(n)
		k := 0
		if lh > 0 && y > top {
			k = int((y - top) / lh)
		}
		for i := 0; i < k; i++ {
			nl := indexByte(line, '\n')
			if nl < 0 {
				break
			}
			lineStart += nl + 1
			line = line[nl+1:]
			top += lh
		}
		if nl := indexByte(line, '\n'); nl >= 0 {
			line = line[:nl]
		}
		height = min(height, lh)
	}
	best, bestD := 0, math.Abs(x-left)
	for i := 0; i < len(line); {
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
		if d := math.Abs(x - (left + m.advance(line[:i]))); d < bestD {
			best, bestD = i, d
		}
	}
	return caretPosition{node: n, offset: utf16Len(value[:lineStart+best]),
		rect: flowBounds{left: left + m.advance(line[:best]), top: top, height: height}, hasRect: true}
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// retargetCaret moves p out of every shadow tree whose root is not in
// roots: to its host's place in the host's parent (the outermost such
// host).
func retargetCaret(p caretPosition, roots []*dom.Node) caretPosition {
	var out *dom.Node
	for r := p.node.Root(); r.IsShadowRoot(); r = r.Host().Root() {
		if !slices.Contains(roots, r) {
			out = r.Host()
		}
	}
	if out == nil || out.ParentNode() == nil {
		return p
	}
	return caretPosition{node: out.ParentNode(), offset: out.Index(), hasRect: true}
}

// jsCaretPositionFromPoint is document.caretPositionFromPoint(x, y,
// options).
func jsCaretPositionFromPoint(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	x, y := float64(float32(bind.Double(bind.Arg(args, 0)))), float64(float32(bind.Double(bind.Arg(args, 1)))) // Web IDL float
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
		w.realm.ThrowTypeError("Failed to execute 'caretPositionFromPoint' on 'Document': The provided float value is non-finite.")
	}
	var roots []*dom.Node
	switch o := bind.Arg(args, 2); {
	case bind.Nullish(o):
	case isObject(o):
		if v := dict(o, "shadowRoots"); !bind.Absent(v) {
			w.sequence(v, "Failed to execute 'caretPositionFromPoint' on 'Document': Failed to read the 'shadowRoots' property from 'CaretPositionFromPointOptions': ", func(item goja.Value) {
				r := w.toNode(item)
				if r == nil || !r.IsShadowRoot() {
					w.realm.ThrowTypeError("Failed to execute 'caretPositionFromPoint' on 'Document': Failed to read the 'shadowRoots' property from 'CaretPositionFromPointOptions': Failed to convert value to 'ShadowRoot'.")
				}
				roots = append(roots, r)
			})
		}
	default:
		w.realm.ThrowTypeError("Failed to execute 'caretPositionFromPoint' on 'Document': The provided value is not of type 'CaretPositionFromPointOptions'.")
	}
	if n.AsDocument() != w.doc {
		return w.null
	}
	p, ok := w.caretAt(x, y)
	if !ok || p.node == nil {
		return w.null
	}
	p = retargetCaret(p, roots)
	return w.realm.WrapObject(&p, w.realm.Class("CaretPosition"))
}

// jsCaretRangeFromPoint is Chromium's document.caretRangeFromPoint(x, y):
// the caret position as a collapsed Range, out of every shadow tree and
// text field (before the field in its parent).
func jsCaretRangeFromPoint(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	var x, y int32
	if a := bind.Arg(args, 0); !bind.Absent(a) {
		x = bind.Long(a)
	}
	if a := bind.Arg(args, 1); !bind.Absent(a) {
		y = bind.Long(a)
	}
	if n.AsDocument() != w.doc {
		return w.null
	}
	p, ok := w.caretAt(float64(x), float64(y))
	if !ok || p.node == nil {
		return w.null
	}
	if p.node.HasTextSelection() && p.node.ParentNode() != nil {
		p = caretPosition{node: p.node.ParentNode(), offset: p.node.Index()}
	}
	p = retargetCaret(p, nil)
	d := n.AsDocument()
	r := d.CreateRange()
	if err := r.SetStart(p.node, p.offset); err != nil {
		return w.null
	}
	return w.realm.WrapObject(r, w.realm.Class("Range"))
}

// caretPositionIface is CaretPosition.
// https://drafts.csswg.org/cssom-view/#caretposition
var caretPositionIface = &bind.Interface{
	Name: "CaretPosition",
	Attributes: []bind.Attribute{
		{Name: "offsetNode", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).wrap(this.(*caretPosition).node)
		}},
		{Name: "offset", Get: func(r *bind.Realm, this any) goja.Value {
			return r.Int(this.(*caretPosition).offset)
		}},
	},
	Methods: []bind.Method{{Name: "getClientRect", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		p := this.(*caretPosition)
		if !p.hasRect {
			return goja.Null()
		}
		g := p.rect
		return r.WrapObject(&rectImpl{x: g.left, y: g.top, w: g.width, h: g.height}, r.Class("DOMRect"))
	}}},
}
