package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Floats in the flow estimate (flow.go): a float is taken out of the flow
// where it occurs and put as high and as far to its side as the floats
// before it leave room for; the lines beside it are shortened, a block
// with `clear` goes below the floats it clears, and a block formatting
// context root (the root, a float, an inline-block, a flex or grid item, a
// table cell, a box that clips or scrolls, a flow-root) contains its
// floats: its height reaches their bottom, and the floats of its content
// stay out of the lines around it.
// https://drafts.csswg.org/css2/#floats
//
// The floats of one formatting context are kept in a floatCtx, in the
// coordinates of its root's content box. A block inside it that is no root
// of its own lays out its lines against the same list: the parent laying
// it out hands the list over (flowLayout.fctx) with where the block's
// content box lies in those coordinates. A block laid out before keeps its
// layout as long as the floats reaching into it are the same
// (floatRec.in); the floats its content added are kept with it
// (floatRec.out) and put back into the list when it is not laid out again.

// floatBox is the margin box of a float placed in a formatting context,
// and its bottom margin (its border box is what overflows a block).
type floatBox struct {
	right bool
	// mb is a float32 beside right, which keeps the box 40 bytes (the
	// lists are copied into every block a context lays out)
	mb                   float32
	left, rgt, top, bott float64
}

// floatCtx is the floats of one block formatting context.
type floatCtx struct {
	list []floatBox
	// lastTop is the top of the last float placed (a float is never
	// higher than one before it); bottom the lowest bottom of them.
	lastTop, bottom float64
}

// floatRec is what a block laid out inside a formatting context with
// floats keeps of them, in the coordinates of its content box: the floats
// that reached into it when it was laid out, and those its content placed.
type floatRec struct {
	in, out []floatBox
}

// clearSide is a value of `clear`: which floats a box goes below.
type clearSide uint8

const (
	clearNone  clearSide = 0
	clearLeft  clearSide = 1
	clearRight clearSide = 2
	clearBoth            = clearLeft | clearRight
)

// parseClear reads a value of clear (or float, for inline-start/-end).
func parseClear(v string) clearSide {
	switch ascii.Lower(strings.TrimSpace(v)) {
	case "left", "inline-start":
		return clearLeft
	case "right", "inline-end":
		return clearRight
	case "both":
		return clearBoth
	}
	return clearNone
}

// floatsRight tells whether float n goes to the right (float: right or
// inline-end).
func (f *flowLayout) floatsRight(n *dom.Node) bool {
	fl, _ := f.w.cascaded(n, "float")
	return parseClear(fl) == clearRight
}

// clearOf is n's clear.
func (f *flowLayout) clearOf(n *dom.Node) clearSide {
	v, ok := f.w.cascaded(n, "clear")
	if !ok {
		return clearNone
	}
	return parseClear(v)
}

// newFloatCtx takes an empty list from the layout's pool.
func (f *flowLayout) newFloatCtx() *floatCtx {
	if k := len(f.ctxPool); k > 0 {
		c := f.ctxPool[k-1]
		f.ctxPool = f.ctxPool[:k-1]
		return c
	}
	return &floatCtx{}
}

// releaseFloatCtx gives c back to the pool.
func (f *flowLayout) releaseFloatCtx(c *floatCtx) {
	c.list, c.lastTop, c.bottom = c.list[:0], 0, 0
	f.ctxPool = append(f.ctxPool, c)
}

// maxFloats bounds the floats a formatting context keeps: placing one
// and shortening a line look at each of them. Past it, floats are placed
// but no longer shorten lines or push later floats.
const maxFloats = 1024

func (c *floatCtx) add(fb floatBox) {
	if len(c.list) >= maxFloats {
		return
	}
	c.list = append(c.list, fb)
	c.lastTop = max(c.lastTop, fb.top)
	c.bottom = max(c.bottom, fb.bott)
}

