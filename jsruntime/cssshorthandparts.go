package jsruntime

import (
	"strings"
)

// Shorthands of newer CSS (lead63): contain-intrinsic-size,
// font-synthesis, scroll-timeline, view-timeline, animation-range,
// text-box and position-try, each expanded into its longhands and written
// back from them as Chromium 156 writes them.

// containIntrinsicParts expands contain-intrinsic-size: a width and an
// optional height, each none, a length, or auto before either; the
// height is the width when omitted.
// https://drafts.csswg.org/css-sizing-4/#intrinsic-size-override
func containIntrinsicParts(parts []string) ([]string, bool) {
	var sizes []string
	for i := 0; i < len(parts); i++ {
		n := 1
		if strings.EqualFold(parts[i], "auto") {
			n = 2
		}
		if i+n > len(parts) || len(sizes) == 2 {
			return nil, false
		}
		v, ok := normalizeValue("contain-intrinsic-width", joinComponents(parts[i:i+n]))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		sizes = append(sizes, v)
		i += n - 1
	}
	switch len(sizes) {
	case 1:
		return []string{sizes[0], sizes[0]}, true
	case 2:
		return sizes, true
	}
	return nil, false
}

var fontSynthesisKeywords = [3]string{"weight", "style", "small-caps"}

// fontSynthesisParts expands font-synthesis: none, or the kinds of
// synthesis allowed (auto), the others none.
func fontSynthesisParts(parts []string) ([]string, bool) {
	out := []string{"none", "none", "none"}
	if len(parts) == 1 && strings.EqualFold(parts[0], "none") {
		return out, true
	}
	for _, p := range parts {
		i := -1
		for k, kw := range fontSynthesisKeywords {
			if strings.EqualFold(p, kw) {
				i = k
			}
		}
		if i < 0 || out[i] == "auto" {
			return nil, false
		}
		out[i] = "auto"
	}
	return out, len(parts) > 0
}

// serializeFontSynthesis writes the kinds allowed, none when none is.
func serializeFontSynthesis(vals []string) string {
	var b []string
	for i, v := range vals {
		if v == "auto" {
			b = append(b, fontSynthesisKeywords[i])
		}
	}
	if len(b) == 0 {
		return "none"
	}
	return strings.Join(b, " ")
}

var timelineAxes = set("block inline x y")

// timelineParts expands scroll-timeline (longhands name, axis) or, with
// inset, view-timeline (name, axis, inset): per comma-separated timeline
// a name, then its axis and (view-timeline) inset in either order.
// https://drafts.csswg.org/scroll-animations-1/#scroll-timeline-shorthand
func timelineParts(inset bool, parts []string) ([]string, bool) {
	var names, axes, insets []string
	ok := eachCommaLayer(parts, func(layer []string) bool {
		name, ok := normalizeValue("scroll-timeline-name", layer[0])
		if !ok || cssWideKeywords[name] || strings.IndexByte(name, ',') >= 0 {
			return false
		}
		axis, in := "block", "auto"
		var inParts []string
		axisSeen, inDone := false, false
		for _, p := range layer[1:] {
			if lower := strings.ToLower(p); timelineAxes[lower] && !axisSeen {
				axis, axisSeen = lower, true
				inDone = len(inParts) > 0 // the inset's parts are together
				continue
			}
			if !inset || inDone {
				return false
			}
			inParts = append(inParts, p)
		}
		if len(inParts) > 0 {
			v, ok := normalizeValue("view-timeline-inset", joinComponents(inParts))
			if !ok || cssWideKeywords[v] || strings.IndexByte(v, ',') >= 0 {
				return false
			}
			if a, b, two := strings.Cut(v, " "); two && a == b {
				v = a // auto auto is auto
			}
			in = v
		}
		names, axes, insets = append(names, name), append(axes, axis), append(insets, in)
		return true
	})
	if !ok {
		return nil, false
	}
	out := []string{strings.Join(names, ", "), strings.Join(axes, ", ")}
	if inset {
		out = append(out, strings.Join(insets, ", "))
	}
	return out, true
}

// serializeTimeline writes each timeline's name, with its axis unless it
// is block and its inset unless it is auto.
func serializeTimeline(vals []string) (string, bool) {
	layers, ok := commaLayers(vals)
	if !ok {
		return "", false
	}
	out := make([]string, len(layers[0]))
	for i := range out {
		b := []string{strings.TrimSpace(layers[0][i])}
		if a := strings.TrimSpace(layers[1][i]); a != "block" {
			b = append(b, a)
		}
		if len(layers) > 2 {
			if in := strings.TrimSpace(layers[2][i]); in != "auto" {
				b = append(b, in)
			}
		}
		out[i] = strings.Join(b, " ")
	}
	return strings.Join(out, ", "), true
}

var timelineRangeNames = set("cover contain entry exit entry-crossing exit-crossing scroll")

