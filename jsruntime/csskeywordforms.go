package jsruntime

import (
	"math"
	"slices"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Values Chromium 156 serializes with their defaults written out or left
// out, declared and computed alike.

// counterProps are the properties of counter names each with an optional
// integer. https://drafts.csswg.org/css-lists/#auto-numbering
var counterProps = set("counter-reset counter-increment counter-set")

// counterValue writes each counter's integer out when it is left out: 1
// for counter-increment, 0 for counter-reset and counter-set
// (`first -1 second` reads `first -1 second 0`); a reversed() counter of
// counter-reset keeps it left out.
func counterValue(prop string, out []string) []string {
	if !counterProps[prop] || len(out) == 1 && out[0] == "none" {
		return out
	}
	def := "0"
	if prop == "counter-increment" {
		def = "1"
	}
	res := make([]string, 0, 2*len(out))
	for i, t := range out {
		res = append(res, t)
		if isCounterInteger(t) || functionName(t) != "" {
			continue // a reversed() counter's integer has no default
		}
		if i+1 == len(out) || !isCounterInteger(out[i+1]) {
			res = append(res, def)
		}
	}
	return res
}

// isCounterInteger tells whether component t of a counter property is
// its integer: a number or a math function.
func isCounterInteger(t string) bool {
	if _, unit, ok := splitNumber(t); ok && unit == "" {
		return cssvalue.IsIntegerText(t)
	}
	return cssvalue.IsMath(t)
}

// computeCounters is the computed value of a counter property: each
// math function an integer, rounded half toward +∞ (calc(-2.5) is -2).
func computeCounters(v string) string {
	return mapComponents(v, func(c string) string {
		if !cssvalue.IsMath(c) {
			return c
		}
		if x, ok := cssvalue.Eval(c, nil); ok && x.Is(cssvalue.Num) {
			return cssvalue.FormatComputed(math.Floor(x.Num + 0.5))
		}
		return c
	})
}

// scrollSnapValue writes scroll-snap-type and scroll-snap-align in their
// shortest form: scroll-snap-type without its default strictness,
// proximity (`x proximity` reads `x`), scroll-snap-align's two equal
// alignments as one (`start start` reads `start`).
// https://drafts.csswg.org/css-scroll-snap/#scroll-snap-type
func scrollSnapValue(prop string, out []string) []string {
	switch {
	case prop == "scroll-snap-type" && len(out) == 2 && ascii.EqualFold(out[1], "proximity"):
		return out[:1]
	case prop == "scroll-snap-align" && len(out) == 2 && ascii.EqualFold(out[0], out[1]):
		return out[:1]
	}
	return out
}

// symbolsValue leaves out the default type, symbolic, of a symbols()
// counter style in list-style-type or list-style (`symbols(symbolic "a")`
// reads `symbols("a")`).
// https://drafts.csswg.org/css-counter-styles/#symbols-function
func symbolsValue(prop string, out []string) []string {
	if prop != "list-style-type" && prop != "list-style" {
		return out
	}
	for i, t := range out {
		if functionName(t) != "symbols" {
			continue
		}
		args := splitComponents(t[len("symbols(") : len(t)-1])
		if len(args) > 1 && ascii.EqualFold(args[0], "symbolic") {
			out[i] = "symbols(" + joinComponents(args[1:]) + ")"
		}
	}
	return out
}

// containOrder is the order Chromium serializes contain's keywords in.
var containOrder = []string{"size", "inline-size", "layout", "style", "paint"}

// containValue writes contain's keywords in Chromium's order, size (or
// inline-size), layout, style, paint (`paint layout style` reads
// `layout style paint`).
// https://drafts.csswg.org/css-contain/#contain-property
func containValue(prop string, out []string) []string {
	if prop != "contain" || len(out) < 2 {
		return out
	}
	res := make([]string, 0, len(out))
	for _, k := range containOrder {
		for _, t := range out {
			if ascii.EqualFold(t, k) {
				res = append(res, k)
			}
		}
	}
	if len(res) != len(out) {
		return out
	}
	return res
}

// computeContain is contain's computed value: layout, style and paint
// together are content, with size too strict.
func computeContain(v string) string {
	switch v {
	case "layout style paint":
		return "content"
	case "size layout style paint":
		return "strict"
	}
	return v
}

// thresholdValue writes a percentage of shape-image-threshold as its
// number, as Chromium 156 serializes it (50% reads 0.5).
func thresholdValue(prop string, out []string) []string {
	if prop != "shape-image-threshold" || len(out) != 1 {
		return out
	}
	if f, unit, ok := splitNumber(out[0]); ok && unit == "%" {
		out[0] = formatNumber(f / 100)
	}
	return out
}

// decorationLines are text-decoration-line's keywords in the order
// Chromium writes them.
var decorationLines = []string{"underline", "overline", "line-through", "blink"}

// decorationLineOrder writes text-decoration-line's keywords in Chromium's
// order, underline, overline, line-through, blink (`blink overline`
// reads `overline blink`), in the text-decoration shorthand too
// (textDecorationParts).
// https://drafts.csswg.org/css-text-decor-4/#text-decoration-line-property
func decorationLineOrder(prop string, out []string) []string {
	if prop != "text-decoration-line" || len(out) < 2 {
		return out
	}
	present := make([]string, 0, len(decorationLines))
	for _, k := range decorationLines {
		if slices.ContainsFunc(out, func(t string) bool { return ascii.EqualFold(t, k) }) {
			present = append(present, k)
		}
	}
	if len(present) != len(out) {
		return out
	}
	return present
}

// colorSchemeValue writes color-scheme's only last, as Chromium 156 does
// (`only light dark` reads `light dark only`).
// https://drafts.csswg.org/css-color-adjust/#color-scheme-prop
func colorSchemeValue(prop string, out []string) []string {
	if prop != "color-scheme" || len(out) < 2 || !ascii.EqualFold(out[0], "only") {
		return out
	}
	return append(out[1:], "only")
}

// easingValue writes the easing functions of the timing-function properties
// and the animation and transition shorthands in Chromium 156's form:
// steps() without its default position, end (`steps(2, end)` and
// `steps(2, jump-end)` read `steps(2)`), and linear() with every stop's
// input written (`linear(0, 1)` reads `linear(0 0%, 1 100%)`).
// https://drafts.csswg.org/css-easing/#step-easing-functions
// https://drafts.csswg.org/css-easing-2/#linear-easing-function-serializing
func easingValue(prop string, out []string) []string {
	switch prop {
	case "animation-timing-function", "transition-timing-function", "animation", "transition":
	default:
		return out
	}
	for i, t := range out {
		switch functionName(t) {
		case "steps":
			args := splitComponents(t[len("steps(") : len(t)-1])
			if len(args) == 3 && args[1] == "," && (ascii.EqualFold(args[2], "end") || ascii.EqualFold(args[2], "jump-end")) {
				out[i] = "steps(" + args[0] + ")"
			}
		case "linear":
			if _, text, ok := parseLinearEasing(t[len("linear(") : len(t)-1]); ok {
				out[i] = text
			}
		}
	}
	return out
}
