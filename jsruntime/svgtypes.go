package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The SVG DOM's typed attribute values: SVGAnimatedLength and SVGLength
// (rect.width.baseVal.value), SVGAnimatedTransformList, SVGTransformList
// and SVGTransform (g.transform.baseVal.consolidate(), which d3 parses
// every transform transition with), SVGAnimatedRect (svg.viewBox.baseVal,
// for pan-zoom libraries) and SVGAngle (whose presence old libraries test
// for SVG support: jqvmap draws with IE's VML without it).
// https://svgwg.org/svg2-draft/types.html
//
// Each value reflects its element's attribute: reading parses the
// attribute as it is now, writing sets it, so the values stay right
// whatever changes the attribute. No animation runs, so animVal reads as
// baseVal and cannot be written.

// --- SVGLength --------------------------------------------------------------

// The SVGLength unit types, in SVGLength's constant order.
const (
	lengthUnknown = iota
	lengthNumber
	lengthPercentage
	lengthEMS
	lengthEXS
	lengthPX
	lengthCM
	lengthMM
	lengthIN
	lengthPT
	lengthPC
)

// lengthSuffixes are the units' suffixes, by unit type.
var lengthSuffixes = [...]string{"", "", "%", "em", "ex", "px", "cm", "mm", "in", "pt", "pc"}

// lengthAttr declares an SVGAnimatedLength attribute: its name, the axis a
// percentage is taken along ('x', 'y', or 'o' for the viewport's
// normalized diagonal) and the value an absent attribute has.
type lengthAttr struct {
	name string
	axis byte
	def  string
}

// svgLengthValue is an SVGLength: reflecting attribute attr of n, or detached
// (n nil, made by createSVGLength) with its own unit and number.
type svgLengthValue struct {
	w        *Window
	n        *dom.Node
	list     *svgList // an item of list (n is its element, for relative units)
	a        lengthAttr
	readOnly bool // an animVal
	unit     int
	num      float64
}

// parseLength reads an SVG length ("10", "2.5em", "50%"); ok is false for
// anything else.
func parseLength(s string) (unit int, num float64, ok bool) {
	s = strings.TrimSpace(s)
	sc := pathScanner{s: s}
	f, ok := sc.number()
	if !ok {
		return 0, 0, false
	}
	rest := ascii.Lower(s[sc.i:])
	if rest == "" {
		return lengthNumber, f, true
	}
	for u := lengthPercentage; u < len(lengthSuffixes); u++ {
		if rest == lengthSuffixes[u] {
			return u, f, true
		}
	}
	return 0, 0, false
}

// get returns the length's unit type and number in that unit.
func (l *svgLengthValue) get() (int, float64) {
	if l.n == nil || l.list != nil {
		return l.unit, l.num
	}
	v, ok := l.n.GetAttribute(l.a.name)
	if !ok {
		if l.a.name == "textLength" && l.n.IsConnected() {
			// an unspecified textLength is the text's computed length
			// (https://svgwg.org/svg2-draft/text.html#__svg__SVGTextContentElement__textLength)
			l.w.doc.StyleUpdated()
			return lengthNumber, float64(float32(l.w.textLength(l.n, 0, -1)))
		}
		v = l.a.def
	}
	if u, f, ok := parseLength(v); ok {
		return u, f
	}
	u, f, _ := parseLength(l.a.def)
	return u, f
}

// set stores a unit and number: into the attribute, when reflecting.
func (l *svgLengthValue) set(unit int, num float64) {
	if l.readOnly {
		l.w.realm.ThrowDOMException("NoModificationAllowedError", "Failed to set the 'value' property on 'SVGLength': This object is read-only.")
	}
	if l.n == nil || l.list != nil {
		l.unit, l.num = unit, float64(float32(num))
		if l.list != nil {
			l.list.write()
		}
		return
	}
	l.w.check(l.n.SetAttribute(l.a.name, svgNumber(num)+lengthSuffixes[unit]))
}

// svgFloat converts a float argument, throwing a TypeError for a
// non-finite one.
func svgFloat(r *bind.Realm, v goja.Value, what string) float64 {
	f := bind.Double(v)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		r.ThrowTypeError("%s: The provided float value is non-finite.", what)
	}
	return f
}

