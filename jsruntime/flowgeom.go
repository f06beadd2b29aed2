package jsruntime

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"
)

// The geometry scripts read (getBoundingClientRect, offsetTop,
// offsetHeight, clientHeight, scrollHeight, getComputedStyle's width and
// height) answers from the flow estimate (flow.go, flowwidth.go): where an
// element lies in the page and how large it is; getBoundingClientRect()
// less how far the viewport and the boxes it is in are scrolled
// (scroll.go).

// flowMutated is the estimate's part of the mutation hook: it forgets what
// the change r may have changed. A change of a child list or of text
// changes the heights of the target and its ancestors; of an attribute,
// also the style of the target's subtree. Through the selectors of the
// sheets a change may restyle the target's siblings (sibling combinators,
// :first-child, :nth-child…) or, with :has(), anything: then their boxes,
// or all, are forgotten too.
func (w *Window) flowMutated(r *dom.MutationRecord) {
	f := w.geoOf(r.Target.Document()) // flowframe.go
	if f == nil || r.Target.Document() != f.doc {
		return
	}
	// the record accounts for every change of the version since the last
	// (one record may report several changes: the nodes a replaceChildren
	// removed) but the unrecorded ones (flow checks those)
	f.version = f.doc.Version()
	if len(f.boxes) == 0 || !r.Target.IsConnected() {
		// nothing known, or a change off the document (what was
		// measured left it in a removal, which dropped it)
		return
	}
	switch r.Type {
	case dom.ChildListMutation:
		if f.deps&(depHas|depContainer) != 0 {
			f.forget()
			return
		}
		for _, n := range r.RemovedNodes {
			f.dropSubtree(n) // a node moved elsewhere is restyled there
		}
		for _, n := range r.AddedNodes {
			f.dropSubtree(n)
		}
		f.collapseMutated(r.Target, r.PreviousSibling, r.NextSibling, false) // flowcollapse.go
		switch {
		case f.deps&depSiblings != 0:
			for c := r.Target.First(); c != nil; c = c.Next() {
				f.dropSubtree(c)
			}
		case f.deps&depAdjacent != 0:
			f.dropSubtree(r.PreviousSibling)
			f.dropSubtree(r.NextSibling)
			delete(f.boxes, r.Target) // :empty
		}
		f.dirtyPath(r.Target)
		if f.doc.HasShadowRoots() {
			f.slotsChanged(r.Target)
			if holdsSlot(r.AddedNodes) || holdsSlot(r.RemovedNodes) {
				// a slot added or removed takes nodes from another
				if h := slotHost(r.Target); h != nil {
					f.slotsChanged(h)
				}
			}
		}
	case dom.CharacterDataMutation:
		if p := f.w.flatParent(r.Target); p != nil {
			f.dirtyPath(p)
		}
	case dom.AttributesMutation:
		if f.deps&(depHas|depContainer) != 0 {
			f.forget()
			return
		}
		if root := f.doc.DocumentElement(); r.Target == root || r.Target.ParentNode() == root {
			// the root, the head or the body (a class on the root or the
			// body is common): the whole document, without walking it
			f.forget()
			return
		}
		f.collapseMutated(r.Target, nil, nil, true)
		f.styleChanged(r.Target)
		if f.doc.HasShadowRoots() && r.AttributeNamespace == "" {
			// the nodes a host's child or a slot is assigned with move
			switch {
			case r.AttributeName == "slot" && r.Target.ParentNode() != nil:
				f.slotsChanged(r.Target.ParentNode())
			case r.AttributeName == "name" && isSlot(r.Target):
				if h := slotHost(r.Target); h != nil {
					f.slotsChanged(h)
				}
			}
		}
		if f.deps&(depSiblings|depAdjacent) != 0 {
			for c := r.Target.Next(); c != nil; c = c.Next() {
				f.dropSubtree(c)
			}
		}
	}
}

// styleChanged forgets the boxes of el's subtree and the heights of its
// ancestors.
func (f *flowLayout) styleChanged(el *dom.Node) {
	f.dropSubtree(el)
	if p := f.w.flatParent(el); p != nil {
		f.dirtyPath(p)
	}
}

// slotsChanged forgets the layouts of the slots in host's shadow tree and
// their ancestors, whose assigned nodes may have changed (a child of
// host added, removed or given another slot name); nothing when host is
// no shadow host.
func (f *flowLayout) slotsChanged(host *dom.Node) {
	s := host.ShadowRoot()
	if s == nil {
		return
	}
	s.Descendants(func(d *dom.Node) bool {
		if isSlot(d) {
			f.dirtyPath(d)
		}
		return true
	})
}

// holdsSlot tells whether one of ns is or holds a slot.
func holdsSlot(ns []*dom.Node) bool {
	for _, n := range ns {
		found := isSlot(n)
		if !found && n.First() != nil {
			n.Descendants(func(d *dom.Node) bool {
				found = isSlot(d)
				return !found
			})
		}
		if found {
			return true
		}
	}
	return false
}

// dropSubtree forgets everything of the elements of n's subtree, and of
// the shadow trees of the hosts in it.
func (f *flowLayout) dropSubtree(n *dom.Node) {
	if n == nil || !n.IsElement() {
		return
	}
	f.dropOverflows()
	delete(f.boxes, n)
	shadows := f.doc.HasShadowRoots()
	if shadows {
		if s := n.ShadowRoot(); s != nil {
			for c := s.First(); c != nil; c = c.Next() {
				f.dropSubtree(c)
			}
		}
	}
	if n.First() == nil {
		return
	}
	n.Descendants(func(d *dom.Node) bool {
		if d.IsElement() {
			delete(f.boxes, d)
			if shadows && d.ShadowRoot() != nil {
				for c := d.ShadowRoot().First(); c != nil; c = c.Next() {
					f.dropSubtree(c)
				}
			}
		}
		return true
	})
}

// dirtyPath forgets the heights and layouts of n and its ancestors, and
// the widths of those sized by their content.
func (f *flowLayout) dirtyPath(n *dom.Node) {
	f.dropOverflows()
	for a := n; a != nil; a = f.w.flatParent(a) {
		b := f.boxes[a]
		if b == nil {
			continue
		}
		// its content changed: its layout and its intrinsic widths (a
		// container assigns it its width again as it lays it out)
		b.heightKnown, b.laidOut, b.maxScrollKnown = false, false, false
		b.intrinsicKnown, b.table = false, nil
		if b.widthFallback {
			b.widthSet = false
		}
	}
}

// geometry is what the estimate gives of n: its made-up box (for its
// borders), and its border box in the document; ok is false when n has no
// box.
func (w *Window) geometry(n *dom.Node) (b box, r flowBounds, ok bool) {
	b = w.boxOf(n)
	if b.rendered && w.display(n) == "contents" && n != n.Document().DocumentElement() {
		// no box of its own (its children's boxes are its parent's
		// children): no rect, as in Chromium, whose getBoundingClientRect
		// is all zero and getClientRects empty
		return b, flowBounds{}, false
	}
	made := flowBounds{width: float64(b.width), height: float64(b.height)}
	if !b.rendered || !w.hasFlow(n.Document()) {
		return b, made, b.rendered
	}
	if n.Namespace == "svg" && !replacedElement(n) {
		// inside an <svg>: its bounding box under its CTM, placed at the
		// outermost <svg>'s content box (svgviewport.go)
		if r, ok := w.svgClientBounds(n); ok {
			return b, r, true
		}
		return b, flowBounds{}, false
	}
	r, ok = w.flowRect(n)
	if !ok {
		return b, made, true
	}
	if p := w.flatParent(n); p != nil && w.display(p) == "table-row" && w.display(n) == "table-cell" {
		// a cell is as tall as its row
		if pr, ok := w.flowRect(p); ok {
			r.height = max(r.height, pr.height)
		}
	}
	return b, r, true
}

