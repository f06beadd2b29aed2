package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// Custom properties at computed-value time: getComputedStyle substitutes
// var() references with the element's custom property values (inherited
// like every custom property), so that a style written as
// color: var(--color-red-500) (Tailwind 4, design tokens) reads back as a
// color, as in a browser, instead of the var() text.
// https://drafts.csswg.org/css-variables-1/#substitute-a-var

// cascaded is the cascaded value of prop for el (cascadedRaw) with its
// var() references substituted. A reference that cannot be resolved makes
// the declaration invalid at computed-value time: it reads as unset (the
// property inherits or takes its initial value).
func (w *Window) cascaded(el *dom.Node, prop string) (string, bool) {
	if prop == "line-height" && (el.DataAtom == atom.Option || el.DataAtom == atom.Optgroup) && listBoxItem(el) {
		// select:-internal-list-box option, optgroup { line-height:
		// initial !important } (Chromium's html.css)
		return "initial", true
	}
	if prop == "line-height" && el.DataAtom == atom.Input && w.themedPushButton(el) {
		return "normal", true // (themedPushButton)
	}
	if prop == "line-height" && el.DataAtom == atom.Select && w.themedDropDown(el) {
		return "normal", true // (themedDropDown)
	}
	v, ok := w.cascadedRaw(el, prop)
	if !ok {
		if el.Namespace == "svg" {
			if v, ok := svgPresentation(el, prop); ok {
				return v, true
			}
		}
		if el.Namespace == "" && el.IsElement() {
			// presentational hints, author-level below every rule
			// (presenthints.go)
			if v, ok := presentationalHint(el, prop); ok {
				return v, true
			}
		}
		return w.uaDeclaredIn(el, prop) // the UA origin, below every author rule (uastyle.go)
	}
	if v == "revert" && prop != "display" {
		// an author declaration reverts to the UA origin's (display's
		// UA value is displayUncached's)
		// https://drafts.csswg.org/css-cascade/#default
		if uv, ok := w.uaDeclaredIn(el, prop); ok {
			return uv, true
		}
		return "unset", true
	}
	if name, whole, pending := cutPendingShorthand(v); ok && pending {
		// a shorthand's value, substituted then expanded
		sh := shorthands[name]
		s, ok := w.substituteVars(el, whole, 0)
		if !ok {
			return "unset", true
		}
		vals, ok := sh.expand(s)
		if !ok {
			return "unset", true
		}
		logical := w.logicalCounterpart(el, prop) // the shorthand may be a logical one
		for i, l := range sh.longhands {
			if l == prop || l == logical && logical != "" {
				return vals[i], true
			}
		}
		return "unset", true
	}
	if !ok || strings.HasPrefix(prop, "--") || indexVar(v) < 0 {
		return v, ok
	}
	if prop == "line-height" && w.anyRegistered() && w.lineHeightCycle(el, v) {
		return "unset", true // in a dependency cycle with a length in lh
	}
	s, ok := w.substituteVars(el, v, 0)
	if !ok {
		return "unset", true
	}
	if n, ok := normalizeValue(prop, s); ok {
		return n, true
	}
	// invalid at computed-value time
	// https://drafts.csswg.org/css-variables/#invalid-at-computed-value-time
	return "unset", true
}

// svgColorAttributes are the SVG presentation attributes of paint and
// color properties.
// https://svgwg.org/svg2-draft/styling.html#PresentationAttributes
var svgColorAttributes = set(`fill stroke color stop-color flood-color lighting-color`)

// svgKeywordAttributes are the presentation attributes of keyword
// properties read the same way (isPointInFill follows fill-rule).
var svgKeywordAttributes = set(`fill-rule clip-rule`)

// svgOpacityAttributes are the presentation attributes of the opacity
// properties: a number or a percentage (SurveyJS's icons' <path
// opacity="0.1">).
var svgOpacityAttributes = set(`opacity fill-opacity stroke-opacity stop-opacity flood-opacity`)

