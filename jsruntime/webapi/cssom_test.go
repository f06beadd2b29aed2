package webapi

import (
	"context"
	"slices"
	"testing"
)

func TestCSSStyleSheet(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallCSSOM(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, js, want string
	}{
		{"constructable", `var s = new CSSStyleSheet(); [s instanceof CSSStyleSheet, s instanceof StyleSheet, s.type, s.href, s.ownerNode, s.cssRules.length, s.disabled].join()`,
			"true,true,text/css,,,0,false"},
		{"Lit's feature test", `"replace" in CSSStyleSheet.prototype && "replaceSync" in CSSStyleSheet.prototype`, "true"},
		{"replaceSync splits rules", `var s = new CSSStyleSheet(); s.replaceSync(":host { display: block } /* c */ .a, .b{color:red;} @media (min-width: 1px) { p { x: y } } @import url(x.css);");
			[s.cssRules.length, s.cssRules[0].cssText, s.cssRules[1].selectorText, s.cssRules[2].type, s.cssRules.item(2) === s.cssRules[2], s.cssRules[3]].join("|")`,
			"3|:host { display: block }|.a, .b|4|true|"},
		{"live list", `var s = new CSSStyleSheet(), l = s.cssRules; s.insertRule("a { b: c }"); s.insertRule("x { y: z }", 1); var n = l.length; s.deleteRule(0);
			[n, l.length, l[0].cssText, l === s.rules, l[0].parentStyleSheet === s, l[0] instanceof CSSStyleRule, l[0].type === CSSRule.STYLE_RULE, [...l].length].join()`,
			"2,1,x { y: z },true,true,true,true,1"},
		{"insertRule errors", `var s = new CSSStyleSheet(), out = [];
			try { s.insertRule("a {}", 5) } catch (e) { out.push(e.name) }
			try { s.insertRule("a {} b {}") } catch (e) { out.push(e.name) }
			try { s.insertRule("@import url(a.css);") } catch (e) { out.push(e.name) }
			try { s.deleteRule(0) } catch (e) { out.push(e.name) }
			out.join()`, "IndexSizeError,SyntaxError,SyntaxError,IndexSizeError"},
		{"strings and unclosed blocks", `var s = new CSSStyleSheet(); s.replaceSync('a::after { content: "}" } b { c: d');
			[s.cssRules.length, s.cssRules[0].cssText, s.cssRules[1].cssText].join("|")`, `2|a::after { content: "}" }|b { c: d}`},
		{"replace resolves with the sheet", `var s = new CSSStyleSheet({disabled: true}); var got; s.replace("p{}").then(v => { got = v === s && s.cssRules.length === 1 && s.disabled }); "ok"`, "ok"},
		{"a ';' in a prelude drops the rule", `var s = new CSSStyleSheet(); s.replaceSync("color: red; a {} b {}"); [s.cssRules.length, s.cssRules[0].selectorText].join()`, "1,b"},
		{"not constructable without new", `try { CSSStyleSheet(); "no" } catch (e) { e.name }`, "TypeError"},
		{"CSSRule is not constructable", `try { new CSSRule(); "no" } catch (e) { e.name }`, "TypeError"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := rt.RunString(tc.js)
			if err != nil {
				t.Fatal(err)
			}
			if v.String() != tc.want {
				t.Errorf("got %q, want %q", v.String(), tc.want)
			}
		})
	}
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if v, _ := rt.RunString(`got`); !v.ToBoolean() {
		t.Errorf("replace() promise: got %v, want true", v)
	}
}

func TestSplitCSSRules(t *testing.T) {
	tests := []struct {
		css  string
		want []string
	}{
		{"", nil},
		{"  /* only */ ", nil},
		{"a{}b{}", []string{"a{}", "b{}"}},
		{"}} a { x: '}' }", []string{"a { x: '}' }"}},
		{"@charset \"utf-8\"; @import 'a.css'; p{}", []string{`@charset "utf-8";`, "@import 'a.css';", "p{}"}},
		{"@media print { a { b: c } d { e: f } } g{}", []string{"@media print { a { b: c } d { e: f } }", "g{}"}},
		{"color: red; a {} b{}", []string{"color: red; a {}", "b{}"}},
		{"a { b: 'unterminated", []string{"a { b: 'unterminated}"}},
		{"@layer base", []string{"@layer base"}},
	}
	for _, tc := range tests {
		if got := splitCSSRules(tc.css); !slices.Equal(got, tc.want) {
			t.Errorf("splitCSSRules(%q) = %q, want %q", tc.css, got, tc.want)
		}
	}
}

func FuzzSplitCSSRules(f *testing.F) {
	for _, s := range []string{"a{}", "@media x { a { b: c } }", "'\\", "/*", "a { \"}\" }", "}}{{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, css string) {
		for _, r := range splitCSSRules(css) {
			if r == "" {
				t.Fatalf("empty rule from %q", css)
			}
		}
	})
}
