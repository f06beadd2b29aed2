package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"
)

// Scrolling: the viewport's scroll position (scrollX, scrollY) and the
// scroll offsets of the elements that scroll their overflow, moved by
// scroll/scrollTo/scrollBy, the scrollTop/scrollLeft setters,
// scrollIntoView and the scroll to a fragment's target, each clamped to
// what there is to scroll in the flow estimate (flowgeom.go). They shift
// getBoundingClientRect() and what IntersectionObserver sees, and fire a
// scroll event at the next animation frame (once per frame and target).
// Headless Chromium scrolls at once unless asked for a smooth scroll; a
// smooth scroll ends at the same place here, but gets there at once.
// https://drafts.csswg.org/cssom-view/#scrolling

// scrollState is the scroll positions of a page's document.
type scrollState struct {
	// doc is the document scrolled: another one (document.open) starts at
	// the top
	doc *dom.Document
	// x and y are the viewport's scroll position
	x, y float64
	// els are the scroll offsets (left, top) of elements scrolled away
	// from their start
	els map[*dom.Node]*[2]float64
	// due are the targets of the scroll events of the next frame (the
	// document for the viewport), in order
	due []dom.Target
}

// scrolledAny tells whether anything is scrolled.
func (s *scrollState) scrolledAny() bool { return s.x != 0 || s.y != 0 || len(s.els) > 0 }

// scrolls is the scroll state of the page's document.
func (w *Window) scrolls() *scrollState {
	s := &w.scroll
	if s.doc != w.doc {
		s.doc, s.x, s.y, s.els = w.doc, 0, 0, nil
	}
	return s
}

// viewportScroll is the viewport's scroll position, clamped to what the
// document now has to scroll (a page that got shorter scrolls back).
func (w *Window) viewportScroll() (x, y float64) {
	s := w.scrolls()
	if s.x == 0 && s.y == 0 {
		return 0, 0
	}
	mx, my := w.maxViewportScroll()
	nx, ny := w.negativeScroll(w.doc.DocumentElement())
	s.x, s.y = keepInRange(s.x, mx, nx), keepInRange(s.y, my, ny)
	return s.x, s.y
}

// keepInRange keeps a scroll offset in what there is now to scroll: [0,
// most], or [-most, 0] on an axis that scrolls toward negative offsets.
func keepInRange(v, most float64, neg bool) float64 {
	if neg {
		return min(max(v, -most), 0)
	}
	return max(min(v, most), 0)
}

// negativeScroll tells on which axes n's scroll offsets run from 0 toward
// negative values (https://drafts.csswg.org/cssom-view/#scrolling-area-origin):
// the scrolling area's origin is at the right when the block flow goes
// right to left (vertical-rl, sideways-rl) or a horizontal inline
// direction does (direction: rtl), at the bottom when a vertical inline
// direction goes upward (vertical-lr or vertical-rl with rtl, sideways-lr
// with ltr). The viewport's are the root element's, or its body child's
// when it has one (CSS Writing Modes' principal writing mode). A flex
// container's follow its axes (flexScrollOrigin).
func (w *Window) negativeScroll(n *dom.Node) (x, y bool) {
	if n == nil || !n.IsElement() {
		return false, false
	}
	root := w.rootScroller(n)
	n = w.scrollModeElement(n)
	wm, _ := w.computedValue(n, "writing-mode")
	dir, _ := w.computedValue(n, "direction")
	rtl := strings.TrimSpace(dir) == "rtl"
	// the inline axis runs against its physical direction (right to
	// left, bottom to top), the block axis does (right to left)
	inlineRev, blockRev, vertical := rtl, false, true
	switch strings.TrimSpace(wm) {
	case "vertical-rl", "sideways-rl", "tb-rl", "tb":
		blockRev = true
	case "vertical-lr":
	case "sideways-lr":
		inlineRev = !rtl
	default:
		vertical = false
	}
	if !root && w.scrollsOverflow(n) {
		inlineRev, blockRev = w.flexScrollOrigin(n, inlineRev, blockRev)
	}
	if vertical {
		return blockRev, inlineRev
	}
	return inlineRev, blockRev
}

