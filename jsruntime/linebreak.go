package jsruntime

import (
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// Line breaks inside a word: where a line may break between two
// characters with no space between them ("well-known", "a/b?c=d",
// Chinese and Japanese text, which has no spaces at all).
// https://drafts.csswg.org/css-text/#line-breaking

// wordBreaks appends to dst the byte offsets i (0 < i < len(word), on
// character boundaries) where a line may break inside word, a run of text
// holding no space, and returns it. It answers as Chromium does: between
// two printable ASCII characters from the pair alone (asciiBreaks,
// measured in Chromium), a hyphen-minus before a digit only after an ASCII
// letter or digit ("ABC-123" breaks, "x -1" does not); elsewhere by the
// Unicode line breaking algorithm (UAX #14, by github.com/rivo/uniseg),
// which breaks between ideographs and kana and keeps closing punctuation
// on the line before. Thai, Lao, Khmer and Burmese, which browsers break
// with a dictionary, do not break.
func wordBreaks(word string, dst []int) []int {
	n := len(dst)
	ascii := true
	for i := 0; i < len(word); i++ {
		if word[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		for i := 1; i < len(word); i++ {
			if br, ok := asciiBreakAt(word, i); ok && br {
				dst = append(dst, i)
			}
		}
		return dst
	}
	// UAX #14's opportunities, except between two printable ASCII
	// characters, which Chromium decides from its table
	state, at, rest := -1, 0, word
	for len(rest) > 0 {
		var seg string
		seg, rest, _, state = uniseg.FirstLineSegmentInString(rest, state)
		at += len(seg)
		if len(rest) == 0 {
			break
		}
		if _, ok := asciiBreakAt(word, at); !ok {
			dst = append(dst, at)
		}
	}
	// merge in the ASCII pairs' breaks, keeping dst[n:] sorted
	for i := 1; i < len(word); i++ {
		if br, ok := asciiBreakAt(word, i); ok && br {
			dst = insertSorted(dst, n, i)
		}
	}
	return dst
}

// asciiBreakAt tells whether a line may break before word[i] when it and
// the byte before it are printable ASCII characters (ok), from Chromium's
// table and its hyphen-minus rule.
func asciiBreakAt(word string, i int) (br, ok bool) {
	a, b := word[i-1], word[i]
	if a < 0x21 || a > 0x7e || b < 0x21 || b > 0x7e {
		return false, false
	}
	if a == '-' && b >= '0' && b <= '9' {
		// a minus sign before a number stays with it; "ABC-123" and
		// "1234-5678" (long URLs) may break
		return i >= 2 && asciiAlnum(rune(word[i-2])), true
	}
	j := b - 0x21
	return asciiBreaks[a-0x21][j/64]>>(j%64)&1 != 0, true
}

// insertSorted inserts v into the sorted dst[from:], where it is not yet.
func insertSorted(dst []int, from, v int) []int {
	k := len(dst)
	for k > from && dst[k-1] > v {
		k--
	}
	if k > from && dst[k-1] == v {
		return dst
	}
	dst = append(dst, 0)
	copy(dst[k+1:], dst[k:])
	dst[k] = v
	return dst
}
