package jsruntime

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The SVG element interfaces, so that instanceof checks and interface
// names match browsers. Geometry is computed from attributes (svggeom.go).
// https://svgwg.org/svg2-draft/idlindex.html

// svgInterfaces maps SVG element local names to their interface.
var svgInterfaces = map[string]string{
	"rect": "SVGRectElement", "circle": "SVGCircleElement", "ellipse": "SVGEllipseElement",
	"line": "SVGLineElement", "path": "SVGPathElement", "polygon": "SVGPolygonElement",
	"polyline": "SVGPolylineElement", "g": "SVGGElement", "text": "SVGTextElement", "tspan": "SVGTSpanElement",
	"textPath": "SVGTextPathElement", "use": "SVGUseElement", "image": "SVGImageElement",
	"defs": "SVGDefsElement", "foreignObject": "SVGForeignObjectElement", "a": "SVGAElement",
	"switch": "SVGSwitchElement", "symbol": "SVGSymbolElement", "title": "SVGTitleElement",
	"desc": "SVGDescElement", "style": "SVGStyleElement", "script": "SVGScriptElement",
	"linearGradient": "SVGLinearGradientElement", "radialGradient": "SVGRadialGradientElement",
	"stop": "SVGStopElement", "clipPath": "SVGClipPathElement", "mask": "SVGMaskElement",
	"pattern": "SVGPatternElement", "marker": "SVGMarkerElement", "filter": "SVGFilterElement",
	"metadata": "SVGMetadataElement", "view": "SVGViewElement",
	// animation (https://svgwg.org/specs/animations/#InterfaceSVGAnimationElement)
	"animate": "SVGAnimateElement", "set": "SVGSetElement", "animateMotion": "SVGAnimateMotionElement",
	"animateTransform": "SVGAnimateTransformElement", "mpath": "SVGMPathElement",
	// filter primitives (https://drafts.fxtf.org/filter-effects/#filter-primitives-overview)
	"feBlend": "SVGFEBlendElement", "feColorMatrix": "SVGFEColorMatrixElement",
	"feComponentTransfer": "SVGFEComponentTransferElement", "feComposite": "SVGFECompositeElement",
	"feConvolveMatrix": "SVGFEConvolveMatrixElement", "feDiffuseLighting": "SVGFEDiffuseLightingElement",
	"feDisplacementMap": "SVGFEDisplacementMapElement", "feDistantLight": "SVGFEDistantLightElement",
	"feDropShadow": "SVGFEDropShadowElement", "feFlood": "SVGFEFloodElement", "feFuncA": "SVGFEFuncAElement",
	"feFuncB": "SVGFEFuncBElement", "feFuncG": "SVGFEFuncGElement", "feFuncR": "SVGFEFuncRElement",
	"feGaussianBlur": "SVGFEGaussianBlurElement", "feImage": "SVGFEImageElement", "feMerge": "SVGFEMergeElement",
	"feMergeNode": "SVGFEMergeNodeElement", "feMorphology": "SVGFEMorphologyElement", "feOffset": "SVGFEOffsetElement",
	"fePointLight": "SVGFEPointLightElement", "feSpecularLighting": "SVGFESpecularLightingElement",
	"feSpotLight": "SVGFESpotLightElement", "feTile": "SVGFETileElement", "feTurbulence": "SVGFETurbulenceElement",
}