// svgNumber writes a number as SVG attributes set from the DOM get it,
// as Chromium does: six significant digits without trailing zeros, or
// below 1e-6 and from 1e6 on an exponent form that keeps them
// ("1.00000e-7", "1.23457e+6").
func svgNumber(f float64) string {
	if f == 0 {
		return "0" // not "-0"
	}
	e := strconv.FormatFloat(f, 'e', 5, 64) // d.ddddde±XX, rounded
	at := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[at+1:])
	if exp < -6 || exp >= 6 {
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		return e[:at] + "e" + sign + strconv.Itoa(exp)
	}
	s := strconv.FormatFloat(f, 'f', 5-exp, 64)
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// userUnits is how many user units (px) one of unit is; ok is false for a
// relative unit of an element out of the document (Chromium then throws,
// "Could not resolve relative length").
func (l *svgLengthValue) userUnits(unit int) (k float64, ok bool) {
	switch unit {
	case lengthPercentage:
		base, ok := l.percentBase()
		return base / 100, ok
	case lengthEMS, lengthEXS:
		if l.n == nil || !l.n.IsConnected() {
			return 0, false
		}
		size := l.w.fontSize(l.n)
		if unit == lengthEXS {
			return size / 2, true
		}
		return size, true
	case lengthCM, lengthMM, lengthIN, lengthPT, lengthPC:
		return absoluteLengths[lengthSuffixes[unit]], true
	}
	return 1, true
}

// resolvedUnits is userUnits, throwing for an unresolvable length.
func (l *svgLengthValue) resolvedUnits(r *bind.Realm, unit int, what string) float64 {
	k, ok := l.userUnits(unit)
	if !ok {
		r.ThrowDOMException("NotSupportedError", what+": Could not resolve relative length.")
	}
	return k
}

// percentBase is what 100% is: the width, height or normalized diagonal
// of the nearest viewport (an outermost <svg>'s own is its parent's box),
// from its viewBox, else its width and height attributes, else its
// made-up box.
func (l *svgLengthValue) percentBase() (float64, bool) {
	if l.n == nil || !l.n.IsConnected() {
		return 0, false
	}
	vp := l.n.ParentElement()
	for vp != nil && !(vp.Namespace == "svg" && vp.Data == "svg") {
		vp = vp.ParentElement()
	}
	var w, h float64
	switch {
	case vp == nil:
		p := l.n.ParentElement()
		if p == nil {
			return 0, false
		}
		b := l.w.boxOf(p)
		w, h = float64(b.width), float64(b.height)
	default:
		if r, ok := parseViewBox(vp.Attribute("viewBox")); ok {
			w, h = r[2], r[3]
			break
		}
		b := l.w.boxOf(vp)
		w, h = float64(b.width), float64(b.height)
		if u, f, ok := parseLength(vp.Attribute("width")); ok && u != lengthPercentage {
			if k, ok := (&svgLengthValue{w: l.w, n: vp}).userUnits(u); ok {
				w = f * k
			}
		}
		if u, f, ok := parseLength(vp.Attribute("height")); ok && u != lengthPercentage {
			if k, ok := (&svgLengthValue{w: l.w, n: vp}).userUnits(u); ok {
				h = f * k
			}
		}
	}
	switch l.a.axis {
	case 'x':
		return w, true
	case 'y':
		return h, true
	}
	return math.Sqrt((w*w + h*h) / 2), true
}

// lengthUnitArg reads a unit type argument, throwing NotSupportedError
// for an unknown one.
func lengthUnitArg(r *bind.Realm, v goja.Value, method string) int {
	u := int(uint16(bind.UnsignedLong(v)))
	if u == lengthUnknown || u >= len(lengthSuffixes) {
		r.ThrowDOMException("NotSupportedError", "Failed to execute '"+method+"' on 'SVGLength': Cannot set value with unknown or invalid units ("+strconv.Itoa(u)+").")
	}
	return u
}

