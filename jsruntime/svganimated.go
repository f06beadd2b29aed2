package jsruntime

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The SVG DOM's animated primitive values: SVGAnimatedNumber,
// SVGAnimatedInteger, SVGAnimatedBoolean and SVGAnimatedEnumeration
// (stop.offset, path.pathLength, gradientUnits, the filter primitives'
// k1, stdDeviationX, operator, preserveAlpha…), and
// SVGAnimatedPreserveAspectRatio. baseVal and animVal are numbers (or
// booleans), not objects: each read parses the attribute as it is now, a
// write sets it. An attribute that does not parse has its initial value.
// https://svgwg.org/svg2-draft/types.html#InterfaceSVGAnimatedNumber

// svgPrim declares one animated primitive attribute.
type svgPrim struct {
	kind byte   // 'n' number, 'i' integer, 'b' boolean, 'e' enumeration
	attr string // the content attribute
	// pair is -1 for a value of its own, 0 or 1 for the first or second
	// number of a number-optional-number attribute (stdDeviation, order)
	pair     int
	def      float64
	percent  bool     // a number may be a percentage (stop's offset)
	positive bool     // an integer must be positive (order)
	keywords []string // enumeration: the keyword of each value (0 unused)
	max      int      // enumeration: the largest value exposed (larger ones read 0)
}

// svgAnimPrim is an SVGAnimated{Number,Integer,Boolean,Enumeration} of an
// element.
type svgAnimPrim struct {
	n *dom.Node
	p *svgPrim
	// the numbers last set and the attribute text they were written as:
	// while the attribute keeps that text they read as set, unrounded
	// (a float set to 1/3 writes "0.333333" and reads 0.3333333432674408)
	wrote string
	set   [2]float64
}

var svgPrimIfaceNames = map[byte]string{'n': "SVGAnimatedNumber", 'i': "SVGAnimatedInteger", 'b': "SVGAnimatedBoolean", 'e': "SVGAnimatedEnumeration"}

// svgListFields splits a list attribute at commas and white space.
func svgListFields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	})
}

// parseSVGInteger reads an integer: a sign and digits.
func parseSVGInteger(s string) (float64, bool) {
	i, err := strconv.ParseInt(s, 10, 32)
	if err != nil || strings.HasPrefix(s, "+") && len(s) == 1 {
		return 0, false
	}
	return float64(i), true
}

// parseSVGNumber reads one number, all of s; with percent a percentage
// too (as a fraction).
func parseSVGNumber(s string, percent bool) (float64, bool) {
	sc := pathScanner{s: s}
	f, ok := sc.number()
	if !ok {
		return 0, false
	}
	switch {
	case sc.i == len(s):
		return float64(float32(f)), true
	case percent && s[sc.i:] == "%":
		return float64(float32(f / 100)), true
	}
	return 0, false
}

// values reads the attribute: its one or two values, or the defaults.
func (p *svgPrim) values(n *dom.Node) [2]float64 {
	def := [2]float64{p.def, p.def}
	v, ok := n.GetAttribute(p.attr)
	if !ok {
		return def
	}
	switch p.kind {
	case 'b':
		if v == "true" {
			return [2]float64{1, 1}
		}
		return [2]float64{}
	case 'e':
		if p.attr == "orient" {
			return [2]float64{float64(orientType(v))}
		}
		for i, k := range p.keywords {
			if i > 0 && k == v {
				if i > p.max {
					return [2]float64{}
				}
				return [2]float64{float64(i)}
			}
		}
		return def
	}
	var fields []string
	if p.pair < 0 {
		fields = []string{strings.TrimSpace(v)}
	} else {
		fields = svgListFields(v)
		if len(fields) == 0 || len(fields) > 2 {
			return def
		}
	}
	var out [2]float64
	for i, f := range fields {
		var x float64
		var ok bool
		if p.kind == 'i' {
			x, ok = parseSVGInteger(f)
			ok = ok && (!p.positive || x > 0)
		} else {
			x, ok = parseSVGNumber(f, p.percent)
		}
		if !ok {
			return def
		}
		out[i] = x
	}
	if len(fields) == 1 {
		out[1] = out[0]
	}
	return out
}

// get is the value.
func (p *svgPrim) get(n *dom.Node) float64 {
	return p.values(n)[max(p.pair, 0)]
}

// format writes one value as the attribute takes it.
func (p *svgPrim) format(f float64) string {
	if p.kind == 'i' {
		return strconv.FormatInt(int64(f), 10)
	}
	return svgNumber(float64(float32(f)))
}

