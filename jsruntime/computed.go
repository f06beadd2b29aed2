package jsruntime

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// Computed values: the cascaded value of a property made absolute as
// CSS's computed value is (math functions evaluated, em, rem, viewport
// and physical units turned into px, times into s, colors into rgb()),
// which is what an inheriting child receives; then the resolved value
// getComputedStyle reports (a number line-height in px, currentcolor as
// the color, border widths snapped). The value logic is package
// dom/cssvalue's; this file knows which property takes what.
// https://drafts.csswg.org/css-cascade/#computed
// https://drafts.csswg.org/cssom/#resolved-values

// timeProps are the properties whose values are lists of times.
var timeProps = set(`transition-duration transition-delay animation-duration animation-delay`)

// lengthListProps take lengths among other components (radii, spacing,
// positions): each length is made absolute.
var lengthListProps = set(`line-height vertical-align border-top-left-radius border-top-right-radius
	border-bottom-left-radius border-bottom-right-radius -webkit-border-horizontal-spacing -webkit-border-vertical-spacing perspective column-width
	text-underline-offset text-decoration-thickness scroll-margin-top scroll-margin-bottom scroll-margin-left
	scroll-margin-right scroll-padding-top scroll-padding-bottom scroll-padding-left scroll-padding-right
	background-size mask-size contain-intrinsic-width contain-intrinsic-height`)

// nonNegativeProps cannot take negative lengths: a math function's
// negative result is clamped to 0.
// https://drafts.csswg.org/css-values/#calc-range
var nonNegativeProps = set(`padding-top padding-right padding-bottom padding-left width height min-width min-height
	max-width max-height border-top-width border-right-width border-bottom-width border-left-width outline-width
	font-size line-height flex-basis row-gap column-gap border-top-left-radius border-top-right-radius
	border-bottom-left-radius border-bottom-right-radius perspective block-size inline-size min-block-size
	min-inline-size max-block-size max-inline-size flex-grow flex-shrink column-width tab-size background-size mask-size
	scroll-padding-top scroll-padding-right scroll-padding-bottom scroll-padding-left scroll-padding-block-start
	scroll-padding-block-end scroll-padding-inline-start scroll-padding-inline-end border-spacing
	-webkit-border-horizontal-spacing -webkit-border-vertical-spacing column-rule-width row-rule-width shape-margin`)

// fontStretchKeywords are font-stretch's keywords as the percentages
// they compute to.
// https://drafts.csswg.org/css-fonts/#font-stretch-prop
var fontStretchKeywords = map[string]string{"ultra-condensed": "50%", "extra-condensed": "62.5%", "condensed": "75%",
	"semi-condensed": "87.5%", "normal": "100%", "semi-expanded": "112.5%", "expanded": "125%", "extra-expanded": "150%",
	"ultra-expanded": "200%"}

// integerProps take an <integer>: a math function's result is rounded.
var integerProps = set(`z-index order column-count`)

// unitContext is what relative units of el's values resolve against.
func (w *Window) unitContext(el *dom.Node) cssvalue.Context {
	size := w.fontSize(el)
	vw, vh := w.viewportSize(el.Document()) // flowframe.go
	return cssvalue.Context{FontSize: size, RootFontSize: w.rootFontSize(el),
		ViewportWidth: vw, ViewportHeight: vh,
		Container: (*containerUnits)(el), Font: elementFontOf(w, el)}
}

// elementFont is an element as the cssvalue.FontUnits of its first
// available font: a pointer, so a context holds it without an allocation
// (a closure per context was antd's fourth count of our objects, 12k a
// render).
type elementFont dom.Node

func (f *elementFont) FontUnits(size float64) (ex, ch float64) {
	el := (*dom.Node)(f)
	return windowOf(el).fontUnitsOf(el, size)
}

// windowFont is the same for an element whose document is not w's own
// (windowOf would not find w).
type windowFont struct {
	w  *Window
	el *dom.Node
}

func (f *windowFont) FontUnits(size float64) (ex, ch float64) { return f.w.fontUnitsOf(f.el, size) }

// elementFontOf is el's cssvalue.FontUnits in w.
func elementFontOf(w *Window, el *dom.Node) cssvalue.FontUnits {
	if windowOf(el) == w {
		return (*elementFont)(el)
	}
	return &windowFont{w, el}
}

// fontUnitsOf is the x-height and the advance of "0" of el's first
// available font at size px.
func (w *Window) fontUnitsOf(el *dom.Node, size float64) (ex, ch float64) {
	fam := w.fontFamilyOf(el)
	face, _ := w.faceOf(el, fam)
	return fontUnitSizes(fam, face, size)
}

// needsCompute tells whether a specified value has anything to compute:
// a digit (a number or dimension) or a function.
func needsCompute(v string) bool {
	return strings.ContainsAny(v, "0123456789(")
}

// layeredProps are the list longhands of background and mask, whose
// layers a multi-layer shorthand that leaves a part out sets to initial
// one by one (url(a), initial).
var layeredProps = set(`background-image background-position-x background-position-y background-size
	background-repeat background-attachment background-origin background-clip mask-image mask-position
	mask-size mask-repeat mask-origin mask-clip mask-composite mask-mode`)

// initialLayers is a layered list value with each initial layer written
// as prop's initial value.
func initialLayers(prop, v string) string {
	layers := splitTopLevelCommas(v)
	for i, l := range layers {
		if ascii.EqualFold(l, "initial") {
			switch prop {
			case "background-position-x", "background-position-y":
				layers[i] = "0%"
			default:
				layers[i] = initialValues[prop]
			}
		}
	}
	return strings.Join(layers, ", ")
}

