package jsruntime

import (
	"sort"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The SVG element interfaces, so that instanceof checks and interface
// names match browsers. There is no geometry: lengths measure 0.
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
}

// svgIfaces declares them: name, parent.
var svgIfaces = func() []*bind.Interface {
	geometry := &bind.Interface{Name: "SVGGeometryElement", Parent: "SVGGraphicsElement", Methods: []bind.Method{
		method("getTotalLength", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.int(0) }),
		method("isPointInFill", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return valFalse }),
		method("isPointInStroke", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return valFalse }),
	}}
	out := []*bind.Interface{geometry,
		{Name: "SVGTextContentElement", Parent: "SVGGraphicsElement", Methods: []bind.Method{
			method("getComputedTextLength", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.int(0) }),
			method("getNumberOfChars", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
				s, _ := n.TextContent()
				return w.int(len(dom.UTF16(s)))
			}),
		}},
		{Name: "SVGTextPositioningElement", Parent: "SVGTextContentElement"},
		{Name: "SVGGradientElement", Parent: "SVGElement"},
	}
	parents := map[string]string{
		"SVGRectElement": "SVGGeometryElement", "SVGCircleElement": "SVGGeometryElement", "SVGEllipseElement": "SVGGeometryElement",
		"SVGLineElement": "SVGGeometryElement", "SVGPathElement": "SVGGeometryElement", "SVGPolygonElement": "SVGGeometryElement",
		"SVGPolylineElement": "SVGGeometryElement", "SVGGElement": "SVGGraphicsElement", "SVGTextElement": "SVGTextPositioningElement",
		"SVGTSpanElement": "SVGTextPositioningElement", "SVGTextPathElement": "SVGTextContentElement", "SVGUseElement": "SVGGraphicsElement",
		"SVGImageElement": "SVGGraphicsElement", "SVGDefsElement": "SVGGraphicsElement", "SVGForeignObjectElement": "SVGGraphicsElement",
		"SVGAElement": "SVGGraphicsElement", "SVGSwitchElement": "SVGGraphicsElement", "SVGSymbolElement": "SVGElement",
		"SVGTitleElement": "SVGElement", "SVGDescElement": "SVGElement", "SVGStyleElement": "SVGElement", "SVGScriptElement": "SVGElement",
		"SVGLinearGradientElement": "SVGGradientElement", "SVGRadialGradientElement": "SVGGradientElement", "SVGStopElement": "SVGElement",
		"SVGClipPathElement": "SVGElement", "SVGMaskElement": "SVGElement", "SVGPatternElement": "SVGElement",
		"SVGMarkerElement": "SVGElement", "SVGFilterElement": "SVGElement", "SVGMetadataElement": "SVGElement", "SVGViewElement": "SVGElement",
	}
	// every parent above is declared before its children
	names := make([]string, 0, len(parents))
	for name := range parents {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		out = append(out, &bind.Interface{Name: name, Parent: parents[name]})
	}
	return out
}()

// svgClass is the class of an SVG element other than <svg>.
func (w *Window) svgClass(n *dom.Node) *bind.Class {
	if name, ok := svgInterfaces[n.Data]; ok {
		if c := w.realm.Class(name); c != nil {
			return c
		}
	}
	return w.c.svgElement
}
