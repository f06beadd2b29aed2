package jsruntime

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unsafe"
	"weak"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// Resource loading events of images, link elements and iframes.
//
// bangsnap fetches no subresources, so it decides what each would have
// done: an image whose source is a valid URL is available at once (its
// natural size taken from its width and height attributes, else 1×1) and
// fires load; an image with an empty or unparsable source is broken and
// fires error; a connected <link> that would fetch (stylesheet, preload,
// prefetch) fires load, a modulepreload one once its module is fetched
// (modulepreload.go); an iframe fires load once its
// document is loaded (frames.go). Every such event delays the window's load event,
// and events asked for while the document is still being parsed are held
// until it has been (images then arrive after DOMContentLoaded, in the
// order they were asked for, as they do from a network in browsers).
// A lazy image (loading=lazy) waits until the flow estimate puts it near
// the viewport (lazyload.go).
//
// With Config.Images set, images are fetched through it instead: complete
// is false until the answer arrives, which gives the natural size (load)
// or a failure (error).

// An ImageLoader fetches and decodes an image for the page (see
// Config.Images). It is called on its own goroutine (never the loop's) and
// must honour ctx. Returning an error wrapping ErrNotFetched leaves the
// image to the default answer (loaded, size from its attributes).
type ImageLoader interface {
	LoadImage(ctx context.Context, url string) (ImageInfo, error)
}

// ImageInfo is what the page learns of a fetched image: its natural size
// in pixels (0 when the format is not decoded). SniffImage reads it from
// the image's bytes, with the dimensions an SVG image may lack.
type ImageInfo struct {
	Width, Height int
	// dims are the image's own dimensions when own (SniffImage); else
	// they are Width by Height, when neither is 0
	dims imageDims
	own  bool
}

// SniffImage reads what an image's bytes, of Content-Type contentType,
// tell of its natural size, as Chromium decodes them: PNG, JPEG, GIF,
// WebP, BMP and ICO from their headers, an SVG image (of type
// image/svg+xml) from its root's width, height and viewBox (one without
// them is the 300×150 default object size, fitted to its viewBox's
// ratio), AVIF with no size known. ok is false for bytes of no image
// format it knows.
func SniffImage(contentType string, body []byte) (info ImageInfo, ok bool) {
	loads, d, sized := dataImage(contentType, body)
	if !loads {
		return ImageInfo{}, false
	}
	if sized {
		info.Width, info.Height = d.reported()
		info.dims, info.own = d, true
	}
	return info, true
}

// natural is the image's own dimensions; ok is false when it has none (a
// format whose size is not known, a size of 0).
func (i ImageInfo) natural() (imageDims, bool) {
	if i.own {
		return i.dims, true
	}
	if i.Width > 0 && i.Height > 0 {
		return fullDims(i.Width, i.Height), true
	}
	return imageDims{}, false
}

// ImageLoaderFunc adapts a function to ImageLoader.
type ImageLoaderFunc func(ctx context.Context, url string) (ImageInfo, error)

// LoadImage calls f.
func (f ImageLoaderFunc) LoadImage(ctx context.Context, url string) (ImageInfo, error) {
	return f(ctx, url)
}

// ErrNotFetched is returned by an ImageLoader that declines an image.
var ErrNotFetched = errors.New("jsruntime: resource not fetched")

type imageState uint8

const (
	imageUnavailable imageState = iota // no request made
	imageAvailable                     // completely available
	imageBroken
)

// imageData is an img element's current request.
// https://html.spec.whatwg.org/multipage/images.html#image-request
type imageData struct {
	state         imageState
	url           string // the current request's URL
	width, height int    // natural size, as naturalWidth reports it
	// natural tells that the natural size is the image's own (decoded
	// from a data: URL or a fetch), not one made up from the attributes:
	// the flow estimate sizes the image by dims (flowwidth.go)
	natural bool
	// failed tells that an image button shows its fallback (flowimg.go):
	// it has no image or its image is broken, set a microtask after its
	// update as Chromium sets it (0×0 until then) or when a fetch fails
	failed bool
	dims   imageDims
	gen    int // bumped by each update: older queued events are dropped
	// decodes are the decode() promises waiting for a fetch.
	decodes []func(ok bool)
	// resume, for a lazy image waiting to come near the viewport, is the
	// rest of its update (lazyload.go): its lazy load resumption steps;
	// lazyDone is set once they ran.
	resume   func()
	lazyDone bool
}

// The per-element state is held by weak keys: a page that makes and drops
// many elements does not keep them alive through it.
type resourceState struct {
	images weakNodeMap[*imageData]
	// gens counts the updates of link elements, so that an
	// event queued by an older one is dropped.
	gens weakNodeMap[int]
	// sheets are the style sheets links fetched (linksheets.go).
	sheets weakNodeMap[*linkSheet]
	// details are the details elements whose open state has been seen, so
	// that one parsed or inserted with open fires toggle once.
	details weakNodeMap[bool]
	// openDetails collects the open, named details elements of the
	// subtrees one mutation record inserts (detailsInserted).
	openDetails []*dom.Node
	// namedDetails is set once a details element with a name has been
	// seen: from then on a subtree inserted into a disconnected tree is
	// searched for open, named details too (openDetailsIn), which
	// resourcesInserted, searching such a subtree once, would miss when
	// it moves again.
	namedDetails bool
	// styles are the <style> elements whose sheet has been looked at
	// (sheetimports.go); parserStyles those the parser made since its last
	// pause, looked at once their text is complete.
	styles       weakNodeMap[*styleBlock]
	parserStyles []*dom.Node
	// parserInserting is set while the parser inserts nodes: a link it
	// makes blocks scripts until its sheet arrives.
	parserInserting bool
	// held are the tasks asked for before the end of parsing.
	held []func()
	// availableImages are the URLs of the images the document has loaded
	// (up to maxAvailableImages): an image given one again is complete at
	// once.
	// https://html.spec.whatwg.org/multipage/images.html#list-of-available-images
	// Each has its natural size, -1 for one that was not fetched (its
	// size then comes from the element's attributes).
	availableImages map[string]ImageInfo
	// lazy are the lazy images waiting to come near the viewport, and
	// lazyCheck tells whether a frame will look at them (lazyload.go).
	lazy      []*dom.Node
	lazyCheck bool
	parsed    bool
	ready     bool // initResources ran
}

