package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Computed values that depend on the user-agent style sheet and on other
// properties: font-size (em, %, rem and keywords resolved against the
// parent), font-weight and font-style defaults of b/strong/h1-h6/em/i...,
// the default margins of body, p, headings and lists (em margins resolved
// against the element's font size), and the initial values of common
// properties. Still no layout: percentages of widths stay unresolved.
// https://html.spec.whatwg.org/multipage/rendering.html#the-css-user-agent-style-sheet-and-presentational-hints
// https://drafts.csswg.org/css-cascade/#computed

// maxFontSize is the largest computed font-size, in px, as Chromium's
// (font-size: 20000px is 10000px).
const maxFontSize = 10000

// uaFontSize is the font-size of elements in the UA style sheet, in em:
// small, sub and sup are `smaller`, a sixth less than the parent's (13.3333px
// in 16px text, where 0.83em would be 13.28px;
// testdata/wpt/sweep72-small-font-size.html).
var uaFontSize = map[string]float64{"h1": 2, "h2": 1.5, "h3": 1.17, "h4": 1, "h5": 0.83, "h6": 0.67, "small": 1 / 1.2, "sub": 1 / 1.2, "sup": 1 / 1.2}

// uaBlockMargin is the top and bottom margin of elements in the UA style
// sheet, in em of the element's font size.
var uaBlockMargin = map[string]float64{"p": 1, "h1": 0.67, "h2": 0.83, "h3": 1, "h4": 1.33, "h5": 1.67, "h6": 2.33,
	"ul": 1, "ol": 1, "dl": 1, "pre": 1, "blockquote": 1, "figure": 1, "menu": 1, "dir": 1, "listing": 1, "xmp": 1}

// nestedList reports whether el is a list (dir, dl, menu, ol, ul) in
// another, at any depth: the UA sheet's :is(dir, dl, menu, ol, ul)
// :is(dir, dl, menu, ol, ul) { margin-block: 0 }.
func nestedList(el *dom.Node) bool {
	switch el.Data {
	case "dir", "dl", "menu", "ol", "ul":
	default:
		return false
	}
	for p := el.ParentElement(); p != nil; p = p.ParentElement() {
		if p.Namespace == "" {
			switch p.Data {
			case "dir", "dl", "menu", "ol", "ul":
				return true
			}
		}
	}
	return false
}

// fontSizeKeywords are the absolute font-size keywords in px (medium 16px).
var fontSizeKeywords = map[string]float64{"xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
	"x-large": 24, "xx-large": 32, "xxx-large": 48}

// monospaceKeywords are the absolute font-size keywords in px in the
// generic monospace family, whose medium is 13px (Chromium 156's table).
var monospaceKeywords = map[string]float64{"xx-small": 9, "x-small": 10, "small": 12, "medium": 13, "large": 16,
	"x-large": 20, "xx-large": 26, "xxx-large": 39}

