package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// CSS.registerProperty: a registered custom property has a syntax its
// values are computed for (a <length> in px, a <color> as rgb()), may
// not inherit, and has an initial value.
// https://drafts.css-houdini.org/css-properties-values-api/#the-registerproperty-function

type registeredProperty struct {
	syntax   string // "*", "<length>", "<color>"...
	inherits bool
	initial  string
	// comps is the syntax parsed (none for "*"), set by parseSyntax
	// before the property is registered
	comps []syntaxComponent
}

// compute is the computed value of v for the property's syntax, or
// valid=false when v does not match it: that of the first alternative v
// matches, a list's items one by one. Data types this file does not
// compute keep v.
func (r *registeredProperty) compute(w *Window, el *dom.Node, v string) (string, bool) {
	v = strings.TrimSpace(v)
	if r.syntax == "*" {
		return v, true
	}
	v = strings.TrimSpace(stripComments(v))
	for _, comp := range r.comps {
		c, ok := matchList(comp, v, func(t string) (string, bool) {
			if !comp.typ {
				name, ok := decodeIdent(t)
				return t, ok && name == comp.name // keywords match case-sensitively
			}
			return computeSyntaxType(w, el, comp.name, t)
		})
		if ok {
			return c, true
		}
	}
	return "", false
}

// computeSyntaxType is the computed value of v for one data type. Without
// an element, a length may use viewport units but no font-relative ones
// (computationally independent, as Chromium 156 takes 10vmin).
func computeSyntaxType(w *Window, el *dom.Node, typ, v string) (string, bool) {
	switch typ {
	case "<resolution>":
		// https://drafts.csswg.org/css-values/#resolution
		num := strings.TrimRight(ascii.Lower(v), "abcdefghijklmnopqrstuvwxyz")
		unit := ascii.Lower(v[len(num):])
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || f < 0 {
			return "", false
		}
		switch unit {
		case "dppx", "x":
		case "dpi":
			f /= 96
		case "dpcm":
			f = f * 2.54 / 96
		default:
			return "", false
		}
		return strconv.FormatFloat(f, 'f', -1, 64) + "dppx", true
	case "<color>":
		if ascii.EqualFold(v, "currentcolor") {
			return v, true
		}
		if cssvalue.IsFloatColor(v) {
			if _, ok := cssvalue.SpecifiedColor(v); !ok {
				return "", false
			}
			return computedColor(v), true
		}
		c, ok := cssvalue.ParseColor(v)
		return c.String(), ok
	case "<length>", "<length-percentage>", "<number>", "<percentage>", "<integer>", "<time>", "<angle>":
		if typ == "<integer>" && !integerToken(v) {
			return "", false
		}
		var ctx *cssvalue.Context
		if el != nil && fontRelative(v, false) {
			c := w.unitContext(el)
			ctx = &c
		} else if el != nil {
			// nothing here needs el's own font, whose size may be what is
			// being computed (font-size: calc(var(--n) * 1px))
			vw, vh := w.viewportSize(el.Document())
			ctx = &cssvalue.Context{FontSize: math.NaN(), RootFontSize: math.NaN(), ViewportWidth: vw, ViewportHeight: vh,
				Container: (*containerUnits)(el)}
			if fontRelative(v, true) {
				ctx.RootFontSize = w.rootFontSize(el)
			}
		} else if w != nil && w.doc != nil {
			vw, vh := w.viewportSize(w.doc)
			ctx = &cssvalue.Context{FontSize: math.NaN(), RootFontSize: math.NaN(), ViewportWidth: vw, ViewportHeight: vh}
		}
		x, ok := cssvalue.Eval(v, ctx)
		if !ok || math.IsNaN(x.Px) || math.IsNaN(x.Pct) {
			return "", false
		}
		switch typ {
		case "<length>", "<length-percentage>":
			if x.Is(cssvalue.Num) && x.Num == 0 {
				x = cssvalue.Value{Kinds: cssvalue.Px}
			}
			if typ == "<length>" {
				ok = x.Is(cssvalue.Px)
			} else {
				ok = x.Kinds&^(cssvalue.Px|cssvalue.Pct) == 0
			}
		case "<number>":
			ok = x.Is(cssvalue.Num)
		case "<integer>":
			ok = x.Is(cssvalue.Num)
			x.Num = math.Floor(x.Num + 0.5) // calc(3.1415) is 3
		case "<percentage>":
			ok = x.Is(cssvalue.Pct)
		case "<time>":
			ok = x.Is(cssvalue.Sec)
		case "<angle>":
			ok = x.Is(cssvalue.Deg)
		}
		return x.String(), ok
	case "<custom-ident>":
		return v, isCustomIdent(v)
	case "<string>":
		return v, v != "" && (v[0] == '"' || v[0] == '\'')
	case "<url>":
		return v, functionName(v) == "url"
	case "<transform-function>", "<transform-list>":
		if ascii.EqualFold(v, "none") || typ == "<transform-function>" && (functionName(v) == "" || len(splitComponents(v)) != 1) {
			return "", false
		}
		_, ok := normalizeValue("transform", v)
		return v, ok
	case "<image>":
		if functionName(v) == "" || cssscan.Index(v, ',') >= 0 {
			return "", false
		}
		_, ok := normalizeValue("background-image", v)
		return v, ok
	}
	return v, true
}

