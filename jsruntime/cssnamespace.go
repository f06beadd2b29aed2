package jsruntime

import (
	"sort"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The namespaces of a style sheet for the cascade. A sheet's
// `@namespace url(U);` (before any rule but @charset and @import) makes
// its type and universal selectors without a namespace prefix, and the
// compounds with no type selector, match only elements in namespace U:
// `@namespace url(urn:x); ol { … }` styles no HTML ol (WPT's
// test-ua-stylesheet.js compares the HTML elements with clones in such
// a namespace, styled by a sheet like that). `@namespace svg url(U);`
// declares the prefix svg: `svg|a` matches the a elements in U, `|a`
// those in no namespace, `*|a` any; a prefix no @namespace declares
// makes the rule invalid. The sheet parser carries the namespaces after
// namespaceMark at the end of each rule's selector text, before its
// @container marks (sheetNamespaces.mark). parseRuleSelectors matches a
// list naming prefixes through dom.NamespaceSelector, written in each of
// its compounds (resolvePrefixes); other lists of a sheet with a default
// namespace it wraps in an nsSel, which checks the subject's namespace
// only (the compounds of its ancestors and siblings are in the
// subject's namespace in the pages that declare one).
// https://drafts.csswg.org/css-namespaces/

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

// namespaceDecl reads an @namespace rule's prelude: the prefix it
// declares ("" for the default namespace) and the URL (`url(U)` or a
// string); ok is false for a malformed one.
// https://drafts.csswg.org/css-namespaces/#syntax
func namespaceDecl(prelude string) (prefix, uri string, ok bool) {
	p := strings.TrimSpace(prelude[len("@namespace"):])
	if p != "" && !(p[0] == '"' || p[0] == '\'' || len(p) >= 4 && ascii.EqualFold(p[:4], "url(")) {
		end := 0
		for end < len(p) && (isIdentByte(p[end]) || p[end] >= 0x80) {
			end++
		}
		if end == 0 || end == len(p) || !isCSSSpace(p[end]) {
			return "", "", false
		}
		prefix, p = p[:end], strings.TrimSpace(p[end:])
	}
	switch {
	case len(p) >= 4 && ascii.EqualFold(p[:4], "url("):
		end := strings.IndexByte(p, ')')
		if end < 0 || strings.TrimSpace(p[end+1:]) != "" {
			return "", "", false
		}
		return prefix, strings.Trim(strings.TrimSpace(p[4:end]), `"'`), true
	case p != "" && (p[0] == '"' || p[0] == '\''):
		end := strings.IndexByte(p[1:], p[0])
		if end < 0 || strings.TrimSpace(p[end+2:]) != "" {
			return "", "", false
		}
		return prefix, p[1 : end+1], true
	}
	return "", "", false
}

// sheetNamespaces are the namespaces a sheet's @namespace rules declare.
type sheetNamespaces struct {
	def      string
	hasDef   bool
	prefixes map[string]string // prefix → URL
}

// declare records the declaration of an @namespace rule; a later one of
// the same prefix replaces it.
func (ns *sheetNamespaces) declare(prefix, uri string) {
	if prefix == "" {
		ns.def, ns.hasDef = uri, true
		return
	}
	if ns.prefixes == nil {
		ns.prefixes = map[string]string{}
	}
	ns.prefixes[prefix] = uri
}

// declared reports whether prefix is declared, for cssscan.
func (ns *sheetNamespaces) declared(prefix string) bool {
	_, ok := ns.prefixes[prefix]
	return ok
}

// Marks of the prefixes in a rule's namespace text (after namespaceMark):
// the default namespace's URL (noDefaultNamespace when there is none),
// then each prefix after prefixMark and its URL after prefixURLMark.
const (
	noDefaultNamespace = "\x03"
	prefixMark         = "\x01"
	prefixURLMark      = "\x02"
)

// mark is the text emit appends to each rule's selector: namespaceMark
// and the namespaces; "" when the sheet declares none. Without prefixes
// it is the default namespace's URL alone.
func (ns *sheetNamespaces) mark() string {
	if !ns.hasDef && len(ns.prefixes) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(namespaceMark)
	if ns.hasDef {
		b.WriteString(ns.def)
	} else {
		b.WriteString(noDefaultNamespace)
	}
	names := make([]string, 0, len(ns.prefixes))
	for name := range ns.prefixes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b.WriteString(prefixMark + name + prefixURLMark + ns.prefixes[name])
	}
	return b.String()
}

