package jsruntime

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Shorthand properties: setting one sets its longhands (omitted ones to
// their initial value), and a declaration block whose longhands are all
// present serializes them back as the shorthand, as Chromium does.
// https://drafts.csswg.org/cssom/#concept-shorthands-preferred-order
// https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block

type shorthandKind uint8

const (
	shBox              shorthandKind = iota // 1-4 values: top right bottom left
	shPair                                  // 1-2 values
	shBorderSide                            // width style color in any order
	shBorder                                // shBorderSide for all four sides
	shBackground                            // a single background layer
	shTransition                            // comma-separated transitions
	shFont                                  // style variant weight stretch size/line-height family
	shFlex                                  // grow shrink basis
	shAnimation                             // comma-separated animations
	shTextDecoration                        // line || thickness || style || color
	shListStyle                             // position || image || type
	shFontVariant                           // ligatures || caps || alternates || numeric || east-asian || position || emoji
	shBorderImage                           // source || slice [/ width [/ outset]] || repeat
	shPosition                              // comma-separated <bg-position>s: x and y
	shBorderPair                            // shBorderSide for the start and end sides of an axis
	shMask                                  // comma-separated mask layers
	shContainer                             // name [/ type] (containerquery.go)
	shFlexFlow                              // direction || wrap
	shPlace                                 // align [justify] (place-items, place-content, place-self)
	shGridTemplate                          // rows / columns, or rows of areas (cssgridareas.go)
	shGridLine                              // start [/ end] (grid-row, grid-column; cssgridline.go)
	shGridArea                              // row-start [/ column-start [/ row-end [/ column-end]]]
	shColumns                               // width || count (multi-column)
	shSame                                  // one value for every longhand (marker)
	shStyleColor                            // a part || color, omitted ones initial (text-emphasis, -webkit-text-stroke)
	shColumnRule                            // comma-separated width || style || color
	shGrid                                  // a grid-template, or auto-flow rows / columns, or rows / auto-flow columns
	shContainIntrinsic                      // width [height] (cssshorthandparts.go)
	shFontSynthesis                         // none | weight || style || small-caps
	shTimeline                              // comma-separated name [axis] (scroll-timeline), [axis || inset] (view-timeline)
	shAnimationRange                        // comma-separated start [end]
	shTextBox                               // normal | trim || edge
	shPositionTry                           // [order] fallbacks
	shRuleInset                             // cap-start [cap-end] [/ junction-start [junction-end]] (cssshorthandparts.go)
	shOffset                                // position? [path [distance || rotate]?]? [/ anchor]? (cssshorthandparts.go)
	shTextWrap                              // mode || style
	shWhiteSpace                            // a keyword, or collapse || mode (csswhitespace.go)
	shPageBreak                             // a legacy keyword of break-before, break-after or break-inside
)

// computedKinds are the kinds whose computed value getComputedStyle
// writes from the longhands' computed values with the declared value's
// serialization (margin: "1px 2px"); the others are left out, or
// computedShorthand (computed.go) writes them in an order of its own.
var computedKinds = [...]bool{shBox: true, shPair: true, shBorder: true, shBorderSide: true, shFlex: true, shPlace: true,
	shFlexFlow: true, shFontVariant: true, shBorderImage: true, shBorderPair: true, shGridLine: true, shGridArea: true,
	shColumns: true, shSame: true, shContainIntrinsic: true, shFontSynthesis: true, shTimeline: true, shAnimationRange: true,
	shTextBox: true, shPositionTry: true, shRuleInset: true, shTextWrap: true, shPageBreak: true, shWhiteSpace: true}

// omittedInitialKinds are the kinds that declare the parts a value
// leaves out as initial (as Chromium does) and write them back without
// them; in the others a longhand set to initial keeps the shorthand from
// being written.
var omittedInitialKinds = [...]bool{shBorder: true, shBorderSide: true, shBorderPair: true, shBackground: true,
	shTextDecoration: true, shListStyle: true, shStyleColor: true, shTextWrap: true, shWhiteSpace: true}

// computesFromLonghands tells whether getComputedStyle writes the
// shorthand from its longhands' computed values (computedKinds).
func (sh *cssShorthand) computesFromLonghands() bool {
	return int(sh.kind) < len(computedKinds) && computedKinds[sh.kind]
}

type cssShorthand struct {
	name string
	kind shorthandKind
	// longhands are in the order Chromium declares them when it parses a
	// value of the shorthand (and expand returns their values in).
	longhands []string
	// keywordOrder, when set, is the order of the longhands declared by
	// a CSS-wide keyword or a value pending var() substitution, when
	// Chromium's differs from longhands (font, border, font-variant).
	keywordOrder []string
	// lenient shorthands keep a value this parser does not understand as
	// one unexpanded declaration instead of rejecting it.
	lenient bool
	// group, when set, is the length of the run of longhands the value
	// gives: the longhands are that many runs alike (rule: the column
	// rule's width, style and color, then the row rule's), set to the
	// same values and written back only while the runs agree.
	group int
}

// declOrder is the order in which setting the shorthand to value (valid,
// or kept whole when pending) declares its longhands.
func (sh *cssShorthand) declOrder(value string, pending bool) []string {
	lower := ascii.Lower(strings.TrimSpace(value))
	switch {
	case (pending || cssWideKeywords[lower]) && sh.keywordOrder != nil:
		return sh.keywordOrder
	case sh.kind == shFontVariant && (lower == "normal" || lower == "none"):
		return fontVariantPlainOrder
	case sh.kind == shGrid && strings.Contains(lower, "auto-flow"):
		return gridAutoFlowOrder
	}
	return sh.longhands
}

var shorthands = map[string]*cssShorthand{}

// shorthandsOf lists, for a longhand, the shorthands covering it, the
// widest first (border before border-width before border-top).
var shorthandsOf = map[string][]*cssShorthand{}

func init() {
	sides := []string{"top", "right", "bottom", "left"}
	each := func(f func(side string) string) []string {
		out := make([]string, 4)
		for i, s := range sides {
			out[i] = f(s)
		}
		return out
	}
	add := func(name string, kind shorthandKind, lenient bool, longhands ...string) {
		shorthands[name] = &cssShorthand{name: name, kind: kind, longhands: longhands, lenient: lenient}
	}
	// addRuns adds a shorthand whose longhands are runs of group alike
	// (cssShorthand.group), keywordOrder the order for a CSS-wide
	// keyword when Chromium's differs.
	addRuns := func(name string, kind shorthandKind, group int, keywordOrder []string, longhands ...string) {
		shorthands[name] = &cssShorthand{name: name, kind: kind, longhands: longhands, group: group, keywordOrder: keywordOrder}
	}
	var border, borderKeywords []string
	for _, part := range []string{"width", "style", "color"} {
		border = append(border, each(func(s string) string { return "border-" + s + "-" + part })...)
	}
	for _, side := range sides {
		for _, part := range []string{"color", "style", "width"} {
			borderKeywords = append(borderKeywords, "border-"+side+"-"+part)
		}
	}
	add("border-image", shBorderImage, false, borderImageLonghands...)
	// border resets border-image too
	// https://drafts.csswg.org/css-backgrounds/#propdef-border
	add("border", shBorder, false, append(border, borderImageLonghands...)...)
	shorthands["border"].keywordOrder = append(borderKeywords, borderImageLonghands...)
	for _, part := range []string{"width", "style", "color"} {
		add("border-"+part, shBox, false, each(func(s string) string { return "border-" + s + "-" + part })...)
	}
	for _, s := range sides {
		add("border-"+s, shBorderSide, false, "border-"+s+"-width", "border-"+s+"-style", "border-"+s+"-color")
	}
	// outline's omitted parts are set to initial, not to their initial
	// values as border's are (Chromium: outline: red reads outline-width
	// as initial)
	// in Chromium 156's order: color, style, width
	add("outline", shBorderSide, true, "outline-color", "outline-style", "outline-width")
	add("margin", shBox, false, each(func(s string) string { return "margin-" + s })...)
	add("padding", shBox, false, each(func(s string) string { return "padding-" + s })...)
	add("inset", shBox, false, sides...)
	add("border-radius", shBox, false, "border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius")
	add("overflow", shPair, false, "overflow-x", "overflow-y")
	add("gap", shPair, false, "row-gap", "column-gap")
	add("background", shBackground, true, "background-image", "background-position-x", "background-position-y",
		"background-size", "background-repeat", "background-attachment", "background-origin", "background-clip", "background-color")
	add("background-position", shPosition, false, "background-position-x", "background-position-y")
	// -webkit-mask is its alias (cssAliases), as in Chromium
	add("mask", shMask, false, maskLonghands...)
	add("container", shContainer, false, "container-name", "container-type")
	add("transition", shTransition, false, "transition-property", "transition-duration", "transition-timing-function", "transition-delay", "transition-behavior")
	// animation resets animation-timeline and animation-range too
	// https://drafts.csswg.org/css-animations-2/#animation-shorthand
	add("animation", shAnimation, false, "animation-duration", "animation-timing-function", "animation-delay",
		"animation-iteration-count", "animation-direction", "animation-fill-mode", "animation-play-state", "animation-name",
		"animation-timeline", "animation-range-start", "animation-range-end")
	add("font", shFont, true, fontLonghands...)
	shorthands["font"].keywordOrder = fontKeywordOrder
	add("font-variant", shFontVariant, false, fontVariantLonghands...)
	shorthands["font-variant"].keywordOrder = fontVariantKeywordOrder
	add("flex", shFlex, false, "flex-grow", "flex-shrink", "flex-basis")
	add("flex-flow", shFlexFlow, false, "flex-direction", "flex-wrap")
	add("grid-template", shGridTemplate, false, "grid-template-rows", "grid-template-columns", "grid-template-areas")
	add("grid", shGrid, false, "grid-template-rows", "grid-template-columns", "grid-template-areas", "grid-auto-flow",
		"grid-auto-columns", "grid-auto-rows")
	shorthands["grid"].keywordOrder = []string{"grid-template-rows", "grid-template-columns", "grid-template-areas",
		"grid-auto-flow", "grid-auto-rows", "grid-auto-columns"}
	add("contain-intrinsic-size", shContainIntrinsic, false, "contain-intrinsic-width", "contain-intrinsic-height")
	add("font-synthesis", shFontSynthesis, false, "font-synthesis-weight", "font-synthesis-style", "font-synthesis-small-caps")
	add("scroll-timeline", shTimeline, false, "scroll-timeline-name", "scroll-timeline-axis")
	add("view-timeline", shTimeline, false, "view-timeline-name", "view-timeline-axis", "view-timeline-inset")
	add("animation-range", shAnimationRange, false, "animation-range-start", "animation-range-end")
	add("text-box", shTextBox, false, "text-box-trim", "text-box-edge")
	add("position-try", shPositionTry, false, "position-try-order", "position-try-fallbacks")
	add("grid-area", shGridArea, false, "grid-row-start", "grid-column-start", "grid-row-end", "grid-column-end")
	add("grid-row", shGridLine, false, "grid-row-start", "grid-row-end")
	add("grid-column", shGridLine, false, "grid-column-start", "grid-column-end")
	add("scroll-margin", shBox, false, each(func(s string) string { return "scroll-margin-" + s })...)
	add("scroll-padding", shBox, false, each(func(s string) string { return "scroll-padding-" + s })...)
	add("border-spacing", shPair, false, "-webkit-border-horizontal-spacing", "-webkit-border-vertical-spacing")
	add("overscroll-behavior", shPair, false, "overscroll-behavior-x", "overscroll-behavior-y")
	add("column-rule", shColumnRule, false, "column-rule-width", "column-rule-style", "column-rule-color")
	add("columns", shColumns, false, "column-width", "column-count", "column-height", "column-wrap")
	add("marker", shSame, false, "marker-start", "marker-mid", "marker-end")
	// the gap decorations: column-rule and row-rule, rule for both, and
	// their insets, in the orders Chromium 156 declares them
	// https://drafts.csswg.org/css-gaps/#gap-decoration-shorthands
	add("row-rule", shColumnRule, false, "row-rule-width", "row-rule-style", "row-rule-color")
	addRuns("rule", shColumnRule, 3, nil, "column-rule-width", "column-rule-style", "column-rule-color",
		"row-rule-width", "row-rule-style", "row-rule-color")
	for _, part := range []string{"width", "style", "color", "break", "visibility-items"} {
		var keywordOrder []string
		if part == "break" {
			keywordOrder = []string{"row-rule-break", "column-rule-break"}
		}
		addRuns("rule-"+part, shSame, 0, keywordOrder, "column-rule-"+part, "row-rule-"+part)
	}
	for _, axis := range []string{"column", "row"} {
		inset := axis + "-rule-inset-"
		add(axis+"-rule-inset", shRuleInset, false, inset+"cap-start", inset+"cap-end", inset+"junction-start", inset+"junction-end")
		add(axis+"-rule-inset-cap", shPair, false, inset+"cap-start", inset+"cap-end")
		add(axis+"-rule-inset-junction", shPair, false, inset+"junction-start", inset+"junction-end")
		add(axis+"-rule-inset-start", shSame, false, inset+"cap-start", inset+"junction-start")
		add(axis+"-rule-inset-end", shSame, false, inset+"cap-end", inset+"junction-end")
	}
	runs := func(axes []string, parts ...string) []string {
		var out []string
		for _, a := range axes {
			for _, p := range parts {
				out = append(out, a+"-rule-inset-"+p)
			}
		}
		return out
	}
	columnRow, rowColumn := []string{"column", "row"}, []string{"row", "column"}
	addRuns("rule-inset", shRuleInset, 4, runs(rowColumn, "cap-start", "cap-end", "junction-start", "junction-end"),
		runs(columnRow, "cap-start", "cap-end", "junction-start", "junction-end")...)
	addRuns("rule-inset-cap", shPair, 2, nil, runs(rowColumn, "cap-start", "cap-end")...)
	addRuns("rule-inset-junction", shPair, 2, nil, runs(rowColumn, "junction-start", "junction-end")...)
	addRuns("rule-inset-start", shSame, 0, nil, runs(columnRow, "cap-start", "junction-start")...)
	addRuns("rule-inset-end", shSame, 0, nil, runs(columnRow, "cap-end", "junction-end")...)
	// corner-shape and its sides
	// https://drafts.csswg.org/css-borders-4/#corner-shape-shorthands
	add("corner-shape", shBox, false, "corner-top-left-shape", "corner-top-right-shape", "corner-bottom-right-shape", "corner-bottom-left-shape")
	add("corner-top-shape", shPair, false, "corner-top-left-shape", "corner-top-right-shape")
	add("corner-right-shape", shPair, false, "corner-top-right-shape", "corner-bottom-right-shape")
	add("corner-bottom-shape", shPair, false, "corner-bottom-left-shape", "corner-bottom-right-shape")
	add("corner-left-shape", shPair, false, "corner-top-left-shape", "corner-bottom-left-shape")
	add("corner-block-start-shape", shPair, false, "corner-start-start-shape", "corner-start-end-shape")
	add("corner-block-end-shape", shPair, false, "corner-end-start-shape", "corner-end-end-shape")
	add("corner-inline-start-shape", shPair, false, "corner-start-start-shape", "corner-end-start-shape")
	add("corner-inline-end-shape", shPair, false, "corner-start-end-shape", "corner-end-end-shape")
	add("interest-delay", shPair, false, "interest-delay-start", "interest-delay-end")
	add("offset", shOffset, false, "offset-position", "offset-path", "offset-distance", "offset-rotate", "offset-anchor")
	add("text-wrap", shTextWrap, false, "text-wrap-mode", "text-wrap-style")
	add("white-space", shWhiteSpace, false, "white-space-collapse", "text-wrap-mode")
	for _, side := range []string{"before", "after", "inside"} {
		add("page-break-"+side, shPageBreak, false, "break-"+side)
	}
	add("text-emphasis", shStyleColor, false, "text-emphasis-style", "text-emphasis-color")
	add("-webkit-text-stroke", shStyleColor, false, "-webkit-text-stroke-width", "-webkit-text-stroke-color")
	add("place-items", shPlace, false, "align-items", "justify-items")
	add("place-content", shPlace, false, "align-content", "justify-content")
	add("place-self", shPlace, false, "align-self", "justify-self")
	add("list-style", shListStyle, false, "list-style-position", "list-style-image", "list-style-type")
	add("text-decoration", shTextDecoration, false, "text-decoration-line", "text-decoration-thickness", "text-decoration-style", "text-decoration-color")
	// the flow-relative shorthands (csslogical.go)
	for _, f := range []string{"margin-%", "padding-%", "inset-%", "border-%-width", "border-%-style", "border-%-color",
		"scroll-margin-%", "scroll-padding-%"} {
		for _, axis := range []string{"block", "inline"} {
			name := strings.Replace(f, "%", axis, 1)
			add(name, shPair, false, strings.Replace(f, "%", axis+"-start", 1), strings.Replace(f, "%", axis+"-end", 1))
			logicalShorthands = append(logicalShorthands, name)
		}
	}
	for _, side := range []string{"block-start", "block-end", "inline-start", "inline-end"} {
		add("border-"+side, shBorderSide, false, "border-"+side+"-width", "border-"+side+"-style", "border-"+side+"-color")
		logicalShorthands = append(logicalShorthands, "border-"+side)
	}
	for _, axis := range []string{"block", "inline"} {
		var l []string
		for _, part := range []string{"width", "style", "color"} {
			l = append(l, "border-"+axis+"-start-"+part, "border-"+axis+"-end-"+part)
		}
		add("border-"+axis, shBorderPair, false, l...)
		// a CSS-wide keyword declares each side's color, style, width
		var keywordOrder []string
		for _, side := range []string{"start", "end"} {
			for _, part := range []string{"color", "style", "width"} {
				keywordOrder = append(keywordOrder, "border-"+axis+"-"+side+"-"+part)
			}
		}
		shorthands["border-"+axis].keywordOrder = keywordOrder
		logicalShorthands = append(logicalShorthands, "border-"+axis)
	}
	for _, name := range []string{"border", "border-width", "border-style", "border-color", "border-top", "border-right",
		"border-bottom", "border-left", "border-image", "outline", "margin", "padding", "inset", "border-radius", "overflow", "gap", "background", "background-position", "mask", "transition", "animation", "font", "font-variant", "flex", "text-decoration", "list-style",
		"flex-flow", "place-items", "place-content", "place-self", "grid", "grid-template", "grid-area", "grid-row", "grid-column",
		"scroll-margin", "scroll-padding", "overscroll-behavior", "border-spacing", "columns", "marker", "text-emphasis",
		"-webkit-text-stroke", "contain-intrinsic-size", "font-synthesis", "scroll-timeline", "view-timeline",
		"animation-range", "text-box", "position-try", "container",
		// the gap decorations, the widest first as Chromium tries them
		"rule", "column-rule", "row-rule", "rule-width", "rule-style", "rule-color", "rule-break", "rule-visibility-items",
		"rule-inset", "column-rule-inset", "row-rule-inset", "rule-inset-cap", "rule-inset-junction", "rule-inset-start",
		"rule-inset-end", "column-rule-inset-cap", "column-rule-inset-junction", "column-rule-inset-start",
		"column-rule-inset-end", "row-rule-inset-cap", "row-rule-inset-junction", "row-rule-inset-start", "row-rule-inset-end",
		"corner-shape", "corner-top-shape", "corner-right-shape", "corner-bottom-shape", "corner-left-shape",
		"corner-block-start-shape", "corner-block-end-shape", "corner-inline-start-shape", "corner-inline-end-shape",
		"interest-delay", "offset", "white-space", "text-wrap",
		// the flow-relative ones, widest first
		"border-block", "border-inline", "border-block-width", "border-block-style", "border-block-color",
		"border-inline-width", "border-inline-style", "border-inline-color", "border-block-start", "border-block-end",
		"border-inline-start", "border-inline-end", "margin-block", "margin-inline", "padding-block", "padding-inline",
		"inset-block", "inset-inline", "scroll-margin-block", "scroll-margin-inline", "scroll-padding-block", "scroll-padding-inline"} {
		sh := shorthands[name]
		for _, l := range sh.longhands {
			shorthandsOf[l] = append(shorthandsOf[l], sh)
		}
	}
	for _, sh := range shorthands {
		for _, l := range sh.longhands {
			cssProperties[l] = true
		}
	}
	for a := range cssAliases {
		cssProperties[a] = true
	}
}

// expand returns the longhand values of a shorthand value, in the order
// of sh.longhands, or ok=false when the value is not valid for it.
func (sh *cssShorthand) expand(value string) ([]string, bool) {
	value = strings.TrimSpace(value)
	out := make([]string, len(sh.longhands))
	if lower := ascii.Lower(value); cssWideKeywords[lower] {
		for i := range out {
			out[i] = lower
		}
		return out, true
	}
	if strings.Contains(ascii.Lower(value), "var(") {
		return nil, false
	}
	if sh.group > 0 {
		run := sh.firstRun()
		vals, ok := run.expand(value)
		if !ok {
			return nil, false
		}
		for i := range out {
			out[i] = vals[i%sh.group]
		}
		return out, true
	}
	parts := splitComponents(value)
	switch sh.kind {
	case shBox:
		if sh.name == "border-radius" {
			return expandRadius(parts)
		}
		if len(parts) < 1 || len(parts) > 4 {
			return nil, false
		}
		for i, p := range parts {
			v, ok := normalizeValue(sh.longhands[i], p)
			if !ok || cssWideKeywords[v] {
				return nil, false
			}
			parts[i] = v
		}
		// https://drafts.csswg.org/css-box/#margin-shorthand
		switch len(parts) {
		case 1:
			return []string{parts[0], parts[0], parts[0], parts[0]}, true
		case 2:
			return []string{parts[0], parts[1], parts[0], parts[1]}, true
		case 3:
			return []string{parts[0], parts[1], parts[2], parts[1]}, true
		}
		return parts, true
	case shPair:
		if len(parts) < 1 || len(parts) > 2 {
			return nil, false
		}
		for i, p := range parts {
			v, ok := normalizeValue(sh.longhands[i], p)
			if !ok || cssWideKeywords[v] {
				return nil, false
			}
			out[i] = v
		}
		if len(parts) == 1 {
			out[1] = out[0]
		}
		return out, true
	case shBorderSide, shBorder, shBorderPair:
		w, s, c, ok := borderParts(parts, sh.name == "outline")
		if !ok {
			return nil, false
		}
		if sh.name == "outline" {
			return []string{c, s, w}, true
		}
		if sh.kind == shBorderSide {
			return []string{w, s, c}, true
		}
		if sh.kind == shBorderPair {
			return []string{w, w, s, s, c, c}, true
		}
		for i := 0; i < 4; i++ {
			out[i], out[4+i], out[8+i] = w, s, c
		}
		copy(out[12:], borderImageInitial[:])
		return out, true
	case shFlex:
		return flexParts(parts)
	case shFlexFlow:
		return flexFlowParts(parts)
	case shGridTemplate:
		return gridTemplateParts(parts)
	case shGridLine, shGridArea:
		return gridLineParts(sh.longhands, parts)
	case shColumns:
		return columnsParts(parts)
	case shColumnRule:
		return columnRuleParts(parts)
	case shGrid:
		return gridParts(parts)
	case shContainIntrinsic:
		return containIntrinsicParts(parts)
	case shFontSynthesis:
		return fontSynthesisParts(parts)
	case shTimeline:
		return timelineParts(len(sh.longhands) == 3, parts)
	case shAnimationRange:
		return animationRangeParts(parts)
	case shTextBox:
		return textBoxParts(parts)
	case shPositionTry:
		return positionTryParts(parts)
	case shRuleInset:
		return ruleInsetParts(sh.longhands, parts)
	case shOffset:
		return offsetParts(parts)
	case shTextWrap:
		return textWrapParts(parts)
	case shWhiteSpace:
		return whiteSpaceParts(value)
	case shPageBreak:
		return pageBreakParts(sh.longhands[0] == "break-inside", value)
	case shSame:
		v, ok := normalizeValue(sh.longhands[0], value)
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		for i := range out {
			out[i] = v
		}
		return out, true
	case shStyleColor:
		return styleColorParts(sh.longhands, parts)
	case shPlace:
		return placeParts(sh.name, parts)
	case shTextDecoration:
		return textDecorationParts(parts)
	case shListStyle:
		return listStyleParts(parts)
	case shTransition:
		return transitionParts(parts)
	case shAnimation:
		return animationParts(parts)
	case shBackground:
		return backgroundLayers(parts)
	case shPosition:
		return positionLayers(parts)
	case shMask:
		return maskLayers(parts)
	case shContainer:
		return containerParts(value)
	case shFont:
		return fontParts(value, parts)
	case shFontVariant:
		return fontVariantParts(parts)
	case shBorderImage:
		return borderImageParts(parts)
	}
	return nil, false
}

var borderStyles = set("none hidden dotted dashed solid double groove ridge inset outset")

// borderParts classifies the components of a border shorthand.
// https://drafts.csswg.org/css-backgrounds/#border-shorthands
func borderParts(parts []string, outline bool) (w, s, c string, ok bool) {
	if len(parts) == 0 || len(parts) > 3 {
		return "", "", "", false
	}
	// omitted parts take their initial values
	w, s, c = "medium", "none", "currentcolor"
	if outline {
		w, s, c = "initial", "initial", "initial"
	}
	seen := [3]bool{}
	for _, p := range parts {
		lower := ascii.Lower(p)
		switch {
		case (borderStyles[lower] || outline && lower == "auto") && !seen[1]:
			s, seen[1] = lower, true
		case !seen[0] && (lower == "thin" || lower == "medium" || lower == "thick"):
			w, seen[0] = lower, true
		default:
			if v, ok := normalizeLength(p); ok && !seen[0] && !lengthKeywords[v] {
				w, seen[0] = v, true
				continue
			}
			if v, ok := normalizeColor(p); ok && !seen[2] && !cssWideKeywords[v] {
				c, seen[2] = v, true
				continue
			}
			if outline && lower == "-webkit-focus-ring-color" && !seen[2] {
				c, seen[2] = lower, true // a color of outline only
				continue
			}
			return "", "", "", false
		}
	}
	return w, s, c, true
}

// textDecorationInitial are the initial values of text-decoration's
// longhands.
var textDecorationInitial = [4]string{"none", "auto", "solid", "currentcolor"}

var textDecorationLines = set("underline overline line-through blink")

// textDecorationParts expands text-decoration: <line> || <thickness> ||
// <style> || <color>, the omitted parts initial (as Chromium writes them).
// https://drafts.csswg.org/css-text-decor/#text-decoration-property
func textDecorationParts(parts []string) ([]string, bool) {
	out := []string{"initial", "initial", "initial", "initial"}
	var lines []string
	lineDone := false // the line keywords must stand together
	for _, p := range parts {
		lower := ascii.Lower(p)
		if lines != nil && !textDecorationLines[lower] {
			lineDone = true
		}
		switch {
		case lower == "none" && lines == nil && out[0] == "initial":
			out[0] = "none"
		case textDecorationLines[lower] && out[0] == "initial" && !lineDone && !slices.Contains(lines, lower):
			lines = append(lines, lower)
		case out[2] == "initial" && (lower == "solid" || lower == "double" || lower == "dotted" || lower == "dashed" || lower == "wavy"):
			out[2] = lower
		case out[1] == "initial" && (lower == "auto" || lower == "from-font"):
			out[1] = lower
		default:
			if v, ok := normalizeLength(p); ok && out[1] == "initial" && !lengthKeywords[v] {
				out[1] = v
				continue
			}
			if v, ok := normalizeColor(p); ok && out[3] == "initial" && !cssWideKeywords[v] {
				out[3] = v
				continue
			}
			return nil, false
		}
	}
	if lines != nil {
		out[0] = strings.Join(decorationLineOrder("text-decoration-line", lines), " ")
	}
	return out, true
}

// listStyleParts expands list-style: <position> || <image> || <type>, the
// omitted parts initial. A none is the type's when the type is not given
// otherwise, else the image's; two are both.
// https://drafts.csswg.org/css-lists/#list-style-property
func listStyleParts(parts []string) ([]string, bool) {
	pos, img, typ := "", "", ""
	nones := 0
	for _, p := range parts {
		lower := ascii.Lower(p)
		switch {
		case lower == "none":
			nones++
		case lower == "inside" || lower == "outside":
			if pos != "" {
				return nil, false
			}
			pos = lower
		case strings.HasPrefix(lower, "url(") || strings.Contains(lower, "gradient("):
			v, ok := normalizeValue("list-style-image", p)
			if !ok || img != "" {
				return nil, false
			}
			img = v
		default:
			if cssWideKeywords[lower] || typ != "" {
				return nil, false
			}
			v, ok := normalizeValue("list-style-type", p)
			if !ok {
				return nil, false
			}
			typ = v
		}
	}
	switch {
	case nones > 2, nones == 2 && (img != "" || typ != ""):
		return nil, false
	case nones == 2:
		img, typ = "none", "none"
	case nones == 1 && typ == "":
		typ = "none"
	case nones == 1 && img == "":
		img = "none"
	case nones == 1:
		return nil, false
	}
	out := []string{pos, img, typ}
	for i, v := range out {
		if v == "" {
			out[i] = "initial"
		}
	}
	return out, true
}

// flexParts expands flex: none | [grow shrink? || basis].
// https://drafts.csswg.org/css-flexbox/#flex-property
func flexParts(parts []string) ([]string, bool) {
	if len(parts) == 1 {
		switch ascii.Lower(parts[0]) {
		case "none":
			return []string{"0", "0", "auto"}, true
		case "auto":
			return []string{"1", "1", "auto"}, true
		}
	}
	// The shrink factor follows the grow factor straight away; the basis
	// comes before or after both (Chromium takes flex: 5px 0 0).
	grow, shrink, basis := "", "", ""
	afterGrow := false
	for _, p := range parts {
		if f, unit, ok := splitNumber(p); ok && unit == "" && f >= 0 && (grow == "" || shrink == "" && afterGrow) {
			if grow == "" {
				grow, afterGrow = formatNumber(f), true
			} else {
				shrink, afterGrow = formatNumber(f), false
			}
			continue
		}
		afterGrow = false
		if basis != "" {
			return nil, false
		}
		v, ok := normalizeLength(p)
		if !ok {
			if ascii.EqualFold(p, "content") {
				v = "content"
			} else {
				return nil, false
			}
		}
		basis = v
	}
	if grow == "" {
		grow = "1"
	}
	if shrink == "" {
		shrink = "1"
	}
	if basis == "" {
		basis = "0%"
	}
	return []string{grow, shrink, basis}, true
}

// flexFlowParts expands flex-flow: <flex-direction> || <flex-wrap>, the
// omitted one at its initial value.
// https://drafts.csswg.org/css-flexbox/#flex-flow-property
func flexFlowParts(parts []string) ([]string, bool) {
	if len(parts) < 1 || len(parts) > 2 {
		return nil, false
	}
	dir, wrap := "", ""
	for _, p := range parts {
		k := ascii.Lower(p)
		switch {
		case keywordProps["flex-direction"][k] && dir == "":
			dir = k
		case keywordProps["flex-wrap"][k] && wrap == "":
			wrap = k
		default:
			return nil, false
		}
	}
	if dir == "" {
		dir = "row"
	}
	if wrap == "" {
		wrap = "nowrap"
	}
	return []string{dir, wrap}, true
}

// alignKeywords are the words of the box alignment properties' values;
// safe, unsafe, first, last and legacy join the word after them.
// https://drafts.csswg.org/css-align/#typedef-self-position
var alignKeywords = set("normal stretch baseline start end center flex-start flex-end self-start self-end left right " +
	"space-between space-around space-evenly auto anchor-center")

var alignPrefixes = set("safe unsafe first last")

// legacySides are the keywords justify-items' legacy takes.
var legacySides = set("left right center")

// alignmentProps are the box alignment longhands.
var alignmentProps = set("align-content justify-content align-items justify-items align-self justify-self")

// normalizeAlignment serializes a value of a box alignment longhand that
// its grammar took, as Chromium: first baseline is baseline, legacy comes
// before its side.
// https://drafts.csswg.org/css-align/#baseline-values
func normalizeAlignment(parts []string) string {
	if len(parts) == 2 {
		a, b := ascii.Lower(parts[0]), ascii.Lower(parts[1])
		switch {
		case a == "first" && b == "baseline":
			return "baseline"
		case b == "legacy":
			return "legacy " + a
		}
	}
	return ascii.Lower(joinComponents(parts))
}

// placeParts expands place-items, place-content and place-self: an
// alignment value and an optional justification value, the first
// repeated when the second is left out (but a baseline alignment
// justifies content at start).
// https://drafts.csswg.org/css-align/#place-content
func placeParts(name string, parts []string) ([]string, bool) {
	var vals []string
	for i := 0; i < len(parts); i++ {
		k := ascii.Lower(parts[i])
		// justify-items' legacy, alone or with a side in either order
		// ("right legacy" is "legacy right")
		legacyOK := name == "place-items" && len(vals) == 1
		if legacyOK && k == "legacy" {
			if i+1 < len(parts) && legacySides[ascii.Lower(parts[i+1])] {
				i++
				k += " " + ascii.Lower(parts[i])
			}
		} else if legacyOK && legacySides[k] && i+1 < len(parts) && ascii.EqualFold(parts[i+1], "legacy") {
			i++
			k = "legacy " + k
		} else if alignPrefixes[k] {
			if i+1 == len(parts) || !alignKeywords[ascii.Lower(parts[i+1])] {
				return nil, false
			}
			i++
			if k != "first" { // first baseline is baseline (Chromium)
				k += " " + ascii.Lower(parts[i])
			} else {
				k = ascii.Lower(parts[i])
			}
		} else if !alignKeywords[k] {
			return nil, false
		}
		vals = append(vals, k)
	}
	switch len(vals) {
	case 1:
		j := vals[0]
		if name == "place-content" && strings.HasSuffix(j, "baseline") {
			j = "start"
		}
		return []string{vals[0], j}, true
	case 2:
		return vals, true
	}
	return nil, false
}

var timingKeywords = set("ease linear ease-in ease-out ease-in-out step-start step-end")

// eachCommaLayer calls f with each comma-separated layer of a shorthand's
// components (transition, animation), and reports false when a layer is
// empty or f refuses one.
func eachCommaLayer(parts []string, f func(layer []string) bool) bool {
	start := 0
	for i := 0; i <= len(parts); i++ {
		if i < len(parts) && parts[i] != "," {
			continue
		}
		if i == start || !f(parts[start:i]) {
			return false
		}
		start = i + 1
	}
	return true
}

// transitionParts expands a transition list.
// https://drafts.csswg.org/css-transitions/#transition-shorthand-property
// shorthandTime reads a <time> of a transition or animation: a number
// of s or ms, or a math function of that type (calc(1s)).
func shorthandTime(c string) (string, bool) {
	if f, unit, ok := splitNumber(c); ok {
		return formatNumber(f) + unit, unit == "s" || unit == "ms"
	}
	if ty, ok := mathOf(c); ok && ty == cssvalue.MathTime {
		if v, ok := cssvalue.SimplifyMath(c); ok {
			return v, true
		}
		return c, true
	}
	return "", false
}

func transitionParts(parts []string) ([]string, bool) {
	var prop, dur, timing, delay, behavior []string
	flush := func(layer []string) bool {
		p, d, t, dl, b := "", "", "", "", "normal"
		for _, c := range layer {
			lower := ascii.Lower(c)
			if s, ok := shorthandTime(c); ok {
				if d == "" {
					d = s
				} else if dl == "" {
					dl = s
				} else {
					return false
				}
				continue
			}
			switch {
			case timingKeywords[lower] || strings.HasPrefix(lower, "cubic-bezier(") || strings.HasPrefix(lower, "steps(") || strings.HasPrefix(lower, "linear("):
				if t != "" {
					return false
				}
				v, ok := normalizeComponent("transition", c)
				if !ok {
					return false
				}
				t = easingValue("transition", []string{v})[0]
			case lower == "allow-discrete" || lower == "normal" && b == "normal":
				b = lower
			case isIdent(c) && p == "" && !cssWideKeywords[lower]:
				p = lower
			default:
				return false
			}
		}
		if p == "" {
			p = "all"
		}
		if d == "" {
			d = "0s"
		}
		if t == "" {
			t = "ease"
		}
		if dl == "" {
			dl = "0s"
		}
		prop, dur, timing, delay, behavior = append(prop, p), append(dur, d), append(timing, t), append(delay, dl), append(behavior, b)
		return true
	}
	if !eachCommaLayer(parts, flush) {
		return nil, false
	}
	j := func(l []string) string { return strings.Join(l, ", ") }
	return []string{j(prop), j(dur), j(timing), j(delay), j(behavior)}, true
}

// animationParts classifies the components of an animation shorthand: a
// keyword goes to the first longhand, in the shorthand's order, that
// takes it and is not set yet (none is a fill mode before it is a name);
// the first time is the duration, the second the delay.
// https://drafts.csswg.org/css-animations/#animation
func animationParts(parts []string) ([]string, bool) {
	var cols [8][]string
	flush := func(layer []string) bool {
		v := [8]string{}
		for _, c := range layer {
			lower := ascii.Lower(c)
			if s, ok := shorthandTime(c); ok {
				switch {
				case v[0] == "":
					v[0] = s
				case v[2] == "":
					v[2] = s
				default:
					return false
				}
				continue
			}
			switch {
			case lower == "auto" && v[0] == "":
				v[0] = lower
			case (timingKeywords[lower] || strings.HasPrefix(lower, "cubic-bezier(") || strings.HasPrefix(lower, "steps(") || strings.HasPrefix(lower, "linear(")) && v[1] == "":
				t, ok := normalizeComponent("transition", c)
				if !ok {
					return false
				}
				v[1] = easingValue("animation", []string{t})[0]
			case cssvalue.IsMath(c) && v[3] == "":
				// a calc() number: the iteration count, as written
				// (negative ones clamp to 0 when computed)
				x, ok := cssvalue.Eval(c, nil)
				if !ok || !x.Is(cssvalue.Num) {
					return false
				}
				n, ok := normalizeComponent("animation-iteration-count", c)
				if !ok {
					return false
				}
				v[3] = n
			case (lower == "infinite" || isNumberText(c)) && v[3] == "":
				if f, unit, ok := splitNumber(c); lower != "infinite" && (!ok || unit != "" || f < 0) {
					return false
				}
				v[3] = lower
			case (lower == "normal" || lower == "reverse" || lower == "alternate" || lower == "alternate-reverse") && v[4] == "":
				v[4] = lower
			case (lower == "none" || lower == "forwards" || lower == "backwards" || lower == "both") && v[5] == "":
				v[5] = lower
			case (lower == "running" || lower == "paused") && v[6] == "":
				v[6] = lower
			case v[7] == "" && (isIdent(c) && !cssWideKeywords[lower] && lower != "default" || len(c) > 1 && (c[0] == '"' || c[0] == '\'')):
				v[7] = c
				if lower == "none" {
					v[7] = lower
				}
			default:
				return false
			}
		}
		for i, d := range [8]string{"auto", "ease", "0s", "1", "normal", "none", "running", "none"} {
			if v[i] == "" {
				v[i] = d
			}
			cols[i] = append(cols[i], v[i])
		}
		return true
	}
	if !eachCommaLayer(parts, flush) {
		return nil, false
	}
	out := make([]string, len(cols), len(cols)+len(animationResets))
	for i, c := range cols {
		out[i] = strings.Join(c, ", ")
	}
	return append(out, animationResets[:]...), true
}

// animationResets are the values the animation shorthand gives
// animation-timeline, animation-range-start and animation-range-end
// (once, whatever the number of animations, as Chromium 156 does).
var animationResets = [...]string{"auto", "normal", "normal"}

// isNumberText reports whether c is a plain number.
func isNumberText(c string) bool {
	_, unit, ok := splitNumber(c)
	return ok && unit == ""
}

var (
	repeatKeywords     = set("repeat repeat-x repeat-y no-repeat space round")
	attachmentKeywords = set("scroll fixed local")
	boxKeywords        = set("border-box padding-box content-box")
	positionKeywords   = set("left right top bottom center")
)

// maskLonghands are the mask shorthand's longhands, in the order of
// maskInitial. Chromium has mask-position as a shorthand of
// -webkit-mask-position-x and -y; here it is one longhand.
var maskLonghands = []string{"mask-image", "mask-position", "mask-size", "mask-repeat", "mask-origin", "mask-clip", "mask-composite", "mask-mode"}

var maskInitial = [...]string{"none", "0% 0%", "auto", "repeat", "border-box", "border-box", "add", "match-source"}

var (
	maskBoxKeywords       = set("border-box padding-box content-box fill-box stroke-box view-box")
	maskCompositeKeywords = set("add subtract intersect exclude")
	maskModeKeywords      = set("alpha luminance match-source")
)

// maskLayers expands a mask shorthand: each comma-separated layer's
// image, position / size, repeat, origin and clip boxes, compositing
// operator and mode, in any order; what a layer leaves out takes its
// initial value. Each longhand lists the layers' values.
// https://drafts.fxtf.org/css-masking/#the-mask
func maskLayers(parts []string) ([]string, bool) {
	layers := make([][]string, len(maskLonghands))
	for start := 0; start <= len(parts); {
		end := start
		for end < len(parts) && parts[end] != "," {
			end++
		}
		layer, ok := maskLayer(parts[start:end])
		if !ok {
			return nil, false
		}
		for i, v := range layer {
			layers[i] = append(layers[i], v)
		}
		start = end + 1
	}
	out := make([]string, len(maskLonghands))
	for i, l := range layers {
		out[i] = strings.Join(l, ", ")
	}
	return out, true
}

// maskLayer expands one <mask-layer>.
func maskLayer(parts []string) ([]string, bool) {
	const (
		image = iota
		position
		size
		repeat
		origin
		clip
		composite
		mode
	)
	if len(parts) == 0 {
		return nil, false
	}
	out := maskInitial
	var set [8]bool
	var pos, sz, rep, boxes []string
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		lower := ascii.Lower(p)
		switch {
		case p == "/":
			if len(pos) == 0 || len(sz) > 0 || !maskPositionPart(parts[i-1]) {
				return nil, false
			}
			for i+1 < len(parts) && len(sz) < 2 {
				n := ascii.Lower(parts[i+1])
				if n == "cover" || n == "contain" {
					if len(sz) > 0 {
						return nil, false
					}
					sz = append(sz, n)
				} else if v, ok := normalizeLength(parts[i+1]); ok && (v == "auto" || !lengthKeywords[v]) {
					sz = append(sz, v)
				} else {
					break
				}
				i++
			}
			if len(sz) == 0 {
				return nil, false
			}
		case lower == "none" || strings.Contains(lower, "gradient(") || strings.HasPrefix(lower, "url(") || strings.HasPrefix(lower, "image-set("):
			if set[image] {
				return nil, false
			}
			v, ok := normalizeComponent("mask-image", p)
			if !ok {
				return nil, false
			}
			out[image], set[image] = v, true
		case repeatKeywords[lower]:
			if len(rep) == 2 || len(rep) == 1 && (i == 0 || !repeatKeywords[ascii.Lower(parts[i-1])]) {
				return nil, false
			}
			rep = append(rep, lower)
		case maskBoxKeywords[lower]:
			if len(boxes) == 2 || set[clip] {
				return nil, false
			}
			boxes = append(boxes, lower)
		case lower == "no-clip":
			// the clip only: the origin stays or is the box before it
			if len(boxes) == 2 || set[clip] {
				return nil, false
			}
			out[clip], set[clip] = lower, true
		case maskCompositeKeywords[lower]:
			if set[composite] {
				return nil, false
			}
			out[composite], set[composite] = lower, true
		case maskModeKeywords[lower]:
			if set[mode] {
				return nil, false
			}
			out[mode], set[mode] = lower, true
		case positionKeywords[lower]:
			pos = append(pos, lower)
		default:
			if v, ok := normalizeLength(p); ok && !lengthKeywords[v] {
				pos = append(pos, v)
				continue
			}
			return nil, false
		}
	}
	if len(pos) > 0 {
		x, y, ok := positionParts(pos)
		if !ok {
			return nil, false
		}
		out[position] = x + " " + y
	}
	if len(sz) > 0 {
		out[size] = strings.Join(bgSizeLayers(sz), " ")
	}
	if len(rep) > 0 {
		out[repeat] = strings.Join(rep, " ")
	}
	switch {
	case len(boxes) == 1 && set[clip]:
		out[origin] = boxes[0]
	case len(boxes) == 1:
		out[origin], out[clip] = boxes[0], boxes[0]
	case len(boxes) == 2:
		out[origin], out[clip] = boxes[0], boxes[1]
	}
	return out[:], true
}

