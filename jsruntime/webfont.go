package jsruntime

import (
	"crypto/sha256"
	"math"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/internal/lru"
	"github.com/bangsnap/bangsnap/internal/sfnt"
)

// Web fonts: text in a family of the page's FontFaces (document.fonts,
// @font-face rules and constructed faces) is measured with the metrics of
// the font file the face loaded, once it has loaded, as Chromium does:
// the family is matched first, then among its faces those whose weight,
// style and stretch descriptors match the font best (selectFaces'
// ranking), then for each character the first of those that is loaded,
// holds it in its unicode-range and has a glyph for it; any other
// character is measured with the face the rest of the font-family list
// gives (the next family, down to the default font). A face with no bytes
// (one whose file was not fetched: Config.Fonts unset, or a declined
// request) measures as its fallback, as before web fonts were read.
//
// Sizes scale as the system faces' do (glyphSize: 26.6 fixed point);
// advances are HarfBuzz's for a font without hinting (hmtx), kerned
// pairs those of the kern feature (GPOS pairs, else the kern table).
// Ligatures, contextual forms and variable fonts' axes are not applied
// (KNOWN_GAPS.md).

// webFontCache holds the fonts parsed from the bytes FontFaces loaded, by
// the SHA-256 of the bytes, process-wide: pages loading the same font
// file (a site's pages, Google Fonts' files) parse it once. A file that
// is no usable font is kept as nil.
var webFontCache = lru.New(lru.Options[[32]byte, parsedFont]{
	MaxLen: 512, MaxCost: 128 << 20, MaxItemPart: 4,
	Cost: func(_ [32]byte, p parsedFont) int64 { return p.cost },
})

type parsedFont struct {
	font *sfnt.Font
	cost int64
}

// parseWebFont is the font of a face's bytes, nil when they are no font
// sfnt reads. Safe to call off the loop.
func parseWebFont(data []byte) *sfnt.Font {
	if len(data) == 0 {
		return nil
	}
	key := sha256.Sum256(data)
	if p, ok := webFontCache.Get(key); ok {
		return p.font
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		f = nil
	}
	// a parsed font keeps its decompressed tables: about the size of the
	// file for TrueType, a few times it for WOFF and WOFF2
	webFontCache.Put(key, parsedFont{font: f, cost: int64(len(data))*3 + 1024})
	return f
}

// webFont is what a canvasFace made from web fonts measures with: the
// faces of the matched family (each with its unicode-range) and the face
// of the rest of the family list.
type webFont struct {
	fonts    []*sfnt.Font
	ranges   [][]unicodeRange
	scale    []float64 // fonts[i]'s units in the primary font's
	fallback *canvasFace
	fbScale  float64
	// latin caches glyph's answers for U+0000..00FF: 0 not looked up,
	// else (font index << 16 | glyph) + 1, or -1 for none; kerns caches
	// the kerning of pairs of ASCII characters in their font's units
	// (kernUnknown: not looked up). A face is used by one Window.
	latin [256]int32
	kerns *[128 * 128]int16
}

const kernUnknown = -32768

// glyph is the index in fonts of the face that has r and r's glyph
// there, -1 and 0 when none has it.
func (wf *webFont) glyph(r rune) (int, int) {
	if r >= 0 && r < 256 {
		switch v := wf.latin[r]; {
		case v > 0:
			return int(v-1) >> 16, int(v-1) & 0xffff
		case v < 0:
			return -1, 0
		}
		i, g := wf.lookup(r)
		if i < 0 {
			wf.latin[r] = -1
		} else {
			wf.latin[r] = int32(i<<16|g) + 1
		}
		return i, g
	}
	return wf.lookup(r)
}

// pairKern is fonts[i]'s kerning of glyphs ga, gb of characters a, b.
func (wf *webFont) pairKern(i int, a, b rune, ga, gb int) int {
	if a < 0 || a >= 128 || b < 0 || b >= 128 {
		return wf.fonts[i].Kern(ga, gb)
	}
	if wf.kerns == nil {
		wf.kerns = new([128 * 128]int16)
		for k := range wf.kerns {
			wf.kerns[k] = kernUnknown
		}
	}
	k := &wf.kerns[a<<7|b]
	if *k == kernUnknown {
		*k = int16(max(min(wf.fonts[i].Kern(ga, gb), 32767), -32767))
	}
	return int(*k)
}

func (wf *webFont) lookup(r rune) (int, int) {
	for i, f := range wf.fonts {
		if !inRanges(wf.ranges[i], r) {
			continue
		}
		if g := f.GlyphIndex(r); g != 0 {
			return i, g
		}
	}
	return -1, 0
}