// A weakNodeMap maps nodes to values without keeping the nodes alive;
// entries of collected nodes are dropped as the map grows. It is keyed by
// address so that a lookup makes no weak pointer: weak.Make adds a record
// to the node's memory span, and nodes parsed together share one, so
// making one per visited node is quadratic.
type weakNodeMap[V any] struct {
	m       map[uintptr]weakEntry[V]
	pruneAt int
}

type weakEntry[V any] struct {
	p weak.Pointer[dom.Node]
	v V
}

func (s *weakNodeMap[V]) get(n *dom.Node) (V, bool) {
	e, ok := s.m[uintptr(unsafe.Pointer(n))]
	if !ok || e.p.Value() != n {
		var zero V
		return zero, false
	}
	return e.v, true
}

func (s *weakNodeMap[V]) set(n *dom.Node, v V) {
	if s.m == nil {
		s.m = make(map[uintptr]weakEntry[V])
		s.pruneAt = 1024
	}
	k := uintptr(unsafe.Pointer(n))
	if e, ok := s.m[k]; ok && e.p.Value() == n {
		s.m[k] = weakEntry[V]{e.p, v}
		return
	}
	if len(s.m) >= s.pruneAt {
		for k, e := range s.m {
			if e.p.Value() == nil {
				delete(s.m, k)
			}
		}
		s.pruneAt = max(1024, 2*len(s.m))
	}
	s.m[k] = weakEntry[V]{weak.Make(n), v}
}

// walkElements calls visit for root and each of its descendants in tree
// order, skipping the descendants of a node for which visit returns false.
func walkElements(root *dom.Node, visit func(*dom.Node) bool) {
	n := root
	for n != nil {
		if visit(n) {
			if c := n.First(); c != nil {
				n = c
				continue
			}
		}
		for n != nil && n != root && n.Next() == nil {
			n = n.ParentNode()
		}
		if n == nil || n == root {
			return
		}
		n = n.Next()
	}
}

// initResources prepares the resource events of the parsed document: its
// images have their state at once, their events wait for the end of
// parsing.
func (w *Window) initResources() {
	w.res.ready = true
	w.doc.AddEventListener("DOMContentLoaded", dom.ListenerFunc(func(*dom.Event) { w.releaseResources() }), dom.ListenerOptions{Once: true})
	w.res.parserInserting = true
	w.resourcesInserted(&w.doc.Node, false)
	w.res.parserInserting = false
	w.parserStylesDone()
}

// parserStylesDone looks at the <style> elements the parser made since its
// last pause: it pauses after a script's end tag, so their text is whole.
func (w *Window) parserStylesDone() {
	for len(w.res.parserStyles) > 0 {
		n := w.res.parserStyles[0]
		w.res.parserStyles = w.res.parserStyles[1:]
		w.styleUpdated(n, true)
	}
	w.res.parserStyles = nil
}

// releaseResources queues the events held during parsing.
func (w *Window) releaseResources() {
	if w.res.parsed {
		return
	}
	w.res.parsed = true
	// Elements the parser made after the first look (a streaming parser,
	// document.write) are looked at now.
	w.resourcesInserted(&w.doc.Node, true)
	for _, t := range w.res.held {
		w.loop.QueueTask(t)
	}
	w.res.held = nil
	// The lazy images wait for a frame, even those in view: in
	// Chromium they load after the window's load event.
	w.lazyLayoutChanged()
}

// queueResourceTask queues fn as a task that delays the window's load
// event, held until the end of parsing.
// https://html.spec.whatwg.org/multipage/parsing.html#delay-the-load-event
func (w *Window) queueResourceTask(fn func()) {
	w.scripts.delaying++
	t := func() {
		defer func() {
			w.scripts.delaying--
			w.scripts.loadNow()
		}()
		fn()
	}
	if !w.res.parsed {
		w.res.held = append(w.res.held, t)
		return
	}
	w.loop.QueueTask(t)
}

