package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Gradients as Chromium 156 serializes them, specified and computed
// (https://drafts.csswg.org/css-images-4/#gradients): a color stop with two
// positions is two stops (`#fff 0 50%` reads back as `#fff 0px, #fff 50%`),
// a bare 0 position is 0px (0deg in a conic gradient), and what the
// gradient would be without it is left out: `to bottom` and 180deg, the
// ellipse shape and the farthest-corner size, `from 0deg`, a centered
// position, the default interpolation space (srgb when every color is a
// legacy sRGB color, oklab otherwise) and the shorter hue. A position is
// written horizontal first, a one-value one completed with center. The
// computed value has its angles in degrees and its positions as
// percentages or lengths (`right 10px` is calc(100% - 10px)). Lengths in
// font units are not resolved.

// gradientKind tells the gradient functions apart.
type gradientKind int

const (
	gradientOther gradientKind = iota
	gradientLinear
	gradientRadial
	gradientConic
	gradientWebkit // -webkit-linear-gradient and kin: their stops only
)

func gradientKindOf(name string) gradientKind {
	n := strings.TrimPrefix(name, "repeating-")
	switch n {
	case "linear-gradient":
		return gradientLinear
	case "radial-gradient":
		return gradientRadial
	case "conic-gradient":
		return gradientConic
	case "-webkit-linear-gradient", "-webkit-repeating-linear-gradient", "-webkit-radial-gradient",
		"-webkit-repeating-radial-gradient":
		return gradientWebkit
	}
	return gradientOther
}

// gradientComputer computes the components of a gradient for an element:
// its colors (currentcolor) and lengths (font-relative units).
type gradientComputer struct {
	color, length func(string) string
}

// gradientArgs rewrites the normalized argument components of the gradient
// function name (lower case) as Chromium writes them; with a computer
// (the computed value) also computed: colors, lengths, angles in degrees,
// positions as offsets.
func gradientArgs(name string, args []string, comp *gradientComputer) []string {
	computed := comp != nil
	kind := gradientKindOf(name)
	if kind == gradientOther {
		return args
	}
	for _, a := range args {
		if substitutedOrWide(a) {
			return args // known when the value is computed
		}
	}
	groups := splitCommaGroups(args)
	// the groups before the first color stop describe the gradient
	first := 0
	for first < len(groups) && (len(groups[first]) == 0 || !stopColor(groups[first][0])) {
		first++
	}
	if first == len(groups) || kind != gradientWebkit && first > 1 {
		return args // not a gradient this grammar took
	}
	if strings.HasSuffix(name, "radial-gradient") && kind == gradientWebkit {
		groups, first = webkitRadialPrelude(groups, first, comp)
	}
	zeroUnit := "px"
	if kind == gradientConic {
		zeroUnit = "deg"
	}
	var stops [][]string
	nonLegacy := false
	for _, g := range groups[first:] {
		if len(g) > 2 && !stopColor(g[0]) || len(g) > 3 || len(g) == 0 {
			return args // not a gradient this grammar took
		}
		if stopColor(g[0]) {
			c := g[0]
			if computed {
				c = comp.color(c)
			}
			nonLegacy = nonLegacy || nonLegacyColor(c)
			if len(g) == 1 {
				stops = append(stops, []string{c})
			}
			for _, p := range g[1:] {
				stops = append(stops, []string{c, comp.offset(p, zeroUnit, kind == gradientConic)})
			}
			continue
		}
		stops = append(stops, []string{comp.offset(g[0], zeroUnit, kind == gradientConic)}) // a hint
	}
	var out []string
	for _, g := range groups[:first] {
		var pre []string
		switch kind {
		case gradientLinear:
			pre = linearPrelude(g, nonLegacy, comp)
		case gradientRadial:
			pre = radialPrelude(g, nonLegacy, comp)
		case gradientConic:
			pre = conicPrelude(g, nonLegacy, comp)
		default:
			pre = g
		}
		if len(pre) > 0 {
			out = append(append(out, pre...), ",")
		}
	}
	for i, s := range stops {
		if i > 0 {
			out = append(out, ",")
		}
		out = append(out, s...)
	}
	return out
}

// stopColor tells whether component c is the color of a stop.
func stopColor(c string) bool {
	return isColorComponent(c) || ascii.EqualFold(c, "currentcolor")
}