func inRanges(rs []unicodeRange, r rune) bool {
	for _, x := range rs {
		if r >= x.lo && r <= x.hi {
			return true
		}
	}
	return false
}

// units is the advance of r in the primary font's units.
func (wf *webFont) units(r rune) float64 {
	if invisibleRune(r) {
		return 0
	}
	i, g := wf.glyph(r)
	if i < 0 && r == '\u00a0' {
		i, g = wf.glyph(' ')
	}
	if i >= 0 {
		return float64(wf.fonts[i].Advance(g)) * wf.scale[i]
	}
	return fontMetrics{face: wf.fallback}.faceRune(r) * wf.fbScale
}

// kern is the kerning of a, b in the primary font's units: pairs in one
// font only.
func (wf *webFont) kern(a, b rune) float64 {
	if a < 0 {
		return 0
	}
	i, ga := wf.glyph(a)
	j, gb := wf.glyph(b)
	switch {
	case i >= 0 && i == j:
		return float64(wf.pairKern(i, a, b, ga, gb)) * wf.scale[i]
	case i < 0 && j < 0:
		return wf.fallback.kern(a, b) * wf.fbScale
	}
	return 0
}

// ink is the horizontal extent of r's glyph in the primary font's units,
// ok false for a glyph with no outline (or none known).
func (wf *webFont) ink(r rune) (lo, hi float64, ok bool) {
	i, g := wf.glyph(r)
	if i < 0 {
		fb := wf.fallback
		if fb.ink == nil || r <= ' ' || r > '~' {
			return 0, 0, false
		}
		x := fb.ink[r-' ']
		return float64(x[0]) * wf.fbScale, float64(x[1]) * wf.fbScale, x[0] != x[1]
	}
	x0, _, x1, _, ok := wf.fonts[i].Bounds(g)
	return float64(x0) * wf.scale[i], float64(x1) * wf.scale[i], ok && x0 != x1
}

// extent is the height above and depth below the baseline of r's glyph,
// in the primary font's units.
func (wf *webFont) extent(r rune) (h, d float64) {
	i, g := wf.glyph(r)
	if i < 0 {
		h, d = wf.fallback.glyphExtent(r)
		return h * wf.fbScale, d * wf.fbScale
	}
	_, y0, _, y1, ok := wf.fonts[i].Bounds(g)
	if !ok {
		return 0, 0
	}
	return max(float64(y1), 0) * wf.scale[i], max(-float64(y0), 0) * wf.scale[i]
}

// webFaceKey identifies a face made from web fonts: the loaded faces
// chosen (at most four) and the fallback.
type webFaceKey struct {
	faces    [4]*fontFace
	fallback *canvasFace
}

// webFaceFor is the face text in a family list and style measures with
// when its first family with FontFaces of the page has one loaded with a
// font: nil when a system family comes first, when no face of the list's
// first web family is loaded (its text takes the next family: Chromium's
// fallback while a font loads), or when the page loaded no font file.
func (w *Window) webFaceFor(families []canvasFamily, want faceStyle) *canvasFace {
	fs := w.fontSet
	if fs == nil || !w.webFontsLoaded {
		return nil
	}
	for i, fam := range families {
		if fam.generic {
			return nil
		}
		cands := closestFaces(fs.faces, fam.name, want, false)
		var key webFaceKey
		n := 0
		for _, f := range cands {
			if f.status == "loaded" && f.font != nil && n < len(key.faces) {
				key.faces[n] = f
				n++
			}
		}
		if n == 0 {
			if len(cands) == 0 && faceNamed(ascii.Lower(fam.name), boldFace(want.wLo), want.slope != 0) != nil {
				return nil // an installed family comes first
			}
			continue
		}
		key.fallback = canvasFaceFor(families[i+1:], boldFace(want.wLo), want.slope != 0)
		if face, ok := w.webFaces[key]; ok {
			return face
		}
		face := newWebFace(key)
		if w.webFaces == nil {
			w.webFaces = map[webFaceKey]*canvasFace{}
		}
		w.webFaces[key] = face
		return face
	}
	return nil
}