// computeSpecified is the computed value of prop on el whose specified
// value (var() substituted) is v.
func (w *Window) computeSpecified(el *dom.Node, prop, v string) string {
	if layeredProps[prop] && strings.Contains(v, "initial") {
		v = initialLayers(prop, v)
	}
	switch {
	case (prop == "column-rule-color" || prop == "row-rule-color") && strings.IndexByte(v, ',') >= 0:
		return mapCommaList(v, func(c string) string { return w.computeColor(el, prop, c) })
	case colorProps[prop] || (prop == "fill" || prop == "stroke") && isColorComponent(v):
		return w.computeColor(el, prop, v)
	case prop == "opacity" || prop == "fill-opacity" || prop == "stroke-opacity" || prop == "flood-opacity" || prop == "stop-opacity" ||
		prop == "shape-image-threshold":
		if x, ok := cssvalue.Eval(v, nil); ok {
			f := x.Num
			if x.Is(cssvalue.Pct) {
				f = x.Pct / 100
			} else if !x.Is(cssvalue.Num) {
				return v
			}
			return cssvalue.FormatComputed(math.Max(0, math.Min(1, f)))
		}
		return v
	case prop == "font-stretch":
		if pct, ok := fontStretchKeywords[v]; ok {
			return pct
		}
		return v
	case prop == "box-shadow" || prop == "text-shadow":
		return w.computeShadows(el, prop, v)
	case prop == "font-feature-settings" || prop == "font-variation-settings":
		return computeFontSettings(prop, v)
	case prop == "background-position-x" || prop == "background-position-y":
		return w.computePosition(el, prop, v)
	case prop == "mask-position":
		return w.computeMaskPosition(el, v)
	case prop == "stroke-dasharray" && !ascii.EqualFold(v, "none"):
		// each dash a length in px, a number taken as px, a percentage kept
		var ctx lazyContext
		return mapComponents(v, func(c string) string {
			if f, unit, ok := splitNumber(c); ok && unit == "" {
				return formatNumber(f) + "px"
			}
			return w.computeLength(el, prop, c, &ctx)
		})
	case prop == "transform":
		return w.computeTransform(el, v)
	case (prop == "scale" || prop == "translate" || prop == "rotate") && strings.IndexByte(v, '(') > 0:
		return w.computeIndividualTransform(el, prop, v) // cssindividualtransform.go
	case prop == "font-size-adjust" && strings.HasSuffix(v, "from-font"):
		return w.fontSizeAdjustFromFont(el, v)
	case trackListProps[prop] && needsCompute(v): // computedshapes.go
		return w.computeTrackList(el, v)
	case basicShapeProps[prop] && needsCompute(v) && !mayHoldURL(v):
		return w.computeBasicShapes(el, v)
	case prop == "object-position" || prop == "offset-position" && needsCompute(v):
		return w.computeXY(el, v)
	case prop == "text-align" && (ascii.EqualFold(v, "match-parent") || ascii.EqualFold(v, "-webkit-match-parent")):
		return w.matchParentAlign(el, v[0] == '-')
	case prop == "animation-duration" && strings.Contains(v, "auto"):
		// auto (the animation shorthand's default) is 0s for a CSS
		// animation https://drafts.csswg.org/css-animations-2/#animation-duration
		return mapComponents(v, func(c string) string {
			if c == "auto" {
				return "0s"
			}
			return w.computeSpecified(el, prop, c)
		})
	case (prop == "animation-timing-function" || prop == "transition-timing-function") && strings.Contains(v, "step-"):
		// step-start and step-end compute to their steps()
		return mapCommaList(v, func(c string) string {
			switch ascii.Lower(c) {
			case "step-start":
				return "steps(1, start)"
			case "step-end":
				return "steps(1)"
			}
			return c
		})
	case prop == "animation-iteration-count" && strings.IndexByte(v, '(') > 0:
		// a calc() count is its number, not below 0: calc(-1) is 0
		return mapCommaList(v, func(c string) string {
			if x, ok := cssvalue.Eval(c, nil); ok && x.Is(cssvalue.Num) {
				return cssvalue.FormatComputed(math.Max(0, x.Num))
			}
			return c
		})
	case imageProps[prop] && strings.Contains(v, "("):
		var ctx lazyContext
		return computedImages(el, v, &gradientComputer{ // cssurl.go
			color:  func(c string) string { return w.resolvedColor(el, prop, c) },
			length: func(c string) string { return w.computeLength(el, prop, c, &ctx) },
		})
	case (prop == "column-rule-width" || prop == "row-rule-width" || prop == "shape-margin") && cssvalue.IsMath(v):
		// a calc() absolute and not negative: calc(10px - 0.5em) at 40px is 0px
		var ctx lazyContext
		return w.computeLength(el, prop, v, &ctx)
	case prop == "baseline-shift" && needsCompute(v):
		// a length-percentage, absolute: calc(10px - 0.5em) at 40px is -10px
		var ctx lazyContext
		if l := w.computeLength(el, prop, v, &ctx); l != "0" {
			return l
		}
		return "0px"
	case prop == "contain":
		return computeContain(v) // csskeywordforms.go
	case counterProps[prop] && strings.IndexByte(v, '(') > 0:
		return computeCounters(v) // csskeywordforms.go
	case filterProps[prop] && strings.IndexByte(v, '(') > 0:
		return w.computeFilter(el, prop, v) // cssfilter.go
	case mayHoldURL(v):
		if prop == "fill" || prop == "stroke" { // url() and a fallback color
			return mapComponents(computedURLs(el, v), computedColor)
		}
		return computedURLs(el, v) // cssurl.go
	case !needsCompute(v):
		return v
	case integerProps[prop]:
		if x, ok := cssvalue.Eval(v, nil); ok && x.Is(cssvalue.Num) {
			// to the nearest integer, a half toward +∞: calc(-3 / 2) is -1
			// https://drafts.csswg.org/css-values-4/#calc-range
			// (an infinity is the largest integer: calc(infinity) is 2147483647)
			n := math.Max(math.MinInt32, math.Min(math.MaxInt32, math.Floor(x.Num+0.5)))
			if prop == "z-index" {
				return strconv.FormatInt(int64(n), 10) // an int: 2147483647, not 2.14748e+09
			}
			return cssvalue.FormatComputed(n)
		}
		return v
	case timeProps[prop]:
		return mapComponents(v, func(c string) string {
			if x, ok := cssvalue.Eval(c, nil); ok && x.Is(cssvalue.Sec) {
				return x.Clamped().String() // calc(infinity * 1s) is 1.79769e+308s
			}
			return c
		})
	case prop == "clip" && strings.HasPrefix(v, "rect("):
		// each edge is an absolute length: rect(1em, …) is rect(16px, …)
		var ctx lazyContext
		// (an edge may be negative: computed as top's lengths are)
		return "rect(" + mapComponents(v[len("rect("):len(v)-1], func(c string) string { return w.computeLength(el, "top", c, &ctx) }) + ")"
	case lengthProps[prop] || lengthListProps[prop] || prop == "flex-grow" || prop == "flex-shrink" || prop == "tab-size":
		var ctx lazyContext
		if !strings.ContainsAny(v, " \t\n,/") { // one component: no closure, no split
			return w.computeLength(el, prop, v, &ctx)
		}
		return mapComponents(v, func(c string) string { return w.computeLength(el, prop, c, &ctx) })
	}
	return v
}

// computeFontSettings is the computed value of font-feature-settings or
// font-variation-settings as Chromium 156 gives it: one entry per tag, the
// last given winning, sorted by tag, a feature's calc() rounded to an
// integer and its value left out when it is 1 ("liga" 2, "kern" is
// "kern", "liga" 2).
// https://drafts.csswg.org/css-fonts/#font-feature-settings-prop
func computeFontSettings(prop, v string) string {
	if ascii.EqualFold(strings.TrimSpace(v), "normal") || !strings.ContainsAny(v, `"'`) {
		return v
	}
	type setting struct{ tag, value string }
	var list []setting
	for _, entry := range splitTopLevelCommas(v) {
		c := splitComponents(strings.TrimSpace(entry))
		if len(c) == 0 || len(c) > 2 {
			return v
		}
		st := setting{tag: c[0]}
		if len(c) == 2 {
			st.value = c[1]
			if x, ok := cssvalue.Eval(st.value, nil); ok && x.Is(cssvalue.Num) {
				n := x.Num
				if prop == "font-feature-settings" {
					n = math.Floor(n + 0.5)
				}
				st.value = cssvalue.FormatComputed(n)
			}
		}
		if prop == "font-feature-settings" && st.value == "1" {
			st.value = ""
		}
		if i := slices.IndexFunc(list, func(o setting) bool { return o.tag == st.tag }); i >= 0 {
			list = slices.Delete(list, i, i+1)
		}
		list = append(list, st)
	}
	slices.SortStableFunc(list, func(a, b setting) int { return strings.Compare(a.tag, b.tag) })
	var b strings.Builder
	for i, st := range list {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(st.tag)
		if st.value != "" {
			b.WriteString(" " + st.value)
		}
	}
	return b.String()
}