// webkitRadialPrelude writes the groups before the first stop of a
// -webkit-radial-gradient as Chromium 156 does: the position first, center
// when there is none (kept as center when computed, where an explicit one
// is `center center`, or its offsets), completed with center and
// horizontal first; then the shape and size, ellipse and cover when only
// one of them is given, or the sizes as lengths. first is the index of
// the first stop's group after it.
func webkitRadialPrelude(groups [][]string, first int, comp *gradientComputer) ([][]string, int) {
	if first == 0 || radialShapeWord(groups[0][0]) {
		groups = append([][]string{{"center"}}, groups...)
		first++
	} else if comp == nil || len(groups[0]) != 1 || !ascii.EqualFold(groups[0][0], "center") {
		if x, y, ok := orderedPosition(groups[0], comp); ok {
			groups[0] = append(append([]string{}, x...), y...)
		}
	}
	if first < 2 {
		return groups, first
	}
	shape, size := "", ""
	var lengths []string
	for _, t := range groups[1] {
		switch l := ascii.Lower(t); l {
		case "circle", "ellipse":
			shape = l
		case "closest-side", "closest-corner", "farthest-side", "farthest-corner", "contain", "cover":
			size = l
		default:
			if f, unit, ok := splitNumber(t); ok && unit == "" && f == 0 {
				t = "0px"
			}
			lengths = append(lengths, t)
		}
	}
	switch {
	case len(lengths) > 0 && shape == "" && size == "":
		groups[1] = comp.lengths(lengths)
	case len(lengths) == 0:
		if shape == "" {
			shape = "ellipse"
		}
		if size == "" {
			size = "cover"
		}
		groups[1] = []string{shape, size}
	}
	return groups, first
}

// radialShapeWord tells whether t is a keyword of a radial gradient's
// shape or size.
func radialShapeWord(t string) bool {
	switch ascii.Lower(t) {
	case "circle", "ellipse", "closest-side", "closest-corner", "farthest-side", "farthest-corner", "contain", "cover":
		return true
	}
	return false
}

// splitCommaGroups splits components at their commas.
func splitCommaGroups(args []string) [][]string {
	groups := [][]string{nil}
	for _, a := range args {
		if a == "," {
			groups = append(groups, nil)
			continue
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], a)
	}
	return groups
}

// nonLegacyColor tells whether color c (specified or computed) is not a
// legacy sRGB color, which makes oklab the default interpolation space.
// https://drafts.csswg.org/css-color-4/#interpolation-space
func nonLegacyColor(c string) bool {
	name, _, ok := strings.Cut(ascii.Lower(c), "(")
	if !ok {
		return false
	}
	switch name {
	case "lab", "lch", "oklab", "oklch", "color":
		return true
	}
	return false
}

// offset is a stop's or a hint's position: a bare 0 takes the
// gradient's unit; computed (c not nil), an angle is in degrees and a
// length computed.
func (c *gradientComputer) offset(p, zeroUnit string, angle bool) string {
	f, unit, ok := splitNumber(p)
	switch {
	case ok && unit == "" && f == 0:
		return "0" + zeroUnit
	case c == nil || unit == "%":
		return p
	case angle:
		if d, ok := angleDegrees(f, unit); ok && unit != "" {
			return formatNumber(d) + "deg"
		}
		if cssvalue.IsMath(p) {
			// a percentage alone stays one (calc(20%) is 20%); with
			// an angle it is a share of the turn
			if x, ok := cssvalue.Eval(p, nil); ok && x.Is(cssvalue.Pct) {
				return formatNumber(x.Pct) + "%"
			}
			if x, ok := cssvalue.Eval(p, &cssvalue.Context{PercentAngle: true}); ok && x.Is(cssvalue.Deg) {
				return formatNumber(x.Deg) + "deg"
			}
		}
		return p
	}
	return c.length(p)
}

// lengths computes the lengths of l (when c is not nil).
func (c *gradientComputer) lengths(l []string) []string {
	if c == nil {
		return l
	}
	out := make([]string, len(l))
	for i, t := range l {
		out[i] = t
		if !isIdent(t) {
			out[i] = c.length(t)
		}
	}
	return out
}

// angleDegrees converts an angle to degrees.
func angleDegrees(f float64, unit string) (float64, bool) {
	switch unit {
	case "deg", "":
		return f, true
	case "rad":
		return f * 180 / math.Pi, true
	case "grad":
		return f * 0.9, true
	case "turn":
		return f * 360, true
	}
	return 0, false
}