var svgLengthIface = &bind.Interface{
	Name: "SVGLength",
	Constants: []bind.Constant{
		{Name: "SVG_LENGTHTYPE_UNKNOWN", Value: lengthUnknown}, {Name: "SVG_LENGTHTYPE_NUMBER", Value: lengthNumber},
		{Name: "SVG_LENGTHTYPE_PERCENTAGE", Value: lengthPercentage}, {Name: "SVG_LENGTHTYPE_EMS", Value: lengthEMS},
		{Name: "SVG_LENGTHTYPE_EXS", Value: lengthEXS}, {Name: "SVG_LENGTHTYPE_PX", Value: lengthPX},
		{Name: "SVG_LENGTHTYPE_CM", Value: lengthCM}, {Name: "SVG_LENGTHTYPE_MM", Value: lengthMM},
		{Name: "SVG_LENGTHTYPE_IN", Value: lengthIN}, {Name: "SVG_LENGTHTYPE_PT", Value: lengthPT},
		{Name: "SVG_LENGTHTYPE_PC", Value: lengthPC},
	},
	Attributes: []bind.Attribute{
		{Name: "unitType", Get: func(r *bind.Realm, this any) goja.Value {
			u, _ := this.(*svgLengthValue).get()
			return r.Int(u)
		}},
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value {
			l := this.(*svgLengthValue)
			u, f := l.get()
			k := l.resolvedUnits(r, u, "Failed to read the 'value' property from 'SVGLength'")
			return r.Float(float64(float32(f * k))) // a float, as in browsers
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			l := this.(*svgLengthValue)
			f := svgFloat(r, v, "Failed to set the 'value' property on 'SVGLength'")
			u, _ := l.get()
			if k := l.resolvedUnits(r, u, "Failed to set the 'value' property on 'SVGLength'"); k != 0 {
				f /= k
			}
			l.set(u, f)
		}},
		{Name: "valueInSpecifiedUnits", Get: func(r *bind.Realm, this any) goja.Value {
			_, f := this.(*svgLengthValue).get()
			return r.Float(float64(float32(f)))
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			l := this.(*svgLengthValue)
			u, _ := l.get()
			l.set(u, svgFloat(r, v, "Failed to set the 'valueInSpecifiedUnits' property on 'SVGLength'"))
		}},
		{Name: "valueAsString", Get: func(r *bind.Realm, this any) goja.Value {
			l := this.(*svgLengthValue)
			if l.n != nil && l.list == nil {
				if v, ok := l.n.GetAttribute(l.a.name); ok {
					if _, _, ok := parseLength(v); ok {
						return r.Runtime.ToValue(strings.TrimSpace(v))
					}
				}
			}
			u, f := l.get()
			return r.Runtime.ToValue(svgNumber(f) + lengthSuffixes[u])
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			l := this.(*svgLengthValue)
			u, f, ok := parseLength(bind.DOMString(v))
			if !ok {
				r.ThrowDOMException("SyntaxError", "Failed to set the 'valueAsString' property on 'SVGLength': The value provided ('"+bind.DOMString(v)+"') is invalid.")
			}
			l.set(u, f)
		}},
	},
	Methods: []bind.Method{
		{Name: "newValueSpecifiedUnits", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgLengthValue)
			u := lengthUnitArg(r, args[0], "newValueSpecifiedUnits")
			l.set(u, svgFloat(r, args[1], "Failed to execute 'newValueSpecifiedUnits' on 'SVGLength'"))
			return nil
		}},
		{Name: "convertToSpecifiedUnits", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgLengthValue)
			to := lengthUnitArg(r, args[0], "convertToSpecifiedUnits")
			u, f := l.get()
			user := f * l.resolvedUnits(r, u, "Failed to execute 'convertToSpecifiedUnits' on 'SVGLength'")
			if k := l.resolvedUnits(r, to, "Failed to execute 'convertToSpecifiedUnits' on 'SVGLength'"); k != 0 {
				user /= k
			}
			l.set(to, user)
			return nil
		}},
	},
}

// svgAnimated is an SVGAnimated* value: its baseVal and animVal.
type svgAnimated struct {
	base, anim goja.Value
}

var svgAnimatedLengthIface = &bind.Interface{Name: "SVGAnimatedLength", Attributes: svgAnimatedAttrs}
var svgAnimatedTransformListIface = &bind.Interface{Name: "SVGAnimatedTransformList", Attributes: svgAnimatedAttrs}
var svgAnimatedRectIface = &bind.Interface{Name: "SVGAnimatedRect", Attributes: svgAnimatedAttrs}