// set writes value f into the attribute, and returns the text written
// and the values it stands for.
func (p *svgPrim) set(w *Window, n *dom.Node, f float64) (s string, vals [2]float64) {
	vals = [2]float64{f, f}
	switch {
	case p.kind == 'b':
		s = "false"
		if f != 0 {
			s = "true"
		}
	case p.kind == 'e' && p.attr == "orient":
		if f == 1 {
			s = "auto"
		} else {
			a := svgAngle{n: n}
			unit, num := a.get()
			s = svgNumber(num) + angleSuffixes[unit]
		}
	case p.kind == 'e':
		s = p.keywords[int(f)]
	case p.pair < 0:
		s = p.format(f)
	default:
		vals = p.values(n)
		vals[p.pair] = f
		s = p.format(vals[0]) + " " + p.format(vals[1])
	}
	w.check(n.SetAttribute(p.attr, s))
	return s, vals
}

// orientType is the marker orient attribute's SVGMarkerElement
// orientType: auto 1, an angle (or anything else) 2, auto-start-reverse
// 3, which is not exposed (0).
func orientType(v string) int {
	switch v {
	case "auto":
		return 1
	case "auto-start-reverse":
		return 0
	}
	return 2
}

func (a *svgAnimPrim) read(r *bind.Realm) goja.Value {
	var f float64
	if v, ok := a.n.GetAttribute(a.p.attr); ok && a.wrote != "" && v == a.wrote {
		f = a.set[max(a.p.pair, 0)]
	} else {
		f = a.p.get(a.n)
	}
	switch a.p.kind {
	case 'b':
		return r.Runtime.ToValue(f != 0)
	case 'n':
		return r.Float(f)
	}
	return r.Int(int(f))
}

func svgAnimPrimIface(kind byte) *bind.Interface {
	name := svgPrimIfaceNames[kind]
	return &bind.Interface{Name: name, Attributes: []bind.Attribute{
		{Name: "baseVal", Get: func(r *bind.Realm, this any) goja.Value { return this.(*svgAnimPrim).read(r) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				a := this.(*svgAnimPrim)
				var f float64
				switch kind {
				case 'n':
					f = svgFloat(r, v, "Failed to set the 'baseVal' property on '"+name+"'")
				case 'i':
					f = float64(bind.Long(v))
				case 'b':
					if bind.Boolean(v) {
						f = 1
					}
				case 'e':
					e := int(uint16(bind.UnsignedLong(v)))
					if e == 0 {
						r.ThrowTypeError("Failed to set the 'baseVal' property on '%s': The enumeration value provided is 0, which is not settable.", name)
					}
					if e > a.p.max {
						r.ThrowTypeError("Failed to set the 'baseVal' property on '%s': The enumeration value provided (%d) is larger than the largest allowed value (%d).", name, e, a.p.max)
					}
					f = float64(e)
				}
				if kind == 'n' {
					f = float64(float32(f))
				}
				s, vals := a.p.set(win(r), a.n, f)
				if kind == 'n' {
					a.wrote, a.set = s, vals
				}
			}},
		{Name: "animVal", Get: func(r *bind.Realm, this any) goja.Value { return this.(*svgAnimPrim).read(r) }},
	}}
}

var svgAnimPrimIfaces = []*bind.Interface{svgAnimPrimIface('n'), svgAnimPrimIface('i'), svgAnimPrimIface('b'), svgAnimPrimIface('e')}

// svgCached returns n's object for the SVG DOM attribute prop, made once
// by mk.
func (w *Window) svgCached(n *dom.Node, prop string, mk func() *goja.Object) goja.Value {
	k := tokenKey{n, "svg:" + prop}
	if o := w.animStrings[k]; o != nil {
		return o
	}
	o := mk()
	if w.animStrings == nil {
		w.animStrings = make(map[tokenKey]*goja.Object)
	}
	w.animStrings[k] = o
	return o
}

// primAttr declares an animated primitive attribute.
func primAttr(prop string, p *svgPrim) bind.Attribute {
	iface := svgPrimIfaceNames[p.kind]
	return ro(prop, func(w *Window, n *dom.Node) goja.Value {
		return w.svgCached(n, prop, func() *goja.Object {
			return w.realm.WrapObject(&svgAnimPrim{n: n, p: p}, w.realm.Class(iface))
		})
	})
}

