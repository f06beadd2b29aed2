package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// Lengths along SVG outlines, as Chromium measures them for getTotalLength
// and getPointAtLength. Chromium 156 measures cubic Béziers (and the
// quadratics and arcs path data turns into cubics) to within about a
// millionth of their true length, so they are integrated here; the conic
// quarters of circles, ellipses and rounded rects are measured as Skia's
// contour measure does, by chords: a conic piece is halved while its
// midpoint lies more than half a unit (in x or y) off its chord's, so a
// circle of radius 35 is 32 chords long (219.556, where 2π·35 is 219.911).
// https://svgwg.org/svg2-draft/types.html#__svg__SVGGeometryElement__getTotalLength

// cubicAt is the cubic Bézier c at parameter t.
func cubicAt(c [4]pt, t float64) pt {
	u := 1 - t
	a, b, d, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return pt{a*c[0].x + b*c[1].x + d*c[2].x + e*c[3].x, a*c[0].y + b*c[1].y + d*c[2].y + e*c[3].y}
}

// cubicSpeed is |c'(t)|.
func cubicSpeed(c [4]pt, t float64) float64 {
	u := 1 - t
	a, b, d := 3*u*u, 6*u*t, 3*t*t
	dx := a*(c[1].x-c[0].x) + b*(c[2].x-c[1].x) + d*(c[3].x-c[2].x)
	dy := a*(c[1].y-c[0].y) + b*(c[2].y-c[1].y) + d*(c[3].y-c[2].y)
	return math.Hypot(dx, dy)
}

// The 8-point Gauss–Legendre rule on [-1, 1]: nodes ±x with weights w.
var gl8x = [4]float64{0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363}
var gl8w = [4]float64{0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763}

func cubicGL(c [4]pt, a, b float64) float64 {
	m, h := (a+b)/2, (b-a)/2
	s := 0.0
	for i, x := range gl8x {
		s += gl8w[i] * (cubicSpeed(c, m-h*x) + cubicSpeed(c, m+h*x))
	}
	return s * h
}

// cubicLength is the arc length of c from t=a to t=b, halving the
// interval until two halves agree with the whole (a cusp's kink takes a
// few levels; depth bounds hostile input).
func cubicLength(c [4]pt, a, b float64) float64 {
	return cubicLengthRec(c, a, b, cubicGL(c, a, b), 0)
}

func cubicLengthRec(c [4]pt, a, b, whole float64, depth int) float64 {
	m := (a + b) / 2
	l, r := cubicGL(c, a, m), cubicGL(c, m, b)
	if depth >= 12 || math.Abs(l+r-whole) <= 1e-10*math.Max(1, l+r) || math.IsNaN(whole) {
		return l + r
	}
	return cubicLengthRec(c, a, m, l, depth+1) + cubicLengthRec(c, m, b, r, depth+1)
}

// cubicAtLength is the point of c at arc length d from its start (0 < d <
// total), found by Newton's method kept inside a bisection bracket.
func cubicAtLength(c [4]pt, d, total float64) pt {
	lo, hi := 0.0, 1.0
	t := d / total
	for i := 0; i < 40; i++ {
		f := cubicLength(c, 0, t) - d
		if math.Abs(f) <= 1e-9*math.Max(1, total) {
			break
		}
		if f > 0 {
			hi = t
		} else {
			lo = t
		}
		next := t - f/cubicSpeed(c, t)
		if !(next > lo && next < hi) {
			next = (lo + hi) / 2
		}
		t = next
	}
	return cubicAt(c, t)
}

// conicAt is the conic s (weight s.w) at parameter t.
func conicAt(s pathSeg, t float64) pt {
	u := 1 - t
	a, b, c := u*u, 2*s.w*t*u, t*t
	den := a + b + c
	return pt{(a*s.p[0].x + b*s.p[1].x + c*s.p[2].x) / den, (a*s.p[0].y + b*s.p[1].y + c*s.p[2].y) / den}
}

