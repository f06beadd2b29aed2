package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// A CookieJar backs document.cookie. The root package adapts the render's
// http.CookieJar to it.
type CookieJar interface {
	// Cookie returns the cookie-string for the page (name=value pairs
	// joined by "; ", HttpOnly cookies left out).
	Cookie() string
	// SetCookie stores one Set-Cookie-like string set by the page.
	SetCookie(s string)
}

// memoryJar is the jar used when Config.Cookies is nil: name=value pairs
// in insertion order, attributes ignored except an expiry in the past.
type memoryJar struct {
	names  []string
	values map[string]string
}

func (j *memoryJar) Cookie() string {
	var b strings.Builder
	for _, n := range j.names {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		if n != "" {
			b.WriteString(n)
			b.WriteByte('=')
		}
		b.WriteString(j.values[n])
	}
	return b.String()
}

func (j *memoryJar) SetCookie(s string) {
	pair, attrs, _ := strings.Cut(s, ";")
	name, value, ok := strings.Cut(pair, "=")
	if !ok {
		name, value = "", pair
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	expired := false
	for _, a := range strings.Split(attrs, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(a), "=")
		k = ascii.Lower(k)
		if k == "max-age" && strings.HasPrefix(strings.TrimSpace(v), "-") || k == "max-age" && strings.TrimSpace(v) == "0" {
			expired = true
		}
		if k == "expires" && strings.Contains(v, "1970") {
			expired = true
		}
	}
	if j.values == nil {
		j.values = make(map[string]string)
	}
	if _, had := j.values[name]; had {
		if expired {
			delete(j.values, name)
			for i, n := range j.names {
				if n == name {
					j.names = append(j.names[:i], j.names[i+1:]...)
					break
				}
			}
			return
		}
	} else if !expired {
		j.names = append(j.names, name)
	}
	if !expired {
		j.values[name] = value
	}
}

func docOf(n *dom.Node) *dom.Document { return n.AsDocument() }

