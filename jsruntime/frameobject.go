package jsruntime

import (
	"net/url"
	"path"
	"strings"

	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/xhr"
)

// The object and embed elements as nested navigables: one whose resource
// is a document (HTML, XML, SVG, text) gets a frame of frames.go, as an
// iframe does, and the rest of it (its window in window.length and
// frames[i], named by its name, its load event) follows.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-object-element
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-embed-element
//
// As in Chromium 156:
//   - the frame is made at once, at about:blank, when the element is
//     connected and rendered (not in a display: none subtree) with a
//     data (object) or src (embed) URL, and a type attribute that names a
//     document type or none at all, unless the URL's file extension names
//     an image; a type of a plugin nobody has leaves none (the object's
//     fallback content is what shows);
//   - an image (by type or extension) makes no frame: the element fires
//     load in a task, decided without a fetch as images are by default;
//   - a failed fetch (a network error or an HTTP error status) fires error
//     at an object, then discards its frame (its fallback shows); an embed
//     shows the error page and fires load;
//   - a response of an image type discards the frame and fires load,
//     unless the frame showed a document: it then shows an image document;
//   - changing data, src or type looks again, except at an object that
//     renders its fallback content: nothing it names could be shown (no
//     URL, a javascript: URL, a type of a plugin nobody has) and it has
//     fallback content, which it renders from its plugin update (a task
//     after it is connected) on, or its fetch failed; Chromium lays such
//     an object out as an inline box, and its data and type attributes,
//     changed or not, load nothing any more, even when it is moved.
//
// The standard's object type determination (a plugin's MIME types, the
// typemustmatch attribute it dropped) is narrower here: there are no
// plugins.

// An embedKind is what an object or embed element shows.
type embedKind int

const (
	embedNothing embedKind = iota // no resource, or one nothing here shows
	embedFrame                    // a nested navigable
	embedImage                    // an image
)

// isEmbedder reports whether n is an HTML object or embed element.
func isEmbedder(n *dom.Node) bool {
	return isHTMLElement(n) && (n.DataAtom == atom.Object || n.DataAtom == atom.Embed)
}

// embedderURLAttr is the attribute that holds an embedder's resource.
func embedderURLAttr(n *dom.Node) string {
	if n.DataAtom == atom.Object {
		return "data"
	}
	return "src"
}

// frameSrc is the URL attribute of a frame container: src, or an object's
// data.
func frameSrc(n *dom.Node) string {
	if n.DataAtom == atom.Object && isHTMLElement(n) {
		return n.Attribute("data")
	}
	return n.Attribute("src")
}

// imageExtensions are the file extensions Chromium takes for an image
// when an object or embed has no type.
var imageExtensions = map[string]bool{
	"png": true, "apng": true, "jpg": true, "jpeg": true, "jpe": true, "jfif": true, "pjpeg": true,
	"gif": true, "webp": true, "bmp": true, "ico": true, "cur": true, "avif": true,
}

// embedderType is el's type attribute without parameters, in lowercase.
func embedderType(el *dom.Node) string {
	typ, _, _ := strings.Cut(el.Attribute("type"), ";")
	return ascii.Lower(strings.TrimSpace(typ))
}

// typeKind is what an object or embed of type typ (lowercase, not
// empty) shows, as Chromium 156 decides it from the types it can show
// without a plugin: an image of a type it decodes; a document for SVG,
// text (but the types it downloads: calendars, contacts, tables), XML,
// JSON, scripts, MHTML, PDF (its viewer), and the audio and video it
// plays (in a media document). Any other type names a plugin nobody
// has (Flash, an unknown image or video type, octet-stream): nothing.
func typeKind(typ string) embedKind {
	if k, ok := objectTypes[typ]; ok {
		return k
	}
	main, sub, _ := strings.Cut(typ, "/")
	switch {
	case main == "text":
		return embedFrame
	case strings.HasSuffix(sub, "+xml"), strings.HasSuffix(sub, "+json"):
		return embedFrame
	}
	return embedNothing
}

