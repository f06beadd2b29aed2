package bind

import (
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// DOM strings are UTF-16 and may hold lone surrogates; Go strings from
// goja's String() turn them into U+FFFD. The DOM keeps them as WTF-8 (a
// lone surrogate is the 3-byte sequence ED A0..BF 80..BF, see dom/wtf8.go),
// and these conversions carry them across: both keep the common case (no
// U+FFFD from JavaScript, no 0xED byte from Go) to one scan and no
// allocation.

// JSString converts s, which may hold WTF-8 lone surrogates, to a
// JavaScript string.
func JSString(rt *goja.Runtime, s string) goja.Value {
	if i := strings.IndexByte(s, 0xED); i < 0 || !hasSurrogate(s[i:]) {
		return rt.ToValue(s)
	}
	return goja.StringFromUTF16(utf16Units(s))
}

// surrogateAt reports whether s holds an encoded lone surrogate at i.
func surrogateAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80
}

func hasSurrogate(s string) bool {
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(s[i:], 0xED)
		if j < 0 {
			return false
		}
		if i += j; surrogateAt(s, i) {
			return true
		}
	}
	return false
}

// utf16Units decodes WTF-8 into UTF-16 code units.
func utf16Units(s string) []uint16 {
	out := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		if surrogateAt(s, i) {
			out = append(out, uint16(0xD000|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F)))
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			r -= 0x10000
			out = append(out, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
		} else {
			out = append(out, uint16(r))
		}
		i += size
	}
	return out
}

// wtf8 converts JavaScript string v, whose UTF-8 form s has a U+FFFD, to
// WTF-8: s itself unless v has a lone surrogate.
func wtf8(v goja.String, s string) string {
	n := v.Length()
	lone := false
	for i := 0; i < n; i++ {
		c := v.CharAt(i)
		if c < 0xD800 || c > 0xDFFF {
			continue
		}
		if c <= 0xDBFF && i+1 < n {
			if d := v.CharAt(i + 1); d >= 0xDC00 && d <= 0xDFFF {
				i++
				continue
			}
		}
		lone = true
		break
	}
	if !lone {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < n; i++ {
		c := rune(v.CharAt(i))
		switch {
		case c >= 0xD800 && c <= 0xDBFF && i+1 < n && v.CharAt(i+1) >= 0xDC00 && v.CharAt(i+1) <= 0xDFFF:
			b = utf8.AppendRune(b, 0x10000+(c-0xD800)<<10+(rune(v.CharAt(i+1))-0xDC00))
			i++
		case c >= 0xD800 && c <= 0xDFFF:
			b = append(b, 0xED, byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
		default:
			b = utf8.AppendRune(b, c)
		}
	}
	return string(b)
}
