package cssvalue

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// A MathType is the type of a math function's result, as CSS Values 4
// types a calculation: what it resolves to.
// https://drafts.csswg.org/css-values-4/#determine-the-type-of-a-calculation
type MathType uint8

// The types a calculation may have. MathUnknown is one that cannot be
// told before computed-value time (a var() or a function the checker does
// not type): it is taken to fit.
const (
	MathInvalid MathType = iota
	MathUnknown
	MathNumber
	MathPercent
	MathLength
	MathLengthPercent // a length with a percentage: calc(50% - 1em)
	MathAngle
	MathTime
	MathFrequency
	MathResolution
)

// TypeOfMath types the math function t (calc(), -webkit-calc(), min(),
// max(), clamp()): MathInvalid when it is not one, is malformed (an
// empty argument, a word that is no value: max(3rem, undefined), clamp()
// without three arguments) or mixes types no calculation may mix (a
// number added to a length, a length times a length, a division by a
// length). Browsers reject such a value where a style sheet or a script
// gives it, so a declaration holding one is dropped.
func TypeOfMath(t string) MathType {
	t = strings.TrimSpace(t)
	open := strings.IndexByte(t, '(')
	if open <= 0 {
		return MathInvalid
	}
	name := ascii.Lower(t[:open])
	if !IsMathName(name) {
		return MathInvalid
	}
	p := mathTyper{calcScanner{s: t, i: open}}
	ty := p.call(name)
	if p.i != len(p.s) {
		return MathInvalid
	}
	return ty
}

// mathTyper is a recursive descent parser of calc()'s grammar that types
// what it reads.
type mathTyper struct{ calcScanner }

// call types the function name whose opening parenthesis is at p.i.
func (p *mathTyper) call(name string) MathType {
	if p.depth >= maxMathDepth {
		return MathInvalid
	}
	p.depth++
	defer func() { p.depth-- }()
	p.i++ // (
	if name == "round" {
		p.spaces()
		for _, w := range [...]string{"nearest", "up", "down", "to-zero"} {
			if p.word(w) {
				if p.spaces(); p.i >= len(p.s) || p.s[p.i] != ',' {
					return MathInvalid
				}
				p.i++
				break
			}
		}
	}
	var types []MathType
	nones := 0
	for n := 0; ; n++ {
		p.spaces()
		// clamp(none, x, none): no bound, of no type
		if name == "clamp" && n != 1 && p.word("none") {
			nones++
		} else {
			ty := p.sum()
			if ty == MathInvalid {
				return MathInvalid
			}
			types = append(types, ty)
		}
		p.spaces()
		if p.i >= len(p.s) {
			return MathInvalid
		}
		if p.s[p.i] == ')' {
			p.i++
			break
		}
		if p.s[p.i] != ',' || name == "calc" || name == "-webkit-calc" {
			return MathInvalid
		}
		p.i++
	}
	if n, got := mathArity[name], len(types)+nones; got < n[0] || n[1] > 0 && got > n[1] {
		return MathInvalid
	}
	return mathResultType(name, types)
}

// mathResultType is the type of math function name of arguments of types
// args, or MathInvalid when they do not fit it.
// https://drafts.csswg.org/css-values-4/#math
func mathResultType(name string, args []MathType) MathType {
	all := func(ok func(MathType) bool) bool {
		for _, t := range args {
			if t != MathUnknown && !ok(t) {
				return false
			}
		}
		return true
	}
	number := func(t MathType) bool { return t == MathNumber }
	sameType := func() MathType {
		r := args[0]
		for _, t := range args[1:] {
			if r = addTypes(r, t); r == MathInvalid {
				return MathInvalid
			}
		}
		return r
	}
	switch name {
	case "sin", "cos", "tan":
		if all(func(t MathType) bool { return t == MathNumber || t == MathAngle }) {
			return MathNumber
		}
	case "asin", "acos", "atan":
		if all(number) {
			return MathAngle
		}
	case "atan2":
		if sameType() != MathInvalid {
			return MathAngle
		}
	case "pow", "sqrt", "exp", "log":
		if all(number) {
			return MathNumber
		}
	case "sign":
		if sameType() != MathInvalid {
			return MathNumber
		}
	case "round":
		if len(args) == 1 && !all(number) {
			return MathInvalid
		}
		return sameType()
	default: // calc, min, max, clamp, mod, rem, hypot, abs
		return sameType()
	}
	return MathInvalid
}

