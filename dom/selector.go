package dom

import (
	"strings"
	"sync"

	"github.com/andybalholm/cascadia"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// Selectors (https://dom.spec.whatwg.org/#scope-match-a-selectors-string),
// matched by cascadia directly on our tree (see the package doc).
//
// Before compiling, a selector is rewritten for what cascadia lacks:
//   - :scope tests a marker attribute set on the scoping element while
//     matching (on a document, :scope is :root);
//   - :checked tests a marker attribute set, while matching, on the inputs
//     and options that are checked or selected by their state (cascadia
//     would look at the checked attribute, which scripts do not change);
//   - :is(), :where(), :matches() and :-webkit-any() at the top level are
//     expanded into a selector list; :has(> x) becomes cascadia's
//     :haschild(x);
//   - :focus, :focus-within and :focus-visible ask Document.PseudoState
//     (the bindings keep the focus and the input modality),
//     :any-link and :link match hyperlinks (isHyperlink), :defined
//     matches everything; a top-level & (the nesting selector) is :scope;
//   - a selector naming a camelCase SVG element (foreignObject...) matches
//     while foreign element names are lowercased, since cascadia lowercases
//     type selectors.
// No script runs and no mutation is reported while markers are set.

const (
	scopeAttr   = "bangsnap-scope-0d1f"
	checkedAttr = "bangsnap-checked-0d1f"
)

// selectorCacheSize bounds the compiled selector cache; pages use a few
// hundred distinct selectors at most, and a full cache is simply dropped.
const selectorCacheSize = 512

type compiledSelector struct {
	g       cascadia.SelectorGroup
	scope   bool // uses the :scope marker
	checked bool // uses the :checked marker
	svgCase bool // names a camelCase SVG element (cascadia lowercases type selectors)
	states  []selState
	hosts   []selState // :host, :host() and :host-context(), tested on the host
	// hostG holds the selectors of the list that use :host tokens (g the
	// others), matched with the shadow root standing for its host.
	hostG cascadia.SelectorGroup
}

// rewriteInfo is what rewriteSelector found: the markers the rewritten
// selector tests, and whether the selector is invalid where cascadia
// would accept it.
type rewriteInfo struct {
	scope, checked bool
	err            bool
	states         []selState
	hosts          []selState
	byName         map[string]string
	mode           docMode
}

// docMode is what of the document changes how selectors match.
type docMode uint8

const (
	modeQuirks       docMode = 1 << iota // class and ID selectors ignore ASCII case
	modeXML                              // type selectors keep their case
	modeForeignAttrs                     // a non-HTML element got a mixed-case attribute from a script
	modeNSAttrs                          // an element got an attribute in a namespace without a prefix
)

// selectorMode returns the mode of n's document for selector matching.
func (n *Node) selectorMode() docMode {
	var m docMode
	if n.doc != nil {
		if n.doc.xml {
			m |= modeXML
		} else if n.doc.quirks() {
			m |= modeQuirks
		}
		if n.doc.mixedForeignAttrs {
			m |= modeForeignAttrs
		}
		if n.doc.nsAttrs {
			m |= modeNSAttrs
		}
	}
	return m
}

// svgCamelCase are the SVG element names with uppercase letters, as the
// parser spells them (https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-tag-name).
var svgCamelCase = []string{
	"altglyph", "altglyphdef", "altglyphitem", "animatecolor", "animatemotion", "animatetransform",
	"clippath", "feblend", "fecolormatrix", "fecomponenttransfer", "fecomposite", "feconvolvematrix",
	"fediffuselighting", "fedisplacementmap", "fedistantlight", "fedropshadow", "feflood", "fefunca",
	"fefuncb", "fefuncg", "fefuncr", "fegaussianblur", "feimage", "femerge", "femergenode",
	"femorphology", "feoffset", "fepointlight", "fespecularlighting", "fespotlight", "fetile",
	"feturbulence", "foreignobject", "glyphref", "lineargradient", "radialgradient", "textpath",
}

// svgCamelCaseName reports whether local is one of those names as the
// parser spells them (selectors already match those, see svgCase).
func svgCamelCaseName(local string) bool {
	l := ascii.Lower(local)
	for _, n := range svgCamelCase {
		if n == l {
			return true
		}
	}
	return false
}

func namesSVGCamelCase(sel string) bool {
	l := ascii.Lower(sel)
	for _, n := range svgCamelCase {
		if strings.Contains(l, n) {
			return true
		}
	}
	return false
}

type selectorKey struct {
	s            string
	elementScope bool
	mode         docMode
}

var selectorCache struct {
	sync.Mutex
	m map[selectorKey]*compiledSelector
}

// compileSelector compiles a selector group once per process; an invalid
// one is a SyntaxError. elementScope says whether :scope is an element.
func compileSelector(s string, elementScope bool, mode docMode) (*compiledSelector, error) {
	key := selectorKey{s, elementScope, mode}
	selectorCache.Lock()
	c, ok := selectorCache.m[key]
	selectorCache.Unlock()
	if ok {
		return c, nil
	}
	// Blocks left open at the end are closed, and the HTML attributes
	// with case-insensitive values get the i flag (selectorstate.go).
	if strings.TrimFunc(s, isASCIIWhitespace) == "" {
		return nil, &DOMError{Name: SyntaxError, Message: "The provided selector is empty."}
	}
	rw := rewriteInfo{mode: mode}
	pre := preprocessSelector(s)
	rewritten := rw.rewrite(addCaseFlags(emptySubstringNever(closeOpenBlocks(RelativeHasToHasChild(pre)))), elementScope)
	if rw.err || badIDSelector(pre) || badAroundPseudoElement(s) {
		return nil, &DOMError{Name: SyntaxError, Message: "'" + s + "' is not a valid selector."}
	}
	g, err := cascadia.ParseGroup(rewritten)
	if err != nil {
		return nil, &DOMError{Name: SyntaxError, Message: "'" + s + "' is not a valid selector."}
	}
	c = &compiledSelector{g: g, scope: rw.scope, checked: rw.checked, svgCase: namesSVGCamelCase(s), states: rw.states, hosts: rw.hosts}
	if !rw.scope && !rw.checked && len(rw.states) == 0 && len(rw.hosts) == 0 && strings.IndexByte(rewritten, '~') >= 0 {
		memoizeGeneralSiblings(g, rewritten)
	}
	if len(rw.hosts) > 0 {
		var plain, host []string
		for _, part := range splitTopLevel(rewritten, ',') {
			if strings.Contains(part, stateAttr+"~=h") {
				host = append(host, part)
			} else {
				plain = append(plain, part)
			}
		}
		c.g = nil
		if len(plain) > 0 {
			c.g, _ = cascadia.ParseGroup(strings.Join(plain, ","))
		}
		c.hostG, _ = cascadia.ParseGroup(strings.Join(host, ","))
	}
	selectorCache.Lock()
	if selectorCache.m == nil || len(selectorCache.m) >= selectorCacheSize {
		selectorCache.m = make(map[selectorKey]*compiledSelector)
	}
	selectorCache.m[key] = c
	selectorCache.Unlock()
	return c, nil
}

// memoizeGeneralSiblings replaces each selector of g that has a general
// sibling combinator with a StyleSelector, whose walk over the earlier
// siblings is memoized per document version (earlierSiblingMatches):
// cascadia's walk made querySelectorAll('p.x ~ p') over a long run of
// siblings quadratic. Only for selectors matched without markers: the
// memo would outlive a marker moved to another element in one version.
func memoizeGeneralSiblings(g cascadia.SelectorGroup, rewritten string) {
	parts := splitTopLevel(rewritten, ',')
	if len(parts) != len(g) {
		return
	}
	for i, part := range parts {
		if !UsesGeneralSibling(part) || NeedsStyleMatcher(part) || g[i].PseudoElement() != "" {
			continue
		}
		if st, err := ParseStyleSelector(part); err == nil && st.PseudoElement() == "" {
			g[i] = st
		}
	}
}

// badAroundPseudoElement reports whether s has a pseudo-element where the
// style-sheet grammar, which querySelector shares, allows none: the
// rewrite makes a pseudo-element match nothing and lets anything surround
// it ("::part(a) + ::part(b)", "::before:hover").
func badAroundPseudoElement(s string) bool {
	return strings.Contains(s, "::") && !cssscan.ValidSelectorList(closeOpenBlocks(preprocessSelector(s)), cssscan.SelectorContext{})
}

// rewriteSelector applies the rewrites listed above.
func rewriteSelector(s string, elementScope bool) (out string, rw rewriteInfo) {
	out = rw.rewrite(s, elementScope)
	return out, rw
}

// rewrite is rewriteSelector adding to rw (whose mode is set).
func (rw *rewriteInfo) rewrite(s string, elementScope bool) (out string) {
	if rw.mode == 0 && !strings.ContainsAny(s, ":|[&") {
		return s
	}
	var b strings.Builder
	var lit literalScan
	brackets, depth := 0, 0 // depth: parentheses of functional pseudo-classes
	for i := 0; i < len(s); i++ {
		if end := lit.copy(&b, s, i); end >= 0 {
			i = end
			continue
		}
		c := s[i]
		switch {
		case c == '[' && brackets == 0:
			if rep, end, ok := rw.namespacedAttr(s, i); ok {
				b.WriteString(rep)
				i = end
				continue
			}
			brackets++
		case c == '[':
			brackets++
		case c == ']':
			brackets--
		case rw.mode&modeXML != 0 && brackets == 0 && typeSelectorStart(s, i, b.String()):
			// XML documents: a type selector keeps its case, which
			// cascadia would lower (https://drafts.csswg.org/selectors-4/#type-selectors).
			j := i
			for j < len(s) && isIdentByte(s[j]) {
				j++
			}
			if name := s[i:j]; ascii.Lower(name) != name && (j == len(s) || s[j] != '\\' && s[j] != '|') {
				b.WriteString(rw.named("<"+name, func(n *Node) bool { return n.Data == name }))
				i = j - 1
				continue
			}
		case (c == '.' || c == '#') && brackets == 0 && rw.mode&modeQuirks != 0:
			// Quirks mode: class and ID selectors match ASCII
			// case-insensitively (https://dom.spec.whatwg.org/#concept-document-quirks):
			// written as attribute selectors with the i flag, which
			// cascadia matches natively.
			if end, ok := caselessClassOrID(&b, s, i); ok {
				i = end
				continue
			}
		case c == '&' && brackets == 0:
			// The nesting selector outside a nested style rule is the
			// scoping root, as :scope (https://drafts.csswg.org/css-nesting/#nest-selector):
			// "div & p" in querySelectorAll, matches("&").
			b.WriteString(rw.scopeRef(elementScope))
			continue
		case c == '(' && brackets == 0:
			depth++
		case c == ')' && brackets == 0:
			depth--
		case c == '|' && brackets == 0 && !(i+1 < len(s) && s[i+1] == '='):
			// Namespace prefixes (https://drafts.csswg.org/selectors-4/#type-nmsp):
			// *|E is E in any namespace, |E is E in no namespace; a named
			// prefix was never declared and stays a SyntaxError.
			cur := b.String()
			// A prefix needs a type or universal selector after it:
			// "div | .c" and "*| a" are syntax errors.
			if i+1 >= len(s) || !(isIdentByte(s[i+1]) || s[i+1] == '*' || s[i+1] == '\\') {
				b.WriteByte(c) // left for the parser to refuse (or a forgiving list to drop)
				continue
			}
			if strings.HasSuffix(cur, "*") && (len(cur) == 1 || strings.ContainsRune(" \t\n>+~(,", rune(cur[len(cur)-2]))) {
				b.Reset()
				b.WriteString(cur[:len(cur)-1])
				if i+1 < len(s) && s[i+1] == '*' {
					b.WriteByte('*')
					i++
				}
				continue
			}
			if cur == "" || strings.ContainsRune(" \t\n>+~(,", rune(cur[len(cur)-1])) {
				j := i + 1
				for j < len(s) && (isIdentByte(s[j]) || s[j] == '*') {
					j++
				}
				b.WriteString(s[i+1 : j])
				b.WriteString(rw.named("|", func(n *Node) bool { return n.Namespace == nullNamespace }))
				i = j - 1
				continue
			}
		case c == ':' && brackets == 0 && i+1 < len(s) && s[i+1] == ':':
			// A pseudo-element: valid, and it matches no element.
			j := i + 2
			for j < len(s) && isIdentByte(s[j]) {
				j++
			}
			if pe := ascii.Lower(s[i+2 : j]); pseudoElements[pe] || WebkitPseudoElement(pe) && (j == len(s) || s[j] != '(') {
				slotted := pe == "slotted"
				if j < len(s) && s[j] == '(' {
					if end := matchingParen(s, j); end > 0 {
						// ::slotted() takes one compound selector
						// (https://drafts.csswg.org/css-scoping/#slotted-pseudo).
						if arg := strings.TrimSpace(s[j+1 : end]); slotted && (arg == "" || compoundEnd(arg) != len(arg) || !cssscan.ValidSelectorList("::slotted("+arg+")", cssscan.SelectorContext{})) {
							rw.err = true
						}
						slotted = false
						j = end + 1
					}
				}
				if slotted {
					rw.err = true // ::slotted needs its argument
				}
				b.WriteString(":not(*)")
				i = j - 1
				continue
			}
		case c == ':' && brackets == 0 && !(i+1 < len(s) && s[i+1] == ':') && !(i > 0 && s[i-1] == ':'):
			j := i + 1
			for j < len(s) && (isIdentByte(s[j])) {
				j++
			}
			name := ascii.Lower(s[i+1 : j])
			if j < len(s) && s[j] == '(' {
				if end := matchingParen(s, j); end > 0 {
					arg := s[j+1 : end]
					if name == "has" && strings.Contains(ascii.Lower(arg), ":has(") {
						rw.err = true // :has() does not nest
					}
					if rep, ok := rw.functionalState(name, arg, elementScope); ok {
						b.WriteString(rep)
						i = end
						continue
					}
					if depth > 0 && forgivingLists[name] {
						// cascadia has :is() only where expandIs can lift it
						// to the top level; inside :not() or :has() it is
						// matched as a state.
						if rep, ok := rw.nestedIs(arg, elementScope); ok {
							b.WriteString(rep)
							i = end
							continue
						}
					}
				}
				if name == "has" {
					// :has(> x) is cascadia's :haschild(x).
					k := j + 1
					for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
						k++
					}
					if k < len(s) && s[k] == '>' {
						b.WriteString(":haschild(")
						depth++
						i = k
						continue
					}
				}
				break // functional: :is() and friends are expanded below
			}
			rep := ""
			switch name {
			case "scope":
				rep = rw.scopeRef(elementScope)
			case "checked":
				rep, rw.checked = "["+checkedAttr+"]", true
			case "focus", "focus-within", "focus-visible":
				// The focus lives outside the tree: PseudoState knows it.
				rep = rw.named(name, func(n *Node) bool { return n.pseudoState(name, "") })
			case "host":
				rep = rw.hostRef(nil)
			case "fullscreen", "-webkit-full-screen", "picture-in-picture":
				// No element is ever fullscreen or in picture-in-picture.
				rep = ":not(*)"
			case "popover-open", "modal", "target", "active-view-transition":
				rep = rw.named(name, func(n *Node) bool { return n.pseudoState(name, "") })
			default:
				if legacyPseudoElements[name] {
					rep = ":not(*)"
				} else if f := elementStates[name]; f != nil {
					rep = rw.named(name, f)
				}
			}
			if rep != "" {
				b.WriteString(rep)
				i = j - 1
				continue
			}
		}
		b.WriteByte(c)
	}
	out = b.String()
	if strings.Contains(out, "(") {
		var parts []string
		budget := maxExpansion
		for _, sel := range splitTopLevel(out, ',') {
			parts = append(parts, expandIs(strings.TrimSpace(sel), 0, &budget)...)
			if budget < 0 {
				return out // too many; let cascadia reject it
			}
		}
		out = strings.Join(parts, ", ")
	}
	return out
}

