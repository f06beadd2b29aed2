package dom

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// The numeric side of input types: each type that has one converts its
// value string to a number and back, which valueAsNumber, valueAsDate,
// stepUp/stepDown and the range and step constraints use.
// https://html.spec.whatwg.org/multipage/input.html#concept-input-value-string-number

const msPerDay = 86400000

// InputNumeric reports whether the algorithm to convert a string to a
// number applies to the input's type (valueAsNumber and the min, max and
// step attributes apply).
func (n *Node) InputNumeric() bool {
	if !n.Is(atom.Input) {
		return false
	}
	switch n.InputType() {
	case "date", "month", "week", "time", "datetime-local", "number", "range":
		return true
	}
	return false
}

// InputDateTyped reports whether valueAsDate applies to the input's type.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-valueasdate
func (n *Node) InputDateTyped() bool {
	if !n.Is(atom.Input) {
		return false
	}
	switch n.InputType() {
	case "date", "month", "week", "time":
		return true
	}
	return false
}

// InputStringToNumber converts s as the input's type does; ok is false
// when s is not a valid value of the type (or the type has no numbers).
// https://html.spec.whatwg.org/multipage/input.html#concept-input-value-string-number
func (n *Node) InputStringToNumber(s string) (float64, bool) {
	return inputStringToNumber(n.InputType(), s)
}

func inputStringToNumber(typ, s string) (float64, bool) {
	switch typ {
	case "number", "range":
		if !validFloat(s) {
			return 0, false
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) {
			return 0, false
		}
		return f, true
	case "date":
		if !validDateValue("date", s) {
			return 0, false
		}
		y, m, d := dateParts(s)
		return float64(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).UnixMilli()), true
	case "month":
		if !validDateValue("month", s) {
			return 0, false
		}
		y, m, _ := dateParts(s + "-01")
		return float64((y-1970)*12 + m - 1), true
	case "week":
		// https://html.spec.whatwg.org/multipage/input.html#week-state-(type=week)
		if !validDateValue("week", s) {
			return 0, false
		}
		ys, ws, _ := strings.Cut(s, "-W")
		y, _ := strconv.Atoi(ys)
		wk, _ := strconv.Atoi(ws)
		return float64(isoWeekMonday(y).UnixMilli()) + float64(wk-1)*7*msPerDay, true
	case "time":
		if !validDateValue("time", s) {
			return 0, false
		}
		return timeMillis(s), true
	case "datetime-local":
		if !validDateValue("datetime-local", s) {
			return 0, false
		}
		i := strings.IndexAny(s, "T ")
		d, _ := inputStringToNumber("date", s[:i])
		return d + timeMillis(s[i+1:]), true
	}
	return 0, false
}

// dateParts splits a valid date string (the year may have more than four
// digits).
func dateParts(s string) (y, m, d int) {
	l := len(s)
	y, _ = strconv.Atoi(s[:l-6])
	m, _ = strconv.Atoi(s[l-5 : l-3])
	d, _ = strconv.Atoi(s[l-2:])
	return y, m, d
}

// timeMillis converts a valid time string to milliseconds after midnight.
func timeMillis(s string) float64 {
	h, _ := strconv.Atoi(s[:2])
	m, _ := strconv.Atoi(s[3:5])
	ms := float64((h*60 + m) * 60000)
	if len(s) >= 8 {
		sec, _ := strconv.Atoi(s[6:8])
		ms += float64(sec * 1000)
	}
	if len(s) > 9 {
		frac, _ := strconv.ParseFloat("0."+s[9:], 64)
		ms += math.Floor(frac*1000 + 1e-9)
	}
	return ms
}

// isoWeekMonday returns the Monday of week 1 of year y (the week with the
// year's first Thursday).
func isoWeekMonday(y int) time.Time {
	jan4 := time.Date(y, time.January, 4, 0, 0, 0, 0, time.UTC)
	off := (int(jan4.Weekday()) + 6) % 7 // days since Monday
	return jan4.AddDate(0, 0, -off)
}

// maxInputMillis is the largest time value a Date holds (8.64e15 ms).
const maxInputMillis = 8.64e15

// InputNumberToString converts f to a valid value of the input's type
// (the algorithm to convert a number to a string); ok is false when f has
// no such value (a date outside the years 1..275760).
// https://html.spec.whatwg.org/multipage/input.html#concept-input-value-number-string
func (n *Node) InputNumberToString(f float64) (string, bool) {
	s, ok := inputNumberToString(n.InputType(), f)
	if ok && n.InputType() == "time" {
		s = n.timeWithStepPrecision(s)
	}
	return s, ok
}