// svgPresentation is the declaration of prop that the presentation
// attributes of el, an SVG element, make below every style rule: paint,
// opacity and keyword attributes (svgPresentationValue), the other mapped
// properties (svgAttributeDeclaration), the transform attributes
// (svgTransformDeclaration) and xml:space's white-space (svgSpaceHint).
func svgPresentation(el *dom.Node, prop string) (string, bool) {
	switch {
	case svgColorAttributes[prop] || svgKeywordAttributes[prop] || svgOpacityAttributes[prop]:
		return svgPresentationValue(el, prop)
	case prop == "transform":
		return svgTransformDeclaration(el)
	case prop == whiteSpaceLonghands[0] || prop == whiteSpaceLonghands[1]:
		return svgSpaceHint(el, prop) // csswhitespace.go
	}
	if attr := svgPresentationAttributes[prop]; attr != "" {
		return svgAttributeDeclaration(el, prop, attr)
	}
	return "", false
}

// svgAttrValue is el's attribute name, trimmed, as a presentation
// attribute gives it; ok is false when it is missing or empty, or holds
// what an attribute cannot declare (a var(), a CSS-wide keyword).
func svgAttrValue(el *dom.Node, name string) (string, bool) {
	a, has := el.GetAttribute(name)
	if !has {
		return "", false
	}
	a = strings.TrimSpace(a)
	if a == "" || strings.Contains(a, "var(") || cssWideKeywords[ascii.Lower(a)] {
		return "", false
	}
	return a, true
}

// svgPresentationAttributes are the other presentation attributes of SVG
// elements that Chromium maps to a property (longhand: attribute), each
// an author declaration below every style rule (JustGage's
// <text font-weight="bold"> computes as font-weight: 700). A shorthand's
// attribute (overflow, text-decoration, font-variant) declares its
// longhands. font-size is fontSizeCascaded's, display displayUncached's,
// transform svgTransformDeclaration's.
// https://svgwg.org/svg2-draft/styling.html#PresentationAttributes
var svgPresentationAttributes = map[string]string{
	"font-family": "font-family", "font-style": "font-style", "font-weight": "font-weight",
	"font-stretch": "font-stretch", "font-variant-caps": "font-variant",
	"text-anchor": "text-anchor", "letter-spacing": "letter-spacing", "word-spacing": "word-spacing",
	"text-decoration-line": "text-decoration", "dominant-baseline": "dominant-baseline",
	"alignment-baseline": "alignment-baseline", "visibility": "visibility", "cursor": "cursor",
	"overflow-x": "overflow", "overflow-y": "overflow", "pointer-events": "pointer-events",
	"stroke-width": "stroke-width", "stroke-linecap": "stroke-linecap", "stroke-linejoin": "stroke-linejoin",
	"stroke-miterlimit": "stroke-miterlimit", "stroke-dashoffset": "stroke-dashoffset",
	"paint-order": "paint-order", "vector-effect": "vector-effect", "shape-rendering": "shape-rendering",
	"text-rendering": "text-rendering", "image-rendering": "image-rendering",
	"color-interpolation": "color-interpolation", "color-interpolation-filters": "color-interpolation-filters",
}

// svgAttributeDeclaration is the declaration of longhand prop that SVG
// element el's presentation attribute attr makes: its value when it is
// valid for the property (a shorthand's expanded), a plain number taken
// as px where the property is a length (letter-spacing="2", as SVG's
// attribute parsing allows); ok is false without one or when it is not
// valid (font-weight="junk" leaves the inherited weight).
func svgAttributeDeclaration(el *dom.Node, prop, attr string) (string, bool) {
	a, ok := svgAttrValue(el, attr)
	if !ok {
		return "", false
	}
	switch prop {
	case "letter-spacing", "word-spacing", "stroke-width", "stroke-dashoffset":
		if _, unit, num := splitNumber(a); num && unit == "" {
			a += "px"
		}
	}
	if attr == prop {
		return normalizeValue(prop, a)
	}
	sh := shorthands[attr]
	if sh == nil {
		return "", false
	}
	vals, ok := sh.expand(a)
	if !ok {
		return "", false
	}
	for i, l := range sh.longhands {
		if l == prop {
			return vals[i], true
		}
	}
	return "", false
}