// objectTypes are the types typeKind does not decide by their form.
var objectTypes = map[string]embedKind{
	"image/png": embedImage, "image/apng": embedImage, "image/jpeg": embedImage, "image/jpg": embedImage,
	"image/pjpeg": embedImage, "image/gif": embedImage, "image/webp": embedImage, "image/bmp": embedImage,
	"image/x-ms-bmp": embedImage, "image/x-icon": embedImage, "image/vnd.microsoft.icon": embedImage,
	"image/x-xbitmap": embedImage, "image/avif": embedImage,
	"application/xml": embedFrame, "application/json": embedFrame, "application/javascript": embedFrame,
	"application/x-javascript": embedFrame, "application/ecmascript": embedFrame,
	"application/x-ecmascript": embedFrame, "message/rfc822": embedFrame, "multipart/related": embedFrame,
	"multipart/x-mixed-replace": embedFrame, "application/x-mimearchive": embedFrame, "application/pdf": embedFrame,
	"video/mp4": embedFrame, "video/webm": embedFrame, "video/ogg": embedFrame, "audio/mpeg": embedFrame,
	"audio/mp3": embedFrame, "audio/mp4": embedFrame, "audio/ogg": embedFrame, "audio/webm": embedFrame,
	"audio/wav": embedFrame, "audio/x-wav": embedFrame, "audio/flac": embedFrame, "audio/aac": embedFrame,
	// text Chromium downloads rather than shows
	"text/calendar": embedNothing, "text/x-calendar": embedNothing, "text/vcalendar": embedNothing,
	"text/x-vcalendar": embedNothing, "text/vcard": embedNothing, "text/x-vcard": embedNothing,
	"text/directory": embedNothing, "text/csv": embedNothing, "text/x-csv": embedNothing,
	"text/comma-separated-values": embedNothing, "text/tab-separated-values": embedNothing,
	"text/tsv": embedNothing, "text/rtf": embedNothing,
}

// embedderKind decides what el shows, before any fetch.
func (w *Window) embedderKind(el *dom.Node) embedKind {
	if el.FallbackRendered() {
		return embedNothing
	}
	src := strings.TrimSpace(el.Attribute(embedderURLAttr(el)))
	if src == "" {
		return embedNothing
	}
	if !w.beingRendered(el) || w.inShownObject(el) {
		return embedNothing
	}
	u, err := url.Parse(el.Document().ResolveURL(src))
	if err != nil || u.Scheme == "javascript" {
		return embedNothing
	}
	if typ := embedderType(el); typ != "" {
		return typeKind(typ)
	}
	ext := ascii.Lower(strings.TrimPrefix(path.Ext(u.Path), "."))
	if imageExtensions[ext] {
		return embedImage
	}
	return embedFrame
}

// embedderConnected runs when an object or embed element is connected, or
// its URL or type changed while connected: it makes, keeps or discards
// its frame, or fires load for an image.
func (w *Window) embedderConnected(el *dom.Node, changed bool) {
	d := el.Document()
	if !el.IsConnected() || !w.hasBrowsingContext(d) {
		return
	}
	kind := w.embedderKind(el)
	f := w.frameOf(el)
	if kind == embedImage && f != nil && changed && f.navigated {
		// A navigable that shows a document navigates to the image
		// (Chromium keeps it: an image document).
		w.processFrameAttributes(f, false)
		return
	}
	if kind != embedFrame {
		if f != nil {
			w.discardFrame(f)
			w.syncIndexed(d)
		}
		if kind == embedNothing && el.DataAtom == atom.Object && !el.FallbackRendered() {
			w.loop.QueueTask(func() { w.objectPluginUpdate(el) })
		}
		if kind == embedImage {
			src := el.Attribute(embedderURLAttr(el))
			if changed || w.frames.images[el] != src {
				// Once per URL: the walks of inserted nodes may see an
				// element twice.
				if w.frames.images == nil {
					w.frames.images = make(map[*dom.Node]string)
				}
				w.frames.images[el] = src
				w.embedderImage(el)
			}
		}
		return
	}
	if f == nil {
		w.frameConnected(el, true)
		return
	}
	if changed {
		w.processFrameAttributes(f, false)
	}
}

// embedderImage fires load at an object or embed showing an image, in a
// task that delays the page's load event, as an image's does.
func (w *Window) embedderImage(el *dom.Node) {
	src := el.Attribute(embedderURLAttr(el))
	task := func() {
		if el.IsConnected() && el.Attribute(embedderURLAttr(el)) == src && w.frameOf(el) == nil {
			w.fire(el, "load", false, false)
		}
	}
	if el.Document() == w.doc {
		w.queueResourceTask(task)
		return
	}
	w.loop.QueueTask(task)
}

