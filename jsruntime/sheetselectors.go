package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"github.com/bangsnap/bangsnap/internal/ascii"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// parseSheetSelectors parses the selector list of a style rule for the
// cascade. When cascadia refuses the list as a whole, each selector of it
// is parsed alone and those cascadia accepts are kept: a list is refused
// over one selector that Chromium accepts but cascadia does not know
// (Tailwind 4's theme rule is `:root, :host { --color-red-500: ... }`, its
// reset `*, ::after, ::before, ::backdrop, ::file-selector-button`), and
// dropping the whole rule lost every custom property of the page. Style
// sheets written for browsers are valid there, so keeping the selectors we
// understand is closer to Chromium than dropping the rule.
// Selectors of pseudo-elements (p::before) are kept: the cascade files
// their rules apart (pseudoKey), for getComputedStyle(el, '::before').
// https://drafts.csswg.org/selectors-4/#invalid
//
// cascadia knows neither :is() nor :where(): a selector using them is
// expanded into the selectors it stands for (dom.ExpandIs), each carrying
// the specificity of the selector as written. CSS-in-JS libraries wrap
// whole rules in :where() to keep their specificity low (Ant Design's
// `:where(.css-xyz).ant-badge{display:inline-block}`), and those rules
// were lost.
//
// Each selector keeps what its subject requires, read from the text
// cascadia parsed it from, for the rule index (ruleindex.go).
func parseSheetSelectors(list string) []*ruleSel {
	if strings.IndexByte(list, '&') >= 0 {
		list = topLevelNesting(list)
	}
	if dom.NeedsStyleMatcher(list) || strings.Contains(list, "::part(") {
		return parseStatefulSelectors(list)
	}
	return parsePlainSelectors(list)
}

// parsePlainSelectors is parseSheetSelectors for a list no selector of
// which needs dom.StyleSelector, or for a selector it does not parse.
func parsePlainSelectors(list string) []*ruleSel {
	list = dom.RelativeHasToHasChild(list)
	parts := splitSelectorList(list)
	if g, err := cascadia.ParseGroupWithPseudoElements(list); err == nil {
		kept := make([]*ruleSel, len(g))
		for i, sel := range g {
			text := ""
			if len(g) == len(parts) {
				text = parts[i]
			}
			kept[i] = newRuleSel(sel, text)
		}
		return kept
	}
	var kept []*ruleSel
	for _, s := range parts {
		if g, err := cascadia.ParseGroupWithPseudoElements(s); err == nil {
			for _, sel := range g {
				text := ""
				if len(g) == 1 {
					text = s
				}
				kept = append(kept, newRuleSel(sel, text))
			}
		} else {
			kept = append(kept, parseForgiving(s)...)
		}
	}
	return kept
}

// parseStatefulSelectors is parseSheetSelectors for a list with a
// selector using a pseudo-class whose state lives outside the tree
// (:focus, :popover-open, :state(), :checked...) or ::part(): those
// selectors are matched by dom.StyleSelector or partSel, the others as
// parseSheetSelectors matches them.
func parseStatefulSelectors(list string) []*ruleSel {
	var kept []*ruleSel
	for _, s := range splitSelectorList(list) {
		switch {
		case strings.Contains(s, "::part("):
			if sel, ok := parsePartSelector(s); ok { // partstyle.go
				kept = append(kept, newRuleSel(sel, ""))
			}
		case dom.NeedsStyleMatcher(s):
			if sel, err := dom.ParseStyleSelector(s); err == nil {
				kept = append(kept, newRuleSel(sel, s))
			} else if !dom.NeedsStyleMatcherBeyondCase(s) {
				// one StyleSelector does not parse and cascadia may, sent
				// here by a legacy case-insensitive attribute value alone:
				// matched case-sensitively, as before
				kept = append(kept, parsePlainSelectors(s)...)
			}
		default:
			kept = append(kept, parseSheetSelectors(s)...)
		}
	}
	return kept
}

// parseStyleSel parses one complex selector for the cascade: with
// dom.StyleSelector when it needs one, else with cascadia.
func parseStyleSel(s string) (cascadia.Sel, error) {
	if dom.NeedsStyleMatcher(s) {
		sel, err := dom.ParseStyleSelector(s)
		if err != nil {
			return nil, err
		}
		return sel, nil
	}
	sel, err := cascadia.Parse(s)
	if err != nil {
		// :is(), :where() and :not() holding complex selectors, which
		// cascadia does not parse, as in :host(:is(.a, .b))
		if st, err2 := dom.ParseStyleSelector(s); err2 == nil && st.PseudoElement() == "" {
			return st, nil
		}
	}
	return sel, err
}

// forgivingPseudos are the pseudo-classes taking a forgiving selector
// list; where counts for nothing in specificity, the others count as
// their most specific argument.
// https://drafts.csswg.org/selectors-4/#matches
var forgivingPseudos = map[string]bool{"is": true, "matches": true, "-webkit-any": true, "-moz-any": true, "where": true}

