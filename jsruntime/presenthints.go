package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Presentational hints of HTML elements: the attributes of tables and
// their parts (border, cellpadding, cellspacing, width, height, align,
// valign, bgcolor, background, nowrap, frame, rules, bordercolor) and the
// align attribute of div, p, headings and captions, as Chromium 156 maps
// them to style (testdata/wpt/layout48-table-hints.html). They are
// author-level declarations below every author rule (specificity 0,
// before the sheets): cascaded reads them when no rule, style attribute
// or animation sets the property, and `revert` skips them for the
// user-agent origin.
// https://html.spec.whatwg.org/multipage/rendering.html#tables-2
// https://drafts.csswg.org/css-cascade/#preshint

// presentationalHint is the value el's presentational attributes give
// prop, or ok false.
func presentationalHint(el *dom.Node, prop string) (string, bool) {
	switch el.Data {
	case "table":
		return tableHint(el, prop)
	case "td", "th":
		if v, ok := cellHint(el, prop); ok {
			return v, ok
		}
		return tablePartHint(el, prop)
	case "tr", "thead", "tbody", "tfoot":
		if el.Data != "tr" && strings.HasPrefix(prop, "border-") {
			if t := hintTable(el); t != nil && tableRules(t) == "groups" {
				return groupRuleHint(prop, true)
			}
		}
		return tablePartHint(el, prop)
	case "col", "colgroup":
		switch prop {
		case "width":
			// zero too, unlike a table's (Chromium 156)
			return hintDimension(el, "width", true, false)
		case "vertical-align":
			return valignHint(el)
		case "background-color":
			return bgcolorHint(el, "bgcolor")
		case "background-image":
			return backgroundHint(el)
		}
		if el.Data == "colgroup" && strings.HasPrefix(prop, "border-") {
			if t := hintTable(el); t != nil && tableRules(t) == "groups" {
				return groupRuleHint(prop, false)
			}
		}
	case "div", "p", "h1", "h2", "h3", "h4", "h5", "h6":
		if prop == "text-align" {
			return blockAlignHint(el)
		}
	case "caption":
		if prop == "caption-side" {
			switch v := ascii.Lower(strings.TrimSpace(el.Attribute("align"))); v {
			case "top", "bottom":
				return v, true
			}
		}
	}
	return legacyHint(el, prop)
}

// tableHint is the hint of a table element's attributes for prop.
func tableHint(t *dom.Node, prop string) (string, bool) {
	switch prop {
	case "width":
		return hintDimension(t, "width", true, true)
	case "height":
		return hintDimension(t, "height", true, false)
	case "-webkit-border-horizontal-spacing", "-webkit-border-vertical-spacing": // border-spacing
		v, ok := t.GetAttribute("cellspacing")
		if !ok {
			return "", false
		}
		// a length, not a percentage; Chromium keeps whole pixels
		x, pct, ok := parseHTMLDimension(v)
		if !ok || pct {
			return "", false
		}
		return strconv.Itoa(int(x)) + "px", true
	case "float":
		switch ascii.Lower(strings.TrimSpace(t.Attribute("align"))) {
		case "left":
			return "left", true
		case "right":
			return "right", true
		}
	case "margin-left", "margin-right", "margin-inline-start", "margin-inline-end":
		if ascii.EqualFold(strings.TrimSpace(t.Attribute("align")), "center") {
			return "auto", true
		}
	case "background-color":
		return bgcolorHint(t, "bgcolor")
	case "background-image":
		return backgroundHint(t)
	case "vertical-align":
		return valignHint(t)
	case "border-collapse":
		if tableRules(t) != "" {
			return "collapse", true
		}
	}
	side, part, ok := borderSidePart(prop)
	if !ok {
		return "", false
	}
	if sides, ok := tableFrame(t); ok {
		// frame: a thin solid border on its sides, hidden on the others
		switch part {
		case "width":
			return "1px", true
		case "style":
			if sides&side != 0 {
				return "solid", true
			}
			return "hidden", true
		}
	}
	border, hasBorder := tableBorder(t)
	switch part {
	case "width":
		if hasBorder {
			return strconv.Itoa(border) + "px", true
		}
	case "style":
		if hasBorder && border > 0 {
			if tableBorderColor(t) {
				return "solid", true
			}
			return "outset", true
		}
		if tableRules(t) != "" {
			return "hidden", true // wins over the cells' borders when they collapse
		}
	case "color":
		return bgcolorHint(t, "bordercolor")
	}
	return "", false
}

