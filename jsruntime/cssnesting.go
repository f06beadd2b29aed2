package jsruntime

import (
	"math"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// CSS Nesting and @scope for the cascade. A style rule's block may hold
// style rules and conditional group rules besides its declarations
// (`.card { color: red; & .title { display: none } @media (…) { … } }`),
// as sheets written for current browsers ship them (Lightning CSS and
// Vite keep nesting when the targets have it). Each nested rule becomes a
// rule of its own whose selector is the nested one with `&` standing for
// the parent's selector list (`:is(parent)`, its specificity that of the
// parent's most specific selector), and a nested selector without `&` is
// relative to the parent (a descendant, or after its leading combinator).
// Declarations after a nested rule are a rule of the parent's selector of
// their own, after it (CSSNestedDeclarations).
// https://drafts.csswg.org/css-nesting/
//
// The rules of `@scope (root) { … }` match inside the elements root
// matches: their selectors get `:where(root)` before them (a scoped rule
// gains no specificity from its root), `:scope` and `&` stand for it, and a
// scope limit (`to (limit)`) leaves out the limit elements and what they
// hold. Proximity (a nearer root winning over an equally specific rule) is
// not ranked.
// https://drafts.csswg.org/css-cascade-6/#scoped-styles

// styleRule reads one style rule: its declarations, and the rules nested
// in its block with depth levels of nesting above them.
func (p *sheetParser) styleRule(layer, selector, body string, depth int) {
	if strings.IndexByte(body, '{') < 0 {
		p.emit(layer, selector, parseCascadeDecls(body, p.quirks))
		return
	}
	var decls strings.Builder
	flush := func() {
		if strings.TrimSpace(decls.String()) != "" {
			p.emit(layer, selector, parseCascadeDecls(decls.String(), p.quirks))
		}
		decls.Reset()
	}
	rest := body
	for rest != "" {
		i, c := cssscan.IndexDeclOrBlock(rest)
		if i < 0 {
			decls.WriteString(rest)
			break
		}
		if c == ';' {
			decls.WriteString(rest[:i+1])
			rest = rest[i+1:]
			continue
		}
		prelude := strings.TrimSpace(rest[:i])
		if isCustomPropertyStart(prelude) {
			// A custom property's value may hold {} blocks
			// (`--mixin: { color: red }`, Polymer's @apply shim): a
			// declaration, up to its top-level semicolon.
			end := len(rest)
			if j := cssscan.Index(rest, ';'); j >= 0 {
				end = j + 1
			}
			decls.WriteString(rest[:end])
			rest = rest[end:]
			continue
		}
		end := cssscan.BlockEnd(rest, i)
		inner := rest[i+1 : end]
		if end < len(rest) {
			rest = rest[end+1:]
		} else {
			rest = ""
		}
		flush()
		if depth >= maxSheetNesting {
			continue
		}
		p.nestedRule(layer, selector, prelude, inner, depth+1)
	}
	flush()
}

// nestedRule reads a rule nested in the block of a style rule whose
// selector is parent.
func (p *sheetParser) nestedRule(layer, parent, prelude, body string, depth int) {
	switch {
	case strings.HasPrefix(prelude, "@media"):
		if webapi.MatchMedia(strings.TrimSpace(prelude[len("@media"):]), p.vp) {
			p.styleRule(layer, parent, body, depth)
		}
	case strings.HasPrefix(prelude, "@supports"):
		if atSupportsMatches(prelude[len("@supports"):]) {
			p.styleRule(layer, parent, body, depth)
		}
	case strings.HasPrefix(prelude, "@container"):
		p.containerRule(prelude[len("@container"):], func() { p.styleRule(layer, parent, body, depth) })
	case strings.HasPrefix(prelude, "@layer"):
		name := strings.TrimSpace(prelude[len("@layer"):])
		if name == "" {
			p.anonymous++
			name = anonymousLayer(p.anonymous)
		}
		full := joinLayer(layer, name)
		p.declareLayer(full)
		p.styleRule(full, parent, body, depth)
	case strings.HasPrefix(prelude, "@scope"):
		p.scopeRule(layer, prelude[len("@scope"):], body, depth, parent)
	case strings.HasPrefix(prelude, "@"):
		// others nested in a style rule: not followed
	case prelude != "":
		if !cssscan.ValidSelectorList(prelude, cssscan.SelectorContext{Nested: true}) {
			return
		}
		sel := prelude
		if parent != scopeBody {
			sel = nestSelector(parent, prelude)
		}
		if len(sel) <= maxNestedSelector {
			p.styleRule(layer, sel, body, depth)
		}
	}
}

// maxNestedSelector bounds the text of a nested rule's selector: each `&`
// stands for its parent's whole list, so a sheet nesting `& &` in rules
// over a list of two doubles the text at each level. A longer selector's
// rule is dropped, with the rules nested in it.
const maxNestedSelector = 16 << 10

// isCustomPropertyStart reports whether text before a '{' starts a custom
// property declaration (`--name:`) rather than a nested rule's prelude.
func isCustomPropertyStart(prelude string) bool {
	name, _, ok := strings.Cut(prelude, ":")
	return ok && strings.HasPrefix(name, "--") && validPropertyName(strings.TrimSpace(name))
}

// nestSelector is the selector list of a rule nested in a rule whose
// selector list is parent: `&` is the parent as :is(parent), written out
// where that is the same selector (a single parent selector that is a
// compound, or one `&` leading the nested selector), since the cascade
// expands :is() into the selectors it stands for, which nested :is() of
// complex selectors would multiply; a selector without `&` is relative to
// the parent.
// https://drafts.csswg.org/css-nesting/#nest-selector
func nestSelector(parent, nested string) string {
	parent = strings.TrimSpace(parent)
	single := cssscan.Index(parent, ',') < 0
	wrapped := ":is(" + parent + ")"
	parts := cssscan.Split(nested, ',')
	for i, s := range parts {
		s = strings.TrimSpace(s)
		amp := wrapped
		if single && (isCompound(parent) || strings.HasPrefix(s, "&") && strings.Count(s, "&") == 1) {
			amp = parent
		}
		if strings.Contains(s, "&") {
			parts[i] = strings.ReplaceAll(s, "&", amp)
		} else if single {
			parts[i] = parent + " " + s
		} else {
			parts[i] = wrapped + " " + s
		}
	}
	return strings.Join(parts, ", ")
}

// isCompound reports whether a selector has no combinator at its top
// level.
func isCompound(sel string) bool {
	var sc cssscan.Scanner
	for _, c := range sc.All(sel) {
		if sc.Depth() == 0 && (c == ' ' || c == '>' || c == '+' || c == '~' || c == '\t' || c == '\n') {
			return false
		}
	}
	return true
}

// scopeRule reads `@scope (root) to (limit) { … }`: prelude is what
// follows "@scope", parent the selector of the style rule the @scope is
// nested in ("" at the top level, where the body is a list of rules; in a
// style rule it is a block of declarations and rules for :scope).
// A scoped rule's selector is handed on as its list (`:scope` for the
// root, each selector made absolute), scopeMark, then each level of
// scopes from the outermost: its root and limit lists separated by NUL.
func (p *sheetParser) scopeRule(layer, prelude, body string, depth int, parent string) {
	root, limit, ok := scopeBounds(prelude)
	if !ok {
		return
	}
	if root == "" {
		// A prelude-less @scope at the top level of a style or link
		// element's sheet is scoped to the element's parent; the sheet,
		// parsed once per text, finds it when it matches (ownScope).
		if parent != "" || p.relative || !p.owned {
			return
		}
		root = scopeOwnerRoot
	}
	if parent != "" {
		// the root is relative to the rule it is nested in
		root = nestSelector(parent, root)
	}
	if limit != "" {
		limit = scopeRelativeList(limit)
	}
	level := scopeMark + root + "\x00" + limit
	sub := sheetParser{vp: p.vp, quirks: p.quirks, anonymous: p.anonymous, relative: true, rule: func(l, selector string, decls []cssDecl) {
		selector, cq := cutContainer(selector) // an @container in the @scope
		list, inner, nested := strings.Cut(selector, scopeMark)
		if nested {
			// a rule of an @scope in this one: its levels follow this
			p.emit(l, list+level+scopeMark+inner+cq, decls)
			return
		}
		p.emit(l, scopeRelativeList(list)+level+cq, decls)
	}}
	if parent != "" {
		sub.styleRule(layer, scopeBody, body, depth)
	} else {
		sub.topScopeBody(layer, body, depth)
	}
	p.anonymous = sub.anonymous
	for _, l := range sub.layers {
		p.declareLayer(l)
	}
}

// topScopeBody reads the body of a top-level @scope: a list of rules, with
// declarations directly in it applying to the scoping root as if in a
// `:where(:scope)` rule at their place (as Chromium 156 does).
// https://drafts.csswg.org/css-cascade-6/#scoped-declarations
func (p *sheetParser) topScopeBody(layer, body string, depth int) {
	var decls strings.Builder
	flush := func() {
		if strings.TrimSpace(decls.String()) != "" {
			p.emit(layer, scopeBody, parseCascadeDecls(decls.String(), p.quirks))
		}
		decls.Reset()
	}
	rest := body
	for rest != "" {
		i, c := cssscan.IndexDeclOrBlock(rest)
		if i < 0 {
			decls.WriteString(rest)
			break
		}
		prelude := strings.TrimSpace(rest[:i])
		if c == ';' {
			if strings.HasPrefix(prelude, "@") {
				p.parse(rest[:i+1], layer, depth) // a statement at-rule (@layer a;)
			} else {
				decls.WriteString(rest[:i+1])
			}
			rest = rest[i+1:]
			continue
		}
		end := len(rest)
		if isCustomPropertyStart(prelude) {
			if j := cssscan.Index(rest, ';'); j >= 0 {
				end = j + 1
			}
			decls.WriteString(rest[:end])
			rest = rest[end:]
			continue
		}
		if e := cssscan.BlockEnd(rest, i); e < len(rest) {
			end = e + 1
		}
		flush()
		p.parse(rest[:end], layer, depth)
		rest = rest[end:]
	}
	flush()
}

// scopeBody is the selector of the declarations in the body of an @scope
// nested in a style rule (the scoping root's); the rules there are
// scoped rules, made absolute as those of a top-level @scope are.
const scopeBody = ":where(:scope)"

// scopeRelativeList makes each selector of a scoped rule's or a scope
// limit's list absolute: `&` is :where(:scope) (Chromium 156), and one
// without :scope is relative to the root (`.b` is `:where(:scope) .b`,
// `> .b` is `:where(:scope) > .b`).
func scopeRelativeList(list string) string {
	parts := cssscan.Split(list, ',')
	for i, s := range parts {
		s = strings.TrimSpace(strings.ReplaceAll(s, "&", ":where(:scope)"))
		if !strings.Contains(s, ":scope") {
			s = ":where(:scope) " + s
		}
		parts[i] = s
	}
	return strings.Join(parts, ", ")
}

// scopeBounds splits an @scope prelude `(root) to (limit)` into its
// selector lists; `to (limit)` alone limits the implicit scope. ok is
// false for a prelude of another form (`to(limit)` is a function).
func scopeBounds(prelude string) (root, limit string, ok bool) {
	prelude = strings.TrimSpace(prelude)
	rest := prelude
	if strings.HasPrefix(prelude, "(") {
		end := cssscan.BlockEnd(prelude, 0)
		if end >= len(prelude) {
			return "", "", false
		}
		root = strings.TrimSpace(prelude[1:end])
		rest = strings.TrimSpace(prelude[end+1:])
	}
	if rest == "" {
		return root, "", true
	}
	if len(rest) < 3 || !ascii.EqualFold(rest[:2], "to") || !isCSSSpace(rest[2]) {
		return "", "", false
	}
	after := strings.TrimSpace(rest[2:])
	if !strings.HasPrefix(after, "(") {
		return "", "", false
	}
	e := cssscan.BlockEnd(after, 0)
	if e >= len(after) || strings.TrimSpace(after[e+1:]) != "" {
		return "", "", false
	}
	return root, strings.TrimSpace(after[1:e]), true
}

// scopeMark separates the selector list of a scoped rule from each level
// of its scopes (root, NUL, limit), as scopeRule hands it on;
// parseRuleSelectors reads it.
const scopeMark = "\x00scope\x00"

// scopeAttr is the attribute that stands for :scope in the selectors of
// scoped rules: it is set on a candidate scoping root while they are
// matched (as package dom marks :scope), and taken off before matching
// returns.
const scopeAttr = "bangsnap-scope-root-c37"

// parseRuleSelectors parses the selector list of a style rule as the
// sheet parser gives it: parseSheetSelectors, with the scopes of a scoped
// rule. A scope only narrows what a selector matches, so the subject each
// keeps for the rule index (ruleindex.go) still holds.
func parseRuleSelectors(selector string) []*ruleSel {
	selector, cq := cutContainer(selector)
	selector, ns := cutNamespace(selector) // cssnamespace.go
	var g []*ruleSel
	switch def, _, prefixed := strings.Cut(ns, prefixMark); {
	case prefixed && namesPrefix(selector):
		all := readNamespaces(ns)
		g = parseScopedSelectors(resolvePrefixes(selector, &all))
	case prefixed:
		if g = parseScopedSelectors(selector); def != noDefaultNamespace {
			inNamespace(g, selector, def)
		}
	default:
		if g = parseScopedSelectors(anyNamespace(selector)); ns != "" {
			inNamespace(g, selector, ns)
		}
	}
	if cq != "" {
		queries, ok := parseContainerMarks(cq) // containerquery.go
		if !ok {
			return nil
		}
		for _, rs := range g {
			rs.Sel = containerSel{Sel: rs.Sel, queries: queries}
			rs.deps |= depContainer
		}
	}
	return g
}

// parseScopedSelectors is parseRuleSelectors of a rule in no @container.
func parseScopedSelectors(selector string) []*ruleSel {
	list, chain, ok := strings.Cut(selector, scopeMark)
	if !ok {
		return parseSheetSelectors(list)
	}
	ref := "[" + scopeAttr + "]"
	levels := strings.Split(chain, scopeMark)
	if len(levels) > maxScopeLevels {
		return nil
	}
	var scope *cssScope
	for i, level := range levels {
		root, limit, _ := strings.Cut(level, "\x00")
		rootRef := ref
		if i == 0 {
			rootRef = ":root" // :scope in an outermost root is the document's
		}
		c := &cssScope{parent: scope}
		if root == scopeOwnerRoot && i == 0 {
			c.owner = true // its sheet's key is set by ownScope
		} else if c.root = selectorGroup(parseSheetSelectors(strings.ReplaceAll(root, ":scope", rootRef))); len(c.root) == 0 {
			return nil
		}
		if limit != "" {
			if c.limit = selectorGroup(parseSheetSelectors(strings.ReplaceAll(limit, ":scope", ref))); len(c.limit) == 0 {
				return nil
			}
		}
		scope = c
	}
	g := parseSheetSelectors(strings.ReplaceAll(list, ":scope", ref))
	for _, rs := range g {
		rs.Sel = scopedSel{Sel: rs.Sel, scope: scope}
		rs.deps |= depScope
	}
	return g
}

// noProximity is the scope proximity of a rule in no scope: farther than
// any scoping root.
const noProximity int32 = math.MaxInt32

// proximity is the scope proximity of el for the selector s matches: the
// generations from el up to the nearest scoping root in whose scope s
// matches it (noProximity for a selector of no scope).
// https://drafts.csswg.org/css-cascade-6/#cascade-proximity
func (s *ruleSel) proximity(el *dom.Node) int32 {
	sel := s.Sel
	if c, ok := sel.(containerSel); ok {
		sel = c.Sel
	}
	sc, ok := sel.(scopedSel)
	if !ok {
		return noProximity
	}
	return sc.proximity(el.HTML())
}

// flatScope is a scoped rule's selector list for a shadow tree's sheet,
// whose rules are matched apart (shadowstyle.go): its scope's root stands
// for :scope (an element of the root's subtree, not found per element),
// and a rule of a limited or nested scope is dropped (ok false).
func flatScope(selector string) (string, bool) {
	list, chain, ok := strings.Cut(selector, scopeMark)
	if !ok {
		return selector, true
	}
	root, limit, _ := strings.Cut(chain, "\x00")
	if limit != "" || strings.Contains(chain, scopeMark) || root == scopeOwnerRoot {
		return "", false
	}
	return strings.ReplaceAll(list, ":scope", ":is("+root+")"), true
}

// selectorGroup returns the selectors of sels as a cascadia group.
func selectorGroup(sels []*ruleSel) cascadia.SelectorGroup {
	g := make(cascadia.SelectorGroup, len(sels))
	for i, rs := range sels {
		g[i] = rs.Sel
	}
	return g
}

// A cssScope is one level of the scopes of a scoped rule: what its roots
// match (:scope in it being the outer level's root), what its limits
// match (:scope being its root; nil for none), and the outer level.
// https://drafts.csswg.org/css-cascade-6/#scope-limits
type cssScope struct {
	root, limit cascadia.SelectorGroup
	parent      *cssScope
	// owner is set for a prelude-less @scope: its roots are the parents
	// of the style and link elements whose sheet is the one of key.
	owner bool
	key   sheetKey
}

// scopeOwnerRoot stands for the root of a prelude-less @scope in the
// scopes scopeRule hands on.
const scopeOwnerRoot = "\x01owner"

// ownScope gives the owner scopes of a selector parsed from the sheet of
// key their sheet's key.
func ownScope(sel cascadia.Sel, key sheetKey) {
	if c, ok := sel.(containerSel); ok {
		sel = c.Sel
	}
	if sc, ok := sel.(scopedSel); ok {
		for c := sc.scope; c != nil; c = c.parent {
			if c.owner {
				c.key = key
			}
		}
	}
}

// ownsSheet reports whether r is the parent of a style or link element
// of the page whose sheet has the text of key.
func ownsSheet(r *html.Node, key sheetKey) bool {
	el := dom.FromHTML(r)
	w := windowOf(el) // containerquery.go
	if w == nil {
		return false
	}
	for c := el.First(); c != nil; c = c.Next() {
		var text string
		switch {
		case isStyleElement(c):
			text = w.sheetText(c)
		case isHTMLElement(c) && c.DataAtom == atom.Link:
			if ls := w.linkSheetOf(c); ls != nil {
				text = w.linkSheetText(c, ls)
			}
		default:
			continue
		}
		if len(text) == key.n && text != "" && sheetKeyOf(text, key.vp, key.quirks) == key {
			return true
		}
	}
	return false
}

// maxScopeLevels bounds the levels of @scope in @scope a rule may have:
// each level looks for its roots' roots among their ancestors. The rules
// of deeper ones are dropped.
const maxScopeLevels = 4

// scopeMemo keeps, during one match of a rule of nested scopes, whether
// an element is a scoping root of a level, so that each level looks at
// each ancestor once.
type scopeMemo map[*cssScope]map[*html.Node]bool

// isRoot reports whether r is a scoping root of c: it matches c's root
// selector, in one of the outer level's scopes.
func (c *cssScope) isRoot(r *html.Node, memo scopeMemo) bool {
	if c.owner {
		return ownsSheet(r, c.key)
	}
	if c.parent == nil {
		return c.root.Match(r)
	}
	m := memo[c]
	if v, ok := m[r]; ok {
		return v
	}
	if m == nil {
		m = map[*html.Node]bool{}
		memo[c] = m
	}
	found := false
	for o := r; o != nil && o.Type == html.ElementNode && !found; o = o.Parent {
		found = c.parent.isRoot(o, memo) && c.parent.holds(o, r) && withScopeAttr(o, func() bool { return c.root.Match(r) })
	}
	m[r] = found
	return found
}

// holds reports whether n, an inclusive descendant of the scoping root
// r, is in r's scope: neither n nor an ancestor up to r is a limit.
func (c *cssScope) holds(r, n *html.Node) bool {
	if c.limit == nil {
		return true
	}
	return !withScopeAttr(r, func() bool {
		for l := n; l != nil; l = l.Parent {
			if c.limit.Match(l) {
				return true
			}
			if l == r {
				break
			}
		}
		return false
	})
}

// withScopeAttr runs f with r marked as :scope.
func withScopeAttr(r *html.Node, f func() bool) bool {
	saved := r.Attr
	r.Attr = append(saved[:len(saved):len(saved)], html.Attribute{Key: scopeAttr})
	defer func() { r.Attr = saved }()
	return f()
}

// scopedSel is a selector of a scoped rule: it matches an element in the
// scope of one of its scoping roots that its selector matches with :scope
// standing for that root.
type scopedSel struct {
	cascadia.Sel
	scope *cssScope
}

func (s scopedSel) Match(n *html.Node) bool { return s.proximity(n) != noProximity }

// proximity is the generations from n up to its nearest scoping root in
// whose scope the selector matches it, noProximity for none.
func (s scopedSel) proximity(n *html.Node) int32 {
	var memo scopeMemo
	if s.scope.parent != nil {
		memo = scopeMemo{}
	}
	var d int32
	for r := n; r != nil && r.Type == html.ElementNode; r = r.Parent {
		if s.scope.isRoot(r, memo) && s.scope.holds(r, n) && withScopeAttr(r, func() bool { return s.Sel.Match(n) }) {
			return d
		}
		d++
	}
	return noProximity
}