// computeShadows is the computed value of box-shadow or text-shadow, as
// Chromium serializes it: each shadow's color first (currentcolor as the
// element's color), then its lengths in px with the defaults written out
// (blur, and box-shadow's spread), then inset.
// https://drafts.csswg.org/css-backgrounds/#box-shadow
func (w *Window) computeShadows(el *dom.Node, prop, v string) string {
	if ascii.EqualFold(strings.TrimSpace(v), "none") {
		return "none"
	}
	lengths := 4
	if prop == "text-shadow" {
		lengths = 3
	}
	var ctx lazyContext
	var b strings.Builder
	parts := append(splitComponents(v), ",")
	color, inset, n := "", false, 0
	var ls [4]string
	for _, c := range parts {
		if c != "," {
			col, isColor := w.shadowColor(el, prop, c)
			switch {
			case ascii.EqualFold(c, "inset"):
				inset = true
			case isColor:
				color = col
			case n < len(ls):
				l := w.computeLength(el, prop, c, &ctx)
				if l == "0" || n == 2 && strings.HasPrefix(l, "-") {
					l = "0px" // a calc() blur below 0 is clamped
				}
				ls[n] = l
				n++
			default:
				return v // not a shadow: left as it was given
			}
			continue
		}
		if n < 2 {
			return v
		}
		if color == "" || color == "currentcolor" {
			color, _ = w.computedValue(el, "color")
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(color)
		for i := range lengths {
			b.WriteByte(' ')
			if i < n {
				b.WriteString(ls[i])
			} else {
				b.WriteString("0px")
			}
		}
		if inset {
			b.WriteString(" inset")
		}
		color, inset, n = "", false, 0
	}
	return b.String()
}

// computeColor is the computed value of color property prop (or SVG paint
// that is one color of CSS Color 4 or 5) on el whose specified value is v.
func (w *Window) computeColor(el *dom.Node, prop, v string) string {
	if ascii.EqualFold(v, "currentcolor") {
		return "currentcolor" // resolved at the end: it inherits as the keyword
	}
	if cssvalue.IsFloatColor(v) {
		if !colorProps[prop] && !isColorComponent(v) {
			return v // paint that is not one color
		}
		if prop == "color" || !colorProps[prop] {
			// currentcolor in color's own color-mix() is the parent's
			// color, resolved now: children inherit the result (paint
			// resolves it now too, against el's color)
			return w.colorWithCurrent(el, prop, v)
		}
	}
	return computedColor(v)
}

// isColorComponent reports whether component c is a color: a keyword,
// hex or color function, not a length or a math function.
func isColorComponent(c string) bool {
	if _, ok := cssvalue.WebkitColors[ascii.Lower(c)]; ok {
		return true // -webkit-link, -webkit-activelink
	}
	if c == "" || c[0] >= '0' && c[0] <= '9' || c[0] == '.' || c[0] == '-' || c[0] == '+' || cssvalue.IsMath(c) {
		return false
	}
	if cssvalue.IsFloatColor(c) {
		_, ok := cssvalue.SpecifiedColor(c)
		return ok
	}
	_, ok := cssvalue.ParseColor(c)
	return ok
}

// matchParentAlign is the computed text-align of el when it is
// match-parent: its parent's; -webkit-match-parent makes start and end
// left or right by the parent's direction, match-parent keeps them, as
// Chromium 156 computes them (the standard would resolve both).
// https://drafts.csswg.org/css-text/#valdef-text-align-match-parent
func (w *Window) matchParentAlign(el *dom.Node, prefixed bool) string {
	p := w.styleParent(el)
	if p == nil {
		return "start"
	}
	v, _ := w.computedValue(p, "text-align")
	if v != "start" && v != "end" || !prefixed {
		return v
	}
	rtl := false
	if d, _ := w.computedValue(p, "direction"); d == "rtl" {
		rtl = true
	}
	if (v == "start") != rtl {
		return "left"
	}
	return "right"
}

// A lazyContext is an element's unit context, made on first use.
type lazyContext struct {
	c     cssvalue.Context
	known bool
}

// computeLength is the computed value of c, one component of a value of
// length-taking property prop on el.
func (w *Window) computeLength(el *dom.Node, prop, c string, ctx *lazyContext) string {
	if !needsCompute(c) {
		return c
	}
	if !ctx.known {
		ctx.c, ctx.known = w.unitContext(el), true
		if prop == "line-height" {
			// a percentage of line-height is of the element's font size
			ctx.c.PercentBasis, ctx.c.HasPercentBasis = ctx.c.FontSize, true
		}
	}
	if prop == "line-height" {
		// a percentage, calc(137.5%) too, is of its integer part
		// (lineHeightPercent)
		noPct := ctx.c
		noPct.HasPercentBasis = false
		if p, ok := cssvalue.Eval(c, &noPct); ok && p.Is(cssvalue.Pct) {
			return cssvalue.FormatComputed(ctx.c.FontSize*lineHeightPercent(max(p.Pct, 0))/100) + "px"
		}
	}
	x, ok := cssvalue.Eval(c, &ctx.c)
	if !ok {
		if s, ok := cssvalue.Compute(c, &ctx.c); ok {
			return s
		}
		return c
	}
	x = x.Clamped() // calc(infinity * 1px) is 3.35544e+07px
	if nonNegativeProps[prop] && cssvalue.IsMath(c) && x.Kinds&(x.Kinds-1) == 0 {
		// (a sum with a percentage is clamped at used-value time)
		x.Num, x.Px = math.Max(0, x.Num), math.Max(0, x.Px)
	}
	if prop == "line-height" && x.Is(cssvalue.Px) && strings.IndexByte(c, '%') >= 0 && cssvalue.IsMath(c) {
		// a sum of a percentage and a length is in Chromium's layout
		// unit, 1/64 px, rounded down: calc(120% + 1.2em) at 48px is
		// 115.188px
		noPct := ctx.c
		noPct.HasPercentBasis = false
		if m, ok := cssvalue.Eval(c, &noPct); ok && m.Kinds&cssvalue.Pct != 0 && m.Kinds != cssvalue.Pct {
			x.Px = math.Floor(x.Px*64+1e-6) / 64
		}
	}
	if x.Is(cssvalue.Num) && (lengthProps[prop] || lengthListProps[prop] && prop != "line-height") {
		if x.Num == 0 {
			return "0px"
		}
		return c
	}
	return x.String()
}

// mapComponents applies f to each component of a value (split at
// whitespace, commas and slashes) and joins them again.
func mapComponents(v string, f func(string) string) string {
	parts := splitComponents(v)
	if len(parts) == 1 {
		return f(parts[0])
	}
	for i, p := range parts {
		if p != "," && p != "/" {
			parts[i] = f(p)
		}
	}
	return joinComponents(parts)
}

// resolvedValue is getComputedStyle's value of longhand prop on el, whose
// computed value is v.
// https://drafts.csswg.org/cssom/#resolved-values
func (w *Window) resolvedValue(el *dom.Node, prop, v string) string {
	switch {
	case (prop == "column-rule-color" || prop == "row-rule-color") && strings.IndexByte(v, ',') >= 0:
		return mapCommaList(v, func(c string) string { return w.resolvedColor(el, prop, c) })
	case colorProps[prop] || prop == "-webkit-text-fill-color" || (prop == "fill" || prop == "stroke") && ascii.EqualFold(v, "currentcolor"):
		if ascii.EqualFold(v, "auto") && prop == "caret-color" {
			v = "currentcolor"
		}
		return w.resolvedColor(el, prop, v)
	case prop == "overflow-x" || prop == "overflow-y":
		// visible computes to auto beside a scrolling axis
		// (https://drafts.csswg.org/css-overflow/#overflow-control);
		// clip stays clip in Chromium 156, where the specification makes
		// it hidden
		other := "overflow-y"
		if prop == "overflow-y" {
			other = "overflow-x"
		}
		if v == "visible" {
			switch o, _ := w.computedValue(el, other); o {
			case "hidden", "scroll", "auto", "overlay":
				return "auto"
			}
		}
	case (prop == "min-width" || prop == "min-height") && v == "auto":
		// auto is 0 but for flex and grid items: the box is the item of
		// the nearest ancestor that is not display: contents (a tab
		// slotted into a flex container's slot)
		// https://drafts.csswg.org/css-sizing/#valdef-width-auto
		p := w.styleParent(el)
		for i := 0; p != nil && i < maxBoxDepth && w.display(p) == "contents"; i++ {
			p = w.styleParent(p)
		}
		if p != nil {
			switch w.display(p) {
			case "flex", "inline-flex", "grid", "inline-grid":
				return v
			}
		}
		return "0px"
	case (prop == "margin-top" || prop == "margin-right" || prop == "margin-bottom" || prop == "margin-left") && v == "0px" &&
		w.outOfFlow(el) && w.cascadedAuto(el, prop):
		// an absolutely positioned box's auto margin, 0 in the flow's
		// terms (usedEdge), is what the box leaves between its insets
		if used, ok := w.usedAutoMargin(el, prop); ok { // flowgeom.go
			return used
		}
	case prop == "letter-spacing" && v == "0px":
		return "normal" // normal computes to 0px, resolved as normal, as in Chromium
	case prop == "word-spacing" && v == "normal":
		return "0px" // https://drafts.csswg.org/css-text/#word-spacing-property
	case prop == "line-height":
		if f, unit, ok := splitNumber(v); ok && unit == "" {
			return cssvalue.FormatComputed(f*w.fontSize(el)) + "px"
		}
	case prop == "width" || prop == "height":
		// the used size of a box the property applies to (flowgeom.go),
		// unless an animation sets it
		if w.anim != nil {
			if _, ok := w.animatedValue(el, prop); ok && !strings.Contains(v, "%") {
				return v
			} // (a percentage, a transition's computed value, is resolved)
		}
		if w.pseudoHosts != nil {
			if ref, ok := w.pseudoHosts[el]; ok {
				if prop == "width" {
					if used, ok := w.pseudoUsedWidth(el, ref, v); ok {
						return used
					}
				}
				return v
			}
		}
		if used, ok := w.usedSize(el, prop == "height"); ok {
			return used
		}
	case (prop == "top" || prop == "left" || prop == "right" || prop == "bottom") && strings.Contains(v, "%") &&
		w.anim != nil && w.positioned(el) && w.boxOf(el).rendered:
		// an animated percentage of a positioned box (a transition's
		// computed value) is its used offset, as a declared one is
		// (uaComputed)
		if _, ok := w.animatedValue(el, prop); ok {
			if used, ok := w.percentOf(el, v, w.percentComputedBasis(el, prop)); ok {
				return used
			}
		}
	case prop == "grid-template-columns" || prop == "grid-template-rows":
		if used, ok := w.resolvedTrackList(el, v, prop == "grid-template-rows"); ok {
			return used
		}
	case prop == "transform":
		// a matrix only for an element with a box: none for one that is
		// display: none or contents or inside a display: none subtree
		// (Chromium reads the transform off its layout object)
		if v != "none" && (el.Namespace != "svg" || outerSVG(el)) && !w.hasLayoutBox(el) {
			// (an SVG element inside an svg keeps its matrix without
			// a box: a <g> of display: none, a gradient's)
			return "none"
		}
		if strings.IndexByte(v, '%') >= 0 {
			return w.resolvedTransform(el, v)
		}
	case prop == "transform-origin" || prop == "perspective-origin":
		return w.resolvedOrigin(el, v)
	case (prop == "column-rule-width" || prop == "row-rule-width") && strings.IndexByte(v, ',') >= 0:
		return mapCommaList(v, borderWidth)
	case strings.HasPrefix(prop, "corner-") && strings.HasSuffix(prop, "-shape"):
		if k, ok := cornerShapeKeywords[v]; ok {
			return k
		}
	case prop == "outline-width" || prop == "column-rule-width" || prop == "row-rule-width" || strings.HasPrefix(prop, "border-") && strings.HasSuffix(prop, "-width"):
		if mayBeRounded(v) {
			// the floor of the width as declared, not of its six
			// digits: 123456.7px is 123456px (cssexact.go)
			v = w.exactPx(el, prop, v)
		}
		return borderWidth(v)
	}
	return v
}

// cornerShapeKeywords are the superellipse() each corner-shape keyword
// computes to.
// https://drafts.csswg.org/css-borders-4/#typedef-corner-shape-value
var cornerShapeKeywords = map[string]string{"round": "superellipse(1)", "scoop": "superellipse(-1)", "bevel": "superellipse(0)",
	"notch": "superellipse(-infinity)", "square": "superellipse(infinity)", "squircle": "superellipse(2)"}

// hasLayoutBox reports whether el generates a box: it is not display:
// contents and neither it nor an ancestor (through shadow hosts) is
// display: none. Unlike beingRendered, the hidden part of a closed
// details element keeps its boxes (Chromium skips their content).
func (w *Window) hasLayoutBox(el *dom.Node) bool {
	if w.display(el) == "contents" {
		return false
	}
	for a, i := el, 0; a != nil && i < maxBoxDepth; i++ {
		if w.display(a) == "none" {
			return false
		}
		p := a.ParentElement()
		if p == nil {
			if h := a.ParentNode(); h != nil && h.IsShadowRoot() {
				p = h.Host()
			}
		}
		a = p
	}
	return true
}

// borderWidth is the used width of a border or outline: the keywords'
// widths, snapped to whole device pixels (at a device pixel ratio of 1) as
// Chromium does: 1.7px is 1px, a width between 0 and 1px is 1px.
// https://drafts.csswg.org/css-backgrounds/#border-width
func borderWidth(v string) string {
	var f float64
	switch v {
	case "thin":
		return "1px"
	case "medium":
		return "3px"
	case "thick":
		return "5px"
	default:
		x, unit, ok := splitNumber(v)
		if !ok || unit != "px" {
			return v
		}
		f = x
	}
	switch {
	case f > 0 && f < 1:
		f = 1
	case f >= 1:
		f = math.Floor(f)
	}
	return cssvalue.FormatComputed(f) + "px"
}

// A pseudoRef names a pseudo-element of an element.
type pseudoRef struct {
	host   *dom.Node
	pseudo string // "before", "after", "marker"...
}

// pseudoElements are the pseudo-elements getComputedStyle takes, by the
// name after the colons; the first four also have a one-colon form. The
// highlight pseudo-elements (selection, target-text, spelling-error,
// grammar-error; highlight() apart) read the rules that select them, as
// in Chromium.
// https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle
var pseudoElements = set(`before after first-line first-letter marker placeholder selection target-text spelling-error grammar-error backdrop file-selector-button`)

// parsePseudo reads getComputedStyle's second argument: "" for the
// element itself (no argument, null, or a string not starting with a
// colon), a pseudo-element name, or ok=false for an unknown one.
func parsePseudo(arg string) (string, bool) {
	if !strings.HasPrefix(arg, ":") {
		return "", true
	}
	name := ascii.Lower(arg)
	if strings.HasPrefix(name, "::highlight(") {
		return parseHighlightPseudo(arg)
	}
	if rest, ok := strings.CutPrefix(name, "::"); ok {
		if strings.HasPrefix(rest, "-webkit-") {
			return webkitPseudo(rest)
		}
		return rest, pseudoElements[rest]
	}
	switch name = name[1:]; name {
	case "before", "after", "first-line", "first-letter":
		return name, true
	}
	return "", false
}

// scrollbarPseudos are the ::-webkit- pseudo-elements Chromium styles on
// their own (its pseudo ids for the scrollbar's parts): getComputedStyle
// gives their style, inheriting from the element.
var scrollbarPseudos = set(`-webkit-scrollbar -webkit-scrollbar-thumb -webkit-scrollbar-track -webkit-scrollbar-track-piece -webkit-scrollbar-button -webkit-scrollbar-corner -webkit-resizer`)

// webkitPseudoClasses are the -webkit- names Chromium parses as
// pseudo-classes, so no pseudo-element.
var webkitPseudoClasses = set(`-webkit-autofill -webkit-any-link -webkit-drag -webkit-full-screen -webkit-full-screen-ancestor -webkit-full-page-media -webkit-animating-full-screen-transition`)

// webkitPseudo reads getComputedStyle's "::-webkit-…" argument (rest is
// what follows the colons, lowered), as Chromium 156 does: a scrollbar
// part is a pseudo-element of its own; any other name made of identifier
// characters and escapes (::-webkit-search-cancel-button,
// ::-webkit-inner-spin-button, ::-webkit-input-placeholder, ::-webkit-foo)
// names an element of a shadow tree, or none, and gives the element's own
// style ("", true); a pseudo-class's name, a character past ASCII, white
// space or anything after the name (a pseudo-class, parentheses, a class)
// gives no style. Comments at the end are left out.
func webkitPseudo(rest string) (string, bool) {
	for strings.HasSuffix(rest, "*/") {
		i := strings.LastIndex(rest[:len(rest)-2], "/*")
		if i < 0 {
			return "", false
		}
		rest = rest[:i]
	}
	var b strings.Builder
	for i := 0; i < len(rest); {
		c := rest[i]
		switch {
		case c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z':
			b.WriteByte(c)
			i++
			continue
		case c != '\\' || i+1 >= len(rest):
			return "", false
		}
		r, next := cssscan.EscapedCodePoint(rest, i)
		b.WriteRune(r)
		i = next
	}
	name := ascii.Lower(b.String())
	switch {
	case scrollbarPseudos[name]:
		return name, true
	case webkitPseudoClasses[name] || !asciiOnly(name):
		return "", false
	}
	return "", true
}

func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// parseHighlightPseudo parses getComputedStyle's "::highlight(name)"
// argument as a selector would be (white space around the name, escapes;
// the end of the string closes the parenthesis, as Chromium's parser
// does), giving the pseudo-element's name the cascade knows,
// "highlight(name)".
func parseHighlightPseudo(arg string) (string, bool) {
	if strings.Count(arg, "(") > strings.Count(arg, ")") {
		arg += ")"
	} else if !strings.HasSuffix(arg, ")") {
		return "", false // nothing may follow, not even white space
	}
	sel, err := dom.ParseStyleSelector("*" + arg)
	if err != nil || !strings.HasPrefix(sel.PseudoElement(), "highlight(") {
		return "", false
	}
	return sel.PseudoElement(), true
}

// pseudoNode is the stand-in node whose computed style is the style of
// the pseudo-element pseudo of host: a node never in the tree, whose
// style parent is host (styleParent) and which matches the rules that
// select host's pseudo (cascadedRaw).
func (w *Window) pseudoNode(host *dom.Node, pseudo string) *dom.Node {
	ref := pseudoRef{host, pseudo}
	if n := w.pseudoNodes[ref]; n != nil {
		return n
	}
	if w.pseudoNodes == nil {
		w.pseudoNodes = map[pseudoRef]*dom.Node{}
		w.pseudoHosts = map[*dom.Node]pseudoRef{}
	}
	// a namespace of its own keeps the UA defaults of HTML elements away
	local, _, _ := strings.Cut(pseudo, "(") // highlight(name)
	n, err := host.Document().CreateElementNS(pseudoNamespace, "pseudo-"+local)
	if err != nil {
		return host
	}
	w.pseudoNodes[ref] = n
	w.pseudoHosts[n] = ref
	return n
}

// pseudoNamespace is the namespace of the elements pseudoNode makes.
const pseudoNamespace = "urn:bangsnap:pseudo-element"

// pseudoHostOf is the element and the pseudo-element el stands in for
// (nil and "" for none).
func (w *Window) pseudoHostOf(el *dom.Node) (*dom.Node, string) {
	if w.pseudoHosts == nil {
		return nil, ""
	}
	ref := w.pseudoHosts[el]
	return ref.host, ref.pseudo
}

// pseudoOf is the pseudo-element el stands in for, or "".
func (w *Window) pseudoOf(el *dom.Node) string {
	if w.pseudoHosts == nil {
		return ""
	}
	return w.pseudoHosts[el].pseudo
}

// styleParent is the element el inherits from, its parent in the flat
// tree: its parent element, the host of a shadow tree's top elements, the
// slot a host's child is assigned to (none for a child no slot takes:
// outside the flat tree, it inherits nothing, as in Chromium), or the
// element of a pseudo-element.
// https://drafts.csswg.org/css-scoping/#flat-tree
func (w *Window) styleParent(el *dom.Node) *dom.Node {
	if w.pseudoHosts != nil {
		if r, ok := w.pseudoHosts[el]; ok {
			return r.host
		}
	}
	p := el.ParentElement()
	switch {
	case p == nil:
		if r := el.ParentNode(); r != nil && r.IsShadowRoot() {
			return r.Host()
		}
	case p.ShadowRoot() != nil:
		if s := el.AssignedSlot(); s != nil {
			return s
		}
		return nil
	}
	return p
}

// styleHost is the element whose tree el's style belongs to: el, or the
// element of a pseudo-element's stand-in.
func (w *Window) styleHost(el *dom.Node) *dom.Node {
	if w.pseudoHosts != nil {
		if r, ok := w.pseudoHosts[el]; ok {
			return r.host
		}
	}
	return el
}

// outsideFlatTree tells whether el or an ancestor of it is a child of a
// shadow host that no slot takes: such an element has no box, and no
// computed style in Chromium 156 (every value reads "", as a disconnected
// element's). The elements Chromium gives a user-agent shadow tree with
// no slot (input, textarea, video, audio, meter, progress) are such hosts
// for every child.
func outsideFlatTree(el *dom.Node) bool {
	shadows := false
	if d := el.Document(); d != nil && d.HasShadowRoots() {
		shadows = true
	}
	for n := el; n != nil; {
		p := n.ParentNode()
		switch {
		case p == nil:
			return false
		case p.IsShadowRoot():
			n = p.Host()
			continue
		case uaShadowWithoutSlot(p):
			return true
		case shadows && p.ShadowRoot() != nil && n.AssignedSlot() == nil:
			return true
		}
		n = p
	}
	return false
}

// uaShadowWithoutSlot reports an element whose user-agent shadow tree in
// Chromium has no slot, so that none of its children is in the flat tree.
func uaShadowWithoutSlot(n *dom.Node) bool {
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Input, atom.Textarea, atom.Video, atom.Audio, atom.Meter, atom.Progress:
		return true
	}
	return false
}

