package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// CSSKeyframesRule and CSSKeyframeRule: an @keyframes rule and its
// keyframes, parsed from the rule's text on first use; an edit of a
// keyframe writes the @keyframes rule's text again, so that the sheet's
// text (what the cascade and CSS animations read) follows.
// https://drafts.csswg.org/css-animations/#interface-csskeyframesrule

// keyframesName is the name of an @keyframes rule, unquoted.
func keyframesName(rule *cssRuleImpl) string {
	prelude, _ := ruleParts(rule.text)
	if len(prelude) >= 2 && (prelude[0] == '"' || prelude[0] == '\'') && prelude[len(prelude)-1] == prelude[0] {
		return prelude[1 : len(prelude)-1]
	}
	return prelude
}

// normalizeKeyText writes a keyframe selector as Chromium does: from is
// 0%, to is 100%, percentages as numbers; ok false for an invalid one.
func normalizeKeyText(s string) (string, bool) {
	var out []string
	for _, k := range strings.Split(s, ",") {
		switch k = ascii.Lower(strings.TrimSpace(k)); {
		case k == "from":
			out = append(out, "0%")
		case k == "to":
			out = append(out, "100%")
		case strings.HasSuffix(k, "%"):
			f, err := strconv.ParseFloat(k[:len(k)-1], 64)
			if err != nil || f < 0 || f > 100 {
				return "", false
			}
			out = append(out, strconv.FormatFloat(f, 'f', -1, 64)+"%")
		default:
			return "", false
		}
	}
	return strings.Join(out, ", "), true
}

func keyframeKeyText(rule *cssRuleImpl) string {
	sel, _ := splitStyleRule(rule.text)
	if k, ok := normalizeKeyText(sel); ok {
		return k
	}
	return sel
}

// keyframeCSSText is a keyframe's cssText: "0% { opacity: 0; }".
func keyframeCSSText(rule *cssRuleImpl) string {
	_, block := splitStyleRule(rule.text)
	if CSSDeclarations != nil {
		block = CSSDeclarations.Normalize(block, rule.sheet.quirksMode())
	}
	if block == "" {
		return keyframeKeyText(rule) + " { }"
	}
	return keyframeKeyText(rule) + " { " + block + " }"
}

// keyframesCSSText is an @keyframes rule's cssText, its keyframes one a
// line as Chromium writes them.
func keyframesCSSText(rule *cssRuleImpl) string {
	var b strings.Builder
	b.WriteString("@keyframes " + serializeKeyframesName(keyframesName(rule)) + " { \n")
	for _, k := range rule.children().rules {
		b.WriteString("  " + keyframeCSSText(k) + "\n")
	}
	b.WriteString("}")
	return b.String()
}

func serializeKeyframesName(name string) string {
	if name == "" || strings.ContainsAny(name, " \t\n\"'") || name == "none" {
		return strconv.Quote(name)
	}
	return name
}

// syncKeyframes writes rule's text from its keyframes after an edit.
func (rule *cssRuleImpl) syncKeyframes() {
	if rule.inner == nil {
		return
	}
	var b strings.Builder
	b.WriteString("@keyframes " + serializeKeyframesName(keyframesName(rule)) + " {")
	for _, k := range rule.inner.rules {
		b.WriteString(" " + k.text)
	}
	b.WriteString(" }")
	rule.text = b.String()
}

// findKeyframe is the index of the last keyframe whose key text is key,
// or -1.
func findKeyframe(rule *cssRuleImpl, key string) int {
	k, ok := normalizeKeyText(key)
	if !ok {
		return -1
	}
	rs := rule.children().rules
	for i := len(rs) - 1; i >= 0; i-- {
		if keyframeKeyText(rs[i]) == k {
			return i
		}
	}
	return -1
}

func keyframesInterfaces() []*bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	changed := func(rule *cssRuleImpl) {
		rule.syncKeyframes()
		if rule.sheet != nil {
			rule.sheet.changed()
		}
	}
	keyframes := &bind.Interface{
		Name:   "CSSKeyframesRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(keyframesName(ruleOf(this))) },
				Set: func(r *bind.Realm, this any, v goja.Value) {
					rule := ruleOf(this)
					rule.children()
					_, body := ruleParts(rule.text)
					rule.text = "@keyframes " + serializeKeyframesName(bind.DOMString(v)) + " {" + body + "}"
					changed(rule)
				}},
			{Name: "cssRules", Get: groupingRuleList},
			{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(ruleOf(this).children().rules)) }},
		},
		Methods: []bind.Method{
			{Name: "appendRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				rule := ruleOf(this)
				text := strings.TrimSpace(bind.DOMString(args[0]))
				sel, _ := splitStyleRule(text)
				if _, ok := normalizeKeyText(sel); !ok || !strings.HasSuffix(text, "}") {
					r.ThrowDOMException("SyntaxError", "Failed to execute 'appendRule' on 'CSSKeyframesRule': Failed to append a rule.")
				}
				inner := rule.children()
				inner.rules = append(inner.rules, &cssRuleImpl{text: text, kind: cssKeyframeRule, sheet: inner})
				changed(rule)
				return nil
			}},
			{Name: "deleteRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				rule := ruleOf(this)
				if i := findKeyframe(rule, bind.DOMString(args[0])); i >= 0 {
					inner := rule.children()
					inner.rules = append(inner.rules[:i:i], inner.rules[i+1:]...)
					changed(rule)
				}
				return nil
			}},
			{Name: "findRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				rule := ruleOf(this)
				if i := findKeyframe(rule, bind.DOMString(args[0])); i >= 0 {
					return wrapRule(r, rule.children().rules[i])
				}
				return goja.Null()
			}},
		},
		Exotic: &bind.Exotic{
			Get: func(r *bind.Realm, this any, key string) goja.Value {
				rs := ruleOf(this).children().rules
				if i := bind.Index(key); i >= 0 && i < len(rs) {
					return wrapRule(r, rs[i])
				}
				return nil
			},
			Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(ruleOf(this).children().rules)) },
		},
	}
	keyframe := &bind.Interface{
		Name:   "CSSKeyframeRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "keyText", Get: func(r *bind.Realm, this any) goja.Value { return r.String(keyframeKeyText(ruleOf(this))) },
				Set: func(r *bind.Realm, this any, v goja.Value) {
					rule := ruleOf(this)
					k, ok := normalizeKeyText(bind.DOMString(v))
					if !ok {
						r.ThrowDOMException("SyntaxError", "Failed to set the 'keyText' property on 'CSSKeyframeRule': The key '"+bind.DOMString(v)+"' is invalid and cannot be parsed")
					}
					_, block := splitStyleRule(rule.text)
					rule.text = k + " { " + block + " }"
					if rule.sheet != nil {
						rule.sheet.changed()
					}
				}},
			// [PutForwards=cssText]
			{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
				PutForwards: "cssText"},
		},
	}
	return []*bind.Interface{keyframes, keyframe}
}