var svgAnimatedAttrs = []bind.Attribute{
	{Name: "baseVal", Get: func(r *bind.Realm, this any) goja.Value { return this.(*svgAnimated).base }},
	{Name: "animVal", Get: func(r *bind.Realm, this any) goja.Value { return this.(*svgAnimated).anim }},
}

// svgAnimatedValue returns n's SVGAnimated* object for attribute name,
// made once per element and attribute by mk.
func (w *Window) svgAnimatedValue(n *dom.Node, name, iface string, mk func(readOnly bool) goja.Value) goja.Value {
	k := tokenKey{n, "svg:" + name}
	if o := w.animStrings[k]; o != nil {
		return o
	}
	o := w.realm.WrapObject(&svgAnimated{base: mk(false), anim: mk(true)}, w.realm.Class(iface))
	if w.animStrings == nil {
		w.animStrings = make(map[tokenKey]*goja.Object)
	}
	w.animStrings[k] = o
	return o
}

// lengthAttrs declares SVGAnimatedLength attributes.
func lengthAttrs(list ...lengthAttr) []bind.Attribute {
	out := make([]bind.Attribute, len(list))
	for i, a := range list {
		out[i] = ro(a.name, func(w *Window, n *dom.Node) goja.Value {
			return w.svgAnimatedValue(n, a.name, "SVGAnimatedLength", func(readOnly bool) goja.Value {
				return w.realm.WrapObject(&svgLengthValue{w: w, n: n, a: a, readOnly: readOnly}, w.realm.Class("SVGLength"))
			})
		})
	}
	return out
}

// Lengths shared by several elements.
var (
	xywhLengths = lengthAttrs(lengthAttr{"x", 'x', "0"}, lengthAttr{"y", 'y', "0"},
		lengthAttr{"width", 'x', "0"}, lengthAttr{"height", 'y', "0"})
	regionLengths = lengthAttrs(lengthAttr{"x", 'x', "-10%"}, lengthAttr{"y", 'y', "-10%"},
		lengthAttr{"width", 'x', "120%"}, lengthAttr{"height", 'y', "120%"})
)

// svgElementAttrs are the typed attributes of the SVG element interfaces
// declared in svg.go.
var svgElementAttrs = map[string][]bind.Attribute{
	"SVGRectElement": append(append([]bind.Attribute(nil), xywhLengths...),
		lengthAttrs(lengthAttr{"rx", 'x', "0"}, lengthAttr{"ry", 'y', "0"})...),
	"SVGCircleElement":  lengthAttrs(lengthAttr{"cx", 'x', "0"}, lengthAttr{"cy", 'y', "0"}, lengthAttr{"r", 'o', "0"}),
	"SVGEllipseElement": lengthAttrs(lengthAttr{"cx", 'x', "0"}, lengthAttr{"cy", 'y', "0"}, lengthAttr{"rx", 'x', "0"}, lengthAttr{"ry", 'y', "0"}),
	"SVGLineElement":    lengthAttrs(lengthAttr{"x1", 'x', "0"}, lengthAttr{"y1", 'y', "0"}, lengthAttr{"x2", 'x', "0"}, lengthAttr{"y2", 'y', "0"}),
	"SVGUseElement":     withHref(xywhLengths), "SVGImageElement": withHref(xywhLengths), "SVGForeignObjectElement": xywhLengths,
	"SVGPatternElement": append(append([]bind.Attribute(nil), xywhLengths...),
		viewBoxAttr, transformListAttr("patternTransform"), hrefAttr),
	"SVGMaskElement": regionLengths, "SVGFilterElement": withHref(regionLengths),
	"SVGScriptElement": {hrefAttr},
	// https://svgwg.org/svg2-draft/styling.html#InterfaceSVGStyleElement
	"SVGStyleElement": {rStr("type", "type"), rStr("media", "media"), rStr("title", "title"), styleDisabledAttr,
		ro("sheet", func(w *Window, n *dom.Node) goja.Value { return w.styleSheetOf(n) })}, "SVGTextPathElement": {hrefAttr}, "SVGFEImageElement": {hrefAttr}, "SVGMPathElement": {hrefAttr},
	"SVGLinearGradientElement": lengthAttrs(lengthAttr{"x1", 'x', "0%"}, lengthAttr{"y1", 'y', "0%"},
		lengthAttr{"x2", 'x', "100%"}, lengthAttr{"y2", 'y', "0%"}),
	"SVGRadialGradientElement": lengthAttrs(lengthAttr{"cx", 'x', "50%"}, lengthAttr{"cy", 'y', "50%"}, lengthAttr{"r", 'o', "50%"},
		lengthAttr{"fx", 'x', "50%"}, lengthAttr{"fy", 'y', "50%"}, lengthAttr{"fr", 'o', "0%"}),
	"SVGMarkerElement": append(lengthAttrs(lengthAttr{"refX", 'x', "0"}, lengthAttr{"refY", 'y', "0"},
		lengthAttr{"markerWidth", 'x', "3"}, lengthAttr{"markerHeight", 'y', "3"}), viewBoxAttr),
	"SVGSymbolElement": {viewBoxAttr},
	"SVGViewElement":   {viewBoxAttr},
	// https://svgwg.org/svg2-draft/linking.html#InterfaceSVGAElement, with
	// the HTMLHyperlinkElementUtils-like members Chromium gives it.
	"SVGAElement": {
		hrefAttr,
		ro("target", func(w *Window, n *dom.Node) goja.Value { return w.animatedString(n, "target") }),
		rStr("download", "download"), rStr("ping", "ping"), rStr("rel", "rel"), rTokens("relList", "rel"),
		// referrerPolicy is limited to the referrer policies, as the HTML
		// a's (Chromium 156; 148 reflected any string)
		rStr("hreflang", "hreflang"), rStr("type", "type"), referrerPolicyAttr,
	},
}

