package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Per-property reification: Chromium reifies a property's values by what
// the property takes (typedom_props.go), not by how the text looks.
// https://drafts.css-houdini.org/css-typed-om-1/#reify-a-css-value

// A typedOMKind says how a property's values are reified and which
// CSSStyleValues StylePropertyMap.set takes for it.
type typedOMKind uint16

const (
	// tdLength, tdPercent, tdNumber, tdAngle and tdTime are the numeric
	// types set takes as a CSSNumericValue.
	tdLength typedOMKind = 1 << iota
	tdPercent
	tdNumber
	tdAngle
	tdTime
	// tdKeyword: an identifier is a CSSKeywordValue (and set takes one).
	tdKeyword
	// tdReifyNumeric: a number, dimension or math function is a
	// CSSNumericValue (some properties take numbers in set but reify
	// them as plain CSSStyleValues: border-image-outset).
	tdReifyNumeric
	// tdImage: a url() is a CSSImageValue.
	tdImage
	// tdList: a comma-separated list, its items reified apart (getAll,
	// parseAll) and appended to (append).
	tdList
	// tdSpaceList: a space-separated list reified item by item
	// (grid-auto-columns: 10px 20px).
	tdSpaceList
	// tdColor: a named color is a color, no CSSKeywordValue (color: red;
	// Chromium makes it a keyword for border-block-end-color).
	tdColor
	// tdZeroPx: a unitless 0 is the length 0px (width: 0; not so for
	// stroke-dashoffset, which takes SVG's numbers).
	tdZeroPx
)

// cssImage is a CSSImageValue: an image given by url(), as its text.
type cssImage struct{ text string }

// reifyValues is the CSSStyleValues of property name's declared or
// computed value text: one, or a list-valued property's items.
func reifyValues(name, text string) []any {
	t := strings.TrimSpace(text)
	if shorthands[name] != nil {
		// a shorthand's value is a plain CSSStyleValue, CSS-wide
		// keywords and var() included
		return []any{&cssStyleValue{text: t}}
	}
	if strings.HasPrefix(name, "--") || hasVarFunction(t) {
		return []any{parseUnparsed(t)} // typedom_unparsed.go
	}
	if cssWideKeyword(t) {
		return []any{&cssKeyword{value: t}}
	}
	kind := typedOMProps[name]
	var items []string
	switch {
	case kind&tdList != 0:
		items = splitTopLevelCommas(t)
	case kind&tdSpaceList != 0:
		items = splitComponents(t)
	default:
		return []any{reifyProperty(name, t)}
	}
	out := make([]any, 0, len(items))
	for _, it := range items {
		out = append(out, reifyProperty(name, it))
	}
	return out
}

// hasVarFunction reports whether t holds a var() (or env()) reference,
// which makes a property's value a CSSUnparsedValue.
func hasVarFunction(t string) bool {
	l := ascii.Lower(t)
	return strings.Contains(l, "var(") || strings.Contains(l, "env(")
}

// reifyProperty is one value of property name: a transform list is a
// CSSTransformValue; for a property Chromium reifies, a number, dimension
// or math function is a CSSNumericValue, an identifier a CSSKeywordValue
// and a url() a CSSImageValue, as the property takes them; anything else
// is a plain CSSStyleValue.
func reifyProperty(name, text string) any {
	t := strings.TrimSpace(text)
	if cssWideKeyword(t) {
		return &cssKeyword{value: t}
	}
	if name == "transform" {
		if tr, ok := reifyTransformList(t); ok { // typedom_transform.go
			return tr
		}
	}
	kind := typedOMProps[name]
	switch v := reify(t).(type) {
	case *cssNum:
		if kind&tdReifyNumeric == 0 {
			break
		}
		if v.op == "" && v.unit == "number" && v.value == 0 && kind&tdZeroPx != 0 {
			return unitNum(0, "px") // a length's unitless zero
		}
		if numericReifies(v, kind) {
			return v
		}
	case *cssKeyword:
		if isPropertyKeyword(name, kind, v.value) {
			return v
		}
	case *cssStyleValue:
		if kind&tdImage != 0 && len(t) > 4 && ascii.EqualFold(t[:4], "url(") {
			return &cssImage{text: t}
		}
	}
	return &cssStyleValue{text: t}
}

// isPropertyKeyword reports whether the identifier word is a keyword of
// property name (of kind) to Chromium: a named color is a color where
// Chromium says so (tdColor; animation-name: red is a keyword), and of the properties that take identifiers of
// their own only the keywords typedOMKeywords lists are keywords.
func isPropertyKeyword(name string, kind typedOMKind, word string) bool {
	if kind&tdKeyword == 0 || kind&tdColor != 0 && isNamedColor(word) {
		return false
	}
	if kws, ok := typedOMKeywords[name]; ok {
		for _, k := range kws {
			if ascii.EqualFold(k, word) {
				return true
			}
		}
		return false
	}
	return true
}

// numericReifies reports whether the numeric value n is one property kind
// reifies as a CSSNumericValue: a number, length, percentage, angle or
// time it takes (a length with a percentage where it takes both).
func numericReifies(n *cssNum, kind typedOMKind) bool {
	t, ok := n.typ()
	if !ok {
		return false
	}
	if len(t.exp) == 0 {
		return kind&tdNumber != 0
	}
	if len(t.exp) != 1 {
		return false
	}
	if t.hint != "" && kind&tdPercent == 0 {
		return false
	}
	for base, e := range t.exp {
		if e != 1 {
			return false
		}
		return kind.takes(base)
	}
	return false
}

// isNamedColor reports whether t is a named color or transparent
// (currentcolor is a keyword to Chromium, the others are colors).
func isNamedColor(t string) bool {
	l := ascii.Lower(t)
	_, ok := namedColors[l]
	return ok && l != "currentcolor" || l == "transparent"
}

// takes reports whether a property of kind takes values of the base type
// (length, percent, angle or time).
func (kind typedOMKind) takes(base string) bool {
	switch base {
	case "length":
		return kind&tdLength != 0
	case "percent":
		return kind&tdPercent != 0
	case "angle":
		return kind&tdAngle != 0
	case "time":
		return kind&tdTime != 0
	}
	return false
}

// numericFits reports whether StylePropertyMap.set takes the numeric
// value n for a property of kind: its type must be exactly one the
// property takes (Chromium takes no length with a percent hint,
// calc(1px + 2%), for width).
func numericFits(n *cssNum, kind typedOMKind) bool {
	t, ok := n.typ()
	if !ok {
		return false
	}
	if len(t.exp) == 0 {
		return t.hint == "" && kind&tdNumber != 0
	}
	if len(t.exp) != 1 {
		return false
	}
	for base, e := range t.exp {
		if e != 1 {
			return false
		}
		if t.hint != "" && base != "percent" {
			return false
		}
		return kind.takes(base)
	}
	return false
}

// styleValueFits reports whether StylePropertyMap.set and append take the
// CSSStyleValue v for property name (a string is checked by parsing).
func styleValueFits(name string, v any) bool {
	if strings.HasPrefix(name, "--") {
		_, ok := v.(*cssUnparsed)
		return ok // a custom property takes only a CSSUnparsedValue or a string
	}
	kind := typedOMProps[name]
	switch x := v.(type) {
	case *cssNum:
		return numericFits(x, kind)
	case *cssKeyword:
		if cssWideKeyword(x.value) {
			return true
		}
		return isPropertyKeyword(name, kind, x.value)
	case *cssTransform:
		return name == "transform"
	case *cssImage:
		return kind&tdImage != 0
	}
	return true
}