// mutated is the document's mutation hook: the bindings' hook, then the
// resource events.
func (w *Window) mutated(r *dom.MutationRecord) {
	w.matchedMutated(r) // matchinval.go: first, before any hook reads a style
	w.valueMutated(r)   // valueinval.go
	w.onMutation(r)
	if f := w.focused; f != nil && r.Type == dom.AttributesMutation && focusAttributes[r.AttributeName] &&
		(r.Target == f || r.Target.Contains(f)) {
		defer w.currentFocus() // the focus fixup, when this made f unfocusable
	}
	if f := w.focused; f != nil && r.Type == dom.AttributesMutation && r.AttributeName == "hidden" && r.AttributeNamespace == "" &&
		r.Target == f && isHTMLElement(f) && f.HasAttribute("hidden") {
		// Chromium blurs a focused element at once when it gets a hidden
		// attribute itself (one on an ancestor waits for the next
		// rendering update, focusFixupSoon).
		defer w.blurNow(f)
	}
	if f := w.focused; f != nil {
		switch r.Type {
		case dom.AttributesMutation:
			if focusFixupAttributes[r.AttributeName] && (r.Target == f || r.Target.Contains(f)) {
				w.focusFixupSoon()
			}
		case dom.ChildListMutation:
			for _, n := range r.AddedNodes {
				if n == f || n.Contains(f) {
					w.focusFixupSoon() // moved by moveBefore(), focus kept
				}
			}
		}
	}
	w.sheetsMutated(r)     // stylesheet.go
	w.cssAnimMutated(r)    // cssanim.go
	w.flowMutated(r)       // flow.go
	w.styleInvalidation(r) // styleinval.go
	if w.layoutChanged != nil {
		w.layoutChanged() // flow.go
	}
	w.mediaQueriesMaybeChanged() // mediaquerysteps.go
	w.lazyLayoutChanged()        // lazyload.go
	w.fontsMutated(r)            // fontfacecss.go
	switch r.Type {
	case dom.ChildListMutation:
		if len(r.RemovedNodes) > 0 && len(w.frames.byEl) > 0 && w.ce.moving == nil {
			// (a frame moved by moveBefore() keeps its document and
			// window: the node is back in place at once)
			w.framesRemoved()
		}
		if len(r.RemovedNodes) > 0 && len(w.elementSheets) > 0 {
			w.elementSheetsRemoved() // style.go
		}
		if len(r.RemovedNodes) > 0 && (len(w.popovers) > 0 || len(w.modals) > 0) {
			w.topLayerRemoved()
		}
		if len(r.RemovedNodes) > 0 && w.docNamed != nil && len(w.docNamed.names) > 0 && r.Target.InDocumentTree() && r.Target.Document() == w.doc {
			for _, n := range r.RemovedNodes {
				w.docNamesRemoved(w.docNamed, n)
			}
		}
		for _, n := range r.AddedNodes {
			if n.IsElement() {
				w.resourcesInserted(n, false)
				if w.res.namedDetails && !n.IsConnected() {
					w.openDetailsIn(n)
				}
			}
		}
		if isMediaElement(r.Target) && r.Target.Document() == w.doc {
			for _, n := range r.RemovedNodes {
				w.mediaChildRemoved(r.Target, n, r.PreviousSibling)
			}
			for _, n := range r.AddedNodes {
				if isHTMLElement(n) && n.DataAtom == atom.Source {
					w.mediaSourceInserted(r.Target, n)
				}
				if isHTMLElement(n) && n.DataAtom == atom.Track {
					w.trackSchedule(n)
				}
			}
		}
		if len(w.res.openDetails) > 0 {
			w.detailsInserted()
		}
		if isHTMLElement(r.Target) && r.Target.DataAtom == atom.Style && !w.res.parserInserting {
			// Its children changed. Chromium updates the sheet for the
			// removal and the insertion of a replacement (textContent)
			// apart, and fires load for both. Its sheet is a new one
			// even when its text is the same (a comment was inserted).
			w.dropElementSheet(r.Target)
			if len(r.RemovedNodes) > 0 && len(r.AddedNodes) > 0 {
				w.styleUpdated(r.Target, false)
			}
			w.styleUpdated(r.Target, false)
		}
		if isHTMLElement(r.Target) && r.Target.DataAtom == atom.Picture {
			for c := r.Target.First(); c != nil; c = c.Next() {
				if isHTMLElement(c) && c.DataAtom == atom.Img {
					w.updateImage(c)
				}
			}
		}
	case dom.CharacterDataMutation:
		if p := r.Target.ParentNode(); isHTMLElement(p) && p.DataAtom == atom.Style && !w.res.parserInserting {
			w.dropElementSheet(p)
			w.styleUpdated(p, false) // its child text changed
		}
	case dom.AttributesMutation:
		n := r.Target
		if r.AttributeNamespace == "" && strings.HasPrefix(r.AttributeName, "aria-") {
			w.ariaAttributeChanged(n, r.AttributeName)
		}
		if !isHTMLElement(n) || r.AttributeNamespace != "" {
			return
		}
		if n.DataAtom == atom.Details {
			// in every document: an inert one's details toggle too, as in
			// Chromium
			w.detailsAttributeChanged(n, r)
		}
		if n.Document() != w.doc {
			return
		}
		if r.AttributeName == "name" || r.AttributeName == "id" {
			w.docNameInserted(n) // a new document named property, maybe
			if r.HasOldValue {
				w.docNameMaybeGone(w.docNamed, r.OldValue) // and an old one gone
			}
		}
		if r.AttributeName == "popover" {
			w.popoverAttributeChanged(n, r.OldValue, r.HasOldValue)
		}
		w.attrElementChanged(n, r.AttributeName)
		switch n.DataAtom {
		case atom.Style:
			if r.AttributeName == "type" {
				// Chromium 156 updates the style block for any change of
				// its type, even to another CSS type: a new sheet, made from
				// the text, and a load event (testdata/wpt/lead68-style-type-change.html)
				// (none and no event for a type that is not CSS)
				w.dropElementSheet(n)
				if isCSSStyle(n) {
					w.styleUpdated(n, false)
				}
			}
		case atom.Canvas:
			if r.AttributeName == "width" || r.AttributeName == "height" {
				w.canvasResized(n)
			}
		case atom.Track:
			if r.AttributeName == "src" {
				w.trackSchedule(n)
			}
		case atom.Input:
			// an image button fetches its image when it gets a src or
			// becomes one; one that stops being one drops its request
			// https://html.spec.whatwg.org/multipage/input.html#image-button-state-(type=image)
			switch r.AttributeName {
			case "src":
				if n.InputType() == "image" {
					w.updateImage(n)
				}
			case "type":
				if _, seen := w.res.images.get(n); seen || n.InputType() == "image" {
					if wasImage := r.HasOldValue && ascii.EqualFold(r.OldValue, "image"); !wasImage || n.InputType() != "image" {
						w.updateImage(n)
					}
				}
			}
		case atom.Audio, atom.Video:
			// a src attribute set or changed (not removed) loads again
			// https://html.spec.whatwg.org/multipage/media.html#location-of-the-media-resource
			if r.AttributeName == "src" && n.HasAttributeNS("", "src") {
				w.mediaLoad(n)
			}
		case atom.Img:
			// https://html.spec.whatwg.org/multipage/images.html#relevant-mutations
			switch r.AttributeName {
			case "src", "srcset", "sizes", "crossorigin", "referrerpolicy":
				w.updateImage(n)
			case "loading":
				// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#lazy-loading-attributes
				// (a change to the Eager state runs the resumption steps)
				if !ascii.EqualFold(n.Attribute("loading"), "lazy") {
					w.resumeLazyImage(n)
				}
			}
		case atom.Source:
			if p := n.ParentElement(); isHTMLElement(p) && p.DataAtom == atom.Picture {
				switch r.AttributeName {
				case "srcset", "sizes", "media", "type":
					for c := n.Next(); c != nil; c = c.Next() {
						if isHTMLElement(c) && c.DataAtom == atom.Img {
							w.updateImage(c)
						}
					}
				}
			}
		case atom.Link:
			// Only a change of what the link fetches fetches again: setting
			// rel or href to the value it has does not (loadCSS's onload
			// sets rel to stylesheet, and may do so twice).
			// https://html.spec.whatwg.org/multipage/semantics.html#link-type-stylesheet (appropriate times to fetch)
			if !n.IsConnected() {
				break
			}
			switch r.AttributeName {
			case "href":
				if !r.HasOldValue || r.OldValue != n.Attribute("href") {
					w.processLink(n)
				}
			case "rel":
				if linkKind(r.OldValue, n.Attribute("type"), n.HasAttribute("disabled")) != linkKindOf(n) {
					w.processLink(n)
				}
			case "type":
				if linkKind(n.Attribute("rel"), r.OldValue, n.HasAttribute("disabled")) != linkKindOf(n) {
					w.processLink(n)
				}
			case "disabled":
				if !n.HasAttribute("disabled") {
					w.processLink(n)
				}
			}
		case atom.Iframe, atom.Frame, atom.Object, atom.Embed:
			if n.IsConnected() {
				w.frameAttributeChanged(r)
			}
		}
	}
}

