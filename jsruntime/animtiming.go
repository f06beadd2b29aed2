package jsruntime

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The timing model of Web Animations in plain Go: an effect's timing
// (EffectTiming), its computed timing at a local time, easing functions,
// and the interpolation of keyframe values. animation.go binds it to
// scripts.
// https://drafts.csswg.org/web-animations-1/#timing-model

// unresolved is an unresolved time value (or progress): NaN, so that a
// forgotten check shows as NaN rather than as a plausible 0.
var unresolved = math.NaN()

func isUnresolved(t float64) bool { return t != t }

// effectTiming is an effect's EffectTiming dictionary as set, with its
// easing parsed.
// https://drafts.csswg.org/web-animations-1/#the-effecttiming-dictionaries
type effectTiming struct {
	delay, endDelay float64
	fill            string // none, forwards, backwards, both, auto
	iterationStart  float64
	iterations      float64
	duration        float64 // ms; durationAuto overrides it
	durationAuto    bool
	direction       string // normal, reverse, alternate, alternate-reverse
	easing          string
	ease            easingFunc
}

func defaultTiming() effectTiming {
	return effectTiming{fill: "auto", iterations: 1, durationAuto: true, direction: "normal", easing: "linear", ease: linearEasing}
}

// iterationDuration is the duration, 0 for auto.
func (t *effectTiming) iterationDuration() float64 {
	if t.durationAuto {
		return 0
	}
	return t.duration
}

// activeDuration https://drafts.csswg.org/web-animations-1/#active-duration
func (t *effectTiming) activeDuration() float64 {
	d := t.iterationDuration()
	if d == 0 || t.iterations == 0 {
		return 0
	}
	return d * t.iterations
}

// endTime https://drafts.csswg.org/web-animations-1/#end-time
func (t *effectTiming) endTime() float64 {
	return math.Max(t.delay+t.activeDuration()+t.endDelay, 0)
}

// effectPhase is an effect's phase.
// https://drafts.csswg.org/web-animations-1/#animation-effect-phases-and-states
type effectPhase uint8

const (
	phaseIdle effectPhase = iota
	phaseBefore
	phaseActive
	phaseAfter
)

// computedTiming is an effect's timing at one local time: what
// getComputedTiming reports, and the progress its keyframes are sampled
// at.
type computedTiming struct {
	localTime        float64
	phase            effectPhase
	activeTime       float64
	progress         float64 // simple iteration progress
	currentIteration float64
	// transformed is the transformed progress, the keyframes' sampling
	// point (unresolved when the effect is not in effect).
	transformed float64
}

// compute calculates the timing of an effect with timing t at localTime,
// for an animation playing backwards when backwards is true.
// https://drafts.csswg.org/web-animations-1/#calculating-the-active-time and the sections after it
func (t *effectTiming) compute(localTime float64, backwards bool) computedTiming {
	c := computedTiming{localTime: localTime, activeTime: unresolved, progress: unresolved,
		currentIteration: unresolved, transformed: unresolved}
	if isUnresolved(localTime) {
		return c
	}
	active, end := t.activeDuration(), t.endTime()
	beforeActive := math.Max(math.Min(t.delay, end), 0)
	activeAfter := math.Max(math.Min(t.delay+active, end), 0)
	switch {
	case localTime < beforeActive || backwards && localTime == beforeActive:
		c.phase = phaseBefore
	case localTime > activeAfter || !backwards && localTime == activeAfter:
		c.phase = phaseAfter
	default:
		c.phase = phaseActive
	}
	fill := t.fill
	if fill == "auto" {
		fill = "none"
	}
	switch c.phase {
	case phaseBefore:
		if fill == "backwards" || fill == "both" {
			c.activeTime = math.Max(localTime-t.delay, 0)
		}
	case phaseActive:
		c.activeTime = localTime - t.delay
	case phaseAfter:
		if fill == "forwards" || fill == "both" {
			c.activeTime = math.Max(math.Min(localTime-t.delay, active), 0)
		}
	}
	if isUnresolved(c.activeTime) {
		return c
	}
	// Overall progress.
	d := t.iterationDuration()
	var overall float64
	if d == 0 {
		if c.phase != phaseBefore {
			overall = t.iterations
		}
	} else {
		overall = c.activeTime / d
	}
	overall += t.iterationStart
	// Simple iteration progress.
	var simple float64
	if math.IsInf(overall, 0) {
		simple = math.Mod(t.iterationStart, 1)
	} else {
		simple = math.Mod(overall, 1)
	}
	if simple == 0 && (c.phase == phaseActive || c.phase == phaseAfter) && c.activeTime == active && t.iterations != 0 && overall != 0 {
		simple = 1
	}
	c.progress = simple
	// Current iteration.
	switch {
	case c.phase == phaseAfter && math.IsInf(t.iterations, 1):
		c.currentIteration = math.Inf(1)
	case simple == 1:
		c.currentIteration = math.Floor(overall) - 1
	default:
		c.currentIteration = math.Floor(overall)
	}
	// Directed progress.
	forwards := true
	switch t.direction {
	case "reverse":
		forwards = false
	case "alternate", "alternate-reverse":
		d := c.currentIteration
		if math.IsInf(d, 0) {
			d = 0
		}
		odd := math.Mod(d, 2) == 1
		forwards = odd == (t.direction == "alternate-reverse")
	}
	directed := simple
	if !forwards {
		directed = 1 - simple
	}
	before := c.phase == phaseBefore && forwards || c.phase == phaseAfter && !forwards
	c.transformed = t.ease(directed, before)
	return c
}

