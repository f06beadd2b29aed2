package xhr

import (
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// singleByteTables caches SingleByteTable's tables by encoding name.
var singleByteTables sync.Map

// SingleByteTable returns the code points of the 256 bytes of the
// single-byte encoding named name (a WHATWG name; nil for any other), with
// utf8.RuneError where the encoding's index has none. golang.org/x/text
// leaves the bytes 0x80-0x9F that Microsoft's and ISO's tables do not
// define unmapped; the Encoding standard's indexes (and Chromium) decode
// each to the C1 control of the same value (ISO-8859-2's 0x85 is U+0085),
// leaving errors only above 0x9F (ISO-8859-3's 0xA5).
// https://encoding.spec.whatwg.org/#single-byte-decoder
func SingleByteTable(name string) *[256]rune {
	if t, ok := singleByteTables.Load(name); ok {
		return t.(*[256]rune)
	}
	enc, err := htmlindex.Get(name)
	if err != nil {
		return nil
	}
	cm, ok := enc.(*charmap.Charmap)
	if !ok && name == "iso-8859-8-i" {
		// ISO-8859-8 in logical order: the same bytes, the one single-byte
		// encoding x/text wraps rather than tabulates.
		cm, ok = charmap.ISO8859_8, true
	}
	if !ok {
		return nil
	}
	t := new([256]rune)
	for b := range 256 {
		r := cm.DecodeByte(byte(b))
		if r == utf8.RuneError && b >= 0x80 && b <= 0x9F {
			r = rune(b)
		}
		t[b] = r
	}
	singleByteTables.Store(name, t)
	return t
}

// DecodeSingleByte decodes in with a SingleByteTable; with fatal, a byte
// the index has no code point for is an error (ok false), otherwise it
// becomes U+FFFD.
func DecodeSingleByte(t *[256]rune, in []byte, fatal bool) (s string, ok bool) {
	var b strings.Builder
	b.Grow(len(in))
	for _, c := range in {
		r := t[c]
		if r == utf8.RuneError && fatal {
			return "", false
		}
		b.WriteRune(r)
	}
	return b.String(), true
}
