package cssvalue

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// SimplifyMath returns the specified value of the math function t (calc(),
// -webkit-calc(), min(), max() or clamp()) as Chromium serializes it: its
// calculation tree simplified with no context, as CSS Values 4 says. Terms
// of one unit are summed (absolute lengths in px, angles in deg, times in
// s), products and quotients by numbers are folded in, nested sums are
// flattened, min(), max() and clamp() of values of one unit are computed,
// and the sum is written with numbers first, then percentages, then the
// other units in alphabetical order, then the functions left unresolved:
// calc(1px + 2em) reads calc(2em + 1px), min(10px, 20px) reads calc(10px).
// ok is false for what it leaves to the caller: var() and other functions
// it does not know, mixed types, a top-level min()/max()/clamp() that does
// not reduce to one value (Chromium writes those as they are).
// https://drafts.csswg.org/css-values-4/#calc-simplification
// https://drafts.csswg.org/css-values-4/#serialize-a-math-function
func SimplifyMath(t string) (string, bool) { return SimplifyMathKeywords(t, nil) }

// SimplifyMathKeywords is SimplifyMath for a calculation that may use the
// identifiers keyword accepts as numbers (a relative color's channel
// keywords): they are written after the numbers, each with its factor
// (calc(r / 2 + 10) reads calc(10 + 0.5 * r)).
func SimplifyMathKeywords(t string, keyword func(string) bool) (string, bool) {
	return simplifyMath(t, keyword, false)
}

// SimplifyMathExact is SimplifyMath with its numbers written with every
// digit, not six: the value Chromium lays out, whose serialization
// SimplifyMath is (calc(123456.7px + 1.23456789px) reads calc(123458px)
// and is 123457.93456789px wide).
func SimplifyMathExact(t string) (string, bool) { return simplifyMath(t, nil, true) }

func simplifyMath(t string, keyword func(string) bool, exact bool) (string, bool) {
	tree := treePool.Get().(*MathTree)
	defer treePool.Put(tree)
	if !tree.parse(strings.TrimSpace(t)) || tree.Unclosed || !IsMathName(tree.Top) {
		return "", false
	}
	sm := simplifier{tree, keyword, exact}
	v, ok := sm.walk(tree.Root())
	if !ok {
		return "", false
	}
	if len(v.others) > 0 && tree.Top != "calc" && tree.Top != "-webkit-calc" {
		if len(v.terms) == 0 && len(v.others) == 1 && !v.others[0].neg {
			// min(), max() or clamp() of arguments of different units:
			// the function of its simplified arguments, a nested calc()
			// written as its bare sum (max(10px, 2em + 1px))
			return v.others[0].text, true
		}
		return "", false
	}
	return "calc(" + v.format(exact) + ")", true
}

// A linearSum is a simplified calculation: numeric terms, one per
// canonical unit, in the order their units first appeared, plus the
// functions that could not be resolved, each with a sign.
type linearSum struct {
	terms  []unitTerm
	others []signedText
}

type unitTerm struct {
	unit string // "" for a number, "%" for a percentage
	v    float64
}

type signedText struct {
	neg  bool
	text string
}

// number reports whether s is a plain number, and its value.
func (s linearSum) number() (float64, bool) {
	if len(s.others) == 0 && len(s.terms) == 1 && s.terms[0].unit == "" {
		return s.terms[0].v, true
	}
	return 0, false
}

func (s linearSum) scale(f float64) (linearSum, bool) {
	if len(s.others) > 0 && f != 1 && f != -1 {
		return linearSum{}, false // k * min(...) is left to the caller
	}
	out := linearSum{terms: slices.Clone(s.terms), others: slices.Clone(s.others)}
	for i := range out.terms {
		out.terms[i].v *= f
	}
	if f < 0 {
		for i := range out.others {
			out.others[i].neg = !out.others[i].neg
		}
	}
	return out, true
}

// add sums a and b, or ok=false when their types cannot be added: a
// number with a dimension, a length with a time...
func (s linearSum) add(b linearSum) (linearSum, bool) {
	out := linearSum{terms: slices.Clone(s.terms), others: append(slices.Clone(s.others), b.others...)}
	for _, t := range b.terms {
		i := slices.IndexFunc(out.terms, func(u unitTerm) bool { return u.unit == t.unit })
		if i >= 0 {
			out.terms[i].v += t.v
		} else {
			out.terms = append(out.terms, t)
		}
	}
	kinds := 0
	for _, t := range out.terms {
		kinds |= unitKind(t.unit)
	}
	if kinds&(kinds-1) != 0 && kinds != kindLength|kindPercent {
		return linearSum{}, false
	}
	return out, true
}

