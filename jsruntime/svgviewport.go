package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// SVG viewports: an <svg> maps its viewBox onto its viewport (its CSS
// content box for the outermost one, its x, y, width and height for a
// nested one) as preserveAspectRatio says. getCTM, getScreenCTM, getBBox
// through nested <svg>s and the client rects of SVG content go through
// these transforms; the outermost <svg>'s box comes from the flow
// estimate.
// https://svgwg.org/svg2-draft/coords.html#ComputingAViewportsTransform

// outermostSVG is the outermost <svg> n is in (n itself when it is one),
// or nil.
func outermostSVG(n *dom.Node) *dom.Node {
	for a, i := n, 0; a != nil && a.Namespace == "svg" && i < maxBoxDepth; a, i = a.ParentElement(), i+1 {
		if a.Data == "svg" && replacedElement(a) {
			return a
		}
	}
	return nil
}

// nearestViewport is the <svg> whose viewport n's lengths refer to: its
// nearest <svg> ancestor, or nil.
func nearestViewport(n *dom.Node) *dom.Node {
	for a, i := n.ParentElement(), 0; a != nil && a.Namespace == "svg" && i < maxBoxDepth; a, i = a.ParentElement(), i+1 {
		if a.Data == "svg" {
			return a
		}
	}
	return nil
}

// svgContentBox is the outermost svg's content box in document
// coordinates, from the flow estimate; false when it has no box there.
func (w *Window) svgContentBox(svg *dom.Node) (flowBounds, bool) {
	r, ok := w.flowRect(svg)
	if !ok {
		return r, false
	}
	f := w.flow()
	e := f.hEdgesOf(svg)
	r.left += e.borL + e.padL
	r.width = max(r.width-e.inner(), 0)
	r.top += f.edgeOf(svg, 4) + f.edgeOf(svg, 2)
	r.height = max(r.height-f.edgeOf(svg, 4)-f.edgeOf(svg, 2)-f.edgeOf(svg, 5)-f.edgeOf(svg, 3), 0)
	return r, true
}

// svgViewportSize is the width and height of the viewport svg
// establishes, in its parent's user units.
func (w *Window) svgViewportSize(svg *dom.Node, depth int) (float64, float64) {
	if replacedElement(svg) {
		if r, ok := w.svgContentBox(svg); ok {
			return r.width, r.height
		}
		return svgLength(svg.Attribute("width"), w.fontSize(svg), 300), svgLength(svg.Attribute("height"), w.fontSize(svg), 150)
	}
	pw, ph := 0.0, 0.0
	if p := nearestViewport(svg); p != nil && depth < maxSVGDepth {
		pw, ph = w.svgViewportSize(p, depth+1)
		if vb, ok := parseViewBox(p.Attribute("viewBox")); ok && vb[2] > 0 && vb[3] > 0 {
			pw, ph = vb[2], vb[3]
		}
	}
	size := w.fontSize(svg)
	return svgLengthOf(svg, "width", size, pw, pw), svgLengthOf(svg, "height", size, ph, ph)
}

// viewportUserSize is the width and height of the viewport n's
// percentages refer to, in its user units: its nearest <svg>'s, or that
// svg's viewBox's size when it has one.
func (w *Window) viewportUserSize(n *dom.Node) (float64, float64) {
	p := nearestViewport(n)
	if p == nil {
		return 0, 0
	}
	if vb, ok := parseViewBox(p.Attribute("viewBox")); ok && vb[2] > 0 && vb[3] > 0 {
		return vb[2], vb[3]
	}
	return w.svgViewportSize(p, 0)
}

// symbolTransform maps the user space of sym, a <symbol> that n (a
// <use>) instances, into n's: the symbol's viewBox onto a viewport of n's
// width and height, else the symbol's, else 100% of n's viewport, as its
// preserveAspectRatio says (an icon sprite's 72×72 symbol drawn in a
// 17px-wide svg is scaled to fit it).
// https://svgwg.org/svg2-draft/struct.html#SymbolNotes
func (w *Window) symbolTransform(n, sym *dom.Node) affine {
	pw, ph := w.viewportUserSize(n)
	size := w.fontSize(n)
	vw := svgLengthOf(n, "width", size, pw, svgLengthOf(sym, "width", size, pw, pw))
	vh := svgLengthOf(n, "height", size, ph, svgLengthOf(sym, "height", size, ph, ph))
	return viewBoxTransform(sym, vw, vh)
}