// conicMaxT is Skia's fixed-point parameter range; a piece whose span is
// under 1024 of these is not halved again.
const conicMaxT = 1<<30 - 1

// conicChords appends the parameters where s's chords end after t0, as
// Skia's contour measure cuts a conic: a piece is halved while the conic's
// point at its middle parameter lies more than half a unit from its
// chord's midpoint in x or in y.
func conicChords(s pathSeg, t0 int, p0 pt, t1 int, p1 pt, out []float64) []float64 {
	half := (t0 + t1) >> 1
	hp := conicAt(s, float64(half)/conicMaxT)
	if (t1-t0)>>10 != 0 && math.Max(math.Abs(hp.x-(p0.x+p1.x)/2), math.Abs(hp.y-(p0.y+p1.y)/2)) > 0.5 {
		out = conicChords(s, t0, p0, half, hp, out)
		return conicChords(s, half, hp, t1, p1, out)
	}
	return append(out, float64(t1)/conicMaxT)
}

// segLength is a drawing segment's length; for a conic, ts receives its
// chords' end parameters.
func segLength(s pathSeg, ts *[]float64) float64 {
	switch s.kind {
	case 'L':
		return math.Hypot(s.p[1].x-s.p[0].x, s.p[1].y-s.p[0].y)
	case 'C':
		return cubicLength(s.p, 0, 1)
	case 'K':
		*ts = conicChords(s, 0, s.p[0], conicMaxT, s.p[2], (*ts)[:0])
		total, prev := 0.0, s.p[0]
		for _, t := range *ts {
			q := conicAt(s, t)
			total += math.Hypot(q.x-prev.x, q.y-prev.y)
			prev = q
		}
		return total
	}
	return 0
}

// outlineLength is the length of every contour of segs (a moveto adds
// none).
func outlineLength(segs []pathSeg) float64 {
	total := 0.0
	var ts []float64
	for _, s := range segs {
		total += segLength(s, &ts)
	}
	return total
}

// outlineAtLength is the point at distance d along segs, clamped to its
// ends: the start of the first contour for d ≤ 0, the end of the last
// contour with a length for d past the end. Within a conic chord the
// parameter is interpolated, as Skia does, so the point lies on the curve.
func outlineAtLength(segs []pathSeg, d float64) pt {
	var first, last pt
	measured := false
	var ts []float64
	for i, s := range segs {
		if i == 0 {
			first = s.p[0]
		}
		l := segLength(s, &ts)
		if !(l > 0) {
			continue
		}
		if d <= 0 || math.IsNaN(d) {
			if !measured {
				return first
			}
			return s.p[0]
		}
		measured = true
		if d < l {
			switch s.kind {
			case 'L':
				f := d / l
				return pt{s.p[0].x + f*(s.p[1].x-s.p[0].x), s.p[0].y + f*(s.p[1].y-s.p[0].y)}
			case 'C':
				return cubicAtLength(s.p, d, l)
			case 'K':
				t0, prev := 0.0, s.p[0]
				for _, t := range ts {
					q := conicAt(s, t)
					c := math.Hypot(q.x-prev.x, q.y-prev.y)
					if d < c {
						return conicAt(s, t0+d/c*(t-t0))
					}
					d -= c
					t0, prev = t, q
				}
				return s.p[2]
			}
		}
		d -= l
		last = s.end()
	}
	if !measured {
		return first
	}
	return last
}

