package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// CSS Nesting in the CSSOM: a style rule whose block holds rules besides
// its declarations (`.a { color: red; & .b { color: green } }`) lists them
// in its cssRules, its style holds only the declarations, insertRule and
// deleteRule edit the nested rules, and its cssText writes them one a line
// after the declarations, as Chromium does. A nested rule's selectorText
// makes its relation to the parent explicit: a selector that starts with a
// combinator or holds no `&` is relative, `& ` written before it.
// https://drafts.csswg.org/css-nesting/#cssom
// Declarations after a nested rule are a CSSNestedDeclarations rule among
// the nested ones, and so are those at the top of a conditional rule
// nested in a style rule; the cascade reads them in the same order
// (jsruntime/cssnesting.go).

// A blockItem is one of the things a style rule's block holds after its
// leading declarations, in order: a nested rule's text, or (decls) a run of
// declarations after a nested rule, a CSSNestedDeclarations rule.
type blockItem struct {
	text  string
	decls bool
}

// splitStyleBlock splits the block of a style rule into its leading
// declarations and what follows them: each rule nested in it and each run
// of declarations after a nested rule, in order. A nested rule starts
// where a '{' opens at the top level before any ';' — unless what precedes
// it is a custom property (`--x: { a }` is a declaration).
// https://drafts.csswg.org/css-syntax/#consume-block-contents
// https://drafts.csswg.org/css-nesting/#nested-declarations-rule
func splitStyleBlock(block string) (decls string, nested []blockItem) {
	if strings.IndexByte(block, '{') < 0 {
		return strings.TrimSpace(block), nil
	}
	var d strings.Builder
	lead, seenRule := "", false
	flush := func() {
		if !seenRule {
			lead = d.String()
		} else if t := strings.TrimSpace(d.String()); strings.Trim(t, "; \t\n\r\f") != "" {
			nested = append(nested, blockItem{text: t, decls: true})
		}
		d.Reset()
	}
	rest := block
	for rest != "" {
		i, c := cssscan.IndexDeclOrBlock(rest)
		if i < 0 {
			d.WriteString(rest)
			break
		}
		if c == ';' {
			d.WriteString(rest[:i+1])
			rest = rest[i+1:]
			continue
		}
		prelude := strings.TrimSpace(stripCSSComments(rest[:i]))
		if name, _, ok := strings.Cut(prelude, ":"); ok && strings.HasPrefix(strings.TrimSpace(name), "--") {
			end := len(rest)
			if j := cssscan.Index(rest, ';'); j >= 0 {
				end = j + 1
			}
			d.WriteString(rest[:end])
			rest = rest[end:]
			continue
		}
		flush()
		seenRule = true
		end := cssscan.BlockEnd(rest, i)
		if end >= len(rest) {
			nested = append(nested, blockItem{text: prelude + " " + rest[i:] + "}"})
			rest = ""
			break
		}
		nested = append(nested, blockItem{text: prelude + " " + rest[i:end+1]})
		rest = rest[end+1:]
	}
	flush()
	return strings.TrimSpace(lead), nested
}

// nestedDeclarations returns the CSSNestedDeclarations rule of a run of
// declarations in s, or nil when none of them is valid (such a run makes
// no rule).
func (s *styleSheet) nestedDeclarations(text string) *cssRuleImpl {
	text = strings.TrimSpace(text)
	if text == "" || CSSDeclarations != nil && CSSDeclarations.Normalize(text, s.quirksMode()) == "" {
		return nil
	}
	if !strings.HasSuffix(text, ";") {
		text += ";"
	}
	return &cssRuleImpl{text: text, kind: cssNestedDeclarations, sheet: s}
}

// parseBlockItems turns the items of a block into rules of s.
func (s *styleSheet) parseBlockItems(items []blockItem) []*cssRuleImpl {
	var out []*cssRuleImpl
	for _, it := range items {
		if it.decls {
			if nd := s.nestedDeclarations(it.text); nd != nil {
				out = append(out, nd)
			}
			continue
		}
		out = append(out, s.parseRules(it.text)...)
	}
	return out
}

// styleRuleDecls is the declarations of a style rule's block.
func styleRuleDecls(rule *cssRuleImpl) string {
	if rule.inner != nil {
		return rule.decls
	}
	_, block := splitStyleRule(rule.text)
	decls, _ := splitStyleBlock(block)
	return decls
}

// nestedInStyleRule reports whether the rules of s are nested in a style
// rule, directly or in conditional rules within one.
func nestedInStyleRule(s *styleSheet) bool {
	for s != nil && s.parent != nil {
		if s.parent.kind == cssStyleRule {
			return true
		}
		if s.parent.kind == cssScopeRule {
			return false // its rules are relative to the scope
		}
		s = s.parent.sheet
	}
	return false
}

// nestedSelectorText makes each relative selector of a nested rule's
// list explicit, as Chromium serializes it: `> .b` is `& > .b`, `.b` is
// `& .b`, and a selector with `&` in it stays as it is.
func nestedSelectorText(sel string) string {
	parts := cssscan.Split(sel, ',')
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if c := p[0]; c == '>' || c == '+' || c == '~' || !strings.Contains(p, "&") {
			p = "& " + p
		}
		parts[i] = p
	}
	return strings.Join(parts, ", ")
}

// syncGroupText writes the text of a rule with child rules (a style rule
// with nested rules, @media, @supports, @layer, @scope, @container) from
// its prelude, its declarations and its child rules after one of them
// changed, so that the cascade, which reads the sheet's text, follows.
func (rule *cssRuleImpl) syncGroupText() {
	if rule.inner == nil {
		return
	}
	head, _, ok := strings.Cut(rule.text, "{")
	if !ok {
		return
	}
	var b strings.Builder
	b.WriteString(strings.TrimSpace(head))
	b.WriteString(" {")
	if rule.kind == cssStyleRule || rule.kind == cssPageRule {
		if decls := rule.decls; decls != "" {
			b.WriteString(" " + decls)
			if !strings.HasSuffix(decls, ";") {
				b.WriteByte(';')
			}
		}
	}
	for _, c := range rule.inner.rules {
		b.WriteString(" " + c.text)
	}
	b.WriteString(" }")
	rule.text = b.String()
}

// setStyleRuleDecls replaces the declarations of a style rule's block,
// keeping its nested rules.
func (rule *cssRuleImpl) setStyleRuleDecls(decls string) {
	if rule.inner != nil {
		rule.decls = strings.TrimSpace(decls)
		rule.syncGroupText()
		return
	}
	sel, block := splitStyleRule(rule.text)
	_, items := splitStyleBlock(block)
	var nested []string
	for _, it := range items {
		nested = append(nested, it.text)
	}
	var b strings.Builder
	b.WriteString(sel + " { " + decls)
	if decls != "" && !strings.HasSuffix(decls, ";") {
		b.WriteByte(';')
	}
	for _, n := range nested {
		b.WriteString(" " + n)
	}
	b.WriteString(" }")
	rule.text = b.String()
}
