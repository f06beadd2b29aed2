package jsruntime

import "testing"

// TestCompositionEvent checks CompositionEvent's data attribute, from its
// constructor dictionary and from initCompositionEvent.
// https://w3c.github.io/uievents/#interface-compositionevent
func TestCompositionEvent(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "default", js: `var e = new CompositionEvent('compositionstart'); [JSON.stringify(e.data), e instanceof UIEvent, e.view].join()`, want: `"",true,`},
		{name: "dictionary", js: `var e = new CompositionEvent('compositionupdate', {data: 'ka', bubbles: true, view: window}); [e.data, e.bubbles, e.view === window].join()`, want: "ka,true,true"},
		{name: "init", js: `var e = document.createEvent('CompositionEvent'); e.initCompositionEvent('compositionend', true, false, window, 'か'); [e.type, e.bubbles, e.cancelable, e.data, e.view === window].join()`, want: "compositionend,true,false,か,true"},
		// Chromium 156: the data argument defaults to "undefined".
		{name: "init without data", js: `var e = new CompositionEvent('x', {data: 'a'}); e.initCompositionEvent('y'); JSON.stringify(e.data)`, want: `"undefined"`},
		{name: "init while dispatching is ignored", js: `var e = new CompositionEvent('x', {data: 'a'}), got;
			document.body.addEventListener('x', function () { e.initCompositionEvent('z', false, false, null, 'b'); got = e.type + e.data; }, {once: true});
			document.body.dispatchEvent(e); got`, want: "xa"},
		{name: "shape", js: `[typeof Object.getOwnPropertyDescriptor(CompositionEvent.prototype, 'data').get, CompositionEvent.prototype.initCompositionEvent.length].join()`, want: "function,1"},
	})
}
