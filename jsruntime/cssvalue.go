package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// CSS values as Chromium's CSSOM serializes specified values: colors as
// rgb()/rgba() (named colors kept by name), numbers without trailing zeros,
// lowercase units and keywords, a unitless 0 length as 0px, url() and
// strings double-quoted. Values a property cannot take are rejected so
// that setting them leaves the declaration as it was. The grammar checked
// is deliberately partial: properties whose value syntax is not known here
// keep any balanced value, only normalized token by token.
// https://drafts.csswg.org/cssom/#serializing-css-values

// cssWideKeywords are valid for every property.
// https://drafts.csswg.org/css-cascade/#defaulting-keywords
var cssWideKeywords = map[string]bool{"inherit": true, "initial": true, "unset": true, "revert": true, "revert-layer": true}

// colorProps take exactly one <color>.
var colorProps = set(`color background-color border-top-color border-right-color border-bottom-color
	border-left-color outline-color text-decoration-color caret-color column-rule-color
	text-emphasis-color accent-color -webkit-tap-highlight-color lighting-color flood-color stop-color`)

// caseKeptProps keep the case of their identifiers (names chosen by authors).
var caseKeptProps = set(`font font-family animation animation-name grid-area grid-template-areas
	grid-row grid-column grid-row-start grid-row-end grid-column-start grid-column-end content quotes
	counter-reset counter-increment counter-set font-feature-settings font-variation-settings
	view-transition-name container container-name anchor-name position-anchor list-style list-style-type`)

// keywordProps take one keyword from a closed set.
var keywordProps = map[string]map[string]bool{
	"position":        set("static relative absolute fixed sticky"),
	"visibility":      set("visible hidden collapse"),
	"float":           set("left right none inline-start inline-end"),
	"clear":           set("left right none both inline-start inline-end"),
	"box-sizing":      set("content-box border-box"),
	"overflow-x":      set("visible hidden scroll auto clip overlay"),
	"overflow-y":      set("visible hidden scroll auto clip overlay"),
	"text-transform":  set("none capitalize uppercase lowercase full-width full-size-kana"),
	"pointer-events":  set("auto none visiblepainted visiblefill visiblestroke visible painted fill stroke all bounding-box"),
	"table-layout":    set("auto fixed"),
	"border-collapse": set("separate collapse"),
	"flex-direction":  set("row row-reverse column column-reverse"),
	"flex-wrap":       set("nowrap wrap wrap-reverse"),
	"white-space":     set("normal pre nowrap pre-wrap pre-line break-spaces"),
	"direction":       set("ltr rtl"),
	"resize":          set("none both horizontal vertical block inline"),
	"user-select":     set("auto text none contain all"),
}

// displayKeywords are the keywords of the display property.
// https://drafts.csswg.org/css-display/#the-display-properties
var displayKeywords = set(`block inline run-in flow flow-root table flex grid ruby list-item contents none
	inline-block inline-table inline-flex inline-grid table-row-group table-header-group
	table-footer-group table-row table-cell table-column-group table-column table-caption
	ruby-base ruby-text ruby-base-container ruby-text-container -webkit-box -webkit-inline-box math`)

// lengthKeywords are the keywords length-valued properties accept.
var lengthKeywords = set(`auto none fit-content min-content max-content -webkit-fill-available stretch
	thin medium thick normal xx-small x-small small large x-large xx-large xxx-large smaller larger
	-webkit-fit-content -webkit-min-content -webkit-max-content`)

// lengthUnits are the units of <length>.
// https://drafts.csswg.org/css-values/#lengths
var lengthUnits = set(`px em rem ex rex ch rch ic ric cap rcap lh rlh vw vh vmin vmax vi vb svw svh lvw lvh dvw dvh
	svi svb lvi lvb dvi dvb svmin svmax lvmin lvmax dvmin dvmax cm mm q in pt pc cqw cqh cqi cqb cqmin cqmax`)

