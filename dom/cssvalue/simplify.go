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
	p := simplifier{calcScanner{s: strings.TrimSpace(t)}, keyword}
	open := strings.IndexByte(p.s, '(')
	if open <= 0 {
		return "", false
	}
	name := ascii.Lower(p.s[:open])
	if !IsMathName(name) {
		return "", false
	}
	p.i = open
	v, ok := p.call(name)
	if !ok || p.i != len(p.s) {
		return "", false
	}
	if len(v.others) > 0 && name != "calc" && name != "-webkit-calc" {
		if len(v.terms) == 0 && len(v.others) == 1 && !v.others[0].neg {
			// min(), max() or clamp() of arguments of different units:
			// the function of its simplified arguments, a nested calc()
			// written as its bare sum (max(10px, 2em + 1px))
			return v.others[0].text, true
		}
		return "", false
	}
	return "calc(" + v.String() + ")", true
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

// String writes the sum as the inside of calc(): numbers, percentages, the
// other units alphabetically, then the unresolved functions.
func (s linearSum) String() string {
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
				b.WriteString(formatSignificant(v))
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
		b.WriteString(formatSignificant(v))
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

// simplifier is a recursive descent parser of calc()'s grammar that
// builds the simplified sum as it goes.
// https://drafts.csswg.org/css-values-4/#calc-syntax
type simplifier struct {
	calcScanner
	keyword func(string) bool // identifiers that are numbers, or nil
}

// calcScanner is the position of a recursive descent parser of calc()'s
// grammar (simplifier, mathTyper) in s, and how deep in nested functions.
type calcScanner struct {
	s     string
	i     int
	depth int
}

// spaces skips white space and reports whether there was any.
func (p *calcScanner) spaces() bool {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(" \t\n\r\f", p.s[p.i]) >= 0 {
		p.i++
	}
	return p.i > start
}

// roundStrategy reads round()'s optional rounding strategy and the comma
// after it, p.i just past the open parenthesis: the strategy ("" when there
// is none, p.i left at the first argument) and false for a strategy with no
// comma after it.
// https://drafts.csswg.org/css-values-4/#funcdef-round
func (p *calcScanner) roundStrategy() (string, bool) {
	p.spaces()
	end := p.i
	for end < len(p.s) && isNameByte(p.s[end]) {
		end++
	}
	st, ok := roundingStrategy(p.s[p.i:end])
	if !ok {
		return "", true
	}
	p.i = end
	p.spaces()
	if p.i >= len(p.s) || p.s[p.i] != ',' {
		return "", false
	}
	p.i++
	return st, true
}

// operator consumes the next operator of a sum ("+-") or a product ("*/")
// with the white space around it. It returns 0 and leaves p.i alone when
// none follows, and ok false for a + or - without white space after it
// (before it, the sign belongs to a number: 1px+2px is no sum).
// https://drafts.csswg.org/css-values-4/#calc-syntax
func (p *calcScanner) operator(ops string) (op byte, ok bool) {
	save := p.i
	sp := p.spaces()
	if p.i >= len(p.s) || strings.IndexByte(ops, p.s[p.i]) < 0 {
		p.i = save
		return 0, true
	}
	op = p.s[p.i]
	sign := op == '+' || op == '-'
	if sign && !sp {
		p.i = save
		return 0, true
	}
	p.i++
	if !p.spaces() && sign {
		return op, false
	}
	return op, true
}

// sum is <calc-sum>: products joined by + and -, with whitespace on both
// sides of the operator.
func (p *simplifier) sum() (linearSum, bool) {
	v, ok := p.product()
	for ok {
		op, good := p.operator("+-")
		switch {
		case !good:
			return linearSum{}, false
		case op == 0:
			return v, true
		}
		var w linearSum
		if w, ok = p.product(); !ok {
			return linearSum{}, false
		}
		if op == '-' {
			if w, ok = w.scale(-1); !ok {
				return linearSum{}, false
			}
		}
		v, ok = v.add(w)
	}
	return v, ok
}

// product is <calc-product>: one side of * and the right side of / must be
// plain numbers.
func (p *simplifier) product() (linearSum, bool) {
	v, ok := p.value()
	for ok {
		op, _ := p.operator("*/")
		if op == 0 {
			return v, true
		}
		var w linearSum
		if w, ok = p.value(); !ok {
			return linearSum{}, false
		}
		if f, isNum := w.number(); isNum {
			if op == '/' {
				f = 1 / f // by zero: an infinity
			}
			v, ok = v.scale(f)
		} else if f, isNum := v.number(); isNum && op == '*' {
			v, ok = w.scale(f)
		} else {
			return linearSum{}, false
		}
	}
	return v, ok
}

// value is <calc-value>: a number, a dimension, a constant, a
// parenthesized sum or a math function.
func (p *simplifier) value() (linearSum, bool) {
	if p.i >= len(p.s) {
		return linearSum{}, false
	}
	if p.s[p.i] == '(' {
		return p.call("calc")
	}
	if n := numberEnd(p.s[p.i:]); n > 0 {
		end := p.i + n
		if end < len(p.s) && p.s[end] == '%' {
			end++
		} else {
			for end < len(p.s) && isNameByte(p.s[end]) {
				end++
			}
		}
		f, unit, ok := SplitNumber(p.s[p.i:end])
		if !ok {
			return linearSum{}, false
		}
		p.i = end
		if px, ok := absoluteLengths[unit]; ok {
			f, unit = f*px, "px"
		} else if c, ok := canonicalUnits[unit]; ok {
			f, unit = f*c.factor, c.unit
		} else if unitKind(unit) == 0 {
			return linearSum{}, false
		}
		return linearSum{terms: []unitTerm{{unit, f}}}, true
	}
	end := p.i
	for end < len(p.s) && isNameByte(p.s[end]) {
		end++
	}
	name := ascii.Lower(p.s[p.i:end])
	if end < len(p.s) && p.s[end] == '(' {
		if IsMathName(name) {
			p.i = end
			return p.call(name)
		}
		return linearSum{}, false
	}
	if f, ok := map[string]float64{"pi": math.Pi, "e": math.E, "infinity": math.Inf(1), "-infinity": math.Inf(-1), "nan": math.NaN()}[name]; ok {
		p.i = end
		return linearSum{terms: []unitTerm{{"", f}}}, true
	}
	if p.keyword != nil && p.keyword(name) {
		p.i = end
		return linearSum{terms: []unitTerm{{"@" + name, 1}}}, true
	}
	return linearSum{}, false
}

// call simplifies the function name whose opening parenthesis is at p.i.
func (p *simplifier) call(name string) (linearSum, bool) {
	if p.depth >= maxMathDepth {
		return linearSum{}, false
	}
	p.depth++
	defer func() { p.depth-- }()
	p.i++ // (
	var args []linearSum
	strategy := ""
	if name == "round" {
		var ok bool
		if strategy, ok = p.roundStrategy(); !ok {
			return linearSum{}, false
		}
	}
	for {
		p.spaces()
		v, ok := p.sum()
		if !ok {
			return linearSum{}, false
		}
		args = append(args, v)
		p.spaces()
		if p.i >= len(p.s) {
			return linearSum{}, false
		}
		if p.s[p.i] == ')' {
			p.i++
			break
		}
		if p.s[p.i] != ',' || name == "calc" || name == "-webkit-calc" {
			return linearSum{}, false
		}
		p.i++
	}
	if n := mathArity[name]; len(args) < n[0] || n[1] > 0 && len(args) > n[1] {
		return linearSum{}, false
	}
	switch name {
	case "calc", "-webkit-calc":
		return args[0], true
	case "min", "max":
		if len(args) == 1 {
			return args[0], true // min(1% + 1px) is calc(1% + 1px)
		}
		if v, ok := extremeOf(name == "min", args); ok {
			return v, true
		}
	case "clamp":
		if len(args) != 3 {
			return linearSum{}, false
		}
		if hi, ok := extremeOf(true, args[1:]); ok {
			if v, ok := extremeOf(false, []linearSum{args[0], hi}); ok {
				return v, true
			}
		}
	default:
		// the other functions of arguments of one unit each (a number, px,
		// deg, s...) are computed; of others they stay functions
		if v, ok := applyMathOf(name, strategy, args); ok {
			return v, true
		}
	}
	// Arguments of different units stay a function of the simplified
	// arguments.
	var texts []string
	if strategy != "" {
		texts = append(texts, strategy)
	}
	for _, a := range args {
		if len(a.terms) == 0 && len(a.others) == 0 {
			return linearSum{}, false
		}
		texts = append(texts, a.String())
	}
	return linearSum{others: []signedText{{text: name + "(" + strings.Join(texts, ", ") + ")"}}}, true
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