// band is the room the floats leave between lo and hi for something from
// y0 to y1 (a point when they are equal); hit tells whether a float took
// some.
func (c *floatCtx) band(y0, y1, lo, hi float64) (l, r float64, hit bool) {
	l, r = lo, hi
	for i := range c.list {
		fb := &c.list[i]
		if fb.bott <= y0 || fb.top > y1 || fb.top == y1 && y1 > y0 || fb.bott <= fb.top {
			continue
		}
		if fb.right {
			if fb.left < r {
				r, hit = fb.left, true
			}
		} else if fb.rgt > l {
			l, hit = fb.rgt, true
		}
	}
	return l, r, hit
}

// nextBottom is the nearest bottom of a float below y that reaches y, or
// y when none does.
func (c *floatCtx) nextBottom(y float64) float64 {
	next := y
	for i := range c.list {
		if fb := &c.list[i]; fb.top <= y && fb.bott > y && (next == y || fb.bott < next) {
			next = fb.bott
		}
	}
	return next
}

// clearY is the bottom of the floats on side.
func (c *floatCtx) clearY(side clearSide) float64 {
	y := 0.0
	for i := range c.list {
		fb := &c.list[i]
		if fb.right && side&clearRight != 0 || !fb.right && side&clearLeft != 0 {
			y = max(y, fb.bott)
		}
	}
	return y
}

// place puts a float of margin box w by h, on the right or the left of
// lo..hi, no higher than y: as high as it fits beside the floats before
// it, no higher than any of them. It returns its margin box's left and top.
// https://drafts.csswg.org/css2/#float-position
func (c *floatCtx) place(w, h float64, right bool, y, lo, hi float64) (x, top float64) {
	y = max(y, c.lastTop)
	if len(c.list) >= maxFloats {
		if right {
			return hi - w, y
		}
		return lo, y
	}
	for range min(len(c.list)+1, 64) {
		l, r, hit := c.band(y, y+max(h, 0), lo, hi)
		if !hit || r-l >= w-1.0/64 {
			if right {
				x = r - w
			} else {
				x = l
			}
			break
		}
		next := c.nextBottom(y)
		if next <= y {
			break
		}
		y = next
	}
	c.add(floatBox{right: right, left: x, rgt: x + w, top: y, bott: y + h})
	return x, y
}

// translated is the floats of list from index from, moved by dx, dy; nil
// for none.
func translated(list []floatBox, dx, dy float64) []floatBox {
	if len(list) == 0 {
		return nil
	}
	out := make([]floatBox, len(list))
	for i, fb := range list {
		fb.left, fb.rgt, fb.top, fb.bott = fb.left+dx, fb.rgt+dx, fb.top+dy, fb.bott+dy
		out[i] = fb
	}
	return out
}

// reaching is the floats of c reaching below y (into a block whose
// content box starts there), in the coordinates of an origin at ox, y.
func (c *floatCtx) reaching(ox, y float64) []floatBox {
	if c == nil || c.bottom <= y {
		return nil
	}
	var out []floatBox
	for _, fb := range c.list {
		if fb.bott > y {
			fb.left, fb.rgt, fb.top, fb.bott = fb.left-ox, fb.rgt-ox, fb.top-y, fb.bott-y
			out = append(out, fb)
		}
	}
	return out
}

func sameFloats(a, b []floatBox) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// establishesContext tells whether n's content is a block formatting
// context of its own (its floats stay inside it, floats outside it do not
// shorten its lines).
func (f *flowLayout) establishesContext(n *dom.Node) bool {
	return !f.flowsBlocks(n) || f.ownsMargins(n)
}

