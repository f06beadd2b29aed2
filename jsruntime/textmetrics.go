package jsruntime

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"

	"github.com/bangsnap/bangsnap/dom"
)

// Text metrics without fonts: text is measured with the advances and
// kerned pairs of the face Chromium picks for its font-family, weight and
// style on the reference machine (fontadvances.go, measured in Chromium:
// Liberation Serif by default, Liberation Sans for Arial, Helvetica and
// sans-serif, DejaVu Sans Mono for monospace...; faceNamed), East Asian
// wide characters at 1em, combining marks at 0, other characters at the
// advance of "n". Ascent and descent are Arial's. Deterministic and close
// enough for labels to be laid out as in a browser (the same ticks, the
// same wrapping decisions in most cases), never pixel-exact.

// sansAdvances are the advances, in thousandths of an em, of the printable
// ASCII characters from ' ' to '~': Liberation Sans's (fontadvances.go),
// which are Helvetica's widths.
var sansAdvances = func() (a [95]uint16) {
	for i, v := range advSans {
		a[i] = uint16(math.Round(float64(v) * 1000 / 2048))
	}
	return a
}()

const (
	fontAscent  = 0.905 // Arial's ascent, in em
	fontDescent = 0.212
)

// familyUnits are the x-height and the advance of "0" (what ex and ch
// measure), in units of a 2048-unit em, of the font Chromium uses for a
// family name on a Linux system with the Liberation and DejaVu fonts (the
// reference machine's): Arial, Helvetica and sans-serif are Liberation
// Sans, Times and the default are Liberation Serif, monospace is DejaVu
// Sans Mono. A family not listed is not installed there and is skipped.
var familyUnits = func() map[string][2]float64 {
	m := make(map[string][2]float64)
	for _, f := range []struct {
		names string
		x, ch float64
	}{
		{"serif,times,times new roman,liberation serif", 940, 1024},
		{"sans-serif,arial,helvetica,liberation sans", 1082, 1139},
		{"monospace,dejavu sans mono", 1120, 1233},
		{"system-ui,dejavu sans", 1120, 1303},
		{"dejavu serif", 1063, 1303},
		{"courier,courier new,liberation mono", 1082, 1229},
	} {
		for name := range strings.SplitSeq(f.names, ",") {
			m[name] = [2]float64{f.x, f.ch}
		}
	}
	return m
}()

// fontUnitSizes returns the px sizes of ex and ch for a font of size px,
// the font-family list family and face, the face Chromium draws the
// list's text with at the element's weight and style. The x-height is the
// first family familyUnits knows (else the default serif font's), kept in
// 1/64 px rounded down as Chromium keeps it; ch is the advance of "0" in
// face at the size glyphs are scaled to (a bold face's "0" is wider:
// DejaVu Sans Bold's 1425 units for the regular 1303, and 17.6px text has
// the "0" of 17.59375px, glyphSize).
func fontUnitSizes(family string, face *canvasFace, size float64) (ex, ch float64) {
	u := familyUnits["serif"]
	for name := range strings.SplitSeq(family, ",") {
		name = ascii.Lower(strings.Trim(strings.TrimSpace(name), `"'`))
		if f, ok := familyUnits[name]; ok {
			u = f
			break
		}
	}
	if u[0] == 1120 && face != nil && face.hintedX {
		// DejaVu's hinted x-height (hintedXHeight)
		if h, ok := hintedXHeight(size); ok {
			return h, fontMetrics{size: size, face: face}.faceAdvance("0")
		}
	}
	return math.Floor(u[0]*size/2048*64) / 64, fontMetrics{size: size, face: face}.faceAdvance("0")
}

// ascent and descent are f's face's, rounded to whole pixels as Chromium
// rounds a font's metrics (Arial's without a face).
func (f fontMetrics) ascent() float64 {
	if f.face != nil {
		return math.Round(f.face.ascent * f.size / f.face.unitsPerEm)
	}
	return math.Round(fontAscent * f.size)
}

func (f fontMetrics) descent() float64 {
	if f.face != nil {
		return math.Round(f.face.descent * f.size / f.face.unitsPerEm)
	}
	return math.Round(fontDescent * f.size)
}

