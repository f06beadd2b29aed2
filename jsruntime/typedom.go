package jsruntime

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// CSS Typed OM (css-typed-om-1, the part Chromium 156 implements that
// pages use most): CSSStyleValue, numeric values (CSSUnitValue and the
// math values) with their arithmetic, CSSKeywordValue, the CSS.px()…
// factories, and StylePropertyMap(ReadOnly) over an element's style
// attribute (attributeStyleMap), its computed style (computedStyleMap())
// and a style rule's declarations (styleMap). A value is reified from its
// text: a number with a unit is a CSSUnitValue, an identifier a
// CSSKeywordValue, anything else a plain CSSStyleValue of that text.
// https://drafts.css-houdini.org/css-typed-om-1/

// A cssNum is a CSSNumericValue: a unit value (op "") or a math value.
type cssNum struct {
	op    string // "", "sum", "product", "negate", "invert", "min", "max", "clamp"
	value float64
	unit  string // a unit value's unit: "number", "percent", "px"…
	args  []*cssNum
}

// cssKeyword is a CSSKeywordValue.
type cssKeyword struct{ value string }

// cssStyleValue is a CSSStyleValue that is no other kind: its text.
type cssStyleValue struct{ text string }

// cssNumArray is a CSSNumericArray, a math value's operands.
type cssNumArray struct{ items []*cssNum }

// The unit categories and each unit's size in the canonical unit of its
// category (px, deg, s, Hz, dppx).
var cssUnitFactor = map[string]struct {
	cat string
	f   float64
}{
	"px": {"length", 1}, "in": {"length", 96}, "cm": {"length", 96 / 2.54}, "mm": {"length", 96 / 25.4},
	"q": {"length", 96 / 101.6}, "pt": {"length", 96.0 / 72}, "pc": {"length", 16},
	"deg": {"angle", 1}, "rad": {"angle", 180 / math.Pi}, "grad": {"angle", 0.9}, "turn": {"angle", 360},
	"s": {"time", 1}, "ms": {"time", 0.001},
	"hz": {"frequency", 1}, "khz": {"frequency", 1000},
	"dppx": {"resolution", 1}, "x": {"resolution", 1}, "dpi": {"resolution", 1.0 / 96}, "dpcm": {"resolution", 2.54 / 96},
}

// cssFactoryUnits are the CSS namespace's factory functions, in
// Chromium's order of the others; the rest of the relative lengths
// are lengths.
var cssFactoryUnits = strings.Fields(`number percent em ex ch ic cap rem rex rch ric rcap lh rlh
	vw vh vi vb vmin vmax svw svh svi svb svmin svmax lvw lvh lvi lvb lvmin lvmax dvw dvh dvi dvb dvmin dvmax
	cqw cqh cqi cqb cqmin cqmax cm mm Q in pt pc px deg grad rad turn s ms Hz kHz dpi dpcm dppx x fr`)

// unitCategory is the base type a unit has ("" for number).
func unitCategory(u string) string {
	switch u {
	case "number":
		return ""
	case "percent":
		return "percent"
	case "fr":
		return "flex"
	}
	if f, ok := cssUnitFactor[u]; ok {
		return f.cat
	}
	return "length"
}

// canonUnit lowercases a unit as Chromium stores it.
func canonUnit(u string) (string, bool) {
	l := strings.ToLower(u)
	if l == "%" {
		return "percent", true
	}
	for _, f := range cssFactoryUnits {
		if strings.ToLower(f) == l {
			return l, true
		}
	}
	return "", false
}

// unitText is a unit as it is serialized after a number (Chromium keeps
// units lowercase: 2khz, 1q).
func unitText(u string) string {
	switch u {
	case "number":
		return ""
	case "percent":
		return "%"
	}
	return u
}

// unitName is a unit as the unit attribute gives it.
func unitName(u string) string { return u }

// cssType is a CSSNumericType: the exponent of each base type, and the
// percent hint.
type cssType struct {
	exp  map[string]int
	hint string
}

func (n *cssNum) typ() (cssType, bool) {
	switch n.op {
	case "":
		t := cssType{exp: map[string]int{}}
		if c := unitCategory(n.unit); c != "" {
			t.exp[c] = 1
		}
		return t, true
	case "negate":
		return n.args[0].typ()
	case "invert":
		t, ok := n.args[0].typ()
		if !ok {
			return t, false
		}
		out := cssType{exp: map[string]int{}, hint: t.hint}
		for k, v := range t.exp {
			out.exp[k] = -v
		}
		return out, true
	case "product":
		out := cssType{exp: map[string]int{}}
		for _, a := range n.args {
			t, ok := a.typ()
			if !ok {
				return t, false
			}
			for k, v := range t.exp {
				out.exp[k] += v
				if out.exp[k] == 0 {
					delete(out.exp, k)
				}
			}
			if t.hint != "" {
				if out.hint != "" && out.hint != t.hint {
					return out, false // two percent hints that differ
				}
				out.hint = t.hint
			}
		}
		return out, true
	}
	// sum, min, max: the operands' types must add
	var out cssType
	for i, a := range n.args {
		t, ok := a.typ()
		if !ok {
			return t, false
		}
		if i == 0 {
			out = t
			continue
		}
		if out, ok = addTypes(out, t); !ok {
			return out, false
		}
	}
	return out, true
}

