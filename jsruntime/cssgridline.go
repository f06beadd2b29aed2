package jsruntime

import (
	"slices"
	"strconv"
	"strings"
)

// The grid shorthand, the grid placement shorthands (grid-row,
// grid-column, grid-area), and the smaller shorthands beside them: columns, and text-emphasis and
// -webkit-text-stroke, whose omitted part is initial.
// https://drafts.csswg.org/css-grid/#placement-shorthands

var gridLineProps = set("grid-row-start grid-row-end grid-column-start grid-column-end")

// gridLineOrder writes the components of a <grid-line> as Chromium does:
// span (lower-cased) first, then the integer, then the <custom-ident>.
func gridLineOrder(parts []string) []string {
	if len(parts) < 2 {
		return parts
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if strings.EqualFold(p, "span") {
			out = append(out, "span")
		}
	}
	for _, p := range parts {
		if _, err := strconv.Atoi(p); err == nil {
			out = append(out, p)
		}
	}
	for _, p := range parts {
		if _, err := strconv.Atoi(p); err != nil && !strings.EqualFold(p, "span") {
			out = append(out, p)
		}
	}
	if len(out) == 3 && out[0] == "span" && out[1] == "1" {
		// a span of 1 is the default beside a name: span 1 i reads span i
		out = []string{"span", out[2]}
	}
	return out
}

// gridLineIdent reports whether v, a normalized <grid-line>, is a lone
// <custom-ident>: an omitted line after it takes it, where any other
// value leaves the omitted line auto.
func gridLineIdent(v string) bool {
	if v == "auto" || strings.IndexByte(v, ' ') >= 0 {
		return false
	}
	_, err := strconv.Atoi(v)
	return err != nil
}

// gridLineDefault is the value a line omitted after v takes.
func gridLineDefault(v string) string {
	if gridLineIdent(v) {
		return v
	}
	return "auto"
}

// gridLineParts expands the slash-separated <grid-line>s of grid-row or
// grid-column (longhands start, end) or grid-area (row-start,
// column-start, row-end, column-end). An omitted end line is its start
// line when that is a <custom-ident>, else auto.
func gridLineParts(longhands []string, parts []string) ([]string, bool) {
	n := len(longhands)
	out := make([]string, n)
	given, start := 0, 0
	for i := 0; i <= len(parts); i++ {
		if i < len(parts) && parts[i] != "/" {
			continue
		}
		if given == n || i == start {
			return nil, false // too many lines, or an empty one
		}
		v, ok := normalizeValue(longhands[given], joinComponents(parts[start:i]))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		out[given] = v
		given++
		start = i + 1
	}
	for i := given; i < n; i++ {
		src := 0 // grid-area's column-start, and every end line of grid-row: the row start
		if i >= n/2 {
			src = i - n/2
		}
		out[i] = gridLineDefault(out[src])
	}
	return out, true
}

// serializeGridLines writes the lines of grid-row, grid-column or
// grid-area, leaving out from the end each one that the expansion would
// give back.
func serializeGridLines(vals []string) string {
	n := len(vals)
	keep := n
	for keep > 1 {
		i := keep - 1
		src := 0
		if i >= n/2 {
			src = i - n/2
		}
		if vals[i] != gridLineDefault(vals[src]) {
			break
		}
		keep--
	}
	return strings.Join(vals[:keep], " / ")
}

// columnsParts expands columns: a column width, a column count, or both
// in either order, auto standing for either, then optionally a slash and
// a column height; column-wrap is reset.
// https://drafts.csswg.org/css-multicol-2/#columns
func columnsParts(parts []string) ([]string, bool) {
	height := "auto"
	if i := slices.Index(parts, "/"); i >= 0 {
		if i != len(parts)-2 {
			return nil, false
		}
		v, ok := normalizeValue("column-height", parts[i+1])
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		height, parts = v, parts[:i]
	}
	if len(parts) < 1 || len(parts) > 2 {
		return nil, false
	}
	width, count := "", ""
	for _, p := range parts {
		if strings.EqualFold(p, "auto") {
			continue
		}
		if v, ok := normalizeValue("column-count", p); ok && count == "" && !cssWideKeywords[v] {
			count = v
			continue
		}
		if v, ok := normalizeValue("column-width", p); ok && width == "" && !cssWideKeywords[v] {
			width = v
			continue
		}
		return nil, false
	}
	if width == "" {
		width = "auto"
	}
	if count == "" {
		count = "auto"
	}
	return []string{width, count, height, "auto"}, true
}