// registration is the registration of custom property name: that of
// CSS.registerProperty, else of the document's @property rules, else nil.
// https://drafts.css-houdini.org/css-properties-values-api/#determining-registration
// anyRegistered tells whether a custom property is registered
// (CSS.registerProperty or an @property rule): only then can font-size
// and a custom property be in a dependency cycle (fontSizeReaches).
func (w *Window) anyRegistered() bool {
	return len(w.registered) > 0 || len(w.sheets.properties) > 0
}

func (w *Window) registration(name string) *registeredProperty {
	if r := w.registered[name]; r != nil {
		return r
	}
	if w.sheets.properties == nil {
		return nil
	}
	return w.sheets.properties[name]
}

// sheetProperty is a valid @property rule of a sheet.
type sheetProperty struct {
	name  string
	layer string // the cascade layer, as its sheet names it
	reg   *registeredProperty
}

// parsePropertyRule reads `@property name { syntax: "…"; inherits: …;
// initial-value: … }`: the registration it makes, or nil when the rule is
// invalid (a name that is no custom property name, a syntax that is no
// string or not one this file knows, inherits missing or neither true
// nor false, an initial value missing where the syntax is not "*", or one
// that does not parse or is not computationally independent).
// https://drafts.css-houdini.org/css-properties-values-api/#at-property-rule
func parsePropertyRule(name, body string) *registeredProperty {
	if !strings.HasPrefix(name, "--") || len(name) == 2 || strings.ContainsAny(name, " \t\n\r\f") {
		return nil
	}
	var syntax, inherits, initial string
	hasSyntax, hasInherits, hasInitial := false, false, false
	for _, d := range cssscan.Split(body, ';') {
		k, v, ok := strings.Cut(d, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch ascii.Lower(strings.TrimSpace(k)) {
		case "syntax":
			syntax, hasSyntax = v, true
		case "inherits":
			inherits, hasInherits = v, true
		case "initial-value":
			initial, hasInitial = v, true
		}
	}
	if !hasSyntax || len(syntax) < 2 || syntax[0] != '"' && syntax[0] != '\'' || syntax[len(syntax)-1] != syntax[0] {
		return nil
	}
	r := &registeredProperty{syntax: strings.TrimSpace(syntax[1 : len(syntax)-1]), initial: initial}
	switch {
	case !hasInherits:
		return nil
	case inherits == "true":
		r.inherits = true
	case inherits != "false":
		return nil
	}
	if !r.parseSyntax() {
		return nil
	}
	if r.syntax == "*" && hasInitial && !validUniversalValue(r.initial) {
		return nil
	}
	if r.syntax != "*" && (!hasInitial || !r.computationallyIndependent(nil)) {
		return nil
	}
	return r
}

// parseSyntax parses the property's syntax string into comps, once,
// where it is made: "*" or what parseSyntax (cssregistersyntax.go) takes.
func (r *registeredProperty) parseSyntax() bool {
	if r.syntax == "*" {
		return true
	}
	comps, ok := parseSyntax(r.syntax)
	r.comps = comps
	return ok
}

// computationallyIndependent reports whether an initial value can be
// computed without an element (no em, rem, viewport units...).
func (r *registeredProperty) computationallyIndependent(w *Window) bool {
	_, ok := r.compute(w, nil, r.initial)
	return ok
}

// registerProperty implements CSS.registerProperty(definition): the
// PropertyDefinition's members are read in lexicographic order (inherits
// and name required), then checked in Chromium's order: the name, an
// earlier registration, the syntax, the initial value.
// https://drafts.css-houdini.org/css-properties-values-api/#the-registerproperty-function
func (w *Window) registerProperty(args []goja.Value) {
	w.realm.Operation("CSS", "registerProperty", func() { w.registerPropertyDef(args) })
}

func (w *Window) registerPropertyDef(args []goja.Value) {
	if len(args) == 0 {
		panic(bind.TypeError("1 argument required, but only 0 present."))
	}
	d := bind.NewDictionary(args[0], "PropertyDefinition")
	r := &registeredProperty{syntax: "*"}
	d.Required("inherits", func(v goja.Value) { r.inherits = v.ToBoolean() })
	initial, hasInitial := d.DOMString("initialValue")
	var name string
	d.Required("name", func(v goja.Value) { name = bind.DOMString(v) })
	if s, ok := d.DOMString("syntax"); ok {
		r.syntax = strings.TrimSpace(s)
	}
	r.initial = strings.TrimSpace(initial)
	if !strings.HasPrefix(name, "--") || len(name) == 2 {
		w.realm.ThrowDOMException("SyntaxError", "Custom property names must start with '--'.")
	}
	if w.registered[name] != nil {
		w.realm.ThrowDOMException("InvalidModificationError", "The name provided has already been registered.")
	}
	if !r.parseSyntax() {
		w.realm.ThrowDOMException("SyntaxError", "The syntax provided is not a valid custom property syntax.")
	}
	if r.syntax == "*" && hasInitial && !validUniversalValue(initial) {
		w.realm.ThrowDOMException("SyntaxError", "The initial value provided does not parse for the given syntax.")
	}
	if r.syntax != "*" {
		if !hasInitial {
			w.realm.ThrowDOMException("SyntaxError", "An initial value must be provided if the syntax is not '*'")
		}
		if !r.computationallyIndependent(w) {
			// A value that computes against an element (1em) parses.
			if w.doc != nil && w.doc.DocumentElement() != nil {
				if _, ok := r.compute(w, w.doc.DocumentElement(), r.initial); !ok {
					w.realm.ThrowDOMException("SyntaxError", "The initial value provided does not parse for the given syntax.")
				}
			}
			w.realm.ThrowDOMException("SyntaxError", "The initial value provided is not computationally independent.")
		}
	}
	if w.registered == nil {
		w.registered = map[string]*registeredProperty{}
	}
	w.registered[name] = r
	w.sheets.cssomEdits++ // computed values change
	w.sheets.stateEdits++
	// and the boxes measured with them, which a build of the rules drops
	// (refreshFlow), as a change of the @property rules (stylesheet.go)
	w.sheets.builds++
}

// fontRelative tells whether v has a dimension in a unit relative to the
// element's font (em, ex, cap, ch, ic, lh), or, when root, to the root's
// (rem, rex, rcap, rch, ric, rlh): the units that make a registered
// length depend on font-size.
// https://drafts.css-houdini.org/css-properties-values-api/#dependency-cycles
func fontRelative(v string, root bool) bool {
	return relativeUnit(v, root, false)
}

// lineHeightRelative tells whether v has a dimension in lh, or, when
// root, in rlh: the units that make a registered length depend on
// line-height.
func lineHeightRelative(v string, root bool) bool {
	return relativeUnit(v, root, true)
}

// relativeUnit is fontRelative, or lineHeightRelative when lh.
func relativeUnit(v string, root, lh bool) bool {
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case c == '\\':
			i += 2 // an escaped character is part of a name
			continue
		case c == '#' || nameStart(v, i):
			// A name (an identifier, a function's, a custom property's
			// such as --h1em) or a hash: digits in it are no number.
			i++
			for i < len(v) && (nameByte(v[i]) || v[i] == '\\') {
				if v[i] == '\\' {
					i++
				}
				i++
			}
			continue
		case c < '0' || c > '9':
			i++
			continue
		}
		j := i + 1
		for j < len(v) && (v[j] >= '0' && v[j] <= '9' || v[j] == '.') {
			j++
		}
		if j+1 < len(v) && v[j]|0x20 == 'e' && (v[j+1] >= '0' && v[j+1] <= '9' ||
			(v[j+1] == '+' || v[j+1] == '-') && j+2 < len(v) && v[j+2] >= '0' && v[j+2] <= '9') {
			j += 2 // an exponent: 1e3em is 1000em
			for j < len(v) && v[j] >= '0' && v[j] <= '9' {
				j++
			}
		}
		k := j
		for k < len(v) && nameByte(v[k]) {
			k++
		}
		unit := v[j:k]
		if len(unit) == 3 && unit[0]|0x20 == 'r' {
			if !root {
				unit = ""
			} else {
				unit = unit[1:]
			}
		}
		switch len(unit) {
		case 2:
			switch ascii.Lower(unit) {
			case "em", "ex", "ch", "ic":
				if !lh {
					return true
				}
			case "lh":
				return true
			}
		case 3:
			if lh {
				break
			}
			if ascii.EqualFold(unit, "cap") {
				return true
			}
		}
		i = k
	}
	return false
}

