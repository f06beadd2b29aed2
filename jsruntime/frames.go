package jsruntime

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xslt"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// Nested browsing contexts: an iframe or frame element connected to a
// document that has a browsing context (the page's document, or a frame's)
// gets a document and a window of its own.
// https://html.spec.whatwg.org/multipage/document-sequences.html#nested-navigables
//
// What a frame has:
//   - its document: about:blank at once on insertion (html, head, body in
//     quirks mode), replaced after a task by the parse of its srcdoc, or by
//     the parse of its same-origin src fetched through the page's network
//     client (a request of kind document, a loop operation: the page is not
//     quiet until it answered). A cross-origin src leaves no document
//     (contentDocument null) and a window whose members throw.
//   - its window (contentWindow): an object of the page's runtime whose
//     prototype is the page's window, so that anything it does not have of
//     its own (constructors, timers, getComputedStyle) is the page's. goja
//     has one realm per runtime: contentWindow.Node === Node, which differs
//     from browsers.
//   - its scripts, run with the frame's window in front of the page's
//     global (framescripts.go).
//
// Removing the element discards the frame (contentDocument is null again);
// inserting it again makes a new one; changing src or srcdoc navigates it.
// Everything here costs nothing on a page without frames.

// frameState is the page's bookkeeping of its frames.
type frameState struct {
	byEl  map[*dom.Node]*frame
	byDoc map[*dom.Document]*frame
	// discarded maps the last document of each discarded frame to it: the
	// document is still its Window's associated Document, whose listeners
	// document.open erases.
	discarded map[*dom.Document]*frame
	// indexed is how many index properties (window[0]...) the page's
	// window has.
	indexed int
	seq     uint64 // frames created
	// images maps the object and embed elements that show an image to
	// the URL their load was queued for (frameobject.go).
	images map[*dom.Node]string
	// names counts the names of the frames in place (setFrameName).
	names map[string]int
	// proto is the prototype of the frames' windows (frameWindowPrototype).
	proto *goja.Object
	// jsURLEval runs a javascript: URL's script in a frame (framejsurl.go).
	jsURLEval goja.Callable
	// net fetches frame documents (set by NetworkExtension); nil leaves a
	// frame with a src at about:blank.
	net *xhr.Client
	// incumbent is the frame whose script or listener runs (nil: the
	// page's), the source of the messages it posts.
	incumbent *frame
	// script is the frame whose own script element runs (nil: none),
	// unlike incumbent not set for the listeners of its targets, which
	// may be the page's functions (storageevents.go).
	script *frame
}

// A frame is one nested browsing context with its active document.
type frame struct {
	dom.EventTarget
	w      *Window
	el     *dom.Node // the container
	parent *frame    // nil: the page's window
	doc    *dom.Document
	url    string // the active document's URL
	obj    *goja.Object
	nav    *navState
	name   string
	gen    int // navigations started: an older one's answer is dropped
	cross  bool
	gone   bool // discarded
	// lastDoc is the document the frame had when it was discarded, which
	// its window's document attribute still returns.
	lastDoc *dom.Document
	opened  bool           // document.open or write since the last close
	sel     *selectionImpl // the active document's Selection, made on first use
	// initialBlank: the active document is the initial about:blank, whose
	// Window the first same-origin document keeps.
	initialBlank bool
	// noScripts: the active document came in while the frame was
	// sandboxed without allow-scripts (frameSandboxesScripts): scripting
	// is disabled in it.
	noScripts bool
	// ce is the CustomElementRegistry of the frame's window, made on
	// first use (frameRegistry); a new Window starts without one.
	ce *ceRegistry
	// navigated is set once a navigation gave the frame a document after
	// its initial about:blank (frameLoaded).
	navigated bool
	// loading is set while the frame's load events (at its window and
	// its element) are being dispatched.
	loading bool
	// seq orders the frames of a document as Chromium does: by creation.
	seq uint64
	// indexed is how many index properties obj has.
	indexed int
	// referrer is the active document's document.referrer.
	referrer string
	// scripts runs the active document's scripts (framescripts.go).
	scripts frameScripts
	// sheetsPending counts the style sheets of the document's links and
	// the documents of its own frames on their way; afterSheets wait for
	// them (the frame's load event).
	sheetsPending int
	afterSheets   []func()
	// geo is the flow estimate of the active document (flowframe.go); vp
	// the viewport size it was last laid out in, known once vpKnown.
	geo     *flowLayout
	vp      [2]float64
	vpKnown bool
}

// frameLinksInserted processes the links of a frame's new document
// (images and the rest are not loaded in frames).
func (w *Window) frameLinksInserted(root *dom.Node) {
	walkElements(root, func(n *dom.Node) bool {
		if isHTMLElement(n) && n.DataAtom == atom.Link {
			if _, seen := w.res.gens.get(n); !seen {
				w.processLink(n)
			}
		}
		return n.DataAtom != atom.Template
	})
}

// frameSheetArrived counts a sheet of f's document in: once none is on
// its way, what waited for them runs, in a task (after the link's load
// event).
func (w *Window) frameSheetArrived(f *frame, d *dom.Document) {
	if f.doc != d {
		return // a sheet of a document the frame navigated away from
	}
	f.sheetsPending--
	if f.sheetsPending > 0 || len(f.afterSheets) == 0 {
		return
	}
	fns := f.afterSheets
	f.afterSheets = nil
	w.queueResourceTask(func() {
		for _, fn := range fns {
			fn()
		}
	})
}

// afterFrameSheets runs fn once the style sheets of f's document have
// arrived: at once when none is on its way.
func (w *Window) afterFrameSheets(f *frame, fn func()) {
	if f.sheetsPending <= 0 {
		fn()
		return
	}
	f.afterSheets = append(f.afterSheets, fn)
}

// GetTheParent makes a frame's window the root of its document's event
// paths.
func (f *frame) GetTheParent(*dom.Event) dom.Target { return nil }

// isFrameContainer reports whether n is an iframe, frame, object or embed
// element (the last two have a frame only for a document: frameobject.go).
func isFrameContainer(n *dom.Node) bool {
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Iframe, atom.Frame, atom.Object, atom.Embed:
		return true
	}
	return false
}