// svgPresentationValue is the value of presentation attribute prop of SVG
// element el, which counts as an author declaration below every style rule
// (fill="oklch(0.5 0.1 200)" computes as fill: oklch(0.5 0.1 200)); ok is
// false without one or when it is not a valid value.
func svgPresentationValue(el *dom.Node, prop string) (string, bool) {
	a, ok := svgAttrValue(el, prop)
	if !ok {
		return "", false
	}
	if svgKeywordAttributes[prop] {
		return normalizeValue(prop, a)
	}
	if svgOpacityAttributes[prop] {
		if _, unit, num := splitNumber(a); !num || unit != "" && unit != "%" {
			return "", false
		}
		return normalizeValue(prop, a)
	}
	if prop != "fill" && prop != "stroke" {
		return normalizeColor(a)
	}
	// <paint>: none, context-fill, context-stroke, a color, or a url()
	// with an optional fallback color
	parts := splitComponents(a)
	switch lower := ascii.Lower(a); {
	case len(parts) == 1 && (lower == "none" || lower == "context-fill" || lower == "context-stroke"):
	case len(parts) == 1 && (lower == "currentcolor" || isColorComponent(a)):
	case len(parts) <= 2 && strings.HasPrefix(lower, "url("):
		if len(parts) == 2 && !isColorComponent(parts[1]) && !ascii.EqualFold(parts[1], "none") {
			return "", false
		}
	default:
		return "", false
	}
	return normalizeValue(prop, a)
}

// customComputed is the computed value of custom property name on el: its
// var() references substituted (one that cannot be makes it invalid: the
// empty guaranteed-invalid value); a registered property's value is
// computed for its syntax (cssregister.go).
// https://drafts.csswg.org/css-variables/#substitute-a-var
func (w *Window) customComputed(el *dom.Node, name string) (string, bool) {
	r := varResolver{w: w, el: el}
	return r.computed(name)
}

// maxVarDepth bounds nested substitutions (a var() whose value holds
// another var()); deeper references are invalid.
const maxVarDepth = 16

// customValue is the computed value of the custom property name on el:
// its own declaration, else its parent's (custom properties inherit).
// A property registered as not inherited is only its own declaration
// (or inherit's parent value).
func (w *Window) customValue(el *dom.Node, name string) (string, bool) {
	v, _, ok := w.customValueFrom(el, name)
	return v, ok
}

// customValueFrom is customValue and the element whose declaration it is
// (el or the ancestor it inherits from). The answers are memoized per
// document version along the path walked (customDecl), as computedMemo
// does: walking to the declaring ancestor for each reference made a
// var() of a property declared on the root, used by each of a deep
// chain's elements, quadratic in the depth. The memo holds animated
// values (a style read drops it when they changed: dropInheritedMemos);
// an animation's underlying value (animationState.base) is not memoized.
func (w *Window) customValueFrom(el *dom.Node, name string) (string, *dom.Node, bool) {
	inherits := true
	if reg := w.registration(name); reg != nil {
		inherits = reg.inherits
	}
	var sh *sheetState
	if w.anim == nil || w.anim.base == 0 {
		sh = w.sheetsOf(el.Document())
	}
	var inheriting []*dom.Node // the elements walked, whose value is the one found
	found := func(d customDecl) (string, *dom.Node, bool) {
		if sh != nil {
			if sh.customFrom == nil {
				sh.customFrom = make(map[computedKey]customDecl)
			}
			for _, e := range inheriting {
				sh.customFrom[computedKey{e, name}] = d
			}
		}
		return d.v, d.from, d.ok
	}
	for e := el; e != nil; e = w.styleParent(e) {
		if sh != nil {
			if d, ok := sh.customFrom[computedKey{e, name}]; ok {
				return found(d)
			}
			if w.pseudoOf(e) == "" {
				inheriting = append(inheriting, e)
			}
		}
		if w.anim != nil {
			// an animated value is e's own, above its declarations, and
			// its descendants inherit it (animation.go)
			if v, ok := w.animatedValue(e, name); ok {
				return found(customDecl{v, e, true})
			}
		}
		v, ok := w.cascadedRaw(e, name)
		if ok && (v == "revert" || isRevertLayer(v)) {
			// no user agent or user sheet sets a custom property (a
			// revert-layer left is an inline one: no layer is below)
			v = "unset"
		}
		switch {
		case ok && v == "initial":
			return found(customDecl{})
		case ok && v == "inherit", ok && v == "unset" && inherits, !ok && inherits:
			continue
		case ok && v != "unset":
			return found(customDecl{v, e, true})
		}
		return found(customDecl{})
	}
	return found(customDecl{})
}