// svgIfaces declares them: name, parent.
var svgIfaces = func() []*bind.Interface {
	geometry := &bind.Interface{Name: "SVGGeometryElement", Parent: "SVGGraphicsElement", Methods: []bind.Method{
		method("getTotalLength", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			segs, _ := w.svgSegments(n)
			return w.rt.ToValue(float64(float32(outlineLength(segs)))) // an IDL float
		}),
		method("getPointAtLength", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if len(args) == 0 {
				w.realm.ThrowTypeError("Failed to execute 'getPointAtLength' on 'SVGGeometryElement': 1 argument required, but only 0 present.")
			}
			segs, _ := w.svgSegments(n)
			p := outlineAtLength(segs, float64(float32(bind.Double(args[0]))))
			return w.svgPoint(float64(float32(p.x)), float64(float32(p.y))) // an SVGPoint, as createSVGPoint's
		}),
		// optional DOMPointInit point = {}, in the element's user space,
		// tested against its outline by its fill-rule (svggeom.go)
		method("isPointInFill", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			p := pointInit(w.realm, bind.Arg(args, 0), "execute 'isPointInFill' on 'SVGGeometryElement'")
			segs, _ := w.svgSegments(n)
			rule, _ := w.computedValue(n, "fill-rule")
			return w.boolean(pointInFill(flattenSegs(segs), pt{p.x, p.y}, rule == "evenodd"))
		}),
		// no stroke is hit here
		method("isPointInStroke", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			pointInit(w.realm, bind.Arg(args, 0), "execute 'isPointInStroke' on 'SVGGeometryElement'")
			return valFalse
		}),
	}}
	out := []*bind.Interface{geometry,
		{Name: "SVGTextContentElement", Parent: "SVGGraphicsElement", Methods: []bind.Method{
			method("getComputedTextLength", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
				w.doc.StyleUpdated() // a forced style update
				return w.rt.ToValue(w.textLength(n, 0, -1))
			}),
			method("getSubStringLength", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				if len(args) < 2 {
					w.realm.ThrowTypeError("Failed to execute 'getSubStringLength' on 'SVGTextContentElement': 2 arguments required, but only %d present.", len(args))
				}
				count := w.textChars(n)
				charnum, nchars := int(bind.UnsignedLong(args[0])), int(bind.UnsignedLong(args[1]))
				if charnum > count {
					w.realm.ThrowDOMException("IndexSizeError", fmt.Sprintf("Failed to execute 'getSubStringLength' on 'SVGTextContentElement': The charnum provided (%d) is greater than or equal to the maximum bound (%d).", charnum, count))
				}
				return w.rt.ToValue(w.textLength(n, charnum, nchars))
			}),
			// the characters laid out, after white space is collapsed
			method("getNumberOfChars", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
				return w.int(w.textChars(n))
			}),
		}},
		{Name: "SVGTextPositioningElement", Parent: "SVGTextContentElement"},
		{Name: "SVGGradientElement", Parent: "SVGElement", Attributes: []bind.Attribute{transformListAttr("gradientTransform"), hrefAttr}},
		{Name: "SVGAnimationElement", Parent: "SVGElement"},
		{Name: "SVGComponentTransferFunctionElement", Parent: "SVGElement"},
	}
	parents := map[string]string{
		"SVGRectElement": "SVGGeometryElement", "SVGCircleElement": "SVGGeometryElement", "SVGEllipseElement": "SVGGeometryElement",
		"SVGLineElement": "SVGGeometryElement", "SVGPathElement": "SVGGeometryElement", "SVGPolygonElement": "SVGGeometryElement",
		"SVGPolylineElement": "SVGGeometryElement", "SVGGElement": "SVGGraphicsElement", "SVGTextElement": "SVGTextPositioningElement",
		"SVGTSpanElement": "SVGTextPositioningElement", "SVGTextPathElement": "SVGTextContentElement", "SVGUseElement": "SVGGraphicsElement",
		"SVGImageElement": "SVGGraphicsElement", "SVGDefsElement": "SVGGraphicsElement", "SVGForeignObjectElement": "SVGGraphicsElement",
		"SVGAElement": "SVGGraphicsElement", "SVGSwitchElement": "SVGGraphicsElement", "SVGSymbolElement": "SVGGraphicsElement",
		"SVGTitleElement": "SVGElement", "SVGDescElement": "SVGElement", "SVGStyleElement": "SVGElement", "SVGScriptElement": "SVGElement",
		"SVGLinearGradientElement": "SVGGradientElement", "SVGRadialGradientElement": "SVGGradientElement", "SVGStopElement": "SVGElement",
		"SVGClipPathElement": "SVGElement", "SVGMaskElement": "SVGElement", "SVGPatternElement": "SVGElement",
		"SVGMarkerElement": "SVGElement", "SVGFilterElement": "SVGElement", "SVGMetadataElement": "SVGElement", "SVGViewElement": "SVGElement",
		"SVGAnimateElement": "SVGAnimationElement", "SVGSetElement": "SVGAnimationElement", "SVGAnimateMotionElement": "SVGAnimationElement",
		"SVGAnimateTransformElement": "SVGAnimationElement", "SVGMPathElement": "SVGElement",
		"SVGFEFuncAElement": "SVGComponentTransferFunctionElement", "SVGFEFuncBElement": "SVGComponentTransferFunctionElement",
		"SVGFEFuncGElement": "SVGComponentTransferFunctionElement", "SVGFEFuncRElement": "SVGComponentTransferFunctionElement",
	}
	// the other filter primitives are SVGElements (with the
	// SVGFilterPrimitiveStandardAttributes mixin, whose attributes are
	// not bound: no filter runs)
	for local, name := range svgInterfaces {
		if strings.HasPrefix(local, "fe") && parents[name] == "" {
			parents[name] = "SVGElement"
		}
	}
	// every parent above is declared before its children
	names := make([]string, 0, len(parents))
	for name := range parents {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		out = append(out, &bind.Interface{Name: name, Parent: parents[name], Attributes: svgElementAttrs[name]})
	}
	for _, i := range out {
		i.Constants = append(i.Constants, svgConstantList(i.Name)...)
		if extra, lists := svgPrimElementAttrs[i.Name], svgListElementAttrs[i.Name]; extra != nil || lists != nil {
			i.Attributes = attrList(i.Attributes, extra, lists)
		}
		switch i.Name {
		case "SVGAnimationElement":
			i.Methods = append(i.Methods, svgAnimationMethods...)
		case "SVGTextContentElement":
			i.Methods = append(i.Methods, svgTextCharMethods...)
		}
		i.Methods = append(i.Methods, svgPrimElementMethods[i.Name]...)
	}
	out = append(out, svgTypeIfaces...)
	out = append(out, svgListIfaces...)
	return append(out, svgAnimatedListIfaces...)
}()

