package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// CSSPropertyRule: an @property rule in the CSSOM. A rule whose prelude is
// no custom property name, or whose descriptors register nothing, is
// dropped, as in Chromium (jsruntime/cssregister.go decides).
// https://drafts.css-houdini.org/css-properties-values-api/#the-css-property-rule-interface

// PropertyRuleValid, when set, reports whether an @property rule with
// the given name and block registers its property (its descriptors
// present and valid), as Chromium keeps only such rules in a sheet. The
// runtime that registers custom properties sets it.
var PropertyRuleValid func(name, body string) bool

// validPropertyRule reports whether the prelude of an @property rule's
// text is one custom property name, the rule has a block, and its
// descriptors are valid.
// https://drafts.css-houdini.org/css-properties-values-api/#at-property-rule
func validPropertyRule(text string) bool {
	prelude, body := ruleParts(text)
	if !strings.Contains(text, "{") || !strings.HasPrefix(prelude, "--") || len(prelude) <= 2 ||
		strings.ContainsAny(prelude, " \t\n\r\f") || !cssscan.Balanced(body) {
		return false
	}
	return PropertyRuleValid == nil || PropertyRuleValid(prelude, stripCSSComments(body))
}

// propertyDescriptor is the value of descriptor name (lower case) in an
// @property rule's block, the last one given.
func propertyDescriptor(rule *cssRuleImpl, name string) (string, bool) {
	_, body := ruleParts(rule.text)
	val, found := "", false
	for _, d := range cssscan.Split(stripCSSComments(body), ';') {
		k, v, ok := strings.Cut(d, ":")
		if ok && ascii.EqualFold(strings.TrimSpace(k), name) {
			val, found = strings.TrimSpace(v), true
		}
	}
	return val, found
}

func propertyRuleInterface() *bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	return &bind.Interface{
		Name:   "CSSPropertyRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "name", Get: func(r *bind.Realm, this any) goja.Value {
				p, _ := ruleParts(ruleOf(this).text)
				return r.String(p)
			}},
			// syntax is the string's value; a descriptor that is no string
			// reads "".
			{Name: "syntax", Get: func(r *bind.Realm, this any) goja.Value {
				v, _ := propertyDescriptor(ruleOf(this), "syntax")
				if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
					return r.String(v[1 : len(v)-1])
				}
				return r.String("")
			}},
			{Name: "inherits", Get: func(r *bind.Realm, this any) goja.Value {
				v, _ := propertyDescriptor(ruleOf(this), "inherits")
				return r.Bool(v == "true")
			}},
			{Name: "initialValue", Get: func(r *bind.Realm, this any) goja.Value {
				if v, ok := propertyDescriptor(ruleOf(this), "initial-value"); ok {
					return r.String(v)
				}
				return goja.Null()
			}},
		},
	}
}
