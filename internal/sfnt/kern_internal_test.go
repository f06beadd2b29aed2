package sfnt

import "testing"

// TestCoverageAndClasses looks glyphs up in Coverage tables of both
// formats and a ClassDef table of format 2, as GPOS pair kerning does.
func TestCoverageAndClasses(t *testing.T) {
	be := func(v ...int) []byte {
		var b []byte
		for _, x := range v {
			b = append(b, byte(x>>8), byte(x))
		}
		return b
	}
	// format 1: glyphs 3, 7, 9
	cov1 := &reader{b: be(1, 3, 3, 7, 9)}
	// format 2: ranges 10–12 (start index 0) and 20–21 (start index 3)
	cov2 := &reader{b: be(2, 2, 10, 12, 0, 20, 21, 3)}
	// ClassDef format 2: 5–6 class 2, 30–40 class 1
	cls := &reader{b: be(2, 2, 5, 6, 2, 30, 40, 1)}
	for _, tc := range []struct {
		r    *reader
		g    int
		want int
		fn   func(*reader, int, int) int
		name string
	}{
		{cov1, 3, 0, coverageIndex, "cov1 first"},
		{cov1, 9, 2, coverageIndex, "cov1 last"},
		{cov1, 8, -1, coverageIndex, "cov1 between"},
		{cov1, 10, -1, coverageIndex, "cov1 after"},
		{cov2, 11, 1, coverageIndex, "cov2 inside"},
		{cov2, 21, 4, coverageIndex, "cov2 second range"},
		{cov2, 15, -1, coverageIndex, "cov2 gap"},
		{cov2, 9, -1, coverageIndex, "cov2 before"},
		{cls, 6, 2, classOf, "class range end"},
		{cls, 30, 1, classOf, "class range start"},
		{cls, 7, 0, classOf, "class gap"},
		{cls, 41, 0, classOf, "class after"},
	} {
		if got := tc.fn(tc.r, 0, tc.g); got != tc.want {
			t.Errorf("%s: glyph %d = %d, want %d", tc.name, tc.g, got, tc.want)
		}
	}
	// a table cut short is no match, and marks the reader bad
	short := &reader{b: be(2, 5, 10, 12)}
	if got := coverageIndex(short, 0, 11); got != -1 || !short.bad {
		t.Errorf("truncated coverage: %d, bad %v", got, short.bad)
	}
}