// fragmentRects are the border boxes of the fragments of n, an inline
// box over several lines, one a line, in document coordinates (moved and
// sized as its getBoundingClientRect by transforms that only translate);
// nil for any other box.
func (w *Window) fragmentRects(n *dom.Node) []flowBounds {
	cb := w.inlineFrags(n)
	if cb == nil {
		return nil
	}
	g, _ := w.clientBounds(n)
	if _, r, _ := w.geometry(n); r.width != g.width || r.height != g.height {
		return nil // scaled or rotated: its bounding box only
	}
	h := g.height - cb.frags[len(cb.frags)-1].dy
	out := make([]flowBounds, len(cb.frags))
	for i, fr := range cb.frags {
		out[i] = flowBounds{left: g.left + fr.x - cb.x, top: g.top + fr.dy, width: fr.bw, height: h}
	}
	return out
}

// inlineFrags is the box of n when it is an inline box laid out over
// several horizontal lines (its fragments known), else nil.
func (w *Window) inlineFrags(n *dom.Node) *flowBox {
	if !n.IsElement() {
		return nil
	}
	if _, _, ok := w.geometry(n); !ok {
		return nil
	}
	f := w.flowOf(n.Document())
	if f == nil {
		return nil
	}
	cb := f.boxes[n]
	if cb == nil || len(cb.frags) < 2 || !cb.laidOut || f.inModes(n) {
		return nil
	}
	return cb
}

// boundingRect is getBoundingClientRect(): the border box in viewport
// coordinates (transformed, and scrolled with the viewport and the boxes
// n is in).
func (w *Window) boundingRect(n *dom.Node) goja.Value {
	g, ok := w.clientBounds(n)
	r := &rectImpl{}
	if ok {
		dx, dy := w.scrollShift(n)
		r.x, r.y, r.w, r.h = g.left-dx, g.top-dy, g.width, g.height
		if u, ok := w.culledUnion(n); ok {
			r.x, r.y, r.w, r.h = u.left, u.top, u.width, u.height
		}
	}
	return w.realm.WrapObject(r, w.realm.Class("DOMRect"))
}

// culledUnion is the bounding box of the getClientRects() of n, in
// viewport coordinates, when n is a culled inline box (flowculled.go)
// holding inline boxes: Chromium 156's getBoundingClientRect() and
// offsetHeight of such a box are those of what it holds, so an inline box
// inside it with a vertical padding or border (which overflows the line)
// makes it as tall (`<span>a<b style="padding-top: 30px">b</b></span>`
// is 47px tall, not 17). A box of text alone is its lines' union already;
// one holding a block, a float or a positioned box keeps its own rect
// (Chromium's fragment of a block inside an inline box is the line's
// width, not the block's).
func (w *Window) culledUnion(n *dom.Node) (u flowBounds, ok bool) {
	if !n.IsHTML() {
		return u, false
	}
	f := w.flowOf(n.Document())
	if f == nil {
		return u, false
	}
	if elems, inline := w.inlineContent(f, n, 0); !elems || !inline {
		return u, false
	}
	rects := w.culledRects(n)
	if rects == nil {
		return u, false
	}
	u = rects[0]
	for _, r := range rects[1:] {
		right, bottom := max(u.left+u.width, r.left+r.width), max(u.top+u.height, r.top+r.height)
		u.left, u.top = min(u.left, r.left), min(u.top, r.top)
		u.width, u.height = right-u.left, bottom-u.top
	}
	return u, true
}

// inlineContent tells whether n's flat tree content holds elements, and
// whether every element in it that has a box is an inline box (and
// what it holds, in turn).
func (w *Window) inlineContent(f *flowLayout, n *dom.Node, depth int) (elems, inline bool) {
	if depth > maxFlowDepth {
		return true, false
	}
	for c := w.flatFirst(n); c != nil; c = w.flatNext(c) {
		if !c.IsElement() {
			continue
		}
		elems = true
		switch d := f.display(c); {
		case d == "none":
		case f.inlineLevel(c):
			if _, in := w.inlineContent(f, c, depth+1); !in {
				return true, false
			}
		default:
			return true, false
		}
	}
	return elems, true
}

// rootScroller tells whether n is the element whose scrolling is the
// viewport's: the root element, or the body in quirks mode.
func (w *Window) rootScroller(n *dom.Node) bool {
	if !n.IsHTML() {
		return false
	}
	d := n.Document()
	quirks := d.CompatMode() == "BackCompat"
	return n.DataAtom == atom.Html && !quirks || n.DataAtom == atom.Body && quirks && n == d.Body()
}

// isBodyElement tells whether n is its document's body element, whose
// offsetTop and offsetLeft are 0 (CSSOM View's "the HTML body element",
// as in Chromium).
// https://drafts.csswg.org/cssom-view/#dom-htmlelement-offsettop
func (w *Window) isBodyElement(n *dom.Node) bool {
	return n.IsHTML() && n.DataAtom == atom.Body && n == n.Document().Body()
}

// textBoxElement tells whether n is a <br> or a <wbr>, whose box
// Chromium makes a text box: its offsetTop, offsetLeft, offsetWidth and
// offsetHeight are 0.
func textBoxElement(n *dom.Node) bool {
	return n.IsHTML() && (n.DataAtom == atom.Br || n.DataAtom == atom.Wbr)
}

// offsetTop is the distance from the top of n's offsetParent's padding
// box to n's border box, from the document's top when that is the body or
// none.
func (w *Window) offsetTop(n *dom.Node) int {
	if w.isBodyElement(n) || textBoxElement(n) {
		return 0
	}
	_, r, ok := w.geometry(n)
	if !ok {
		return 0
	}
	top := r.top
	if p := w.offsetParent(n); p != nil && !(p.IsHTML() && p.DataAtom == atom.Body) {
		if _, pr, ok := w.geometry(p); ok {
			if bt, ok := w.collapsedBorder(p, false); ok {
				top -= pr.top + bt
			} else {
				top -= pr.top + float64(w.clientEdge(p, false))
			}
		}
	} else if p != nil {
		top -= w.rootMargin(n, false)
	}
	return snapOffset(top)
}

// offsetLeft is the distance from the left of n's offsetParent's padding
// box to n's border box, from the document's left when that is the body
// or none.
func (w *Window) offsetLeft(n *dom.Node) int {
	if w.isBodyElement(n) || textBoxElement(n) {
		return 0
	}
	_, r, ok := w.geometry(n)
	if !ok {
		return 0
	}
	left := r.left
	if cb := w.inlineFrags(n); cb != nil {
		left += cb.frags[0].x - cb.x // an inline box over several lines: its first fragment's
	}
	if p := w.offsetParent(n); p != nil && !(p.IsHTML() && p.DataAtom == atom.Body) {
		if pb, pr, ok := w.geometry(p); ok {
			if bl, ok := w.collapsedBorder(p, true); ok {
				left -= pr.left + bl
			} else {
				left -= pr.left + float64(w.borderLeft(p, pb))
			}
		}
	} else if p != nil {
		left -= w.rootMargin(n, true)
	}
	return snapOffset(left)
}

