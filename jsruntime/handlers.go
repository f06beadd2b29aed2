package jsruntime

import (
	"reflect"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Event handlers: the on* IDL attributes and content attributes.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes

// globalEventHandlers lists the handlers of every element, document and
// window (GlobalEventHandlers).
// The list is desktop Chromium's: no focusin/focusout, no touch handlers
// (pages test 'ontouchstart' in window to detect a touch screen), plus its
// prefixed and legacy ones (mousewheel, webkitanimation*); search and
// the clipboard's before* handlers are Element's and Document's
// (elementHandlers).
var globalEventHandlers = strings.Fields(`abort animationcancel auxclick beforeinput beforematch beforetoggle beforexrselect blur cancel
	canplay canplaythrough change click close command contentvisibilityautostatechange contextlost contextmenu
	contextrestored copy cuechange cut dblclick drag dragend dragenter dragleave dragover dragstart drop
	durationchange emptied ended error focus formdata gotpointercapture input invalid keydown keypress keyup
	load loadeddata loadedmetadata loadstart lostpointercapture mousedown mouseenter mouseleave mousemove
	mouseout mouseover mouseup mousewheel paste pause play playing
	pointercancel pointerdown pointerenter pointerleave pointermove pointerout pointerover pointerrawupdate pointerup
	progress ratechange reset resize scroll scrollend scrollsnapchange scrollsnapchanging securitypolicyviolation seeked seeking select
	selectionchange selectstart slotchange stalled submit suspend timeupdate toggle
	transitioncancel transitionend transitionrun transitionstart animationend animationstart animationiteration
	volumechange waiting webkitanimationend webkitanimationiteration webkitanimationstart webkittransitionend wheel`)

// windowEventHandlers are the window's own handlers (WindowEventHandlers);
// body and frameset elements forward them, with a few of the global ones,
// to the window.
var windowEventHandlers = strings.Fields(`afterprint beforeprint beforeunload hashchange languagechange
	gamepadconnected gamepaddisconnected message messageerror offline online pagehide pageshow popstate
	rejectionhandled storage unhandledrejection unload`)

// bodyForwarded is the window-reflecting body element event handler set:
// global handlers that a body or frameset element forwards to its window,
// declared again on HTMLBodyElement and HTMLFrameSetElement, as Chromium
// does.
// https://html.spec.whatwg.org/multipage/webappapis.html#window-reflecting-body-element-event-handler-set
var bodyForwarded = map[string]bool{"blur": true, "error": true, "focus": true, "load": true, "resize": true, "scroll": true}

// elementHandlers are Chromium's handlers of every element and document
// that are not GlobalEventHandlers.
var elementHandlers = strings.Fields(`beforecopy beforecut beforepaste fullscreenchange fullscreenerror search
	webkitfullscreenchange webkitfullscreenerror`)

// noContentAttribute are the handlers whose on* content attribute
// Chromium 156 does not compile: only the IDL attribute sets them.
var noContentAttribute = map[string]bool{"beforexrselect": true, "search": true, "fullscreenchange": true, "fullscreenerror": true,
	"beforematch": true} // onbeforematch: on no element, HTML, SVG or MathML (realwpt48)

var isElementHandler = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range elementHandlers {
		m[n] = true
	}
	return m
}()

var isWindowHandler = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range windowEventHandlers {
		m[n] = true
	}
	return m
}()

var isGlobalHandler = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range globalEventHandlers {
		m[n] = true
	}
	return m
}()

// A handler is one event handler of one target.
type handler struct {
	value    goja.Value // a function, or nil
	raw      string     // uncompiled content attribute source
	hasRaw   bool
	rawOwner *dom.Node // the element whose attribute it came from
	listener *handlerListener
	// spent: the content attribute was read where scripting is disabled
	// (handlerValue) and is used up until it is set again.
	spent bool
}

type handlerSet map[string]*handler

type handlerListener struct {
	w    *Window
	t    dom.Target
	name string
}

