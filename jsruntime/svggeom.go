package jsruntime

import (
	"math"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// SVG geometry without a layout engine: shapes are measured from their
// attributes (path data flattened into polylines), text from a fixed table
// of glyph advances, groups as the union of their children under each
// child's transform attribute. Chart and diagram libraries (mermaid, d3
// axes, Highcharts, billboard.js) lay out labels and edges from getBBox,
// getComputedTextLength and getTotalLength; with zeros they take other code
// paths than in a browser (mermaid's edges got NaN ends and an error
// diagram). The numbers are approximations, deterministic, not Chromium's
// pixels: the aim is the same code path, so the same text and structure.
// https://svgwg.org/svg2-draft/types.html#InterfaceSVGGraphicsElement
// https://svgwg.org/svg2-draft/paths.html#InterfaceSVGPathElement

type pt struct{ x, y float64 }

// bbox is an axis-aligned box; empty when nothing was added.
type bbox struct {
	x0, y0, x1, y1 float64
	ok             bool
}

func (b *bbox) add(x, y float64) {
	if math.IsNaN(x) || math.IsNaN(y) {
		return
	}
	if !b.ok {
		*b = bbox{x, y, x, y, true}
		return
	}
	b.x0, b.y0 = math.Min(b.x0, x), math.Min(b.y0, y)
	b.x1, b.y1 = math.Max(b.x1, x), math.Max(b.y1, y)
}

func (b *bbox) union(o bbox) {
	if o.ok {
		b.add(o.x0, o.y0)
		b.add(o.x1, o.y1)
	}
}

// transformed is the bounding box of b's corners under m.
func (b bbox) transformed(m affine) bbox {
	if !b.ok {
		return b
	}
	var out bbox
	for _, p := range [4]pt{{b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}} {
		q := m.apply(p)
		out.add(q.x, q.y)
	}
	return out
}

func (b bbox) rect() rectImpl {
	if !b.ok {
		return rectImpl{}
	}
	return rectImpl{b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0}
}

// affine is the 2D matrix [a b c d e f] of SVG's transform attribute.
type affine [6]float64

var identityAffine = affine{1, 0, 0, 1, 0, 0}

// mul returns m·o (o applied first).
func (m affine) mul(o affine) affine {
	return affine{
		m[0]*o[0] + m[2]*o[1], m[1]*o[0] + m[3]*o[1],
		m[0]*o[2] + m[2]*o[3], m[1]*o[2] + m[3]*o[3],
		m[0]*o[4] + m[2]*o[5] + m[4], m[1]*o[4] + m[3]*o[5] + m[5],
	}
}

func (m affine) apply(p pt) pt {
	return pt{m[0]*p.x + m[2]*p.y + m[4], m[1]*p.x + m[3]*p.y + m[5]}
}

// svgNumbers splits a list of numbers separated by commas and/or
// whitespace, as SVG attributes write them ("1,2 3-4" is 1 2 3 -4). It
// stops at the first thing that is not a number.
func svgNumbers(s string) []float64 {
	var out []float64
	sc := pathScanner{s: s}
	for {
		sc.skipSep()
		if sc.i >= len(sc.s) {
			return out
		}
		f, ok := sc.number()
		if !ok {
			return out
		}
		out = append(out, f)
	}
}

// pathScanner reads path data and number lists.
// https://svgwg.org/svg2-draft/paths.html#PathDataBNF
type pathScanner struct {
	s string
	i int
}

func (sc *pathScanner) skipSep() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\r', '\n', '\f', ',':
			sc.i++
		default:
			return
		}
	}
}

