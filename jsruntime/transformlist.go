package jsruntime

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// appendJSNumber appends f as ECMAScript's Number::toString does (radix 10):
// the shortest round-tripping digits, in plain notation for exponents from
// -6 to 20 and as 1.5e+21 outside.
// https://tc39.es/ecma262/#sec-numeric-types-number-tostring
func appendJSNumber(buf []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(buf, "NaN"...)
	case f == 0:
		return append(buf, '0')
	case math.IsInf(f, 1):
		return append(buf, "Infinity"...)
	case math.IsInf(f, -1):
		return append(buf, "-Infinity"...)
	}
	if f < 0 {
		buf = append(buf, '-')
		f = -f
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // d.ddde±xx
	mant, exp, _ := strings.Cut(string(e), "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1 // f = 0.digits × 10^n
	switch {
	case k <= n && n <= 21:
		buf = append(buf, digits...)
		for i := k; i < n; i++ {
			buf = append(buf, '0')
		}
	case 0 < n && n <= 21:
		buf = append(buf, digits[:n]...)
		buf = append(buf, '.')
		buf = append(buf, digits[n:]...)
	case -6 < n && n <= 0:
		buf = append(buf, "0."...)
		for i := 0; i < -n; i++ {
			buf = append(buf, '0')
		}
		buf = append(buf, digits...)
	default:
		buf = append(buf, digits[0])
		if k > 1 {
			buf = append(buf, '.')
			buf = append(buf, digits[1:]...)
		}
		buf = append(buf, 'e')
		if n-1 >= 0 {
			buf = append(buf, '+')
		}
		buf = strconv.AppendInt(buf, int64(n-1), 10)
	}
	return buf
}

// errUnresolvable is the error of a transform list with relative lengths,
// which a DOMMatrix cannot resolve without an element.
var errUnresolvable = errors.New("Values must be resolvable at parse time")

// transformArg is one argument of a transform function: a number with its
// unit ("" for a plain number, "%" for a percentage).
type transformArg struct {
	n    float64
	unit string
}

// parseTransformList parses a CSS <transform-list> (or "none", or the
// empty string) into a matrix, as DOMMatrix's constructor and
// setMatrixValue do: lengths must be absolute.
// https://drafts.csswg.org/geometry-1/#parse-a-string-into-an-abstract-transform
// https://drafts.csswg.org/css-transforms-2/#transform-functions
func parseTransformList(s string) (*matrixImpl, error) {
	fail := func() (*matrixImpl, error) { return nil, errors.New("Failed to parse '" + s + "'.") }
	m := newIdentity()
	if s == "" {
		return m, nil
	}
	// Comments are white space between tokens ("none/**/"); a string of
	// nothing else is an empty value, which is not a <transform-list>.
	t := strings.TrimSpace(stripCSSComments(s))
	if t == "" {
		return fail()
	}
	if ascii.EqualFold(t, "none") {
		return m, nil
	}
	// The end of the input closes what is still open ("translateX(5px").
	if open := strings.Count(t, "(") - strings.Count(t, ")"); open > 0 {
		t += strings.Repeat(")", open)
	}
	var args []transformArg
	for t != "" {
		open := strings.IndexByte(t, '(')
		if open <= 0 {
			return fail()
		}
		name := ascii.Lower(t[:open])
		if !isIdent(name) {
			return fail()
		}
		end := closingParen(t, open)
		if end < 0 {
			return fail()
		}
		if name == "perspective" && ascii.EqualFold(strings.TrimSpace(t[open+1:end]), "none") {
			// perspective(none) is the identity, a 3D function all the same
			// https://drafts.csswg.org/css-transforms-2/#funcdef-perspective
			m.is2D = false
			t = strings.TrimLeft(t[end+1:], " \t\n\r\f")
			continue
		}
		args = args[:0]
		for _, a := range splitTopLevelCommas(t[open+1 : end]) {
			arg, ok := parseTransformArg(a)
			if !ok {
				return fail()
			}
			args = append(args, arg)
		}
		if err := applyTransformFunction(m, name, args); err != nil {
			if err == errUnresolvable {
				return nil, err
			}
			return fail()
		}
		t = strings.TrimLeft(t[end+1:], " \t\n\r\f")
	}
	return m, nil
}

// parseTransformArg reads one argument of a transform function: a number,
// a dimension, a percentage, or a math function (calc(2 * 2.5px)) that
// resolves to one of them without an element.
func parseTransformArg(a string) (transformArg, bool) {
	if n, unit, ok := splitNumber(a); ok {
		return transformArg{n, unit}, true
	}
	if !cssvalue.IsMath(a) {
		return transformArg{}, false
	}
	v, ok := cssvalue.Eval(a, nil)
	switch {
	case !ok:
		return transformArg{}, false
	case v.Is(cssvalue.Num):
		return transformArg{v.Num, ""}, true
	case v.Is(cssvalue.Px):
		return transformArg{v.Px, "px"}, true
	case v.Is(cssvalue.Deg):
		return transformArg{v.Deg, "deg"}, true
	case v.Is(cssvalue.Pct):
		return transformArg{v.Pct, "%"}, true
	}
	return transformArg{}, false
}

// stripCSSComments replaces each /* comment */ of s by a space (an
// unclosed one runs to the end), leaving strings alone: a transform
// list has none.
func stripCSSComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteByte(' ')
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return b.String()
		}
		s = s[i+2+j+2:]
	}
	b.WriteString(s)
	return b.String()
}

