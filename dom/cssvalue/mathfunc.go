package cssvalue

import (
	"math"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The math functions of CSS Values 4 beyond calc(), min(), max() and
// clamp(): stepped values, trigonometric and exponential functions and
// sign-related ones, evaluated (Eval), simplified (SimplifyMath) and typed
// (TypeOfMath) alike.
// https://drafts.csswg.org/css-values-4/#math

// mathArity is how many arguments each function takes: at least, at most
// (0: any number).
var mathArity = map[string][2]int{
	"calc": {1, 1}, "-webkit-calc": {1, 1}, "min": {1, 0}, "max": {1, 0}, "clamp": {3, 3},
	"round": {1, 2}, "mod": {2, 2}, "rem": {2, 2},
	"sin": {1, 1}, "cos": {1, 1}, "tan": {1, 1}, "asin": {1, 1}, "acos": {1, 1}, "atan": {1, 1}, "atan2": {2, 2},
	"pow": {2, 2}, "sqrt": {1, 1}, "hypot": {1, 0}, "log": {1, 2}, "exp": {1, 1},
	"abs": {1, 1}, "sign": {1, 1},
}

// IsMathName reports whether name (lowercase) is a math function.
func IsMathName(name string) bool {
	_, ok := mathArity[name]
	return ok
}

// roundingStrategy reads round()'s optional first argument.
// https://drafts.csswg.org/css-values-4/#typedef-rounding-strategy
func roundingStrategy(word string) (string, bool) {
	switch w := ascii.Lower(word); w {
	case "nearest", "up", "down", "to-zero":
		return w, true
	}
	return "", false
}

// A mathArg is one argument of a math function, resolved to one
// canonical unit: "" (a number), "%", "px", "deg", "s", "hz" or "dppx".
type mathArg struct {
	v    float64
	unit string
}

// applyMath evaluates function name (not calc, min, max or clamp) of args
// with the rounding strategy of round(); ok is false when the arguments'
// types do not fit it (sin(1px), pow(2px, 1), hypot(1px, 2s)).
// https://drafts.csswg.org/css-values-4/#math
func applyMath(name, strategy string, args []mathArg) (mathArg, bool) {
	same := func() bool {
		for _, a := range args[1:] {
			if a.unit != args[0].unit {
				return false
			}
		}
		return true
	}
	numbers := func() bool {
		for _, a := range args {
			if a.unit != "" {
				return false
			}
		}
		return true
	}
	a := args[0].v
	switch name {
	case "round":
		if len(args) == 1 {
			if args[0].unit != "" {
				return mathArg{}, false // round(1.5px) needs its step
			}
			args = append(args, mathArg{1, ""})
		}
		if !same() {
			return mathArg{}, false
		}
		return mathArg{roundTo(strategy, a, args[1].v), args[0].unit}, true
	case "mod", "rem":
		if !same() {
			return mathArg{}, false
		}
		b := args[1].v
		var r float64
		switch {
		case b == 0 || math.IsInf(a, 0) || math.IsNaN(a) || math.IsNaN(b):
			r = math.NaN()
		case math.IsInf(b, 0):
			// rem keeps a; mod keeps it when it has b's sign
			r = a
			if name == "mod" && a != 0 && math.Signbit(a) != math.Signbit(b) {
				r = math.NaN()
			}
		case name == "rem":
			r = math.Mod(a, b)
		default:
			r = math.Mod(a, b)
			if r != 0 && math.Signbit(r) != math.Signbit(b) {
				r += b
			}
		}
		return mathArg{r, args[0].unit}, true
	case "sin", "cos", "tan":
		switch args[0].unit {
		case "deg":
			a = a * math.Pi / 180
		case "":
		default:
			return mathArg{}, false
		}
		f := map[string]func(float64) float64{"sin": math.Sin, "cos": math.Cos, "tan": math.Tan}[name]
		return mathArg{f(a), ""}, true
	case "asin", "acos", "atan":
		if !numbers() {
			return mathArg{}, false
		}
		f := map[string]func(float64) float64{"asin": math.Asin, "acos": math.Acos, "atan": math.Atan}[name]
		return mathArg{f(a) * 180 / math.Pi, "deg"}, true
	case "atan2":
		if !same() || args[0].unit == "%" {
			return mathArg{}, false
		}
		return mathArg{math.Atan2(a, args[1].v) * 180 / math.Pi, "deg"}, true
	case "pow":
		if !numbers() {
			return mathArg{}, false
		}
		b := args[1].v
		switch {
		case math.IsNaN(a) || math.IsNaN(b), math.Abs(a) == 1 && math.IsInf(b, 0):
			return mathArg{math.NaN(), ""}, true
		}
		return mathArg{math.Pow(a, b), ""}, true
	case "sqrt", "exp":
		if !numbers() {
			return mathArg{}, false
		}
		if name == "exp" {
			return mathArg{math.Exp(a), ""}, true
		}
		return mathArg{math.Sqrt(a), ""}, true
	case "log":
		if !numbers() {
			return mathArg{}, false
		}
		r := math.Log(a)
		if len(args) == 2 {
			b := args[1].v
			if b <= 0 {
				r = math.NaN() // log(2, 1) is ln 2 / 0: an infinity, as in Chromium
			} else {
				r /= math.Log(b)
			}
		}
		if math.IsNaN(a) {
			r = math.NaN()
		}
		return mathArg{r, ""}, true
	case "hypot":
		if !same() {
			return mathArg{}, false
		}
		var sum float64
		inf := false
		for _, x := range args {
			if math.IsNaN(x.v) {
				return mathArg{math.NaN(), args[0].unit}, true
			}
			inf = inf || math.IsInf(x.v, 0)
			sum += x.v * x.v
		}
		if inf {
			return mathArg{math.Inf(1), args[0].unit}, true
		}
		return mathArg{math.Sqrt(sum), args[0].unit}, true
	case "abs":
		return mathArg{math.Abs(a), args[0].unit}, true
	case "sign":
		r := a
		switch {
		case a > 0:
			r = 1
		case a < 0:
			r = -1
		}
		return mathArg{r, ""}, true // 0, -0 and NaN are themselves
	}
	return mathArg{}, false
}

// roundTo rounds a to a multiple of step by strategy (nearest: halves up).
// https://drafts.csswg.org/css-values-4/#round-func
func roundTo(strategy string, a, step float64) float64 {
	switch {
	case step == 0 || math.IsNaN(a) || math.IsNaN(step):
		return math.NaN()
	case math.IsInf(a, 0):
		if math.IsInf(step, 0) {
			return math.NaN()
		}
		return a
	case math.IsInf(step, 0):
		switch strategy {
		case "up":
			if a > 0 {
				return math.Inf(1)
			}
			if a == 0 && !math.Signbit(a) {
				return 0
			}
			return math.Copysign(0, -1)
		case "down":
			if a < 0 {
				return math.Inf(-1)
			}
			if a == 0 && math.Signbit(a) {
				return math.Copysign(0, -1)
			}
			return 0
		}
		return math.Copysign(0, a)
	}
	step = math.Abs(step)
	lower := math.Floor(a/step) * step
	upper := lower + step
	if lower == a {
		return a
	}
	var r float64
	switch strategy {
	case "up":
		r = upper
	case "down":
		r = lower
	case "to-zero":
		if math.Abs(lower) < math.Abs(upper) {
			r = lower
		} else {
			r = upper
		}
	default:
		if a-lower < upper-a {
			r = lower
		} else {
			r = upper
		}
	}
	if r == 0 {
		r = math.Copysign(0, a)
	}
	return r
}