// collapsedBorder is the top (left) border of p, an offsetParent, when p
// is a table or a cell in the collapsing border model: its half of the
// collapsed border as it is, which Chromium's offsetTop and offsetLeft
// measure from (0.5px for 1px cell borders, where its clientLeft is 1: a
// cell's offsetLeft is 0, as is that of a code element 10px inside it
// simple-markdown's table holds); ok is false for any other box.
func (w *Window) collapsedBorder(p *dom.Node, left bool) (float64, bool) {
	f := w.flowOf(p.Document())
	if f == nil || f.collapsingTable(p) == nil {
		return 0, false
	}
	if left {
		return f.hEdgesOf(p).borL, true
	}
	return f.edgeOf(p, 4), true
}

// snapOffset is an offsetTop or offsetLeft of x px as Chromium rounds the
// layout unit, half up, not away from zero: -1.5 is -1, -0.5 is 0 (tlite's
// tooltip 1.5px above its button's padding box reads -1).
func snapOffset(x float64) int {
	return int(math.Floor(x + 0.5))
}

// rootMargin is the root element's top (left) margin, which Chromium 156
// leaves out of the offsetTop (offsetLeft) of a box whose offsetParent is
// the body: it measures from the root's border box.
func (w *Window) rootMargin(n *dom.Node, left bool) float64 {
	f := w.flowOf(n.Document())
	root := n.Document().DocumentElement()
	if f == nil || root == nil {
		return 0
	}
	if left {
		return f.hEdgesOf(root).marL
	}
	return f.edgeOf(root, 0)
}

// borderLeft is the width of n's left border, as offsetLeft leaves it
// out: none for an inline box (Chromium measures from its border box).
func (w *Window) borderLeft(n *dom.Node, b box) int {
	f := w.flowOf(n.Document())
	if f == nil {
		return b.borderX / 2
	}
	if f.inlineLevel(n) && !f.atomic(n) {
		return 0
	}
	return int(f.hEdgesOf(n).borL)
}

// offsetHeight is n's border box's height.
func (w *Window) offsetHeight(n *dom.Node) int {
	_, r, ok := w.geometry(n)
	if !ok || textBoxElement(n) {
		return 0
	}
	if u, ok := w.culledUnion(n); ok {
		r.height = u.height // what it holds, as its getBoundingClientRect
	}
	return int(math.Round(r.height))
}

// offsetWidth is n's border box's width.
func (w *Window) offsetWidth(n *dom.Node) int {
	_, r, ok := w.geometry(n)
	if !ok || textBoxElement(n) {
		return 0
	}
	return int(math.Round(r.width))
}

// clientWidth is the width of n's padding box (its border box without
// its borders; the estimate has no scroll bars), a table's border box;
// the viewport's for the root scroller; 0 for an inline box.
func (w *Window) clientWidth(n *dom.Node) int {
	if w.rootScroller(n) {
		vw, _ := w.viewportSize(n.Document()) // flowframe.go
		return int(vw)
	}
	if svgTextBox(n) {
		return w.svgTextClient(n).width
	}
	b, r, ok := w.geometry(n)
	if !ok || w.inlineBox(n) || svgGraphic(n) {
		return 0
	}
	borders := float64(b.borderX)
	if f := w.flowOf(n.Document()); f != nil {
		e := f.hEdgesOf(n)
		borders = e.borL + e.borR
		if f.tableWrapper(n) {
			// Chromium 156 counts a table's borders (a collapsing
			// table's, halves of its edge cells' too) in its client
			// width: jsx-dom's `<table border=1>`, 97.84px wide, reads
			// 98, not 96
			borders = 0
		}
	}
	return max(int(math.Round(r.width-borders)), 0)
}

// scrollWidth is the width of n's content with its paddings, at least
// its clientWidth: the page's for the root scroller.
func (w *Window) scrollWidth(n *dom.Node) int {
	return w.scrollWidthWith(n, nil)
}

// overflowOnce holds the positionedOverflow of one box for the reads of
// its scroll width and height together (maxElementScroll): each is a walk
// of the box's subtree, and nothing changes between the two reads.
type overflowOnce struct {
	o     overflowReach
	known bool
}

// overflowOf is n's positionedOverflow, taken from once when it holds it
// (once may be nil), else from what its estimate kept since it last
// forgot anything (flowLayout.overflows).
func (w *Window) overflowOf(n *dom.Node, viewport bool, once *overflowOnce) overflowReach {
	if once != nil && once.known {
		return once.o
	}
	o := w.keptOverflow(n, viewport)
	if once != nil {
		once.o, once.known = o, true
	}
	return o
}

// keptOverflow is n's positionedOverflow, kept in its estimate until the
// estimate forgets anything: nothing it depends on (the boxes of n's
// subtree, their styles and containing blocks, n's place) changes without
// a mutation, a change of the sheets or fonts, or an animation's step,
// all of which go through forget, dropSubtree or dirtyPath. The scroll
// offsets do not count (scrollable overflow is the boxes' layout).
// Nothing is kept while a layout is under way (a read from inside it).
func (w *Window) keptOverflow(n *dom.Node, viewport bool) overflowReach {
	f := w.flowOf(n.Document())
	if f == nil {
		return overflowReach{}
	}
	k := overflowKey{n, viewport}
	if o, ok := f.overflows[k]; ok {
		return o
	}
	o := w.positionedOverflow(n, viewport)
	if f.depth == 0 && n.IsConnected() {
		if f.overflows == nil {
			f.overflows = map[overflowKey]overflowReach{}
		}
		f.overflows[k] = o
	}
	return o
}

