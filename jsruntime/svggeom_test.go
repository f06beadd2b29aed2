package jsruntime

import (
	"math"
	"testing"
)

func TestFlattenPath(t *testing.T) {
	for _, tt := range []struct {
		d          string
		subs, last int     // subpaths, points in the last one
		length     float64 // total length
	}{
		{"", 0, 0, 0},
		{"M0 0", 1, 1, 0},
		{"M0,0L3,4", 1, 2, 5},
		{"M0 0 3 4", 1, 2, 5}, // implicit lineto after moveto
		{"m1 1 3 4", 1, 2, 5}, // relative implicit lineto
		{"M0 0h10v10h-10z", 1, 5, 40},
		{"M0 0H10M20 0H25", 2, 2, 15},
		{"M0 0L10 0L20 x L30 0", 1, 2, 10},   // stops at the error
		{"L10 0", 0, 0, 0},                   // no leading moveto: nothing
		{"M0-1-2-3", 1, 2, math.Hypot(2, 2)}, // signs separate numbers
		{"M.5.5.5.5", 1, 2, 0},               // a second dot starts a number; .5.5 is a lineto to itself
		{"M0 0a5 5 0 1010 0", 1, 0, 0},       // flags without separators (points checked below)
		{"M1e1 0L2e1 0", 1, 2, 10},
		{"M0 0 Z Z L1 0", 1, 4, 1},
	} {
		subs := flattenPath(tt.d)
		if len(subs) != tt.subs {
			t.Errorf("%q: %d subpaths, want %d", tt.d, len(subs), tt.subs)
			continue
		}
		if tt.last > 0 && len(subs[len(subs)-1]) != tt.last {
			t.Errorf("%q: last subpath %v, want %d points", tt.d, subs[len(subs)-1], tt.last)
		}
		if tt.last > 0 || tt.length > 0 {
			if got := outlineLength(parsePathSegs(tt.d)); math.Abs(got-tt.length) > 1e-9 {
				t.Errorf("%q: length %v, want %v", tt.d, got, tt.length)
			}
		}
	}
	// the large arc (240°) of radius 5 from (0,0) to (10,0), sweep 0
	subs := flattenPath("M0 0a5 5 0 1010 0")
	var b bbox
	for _, p := range subs[0] {
		b.add(p.x, p.y)
	}
	if got := outlineLength(parsePathSegs("M0 0a5 5 0 1010 0")); math.Abs(got-5*math.Pi) > 0.05 {
		t.Errorf("arc length %v, want about %v", got, 5*math.Pi)
	}
	if end := subs[0][len(subs[0])-1]; math.Abs(end.x-10) > 1e-9 || math.Abs(end.y) > 1e-9 {
		t.Errorf("arc ends at %v", end)
	}
}

func TestParseSVGTransform(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want affine
	}{
		{"", identityAffine},
		{"translate(10)", affine{1, 0, 0, 1, 10, 0}},
		{"translate(10 20) scale(2)", affine{2, 0, 0, 2, 10, 20}},
		{"translate(10,20),scale(2,3)", affine{2, 0, 0, 3, 10, 20}},
		{"matrix(1 2 3 4 5 6)", affine{1, 2, 3, 4, 5, 6}},
		{"rotate(90)", affine{0, 1, -1, 0, 0, 0}},
		{"rotate(180 5 5)", affine{-1, 0, 0, -1, 10, 10}},
		{"skewX(45)", affine{1, 0, 1, 1, 0, 0}},
		{"matrix(1 2 3)", identityAffine}, // an error drops the whole list
		{"bogus(1)", identityAffine},
		{"translate(1", identityAffine},
	} {
		got := parseSVGTransform(tt.s)
		for i := range got {
			if math.Abs(got[i]-tt.want[i]) > 1e-9 {
				t.Errorf("%q = %v, want %v", tt.s, got, tt.want)
				break
			}
		}
	}
}

func TestTextAdvance(t *testing.T) {
	f := fontMetrics{size: 16}
	// Helvetica's widths: H e l l o space w o r l d
	if got, want := f.advance("Hello world"), 4945.0*16/1000; math.Abs(got-want) > 1e-9 {
		t.Errorf("advance = %v, want %v", got, want)
	}
	if got := f.advance("日本"); got != 32 {
		t.Errorf("wide characters: %v, want 32", got)
	}
	if got := f.advance("e\u0301"); got != f.advance("e") {
		t.Errorf("a combining mark has no advance: %v", got)
	}
	if got := (fontMetrics{size: 10, monospace: true}).advance("iM"); got != 12 {
		t.Errorf("monospace: %v, want 12", got)
	}
	if a, d := (fontMetrics{size: 32}).ascent(), (fontMetrics{size: 32}).descent(); a != 29 || d != 7 {
		t.Errorf("ascent, descent at 32px = %v, %v; want 29, 7 (Chromium's rounding)", a, d)
	}
}