// initialValues are computed values of properties nothing sets.
var initialValues = map[string]string{
	"font-style": "normal", "font-weight": "400", "text-transform": "none", "cursor": "auto",
	"text-decoration-line": "none", "text-align": "start", "float": "none", "clear": "none", "list-style-type": "disc",
	"font-variant": "normal", "letter-spacing": "normal", "word-spacing": "0px", "text-indent": "0px",
	"vertical-align": "baseline", "outline-style": "none", "border-top-style": "none", "border-right-style": "none",
	"border-bottom-style": "none", "border-left-style": "none", "min-width": "auto", "min-height": "auto",
	"max-width": "none", "max-height": "none", "flex-direction": "row", "flex-wrap": "nowrap", "flex-grow": "0",
	"flex-shrink": "1", "flex-basis": "auto", "order": "0", "align-items": "normal", "justify-content": "normal",
	"user-select": "auto", "content": "normal", "text-overflow": "clip", "table-layout": "auto", "resize": "none",
	"font-family": `"Times New Roman"`, "font-stretch": "100%", "list-style-position": "outside", "list-style-image": "none",
	"background-image": "none", "background-repeat": "repeat", "background-position": "0% 0%", "background-size": "auto",
	"background-attachment": "scroll", "background-clip": "border-box", "background-origin": "padding-box",
	"border-top-left-radius": "0px", "border-top-right-radius": "0px", "border-bottom-left-radius": "0px",
	"border-bottom-right-radius": "0px", "outline-width": "medium", "outline-offset": "0px", "box-shadow": "none",
	"text-shadow": "none", "filter": "none", "clip-path": "none", "transition-property": "all", "transition-duration": "0s",
	"transition-timing-function": "ease", "transition-delay": "0s", "animation-name": "none", "animation-duration": "0s",
	"animation-iteration-count": "1", "animation-fill-mode": "none", "animation-play-state": "running",
	"animation-delay": "0s", "animation-direction": "normal", "animation-timing-function": "ease", "align-self": "auto",
	"align-content": "normal", "justify-items": "normal", "justify-self": "auto", "row-gap": "normal", "column-gap": "normal",
	"grid-template-columns": "none", "grid-template-rows": "none", "grid-template-areas": "none", "grid-auto-flow": "row",
	"grid-auto-rows": "auto", "grid-auto-columns": "auto", "grid-row-start": "auto", "grid-row-end": "auto",
	"grid-column-start": "auto", "grid-column-end": "auto", "appearance": "none", "object-fit": "fill",
	"object-position": "50% 50%", "mix-blend-mode": "normal", "isolation": "auto", "will-change": "auto", "contain": "none",
	"aspect-ratio": "auto", "writing-mode": "horizontal-tb", "unicode-bidi": "isolate", "tab-size": "8", "quotes": "auto",
	"counter-reset": "none", "counter-increment": "none", "touch-action": "auto",
	"scroll-behavior": "auto", "zoom": "1", "font-variant-numeric": "normal", "text-decoration-style": "solid",
	"text-decoration-thickness": "auto", "text-underline-offset": "auto", "backface-visibility": "visible",
	"perspective": "none", "mask-image": "none", "content-visibility": "visible", "word-break": "normal",
	"overflow-wrap": "normal", "caption-side": "top", "empty-cells": "show", "border-collapse": "separate",
	"visibility": "visible", "fill": "rgb(0, 0, 0)", "stroke": "none",
	"border-top-color": "currentcolor", "border-right-color": "currentcolor", "border-bottom-color": "currentcolor",
	"border-left-color": "currentcolor", "outline-color": "currentcolor", "text-decoration-color": "currentcolor",
	"column-rule-color": "currentcolor", "caret-color": "auto", "-webkit-text-fill-color": "currentcolor",
	"text-emphasis-color": "currentcolor", "column-count": "auto", "column-width": "auto", "transform-style": "flat",
	"transform-origin": "50% 50%", "perspective-origin": "50% 50%", "hyphens": "manual", "text-wrap": "wrap",
	"overscroll-behavior": "auto", "scrollbar-width": "auto", "scrollbar-gutter": "auto", "container-type": "normal",
	"accent-color": "auto", "mask-size": "auto", "mask-repeat": "repeat", "mask-position": "0% 0%",
	"mask-origin": "border-box", "mask-clip": "border-box", "mask-composite": "add", "mask-mode": "match-source", "paint-order": "normal",
	"offset-distance": "0px", "offset-path": "none", "rotate": "none", "scale": "none", "translate": "none",
	"backdrop-filter": "none", "font-feature-settings": "normal", "clip": "auto",
	"stroke-width": "1px", "text-wrap-mode": "wrap", "object-view-box": "none",
	"column-rule-style": "none", "column-rule-width": "medium", "direction": "ltr", "container-name": "none",
	"scroll-snap-type": "none", "scroll-snap-align": "none",
	"font-variant-caps": "normal", "font-variant-ligatures": "normal", "font-variant-east-asian": "normal",
	"font-variant-alternates": "normal", "font-variant-position": "normal", "font-variant-emoji": "normal",
	"font-size-adjust": "none", "font-language-override": "normal", "font-kerning": "auto", "font-optical-sizing": "auto",
	"font-variation-settings": "normal", "border-image-source": "none", "border-image-slice": "100%",
	"border-image-width": "1", "border-image-outset": "0", "border-image-repeat": "stretch",
	// and those of the rest of the properties Chromium 148 lists in a
	// computed style, read from a plain div there
	"alignment-baseline": "auto", "anchor-name": "none", "anchor-scope": "none", "animation-composition": "replace",
	"animation-range-end": "normal", "animation-range-start": "normal", "animation-timeline": "auto",
	"animation-trigger": "none", "app-region": "none", "background-blend-mode": "normal", "baseline-shift": "0px",
	"baseline-source": "auto", "border-shape": "none", "box-decoration-break": "slice", "break-after": "auto",
	"break-before": "auto", "break-inside": "auto", "buffered-rendering": "auto", "caret-animation": "auto",
	"caret-shape": "auto", "clip-rule": "nonzero", "color-interpolation": "srgb",
	"color-interpolation-filters": "linearrgb", "color-rendering": "auto", "color-scheme": "normal",
	"column-fill": "balance", "column-height": "auto", "column-span": "none", "column-wrap": "auto",
	"row-rule-width": "medium", "row-rule-style": "none", "row-rule-color": "currentcolor", "column-rule-break": "normal",
	"row-rule-break": "normal", "column-rule-visibility-items": "normal", "row-rule-visibility-items": "normal",
	"column-rule-inset-cap-start": "0px", "column-rule-inset-cap-end": "0px", "column-rule-inset-junction-start": "0px",
	"column-rule-inset-junction-end": "0px", "row-rule-inset-cap-start": "0px", "row-rule-inset-cap-end": "0px",
	"row-rule-inset-junction-start": "0px", "row-rule-inset-junction-end": "0px",
	"contain-intrinsic-height": "none", "contain-intrinsic-size": "none", "contain-intrinsic-width": "none",
	"corner-bottom-left-shape": "round", "corner-bottom-right-shape": "round", "corner-end-end-shape": "round",
	"corner-end-start-shape": "round", "corner-start-end-shape": "round", "corner-start-start-shape": "round",
	"corner-top-left-shape": "round", "corner-top-right-shape": "round", "counter-set": "none", "cx": "0px",
	"cy": "0px", "d": "none", "dominant-baseline": "auto", "dynamic-range-limit": "no-limit", "field-sizing": "fixed",
	"fill-opacity": "1", "fill-rule": "nonzero", "flood-color": "rgb(0, 0, 0)", "flood-opacity": "1",
	"font-palette": "normal", "font-synthesis-small-caps": "auto", "font-synthesis-style": "auto",
	"font-synthesis-weight": "auto", "forced-color-adjust": "auto", "hyphenate-character": "auto",
	"hyphenate-limit-chars": "auto", "image-orientation": "from-image", "image-rendering": "auto",
	"initial-letter": "normal", "interactivity": "auto", "interest-delay-end": "normal",
	"interest-delay-start": "normal", "interpolate-size": "numeric-only", "lighting-color": "rgb(255, 255, 255)",
	"line-break": "auto", "margin-trim": "none", "marker-end": "none", "marker-mid": "none", "marker-start": "none",
	"mask-type":  "luminance",
	"math-depth": "0", "math-shift": "normal", "math-style": "normal", "offset-anchor": "auto",
	"offset-position": "normal", "offset-rotate": "auto 0deg", "orphans": "2", "overflow-anchor": "auto",
	"overflow-clip-margin": "0px", "overlay": "none", "overscroll-behavior-x": "auto", "overscroll-behavior-y": "auto",
	"position-anchor": "none", "position-area": "none", "position-try-fallbacks": "none",
	"position-try-order": "normal", "position-visibility": "anchors-visible", "print-color-adjust": "economy",
	"r": "0px", "reading-flow": "normal", "reading-order": "0", "ruby-align": "space-around", "ruby-position": "over",
	"rx": "auto", "ry": "auto", "scroll-initial-target": "none", "scroll-margin-bottom": "0px",
	"scroll-margin-left": "0px", "scroll-margin-right": "0px", "scroll-margin-top": "0px",
	"scroll-marker-group": "none", "scroll-padding-bottom": "auto", "scroll-padding-left": "auto",
	"scroll-padding-right": "auto", "scroll-padding-top": "auto", "scroll-snap-stop": "normal",
	"scroll-target-group": "none", "scroll-timeline-axis": "block", "scroll-timeline-name": "none",
	"scrollbar-color": "auto", "shape-image-threshold": "0", "shape-margin": "0px", "shape-outside": "none",
	"shape-rendering": "auto", "speak": "normal", "stop-color": "rgb(0, 0, 0)", "stop-opacity": "1",
	"stroke-dasharray": "none", "stroke-dashoffset": "0px", "stroke-linecap": "butt", "stroke-linejoin": "miter",
	"stroke-miterlimit": "4", "stroke-opacity": "1", "text-align-last": "auto", "text-anchor": "start",
	"text-autospace": "no-autospace", "text-box-edge": "auto", "text-box-trim": "none", "text-combine-upright": "none",
	"text-decoration-skip-ink": "auto", "text-emphasis-position": "over", "text-emphasis-style": "none",
	"text-justify": "auto", "text-orientation": "mixed", "text-rendering": "auto", "text-size-adjust": "auto",
	"text-spacing-trim": "normal", "text-underline-position": "auto", "text-wrap-style": "auto",
	"timeline-scope": "none", "timeline-trigger-activation-range-end": "normal",
	"timeline-trigger-activation-range-start": "normal", "timeline-trigger-active-range-end": "auto",
	"timeline-trigger-active-range-start": "auto", "timeline-trigger-name": "none", "timeline-trigger-source": "auto",
	"transform-box": "view-box", "transition-behavior": "normal", "trigger-scope": "none", "vector-effect": "none",
	"view-timeline-axis": "block", "view-timeline-inset": "auto", "view-timeline-name": "none",
	"view-transition-class": "none", "view-transition-group": "normal", "view-transition-name": "none",
	"view-transition-scope": "none", "white-space-collapse": "collapse", "widows": "2", "x": "0px", "y": "0px",
	"-webkit-border-horizontal-spacing": "0px", "-webkit-border-vertical-spacing": "0px",
	"-webkit-box-align": "stretch", "-webkit-box-decoration-break": "slice", "-webkit-box-direction": "normal",
	"-webkit-box-flex": "0", "-webkit-box-ordinal-group": "1", "-webkit-box-orient": "horizontal",
	"-webkit-box-pack": "start", "-webkit-box-reflect": "none", "-webkit-font-smoothing": "auto",
	"-webkit-line-break": "auto", "-webkit-line-clamp": "none", "-webkit-locale": "auto",
	"-webkit-mask-box-image-outset": "0", "-webkit-mask-box-image-repeat": "stretch",
	"-webkit-mask-box-image-slice": "0 fill", "-webkit-mask-box-image-source": "none",
	"-webkit-mask-box-image-width": "auto", "-webkit-mask-position-x": "0%", "-webkit-mask-position-y": "0%",
	"-webkit-rtl-ordering": "logical", "-webkit-ruby-position": "before",
	"-webkit-tap-highlight-color": "rgba(0, 0, 0, 0.18)", "-webkit-text-combine": "none",
	"-webkit-text-orientation": "vertical-right", "-webkit-text-security": "none",
	"-webkit-text-stroke-color": "currentcolor", "-webkit-text-stroke-width": "0px", "-webkit-user-drag": "auto",
	"-webkit-user-modify": "read-only", "-webkit-writing-mode": "horizontal-tb",
}

