// Package ascii holds the Infra standard's ASCII case operations, which the
// HTML, DOM, CSS, Fetch and MIME standards use for keywords, enumerated
// attribute values, element and attribute names, header names and MIME
// types. Unlike strings.EqualFold and strings.ToLower they never fold
// non-ASCII letters: "ſ" (U+017F) is not "s", the Kelvin sign (U+212A) is
// not "k", and "İ" stays "İ".
// https://infra.spec.whatwg.org/#ascii-case-insensitive
//
// It imports nothing of bangsnap, so that every package may use it.
package ascii

// Lower returns s with A-Z turned into a-z ("ASCII lowercase"). It returns
// s itself, without allocating, when s has no ASCII upper-case letter.
// https://infra.spec.whatwg.org/#ascii-lowercase
func Lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// Upper returns s with a-z turned into A-Z ("ASCII uppercase"), s itself
// when nothing changes. https://infra.spec.whatwg.org/#ascii-uppercase
func Upper(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'a' <= c && c <= 'z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'a' <= c && c <= 'z' {
					b[j] = c - ('a' - 'A')
				}
			}
			return string(b)
		}
	}
	return s
}

// EqualFold reports whether a and b are equal ignoring ASCII case only.
// https://infra.spec.whatwg.org/#ascii-case-insensitive
func EqualFold(a, b string) bool { return equalFold(a, b) }

// EqualFoldBytes is EqualFold for a byte slice and a string.
func EqualFoldBytes(b []byte, s string) bool { return equalFold(b, s) }

func equalFold[A ~string | ~[]byte](a A, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(b); i++ {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// HasPrefixFold reports whether s begins with prefix, ignoring ASCII case.
func HasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && EqualFold(s[:len(prefix)], prefix)
}

// HasSuffixFold reports whether s ends with suffix, ignoring ASCII case.
func HasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && EqualFold(s[len(s)-len(suffix):], suffix)
}