// xHeight is the height of f's lowercase letters in px (half the font size
// without a face), where vertical-align: middle centers a box and what an
// ex is. A DejaVu face's is the hinted height of its "x" from 8px to
// 52.45px (hintedXHeight).
func (f fontMetrics) xHeight() float64 {
	if f.face != nil && f.face.unitsPerEm > 0 {
		if f.face.hintedX {
			if h, ok := hintedXHeight(f.size); ok {
				return h
			}
		}
		return f.face.xHeight * f.size / f.face.unitsPerEm
	}
	return 0.5 * f.size
}

// dejaVuXSteps are the font sizes in px from which Chromium's x-height of
// DejaVu Sans and DejaVu Sans Mono (every weight and style) is 5, 6, … 28
// px. Their OS/2 tables are of version 1, with no sxHeight, so Skia
// measures the "x" glyph's outline as FreeType hints it, whole pixels
// from 8px up to dejaVuHintEnd and unhinted elsewhere (1120 of 2048
// units): 13px monospace has an x-height of 7 (7.109 unhinted), 15px one
// of 9 (8.203), and a box of vertical-align: middle sits by it (diff2html's
// 13px code lines are 16px tall, not 15.95). Measured in Chromium 156 in
// 1/64 px steps; Liberation's fonts have an sxHeight, which is used as is.
var dejaVuXSteps = [...]float64{8, 9.609375, 11.390625, 13.171875, 14.96875, 16.75, 18.53125, 20.3125,
	22.109375, 23.890625, 25.671875, 27.46875, 29.25, 31.03125, 32.8125, 34.625, 36.390625, 39.953125,
	41.75, 43.53125, 45.3125, 47.109375, 48.890625, 50.671875}

const dejaVuHintEnd = 52.453125

// hintedXHeight is a DejaVu face's x-height at size px where FreeType's
// hinting sets it (dejaVuXSteps).
func hintedXHeight(size float64) (float64, bool) {
	if size < dejaVuXSteps[0] || size >= dejaVuHintEnd {
		return 0, false
	}
	i := 1
	for i < len(dejaVuXSteps) && dejaVuXSteps[i] <= size {
		i++
	}
	return float64(4 + i), true
}

// normalLineHeight is the height of a line of f under line-height: normal
// in px: the face's ascent, descent and line gap, each rounded to whole
// pixels and summed, as Chromium's SimpleFontData does (Liberation Serif at
// 12px is 11+3+1 = 15, where 1.15 em would be 13.8).
func (f fontMetrics) normalLineHeight() float64 {
	if f.face == nil {
		return math.Round(f.size * 1.15)
	}
	return f.ascent() + f.descent() + math.Round(f.face.lineGap*f.size/f.face.unitsPerEm)
}

// latinBase is the ASCII letter of each accented letter of Latin-1 and
// Latin Extended-A and -B (é: e), 0 for the rest.
var latinBase = func() (t [0x250]byte) {
	for r := rune(0xc0); r < 0x250; r++ {
		d := norm.NFD.String(string(r))
		if b := d[0]; len(d) > 1 && b >= 'A' && b <= 'z' && unicode.IsLetter(rune(b)) {
			t[r] = b
		}
	}
	return t
}()

// fontMetrics is what measuring needs of an element's font: its size and
// the face Chromium picks for its family, weight and style (nil: the
// Helvetica-like widths of runeAdvance).
type fontMetrics struct {
	size      float64
	monospace bool
	bold      bool
	face      *canvasFace
	// upper and capitalize are text-transform's uppercase and capitalize;
	// spacing is letter-spacing in px, added after each character.
	upper, capitalize bool
	spacing           float64
}

// advance is the width of s in f, in px.
func (f fontMetrics) advance(s string) float64 {
	if f.face != nil {
		if f.upper {
			s = strings.ToUpper(s)
		} else if f.capitalize {
			s = capitalizeWords(s)
		}
		w := f.faceAdvance(s)
		if f.spacing != 0 {
			w += f.spacing * float64(utf8.RuneCountInString(s))
		}
		return w
	}
	total := 0.0
	for _, r := range s {
		total += f.runeAdvance(r)
	}
	return total * f.size / 1000
}

// wordsAdvance is advance of s measured a word at a time, the spaces on
// their own, as Chromium's word shaper measures a drop-down select's
// option labels: pairs with a space are not kerned (an option "A" in an
// optgroup, indented by four spaces, is 24px wide at 13.33px Arial, not
// 23).
func (f fontMetrics) wordsAdvance(s string) float64 {
	w := 0.0
	for s != "" {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return w + f.advance(s)
		}
		if i > 0 {
			w += f.advance(s[:i])
		}
		w += f.advance(" ")
		s = s[i+1:]
	}
	return w
}

