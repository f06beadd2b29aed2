package whatwgurl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// A PercentSet is a percent-encode set over ASCII bytes; every byte >= 0x80
// is always in it.
// https://url.spec.whatwg.org/#percent-encoded-bytes
type PercentSet [2]uint64

func (s *PercentSet) has(b byte) bool {
	if b >= 0x80 {
		return true
	}
	return s[b>>6]&(1<<(b&63)) != 0
}

func newPercentSet(base *PercentSet, extra string) *PercentSet {
	var s PercentSet
	if base != nil {
		s = *base
	}
	for i := 0; i < len(extra); i++ {
		b := extra[i]
		s[b>>6] |= 1 << (b & 63)
	}
	return &s
}

var (
	// https://url.spec.whatwg.org/#c0-control-percent-encode-set
	c0ControlSet = func() *PercentSet {
		var s PercentSet
		for b := 0; b < 0x20; b++ {
			s[0] |= 1 << b
		}
		s[1] |= 1 << (0x7f - 64)
		return &s
	}()
	// https://url.spec.whatwg.org/#fragment-percent-encode-set
	fragmentSet = newPercentSet(c0ControlSet, " \"<>`")
	// https://url.spec.whatwg.org/#query-percent-encode-set
	querySet = newPercentSet(c0ControlSet, " \"#<>")
	// https://url.spec.whatwg.org/#special-query-percent-encode-set
	// Chromium uses it for the queries of every URL, not only special
	// ones (foo://h/?a' is foo://h/?a%27).
	specialQuerySet = newPercentSet(querySet, "'")
	// https://url.spec.whatwg.org/#path-percent-encode-set
	pathSet = newPercentSet(querySet, "?`{}")
	// specialPathSet is the path set of special URLs in Chromium, which
	// also percent-encodes | and ^ there (new URL("http://h/a|b^c") is
	// http://h/a%7Cb%5Ec); the standard leaves them.
	specialPathSet = newPercentSet(pathSet, "|^")
	// https://url.spec.whatwg.org/#userinfo-percent-encode-set
	userinfoSet = newPercentSet(pathSet, "/:;=@[\\]^|")
	// https://url.spec.whatwg.org/#component-percent-encode-set
	componentSet = newPercentSet(userinfoSet, "$%&+,")
	// https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
	formSet = newPercentSet(componentSet, "!'()~")
)

const upperHex = "0123456789ABCDEF"

// percentEncodeRune writes c UTF-8 percent-encoded with set; spaceAsPlus
// writes U+0020 as "+" (application/x-www-form-urlencoded).
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
func percentEncodeRune(b *strings.Builder, c rune, set *PercentSet, spaceAsPlus bool) {
	if spaceAsPlus && c == ' ' {
		b.WriteByte('+')
		return
	}
	if c < 0x80 && !set.has(byte(c)) {
		b.WriteByte(byte(c))
		return
	}
	var tmp [utf8.UTFMax]byte
	n := utf8.EncodeRune(tmp[:], c)
	for _, x := range tmp[:n] {
		b.WriteByte('%')
		b.WriteByte(upperHex[x>>4])
		b.WriteByte(upperHex[x&15])
	}
}

// percentEncodeIn percent-encodes c, a character outside ASCII, in enc:
// its bytes there, or "%26%23N%3B" when enc has no bytes for it.
// https://url.spec.whatwg.org/#string-percent-encode-after-encoding
func percentEncodeIn(b *strings.Builder, c rune, enc *encoding.Encoder, set *PercentSet) {
	var tmp [utf8.UTFMax]byte
	out, err := enc.Bytes(tmp[:utf8.EncodeRune(tmp[:], c)])
	if err != nil || len(out) == 0 {
		b.WriteString("%26%23")
		b.WriteString(strconv.Itoa(int(c)))
		b.WriteString("%3B")
		return
	}
	for _, x := range out {
		if x < 0x80 && !set.has(x) {
			b.WriteByte(x)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(upperHex[x>>4])
		b.WriteByte(upperHex[x&15])
	}
}

// percentEncodeString UTF-8 percent-encodes s with set. Invalid UTF-8 in s
// is encoded as U+FFFD.
func percentEncodeString(s string, set *PercentSet, spaceAsPlus bool) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if set.has(s[i]) || (spaceAsPlus && s[i] == ' ') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for _, r := range s {
		percentEncodeRune(&b, r, set, spaceAsPlus)
	}
	return b.String()
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// percentDecode decodes %XX sequences in s, leaving malformed ones as they
// are. The result is bytes (not necessarily UTF-8).
// https://url.spec.whatwg.org/#percent-decode
func percentDecode(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				out = append(out, hi<<4|lo)
				i += 2
				continue
			}
		}
		out = append(out, c)
	}
	return out
}
