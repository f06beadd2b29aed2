// Command mkfont writes the fonts the fonts64-* WPT-format pages load
// (testdata/wpt/support/fonts64-*): small TrueType fonts of rectangles
// with chosen advances, boxes and kerned pairs, made with
// internal/sfnt/sfntbuild (no one else's font file is shipped), as
// TrueType, WOFF and WOFF2.
//
//	go run ./testdata/fonts/mkfont
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/bangsnap/bangsnap/internal/sfnt/sfntbuild"
)

// regular is a 1000-unit font: at 20px an advance of 50 units is 1px.
func regular() *sfntbuild.Font {
	return &sfntbuild.Font{
		Family: "Fonts64 Test", UnitsPerEm: 1000,
		Ascent: 900, Descent: 300, LineGap: 100,
		TypoAscent: 800, TypoDescent: 200, TypoLineGap: 0,
		WinAscent: 900, WinDescent: 300, CapHeight: 700, XHeight: 500,
		NotdefAdvance: 600,
		Glyphs: []sfntbuild.Glyph{
			{Rune: ' ', Advance: 250},
			{Rune: 'a', Advance: 500, XMin: 50, YMin: 0, XMax: 450, YMax: 500},
			{Rune: 'b', Advance: 700, XMin: -50, YMin: -200, XMax: 750, YMax: 750},
			{Rune: 'c', Advance: 400, XMin: 50, YMin: 0, XMax: 350, YMax: 500},
			{Rune: 'H', Advance: 800, XMin: 100, YMin: 0, XMax: 700, YMax: 700},
			{Rune: 'W', Advance: 1000, XMin: 0, YMin: 0, XMax: 1000, YMax: 700},
			{Rune: 'o', Advance: 550, XMin: 50, YMin: 0, XMax: 500, YMax: 500},
		},
		Kerns: []sfntbuild.Pair{{Left: 'a', Right: 'b', Kern: -100}, {Left: 'W', Right: 'o', Kern: -150}, {Left: 'b', Right: 'a', Kern: 50}},
	}
}

func main() {
	dir := filepath.Join("testdata", "wpt", "support")
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	r := regular()
	ttf := r.TTF()
	write("fonts64-regular.ttf", ttf)
	write("fonts64-regular.woff", sfntbuild.WOFF(ttf))
	write("fonts64-regular.woff2", sfntbuild.WOFF2(ttf, false))
	// a bold face: every advance 100 units wider, kerned by the kern
	// table
	b := regular()
	b.Weight = 700
	b.KernTable = true
	for i := range b.Glyphs {
		b.Glyphs[i].Advance += 100
	}
	write("fonts64-bold.ttf", b.TTF())
	// a 2048-unit face, class-kerned (GPOS format 2), with USE_TYPO_METRICS
	c := regular()
	c.UnitsPerEm, c.ClassKern, c.UseTypo = 2048, true, true
	c.TypoAscent, c.TypoDescent, c.TypoLineGap = 1600, 500, 200
	for i := range c.Glyphs {
		c.Glyphs[i].Advance = c.Glyphs[i].Advance * 2048 / 1000
	}
	write("fonts64-classkern.ttf", c.TTF())
}