// computedDegrees is the angle t in degrees: a number with an angle unit,
// a bare 0 or, computed, a math function.
func computedDegrees(t string, computed bool) (float64, bool) {
	if d, ok := literalDegrees(t); ok {
		return d, true
	}
	if computed && cssvalue.IsMath(t) {
		if x, ok := cssvalue.Eval(t, nil); ok && x.Is(cssvalue.Deg) {
			return x.Deg, true
		}
	}
	return 0, false
}

// literalDegrees is the angle t in degrees when it is a number with an
// angle unit (or a bare 0), not a math function.
func literalDegrees(t string) (float64, bool) {
	f, unit, ok := splitNumber(t)
	if !ok || unit == "" && f != 0 {
		return 0, false
	}
	return angleDegrees(f, unit)
}

// splitInterpolation takes the color interpolation method (`in hsl
// longer hue`) out of a prelude, written as Chromium writes it or ""
// when it is the default for the gradient's colors.
func splitInterpolation(g []string, nonLegacy bool) (rest []string, interp []string) {
	i := -1
	for j, t := range g {
		if ascii.EqualFold(t, "in") {
			i = j
			break
		}
	}
	if i < 0 || i+1 >= len(g) {
		return g, nil
	}
	end := i + 2
	space := ascii.Lower(g[i+1])
	hue := ""
	if end+1 < len(g) && ascii.EqualFold(g[end+1], "hue") {
		hue = ascii.Lower(g[end])
		end += 2
	}
	rest = append(append([]string{}, g[:i]...), g[end:]...)
	def := "srgb"
	if nonLegacy {
		def = "oklab"
	}
	if space == def {
		return rest, nil
	}
	interp = []string{"in", space}
	if hue != "" && hue != "shorter" {
		interp = append(interp, hue, "hue")
	}
	return rest, interp
}

// linearPrelude is the direction of a linear gradient and its
// interpolation.
func linearPrelude(g []string, nonLegacy bool, comp *gradientComputer) []string {
	computed := comp != nil
	g, interp := splitInterpolation(g, nonLegacy)
	var out []string
	switch {
	case len(g) >= 2 && ascii.EqualFold(g[0], "to"):
		var x, y string
		for _, k := range g[1:] {
			switch k = ascii.Lower(k); k {
			case "left", "right":
				x = k
			default:
				y = k
			}
		}
		if x != "" || y != "bottom" {
			out = append(out, "to")
			for _, k := range []string{x, y} {
				if k != "" {
					out = append(out, k)
				}
			}
		}
	case len(g) == 1:
		a := g[0]
		if d, ok := computedDegrees(a, computed); ok {
			switch {
			case d == 180:
				a = ""
			case computed || a == "0":
				a = formatNumber(d) + "deg"
			}
		}
		if a != "" {
			out = append(out, a)
		}
	default:
		out = append(out, g...)
	}
	return append(out, interp...)
}

// radialPrelude is the shape, size and position of a radial gradient and
// its interpolation.
func radialPrelude(g []string, nonLegacy bool, comp *gradientComputer) []string {
	g, interp := splitInterpolation(g, nonLegacy)
	var shape, sizing string
	var sizes, pos []string
	for i := 0; i < len(g); i++ {
		switch t := ascii.Lower(g[i]); t {
		case "at":
			pos = g[i+1:]
			i = len(g)
		case "circle", "ellipse":
			shape = t
		case "closest-side", "closest-corner", "farthest-side", "farthest-corner":
			sizing = t
		default:
			if f, unit, ok := splitNumber(t); ok && unit == "" && f == 0 {
				t = "0px"
			} else {
				t = g[i]
			}
			sizes = append(sizes, t)
		}
	}
	var out []string
	if shape == "circle" && (sizing != "" || len(sizes) == 0) {
		out = append(out, "circle")
	}
	if sizing != "" && sizing != "farthest-corner" {
		out = append(out, sizing)
	} else if sizing == "" {
		out = append(out, comp.lengths(sizes)...)
	}
	out = append(out, gradientPosition(pos, comp)...)
	return append(out, interp...)
}

