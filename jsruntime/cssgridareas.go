package jsruntime

import "strings"

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
