package webapi

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// Rect is a rectangle in CSS pixels, in the viewport's coordinates.
type Rect struct{ X, Y, W, H float64 }

// Margin is a parsed rootMargin or scrollMargin: top, right, bottom and
// left, each in px or a percentage of the height (top, bottom) or the
// width (right, left) of the rectangle it grows.
// https://w3c.github.io/IntersectionObserver/#parse-a-margin
type Margin [4]MarginLength

// MarginLength is one side of a Margin.
type MarginLength struct {
	V   float64
	Pct bool
}

// Grow returns r grown by m on each side (shrunk by negative lengths).
func (m *Margin) Grow(r Rect) Rect {
	side := func(i int, basis float64) float64 {
		if m[i].Pct {
			return m[i].V * basis / 100
		}
		return m[i].V
	}
	t, rt, b, l := side(0, r.H), side(1, r.W), side(2, r.H), side(3, r.W)
	return Rect{X: r.X - l, Y: r.Y - t, W: r.W + l + rt, H: r.H + t + b}
}

// Zero tells whether m grows nothing (a nil m does not).
func (m *Margin) Zero() bool { return m == nil || *m == Margin{} }

// marginOf reads the serialized margin parseRootMargin gives.
func marginOf(s string) Margin {
	var m Margin
	for i, f := range strings.Fields(s) {
		if i == 4 {
			break
		}
		v, pct := strings.CutSuffix(f, "%")
		if !pct {
			v = strings.TrimSuffix(v, "px")
		}
		m[i].V, _ = strconv.ParseFloat(v, 64)
		m[i].Pct = pct
	}
	return m
}

// Geometry is what the host's layout tells IntersectionObserver of a
// target: the steps of "compute the intersection" up to the root
// intersection rectangle, which the observer grows by its rootMargin.
// https://w3c.github.io/IntersectionObserver/#calculate-intersection-rect-algo
type Geometry struct {
	// Known is false when the host cannot tell (a target of another
	// document): the target is taken as fully visible at its
	// getBoundingClientRect().
	Known bool
	// Eligible is false when the target cannot intersect the root: it is
	// not rendered (display: none, not connected), or the root is an
	// element it is not a descendant of in the containing-block chain,
	// or a document it is not in.
	Eligible bool
	// Target is the target's border box (its boundingClientRect).
	Target Rect
	// Box is the size of the target's border box before transforms (what
	// a ResizeObserver observes): zero when it has no box, or a
	// non-replaced inline one.
	Box Rect
	// Clipped is Target clipped by each box on its containing-block
	// chain below the root that clips its overflow (on the axes it
	// clips, a scroll container grown by the observer's scrollMargin);
	// Visible is false when that left nothing, not even an edge.
	Clipped Rect
	Visible bool
	// Root is the root intersection rectangle before the rootMargin, for
	// an element root: its padding box when it clips its overflow, else
	// its border box. An observer with no root or a document root uses
	// the viewport.
	Root Rect
}

// Intersect computes t's Geometry for an observer whose root is root (nil
// for the implicit root, else an Element or a Document), with the
// observer's scrollMargin (nil for none).
type Intersect func(t, root *goja.Object, scrollMargin *Margin) Geometry

// Intersect is the intersection of a and b, edges included: ok is false
// only when they neither overlap nor touch.
// https://w3c.github.io/IntersectionObserver/#calculate-intersection-rect-algo
func (a Rect) Intersect(b Rect) (Rect, bool) {
	x0, y0 := max(a.X, b.X), max(a.Y, b.Y)
	x1, y1 := min(a.X+a.W, b.X+b.W), min(a.Y+a.H, b.Y+b.H)
	if x0 > x1 || y0 > y1 {
		return Rect{}, false
	}
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, true
}

// ratio is the intersection ratio as Chromium computes it, in single
// precision: the intersection's area over the target's, or 1 for a
// target with no area that intersects.
func ratio(target, inter Rect) float64 {
	ta := float32(target.W) * float32(target.H)
	if ta == 0 {
		return 1
	}
	return float64(min(float32(inter.W)*float32(inter.H)/ta, 1))
}
