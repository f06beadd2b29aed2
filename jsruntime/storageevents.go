package jsruntime

import (
	"slices"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/dop251/goja"
)

// StorageChanged fires the storage events of a change a script made to
// localStorage (local) or sessionStorage: a task for each other window of
// the page that shares the area, the page's and its same-origin frames'
// (all of one top-level browsing context, so the same set for both
// areas), except the window whose script made the change. key is nil for
// a clear, oldValue nil for a new key, newValue nil for a removal.
// https://html.spec.whatwg.org/multipage/webstorage.html#concept-storage-broadcast
func (w *Window) StorageChanged(local bool, key, oldValue, newValue *string) {
	// The window whose script made the change: a frame's while its own
	// script runs. (Listeners at a frame's targets may be the page's, and
	// with one realm for all windows there is no telling them apart.)
	source := w.frames.script
	if source != nil && source.gone {
		return
	}
	url := w.doc.URL()
	if source != nil && source.doc != nil {
		url = source.doc.URL()
	}
	var targets []*frame
	for _, f := range w.frames.byEl {
		if f != source && !f.gone && !f.cross && f.doc != nil {
			targets = append(targets, f)
		}
	}
	if len(targets) == 0 && source == nil {
		return
	}
	slices.SortFunc(targets, func(a, b *frame) int { return int(a.seq) - int(b.seq) })
	name := "sessionStorage"
	if local {
		name = "localStorage"
	}
	str := func(s *string) goja.Value {
		if s == nil {
			return goja.Null()
		}
		return w.str(*s)
	}
	urlStr := ""
	if url != nil {
		urlStr = url.String()
	}
	fire := func(t dom.Target) {
		w.loop.QueueTask(func() {
			if f, ok := t.(*frame); ok && (f.gone || f.doc == nil) {
				return
			}
			ev := dom.NewEvent("storage", false, false)
			ev.IsTrusted = true
			d := &eventData{kind: "StorageEvent", detail: goja.Null(), view: goja.Null(), storageKey: str(key), storageOld: str(oldValue), storageNew: str(newValue), storageURL: urlStr}
			d.extra().storageArea = w.global.Get(name)
			ev.Detail = d
			w.dispatch(t, ev)
		})
	}
	if source != nil {
		fire(w)
	}
	for _, f := range targets {
		fire(f)
	}
}