// scrollWidthWith is scrollWidth with n's overflow kept in once.
func (w *Window) scrollWidthWith(n *dom.Node, once *overflowOnce) int {
	if w.rootScroller(n) {
		vw, _ := w.viewportSize(n.Document())
		root := n.Document().DocumentElement()
		if root == nil {
			return int(vw)
		}
		_, r, ok := w.geometry(root)
		f := w.geoOf(root.Document())
		if !ok || f == nil {
			return int(vw)
		}
		f.contentHeight(root)
		o := w.overflowOf(root, true, once)
		rb := f.box(root)
		reach := max(r.left+max(rb.extent, rb.bext), o.right, vw)
		if left := min(r.left+rb.lext, o.left); left < 0 {
			if nx, _ := w.negativeScroll(root); nx {
				// a right-to-left page scrolls to what overflows at the left
				reach -= left
			}
		}
		return int(math.Round(reach))
	}
	client := w.clientWidth(n)
	if svgTextBox(n) {
		return max(client, w.svgTextClient(n).scrollWidth)
	}
	if client == 0 && (w.inlineBox(n) || svgGraphic(n)) {
		return 0
	}
	if !w.boxOf(n).rendered {
		return client
	}
	if _, ok := w.flowRect(n); !ok {
		return client
	}
	f := w.geoOf(n.Document())
	if f.replaced(n) && !(n.DataAtom == atom.Button && n.Namespace == "") {
		// what its positioned ::before and ::after boxes reach
		// (generatesPseudo: a checkbox's), its content box's alone
		// otherwise; a button is laid out as a block container below
		right := w.overflowOf(n, false, once).right
		switch n.DataAtom {
		case atom.Select:
			if selectListBox(n) {
				sw, _ := f.listBoxScroll(n)
				right = max(right, sw)
			}
		case atom.Input:
			// a push button's label and a file input's button and text
			// overflow its content box from the padding at their start
			// (a centred label too, or with overflow: hidden), not with
			// the padding at the end: "a very long value that
			// overflows" in an 80px button scrolls 193, 6px and 186.7
			e := f.hEdgesOf(n)
			start := e.padL
			if f.lineAlignOf(n).rtlFlow() {
				start = e.padR
			}
			switch t := ascii.Lower(strings.TrimSpace(n.Attribute("type"))); t {
			case "submit", "reset", "button":
				lw, _, _ := f.pushButtonText(n, -1)
				right = max(right, start+lw)
			case "file":
				right = max(right, start+fileInputContent(f.font(n)))
			default:
				right = max(right, f.editorScrollWidth(n, e))
			}
		case atom.Textarea:
			right = max(right, f.textareaScrollWidth(n))
		}
		return max(client, int(math.Round(right)))
	}
	if f.inModes(n) {
		sw, _ := f.scrollSizeInModes(n) // flowvertical.go
		return max(client, int(math.Round(sw)))
	}
	f.contentHeight(n)
	e := f.hEdgesOf(n)
	o := w.overflowOf(n, false, once)
	b := f.box(n)
	if f.collapsingTable(n) == n {
		// a collapsing table's client width is its border box's
		// (clientWidth), its scroll width the border box less the half
		// border at its left: Chromium 156 reads 97 for a table 100.5px
		// wide with 7px and 3px borders at its sides, 101 wide to its
		// client
		client = int(math.Round(b.bw - e.borL))
	} else if f.tableWrapper(n) {
		// a separated table's its padding box's, less than its client
		// width
		client = int(math.Round(b.bw - e.borL - e.borR))
	}
	// The padding at the end counts past the lines and the margin boxes
	// of the children of a scroll container only, not past the border
	// boxes of its block children: a row pulled 10px past each side of
	// a box with 10px of padding (Milligram's and Spectre's rows,
	// Rebass's Flex mx={-2}) overflows neither, a row 500px wide in a
	// box 400px wide overflows a visible box by its width alone.
	// https://drafts.csswg.org/css-overflow-3/#scrollable
	reach := max(b.extent, f.unmovedBext(n, b)) + e.padL
	if w.clipsOverflow(n) {
		reach = max(b.extent+e.padL+e.padR, b.mext+e.padL+e.padR, b.bext+e.padL)
	}
	reach = max(reach, o.right)
	if f.tableWrapper(n) {
		reach = max(reach, f.captionsRight(n, e))
	}
	lext := b.lext // from the content box's left
	if !w.clipsOverflow(n) {
		// the padding at the end counts for a scroll container only,
		// as at the right: a right-to-left box 80px wide with 6px
		// paddings holding a line 150px wide scrolls 156, not 162
		lext += e.padL
	}
	if left := min(lext, o.left); left < 0 || reach > b.bw-e.borL-e.borR {
		if nx, _ := w.negativeScroll(n); nx {
			// the origin of its scrolling area is at the right (a
			// right-to-left box, a row-reverse flex scroller): it
			// scrolls to what overflows at its left (its content with
			// the padding at its end in a scroll container), what
			// overflows at its right is out of reach
			reach = b.bw - e.borL - e.borR - min(left, 0)
		}
	}
	return max(client, int(math.Round(reach)))
}

// captionsRight is how far right of the padding box's left of table,
// whose horizontal edges are e, its captions' border boxes reach: a
// caption lies outside the table's borders, as wide as its border box
// by default, so it overflows the padding box by the right border, as
// in Chromium (a table 300px wide with 5px borders and a caption
// scrolls 295, without one 290).
func (f *flowLayout) captionsRight(table *dom.Node, e *hEdges) (right float64) {
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) || f.display(c) != "table-caption" {
			continue
		}
		if cb := f.box(c); cb.widthSet {
			right = max(right, e.padL+cb.x+cb.bw)
		}
	}
	return right
}

// unmovedBext is how far right of n's content box's left the border
// boxes of its block children reach (b, n's box: its bext) leaving out
// those moved by relative offsets or transforms, which overflow a box
// that is not a scroll container where they are moved to
// (positionedOverflow): Alertify's notifier, 0px wide, holds messages
// 292px wide moved 290px left by `right: 290px`, and scrolls 2. A border
// box of no area adds nothing either, as Chromium unites no empty rect
// (an empty div 100px wide in a 10px one scrolls 10; the margin box
// counts for a scroll container, mext).
func (f *flowLayout) unmovedBext(n *dom.Node, b *flowBox) float64 {
	if b.bext <= 0 || b.align.rtlFlow() || b.widthSet && b.bext <= b.bw-f.hEdgesOfBox(n, b).inner()+0.5 {
		return b.bext
	}
	leftOut, bext := false, 0.0
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() {
			continue
		}
		cb := f.boxes[c]
		if cb == nil || !cb.placed || cb.float || f.inlineLevelBox(c, cb) {
			continue
		}
		switch p := f.posOfBox(c, cb); {
		case p == "absolute" || p == "fixed":
			continue
		case p == "relative" && f.hasOffset(c), f.transformed(c), f.emptyBox(c, cb):
			leftOut = true
			continue
		}
		bext = max(bext, cb.x+cb.bw)
	}
	if !leftOut {
		return b.bext
	}
	return bext
}

// listBoxScroll is the size of the scrolling area of n, a list box
// select: the text of its options and group labels, which may overflow
// their rows at the right (neither the rows' paddings nor n's count
// past it), the rows' border boxes (optionRowReach), and the rows
// stacked in n's paddings. Selectr's hidden
// select, 1px square, holds three options of 17px and scrolls 78×51 in
// Chromium.
func (f *flowLayout) listBoxScroll(n *dom.Node) (float64, float64) {
	// a row's border box overflows with n's right padding after it, its
	// text without
	reach, w, padR := 0.0, f.width(n), f.hEdgesOf(n).padR
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || c.Namespace != "" || f.skipped(c) {
			continue
		}
		switch c.DataAtom {
		case atom.Option:
			reach = max(reach, f.optionReach(c), f.optionRowReach(c, w)+padR)
		case atom.Optgroup:
			e := f.hEdgesOf(c)
			gw := max(w-e.marL-e.marR, 0) - e.inner()
			r := f.groupLabelReach(c)
			for o := f.w.flatFirst(c); o != nil; o = f.w.flatNext(o) {
				if o.DataAtom == atom.Option && o.Namespace == "" && !f.skipped(o) {
					r = max(r, f.optionReach(o), f.optionRowReach(o, max(gw, 0))+padR)
				}
			}
			reach = max(reach, e.marL+e.borL+e.padL+r)
		}
	}
	f.depth++
	content := f.layout(n)
	f.depth--
	return f.hEdgesOf(n).padL + reach, f.edgeOf(n, 2) + content + f.edgeOf(n, 3)
}

// tableWrapper tells whether n is a table box (table, inline-table),
// whose client size is its border box's (clientWidth).
func (f *flowLayout) tableWrapper(n *dom.Node) bool {
	switch f.display(n) {
	case "table", "inline-table":
		return true
	}
	return false
}