// scopeRef is what :scope (and a top-level &) is rewritten to: the
// marker of the scoping element, or :root when the scope is a document.
func (rw *rewriteInfo) scopeRef(elementScope bool) string {
	if elementScope {
		rw.scope = true
		return "[" + scopeAttr + "]"
	}
	return ":root"
}

// badIDSelector reports whether s has an ID selector whose name is no
// identifier (#1, #-1, #-): the tokenizer makes those hash tokens of type
// "unrestricted", which an ID selector may not be, and cascadia accepts them.
// https://drafts.csswg.org/selectors-4/#id-selectors
// https://drafts.csswg.org/css-syntax-3/#would-start-an-identifier
func badIDSelector(s string) bool {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++ // the escaped character is part of a name or string
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			if !startsIdent(s[i+1:]) {
				return true
			}
		case c == ':':
			// A forgiving selector list drops its bad arguments
			// (https://drafts.csswg.org/selectors-4/#forgiving-selector).
			j := i + 1
			for j < len(s) && isIdentByte(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '(' && forgivingLists[ascii.Lower(s[i+1:j])] {
				if end := matchingParen(s, j); end > 0 {
					i = end
				}
			}
		}
	}
	return false
}

// forgivingLists are the functional pseudo-classes taking a forgiving
// selector list.
var forgivingLists = map[string]bool{"is": true, "where": true, "matches": true, "-webkit-any": true, "-moz-any": true}