// timeWithStepPrecision writes a time value made from a number with the
// parts its step can reach, as Chromium 156 does: seconds whenever the step
// is not a whole number of minutes, milliseconds whenever it is not a whole
// number of seconds ("00:00:01.000" for step="0.5"); step="any" and steps
// of minutes keep the shortest form.
func (n *Node) timeWithStepPrecision(s string) string {
	step, ok := n.InputAllowedStep()
	if !ok || math.Mod(step, 60000) == 0 {
		return s
	}
	if len(s) == len("hh:mm") {
		s += ":00"
	}
	if math.Mod(step, 1000) != 0 && len(s) == len("hh:mm:ss") {
		s += ".000"
	}
	return s
}

func inputNumberToString(typ string, f float64) (string, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "", false
	}
	switch typ {
	case "number", "range":
		return JSNumberString(f), true
	case "date", "week", "datetime-local":
		if math.Abs(f) > maxInputMillis {
			return "", false
		}
		// A fraction of a millisecond: date and week floor it (the day or
		// week it falls in), datetime-local rounds it half away from zero,
		// as Chromium 156 does (testdata/wpt/lead68-input-fractional-number.html).
		ms := math.Floor(f)
		if typ == "datetime-local" {
			ms = math.Round(f)
		}
		t := time.UnixMilli(int64(ms)).UTC()
		if t.Year() < 1 {
			return "", false
		}
		switch typ {
		case "date":
			return formatDate(t), true
		case "week":
			y, w := t.ISOWeek()
			if y < 1 {
				return "", false
			}
			return pad(y, 4) + "-W" + pad(w, 2), true
		}
		return formatDate(t) + "T" + formatTime(float64(t.Hour()*3600000+t.Minute()*60000+t.Second()*1000+t.Nanosecond()/1e6)), true
	case "month":
		m := int(math.Round(f)) // as Chromium 156: 1.5 months is 1970-03
		y := 1970 + floorDiv(m, 12)
		if y < 1 || y > 275760 {
			return "", false
		}
		return pad(y, 4) + "-" + pad(m-floorDiv(m, 12)*12+1, 2), true
	case "time":
		ms := math.Mod(math.Floor(f), msPerDay)
		if ms < 0 {
			ms += msPerDay
		}
		return formatTime(ms), true
	}
	return "", false
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func pad(v, width int) string {
	s := strconv.Itoa(v)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

func formatDate(t time.Time) string {
	return pad(t.Year(), 4) + "-" + pad(int(t.Month()), 2) + "-" + pad(t.Day(), 2)
}

// formatTime writes milliseconds after midnight as the shortest valid
// time string (seconds and milliseconds only when not zero).
func formatTime(ms float64) string {
	v := int(ms)
	h, m, s, frac := v/3600000, v/60000%60, v/1000%60, v%1000
	out := pad(h, 2) + ":" + pad(m, 2)
	if s != 0 || frac != 0 {
		out += ":" + pad(s, 2)
	}
	if frac != 0 {
		out += "." + pad(frac, 3)
	}
	return out
}

// InputDateMillis returns the value of a date, month, week or time input
// as milliseconds since the epoch (UTC), as valueAsDate gives it.
// https://html.spec.whatwg.org/multipage/input.html#concept-input-value-string-date
func (n *Node) InputDateMillis() (float64, bool) {
	if !n.InputDateTyped() {
		return 0, false
	}
	s := n.Value()
	if n.InputType() == "month" {
		if !validDateValue("month", s) {
			return 0, false
		}
		return inputStringToNumber("date", s+"-01")
	}
	return n.InputStringToNumber(s)
}

// InputMillisToString converts a Date's time value to a valid value of
// the input's type (the algorithm to convert a Date object to a string).
// https://html.spec.whatwg.org/multipage/input.html#concept-input-value-date-string
func (n *Node) InputMillisToString(ms float64) (string, bool) {
	typ := n.InputType()
	if typ == "month" {
		if math.IsNaN(ms) || math.Abs(ms) > maxInputMillis {
			return "", false
		}
		t := time.UnixMilli(int64(math.Floor(ms))).UTC()
		return inputNumberToString("month", float64((t.Year()-1970)*12+int(t.Month())-1))
	}
	return n.InputNumberToString(ms)
}

// JSNumberString formats f as ECMAScript's Number::toString does
// (https://tc39.es/ecma262/#sec-numeric-types-number-tostring).
func JSNumberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case f == 0:
		return "0"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+21, 1.5e-07
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[0]
	exp = strings.TrimLeft(exp[1:], "0")
	return mant + "e" + string(sign) + exp
}

// Steps (https://html.spec.whatwg.org/multipage/input.html#the-step-attribute).

// stepDefaults returns the type's default step, step scale factor and
// default step base.
func stepDefaults(typ string) (step, scale, base float64) {
	switch typ {
	case "date":
		return 1, msPerDay, 0
	case "month":
		return 1, 1, 0
	case "week":
		return 1, 7 * msPerDay, -259200000
	case "time", "datetime-local":
		return 60, 1000, 0
	}
	return 1, 1, 0
}

