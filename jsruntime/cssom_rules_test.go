package jsruntime

import (
	"strings"
	"testing"
)

// TestCSSOMRules checks MediaList, StyleSheetList and the CSSRule
// subclasses of an inline sheet against Chromium 156's answers for the
// same page.
func TestCSSOMRules(t *testing.T) {
	const markup = `<!doctype html><head><style id=s1 media="SCREEN, print">
@import url("a.css") screen;
@namespace svg url(http://www.w3.org/2000/svg);
p { color: red }
@media (min-width: 100px) { p { color: blue } div { margin: 0 } }
@supports (display: grid) { .g { display: grid } }
@page :first { margin: 1in; }
</style><style>b{}</style></head><body>`
	const prelude = `var sh=document.styleSheets[0], R=sh.cssRules;
function tr(f){try{return String(f())}catch(e){return '!! '+e.name+': '+e.message}}`
	steps := []struct{ name, js, want string }{
		{"list", `[Object.prototype.toString.call(document.styleSheets), document.styleSheets.length, document.styleSheets===document.styleSheets, document.styleSheets.item(1).cssRules.length, document.styleSheets.item(5)].join()`, "[object StyleSheetList],2,true,1,"},
		{"media", `[String(sh.media), sh.media.length, sh.media[0], sh.media.item(1), sh.media.mediaText].join('|')`, "screen, print|2|screen|print|screen, print"},
		{"media put", `sh.media='all and (color)'; sh.media.mediaText`, "(color)"},
		{"appendMedium", `sh.media.appendMedium('print'); sh.media.appendMedium('print'); sh.media.mediaText`, "(color), print"},
		{"deleteMedium", `sh.media.deleteMedium('print'); sh.media.mediaText`, "(color)"},
		{"deleteMedium absent", `sh.media.deleteMedium('tv'); sh.media.mediaText`, "!! NotFoundError: Failed to execute 'deleteMedium' on 'MediaList': Failed to delete 'tv'."},
		{"mediaText null", `sh.media.mediaText=null; JSON.stringify(sh.media.mediaText)+sh.media.length`, `""0`},
		{"rule classes", `Array.from(R).map(function(r){return r.constructor.name}).join()`, "CSSImportRule,CSSNamespaceRule,CSSStyleRule,CSSMediaRule,CSSSupportsRule,CSSPageRule"},
		{"import", `[R[0].href, R[0].media.mediaText].join('|')`, "a.css|screen"},
		{"namespace", `[R[1].namespaceURI, R[1].prefix].join('|')`, "http://www.w3.org/2000/svg|svg"},
		{"media rule", `[R[3].conditionText, R[3].media.mediaText, R[3].cssRules.length, R[3].cssRules[0].cssText, R[3].cssRules[0].parentRule===R[3], R[3].cssRules[0].parentStyleSheet===sh].join('|')`, "(min-width: 100px)|(min-width: 100px)|2|p { color: blue; }|true|true"},
		{"insertRule in a group", `R[3].insertRule('span{color:green}', 1); R[3].cssRules.length+'|'+R[3].cssRules[1].selectorText`, "3|span"},
		{"deleteRule in a group", `R[3].deleteRule(0); R[3].cssRules.length+'|'+R[3].cssRules[0].selectorText`, "2|span"},
		{"supports rule", `[R[4].conditionText, R[4].cssRules.length, R[4] instanceof CSSConditionRule, R[4] instanceof CSSGroupingRule].join('|')`, "(display: grid)|1|true|true"},
		{"page rule", `[R[5].selectorText, R[5].style.margin, R[5].cssRules.length, R[5] instanceof CSSGroupingRule].join('|')`, ":first|1in|0|true"},
		{"margin rules", `R[5].insertRule('@TOP-left { color: red }', 0), (function(m){ return [String(m), m.type, m.name, m.style.color, m.parentRule===R[5], tr(function(){ return R[5].insertRule('p {}', 0) }), R[5].cssText, R[5].style.cssText].join('|') })(R[5].cssRules[0])`,
			"[object CSSMarginRule]|9|top-left|red|true|!! SyntaxError: Failed to execute 'insertRule' on 'CSSStyleSheet': Failed to parse the rule 'p {}'.|@page :first { margin: 1in; @top-left { color: red; } }|margin: 1in;"},
		{"selectorText setter", `R[2].selectorText='div > p'; R[2].selectorText+'|'+R[2].cssText`, "div > p|div > p { color: red; }"},
		{"bad selectorText", `R[2].selectorText='{'; R[2].selectorText`, "div > p"},
		{"style puts cssText", `R[2].style='color: green'; R[2].cssText`, "div > p { color: green; }"},
		{"a style rule is a grouping rule", `[R[2].cssRules.length, typeof R[2].insertRule, R[2] instanceof CSSGroupingRule].join()`, "0,function,false"},
		{"constructor media", `var c=new CSSStyleSheet({media:'print'}); c.media.mediaText`, "print"},
		{"constructor without media", `var c=new CSSStyleSheet(); JSON.stringify(c.media.mediaText)+c.media.length`, `""0`},
		{"media query serialization", `sh.media.mediaText='SCREEN AND (MIN-WIDTH:100PX),  Print'; sh.media.mediaText`, "screen and (min-width: 100px), print"},
	}
	w := newCSSOMWindow(t, markup)
	if _, err := w.RunScript("prelude.js", prelude); err != nil {
		t.Fatal(err)
	}
	for _, st := range steps {
		stmts, last := "", st.js
		if i := strings.LastIndex(st.js, ";"); i >= 0 {
			stmts, last = st.js[:i+1], st.js[i+1:]
		}
		v, err := w.RunScript("step.js", "tr(function(){"+stmts+" return "+last+";})")
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := v.String(); got != st.want {
			t.Errorf("%s: %s\n got %q\nwant %q", st.name, st.js, got, st.want)
		}
	}
}

// TestBoxAfterCSSOMEdit: boxes read cascaded values memoized per document
// version, and an edit of a sheet's rules through the CSSOM changes no
// version; the next read must see the edit all the same.
func TestBoxAfterCSSOMEdit(t *testing.T) {
	w := newCSSOMWindow(t, `<style>p { color: red }</style><div style="width:500px"><div><p id=x>x</p></div></div>`)
	v, err := w.RunScript("t.js", `var x = document.getElementById('x'), sh = document.styleSheets[0], r = [x.offsetWidth];
		sh.insertRule('#x { max-width: 50px }', 1); r.push(x.offsetWidth);
		sh.cssRules[1].style.maxWidth = '60px'; r.push(x.offsetWidth);
		sh.deleteRule(1); r.push(x.offsetWidth);
		r.join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "500,50,60,500"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
