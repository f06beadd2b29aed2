package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Chromium keeps a declared number as a double and serializes it with six
// significant digits: `width: 1234567.8px` reads back as 1.23457e+06px in
// cssText and getComputedStyle, but the box is 1234567.75px wide, and
// `transform: translateX(1.2345678px)` moves it 1.2345677614px (a float),
// not 1.23457. A declaration here is the string of its serialized value,
// so the cascade's declarations (a style sheet's rules, a style
// attribute's, keyframes') put back the numbers their serialization
// rounded: exactNumbers.

// exactNumbers is value, the serialized value of a declaration (or of one
// longhand of it) whose value was given as raw, with each number that
// serializing raw rounded put back at full precision. A number of value
// is put back when one number of raw, with the same unit, serializes to
// it, and no other number of raw of a different value does. value itself
// when raw has no number of more than six digits.
func exactNumbers(value, raw string) string {
	if !hasLongNumber(raw) {
		return value
	}
	// the rounded numbers of raw: serialized text (number and unit) →
	// the number at full precision, "" when two numbers round to it
	type rounded struct{ short, full string }
	var nums []rounded
	eachNumberToken(raw, func(start, end, unitEnd int) {
		f, err := strconv.ParseFloat(strings.TrimSuffix(raw[start:end], "."), 64)
		if err != nil {
			return
		}
		short := cssvalue.FormatNumber(f)
		full := strconv.FormatFloat(f, 'g', -1, 64)
		if short == full {
			return
		}
		unit := strings.ToLower(raw[end:unitEnd])
		short += unit
		for i := range nums {
			if nums[i].short == short {
				if nums[i].full != full+unit {
					nums[i].full = ""
				}
				return
			}
		}
		nums = append(nums, rounded{short, full + unit})
	})
	value = exactMath(value, raw)
	if len(nums) == 0 {
		return value
	}
	var b strings.Builder
	last := 0
	eachNumberToken(value, func(start, end, unitEnd int) {
		t := value[start:unitEnd]
		for _, n := range nums {
			if n.short == strings.ToLower(t) && n.full != "" {
				b.WriteString(value[last:start])
				b.WriteString(n.full)
				last = unitEnd
				return
			}
		}
	})
	if last == 0 {
		return value
	}
	b.WriteString(value[last:])
	return b.String()
}

// exactMath is value with each math function of raw that it holds
// simplified (calc(123458px), of calc(123456.7px + 1.23456789px)) put
// back simplified with every digit (calc(123457.93456789px)).
func exactMath(value, raw string) string {
	for i := 0; i < len(raw); i++ {
		if !isLetter(raw[i]) && raw[i] != '-' || i > 0 && isNameByte(raw[i-1]) {
			continue
		}
		j := i
		for j < len(raw) && isNameByte(raw[j]) {
			j++
		}
		if j >= len(raw) || raw[j] != '(' || !cssvalue.IsMathName(ascii.Lower(raw[i:j])) {
			i = j
			continue
		}
		end := min(cssscan.BlockEnd(raw, j), len(raw)-1)
		fn := raw[i : end+1]
		if short, ok := cssvalue.SimplifyMath(fn); ok && strings.Contains(value, short) {
			if full, ok := cssvalue.SimplifyMathExact(fn); ok && full != short {
				value = strings.Replace(value, short, full, 1)
			}
		}
		i = end
	}
	return value
}

// hasLongNumber reports whether s holds a run of seven digits or more
// (with a decimal point among them or not): the numbers serializing may
// round.
func hasLongNumber(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if n++; n >= 7 {
				return true
			}
		case c == '.':
		default:
			n = 0
		}
	}
	return false
}

// eachNumberToken calls fn with each numeric token of s outside strings
// and identifiers: where its number starts and ends, and where its unit
// (or percent sign) ends.
// https://drafts.csswg.org/css-syntax/#consume-numeric-token
func eachNumberToken(s string, fn func(start, end, unitEnd int)) {
	for i := 0; i < len(s); {
		c := s[i]
		if c == '"' || c == '\'' {
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		}
		if isNameByte(c) && !(c >= '0' && c <= '9') && c != '-' || c == '#' || c == '\\' {
			// an identifier, a hash or an escape: its digits are no number
			i++
			for i < len(s) && isNameByte(s[i]) {
				i++
			}
			continue
		}
		if c == '-' && i+1 < len(s) && (isNameByte(s[i+1]) && !(s[i+1] >= '0' && s[i+1] <= '9')) {
			i++ // an identifier starting with a dash
			for i < len(s) && isNameByte(s[i]) {
				i++
			}
			continue
		}
		n := cssvalue.NumberTokenEnd(s[i:])
		if n == 0 {
			i++
			continue
		}
		end := i + n
		u := end
		if u < len(s) && s[u] == '%' {
			u++
		} else {
			for u < len(s) && isNameByte(s[u]) {
				u++
			}
		}
		fn(i, end, u)
		i = u
	}
}

// mayBeRounded reports whether v, a computed value, may hold a number
// that its serialization rounded to six significant digits.
func mayBeRounded(v string) bool {
	n := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			n++
		case c == 'e' && i+1 < len(v) && (v[i+1] == '+' || v[i+1] == '-'):
			return true
		}
	}
	return n >= 6
}

// exactPx is v, the computed value in px of n's prop, or its declared
// value when that is a length in px which v is the six-digit
// serialization of: `margin-left: 123456.7px` computes to 123457px, and
// Chromium lays it out at 123456.703125.
func (w *Window) exactPx(n *dom.Node, prop, v string) string {
	c, ok := w.cascaded(n, prop)
	s, px := strings.CutSuffix(c, "px")
	if !ok || !px || len(s) <= len(v)-2 && !strings.Contains(s, "e") {
		return v
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || cssvalue.FormatComputed(x)+"px" != v {
		return v
	}
	return c
}

// roundedNumbers is v, a computed value, with each number that is not an
// integer written as digits serialized as Chromium does, to six
// significant digits (an exact number of the cascade, exactNumbers, read
// as its computed value: `rotate: 12.3456789deg` computes to
// 12.3457deg).
func roundedNumbers(v string) string {
	var b strings.Builder
	last := 0
	eachNumberToken(v, func(start, end, unitEnd int) {
		t := v[start:end]
		if strings.Trim(t, "+-0123456789") == "" {
			return // an integer, such as z-index's, is written whole
		}
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return
		}
		if s := cssvalue.FormatComputed(f); s != t {
			b.WriteString(v[last:start])
			b.WriteString(s)
			last = end
		}
	})
	if last == 0 {
		return v
	}
	b.WriteString(v[last:])
	return b.String()
}