// startsIdent reports whether s starts with an identifier: a name-start
// code point, an escape, or a hyphen followed by either or by a hyphen.
// https://drafts.csswg.org/css-syntax-3/#would-start-an-identifier
func startsIdent(s string) bool {
	nameStart := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80 }
	escape := func(s string) bool { return len(s) >= 2 && s[0] == '\\' && s[1] != '\n' }
	switch {
	case s == "":
		return false
	case s[0] == '-':
		return len(s) > 1 && (nameStart(s[1]) || s[1] == '-' || escape(s[1:]))
	default:
		return nameStart(s[0]) || escape(s)
	}
}

func isIdentByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c >= 0x80
}

// splitTopLevel splits s at sep outside strings, escapes and blocks.
func splitTopLevel(s string, sep byte) []string { return cssscan.Split(s, sep) }

// maxExpansion bounds the selectors :is() expansion may produce.
const maxExpansion = 256

// expandIs expands the first top-level :is()/:where()/:matches()/
// :-webkit-any() of one complex selector into one selector per argument;
// budget counts down the selectors it may still produce.
func expandIs(sel string, depth int, budget *int) []string {
	if depth > 8 || *budget < 0 {
		return []string{sel}
	}
	var sc cssscan.Scanner
	for i, c := range sc.All(sel) {
		if c != ':' || sc.Depth() != 0 {
			continue
		}
		j := i + 1
		for j < len(sel) && isIdentByte(sel[j]) {
			j++
		}
		switch ascii.Lower(sel[i+1 : j]) {
		case "is", "where", "matches", "-webkit-any", "-moz-any":
		default:
			continue
		}
		if j >= len(sel) || sel[j] != '(' {
			continue
		}
		end := matchingParen(sel, j)
		if end < 0 {
			return []string{sel}
		}
		prefix, suffix := sel[:i], sel[end+1:]
		var out []string
		for _, arg := range splitTopLevel(sel[j+1:end], ',') {
			if *budget < 0 {
				return []string{sel}
			}
			arg = strings.TrimSpace(arg)
			if arg == "" || badIDSelector(arg) || !expandedParses(arg, depth) {
				continue // a forgiving selector list drops what it cannot parse
			}
			for _, v := range joinComplex(prefix, arg) {
				*budget--
				out = append(out, expandIs(v+suffix, depth+1, budget)...)
			}
		}
		if len(out) == 0 {
			return []string{sel[:i] + ":not(*)" + suffix}
		}
		return out
	}
	return []string{sel}
}