// numAttr, intAttr and svgEnumAttr declare the usual kinds; pairAttrs the two
// halves of a number-optional-number attribute.
func numAttr(prop, attr string, def float64) bind.Attribute {
	return primAttr(prop, &svgPrim{kind: 'n', attr: attr, pair: -1, def: def})
}

func intAttr(prop, attr string, def float64) bind.Attribute {
	return primAttr(prop, &svgPrim{kind: 'i', attr: attr, pair: -1, def: def})
}

func pairAttrs(kind byte, propX, propY, attr string, def float64) []bind.Attribute {
	return []bind.Attribute{
		primAttr(propX, &svgPrim{kind: kind, attr: attr, pair: 0, def: def, positive: attr == "order"}),
		primAttr(propY, &svgPrim{kind: kind, attr: attr, pair: 1, def: def, positive: attr == "order"}),
	}
}

// svgEnumAttr: keywords are space-separated, by value from 1.
func svgEnumAttr(prop, attr string, def int, keywords string) bind.Attribute {
	kw := append([]string{""}, strings.Fields(keywords)...)
	return primAttr(prop, &svgPrim{kind: 'e', attr: attr, pair: -1, def: float64(def), keywords: kw, max: len(kw) - 1})
}

// unitsAttr is an SVGUnitTypes enumeration.
func unitsAttr(prop string, def int) bind.Attribute {
	return svgEnumAttr(prop, prop, def, "userSpaceOnUse objectBoundingBox")
}

// --- SVGPreserveAspectRatio ---------------------------------------------------

var parAligns = [...]string{"", "none", "xMinYMin", "xMidYMin", "xMaxYMin", "xMinYMid", "xMidYMid", "xMaxYMid", "xMinYMax", "xMidYMax", "xMaxYMax"}

// svgPAR is an SVGPreserveAspectRatio reflecting n's preserveAspectRatio
// attribute (readOnly: an animVal).
type svgPAR struct {
	n        *dom.Node
	readOnly bool
}

// parsePAR reads a preserveAspectRatio attribute: align and meetOrSlice,
// xMidYMid meet (6, 1) when it does not parse.
func parsePAR(v string) (align, meetOrSlice int) {
	f := strings.Fields(v)
	if len(f) == 0 || len(f) > 2 {
		return 6, 1
	}
	for i, a := range parAligns {
		if i > 0 && a == f[0] {
			align = i
		}
	}
	meetOrSlice = 1
	if len(f) == 2 && align != 1 { // none is always meet, as in Chromium
		switch f[1] {
		case "meet":
		case "slice":
			meetOrSlice = 2
		default:
			return 6, 1
		}
	}
	if align == 0 {
		return 6, 1
	}
	return align, meetOrSlice
}

func parAttr(i int, name string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		p := this.(*svgPAR)
		a, m := parsePAR(p.n.Attribute("preserveAspectRatio"))
		return r.Int([2]int{a, m}[i])
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		p := this.(*svgPAR)
		if p.readOnly {
			r.ThrowDOMException("NoModificationAllowedError", "Failed to set the '"+name+"' property on 'SVGPreserveAspectRatio': This object is read-only.")
		}
		x := int(uint16(bind.UnsignedLong(v)))
		a, m := parsePAR(p.n.Attribute("preserveAspectRatio"))
		if i == 0 {
			if x == 0 || x >= len(parAligns) {
				r.ThrowDOMException("NotSupportedError", "Failed to set the 'align' property on 'SVGPreserveAspectRatio': The alignment provided is invalid.")
			}
			a = x
		} else {
			if x == 0 || x > 2 {
				r.ThrowDOMException("NotSupportedError", "Failed to set the 'meetOrSlice' property on 'SVGPreserveAspectRatio': The meetOrSlice provided is invalid.")
			}
			m = x
		}
		s := parAligns[a] + " meet"
		if m == 2 {
			s = parAligns[a] + " slice"
		}
		win(r).check(p.n.SetAttribute("preserveAspectRatio", s))
	}}
}

var svgPARIface = &bind.Interface{Name: "SVGPreserveAspectRatio", Constants: svgConstantList("SVGPreserveAspectRatio"),
	Attributes: []bind.Attribute{parAttr(0, "align"), parAttr(1, "meetOrSlice")}}

var svgAnimatedPARIface = &bind.Interface{Name: "SVGAnimatedPreserveAspectRatio", Attributes: svgAnimatedAttrs}