// withHref is attrs and the SVGURIReference href, in a new slice.
func withHref(attrs []bind.Attribute) []bind.Attribute {
	return append(append(make([]bind.Attribute, 0, len(attrs)+1), attrs...), hrefAttr)
}

// svgSVGElementAttrs are <svg>'s typed attributes.
var svgSVGElementAttrs = append(lengthAttrs(lengthAttr{"x", 'x', "0"}, lengthAttr{"y", 'y', "0"},
	lengthAttr{"width", 'x', "100%"}, lengthAttr{"height", 'y', "100%"}), viewBoxAttr, parAttrDecl, zoomAndPanAttr)

// --- SVGAngle ---------------------------------------------------------------

// svgAngle is an SVGAngle: detached (createSVGAngle), or reflecting a
// marker's orient attribute (n set; an angle there, else 0 unspecified).
type svgAngle struct {
	w        *Window
	n        *dom.Node
	readOnly bool
	unit     int
	num      float64
}

var angleSuffixes = [...]string{"", "", "deg", "rad", "grad"}

// get returns the angle's unit type and number.
func (a *svgAngle) get() (int, float64) {
	if a.n == nil {
		return a.unit, a.num
	}
	if u, f, ok := parseAngle(a.n.Attribute("orient")); ok {
		return u, float64(float32(f))
	}
	return 1, 0
}

// set stores a unit and number: into the orient attribute, when
// reflecting.
func (a *svgAngle) set(r *bind.Realm, unit int, num float64) {
	if a.readOnly {
		r.ThrowDOMException("NoModificationAllowedError", "Failed to modify the 'SVGAngle': The object is read-only.")
	}
	if a.n == nil {
		a.unit, a.num = unit, num
		return
	}
	win(r).check(a.n.SetAttribute("orient", svgNumber(float64(float32(num)))+angleSuffixes[unit]))
}

func (a *svgAngle) degrees(unit int, f float64) float64 {
	switch unit {
	case 3:
		return f * 180 / math.Pi
	case 4:
		return f * 0.9
	}
	return f
}

func angleUnitArg(r *bind.Realm, v goja.Value, method string) int {
	u := int(uint16(bind.UnsignedLong(v)))
	if u == 0 || u >= len(angleSuffixes) {
		r.ThrowDOMException("NotSupportedError", "Failed to execute '"+method+"' on 'SVGAngle': Cannot set value with unknown or invalid units ("+strconv.Itoa(u)+").")
	}
	return u
}