// format writes the sum as the inside of calc(): numbers, percentages, the
// other units alphabetically, then the unresolved functions; the numbers
// with six significant digits, or every digit when exact is set.
func (s linearSum) format(exact bool) string {
	num := formatSignificant
	if exact {
		num = formatExact
	}
	terms := slices.Clone(s.terms)
	slices.SortStableFunc(terms, func(a, b unitTerm) int {
		ra, rb := termRank(a.unit), termRank(b.unit)
		if ra != rb {
			return ra - rb
		}
		return strings.Compare(a.unit, b.unit)
	})
	var b strings.Builder
	for _, t := range terms {
		v := t.v
		switch {
		case b.Len() == 0:
		case math.Signbit(t.v): // -0 too: Chromium keeps calc(100% - 0px) (Vuetify's widths)
			b.WriteString(" - ")
			v = -v
		default:
			b.WriteString(" + ")
		}
		if name, ok := strings.CutPrefix(t.unit, "@"); ok { // a keyword with its factor
			if v != 1 {
				b.WriteString(num(v))
				b.WriteString(" * ")
			}
			b.WriteString(name)
			continue
		}
		if math.IsInf(v, 0) || math.IsNaN(v) {
			// calc(infinity), calc(-infinity * 1px), calc(NaN * 1deg)
			switch {
			case math.IsNaN(v):
				b.WriteString("NaN")
			case v < 0:
				b.WriteString("-infinity")
			default:
				b.WriteString("infinity")
			}
			if t.unit != "" {
				b.WriteString(" * 1" + t.unit)
			}
			continue
		}
		b.WriteString(num(v))
		b.WriteString(t.unit)
	}
	for _, o := range s.others {
		switch {
		case b.Len() == 0 && o.neg:
			b.WriteString("-1 * ")
		case o.neg:
			b.WriteString(" - ")
		case b.Len() > 0:
			b.WriteString(" + ")
		}
		b.WriteString(o.text)
	}
	return b.String()
}

func termRank(unit string) int {
	switch unit {
	case "":
		return 0
	case "%":
		return 1
	}
	return 2
}

