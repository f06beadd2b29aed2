package jsruntime

import (
	"cmp"
	"slices"
	"sort"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// Bidi reordering within a line (the estimate's part of UAX #9): a line
// holding right-to-left text, or any line of a right-to-left block, notes
// where its words lie (bidiSeg, in the order laid out) with the
// direction of each; what lies between them (spaces, the edges of inline
// boxes, atomic inlines, punctuation) is neutral. When the line ends,
// each piece gets an embedding level from its type and its neighbours
// (rules W2, W7, N1, N2, I1, I2, with no explicit embeddings or
// isolates), the pieces are reordered by level (L2), and each box on the
// line is moved to where its part of the line now lies (the bounding box
// of its pieces, as Chromium's getBoundingClientRect of an inline box
// split by the reordering).
// https://unicode.org/reports/tr9/#Resolving_Weak_Types

// bidiType is a piece's type for the reordering.
type bidiType uint8

const (
	bidiN  bidiType = iota // neutral: spaces, punctuation, boxes
	bidiL                  // strong left to right
	bidiR                  // strong right to left (Hebrew)
	bidiAL                 // Arabic letter
	bidiEN                 // European number
	bidiAN                 // Arabic number
	// bidiPoint is no word but the static position of an absolutely
	// positioned box on the line (its placeholder, U+FFFC in Chromium):
	// an empty neutral piece of its own
	bidiPoint
)

// bidiSeg is a word on the open line, from x0 to x1 (the line's
// coordinates, as its boxes' x), after sp of its spaces.
type bidiSeg struct {
	x0, x1 float64
	sp     int
	t      bidiType
}

// wordBidiType is the type of a word: its first strong character's,
// else a number's when it holds a digit, else neutral.
func wordBidiType(w string) bidiType {
	num := bidiN
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c|0x20 >= 'a' && c|0x20 <= 'z':
				return bidiL
			case c >= '0' && c <= '9' && num == bidiN:
				num = bidiEN
			}
			continue
		}
		p, size := bidi.LookupString(w[i:])
		if size == 0 {
			size = 1
		}
		i += size
		switch p.Class() {
		case bidi.L:
			return bidiL
		case bidi.R:
			return bidiR
		case bidi.AL:
			return bidiAL
		case bidi.EN:
			if num == bidiN {
				num = bidiEN
			}
		case bidi.AN:
			if num == bidiN {
				num = bidiAN
			}
		}
	}
	return num
}

// noteWord notes a word of type t from x0 to x1 on the open line, when
// the block reorders its lines.
func (b *blockFlow) noteWord(x0, x1 float64, t bidiType) {
	if t == bidiN || x1 <= x0 {
		return
	}
	b.segs = append(b.segs, bidiSeg{x0: b.lineL + x0, x1: b.lineL + x1, sp: b.lineSpaces, t: t})
}

// noteRun notes the words of s, a run laid out on one line without
// wrapping from x0, each measured by m.
func (b *blockFlow) noteRun(s string, x0 float64, m fontMetrics) {
	x := x0
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i > 0 {
			x += m.advance(s[:i])
			s = s[i:]
			continue
		}
		for i < len(s) && s[i] != ' ' {
			i++
		}
		w := m.advance(s[:i])
		b.noteWord(x, x+w, wordBidiType(s[:i]))
		x += w
		s = s[i:]
	}
}

// bidiPiece is a part of a line being reordered: from x0 to x1 in the
// line as laid out, at level, at vx once reordered (from the line's
// start).
type bidiPiece struct {
	x0, x1, vx float64
	t          bidiType
	level      uint8
	point      bool // a bidiPoint seg's
}

// minBidiGap is the narrowest gap between words taken as a neutral piece:
// narrower ones are what rounding each text item's width up to a layout
// unit leaves (snapItem), part of the word before.
const minBidiGap = 0.05