// expandedParses reports whether cascadia parses arg, an argument of :is()
// and its aliases, once the :is() nested in it are expanded too
// (`:is(.a > :is(.b, .c) ~ .d)`).
func expandedParses(arg string, depth int) bool {
	if _, err := cascadia.ParseGroup(arg); err == nil {
		return true
	}
	budget := maxExpansion
	vs := expandIs(arg, depth+1, &budget)
	if budget < 0 || len(vs) == 1 && vs[0] == arg {
		return false
	}
	for _, v := range vs {
		if _, err := cascadia.ParseGroup(v); err != nil {
			return false
		}
	}
	return true
}

// ExpandIs returns the selectors one complex selector stands for once its
// top-level :is(), :where(), :matches() and :-webkit-any() are expanded,
// as querySelector expands them (arguments cascadia cannot parse are
// dropped, as from a forgiving selector list), or sel itself when it has
// none. The result is bounded. Each result's own specificity is not the
// selector's: :where() counts nothing and :is() its most specific argument.
func ExpandIs(sel string) []string {
	budget := maxExpansion
	return expandIs(sel, 0, &budget)
}

func matchingParen(s string, open int) int {
	if end := cssscan.BlockEnd(s, open); end < len(s) {
		return end
	}
	return -1
}

// joinComplex returns what :is(arg), arg a complex selector, stands for
// after prefix: arg's last compound joins the compound the :is() is in
// (joinCompound) and the rest of arg goes before it. `.a:is(.b *)` is
// `.b .a`, the shape of Tailwind's group-*, in-* and custom variants such
// as `&:where(.dark, .dark *)`. Exact when the compound starts the
// selector. After outer compounds (`.x .a:is(.y *)`, `#c > :is(#c > #f)`)
// the relations of arg and of the outer compounds are independent, and
// may share elements: :is(arg) becomes :not(:not(arg)), which cascadia
// matches as arg at the element, wherever its compounds fall. An arg
// cascadia does not parse (a nested :is()) is joined as above, arg's
// ancestors put inside the outer ones; when both are one compound before
// a descendant combinator, also outside them and on the same element
// (`.x .y .a`, `.y .x .a`, `.x.y .a`). Longer chains get the first form only.
func joinComplex(prefix, arg string) []string {
	k := lastCompoundStart(arg)
	if k == 0 {
		if v, ok := joinCompound(prefix, arg); ok {
			return []string{v}
		}
		return nil
	}
	cs := lastCompoundStart(prefix)
	j, ok := joinCompound(prefix[cs:], arg[k:])
	if !ok {
		return nil
	}
	outer, head := prefix[:cs], arg[:k]
	if outer == "" {
		return []string{head + j}
	}
	if _, err := cascadia.ParseGroup(arg); err == nil {
		return []string{prefix + ":not(:not(" + arg + "))"}
	}
	out := []string{outer + head + j}
	o, h := strings.TrimRight(outer, " \t\n"), strings.TrimRight(head, " \t\n")
	if o != "" && h != "" && lastCompoundStart(o) == 0 && lastCompoundStart(h) == 0 {
		out = append(out, head+outer+j)
		if both, ok := joinCompound(o, h); ok {
			out = append(out, both+" "+j)
		}
	}
	return out
}

