package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Transforms in the geometry scripts read: getBoundingClientRect(),
// getClientRects() and what IntersectionObserver sees are the bounding
// box of the border box under the transforms of the element and of the
// boxes it is in (each about its transform-origin), as Chromium gives
// them; offsetTop, offsetLeft, offsetWidth and the flow estimate itself
// ignore transforms, as layout does. A box's transform is its translate,
// rotate and scale properties and then its transform list.
// https://drafts.csswg.org/css-transforms-2/#ctm
// https://drafts.csswg.org/cssom-view/#dom-element-getboundingclientrect

// transformProps are the properties that make up a box's transform.
var transformProps = [...]string{"translate", "rotate", "scale", "transform"}

// transformed tells whether n's box may be transformed: one of the
// transform properties is declared on it other than none, or it is
// animated (an animation may move it). Memoized with the box's style.
func (f *flowLayout) transformed(n *dom.Node) bool {
	b := f.box(n)
	if b.known&knownTransform == 0 {
		b.known |= knownTransform
		b.transformed = f.w.declaresTransform(n)
	}
	return b.transformed
}

func (w *Window) declaresTransform(n *dom.Node) bool {
	if n.Namespace != "" && !outerSVG(n) {
		// SVG content: its geometry applies its transforms
		// (svgviewport.go); an outermost <svg> is a CSS box, which its
		// transform moves with its content (Carbon's and Docute's
		// chevrons, rotated by a class)
		return false
	}
	if a := w.anim; a != nil && a.byTarget[n] > 0 {
		return true
	}
	for _, p := range transformProps {
		if v, ok := w.cascaded(n, p); ok && !ascii.EqualFold(strings.TrimSpace(v), "none") {
			return true
		}
	}
	return false
}

// boxTransform is the matrix n's transform maps points of the document
// with, n's border box lying at r: the translate, rotate and scale
// properties and the transform list, about the transform-origin. ok is
// false when n has none, or one this does not read (then n is taken as
// not transformed), and for a non-atomic inline box, which transforms do
// not apply to (an inline element absolutely positioned, floated or a
// flex item is blockified, and they do: dhtmlx-gantt's scale labels).
func (w *Window) boxTransform(n *dom.Node, r flowBounds) (m *matrixImpl, ok bool) {
	d := w.display(n)
	if d == "inline" && !replacedElement(n) {
		d = w.computedDisplay(n)
	}
	if d == "inline" && !replacedElement(n) || d == "contents" || d == "none" {
		return nil, false
	}
	var ctx lazyContext
	m = newIdentity()
	any := false
	for _, p := range transformProps {
		v, _ := w.computedValue(n, p)
		v = strings.TrimSpace(v)
		if v == "" || ascii.EqualFold(v, "none") {
			continue
		}
		var err bool
		switch p {
		case "translate":
			err = !w.applyTranslateProp(n, m, v, r, &ctx)
		case "rotate":
			err = !applyRotateProp(m, v)
		case "scale":
			err = !applyScaleProp(m, v)
		case "transform":
			err = !w.applyTransformList(n, m, v, r, &ctx)
		}
		if err {
			return nil, false
		}
		any = true
	}
	if !any {
		return nil, false
	}
	ox, oy := w.originPx(n, r, &ctx)
	// T(origin) · m · T(-origin), in document coordinates
	ox, oy = ox+r.left, oy+r.top
	out := newIdentity()
	out.translate(ox, oy, 0)
	out.postMultiply(m.m)
	out.translate(-ox, -oy, 0)
	out.is2D = m.is2D
	return out, true
}

// transformArgOf evaluates one argument of a transform function or
// property (its lengths in px, its percentages of basis when basis is not
// NaN).
func (w *Window) transformArgOf(n *dom.Node, s string, basis float64, ctx *lazyContext) (transformArg, bool) {
	if !ctx.known {
		ctx.c, ctx.known = w.unitContext(n), true
	}
	c := ctx.c
	c.HasPercentBasis = !math.IsNaN(basis)
	if c.HasPercentBasis {
		c.PercentBasis = basis
	}
	x, ok := cssvalue.Eval(strings.TrimSpace(s), &c)
	if !ok {
		return transformArg{}, false
	}
	switch x.Kinds {
	case cssvalue.Num:
		return transformArg{x.Num, ""}, true
	case cssvalue.Px:
		return transformArg{x.Px, "px"}, true
	case cssvalue.Pct:
		return transformArg{x.Pct, "%"}, true
	case cssvalue.Deg:
		return transformArg{x.Deg, "deg"}, true
	}
	return transformArg{}, false
}