// svgLengthOf is svg length attribute name of n in user units, a
// percentage of ref; def when it is missing or invalid.
func svgLengthOf(n *dom.Node, name string, fontSize, ref, def float64) float64 {
	v, ok := n.GetAttribute(name)
	if !ok {
		return def
	}
	v = strings.TrimSpace(v)
	if p, found := strings.CutSuffix(v, "%"); found {
		sc := pathScanner{s: p}
		if f, ok := sc.number(); ok && sc.i == len(p) {
			return f * ref / 100
		}
		return def
	}
	return svgLength(v, fontSize, def)
}

// viewBoxTransform maps svg's viewBox onto a viewport of vw × vh as its
// preserveAspectRatio says; identity without a (valid) viewBox.
// https://svgwg.org/svg2-draft/coords.html#ComputingAViewportsTransform
func viewBoxTransform(svg *dom.Node, vw, vh float64) affine {
	vb, ok := parseViewBox(svg.Attribute("viewBox"))
	if !ok || vb[2] <= 0 || vb[3] <= 0 {
		return identityAffine
	}
	sx, sy := vw/vb[2], vh/vb[3]
	align, slice := "xmidymid", false
	fields := strings.Fields(ascii.Lower(svg.Attribute("preserveAspectRatio")))
	if len(fields) > 0 && fields[0] == "defer" {
		fields = fields[1:]
	}
	if len(fields) > 0 {
		align = fields[0]
		if len(fields) > 1 {
			slice = fields[1] == "slice"
		}
	}
	if align != "none" {
		s := math.Min(sx, sy)
		if slice {
			s = math.Max(sx, sy)
		}
		sx, sy = s, s
	}
	tx, ty := -vb[0]*sx, -vb[1]*sy
	switch {
	case strings.HasPrefix(align, "xmid"):
		tx += (vw - vb[2]*sx) / 2
	case strings.HasPrefix(align, "xmax"):
		tx += vw - vb[2]*sx
	}
	switch {
	case strings.HasSuffix(align, "ymid"):
		ty += (vh - vb[3]*sy) / 2
	case strings.HasSuffix(align, "ymax"):
		ty += vh - vb[3]*sy
	}
	return affine{sx, 0, 0, sy, tx, ty}
}

// svgLocalTransform maps n's user space into its parent's: its transform
// attribute, or for an <svg> its viewBox on its viewport (placed at its x
// and y when it is nested, and then by its transform attribute, as in
// Chromium 156; the outermost one's place is its CSS box's, its transform
// attribute a CSS transform: svgTransformDeclaration).
func (w *Window) svgLocalTransform(n *dom.Node) affine {
	if n.Data != "svg" {
		if m, ok := w.svgStyleTransform(n); ok {
			return m
		}
		return parseSVGTransform(n.Attribute("transform"))
	}
	vw, vh := w.svgViewportSize(n, 0)
	m := viewBoxTransform(n, vw, vh)
	if replacedElement(n) {
		return m
	}
	pw, ph := w.viewportUserSize(n)
	size := w.fontSize(n)
	x, y := svgLengthOf(n, "x", size, pw, 0), svgLengthOf(n, "y", size, ph, 0)
	m = affine{1, 0, 0, 1, x, y}.mul(m)
	if t, ok := w.svgStyleTransform(n); ok {
		m = t.mul(m)
	} else if t, ok := n.GetAttribute("transform"); ok {
		m = parseSVGTransform(t).mul(m)
	}
	return m
}

// svgStyleTransform is the transform of n, an element inside an <svg>,
// that a style rule, its style attribute or an animation gives it, which
// wins over its transform attribute (a <g class=spin> rotated by CSS), in
// its user space about its transform-origin (0 0 unless the page sets
// one: percentages and keywords of its transform-box, the nearest
// viewport or, for fill-box or stroke-box, its bounding box). False when
// none does, or when the transform has percentages.
// https://drafts.csswg.org/css-transforms/#transform-box
func (w *Window) svgStyleTransform(n *dom.Node) (affine, bool) {
	animated := w.anim != nil && w.anim.byTarget[n] > 0
	if !animated && !w.mayDeclareWhole(w.sheetsOf(n.Document()), n, "transform") {
		return affine{}, false
	}
	if _, ok := w.cascadedRaw(n, "transform"); !ok && !animated {
		return affine{}, false
	}
	v, _ := w.computedValue(n, "transform")
	if v == "none" {
		return affine{1, 0, 0, 1, 0, 0}, true
	}
	if !strings.HasPrefix(v, "matrix(") {
		return affine{}, false
	}
	m := parseSVGTransform(v)
	o, ok := w.cascadedRaw(n, "transform-origin")
	if !ok || cssWideKeywords[o] {
		return m, true
	}
	box := w.svgReferenceBox(n)
	ox, oy, ok := w.svgOrigin(n, o, box)
	if !ok {
		return m, true
	}
	ox, oy = ox+box[0], oy+box[1]
	return affine{1, 0, 0, 1, ox, oy}.mul(m).mul(affine{1, 0, 0, 1, -ox, -oy}), true
}