// maskPositionPart tells whether p can be a component of a position:
// the size after a "/" follows one.
func maskPositionPart(p string) bool {
	if positionKeywords[ascii.Lower(p)] {
		return true
	}
	v, ok := normalizeLength(p)
	return ok && !lengthKeywords[v]
}

// serializeMask writes the mask shorthand from its longhands as Chromium
// does: each layer's values that differ from their initial ones (the
// position when a size follows it, the clip box when it is not the
// origin's), none for a layer of nothing but initial values.
func serializeMask(vals []string) (string, bool) {
	layers, ok := commaLayers(vals)
	if !ok {
		return "", false
	}
	out := make([]string, len(layers[0]))
	for n := range out {
		v := make([]string, len(vals))
		for i := range vals {
			v[i] = strings.TrimSpace(layers[i][n])
		}
		var b []string
		if v[0] != maskInitial[0] {
			b = append(b, v[0])
		}
		if v[1] != maskInitial[1] || v[2] != maskInitial[2] {
			b = append(b, v[1])
			if v[2] != maskInitial[2] {
				b = append(b, "/", v[2])
			}
		}
		if v[3] != maskInitial[3] {
			b = append(b, v[3])
		}
		if v[4] == maskInitial[4] && v[5] == "no-clip" {
			b = append(b, v[5])
		} else if v[4] != v[5] {
			b = append(b, v[4], v[5])
		} else if v[4] != maskInitial[4] {
			b = append(b, v[4])
		}
		for i := 6; i < 8; i++ {
			if v[i] != maskInitial[i] {
				b = append(b, v[i])
			}
		}
		if len(b) == 0 {
			b = append(b, "none")
		}
		out[n] = strings.Join(b, " ")
	}
	return strings.Join(out, ", "), true
}

