package jsruntime

import "testing"

// TestElementInterfaces checks the interface of elements whose name is
// not a valid custom element name (reserved names, capitals) and of the
// SVG animation and filter primitive elements.
// https://html.spec.whatwg.org/multipage/dom.html#elements-in-the-dom
func TestElementInterfaces(t *testing.T) {
	name := func(expr string) string { return `Object.getPrototypeOf(` + expr + `).constructor.name` }
	svg := func(tag string) string {
		return name(`document.createElementNS('http://www.w3.org/2000/svg', '` + tag + `')`)
	}
	runEvalCases(t, []evalCase{
		{name: "custom name", js: name(`document.createElement('x-foo')`), want: "HTMLElement"},
		{name: "reserved name", js: name(`document.createElement('font-face')`), want: "HTMLUnknownElement"},
		{name: "annotation-xml", js: name(`document.createElement('annotation-xml')`), want: "HTMLUnknownElement"},
		{name: "capital in an NS name", js: name(`document.createElementNS('http://www.w3.org/1999/xhtml', 'a-B')`), want: "HTMLUnknownElement"},
		{name: "feBlend", js: svg("feBlend") + ` + ' ' + Object.getPrototypeOf(SVGFEBlendElement.prototype).constructor.name`, want: "SVGFEBlendElement SVGElement"},
		{name: "feFuncR", js: svg("feFuncR") + ` + ' ' + Object.getPrototypeOf(SVGFEFuncRElement.prototype).constructor.name`, want: "SVGFEFuncRElement SVGComponentTransferFunctionElement"},
		{name: "animate", js: svg("animate") + ` + ' ' + (document.createElementNS('http://www.w3.org/2000/svg', 'set') instanceof SVGAnimationElement)`, want: "SVGAnimateElement true"},
		{name: "lowercase is no match", js: svg("fefuncr"), want: "SVGElement"},
	})
}

// TestElementDefaults checks the element-dependent defaults of tabIndex,
// draggable and spellcheck that Chromium gives.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-tabindex
func TestElementDefaults(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "media and frames focusable", js: `['audio', 'video', 'frame', 'object', 'div'].map(function (t) { return document.createElement(t).tabIndex; }).join()`, want: "0,0,0,0,-1"},
		{name: "details summary", js: `var d = document.createElement('details'), s1 = d.appendChild(document.createElement('summary')), s2 = d.appendChild(document.createElement('summary'));
			[s1.tabIndex, s2.tabIndex, document.createElement('summary').tabIndex].join()`, want: "0,-1,-1"},
		{name: "area with href draggable", js: `var a = document.createElement('area'), b = a.draggable; a.href = '#'; [b, a.draggable].join()`, want: "false,true"},
		{name: "password spellcheck", js: `var i = document.createElement('input'); i.type = 'password'; var a = i.spellcheck; i.type = 'text'; [a, i.spellcheck].join()`, want: "false,true"},
	})
}
