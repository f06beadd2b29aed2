package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Filter functions, declared and computed, as Chromium 156 serializes
// them. https://drafts.fxtf.org/filter-effects/#filter-functions

// filterProps are the properties whose value is a <filter-value-list>.
var filterProps = set("filter backdrop-filter -webkit-filter")

// filterAmountMax1 are the filter functions whose amount is clamped to
// 1 (100%): a larger one means the same.
var filterAmountMax1 = set("grayscale invert opacity sepia")

// filterAmounts are the filter functions that take a number or a
// percentage, 1 when left out.
var filterAmounts = set("brightness contrast saturate grayscale invert opacity sepia")

// filterValue writes each function of a declared filter value as Chromium
// serializes it: an amount over 1 or 100% of grayscale(), invert(),
// opacity() and sepia() as 1 or 100% (a math function kept), and
// drop-shadow()'s color first.
func filterValue(prop string, out []string) []string {
	if !filterProps[prop] {
		return out
	}
	for i, t := range out {
		name := functionName(t)
		switch {
		case filterAmountMax1[name]:
			arg := strings.TrimSpace(t[len(name)+1 : len(t)-1])
			if f, unit, ok := splitNumber(arg); ok && (unit == "" && f > 1 || unit == "%" && f > 100) {
				if unit == "" {
					out[i] = name + "(1)"
				} else {
					out[i] = name + "(100%)"
				}
			}
		case name == "drop-shadow":
			args := splitComponents(t[len(name)+1 : len(t)-1])
			if n := len(args); n > 1 && (ascii.EqualFold(args[n-1], "currentcolor") || isColorComponent(args[n-1])) {
				args = append(args[n-1:], args[:n-1]...)
				out[i] = name + "(" + joinComponents(args) + ")"
			}
		}
	}
	return out
}

// computeFilter is the computed value of a filter value v on el: each
// function's argument written out when left out, an amount as a number
// (grayscale(), invert(), opacity() and sepia() at most 1), lengths in
// px, an angle in degrees, drop-shadow()'s color resolved and its blur
// written out.
func (w *Window) computeFilter(el *dom.Node, prop, v string) string {
	var ctx lazyContext
	parts := splitComponents(v)
	for i, t := range parts {
		name := functionName(t)
		if name == "" {
			continue
		}
		arg := strings.TrimSpace(t[len(name)+1 : len(t)-1])
		switch {
		case name == "url":
			parts[i] = computedURLs(el, t)
		case name == "blur":
			if arg == "" {
				parts[i] = "blur(0px)"
			} else {
				parts[i] = "blur(" + w.computeLength(el, prop, arg, &ctx) + ")"
			}
		case filterAmounts[name]:
			f := 1.0
			if arg != "" {
				x, ok := cssvalue.Eval(arg, nil)
				switch {
				case ok && x.Is(cssvalue.Num):
					f = x.Num
				case ok && x.Is(cssvalue.Pct):
					f = x.Pct / 100
				default:
					continue
				}
			}
			if filterAmountMax1[name] {
				f = math.Min(f, 1)
			}
			parts[i] = name + "(" + cssvalue.FormatComputed(f) + ")"
		case name == "hue-rotate":
			if arg == "" {
				parts[i] = "hue-rotate(0deg)"
			} else if x, ok := cssvalue.Eval(arg, nil); ok && x.Is(cssvalue.Deg) {
				parts[i] = "hue-rotate(" + x.String() + ")"
			}
		case name == "drop-shadow":
			parts[i] = w.computeDropShadow(el, prop, arg, &ctx)
		}
	}
	return joinComponents(parts)
}

// computeDropShadow is the computed drop-shadow() of arguments arg: its
// color (currentcolor as the element's color), then its offsets and blur
// in px.
func (w *Window) computeDropShadow(el *dom.Node, prop, arg string, ctx *lazyContext) string {
	color := ""
	var lengths []string
	for _, c := range splitComponents(arg) {
		if col, ok := w.shadowColor(el, prop, c); ok {
			color = col
			continue
		}
		l := w.computeLength(el, prop, c, ctx)
		if l == "0" {
			l = "0px"
		}
		lengths = append(lengths, l)
	}
	if color == "" || color == "currentcolor" {
		color, _ = w.computedValue(el, "color")
	}
	for len(lengths) < 3 {
		lengths = append(lengths, "0px")
	}
	return "drop-shadow(" + color + " " + strings.Join(lengths, " ") + ")"
}