// embedderFetched handles the answer to an object's or embed's frame
// navigation before it is parsed: it reports whether it was dealt with
// (an object's failed fetch, an image).
func (w *Window) embedderFetched(f *frame, res *xhr.Result, err error) bool {
	el := f.el
	if !isEmbedder(el) {
		return false
	}
	failed := err != nil || res == nil || res.Status >= 400
	if failed && el.DataAtom == atom.Object {
		// error at the element while the frame still shows its
		// about:blank, then the fallback content.
		w.fire(el, "error", false, false)
		if g := w.frameOf(el); g == f {
			w.discardFrame(f)
			w.syncIndexed(el.Document())
			el.RenderFallback() // white space alone too
			w.fallbackShown(el)
		}
		return true
	}
	if failed {
		return false
	}
	ct, _, _ := strings.Cut(res.Header.Get("Content-Type"), ";")
	ct = ascii.Lower(strings.TrimSpace(ct))
	if strings.HasPrefix(ct, "image/") && ct != "image/svg+xml" {
		if f.navigated {
			// An image document in the navigable that had one.
			d := blankDocument()
			d.SetContentType(ct)
			img, _ := d.CreateElement("img")
			img.SetAttribute("src", res.URL.String())
			_, _ = d.Body().AppendChild(img)
			w.frameLoaded(f, d, res.URL.String())
			return true
		}
		w.discardFrame(f)
		w.syncIndexed(el.Document())
		w.fire(el, "load", false, false)
		return true
	}
	// Chromium makes the frame anew for the resource: it comes after the
	// frames made before the answer in window[i].
	w.frames.seq++
	f.seq = w.frames.seq
	return false
}

// objectPluginUpdate is an object's plugin update for one that showed
// nothing when it was connected or its data or type attribute changed:
// if it still shows nothing although rendered, because nothing it names
// could be shown (no URL or a javascript: one, with no type or one of a
// plugin nobody has; a type of a document or an image without a URL is
// a box of its own), and it has fallback content, it renders that from
// now on. One with only white space and params stays a 300×150 box.
func (w *Window) objectPluginUpdate(el *dom.Node) {
	if el.FallbackRendered() || !el.IsConnected() || !w.hasBrowsingContext(el.Document()) ||
		!w.beingRendered(el) || w.inShownObject(el) || w.frameOf(el) != nil || w.embedderKind(el) != embedNothing {
		return
	}
	if typ := embedderType(el); typ != "" && strings.TrimSpace(el.Attribute("data")) == "" && typeKind(typ) != embedNothing {
		return
	}
	if el.HasFallbackContent() {
		el.RenderFallback()
		w.fallbackShown(el)
	}
}

// inShownObject reports whether el is in the fallback content of an
// object that shows a nested navigable, which is not rendered.
func (w *Window) inShownObject(el *dom.Node) bool {
	if len(w.frames.byEl) == 0 {
		return false
	}
	for a := el.ParentElement(); a != nil; a = a.ParentElement() {
		if a.DataAtom == atom.Object && isHTMLElement(a) && w.frameOf(a) != nil {
			return true
		}
	}
	return false
}

// fallbackShown looks again at the object and embed elements in the
// fallback content of obj, which shows now that its navigable is gone.
func (w *Window) fallbackShown(obj *dom.Node) {
	walkElements(obj, func(n *dom.Node) bool {
		if n != obj && isEmbedder(n) && w.frameOf(n) == nil {
			w.embedderConnected(n, false)
			return n.DataAtom != atom.Object || w.frameOf(n) == nil
		}
		return n.DataAtom != atom.Template
	})
}

// svgDocument is getSVGDocument of iframe, embed and object elements:
// the frame's document when it is an SVG document.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-media-getsvgdocument
func (w *Window) svgDocument(el *dom.Node) *dom.Document {
	if f := w.frameOf(el); f != nil && f.doc != nil && f.doc.ContentType() == "image/svg+xml" {
		return f.doc
	}
	return nil
}
