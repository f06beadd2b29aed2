package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// gridAreasValue is a grid-template-areas value of strings (parts, each a
// quoted row) as Chromium 156 writes it: each row's cells, a name or a
// run of dots (a null cell, written "."), one space apart, the rows in
// double quotes; rows of different lengths, a character that is neither,
// and a named area that is not a rectangle make the value invalid.
// https://drafts.csswg.org/css-grid-2/#grid-template-areas-property
func gridAreasValue(parts []string) (string, bool) {
	var rows [][]string
	for _, p := range parts {
		if p == "" || p[0] != '"' && p[0] != '\'' {
			return "", false
		}
		cells, ok := areaCells(unquoteCSSString(p))
		if !ok || len(cells) == 0 || len(rows) > 0 && len(cells) != len(rows[0]) {
			return "", false
		}
		rows = append(rows, cells)
	}
	if !areasRectangular(rows) {
		return "", false
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = `"` + strings.Join(r, " ") + `"`
	}
	return strings.Join(out, " "), true
}

// areaCells splits one row of grid-template-areas into its cells: names
// of name code points, a run of dots as ".".
// https://drafts.csswg.org/css-grid-2/#valdef-grid-template-areas-string
func areaCells(row string) ([]string, bool) {
	var cells []string
	for i := 0; i < len(row); {
		switch c := row[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '.':
			for i < len(row) && row[i] == '.' {
				i++
			}
			cells = append(cells, ".")
		case isIdentChar(c):
			j := i
			for j < len(row) && isIdentChar(row[j]) {
				j++
			}
			cells = append(cells, row[i:j])
			i = j
		default:
			return nil, false // a trash token
		}
	}
	return cells, true
}

// areasRectangular tells whether every named area of rows covers a
// rectangle of cells, and only it.
func areasRectangular(rows [][]string) bool {
	type box struct{ top, left, bottom, right, cells int }
	boxes := map[string]*box{}
	for r, row := range rows {
		for c, name := range row {
			if name == "." {
				continue
			}
			b := boxes[name]
			if b == nil {
				b = &box{top: r, left: c, bottom: r, right: c}
				boxes[name] = b
			}
			b.top, b.left = min(b.top, r), min(b.left, c)
			b.bottom, b.right = max(b.bottom, r), max(b.right, c)
			b.cells++
		}
	}
	for _, b := range boxes {
		if (b.bottom-b.top+1)*(b.right-b.left+1) != b.cells {
			return false
		}
	}
	return true
}

// gridTemplateParts expands the grid-template shorthand into its rows,
// columns and areas: `none`, `<rows> / <columns>`, or rows of areas, each
// a string with its line names and size, then `/` and the columns.
// https://drafts.csswg.org/css-grid-2/#explicit-grid-shorthand
func gridTemplateParts(parts []string) ([]string, bool) {
	if len(parts) == 1 && ascii.EqualFold(parts[0], "none") {
		return []string{"none", "none", "none"}, true
	}
	slash := -1
	for i, p := range parts {
		if p == "/" {
			if slash >= 0 {
				return nil, false
			}
			slash = i
		}
	}
	before, after := parts, []string(nil)
	if slash >= 0 {
		before, after = parts[:slash], parts[slash+1:]
	}
	cols := "none"
	if slash >= 0 {
		v, ok := normalizeValue("grid-template-columns", joinComponents(after))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		cols = v
	}
	var strs, rows []string
	for _, p := range before {
		if p != "" && (p[0] == '"' || p[0] == '\'') {
			strs = append(strs, p)
		}
	}
	if len(strs) == 0 {
		if slash < 0 {
			return nil, false
		}
		v, ok := normalizeValue("grid-template-rows", joinComponents(before))
		if !ok || cssWideKeywords[v] {
			return nil, false
		}
		return []string{v, cols, "none"}, true
	}
	// rows of areas: [ <line-names>? <string> <track-size>? <line-names>? ]+,
	// auto where a string has no size, adjacent line names merged
	pending := false // a string whose size has not come
	for _, p := range before {
		switch {
		case p[0] == '"' || p[0] == '\'':
			if pending {
				rows = append(rows, "auto")
			}
			pending = true
		case p[0] == '[':
			if pending {
				rows = append(rows, "auto")
				pending = false
			}
			if n := len(rows); n > 0 && rows[n-1][0] == '[' {
				rows[n-1] = strings.TrimSuffix(rows[n-1], "]") + " " + strings.TrimSpace(p[1:])
				continue
			}
			rows = append(rows, p)
		default:
			if !pending {
				return nil, false // a size without a string
			}
			rows = append(rows, p)
			pending = false
		}
	}
	if pending {
		rows = append(rows, "auto")
	}
	areas, ok := gridAreasValue(strs)
	if !ok {
		return nil, false
	}
	rv, ok := normalizeValue("grid-template-rows", strings.Join(rows, " "))
	if !ok {
		return nil, false
	}
	return []string{rv, cols, areas}, true
}

// serializeGridTemplate writes grid-template from its rows, columns and
// areas as Chromium does: none, `rows / columns`, or each row of areas
// with its line names and its size when it is not auto; "" when the rows
// do not pair with the areas.
func serializeGridTemplate(vals []string) (string, bool) {
	rows, cols, areas := vals[0], vals[1], vals[2]
	if areas == "none" {
		if rows == "none" && cols == "none" {
			return "none", true
		}
		return rows + " / " + cols, true
	}
	strs := splitComponents(areas)
	var tracks [][]string // each row's names before, size, names after
	if rows != "none" {
		for _, p := range splitComponents(rows) {
			if strings.HasPrefix(ascii.Lower(p), "repeat(") {
				return "", false
			}
			if p[0] == '[' {
				if len(tracks) > 0 && len(tracks[len(tracks)-1]) == 2 {
					tracks[len(tracks)-1] = append(tracks[len(tracks)-1], p)
				} else {
					tracks = append(tracks, []string{p})
				}
				continue
			}
			if len(tracks) == 0 || len(tracks[len(tracks)-1]) != 1 || tracks[len(tracks)-1][0][0] != '[' {
				tracks = append(tracks, []string{""})
			}
			tracks[len(tracks)-1] = append(tracks[len(tracks)-1], p)
		}
	}
	if len(tracks) != len(strs) {
		return "", false
	}
	var out []string
	for i, t := range tracks {
		if t[0] != "" {
			out = append(out, t[0])
		}
		out = append(out, strs[i])
		if len(t) > 1 && t[1] != "auto" {
			out = append(out, t[1])
		}
		if len(t) > 2 {
			out = append(out, t[2])
		}
	}
	s := strings.Join(out, " ")
	if cols != "none" {
		s += " / " + cols
	}
	return s, true
}