// flexScrollOrigin is negativeScroll for n, a scroll container whose
// inline and block axes run against their physical directions when
// inlineRev and blockRev, when it is a flex container: Chromium puts
// the origin of its scrolling area at the start of its main and cross
// axes, at the right for a row-reverse row (a right-to-left row that is
// not reversed) and for a column whose lines wrap in reverse, at the
// bottom for a column-reverse column and a row whose lines wrap in
// reverse (in a vertical writing mode, at the bottom for a row-reverse
// row, at the left for a vertical-rl column-reverse column), so that
// what overflows past those starts is what scrolls. It tells whether
// the origin is at the end of the inline and the block axis.
func (w *Window) flexScrollOrigin(n *dom.Node, inlineRev, blockRev bool) (bool, bool) {
	switch d, _ := w.computedValue(n, "display"); strings.TrimSpace(d) {
	case "flex", "inline-flex":
	default:
		return inlineRev, blockRev
	}
	dir, _ := w.computedValue(n, "flex-direction")
	wrap, _ := w.computedValue(n, "flex-wrap")
	dir = strings.TrimSpace(dir)
	wrapRev := strings.TrimSpace(wrap) == "wrap-reverse"
	if strings.HasPrefix(dir, "column") {
		return inlineRev != wrapRev, blockRev != (dir == "column-reverse")
	}
	return inlineRev != (dir == "row-reverse"), blockRev != wrapRev
}

// scrollModeElement is the element whose writing mode and direction are
// n's scrolling box's: n, or for the root scroller the root element's
// body child, else the root element.
func (w *Window) scrollModeElement(n *dom.Node) *dom.Node {
	if w.rootScroller(n) {
		if r := n.Document().DocumentElement(); r != nil {
			n = r
			for c := r.FirstElementChild(); c != nil; c = c.NextElementSibling() {
				if c.IsHTML() && c.DataAtom == atom.Body {
					return c
				}
			}
		}
	}
	return n
}

// scrollAlign is the alignments scrollIntoView's block and inline ask for
// on the x and the y axis of n's scrolling box: block on y and inline on x
// in a horizontal writing mode, the reverse in a vertical one, start and
// end swapped on an axis whose scroll offsets run toward negative values
// (its start at the right or the bottom).
func (w *Window) scrollAlign(n *dom.Node, block, inline string) (x, y string) {
	nx, ny := w.negativeScroll(n)
	if n != nil && n.IsElement() && w.verticalMode(w.scrollModeElement(n)) {
		return inlineSide(block, nx), inlineSide(inline, ny)
	}
	return inlineSide(inline, nx), block
}

// maxViewportScroll is how far the viewport scrolls: the page's size less
// the viewport's. It is kept on the root's box until the document changes:
// the page's scrollable overflow is a walk of the whole document, and every
// rect of a scrolled page reads it (an intersection observer with hundreds
// of targets reads it for each).
func (w *Window) maxViewportScroll() (x, y float64) {
	root := w.doc.DocumentElement()
	if root == nil {
		return 0, 0
	}
	f := w.flow()
	if b := f.box(root); b.maxScrollKnown {
		return b.maxScroll[0], b.maxScroll[1]
	}
	var once overflowOnce
	x, y = float64(max(w.scrollWidthWith(root, &once)-w.cfg.Viewport.Width, 0)), float64(max(w.scrollHeightWith(root, &once)-w.cfg.Viewport.Height, 0))
	if b := f.box(root); b.laidOut && b.heightKnown {
		b.maxScroll, b.maxScrollKnown = [2]float64{x, y}, true
	}
	return x, y
}

