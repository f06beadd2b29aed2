package jsruntime

import (
	"math"

	"github.com/bangsnap/bangsnap/dom"
)

// Sticky positioning: a box with position: sticky sits where the flow puts
// it until its nearest scrollport (the nearest scroll container's, else
// the viewport's) scrolls it past an inset it sets; then it stays that far
// from the scrollport's edge, as far as its containing block lets its
// margin box go. Its offsets are worked out each time its border box is
// asked for (flowRect), from the scroll offsets of that time: they move
// nothing else in the flow and count in no overflow.
// https://drafts.csswg.org/css-position-3/#stickypos-insets

// stickyShift is how far c = chain[j], a stickily positioned box that
// chain[i] lays out, moves from its place in the flow, whose border box's
// left and top in the document are left and top; left0 and top0 are the
// left and top of chain[i]'s content box, tops and lefts the border boxes
// of the chain's boxes above c that flowRect has walked (every box on the
// chain horizontal).
func (w *Window) stickyShift(f *flowLayout, chain []*dom.Node, i, j int, tops, lefts []float64, left, top, left0, top0 float64) (dx, dy float64) {
	c := chain[j]
	if w.unstuck > 0 || !f.stickyInsets(c) {
		return 0, 0
	}
	w.unstuck++ // what the scroll offsets and client sizes read sees c unshifted
	defer func() { w.unstuck-- }()
	port, sc := w.stickyPort(f, chain, j, func(k int) (float64, float64) { return lefts[k], tops[k] })
	// the containing block's content box (a scroll container's holds all
	// its content; a table part's is its table's)
	a := chain[i]
	if k := f.stickyTable(chain, j); k > 0 {
		a, left0 = chain[k], lefts[k]+f.hEdgesOf(chain[k]).borL+f.hEdgesOf(chain[k]).padL
		top0 = tops[k] + f.edgeOf(a, 4) + f.edgeOf(a, 2)
	}
	cb := flowBounds{left: left0, top: top0, width: f.borderWidth(a) - f.hEdgesOf(a).inner(),
		height: f.height(a) - f.edgeOf(a, 2) - f.edgeOf(a, 3) - f.edgeOf(a, 4) - f.edgeOf(a, 5)}
	if sc >= 0 && chain[sc] == a {
		cb.height = max(cb.height, f.layout(a))
	}
	box := flowBounds{left: left, top: top, width: f.borderWidth(c), height: f.height(c)}
	return f.stickyOffset(c, box, cb, port, f.lineAlignOf(a).rtlFlow(), false)
}

// stickyInModes is stickyShift for c = chain[j] in a chain with vertical
// writing modes (rectInModes): box is its border box where the flow puts
// it, cb the content box of chain[i], which lays it out, rects the border
// boxes of the chain's boxes above it, all physical, in the document.
func (w *Window) stickyInModes(f *flowLayout, chain []*dom.Node, i, j int, rects []flowBounds, box, cb flowBounds) (dx, dy float64) {
	c := chain[j]
	if w.unstuck > 0 || !f.stickyInsets(c) {
		return 0, 0
	}
	w.unstuck++
	defer func() { w.unstuck-- }()
	port, _ := w.stickyPort(f, chain, j, func(k int) (float64, float64) { return rects[k].left, rects[k].top })
	// the axes of the containing block's writing mode and direction that
	// run right to left or bottom to top
	a := chain[i]
	rtl := f.lineAlignOf(a).rtlFlow()
	var revX, revY bool
	switch f.modeOf(a) {
	case wmHorizontal:
		revX = rtl
	case wmVerticalRL:
		revX, revY = true, rtl
	case wmVerticalLR:
		revY = rtl
	case wmSidewaysLR:
		revY = !rtl
	}
	return f.stickyOffset(c, box, cb, port, revX, revY)
}

// stickyInsets tells whether c, a sticky box, has an inset that is not
// auto.
func (f *flowLayout) stickyInsets(c *dom.Node) bool {
	st := f.vStyleOf(c)
	return st.hasTop || st.hasBottom || st.hasLeft || st.hasRight
}