// serializeColumns writes columns' width and count, those not auto
// (auto when both are), then the height after a slash unless it is auto;
// it has no value when column-wrap is set.
func serializeColumns(vals []string) (string, bool) {
	if vals[3] != "auto" {
		return "", false
	}
	var v string
	switch {
	case vals[0] == "auto" && vals[1] == "auto":
		v = "auto"
	case vals[1] == "auto":
		v = vals[0]
	case vals[0] == "auto":
		v = vals[1]
	default:
		v = vals[0] + " " + vals[1]
	}
	if vals[2] != "auto" {
		v += " / " + vals[2]
	}
	return v, true
}

// columnRuleParts expands column-rule, a comma-separated list of rules
// (gap decorations), each a width, style and color in any order, those
// omitted at their initial values.
// https://drafts.csswg.org/css-gaps/#column-rule
func columnRuleParts(parts []string) ([]string, bool) {
	var ws, ss, cs []string
	ok := eachCommaLayer(parts, func(layer []string) bool {
		w, s, c, ok := borderParts(layer, false)
		ws, ss, cs = append(ws, w), append(ss, s), append(cs, c)
		return ok
	})
	if !ok {
		return nil, false
	}
	return []string{strings.Join(ws, ", "), strings.Join(ss, ", "), strings.Join(cs, ", ")}, true
}

// serializeColumnRule writes each rule of column-rule as border writes a
// side, or for computed style (computed) width, style unless none, and
// color.
func serializeColumnRule(vals []string, computed bool) (string, bool) {
	layers, ok := commaLayers(vals)
	if !ok {
		return "", false
	}
	out := make([]string, len(layers[0]))
	for i := range out {
		w, s, c := strings.TrimSpace(layers[0][i]), strings.TrimSpace(layers[1][i]), strings.TrimSpace(layers[2][i])
		switch {
		case computed && s == "none":
			out[i] = w + " " + c
		case computed:
			out[i] = w + " " + s + " " + c
		default:
			v, ok := joinBorder(w, s, c)
			if !ok {
				v = "medium" // all three initial (Chromium: column-rule: none reads medium)
			}
			out[i] = v
		}
	}
	return strings.Join(out, ", "), true
}

// styleColorParts expands a shorthand of a part and a color, in either
// order (text-emphasis: a style of one or two words, -webkit-text-stroke:
// a width); the one omitted is initial, as Chromium writes it.
func styleColorParts(longhands []string, parts []string) ([]string, bool) {
	out := []string{"initial", "initial"}
	var first []string
	firstDone := false
	for _, p := range parts {
		if out[1] == "initial" {
			if v, ok := normalizeValue(longhands[1], p); ok && !cssWideKeywords[v] {
				out[1] = v
				firstDone = len(first) > 0
				continue
			}
		}
		if firstDone {
			return nil, false // the part's words are not together
		}
		first = append(first, p)
	}
	if len(first) > 0 {
		v, ok := normalizeValue(longhands[0], joinComponents(first))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		out[0] = v
	}
	return out, len(parts) > 0
}

// gridAutoFlowValue writes grid-auto-flow as Chromium does: lower-cased,
// column before dense, and row left out beside dense.
func gridAutoFlowValue(parts []string) []string {
	dense, column := false, false
	for _, p := range parts {
		switch strings.ToLower(p) {
		case "dense":
			dense = true
		case "column":
			column = true
		}
	}
	switch {
	case column && dense:
		return []string{"column", "dense"}
	case column:
		return []string{"column"}
	case dense:
		return []string{"dense"}
	}
	return []string{"row"}
}

