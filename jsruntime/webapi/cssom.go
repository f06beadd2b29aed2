package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Constructable style sheets, as far as libraries use them without layout:
// `new CSSStyleSheet()`, replace/replaceSync, insertRule/deleteRule and the
// cssRules list, whose rules keep their source text (trimmed, not
// re-serialized the way a browser normalizes it). Libraries such as Lit
// test `x instanceof CSSStyleSheet` on every style they are given, so the
// interface must exist even where its rules are never applied: a snapshot
// needs no styles computed from them.
// https://drafts.csswg.org/cssom/#the-cssstylesheet-interface

// styleSheet is a CSSStyleSheet made by script.
type styleSheet struct {
	rules    []*cssRuleImpl
	disabled bool
	list     *cssRuleList // the live CSSRuleList, made on first use
	owner    goja.Value   // ownerNode: the <style> element of an element's sheet
	onChange func()       // called after rules are inserted, deleted or replaced
	media    *mediaList   // made on first use
	parent   *cssRuleImpl // the grouping rule whose child rules these are
	href     string       // the URL of a link's or an imported sheet, else ""
	// importer gives the sheets of @import rules (cssom_import.go);
	// ownerRule is the @import rule of an imported sheet.
	importer  ImportLoader
	ownerRule *cssRuleImpl
	// constructed is the constructed flag: made by new CSSStyleSheet(),
	// the only sheets replace and replaceSync may change and documents and
	// shadow roots can adopt.
	constructed bool
	// alternate is the alternate flag a constructed sheet's init set: an
	// alternate sheet without a title is in no style sheet set, so it
	// never applies (as in Chromium, which still reads the member).
	alternate bool
	// title is the title of an element's sheet (its owner's title
	// attribute when the sheet was made), "" for none.
	title string
	// quirks is set for a sheet of a quirks-mode document, whose
	// declarations take the quirks of CSS values (quirksMode reads it for
	// the child rules of grouping rules).
	quirks bool
}

// quirksMode tells whether the declarations of s's rules take the quirks
// of a quirks-mode document: Chromium parses every sheet of such a
// document with them (style and link elements, imported, inserted and
// constructed sheets).
// https://quirks.spec.whatwg.org/#css
func (s *styleSheet) quirksMode() bool {
	return s != nil && s.root().quirks
}

// quirks tells whether rule's declarations take the quirks: those of its
// sheet's style rules do, an @font-face rule's descriptors not.
func (rule *cssRuleImpl) quirks() bool {
	return rule.kind != cssFontFaceRule && rule.sheet.quirksMode()
}

func (s *styleSheet) changed() {
	if s.parent != nil && s.parent.kind == cssKeyframesRule {
		s.parent.syncKeyframes() // cssom_keyframes.go
	} else if s.parent != nil {
		s.parent.syncGroupText() // cssom_nesting.go
	}
	if s.parent != nil && s.parent.sheet != nil {
		s.parent.sheet.changed()
	}
	if s.onChange != nil {
		s.onChange()
	}
}

// A DeclKind says what a declaration block holds: properties (a style
// rule's, an element's style) or the descriptors of an at-rule.
type DeclKind uint8

const (
	PropertyDecls DeclKind = iota
	FontFaceDecls          // @font-face's
)

// CSSDeclarations, when set, normalizes a declaration block's text as the
// page's CSSStyleDeclaration serializes it ("color:red" -> "color: red;"),
// and makes the style object of a style rule from its block's accessors;
// quirks is set for the rules of a quirks-mode document's sheets. The
// runtime that owns CSSStyleDeclaration sets it.
var CSSDeclarations interface {
	Normalize(block string, quirks bool) string
	// NormalizeFontFace normalizes the block of an @font-face rule: its
	// descriptors.
	NormalizeFontFace(block string) string
	// Style makes the CSSStyleDeclaration over a block of declarations,
	// of properties or of kind's descriptors.
	Style(r *bind.Realm, get func() string, set func(string), parent func() goja.Value, quirks bool, kind DeclKind) goja.Value
	// QuirksMode tells whether r's document is in quirks mode (a
	// constructed sheet's rules take the quirks then).
	QuirksMode(r *bind.Realm) bool
	// StyleMap is the StylePropertyMap (CSS Typed OM) over a style
	// object Style made.
	StyleMap(r *bind.Realm, style goja.Value) goja.Value
}

// NewElementStyleSheet returns the CSSStyleSheet of a <style> element with
// the given text, to be wrapped with WrapStyleSheet; quirks is set when
// the element's document is in quirks mode.
// https://drafts.csswg.org/cssom/#create-a-css-style-sheet
func NewElementStyleSheet(text string, owner goja.Value, onChange func(), quirks bool) any {
	s := &styleSheet{owner: owner, onChange: onChange, quirks: quirks}
	s.rules = s.parseRules(text)
	return s
}