// hasBrowsingContext reports whether d is the page's document or the active
// document of one of its frames.
func (w *Window) hasBrowsingContext(d *dom.Document) bool {
	if d == w.doc {
		return true
	}
	f := w.frames.byDoc[d]
	return f != nil && !f.gone
}

// frameOf returns the frame of a container element, or nil.
func (w *Window) frameOf(el *dom.Node) *frame {
	if f := w.frames.byEl[el]; f != nil && !f.gone {
		return f
	}
	return nil
}

// contentWindow is the iframe.contentWindow getter.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-iframe-contentwindow
func (w *Window) contentWindow(el *dom.Node) goja.Value {
	if f := w.frameOf(el); f != nil {
		return f.obj
	}
	return w.null
}

// contentDocument is the iframe.contentDocument getter: null for a
// cross-origin document.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-iframe-contentdocument
func (w *Window) contentDocument(el *dom.Node) goja.Value {
	if f := w.frameOf(el); f != nil && f.doc != nil {
		return w.wrap(&f.doc.Node)
	}
	return w.null
}

// docWindow is document.defaultView: the window of the document's
// browsing context, else null.
func (w *Window) docWindow(d *dom.Document) goja.Value {
	if d == w.doc {
		return w.global
	}
	if f := w.frames.byDoc[d]; f != nil && !f.gone && f.doc == d {
		return f.obj
	}
	return w.null
}

// frameLocation is document.location of a document other than the
// page's: its frame's location, else null.
func (w *Window) frameLocation(d *dom.Document) goja.Value {
	if f := w.frames.byDoc[d]; f != nil && !f.gone && f.doc == d {
		return f.nav.locationObj
	}
	return w.null
}

// frameDocOpened notes a document.open or write on a created document or
// a frame's; opening says the document open steps ran (an open, or a
// write that opened the document).
func (w *Window) frameDocOpened(d *dom.Document, opening bool) {
	f := w.frames.byDoc[d]
	if f == nil || f.doc != d {
		if opening {
			var win dom.Target
			if g := w.frames.discarded[d]; g != nil {
				// Step 10: d is still the associated Document of its
				// discarded frame's Window.
				g.EventTarget.RemoveAll()
				win = g
			}
			w.forgetHandlers(d, win)
		}
		return
	}
	f.opened = true
	f.initialBlank = false
	if opening {
		// Step 12: a fully active document takes the entry document's URL,
		// without its fragment when that is another document.
		if w.frameFullyActive(f) {
			entry := w.doc
			if g := w.frames.incumbent; g != nil && !g.gone && g.doc != nil {
				entry = g.doc
			}
			if u := entry.URL(); u != nil {
				nu := *u
				if entry != d {
					nu.Fragment, nu.RawFragment = "", ""
				}
				d.SetURL(&nu)
				f.url, f.nav.url = nu.String(), &nu
			}
		}
		// The frame's window loses its listeners and handlers with the
		// document's, and the document is loading until document.close
		// ends its input (steps 10, 11 and 18 of the document open steps).
		f.EventTarget.RemoveAll()
		w.forgetHandlers(d, f)
		w.abortFrameParser(f)
		f.scripts.readyState = "loading"
	}
}

// frameDocClosed is document.close on a frame's document: once written,
// the end of parsing runs again at once, as in Chromium: readyState
// "interactive", DOMContentLoaded, "complete", load in the frame and at
// its element.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-document-close
func (w *Window) frameDocClosed(d *dom.Document) {
	f := w.frames.byDoc[d]
	if f == nil || f.gone || f.doc != d || !f.opened {
		return
	}
	f.opened = false
	w.frameRunScripts(f, func() {
		if !f.gone && f.doc == d {
			w.frameLoadEvents(f, d)
		}
	})
}

// frameFullyActive reports whether f's document is fully active: f and
// every frame above it are in place in their parents' active documents.
// https://html.spec.whatwg.org/multipage/document-sequences.html#fully-active
func (w *Window) frameFullyActive(f *frame) bool {
	for ; f != nil; f = f.parent {
		parentDoc := w.doc
		if f.parent != nil {
			parentDoc = f.parent.doc
		}
		if f.gone || f.doc == nil || parentDoc == nil || !f.el.IsConnected() || f.el.Document() != parentDoc {
			return false
		}
	}
	return true
}

// frameConnected runs when a container becomes connected (or its src or
// srcdoc changes while connected): it makes the frame if there is none,
// then processes the iframe attributes.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element (insertion steps)
func (w *Window) frameConnected(el *dom.Node, initial bool) {
	d := el.Document()
	if !el.IsConnected() || !w.hasBrowsingContext(d) {
		return
	}
	f := w.frameOf(el)
	if f == nil {
		if isEmbedder(el) && w.embedderKind(el) != embedFrame {
			w.embedderConnected(el, false)
			return
		}
		if w.liveFrames() >= maxFrames {
			w.log.Debug("jsruntime: frame not created: the page has too many", "max", maxFrames)
			return
		}
		f = w.newFrame(el)
		initial = true
	} else if initial {
		return // already has its frame
	}
	w.processFrameAttributes(f, initial)
}

// newFrame creates the nested browsing context of el with its initial
// about:blank document.
// https://html.spec.whatwg.org/multipage/document-sequences.html#create-a-new-child-navigable
func (w *Window) newFrame(el *dom.Node) *frame {
	if w.frames.byEl == nil {
		w.frames.byEl = make(map[*dom.Node]*frame)
		w.frames.byDoc = make(map[*dom.Document]*frame)
		w.countFramesInLength()
	}
	w.frames.seq++
	f := &frame{w: w, el: el, seq: w.frames.seq}
	w.setFrameName(f, el.Attribute("name"))
	if pf := w.frames.byDoc[el.Document()]; pf != nil {
		f.parent = pf
	}
	w.frames.byEl[el] = f
	w.makeFrameWindow(f)
	w.setFrameDocument(f, blankDocument(), "about:blank")
	w.syncIndexed(el.Document())
	return f
}

