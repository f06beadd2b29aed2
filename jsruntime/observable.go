package jsruntime

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// The Observable API (https://wicg.github.io/observable/): Observable,
// Subscriber and EventTarget.prototype.when, as Chromium 156 ships them.
// The interfaces are written in JavaScript (observable.js, compiled once
// per process), as the proposal describes them in terms of callbacks,
// promises and abort signals; the helpers here give that script what it
// cannot reach from a page's global without trusting it: the window's
// AbortSignal internals, native promises, the report of an exception, and
// event listeners. The script runs on a page's first use of Observable,
// Subscriber or when(), so a window that never touches them pays two
// placeholders and one prototype method.

//go:embed observable.js
var observableSource string

var observableProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile(observableFile, observableSource, true)
})

// observableFile names observable.js in stack traces: its frames are
// skipped when an exception's position is looked for.
const observableFile = "bangsnap:observable.js"

// observableAPI is what observable.js made for a window.
type observableAPI struct {
	observable, subscriber *goja.Object
	when                   goja.Callable
}

// installObservable puts the placeholders of Observable and Subscriber on
// the window (NetworkExtension: the API needs AbortSignal).
func (w *Window) installObservable() error {
	for _, name := range []string{"Observable", "Subscriber"} {
		if err := w.realm.DefineLazy(w.global, name, func() goja.Value {
			api := w.observableAPI()
			if name == "Observable" {
				return api.observable
			}
			return api.subscriber
		}); err != nil {
			return fmt.Errorf("jsruntime: install %s: %w", name, err)
		}
	}
	return nil
}

// observableAPI runs observable.js for w on first use. Without the
// network extension there is no AbortSignal, and when() throws.
func (w *Window) observableAPI() *observableAPI {
	if w.observables != nil {
		return w.observables
	}
	if w.net == nil || w.realm.Class("AbortSignal") == nil {
		w.realm.ThrowTypeError("Observable is not available: the window has no AbortSignal")
	}
	prg, err := observableProgram()
	if err != nil {
		panic(w.rt.NewGoError(fmt.Errorf("jsruntime: compile observable.js: %w", err)))
	}
	v, err := w.rt.RunProgram(prg)
	if err != nil {
		panic(err) // a bug in observable.js: thrown into the page
	}
	install, _ := goja.AssertFunction(v)
	v, err = install(goja.Undefined(), w.observableHelpers())
	if err != nil {
		panic(err)
	}
	out := v.ToObject(w.rt)
	api := &observableAPI{}
	api.observable, _ = out.Get("Observable").(*goja.Object)
	api.subscriber, _ = out.Get("Subscriber").(*goja.Object)
	api.when, _ = goja.AssertFunction(out.Get("when"))
	if api.observable == nil || api.subscriber == nil || api.when == nil {
		panic(w.rt.NewGoError(fmt.Errorf("jsruntime: observable.js made no interfaces")))
	}
	w.markObservableNatives(api)
	if brand, ok := goja.AssertFunction(out.Get("brand")); ok {
		w.realm.AddScriptedInterfaces(func(o *goja.Object) string {
			n, err := brand(goja.Undefined(), o)
			if err != nil {
				return ""
			}
			return n.String()
		})
	}
	w.observables = api
	return api
}

// markObservableNatives makes Function.prototype.toString print the
// interface objects and their members as built-ins.
func (w *Window) markObservableNatives(api *observableAPI) {
	mark := func(o *goja.Object) {
		for _, k := range o.GetOwnPropertyNames() {
			if k == "constructor" || k == "prototype" || k == "length" || k == "name" || accessorGetter(w.rt, o, k) != nil {
				continue
			}
			if f, ok := o.Get(k).(*goja.Object); ok {
				if _, isFn := goja.AssertFunction(f); isFn {
					w.realm.MarkNative(f, k)
				}
			}
		}
	}
	for _, c := range []struct {
		ctor *goja.Object
		name string
	}{{api.observable, "Observable"}, {api.subscriber, "Subscriber"}} {
		w.realm.MarkNative(c.ctor, c.name)
		mark(c.ctor)
		if p, ok := c.ctor.Get("prototype").(*goja.Object); ok {
			mark(p)
			if c.name == "Subscriber" {
				for _, k := range []string{"active", "signal"} {
					if g := accessorGetter(w.rt, p, k); g != nil {
						w.realm.MarkNative(g, "get "+k)
					}
				}
			}
		}
	}
}