// computedKey is an element and a property.
type computedKey struct {
	n    *dom.Node
	prop string
}

// computedMemo is the dom package's ComputedStyle hook: computed values
// memoized per document version like display, as innerText asks each box
// for its visibility, position and float. An inherited property an
// element does not set itself is its parent's, found by walking up to the
// nearest element that sets it or whose value is known: a chain of 100,000
// nested elements costs one cascade lookup per element, not one per
// ancestor of each.
func (w *Window) computedMemo(n *dom.Node, prop string) string {
	if prop == "content-visibility" && !w.mayHaveContentVisibility(n) {
		return "visible" // innerText asks each box; most pages set none
	}
	if w.pseudoOf(n) != "" {
		v, _ := w.computedValue(n, prop)
		return v
	}
	sh := w.sheetsOf(n.Document())
	sh.valueFresh(n)
	if v, ok := sh.computed[computedKey{n, prop}]; ok {
		return v
	}
	if sh.computed == nil {
		sh.computed = make(map[computedKey]string)
	}
	var inheriting []*dom.Node // elements whose value is the one of e, above them
	e := n
	for inheritedProps[prop] && !w.setsOwnValue(e, prop) {
		p := w.styleParent(e)
		if p == nil {
			break
		}
		inheriting = append(inheriting, e)
		sh.valueFresh(p)
		if v, ok := sh.computed[computedKey{p, prop}]; ok {
			for _, c := range inheriting {
				sh.computed[computedKey{c, prop}] = v
			}
			return v
		}
		e = p
	}
	v, _ := w.computedValue(e, prop)
	sh.noteComputedProp(prop)
	sh.computed[computedKey{e, prop}] = v
	for _, c := range inheriting {
		sh.computed[computedKey{c, prop}] = v
	}
	return v
}