// NewLinkStyleSheet returns the CSSStyleSheet a <link rel=stylesheet>
// fetched from href, to be wrapped with WrapStyleSheet.
// https://html.spec.whatwg.org/multipage/links.html#link-type-stylesheet
func NewLinkStyleSheet(text, href string, owner goja.Value, onChange func(), quirks bool) any {
	s := &styleSheet{owner: owner, onChange: onChange, href: href, quirks: quirks}
	s.rules = s.parseRules(text)
	return s
}

// DetachStyleSheet removes a sheet from its owner: its ownerNode reads
// null and edits to it no longer reach the page, as when its <style>
// element leaves the document or its text is replaced.
// https://drafts.csswg.org/cssom/#remove-a-css-style-sheet
func DetachStyleSheet(sheet any) {
	if s, ok := sheet.(*styleSheet); ok {
		s.owner, s.onChange = nil, nil
	}
}

// StyleSheetText returns the rules of a sheet from NewElementStyleSheet as
// CSS text, one rule after the other.
func StyleSheetText(sheet any) string {
	s, ok := sheet.(*styleSheet)
	if !ok {
		return ""
	}
	n := 0
	for _, r := range s.rules {
		n += len(r.text) + 1
	}
	var b strings.Builder
	b.Grow(n) // one allocation: the snapshot writes every edited sheet
	for _, r := range s.rules {
		b.WriteString(r.text)
		b.WriteByte('\n')
	}
	return b.String()
}

// AdoptSheet reports whether sheet is a constructed CSSStyleSheet, which
// documents and shadow roots can adopt, and then has onChange called after
// its rules change (when nothing else watches it: every adopter of a sheet
// is in the sheet's own window, so one callback serves them all).
// https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets
func AdoptSheet(sheet any, onChange func()) bool {
	s, ok := sheet.(*styleSheet)
	if !ok || !s.constructed {
		return false
	}
	if s.onChange == nil {
		s.onChange = onChange
	}
	return true
}

// AdoptedSheetText is StyleSheetText of an adopted sheet, or "" while it
// is disabled.
func AdoptedSheetText(sheet any) string {
	if s, ok := sheet.(*styleSheet); !ok || s.disabled || s.alternate {
		return ""
	}
	return StyleSheetText(sheet)
}

// AdoptedSheetMedia is the media list of an adopted sheet as its
// MediaList reads ("" for all media).
func AdoptedSheetMedia(sheet any) string {
	if s, ok := sheet.(*styleSheet); ok && s.media != nil {
		return s.media.text()
	}
	return ""
}

// SetStyleSheetTitle gives a sheet from NewElementStyleSheet or
// NewLinkStyleSheet its title (StyleSheet.title; "" reads null).
// https://drafts.csswg.org/cssom/#concept-css-style-sheet-title
func SetStyleSheetTitle(sheet any, title string) {
	if s, ok := sheet.(*styleSheet); ok {
		s.title = title
	}
}

// StyleSheetDisabled tells whether a sheet from NewElementStyleSheet or
// NewLinkStyleSheet is disabled (its disabled attribute set by script), so
// that its rules do not apply.
func StyleSheetDisabled(sheet any) bool {
	s, ok := sheet.(*styleSheet)
	return ok && s.disabled
}

// WrapStyleSheet returns the JS object of a sheet from NewElementStyleSheet.
func WrapStyleSheet(r *bind.Realm, sheet any) goja.Value {
	return r.WrapObject(sheet, r.Class("CSSStyleSheet"))
}