// spaceKern is the kerning in px of a space after the word before (when
// after) or before the word after, in f's face: the pairs a run of text
// kerns across the spaces where lines may break.
func (f fontMetrics) spaceKern(word string, after bool) float64 {
	if f.face == nil || len(f.face.kerns) == 0 && f.face.web == nil || word == "" {
		return 0
	}
	var r rune
	if after {
		r, _ = utf8.DecodeLastRuneInString(word)
	} else {
		r, _ = utf8.DecodeRuneInString(word)
	}
	if f.upper || f.capitalize && !after {
		r = unicode.ToUpper(r)
	}
	if after {
		return f.face.kern(r, ' ') * glyphSize(f.size) / f.face.unitsPerEm
	}
	return f.face.kern(' ', r) * glyphSize(f.size) / f.face.unitsPerEm
}

// pairKern is the kerning in px of the pair a, b in f's face.
func (f fontMetrics) pairKern(a, b rune) float64 {
	if f.face == nil {
		return 0
	}
	if f.upper {
		a, b = unicode.ToUpper(a), unicode.ToUpper(b)
	}
	return f.face.kern(a, b) * glyphSize(f.size) / f.face.unitsPerEm
}

// glyphSize is the font size glyphs are scaled to: Chromium hands the
// font size to FreeType in 26.6 fixed point, so a fractional size is cut
// to a 64th of a pixel (13.3px text is as wide as 13.296875px,
// 14.7px as 14.6875px; whole and quarter sizes are kept as they are).
func glyphSize(size float64) float64 {
	return math.Floor(size*64+1e-6) / 64
}

// faceAdvance is advance in f's face: ASCII from its advances and kerned
// pairs, the common punctuation, symbols and spaces outside ASCII
// (extraRunes) from theirs, combining marks nothing, characters no font
// has the face's .notdef, East Asian wide characters one em, any other
// character the advance of "n".
func (f fontMetrics) faceAdvance(s string) float64 {
	face := f.face
	if face.web != nil {
		size, px, prev := glyphSize(f.size), 0.0, rune(-1)
		for _, r := range s {
			adv, kern := face.web.step(prev, r, size)
			px += adv + kern
			prev = r
		}
		return px
	}
	units := 0.0
	prev := rune(-1)
	for _, r := range s {
		units += f.faceRune(r) + face.kern(prev, r)
		prev = r
	}
	return units * glyphSize(f.size) / face.unitsPerEm
}

// faceRune is the advance of r in f's face, in font units.
func (f fontMetrics) faceRune(r rune) float64 {
	face := f.face
	if face.web != nil {
		return face.web.units(r)
	}
	switch {
	case r >= ' ' && r <= '~':
		return float64(face.ascii[r-' '])
	case r == '\u00a0':
		return float64(face.ascii[0])
	case r >= extraRunes[0]:
		if a, ok := face.extAdvance(r); ok {
			return a
		}
	}
	switch {
	case r < rune(len(latinBase)) && latinBase[r] != 0:
		// an accented Latin letter is as wide as its letter
		return float64(face.ascii[latinBase[r]-' '])
	case f.runeAdvance(r) == 0:
		return 0
	case face.notdef != 0 && missingRune(r):
		return face.notdef
	case wideRune(r):
		return face.unitsPerEm
	}
	return face.glyphN()
}

// inkExtent is the horizontal extent of the ink of s drawn from 0 in f, in
// px: the union of its glyphs' outlines, each rounded out to whole pixels
// from where it is placed, as Skia takes a glyph's bounds from FreeType's
// control box of its outline scaled to 26.6 fixed point. Chromium adds it
// to an SVG text's getBBox and takes canvas measureText's
// actualBoundingBoxLeft and Right from it (at 12px Arial "e" reaches 7 px,
// its advance 6.67). ok is false when no glyph of s has a known outline:
// spaces, and characters outside ASCII (no table), which add nothing;
// lo and hi are then where the last glyph starts, the empty box Chromium
// is left with.
func (f fontMetrics) inkExtent(s string) (lo, hi float64, ok bool) {
	face := f.face
	if face == nil || face.ink == nil && face.web == nil {
		return 0, 0, false
	}
	if f.upper {
		s = strings.ToUpper(s)
	} else if f.capitalize {
		s = capitalizeWords(s)
	}
	scale := glyphSize(f.size) / face.unitsPerEm
	pos, prev := 0.0, rune(-1)
	for _, r := range s {
		var adv float64
		if face.web != nil {
			var kern float64
			adv, kern = face.web.step(prev, r, glyphSize(f.size))
			pos += kern
		} else {
			pos += face.kern(prev, r) * scale
			adv = f.faceRune(r) * scale
		}
		prev = r
		if !ok {
			lo, hi = pos, pos
		}
		if g0, g1, has := face.inkOf(r); has {
			l := pos + math.Floor(math.Round(g0*scale*64)/64)
			h := pos + math.Ceil(math.Round(g1*scale*64)/64)
			if !ok || l < lo {
				lo = l
			}
			if !ok || h > hi {
				hi = h
			}
			ok = true
		}
		pos += adv + f.spacing
	}
	return lo, hi, ok
}

