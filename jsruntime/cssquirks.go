package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The quirks of CSS values in quirks mode (https://quirks.spec.whatwg.org/):
// a unitless number is a length in px for the properties of the unitless
// length quirk (`width: 100`), and three or six hex digits are a color
// without its "#" for those of the hashless color quirk (`color: ff0000`).
// Chromium parses an element's inline style (its style attribute, cssText
// and setProperty) with them when its document is in quirks mode, and
// also on every element that is not an HTML element: d3 charts write
// `style("font-size", "16")` on SVG text, which Chromium reads back as
// 16px. Every style sheet of a quirks-mode document takes them too (style
// and link elements' sheets, imported, constructed and inserted rules,
// @keyframes, @page, nested rules: the cascade's sheetParser.quirks and
// package webapi's styleSheet.quirks), never CSS.supports().

// unitlessQuirkProps are the properties taking a unitless length, as
// Chromium 156 takes them (mask-position too; not the logical longhands,
// the font or border shorthands, background-position-x or -y).
// https://quirks.spec.whatwg.org/#the-unitless-length-quirk
var unitlessQuirkProps = set(`background-position border-spacing
	border-top-width border-right-width border-bottom-width border-left-width border-width
	bottom clip font-size height left letter-spacing
	margin margin-top margin-right margin-bottom margin-left
	max-height max-width min-height min-width mask-position
	padding padding-top padding-right padding-bottom padding-left
	right text-indent top vertical-align width word-spacing`)

// hashlessQuirkProps are the properties taking a color without its "#".
// https://quirks.spec.whatwg.org/#the-hashless-hex-color-quirk
var hashlessQuirkProps = set(`background-color border-color border-top-color
	border-right-color border-bottom-color border-left-color color`)

// quirkyStyle tells whether el's inline style is parsed with the quirks.
func quirkyStyle(el *dom.Node) bool {
	if el == nil || !el.IsElement() {
		return false
	}
	if !el.IsHTML() {
		return true
	}
	d := el.Document()
	return d != nil && d.CompatMode() == "BackCompat"
}

// quirksDocument tells whether n's document is in quirks mode.
func quirksDocument(n *dom.Node) bool {
	d := n.Document()
	return d != nil && d.CompatMode() == "BackCompat"
}

// quirky tells whether s, an element's inline style or a rule's style
// (not a computed style), is parsed with the quirks.
func (s *styleDecl) quirky() bool {
	if s.getText != nil {
		return s.sheetQuirks
	}
	return !s.computed && quirkyStyle(s.el)
}

// quirkyValue is value of prop with its quirky components written as the
// lengths or colors they stand for; other values are returned as they
// are.
func quirkyValue(prop, value string) string {
	unitless, hashless := unitlessQuirkProps[prop], hashlessQuirkProps[prop]
	if !unitless && !hashless {
		return value
	}
	parts := splitComponents(value)
	changed := false
	for i, p := range parts {
		switch {
		case unitless && quirkyNumber(p):
			parts[i], changed = p+"px", true
		case unitless && prop == "clip" && len(p) > 6 && ascii.EqualFold(p[:5], "rect(") && p[len(p)-1] == ')':
			// rect(1, 2, 3, 4): its offsets are lengths too
			args := strings.FieldsFunc(p[5:len(p)-1], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
			for j, a := range args {
				if quirkyNumber(a) {
					args[j] = a + "px"
				}
			}
			parts[i], changed = "rect("+strings.Join(args, ", ")+")", true
		case hashless && hashlessNumber(p):
			// an integer or a dimension (0f0), a "+" before it dropped:
			// zeros before it make six digits
			p = strings.TrimPrefix(p, "+")
			parts[i], changed = "#"+strings.Repeat("0", 6-len(p))+p, true
		case hashless && (len(p) == 3 || len(p) == 6) && (p[0] < '0' || p[0] > '9') && allHex(p):
			// an identifier
			parts[i], changed = "#"+p, true
		}
	}
	if !changed {
		return value
	}
	return joinComponents(parts)
}

// quirkyNumber tells whether t is a number token: a sign, digits with a
// fraction (digits after the point) and an exponent.
// https://drafts.csswg.org/css-syntax/#consume-number
func quirkyNumber(t string) bool {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	digits := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i+1 < len(t) && t[i] == '.' && t[i+1] >= '0' && t[i+1] <= '9' {
		i++
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		if j < len(t) && (t[j] == '+' || t[j] == '-') {
			j++
		}
		if j < len(t) && t[j] >= '0' && t[j] <= '9' {
			for i = j; i < len(t) && t[i] >= '0' && t[i] <= '9'; i++ {
			}
		}
	}
	return i == len(t)
}

// hashlessNumber tells whether t, a component of a hashless color's
// value, is an integer or a dimension whose digits make a color: at most
// six hex digits after an optional "+", starting with a digit, which are
// not a number with an exponent (1e3, which Chromium 156 refuses; 12e is
// the dimension 12 with the unit e).
func hashlessNumber(t string) bool {
	t = strings.TrimPrefix(t, "+")
	if t == "" || t[0] < '0' || t[0] > '9' || len(t) > 6 || !allHex(t) {
		return false
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return !(i+1 < len(t) && (t[i] == 'e' || t[i] == 'E') && t[i+1] >= '0' && t[i+1] <= '9')
}

// allHex tells whether t is hex digits only.
func allHex(t string) bool {
	for i := 0; i < len(t); i++ {
		if !isHex(t[i]) {
			return false
		}
	}
	return true
}