var parAttrDecl = ro("preserveAspectRatio", func(w *Window, n *dom.Node) goja.Value {
	return w.svgAnimatedValue(n, "preserveAspectRatio", "SVGAnimatedPreserveAspectRatio", func(readOnly bool) goja.Value {
		return w.realm.WrapObject(&svgPAR{n: n, readOnly: readOnly}, w.realm.Class("SVGPreserveAspectRatio"))
	})
})

// --- SVGAnimatedAngle (marker's orientAngle) --------------------------------

var svgAnimatedAngleIface = &bind.Interface{Name: "SVGAnimatedAngle", Attributes: svgAnimatedAttrs}

var orientAngleAttr = ro("orientAngle", func(w *Window, n *dom.Node) goja.Value {
	return w.svgAnimatedValue(n, "orientAngle", "SVGAnimatedAngle", func(readOnly bool) goja.Value {
		return w.realm.WrapObject(&svgAngle{w: w, n: n, readOnly: readOnly}, w.realm.Class("SVGAngle"))
	})
})

// parseAngle reads an angle: a number and an optional unit.
func parseAngle(s string) (unit int, f float64, ok bool) {
	s = strings.TrimSpace(s)
	sc := pathScanner{s: s}
	f, ok = sc.number()
	if !ok {
		return 0, 0, false
	}
	switch ascii.Lower(s[sc.i:]) {
	case "":
		return 1, f, true
	case "deg":
		return 2, f, true
	case "rad":
		return 3, f, true
	case "grad":
		return 4, f, true
	}
	return 0, 0, false
}

// --- the elements' animated primitives ----------------------------------------

// strAttr declares an SVGAnimatedString reflecting attribute attr.
func strAttr(prop, attr string) bind.Attribute {
	return ro(prop, func(w *Window, n *dom.Node) goja.Value { return w.animatedString(n, attr) })
}

// attrList concatenates attribute declarations into a new slice.
func attrList(lists ...[]bind.Attribute) []bind.Attribute {
	var out []bind.Attribute
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

var (
	in1Attr = strAttr("in1", "in")
	in2Attr = strAttr("in2", "in2")
	// SVGFilterPrimitiveStandardAttributes
	// (https://drafts.fxtf.org/filter-effects/#InterfaceSVGFilterPrimitiveStandardAttributes)
	fePrimitiveAttrs = append(lengthAttrs(lengthAttr{"x", 'x', "0%"}, lengthAttr{"y", 'y', "0%"},
		lengthAttr{"width", 'x', "100%"}, lengthAttr{"height", 'y', "100%"}), strAttr("result", "result"))
	kernelUnitLengthAttrs = pairAttrs('n', "kernelUnitLengthX", "kernelUnitLengthY", "kernelUnitLength", 0)
)

// setStdDeviationMethod is feGaussianBlur's and feDropShadow's
// setStdDeviation, which writes both numbers (Chromium 156 keeps them
// without writing the attribute).
var setStdDeviationMethod = method("setStdDeviation", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	if len(args) < 2 {
		w.realm.ThrowTypeError("Failed to execute 'setStdDeviation' on '%s': 2 arguments required, but only %d present.", svgInterfaces[n.Data], len(args))
	}
	x := svgFloat(w.realm, args[0], "Failed to execute 'setStdDeviation'")
	y := svgFloat(w.realm, args[1], "Failed to execute 'setStdDeviation'")
	w.check(n.SetAttribute("stdDeviation", svgNumber(float64(float32(x)))+" "+svgNumber(float64(float32(y)))))
	return nil
})

