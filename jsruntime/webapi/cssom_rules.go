package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// MediaList, StyleSheetList and the CSSRule subclasses beyond CSSStyleRule:
// grouping rules (@media, @supports, @page) with their child rules,
// @import and @namespace, each parsed from the rule's text on first use.
// https://drafts.csswg.org/cssom/#the-medialist-interface
// https://drafts.csswg.org/cssom/#css-rules

// mediaList is a MediaList: the media queries of a sheet or a rule.
// changed, when set, is told of each change (a constructed sheet's list,
// which decides whether its adopted rules apply).
type mediaList struct {
	items   []string
	changed func()
}

// edited tells the list's owner that its queries changed.
func (m *mediaList) edited() {
	if m.changed != nil {
		m.changed()
	}
}

// parseMediaList parses a media query list into its queries, each
// serialized (one that does not parse is "not all").
// https://drafts.csswg.org/cssom/#parse-a-media-query-list
func parseMediaList(s string) []string {
	list := parseMediaQueryList(s)
	out := make([]string, len(list))
	for i, q := range list {
		out[i] = q.String()
	}
	return out
}

// serializeMediaQuery parses and serializes one media query.
// https://drafts.csswg.org/cssom/#serialize-a-media-query
func serializeMediaQuery(q string) string {
	return parseMediaQuery(tokenizeMedia(q)).String()
}

// https://drafts.csswg.org/cssom/#serialize-a-media-query-list
func (m *mediaList) text() string { return strings.Join(m.items, ", ") }

func (m *mediaList) setText(s string) { m.items = parseMediaList(s); m.edited() }

// media returns the sheet's MediaList, made on first use from the owner
// element's media attribute.
func (s *styleSheet) mediaList() *mediaList {
	if s.media == nil {
		s.media = &mediaList{}
		if s.constructed {
			s.media.changed = s.changed
		}
		if o, ok := s.owner.(*goja.Object); ok {
			if v := o.Get("media"); !bind.Nullish(v) {
				s.media.setText(v.String())
			}
		}
	}
	return s.media
}

// A StyleSheetSource lists the style sheets of a document or shadow root
// (their JS objects, in tree order) each time a StyleSheetList is read.
type StyleSheetSource interface {
	Sheets() []goja.Value
}

// WrapStyleSheetList returns the StyleSheetList over src: the same object
// for equal sources ([SameObject]), live because src is asked afresh.
// https://drafts.csswg.org/cssom/#the-stylesheetlist-interface
func WrapStyleSheetList(r *bind.Realm, src StyleSheetSource) goja.Value {
	return r.WrapObject(src, r.Class("StyleSheetList"))
}

// ruleBody returns the text inside a rule's outer block, and its prelude
// after the at-keyword.
func ruleParts(text string) (prelude, body string) {
	open := strings.IndexByte(text, '{')
	if open < 0 {
		return strings.TrimSpace(strings.TrimSuffix(atPrelude(text), ";")), ""
	}
	prelude = atPrelude(text[:open])
	body = text[open+1:]
	body = strings.TrimSuffix(strings.TrimSpace(body), "}")
	return strings.TrimSpace(prelude), body
}

// atPrelude drops the @keyword of an at-rule's prelude.
func atPrelude(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "@") {
		return s
	}
	if i := strings.IndexAny(s, " \t\n\r\f{;(\"'"); i >= 0 {
		return strings.TrimSpace(s[i:])
	}
	return ""
}