// svgSegments is the outline of a basic shape or path as Blink builds it,
// and whether n is a shape at all: circles and ellipses as four conic
// quarters clockwise from (cx+rx, cy), rounded rects from the end of the
// top-left corner, clockwise.
// https://svgwg.org/svg2-draft/shapes.html
func (w *Window) svgSegments(n *dom.Node) ([]pathSeg, bool) {
	l := func(name string) float64 { return w.svgAttrLength(n, name) }
	line := func(a, b pt) pathSeg { return pathSeg{kind: 'L', p: [4]pt{a, b}} }
	quarter := func(a, c, b pt) pathSeg { return pathSeg{kind: 'K', p: [4]pt{a, c, b}, w: math.Sqrt2 / 2} }
	move := func(a pt) pathSeg { return pathSeg{kind: 'M', p: [4]pt{a}} }
	switch n.Data {
	case "path":
		return parsePathSegs(n.Attribute("d")), true
	case "rect":
		x, y, wd, ht := l("x"), l("y"), l("width"), l("height")
		if wd <= 0 || ht <= 0 {
			return nil, true
		}
		rx, okx := n.GetAttribute("rx")
		ry, oky := n.GetAttribute("ry")
		rxf, ryf := svgLength(rx, 16, -1), svgLength(ry, 16, -1)
		if strings.HasSuffix(strings.TrimSpace(rx), "%") {
			rxf = l("rx")
		}
		if strings.HasSuffix(strings.TrimSpace(ry), "%") {
			ryf = l("ry")
		}
		if !okx || rxf < 0 {
			rxf = -1
		}
		if !oky || ryf < 0 {
			ryf = -1
		}
		if rxf < 0 {
			rxf = math.Max(ryf, 0)
		}
		if ryf < 0 {
			ryf = rxf
		}
		rxf, ryf = math.Min(rxf, wd/2), math.Min(ryf, ht/2)
		x1, y1 := x+wd, y+ht
		if rxf == 0 || ryf == 0 {
			return []pathSeg{move(pt{x, y}), line(pt{x, y}, pt{x1, y}), line(pt{x1, y}, pt{x1, y1}),
				line(pt{x1, y1}, pt{x, y1}), line(pt{x, y1}, pt{x, y})}, true
		}
		return []pathSeg{move(pt{x + rxf, y}),
			line(pt{x + rxf, y}, pt{x1 - rxf, y}), quarter(pt{x1 - rxf, y}, pt{x1, y}, pt{x1, y + ryf}),
			line(pt{x1, y + ryf}, pt{x1, y1 - ryf}), quarter(pt{x1, y1 - ryf}, pt{x1, y1}, pt{x1 - rxf, y1}),
			line(pt{x1 - rxf, y1}, pt{x + rxf, y1}), quarter(pt{x + rxf, y1}, pt{x, y1}, pt{x, y1 - ryf}),
			line(pt{x, y1 - ryf}, pt{x, y + ryf}), quarter(pt{x, y + ryf}, pt{x, y}, pt{x + rxf, y}),
		}, true
	case "circle", "ellipse":
		cx, cy := l("cx"), l("cy")
		rx, ry := l("r"), l("r")
		if n.Data == "ellipse" {
			rx, ry = l("rx"), l("ry")
		}
		if rx <= 0 || ry <= 0 {
			return nil, true
		}
		return []pathSeg{move(pt{cx + rx, cy}),
			quarter(pt{cx + rx, cy}, pt{cx + rx, cy + ry}, pt{cx, cy + ry}),
			quarter(pt{cx, cy + ry}, pt{cx - rx, cy + ry}, pt{cx - rx, cy}),
			quarter(pt{cx - rx, cy}, pt{cx - rx, cy - ry}, pt{cx, cy - ry}),
			quarter(pt{cx, cy - ry}, pt{cx + rx, cy - ry}, pt{cx + rx, cy}),
		}, true
	case "line":
		a, b := pt{l("x1"), l("y1")}, pt{l("x2"), l("y2")}
		return []pathSeg{move(a), line(a, b)}, true
	case "polyline", "polygon":
		nums := svgNumbers(n.Attribute("points"))
		var segs []pathSeg
		for i := 0; i+1 < len(nums); i += 2 {
			q := pt{nums[i], nums[i+1]}
			if i == 0 {
				segs = append(segs, move(q))
			} else {
				segs = append(segs, line(segs[len(segs)-1].end(), q))
			}
		}
		if n.Data == "polygon" && len(segs) > 0 {
			segs = append(segs, line(segs[len(segs)-1].end(), segs[0].p[0]))
		}
		return segs, true
	}
	return nil, false
}