// lastCompoundStart returns where the last compound selector of sel
// starts: after its last combinator outside blocks and strings, or 0.
func lastCompoundStart(sel string) int {
	start := 0
	var sc cssscan.Scanner
	for i, c := range sc.All(sel) {
		if sc.Depth() == 0 && isCombinatorByte(c) {
			start = i + 1
		}
	}
	return start
}

func isCombinatorByte(c byte) bool {
	return c == ' ' || c == '>' || c == '+' || c == '~' || c == '\t' || c == '\n'
}

// joinCompound puts arg where :is(arg) stood after prefix. A type
// selector in arg must lead its compound: it moves to the compound's
// start, and two different types never match (ok is false).
func joinCompound(prefix, arg string) (string, bool) {
	cs := lastCompoundStart(prefix) // not a space inside [class~="a" i] (quirks mode)
	if cs == len(prefix) {
		return prefix + arg, true // the compound starts with the :is()
	}
	t := 0
	for t < len(arg) && (isIdentByte(arg[t]) || arg[t] == '*' || arg[t] == '|') {
		t++
	}
	if t == 0 {
		return prefix + arg, true
	}
	argType, rest := arg[:t], arg[t:]
	compound := prefix[cs:]
	pt := 0
	for pt < len(compound) && (isIdentByte(compound[pt]) || compound[pt] == '*' || compound[pt] == '|') {
		pt++
	}
	switch prefixType := compound[:pt]; {
	case argType == "*":
		return prefix + rest, true
	case prefixType == "" || prefixType == "*":
		return prefix[:cs] + argType + compound[pt:] + rest, true
	case ascii.EqualFold(prefixType, argType):
		return prefix + rest, true
	}
	return "", false
}