// InputAllowedStep returns the input's allowed value step, ok false when
// there is none (step="any" or a type without steps).
// https://html.spec.whatwg.org/multipage/input.html#concept-input-step
func (n *Node) InputAllowedStep() (float64, bool) {
	if !n.InputNumeric() {
		return 0, false
	}
	typ := n.InputType()
	step, scale, _ := stepDefaults(typ)
	attr, has := n.GetAttribute("step")
	if has {
		if ascii.Lower(attr) == "any" {
			return 0, false
		}
		if validFloat(attr) {
			if f, err := strconv.ParseFloat(attr, 64); err == nil && f > 0 {
				step = f
				if typ == "date" || typ == "month" || typ == "week" {
					step = max(1, math.Round(step))
				}
			}
		}
	}
	return step * scale, true
}

// InputStepBase returns the input's step base: its minimum, else its
// default value, else the type's default step base.
// https://html.spec.whatwg.org/multipage/input.html#concept-input-min-zero
func (n *Node) InputStepBase() float64 {
	if f, ok := n.InputStringToNumber(n.Attribute("min")); ok {
		return f
	}
	if f, ok := n.InputStringToNumber(n.Attribute("value")); ok {
		return f
	}
	_, _, base := stepDefaults(n.InputType())
	return base
}

// InputMin and InputMax return the input's minimum and maximum; ok is
// false when there is none (a range input defaults to 0 and 100).
// https://html.spec.whatwg.org/multipage/input.html#concept-input-min
func (n *Node) InputMin() (float64, bool) {
	if f, ok := n.InputStringToNumber(n.Attribute("min")); ok {
		return f, true
	}
	if n.InputType() == "range" {
		return 0, true
	}
	return 0, false
}

// InputMax returns the input's maximum (see InputMin).
func (n *Node) InputMax() (float64, bool) {
	if f, ok := n.InputStringToNumber(n.Attribute("max")); ok {
		return f, true
	}
	if n.InputType() == "range" {
		return 100, true
	}
	return 0, false
}

// StepMismatch reports whether the input's value is not a whole number of
// allowed steps from the step base.
// https://html.spec.whatwg.org/multipage/input.html#attr-input-step
func (n *Node) StepMismatch() bool {
	step, ok := n.InputAllowedStep()
	if !ok {
		return false
	}
	v, ok := n.InputStringToNumber(n.Value())
	if !ok {
		return false
	}
	q := (v - n.InputStepBase()) / step
	if math.Abs(q) >= 1e6 {
		// Far more steps than a float's tolerance can tell apart (a value
		// of 17 with step 3e-15): decimal arithmetic, as Chromium's.
		if mismatch, ok := n.decimalStepMismatch(); ok {
			return mismatch
		}
	}
	return math.Abs(q-math.Round(q)) > 1e-9*max(1, math.Abs(q))
}

// decimalStepMismatch is StepMismatch for a number or range input with
// the value, step base and step read exactly as the decimals they are
// written as; ok is false for the other types.
func (n *Node) decimalStepMismatch() (mismatch, ok bool) {
	if typ := n.InputType(); typ != "number" && typ != "range" {
		return false, false
	}
	dec := func(s string) *big.Rat {
		if !validFloat(s) {
			return nil
		}
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			return nil
		}
		return r
	}
	v := dec(n.Value())
	base := dec(n.Attribute("min"))
	if base == nil {
		base = dec(n.Attribute("value"))
	}
	if base == nil {
		base = new(big.Rat)
	}
	step := dec(n.Attribute("step"))
	if step == nil || step.Sign() <= 0 {
		step = big.NewRat(1, 1)
	}
	if v == nil {
		return false, false
	}
	q := v.Sub(v, base)
	q.Quo(q, step)
	return !q.IsInt(), true
}

// ErrStepNotApplicable is the InvalidStateError of stepUp/stepDown on an
// input whose type or step attribute does not allow stepping.
var ErrStepNotApplicable = newError(InvalidStateError, "this input cannot be stepped")