// svgConstants are the constants of the SVG interfaces (SVG 2 and Filter
// Effects IDL), "NAME=value" separated by spaces. Feature tests read them:
// Modernizr's svgfilters asks for
// SVGFEColorMatrixElement.SVG_FECOLORMATRIX_TYPE_SATURATE === 2.
var svgConstants = map[string]string{
	"SVGComponentTransferFunctionElement": `SVG_FECOMPONENTTRANSFER_TYPE_UNKNOWN=0 SVG_FECOMPONENTTRANSFER_TYPE_IDENTITY=1 SVG_FECOMPONENTTRANSFER_TYPE_TABLE=2 SVG_FECOMPONENTTRANSFER_TYPE_DISCRETE=3 SVG_FECOMPONENTTRANSFER_TYPE_LINEAR=4 SVG_FECOMPONENTTRANSFER_TYPE_GAMMA=5`,
	"SVGFEBlendElement":                   `SVG_FEBLEND_MODE_UNKNOWN=0 SVG_FEBLEND_MODE_NORMAL=1 SVG_FEBLEND_MODE_MULTIPLY=2 SVG_FEBLEND_MODE_SCREEN=3 SVG_FEBLEND_MODE_DARKEN=4 SVG_FEBLEND_MODE_LIGHTEN=5 SVG_FEBLEND_MODE_OVERLAY=6 SVG_FEBLEND_MODE_COLOR_DODGE=7 SVG_FEBLEND_MODE_COLOR_BURN=8 SVG_FEBLEND_MODE_HARD_LIGHT=9 SVG_FEBLEND_MODE_SOFT_LIGHT=10 SVG_FEBLEND_MODE_DIFFERENCE=11 SVG_FEBLEND_MODE_EXCLUSION=12 SVG_FEBLEND_MODE_HUE=13 SVG_FEBLEND_MODE_SATURATION=14 SVG_FEBLEND_MODE_COLOR=15 SVG_FEBLEND_MODE_LUMINOSITY=16`,
	"SVGFEColorMatrixElement":             `SVG_FECOLORMATRIX_TYPE_UNKNOWN=0 SVG_FECOLORMATRIX_TYPE_MATRIX=1 SVG_FECOLORMATRIX_TYPE_SATURATE=2 SVG_FECOLORMATRIX_TYPE_HUEROTATE=3 SVG_FECOLORMATRIX_TYPE_LUMINANCETOALPHA=4`,
	"SVGFECompositeElement":               `SVG_FECOMPOSITE_OPERATOR_UNKNOWN=0 SVG_FECOMPOSITE_OPERATOR_OVER=1 SVG_FECOMPOSITE_OPERATOR_IN=2 SVG_FECOMPOSITE_OPERATOR_OUT=3 SVG_FECOMPOSITE_OPERATOR_ATOP=4 SVG_FECOMPOSITE_OPERATOR_XOR=5 SVG_FECOMPOSITE_OPERATOR_ARITHMETIC=6`,
	"SVGFEConvolveMatrixElement":          `SVG_EDGEMODE_UNKNOWN=0 SVG_EDGEMODE_DUPLICATE=1 SVG_EDGEMODE_WRAP=2 SVG_EDGEMODE_NONE=3`,
	"SVGFEDisplacementMapElement":         `SVG_CHANNEL_UNKNOWN=0 SVG_CHANNEL_R=1 SVG_CHANNEL_G=2 SVG_CHANNEL_B=3 SVG_CHANNEL_A=4`,
	"SVGFEMorphologyElement":              `SVG_MORPHOLOGY_OPERATOR_UNKNOWN=0 SVG_MORPHOLOGY_OPERATOR_ERODE=1 SVG_MORPHOLOGY_OPERATOR_DILATE=2`,
	"SVGFETurbulenceElement":              `SVG_TURBULENCE_TYPE_UNKNOWN=0 SVG_TURBULENCE_TYPE_FRACTALNOISE=1 SVG_TURBULENCE_TYPE_TURBULENCE=2 SVG_STITCHTYPE_UNKNOWN=0 SVG_STITCHTYPE_STITCH=1 SVG_STITCHTYPE_NOSTITCH=2`,
	"SVGGradientElement":                  `SVG_SPREADMETHOD_UNKNOWN=0 SVG_SPREADMETHOD_PAD=1 SVG_SPREADMETHOD_REFLECT=2 SVG_SPREADMETHOD_REPEAT=3`,
	"SVGMarkerElement":                    `SVG_MARKERUNITS_UNKNOWN=0 SVG_MARKERUNITS_USERSPACEONUSE=1 SVG_MARKERUNITS_STROKEWIDTH=2 SVG_MARKER_ORIENT_UNKNOWN=0 SVG_MARKER_ORIENT_AUTO=1 SVG_MARKER_ORIENT_ANGLE=2`,
	"SVGPreserveAspectRatio":              `SVG_PRESERVEASPECTRATIO_UNKNOWN=0 SVG_PRESERVEASPECTRATIO_NONE=1 SVG_PRESERVEASPECTRATIO_XMINYMIN=2 SVG_PRESERVEASPECTRATIO_XMIDYMIN=3 SVG_PRESERVEASPECTRATIO_XMAXYMIN=4 SVG_PRESERVEASPECTRATIO_XMINYMID=5 SVG_PRESERVEASPECTRATIO_XMIDYMID=6 SVG_PRESERVEASPECTRATIO_XMAXYMID=7 SVG_PRESERVEASPECTRATIO_XMINYMAX=8 SVG_PRESERVEASPECTRATIO_XMIDYMAX=9 SVG_PRESERVEASPECTRATIO_XMAXYMAX=10 SVG_MEETORSLICE_UNKNOWN=0 SVG_MEETORSLICE_MEET=1 SVG_MEETORSLICE_SLICE=2`,
	"SVGTextContentElement":               `LENGTHADJUST_UNKNOWN=0 LENGTHADJUST_SPACING=1 LENGTHADJUST_SPACINGANDGLYPHS=2`,
	"SVGTextPathElement":                  `TEXTPATH_METHODTYPE_UNKNOWN=0 TEXTPATH_METHODTYPE_ALIGN=1 TEXTPATH_METHODTYPE_STRETCH=2 TEXTPATH_SPACINGTYPE_UNKNOWN=0 TEXTPATH_SPACINGTYPE_AUTO=1 TEXTPATH_SPACINGTYPE_EXACT=2 TEXTPATH_SIDETYPE_UNKNOWN=0 TEXTPATH_SIDETYPE_LEFT=1 TEXTPATH_SIDETYPE_RIGHT=2`,
	"SVGSVGElement":                       `SVG_ZOOMANDPAN_UNKNOWN=0 SVG_ZOOMANDPAN_DISABLE=1 SVG_ZOOMANDPAN_MAGNIFY=2`,
	"SVGViewElement":                      `SVG_ZOOMANDPAN_UNKNOWN=0 SVG_ZOOMANDPAN_DISABLE=1 SVG_ZOOMANDPAN_MAGNIFY=2`,
}