// stickyPort is the scrollport c = chain[j] sticks in, in the document,
// scrolled: the padding box less the paddings of its nearest scroll
// container (whose border box's left and top at gives), else the
// viewport's; sc is that container's index in chain, -1 for the viewport.
func (w *Window) stickyPort(f *flowLayout, chain []*dom.Node, j int, at func(k int) (left, top float64)) (port flowBounds, sc int) {
	for k := j + 1; k < len(chain); k++ {
		a := chain[k]
		if w.rootScroller(a) {
			break
		}
		if !w.scrollsOverflow(a) || f.display(a) == "contents" {
			continue
		}
		pad, bor := f.physEdges(a)
		sx, sy := w.elementScroll(a)
		x, y := at(k)
		return flowBounds{
			left:   x + bor[3] + pad[3] + sx,
			top:    y + bor[0] + pad[0] + sy,
			width:  float64(w.clientWidth(a)) - pad[1] - pad[3],
			height: float64(w.clientHeight(a)) - pad[0] - pad[2],
		}, k
	}
	port = flowBounds{width: f.vw, height: f.vh}
	if chain[0].Document() == w.doc {
		port.left, port.top = w.viewportScroll()
	}
	return port, -1
}

// stickyOffset is how far c, a sticky box whose border box lies at box
// where the flow puts it, moves in port, its scrollport, within cb, its
// containing block's content box (all physical, in the document); revX
// and revY tell that cb's writing mode runs an axis right to left or
// bottom to top.
func (f *flowLayout) stickyOffset(c *dom.Node, box, cb, port flowBounds, revX, revY bool) (dx, dy float64) {
	// its insets and margins, named in its frame's axes, on their
	// physical sides
	st := f.vStyleOf(c)
	e := f.hEdgesOf(c)
	named := [4]string{st.top, st.right, st.bottom, st.left}
	set := [4]bool{st.hasTop, st.hasRight, st.hasBottom, st.hasLeft}
	namedMar := [4]float64{f.edgeOf(c, 0), e.marR, f.edgeOf(c, 1), e.marL}
	var inset, mar [4]float64
	for k, s := range frameSides[f.frameOf(c)] {
		basis := port.height
		if s == 1 || s == 3 {
			basis = port.width
		}
		inset[s], mar[s] = f.stickyInset(c, named[k], set[k], basis), namedMar[k]
	}
	dy = stickyAxis(box.top, box.height, port.top, port.height, cb.top+mar[0], cb.top+cb.height-mar[2], inset[0], inset[2], revY)
	dx = stickyAxis(box.left, box.width, port.left, port.width, cb.left+mar[3], cb.left+cb.width-mar[1], inset[3], inset[1], revX)
	return dx, dy
}

// stickyInset is a sticky box's inset v (set says it is not auto) in px,
// a percentage of the scrollport's size; NaN when auto.
func (f *flowLayout) stickyInset(n *dom.Node, v string, set bool, basis float64) float64 {
	if !set {
		return math.NaN()
	}
	x, ok := f.signedLength(n, v, basis)
	if !ok {
		return math.NaN()
	}
	return x
}

// stickyAxis is a sticky box's offset on one axis: the box lies from at to
// at+size in the flow, the scrollport from port to port+room, its
// containing block (less its margins) from cbStart to cbEnd; start and end
// are its insets (NaN when auto). When the room its insets leave is
// smaller than the box, the end inset gives way (the start one where the
// containing block runs the other way, reversed). Its end is worked out
// before its start, which wins, as in Chromium.
// https://drafts.csswg.org/css-position-3/#stickypos-insets
func stickyAxis(at, size, port, room, cbStart, cbEnd, start, end float64, reversed bool) float64 {
	lo, hi := port, port+room
	if start == start {
		lo += start
	}
	if end == end {
		hi -= end
	}
	if hi-lo < size {
		if reversed {
			lo = hi - size
		} else {
			hi = lo + size
		}
	}
	var d float64
	if end == end {
		if delta := max(hi-(at+size), cbStart-at); delta < 0 {
			d += delta
		}
	}
	if start == start {
		if delta := min(lo-at, cbEnd-(at+size)); delta > 0 {
			d += delta
		}
	}
	return d
}

// stickyTable is the index in chain of the table whose part (a cell, a
// row or a row group) chain[j] is, else 0: a sticky table header sticks
// within its table, not its row.
func (f *flowLayout) stickyTable(chain []*dom.Node, j int) int {
	switch f.display(chain[j]) {
	case "table-cell", "table-row", "table-row-group", "table-header-group", "table-footer-group":
	default:
		return 0
	}
	for k := j + 1; k < len(chain); k++ {
		switch f.display(chain[k]) {
		case "table", "inline-table":
			return k
		case "table-cell", "table-row", "table-row-group", "table-header-group", "table-footer-group":
		default:
			return 0
		}
	}
	return 0
}