// resourcesInserted looks at the elements of an inserted subtree: images
// (connected or not) not seen yet; links and iframes when connected (only
// those not seen yet when rescan is set).
func (w *Window) resourcesInserted(root *dom.Node, rescan bool) {
	if root.Document() != w.doc {
		return // an inert document (template contents, DOMParser) loads nothing
	}
	connected := root.IsConnected()
	if !connected {
		// Roots of subtrees inserted while disconnected are searched for
		// images once (see walkedOff).
		if walked(root, walkedOff) {
			return
		}
		markWalked(root, walkedOff)
	}
	visit := func(n *dom.Node) bool {
		if !isHTMLElement(n) {
			return true
		}
		if !connected && n != root {
			if walked(n, walkedOff) {
				return false
			}
		}
		switch n.DataAtom {
		case atom.Embed, atom.Form, atom.Iframe, atom.Img, atom.Object:
			if connected {
				w.docNameInserted(n)
			}
		}
		switch n.DataAtom {
		case atom.Audio, atom.Video:
			// made by the parser or innerHTML with a src: its load
			// algorithm runs as the attribute was set
			if m := w.mediaOf(n); !m.started && n.HasAttributeNS("", "src") {
				w.mediaLoad(n)
			} else if !m.started && mediaNextSource(n, nil) != nil {
				w.mediaSelect(n) // with its <source> children (innerHTML)
			}
		case atom.Img:
			if d, seen := w.res.images.get(n); !seen {
				w.updateImage(n)
			} else if d.resume != nil && connected {
				w.observeLazy(n) // a waiting lazy image back in the document
			}
		case atom.Input:
			if n.InputType() == "image" {
				if _, seen := w.res.images.get(n); !seen {
					w.updateImage(n) // an image button's image
				}
			}
		case atom.Link:
			if _, seen := w.res.gens.get(n); !connected || rescan && seen {
				break
			}
			w.processLink(n)
		case atom.Iframe, atom.Frame, atom.Object, atom.Embed:
			if connected && len(w.scripts.pending) > 0 {
				// The insertion connected scripts too: the frame's
				// post-connection steps (its navigable) come in tree
				// order with theirs (afterMutation), so a script before
				// it sees no contentWindow, one after it does.
				// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element:html-element-post-connection-steps
				w.scripts.pending = append(w.scripts.pending, n)
				w.scripts.pendingFrames = true
			} else if connected {
				w.frameConnected(n, true)
			}
		case atom.Details:
			// The parser and innerHTML set open as they create the
			// element, which queues a toggle as setting it does.
			if n.Attribute("name") != "" {
				w.res.namedDetails = true
				if connected && n.HasAttribute("open") {
					w.res.openDetails = append(w.res.openDetails, n)
				}
			}
			if _, seen := w.res.details.get(n); !seen {
				w.res.details.set(n, true)
				if !n.HasAttribute("open") {
					break
				}
				if w.res.parsed {
					w.queueToggle(n, false, true)
				} else { // after the scripts before it, as the parser would
					w.holdToggle(n)
				}
			}
		case atom.Style:
			if _, seen := w.res.styles.get(n); !connected || rescan && seen {
				break
			}
			if w.res.parserInserting {
				w.res.parserStyles = append(w.res.parserStyles, n)
			} else {
				w.styleUpdated(n, false)
			}
		case atom.Meta:
			if connected {
				w.metaCSP(n)
			}
		case atom.Template:
			return false
		}
		return true
	}
	walkElements(root, visit)
}

// imageOf returns img's request (an unavailable one when none was made).
func (w *Window) imageOf(img *dom.Node) *imageData {
	if d, _ := w.res.images.get(img); d != nil {
		return d
	}
	return &imageData{}
}