// An easingFunc maps an input progress to an output progress; before is
// the before flag of step easing functions.
// https://drafts.csswg.org/css-easing/#easing-functions
type easingFunc func(p float64, before bool) float64

func linearEasing(p float64, _ bool) float64 { return p }

// parseEasing parses a CSS <easing-function>, ok false when s is not one.
func parseEasing(s string) (easingFunc, string, bool) {
	s = strings.TrimSpace(s)
	lower := ascii.Lower(s)
	switch lower {
	case "linear":
		return linearEasing, "linear", true
	case "ease":
		return cubicBezier(0.25, 0.1, 0.25, 1), lower, true
	case "ease-in":
		return cubicBezier(0.42, 0, 1, 1), lower, true
	case "ease-out":
		return cubicBezier(0, 0, 0.58, 1), lower, true
	case "ease-in-out":
		return cubicBezier(0.42, 0, 0.58, 1), lower, true
	case "step-start":
		return steps(1, "jump-start"), "steps(1, start)", true
	case "step-end":
		return steps(1, "jump-end"), "steps(1)", true
	}
	name, args, ok := strings.Cut(lower, "(")
	if !ok || !strings.HasSuffix(args, ")") {
		return nil, "", false
	}
	if strings.TrimSpace(name) == "linear" {
		return parseLinearEasing(strings.TrimSuffix(args, ")"))
	}
	parts := strings.Split(strings.TrimSuffix(args, ")"), ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	switch strings.TrimSpace(name) {
	case "cubic-bezier":
		if len(parts) != 4 {
			return nil, "", false
		}
		var v [4]float64
		for i, p := range parts {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
				return nil, "", false
			}
			v[i] = f
		}
		if v[0] < 0 || v[0] > 1 || v[2] < 0 || v[2] > 1 {
			return nil, "", false
		}
		return cubicBezier(v[0], v[1], v[2], v[3]), "cubic-bezier(" + formatNumber(v[0]) + ", " + formatNumber(v[1]) + ", " +
			formatNumber(v[2]) + ", " + formatNumber(v[3]) + ")", true
	case "steps":
		if len(parts) < 1 || len(parts) > 2 {
			return nil, "", false
		}
		n, err := strconv.Atoi(parts[0])
		if err != nil {
			return nil, "", false
		}
		pos := "jump-end"
		if len(parts) == 2 {
			pos = parts[1]
		}
		switch pos {
		case "start":
			pos = "jump-start"
		case "end":
			pos = "jump-end"
		case "jump-start", "jump-end", "jump-both", "jump-none":
		default:
			return nil, "", false
		}
		if n < 1 || pos == "jump-none" && n < 2 {
			return nil, "", false
		}
		text := "steps(" + strconv.Itoa(n)
		switch pos {
		case "jump-start":
			text += ", start"
		case "jump-end":
		default:
			text += ", " + pos
		}
		return steps(n, pos), text + ")", true
	}
	return nil, "", false
}

// A linearPoint is one control point of a linear() easing function: its
// output at its input, a percentage.
type linearPoint struct{ out, in float64 }

