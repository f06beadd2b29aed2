package cssvalue

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The colors of CSS Color 4 and 5 beyond sRGB: lab(), lch(), oklab(),
// oklch(), color(), color-mix() and relative colors (rgb(from …)). A
// value is parsed into a small tree once; the tree gives the specified
// value (SpecifiedColor) and, with the value of currentcolor, the
// computed one (ComputeColor).
// https://drafts.csswg.org/css-color-4/
// https://drafts.csswg.org/css-color-5/

// maxColorDepth bounds colors nested in color-mix() and relative colors.
const maxColorDepth = 16

type colorNode struct {
	kind  byte  // 'l' a literal, 'c' currentcolor, 'm' color-mix(), 'r' a relative color, 'd' light-dark()
	lit   Color // 'l'
	text  string
	space ColorSpace // 'm': the interpolation space; 'r': the function's
	hue   string     // 'm': the hue interpolation method ("" for shorter)
	a, b  *colorNode // 'm', 'd': the colors; 'r': a is the origin
	pct   [2]mixPercent
	fn    string    // 'r': rgb, hsl, hwb, lab, lch, oklab, oklch or color
	args  [4]string // 'r': the channels and the alpha ("" when left out)
}

type mixPercent struct {
	v    float64
	text string // "" when left out
}

// SpecifiedColor returns the specified value of a color using the
// functions of CSS Color 4 and 5 that Chromium keeps as floats, as
// Chromium serializes it (lab(50% 20% -30%) is lab(50 25 -37.5),
// color-mix(in oklab, red 50%, blue) is color-mix(red, blue)). ok is
// false for anything else, the sRGB colors included.
func SpecifiedColor(t string) (string, bool) {
	if !IsFloatColor(t) {
		return "", false
	}
	n, ok := parseColorNode(strings.TrimSpace(t), 0)
	if !ok {
		return "", false
	}
	return n.spec(), true
}

// IsFloatColor reports whether t is written with one of the functions
// SpecifiedColor takes (without checking its arguments).
func IsFloatColor(t string) bool {
	open := strings.IndexByte(t, '(')
	if open <= 0 {
		return false
	}
	switch ascii.Lower(strings.TrimSpace(t[:open])) {
	case "lab", "lch", "oklab", "oklch", "color", "color-mix", "light-dark":
		return true
	case "rgb", "rgba", "hsl", "hsla", "hwb":
		rest := strings.TrimLeft(t[open+1:], " \t\n\r\f")
		return len(rest) > 5 && ascii.EqualFold(rest[:4], "from") && strings.IndexByte(" \t\n\r\f", rest[4]) >= 0
	}
	return false
}

// ComputeColor parses any <color> (sRGB ones too) and resolves it to a
// Color, with current as the value of currentcolor (hasCurrent false: a
// value using currentcolor is not resolved, ok=false).
func ComputeColor(t string, current Color, hasCurrent bool) (Color, bool) {
	t = strings.TrimSpace(t)
	if !IsFloatColor(t) {
		if ascii.EqualFold(t, "currentcolor") {
			return current, hasCurrent
		}
		c, ok := ParseColor(t)
		return FromRGBA(c), ok
	}
	n, ok := parseColorNode(t, 0)
	if !ok {
		return Color{}, false
	}
	return n.eval(current, hasCurrent)
}

