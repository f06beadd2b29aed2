package whatwgurl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/idna"
)

// decodeHostBytes is "UTF-8 decode without BOM" of a percent-decoded host.
// It replaces each run of invalid bytes with one U+FFFD where the standard
// replaces each maximal invalid subsequence: the count may differ, but
// U+FFFD is disallowed by domain to ASCII, so the host fails all the same.
func decodeHostBytes(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// parseHost is the host parser; it returns the serialized host.
// https://url.spec.whatwg.org/#concept-host-parser
func parseHost(input string, isOpaque bool) (string, bool) {
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") || len(input) < 2 {
			return "", false
		}
		addr, ok := parseIPv6(input[1 : len(input)-1])
		if !ok {
			return "", false
		}
		return "[" + serializeIPv6(addr) + "]", true
	}
	if isOpaque {
		return parseOpaqueHost(input)
	}
	domain := input
	if strings.IndexByte(input, '%') >= 0 {
		domain = decodeHostBytes(percentDecode(input))
	}
	ascii, ok := domainToASCII(domain)
	if !ok {
		return "", false
	}
	if endsInANumber(ascii) {
		v, ok := parseIPv4(ascii)
		if !ok {
			return "", false
		}
		return serializeIPv4(v), true
	}
	return ascii, true
}

// https://url.spec.whatwg.org/#forbidden-host-code-point
func isForbiddenHostCodePoint(c rune) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// https://url.spec.whatwg.org/#forbidden-domain-code-point
func isForbiddenDomainCodePoint(c rune) bool {
	return isForbiddenHostCodePoint(c) || c <= 0x1f || c == '%' || c == 0x7f
}

// https://url.spec.whatwg.org/#concept-opaque-host-parser
func parseOpaqueHost(input string) (string, bool) {
	for _, c := range input {
		if isForbiddenHostCodePoint(c) {
			return "", false
		}
	}
	return percentEncodeString(input, c0ControlSet, false), true
}

// idnaProfile is UTS #46 processing with the options of "domain to ASCII"
// (beStrict false): no STD3 rules, no hyphen checks, no DNS length check,
// nontransitional, bidi and joiner checks on.
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.VerifyDNSLength(false),
)

// domainToASCII implements "domain to ASCII" with beStrict false.
// https://url.spec.whatwg.org/#concept-domain-to-ascii
func domainToASCII(domain string) (string, bool) {
	// Fast path: ASCII with no punycode label needs no UTS #46 processing
	// beyond lowercasing.
	simple := true
	for i := 0; i < len(domain); i++ {
		if domain[i] >= 0x80 {
			simple = false
			break
		}
	}
	if simple {
		out := domain
		for i := 0; i < len(domain); i++ {
			if c := domain[i]; c >= 'A' && c <= 'Z' {
				out = ascii.Lower(domain)
				break
			}
		}
		if !strings.Contains(out, "xn--") {
			if out == "" {
				return "", false
			}
			for i := 0; i < len(out); i++ {
				if isForbiddenDomainCodePoint(rune(out[i])) {
					return "", false
				}
			}
			return out, true
		}
	}
	out, err := idnaProfile.ToASCII(domain)
	if err != nil || out == "" {
		return "", false
	}
	for _, c := range out {
		if isForbiddenDomainCodePoint(c) {
			return "", false
		}
	}
	return out, true
}

