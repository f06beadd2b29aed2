package jsruntime

import (
	"errors"
	"math"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// eventData holds what Event subclasses add to a dom.Event; it lives in
// dom.Event.Detail.
type eventData struct {
	kind        string // interface name: "CustomEvent", "MouseEvent"...
	uninit      bool   // made by createEvent and not initialized yet
	detail      goja.Value
	view        goja.Value
	uiDetail    int
	state       goja.Value
	errVal      goja.Value
	message     string
	filename    string
	lineno      int
	colno       int
	oldURL      string
	newURL      string
	oldState    string // ToggleEvent
	newState    string
	key, code   string
	data        string
	inputType   string
	location    int
	keyCode     int
	charCode    int
	button      int
	buttons     int
	clientX     float64
	clientY     float64
	screenX     float64
	screenY     float64
	ctrl, shift bool
	alt, meta   bool
	repeat      bool
	composing   bool
	lengthComp  bool
	loaded      float64
	total       float64
	persisted   bool
	uaVisual    bool // PopStateEvent's hasUAVisualTransition
	simulated   bool // a click() event: no position, offsetX/Y 0 as in Chromium
	matches     bool // MediaQueryListEvent (its media is data)
	storageKey  goja.Value
	storageOld  goja.Value
	storageNew  goja.Value
	storageURL  string
	pointerID   int
	pointerType string
	isPrimary   bool
	pressure    float64
	deltaX      float64
	deltaY      float64
	deltaZ      float64
	deltaMode   int
	messageData goja.Value
	origin      string
	source      goja.Value
	mods        uint16 // EventModifierInit's modifier* members, bit i for extraModifiers[i]
	which       int    // UIEventInit.which, for UIEvents that are neither mouse nor keyboard events
	nullData    bool   // InputEvent.data is null
	ext         *eventExtra
}

// eventExtra holds the members of the rarer Event subclasses (pointer,
// animation, transition and message events), kept out of eventData so the
// common events stay small.
type eventExtra struct {
	width, height       float64 // PointerEvent: 1 by default
	tangential          float64
	tiltX, tiltY, twist int
	name                string // AnimationEvent.animationName, TransitionEvent.propertyName
	elapsed             float64
	pseudo              string
	lastEventID         string
	ports               goja.Value
	portsFrozen         bool    // ports is the frozen array the getter returns
	altitude, azimuth   float64 // PointerEvent angles, in radians
	deviceID            int
	momentum            bool // WheelEvent.momentum
	// WheelEvent's legacy wheelDeltaX and wheelDeltaY.
	wheelDeltaX, wheelDeltaY int32
	// MouseEventInit's movementX and movementY.
	movementX, movementY int32
	// TouchEvent's lists (nil until read or constructed).
	touches *touchLists
	// InputEvent's dataTransfer (nil for null).
	dataTransfer goja.Value
	storageArea  goja.Value // StorageEvent.storageArea: a Storage, or nil for null
	// AnimationPlaybackEvent's times: null or a Number.
	currentTime, timelineTime goja.Value
	previousPriority          string // TaskPriorityChangeEvent
	// IDBVersionChangeEvent: oldVersion, and newVersion when idbHasNew
	// (else null).
	idbOld, idbNew float64
	idbHasNew      bool
	// navigate is a NavigateEvent's data; navType and navFrom are a
	// NavigationCurrentEntryChangeEvent's (navigation.go).
	navigate *navigateData
	navType  string
	navFrom  *navEntry
	// csp is a SecurityPolicyViolationEvent's members (cspviolation.go).
	csp *cspViolationData
	// CloseEvent (a WebSocket's close).
	closeCode   uint16
	closeReason string
	wasClean    bool
	// SubmitEvent's submitter. Not the event's relatedTarget: a submitter
	// in a shadow tree is neither retargeted nor does it stop a dispatch
	// to its host (Chromium 156, as the standard's plain attribute).
	submitter *dom.Node
}

// extra returns d's eventExtra, allocating it on first use.
func (d *eventData) extra() *eventExtra {
	if d.ext == nil {
		d.ext = &eventExtra{width: 1, height: 1, altitude: math.Pi / 2}
	}
	return d.ext
}

// tiltToSpherical converts PointerEvent tilt angles (degrees) to altitude
// and azimuth angles (radians).
// https://w3c.github.io/pointerevents/#converting-between-tiltx-tilty-and-altitudeangle-azimuthangle
func tiltToSpherical(tiltX, tiltY int) (altitude, azimuth float64) {
	tx, ty := math.Pi/180*float64(tiltX), math.Pi/180*float64(tiltY)
	switch {
	case tiltX == 0 && tiltY > 0:
		azimuth = math.Pi / 2
	case tiltX == 0 && tiltY < 0:
		azimuth = 3 * math.Pi / 2
	case tiltY == 0 && tiltX < 0:
		azimuth = math.Pi
	case tiltX != 0 && tiltY != 0:
		azimuth = math.Atan2(math.Tan(ty), math.Tan(tx))
		if azimuth < 0 {
			azimuth += 2 * math.Pi
		}
	}
	switch {
	case tiltX == 90 || tiltX == -90 || tiltY == 90 || tiltY == -90:
		altitude = 0
	case tiltX == 0:
		altitude = math.Pi/2 - math.Abs(ty)
	case tiltY == 0:
		altitude = math.Pi/2 - math.Abs(tx)
	default:
		altitude = math.Atan(1 / math.Sqrt(math.Pow(math.Tan(tx), 2)+math.Pow(math.Tan(ty), 2)))
	}
	return altitude, azimuth
}

// sphericalToTilt converts PointerEvent altitude and azimuth angles
// (radians, in range) to tilt angles (whole degrees, rounded as
// Math.round does).
func sphericalToTilt(altitude, azimuth float64) (tiltX, tiltY int) {
	if altitude != 0 {
		t := math.Tan(altitude)
		return int(math.Floor(math.Atan(math.Cos(azimuth)/t)*180/math.Pi + 0.5)),
			int(math.Floor(math.Atan(math.Sin(azimuth)/t)*180/math.Pi + 0.5))
	}
	switch {
	case azimuth == math.Pi/2 || azimuth == 3*math.Pi/2:
		tiltX = 0
	case azimuth < math.Pi/2 || azimuth > 3*math.Pi/2:
		tiltX = 90
	default:
		tiltX = -90
	}
	switch {
	case azimuth == 0 || azimuth == math.Pi || azimuth == 2*math.Pi:
		tiltY = 0
	case azimuth < math.Pi:
		tiltY = 90
	default:
		tiltY = -90
	}
	return tiltX, tiltY
}

// tiltInRange brings a tilt angle (degrees) into [-90, 90] by steps of
// 180, as Chromium does before converting it.
func tiltInRange(t int) int {
	if t > 90 {
		t -= 180 * ((t - 90 + 179) / 180)
	} else if t < -90 {
		t += 180 * ((-90 - t + 179) / 180)
	}
	return t
}

// angleInRange brings an angle into [0, max] by steps of max, as
// Chromium does (by repeated subtraction or addition, whose rounding a
// far angle shows; past a million steps math.Mod stands in).
func angleInRange(a, max float64) float64 {
	for i := 0; a > max; i++ {
		if i == 1<<20 {
			return math.Mod(a, max)
		}
		a -= max
	}
	for i := 0; a < 0; i++ {
		if i == 1<<20 {
			return math.Mod(a, max) + max
		}
		a += max
	}
	return a
}

func evData(ev *dom.Event) *eventData {
	if d, ok := ev.Detail.(*eventData); ok {
		return d
	}
	d := &eventData{kind: "Event"}
	if ev.Detail == nil {
		ev.Detail = d
	}
	return d
}

// wrapEvent returns the JavaScript object of ev.
func (w *Window) wrapEvent(ev *dom.Event) *goja.Object {
	if o := w.realm.Lookup(ev); o != nil {
		return o
	}
	cls := w.c.event
	if d, ok := ev.Detail.(*eventData); ok {
		if c := w.realm.Class(d.kind); c != nil {
			cls = c
		}
	}
	return w.realm.WrapObject(ev, cls)
}

// targetValue converts an event target to JavaScript.
// nodeTargetValue is t when it is a node, else null.
func (w *Window) nodeTargetValue(t dom.Target) goja.Value {
	if n, ok := t.(*dom.Node); ok {
		return w.wrap(n)
	}
	return w.null
}

// leaving reports whether ev is a mouse event of the mouse leaving its
// target (mouseout, mouseleave).
func leaving(ev *dom.Event) bool { return ev.Type == "mouseout" || ev.Type == "mouseleave" }

func (w *Window) targetValue(t dom.Target) goja.Value {
	switch t := t.(type) {
	case nil:
		return w.null
	case *dom.Node:
		return w.wrap(t)
	case *Window:
		return w.global
	case *foreignTarget:
		if o := w.realm.Lookup(t.impl); o != nil {
			return o
		}
	}
	if o := w.realm.Lookup(t); o != nil {
		return o
	}
	return w.null
}

// foreignTarget gives an event listener list to EventTarget objects whose
// implementation is not a dom.Target (those of package webapi).
type foreignTarget struct {
	dom.EventTarget
	impl any
}

// targetOf returns the dom.Target of an EventTarget implementation.
func (w *Window) targetOf(impl any) dom.Target {
	if t, ok := impl.(dom.Target); ok {
		return t
	}
	if w.foreign == nil {
		w.foreign = make(map[any]*foreignTarget)
	}
	ft := w.foreign[impl]
	if ft == nil {
		ft = &foreignTarget{impl: impl}
		w.foreign[impl] = ft
	}
	return ft
}

// A jsListener is a JavaScript callback (function or object with
// handleEvent) registered with addEventListener.
type jsListener struct {
	w  *Window
	cb *goja.Object
}

func (l *jsListener) ListenerKey() any { return l.cb }

// HandleEvent calls the callback.
// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke
func (l *jsListener) HandleEvent(ev *dom.Event) {
	w := l.w
	evObj := w.wrapEvent(ev)
	prev := w.currentEvent
	w.currentEvent = windowEvent(ev, evObj)
	defer func() {
		w.currentEvent = prev
		if w.idb != nil {
			w.idb.afterCallback()
		}
	}()
	if f, ok := goja.AssertFunction(l.cb); ok {
		if _, ok := w.call(f, w.targetValue(ev.CurrentTarget()), evObj); !ok {
			w.listenerThrew(ev)
		}
		return
	}
	// "call a user object's operation": a throwing handleEvent getter, or a
	// handleEvent that is not callable, is reported like an exception the
	// listener threw (https://webidl.spec.whatwg.org/#call-a-user-objects-operation).
	var hv goja.Value
	if ex := w.rt.Try(func() { hv = l.cb.Get("handleEvent") }); ex != nil {
		w.ReportError(ex)
		w.listenerThrew(ev)
		return
	}
	h := callable(hv)
	if h == nil {
		if ex := w.rt.Try(func() {
			panic(w.rt.NewTypeError("Failed to execute 'handleEvent': The provided callback is not a function."))
		}); ex != nil {
			w.ReportError(ex)
			w.listenerThrew(ev)
		}
		return
	}
	if _, ok := w.call(h, l.cb, evObj); !ok {
		w.listenerThrew(ev)
	}
}

// listenerThrew notes that a listener of ev threw: IndexedDB aborts the
// transaction of a request whose event's listener threw (indexeddb.go),
// not when a listener of another event dispatched meanwhile did.
// https://w3c.github.io/IndexedDB/#fire-a-success-event
func (w *Window) listenerThrew(ev *dom.Event) {
	if ev == w.idbEvent {
		w.idbThrew = true
	}
}

// windowEvent is what window.event is while a listener of ev runs: the
// event, or undefined (nil) when the listener's target was in a shadow
// tree as the dispatch began.
// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke (step 8)
func windowEvent(ev *dom.Event, evObj *goja.Object) *goja.Object {
	if ev.CurrentTargetInShadowTree() {
		return nil
	}
	return evObj
}

// call runs f, reporting an uncaught exception; ok is false when it threw.
// An interruption is the loop stopping the page, not a page error: it goes
// on unwinding the JavaScript that called in (a listener dispatching, a
// reaction appending), which would otherwise go on calling back, each
// call failing at once with the interruption and a capture of the whole
// call stack.
func (w *Window) call(f goja.Callable, this goja.Value, args ...goja.Value) (goja.Value, bool) {
	v, err := f(this, args...)
	if err != nil {
		var ie *goja.InterruptedError
		if !errors.As(err, &ie) {
			w.ReportError(err)
		} else if w.inJS() {
			panic(ie)
		} else if stop := w.loop.Stopping(); stop != nil {
			// goja clears its interrupt once one reaches Go with no
			// JavaScript on the stack; the page is still being stopped, so
			// the callbacks that follow in this task (microtasks queued
			// meanwhile) must stop too.
			select {
			case <-stop:
				w.rt.Interrupt(ie.Value())
			default:
			}
		}
		return nil, false
	}
	return v, true
}

// inJS tells whether JavaScript is on the call stack (the Go code running
// was called from it).
func (w *Window) inJS() bool {
	var buf [1]goja.StackFrame
	return len(w.rt.CaptureCallStack(1, buf[:0])) > 0
}

func jsAddEventListener(r *bind.Realm, this any, args []goja.Value) goja.Value {
	w := win(r)
	// Web IDL converts the arguments in order: the type, then the callback
	// (EventListener?: a primitive other than null/undefined is a
	// TypeError), then the options. The options are read (each member once,
	// in dictionary order) before a null callback is ignored: libraries
	// detect passive support with addEventListener("test", null, {get passive() {...}}).
	// https://dom.spec.whatwg.org/#dom-eventtarget-addeventlistener
	typ := bind.DOMString(args[0])
	cb := listenerArg(r, "addEventListener", args[1])
	var opts dom.ListenerOptions
	var signal *goja.Object
	var sig *abortSignal
	passiveSet := false
	switch o := bind.Arg(args, 2).(type) {
	case *goja.Object:
		opts.Capture = optionFlag(o, "capture")
		opts.Once = optionFlag(o, "once")
		if v := o.Get("passive"); !bind.Absent(v) {
			opts.Passive, passiveSet = v.ToBoolean(), true
		}
		if v := o.Get("signal"); !bind.Absent(v) {
			// AddEventListenerOptions.signal is an AbortSignal: null or any
			// other object is a TypeError (Web IDL dictionary conversion).
			// https://dom.spec.whatwg.org/#dictdef-addeventlisteneroptions
			if cls := w.realm.Class("AbortSignal"); cls != nil {
				impl, ok := w.realm.UnwrapAs(v, cls)
				if !ok {
					panic(bind.TypeError("Failed to read the 'signal' property from 'AddEventListenerOptions': Failed to convert value to 'AbortSignal'."))
				}
				sig = impl.(*abortSignal)
			} else {
				signal, _ = v.(*goja.Object)
			}
		}
	default:
		opts.Capture = bind.Boolean(o)
	}
	if cb == nil {
		return nil // null: ignored
	}
	if sig != nil && sig.s.Aborted() {
		return nil
	}
	if signal != nil {
		if a := signal.Get("aborted"); a != nil && a.ToBoolean() {
			return nil
		}
	}
	t := w.targetOf(this)
	if !passiveSet {
		opts.Passive = defaultPassive(typ, t)
	}
	l := &jsListener{w: w, cb: cb}
	if !t.Listeners().AddEventListener(typ, l, opts) {
		return nil
	}
	if sig != nil {
		// The removal is one of the signal's abort algorithms, run before
		// its abort event fires.
		// https://dom.spec.whatwg.org/#add-an-event-listener step 6
		capture := opts.Capture
		sig.s.Add(func() { t.Listeners().RemoveRegistration(typ, l, capture) })
	} else if signal != nil {
		// https://dom.spec.whatwg.org/#add-an-event-listener step 6
		if add := callable(signal.Get("addEventListener")); add != nil {
			capture := opts.Capture
			remove := w.realm.NewFunction("", 0, func(goja.FunctionCall) goja.Value {
				t.Listeners().RemoveRegistration(typ, l, capture)
				return nil
			})
			w.call(add, signal, w.str("abort"), remove)
		}
	}
	return nil
}

// optionFlag reads a boolean member of an options dictionary.
func optionFlag(o *goja.Object, name string) bool {
	v := o.Get(name)
	return v != nil && v.ToBoolean()
}

func jsRemoveEventListener(r *bind.Realm, this any, args []goja.Value) goja.Value {
	w := win(r)
	typ := bind.DOMString(args[0])
	cb := listenerArg(r, "removeEventListener", args[1])
	capture := false
	switch o := bind.Arg(args, 2).(type) {
	case *goja.Object:
		capture = optionFlag(o, "capture")
	default:
		capture = bind.Boolean(o)
	}
	if cb == nil {
		return nil
	}
	w.targetOf(this).Listeners().RemoveEventListener(typ, &jsListener{w: w, cb: cb}, capture)
	return nil
}

// defaultPassive is the default passive value of a listener of type typ
// added to t: true for touch and wheel listeners of the window, a
// document, its document element or its body.
// https://dom.spec.whatwg.org/#default-passive-value
func defaultPassive(typ string, t dom.Target) bool {
	switch typ {
	case "touchstart", "touchmove", "wheel", "mousewheel":
	default:
		return false
	}
	switch t := t.(type) {
	case *Window, *dom.Document:
		return true
	case *dom.Node:
		if t.Type == html.DocumentNode {
			return true
		}
		if d := t.Document(); d != nil && (t == d.DocumentElement() || t == d.Body()) {
			return true
		}
	}
	return false
}

// listenerArg converts an EventListener? argument: nil for null or
// undefined, a TypeError for any other primitive.
// https://webidl.spec.whatwg.org/#js-callback-interface
func listenerArg(r *bind.Realm, method string, v goja.Value) *goja.Object {
	if o, ok := v.(*goja.Object); ok {
		return o
	}
	if !bind.Nullish(v) {
		r.ThrowTypeError("Failed to execute '" + method + "' on 'EventTarget': parameter 2 is not of type 'Object'.")
	}
	return nil
}

func jsDispatchEvent(r *bind.Realm, this any, args []goja.Value) goja.Value {
	return dispatchEventAt(r, this, args[0], false)
}

// activationTriggering reports whether a trusted ev is a user's
// activation: keydown (not Esc), mousedown, a mouse's pointerdown, another
// pointer's pointerup, touchend.
// https://html.spec.whatwg.org/multipage/interaction.html#activation-triggering-input-event
func activationTriggering(ev *dom.Event) bool {
	d, _ := ev.Detail.(*eventData)
	switch ev.Type {
	case "keydown":
		return d == nil || d.key != "Escape"
	case "mousedown", "touchend":
		return true
	case "pointerdown":
		return d != nil && d.pointerType == "mouse"
	case "pointerup":
		return d != nil && d.pointerType != "mouse"
	}
	return false
}

// activateUser notes a user's activation for navigator.userActivation.
func (w *Window) activateUser() {
	webapi.ActivateUser(w.realm, w.global.Get("navigator"), w.loop.Elapsed)
}

// dispatchEventAt is EventTarget.dispatchEvent(event) on this, with
// event's isTrusted set to trusted: false for a page's own dispatch, true
// when the user agent dispatches on a user's behalf (RunTrusted).
func dispatchEventAt(r *bind.Realm, this any, event goja.Value, trusted bool) goja.Value {
	w := win(r)
	impl, ok := r.UnwrapAs(event, w.c.event)
	if !ok {
		r.ThrowTypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.")
	}
	ev := impl.(*dom.Event)
	if d, ok := ev.Detail.(*eventData); ok && d.uninit || ev.Dispatching() {
		r.ThrowDOMException("InvalidStateError", "Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being dispatched or was not initialized.")
	}
	ev.IsTrusted = trusted
	if trusted && activationTriggering(ev) {
		w.activateUser()
		switch ev.Type {
		case "keydown":
			w.setPointerModality(false)
		case "mousedown", "pointerdown", "touchend", "pointerup":
			w.setPointerModality(true)
		}
	}
	if n, ok := this.(*dom.Node); ok && ev.Type == "click" && isMouseEvent(ev) {
		// A dispatched click runs the element's activation behavior too.
		// https://dom.spec.whatwg.org/#concept-event-dispatch (activation target)
		return w.boolean(w.clickWith(n, ev))
	}
	return w.boolean(w.dispatch(w.targetOf(this), ev))
}

// dispatch dispatches ev to t and reports whether it was not canceled.
func (w *Window) dispatch(t dom.Target, ev *dom.Event) bool {
	if ev.TimeStamp == 0 {
		ev.TimeStamp = webapi.HighResTime(w.loop.Elapsed())
	}
	if len(w.frames.byDoc) > 0 {
		if f := w.frameOfTarget(t); f != nil {
			// Listeners of a frame's targets run with the frame as the
			// incumbent (postMessage's source).
			old := w.frames.incumbent
			w.frames.incumbent = f
			ok, err := dom.Dispatch(t, ev)
			w.frames.incumbent = old
			if err != nil {
				w.throw(err)
			}
			return ok
		}
	}
	ok, err := dom.Dispatch(t, ev)
	if err != nil {
		w.throw(err)
	}
	return ok
}

// fire fires a trusted event of type typ at t.
func (w *Window) fire(t dom.Target, typ string, bubbles, cancelable bool) bool {
	ev := dom.NewEvent(typ, bubbles, cancelable)
	ev.IsTrusted = true
	return w.dispatch(t, ev)
}

// fireLoad fires load at a window (the page's or a frame's) with its
// document as the event's target, as HTML's "the end" does with the legacy
// target override flag.
// https://html.spec.whatwg.org/multipage/parsing.html#the-end step 7.4
func (w *Window) fireLoad(win dom.Target, doc *dom.Document) {
	ev := dom.NewEvent("load", false, false)
	ev.IsTrusted = true
	ev.SetLegacyTargetOverride(doc)
	w.dispatch(win, ev)
}

func evGet(f func(w *Window, ev *dom.Event) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*dom.Event)) }
}