// addTypes adds two types (https://drafts.css-houdini.org/css-typed-om-1/#cssnumericvalue-add-two-types).
func addTypes(a, b cssType) (cssType, bool) {
	if sameExp(a.exp, b.exp) {
		if a.hint == "" {
			a.hint = b.hint
		}
		return a, true
	}
	// a percentage adds to a length (or another type) with a percent hint
	pa, pb := a.exp["percent"] == 1 && len(a.exp) == 1, b.exp["percent"] == 1 && len(b.exp) == 1
	switch {
	case pa && len(b.exp) == 1 && b.exp["percent"] == 0:
		return cssType{exp: b.exp, hint: onlyKey(b.exp)}, true
	case pb && len(a.exp) == 1 && a.exp["percent"] == 0:
		return cssType{exp: a.exp, hint: onlyKey(a.exp)}, true
	}
	return cssType{}, false
}

func onlyKey(m map[string]int) string {
	for k := range m {
		return k
	}
	return ""
}

func sameExp(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func unitNum(v float64, u string) *cssNum { return &cssNum{value: v, unit: u} }

// negate is the negation of n, simplified as the spec says.
func (n *cssNum) negate() *cssNum {
	switch n.op {
	case "":
		return unitNum(-n.value, n.unit)
	case "negate":
		return n.args[0]
	}
	return &cssNum{op: "negate", args: []*cssNum{n}}
}

// invert is 1/n; ok is false for a number 0 (a RangeError).
func (n *cssNum) invert() (*cssNum, bool) {
	switch {
	case n.op == "" && n.unit == "number":
		if n.value == 0 {
			return nil, false
		}
		return unitNum(1/n.value, "number"), true
	case n.op == "invert":
		return n.args[0], true
	}
	return &cssNum{op: "invert", args: []*cssNum{n}}, true
}

// combine makes the sum, min or max of vals: one unit value when they all
// have the same unit, else a math value of them; ok is false when their
// types do not add.
func combine(op string, vals []*cssNum) (*cssNum, bool) {
	same := true
	for _, v := range vals {
		if v.op != "" || v.unit != vals[0].unit {
			same = false
			break
		}
	}
	if same {
		r := vals[0].value
		for _, v := range vals[1:] {
			switch op {
			case "sum":
				r += v.value
			case "min":
				r = math.Min(r, v.value)
			case "max":
				r = math.Max(r, v.value)
			}
		}
		return unitNum(r, vals[0].unit), true
	}
	n := &cssNum{op: op, args: vals}
	if _, ok := n.typ(); !ok {
		return nil, false
	}
	return n, true
}

// multiply is the product of vals: a unit value when all are unit values
// with at most one that is not a number.
func multiply(vals []*cssNum) *cssNum {
	r, unit := 1.0, "number"
	for _, v := range vals {
		if v.op != "" || (v.unit != "number" && unit != "number") {
			return &cssNum{op: "product", args: vals}
		}
		r *= v.value
		if v.unit != "number" {
			unit = v.unit
		}
	}
	return unitNum(r, unit)
}

// checkedProduct throws the TypeError of method when the types of
// product n do not multiply.
func (w *Window) checkedProduct(n *cssNum, method string) *cssNum {
	if _, ok := n.typ(); !ok {
		w.typeError("Failed to execute '%s' on 'CSSNumericValue': Incompatible types", method)
	}
	return n
}

// to converts n to unit (https://drafts.css-houdini.org/css-typed-om-1/#dom-cssnumericvalue-to).
func (n *cssNum) to(unit string) (*cssNum, bool) {
	sum, ok := n.sumValue()
	if !ok || len(sum) != 1 {
		return nil, false
	}
	for from, v := range sum {
		return convertUnit(v, from, unit)
	}
	return nil, false
}

func convertUnit(v float64, from, to string) (*cssNum, bool) {
	if from == to {
		return unitNum(v, to), true
	}
	f, ok1 := cssUnitFactor[from]
	t, ok2 := cssUnitFactor[to]
	if !ok1 || !ok2 || f.cat != t.cat {
		return nil, false
	}
	return unitNum(v*f.f/t.f, to), true
}

// sumValue is n as a sum of unit values, one per canonical unit
// (products and inverses of units other than numbers are not kept: ok
// is false then).
func (n *cssNum) sumValue() (map[string]float64, bool) {
	switch n.op {
	case "":
		u, v := n.unit, n.value
		if f, ok := cssUnitFactor[u]; ok {
			for cu, cf := range cssUnitFactor {
				if cf.cat == f.cat && cf.f == 1 && cu != "x" {
					u, v = cu, v*f.f
					break
				}
			}
		}
		return map[string]float64{u: v}, true
	case "sum":
		out := map[string]float64{}
		for _, a := range n.args {
			s, ok := a.sumValue()
			if !ok {
				return nil, false
			}
			for k, v := range s {
				out[k] += v
			}
		}
		return out, true
	case "negate":
		s, ok := n.args[0].sumValue()
		for k, v := range s {
			s[k] = -v
		}
		return s, ok
	case "product":
		out := map[string]float64{"number": 1}
		for _, a := range n.args {
			s, ok := a.sumValue()
			if !ok || len(s) != 1 {
				return nil, false
			}
			for k, v := range s {
				for ok, ov := range out {
					switch {
					case k == "number":
						out[ok] = ov * v
					case ok == "number":
						delete(out, ok)
						out[k] = ov * v
					default:
						return nil, false
					}
				}
			}
		}
		return out, true
	case "invert":
		s, ok := n.args[0].sumValue()
		if !ok || len(s) != 1 || s["number"] == 0 {
			return nil, false
		}
		return map[string]float64{"number": 1 / s["number"]}, true
	case "min", "max", "clamp":
		// the operands must each be one value of the same canonical unit
		var unit string
		var best float64
		for i, a := range n.args {
			s, ok := a.sumValue()
			if !ok || len(s) != 1 {
				return nil, false
			}
			for k, v := range s {
				switch {
				case i == 0:
					unit, best = k, v
				case k != unit:
					return nil, false
				case n.op == "min":
					best = math.Min(best, v)
				case n.op == "max":
					best = math.Max(best, v)
				case i == 1:
					best = math.Max(best, v) // clamp: max(lower, min(value, upper))
				default:
					best = math.Min(best, v)
				}
			}
		}
		if n.op == "clamp" {
			lo, _ := n.args[0].sumValue()
			best = math.Max(lo[unit], best)
		}
		return map[string]float64{unit: best}, true
	}
	return nil, false
}

func (n *cssNum) equals(o *cssNum) bool {
	if n.op != o.op || len(n.args) != len(o.args) {
		return false
	}
	if n.op == "" {
		return n.value == o.value && n.unit == o.unit
	}
	for i := range n.args {
		if !n.args[i].equals(o.args[i]) {
			return false
		}
	}
	return true
}

// String serializes n (https://drafts.css-houdini.org/css-typed-om-1/#serialize-a-cssmathvalue).
func (n *cssNum) String() string { return n.serialize(false, false) }

func (n *cssNum) serialize(nested, parenLess bool) string {
	if n.op == "" {
		return cssvalue.FormatNumber(n.value) + unitText(n.unit)
	}
	var b strings.Builder
	open, close := "calc(", ")"
	if nested {
		open = "("
	}
	switch n.op {
	case "min", "max", "clamp":
		b.WriteString(n.op + "(")
		for i, a := range n.args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.serialize(true, true)) // max(1px + 2em, 3px)
		}
		b.WriteString(")")
		return b.String()
	}
	if parenLess && nested {
		open, close = "", ""
	}
	b.WriteString(open)
	switch n.op {
	case "negate":
		b.WriteString("-")
		b.WriteString(n.args[0].serialize(true, false))
	case "invert":
		b.WriteString("1 / ")
		b.WriteString(n.args[0].serialize(true, false))
	case "sum":
		for i, a := range n.args {
			switch {
			case i == 0:
				b.WriteString(a.serialize(true, false))
			case a.op == "negate":
				b.WriteString(" - ")
				b.WriteString(a.args[0].serialize(true, false))
			default:
				b.WriteString(" + ")
				b.WriteString(a.serialize(true, false))
			}
		}
	case "product":
		for i, a := range n.args {
			switch {
			case i == 0:
				b.WriteString(a.serialize(true, false))
			case a.op == "invert":
				b.WriteString(" / ")
				b.WriteString(a.args[0].serialize(true, false))
			default:
				b.WriteString(" * ")
				b.WriteString(a.serialize(true, false))
			}
		}
	}
	b.WriteString(close)
	return b.String()
}