// ruleCSSText is a rule's cssText: a style rule as "selector { block }"
// with the block normalized, other rules as written.
func ruleCSSText(rule *cssRuleImpl) string {
	switch rule.kind {
	case cssKeyframesRule:
		return keyframesCSSText(rule) // cssom_keyframes.go
	case cssKeyframeRule:
		return keyframeCSSText(rule)
	case cssImportRule:
		return importCSSText(rule.text) // cssom_import.go
	case cssMediaRule, cssSupportsRule, cssContainerRule:
		return groupingCSSText(rule)
	case cssLayerBlockRule, cssLayerStatementRule:
		return layerCSSText(rule) // cssom_layer.go
	case cssScopeRule, cssStartingStyleRule:
		return scopeCSSText(rule) // cssom_scope.go
	case cssCounterStyleRule, cssFontPaletteValuesRule, cssViewTransitionRule:
		return descriptorCSSText(rule) // cssom_descriptors.go
	case cssPositionTryRule:
		return positionTryCSSText(rule)
	case cssPageRule, cssMarginRule:
		return pageCSSText(rule) // cssom_page.go
	case cssFontFeatureValuesRule:
		return rule.fontFeatureValues().cssText() // cssom_fontfeature.go
	case cssNestedDeclarations:
		if CSSDeclarations != nil {
			return CSSDeclarations.Normalize(rule.text, rule.sheet.quirksMode())
		}
		return rule.text
	}
	if rule.kind != cssStyleRule && rule.kind != cssFontFaceRule || CSSDeclarations == nil {
		return rule.text
	}
	sel, block := splitStyleRule(rule.text)
	if rule.kind == cssFontFaceRule {
		sel = "@font-face" // as Chromium writes it, whatever the case and spaces
	} else {
		sel = styleRuleSelectorText(rule)
		kids := rule.children().rules // cssom_nesting.go
		block = styleRuleDecls(rule)
		if len(kids) > 0 {
			// https://drafts.csswg.org/cssom/#serialize-a-css-rule
			var b strings.Builder
			b.WriteString(sel + " {\n")
			if d := CSSDeclarations.Normalize(block, rule.sheet.quirksMode()); d != "" {
				b.WriteString("  " + d + "\n")
			}
			for _, c := range kids {
				b.WriteString("  " + ruleCSSText(c) + "\n")
			}
			b.WriteString("}")
			return b.String()
		}
	}
	b := ""
	if rule.kind == cssFontFaceRule {
		b = CSSDeclarations.NormalizeFontFace(block)
	} else {
		b = CSSDeclarations.Normalize(block, rule.quirks())
	}
	if b != "" {
		return sel + " { " + b + " }"
	}
	return sel + " { }"
}

// styleRuleSelectorText is a style rule's selectorText: its selector list
// serialized, with `&` made explicit in a nested rule's relative selectors.
func styleRuleSelectorText(rule *cssRuleImpl) string {
	t := rule.text
	if i := strings.IndexByte(t, '{'); i >= 0 {
		t = t[:i]
	}
	if nestedInStyleRule(rule.sheet) {
		t = nestedSelectorText(stripCSSComments(t))
	}
	return serializeSelectors(t, sheetNamespaces(rule.sheet))
}

// groupingCSSText is the cssText of an @media or @supports rule as Chromium
// writes it: the prelude (an @media rule's media list as its MediaList
// reads, so "@media  {" for none), then each child rule's cssText on a line
// of its own, indented by two spaces, and "}" on the last line. It follows
// the child rules as they are now, after insertRule and deleteRule.
// https://drafts.csswg.org/cssom/#serialize-a-css-rule
func groupingCSSText(rule *cssRuleImpl) string {
	var b strings.Builder
	switch rule.kind {
	case cssMediaRule:
		b.WriteString("@media " + ruleMediaText(rule))
	case cssContainerRule:
		b.WriteString("@container " + containerRuleQuery(rule).String())
	default:
		p, _ := ruleParts(rule.text)
		b.WriteString("@supports " + p)
	}
	b.WriteString(" {\n")
	for _, c := range rule.children().rules {
		b.WriteString("  " + ruleCSSText(c) + "\n")
	}
	b.WriteString("}")
	return b.String()
}

// ruleMediaText is the media list of an @media rule as its MediaList reads.
func ruleMediaText(rule *cssRuleImpl) string {
	if rule.media != nil {
		return rule.media.text()
	}
	p, _ := ruleParts(rule.text)
	return strings.Join(parseMediaList(p), ", ")
}

// splitStyleRule splits "selector { block }" into its trimmed parts.
func splitStyleRule(text string) (string, string) {
	sel, block, _ := strings.Cut(text, "{")
	block = strings.TrimSpace(block)
	block = strings.TrimSuffix(block, "}")
	return strings.TrimSpace(sel), block
}

// cssRuleList is the live list of a sheet's rules.
// https://drafts.csswg.org/cssom/#the-cssrulelist-interface
type cssRuleList struct{ sheet *styleSheet }

// cssRuleImpl is one rule of a sheet, kept as text.
// https://drafts.csswg.org/cssom/#the-cssrule-interface
type cssRuleImpl struct {
	text  string
	kind  int // the CSSRule type constant
	sheet *styleSheet
	style goja.Value // the CSSStyleDeclaration of a style rule, made on first use
	// styleMap is a style rule's StylePropertyMap, made on first use.
	styleMap goja.Value
	inner    *styleSheet // the child rules of a grouping rule, parsed on first use
	// imported is the sheet of an @import rule, made on first use.
	imported *styleSheet
	media    *mediaList // the media of an @media or @import rule, made on first use
	// decls are a style rule's own declarations once inner is parsed:
	// its text cannot tell them from a CSSNestedDeclarations rule first
	// among the nested rules when they are empty.
	decls string
	// ffv is an @font-feature-values rule's families and feature values,
	// read from text on first use and changed by script since.
	ffv *fontFeatureValues
}