// readNamespaces is mark's inverse, given the text after namespaceMark.
func readNamespaces(text string) sheetNamespaces {
	def, rest, _ := strings.Cut(text, prefixMark)
	var ns sheetNamespaces
	if def != noDefaultNamespace {
		ns.declare("", def)
	}
	for rest != "" {
		var item string
		item, rest, _ = strings.Cut(rest, prefixMark)
		name, uri, _ := strings.Cut(item, prefixURLMark)
		ns.declare(name, uri)
	}
	return ns
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
// namespace uri only, unless list names a namespace prefix (`*|span`
// in a sheet declaring no prefix).
func inNamespace(g []*ruleSel, list, uri string) {
	if namesPrefix(list) {
		return
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

// namesPrefix reports whether the selector list names a namespace prefix
// in a type or universal selector (`svg|a`, `|x`, `*|*`).
func namesPrefix(list string) bool {
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
			if depth <= 0 && (i+1 >= len(list) || list[i+1] != '=') {
				return true
			}
		}
	}
	return false
}

// resolvePrefixes rewrites a rule's selector text (with its scopes, after
// scopeMark) for a sheet declaring namespace prefixes: each compound's
// namespace, that of its prefix or else the default one, becomes the
// dom.NamespaceSelector after its type selector (`svg|g > circle` with
// the XHTML namespace as the default is `g:N(svg) > circle:N(xhtml)`);
// `*|` matches any namespace and `|` none.
// https://drafts.csswg.org/css-namespaces/#css-qnames
func resolvePrefixes(selector string, ns *sheetNamespaces) string {
	list, chain, scoped := strings.Cut(selector, scopeMark)
	var b strings.Builder
	writeResolved(&b, list, ns)
	if scoped {
		for _, level := range strings.Split(chain, scopeMark) {
			b.WriteString(scopeMark)
			root, limit, hasLimit := strings.Cut(level, "\x00")
			if root == scopeOwnerRoot {
				b.WriteString(root)
			} else {
				writeResolved(&b, root, ns)
			}
			if hasLimit {
				b.WriteByte(0)
				writeResolved(&b, limit, ns)
			}
		}
	}
	return b.String()
}

// selectorArgPseudos are the functional pseudo-classes and elements
// whose argument is a selector list (:nth-child()'s after "of").
var selectorArgPseudos = map[string]bool{
	"is": true, "where": true, "not": true, "has": true, "matches": true, "-webkit-any": true, "-moz-any": true,
	"host": true, "host-context": true, "slotted": true, "nth-child": true, "nth-last-child": true,
}

// writeResolved writes the selector list s with its namespaces resolved.
func writeResolved(b *strings.Builder, s string, ns *sheetNamespaces) {
	start := true // at the start of a compound
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '>' || c == '+' || c == '~' || c == ',' {
			b.WriteByte(c)
			start = true
			i++
			continue
		}
		if start {
			start = false
			i = writeTypeSelector(b, s, i, ns)
			continue
		}
		switch c {
		case '\\':
			end := min(i+2, len(s))
			b.WriteString(s[i:end])
			i = end
		case '"', '\'':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				b.WriteString(s[i:])
				return
			}
			b.WriteString(s[i : i+end+2])
			i += end + 2
		case '[':
			end := min(cssscan.BlockEnd(s, i)+1, len(s))
			b.WriteString(s[i:end])
			i = end
		case ':':
			j := i + 1
			if j < len(s) && s[j] == ':' {
				j++
			}
			k := j
			for k < len(s) && isIdentByte(s[k]) {
				k++
			}
			if k >= len(s) || s[k] != '(' {
				b.WriteString(s[i:k])
				i = k
				continue
			}
			end := cssscan.BlockEnd(s, k)
			if end >= len(s) {
				b.WriteString(s[i:])
				return
			}
			name := strings.ToLower(s[j:k])
			arg := s[k+1 : end]
			b.WriteString(s[i : k+1])
			switch {
			case !selectorArgPseudos[name]:
				b.WriteString(arg)
			case name == "nth-child" || name == "nth-last-child":
				if of := strings.Index(strings.ToLower(arg), " of "); of >= 0 {
					b.WriteString(arg[:of+4])
					writeResolved(b, arg[of+4:], ns)
				} else {
					b.WriteString(arg)
				}
			default:
				writeResolved(b, arg, ns)
			}
			b.WriteByte(')')
			i = end + 1
		default:
			b.WriteByte(c)
			i++
		}
	}
}

// writeTypeSelector writes the type or universal selector at s[i], if
// any, without its prefix, and the namespace its compound is limited to;
// it returns the index after the type selector.
func writeTypeSelector(b *strings.Builder, s string, i int, ns *sheetNamespaces) int {
	j := i
	switch {
	case s[j] == '*':
		j++
	case s[j] == '&':
		return i // the nesting selector: its rule's compound
	case isIdentByte(s[j]) || s[j] == '\\':
		for j < len(s) && (isIdentByte(s[j]) || s[j] == '\\') {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j, len(s))
	}
	uri, limited := ns.def, ns.hasDef
	if j < len(s) && s[j] == '|' && (j+1 >= len(s) || s[j+1] != '=') {
		prefix := s[i:j]
		switch prefix {
		case "*":
			limited = false
		case "":
			uri, limited = "", true
		default:
			uri, limited = ns.prefixes[prefix]
			if !limited {
				uri, limited = "\x00undeclared", true // cssscan drops such rules
			}
		}
		i = j + 1
		j = i
		if j < len(s) && s[j] == '*' {
			j++
		}
		for j < len(s) && (isIdentByte(s[j]) || s[j] == '\\') {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j, len(s))
	}
	b.WriteString(s[i:j])
	if limited {
		b.WriteString(dom.NamespaceSelector(uri))
	}
	return j
}