// children returns the child rules of a grouping rule, parsed on first use.
func (rule *cssRuleImpl) children() *styleSheet {
	if rule.inner == nil {
		_, body := ruleParts(rule.text)
		rule.inner = &styleSheet{parent: rule}
		switch {
		case rule.kind == cssStyleRule:
			_, block := splitStyleRule(rule.text)
			var items []blockItem
			rule.decls, items = splitStyleBlock(block) // cssom_nesting.go
			rule.inner.rules = rule.inner.parseBlockItems(items)
		case rule.kind == cssPageRule:
			// declarations and margin rules, in any order: the
			// declarations are the rule's style (cssom_page.go)
			rule.decls, rule.inner.rules = rule.inner.parsePageBlock(body)
		case rule.kind == cssScopeRule || rule.kind != cssKeyframesRule && nestedSheet(rule.sheet):
			// @scope, or a conditional rule in a style rule or @scope: its
			// block is a style rule's, its leading declarations a
			// CSSNestedDeclarations
			decls, items := splitStyleBlock(body)
			if decls != "" {
				items = append([]blockItem{{text: decls, decls: true}}, items...)
			}
			rule.inner.rules = rule.inner.parseBlockItems(items)
		default:
			rule.inner.rules = rule.inner.parseRules(body)
		}
		if rule.kind == cssKeyframesRule {
			for _, c := range rule.inner.rules {
				c.kind = cssKeyframeRule
			}
		}
	}
	return rule.inner
}

// importURL returns the URL of an @import or @namespace prelude and the
// text after it.
func importURL(prelude string) (url, rest string) {
	p := strings.TrimSpace(prelude)
	if len(p) >= 4 && ascii.EqualFold(p[:4], "url(") {
		end := strings.IndexByte(p, ')')
		if end < 0 {
			end = len(p) - 1
		}
		return strings.Trim(strings.TrimSpace(p[4:end]), `"'`), strings.TrimSpace(p[end+1:])
	}
	if p != "" && (p[0] == '"' || p[0] == '\'') {
		if end := strings.IndexByte(p[1:], p[0]); end >= 0 {
			return p[1 : end+1], strings.TrimSpace(p[end+2:])
		}
	}
	return "", p
}

// ruleClass is the interface of a rule's JS object.
func ruleClass(r *bind.Realm, rule *cssRuleImpl) *bind.Class {
	name := "CSSRule"
	switch rule.kind {
	case cssStyleRule:
		name = "CSSStyleRule"
	case cssImportRule:
		name = "CSSImportRule"
	case cssMediaRule:
		name = "CSSMediaRule"
	case cssSupportsRule:
		name = "CSSSupportsRule"
	case cssContainerRule:
		name = "CSSContainerRule"
	case cssPageRule:
		name = "CSSPageRule"
	case cssMarginRule:
		name = "CSSMarginRule"
	case cssFontFaceRule:
		name = "CSSFontFaceRule"
	case cssNamespaceRule:
		name = "CSSNamespaceRule"
	case cssKeyframesRule:
		name = "CSSKeyframesRule"
	case cssKeyframeRule:
		name = "CSSKeyframeRule"
	case cssPropertyRule:
		name = "CSSPropertyRule"
	case cssLayerBlockRule:
		name = "CSSLayerBlockRule"
	case cssLayerStatementRule:
		name = "CSSLayerStatementRule"
	case cssNestedDeclarations:
		name = "CSSNestedDeclarations"
	case cssScopeRule:
		name = "CSSScopeRule"
	case cssStartingStyleRule:
		name = "CSSStartingStyleRule"
	case cssCounterStyleRule:
		name = "CSSCounterStyleRule"
	case cssFontPaletteValuesRule:
		name = "CSSFontPaletteValuesRule"
	case cssViewTransitionRule:
		name = "CSSViewTransitionRule"
	case cssPositionTryRule:
		name = "CSSPositionTryRule"
	case cssFontFeatureValuesRule:
		name = "CSSFontFeatureValuesRule"
	}
	return r.Class(name)
}

func wrapRule(r *bind.Realm, rule *cssRuleImpl) goja.Value {
	return r.WrapObject(rule, ruleClass(r, rule))
}

