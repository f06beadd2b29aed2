package jsruntime

import "testing"

// TestDocumentBodySetter checks document.body's setter argument handling:
// the IDL type is HTMLElement?, so a non-HTML element is a TypeError while
// null and HTML elements other than body/frameset are HierarchyRequestError.
// https://html.spec.whatwg.org/multipage/dom.html#dom-document-body
func TestDocumentBodySetter(t *testing.T) {
	try := func(expr string) string {
		return `(function () { try { document.body = ` + expr + `; return 'no error'; } catch (e) { return e.name; } })()`
	}
	runEvalCases(t, []evalCase{
		{name: "string", js: try(`'x'`), want: "TypeError"},
		{name: "text node", js: try(`document.createTextNode('t')`), want: "TypeError"},
		{name: "foreign body", js: try(`document.createElementNS('urn:x', 'body')`), want: "TypeError"},
		{name: "svg element", js: try(`document.createElementNS('http://www.w3.org/2000/svg', 'svg')`), want: "TypeError"},
		{name: "null", js: try(`null`), want: "HierarchyRequestError"},
		{name: "div", js: try(`document.createElement('div')`), want: "HierarchyRequestError"},
		{name: "same body", js: try(`document.body`), want: "no error"},
		{name: "new body", js: `var b = document.createElement('body'); document.body = b; document.body === b`, want: "true"},
	})
}

// TestScrollingElement checks that a quirks-mode document scrolls with its
// body and a no-quirks one with its root.
// https://drafts.csswg.org/cssom-view/#dom-document-scrollingelement
func TestScrollingElement(t *testing.T) {
	parse := func(src string) string {
		return `(function () { var d = new DOMParser().parseFromString('` + src + `', 'text/html'); var s = d.scrollingElement; return s ? s.localName : 'null'; })()`
	}
	runEvalCases(t, []evalCase{
		{name: "no-quirks", js: parse(`<!doctype html><p>x`), want: "html"},
		{name: "quirks", js: parse(`<p>x`), want: "body"},
		{name: "quirks frameset", js: parse(`<frameset></frameset>`), want: "frameset"},
		{name: "quirks without body", js: `var d = new DOMParser().parseFromString('<p>x', 'text/html'); d.documentElement.removeChild(d.body); String(d.scrollingElement)`, want: "null"},
	})
}