// reorderLine gives the pieces of the line from lo to hi (its words
// segs, stretched by stretch a space, and the neutral gaps between them)
// their levels in a paragraph of level para (0 or 1) and their places
// once reordered. The empty pieces of its bidiPoint segs come apart, in
// points, after pieces in the same array. next is the type of the word
// the line wraps before (bidiN when none or neutral): a point among the
// neutrals ending the line takes it as the strong type after it, as
// Chromium resolves the levels of the paragraph before it breaks it into
// lines (`aaaa<abs> bbbb` wrapped after aaaa in a right-to-left block
// puts the point right of aaaa: left to right between two left-to-right
// words); the spaces there keep the paragraph's level (L1).
func reorderLine(buf []bidiPiece, segs []bidiSeg, lo, hi, stretch float64, para uint8, next bidiType) (pieces, points []bidiPiece) {
	pieces = buf
	x := lo
	// extend stretches the last piece that is not a point to x1
	extend := func(x1 float64) bool {
		if k := len(pieces) - 1; k >= 0 && !pieces[k].point {
			pieces[k].x1 = x1
			return true
		}
		return false
	}
	for _, s := range segs {
		x0, x1 := s.x0+stretch*float64(s.sp), s.x1+stretch*float64(s.sp)
		if x0 < x {
			x0 = x // overlapping (kerning): keep the order
		}
		switch {
		case x0-x >= minBidiGap:
			pieces = append(pieces, bidiPiece{x0: x, x1: x0, t: bidiN})
		case len(pieces) == 0:
			x0 = x
		case !extend(x0) && x0 > x:
			// after a point: a sliver of its own
			pieces = append(pieces, bidiPiece{x0: x, x1: x0, t: bidiN})
		}
		if s.t == bidiPoint {
			pieces = append(pieces, bidiPiece{x0: x0, x1: x0, t: bidiN, point: true})
			x = x0
			continue
		}
		pieces = append(pieces, bidiPiece{x0: x0, x1: max(x1, x0), t: s.t})
		x = max(x1, x0)
	}
	switch {
	case hi-x >= minBidiGap || len(pieces) == 0 && hi > x:
		pieces = append(pieces, bidiPiece{x0: x, x1: hi, t: bidiN})
	case hi > x && !extend(hi):
		pieces = append(pieces, bidiPiece{x0: x, x1: hi, t: bidiN})
	}
	// W2: a European number after an Arabic letter is an Arabic number;
	// W3: an Arabic letter is R; W7: a European number after L (or at the
	// start of a left-to-right paragraph) is L
	last := bidiL
	if para == 1 {
		last = bidiR
	}
	for i := range pieces {
		switch p := &pieces[i]; p.t {
		case bidiL, bidiR:
			last = p.t
		case bidiAL:
			last, p.t = bidiAL, bidiR
		case bidiEN:
			if last == bidiAL {
				p.t = bidiAN
			} else if last == bidiL {
				p.t = bidiL
			}
		}
	}
	// N1, N2: neutrals between two strong types of one direction (numbers
	// count as R) take it, others the paragraph's
	strong := func(t bidiType) bidiType {
		if t == bidiL {
			return bidiL
		}
		return bidiR
	}
	sos := bidiL
	if para == 1 {
		sos = bidiR
	}
	before := sos
	for i := 0; i < len(pieces); {
		if pieces[i].t != bidiN {
			before = strong(pieces[i].t)
			i++
			continue
		}
		j := i
		for j < len(pieces) && pieces[j].t == bidiN {
			j++
		}
		after := sos // eos: the paragraph's direction
		if j < len(pieces) {
			after = strong(pieces[j].t)
		}
		t := sos
		if before == after {
			t = before
		}
		for k := i; k < j; k++ {
			pieces[k].t = t
			if j == len(pieces) && next != bidiN && pieces[k].point && strong(next) == before {
				pieces[k].t = before
			}
		}
		i = j
	}
	// I1, I2
	maxLevel, minOdd := uint8(0), uint8(255)
	for i := range pieces {
		p := &pieces[i]
		p.level = para
		switch {
		case para == 0 && p.t == bidiR:
			p.level = 1
		case para == 0 && (p.t == bidiEN || p.t == bidiAN):
			p.level = 2
		case para == 1 && p.t != bidiR:
			p.level = 2
		}
		maxLevel = max(maxLevel, p.level)
		if p.level&1 == 1 {
			minOdd = min(minOdd, p.level)
		}
	}
	// L2: from the highest level to the lowest odd one, reverse each run
	// of pieces at that level or above
	for lv := maxLevel; lv >= minOdd && lv > 0; lv-- {
		for i := 0; i < len(pieces); {
			if pieces[i].level < lv {
				i++
				continue
			}
			j := i
			for j < len(pieces) && pieces[j].level >= lv {
				j++
			}
			for a, z := i, j-1; a < z; a, z = a+1, z-1 {
				pieces[a], pieces[z] = pieces[z], pieces[a]
			}
			i = j
		}
	}
	vx := 0.0
	for i := range pieces {
		pieces[i].vx = vx
		vx += pieces[i].x1 - pieces[i].x0
	}
	// back in the order laid out, for visualSpan's search, the points
	// after the rest
	slices.SortFunc(pieces, func(a, b bidiPiece) int {
		if a.point != b.point {
			if a.point {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.x0, b.x0), cmp.Compare(a.x1, b.x1))
	})
	k := len(pieces)
	for k > 0 && pieces[k-1].point {
		k--
	}
	return pieces[:k], pieces[k:]
}

// pointPlace is where the point of a bidiPoint seg at x (as laid out)
// lies once reordered, from the line's start, and its level; ok is false
// when points has none there.
func pointPlace(points []bidiPiece, x float64) (vx float64, level uint8, ok bool) {
	for _, p := range points {
		if p.x0 == x {
			return p.vx, p.level, true
		}
	}
	return 0, 0, false
}

// visualSpan is where the part of the line from x0 to x1 (as laid out)
// lies once its pieces (reorderLine's) are reordered, from the line's
// start: the bounds of its parts.
func visualSpan(pieces []bidiPiece, x0, x1 float64) (lo, hi float64, ok bool) {
	// the first piece reaching past x0 (pieces are in the order laid out)
	first := sort.Search(len(pieces), func(i int) bool { return pieces[i].x1 > x0 })
	if first == len(pieces) && first > 0 {
		first-- // a point at the line's end
	}
	for i := first; i < len(pieces); i++ {
		p := pieces[i]
		if p.x0 > x1 || p.x0 == x1 && x0 < x1 {
			break
		}
		a, z := max(x0, p.x0), min(x1, p.x1)
		if x0 == x1 {
			// an empty box: where the piece it lies in puts its point
			if !(x0 >= p.x0 && x0 < p.x1 || i == len(pieces)-1 && x0 == p.x1) {
				continue
			}
		} else if !(a < z) {
			continue
		}
		var v0, v1 float64
		if p.level&1 == 1 {
			v0, v1 = p.vx+p.x1-z, p.vx+p.x1-a
		} else {
			v0, v1 = p.vx+a-p.x0, p.vx+z-p.x0
		}
		if !ok {
			lo, hi, ok = v0, v1, true
		} else {
			lo, hi = min(lo, v0), max(hi, v1)
		}
	}
	return lo, hi, ok
}
