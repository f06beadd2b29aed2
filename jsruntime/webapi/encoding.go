package webapi

import (
	"strings"
	"unicode/utf8"
)

// utf8DecodeWithoutBOM turns bytes into a string, replacing each maximal
// invalid subpart with U+FFFD as the Encoding standard's UTF-8 decoder does.
// https://encoding.spec.whatwg.org/#utf-8-decode-without-bom
func utf8DecodeWithoutBOM(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	s, _ := decodeUTF8(b, false)
	return s
}

// decodeUTF8 decodes b with the UTF-8 decoder. With fatal it stops at the
// first error and reports false.
// https://encoding.spec.whatwg.org/#utf-8-decoder
func decodeUTF8(b []byte, fatal bool) (string, bool) {
	if utf8.Valid(b) {
		return string(b), true
	}
	var out strings.Builder
	out.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			out.WriteByte(c)
			i++
			continue
		}
		need, lower, upper := 0, byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c == 0xE0:
			need, lower = 2, 0xA0
		case c == 0xED:
			need, upper = 2, 0x9F
		case c >= 0xE1 && c <= 0xEF:
			need = 2
		case c == 0xF0:
			need, lower = 3, 0x90
		case c == 0xF4:
			need, upper = 3, 0x8F
		case c >= 0xF1 && c <= 0xF3:
			need = 3
		default:
			if fatal {
				return "", false
			}
			out.WriteRune(utf8.RuneError)
			i++
			continue
		}
		j, ok := i+1, true
		for k := 0; k < need; k++ {
			if j >= len(b) {
				ok = false
				break
			}
			lo, hi := byte(0x80), byte(0xBF)
			if k == 0 {
				lo, hi = lower, upper
			}
			if b[j] < lo || b[j] > hi {
				ok = false
				break
			}
			j++
		}
		if !ok {
			if fatal {
				return "", false
			}
			out.WriteRune(utf8.RuneError)
			i = j
			continue
		}
		out.Write(b[i:j])
		i = j
	}
	return out.String(), true
}
