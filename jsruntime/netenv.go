package jsruntime

import (
	"context"
	"net/url"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// netEnv is what the network bindings (fetch.go, fetch_body.go,
// fetch_abort.go, xhr.go) need of the global scope they are installed in,
// a window's or a dedicated worker's: its realm, the page's loop and
// context, the page's request client (its transport, policies, cookie jar
// and request record: a worker's requests are the page's), the URL that
// relative URLs resolve against, and how an event reaches one of its
// EventTargets. The bindings know no HTTP: package xhr does.
type netEnv struct {
	realm  *bind.Realm
	rt     *goja.Runtime
	ctx    context.Context
	loop   *loop.Loop
	global *goja.Object
	client *xhr.Client
	// base is the document's base URL in a window, the script's URL in a
	// worker (nil when there is none).
	base func() *url.URL
	// scope is the global's interface in error messages: "Window" or
	// "WorkerGlobalScope".
	scope string
	// blobs is the page's blob URL store, shared with its workers.
	blobs *blobURLStore
	// win is the window, nil in a worker: documents (responseXML, a
	// document body, new FormData(form)) exist only there.
	win *Window
	// worker is the worker whose scope this is, nil in a window: its
	// events are fired through worker.js's EventTarget.
	worker *worker
	// connectFetch and connectXHR check the URLs of fetches and
	// XMLHttpRequests against the document's connect-src (csp.go); nil in
	// a worker, which has no policy.
	connectFetch, connectXHR xhr.ConnectCheck
	// caches is the page's Cache Storage, shared with its workers (made
	// on first use, cachestorage.go); cacheStorage is this global's
	// CacheStorage object.
	caches       *cacheStore
	cacheStorage *cacheStorage
}

// newWindowNet is the network environment of w, with requests made
// through c.
func newWindowNet(w *Window, c *xhr.Client) *netEnv {
	return &netEnv{realm: w.realm, rt: w.rt, ctx: w.ctx, loop: w.loop, global: w.global, client: c,
		base: w.doc.BaseURL, scope: "Window", win: w, connectFetch: w.connectCheck(true), connectXHR: w.connectCheck(false)}
}

// timings returns the resource timings of the environment's global.
func (w *netEnv) timings() *resourceTimings {
	switch {
	case w.win != nil:
		return &w.win.resourceTimings
	case w.worker != nil:
		return &w.worker.resourceTimings
	}
	return nil
}

// netOf returns the network environment of the realm's global scope.
func netOf(r *bind.Realm) *netEnv {
	switch h := r.Host.(type) {
	case *Window:
		return h.net
	case *worker:
		return h.net
	}
	panic("jsruntime: a network binding outside a window or worker")
}

func (e *netEnv) baseURL() *url.URL {
	if e.base == nil {
		return nil
	}
	return e.base()
}

func (e *netEnv) str(s string) goja.Value { return bind.JSString(e.rt, s) }
func (e *netEnv) boolean(b bool) goja.Value {
	if b {
		return valTrue
	}
	return valFalse
}

func (e *netEnv) resolved(v goja.Value) goja.Value {
	p, resolve, _ := e.rt.NewPromise()
	_ = resolve(v)
	return e.rt.ToValue(p)
}

// gone reports whether the global scope has ended (a terminated worker):
// nothing more may run in its runtime.
func (e *netEnv) gone() bool { return e.worker != nil && e.worker.terminated }

// isGlobalThis reports whether v is an acceptable this for an operation
// of the global (undefined, null or the global object).
func (e *netEnv) isGlobalThis(v goja.Value) bool {
	if e.win != nil {
		return e.realm.IsGlobalThis(v)
	}
	o, ok := v.(*goja.Object)
	return !ok && bind.Nullish(v) || ok && o == e.global
}

// toNode is v's node in a window; a worker has none.
func (e *netEnv) toNode(v goja.Value) *dom.Node {
	if e.win == nil {
		return nil
	}
	return e.win.toNode(v)
}

// dispatch fires ev at the EventTarget whose implementation is impl and
// reports whether it was not canceled.
func (e *netEnv) dispatch(impl any, ev *dom.Event) bool {
	if e.win != nil {
		return e.win.dispatch(e.win.targetOf(impl), ev)
	}
	return e.worker.dispatchNet(impl, ev)
}

// fire fires a trusted plain event of type typ at impl's EventTarget.
func (e *netEnv) fire(impl any, typ string) {
	ev := dom.NewEvent(typ, false, false)
	ev.IsTrusted = true
	e.dispatch(impl, ev)
}

// hasListeners reports whether impl's EventTarget has a listener (or
// handler) for one of types.
func (e *netEnv) hasListeners(impl any, types ...string) bool {
	if e.win != nil {
		t := e.win.targetOf(impl).Listeners()
		for _, typ := range types {
			if t.HasListeners(typ) {
				return true
			}
		}
		return false
	}
	return e.worker.hasListeners(impl, types)
}