// backgroundLayers expands a background of one or more comma-separated
// layers: each longhand lists the layers' values, and only the last layer
// may give background-color.
// https://drafts.csswg.org/css-backgrounds/#background
func backgroundLayers(parts []string) ([]string, bool) {
	if !slices.Contains(parts, ",") {
		return backgroundParts(parts, true)
	}
	var layers [][]string
	for start := 0; start <= len(parts); {
		end := start
		for end < len(parts) && parts[end] != "," {
			end++
		}
		if end == start {
			return nil, false // an empty layer
		}
		layer, ok := backgroundParts(parts[start:end], end == len(parts))
		if !ok {
			return nil, false
		}
		layers = append(layers, layer)
		start = end + 1
	}
	out := make([]string, len(layers[0]))
	vals := make([]string, len(layers))
	for i := range out {
		for n, l := range layers {
			vals[n] = l[i]
		}
		out[i] = strings.Join(vals, ", ")
	}
	out[bgColorAt] = layers[len(layers)-1][bgColorAt]
	return out, true
}

// badLayers reports whether a background value of several layers is
// invalid whatever the syntax of its images: a layer is empty, a
// CSS-wide keyword stands among the layers, or a layer other than the
// last gives a color. A background value of a syntax this package does
// not parse is kept whole (the shorthand is lenient); these are dropped,
// as in Chromium.
func badLayers(value string) bool {
	parts := splitComponents(value)
	if !slices.Contains(parts, ",") {
		return false
	}
	for start := 0; start <= len(parts); {
		end := start
		for end < len(parts) && parts[end] != "," {
			end++
		}
		if end == start {
			return true
		}
		for _, p := range parts[start:end] {
			if cssWideKeywords[ascii.Lower(p)] {
				return true
			}
		}
		if end < len(parts) {
			if _, ok := backgroundParts(parts[start:end], false); !ok {
				if _, ok := backgroundParts(parts[start:end], true); ok {
					return true // a color before the last layer
				}
			}
		}
		start = end + 1
	}
	return false
}

