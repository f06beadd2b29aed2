package jsruntime

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
)

// Canvas text: the font shorthand a 2D context's font attribute takes,
// serialized as Chromium does, and text measured with the advances of the
// fonts Chromium picks on the reference Linux machine (see familyUnits):
// Liberation Sans for Arial, Helvetica and sans-serif, Liberation Serif for
// the rest, DejaVu Sans Mono for monospace, Liberation Mono for Courier.
// Without kerning, shaping or fallback fonts the widths of ASCII text match
// Chromium's except for kerned pairs ("Wo", "AV").

// canvasFace is one font's metrics in font units: the hhea ascent and
// descent (fontBoundingBox*), the OS/2 typographic ascent and descent
// (the top, middle and bottom baselines) and the advances of ' '..'~'.
type canvasFace struct {
	unitsPerEm          float64
	ascent, descent     float64
	typoAsc, typoDesc   float64
	capHeight, xHeight  float64 // for the actual bounding box, roughly
	ascender, descender float64
	ascii               *[95]uint16
	fixed               uint16 // the advance of every glyph, for monospace faces
}

// The advances, in units of a 2048-unit em, of ' '..'~' in the fonts'
// hmtx tables (Liberation 2.1, DejaVu 2.37).
var (
	liberationSans = [95]uint16{
		569, 569, 727, 1139, 1139, 1821, 1366, 391, 682, 682, 797, 1196, 569, 682, 569, 569,
		1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 569, 569, 1196, 1196, 1196, 1139,
		2079, 1366, 1366, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1024, 1366, 1139, 1706, 1479, 1593,
		1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 569, 569, 569, 961, 1139,
		682, 1139, 1139, 1024, 1139, 1139, 569, 1139, 1139, 455, 455, 1024, 455, 1706, 1139, 1139,
		1139, 1139, 682, 1024, 569, 1139, 1024, 1479, 1024, 1024, 1024, 684, 532, 684, 1196}
	liberationSansBold = [95]uint16{
		569, 682, 971, 1139, 1139, 1821, 1479, 487, 682, 682, 797, 1196, 569, 682, 569, 569,
		1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 1139, 682, 682, 1196, 1196, 1196, 1251,
		1997, 1479, 1479, 1479, 1479, 1366, 1251, 1593, 1479, 569, 1139, 1479, 1251, 1706, 1479, 1593,
		1366, 1593, 1479, 1366, 1251, 1479, 1366, 1933, 1366, 1366, 1251, 682, 569, 682, 1196, 1139,
		682, 1139, 1251, 1139, 1251, 1139, 682, 1251, 1251, 569, 569, 1139, 569, 1821, 1251, 1251,
		1251, 1251, 797, 1139, 682, 1251, 1139, 1593, 1139, 1139, 1024, 797, 573, 797, 1196}
	liberationSerif = [95]uint16{
		512, 682, 836, 1024, 1024, 1706, 1593, 369, 682, 682, 1024, 1155, 512, 682, 512, 569,
		1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024, 569, 569, 1155, 1155, 1155, 909,
		1886, 1479, 1366, 1366, 1479, 1251, 1139, 1479, 1479, 682, 797, 1479, 1251, 1821, 1479, 1479,
		1139, 1479, 1366, 1139, 1251, 1479, 1479, 1933, 1479, 1479, 1251, 682, 569, 682, 961, 1024,
		682, 909, 1024, 909, 1024, 909, 682, 1024, 1024, 569, 569, 1024, 569, 1593, 1024, 1024,
		1024, 1024, 682, 797, 569, 1024, 1024, 1479, 1024, 1024, 909, 983, 410, 983, 1108}
	liberationSerifBold = [95]uint16{
		512, 682, 1137, 1024, 1024, 2048, 1706, 569, 682, 682, 1024, 1167, 512, 682, 512, 569,
		1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024, 682, 682, 1167, 1167, 1167, 1024,
		1905, 1479, 1366, 1479, 1479, 1366, 1251, 1593, 1593, 797, 1024, 1593, 1366, 1933, 1479, 1593,
		1251, 1593, 1479, 1139, 1366, 1479, 1479, 2048, 1479, 1479, 1366, 682, 569, 682, 1190, 1024,
		682, 1024, 1139, 909, 1139, 909, 682, 1024, 1139, 569, 682, 1139, 569, 1706, 1139, 1024,
		1139, 1139, 909, 797, 682, 1139, 1024, 1479, 1024, 1024, 909, 807, 451, 807, 1065}
)

