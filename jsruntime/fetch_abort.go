package jsruntime

import (
	"errors"
	"slices"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// The JavaScript side of the network APIs: AbortController/AbortSignal
// (here), Headers/Blob/File/FormData (fetch_body.go), Request/Response/fetch
// (fetch.go) and XMLHttpRequest (xhr.go), bound to the Go implementations of
// package xhr. NetworkExtension installs them all.

// abortSignal is the implementation behind an AbortSignal; its reason is
// kept in s as a goja.Value. A signal made by AbortSignal.any is dependent:
// it has source signals, and each source lists it among its dependents.
// https://dom.spec.whatwg.org/#interface-AbortSignal
type abortSignal struct {
	s          *xhr.AbortSignal
	sources    []*abortSignal
	dependents []*abortSignal
	// quiet holds back the abort event while dependents are being marked
	// aborted before their source's event fires.
	quiet bool
	// task is set on a TaskSignal (scheduler.go).
	task *taskSignalState
}

type abortController struct {
	signal *abortSignal
}

// newAbortSignal returns a signal whose abort fires "abort" at its wrapper.
func newAbortSignal(w *netEnv, s *xhr.AbortSignal) *abortSignal {
	sig := &abortSignal{s: s}
	s.OnAbort = func() {
		if !sig.quiet {
			w.fire(sig, "abort")
		}
	}
	return sig
}

// abort is "signal abort": dependents are marked aborted first, then the
// signal's abort algorithms run and its event fires, then each dependent's
// event fires.
// https://dom.spec.whatwg.org/#abortsignal-signal-abort
func (sig *abortSignal) abort(w *netEnv, reason goja.Value) {
	if sig.s.Aborted() {
		return
	}
	var deps []*abortSignal
	for _, d := range sig.dependents {
		if !d.s.Aborted() {
			d.quiet = true
			d.s.Abort(reason)
			d.quiet = false
			deps = append(deps, d)
		}
	}
	sig.s.Abort(reason)
	for _, d := range deps {
		w.fire(d, "abort")
	}
}

// anySignal is "create a dependent abort signal".
// https://dom.spec.whatwg.org/#create-a-dependent-abort-signal
func anySignal(w *netEnv, signals []*abortSignal) *abortSignal {
	out := newAbortSignal(w, xhr.NewAbortSignal())
	for _, s := range signals {
		if s.s.Aborted() {
			out.s.Abort(s.s.Reason())
			return out
		}
	}
	for _, s := range signals {
		srcs := []*abortSignal{s}
		if s.sources != nil {
			srcs = s.sources
		}
		for _, src := range srcs {
			if !slices.Contains(out.sources, src) {
				out.sources = append(out.sources, src)
				src.dependents = append(src.dependents, out)
			}
		}
	}
	if out.sources == nil {
		out.sources = []*abortSignal{}
	}
	return out
}

// abortReason is the reason given to abort(), or a new "AbortError"
// DOMException when there is none.
func abortReason(r *bind.Realm, v goja.Value) goja.Value {
	if bind.Absent(v) {
		return r.NewDOMException("AbortError", "signal is aborted without reason")
	}
	return v
}

func sigOf(this any) *abortSignal { return this.(*abortSignal) }

func signalReason(s *xhr.AbortSignal) goja.Value {
	if v, ok := s.Reason().(goja.Value); ok {
		return v
	}
	return goja.Undefined()
}

// abortSignalIface declares AbortSignal.
// https://dom.spec.whatwg.org/#interface-AbortSignal
var abortSignalIface = &bind.Interface{
	Name:   "AbortSignal",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "aborted", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(sigOf(this).s.Aborted()) }},
		{Name: "reason", Get: func(r *bind.Realm, this any) goja.Value { return signalReason(sigOf(this).s) }},
		handlerAttr("abort"),
	},
	Methods: []bind.Method{
		{Name: "throwIfAborted", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			if s := sigOf(this).s; s.Aborted() {
				panic(signalReason(s))
			}
			return nil
		}},
	},
	// abort, any, timeout: Chromium's order.
	StaticMethods: []bind.Method{
		{Name: "abort", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := netOf(r)
			sig := newAbortSignal(w, xhr.NewAbortSignal())
			sig.abort(w, abortReason(r, bind.Arg(args, 0)))
			return r.WrapObject(sig, r.Class("AbortSignal"))
		}},
		// timeout aborts with a "TimeoutError" DOMException after ms of
		// virtual time.
		{Name: "any", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := netOf(r)
			var signals []*abortSignal
			for _, v := range netSequence(w, args[0]) {
				impl, ok := r.UnwrapAs(v, r.Class("AbortSignal"))
				if !ok {
					r.ThrowTypeError("Failed to execute 'any' on 'AbortSignal': Failed to convert value to 'AbortSignal'.")
				}
				signals = append(signals, impl.(*abortSignal))
			}
			return r.WrapObject(anySignal(w, signals), r.Class("AbortSignal"))
		}},
		{Name: "timeout", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := netOf(r)
			ms := bind.EnforceRange(args[0], bind.UnsignedLongLong)
			sig := newAbortSignal(w, xhr.NewAbortSignal())
			w.loop.SetTimer(time.Duration(ms*float64(time.Millisecond)), false, func() {
				sig.abort(w, r.NewDOMException("TimeoutError", "signal timed out"))
			})
			return r.WrapObject(sig, r.Class("AbortSignal"))
		}},
	},
}

// abortControllerIface declares AbortController.
// https://dom.spec.whatwg.org/#interface-abortcontroller
var abortControllerIface = &bind.Interface{
	Name: "AbortController",
	Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		return &abortController{signal: newAbortSignal(netOf(r), xhr.NewAbortSignal())}
	},
	Attributes: []bind.Attribute{
		{Name: "signal", Get: func(r *bind.Realm, this any) goja.Value {
			sig := this.(*abortController).signal
			if sig.task != nil {
				return r.WrapObject(sig, r.Class("TaskSignal"))
			}
			return r.WrapObject(sig, r.Class("AbortSignal"))
		}},
	},
	Methods: []bind.Method{
		{Name: "abort", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*abortController).signal.abort(netOf(r), abortReason(r, bind.Arg(args, 0)))
			return nil
		}},
	},
}

// netSequence converts an iterable to its items (Web IDL sequence<T>),
// with the iteration protocol itself (not the page's Array.from).
func netSequence(w *netEnv, v goja.Value) []goja.Value {
	var out []goja.Value
	bind.Sequence(w.rt, v, func(item goja.Value) { out = append(out, item) })
	return out
}

// netJSON returns the JSON method name (parse or stringify); a page that
// replaced it with a non-function gets a TypeError.
func netJSON(w *netEnv, name string) goja.Callable {
	if j, ok := w.rt.Get("JSON").(*goja.Object); ok {
		if f := callable(j.Get(name)); f != nil {
			return f
		}
	}
	w.realm.ThrowTypeError("JSON.%s is not a function", name)
	return nil
}

// throwNet throws an error of package xhr as the exception it stands for.
func throwNet(r *bind.Realm, err error) {
	var de *xhr.DOMError
	if errors.As(err, &de) {
		// The binding of the operation or constructor puts its context
		// before the message ("Failed to construct 'Request': ").
		switch de.Name {
		case "TypeError":
			panic(bind.TypeError(de.Message))
		case "RangeError":
			panic(bind.RangeError(de.Message))
		}
		r.ThrowDOMException(de.Name, de.Message)
	}
	r.ThrowTypeError("%s", err.Error())
}
