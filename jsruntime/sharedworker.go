package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Shared workers (new SharedWorker(url, options)): a worker (worker.go,
// with its global a SharedWorkerGlobalScope) that every SharedWorker the
// page's window and frames make for the same URL and name connects to.
// Each SharedWorker object has a MessagePort (port) entangled with one
// that a connect event carries to the worker's global. As a dedicated
// worker's, its script, messages and timers are tasks of the page's loop,
// and it ends with the render (or its own close()).
// https://html.spec.whatwg.org/multipage/workers.html#shared-workers-and-the-sharedworker-interface

// sharedKey names a shared worker of the page: its script's URL (of the
// page's origin, or a blob: URL the page made) and its name.
type sharedKey struct{ url, name string }

// sharedState is what a shared worker has beyond a dedicated one.
type sharedState struct {
	key    sharedKey
	module bool
	// objs are the SharedWorker objects connected to it, at which a
	// failed load or what its script throws as it first runs is fired.
	objs []*sharedWorker
	// waiting holds the inside ports (still in the page's realm) of the
	// connections made before its script ran.
	waiting []goja.Value
}

// sharedWorker is the implementation behind a SharedWorker object.
type sharedWorker struct {
	port goja.Value // the outside port, in the page's realm
}

var sharedWorkerIface = &bind.Interface{
	Name:       "SharedWorker",
	Parent:     "EventTarget",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w, ok := r.Host.(*Window)
		if !ok {
			r.ThrowTypeError("Illegal constructor")
		}
		return w.newSharedWorker(r, args)
	},
	Attributes: []bind.Attribute{
		{Name: "port", Get: func(r *bind.Realm, this any) goja.Value { return this.(*sharedWorker).port }},
		handlerAttr("error"),
	},
}

// newSharedWorker runs the SharedWorker constructor's steps: the URL is
// parsed against the running document's base URL and must be of the
// page's origin (or a blob: URL of the page); a worker of the same URL
// and name is connected to, or one is started.
// https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworker
func (w *Window) newSharedWorker(r *bind.Realm, args []goja.Value) *sharedWorker {
	const what = "Failed to construct 'SharedWorker': "
	raw := bind.DOMString(args[0])
	var name string
	module := false
	switch o := bind.Arg(args, 1).(type) {
	case nil:
	case *goja.Object:
		module = moduleWorker(r, o, what)
		if n := o.Get("name"); !bind.Absent(n) {
			name = bind.DOMString(n)
		}
	default:
		if !bind.Absent(o) && !goja.IsNull(o) {
			name = bind.DOMString(o) // the (DOMString or WorkerOptions) union's string
		}
	}
	base := w.doc.BaseURL()
	if f := w.frames.incumbent; f != nil && !f.gone && f.doc != nil {
		base = f.doc.BaseURL()
	}
	u, err := resolveWorkerURL(raw, base)
	if err != nil {
		r.ThrowDOMException("SyntaxError", what+"'"+raw+"' is not a valid URL.")
	}
	pageOrigin := originOf(w.nav.url)
	if u.Scheme != "blob" && u.Scheme != "data" && originOf(u) != pageOrigin {
		r.ThrowDOMException("SecurityError", what+"Script at '"+u.String()+"' cannot be accessed from origin '"+pageOrigin+"'.")
	}
	outside, inside, ok := webapi.NewMessagePorts(w.realm, w.loop)
	if !ok {
		r.ThrowDOMException("NotSupportedError", what+"MessagePort is not available.")
	}
	obj := &sharedWorker{port: outside}
	if u.Scheme == "data" {
		// Chromium starts no shared worker from a data: URL (its origin
		// would be opaque): error at the object.
		w.loop.QueueTask(func() { w.fireSharedError(obj) })
		return obj
	}
	key := sharedKey{url: u.String(), name: name}
	wk := w.sharedWorkers[key]
	if wk != nil && wk.terminated {
		// Closed by its own close(): a new worker takes its place.
		// https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworker (step 11.5)
		wk = nil
	}
	switch {
	case wk == nil:
		wk = &worker{w: w, url: key.url, name: name, timers: map[int]int{},
			shared: &sharedState{key: key, module: module}}
		if w.sharedWorkers == nil {
			w.sharedWorkers = map[sharedKey]*worker{}
		}
		w.sharedWorkers[key] = wk
		wk.shared.objs = append(wk.shared.objs, obj)
		wk.shared.waiting = append(wk.shared.waiting, inside)
		w.startWorker(wk, u, module)
	case wk.shared.module != module:
		// A worker of this URL and name runs with another type: error
		// at the new object, as Chromium does.
		w.loop.QueueTask(func() { w.fireSharedError(obj) })
	default:
		wk.shared.objs = append(wk.shared.objs, obj)
		if wk.rt == nil {
			wk.shared.waiting = append(wk.shared.waiting, inside)
		} else {
			wk.connect(inside)
		}
	}
	return obj
}

// fireSharedError fires error (a plain, cancelable Event, as in
// Chromium) at a SharedWorker object.
func (w *Window) fireSharedError(obj *sharedWorker) {
	ev := dom.NewEvent("error", false, true)
	ev.IsTrusted = true
	w.dispatch(w.targetOf(obj), ev)
}

// connect moves inside, a port of the page's realm, to the worker's realm
// and fires connect at the worker's global with it, in a task.
// https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworker (step 12)
func (wk *worker) connect(inside goja.Value) {
	wk.w.loop.QueueTask(func() {
		if wk.terminated || wk.hooks.connect == nil {
			return
		}
		_, ports, err := webapi.CloneMessage(wk.w.realm, goja.Undefined(), []goja.Value{inside}, wk.target(), "")
		if err != nil || len(ports) != 1 {
			return
		}
		wk.call(wk.hooks.connect, ports[0])
	})
}

// started delivers the connections made while the script loaded and ran.
func (s *sharedState) started(wk *worker) {
	waiting := s.waiting
	s.waiting = nil
	for _, p := range waiting {
		wk.connect(p)
	}
}

// failAll fires error at every SharedWorker object of a worker whose
// script did not load, and forgets the worker: the next SharedWorker of
// its URL and name tries again.
func (s *sharedState) failAll(wk *worker) {
	w := wk.w
	if w.sharedWorkers[s.key] == wk {
		delete(w.sharedWorkers, s.key)
	}
	objs := s.objs
	s.objs, s.waiting = nil, nil
	for _, obj := range objs {
		w.fireSharedError(obj)
	}
}

// errorAll fires, in a task, an ErrorEvent for se (an exception the
// worker's script threw as it first ran) at every SharedWorker object
// connected to it, as Chromium does.
func (s *sharedState) errorAll(wk *worker, se *ScriptError) {
	w := wk.w
	objs := append([]*sharedWorker(nil), s.objs...)
	w.loop.QueueTask(func() {
		for _, obj := range objs {
			ev := dom.NewEvent("error", false, true)
			ev.IsTrusted = true
			ev.Detail = &eventData{kind: "ErrorEvent", message: se.Message, filename: se.Source, lineno: se.Line, colno: se.Column, errVal: goja.Null()}
			w.dispatch(w.targetOf(obj), ev)
		}
	})
}