func parseColorNode(t string, depth int) (*colorNode, bool) {
	if depth > maxColorDepth || t == "" {
		return nil, false
	}
	if t[0] == '#' {
		c, ok := ParseHex(t[1:])
		return &colorNode{kind: 'l', lit: FromRGBA(c), text: c.String()}, ok
	}
	open := strings.IndexByte(t, '(')
	if open < 0 {
		lower := ascii.Lower(t)
		if lower == "currentcolor" {
			return &colorNode{kind: 'c', text: lower}, true
		}
		c, ok := ParseColor(lower)
		if lower == "-webkit-focus-ring-color" {
			ok = false // a color of outline only
		}
		return &colorNode{kind: 'l', lit: FromRGBA(c), text: lower}, ok
	}
	if !strings.HasSuffix(t, ")") {
		return nil, false
	}
	name := ascii.Lower(strings.TrimSpace(t[:open]))
	args := components(t[open+1 : len(t)-1])
	if len(args) > 0 && ascii.EqualFold(args[0], "from") {
		return parseRelative(name, args[1:], depth)
	}
	switch name {
	case "rgb", "rgba", "hsl", "hsla", "hwb":
		c, ok := ParseColorFunction(t)
		return &colorNode{kind: 'l', lit: FromRGBA(c), text: c.String()}, ok
	case "lab", "lch", "oklab", "oklch":
		return parseLabLike(name, args)
	case "color":
		return parseColorFn(args)
	case "color-mix":
		return parseMix(t[open+1:len(t)-1], depth)
	case "light-dark":
		return parseLightDark(args, depth)
	}
	return nil, false
}

// channelRanges are, per function, what 100% is for each channel (0: a
// hue, which takes no percentage).
var channelRanges = map[string][3]float64{
	"lab": {100, 125, 125}, "lch": {100, 150, 0}, "oklab": {1, 0.4, 0.4}, "oklch": {1, 0.4, 0},
	"rgb": {255, 255, 255}, "hsl": {0, 100, 100}, "hwb": {0, 100, 100}, "color": {1, 1, 1},
}

var labSpaces = map[string]ColorSpace{"lab": SpaceLab, "lch": SpaceLCh, "oklab": SpaceOKLab, "oklch": SpaceOKLCh}

// splitAlpha splits "c1 c2 c3 [/ a]" (no commas) into the channels and the
// alpha ("" when left out).
func splitAlpha(args []string) (ch []string, alpha string, ok bool) {
	for _, a := range args {
		if a == "," {
			return nil, "", false
		}
	}
	switch {
	case len(args) == 3:
		return args, "", true
	case len(args) == 5 && args[3] == "/":
		return args[:3], args[4], true
	}
	return nil, "", false
}

// channel evaluates one channel: none, a number, a percentage of hundred,
// an angle (hue) or a math function of those. kw are a relative color's
// keywords.
func channel(s string, hundred float64, hue bool, kw *Keywords) (v float64, none, ok bool) {
	if ascii.EqualFold(s, "none") {
		return 0, true, true
	}
	val, ok := EvalKeywords(s, nil, kw)
	switch {
	case !ok:
		return 0, false, false
	case val.Is(Num):
		v = val.Num
	case val.Is(Pct) && !hue && hundred != 0:
		v = val.Pct / 100 * hundred
	case val.Is(Deg) && hue:
		v = val.Deg
	default:
		return 0, false, false
	}
	// NaN does not escape a calculation: it is 0, and so is an infinite
	// hue (calc(infinity) is a hue of 0deg); other infinities are clamped
	// by the color's range.
	// https://drafts.csswg.org/css-values-4/#calc-error-constants
	// https://drafts.csswg.org/css-color-4/#example-hue-normalization
	if math.IsNaN(v) || hue && math.IsInf(v, 0) {
		v = 0
	}
	return v, false, true
}

func alphaValue(s string, kw *Keywords) (v float64, none, ok bool) {
	if s == "" {
		return 1, false, true
	}
	return channel(s, 1, false, kw)
}

// normalizeLab clamps a lab-like color's lightness and chroma and brings
// its hue into [0, 360), as Chromium does when it parses one.
func normalizeLab(c *Color) {
	hi := 100.0
	if c.Space == SpaceOKLab || c.Space == SpaceOKLCh {
		hi = 1
	}
	c.C[0] = math.Max(0, math.Min(hi, c.C[0]))
	if c.Space == SpaceLCh || c.Space == SpaceOKLCh {
		c.C[1] = math.Max(0, c.C[1])
		c.C[2] = normalizeHue(c.C[2])
	}
}

func normalizeHue(h float64) float64 {
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	return h
}