var (
	faceSans      = &canvasFace{2048, 1854, 434, 1491, 431, 1409, 1082, 1484, 431, &liberationSans, 0}
	faceSansBold  = &canvasFace{2048, 1854, 434, 1491, 431, 1409, 1082, 1484, 431, &liberationSansBold, 0}
	faceSerif     = &canvasFace{2048, 1825, 443, 1420, 442, 1341, 940, 1399, 442, &liberationSerif, 0}
	faceSerifBold = &canvasFace{2048, 1825, 443, 1387, 442, 1349, 940, 1399, 442, &liberationSerifBold, 0}
	faceMono      = &canvasFace{2048, 1901, 483, 1556, 492, 1493, 1120, 1556, 492, nil, 1233}
	faceCourier   = &canvasFace{2048, 1705, 615, 1255, 386, 1349, 1082, 1349, 386, nil, 1229}
)

// canvasFaceFor picks the face of a font-family list as Chromium on the
// reference machine does: the first family it knows, else the default
// (serif) font.
func canvasFaceFor(families []canvasFamily, bold bool) *canvasFace {
	for _, f := range families {
		switch strings.ToLower(f.name) {
		case "sans-serif", "arial", "helvetica", "liberation sans", "system-ui":
			if bold {
				return faceSansBold
			}
			return faceSans
		case "serif", "times", "times new roman", "liberation serif":
			if bold {
				return faceSerifBold
			}
			return faceSerif
		case "monospace", "dejavu sans mono":
			return faceMono
		case "courier", "courier new", "liberation mono":
			return faceCourier
		}
	}
	if bold {
		return faceSerifBold
	}
	return faceSerif
}

// advance is the width of s in font units: ASCII from the table, East
// Asian wide characters one em, combining marks nothing, anything else
// the advance of "n".
func (f *canvasFace) advance(s string) (units float64, chars, spaces int) {
	for _, r := range s {
		chars++
		if r == ' ' {
			spaces++
		}
		switch {
		case f.fixed != 0 && !wideRune(r):
			units += float64(f.fixed)
		case r >= ' ' && r <= '~':
			units += float64(f.ascii[r-' '])
		case r == '\u00a0':
			units += float64(f.ascii[0])
		case wideRune(r):
			units += f.unitsPerEm
		case r == '\t' || r == '\n' || r == '\r' || r == '\f':
			// Canvas text replaces white space with spaces.
			// https://html.spec.whatwg.org/multipage/canvas.html#text-preparation-algorithm
			units += f.spaceAdvance()
			spaces++
		case (fontMetrics{}).runeAdvance(r) == 0:
		default:
			units += f.glyphN()
		}
	}
	return units, chars, spaces
}

func (f *canvasFace) spaceAdvance() float64 {
	if f.fixed != 0 {
		return float64(f.fixed)
	}
	return float64(f.ascii[0])
}

func (f *canvasFace) glyphN() float64 {
	if f.fixed != 0 {
		return float64(f.fixed)
	}
	return float64(f.ascii['n'-' '])
}

// A canvasFamily is one entry of a font-family list: a name, and whether
// it was a generic family keyword (never quoted when serialized).
type canvasFamily struct {
	name    string
	generic bool
}

// canvasFont is a parsed font shorthand.
type canvasFont struct {
	italic    bool
	smallCaps bool
	weight    int // 1..1000
	stretch   string
	size      float64 // px
	families  []canvasFamily
	face      *canvasFace
	text      string // serialized
}

// defaultCanvasFont is "10px sans-serif".
var defaultCanvasFont = canvasFont{weight: 400, stretch: "normal", size: 10,
	families: []canvasFamily{{"sans-serif", true}}, face: faceSans, text: "10px sans-serif"}

var genericFamilies = set("serif sans-serif cursive fantasy monospace system-ui math emoji fangsong ui-serif ui-sans-serif ui-monospace ui-rounded")

var canvasFontSizes = map[string]float64{"xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
	"x-large": 24, "xx-large": 32, "xxx-large": 48}

// parseCanvasFont parses the CSS font shorthand for a 2D context's font
// attribute (system fonts and CSS-wide keywords are not accepted, as in
// Chromium); relative sizes resolve against ctx's font size.
// https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-font
//
// relative reports a size resolved against ctx (such fonts are not cached).
func parseCanvasFont(value string, ctxOf func() *cssvalue.Context) (f canvasFont, relative, ok bool) {
	f, relative, ok = parseFontShorthand(value, ctxOf)
	return
}

