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
// of the chain's boxes above c that flowRect has walked.
func (w *Window) stickyShift(f *flowLayout, chain []*dom.Node, i, j int, tops, lefts []float64, left, top, left0, top0 float64) (dx, dy float64) {
	c := chain[j]
	st := f.vStyleOf(c)
	if w.unstuck > 0 || !st.hasTop && !st.hasBottom && !st.hasLeft && !st.hasRight {
		return 0, 0
	}
	// the scrollport (its padding box less its paddings, a viewport's
	// whole) in the document, scrolled
	w.unstuck++ // what the scroll offsets and client sizes read sees c unshifted
	defer func() { w.unstuck-- }()
	var port flowBounds
	var sc *dom.Node
	for k := j + 1; k < len(chain); k++ {
		a := chain[k]
		if w.rootScroller(a) {
			break
		}
		if w.scrollsOverflow(a) && f.display(a) != "contents" {
			sc = a
			e := f.hEdgesOf(a)
			sx, sy := w.elementScroll(a)
			port = flowBounds{
				left:   lefts[k] + e.borL + e.padL + sx,
				top:    tops[k] + f.edgeOf(a, 4) + f.edgeOf(a, 2) + sy,
				width:  float64(w.clientWidth(a)) - e.padL - e.padR,
				height: float64(w.clientHeight(a)) - f.edgeOf(a, 2) - f.edgeOf(a, 3),
			}
			break
		}
	}
	if sc == nil {
		port = flowBounds{width: f.vw, height: f.vh}
		if c.Document() == w.doc {
			port.left, port.top = w.viewportScroll()
		}
	}
	// the containing block's content box, less c's margins: c's margin
	// box stays in it (a scroll container's holds all its content)
	a := chain[i]
	if k := f.stickyTable(chain, j); k > 0 {
		// a table part sticks within its table
		a, left0 = chain[k], lefts[k]+f.hEdgesOf(chain[k]).borL+f.hEdgesOf(chain[k]).padL
		top0 = tops[k] + f.edgeOf(a, 4) + f.edgeOf(a, 2)
	}
	ae, ce := f.hEdgesOf(a), f.hEdgesOf(c)
	cbBottom := top0 + f.height(a) - f.edgeOf(a, 2) - f.edgeOf(a, 3) - f.edgeOf(a, 4) - f.edgeOf(a, 5)
	if a == sc {
		cbBottom = max(cbBottom, top0+f.layout(a))
	}
	cbTop, cbBottom := top0+f.edgeOf(c, 0), cbBottom-f.edgeOf(c, 1)
	cbLeft, cbRight := left0+ce.marL, left0+f.borderWidth(a)-ae.inner()-ce.marR
	height, width := f.height(c), f.borderWidth(c)
	dy = stickyAxis(top, height, port.top, port.height, cbTop, cbBottom,
		f.stickyInset(c, st.top, st.hasTop, port.height), f.stickyInset(c, st.bottom, st.hasBottom, port.height), false)
	dx = stickyAxis(left, width, port.left, port.width, cbLeft, cbRight,
		f.stickyInset(c, st.left, st.hasLeft, port.width), f.stickyInset(c, st.right, st.hasRight, port.width), f.lineAlignOf(a).rtlFlow())
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