// applyTransformList post-multiplies m by the functions of a transform
// list, whose percentages are of n's border box r.
// https://drafts.csswg.org/css-transforms-1/#transform-property
func (w *Window) applyTransformList(n *dom.Node, m *matrixImpl, v string, r flowBounds, ctx *lazyContext) bool {
	var args []transformArg
	for _, fn := range splitComponents(v) {
		open := strings.IndexByte(fn, '(')
		if open <= 0 || !strings.HasSuffix(fn, ")") {
			return false
		}
		name := ascii.Lower(fn[:open])
		args = args[:0]
		for i, a := range splitTopLevelCommas(fn[open+1 : len(fn)-1]) {
			basis := math.NaN()
			switch {
			case name == "translatex", (name == "translate" || name == "translate3d") && i == 0:
				basis = r.width
			case name == "translatey", (name == "translate" || name == "translate3d") && i == 1:
				basis = r.height
			}
			x, ok := w.transformArgOf(n, a, basis, ctx)
			if !ok {
				return false
			}
			args = append(args, x)
		}
		if applyTransformFunction(m, name, args) != nil {
			return false
		}
	}
	return true
}

// applyTranslateProp applies the translate property: x [y [z]], the
// percentages of the border box's width and height.
// https://drafts.csswg.org/css-transforms-2/#individual-transforms
func (w *Window) applyTranslateProp(n *dom.Node, m *matrixImpl, v string, r flowBounds, ctx *lazyContext) bool {
	parts := strings.Fields(v)
	if strings.Contains(v, "(") {
		parts = splitComponents(v)
	}
	if len(parts) > 3 {
		return false
	}
	var t [3]float64
	for i, p := range parts {
		basis := math.NaN()
		if i < 2 {
			basis = [2]float64{r.width, r.height}[i]
		}
		x, ok := w.transformArgOf(n, p, basis, ctx)
		if !ok {
			return false
		}
		px, err := lengthArg(x)
		if err != nil {
			return false
		}
		t[i] = px
	}
	m.translate(t[0], t[1], t[2])
	return true
}

// applyRotateProp applies the rotate property: an angle (about z), or an
// axis (x, y, z or three numbers) and an angle.
func applyRotateProp(m *matrixImpl, v string) bool {
	parts := strings.Fields(ascii.Lower(v))
	axis := [3]float64{0, 0, 1}
	var angle string
	switch len(parts) {
	case 1:
		angle = parts[0]
	case 2:
		a, b := parts[0], parts[1]
		if _, _, ok := splitNumber(a); ok {
			a, b = b, a // the angle may come first
		}
		switch a {
		case "x":
			axis = [3]float64{1, 0, 0}
		case "y":
			axis = [3]float64{0, 1, 0}
		case "z":
		default:
			return false
		}
		angle = b
	case 4:
		for i := range 3 {
			x, unit, ok := splitNumber(parts[i])
			if !ok || unit != "" {
				return false
			}
			axis[i] = x
		}
		angle = parts[3]
	default:
		return false
	}
	x, unit, ok := splitNumber(angle)
	if !ok {
		return false
	}
	deg, err := angleArg(transformArg{x, unit})
	if err != nil {
		return false
	}
	m.rotateAxisAngle(axis[0], axis[1], axis[2], deg)
	return true
}

// applyScaleProp applies the scale property: sx [sy [sz]], numbers or
// percentages; sy is sx when left out.
func applyScaleProp(m *matrixImpl, v string) bool {
	parts := strings.Fields(v)
	if len(parts) == 0 || len(parts) > 3 {
		return false
	}
	s := [3]float64{1, 1, 1}
	for i, p := range parts {
		x, unit, ok := splitNumber(p)
		if !ok {
			return false
		}
		f, err := numberArg(transformArg{x, unit}, true)
		if err != nil {
			return false
		}
		s[i] = f
	}
	if len(parts) == 1 {
		s[1] = s[0]
	}
	m.scale(s[0], s[1], s[2], 0, 0, 0)
	return true
}