// An elMatcher tests elements against a compiled selector while its
// markers are set.
type elMatcher struct {
	c  *compiledSelector
	si *hostStandIn // nil without :host or outside shadow trees
}

func (m elMatcher) match(n *Node) bool {
	if m.c.g.Match(&n.Node) {
		return true
	}
	if m.si == nil {
		return false
	}
	m.si.apply()
	ok := m.c.hostG.Match(&n.Node)
	m.si.undo()
	return ok
}

// match runs fn with the markers the compiled selector needs set; fn
// tests elements with m.
func (c *compiledSelector) match(scope *Node, fn func(m elMatcher)) {
	var restore []*Node
	var saved [][]html.Attribute
	markVal := func(n *Node, key, val string) {
		restore = append(restore, n)
		saved = append(saved, n.Attr)
		n.Attr = append(n.Attr[:len(n.Attr):len(n.Attr)], html.Attribute{Key: key, Val: val})
	}
	mark := func(n *Node, key string) { markVal(n, key, "") }
	if c.scope && scope.Type == html.ElementNode {
		mark(scope, scopeAttr)
	}
	if len(c.states) > 0 {
		markStates(scope.Root(), c.states, markVal)
	}
	if c.checked {
		root := scope.Root()
		visit := func(n *Node) {
			if isCheckedState(n) {
				mark(n, checkedAttr)
			}
		}
		visit(root)
		root.Descendants(func(n *Node) bool { visit(n); return true })
	}
	// cascadia compares lowercased type selectors with Data: let
	// foreignObject match as browsers do by lowercasing foreign names
	// while matching.
	var renamed []*Node
	var names []string
	// In an HTML document Chromium matches type selectors ASCII
	// case-insensitively on elements that are not HTML: a script-made
	// <Div> in no namespace matches div and DIV. Pages that never made
	// one (mixedForeign) pay nothing.
	anyForeign := scope.doc != nil && scope.doc.mixedForeign
	if c.svgCase || anyForeign {
		root := scope.Root()
		lower := func(n *Node) {
			if n.Type == html.ElementNode && (n.Namespace == "svg" || n.Namespace == "math" || anyForeign && n.Namespace != "") {
				if l := ascii.Lower(n.Data); l != n.Data {
					renamed = append(renamed, n)
					names = append(names, n.Data)
					n.Data = l
				}
			}
		}
		lower(root)
		root.Descendants(func(n *Node) bool { lower(n); return true })
	}
	m := elMatcher{c: c}
	if len(c.hosts) > 0 {
		m.si = newHostStandIn(scope, c.hosts)
	}
	// Selectors 4 (and Chromium) let :first-child, :nth-of-type() and
	// the other structural pseudo-classes match an element with no
	// parent, as the only child of nothing; cascadia needs a parent to
	// count siblings. A parentless root gets a stand-in parent while
	// matching, of a node type no selector matches (so :root, combinators
	// and closest() still see no parent element).
	if root := scope.Root(); root.Type == html.ElementNode && root.Parent == nil {
		standIn := &Node{Node: html.Node{Type: html.ErrorNode, FirstChild: &root.Node, LastChild: &root.Node}}
		root.Parent = &standIn.Node
		rootsMoving(root)
		defer func() {
			root.Parent = nil
			rootsMoving(root)
		}()
	}
	defer func() {
		for i := len(restore) - 1; i >= 0; i-- {
			restore[i].Attr = saved[i]
		}
		for i, n := range renamed {
			n.Data = names[i]
		}
	}()
	fn(m)
}