// countFramesInLength makes window.length count the page's frames from the
// first frame on (Window's declaration answers 0, which costs nothing on
// pages without frames), unless the page replaced it. Like the declared
// one it is [Replaceable]: assigning defines an own data property.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-length
func (w *Window) countFramesInLength() {
	g := w.global
	if obj, ok := g.Get("Object").(*goja.Object); ok {
		if gopd, ok := goja.AssertFunction(obj.Get("getOwnPropertyDescriptor")); ok {
			d, err := gopd(obj, g, w.str("length"))
			o, isObj := d.(*goja.Object)
			if err != nil || !isObj || bind.Absent(o.Get("get")) {
				return // replaced by the page
			}
		}
	}
	// a this that is not the window is a TypeError, as for the declared one
	get := w.realm.NewGlobalFunction("get length", 0, func(goja.FunctionCall) goja.Value { return w.int(w.windowLength(w.doc)) })
	set := w.realm.NewGlobalFunction("set length", 1, func(c goja.FunctionCall) goja.Value {
		_ = g.DefineDataProperty("length", c.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return nil
	})
	_ = g.DefineAccessorProperty("length", get, set, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// blankDocument is the initial about:blank document.
// https://html.spec.whatwg.org/multipage/document-lifecycles.html#initialise-the-document-object
func blankDocument() *dom.Document {
	d := dom.NewDocument()
	// In quirks mode, as the parser leaves a document without a doctype
	// (Chromium's initial about:blank reads "BackCompat").
	d.SetQuirksMode()
	html, _ := d.CreateElement("html")
	head, _ := d.CreateElement("head")
	body, _ := d.CreateElement("body")
	_, _ = html.AppendChild(head)
	_, _ = html.AppendChild(body)
	_, _ = d.AppendChild(html)
	return d
}

// setFrameDocument makes d the frame's active document, discarding the
// frames of the previous one.
func (w *Window) setFrameDocument(f *frame, d *dom.Document, u string) {
	if old := f.doc; old != nil {
		delete(w.frames.byDoc, old)
		w.dropFrameSheets(old) // stylesheet.go
		old.ParentTarget = nil
		old.DirectionalSelections = false
		w.discardFramesOf(old)
	}
	if f.doc != nil && !f.initialBlank || d == nil {
		// A new document has a new Window behind the same WindowProxy:
		// the old one's listeners and handlers are gone. The initial
		// about:blank's Window is kept by a same-origin document.
		// https://html.spec.whatwg.org/multipage/document-lifecycles.html#initialise-the-document-object (step 6)
		f.EventTarget = dom.EventTarget{}
		delete(w.handlers, dom.Target(f))
		f.ce = nil
	}
	f.initialBlank = f.doc == nil && !f.cross
	if f.doc != nil {
		delete(w.frameNamed, f.doc)
	}
	f.doc, f.url, f.cross = d, u, d == nil
	f.referrer = frameReferrer(f.el.Document().URL(), u)
	f.scripts = frameScripts{started: map[*dom.Node]bool{}}
	f.sheetsPending, f.afterSheets = 0, nil
	f.nav.setURL(u)
	if d == nil {
		return
	}
	frameBodyMargins(f.el, d)
	if pu, err := url.Parse(u); err == nil {
		d.SetURL(pu)
	}
	// An about:blank or srcdoc document resolves URLs against its
	// container's document.
	// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fallback-base-url
	if strings.HasPrefix(u, "about:blank") || u == "about:srcdoc" {
		d.SetFallbackBaseURL(f.el.Document().BaseRecord())
	}
	f.noScripts = frameSandboxesScripts(f)
	d.Scripting = !f.noScripts
	d.ParentTarget = f
	d.DirectionalSelections = true
	d.OnMutation = func(r *dom.MutationRecord) {
		w.onMutation(r)
		w.frameDocMutated(r)
	}
	d.OnSlotChange = w.signalSlot
	d.OnHeldRemoval = w.heldRemoval
	d.PseudoState = w.pseudoState
	w.frames.byDoc[d] = f
	w.initFrameDocNamed(d) // docnamed.go
	w.scanHandlers(&d.Node)
	// Frames in the new document's markup.
	walkElements(&d.Node, func(n *dom.Node) bool {
		if isFrameContainer(n) {
			w.frameConnected(n, true)
		}
		return n.DataAtom != atom.Template
	})
	// Its style sheets (linksheets.go).
	w.frameLinksInserted(&d.Node)
}

// frameSandboxesScripts reports whether a document f navigates to now
// has scripting disabled by a sandbox: an iframe whose sandbox attribute
// lacks allow-scripts (ASCII case-insensitive tokens), or a frame in a
// document that has it disabled (a nested browsing context inherits its
// parent's sandboxing flags). Its scripts do not run, its event handler
// content attributes do not compile and its <noscript> holds markup; the
// listeners and handlers its embedder adds still run.
// https://html.spec.whatwg.org/multipage/browsers.html#sandboxed-scripts-browsing-context-flag
func frameSandboxesScripts(f *frame) bool {
	if el := f.el; el != nil && el.IsElement() && el.Namespace == "" && el.DataAtom == atom.Iframe {
		if v, ok := el.GetAttribute("sandbox"); ok {
			allowed := false
			for _, t := range strings.FieldsFunc(v, isASCIISpace) {
				if strings.EqualFold(t, "allow-scripts") {
					allowed = true
				}
			}
			if !allowed {
				return true
			}
		}
	}
	return f.parent != nil && f.parent.noScripts
}

// parseFrameHTML parses an HTML document for f, with scripting disabled
// when f's sandbox disables it (frameSandboxesScripts).
func parseFrameHTML(f *frame, src string) (*dom.Document, error) {
	return dom.ParseWithOptions(strings.NewReader(src), dom.ParseOptions{NoScripting: frameSandboxesScripts(f), FormPointer: true})
}

// frameScriptsDisabled reports whether d is a frame's document in which a
// sandbox disabled scripting.
func (w *Window) frameScriptsDisabled(d *dom.Document) bool {
	f := w.frames.byDoc[d]
	return f != nil && f.doc == d && f.noScripts
}

// processFrameAttributes navigates the frame to its srcdoc, its src, or
// (initially) leaves it at about:blank and fires load.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#process-the-iframe-attributes
func (w *Window) processFrameAttributes(f *frame, initial bool) {
	if !initial && !f.nav.navCanProceed() {
		return
	}
	el := f.el
	f.gen++
	gen := f.gen
	if el.DataAtom == atom.Iframe && el.HasAttribute("srcdoc") {
		w.loadSrcdoc(f, gen)
		return
	}
	src := strings.TrimSpace(frameSrc(el))
	u := &url.URL{Scheme: "about", Opaque: "blank"}
	if src != "" {
		h, err := webapi.ParseURL(src, el.Document().BaseRecord())
		if err == nil && h.Scheme == "javascript" {
			w.frameJavascriptURL(f, h.String(), gen)
			return
		}
		if err == nil {
			u, err = url.Parse(h.String())
		}
		if err != nil || u.Scheme == "javascript" {
			w.frameTask(f, func() {
				if f.gen == gen && !f.gone {
					w.fire(el, "load", false, false)
				}
			})
			return
		}
	}
	if initial && isAboutBlank(u) {
		// The initial about:blank stays; its load fires at once on
		// insertion (by the parser or a script), as in Chromium, which then
		// treats it as a document of its own (a later navigation gets a
		// new Window). Frames of the page's markup found before the
		// scripts started fire once it has been parsed.
		f.initialBlank = false
		if el.Document() == w.doc && !w.scripts.started {
			w.frameTask(f, func() {
				if f.gen == gen && !f.gone {
					w.fire(el, "load", false, false)
				}
			})
			return
		}
		w.fire(el, "load", false, false)
		return
	}
	w.navigateFrame(f, u, gen)
}

// loadSrcdoc loads f's srcdoc document in a task, if f is still at
// navigation gen then.
func (w *Window) loadSrcdoc(f *frame, gen int) {
	src := f.el.Attribute("srcdoc")
	w.frameTask(f, func() {
		if f.gen != gen || f.gone {
			return
		}
		d, err := parseFrameHTML(f, src)
		if err != nil {
			d = blankDocument()
		}
		d.SetSrcdoc()
		w.frameLoaded(f, d, "about:srcdoc")
	})
}

// frameReload reloads f's document (its location.reload()).
func (w *Window) frameReload(f *frame) {
	if f.gone || f.cross || !f.nav.navCanProceed() {
		return
	}
	f.gen++
	if f.url == "about:srcdoc" && f.el.HasAttribute("srcdoc") {
		w.loadSrcdoc(f, f.gen)
		return
	}
	u, err := url.Parse(f.url)
	if err != nil {
		return
	}
	u.Fragment, u.RawFragment = "", ""
	w.navigateFrame(f, u, f.gen)
}

// isAboutBlank reports whether u matches about:blank (any query or
// fragment).
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#matches-about:blank
func isAboutBlank(u *url.URL) bool {
	return u.Scheme == "about" && u.Opaque == "blank" && u.User == nil
}

// navigateFrame loads the document at u into f: a same-origin http(s)
// document is fetched and parsed; any other origin leaves no document.
func (w *Window) navigateFrame(f *frame, u *url.URL, gen int) {
	if w.selfReferential(f, u) {
		// The frame keeps its document and fires no load (Chromium).
		w.log.Debug("jsruntime: frame navigation blocked: it would nest the page in itself twice", "url", u.String())
		return
	}
	if isAboutBlank(u) {
		if f.doc != nil && (u.Fragment != "" || u.RawFragment != "") && withoutFragment(u) == withoutFragment(f.nav.url) {
			// A fragment navigation: same document, no load.
			f.url = u.String()
			f.nav.url = u
			return
		}
		w.frameTask(f, func() {
			if f.gen == gen && !f.gone {
				w.frameLoaded(f, blankDocument(), u.String())
			}
		})
		return
	}
	// A blob: URL the page made is same origin: the client answers it
	// from the page's blob URL store.
	same := (u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "blob") && originOf(u) != "null" && originOf(u) == originOf(w.nav.url)
	if !same || w.frames.net == nil {
		w.frameTask(f, func() {
			if f.gen != gen || f.gone {
				return
			}
			if same {
				// No network client: the frame stays blank.
				w.frameLoaded(f, blankDocument(), u.String())
				return
			}
			w.frameLoaded(f, nil, u.String())
		})
		return
	}
	delaying := f.el.Document() == w.doc
	if delaying {
		w.scripts.delaying++
	}
	// A frame inside a frame's document holds that frame's load event
	// as the page's frames hold the page's, until its own document has
	// loaded (without its scripts' fetches).
	outer, outerDoc := w.frames.byDoc[f.el.Document()], f.el.Document()
	if outer != nil && outer.doc == outerDoc {
		outer.sheetsPending++
	} else {
		outer = nil
	}
	start := func() {
		p := xhr.Params{Kind: xhr.KindDocument, Mode: xhr.ModeNoCORS}
		rf := w.timings(f.el).begin(w.loop, f.el.LocalName(), "")
		w.frames.net.StartGet(w.ctx, w.loop, u, p, func(res *xhr.Result, err error) {
			if err == nil {
				t := xhr.TimingOf(res, -1)
				rf.end(&t, 0, nil)
			}
			if delaying {
				defer func() {
					w.scripts.delaying--
					w.scripts.maybeLoad()
				}()
			}
			if outer != nil {
				defer w.frameSheetArrived(outer, outerDoc)
			}
			if f.gen != gen || f.gone {
				return
			}
			w.frameFetched(f, u, res, err)
		})
	}
	if w.scripts.started {
		start()
	} else {
		w.loop.QueueTask(start) // the page's context is not known before Start
	}
}

// frameFetched parses a fetched frame document.
func (w *Window) frameFetched(f *frame, u *url.URL, res *xhr.Result, err error) {
	if w.embedderFetched(f, res, err) {
		return
	}
	if err != nil || res == nil {
		// Chromium shows an error page of an opaque origin.
		w.log.Debug("jsruntime: frame document failed to load", "url", u.String(), "err", err)
		w.frameLoaded(f, nil, u.String())
		return
	}
	final := u.String()
	if res.URL != nil {
		final = res.URL.String()
	}
	if res.CrossOrigin || res.URL != nil && originOf(res.URL) != originOf(w.nav.url) {
		w.frameLoaded(f, nil, final)
		return
	}
	// Decoded as a navigation's response is: the Content-Type's charset,
	// a byte order mark, an HTML <meta> or an XML declaration.
	ct := res.Header.Get("Content-Type")
	if strings.TrimSpace(ct) == "" {
		ct = "text/html"
	}
	// Unlabelled HTML takes the same-origin parent's encoding (a frame
	// of another origin is not loaded here).
	// https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
	parentEnc := xhr.LocaleDefaultEncoding
	if pd := f.el.OwnerDocument(); pd != nil {
		parentEnc = pd.CharacterSet()
	}
	mime, kind, label := xhr.SniffDocument(ct, res.Body, parentEnc)
	var d *dom.Document
	transformed := false // by an xml-stylesheet instruction: UTF-8
	switch kind {
	case xhr.HTMLDocument:
		d, err = parseFrameHTML(f, xhr.DecodeText(res.Body, label))
	case xhr.XMLDocument:
		text := xhr.DecodeDocument(res.Body, kind, label)
		if pi, ok := xslt.FindPagePI(text); ok {
			base := u
			if res.URL != nil {
				base = res.URL
			}
			d, transformed = w.transformFrame(text, base, pi, mime), true
			break
		}
		// A document that is not well-formed is shown with its
		// parsererror (ParseXML returns both).
		d, _ = dom.ParseXML(strings.NewReader(text))
		if d != nil {
			d.SetContentType(mime) // document.contentType is the response's type
			w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
		}
	default:
		// Text and anything else is shown as text, keeping its type.
		d = blankDocument()
		d.SetContentType(mime)
		pre, _ := d.CreateElement("pre")
		_, _ = pre.AppendChild(d.CreateTextNode(xhr.DecodeText(res.Body, label)))
		_, _ = d.Body().AppendChild(pre)
	}
	if d != nil && !transformed {
		d.SetCharacterSet(xhr.EncodingName(res.Body, label))
		if t, ok := xhr.ParseHTTPDate(res.Header.Get("Last-Modified")); ok {
			d.SetLastModified(t)
		}
		if l := res.Header.Get("Content-Language"); l != "" {
			d.SetHTTPLanguage(l)
		}
	}
	if err != nil || d == nil {
		d = blankDocument()
	}
	w.frameLoaded(f, d, final)
	if transformed && d.DocumentElement() != nil {
		// Chromium inserts the banner once the navigation to the result
		// has committed: after the frame's load event when the result
		// has no script to wait for.
		w.insertXSLTBanner(d)
	}
}

// frameLoaded makes d the frame's document (nil: a cross-origin one) and
// fires DOMContentLoaded and load in the frame, then load at its element.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#iframe-load-event-steps
func (w *Window) frameLoaded(f *frame, d *dom.Document, u string) {
	f.navigated = true
	w.setFrameDocument(f, d, u)
	w.syncIndexed(f.el.Document())
	if d != nil && frameHasScripts(d) {
		// The scripts run first; an external one keeps the page's load
		// event waiting.
		delaying := f.el.Document() == w.doc
		if delaying {
			w.scripts.delaying++
		}
		f.scripts.readyState = "loading"
		parse := f.scripts.parses
		w.frameRunScripts(f, func() {
			if delaying {
				defer func() {
					w.scripts.delaying--
					w.scripts.maybeLoad()
				}()
			}
			// A parser document.open aborted fires no load events: the
			// script-created parser's close does.
			if !f.gone && f.doc == d && f.scripts.parses == parse {
				w.afterFrameSheets(f, func() {
					if !f.gone && f.doc == d {
						w.frameLoadEvents(f, d)
					}
				})
			}
		})
		return
	}
	w.afterFrameSheets(f, func() {
		if !f.gone && f.doc == d {
			w.frameLoadEvents(f, d)
		}
	})
}

// frameBodyMargins gives the body of d, a frame's document, the frame
// element's marginwidth and marginheight (non-negative integers) as its
// own attributes, as Chromium does when the body goes into the frame's
// document: the body's hints then set its margins, over its own
// attributes. A body a script puts in later keeps its own.
func frameBodyMargins(owner *dom.Node, d *dom.Document) {
	body := d.Body()
	if body == nil || body.Namespace != "" || body.Data != "body" {
		return
	}
	for _, name := range [2]string{"marginwidth", "marginheight"} {
		if v, ok := owner.GetAttribute(name); ok {
			if n, ok := parseHTMLNonNegative(v); ok {
				body.SetAttribute(name, strconv.FormatInt(n, 10))
			}
		}
	}
}

// frameLoadEvents fires DOMContentLoaded and load in the frame (with a
// document), then load at its element.
func (w *Window) frameLoadEvents(f *frame, d *dom.Document) {
	if d != nil {
		ran := f.scripts.readyState != ""
		if ran {
			f.scripts.readyState = "interactive"
			w.fire(&d.Node, "readystatechange", false, false)
			if f.gone || f.doc != d {
				return
			}
		}
		ev := dom.NewEvent("DOMContentLoaded", true, false)
		ev.IsTrusted = true
		w.dispatch(&d.Node, ev)
		if f.gone || f.doc != d {
			return
		}
		w.scrollToFragment(d)
		if f.gone || f.doc != d {
			return
		}
		if ran {
			f.scripts.readyState = ""
			w.fire(&d.Node, "readystatechange", false, false)
			if f.gone || f.doc != d {
				return
			}
		}
		if f.loading {
			// A document.close while the frame's load events are being
			// dispatched fires no second round of them (Chromium).
			return
		}
		f.loading = true
		defer func() { f.loading = false }()
		w.fireLoad(f, d)
		if f.gone || f.doc != d {
			return
		}
	} else {
		f.loading = true
		defer func() { f.loading = false }()
	}
	w.fire(f.el, "load", false, false)
}

// frameTask queues fn as a task; one for a container of the page's
// document delays the page's load event.
func (w *Window) frameTask(f *frame, fn func()) {
	if f.el.Document() == w.doc {
		w.queueResourceTask(fn)
		return
	}
	w.loop.QueueTask(fn)
}

// frameDocMutated is the part of a frame document's mutation hook that
// looks after the frames inside it.
func (w *Window) frameDocMutated(r *dom.MutationRecord) {
	dn := w.frameNamed[r.Target.Document()]
	switch r.Type {
	case dom.ChildListMutation:
		if len(r.RemovedNodes) > 0 {
			if w.ce.moving == nil { // moveBefore() keeps the frames
				w.framesRemoved()
			}
			if len(w.popovers) > 0 || len(w.modals) > 0 {
				w.topLayerRemoved() // a frame's popovers are the page's
			}
			if dn != nil && len(dn.names) > 0 && r.Target.InDocumentTree() && r.Target.Document() == dn.doc {
				for _, n := range r.RemovedNodes {
					w.docNamesRemoved(dn, n)
				}
			}
		}
		var fs *frameScripts
		if w.ce.parsing > 0 {
			if f := w.frames.byDoc[r.Target.Document()]; f != nil && f.doc == r.Target.Document() && len(f.scripts.started) > 0 {
				fs = &f.scripts
			}
		}
		for _, n := range r.AddedNodes {
			if n.IsElement() && n.IsConnected() {
				walkElements(n, func(k *dom.Node) bool {
					if fs != nil && isScript(k) {
						w.frameFragmentScript(fs, k)
					}
					if isFrameContainer(k) {
						w.frameConnected(k, true)
					}
					if isHTMLElement(k) && k.DataAtom == atom.Link {
						w.processLink(k) // its style sheet (linksheets.go)
					}
					if dn != nil {
						w.docNameInserted(k)
					}
					return k.DataAtom != atom.Template
				})
			}
		}
	case dom.AttributesMutation:
		if dn != nil && r.AttributeNamespace == "" && (r.AttributeName == "name" || r.AttributeName == "id") {
			w.docNameInserted(r.Target)
			if r.HasOldValue {
				w.docNameMaybeGone(dn, r.OldValue)
			}
		}
		w.frameAttributeChanged(r)
	}
}

// frameAttributeChanged navigates a connected frame whose src or srcdoc
// changed. A change of its name attribute leaves the frame's name alone:
// the attribute names the navigable only when it is created (HTML, the
// iframe element's name; whatwg/html#4367), as in Chromium.
func (w *Window) frameAttributeChanged(r *dom.MutationRecord) {
	n := r.Target
	if r.AttributeNamespace != "" || !isFrameContainer(n) {
		return
	}
	if isEmbedder(n) {
		if a := r.AttributeName; a == embedderURLAttr(n) || a == "type" {
			w.embedderConnected(n, true)
		}
		return
	}
	if r.AttributeName != "src" && r.AttributeName != "srcdoc" {
		return
	}
	if f := w.frameOf(n); f != nil {
		w.processFrameAttributes(f, false)
	} else {
		w.frameConnected(n, true)
	}
}

// framesRemoved discards the frames whose container is no longer
// connected (after a removal).
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element (removing steps)
func (w *Window) framesRemoved() {
	if len(w.frames.byEl) == 0 {
		return
	}
	var touched []*dom.Document
	for el, f := range w.frames.byEl {
		if !el.IsConnected() && !f.gone {
			if d := el.Document(); !slices.Contains(touched, d) {
				touched = append(touched, d)
			}
			w.discardFrame(f)
		}
	}
	for _, d := range touched {
		if w.hasBrowsingContext(d) {
			w.syncIndexed(d)
		}
	}
}

// discardFrame destroys f and the frames of its document.
// https://html.spec.whatwg.org/multipage/document-lifecycles.html#destroy-a-child-navigable
func (w *Window) discardFrame(f *frame) {
	w.setFrameName(f, "")
	f.gone = true
	f.gen++
	delete(w.frames.byEl, f.el)
	if d := f.doc; d != nil {
		delete(w.frames.byDoc, d)
		if w.frames.discarded == nil {
			w.frames.discarded = make(map[*dom.Document]*frame)
		}
		w.frames.discarded[d] = f
		w.dropFrameSheets(d)
		d.ParentTarget = nil
		d.DirectionalSelections = false
		w.discardFramesOf(d)
	}
	f.lastDoc, f.doc = f.doc, nil
	delete(w.handlers, dom.Target(f))
	w.setIndexed(f.obj, &f.indexed, 0, nil)
}

// discardFramesOf discards the frames whose container is in d.
func (w *Window) discardFramesOf(d *dom.Document) {
	for el, f := range w.frames.byEl {
		if el.Document() == d {
			w.discardFrame(f)
		}
	}
}

// childFrames returns the frames whose containers are in d in the order
// they were made, as Chromium orders window[i] (the standard says tree
// order; the two agree for frames made by the parser).
// https://html.spec.whatwg.org/multipage/document-sequences.html#document-tree-child-navigables
func (w *Window) childFrames(d *dom.Document) []*frame {
	var out []*frame
	for el, f := range w.frames.byEl {
		if !f.gone && el.Document() == d && el.IsConnected() {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b *frame) int { return cmp.Compare(a.seq, b.seq) })
	return out
}

// namedFrame returns the first child frame of document d (the page's or
// a frame's) whose name is name, for named access on its window.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#named-access-on-the-window-object
func (w *Window) namedFrame(d *dom.Document, name string) *frame {
	if w.frames.names[name] == 0 || name == "" {
		return nil
	}
	// The first in creation order, found without collecting and sorting
	// the frames: names are looked up on every global variable read in a
	// frame's scripts.
	var first *frame
	for el, f := range w.frames.byEl {
		if f.name == name && !f.gone && (first == nil || f.seq < first.seq) && el.Document() == d && el.IsConnected() {
			first = f
		}
	}
	return first
}

// setFrameName sets f's name, counting the names of the frames in place
// so that namedFrame answers at once for a name no frame has.
func (w *Window) setFrameName(f *frame, name string) {
	if f.gone || f.name == name {
		f.name = name
		return
	}
	if f.name != "" {
		if w.frames.names[f.name]--; w.frames.names[f.name] <= 0 {
			delete(w.frames.names, f.name)
		}
	}
	f.name = name
	if name != "" {
		if w.frames.names == nil {
			w.frames.names = make(map[string]int)
		}
		w.frames.names[name]++
	}
}

// windowLength is window.length: the number of child frames.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-length
func (w *Window) windowLength(d *dom.Document) int {
	if len(w.frames.byEl) == 0 || d == nil {
		return 0
	}
	return len(w.childFrames(d))
}

// syncIndexed gives the window of d (the page's or a frame's) one index
// property per child frame.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-window-item
func (w *Window) syncIndexed(d *dom.Document) {
	if d == w.doc {
		w.setIndexed(w.global, &w.frames.indexed, w.windowLength(d), d)
		return
	}
	if f := w.frames.byDoc[d]; f != nil && !f.gone {
		w.setIndexed(f.obj, &f.indexed, w.windowLength(d), d)
	}
}

// setIndexed defines obj's properties 0..n-1 as getters of the child
// frames of d and deletes the ones past n (have is how many obj has).
func (w *Window) setIndexed(obj *goja.Object, have *int, n int, d *dom.Document) {
	for i := *have; i < n; i++ {
		i := i
		get := w.realm.NewFunction("", 0, func(goja.FunctionCall) goja.Value {
			if fs := w.childFrames(d); i < len(fs) {
				return fs[i].obj
			}
			return w.undefined
		})
		_ = obj.DefineAccessorProperty(strconv.Itoa(i), get, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for i := n; i < *have; i++ {
		_ = obj.Delete(strconv.Itoa(i))
	}
	*have = n
}

// makeFrameWindow makes f's window object: the page's window as its
// prototype, with the members that differ per window as own properties.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
func (w *Window) makeFrameWindow(f *frame) {
	if w.frames.proto == nil {
		w.frames.proto = w.frameWindowPrototype()
	}
	// Named access looks in the frame's document first: a dynamic object
	// between the window and the shared prototype (what it does not find
	// still reaches the page's window, with which the frame shares its
	// realm).
	named := w.rt.NewDynamicObject(&windowNamedProperties{w: w, frame: f})
	_ = named.SetPrototype(w.frames.proto)
	obj := w.rt.CreateObject(named)
	w.realm.Bind(obj, f, w.c.window)
	f.obj = obj
	f.nav = &navState{}
	f.nav.init(w, &url.URL{Scheme: "about", Opaque: "blank"})
	f.nav.frame = f
	f.nav.locationObj = w.realm.WrapObject(&locationImpl{f.nav}, w.realm.Class("Location"))
}

// frameWindowPrototype makes the object between the frames' windows and
// what they inherit of the page's window (frameglobal.go): the members that differ per window, as accessors that find
// their frame from this, made once per page.
func (w *Window) frameWindowPrototype() *goja.Object {
	proto := w.rt.CreateObject(w.frameGlobalView())
	this := func(v goja.Value) *frame {
		if impl, _, ok := w.realm.Unwrap(v); ok {
			if f, ok := impl.(*frame); ok {
				return f
			}
		}
		panic(w.rt.NewTypeError("Illegal invocation"))
	}
	// crossOK are the members a cross-origin window allows.
	// https://html.spec.whatwg.org/multipage/nav-history-apis.html#crossoriginproperties-(-o-)
	crossOK := map[string]bool{"window": true, "self": true, "frames": true, "parent": true, "top": true, "length": true, "closed": true, "location": true}
	getter := func(name string, get func(f *frame) goja.Value) {
		g := w.realm.NewFunction("get "+name, 0, func(c goja.FunctionCall) goja.Value {
			f := this(c.This)
			if f.cross && !crossOK[name] {
				w.realm.ThrowDOMException("SecurityError", "Failed to read a named property '"+name+"' from 'Window': Blocked a frame from accessing a cross-origin frame.")
			}
			return get(f)
		})
		_ = proto.DefineAccessorProperty(name, g, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	self := func(f *frame) goja.Value { return f.obj }
	getter("window", self)
	getter("self", self)
	getter("frames", self)
	getter("top", func(f *frame) goja.Value {
		if f.gone {
			return w.null
		}
		return w.global
	})
	getter("parent", func(f *frame) goja.Value {
		switch {
		case f.gone:
			return w.null
		case f.parent != nil:
			return f.parent.obj
		}
		return w.global
	})
	getter("frameElement", func(f *frame) goja.Value {
		if f.gone {
			return w.null
		}
		return w.wrap(f.el)
	})
	getter("document", func(f *frame) goja.Value {
		// A window keeps its document when its frame is removed.
		// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-document-2
		d := f.doc
		if d == nil {
			d = f.lastDoc
		}
		if d == nil {
			return w.null
		}
		return w.wrap(&d.Node)
	})
	for _, name := range barPropNames {
		getter(name, func(f *frame) goja.Value {
			return w.realm.WrapObject(barProp{name: name, f: f}, w.realm.Class("BarProp"))
		})
	}
	getter("location", func(f *frame) goja.Value { return f.nav.locationObj })
	getter("customElements", func(f *frame) goja.Value { return w.regObj(w.frameRegistry(f)) })
	// Each window has its own History, whose state and URL updates are
	// its document's (nav.go); made on first use.
	getter("history", func(f *frame) goja.Value {
		if f.nav.historyObj == nil {
			f.nav.historyObj = w.realm.WrapObject(&historyImpl{f.nav}, w.realm.Class("History"))
		}
		return f.nav.historyObj
	})
	getter("length", func(f *frame) goja.Value {
		if f.doc == nil {
			return w.int(0)
		}
		return w.int(w.windowLength(f.doc))
	})
	getter("closed", func(f *frame) goja.Value { return w.boolean(f.gone) })
	getter("origin", func(f *frame) goja.Value {
		if u, err := url.Parse(f.url); err == nil && (u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "blob") {
			return w.str(originOf(u))
		}
		return w.str(originOf(w.nav.url)) // about:blank and srcdoc inherit it
	})
	nameGet := w.realm.NewFunction("get name", 0, func(c goja.FunctionCall) goja.Value { return w.str(this(c.This).name) })
	nameSet := w.realm.NewFunction("set name", 1, func(c goja.FunctionCall) goja.Value {
		w.setFrameName(this(c.This), c.Argument(0).String())
		return nil
	})
	_ = proto.DefineAccessorProperty("name", nameGet, nameSet, goja.FLAG_TRUE, goja.FLAG_TRUE)
	getSel := w.realm.NewFunction("getSelection", 0, func(c goja.FunctionCall) goja.Value {
		f := this(c.This)
		if f.cross {
			w.realm.ThrowDOMException("SecurityError", "Blocked a frame from accessing a cross-origin frame.")
		}
		if f.doc == nil {
			return w.null
		}
		return w.selectionOf(f.doc)
	})
	_ = proto.DefineDataProperty("getSelection", getSel, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	// A frame's viewport is its container's content box (flowframe.go).
	getter("innerWidth", func(f *frame) goja.Value { return w.int(int(w.frameInnerSize(f)[0])) })
	getter("innerHeight", func(f *frame) goja.Value { return w.int(int(w.frameInnerSize(f)[1])) })
	mm := w.realm.NewFunction("matchMedia", 1, func(c goja.FunctionCall) goja.Value {
		f := this(c.This)
		if f.cross {
			w.realm.ThrowDOMException("SecurityError", "Blocked a frame from accessing a cross-origin frame.")
		}
		if len(c.Arguments) < 1 {
			w.realm.ThrowTypeError("Failed to execute 'matchMedia' on 'Window': 1 argument required, but only 0 present.")
		}
		mql := webapi.NewFrameMediaQueryList(w.realm, c.Arguments[0].String(), func() webapi.Viewport { return w.frameViewportNow(f) })
		w.frameMQLs = append(w.frameMQLs, frameMQL{f: f, mql: mql})
		return mql
	})
	_ = proto.DefineDataProperty("matchMedia", mm, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	post := w.realm.NewFunction("postMessage", 1, func(c goja.FunctionCall) goja.Value {
		w.framePostMessage(this(c.This), c.Argument(0))
		return nil
	})
	_ = proto.DefineDataProperty("postMessage", post, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	return proto
}

// framePostMessage queues a message event at the frame's window, from the
// page's window.
// https://html.spec.whatwg.org/multipage/web-messaging.html#window-post-message-steps
func (w *Window) framePostMessage(f *frame, msg goja.Value) {
	data := webapi.StructuredClone(w.realm, msg, nil)
	origin := originOf(w.nav.url)
	source := w.incumbentWindow()
	gen := f.gen
	w.loop.QueueTask(func() {
		if f.gone || f.gen != gen || f.cross {
			return
		}
		ev := dom.NewEvent("message", false, false)
		ev.IsTrusted = true
		ev.Detail = &eventData{kind: "MessageEvent", messageData: data, origin: origin, source: source, detail: goja.Null(), view: goja.Null()}
		w.dispatch(f, ev)
	})
}

// frameLocationNavigate is a frame's location.href = u (or assign,
// replace): a fragment change moves its URL, anything else navigates it.
func (w *Window) frameLocationNavigate(f *frame, u *url.URL) {
	if f.gone || !f.nav.navCanProceed() {
		return
	}
	if withoutFragment(u) == withoutFragment(f.nav.url) && u.Fragment != "" {
		f.url = u.String()
		f.nav.url = u
		if f.doc != nil {
			f.doc.SetURL(u)
			w.scrollToFragment(f.doc)
		}
		return
	}
	f.gen++
	w.navigateFrame(f, u, f.gen)
}

// setURL sets the URL a frame's location shows.
func (n *navState) setURL(s string) {
	if u, err := url.Parse(s); err == nil {
		n.url = u
		n.entries = []histEntry{{url: u, state: goja.Null()}}
		n.index = 0
	}
}

// frameFragmentScript marks k, a script a markup setter's fragment parser
// made in a frame's document, already started when it is a copy of one
// of the frame's scripts that has run (the same text and src). A frame's document
// is parsed whole before its scripts run in tree order (framescripts.go),
// so a script setting its body's innerHTML re-creates scripts Chromium's
// parser had already run, which it marks already started, and scripts it
// had not parsed yet, which it parses and runs after. Told apart by text,
// the copies of what ran do not run again (a script re-creating itself
// ran forever), and those of what had not run still run once.
func (w *Window) frameFragmentScript(fs *frameScripts, k *dom.Node) {
	if i := w.scripts.info[k]; i != nil && i.created {
		return // made to run (setHTMLUnsafe's runScripts)
	}
	text, src := scriptText(k), k.Attribute("src")
	for el := range fs.started {
		if el != k && scriptText(el) == text && el.Attribute("src") == src {
			fs.started[k] = true
			return
		}
	}
}

// frameOfTarget returns the frame whose window t is, or whose document t
// is in; nil for the page's.
func (w *Window) frameOfTarget(t dom.Target) *frame {
	switch t := t.(type) {
	case *frame:
		return t
	case *dom.Node:
		d := t.Document()
		if f := w.frames.byDoc[d]; f != nil && f.doc == d {
			return f
		}
	}
	return nil
}

// incumbentWindow is the window whose script is running: a frame's while
// one of its scripts or listeners runs, else the page's.
// https://html.spec.whatwg.org/multipage/webappapis.html#incumbent
func (w *Window) incumbentWindow() goja.Value {
	if f := w.frames.incumbent; f != nil && !f.gone {
		return f.obj
	}
	return w.global
}

// frameReferrer is document.referrer of a frame's document at URL u whose
// container is in a document at parent: an about:blank document's is its
// creator's URL; a navigation's is the parent's URL under the default
// referrer policy, strict-origin-when-cross-origin: the whole URL (without
// fragment or credentials) for a same-origin target, the origin for
// another (about:srcdoc is one, as in Chromium).
// https://html.spec.whatwg.org/multipage/document-sequences.html#creating-a-new-browsing-context
// https://w3c.github.io/webappsec-referrer-policy/#determine-requests-referrer
func frameReferrer(parent *url.URL, u string) string {
	if parent == nil {
		if strings.HasPrefix(u, "about:blank") {
			return "about:blank"
		}
		return ""
	}
	if parent.Scheme != "http" && parent.Scheme != "https" {
		if strings.HasPrefix(u, "about:blank") {
			return parent.String()
		}
		return ""
	}
	ref := *parent
	ref.User, ref.Fragment, ref.RawFragment = nil, "", ""
	if strings.HasPrefix(u, "about:blank") {
		return ref.String()
	}
	if t, err := url.Parse(u); err == nil && t.Scheme == parent.Scheme && t.Host == parent.Host {
		return ref.String()
	}
	if parent.Scheme == "https" && !strings.HasPrefix(u, "https:") && u != "about:srcdoc" {
		return "" // no referrer on a downgrade
	}
	return parent.Scheme + "://" + parent.Host + "/"
}
