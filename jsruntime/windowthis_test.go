package jsruntime

import (
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
)

// TestWindowThis checks that the window's members made outside the Window
// interface table (timers, atob, structuredClone, matchMedia, fetch, the
// window/self/document/location accessors) refuse a this value that is not
// a window, and that the window's prototype chain is immutable, with
// Chromium 156's answers.
// https://webidl.spec.whatwg.org/#dfn-create-operation-function
// https://webidl.spec.whatwg.org/#platform-object-setprototypeof
func TestWindowThis(t *testing.T) {
	const try = `function t(f) { try { var v = f(); return typeof v === 'number' ? 'number' : String(v) } catch (e) { return e.constructor.name + ': ' + e.message } }
	`
	cases := []evalCase{
		{name: "operations with this = {}", js: try + `[setTimeout, setInterval, clearTimeout, clearInterval, queueMicrotask, requestAnimationFrame,
			cancelAnimationFrame, requestIdleCallback, cancelIdleCallback, atob, btoa, structuredClone, matchMedia].map(function (f) {
				return f.name + ' ' + t(function () { return f.call({}, function () {}) }) }).join('; ')`,
			want: "setTimeout TypeError: Illegal invocation; setInterval TypeError: Illegal invocation; clearTimeout TypeError: Illegal invocation; " +
				"clearInterval TypeError: Illegal invocation; queueMicrotask TypeError: Illegal invocation; requestAnimationFrame TypeError: Illegal invocation; " +
				"cancelAnimationFrame TypeError: Illegal invocation; requestIdleCallback TypeError: Illegal invocation; cancelIdleCallback TypeError: Illegal invocation; " +
				"atob TypeError: Illegal invocation; btoa TypeError: Illegal invocation; structuredClone TypeError: Illegal invocation; matchMedia TypeError: Illegal invocation"},
		{name: "operations with this = undefined, null, window", js: try + `[t(function () { return setTimeout.call(undefined, function () {}) }),
			t(function () { return atob.call(null, 'YQ==') }), t(function () { return window.btoa('a') }), t(function () { return clearTimeout.call(window, 0) })].join()`,
			want: "number,a,YQ==,undefined"},
		{name: "operations through a frame's window", markup: `<iframe id="f"></iframe>`,
			js:   try + `var fw = document.getElementById('f').contentWindow; [t(function () { return setTimeout.call(fw, function () {}) }), t(function () { return fw.atob('YQ==') })].join()`,
			want: "number,a"},
		{name: "cancelAnimationFrame needs its argument", js: try + `t(function () { return cancelAnimationFrame() })`,
			want: "TypeError: Failed to execute 'cancelAnimationFrame' on 'Window': 1 argument required, but only 0 present."},
		{name: "window accessors with this = {}", js: try + `['window', 'self', 'top', 'frames', 'parent', 'document', 'location'].map(function (k) {
				var d = Object.getOwnPropertyDescriptor(window, k);
				return k + ' ' + d.get.name + ' ' + t(function () { return d.get.call({}) }) + (d.set ? ' ' + t(function () { return d.set.call({}, '#x') }) : '') }).join('; ')`,
			want: "window get window TypeError: Illegal invocation; self get self TypeError: Illegal invocation TypeError: Illegal invocation; " +
				"top get top TypeError: Illegal invocation; frames get frames TypeError: Illegal invocation TypeError: Illegal invocation; " +
				"parent get parent TypeError: Illegal invocation TypeError: Illegal invocation; document get document TypeError: Illegal invocation; " +
				"location get location TypeError: Illegal invocation TypeError: Illegal invocation"},
		{name: "window accessors with this = undefined", js: `['window', 'self', 'document'].map(function (k) {
				return Object.getOwnPropertyDescriptor(window, k).get.call(undefined) === window[k] }).join()`,
			want: "true,true,true"},
		{name: "immutable prototypes", js: try + `var wp = Object.getPrototypeOf(Window.prototype);
			[t(function () { return Object.setPrototypeOf(window, {}) }), t(function () { return Reflect.setPrototypeOf(window, {}) }),
			 t(function () { window.__proto__ = {}; return 'set' }), t(function () { return Object.setPrototypeOf(Window.prototype, {}) }),
			 t(function () { return Reflect.setPrototypeOf(Window.prototype, null) }), t(function () { return Object.setPrototypeOf(wp, {}) }),
			 t(function () { return Reflect.setPrototypeOf(EventTarget.prototype, {}) }),
			 t(function () { return Object.setPrototypeOf(window, Window.prototype) === window }), t(function () { return Reflect.setPrototypeOf(wp, EventTarget.prototype) }),
			 t(function () { window.__proto__ = Window.prototype; return Object.getPrototypeOf(window) === Window.prototype }),
			 t(function () { return Reflect.setPrototypeOf(Node.prototype, Node.prototype.__proto__) }), t(function () { var o = {}; o.__proto__ = wp; return o instanceof EventTarget })].join('; ')`,
			want: "TypeError: Immutable prototype object '#<Window>' cannot have their prototype set; false; " +
				"TypeError: Immutable prototype object '#<Window>' cannot have their prototype set; TypeError: Immutable prototype object '#<Window>' cannot have their prototype set; " +
				"false; TypeError: Immutable prototype object '#<EventTarget>' cannot have their prototype set; false; true; true; true; true; true"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			markup := tc.markup
			if markup == "" {
				markup = "<!doctype html><p>x</p>"
			}
			doc, err := dom.Parse(strings.NewReader(markup))
			if err != nil {
				t.Fatal(err)
			}
			p := &testPage{t: t}
			p.l = loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { p.w.ReportError(err) }})
			p.w, err = New(p.l, doc, Config{
				URL:     "https://example.test/page",
				OnError: func(e ScriptError) { p.errors = append(p.errors, e) },
				Extensions: []func(*Window) error{func(w *Window) error {
					return webapi.Install(w.Realm(), w.Global(), webapi.Config{Host: w.Loop()})
				}},
			})
			if err != nil {
				t.Fatal(err)
			}
			p.run()
			if got := p.eval(tc.js); got != tc.want {
				t.Errorf("%s\n got %q\nwant %q", tc.js, got, tc.want)
			}
			p.noErrors()
		})
	}
}