// mayHaveContentVisibility tells whether element n's content-visibility
// may be other than visible: it has a hidden attribute (the UA sheet's
// hidden=until-found), its style attribute names the property, a rule of
// its document's sheets declares it, or an animation targets it (the
// condition animatedValue has). A rule of a shadow tree's sheets alone is
// not seen (as for container-type: sizeContained); finding the tree's
// root would make innerText quadratic in the depth.
func (w *Window) mayHaveContentVisibility(n *dom.Node) bool {
	if n.HasAttribute("hidden") || w.anim != nil && w.anim.byTarget[n] > 0 {
		return true // (it is not inherited: only an animation of n itself sets it)
	}
	if a, ok := n.GetAttribute("style"); ok && strings.Contains(a, "content-visibility") {
		return true
	}
	sh := w.sheetsOf(n.Document())
	return len(sh.byProp["content-visibility"]) > 0 || len(sh.byProp["all"]) > 0
}

// setsOwnValue reports whether el's computed value of prop is its own
// rather than inherited from its parent: animated, set by the UA's rules
// for it, or declared with anything but inherit or unset.
func (w *Window) setsOwnValue(el *dom.Node, prop string) bool {
	if w.anim != nil {
		if _, ok := w.animatedValue(el, prop); ok {
			return true
		}
	}
	if _, ok := w.uaComputed(el, prop); ok {
		return true
	}
	v, ok := w.cascaded(el, prop)
	if !ok && prop == "direction" {
		return uaSetsDirection(el) // the UA sheet's direction from dir (computedValue)
	}
	if !ok && prop == "visibility" {
		return w.modals[el] // dialog:modal { visibility: visible } (computedValue)
	}
	return ok && v != "inherit" && v != "unset"
}

// fontSize is el's computed font-size in px, memoized per document
// version like display (libraries read computed styles in loops, and each
// font size depends on every ancestor's). The memo holds the values with
// animations: a style read drops it when an animated inherited value
// changed (dropInheritedMemos), as it drops the other value memos. While
// an animation's underlying value is computed (animationState.base) the
// values without animations are memoized apart: bypassing the memo under
// an animated font size made each font size asked walk to the root, and
// styling or laying out a deep chain under an animated ancestor quadratic
// in its depth.
func (w *Window) fontSize(el *dom.Node) float64 {
	sh := w.sheetsOf(el.Document())
	memo := &sh.fontSizes
	if w.anim != nil && w.anim.base > 0 {
		memo = &sh.baseFontSizes
	}
	sh.valueFresh(el)
	if f, ok := (*memo)[el]; ok && w.pseudoOf(el) == "" {
		return f
	}
	if p := w.styleParent(el); p != nil {
		sh.valueFresh(p)
		if _, ok := (*memo)[p]; !ok {
			// the ancestors not known yet first, outermost first, so
			// that each finds its parent's in the memo: the recursion
			// through the parents would go as deep as the tree
			var path []*dom.Node
			for ; p != nil; p = w.styleParent(p) {
				sh.valueFresh(p)
				if _, ok := (*memo)[p]; ok {
					break
				}
				path = append(path, p)
			}
			for i := len(path) - 1; i > 0; i-- {
				w.fontSize(path[i])
			}
		}
	}
	f := w.fontSizeUncached(el)
	if w.pseudoOf(el) == "" {
		if *memo == nil {
			*memo = make(map[*dom.Node]float64)
		}
		(*memo)[el] = f
	}
	return f
}

// rootFontSize is what rem is against on el: the root element's font
// size, the initial one on the root itself.
// https://drafts.csswg.org/css-values/#rem
func (w *Window) rootFontSize(el *dom.Node) float64 {
	root := w.doc.DocumentElement()
	if root == nil || root == el && w.pseudoOf(el) == "" || el.Document() != w.doc {
		return 16
	}
	return w.fontSize(root)
}

func (w *Window) fontSizeUncached(el *dom.Node) float64 {
	parent := 16.0
	if p := w.styleParent(el); p != nil {
		parent = w.fontSize(p)
	}
	return w.fontSizeUncachedFrom(el, parent)
}

// fontSizeUncachedFrom is el's font size when its parent's is parent.
func (w *Window) fontSizeUncachedFrom(el *dom.Node, parent float64) float64 {
	if w.anim != nil && w.pseudoOf(el) == "" {
		// an animated font size is a computed value already (px)
		if v, ok := w.animatedValue(el, "font-size"); ok {
			if f, unit, num := splitNumber(v); num && unit == "px" && f >= 0 {
				return f
			}
		}
	}
	f := w.fontSizeCascaded(el, parent)
	if el.Namespace == "" && w.pseudoOf(el) == "" {
		f *= w.monospaceScale(el)
	}
	return f
}