func dataGet(f func(w *Window, d *eventData) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), evData(this.(*dom.Event))) }
}

func evMethod(name string, length int, f func(w *Window, ev *dom.Event, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), this.(*dom.Event), args)
	}}
}

// dict reads member name of an init dictionary (undefined when absent).
func dict(d goja.Value, name string) goja.Value {
	o, ok := d.(*goja.Object)
	if !ok {
		return goja.Undefined()
	}
	if v := o.Get(name); v != nil {
		return v
	}
	return goja.Undefined()
}

func dictBool(d goja.Value, name string) bool { return bind.Boolean(dict(d, name)) }
func dictVal(d goja.Value, name string, def goja.Value) goja.Value {
	v := dict(d, name)
	if bind.Absent(v) {
		return def
	}
	return v
}

// eventDict is an event constructor's init dictionary, read with
// bind.Dictionary (members in Chromium's order, with its messages), with
// the realm and event its interface-typed members are checked and set in.
type eventDict struct {
	bind.Dictionary
	r  *bind.Realm
	ev *dom.Event
}

// as gives d read as its inherited dictionary name (bind.Dictionary.As).
func (d eventDict) as(name string) eventDict {
	d.Dictionary = d.Dictionary.As(name)
	return d
}

// object reads member, of a nullable interface type named what: null
// when undefined or null, a value accept refuses a TypeError ("Failed to
// convert value to 'what'.").
func (d eventDict) object(member, what string, accept func(v goja.Value) bool) goja.Value {
	v := goja.Null()
	d.Convert(member, func(x goja.Value) {
		if goja.IsNull(x) {
			return
		}
		if !accept(x) {
			panic(bind.TypeError("Failed to convert value to '" + what + "'."))
		}
		v = x
	})
	return v
}

// eventTargetMember reads an EventTarget? member (relatedTarget) and makes
// it the event's related target.
func (d eventDict) relatedTarget(member string) {
	w := win(d.r)
	v := d.object(member, "EventTarget", func(v goja.Value) bool {
		if v == w.global {
			return true
		}
		_, ok := d.r.UnwrapAs(v, w.c.eventTarget)
		return ok
	})
	if v == w.global {
		d.ev.SetRelatedTarget(w)
	} else if !goja.IsNull(v) {
		impl, _ := d.r.UnwrapAs(v, w.c.eventTarget)
		d.ev.SetRelatedTarget(w.targetOf(impl))
	}
}

// eventCtor builds the constructor of an Event subclass: init fills the
// subclass fields from the init dictionary, reading the members of
// EventInit's descendants in their order (https://webidl.spec.whatwg.org/#js-dictionary:
// the inherited dictionaries' members first, each one's in lexicographic
// order; Chromium reads them so).
func eventCtor(kind string, init func(d *eventData, dict eventDict)) bind.Constructor {
	name := kind + "Init"
	return func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		typ := bind.DOMString(args[0])
		dict := eventDict{Dictionary: bind.NewDictionary(bind.Arg(args, 1), name), r: r}
		base := dict.As("EventInit")
		bubbles := base.Boolean("bubbles")
		ev := dom.NewEvent(typ, bubbles, base.Boolean("cancelable"))
		ev.Composed = base.Boolean("composed")
		ev.TimeStamp = webapi.HighResTime(win(r).loop.Elapsed())
		d := &eventData{kind: kind, detail: goja.Null(), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
		dict.ev = ev
		if init != nil {
			init(d, dict)
		}
		switch kind {
		case "DragEvent":
			// dataTransfer: a DataTransfer or null, kept in messageData
			// (https://html.spec.whatwg.org/multipage/dnd.html#dragevent).
			d.messageData = dataTransferMember(dict, "dataTransfer")
		case "SecurityPolicyViolationEvent":
			// Chromium's always bubbles and is composed, whatever the
			// dictionary says.
			ev.Bubbles, ev.Cancelable, ev.Composed = true, false, true
		case "PromiseRejectionEvent":
			// promise is a required member
			// (https://html.spec.whatwg.org/multipage/webappapis.html#promiserejectioneventinit).
			// The standard asks for an object; Chromium declares it a
			// Promise<any>, so that any other value is wrapped in a
			// promise resolved with it, as Promise.resolve would.
			if bind.Absent(d.state) {
				r.ThrowTypeError("Failed to construct 'PromiseRejectionEvent': Failed to read the 'promise' property from 'PromiseRejectionEventInit': Required member is undefined.")
			}
			if _, ok := d.state.Export().(*goja.Promise); !ok {
				p, resolve, _ := r.Runtime.NewPromise()
				_ = resolve(d.state)
				d.state = r.Runtime.ToValue(p)
			}
		case "ClipboardEvent":
			// clipboardData: a DataTransfer or null, kept in messageData
			// (https://w3c.github.io/clipboard-apis/#dictdef-clipboardeventinit).
			d.messageData = dataTransferMember(dict, "clipboardData")
		case "CommandEvent", "ToggleEvent":
			// the source cuts the path (dom.Event.SetPathSource)
			if n := win(r).toNode(d.detail); n != nil {
				ev.SetPathSource(n)
			}
		case "SubmitEvent":
			// submitter: an HTMLElement or null (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#submiteventinit).
			w := win(r)
			if sv := dict.object("submitter", "HTMLElement", func(v goja.Value) bool {
				n := w.toNode(v)
				return n != nil && isHTMLElement(n)
			}); !goja.IsNull(sv) {
				d.extra().submitter = w.toNode(sv)
			}
		}
		ev.Detail = d
		return ev
	}
}

// Event https://dom.spec.whatwg.org/#interface-event
var eventIface = &bind.Interface{
	Name: "Event",
	// An event's wrapper lives while script holds it: a page receiving
	// a message per task keeps none of them (bind/weak.go).
	Weak: true,
	Unforgeable: &bind.Mixin{Attributes: []bind.Attribute{
		{Name: "isTrusted", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(ev.IsTrusted) })},
	}},
	Constructor: eventCtor("Event", nil),
	CtorLength:  1,
	Constants:   []bind.Constant{{Name: "NONE", Value: 0}, {Name: "CAPTURING_PHASE", Value: 1}, {Name: "AT_TARGET", Value: 2}, {Name: "BUBBLING_PHASE", Value: 3}},
	Attributes: []bind.Attribute{
		// Chromium 156's order (its event.idl lists the legacy members last).
		{Name: "type", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.str(ev.Type) })},
		{Name: "target", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.targetValue(ev.Target()) })},
		{Name: "currentTarget", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.targetValue(ev.CurrentTarget()) })},
		{Name: "eventPhase", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.int(int(ev.Phase())) })},
		{Name: "bubbles", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(ev.Bubbles) })},
		{Name: "cancelable", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(ev.Cancelable) })},
		{Name: "defaultPrevented", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(ev.DefaultPrevented()) })},
		{Name: "composed", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(ev.Composed) })},
		{Name: "timeStamp", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.rt.ToValue(ev.TimeStamp) })},
		{Name: "srcElement", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.targetValue(ev.Target()) })},
		{Name: "returnValue", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(!ev.DefaultPrevented()) }),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if !bind.Boolean(v) {
					this.(*dom.Event).PreventDefault()
				}
			}},
		{Name: "cancelBubble", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.boolean(ev.PropagationStopped()) }),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if bind.Boolean(v) {
					this.(*dom.Event).StopPropagation()
				}
			}},
	},
	Methods: []bind.Method{
		evMethod("composedPath", 0, func(w *Window, ev *dom.Event, _ []goja.Value) goja.Value {
			path := ev.ComposedPath()
			vals := make([]any, len(path))
			for i, t := range path {
				vals[i] = w.targetValue(t)
			}
			return w.rt.NewArray(vals...)
		}),
		evMethod("stopPropagation", 0, func(w *Window, ev *dom.Event, _ []goja.Value) goja.Value { ev.StopPropagation(); return nil }),
		evMethod("stopImmediatePropagation", 0, func(w *Window, ev *dom.Event, _ []goja.Value) goja.Value {
			ev.StopImmediatePropagation()
			return nil
		}),
		evMethod("preventDefault", 0, func(w *Window, ev *dom.Event, _ []goja.Value) goja.Value { ev.PreventDefault(); return nil }),
		evMethod("initEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
			ev.InitEvent(bind.DOMString(args[0]), bind.Boolean(bind.Arg(args, 1)), bind.Boolean(bind.Arg(args, 2)))
			if !ev.Dispatching() {
				evData(ev).uninit = false
			}
			return nil
		}),
	},
}