// clientHeight is the height of n's padding box (its border box without
// its borders; the estimate has no scroll bars), a table's border box;
// the viewport's for the root scroller; 0 for an inline box.
func (w *Window) clientHeight(n *dom.Node) int {
	if w.rootScroller(n) {
		_, vh := w.viewportSize(n.Document())
		return int(vh)
	}
	if svgTextBox(n) {
		return w.svgTextClient(n).height
	}
	_, r, ok := w.geometry(n)
	if !ok || w.inlineBox(n) || svgGraphic(n) {
		return 0
	}
	borders := float64(w.boxOf(n).borderY)
	if f := w.flowOf(n.Document()); f != nil {
		borders = f.edgeOf(n, 4) + f.edgeOf(n, 5)
		if f.tableWrapper(n) {
			borders = 0 // as in clientWidth
		}
	}
	return max(int(math.Round(r.height-borders)), 0)
}

// clientEdge is clientTop (the width of n's top border) or clientLeft (its
// left border's); 0 for an inline box or an element with no box.
// https://drafts.csswg.org/cssom-view/#dom-element-clienttop
func (w *Window) clientEdge(n *dom.Node, left bool) int {
	if svgTextBox(n) {
		c := w.svgTextClient(n)
		if left {
			return c.left
		}
		return c.top
	}
	if !n.IsElement() || !w.boxOf(n).rendered || w.inlineBox(n) || svgGraphic(n) {
		return 0
	}
	f := w.flowOf(n.Document())
	if f == nil {
		return 0
	}
	// rounded: a collapsing table's cell holds half a border (3px
	// between cells is 1.5px, clientLeft 2)
	if left {
		return int(math.Round(f.hEdgesOf(n).borL))
	}
	return int(math.Round(f.edgeOf(n, 4)))
}

// svgGraphic tells whether n is an element of an <svg> other than a
// nested document's root (a foreignObject or an outer svg): SVG lays
// it out, it has no CSS box, and its client and scroll sizes are 0
// whatever its display (ZingChart's `display: block` groups).
// https://drafts.csswg.org/cssom-view/#dom-element-clientwidth
func svgGraphic(n *dom.Node) bool {
	return n.Namespace == "svg" && n.Data != "foreignObject" && !outerSVG(n)
}

// inlineBox tells whether n is a non-replaced inline box.
func (w *Window) inlineBox(n *dom.Node) bool {
	f := w.flowOf(n.Document())
	if f == nil {
		return false
	}
	return f.inlineLevel(n)
}

// scrollHeight is the height of n's content, at least its clientHeight:
// the page's for the root scroller.
func (w *Window) scrollHeight(n *dom.Node) int {
	return w.scrollHeightWith(n, nil)
}

// scrollHeightWith is scrollHeight with n's overflow kept in once.
func (w *Window) scrollHeightWith(n *dom.Node, once *overflowOnce) int {
	if w.rootScroller(n) {
		_, vh := w.viewportSize(n.Document())
		root := n.Document().DocumentElement()
		if root == nil {
			return int(vh)
		}
		_, r, ok := w.geometry(root)
		if !ok {
			return int(vh)
		}
		bottom := w.overflowOf(root, true, once).bottom
		return max(int(vh), int(math.Round(max(r.height, bottom))))
	}
	client := w.clientHeight(n)
	if svgTextBox(n) {
		return max(client, w.svgTextClient(n).scrollHeight)
	}
	if client == 0 && (w.inlineBox(n) || svgGraphic(n)) {
		return 0
	}
	if !w.boxOf(n).rendered {
		return client
	}
	if _, _, ok := w.flowPlace(n); !ok {
		return client
	}
	f := w.geoOf(n.Document())
	if n.DataAtom == atom.Select && n.Namespace == "" && selectListBox(n) {
		_, sh := f.listBoxScroll(n)
		return max(client, int(math.Round(max(sh, w.overflowOf(n, false, once).bottom))))
	}
	if !f.replaced(n) && f.inModes(n) {
		_, sh := f.scrollSizeInModes(n) // flowvertical.go
		return max(client, int(math.Round(sh)))
	}
	content := f.contentHeight(n)
	if f.collapsingTable(n) == n {
		// as for its scroll width: its border box less the half
		// border at its top (a table 28px tall with 3px borders
		// scrolls 27)
		_, r, _ := w.geometry(n)
		client = int(math.Round(r.height - f.edgeOf(n, 4)))
		content = min(content, r.height-f.edgeOf(n, 4))
	} else if f.tableWrapper(n) {
		_, r, _ := w.geometry(n)
		client = int(math.Round(r.height - f.edgeOf(n, 4) - f.edgeOf(n, 5)))
	}
	if !w.scrollsOverflow(n) && !strings.Contains(f.display(n), "table") {
		// not a scroll container: its content reaches down to the
		// border boxes and lines it holds, not past the margin after
		// them or its own padding at the bottom, which count for a
		// scroll container only (Tachyons' `h4` card, 128px tall
		// around 117px of headings, a paragraph and a pill, scrolls 133
		// in Chromium, not 146)
		// https://drafts.csswg.org/css-overflow-3/#scrollable
		content = min(content, f.edgeOf(n, 2)+f.borderBoxesBottom(n))
	}
	content = max(content, f.edgeOf(n, 2)+f.childBoxesBottom(n, 0))
	if n.DataAtom == atom.Button && n.Namespace == "" {
		// the lines a button holds overflow its content box at the
		// bottom (its content is centered safely): an inline 33px svg
		// on a line of 13.33px text makes Trumbowyg's line 36px in a
		// 33px content box, a scrollHeight of 37 (38 with the padding
		// at the bottom of a scroll container); an empty button has
		// no line (Alertify's 0×0 reset buttons scroll to their
		// padding box), nor has a flex or grid one
		if d := f.display(n); d != "flex" && d != "grid" && d != "inline-flex" && d != "inline-grid" && f.buttonContent(n) {
			f.layout(n)
			reach := f.edgeOf(n, 2) + f.borderBoxesBottom(n)
			if w.scrollsOverflow(n) {
				reach += f.edgeOf(n, 3)
			}
			content = max(content, reach)
		}
	} else if pushButton(n) {
		// an input's line taller than its content box likewise:
		// Milligram's 3.8rem submit input, 38px tall with its
		// borders, with a line-height of 3.8rem reads 38, its padding
		// at the top counted, at the bottom not
		content = max(content, f.edgeOf(n, 2)+f.lineHeight(n))
		if _, lines, ok := f.pushButtonText(n, -1); ok && lines > 1 {
			// its wrapped label's lines (three of 15px in a 30px
			// button: 46)
			content = max(content, f.edgeOf(n, 2)+float64(lines)*f.pushButtonLine(n))
		}
	}
	if n.Namespace == "" && n.Data == "textarea" {
		// its text's lines, one at least (empty, its caret's): a
		// textarea 2px tall (pqgrid's focus catcher) scrolls to its
		// paddings and a line, 19px for the UA's
		e := f.hEdgesOf(n)
		lines := f.textareaLines(n, float64(w.clientWidth(n))-e.padL-e.padR)
		content = max(content, f.edgeOf(n, 2)+float64(lines)*f.lineHeight(n)+f.edgeOf(n, 3))
	}
	if fr := f.box(n).flt; fr != nil {
		// the floats of its content, which n (no formatting context)
		// does not grow to hold, overflow it by their border boxes:
		// dat.gui's rows, 0px tall around floated labels and
		// controls, scroll 27px
		// https://drafts.csswg.org/css-overflow-3/#scrollable
		for _, fb := range fr.out {
			content = max(content, f.edgeOf(n, 2)+fb.bott-float64(fb.mb))
		}
	}
	content = max(content, f.glyphsBelow(n))
	bottom := w.overflowOf(n, false, once).bottom
	if up, ok := w.overflowUp(n, f); ok {
		// the origin of its scrolling area is at the bottom: it scrolls
		// to what overflows at its top (with the padding at its end),
		// what overflows at its bottom is out of reach
		_, r, _ := w.geometry(n)
		return max(client, int(math.Round(r.height-f.edgeOf(n, 4)-f.edgeOf(n, 5)+up)))
	}
	return max(client, int(math.Round(max(content, bottom))))
}