// updateImage runs "update the image data" for img without fetching.
// https://html.spec.whatwg.org/multipage/images.html#update-the-image-data
func (w *Window) updateImage(img *dom.Node) {
	if img.Document() != w.doc || !w.res.ready {
		return
	}
	d, _ := w.res.images.get(img)
	if d == nil {
		d = &imageData{}
		w.res.images.set(img, d)
	}
	d.gen++
	gen := d.gen
	d.failed = false
	d.resume = nil // a later update supersedes a lazy one's wait
	for _, settle := range d.decodes {
		settle(false) // superseded
	}
	d.decodes = nil
	if img.DataAtom == atom.Input {
		// an image button's image: its src alone, no lazy loading; no
		// image and no event while it has none or is no image button
		// https://html.spec.whatwg.org/multipage/input.html#image-button-state-(type=image)
		if img.InputType() == "image" {
			w.loop.QueueMicrotask(func() {
				if d, _ := w.res.images.get(img); d != nil && d.gen == gen &&
					(d.state == imageBroken || d.state == imageUnavailable && d.url == "") {
					d.failed = true
					w.imageSized(img)
				}
			})
		}
		src := img.Attribute("src")
		if src == "" || img.InputType() != "image" {
			d.state, d.url, d.width, d.height, d.natural = imageUnavailable, "", 0, 0, false
			return
		}
		u, err := parseAgainst(img, src)
		if err != nil || !strings.HasPrefix(u, "data:") && !imageScheme(u) {
			d.state, d.url, d.width, d.height, d.natural = imageBroken, "", 0, 0, false
			w.queueImageEvent(img, gen, "error")
			return
		}
		if !w.availableImage(img, d, gen, u) {
			w.loadImage(img, d, gen, u, true)
		}
		return
	}
	src, ok := w.selectImageSource(img)
	if !ok {
		// No source: broken; an error event when a source was given.
		// https://html.spec.whatwg.org/multipage/images.html#update-the-image-data (step 9)
		d.state, d.url, d.width, d.height, d.natural = imageBroken, "", 0, 0, false
		if img.HasAttribute("src") || img.HasAttribute("srcset") || usesPicture(img) {
			w.queueImageEvent(img, gen, "error")
		}
		return
	}
	u, err := parseAgainst(img, src)
	if err != nil {
		d.state, d.url, d.width, d.height, d.natural = imageBroken, "", 0, 0, false
		w.queueImageEvent(img, gen, "error")
		return
	}
	if w.availableImage(img, d, gen, u) {
		return
	}
	if !imageScheme(u) {
		// about:, javascript: and the like give no image: a network error
		d.state, d.url, d.width, d.height, d.natural = imageBroken, "", 0, 0, false
		w.queueImageEvent(img, gen, "error")
		return
	}
	if willLazyLoad(img, d) {
		// Lazy: the rest of the update waits for the image to come near
		// the viewport. Its current URL stays empty meanwhile, as in
		// Chromium.
		// https://html.spec.whatwg.org/multipage/images.html#updating-the-image-data (step 25)
		d.state, d.url, d.width, d.height, d.natural = imageUnavailable, "", 0, 0, false
		w.deferLazyImage(img, d, func() { w.loadImage(img, d, gen, u, false) })
		return
	}
	w.loadImage(img, d, gen, u, true)
}

// availableImage settles img's request d (update gen) for u at once when
// it can be: a data: URL, whose bytes are in it, or an image in the
// document's list of available images. It reports whether it did.
func (w *Window) availableImage(img *dom.Node, d *imageData, gen int, u string) bool {
	if strings.HasPrefix(u, "data:") {
		// the bytes are in the URL: they decide at once, as in Chromium
		// (fetching images or not)
		d.state, d.url, d.natural = imageAvailable, u, false
		d.width, d.height = syntheticSize(img)
		mime, body, err := xhr.ParseDataURL(u)
		var info ImageInfo
		loads := false
		if err == nil {
			info, loads = SniffImage(mime, body)
		}
		if !loads {
			d.state, d.width, d.height = imageBroken, 0, 0
			w.imageSized(img)
			w.queueImageEvent(img, gen, "error")
			return true
		}
		d.setNatural(info)
		w.imageSized(img)
		w.queueImageEvent(img, gen, "load")
		return true
	}
	if info, ok := w.res.availableImages[u]; ok {
		// In the document's list of available images: complete at once
		// (lazy loaders tell an image from the memory cache that way),
		// lazy or not, fetching images or not.
		// https://html.spec.whatwg.org/multipage/images.html#updating-the-image-data (step 7)
		d.state, d.url, d.natural = imageAvailable, u, false
		d.width, d.height = 0, 0
		if info.Width < 0 {
			d.width, d.height = syntheticSize(img)
		} else {
			d.setNatural(info)
		}
		w.imageSized(img)
		w.queueImageEvent(img, gen, "load")
		return true
	}
	return false
}

// imageScheme tells whether an image can be fetched from u's scheme.
// https://fetch.spec.whatwg.org/#scheme-fetch
func imageScheme(u string) bool {
	scheme, _, _ := strings.Cut(u, ":")
	switch ascii.Lower(scheme) {
	case "http", "https", "blob", "file":
		return true
	}
	return false
}

// loadImage is the rest of "update the image data" for img's request d
// (update gen) from u, an image not in the list of available images: the
// fetch, or, not fetching, a load bangsnap decides. Its event delays the
// window's load event when delay is set (not for a lazy image resumed).
func (w *Window) loadImage(img *dom.Node, d *imageData, gen int, u string, delay bool) {
	// The request is pending: no current image until it answers (or, not
	// fetched, until its load event, as an image from the network).
	// https://html.spec.whatwg.org/multipage/images.html#updating-the-image-data (steps 16, 26)
	d.state, d.url, d.width, d.height, d.natural = imageUnavailable, u, 0, 0, false
	if w.cfg.Images != nil {
		w.fetchImage(img, gen, u, delay)
		return
	}
	loaded := func() {
		d, _ := w.res.images.get(img)
		if d == nil || d.gen != gen {
			return
		}
		d.state = imageAvailable
		d.width, d.height = syntheticSize(img)
		w.res.imageAvailable(u, ImageInfo{Width: -1})
		w.settleDecodes(img, d, true)
		w.fire(img, "load", false, false)
	}
	if !delay {
		w.loop.QueueTask(loaded)
		return
	}
	w.scripts.networkLoads = true
	w.queueResourceTask(loaded)
}

// fetchImage asks Config.Images for img's image as a loop operation; the
// answer updates the request (unless a later update superseded it) and
// fires load or error. The window's load event waits for it when delay is
// set.
func (w *Window) fetchImage(img *dom.Node, gen int, u string, delay bool) {
	if delay {
		w.scripts.delaying++
	}
	start := func() {
		op := w.loop.Begin("image " + u)
		rf := w.timings(img).begin(w.loop, img.LocalName(), u)
		loader, ctx, log := w.cfg.Images, rf.context(w.ctx), w.log
		go func() {
			var info ImageInfo
			err := offLoop(log, "image "+u, func() (err error) {
				info, err = loader.LoadImage(ctx, u)
				return err
			})
			op.Complete(func() {
				if !errors.Is(err, ErrNotFetched) {
					rf.loaded(err, 0, w.doc.URL())
				}
				w.imageFetched(img, gen, info, err, delay)
			})
		}()
	}
	if w.scripts.started {
		start()
	} else {
		// Before Start the page's context is not known yet.
		w.loop.QueueTask(start)
	}
}