func parseLabLike(name string, args []string) (*colorNode, bool) {
	ch, alpha, ok := splitAlpha(args)
	if !ok {
		return nil, false
	}
	c := Color{Space: labSpaces[name]}
	rng := channelRanges[name]
	texts := [4]string{}
	for i, s := range ch {
		v, none, ok := channel(s, rng[i], rng[i] == 0, nil)
		if !ok {
			return nil, false
		}
		c.C[i] = v
		if none {
			c.None |= 1 << i
		}
		if IsMath(s) {
			texts[i], _ = SimplifyMath(s)
		}
	}
	none, ok := c.setAlpha(alpha)
	if !ok {
		return nil, false
	}
	if IsMath(alpha) && !none {
		texts[3], _ = SimplifyMath(alpha)
	}
	normalizeLab(&c)
	return &colorNode{kind: 'l', lit: c, text: specifiedFloat(c, texts)}, true
}

// colorSpaces are color()'s predefined spaces.
var colorSpaces = map[string]ColorSpace{
	"srgb": SpaceSRGB, "srgb-linear": SpaceSRGBLinear, "display-p3": SpaceDisplayP3, "a98-rgb": SpaceA98RGB,
	"prophoto-rgb": SpaceProPhotoRGB, "rec2020": SpaceRec2020, "xyz": SpaceXYZD65, "xyz-d50": SpaceXYZD50,
	"xyz-d65": SpaceXYZD65,
}

func parseColorFn(args []string) (*colorNode, bool) {
	if len(args) == 0 {
		return nil, false
	}
	space, ok := colorSpaces[ascii.Lower(args[0])]
	if !ok {
		return nil, false
	}
	ch, alpha, ok := splitAlpha(args[1:])
	if !ok {
		return nil, false
	}
	c := Color{Space: space}
	for i, s := range ch {
		v, none, ok := channel(s, 1, false, nil)
		if !ok {
			return nil, false
		}
		c.C[i] = v
		if none {
			c.None |= 1 << i
		}
	}
	if _, ok := c.setAlpha(alpha); !ok {
		return nil, false
	}
	return &colorNode{kind: 'l', lit: c, text: c.String()}, true
}

// specifiedFloat writes a float color as its specified value: as computed,
// but with the math functions of texts (non-empty ones) in place of their
// values, as Chromium keeps lab(calc(50) 0 0).
func specifiedFloat(c Color, texts [4]string) string {
	if texts == [4]string{} {
		return c.String()
	}
	var b strings.Builder
	b.WriteString(spaceNames[c.Space])
	b.WriteByte('(')
	for i := 0; i < 3; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case c.None&(1<<i) != 0:
			b.WriteString("none")
		case texts[i] != "":
			b.WriteString(texts[i])
		default:
			b.Write(AppendColorNumber(nil, c.C[i]))
		}
	}
	switch {
	case c.None&noneAlpha != 0:
		b.WriteString(" / none")
	case texts[3] != "":
		b.WriteString(" / ")
		b.WriteString(texts[3])
	case c.A < 1:
		b.WriteString(" / ")
		b.Write(AppendColorNumber(nil, c.A))
	}
	b.WriteByte(')')
	return b.String()
}