// legacyInit begins a legacy init*Event method: while the event is being
// dispatched it does nothing and returns nil; else it runs
// initEvent(type, bubbles, cancelable) from args[0..2] and returns the
// event's data, initialized.
// https://dom.spec.whatwg.org/#concept-event-initialize
func legacyInit(ev *dom.Event, args []goja.Value) *eventData {
	if ev.Dispatching() {
		return nil
	}
	ev.InitEvent(bind.DOMString(args[0]), bind.Boolean(bind.Arg(args, 1)), bind.Boolean(bind.Arg(args, 2)))
	d := evData(ev)
	d.uninit = false
	return d
}

// isWindowValue says whether v is a Window object: the page's window or
// one of its frames' (a Window? argument or member takes only these).
func isWindowValue(r *bind.Realm, v goja.Value) bool {
	_, ok := v.(*goja.Object)
	return ok && r.IsGlobalThis(v)
}

// legacyView converts the view argument (the fourth) of an init*Event
// method, `optional Window? view = null`: nil for undefined or null, a
// TypeError for what is no Window.
func legacyView(w *Window, method, iface string, args []goja.Value) goja.Value {
	v := bind.Arg(args, 3)
	if goja.IsUndefined(v) || goja.IsNull(v) {
		return nil
	}
	if !isWindowValue(w.realm, v) {
		panic(bind.TypeError("Failed to execute '" + method + "' on '" + iface + "': parameter 4 is not of type 'Window'."))
	}
	return v
}

var customEventIface = &bind.Interface{
	Name: "CustomEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("CustomEvent", func(d *eventData, dict eventDict) { d.detail = dict.Any("detail", goja.Null()) }),
	Attributes:  []bind.Attribute{{Name: "detail", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.detail) })}},
	// https://dom.spec.whatwg.org/#dom-customevent-initcustomevent
	Methods: []bind.Method{evMethod("initCustomEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
		d := legacyInit(ev, args)
		if d == nil {
			return nil
		}
		d.uninit = false
		d.detail = bind.Arg(args, 3)
		if bind.Absent(d.detail) {
			d.detail = goja.Null() // any detail = null
		}
		return nil
	})},
}

func orNull(v goja.Value) goja.Value {
	if v == nil {
		return goja.Null()
	}
	return v
}

// uiInit reads UIEventInit: detail, sourceCapabilities (no
// InputDeviceCapabilities is made here, so only null passes) and view (a
// Window or null). Chromium's has no which.
// https://w3c.github.io/uievents/#dictdef-uieventinit
func uiInit(d *eventData, dict eventDict) {
	ui := dict.as("UIEventInit")
	d.uiDetail = int(ui.Long("detail"))
	ui.object("sourceCapabilities", "InputDeviceCapabilities", func(goja.Value) bool { return false })
	d.view = ui.object("view", "Window", func(v goja.Value) bool { return isWindowValue(dict.r, v) })
}

// extraModifiers are the keys of EventModifierInit's modifier* members
// (modifierAltGraph...), in dictionary order, as getModifierState knows
// them.
// https://w3c.github.io/uievents/#dictdef-eventmodifierinit
var extraModifiers = [...]string{"AltGraph", "CapsLock", "Fn", "FnLock", "Hyper", "NumLock", "ScrollLock", "Super", "Symbol", "SymbolLock"}

// initModifiers are the modifier* members Chromium's EventModifierInit
// has (no FnLock, Hyper, Super or SymbolLock), as indexes of
// extraModifiers.
var initModifiers = [...]struct {
	member string
	bit    int
}{{"modifierAltGraph", 0}, {"modifierCapsLock", 1}, {"modifierFn", 2}, {"modifierNumLock", 5}, {"modifierScrollLock", 6}, {"modifierSymbol", 8}}

func modifiersInit(d *eventData, dict eventDict) {
	m := dict.As("EventModifierInit")
	d.alt, d.ctrl, d.meta = m.Boolean("altKey"), m.Boolean("ctrlKey"), m.Boolean("metaKey")
	d.mods = 0
	for _, im := range initModifiers {
		if m.Boolean(im.member) {
			d.mods |= 1 << im.bit
		}
	}
	d.shift = m.Boolean("shiftKey")
}

// mouseInit reads MouseEventInit and what it inherits.
// https://w3c.github.io/uievents/#dictdef-mouseeventinit
func mouseInit(d *eventData, dict eventDict) {
	uiInit(d, dict)
	modifiersInit(d, dict)
	m := dict.as("MouseEventInit")
	// button is a short, buttons an unsigned short (Web IDL wraps them).
	d.button, d.buttons = int(int16(m.Long("button"))), int(uint16(m.Long("buttons")))
	d.clientX, d.clientY = m.Double("clientX"), m.Double("clientY")
	// Chromium's are longs (no pointer lock: only a constructed event has any).
	if mx, my := m.Long("movementX"), m.Long("movementY"); mx != 0 || my != 0 {
		x := d.extra()
		x.movementX, x.movementY = mx, my
	}
	m.relatedTarget("relatedTarget")
	d.screenX, d.screenY = m.Double("screenX"), m.Double("screenY")
}

func num(w *Window, f float64) goja.Value { return w.rt.ToValue(f) }

// integerCoords says whether Chromium reads a mouse event's coordinates
// as whole pixels: those of every mouse event but a pointer event other
// than click, auxclick and contextmenu.
func integerCoords(ev *dom.Event) bool {
	if evData(ev).kind != "PointerEvent" {
		return true
	}
	switch ev.Type {
	case "click", "auxclick", "contextmenu":
		return true
	}
	return false
}

// mouseCoord is a mouse event's coordinate v (as its init dictionary gave
// it) as Chromium reads it: floored when the event has integer
// coordinates.
func mouseCoord(ev *dom.Event, v float64) float64 {
	if integerCoords(ev) {
		return math.Floor(v)
	}
	return v
}

// movement is a mouse event's movementX (movementY when y), as its init
// dictionary gave it.
func movement(d *eventData, y bool) int32 {
	if d.ext == nil {
		return 0
	}
	if y {
		return d.ext.movementY
	}
	return d.ext.movementX
}

// mouseOffset is a mouse event's offsetX (offsetY when y): its position
// from the padding edge of its target, as the target's box is laid out
// now (Chromium reads it when asked, with the scroll position of then);
// the client position while it has no target, or a target with no box;
// 0 for the event of click(), which has no position.
// https://drafts.csswg.org/cssom-view/#dom-mouseevent-offsetx
func (w *Window) mouseOffset(ev *dom.Event, y bool) float64 {
	d := evData(ev)
	if d.simulated {
		return 0
	}
	pos := d.clientX
	if y {
		pos = d.clientY
	}
	n, ok := ev.Target().(*dom.Node)
	if !ok || !n.IsElement() || n.Document() != w.doc {
		return pos
	}
	_, g, ok := w.geometry(n)
	if !ok {
		return pos
	}
	dx, dy := w.scrollShift(n)
	if y {
		return pos - (g.top - dy) - float64(w.clientEdge(n, false))
	}
	return pos - (g.left - dx) - float64(w.clientEdge(n, true))
}

// layerCoord is a layer coordinate as Chromium keeps it: a whole pixel
// (floored) saturated to a 32-bit int.
func layerCoord(v float64) int {
	v = math.Floor(v)
	if v > math.MaxInt32 {
		return math.MaxInt32
	}
	if v < math.MinInt32 {
		return math.MinInt32
	}
	return int(v)
}

// mouseOffsetRounded is mouseOffset rounded to a whole pixel (half away
// from zero) when the event has integer coordinates, as Chromium rounds
// the offset it computes from the unrounded position.
func mouseOffsetRounded(w *Window, ev *dom.Event, y bool) float64 {
	o := w.mouseOffset(ev, y)
	if integerCoords(ev) {
		return math.Round(o)
	}
	return o
}

// animationInit reads AnimationEventInit or TransitionEventInit, whose
// name member is animationName or propertyName.
func animationInit(d *eventData, dict eventDict, name string) {
	x := d.extra()
	if name == "animationName" {
		x.name = dict.String(name)
		x.elapsed = dict.Double("elapsedTime")
	} else {
		x.elapsed = dict.Double("elapsedTime")
		x.name = dict.String(name)
	}
	x.pseudo = dict.String("pseudoElement")
}

var uiEventIface = &bind.Interface{
	Name: "UIEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("UIEvent", uiInit),
	Attributes: []bind.Attribute{
		{Name: "view", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.view) })},
		{Name: "detail", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.uiDetail) })},
		// No InputDeviceCapabilities: a constructed event's is null.
		{Name: "sourceCapabilities", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
		{Name: "which", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			// Chromium: a keyboard event's keyCode, a mouse event's button + 1,
			// otherwise UIEventInit.which.
			switch d.kind {
			case "KeyboardEvent":
				return w.int(d.keyCode)
			case "MouseEvent", "PointerEvent", "WheelEvent", "DragEvent":
				return w.int(d.button + 1)
			}
			return w.int(d.which)
		})},
	},
	// https://w3c.github.io/uievents/#dom-uievent-inituievent
	Methods: []bind.Method{evMethod("initUIEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
		view := legacyView(w, "initUIEvent", "UIEvent", args)
		d := legacyInit(ev, args)
		if d == nil {
			return nil
		}
		d.uninit, d.view, d.uiDetail = false, view, int(bind.Long(bind.Arg(args, 4)))
		return nil
	})},
}

var modifierAttrs = []bind.Attribute{
	{Name: "ctrlKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.ctrl) })},
	{Name: "shiftKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.shift) })},
	{Name: "altKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.alt) })},
	{Name: "metaKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.meta) })},
}

var getModifierState = evMethod("getModifierState", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
	d := evData(ev)
	k := bind.DOMString(args[0])
	switch k {
	case "Control":
		return w.boolean(d.ctrl)
	case "Shift":
		return w.boolean(d.shift)
	case "Alt":
		return w.boolean(d.alt)
	case "Meta":
		return w.boolean(d.meta)
	case "Accel":
		// Chromium's platform accelerator, Control on Linux (Meta on a Mac).
		return w.boolean(d.ctrl)
	}
	for i, m := range extraModifiers {
		if m == k {
			return w.boolean(d.mods&(1<<i) != 0)
		}
	}
	return valFalse
})

var mouseEventIface = &bind.Interface{
	Name: "MouseEvent", Parent: "UIEvent", CtorLength: 1,
	Constructor: eventCtor("MouseEvent", mouseInit),
	Attributes: bind.AttributesInOrder(append([]bind.Attribute{
		{Name: "clientX", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).clientX)) })},
		{Name: "clientY", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).clientY)) })},
		{Name: "screenX", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).screenX)) })},
		{Name: "screenY", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).screenY)) })},
		{Name: "pageX", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).clientX)) })},
		{Name: "pageY", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).clientY)) })},
		{Name: "offsetX", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseOffsetRounded(w, ev, false)) })},
		{Name: "offsetY", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseOffsetRounded(w, ev, true)) })},
		// Chromium's non-standard layer coordinates (no layout: the client ones).
		{Name: "layerX", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(layerCoord(d.clientX)) })},
		{Name: "layerY", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(layerCoord(d.clientY)) })},
		{Name: "x", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).clientX)) })},
		{Name: "y", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return num(w, mouseCoord(ev, evData(ev).clientY)) })},
		{Name: "movementX", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(int(movement(d, false))) })},
		{Name: "movementY", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(int(movement(d, true))) })},
		// A mouse event's button -1 (no button) reads 0 in Chromium; a
		// pointer event's reads -1.
		{Name: "button", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.button == -1 && d.kind != "PointerEvent" {
				return w.int(0)
			}
			return w.int(d.button)
		})},
		{Name: "buttons", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.buttons) })},
		{Name: "relatedTarget", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.targetValue(ev.RelatedTarget()) })},
		// Chromium's (and IE's) non-standard fromElement and toElement:
		// where the mouse came from and went to, as nodes; always null
		// for a PointerEvent (Chromium 156's PointerEvent overrides both).
		{Name: "fromElement", Get: evGet(func(w *Window, ev *dom.Event) goja.Value {
			if evData(ev).kind == "PointerEvent" {
				return w.null
			}
			if leaving(ev) {
				return w.nodeTargetValue(ev.Target())
			}
			return w.nodeTargetValue(ev.RelatedTarget())
		})},
		{Name: "toElement", Get: evGet(func(w *Window, ev *dom.Event) goja.Value {
			if evData(ev).kind == "PointerEvent" {
				return w.null
			}
			if leaving(ev) {
				return w.nodeTargetValue(ev.RelatedTarget())
			}
			return w.nodeTargetValue(ev.Target())
		})},
	}, modifierAttrs...), "screenX screenY clientX clientY ctrlKey shiftKey altKey metaKey button buttons relatedTarget pageX pageY x y offsetX offsetY movementX movementY fromElement toElement layerX layerY"),
	// https://w3c.github.io/uievents/#dom-mouseevent-initmouseevent
	Methods: []bind.Method{getModifierState, evMethod("initMouseEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
		view := legacyView(w, "initMouseEvent", "MouseEvent", args)
		// optional EventTarget? relatedTarget = null, converted with the
		// other arguments before anything changes.
		var related dom.Target
		if v := bind.Arg(args, 14); v == w.global {
			related = w
		} else if !bind.Nullish(v) {
			impl, ok := w.realm.UnwrapAs(v, w.c.eventTarget)
			if !ok {
				panic(bind.TypeError("Failed to execute 'initMouseEvent' on 'MouseEvent': parameter 15 is not of type 'EventTarget'."))
			}
			related = w.targetOf(impl)
		}
		d := legacyInit(ev, args)
		if d == nil {
			return nil
		}
		// The positions are longs here (doubles in MouseEventInit).
		d.uninit, d.view, d.uiDetail = false, view, int(bind.Long(bind.Arg(args, 4)))
		d.screenX, d.screenY = float64(bind.Long(bind.Arg(args, 5))), float64(bind.Long(bind.Arg(args, 6)))
		d.clientX, d.clientY = float64(bind.Long(bind.Arg(args, 7))), float64(bind.Long(bind.Arg(args, 8)))
		d.ctrl, d.alt = bind.Boolean(bind.Arg(args, 9)), bind.Boolean(bind.Arg(args, 10))
		d.shift, d.meta = bind.Boolean(bind.Arg(args, 11)), bind.Boolean(bind.Arg(args, 12))
		d.button = int(int16(bind.Long(bind.Arg(args, 13))))
		ev.SetRelatedTarget(related)
		return nil
	})},
}