// svgPrimElementAttrs are the animated primitives (and filter primitives'
// strings and lengths) of the SVG element interfaces, added to
// svgElementAttrs.
var svgPrimElementAttrs = map[string][]bind.Attribute{
	"SVGFEBlendElement": attrList([]bind.Attribute{in1Attr, in2Attr, svgEnumAttr("mode", "mode", 1,
		"normal multiply screen darken lighten overlay color-dodge color-burn hard-light soft-light difference exclusion hue saturation color luminosity")}, fePrimitiveAttrs),
	"SVGFEColorMatrixElement":       attrList([]bind.Attribute{in1Attr, svgEnumAttr("type", "type", 1, "matrix saturate hueRotate luminanceToAlpha")}, fePrimitiveAttrs),
	"SVGFEComponentTransferElement": attrList([]bind.Attribute{in1Attr}, fePrimitiveAttrs),
	"SVGFECompositeElement": attrList([]bind.Attribute{in1Attr, in2Attr,
		primAttr("operator", &svgPrim{kind: 'e', attr: "operator", pair: -1, def: 1, max: 6,
			keywords: []string{"", "over", "in", "out", "atop", "xor", "arithmetic", "lighter"}}),
		numAttr("k1", "k1", 0), numAttr("k2", "k2", 0), numAttr("k3", "k3", 0), numAttr("k4", "k4", 0)}, fePrimitiveAttrs),
	"SVGFEConvolveMatrixElement": attrList([]bind.Attribute{in1Attr}, pairAttrs('i', "orderX", "orderY", "order", 3),
		[]bind.Attribute{numAttr("divisor", "divisor", 1), numAttr("bias", "bias", 0), intAttr("targetX", "targetX", 0), intAttr("targetY", "targetY", 0),
			svgEnumAttr("edgeMode", "edgeMode", 1, "duplicate wrap none"),
			primAttr("preserveAlpha", &svgPrim{kind: 'b', attr: "preserveAlpha", pair: -1})}, kernelUnitLengthAttrs, fePrimitiveAttrs),
	"SVGFEDiffuseLightingElement": attrList([]bind.Attribute{in1Attr, numAttr("surfaceScale", "surfaceScale", 1),
		numAttr("diffuseConstant", "diffuseConstant", 1)}, kernelUnitLengthAttrs, fePrimitiveAttrs),
	"SVGFEDisplacementMapElement": attrList([]bind.Attribute{in1Attr, in2Attr, numAttr("scale", "scale", 0),
		svgEnumAttr("xChannelSelector", "xChannelSelector", 4, "R G B A"), svgEnumAttr("yChannelSelector", "yChannelSelector", 4, "R G B A")}, fePrimitiveAttrs),
	"SVGFEDistantLightElement": {numAttr("azimuth", "azimuth", 0), numAttr("elevation", "elevation", 0)},
	"SVGFEDropShadowElement": attrList([]bind.Attribute{in1Attr, numAttr("dx", "dx", 2), numAttr("dy", "dy", 2)},
		pairAttrs('n', "stdDeviationX", "stdDeviationY", "stdDeviation", 2), fePrimitiveAttrs),
	"SVGFEFloodElement":        fePrimitiveAttrs,
	"SVGFEGaussianBlurElement": attrList([]bind.Attribute{in1Attr}, pairAttrs('n', "stdDeviationX", "stdDeviationY", "stdDeviation", 0), fePrimitiveAttrs),
	"SVGFEImageElement":        attrList([]bind.Attribute{hrefAttr, parAttrDecl}, fePrimitiveAttrs),
	"SVGFEMergeElement":        fePrimitiveAttrs,
	"SVGFEMergeNodeElement":    {in1Attr},
	"SVGFEMorphologyElement": attrList([]bind.Attribute{in1Attr, svgEnumAttr("operator", "operator", 1, "erode dilate")},
		pairAttrs('n', "radiusX", "radiusY", "radius", 0), fePrimitiveAttrs),
	"SVGFEOffsetElement":     attrList([]bind.Attribute{in1Attr, numAttr("dx", "dx", 0), numAttr("dy", "dy", 0)}, fePrimitiveAttrs),
	"SVGFEPointLightElement": {numAttr("x", "x", 0), numAttr("y", "y", 0), numAttr("z", "z", 0)},
	"SVGFESpecularLightingElement": attrList([]bind.Attribute{in1Attr, numAttr("surfaceScale", "surfaceScale", 1),
		numAttr("specularConstant", "specularConstant", 1), numAttr("specularExponent", "specularExponent", 1)}, kernelUnitLengthAttrs, fePrimitiveAttrs),
	"SVGFESpotLightElement": {numAttr("x", "x", 0), numAttr("y", "y", 0), numAttr("z", "z", 0),
		numAttr("pointsAtX", "pointsAtX", 0), numAttr("pointsAtY", "pointsAtY", 0), numAttr("pointsAtZ", "pointsAtZ", 0),
		numAttr("specularExponent", "specularExponent", 1), numAttr("limitingConeAngle", "limitingConeAngle", 0)},
	"SVGFETileElement": attrList([]bind.Attribute{in1Attr}, fePrimitiveAttrs),
	"SVGFETurbulenceElement": attrList(pairAttrs('n', "baseFrequencyX", "baseFrequencyY", "baseFrequency", 0),
		[]bind.Attribute{intAttr("numOctaves", "numOctaves", 1), numAttr("seed", "seed", 0),
			svgEnumAttr("stitchTiles", "stitchTiles", 2, "stitch noStitch"), svgEnumAttr("type", "type", 2, "fractalNoise turbulence")}, fePrimitiveAttrs),
	"SVGComponentTransferFunctionElement": {svgEnumAttr("type", "type", 1, "identity table discrete linear gamma"),
		numAttr("slope", "slope", 1), numAttr("intercept", "intercept", 0), numAttr("amplitude", "amplitude", 1),
		numAttr("exponent", "exponent", 1), numAttr("offset", "offset", 0)},
	"SVGGradientElement": {unitsAttr("gradientUnits", 2), svgEnumAttr("spreadMethod", "spreadMethod", 1, "pad reflect repeat")},
	"SVGClipPathElement": {unitsAttr("clipPathUnits", 1), transformListAttr("transform")},
	"SVGMaskElement":     {unitsAttr("maskUnits", 2), unitsAttr("maskContentUnits", 1)},
	"SVGPatternElement":  {unitsAttr("patternUnits", 2), unitsAttr("patternContentUnits", 1), parAttrDecl},
	"SVGFilterElement":   {unitsAttr("filterUnits", 2), unitsAttr("primitiveUnits", 1)},
	"SVGStopElement":     {primAttr("offset", &svgPrim{kind: 'n', attr: "offset", pair: -1, percent: true})},
	"SVGGeometryElement": {numAttr("pathLength", "pathLength", 0)},
	"SVGSymbolElement":   {parAttrDecl},
	"SVGViewElement":     {parAttrDecl, zoomAndPanAttr},
	"SVGImageElement":    {parAttrDecl, rNullableEnum("crossOrigin", "crossorigin", "anonymous", "anonymous", "use-credentials"), rEnum("decoding", "decoding", "auto", "auto", "sync", "async")},
	"SVGScriptElement":   {rStr("type", "type"), rBool("async", "async")},
	"SVGTextPathElement": attrList([]bind.Attribute{svgEnumAttr("method", "method", 1, "align stretch"), svgEnumAttr("spacing", "spacing", 2, "auto exact")}, lengthAttrs(lengthAttr{"startOffset", 'x', "0"})),
	"SVGTextContentElement": attrList(lengthAttrs(lengthAttr{"textLength", 'x', "0"}),
		[]bind.Attribute{svgEnumAttr("lengthAdjust", "lengthAdjust", 1, "spacing spacingAndGlyphs")}),
	"SVGMarkerElement": {unitsMarker, primAttr("orientType", &svgPrim{kind: 'e', attr: "orient", pair: -1, def: 2, max: 2}), orientAngleAttr, parAttrDecl},
}

