package jsruntime

import (
	"net/url"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// PlatformOrigin gives Origin.from (webapi/origin.go) the origin of the
// window's platform objects that have one: a window of the page (the
// page's, or a same-origin frame's; a cross-origin one has none to
// give, as in Chromium) and an a or area element with a parsable href.
// Other objects (Location, Document, MessageEvent, Worker…) have none
// in Chromium 156 either.
// https://html.spec.whatwg.org/multipage/browsers.html#extract-an-origin
func (w *Window) PlatformOrigin(v *goja.Object) (webapi.Origin, bool) {
	if v == w.global {
		return webapi.OriginFromSerialized(w.Origin(), w), true
	}
	impl, _, ok := w.realm.Unwrap(v)
	if !ok {
		return webapi.Origin{}, false
	}
	switch x := impl.(type) {
	case *frame:
		if x.cross {
			return webapi.Origin{}, false
		}
		s := w.Origin() // about:blank and srcdoc inherit it
		if u, err := url.Parse(x.url); err == nil && (u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "blob") {
			s = originOf(u)
		}
		return webapi.OriginFromSerialized(s, x), true
	case *dom.Node:
		if isHTMLElement(x) && (x.LocalName() == "a" || x.LocalName() == "area") {
			if u := hrefURL(x); u != nil {
				return webapi.OriginOfURL(u), true
			}
		}
	}
	return webapi.Origin{}, false
}