// nameStart tells whether a name starts at v[i]: a letter, '_' or a
// non-ASCII byte, or '-' followed by one of those or by another '-' (a
// '-' before a digit is a number's sign).
func nameStart(v string, i int) bool {
	if nameStartByte(v[i]) {
		return true
	}
	return v[i] == '-' && i+1 < len(v) && (nameStartByte(v[i+1]) || v[i+1] == '-')
}

// fontSizeReaches tells whether el's own font-size declaration refers,
// through var() and the custom properties declared on el itself, to the
// custom property target, or, when target is "", to a registered length
// declared on el in a font-relative unit: a dependency cycle, which makes
// font-size and the property invalid at computed-value time (Chromium:
// `--len: 2em; font-size: var(--len)` inherits the font size and --len
// takes its initial value). Inherited custom properties are the parent's
// computed values: no edge.
func (w *Window) fontSizeReaches(el *dom.Node, target string) bool {
	v, ok := w.cascadedRaw(el, "font-size")
	if !ok || indexVar(v) < 0 {
		return false
	}
	return w.varReaches(el, v, target, el == w.doc.DocumentElement(), false, 0)
}

// lineHeightCycle tells whether v, el's own line-height declaration,
// refers through var() and the custom properties declared on el itself to
// a registered length declared on el in lh (rlh on the root): a
// dependency cycle, which makes line-height invalid at computed-value
// time (Chromium: `--lh: 2lh; line-height: var(--lh)` inherits the line
// height and --lh takes its initial value).
// https://drafts.css-houdini.org/css-properties-values-api/#dependency-cycles
func (w *Window) lineHeightCycle(el *dom.Node, v string) bool {
	return w.varReaches(el, v, "", el == w.doc.DocumentElement(), true, 0)
}

// varReaches tells whether v refers, through var() and the custom
// properties declared on el, to target, or, when target is "", to a
// registered length declared on el in a font-relative unit (in lh or rlh
// alone when lh).
func (w *Window) varReaches(el *dom.Node, v, target string, root, lh bool, depth int) bool {
	if depth > maxVarDepth {
		return false
	}
	for {
		i := indexVar(v)
		if i < 0 {
			return false
		}
		v = strings.TrimLeft(v[i+len("var("):], " \t\n\r\f")
		end := 0
		for end < len(v) && isNameByte(v[end]) {
			end++
		}
		name := v[:end]
		v = v[end:]
		if !strings.HasPrefix(name, "--") {
			continue
		}
		if name == target {
			return true
		}
		cv, from, ok := w.customValueFrom(el, name)
		if !ok || from != el {
			continue
		}
		if target == "" {
			if reg := w.registration(name); reg != nil && strings.Contains(reg.syntax, "<length") && (!lh && fontRelative(cv, root) || lh && lineHeightRelative(cv, root)) {
				return true
			}
		}
		if indexVar(cv) >= 0 && w.varReaches(el, cv, target, root, lh, depth+1) {
			return true
		}
	}
}
