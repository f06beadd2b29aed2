package jsruntime

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// TestMediaQueryListEventTarget: a MediaQueryList is an EventTarget, its
// legacy addListener/removeListener are addEventListener("change") and
// removeEventListener("change"), and MediaQueryListEvent carries media and
// matches, as in Chromium 156.
func TestMediaQueryListEventTarget(t *testing.T) {
	w := newCSSOMWindow(t, `<!doctype html><body>`)
	if err := webapi.InstallViewport(w.Realm(), w.Global(), webapi.Viewport{}); err != nil {
		t.Fatal(err)
	}
	runCSSOMSteps(t, w, []cssomStep{
		{"an EventTarget", `var m = matchMedia('(min-width: 1px)'); [m instanceof EventTarget, Object.getPrototypeOf(MediaQueryList.prototype) === EventTarget.prototype].join()`, "true,true"},
		{"addListener listens for change", `var seen = []; function f(e) { seen.push(e.type + ' ' + e.media + ' ' + e.matches) }; m.addListener(f); m.dispatchEvent(new MediaQueryListEvent('change', {media: 'x', matches: true})); seen.join()`, "change x true"},
		{"a listener added twice runs once", `m.addEventListener('change', f); m.dispatchEvent(new MediaQueryListEvent('change')); seen.join('|')`, "change x true|change  false"},
		{"removeListener removes it", `m.removeListener(f); m.dispatchEvent(new MediaQueryListEvent('change')); seen.length`, "2"},
		{"a null listener is ignored", `m.addListener(null); m.removeListener(undefined); 'ok'`, "ok"},
		{"the event's interface", `var e = new MediaQueryListEvent('change'); [e instanceof Event, JSON.stringify(e.media), e.matches, MediaQueryListEvent.length].join()`, `true,"",false,1`},
	})
}