// computedShorthand serializes the shorthands whose computed value
// Chromium writes from its longhands' resolved values in an order of its
// own, leaving out some at their initial values.
// https://drafts.csswg.org/cssom/#serialize-a-css-value
func (s *styleDecl) computedShorthand(name string) (string, bool) {
	get := func(l string) string { v, _ := s.get(l); return v }
	switch name {
	case "font":
		// [style] [variant] [weight] [stretch] size[ / line-height] family,
		// or nothing when a longhand the shorthand only resets is not at
		// its initial value (Polaris's font-feature-settings: "calt" 0),
		// or font-variant-caps or font-stretch have a value the shorthand
		// cannot write (all-small-caps, 93%), as for a declared font
		for _, l := range fontLonghands {
			if l == "font-variant-caps" || l == "font-style" || l == "font-weight" || l == "font-stretch" || l == "line-height" {
				continue
			}
			if init, ok := fontInitial[l]; ok && get(l) != init {
				return "", true
			}
		}
		var b []string
		for _, p := range [...][2]string{{"font-style", "normal"}, {"font-variant-caps", "normal"}, {"font-weight", "400"}, {"font-stretch", "100%"}} {
			v := get(p[0])
			if v == p[1] {
				continue
			}
			switch p[0] {
			case "font-variant-caps":
				if v != "small-caps" {
					return "", true
				}
			case "font-stretch":
				kw := ""
				for k, pct := range fontStretchKeywords {
					if pct == v {
						kw = k // the shorthand takes only the keywords
					}
				}
				if kw == "" {
					return "", true
				}
				v = kw
			}
			b = append(b, v)
		}
		size := get("font-size")
		if lh := get("line-height"); lh != "normal" {
			size += " / " + lh
		}
		return strings.Join(append(b, size, get("font-family")), " "), true
	case "background":
		// per layer: image repeat attachment position / size origin
		// clip, the color first in the last layer
		images := splitTopLevelCommas(get("background-image"))
		var lists [7][]string
		for i, l := range [...]string{"background-repeat", "background-attachment", "background-position-x",
			"background-position-y", "background-size", "background-origin", "background-clip"} {
			lists[i] = splitTopLevelCommas(get(l))
		}
		out := make([]string, len(images))
		for n, img := range images {
			at := func(i int) string { return lists[i][n%len(lists[i])] }
			layer := img + " " + at(0) + " " + at(1) + " " + at(2) + " " + at(3) + " / " + at(4) + " " + at(5) + " " + at(6)
			if n == len(images)-1 {
				layer = get("background-color") + " " + layer
			}
			out[n] = layer
		}
		return strings.Join(out, ", "), true
	case "mask":
		vals := make([]string, len(maskLonghands))
		for i, l := range maskLonghands {
			vals[i] = get(l)
		}
		return serializeMask(vals)
	case "background-position":
		// one x y pair per background layer (as many as background-image has)
		xs, ys := splitTopLevelCommas(get("background-position-x")), splitTopLevelCommas(get("background-position-y"))
		out := make([]string, len(xs))
		for i := range out {
			out[i] = xs[i] + " " + ys[i%len(ys)]
		}
		return strings.Join(out, ", "), true
	case "background-position-x", "background-position-y":
		v, ok := s.w.computedValue(s.el, name)
		if !ok || v == "" {
			v = "0%"
		}
		// The list is repeated or cut to the number of background layers.
		layers := splitTopLevelCommas(v)
		n := max(1, len(splitTopLevelCommas(get("background-image"))))
		out := make([]string, n)
		for i := range out {
			out[i] = strings.TrimSpace(layers[i%len(layers)])
		}
		return strings.Join(out, ", "), true
	case "background-size", "background-repeat", "background-attachment", "background-origin", "background-clip",
		"background-blend-mode":
		return s.layerList(name, "background-image"), true
	case "mask-position", "mask-size", "mask-repeat", "mask-origin", "mask-clip", "mask-composite", "mask-mode":
		return s.layerList(name, "mask-image"), true
	case "transition":
		return computedTransition(get), true
	case "animation":
		return s.computedAnimation(get)
	case "outline":
		return get("outline-color") + " " + get("outline-style") + " " + get("outline-width"), true
	case "list-style":
		return get("list-style-position") + " " + get("list-style-image") + " " + get("list-style-type"), true
	case "text-decoration":
		// line thickness style color, those not at their initial value
		// (none when all are)
		var b []string
		if l := get("text-decoration-line"); l != "none" {
			b = append(b, l)
		}
		if t := get("text-decoration-thickness"); t != "auto" {
			b = append(b, t)
		}
		if st := get("text-decoration-style"); st != "solid" {
			b = append(b, st)
		}
		if c, _ := s.w.computedValue(s.el, "text-decoration-color"); c != "currentcolor" {
			b = append(b, get("text-decoration-color"))
		}
		if len(b) == 0 {
			return "none", true
		}
		return strings.Join(b, " "), true
	case "offset":
		// position unless normal, path, distance, rotation, and the
		// anchor after a slash unless auto (Chromium 156)
		var b []string
		if p := get("offset-position"); p != "normal" {
			b = append(b, p)
		}
		b = append(b, get("offset-path"), get("offset-distance"), get("offset-rotate"))
		if a := get("offset-anchor"); a != "auto" {
			b = append(b, "/", a)
		}
		return strings.Join(b, " "), true
	case "column-rule", "row-rule", "rule":
		// per rule: width [style] color, the style left out when none;
		// rule while the column and row rules agree
		sh := shorthands[name]
		vals := make([]string, len(sh.longhands))
		for i, l := range sh.longhands {
			vals[i] = get(l)
			if i >= 3 && vals[i] != vals[i-3] {
				return "", false
			}
		}
		return serializeColumnRule(vals[:3], true)
	case "grid":
		// every longhand, as Chromium 156 writes the computed grid
		return strings.Join([]string{get("grid-template-rows"), get("grid-template-columns"), get("grid-template-areas"),
			get("grid-auto-flow"), get("grid-auto-rows"), get("grid-auto-columns")}, " / "), true
	case "text-emphasis":
		return get("text-emphasis-style") + " " + get("text-emphasis-color"), true
	case "-webkit-text-stroke":
		return get("-webkit-text-stroke-width") + " " + get("-webkit-text-stroke-color"), true
	}
	return "", false
}

