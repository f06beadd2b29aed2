package jsruntime

import "testing"

func TestWordBidiType(t *testing.T) {
	for w, want := range map[string]bidiType{
		"abc": bidiL, "שלום": bidiR, "مرحبا": bidiAL, "123": bidiEN, "(12)": bidiEN,
		"٣٤": bidiAN, "...": bidiN, "": bidiN, "1a": bidiL, "é": bidiL, "日本": bidiL,
	} {
		if got := wordBidiType(w); got != want {
			t.Errorf("wordBidiType(%q) = %d, want %d", w, got, want)
		}
	}
}

// TestReorderLine places the words of a line by their levels: each word
// is 10 wide with a space of 2 after it.
func TestReorderLine(t *testing.T) {
	words := func(ts ...bidiType) []bidiSeg {
		var segs []bidiSeg
		for i, ty := range ts {
			x := float64(i) * 12
			segs = append(segs, bidiSeg{x0: x, x1: x + 10, sp: i, t: ty})
		}
		return segs
	}
	// where each word starts once reordered
	starts := func(segs []bidiSeg, para uint8) []float64 {
		hi := segs[len(segs)-1].x1
		pieces, _ := reorderLine(nil, segs, 0, hi, 0, para, bidiN)
		var out []float64
		for _, s := range segs {
			lo, _, ok := visualSpan(pieces, s.x0, s.x1)
			if !ok {
				t.Fatalf("no span for %v", s)
			}
			out = append(out, lo)
		}
		return out
	}
	for _, c := range []struct {
		name string
		segs []bidiSeg
		para uint8
		want []float64
	}{
		{"ltr", words(bidiL, bidiL, bidiL), 0, []float64{0, 12, 24}},
		{"rtl", words(bidiR, bidiR, bidiR), 1, []float64{24, 12, 0}},
		{"latin in rtl", words(bidiL, bidiR, bidiL), 1, []float64{24, 12, 0}},
		{"latin run in rtl", words(bidiL, bidiL, bidiR), 1, []float64{12, 24, 0}},
		{"hebrew run in ltr", words(bidiL, bidiR, bidiR, bidiL), 0, []float64{0, 24, 12, 36}},
		{"numbers in rtl", words(bidiR, bidiEN, bidiEN, bidiR), 1, []float64{36, 24, 12, 0}},
		{"numbers in ltr hebrew", words(bidiR, bidiEN, bidiR), 0, []float64{24, 12, 0}},
		{"arabic number", words(bidiAL, bidiEN, bidiL), 1, []float64{24, 12, 0}},
	} {
		got := starts(c.segs, c.para)
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: starts %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}