// CSSRule type constants. https://drafts.csswg.org/cssom/#the-cssrule-interface
const (
	cssStyleRule     = 1
	cssCharsetRule   = 2
	cssImportRule    = 3
	cssMediaRule     = 4
	cssFontFaceRule  = 5
	cssPageRule      = 6
	cssKeyframesRule = 7
	cssKeyframeRule  = 8
	cssMarginRule    = 9 // only in an @page rule (cssom_page.go)
	cssNamespaceRule = 10
	cssSupportsRule  = 12
	// cssPropertyRule and the @layer rules have no type constant: their
	// rules' type is 0.
	cssPropertyRule       = 100
	cssLayerBlockRule     = 101
	cssLayerStatementRule = 102
	cssContainerRule      = 103
	// cssNestedDeclarations is a run of declarations after a rule nested
	// in a style rule (cssom_nesting.go): it has no text of its own
	// outside its parent's block, nor does cssRuleKind give it.
	cssNestedDeclarations    = 104
	cssScopeRule             = 105
	cssStartingStyleRule     = 106
	cssFontPaletteValuesRule = 107
	cssPositionTryRule       = 108
	cssViewTransitionRule    = 109
	cssCounterStyleRule      = 11
	cssFontFeatureValuesRule = 14
)

// cssRuleKind returns the type constant of a rule's text.
func cssRuleKind(text string) int {
	if !strings.HasPrefix(text, "@") {
		return cssStyleRule
	}
	name := text[1:]
	if i := strings.IndexAny(name, " \t\n\r\f{;(\"'"); i >= 0 {
		name = name[:i]
	}
	switch ascii.Lower(name) {
	case "charset":
		return cssCharsetRule
	case "import":
		return cssImportRule
	case "media":
		return cssMediaRule
	case "font-face":
		return cssFontFaceRule
	case "page":
		return cssPageRule
	case "keyframes", "-webkit-keyframes":
		return cssKeyframesRule
	case "namespace":
		return cssNamespaceRule
	case "supports":
		return cssSupportsRule
	case "container":
		return cssContainerRule
	case "property":
		return cssPropertyRule
	case "scope":
		return cssScopeRule
	case "starting-style":
		return cssStartingStyleRule
	case "counter-style":
		return cssCounterStyleRule
	case "font-palette-values":
		return cssFontPaletteValuesRule
	case "font-feature-values":
		return cssFontFeatureValuesRule
	case "position-try":
		return cssPositionTryRule
	case "view-transition":
		return cssViewTransitionRule
	case "layer":
		if i := strings.IndexAny(text, "{;"); i >= 0 && text[i] == '{' {
			return cssLayerBlockRule
		}
		return cssLayerStatementRule
	}
	return 0
}