// HandleEvent invokes the event handler.
// https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm
func (l *handlerListener) HandleEvent(ev *dom.Event) {
	w := l.w
	f := w.handlerValue(l.t, l.name)
	fn := callable(f)
	if fn == nil {
		return
	}
	this := w.targetValue(ev.CurrentTarget())
	evObj := w.wrapEvent(ev)
	prev := w.currentEvent
	w.currentEvent = windowEvent(ev, evObj)
	defer func() { w.currentEvent = prev }()
	d, isErr := ev.Detail.(*eventData)
	if l.name == "error" && isErr && d.kind == "ErrorEvent" {
		// A window's onerror (a frame's too, and the body's and
		// frameset's forwarded to it) is an OnErrorEventHandler.
		if isWindowTarget(l.t) {
			ret, ok := w.call(fn, this, w.str(d.message), w.str(d.filename), w.int(d.lineno), w.int(d.colno), orUndefined(d.errVal))
			if ok && ret != nil {
				if isBoolean(ret, true) {
					ev.PreventDefault()
				}
			}
			return
		}
	}
	ret, ok := w.call(fn, this, evObj)
	if !ok {
		w.listenerThrew(ev)
	}
	if !ok || ret == nil {
		return
	}
	if l.name == "beforeunload" && isErr && d.kind == "BeforeUnloadEvent" {
		// A BeforeUnloadEvent is canceled by any returned value, and its
		// returnValue takes it when still ""; any other event named
		// beforeunload is handled as usual (only false cancels).
		// https://html.spec.whatwg.org/multipage/webappapis.html#the-event-handler-processing-algorithm (step 5)
		if !goja.IsNull(ret) && !goja.IsUndefined(ret) {
			ev.PreventDefault()
			if d.message == "" {
				d.message = ret.String()
			}
		}
		return
	}
	if isBoolean(ret, false) {
		ev.PreventDefault()
	}
}

// isWindowTarget tells whether t is the page's window or a frame's.
func isWindowTarget(t dom.Target) bool {
	switch t.(type) {
	case *Window, *frame:
		return true
	}
	return false
}

func orUndefined(v goja.Value) goja.Value {
	if v == nil {
		return goja.Undefined()
	}
	return v
}

// handlerTarget maps the target an on* attribute was read or written on
// to the target that owns the handler: body and frameset forward window
// handlers to their document's window, and have none (nil: read as null,
// set to no effect) in a document without one (DOMParser's,
// createHTMLDocument's, a template's).
// https://html.spec.whatwg.org/multipage/webappapis.html#determining-the-target-of-an-event-handler
func (w *Window) handlerTarget(t dom.Target, name string) dom.Target {
	if n, ok := t.(*dom.Node); ok && isHTMLElement(n) && (n.DataAtom == atom.Body || n.DataAtom == atom.Frameset) &&
		(isWindowHandler[name] || bodyForwarded[name]) {
		d := n.Document()
		if d == w.doc {
			return w
		}
		if f := w.frames.byDoc[d]; f != nil && f.doc == d {
			return f
		}
		return nil
	}
	return t
}

func (w *Window) handlerEntry(t dom.Target, name string, create bool) *handler {
	hs := w.handlers[t]
	if hs == nil {
		if !create {
			return nil
		}
		hs = make(handlerSet)
		w.handlers[t] = hs
	}
	h := hs[name]
	if h == nil && create {
		h = &handler{}
		hs[name] = h
	}
	return h
}

// handlerValue returns a handler's current function, compiling its content
// attribute the first time (null when none or it fails to compile).
// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
func (w *Window) handlerValue(t dom.Target, name string) goja.Value {
	h := w.handlerEntry(t, name, false)
	if h == nil {
		n, ok := t.(*dom.Node)
		if !ok || !n.IsElement() || !n.HasAttribute("on"+name) {
			return nil
		}
		if !w.hasBrowsingContext(n.Document()) {
			// An element of a document without a browsing context that
			// scripts never reached has no handler entry for its
			// attributes (they are applied when it is inserted into the
			// page): reading one uses it up, as below.
			w.handlerEntry(t, name, true).spent = true
			return nil
		}
		// An attribute no mutation record announced and no insertion
		// scanned yet (a tree a bindings path made without scanning
		// it): it is the handler's value, as the attribute change
		// steps would have made it.
		w.contentHandler(n, "on"+name)
		if h = w.handlerEntry(t, name, false); h == nil {
			return nil
		}
	}
	if h.hasRaw {
		if h.rawOwner != nil && (!w.hasBrowsingContext(h.rawOwner.Document()) || w.frameScriptsDisabled(h.rawOwner.Document())) {
			// Scripting is disabled for an element whose document has no
			// browsing context (template contents, DOMParser's document, a
			// removed frame's document) or is sandboxed without
			// allow-scripts (frameSandboxesScripts): its attribute reads as null and
			// does not run, and a syntax error is not reported. As in
			// Chromium 156, the attempt uses the attribute up: moved into
			// the page's document, the element has no handler until the
			// attribute is set again (one never read there compiles).
			h.hasRaw, h.spent = false, true
			return nil
		}
		h.hasRaw = false
		h.value = w.compileHandler(h.rawOwner, name, h.raw)
	}
	return h.value
}

