package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Math functions in CSS Typed OM: calc(), min(), max() and clamp(),
// parsed by cssvalue.ParseMath (the cascade's parser), read into
// CSSNumericValues and simplified as Chromium 156 reifies them.
// https://drafts.css-houdini.org/css-typed-om-1/#reify-a-math-expression
// https://drafts.csswg.org/css-values-4/#calc-syntax
//
// What Chromium does, and so this: terms of a sum with one unit (or units
// of one category with a fixed ratio, 1in + 1px is 97px) add up, in the
// place of the first; numbers multiply into a product's first unit value,
// and a number times a sum multiplies each term, and comes after any other
// one factor (min(1px, 2em) * 2; but 2 / min(1px, 2em)); a sum's terms after the
// first that are negative become CSSMathNegate of their magnitude
// (calc(1px - 2em) is CSSMathSum(1px, CSSMathNegate(2em))); min(), max()
// and clamp() of values of one unit are that value. A top-level calc() is
// a CSSMathSum unless its root is a product, an inversion or a
// comparison; a property's value that reduces to one value is that
// CSSUnitValue (width: calc(10px + 5px) is 15px).

// parseMathFunction parses text that is one calc(), min(), max() or
// clamp() with cssvalue's parser (the cascade's) and reads its tree into
// CSSNumericValues; top says what its root is ("calc", "min"…). ok is
// false when it does not parse, holds what a CSSNumericValue cannot (other
// math functions, infinity, NaN) or its types do not add.
func parseMathFunction(text string) (n *cssNum, top string, ok bool) {
	if !isMathFunction(text) {
		return nil, "", false
	}
	t, ok := cssvalue.ParseMath(text)
	if !ok {
		return nil, "", false
	}
	if n, ok = mathTreeNum(t, t.Root()); !ok {
		return nil, "", false
	}
	if _, ok := n.typ(); !ok {
		return nil, "", false
	}
	return n, t.Top, true
}

// mathTreeNum is node i of a calculation tree as a CSSNumericValue.
func mathTreeNum(t *cssvalue.MathTree, i int32) (*cssNum, bool) {
	node := &t.Nodes[i]
	var op string
	switch node.Op {
	case cssvalue.NodeNumber:
		return parseNumeric(node.Text)
	case cssvalue.NodeConstant:
		switch ascii.Lower(node.Text) {
		case "pi":
			return unitNum(math.Pi, "number"), true
		case "e":
			return unitNum(math.E, "number"), true
		}
		// infinity and NaN make values a CSSUnitValue cannot hold
		return nil, false
	case cssvalue.NodeSum:
		op = "sum"
	case cssvalue.NodeNegate:
		op = "negate"
	case cssvalue.NodeProduct:
		op = "product"
	case cssvalue.NodeInvert:
		op = "invert"
	case cssvalue.NodeFunction:
		switch node.Name {
		case "min", "max", "clamp":
			op = node.Name
		default:
			return nil, false // Typed OM reifies no other math function
		}
	}
	args := t.Args(i)
	n := &cssNum{op: op, args: make([]*cssNum, len(args))}
	for k, a := range args {
		var ok bool
		if n.args[k], ok = mathTreeNum(t, a); !ok {
			return nil, false
		}
	}
	return n, true
}

// isMathFunction reports whether text starts with a math function Typed
// OM reads: calc(), min(), max() or clamp() (any case).
func isMathFunction(text string) bool {
	text = strings.TrimSpace(text)
	name, _, ok := strings.Cut(text, "(")
	if !ok {
		return false
	}
	switch ascii.Lower(name) {
	case "calc", "min", "max", "clamp":
		return true
	}
	return false
}

