package jsruntime

import (
	"math"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A same-origin frame's document has a flow estimate of its own, as the
// page's does (flow.go), laid out in the frame's viewport: the content
// box of its container (an iframe's width and height attributes or CSS,
// 300×150 by default) as the container's document estimates it. Its
// root's clientWidth and clientHeight, its window's innerWidth and
// innerHeight, matchMedia, its sheets' media queries and its viewport
// units follow that size. html2canvas clones the page into an iframe and
// measures the clone there; editors in iframes measure their own
// documents.
//
// Still the page's: a frame's document does not scroll (its scroll
// offsets stay 0), and IntersectionObserver, elementFromPoint and Range
// rects look at the page's document only.

// flowOf is the estimate of d: the page's document's, or the active
// document of a same-origin frame whose container has a box; nil for any
// other document (one with no browsing context, a cross-origin or
// undisplayed frame's).
func (w *Window) flowOf(d *dom.Document) *flowLayout {
	if d == w.doc {
		return w.flow()
	}
	fr := w.frames.byDoc[d]
	if fr == nil || fr.cross || fr.gone {
		return nil
	}
	vw, vh, ok := w.frameViewport(fr)
	if !ok {
		return nil
	}
	w.flushStyle()
	f := fr.geo
	fresh := f == nil || f.doc != d
	if fresh {
		f = &flowLayout{w: w, doc: d, boxes: map[*dom.Node]*flowBox{}}
		fr.geo = f
	} else if f.vw != vw || f.vh != vh {
		f.forget()
	}
	f.vw, f.vh = vw, vh
	return w.refreshFlow(f, fresh)
}

// hasFlow tells whether d may have an estimate (flowOf may still find
// that a frame's container has no box), without bringing it up to date.
func (w *Window) hasFlow(d *dom.Document) bool {
	if d == w.doc {
		return true
	}
	fr := w.frames.byDoc[d]
	return fr != nil && !fr.cross && !fr.gone
}

// geoOf is the estimate d has now, as it is (nil when none was made): for
// the parts of a layout that flowOf brought up to date.
func (w *Window) geoOf(d *dom.Document) *flowLayout {
	if d == w.doc {
		return w.geo
	}
	if fr := w.frames.byDoc[d]; fr != nil && fr.geo != nil && fr.geo.doc == d {
		return fr.geo
	}
	return nil
}

// frameViewport is the size of fr's viewport: its container's content
// box; ok is false when the container has no box.
func (w *Window) frameViewport(fr *frame) (vw, vh float64, ok bool) {
	if fr.el == nil || !fr.el.IsConnected() {
		return 0, 0, false
	}
	pf := w.flowOf(fr.el.Document())
	if pf == nil {
		return 0, 0, false
	}
	r, ok := w.flowRect(fr.el)
	if !ok {
		return 0, 0, false
	}
	e := pf.hEdgesOf(fr.el)
	vw = max(r.width-e.inner(), 0)
	vh = max(r.height-pf.edgeOf(fr.el, 2)-pf.edgeOf(fr.el, 3)-pf.edgeOf(fr.el, 4)-pf.edgeOf(fr.el, 5), 0)
	// Chromium gives a frame whole pixels (its layout size snapped)
	vw, vh = math.Round(vw), math.Round(vh)
	if vw != fr.vp[0] || vh != fr.vp[1] {
		// the frame was resized: styles resolved against its viewport
		// (viewport units, media queries) are computed again
		if fr.vpKnown && fr.doc != nil {
			fr.doc.StateChanged()
		}
		fr.vp = [2]float64{vw, vh}
	}
	fr.vpKnown = true
	return vw, vh, true
}

// viewportSize is the size of the viewport d is laid out in: a frame's
// for a frame's document (when its container has a box), else the page's.
func (w *Window) viewportSize(d *dom.Document) (vw, vh float64) {
	if d != w.doc && d != nil {
		if fr := w.frames.byDoc[d]; fr != nil && !fr.cross && !fr.gone {
			if vw, vh, ok := w.frameViewport(fr); ok {
				return vw, vh
			}
		}
	}
	return float64(w.cfg.Viewport.Width), float64(w.cfg.Viewport.Height)
}

// viewportOf is viewportSize as package webapi takes it.
func (w *Window) viewportOf(d *dom.Document) webapi.Viewport {
	vp := w.viewport()
	if d != w.doc {
		vw, vh := w.viewportSize(d)
		vp.Width, vp.Height = int(vw), int(vh)
	}
	return vp
}

// frameInnerSize is fr's window's innerWidth and innerHeight: its
// viewport's size, 0 when its container has no box.
func (w *Window) frameInnerSize(fr *frame) [2]float64 {
	if fr.gone {
		return [2]float64{}
	}
	vw, vh, _ := w.frameViewport(fr)
	return [2]float64{vw, vh}
}
