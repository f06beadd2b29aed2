package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// @scope and @starting-style in the CSSOM: `@scope (start) to (end)` is a
// CSSScopeRule, a grouping rule whose start and end are its selector lists
// (null when absent), and `@starting-style { … }` a CSSStartingStyleRule,
// a grouping rule with no prelude. The block of an @scope, like a style
// rule's, may hold declarations (CSSNestedDeclarations rules for
// `:where(:scope)`), and its rules' selectors read as written (`> .b`,
// `.c`: relative to the scope, not made explicit with `&`). A prelude
// that does not parse drops the rule, as in Chromium.
// https://drafts.csswg.org/css-cascade-6/#the-cssscoperule-interface
// https://drafts.csswg.org/css-transitions-2/#the-cssstartingstylerule-interface

// scopePrelude splits the prelude of an @scope rule's text into its start
// and end selector lists (has* false when absent); ok is false when the
// prelude is not `(<selector-list>)? [to (<relative-selector-list>)]?`.
func scopePrelude(text string) (start, end string, hasStart, hasEnd, ok bool) {
	p, _ := ruleParts(text)
	p = strings.TrimSpace(stripCSSComments(p))
	paren := func(s string) (inner, rest string, ok bool) {
		if !strings.HasPrefix(s, "(") {
			return "", "", false
		}
		e := cssscan.BlockEnd(s, 0)
		if e >= len(s) {
			return "", "", false
		}
		inner = strings.TrimSpace(s[1:e])
		return inner, strings.TrimSpace(s[e+1:]), inner != ""
	}
	if strings.HasPrefix(p, "(") {
		if start, p, ok = paren(p); !ok {
			return "", "", false, false, false
		}
		hasStart = true
	}
	if p == "" {
		return start, "", hasStart, false, true
	}
	// `to` is an identifier then white space: `to(` is a function
	if len(p) < 3 || !ascii.EqualFold(p[:2], "to") || !strings.ContainsRune(" \t\n\r\f", rune(p[2])) {
		return "", "", false, false, false
	}
	if end, p, ok = paren(strings.TrimSpace(p[2:])); !ok || p != "" {
		return "", "", false, false, false
	}
	return start, end, hasStart, true, true
}

// validScopeRule reports whether an @scope rule in s has a block and a
// prelude that parses: a start that is a selector list (relative in a
// style rule, where `&` is its parent) and an end that is a relative one.
func validScopeRule(text string, s *styleSheet) bool {
	start, end, hasStart, hasEnd, ok := scopePrelude(text)
	if !ok || !strings.Contains(text, "{") {
		return false
	}
	if hasStart && !cssscan.ValidSelectorList(start, cssscan.SelectorContext{Nested: nestedInStyleRule(s)}) {
		return false
	}
	return !hasEnd || cssscan.ValidSelectorList(end, cssscan.SelectorContext{Nested: true})
}

// scopeStart is a CSSScopeRule's start as Chromium serializes it: in a
// style rule, made explicit with `&` as a nested rule's selector is.
func scopeStart(rule *cssRuleImpl) (string, bool) {
	start, _, has, _, _ := scopePrelude(rule.text)
	if !has {
		return "", false
	}
	if nestedInStyleRule(rule.sheet) {
		start = nestedSelectorText(start)
	}
	return serializeSelectors(start, sheetNamespaces(rule.sheet)), true
}

func scopeEnd(rule *cssRuleImpl) (string, bool) {
	_, end, _, has, _ := scopePrelude(rule.text)
	if !has {
		return "", false
	}
	return serializeSelectors(end, sheetNamespaces(rule.sheet)), true
}

// scopeCSSText is an @scope or @starting-style rule's cssText: its prelude
// normalized, then its child rules one a line.
func scopeCSSText(rule *cssRuleImpl) string {
	head := "@starting-style"
	if rule.kind == cssScopeRule {
		head = "@scope"
		if s, ok := scopeStart(rule); ok {
			head += " (" + s + ")"
		}
		if e, ok := scopeEnd(rule); ok {
			head += " to (" + e + ")"
		}
	}
	return head + " {\n" + childRulesText(rule) + "}"
}

// childRulesText is the child rules' cssText of a grouping rule, each on a
// line of its own indented by two spaces, as Chromium writes them.
func childRulesText(rule *cssRuleImpl) string {
	var b strings.Builder
	for _, c := range rule.children().rules {
		b.WriteString("  " + ruleCSSText(c) + "\n")
	}
	return b.String()
}

func scopeInterfaces() []*bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	orNull := func(r *bind.Realm, s string, ok bool) goja.Value {
		if !ok {
			return goja.Null()
		}
		return r.String(s)
	}
	return []*bind.Interface{
		{
			Name:   "CSSScopeRule",
			Parent: "CSSGroupingRule",
			Attributes: []bind.Attribute{
				{Name: "start", Get: func(r *bind.Realm, this any) goja.Value {
					s, ok := scopeStart(ruleOf(this))
					return orNull(r, s, ok)
				}},
				{Name: "end", Get: func(r *bind.Realm, this any) goja.Value {
					e, ok := scopeEnd(ruleOf(this))
					return orNull(r, e, ok)
				}},
			},
		},
		{Name: "CSSStartingStyleRule", Parent: "CSSGroupingRule"},
	}
}
