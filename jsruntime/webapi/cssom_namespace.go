package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// selNamespaces are the @namespace declarations of a style sheet, which
// decide how a type or universal selector with a namespace prefix
// serializes and whether a prefix is declared at all.
// https://drafts.csswg.org/css-namespaces/#declaration
type selNamespaces struct {
	def      string // the default namespace, when hasDef
	hasDef   bool
	prefixes map[string]string
}

// namespaceDecl reads an @namespace rule's text: its prefix ("" for the
// default namespace) and URL.
func namespaceDecl(text string) (prefix, url string) {
	p, _ := ruleParts(text)
	p = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), ";"))
	if u, _ := importURL(p); u != "" || strings.HasPrefix(p, `"`) || strings.HasPrefix(p, "'") {
		return "", u
	}
	prefix, rest, _ := strings.Cut(p, " ")
	url, _ = importURL(rest)
	return prefix, url
}

// add records the @namespace rules among rules (they come first in a sheet).
func (ns *selNamespaces) add(rules []*cssRuleImpl) {
	for _, r := range rules {
		if r.kind != cssNamespaceRule {
			continue
		}
		prefix, url := namespaceDecl(r.text)
		if prefix == "" {
			ns.def, ns.hasDef = url, true
			continue
		}
		if ns.prefixes == nil {
			ns.prefixes = map[string]string{}
		}
		ns.prefixes[prefix] = url
	}
}

// sheetNamespaces returns the declarations that apply to the rules of s:
// those of its top-level sheet (nil when there are none).
func sheetNamespaces(s *styleSheet) *selNamespaces {
	for s != nil && s.parent != nil {
		s = s.parent.sheet
	}
	if s == nil {
		return nil
	}
	// @namespace rules stand after @import rules and before any other.
	n := 0
	for n < len(s.rules) && (s.rules[n].kind == cssImportRule || s.rules[n].kind == cssNamespaceRule) {
		n++
	}
	var ns *selNamespaces
	for _, r := range s.rules[:n] {
		if r.kind == cssNamespaceRule {
			if ns == nil {
				ns = new(selNamespaces)
			}
			ns.add([]*cssRuleImpl{r})
		}
	}
	return ns
}

func hasPrefix(ns *selNamespaces, p string) bool {
	_, ok := ns.lookup(p)
	return ok
}

// lookup returns the URL a prefix is declared with.
func (ns *selNamespaces) lookup(prefix string) (string, bool) {
	if ns == nil {
		return "", false
	}
	url, ok := ns.prefixes[prefix]
	return url, ok
}

// typeSelector writes the type or universal selector, with its namespace
// prefix, that starts a compound selector at src[i] and returns the index
// after it; ok is false when src[i] starts none. As Chromium serializes
// them: a universal selector followed by more of its compound is left out
// (*.c is .c); *|x is x unless the sheet has a default namespace; a prefix
// naming the default namespace's URL is left out; |x and ns|x are kept.
// https://drafts.csswg.org/cssom/#serializing-selectors
func (s *selWriter) typeSelector(i, end int) (int, bool) {
	src := s.src
	tok := func(i int) (string, int) {
		if i < end && src[i] == '*' {
			return "*", i + 1
		}
		k := identEnd(src, i, end)
		return src[i:k], k
	}
	name, k := tok(i)
	prefix, hasBar := "", false
	if k < end && src[k] == '|' && !(k+1 < end && src[k+1] == '=') {
		elem, k2 := tok(k + 1)
		if elem == "" {
			return i, false
		}
		prefix, hasBar, name, k = name, true, elem, k2
	}
	if name == "" {
		return i, false
	}
	universal := name == "*"
	if !universal {
		name = SerializeIdent(ascii.Lower(unescapeIdent(name)))
	}
	if prefix != "" && prefix != "*" {
		prefix = normalIdent(prefix)
	}
	followed := k < end && !strings.ContainsRune(" \t\n\r\f,>+~)", rune(src[k]))
	plain := name
	if universal && followed {
		plain = ""
	}
	ns := s.ns
	switch {
	case !hasBar:
		s.b.WriteString(plain)
	case prefix == "*":
		if ns != nil && ns.hasDef {
			s.b.WriteString("*|" + name)
		} else {
			s.b.WriteString(plain)
		}
	case prefix == "":
		s.b.WriteString("|" + name)
	default:
		if url, ok := ns.lookup(prefix); ok && ns.hasDef && url == ns.def {
			s.b.WriteString(plain)
		} else {
			s.b.WriteString(prefix + "|" + name)
		}
	}
	return k, true
}

// namespacesWith are the declarations of s's top-level sheet together with
// those among rules, the rules being parsed into s.
func (s *styleSheet) namespacesWith(rules []*cssRuleImpl) *selNamespaces {
	ns := sheetNamespaces(s)
	if ns == nil {
		ns = new(selNamespaces)
	}
	ns.add(rules)
	return ns
}

// validSelectors reports whether prelude is a selector list a style rule
// of s may have (rules being those parsed into s so far): valid in the
// style-sheet grammar, its namespace prefixes declared, and a selector
// starting with a combinator only in a rule nested in a style rule or an
// @scope.
func validSelectors(prelude string, s *styleSheet, rules []*cssRuleImpl) bool {
	ctx := cssscan.SelectorContext{Nested: nestedSheet(s)}
	if strings.IndexByte(prelude, '|') >= 0 {
		var ns *selNamespaces
		if s != nil {
			ns = s.namespacesWith(rules)
		}
		ctx.Prefix = func(p string) bool { return hasPrefix(ns, p) }
	}
	return cssscan.ValidSelectorList(prelude, ctx)
}

// nestedSheet reports whether the rules of s stand in a style rule or an
// @scope rule, at any depth.
func nestedSheet(s *styleSheet) bool {
	for s != nil && s.parent != nil {
		if s.parent.kind == cssStyleRule || s.parent.kind == cssScopeRule {
			return true
		}
		s = s.parent.sheet
	}
	return false
}