var keyboardEventIface = &bind.Interface{
	Name: "KeyboardEvent", Parent: "UIEvent", CtorLength: 1,
	Constructor: eventCtor("KeyboardEvent", func(d *eventData, dict eventDict) {
		uiInit(d, dict)
		modifiersInit(d, dict)
		d.charCode = int(dict.UnsignedLong("charCode"))
		d.code = dict.String("code")
		d.composing = dict.Boolean("isComposing")
		d.key = dict.String("key")
		d.keyCode = int(dict.UnsignedLong("keyCode"))
		d.location = int(dict.UnsignedLong("location"))
		d.repeat = dict.Boolean("repeat")
	}),
	Constants: []bind.Constant{{Name: "DOM_KEY_LOCATION_STANDARD", Value: 0}, {Name: "DOM_KEY_LOCATION_LEFT", Value: 1}, {Name: "DOM_KEY_LOCATION_RIGHT", Value: 2}, {Name: "DOM_KEY_LOCATION_NUMPAD", Value: 3}},
	Attributes: bind.AttributesInOrder(append([]bind.Attribute{
		{Name: "key", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.key) })},
		{Name: "code", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.code) })},
		{Name: "location", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.location) })},
		{Name: "repeat", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.repeat) })},
		{Name: "isComposing", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.composing) })},
		// KeyboardEventInit's are unsigned longs, Chromium's attributes
		// signed (keyCode: 4294967295 reads -1; which does not).
		{Name: "keyCode", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(int(int32(d.keyCode))) })},
		{Name: "charCode", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(int(int32(d.charCode))) })},
	}, modifierAttrs...), "key code location ctrlKey shiftKey altKey metaKey repeat isComposing charCode keyCode"),
	// initKeyboardEvent(type, bubbles, cancelable, view, key, location,
	// ctrlKey, altKey, shiftKey, metaKey)
	// https://w3c.github.io/uievents/#dom-keyboardevent-initkeyboardevent
	Methods: []bind.Method{getModifierState, evMethod("initKeyboardEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
		view := legacyView(w, "initKeyboardEvent", "KeyboardEvent", args)
		if k := bind.Arg(args, 4); !bind.Absent(k) {
			bind.DOMString(k)
		}
		d := legacyInit(ev, args)
		if d == nil {
			return nil
		}
		// Chromium converts the key argument (the old keyIdentifier) and
		// keeps the key the event had.
		d.uninit, d.view = false, view
		d.location = int(bind.UnsignedLong(bind.Arg(args, 5)))
		d.ctrl, d.alt = bind.Boolean(bind.Arg(args, 6)), bind.Boolean(bind.Arg(args, 7))
		d.shift, d.meta = bind.Boolean(bind.Arg(args, 8)), bind.Boolean(bind.Arg(args, 9))
		return nil
	})},
}

var focusEventIface = &bind.Interface{
	Name: "FocusEvent", Parent: "UIEvent", CtorLength: 1,
	Constructor: eventCtor("FocusEvent", func(d *eventData, dict eventDict) {
		uiInit(d, dict)
		dict.relatedTarget("relatedTarget")
	}),
	Attributes: []bind.Attribute{
		{Name: "relatedTarget", Get: evGet(func(w *Window, ev *dom.Event) goja.Value { return w.targetValue(ev.RelatedTarget()) })},
	},
}

// knownInputType is InputEventInit's inputType as Chromium keeps it:
// the input types of Input Events it implements, "" for any other string.
// https://w3c.github.io/input-events/#interface-InputEvent-Attributes
func knownInputType(t string) string {
	switch t {
	case "insertText", "insertReplacementText", "insertLineBreak", "insertParagraph", "insertOrderedList",
		"insertUnorderedList", "insertHorizontalRule", "insertFromYank", "insertFromDrop", "insertFromPaste",
		"insertTranspose", "insertCompositionText", "insertLink",
		"deleteWordBackward", "deleteWordForward", "deleteSoftLineBackward", "deleteSoftLineForward",
		"deleteHardLineBackward", "deleteHardLineForward", "deleteByDrag", "deleteByCut",
		"deleteContentBackward", "deleteContentForward", "historyUndo", "historyRedo",
		"formatBold", "formatItalic", "formatUnderline", "formatStrikeThrough", "formatSuperscript",
		"formatSubscript", "formatJustifyFull", "formatJustifyCenter", "formatJustifyRight",
		"formatJustifyLeft", "formatIndent", "formatOutdent", "formatRemove", "formatSetBlockTextDirection":
		return t
	}
	return ""
}

var inputEventIface = &bind.Interface{
	Name: "InputEvent", Parent: "UIEvent", CtorLength: 1,
	Constructor: eventCtor("InputEvent", func(d *eventData, dict eventDict) {
		uiInit(d, dict)
		// DOMString? data = null
		var ok bool
		d.data, ok = dict.NullableString("data")
		d.nullData = !ok
		if v := dataTransferMember(dict, "dataTransfer"); !goja.IsNull(v) {
			d.extra().dataTransfer = v
		}
		d.inputType, d.composing = knownInputType(dict.String("inputType")), dict.Boolean("isComposing")
		// sequence<StaticRange> targetRanges: checked, not kept.
		dict.Convert("targetRanges", func(v goja.Value) { staticRanges(dict.r, v) })
	}),
	Attributes: bind.AttributesInOrder([]bind.Attribute{
		{Name: "data", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.nullData {
				return w.null
			}
			return w.str(d.data)
		})},
		{Name: "inputType", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.inputType) })},
		{Name: "isComposing", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.composing) })},
		{Name: "dataTransfer", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil || d.ext.dataTransfer == nil {
				return w.null
			}
			return d.ext.dataTransfer
		})},
	}, "data isComposing inputType dataTransfer"),
	// No editing operation here has target ranges to report
	// (InputEventInit.targetRanges is not kept).
	Methods: []bind.Method{evMethod("getTargetRanges", 0, func(w *Window, ev *dom.Event, _ []goja.Value) goja.Value {
		return w.rt.NewArray()
	})},
}

// wheelDeltas is a WheelEvent's wheelDeltaY (y) or wheelDeltaX.
func wheelDeltas(d *eventData, y bool) int32 {
	switch {
	case d.ext == nil:
		return 0
	case y:
		return d.ext.wheelDeltaY
	}
	return d.ext.wheelDeltaX
}

// clampToInt32 truncates f toward zero into an int32, clamping at its
// bounds and making NaN 0.
func clampToInt32(f float64) int32 {
	switch {
	case f != f:
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

var errorEventIface = &bind.Interface{
	Name: "ErrorEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("ErrorEvent", func(d *eventData, dict eventDict) {
		// lineno and colno are unsigned longs.
		d.colno = int(dict.UnsignedLong("colno"))
		d.errVal = dict.Any("error", goja.Undefined())
		d.filename = dict.String("filename")
		d.lineno = int(dict.UnsignedLong("lineno"))
		d.message = dict.String("message")
	}),
	Attributes: []bind.Attribute{
		{Name: "message", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.message) })},
		{Name: "filename", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.filename) })},
		{Name: "lineno", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.lineno) })},
		{Name: "colno", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.colno) })},
		{Name: "error", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.errVal == nil {
				return goja.Undefined()
			}
			return d.errVal
		})},
	},
}

var hashChangeEventIface = &bind.Interface{
	Name: "HashChangeEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("HashChangeEvent", func(d *eventData, dict eventDict) {
		d.newURL = dict.String("newURL")
		d.oldURL = dict.String("oldURL")
	}),
	Attributes: []bind.Attribute{
		{Name: "oldURL", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.oldURL) })},
		{Name: "newURL", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.newURL) })},
	},
}

var popStateEventIface = &bind.Interface{
	Name: "PopStateEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("PopStateEvent", func(d *eventData, dict eventDict) {
		d.uaVisual = dict.Boolean("hasUAVisualTransition")
		d.state = dict.Any("state", goja.Null())
	}),
	Attributes: []bind.Attribute{
		{Name: "state", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.state) })},
		{Name: "hasUAVisualTransition", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.uaVisual) })},
	},
}

var pageTransitionEventIface = &bind.Interface{
	Name: "PageTransitionEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("PageTransitionEvent", func(d *eventData, dict eventDict) { d.persisted = dict.Boolean("persisted") }),
	Attributes: []bind.Attribute{
		{Name: "persisted", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.persisted) })},
	},
}

var progressEventIface = &bind.Interface{
	Name: "ProgressEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("ProgressEvent", func(d *eventData, dict eventDict) {
		// Chromium's loaded and total are (restricted) doubles.
		d.lengthComp, d.loaded, d.total = dict.Boolean("lengthComputable"), dict.Double("loaded"), dict.Double("total")
	}),
	Attributes: []bind.Attribute{
		{Name: "lengthComputable", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.lengthComp) })},
		{Name: "loaded", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.loaded) })},
		{Name: "total", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.total) })},
	},
}

// closeEventIface is a WebSocket's close event.
// https://websockets.spec.whatwg.org/#the-closeevent-interface
var closeEventIface = &bind.Interface{
	Name: "CloseEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("CloseEvent", func(d *eventData, dict eventDict) {
		x := d.extra()
		x.closeCode = uint16(dict.Long("code"))
		dict.Convert("reason", func(v goja.Value) { x.closeReason = bind.USVString(v) })
		x.wasClean = dict.Boolean("wasClean")
	}),
	Attributes: []bind.Attribute{
		{Name: "wasClean", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.ext != nil && d.ext.wasClean) })},
		{Name: "code", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil {
				return w.int(0)
			}
			return w.int(int(d.ext.closeCode))
		})},
		{Name: "reason", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil {
				return w.str("")
			}
			return w.str(d.ext.closeReason)
		})},
	},
}

// isMessageSource says whether v is a MessageEventSource: a WindowProxy,
// MessagePort or ServiceWorker.
func isMessageSource(r *bind.Realm, v goja.Value) bool {
	if r.IsGlobalThis(v) {
		return true
	}
	port := r.Class("MessagePort")
	_, ok := r.UnwrapAs(v, port)
	return port != nil && ok
}

var messageEventIface = &bind.Interface{
	Name: "MessageEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("MessageEvent", func(d *eventData, dict eventDict) {
		d.messageData = dict.Any("data", goja.Null())
		x := d.extra()
		x.lastEventID = dict.String("lastEventId")
		d.origin = dict.String("origin")
		dict.Convert("ports", func(v goja.Value) { x.ports = messagePorts(dict.r, v) })
		d.source = dict.object("source", "EventTarget", func(v goja.Value) bool { return isMessageSource(dict.r, v) })
	}),
	Attributes: []bind.Attribute{
		{Name: "data", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.messageData) })},
		{Name: "origin", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.origin) })},
		{Name: "lastEventId", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil {
				return w.str("")
			}
			return w.str(d.ext.lastEventID)
		})},
		{Name: "source", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.source) })},
		{Name: "ports", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			// A frozen array, the same object each time ([SameObject]).
			x := d.extra()
			if x.portsFrozen {
				return x.ports
			}
			// The ports themselves, not their exports (ExportTo would turn a
			// MessagePort into its Go implementation).
			var vals []any
			if o, ok := x.ports.(*goja.Object); ok {
				w.rt.ForOf(o, func(v goja.Value) bool { vals = append(vals, v); return true })
			}
			a := w.rt.NewArray(vals...)
			if freeze, ok := goja.AssertFunction(w.rt.Get("Object").ToObject(w.rt).Get("freeze")); ok {
				freeze(nil, a)
			}
			x.ports, x.portsFrozen = a, true
			return a
		})},
	},
	// initMessageEvent(type, bubbles, cancelable, data, origin,
	// lastEventId, source, ports)
	// https://html.spec.whatwg.org/multipage/comms.html#dom-messageevent-initmessageevent
	Methods: []bind.Method{evMethod("initMessageEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
		// Every argument is converted before anything changes (a source
		// or ports of the wrong type leave the event as it was).
		str := func(i int) string {
			if v := bind.Arg(args, i); !bind.Absent(v) {
				return bind.DOMString(v)
			}
			return ""
		}
		data := bind.Arg(args, 3)
		if bind.Absent(data) {
			data = goja.Null()
		}
		origin, lastID := str(4), str(5)
		source := bind.Arg(args, 6)
		if bind.Nullish(source) {
			source = goja.Null()
		} else if !isMessageSource(w.realm, source) {
			panic(bind.TypeError("Failed to execute 'initMessageEvent' on 'MessageEvent': The provided value is not of type '(MessagePort or ServiceWorker or Window)'."))
		}
		ports := messagePorts(w.realm, bind.Arg(args, 7))
		d := legacyInit(ev, args)
		if d == nil {
			return nil
		}
		d.uninit = false
		d.messageData, d.origin, d.source = data, origin, source
		x := d.extra()
		x.lastEventID = lastID
		x.ports, x.portsFrozen = ports, false
		return nil
	})},
}