// originPx is n's transform-origin in px from the top left of its border
// box r (keywords and percentages of r's size).
// https://drafts.csswg.org/css-transforms-1/#transform-origin-property
func (w *Window) originPx(n *dom.Node, r flowBounds, ctx *lazyContext) (x, y float64) {
	v, _ := w.computedValue(n, "transform-origin")
	parts := splitComponents(ascii.Lower(v))
	x, y = r.width/2, r.height/2
	switch len(parts) {
	case 0:
		return x, y
	case 1:
		if parts[0] == "top" || parts[0] == "bottom" {
			parts = []string{"center", parts[0]}
		} else {
			parts = append(parts, "center")
		}
	default:
		if parts[0] == "top" || parts[0] == "bottom" || parts[1] == "left" || parts[1] == "right" {
			parts[0], parts[1] = parts[1], parts[0]
		}
	}
	out := [2]float64{x, y}
	size := [2]float64{r.width, r.height}
	for i, p := range parts[:2] {
		switch p {
		case "left", "top":
			out[i] = 0
		case "center":
			out[i] = size[i] / 2
		case "right", "bottom":
			out[i] = size[i]
		default:
			if a, ok := w.transformArgOf(n, p, size[i], ctx); ok {
				if px, err := lengthArg(a); err == nil {
					out[i] = px
				}
			}
		}
	}
	return out[0], out[1]
}

// transformBounds maps the rect g of n (its border box, or a box inside
// it) with the transforms of n and of the boxes n is in, up to (not
// including) stop, and returns the bounding box of what it becomes.
func (w *Window) transformBounds(n, stop *dom.Node, g flowBounds) flowBounds {
	return w.transformRect(n, stop, g, g)
}

// transformRect is transformBounds of a rect g in n whose border box is
// ref (n's transform origin and percentages are ref's).
func (w *Window) transformRect(n, stop *dom.Node, g, ref flowBounds) flowBounds {
	f := w.flowOf(n.Document())
	if f == nil {
		return g
	}
	var total *matrixImpl
	for a := n; a != nil && a != stop; a = w.flatParent(a) {
		if !a.IsElement() || !f.transformed(a) {
			continue
		}
		ra, ok := ref, a == n
		if !ok {
			if ra, ok = w.flowRect(a); !ok {
				continue
			}
		}
		m, ok := w.boxTransform(a, ra)
		if !ok {
			continue
		}
		if total == nil {
			total = m
		} else {
			total.preMultiply(m.m) // the outer box's transform applies last
		}
	}
	if total == nil {
		return g
	}
	return quadBounds(total, g)
}

// quadBounds is the box around g mapped by m.
func quadBounds(total *matrixImpl, g flowBounds) flowBounds {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]float64{{g.left, g.top}, {g.left + g.width, g.top}, {g.left, g.top + g.height}, {g.left + g.width, g.top + g.height}} {
		p := total.transformPoint(pointImpl{x: c[0], y: c[1], w: 1})
		if p.w != 1 && p.w != 0 {
			p.x, p.y = p.x/p.w, p.y/p.w
		}
		minX, maxX = math.Min(minX, p.x), math.Max(maxX, p.x)
		minY, maxY = math.Min(minY, p.y), math.Max(maxY, p.y)
	}
	if math.IsNaN(minX) || math.IsNaN(minY) || math.IsInf(minX, 0) || math.IsInf(minY, 0) || math.IsInf(maxX, 0) || math.IsInf(maxY, 0) {
		return g
	}
	// Chromium maps the quad in single precision
	return flowBounds{left: float64(float32(minX)), top: float64(float32(minY)),
		width: float64(float32(maxX - minX)), height: float64(float32(maxY - minY))}
}

// clientBounds is n's border box as the geometry scripts read it, in
// document coordinates: the estimate's box under the transforms of n and
// the boxes it is in; ok is false when n has no box.
func (w *Window) clientBounds(n *dom.Node) (flowBounds, bool) {
	_, g, ok := w.geometry(n)
	if !ok || !n.IsConnected() || !w.hasFlow(n.Document()) {
		return g, ok
	}
	return w.transformBounds(n, nil, g), true
}