// number reads one number (sign, digits, fraction, exponent).
func (sc *pathScanner) number() (float64, bool) {
	start, i := sc.i, sc.i
	if i < len(sc.s) && (sc.s[i] == '+' || sc.s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(sc.s) && sc.s[i] >= '0' && sc.s[i] <= '9' {
		i++
		digits++
	}
	if i < len(sc.s) && sc.s[i] == '.' {
		i++
		for i < len(sc.s) && sc.s[i] >= '0' && sc.s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(sc.s) && (sc.s[i] == 'e' || sc.s[i] == 'E') {
		j := i + 1
		if j < len(sc.s) && (sc.s[j] == '+' || sc.s[j] == '-') {
			j++
		}
		if j < len(sc.s) && sc.s[j] >= '0' && sc.s[j] <= '9' {
			for j < len(sc.s) && sc.s[j] >= '0' && sc.s[j] <= '9' {
				j++
			}
			i = j
		}
	}
	f, err := strconv.ParseFloat(sc.s[start:i], 64)
	if err != nil {
		return 0, false
	}
	sc.i = i
	return f, true
}

// flag reads an arc flag, which needs no separator after it ("a1 1 0 01 5 5").
func (sc *pathScanner) flag() (bool, bool) {
	sc.skipSep()
	if sc.i < len(sc.s) && (sc.s[sc.i] == '0' || sc.s[sc.i] == '1') {
		sc.i++
		return sc.s[sc.i-1] == '1', true
	}
	return false, false
}

// curveSteps is how many straight pieces a curve is flattened into for
// bounding boxes (lengths are measured on the curves, svglength.go).
const curveSteps = 24

// maxPathPoints bounds the flattened points of one path (hostile data).
const maxPathPoints = 1 << 20

// pathSeg is one piece of an outline as Blink builds it (its Path, a
// Skia path): a moveto, a line, a cubic Bézier (quadratics raised to
// cubics, arcs converted to cubics) or a conic (the rational quadratic
// quarters of circles, ellipses and rounded rects).
type pathSeg struct {
	kind byte  // 'M', 'L', 'C' or 'K'
	p    [4]pt // M: p[0]; L: p[0]→p[1]; C: p[0], controls p[1], p[2], end p[3]; K: p[0], control p[1], end p[2]
	w    float64
}

// end is where the segment leaves the current point.
func (s pathSeg) end() pt {
	switch s.kind {
	case 'M':
		return s.p[0]
	case 'L':
		return s.p[1]
	case 'K':
		return s.p[2]
	}
	return s.p[3]
}

// flattenPath turns path data into subpaths of points (curves and arcs
// flattened), reading up to the first error as browsers render.
func flattenPath(d string) [][]pt { return flattenSegs(parsePathSegs(d)) }

// flattenSegs turns segments into subpaths of points, each curve into
// curveSteps chords.
func flattenSegs(segs []pathSeg) [][]pt {
	var subs [][]pt
	var cur []pt
	total := 0
	emit := func(q pt) {
		if total < maxPathPoints {
			cur = append(cur, q)
			total++
		}
	}
	for _, s := range segs {
		switch s.kind {
		case 'M':
			if len(cur) > 0 {
				subs = append(subs, cur)
			}
			cur = nil
			emit(s.p[0])
		case 'L':
			emit(s.p[1])
		case 'C':
			for i := 1; i <= curveSteps; i++ {
				emit(cubicAt(s.p, float64(i)/curveSteps))
			}
		case 'K':
			for i := 1; i <= curveSteps; i++ {
				emit(conicAt(s, float64(i)/curveSteps))
			}
		}
	}
	if len(cur) > 0 {
		subs = append(subs, cur)
	}
	return subs
}

// parsePathSegs reads path data into segments, up to the first error as
// browsers render: relative and shorthand commands made absolute,
// quadratics raised to cubics, arcs converted to cubics as Blink's path
// normalizer does.
// https://svgwg.org/svg2-draft/paths.html#PathDataBNF
func parsePathSegs(d string) []pathSeg {
	var segs []pathSeg
	sc := pathScanner{s: d}
	var p, start, ctrl pt // current point, subpath start, last control point
	var prev byte
	add := func(s pathSeg) {
		if len(segs) < maxPathPoints {
			segs = append(segs, s)
		}
		p = s.end()
	}
	var cmd byte
	for {
		sc.skipSep()
		if sc.i >= len(sc.s) {
			break
		}
		c := sc.s[sc.i]
		if strings.IndexByte("MmLlHhVvCcSsQqTtAaZz", c) >= 0 {
			cmd = c
			sc.i++
		} else if cmd == 0 || cmd == 'Z' || cmd == 'z' {
			break
		} else if cmd == 'M' {
			cmd = 'L' // coordinates after a moveto are linetos
		} else if cmd == 'm' {
			cmd = 'l'
		}
		if prev == 0 && cmd != 'M' && cmd != 'm' {
			break // path data must start with a moveto
		}
		rel := cmd >= 'a'
		var buf [6]float64
		nums := func(n int) ([]float64, bool) {
			out := buf[:n]
			for i := range out {
				sc.skipSep()
				f, ok := sc.number()
				if !ok {
					return nil, false
				}
				out[i] = f
			}
			return out, true
		}
		abs := func(x, y float64) pt {
			if rel {
				return pt{p.x + x, p.y + y}
			}
			return pt{x, y}
		}
		upper := cmd &^ 0x20
		switch upper {
		case 'Z':
			if len(segs) > 0 {
				add(pathSeg{kind: 'L', p: [4]pt{p, start}})
			}
			p = start
		case 'M':
			a, ok := nums(2)
			if !ok {
				return segs
			}
			q := abs(a[0], a[1])
			if prev == 0 {
				q = pt{a[0], a[1]} // a leading m is absolute
			}
			add(pathSeg{kind: 'M', p: [4]pt{q}})
			start = q
		case 'L', 'H', 'V':
			n := 2
			if upper != 'L' {
				n = 1
			}
			a, ok := nums(n)
			if !ok {
				return segs
			}
			q := p
			switch upper {
			case 'L':
				q = abs(a[0], a[1])
			case 'H':
				q.x = a[0]
				if rel {
					q.x += p.x
				}
			case 'V':
				q.y = a[0]
				if rel {
					q.y += p.y
				}
			}
			add(pathSeg{kind: 'L', p: [4]pt{p, q}})
		case 'C', 'S', 'Q', 'T':
			var c1, c2, end pt
			switch upper {
			case 'C':
				a, ok := nums(6)
				if !ok {
					return segs
				}
				c1, c2, end = abs(a[0], a[1]), abs(a[2], a[3]), abs(a[4], a[5])
			case 'S':
				a, ok := nums(4)
				if !ok {
					return segs
				}
				c1 = p
				if prev == 'C' || prev == 'S' {
					c1 = pt{2*p.x - ctrl.x, 2*p.y - ctrl.y}
				}
				c2, end = abs(a[0], a[1]), abs(a[2], a[3])
			case 'Q', 'T':
				var q pt
				if upper == 'Q' {
					a, ok := nums(4)
					if !ok {
						return segs
					}
					q, end = abs(a[0], a[1]), abs(a[2], a[3])
				} else {
					a, ok := nums(2)
					if !ok {
						return segs
					}
					q = p
					if prev == 'Q' || prev == 'T' {
						q = pt{2*p.x - ctrl.x, 2*p.y - ctrl.y}
					}
					end = abs(a[0], a[1])
				}
				// the quadratic as a cubic
				c1 = pt{p.x + 2.0/3*(q.x-p.x), p.y + 2.0/3*(q.y-p.y)}
				c2 = pt{end.x + 2.0/3*(q.x-end.x), end.y + 2.0/3*(q.y-end.y)}
				ctrl = q
			}
			if upper == 'C' || upper == 'S' {
				ctrl = c2
			}
			add(pathSeg{kind: 'C', p: [4]pt{p, c1, c2, end}})
		case 'A':
			sc.skipSep()
			a, ok := nums(3)
			if !ok {
				return segs
			}
			rx, ry, phi := a[0], a[1], a[2]
			large, ok1 := sc.flag()
			sweep, ok2 := sc.flag()
			b, ok3 := nums(2)
			if !ok1 || !ok2 || !ok3 {
				return segs
			}
			end := abs(b[0], b[1])
			for _, s := range arcCubics(p, end, rx, ry, phi, large, sweep) {
				add(s)
			}
			p = end
		}
		prev = upper
	}
	return segs
}

// arcCubics converts an elliptical arc from p to end (endpoint
// parameterization) to cubic Béziers as Blink's path normalizer does, in
// single precision as it does (an arc whose radii are scaled up to reach
// its end has its center where float rounding puts it, which moves a
// long thin arc's length in the fourth digit): the ellipse mapped onto the
// unit circle, its center found there, the sweep cut into the fewest
// pieces of at most 90° (plus a thousandth), each a cubic with control
// arms of 4/3·tan(θ/4). A zero radius is a line; equal endpoints draw
// nothing.
// https://svgwg.org/svg2-draft/implnote.html#ArcCorrectionOutOfRangeRadii
func arcCubics(p, end pt, rx64, ry64, phiDeg float64, large, sweep bool) []pathSeg {
	if p == end {
		return nil
	}
	rx, ry := f32(math.Abs(rx64)), f32(math.Abs(ry64))
	if rx == 0 || ry == 0 {
		return []pathSeg{{kind: 'L', p: [4]pt{p, end}}}
	}
	p32 := pt{float64(f32(p.x)), float64(f32(p.y))}
	e32 := pt{float64(f32(end.x)), float64(f32(end.y))}
	// the transforms are doubles, their results floats
	sinPhi, cosPhi := math.Sincos(float64(f32(phiDeg)) * math.Pi / 180)
	rotate := func(q pt, s float64) (float32, float32) { // by -phi (s=1) or phi (s=-1)
		return f32(cosPhi*q.x + s*sinPhi*q.y), f32(-s*sinPhi*q.x + cosPhi*q.y)
	}
	mx, my := (f32(p32.x)-f32(e32.x))*0.5, (f32(p32.y)-f32(e32.y))*0.5
	x1, y1 := rotate(pt{float64(mx), float64(my)}, 1)
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		s := sqrt32(l)
		rx, ry = rx*s, ry*s
	}
	irx, iry := 1/rx, 1/ry
	toUnit := func(q pt) (float32, float32) { // one double matrix, one rounding
		return f32(float64(irx) * (cosPhi*q.x + sinPhi*q.y)), f32(float64(iry) * (-sinPhi*q.x + cosPhi*q.y))
	}
	ax, ay := toUnit(p32)
	bx, by := toUnit(e32)
	ddx, ddy := bx-ax, by-ay
	dd := ddx*ddx + ddy*ddy
	scale := sqrt32(max(1/dd-0.25, 0))
	if sweep == large {
		scale = -scale
	}
	ddx, ddy = ddx*scale, ddy*scale
	cx, cy := (ax+bx)*0.5-ddy, (ay+by)*0.5+ddx
	th1 := f32(math.Atan2(float64(ay-cy), float64(ax-cx)))
	th2 := f32(math.Atan2(float64(by-cy), float64(bx-cx)))
	arc := th2 - th1
	const twoPi, halfPi = float32(2 * math.Pi), float32(math.Pi / 2)
	if arc < 0 && sweep {
		arc += twoPi
	} else if arc > 0 && !sweep {
		arc -= twoPi
	}
	n := int(math.Ceil(math.Abs(float64(arc / (halfPi + 0.001)))))
	if n < 1 || n > 4 || math.IsNaN(float64(arc)) {
		return []pathSeg{{kind: 'L', p: [4]pt{p, end}}}
	}
	fromUnit := func(x, y float32) pt { // scale by r, rotate by phi
		u, v := float64(rx)*float64(x), float64(ry)*float64(y)
		return pt{float64(f32(cosPhi*u - sinPhi*v)), float64(f32(sinPhi*u + cosPhi*v))}
	}
	out := make([]pathSeg, 0, n)
	from := p
	for i := 0; i < n; i++ {
		a := th1 + float32(i)*arc/float32(n)
		b := th1 + float32(i+1)*arc/float32(n)
		t := float32(8.0/6) * f32(math.Tan(float64(0.25*(b-a))))
		sa, ca := f32(math.Sin(float64(a))), f32(math.Cos(float64(a)))
		sb, cb := f32(math.Sin(float64(b))), f32(math.Cos(float64(b)))
		tx, ty := cb+cx, sb+cy
		c1 := fromUnit(ca-t*sa+cx, sa+t*ca+cy)
		c2 := fromUnit(tx+t*sb, ty-t*cb)
		to := fromUnit(tx, ty)
		if i == n-1 {
			to = end
		}
		out = append(out, pathSeg{kind: 'C', p: [4]pt{from, c1, c2, to}})
		from = to
	}
	return out
}

func f32(x float64) float32 { return float32(x) }

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// svgLength reads a length attribute in user units: a number, px or
// another absolute unit, em relative to fontSize; percentages and
// unknown units give def.
func svgLength(v string, fontSize, def float64) float64 {
	v = strings.TrimSpace(v)
	if v == "" {
		return def
	}
	sc := pathScanner{s: v}
	f, ok := sc.number()
	if !ok {
		return def
	}
	switch unit := ascii.Lower(strings.TrimSpace(v[sc.i:])); unit {
	case "":
		return f
	case "em":
		return f * fontSize
	case "ex":
		return f * fontSize / 2
	default:
		if k, ok := absoluteLengths[unit]; ok {
			return f * k
		}
	}
	return def
}

// svgAttrLength is n's geometry attribute name (x, y, width, height,
// cx, cy, r, rx, ry, x1, y1, x2, y2) in user units, 0 when missing or
// invalid; a percentage is of the width (x, cx, width, rx, x1, x2) or
// the height (the y ones) of n's nearest viewport in its user units, r's
// of its normalized diagonal: jdenticon's background `<rect
// width="100%" height="100%">` is as large as its svg's viewBox.
// https://svgwg.org/svg2-draft/coords.html#Units
func (w *Window) svgAttrLength(n *dom.Node, name string) float64 {
	v, ok := n.GetAttribute(name)
	if !ok {
		return 0
	}
	if !strings.HasSuffix(strings.TrimSpace(v), "%") {
		return svgLength(v, w.fontSize(n), 0)
	}
	vw, vh := w.viewportUserSize(n)
	ref := vw
	switch name {
	case "y", "cy", "height", "ry", "y1", "y2":
		ref = vh
	case "r":
		// in single precision, as Chromium resolves it
		d := f32(math.Sqrt(float64(f32(vw*vw+vh*vh) / 2)))
		pct := svgLengthOf(n, name, 0, 100, 0)
		return float64(f32(pct) * d / 100)
	}
	return svgLengthOf(n, name, 0, ref, 0)
}

// firstLength is the first length of a list attribute (x, y, dx, dy of
// text), or false.
func (w *Window) firstLength(n *dom.Node, name string) (float64, bool) {
	v, ok := n.GetAttribute(name)
	if !ok {
		return 0, false
	}
	v = strings.TrimSpace(v)
	if i := strings.IndexAny(v, " ,\t\n"); i >= 0 {
		v = v[:i]
	}
	if v == "" {
		return 0, false
	}
	return svgLength(v, w.fontSize(n), 0), true
}

// svgOutline is the outline of a basic shape or path as flattened
// subpaths, and whether n is a shape at all.
func (w *Window) svgOutline(n *dom.Node) ([][]pt, bool) {
	segs, ok := w.svgSegments(n)
	if !ok {
		return nil, false
	}
	return flattenSegs(segs), true
}

// maxSVGDepth bounds the recursion of getBBox through groups and use.
const maxSVGDepth = 64

// svgBBox is n's bounding box in its own user space (its own transform
// left out, its children's applied).
// https://svgwg.org/svg2-draft/coords.html#BoundingBoxes
func (w *Window) svgBBox(n *dom.Node, depth int) bbox {
	var b bbox
	if depth > maxSVGDepth || n.Namespace != "svg" {
		return b
	}
	if subs, ok := w.svgOutline(n); ok {
		for _, s := range subs {
			for _, p := range s {
				b.add(p.x, p.y)
			}
		}
		return b
	}
	switch n.Data {
	case "text":
		return w.textBBox(n)
	case "tspan", "textPath":
		// measured within its text element
		if t := textAncestor(n); t != nil {
			return w.textLayout(t).boxOf(n)
		}
		return b
	case "image", "foreignObject":
		x, y := w.svgAttrLength(n, "x"), w.svgAttrLength(n, "y")
		b.add(x, y)
		b.add(x+w.svgAttrLength(n, "width"), y+w.svgAttrLength(n, "height"))
		return b
	case "use":
		if ref := w.useTarget(n); ref != nil {
			x, y := w.svgAttrLength(n, "x"), w.svgAttrLength(n, "y")
			inner := w.svgBBox(ref, depth+1)
			if ref.Data != "symbol" {
				inner = inner.transformed(parseSVGTransform(ref.Attribute("transform")))
			} else {
				inner = inner.transformed(w.symbolTransform(n, ref))
			}
			return inner.transformed(affine{1, 0, 0, 1, x, y})
		}
		return b
	}
	for c := n.First(); c != nil; c = c.Next() {
		if !c.IsElement() || c.Namespace != "svg" || !svgRendered(c) {
			continue
		}
		b.union(w.svgBBox(c, depth+1).transformed(w.svgLocalTransform(c)))
	}
	return b
}

// svgRendered reports whether an SVG child counts in its parent's box:
// graphics and containers not hidden by display="none" (defs, clip paths,
// markers and the like never do).
func svgRendered(c *dom.Node) bool {
	switch c.Data {
	case "defs", "clipPath", "mask", "marker", "pattern", "symbol", "linearGradient", "radialGradient",
		"filter", "title", "desc", "metadata", "style", "script":
		return false
	}
	if v, ok := c.GetAttribute("display"); ok && strings.TrimSpace(v) == "none" {
		return false
	}
	if st, ok := c.GetAttribute("style"); ok && strings.Contains(strings.ReplaceAll(st, " ", ""), "display:none") {
		return false
	}
	return true
}

func (w *Window) useTarget(n *dom.Node) *dom.Node {
	ref, ok := n.GetAttribute("href")
	if !ok {
		ref, ok = n.GetAttributeNS("http://www.w3.org/1999/xlink", "href")
	}
	id, found := strings.CutPrefix(strings.TrimSpace(ref), "#")
	if !ok || !found || id == "" {
		return nil
	}
	root := n.Root()
	if root == nil {
		return nil
	}
	return root.GetElementByID(id)
}

func textAncestor(n *dom.Node) *dom.Node {
	for a := n; a != nil && a.Namespace == "svg"; a = a.ParentElement() {
		if a.Data == "text" {
			return a
		}
	}
	return nil
}

// svgCTM is getCTM's matrix: the transforms from n's user space up to
// its outermost <svg>'s viewport (n's own included): transform
// attributes, and the viewBox of each <svg> on the way (placed at its x
// and y when it is nested).
func (w *Window) svgCTM(n *dom.Node) affine {
	m := identityAffine
	for a, i := n, 0; a != nil && a.Namespace == "svg" && i < maxBoxDepth; a, i = a.ParentElement(), i+1 {
		m = w.svgLocalTransform(a).mul(m)
		if a.Data == "svg" && replacedElement(a) {
			break
		}
	}
	return m
}

// pointInFill says whether q is in the fill of the subpaths polys (each
// closed), by the nonzero or the even-odd rule. A point on the outline of
// a subpath that encloses an area is inside, as Chromium answers
// isPointInFill; a subpath of no area (a line) has no fill.
// https://svgwg.org/svg2-draft/painting.html#FillRuleProperty
func pointInFill(polys [][]pt, q pt, evenOdd bool) bool {
	const eps = 1e-9
	winding := 0
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		area := 0.0
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			area += a.x*b.y - b.x*a.y
		}
		if math.Abs(area) < eps {
			continue
		}
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			cross := (b.x-a.x)*(q.y-a.y) - (q.x-a.x)*(b.y-a.y)
			if math.Abs(cross) < eps && q.x >= math.Min(a.x, b.x)-eps && q.x <= math.Max(a.x, b.x)+eps &&
				q.y >= math.Min(a.y, b.y)-eps && q.y <= math.Max(a.y, b.y)+eps {
				return true // on the outline
			}
			switch {
			case a.y <= q.y && b.y > q.y && cross > 0:
				winding++
			case a.y > q.y && b.y <= q.y && cross < 0:
				winding--
			}
		}
	}
	if evenOdd {
		return winding%2 != 0
	}
	return winding != 0
}

