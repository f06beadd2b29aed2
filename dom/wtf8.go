package dom

import (
	"strings"
	"unicode/utf8"
)

// Lone surrogates. DOM strings are UTF-16 and may hold a surrogate code
// unit without its pair ("\ud800" in a script); dom stores text as UTF-8
// extended the WTF-8 way (https://simonsapin.github.io/wtf-8/): a lone
// surrogate U+D800..U+DFFF is the 3-byte sequence ED A0..BF 80..BF, which
// valid UTF-8 never contains. Offsets count it as one UTF-16 unit, an
// offset inside a surrogate pair splits the pair into two such sequences,
// and joining a high and a low one gives the 4-byte character again.
// Snapshots write U+FFFD for them (SerializeOptions.ValidUTF8).

// surrogateAt reports whether s holds an encoded lone surrogate at i.
func surrogateAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80
}

// HasSurrogates reports whether s holds an encoded lone surrogate.
func HasSurrogates(s string) bool {
	for i := strings.IndexByte(s, 0xED); i >= 0; {
		if surrogateAt(s, i) {
			return true
		}
		j := strings.IndexByte(s[i+1:], 0xED)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// encodeSurrogate appends the 3-byte form of surrogate unit u to b.
func encodeSurrogate(b []byte, u rune) []byte {
	return append(b, 0xED, byte(0x80|(u>>6)&0x3F), byte(0x80|u&0x3F))
}

// surrogateHalves returns the two units of an astral character.
func surrogateHalves(r rune) (hi, lo rune) {
	r -= 0x10000
	return 0xD800 + r>>10, 0xDC00 + r&0x3FF
}

// cutUTF16 returns the byte offset of UTF-16 offset u in s; mid is true
// when u falls between the two halves of the astral character at i.
func cutUTF16(s string, u int) (i int, mid bool) {
	for i < len(s) && u > 0 {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			u--
			continue
		}
		if surrogateAt(s, i) {
			i += 3
			u--
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			if u == 1 {
				return i, true
			}
			u -= 2
		} else {
			u--
		}
		i += size
	}
	return i, false
}

// sliceUTF16 returns UTF-16 units [from, to) of s, splitting the
// surrogate pairs the bounds fall inside.
func sliceUTF16(s string, from, to int) string {
	if to <= from {
		return ""
	}
	i, midI := cutUTF16(s, from)
	j, midJ := cutUTF16(s, to)
	if !midI && !midJ {
		return s[i:j]
	}
	var b []byte
	start := i
	if midI {
		r, size := utf8.DecodeRuneInString(s[i:])
		_, lo := surrogateHalves(r)
		b = encodeSurrogate(b, lo)
		start = i + size
	}
	if start < j {
		b = append(b, s[start:j]...)
	}
	if midJ {
		r, _ := utf8.DecodeRuneInString(s[j:])
		hi, _ := surrogateHalves(r)
		b = encodeSurrogate(b, hi)
	}
	return string(b)
}

// replaceUTF16 returns s with UTF-16 units [from, to) replaced by repl,
// rejoining surrogate halves that end up next to each other.
func replaceUTF16(s string, from, to int, repl string) string {
	i, midI := cutUTF16(s, from)
	j, midJ := cutUTF16(s, to)
	if !midI && !midJ && !HasSurrogates(repl) && !surrogateEdge(s, i, j) {
		return s[:i] + repl + s[j:]
	}
	b := make([]byte, 0, len(s)+len(repl)+6)
	b = append(b, s[:i]...)
	if midI {
		r, _ := utf8.DecodeRuneInString(s[i:])
		hi, _ := surrogateHalves(r)
		b = encodeSurrogate(b, hi)
	}
	b = append(b, repl...)
	tail := j
	if midJ {
		r, size := utf8.DecodeRuneInString(s[j:])
		_, lo := surrogateHalves(r)
		b = encodeSurrogate(b, lo)
		tail = j + size
	}
	b = append(b, s[tail:]...)
	return JoinSurrogates(string(b))
}

// surrogateEdge reports whether a lone surrogate ends s[:i] or starts
// s[j:], so that a replacement may complete a pair.
func surrogateEdge(s string, i, j int) bool {
	return i >= 3 && surrogateAt(s, i-3) || surrogateAt(s, j)
}

// JoinSurrogates returns s with each encoded high surrogate that is
// followed by an encoded low one replaced by their 4-byte character.
func JoinSurrogates(s string) string {
	if !HasSurrogates(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if surrogateAt(s, i) && s[i+1] <= 0xAF && surrogateAt(s, i+3) && s[i+4] >= 0xB0 {
			hi := rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F) | 0xD000
			lo := rune(s[i+4]&0x3F)<<6 | rune(s[i+5]&0x3F) | 0xD000
			b = utf8.AppendRune(b, 0x10000+(hi-0xD800)<<10+(lo-0xDC00))
			i += 6
			continue
		}
		b = append(b, s[i])
		i++
	}
	return string(b)
}

// ValidUTF8 returns s with its lone surrogates replaced by U+FFFD (pairs
// split across two sequences are joined first).
func ValidUTF8(s string) string {
	if !HasSurrogates(s) {
		return s
	}
	s = JoinSurrogates(s)
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if surrogateAt(s, i) {
			b.WriteString("\uFFFD")
			i += 3
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}