// scrollViewportTo scrolls the viewport to (x, y), clamped, and fires
// scroll at the document at the next frame when it moved.
// https://drafts.csswg.org/cssom-view/#perform-a-scroll
func (w *Window) scrollViewportTo(x, y float64) {
	mx, my := w.maxViewportScroll()
	nx, ny := w.negativeScroll(w.doc.DocumentElement())
	x, y = clampScrollRange(x, mx, nx), clampScrollRange(y, my, ny)
	s := w.scrolls()
	if x == s.x && y == s.y {
		return
	}
	s.x, s.y = x, y
	w.scrollMoved(&w.doc.Node)
}

// clampScroll clamps a scroll offset to [0, most], in whole pixels.
func clampScroll(v, most float64) float64 {
	if math.IsNaN(v) {
		v = 0
	}
	return math.Round(max(min(v, most), 0))
}

// clampScrollRange is clampScroll, or for an axis that scrolls toward
// negative offsets a clamp to [-most, 0].
func clampScrollRange(v, most float64, neg bool) float64 {
	if !neg {
		return clampScroll(v, most)
	}
	if v = clampScroll(-v, most); v == 0 {
		return 0 // not -0
	}
	return -v
}

// scrollMoved queues a scroll event for t at the next frame (once) and
// tells the intersection observers that what is in view changed.
// https://drafts.csswg.org/cssom-view/#scrolling-events
func (w *Window) scrollMoved(t dom.Target) {
	if w.layoutChanged != nil {
		w.layoutChanged()
	}
	w.lazyLayoutChanged() // lazyload.go
	s := &w.scroll
	for _, d := range s.due {
		if d == t {
			return
		}
	}
	s.due = append(s.due, t)
	if len(s.due) == 1 && w.loop != nil {
		w.loop.RequestFrame()
	}
}

// runScrollSteps fires the scroll events due, in the order their targets
// scrolled, at the next frame's "run the scroll steps": before its
// animation frame callbacks (loop.OnScrollSteps), as in Chromium, so a
// callback requested with a scroll runs after its event (Lenis drops the
// event of its own scroll that way).
// https://drafts.csswg.org/cssom-view/#run-the-scroll-steps
func (w *Window) runScrollSteps() {
	s := &w.scroll
	due := s.due
	if len(due) == 0 {
		return
	}
	s.due = nil
	for _, t := range due {
		// at the document it bubbles to the window; at an element not
		if n, ok := t.(*dom.Node); ok && n.Kind() == dom.DocumentNode {
			w.fire(t, "scroll", true, false)
		} else {
			w.fire(t, "scroll", false, false)
		}
	}
}

// scrollsOverflow tells whether n is a scroll container: its overflow is
// hidden, scroll or auto on an axis. The body's overflow is the viewport's
// when the root's is visible.
// https://drafts.csswg.org/css-overflow/#overflow-propagation
func (w *Window) scrollsOverflow(n *dom.Node) bool {
	if n.IsHTML() && n.DataAtom == atom.Body && n.ParentElement() != nil && !w.ownOverflow(n.ParentElement()) {
		return false
	}
	return w.ownOverflow(n)
}

// ownOverflow tells whether n's overflow is other than visible or clip.
func (w *Window) ownOverflow(n *dom.Node) bool {
	for _, p := range [...]string{"overflow-x", "overflow-y"} {
		switch v, _ := w.cascaded(n, p); strings.TrimSpace(v) {
		case "hidden", "scroll", "auto", "overlay":
			return true
		}
	}
	return false
}

// editorScrolls tells whether n is an input whose inner editor scrolls
// its text (editorScrollWidth) whatever its overflow (clip in Chromium's
// UA style): its scrollLeft is the editor's (a search input's beside its
// cancel button: searchCancelRoom).
func editorScrolls(n *dom.Node) bool {
	return textEditorInput(n)
}