// splitCSSRules splits a style sheet's text into its top-level rules: a
// rule ends at the '}' closing its block, an at-rule without a block at its
// ';' (a ';' in a qualified rule's prelude does not end it). Comments are
// dropped, strings and nested blocks kept whole, and an
// unclosed block ends at the end of the text, as CSS syntax says.
// https://drafts.csswg.org/css-syntax/#consume-list-of-rules
func splitCSSRules(css string) []string {
	var rules []string
	var b strings.Builder
	depth := 0
	flush := func() {
		if t := strings.TrimSpace(b.String()); t != "" {
			rules = append(rules, t)
		}
		b.Reset()
	}
	for i := 0; i < len(css); i++ {
		c := css[i]
		switch {
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				i = len(css)
			} else {
				i += end + 3
			}
			// A comment ends a token but is no whitespace: between two
			// name characters it stays (as an empty one), so that
			// `a/**/b` is no selector (a space would make it `a b`).
			if n := b.Len(); n > 0 && i+1 < len(css) && nameByte(b.String()[n-1]) && nameByte(css[i+1]) {
				b.WriteString("/**/")
			} else {
				b.WriteByte(' ')
			}
			continue
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(css) && css[j] != c && css[j] != '\n' {
				if css[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(css) {
				j = len(css) - 1
			}
			b.WriteString(css[i : j+1])
			i = j
			continue
		case c == '{':
			depth++
		case c == '}':
			if depth == 0 {
				continue // a stray '}' closes nothing
			}
			depth--
			if depth == 0 {
				b.WriteByte(c)
				flush()
				continue
			}
		case c == ';' && depth == 0 && strings.HasPrefix(strings.TrimSpace(b.String()), "@"):
			b.WriteByte(c)
			flush()
			continue
		}
		b.WriteByte(c)
	}
	if depth > 0 {
		for range depth {
			b.WriteByte('}')
		}
	}
	if depth > 0 || strings.HasPrefix(strings.TrimSpace(b.String()), "@") {
		flush()
	}
	return rules
}

// parseRules turns text into rules of s. Rules that are neither at-rules
// nor selector-block pairs are dropped, as a parse error drops them.
func (s *styleSheet) parseRules(text string) []*cssRuleImpl {
	var out []*cssRuleImpl
	for _, t := range splitCSSRules(text) {
		kind := cssRuleKind(t)
		if s.parent != nil && s.parent.kind == cssPageRule {
			// an @page rule holds margin rules and nothing else
			if !isMarginRule(t) {
				continue
			}
			kind = cssMarginRule
		}
		if !ruleFits(out, len(out), kind) {
			continue // a misplaced @import or @namespace is dropped
		}
		if kind == cssCharsetRule {
			continue // Chromium keeps no CSSCharsetRule
		}
		if kind == cssImportRule && !importApplies(t) {
			continue // its supports() condition fails, as Chromium drops it
		}
		if kind == cssPropertyRule && !validPropertyRule(t) {
			continue // cssom_property.go
		}
		if kind == cssContainerRule && !validContainerRule(t) {
			continue // containerquery.go
		}
		if kind == cssScopeRule && !validScopeRule(t, s) ||
			kind == cssStartingStyleRule && (!strings.HasSuffix(t, "}") || layerPrelude(t) != "") {
			continue // cssom_scope.go
		}
		if kind == cssCounterStyleRule && !validCounterStyleRule(t) ||
			(kind == cssFontPaletteValuesRule || kind == cssPositionTryRule) && !validDashedRule(t) ||
			kind == cssViewTransitionRule && (!strings.HasSuffix(t, "}") || layerPrelude(t) != "") {
			continue // cssom_descriptors.go
		}
		if kind == cssFontFeatureValuesRule && !validFontFeatureValuesRule(t) {
			continue // cssom_fontfeature.go
		}
		if (kind == cssLayerBlockRule || kind == cssLayerStatementRule) && !validLayerRule(t, kind) {
			continue // cssom_layer.go
		}
		if kind == cssStyleRule {
			// A qualified rule needs a block and a prelude; a top-level ';'
			// ends up in the prelude, which no selector can hold.
			prelude, _, _ := strings.Cut(t, "{")
			if !strings.HasSuffix(t, "}") || strings.TrimSpace(prelude) == "" || strings.ContainsRune(prelude, ';') {
				continue
			}
			// An invalid selector (one with a namespace prefix the sheet
			// does not declare among them) makes the rule invalid.
			if s.parent == nil || s.parent.kind != cssKeyframesRule {
				if !validSelectors(prelude, s, out) {
					continue
				}
			}
		}
		out = append(out, &cssRuleImpl{text: t, kind: kind, sheet: s})
	}
	return out
}

// replace is replaceSync: the rules of text, without its @import rules.
// https://drafts.csswg.org/cssom/#dom-cssstylesheet-replacesync
func (s *styleSheet) replace(text string) {
	for _, r := range s.rules {
		r.sheet = nil
	}
	rules := s.parseRules(text)
	s.rules = rules[:0]
	for _, r := range rules {
		if r.kind != cssImportRule {
			s.rules = append(s.rules, r)
		}
	}
	s.changed()
}

// insertRule https://drafts.csswg.org/cssom/#insert-a-css-rule
func (s *styleSheet) insertRule(r *bind.Realm, text string, index int64) int64 {
	if index < 0 || index > int64(len(s.rules)) {
		r.ThrowDOMException("IndexSizeError", "Failed to execute 'insertRule' on 'CSSStyleSheet': The index provided ("+strconv.FormatInt(index, 10)+") is larger than the maximum index ("+strconv.Itoa(len(s.rules))+").")
	}
	rules := s.parseRules(text)
	if len(rules) != 1 || !oneRule(text) {
		// in a style rule, declarations are a CSSNestedDeclarations rule
		// https://drafts.csswg.org/cssom/#insert-a-css-rule
		if nestedSheet(s) && cssscan.Index(text, '{') < 0 {
			if nd := s.nestedDeclarations(text); nd != nil {
				rules = []*cssRuleImpl{nd}
			}
		}
	}
	if len(rules) != 1 || rules[0].kind != cssNestedDeclarations && !oneRule(text) {
		r.ThrowDOMException("SyntaxError", "Failed to execute 'insertRule' on 'CSSStyleSheet': Failed to parse the rule '"+text+"'.")
	}
	if s.parent != nil {
		// a grouping rule holds no @import, @namespace or @charset
		// https://drafts.csswg.org/cssom/#insert-a-css-rule
		switch rules[0].kind {
		case cssImportRule, cssNamespaceRule, cssCharsetRule:
			r.ThrowDOMException("HierarchyRequestError", "Failed to execute 'insertRule' on 'CSSGroupingRule': Failed to insert the rule.")
		}
	}
	if rules[0].kind == cssImportRule && s.constructed {
		r.ThrowDOMException("SyntaxError", "Failed to execute 'insertRule' on 'CSSStyleSheet': Can't insert @import rules into a constructed stylesheet.")
	}
	if rules[0].kind == cssNamespaceRule {
		for _, o := range s.rules {
			if o.kind != cssImportRule && o.kind != cssNamespaceRule {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'insertRule' on 'CSSStyleSheet': Failed to insert the rule.")
			}
		}
	}
	if !ruleFits(s.rules, int(index), rules[0].kind) {
		r.ThrowDOMException("HierarchyRequestError", "Failed to execute 'insertRule' on 'CSSStyleSheet': Failed to insert the rule.")
	}
	s.rules = append(s.rules, nil)
	copy(s.rules[index+1:], s.rules[index:])
	s.rules[index] = rules[0]
	s.changed()
	return index
}

// oneRule reports whether text is one rule and nothing after it but
// white space: a rule with a block ends at its block's end, and only the
// statement at-rules (@import, @namespace, @charset, @layer) end at a
// semicolon ("@media print {} foo" and "@media bad syntax;" are no rule).
// https://drafts.csswg.org/css-syntax-3/#parse-rule
func oneRule(text string) bool {
	t := strings.TrimSpace(text)
	i, c := cssscan.IndexDeclOrBlock(t)
	switch c {
	case '{':
		end := cssscan.BlockEnd(t, i)
		return end >= len(t)-1 || strings.TrimSpace(t[end+1:]) == ""
	case ';':
		name, _, _ := strings.Cut(ascii.Lower(t), " ")
		switch strings.TrimRight(name, ";") {
		case "@import", "@namespace", "@charset", "@layer":
			return strings.TrimSpace(t[i+1:]) == ""
		}
		return false
	}
	return true // no block and no semicolon: the parser decides
}

// ruleFits tells whether a rule of kind may stand at index of rules, as CSS
// orders a sheet: @charset, then @import rules, then @namespace rules,
// then the rest.
// https://drafts.csswg.org/css-cascade-5/#at-import
// https://drafts.csswg.org/css-namespaces/#syntax
func ruleFits(rules []*cssRuleImpl, index int, kind int) bool {
	rank := func(k int) int {
		switch k {
		case cssCharsetRule:
			return 0
		case cssImportRule:
			return 1
		case cssNamespaceRule:
			return 2
		}
		return 3
	}
	k := rank(kind)
	for _, o := range rules[:index] {
		if rank(o.kind) > k {
			return false
		}
	}
	for _, o := range rules[index:] {
		if rank(o.kind) < k {
			return false
		}
	}
	return true
}

// deleteRule https://drafts.csswg.org/cssom/#remove-a-css-rule
func (s *styleSheet) deleteRule(r *bind.Realm, index int64) {
	if index < 0 || index >= int64(len(s.rules)) {
		if len(s.rules) == 0 {
			r.ThrowDOMException("IndexSizeError", "Failed to execute 'deleteRule' on 'CSSStyleSheet': Style sheet is empty (length 0).")
		}
		r.ThrowDOMException("IndexSizeError", "Failed to execute 'deleteRule' on 'CSSStyleSheet': The index provided ("+strconv.FormatInt(index, 10)+") is larger than the maximum index ("+strconv.Itoa(len(s.rules)-1)+").")
	}
	s.rules[index].sheet = nil
	s.rules = append(s.rules[:index], s.rules[index+1:]...)
	s.changed()
}

func (s *styleSheet) ruleList() *cssRuleList {
	if s.list == nil {
		s.list = &cssRuleList{sheet: s}
	}
	return s.list
}

// argIndex converts an optional unsigned long argument (absent is def).
func argIndex(args []goja.Value, i int, def int64) int64 {
	v := bind.Arg(args, i)
	if bind.Absent(v) {
		return def
	}
	f := bind.Number(v)
	if f != f {
		return 0
	}
	return int64(uint32(int64(f)))
}

// InstallCSSOM installs StyleSheet, CSSStyleSheet (constructable),
// CSSRuleList, CSSRule and CSSStyleRule on target.
// https://drafts.csswg.org/cssom/#cssom
func InstallCSSOM(realm *bind.Realm, target *goja.Object) error {
	sheetOf := func(this any) *styleSheet { return this.(*styleSheet) }
	styleSheetIface := &bind.Interface{
		Name: "StyleSheet",
		Attributes: []bind.Attribute{
			{Name: "type", Get: func(r *bind.Realm, _ any) goja.Value { return r.String("text/css") }},
			{Name: "href", Get: func(r *bind.Realm, this any) goja.Value {
				if h := sheetOf(this).href; h != "" {
					return r.String(h)
				}
				return goja.Null()
			}},
			{Name: "ownerNode", Get: func(r *bind.Realm, this any) goja.Value {
				if o := sheetOf(this).owner; o != nil {
					return o
				}
				return goja.Null()
			}},
			{Name: "parentStyleSheet", Get: func(r *bind.Realm, this any) goja.Value {
				if o := sheetOf(this).ownerRule; o != nil && o.sheet != nil {
					if v := r.Lookup(o.sheet.root()); v != nil {
						return v
					}
				}
				return goja.Null()
			}},
			{Name: "title", Get: func(r *bind.Realm, this any) goja.Value {
				if t := sheetOf(this).title; t != "" {
					return r.String(t)
				}
				return goja.Null()
			}},
			// [PutForwards=mediaText]
			{Name: "media", Get: func(r *bind.Realm, this any) goja.Value {
				return r.WrapObject(sheetOf(this).mediaList(), r.Class("MediaList"))
			}, PutForwards: "mediaText"},
			{Name: "disabled",
				Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(sheetOf(this).disabled) },
				Set: func(r *bind.Realm, this any, v goja.Value) {
					s := sheetOf(this)
					if d := v.ToBoolean(); d != s.disabled {
						s.disabled = d
						s.changed() // the sheet stops or starts counting
					}
				}},
		},
	}
	rules := func(r *bind.Realm, this any) goja.Value {
		return r.WrapObject(sheetOf(this).ruleList(), r.Class("CSSRuleList"))
	}
	cssStyleSheetIface := &bind.Interface{
		Name:   "CSSStyleSheet",
		Parent: "StyleSheet",
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			s := &styleSheet{constructed: true}
			if CSSDeclarations != nil {
				s.quirks = CSSDeclarations.QuirksMode(r) // its constructor document's mode
			}
			if opts, ok := bind.Arg(args, 0).(*goja.Object); ok {
				// The members in lexicographic order, as Web IDL reads a
				// dictionary.
				if v := opts.Get("alternate"); !bind.Absent(v) {
					s.alternate = v.ToBoolean()
				}
				if v := opts.Get("disabled"); !bind.Absent(v) {
					s.disabled = v.ToBoolean()
				}
				if v := opts.Get("media"); !bind.Absent(v) {
					s.media = &mediaList{changed: s.changed}
					if m, ok := r.UnwrapAs(v, r.Class("MediaList")); ok {
						s.media.items = append([]string(nil), m.(*mediaList).items...)
					} else {
						s.media.setText(v.String())
					}
				}
			}
			return s
		},
		Attributes: []bind.Attribute{
			{Name: "ownerRule", Get: func(r *bind.Realm, this any) goja.Value {
				if o := sheetOf(this).ownerRule; o != nil {
					return wrapRule(r, o)
				}
				return goja.Null()
			}},
			{Name: "cssRules", Get: rules},
			{Name: "rules", Get: rules},
		},
		Methods: []bind.Method{
			{Name: "insertRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				return r.Runtime.ToValue(sheetOf(this).insertRule(r, bind.USVString(args[0]), argIndex(args, 1, 0)))
			}},
			{Name: "deleteRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				sheetOf(this).deleteRule(r, argIndex(args, 0, 0))
				return nil
			}},
			// addRule and removeRule: the legacy forms.
			// https://drafts.csswg.org/cssom/#legacy-css-style-sheet-members
			{Name: "addRule", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				s := sheetOf(this)
				sel, block := "undefined", "undefined"
				if v := bind.Arg(args, 0); !goja.IsUndefined(v) && v != nil {
					sel = v.String()
				}
				if v := bind.Arg(args, 1); !goja.IsUndefined(v) && v != nil {
					block = v.String()
				}
				s.insertRule(r, sel+" { "+block+" }", argIndex(args, 2, int64(len(s.rules))))
				return r.Int(-1)
			}},
			{Name: "removeRule", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				sheetOf(this).deleteRule(r, argIndex(args, 0, 0))
				return nil
			}},
			{Name: "replace", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				s := sheetOf(this)
				p, resolve, reject := r.Runtime.NewPromise()
				if !s.constructed {
					_ = reject(r.NewDOMException("NotAllowedError", "Failed to execute 'replace' on 'CSSStyleSheet': Can't call replace on non-constructed CSSStyleSheets."))
					return r.Runtime.ToValue(p)
				}
				s.replace(bind.USVString(args[0]))
				_ = resolve(r.Lookup(s))
				return r.Runtime.ToValue(p)
			}},
			{Name: "replaceSync", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				s := sheetOf(this)
				if !s.constructed {
					r.ThrowDOMException("NotAllowedError", "Failed to execute 'replaceSync' on 'CSSStyleSheet': Can't call replaceSync on non-constructed CSSStyleSheets.")
				}
				s.replace(bind.USVString(args[0]))
				return nil
			}},
		},
	}
	listOf := func(this any) *cssRuleList { return this.(*cssRuleList) }
	ruleListIface := &bind.Interface{
		Name: "CSSRuleList",
		Attributes: []bind.Attribute{
			{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(listOf(this).sheet.rules)) }},
		},
		Methods: []bind.Method{
			{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				rs := listOf(this).sheet.rules
				if i := argIndex(args, 0, 0); i < int64(len(rs)) {
					return wrapRule(r, rs[i])
				}
				return goja.Null()
			}},
		},
		IndexedIterator: true,
		Exotic: &bind.Exotic{
			Get: func(r *bind.Realm, this any, key string) goja.Value {
				rs := listOf(this).sheet.rules
				if i := bind.Index(key); i >= 0 && i < len(rs) {
					return wrapRule(r, rs[i])
				}
				return nil
			},
			Keys: func(r *bind.Realm, this any) []string {
				return indexKeys(len(listOf(this).sheet.rules))
			},
		},
	}
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	consts := []bind.Constant{
		{Name: "STYLE_RULE", Value: cssStyleRule}, {Name: "CHARSET_RULE", Value: cssCharsetRule},
		{Name: "IMPORT_RULE", Value: cssImportRule}, {Name: "MEDIA_RULE", Value: cssMediaRule},
		{Name: "FONT_FACE_RULE", Value: cssFontFaceRule}, {Name: "PAGE_RULE", Value: cssPageRule},
		{Name: "KEYFRAMES_RULE", Value: cssKeyframesRule}, {Name: "KEYFRAME_RULE", Value: 8},
		{Name: "MARGIN_RULE", Value: cssMarginRule}, {Name: "NAMESPACE_RULE", Value: cssNamespaceRule},
		{Name: "COUNTER_STYLE_RULE", Value: 11}, {Name: "SUPPORTS_RULE", Value: cssSupportsRule},
		{Name: "FONT_FEATURE_VALUES_RULE", Value: 14},
	}
	ruleIface := &bind.Interface{
		Name:      "CSSRule",
		Constants: consts,
		Attributes: []bind.Attribute{
			{Name: "cssText", Get: func(r *bind.Realm, this any) goja.Value { return r.String(ruleCSSText(ruleOf(this))) },
				Set: func(*bind.Realm, any, goja.Value) {}}, // setting cssText does nothing
			{Name: "type", Get: func(r *bind.Realm, this any) goja.Value {
				if k := ruleOf(this).kind; k < cssPropertyRule {
					return r.Int(k)
				}
				return r.Int(0) // the rules added since have no type constant
			}},
			{Name: "parentRule", Get: func(r *bind.Realm, this any) goja.Value {
				if s := ruleOf(this).sheet; s != nil && s.parent != nil {
					return wrapRule(r, s.parent)
				}
				return goja.Null()
			}},
			{Name: "parentStyleSheet", Get: func(r *bind.Realm, this any) goja.Value {
				s := ruleOf(this).sheet
				for s != nil && s.parent != nil {
					s = s.parent.sheet
				}
				if s != nil {
					if o := r.Lookup(s); o != nil {
						return o
					}
				}
				return goja.Null()
			}},
		},
	}
	styleRuleIface := &bind.Interface{
		Name:   "CSSStyleRule",
		Parent: "CSSRule",
		// A style rule holds nested rules (CSS Nesting): Chromium gives it
		// the members of CSSGroupingRule while it still inherits CSSRule.
		// https://drafts.csswg.org/css-nesting/#cssom-style
		Methods: groupingRuleMethods(),
		Attributes: []bind.Attribute{
			{Name: "selectorText", Get: func(r *bind.Realm, this any) goja.Value {
				return r.String(styleRuleSelectorText(ruleOf(this)))
			}, Set: func(r *bind.Realm, this any, v goja.Value) {
				// An invalid selector leaves the rule as it is.
				// https://drafts.csswg.org/cssom/#dom-cssstylerule-selectortext
				sel := strings.TrimSpace(bind.DOMString(v))
				rule := ruleOf(this)
				if sel == "" || strings.ContainsAny(sel, "{};") || !validSelectors(sel, rule.sheet, nil) {
					return
				}
				_, block := splitStyleRule(rule.text)
				rule.text = sel + " { " + block + " }"
				if rule.sheet != nil {
					rule.sheet.changed()
				}
			}},
			{Name: "cssRules", Get: groupingRuleList},
			// [PutForwards=cssText]
			{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
				PutForwards: "cssText"},
			{Name: "styleMap", Get: func(r *bind.Realm, this any) goja.Value {
				rule := ruleOf(this)
				if rule.styleMap == nil {
					st := ruleStyle(r, rule)
					if goja.IsNull(st) {
						return st
					}
					rule.styleMap = CSSDeclarations.StyleMap(r, st)
				}
				return rule.styleMap
			}},
		},
	}
	return realm.Install(target, append(append([]*bind.Interface{styleSheetIface, cssStyleSheetIface, ruleListIface, ruleIface, styleRuleIface},
		cssRuleInterfaces()...), keyframesInterfaces()...)...)
}

// nameByte tells whether c may be part of a CSS name (ASCII letters,
// digits, "-", "_", an escape's backslash or a non-ASCII byte).
func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '\\' || c >= 0x80
}
