package jsruntime

import "testing"

func TestXPath(t *testing.T) {
	markup := `<div id="r"><p class="a" hx-on:click="x">one</p><p data-hx-on-load="y">two</p><span title="t">three</span><!--c--></div>`
	runEvalCases(t, []evalCase{
		{name: "htmx hx-on query", markup: markup, js: `var q = new XPathEvaluator().createExpression('.//*[@*[ starts-with(name(), "hx-on:") or starts-with(name(), "data-hx-on:") or' +
			' starts-with(name(), "hx-on-") or starts-with(name(), "data-hx-on-") ]]');
			var it = q.evaluate(document.getElementById('r')), n, s = []; while (n = it.iterateNext()) s.push(n.textContent); s.join()`, want: "one,two"},
		{name: "paths and predicates", markup: markup, js: `function ev(x, t) { return document.evaluate(x, document, null, t || 0, null) }
			[ev('count(//p)').numberValue, ev('//p[2]', 9).singleNodeValue.textContent, ev('string(//span/@title)').stringValue,
			 ev('//div[@id="r"]/*[last()]', 9).singleNodeValue.tagName, ev('//p[contains(., "tw")]', 7).snapshotLength,
			 ev('//p | //span', 7).snapshotLength, ev('count(//comment())').numberValue, ev('//p[1]/following-sibling::*', 7).snapshotLength,
			 ev('boolean(//span[@title="t"])').booleanValue, ev('normalize-space(concat(" a ", "b "))').stringValue,
			 ev('//span/..', 9).singleNodeValue.id, ev('1 + 2 * 3').numberValue].join()`, want: "2,two,t,SPAN,1,3,1,2,true,a b,r,7"},
		{name: "syntax error", js: `try { document.evaluate('//[', document, null, 0, null); 'no' } catch (e) { e.name }`, want: "SyntaxError"},
		{name: "CSS namespace", js: `[CSS.escape('a b'), CSS.escape('1x'), CSS.escape('#id.c'), CSS.supports('display', 'grid'), CSS.supports('(color: red)')].join()`,
			want: `a\ b,\31 x,\#id\.c,true,true`},
		{name: "ShadowRoot", js: `[typeof ShadowRoot, document.createDocumentFragment() instanceof ShadowRoot].join()`, want: "function,false"},
	})
}

func TestNamedAccessOnWindow(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "ids and names", markup: `<div id="box">b</div><form name="login"></form><div id="setTimeout"></div>`,
			js: `var r = [box.textContent, window.login.tagName, typeof setTimeout, 'box' in window, typeof nothingHere];
			box = 5; r.push(box, document.getElementById('box').tagName); r.join()`, want: "b,FORM,function,true,undefined,5,DIV"},
	})
}

func TestStyleSheets(t *testing.T) {
	markup := `<style>
		.hide { display: none }
		#main .note { color: blue; display: block }
		.note { color: red !important }
		@media (max-width: 10px) { .wide { display: none } }
		@media screen { .scr { visibility: hidden } }
		@font-face { font-family: x; src: url(x.woff) }
		p.inl { display: inline-block }
	</style>
	<div id="main"><span class="note">n</span><p class="hide">h</p><p class="wide">w</p><div class="scr"><i id="i">x</i></div>
	<p class="inl" style="display: flex">f</p><p class="hide" style="display: block">s</p></div>`
	runEvalCases(t, []evalCase{
		{name: "cascade", markup: markup, js: `function cs(sel, p) { return getComputedStyle(document.querySelector(sel)).getPropertyValue(p) }
			[cs('.note', 'display'), cs('.note', 'color').replace('rgb(255, 0, 0)', 'red'), cs('p.hide', 'display'), cs('.wide', 'display'), cs('#i', 'visibility'),
			 cs('.inl', 'display'), cs('p.hide[style]', 'display'), document.querySelector('p.hide').offsetHeight,
			 document.querySelector('.wide').offsetHeight > 0].join()`,
			want: "block,red,none,block,hidden,flex,block,0,true"},
	})
}
