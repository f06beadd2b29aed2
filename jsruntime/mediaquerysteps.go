package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// frameMQL is a MediaQueryList a frame's window made (matchMedia).
type frameMQL struct {
	f   *frame
	mql goja.Value
}

// mediaQueriesMaybeChanged is called after each mutation of the document:
// a frame may have been resized (its width or height attribute, a style),
// so the next rendering update evaluates the frames' media query lists
// again. The page's own lists never change: its viewport is fixed.
func (w *Window) mediaQueriesMaybeChanged() {
	if len(w.frameMQLs) == 0 || w.mqlDirty || w.loop == nil {
		return
	}
	w.mqlDirty = true
	w.loop.RequestFrame()
}

// frameViewportNow is the viewport media queries see in f's window: the
// page's, sized as the frame's content box is now.
func (w *Window) frameViewportNow(f *frame) webapi.Viewport {
	vp := w.viewport()
	s := w.frameInnerSize(f)
	vp.Width, vp.Height = int(s[0]), int(s[1])
	return vp
}

// runMediaQuerySteps evaluates the frames' media query lists against
// their frames' viewports and fires change, a MediaQueryListEvent, at each
// whose answer flipped, in the order the lists were made; the lists of
// removed frames are dropped.
// https://drafts.csswg.org/cssom-view/#evaluate-media-queries-and-report-changes
func (w *Window) runMediaQuerySteps() {
	if !w.mqlDirty {
		return
	}
	w.mqlDirty = false
	type change struct {
		mql     goja.Value
		media   string
		matches bool
	}
	var changes []change
	kept := w.frameMQLs[:0]
	for _, m := range w.frameMQLs {
		if m.f.gone {
			continue
		}
		kept = append(kept, m)
		if media, matches, changed := webapi.RecheckMediaQueryList(w.realm, m.mql, w.frameViewportNow(m.f)); changed {
			changes = append(changes, change{m.mql, media, matches})
		}
	}
	clear(w.frameMQLs[len(kept):])
	w.frameMQLs = kept
	for _, c := range changes {
		impl, _, ok := w.realm.Unwrap(c.mql)
		if !ok {
			continue
		}
		ev := dom.NewEvent("change", false, false)
		ev.IsTrusted = true
		ev.Detail = &eventData{kind: "MediaQueryListEvent", matches: c.matches, data: c.media,
			detail: goja.Null(), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
		w.dispatch(w.targetOf(impl), ev)
	}
}
