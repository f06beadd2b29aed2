package jsruntime

import (
	"github.com/bangsnap/bangsnap/dom"
	"github.com/dop251/goja"
)

// Fullscreen as headless Chromium 156 answers scripts that run with no
// user gesture: the API is enabled (document.fullscreenEnabled is true;
// media-chrome shows its fullscreen button only then), but
// requestFullscreen is refused: its promise rejects with a TypeError
// ("Permissions check failed") and fullscreenerror (bubbling, composed)
// is fired at the element in the next rendering update's fullscreen
// steps, after its scroll steps and before its animation frame callbacks.
// No element is ever fullscreen, so exitFullscreen rejects
// (testdata/wpt/sweep63-fullscreen-refused.html).
// https://fullscreen.spec.whatwg.org/#dom-element-requestfullscreen
// https://fullscreen.spec.whatwg.org/#run-the-fullscreen-steps

// requestFullscreen refuses el's request, with the console warning
// Chromium gives.
func (w *Window) requestFullscreen(el *dom.Node) goja.Value {
	w.console("warn", "Failed to execute 'requestFullscreen' on 'Element': API can only be initiated by a user gesture.")
	w.fullscreenErrors = append(w.fullscreenErrors, el)
	if len(w.fullscreenErrors) == 1 && w.loop != nil {
		w.loop.RequestFrame()
	}
	return w.rejected("TypeError", "Permissions check failed")
}

// runFrameSteps runs the steps of a rendering update before its animation
// frame callbacks that bangsnap has: the scroll steps, then the
// fullscreen steps.
func (w *Window) runFrameSteps() {
	w.runScrollSteps()
	w.runMediaQuerySteps() // mediaquerysteps.go
	w.runFullscreenSteps()
}

// runFullscreenSteps fires the fullscreenerror events due, in the order
// of the requests.
func (w *Window) runFullscreenSteps() {
	due := w.fullscreenErrors
	w.fullscreenErrors = nil
	for _, el := range due {
		ev := dom.NewEvent("fullscreenerror", true, false)
		ev.IsTrusted = true
		ev.Composed = true
		if el.IsConnected() {
			w.dispatch(el, ev)
		} else {
			w.dispatch(el.OwnerDocument(), ev)
		}
	}
}
