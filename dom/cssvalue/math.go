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
	// PercentAngle makes a percentage a share of a full turn, an angle
	// (a conic gradient's stop: calc(10% + 1deg) is 37deg).
	PercentAngle bool
	// Font, when set, gives the x-height and the advance of "0" of the
	// element's first available font at FontSize, in px (ex and ch); it
	// is asked only for a value using those units. Without it they stay
	// unresolved.
	Font FontUnits
	// Container, when set, gives what the container query units (cqw,
	// cqh, cqi, cqb, cqmin, cqmax) take 1% of; it is asked only for a
	// value using those units. Without it there is no container, and
	// they take the viewport's (a media query's, a canvas font's).
	Container ContainerSizer
}

// FontUnits gives the x-height and the advance of "0" in px of a font
// at size px. An interface rather than a func, so that an element (a
// pointer) can be one without a closure made per context.
type FontUnits interface {
	FontUnits(size float64) (ex, ch float64)
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
		if ctx != nil && ctx.PercentAngle {
			return Value{Deg: f * 3.6, Kinds: Deg}, true
		}
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
		ex, ch := ctx.Font.FontUnits(ctx.FontSize)
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
	s := strings.TrimSpace(t)
	if n := numberEnd(s); n > 0 {
		// a number or a dimension, the common case: no tree
		if n < len(s) && s[n] == '%' {
			n++
		} else {
			for n < len(s) && isNameByte(s[n]) {
				n++
			}
		}
		f, unit, ok := SplitNumber(s)
		if n != len(s) || !ok {
			return Value{}, false
		}
		return Dimension(f, unit, ctx)
	}
	tree := treePool.Get().(*MathTree)
	var v Value
	ok := tree.parse(s) && !tree.Unclosed
	if ok {
		e := mathEval{t: tree, ctx: ctx, kw: kw}
		v, ok = e.eval(tree.Root())
	}
	treePool.Put(tree)
	return v, ok
}

// maxMathDepth bounds nested parentheses and functions.
const maxMathDepth = 32

// mathEval evaluates a MathTree with units resolved against ctx and the
// keywords kw.
type mathEval struct {
	t   *MathTree
	ctx *Context
	kw  *Keywords
}

// eval is the value of node i.
func (e *mathEval) eval(i int32) (Value, bool) {
	n := &e.t.Nodes[i]
	if n.Op == NodeNumber {
		f, unit, ok := SplitNumber(n.Text)
		if !ok {
			return Value{}, false
		}
		return Dimension(f, unit, e.ctx)
	}
	args := e.t.Args(i)
	switch n.Op {
	case NodeConstant:
		return e.constant(n.Text)
	case NodeNegate:
		v, ok := e.eval(args[0])
		return scale(v, -1), ok
	case NodeSum:
		v, ok := e.eval(args[0])
		for _, a := range args[1:] {
			if !ok {
				break
			}
			var w Value
			if w, ok = e.eval(a); ok {
				v, ok = add(v, w)
			}
		}
		return v, ok
	case NodeProduct:
		// one side of * and the right side of / are plain numbers
		v, ok := e.eval(args[0])
		for _, a := range args[1:] {
			if !ok {
				return Value{}, false
			}
			var w Value
			if e.t.Nodes[a].Op == NodeInvert {
				if w, ok = e.eval(e.t.Args(a)[0]); !ok || !w.Is(Num) {
					return Value{}, false
				}
				v = scale(v, 1/w.Num) // a division by zero is an infinity (NaN for 0/0)
				continue
			}
			if w, ok = e.eval(a); !ok {
				return Value{}, false
			}
			switch {
			case w.Is(Num):
				v = scale(v, w.Num)
			case v.Is(Num):
				v = scale(w, v.Num)
			default:
				return Value{}, false
			}
		}
		return v, ok
	case NodeFunction:
		return e.call(n, args)
	}
	return Value{}, false // an inversion outside a product: none is made
}

// constant is one of calc()'s numeric constants, or a keyword.
// https://drafts.csswg.org/css-values-4/#calc-constants
func (e *mathEval) constant(name string) (Value, bool) {
	f, ok := mathConstant(ascii.Lower(name))
	if !ok {
		if e.kw == nil {
			return Value{}, false
		}
		if f, ok = e.kw.lookup(name); !ok {
			return Value{}, false
		}
	}
	return Value{Num: f, Kinds: Num}, true
}

// call evaluates a math function other than calc().
func (e *mathEval) call(n *MathNode, argNodes []int32) (Value, bool) {
	var buf [8]Value
	args := buf[:0]
	for _, a := range argNodes {
		v, ok := e.eval(a)
		if !ok {
			return Value{}, false
		}
		args = append(args, v)
	}
	switch n.Name {
	case "min", "max":
		return extreme(n.Name == "min", args)
	case "clamp":
		hi, ok := extreme(true, args[1:])
		if !ok {
			return Value{}, false
		}
		return extreme(false, []Value{args[0], hi})
	}
	var inBuf [8]mathArg
	in := inBuf[:0]
	for _, a := range args {
		unit, ok := kindUnits[a.Kinds]
		if !ok {
			return Value{}, false // a length with a percentage: needs a basis
		}
		in = append(in, mathArg{a.single(), unit})
	}
	r, ok := applyMath(n.Name, n.Strategy, in)
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
// MaxLength is the largest length a computed value holds, in px: the
// largest of Chromium's layout units (1/64 px in an int32), which an
// infinite length is clamped to (calc(infinity * 1px) is 3.35544e+07px).
const MaxLength = float64(math.MaxInt32) / 64

// Clamped is v with its infinite and NaN parts made finite, as a
// computed value holds them: NaN is 0, an infinite length or percentage
// is ±MaxLength, an infinite time or number the largest double
// (1.79769e+308s), an infinite angle 0 (a rotation by it is none).
// https://drafts.csswg.org/css-values-4/#calc-ieee
func (v Value) Clamped() Value {
	fin := func(f, max float64) float64 {
		switch {
		case math.IsNaN(f):
			return 0
		case math.IsInf(f, 1):
			return max
		case math.IsInf(f, -1):
			return -max
		}
		return f
	}
	v.Num = fin(v.Num, math.MaxFloat64)
	v.Px = fin(v.Px, MaxLength)
	v.Pct = fin(v.Pct, MaxLength)
	v.Sec = fin(v.Sec, math.MaxFloat64)
	v.Deg = fin(v.Deg, 0)
	return v
}

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