// layerList is the resolved value of a list longhand of background or
// mask: its computed list repeated or cut to the number of layers, which
// is that of images (the image property's items), a layer that the
// shorthand left out at its initial value.
// https://drafts.csswg.org/css-backgrounds/#layering
func (s *styleDecl) layerList(name, images string) string {
	v, ok := s.w.computedValue(s.el, name)
	if !ok || v == "" {
		v = initialValues[name]
	}
	layers := splitTopLevelCommas(v)
	img, _ := s.w.computedValue(s.el, images)
	n := max(1, len(splitTopLevelCommas(img)))
	out := make([]string, n)
	for i := range out {
		l := layers[i%len(layers)]
		if cssWideKeywords[l] {
			l = initialValues[name]
		}
		out[i] = s.w.resolvedValue(s.el, name, l)
	}
	return strings.Join(out, ", ")
}

// computedTransition writes the computed transition shorthand in Chromium
// 156's shortest form: per transition, the property unless it is all and
// something else is written, the duration when it or the delay is not 0s,
// the timing function unless ease, the delay unless 0s and the behavior
// unless normal (`all 0s ease 1s` reads `0s 1s`); the lists are as long as
// transition-property's.
func computedTransition(get func(string) string) string {
	props, durs := splitTopLevelCommas(get("transition-property")), splitTopLevelCommas(get("transition-duration"))
	fns, delays := splitTopLevelCommas(get("transition-timing-function")), splitTopLevelCommas(get("transition-delay"))
	behaviors := splitTopLevelCommas(get("transition-behavior"))
	out := make([]string, len(props))
	for i, p := range props {
		d, fn, dl, bh := durs[i%len(durs)], fns[i%len(fns)], delays[i%len(delays)], behaviors[i%len(behaviors)]
		var b []string
		if p != "all" {
			b = append(b, p)
		}
		if d != "0s" || dl != "0s" {
			b = append(b, d)
		}
		if fn != "ease" {
			b = append(b, fn)
		}
		if dl != "0s" {
			b = append(b, dl)
		}
		if bh != "normal" {
			b = append(b, bh)
		}
		if len(b) == 0 {
			b = append(b, p)
		}
		out[i] = strings.Join(b, " ")
	}
	return strings.Join(out, ", ")
}