// conicPrelude is the start angle and position of a conic gradient and
// its interpolation.
func conicPrelude(g []string, nonLegacy bool, comp *gradientComputer) []string {
	computed := comp != nil
	g, interp := splitInterpolation(g, nonLegacy)
	var out, pos []string
	for i := 0; i < len(g); i++ {
		switch {
		case ascii.EqualFold(g[i], "from") && i+1 < len(g):
			a := g[i+1]
			i++
			if d, ok := computedDegrees(a, computed); ok {
				if d == 0 {
					continue
				}
				if computed {
					a = formatNumber(d) + "deg"
				}
			}
			out = append(out, "from", a)
		case ascii.EqualFold(g[i], "at"):
			pos = g[i+1:]
			i = len(g)
		}
	}
	out = append(out, gradientPosition(pos, comp)...)
	return append(out, interp...)
}

// gradientPosition is `at` and a gradient's position, horizontal first and
// completed with center, or nothing when it is the center; computed, the
// position as a horizontal and a vertical offset.
func gradientPosition(p []string, comp *gradientComputer) []string {
	if len(p) == 0 {
		return nil
	}
	x, y, ok := orderedPosition(p, comp)
	if !ok {
		return append([]string{"at"}, p...)
	}
	center := func(v []string) bool { return len(v) == 1 && (v[0] == "center" || v[0] == "50%") }
	if center(x) && center(y) {
		return nil
	}
	return append(append([]string{"at"}, x...), y...)
}

// orderedPosition is position p's horizontal and vertical parts, a
// one-value position completed with center, keywords in lower case and a
// bare 0 as 0px; computed (comp not nil), each axis as an offset. ok is
// false for a position of three values.
func orderedPosition(p []string, comp *gradientComputer) (x, y []string, ok bool) {
	pos := make([]string, len(p))
	for i, t := range p {
		if f, unit, ok := splitNumber(t); ok && unit == "" && f == 0 {
			t = "0px"
		} else if isIdent(t) {
			t = ascii.Lower(t)
		}
		pos[i] = t
	}
	vertical := func(t string) bool { return t == "top" || t == "bottom" }
	horizontal := func(t string) bool { return t == "left" || t == "right" }
	switch len(pos) {
	case 1:
		x, y = pos, []string{"center"}
		if vertical(pos[0]) {
			x, y = y, x
		}
	case 2:
		x, y = pos[:1], pos[1:]
		if vertical(pos[0]) || horizontal(pos[1]) {
			x, y = y, x
		}
	case 4:
		x, y = pos[:2], pos[2:]
		if vertical(pos[0]) {
			x, y = y, x
		}
	default:
		return nil, nil, false
	}
	if comp != nil {
		x, y = []string{positionOffset(comp.lengths(x))}, []string{positionOffset(comp.lengths(y))}
	}
	return x, y, true
}

// positionOffset is the computed offset of one axis of a position: a
// keyword as a percentage, an offset from the right or bottom edge as
// its complement.
func positionOffset(v []string) string {
	edge := map[string]string{"left": "0%", "top": "0%", "center": "50%", "right": "100%", "bottom": "100%"}
	if len(v) == 1 {
		if e, ok := edge[v[0]]; ok {
			return e
		}
		return v[0]
	}
	side, off := v[0], v[1]
	if side == "left" || side == "top" {
		return off
	}
	if f, unit, ok := splitNumber(off); ok && (unit == "%" || f == 0) {
		return formatNumber(100-f) + "%"
	}
	return "calc(100% - " + off + ")"
}

// computedGradient is the computed value of gradient function c, whose
// colors and lengths comp computes.
func computedGradient(c string, comp *gradientComputer) string {
	open := strings.IndexByte(c, '(')
	name := ascii.Lower(c[:open])
	if gradientKindOf(name) == gradientOther {
		if n, ok := normalizeFunction("background-image", c); ok {
			c = n
		}
		return name + "(" + mapComponents(c[open+1:len(c)-1], comp.color) + ")"
	}
	// normalized and computed in one pass: the specified value's own
	// serialization is not always what it was written as (an implicit
	// -webkit-radial-gradient position reads center, as does an explicit
	// one in Chromium 156, whose computed values differ)
	if n, ok := normalizeFunctionComputed("background-image", c, comp); ok {
		return n
	}
	args := gradientArgs(name, splitComponents(c[open+1:len(c)-1]), comp)
	return name + "(" + joinComponents(args) + ")"
}
