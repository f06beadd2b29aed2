package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// In its own shadow tree the host is featureless: it matches :host,
// :host(), :host-context() and logical combinations of them (:is(),
// :where(), :not()), with :has() after them, and no other simple
// selector (https://drafts.csswg.org/css-scoping/#host-element-in-tree).
// `:where(:host)`, `:not(:host(.closed))` and `:is(:not(:not(:host)))`
// alone are so many ways of selecting the host, as `:host` is; `:not(.x)`
// or `:not(:host.x)` are not (an argument with a feature makes :not()
// fail on a featureless element), nor `:has(.a)` alone (nothing in the
// compound names the host), as Chromium 156 matches them.

// featurelessHostRule reads selector s of a shadow tree's sheet, one
// compound, as a rule for the tree's host; ok is false when the compound
// is not one the featureless host can match.
func featurelessHostRule(s string) (scopedRule, bool) {
	var r scopedRule
	pred, spec, names, ok := featurelessCompound(strings.TrimSpace(s), 0)
	if !ok || !names {
		return r, false
	}
	r.kind, r.spec, r.more = scopeHost, spec, &hostCompound{pred: pred}
	return r, true
}

// featurelessCompound parses compound c as what the featureless host
// matches: pred tests the host (nil: any host), spec is c's specificity,
// names tells whether c names the host (:host, :host(), :host-context(),
// or a logical pseudo-class holding them); ok is false when c holds a
// simple selector the host cannot match or that does not parse.
func featurelessCompound(c string, depth int) (pred func(*dom.Node) bool, spec cascadia.Specificity, names, ok bool) {
	if c == "" || depth > 8 {
		return nil, spec, false, false
	}
	var preds []func(*dom.Node) bool
	for i := 0; i < len(c); {
		if c[i] != ':' || i+1 < len(c) && c[i+1] == ':' {
			return nil, spec, false, false // a type, class, id, attribute or pseudo-element
		}
		j := i + 1
		for j < len(c) && isIdentChar(c[j]) {
			j++
		}
		name := ascii.Lower(c[i+1 : j])
		arg, hasArg := "", false
		end := j
		if j < len(c) && c[j] == '(' {
			e := cssscan.BlockEnd(c, j)
			if e >= len(c) {
				return nil, spec, false, false
			}
			arg, hasArg, end = c[j+1:e], true, e+1
		}
		switch {
		case name == "host" && !hasArg:
			names = true
			spec = spec.Add(pseudoSpec)
		case (name == "host" || name == "host-context") && hasArg:
			sel, err := parseStyleSel(dom.CompoundOnlyArg(arg))
			if err != nil || strings.TrimSpace(arg) == "" {
				return nil, spec, false, false
			}
			names = true
			spec = spec.Add(pseudoSpec).Add(sel.Specificity())
			if name == "host" {
				preds = append(preds, func(h *dom.Node) bool { return sel.Match(h.HTML()) })
			} else {
				preds = append(preds, func(h *dom.Node) bool {
					for a := h; a != nil; a = a.ShadowIncludingParent() {
						if a.Type == html.ElementNode && sel.Match(a.HTML()) {
							return true
						}
					}
					return false
				})
			}
		case name == "has" && hasArg:
			if !names {
				// before :host in the compound, :has() is a feature
				// (`:not(:has(.a):host)` does not match, as in
				// Chromium 156; `:not(:host:has(.a))` may)
				return nil, spec, false, false
			}
			has, s, err := dom.ParseHasArgument(arg)
			if err != nil {
				return nil, spec, false, false
			}
			spec = spec.Add(s)
			preds = append(preds, func(h *dom.Node) bool { sr := h.ShadowRoot(); return sr != nil && has(sr) })
		case hasArg && (forgivingPseudos[name] || name == "not"):
			var items []func(*dom.Node) bool
			var most cascadia.Specificity
			for _, a := range splitSelectorList(arg) {
				p, s, n, ok := featurelessCompound(a, depth+1)
				if ok && n {
					if p == nil {
						p = func(*dom.Node) bool { return true }
					}
					items = append(items, p)
				} else if name == "not" {
					return nil, spec, false, false // an argument with a feature: no match
				} else if sel, err := parseStyleSel(a); err == nil {
					s = sel.Specificity() // it counts, though it cannot match the host
				}
				if most.Less(s) {
					most = s
				}
			}
			if len(items) == 0 {
				return nil, spec, false, false
			}
			names = true
			if name != "where" {
				spec = spec.Add(most)
			}
			anyOf := func(h *dom.Node) bool {
				for _, p := range items {
					if p(h) {
						return true
					}
				}
				return false
			}
			if name == "not" {
				preds = append(preds, func(h *dom.Node) bool { return !anyOf(h) })
			} else {
				preds = append(preds, anyOf)
			}
		default:
			return nil, spec, false, false
		}
		i = end
	}
	switch len(preds) {
	case 0:
	case 1:
		pred = preds[0]
	default:
		pred = func(h *dom.Node) bool {
			for _, p := range preds {
				if !p(h) {
					return false
				}
			}
			return true
		}
	}
	return pred, spec, names, true
}

// scopedPseudoElements are the pseudo-elements a shadow tree's rule may
// end with for getComputedStyle and generated content.
var scopedPseudoElements = map[string]bool{"before": true, "after": true, "marker": true, "placeholder": true,
	"first-letter": true, "first-line": true, "selection": true, "backdrop": true, "file-selector-button": true,
	"target-text": true, "spelling-error": true, "grammar-error": true}

// cutPseudoElement splits a selector ending with a pseudo-element
// (`:host::before`, `.icon::after`, `p:first-line`) into the selector of
// its element ("*" when nothing is written before it) and the
// pseudo-element's name; ok is false when s ends with none.
func cutPseudoElement(s string) (base, pseudo string, ok bool) {
	colon := -1
	var sc cssscan.Scanner
	for i, c := range sc.All(s) {
		if c == ':' && sc.Depth() == 0 && (i == 0 || s[i-1] != ':') {
			colon = i
		}
	}
	if colon < 0 {
		return "", "", false
	}
	double := colon+1 < len(s) && s[colon+1] == ':'
	start := colon + 1
	if double {
		start++
	}
	name := ascii.Lower(s[start:])
	// a ::-webkit- pseudo-element is one too (a shadow tree's
	// `.input::-webkit-search-decoration { display: none }` styles the
	// input's decoration, not the input)
	if !(scopedPseudoElements[name] && (double || legacyPseudoElementNames[name]) || double && dom.WebkitPseudoElement(name)) {
		return "", "", false
	}
	base = s[:colon]
	if t := strings.TrimRight(base, " \t\n\r\f"); t == "" || t != base || strings.HasSuffix(t, ">") || strings.HasSuffix(t, "+") || strings.HasSuffix(t, "~") {
		base += "*" // `.a ::before` is `.a *::before`
	}
	return strings.TrimSpace(base), name, true
}