// gridAutoFlowOrder is the order Chromium declares grid's longhands in for
// a value with auto-flow: the columns first.
var gridAutoFlowOrder = []string{"grid-template-columns", "grid-template-rows", "grid-template-areas", "grid-auto-flow",
	"grid-auto-columns", "grid-auto-rows"}

// gridParts expands grid (longhands: template rows, columns, areas, auto
// flow, auto columns, auto rows): a grid-template, with the implicit grid
// at its initial values, or an auto-flow side (auto-flow, dense in either
// order, then the implicit tracks) on one side of the slash and the
// explicit tracks of the other axis on the other.
// https://drafts.csswg.org/css-grid/#grid-shorthand
func gridParts(parts []string) ([]string, bool) {
	slash := slices.Index(parts, "/")
	flowAt := -1 // 0: before the slash, 1: after
	for i, p := range parts {
		if strings.EqualFold(p, "auto-flow") {
			side := 0
			if i > slash && slash >= 0 {
				side = 1
			}
			if slash < 0 || flowAt >= 0 {
				return nil, false
			}
			flowAt = side
		}
	}
	if flowAt < 0 {
		t, ok := gridTemplateParts(parts) // cssgridareas.go
		if !ok {
			return nil, false
		}
		return []string{t[0], t[1], t[2], "row", "auto", "auto"}, true
	}
	if slices.Index(parts[slash+1:], "/") >= 0 {
		return nil, false
	}
	flowSide, other := parts[:slash], parts[slash+1:]
	if flowAt == 1 {
		flowSide, other = parts[slash+1:], parts[:slash]
	}
	// auto-flow && dense?, then the implicit tracks
	dense, i := false, 0
	for seen := false; i < len(flowSide) && i < 2; i++ {
		switch {
		case strings.EqualFold(flowSide[i], "auto-flow") && !seen:
			seen = true
		case strings.EqualFold(flowSide[i], "dense") && !dense:
			dense = true
		default:
			goto tracks
		}
	}
tracks:
	auto := "auto"
	if i < len(flowSide) {
		prop := "grid-auto-rows"
		if flowAt == 1 {
			prop = "grid-auto-columns"
		}
		v, ok := normalizeValue(prop, joinComponents(flowSide[i:]))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		auto = v
	}
	prop := "grid-template-columns"
	if flowAt == 1 {
		prop = "grid-template-rows"
	}
	explicit, ok := normalizeValue(prop, joinComponents(other))
	if !ok || cssWideKeywords[explicit] {
		return nil, false
	}
	if flowAt == 0 {
		flow := "row"
		if dense {
			flow = "dense" // row dense, as Chromium writes it
		}
		return []string{"none", explicit, "none", flow, "auto", auto}, true
	}
	flow := "column"
	if dense {
		flow = "column dense"
	}
	return []string{explicit, "none", "none", flow, auto, "auto"}, true
}

// serializeGrid writes grid from its longhands: as grid-template while
// the implicit grid is at its initial values, else in the auto-flow form
// of the flow's axis when the template allows it. For a column flow
// Chromium 156 writes the rows and leaves the template columns out.
func serializeGrid(vals []string) (string, bool) {
	rows, cols, areas, flow, autoCols, autoRows := vals[0], vals[1], vals[2], vals[3], vals[4], vals[5]
	if flow == "row" && autoCols == "auto" && autoRows == "auto" {
		return serializeGridTemplate(vals[:3]) // cssgridareas.go
	}
	dense := strings.Contains(flow, "dense")
	if !strings.Contains(flow, "column") {
		if rows != "none" || areas != "none" || autoCols != "auto" {
			return "", false
		}
		v := "auto-flow"
		if dense {
			v += " dense"
		}
		if autoRows != "auto" {
			v += " " + autoRows
		}
		return v + " / " + cols, true
	}
	if areas != "none" || autoRows != "auto" {
		return "", false
	}
	v := rows + " / auto-flow"
	if dense {
		v += " dense"
	}
	if autoCols != "auto" {
		v += " " + autoCols
	}
	return v, true
}
