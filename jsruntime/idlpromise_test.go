package jsruntime

import "testing"

// TestPromiseOperations checks that operations returning a promise reject
// instead of throwing (a wrong this, too few arguments), and the legacy
// Document and Window members idlharness.js finds, with Chromium 156's
// answers.
// https://webidl.spec.whatwg.org/#dfn-create-operation-function
func TestPromiseOperations(t *testing.T) {
	const settle = `function settle(p) { var r = { v: String(p) }; if (p && p.then) p.then(function (v) { r.v = 'resolved ' + v }, function (e) { r.v = 'rejected ' + e.constructor.name + ': ' + e.message }); return r }
	`
	runEvalCases(t, []evalCase{
		{name: "wrong this rejects", markup: `<script>` + settle + `
			window.got = [HTMLImageElement.prototype.decode.call({}), Element.prototype.scrollIntoView.call({}), Element.prototype.scroll.call(1),
				window.scrollTo.call({}), customElements.whenDefined.call({}, 'x-a'), HTMLMediaElement.prototype.play.call({})].map(settle);
			</script>`,
			js: `got.map(function (r) { return r.v }).join('; ')`,
			want: "rejected TypeError: Failed to execute 'decode' on 'HTMLImageElement': Illegal invocation; " +
				"rejected TypeError: Failed to execute 'scrollIntoView' on 'Element': Illegal invocation; rejected TypeError: Failed to execute 'scroll' on 'Element': Illegal invocation; " +
				"rejected TypeError: Failed to execute 'scrollTo' on 'Window': Illegal invocation; rejected TypeError: Failed to execute 'whenDefined' on 'CustomElementRegistry': Illegal invocation; " +
				"rejected TypeError: Failed to execute 'play' on 'HTMLMediaElement': Illegal invocation"},
		{name: "too few arguments reject", markup: `<script>` + settle + `window.got = settle(customElements.whenDefined())</script>`,
			js: `got.v`, want: "rejected TypeError: Failed to execute 'whenDefined' on 'CustomElementRegistry': 1 argument required, but only 0 present."},
		{name: "scroll operations return promises", markup: `<script>` + settle + `
			window.got = [document.body.scrollIntoView(), document.body.scrollTo(0, 0), scroll(0, 0), scrollBy({ top: 1 })];
			window.res = []; got.forEach(function (p) { p.then(function (v) { res.push(JSON.stringify(v)) }) })</script>`,
			js: `res.join()`, want: `{"interrupted":false},{"interrupted":false},{"interrupted":false},{"interrupted":false}`},
		{name: "window move and resize", js: `function t(f) { try { return String(f()) } catch (e) { return e.message } }
			[moveTo.length, moveBy.length, resizeTo.length, resizeBy.length, t(function () { return moveBy(1, 2) }), t(function () { return resizeTo(1) })].join('; ')`,
			want: "2; 2; 2; 2; undefined; Failed to execute 'resizeTo' on 'Window': 2 arguments required, but only 1 present."},
		{name: "document.applets and clear", js: `[document.applets === document.applets, document.applets.length, Object.prototype.toString.call(document.applets),
			String(document.clear()), document.clear.length, 'clear' in Document.prototype].join()`,
			want: "true,0,[object HTMLCollection],undefined,0,true"},
		{name: "onreadystatechange is lenient", js: `var d = Object.getOwnPropertyDescriptor(Document.prototype, 'onreadystatechange');
			[String(d.get.call({})), String(new Document().onreadystatechange), d.enumerable].join()`,
			want: "undefined,null,true"},
	})
}
