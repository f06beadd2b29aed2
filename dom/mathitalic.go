package dom

import "unicode/utf8"

// mathAuto applies text-transform: math-auto to the data of a text node:
// a text of a single character is drawn in its mathematical italic form
// (MathML Core's italic mapping, as Chromium transforms the text of a
// one-letter mi), any other text is left alone.
// https://w3c.github.io/mathml-core/#italic-mappings
func mathAuto(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || n != len(s) || r == utf8.RuneError {
		return s
	}
	if m := mathItalic(r); m != r {
		return string(m)
	}
	return s
}

// mathItalic is the mathematical italic form of r, or r when it has none.
func mathItalic(r rune) rune {
	switch {
	case r == 'h':
		return 0x210E // PLANCK CONSTANT, where the italic h would be
	case r >= 'A' && r <= 'Z':
		return 0x1D434 + r - 'A'
	case r >= 'a' && r <= 'z':
		return 0x1D44E + r - 'a'
	case r == 0x0131: // dotless i
		return 0x1D6A4
	case r == 0x0237: // dotless j
		return 0x1D6A5
	case r >= 0x0391 && r <= 0x03A9 && r != 0x03A2: // capital Alpha to Omega
		return 0x1D6E2 + r - 0x0391
	case r >= 0x03B1 && r <= 0x03C9: // small alpha to omega (final sigma included)
		return 0x1D6FC + r - 0x03B1
	}
	switch r {
	case 0x03F4: // capital theta symbol
		return 0x1D6F3
	case 0x2207: // nabla
		return 0x1D6FB
	case 0x2202: // partial differential
		return 0x1D715
	case 0x03F5: // lunate epsilon
		return 0x1D716
	case 0x03D1: // theta symbol
		return 0x1D717
	case 0x03F0: // kappa symbol
		return 0x1D718
	case 0x03D5: // phi symbol
		return 0x1D719
	case 0x03F1: // rho symbol
		return 0x1D71A
	case 0x03D6: // pi symbol
		return 0x1D71B
	}
	return r
}