// messagePorts converts v, a MessageEventInit's ports or initMessageEvent's,
// to a sequence<MessagePort>: undefined is the empty sequence; anything but
// an iterable of MessagePorts is a TypeError (null too).
// https://webidl.spec.whatwg.org/#js-sequence
func messagePorts(r *bind.Realm, v goja.Value) goja.Value {
	if bind.Absent(v) {
		return nil
	}
	o, ok := v.(*goja.Object)
	if !ok {
		panic(bind.TypeError("The provided value cannot be converted to a sequence."))
	}
	if _, ok := goja.AssertFunction(o.GetSymbol(goja.SymIterator)); !ok {
		panic(bind.TypeError("The object must have a callable @@iterator property."))
	}
	port := r.Class("MessagePort")
	var list []any
	bad := false
	r.Runtime.ForOf(o, func(p goja.Value) bool {
		if port != nil {
			if _, ok := r.UnwrapAs(p, port); !ok {
				// thrown after ForOf, which would make a panic here
				// a script exception without the binding's context
				bad = true
				return false
			}
		}
		list = append(list, p)
		return true
	})
	if bad {
		panic(bind.TypeError("Failed to convert value to 'MessagePort'."))
	}
	return r.Runtime.NewArray(list...)
}

// interfaceSequence checks v as a sequence<what> (what an interface):
// anything but an iterable of its objects is a TypeError. The items are
// not kept (InputEventInit.targetRanges, PointerEventInit's event lists).
func interfaceSequence(r *bind.Realm, v goja.Value, what string) {
	o, ok := v.(*goja.Object)
	if !ok {
		panic(bind.TypeError("The provided value cannot be converted to a sequence."))
	}
	if _, ok := goja.AssertFunction(o.GetSymbol(goja.SymIterator)); !ok {
		panic(bind.TypeError("The object must have a callable @@iterator property."))
	}
	cls := r.Class(what)
	ok = true
	r.Runtime.ForOf(o, func(item goja.Value) bool {
		_, ok = r.UnwrapAs(item, cls)
		ok = ok && cls != nil
		return ok
	})
	if !ok {
		panic(bind.TypeError("Failed to convert value to '" + what + "'."))
	}
}

func staticRanges(r *bind.Realm, v goja.Value)  { interfaceSequence(r, v, "StaticRange") }
func pointerEvents(r *bind.Realm, v goja.Value) { interfaceSequence(r, v, "PointerEvent") }

var storageEventIface = &bind.Interface{
	Name: "StorageEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("StorageEvent", func(d *eventData, dict eventDict) {
		str := func(member string) goja.Value {
			if s, ok := dict.NullableString(member); ok {
				return win(dict.r).str(s)
			}
			return goja.Null()
		}
		d.storageKey = str("key")
		d.storageNew = str("newValue")
		d.storageOld = str("oldValue")
		// storageArea: a Storage or null (https://html.spec.whatwg.org/multipage/webstorage.html#storageeventinit).
		if v := dict.object("storageArea", "Storage", func(v goja.Value) bool {
			cls := dict.r.Class("Storage")
			_, ok := dict.r.UnwrapAs(v, cls)
			return cls != nil && ok
		}); !goja.IsNull(v) {
			d.extra().storageArea = v
		}
		d.storageURL = dict.String("url")
	}),
	Attributes: []bind.Attribute{
		{Name: "key", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.storageKey) })},
		{Name: "oldValue", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.storageOld) })},
		{Name: "newValue", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.storageNew) })},
		{Name: "url", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.storageURL) })},
		{Name: "storageArea", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil || d.ext.storageArea == nil {
				return goja.Null()
			}
			return d.ext.storageArea
		})},
	},
	// https://html.spec.whatwg.org/multipage/webstorage.html#dom-storageevent-initstorageevent
	Methods: []bind.Method{evMethod("initStorageEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
		area := bind.Arg(args, 7)
		if !bind.Nullish(area) {
			if _, ok := w.realm.UnwrapAs(area, w.realm.Class("Storage")); !ok {
				w.realm.ThrowTypeError("Failed to execute 'initStorageEvent' on 'StorageEvent': parameter 8 is not of type 'Storage'.")
			}
		}
		d := legacyInit(ev, args)
		if d == nil {
			return nil
		}
		str := func(v goja.Value) goja.Value {
			if bind.Nullish(v) {
				return goja.Null()
			}
			return w.str(bind.DOMString(v))
		}
		d.storageKey, d.storageOld, d.storageNew = str(bind.Arg(args, 3)), str(bind.Arg(args, 4)), str(bind.Arg(args, 5))
		d.storageURL = ""
		if u := bind.Arg(args, 6); !bind.Absent(u) {
			d.storageURL = bind.DOMString(u)
		}
		d.extra().storageArea = nil
		if !bind.Nullish(area) {
			d.extra().storageArea = area
		}
		return nil
	})},
}

// Simple subclasses with no extra members of interest here.
var (
	wheelEventIface = &bind.Interface{Name: "WheelEvent", Parent: "MouseEvent", CtorLength: 1,
		Constructor: eventCtor("WheelEvent", func(d *eventData, dict eventDict) {
			mouseInit(d, dict)
			d.deltaMode = int(dict.UnsignedLong("deltaMode"))
			d.deltaX, d.deltaY, d.deltaZ = dict.Double("deltaX"), dict.Double("deltaY"), dict.Double("deltaZ")
			x := d.extra()
			x.momentum = dict.Boolean("momentum")
			// Chromium's legacy members: WheelEventInit's own when not 0,
			// else the delta truncated (not negated, as Chromium does for
			// a constructed event).
			x.wheelDeltaX, x.wheelDeltaY = dict.Long("wheelDeltaX"), dict.Long("wheelDeltaY")
			if x.wheelDeltaX == 0 {
				x.wheelDeltaX = clampToInt32(d.deltaX)
			}
			if x.wheelDeltaY == 0 {
				x.wheelDeltaY = clampToInt32(d.deltaY)
			}
		}),
		Constants: []bind.Constant{{Name: "DOM_DELTA_PIXEL", Value: 0}, {Name: "DOM_DELTA_LINE", Value: 1}, {Name: "DOM_DELTA_PAGE", Value: 2}},
		Attributes: []bind.Attribute{
			{Name: "deltaX", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.deltaX) })},
			{Name: "deltaY", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.deltaY) })},
			{Name: "deltaZ", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.deltaZ) })},
			{Name: "deltaMode", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.deltaMode) })},
			{Name: "momentum", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.ext != nil && d.ext.momentum) })},
			{Name: "wheelDeltaX", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(int(wheelDeltas(d, false))) })},
			{Name: "wheelDeltaY", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(int(wheelDeltas(d, true))) })},
			{Name: "wheelDelta", Get: dataGet(func(w *Window, d *eventData) goja.Value {
				if y := wheelDeltas(d, true); y != 0 {
					return w.int(int(y))
				}
				return w.int(int(wheelDeltas(d, false)))
			})},
		}}
	// https://w3c.github.io/pointerevents/#pointerevent-interface
	pointerEventIface = &bind.Interface{Name: "PointerEvent", Parent: "MouseEvent", CtorLength: 1,
		Constructor: eventCtor("PointerEvent", func(d *eventData, dict eventDict) {
			mouseInit(d, dict)
			x := d.extra()
			var altitude, azimuth float64
			hasAltitude := dict.Convert("altitudeAngle", func(v goja.Value) { altitude = bind.RestrictedDouble(v) })
			hasAzimuth := dict.Convert("azimuthAngle", func(v goja.Value) { azimuth = bind.RestrictedDouble(v) })
			// sequence<PointerEvent> coalescedEvents: checked, not kept
			// (getCoalescedEvents gives none).
			dict.Convert("coalescedEvents", func(v goja.Value) { pointerEvents(dict.r, v) })
			dict.Convert("height", func(v goja.Value) { x.height = bind.RestrictedDouble(v) })
			d.isPrimary = dict.Boolean("isPrimary")
			x.deviceID = int(dict.Long("persistentDeviceId"))
			d.pointerID = int(dict.Long("pointerId"))
			d.pointerType = dict.String("pointerType")
			dict.Convert("predictedEvents", func(v goja.Value) { pointerEvents(dict.r, v) })
			d.pressure = dict.Float("pressure")
			x.tangential = dict.Float("tangentialPressure")
			hasTiltX := dict.Convert("tiltX", func(v goja.Value) { x.tiltX = int(bind.Long(v)) })
			hasTiltY := dict.Convert("tiltY", func(v goja.Value) { x.tiltY = int(bind.Long(v)) })
			x.twist = int(dict.Long("twist"))
			dict.Convert("width", func(v goja.Value) { x.width = bind.RestrictedDouble(v) })
			if hasAltitude {
				x.altitude = altitude
			}
			if hasAzimuth {
				x.azimuth = azimuth
			}
			// Given tilts and no angles, the angles are computed from the
			// tilts; given angles and no tilts, the other way round (each
			// brought into its range first; the given values are kept).
			if (hasTiltX || hasTiltY) && !hasAltitude && !hasAzimuth {
				x.altitude, x.azimuth = tiltToSpherical(tiltInRange(x.tiltX), tiltInRange(x.tiltY))
			} else if (hasAltitude || hasAzimuth) && !hasTiltX && !hasTiltY {
				x.tiltX, x.tiltY = sphericalToTilt(angleInRange(x.altitude, math.Pi/2), angleInRange(x.azimuth, 2*math.Pi))
			}
		}),
		Attributes: []bind.Attribute{
			{Name: "pointerId", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.pointerID) })},
			{Name: "pointerType", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.pointerType) })},
			{Name: "isPrimary", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.boolean(d.isPrimary) })},
			{Name: "pressure", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.pressure) })},
			{Name: "width", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().width) })},
			{Name: "height", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().height) })},
			{Name: "tangentialPressure", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().tangential) })},
			{Name: "tiltX", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.extra().tiltX) })},
			{Name: "tiltY", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.extra().tiltY) })},
			{Name: "twist", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.extra().twist) })},
			{Name: "altitudeAngle", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().altitude) })},
			{Name: "azimuthAngle", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().azimuth) })},
			{Name: "persistentDeviceId", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(d.extra().deviceID) })},
		},
		Methods: []bind.Method{
			{Name: "getCoalescedEvents", Fn: func(r *bind.Realm, _ any, _ []goja.Value) goja.Value { return r.Runtime.NewArray() }},
			{Name: "getPredictedEvents", Fn: func(r *bind.Realm, _ any, _ []goja.Value) goja.Value { return r.Runtime.NewArray() }},
		}}
	dragEventIface = &bind.Interface{Name: "DragEvent", Parent: "MouseEvent", CtorLength: 1, Constructor: eventCtor("DragEvent", mouseInit),
		Attributes: []bind.Attribute{{Name: "dataTransfer", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.messageData) })}}}
	clipboardEventIface = &bind.Interface{Name: "ClipboardEvent", Parent: "Event", CtorLength: 1, Constructor: eventCtor("ClipboardEvent", nil),
		Attributes: []bind.Attribute{{Name: "clipboardData", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orNull(d.messageData) })}}}
	compositionEventIfac = &bind.Interface{
		// https://w3c.github.io/uievents/#interface-compositionevent
		Name: "CompositionEvent", Parent: "UIEvent", CtorLength: 1,
		Constructor: eventCtor("CompositionEvent", func(d *eventData, dict eventDict) {
			uiInit(d, dict)
			d.data = dict.String("data")
		}),
		Attributes: []bind.Attribute{
			{Name: "data", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.data) })},
		},
		Methods: []bind.Method{evMethod("initCompositionEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
			// https://w3c.github.io/uievents/#legacy-interface-CompositionEvent
			view := legacyView(w, "initCompositionEvent", "CompositionEvent", args)
			d := legacyInit(ev, args)
			if d == nil {
				return nil
			}
			// Chromium's data argument defaults to the string "undefined".
			d.uninit, d.view = false, view
			d.data = "undefined"
			if v := bind.Arg(args, 4); !goja.IsUndefined(v) {
				d.data = bind.DOMString(v)
			}
			return nil
		})},
	}
	// https://drafts.csswg.org/css-animations/#interface-animationevent
	animationEventIface = &bind.Interface{Name: "AnimationEvent", Parent: "Event", CtorLength: 1,
		Constructor: eventCtor("AnimationEvent", func(d *eventData, dict eventDict) { animationInit(d, dict, "animationName") }),
		Attributes: []bind.Attribute{
			{Name: "animationName", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.extra().name) })},
			{Name: "elapsedTime", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().elapsed) })},
			{Name: "pseudoElement", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.extra().pseudo) })},
		}}
	// https://drafts.csswg.org/css-transitions/#interface-transitionevent
	transitionEventIface = &bind.Interface{Name: "TransitionEvent", Parent: "Event", CtorLength: 1,
		Constructor: eventCtor("TransitionEvent", func(d *eventData, dict eventDict) { animationInit(d, dict, "propertyName") }),
		Attributes: []bind.Attribute{
			{Name: "propertyName", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.extra().name) })},
			{Name: "elapsedTime", Get: dataGet(func(w *Window, d *eventData) goja.Value { return num(w, d.extra().elapsed) })},
			{Name: "pseudoElement", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.extra().pseudo) })},
		}}
	submitEventIface = &bind.Interface{Name: "SubmitEvent", Parent: "Event", CtorLength: 1, Constructor: eventCtor("SubmitEvent", nil),
		Attributes: []bind.Attribute{{Name: "submitter", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil || d.ext.submitter == nil {
				return goja.Null()
			}
			return w.targetValue(d.ext.submitter)
		})}}}

	// The rest of createEvent's table (https://dom.spec.whatwg.org/#dom-document-createevent):
	// TextEvent (data in eventData.message) and BeforeUnloadEvent
	// (returnValue in eventData.message) have no constructor; the device
	// events report no sensor (null readings).
	textEventIface = &bind.Interface{Name: "TextEvent", Parent: "UIEvent",
		Attributes: []bind.Attribute{{Name: "data", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.message) })}},
		Methods: []bind.Method{evMethod("initTextEvent", 1, func(w *Window, ev *dom.Event, args []goja.Value) goja.Value {
			view := legacyView(w, "initTextEvent", "TextEvent", args)
			ev.InitEvent(bind.DOMString(args[0]), bind.Boolean(bind.Arg(args, 1)), bind.Boolean(bind.Arg(args, 2)))
			d := evData(ev)
			// Chromium's data argument defaults to the string "undefined".
			d.uninit, d.view = false, view
			d.message = "undefined"
			if a := bind.Arg(args, 4); !goja.IsUndefined(a) {
				d.message = bind.DOMString(a)
			}
			return nil
		})}}
	beforeUnloadEventIface = &bind.Interface{Name: "BeforeUnloadEvent", Parent: "Event",
		Attributes: []bind.Attribute{{Name: "returnValue", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.message) }),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if ev, ok := this.(*dom.Event); ok {
					evData(ev).message = bind.DOMString(v)
				}
			}}}}
	deviceMotionEventIface = &bind.Interface{Name: "DeviceMotionEvent", Parent: "Event", CtorLength: 1, Constructor: eventCtor("DeviceMotionEvent", nil),
		Attributes: []bind.Attribute{
			{Name: "acceleration", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
			{Name: "accelerationIncludingGravity", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
			{Name: "rotationRate", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
			{Name: "interval", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.int(0) })},
		}}
	deviceOrientationEventIface = &bind.Interface{Name: "DeviceOrientationEvent", Parent: "Event", CtorLength: 1, Constructor: eventCtor("DeviceOrientationEvent", nil),
		Attributes: []bind.Attribute{
			{Name: "alpha", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
			{Name: "beta", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
			{Name: "gamma", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.null })},
			{Name: "absolute", Get: dataGet(func(w *Window, d *eventData) goja.Value { return valFalse })},
		}}
)