// parseNumeric reads a CSSNumericValue from text: a number, a percentage
// or a dimension (calc() and the other math functions are not read).
func parseNumeric(text string) (*cssNum, bool) {
	s := strings.TrimSpace(text)
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := false
	for i < len(s) && (s[i] >= '0' && s[i] <= '9') {
		i, digits = i+1, true
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && (s[i] >= '0' && s[i] <= '9') {
			i, digits = i+1, true
		}
	}
	if !digits {
		return nil, false
	}
	if i+1 < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if s[j] == '+' || s[j] == '-' {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			i = j
		}
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil {
		return nil, false
	}
	u := s[i:]
	if u == "" {
		return unitNum(v, "number"), true
	}
	cu, ok := canonUnit(u)
	if !ok || cu == "number" || cu == "percent" && u != "%" {
		return nil, false
	}
	return unitNum(v, cu), true
}

// reify is the CSSStyleValue a value's text looks like: a number, a
// dimension or a math function is a CSSNumericValue, an identifier a
// CSSKeywordValue, anything else a plain CSSStyleValue; reifyProperty
// (typedom_reify.go) makes it what the property takes.
func reify(text string) any {
	t := strings.TrimSpace(text)
	if n, ok := parseNumeric(t); ok {
		return n
	}
	if isMathFunction(t) {
		if n, ok := reifyMath(t); ok { // typedom_calc.go
			return n
		}
	}
	if isIdent(t) && !strings.HasPrefix(t, "--") {
		return &cssKeyword{value: t}
	}
	return &cssStyleValue{text: t}
}

