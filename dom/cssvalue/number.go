package cssvalue

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// SplitNumber splits a numeric token into its number and its unit
// (lowercased; "%" for a percentage, "" for a plain number), or ok=false.
// https://drafts.csswg.org/css-syntax/#consume-numeric-token
func SplitNumber(t string) (num float64, unit string, ok bool) {
	i := numberEnd(t)
	if i == 0 {
		return 0, "", false
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(t[:i], "."), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, "", false
	}
	unit = ascii.Lower(t[i:])
	if unit != "" && unit != "%" && !IsIdent(unit) {
		return 0, "", false
	}
	return f, unit, true
}

// IsIntegerText reports whether t, a number token, is an <integer> as
// CSS Syntax types it: an optional sign and digits, no fraction and no
// exponent (1e1, 1.1e1 and 10.0 are numbers, refused where an integer is
// wanted). A large integer's own serialization (1.23457e+06, as
// FormatNumber writes 1234567) is taken back too, so that written values
// round-trip.
func IsIntegerText(t string) bool {
	s := t
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	digits := true
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	f, unit, ok := SplitNumber(t)
	return ok && unit == "" && math.Abs(f) >= 1e6 && f == math.Trunc(f) && strings.TrimPrefix(t, "+") == FormatNumber(f)
}

// numberEnd is the length of the number at the start of t (sign, digits,
// fraction, exponent), or 0 when t does not start with one; a dot after
// the digits with no digit after it ("1.", "1.e5") is taken as part of it.
func numberEnd(t string) int { return numberLen(t, true) }

// NumberTokenEnd is the length of the number at the start of t as a CSS
// number token reads it (sign, digits, a fraction only with a digit after
// its dot, exponent), or 0 when t does not start with one.
// https://drafts.csswg.org/css-syntax/#consume-number
func NumberTokenEnd(t string) int { return numberLen(t, false) }

func numberLen(t string, bareDot bool) int {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	digits := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
		digits++
	}
	if i < len(t) && t[i] == '.' && (bareDot || i+1 < len(t) && t[i+1] >= '0' && t[i+1] <= '9') {
		i++
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0
	}
	if i+1 < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		if t[j] == '+' || t[j] == '-' {
			j++
		}
		if j < len(t) && t[j] >= '0' && t[j] <= '9' {
			for j < len(t) && t[j] >= '0' && t[j] <= '9' {
				j++
			}
			i = j
		}
	}
	return i
}

// IsIdent reports whether s is a CSS identifier (without escapes).
func IsIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != "-" && !(s[0] == '-' && len(s) > 1 && s[1] >= '0' && s[1] <= '9')
}

// FormatNumber prints a number of a specified value as Chromium serializes
// it: six significant digits and an exponent for very small or large
// magnitudes, as in computed values (33.333333% is 33.3333%, 1234567.5px
// is 1.23457e+06px, 0.00001px is 1e-05px). Integer-valued properties
// (z-index, order) print their integers whole.
// https://drafts.csswg.org/cssom/#serialize-a-css-component-value
func FormatNumber(f float64) string { return FormatComputed(f) }

// FormatComputed prints a number of a computed value as Chromium does: six
// significant digits (10mm is 37.7953px, 100px/7 is 14.2857px), an
// exponent for very small or large magnitudes (1e-07px).
func FormatComputed(f float64) string {
	return string(AppendComputed(make([]byte, 0, 16), f))
}

// AppendComputed appends FormatComputed(f) to b.
func AppendComputed(b []byte, f float64) []byte {
	if f == 0 || math.IsNaN(f) {
		return append(b, '0')
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e6 {
		return strconv.AppendInt(b, int64(f), 10)
	}
	return strconv.AppendFloat(b, f, 'g', 6, 64)
}