// createEventKinds maps createEvent's lowercased argument to its interface
// (with "keyboardevents", a legacy alias Chromium keeps).
var createEventKinds = map[string]string{
	"beforeunloadevent": "BeforeUnloadEvent", "compositionevent": "CompositionEvent",
	"customevent": "CustomEvent", "devicemotionevent": "DeviceMotionEvent",
	"deviceorientationevent": "DeviceOrientationEvent", "dragevent": "DragEvent",
	"event": "Event", "events": "Event", "focusevent": "FocusEvent",
	"hashchangeevent": "HashChangeEvent", "htmlevents": "Event", "keyboardevent": "KeyboardEvent",
	"keyboardevents": "KeyboardEvent", "messageevent": "MessageEvent", "mouseevent": "MouseEvent", "mouseevents": "MouseEvent",
	"storageevent": "StorageEvent", "svgevents": "Event", "textevent": "TextEvent",
	"transitionevent": "TransitionEvent", "uievent": "UIEvent", "uievents": "UIEvent",
}

// createEvent https://dom.spec.whatwg.org/#dom-document-createevent
func (w *Window) createEvent(iface string) goja.Value {
	// The table of https://dom.spec.whatwg.org/#dom-document-createevent as
	// desktop Chromium has it: no TouchEvent without touch input, and
	// TransitionEvent besides. A name whose interface is not installed here
	// is not supported.
	// ASCII case-insensitive: strings.ToLower would turn "U\u0130Event"
	// into "uievent".
	kind, ok := createEventKinds[ascii.Lower(iface)]
	if !ok || w.realm.Class(kind) == nil {
		w.realm.ThrowDOMException("NotSupportedError", "The provided event type ('"+iface+"') is invalid.")
	}
	ev := dom.NewEvent("", false, false)
	ev.TimeStamp = webapi.HighResTime(w.loop.Elapsed())
	ev.Detail = &eventData{kind: kind, uninit: true, detail: goja.Null(), view: goja.Null(), state: goja.Null()}
	return w.wrapEvent(ev)
}

// click runs element.click(): a synthetic click event, then the element's
// activation behavior.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-click
func (w *Window) click(n *dom.Node) { w.clickSimulated(n, nil) }

// clickSimulated is click. Its event has no position (offsetX and offsetY
// are 0, as for Chromium's element.click()) unless it stands for the
// click underlying, whose client point it takes: a label forwards the
// click it got to its control so.
func (w *Window) clickSimulated(n *dom.Node, underlying *dom.Event) {
	// A disabled form control ignores click(): its own disabled attribute
	// or a disabled fieldset's. A fieldset is not one (Chromium 156 fires
	// the click of a fieldset with a disabled attribute or inside a
	// disabled fieldset).
	if isHTMLElement(n) {
		switch n.DataAtom {
		case atom.Button, atom.Input, atom.Select, atom.Textarea:
			if actuallyDisabled(n) {
				return
			}
		case atom.Option:
			if n.HasAttribute("disabled") {
				return
			}
		}
	}
	if w.clicking[n] {
		return
	}
	if w.clicking == nil {
		w.clicking = make(map[*dom.Node]bool)
	}
	w.clicking[n] = true
	defer delete(w.clicking, n)
	ev := dom.NewEvent("click", true, true)
	ev.Composed = true
	d := &eventData{kind: "PointerEvent", view: w.global, detail: goja.Null(), state: goja.Null(), simulated: true}
	if underlying != nil && isMouseEvent(underlying) {
		u := evData(underlying)
		d.simulated = false
		d.clientX, d.clientY, d.screenX, d.screenY = u.clientX, u.clientY, u.screenX, u.screenY
	}
	ev.Detail = d
	w.clickWith(n, ev)
}

// sameRadioGroup reports whether radio o is still in n's group.
func sameRadioGroup(n, o *dom.Node) bool {
	return radioGroup(n, func(x *dom.Node) bool { return x == o })
}

func isMouseEvent(ev *dom.Event) bool {
	d, ok := ev.Detail.(*eventData)
	return ok && (d.kind == "MouseEvent" || d.kind == "PointerEvent")
}

// clickWith dispatches a click event at n around n's activation behavior
// and reports whether it was not canceled.
func (w *Window) clickWith(target *dom.Node, ev *dom.Event) bool {
	// Legacy-pre-activation behavior of checkboxes and radios, run on the
	// activation target: the target, or when the event bubbles its nearest
	// ancestor with activation behavior (a bubbling click on the text
	// inside a checkbox toggles it).
	// https://dom.spec.whatwg.org/#concept-event-dispatch (steps 5.4, 5.9.4)
	n := preActivationTarget(target, ev.Bubbles)
	isCheck := n != nil && n.DataAtom == atom.Input && (n.InputType() == "checkbox" || n.InputType() == "radio")
	was, wasIndeterminate := false, false
	var prevRadio *dom.Node // the radio of n's group checked before the click
	if isCheck {
		was = n.Checked()
		if n.InputType() == "checkbox" {
			// A checkbox click clears indeterminate, restored on cancel.
			// https://html.spec.whatwg.org/multipage/input.html#checkbox-state-(type=checkbox)
			wasIndeterminate = n.Indeterminate()
			n.SetIndeterminate(false)
			n.SetChecked(!was)
		} else {
			if was {
				prevRadio = n
			} else {
				radioGroup(n, func(o *dom.Node) bool {
					if o.Checked() {
						prevRadio = o
						return true
					}
					return false
				})
			}
			n.SetChecked(true)
		}
	}
	// The elements whose default handling may take the click: the
	// target and, for a bubbling click, its ancestors as the dispatch
	// finds them (a listener that removes the target from a button
	// still has the button submit, as in Chromium 156).
	var path []*dom.Node
	for a := target; a != nil; a = a.ParentNode() {
		path = append(path, a)
		if !ev.Bubbles {
			break
		}
	}
	w.clickDepth++ // (submit.go: the submissions its listeners make are deferred)
	ok := w.dispatch(target, ev)
	w.clickDepth--
	if isCheck && n.InputType() != "checkbox" && n.InputType() != "radio" {
		// A listener changed the type: the legacy-canceled-activation and
		// activation behavior are those of the new type (a checkbox made
		// a submit button submits its form and keeps its checkedness, as
		// in Chromium 156).
		// https://html.spec.whatwg.org/multipage/input.html#the-input-element (activation behavior)
		isCheck = false
	}
	if isCheck {
		if !ok {
			// Legacy-canceled-activation behavior, of the type the input
			// has now (a listener may have changed it), from the state the
			// type it had saved, as in Chromium 156: a checkbox gets its
			// checkedness and indeterminate flag back; a radio button
			// leaves its indeterminate flag alone (a listener's stays)
			// and checks the radio button of its group that was checked
			// (itself, or one still of its group), or else is unchecked
			// (also one that was a checkbox when the click began).
			// https://html.spec.whatwg.org/multipage/input.html#radio-button-state-(type=radio)
			if n.InputType() == "checkbox" {
				n.SetChecked(was)
				n.SetIndeterminate(wasIndeterminate)
			} else if prevRadio == nil {
				n.SetChecked(false)
			} else if prevRadio == n || sameRadioGroup(n, prevRadio) {
				prevRadio.SetChecked(true)
			}
			return ok
		}
		// The activation behavior fires input and change only for a
		// connected element (a detached checkbox toggles silently): for
		// a checkbox (its type after the listeners) always, even when a
		// listener set its checkedness back, for a radio button only when
		// the click checked it (it was unchecked and still is checked),
		// as in Chromium 156.
		// https://html.spec.whatwg.org/multipage/input.html#checkbox-state-(type=checkbox)
		if n.IsConnected() && (n.InputType() == "checkbox" || !was && n.Checked()) {
			// input is composed, change is not.
			in := dom.NewEvent("input", true, false)
			in.IsTrusted = true
			in.Composed = true
			w.dispatch(n, in)
			w.fire(n, "change", true, false)
		}
		return ok
	}
	if ok {
		// A trusted click (Page.Click's) is a user's: its navigation is
		// userInitiated.
		w.nav.userClick = ev.IsTrusted
		act := w.activationTarget(path, target)
		if act != nil {
			w.activate(act, target)
		}
		// What Chromium does in default event handlers rather than as
		// activation behavior: a command or popovertarget button below
		// the activation target runs its command (a popover button in a
		// form's submit button toggles the popover and the form is
		// submitted), and a label forwards the click.
		w.invokerActivate(target, act, ev.Bubbles)
		w.labelActivate(target, ev)
		w.nav.userClick = false
	}
	return ok
}

// preActivationTarget is the element whose legacy-pre-activation
// behavior a click dispatched at target runs: target itself, or with a
// bubbling event its nearest inclusive ancestor that is a link with an
// href, a button, an input, a label or the summary of a details. Chromium
// stops this search at any button, input or label (a click on a button
// inside a checkbox does not toggle it), unlike activationTarget's.
func preActivationTarget(target *dom.Node, bubbles bool) *dom.Node {
	for a := target; a != nil; a = a.ParentNode() {
		if isHTMLElement(a) {
			switch a.DataAtom {
			case atom.Button, atom.Input, atom.Label:
				return a
			case atom.A, atom.Area:
				if a.HasAttribute("href") {
					return a
				}
			case atom.Summary:
				if detailsOfSummary(a) != nil {
					return a
				}
			}
		}
		if !bubbles {
			return nil
		}
	}
	return nil
}

// activationTarget is the element whose activation behavior a click
// dispatched at target runs: the first element of path (the target and,
// for a bubbling event, the ancestors it had when dispatched) that has
// activation behavior once the listeners have run; nil when none, or
// when a label before it forwards the click to its control (the label
// handles it: a label inside a link clicks its control and the link is
// not followed, as in Chromium 156, whose default event handlers run
// along the event path and stop at the first that handles the click).
func (w *Window) activationTarget(path []*dom.Node, target *dom.Node) *dom.Node {
	for _, a := range path {
		if hasActivationBehavior(a) {
			return a
		}
		if isHTMLElement(a) && a.DataAtom == atom.Label && w.labelForwards(a, target) {
			return nil
		}
	}
	return nil
}

// hasActivationBehavior reports whether a click at or inside n may take n
// as its activation target, as Chromium 156 decides it: a link with an
// href (an SVG a with href or xlink:href too), a checkbox or radio, a
// submit, image or reset control or button with a form owner, a summary
// of its details. A button of type button, an input of type button or
// text, a submit button without a form and a link without href have none,
// so a click on one inside a link or a form's submit button activates
// that.
// https://dom.spec.whatwg.org/#eventtarget-activation-behavior
// (WPT dom/events/activation-behavior-button.tentative)
func hasActivationBehavior(n *dom.Node) bool {
	if isSVGLink(n) {
		_, ok := linkHref(n)
		return ok
	}
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.A, atom.Area:
		return n.HasAttribute("href")
	case atom.Button:
		t, _ := buttonType(n)
		return (t == "submit" || t == "reset") && formOwner(n) != nil
	case atom.Input:
		switch n.InputType() {
		case "checkbox", "radio":
			return true
		case "submit", "image", "reset":
			return formOwner(n) != nil
		}
	case atom.Summary:
		return detailsOfSummary(n) != nil
	}
	return false
}

// activate runs the activation behavior of n, the activation target of a
// click dispatched at target: follow a link, submit or reset a form,
// toggle a details.
func (w *Window) activate(n, target *dom.Node) {
	if isSVGLink(n) {
		w.followHyperlink(n)
		return
	}
	switch n.DataAtom {
	case atom.A, atom.Area:
		w.followHyperlink(n)
	case atom.Button:
		w.activateButton(n) // commands.go
	case atom.Input:
		if actuallyDisabled(n) {
			return
		}
		if f := formOwner(n); f != nil {
			if isSubmitButton(n) {
				w.submitForm(f, n, false)
			} else if n.InputType() == "reset" {
				w.resetForm(f, true)
			}
		}
	case atom.Summary:
		// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-summary-element (activation behavior)
		// A click on interactive content inside the summary (a field, a
		// button, a label) is its own: Chromium does not toggle.
		if d := detailsOfSummary(n); d != nil && !interactiveBetween(target, n) {
			if d.HasAttribute("open") {
				d.RemoveAttribute("open")
			} else {
				w.check(d.SetAttribute("open", ""))
			}
		}
	}
}

// followHyperlink follows the link n (an HTML a or area, or an SVG a) as
// its activation behavior.
// https://html.spec.whatwg.org/multipage/links.html#following-hyperlinks-2
// https://svgwg.org/svg2-draft/linking.html#AElement
func (w *Window) followHyperlink(n *dom.Node) {
	// A link cannot navigate when its document has no browsing
	// context (is not fully active), nor an area that is not
	// connected.
	// https://html.spec.whatwg.org/multipage/links.html#cannot-navigate
	if !w.hasBrowsingContext(n.Document()) || n.DataAtom == atom.Area && !n.IsConnected() {
		return
	}
	href, _ := linkHref(n)
	if isHTMLElement(n) && n.HasAttribute("download") {
		// A download: navigate fires (with downloadRequest), and
		// nothing is downloaded.
		if targetsThisPage(linkTarget(n)) {
			w.nav.downloadLink(n.Document().ResolveURL(href), n)
		}
		return
	}
	// The navigable the target chooses from the link's own
	// (windowopen.go) follows it: the page's, or a frame.
	if f, found := w.chooseNavigable(w.frameOfDocument(n.Document()), linkTarget(n)); found && f == nil {
		w.nav.follow(n.Document().ResolveURL(href), n)
	} else if f != nil {
		if u, ok := w.nav.resolve(n.Document().ResolveURL(href)); ok && u.Scheme != "javascript" {
			w.loop.QueueTask(func() { w.frameLocationNavigate(f, u) })
		}
	}
}