// ruleStyle returns the CSSStyleDeclaration of a rule's declarations
// (block is the declarations' text, set replaces it).
func ruleStyle(r *bind.Realm, rule *cssRuleImpl) goja.Value {
	if CSSDeclarations == nil {
		return goja.Null()
	}
	if rule.style == nil {
		rule.style = CSSDeclarations.Style(r, func() string {
			if rule.kind == cssStyleRule {
				return styleRuleDecls(rule) // without nested rules
			}
			if rule.kind == cssPageRule {
				rule.children()
				return rule.decls // without margin rules
			}
			if rule.kind == cssNestedDeclarations {
				return rule.text
			}
			if rule.kind == cssPositionTryRule {
				return positionTryDecls(rule) // cssom_descriptors.go
			}
			_, block := splitStyleRule(rule.text)
			return block
		}, func(block string) {
			if rule.kind == cssStyleRule {
				rule.setStyleRuleDecls(block)
			} else if rule.kind == cssPageRule {
				rule.children()
				rule.decls = strings.TrimSpace(block)
				rule.syncGroupText()
			} else if rule.kind == cssNestedDeclarations {
				if rule.text = strings.TrimSpace(block); rule.text != "" && !strings.HasSuffix(rule.text, ";") {
					rule.text += ";" // its parent's text goes on after it
				}
			} else {
				sel, _ := splitStyleRule(rule.text)
				rule.text = sel + " { " + block + " }"
			}
			if s := rule.sheet; s != nil {
				s.changed()
			}
		}, func() goja.Value { return wrapRule(r, rule) }, rule.quirks(), rule.declKind())
	}
	return rule.style
}

// declKind is what the rule's style holds.
func (rule *cssRuleImpl) declKind() DeclKind {
	if rule.kind == cssFontFaceRule {
		return FontFaceDecls
	}
	return PropertyDecls
}

