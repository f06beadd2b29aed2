package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// @layer in the CSSOM: `@layer a.b { … }` is a CSSLayerBlockRule, a
// grouping rule whose name is the layer's ("" for an anonymous one), and
// `@layer a, b.c;` a CSSLayerStatementRule listing its names. A block
// names at most one layer, a statement at least one; a name is identifiers
// joined by '.' with nothing between them. Other preludes make the rule
// invalid, so that a sheet drops it and insertRule throws.
// https://drafts.csswg.org/css-cascade-5/#layer-apis

// layerPrelude is the prelude of an @layer rule's text.
func layerPrelude(text string) string {
	p, _ := ruleParts(text)
	return strings.TrimSpace(stripCSSComments(p))
}

// layerNames splits the prelude of an @layer rule into its layer names;
// ok is false when one is not a layer name.
func layerNames(prelude string) (names []string, ok bool) {
	if prelude == "" {
		return nil, true
	}
	for _, n := range strings.Split(prelude, ",") {
		n = strings.TrimSpace(n)
		for _, part := range strings.Split(n, ".") {
			if w, rest := cutIdent(part); w == "" || rest != "" || w != part || w[0] >= '0' && w[0] <= '9' ||
				strings.HasPrefix(w, "--") || strings.HasPrefix(w, "-") && len(w) > 1 && w[1] >= '0' && w[1] <= '9' ||
				ascii.EqualFold(w, "initial") || ascii.EqualFold(w, "inherit") || ascii.EqualFold(w, "unset") {
				return nil, false
			}
		}
		names = append(names, n)
	}
	return names, true
}

// validLayerRule reports whether an @layer rule of kind has a valid
// prelude: one name or none for a block, one or more for a statement.
func validLayerRule(text string, kind int) bool {
	names, ok := layerNames(layerPrelude(text))
	if kind == cssLayerBlockRule {
		return ok && len(names) <= 1
	}
	return ok && len(names) >= 1
}

// layerCSSText is the cssText of an @layer rule as Chromium writes it.
func layerCSSText(rule *cssRuleImpl) string {
	names, _ := layerNames(layerPrelude(rule.text))
	if rule.kind == cssLayerStatementRule {
		return "@layer " + strings.Join(names, ", ") + ";"
	}
	var b strings.Builder
	b.WriteString("@layer ")
	if len(names) == 1 {
		b.WriteString(names[0] + " ")
	}
	b.WriteString("{\n")
	for _, c := range rule.children().rules {
		b.WriteString("  " + ruleCSSText(c) + "\n")
	}
	b.WriteString("}")
	return b.String()
}

func layerInterfaces() []*bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	return []*bind.Interface{
		{
			Name:   "CSSLayerBlockRule",
			Parent: "CSSGroupingRule",
			Attributes: []bind.Attribute{{Name: "name", Get: func(r *bind.Realm, this any) goja.Value {
				names, _ := layerNames(layerPrelude(ruleOf(this).text))
				if len(names) == 1 {
					return r.String(names[0])
				}
				return r.String("")
			}}},
		},
		{
			Name:   "CSSLayerStatementRule",
			Parent: "CSSRule",
			Attributes: []bind.Attribute{{Name: "nameList", Get: func(r *bind.Realm, this any) goja.Value {
				names, _ := layerNames(layerPrelude(ruleOf(this).text))
				list := make([]any, len(names))
				for i, n := range names {
					list[i] = n
				}
				a := r.Runtime.NewArray(list...)
				if freeze, ok := goja.AssertFunction(r.Runtime.Get("Object").ToObject(r.Runtime).Get("freeze")); ok {
					_, _ = freeze(goja.Undefined(), a)
				}
				return a
			}}},
		},
	}
}