func (w *Window) imageFetched(img *dom.Node, gen int, info ImageInfo, err error, delay bool) {
	if delay {
		defer func() {
			w.scripts.delaying--
			w.scripts.maybeLoad()
		}()
	}
	d, _ := w.res.images.get(img)
	if d == nil || d.gen != gen {
		return
	}
	typ := "load"
	switch {
	case errors.Is(err, ErrNotFetched):
		d.state = imageAvailable
		d.width, d.height = syntheticSize(img)
		w.res.imageAvailable(d.url, ImageInfo{Width: -1})
	case err != nil:
		w.log.Debug("jsruntime: image failed to load", "url", d.url, "err", err)
		d.state, typ, d.failed = imageBroken, "error", true
		w.imageSized(img) // its fallback box (flowimg.go)
	default:
		d.state, d.width, d.height = imageAvailable, info.Width, info.Height
		d.setNatural(info)
		w.res.imageAvailable(d.url, info)
		w.imageSized(img)
	}
	w.settleDecodes(img, d, d.state == imageAvailable)
	if !delay {
		w.loop.QueueTask(func() {
			if d, _ := w.res.images.get(img); d != nil && d.gen == gen {
				w.fire(img, typ, false, false)
			}
		})
		return
	}
	w.queueImageEvent(img, gen, typ)
}

// settleDecodes settles the decode() promises waiting for img's request:
// rejected, whatever the request gave, once img has moved to a document
// that is not the page's (one not fully active).
// https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-decode
func (w *Window) settleDecodes(img *dom.Node, d *imageData, ok bool) {
	ok = ok && img.Document() == w.doc
	for _, settle := range d.decodes {
		settle(ok)
	}
	d.decodes = nil
}

// queueImageEvent fires typ at img unless a later update superseded it.
func (w *Window) queueImageEvent(img *dom.Node, gen int, typ string) {
	w.queueResourceTask(func() {
		if d, _ := w.res.images.get(img); d != nil && d.gen == gen {
			w.fire(img, typ, false, false)
		}
	})
}

// maxAvailableImages bounds a document's list of available images.
const maxAvailableImages = 4096

// imageAvailable adds u to the list of available images, with what is
// known of its image (a Width of -1: not fetched, its size made up).
func (s *resourceState) imageAvailable(u string, info ImageInfo) {
	if s.availableImages == nil {
		s.availableImages = map[string]ImageInfo{}
	}
	if len(s.availableImages) < maxAvailableImages {
		s.availableImages[u] = info
	}
}

// setNatural takes the image's own dimensions from info, when it gives
// them: what naturalWidth and naturalHeight report, and what the flow
// estimate sizes the image by.
func (d *imageData) setNatural(info ImageInfo) {
	if dims, ok := info.natural(); ok {
		d.width, d.height = dims.reported()
		d.dims, d.natural = dims, true
	}
}

// syntheticSize is the natural size of an image that is not fetched: its
// width and height attributes, one standing for both when the other is
// missing, else 1×1 (a transparent pixel, what lazy loaders put first).
func syntheticSize(img *dom.Node) (int, int) {
	wd, wok := dimension(img.Attribute("width"))
	ht, hok := dimension(img.Attribute("height"))
	switch {
	case wok && hok:
		return wd, ht
	case wok:
		return wd, wd
	case hok:
		return ht, ht
	}
	return 1, 1
}

// dimension parses a non-negative integer dimension attribute.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
func dimension(s string) (int, bool) {
	s = strings.TrimLeft(s, " \t\n\f\r")
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == 0 || end > 9 {
		return 0, false
	}
	v, err := strconv.Atoi(s[:end])
	return v, err == nil && v > 0
}

func usesPicture(img *dom.Node) bool {
	p := img.ParentElement()
	return isHTMLElement(p) && p.DataAtom == atom.Picture
}

