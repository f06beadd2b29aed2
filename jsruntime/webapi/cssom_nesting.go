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
//
// Declarations after a nested rule are read with the others (Chromium
// keeps them apart, as a CSSNestedDeclarations rule after it).

// splitStyleBlock splits the block of a style rule into its declarations
// and the text of each rule nested in it, in order. A nested rule starts
// where a '{' opens at the top level before any ';' — unless what precedes
// it is a custom property (`--x: { a }` is a declaration).
// https://drafts.csswg.org/css-syntax/#consume-block-contents
func splitStyleBlock(block string) (decls string, nested []string) {
	if strings.IndexByte(block, '{') < 0 {
		return strings.TrimSpace(block), nil
	}
	var d strings.Builder
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
		end := cssscan.BlockEnd(rest, i)
		if end >= len(rest) {
			nested = append(nested, prelude+" "+rest[i:]+"}")
			break
		}
		nested = append(nested, prelude+" "+rest[i:end+1])
		rest = rest[end+1:]
	}
	return strings.TrimSpace(d.String()), nested
}

// styleRuleDecls is the declarations of a style rule's block.
func styleRuleDecls(rule *cssRuleImpl) string {
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
	head, block, ok := strings.Cut(rule.text, "{")
	if !ok {
		return
	}
	var b strings.Builder
	b.WriteString(strings.TrimSpace(head))
	b.WriteString(" {")
	if rule.kind == cssStyleRule {
		block = strings.TrimSuffix(strings.TrimSpace(block), "}")
		if decls, _ := splitStyleBlock(block); decls != "" {
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
	sel, block := splitStyleRule(rule.text)
	_, nested := splitStyleBlock(block)
	if rule.inner != nil {
		nested = nested[:0]
		for _, c := range rule.inner.rules {
			nested = append(nested, c.text)
		}
	}
	var b strings.Builder
	b.WriteString(sel + " { " + decls)
	for _, n := range nested {
		b.WriteString(" " + n)
	}
	b.WriteString(" }")
	rule.text = b.String()
}
