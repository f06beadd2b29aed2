package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// @page rules and the margin rules in them.
// https://drafts.csswg.org/css-page-3/#syntax-page-selector
// https://drafts.csswg.org/cssom/#the-cssmarginrule-interface

// marginRuleNames are the at-keywords of the sixteen page-margin boxes.
var marginRuleNames = map[string]bool{
	"top-left-corner": true, "top-left": true, "top-center": true, "top-right": true, "top-right-corner": true,
	"bottom-left-corner": true, "bottom-left": true, "bottom-center": true, "bottom-right": true, "bottom-right-corner": true,
	"left-top": true, "left-middle": true, "left-bottom": true,
	"right-top": true, "right-middle": true, "right-bottom": true,
}

// isMarginRule reports whether a rule's text is a margin rule: one of the
// margin boxes' at-keywords (in any case), no prelude, and a block.
func isMarginRule(text string) bool {
	if !strings.HasPrefix(text, "@") || !strings.HasSuffix(text, "}") {
		return false
	}
	head, _, ok := strings.Cut(text[1:], "{")
	return ok && marginRuleNames[ascii.Lower(strings.TrimSpace(head))]
}

// parsePageBlock splits an @page rule's block into its declarations (all
// of them, before, between and after its margin rules, as Chromium keeps
// them) and its margin rules; any other rule in it is dropped.
func (s *styleSheet) parsePageBlock(block string) (decls string, rules []*cssRuleImpl) {
	lead, items := splitStyleBlock(block) // cssom_nesting.go
	var d []string
	if lead = strings.TrimSpace(lead); lead != "" {
		d = append(d, lead)
	}
	for _, it := range items {
		if it.decls {
			d = append(d, strings.TrimSpace(it.text))
			continue
		}
		rules = append(rules, s.parseRules(it.text)...)
	}
	for i, t := range d {
		if i < len(d)-1 && !strings.HasSuffix(t, ";") {
			d[i] = t + ";"
		}
	}
	return strings.Join(d, " "), rules
}

// pageCSSText serializes an @page or margin rule as Chromium does: the
// at-keyword (a margin rule's lowercased), the page selector, then in one
// block the declarations and the margin rules, separated by spaces
// (`@page :first { margin: 1in; @top-left { color: red; } }`,
// `@top-left { }`).
func pageCSSText(rule *cssRuleImpl) string {
	var parts []string
	head := "@page"
	var decls string
	if rule.kind == cssPageRule {
		if p, _ := ruleParts(rule.text); p != "" {
			head += " " + p
		}
		rule.children()
		decls = rule.decls
	} else {
		h, block := splitStyleRule(rule.text)
		head = ascii.Lower(h)
		decls = block
	}
	if CSSDeclarations != nil {
		decls = CSSDeclarations.Normalize(decls, rule.quirks())
	}
	if decls != "" {
		parts = append(parts, decls)
	}
	if rule.kind == cssPageRule {
		for _, c := range rule.inner.rules {
			parts = append(parts, ruleCSSText(c))
		}
	}
	if len(parts) == 0 {
		return head + " { }"
	}
	return head + " { " + strings.Join(parts, " ") + " }"
}
