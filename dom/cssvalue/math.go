package cssvalue

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// A Kind is one dimension a Value can have terms in.
type Kind uint8

// The kinds of typed values: plain numbers, lengths (in px), percentages
// not resolved against a basis, times (in s) and angles (in deg).
const (
	Num Kind = 1 << iota
	Px
	Pct
	Sec
	Deg
)

// A Value is a typed numeric value: a sum of terms, one per kind it has.
// Only a length and a percentage can be summed (calc(50% + 10px), when
// the percentage's basis is not known); otherwise a Value has one kind.
// https://drafts.csswg.org/css-values-4/#calc-type-checking
type Value struct {
	Num, Px, Pct, Sec, Deg float64
	Kinds                  Kind
}

// Is reports whether v has exactly the kind k.
func (v Value) Is(k Kind) bool { return v.Kinds == k }

// A Context is what relative units and percentages resolve against.
type Context struct {
	FontSize     float64 // em: the element's font size in px
	RootFontSize float64 // rem: the root element's font size in px
	// ViewportWidth and ViewportHeight are the viewport in px (vw, vh,
	// and the small, large and dynamic viewport units alike).
	ViewportWidth, ViewportHeight float64
	// PercentBasis is what 100% is, in px, when HasPercentBasis; without
	// one, percentages stay percentages.
	PercentBasis    float64
	HasPercentBasis bool
	// Font, when set, returns the x-height and the advance of "0" of the
	// element's first available font, in px (ex and ch); it is called only
	// for a value using those units. Without it they stay unresolved.
	Font func() (ex, ch float64)
	// Container, when set, gives what the container query units (cqw,
	// cqh, cqi, cqb, cqmin, cqmax) take 1% of; it is asked only for a
	// value using those units. Without it there is no container, and
	// they take the viewport's (a media query's, a canvas font's).
	Container ContainerSizer
}

// A ContainerSizer gives the width and height in px of an element's
// query containers: each axis's nearest eligible query container's
// content box, or the small viewport's; vertical tells that the
// element's writing mode is vertical (its inline axis, cqi's, is the
// height).
// https://drafts.csswg.org/css-conditional-5/#container-lengths
type ContainerSizer interface {
	ContainerSize() (width, height float64, vertical bool)
}

// Keywords are identifiers a calculation may use besides its constants,
// with their numbers: a relative color's channel keywords (r, l, alpha...).
// https://drafts.csswg.org/css-color-5/#relative-colors
type Keywords struct {
	Names  [4]string
	Values [4]float64
}

func (k *Keywords) lookup(name string) (float64, bool) {
	for i, n := range k.Names {
		if n != "" && ascii.EqualFold(n, name) {
			return k.Values[i], true
		}
	}
	return 0, false
}