// bgColorAt is the index of background-color in background's longhands.
const bgColorAt = 8

// backgroundParts expands one background layer, which may give a color
// when it is the last one.
func backgroundParts(parts []string, final bool) ([]string, bool) {
	const (
		image = iota
		posX
		posY
		size
		repeat
		attachment
		origin
		clip
		color
	)
	out := []string{"initial", "initial", "initial", "initial", "initial", "initial", "initial", "initial", "initial"}
	var pos, sz, rep []string
	inSize := false
	for _, p := range parts {
		lower := ascii.Lower(p)
		if p == "," {
			return nil, false
		}
		if p == "/" {
			if len(pos) == 0 || inSize {
				return nil, false
			}
			inSize = true
			continue
		}
		if inSize {
			if lower == "cover" || lower == "contain" {
				sz = append(sz, lower)
				continue
			}
			if v, ok := normalizeLength(p); ok && len(sz) < 2 {
				sz = append(sz, v)
				continue
			}
			inSize = false
			if len(sz) == 0 {
				return nil, false
			}
		}
		switch {
		case lower == "none" || strings.HasSuffix(lower, "gradient(") || strings.Contains(lower, "gradient(") || strings.HasPrefix(lower, "url(") || strings.HasPrefix(lower, "image-set("):
			if out[image] != "initial" {
				return nil, false
			}
			v, ok := normalizeComponent("background-image", p)
			if !ok {
				return nil, false
			}
			out[image] = v
		case repeatKeywords[lower]:
			if len(rep) == 2 {
				return nil, false
			}
			rep = append(rep, lower)
		case attachmentKeywords[lower]:
			out[attachment] = lower
		case boxKeywords[lower]:
			if out[origin] == "initial" {
				out[origin] = lower
			} else {
				out[clip] = lower
			}
		case positionKeywords[lower]:
			pos = append(pos, lower)
		default:
			if v, ok := normalizeLength(p); ok && !lengthKeywords[v] {
				pos = append(pos, v)
				continue
			}
			if v, ok := normalizeColor(p); ok && final && out[color] == "initial" && !cssWideKeywords[v] {
				out[color] = v
				continue
			}
			return nil, false
		}
	}
	if inSize && len(sz) == 0 {
		return nil, false
	}
	if len(pos) > 0 {
		x, y, ok := positionParts(pos)
		if !ok {
			return nil, false
		}
		out[posX], out[posY] = x, y
	}
	if len(sz) > 0 {
		out[size] = strings.Join(bgSizeLayers(sz), " ")
	}
	if len(rep) > 0 {
		out[repeat] = strings.Join(rep, " ")
	}
	if out[origin] != "initial" && out[clip] == "initial" {
		out[clip] = out[origin]
	}
	return out, true
}

