package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// SVG's layout tree: which SVG elements Chromium makes a box (a layout
// object) for. An SVG element gets one only when it is of a rendered kind
// and its parent's box takes it as a child; its descendants have none
// otherwise. (Checked against Chromium 156 with every pair of the kinds
// below; testdata/wpt/domdiff73-svg-unrendered-kinds.html.)

// svgContainers are the SVG elements whose boxes lay out graphics
// children: roots, groups, switches and links outside text.
var svgContainers = map[string]bool{"svg": true, "g": true, "switch": true, "a": true}

// svgGraphics are the elements a container lays out: containers, shapes,
// images, uses, foreign objects and text.
var svgGraphics = map[string]bool{
	"svg": true, "g": true, "switch": true, "a": true, "rect": true, "circle": true, "ellipse": true,
	"line": true, "path": true, "polygon": true, "polyline": true, "image": true, "use": true,
	"foreignObject": true, "text": true,
}

// svgHiddenContainers are the resources: boxes that are never painted
// where they are (only where something references them), so neither they
// nor what they hold is focusable or has client rects, though their
// graphics children are laid out (innerText reads a text in a defs).
var svgHiddenContainers = map[string]bool{
	"defs": true, "symbol": true, "clipPath": true, "mask": true, "marker": true, "pattern": true,
	"linearGradient": true, "radialGradient": true, "filter": true,
}

// svgTextContent are the elements whose box lays out SVG text and inline
// children.
func svgTextContent(n *Node) bool {
	return n.Namespace == "svg" && (n.Data == "text" || n.Data == "tspan" || n.Data == "textPath")
}

// SVGHiddenContainer reports whether n is an SVG resource element (defs,
// symbol, clipPath, mask, marker, pattern, a gradient or a filter).
func SVGHiddenContainer(n *Node) bool {
	return n.Namespace == "svg" && svgHiddenContainers[n.Data]
}

// SVGUnboxed reports whether a, an SVG element whose parent element (or
// shadow host) is p, has no box: Chromium lays out an <svg> in HTML (or
// straight in a foreignObject) as a root, and any other SVG element only
// when its parent's box takes it:
//   - a root, g, switch, or an a outside text takes graphics (containers,
//     shapes, image, use, foreignObject, text) and resources, but an a no
//     other a, and a switch only its first SVG element child whose
//     conditional processing attributes do not fail;
//   - a resource other than a gradient or a filter takes them too, but no
//     foreignObject;
//   - a text takes tspan, textPath and a (an inline link), a tspan,
//     textPath or inline a takes tspan and a, an inline a straight in a
//     text also textPath, and no a takes another a;
//   - nothing else takes SVG children (shapes, images, uses, text inlines
//     given graphics, descriptions, animations, unknown elements).
//
// Elements of unknown names, desc, title, metadata, style, script,
// animations, view, stop outside a gradient and filter primitives have no
// box anywhere.
func SVGUnboxed(a, p *Node) bool {
	if a.Namespace != "svg" {
		return false
	}
	if svgConditionsFail(a) {
		return true
	}
	if p == nil || p.Namespace != "svg" {
		return a.Data != "svg"
	}
	return !svgTakes(p, a, 0)
}

// svgConditionsFail reports whether SVG element a has a conditional
// processing attribute that evaluates to false, which leaves it
// unrendered wherever it is (and not the child a switch renders):
// requiredExtensions must list extensions, all of them the XHTML
// namespace (Chromium's one), and systemLanguage must name a language
// whose primary subtag is the user's (en matches en-US; e and eng do not).
// They apply to graphics and text content elements (Chromium's SVGTests).
// https://svgwg.org/svg2-draft/struct.html#ConditionalProcessing
func svgConditionsFail(a *Node) bool {
	if !svgGraphics[a.Data] && a.Data != "tspan" && a.Data != "textPath" {
		return false
	}
	if v, ok := a.GetAttribute("requiredExtensions"); ok {
		f := ascii.Fields(v)
		if len(f) == 0 {
			return true
		}
		for _, e := range f {
			if e != "http://www.w3.org/1999/xhtml" {
				return true
			}
		}
	}
	if v, ok := a.GetAttribute("systemLanguage"); ok {
		user := "en-US"
		if a.doc != nil && a.doc.Languages != nil {
			if l := a.doc.Languages(); len(l) > 0 {
				user = l[0]
			}
		}
		user, _, _ = strings.Cut(user, "-")
		for _, lang := range strings.Split(v, ",") {
			primary, _, _ := strings.Cut(strings.TrimSpace(lang), "-")
			if primary != "" && ascii.EqualFold(primary, user) {
				return false
			}
		}
		return true
	}
	return false
}

// svgTakes reports whether the box of SVG element p lays out a as its
// child (a being p's child, or with depth > 0 a child of an a p's box
// holds, which asks its parent).
func svgTakes(p, a *Node, depth int) bool {
	switch {
	case p.Data == "foreignObject":
		return a.Data == "svg"
	case p.Data == "text":
		return a.Data == "tspan" || a.Data == "textPath" || a.Data == "a"
	case p.Data == "tspan" || p.Data == "textPath" || p.Data == "a" && svgInlineLink(p):
		switch a.Data {
		case "tspan":
			return true
		case "a":
			return p.Data != "a"
		case "textPath":
			// a text path only in a link straight in a text
			g := p.ParentElement()
			return p.Data == "a" && g != nil && g.Namespace == "svg" && g.Data == "text"
		}
		return false
	case svgContainers[p.Data]:
		if !svgGraphics[a.Data] && !svgHiddenContainers[a.Data] {
			return false
		}
		switch p.Data {
		case "a":
			if a.Data == "a" {
				return false
			}
			// a link takes what its parent would take
			if g := p.ParentElement(); g != nil && g.Namespace == "svg" && depth < maxSVGLinkDepth {
				return svgTakes(g, a, depth+1)
			}
		case "switch":
			// only the first SVG element child is rendered (the child
			// asked for is a's own sibling, even through a link)
			for s := a.PreviousElementSibling(); s != nil; s = s.PreviousElementSibling() {
				if s.Namespace == "svg" && !svgConditionsFail(s) {
					return false
				}
			}
		}
		return true
	case svgHiddenContainers[p.Data]:
		switch p.Data {
		case "linearGradient", "radialGradient", "filter":
			return false
		}
		return a.Data != "foreignObject" && (svgGraphics[a.Data] || svgHiddenContainers[a.Data])
	}
	return false
}

// maxSVGLinkDepth bounds the links svgTakes asks through.
const maxSVGLinkDepth = 64

// svgInlineLink reports whether SVG a element p is laid out as an inline
// (its parent is a text, tspan or textPath).
func svgInlineLink(p *Node) bool {
	g := p.ParentElement()
	return g != nil && svgTextContent(g)
}