// monospaceScale is Chromium's adjustment of a font size that derives
// from the font-size keywords (the initial medium included, through em
// and percentages) when the generic family changes to or from monospace,
// whose medium is 13px rather than 16px: a <pre> or <code> in body text
// is 13px, a <code> in an <h1> 26px. Only the lone generic family counts
// (`monospace, monospace`, normalize.css's way out of it, does not).
func (w *Window) monospaceScale(el *dom.Node) float64 {
	if v, ok := w.cascaded(el, "font-size"); ok {
		if v == "initial" {
			v = "medium"
		}
		if px, kw := fontSizeKeywords[v]; kw {
			// a keyword of its own: the monospace table's size
			if w.monospaceFamily(el) {
				return monospaceKeywords[v] / px
			}
			return 1
		}
	}
	p := w.styleParent(el)
	mono, parentMono := w.monospaceFamily(el), p != nil && w.monospaceFamily(p)
	if mono == parentMono || !w.keywordSized(el) {
		return 1
	}
	if mono {
		return 13.0 / 16
	}
	return 16.0 / 13
}

// fontStyle is el's computed font-style, with the UA's italics (em, i,
// cite, var, dfn and address), memoized per document version along the
// path it walks to the nearest element that sets one, as monospaceFamily.
func (w *Window) fontStyle(el *dom.Node) string {
	pseudo := w.pseudoOf(el) != ""
	sh := w.sheetsOf(el.Document())
	if !pseudo {
		sh.valueFresh(el)
		if m, ok := sh.fonts[el]; ok && m.style != "" {
			return m.style
		}
	}
	var pathArr [32]*dom.Node
	path := pathArr[:0] // the elements whose style is the one found, el first
	st := "normal"
	for e := el; e != nil; e = w.styleParent(e) {
		if e != el || !pseudo {
			sh.valueFresh(e)
			if m, ok := sh.fonts[e]; ok && m.style != "" {
				st = m.style
				break
			}
			path = append(path, e)
		}
		if v, ok := w.cascaded(e, "font-style"); ok && v != "inherit" && v != "unset" {
			if v != "initial" {
				st = v
			}
			break
		} else if !ok && e.Namespace == "" {
			switch e.Data {
			case "em", "i", "cite", "var", "dfn", "address":
				st = "italic"
			}
			if st != "normal" {
				break
			}
		}
	}
	if sh.fonts == nil && len(path) > 0 {
		sh.fonts = make(map[*dom.Node]fontMemo)
	}
	for _, e := range path {
		m := sh.fonts[e]
		m.style = st
		sh.fonts[e] = m
	}
	return st
}

// fontMemo holds what fontStyle and monospaceFamily found for an element
// in a document version; the zero value knows nothing.
type fontMemo struct {
	style string // computed font-style; "" not known
	mono  int8   // the generic monospace family alone: 0 not known, 1 no, 2 yes
}

// monospaceFamily tells whether el's computed font-family is the generic
// monospace alone.
// It is memoized per document version along the path it walks, as
// every font size asks it of the element and its parent: walking to the
// nearest declaration at each made a deep tree's styles quadratic.
func (w *Window) monospaceFamily(el *dom.Node) bool {
	if w.pseudoOf(el) != "" {
		return w.monospaceFamilyUncached(el)
	}
	sh := w.sheetsOf(el.Document())
	sh.valueFresh(el)
	if m := sh.fonts[el]; m.mono != 0 {
		return m.mono == 2
	}
	if sh.fonts == nil {
		sh.fonts = make(map[*dom.Node]fontMemo)
	}
	var pathArr [32]*dom.Node
	path := pathArr[:0] // the elements whose answer is the one found, el first
	mono := false
	for e := el; e != nil; e = w.styleParent(e) {
		sh.valueFresh(e)
		if m := sh.fonts[e]; m.mono != 0 {
			mono = m.mono == 2
			break
		}
		path = append(path, e)
		if v, ok := w.cascaded(e, "font-family"); ok && v != "inherit" && v != "unset" {
			mono = ascii.EqualFold(strings.TrimSpace(v), "monospace")
			break
		}
		if e.Namespace != "" {
			break // a foreign element's family is no generic's
		}
	}
	b := int8(1)
	if mono {
		b = 2
	}
	for _, e := range path {
		m := sh.fonts[e]
		m.mono = b
		sh.fonts[e] = m
	}
	return mono
}

// monospaceFamilyUncached is monospaceFamily walking up from el without
// the memo, for pseudo-elements, which have no entry of their own.
func (w *Window) monospaceFamilyUncached(el *dom.Node) bool {
	for e := el; e != nil; e = w.styleParent(e) {
		if v, ok := w.cascaded(e, "font-family"); ok && v != "inherit" && v != "unset" {
			return ascii.EqualFold(strings.TrimSpace(v), "monospace")
		}
		if e.Namespace != "" {
			break
		}
	}
	return false
}

// keywordSized tells whether el's font size derives from a font-size
// keyword: nothing up to the root sets an absolute size (px, pt, rem…);
// em and percentages scale their parent's.
func (w *Window) keywordSized(el *dom.Node) bool {
	for e := el; e != nil; e = w.styleParent(e) {
		v, ok := w.cascaded(e, "font-size")
		if !ok || v == "inherit" || v == "unset" {
			continue
		}
		if _, kw := fontSizeKeywords[v]; kw || v == "initial" {
			return true
		}
		if strings.HasSuffix(v, "em") && !strings.HasSuffix(v, "rem") || strings.HasSuffix(v, "%") || v == "smaller" || v == "larger" {
			continue // relative to the parent's: a keyword size if it is one
		}
		return false
	}
	return true
}