// FuzzFlattenPath: path data and transform lists come from pages; parsing
// must never panic nor produce more than maxPathPoints points.
func FuzzFlattenPath(f *testing.F) {
	for _, s := range []string{"M0 0L10 10", "m1,2c3,4 5,6 7,8s1 2 3 4q1 2 3 4t5 6a1 2 3 104 5z", "M0 0a0 0 0 1 1 5 5", "M1e400 0L0 0", "M0 0A1 1 0 2 0 1 1", "translate(1 2) rotate(3 4 5)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := 0
		for _, sub := range flattenPath(s) {
			n += len(sub)
		}
		if n > maxPathPoints+len(s) {
			t.Fatalf("%d points", n)
		}
		_ = outlineLength(parsePathSegs(s))
		_ = outlineAtLength(parsePathSegs(s), 3)
		_ = parseSVGTransform(s)
		_ = svgNumbers(s)
	})
}

func TestOutlineLength(t *testing.T) {
	for _, tt := range []struct {
		d    string
		want float64
		tol  float64
	}{
		{"M0 0C0 100 100 100 100 0", 200, 1e-6},                                    // Chromium 200.0001
		{"M1 0Q1 1 0 1", 1.6232252401, 1e-6},                                       // Chromium 1.6232256
		{"M0 0A50 50 0 0 1 100 0", 157.10167, 1e-4},                                // two cubics; Chromium 157.10178
		{"M 50,50 m 0,-46 a 46,46 0 1 1 0,92 a 46,46 0 1 1 0,-92", 289.0672, 1e-3}, // Chromium 289.0672
		{"M0 0C300 0 -200 0 100 0", 300, 1e-6},
	} {
		if got := outlineLength(parsePathSegs(tt.d)); math.Abs(got-tt.want) > tt.tol {
			t.Errorf("%q: length %v, want %v", tt.d, got, tt.want)
		}
	}
	// a circle of radius 1 is four chords, of radius 35 thirty-two (at
	// the conic's parameters, not equal angles)
	quarter := func(r float64) []pathSeg {
		return []pathSeg{{kind: 'K', p: [4]pt{{r, 0}, {r, r}, {0, r}}, w: math.Sqrt2 / 2}}
	}
	if got := 4 * outlineLength(quarter(1)); math.Abs(got-4*math.Sqrt2) > 1e-12 {
		t.Errorf("circle r=1: %v, want 4√2", got)
	}
	if got, want := 4*outlineLength(quarter(35)), 219.5562; math.Abs(got-want) > 1e-4 { // Chromium's; 2πr is 219.911
		t.Errorf("circle r=35: %v, want %v", got, want)
	}
	// the point at half a straight cubic's length is its middle
	if p := outlineAtLength(parsePathSegs("M0 0C10 0 20 0 30 0"), 15); math.Abs(p.x-15) > 1e-6 || p.y != 0 {
		t.Errorf("point at 15: %v", p)
	}
}

func TestPointInFill(t *testing.T) {
	square := []pt{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	hole := []pt{{3, 3}, {7, 3}, {7, 7}, {3, 7}}         // the square's direction
	holeReversed := []pt{{3, 3}, {3, 7}, {7, 7}, {7, 3}} // the other direction
	line := []pt{{0, 0}, {10, 10}}
	flat := []pt{{0, 0}, {5, 5}, {10, 10}}
	tests := []struct {
		name    string
		polys   [][]pt
		q       pt
		evenOdd bool
		want    bool
	}{
		{"inside", [][]pt{square}, pt{5, 5}, false, true},
		{"outside", [][]pt{square}, pt{11, 5}, false, false},
		{"on an edge", [][]pt{square}, pt{10, 5}, false, true},
		{"on a corner", [][]pt{square}, pt{0, 0}, false, true},
		{"nonzero, hole the same way", [][]pt{square, hole}, pt{5, 5}, false, true},
		{"nonzero, hole the other way", [][]pt{square, holeReversed}, pt{5, 5}, false, false},
		{"evenodd hole", [][]pt{square, hole}, pt{5, 5}, true, false},
		{"evenodd outside the hole", [][]pt{square, hole}, pt{1, 1}, true, true},
		{"a line has no fill", [][]pt{line}, pt{5, 5}, false, false},
		{"collinear points have no fill", [][]pt{flat}, pt{5, 5}, false, false},
		{"no subpaths", nil, pt{0, 0}, false, false},
	}
	for _, tc := range tests {
		if got := pointInFill(tc.polys, tc.q, tc.evenOdd); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