func parseFontShorthand(value string, ctxOf func() *cssvalue.Context) (canvasFont, bool, bool) {
	parts := splitComponents(strings.TrimSpace(value))
	f := canvasFont{weight: 400, stretch: "normal"}
	relative := false
	i := 0
	seen := 0
	for ; i < len(parts) && seen < 4; i++ {
		lower := strings.ToLower(parts[i])
		switch {
		case lower == "normal":
		case lower == "italic" || lower == "oblique":
			f.italic = true
		case lower == "small-caps":
			f.smallCaps = true
		case lower == "bold" || lower == "bolder":
			f.weight = 700
		case lower == "lighter":
			f.weight = 100
		case fontStretch[lower]:
			f.stretch = lower
		default:
			if n, unit, ok := splitNumber(parts[i]); ok && unit == "" && n >= 1 && n <= 1000 && n == math.Trunc(n) {
				f.weight = int(n)
				break
			}
			goto size
		}
		seen++
	}
size:
	if i >= len(parts) {
		return f, false, false
	}
	lower := strings.ToLower(parts[i])
	if px, ok := canvasFontSizes[lower]; ok {
		f.size = px
	} else if lower == "larger" {
		f.size, relative = ctxOf().FontSize*1.2, true
	} else if lower == "smaller" {
		f.size, relative = ctxOf().FontSize/1.2, true
	} else {
		var v cssvalue.Value
		ok := false
		if n, unit, isNum := splitNumber(parts[i]); isNum {
			unit = strings.ToLower(unit)
			switch {
			case unit == "%":
				v, ok, relative = cssvalue.Value{Px: n * ctxOf().FontSize / 100, Kinds: cssvalue.Px}, true, true
			case unit != "" || n == 0:
				if v, ok = cssvalue.Dimension(n, unit, nil); !ok {
					v, ok = cssvalue.Dimension(n, unit, ctxOf())
					relative = true
				}
			}
		} else if cssvalue.IsMath(parts[i]) {
			ctx := ctxOf()
			c := *ctx
			c.PercentBasis, c.HasPercentBasis = ctx.FontSize, true
			v, ok = cssvalue.Eval(parts[i], &c)
			relative = true
		}
		if !ok || v.Kinds&^cssvalue.Px != 0 && !(v.Kinds == cssvalue.Num && v.Num == 0) || v.Px < 0 || math.IsNaN(v.Px) || math.IsInf(v.Px, 0) {
			return f, false, false
		}
		f.size = v.Px
	}
	i++
	if i < len(parts) && parts[i] == "/" {
		if i+1 >= len(parts) {
			return f, false, false
		}
		i += 2 // line-height: ignored by canvas text
	}
	fams, ok := parseFamilies(parts[i:])
	if !ok {
		return f, false, false
	}
	f.families = fams
	f.face = canvasFaceFor(fams, f.weight >= 600)
	f.text = f.serialize(f.smallCaps)
	return f, relative, true
}

// parseFamilies parses a font-family list given as components.
func parseFamilies(parts []string) ([]canvasFamily, bool) {
	var out []canvasFamily
	var words []string
	end := func() bool {
		if len(words) == 0 {
			return false
		}
		name := strings.Join(words, " ")
		generic := len(words) == 1 && genericFamilies[strings.ToLower(name)]
		if len(words) == 1 && (cssWideKeywords[strings.ToLower(name)] || strings.EqualFold(name, "default")) {
			return false
		}
		if generic {
			name = strings.ToLower(name)
		}
		out = append(out, canvasFamily{name: name, generic: generic})
		words = words[:0]
		return true
	}
	quoted := false
	for _, p := range parts {
		switch {
		case p == ",":
			if quoted {
				quoted = false
				continue
			}
			if !end() {
				return nil, false
			}
		case p[0] == '"' || p[0] == '\'':
			if len(words) > 0 || quoted {
				return nil, false
			}
			out = append(out, canvasFamily{name: unquoteCSSString(p)})
			quoted = true
		default:
			if quoted || !isIdent(p) {
				return nil, false
			}
			words = append(words, p)
		}
	}
	if !quoted && !end() {
		return nil, false
	}
	return out, len(out) > 0
}