// https://url.spec.whatwg.org/#ends-in-a-number-checker
func endsInANumber(s string) bool {
	// The last label, ignoring one trailing dot.
	if strings.HasSuffix(s, ".") {
		if s == "." || s == "" {
			return false
		}
		s = s[:len(s)-1]
	}
	last := s[strings.LastIndexByte(s, '.')+1:]
	if last != "" {
		digits := true
		for i := 0; i < len(last); i++ {
			if !isASCIIDigit(rune(last[i])) {
				digits = false
				break
			}
		}
		if digits {
			return true
		}
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number returns the value saturated at 1<<33 (anything that large
// is rejected by the caller).
// https://url.spec.whatwg.org/#ipv4-number-parser
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	radix := uint64(10)
	if len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X") {
		s, radix = s[2:], 16
	} else if len(s) >= 2 && s[0] == '0' {
		s, radix = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d, ok := unhex(s[i])
		if !ok || uint64(d) >= radix {
			return 0, false
		}
		if v < 1<<33 {
			v = v*radix + uint64(d)
		}
	}
	if v > 1<<33 {
		v = 1 << 33
	}
	return v, true
}

// https://url.spec.whatwg.org/#concept-ipv4-parser
func parseIPv4(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	var nums [4]uint64
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return 0, false
		}
		nums[i] = n
	}
	n := len(parts)
	for _, v := range nums[:n-1] {
		if v > 255 {
			return 0, false
		}
	}
	last := nums[n-1]
	if last >= uint64(1)<<(8*(5-n)) {
		return 0, false
	}
	ipv4 := last
	for i, v := range nums[:n-1] {
		ipv4 += v << (8 * (3 - i))
	}
	return uint32(ipv4), true
}

// https://url.spec.whatwg.org/#concept-ipv4-serializer
func serializeIPv4(v uint32) string {
	var b []byte
	for i := 3; i >= 0; i-- {
		b = strconv.AppendUint(b, uint64(v>>(8*i)&0xff), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return string(b)
}

// https://url.spec.whatwg.org/#concept-ipv6-parser
func parseIPv6(input string) ([8]uint16, bool) {
	var addr [8]uint16
	in := []rune(input)
	at := func(i int) rune {
		if i < len(in) {
			return in[i]
		}
		return eof
	}
	piece, compress, ptr := 0, -1, 0
	if at(ptr) == ':' {
		if at(ptr+1) != ':' {
			return addr, false
		}
		ptr += 2
		piece++
		compress = piece
	}
	for at(ptr) != eof {
		if piece == 8 {
			return addr, false
		}
		if at(ptr) == ':' {
			if compress >= 0 {
				return addr, false
			}
			ptr++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && isASCIIHexDigit(at(ptr)) {
			d, _ := unhex(byte(at(ptr)))
			value = value*16 + int(d)
			ptr++
			length++
		}
		if at(ptr) == '.' {
			if length == 0 {
				return addr, false
			}
			ptr -= length
			if piece > 6 {
				return addr, false
			}
			seen := 0
			for at(ptr) != eof {
				v := -1
				if seen > 0 {
					if at(ptr) == '.' && seen < 4 {
						ptr++
					} else {
						return addr, false
					}
				}
				if !isASCIIDigit(at(ptr)) {
					return addr, false
				}
				for isASCIIDigit(at(ptr)) {
					n := int(at(ptr) - '0')
					switch v {
					case -1:
						v = n
					case 0:
						return addr, false
					default:
						v = v*10 + n
					}
					if v > 255 {
						return addr, false
					}
					ptr++
				}
				addr[piece] = addr[piece]*0x100 + uint16(v)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return addr, false
			}
			break
		} else if at(ptr) == ':' {
			ptr++
			if at(ptr) == eof {
				return addr, false
			}
		} else if at(ptr) != eof {
			return addr, false
		}
		addr[piece] = uint16(value)
		piece++
	}
	if compress >= 0 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			addr[piece], addr[compress+swaps-1] = addr[compress+swaps-1], addr[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return addr, false
	}
	return addr, true
}

// https://url.spec.whatwg.org/#concept-ipv6-serializer
func serializeIPv6(a [8]uint16) string {
	// Find the first longest run of two or more zero pieces.
	compress, best := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > best {
			compress, best = i, j-i
		}
		i = j
	}
	var b []byte
	ignore0 := false
	for i := 0; i < 8; i++ {
		if ignore0 && a[i] == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			ignore0 = true
			continue
		}
		b = strconv.AppendUint(b, uint64(a[i]), 16)
		if i != 7 {
			b = append(b, ':')
		}
	}
	return string(b)
}