// closingParen returns the index of the ")" closing the "(" at open in s,
// counting nested parentheses, or -1.
func closingParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

var errTransformSyntax = errors.New("bad transform function")

// absoluteLengths are the px per unit of CSS's absolute lengths.
// https://drafts.csswg.org/css-values-4/#absolute-lengths
var absoluteLengths = map[string]float64{
	"px": 1, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "in": 96, "pt": 96.0 / 72, "pc": 16,
}

// relativeUnits are the units a DOMMatrix cannot resolve.
var relativeUnits = map[string]bool{
	"%": true, "em": true, "rem": true, "ex": true, "rex": true, "ch": true, "rch": true, "ic": true, "ric": true,
	"cap": true, "rcap": true, "lh": true, "rlh": true, "vw": true, "vh": true, "vi": true, "vb": true,
	"vmin": true, "vmax": true, "svw": true, "svh": true, "lvw": true, "lvh": true, "dvw": true, "dvh": true,
	"cqw": true, "cqh": true, "cqi": true, "cqb": true, "cqmin": true, "cqmax": true,
}

func lengthArg(a transformArg) (float64, error) {
	if a.unit == "" {
		if a.n == 0 {
			return 0, nil
		}
		return 0, errTransformSyntax
	}
	if f, ok := absoluteLengths[a.unit]; ok {
		// Chromium keeps a resolved length in single precision.
		return float64(float32(a.n * f)), nil
	}
	if relativeUnits[a.unit] {
		return 0, errUnresolvable
	}
	return 0, errTransformSyntax
}

// angleArg returns an angle in degrees.
// https://drafts.csswg.org/css-values-4/#angles
func angleArg(a transformArg) (float64, error) {
	switch a.unit {
	case "":
		if a.n == 0 {
			return 0, nil
		}
	case "deg":
		return a.n, nil
	case "rad":
		return a.n * 180 / math.Pi, nil
	case "grad":
		return a.n * 0.9, nil
	case "turn":
		return a.n * 360, nil
	}
	return 0, errTransformSyntax
}

// numberArg accepts a plain number, or a percentage when pct.
func numberArg(a transformArg, pct bool) (float64, error) {
	switch {
	case a.unit == "":
		return a.n, nil
	case pct && a.unit == "%":
		return a.n / 100, nil
	}
	return 0, errTransformSyntax
}