// accessorGetter returns the getter of o's own accessor property name.
func accessorGetter(rt *goja.Runtime, o *goja.Object, name string) *goja.Object {
	oc, _ := rt.GlobalObject().Get("Object").(*goja.Object)
	if oc == nil {
		return nil
	}
	gopd, ok := goja.AssertFunction(oc.Get("getOwnPropertyDescriptor"))
	if !ok {
		return nil
	}
	d, err := gopd(oc, o, rt.ToValue(name))
	if err != nil {
		return nil
	}
	if desc, ok := d.(*goja.Object); ok {
		g, _ := desc.Get("get").(*goja.Object)
		return g
	}
	return nil
}

// observableHelpers is the object of native helpers observable.js is
// given.
func (w *Window) observableHelpers() *goja.Object {
	r, rt := w.realm, w.rt
	h := rt.NewObject()
	set := func(name string, f func(call goja.FunctionCall) goja.Value) {
		_ = h.Set(name, rt.ToValue(f))
	}
	signalOf := func(v goja.Value) *abortSignal {
		impl, ok := r.UnwrapAs(v, r.Class("AbortSignal"))
		if !ok {
			r.ThrowTypeError("Failed to convert value to 'AbortSignal'.")
		}
		return impl.(*abortSignal)
	}
	wrapSignal := func(s *abortSignal) goja.Value { return r.WrapObject(s, r.Class("AbortSignal")) }
	set("report", func(call goja.FunctionCall) goja.Value {
		w.reportValue(call.Argument(0))
		return nil
	})
	// controller() is [signal, abort(reason?)]: an AbortController the
	// page cannot reach.
	set("controller", func(goja.FunctionCall) goja.Value {
		sig := newAbortSignal(w.net, xhr.NewAbortSignal())
		abort := rt.ToValue(func(call goja.FunctionCall) goja.Value {
			var reason goja.Value
			if len(call.Arguments) > 0 {
				reason = call.Arguments[0]
			}
			sig.abort(w.net, abortReason(r, reason))
			return nil
		})
		return rt.NewArray(wrapSignal(sig), abort)
	})
	// onAbort(signal, fn) adds an abort algorithm and returns its removal.
	set("onAbort", func(call goja.FunctionCall) goja.Value {
		sig := signalOf(call.Argument(0))
		f, ok := goja.AssertFunction(call.Argument(1))
		if !ok {
			r.ThrowTypeError("onAbort: not a function")
		}
		remove := sig.s.Add(func() { w.call(f, goja.Undefined()) })
		return rt.ToValue(func(goja.FunctionCall) goja.Value {
			remove()
			return nil
		})
	})
	set("any", func(call goja.FunctionCall) goja.Value {
		signals := make([]*abortSignal, 0, len(call.Arguments))
		for _, v := range call.Arguments {
			signals = append(signals, signalOf(v))
		}
		return wrapSignal(anySignal(w.net, signals))
	})
	set("isSignal", func(call goja.FunctionCall) goja.Value {
		_, ok := r.UnwrapAs(call.Argument(0), r.Class("AbortSignal"))
		return rt.ToValue(ok)
	})
	set("aborted", func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(signalOf(call.Argument(0)).s.Aborted())
	})
	set("reason", func(call goja.FunctionCall) goja.Value {
		return signalReason(signalOf(call.Argument(0)).s)
	})
	set("isPromise", func(call goja.FunctionCall) goja.Value {
		o, ok := call.Argument(0).(*goja.Object)
		if !ok {
			return valFalse
		}
		_, isP := o.Export().(*goja.Promise)
		return rt.ToValue(isP)
	})
	// deferred() is [promise, resolve, reject] of a native promise.
	set("deferred", func(goja.FunctionCall) goja.Value {
		p, resolve, reject := rt.NewPromise()
		return rt.NewArray(p, rt.ToValue(func(call goja.FunctionCall) goja.Value {
			_ = resolve(call.Argument(0))
			return nil
		}), rt.ToValue(func(call goja.FunctionCall) goja.Value {
			_ = reject(call.Argument(0))
			return nil
		}))
	})
	// resolve(v) is a native promise resolved with v, rejected(e) one
	// rejected with e, then(p, f, g) the native then.
	set("resolve", func(call goja.FunctionCall) goja.Value {
		p, resolve, _ := rt.NewPromise()
		_ = resolve(call.Argument(0))
		return rt.ToValue(p)
	})
	set("rejected", func(call goja.FunctionCall) goja.Value {
		p, _, reject := rt.NewPromise()
		_ = reject(call.Argument(0))
		return rt.ToValue(p)
	})
	probe, _, _ := rt.NewPromise()
	then, _ := goja.AssertFunction(rt.ToValue(probe).ToObject(rt).Prototype().Get("then"))
	set("then", func(call goja.FunctionCall) goja.Value {
		if then == nil {
			r.ThrowTypeError("then: no Promise.prototype.then")
		}
		v, err := then(call.Argument(0), call.Argument(1), call.Argument(2))
		if err != nil {
			panic(err)
		}
		return v
	})
	return h
}