// customDecl is what customValueFrom found: the value of a custom
// property and the element declaring it (ok false: none, the initial
// value).
type customDecl struct {
	v    string
	from *dom.Node
	ok   bool
}

// substituteVars replaces the var() functions of v, a value of prop on el;
// ok is false when a reference has neither a value nor a fallback (the
// declaration is then invalid at computed-value time).
func (w *Window) substituteVars(el *dom.Node, v string, depth int) (string, bool) {
	base, v := cutSheetBase(v) // cssurl.go
	r := varResolver{w: w, el: el, tokens: true}
	s, ok := r.substitute(v, depth)
	if ok && base != "" && mayHoldURL(s) {
		// a url() the references brought is resolved against the URL
		// of the sheet declaring v, as Chromium does
		s = rewriteURLs(s, base, false)
	}
	return s, ok
}

// varResolver substitutes the var() references of one element's values.
// The custom properties it is computing are on its stack: a reference to
// one of them closes a dependency cycle, which makes every property in
// the cycle invalid at computed-value time (whatever their fallbacks),
// while a property that only refers to one takes its reference's fallback.
// The references of a fallback that is not used are no dependencies, as
// in Chromium. An inherited value is substituted where it is declared.
// Results are kept per property, so values
// that refer to each other many times cost one computation each.
// https://drafts.csswg.org/css-variables/#cycles
type varResolver struct {
	w     *Window
	el    *dom.Node
	stack []string
	cycle map[string]bool
	done  map[string]varResult
	// tokens tells the value substituted is a property's, not a custom
	// property's (apart)
	tokens bool
}

// apart is what keeps a substituted value's first or last token apart
// from a name or number written against the reference, as substitution
// joins token sequences, not text: a space in a property's value, an
// empty comment in a custom property's, as Chromium serializes it
// (`--j: var(--w)solid` reads 3px/**/solid).
func (r *varResolver) apart() string {
	if r.tokens {
		return " "
	}
	return "/**/"
}

type varResult struct {
	v  string
	ok bool
}

// computed is the computed value of custom property name (customComputed).
func (r *varResolver) computed(name string) (string, bool) {
	if res, ok := r.done[name]; ok {
		return res.v, res.ok
	}
	for i, n := range r.stack {
		if n == name {
			if r.cycle == nil {
				r.cycle = map[string]bool{}
			}
			for _, m := range r.stack[i:] {
				r.cycle[m] = true
			}
			return "", false
		}
	}
	if len(r.stack) > maxVarDepth {
		return "", false
	}
	w := r.w
	reg := w.registration(name)
	v, from, ok := w.customValueFrom(r.el, name)
	if ok && from != r.el && (indexVar(v) >= 0 || reg != nil) {
		// an inherited value is the parent's computed value, its
		// references substituted there (a registered length's em there)
		v, ok = w.customComputed(from, name)
		if reg != nil && ok {
			if c, valid := reg.compute(w, r.el, v); valid {
				v = c
			}
		}
		r.remember(name, varResult{v, ok})
		return v, ok
	}
	if ok && indexVar(v) >= 0 {
		v0 := v
		r.stack = append(r.stack, name)
		v, ok = r.substitute(v, len(r.stack))
		r.stack = r.stack[:len(r.stack)-1]
		if !ok || r.cycle[name] {
			v, ok = "", false
		}
		if ok && reg == nil && w.anyRegistered() && w.fontSizeReaches(r.el, name) && w.varReaches(r.el, v0, "", r.el == w.doc.DocumentElement(), false, 0) {
			// between font-size and a registered length in em: in their
			// dependency cycle, so invalid as they are
			v, ok = "", false
		}
		// A CSS-wide keyword a substitution gives (a fallback's) acts as
		// the keyword: initial, or the parent's value.
		// https://drafts.csswg.org/css-variables/#substitute-a-var
		kw := ascii.Lower(v)
		if ok && kw == "revert-layer" {
			// the layers below the declaration's (layers.go)
			if lv, found := w.revertedLayer(r.el, name); found && indexVar(lv) < 0 && !cssWideKeywords[ascii.Lower(lv)] {
				v, kw = lv, ""
			}
		}
		switch {
		case !ok:
		case kw == "initial":
			v, ok = "", false
		case kw == "inherit", cssWideKeywords[kw] || kw == "revert-layer":
			if kw != "inherit" && reg != nil && !reg.inherits {
				v, ok = "", false // unset or revert: initial
				break
			}
			v, ok = "", false
			if p := w.styleParent(r.el); p != nil {
				v, ok = w.customComputed(p, name)
			}
			r.remember(name, varResult{v, ok})
			return v, ok
		}
	}
	res := varResult{v, ok}
	if reg != nil {
		res = varResult{"", false}
		if ok && fontRelative(v, r.el == w.doc.DocumentElement()) && strings.Contains(reg.syntax, "<length") && w.fontSizeReaches(r.el, name) {
			ok = false // a dependency cycle through font-size: the initial value
		}
		if ok && v != "" {
			if c, valid := reg.compute(w, r.el, v); valid {
				res = varResult{c, true}
			}
		}
		if !res.ok && reg.initial != "" {
			c, _ := reg.compute(w, r.el, reg.initial)
			res = varResult{c, true}
		}
	}
	r.remember(name, res)
	return res.v, res.ok
}