// serialize writes the font as Chromium's font getter does: style,
// weight (bold for 700), small-caps, size and families; stretch and
// line-height are not written.
func (f *canvasFont) serialize(smallCaps bool) string {
	b := make([]byte, 0, 32)
	if f.italic {
		b = append(b, "italic "...)
	}
	switch f.weight {
	case 400:
	case 700:
		b = append(b, "bold "...)
	default:
		b = appendJSNumber(b, float64(f.weight))
		b = append(b, ' ')
	}
	if smallCaps {
		b = append(b, "small-caps "...)
	}
	b = appendJSNumber(b, f.size)
	b = append(b, "px "...)
	for i, fam := range f.families {
		if i > 0 {
			b = append(b, ", "...)
		}
		if fam.generic || familyIsIdents(fam.name) {
			b = append(b, fam.name...)
		} else {
			b = append(b, quoteCSSString(fam.name)...)
		}
	}
	return string(b)
}

// familyIsIdents reports whether a family name can be written bare: one
// identifier that is not a generic family or CSS-wide keyword.
func familyIsIdents(name string) bool {
	lower := strings.ToLower(name)
	return isIdent(name) && !genericFamilies[lower] && !cssWideKeywords[lower] && lower != "default"
}

// canvasTextMetrics is what measureText returns.
// https://html.spec.whatwg.org/multipage/canvas.html#textmetrics
type canvasTextMetrics struct {
	wrapper                          any // its TextMetrics object (bind's slot)
	width                            float64
	actualLeft, actualRight          float64
	fontAscent, fontDescent          float64
	actualAscent, actualDescent      float64
	hanging, alphabetic, ideographic float64
}

// measure runs measureText's steps for text with the context's font,
// spacing, alignment and baseline. The font box comes from the face's
// metrics rounded to pixels as Chromium rounds them; the actual box is an
// estimate from cap, x and ascender heights (there are no glyph outlines).
// https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-measuretext
func (c *canvas2D) measure(text string) *canvasTextMetrics {
	st := &c.st
	f := st.font.face
	size := st.font.size
	units, chars, spaces := f.advance(text)
	scale := size / f.unitsPerEm
	m := &canvasTextMetrics{width: units * scale}
	if chars > 0 {
		m.width += float64(chars)*st.letterSpacing.px(c) + float64(spaces)*st.wordSpacing.px(c)
	}
	ascent, descent := math.Round(f.ascent*scale), math.Round(f.descent*scale)
	// The baseline the text is drawn on, above the alphabetic one.
	var baseline float64
	switch st.textBaseline {
	case "top", "bottom", "middle":
		// Chromium normalizes the typographic ascent and descent to the
		// em and keeps them in 1/64 px (LayoutUnit).
		ta := math.Round(f.typoAsc/(f.typoAsc+f.typoDesc)*size*64) / 64
		td := math.Round(size*64)/64 - ta
		switch st.textBaseline {
		case "top":
			baseline = ta
		case "bottom":
			baseline = -td
		default:
			baseline = (ta - td) / 2
		}
	case "ideographic":
		baseline = -descent
	case "hanging":
		baseline = float64(float32(ascent * 0.8))
	}
	top, bottom := 0.0, 0.0
	for _, r := range text {
		h, d := f.glyphExtent(r)
		top, bottom = math.Max(top, h), math.Max(bottom, d)
	}
	top, bottom = math.Ceil(top*scale), math.Round(bottom*scale)
	var x float64
	align := st.textAlign
	if align == "start" {
		align = map[bool]string{false: "left", true: "right"}[c.rtl()]
	} else if align == "end" {
		align = map[bool]string{false: "right", true: "left"}[c.rtl()]
	}
	switch align {
	case "center":
		x = m.width / 2
	case "right":
		x = m.width
	}
	m.actualLeft, m.actualRight = x, m.width-x
	m.fontAscent, m.fontDescent = ascent-baseline, descent+baseline
	if chars > 0 {
		m.actualAscent, m.actualDescent = top-baseline, bottom+baseline
	} else {
		m.actualAscent, m.actualDescent = -baseline, baseline
	}
	m.hanging = float64(float32(ascent*0.8)) - baseline
	m.alphabetic = -baseline
	m.ideographic = -descent - baseline
	return m
}

// glyphExtent is a rough height above and depth below the baseline of r,
// in font units.
func (f *canvasFace) glyphExtent(r rune) (h, d float64) {
	switch {
	case r == ' ' || r == '\u00a0' || r < ' ':
		return 0, 0
	case r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
		h = f.capHeight
	case strings.ContainsRune("bdfhklt", r):
		h = f.ascender
	case r >= 'a' && r <= 'z':
		h = f.xHeight
	case r < utf8.RuneSelf:
		h = f.capHeight
	default:
		h = f.ascender
	}
	if strings.ContainsRune("gjpqy,;()[]{}|@Q", r) {
		d = f.descender
	}
	return h, d
}