// cssAliases are legacy names that are the same property.
var cssAliases = map[string]string{
	"-webkit-transform": "transform", "-webkit-transform-origin": "transform-origin",
	"-webkit-transition": "transition", "-webkit-transition-property": "transition-property",
	"-webkit-transition-duration": "transition-duration", "-webkit-transition-delay": "transition-delay",
	"-webkit-transition-timing-function": "transition-timing-function",
	"-webkit-animation":                  "animation", "-webkit-animation-name": "animation-name",
	"-webkit-animation-duration": "animation-duration", "-webkit-animation-delay": "animation-delay",
	"-webkit-box-shadow": "box-shadow", "-webkit-border-radius": "border-radius",
	"-webkit-box-sizing": "box-sizing", "-webkit-flex": "flex", "-webkit-flex-direction": "flex-direction",
	"-webkit-flex-wrap": "flex-wrap", "-webkit-align-items": "align-items", "-webkit-justify-content": "justify-content",
	"-webkit-opacity": "opacity", "-webkit-perspective": "perspective", "-webkit-backface-visibility": "backface-visibility",
	"-webkit-transform-style": "transform-style", "word-wrap": "overflow-wrap", "grid-gap": "gap",
	"grid-row-gap": "row-gap", "grid-column-gap": "column-gap",
}

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// resolveAlias returns the property a (lowercase) name stands for.
func resolveAlias(name string) string {
	if a, ok := cssAliases[name]; ok {
		return a
	}
	return name
}