// Document https://dom.spec.whatwg.org/#interface-document and the HTML
// standard's extensions https://html.spec.whatwg.org/multipage/dom.html#the-document-object
var documentIface = &bind.Interface{
	Name:   "Document",
	Parent: "Node",
	Mixins: []*bind.Mixin{parentNodeMixin},
	// https://html.spec.whatwg.org/multipage/dom.html#the-document-object
	Unforgeable: &bind.Mixin{Attributes: []bind.Attribute{
		attr("location", func(w *Window, n *dom.Node) goja.Value {
			if docOf(n) != w.doc {
				return w.frameLocation(docOf(n))
			}
			return w.nav.location()
		}, func(w *Window, n *dom.Node, v goja.Value) {
			if docOf(n) == w.doc {
				w.nav.assign(bind.DOMString(v), false)
			}
		}),
	}},
	Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		// https://dom.spec.whatwg.org/#dom-document-document
		// Its type is "xml" and its content type application/xml.
		d := dom.NewXMLDocument()
		return &d.Node
	},
	StaticMethods: []bind.Method{{Name: "parseHTMLUnsafe", Length: 1, Fn: parseHTMLUnsafe}, {Name: "parseHTML", Length: 1, Fn: parseHTML}},
	Attributes: []bind.Attribute{
		adoptedSheetsAttr("Document"),
		ro("implementation", func(w *Window, n *dom.Node) goja.Value {
			d := docOf(n)
			if w.domImpls == nil {
				w.domImpls = make(map[*dom.Document]*domImplementation)
			}
			impl := w.domImpls[d]
			if impl == nil {
				impl = &domImplementation{doc: d}
				w.domImpls[d] = impl
			}
			return w.realm.WrapObject(impl, w.realm.Class("DOMImplementation"))
		}),
		ro("URL", func(w *Window, n *dom.Node) goja.Value { return w.str(w.docURL(n)) }),
		ro("documentURI", func(w *Window, n *dom.Node) goja.Value { return w.str(w.docURL(n)) }),
		ro("compatMode", func(w *Window, n *dom.Node) goja.Value { return w.str(docOf(n).CompatMode()) }),
		ro("characterSet", func(w *Window, n *dom.Node) goja.Value { return w.str(docOf(n).CharacterSet()) }),
		ro("charset", func(w *Window, n *dom.Node) goja.Value { return w.str(docOf(n).CharacterSet()) }),
		ro("inputEncoding", func(w *Window, n *dom.Node) goja.Value { return w.str(docOf(n).CharacterSet()) }),
		ro("contentType", func(w *Window, n *dom.Node) goja.Value {
			return w.str(docOf(n).ContentType())
		}),
		ro("doctype", func(w *Window, n *dom.Node) goja.Value { return w.wrap(docOf(n).Doctype()) }),
		ro("documentElement", func(w *Window, n *dom.Node) goja.Value { return w.wrap(docOf(n).DocumentElement()) }),
		// The document element when it is an SVG svg element, else null
		// (SVG 2's partial Document, which Chromium implements).
		// https://svgwg.org/svg2-draft/struct.html#InterfaceDocumentExtensions
		ro("rootElement", func(w *Window, n *dom.Node) goja.Value {
			if e := docOf(n).DocumentElement(); e != nil && e.NamespaceURI() == dom.SVGNamespace && e.LocalName() == "svg" {
				return w.wrap(e)
			}
			return w.null
		}),
		// The XML declaration's members, which Chromium keeps (the DOM
		// standard dropped them): null and false for an HTML document.
		ro("xmlEncoding", func(w *Window, n *dom.Node) goja.Value {
			if e := docOf(n).XMLDeclaration().Encoding; e != "" {
				return w.str(e)
			}
			return w.null
		}),
		attr("xmlVersion", func(w *Window, n *dom.Node) goja.Value {
			if v, ok := docOf(n).XMLVersion(); ok {
				return w.str(v)
			}
			return w.null
		}, func(w *Window, n *dom.Node, v goja.Value) {
			s := "null"
			if !goja.IsNull(v) {
				s = bind.DOMString(v)
			}
			if !docOf(n).SetXMLVersion(s) {
				w.realm.ThrowDOMException("NotSupportedError", "Failed to set the 'xmlVersion' property on 'Document': This document does not support the XML version '"+s+"'.")
			}
		}),
		attr("xmlStandalone", func(w *Window, n *dom.Node) goja.Value {
			return w.rt.ToValue(docOf(n).XMLDeclaration().Standalone == "yes")
		}, func(w *Window, n *dom.Node, v goja.Value) { docOf(n).SetXMLStandalone(v.ToBoolean()) }),
		attr("domain", func(w *Window, n *dom.Node) goja.Value { return w.str(w.nav.url.Hostname()) }, func(w *Window, n *dom.Node, v goja.Value) {
			// Only the current host itself is accepted: relaxing to a parent
			// domain would need the public suffix list, and a document
			// without a browsing context has no effective domain.
			// https://html.spec.whatwg.org/multipage/browsers.html#dom-document-domain
			if docOf(n) != w.doc || !ascii.EqualFold(bind.DOMString(v), w.nav.url.Hostname()) {
				w.realm.ThrowDOMException("SecurityError", "Failed to set the 'domain' property on 'Document': '"+bind.DOMString(v)+"' is not a suffix of '"+w.nav.url.Hostname()+"'.")
			}
		}),
		ro("referrer", func(w *Window, n *dom.Node) goja.Value {
			// The page is fetched with no referrer; a frame's document has
			// its container document's (frames.go).
			if d := docOf(n); d != w.doc {
				if f := w.frames.byDoc[d]; f != nil && f.doc == d {
					return w.str(f.referrer)
				}
			}
			return w.str("")
		}),
		attr("cookie", func(w *Window, n *dom.Node) goja.Value {
			if docOf(n) != w.doc {
				return w.str("")
			}
			return w.str(w.cookies().Cookie())
		}, func(w *Window, n *dom.Node, v goja.Value) {
			if docOf(n) == w.doc {
				w.cookies().SetCookie(bind.DOMString(v))
			}
		}),
		// The response's Last-Modified, else now, in the page's time zone.
		// https://html.spec.whatwg.org/multipage/dom.html#dom-document-lastmodified
		ro("lastModified", func(w *Window, n *dom.Node) goja.Value {
			now := w.loop.Now()
			if t := docOf(n).LastModified(); !t.IsZero() {
				now = t.In(now.Location())
			}
			return w.str(now.Format("01/02/2006 15:04:05"))
		}),
		ro("readyState", func(w *Window, n *dom.Node) goja.Value {
			if d := docOf(n); d != w.doc {
				if f := w.frames.byDoc[d]; f != nil && f.doc == d && f.scripts.readyState != "" {
					return w.str(f.scripts.readyState)
				}
				if d.InputOpen() {
					// A made document that document.open (or a write
					// without it) gave a script-created parser is loading
					// until document.close, as in Chromium.
					return w.str("loading")
				}
				return w.str("complete")
			}
			return w.str(w.scripts.readyState)
		}),
		attr("title", func(w *Window, n *dom.Node) goja.Value { return w.str(docOf(n).Title()) },
			func(w *Window, n *dom.Node, v goja.Value) { docOf(n).SetTitle(bind.DOMString(v)) }),
		// dir reflects the html element's dir attribute, limited to known values.
		// https://html.spec.whatwg.org/multipage/dom.html#dom-document-dir
		attr("dir", func(w *Window, n *dom.Node) goja.Value {
			if e := docOf(n).DocumentElement(); e != nil && e.Is(atom.Html) {
				switch v := ascii.Lower(e.Attribute("dir")); v {
				case "ltr", "rtl", "auto":
					return w.str(v)
				}
			}
			return w.str("")
		}, func(w *Window, n *dom.Node, v goja.Value) {
			if e := docOf(n).DocumentElement(); e != nil && e.Is(atom.Html) {
				w.check(e.SetAttribute("dir", bind.DOMString(v)))
			}
		}),
		attr("body", func(w *Window, n *dom.Node) goja.Value { return w.wrap(docOf(n).Body()) },
			// https://html.spec.whatwg.org/multipage/dom.html#dom-document-body
			func(w *Window, n *dom.Node, v goja.Value) {
				b := w.toNode(v)
				// the IDL type is HTMLElement?: anything else that is not
				// null or undefined is a TypeError
				if (b == nil && !goja.IsNull(v) && !goja.IsUndefined(v)) || (b != nil && !b.IsHTML()) {
					w.realm.ThrowTypeError("Failed to set the 'body' property on 'Document': The provided value is not of type 'HTMLElement'.")
				}
				if b == nil || !(b.Is(atom.Body) || b.Is(atom.Frameset)) {
					w.realm.ThrowDOMException("HierarchyRequestError", "The new body element is of type '"+bind.DOMString(v)+"'. It must be either a 'BODY' or 'FRAMESET' element.")
				}
				d := docOf(n)
				if old := d.Body(); old == b {
					return
				} else if old != nil {
					_, err := old.ParentNode().ReplaceChild(b, old)
					w.check(err)
				} else if e := d.DocumentElement(); e != nil {
					_, err := e.AppendChild(b)
					w.check(err)
				} else {
					w.realm.ThrowDOMException("HierarchyRequestError", "Failed to set the 'body' property on 'Document': No document element exists.")
				}
				w.afterMutation()
			}),
		ro("head", func(w *Window, n *dom.Node) goja.Value { return w.wrap(docOf(n).Head()) }),
		ro("images", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "images") }),
		ro("embeds", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "embeds") }),
		ro("plugins", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "embeds") }),
		ro("links", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "links") }),
		ro("forms", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "forms") }),
		ro("scripts", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "scripts") }),
		ro("anchors", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "anchors") }),
		ro("applets", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "applets") }),
		// Chromium's document.all is an HTMLAllCollection that is falsy and
		// whose typeof is "undefined" ([[IsHTMLDDA]]); goja cannot make an
		// object falsy, and a truthy one sends old scripts down their IE
		// paths (if (document.all) ...), so it reads as undefined, the value
		// those tests see in Chromium ('all' in document stays true).
		// https://html.spec.whatwg.org/multipage/obsolete.html#dom-document-all
		ro("all", func(w *Window, n *dom.Node) goja.Value { return w.undefined }),
		ro("currentScript", func(w *Window, n *dom.Node) goja.Value {
			if d := docOf(n); d != w.doc {
				if f := w.frames.byDoc[d]; f != nil && f.doc == d && f.scripts.current != nil {
					return w.wrap(f.scripts.current)
				}
				return w.null
			}
			return w.wrap(w.scripts.current)
		}),
		ro("defaultView", func(w *Window, n *dom.Node) goja.Value { return w.docWindow(docOf(n)) }),
		ro("activeElement", func(w *Window, n *dom.Node) goja.Value {
			if el := w.focusIn(docOf(n)); el != nil {
				// Retargeted against the document: a focused element in a
				// shadow tree shows as its host
				// (https://html.spec.whatwg.org/multipage/interaction.html#dom-documentorshadowroot-activeelement).
				return w.wrap(retargetFocus(el, n))
			}
			return w.wrap(docOf(n).Body())
		}),
		// https://html.spec.whatwg.org/multipage/interaction.html#designMode
		attr("designMode", func(w *Window, n *dom.Node) goja.Value {
			if docOf(n).DesignMode {
				return w.str("on")
			}
			return w.str("off")
		}, func(w *Window, n *dom.Node, v goja.Value) {
			d := docOf(n)
			on := d.DesignMode
			switch ascii.Lower(bind.DOMString(v)) {
			case "on":
				on = true
			case "off":
				on = false
			}
			if on != d.DesignMode {
				d.DesignMode = on
				d.StateChanged() // :read-write and :read-only match anew
			}
		}),
		// A document without a browsing context is hidden.
		// https://html.spec.whatwg.org/multipage/interaction.html#page-visibility
		ro("hidden", func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(!w.hasBrowsingContext(docOf(n))) }),
		ro("visibilityState", func(w *Window, n *dom.Node) goja.Value {
			if !w.hasBrowsingContext(docOf(n)) {
				return w.str("hidden")
			}
			return w.str("visible")
		}),
		// A render never prerenders; web-vitals reads it.
		// https://wicg.github.io/nav-speculation/prerendering.html#dom-document-prerendering
		ro("prerendering", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
		ro("fullscreenElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
		ro("pointerLockElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
		ro("pictureInPictureElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
		ro("fullscreenEnabled", func(w *Window, n *dom.Node) goja.Value { return valTrue }), // fullscreen.go
		ro("pictureInPictureEnabled", func(w *Window, n *dom.Node) goja.Value { return valTrue }),
		// In quirks mode the body scrolls the viewport unless it is
		// potentially scrollable itself: then nothing does (null).
		// https://drafts.csswg.org/cssom-view/#dom-document-scrollingelement
		ro("scrollingElement", func(w *Window, n *dom.Node) goja.Value {
			d := docOf(n)
			if d.CompatMode() == "BackCompat" {
				if b := d.Body(); b != nil && !w.bodyPotentiallyScrollable(b) {
					return w.wrap(b)
				}
				return goja.Null()
			}
			return w.wrap(d.DocumentElement())
		}),
		ro("styleSheets", func(w *Window, n *dom.Node) goja.Value { return w.styleSheets(n) }),
		ro("fonts", func(w *Window, n *dom.Node) goja.Value { return w.fonts() }),
		ro("timeline", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(w.animations().docTimeline(), w.realm.Class("DocumentTimeline"))
		}),
	},
	Methods: []bind.Method{
		method("getAnimations", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value { return w.getAnimations(n, true) }),
		method("getElementById", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.wrap(docOf(n).GetElementByID(bind.DOMString(args[0])))
		}),
		method("getElementsByTagName", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.realm.WrapObject(w.tagCollection(n, "tag", bind.DOMString(args[0])), w.c.htmlCollection)
		}),
		method("getElementsByTagNameNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			// The same collection object for the same arguments, as for getElementsByTagName.
			return w.realm.WrapObject(w.tagCollection(n, "ns", ns+"\x00"+bind.DOMString(args[1])), w.c.htmlCollection)
		}),
		method("getElementsByClassName", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.realm.WrapObject(w.tagCollection(n, "class", bind.DOMString(args[0])), w.c.htmlCollection)
		}),
		method("getElementsByName", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.realm.WrapObject(docOf(n).GetElementsByName(bind.DOMString(args[0])), w.c.nodeList)
		}),
		method("createElement", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			is, hasIs, registry := elementCreationIs(w.realm, bind.Arg(args, 1))
			if registry && hasIs {
				// The name is checked first.
				_, err := docOf(n).CreateElement(name)
				w.check(err)
				throwRegistryAndIs(w.realm)
			}
			if w.ce.total > 0 && w.ceDefines(docOf(n)) {
				if el := w.createCustomElement(docOf(n), ascii.Lower(name), is, false); el != nil {
					return w.wrap(el)
				}
			}
			el, err := docOf(n).CreateElement(name)
			w.check(err)
			if hasIs {
				el.SetIsValue(is)
			}
			w.scripts.created(el)
			return w.wrap(el)
		}),
		method("createElementNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			// An HTML element named without a prefix is a custom element
			// when a definition matches, as with createElement.
			qn := bind.DOMString(args[1])
			is, hasIs, registry := elementCreationIs(w.realm, bind.Arg(args, 2))
			if registry && hasIs {
				_, err := docOf(n).CreateElementNS(ns, qn)
				w.check(err)
				throwRegistryAndIs(w.realm)
			}
			if ns == dom.HTMLNamespace && w.ce.total > 0 && w.ceDefines(docOf(n)) && !strings.Contains(qn, ":") {
				if el := w.createCustomElement(docOf(n), qn, is, false); el != nil {
					return w.wrap(el)
				}
			}
			el, err := docOf(n).CreateElementNS(ns, qn)
			w.check(err)
			if hasIs {
				el.SetIsValue(is)
			}
			w.scripts.created(el)
			return w.wrap(el)
		}),
		method("createDocumentFragment", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.wrap(docOf(n).CreateDocumentFragment())
		}),
		method("createTextNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.wrap(docOf(n).CreateTextNode(bind.DOMString(args[0])))
		}),
		method("createComment", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.wrap(docOf(n).CreateComment(bind.DOMString(args[0])))
		}),
		method("createCDATASection", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			c, err := docOf(n).CreateCDATASection(bind.DOMString(args[0]))
			w.check(err)
			return w.wrap(c)
		}),
		method("createProcessingInstruction", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			pi, err := docOf(n).CreateProcessingInstruction(bind.DOMString(args[0]), bind.DOMString(args[1]))
			w.check(err)
			return w.wrap(pi)
		}),
		method("createAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			a, err := docOf(n).CreateAttribute(bind.DOMString(args[0]))
			w.check(err)
			return w.wrap(a)
		}),
		method("createAttributeNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			a, err := docOf(n).CreateAttributeNS(ns, bind.DOMString(args[1]))
			w.check(err)
			return w.wrap(a)
		}),
		method("importNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			orig := w.nodeArg(args, 0, "importNode", "Document")
			m, err := docOf(n).ImportNode(orig, bind.Boolean(bind.Arg(args, 1)))
			w.check(err)
			w.scripts.cloned(orig, m) // importNode clones: the cloning steps run
			w.scanHandlers(m)         // and the copies' on* attributes are handlers
			w.detailsCloned(m)        // and their open details queue toggles
			w.ceUpgradeTree(m)
			return w.wrap(m)
		}),
		method("adoptNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			a := w.nodeArg(args, 0, "adoptNode", "Document")
			w.focusedAdopted(a)
			m, err := docOf(n).AdoptNode(a)
			w.check(err)
			return w.wrap(m)
		}),
		method("createEvent", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.createEvent(bind.DOMString(args[0]))
		}),
		method("createRange", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.newRange(n)
		}),
		method("createTreeWalker", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.newTraversal(args, false)
		}),
		method("createNodeIterator", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.newTraversal(args, true)
		}),
		method("write", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.ceNoMarkup(docOf(n), "write")
			w.docWrite(docOf(n), w.trustedWriteArgs(args, "write"), false)
			return nil
		}),
		method("writeln", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.ceNoMarkup(docOf(n), "writeln")
			w.docWrite(docOf(n), w.trustedWriteArgs(args, "writeln"), true)
			return nil
		}),
		// The page's own document gets a script-created parser once its
		// own has ended (docopen.go); a created document is opened,
		// written and closed by package dom.
		// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#opening-the-input-stream
		method("open", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if len(args) >= 3 {
				return w.docOpenWindow(docOf(n))
			}
			w.ceNoMarkup(docOf(n), "open")
			if d := docOf(n); d != w.doc || d.IsXML() {
				if !d.IsXML() && w.frameScriptRunning(d) {
					// Step 5: an active parser whose script nesting
					// level is not 0.
					return w.wrap(n)
				}
				w.check(d.Open())
				w.frameDocOpened(d, true)
			} else {
				w.openPage()
			}
			return w.wrap(n)
		}),
		method("close", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			w.ceNoMarkup(docOf(n), "close")
			if d := docOf(n); d != w.doc || d.IsXML() {
				w.check(d.Close())
				w.frameDocClosed(d)
			} else {
				w.closePage()
			}
			return nil
		}),
		// Only the page's document can have the system focus.
		// https://html.spec.whatwg.org/multipage/interaction.html#dom-document-hasfocus
		method("hasFocus", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.rt.ToValue(docOf(n) == w.doc)
		}),
		// The editing commands answer on HTML documents only, and do
		// something only in the page's (editing.go).
		method("execCommand", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.commandDoc(n, "execCommand") {
				return valFalse
			}
			if len(args) > 2 && ascii.EqualFold(bind.DOMString(args[0]), "insertHTML") {
				// insertHTML's value is an injection sink.
				v := w.trustedString(trustedHTML, args[2], bind.DOMString, trustedSink{iface: "Document", member: "execCommand"})
				args = append([]goja.Value{args[0], args[1], w.str(v)}, args[3:]...)
			}
			return w.execCommand(args)
		}),
		// Feature tests ask which commands exist: ClipboardJS.isSupported()
		// reads queryCommandSupported('copy') to decide whether to show its
		// buttons.
		// https://w3c.github.io/editing/docs/execCommand/#querycommandsupported()
		method("queryCommandSupported", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.commandDoc(n, "queryCommandSupported") {
				return valFalse
			}
			return w.rt.ToValue(editingCommands[ascii.Lower(bind.DOMString(bind.Arg(args, 0)))] != 0)
		}),
		method("queryCommandEnabled", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.commandDoc(n, "queryCommandEnabled") {
				return valFalse
			}
			name := ascii.Lower(bind.DOMString(bind.Arg(args, 0)))
			return w.rt.ToValue(editingCommands[name] == commandAlwaysEnabled || w.editEnabled(name))
		}),
		method("queryCommandIndeterm", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.commandDoc(n, "queryCommandIndeterm") {
				return valFalse
			}
			all, some := w.editState(ascii.Lower(bind.DOMString(bind.Arg(args, 0))))
			return w.boolean(some && !all)
		}),
		method("queryCommandState", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.commandDoc(n, "queryCommandState") {
				return valFalse
			}
			all, _ := w.editState(ascii.Lower(bind.DOMString(bind.Arg(args, 0))))
			return w.boolean(all)
		}),
		// An inline style command's value is its state, as a string.
		method("queryCommandValue", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.commandDoc(n, "queryCommandValue") {
				return w.str("")
			}
			name := ascii.Lower(bind.DOMString(bind.Arg(args, 0)))
			if c := editCommands[name]; c != nil && c.style != nil {
				all, _ := w.editState(name)
				return w.str(strconv.FormatBool(all))
			}
			return w.str("")
		}),
		method("elementFromPoint", 2, jsElementFromPoint("Document")),   // hittest.go
		method("elementsFromPoint", 2, jsElementsFromPoint("Document")), // hittest.go
		method("caretPositionFromPoint", 2, jsCaretPositionFromPoint),   // caret.go
		method("caretRangeFromPoint", 0, jsCaretRangeFromPoint),         // caret.go
		method("getSelection", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.selectionOf(docOf(n))
		}),
		method("exitFullscreen", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.rejected("TypeError", "Failed to execute 'exitFullscreen' on 'Document': Document not active")
		}),
		// no video is ever shown in Picture-in-Picture (requestPictureInPicture)
		method("exitPictureInPicture", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.rejected("InvalidStateError", "Failed to execute 'exitPictureInPicture' on 'Document': There is no Picture-in-Picture element in this document.")
		}),
	},
}