// cellHint is the hint of a table cell's own attributes and of its
// table's (its borders from border and rules, its padding from
// cellpadding) for prop.
func cellHint(c *dom.Node, prop string) (string, bool) {
	switch prop {
	case "width", "height":
		// a positive integer first, after white space (Chromium's ToInt:
		// width="0" and "+200" are ignored, " 00523 " and "200 abc" are
		// 523px and 200px)
		v, ok := c.GetAttribute(prop)
		v = strings.TrimLeft(v, " \t\n\f\r")
		if !ok || v == "" || !isDigit(v[0]) {
			return "", false
		}
		n, _ := leadingInt(v)
		if n <= 0 {
			return "", false
		}
		return hintDimension(c, prop, true, false)
	case "white-space-collapse":
		if c.HasAttribute("nowrap") {
			return "collapse", true
		}
		return "", false
	case "text-wrap-mode":
		if c.HasAttribute("nowrap") {
			return "nowrap", true
		}
		return "", false
	}
	if !strings.HasPrefix(prop, "border-") && !strings.HasPrefix(prop, "padding-") {
		return "", false
	}
	t := hintTable(c)
	if t == nil {
		return "", false
	}
	if strings.HasPrefix(prop, "padding-") {
		switch prop {
		case "padding-top", "padding-right", "padding-bottom", "padding-left":
		default:
			return "", false
		}
		v, ok := t.GetAttribute("cellpadding")
		if !ok || v == "" {
			return "", false // the user-agent sheet's 1px
		}
		n, ok := leadingInt(v)
		if !ok || n < 0 {
			n = 0
		}
		return strconv.Itoa(n) + "px", true
	}
	side, part, ok := borderSidePart(prop)
	if !ok {
		return "", false
	}
	// the cells' borders: rules draws solid ones between them (all,
	// between columns or rows only), else a table's border gives each
	// cell a thin inset one (solid with a bordercolor)
	style := ""
	switch tableRules(t) {
	case "all":
		style = "solid"
	case "cols":
		if side&(sideLeft|sideRight) != 0 {
			style = "solid"
		}
	case "rows":
		if side&(sideTop|sideBottom) != 0 {
			style = "solid"
		}
	case "none", "groups":
	default:
		if border, has := tableBorder(t); has && border > 0 {
			style = "inset"
			if tableBorderColor(t) {
				style = "solid"
			}
		}
	}
	if style == "" {
		return "", false
	}
	switch part {
	case "width":
		return "1px", true
	case "style":
		return style, true
	}
	return "inherit", true // color
}

// tablePartHint is the hint of the attributes a row, a row group or a
// cell shares (bgcolor, background, valign, align, and height but a
// cell's) for prop.
func tablePartHint(el *dom.Node, prop string) (string, bool) {
	switch prop {
	case "background-color":
		return bgcolorHint(el, "bgcolor")
	case "background-image":
		return backgroundHint(el)
	case "vertical-align":
		return valignHint(el)
	case "text-align":
		switch v := ascii.Lower(strings.TrimSpace(el.Attribute("align"))); v {
		case "center", "middle":
			return "-webkit-center", true
		case "left":
			return "-webkit-left", true
		case "right":
			return "-webkit-right", true
		case "justify":
			return v, true
		}
	case "height":
		if el.Data != "td" && el.Data != "th" {
			return hintDimension(el, "height", true, false)
		}
	}
	return "", false
}

// groupRuleHint is a row group's (rows) or column group's border under
// rules=groups: thin and solid before and after it.
func groupRuleHint(prop string, rows bool) (string, bool) {
	side, part, ok := borderSidePart(prop)
	if !ok || part == "color" {
		return "", false
	}
	if rows && side&(sideTop|sideBottom) == 0 || !rows && side&(sideLeft|sideRight) == 0 {
		return "", false
	}
	if part == "width" {
		return "1px", true
	}
	return "solid", true
}

// blockAlignHint is the text-align of a div, p or heading's align
// attribute (a heading's keyword as written).
func blockAlignHint(el *dom.Node) (string, bool) {
	v := ascii.Lower(strings.TrimSpace(el.Attribute("align")))
	if el.Data != "div" && el.Data != "p" {
		switch v {
		case "left", "right", "center", "justify":
			return v, true
		}
		return "", false
	}
	switch v {
	case "center", "middle":
		return "-webkit-center", true
	case "left", "right":
		return "-webkit-" + v, true
	case "justify":
		return v, true
	}
	return "", false
}