// svgConstantList parses the constants of interface name.
func svgConstantList(name string) []bind.Constant {
	var out []bind.Constant
	for _, f := range strings.Fields(svgConstants[name]) {
		k, v, _ := strings.Cut(f, "=")
		n, _ := strconv.ParseInt(v, 10, 64)
		out = append(out, bind.Constant{Name: k, Value: n})
	}
	return out
}

// svgTypeIfaces are the data-type interfaces declared outside svgtypes.go.
var svgTypeIfaces = attrIfaces(svgPointIface, svgMatrixIface, svgPARIface, svgAnimatedPARIface, svgAnimatedAngleIface)

func attrIfaces(i ...*bind.Interface) []*bind.Interface { return i }

// svgSVGElementMethods are the factory and document methods of <svg>
// elements. Feature tests look for them: Modernizr and Leaflet decide that
// the browser has SVG from `createElementNS(svgNS, 'svg').createSVGRect`,
// and without it Leaflet drew no vector layer at all.
// https://svgwg.org/svg2-draft/struct.html#InterfaceSVGSVGElement
var svgSVGElementMethods = []bind.Method{
	method("createSVGRect", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.realm.WrapObject(&svgRect{}, w.realm.Class("SVGRect"))
	}),
	method("createSVGPoint", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.svgPoint(0, 0) }),
	method("createSVGNumber", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.realm.WrapObject(&svgNumberValue{}, w.realm.Class("SVGNumber"))
	}),
	method("createSVGMatrix", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.svgMatrix(identityAffine) }),
	method("createSVGTransform", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.realm.WrapObject(newSVGTransform(), w.realm.Class("SVGTransform"))
	}),
	method("createSVGTransformFromMatrix", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		t := &svgTransform{kind: transformMatrix, m: svgMatrixArg(w.realm, args, "createSVGTransformFromMatrix", "SVGSVGElement")}
		return w.realm.WrapObject(t, w.realm.Class("SVGTransform"))
	}),
	method("createSVGLength", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.realm.WrapObject(&svgLengthValue{w: w, unit: lengthNumber}, w.realm.Class("SVGLength"))
	}),
	method("createSVGAngle", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.realm.WrapObject(&svgAngle{unit: 1}, w.realm.Class("SVGAngle"))
	}),
	method("getElementById", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		if len(args) == 0 {
			w.realm.ThrowTypeError("Failed to execute 'getElementById' on 'SVGSVGElement': 1 argument required, but only 0 present.")
		}
		return w.wrap(n.GetElementByID(bind.DOMString(args[0])))
	}),
	// Redraw suspension is a no-op in browsers too.
	method("suspendRedraw", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.int(1) }),
	method("unsuspendRedraw", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("unsuspendRedrawAll", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("forceRedraw", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	// No SMIL animation runs: the document time stays 0.
	method("getCurrentTime", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if st := w.svgStates[n]; st != nil {
			return w.rt.ToValue(st.time)
		}
		return w.int(0)
	}),
	method("pauseAnimations", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("unpauseAnimations", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("animationsPaused", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return valFalse }),
}

// svgRect backs an SVGRect of its own, what createSVGRect and getBBox
// return (a viewBox's is an svgViewBoxRect): four floats, no top/left nor
// toJSON as DOMRect has. https://svgwg.org/svg2-draft/types.html#InterfaceSVGRect
type svgRect struct{ x, y, w, h float64 }

// svgTypeObject returns a new object whose prototype is that of the SVG
// data-type interface name (svgTypeIfaces), so that instanceof holds.
func (w *Window) svgTypeObject(name string) *goja.Object {
	o := w.rt.NewObject()
	if c := w.realm.Class(name); c != nil {
		_ = o.SetPrototype(c.Prototype())
	}
	return o
}

// svgClass is the class of an SVG element other than <svg>.
func (w *Window) svgClass(n *dom.Node) *bind.Class {
	if name, ok := svgInterfaces[n.Data]; ok {
		if c := w.realm.Class(name); c != nil {
			return c
		}
	}
	return w.c.svgElement
}
