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

// curveSteps is how many straight pieces a Bézier segment is flattened into.
const curveSteps = 24

// maxPathPoints bounds the flattened points of one path (hostile data).
const maxPathPoints = 1 << 20

// flattenPath turns path data into subpaths of points (curves and arcs
// flattened), reading up to the first error as browsers render.
func flattenPath(d string) [][]pt {
	var subs [][]pt
	var cur []pt
	sc := pathScanner{s: d}
	var p, start, ctrl pt // current point, subpath start, last control point
	var prev byte
	total := 0
	emit := func(q pt) {
		if total < maxPathPoints {
			cur = append(cur, q)
			total++
		}
		p = q
	}
	moveTo := func(q pt) {
		if len(cur) > 0 {
			subs = append(subs, cur)
		}
		cur = nil
		emit(q)
		start = q
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
		nums := func(n int) ([]float64, bool) {
			out := make([]float64, n)
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
			if len(cur) > 0 {
				emit(start)
			}
			p = start
		case 'M':
			a, ok := nums(2)
			if !ok {
				return append(subs, cur)
			}
			if prev == 0 {
				rel = false // a leading m is absolute
				if cmd == 'm' {
					moveTo(pt{a[0], a[1]})
					break
				}
			}
			moveTo(abs(a[0], a[1]))
		case 'L', 'H', 'V':
			n := 2
			if upper != 'L' {
				n = 1
			}
			a, ok := nums(n)
			if !ok {
				return append(subs, cur)
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
			emit(q)
		case 'C', 'S', 'Q', 'T':
			var c1, c2, end pt
			switch upper {
			case 'C':
				a, ok := nums(6)
				if !ok {
					return append(subs, cur)
				}
				c1, c2, end = abs(a[0], a[1]), abs(a[2], a[3]), abs(a[4], a[5])
			case 'S':
				a, ok := nums(4)
				if !ok {
					return append(subs, cur)
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
						return append(subs, cur)
					}
					q, end = abs(a[0], a[1]), abs(a[2], a[3])
				} else {
					a, ok := nums(2)
					if !ok {
						return append(subs, cur)
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
			p0 := p
			for i := 1; i <= curveSteps; i++ {
				t := float64(i) / curveSteps
				u := 1 - t
				emit(pt{
					u*u*u*p0.x + 3*u*u*t*c1.x + 3*u*t*t*c2.x + t*t*t*end.x,
					u*u*u*p0.y + 3*u*u*t*c1.y + 3*u*t*t*c2.y + t*t*t*end.y,
				})
			}
			if upper == 'C' || upper == 'S' {
				ctrl = c2
			}
		case 'A':
			sc.skipSep()
			a, ok := nums(3)
			if !ok {
				return append(subs, cur)
			}
			large, ok1 := sc.flag()
			sweep, ok2 := sc.flag()
			b, ok3 := nums(2)
			if !ok1 || !ok2 || !ok3 {
				return append(subs, cur)
			}
			end := abs(b[0], b[1])
			for _, q := range arcPoints(p, end, a[0], a[1], a[2], large, sweep) {
				emit(q)
			}
		}
		prev = upper
	}
	if len(cur) > 0 {
		subs = append(subs, cur)
	}
	return subs
}

// arcPoints flattens an elliptical arc from p to end (endpoint
// parameterization converted to center form), ending with end.
// https://svgwg.org/svg2-draft/implnote.html#ArcConversionEndpointToCenter
func arcPoints(p, end pt, rx, ry, phiDeg float64, large, sweep bool) []pt {
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 || p == end {
		return []pt{end}
	}
	sinPhi, cosPhi := math.Sincos(phiDeg * math.Pi / 180)
	dx, dy := (p.x-end.x)/2, (p.y-end.y)/2
	x1 := cosPhi*dx + sinPhi*dy
	y1 := -sinPhi*dx + cosPhi*dy
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		s := math.Sqrt(l)
		rx, ry = rx*s, ry*s
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	co := 0.0
	if num > 0 && den > 0 {
		co = math.Sqrt(num / den)
	}
	if large == sweep {
		co = -co
	}
	cx1, cy1 := co*rx*y1/ry, -co*ry*x1/rx
	cx := cosPhi*cx1 - sinPhi*cy1 + (p.x+end.x)/2
	cy := sinPhi*cx1 + cosPhi*cy1 + (p.y+end.y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	th1 := angle(1, 0, (x1-cx1)/rx, (y1-cy1)/ry)
	dth := angle((x1-cx1)/rx, (y1-cy1)/ry, (-x1-cx1)/rx, (-y1-cy1)/ry)
	if !sweep && dth > 0 {
		dth -= 2 * math.Pi
	} else if sweep && dth < 0 {
		dth += 2 * math.Pi
	}
	steps := int(math.Ceil(math.Abs(dth) / (math.Pi / 32)))
	if steps < 1 {
		steps = 1
	}
	out := make([]pt, 0, steps)
	for i := 1; i < steps; i++ {
		th := th1 + dth*float64(i)/float64(steps)
		s, c := math.Sincos(th)
		out = append(out, pt{cx + rx*c*cosPhi - ry*s*sinPhi, cy + rx*c*sinPhi + ry*s*cosPhi})
	}
	return append(out, end)
}

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

func (w *Window) svgAttrLength(n *dom.Node, name string) float64 {
	v, ok := n.GetAttribute(name)
	if !ok {
		return 0
	}
	return svgLength(v, w.fontSize(n), 0)
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
// https://svgwg.org/svg2-draft/shapes.html
func (w *Window) svgOutline(n *dom.Node) ([][]pt, bool) {
	l := func(name string) float64 { return w.svgAttrLength(n, name) }
	switch n.Data {
	case "path":
		return flattenPath(n.Attribute("d")), true
	case "rect":
		x, y, wd, ht := l("x"), l("y"), l("width"), l("height")
		if wd <= 0 || ht <= 0 {
			return nil, true
		}
		rx, okx := n.GetAttribute("rx")
		ry, oky := n.GetAttribute("ry")
		rxf, ryf := svgLength(rx, 16, -1), svgLength(ry, 16, -1)
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
		if rxf == 0 || ryf == 0 {
			return [][]pt{{{x, y}, {x + wd, y}, {x + wd, y + ht}, {x, y + ht}, {x, y}}}, true
		}
		d := "M" + fmtNums(x+rxf, y, x+wd-rxf, y) + "A" + fmtNums(rxf, ryf, 0, 0, 1, x+wd, y+ryf) +
			"L" + fmtNums(x+wd, y+ht-ryf) + "A" + fmtNums(rxf, ryf, 0, 0, 1, x+wd-rxf, y+ht) +
			"L" + fmtNums(x+rxf, y+ht) + "A" + fmtNums(rxf, ryf, 0, 0, 1, x, y+ht-ryf) +
			"L" + fmtNums(x, y+ryf) + "A" + fmtNums(rxf, ryf, 0, 0, 1, x+rxf, y) + "Z"
		return flattenPath(d), true
	case "circle", "ellipse":
		cx, cy := l("cx"), l("cy")
		rx, ry := l("r"), l("r")
		if n.Data == "ellipse" {
			rx, ry = l("rx"), l("ry")
		}
		if rx <= 0 || ry <= 0 {
			return nil, true
		}
		d := "M" + fmtNums(cx+rx, cy) + "A" + fmtNums(rx, ry, 0, 0, 1, cx-rx, cy) +
			"A" + fmtNums(rx, ry, 0, 0, 1, cx+rx, cy) + "Z"
		return flattenPath(d), true
	case "line":
		return [][]pt{{{l("x1"), l("y1")}, {l("x2"), l("y2")}}}, true
	case "polyline", "polygon":
		nums := svgNumbers(n.Attribute("points"))
		var ps []pt
		for i := 0; i+1 < len(nums); i += 2 {
			ps = append(ps, pt{nums[i], nums[i+1]})
		}
		if n.Data == "polygon" && len(ps) > 0 {
			ps = append(ps, ps[0])
		}
		return [][]pt{ps}, true
	}
	return nil, false
}

func fmtNums(fs ...float64) string {
	var b []byte
	for i, f := range fs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendFloat(b, f, 'g', -1, 64)
	}
	return string(b)
}

func polylineLength(subs [][]pt) float64 {
	total := 0.0
	for _, s := range subs {
		for i := 1; i < len(s); i++ {
			total += math.Hypot(s[i].x-s[i-1].x, s[i].y-s[i-1].y)
		}
	}
	return total
}

// pointAtLength walks the outline to distance d, clamped to its ends; a
// moveto between subpaths adds no length.
func pointAtLength(subs [][]pt, d float64) pt {
	var last pt
	for k, s := range subs {
		if len(s) == 0 {
			continue
		}
		if k == 0 && (d <= 0 || math.IsNaN(d)) {
			return s[0]
		}
		last = s[0]
		for i := 1; i < len(s); i++ {
			seg := math.Hypot(s[i].x-s[i-1].x, s[i].y-s[i-1].y)
			if seg > 0 && seg >= d {
				t := d / seg
				return pt{s[i-1].x + t*(s[i].x-s[i-1].x), s[i-1].y + t*(s[i].y-s[i-1].y)}
			}
			d -= seg
			last = s[i]
		}
	}
	return last
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