// The sides of a box, as bits.
const (
	sideTop = 1 << iota
	sideRight
	sideBottom
	sideLeft
)

// borderSidePart splits border-top-width and the like into its side and
// part (width, style, color).
func borderSidePart(prop string) (side int, part string, ok bool) {
	rest, ok := strings.CutPrefix(prop, "border-")
	if !ok {
		return 0, "", false
	}
	s, part, ok := strings.Cut(rest, "-")
	if !ok {
		return 0, "", false
	}
	switch s {
	case "top":
		side = sideTop
	case "right":
		side = sideRight
	case "bottom":
		side = sideBottom
	case "left":
		side = sideLeft
	default:
		return 0, "", false
	}
	switch part {
	case "width", "style", "color":
		return side, part, true
	}
	return 0, "", false
}

// hintTable is the table whose attributes style el, a part of it: its
// nearest table ancestor within a cell's depth.
func hintTable(el *dom.Node) *dom.Node {
	p := el.ParentElement()
	for i := 0; i < 3 && p != nil; i++ {
		if p.Data == "table" && p.Namespace == el.Namespace {
			return p
		}
		p = p.ParentElement()
	}
	return nil
}

// tableBorder is a table's border attribute's width: 1 when it is empty
// or not a non-negative integer.
func tableBorder(t *dom.Node) (int, bool) {
	v, ok := t.GetAttribute("border")
	if !ok {
		return 0, false
	}
	n, ok := leadingInt(v)
	if !ok || n < 0 {
		return 1, true
	}
	return n, true
}

// tableBorderColor tells whether a table has a bordercolor attribute.
func tableBorderColor(t *dom.Node) bool {
	v, ok := t.GetAttribute("bordercolor")
	return ok && v != ""
}

// tableRules is a table's rules attribute, lowercased, when it is one of
// its keywords; "" otherwise.
func tableRules(t *dom.Node) string {
	v, ok := t.GetAttribute("rules")
	if !ok {
		return ""
	}
	switch v = ascii.Lower(strings.TrimSpace(v)); v {
	case "none", "groups", "rows", "cols", "all":
		return v
	}
	return ""
}

// tableFrame is the sides a table's frame attribute draws, ok false
// without one of its keywords.
func tableFrame(t *dom.Node) (int, bool) {
	v, ok := t.GetAttribute("frame")
	if !ok {
		return 0, false
	}
	switch ascii.Lower(strings.TrimSpace(v)) {
	case "void":
		return 0, true
	case "above":
		return sideTop, true
	case "below":
		return sideBottom, true
	case "hsides":
		return sideTop | sideBottom, true
	case "lhs":
		return sideLeft, true
	case "rhs":
		return sideRight, true
	case "vsides":
		return sideLeft | sideRight, true
	case "box", "border":
		return sideTop | sideRight | sideBottom | sideLeft, true
	}
	return 0, false
}

// valignHint is the vertical-align of a valign attribute: its keyword, or
// the value as written (an invalid one is dropped by the cascade).
func valignHint(el *dom.Node) (string, bool) {
	v, ok := el.GetAttribute("valign")
	if !ok {
		return "", false
	}
	v = ascii.Lower(strings.TrimSpace(v))
	if n, ok := normalizeValue("vertical-align", v); ok && v != "" && !cssWideKeywords[v] {
		return n, true
	}
	return "", false
}

// bgcolorHint is the color of the attribute name parsed by the legacy
// rules, as a computed color.
func bgcolorHint(el *dom.Node, name string) (string, bool) {
	v, ok := el.GetAttribute(name)
	if !ok {
		return "", false
	}
	r, g, b, ok := parseLegacyColor(v)
	if !ok {
		return "", false
	}
	return "rgb(" + strconv.Itoa(r) + ", " + strconv.Itoa(g) + ", " + strconv.Itoa(b) + ")", true
}

// backgroundHint is the background-image of a background attribute.
func backgroundHint(el *dom.Node) (string, bool) {
	v := strings.TrimSpace(el.Attribute("background"))
	if v == "" {
		return "", false
	}
	return `url("` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\a `).Replace(v) + `")`, true
}

