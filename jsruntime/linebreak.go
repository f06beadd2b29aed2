package jsruntime

import (
	"unicode"
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
//
// mode's word-break changes them: break-all breaks between any two
// characters (grapheme clusters), keep-all not between two letters of
// Chinese, Japanese or Korean.
func wordBreaks(word string, mode wrapMode, dst []int) []int {
	if mode&breakAll != 0 {
		return graphemeBreaks(word, dst)
	}
	n := len(dst)
	dst = normalBreaks(word, dst)
	if mode&keepAll != 0 {
		k := n
		for _, i := range dst[n:] {
			a, _ := utf8.DecodeLastRuneInString(word[:i])
			b, _ := utf8.DecodeRuneInString(word[i:])
			if !cjkLetter(a) || !cjkLetter(b) {
				dst[k] = i
				k++
			}
		}
		dst = dst[:k]
	}
	return dst
}

// wordBreaksAfter is wordBreaks of a word that follows the character
// before with no space between (0: none), in another text: Chromium
// breaks a hyphen-minus from a digit after it when a letter or digit
// comes before it (`<b>123</b>-456`).
func wordBreaksAfter(before rune, word string, mode wrapMode, dst []int) []int {
	n := len(dst)
	dst = wordBreaks(word, mode, dst)
	if before < 0x80 && asciiAlnum(before) && len(word) > 1 && word[0] == '-' && word[1] >= '0' && word[1] <= '9' &&
		mode&breakAll == 0 && (len(dst) == n || dst[n] != 1) {
		dst = insertSorted(dst, n, 1)
	}
	return dst
}

// normalBreaks is wordBreaks under word-break: normal.
func normalBreaks(word string, dst []int) []int {
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

// graphemeBreaks appends the boundaries between the grapheme clusters of
// word to dst: where word-break: break-all and the emergency breaks of
// overflow-wrap break.
func graphemeBreaks(word string, dst []int) []int {
	state, at, rest := -1, 0, word
	for len(rest) > 0 {
		var g string
		g, rest, _, state = uniseg.FirstGraphemeClusterInString(rest, state)
		at += len(g)
		if len(rest) > 0 {
			dst = append(dst, at)
		}
	}
	return dst
}

// cjkLetter tells whether r is a letter of Chinese, Japanese or Korean
// text, which word-break: keep-all does not break between.
func cjkLetter(r rune) bool {
	return r >= 0x1100 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r) || r == 0x30fc) // ー
}

// wrapMode is how the words of a text break: its word-break and
// overflow-wrap (word-wrap is its alias), each inherited.
type wrapMode uint8

const (
	// breakAll: word-break: break-all, between any two characters
	breakAll wrapMode = 1 << iota
	// keepAll: word-break: keep-all, not between CJK letters
	keepAll
	// wbBreakWord: word-break: break-word, as overflow-wrap: anywhere
	wbBreakWord
	// owBreakWord, owAnywhere: overflow-wrap
	owBreakWord
	owAnywhere

	wordBreakBits    = breakAll | keepAll | wbBreakWord
	overflowWrapBits = owBreakWord | owAnywhere
)

// emergency tells whether a piece too wide for a line of its own breaks
// between any two characters (overflow-wrap: break-word or anywhere,
// word-break: break-word).
func (m wrapMode) emergency() bool { return m&(wbBreakWord|owBreakWord|owAnywhere) != 0 }

// minAnywhere tells whether those breaks count for the min-content width
// (overflow-wrap: anywhere and word-break: break-word do; overflow-wrap:
// break-word does not).
func (m wrapMode) minAnywhere() bool { return m&(wbBreakWord|owAnywhere) != 0 }

// wordBreakMode and overflowWrapMode read computed values.
// https://drafts.csswg.org/css-text/#word-break-property
// https://drafts.csswg.org/css-text/#overflow-wrap-property
func wordBreakMode(v string) wrapMode {
	switch v {
	case "break-all":
		return breakAll
	case "keep-all":
		return keepAll
	case "break-word":
		return wbBreakWord
	}
	return 0
}

func overflowWrapMode(v string) wrapMode {
	switch v {
	case "anywhere":
		return owAnywhere
	case "break-word":
		return owBreakWord
	}
	return 0
}

// boundaryBreak tells whether a line may break between two texts with no
// space between them: after last (the last two characters of the first,
// 0 where none) and before word, the first word of the second.
func boundaryBreak(last [2]rune, word string, mode wrapMode) bool {
	first, size := utf8.DecodeRuneInString(word)
	if a, b := last[1], first; a > 0x20 && a < 0x7f && b > 0x20 && b < 0x7f && mode&breakAll == 0 {
		var pair [3]byte
		n := 0
		if c := last[0]; c > 0x20 && c < 0x7f {
			pair[0], n = byte(c), 1
		}
		pair[n], pair[n+1] = byte(a), byte(b)
		br, _ := asciiBreakAt(string(pair[:n+2]), n+1)
		return br
	}
	var buf [16]byte
	s := buf[:0]
	if last[0] != 0 {
		s = utf8.AppendRune(s, last[0])
	}
	s = utf8.AppendRune(s, last[1])
	at := len(s)
	s = append(s, word[:size]...)
	if r, n := utf8.DecodeRuneInString(word[size:]); n > 0 && r != utf8.RuneError {
		s = append(s, word[size:size+n]...)
	}
	var breaks [4]int
	for _, i := range wordBreaks(string(s), mode, breaks[:0]) {
		if i == at {
			return true
		}
	}
	return false
}

// lastRunes shifts the last two characters of s into last.
func lastRunes(last [2]rune, s string) [2]rune {
	r, n := utf8.DecodeLastRuneInString(s)
	if n == 0 {
		return last
	}
	if r0, n0 := utf8.DecodeLastRuneInString(s[:len(s)-n]); n0 > 0 {
		return [2]rune{r0, r}
	}
	return [2]rune{last[1], r}
}