// HTMLDocument is the legacy name every HTML document's wrapper has.
var htmlDocumentIface = &bind.Interface{Name: "HTMLDocument", Parent: "Document"}

// XMLDocument is what DOMParser gives for XML types.
var xmlDocumentIface = &bind.Interface{Name: "XMLDocument", Parent: "Document"}

func (w *Window) docURL(n *dom.Node) string {
	if docOf(n) == w.doc {
		return w.URL() // the WHATWG serialization, as location.href
	}
	return docOf(n).URLString()
}

func (w *Window) cookies() CookieJar {
	if w.cfg.Cookies != nil {
		return w.cfg.Cookies
	}
	if w.jar == nil {
		w.jar = &memoryJar{}
	}
	return w.jar
}

// domImplementation is document.implementation.
type domImplementation struct{ doc *dom.Document }

// DOMImplementation https://dom.spec.whatwg.org/#interface-domimplementation
var domImplementationIface = &bind.Interface{
	Name: "DOMImplementation",
	Methods: []bind.Method{
		{Name: "createHTMLDocument", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			t := bind.Arg(args, 0)
			// Its URL is about:blank, as created documents' are.
			d := dom.NewHTMLDocument(bind.DOMString(t), !bind.Absent(t))
			return w.wrap(&d.Node)
		}},
		{Name: "createDocument", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://dom.spec.whatwg.org/#dom-domimplementation-createdocument
			w := win(r)
			ns, _ := bind.NullableString(bind.Arg(args, 0))
			var doctype *dom.Node
			if dt := bind.Arg(args, 2); !bind.Nullish(dt) {
				doctype = w.toNode(dt)
				if doctype == nil || doctype.Kind() != dom.DocumentTypeNode {
					r.ThrowTypeError("Failed to execute 'createDocument' on 'DOMImplementation': parameter 3 is not of type 'DocumentType'.")
				}
			}
			d := dom.NewXMLDocument()
			var el *dom.Node
			// qualifiedName is [LegacyNullToEmptyString]: undefined is "undefined".
			if q := bind.Arg(args, 1); q != nil && !goja.IsNull(q) && bind.DOMString(q) != "" {
				q := bind.DOMString(q)
				var err error
				el, err = d.CreateElementNS(ns, q)
				w.check(err)
			}
			if doctype != nil {
				_, err := d.AppendChild(doctype)
				w.check(err)
			}
			if el != nil {
				_, err := d.AppendChild(el)
				w.check(err)
			}
			switch ns {
			case dom.HTMLNamespace:
				d.SetContentType("application/xhtml+xml")
			case dom.SVGNamespace:
				d.SetContentType("image/svg+xml")
			}
			return w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
		}},
		{Name: "createDocumentType", Length: 3, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			dt, err := this.(*domImplementation).doc.CreateDocumentType(bind.DOMString(args[0]), bind.DOMString(args[1]), bind.DOMString(args[2]))
			w.check(err)
			return w.wrap(dt)
		}},
		{Name: "hasFeature", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return valTrue }},
	},
}

