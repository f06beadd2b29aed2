package jsruntime

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

func init() {
	for _, e := range htmlElements {
		if e.iface.Parent == "" && e.iface != htmlElementIface {
			e.iface.Parent = "HTMLElement"
		}
	}
	htmlElementIface.Mixins = append(htmlElementIface.Mixins, globalEventHandlersMixin)
	svgElementIface.Mixins = append(svgElementIface.Mixins, globalEventHandlersMixin)
	mathMLElementIface.Mixins = append(mathMLElementIface.Mixins, globalEventHandlersMixin)
	documentIface.Mixins = append(documentIface.Mixins, globalEventHandlersMixin, xpathEvaluatorMixin)
	// https://dom.spec.whatwg.org/#dom-shadowroot-onslotchange
	shadowRootIface.Attributes = append(shadowRootIface.Attributes, handlerAttr("slotchange"))
	for _, e := range htmlElements {
		// https://html.spec.whatwg.org/multipage/sections.html#htmlbodyelement
		// https://html.spec.whatwg.org/multipage/obsolete.html#htmlframesetelement
		if e.iface.Name == "HTMLBodyElement" || e.iface.Name == "HTMLFrameSetElement" {
			e.iface.Mixins = append(e.iface.Mixins, windowEventHandlersMixin)
		}
	}
}

func windowGet(f func(w *Window) goja.Value) bind.Getter {
	return func(r *bind.Realm, _ any) goja.Value { return f(win(r)) }
}

func windowFn(name string, length int, f func(w *Window, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		return f(win(r), args)
	}}
}

func ignoreSet(*bind.Realm, any, goja.Value) {}

// optionalStrings converts the first n of args, optional DOMString
// arguments: each one given and not undefined.
func optionalStrings(args []goja.Value, n int) {
	for i := 0; i < n && i < len(args); i++ {
		if !bind.Absent(args[i]) {
			bind.DOMString(args[i])
		}
	}
}

// windowStop is window.stop(): loading is not stopped (a render waits for
// it), but the ongoing navigate event of the page's window is aborted, as
// stopping aborts the document.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-window-stop
var windowStop = bind.Method{Name: "stop", Length: 0, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
	w := win(r)
	if nv := w.nav.navi; nv != nil && (this == nil || this == any(w)) {
		nv.abortOngoing(nil)
	}
	return nil
}}

