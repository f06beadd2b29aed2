package webapi

import (
	"encoding/base64"
	"errors"
)

// ErrInvalidCharacter is returned by Atob and Btoa for input the HTML
// standard rejects; bindings throw it as an "InvalidCharacterError"
// DOMException.
var ErrInvalidCharacter = errors.New("InvalidCharacterError: the string to be decoded is not correctly encoded")

// Btoa encodes a string of code points up to U+00FF (given as Latin-1 bytes
// in a []uint16 of JS code units) as base64.
// https://html.spec.whatwg.org/multipage/webappapis.html#dom-btoa
func Btoa(units []uint16) (string, error) {
	b := make([]byte, len(units))
	for i, u := range units {
		if u > 0xff {
			return "", errors.New("InvalidCharacterError: the string to be encoded contains characters outside of the Latin1 range")
		}
		b[i] = byte(u)
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// Atob decodes s with the forgiving-base64 decode algorithm and returns the
// bytes (each one a code point of the JS result string).
// https://infra.spec.whatwg.org/#forgiving-base64-decode
func Atob(s string) ([]byte, error) {
	// Remove ASCII whitespace.
	clean := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\t', '\n', '\f', '\r', ' ':
		default:
			clean = append(clean, c)
		}
	}
	if len(clean)%4 == 0 {
		if n := len(clean); n > 0 && clean[n-1] == '=' {
			clean = clean[:n-1]
			if n > 1 && clean[n-2] == '=' {
				clean = clean[:n-2]
			}
		}
	}
	if len(clean)%4 == 1 {
		return nil, ErrInvalidCharacter
	}
	for _, c := range clean {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return nil, ErrInvalidCharacter
		}
	}
	// RawStdEncoding is strict about the unused trailing bits; the forgiving
	// algorithm discards them, so decode in lenient mode by hand for the
	// last quantum.
	out := make([]byte, 0, len(clean)*3/4)
	var buf uint32
	var bits uint
	for _, c := range clean {
		buf = buf<<6 | uint32(b64val(c))
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(buf>>bits))
		}
	}
	return out, nil
}

func b64val(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c - 'A'
	case c >= 'a' && c <= 'z':
		return c - 'a' + 26
	case c >= '0' && c <= '9':
		return c - '0' + 52
	case c == '+':
		return 62
	}
	return 63
}