// absoluteLengths are the absolute length units in px.
// https://drafts.csswg.org/css-values/#absolute-lengths
var absoluteLengths = map[string]float64{"px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72, "pc": 16}

// Dimension turns a number and its unit into a Value, resolving relative
// lengths against ctx (nil: only absolute units, numbers, percentages,
// times and angles). ok is false for a unit it cannot resolve (ex and ch
// without ctx.Font) or does not know.
func Dimension(f float64, unit string, ctx *Context) (Value, bool) {
	switch unit {
	case "":
		return Value{Num: f, Kinds: Num}, true
	case "%":
		if ctx != nil && ctx.HasPercentBasis {
			return Value{Px: f * ctx.PercentBasis / 100, Kinds: Px}, true
		}
		return Value{Pct: f, Kinds: Pct}, true
	case "s":
		return Value{Sec: f, Kinds: Sec}, true
	case "ms":
		return Value{Sec: f / 1000, Kinds: Sec}, true
	case "deg":
		return Value{Deg: f, Kinds: Deg}, true
	case "rad":
		return Value{Deg: f * 180 / math.Pi, Kinds: Deg}, true
	case "grad":
		return Value{Deg: f * 0.9, Kinds: Deg}, true
	case "turn":
		return Value{Deg: f * 360, Kinds: Deg}, true
	}
	if k, ok := absoluteLengths[unit]; ok {
		return Value{Px: f * k, Kinds: Px}, true
	}
	if ctx == nil {
		return Value{}, false
	}
	var px float64
	switch unit {
	case "em":
		px = f * ctx.FontSize
	case "rem":
		px = f * ctx.RootFontSize
	case "ex", "ch":
		if ctx.Font == nil {
			return Value{}, false
		}
		ex, ch := ctx.Font()
		if unit == "ex" {
			px = f * ex
		} else {
			px = f * ch
		}
	case "vw", "svw", "lvw", "dvw", "vi", "svi", "lvi", "dvi":
		px = f * ctx.ViewportWidth / 100
	case "vh", "svh", "lvh", "dvh", "vb", "svb", "lvb", "dvb":
		px = f * ctx.ViewportHeight / 100
	case "vmin", "svmin", "lvmin", "dvmin":
		px = f * math.Min(ctx.ViewportWidth, ctx.ViewportHeight) / 100
	case "vmax", "svmax", "lvmax", "dvmax":
		px = f * math.Max(ctx.ViewportWidth, ctx.ViewportHeight) / 100
	case "cqw", "cqi", "cqh", "cqb", "cqmin", "cqmax":
		w, h, vertical := ctx.ViewportWidth, ctx.ViewportHeight, false
		if ctx.Container != nil {
			w, h, vertical = ctx.Container.ContainerSize()
		}
		switch unit {
		case "cqi", "cqb":
			if vertical == (unit == "cqi") {
				px = f * h / 100
			} else {
				px = f * w / 100
			}
		case "cqw":
			px = f * w / 100
		case "cqh":
			px = f * h / 100
		case "cqmin":
			px = f * math.Min(w, h) / 100
		default:
			px = f * math.Max(w, h) / 100
		}
	default:
		return Value{}, false
	}
	return Value{Px: px, Kinds: Px}, true
}

// IsMath reports whether t is a math function this package evaluates:
// calc(), -webkit-calc(), min(), max(), clamp() or one of the functions of
// mathfunc.go (round(), sin(), pow()...).
func IsMath(t string) bool {
	open := strings.IndexByte(t, '(')
	if open <= 0 || t[len(t)-1] != ')' {
		return false
	}
	return IsMathName(ascii.Lower(t[:open]))
}

// Eval evaluates one component value: a number, a dimension or a math
// function, with units resolved against ctx (nil: see Dimension). ok is
// false for anything else, for a type error (1px + 1) and for a
// percentage that min(), max() or clamp() cannot compare for want of a
// basis; Compute serializes that last one.
// https://drafts.csswg.org/css-values-4/#calc-computed-value
func Eval(t string, ctx *Context) (Value, bool) { return EvalKeywords(t, ctx, nil) }

// EvalKeywords is Eval for a value that may use the keywords kw (nil:
// none) as numbers.
func EvalKeywords(t string, ctx *Context, kw *Keywords) (Value, bool) {
	p := mathParser{calcScanner: calcScanner{s: strings.TrimSpace(t)}, ctx: ctx, kw: kw}
	v, ok := p.term()
	if !ok || p.i != len(p.s) {
		return Value{}, false
	}
	return v, true
}

// maxMathDepth bounds nested parentheses and functions.
const maxMathDepth = 32

// mathParser is a recursive descent parser of calc()'s grammar over a
// string, evaluating as it goes.
// https://drafts.csswg.org/css-values-4/#calc-syntax
type mathParser struct {
	calcScanner
	ctx *Context
	kw  *Keywords
}

// sum is <calc-sum>: products joined by + and -, which need whitespace on
// both sides.
func (p *mathParser) sum() (Value, bool) {
	v, ok := p.product()
	for ok {
		save := p.i
		if !p.spaces() || p.i >= len(p.s) || p.s[p.i] != '+' && p.s[p.i] != '-' {
			p.i = save
			return v, true
		}
		op := p.s[p.i]
		p.i++
		if !p.spaces() {
			return Value{}, false
		}
		var w Value
		if w, ok = p.product(); !ok {
			return Value{}, false
		}
		if op == '-' {
			w = scale(w, -1)
		}
		v, ok = add(v, w)
	}
	return v, ok
}

// product is <calc-product>: values joined by * and /, one side of * and
// the right side of / being plain numbers.
func (p *mathParser) product() (Value, bool) {
	v, ok := p.term()
	for ok {
		save := p.i
		p.spaces()
		if p.i >= len(p.s) || p.s[p.i] != '*' && p.s[p.i] != '/' {
			p.i = save
			return v, true
		}
		op := p.s[p.i]
		p.i++
		p.spaces()
		var w Value
		if w, ok = p.term(); !ok {
			return Value{}, false
		}
		switch {
		case op == '/' && w.Is(Num):
			// a division by zero is an infinity (NaN for 0/0)
			v = scale(v, 1/w.Num)
		case op == '*' && w.Is(Num):
			v = scale(v, w.Num)
		case op == '*' && v.Is(Num):
			v = scale(w, v.Num)
		default:
			return Value{}, false
		}
	}
	return v, ok
}

// term is <calc-value>: a number, a dimension, a parenthesized sum or a
// math function.
func (p *mathParser) term() (Value, bool) {
	if p.i >= len(p.s) {
		return Value{}, false
	}
	if p.s[p.i] == '(' {
		return p.call("calc")
	}
	if n := numberEnd(p.s[p.i:]); n > 0 {
		end := p.i + n
		unitEnd := end
		if unitEnd < len(p.s) && p.s[unitEnd] == '%' {
			unitEnd++
		} else {
			for unitEnd < len(p.s) && (isNameByte(p.s[unitEnd])) {
				unitEnd++
			}
		}
		f, unit, ok := SplitNumber(p.s[p.i:unitEnd])
		if !ok {
			return Value{}, false
		}
		p.i = unitEnd
		return Dimension(f, unit, p.ctx)
	}
	open := strings.IndexByte(p.s[p.i:], '(')
	if open <= 0 {
		return p.constant()
	}
	name := ascii.Lower(p.s[p.i : p.i+open])
	if IsMathName(name) {
		p.i += open
		return p.call(name)
	}
	return Value{}, false
}

// constant is one of calc()'s numeric constants.
// https://drafts.csswg.org/css-values-4/#calc-constants
func (p *mathParser) constant() (Value, bool) {
	end := p.i
	for end < len(p.s) && isNameByte(p.s[end]) {
		end++
	}
	var f float64
	switch ascii.Lower(p.s[p.i:end]) {
	case "pi":
		f = math.Pi
	case "e":
		f = math.E
	case "infinity":
		f = math.Inf(1)
	case "-infinity":
		f = math.Inf(-1)
	case "nan":
		f = math.NaN()
	default:
		if p.kw == nil {
			return Value{}, false
		}
		v, ok := p.kw.lookup(p.s[p.i:end])
		if !ok {
			return Value{}, false
		}
		f = v
	}
	p.i = end
	return Value{Num: f, Kinds: Num}, true
}

// call evaluates the function name whose opening parenthesis is at p.i.
func (p *mathParser) call(name string) (Value, bool) {
	if p.depth >= maxMathDepth {
		return Value{}, false
	}
	p.depth++
	defer func() { p.depth-- }()
	p.i++ // (
	var args []Value
	strategy := ""
	if name == "round" {
		var ok bool
		if strategy, ok = p.roundStrategy(); !ok {
			return Value{}, false
		}
	}
	for {
		p.spaces()
		v, ok := p.sum()
		if !ok {
			return Value{}, false
		}
		args = append(args, v)
		p.spaces()
		if p.i >= len(p.s) {
			return Value{}, false
		}
		if p.s[p.i] == ')' {
			p.i++
			break
		}
		if p.s[p.i] != ',' || name == "calc" || name == "-webkit-calc" {
			return Value{}, false
		}
		p.i++
	}
	if n := mathArity[name]; len(args) < n[0] || n[1] > 0 && len(args) > n[1] {
		return Value{}, false
	}
	switch name {
	case "calc", "-webkit-calc":
		return args[0], true
	case "min", "max":
		return extreme(name == "min", args)
	case "clamp":
		if len(args) != 3 {
			return Value{}, false
		}
		hi, ok := extreme(true, args[1:])
		if !ok {
			return Value{}, false
		}
		return extreme(false, []Value{args[0], hi})
	}
	in := make([]mathArg, len(args))
	for i, a := range args {
		unit, ok := kindUnits[a.Kinds]
		if !ok {
			return Value{}, false // a length with a percentage: needs a basis
		}
		in[i] = mathArg{a.single(), unit}
	}
	r, ok := applyMath(name, strategy, in)
	if !ok {
		return Value{}, false
	}
	for k, unit := range kindUnits {
		if unit == r.unit {
			return scale(Value{Num: 1, Px: 1, Pct: 1, Sec: 1, Deg: 1, Kinds: k}, r.v), true
		}
	}
	return Value{}, false
}

// kindUnits are the canonical units of the kinds of a Value.
var kindUnits = map[Kind]string{Num: "", Px: "px", Pct: "%", Sec: "s", Deg: "deg"}

// extreme is min() (least) or max() of values of one kind.
func extreme(least bool, args []Value) (Value, bool) {
	best := args[0]
	for _, a := range args {
		if a.Kinds != best.Kinds || a.Kinds&(a.Kinds-1) != 0 {
			return Value{}, false // different or mixed kinds: needs a basis
		}
		if x, y := a.single(), best.single(); least && x < y || !least && x > y {
			best = a
		}
	}
	return best, true
}

// Finite reports whether no term of v is infinite or NaN.
func (v Value) Finite() bool {
	for _, f := range [...]float64{v.Num, v.Px, v.Pct, v.Sec, v.Deg} {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return false
		}
	}
	return true
}