// wrapStyleValue wraps a reified value in its interface.
func (w *Window) wrapStyleValue(v any) goja.Value {
	r := w.realm
	switch x := v.(type) {
	case *cssNum:
		name := "CSSUnitValue"
		switch x.op {
		case "sum":
			name = "CSSMathSum"
		case "product":
			name = "CSSMathProduct"
		case "negate":
			name = "CSSMathNegate"
		case "invert":
			name = "CSSMathInvert"
		case "min":
			name = "CSSMathMin"
		case "max":
			name = "CSSMathMax"
		case "clamp":
			name = "CSSMathClamp"
		}
		return r.Wrap(x, r.Class(name))
	case *cssKeyword:
		return r.Wrap(x, r.Class("CSSKeywordValue"))
	case *cssStyleValue:
		return r.Wrap(x, r.Class("CSSStyleValue"))
	case *cssUnparsed:
		return r.Wrap(x, r.Class("CSSUnparsedValue"))
	case *cssTransform:
		return r.Wrap(x, r.Class("CSSTransformValue"))
	case *cssImage:
		return r.Wrap(x, r.Class("CSSImageValue"))
	}
	return goja.Undefined()
}

// numberish converts a CSSNumberish argument: a CSSNumericValue, or a
// double that is CSS.number(n).
func numberish(r *bind.Realm, v goja.Value) *cssNum {
	if impl, ok := r.UnwrapAs(v, r.Class("CSSNumericValue")); ok {
		return impl.(*cssNum)
	}
	return unitNum(bind.Double(v), "number")
}

func numberishArgs(r *bind.Realm, args []goja.Value) []*cssNum {
	vals := make([]*cssNum, len(args))
	for i, a := range args {
		vals[i] = numberish(r, a)
	}
	return vals
}

// prepend puts this before vals, or its operands when it is a math value
// of op.
func prepend(this *cssNum, op string, vals []*cssNum) []*cssNum {
	if this.op == op && op != "" {
		return append(append([]*cssNum{}, this.args...), vals...)
	}
	return append([]*cssNum{this}, vals...)
}

func numThis(this any) *cssNum { return this.(*cssNum) }

func numMethod(name string, length int, f func(w *Window, n *cssNum, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), numThis(this), args)
	}}
}

func (w *Window) typeError(format string, a ...any) {
	w.realm.ThrowTypeError(format, a...)
}

var cssStyleValueIface = &bind.Interface{
	Name: "CSSStyleValue",
	Methods: []bind.Method{{Name: "toString", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		switch x := this.(type) {
		case *cssNum:
			return r.String(x.String())
		case *cssKeyword:
			return r.String(x.value)
		case *cssStyleValue:
			return r.String(x.text)
		case *cssUnparsed:
			return r.String(x.String())
		case *cssTransform:
			return r.String(x.String())
		case *cssImage:
			return r.String(x.text)
		}
		return r.String("")
	}}},
	StaticMethods: []bind.Method{
		{Name: "parse", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := win(r)
			vals := w.parseStyleValues(bind.DOMString(args[0]), bind.DOMString(args[1]), "parse")
			return w.wrapStyleValue(vals[0])
		}},
		{Name: "parseAll", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := win(r)
			vals := w.parseStyleValues(bind.DOMString(args[0]), bind.DOMString(args[1]), "parseAll")
			out := make([]any, len(vals))
			for i, v := range vals {
				out[i] = w.wrapStyleValue(v)
			}
			return w.rt.NewArray(out...)
		}},
	},
}

// propertyName is a property name as Typed OM takes it: a custom property
// as written, others lowercased; ok is false for an unknown property.
func propertyName(name string) (string, bool) {
	if strings.HasPrefix(name, "--") {
		return name, validPropertyName(name)
	}
	name = ascii.Lower(name)
	return name, validPropertyName(name) && supportsDeclaration(name+":initial")
}

// parseStyleValues is CSSStyleValue.parse(All): the value's reified
// values for property; it throws as Chromium does.
func (w *Window) parseStyleValues(prop, text, method string) []any {
	name, ok := propertyName(prop)
	if !ok {
		w.typeError("Failed to execute '%s' on 'CSSStyleValue': Invalid property name", method)
	}
	if !strings.HasPrefix(name, "--") && !supportsDeclaration(name+":"+text) {
		w.typeError("%s", "Failed to execute '"+method+"' on 'CSSStyleValue': The value provided ('"+text+"') could not be parsed as a '"+prop+"'.")
	}
	return reifyValues(name, text) // typedom_reify.go
}