// fontSizeCascaded is el's font size from the cascade and its parent's,
// parent.
func (w *Window) fontSizeCascaded(el *dom.Node, parent float64) float64 {
	if w.anyRegistered() && w.fontSizeReaches(el, "") {
		// a dependency cycle with a registered length in em: font-size
		// is invalid at computed-value time, so inherited
		return parent
	}
	v, ok := w.cascaded(el, "font-size")
	if !ok && el.Namespace == "svg" {
		// an SVG presentation attribute, below every style rule; a
		// plain number is px there
		if a, has := el.GetAttribute("font-size"); has {
			if f, unit, num := splitNumber(strings.TrimSpace(a)); num && unit == "" && f >= 0 {
				return f
			}
			v, ok = strings.TrimSpace(a), true
		}
	}
	if !ok || v == "inherit" || v == "unset" {
		if !ok && el.Namespace == "" && w.pseudoOf(el) == "" {
			if em, ok := uaFontSize[el.Data]; ok {
				return parent * em
			}
		}
		return parent
	}
	if v == "initial" {
		return 16
	}
	if px, ok := fontSizeKeywords[v]; ok {
		return px
	}
	switch v {
	case "smaller":
		return parent / 1.2
	case "larger":
		return parent * 1.2
	}
	// em and % against the parent's font size, rem against the root's
	// https://drafts.csswg.org/css-fonts/#font-size-prop
	vw, vh := w.viewportSize(el.Document()) // flowframe.go
	ctx := cssvalue.Context{FontSize: parent, RootFontSize: w.rootFontSize(el), PercentBasis: parent, HasPercentBasis: true,
		ViewportWidth: vw, ViewportHeight: vh,
		Container: (*containerUnits)(el)}
	if f, ok := cssvalue.Eval(v, &ctx); ok && f.Is(cssvalue.Px) {
		if f.Px < 0 {
			if cssvalue.IsMath(v) {
				return 0 // a math function's result is clamped to the range
			}
			return parent // a negative font size is invalid
		}
		// at most Chromium's largest font size (calc(infinity * 1px) too)
		return min(f.Clamped().Px, maxFontSize)
	}
	return parent
}

func px(f float64) string { return formatNumber(f) + "px" }

// fontWeight is el's computed font-weight, memoized per document version
// like fontSize (it is its parent's unless el declares one, and relative
// weights need the parent's).
// https://drafts.csswg.org/css-fonts/#relative-weights
func (w *Window) fontWeight(el *dom.Node) string {
	if w.pseudoOf(el) != "" {
		return w.fontWeightUncached(el)
	}
	sh := w.sheetsOf(el.Document())
	sh.valueFresh(el)
	if v, ok := sh.fontWeights[el]; ok {
		return v
	}
	v := w.fontWeightUncached(el)
	if sh.fontWeights == nil {
		sh.fontWeights = make(map[*dom.Node]string)
	}
	sh.fontWeights[el] = v
	return v
}

func (w *Window) fontWeightUncached(el *dom.Node) string {
	parent := "400"
	if p := w.styleParent(el); p != nil {
		parent = w.fontWeight(p)
	}
	v, ok := w.cascaded(el, "font-weight")
	if !ok && el.Namespace == "" {
		// The user-agent sheet's weights (Chromium 156's html.css): b,
		// strong and optgroup are bolder than their parent (a b in a b
		// is 900), headings and th bold, an option normal.
		switch el.Data {
		case "h1", "h2", "h3", "h4", "h5", "h6", "th":
			return "700"
		case "b", "strong", "optgroup":
			v, ok = "bolder", true
		case "option":
			return "400"
		}
	}
	if !ok || v == "inherit" || v == "unset" {
		return parent
	}
	pw, _ := strconv.Atoi(parent)
	switch v {
	case "normal", "initial":
		return "400"
	case "bold":
		return "700"
	case "bolder":
		switch {
		case pw < 350:
			return "400"
		case pw < 550:
			return "700"
		}
		return "900"
	case "lighter":
		switch {
		case pw < 550:
			return "100"
		case pw < 750:
			return "400"
		}
		return "700"
	}
	return v
}

// usedEdge is the resolved value of a margin or padding of el computed as
// c, when getComputedStyle gives a rendered box's used value instead:
// percentages of the containing block's width, and auto margins (0 on
// the vertical sides, on out-of-flow, floated and inline-level boxes;
// the room left beside a block in normal flow, shared by two auto
// margins). A non-replaced inline box keeps its computed value, as in
// Chromium; an atomic inline (an img, even without a source, a form
// control, an inline-block) resolves its percentages like a block.
// https://drafts.csswg.org/cssom/#resolved-values
// https://drafts.csswg.org/css2/#blockwidth
func (w *Window) usedEdge(el *dom.Node, prop, c string) (string, bool) {
	pct := strings.Contains(c, "%")
	auto := c == "auto" && strings.HasPrefix(prop, "margin-")
	if el.Namespace != "" || !pct && !auto {
		return "", false
	}
	b := w.boxOf(el)
	d := w.display(el)
	if d == "inline" && !replacedOrControl(el) {
		// an absolutely positioned or floated span, or a flex or grid
		// item, is blockified: its margins are a block's (ion.rangeSlider's
		// grid labels, spans with margin-left: -2.77902%, are moved
		// 11px left in Chromium)
		d = w.computedDisplay(el)
	}
	if !b.rendered || d == "inline" && !replacedOrControl(el) || d == "contents" {
		return "", false
	}
	vw, vh := w.viewportSize(el.Document())
	cb := box{rendered: true, width: int(vw), height: int(vh)}
	p := w.styleParent(el)
	if p != nil {
		cb = w.boxOf(p)
	}
	if pct {
		basis := float64(cb.contentWidth())
		if w.outOfFlow(el) {
			basis = w.outOfFlowBasis(el)
		}
		used, ok := w.percentOf(el, c, basis)
		if ok && strings.HasPrefix(prop, "padding-") && strings.HasPrefix(used, "-") {
			used = "0px" // a negative sum (calc(10% - 40px)) is clamped
		}
		return used, ok
	}
	if prop == "margin-top" || prop == "margin-bottom" || w.outOfFlow(el) || strings.HasPrefix(d, "inline") {
		return "0px", true
	}
	if fl, _ := w.cascaded(el, "float"); fl != "" && fl != "none" {
		return "0px", true
	}
	if p != nil {
		if pd := w.display(p); strings.Contains(pd, "flex") || strings.Contains(pd, "grid") {
			return "", false // the item's auto margins take the line's free space
		}
	}
	other := "margin-left"
	if prop == "margin-left" {
		other = "margin-right"
	}
	free := float64(cb.contentWidth() - b.width)
	if room, ok := w.flowRoom(el, p); ok {
		// the room as laid out: a parent that shrinks to fit (a flex
		// item, an inline-block) leaves none to an icon as wide as it
		free = room
	}
	ov, ok := w.cascaded(el, other)
	if ok && strings.TrimSpace(ov) == "auto" {
		return px(layoutUnit(max(free, 0) / 2)), true
	}
	if ok && !cssWideKeywords[ov] {
		oc := w.computeSpecified(el, other, ov)
		if strings.Contains(oc, "%") {
			oc, _ = w.percentOfWidth(el, oc, cb)
		}
		if x, err := strconv.ParseFloat(strings.TrimSuffix(oc, "px"), 64); err == nil {
			free -= x
		}
	}
	return px(max(free, 0)), true
}