// invokerActivate runs the command or popover target of the nearest
// button or input at or above target, below the click's activation
// target act (a button with activation behavior runs them as its own).
// https://html.spec.whatwg.org/multipage/popover.html#popover-target-attribute-activation-behavior
func (w *Window) invokerActivate(target, act *dom.Node, bubbles bool) {
	for a := target; a != nil && a != act; a = a.ParentNode() {
		if isHTMLElement(a) && (a.DataAtom == atom.Button || a.DataAtom == atom.Input) {
			if a.DataAtom == atom.Button {
				w.activateButton(a)
			} else if !actuallyDisabled(a) {
				w.popoverTargetActivate(a)
			}
			return
		}
		if !bubbles {
			return
		}
	}
}

// labelActivate runs the activation behavior of the nearest label at or
// above target: a click on the label or on its non-interactive content
// clicks its labeled control; one on the control itself, or inside a
// link, button or other control in the label, does not.
// https://html.spec.whatwg.org/multipage/forms.html#the-label-element
func (w *Window) labelActivate(target *dom.Node, ev *dom.Event) {
	for a := target; a != nil; a = a.ParentNode() {
		if isHTMLElement(a) && a.DataAtom == atom.Label {
			if w.labelForwards(a, target) {
				c := w.labelControl(a)
				w.focus(c) // (Chromium focuses the control, then clicks it)
				w.clickSimulated(c, ev)
			}
			return
		}
		if !ev.Bubbles {
			return
		}
	}
}

// labelForwards reports whether a click at target forwarded to label
// clicks its labeled control: it has one, and the click is neither on
// the control or inside it nor on interactive content inside the label.
func (w *Window) labelForwards(label, target *dom.Node) bool {
	c := w.labelControl(label)
	return c != nil && c != target && !c.Contains(target) && !interactiveBetween(target, label)
}

// interactiveBetween reports whether n or an ancestor of n below label is
// interactive content, whose clicks a label does not forward.
func interactiveBetween(n, label *dom.Node) bool {
	for a := n; a != nil && a != label; a = a.ParentNode() {
		if a.Interactive() {
			return true
		}
	}
	return false
}

// labelControl is a label's labeled control: the element its for
// attribute names (the first with that ID in the label's document or
// shadow root) when that is labelable, else nil; without for, its first labelable descendant.
// https://html.spec.whatwg.org/multipage/forms.html#labeled-control
func (w *Window) labelControl(l *dom.Node) *dom.Node {
	if f, ok := l.GetAttribute("for"); ok {
		// The standard looks for the ID in the label's tree, Chromium in
		// its document or shadow root only: a label in a tree of its own
		// (a detached element, a fragment, a template's contents) has no
		// control by ID.
		var found *dom.Node
		if r := l.Root(); r == &l.Document().Node {
			found = l.Document().GetElementByID(f)
		} else if f != "" && r.IsShadowRoot() {
			r.Descendants(func(d *dom.Node) bool {
				if d.IsElement() && d.ID() == f {
					found = d
				}
				return found == nil
			})
		}
		if found != nil && w.labelable(found) {
			return found
		}
		return nil
	}
	var found *dom.Node
	l.Descendants(func(d *dom.Node) bool {
		if w.labelable(d) {
			found = d
			return false
		}
		return true
	})
	return found
}

// labelable reports a labelable element: button, input (not hidden),
// meter, output, progress, select, textarea and form-associated custom
// elements.
// https://html.spec.whatwg.org/multipage/forms.html#category-label
func (w *Window) labelable(n *dom.Node) bool {
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Button, atom.Meter, atom.Output, atom.Progress, atom.Select, atom.Textarea:
		return true
	case atom.Input:
		return n.InputType() != "hidden"
	}
	return w.formAssociated(n)
}

// focus implements the focusing steps, without a real focus model: the
// element becomes document.activeElement and focus/focusin fire.
// https://html.spec.whatwg.org/multipage/interaction.html#focusing-steps
func (w *Window) focus(n *dom.Node) {
	if !n.IsConnected() {
		return
	}
	w.currentFocus()
	if n.Namespace == "" && n.Is(atom.Label) && !w.focusable(n) {
		// Chromium passes a label's focus to its control.
		if c := w.labelControl(n); c != nil && c != n {
			n = c
		}
	}
	if delegatesFocus(n) {
		// https://html.spec.whatwg.org/multipage/interaction.html#get-the-focusable-area
		// (a shadow host that delegates focus): the focus stays where it
		// is inside the host, else goes to the focus delegate.
		if f := w.focused; f != nil && f.IsConnected() && shadowIncludingAncestor(n, f) {
			return
		}
		if n = w.focusDelegate(n); n == nil {
			return
		}
	}
	if w.focused == n || !w.focusable(n) && !(isOpenDialog(n) && w.mayFocus(n)) && !w.focusableScroller(n) {
		return
	}
	old := w.focused
	if old != nil && old.IsConnected() {
		// The old element has lost the focus when blur and focusout
		// fire at it (document.activeElement the body, :focus not
		// matching it), as in Chromium; a handler that focused another
		// element, or removed n, keeps the focus where it put it.
		w.setFocused(nil)
		w.focusEvent(old, "blur", false, n)
		w.focusEvent(old, "focusout", true, n)
		if w.focused != nil || !n.IsConnected() {
			w.nav.focusMoved()
			return
		}
	}
	w.setFocused(n)
	w.nav.focusMoved()
	w.focusEvent(n, "focus", false, old)
	w.focusEvent(n, "focusin", true, old)
}

// autofocusSoon flushes the document's autofocus candidates at the next
// rendering update, as Chromium does.
func (w *Window) autofocusSoon() {
	if w.autofocusDue {
		return
	}
	w.autofocusDue = true
	w.loop.SetFrameTimer(w.loop.Elapsed(), w.flushAutofocus)
}

// flushAutofocus gives the focus to the first autofocus candidate that can
// take it (or its focus delegate), unless something has the focus already;
// after either, the document takes no more candidates.
// https://html.spec.whatwg.org/multipage/interaction.html#flush-autofocus-candidates
func (w *Window) flushAutofocus() {
	w.autofocusDue = false
	d := w.doc
	candidates := d.AutofocusCandidates()
	if len(candidates) == 0 {
		return
	}
	if w.currentFocus() != nil {
		// Something has the focus: the candidates are dropped, and
		// Chromium takes no more (an autofocus element inserted after a
		// blur is not focused).
		d.StopAutofocus()
		return
	}
	for _, el := range candidates {
		if !el.IsConnected() || el.Document() != d || !el.HasAttribute("autofocus") {
			continue
		}
		target := el
		if !w.focusable(el) {
			if target = nil; delegatesFocus(el) {
				target = w.focusDelegate(el)
			}
		}
		if target == nil {
			continue
		}
		d.StopAutofocus()
		w.focusAndScroll(target) // Chromium scrolls to it as for focus()
		return
	}
}

// blurNow takes the focus from f, if it still has it, firing blur and
// focusout (the focus fixup rule run at once).
func (w *Window) blurNow(f *dom.Node) {
	if w.focused != f {
		return
	}
	w.setFocused(nil)
	w.focusEvent(f, "blur", false, nil)
	w.focusEvent(f, "focusout", true, nil)
}

// setPointerModality notes whether the user's latest input was a pointer
// press; :focus-visible may change with it.
func (w *Window) setPointerModality(pointer bool) {
	if w.pointerModality == pointer {
		return
	}
	w.pointerModality = pointer
	if f := w.focused; f != nil {
		f.Document().StateChanged()
	}
}

// setFocused moves the focus to n (nil: none) as :focus and
// :focus-within see it: style memos of the documents of the old and the
// new focused element start over (dom.Document.StateChanged).
func (w *Window) setFocused(n *dom.Node) {
	if old := w.focused; old != nil && old != n {
		old.Document().StateChanged()
	}
	w.focused = n
	if n != nil {
		n.Document().StateChanged()
		if n.HasSelectableText() {
			w.selectionEntersControl(n)
		} else if editingHost(n) {
			w.selectionEntersEditingHost(n)
		}
	}
}

// currentFocus returns the focused element after the focus fixup rule: an
// element that was removed loses the focus to the body; one whose tabindex
// or contenteditable no longer make it focusable loses it with blur and
// focusout, as Chromium fires them when the attribute changes (here when
// the focus is next asked for). One that stops being rendered keeps it:
// Chromium notices that at its next style update, after the script.
// https://html.spec.whatwg.org/multipage/interaction.html#focus-fixup-rule
func (w *Window) currentFocus() *dom.Node {
	f := w.focused
	switch {
	case f == nil:
	case !f.IsConnected():
		w.setFocused(nil)
	case !focusableKind(f) && !delegatesFocus(f) && !(isHTMLElement(f) && f.DataAtom == atom.Dialog) && !w.scrollerByStyle(f) || w.disabledCustomControl(f):
		// (A focused dialog keeps the focus when its open attribute goes,
		// as in Chromium, and so does a focused scroller whose content
		// no longer overflows: Chromium notices that after the script.)
		w.setFocused(nil)
		w.focusEvent(f, "blur", false, nil)
		w.focusEvent(f, "focusout", true, nil)
	}
	return w.focused
}

// focusIn returns the element of document d in the focus chain: the
// focused element when it is in d, or the container of the frame whose
// document holds it (a frame of d, or of one of d's frames), as
// document.activeElement shows it; nil when the focus is elsewhere or d
// has no browsing context.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-documentorshadowroot-activeelement
func (w *Window) focusIn(d *dom.Document) *dom.Node {
	el := w.currentFocus()
	if el == nil || !w.hasBrowsingContext(d) {
		return nil
	}
	for el.Document() != d {
		f := w.frames.byDoc[el.Document()]
		if f == nil || f.gone || f.doc != el.Document() || f.el == nil {
			return nil
		}
		el = f.el
	}
	return el
}

// focusFixupSoon runs the focus fixup rule at the next rendering update,
// as Chromium does, for a change that may have put the focused element in
// an inert subtree or out of the rendering (a hidden, inert, style or class
// attribute on it or an ancestor; a move with moveBefore(), which keeps the
// focus at the time). https://html.spec.whatwg.org/multipage/interaction.html#focus-fixup-rule
func (w *Window) focusFixupSoon() {
	if w.focusFixupDue {
		return
	}
	w.focusFixupDue = true
	w.loop.SetFrameTimer(w.loop.Elapsed(), func() {
		w.focusFixupDue = false
		f := w.focused
		if f == nil || !f.IsConnected() {
			return
		}
		gone := w.inertByAttr(f) || !w.beingRendered(f)
		if !gone {
			v, _ := w.computedValue(f, "visibility")
			gone = v == "hidden" || v == "collapse"
		}
		if gone {
			w.setFocused(nil)
			w.focusEvent(f, "blur", false, nil)
			w.focusEvent(f, "focusout", true, nil)
		}
	})
}

// focusFixupAttributes are the attributes whose change on the focused
// element or an ancestor may take it out of the rendering or make it inert
// (open: a dialog or details that closes hides what is in it).
var focusFixupAttributes = map[string]bool{"hidden": true, "inert": true, "style": true, "class": true, "open": true}

// focusedRemoved is the document's BeforeRemove hook: a focused element
// that is about to leave the document (n, or a child of n with children)
// loses the focus first, with blur and focusout, document.activeElement
// already the body, as Chromium fires them before it removes the node
// (the focus fixup rule, https://html.spec.whatwg.org/multipage/interaction.html#focus-fixup-rule,
// run at the removal).
func (w *Window) focusedRemoved(n *dom.Node, children bool) {
	if s := w.sel; s != nil && s.control != nil && !(children && s.control == n) && shadowIncludingAncestor(n, s.control) {
		// The selection was in the removed field's inner editor: it is
		// the range's again (before the field), as in Chromium.
		s.control = nil
	}
	f := w.focused
	if f == nil || children && f == n || !shadowIncludingAncestor(n, f) || !f.IsConnected() {
		return
	}
	w.setFocused(nil)
	w.focusEvent(f, "blur", false, nil)
	w.focusEvent(f, "focusout", true, nil)
}

// focusedAdopted is focusedRemoved for adoptNode(n), which takes n out of
// its parent without the removal hook: the focused element in n loses the
// focus with blur alone (no focusout), as in Chromium 156.
func (w *Window) focusedAdopted(n *dom.Node) {
	f := w.focused
	if n == nil || n.Type == html.DocumentNode || n.IsShadowRoot() || f == nil || !f.IsConnected() || !shadowIncludingAncestor(n, f) {
		return
	}
	w.setFocused(nil)
	w.focusEvent(f, "blur", false, nil)
}

func (w *Window) blur(n *dom.Node) {
	w.currentFocus()
	// A shadow host blurs the focus of its shadow trees: it is what its
	// tree sees focused (Chromium's adjusted focused element).
	if f := w.focused; f != n && (f == nil || !f.IsConnected() || retargetFocus(f, n.Root()) != n) {
		return
	}
	n = w.focused
	w.setFocused(nil)
	w.nav.focusMoved()
	w.focusEvent(n, "blur", false, nil)
	w.focusEvent(n, "focusout", true, nil)
}

func (w *Window) focusEvent(n *dom.Node, typ string, bubbles bool, related *dom.Node) {
	ev := dom.NewEvent(typ, bubbles, false)
	ev.IsTrusted = true
	ev.Composed = true
	if related != nil {
		ev.SetRelatedTarget(related)
	}
	ev.Detail = &eventData{kind: "FocusEvent", view: w.global, detail: goja.Null(), state: goja.Null()}
	w.dispatch(n, ev)
}

// delegatesFocus reports a shadow host whose shadow root delegates focus.
func delegatesFocus(n *dom.Node) bool {
	sr := n.ShadowRoot()
	return sr != nil && sr.ShadowInit().DelegatesFocus
}

// focusDelegate returns the element a shadow host that delegates focus
// passes it to: the first autofocus element of its shadow tree that can
// take it, else the first focusable area among the shadow root's
// descendants in tree order (not the nodes slotted into it, nor the shadow
// trees of hosts that do not delegate focus, as in Chromium), looking into
// nested hosts that delegate too; nil when there is none.
// https://html.spec.whatwg.org/multipage/interaction.html#focus-delegate
func (w *Window) focusDelegate(host *dom.Node) *dom.Node {
	return w.focusDelegateSearch(host.ShadowRoot(), false)
}