func cssWideKeyword(s string) bool {
	switch ascii.Lower(s) {
	case "initial", "inherit", "unset", "revert", "revert-layer":
		return true
	}
	return false
}

var cssNumericValueIface = &bind.Interface{
	Name:   "CSSNumericValue",
	Parent: "CSSStyleValue",
	Methods: []bind.Method{
		numMethod("add", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			v, ok := combine("sum", prepend(n, "sum", numberishArgs(w.realm, args)))
			if !ok {
				w.typeError("Failed to execute 'add' on 'CSSNumericValue': Incompatible types")
			}
			return w.wrapStyleValue(v)
		}),
		numMethod("sub", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			vals := numberishArgs(w.realm, args)
			for i, v := range vals {
				vals[i] = v.negate()
			}
			v, ok := combine("sum", prepend(n, "sum", vals))
			if !ok {
				w.typeError("Failed to execute 'sub' on 'CSSNumericValue': Incompatible types")
			}
			return w.wrapStyleValue(v)
		}),
		numMethod("mul", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			return w.wrapStyleValue(w.checkedProduct(multiply(prepend(n, "product", numberishArgs(w.realm, args))), "mul"))
		}),
		numMethod("div", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			vals := numberishArgs(w.realm, args)
			for i, v := range vals {
				inv, ok := v.invert()
				if !ok {
					w.realm.ThrowRangeError("Failed to execute 'div' on 'CSSNumericValue': Can't divide-by-zero")
				}
				vals[i] = inv
			}
			return w.wrapStyleValue(w.checkedProduct(multiply(prepend(n, "product", vals)), "div"))
		}),
		numMethod("min", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			v, ok := combine("min", prepend(n, "min", numberishArgs(w.realm, args)))
			if !ok {
				w.typeError("Failed to execute 'min' on 'CSSNumericValue': Incompatible types")
			}
			return w.wrapStyleValue(v)
		}),
		numMethod("max", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			v, ok := combine("max", prepend(n, "max", numberishArgs(w.realm, args)))
			if !ok {
				w.typeError("Failed to execute 'max' on 'CSSNumericValue': Incompatible types")
			}
			return w.wrapStyleValue(v)
		}),
		numMethod("equals", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			for _, v := range numberishArgs(w.realm, args) {
				if !n.equals(v) {
					return w.boolean(false)
				}
			}
			return w.boolean(true)
		}),
		numMethod("to", 1, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			u, ok := canonUnit(bind.DOMString(args[0]))
			if !ok {
				w.realm.ThrowDOMException("SyntaxError", "Failed to execute 'to' on 'CSSNumericValue': Invalid unit for conversion")
			}
			v, ok := n.to(u)
			if !ok {
				w.typeError("Failed to execute 'to' on 'CSSNumericValue': Cannot convert to %s", bind.DOMString(args[0]))
			}
			return w.wrapStyleValue(v)
		}),
		numMethod("toSum", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			sum, ok := n.sumValue()
			if !ok {
				w.typeError("Failed to execute 'toSum' on 'CSSNumericValue': This CSSNumericValue can not be converted to a sum.")
			}
			var vals []*cssNum
			if len(args) == 0 {
				keys := make([]string, 0, len(sum))
				for k := range sum {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					vals = append(vals, unitNum(sum[k], k))
				}
			} else {
				for _, a := range args {
					u, ok := canonUnit(bind.DOMString(a))
					if !ok {
						w.realm.ThrowDOMException("SyntaxError", "Failed to execute 'toSum' on 'CSSNumericValue': Invalid unit for conversion")
					}
					total := 0.0
					for k, v := range sum {
						if c, ok := convertUnit(v, k, u); ok {
							total += c.value
							delete(sum, k)
						}
					}
					vals = append(vals, unitNum(total, u))
				}
				if len(sum) > 0 {
					w.typeError("Failed to execute 'toSum' on 'CSSNumericValue': There were leftover terms that were not converted")
				}
			}
			if len(vals) == 0 {
				vals = []*cssNum{unitNum(0, "number")}
			}
			return w.wrapStyleValue(&cssNum{op: "sum", args: vals})
		}),
		numMethod("type", 0, func(w *Window, n *cssNum, args []goja.Value) goja.Value {
			t, _ := n.typ()
			o := w.rt.NewObject()
			for _, k := range []string{"length", "angle", "time", "frequency", "resolution", "flex", "percent"} {
				if v, ok := t.exp[k]; ok {
					o.Set(k, v)
				}
			}
			if t.hint != "" {
				o.Set("percentHint", t.hint)
			}
			return o
		}),
	},
	StaticMethods: []bind.Method{{Name: "parse", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		w := win(r)
		n, ok := parseNumericValue(bind.DOMString(args[0])) // typedom_calc.go
		if !ok {
			panic(r.NewDOMException("SyntaxError", "Failed to execute 'parse' on 'CSSNumericValue': Invalid math expression"))
		}
		return w.wrapStyleValue(n)
	}}},
}