// applyTransformFunction post-multiplies m by one transform function.
func applyTransformFunction(m *matrixImpl, name string, args []transformArg) error {
	n := len(args)
	var v [16]float64
	conv := func(f func(transformArg) (float64, error), i int) error {
		x, err := f(args[i])
		v[i] = x
		return err
	}
	all := func(f func(transformArg) (float64, error)) error {
		for i := range args {
			if err := conv(f, i); err != nil {
				return err
			}
		}
		return nil
	}
	length, angle := lengthArg, angleArg
	number := func(a transformArg) (float64, error) { return numberArg(a, false) }
	scaleNum := func(a transformArg) (float64, error) { return numberArg(a, true) }
	want := func(lo, hi int) error {
		if n < lo || n > hi {
			return errTransformSyntax
		}
		return nil
	}
	// A 3D transform function makes the matrix 3D even when its values
	// are those of a 2D one.
	threeD := false
	var err error
	switch name {
	case "matrix":
		if err = want(6, 6); err == nil {
			if err = all(number); err == nil {
				m.postMultiply(matrix2D(v[0], v[1], v[2], v[3], v[4], v[5]))
			}
		}
	case "matrix3d":
		if err = want(16, 16); err == nil {
			if err = all(number); err == nil {
				m.postMultiply(v)
			}
		}
		threeD = true
	case "translate", "translatex", "translatey", "translatez", "translate3d":
		switch name {
		case "translate":
			err = want(1, 2)
		case "translate3d":
			err = want(3, 3)
		default:
			err = want(1, 1)
		}
		if err == nil {
			err = all(length)
		}
		if err == nil {
			switch name {
			case "translate", "translatex":
				m.translate(v[0], v[1], 0)
			case "translatey":
				m.translate(0, v[0], 0)
			case "translatez":
				m.translate(0, 0, v[0])
			default:
				m.translate(v[0], v[1], v[2])
			}
		}
		threeD = name == "translatez" || name == "translate3d"
	case "scale", "scalex", "scaley", "scalez", "scale3d":
		switch name {
		case "scale":
			err = want(1, 2)
		case "scale3d":
			err = want(3, 3)
		default:
			err = want(1, 1)
		}
		if err == nil {
			err = all(scaleNum)
		}
		if err == nil {
			switch name {
			case "scale":
				if n == 1 {
					v[1] = v[0]
				}
				m.postMultiply(matrix2D(v[0], 0, 0, v[1], 0, 0))
			case "scalex":
				m.postMultiply(matrix2D(v[0], 0, 0, 1, 0, 0))
			case "scaley":
				m.postMultiply(matrix2D(1, 0, 0, v[0], 0, 0))
			case "scalez":
				m.postMultiply([16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, v[0], 0, 0, 0, 0, 1})
			default:
				m.postMultiply([16]float64{v[0], 0, 0, 0, 0, v[1], 0, 0, 0, 0, v[2], 0, 0, 0, 0, 1})
			}
		}
		threeD = name == "scalez" || name == "scale3d"
	case "rotate", "rotatez", "rotatex", "rotatey":
		if err = want(1, 1); err == nil {
			if err = conv(angle, 0); err == nil {
				switch name {
				case "rotatex":
					m.rotateAbout(1, 0, 0, v[0])
				case "rotatey":
					m.rotateAbout(0, 1, 0, v[0])
				default:
					m.rotateAbout(0, 0, 1, v[0])
				}
			}
		}
		threeD = name != "rotate"
	case "rotate3d":
		if err = want(4, 4); err == nil {
			for i := 0; i < 3 && err == nil; i++ {
				err = conv(number, i)
			}
			if err == nil {
				err = conv(angle, 3)
			}
			if err == nil {
				m.rotateAbout(v[0], v[1], v[2], v[3])
			}
		}
		threeD = true
	case "skew":
		if err = want(1, 2); err == nil {
			if err = all(angle); err == nil {
				m.skew(v[0], v[1])
			}
		}
	case "skewx":
		if err = want(1, 1); err == nil {
			if err = conv(angle, 0); err == nil {
				m.skew(v[0], 0)
			}
		}
	case "skewy":
		if err = want(1, 1); err == nil {
			if err = conv(angle, 0); err == nil {
				m.skew(0, v[0])
			}
		}
	case "perspective":
		if err = want(1, 1); err == nil {
			if err = conv(length, 0); err == nil {
				if v[0] < 0 {
					return errTransformSyntax
				}
				// perspective(0) is clamped to 1px.
				// https://drafts.csswg.org/css-transforms-2/#perspective-property
				d := math.Max(v[0], 1)
				m.postMultiply([16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / d, 0, 0, 0, 1})
			}
		}
		threeD = true
	default:
		return errTransformSyntax
	}
	if err != nil {
		return err
	}
	if threeD {
		m.is2D = false
	}
	return nil
}