// elementScroll is n's scroll offset (scrollLeft, scrollTop): the
// viewport's for the root scroller, 0 for the body of a document in
// standards mode and for what does not scroll.
// https://drafts.csswg.org/cssom-view/#dom-element-scrolltop
func (w *Window) elementScroll(n *dom.Node) (x, y float64) {
	if n.Document() != w.doc || !n.IsElement() {
		return 0, 0
	}
	if w.rootScroller(n) {
		return w.viewportScroll()
	}
	o := w.scrolls().els[n]
	if o == nil {
		return 0, 0
	}
	if !n.IsConnected() || !w.boxOf(n).rendered || !w.scrollsOverflow(n) && !editorScrolls(n) {
		delete(w.scroll.els, n)
		return 0, 0
	}
	mx, my := w.maxElementScroll(n)
	nx, ny := w.negativeScroll(n)
	o[0], o[1] = keepInRange(o[0], mx, nx), keepInRange(o[1], my, ny)
	return o[0], o[1]
}

// maxElementScroll is how far n's content scrolls in its padding box.
// Its scroll width and height share one walk of its overflow.
func (w *Window) maxElementScroll(n *dom.Node) (x, y float64) {
	var once overflowOnce
	return float64(max(w.scrollWidthWith(n, &once)-w.clientWidth(n), 0)), float64(max(w.scrollHeightWith(n, &once)-w.clientHeight(n), 0))
}

// scrollElementTo scrolls n to (x, y): the viewport for the root scroller,
// else n when it is a scroll container; NaN keeps an axis where it is.
func (w *Window) scrollElementTo(n *dom.Node, x, y float64) {
	if n.Document() != w.doc || !n.IsElement() || !n.IsConnected() {
		return
	}
	cx, cy := w.elementScroll(n)
	if math.IsNaN(x) {
		x = cx
	}
	if math.IsNaN(y) {
		y = cy
	}
	if w.rootScroller(n) {
		w.scrollViewportTo(x, y)
		return
	}
	if !w.boxOf(n).rendered || !w.scrollsOverflow(n) && !editorScrolls(n) {
		return
	}
	mx, my := w.maxElementScroll(n)
	nx, ny := w.negativeScroll(n)
	x, y = clampScrollRange(x, mx, nx), clampScrollRange(y, my, ny)
	if x == cx && y == cy {
		return
	}
	if w.scroll.els == nil {
		w.scroll.els = make(map[*dom.Node]*[2]float64)
	}
	if x == 0 && y == 0 {
		delete(w.scroll.els, n)
	} else {
		w.scroll.els[n] = &[2]float64{x, y}
	}
	w.scrollMoved(n)
}

// scrollShift is how far the scrolling moved n's border box from its
// place in the document: the offsets of the scroll containers it is in,
// and the viewport's unless it is fixed (or in a fixed box).
func (w *Window) scrollShift(n *dom.Node) (dx, dy float64) {
	if !w.scrolls().scrolledAny() || n.Document() != w.doc {
		return 0, 0
	}
	f := w.flow()
	for a := n; a != nil; a = w.flatParent(a) {
		if a != n && len(w.scroll.els) > 0 && w.scroll.els[a] != nil {
			x, y := w.elementScroll(a)
			dx, dy = dx+x, dy+y
		}
		if f.pos(a) == "fixed" {
			return dx, dy
		}
	}
	x, y := w.viewportScroll()
	return dx + x, dy + y
}