// simplifyMath simplifies a parsed math expression as Chromium does
// (see the file comment); the result has negative unit values in sums,
// which typedMath turns into CSSMathNegate.
func simplifyMath(n *cssNum) *cssNum {
	switch n.op {
	case "":
		return n
	case "sum":
		var terms []*cssNum
		for _, a := range n.args {
			s := simplifyMath(a)
			if s.op == "sum" {
				terms = append(terms, s.args...)
			} else {
				terms = append(terms, s)
			}
		}
		return addTerms(terms)
	case "negate":
		return negateMath(simplifyMath(n.args[0]))
	case "invert":
		s := simplifyMath(n.args[0])
		switch {
		case s.op == "" && s.unit == "number" && s.value != 0:
			return unitNum(1/s.value, "number")
		case s.op == "invert":
			return s.args[0]
		}
		return &cssNum{op: "invert", args: []*cssNum{s}}
	case "product":
		return multiplyMath(n.args)
	case "min", "max", "clamp":
		args := make([]*cssNum, len(n.args))
		for i, a := range n.args {
			args[i] = simplifyMath(a)
		}
		if v, ok := compareUnits(n.op, args); ok {
			return v
		}
		return &cssNum{op: n.op, args: args}
	}
	return n
}

// addTerms adds the unit values of terms that share a unit, or units of
// one category with a fixed ratio (in the category's canonical unit).
func addTerms(terms []*cssNum) *cssNum {
	var out []*cssNum
	for _, t := range terms {
		merged := false
		if t.op == "" {
			for i, o := range out {
				if o.op != "" {
					continue
				}
				if o.unit == t.unit {
					out[i] = unitNum(o.value+t.value, o.unit)
					merged = true
					break
				}
				if a, b, ok := canonicalPair(o, t); ok {
					out[i] = unitNum(a.value+b.value, a.unit)
					merged = true
					break
				}
			}
		}
		if !merged {
			out = append(out, t)
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	return &cssNum{op: "sum", args: out}
}

// canonicalPair converts two unit values of one category with fixed
// ratios (px and in, deg and rad…) to the category's canonical unit.
func canonicalPair(a, b *cssNum) (*cssNum, *cssNum, bool) {
	fa, ok1 := cssUnitFactor[a.unit]
	fb, ok2 := cssUnitFactor[b.unit]
	if !ok1 || !ok2 || fa.cat != fb.cat {
		return nil, nil, false
	}
	canon := canonicalUnit(fa.cat)
	return unitNum(a.value*fa.f, canon), unitNum(b.value*fb.f, canon), true
}

func canonicalUnit(cat string) string {
	switch cat {
	case "angle":
		return "deg"
	case "time":
		return "s"
	case "frequency":
		return "hz"
	case "resolution":
		return "dppx"
	}
	return "px"
}

// negateMath is -n, pushed into unit values and the terms of a sum.
func negateMath(n *cssNum) *cssNum {
	switch n.op {
	case "":
		return unitNum(-n.value, n.unit)
	case "negate":
		return n.args[0]
	case "sum":
		terms := make([]*cssNum, len(n.args))
		for i, t := range n.args {
			terms[i] = negateMath(t)
		}
		return &cssNum{op: "sum", args: terms}
	case "product":
		for i, f := range n.args {
			if f.op == "" {
				args := append([]*cssNum{}, n.args...)
				args[i] = unitNum(-f.value, f.unit)
				return &cssNum{op: "product", args: args}
			}
		}
	}
	return &cssNum{op: "negate", args: []*cssNum{n}}
}

// multiplyMath simplifies a product: its numbers multiply into one
// factor, which goes into the first unit value (or each term of a sum
// that is the only other factor).
func multiplyMath(factors []*cssNum) *cssNum {
	k := 1.0
	var rest []*cssNum
	var add func(f *cssNum)
	add = func(f *cssNum) {
		switch {
		case f.op == "" && f.unit == "number":
			k *= f.value
		case f.op == "product":
			for _, g := range f.args {
				add(g)
			}
		default:
			rest = append(rest, f)
		}
	}
	for _, f := range factors {
		add(simplifyMath(f))
	}
	switch len(rest) {
	case 0:
		return unitNum(k, "number")
	case 1:
		return scaleMath(rest[0], k)
	}
	if k != 1 {
		placed := false
		for i, f := range rest {
			if f.op == "" {
				rest[i] = unitNum(f.value*k, f.unit)
				placed = true
				break
			}
		}
		if !placed {
			rest = append([]*cssNum{unitNum(k, "number")}, rest...)
		}
	}
	return &cssNum{op: "product", args: rest}
}

// scaleMath is n times the number k.
func scaleMath(n *cssNum, k float64) *cssNum {
	if k == 1 {
		return n
	}
	switch n.op {
	case "":
		return unitNum(n.value*k, n.unit)
	case "sum":
		terms := make([]*cssNum, len(n.args))
		for i, t := range n.args {
			terms[i] = scaleMath(t, k)
		}
		return &cssNum{op: "sum", args: terms}
	case "negate":
		return negateMath(scaleMath(n.args[0], k))
	case "invert":
		return &cssNum{op: "product", args: []*cssNum{unitNum(k, "number"), n}} // 2 / min(…)
	}
	// Chromium writes the number after the other factor: min(1px, 2em) * 2
	return &cssNum{op: "product", args: []*cssNum{n, unitNum(k, "number")}}
}

// compareUnits evaluates min(), max() or clamp() of unit values that
// convert to one another.
func compareUnits(op string, args []*cssNum) (*cssNum, bool) {
	unit := args[0].unit
	for _, a := range args {
		if a.op != "" {
			return nil, false
		}
		if a.unit != unit {
			unit = ""
		}
	}
	vals := make([]float64, len(args))
	if unit == "" {
		f0, ok := cssUnitFactor[args[0].unit]
		if !ok {
			return nil, false
		}
		unit = canonicalUnit(f0.cat)
		for i, a := range args {
			f, ok := cssUnitFactor[a.unit]
			if !ok || f.cat != f0.cat {
				return nil, false
			}
			vals[i] = a.value * f.f
		}
	} else {
		for i, a := range args {
			vals[i] = a.value
		}
	}
	v := vals[0]
	switch op {
	case "min":
		for _, x := range vals[1:] {
			v = math.Min(v, x)
		}
	case "max":
		for _, x := range vals[1:] {
			v = math.Max(v, x)
		}
	case "clamp":
		v = math.Max(vals[0], math.Min(vals[1], vals[2]))
	}
	return unitNum(v, unit), true
}

// typedMath turns a simplified expression into Typed OM's shape: a sum's
// negative unit values after the first are CSSMathNegate of their
// magnitude.
func typedMath(n *cssNum) *cssNum {
	if n.op == "" {
		return n
	}
	args := make([]*cssNum, len(n.args))
	for i, a := range n.args {
		a = typedMath(a)
		if n.op == "sum" && i > 0 && a.op == "" && (a.value < 0 || a.value == 0 && math.Signbit(a.value)) {
			a = &cssNum{op: "negate", args: []*cssNum{unitNum(-a.value, a.unit)}}
		}
		args[i] = a
	}
	return &cssNum{op: n.op, args: args}
}

// parseNumericValue is CSSNumericValue.parse's reading of text: a
// numeric token, or a math function, a top-level calc() a CSSMathSum
// unless its root is a product, an inversion or a comparison.
func parseNumericValue(text string) (*cssNum, bool) {
	if n, ok := parseNumeric(text); ok {
		return n, true
	}
	raw, top, ok := parseMathFunction(text)
	if !ok {
		return nil, false
	}
	n := typedMath(simplifyMath(raw))
	if top == "calc" {
		switch n.op {
		case "":
			n = &cssNum{op: "sum", args: []*cssNum{n}}
		case "negate":
			n = &cssNum{op: "sum", args: []*cssNum{n}}
		}
	}
	return n, true
}

// reifyMath is a property value's math function as a CSSNumericValue:
// one that reduces to one value is that CSSUnitValue.
func reifyMath(text string) (*cssNum, bool) {
	raw, _, ok := parseMathFunction(text)
	if !ok {
		return nil, false
	}
	return typedMath(simplifyMath(raw)), true
}