// jsWhen is EventTarget.prototype.when(type, options): an Observable whose
// every subscription adds an event listener of its own to the target,
// removed when the subscription ends.
// https://wicg.github.io/observable/#dom-eventtarget-when
func jsWhen(r *bind.Realm, this any, args []goja.Value) goja.Value {
	w := win(r)
	if len(args) < 1 {
		r.ThrowTypeError("Failed to execute 'when' on 'EventTarget': 1 argument required, but only 0 present.")
	}
	typ := bind.DOMString(args[0])
	var capture, passive, passiveSet bool
	switch o := bind.Arg(args, 1).(type) {
	case *goja.Object:
		capture = optionFlag(o, "capture")
		if v := o.Get("passive"); !bind.Absent(v) {
			passive, passiveSet = v.ToBoolean(), true
		}
	default:
		if !bind.Nullish(o) {
			r.ThrowTypeError("Failed to execute 'when' on 'EventTarget': The provided value is not of type 'ObservableEventListenerOptions'.")
		}
	}
	api := w.observableAPI()
	t := w.targetOf(this)
	if !passiveSet {
		passive = defaultPassive(typ, t)
	}
	listen := r.NewFunction("", 2, func(call goja.FunctionCall) goja.Value {
		f, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			return nil
		}
		sig, _, _ := w.realm.Unwrap(call.Argument(1))
		l := &observableListener{w: w, next: f}
		opts := dom.ListenerOptions{Capture: capture, Passive: passive}
		if !t.Listeners().AddEventListener(typ, l, opts) {
			return nil
		}
		if s, ok := sig.(*abortSignal); ok {
			s.s.Add(func() { t.Listeners().RemoveRegistration(typ, l, capture) })
		}
		return nil
	})
	v, err := api.when(goja.Undefined(), listen)
	if err != nil {
		panic(err)
	}
	return v
}

// An observableListener passes the events of a when() subscription to
// its subscriber. Unlike a page's listener it does not set window.event
// (Chromium 156 leaves it undefined).
type observableListener struct {
	w    *Window
	next goja.Callable
}

// ListenerKey is the listener itself: each subscription adds its own.
func (l *observableListener) ListenerKey() any { return l }

func (l *observableListener) HandleEvent(ev *dom.Event) {
	l.w.call(l.next, goja.Undefined(), l.w.wrapEvent(ev))
}

// reportValue is "report the exception" for a thrown value v: the
// window's error event, located where v was made when it is an Error
// object of a page's script (its stack), else at the page's script running
// now, as Chromium locates them.
func (w *Window) reportValue(v goja.Value) {
	se := &ScriptError{Message: "Uncaught " + exceptionMessage(v)}
	located := false
	if o, ok := v.(*goja.Object); ok {
		var stack goja.Value
		_ = w.rt.Try(func() { stack = o.Get("stack") })
		if s, ok := stack.(goja.String); ok {
			located = locateStack(se, s.String())
		}
	}
	if !located {
		for _, f := range w.rt.CaptureCallStack(32, nil) {
			p := f.Position()
			if p.Filename == "" || p.Filename == observableFile || strings.HasPrefix(p.Filename, "bangsnap:") {
				continue
			}
			se.Source, se.Line, se.Column = p.Filename, p.Line, p.Column
			break
		}
	}
	w.reportScriptError(se, v)
}

// stackFrame matches a frame of goja's Error.stack:
// "at name (file:line:column(pc))" or "at file:line:column(pc)".
var stackFrame = regexp.MustCompile(`^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\(\d+\)\)?\s*$`)

// locateStack sets se's position from the first frame of stack outside
// bangsnap's own scripts.
func locateStack(se *ScriptError, stack string) bool {
	for _, line := range strings.Split(stack, "\n") {
		m := stackFrame.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[1], "bangsnap:") {
			continue
		}
		se.Source = m[1]
		se.Line, _ = strconv.Atoi(m[2])
		se.Column, _ = strconv.Atoi(m[3])
		return true
	}
	return false
}