// rangeBoundary reads one boundary of an animation range from parts: normal, a
// length-percentage, or a range name with an optional length-percentage
// (left out when it is the boundary's default, 0% for a start and 100%
// for an end). It returns the boundary, its range name ("" for none) and
// the components it took.
func rangeBoundary(parts []string, end bool) (v, name string, n int, ok bool) {
	if len(parts) == 0 {
		return "", "", 0, false
	}
	lower := strings.ToLower(parts[0])
	switch {
	case lower == "normal":
		return "normal", "", 1, true
	case timelineRangeNames[lower]:
		if len(parts) > 1 && !timelineRangeNames[strings.ToLower(parts[1])] && !strings.EqualFold(parts[1], "normal") {
			off, ok := normalizeValue("animation-range-start", parts[1])
			if !ok || cssWideKeywords[off] {
				return "", "", 0, false
			}
			if (!end && off == "0%") || (end && off == "100%") {
				return lower, lower, 2, true
			}
			return lower + " " + off, lower, 2, true
		}
		return lower, lower, 1, true
	}
	off, ok := normalizeValue("animation-range-start", parts[0])
	if !ok || cssWideKeywords[off] || timelineRangeNames[strings.Fields(off)[0]] {
		return "", "", 0, false
	}
	return off, "", 1, true
}

// animationRangeParts expands animation-range: per comma-separated
// animation a start and an optional end; an omitted end is the start's
// range name, or normal.
// https://drafts.csswg.org/scroll-animations-1/#animation-range
func animationRangeParts(parts []string) ([]string, bool) {
	var starts, ends []string
	ok := eachCommaLayer(parts, func(layer []string) bool {
		start, name, n, ok := rangeBoundary(layer, false)
		if !ok {
			return false
		}
		end := "normal"
		if name != "" {
			end = name
		}
		if n < len(layer) {
			var m int
			if end, _, m, ok = rangeBoundary(layer[n:], true); !ok || n+m != len(layer) {
				return false
			}
		}
		starts, ends = append(starts, start), append(ends, end)
		return true
	})
	if !ok {
		return nil, false
	}
	return []string{strings.Join(starts, ", "), strings.Join(ends, ", ")}, true
}

// serializeAnimationRange writes each range's start, and its end unless it
// is the one the start implies.
func serializeAnimationRange(vals []string) (string, bool) {
	layers, ok := commaLayers(vals)
	if !ok {
		return "", false
	}
	out := make([]string, len(layers[0]))
	for i := range out {
		start, end := strings.TrimSpace(layers[0][i]), strings.TrimSpace(layers[1][i])
		implied := "normal"
		if f := strings.Fields(start); timelineRangeNames[f[0]] {
			implied = f[0]
		}
		if end != implied {
			start += " " + end
		}
		out[i] = start
	}
	return strings.Join(out, ", "), true
}

var textBoxTrims = set("none trim-start trim-end trim-both")

// textBoxParts expands text-box: normal, or a trim and an edge in either
// order; an edge alone trims both sides, a trim alone has the auto edge.
// https://drafts.csswg.org/css-inline-3/#text-box-shorthand
func textBoxParts(parts []string) ([]string, bool) {
	if len(parts) == 1 && strings.EqualFold(parts[0], "normal") {
		return []string{"none", "auto"}, true
	}
	trim := ""
	var edge []string
	for i, p := range parts {
		if lower := strings.ToLower(p); textBoxTrims[lower] && trim == "" && (len(edge) == 0 || i == len(parts)-1) {
			trim = lower
			continue
		}
		edge = append(edge, p)
	}
	e := "auto"
	if len(edge) > 0 {
		v, ok := normalizeValue("text-box-edge", joinComponents(edge))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		if a, b, two := strings.Cut(v, " "); two && a == b {
			v = a // text text is text
		}
		if v != "auto" && strings.IndexByte(v, ' ') < 0 && v != "text" && v != "ideographic" && v != "ideographic-ink" {
			return nil, false // cap and ex need a second edge
		}
		e = v
	}
	if trim == "" {
		trim = "trim-both"
		if len(edge) == 0 {
			return nil, false
		}
	}
	return []string{trim, e}, true
}

// serializeTextBox writes text-box: normal for no trim at the auto edge,
// the edge alone when both sides are trimmed, else what is not auto.
func serializeTextBox(vals []string) string {
	trim, edge := vals[0], vals[1]
	switch {
	case trim == "none" && edge == "auto":
		return "normal"
	case edge == "auto":
		return trim
	case trim == "trim-both":
		return edge
	}
	return trim + " " + edge
}

var positionTryOrders = set("normal most-width most-height most-block-size most-inline-size")

// positionTryParts expands position-try: an optional order, then the
// fallbacks.
// https://drafts.csswg.org/css-anchor-position-1/#position-try-prop
func positionTryParts(parts []string) ([]string, bool) {
	order := "normal"
	if len(parts) > 0 && positionTryOrders[strings.ToLower(parts[0])] {
		order, parts = strings.ToLower(parts[0]), parts[1:]
	}
	if len(parts) == 0 {
		return nil, false
	}
	f, ok := normalizeValue("position-try-fallbacks", joinComponents(parts))
	if !ok || cssWideKeywords[f] {
		return nil, false
	}
	return []string{order, f}, true
}

// serializePositionTry writes the order unless it is normal, then the
// fallbacks.
func serializePositionTry(vals []string) string {
	if vals[0] == "normal" {
		return vals[1]
	}
	return vals[0] + " " + vals[1]
}
