package webapi

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// SerializeIdent serializes an identifier as CSS.escape does.
// https://drafts.csswg.org/cssom/#serialize-an-identifier
func SerializeIdent(s string) string {
	var b strings.Builder
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case r == 0:
			b.WriteRune('\uFFFD')
		case r >= 1 && r <= 0x1f || r == 0x7f,
			i == 0 && r >= '0' && r <= '9',
			i == 1 && r >= '0' && r <= '9' && runes[0] == '-':
			b.WriteString("\\" + strconv.FormatInt(int64(r), 16) + " ")
		case i == 0 && r == '-' && len(runes) == 1:
			b.WriteString("\\-")
		case r >= 0x80 || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z':
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
	}
	return b.String()
}

// identEnd returns the end of the identifier (name characters and escapes)
// starting at src[i].
func identEnd(src string, i, end int) int {
	for i < end {
		switch c := src[i]; {
		case c == '\\' && i+1 < end:
			i = escapeEnd(src, i, end)
		case isSelIdent(c):
			i++
		default:
			return i
		}
	}
	return min(i, end)
}

// escapeEnd returns the index after the escape starting at src[i] ('\'):
// up to six hex digits and one white space after them, or one character.
func escapeEnd(src string, i, end int) int {
	j := i + 1
	for j < end && j < i+7 && isHex(src[j]) {
		j++
	}
	if j == i+1 {
		_, n := utf8.DecodeRuneInString(src[j:end])
		return j + max(n, 1)
	}
	if j < end && strings.IndexByte(" \t\n\r\f", src[j]) >= 0 {
		j++
	}
	return j
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// unescapeIdent decodes the escapes of an identifier's source text; a zero,
// surrogate or out-of-range code point is U+FFFD.
// https://drafts.csswg.org/css-syntax/#consume-escaped-code-point
func unescapeIdent(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			if s[i] == '\\' {
				b.WriteRune('\uFFFD') // an escape cut off by the end
				i++
				continue
			}
			b.WriteByte(s[i])
			i++
			continue
		}
		r, next := cssscan.EscapedCodePoint(s, i)
		b.WriteRune(r)
		i = next
	}
	return b.String()
}

// normalIdent is an identifier's source text as Chromium serializes it in
// a selector: decoded, then escaped where it must be ("\30zonk" is
// "\30 zonk", "\61" is "a").
func normalIdent(src string) string { return SerializeIdent(unescapeIdent(src)) }