// parseForgiving parses one complex selector that uses :is() or :where()
// as the selectors it expands to, with the specificity the selector has as
// written, once the items its forgiving lists drop are dropped; nil when
// cascadia accepts none of them.
func parseForgiving(sel string) []*ruleSel {
	sel = dom.DropInvalidForgiving(sel)
	spec, ok := forgivingSpecificity(sel)
	if !ok {
		// none left once the lists emptied were dropped: `:not(:is(:bogus))`
		// is `:not(:not(*))`
		if s, err := cascadia.Parse(sel); err == nil {
			return []*ruleSel{newRuleSel(s, sel)}
		}
		return nil
	}
	var out []*ruleSel
	for _, e := range dom.ExpandIs(sel) {
		e = unwrapNegated(e)
		g, err := cascadia.ParseGroup(e)
		if err != nil {
			// an :is() nested below :not() that unwrapNegated cannot
			// lift (`.a + :not(:not(.b, :is(.c > .e)))`): matched by
			// StyleSelector, which knows :is()
			if st, err := dom.ParseStyleSelector(e); err == nil {
				out = append(out, newRuleSel(specifiedSel{st, spec}, e))
			}
			continue
		}
		for _, s := range g {
			text := ""
			if len(g) == 1 {
				text = e
			}
			out = append(out, newRuleSel(specifiedSel{s, spec}, text))
		}
	}
	return out
}

// forgivingSpecificity computes the specificity of a selector using :is()
// or :where() at any depth: cascadia's :not() counts as its most specific
// argument, which is what :is() counts, so each :is( is read as :not( and
// each :where(…) as :not(*), which counts nothing. ok is false when sel
// uses neither or the result does not parse (an argument a forgiving list
// would have dropped).
func forgivingSpecificity(sel string) (spec cascadia.Specificity, ok bool) {
	var b strings.Builder
	var sc cssscan.Scanner
	last, skip := 0, 0 // sel[last:] is not copied yet; sel[:skip] is dropped
	for i, c := range sc.All(sel) {
		if i < skip || c != ':' {
			continue
		}
		j := i + 1
		for j < len(sel) && isIdentChar(sel[j]) {
			j++
		}
		name := ascii.Lower(sel[i+1 : j])
		if j >= len(sel) || sel[j] != '(' || !forgivingPseudos[name] {
			continue
		}
		b.WriteString(sel[last:i])
		if name == "where" {
			b.WriteString(":not(*)")
			last = cssscan.BlockEnd(sel, j) + 1
			skip = last
		} else if end := cssscan.BlockEnd(sel, j); end < len(sel) && strings.Contains(sel[j:end], "::") {
			// A pseudo-element is no valid argument: the forgiving
			// list drops it (`.t:is(.t, ::before)` is `.t:is(.t)`).
			b.WriteString(":not(")
			n := 0
			for _, a := range splitSelectorList(sel[j+1 : end]) {
				if a = strings.TrimSpace(a); a != "" && !strings.Contains(a, "::") {
					if n > 0 {
						b.WriteString(", ")
					}
					b.WriteString(a)
					n++
				}
			}
			if n == 0 {
				b.WriteString("*") // nothing left: counts nothing (ExpandIs matches nothing)
			}
			last, skip = end, end
		} else {
			b.WriteString(":not(")
			last = j + 1
		}
	}
	if b.Len() == 0 && last == 0 {
		return spec, false
	}
	if last < len(sel) {
		b.WriteString(sel[last:])
	}
	g, err := cascadia.ParseGroup(b.String())
	if err != nil || len(g) != 1 {
		return spec, false
	}
	return g[0].Specificity(), true
}

// unwrapNegated turns :not(:is(X)) and :not(:where(X)) into :not(X),
// which matches the same, so that cascadia can parse what ExpandIs left
// inside a :not() (it expands only the top level).
func unwrapNegated(sel string) string {
	for _, inner := range [...]string{":not(:where(", ":not(:is("} {
		for i := 0; ; {
			k := strings.Index(ascii.Lower(sel[i:]), inner)
			if k < 0 {
				break
			}
			k += i
			open := k + len(inner) - 1 // the inner pseudo's parenthesis
			end := cssscan.BlockEnd(sel, open)
			if end+1 < len(sel) && sel[end+1] == ')' { // the inner pseudo is the whole argument
				sel = sel[:k+len(":not(")] + sel[open+1:end] + sel[end+1:]
			}
			i = k + 1
		}
	}
	return sel
}

func isIdentChar(c byte) bool {
	return c == '-' || c == '_' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// specifiedSel is a selector expanded from :is() or :where(), matching as
// itself with the specificity of the selector it was expanded from.
type specifiedSel struct {
	cascadia.Sel
	spec cascadia.Specificity
}

func (s specifiedSel) Specificity() cascadia.Specificity { return s.spec }

// splitSelectorList splits a selector list at its top-level commas (not
// inside parentheses, brackets or strings).
func splitSelectorList(list string) []string {
	parts := cssscan.Split(list, ',')
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// topLevelNesting rewrites the nesting selector of a rule that is nested in
// no style rule (the rules nested in one, or in @scope, have had their `&`
// replaced by then): there it is the scoping root, the document's root
// element, as :root (whose specificity, a pseudo-class's, it has).
// https://drafts.csswg.org/css-nesting/#nest-selector
func topLevelNesting(list string) string {
	var b strings.Builder
	var quote byte
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
		case c == '&':
			b.WriteString(":root")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
