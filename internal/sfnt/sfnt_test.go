package sfnt_test

import (
	"errors"
	"os"
	"testing"

	"github.com/bangsnap/bangsnap/internal/sfnt"
	"github.com/bangsnap/bangsnap/internal/sfnt/sfntbuild"
)

// testFont is a 1000-unit font of a few rectangles, kerning "AV" and
// "To".
func testFont() *sfntbuild.Font {
	return &sfntbuild.Font{
		Family: "Test", UnitsPerEm: 1000,
		Ascent: 800, Descent: 200, LineGap: 90,
		TypoAscent: 750, TypoDescent: 250, TypoLineGap: 100,
		WinAscent: 900, WinDescent: 300, CapHeight: 700, XHeight: 500,
		NotdefAdvance: 500,
		Glyphs: []sfntbuild.Glyph{
			{Rune: ' ', Advance: 250},
			{Rune: 'A', Advance: 600, XMin: 10, YMin: 0, XMax: 590, YMax: 700},
			{Rune: 'V', Advance: 650, XMin: -20, YMin: 0, XMax: 670, YMax: 700},
			{Rune: 'T', Advance: 550, XMin: 5, YMin: 0, XMax: 545, YMax: 700},
			{Rune: 'o', Advance: 480, XMin: 30, YMin: -10, XMax: 450, YMax: 510},
			{Rune: 'g', Advance: 490, XMin: 30, YMin: -220, XMax: 460, YMax: 500},
			{Rune: 'é', Advance: 470, XMin: 30, YMin: -10, XMax: 440, YMax: 720},
			{Rune: 0x1f600, Advance: 1000, XMin: 50, YMin: -50, XMax: 950, YMax: 850},
		},
		Kerns: []sfntbuild.Pair{{Left: 'A', Right: 'V', Kern: -80}, {Left: 'T', Right: 'o', Kern: -60}, {Left: 'V', Right: 'A', Kern: -75}},
	}
}

func TestParseFormats(t *testing.T) {
	variants := []struct {
		name   string
		edit   func(*sfntbuild.Font)
		wrap   func([]byte) []byte
		noInk  bool
		ascent int // the ascent Parse should choose
	}{
		{name: "ttf gpos format 1", ascent: 800},
		{name: "ttf gpos format 2", edit: func(f *sfntbuild.Font) { f.ClassKern = true }, ascent: 800},
		{name: "ttf kern table", edit: func(f *sfntbuild.Font) { f.KernTable = true }, ascent: 800},
		{name: "ttf format 12", edit: func(f *sfntbuild.Font) { f.Format12 = true }, ascent: 800},
		{name: "ttf typo metrics", edit: func(f *sfntbuild.Font) { f.UseTypo = true }, ascent: 750},
		{name: "ttf zero hhea", edit: func(f *sfntbuild.Font) { f.Ascent, f.Descent = 0, 0 }, ascent: 750},
		{name: "ttf no OS/2", edit: func(f *sfntbuild.Font) { f.NoOS2 = true }, ascent: 800},
		{name: "woff", wrap: sfntbuild.WOFF, ascent: 800},
		{name: "woff2", wrap: func(b []byte) []byte { return sfntbuild.WOFF2(b, false) }, ascent: 800},
		{name: "woff2 hmtx transform", wrap: func(b []byte) []byte { return sfntbuild.WOFF2(b, true) }, ascent: 800},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			spec := testFont()
			if v.edit != nil {
				v.edit(spec)
			}
			data := spec.TTF()
			if v.wrap != nil {
				data = v.wrap(data)
			}
			f, err := sfnt.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if f.UnitsPerEm != 1000 || f.NumGlyphs != 9 {
				t.Errorf("unitsPerEm %d, %d glyphs", f.UnitsPerEm, f.NumGlyphs)
			}
			if f.Ascent != v.ascent {
				t.Errorf("ascent %d, want %d", f.Ascent, v.ascent)
			}
			if !spec.NoOS2 && (f.CapHeight != 700 || f.XHeight != 500) {
				t.Errorf("cap height %d, x height %d", f.CapHeight, f.XHeight)
			}
			if f.XMin != -20 || f.XMax != 950 {
				t.Errorf("head bounding box x %d..%d, want -20..950", f.XMin, f.XMax)
			}
			if want := map[bool]int{false: 500, true: 0}[spec.NoOS2]; f.AvgCharWidth != want {
				t.Errorf("xAvgCharWidth %d, want %d", f.AvgCharWidth, want)
			}
			if spec.NoOS2 && (f.CapHeight != 0 || f.XHeight != 0) {
				// the tops of H and x: the font has neither
				t.Errorf("cap height %d, x height %d without OS/2", f.CapHeight, f.XHeight)
			}
			for i, g := range spec.Glyphs {
				if gi := f.GlyphIndex(g.Rune); gi != i+1 {
					t.Errorf("GlyphIndex(%q) = %d, want %d", g.Rune, gi, i+1)
				}
				if a := f.Advance(i + 1); a != g.Advance {
					t.Errorf("Advance(%q) = %d, want %d", g.Rune, a, g.Advance)
				}
				x0, y0, x1, y1, ok := f.Bounds(i + 1)
				if want := g.XMin != g.XMax; ok != want || ok && (x0 != g.XMin || y0 != g.YMin || x1 != g.XMax || y1 != g.YMax) {
					t.Errorf("Bounds(%q) = %d %d %d %d %v", g.Rune, x0, y0, x1, y1, ok)
				}
			}
			if g := f.GlyphIndex('Z'); g != 0 {
				t.Errorf("GlyphIndex('Z') = %d, want 0", g)
			}
			if a := f.Advance(0); a != 500 {
				t.Errorf("notdef advance %d", a)
			}
			kerns := []struct {
				a, b rune
				want int
			}{{'A', 'V', -80}, {'V', 'A', -75}, {'T', 'o', -60}, {'o', 'T', 0}, {'A', 'A', 0}, {'A', 'Z', 0}}
			for _, k := range kerns {
				if got := f.Kern(f.GlyphIndex(k.a), f.GlyphIndex(k.b)); got != k.want {
					t.Errorf("Kern(%c, %c) = %d, want %d", k.a, k.b, got, k.want)
				}
			}
			if !f.HasKerning() {
				t.Error("HasKerning false")
			}
		})
	}
}