var svgAngleIface = &bind.Interface{
	Name: "SVGAngle",
	Constants: []bind.Constant{
		{Name: "SVG_ANGLETYPE_UNKNOWN", Value: 0}, {Name: "SVG_ANGLETYPE_UNSPECIFIED", Value: 1},
		{Name: "SVG_ANGLETYPE_DEG", Value: 2}, {Name: "SVG_ANGLETYPE_RAD", Value: 3}, {Name: "SVG_ANGLETYPE_GRAD", Value: 4},
	},
	Attributes: []bind.Attribute{
		{Name: "unitType", Get: func(r *bind.Realm, this any) goja.Value {
			u, _ := this.(*svgAngle).get()
			return r.Int(u)
		}},
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value {
			a := this.(*svgAngle)
			return r.Float(a.degrees(a.get()))
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			a := this.(*svgAngle)
			f := svgFloat(r, v, "Failed to set the 'value' property on 'SVGAngle'")
			u, _ := a.get()
			if k := a.degrees(u, 1); k != 0 {
				f /= k
			}
			a.set(r, u, f)
		}},
		{Name: "valueInSpecifiedUnits", Get: func(r *bind.Realm, this any) goja.Value {
			_, f := this.(*svgAngle).get()
			return r.Float(f)
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			a := this.(*svgAngle)
			u, _ := a.get()
			a.set(r, u, svgFloat(r, v, "Failed to set the 'valueInSpecifiedUnits' property on 'SVGAngle'"))
		}},
		{Name: "valueAsString", Get: func(r *bind.Realm, this any) goja.Value {
			u, f := this.(*svgAngle).get()
			return r.Runtime.ToValue(svgNumber(f) + angleSuffixes[u])
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			a := this.(*svgAngle)
			s := strings.TrimSpace(bind.DOMString(v))
			unit, f, ok := parseAngle(s)
			if !ok {
				r.ThrowDOMException("SyntaxError", "Failed to set the 'valueAsString' property on 'SVGAngle': The value provided ('"+s+"') is invalid.")
			}
			a.set(r, unit, f)
		}},
	},
	Methods: []bind.Method{
		{Name: "newValueSpecifiedUnits", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			a := this.(*svgAngle)
			u := angleUnitArg(r, args[0], "newValueSpecifiedUnits")
			a.set(r, u, svgFloat(r, args[1], "Failed to execute 'newValueSpecifiedUnits' on 'SVGAngle'"))
			return nil
		}},
		{Name: "convertToSpecifiedUnits", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			a := this.(*svgAngle)
			to := angleUnitArg(r, args[0], "convertToSpecifiedUnits")
			deg := a.degrees(a.get())
			if k := a.degrees(to, 1); k != 0 {
				deg /= k
			}
			a.set(r, to, deg)
			return nil
		}},
	},
}

// --- viewBox: SVGAnimatedRect -------------------------------------------------

// parseViewBox reads a viewBox attribute: four numbers, a positive width
// and height.
func parseViewBox(s string) ([4]float64, bool) {
	nums := svgNumbers(s)
	if len(nums) != 4 || nums[2] < 0 || nums[3] < 0 {
		return [4]float64{}, false
	}
	return [4]float64{nums[0], nums[1], nums[2], nums[3]}, true
}

// svgViewBoxRect is viewBox.baseVal (or animVal): an SVGRect reflecting
// the attribute, all zeros without one (as in Chromium).
type svgViewBoxRect struct {
	w        *Window
	n        *dom.Node
	readOnly bool
}