// splitComponents splits a value into its top-level component values:
// whitespace separates them, commas and slashes are components of their own,
// and blocks, strings and escapes keep their contents together.
func splitComponents(v string) []string {
	var out []string
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, v[start:i])
			start = -1
		}
	}
	var sc cssscan.Scanner
	for i, c := range sc.All(v) {
		// Inside a block (or on the bracket closing it) everything
		// belongs to the component the block is part of.
		if sc.Depth() > 0 || c == ')' || c == ']' || c == '}' {
			if start < 0 {
				start = i
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f':
			flush(i)
		case ',', '/':
			flush(i)
			out = append(out, v[i:i+1])
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(v))
	return out
}

// joinComponents joins normalized components as Chromium prints them:
// "a b", "a, b", "a / b".
func joinComponents(parts []string) string {
	var b strings.Builder
	for i, p := range parts {
		switch {
		case p == ",":
			b.WriteString(",")
			continue
		case i > 0:
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// splitNumber splits a numeric token into its number and unit, or ok=false.
// https://drafts.csswg.org/css-syntax/#consume-numeric-token
func splitNumber(t string) (num float64, unit string, ok bool) {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	digits := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
		digits++
	}
	if i < len(t) && t[i] == '.' {
		i++
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, "", false
	}
	if i+1 < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		if t[j] == '+' || t[j] == '-' {
			j++
		}
		if j < len(t) && t[j] >= '0' && t[j] <= '9' {
			for j < len(t) && t[j] >= '0' && t[j] <= '9' {
				j++
			}
			i = j
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(t[:i], "."), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, "", false
	}
	unit = strings.ToLower(t[i:])
	if unit != "" && unit != "%" && !isIdent(unit) {
		return 0, "", false
	}
	return f, unit, true
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != "-" && !(s[0] == '-' && len(s) > 1 && s[1] >= '0' && s[1] <= '9')
}

// formatNumber prints a number as CSSOM does: at most six decimals, no
// trailing zeros, no exponent.
// https://drafts.csswg.org/cssom/#serialize-a-css-component-value
func formatNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	s := strconv.FormatFloat(f, 'f', 6, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// quoteCSSString serializes a string as CSSOM does: double quotes, with
// quotes and backslashes escaped.
// https://drafts.csswg.org/cssom/#serialize-a-string
func quoteCSSString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == 0:
			b.WriteRune('\uFFFD')
		case r < 0x20 || r == 0x7f:
			b.WriteString("\\" + strconv.FormatInt(int64(r), 16) + " ")
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// unquoteCSSString returns the contents of a quoted string token.
func unquoteCSSString(t string) string {
	q := t[0]
	t = t[1:]
	if n := len(t); n > 0 && t[n-1] == q {
		t = t[:n-1]
	}
	if !strings.Contains(t, "\\") {
		return t
	}
	// https://drafts.csswg.org/css-syntax/#consume-escaped-code-point
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '\\' || i+1 >= len(t) {
			b.WriteByte(t[i])
			continue
		}
		i++
		if t[i] == '\n' {
			continue
		}
		j := i
		for j < len(t) && j-i < 6 && isHex(t[j]) {
			j++
		}
		if j == i {
			b.WriteByte(t[i])
			continue
		}
		cp, _ := strconv.ParseUint(t[i:j], 16, 32)
		if cp == 0 || cp > 0x10ffff || cp >= 0xd800 && cp <= 0xdfff {
			cp = 0xfffd
		}
		b.WriteRune(rune(cp))
		if j < len(t) && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// normalizeValue returns value as Chromium serializes prop's specified
// value, or ok=false when prop cannot take it.
func normalizeValue(prop, value string) (string, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return "", false
	}
	if strings.HasPrefix(prop, "--") {
		return value, true
	}
	lower := strings.ToLower(value)
	if cssWideKeywords[lower] {
		return lower, true
	}
	if strings.Contains(lower, "var(") || strings.Contains(lower, "env(") || strings.Contains(lower, "attr(") {
		// Substitution happens at computed-value time: kept as written.
		return value, true
	}
	parts := splitComponents(value)
	switch {
	case colorProps[prop]:
		if len(parts) != 1 {
			return "", false
		}
		c, ok := normalizeColor(parts[0])
		return c, ok
	case prop == "display":
		for _, p := range parts {
			if !displayKeywords[strings.ToLower(p)] {
				return "", false
			}
		}
		return strings.ToLower(joinComponents(parts)), true
	case keywordProps[prop] != nil:
		if len(parts) != 1 || !keywordProps[prop][strings.ToLower(parts[0])] {
			return "", false
		}
		return strings.ToLower(parts[0]), true
	case lengthProps[prop]:
		if len(parts) != 1 {
			return "", false
		}
		return normalizeLength(parts[0])
	case prop == "opacity" || prop == "fill-opacity" || prop == "stroke-opacity" || prop == "flex-grow" || prop == "flex-shrink":
		if len(parts) != 1 {
			return "", false
		}
		f, unit, ok := splitNumber(parts[0])
		if !ok || unit != "" && !(unit == "%" && strings.HasSuffix(prop, "opacity")) || f < 0 && strings.HasPrefix(prop, "flex") {
			if t, ok := normalizeFunction(prop, parts[0]); ok && strings.Contains(t, "(") {
				return t, true
			}
			return "", false
		}
		return formatNumber(f) + unit, true
	case prop == "z-index" || prop == "order":
		if len(parts) != 1 {
			return "", false
		}
		if strings.EqualFold(parts[0], "auto") && prop == "z-index" {
			return "auto", true
		}
		f, unit, ok := splitNumber(parts[0])
		if !ok || unit != "" || f != math.Trunc(f) {
			return "", false
		}
		return formatNumber(f), true
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		t, ok := normalizeComponent(prop, p)
		if !ok {
			return "", false
		}
		out = append(out, t)
	}
	return joinComponents(out), true
}

// normalizeLength normalizes one <length-percentage> or length keyword.
func normalizeLength(t string) (string, bool) {
	if f, unit, ok := splitNumber(t); ok {
		switch {
		case unit == "" && f == 0:
			return "0px", true
		case unit == "%" || lengthUnits[unit]:
			return formatNumber(f) + unit, true
		}
		return "", false
	}
	lower := strings.ToLower(t)
	if lengthKeywords[lower] {
		return lower, true
	}
	if strings.HasSuffix(t, ")") {
		name, _, _ := strings.Cut(lower, "(")
		switch name {
		case "calc", "min", "max", "clamp", "-webkit-calc", "fit-content", "anchor", "anchor-size":
			return normalizeFunction("", t)
		}
	}
	return "", false
}

// normalizeComponent normalizes one component value of prop.
func normalizeComponent(prop, t string) (string, bool) {
	switch c := t[0]; {
	case t == "," || t == "/":
		return t, true
	case c == '"' || c == '\'':
		return quoteCSSString(unquoteCSSString(t)), true
	case c == '#':
		if rgb, ok := hexColor(t[1:]); ok {
			return rgb, true
		}
		return t, true
	case strings.HasSuffix(t, ")") && strings.IndexByte(t, '(') > 0:
		return normalizeFunction(prop, t)
	}
	if f, unit, ok := splitNumber(t); ok {
		if unit == "" && f == 0 && zeroIsLengthProps[prop] {
			return "0px", true
		}
		return formatNumber(f) + unit, true
	}
	if caseKeptProps[prop] {
		return t, true
	}
	return strings.ToLower(t), true
}

// zeroIsLengthProps are multi-component properties whose bare 0 is a length.
var zeroIsLengthProps = set(`margin padding inset border-width border-radius border border-top border-right border-bottom
	border-left outline gap grid-gap box-shadow text-shadow background-position background-size transform-origin
	border-spacing perspective-origin object-position scroll-margin scroll-padding`)

// normalizeFunction normalizes a functional notation: url() quoted,
// colors converted, other functions with their arguments normalized.
func normalizeFunction(prop, t string) (string, bool) {
	open := strings.IndexByte(t, '(')
	if open <= 0 || !strings.HasSuffix(t, ")") {
		// not a function: opacity = undefined (ApexCharts) reaches here
		return "", false
	}
	name := strings.ToLower(t[:open])
	inner := strings.TrimSpace(t[open+1 : len(t)-1])
	switch name {
	case "url":
		if inner != "" && (inner[0] == '"' || inner[0] == '\'') {
			inner = unquoteCSSString(inner)
		}
		return "url(" + quoteCSSString(inner) + ")", true
	case "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch":
		return normalizeColor(t)
	}
	args := splitComponents(inner)
	for i, a := range args {
		switch a {
		case ",", "/", "+", "-", "*":
			continue
		}
		n, ok := normalizeComponent(prop, a)
		if !ok {
			return "", false
		}
		if strings.HasPrefix(name, "calc") || name == "min" || name == "max" || name == "clamp" {
			// inside math functions a bare 0 stays a number
			if f, unit, ok := splitNumber(a); ok && unit == "" {
				n = formatNumber(f)
			}
		}
		args[i] = n
	}
	if c, ok := camelFunctionNames[name]; ok {
		name = c
	}
	return name + "(" + joinComponents(args) + ")", true
}

// camelFunctionNames are the transform functions whose names Chromium
// serializes in their canonical mixed case (TRANSLATEX(1px) reads back as
// translateX(1px)); other function names are lowercased. Animation
// libraries (anime.js, GSAP) read style.transform back and compare it.
// https://drafts.csswg.org/css-transforms-2/#transform-functions
var camelFunctionNames = map[string]string{
	"translatex": "translateX", "translatey": "translateY", "translatez": "translateZ",
	"scalex": "scaleX", "scaley": "scaleY", "scalez": "scaleZ",
	"rotatex": "rotateX", "rotatey": "rotateY", "rotatez": "rotateZ",
	"skewx": "skewX", "skewy": "skewY",
}

// normalizeColor returns a color as Chromium serializes a specified color:
// named colors lowercase, everything else rgb()/rgba().
// https://drafts.csswg.org/css-color/#serializing-sRGB-values
func normalizeColor(t string) (string, bool) {
	lower := strings.ToLower(t)
	if _, ok := namedColors[lower]; ok || lower == "transparent" || lower == "currentcolor" {
		return lower, true
	}
	if cssWideKeywords[lower] {
		return lower, true
	}
	if strings.HasPrefix(t, "#") {
		return hexColor(t[1:])
	}
	if c, ok := normalizeLabColor(t); ok { // csscolor4.go
		return c, true
	}
	r, g, b, a, ok := parseColorFunction(lower)
	if !ok {
		return "", false
	}
	return rgbString(r, g, b, a), true
}

// colorRGBA resolves any color to its components (for computed values).
func colorRGBA(t string) (r, g, b int, a float64, ok bool) {
	lower := strings.ToLower(strings.TrimSpace(t))
	if c, ok := namedColors[lower]; ok {
		return int(c >> 16), int(c >> 8 & 0xff), int(c & 0xff), 1, true
	}
	if lower == "transparent" {
		return 0, 0, 0, 0, true
	}
	if strings.HasPrefix(lower, "#") {
		if s, ok := hexColor(lower[1:]); ok {
			return parseColorFunction(s)
		}
		return 0, 0, 0, 0, false
	}
	return parseColorFunction(lower)
}

// computedColor is a color's computed form: always rgb()/rgba().
func computedColor(t string) string {
	if r, g, b, a, ok := colorRGBA(t); ok {
		return rgbString(r, g, b, a)
	}
	return t
}

func rgbString(r, g, b int, a float64) string {
	s := strconv.Itoa(r) + ", " + strconv.Itoa(g) + ", " + strconv.Itoa(b)
	if a >= 1 {
		return "rgb(" + s + ")"
	}
	return "rgba(" + s + ", " + formatAlpha(a) + ")"
}

// formatAlpha prints an alpha as Chromium does: the shortest of two or
// three decimals that keeps its 8-bit value.
func formatAlpha(a float64) string {
	if a <= 0 {
		return "0"
	}
	b8 := math.Round(a * 255)
	two := math.Round(b8/255*100) / 100
	if math.Round(two*255) == b8 {
		return formatNumber(two)
	}
	return formatNumber(math.Round(b8/255*1000) / 1000)
}

func hexColor(h string) (string, bool) {
	var v [8]int
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			v[i%8] = int(c - '0')
		case c >= 'a' && c <= 'f':
			v[i%8] = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v[i%8] = int(c-'A') + 10
		default:
			return "", false
		}
	}
	switch len(h) {
	case 3, 4:
		a := 255
		if len(h) == 4 {
			a = v[3] * 17
		}
		return rgbString(v[0]*17, v[1]*17, v[2]*17, float64(a)/255), true
	case 6, 8:
		a := 255
		if len(h) == 8 {
			a = v[6]*16 + v[7]
		}
		return rgbString(v[0]*16+v[1], v[2]*16+v[3], v[4]*16+v[5], float64(a)/255), true
	}
	return "", false
}

// parseColorFunction parses rgb()/rgba()/hsl()/hsla() in legacy (comma)
// and modern (space, slash alpha) syntax.
// https://drafts.csswg.org/css-color/#rgb-functions
func parseColorFunction(t string) (r, g, b int, a float64, ok bool) {
	open := strings.IndexByte(t, '(')
	if open < 0 || !strings.HasSuffix(t, ")") {
		return
	}
	name := t[:open]
	var args []string
	for _, p := range splitComponents(t[open+1 : len(t)-1]) {
		if p != "," {
			args = append(args, p)
		}
	}
	a = 1
	if n := len(args); n == 5 && args[3] == "/" {
		args = append(args[:3], args[4])
	}
	if len(args) != 3 && len(args) != 4 {
		return
	}
	comp := func(s string, scale float64) (float64, bool) {
		if s == "none" {
			return 0, true
		}
		f, unit, ok := splitNumber(s)
		switch {
		case !ok:
			return 0, false
		case unit == "%":
			return f / 100 * scale, true
		case unit == "" || unit == "deg":
			return f, true
		case unit == "turn":
			return f * 360, true
		case unit == "rad":
			return f * 180 / math.Pi, true
		}
		return 0, false
	}
	if len(args) == 4 {
		f, k := comp(args[3], 1)
		if !k {
			return
		}
		a = math.Max(0, math.Min(1, f))
	}
	clamp := func(f float64) int { return int(math.Round(math.Max(0, math.Min(255, f)))) }
	switch name {
	case "rgb", "rgba":
		var c [3]float64
		for i := 0; i < 3; i++ {
			f, k := comp(args[i], 255)
			if !k {
				return
			}
			c[i] = f
		}
		return clamp(c[0]), clamp(c[1]), clamp(c[2]), a, true
	case "hsl", "hsla":
		h, k1 := comp(args[0], 360)
		s, k2 := comp(args[1], 100)
		l, k3 := comp(args[2], 100)
		if !k1 || !k2 || !k3 {
			return
		}
		s, l = math.Max(0, math.Min(100, s))/100, math.Max(0, math.Min(100, l))/100
		h = math.Mod(h, 360)
		if h < 0 {
			h += 360
		}
		// https://drafts.csswg.org/css-color/#hsl-to-rgb
		f := func(n float64) float64 {
			k := math.Mod(n+h/30, 12)
			return l - s*math.Min(l, 1-l)*math.Max(-1, math.Min(k-3, math.Min(9-k, 1)))
		}
		return clamp(f(0) * 255), clamp(f(8) * 255), clamp(f(4) * 255), a, true
	}
	return
}

// namedColors are the CSS named colors as 0xRRGGBB.
// https://drafts.csswg.org/css-color/#named-colors
var namedColors = map[string]uint32{
	"aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4, "azure": 0xf0ffff,
	"beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000, "blanchedalmond": 0xffebcd, "blue": 0x0000ff,
	"blueviolet": 0x8a2be2, "brown": 0xa52a2a, "burlywood": 0xdeb887, "cadetblue": 0x5f9ea0, "chartreuse": 0x7fff00,
	"chocolate": 0xd2691e, "coral": 0xff7f50, "cornflowerblue": 0x6495ed, "cornsilk": 0xfff8dc, "crimson": 0xdc143c,
	"cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b, "darkgoldenrod": 0xb8860b, "darkgray": 0xa9a9a9,
	"darkgreen": 0x006400, "darkgrey": 0xa9a9a9, "darkkhaki": 0xbdb76b, "darkmagenta": 0x8b008b,
	"darkolivegreen": 0x556b2f, "darkorange": 0xff8c00, "darkorchid": 0x9932cc, "darkred": 0x8b0000,
	"darksalmon": 0xe9967a, "darkseagreen": 0x8fbc8f, "darkslateblue": 0x483d8b, "darkslategray": 0x2f4f4f,
	"darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1, "darkviolet": 0x9400d3, "deeppink": 0xff1493,
	"deepskyblue": 0x00bfff, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1e90ff,
	"firebrick": 0xb22222, "floralwhite": 0xfffaf0, "forestgreen": 0x228b22, "fuchsia": 0xff00ff,
	"gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff, "gold": 0xffd700, "goldenrod": 0xdaa520, "gray": 0x808080,
	"green": 0x008000, "greenyellow": 0xadff2f, "grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4,
	"indianred": 0xcd5c5c, "indigo": 0x4b0082, "ivory": 0xfffff0, "khaki": 0xf0e68c, "lavender": 0xe6e6fa,
	"lavenderblush": 0xfff0f5, "lawngreen": 0x7cfc00, "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6,
	"lightcoral": 0xf08080, "lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3,
	"lightgreen": 0x90ee90, "lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1, "lightsalmon": 0xffa07a,
	"lightseagreen": 0x20b2aa, "lightskyblue": 0x87cefa, "lightslategray": 0x778899, "lightslategrey": 0x778899,
	"lightsteelblue": 0xb0c4de, "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32,
	"linen": 0xfaf0e6, "magenta": 0xff00ff, "maroon": 0x800000, "mediumaquamarine": 0x66cdaa,
	"mediumblue": 0x0000cd, "mediumorchid": 0xba55d3, "mediumpurple": 0x9370db, "mediumseagreen": 0x3cb371,
	"mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a, "mediumturquoise": 0x48d1cc,
	"mediumvioletred": 0xc71585, "midnightblue": 0x191970, "mintcream": 0xf5fffa, "mistyrose": 0xffe4e1,
	"moccasin": 0xffe4b5, "navajowhite": 0xffdead, "navy": 0x000080, "oldlace": 0xfdf5e6, "olive": 0x808000,
	"olivedrab": 0x6b8e23, "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6,
	"palegoldenrod": 0xeee8aa, "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
	"papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb, "plum": 0xdda0dd,
	"powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xff0000,
	"rosybrown": 0xbc8f8f, "royalblue": 0x4169e1, "saddlebrown": 0x8b4513, "salmon": 0xfa8072,
	"sandybrown": 0xf4a460, "seagreen": 0x2e8b57, "seashell": 0xfff5ee, "sienna": 0xa0522d, "silver": 0xc0c0c0,
	"skyblue": 0x87ceeb, "slateblue": 0x6a5acd, "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa,
	"springgreen": 0x00ff7f, "steelblue": 0x4682b4, "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8,
	"tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee, "wheat": 0xf5deb3, "white": 0xffffff,
	"whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32,
}
