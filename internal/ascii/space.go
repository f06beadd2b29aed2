package ascii

import (
	"iter"
	"strings"
)

// IsSpace reports whether c is ASCII whitespace: tab, LF, FF, CR or space.
// Unlike unicode.IsSpace (strings.Fields, strings.TrimSpace) it is false
// for U+00A0, U+2003 and the other Unicode spaces, which the standards'
// token lists and keywords keep as ordinary characters.
// https://infra.spec.whatwg.org/#ascii-whitespace
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// IsSpaceRune is IsSpace for a rune (strings.FieldsFunc and friends).
func IsSpaceRune(r rune) bool { return r < 0x80 && IsSpace(byte(r)) }

// TrimSpace returns s without its leading and trailing ASCII whitespace
// ("strip leading and trailing ASCII whitespace").
// https://infra.spec.whatwg.org/#strip-leading-and-trailing-ascii-whitespace
func TrimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && IsSpace(s[i]) {
		i++
	}
	for j > i && IsSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// Fields splits s on ASCII whitespace, dropping empty tokens ("split a
// string on ASCII whitespace"); U+00A0 and other Unicode spaces stay inside
// their token.
// https://infra.spec.whatwg.org/#split-on-ascii-whitespace
func Fields(s string) []string {
	return strings.FieldsFunc(s, IsSpaceRune)
}

// FieldsSeq is Fields as an iterator, which allocates nothing.
func FieldsSeq(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(s); {
			for i < len(s) && IsSpace(s[i]) {
				i++
			}
			start := i
			for i < len(s) && !IsSpace(s[i]) {
				i++
			}
			if i > start && !yield(s[start:i]) {
				return
			}
		}
	}
}