// formatSignificant writes f with six significant digits, as Chromium
// writes the numbers of a simplified calculation (17.3333px, 1e+06).
func formatSignificant(f float64) string {
	if f == 0 {
		return "0"
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// formatExact writes f with as many digits as tell it apart.
func formatExact(f float64) string {
	if f == 0 {
		return "0"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// The kinds of units a sum may mix: a length with a percentage only.
const (
	kindNumber = 1 << iota
	kindPercent
	kindLength
	kindAngle
	kindTime
	kindFrequency
	kindResolution
)

// relativeLengths are the length units a calculation keeps as they are.
var relativeLengths = map[string]bool{
	"em": true, "rem": true, "ex": true, "rex": true, "ch": true, "rch": true, "cap": true, "rcap": true,
	"ic": true, "ric": true, "lh": true, "rlh": true,
	"vw": true, "vh": true, "vi": true, "vb": true, "vmin": true, "vmax": true,
	"svw": true, "svh": true, "svi": true, "svb": true, "svmin": true, "svmax": true,
	"lvw": true, "lvh": true, "lvi": true, "lvb": true, "lvmin": true, "lvmax": true,
	"dvw": true, "dvh": true, "dvi": true, "dvb": true, "dvmin": true, "dvmax": true,
	"cqw": true, "cqh": true, "cqi": true, "cqb": true, "cqmin": true, "cqmax": true,
}

// canonicalUnits converts the units a calculation can convert to their
// canonical unit: a factor and the unit.
var canonicalUnits = map[string]struct {
	factor float64
	unit   string
}{
	"deg": {1, "deg"}, "rad": {180 / math.Pi, "deg"}, "grad": {0.9, "deg"}, "turn": {360, "deg"},
	"s": {1, "s"}, "ms": {0.001, "s"},
	"hz": {1, "hz"}, "khz": {1000, "hz"},
	"dppx": {1, "dppx"}, "x": {1, "dppx"}, "dpi": {1.0 / 96, "dppx"}, "dpcm": {2.54 / 96, "dppx"},
}

// unitKind is the kind of a canonical unit, or 0 for one a calculation
// does not take.
func unitKind(unit string) int {
	if strings.HasPrefix(unit, "@") {
		return kindNumber // a keyword of SimplifyMathKeywords
	}
	switch unit {
	case "":
		return kindNumber
	case "%":
		return kindPercent
	case "px":
		return kindLength
	case "deg":
		return kindAngle
	case "s":
		return kindTime
	case "hz":
		return kindFrequency
	case "dppx":
		return kindResolution
	}
	if relativeLengths[unit] {
		return kindLength
	}
	return 0
}

// simplifier simplifies the nodes of a calculation tree.
type simplifier struct {
	t       *MathTree
	keyword func(string) bool // identifiers that are numbers, or nil
	exact   bool              // numbers written with every digit (SimplifyMathExact)
}

// walk is the simplified sum of node i.
func (sm *simplifier) walk(i int32) (linearSum, bool) {
	n := &sm.t.Nodes[i]
	args := sm.t.Args(i)
	switch n.Op {
	case NodeNumber:
		f, unit, ok := SplitNumber(n.Text)
		if !ok {
			return linearSum{}, false
		}
		if px, ok := absoluteLengths[unit]; ok {
			f, unit = f*px, "px"
		} else if c, ok := canonicalUnits[unit]; ok {
			f, unit = f*c.factor, c.unit
		} else if unitKind(unit) == 0 {
			return linearSum{}, false
		}
		return linearSum{terms: []unitTerm{{unit, f}}}, true
	case NodeConstant:
		name := ascii.Lower(n.Text)
		if f, ok := mathConstant(name); ok {
			return linearSum{terms: []unitTerm{{"", f}}}, true
		}
		if sm.keyword != nil && sm.keyword(name) {
			return linearSum{terms: []unitTerm{{"@" + name, 1}}}, true
		}
	case NodeSum:
		v, ok := sm.walk(args[0])
		for _, a := range args[1:] {
			if !ok {
				break
			}
			var w linearSum
			if w, ok = sm.walk(a); ok {
				v, ok = v.add(w)
			}
		}
		return v, ok
	case NodeNegate:
		if v, ok := sm.walk(args[0]); ok {
			return v.scale(-1)
		}
	case NodeProduct:
		// one side of * and the right side of / must be plain numbers
		v, ok := sm.walk(args[0])
		for _, a := range args[1:] {
			if !ok {
				return linearSum{}, false
			}
			div := sm.t.Nodes[a].Op == NodeInvert
			if div {
				a = sm.t.Args(a)[0]
			}
			var w linearSum
			if w, ok = sm.walk(a); !ok {
				return linearSum{}, false
			}
			if f, isNum := w.number(); isNum {
				if div {
					f = 1 / f // by zero: an infinity
				}
				v, ok = v.scale(f)
			} else if f, isNum := v.number(); isNum && !div {
				v, ok = w.scale(f)
			} else {
				return linearSum{}, false
			}
		}
		return v, ok
	case NodeFunction:
		return sm.call(n, args)
	}
	return linearSum{}, false // var() and other functions are the caller's
}

// mathConstant is the value of one of calc()'s numeric constants (lower
// case).
// https://drafts.csswg.org/css-values-4/#calc-constants
func mathConstant(name string) (float64, bool) {
	switch name {
	case "pi":
		return math.Pi, true
	case "e":
		return math.E, true
	case "infinity":
		return math.Inf(1), true
	case "-infinity":
		return math.Inf(-1), true
	case "nan":
		return math.NaN(), true
	}
	return 0, false
}

// call simplifies a math function other than calc().
func (sm *simplifier) call(n *MathNode, argNodes []int32) (linearSum, bool) {
	args := make([]linearSum, len(argNodes))
	for i, a := range argNodes {
		var ok bool
		if args[i], ok = sm.walk(a); !ok {
			return linearSum{}, false
		}
	}
	name := n.Name
	switch name {
	case "min", "max":
		if len(args) == 1 {
			return args[0], true // min(1% + 1px) is calc(1% + 1px)
		}
		if v, ok := extremeOf(name == "min", args); ok {
			return v, true
		}
	case "clamp":
		if hi, ok := extremeOf(true, args[1:]); ok {
			if v, ok := extremeOf(false, []linearSum{args[0], hi}); ok {
				return v, true
			}
		}
	default:
		// the other functions of arguments of one unit each (a number, px,
		// deg, s...) are computed; of others they stay functions
		if v, ok := applyMathOf(name, n.Strategy, args); ok {
			return v, true
		}
	}
	// Arguments of different units stay a function of the simplified
	// arguments.
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	if n.Strategy != "" {
		b.WriteString(n.Strategy)
		b.WriteString(", ")
	}
	for i, a := range args {
		if len(a.terms) == 0 && len(a.others) == 0 {
			return linearSum{}, false
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.format(sm.exact))
	}
	b.WriteByte(')')
	return linearSum{others: []signedText{{text: b.String()}}}, true
}

// applyMathOf applies a function of mathfunc.go to sums that are each one
// term of one canonical unit.
func applyMathOf(name, strategy string, args []linearSum) (linearSum, bool) {
	in := make([]mathArg, len(args))
	for i, a := range args {
		if len(a.others) > 0 || len(a.terms) != 1 {
			return linearSum{}, false
		}
		t := a.terms[0]
		if k := unitKind(t.unit); k == 0 || strings.HasPrefix(t.unit, "@") || relativeLengths[t.unit] {
			return linearSum{}, false
		}
		in[i] = mathArg{t.v, t.unit}
	}
	r, ok := applyMath(name, strategy, in)
	if !ok {
		return linearSum{}, false
	}
	return linearSum{terms: []unitTerm{{r.unit, r.v}}}, true
}

// extremeOf is min() (least) or max() of sums that are each one term of
// one unit, or ok=false.
func extremeOf(least bool, args []linearSum) (linearSum, bool) {
	var best unitTerm
	for i, a := range args {
		if len(a.others) > 0 || len(a.terms) != 1 {
			return linearSum{}, false
		}
		t := a.terms[0]
		switch {
		case i == 0:
			best = t
		case t.unit != best.unit:
			return linearSum{}, false
		case least && t.v < best.v, !least && t.v > best.v:
			best = t
		}
	}
	return linearSum{terms: []unitTerm{best}}, true
}