// computedAnimation writes the computed animation shorthand in Chromium
// 156's shortest form, one item per animation-name: the duration when it
// was given (not auto) or the delay is not 0s, then the timing function,
// delay, iteration count, direction, fill mode and play state each when
// not at its initial value or when the name is one of its keywords (name
// `reverse` reads `normal reverse`; Chromium does not do it for infinite),
// then the name unless none; none for an item with nothing to write. A
// timeline or range the shorthand cannot hold makes it empty.
// https://drafts.csswg.org/css-animations-2/#animation-shorthand
func (s *styleDecl) computedAnimation(get func(string) string) (string, bool) {
	for _, l := range [...]string{"animation-timeline", "animation-range-start", "animation-range-end"} {
		initial := "normal"
		if l == "animation-timeline" {
			initial = "auto"
		}
		for _, v := range splitTopLevelCommas(get(l)) {
			if v != initial {
				return "", true
			}
		}
	}
	// auto, the duration's initial value, computes to 0s: whether a
	// duration was given is in its cascaded value
	given := []bool{false}
	if c, ok := s.w.cascaded(s.el, "animation-duration"); ok && !cssWideKeywords[c] {
		items := splitTopLevelCommas(c)
		given = make([]bool, len(items))
		for i, it := range items {
			given[i] = !ascii.EqualFold(it, "auto")
		}
	}
	names := splitTopLevelCommas(get("animation-name"))
	var cols [7][]string
	for i, l := range [...]string{"animation-duration", "animation-timing-function", "animation-delay", "animation-iteration-count",
		"animation-direction", "animation-fill-mode", "animation-play-state"} {
		cols[i] = splitTopLevelCommas(get(l))
	}
	at := func(col, i int) string { return cols[col][i%len(cols[col])] }
	out := make([]string, len(names))
	for i, name := range names {
		var b []string
		if given[i%len(given)] || at(2, i) != "0s" {
			b = append(b, at(0, i))
		}
		if fn := at(1, i); fn != "ease" || timingKeywords[name] {
			b = append(b, fn)
		}
		if dl := at(2, i); dl != "0s" {
			b = append(b, dl)
		}
		if n := at(3, i); n != "1" {
			b = append(b, n)
		}
		switch d := at(4, i); {
		case d != "normal", name == "normal", name == "reverse", name == "alternate", name == "alternate-reverse":
			b = append(b, d)
		}
		switch f := at(5, i); {
		case f != "none", name == "forwards", name == "backwards", name == "both":
			b = append(b, f)
		}
		if p := at(6, i); p != "running" || name == "running" || name == "paused" {
			b = append(b, p)
		}
		if name != "none" || len(b) == 0 {
			b = append(b, name)
		}
		out[i] = strings.Join(b, " ")
	}
	return strings.Join(out, ", "), true
}

// mapCommaList is the comma-separated list v with f applied to each item.
func mapCommaList(v string, f func(item string) string) string {
	items := splitTopLevelCommas(v)
	for i, it := range items {
		items[i] = f(strings.TrimSpace(it))
	}
	return strings.Join(items, ", ")
}