// overflowUp is how far the flex items of n, a flex scroll container
// whose scrolling area has its origin at the bottom (flexScrollOrigin: a
// column-reverse column, a row whose lines wrap in reverse), reach above
// the top of its content box by their margin boxes; ok is false for any
// other box.
func (w *Window) overflowUp(n *dom.Node, f *flowLayout) (float64, bool) {
	switch f.display(n) {
	case "flex", "inline-flex":
	default:
		return 0, false
	}
	if !w.scrollsOverflow(n) {
		return 0, false
	}
	if _, ny := w.negativeScroll(n); !ny {
		return 0, false
	}
	return f.itemsBefore(n), true
}

// itemsBefore is how far the flex items of n reach before the start of
// its content box along its block axis by their margin boxes (0 or
// more).
func (f *flowLayout) itemsBefore(n *dom.Node) float64 {
	w := f.w
	up := 0.0
	for c := w.flatFirst(n); c != nil; c = w.flatNext(c) {
		if !c.IsElement() {
			continue
		}
		b := f.boxes[c]
		if b == nil || !b.placed || f.skippedBox(c, b) {
			continue
		}
		if p := f.posOfBox(c, b); p == "absolute" || p == "fixed" {
			continue
		}
		up = max(up, f.edgeOfBox(c, b, 0)-b.offset)
	}
	return up
}

// glyphsBelow is how far below the top of n's padding box the text of its
// last line reaches: its baseline and its font's descent. A line-height
// smaller than the font's ascent and descent (line-height: 1 in Arial, a
// 10px line of 16px text) leaves the glyphs hanging below the line box,
// and Chromium counts a text fragment's whole height in the scrollable
// overflow (a 10px-tall div of 16px text scrolls 13px). 0 for a box whose
// last baseline is not its lines' (flex, grid and table boxes, replaced
// elements and form controls) or whose last line is not its own (a
// child block's, whose glyphs are its own: childBoxesBottom) or holds no
// text.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (f *flowLayout) glyphsBelow(n *dom.Node) float64 {
	if f.replaced(n) {
		return 0
	}
	switch f.display(n) {
	case "block", "flow-root", "inline-block", "list-item", "table-cell", "table-caption":
	case "inline":
		// blockified: a flex or grid item, a float, an absolutely
		// positioned box (easy-pie-chart's label, `font: bold 22px/1
		// Arial` at position: absolute, scrolls 23px)
		if f.inlineLevel(n) {
			return 0
		}
	default:
		return 0
	}
	nb := f.box(n)
	if !nb.hasBase || !nb.lastText {
		return 0 // a line of images and controls alone has no glyphs
	}
	return nb.baseline - f.edgeOfBox(n, nb, 4) + f.font(n).descent()
}

// textareaLines is the number of lines textarea n's value takes in a
// content box width px wide: its line feeds' lines, each wrapped at its
// spaces (which hang at a line's end) and the break opportunities inside
// a word (wordBreaks: Trumbowyg's HTML source, `exist.</p><ul><li>…`,
// takes 3 lines of 310px where breaking at spaces alone took 2), and a
// piece wider than the box between its characters (the UA's
// overflow-wrap: break-word), unless wrap="off" or the white-space of n
// does not wrap (white-space: pre or nowrap, text-wrap-mode: nowrap).
// The lines its text-indent indents start there (a negative one, as
// jquery.terminal's clipboard textarea's -9999em, leaves its first line
// all the room it needs: 6 lines of 15px became one).
func (f *flowLayout) textareaLines(n *dom.Node, width float64) int {
	wraps := !ascii.EqualFold(n.Attribute("wrap"), "off")
	if nowrap, _ := f.whiteSpace(n); nowrap {
		wraps = false
	}
	font := f.font(n)
	lines := 0
	// where its first line, and any other, starts (each-line indents no
	// line after a line feed of a textarea's value in Chromium)
	first, soft := 0.0, 0.0
	if wraps {
		var hanging bool
		if first, hanging, _ = f.lineIndents(n, width); hanging {
			first, soft = 0, first
		}
	}
	var breaks []int
	for hard := range strings.SplitSeq(n.Value(), "\n") {
		lines++
		if !wraps || width <= 0 {
			continue
		}
		x, filled := soft, false
		if lines == 1 {
			x = first
		}
		for hard != "" {
			i := strings.IndexByte(hard, ' ')
			for i >= 0 && i+1 < len(hard) && hard[i+1] == ' ' {
				i++
			}
			word := hard
			if i >= 0 {
				word, hard = hard[:i+1], hard[i+1:]
			} else {
				hard = ""
			}
			ink := strings.TrimRight(word, " ")
			breaks = wordBreaks(ink, 0, breaks[:0])
			eachPiece(ink, breaks, font, func(_, _ int, piece string, a float64) {
				if filled && x+a > width+0.01 {
					lines, x, filled = lines+1, soft, false
				}
				if filled || x+a <= width+0.01 {
					x, filled = x+a, true
					return
				}
				for _, r := range piece {
					a := font.advance(string(r))
					if filled && x+a > width+0.01 {
						lines, x = lines+1, soft
					}
					x, filled = x+a, true
				}
			})
			if sp := font.advance(word[len(ink):]); sp > 0 {
				x, filled = x+sp, true
			}
		}
	}
	return max(lines, 1)
}

// editorScrollWidth is the scroll width of n, an input whose horizontal
// edges are e, when its text is edited in an inner editor that scrolls
// (text, url, tel, email, password and number; 0 for any other type):
// Chromium scrolls the editor's one line, its value (a password's
// bullets) after a positive text-indent (a negative one takes nothing
// off), and reports it with what lies beside the editor in the input's
// padding box, the paddings and a number input's 15px spin button
// (however narrow the box: a 10px number input with 3px and 6px
// paddings holding 67.4px of digits scrolls 86). 1,000 x's in a
// 173px-wide text input scroll 6668, where the input had no overflow.
// A search input's editor leaves room for its cancel button
// (searchCancelRoom) beside it: 50 x's in a 100px search input (its
// border box: the UA's box-sizing is border-box) scroll 350, 13px more
// than in a text input's editor as wide.
func (f *flowLayout) editorScrollWidth(n *dom.Node, e *hEdges) float64 {
	if !editorScrolls(n) {
		return 0
	}
	t := n.InputType()
	v := n.Value()
	if v == "" {
		return 0
	}
	if t == "password" {
		v = strings.Repeat("\u2022", utf8.RuneCountInString(v))
	}
	padding := f.borderWidth(n) - e.borL - e.borR // its padding box
	content := max(padding-e.padL-e.padR, 0)
	line := layoutUnitCeil(f.font(n).advance(v))
	if x, _, _ := f.lineIndents(n, content); x > 0 {
		line += x
	}
	editor := content
	switch t {
	case "number":
		editor = max(editor-15, 0)
	case "search":
		editor = max(editor-f.searchCancelRoom(n, content), 0)
	}
	return line + padding - editor
}