func (r *varResolver) remember(name string, res varResult) {
	if r.done == nil {
		r.done = map[string]varResult{}
	}
	r.done[name] = res
}

// substitute replaces the var() functions of v; ok is false when a
// reference has neither a value nor a fallback.
func (r *varResolver) substitute(v string, depth int) (string, bool) {
	if depth > maxVarDepth {
		return "", false
	}
	var b strings.Builder
	failed := false // a reference failed; the others are still followed, for cycles
	for {
		i := indexVar(v)
		if i < 0 {
			b.WriteString(v)
			break
		}
		b.WriteString(v[:i])
		inner, rest, ok := cutParens(v[i+len("var("):])
		if !ok {
			return "", false
		}
		name, fallback, hasFallback := strings.Cut(inner, ",")
		name = strings.TrimSpace(name)
		val, found := "", false
		if strings.HasPrefix(name, "--") {
			val, found = r.computed(name)
		}
		switch {
		case !found && !hasFallback:
			failed = true
		case !found && failed:
			// the value is invalid already: its fallback is not followed
			// (Chromium's order: a cycle through it is not one)
		case !found:
			if val, ok = r.substitute(strings.TrimSpace(fallback), depth+1); !ok {
				failed = true
			}
		}
		if val != "" {
			// Simple.css's minified `border:var(--border-width)solid
			// var(--border)` is 1px, solid and a color, not 1pxsolid
			if s := b.String(); s != "" && isNameByte(s[len(s)-1]) && isNameByte(val[0]) {
				b.WriteString(r.apart())
			}
			b.WriteString(val)
			if rest != "" && isNameByte(val[len(val)-1]) && isNameByte(rest[0]) {
				b.WriteString(r.apart())
			}
		}
		v = rest
	}
	if failed {
		return "", false
	}
	return strings.TrimSpace(b.String()), true
}

// indexVar is the index of the first "var(" in v (ASCII case-insensitive)
// that starts a function name, or -1.
func indexVar(v string) int {
	for i := 0; i+4 <= len(v); i++ {
		if (v[i] == 'v' || v[i] == 'V') && ascii.EqualFold(v[i:i+4], "var(") && (i == 0 || !isNameByte(v[i-1])) {
			return i
		}
	}
	return -1
}

func isNameByte(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// cutParens splits s, which follows an opening parenthesis, at its
// matching closing one, skipping nested parentheses and quoted strings.
func cutParens(s string) (inner, rest string, ok bool) {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return s[:i], s[i+1:], true
			}
			depth--
		}
	}
	return "", "", false
}