// compileHandler compiles an inline handler body with the element, its
// form and its document on the scope chain (approximated with `with`).
func (w *Window) compileHandler(el *dom.Node, name, body string) goja.Value {
	param := "event"
	if name == "error" && el != nil && isHTMLElement(el) && (el.DataAtom == atom.Body || el.DataAtom == atom.Frameset) {
		param = "event, source, lineno, colno, error"
	}
	src := "(function(document, form, element, frameWindow) { with (frameWindow || {}) with (document) with (form || {}) with (element) return function on" +
		name + "(" + param + ") {\n" + body + "\n}; })"
	prog, err := w.scripts.compile(src, w.nav.url.String())
	if err != nil {
		w.ReportError(err)
		return nil
	}
	factory, err := w.rt.RunProgram(prog)
	if err != nil {
		w.ReportError(err)
		return nil
	}
	f := callable(factory)
	var elv, form, frameWindow goja.Value = w.global, w.null, w.null
	docv := goja.Value(w.wrap(&w.doc.Node))
	if el != nil {
		elv = w.wrap(el)
		d := el.Document()
		docv = w.wrap(&d.Node)
		// The form owner of a form-associated element (the listed ones,
		// img, form-associated custom elements; and as in Chromium label
		// and option) is on the scope chain.
		// https://html.spec.whatwg.org/multipage/webappapis.html#getting-the-current-value-of-the-event-handler
		if isListed(el) || el.DataAtom == atom.Label || el.DataAtom == atom.Option || isHTMLElement(el) && el.DataAtom == atom.Img {
			form = w.wrap(el.FormOwner())
		} else if w.formAssociated(el) {
			form = w.wrap(formOwner(el))
		}
		if fr := w.frames.byDoc[d]; fr != nil && fr.doc == d {
			// A frame document's handlers see the frame's globals
			// (framescripts.go).
			frameWindow = fr.obj
		}
	}
	v, ok := w.call(f, w.undefined, docv, form, elv, frameWindow)
	if !ok {
		return nil
	}
	return v
}

// setHandler sets a handler's value (a function, or nothing), adding its
// listener the first time it becomes non-null.
func (w *Window) setHandler(t dom.Target, name string, v goja.Value, raw *string, owner *dom.Node) {
	h := w.handlerEntry(t, name, true)
	if raw != nil {
		h.raw, h.hasRaw, h.rawOwner, h.value, h.spent = *raw, true, owner, nil, false
	} else {
		h.hasRaw = false
		if callable(v) != nil {
			h.value = v
		} else if o, ok := v.(*goja.Object); ok && !goja.IsNull(v) {
			h.value = o // an object: kept, but not callable
		} else {
			h.value = nil
		}
	}
	if h.listener == nil && (h.value != nil || h.hasRaw) {
		h.listener = &handlerListener{w: w, t: t, name: name}
		t.Listeners().AddEventListener(handlerEventType(name), h.listener, dom.ListenerOptions{})
	} else if h.listener != nil && h.value == nil && !h.hasRaw {
		// Deactivating a handler removes its listener: set again, it
		// runs after the listeners added in between.
		// https://html.spec.whatwg.org/multipage/webappapis.html#deactivate-an-event-handler
		t.Listeners().RemoveEventListener(handlerEventType(name), h.listener, false)
		h.listener = nil
	}
}