// searchCancelWidth is the width of a search input's themed cancel
// button in a font of size px, as Chromium 156 scales it (9px at its 13px
// default font size, 5px to 21px, rounded); with the UA's margins beside
// it (4px) the room it takes measured 10, 13, 18 and 25 at 8, 13.33, 20
// and 40px.
func searchCancelWidth(px float64) float64 {
	return math.Round(min(max(9*px/13, 5), 21))
}

// searchCancelRoom is the room search input n's cancel button takes
// beside its editor, whose container is content px wide, as the page's
// ::-webkit-search-cancel-button rules size it (measured in Chromium
// 156, 50 x's in a 200px search input, cancel90-search-cancel-button.html):
// none when it is hidden (display: none scrolls 337, as a text input);
// else its margins, the UA's 1px before it and 3px after unless the page
// sets them (margin: 0 scrolls 346, margin-left: 7px 356), and its theme's
// width (searchCancelWidth) whatever width the page gives, or with
// appearance: none its own box: width, paddings and borders (341 with
// none of them; width: 12px 353). Lengths are px, em (of n's font, which
// the button inherits) and percentages of content.
func (f *flowLayout) searchCancelRoom(n *dom.Node, content float64) float64 {
	ref := pseudoRef{n, "-webkit-search-cancel-button"}
	cascaded := func(prop string) (string, bool) {
		v, ok := f.w.cascadedPseudo(ref, prop)
		return ascii.Lower(strings.TrimSpace(v)), ok
	}
	size := f.font(n).size
	px := func(prop string, initial float64) float64 {
		v, ok := cascaded(prop)
		if !ok {
			return initial
		}
		x, unit, ok := splitNumber(v)
		if !ok {
			return initial
		}
		switch unit {
		case "px":
		case "em":
			x *= size
		case "%":
			x = x * content / 100
		case "":
			if x != 0 {
				return initial
			}
		default:
			return initial
		}
		return x
	}
	if v, _ := cascaded("display"); v == "none" {
		return 0
	}
	room := px("margin-left", 1) + px("margin-right", 3)
	a, ok := cascaded("appearance")
	if !ok {
		a, _ = cascaded("-webkit-appearance")
	}
	if a != "none" {
		return room + searchCancelWidth(size)
	}
	box := max(px("width", 0), 0) + max(px("padding-left", 0), 0) + max(px("padding-right", 0), 0)
	for _, side := range [...]string{"left", "right"} {
		if st, _ := cascaded("border-" + side + "-style"); st != "" && st != "none" && st != "hidden" {
			box += max(px("border-"+side+"-width", 3), 0) // medium
		}
	}
	return room + box
}

// textareaScrollWidth is how far right of textarea n's padding box's
// start its lines reach when they do not wrap (wrap="off", white-space:
// pre or nowrap; 0 when they wrap): the padding at its start, its
// widest line (the first after its text-indent, a negative one too), and
// not the padding at its end, as Chromium has it (`echo hi` in 13.33px
// monospace in a 16px textarea scrolls 56).
func (f *flowLayout) textareaScrollWidth(n *dom.Node) float64 {
	if nowrap, _ := f.whiteSpace(n); !nowrap && !ascii.EqualFold(n.Attribute("wrap"), "off") {
		return 0
	}
	e := f.hEdgesOf(n)
	start := e.padL
	if f.lineAlignOf(n).rtlFlow() {
		start = e.padR
	}
	font := f.font(n)
	content := max(f.borderWidth(n)-e.inner(), 0)
	x, _, _ := f.lineIndents(n, content)
	widest := 0.0
	for line := range strings.SplitSeq(n.Value(), "\n") {
		widest = max(widest, x+layoutUnitCeil(font.advance(line)))
		x = 0
	}
	return start + widest
}

// pushButton tells whether n is a button element or an input drawn as
// one (submit, reset, button).
func pushButton(n *dom.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Button:
		return true
	case atom.Input:
		switch ascii.Lower(strings.TrimSpace(n.Attribute("type"))) {
		case "submit", "reset", "button":
			return true
		}
	}
	return false
}

// contentHeight is the height of what n holds with its paddings, whether
// or not n has a height of its own.
func (f *flowLayout) contentHeight(n *dom.Node) float64 {
	if f.replaced(n) {
		return f.height(n) - f.edgeOf(n, 4) - f.edgeOf(n, 5) // its padding box
	}
	f.depth++
	h := f.layout(n) + f.edgeOf(n, 2) + f.edgeOf(n, 3)
	f.depth--
	return h
}

// usedSize is getComputedStyle's width or height of el when the property
// applies to its box: the used size from the estimate, in box-sizing's
// terms (the content box, or the border box under border-box), in CSS
// pixels snapped to Chromium's 1/64 px layout unit. ok is false when the
// resolved value is the computed one: an element with no box (display
// none or contents), a non-replaced inline box (width and height do not
// apply), an element of an <svg> or of another document.
// https://drafts.csswg.org/cssom/#resolved-values
func (w *Window) usedSize(el *dom.Node, height bool) (string, bool) {
	if !w.hasFlow(el.Document()) || el.Namespace != "" && !replacedElement(el) || !w.sizeApplies(el) {
		return "", false
	}
	_, r, ok := w.geometry(el)
	f := w.geoOf(el.Document())
	if !ok || f == nil {
		return "", false
	}
	size := r.width
	if height {
		size = r.height
	}
	if !f.borderBoxSizing(el) {
		if height {
			size -= f.edgeOf(el, 2) + f.edgeOf(el, 3) + f.edgeOf(el, 4) + f.edgeOf(el, 5)
		} else {
			size -= f.hEdgesOf(el).inner()
		}
	}
	return cssvalue.FormatComputed(math.Round(max(size, 0)*64)/64) + "px", true
}

// flowRoom is what el, a block in normal flow, leaves of the width of
// the content box of p, its parent, as laid out (both widths from the
// flow estimate); ok is false without a layout.
func (w *Window) flowRoom(el, p *dom.Node) (float64, bool) {
	if p == nil || p.Namespace != "" || !w.hasFlow(el.Document()) {
		return 0, false
	}
	_, r, ok := w.geometry(el)
	_, pr, pok := w.geometry(p)
	f := w.geoOf(el.Document())
	if !ok || !pok || f == nil {
		return 0, false
	}
	return pr.width - f.hEdgesOf(p).inner() - r.width, true
}

// usedInset is the used value of the inset prop (top, right, bottom or
// left) of el, an absolutely positioned or fixed box, as laid out: the
// distance from the padding box of its containing block (the viewport's
// when no box holds it) to its margin box, in Chromium's layout unit.
// ok is false when there is no layout, or the containing block is an
// inline box.
// https://drafts.csswg.org/cssom/#resolved-value-special-case-property-like-top
func (w *Window) usedInset(el *dom.Node, prop string) (string, bool) {
	if !w.hasFlow(el.Document()) || el.Namespace != "" {
		return "", false
	}
	f, r, c, ok := w.positionedFrame(el)
	if !ok {
		return "", false
	}
	e := f.hEdgesOf(el)
	var x float64
	switch prop {
	case "top":
		x = r.top - f.edgeOf(el, 0) - c.top
	case "left":
		x = r.left - e.marL - c.left
	case "bottom":
		x = c.top + c.height - (r.top + r.height + f.edgeOf(el, 1))
	case "right":
		x = c.left + c.width - (r.left + r.width + e.marR)
	default:
		return "", false
	}
	return cssvalue.FormatComputed(math.Round(x*64)/64) + "px", true
}