// TestGPOSOverKernTable: a font with a GPOS kern feature is kerned by it
// alone, as HarfBuzz does.
func TestGPOSOverKernTable(t *testing.T) {
	spec := testFont()
	spec.KernTable = true
	kern := sfntbuild.Font(*spec)
	spec.KernTable = false
	spec.Kerns = []sfntbuild.Pair{{Left: 'A', Right: 'V', Kern: -10}}
	withKern := kern.TTF()
	// build the GPOS font, then put the other's kern table in it
	spec.Extra = map[string][]byte{"kern": tableOf(t, withKern, "kern")}
	f, err := sfnt.Parse(spec.TTF())
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Kern(f.GlyphIndex('A'), f.GlyphIndex('V')); got != -10 {
		t.Errorf("Kern(A, V) = %d, want GPOS's -10", got)
	}
	if got := f.Kern(f.GlyphIndex('T'), f.GlyphIndex('o')); got != 0 {
		t.Errorf("Kern(T, o) = %d, want 0 (the kern table is not used)", got)
	}
}

func tableOf(t *testing.T, font []byte, tag string) []byte {
	t.Helper()
	n := int(font[4])<<8 | int(font[5])
	for i := range n {
		e := font[12+16*i:]
		if string(e[:4]) == tag {
			off := int(e[8])<<24 | int(e[9])<<16 | int(e[10])<<8 | int(e[11])
			l := int(e[12])<<24 | int(e[13])<<16 | int(e[14])<<8 | int(e[15])
			return font[off : off+l]
		}
	}
	t.Fatalf("no %s table", tag)
	return nil
}