var svgRectIface = &bind.Interface{Name: "SVGRect", Attributes: func() []bind.Attribute {
	var out []bind.Attribute
	for i, name := range []string{"x", "y", "width", "height"} {
		out = append(out, bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
			if o, ok := this.(*svgRect); ok { // createSVGRect's
				return r.Float([4]float64{o.x, o.y, o.w, o.h}[i])
			}
			v := this.(*svgViewBoxRect)
			vb, _ := parseViewBox(v.n.Attribute("viewBox"))
			return r.Float(vb[i])
		}, Set: func(r *bind.Realm, this any, val goja.Value) {
			if o, ok := this.(*svgRect); ok {
				f := svgFloat(r, val, "Failed to set the '"+name+"' property on 'SVGRect'")
				*[4]*float64{&o.x, &o.y, &o.w, &o.h}[i] = float64(float32(f)) // a float
				return
			}
			v := this.(*svgViewBoxRect)
			if v.readOnly {
				r.ThrowDOMException("NoModificationAllowedError", "Failed to set the '"+name+"' property on 'SVGRect': The object is read-only.")
			}
			vb, _ := parseViewBox(v.n.Attribute("viewBox"))
			vb[i] = svgFloat(r, val, "Failed to set the '"+name+"' property on 'SVGRect'")
			v.w.check(v.n.SetAttribute("viewBox", svgNumber(vb[0])+" "+svgNumber(vb[1])+" "+svgNumber(vb[2])+" "+svgNumber(vb[3])))
		}})
	}
	return out
}()}

var viewBoxAttr = ro("viewBox", func(w *Window, n *dom.Node) goja.Value {
	return w.svgAnimatedValue(n, "viewBox", "SVGAnimatedRect", func(readOnly bool) goja.Value {
		return w.realm.WrapObject(&svgViewBoxRect{w: w, n: n, readOnly: readOnly}, w.realm.Class("SVGRect"))
	})
})

// --- SVGUnitTypes -----------------------------------------------------------

var svgUnitTypesIface = &bind.Interface{Name: "SVGUnitTypes", Constants: []bind.Constant{
	{Name: "SVG_UNIT_TYPE_UNKNOWN", Value: 0}, {Name: "SVG_UNIT_TYPE_USERSPACEONUSE", Value: 1},
	{Name: "SVG_UNIT_TYPE_OBJECTBOUNDINGBOX", Value: 2},
}}

// --- SVGAnimatedString ------------------------------------------------------

// svgAnimatedString is an SVGAnimatedString: className, SVGAElement's
// target, and the href of the SVGURIReference elements. VitePress tells SVG
// links from HTML ones by `a.href instanceof SVGAnimatedString`, so it must
// be an interface of its own.
// https://svgwg.org/svg2-draft/types.html#InterfaceSVGAnimatedString
type svgAnimatedString struct {
	n    *dom.Node
	name string // "href" reads href, else xlink:href
}

const xlinkNS = "http://www.w3.org/1999/xlink"

// svgHref is an SVG element's URL reference and whether it has one: its
// href attribute if present, else its xlink:href.
// https://svgwg.org/svg2-draft/linking.html#XLinkRefAttrs
func svgHref(n *dom.Node) (string, bool) {
	if v, ok := n.GetAttributeNS("", "href"); ok {
		return v, true
	}
	return n.GetAttributeNS(xlinkNS, "href")
}

// get is the reflected attribute's value (svgHref for href).
func (s *svgAnimatedString) get() string {
	if s.name != "href" {
		return s.n.Attribute(s.name)
	}
	v, _ := svgHref(s.n)
	return v
}

// set writes the attribute in use: as in Chromium, an href sets href when
// present or when neither is, and xlink:href when only it is present.
func (s *svgAnimatedString) set(w *Window, v string) {
	if s.name == "href" && !s.n.HasAttributeNS("", "href") && s.n.HasAttributeNS(xlinkNS, "href") {
		w.check(s.n.SetAttributeNS(xlinkNS, "xlink:href", v))
		return
	}
	w.check(s.n.SetAttribute(s.name, v))
}

var svgAnimatedStringIface = &bind.Interface{Name: "SVGAnimatedString", Attributes: []bind.Attribute{
	{Name: "baseVal", Get: func(r *bind.Realm, this any) goja.Value {
		return win(r).str(this.(*svgAnimatedString).get())
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		this.(*svgAnimatedString).set(win(r), bind.DOMString(v))
	}},
	{Name: "animVal", Get: func(r *bind.Realm, this any) goja.Value {
		return win(r).str(this.(*svgAnimatedString).get())
	}},
}}

// hrefAttr is the href of the SVGURIReference mixin.
// https://svgwg.org/svg2-draft/types.html#InterfaceSVGURIReference
var hrefAttr = ro("href", func(w *Window, n *dom.Node) goja.Value { return w.animatedString(n, "href") })