// percentOfWidth resolves c, a percentage or a calc() with one, against
// the width of cb's content box, in Chromium's layout unit (10% of 1264px
// is 126.391px, a 64th toward zero).
func (w *Window) percentOfWidth(el *dom.Node, c string, cb box) (string, bool) {
	return w.percentOf(el, c, float64(cb.contentWidth()))
}

// outOfFlowBasis is the width of the containing block of el, an absolutely
// positioned or fixed box: the padding box of the nearest ancestor that
// holds it (holdsPositioned: positioned, transformed, will-change:
// transform…), else the viewport's.
// https://drafts.csswg.org/css-position/#def-cb
func (w *Window) outOfFlowBasis(el *dom.Node) float64 {
	pos, _ := w.boxCascaded(el, boxPosition)
	for a := flatParentElement(el); a != nil; a = flatParentElement(a) {
		if w.holdsPositioned(a, pos == "fixed") {
			b := w.boxOf(a)
			return float64(max(b.width-b.borderX, 0))
		}
	}
	vw, _ := w.viewportSize(el.Document())
	return vw
}

// percentOf resolves c, a percentage or a calc() with one, against basis,
// in Chromium's layout unit.
func (w *Window) percentOf(el *dom.Node, c string, basis float64) (string, bool) {
	if pct, ok := strings.CutSuffix(strings.TrimSpace(c), "%"); ok {
		if x, err := strconv.ParseFloat(pct, 64); err == nil && !math.IsInf(x, 0) {
			return px(layoutUnit(declaredPercentOf(pct, x, basis))), true
		}
	}
	ctx := w.unitContext(el)
	ctx.PercentBasis, ctx.HasPercentBasis = basis, true
	if x, ok := cssvalue.Eval(c, &ctx); ok && x.Is(cssvalue.Px) {
		return px(layoutUnit(x.Px)), true
	}
	return "", false
}

// percentComputed is the computed value of v, a percentage or calc() with
// one for prop (top, bottom, left, right, width or height), resolved
// against the made-up content box of el's containing block.
func (w *Window) percentComputed(el *dom.Node, prop, v string) (string, bool) {
	base := w.percentComputedBasis(el, prop)
	ctx := w.unitContext(el)
	ctx.PercentBasis, ctx.HasPercentBasis = base, true
	if x, ok := cssvalue.Eval(v, &ctx); ok && x.Is(cssvalue.Px) {
		if prop == "width" || prop == "height" {
			x.Px = max(x.Px, 0)
		}
		return x.String(), true
	}
	return "", false
}

// percentComputedBasis is the length percentComputed resolves a
// percentage of prop against.
func (w *Window) percentComputedBasis(el *dom.Node, prop string) float64 {
	cb := box{}
	if p := w.styleParent(el); p != nil {
		cb = w.boxOf(p)
	}
	base := float64(cb.contentWidth())
	if prop == "top" || prop == "bottom" || prop == "height" {
		base = float64(cb.contentHeight())
		if p := w.styleParent(el); p != nil && (prop != "height" && !w.outOfFlow(el)) {
			// a relatively positioned box's insets are of its parent's
			// laid-out height, its content's when it is auto
			if h, ok := w.contentHeight(p); ok {
				base = h
			}
		}
	}
	return base
}

// uaComputed is the computed value of prop for el from the UA style sheet
// and the properties it depends on, when this file knows it.
// oppositeInset pairs each physical inset with the one across from it.
var oppositeInset = map[string]string{"top": "bottom", "bottom": "top", "left": "right", "right": "left"}

// relativeAutoInset is the resolved value of an auto inset of el, a
// rendered relatively positioned box, whose opposite inset is opp: the
// used offset, the negation of opp's (0px when opp is auto too), as
// Chromium resolves it (a sticky box's stays auto).
// https://drafts.csswg.org/cssom/#resolved-value-special-case-property-like-top
// https://drafts.csswg.org/css-position/#relpos-insets
func (w *Window) relativeAutoInset(el *dom.Node, opp string) (string, bool) {
	o, ok := w.cascaded(el, opp)
	switch {
	case !ok || o == "auto" || o == "initial" || o == "unset":
		return "0px", true
	case cssWideKeywords[o]:
		return "", false // inherit, revert: left as computed
	}
	var used string
	if strings.Contains(o, "%") {
		if used, ok = w.percentComputed(el, opp, o); !ok {
			return "", false
		}
	} else {
		used = w.computeSpecified(el, opp, o)
	}
	x, err := strconv.ParseFloat(strings.TrimSuffix(used, "px"), 64)
	if err != nil || !strings.HasSuffix(used, "px") {
		return "", false
	}
	if x == 0 {
		return "0px", true
	}
	return cssvalue.FormatComputed(-x) + "px", true
}