// splitTopLevelCommas splits a list at its top-level commas (not those of
// cubic-bezier(…)), as ", "-joined computed lists are.
func splitTopLevelCommas(v string) []string {
	parts := cssscan.Split(v, ',')
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// positionKeywordPercent is where a background-position keyword puts the
// image along its axis.
var positionKeywordPercent = map[string]float64{"left": 0, "top": 0, "center": 50, "right": 100, "bottom": 100}

// resolvedTransform is the resolved value of a transform v with
// percentages in its translations: each is made px of the element's
// border box (x of its width, y of its height) and the list made one
// matrix, as Chromium resolves it; v as it is when that cannot be done.
// https://drafts.csswg.org/css-transforms-2/#transform-property
func (w *Window) resolvedTransform(el *dom.Node, v string) string {
	if el.Document() != w.doc || el.Namespace != "" {
		return v
	}
	_, r, ok := w.geometry(el)
	if !ok {
		return v
	}
	size := [2]float64{r.width, r.height}
	parts := splitComponents(v)
	for i, p := range parts {
		name := functionName(p)
		if !strings.HasPrefix(name, "translate") || strings.IndexByte(p, '%') < 0 {
			continue
		}
		args := splitTopLevelCommas(p[len(name)+1 : len(p)-1])
		for j, a := range args {
			axis := j
			if name == "translatey" {
				axis = 1
			}
			f, unit, num := splitNumber(a)
			switch {
			case num && unit == "%" && axis < 2:
				args[j] = cssvalue.FormatComputed(f/100*size[axis]) + "px"
			case strings.IndexByte(a, '%') >= 0:
				return v // a percentage in calc(), or in a z translation
			}
		}
		parts[i] = name + "(" + strings.Join(args, ", ") + ")"
	}
	return w.computeTransform(el, strings.Join(parts, " "))
}

// computeTransform computes transform as Chromium does: the list made one
// matrix() (matrix3d() when it is not 2D), its lengths made px first.
// Whether it is 2D is read from the matrix, not from the functions that
// made it: translate3d(-815px, 0, 0), translateZ(0) and scale3d(2, 2, 1)
// compute to matrix() (keen-slider's slides). A
// list with percentages (which need the element's reference box) or
// functions DOMMatrix does not parse (calc()) is left as specified.
// https://drafts.csswg.org/css-transforms-2/#serialization-of-the-computed-value
func (w *Window) computeTransform(el *dom.Node, v string) string {
	if ascii.EqualFold(v, "none") || strings.Contains(v, "%") || strings.Contains(v, "var(") {
		return v
	}
	var ctx lazyContext
	if strings.IndexByte(v[strings.IndexByte(v, '(')+1:], '(') >= 0 {
		// math functions in the arguments: rotate(calc(1turn / 4)),
		// scale(pow(2, 3))
		ctx.c, ctx.known = w.unitContext(el), true
		r, ok := resolveMathIn(v, &ctx.c)
		if !ok {
			return v
		}
		v = r
	}
	var b strings.Builder
	for i := 0; i < len(v); {
		c := v[i]
		prevName := i > 0 && (isLetter(v[i-1]) || v[i-1] >= '0' && v[i-1] <= '9' || v[i-1] == '.')
		if prevName || !(c >= '0' && c <= '9' || c == '.' || (c == '-' || c == '+') && i+1 < len(v) && (v[i+1] >= '0' && v[i+1] <= '9' || v[i+1] == '.')) {
			b.WriteByte(c)
			i++
			continue
		}
		j := i + 1
		for j < len(v) && (v[j] >= '0' && v[j] <= '9' || v[j] == '.' || (v[j] == 'e' || v[j] == 'E') && j+1 < len(v) && (v[j+1] >= '0' && v[j+1] <= '9' || v[j+1] == '-' || v[j+1] == '+') || (v[j] == '-' || v[j] == '+') && (v[j-1] == 'e' || v[j-1] == 'E')) {
			j++
		}
		k := j
		for k < len(v) && isLetter(v[k]) {
			k++
		}
		tok := v[i:k]
		if unit := ascii.Lower(v[j:k]); unit != "" && unit != "px" && lengthUnits[unit] {
			tok = w.computeLength(el, "transform", tok, &ctx)
		}
		b.WriteString(tok)
		i = k
	}
	m, err := parseTransformList(b.String())
	if err != nil {
		return v
	}
	elems := m.m[:]
	long := hasLongNumber(v)
	out := []byte("matrix3d(")
	if m.is2D || isAffine(&m.m) {
		elems = []float64{m.m[0], m.m[1], m.m[4], m.m[5], m.m[12], m.m[13]}
		out = []byte("matrix(")
	}
	for i, f := range elems {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return v
		}
		if i > 0 {
			out = append(out, ", "...)
		}
		if f == 0 {
			f = 0 // no -0
		}
		if long {
			// every digit of numbers given with more than six: the
			// layout's (getComputedStyle rounds them, roundedNumbers)
			out = strconv.AppendFloat(out, f, 'g', -1, 64)
			continue
		}
		out = cssvalue.AppendComputed(out, f)
	}
	return string(append(out, ')'))
}

// isAffine reports whether a column-major 4×4 matrix is a 2D matrix: its
// third row and column, and its perspective row, are the identity's.
// https://drafts.csswg.org/css-transforms-2/#2d-matrix
func isAffine(m *[16]float64) bool {
	return m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[8] == 0 && m[9] == 0 &&
		m[10] == 1 && m[11] == 0 && m[14] == 0 && m[15] == 1
}

// resolveMathIn replaces each math function in v (calc(), sin(),
// round()...) by its computed value against ctx; ok is false when one
// does not resolve to a finite value of one unit.
func resolveMathIn(v string, ctx *cssvalue.Context) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(v); {
		j := i
		for j < len(v) && (isLetter(v[j]) || j > i && (v[j] == '-' || v[j] >= '0' && v[j] <= '9')) {
			j++
		}
		if j == i && v[i] == '-' && i+1 < len(v) && isLetter(v[i+1]) { // -webkit-calc(
			for j = i + 1; j < len(v) && (isLetter(v[j]) || v[j] == '-'); j++ {
			}
		}
		switch {
		case j > i && j < len(v) && v[j] == '(' && cssvalue.IsMathName(ascii.Lower(v[i:j])):
			end := cssscan.BlockEnd(v, j)
			if end >= len(v) {
				return "", false
			}
			x, ok := cssvalue.Eval(v[i:end+1], ctx)
			if !ok || x.Kinds&(x.Kinds-1) != 0 {
				return "", false
			}
			// rotate(calc(infinity * 1deg)) turns by 0deg, translateX(calc(infinity * 1px)) by 3.35544e+07px
			x = x.Clamped()
			// every digit: a matrix() is computed from it
			f, unit := x.Num+x.Px+x.Pct+x.Sec+x.Deg, map[cssvalue.Kind]string{cssvalue.Px: "px", cssvalue.Pct: "%", cssvalue.Sec: "s", cssvalue.Deg: "deg"}[x.Kinds]
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64) + unit)
			i = end + 1
		case j > i:
			b.WriteString(v[i:j])
			i = j
		default:
			b.WriteByte(v[i])
			i++
		}
	}
	return b.String(), true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// computeMaskPosition computes mask-position: each layer's x and y as
// computePosition computes background-position-x and -y (a keyword and an
// offset make one side; a side left out is center).
func (w *Window) computeMaskPosition(el *dom.Node, v string) string {
	layers := splitTopLevelCommas(v)
	for i, l := range layers {
		f := splitComponents(strings.TrimSpace(l)) // calc() is one
		n := 1
		if len(f) > 2 {
			if _, kw := positionKeywordPercent[ascii.Lower(f[1])]; !kw {
				n = 2
			}
		}
		x, y := strings.Join(f[:min(n, len(f))], " "), strings.Join(f[min(n, len(f)):], " ")
		if lx := ascii.Lower(x); y == "" || lx == "top" || lx == "bottom" {
			if y == "" {
				y = "center"
			}
			if lx == "top" || lx == "bottom" {
				x, y = y, x
			}
		}
		layers[i] = w.computePosition(el, "background-position-x", x) + " " + w.computePosition(el, "background-position-y", y)
	}
	return strings.Join(layers, ", ")
}