// snapWidth rounds the width of a run of text up to Chromium's LayoutUnit,
// 1/64 px, as its inline layout does with each text item's width (a span's
// width, an SVG text's getComputedTextLength): from the float Chromium
// computes it in.
func snapWidth(w float64) float64 {
	return math.Ceil(float64(float32(w))*64) / 64
}

// floorUnit rounds a position in a run of text down to Chromium's
// LayoutUnit from the float it is computed in, as the start of a range's
// rect in a text fragment (snapWidth rounds its end up).
func floorUnit(x float64) float64 {
	return math.Floor(float64(float32(x))*64) / 64
}

func (f fontMetrics) runeAdvance(r rune) float64 {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || invisibleRune(r):
		return 0
	case wideRune(r):
		return 1000
	case f.monospace:
		return 600
	}
	a := 556.0
	if r >= ' ' && r <= '~' {
		a = float64(sansAdvances[r-' '])
	} else if r == '\u00a0' {
		a = 278
	}
	if f.bold {
		a *= 1.07
	}
	return a
}

// invisibleRune tells whether r is a default-ignorable code point that
// Chromium draws with no advance: the soft hyphen, the combining grapheme
// joiner, the bidi marks, embeddings and isolates (Blockly writes U+200F
// before its comparison operators), the zero-width spaces and joiners,
// word joiner and invisible operators, the Mongolian selectors, the
// interlinear annotation characters and the tags. Hangul fillers and
// U+1BCA0..3 show a glyph there, the Arabic number signs too.
// https://www.unicode.org/reports/tr44/#Default_Ignorable_Code_Point
func invisibleRune(r rune) bool {
	switch {
	case r == 0xad, r == 0x34f, r == 0x61c, r >= 0x180b && r <= 0x180f,
		r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x206f,
		r >= 0xfe00 && r <= 0xfe0f, r == 0xfeff, r >= 0xfff9 && r <= 0xfffb, r >= 0xe0000 && r <= 0xe0fff:
		return true
	}
	return false
}

func wideRune(r rune) bool {
	if r < 0x1100 {
		return false
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return true
	}
	return false
}

// inheritedSVGProp is an inherited property of el from its style or, on
// SVG elements, its presentation attribute: the first value declared on
// el or an ancestor in the flat tree (styleParent: a slotted element's
// slot, a shadow tree's host) (lower case), "" when none is. Memoized per document
// version like fontSize: the flow estimate asks it of every box it
// measures (line-height, white-space, the font's), and each answer would
// otherwise cost a cascade lookup for each ancestor up to the one
// declaring it, usually the root.
func (w *Window) inheritedSVGProp(el *dom.Node, prop string) string {
	sh := w.sheetsOf(el.Document())
	var pathArr [32]*dom.Node
	path := pathArr[:0] // the elements walked whose value is v
	v, found := "", false
	a, i := el, 0
	for ; a != nil && a.IsElement() && i < maxBoxDepth; a, i = w.styleParent(a), i+1 {
		if m, ok := sh.inherited[computedKey{a, prop}]; ok {
			v, found = m, true
			break
		}
		if w.pseudoOf(a) == "" {
			path = append(path, a)
		}
		if d, ok := w.declaredSVGProp(a, prop); ok {
			v, found = d, true
			break
		}
	}
	if !found && a != nil && a.IsElement() {
		// the walk stopped at the depth bound: the elements walked near
		// it would look further up than el did
		return ""
	}
	if len(path) > 0 {
		if sh.inherited == nil {
			sh.inherited = make(map[computedKey]string)
		}
		for _, p := range path {
			sh.inherited[computedKey{p, prop}] = v
		}
	}
	return v
}

