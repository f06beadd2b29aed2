package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"
)

// FlowIntersect is IntersectionObserver's "compute the intersection" over
// the flow estimate's boxes (webapi.Intersect): target's border box in
// viewport coordinates, clipped by each box on its containing-block chain
// below the root that clips its overflow (a scroll container's clip grown
// by scrollMargin), and the root intersection rectangle: the viewport for
// no root or the page's document, else the root element's padding box when
// it clips, its border box when not. A target that is not rendered, or
// that is not below an element root in its containing-block chain, is not
// eligible (it never intersects); a target of another document is left to
// the observer (Known false).
// https://w3c.github.io/IntersectionObserver/#calculate-intersection-rect-algo
func (w *Window) FlowIntersect(target, root *goja.Object, scrollMargin *webapi.Margin) (g webapi.Geometry) {
	n := w.toNode(target)
	if n == nil || n.Document() != w.doc {
		return g
	}
	g.Known = true
	var rn *dom.Node // the element root, nil for the viewport
	if root != nil {
		rn = w.toNode(root)
		switch {
		case rn == nil:
			return g
		case rn.AsDocument() != nil:
			if rn.AsDocument() != w.doc {
				return g // a target is never in another document
			}
			rn = nil
		case !rn.IsElement() || rn == n || rn.Document() != w.doc:
			return g
		}
	}
	if !n.IsElement() || !n.IsConnected() || w.inSkippedContents(n, true) {
		return g // (skipped contents are not rendered: never intersecting)
	}
	tb, ok := w.clientBounds(n)
	if !ok {
		return g
	}
	if _, gb, ok := w.geometry(n); ok && (n.Namespace == "svg" || !w.inlineBox(n)) {
		g.Box = webapi.Rect{W: gb.width, H: gb.height}
	}
	dx, dy := w.scrollShift(n)
	g.Target = webapi.Rect{X: tb.left - dx, Y: tb.top - dy, W: tb.width, H: tb.height}
	clip, visible, reached := w.clipByAncestors(w.flow(), n, rn, g.Target, scrollMargin)
	if !reached {
		return g
	}
	if rn == nil {
		g.Root = webapi.Rect{W: float64(w.cfg.Viewport.Width), H: float64(w.cfg.Viewport.Height)}
	} else {
		rb, ok := w.clientBounds(rn)
		if !ok {
			return g
		}
		rdx, rdy := w.scrollShift(rn)
		g.Root = webapi.Rect{X: rb.left - rdx, Y: rb.top - rdy, W: rb.width, H: rb.height}
		if w.clipsOverflow(rn) {
			if pb, ok := w.paddingClientRect(rn); ok {
				g.Root = pb
			}
		}
	}
	g.Eligible, g.Clipped, g.Visible = true, clip, visible
	return g
}

// clipByAncestors clips clip, a rect in viewport coordinates, by each box
// on n's containing-block chain below the root element (below rn when not
// nil) that clips its overflow (a scroll container's clip grown by
// scrollMargin); visible is false once nothing is left, reached tells
// whether rn, when not nil, is on the chain.
func (w *Window) clipByAncestors(f *flowLayout, n, rn *dom.Node, clip webapi.Rect, scrollMargin *webapi.Margin) (_ webapi.Rect, visible, reached bool) {
	visible, reached = true, rn == nil
	for a := clipParent(f, n); a != nil; a = clipParent(f, a) {
		if a == rn {
			reached = true
			break
		}
		if a == w.doc.DocumentElement() {
			// the root element: its overflow is the viewport's
			continue
		}
		if !visible {
			continue // only looking for the root now
		}
		cx, cy := w.clipAxes(a)
		if !cx && !cy {
			continue
		}
		box, ok := w.paddingClientRect(a)
		if !ok {
			continue
		}
		if scrollMargin != nil && !scrollMargin.Zero() && w.scrollsOverflow(a) {
			box = scrollMargin.Grow(box)
		}
		if !cx {
			box.X, box.W = clip.X, clip.W
		}
		if !cy {
			box.Y, box.H = clip.Y, clip.H
		}
		clip, visible = clip.Intersect(box)
	}
	return clip, visible, reached
}

// clipParent is the next box up n's containing-block chain: its parent
// box for a box in flow, the nearest positioned box for an absolutely
// positioned one (nil for the initial containing block), nil for a fixed
// one (the viewport).
// https://drafts.csswg.org/css-position/#def-cb
func clipParent(f *flowLayout, n *dom.Node) *dom.Node {
	switch f.pos(n) {
	case "fixed":
		return nil
	case "absolute":
		return f.containingBlock(n)
	}
	return f.w.flatParent(n)
}

// clipAxes tells on which axes n clips the overflow of what it holds:
// both for a scroll container (overflow hidden, scroll or auto on either
// axis makes the other at least auto), else an axis whose overflow is
// clip. An inline box clips nothing, nor does a body whose overflow is the
// viewport's.
// https://drafts.csswg.org/css-overflow/#overflow-control
func (w *Window) clipAxes(n *dom.Node) (x, y bool) {
	if w.inlineBox(n) {
		return false, false
	}
	if n.IsHTML() && n.DataAtom == atom.Body && n.ParentElement() != nil && !w.ownOverflow(n.ParentElement()) {
		return false, false
	}
	if w.scrollsOverflow(n) {
		return true, true
	}
	ox, _ := w.cascaded(n, "overflow-x")
	oy, _ := w.cascaded(n, "overflow-y")
	return strings.TrimSpace(ox) == "clip", strings.TrimSpace(oy) == "clip"
}

// paddingClientRect is n's padding box in viewport coordinates: its border
// box less its borders, under the transforms of n and the boxes it is in,
// moved by the scrolling of the boxes it is in (not its own).
func (w *Window) paddingClientRect(n *dom.Node) (webapi.Rect, bool) {
	_, r, ok := w.geometry(n)
	if !ok {
		return webapi.Rect{}, false
	}
	f := w.flow()
	e := f.hEdgesOf(n)
	bt, bb := f.edgeOf(n, 4), f.edgeOf(n, 5)
	r.left += e.borL
	r.width = max(r.width-e.borL-e.borR, 0)
	r.top += bt
	r.height = max(r.height-bt-bb, 0)
	r = w.transformBounds(n, nil, r)
	dx, dy := w.scrollShift(n)
	return webapi.Rect{X: r.left - dx, Y: r.top - dy, W: r.width, H: r.height}, true
}