// svgReferenceBox is the reference box of n, an element inside an <svg>,
// for its transform-origin (x, y, width, height in user units): by its
// transform-box, its bounding box (fill-box, stroke-box) or its nearest
// viewport (view-box, the initial value for SVG).
func (w *Window) svgReferenceBox(n *dom.Node) [4]float64 {
	var box [4]float64
	switch tb, _ := w.cascaded(n, "transform-box"); tb {
	case "fill-box", "stroke-box", "content-box", "border-box":
		if b := w.svgBBox(n, 0); b.ok {
			box = [4]float64{b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0}
		}
	default:
		box[2], box[3] = w.viewportUserSize(n)
	}
	return box
}

// svgOrigin is transform-origin o of n in user units from the corner of
// its reference box box.
func (w *Window) svgOrigin(n *dom.Node, o string, box [4]float64) (x, y float64, ok bool) {
	ax, ay, _, ok := originAxes(splitComponents(o))
	if !ok {
		return 0, 0, false
	}
	ctx := w.unitContext(n)
	x, okx := originOffset(ax, box[2], ctx)
	y, oky := originOffset(ay, box[3], ctx)
	return x, y, okx && oky
}

// svgScreenCTM is getScreenCTM's matrix: n's CTM placed at its outermost
// <svg>'s content box in the viewport.
func (w *Window) svgScreenCTM(n *dom.Node) affine {
	m := w.svgCTM(n)
	if outer := outermostSVG(n); outer != nil && n.Document() == w.doc {
		if r, ok := w.svgContentBox(outer); ok {
			dx, dy := w.scrollShift(outer)
			m = affine{1, 0, 0, 1, r.left - dx, r.top - dy}.mul(m)
		}
	}
	return m
}

// svgClientBounds is the border box of an element inside an <svg> in
// document coordinates, as getBoundingClientRect gives it: its bounding
// box under its CTM, at its outermost <svg>'s content box. False when it
// is not rendered (in a <defs>, a <clipPath> or the like).
func (w *Window) svgClientBounds(n *dom.Node) (flowBounds, bool) {
	outer := outermostSVG(n)
	if outer == nil {
		return flowBounds{}, false
	}
	for a := n; a != nil && a != outer; a = a.ParentElement() {
		if !svgRendered(a) {
			return flowBounds{}, false
		}
	}
	r, ok := w.svgContentBox(outer)
	if !ok {
		return flowBounds{}, false
	}
	b := w.svgBBox(n, 0)
	if !b.ok {
		b = bbox{ok: true}
	}
	// Chromium maps the corners of the local box, in floats (its right
	// and bottom edges summed in floats), through each transform from n
	// up to the outer svg in turn (the outer svg's its viewBox's with
	// its border and padding), each in doubles with the corners rounded
	// to floats after it, then moves them by the outer svg's place in
	// the page, added in floats; the box's width and height are the
	// floats' differences. A rect's getBoundingClientRect under
	// rotate(30) is 13.66025447845459 wide, not 13.660254037844378.
	x0, y0 := float32Of(b.x0), float32Of(b.y0)
	bw, bh := float32Of(b.x1-b.x0), float32Of(b.y1-b.y0) // a rect's or an image's width and height
	if n.Data != "rect" && n.Data != "image" && n.Data != "foreignObject" {
		// a path's bounds: its edges' floats
		bw, bh = float32Of(float32Of(b.x1)-x0), float32Of(float32Of(b.y1)-y0)
	}
	x1, y1 := float32Of(x0+bw), float32Of(y0+bh)
	ps := [4]pt{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}
	f := w.flow()
	e := f.hEdgesOf(outer)
	bx, by := e.borL+e.padL, f.edgeOf(outer, 4)+f.edgeOf(outer, 2)
	for a, i := n, 0; a != nil && a.Namespace == "svg" && i < maxBoxDepth; a, i = a.ParentElement(), i+1 {
		m := w.svgLocalTransform(a)
		root := a.Data == "svg" && replacedElement(a)
		if root {
			m = affine{1, 0, 0, 1, bx, by}.mul(m)
		}
		if m != identityAffine {
			for j, p := range ps {
				q := m.apply(p)
				ps[j] = pt{float32Of(q.x), float32Of(q.y)}
			}
		}
		if root {
			break
		}
	}
	var out bbox
	for _, p := range ps {
		out.add(float32Of(p.x+r.left-bx), float32Of(p.y+r.top-by))
	}
	return flowBounds{left: out.x0, top: out.y0, width: float32Of(out.x1 - out.x0), height: float32Of(out.y1 - out.y0)}, true
}