// parseLinearEasing parses the arguments of linear(): a list of at least
// two stops, each a number (the output) with zero, one or two
// percentages (the inputs) before or after it; numbers and percentages
// may be calc(). The text is Chromium's serialization: a point per input,
// every input written (linear(0, 0.5, 1) reads linear(0 0%, 0.5 50%, 1 100%)),
// the numbers as JavaScript writes them.
// https://drafts.csswg.org/css-easing-2/#linear-easing-function-parsing
func parseLinearEasing(args string) (easingFunc, string, bool) {
	stops := cssscan.Split(args, ',')
	if len(stops) < 2 {
		return nil, "", false
	}
	pts := make([]linearPoint, 0, len(stops)+1)
	largest := math.Inf(-1)
	for i, stop := range stops {
		out, pcts, ok := parseLinearStop(stop)
		if !ok {
			return nil, "", false
		}
		if len(pcts) == 0 {
			in := math.NaN() // filled in below
			if i == 0 {
				in, largest = 0, 0
			}
			pts = append(pts, linearPoint{out, in})
			continue
		}
		for _, p := range pcts {
			// An input is never before an earlier one.
			largest = math.Max(p, largest)
			pts = append(pts, linearPoint{out, largest})
		}
	}
	if last := &pts[len(pts)-1]; math.IsNaN(last.in) {
		last.in = math.Max(largest, 100)
	}
	// A run of points without inputs spreads evenly between the inputs
	// either side of it, each a share of what is left after the one
	// before (as Chromium computes them, to the last digit).
	for i := 1; i < len(pts); i++ {
		if !math.IsNaN(pts[i].in) {
			continue
		}
		j := i
		for math.IsNaN(pts[j].in) {
			j++
		}
		for k := i; k < j; k++ {
			prev := pts[k-1].in
			pts[k].in = prev + (pts[j].in-prev)/float64(j-k+1)
		}
		i = j
	}
	var b strings.Builder
	b.WriteString("linear(")
	for i, p := range pts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(jsNum(p.out))
		b.WriteByte(' ')
		b.WriteString(jsNum(p.in))
		b.WriteByte('%')
	}
	b.WriteByte(')')
	return linearPoints(pts), b.String(), true
}

// parseLinearStop parses one stop of linear(): <number> && <percentage>{0,2}.
func parseLinearStop(stop string) (out float64, pcts []float64, ok bool) {
	toks := splitLinearStop(stop)
	numAt := -1
	for i, t := range toks {
		v, ok := cssvalue.Eval(t, nil)
		switch {
		case !ok:
			return 0, nil, false
		case v.Is(cssvalue.Num) && numAt < 0:
			out, numAt = v.Num, i
		case v.Is(cssvalue.Pct) && !math.IsInf(v.Pct, 0) && !math.IsNaN(v.Pct):
			pcts = append(pcts, v.Pct)
		default:
			return 0, nil, false
		}
	}
	// The percentages come together, before or after the number.
	if numAt < 0 || len(pcts) > 2 || len(pcts) == 2 && numAt == 1 || math.IsInf(out, 0) || math.IsNaN(out) {
		return 0, nil, false
	}
	return out, pcts, true
}

// splitLinearStop splits a stop at the white space outside parentheses.
func splitLinearStop(s string) []string {
	var toks []string
	depth, start := 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			if depth == 0 && start >= 0 {
				toks = append(toks, s[start:i])
				start = -1
			}
			continue
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, s[start:])
	}
	return toks
}

// linearPoints is the linear() easing function through pts: the output of
// the segment around the input, the first and last segments extended
// beyond the points.
// https://drafts.csswg.org/css-easing-2/#linear-easing-function-output
func linearPoints(pts []linearPoint) easingFunc {
	return func(p float64, _ bool) float64 {
		x := p * 100
		a := 0
		for i, pt := range pts {
			if pt.in <= x {
				a = i
			}
		}
		if a == len(pts)-1 {
			a--
		}
		pa, pb := pts[a], pts[a+1]
		if pa.in == pb.in {
			return pb.out
		}
		return pa.out + (x-pa.in)/(pb.in-pa.in)*(pb.out-pa.out)
	}
}

// cubicBezier https://drafts.csswg.org/css-easing/#cubic-bezier-easing-functions
func cubicBezier(x1, y1, x2, y2 float64) easingFunc {
	bez := func(t, a, b float64) float64 { // one coordinate at t, from 0 to 1
		u := 1 - t
		return 3*u*u*t*a + 3*u*t*t*b + t*t*t
	}
	return func(x float64, _ bool) float64 {
		switch {
		case x <= 0:
			// Outside [0, 1] the curve extends along its end tangents.
			if x1 > 0 {
				return y1 / x1 * x
			} else if y1 == 0 && x2 > 0 {
				return y2 / x2 * x
			}
			return 0
		case x >= 1:
			if x2 < 1 {
				return 1 + (y2-1)/(x2-1)*(x-1)
			} else if y2 == 1 && x1 < 1 {
				return 1 + (y1-1)/(x1-1)*(x-1)
			}
			return 1
		}
		// Bisection on t: x(t) is monotonic as x1 and x2 lie in [0, 1].
		lo, hi := 0.0, 1.0
		t := x
		for i := 0; i < 60; i++ {
			if bez(t, x1, x2) < x {
				lo = t
			} else {
				hi = t
			}
			t = (lo + hi) / 2
		}
		return bez(t, y1, y2)
	}
}