func (w *Window) uaComputed(el *dom.Node, prop string) (string, bool) {
	switch prop {
	case "white-space-collapse":
		if plaintextOnlyEditable(el) {
			return w.plaintextCollapse(el), true // csswhitespace.go
		}
		return "", false
	case "font-size":
		// six significant digits, as Chromium prints it (a form
		// control's 13.3333px)
		return cssvalue.FormatComputed(w.fontSize(el)) + "px", true
	case "font-weight":
		return w.fontWeight(el), true
	case "margin-top", "margin-bottom", "margin-left", "margin-right", "padding-top", "padding-bottom", "padding-left", "padding-right":
		v, ok := w.cascaded(el, prop)
		if ok && !cssWideKeywords[v] {
			c := w.computeSpecified(el, prop, v)
			if used, ok := w.usedEdge(el, prop, c); ok {
				return used, true
			}
			return c, true
		}
		if ok && v == "inherit" {
			if p := w.styleParent(el); p != nil {
				return w.uaComputed(p, prop)
			}
		}
		if !ok && el.Namespace == "" && (prop == "margin-top" || prop == "margin-bottom") {
			if m, ok := uaBlockMargin[el.Data]; ok && !nestedList(el) {
				return px(m * w.fontSize(el)), true
			}
		}
		return "0px", true
	case "top", "bottom", "left", "right", "width", "height":
		// percentages resolve against the (made-up) containing block of
		// a rendered element; a display:none one keeps them
		v, ok := w.cascaded(el, prop)
		if ok && (prop == "width" || prop == "height") && el.Namespace == "" && !cssWideKeywords[v] {
			// a rendered box's resolved size is its used size (after
			// min/max, in box-sizing's terms); an inline box's is its
			// computed value. Boxes are whole pixels: a length the box
			// kept keeps its fraction.
			if b := w.boxOf(el); b.rendered && (w.display(el) != "inline" || replacedElement(el)) {
				used := b.usedSize(prop == "height")
				spec, ok := w.computeSpecified(el, prop, v), true
				if strings.Contains(v, "%") {
					spec, ok = w.percentComputed(el, prop, v)
				}
				if x, err := strconv.ParseFloat(strings.TrimSuffix(spec, "px"), 64); ok && err == nil && strings.HasSuffix(spec, "px") && math.Abs(x-float64(b.usedPx(prop == "height"))) < 1 {
					return spec, true
				}
				return used, true
			}
			// an inline box's or a box-less element's is its computed
			// value: a percentage stays one
			return "", false
		}
		if (!ok || v == "auto" || strings.Contains(v, "%")) && w.outOfFlow(el) && w.boxOf(el).rendered {
			// an absolutely positioned or fixed box's is its used value
			if used, ok := w.usedInset(el, prop); ok {
				return used, true
			}
		}
		if opp := oppositeInset[prop]; opp != "" && (!ok || v == "auto" || v == "initial" || v == "unset") && (el.Namespace == "" || outerSVG(el)) && w.boxOf(el).rendered {
			if pos, _ := w.boxCascaded(el, boxPosition); pos == "relative" {
				return w.relativeAutoInset(el, opp)
			}
		}
		if !ok || !strings.Contains(v, "%") || !w.boxOf(el).rendered || !w.positioned(el) {
			// an inset of a box that is not positioned resolves to its
			// computed value: a percentage stays one
			// https://drafts.csswg.org/cssom/#resolved-value-special-case-property-like-top
			return "", false
		}
		// its used offset, in the layout unit (33.33333333% of 1000px
		// is 333.328px; the auto inset across from it, its negation, is
		// not: relativeAutoInset)
		return w.percentOf(el, v, w.percentComputedBasis(el, prop))
	case "font-style":
		return w.fontStyle(el), true
	case "text-decoration-line":
		if v, ok := w.cascaded(el, prop); ok && v != "initial" && v != "unset" {
			return v, true
		}
		if v, ok := w.cascaded(el, "text-decoration"); ok {
			for _, p := range strings.Fields(v) {
				switch p {
				case "underline", "overline", "line-through", "none":
					return p, true
				}
			}
		}
		if el.Namespace == "" {
			switch el.Data {
			case "u", "ins":
				return "underline", true
			case "a":
				if el.HasAttribute("href") {
					return "underline", true
				}
			case "s", "strike", "del":
				return "line-through", true
			case "abbr", "acronym":
				if el.HasAttribute("title") {
					return "underline", true
				}
			}
		}
		return "none", true
	}
	return "", false
}

// plaintextOnlyEditable reports whether el is editable as plain text: the
// nearest element at or above it with a valid contenteditable attribute
// has plaintext-only (Chromium's -webkit-user-modify:
// read-write-plaintext-only, which inherits).
// https://html.spec.whatwg.org/multipage/interaction.html#attr-contenteditable
func plaintextOnlyEditable(el *dom.Node) bool {
	for e := el; e != nil; e = e.ParentElement() {
		if !e.IsHTML() {
			continue
		}
		v, ok := e.GetAttribute("contenteditable")
		if !ok {
			continue
		}
		switch {
		case ascii.EqualFold(v, "plaintext-only"):
			return true
		case v == "" || ascii.EqualFold(v, "true") || ascii.EqualFold(v, "false"):
			return false
		}
	}
	return false
}