func TestParseErrors(t *testing.T) {
	good := testFont().TTF()
	cases := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"short", []byte("OTTO")},
		{"not a font", []byte("<!doctype html><html></html>")},
		{"collection", append([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01"), make([]byte, 8)...)},
		{"cut short", good[:len(good)/2]},
		{"no tables", []byte("\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")},
		{"woff bad length", append([]byte("wOFF"), make([]byte, 60)...)},
		{"woff2 bad length", append([]byte("wOF2"), make([]byte, 60)...)},
		{"woff2 cut", sfntbuild.WOFF2(good, false)[:100]},
		{"woff cut", sfntbuild.WOFF(good)[:200]},
	}
	for _, c := range cases {
		if _, err := sfnt.Parse(c.data); !errors.Is(err, sfnt.ErrFormat) {
			t.Errorf("%s: err = %v, want ErrFormat", c.name, err)
		}
	}
}

// TestSystemFonts reads the reference machine's fonts, whose numbers
// jsruntime's tables hold (canvasfont.go: Liberation Sans's ascent 1854,
// descent 434, line gap 67; "A" 1366 wide).
func TestSystemFonts(t *testing.T) {
	cases := []struct {
		path                 string
		upem, asc, desc, gap int
		avg, xMin, xMax      int
		char                 rune
		advance              int
		kernA, kernB         rune
		kern                 int
	}{
		{"/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", 2048, 1854, 434, 67, 1208, -416, 2151, 'A', 1366, 'A', 'V', -152},
		{"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 2048, 1901, 483, 0, 1038, -2090, 3673, 'A', 1401, 'A', 'V', -131},
	}
	for _, c := range cases {
		data, err := os.ReadFile(c.path)
		if err != nil {
			t.Logf("skipping %s: %v", c.path, err)
			continue
		}
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if f.UnitsPerEm != c.upem || f.Ascent != c.asc || f.Descent != c.desc || f.LineGap != c.gap {
			t.Errorf("%s: upem %d ascent %d descent %d gap %d", c.path, f.UnitsPerEm, f.Ascent, f.Descent, f.LineGap)
		}
		if f.AvgCharWidth != c.avg || f.XMin != c.xMin || f.XMax != c.xMax {
			t.Errorf("%s: xAvgCharWidth %d, x bounds %d..%d", c.path, f.AvgCharWidth, f.XMin, f.XMax)
		}
		if a := f.Advance(f.GlyphIndex(c.char)); a != c.advance {
			t.Errorf("%s: advance of %c %d, want %d", c.path, c.char, a, c.advance)
		}
		if k := f.Kern(f.GlyphIndex(c.kernA), f.GlyphIndex(c.kernB)); k != c.kern {
			t.Errorf("%s: kern %c%c = %d, want %d", c.path, c.kernA, c.kernB, k, c.kern)
		}
		for _, wrap := range []func([]byte) []byte{sfntbuild.WOFF, func(b []byte) []byte { return sfntbuild.WOFF2(b, true) }} {
			g, err := sfnt.Parse(wrap(data))
			if err != nil {
				t.Fatalf("%s wrapped: %v", c.path, err)
			}
			for _, r := range "Hello, World! ÀÉ€→" {
				if a, b := f.Advance(f.GlyphIndex(r)), g.Advance(g.GlyphIndex(r)); a != b {
					t.Errorf("%s wrapped: advance of %c %d, want %d", c.path, r, b, a)
				}
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	spec := testFont()
	f.Add(spec.TTF())
	f.Add(sfntbuild.WOFF(spec.TTF()))
	f.Add(sfntbuild.WOFF2(spec.TTF(), true))
	spec.ClassKern, spec.Format12 = true, true
	f.Add(spec.TTF())
	spec.KernTable = true
	f.Add(spec.TTF())
	f.Fuzz(func(t *testing.T, data []byte) {
		font, err := sfnt.Parse(data)
		if err != nil {
			return
		}
		prev := 0
		for _, r := range "AVTo é😀\u0000\uffff" {
			g := font.GlyphIndex(r)
			_ = font.Advance(g)
			_ = font.Kern(prev, g)
			_, _, _, _, _ = font.Bounds(g)
			prev = g
		}
		for g := -1; g < 20; g++ {
			_ = font.Advance(g)
			_, _, _, _, _ = font.Bounds(g)
			_ = font.Kern(g, g+1)
		}
	})
}

// BenchmarkParse parses Liberation Sans (the reference machine's Arial)
// as TrueType, WOFF and WOFF2.
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
	if err != nil {
		b.Skip(err)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"ttf", data}, {"woff", sfntbuild.WOFF(data)}, {"woff2", sfntbuild.WOFF2(data, true)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				if _, err := sfnt.Parse(c.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMeasure measures a line with Liberation Sans's advances and
// kerned pairs (GPOS), as a web face does.
func BenchmarkMeasure(b *testing.B) {
	data, err := os.ReadFile("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
	if err != nil {
		b.Skip(err)
	}
	f, err := sfnt.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	const text = "The quick brown fox jumps over the lazy dog. AVATAR Wo To"
	b.ReportAllocs()
	for b.Loop() {
		w, prev := 0, 0
		for _, r := range text {
			g := f.GlyphIndex(r)
			w += f.Advance(g) + f.Kern(prev, g)
			prev = g
		}
		if w == 0 {
			b.Fatal("no width")
		}
	}
}