// svgTextBox tells whether n is an SVG text element, the one element
// inside an <svg> besides a foreignObject that Chromium lays out as a
// block box (its tspans are inline boxes, its shapes and groups no boxes
// at all: svgGraphic).
func svgTextBox(n *dom.Node) bool {
	return n.Namespace == "svg" && n.Data == "text"
}

// svgTextSizes are the client and scroll sizes and client edges of an
// SVG text element (whole pixels).
type svgTextSizes struct {
	width, height             int
	scrollWidth, scrollHeight int
	left, top                 int
}

// svgTextClient is what Chromium reads of an SVG text element's block
// box: a box from its user space's origin to the right and bottom of its
// bounding box there (its own transform left out), so its client width
// is the bounding box's right less its borders (dagre-d3's labels at
// x=1 and 87.94px wide have a clientWidth of 89; a text reaching left of
// the origin only its part right of it); its scroll sizes are at least
// the box's own width and height; its client edges are its borders. The
// box is of the text's advances, not of its glyphs' ink, which may stick
// out past them: JustGage's "1234", centred at 111 on 58.86px of
// advances, reaches 140.43 (a clientWidth of 140) where its bounding
// box, with the ink of the 4, reaches 140.71.
func (w *Window) svgTextClient(n *dom.Node) (s svgTextSizes) {
	if !w.boxOf(n).rendered {
		return s
	}
	b := w.textLayout(n).box(n, false)
	if !b.ok {
		return s
	}
	bl, br := w.computedPx(n, "border-left-width"), w.computedPx(n, "border-right-width")
	bt, bb := w.computedPx(n, "border-top-width"), w.computedPx(n, "border-bottom-width")
	s.left, s.top = int(math.Round(bl)), int(math.Round(bt))
	s.width = max(int(math.Round(b.x1-bl-br)), 0)
	s.height = max(int(math.Round(b.y1-bt-bb)), 0)
	s.scrollWidth = int(math.Round(b.x1 - b.x0))
	s.scrollHeight = int(math.Round(b.y1 - b.y0))
	return s
}