var unitsMarker = svgEnumAttr("markerUnits", "markerUnits", 2, "userSpaceOnUse strokeWidth")

// zoomAndPanAttr is SVGZoomAndPan's zoomAndPan: the attribute's disable
// (1) or magnify (2, also when absent or invalid); setting it changes
// nothing, as in Chromium.
var zoomAndPanAttr = attr("zoomAndPan", func(w *Window, n *dom.Node) goja.Value {
	if n.Attribute("zoomAndPan") == "disable" {
		return w.int(1)
	}
	return w.int(2)
}, func(w *Window, n *dom.Node, v goja.Value) {})

// svgPrimElementMethods are the methods that go with them.
var svgPrimElementMethods = map[string][]bind.Method{
	"SVGFEGaussianBlurElement": {setStdDeviationMethod},
	"SVGFEDropShadowElement":   {setStdDeviationMethod},
	"SVGMarkerElement": {
		method("setOrientToAuto", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			w.check(n.SetAttribute("orient", "auto"))
			return nil
		}),
		method("setOrientToAngle", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			impl, ok := w.realm.UnwrapAs(bind.Arg(args, 0), w.realm.Class("SVGAngle"))
			if !ok {
				w.realm.ThrowTypeError("Failed to execute 'setOrientToAngle' on 'SVGMarkerElement': parameter 1 is not of type 'SVGAngle'.")
			}
			unit, f := impl.(*svgAngle).get()
			w.check(n.SetAttribute("orient", svgNumber(f)+angleSuffixes[unit]))
			return nil
		}),
	},
	"SVGImageElement": {promised(method("decode", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.resolved(goja.Undefined())
	}))},
}