// focusDelegateIn is the focus delegate search of the dialog focusing
// steps over a dialog's descendants in flat tree order: a shadow tree in
// place of its host's children, a slot's assigned nodes in place of its own
// (Material's dialog gives the focus to the button slotted into its
// actions).
// https://html.spec.whatwg.org/multipage/interaction.html#focus-delegate
func (w *Window) focusDelegateIn(root *dom.Node) *dom.Node {
	return w.focusDelegateSearch(root, true)
}

// focusDelegateSearch looks through root's descendants, in flat tree order
// when flat is set, else in tree order. A host that delegates focus gives
// its own delegate.
func (w *Window) focusDelegateSearch(root *dom.Node, flat bool) *dom.Node {
	var auto, first *dom.Node
	var visit func(kids []*dom.Node, depth int) bool
	visit = func(kids []*dom.Node, depth int) bool {
		for _, d := range kids {
			if !d.IsElement() {
				continue
			}
			var area *dom.Node
			delegates := delegatesFocus(d)
			if delegates {
				area = w.focusDelegate(d)
			} else if w.focusable(d) || isOpenDialog(d) && w.mayFocus(d) {
				// (an open dialog is a focusable area to Chromium
				// 156's delegate search too)
				area = d
			}
			if area != nil {
				if first == nil {
					first = area
				}
				if d.HasAttribute("autofocus") {
					auto = area
					return false
				}
			}
			if depth >= maxFocusDelegateDepth {
				continue
			}
			if flat {
				if !delegates && !visit(flatKids(d), depth+1) {
					return false
				}
			} else if !visit(d.ChildNodeList(), depth+1) {
				return false
			}
		}
		return true
	}
	visit(root.ChildNodeList(), 0)
	if auto != nil {
		return auto
	}
	return first
}

// maxFocusDelegateDepth bounds how deep the focus delegate search goes.
const maxFocusDelegateDepth = 1024

// flatKids are element n's children in the flat tree: its shadow tree's,
// a slot's assigned nodes (its own children when none are assigned).
func flatKids(n *dom.Node) []*dom.Node {
	if sr := n.ShadowRoot(); sr != nil {
		return sr.ChildNodeList()
	}
	if n.IsHTML() && n.Data == "slot" && n.Root().IsShadowRoot() {
		if a := n.AssignedNodes(true); len(a) > 0 {
			return a
		}
	}
	return n.ChildNodeList()
}

// shadowIncludingAncestor reports whether a is a shadow-including
// inclusive ancestor of n.
func shadowIncludingAncestor(a, n *dom.Node) bool {
	for ; n != nil; n = n.ShadowIncludingParent() {
		if n == a {
			return true
		}
	}
	return false
}

// focusable approximates Chromium's focusable areas: a connected, visible
// element being rendered that is focusable by kind (a link, an enabled form
// control, an iframe, a details element's summary...), by a valid tabindex,
// or as an editing host.
// https://html.spec.whatwg.org/multipage/interaction.html#focusable-area
func (w *Window) focusable(n *dom.Node) bool {
	return n.IsElement() && focusableKind(n) && !w.disabledCustomControl(n) && w.mayFocus(n)
}

// disabledCustomControl reports whether n is a disabled form-associated
// custom element, which is not focusable whatever its tabindex.
func (w *Window) disabledCustomControl(n *dom.Node) bool {
	return w.formAssociated(n) && actuallyDisabled(n)
}

// mayFocus reports whether an element that is a focusable area by its
// kind, or an open dialog, can take the focus: connected, not inert, not
// blocked by a modal dialog, rendered and visible.
func (w *Window) mayFocus(n *dom.Node) bool {
	if !n.IsConnected() || w.inert(n) || !w.beingRendered(n) || inSelect(n) || w.inSkippedContents(n, false) {
		return false
	}
	if w.display(n) == "contents" {
		return false // no box of its own (Chromium focuses no display: contents element)
	}
	if dom.SVGHiddenContainer(n) {
		return false // an SVG resource is painted only where it is used
	}
	v, _ := w.computedValue(n, "visibility")
	return v != "hidden" && v != "collapse"
}

// inSelect reports whether n is inside a select element: its options,
// optgroups and whatever else it holds are drawn by the select (or its
// closed picker), not as boxes of their own, and Chromium focuses none of
// them, whatever their tabindex.
func inSelect(n *dom.Node) bool {
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if isHTMLElement(p) && p.DataAtom == atom.Select {
			return true
		}
	}
	return false
}

// isOpenDialog reports whether n is an HTML dialog with the open
// attribute: the focusing steps take one that is no focusable area too
// (dialog.focus(), and the dialog focusing steps of a dialog with nothing
// focusable in it), and it keeps the focus.
// https://html.spec.whatwg.org/multipage/interaction.html#focusing-steps
func isOpenDialog(n *dom.Node) bool {
	return isHTMLElement(n) && n.DataAtom == atom.Dialog && n.HasAttribute("open")
}

// inertByAttr reports whether node n is inert by an inert attribute on it
// or a flat-tree ancestor, up to an open modal dialog: a dialog in the top
// layer escapes the inert attributes of its ancestors, not its own.
// https://html.spec.whatwg.org/multipage/interaction.html#the-inert-attribute
func (w *Window) inertByAttr(n *dom.Node) bool {
	for ; n != nil; n = flatParent(n) {
		if isHTMLElement(n) && n.HasAttribute("inert") {
			return true
		}
		if w.modals[n] && isOpenDialog(n) {
			return false
		}
	}
	return false
}

// inert reports whether node n is inert: by an inert attribute
// (inertByAttr), or blocked by a modal dialog.
// https://html.spec.whatwg.org/multipage/interaction.html#inert
func (w *Window) inert(n *dom.Node) bool {
	return w.inertByAttr(n) || w.blockedByModal(n)
}

// focusAttributes are the attributes focusableKind reads, on the element or
// (contenteditable, disabled) an ancestor: a change of one runs the focus
// fixup at once, as Chromium does.
var focusAttributes = map[string]bool{"tabindex": true, "contenteditable": true, "disabled": true, "href": true, "type": true, "controls": true}

func focusableKind(n *dom.Node) bool {
	if n.Namespace == "" && disabledControl(n) {
		return false // a tabindex does not make it focusable
	}
	if v, ok := n.GetAttribute("tabindex"); ok {
		if _, valid := parseHTMLInteger(v); valid {
			return true
		}
	}
	if editingHost(n) {
		return true
	}
	if n.Namespace == "svg" && n.Data == "a" {
		return n.HasAttribute("href") || n.HasAttributeNS("http://www.w3.org/1999/xlink", "href")
	}
	if n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.A, atom.Area:
		return n.HasAttribute("href")
	case atom.Input:
		return n.InputType() != "hidden" && !actuallyDisabled(n)
	case atom.Button, atom.Select, atom.Textarea:
		return !actuallyDisabled(n)
	case atom.Iframe:
		return true
	case atom.Summary:
		p := n.ParentElement()
		return p != nil && p.Is(atom.Details) && p.FirstSummary() == n
	case atom.Audio, atom.Video:
		return n.HasAttribute("controls")
	}
	return false
}

// disabledControl reports whether n is a disabled button, input, select,
// textarea, optgroup or option: not focusable, whatever its tabindex, as in
// Chromium. (A disabled form-associated custom element is checked by
// Window.focusable, which knows the custom elements.)
// https://html.spec.whatwg.org/multipage/semantics-other.html#concept-element-disabled
func disabledControl(n *dom.Node) bool {
	switch n.DataAtom {
	case atom.Button, atom.Input, atom.Select, atom.Textarea:
		return actuallyDisabled(n)
	case atom.Optgroup:
		return n.HasAttribute("disabled")
	case atom.Option:
		if n.HasAttribute("disabled") {
			return true
		}
		p := n.ParentElement()
		return p != nil && isHTMLElement(p) && p.DataAtom == atom.Optgroup && p.HasAttribute("disabled")
	}
	return false
}

// contentEditableState is the state of n's contenteditable attribute:
// "true" (also for "" and plaintext-only), "false", or "inherit" (absent or
// an invalid value, or on an element that is not HTML: contenteditable is
// an HTML element's attribute, so an `<svg contenteditable>` is no editing
// host and takes no focus in Chromium, though it inherits editability).
// https://html.spec.whatwg.org/multipage/interaction.html#attr-contenteditable
func contentEditableState(n *dom.Node) string {
	v, ok := n.GetAttribute("contenteditable")
	if !ok || !n.IsHTML() {
		return "inherit"
	}
	switch ascii.Lower(v) {
	case "", "true", "plaintext-only":
		return "true"
	case "false":
		return "false"
	}
	return "inherit"
}

// contentEditable reports whether n is editable: the nearest element with a
// contenteditable state other than inherit says true.
func contentEditable(n *dom.Node) bool {
	for a := n; a != nil && a.IsElement(); a = a.ParentElement() {
		switch contentEditableState(a) {
		case "true":
			return true
		case "false":
			return false
		}
	}
	return false
}

// editingHost reports an element whose contenteditable makes it editable
// while its parent is not: the element that takes the focus.
// https://html.spec.whatwg.org/multipage/interaction.html#editing-host
func editingHost(n *dom.Node) bool {
	if contentEditableState(n) != "true" {
		return false
	}
	p := n.ParentElement()
	return p == nil || !contentEditable(p)
}

// beingRendered reports whether n has a box: it and its ancestors (through
// shadow hosts) are not display: none, and it is not in the hidden part of
// a closed details element.
// https://html.spec.whatwg.org/multipage/rendering.html#being-rendered
func (w *Window) beingRendered(n *dom.Node) bool {
	for a := n; a != nil; {
		if w.display(a) == "none" {
			return false
		}
		if a.Namespace == "" && a.Is(atom.Noscript) {
			// no box with scripting enabled, though its computed
			// display stays inline (Chromium)
			return false
		}
		p := a.ParentElement()
		if p == nil {
			if h := a.ParentNode(); h != nil && h.IsShadowRoot() {
				p = h.Host()
			}
		}
		if p != nil && p.Namespace == "" && p.Is(atom.Details) && !p.HasAttribute("open") &&
			!(a.Is(atom.Summary) && p.FirstSummary() == a) {
			return false
		}
		if p != nil && a.ParentNode() == p && p.ShadowRoot() != nil && a.AssignedSlot() == nil {
			return false // a child of a shadow host no slot takes: not in the flat tree
		}
		if p != nil && w.childUnrendered(a, p) {
			return false
		}
		if svgChildUnrendered(a, p) {
			return false
		}
		a = p
	}
	return true
}

// svgChildUnrendered tells whether a, an element whose parent element (or
// shadow host) is p, is an SVG element without a box: Chromium lays out an
// SVG element other than an <svg> root only where its parent's box takes
// it (a foreignObject, g or rect put straight in HTML has none, nor has an
// element of unknown name, a desc or a rect in a rect), nor its
// descendants (dom.SVGUnboxed).
func svgChildUnrendered(a, p *dom.Node) bool {
	return dom.SVGUnboxed(a, p)
}

// htmlChildUnrendered tells whether an HTML element that is a child of p
// has no box: in SVG outside foreignObject, in MathML outside its token
// elements (mi, mo, mn, ms, mtext) and annotation-xml.
func htmlChildUnrendered(p *dom.Node) bool {
	switch p.Namespace {
	case "svg":
		return p.Data != "foreignObject"
	case "math":
		switch p.Data {
		case "mi", "mo", "mn", "ms", "mtext", "annotation-xml":
			return false
		}
		return true
	}
	return false
}

// childUnrendered tells whether a, a child of p, has no box because of
// what p is: an element that renders none of its children, or an SVG or
// MathML one that renders no HTML child. A column group renders its
// columns (a table places them: flow.go's placeColumns).
func (w *Window) childUnrendered(a, p *dom.Node) bool {
	if p.Is(atom.Frameset) {
		// a frameset's box takes frames and framesets only
		// (Chromium's LayoutFrameSet), wherever the frameset is
		return !a.Is(atom.Frame) && !a.Is(atom.Frameset)
	}
	if p.Is(atom.Frame) {
		// a frame a frameset lays out shows its document, not its
		// children
		if g := p.ParentElement(); g != nil && g.Is(atom.Frameset) {
			return true
		}
	}
	if childrenUnrendered(p) {
		return !p.Is(atom.Colgroup) || w.display(p) != "table-column-group" || w.display(a) != "table-column"
	}
	switch w.display(p) {
	case "table-column":
		// a column's children, whatever their display, have no box;
		// a column group's have none but its columns (css-tables-3's
		// fixup, as Chromium)
		// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
		return true
	case "table-column-group":
		if w.display(a) != "table-column" {
			return true
		}
	}
	return a.Namespace == "" && htmlChildUnrendered(p)
}

// childrenUnrendered tells whether p renders none of its children, as
// Chromium gives them no box: media elements (their fallback content),
// meters and progress bars, images, inputs, iframes, embeds, objects
// not showing their fallback content, textareas, options
// (drawn as their text), line breaks, word breaks, columns and column
// groups (children script put there, but a group's columns:
// childUnrendered; testdata/wpt/lead68-unrendered-focus.html),
// and SVG's resources, painted only where they are
// referenced (defs, clipPath, mask, pattern, marker, symbol, gradients,
// filters).
func childrenUnrendered(p *dom.Node) bool {
	switch p.Namespace {
	case "":
		switch p.DataAtom {
		case atom.Video, atom.Audio, atom.Meter, atom.Progress, atom.Img, atom.Input, atom.Iframe, atom.Textarea, atom.Colgroup,
			atom.Option, atom.Br, atom.Wbr, atom.Col, atom.Embed:
			return true
		case atom.Object:
			return !p.ShowsFallback()
		}
	case "svg":
		switch p.Data {
		case "defs", "clipPath", "mask", "pattern", "marker", "symbol", "linearGradient", "radialGradient", "filter":
			return true
		}
	}
	return false
}

// isSVGLink reports whether n is an SVG a element.
func isSVGLink(n *dom.Node) bool {
	return n != nil && n.Type == html.ElementNode && n.Namespace == "svg" && n.Data == "a"
}

// linkHref is the URL attribute of a link and whether it has one: href
// for an HTML a or area; href, else xlink:href, for an SVG a.
// https://svgwg.org/svg2-draft/linking.html#XLinkRefAttrs
func linkHref(n *dom.Node) (string, bool) {
	if n.Namespace == "svg" {
		return svgHref(n)
	}
	return n.GetAttribute("href")
}