// word consumes the keyword w when it stands alone at p.i.
func (p *mathTyper) word(w string) bool {
	end := p.i + len(w)
	if end > len(p.s) || !ascii.EqualFold(p.s[p.i:end], w) || end < len(p.s) && isNameByte(p.s[end]) {
		return false
	}
	p.i = end
	return true
}

// sum types a <calc-sum>: products joined by + or -.
func (p *mathTyper) sum() MathType {
	ty := p.product()
	for ty != MathInvalid {
		op, ok := p.operator("+-")
		switch {
		case !ok:
			return MathInvalid
		case op == 0:
			return ty
		}
		ty = addTypes(ty, p.product())
	}
	return MathInvalid
}

// product types a <calc-product>: values joined by * or /.
func (p *mathTyper) product() MathType {
	ty := p.value()
	for ty != MathInvalid {
		op, _ := p.operator("*/")
		if op == 0 {
			return ty
		}
		div := op == '/'
		r := p.value()
		switch {
		case r == MathInvalid:
			return MathInvalid
		case div:
			// the divisor must be a number
			if r != MathNumber && r != MathUnknown {
				return MathInvalid
			}
		case ty == MathNumber:
			ty = r
		case r == MathNumber:
		case ty == MathUnknown || r == MathUnknown:
			ty = MathUnknown
		default:
			return MathInvalid // a length times a length
		}
	}
	return MathInvalid
}

// value types a <calc-value>: a number, a dimension, a percentage, a
// constant, a nested calculation or a function.
func (p *mathTyper) value() MathType {
	if p.i >= len(p.s) {
		return MathInvalid
	}
	if p.s[p.i] == '(' {
		return p.call("calc")
	}
	if n := numberEnd(p.s[p.i:]); n > 0 {
		end := p.i + n
		if end < len(p.s) && p.s[end] == '%' {
			p.i = end + 1
			return MathPercent
		}
		for end < len(p.s) && isNameByte(p.s[end]) {
			end++
		}
		unit := ascii.Lower(p.s[p.i+n : end])
		p.i = end
		return unitType(unit)
	}
	end := p.i
	for end < len(p.s) && isNameByte(p.s[end]) {
		end++
	}
	name := ascii.Lower(p.s[p.i:end])
	if end < len(p.s) && p.s[end] == '(' {
		switch {
		case IsMathName(name):
			p.i = end
			return p.call(name)
		case name == "":
			return MathInvalid
		}
		// var(), env(), attr(), round(), sin()...: typed at computed
		// time; skip to the matching parenthesis
		depth := 0
		for i := end; i < len(p.s); i++ {
			switch p.s[i] {
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					p.i = i + 1
					return MathUnknown
				}
			}
		}
		return MathInvalid
	}
	switch name {
	case "pi", "e", "infinity", "-infinity", "nan":
		p.i = end
		return MathNumber
	}
	return MathInvalid // undefined, null, auto...
}

// unitType is the type of a dimension's unit ("" for a number).
func unitType(unit string) MathType {
	switch unit {
	case "":
		return MathNumber
	case "fr":
		return MathInvalid // a flex is no calculation's value
	}
	if _, ok := absoluteLengths[unit]; ok || relativeLengths[unit] {
		return MathLength
	}
	if c, ok := canonicalUnits[unit]; ok {
		switch c.unit {
		case "deg":
			return MathAngle
		case "s":
			return MathTime
		case "hz":
			return MathFrequency
		case "dppx":
			return MathResolution
		}
	}
	return MathInvalid // a unit no calculation takes: 1dag
}

// addTypes is the type of a sum (or of min()'s arguments) of a and b.
func addTypes(a, b MathType) MathType {
	switch {
	case a == MathInvalid || b == MathInvalid:
		return MathInvalid
	case a == b:
		return a
	case a == MathUnknown || b == MathUnknown:
		return MathUnknown
	case lengthOrPercent(a) && lengthOrPercent(b):
		return MathLengthPercent
	case a == MathPercent || b == MathPercent:
		// a percentage with an angle, a time...: it resolves against
		// what the property says
		return MathUnknown
	}
	return MathInvalid
}

func lengthOrPercent(t MathType) bool {
	return t == MathLength || t == MathPercent || t == MathLengthPercent
}