// positionLayers expands background-position: each comma-separated
// <bg-position> of one to four components into its x and y parts, which
// keep their keywords and offsets as written ("right 10px", "center").
// https://drafts.csswg.org/css-backgrounds/#background-position
func positionLayers(parts []string) ([]string, bool) {
	var xs, ys []string
	start := 0
	for i := 0; i <= len(parts); i++ {
		if i < len(parts) && parts[i] != "," {
			continue
		}
		x, y, ok := positionParts(parts[start:i])
		if !ok {
			return nil, false
		}
		xs, ys = append(xs, x), append(ys, y)
		start = i + 1
	}
	return []string{strings.Join(xs, ", "), strings.Join(ys, ", ")}, true
}

// positionParts splits one <bg-position> into its x and y parts.
func positionParts(parts []string) (x, y string, ok bool) {
	if len(parts) == 0 || len(parts) > 4 {
		return "", "", false
	}
	type comp struct {
		kw, off string // a keyword and its offset, or an offset alone
	}
	var cs []comp
	for i := 0; i < len(parts); i++ {
		lower := ascii.Lower(parts[i])
		if positionKeywords[lower] {
			c := comp{kw: lower}
			if lower != "center" && len(parts) > 2 && i+1 < len(parts) {
				if v, ok := normalizeLength(parts[i+1]); ok && !lengthKeywords[v] {
					c.off = v
					i++
				}
			}
			cs = append(cs, c)
			continue
		}
		v, ok := normalizeLength(parts[i])
		if !ok || lengthKeywords[v] {
			return "", "", false
		}
		cs = append(cs, comp{off: v})
	}
	str := func(c comp) string {
		switch {
		case c.kw == "":
			return c.off
		case c.off == "":
			return c.kw
		}
		return c.kw + " " + c.off
	}
	isY := func(c comp) bool { return c.kw == "top" || c.kw == "bottom" }
	isX := func(c comp) bool { return c.kw == "left" || c.kw == "right" }
	switch len(cs) {
	case 1:
		if isY(cs[0]) {
			return "center", str(cs[0]), true
		}
		return str(cs[0]), "center", true
	case 2:
		a, b := cs[0], cs[1]
		if len(parts) == 2 && (isY(a) && b.kw == "" || isX(b) && a.kw == "") {
			return "", "", false // a length is never paired with a keyword of its own axis
		}
		if isY(a) || isX(b) {
			a, b = b, a
		}
		if isY(a) || isX(b) {
			return "", "", false
		}
		if len(parts) > 2 && (a.kw == "" || b.kw == "") {
			return "", "", false // three or four components take keywords only
		}
		return str(a), str(b), true
	}
	return "", "", false
}