// parseAgainst resolves ref against n's document base URL.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url
func parseAgainst(n *dom.Node, ref string) (string, error) {
	u, err := webapi.ParseURL(ref, n.Document().BaseRecord())
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// selectImageSource picks img's source: the first matching <source> of a
// <picture> parent, else its srcset, else its src.
// https://html.spec.whatwg.org/multipage/images.html#selecting-an-image-source
func (w *Window) selectImageSource(img *dom.Node) (string, bool) {
	if usesPicture(img) {
		for c := img.ParentElement().First(); c != nil && c != img; c = c.Next() {
			if !isHTMLElement(c) || c.DataAtom != atom.Source {
				continue
			}
			set, ok := c.GetAttribute("srcset")
			if !ok || strings.TrimSpace(set) == "" {
				continue
			}
			if m, ok := c.GetAttribute("media"); ok && strings.TrimSpace(m) != "" && !webapi.MatchMedia(m, webapi.Viewport(w.cfg.Viewport)) {
				continue
			}
			if t, ok := c.GetAttribute("type"); ok && !supportedImageType(t) {
				continue
			}
			if s, ok := w.pickCandidate(set, c.Attribute("sizes")); ok {
				return s, true
			}
		}
	}
	if set, ok := img.GetAttribute("srcset"); ok && strings.TrimSpace(set) != "" {
		if s, ok := w.pickCandidate(set, img.Attribute("sizes")); ok {
			return s, true
		}
	}
	if s := img.Attribute("src"); s != "" {
		return s, true
	}
	return "", false
}

// supportedImageType reports the image MIME types Chromium decodes.
func supportedImageType(t string) bool {
	t, _, _ = strings.Cut(ascii.Lower(strings.TrimSpace(t)), ";")
	switch strings.TrimSpace(t) {
	case "", "image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/avif", "image/svg+xml",
		"image/bmp", "image/x-icon", "image/vnd.microsoft.icon", "image/apng":
		return true
	}
	return false
}

// A candidate is one image candidate string of a srcset.
type candidate struct {
	url     string
	density float64 // x descriptor, or width / source size
	width   int     // w descriptor (0: none)
}

// pickCandidate chooses from a srcset the candidate whose density is the
// smallest at least the device pixel ratio (else the densest).
// https://html.spec.whatwg.org/multipage/images.html#select-an-image-source-from-a-source-set
func (w *Window) pickCandidate(srcset, sizes string) (string, bool) {
	cands := parseSrcset(srcset)
	if len(cands) == 0 {
		return "", false
	}
	size := sourceSize(sizes, w.cfg.Viewport.Width)
	dpr := w.cfg.Viewport.DevicePixelRatio
	best := -1
	for i := range cands {
		c := &cands[i]
		if c.width > 0 {
			c.density = float64(c.width) / size
		}
		if best < 0 {
			best = i
			continue
		}
		b := cands[best]
		switch {
		case b.density < dpr && c.density > b.density,
			c.density >= dpr && c.density < b.density:
			best = i
		}
	}
	return cands[best].url, true
}

// parseSrcset parses a srcset attribute's image candidate strings; a
// candidate with an invalid descriptor is dropped.
// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute
func parseSrcset(s string) []candidate {
	const ws = " \t\n\f\r"
	var out []candidate
	var descs []string
	for {
		s = strings.TrimLeft(s, ws+",")
		if s == "" {
			return out
		}
		end := strings.IndexAny(s, ws)
		if end < 0 {
			end = len(s)
		}
		u := s[:end]
		s = s[end:]
		descs = descs[:0]
		if strings.HasSuffix(u, ",") {
			u = strings.TrimRight(u, ",")
		} else {
			descs, s = srcsetDescriptors(s, descs)
		}
		if c, ok := srcsetCandidate(u, descs); ok {
			out = append(out, c)
		}
	}
}

// srcsetDescriptors is the descriptor tokenizer of a candidate: it returns
// the descriptors and what follows the candidate's comma. Within
// parentheses (not nested) white space and commas are a descriptor's.
func srcsetDescriptors(s string, descs []string) ([]string, string) {
	start, parens := -1, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case parens:
			if c == ')' {
				parens = false
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r':
			if start >= 0 {
				descs = append(descs, s[start:i])
				start = -1
			}
		case c == ',':
			if start >= 0 {
				descs = append(descs, s[start:i])
			}
			return descs, s[i+1:]
		default:
			if start < 0 {
				start = i
			}
			if c == '(' {
				parens = true
			}
		}
	}
	if start >= 0 {
		descs = append(descs, s[start:])
	}
	return descs, ""
}

// srcsetCandidate reads a candidate's descriptors: at most one w (a
// positive integer) or x (a number not below zero), an h only with a w;
// anything else is an error.
func srcsetCandidate(u string, descs []string) (candidate, bool) {
	c := candidate{url: u, density: 1}
	hasX, hasH := false, false
	for _, d := range descs {
		v, last := d[:len(d)-1], d[len(d)-1]
		switch last {
		case 'w':
			n, ok := htmlPositiveInt(v)
			if c.width > 0 || hasX || !ok {
				return c, false
			}
			c.width = n
		case 'x':
			if c.width > 0 || hasX || hasH || !validHTMLFloat(v) {
				return c, false
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || x < 0 {
				return c, false
			}
			c.density, hasX = x, true
		case 'h':
			if _, ok := htmlPositiveInt(v); hasH || hasX || !ok {
				return c, false
			}
			hasH = true
		default:
			return c, false
		}
	}
	return c, !hasH || c.width > 0
}

// htmlPositiveInt reads a valid non-negative integer (ASCII digits only)
// that is above zero.
func htmlPositiveInt(s string) (int, bool) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// validHTMLFloat reports whether s is a valid floating-point number:
// an optional "-", digits and/or "." and digits, an optional exponent.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number
func validHTMLFloat(s string) bool {
	s = strings.TrimPrefix(s, "-")
	digits := func() int {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		d := i
		s = s[i:]
		return d
	}
	intPart := digits()
	frac := 0
	if strings.HasPrefix(s, ".") {
		s = s[1:]
		if frac = digits(); frac == 0 {
			return false
		}
	}
	if intPart == 0 && frac == 0 {
		return false
	}
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s != "" && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		if digits() == 0 {
			return false
		}
	}
	return s == ""
}

// sourceSize evaluates a sizes attribute: the first size whose media
// condition matches, in CSS pixels; 100vw when none does.
// https://html.spec.whatwg.org/multipage/images.html#parse-a-sizes-attribute
func sourceSize(sizes string, vw int) float64 {
	for _, part := range strings.Split(sizes, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		// The size is the last component; a media condition may precede it.
		i := strings.LastIndexAny(part, " )")
		cond, size := "", part
		if i >= 0 {
			cond, size = strings.TrimSpace(part[:i+1]), strings.TrimSpace(part[i+1:])
		}
		if cond != "" && !webapi.MatchMedia(cond, webapi.Viewport{Width: vw, Height: vw, DevicePixelRatio: 1}) {
			continue
		}
		if v, ok := cssLength(size, vw); ok && v > 0 {
			return v
		}
	}
	return float64(vw)
}

// cssLength reads a px or vw length (the units sizes attributes use).
func cssLength(s string, vw int) (float64, bool) {
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"px", 1}, {"vw", float64(vw) / 100}, {"em", 16}, {"rem", 16}} {
		if strings.HasSuffix(s, u.suffix) {
			v, err := strconv.ParseFloat(strings.TrimSuffix(s, u.suffix), 64)
			return v * u.scale, err == nil
		}
	}
	return 0, false
}

// bump counts an update of a link and returns its number.
func (s *resourceState) bump(n *dom.Node) int {
	g, _ := s.gens.get(n)
	s.gens.set(n, g+1)
	return g + 1
}