// splitCommas splits s at its top-level commas.
func splitCommas(s string) []string {
	var out []string
	start := 0
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// mixSpaces are color-mix()'s interpolation spaces.
var mixSpaces = map[string]ColorSpace{
	"srgb": SpaceSRGB, "srgb-linear": SpaceSRGBLinear, "display-p3": SpaceDisplayP3, "a98-rgb": SpaceA98RGB,
	"prophoto-rgb": SpaceProPhotoRGB, "rec2020": SpaceRec2020, "xyz": SpaceXYZD65, "xyz-d50": SpaceXYZD50,
	"xyz-d65": SpaceXYZD65, "lab": SpaceLab, "lch": SpaceLCh, "oklab": SpaceOKLab, "oklch": SpaceOKLCh,
	"hsl": SpaceHSL, "hwb": SpaceHWB,
}

// parseMix parses color-mix()'s arguments: [in <space> [<hue> hue]],
// then two colors, each with an optional percentage.
// https://drafts.csswg.org/css-color-5/#color-mix
func parseMix(inner string, depth int) (*colorNode, bool) {
	parts := splitCommas(inner)
	n := &colorNode{kind: 'm', space: SpaceOKLab}
	if len(parts) == 3 {
		words := strings.Fields(ascii.Lower(parts[0]))
		if len(words) < 2 || words[0] != "in" {
			return nil, false
		}
		sp, ok := mixSpaces[words[1]]
		if !ok {
			return nil, false
		}
		n.space = sp
		switch len(words) {
		case 2:
		case 4:
			if sp.hueIndex() < 0 || words[3] != "hue" {
				return nil, false
			}
			switch words[2] {
			case "shorter":
			case "longer", "increasing", "decreasing":
				n.hue = words[2]
			default:
				return nil, false
			}
		default:
			return nil, false
		}
		parts = parts[1:]
	}
	if len(parts) != 2 {
		return nil, false
	}
	for i, p := range parts {
		c, pct, ok := parseMixItem(p, depth)
		if !ok {
			return nil, false
		}
		if i == 0 {
			n.a = c
		} else {
			n.b = c
		}
		n.pct[i] = pct
	}
	return n, true
}

// parseMixItem parses one color of color-mix() with its percentage (in
// either order).
func parseMixItem(s string, depth int) (*colorNode, mixPercent, bool) {
	items := components(s)
	var pct mixPercent
	var color string
	for _, it := range items {
		if it == "," || it == "/" {
			return nil, pct, false
		}
		if v, ok := Eval(it, nil); ok && v.Is(Pct) {
			if pct.text != "" || v.Pct < 0 || v.Pct > 100 {
				return nil, pct, false
			}
			pct.v = v.Pct
			pct.text = AppendPercentText(it, v.Pct)
			continue
		}
		if color != "" {
			return nil, pct, false
		}
		color = it
	}
	if color == "" {
		return nil, pct, false
	}
	c, ok := parseColorNode(color, depth+1)
	return c, pct, ok
}

// AppendPercentText is a percentage's specified text: its number, or a
// math function simplified.
func AppendPercentText(text string, v float64) string {
	if IsMath(text) {
		if s, ok := SimplifyMath(text); ok {
			return s
		}
	}
	return FormatNumber(v) + "%"
}

// weights are the two colors' proportions (summing to 1) and the alpha
// multiplier.
func (n *colorNode) weights() (w0, w1, mult float64) {
	p0, p1 := n.pct[0], n.pct[1]
	switch {
	case p0.text == "" && p1.text == "":
		return 0.5, 0.5, 1
	case p0.text == "":
		return 1 - p1.v/100, p1.v / 100, 1
	case p1.text == "":
		return p0.v / 100, 1 - p0.v/100, 1
	}
	sum := p0.v + p1.v
	if sum == 0 {
		// both 0%: an even mix, fully transparent (Chromium 156)
		return 0.5, 0.5, 0
	}
	mult = 1.0
	if sum < 100 {
		mult = sum / 100
	}
	return p0.v / sum, p1.v / sum, mult
}

func parseRelative(name string, args []string, depth int) (*colorNode, bool) {
	switch name {
	case "rgba":
		name = "rgb"
	case "hsla":
		name = "hsl"
	}
	if len(args) < 4 {
		return nil, false
	}
	origin, ok := parseColorNode(args[0], depth+1)
	if !ok {
		return nil, false
	}
	n := &colorNode{kind: 'r', fn: name, a: origin}
	args = args[1:]
	switch name {
	case "rgb":
		n.space = SpaceSRGB
	case "hsl":
		n.space = SpaceHSL
	case "hwb":
		n.space = SpaceHWB
	case "lab", "lch", "oklab", "oklch":
		n.space = labSpaces[name]
	case "color":
		sp, ok := colorSpaces[ascii.Lower(args[0])]
		if !ok {
			return nil, false
		}
		n.space = sp
		args = args[1:]
	default:
		return nil, false
	}
	ch, alpha, ok := splitAlpha(args)
	if !ok {
		return nil, false
	}
	copy(n.args[:3], ch)
	n.args[3] = alpha
	// check the channels' types against stand-in values of the keywords
	kw := n.keywords([4]float64{1, 1, 1, 1})
	rng := n.ranges()
	for i := 0; i < 3; i++ {
		if _, _, ok := channel(n.args[i], rng[i], rng[i] == 0, kw); !ok {
			return nil, false
		}
	}
	if _, _, ok := alphaValue(alpha, kw); !ok {
		return nil, false
	}
	return n, true
}

// ranges is what 100% is for each channel of a relative color.
func (n *colorNode) ranges() [3]float64 {
	return channelRanges[n.fn]
}

// keywordNames are a relative color's channel keywords, per function.
var keywordNames = map[string][3]string{
	"rgb": {"r", "g", "b"}, "hsl": {"h", "s", "l"}, "hwb": {"h", "w", "b"}, "lab": {"l", "a", "b"},
	"lch": {"l", "c", "h"}, "oklab": {"l", "a", "b"}, "oklch": {"l", "c", "h"},
}

// keywords are the relative color's channel keywords with the values
// vals (the channels, then the alpha).
func (n *colorNode) keywords(vals [4]float64) *Keywords {
	names := keywordNames[n.fn]
	if n.fn == "color" {
		if n.space == SpaceXYZD50 || n.space == SpaceXYZD65 {
			names = [3]string{"x", "y", "z"}
		} else {
			names = keywordNames["rgb"]
		}
	}
	return &Keywords{Names: [4]string{names[0], names[1], names[2], "alpha"}, Values: vals}
}

// spec is the node's specified value.
func (n *colorNode) spec() string {
	switch n.kind {
	case 'l', 'c':
		return n.text
	case 'd':
		return "light-dark(" + n.a.spec() + ", " + n.b.spec() + ")"
	case 'm':
		var b strings.Builder
		b.WriteString("color-mix(")
		if n.space != SpaceOKLab || n.hue != "" {
			b.WriteString("in ")
			b.WriteString(spaceNames[n.space])
			if n.hue != "" {
				b.WriteString(" " + n.hue + " hue")
			}
			b.WriteString(", ")
		}
		p0, p1 := n.pct[0], n.pct[1]
		// Chromium 156 writes both percentages unless both are 50%; one
		// left out is the other's complement (a math function's is left
		// out still).
		switch {
		case p0.text == "" && p1.text == "":
		case p0.text == "" && IsMath(p1.text):
			p0, p1 = mixPercent{100 - p1.v, FormatNumber(100-p1.v) + "%"}, mixPercent{}
		case p1.text == "" && IsMath(p0.text):
		case p0.text == "":
			p0 = mixPercent{100 - p1.v, FormatNumber(100-p1.v) + "%"}
		case p1.text == "":
			p1 = mixPercent{100 - p0.v, FormatNumber(100-p0.v) + "%"}
		}
		if p0.v == 50 && p1.v == 50 && !IsMath(p0.text) && !IsMath(p1.text) {
			p0, p1 = mixPercent{}, mixPercent{}
		}
		b.WriteString(n.a.spec())
		if p0.text != "" {
			b.WriteString(" " + p0.text)
		}
		b.WriteString(", ")
		b.WriteString(n.b.spec())
		if p1.text != "" {
			b.WriteString(" " + p1.text)
		}
		b.WriteByte(')')
		return b.String()
	}
	var b strings.Builder
	b.WriteString(n.fn)
	b.WriteString("(from ")
	b.WriteString(n.a.spec())
	if n.fn == "color" {
		b.WriteString(" " + spaceNames[n.space])
	}
	kw := n.keywords([4]float64{})
	isKeyword := func(k string) bool { _, ok := kw.lookup(k); return ok }
	for i, a := range n.args {
		if a == "" {
			continue
		}
		if i == 3 {
			b.WriteString(" /")
		}
		b.WriteByte(' ')
		if IsMath(a) {
			if s, ok := SimplifyMathKeywords(a, isKeyword); ok {
				a = s
			}
		}
		b.WriteString(ascii.Lower(a))
	}
	b.WriteByte(')')
	return b.String()
}

// eval computes the node's color.
func (n *colorNode) eval(current Color, hasCurrent bool) (Color, bool) {
	switch n.kind {
	case 'l':
		return n.lit, true
	case 'c':
		return current, hasCurrent
	case 'd':
		// the light color scheme's: bangsnap has no dark one
		return n.a.eval(current, hasCurrent)
	case 'm':
		a, ok1 := n.a.eval(current, hasCurrent)
		b, ok2 := n.b.eval(current, hasCurrent)
		if !ok1 || !ok2 {
			return Color{}, false
		}
		w0, w1, mult := n.weights()
		return mix(exactAlpha(a), exactAlpha(b), n.space, n.hue, w0, w1, mult), true
	}
	origin, ok := n.a.eval(current, hasCurrent)
	if !ok {
		return Color{}, false
	}
	o := exactAlpha(origin).Convert(n.space)
	if n.fn == "rgb" {
		for i := range o.C {
			o.C[i] *= 255
		}
	}
	vals := [4]float64{o.C[0], o.C[1], o.C[2], o.A}
	for i := range vals {
		if o.None&(1<<i) != 0 {
			vals[i] = 0
		}
	}
	kw := n.keywords(vals)
	rng := n.ranges()
	out := Color{Space: n.space}
	if n.space == SpaceHSL || n.space == SpaceHWB {
		out.Space = n.space
	}
	for i := 0; i < 3; i++ {
		v, none, ok := channel(n.args[i], rng[i], rng[i] == 0, kw)
		if !ok {
			return Color{}, false
		}
		if n.fn == "rgb" {
			v /= 255
		}
		out.C[i] = v
		if none {
			out.None |= 1 << i
		}
	}
	if n.args[3] == "" {
		out.A = vals[3]
		out.None |= o.None & noneAlpha
	} else {
		a, none, ok := alphaValue(n.args[3], kw)
		if !ok {
			return Color{}, false
		}
		out.A = math.Max(0, math.Min(1, a))
		if none {
			out.None |= noneAlpha
		}
	}
	switch n.space {
	case SpaceLab, SpaceLCh, SpaceOKLab, SpaceOKLCh:
		normalizeLab(&out)
	case SpaceHSL, SpaceHWB:
		out.C[0] = normalizeHue(out.C[0])
	}
	return out, true
}

// exactAlpha is a legacy color as color-mix() and relative colors take it
// in Chromium 156: its alpha as given (0.5, not 128/255, which is what
// animations interpolate).
func exactAlpha(c Color) Color {
	if c.Space == SpaceLegacy {
		c.Space = SpaceSRGB
	}
	return c
}

// mix interpolates a and b in space with premultiplied alpha, w0 and w1
// the two colors' weights, and multiplies the alpha by mult.
// https://drafts.csswg.org/css-color-5/#color-mix-result
func mix(a, b Color, space ColorSpace, hueMethod string, w0, w1, mult float64) Color {
	a, b = forMix(a, space), forMix(b, space)
	out := Color{Space: space}
	// missing components take the other color's
	for i := 0; i < 4; i++ {
		bit := uint8(1) << i
		an, bn := a.None&bit != 0, b.None&bit != 0
		switch {
		case an && bn:
			out.None |= bit
		case an:
			a.set(i, b.get(i))
		case bn:
			b.set(i, a.get(i))
		}
	}
	hue := space.hueIndex()
	aa, ba := a.A, b.A
	for i := 0; i < 3; i++ {
		if i != hue {
			a.C[i] *= aa
			b.C[i] *= ba
		}
	}
	if hue >= 0 && out.None&(1<<hue) == 0 {
		h0, h1 := a.C[hue], b.C[hue]
		d := h1 - h0
		switch hueMethod {
		case "":
			if d > 180 {
				h0 += 360
			} else if d < -180 {
				h1 += 360
			}
		case "longer":
			if d > 0 && d < 180 {
				h0 += 360
			} else if d > -180 && d <= 0 {
				h1 += 360
			}
		case "increasing":
			if h1 < h0 {
				h1 += 360
			}
		case "decreasing":
			if h0 < h1 {
				h0 += 360
			}
		}
		a.C[hue], b.C[hue] = h0, h1
	}
	out.A = aa*w0 + ba*w1
	for i := 0; i < 3; i++ {
		v := a.C[i]*w0 + b.C[i]*w1
		if i == hue {
			v = normalizeHue(v)
		} else if out.A != 0 {
			v /= out.A
		}
		out.C[i] = v
	}
	out.A *= mult
	return out
}

func (c *Color) get(i int) float64 {
	if i == 3 {
		return c.A
	}
	return c.C[i]
}

func (c *Color) set(i int, v float64) {
	if i == 3 {
		c.A = v
	} else {
		c.C[i] = v
	}
}

// forMix converts c to color-mix()'s interpolation space, its hue missing
// when it is powerless (an achromatic color).
// https://drafts.csswg.org/css-color-4/#powerless
func forMix(c Color, space ColorSpace) Color {
	out := c.Convert(space)
	switch space {
	case SpaceLCh:
		if out.C[1] < 0.02 && c.Space != SpaceLCh {
			out.None |= 1 << 2
		}
	case SpaceOKLCh:
		if out.C[1] < 0.0002 && c.Space != SpaceOKLCh {
			out.None |= 1 << 2
		}
	case SpaceHSL:
		if (out.C[1] == 0 || out.C[2] <= 0 || out.C[2] >= 100) && c.Space != SpaceHSL {
			out.None |= 1
		}
	case SpaceHWB:
		if out.C[1]+out.C[2] >= 100 && c.Space != SpaceHWB {
			out.None |= 1
		}
	}
	return out
}

// Interpolate is the color a fraction p of the way from a to b, as CSS
// transitions and animations interpolate colors in Chromium: two legacy
// sRGB colors in sRGB with premultiplied alpha (a legacy result), any
// other pair in OKLab.
// https://drafts.csswg.org/css-color-4/#interpolation
func Interpolate(a, b Color, p float64) Color {
	if a.Space == SpaceLegacy && b.Space == SpaceLegacy {
		c := mix(a, b, SpaceSRGB, "", 1-p, p, 1)
		c.Space = SpaceLegacy
		c.A = math.Max(0, math.Min(1, c.A))
		return c
	}
	c := mix(a, b, SpaceOKLab, "", 1-p, p, 1)
	c.A = math.Max(0, math.Min(1, c.A))
	return c
}

// setAlpha gives c the alpha of the component alpha, clamped to [0, 1], or
// marks it none; ok is false when alpha is no alpha value.
func (c *Color) setAlpha(alpha string) (none, ok bool) {
	a, none, ok := alphaValue(alpha, nil)
	if !ok {
		return false, false
	}
	c.A = math.Max(0, math.Min(1, a))
	if none {
		c.None |= noneAlpha
	}
	return none, true
}

// parseLightDark parses the arguments of light-dark(): two colors, the
// light color scheme's and the dark one's.
// https://drafts.csswg.org/css-color-5/#light-dark
func parseLightDark(args []string, depth int) (*colorNode, bool) {
	var parts [][]string
	cur := []string{}
	for _, a := range args {
		if a == "," {
			parts = append(parts, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, a)
	}
	parts = append(parts, cur)
	if len(parts) != 2 || len(parts[0]) != 1 || len(parts[1]) != 1 {
		return nil, false
	}
	a, ok1 := parseColorNode(parts[0][0], depth+1)
	b, ok2 := parseColorNode(parts[1][0], depth+1)
	if !ok1 || !ok2 {
		return nil, false
	}
	return &colorNode{kind: 'd', a: a, b: b}, true
}