// Window https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
var windowIface = &bind.Interface{
	Name:   "Window",
	Parent: "WindowProperties",
	Mixins: []*bind.Mixin{globalEventHandlersMixin, windowEventHandlersMixin},
	// Window is [Global]: its members are own properties of the window.
	Global: true,
	Attributes: []bind.Attribute{
		{Name: "history", Get: windowGet(func(w *Window) goja.Value { return w.nav.history() })},
		{Name: "navigation", Get: windowGet(func(w *Window) goja.Value { return w.navigationObject() }), Replaceable: true},
		{Name: "name", Get: windowGet(func(w *Window) goja.Value { return w.str(w.name) }),
			Set: func(r *bind.Realm, _ any, v goja.Value) { win(r).name = bind.DOMString(v) }},
		{Name: "closed", Get: windowGet(func(w *Window) goja.Value { return valFalse })},
		{Name: "status", Get: windowGet(func(w *Window) goja.Value { return w.str(w.status) }),
			Set: func(r *bind.Realm, _ any, v goja.Value) { win(r).status = bind.DOMString(v) }},
		{Name: "length", Get: windowGet(func(w *Window) goja.Value { return w.int(0) }), Replaceable: true},
		{Name: "opener", Get: windowGet(func(w *Window) goja.Value { return w.null }), Set: ignoreSet},
		{Name: "frameElement", Get: windowGet(func(w *Window) goja.Value { return w.null })},
		{Name: "origin", Get: windowGet(func(w *Window) goja.Value { return w.str(originOf(w.nav.url)) }), Replaceable: true},
		{Name: "isSecureContext", Get: windowGet(func(w *Window) goja.Value { return w.boolean(isSecureURL(w.nav.url)) })},
		{Name: "crossOriginIsolated", Get: windowGet(func(w *Window) goja.Value { return valFalse })},
		{Name: "innerWidth", Get: windowGet(func(w *Window) goja.Value { return w.int(w.cfg.Viewport.Width) }), Replaceable: true},
		{Name: "innerHeight", Get: windowGet(func(w *Window) goja.Value { return w.int(w.cfg.Viewport.Height) }), Replaceable: true},
		{Name: "outerWidth", Get: windowGet(func(w *Window) goja.Value { return w.int(w.cfg.Viewport.Width) }), Replaceable: true},
		{Name: "outerHeight", Get: windowGet(func(w *Window) goja.Value { return w.int(w.cfg.Viewport.Height) }), Replaceable: true},
		{Name: "devicePixelRatio", Get: windowGet(func(w *Window) goja.Value { return w.rt.ToValue(w.cfg.Viewport.DevicePixelRatio) }), Set: ignoreSet},
		{Name: "scrollX", Get: windowGet(func(w *Window) goja.Value { x, _ := w.viewportScroll(); return w.rt.ToValue(x) }), Replaceable: true},
		{Name: "scrollY", Get: windowGet(func(w *Window) goja.Value { _, y := w.viewportScroll(); return w.rt.ToValue(y) }), Replaceable: true},
		{Name: "pageXOffset", Get: windowGet(func(w *Window) goja.Value { x, _ := w.viewportScroll(); return w.rt.ToValue(x) }), Replaceable: true},
		{Name: "pageYOffset", Get: windowGet(func(w *Window) goja.Value { _, y := w.viewportScroll(); return w.rt.ToValue(y) }), Replaceable: true},
		{Name: "screenX", Get: windowGet(func(w *Window) goja.Value { return w.int(0) }), Replaceable: true},
		{Name: "screenY", Get: windowGet(func(w *Window) goja.Value { return w.int(0) }), Replaceable: true},
		{Name: "screenLeft", Get: windowGet(func(w *Window) goja.Value { return w.int(0) }), Replaceable: true},
		{Name: "screenTop", Get: windowGet(func(w *Window) goja.Value { return w.int(0) }), Replaceable: true},
		{Name: "event", Get: windowGet(func(w *Window) goja.Value {
			if w.currentEvent != nil {
				return w.currentEvent
			}
			return w.undefined
		}), Set: ignoreSet},
	},
	Methods: []bind.Method{
		windowFn("getComputedStyle", 1, func(w *Window, args []goja.Value) goja.Value {
			el := w.toNode(args[0])
			if el == nil || !el.IsElement() {
				w.realm.ThrowTypeError("Failed to execute 'getComputedStyle' on 'Window': parameter 1 is not of type 'Element'.")
			}
			return w.getComputedStyle(el, bind.Arg(args, 1))
		}),
		// The simple dialogs show nothing, but convert their arguments
		// (alert's one DOMString only when given: alert() is an
		// overload of its own).
		// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#simple-dialogs
		windowFn("alert", 0, func(w *Window, args []goja.Value) goja.Value {
			if len(args) > 0 {
				bind.DOMString(args[0])
			}
			return nil
		}),
		windowFn("confirm", 0, func(w *Window, args []goja.Value) goja.Value {
			optionalStrings(args, 1)
			return valFalse
		}),
		windowFn("prompt", 0, func(w *Window, args []goja.Value) goja.Value {
			optionalStrings(args, 2)
			return w.null
		}),
		windowFn("print", 0, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowOpen, // windowopen.go
		windowFn("close", 0, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowStop,
		windowFn("focus", 0, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowFn("blur", 0, func(w *Window, args []goja.Value) goja.Value { return nil }),
		// As in Chromium 156 the scroll operations return a promise,
		// settled at once (scroll.go).
		promised(windowFn("scroll", 0, windowScroll)),
		promised(windowFn("scrollTo", 0, windowScroll)),
		promised(windowFn("scrollBy", 0, windowScrollBy)),
		windowFn("moveTo", 2, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowFn("moveBy", 2, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowFn("resizeTo", 2, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowFn("resizeBy", 2, func(w *Window, args []goja.Value) goja.Value { return nil }),
		promised(windowFn("createImageBitmap", 1, createImageBitmap)),
		windowFn("getSelection", 0, func(w *Window, args []goja.Value) goja.Value { return w.selection() }),
		windowFn("captureEvents", 0, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowFn("releaseEvents", 0, func(w *Window, args []goja.Value) goja.Value { return nil }),
		windowFn("reportError", 1, func(w *Window, args []goja.Value) goja.Value {
			w.reportValue(args[0])
			return nil
		}),
		windowFn("postMessage", 1, func(w *Window, args []goja.Value) goja.Value { return w.windowPostMessage(args) }),
	},
}

// WindowProperties stands between Window.prototype and
// EventTarget.prototype (named access on window is not implemented).
var windowPropertiesIface = &bind.Interface{Name: "WindowProperties", Parent: "EventTarget", NoInterfaceObject: true}

// Screen and Navigator are the webapi helper's; Image, Option and Audio are
// legacy factory functions installed by installFactories.

func (w *Window) interfaces() []*bind.Interface {
	decls := []*bind.Interface{
		eventTargetIface, nodeIface, elementIface, characterDataIface, textIface, commentIface,
		processingInstructionIface, cdataSectionIface, documentTypeIface, documentFragmentIface, attrIface,
		documentIface, htmlDocumentIface, xmlDocumentIface, domImplementationIface,
		htmlElementIface, htmlUnknownElementIface, htmlMediaElementIface,
		svgElementIface, svgGraphicsElementIface, svgSVGElementIface,
		nodeListIface, htmlCollectionIface, htmlAllCollectionIface, htmlOptionsCollectionIface, htmlFormControlsCollectionIface, radioNodeListIface,
		domTokenListIface, namedNodeMapIface, domStringMapIface, cssStyleDeclarationIface,
		eventIface, customEventIface, uiEventIface, mouseEventIface, keyboardEventIface, focusEventIface,
		inputEventIface, errorEventIface, hashChangeEventIface, toggleEventIface, commandEventIface, mediaQueryListEventIface, popStateEventIface, pageTransitionEventIface,
		progressEventIface, messageEventIface, closeEventIface, securityPolicyViolationEventIface, storageEventIface, wheelEventIface, pointerEventIface,
		touchEventIface, touchIface, touchListIface, compositionEventIfac, dragEventIface, clipboardEventIface, animationEventIface, transitionEventIface, submitEventIface,
		textEventIface, beforeUnloadEventIface, deviceMotionEventIface, deviceOrientationEventIface,
		windowPropertiesIface, windowIface, locationIface, historyIface,
		mutationObserverIface, mutationRecordIface, rangeIface, treeWalkerIface, nodeIteratorIface,
		nodeFilterIface, domParserIface, xmlSerializerIface, xsltProcessorIface, sanitizerIface,
		xpathResultIface, xpathExpressionIface, xpathEvaluatorIface, shadowRootIface, customElementRegistryIface, mathMLElementIface,
		selectionIface, fontFaceSetIface, promiseRejectionEventIface,
		domRectReadOnlyIface, domRectIface, domRectListIface, elementInternalsIface, customStateSetIface, abstractRangeIface, nodeRangeIface, staticRangeIface, caretPositionIface,
		validityStateIface, fileListIface, textTrackIface, textTrackListIface, textTrackCueIface, textTrackCueListIface, vttCueIface, remotePlaybackIface,
		workerIface, sharedWorkerIface, workletIface,
	}
	for _, e := range htmlElements {
		if e.iface != htmlElementIface {
			decls = append(decls, e.iface)
		}
	}
	decls = append(decls, svgIfaces...)
	decls = append(decls, svgAnimPrimIfaces...)
	decls = append(decls, svgLengthIface, svgAnimatedLengthIface, svgTransformIface, svgTransformListIface,
		svgAnimatedTransformListIface, svgRectIface, svgAnimatedRectIface, svgAnimatedStringIface, svgAngleIface, svgNumberIface, svgUnitTypesIface)
	decls = append(decls, geometryIfaces...)
	decls = append(decls, canvasIfaces...)
	decls = append(decls, timeRangesIface, mediaErrorIface, trackEventIface)
	decls = append(decls, barPropIface, domStringListIface)
	decls = append(decls, externalIface, pageRevealEventIface, pageSwapEventIface)
	decls = append(decls, trustedHTMLIface, trustedScriptIface, trustedScriptURLIface, trustedTypePolicyIface, trustedTypePolicyFactoryIface)
	decls = append(decls, animationIfaces...)
	decls = append(decls, idbIfaces...)
	decls = append(decls, navigationIfaces...)
	decls = append(decls, dataTransferIfaces...)
	decls = append(decls, closeWatcherIface, notificationIface, fontFaceIface, fontFaceSetLoadEventIface)
	decls = append(decls, chromeMemberIfaces...)
	decls = append(decls, highlightIface, highlightRegistryIface)
	decls = append(decls, typedOMIfaces...)
	decls = append(decls, viewTransitionIface, viewTransitionTypeSetIface)
	return decls
}

// install installs every interface and turns the global object into the
// window.
func (w *Window) install() error {
	r := w.realm
	r.Host = w
	if err := r.Install(w.global, w.interfaces()...); err != nil {
		return err
	}
	c := &w.c
	c.eventTarget, c.node, c.element = r.Class("EventTarget"), r.Class("Node"), r.Class("Element")
	c.htmlElement, c.svgElement, c.characterData = r.Class("HTMLElement"), r.Class("SVGElement"), r.Class("CharacterData")
	c.text, c.comment, c.pi, c.doctype = r.Class("Text"), r.Class("Comment"), r.Class("ProcessingInstruction"), r.Class("DocumentType")
	c.fragment, c.document, c.htmlDocument, c.attr = r.Class("DocumentFragment"), r.Class("Document"), r.Class("HTMLDocument"), r.Class("Attr")
	c.nodeList, c.htmlCollection, c.tokenList = r.Class("NodeList"), r.Class("HTMLCollection"), r.Class("DOMTokenList")
	c.namedNodeMap, c.stringMap, c.style = r.Class("NamedNodeMap"), r.Class("DOMStringMap"), r.Class("CSSStyleDeclaration")
	c.event, c.customEvent, c.window = r.Class("Event"), r.Class("CustomEvent"), r.Class("Window")
	c.unknown = r.Class("HTMLUnknownElement")
	c.shadowRoot = r.Class("ShadowRoot")
	c.mathML = r.Class("MathMLElement")
	c.byTag = make(map[string]*bind.Class, 160)
	for _, e := range htmlElements {
		cls := r.Class(e.iface.Name)
		for _, t := range strings.Fields(e.tags) {
			c.byTag[t] = cls
		}
	}

	// The global object is the window.
	// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
	g := w.global
	if err := g.SetPrototype(c.window.Prototype()); err != nil {
		return err
	}
	r.Bind(g, w, c.window)
	// Window is [Global] (see windowIface): bind defined its members on g.
	// The global object has no Symbol.toStringTag of its own: the
	// prototype's ("Window") shows through.
	// https://webidl.spec.whatwg.org/#Global
	if err := g.DeleteSymbol(goja.SymToStringTag); err != nil {
		return err
	}
	// window, top, document and location are [LegacyUnforgeable]; self,
	// frames and parent are [Replaceable]. Their getters and setters throw
	// when this is not a window (another window's own properties answer
	// for it: a frame's window has accessors of its own, frames.go).
	// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
	windowThis := func(this goja.Value) {
		if !r.IsGlobalThis(this) {
			r.ThrowTypeError("Illegal invocation")
		}
	}
	getter := func(name string, v func() goja.Value) *goja.Object {
		return r.NewFunction("get "+name, 0, func(call goja.FunctionCall) goja.Value {
			windowThis(call.This)
			if o, ok := call.This.(*goja.Object); ok && o != g {
				return o.Get(name)
			}
			return v()
		})
	}
	global := func() goja.Value { return g }
	for _, name := range []string{"window", "top"} {
		if err := g.DefineAccessorProperty(name, getter(name, global), nil, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	for _, name := range []string{"self", "frames", "parent"} {
		name := name
		set := r.NewFunction("set "+name, 1, func(call goja.FunctionCall) goja.Value {
			windowThis(call.This)
			g.DefineDataProperty(name, call.Argument(0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
			return nil
		})
		if err := g.DefineAccessorProperty(name, getter(name, global), set, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	w.nav.w = w
	docObj := w.wrap(&w.doc.Node)
	if o, ok := docObj.(*goja.Object); ok {
		w.initDocNamed(o)
	}
	g.DefineAccessorProperty("document", getter("document", func() goja.Value { return docObj }), nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
	g.DefineAccessorProperty("location", getter("location", func() goja.Value { return w.nav.location() }),
		r.NewFunction("set location", 1, func(call goja.FunctionCall) goja.Value {
			windowThis(call.This)
			w.nav.assign(bind.DOMString(call.Argument(0)), false)
			return nil
		}), goja.FLAG_FALSE, goja.FLAG_TRUE)
	if err := w.installNamedProperties(); err != nil {
		return err
	}
	if err := w.installDynamicImport(); err != nil {
		return err
	}
	w.installCompileRewrite()
	if err := w.installFunctionToString(); err != nil {
		return err
	}
	w.installFactories()
	w.installCanvas()
	if err := w.installCSS(); err != nil {
		return err
	}
	if err := w.installWebAssembly(); err != nil {
		return err
	}
	w.loop.InstallFunctions(g, r.NewGlobalFunction)
	for _, ext := range w.cfg.Extensions {
		if err := ext(w); err != nil {
			return err
		}
	}
	if r.Class("CSSStyleSheet") == nil {
		// No CSSOM extension: no sheets to adopt, and no adoptedStyleSheets
		// for libraries (Lit) to detect and then reach for CSSStyleSheet.
		for _, iface := range []string{"Document", "ShadowRoot"} {
			if c := r.Class(iface); c != nil {
				c.OnMaterialize(func(proto *goja.Object) { proto.Delete("adoptedStyleSheets") })
			}
		}
	}
	return nil
}

// installFactories installs Image, Option and Audio.
// https://html.spec.whatwg.org/multipage/embedded-content.html#dom-image
func (w *Window) installFactories() {
	// Made on first use, like the interface objects (bind.Realm.Install):
	// their prototypes are those of HTMLImageElement, HTMLOptionElement and
	// HTMLAudioElement, which most pages never need.
	factory := func(name, tag string, length int, init func(el *dom.Node, args []goja.Value)) {
		_ = w.realm.DefineLazy(w.global, name, func() goja.Value {
			return w.realm.LegacyFactoryFunction(name, length, w.c.byTag[tag].Prototype(), func(args []goja.Value) *goja.Object {
				el, err := w.doc.CreateElement(tag)
				w.check(err)
				init(el, args)
				return w.wrapObj(el)
			})
		})
	}
	factory("Image", "img", 0, func(el *dom.Node, args []goja.Value) {
		// width and height are unsigned longs (ToNumber, modulo 2^32),
		// set as the width and height setters set them (0 past 2^31-1)
		for i, name := range [...]string{"width", "height"} {
			if v := bind.Arg(args, i); !bind.Absent(v) {
				n := int64(bind.UnsignedLong(v))
				if n > maxLong {
					n = 0
				}
				_ = el.SetAttribute(name, strconv.FormatInt(n, 10))
			}
		}
	})
	factory("Option", "option", 0, func(el *dom.Node, args []goja.Value) {
		if v := bind.Arg(args, 0); !bind.Absent(v) && bind.DOMString(v) != "" {
			_, _ = el.AppendChild(w.doc.CreateTextNode(bind.DOMString(v)))
		}
		if v := bind.Arg(args, 1); !bind.Absent(v) {
			_ = el.SetAttribute("value", bind.DOMString(v))
		}
		if bind.Boolean(bind.Arg(args, 2)) {
			_ = el.SetAttribute("selected", "")
		}
		el.SetSelectednessClean(bind.Boolean(bind.Arg(args, 3)))
	})
	factory("Audio", "audio", 0, func(el *dom.Node, args []goja.Value) {
		_ = el.SetAttribute("preload", "auto")
		if v := bind.Arg(args, 0); !bind.Absent(v) {
			_ = el.SetAttribute("src", bind.DOMString(v))
		}
	})
}

// resolved returns a promise resolved with v.
func (w *Window) resolved(v goja.Value) goja.Value {
	p, resolve, _ := w.rt.NewPromise()
	_ = resolve(v)
	return w.rt.ToValue(p)
}

// rejected returns a promise rejected with a new DOMException (or
// TypeError when name is "TypeError").
func (w *Window) rejected(name, msg string) goja.Value {
	p, _, reject := w.rt.NewPromise()
	var reason goja.Value
	if name == "TypeError" {
		reason = w.rt.NewTypeError("%s", msg)
	} else {
		reason = w.realm.NewDOMException(name, msg)
	}
	_ = reject(reason)
	return w.rt.ToValue(p)
}