var cssUnitValueIface = &bind.Interface{
	Name:       "CSSUnitValue",
	Parent:     "CSSNumericValue",
	CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		v := bind.Double(args[0])
		if math.IsNaN(v) || math.IsInf(v, 0) {
			r.ThrowTypeError("Failed to construct 'CSSUnitValue': The provided double value is non-finite.")
		}
		u, ok := canonUnit(bind.DOMString(args[1]))
		if !ok {
			r.ThrowTypeError("Failed to construct 'CSSUnitValue': Invalid unit: " + bind.DOMString(args[1]))
		}
		return unitNum(v, u)
	},
	Attributes: []bind.Attribute{
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(numThis(this).value) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				f := bind.Double(v)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					r.ThrowTypeError("Failed to set the 'value' property on 'CSSUnitValue': The provided double value is non-finite.")
				}
				numThis(this).value = f
			}},
		{Name: "unit", Get: func(r *bind.Realm, this any) goja.Value { return r.String(unitName(numThis(this).unit)) }},
	},
}

var cssMathValueIface = &bind.Interface{
	Name:   "CSSMathValue",
	Parent: "CSSNumericValue",
	Attributes: []bind.Attribute{{Name: "operator", Get: func(r *bind.Realm, this any) goja.Value {
		return r.String(numThis(this).op)
	}}},
}

// mathIface declares a CSSMath* interface: variadic ones (sum, product,
// min, max) take values and have a values array; negate and invert one
// value.
func mathIface(name, op string, variadic bool) *bind.Interface {
	d := &bind.Interface{Name: name, Parent: "CSSMathValue", CtorLength: 1}
	if variadic {
		d.Constructor = func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			if len(args) == 0 {
				r.ThrowDOMException("SyntaxError", "Failed to construct '"+name+"': Arguments can't be empty")
			}
			vals := make([]*cssNum, len(args))
			for i, a := range args {
				vals[i] = numberish(r, a)
			}
			n := &cssNum{op: op, args: vals}
			if _, ok := n.typ(); !ok && op != "product" {
				r.ThrowTypeError("Failed to construct '" + name + "': Incompatible types")
			}
			return n
		}
		d.Attributes = []bind.Attribute{{Name: "values", Get: func(r *bind.Realm, this any) goja.Value {
			return r.Wrap(&cssNumArray{items: numThis(this).args}, r.Class("CSSNumericArray"))
		}}}
		d.CtorLength = 0
	} else {
		d.Constructor = func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			return &cssNum{op: op, args: []*cssNum{numberish(r, args[0])}}
		}
		d.Attributes = []bind.Attribute{{Name: "value", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).wrapStyleValue(numThis(this).args[0])
		}}}
	}
	return d
}

func numArrayItem(r *bind.Realm, this any, i int) goja.Value {
	a := this.(*cssNumArray)
	if i < 0 || i >= len(a.items) {
		return nil
	}
	return win(r).wrapStyleValue(a.items[i])
}

var cssNumericArrayIface = &bind.Interface{
	Name: "CSSNumericArray",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(this.(*cssNumArray).items)) }},
	},
	ValueIterable: &bind.ValueIterable{},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if i := bind.Index(key); i >= 0 {
				return numArrayItem(r, this, i)
			}
			return nil
		},
		Item: numArrayItem,
		Keys: func(r *bind.Realm, this any) []string {
			n := len(this.(*cssNumArray).items)
			keys := make([]string, n)
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return keys
		},
	},
}

var cssKeywordValueIface = &bind.Interface{
	Name:       "CSSKeywordValue",
	Parent:     "CSSStyleValue",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		v := bind.DOMString(args[0])
		if v == "" {
			r.ThrowTypeError("Failed to construct 'CSSKeywordValue': CSSKeywordValue does not support empty strings")
		}
		return &cssKeyword{value: v}
	},
	Attributes: []bind.Attribute{{Name: "value",
		Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*cssKeyword).value) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			s := bind.DOMString(v)
			if s == "" {
				r.ThrowTypeError("Failed to set the 'value' property on 'CSSKeywordValue': CSSKeywordValue does not support empty strings")
			}
			this.(*cssKeyword).value = s
		}}},
}

// A styleMap is a StylePropertyMap(ReadOnly) over a declaration block.
type styleMap struct{ decl *styleDecl }