// QuerySelector returns the first element descendant of n matching
// selectors, or nil (https://dom.spec.whatwg.org/#dom-parentnode-queryselector).
func (n *Node) QuerySelector(selectors string) (*Node, error) {
	c, err := compileSelector(selectors, n.Type == html.ElementNode, n.selectorMode())
	if err != nil {
		return nil, err
	}
	var found *Node
	c.match(n, func(m elMatcher) {
		n.Descendants(func(d *Node) bool {
			if d.Type == html.ElementNode && m.match(d) {
				found = d
				return false
			}
			return true
		})
	})
	if mentionsStyle(selectors) {
		// Chromium synchronizes the elements it matched against: up to
		// the first match
		n.Descendants(func(d *Node) bool {
			d.flags &^= styleTail
			return d != found
		})
	}
	return found, nil
}

// QuerySelectorAll returns the element descendants of n matching
// selectors, in tree order (https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall).
func (n *Node) QuerySelectorAll(selectors string) ([]*Node, error) {
	c, err := compileSelector(selectors, n.Type == html.ElementNode, n.selectorMode())
	if err != nil {
		return nil, err
	}
	syncStylesIn(n, selectors)
	var out []*Node
	c.match(n, func(m elMatcher) {
		n.Descendants(func(d *Node) bool {
			if d.Type == html.ElementNode && m.match(d) {
				out = append(out, d)
			}
			return true
		})
	})
	return out, nil
}

// Matches reports whether element n matches selectors
// (https://dom.spec.whatwg.org/#dom-element-matches).
func (n *Node) Matches(selectors string) (bool, error) {
	c, err := compileSelector(selectors, true, n.selectorMode())
	if err != nil {
		return false, err
	}
	syncStyleOf(n, selectors, false)
	ok := false
	c.match(n, func(m elMatcher) { ok = n.Type == html.ElementNode && m.match(n) })
	return ok, nil
}

// Closest returns the closest inclusive ancestor element of n matching
// selectors, or nil (https://dom.spec.whatwg.org/#dom-element-closest).
func (n *Node) Closest(selectors string) (*Node, error) {
	c, err := compileSelector(selectors, true, n.selectorMode())
	if err != nil {
		return nil, err
	}
	syncStyleOf(n, selectors, true)
	var found *Node
	c.match(n, func(m elMatcher) {
		for e := n; e != nil; e = e.ParentNode() {
			if e.Type == html.ElementNode && m.match(e) {
				found = e
				return
			}
		}
	})
	return found, nil
}

// typeSelectorStart reports whether s[i] starts a type selector: an
// identifier at the start of a compound (after the start, a combinator, a
// comma, or the parenthesis of a pseudo-class taking selectors); out is
// what the rewrite wrote so far.
func typeSelectorStart(s string, i int, out string) bool {
	c := s[i]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80) {
		return false
	}
	if i > 0 && (isIdentByte(s[i-1]) || s[i-1] == '-' || s[i-1] == '\\') {
		return false
	}
	out = strings.TrimRight(out, " \t\n")
	if out == "" {
		return true
	}
	switch out[len(out)-1] {
	case '>', '+', '~', ',':
		return true
	case '(':
		k := len(out) - 1
		for k > 0 && (isIdentByte(out[k-1]) || out[k-1] == '-') {
			k--
		}
		switch ascii.Lower(out[k : len(out)-1]) {
		case "not", "is", "where", "matches", "has", "haschild", "-webkit-any":
			return true
		}
		return false
	}
	// After whitespace (the descendant combinator) a compound starts too.
	return s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\n'
}

