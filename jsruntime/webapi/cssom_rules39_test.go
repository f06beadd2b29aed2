package webapi

import (
	"reflect"
	"testing"
)

func TestSplitStyleBlockNestedDeclarations(t *testing.T) {
	tests := []struct {
		block string
		decls string
		items []blockItem
	}{
		{"color: red", "color: red", nil},
		{"color: red; & .y { color: blue } color: green;", "color: red;",
			[]blockItem{{text: "& .y { color: blue }"}, {text: "color: green;", decls: true}}},
		{"& .y { } ; ", "", []blockItem{{text: "& .y { }"}}},
		{"--x: { a }; & .y { } b: c; d: e; @media all { f: g } h: i", "--x: { a };",
			[]blockItem{{text: "& .y { }"}, {text: "b: c; d: e;", decls: true}, {text: "@media all { f: g }"}, {text: "h: i", decls: true}}},
		{"a: b; & .y { c: d", "a: b;", []blockItem{{text: "& .y { c: d}"}}},
	}
	for _, tc := range tests {
		decls, items := splitStyleBlock(tc.block)
		if decls != tc.decls || !reflect.DeepEqual(items, tc.items) {
			t.Errorf("splitStyleBlock(%q) = %q, %+v; want %q, %+v", tc.block, decls, items, tc.decls, tc.items)
		}
	}
}

func TestCSSOMNewerRules(t *testing.T) {
	rt, _ := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallCSSOM(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, js, want string }{
		{"nested declarations", `var s = new CSSStyleSheet(); s.replaceSync(".x { a: b; & .y { c: d } e: f; }"); var r = s.cssRules[0];
			[r.cssRules.length, r.cssRules[1].constructor.name, r.cssRules[1].type, r.cssRules[1].parentRule === r].join()`,
			"2,CSSNestedDeclarations,0,true"},
		{"declarations first in a nested rule list stay apart from the parent's", `var s = new CSSStyleSheet(); s.replaceSync(".x { & .y { } }"); var r = s.cssRules[0];
			r.insertRule("g: h", 0); r.insertRule("i: j", 2); [r.cssRules.length, r.cssRules[0].constructor.name, r.cssRules[2].constructor.name].join()`,
			"3,CSSNestedDeclarations,CSSNestedDeclarations"},
		{"no declarations outside a style rule", `var s = new CSSStyleSheet(); try { s.insertRule("a: b"); "no" } catch (e) { e.name }`, "SyntaxError"},
		{"scope", `var s = new CSSStyleSheet(); s.replaceSync("@scope (.a) to (> .b) { p { } } @scope foo { } @scope to (.c) { } @starting-style { q { } }");
			[s.cssRules.length, s.cssRules[0].constructor.name, s.cssRules[0].start, s.cssRules[0].end, s.cssRules[1].start, s.cssRules[1].end,
			 s.cssRules[0] instanceof CSSGroupingRule, s.cssRules[2].constructor.name, s.cssRules[2].cssRules[0].selectorText].join("|")`,
			"3|CSSScopeRule|.a|> .b||.c|true|CSSStartingStyleRule|q"},
		{"counter style", `var s = new CSSStyleSheet(); s.replaceSync("@counter-style a { system: fixed; symbols: 'x' y; } @counter-style none { }"); var r = s.cssRules[0];
			r.system = "numeric"; var sys = r.system; r.symbols = "z"; r.name = "decimal";
			[s.cssRules.length, r.type, sys, r.symbols, r.name, r.cssText].join("|")`,
			`1|11|fixed 1|z|a|@counter-style a { system: fixed 1; symbols: z; }`},
		{"palette, view transition, position try", `var s = new CSSStyleSheet(); s.replaceSync("@font-palette-values --p { font-family: A; x: y } @view-transition { navigation: auto; types: a b } @position-try --t { top: 0 }");
			[s.cssRules[0].constructor.name, s.cssRules[0].name, s.cssRules[0].fontFamily, s.cssRules[1].navigation, s.cssRules[1].types.join("+"), s.cssRules[2].constructor.name, s.cssRules[2].name].join("|")`,
			"CSSFontPaletteValuesRule|--p|A|auto|a+b|CSSPositionTryRule|--t"},
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
}