// steps https://drafts.csswg.org/css-easing/#step-easing-functions
func steps(n int, pos string) easingFunc {
	return func(p float64, before bool) float64 {
		cur := math.Floor(p * float64(n))
		if pos == "jump-start" || pos == "jump-both" {
			cur++
		}
		if before && math.Mod(p*float64(n), 1) == 0 {
			cur--
		}
		if p >= 0 && cur < 0 {
			cur = 0
		}
		jumps := float64(n)
		switch pos {
		case "jump-none":
			jumps--
		case "jump-both":
			jumps++
		}
		if p <= 1 && cur > jumps {
			cur = jumps
		}
		return cur / jumps
	}
}

// interpolateValue is the value of prop a fraction p of the way from a to
// b: numbers that appear in the same places of both values are
// interpolated (lengths, opacity, transform functions, colors in rgb()),
// anything else changes at the middle, as CSS animates discrete values.
// https://drafts.csswg.org/web-animations-1/#animating-properties
func interpolateValue(prop, a, b string, p float64) string {
	if p == 0 {
		return a
	}
	if p == 1 {
		return b
	}
	if prop == "visibility" && p > 0 && p < 1 && (a == "visible" || b == "visible") {
		// visible between visible and another value
		// https://drafts.csswg.org/web-animations-1/#animating-visibility
		return "visible"
	}
	if colorProps[prop] {
		if c, ok := interpolateColor(a, b, p); ok {
			return c
		}
		a, b = computedColor(a), computedColor(b)
	}
	na, ta := numberSkeleton(a)
	nb, tb := numberSkeleton(b)
	if len(na) == 0 || len(na) != len(nb) || !slices.Equal(ta, tb) {
		if p < 0.5 {
			return a
		}
		return b
	}
	var sb strings.Builder
	for i := range na {
		sb.WriteString(ta[i])
		v := na[i] + (nb[i]-na[i])*p
		if colorProps[prop] && i < 3 {
			v = math.Round(math.Min(math.Max(v, 0), 255))
		}
		if prop == "opacity" {
			v = math.Min(math.Max(v, 0), 1)
		}
		sb.WriteString(formatNumber(v))
	}
	sb.WriteString(ta[len(na)])
	return sb.String()
}

// numberSkeleton splits s into its numbers and the text around them
// (len(text) == len(nums)+1).
func numberSkeleton(s string) (nums []float64, text []string) {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		isStart := c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' ||
			(c == '-' || c == '+') && i+1 < len(s) && (s[i+1] >= '0' && s[i+1] <= '9' || s[i+1] == '.')
		// A digit inside an identifier (h1, translate3d) is not a number.
		if isStart && i > 0 && (isIdentByte(s[i-1]) && s[i-1] != '-' || s[i-1] == '#') {
			isStart = false
		}
		if !isStart {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' || (s[j] == 'e' || s[j] == 'E') && j+1 < len(s) && (s[j+1] >= '0' && s[j+1] <= '9' || s[j+1] == '-')) {
			if s[j] == 'e' || s[j] == 'E' {
				j++
			}
			j++
		}
		f, err := strconv.ParseFloat(s[i:j], 64)
		if err != nil {
			i = j
			continue
		}
		text = append(text, s[start:i])
		nums = append(nums, f)
		start, i = j, j
	}
	text = append(text, s[start:])
	return nums, text
}

func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c >= 0x80
}

// interpolateColor interpolates two colors as Chromium does: two sRGB
// colors with premultiplied alpha in sRGB (an rgb()/rgba() result), any
// other pair in OKLab (an oklab() result). ok is false when either is not
// a color it resolves (currentcolor).
// https://drafts.csswg.org/css-color-4/#interpolation
func interpolateColor(a, b string, p float64) (string, bool) {
	ca, ok1 := cssvalue.ComputeColor(a, cssvalue.Color{}, false)
	cb, ok2 := cssvalue.ComputeColor(b, cssvalue.Color{}, false)
	if !ok1 || !ok2 {
		return "", false
	}
	return cssvalue.Interpolate(ca, cb, p).String(), true
}