// preprocessSelector does what CSS parsing does to the code points cascadia
// takes as they are: U+0000 becomes U+FFFD
// (https://drafts.csswg.org/css-syntax-3/#input-preprocessing), and so does
// an escape of zero, of a surrogate or of a value past U+10FFFF, or a
// backslash at the end outside a string (which a string drops)
// (https://drafts.csswg.org/css-syntax-3/#consume-escaped-code-point).
func preprocessSelector(s string) string {
	if !strings.ContainsAny(s, "\\\x00") {
		return s
	}
	var b strings.Builder
	var quote byte
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0:
			b.WriteString(s[last:i])
			b.WriteString("\uFFFD")
			last = i + 1
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case c == '\\' && i+1 == len(s):
			b.WriteString(s[last:i])
			if quote == 0 {
				b.WriteString("\uFFFD")
			}
			last = len(s)
		case c == '\\':
			j := i + 1
			v := 0
			for j < len(s) && j < i+7 && isHexDigit(s[j]) {
				v = v*16 + cssscan.HexValue(s[j])
				j++
			}
			if j == i+1 {
				i++ // an escaped character stands for itself
				continue
			}
			if v == 0 || 0xD800 <= v && v <= 0xDFFF || v > 0x10FFFF {
				if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n') {
					j++ // the whitespace ending the escape
				}
				b.WriteString(s[last:i])
				b.WriteString("\uFFFD")
				last = j
			}
			i = j - 1
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// mentionsStyle reports whether a selector may read the style attribute.
func mentionsStyle(selectors string) bool {
	for i := 0; i+5 <= len(selectors); i++ {
		if c := selectors[i] | 0x20; c == 's' && ascii.EqualFold(selectors[i:i+5], "style") {
			return true
		}
	}
	return false
}

// syncStylesIn synchronizes the style attributes of root's descendants
// when selectors read it (SyncStyleAttribute): Chromium does for each
// element it matches such a selector against.
func syncStylesIn(root *Node, selectors string) {
	if !mentionsStyle(selectors) {
		return
	}
	root.Descendants(func(c *Node) bool {
		c.flags &^= styleTail
		return true
	})
}

// syncStyleOf is syncStylesIn for matches (n) and closest (n and its
// ancestors).
func syncStyleOf(n *Node, selectors string, up bool) {
	if !mentionsStyle(selectors) {
		return
	}
	for ; n != nil; n = n.ParentNode() {
		n.flags &^= styleTail
		if !up {
			return
		}
	}
}

// QuirksCaseSelector returns sel with its class and ID selectors written
// as attribute selectors with the i flag (`.a` as `[class~="a" i]`, `#b`
// as `[id="b" i]`), as querySelector rewrites them in quirks mode: a
// quirks-mode document matches class and ID selectors ASCII
// case-insensitively (https://dom.spec.whatwg.org/#concept-document-quirks),
// in its style sheets as in scripts, and cascadia matches the i flag
// natively. Strings, attribute selectors and names with escapes are left
// as they are.
func QuirksCaseSelector(sel string) string {
	if !strings.ContainsAny(sel, ".#") {
		return sel
	}
	var b strings.Builder
	var lit literalScan
	brackets := 0
	for i := 0; i < len(sel); i++ {
		if end := lit.copy(&b, sel, i); end >= 0 {
			i = end
			continue
		}
		switch c := sel[i]; {
		case c == '[':
			brackets++
		case c == ']':
			brackets--
		case (c == '.' || c == '#') && brackets == 0:
			if end, ok := caselessClassOrID(&b, sel, i); ok {
				i = end
				continue
			}
		}
		b.WriteByte(sel[i])
	}
	return b.String()
}

// caselessClassOrID writes the class or ID selector at s[i] ('.' or '#')
// as an attribute selector with the i flag and returns the index of its
// last byte; false, with nothing written, when no plain identifier
// follows (a name with an escape is left as it is).
func caselessClassOrID(b *strings.Builder, s string, i int) (int, bool) {
	j := i + 1
	for j < len(s) && isIdentByte(s[j]) {
		j++
	}
	name := s[i+1 : j]
	if name == "" || j < len(s) && s[j] == '\\' || !startsIdent(name) {
		return i, false
	}
	if s[i] == '.' {
		b.WriteString(`[class~="`)
	} else {
		b.WriteString(`[id="`)
	}
	b.WriteString(name)
	b.WriteString(`" i]`)
	return j - 1, true
}

// literalScan follows the strings of a selector copied byte by byte, so
// that its rewrites leave strings and escapes as they are.
type literalScan struct{ quote byte }

// copy copies s[i] to b when it is part of a string or an escape (with
// the byte the escape takes) or opens a string, and returns the index of
// the last byte copied; -1, with nothing copied, when s[i] is selector
// syntax for the caller to read.
func (l *literalScan) copy(b *strings.Builder, s string, i int) int {
	c := s[i]
	switch {
	case c == '\\' && i+1 < len(s):
		b.WriteString(s[i : i+2])
		return i + 1
	case l.quote != 0:
		if c == l.quote {
			l.quote = 0
		}
	case c == '"' || c == '\'':
		l.quote = c
	default:
		return -1
	}
	b.WriteByte(c)
	return i
}