// handlerEventType is the type of the events a handler listens to: its
// name, but for the WebKit-prefixed animation and transition handlers,
// whose types are the legacy ones (webkitAnimationEnd, which dispatch
// falls back to when an animationend has no listener).
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handlers-on-elements,-document-objects,-and-window-objects
func handlerEventType(name string) string {
	switch name {
	case "webkitanimationend":
		return "webkitAnimationEnd"
	case "webkitanimationiteration":
		return "webkitAnimationIteration"
	case "webkitanimationstart":
		return "webkitAnimationStart"
	case "webkittransitionend":
		return "webkitTransitionEnd"
	}
	return name
}

// handlerAttr declares the IDL attribute onname.
func handlerAttr(name string) bind.Attribute {
	return bind.Attribute{
		Name: "on" + name,
		Get: func(r *bind.Realm, this any) goja.Value {
			if wk, ok := r.Host.(*worker); ok {
				return wk.handlerGet(this, name)
			}
			w := win(r)
			t := w.handlerTarget(w.targetOf(this), name)
			if t == nil {
				return goja.Null()
			}
			if v := w.handlerValue(t, name); v != nil {
				return v
			}
			return goja.Null()
		},
		Set: func(r *bind.Realm, this any, v goja.Value) {
			if wk, ok := r.Host.(*worker); ok {
				wk.handlerSet(this, name, v)
				return
			}
			w := win(r)
			if t := w.handlerTarget(w.targetOf(this), name); t != nil {
				w.setHandler(t, name, v, nil, nil)
			}
		},
	}
}

func handlerAttrs(names []string) []bind.Attribute {
	out := make([]bind.Attribute, len(names))
	for i, n := range names {
		out[i] = handlerAttr(n)
		// GlobalEventHandlers declares these two [LegacyLenientThis], and
		// Document its onreadystatechange: read on a wrong this they are
		// undefined instead of throwing.
		// https://html.spec.whatwg.org/multipage/webappapis.html#globaleventhandlers
		// https://html.spec.whatwg.org/multipage/dom.html#the-document-object
		out[i].LenientThis = n == "mouseenter" || n == "mouseleave" || n == "readystatechange"
	}
	return out
}

var globalEventHandlersMixin = &bind.Mixin{Name: "GlobalEventHandlers", Attributes: handlerAttrs(globalEventHandlers)}
var windowEventHandlersMixin = &bind.Mixin{Name: "WindowEventHandlers", Attributes: handlerAttrs(windowEventHandlers)}

// hasHandlerAttributes tells whether n's on* attributes are event handler
// content attributes: HTML, SVG and MathML elements have them
// (GlobalEventHandlers), elements of other namespaces do not.
func hasHandlerAttributes(n *dom.Node) bool {
	return n.IsElement() && (n.Namespace == "" || n.Namespace == "svg" || n.Namespace == "math")
}

// contentHandler applies an on* content attribute of el (set, changed or
// removed).
func (w *Window) contentHandler(el *dom.Node, attrName string) {
	name := attrName[2:]
	if !isGlobalHandler[name] && !isWindowHandler[name] && !isElementHandler[name] || noContentAttribute[name] {
		return
	}
	if isWindowHandler[name] && !(el.Namespace == "" && (el.DataAtom == atom.Body || el.DataAtom == atom.Frameset)) {
		return
	}
	t := w.handlerTarget(el, name)
	if t == nil {
		return
	}
	if v, ok := el.GetAttribute(attrName); ok {
		w.setHandler(t, name, nil, &v, el)
	} else {
		w.setHandler(t, name, goja.Null(), nil, nil)
	}
	if t != dom.Target(el) {
		markWalked(el, appliedWindowHandlers)
	}
}

var boolType = reflect.TypeFor[bool]()

// isBoolean reports whether v is the boolean want. It asks for v's export
// type, never exports v: exporting a page's array allocates its length,
// which the page sets (Object.assign([], {length: 2**32-1}) would end the
// process).
func isBoolean(v goja.Value, want bool) bool {
	return v.ExportType() == boolType && v.ToBoolean() == want
}