// newWebFace makes the face of the loaded faces of key: the first one's
// metrics (the primary font's), advances from each for the characters
// it holds.
func newWebFace(key webFaceKey) *canvasFace {
	wf := &webFont{fallback: key.fallback}
	for _, f := range key.faces {
		if f == nil {
			break
		}
		f.covers(0) // parses the unicode-range
		wf.fonts = append(wf.fonts, f.font)
		wf.ranges = append(wf.ranges, f.ranges)
	}
	p := wf.fonts[0]
	upem := float64(p.UnitsPerEm)
	for _, f := range wf.fonts {
		wf.scale = append(wf.scale, upem/float64(f.UnitsPerEm))
	}
	wf.fbScale = upem / key.fallback.unitsPerEm
	return &canvasFace{
		unitsPerEm: upem,
		ascent:     float64(p.Ascent), descent: float64(p.Descent), lineGap: float64(p.LineGap),
		typoAsc: float64(p.TypoAscent), typoDesc: float64(p.TypoDescent),
		capHeight: float64(p.CapHeight), xHeight: float64(p.XHeight),
		ascender: float64(p.Ascent), descender: float64(p.Descent),
		avgChar: float64(p.AvgCharWidth), xMin: float64(p.XMin), xMax: float64(p.XMax),
		web: wf,
	}
}

// faceForFamilies is faceOfFamilies with the page's web fonts: the face
// for a computed font-family list (lower case) and style.
func (w *Window) faceForFamilies(list string, bold, italic bool, weight string) *canvasFace {
	if w.webFontsLoaded && w.fontSet != nil {
		fams, ok := w.familyLists[list]
		if !ok {
			fams, _ = parseFamilies(splitComponents(list))
			if w.familyLists == nil || len(w.familyLists) > 256 {
				w.familyLists = map[string][]canvasFamily{}
			}
			w.familyLists[list] = fams
		}
		if len(fams) > 0 {
			slope := 0
			if italic {
				slope = 2
			}
			wt := weightValue(weight)
			want := faceStyle{wLo: wt, wHi: wt, slope: slope, sLo: 100, sHi: 100}
			if face := w.webFaceFor(fams, want); face != nil {
				return face
			}
		}
	}
	return faceOfFamilies(list, bold, italic)
}

// webFontLoaded is told when face f has loaded: with a font, the text
// of its family is measured again (the flow estimate's boxes forgotten,
// as a sheet change does), as Chromium lays out again when a web font
// arrives.
func (w *Window) webFontLoaded(f *fontFace) {
	if f.font == nil || w == nil {
		return
	}
	w.webFontsLoaded = true
	w.webFaces = nil
	w.webFontsChanged()
}

// webFontsChanged makes text measure again: the flow estimate's boxes
// and the memos of computed values are forgotten.
func (w *Window) webFontsChanged() {
	w.webFontGen++
	w.sheets.dropValueMemos()
	for _, s := range w.frameSheets {
		s.dropValueMemos()
	}
}

// hbMult is HarfBuzz's multiplier for a font of upem units at size px:
// it positions glyphs in 16.16 fixed point, a font unit v becoming
// (v * mult) >> 16, so that at 20px a 1000-unit font's 500-unit advance
// is 9.9999847px, as measureText gives in Chromium.
func hbMult(size float64, upem int) int64 {
	return (int64(math.Round(size*65536)) << 16) / int64(upem)
}

// step is r's advance and the kerning of prev and r in px at size:
// glyphs of the web fonts in HarfBuzz's fixed point, others in the
// fallback face's.
func (wf *webFont) step(prev, r rune, size float64) (adv, kern float64) {
	if invisibleRune(r) {
		return 0, 0
	}
	i, g := wf.glyph(r)
	if i < 0 && r == '\u00a0' {
		i, g = wf.glyph(' ')
	}
	if i < 0 {
		fb := wf.fallback
		s := size / fb.unitsPerEm
		if prev >= 0 {
			if j, _ := wf.glyph(prev); j < 0 {
				kern = fb.kern(prev, r) * s
			}
		}
		return fontMetrics{face: fb}.faceRune(r) * s, kern
	}
	f := wf.fonts[i]
	mult := hbMult(size, f.UnitsPerEm)
	adv = float64(int64(f.Advance(g))*mult>>16) / 65536
	if prev >= 0 {
		if j, gp := wf.glyph(prev); j == i {
			kern = float64(int64(wf.pairKern(i, prev, r, gp, g))*mult>>16) / 65536
		}
	}
	return adv, kern
}

// canvasWidth is the width of canvas text at size px: white space made
// spaces, and no pair kerned with a space (canvasFace.advance).
func (wf *webFont) canvasWidth(text string, size float64) float64 {
	px, prev := 0.0, rune(-1)
	for _, r := range text {
		if r == '\t' || r == '\n' || r == '\r' || r == '\f' {
			r = ' '
		}
		p := prev
		if p == ' ' || r == ' ' {
			p = -1
		}
		adv, kern := wf.step(p, r, size)
		px += adv + kern
		prev = r
	}
	return px
}

// familyKey is the family name the face's family attribute stands for.
func (f *fontFace) familyKey() string {
	if f.famOf != f.family || f.famName == "" {
		f.famOf, f.famName = f.family, faceFamilyName(f.family)
	}
	return f.famName
}