// declaredSVGProp is el's own value of inherited property prop for
// inheritedSVGProp, ok=false when el leaves it to its parent.
func (w *Window) declaredSVGProp(el *dom.Node, prop string) (string, bool) {
	v, ok := w.cascaded(el, prop)
	if !ok && el.Namespace == "svg" {
		v, ok = el.GetAttribute(prop)
	}
	v = ascii.Lower(strings.TrimSpace(v))
	return v, ok && v != "" && v != "inherit" && v != "unset"
}

func (w *Window) fontOf(el *dom.Node) fontMetrics {
	f := fontMetrics{size: w.fontSize(el)}
	fam := w.fontFamilyOf(el)
	f.monospace = strings.Contains(fam, "mono") || strings.Contains(fam, "courier") || strings.Contains(fam, "consolas")
	f.face, f.bold = w.faceOf(el, fam)
	f.monospace = f.face.fixed != 0
	switch w.inheritedSVGProp(el, "text-transform") {
	case "uppercase":
		f.upper = true
	case "capitalize":
		f.capitalize = true
	}
	if ls := w.inheritedSVGProp(el, "letter-spacing"); ls == "" || ls == "normal" {
		// the usual case: no spacing, nothing computed
	} else if v, ok := strings.CutSuffix(w.computedMemo(el, "letter-spacing"), "px"); ok {
		if x, err := strconv.ParseFloat(v, 64); err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) && math.Abs(x) < 1e4 {
			f.spacing = x
		}
	}
	return f
}

// faceOf is the face Chromium draws el's text with, for its font-family
// list fam, weight and style, and whether that weight takes a bold face.
func (w *Window) faceOf(el *dom.Node, fam string) (face *canvasFace, bold bool) {
	var wt, st string
	if el.Namespace == "" || el.Namespace == pseudoNamespace {
		// the computed weight and style, with the UA's (b, strong, th and
		// headings bold; em, i, cite, var, dfn and address italic), which
		// a pseudo-element's box and the anonymous item of a flex or grid
		// container's text inherit (an h2's ::before is bold)
		wt = w.fontWeight(el)
		st, _ = w.uaComputed(el, "font-style")
		st = ascii.Lower(strings.TrimSpace(st))
	} else {
		wt, st = w.inheritedSVGProp(el, "font-weight"), w.inheritedSVGProp(el, "font-style")
	}
	bold = boldFace(weightValue(wt))
	return w.faceForFamilies(fam, bold, st == "italic" || strings.HasPrefix(st, "oblique"), wt), bold
}

// capitalizeWords puts the first letter of each word of s in upper case
// (text-transform: capitalize).
func capitalizeWords(s string) string {
	var b strings.Builder
	start := true
	for _, r := range s {
		if start && unicode.IsLetter(r) {
			r = unicode.ToUpper(r)
		}
		start = unicode.IsSpace(r)
		b.WriteRune(r)
	}
	return b.String()
}

// fontFamilyOf is el's font-family (lower case), inherited (the UA sheet
// gives form controls the system font, Arial on the reference machine:
// uastyle.go).
func (w *Window) fontFamilyOf(el *dom.Node) string {
	return w.inheritedSVGProp(el, "font-family")
}

// faceOfFamilies is the face Chromium on the reference machine uses for a
// font-family list (lower case, as written): its first installed family,
// else the default font (Liberation Serif).
func faceOfFamilies(list string, bold, italic bool) *canvasFace {
	for name := range strings.SplitSeq(list, ",") {
		name = strings.Trim(strings.TrimSpace(name), `"'`)
		if face := faceNamed(name, bold, italic); face != nil {
			return face
		}
	}
	return faceNamed("serif", bold, italic)
}

// svgText collapses the white space of SVG text as xml:space="default"
// does: newlines removed, tabs made spaces, runs of spaces made one. With
// preserve (xml:space="preserve", white-space: pre and the like) newlines
// and tabs are spaces and every space is kept.
// https://svgwg.org/svg2-draft/text.html#WhiteSpace
func svgText(s string, lastSpace, preserve bool) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\n', '\r':
			if preserve {
				b.WriteByte(' ')
				lastSpace = true
			}
			continue
		case '\t', ' ':
			if lastSpace && !preserve {
				continue
			}
			lastSpace = true
			b.WriteByte(' ')
			continue
		}
		lastSpace = false
		b.WriteRune(r)
	}
	return b.String(), lastSpace
}