// names are the map's properties, in order: those of the declaration
// block's items (a shorthand as its longhands), or every property a
// computed style lists.
func (m *styleMap) names() []string {
	if m.decl.computed {
		return computedNames()
	}
	var out []string
	seen := map[string]bool{}
	for i := 0; ; i++ {
		n, ok := m.decl.name(i)
		if !ok {
			return out
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
}

func (w *Window) styleMapValues(m *styleMap, name string) []any {
	v, ok := m.decl.get(name)
	if !ok || v == "" {
		return nil
	}
	return reifyValues(name, v)
}

func styleMapProp(r *bind.Realm, v goja.Value, method, iface string) string {
	p := bind.DOMString(v)
	name, ok := propertyName(p)
	if !ok {
		r.ThrowTypeError("Failed to execute '" + method + "' on '" + iface + "': Invalid propertyName: " + p)
	}
	return name
}

var stylePropertyMapReadOnlyIface = &bind.Interface{
	Name: "StylePropertyMapReadOnly",
	Attributes: []bind.Attribute{{Name: "size", Get: func(r *bind.Realm, this any) goja.Value {
		m := this.(*styleMap)
		n := 0
		for _, name := range m.names() {
			if v, ok := m.decl.get(name); ok && v != "" {
				n++
			}
		}
		return r.Int(n)
	}}},
	Methods: []bind.Method{
		{Name: "get", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			vals := w.styleMapValues(this.(*styleMap), styleMapProp(r, args[0], "get", "StylePropertyMapReadOnly"))
			if len(vals) == 0 {
				return goja.Undefined()
			}
			return w.wrapStyleValue(vals[0])
		}},
		{Name: "getAll", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			vals := w.styleMapValues(this.(*styleMap), styleMapProp(r, args[0], "getAll", "StylePropertyMapReadOnly"))
			out := make([]any, len(vals))
			for i, v := range vals {
				out[i] = w.wrapStyleValue(v)
			}
			return w.rt.NewArray(out...)
		}},
		{Name: "has", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			return w.boolean(len(w.styleMapValues(this.(*styleMap), styleMapProp(r, args[0], "has", "StylePropertyMapReadOnly"))) > 0)
		}},
	},
	PairIterable: &bind.PairIterable{
		Len: func(r *bind.Realm, this any) int { return len(styleMapEntries(r, this)) },
		At: func(r *bind.Realm, this any, i int) (goja.Value, goja.Value) {
			es := styleMapEntries(r, this)
			if i >= len(es) {
				return goja.Undefined(), goja.Undefined()
			}
			return es[i][0], es[i][1]
		},
	},
}

// styleMapEntries are the [name, values] pairs the map iterates.
func styleMapEntries(r *bind.Realm, this any) [][2]goja.Value {
	w, m := win(r), this.(*styleMap)
	var out [][2]goja.Value
	for _, name := range m.names() {
		vals := w.styleMapValues(m, name)
		if len(vals) == 0 {
			continue
		}
		arr := make([]any, len(vals))
		for i, v := range vals {
			arr[i] = w.wrapStyleValue(v)
		}
		out = append(out, [2]goja.Value{w.str(name), w.rt.NewArray(arr...)})
	}
	return out
}

// styleValueText is the text a value given to set or append stands for:
// a CSSStyleValue's serialization or a string, checked against property.
func (w *Window) styleValueText(name string, v goja.Value, method string) string {
	var text string
	if impl, ok := w.realm.UnwrapAs(v, w.realm.Class("CSSStyleValue")); ok {
		switch x := impl.(type) {
		case *cssNum:
			text = x.String()
		case *cssKeyword:
			text = x.value
		case *cssStyleValue:
			text = x.text
		case *cssUnparsed:
			text = x.String()
		case *cssTransform:
			text = x.String()
		case *cssImage:
			text = x.text
		}
		if !styleValueFits(name, impl) { // typedom_reify.go
			w.typeError("Failed to execute '%s' on 'StylePropertyMap': Invalid type for property", method)
		}
		if _, ok := impl.(*cssUnparsed); ok {
			return text // taken as written, var() or not (as Chromium)
		}
	} else {
		text = bind.DOMString(v)
	}
	if !strings.HasPrefix(name, "--") && !supportsDeclaration(name+":"+text) {
		w.typeError("Failed to execute '%s' on 'StylePropertyMap': Invalid type for property", method)
	}
	return text
}

// isUnparsedValue tells whether v is a CSSUnparsedValue, which set takes
// alone and append not at all (a list of values cannot hold one).
func (w *Window) isUnparsedValue(v goja.Value) bool {
	_, ok := w.realm.UnwrapAs(v, w.realm.Class("CSSUnparsedValue"))
	return ok
}