var (
	fontStyles   = set("italic oblique")
	fontVariants = set("small-caps")
	fontWeights  = set("bold bolder lighter")
	fontStretch  = set("ultra-condensed extra-condensed condensed semi-condensed semi-expanded expanded extra-expanded ultra-expanded")
	fontSizes    = set("xx-small x-small small medium large x-large xx-large xxx-large smaller larger")
)

// fontParts expands the font shorthand (system fonts are not known here).
// https://drafts.csswg.org/css-fonts/#font-prop
func fontParts(value string, parts []string) ([]string, bool) {
	out := []string{"normal", "normal", "normal", "normal", "", "normal", ""}
	i := 0
	for ; i < len(parts); i++ {
		lower := ascii.Lower(parts[i])
		switch {
		case lower == "normal":
		case fontStyles[lower]:
			out[0] = lower
		case fontVariants[lower]:
			out[1] = lower
		case fontWeights[lower]:
			out[2] = lower
		case fontStretch[lower]:
			out[3] = lower
		default:
			if f, unit, ok := splitNumber(parts[i]); ok && unit == "" && f >= 1 && f <= 1000 {
				out[2] = formatNumber(f)
				continue
			}
			goto size
		}
	}
size:
	if i >= len(parts) {
		return nil, false
	}
	lower := ascii.Lower(parts[i])
	if fontSizes[lower] {
		out[4] = lower
	} else if v, ok := normalizeLength(parts[i]); ok && !lengthKeywords[v] {
		out[4] = v
	} else {
		return nil, false
	}
	i++
	if i < len(parts) && parts[i] == "/" {
		if i+1 >= len(parts) {
			return nil, false
		}
		lh := parts[i+1]
		if f, unit, ok := splitNumber(lh); ok && unit == "" {
			out[5] = formatNumber(f)
		} else if v, ok := normalizeLength(lh); ok {
			out[5] = v
		} else {
			return nil, false
		}
		i += 2
	}
	if i >= len(parts) {
		return nil, false
	}
	for _, p := range parts[i:] {
		if p == "/" {
			return nil, false
		}
	}
	out[6] = joinComponents(normalizeFamilies(parts[i:]))
	// the other longhands the shorthand resets
	full := make([]string, len(fontLonghands))
	for i, l := range fontLonghands {
		full[i] = fontInitial[l]
	}
	for i, l := range [...]int{fontStyleAt, fontVariantCapsAt, fontWeightAt, fontStretchAt, fontSizeAt, lineHeightAt, fontFamilyAt} {
		full[l] = out[i]
	}
	return full, true
}

// The longhands of font, in the order Chromium declares them for a value
// it parses, and for a CSS-wide keyword or a value pending var()
// substitution (font: inherit).
// https://drafts.csswg.org/css-fonts/#font-prop
var (
	fontLonghands = []string{"font-style", "font-variant-caps", "font-variant-ligatures", "font-variant-numeric",
		"font-variant-east-asian", "font-variant-alternates", "font-size-adjust", "font-language-override", "font-kerning",
		"font-optical-sizing", "font-feature-settings", "font-variation-settings", "font-variant-position",
		"font-variant-emoji", "font-weight", "font-stretch", "font-size", "line-height", "font-family"}
	fontKeywordOrder = []string{"font-style", "font-variant-ligatures", "font-variant-caps", "font-variant-numeric",
		"font-variant-east-asian", "font-variant-alternates", "font-variant-position", "font-variant-emoji", "font-weight",
		"font-stretch", "font-size", "line-height", "font-family", "font-optical-sizing", "font-size-adjust", "font-kerning",
		"font-feature-settings", "font-variation-settings", "font-language-override"}
)

// Indexes into fontLonghands of the parts the font shorthand can write.
const (
	fontStyleAt       = 0
	fontVariantCapsAt = 1
	fontWeightAt      = 14
	fontStretchAt     = 15
	fontSizeAt        = 16
	lineHeightAt      = 17
	fontFamilyAt      = 18
)

// fontInitial are the values the font shorthand gives the longhands it
// resets without setting (and font-variant those of its own).
var fontInitial = map[string]string{"font-style": "normal", "font-variant-caps": "normal", "font-variant-ligatures": "normal",
	"font-variant-numeric": "normal", "font-variant-east-asian": "normal", "font-variant-alternates": "normal",
	"font-size-adjust": "none", "font-language-override": "normal", "font-kerning": "auto", "font-optical-sizing": "auto",
	"font-feature-settings": "normal", "font-variation-settings": "normal", "font-variant-position": "normal",
	"font-variant-emoji": "normal", "font-weight": "normal", "font-stretch": "normal", "line-height": "normal"}

// The longhands of font-variant, in the order Chromium declares them for
// a value it parses, for normal and none, and for a CSS-wide keyword.
// https://drafts.csswg.org/css-fonts/#font-variant-prop
var (
	fontVariantLonghands = []string{"font-variant-ligatures", "font-variant-numeric", "font-variant-east-asian",
		"font-variant-caps", "font-variant-alternates", "font-variant-position", "font-variant-emoji"}
	fontVariantPlainOrder = []string{"font-variant-ligatures", "font-variant-caps", "font-variant-numeric",
		"font-variant-east-asian", "font-variant-alternates", "font-variant-position", "font-variant-emoji"}
	fontVariantKeywordOrder = []string{"font-variant-ligatures", "font-variant-caps", "font-variant-alternates",
		"font-variant-numeric", "font-variant-east-asian", "font-variant-position", "font-variant-emoji"}
)

// fontVariantKeywords are the keywords of each longhand of font-variant,
// indexed like fontVariantLonghands.
var fontVariantKeywords = [...]map[string]bool{
	set("common-ligatures no-common-ligatures discretionary-ligatures no-discretionary-ligatures historical-ligatures no-historical-ligatures contextual no-contextual"),
	set("lining-nums oldstyle-nums proportional-nums tabular-nums diagonal-fractions stacked-fractions ordinal slashed-zero"),
	set("jis78 jis83 jis90 jis04 simplified traditional full-width proportional-width ruby"),
	set("small-caps all-small-caps petite-caps all-petite-caps unicase titling-caps"),
	set("historical-forms"),
	set("sub super"),
	set("text emoji unicode"),
}

