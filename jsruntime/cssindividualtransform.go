package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The individual transform properties serialize in their shortest form,
// as Chromium writes their specified values:
// https://drafts.csswg.org/css-transforms-2/#individual-transform-serialization
// A value given with math functions keeps them as written (Chromium
// 156 reads `scale: calc(2) calc(2)` back unchanged).

// scaleValue writes scale's factors as numbers (a percentage divided by
// 100), leaves out a z of 1 and a y equal to x (`100% 100% 1` reads 1).
func scaleValue(out []string) []string {
	plain := true
	for i, t := range out {
		f, unit, ok := splitNumber(t)
		switch {
		case !ok:
			plain = false
		case unit == "%":
			out[i] = formatNumber(f / 100)
		}
	}
	if !plain {
		return out
	}
	if len(out) == 3 && out[2] == "1" {
		out = out[:2]
	}
	if len(out) == 2 && out[0] == out[1] {
		out = out[:1]
	}
	return out
}

// translateValue writes a bare 0 as 0px and leaves out a zero z, then a
// zero y length (`100px 0px 0px` reads 100px; a 0% y stays).
func translateValue(out []string) []string {
	for i, t := range out {
		if f, unit, ok := splitNumber(t); ok && unit == "" && f == 0 {
			out[i] = "0px"
		}
	}
	if len(out) == 3 && isZeroLength(out[2]) {
		out = out[:2]
	}
	if len(out) == 2 && isZeroLength(out[1]) {
		out = out[:1]
	}
	return out
}

// isZeroLength reports whether t is a zero length, bare or in calc()
// (`0px`, `0em`, `calc(0px)`); a zero percentage is not one.
func isZeroLength(t string) bool {
	if name, inner, ok := strings.Cut(t, "("); ok && ascii.EqualFold(name, "calc") && strings.HasSuffix(inner, ")") {
		t = strings.TrimSpace(inner[:len(inner)-1])
	}
	f, unit, ok := splitNumber(t)
	return ok && f == 0 && (unit == "" || lengthUnits[unit])
}

// rotateValue writes rotate's axis before its angle, an axis along x or
// y as that keyword and one along z not at all, a negative axis turning
// the angle's sign (`-1 0 0 10deg` reads `x -10deg`, `10deg z` 10deg).
// An axis or angle given as a math function stays as written.
func rotateValue(out []string) []string {
	angle := -1
	for i, t := range out {
		if grammarTypes["angle"](t) {
			angle = i
			break
		}
	}
	if angle < 0 || len(out) == 1 {
		return out
	}
	a := out[angle]
	axis := make([]string, 0, 3)
	axis = append(axis, out[:angle]...)
	axis = append(axis, out[angle+1:]...)
	af, aunit, plainAngle := splitNumber(a)
	if len(axis) == 1 {
		switch ascii.Lower(axis[0]) {
		case "z":
			return []string{a}
		case "x", "y":
			return []string{ascii.Lower(axis[0]), a}
		}
		return out
	}
	var v [3]float64
	for i, t := range axis {
		f, unit, ok := splitNumber(t)
		if !ok || unit != "" {
			return append(axis, a)
		}
		v[i] = f
	}
	var name string
	var comp float64
	switch {
	case v[1] == 0 && v[2] == 0 && v[0] != 0:
		name, comp = "x", v[0]
	case v[0] == 0 && v[2] == 0 && v[1] != 0:
		name, comp = "y", v[1]
	case v[0] == 0 && v[1] == 0 && v[2] != 0:
		name, comp = "z", v[2]
	default:
		return append(axis, a)
	}
	if comp < 0 {
		if !plainAngle {
			return append(axis, a)
		}
		a = formatNumber(-af) + aunit
	}
	if name == "z" {
		return []string{a}
	}
	return []string{name, a}
}

// scrollbarGutterValue writes `both-edges stable` as Chromium does,
// stable first.
func scrollbarGutterValue(out []string) []string {
	if len(out) == 2 && out[0] == "both-edges" {
		out[0], out[1] = out[1], out[0]
	}
	return out
}

// computeIndividualTransform is the computed value of scale, translate
// or rotate: math functions evaluated (a scale's to numbers, a
// translation's lengths absolute, rotate's axis numbers and angle in
// degrees), then in the shortest form the specified value takes
// (`scale: calc(2) calc(2)` computes to 2).
func (w *Window) computeIndividualTransform(el *dom.Node, prop, v string) string {
	var ctx lazyContext
	parts := splitComponents(v)
	for i, p := range parts {
		if !cssvalue.IsMath(p) {
			continue
		}
		switch prop {
		case "translate":
			parts[i] = w.computeLength(el, "top", p, &ctx)
		default:
			x, ok := cssvalue.Eval(p, nil)
			switch {
			case !ok:
			case x.Is(cssvalue.Num):
				parts[i] = formatNumber(x.Num)
			case x.Is(cssvalue.Pct) && prop == "scale":
				parts[i] = formatNumber(x.Pct / 100)
			case x.Is(cssvalue.Deg) && prop == "rotate":
				parts[i] = formatNumber(x.Deg) + "deg"
			}
		}
	}
	return joinComponents(individualTransformValue(prop, parts))
}

// individualTransformValue is out, the components of a value of prop, in
// their shortest form when prop is scale, translate or rotate (both the
// declared and the computed values are written so), else out.
func individualTransformValue(prop string, out []string) []string {
	switch prop {
	case "scale":
		return scaleValue(out)
	case "translate":
		return translateValue(out)
	case "rotate":
		return rotateValue(out)
	}
	return out
}
