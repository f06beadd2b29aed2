package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The default namespace of a style sheet for the cascade. A sheet's
// `@namespace url(U);` (before any rule but @charset and @import) makes
// its type and universal selectors without a namespace prefix, and the
// compounds with no type selector, match only elements in namespace U:
// `@namespace url(urn:x); ol { … }` styles no HTML ol (WPT's
// test-ua-stylesheet.js compares the HTML elements with clones in such
// a namespace, styled by a sheet like that). The sheet parser carries
// the URL after namespaceMark at the end of each rule's selector text,
// before its @container marks; parseRuleSelectors wraps the selectors
// in an nsSel, which checks the subject's namespace (the compounds of
// its ancestors and siblings are not checked: they are in the subject's
// namespace in the pages that declare one). A list naming a namespace
// prefix (`svg|a`, `*|*`) keeps matching any namespace, as before: the
// cascade reads no prefix declarations.
// https://drafts.csswg.org/css-namespaces/#default-namespace

// namespaceMark separates a rule's selector text from its sheet's
// default namespace.
const namespaceMark = "\x00namespace\x00"

// hasAtKeyword reports whether prelude starts with the at-keyword kw
// (lower case), in any case, followed by no name character.
func hasAtKeyword(prelude, kw string) bool {
	if len(prelude) < len(kw) || !ascii.EqualFold(prelude[:len(kw)], kw) {
		return false
	}
	return len(prelude) == len(kw) || !isIdentByte(prelude[len(kw)])
}

// defaultNamespaceDecl reads the URL of an @namespace rule's prelude that
// declares the default namespace (`@namespace url(U)` or
// `@namespace "U"`); ok is false for a prefix's or a malformed one.
func defaultNamespaceDecl(prelude string) (string, bool) {
	p := strings.TrimSpace(prelude[len("@namespace"):])
	switch {
	case len(p) >= 4 && ascii.EqualFold(p[:4], "url("):
		end := strings.IndexByte(p, ')')
		if end < 0 || strings.TrimSpace(p[end+1:]) != "" {
			return "", false
		}
		return strings.Trim(strings.TrimSpace(p[4:end]), `"'`), true
	case p != "" && (p[0] == '"' || p[0] == '\''):
		end := strings.IndexByte(p[1:], p[0])
		if end < 0 || strings.TrimSpace(p[end+2:]) != "" {
			return "", false
		}
		return p[1 : end+1], true
	}
	return "", false
}

// cutNamespace splits a rule's selector text (its @container marks kept)
// from its sheet's default namespace, "" when it has none.
func cutNamespace(selector string) (rest, uri string) {
	i := strings.Index(selector, namespaceMark)
	if i < 0 {
		return selector, ""
	}
	end := len(selector)
	if j := strings.Index(selector[i:], containerMark); j >= 0 {
		end = i + j
	}
	return selector[:i] + selector[end:], selector[i+len(namespaceMark) : end]
}

// withNamespace is cutNamespace's inverse.
func withNamespace(rest, uri string) string {
	if uri == "" {
		return rest
	}
	if i := strings.Index(rest, containerMark); i >= 0 {
		return rest[:i] + namespaceMark + uri + rest[i:]
	}
	return rest + namespaceMark + uri
}

// anyNamespace drops the "*|" of the type and universal selectors of
// list, which match in any namespace (`*|span`, `*|*`): what the cascade
// matches without a prefix, its default namespace aside (an attribute
// selector's, `[*|foo]`, is the style matcher's).
func anyNamespace(list string) string {
	if !strings.Contains(list, "*|") {
		return list
	}
	var b strings.Builder
	var quote byte
	depth := 0 // in an attribute selector, whose *| the matcher reads
	for i := 0; i < len(list); i++ {
		c := list[i]
		switch {
		case c == '\\' && i+1 < len(list):
			b.WriteByte(c)
			i++
			c = list[i]
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case depth <= 0 && c == '*' && i+1 < len(list) && list[i+1] == '|' && (i+2 >= len(list) || list[i+2] != '='):
			i++
			if i+1 < len(list) && !isIdentByte(list[i+1]) && list[i+1] != '*' && list[i+1] != '\\' {
				b.WriteByte('*') // "*|" before no name: keep the universal selector
			}
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// inNamespace makes the selectors g parsed from list match elements in
// namespace uri only, unless list names a namespace prefix.
func inNamespace(g []*ruleSel, list, uri string) {
	depth := 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			depth--
		case '|':
			if depth <= 0 {
				return
			}
		}
	}
	for _, rs := range g {
		if sc, ok := rs.Sel.(scopedSel); ok {
			sc.Sel = nsSel{Sel: sc.Sel, uri: uri}
			rs.Sel = sc
			continue
		}
		rs.Sel = nsSel{Sel: rs.Sel, uri: uri}
	}
}

// nsSel is a selector of a sheet with a default namespace.
type nsSel struct {
	cascadia.Sel
	uri string
}

func (s nsSel) Match(n *html.Node) bool {
	return n.Type == html.ElementNode && dom.FromHTML(n).NamespaceURI() == s.uri && s.Sel.Match(n)
}