// linkKind is what a link with these rel tokens and this type attribute
// (typ, "" when absent) fetches and fires load for: "stylesheet", "preload"
// (also modulepreload and prefetch) or nothing. A stylesheet token wins
// wherever it stands: VitePress links its theme with rel="preload
// stylesheet", a sheet that applies; it counts only for a CSS type
// (isCSSLinkType).
func linkKind(rel, typ string, disabled bool) string {
	kind := ""
	for t := range ascii.FieldsSeq(rel) {
		switch {
		case ascii.EqualFold(t, "stylesheet"):
			if disabled || !isCSSLinkType(typ) {
				continue
			}
			return "stylesheet"
		case ascii.EqualFold(t, "preload"), ascii.EqualFold(t, "modulepreload"), ascii.EqualFold(t, "prefetch"):
			kind = "preload"
		}
	}
	return kind
}

// linkKindOf is linkKind of link n as it stands.
func linkKindOf(n *dom.Node) string {
	return linkKind(n.Attribute("rel"), n.Attribute("type"), n.HasAttribute("disabled"))
}

// isCSSLinkType reports whether a stylesheet link with this type attribute
// ("" when absent) loads its sheet: the standard leaves a type other than
// a supported styling language unfetched; Chromium compares the MIME
// type's essence (up to a ";", ASCII whitespace trimmed) with text/css
// ASCII case-insensitively, so "TEXT/CSS; charset=utf-8" loads and
// "text/cſs", "text/plain" or "text/ css" do not (testdata/wpt/gaps36-link-type.html).
// https://html.spec.whatwg.org/multipage/links.html#link-type-stylesheet
func isCSSLinkType(typ string) bool {
	if i := strings.IndexByte(typ, ';'); i >= 0 {
		typ = typ[:i]
	}
	typ = ascii.TrimSpace(typ)
	return typ == "" || ascii.EqualFold(typ, "text/css")
}

// alsoPreloads reports whether stylesheet link n also preloads its URL
// (rel prefetch, or preload with as=style): Chromium fetches it for each
// and fires load (or error) twice at rel="preload stylesheet".
func alsoPreloads(n *dom.Node) bool {
	for t := range ascii.FieldsSeq(n.Attribute("rel")) {
		if ascii.EqualFold(t, "prefetch") || ascii.EqualFold(t, "preload") && ascii.EqualFold(n.Attribute("as"), "style") {
			return true
		}
	}
	return false
}

// linkFetches reports whether link n fetches something whose load event
// pages wait for.
func linkFetches(n *dom.Node) bool {
	return linkKindOf(n) != ""
}

// processLink fires load (or error for an unparsable href) at a connected
// link that would fetch, after fetching its style sheet when
// Config.Stylesheets is set.
// https://html.spec.whatwg.org/multipage/semantics.html#fetching-and-processing-a-resource-from-a-link-element
func (w *Window) processLink(n *dom.Node) {
	if !w.hasBrowsingContext(n.Document()) || !w.res.ready {
		return
	}
	gen := w.res.bump(n)
	href := n.Attribute("href")
	kind := linkKindOf(n)
	if href == "" || kind == "" {
		w.setLinkSheet(n, nil)
		return
	}
	typ := "load"
	u, err := parseAgainst(n, href)
	switch {
	case err != nil:
		typ = "error"
		w.setLinkSheet(n, nil)
	case kind == "stylesheet" && w.cfg.Stylesheets != nil:
		w.fetchLinkSheet(n, gen, u)
		return
	case kind == "preload" && w.cfg.Loader != nil && isModulePreload(n):
		w.fetchModulePreload(n, gen, u) // modulepreload.go
		return
	}
	twice := kind == "stylesheet" && alsoPreloads(n)
	w.queueResourceTask(func() {
		if g, _ := w.res.gens.get(n); g == gen && n.IsConnected() {
			w.fire(n, typ, false, false)
			if twice {
				w.fire(n, typ, false, false)
			}
		}
	})
}

// imageDecode implements img.decode(): resolved once the image is
// available, rejected with an EncodingError when it is broken or has no
// source.
// https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-decode
func (w *Window) imageDecode(img *dom.Node) goja.Value {
	d := w.imageOf(img)
	if d.state == imageAvailable {
		// Settled in a task, rejected if the image has moved to another
		// document meanwhile.
		p, resolve, reject := w.rt.NewPromise()
		w.loop.QueueTask(func() {
			if img.Document() == w.doc {
				_ = resolve(w.undefined)
			} else {
				_ = reject(w.realm.NewDOMException("EncodingError", "The source image cannot be decoded."))
			}
		})
		return w.rt.ToValue(p)
	}
	if cur, _ := w.res.images.get(img); d.state == imageUnavailable && d.url != "" && cur == d {
		// Pending: settled when the fetch answers.
		p, resolve, reject := w.rt.NewPromise()
		d.decodes = append(d.decodes, func(ok bool) {
			if ok {
				_ = resolve(w.undefined)
			} else {
				_ = reject(w.realm.NewDOMException("EncodingError", "The source image cannot be decoded."))
			}
		})
		return w.rt.ToValue(p)
	}
	return w.rejected("EncodingError", "The source image cannot be decoded.")
}

// imageSized forgets what the flow estimate measured of img and the boxes
// around it, now that its natural size is known or has changed (it sizes
// the image's box, flowwidth.go).
func (w *Window) imageSized(img *dom.Node) {
	if f := w.geoOf(img.Document()); f != nil && len(f.boxes) > 0 && img.IsConnected() {
		f.styleChanged(img)
	}
}

// imageNaturalSize is the natural dimensions of img, an HTML img element
// or image button, when they are the image's own (decoded from a data: URL
// or a fetch; not made up from its attributes when it is not fetched).
func (w *Window) imageNaturalSize(img *dom.Node) (imageDims, bool) {
	if !img.IsHTML() || img.DataAtom != atom.Img && !imageButton(img) {
		return imageDims{}, false
	}
	d, _ := w.res.images.get(img)
	if d == nil || d.state != imageAvailable || !d.natural {
		return imageDims{}, false
	}
	return d.dims, true
}