// elementCreationIs converts createElement's and createElementNS's
// options, a (DOMString or ElementCreationOptions) union, and gives its is
// member: an object, null or undefined is the dictionary (its members
// customElementRegistry, a CustomElementRegistry?, and is, a DOMString,
// read in that order), anything else a string that is converted and
// ignored (a Symbol is a TypeError). The registry is checked but not used
// (a window has its one registry); registry says it was given, null
// included.
// https://dom.spec.whatwg.org/#dictdef-elementcreationoptions
func elementCreationIs(r *bind.Realm, opts goja.Value) (is string, hasIs, registry bool) {
	if _, ok := opts.(*goja.Object); !ok && !bind.Nullish(opts) {
		bind.DOMString(opts)
		return "", false, false
	}
	d := bind.NewDictionary(opts, "ElementCreationOptions")
	registry = d.Convert("customElementRegistry", func(v goja.Value) {
		if goja.IsNull(v) {
			return
		}
		if _, ok := r.UnwrapAs(v, r.Class("CustomElementRegistry")); !ok {
			panic(bind.TypeError("Failed to convert value to 'CustomElementRegistry'."))
		}
	})
	is, hasIs = d.DOMString("is")
	return is, hasIs, registry
}

// throwRegistryAndIs throws the NotSupportedError of options with both a
// customElementRegistry and an is.
// https://dom.spec.whatwg.org/#flatten-element-creation-options step 2.2
func throwRegistryAndIs(r *bind.Realm) {
	r.ThrowDOMException("NotSupportedError", `The custom element registry and "is" option can't be set at the same time.`)
}