// cssRuleInterfaces declares MediaList, StyleSheetList and the rule
// interfaces under CSSRule.
func cssRuleInterfaces() []*bind.Interface {
	ruleOf := func(this any) *cssRuleImpl { return this.(*cssRuleImpl) }
	mediaOf := func(this any) *mediaList { return this.(*mediaList) }
	mediaText := func(r *bind.Realm, this any) goja.Value { return r.String(mediaOf(this).text()) }
	mediaListIface := &bind.Interface{
		Name: "MediaList",
		Attributes: []bind.Attribute{
			{Name: "mediaText", Get: mediaText, Set: func(r *bind.Realm, this any, v goja.Value) {
				mediaOf(this).setText(bind.LegacyNullToEmptyString(v))
			}},
			{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(mediaOf(this).items)) }},
		},
		Methods: []bind.Method{
			{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				m := mediaOf(this)
				if i := argIndex(args, 0, 0); i < int64(len(m.items)) {
					return r.String(m.items[i])
				}
				return goja.Null()
			}},
			// https://drafts.csswg.org/cssom/#dom-medialist-appendmedium
			{Name: "appendMedium", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				m := mediaOf(this)
				q := parseMediaList(bind.DOMString(args[0]))
				if len(q) != 1 {
					return nil
				}
				for _, x := range m.items {
					if x == q[0] {
						return nil
					}
				}
				m.items = append(m.items, q[0])
				m.edited()
				return nil
			}},
			// https://drafts.csswg.org/cssom/#dom-medialist-deletemedium
			{Name: "deleteMedium", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				m := mediaOf(this)
				s := bind.DOMString(args[0])
				q := serializeMediaQuery(s)
				for i, x := range m.items {
					if x == q {
						m.items = append(m.items[:i], m.items[i+1:]...)
						m.edited()
						return nil
					}
				}
				r.ThrowDOMException("NotFoundError", "Failed to execute 'deleteMedium' on 'MediaList': Failed to delete '"+s+"'.")
				return nil
			}},
			{Name: "toString", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return mediaText(r, this) }},
		},
		IndexedIterator: true,
		Exotic: &bind.Exotic{
			Get: func(r *bind.Realm, this any, key string) goja.Value {
				m := mediaOf(this)
				if i := bind.Index(key); i >= 0 && i < len(m.items) {
					return r.String(m.items[i])
				}
				return nil
			},
			Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(mediaOf(this).items)) },
		},
	}
	sheetsOf := func(this any) []goja.Value { return this.(StyleSheetSource).Sheets() }
	styleSheetListIface := &bind.Interface{
		Name: "StyleSheetList",
		Attributes: []bind.Attribute{
			{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(sheetsOf(this))) }},
		},
		Methods: []bind.Method{
			{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				s := sheetsOf(this)
				if i := argIndex(args, 0, 0); i < int64(len(s)) {
					return s[i]
				}
				return goja.Null()
			}},
		},
		IndexedIterator: true,
		Exotic: &bind.Exotic{
			Get: func(r *bind.Realm, this any, key string) goja.Value {
				s := sheetsOf(this)
				if i := bind.Index(key); i >= 0 && i < len(s) {
					return s[i]
				}
				return nil
			},
			Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(sheetsOf(this))) },
		},
	}
	// https://drafts.csswg.org/cssom/#the-cssgroupingrule-interface
	groupingRuleIface := &bind.Interface{
		Name:       "CSSGroupingRule",
		Parent:     "CSSRule",
		Attributes: []bind.Attribute{{Name: "cssRules", Get: groupingRuleList}},
		Methods:    groupingRuleMethods(),
	}
	prelude := func(this any) string { p, _ := ruleParts(ruleOf(this).text); return p }
	// https://drafts.csswg.org/css-conditional-3/#the-cssconditionrule-interface
	conditionRuleIface := &bind.Interface{
		Name:   "CSSConditionRule",
		Parent: "CSSGroupingRule",
		Attributes: []bind.Attribute{{Name: "conditionText", Get: func(r *bind.Realm, this any) goja.Value {
			if rule := ruleOf(this); rule.kind == cssMediaRule {
				return r.String(ruleMediaText(rule)) // the media list, normalized
			} else if rule.kind == cssContainerRule {
				return r.String(containerRuleQuery(rule).String())
			}
			return r.String(prelude(this))
		}}},
	}
	ruleMedia := func(r *bind.Realm, rule *cssRuleImpl, text string) goja.Value {
		if rule.media == nil {
			rule.media = &mediaList{items: parseMediaList(text)}
		}
		return r.WrapObject(rule.media, r.Class("MediaList"))
	}
	mediaRuleIface := &bind.Interface{
		Name:   "CSSMediaRule",
		Parent: "CSSConditionRule",
		Attributes: []bind.Attribute{{Name: "media", Get: func(r *bind.Realm, this any) goja.Value {
			return ruleMedia(r, ruleOf(this), prelude(this))
		}, PutForwards: "mediaText"}},
	}
	supportsRuleIface := &bind.Interface{Name: "CSSSupportsRule", Parent: "CSSConditionRule"}
	// https://drafts.csswg.org/css-conditional-5/#the-csscontainerrule-interface
	containerRuleIface := &bind.Interface{Name: "CSSContainerRule", Parent: "CSSConditionRule", Attributes: []bind.Attribute{
		{Name: "containerName", Get: func(r *bind.Realm, this any) goja.Value { return r.String(containerRuleQuery(ruleOf(this)).Name()) }},
		{Name: "containerQuery", Get: func(r *bind.Realm, this any) goja.Value { return r.String(containerRuleQuery(ruleOf(this)).Query()) }},
	}}
	// https://drafts.csswg.org/cssom/#the-cssimportrule-interface
	importRuleIface := &bind.Interface{
		Name:   "CSSImportRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "href", Get: func(r *bind.Realm, this any) goja.Value { return r.String(ParseImport(prelude(this)).URL) }},
			{Name: "media", Get: func(r *bind.Realm, this any) goja.Value {
				return ruleMedia(r, ruleOf(this), ParseImport(prelude(this)).Media)
			}, PutForwards: "mediaText"},
			{Name: "styleSheet", Get: func(r *bind.Realm, this any) goja.Value {
				if s := ruleOf(this).importedSheet(); s != nil { // cssom_import.go
					return WrapStyleSheet(r, s)
				}
				return goja.Null()
			}},
			{Name: "layerName", Get: func(r *bind.Realm, this any) goja.Value {
				if im := ParseImport(prelude(this)); im.HasLayer {
					return r.String(im.Layer)
				}
				return goja.Null()
			}},
			{Name: "supportsText", Get: func(r *bind.Realm, this any) goja.Value {
				if im := ParseImport(prelude(this)); im.HasSupports {
					return r.String(im.Supports)
				}
				return goja.Null()
			}},
		},
	}
	// https://drafts.csswg.org/cssom/#the-csspagerule-interface
	pageRuleIface := &bind.Interface{
		Name:   "CSSPageRule",
		Parent: "CSSGroupingRule",
		Attributes: []bind.Attribute{
			{Name: "selectorText", Get: func(r *bind.Realm, this any) goja.Value { return r.String(prelude(this)) },
				Set: func(r *bind.Realm, this any, v goja.Value) {
					rule := ruleOf(this)
					_, body := ruleParts(rule.text)
					rule.text = "@page " + strings.TrimSpace(bind.DOMString(v)) + " {" + body + "}"
				}},
			{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
				PutForwards: "cssText"},
		},
	}
	// https://drafts.csswg.org/css-fonts/#om-fontface (Chromium's style is a
	// CSSStyleDeclaration)
	fontFaceRuleIface := &bind.Interface{
		Name:   "CSSFontFaceRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
				PutForwards: "cssText"},
		},
	}
	// https://drafts.csswg.org/cssom/#the-cssmarginrule-interface
	marginRuleIface := &bind.Interface{
		Name:   "CSSMarginRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "name", Get: func(r *bind.Realm, this any) goja.Value {
				t := strings.TrimPrefix(ruleOf(this).text, "@")
				if i := strings.IndexAny(t, " \t\n\r\f{"); i >= 0 {
					t = t[:i]
				}
				return r.String(ascii.Lower(t))
			}},
			{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
				PutForwards: "cssText"},
		},
	}
	// https://drafts.csswg.org/cssom/#the-cssnamespacerule-interface
	namespaceRuleIface := &bind.Interface{
		Name:   "CSSNamespaceRule",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "namespaceURI", Get: func(r *bind.Realm, this any) goja.Value {
				p := prelude(this)
				if u, _ := importURL(p); u != "" {
					return r.String(u)
				}
				if f := strings.Fields(p); len(f) == 2 {
					u, _ := importURL(f[1])
					return r.String(u)
				}
				return r.String("")
			}},
			{Name: "prefix", Get: func(r *bind.Realm, this any) goja.Value {
				p := prelude(this)
				if f := strings.Fields(p); len(f) == 2 && !strings.HasPrefix(ascii.Lower(f[0]), "url(") {
					return r.String(f[0])
				}
				return r.String("")
			}},
		},
	}
	// https://drafts.csswg.org/css-nesting/#the-cssnestrule
	nestedDeclarationsIface := &bind.Interface{
		Name:   "CSSNestedDeclarations",
		Parent: "CSSRule",
		Attributes: []bind.Attribute{
			{Name: "style", Get: func(r *bind.Realm, this any) goja.Value { return ruleStyle(r, ruleOf(this)) },
				PutForwards: "cssText"},
		},
	}
	return append([]*bind.Interface{nestedDeclarationsIface, mediaListIface, styleSheetListIface, groupingRuleIface, conditionRuleIface, mediaRuleIface,
		supportsRuleIface, containerRuleIface, importRuleIface, pageRuleIface, fontFaceRuleIface, marginRuleIface, namespaceRuleIface,
		propertyRuleInterface(), layerInterfaces()[0], layerInterfaces()[1], scopeInterfaces()[0], scopeInterfaces()[1],
		positionTryInterface(), fontFeatureValuesRuleIface, fontFeatureValuesMapIface}, descriptorInterfaces()...)
}

// groupingRuleList is the cssRules of a grouping rule.
func groupingRuleList(r *bind.Realm, this any) goja.Value {
	return r.WrapObject(this.(*cssRuleImpl).children().ruleList(), r.Class("CSSRuleList"))
}

// groupingRuleMethods are insertRule and deleteRule of a grouping rule.
func groupingRuleMethods() []bind.Method {
	return []bind.Method{
		{Name: "insertRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return r.Runtime.ToValue(this.(*cssRuleImpl).children().insertRule(r, bind.DOMString(args[0]), argIndex(args, 1, 0)))
		}},
		{Name: "deleteRule", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*cssRuleImpl).children().deleteRule(r, argIndex(args, 0, 0))
			return nil
		}},
	}
}

func indexKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = strconv.Itoa(i)
	}
	return keys
}