// floatBox places c, a float met in the flow.
func (b *blockFlow) floatChild(n, c *dom.Node, cb *flowBox) {
	f := b.f
	e := f.hEdgesOf(c)
	bw := f.atomicWidth(c, b.width)
	f.setWidth(c, cb, bw)
	h := f.heightOfBox(c, cb)
	mt, mb := f.edgeOfBox(c, cb, 0), f.edgeOfBox(c, cb, 1)
	w := bw + e.outer()
	ctx := b.context()
	var y float64
	onLine := false
	x := b.x
	if b.afterSpace && !b.spaceRoom {
		x -= b.spaceW // a space at the line's end would hang: the float fits without it
	}
	switch {
	case b.lines > 0 && (x <= 0 || x+w <= b.lineW+1.0/64):
		// (within a layout unit: the line's text is summed here from
		// unsnapped advances, which can pass the shrink-to-fit width
		// measured from Chromium's snapped ones by a fraction of one)
		y = b.y + b.linesBefore() // beside the open line
		onLine = true
	case b.lines > 0:
		y = b.y + b.pending() // under it
	default:
		y = b.y
		if b.started || !b.collapseTop {
			y += b.margin.size()
		}
	}
	y += b.oy
	right := f.floatsRight(c)
	if side := f.clearOf(c); side != clearNone {
		y = max(y, ctx.clearY(side))
	}
	placed := len(ctx.list)
	x, top := ctx.place(w, h+mt+mb, right, y, b.ox, b.ox+b.width)
	if len(ctx.list) > placed {
		ctx.list[placed].mb = float32(mb)
	}
	cb.x = x - b.ox + e.marL
	cb.offset, cb.placed = top-b.oy+mt, true
	b.extent = max(b.extent, cb.x+bw)
	if onLine {
		l0 := b.lineL
		b.setLine()
		if d := b.lineL - l0; d != 0 {
			b.shiftLine(d)
		}
	}
}

// shiftLine moves what is on the open line by d, as a float met on it
// moves its start edge: Chromium's `<span>hello</span><div
// style="float: left; width: 50px"></div> world` puts the float at the
// line's left edge and "hello" right of it, at 50, where it had been laid
// out from 0 (what follows the float starts from the new edge).
// https://drafts.csswg.org/css2/#floats
func (b *blockFlow) shiftLine(d float64) {
	for _, lb := range b.line {
		*lb.x += d
	}
	for i := range b.segs {
		b.segs[i].x0 += d
		b.segs[i].x1 += d
	}
	for i := range b.hang {
		b.hang[i].spaceX += d
		b.hang[i].at += d
	}
	b.spaceX += d
	b.spaceEnd += d
}

// context is the flow's list of floats, made when first needed.
func (b *blockFlow) context() *floatCtx {
	if b.ctx == nil {
		b.ctx, b.ownCtx = b.f.newFloatCtx(), true
	}
	return b.ctx
}

// setLine finds the room of the open line beside the floats.
func (b *blockFlow) setLine() {
	b.lineL, b.lineW = 0, b.width
	if b.ctx == nil || len(b.ctx.list) == 0 {
		return
	}
	top := b.oy + b.y + b.linesBefore()
	if top >= b.ctx.bottom {
		return
	}
	l, r, hit := b.ctx.band(top, top+max(b.lineH, 1), b.ox, b.ox+b.width)
	if hit {
		b.lineL, b.lineW = l-b.ox, max(r-l, 0)
	}
}

// narrowed tells whether floats may shorten the lines from the open one
// down.
func (b *blockFlow) narrowed() bool {
	return b.ctx != nil && b.ctx.bottom > b.oy+b.y+b.linesBefore()
}

// clearTo moves what follows below the floats on side (clearance).
func (b *blockFlow) clearTo(side clearSide) {
	if side == clearNone || b.ctx == nil {
		return
	}
	if y := b.ctx.clearY(side) - b.oy; y > b.y {
		b.y = y
	}
}

// afterClear applies the clear of n's ::after box when it is a block (the
// clearfix: `::after { content: ""; display: table; clear: both }`).
func (b *blockFlow) afterClear(n *dom.Node) {
	if b.ctx == nil || b.ctx.bottom <= b.oy+b.y {
		return
	}
	d, _ := b.f.w.pseudoBoxOf(n, "after")
	switch d {
	case "", "inline", "inline-block", "inline-table", "inline-flex", "inline-grid", "contents":
		return
	}
	v, ok := b.f.w.cascadedPseudo(pseudoRef{n, "after"}, "clear")
	if side := parseClear(v); ok && side != clearNone {
		b.closeLines()
		b.settle()
		b.clearTo(side)
	}
}