// scrollArgs reads the arguments of scroll(), scrollTo() and scrollBy():
// (x, y), or a ScrollToOptions dictionary whose absent left or top is
// NaN. The dictionary's members are read in Web IDL's order: the
// inherited ScrollOptions' behavior (an enum; every behavior scrolls at
// once here), then left and top.
// https://drafts.csswg.org/cssom-view/#dom-window-scroll
func scrollArgs(args []goja.Value) (x, y float64) {
	if len(args) >= 2 {
		return finiteOr0(bind.Double(args[0])), finiteOr0(bind.Double(args[1]))
	}
	x, y = math.NaN(), math.NaN()
	opts := bind.NewDictionary(bind.Arg(args, 0), "ScrollToOptions")
	opts.As("ScrollOptions").Enum("behavior", "ScrollBehavior", "auto", "instant", "smooth")
	opts.Convert("left", func(v goja.Value) { x = finiteOr0(bind.Double(v)) })
	opts.Convert("top", func(v goja.Value) { y = finiteOr0(bind.Double(v)) })
	return x, y
}

// finiteOr0 normalizes a non-finite scroll offset to 0.
// https://drafts.csswg.org/cssom-view/#normalize-non-finite-values
func finiteOr0(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// windowScroll is window.scroll() and scrollTo().
func windowScroll(w *Window, args []goja.Value) goja.Value {
	x, y := scrollArgs(args)
	cx, cy := w.viewportScroll()
	if math.IsNaN(x) {
		x = cx
	}
	if math.IsNaN(y) {
		y = cy
	}
	w.scrollViewportTo(x, y)
	return w.scrollResult()
}

// windowScrollBy is window.scrollBy().
func windowScrollBy(w *Window, args []goja.Value) goja.Value {
	x, y := scrollArgs(args)
	cx, cy := w.viewportScroll()
	w.scrollViewportTo(cx+nanTo0(x), cy+nanTo0(y))
	return w.scrollResult()
}

func nanTo0(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return v
}

// elementScrollTo is element.scroll() and scrollTo().
func elementScrollTo(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	x, y := scrollArgs(args)
	w.scrollElementTo(n, x, y)
	return w.scrollResult()
}

// elementScrollBy is element.scrollBy().
func elementScrollBy(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	x, y := scrollArgs(args)
	cx, cy := w.elementScroll(n)
	w.scrollElementTo(n, cx+nanTo0(x), cy+nanTo0(y))
	return w.scrollResult()
}

// scrollIntoView is element.scrollIntoView(arg): each scroll container n
// is in, then the viewport, scroll to bring n's border box (and its
// scroll-margin) to the start of their scrollport (less the root's
// scroll-padding), its center, its end or the nearest edge.
// https://drafts.csswg.org/cssom-view/#dom-element-scrollintoview
func scrollIntoView(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	block, inline := "start", "nearest"
	switch a := bind.Arg(args, 0); {
	case bind.Absent(a) || goja.IsNull(a):
		// (boolean or ScrollIntoViewOptions): null is the dictionary,
		// its defaults
		// https://webidl.spec.whatwg.org/#js-union
	case isObject(a):
		// ScrollIntoViewOptions' members in order: behavior, block,
		// container, inline
		if v := dict(a, "block"); !bind.Absent(v) {
			block = bind.DOMString(v)
		}
		if v := dict(a, "inline"); !bind.Absent(v) {
			inline = bind.DOMString(v)
		}
	default:
		if !bind.Boolean(a) {
			block = "end"
		}
	}
	w.scrollToElement(n, block, inline)
	return w.scrollResult()
}

// computedPx is n's computed prop in px, 0 when it is not a length.
func (w *Window) computedPx(n *dom.Node, prop string) float64 {
	v, _ := w.computedValue(n, prop)
	if x, unit, ok := splitNumber(v); ok && unit == "px" && !math.IsInf(x, 0) {
		return x
	}
	return 0
}

func isObject(v goja.Value) bool {
	_, ok := v.(*goja.Object)
	return ok
}

// scrollToElement scrolls n's scroll containers and the viewport so that n
// lies at block (start, center, end, nearest, or center-if-needed and
// center-if-hidden: focus scrolling's) of each vertically and at inline horizontally (start and
// end swapped in a box whose direction is rtl).
// https://drafts.csswg.org/cssom-view/#scroll-a-target-into-view
func (w *Window) scrollToElement(n *dom.Node, block, inline string) {
	if n.Document() != w.doc || !n.IsElement() || !n.IsConnected() {
		return
	}
	// a sticky box is scrolled to where the flow puts it, not where it
	// is stuck (https://drafts.csswg.org/css-position-3/#stickypos-scroll)
	w.unstuck++
	defer func() { w.unstuck-- }()
	_, r, ok := w.geometry(n)
	if !ok || !w.boxOf(n).rendered {
		return
	}
	f := w.flow()
	top, bottom := r.top-w.computedPx(n, "scroll-margin-top"), r.top+r.height+w.computedPx(n, "scroll-margin-bottom")
	left, right := r.left-w.computedPx(n, "scroll-margin-left"), r.left+r.width+w.computedPx(n, "scroll-margin-right")
	// the scroll containers, innermost first: n's place in each is its
	// place in the document less the offsets of those inside it
	fixed := false
	for a := w.flatParent(n); a != nil; a = w.flatParent(a) {
		if f.pos(a) == "fixed" {
			fixed = true
		}
		if w.rootScroller(a) || !w.scrollsOverflow(a) || (a.IsHTML() && a.DataAtom == atom.Body) {
			continue
		}
		_, ar, ok := w.geometry(a)
		if !ok {
			continue
		}
		portTop, portLeft := ar.top+f.edgeOf(a, 4), ar.left+f.hEdgesOf(a).borL
		cx, cy := w.elementScroll(a)
		ax, ay := w.scrollAlign(a, block, inline)
		y := alignScroll(ay, top-portTop, bottom-portTop, float64(w.clientHeight(a)), cy)
		x := alignScroll(ax, left-portLeft, right-portLeft, float64(w.clientWidth(a)), cx)
		w.scrollElementTo(a, x, y)
		sx, sy := w.elementScroll(a)
		top, bottom, left, right = top-sy, bottom-sy, left-sx, right-sx
	}
	if fixed || f.pos(n) == "fixed" {
		return
	}
	root := w.doc.DocumentElement()
	pad, padL := 0.0, 0.0
	if root != nil {
		pad, padL = w.computedPx(root, "scroll-padding-top"), w.computedPx(root, "scroll-padding-left")
	}
	cx, cy := w.viewportScroll()
	ax, ay := w.scrollAlign(root, block, inline)
	y := alignScroll(ay, top-pad, bottom, float64(w.cfg.Viewport.Height)-pad, cy)
	x := alignScroll(ax, left-padL, right, float64(w.cfg.Viewport.Width)-padL, cx)
	w.scrollViewportTo(x, y)
}

// inlineSide is the alignment inline asks for on a horizontal axis: start
// and end swapped where the inline direction runs right to left.
func inlineSide(inline string, rtl bool) string {
	if rtl {
		switch inline {
		case "start":
			return "end"
		case "end":
			return "start"
		}
	}
	return inline
}

// alignScroll is the scroll offset that puts a box from top to bottom (in
// the scrolled content) at block of a scrollport height tall, now at cur.
func alignScroll(block string, top, bottom, height, cur float64) float64 {
	switch block {
	case "center":
		return (top+bottom)/2 - height/2
	case "center-if-needed":
		return centerIfNeeded(top, bottom, height, cur)
	case "center-if-hidden":
		// focus scrolling's inline axis in Chromium: a box partly in
		// view does not move
		if math.Min(bottom, cur+height)-math.Max(top, cur) > 0 {
			return cur
		}
		return (top+bottom)/2 - height/2
	case "end":
		return bottom - height
	case "nearest":
		switch {
		case top <= cur && bottom >= cur+height:
			return cur // it covers the scrollport: already in view
		case top < cur && bottom-top <= height, bottom > cur+height && bottom-top > height:
			return top
		case bottom > cur+height, top < cur:
			return bottom - height
		}
		return cur
	}
	return top
}
