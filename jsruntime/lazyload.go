package jsruntime

import (
	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/dop251/goja"
)

// Lazy-loaded images (loading=lazy): "update the image data" stops before
// it fetches (or, not fetching, before it decides the image has loaded)
// and keeps the rest of its steps as the image's lazy load resumption
// steps, which run once the flow estimate puts the image within
// lazyLoadMargin of the viewport (the lazy load intersection observer), or
// at once when its loading attribute stops being lazy. Until then the
// image is not complete, has no natural size, fires no event and does not
// delay the window's load event, as in browsers: a snapshot taken at
// network idle shows what loaded for the first viewport, not the images
// far below it (nor what their load handlers would have done).
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#lazy-loading-attributes

// lazyLoadMargin is the lazy load root margin and scroll margin: how far
// outside the viewport, and outside the clip of a scroll container
// (overflow hidden included), a lazy image starts loading. It is
// implementation-defined; this is Chromium 156's on loopback (its distance
// for a fast connection): 1250 px above and below, half that on the sides
// (measured with images around the edges).
var lazyLoadMargin = webapi.Margin{{V: 1250}, {V: 625}, {V: 1250}, {V: 625}}

// willLazyLoad is the "will lazy load element steps" of an img: its
// loading attribute is in the Lazy state (scripting is always enabled) —
// and, as in Chromium, it has not loaded lazily before: once its
// resumption steps ran, a later source loads at once even while the image
// is far from the viewport (the standard, and WPT's
// image-loading-lazy-multiple-times, wait again).
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#will-lazy-load-element-steps
func willLazyLoad(img *dom.Node, d *imageData) bool {
	return !d.lazyDone && ascii.EqualFold(img.Attribute("loading"), "lazy")
}

// deferLazyImage keeps resume as img's lazy load resumption steps and
// starts observing it.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#start-intersection-observing-a-lazy-loading-element
func (w *Window) deferLazyImage(img *dom.Node, d *imageData, resume func()) {
	d.resume = resume
	w.observeLazy(img)
}

// observeLazy adds img to the images the lazy load check looks at and asks
// for a check.
func (w *Window) observeLazy(img *dom.Node) {
	for _, n := range w.res.lazy {
		if n == img {
			w.lazyLayoutChanged()
			return
		}
	}
	w.res.lazy = append(w.res.lazy, img)
	w.lazyLayoutChanged()
}

// resumeLazyImage runs img's lazy load resumption steps, if it has any.
func (w *Window) resumeLazyImage(img *dom.Node) {
	d, _ := w.res.images.get(img)
	if d == nil || d.resume == nil {
		return
	}
	resume := d.resume
	d.resume = nil
	d.lazyDone = true
	resume()
}

// lazyLayoutChanged is told when what is in view may have changed (a
// mutation, a scroll): with lazy images waiting, they are looked at in
// the next frame (after the end of parsing).
func (w *Window) lazyLayoutChanged() {
	if len(w.res.lazy) == 0 || w.res.lazyCheck || !w.res.parsed || w.loop == nil {
		return
	}
	w.res.lazyCheck = true
	w.loop.SetFrameTimer(0, w.checkLazyImages)
}

// checkLazyImages resumes the waiting lazy images within lazyLoadMargin of
// the viewport, in tree order of their observation; images that left the
// document stop being looked at (an insertion looks again).
func (w *Window) checkLazyImages() {
	w.res.lazyCheck = false
	var due []*dom.Node
	kept := w.res.lazy[:0]
	for _, img := range w.res.lazy {
		d, _ := w.res.images.get(img)
		switch {
		case d == nil || d.resume == nil || img.Document() != w.doc:
			// resumed, or superseded by an update that did not defer
		case !img.IsConnected():
		case w.lazyIntersects(img):
			due = append(due, img)
		default:
			kept = append(kept, img)
		}
	}
	clear(w.res.lazy[len(kept):])
	w.res.lazy = kept
	for _, img := range due {
		w.resumeLazyImage(img)
	}
}

// lazyIntersects tells whether the flow estimate puts img within
// lazyLoadMargin of the viewport: the lazy load intersection observer's
// isIntersecting (edges touching count, clipping ancestors clip).
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#lazy-load-intersection-observer
func (w *Window) lazyIntersects(img *dom.Node) bool {
	t, ok := w.wrap(img).(*goja.Object)
	if !ok {
		return false
	}
	g := w.FlowIntersect(t, nil, &lazyLoadMargin)
	if !g.Eligible || !g.Visible {
		return false
	}
	_, in := g.Clipped.Intersect(lazyLoadMargin.Grow(g.Root))
	return in
}
