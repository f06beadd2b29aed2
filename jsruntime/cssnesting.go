package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom/cssscan"
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
		p.rule(layer, selector, parseDeclarations(body))
		return
	}
	var decls strings.Builder
	flush := func() {
		if strings.TrimSpace(decls.String()) != "" {
			p.rule(layer, selector, parseDeclarations(decls.String()))
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
	case strings.HasPrefix(prelude, "@supports"), strings.HasPrefix(prelude, "@container"):
		p.styleRule(layer, parent, body, depth)
	case strings.HasPrefix(prelude, "@layer"):
		name := strings.TrimSpace(prelude[len("@layer"):])
		if name == "" {
			p.anonymous++
			name = anonymousLayer(p.anonymous)
		}
		full := joinLayer(layer, name)
		p.declareLayer(full)
		p.styleRule(full, parent, body, depth)
	case strings.HasPrefix(prelude, "@"):
		// @scope and others nested in a style rule: not followed
	case prelude != "":
		if !cssscan.ValidSelectorList(prelude, cssscan.SelectorContext{Nested: true}) {
			return
		}
		if sel := nestSelector(parent, prelude); len(sel) <= maxNestedSelector {
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
// follows "@scope".
func (p *sheetParser) scopeRule(layer, prelude, body string, depth int) {
	root, limit := scopeBounds(prelude)
	if root == "" {
		// A prelude-less @scope in a <style> is scoped to the style
		// element's parent: not followed.
		return
	}
	anchor := ":where(" + root + ")"
	mark := ""
	if limit != "" {
		mark = scopeMark + root + "\x00" + limit
	}
	sub := sheetParser{vp: p.vp, anonymous: p.anonymous, relative: true, rule: func(l, selector string, decls []cssDecl) {
		parts := cssscan.Split(selector, ',')
		for i, s := range parts {
			s = strings.TrimSpace(strings.ReplaceAll(s, ":scope", ":is("+root+")"))
			switch {
			case strings.Contains(s, "&"):
				s = strings.ReplaceAll(s, "&", anchor)
			case strings.Contains(s, ":is("+root+")"):
			default:
				s = anchor + " " + s
			}
			parts[i] = s
		}
		p.rule(l, strings.Join(parts, ", ")+mark, decls)
	}}
	sub.parse(body, layer, depth)
	p.anonymous = sub.anonymous
	for _, l := range sub.layers {
		p.declareLayer(l)
	}
}

// scopeBounds splits an @scope prelude `(root) to (limit)` into its
// selector lists.
func scopeBounds(prelude string) (root, limit string) {
	prelude = strings.TrimSpace(prelude)
	if !strings.HasPrefix(prelude, "(") {
		return "", ""
	}
	end := cssscan.BlockEnd(prelude, 0)
	if end >= len(prelude) {
		return "", ""
	}
	root = strings.TrimSpace(prelude[1:end])
	rest := strings.TrimSpace(prelude[end+1:])
	if after, ok := strings.CutPrefix(rest, "to"); ok {
		after = strings.TrimSpace(after)
		if strings.HasPrefix(after, "(") {
			if e := cssscan.BlockEnd(after, 0); e < len(after) {
				limit = strings.TrimSpace(after[1:e])
			}
		}
	}
	return root, limit
}

// scopeMark separates the selector list of a rule in an @scope with a
// limit from the scope's root and limit selectors (root, NUL, limit), as
// scopeRule hands it on; parseRuleSelectors reads it.
const scopeMark = "\x00scope\x00"

// parseRuleSelectors parses the selector list of a style rule as the
// sheet parser gives it: parseSheetSelectors, with the scope limit of a
// rule in an @scope with one.
// The limit only narrows what a selector matches, so the subject each
// keeps for the rule index (ruleindex.go) still holds.
func parseRuleSelectors(selector string) []*ruleSel {
	list, scope, ok := strings.Cut(selector, scopeMark)
	g := parseSheetSelectors(list)
	if !ok {
		return g
	}
	root, limit, _ := strings.Cut(scope, "\x00")
	rootSel, limitSel := selectorGroup(parseSheetSelectors(root)), selectorGroup(parseSheetSelectors(limit))
	if len(rootSel) == 0 || len(limitSel) == 0 {
		return nil
	}
	for _, rs := range g {
		rs.Sel = scopeLimitSel{Sel: rs.Sel, root: rootSel, limit: limitSel}
	}
	return g
}

// selectorGroup returns the selectors of sels as a cascadia group.
func selectorGroup(sels []*ruleSel) cascadia.SelectorGroup {
	g := make(cascadia.SelectorGroup, len(sels))
	for i, rs := range sels {
		g[i] = rs.Sel
	}
	return g
}

// scopeLimitSel is a selector of a rule in an @scope with a limit: it
// matches an element that its selector matches and whose nearest scoping
// root above it (or itself) has no limit element on the way.
// https://drafts.csswg.org/css-cascade-6/#scope-limits
type scopeLimitSel struct {
	cascadia.Sel
	root, limit cascadia.SelectorGroup
}

func (s scopeLimitSel) Match(n *html.Node) bool {
	if !s.Sel.Match(n) {
		return false
	}
	for a := n; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if s.root.Match(a) {
			return true
		}
		if s.limit.Match(a) {
			return false
		}
	}
	return false
}