// computePosition computes background-position-x or -y (each
// comma-separated layer): lengths absolute, a keyword its percentage, and
// one with an offset from the right or bottom edge 100% less it, as
// Chromium writes them (right 2em: calc(100% - 20px); bottom 5%: 95%).
func (w *Window) computePosition(el *dom.Node, prop, v string) string {
	var ctx lazyContext
	layers := splitTopLevelCommas(v)
	for i, l := range layers {
		l = strings.TrimSpace(l)
		kw, off, _ := strings.Cut(l, " ")
		pct, isKw := positionKeywordPercent[ascii.Lower(kw)]
		switch {
		case !isKw:
			layers[i] = w.computeLength(el, prop, l, &ctx)
		case off == "":
			layers[i] = cssvalue.FormatComputed(pct) + "%"
		case pct == 0:
			layers[i] = w.computeLength(el, prop, off, &ctx)
		default:
			off = w.computeLength(el, prop, off, &ctx)
			if f, unit, ok := splitNumber(off); ok && (unit == "%" || f == 0) {
				if unit != "%" {
					f = 0
				}
				layers[i] = cssvalue.FormatComputed(100-f) + "%"
			} else {
				layers[i] = "calc(100% - " + off + ")"
				if simple, ok := cssvalue.SimplifyMath(layers[i]); ok {
					layers[i] = simple // calc(100% - calc(2% + 1px)) is calc(98% - 1px)
				}
			}
		}
	}
	return strings.Join(layers, ", ")
}

// resolvedOrigin is the resolved transform-origin or perspective-origin of
// el, whose computed value is v: its horizontal and vertical offsets in px
// of an HTML element's border box (keywords and percentages resolved; a
// non-replaced inline box has no size), as Chromium gives them; an SVG
// element's initial origin is its user space's 0 0 (the SVG UA sheet's);
// the computed value for an element with no box, or a value this does not
// take apart.
func (w *Window) resolvedOrigin(el *dom.Node, v string) string {
	if el.Document() != w.doc {
		return v
	}
	if el.Namespace == "svg" && !outerSVG(el) {
		if o, ok := w.cascadedRaw(el, "transform-origin"); ok && !cssWideKeywords[o] {
			// of its reference box, as Chromium resolves it
			if x, y, ok := w.svgOrigin(el, o, w.svgReferenceBox(el)); ok && len(splitComponents(v)) < 3 {
				return cssvalue.FormatComputed(x) + "px " + cssvalue.FormatComputed(y) + "px"
			}
			return v
		}
		if v == "50% 50%" && el.ParentElement() != nil && el.ParentElement().Namespace == "svg" {
			return "0px 0px"
		}
		return v
	}
	if el.Namespace != "" && !outerSVG(el) {
		return v
	}
	x, y, z, ok := originAxes(splitComponents(v))
	if !ok {
		return v
	}
	_, r, ok := w.geometry(el)
	if !ok {
		return v
	}
	size := [2]float64{r.width, r.height}
	if w.inlineBox(el) {
		size = [2]float64{}
	}
	ctx := w.unitContext(el)
	out := make([]string, 0, 3)
	for i, a := range [2][2]string{x, y} {
		pos, ok := originOffset(a, size[i], ctx)
		if !ok {
			return v
		}
		out = append(out, cssvalue.FormatComputed(pos)+"px")
	}
	if z != "" {
		zx, ok := cssvalue.Eval(z, &ctx)
		if !ok || !(zx.Is(cssvalue.Px) || zx.Kinds == 0 || zx.Is(cssvalue.Num) && zx.Num == 0) {
			return v
		}
		out = append(out, cssvalue.FormatComputed(zx.Px)+"px")
	}
	return strings.Join(out, " ")
}

// originAxes takes a transform-origin or perspective-origin apart: its
// horizontal and vertical positions, each an edge keyword (left, right,
// top, bottom, center or "") and an offset from it (either may be
// empty), and transform-origin's z length.
// https://drafts.csswg.org/css-transforms/#transform-origin-property
func originAxes(parts []string) (x, y [2]string, z string, ok bool) {
	edge := func(t string) (string, bool) {
		switch l := ascii.Lower(t); l {
		case "left", "right", "top", "bottom", "center":
			return l, true
		}
		return "", false
	}
	vertical := func(k string) bool { return k == "top" || k == "bottom" }
	horizontal := func(k string) bool { return k == "left" || k == "right" }
	term := func(t string) [2]string {
		if k, isKw := edge(t); isKw {
			return [2]string{k, ""}
		}
		return [2]string{"", t}
	}
	switch len(parts) {
	case 1:
		if k, _ := edge(parts[0]); vertical(k) {
			return [2]string{"center", ""}, term(parts[0]), "", true
		}
		return term(parts[0]), [2]string{"center", ""}, "", true
	case 2, 3:
		k0, _ := edge(parts[0])
		k1, _ := edge(parts[1])
		a, b := term(parts[0]), term(parts[1])
		if vertical(k0) || horizontal(k1) {
			a, b = b, a
		}
		if len(parts) == 3 {
			z = parts[2]
		}
		return a, b, z, true
	case 4: // an edge keyword and its offset for each axis
		k0, ok0 := edge(parts[0])
		k2, ok2 := edge(parts[2])
		if !ok0 || !ok2 || k0 == "center" || k2 == "center" {
			return x, y, "", false
		}
		a, b := [2]string{k0, parts[1]}, [2]string{k2, parts[3]}
		if vertical(k0) {
			a, b = b, a
		}
		return a, b, "", true
	}
	return x, y, "", false
}

// originOffset is the position in px along an axis of the given size
// of an edge keyword and offset from it (see originAxes).
func originOffset(a [2]string, size float64, ctx cssvalue.Context) (float64, bool) {
	var base, sign float64 = 0, 1
	switch a[0] {
	case "center":
		base = size / 2
	case "right", "bottom":
		base, sign = size, -1
	}
	if a[1] == "" {
		return base, true
	}
	ctx.PercentBasis, ctx.HasPercentBasis = size, true
	x, ok := cssvalue.Eval(a[1], &ctx)
	if !ok || !(x.Is(cssvalue.Px) || x.Kinds == 0 || x.Is(cssvalue.Num) && x.Num == 0) {
		return 0, false
	}
	return base + sign*x.Px, true
}

// fontSizeAdjustFromFont is the computed value of a font-size-adjust of
// from-font: the ratio its basis has in the element's first available
// font, as Chromium 156 computes it (`from-font` in the default serif is
// 0.458984, its x-height over its size; `ic-width from-font` 1); the
// value as it is for cap-height, whose metric the font table lacks.
// https://drafts.csswg.org/css-fonts-5/#font-size-adjust-prop
func (w *Window) fontSizeAdjustFromFont(el *dom.Node, v string) string {
	basis, _, _ := strings.Cut(v, " ")
	if basis == "from-font" {
		basis = "ex-height"
	}
	ctx := w.unitContext(el)
	var ratio float64
	switch basis {
	case "ic-width", "ic-height":
		ratio = 1
	case "ex-height", "ch-width":
		if ctx.Font == nil || ctx.FontSize <= 0 {
			return v
		}
		ex, ch := ctx.Font.FontUnits(ctx.FontSize)
		ratio = ex / ctx.FontSize
		if basis == "ch-width" {
			ratio = ch / ctx.FontSize
		}
		if ratio <= 0 {
			return v
		}
	default:
		return v
	}
	r := cssvalue.FormatComputed(ratio)
	if basis == "ex-height" {
		return r
	}
	return basis + " " + r
}

// shadowColor is the computed color of c, a component of a shadow
// (box-shadow, text-shadow, drop-shadow()): currentcolor kept as such;
// ok is false when c is no color.
func (w *Window) shadowColor(el *dom.Node, prop, c string) (string, bool) {
	switch {
	case ascii.EqualFold(c, "currentcolor"):
		return "currentcolor", true
	case !isColorComponent(c):
		return "", false
	case cssvalue.IsFloatColor(c):
		return w.colorWithCurrent(el, prop, c), true
	}
	return computedColor(c), true
}
