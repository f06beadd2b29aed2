package jsruntime

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Shorthands of css64: the gap decorations' insets, offset and
// text-wrap, expanded into their longhands and written back from them as
// Chromium 156 writes them. The rule families, corner-shape and its sides
// and interest-delay use the kinds of cssshorthand.go.

// ruleInsetParts expands column-rule-inset, row-rule-inset or the first
// run of rule-inset: one or two cap insets (the end is the start when
// left out), then a slash and one or two junction insets; without the
// slash the junction insets are the cap insets.
// https://drafts.csswg.org/css-gaps/#propdef-rule-inset
func ruleInsetParts(longhands []string, parts []string) ([]string, bool) {
	cap, junction := parts, []string(nil)
	if i := slices.Index(parts, "/"); i >= 0 {
		cap, junction = parts[:i], parts[i+1:]
		if len(junction) == 0 {
			return nil, false
		}
	} else {
		junction = cap
	}
	if len(cap) == 0 || len(cap) > 2 || len(junction) > 2 {
		return nil, false
	}
	out := make([]string, 4)
	for i, side := range [2][]string{cap, junction} {
		for j := range 2 {
			v, ok := normalizeValue(longhands[2*i+j], side[min(j, len(side)-1)])
			if !ok || cssWideKeywords[v] {
				return nil, false
			}
			out[2*i+j] = v
		}
	}
	return out, true
}

// serializeRuleInset writes a rule inset: one value when the four agree,
// else the cap insets, a slash and the junction insets, each pair whole
// (Chromium writes column-rule-inset: 1px / 3px as 1px 1px / 3px 3px).
func serializeRuleInset(vals []string) string {
	if vals[1] == vals[0] && vals[2] == vals[0] && vals[3] == vals[0] {
		return vals[0]
	}
	return vals[0] + " " + vals[1] + " / " + vals[2] + " " + vals[3]
}

// offsetInitial are the initial values of offset's longhands (position,
// path, distance, rotate, anchor).
var offsetInitial = [5]string{"normal", "none", "0px", "auto", "auto"}

// offsetPathFunctions are the functions that start an offset path.
var offsetPathFunctions = set("path( ray( url( circle( ellipse( inset( polygon( xywh( rect( shape(")

// offsetPathPart tells whether c is a part of an <offset-path> value: none,
// a coordinate box or a path function.
func offsetPathPart(c string) bool {
	lower := ascii.Lower(c)
	if lower == "none" || maskBoxKeywords[lower] || lower == "margin-box" {
		return true
	}
	if i := strings.IndexByte(lower, '('); i > 0 {
		return offsetPathFunctions[lower[:i+1]]
	}
	return false
}

// offsetParts expands offset: [position] [path [distance || rotate]]
// [/ anchor], a position or a path given; the omitted longhands take
// their initial values. A one-value position gets center as its second.
// https://drafts.fxtf.org/motion-1/#offset-shorthand
func offsetParts(parts []string) ([]string, bool) {
	out := offsetInitial
	if i := slices.Index(parts, "/"); i >= 0 {
		v, ok := offsetPosition(parts[i+1:], true)
		if !ok {
			return nil, false
		}
		out[4], parts = v, parts[:i]
	}
	n := 0
	for n < len(parts) && !offsetPathPart(parts[n]) {
		n++
	}
	if n > 0 {
		// the position runs to the path, or to the end without one
		v, ok := offsetPosition(parts[:n], false)
		if !ok {
			return nil, false
		}
		out[0] = v
	}
	rest := parts[n:]
	if len(rest) == 0 {
		return out[:], n > 0
	}
	m := 0
	for m < len(rest) && m < 2 && offsetPathPart(rest[m]) {
		m++
	}
	path, ok := normalizeValue("offset-path", joinComponents(rest[:m]))
	if !ok || cssWideKeywords[path] {
		return nil, false
	}
	out[1] = path
	var distance string
	var rotate []string
	for _, c := range rest[m:] {
		lower := ascii.Lower(c)
		if lower == "auto" || lower == "reverse" || offsetAngle(c) {
			rotate = append(rotate, c)
			continue
		}
		if distance != "" {
			return nil, false
		}
		v, ok := normalizeValue("offset-distance", c)
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		distance = v
	}
	if distance != "" {
		out[2] = distance
	}
	if rotate != nil {
		v, ok := normalizeValue("offset-rotate", joinComponents(rotate))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		out[3] = v
	}
	return out[:], true
}