// hintDimension maps the attribute name of el to a length or percentage
// by the rules for parsing dimension values; ignoreZero drops a zero
// (a table's width).
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-dimension-values
func hintDimension(el *dom.Node, name string, pctOK, ignoreZero bool) (string, bool) {
	v, ok := el.GetAttribute(name)
	if !ok {
		return "", false
	}
	x, pct, ok := parseHTMLDimension(v)
	if !ok || pct && !pctOK || ignoreZero && x == 0 {
		return "", false
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if pct {
		return s + "%", true
	}
	return s + "px", true
}

// parseHTMLDimension parses a dimension value: leading white space, a
// non-negative number, and a percent sign; whatever follows is ignored.
func parseHTMLDimension(v string) (x float64, pct, ok bool) {
	v = strings.TrimLeft(v, " \t\n\f\r")
	i := 0
	for i < len(v) && isDigit(v[i]) {
		i++
	}
	if i == 0 {
		return 0, false, false
	}
	j, end := i, i // the number, and where a percent sign may follow
	if j < len(v) && v[j] == '.' {
		k := j + 1
		for k < len(v) && isDigit(v[k]) {
			k++
		}
		if k > j+1 {
			j = k
		}
		// a dot with no digit after it is passed over: "200.%" is a
		// percentage in Chromium (the standard reads a length)
		end = k
	}
	x, err := strconv.ParseFloat(v[:j], 64)
	if err != nil {
		return 0, false, false
	}
	return x, end < len(v) && v[end] == '%', true
}

// leadingInt parses an integer by the rules for parsing integers: leading
// white space, a sign, digits; whatever follows is ignored.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
func leadingInt(v string) (int, bool) {
	v = strings.TrimLeft(v, " \t\n\f\r")
	neg := false
	if v != "" && (v[0] == '-' || v[0] == '+') {
		neg = v[0] == '-'
		v = v[1:]
	}
	n, digits := 0, 0
	for _, c := range []byte(v) {
		if !isDigit(c) {
			break
		}
		if n < 1<<30 {
			n = n*10 + int(c-'0')
		}
		digits++
	}
	if digits == 0 {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// parseLegacyColor parses a color attribute (bgcolor, bordercolor) by the
// rules for parsing a legacy color value: a named color or #rgb/#rrggbb
// as in CSS, else its hexadecimal digits read as three components; ok
// false for an empty value and transparent.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-a-legacy-colour-value
func parseLegacyColor(v string) (r, g, b int, ok bool) {
	if v == "" {
		return 0, 0, 0, false
	}
	v = strings.Trim(v, " \t\n\f\r")
	if ascii.EqualFold(v, "transparent") {
		return 0, 0, 0, false
	}
	if c, ok := namedColors[ascii.Lower(v)]; ok {
		return int(c >> 16), int(c >> 8 & 0xff), int(c & 0xff), true
	}
	if len(v) == 4 && v[0] == '#' && isHexString(v[1:]) {
		return hexDigit(v[1]) * 17, hexDigit(v[2]) * 17, hexDigit(v[3]) * 17, true
	}
	if len(v) == 7 && v[0] == '#' && isHexString(v[1:]) {
		return hexDigit(v[1])*16 + hexDigit(v[2]), hexDigit(v[3])*16 + hexDigit(v[4]), hexDigit(v[5])*16 + hexDigit(v[6]), true
	}
	// the legacy digits: a character outside the BMP as "00", others
	// than hex digits as 0, at most 128, padded to a multiple of three
	v = strings.TrimPrefix(v, "#")
	var d []byte
	for _, c := range v {
		if c > 0xffff {
			d = append(d, '0', '0')
		} else if c < 0x80 && isHex(byte(c)) {
			d = append(d, byte(c))
		} else {
			d = append(d, '0')
		}
	}
	if len(d) > 128 {
		d = d[:128]
	}
	if len(d) == 0 {
		d = []byte("000")
	}
	for len(d)%3 != 0 {
		d = append(d, '0')
	}
	n := len(d) / 3
	comps := [3][]byte{d[:n], d[n : 2*n], d[2*n:]}
	if n > 8 {
		for i := range comps {
			comps[i] = comps[i][n-8:]
		}
		n = 8
	}
	for n > 2 && comps[0][0] == '0' && comps[1][0] == '0' && comps[2][0] == '0' {
		for i := range comps {
			comps[i] = comps[i][1:]
		}
		n--
	}
	if n > 2 {
		for i := range comps {
			comps[i] = comps[i][:2]
		}
	}
	var out [3]int
	for i, c := range comps {
		for _, h := range c {
			out[i] = out[i]*16 + hexDigit(h)
		}
	}
	return out[0], out[1], out[2], true
}

func isHexString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

func hexDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