var stylePropertyMapIface = &bind.Interface{
	Name:   "StylePropertyMap",
	Parent: "StylePropertyMapReadOnly",
	Methods: []bind.Method{
		{Name: "set", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, m := win(r), this.(*styleMap)
			name := styleMapProp(r, args[0], "set", "StylePropertyMap")
			var parts []string
			for _, a := range args[1:] {
				if len(args) > 2 && w.isUnparsedValue(a) {
					w.typeError("Failed to execute 'set' on 'StylePropertyMap': Invalid type for property")
				}
				parts = append(parts, w.styleValueText(name, a, "set"))
			}
			if len(parts) == 0 || len(parts) > 1 && typedOMProps[name]&tdList == 0 {
				w.typeError("Failed to execute 'set' on 'StylePropertyMap': Invalid type for property")
			}
			text := strings.Join(parts, ", ")
			if !strings.HasPrefix(name, "--") && !(len(args) == 2 && w.isUnparsedValue(args[1])) && !supportsDeclaration(name+":"+text) {
				w.typeError("Failed to execute 'set' on 'StylePropertyMap': Invalid type for property")
			}
			m.decl.setProperty(name, text, false)
			return goja.Undefined()
		}},
		{Name: "append", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, m := win(r), this.(*styleMap)
			name := styleMapProp(r, args[0], "append", "StylePropertyMap")
			if typedOMProps[name]&tdList == 0 {
				w.typeError("Failed to execute 'append' on 'StylePropertyMap': Property does not support multiple values")
			}
			cur, _ := m.decl.get(name)
			parts := []string{}
			if strings.TrimSpace(cur) != "" {
				parts = append(parts, cur)
			}
			for _, a := range args[1:] {
				if w.isUnparsedValue(a) {
					w.typeError("Failed to execute 'append' on 'StylePropertyMap': Invalid type for property")
				}
				parts = append(parts, w.styleValueText(name, a, "append"))
			}
			m.decl.setProperty(name, strings.Join(parts, ", "), false)
			return goja.Undefined()
		}},
		{Name: "delete", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			m := this.(*styleMap)
			m.decl.removeProperty(styleMapProp(r, args[0], "delete", "StylePropertyMap"))
			return goja.Undefined()
		}},
		{Name: "clear", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			m := this.(*styleMap)
			m.decl.write(nil)
			return goja.Undefined()
		}},
	},
}

var typedOMIfaces = append([]*bind.Interface{
	cssUnparsedValueIface, cssVariableReferenceValueIface, {Name: "CSSImageValue", Parent: "CSSStyleValue"},
	cssStyleValueIface, cssNumericValueIface, cssUnitValueIface, cssMathValueIface,
	mathIface("CSSMathSum", "sum", true), mathIface("CSSMathProduct", "product", true),
	mathIface("CSSMathNegate", "negate", false), mathIface("CSSMathInvert", "invert", false),
	mathIface("CSSMathMin", "min", true), mathIface("CSSMathMax", "max", true), cssMathClampIface,
	cssNumericArrayIface, cssKeywordValueIface, stylePropertyMapReadOnlyIface, stylePropertyMapIface,
}, transformComponentIfaces...) // typedom_transform.go

// attributeStyleMap is element.attributeStyleMap, the StylePropertyMap of
// its style attribute (the same object each time).
func (w *Window) attributeStyleMap(el *dom.Node) goja.Value {
	if w.attrStyleMaps == nil {
		w.attrStyleMaps = map[*dom.Node]*goja.Object{}
	}
	if o := w.attrStyleMaps[el]; o != nil {
		return o
	}
	o := w.realm.WrapObject(&styleMap{decl: w.styleOf(el)}, w.realm.Class("StylePropertyMap"))
	w.attrStyleMaps[el] = o
	return o
}

// computedStyleMap is element.computedStyleMap(): the read-only map of
// its computed values (the same object each time, as in Chromium).
func (w *Window) computedStyleMap(el *dom.Node) goja.Value {
	if w.computedStyleMaps == nil {
		w.computedStyleMaps = map[*dom.Node]*goja.Object{}
	}
	if o := w.computedStyleMaps[el]; o != nil {
		return o
	}
	o := w.realm.WrapObject(&styleMap{decl: &styleDecl{el: el, w: w, computed: true}}, w.realm.Class("StylePropertyMapReadOnly"))
	w.computedStyleMaps[el] = o
	return o
}

// installCSSFactories puts the numeric factories (CSS.px(10)…) on the CSS
// namespace.
func (w *Window) installCSSFactories(css *goja.Object) {
	for _, u := range cssFactoryUnits {
		unit, _ := canonUnit(u)
		css.Set(u, w.realm.NewFunction(u, 1, func(call goja.FunctionCall) goja.Value {
			if len(call.Arguments) == 0 {
				w.realm.ThrowTypeError("Failed to execute '" + u + "' on 'CSS': 1 argument required, but only 0 present.")
			}
			return w.wrapStyleValue(unitNum(bind.Double(call.Arguments[0]), unit))
		}))
	}
}

// cssMathClampIface is CSSMathClamp: clamp(lower, value, upper).
// https://drafts.css-houdini.org/css-typed-om-1/#cssmathclamp
var cssMathClampIface = &bind.Interface{
	Name:       "CSSMathClamp",
	Parent:     "CSSMathValue",
	CtorLength: 3,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if len(args) < 3 {
			r.ThrowTypeError("Failed to construct 'CSSMathClamp': 3 arguments required, but only " + strconv.Itoa(len(args)) + " present.")
		}
		n := &cssNum{op: "clamp", args: numberishArgs(r, args[:3])}
		if _, ok := n.typ(); !ok {
			r.ThrowTypeError("Failed to construct 'CSSMathClamp': Incompatible types")
		}
		return n
	},
	Attributes: []bind.Attribute{
		{Name: "lower", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrapStyleValue(numThis(this).args[0]) }},
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrapStyleValue(numThis(this).args[1]) }},
		{Name: "upper", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrapStyleValue(numThis(this).args[2]) }},
	},
}