// positionedFrame is the border box r of el, an absolutely positioned or
// fixed box, as laid out, and the padding box c of its containing block
// (the viewport's when no box holds it). ok is false when there is no
// layout, or the containing block is an inline box.
func (w *Window) positionedFrame(el *dom.Node) (f *flowLayout, r, c flowBounds, ok bool) {
	_, r, ok = w.geometry(el)
	f = w.geoOf(el.Document())
	if !ok || f == nil {
		return nil, r, c, false
	}
	var cb *dom.Node
	if f.pos(el) == "fixed" {
		cb = f.fixedContainingBlock(el) // flowforeign.go
	} else {
		cb = f.containingBlock(el) // flowheight.go
	}
	vw, vh := w.viewportSize(el.Document())
	c = flowBounds{width: vw, height: vh}
	if cb != nil {
		if cb.Namespace != "" || f.inlineLevel(cb) && !f.atomic(cb) {
			return nil, r, c, false
		}
		_, cr, ok := w.geometry(cb)
		if !ok {
			return nil, r, c, false
		}
		e := f.hEdgesOf(cb)
		top, bottom := f.edgeOf(cb, 4), f.edgeOf(cb, 5)
		c = flowBounds{left: cr.left + e.borL, top: cr.top + top, width: cr.width - e.borL - e.borR, height: cr.height - top - bottom}
	}
	return f, r, c, true
}

// usedAutoMargin is the used value of prop, an auto margin of el, an
// absolutely positioned or fixed box, as laid out: 0 unless both insets
// of its axis are set, when the auto margins take the room the box and
// the insets leave (a dialog's margin: auto centers it between left: 0
// and right: 0, and getComputedStyle reads the margins as px).
// https://drafts.csswg.org/css-position/#abspos-auto-size
func (w *Window) usedAutoMargin(el *dom.Node, prop string) (string, bool) {
	start, end := "left", "right"
	if prop == "margin-top" || prop == "margin-bottom" {
		start, end = "top", "bottom"
	}
	side := start
	if prop == "margin-right" || prop == "margin-bottom" {
		side = end
	}
	var inset float64
	for _, p := range [2]string{start, end} {
		v, ok := w.cascaded(el, p)
		if !ok || strings.TrimSpace(v) == "auto" || cssWideKeywords[v] {
			return "0px", true
		}
		if p == side {
			inset, ok = w.insetPx(el, p, v)
			if !ok {
				return "", false
			}
		}
	}
	if !w.hasFlow(el.Document()) || el.Namespace != "" {
		return "", false
	}
	_, r, c, ok := w.positionedFrame(el)
	if !ok {
		return "", false
	}
	var x float64
	switch prop {
	case "margin-left":
		x = r.left - c.left - inset
	case "margin-right":
		x = c.left + c.width - inset - (r.left + r.width)
	case "margin-top":
		x = r.top - c.top - inset
	default:
		x = c.top + c.height - inset - (r.top + r.height)
	}
	return cssvalue.FormatComputed(math.Round(x*64)/64) + "px", true
}

// insetPx is the inset prop of el, declared as v, in px: a percentage
// of its containing block's width (left, right) or height.
func (w *Window) insetPx(el *dom.Node, prop, v string) (float64, bool) {
	c := w.computeSpecified(el, prop, v)
	if strings.Contains(c, "%") {
		_, _, cb, ok := w.positionedFrame(el)
		if !ok {
			return 0, false
		}
		basis := cb.width
		if prop == "top" || prop == "bottom" {
			basis = cb.height
		}
		if c, ok = w.percentOf(el, c, basis); !ok {
			return 0, false
		}
	}
	x, err := strconv.ParseFloat(strings.TrimSuffix(c, "px"), 64)
	return x, err == nil && strings.HasSuffix(c, "px")
}

// contentHeight is the height of el's content box as laid out, when it
// has one.
func (w *Window) contentHeight(el *dom.Node) (float64, bool) {
	if !w.hasFlow(el.Document()) || el.Namespace != "" {
		return 0, false
	}
	_, r, ok := w.geometry(el)
	f := w.geoOf(el.Document())
	if !ok || f == nil {
		return 0, false
	}
	return max(r.height-f.edgeOf(el, 2)-f.edgeOf(el, 3)-f.edgeOf(el, 4)-f.edgeOf(el, 5), 0), true
}

// sizeApplies tells whether width and height apply to el's box, if it has
// one: it is not display: contents, and not a non-replaced inline box (one
// blockified as a flex or grid item, a float or an absolutely positioned
// box is not inline).
func (w *Window) sizeApplies(el *dom.Node) bool {
	f := w.flowOf(el.Document())
	if f == nil {
		return false
	}
	switch f.display(el) {
	case "contents":
		return false
	case "inline", "ruby", "ruby-text":
		b := f.box(el)
		return !f.inlineLevelBox(el, b) || b.float || f.skippedBox(el, b)
	}
	return true
}

// pseudoUsedWidth is the used width of el, the stand-in of a ::before or
// ::after box whose computed width is v, when that box is block-level in
// the normal flow of a block container: a percentage or auto width is
// resolved against the content box of its containing block (the nearest
// block container at or above its element: display: contents has no box,
// an inline box contains no blocks), as a child block's is; an
// inline-block's percentage too (its auto width shrinks to a content no
// box is laid out for). Other pseudo-elements, and those in flex or grid
// containers, keep their computed width, and so does the height.
func (w *Window) pseudoUsedWidth(el *dom.Node, ref pseudoRef, v string) (string, bool) {
	if ref.pseudo != "before" && ref.pseudo != "after" || !w.hasFlow(ref.host.Document()) {
		return "", false
	}
	atomic := false // an inline-level box that sizes like a block
	switch d, _ := w.pseudoBoxOf(ref.host, ref.pseudo); d {
	case "block", "list-item", "flow-root", "flex", "grid", "table":
	case "inline-block", "inline-flex", "inline-grid", "inline-table":
		atomic = true
	default:
		return "", false
	}
	cb := ref.host
	for cb != nil && (w.display(cb) == "contents" || w.display(cb) == "inline") {
		cb = w.styleParent(cb)
	}
	if cb == nil {
		return "", false
	}
	switch w.display(cb) {
	case "block", "list-item", "flow-root", "inline-block", "table-cell":
	default:
		return "", false
	}
	_, r, ok := w.geometry(cb)
	if !ok {
		return "", false
	}
	avail := max(r.width-w.geoOf(cb.Document()).hEdgesOf(cb).inner(), 0)
	px := func(prop string) float64 {
		s, _ := w.computedValue(el, prop)
		if f, unit, ok := splitNumber(s); ok && unit == "px" {
			return f
		}
		return 0
	}
	var size float64
	switch f, unit, ok := splitNumber(v); {
	case ok && unit == "%":
		size = f / 100 * avail
	case ok && unit == "px":
		size = f
	case v == "auto" && !atomic: // an atomic inline shrinks to its content
		size = avail - px("margin-left") - px("margin-right")
		if bs, _ := w.computedValue(el, "box-sizing"); bs != "border-box" {
			size -= px("padding-left") + px("padding-right") + px("border-left-width") + px("border-right-width")
		}
	default:
		return "", false
	}
	return cssvalue.FormatComputed(math.Round(max(size, 0)*64)/64) + "px", true
}
