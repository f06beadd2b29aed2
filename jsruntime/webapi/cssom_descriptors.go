package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// At-rules of descriptors in the CSSOM: @counter-style (CSSCounterStyleRule,
// type 11), @font-palette-values (CSSFontPaletteValuesRule) and
// @view-transition (CSSViewTransitionRule). Each reads its descriptors from
// its block, the last valid declaration of each winning (an invalid one, or
// one the rule does not have, is dropped), and writes them in its cssText
// in the order Chromium 156 does. A counter style's setters take only a
// value that parses and keeps the rule valid for its system.
// https://drafts.csswg.org/css-counter-styles-3/#the-csscounterstylerule-interface
// https://drafts.csswg.org/css-fonts-4/#om-fontpalettevalues
// https://drafts.csswg.org/css-view-transitions-2/#the-cssviewtransitionrule

// A descToken is one component of a descriptor's value.
type descToken struct {
	kind byte // 's' string, 'i' identifier, 'n' integer, ',' comma
	text string
	num  int
}

// descTokens splits a descriptor's value into strings, identifiers,
// integers and commas; ok is false for anything else (functions, other
// numbers, an unclosed string).
func descTokens(v string) (toks []descToken, ok bool) {
	v = stripCSSComments(v)
	for i := 0; i < len(v); {
		c := v[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == ',':
			toks = append(toks, descToken{kind: ','})
			i++
		case c == '"' || c == '\'':
			var b strings.Builder
			j := i + 1
			for ; j < len(v) && v[j] != c; j++ {
				if v[j] == '\\' && j+1 < len(v) {
					j++
				}
				b.WriteByte(v[j])
			}
			if j >= len(v) {
				return nil, false
			}
			toks = append(toks, descToken{kind: 's', text: b.String()})
			i = j + 1
		case c >= '0' && c <= '9' || (c == '+' || c == '-') && i+1 < len(v) && v[i+1] >= '0' && v[i+1] <= '9':
			j := i + 1
			for j < len(v) && v[j] >= '0' && v[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(strings.TrimPrefix(v[i:j], "+"))
			if err != nil || j < len(v) && !strings.ContainsRune(" \t\n\r\f,", rune(v[j])) {
				return nil, false
			}
			toks = append(toks, descToken{kind: 'n', num: n})
			i = j
		default:
			w, _ := cutIdent(v[i:])
			if w == "" || w[0] >= '0' && w[0] <= '9' || w == "-" || strings.HasPrefix(w, "-") && len(w) > 1 && w[1] >= '0' && w[1] <= '9' {
				return nil, false
			}
			i += len(w)
			if i < len(v) && !strings.ContainsRune(" \t\n\r\f,", rune(v[i])) {
				return nil, false
			}
			toks = append(toks, descToken{kind: 'i', text: w})
		}
	}
	return toks, true
}

func (t descToken) String() string {
	switch t.kind {
	case 's':
		return strconv.Quote(t.text) // Chromium escapes " and \ alike
	case 'n':
		return strconv.Itoa(t.num)
	case ',':
		return ","
	}
	return t.text
}

// isSymbol reports whether t is a counter style's <symbol>: a string or a
// <custom-ident>, an identifier other than the CSS-wide keywords and
// default (Chromium takes no images).
func (t descToken) isSymbol() bool {
	if t.kind == 'i' {
		switch ascii.Lower(t.text) {
		case "initial", "inherit", "unset", "revert", "revert-layer", "default":
			return false
		}
		return true
	}
	return t.kind == 's'
}

// counterStyleName reports whether t is a <counter-style-name>: an
// identifier other than none and the CSS-wide keywords.
func counterStyleName(t descToken) bool {
	if t.kind != 'i' {
		return false
	}
	switch ascii.Lower(t.text) {
	case "none", "initial", "inherit", "unset", "revert", "revert-layer", "default":
		return false
	}
	return true
}

// counterStyleRuleName reports whether an @counter-style rule may be named
// s: a counter style name other than those CSS defines for good.
func counterStyleRuleName(s string) bool {
	toks, ok := descTokens(s)
	if !ok || len(toks) != 1 || !counterStyleName(toks[0]) {
		return false
	}
	switch ascii.Lower(s) {
	case "decimal", "disc", "square", "circle", "disclosure-open", "disclosure-closed":
		return false
	}
	return true
}

// joinTokens writes tokens with a space between them and ", " for commas.
func joinTokens(toks []descToken) string {
	var b strings.Builder
	for i, t := range toks {
		if t.kind == ',' {
			b.WriteString(",")
			continue
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// splitCommas splits tokens at their commas; ok is false for an empty item.
func splitCommas(toks []descToken) (items [][]descToken, ok bool) {
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i == len(toks) || toks[i].kind == ',' {
			if i == start {
				return nil, false
			}
			items = append(items, toks[start:i])
			start = i + 1
		}
	}
	return items, true
}

// intAndSymbol reads `<integer [0,∞]> && <symbol>` as "n symbol".
func intAndSymbol(toks []descToken) (n int, sym descToken, ok bool) {
	if len(toks) != 2 {
		return 0, sym, false
	}
	a, b := toks[0], toks[1]
	if b.kind == 'n' {
		a, b = b, a
	}
	if a.kind != 'n' || a.num < 0 || !b.isSymbol() {
		return 0, sym, false
	}
	return a.num, b, true
}

// counterDescriptors are the descriptors of @counter-style in Chromium's
// order, with their IDL attribute names.
var counterDescriptors = []struct{ name, attr string }{
	{"system", "system"}, {"symbols", "symbols"}, {"additive-symbols", "additiveSymbols"},
	{"negative", "negative"}, {"prefix", "prefix"}, {"suffix", "suffix"}, {"pad", "pad"},
	{"range", "range"}, {"fallback", "fallback"}, {"speak-as", "speakAs"},
}

// counterValue parses a value of a @counter-style descriptor and
// serializes it; ok is false when it is invalid.
// https://drafts.csswg.org/css-counter-styles-3/#counter-style-system
func counterValue(name, v string) (string, bool) {
	toks, ok := descTokens(v)
	if !ok || len(toks) == 0 {
		return "", false
	}
	switch name {
	case "system":
		kw := ascii.Lower(toks[0].text)
		if toks[0].kind != 'i' {
			return "", false
		}
		switch kw {
		case "cyclic", "numeric", "alphabetic", "symbolic", "additive":
			return kw, len(toks) == 1
		case "fixed":
			if len(toks) == 1 {
				return "fixed 1", true
			}
			return "fixed " + strconv.Itoa(toks[1].num), len(toks) == 2 && toks[1].kind == 'n'
		case "extends":
			return "extends " + toks[len(toks)-1].text, len(toks) == 2 && counterStyleName(toks[1])
		}
		return "", false
	case "symbols":
		for _, t := range toks {
			if !t.isSymbol() {
				return "", false
			}
		}
		return joinTokens(toks), true
	case "additive-symbols":
		items, ok := splitCommas(toks)
		if !ok {
			return "", false
		}
		parts := make([]string, len(items))
		last := -1
		for i, it := range items {
			n, sym, ok := intAndSymbol(it)
			if !ok || i > 0 && n >= last {
				return "", false // weights strictly descending
			}
			last = n
			parts[i] = strconv.Itoa(n) + " " + sym.String()
		}
		return strings.Join(parts, ", "), true
	case "negative":
		if len(toks) > 2 || !toks[0].isSymbol() || len(toks) == 2 && !toks[1].isSymbol() {
			return "", false
		}
		return joinTokens(toks), true
	case "prefix", "suffix":
		return toks[0].String(), len(toks) == 1 && toks[0].isSymbol()
	case "pad":
		n, sym, ok := intAndSymbol(toks)
		if !ok {
			return "", false
		}
		return strconv.Itoa(n) + " " + sym.String(), true
	case "range":
		if len(toks) == 1 && toks[0].kind == 'i' && ascii.EqualFold(toks[0].text, "auto") {
			return "auto", true
		}
		items, ok := splitCommas(toks)
		if !ok {
			return "", false
		}
		parts := make([]string, len(items))
		for i, it := range items {
			if len(it) != 2 {
				return "", false
			}
			bound := func(t descToken) bool { return t.kind == 'n' || t.kind == 'i' && ascii.EqualFold(t.text, "infinite") }
			if !bound(it[0]) || !bound(it[1]) || it[0].kind == 'n' && it[1].kind == 'n' && it[0].num > it[1].num {
				return "", false
			}
			parts[i] = ascii.Lower(joinTokens(it))
		}
		return strings.Join(parts, ", "), true
	case "fallback":
		return toks[0].text, len(toks) == 1 && counterStyleName(toks[0])
	case "speak-as":
		if len(toks) != 1 || !counterStyleName(toks[0]) {
			return "", false
		}
		switch kw := ascii.Lower(toks[0].text); kw {
		case "auto", "bullets", "numbers", "words", "spell-out":
			return kw, true
		}
		return toks[0].text, true
	}
	return "", false
}

// descriptorRule is what a rule of descriptors holds: its prelude and the
// value of each descriptor it has.
type descriptorRule struct {
	prelude string
	values  map[string]string
}

// readDescriptors reads the descriptors of a rule's block with valid,
// which serializes a value or refuses it.
func readDescriptors(rule *cssRuleImpl, valid func(name, v string) (string, bool)) descriptorRule {
	p, body := ruleParts(rule.text)
	d := descriptorRule{prelude: strings.TrimSpace(stripCSSComments(p)), values: map[string]string{}}
	for _, decl := range cssscan.Split(stripCSSComments(body), ';') {
		k, v, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		k = ascii.Lower(strings.TrimSpace(k))
		if s, ok := valid(k, strings.TrimSpace(v)); ok {
			d.values[k] = s
		}
	}
	return d
}

// text writes a rule of descriptors in order.
func (d descriptorRule) text(keyword string, order []string) string {
	var b strings.Builder
	b.WriteString(keyword)
	if d.prelude != "" {
		b.WriteString(" " + d.prelude)
	}
	b.WriteString(" {")
	for _, n := range order {
		if v, ok := d.values[n]; ok {
			b.WriteString(" " + n + ": " + v + ";")
		}
	}
	b.WriteString(" }")
	return b.String()
}

func counterOrder() []string {
	names := make([]string, len(counterDescriptors))
	for i, d := range counterDescriptors {
		names[i] = d.name
	}
	return names
}

func counterRule(rule *cssRuleImpl) descriptorRule { return readDescriptors(rule, counterValue) }

// validCounterStyleRule reports whether an @counter-style rule's text has
// a block and a name a counter style may have.
func validCounterStyleRule(text string) bool {
	p, _ := ruleParts(text)
	return strings.HasSuffix(text, "}") && counterStyleRuleName(strings.TrimSpace(stripCSSComments(p)))
}

// counterSymbolsValid reports whether a counter style's symbols suit its
// system, as Chromium checks them before a setter changes one.
func counterSymbolsValid(d descriptorRule) bool {
	sys, _, _ := strings.Cut(d.values["system"], " ")
	if sys == "" {
		sys = "symbolic"
	}
	syms, _ := descTokens(d.values["symbols"])
	add := d.values["additive-symbols"]
	switch sys {
	case "cyclic", "fixed", "symbolic":
		return len(syms) >= 1
	case "alphabetic", "numeric":
		return len(syms) >= 2
	case "additive":
		return add != ""
	}
	return len(syms) == 0 && add == "" // extends
}

// setCounterDescriptor is a CSSCounterStyleRule setter: a value that does
// not parse, changes the system's algorithm or leaves the symbols unfit
// for the system is ignored.
func setCounterDescriptor(rule *cssRuleImpl, name, v string) {
	d := counterRule(rule)
	s, ok := counterValue(name, v)
	if !ok {
		return
	}
	if name == "system" {
		old, _, _ := strings.Cut(d.values["system"], " ")
		if old == "" {
			old = "symbolic"
		}
		if kw, _, _ := strings.Cut(s, " "); kw != old {
			return
		}
	}
	d.values[name] = s
	if (name == "system" || name == "symbols" || name == "additive-symbols") && !counterSymbolsValid(d) {
		return
	}
	rule.text = d.text("@counter-style", counterOrder())
	if rule.sheet != nil {
		rule.sheet.changed()
	}
}

// paletteValue parses a value of an @font-palette-values descriptor.
func paletteValue(name, v string) (string, bool) {
	v = strings.Join(strings.Fields(v), " ")
	switch name {
	case "font-family", "base-palette", "override-colors":
		return strings.ReplaceAll(v, " ,", ","), v != ""
	}
	return "", false
}

var paletteOrder = []string{"font-family", "base-palette", "override-colors"}

// validPaletteRule reports whether an @font-palette-values rule is named
// with a dashed identifier and has a block.
func validDashedRule(text string) bool {
	p, _ := ruleParts(text)
	p = strings.TrimSpace(stripCSSComments(p))
	w, rest := cutIdent(p)
	return strings.HasSuffix(text, "}") && rest == "" && w == p && strings.HasPrefix(w, "--") && len(w) > 2
}

// viewTransitionValue parses a value of an @view-transition descriptor.
func viewTransitionValue(name, v string) (string, bool) {
	toks, ok := descTokens(v)
	if !ok || len(toks) == 0 {
		return "", false
	}
	switch name {
	case "navigation":
		kw := ascii.Lower(toks[0].text)
		return kw, len(toks) == 1 && toks[0].kind == 'i' && (kw == "auto" || kw == "none")
	case "types":
		if len(toks) == 1 && ascii.EqualFold(toks[0].text, "none") {
			return "none", toks[0].kind == 'i'
		}
		for _, t := range toks {
			if !counterStyleName(t) || strings.HasPrefix(ascii.Lower(t.text), "-ua-") {
				return "", false
			}
		}
		return joinTokens(toks), true
	}
	return "", false
}

func descriptorInterfaces() []*bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	var counterAttrs []bind.Attribute
	counterAttrs = append(counterAttrs, bind.Attribute{Name: "name", Get: func(r *bind.Realm, this any) goja.Value {
		return r.String(counterRule(ruleOf(this)).prelude)
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		rule := ruleOf(this)
		name := strings.TrimSpace(bind.DOMString(v))
		if !counterStyleRuleName(name) {
			return
		}
		d := counterRule(rule)
		d.prelude = name
		rule.text = d.text("@counter-style", counterOrder())
		if rule.sheet != nil {
			rule.sheet.changed()
		}
	}})
	// the attributes in the IDL's order
	for _, name := range []string{"system", "symbols", "additive-symbols", "negative", "prefix", "suffix", "range", "pad", "speak-as", "fallback"} {
		var desc struct{ name, attr string }
		for _, d := range counterDescriptors {
			if d.name == name {
				desc = d
			}
		}
		counterAttrs = append(counterAttrs, bind.Attribute{Name: desc.attr, Get: func(r *bind.Realm, this any) goja.Value {
			return r.String(counterRule(ruleOf(this)).values[name])
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			setCounterDescriptor(ruleOf(this), name, bind.DOMString(v))
		}})
	}
	palette := func(rule *cssRuleImpl) descriptorRule { return readDescriptors(rule, paletteValue) }
	paletteAttr := func(attr, name string) bind.Attribute {
		return bind.Attribute{Name: attr, Get: func(r *bind.Realm, this any) goja.Value {
			return r.String(palette(ruleOf(this)).values[name])
		}}
	}
	viewTransition := func(rule *cssRuleImpl) descriptorRule { return readDescriptors(rule, viewTransitionValue) }
	return []*bind.Interface{
		{Name: "CSSCounterStyleRule", Parent: "CSSRule", Attributes: counterAttrs},
		{Name: "CSSFontPaletteValuesRule", Parent: "CSSRule", Attributes: []bind.Attribute{
			{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(palette(ruleOf(this)).prelude) }},
			paletteAttr("fontFamily", "font-family"), paletteAttr("basePalette", "base-palette"),
			paletteAttr("overrideColors", "override-colors"),
		}},
		{Name: "CSSViewTransitionRule", Parent: "CSSRule", Attributes: []bind.Attribute{
			{Name: "navigation", Get: func(r *bind.Realm, this any) goja.Value {
				return r.String(viewTransition(ruleOf(this)).values["navigation"])
			}},
			{Name: "types", Get: func(r *bind.Realm, this any) goja.Value {
				var list []any
				if t := viewTransition(ruleOf(this)).values["types"]; t != "" && t != "none" {
					for _, s := range strings.Fields(t) {
						list = append(list, s)
					}
				}
				return r.Runtime.NewArray(list...)
			}},
		}},
	}
}

// descriptorCSSText is the cssText of a rule of descriptors.
func descriptorCSSText(rule *cssRuleImpl) string {
	switch rule.kind {
	case cssCounterStyleRule:
		return counterRule(rule).text("@counter-style", counterOrder())
	case cssFontPaletteValuesRule:
		return readDescriptors(rule, paletteValue).text("@font-palette-values", paletteOrder)
	}
	return readDescriptors(rule, viewTransitionValue).text("@view-transition", []string{"navigation", "types"})
}

// positionTryProperty reports whether an @position-try rule takes property
// p: the inset, margin, sizing and self-alignment properties and
// position-anchor and position-area. Chromium drops the others.
// https://drafts.csswg.org/css-anchor-position-1/#om-position-try
func positionTryProperty(p string) bool {
	p = ascii.Lower(p)
	for _, pre := range []string{"inset", "margin", "min-", "max-"} {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	switch p {
	case "top", "right", "bottom", "left", "width", "height", "block-size", "inline-size",
		"align-self", "justify-self", "place-self", "position-anchor", "position-area":
		return true
	}
	return false
}

// positionTryDecls is the block of an @position-try rule without the
// declarations it does not take.
func positionTryDecls(rule *cssRuleImpl) string {
	_, block := splitStyleRule(rule.text)
	var kept []string
	for _, d := range cssscan.Split(stripCSSComments(block), ';') {
		if k, _, ok := strings.Cut(d, ":"); ok && positionTryProperty(strings.TrimSpace(k)) {
			kept = append(kept, strings.TrimSpace(d))
		}
	}
	return strings.Join(kept, "; ")
}

// positionTryInterface is CSSPositionTryRule: its name, and its style, a
// declaration block of the properties it takes.
func positionTryInterface() *bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	return &bind.Interface{Name: "CSSPositionTryRule", Parent: "CSSRule", Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value {
			p, _ := ruleParts(ruleOf(this).text)
			return r.String(strings.TrimSpace(stripCSSComments(p)))
		}},
		{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
			PutForwards: "cssText"},
	}}
}

// positionTryCSSText is an @position-try rule's cssText.
func positionTryCSSText(rule *cssRuleImpl) string {
	p, _ := ruleParts(rule.text)
	head := "@position-try " + strings.TrimSpace(stripCSSComments(p)) + " {"
	if CSSDeclarations == nil {
		return head + " " + positionTryDecls(rule) + " }"
	}
	if b := CSSDeclarations.Normalize(positionTryDecls(rule), rule.sheet.quirksMode()); b != "" {
		return head + " " + b + " }"
	}
	return head + " }"
}