// fontVariantParts expands font-variant: normal, none (no ligatures), or
// keywords of its longhands, the others normal.
func fontVariantParts(parts []string) ([]string, bool) {
	out := make([]string, len(fontVariantLonghands))
	for i := range out {
		out[i] = "normal"
	}
	if len(parts) == 1 {
		switch lower := ascii.Lower(parts[0]); lower {
		case "normal":
			return out, true
		case "none":
			out[0] = "none"
			return out, true
		}
	}
	var words [len(fontVariantKeywords)][]string
	for _, p := range parts {
		lower := ascii.Lower(p)
		found := false
		for i, kw := range fontVariantKeywords {
			if kw[lower] && !slices.Contains(words[i], lower) {
				if i >= 3 && len(words[i]) > 0 { // caps, alternates, position, emoji take one
					return nil, false
				}
				words[i], found = append(words[i], lower), true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	for i, w := range words {
		if len(w) > 0 {
			out[i] = strings.Join(w, " ")
		}
	}
	return out, true
}

// serializeFontVariant writes font-variant from its longhands' values (in
// fontVariantLonghands order): normal, none, or the values that are not
// normal in the shorthand's own order.
func serializeFontVariant(vals []string) (string, bool) {
	var b []string
	for _, name := range fontVariantKeywordOrder {
		v := vals[slices.Index(fontVariantLonghands, name)]
		if v != "normal" {
			b = append(b, v)
		}
	}
	switch {
	case len(b) == 0:
		return "normal", true
	case vals[0] == "none" && len(b) > 1:
		return "", false // none cannot stand with other values
	}
	return strings.Join(b, " "), true
}

// serializeFont writes font from its longhands' values (in fontLonghands
// order), or ok=false when one it cannot write is not at its initial value
// (font-kerning: none, a font-stretch percentage without a keyword).
// https://drafts.csswg.org/cssom/#serialize-a-css-value
func serializeFont(vals []string) (string, bool) {
	for i, l := range fontLonghands {
		switch i {
		case fontStyleAt, fontVariantCapsAt, fontWeightAt, fontStretchAt, fontSizeAt, lineHeightAt, fontFamilyAt:
			continue
		}
		if vals[i] != fontInitial[l] {
			return "", false
		}
	}
	var b []string
	if v := vals[fontStyleAt]; v != "normal" {
		b = append(b, v)
	}
	switch v := vals[fontVariantCapsAt]; v {
	case "normal":
	case "small-caps":
		b = append(b, v)
	default:
		return "", false
	}
	if v := vals[fontWeightAt]; v != "normal" {
		b = append(b, v)
	}
	if v := vals[fontStretchAt]; v != "normal" {
		if !fontStretch[v] {
			k, ok := stretchKeyword(v)
			if !ok {
				return "", false
			}
			v = k
		}
		if v != "normal" {
			b = append(b, v)
		}
	}
	size := vals[fontSizeAt]
	if vals[lineHeightAt] != "normal" {
		size += " / " + vals[lineHeightAt]
	}
	return strings.Join(append(b, size, vals[fontFamilyAt]), " "), true
}

// stretchKeyword is the font-stretch keyword of a percentage, the only
// form the font shorthand takes.
func stretchKeyword(pct string) (string, bool) {
	for k, p := range fontStretchKeywords {
		if p == pct {
			return k, true
		}
	}
	return "", false
}

// The longhands of border-image and their initial values.
// https://drafts.csswg.org/css-backgrounds/#border-image
var (
	borderImageLonghands = []string{"border-image-source", "border-image-slice", "border-image-width", "border-image-outset", "border-image-repeat"}
	borderImageInitial   = [5]string{"none", "100%", "1", "0", "stretch"}
)

// borderImageParts expands border-image: <source> || <slice> [/ <width>?
// [/ <outset>]?]? || <repeat>.
func borderImageParts(parts []string) ([]string, bool) {
	out := borderImageInitial
	var set [5]bool
	for i := 0; i < len(parts); {
		p := parts[i]
		lower := ascii.Lower(p)
		switch {
		case !set[0] && (lower == "none" || strings.HasSuffix(lower, ")") && (strings.HasPrefix(lower, "url(") || strings.Contains(lower, "gradient(") || strings.Contains(lower, "image-set("))):
			v, ok := normalizeValue("border-image-source", p)
			if !ok {
				return nil, false
			}
			out[0], set[0] = v, true
			i++
		case !set[4] && (lower == "stretch" || lower == "repeat" || lower == "round" || lower == "space"):
			rep := []string{lower}
			if i+1 < len(parts) {
				switch next := ascii.Lower(parts[i+1]); next {
				case "stretch", "repeat", "round", "space":
					rep = append(rep, next)
				}
			}
			out[4], set[4] = strings.Join(rep, " "), true
			i += len(rep)
		case !set[1] && (lower == "fill" || isSliceNumber(p)):
			var slice []string
			fill := false
			for i < len(parts) {
				if ascii.EqualFold(parts[i], "fill") && !fill {
					fill = true
				} else if isSliceNumber(parts[i]) && len(slice) < 4 {
					v, _ := normalizeValue("border-image-slice", parts[i])
					slice = append(slice, v)
				} else {
					break
				}
				i++
			}
			if len(slice) == 0 {
				return nil, false
			}
			if fill {
				slice = append(slice, "fill")
			}
			out[1], set[1] = strings.Join(slice, " "), true
			// [/ width? [/ outset]?]?
			for k := 2; k <= 3 && i < len(parts) && parts[i] == "/"; k++ {
				i++
				var vals []string
				for i < len(parts) && parts[i] != "/" && len(vals) < 4 {
					lower := ascii.Lower(parts[i])
					v, ok := normalizeLength(parts[i])
					switch {
					case k == 2 && lower == "auto":
						v = lower
					case isNumberText(parts[i]):
						v = formatNumber(mustNumber(parts[i]))
					case !ok || lengthKeywords[v] || k == 3 && strings.HasSuffix(v, "%"):
						v = ""
					}
					if v == "" {
						break
					}
					vals = append(vals, v)
					i++
				}
				if len(vals) == 0 && !(k == 2 && i < len(parts) && parts[i] == "/") {
					return nil, false
				}
				if len(vals) > 0 {
					out[k], set[k] = strings.Join(vals, " "), true
				}
			}
		default:
			return nil, false
		}
	}
	return out[:], true
}

// isSliceNumber tells whether p is a border-image-slice value: a
// non-negative number or percentage.
func isSliceNumber(p string) bool {
	f, unit, ok := splitNumber(p)
	return ok && f >= 0 && (unit == "" || unit == "%")
}

func mustNumber(p string) float64 {
	f, _, _ := splitNumber(p)
	return f
}

// serializeBorderImage writes border-image from its longhands: none when
// all are initial, else every part (Chromium).
func serializeBorderImage(vals []string) string {
	if [5]string(vals) == borderImageInitial {
		return "none"
	}
	return vals[0] + " " + vals[1] + " / " + vals[2] + " / " + vals[3] + " " + vals[4]
}

// firstRun is the shorthand of the first run of a shorthand of runs
// alike (cssShorthand.group).
func (sh *cssShorthand) firstRun() *cssShorthand {
	run := *sh
	run.longhands, run.group, run.keywordOrder = sh.longhands[:sh.group], 0, nil
	return &run
}

// serialize returns the shorthand's value from its longhands' values, or
// ok=false when they cannot be written as this shorthand.
// https://drafts.csswg.org/cssom/#serialize-a-css-value
func (sh *cssShorthand) serialize(vals []string) (string, bool) {
	if sh.group > 0 {
		for i, v := range vals {
			if v != vals[i%sh.group] {
				return "", false // the runs differ
			}
		}
		return sh.firstRun().serialize(vals[:sh.group])
	}
	same := true
	for _, v := range vals {
		if v != vals[0] {
			same = false
		}
	}
	if cssWideKeywords[vals[0]] && same {
		return vals[0], true
	}
	for _, v := range vals {
		if cssWideKeywords[v] && !(v == "initial" && int(sh.kind) < len(omittedInitialKinds) && omittedInitialKinds[sh.kind]) {
			return "", false
		}
	}
	switch sh.kind {
	case shBox:
		if sh.name == "border-radius" {
			return serializeRadius(vals), true
		}
		return boxValue(vals), true
	case shPair:
		if vals[0] == vals[1] {
			return vals[0], true
		}
		return vals[0] + " " + vals[1], true
	case shBorderSide:
		if sh.name == "outline" {
			return joinOutline(vals[2], vals[1], vals[0]), true
		}
		return joinBorder(vals[0], vals[1], vals[2])
	case shBorderPair:
		if vals[0] != vals[1] || vals[2] != vals[3] || vals[4] != vals[5] {
			return "", false
		}
		return joinBorder(vals[0], vals[2], vals[4])
	case shBorder:
		for i := 1; i < 4; i++ {
			if vals[i] != vals[0] || vals[4+i] != vals[4] || vals[8+i] != vals[8] {
				return "", false
			}
		}
		if [5]string(vals[12:]) != borderImageInitial {
			return "", false // border can only reset border-image
		}
		return joinBorder(vals[0], vals[4], vals[8])
	case shFlex:
		return vals[0] + " " + vals[1] + " " + vals[2], true
	case shGridTemplate:
		return serializeGridTemplate(vals)
	case shGridLine, shGridArea:
		return serializeGridLines(vals), true
	case shColumns:
		return serializeColumns(vals)
	case shColumnRule:
		return serializeColumnRule(vals, false)
	case shRuleInset:
		return serializeRuleInset(vals), true
	case shOffset:
		return serializeOffset(vals), true
	case shTextWrap:
		return serializeTextWrap(vals), true
	case shWhiteSpace:
		return composeWhiteSpace(vals[0], vals[1])
	case shPageBreak:
		return serializePageBreak(sh.longhands[0] == "break-inside", vals[0])
	case shGrid:
		return serializeGrid(vals)
	case shContainIntrinsic:
		if vals[0] == vals[1] {
			return vals[0], true
		}
		return vals[0] + " " + vals[1], true
	case shFontSynthesis:
		return serializeFontSynthesis(vals), true
	case shTimeline:
		return serializeTimeline(vals)
	case shAnimationRange:
		return serializeAnimationRange(vals)
	case shTextBox:
		return serializeTextBox(vals), true
	case shPositionTry:
		return serializePositionTry(vals), true
	case shSame:
		for _, v := range vals[1:] {
			if v != vals[0] {
				return "", false
			}
		}
		return vals[0], true
	case shStyleColor:
		return joinPresent(vals...), true
	case shFlexFlow:
		// The parts not at their initial values, row when both are
		// (Chromium: row wrap reads back as wrap, column nowrap as column).
		switch {
		case vals[1] == "nowrap":
			return vals[0], true
		case vals[0] == "row":
			return vals[1], true
		}
		return vals[0] + " " + vals[1], true
	case shPlace:
		if vals[0] == vals[1] {
			return vals[0], true
		}
		return vals[0] + " " + vals[1], true
	case shListStyle:
		// The parts given, in the longhands' order (Chromium).
		var b []string
		for _, v := range vals {
			if v != "initial" {
				b = append(b, v)
			}
		}
		if len(b) == 0 {
			return "initial", true
		}
		return strings.Join(b, " "), true
	case shTextDecoration:
		// The parts that are not initial, or none (Chromium: an explicit
		// auto, solid or currentcolor is left out too).
		var b []string
		for i, v := range vals {
			if v != "initial" && v != textDecorationInitial[i] {
				b = append(b, v)
			}
		}
		if len(b) == 0 {
			return "none", true
		}
		return strings.Join(b, " "), true
	case shFont:
		return serializeFont(vals)
	case shFontVariant:
		return serializeFontVariant(vals)
	case shBorderImage:
		return serializeBorderImage(vals), true
	case shPosition:
		xs, ys := splitTopLevelCommas(vals[0]), splitTopLevelCommas(vals[1])
		if len(xs) != len(ys) {
			return "", false
		}
		out := make([]string, 0, len(xs))
		for i := range xs {
			if len(xs) > 1 && xs[i] == "initial" && ys[i] == "initial" {
				continue // a layer a background shorthand left out (Chromium)
			}
			out = append(out, xs[i]+" "+ys[i])
		}
		return strings.Join(out, ", "), len(out) > 0
	case shMask:
		return serializeMask(vals)
	case shContainer:
		if vals[1] == "normal" {
			return vals[0], true
		}
		return vals[0] + " / " + vals[1], true
	case shBackground:
		return serializeBackground(vals)
	case shAnimation:
		// Chromium writes every longhand of each animation, while the
		// timeline and ranges are those it resets.
		n := len(vals) - len(animationResets)
		for i, v := range vals[n:] {
			for _, l := range splitTopLevelCommas(v) {
				if strings.TrimSpace(l) != animationResets[i] {
					return "", false
				}
			}
		}
		vals = vals[:n]
		layers, ok := commaLayers(vals)
		if !ok {
			return "", false
		}
		out := make([]string, len(layers[0]))
		for n := range out {
			b := make([]string, len(layers))
			for i := range layers {
				b[i] = layers[i][n]
			}
			out[n] = strings.Join(b, " ")
		}
		return strings.Join(out, ", "), true
	case shTransition:
		layers, ok := commaLayers(vals)
		if !ok {
			return "", false
		}
		out := make([]string, len(layers[0]))
		for n := range out {
			p, d, t, dl, bh := layers[0][n], layers[1][n], layers[2][n], layers[3][n], layers[4][n]
			var b []string
			if p != "all" {
				b = append(b, p)
			}
			// Chromium leaves out a zero duration and a zero delay in
			// any unit, even a duration before a delay it writes
			// (opacity 0ms 1s reads back as opacity 1s).
			if !zeroTime(d) {
				b = append(b, d)
			}
			if t != "ease" {
				b = append(b, t)
			}
			if !zeroTime(dl) {
				b = append(b, dl)
			}
			if bh != "normal" {
				b = append(b, bh)
			}
			if len(b) == 0 {
				b = append(b, "all")
			}
			out[n] = strings.Join(b, " ")
		}
		return strings.Join(out, ", "), true
	}
	return "", false
}

// serializeBackground writes background from its longhands' values (in
// the shorthand's longhand order) as Chromium does: each layer's parts
// that are not implicitly initial (nor missing from a longhand of fewer
// layers), the position when a size follows it, the color with the last
// layer.
func serializeBackground(vals []string) (string, bool) {
	var layers [bgColorAt][]string
	n := 0
	for i := range layers {
		layers[i] = splitTopLevelCommas(vals[i])
		n = max(n, len(layers[i]))
	}
	out := make([]string, n)
	for l := range out {
		var b []string
		v := func(i int) string {
			if l < len(layers[i]) {
				return layers[i][l]
			}
			return "initial" // a longhand of fewer layers
		}
		if v(0) != "initial" {
			b = append(b, v(0))
		}
		if v(1) != "initial" || v(3) != "initial" {
			x, y := v(1), v(2)
			if x == "initial" {
				x, y = "0%", "0%"
			}
			b = append(b, x, y)
			if v(3) != "initial" {
				b = append(b, "/", v(3))
			}
		}
		for i := 4; i < bgColorAt; i++ {
			if v(i) != "initial" {
				b = append(b, v(i))
			}
		}
		if l == n-1 && vals[bgColorAt] != "initial" {
			b = append(b, vals[bgColorAt])
		}
		if len(b) == 0 {
			if n > 1 {
				return "", false
			}
			return "initial", true
		}
		out[l] = strings.Join(b, " ")
	}
	return strings.Join(out, ", "), true
}

// zeroTime tells whether a time value is zero (0s, 0ms).
func zeroTime(v string) bool {
	f, unit, ok := splitNumber(v)
	return ok && f == 0 && (unit == "s" || unit == "ms")
}

// joinBorder writes a border's width, style and color as Chromium does,
// leaving out those at their initial values (border: solid sets medium
// and currentcolor and reads back as solid).
// When all three are, Chromium writes no shorthand (border: none reads
// back as border-width: medium; border-style: none; ...): ok is false.
func joinBorder(w, s, c string) (string, bool) {
	if w == "medium" {
		w = "initial"
	}
	if s == "none" {
		s = "initial"
	}
	if c == "currentcolor" {
		c = "initial"
	}
	v := joinPresent(w, s, c)
	return v, v != "initial"
}

// joinOutline writes an outline as Chromium 156 does: color, style, then
// width, each left out only when the shorthand omitted it (an explicit
// none, medium or currentcolor is kept: outline: none stays none).
func joinOutline(w, s, c string) string {
	return joinPresent(c, s, w)
}

// joinPresent joins the values that are not the implicit "initial".
func joinPresent(vals ...string) string {
	var b []string
	for _, v := range vals {
		if v != "initial" {
			b = append(b, v)
		}
	}
	if len(b) == 0 {
		return "initial"
	}
	return strings.Join(b, " ")
}

// commaLayers splits each longhand value of a shorthand of comma-separated
// layers into its layers (a comma inside a function, as in
// cubic-bezier(0.4, 0, 0.2, 1), separates none); ok is false when the
// longhands do not have as many layers each.
func commaLayers(vals []string) (layers [][]string, ok bool) {
	layers = make([][]string, len(vals))
	for i, v := range vals {
		layers[i] = splitTopLevelCommas(v)
		if len(layers[i]) != len(layers[0]) {
			return nil, false
		}
	}
	return layers, true
}

// boxValue writes four values, top right bottom left, as short as the box
// rule reads them back (1px 2px for 1px 2px 1px 2px).
func boxValue(vals []string) string {
	t, r, b, l := vals[0], vals[1], vals[2], vals[3]
	switch {
	case t == r && t == b && t == l:
		return t
	case t == b && r == l:
		return t + " " + r
	case r == l:
		return t + " " + r + " " + b
	}
	return t + " " + r + " " + b + " " + l
}

// boxExpand gives the four sides of one to four box values.
func boxExpand(p []string) []string {
	switch len(p) {
	case 1:
		return []string{p[0], p[0], p[0], p[0]}
	case 2:
		return []string{p[0], p[1], p[0], p[1]}
	case 3:
		return []string{p[0], p[1], p[2], p[1]}
	}
	return p
}

// expandRadius sets the four corners from border-radius: one to four
// horizontal radii, optionally a slash and one to four vertical ones, each
// corner's pair written as one value when its radii are equal (2px 0 / 3px
// gives the top left corner 2px 3px), as Chromium does.
// https://drafts.csswg.org/css-backgrounds/#border-radius
func expandRadius(parts []string) ([]string, bool) {
	h := parts
	var v []string
	if i := slices.Index(parts, "/"); i >= 0 {
		h, v = parts[:i], parts[i+1:]
		if len(v) < 1 || len(v) > 4 {
			return nil, false
		}
	}
	if len(h) < 1 || len(h) > 4 {
		return nil, false
	}
	h = boxExpand(slices.Clone(h))
	if v == nil {
		v = h
	} else {
		v = boxExpand(slices.Clone(v))
	}
	out := make([]string, 4)
	for i, name := range shorthands["border-radius"].longhands {
		corner := h[i]
		if v[i] != h[i] {
			corner += " " + v[i]
		}
		c, ok := normalizeValue(name, corner)
		if !ok || cssWideKeywords[c] {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

// serializeRadius writes border-radius from its corners: the horizontal
// radii, and a slash and the vertical ones when any corner's differ.
func serializeRadius(vals []string) string {
	h, v := make([]string, 4), make([]string, 4)
	elliptic := false
	for i, c := range vals {
		parts := splitComponents(c) // calc(1em + 2px) is one radius
		if len(parts) == 0 || len(parts) > 2 {
			return ""
		}
		h[i], v[i] = parts[0], parts[0]
		if len(parts) == 2 {
			v[i], elliptic = parts[1], true
		}
	}
	if !elliptic {
		return boxValue(h)
	}
	return boxValue(h) + " / " + boxValue(v)
}