// StepInput runs stepUp(count) (stepDown with a negative count).
// https://html.spec.whatwg.org/multipage/input.html#dom-input-stepup
func (n *Node) StepInput(count float64, down bool) error {
	step, ok := n.InputAllowedStep()
	if !ok {
		return ErrStepNotApplicable
	}
	lo, hasMin := n.InputMin()
	hi, hasMax := n.InputMax()
	if n.InputType() == "time" {
		// Chromium's time input stops at the start and the end of the
		// day instead of wrapping around midnight.
		if !hasMin {
			lo, hasMin = 0, true
		}
		if !hasMax {
			hi, hasMax = msPerDay-1, true
		}
	}
	base := n.InputStepBase()
	// The direction a negative count reverses (as Chromium does).
	up := !down
	if count < 0 {
		up = !up
	}
	if hasMin && hasMax {
		if lo > hi {
			return nil
		}
		// No allowed value between min and max.
		if math.Ceil((lo-base)/step-1e-9)*step+base > hi+1e-9 {
			return nil
		}
	}
	value, valid := n.InputStringToNumber(n.Value())
	if !valid {
		value = 0
	}
	before := value
	// n steps, signed (stepDown(n) is n steps down).
	steps := count
	if down {
		steps = -steps
	}
	q := (value - base) / step
	if math.Abs(q-math.Round(q)) > 1e-9*max(1, math.Abs(q)) {
		// A value off the steps moves to the next one in the direction
		// of the steps, which is one of them; the others follow (as in
		// Chromium 156: stepUp(3) on an empty week input, 1970-01-01
		// between two week starts, gives 1970-W04, where the standard's
		// steps give 1970-W02 whatever n is; stepUp(0) leaves it).
		switch {
		case steps < 0:
			value = base + math.Floor(q)*step
			steps++
		case steps > 0:
			value = base + math.Ceil(q)*step
			steps--
		}
	}
	value += step * steps
	if hasMin && value < lo {
		value = base + math.Ceil((lo-base)/step-1e-9)*step
		if lo == base && decimalCeilQuirk(n) {
			value += step
		}
	}
	if hasMax && value > hi {
		value = base + math.Floor((hi-base)/step+1e-9)*step
	}
	// A value that was no number (an empty input) is stepped from zero
	// and then clamped to the range whichever way that moves it, as
	// Chromium does: stepDown() on an empty input with min=7 gives 7. So
	// is a value whose move to a step used up the count (Chromium 156
	// checks the direction with the count left: stepUp() on 14 with
	// max=10 and step=3 moves it to 15, then clamps it to 9).
	if valid && steps != 0 && (!up && value > before || up && value < before) {
		return nil
	}
	// No binary noise from the steps (0.1 + 0.2 gives 0.3): the result
	// has no more decimals than the step, the step base or the value.
	if n.InputType() == "number" || n.InputType() == "range" {
		prec := 0
		for _, d := range [...]int{fractionDigits(n.Attribute("step")), fractionDigits(n.Attribute("min")),
			fractionDigits(n.Attribute("value")), fractionDigits(n.Value())} {
			if d < 0 || prec < 0 {
				prec = -1 // an exponent: 15 significant digits instead
			} else {
				prec = max(prec, d)
			}
		}
		if prec >= 0 && prec <= 15 {
			p := math.Pow(10, float64(prec))
			value = math.Round(value*p) / p
		} else {
			value, _ = strconv.ParseFloat(strconv.FormatFloat(value, 'g', 15, 64), 64)
		}
		if value == 0 {
			value = 0 // no -0
		}
	}
	s, ok := n.InputNumberToString(value)
	if !ok {
		return nil
	}
	return n.SetValue(s)
}

// fractionDigits returns the number of digits after the point of a valid
// floating-point number, 0 for others, and -1 when it has an exponent.
// decimalCeilQuirk reports whether Chromium 156 clamps a number or range
// input stepped below its minimum to the minimum plus a step: it takes
// the ceiling of (min - base) / step, zero when the min is the base, in
// its decimal arithmetic, where a zero holding more decimals than the
// step (0.5 - 0.5 over a step of 1) has a ceiling of 1. So stepDown() on
// an empty input with min=0.5 gives 1.5, with min=0.5 step=0.5 gives
// 0.5 (testdata/wpt/lead59-step-fractional-min.html).
func decimalCeilQuirk(n *Node) bool {
	if t := n.InputType(); t != "number" && t != "range" {
		return false
	}
	min, step := n.Attribute("min"), n.Attribute("step")
	stepDigits := 0 // the default step, 1
	if f, err := strconv.ParseFloat(step, 64); err == nil && validFloat(step) && f > 0 {
		stepDigits = decimalPlaces(step)
	}
	return validFloat(min) && decimalPlaces(min) > stepDigits
}

// decimalPlaces is how many decimal places a valid floating-point number
// is written with, as a decimal reads it: its fraction's digits (trailing
// zeros too) less its exponent, at least 0 ("1e-1" has 1, "1.50" 2).
func decimalPlaces(s string) int {
	mant, exp, _ := strings.Cut(ascii.Lower(s), "e")
	places := 0
	if _, frac, ok := strings.Cut(mant, "."); ok {
		places = len(frac)
	}
	if exp != "" {
		e, err := strconv.Atoi(strings.TrimPrefix(exp, "+"))
		if err != nil {
			return 0
		}
		places -= e
	}
	return max(places, 0)
}

func fractionDigits(s string) int {
	if !validFloat(s) {
		return 0
	}
	if strings.ContainsAny(s, "eE") {
		return -1
	}
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}
