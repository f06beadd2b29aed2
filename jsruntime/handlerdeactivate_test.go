package jsruntime

import "testing"

// TestEventHandlerProcessing checks event handler details: a handler set to
// null loses its place among the listeners, an attribute that does not
// compile reports a SyntaxError, window.event hides events from listeners
// in shadow trees, onbeforeunload's string becomes the returnValue, and a
// canceled radio click checks the group's previous radio again.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
func TestEventHandlerProcessing(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "null then set moves the handler last", js: `var d = document.createElement('div'), log = [];
			d.onclick = function () { log.push('h1'); };
			d.addEventListener('click', function () { log.push('l'); });
			d.onclick = function () { log.push('h2'); };
			d.click();
			d.onclick = null;
			d.onclick = function () { log.push('h3'); };
			d.click();
			d.setAttribute('onclick', 'window.__x = 1');
			d.removeAttribute('onclick');
			d.click();
			log.join()`, want: "h2,l,l,h3,l"},
		{name: "window.event in a shadow tree", js: `var host = document.body.appendChild(document.createElement('div'));
			var inner = host.attachShadow({mode: 'open'}).appendChild(document.createElement('i')), got = [];
			inner.addEventListener('e', function () { got.push(String(window.event)); });
			host.addEventListener('e', function (e) { got.push(window.event === e); });
			inner.dispatchEvent(new Event('e', {bubbles: true, composed: true}));
			host.remove(); got.join()`, want: "undefined,true"},
		{name: "onbeforeunload return value", js: `window.onbeforeunload = function () { return 42; };
			var e = document.createEvent('BeforeUnloadEvent'); e.initEvent('beforeunload', false, true);
			window.dispatchEvent(e); window.onbeforeunload = null; [e.defaultPrevented, e.returnValue].join()`, want: "true,42"},
		{name: "onbeforeunload and a plain Event", js: `window.onbeforeunload = function () { return 'stay'; };
			var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);
			window.onbeforeunload = function () { return false; };
			var f = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(f);
			window.onbeforeunload = null; [e.defaultPrevented, f.defaultPrevented].join()`, want: "false,true"},
		{name: "canceled radio click", js: `var f = document.createElement('form');
			f.innerHTML = '<input type=radio name=g id=a checked><input type=radio name=g id=b>';
			var a = f.firstChild, b = f.lastChild;
			b.addEventListener('click', function (e) { e.preventDefault(); });
			b.click(); [a.checked, b.checked].join()`, want: "true,false"},
	})
}

// TestHandlerSyntaxError checks that an event handler attribute that does
// not compile is null and reported once, as an ErrorEvent whose error is a
// SyntaxError.
// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
func TestHandlerSyntaxError(t *testing.T) {
	p := newPage(t, `<!doctype html><body>`, nil)
	p.run()
	got := p.eval(`var d = document.createElement('div'), got = [];
		window.addEventListener('error', function (e) { got.push(e.constructor.name, e.error instanceof SyntaxError); });
		d.setAttribute('onclick', 'return (');
		got.push(d.onclick, d.onclick);
		got.join()`)
	if want := "ErrorEvent,true,,"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