// docWrite is document.write and writeln: the page's document goes to its
// script-fed parser (scripts.go), any other document to dom's Write.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-write-steps
// docOpenWindow is document.open(url, name, features): the window open
// steps of the document's window (whatever a script has put at
// window.open), an InvalidAccessError when it has none. They make no
// window here, as window.open does not (install.go).
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-document-open-window
func (w *Window) docOpenWindow(d *dom.Document) goja.Value {
	if _, ok := w.docWindow(d).(*goja.Object); !ok {
		w.realm.ThrowDOMException("InvalidAccessError", "Failed to execute 'open' on 'Document': Cannot open a window when the document has no browsing context.")
	}
	return w.null
}

func (w *Window) docWrite(d *dom.Document, args []goja.Value, ln bool) {
	if d.IsXML() {
		op := "write"
		if ln {
			op = "writeln"
		}
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute '"+op+"' on 'Document': Only HTML documents support "+op+"().")
	}
	if d == w.doc {
		w.documentWrite(d, args, ln)
		return
	}
	var text strings.Builder
	for _, a := range args {
		text.WriteString(bind.DOMString(a))
	}
	if ln {
		text.WriteByte('\n')
	}
	f := w.frames.byDoc[d]
	if f != nil && f.doc == d && w.frameWrite(f, text.String()) {
		w.afterMutation()
		return
	}
	opening := !d.InputOpen()
	w.check(d.Write(text.String()))
	w.frameDocOpened(d, opening)
	w.afterMutation()
	if f != nil && f.doc == d && !f.gone && writeComplete(d.WrittenInput()) {
		// The inline scripts the written markup completed run now, as the
		// document's script-created parser would run them (not while the
		// input so far ends inside a script, its text still to come).
		w.frameRunScripts(f, nil)
	}
}