// offsetAngle tells whether c is an angle (a dimension of deg, grad, rad or
// turn, or a math function of one).
func offsetAngle(c string) bool {
	if _, unit, ok := splitNumber(c); ok {
		switch ascii.Lower(unit) {
		case "deg", "grad", "rad", "turn":
			return true
		}
		return false
	}
	_, ok := normalizeValue("offset-rotate", c)
	return ok && strings.IndexByte(c, '(') > 0
}

// offsetPosition reads offset's position (normal, auto or a <position>)
// or, for anchor, its anchor (auto or a <position>).
func offsetPosition(parts []string, anchor bool) (string, bool) {
	if len(parts) == 1 {
		switch lower := ascii.Lower(parts[0]); {
		case lower == "auto", lower == "normal" && !anchor:
			return lower, true
		}
	}
	x, y, ok := positionParts(parts)
	if !ok {
		return "", false
	}
	return x + " " + y, true
}

// serializeOffset writes offset as Chromium 156 does: the position unless
// normal, the path when it or what follows it is not initial, the
// distance and rotation unless initial, and the anchor after a slash
// unless auto; normal when nothing is written before the anchor.
func serializeOffset(vals []string) string {
	var b []string
	if vals[0] != offsetInitial[0] {
		b = append(b, vals[0])
	}
	distance := vals[2] != offsetInitial[2]
	rotate := vals[3] != offsetInitial[3] && vals[3] != "auto 0deg"
	if vals[1] != offsetInitial[1] || distance || rotate {
		b = append(b, vals[1])
	}
	if distance {
		b = append(b, vals[2])
	}
	if rotate {
		b = append(b, vals[3])
	}
	if len(b) == 0 {
		b = append(b, "normal")
	}
	if vals[4] != offsetInitial[4] {
		b = append(b, "/", vals[4])
	}
	return strings.Join(b, " ")
}

var (
	textWrapModes  = set("wrap nowrap")
	textWrapStyles = set("auto balance stable pretty")
)

// textWrapParts expands text-wrap: a mode, a style, or both in either
// order; the omitted one is initial (as Chromium declares it).
// https://drafts.csswg.org/css-text-4/#text-wrap
func textWrapParts(parts []string) ([]string, bool) {
	if len(parts) == 0 || len(parts) > 2 {
		return nil, false
	}
	out := []string{"initial", "initial"}
	for _, p := range parts {
		lower := ascii.Lower(p)
		switch {
		case textWrapModes[lower] && out[0] == "initial":
			out[0] = lower
		case textWrapStyles[lower] && out[1] == "initial":
			out[1] = lower
		default:
			return nil, false
		}
	}
	return out, true
}

// serializeTextWrap writes text-wrap: the mode unless wrap, the style
// unless auto, wrap when both are.
func serializeTextWrap(vals []string) string {
	var b []string
	if vals[0] != "wrap" && vals[0] != "initial" {
		b = append(b, vals[0])
	}
	if vals[1] != "auto" && vals[1] != "initial" {
		b = append(b, vals[1])
	}
	if len(b) == 0 {
		return "wrap"
	}
	return strings.Join(b, " ")
}

// pageBreakParts expands page-break-before, -after or (inside) -inside:
// always is a page break, auto, avoid, left and right (not inside) are
// themselves.
// https://drafts.csswg.org/css-break/#page-break-properties
func pageBreakParts(inside bool, value string) ([]string, bool) {
	switch v := ascii.Lower(value); v {
	case "auto", "avoid":
		return []string{v}, true
	case "left", "right":
		return []string{v}, !inside
	case "always":
		return []string{"page"}, !inside
	}
	return nil, false
}

// serializePageBreak writes a page-break-* from its break-* value, ok
// false for a break it has no keyword for (column, recto).
func serializePageBreak(inside bool, v string) (string, bool) {
	switch v {
	case "auto", "avoid":
		return v, true
	case "left", "right":
		return v, !inside
	case "page":
		return "always", !inside
	}
	return "", false
}
