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
	tree := treePool.Get().(*MathTree)
	defer treePool.Put(tree)
	if !tree.parseWith(strings.TrimSpace(t), true) || tree.Unclosed || !IsMathName(tree.Top) {
		return MathInvalid
	}
	return typeOfNode(tree, tree.Root())
}

// typeOfNode is the type of node i of a calculation tree.
func typeOfNode(t *MathTree, i int32) MathType {
	n := &t.Nodes[i]
	args := t.Args(i)
	switch n.Op {
	case NodeNumber:
		if strings.HasSuffix(n.Text, "%") {
			return MathPercent
		}
		return unitType(ascii.Lower(n.Text[numberEnd(n.Text):]))
	case NodeConstant:
		if _, ok := mathConstant(ascii.Lower(n.Text)); ok {
			return MathNumber
		}
		return MathInvalid // undefined, null, auto...
	case NodeOpaque:
		// var(), env(), attr()...: typed at computed time
		return MathUnknown
	case NodeSum:
		ty := typeOfNode(t, args[0])
		for _, a := range args[1:] {
			ty = addTypes(ty, typeOfNode(t, a))
		}
		return ty
	case NodeNegate:
		return typeOfNode(t, args[0])
	case NodeProduct:
		ty := typeOfNode(t, args[0])
		for _, a := range args[1:] {
			if ty == MathInvalid {
				return MathInvalid
			}
			if t.Nodes[a].Op == NodeInvert {
				// the divisor must be a number
				if r := typeOfNode(t, t.Args(a)[0]); r != MathNumber && r != MathUnknown {
					return MathInvalid
				}
				continue
			}
			switch r := typeOfNode(t, a); {
			case r == MathInvalid:
				return MathInvalid
			case ty == MathNumber:
				ty = r
			case r == MathNumber:
			case ty == MathUnknown || r == MathUnknown:
				ty = MathUnknown
			default:
				return MathInvalid // a length times a length
			}
		}
		return ty
	case NodeFunction:
		var buf [8]MathType
		types := buf[:0]
		for k, a := range args {
			// clamp(none, x, none): no bound, of no type
			if n.Name == "clamp" && k != 1 && t.Nodes[a].Op == NodeConstant && ascii.EqualFold(t.Nodes[a].Text, "none") {
				continue
			}
			ty := typeOfNode(t, a)
			if ty == MathInvalid {
				return MathInvalid
			}
			types = append(types, ty)
		}
		return mathResultType(n.Name, types)
	}
	return MathInvalid
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
	case a == MathAngle && b == MathPercent || a == MathPercent && b == MathAngle:
		// an <angle-percentage> (a conic gradient's stop): it
		// resolves against what the property says
		return MathUnknown
	}
	// A percentage with a number, a time, a frequency or a resolution
	// is no type (min(1%, 0), calc(1 + 100%), min(1s, 0%)), refused
	// by every property, as in Chromium 156, whose percentages in
	// calculations resolve against lengths and angles only.
	return MathInvalid
}

func lengthOrPercent(t MathType) bool {
	return t == MathLength || t == MathPercent || t == MathLengthPercent
}