// Kinds of editing commands for queryCommandSupported and
// queryCommandEnabled.
const (
	commandSupported     = 1 + iota // supported, enabled only in an editable selection
	commandAlwaysEnabled            // enabled whatever the selection
)

// editingCommands are the commands Chromium 156 supports, lowercased (names
// are ASCII case-insensitive); paste and the Mozilla-only commands
// (contentReadOnly, enableObjectResizing, ...) are not.
// https://w3c.github.io/editing/docs/execCommand/#commands
var editingCommands = func() map[string]int8 {
	m := map[string]int8{}
	for _, c := range strings.Fields(`backcolor bold copy createlink cut delete fontname fontsize forecolor
		formatblock forwarddelete hilitecolor indent inserthorizontalrule inserthtml insertimage insertlinebreak
		insertorderedlist insertparagraph inserttext insertunorderedlist italic justifycenter justifyfull
		justifyleft justifynone justifyright outdent redo removeformat strikethrough subscript superscript
		underline undo unlink unselect`) {
		m[c] = commandSupported
	}
	for _, c := range strings.Fields(`defaultparagraphseparator selectall stylewithcss usecss`) {
		m[c] = commandAlwaysEnabled
	}
	return m
}()

// bodyPotentiallyScrollable says whether the body element b is potentially
// scrollable: it has a box that may scroll (not a table's: Chromium's
// tables are no scroll containers), its parent's overflow-x or overflow-y is not
// visible (clip counting as hidden, as document.scrollingElement asks) and
// its own overflow-x or overflow-y is neither visible nor clip.
// https://drafts.csswg.org/cssom-view/#potentially-scrollable
func (w *Window) bodyPotentiallyScrollable(b *dom.Node) bool {
	p := b.ParentElement()
	if p == nil || w.computedMemo(p, "display") == "none" {
		return false
	}
	switch w.computedMemo(b, "display") {
	case "none", "contents", "inline", "table", "inline-table":
		return false // no box, or one overflow does not apply to
	}
	if w.computedMemo(p, "overflow-x") == "visible" && w.computedMemo(p, "overflow-y") == "visible" {
		return false
	}
	scrolls := func(v string) bool { return v != "visible" && v != "clip" }
	return scrolls(w.computedMemo(b, "overflow-x")) || scrolls(w.computedMemo(b, "overflow-y"))
}