// single is the value of a Value of one kind.
func (v Value) single() float64 {
	return v.Num + v.Px + v.Pct + v.Sec + v.Deg
}

// scale multiplies the terms of v by f (only those v has: an infinite f
// leaves the others zero).
func scale(v Value, f float64) Value {
	for _, t := range [...]struct {
		k Kind
		p *float64
	}{{Num, &v.Num}, {Px, &v.Px}, {Pct, &v.Pct}, {Sec, &v.Sec}, {Deg, &v.Deg}} {
		if v.Kinds&t.k != 0 {
			*t.p *= f
		} else {
			*t.p = 0
		}
	}
	return v
}

// add sums two values; only a length and a percentage mix.
func add(a, b Value) (Value, bool) {
	k := a.Kinds | b.Kinds
	if k&(k-1) != 0 && k != Px|Pct {
		return Value{}, false
	}
	return Value{a.Num + b.Num, a.Px + b.Px, a.Pct + b.Pct, a.Sec + b.Sec, a.Deg + b.Deg, k}, true
}

func isNameByte(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// String serializes v as Chromium serializes a computed value: a single
// term with its canonical unit (px, %, s, deg), a length with a
// percentage as calc(50% + 10px), or the percentage alone when the length
// is zero.
// https://drafts.csswg.org/css-values-4/#serialize-a-math-function
func (v Value) String() string {
	var buf [24]byte
	switch v.Kinds {
	case Num:
		return string(AppendComputed(buf[:0], v.Num))
	case Px:
		return string(append(AppendComputed(buf[:0], v.Px), "px"...))
	case Pct:
		return string(append(AppendComputed(buf[:0], v.Pct), '%'))
	case Sec:
		return string(append(AppendComputed(buf[:0], v.Sec), 's'))
	case Deg:
		return string(append(AppendComputed(buf[:0], v.Deg), "deg"...))
	case Px | Pct:
		if v.Px == 0 {
			return FormatComputed(v.Pct) + "%"
		}
		op, px := " + ", v.Px
		if px < 0 {
			op, px = " - ", -px
		}
		return "calc(" + FormatComputed(v.Pct) + "%" + op + FormatComputed(px) + "px)"
	}
	return ""
}

// Compute is the computed value of one component t: a number or
// dimension with its relative units resolved (2em is 20px with a 10px
// font size, 200ms is 0.2s), a math function evaluated (calc(10px + 5px)
// is 15px). A min(), max() or clamp() that compares percentages without a
// basis keeps its name with each argument computed (max(10%, 1em) is
// max(10%, 10px)). ok is false when t is none of these or cannot be
// computed; t is then left to the caller.
func Compute(t string, ctx *Context) (string, bool) {
	if v, ok := Eval(t, ctx); ok {
		if !v.Finite() {
			return "", false // an infinity or NaN is left to the caller
		}
		return v.String(), true
	}
	open := strings.IndexByte(t, '(')
	if open <= 0 || t[len(t)-1] != ')' {
		return "", false
	}
	name := ascii.Lower(t[:open])
	if name != "min" && name != "max" && name != "clamp" {
		return "", false
	}
	parts := cssscan.Split(t[open+1:len(t)-1], ',')
	for i, a := range parts {
		v, ok := Eval(a, ctx)
		if !ok {
			return "", false
		}
		parts[i] = v.String()
	}
	return name + "(" + strings.Join(parts, ", ") + ")", true
}

// components splits a value at its top-level whitespace, commas and
// slashes (commas and slashes are components of their own).
func components(v string) []string {
	var out []string
	start := -1
	var sc cssscan.Scanner
	for i, c := range sc.All(v) {
		if sc.Depth() > 0 || c == ')' {
			if start < 0 {
				start = i
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', ',', '/':
			if start >= 0 {
				out = append(out, v[start:i])
				start = -1
			}
			if c == ',' || c == '/' {
				out = append(out, v[i:i+1])
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		out = append(out, v[start:])
	}
	return out
}