// svgPreservesSpace tells whether the white space of el's text is kept:
// its computed white-space-collapse keeps spaces (preserve or
// break-spaces; xml:space="preserve" on a text content element is
// white-space: pre, svgSpaceHint).
func (w *Window) svgPreservesSpace(el *dom.Node) bool {
	switch w.whiteSpaceOf(el).Collapse() {
	case dom.WSPreserve, dom.WSBreakSpaces:
		return true
	}
	return false
}

// A textRun is a piece of an SVG text element laid out on one line.
type textRun struct {
	owner          *dom.Node // the element whose text it is
	chunk          int
	x, y, adv      float64
	ascent, height float64
	chars          int // UTF-16 units
	text           string
	// inkLo and inkHi are the horizontal extent of the run's ink from x,
	// when hasInk (inkExtent)
	inkLo, inkHi float64
	hasInk       bool
}

// svgTextLayout is a text element's runs and the shift of each chunk
// (text-anchor).
type svgTextLayout struct {
	runs   []textRun
	shifts []float64
}

// textLayout lays out a text element: each x attribute starts a chunk
// anchored by its text-anchor, y and dy move the baseline, characters
// advance by the font table.
// https://svgwg.org/svg2-draft/text.html#TextLayoutAlgorithm
func (w *Window) textLayout(t *dom.Node) *svgTextLayout {
	l := &svgTextLayout{}
	var x, y float64
	var chunkStart []float64
	var anchors []string
	lastSpace := true
	newChunk := func(el *dom.Node) {
		chunkStart = append(chunkStart, x)
		anchors = append(anchors, w.inheritedSVGProp(el, "text-anchor"))
	}
	position := func(el *dom.Node, first bool) {
		nx, okx := w.firstLength(el, "x")
		ny, oky := w.firstLength(el, "y")
		if okx {
			x = nx
		}
		if oky {
			y = ny
		}
		if dx, ok := w.firstLength(el, "dx"); ok {
			x += dx
		}
		if dy, ok := w.firstLength(el, "dy"); ok {
			y += dy
		}
		if first || okx {
			newChunk(el)
		}
	}
	position(t, true)
	var walk func(el *dom.Node, depth int)
	walk = func(el *dom.Node, depth int) {
		if depth > maxSVGDepth {
			return
		}
		for c := el.First(); c != nil; c = c.Next() {
			switch {
			case c.Kind() == dom.TextNode || c.Kind() == dom.CDATASectionNode:
				s, sp := svgText(c.Data, lastSpace, w.svgPreservesSpace(el))
				lastSpace = sp
				if s == "" {
					continue
				}
				f := w.fontOf(el)
				top := w.baselineShift(el, f)
				// each text node's run is a text item of Chromium's
				// inline layout: its width snapped up to 1/64 px, the next
				// run placed after that
				r := textRun{owner: el, chunk: len(chunkStart) - 1, x: x, y: y, adv: snapWidth(f.advance(s)),
					ascent: top, height: f.ascent() + f.descent(), text: s, chars: len(dom.UTF16(s))}
				r.inkLo, r.inkHi, r.hasInk = f.inkExtent(s)
				l.runs = append(l.runs, r)
				x += r.adv
			case c.IsElement() && c.Namespace == "svg" && (c.Data == "tspan" || c.Data == "textPath" || c.Data == "a"):
				if !svgRendered(c) {
					continue
				}
				position(c, false)
				walk(c, depth+1)
			}
		}
	}
	walk(t, 0)
	// a trailing space of the whole text is removed
	if n := len(l.runs); n > 0 {
		r := &l.runs[n-1]
		if strings.HasSuffix(r.text, " ") && !w.svgPreservesSpace(r.owner) {
			r.text = r.text[:len(r.text)-1]
			r.adv = snapWidth(w.fontOf(r.owner).advance(r.text))
			r.chars--
		}
	}
	l.shifts = make([]float64, len(chunkStart))
	for i := range chunkStart {
		end := chunkStart[i]
		for _, r := range l.runs {
			if r.chunk == i && r.x+r.adv > end {
				end = r.x + r.adv
			}
		}
		switch anchors[i] {
		case "middle":
			l.shifts[i] = -(end - chunkStart[i]) / 2
		case "end":
			l.shifts[i] = -(end - chunkStart[i])
		}
	}
	return l
}

// baselineShift is how far the top of el's text lies above its
// baseline: the ascent, less for the dominant-baseline values that move
// the baseline down, as Chromium places them for fonts without a BASE
// table (hanging at 80% of the ascent, mathematical at half of it, middle
// half the x-height above the alphabetic baseline); text-top and
// text-bottom are the alphabetic baseline in Chromium.
// https://drafts.csswg.org/css-inline/#dominant-baseline-property
func (w *Window) baselineShift(el *dom.Node, f fontMetrics) float64 {
	a, h := f.ascent(), f.ascent()+f.descent()
	switch w.inheritedSVGProp(el, "dominant-baseline") {
	case "central":
		return h / 2
	case "middle":
		return a - f.xHeight()/2
	case "hanging":
		return a - 0.8*a
	case "mathematical":
		return a / 2
	case "text-before-edge":
		return 0
	case "text-after-edge", "ideographic":
		return h
	}
	return a
}

// boxOf is the box of the runs of el or its descendants (all for the text
// element itself): their advances from the ascent to the descent, and
// the ink of their glyphs sticking out at the sides, as Chromium's.
func (l *svgTextLayout) boxOf(el *dom.Node) bbox { return l.box(el, true) }

// box is boxOf, with the ink of the glyphs or without it (the advances
// alone).
func (l *svgTextLayout) box(el *dom.Node, ink bool) bbox {
	var b bbox
	for _, r := range l.runs {
		if el != nil && !el.Contains(r.owner) {
			continue
		}
		// Chromium keeps a fragment's x as a float: the x attribute
		// rounded to float32, then the anchor's shift added in float32
		// (ApexCharts' data label backgrounds, x = 35.3095041322314 with
		// text-anchor middle, sit at 24.965755462646484, not at the double
		// sum's 24.96575355529785)
		// and the same for y: the float32 y less the ascent, in float32
		x := float64(float32(r.x) + float32(l.shifts[r.chunk]))
		top := float64(float32(r.y) - float32(r.ascent))
		b.add(x, top)
		b.add(x+r.adv, float64(float32(top)+float32(r.height)))
		if ink && r.hasInk {
			b.add(x+r.inkLo, top)
			b.add(x+r.inkHi, top)
		}
	}
	return b
}

func (w *Window) textBBox(t *dom.Node) bbox { return w.textLayout(t).boxOf(t) }

// textChars is the number of characters (UTF-16 units) of el's text as
// laid out: its white space collapsed unless it is preserved.
func (w *Window) textChars(el *dom.Node) int {
	t := textAncestor(el)
	if t == nil {
		return 0
	}
	n := 0
	for _, r := range w.textLayout(t).runs {
		if el.Contains(r.owner) {
			n += r.chars
		}
	}
	return n
}

// textLength is the summed advance of el's characters (getComputedTextLength),
// or of nchars of them from charnum.
func (w *Window) textLength(el *dom.Node, charnum, nchars int) float64 {
	t := textAncestor(el)
	if t == nil {
		return 0
	}
	l := w.textLayout(t)
	total, pos := 0.0, 0
	for _, r := range l.runs {
		if !el.Contains(r.owner) {
			continue
		}
		if nchars < 0 {
			total += r.adv
			continue
		}
		// the run's characters in the range, measured together in the
		// run's face (with their kerning)
		start, end := -1, len(r.text)
		for i, c := range r.text {
			in := pos >= charnum && pos < charnum+nchars
			if in && start < 0 {
				start = i
			} else if !in && start >= 0 {
				end = i
				break
			}
			pos++
			if utf8.RuneLen(c) == 4 {
				pos++
			}
		}
		if start >= 0 {
			f := w.fontOf(r.owner)
			part := f.advance(r.text[start:end])
			if end < len(r.text) {
				// the last glyph's advance holds its kerning with the
				// character after the range, as HarfBuzz places them
				last, _ := utf8.DecodeLastRuneInString(r.text[start:end])
				next, _ := utf8.DecodeRuneInString(r.text[end:])
				part += f.pairKern(last, next)
			}
			total += snapWidth(part)
		}
		if end < len(r.text) {
			// the rest of the run is past the range; count its units
			pos += len(dom.UTF16(r.text[end:]))
		}
	}
	return total
}
