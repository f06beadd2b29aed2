package jsruntime

import (
	"context"
	_ "embed"
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Dedicated workers (new Worker(url)): each runs its script in a goja
// runtime of its own, with a worker global scope (worker.js) and the Web
// APIs that need no document, but on the page's event loop: its script,
// messages and timers are tasks of the page's loop, on the page's
// goroutine, in virtual time, so that a page with workers renders the same
// way every time and is quiet only when its workers are. The worker's
// runtime is attached to the loop (loop.Attach): it shares the page's clock
// and budgets and is interrupted with the page. Its network APIs (fetch,
// XMLHttpRequest, Blob...: installNetwork over a netEnv of its own) make
// their requests through the page's client, so the page's policies,
// cookies, limits and request record are the worker's, and the page's loop
// waits for them as for its own.
// https://html.spec.whatwg.org/multipage/workers.html#dedicated-workers-and-the-worker-interface

//go:embed worker.js
var workerScope string

// workerScopeProgram is worker.js compiled, shared by every worker.
var workerScopeProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("worker.js", workerScope, false)
})

// workerScopeMembers are the members of WorkerGlobalScope (and of the
// WindowOrWorkerGlobalScope mixin) installed as the global's own
// properties; installScope moves them to WorkerGlobalScope.prototype,
// where Chromium has them: the global's own interface is [Global], so
// only its members (postMessage, close, name, onmessage) are its own.
// https://html.spec.whatwg.org/multipage/workers.html#the-workerglobalscope-common-interface
var workerScopeMembers = []string{
	"atob", "btoa", "caches", "clearInterval", "clearTimeout", "createImageBitmap",
	"crypto", "fetch", "fonts", "importScripts", "indexedDB", "navigator",
	"performance", "queueMicrotask", "reportError", "scheduler", "setInterval",
	"setTimeout", "structuredClone", "trustedTypes",
}

// moveMembers moves the named own properties of a global to a prototype,
// descriptors unchanged.
var moveMembers = goja.MustCompile("worker-members.js", `(function (g, proto, names) {
	"use strict";
	for (var i = 0; i < names.length; i++) {
		var d = Object.getOwnPropertyDescriptor(g, names[i]);
		if (d) {
			Object.defineProperty(proto, names[i], d);
			delete g[names[i]];
		}
	}
})`, false)

// MaxWorkers is how many dedicated workers a page may have running at
// once; the constructor of one more fires error on it instead of starting
// it, as a failed load does, so that a page making workers in a loop costs
// a bounded number of runtimes.
const MaxWorkers = 16

// worker is the implementation behind a Worker object.
type worker struct {
	w *Window // the page
	// resourceTimings takes the worker's fetches to its performance
	// timeline.
	resourceTimings
	// parent is the worker that made this one (a nested worker), nil when
	// the page did: the Worker object lives in its realm.
	parent   *worker
	children []*worker
	url      string
	name     string
	origin   string // the serialization of the global's origin

	rt    *goja.Runtime // nil until the script has loaded
	realm *bind.Realm
	// tt is the worker's Trusted Types state (no policy of the page
	// applies: a worker's would come with its script's response).
	tt    trustedState
	hooks struct {
		message, messageerror, error goja.Callable
		connect                      goja.Callable // a shared worker's
		// fire, handler, setHandler and hasListeners reach worker.js's
		// EventTarget for the network objects (netEnv).
		fire, handler, setHandler, hasListeners goja.Callable
	}
	// net is the worker's network environment: the page's client, this
	// worker's realm (nil when the page has no NetworkExtension); stop
	// cancels its context, ending the worker's requests in flight.
	net  *netEnv
	stop context.CancelFunc
	// pending holds the messages posted before the worker started, as
	// clones in the page's realm (their ports are the page's until then).
	pending []pendingMessage
	// terminated: by terminate() or close(); no more tasks run.
	terminated bool
	// closed: ended by its own close(), whose messages and errors from
	// before still reach the page.
	closed    bool
	counted   bool // counts against MaxWorkers
	timers    map[int]int
	lastTimer int
	nest      int // timer nesting level of the running worker timer
	// shared is set for a shared worker (sharedworker.go): its objects
	// and connections; nil for a dedicated worker.
	shared *sharedState
	// starting is set while the worker's script runs for the first time.
	starting bool
	// conns are its WebSocket and EventSource connections still open
	// (workerconn.go), closed when it ends.
	conns workerConns
}

var workerIface = &bind.Interface{
	Name:       "Worker",
	Parent:     "EventTarget",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if parent, ok := r.Host.(*worker); ok {
			return newWorker(parent.w, parent, r, args)
		}
		w := win(r)
		return newWorker(w, nil, w.realm, args)
	},
	// No onmessageerror: Chromium 156's Worker lacks it (idlharness-html).
	Attributes: []bind.Attribute{handlerAttr("message"), handlerAttr("error")},
	Methods: []bind.Method{
		{Name: "postMessage", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*worker).postFromPage(r, args)
			return nil
		}},
		{Name: "terminate", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			this.(*worker).terminate()
			return nil
		}},
	},
}

// nestedWorkerIface is workerIface, for worker global scopes (a variable
// set at init: workerIface's constructor leads to install, which
// installs it).
var nestedWorkerIface *bind.Interface

func init() { nestedWorkerIface = workerIface }

// newWorker runs the Worker constructor's steps in realm r, the page's or
// parent's: the URL is parsed against the document's base URL (the
// parent's URL in a worker) and must be same origin (or a blob: URL of the
// page); the script is fetched off the loop and run in a task.
// https://html.spec.whatwg.org/multipage/workers.html#dom-worker
func newWorker(w *Window, parent *worker, r *bind.Realm, args []goja.Value) *worker {
	raw := bind.DOMString(args[0])
	var base *url.URL
	if parent != nil {
		base, _ = url.Parse(parent.url)
	} else if b := w.doc.BaseURL(); b != nil {
		base = b
	}
	u, err := resolveWorkerURL(raw, base)
	if err != nil {
		r.ThrowDOMException("SyntaxError", "Failed to construct 'Worker': The URL '"+raw+"' is invalid.")
	}
	pageOrigin := originOf(w.nav.url)
	if u.Scheme != "blob" && u.Scheme != "data" && originOf(u) != pageOrigin {
		r.ThrowDOMException("SecurityError", "Failed to construct 'Worker': Script at '"+u.String()+"' cannot be accessed from origin '"+pageOrigin+"'.")
	}
	wk := &worker{w: w, parent: parent, url: u.String(), timers: map[int]int{}}
	if parent != nil {
		parent.children = append(parent.children, wk)
	}
	module := false
	if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
		module = moduleWorker(r, o, "Failed to construct 'Worker': ")
		if n := o.Get("name"); !bind.Absent(n) {
			wk.name = n.String()
		}
	}
	w.startWorker(wk, u, module)
	return wk
}

// moduleWorker reads the type member of the WorkerOptions o (what begins
// the TypeError's message): whether the worker's script is a module.
func moduleWorker(r *bind.Realm, o *goja.Object, what string) bool {
	t := o.Get("type")
	if bind.Absent(t) {
		return false
	}
	switch t.String() {
	case "classic":
		return false
	case "module":
		return true
	}
	r.ThrowTypeError(what + "Failed to read the 'type' property from 'WorkerOptions': The provided value '" + t.String() + "' is not a valid enum value of type WorkerType.")
	return false
}

// startWorker loads wk's script, or, when the page already runs MaxWorkers
// workers (dedicated and shared) or the page's Content Security Policy
// refuses the script's URL (worker-src), fails wk in a task of its own. A
// worker's own workers are not checked (a worker has no policy here).
func (w *Window) startWorker(wk *worker, u *url.URL, module bool) {
	if w.workers >= MaxWorkers || wk.parent == nil && len(w.tt.csp) > 0 && !w.workerAllowed(u) {
		w.loop.QueueTask(func() { wk.fail() })
		return
	}
	w.workers++
	wk.counted = true
	wk.load(u, module)
}

// resolveWorkerURL parses raw against base (the document's base URL).
func resolveWorkerURL(raw string, base *url.URL) (*url.URL, error) {
	baseStr := ""
	if base != nil {
		baseStr = base.String()
	}
	wu, err := webapi.ParseURLString(raw, baseStr)
	if err != nil {
		return nil, err
	}
	return url.Parse(wu.String())
}

// load fetches the worker's script off the loop and starts the worker in
// the task its completion queues.
func (wk *worker) load(u *url.URL, module bool) {
	w := wk.w
	op := w.loop.Begin("worker " + wk.url)
	loader, bundle, ctx, log := w.cfg.Loader, w.cfg.Bundle, w.ctx, w.log
	var blobs *blobURLStore
	if w.net != nil {
		blobs = w.net.blobs
	}
	src := wk.url
	// A worker's script, and each module a module worker imports, is
	// checked for its MIME type as a classic script or a module is (a
	// blob's type stands for a Content-Type).
	fetch := func(ctx context.Context, s string) ([]byte, error) {
		check := checkClassic
		if module {
			check = moduleCheck(ctx)
		}
		if strings.HasPrefix(s, "blob:") {
			if blobs != nil {
				if b, ok := blobs.resolve(s); ok {
					if err := checkScriptMIME(s, ScriptResponse{ContentType: b.Type()}, check); err != nil {
						return nil, err
					}
					return b.Bytes(), nil
				}
			}
			return nil, errors.New("blob URL not found: " + s)
		}
		if loader == nil {
			return nil, errNoLoader
		}
		return loadScript(ctx, loader, s, 0, check)
	}
	go func() {
		var code string
		err := offLoop(log, "worker "+src, func() error {
			if module && bundle != nil {
				c, err := bundle(ctx, src, nil, fetch)
				code = c
				return err
			}
			body, err := fetch(ctx, src)
			if err != nil {
				return err
			}
			code = decodeScript(body, "")
			return nil
		})
		op.Complete(func() {
			if err != nil {
				wk.fail()
				return
			}
			wk.start(code)
		})
	}()
}

// fail fires error (a plain Event) at the Worker whose script did not
// load, and frees its place.
func (wk *worker) fail() {
	if wk.terminated {
		return
	}
	wk.release()
	if wk.shared != nil {
		wk.shared.failAll(wk)
		return
	}
	ev := dom.NewEvent("error", false, true) // cancelable, as in Chromium
	ev.IsTrusted = true
	wk.fireAtWorker(ev)
}

// fireAtWorker dispatches ev at the Worker object, in the page or in the
// parent worker, and reports whether it was not canceled.
func (wk *worker) fireAtWorker(ev *dom.Event) bool {
	if wk.parent == nil {
		return wk.w.dispatch(wk.w.targetOf(wk), ev)
	}
	return wk.parent.dispatchNet(wk, ev)
}

// parentTarget is where the worker's messages to its Worker object are
// cloned: the page's realm, or the parent worker's.
func (wk *worker) parentTarget() webapi.MessageTarget {
	if wk.parent == nil {
		return webapi.MessageTarget{Realm: wk.w.realm, Host: wk.w.loop}
	}
	return wk.parent.target()
}

// parentGone reports whether the Worker object's side is gone: the
// parent worker terminated (the page never is).
func (wk *worker) parentGone() bool { return wk.parent != nil && wk.parent.terminated }

// release ends the worker's hold on MaxWorkers and on the loop.
func (wk *worker) release() {
	wk.terminated = true
	if wk.counted {
		wk.counted = false
		wk.w.workers--
	}
	for _, id := range wk.timers {
		wk.w.loop.ClearTimer(id)
	}
	clear(wk.timers)
	if wk.rt != nil {
		wk.w.loop.Detach(wk.rt)
	}
	// Its requests and connections end with it: the page does not wait
	// for them.
	if wk.stop != nil {
		wk.stop()
	}
	wk.closeConns()
	// A worker's own workers end with it.
	// https://html.spec.whatwg.org/multipage/workers.html#terminate-a-worker
	children := wk.children
	wk.children = nil
	for _, c := range children {
		c.terminate()
	}
}

func (wk *worker) terminate() {
	if wk.terminated {
		return
	}
	wk.closed = false
	wk.release()
	// Nothing of the worker runs again: let its runtime go.
	wk.pending, wk.rt, wk.realm = nil, nil, nil
	wk.hooks = struct {
		message, messageerror, error            goja.Callable
		connect                                 goja.Callable
		fire, handler, setHandler, hasListeners goja.Callable
	}{}
	wk.net = nil
}

// runClassic compiles src (named name) as the page compiles its classic
// scripts (compileClassic: the same lowerings and program cache) and runs
// it in the worker's global scope.
func (wk *worker) runClassic(name, src string) (goja.Value, error) {
	prg, err := compileClassic(src, name, wk.w.cfg.Lower)
	if err != nil {
		return nil, err
	}
	return wk.rt.RunProgram(prg)
}

// start makes the worker's global scope and runs its script, then delivers
// the messages posted meanwhile.
// https://html.spec.whatwg.org/multipage/workers.html#run-a-worker
func (wk *worker) start(code string) {
	if wk.terminated {
		return
	}
	w := wk.w
	rt := goja.New()
	w.loop.Attach(rt)
	wk.rt = rt
	realm := bind.NewRealm(rt)
	realm.SetWorkCounter(w.loop.Work())
	realm.SetTaskCounter(w.loop.TaskSeq())
	realm.MapError = mapDOMError
	realm.Host = wk
	wk.realm = realm
	if err := wk.installScope(); err != nil {
		w.log.Error("jsruntime: worker global scope", "url", wk.url, "err", err)
		wk.fail()
		return
	}
	wk.starting = true
	if err := wk.run(func() error {
		_, err := wk.runClassic(wk.url, code)
		return err
	}); err != nil {
		wk.uncaught(err)
	}
	wk.starting = false
	if wk.shared != nil {
		wk.shared.started(wk)
		return
	}
	pending := wk.pending
	wk.pending = nil
	from := w.realm
	if wk.parent != nil {
		from = wk.parent.realm
	}
	for _, m := range pending {
		data, ports, err := webapi.CloneMessage(from, m.data, m.ports, wk.target(), "")
		wk.deliverToWorker(data, ports, err != nil)
	}
}

// run calls into the worker's runtime, turning a thrown Go panic into an
// error.
func (wk *worker) run(fn func() error) error { return catchThrown(wk.rt, fn) }

// catchThrown runs fn, which calls into rt from outside any JavaScript,
// turning what it throws (a goja exception, a thrown value, a Go error)
// into an error.
func catchThrown(rt *goja.Runtime, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if ex, ok := r.(*goja.Exception); ok {
				err = ex
				return
			}
			if v, ok := r.(goja.Value); ok {
				if ex := rt.Try(func() { panic(v) }); ex != nil {
					err = ex
					return
				}
			}
			if e, ok := r.(error); ok {
				err = e
				return
			}
			panic(r)
		}
	}()
	return fn()
}

// installScope defines the worker's global scope: install, then the
// WorkerGlobalScope members moved to its prototype.
func (wk *worker) installScope() error {
	if err := wk.install(); err != nil {
		return err
	}
	g := wk.rt.GlobalObject()
	wgs, ok := g.Get("WorkerGlobalScope").(*goja.Object)
	if !ok {
		return errors.New("worker.js defined no WorkerGlobalScope")
	}
	proto, ok := wgs.Get("prototype").(*goja.Object)
	if !ok {
		return errors.New("WorkerGlobalScope has no prototype")
	}
	mv, err := wk.rt.RunProgram(moveMembers)
	if err != nil {
		return err
	}
	f, ok := goja.AssertFunction(mv)
	if !ok {
		return errors.New("worker-members.js is not a function")
	}
	// The navigation's interfaces are the window's only (a worker's
	// performance still has the page's timing and navigation entries).
	for _, n := range []string{"PerformanceTiming", "PerformanceNavigation", "PerformanceNavigationTiming",
		"VisibilityStateEntry", "NotRestoredReasons", "NotRestoredReasonDetails"} {
		if err := g.Delete(n); err != nil {
			return err
		}
	}
	names := make([]any, len(workerScopeMembers))
	for i, n := range workerScopeMembers {
		names[i] = n
	}
	_, err = f(goja.Undefined(), g, proto, wk.rt.NewArray(names...))
	return err
}

// install defines the worker's global scope, every member on the global
// object.
func (wk *worker) install() error {
	w, rt, realm := wk.w, wk.rt, wk.realm
	g := rt.GlobalObject()
	for _, step := range []func() error{
		func() error { return installArrayPatternHelper(rt) }, // for runClassic's programs
		func() error { return webapi.InstallPolyfillsRealm(realm) },
		func() error { return webapi.InstallURL(realm, g) },
		func() error { return webapi.InstallOrigin(realm, g) },
		func() error { return webapi.InstallURLPattern(realm, g) },
		func() error { return webapi.InstallEncoding(realm, g) },
		// The streams (made on first use), which WorkerGlobalScope
		// exposes as Window does (pdf.js's worker streams text content).
		func() error { return webapi.InstallStreams(realm, g) },
		func() error { return webapi.InstallStructuredClone(realm, g) },
		func() error { return webapi.InstallCrypto(realm, g, w.loop) },
		func() error { return webapi.InstallPerformance(realm, g, w.loop) },
		func() error {
			return installWebAssembly(wasmHost{rt, realm, func() context.Context { return w.ctx }, w.loop}, g)
		},
	} {
		if err := step(); err != nil {
			return err
		}
	}
	fn := func(name string, length int, f func(goja.FunctionCall) goja.Value) error {
		return g.DefineDataProperty(name, realm.NewGlobalFunction(name, length, f), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	steps := []error{
		fn("close", 0, func(goja.FunctionCall) goja.Value {
			if !wk.terminated {
				wk.closed = true
				wk.release()
			}
			return goja.Undefined()
		}),
		fn("importScripts", 0, wk.importScripts),
		fn("setTimeout", 1, func(c goja.FunctionCall) goja.Value { return wk.setTimer(c, false) }),
		fn("setInterval", 1, func(c goja.FunctionCall) goja.Value { return wk.setTimer(c, true) }),
		fn("clearTimeout", 0, wk.clearTimer),
		fn("clearInterval", 0, wk.clearTimer),
		fn("queueMicrotask", 1, wk.queueMicrotask),
	}
	if wk.shared == nil {
		// A shared worker's global has no postMessage: it talks through
		// the ports of its connect events.
		steps = append(steps, fn("postMessage", 1, wk.postFromWorker))
	}
	for _, err := range steps {
		if err != nil {
			return err
		}
	}
	if err := wk.installConsole(); err != nil {
		return err
	}
	// WindowOrWorkerGlobalScope's trustedTypes.
	if err := realm.Install(g, trustedHTMLIface, trustedScriptIface, trustedScriptURLIface, trustedTypePolicyIface, trustedTypePolicyFactoryIface); err != nil {
		return err
	}
	get := realm.NewGlobalFunction("get trustedTypes", 0, func(goja.FunctionCall) goja.Value {
		return realm.WrapObject(&wk.tt.factory, realm.Class("TrustedTypePolicyFactory"))
	})
	if err := g.DefineAccessorProperty("trustedTypes", get, nil, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return err
	}
	nav, _ := webapi.NavigatorConfig(w.realm, w.global.Get("navigator"))
	if err := webapi.InstallWorkerNavigator(realm, g, nav); err != nil {
		return err
	}
	// The global object has no Symbol.toStringTag of its own: the
	// prototype's ("DedicatedWorkerGlobalScope") shows through.
	if err := rt.GlobalObject().DeleteSymbol(goja.SymToStringTag); err != nil {
		return err
	}
	prg, err := workerScopeProgram()
	if err != nil {
		return err
	}
	scope, err := rt.RunProgram(prg)
	if err != nil {
		return err
	}
	f, ok := goja.AssertFunction(scope)
	if !ok {
		return errors.New("worker.js is not a function")
	}
	hooks := rt.NewObject()
	hooks.Set("now", func(goja.FunctionCall) goja.Value {
		return rt.ToValue(webapi.HighResTime(w.loop.Elapsed()))
	})
	hooks.Set("report", func(c goja.FunctionCall) goja.Value {
		wk.reportValue(c.Argument(0))
		return goja.Undefined()
	})
	// WorkerLocation's values: the URL standard's getters of the
	// worker's URL.
	// https://html.spec.whatwg.org/multipage/workers.html#worker-locations
	loc := rt.NewObject()
	origin := "null"
	if u, err := webapi.ParseURL(wk.url, nil); err == nil {
		loc.Set("href", u.String())
		loc.Set("origin", u.Origin())
		loc.Set("protocol", u.Protocol())
		loc.Set("host", u.HostPort())
		loc.Set("hostname", u.Hostname())
		loc.Set("port", u.PortString())
		loc.Set("pathname", u.Pathname())
		loc.Set("search", u.Search())
		loc.Set("hash", u.Hash())
		origin = u.Origin()
	}
	// The global's origin: its URL's, the page's for a blob: URL (the
	// page made it) and opaque for a data: URL.
	// https://html.spec.whatwg.org/multipage/workers.html#script-settings-for-workers
	wk.origin = origin
	hooks.Set("origin", origin)
	hooks.Set("secure", isSecureURL(w.nav.url))
	hooks.Set("location", loc)
	hooks.Set("name", wk.name)
	hooks.Set("shared", wk.shared != nil)
	out, err := f(goja.Undefined(), hooks)
	if err != nil {
		return err
	}
	o := out.ToObject(rt)
	for name, dst := range map[string]*goja.Callable{"message": &wk.hooks.message, "messageerror": &wk.hooks.messageerror, "error": &wk.hooks.error,
		"fire": &wk.hooks.fire, "handler": &wk.hooks.handler, "setHandler": &wk.hooks.setHandler, "hasListeners": &wk.hooks.hasListeners} {
		c, ok := goja.AssertFunction(o.Get(name))
		if !ok {
			return errors.New("worker.js lacks " + name)
		}
		*dst = c
	}
	wk.hooks.connect, _ = goja.AssertFunction(o.Get("connect"))
	// The navigator's event targets inherit worker.js's EventTarget
	// (whose listeners work on any object): set when they are made.
	if et, ok := g.Get("EventTarget").(*goja.Object); ok {
		etProto, _ := et.Get("prototype").(*goja.Object)
		for _, name := range []string{"PermissionStatus", "NetworkInformation"} {
			realm.Class(name).OnMaterialize(func(proto *goja.Object) {
				_ = proto.SetPrototype(etProto)
				if c, ok := proto.Get("constructor").(*goja.Object); ok {
					_ = c.SetPrototype(et)
				}
			})
		}
	}
	// MessageChannel, MessagePort and Worker (nested workers) need
	// worker.js's EventTarget and MessageEvent.
	if err := webapi.InstallMessaging(realm, g, workerHost{wk}); err != nil {
		return err
	}
	// WebSocket, EventSource and CloseEvent (worker.js's) over the
	// page's transports.
	if err := wk.installConnections(); err != nil {
		return err
	}
	// Chromium gives shared workers no nested dedicated workers.
	if wk.shared == nil {
		if err := realm.Install(g, nestedWorkerIface); err != nil {
			return err
		}
	}
	if w.net == nil {
		return nil
	}
	// The network APIs, over the page's client: a worker's requests are
	// the page's (same policies, cookies, request record and limits), and
	// the page's loop waits for them as for its own.
	base, _ := url.Parse(wk.url)
	parent := w.ctx
	if parent == nil {
		parent = context.Background()
	}
	ctx, stop := context.WithCancel(parent)
	wk.stop = stop
	wk.net = &netEnv{realm: realm, rt: rt, ctx: ctx, loop: w.loop, global: g, client: w.net.client,
		base: func() *url.URL { return base }, scope: "WorkerGlobalScope", blobs: w.net.blobs, worker: wk,
		caches: w.net.cacheStoreOf()}
	if err := installNetwork(wk.net, true); err != nil {
		return err
	}
	// TaskController and TaskSignal extend AbortController and
	// AbortSignal.
	return installScheduler(wk.net)
}

// dispatchNet fires ev, an event of a network object (XMLHttpRequest,
// AbortSignal, FileReader) whose implementation is impl, at its wrapper
// through worker.js's EventTarget. An object without a wrapper has no
// listeners.
func (wk *worker) dispatchNet(impl any, ev *dom.Event) bool {
	if wk.terminated || wk.hooks.fire == nil {
		return true
	}
	target := wk.realm.Lookup(impl)
	if target == nil {
		return true
	}
	rt := wk.rt
	init := rt.NewObject()
	kind := "Event"
	if d, ok := ev.Detail.(*eventData); ok {
		switch d.kind {
		case "ProgressEvent":
			kind = d.kind
			_ = init.Set("lengthComputable", d.lengthComp)
			_ = init.Set("loaded", d.loaded)
			_ = init.Set("total", d.total)
		case "MessageEvent": // at a nested worker's Worker object
			kind = d.kind
			_ = init.Set("data", d.messageData)
			if d.ext != nil && d.ext.ports != nil {
				_ = init.Set("ports", d.ext.ports)
			}
		case "TaskPriorityChangeEvent":
			kind = d.kind
			_ = init.Set("previousPriority", d.extra().previousPriority)
		case "ErrorEvent":
			kind = d.kind
			_ = init.Set("message", d.message)
			_ = init.Set("filename", d.filename)
			_ = init.Set("lineno", d.lineno)
			_ = init.Set("colno", d.colno)
			_ = init.Set("error", d.errVal)
		}
	}
	_ = init.Set("bubbles", ev.Bubbles)
	_ = init.Set("cancelable", ev.Cancelable)
	v, err := wk.hooks.fire(goja.Undefined(), target, rt.ToValue(ev.Type), rt.ToValue(kind), init)
	if err != nil {
		wk.uncaught(err)
		return true
	}
	return v.ToBoolean()
}

// hasListeners reports whether impl's wrapper has listeners for one of
// types in worker.js's EventTarget.
func (wk *worker) hasListeners(impl any, types []string) bool {
	if wk.terminated {
		return false
	}
	target := wk.realm.Lookup(impl)
	if target == nil || wk.hooks.hasListeners == nil {
		return false
	}
	list := make([]any, len(types))
	for i, t := range types {
		list[i] = t
	}
	v, err := wk.hooks.hasListeners(goja.Undefined(), target, wk.rt.NewArray(list...))
	return err == nil && v.ToBoolean()
}

// installConsole gives the worker a console whose messages go to the
// page's console, as Chromium shows a worker's messages with the page's.
func (wk *worker) installConsole() error {
	rt := wk.rt
	console := rt.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug", "trace", "dir"} {
		level := level
		console.Set(level, wk.realm.NewFunction(level, 0, func(c goja.FunctionCall) goja.Value {
			parts := make([]string, len(c.Arguments))
			for i, a := range c.Arguments {
				parts[i] = a.String()
			}
			pc, ok := wk.w.global.Get("console").(*goja.Object)
			if !ok {
				return goja.Undefined()
			}
			if f, ok := goja.AssertFunction(pc.Get(level)); ok {
				_, _ = f(pc, wk.w.str(strings.Join(parts, " ")))
			}
			return goja.Undefined()
		}))
	}
	// A namespace: writable, configurable, not enumerable.
	return rt.GlobalObject().DefineDataProperty("console", console, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// postFromPage is Worker.postMessage: the message is cloned in the page
// (a DataCloneError throws there) and delivered to the worker in a task.
// https://html.spec.whatwg.org/multipage/workers.html#dom-worker-postmessage
func (wk *worker) postFromPage(r *bind.Realm, args []goja.Value) {
	transfer := transferArg(r, args)
	const what = "Failed to execute 'postMessage' on 'Worker': "
	if wk.rt == nil {
		data, ports, _ := webapi.CloneMessage(r, args[0], transfer, wk.parentTarget(), what)
		if !wk.terminated {
			wk.pending = append(wk.pending, pendingMessage{data: data, ports: ports})
		}
		return
	}
	data, ports, err := webapi.CloneMessage(r, args[0], transfer, wk.target(), what)
	wk.deliverToWorker(data, ports, err != nil)
}

// pendingMessage is a message posted to a worker that has not started.
type pendingMessage struct {
	data  goja.Value
	ports []goja.Value
}

// target is where messages to the worker are cloned.
func (wk *worker) target() webapi.MessageTarget {
	return webapi.MessageTarget{Realm: wk.realm, Host: workerHost{wk}}
}

// deliverToWorker fires message (messageerror when the message could not
// be made in the worker's realm) at the worker's global in a task.
func (wk *worker) deliverToWorker(data goja.Value, ports []goja.Value, failed bool) {
	list := make([]any, len(ports))
	for i, p := range ports {
		list[i] = p
	}
	wk.w.loop.QueueMessage(func() {
		if wk.terminated {
			return
		}
		wk.realm.ChargeMessage()
		if failed {
			wk.call(wk.hooks.messageerror)
			return
		}
		wk.call(wk.hooks.message, data, wk.rt.NewArray(list...))
	})
}

// transferArg reads postMessage's transfer list: an array, or the
// transfer member of an options object.
func transferArg(r *bind.Realm, args []goja.Value) []goja.Value {
	o, ok := bind.Arg(args, 1).(*goja.Object)
	if !ok {
		return nil
	}
	list := o
	if o.ClassName() != "Array" {
		t, ok := o.Get("transfer").(*goja.Object)
		if !ok {
			return nil
		}
		list = t
	}
	var out []goja.Value
	r.Runtime.ForOf(list, func(v goja.Value) bool { out = append(out, v); return true })
	return out
}

// postFromWorker is the worker global's postMessage: the message goes to
// the Worker object in the page, in a task.
// https://html.spec.whatwg.org/multipage/workers.html#dom-dedicatedworkerglobalscope-postmessage
func (wk *worker) postFromWorker(c goja.FunctionCall) goja.Value {
	if len(c.Arguments) == 0 {
		wk.realm.ThrowTypeError("Failed to execute 'postMessage' on 'DedicatedWorkerGlobalScope': 1 argument required, but only 0 present.")
	}
	w := wk.w
	to := wk.parentTarget()
	data, ports, err := webapi.CloneMessage(wk.realm, c.Arguments[0], transferArg(wk.realm, c.Arguments),
		to, "Failed to execute 'postMessage' on 'DedicatedWorkerGlobalScope': ")
	list := make([]any, len(ports))
	for i, p := range ports {
		list[i] = p
	}
	w.loop.QueueMessage(func() {
		if wk.terminated && !wk.closed || wk.parentGone() {
			return
		}
		to.Realm.ChargeMessage()
		typ := "message"
		if err != nil {
			typ, data = "messageerror", goja.Null()
		}
		ev := dom.NewEvent(typ, false, false)
		ev.IsTrusted = true
		d := &eventData{kind: "MessageEvent", messageData: data, detail: goja.Null(), view: goja.Null()}
		d.extra().ports = to.Realm.Runtime.NewArray(list...)
		ev.Detail = d
		wk.fireAtWorker(ev)
	})
	return goja.Undefined()
}

// workerHost is webapi's Host for a worker's realm: the page's loop, with
// the worker's tasks dropped once it is terminated and what its callbacks
// throw reported as the worker's.
type workerHost struct{ wk *worker }

func (h workerHost) Now() time.Time           { return h.wk.w.loop.Now() }
func (h workerHost) Elapsed() time.Duration   { return h.wk.w.loop.Elapsed() }
func (h workerHost) Rand() *rand.Rand         { return h.wk.w.loop.Rand() }
func (h workerHost) QueueMicrotask(fn func()) { h.wk.w.loop.QueueMicrotask(fn) }
func (h workerHost) ClearTimer(id int)        { h.wk.w.loop.ClearTimer(id) }
func (h workerHost) ReportError(err error)    { h.wk.uncaught(err) }
func (h workerHost) QueueTask(fn func())      { h.wk.w.loop.QueueTask(h.alive(fn)) }
func (h workerHost) QueueMessage(fn func())   { h.wk.w.loop.QueueMessage(h.alive(fn)) }
func (h workerHost) SetTimer(d time.Duration, repeat bool, fn func()) int {
	return h.wk.w.loop.SetTimer(d, repeat, h.alive(fn))
}

func (h workerHost) alive(fn func()) func() {
	return func() {
		if !h.wk.terminated {
			fn()
		}
	}
}

// call runs a worker callback in a task of its own runtime, reporting
// what it throws.
func (wk *worker) call(f goja.Callable, args ...goja.Value) {
	if wk.terminated || f == nil {
		return
	}
	if err := wk.run(func() error {
		_, err := f(goja.Undefined(), args...)
		return err
	}); err != nil {
		wk.uncaught(err)
	}
}

// uncaught reports an exception the worker's script or a callback threw:
// an ErrorEvent at the worker's global, then, unless canceled, one at the
// Worker object in the page, and unless canceled there too, the page
// reports it as its own.
// https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2
func (wk *worker) uncaught(err error) {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		wk.w.loop.ReportError(err) // the page's budget: not the page's error
		return
	}
	w := wk.w
	se := w.scriptError(err)
	var thrown goja.Value = goja.Undefined()
	var ex *goja.Exception
	if errors.As(err, &ex) {
		thrown = ex.Value()
	}
	wk.fireError(se, thrown)
}

func (wk *worker) reportValue(v goja.Value) {
	se := &ScriptError{Message: "Uncaught " + exceptionMessage(v), Source: wk.url}
	wk.fireError(se, v)
}

func (wk *worker) fireError(se *ScriptError, thrown goja.Value) {
	w := wk.w
	if wk.hooks.error != nil && !wk.terminated {
		v, err := wk.hooks.error(goja.Undefined(), wk.rt.ToValue(se.Message), wk.rt.ToValue(se.Source),
			wk.rt.ToValue(se.Line), wk.rt.ToValue(se.Column), thrown)
		if err == nil && v.ToBoolean() {
			return // a handler in the worker canceled it
		}
	}
	if wk.shared != nil {
		// Only what the script throws as it first runs reaches the
		// SharedWorker objects (as in Chromium); the page never reports
		// a shared worker's errors as its own.
		if wk.starting {
			wk.shared.errorAll(wk, se)
		}
		return
	}
	w.loop.QueueTask(func() {
		if wk.terminated && !wk.closed || wk.parentGone() {
			return
		}
		ev := dom.NewEvent("error", false, true)
		ev.IsTrusted = true
		ev.Detail = &eventData{kind: "ErrorEvent", message: se.Message, filename: se.Source, lineno: se.Line, colno: se.Column, errVal: goja.Null()}
		if !wk.fireAtWorker(ev) {
			return
		}
		// Not canceled: the parent reports it as its own.
		// https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2
		if wk.parent != nil {
			wk.parent.fireError(se, goja.Null())
			return
		}
		w.reportScriptError(se, goja.Null())
	})
}

// setTimer is the worker's setTimeout and setInterval: Go timers of the
// page's loop that call into the worker, with the HTML nesting clamp.
func (wk *worker) setTimer(c goja.FunctionCall, repeat bool) goja.Value {
	rt := wk.rt
	var f goja.Callable
	var code string
	if fn, ok := goja.AssertFunction(c.Argument(0)); ok {
		f = fn
	} else {
		code = c.Argument(0).String()
	}
	var args []goja.Value
	if len(c.Arguments) > 2 {
		args = append(args, c.Arguments[2:]...)
	}
	delay := time.Duration(0)
	if ms := bind.Number(c.Argument(1)); ms > 0 && ms < 1<<31 {
		delay = time.Duration(ms) * time.Millisecond
	}
	nest := wk.nest + 1
	if wk.nest > 5 && delay < 4*time.Millisecond {
		delay = 4 * time.Millisecond
	}
	wk.lastTimer++
	id := wk.lastTimer
	wk.timers[id] = wk.w.loop.SetTimer(delay, repeat, func() {
		if wk.terminated {
			return
		}
		if !repeat {
			delete(wk.timers, id)
		}
		prev := wk.nest
		wk.nest = nest
		defer func() { wk.nest = prev }()
		if f != nil {
			wk.call(f, args...)
			return
		}
		if err := wk.run(func() error { _, err := rt.RunString(code); return err }); err != nil {
			wk.uncaught(err)
		}
	})
	return rt.ToValue(id)
}

func (wk *worker) clearTimer(c goja.FunctionCall) goja.Value {
	id := int(c.Argument(0).ToInteger())
	if lid, ok := wk.timers[id]; ok {
		delete(wk.timers, id)
		wk.w.loop.ClearTimer(lid)
	}
	return goja.Undefined()
}

// queueMicrotask queues cb behind the worker's promise jobs.
func (wk *worker) queueMicrotask(c goja.FunctionCall) goja.Value {
	cb, ok := goja.AssertFunction(c.Argument(0))
	if !ok {
		wk.realm.ThrowTypeError("Failed to execute 'queueMicrotask' on 'WorkerGlobalScope': The callback provided as parameter 1 is not a function.")
	}
	p, resolve, _ := wk.rt.NewPromise()
	then, _ := goja.AssertFunction(wk.rt.ToValue(p).ToObject(wk.rt).Get("then"))
	run := wk.rt.ToValue(func(goja.FunctionCall) goja.Value {
		if _, err := cb(goja.Undefined()); err != nil {
			wk.uncaught(err)
		}
		return goja.Undefined()
	})
	if then != nil {
		_, _ = then(wk.rt.ToValue(p), run)
	}
	_ = resolve(goja.Undefined())
	return goja.Undefined()
}

// importScripts loads and runs each URL in turn, synchronously, as a
// synchronous XMLHttpRequest blocks: the loop's clock moves by the time
// the loads took.
// https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-importscripts
func (wk *worker) importScripts(c goja.FunctionCall) goja.Value {
	w := wk.w
	base, _ := url.Parse(wk.url)
	urls := make([]string, len(c.Arguments))
	for i, a := range c.Arguments {
		u, err := resolveWorkerURL(a.String(), base)
		if err != nil {
			wk.realm.ThrowDOMException("SyntaxError", "Failed to execute 'importScripts' on 'WorkerGlobalScope': The URL '"+a.String()+"' is invalid.")
		}
		urls[i] = u.String()
	}
	for _, u := range urls {
		var body []byte
		var err error
		began := time.Now()
		if strings.HasPrefix(u, "blob:") {
			err = errors.New("not found")
			if w.net != nil && w.net.blobs != nil {
				if b, ok := w.net.blobs.resolve(u); ok {
					body, err = b.Bytes(), nil
				}
			}
		} else if w.cfg.Loader == nil {
			err = errNoLoader
		} else {
			ctx, cancel := w.loop.BlockingContext(w.ctx)
			// A JavaScript MIME type is required, as in Chromium.
			body, err = loadScript(ctx, w.cfg.Loader, u, 0, checkModule)
			cancel()
			w.loop.AdvanceBlocking(time.Since(began))
		}
		if err != nil {
			wk.realm.ThrowDOMException("NetworkError", "Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '"+u+"' failed to load.")
		}
		code := decodeScript(body, "")
		if _, err := wk.runClassic(u, code); err != nil {
			var ex *goja.Exception
			if errors.As(err, &ex) {
				panic(ex.Value())
			}
			panic(wk.rt.NewGoError(err))
		}
	}
	return goja.Undefined()
}

// handlerGet and handlerSet are the event handler attributes of the
// network objects in a worker (handlerAttr): worker.js keeps them, as it
// keeps the global's.
func (wk *worker) handlerGet(impl any, name string) goja.Value {
	if wk.terminated {
		return goja.Null()
	}
	target := wk.realm.Lookup(impl)
	if target == nil || wk.hooks.handler == nil {
		return goja.Null()
	}
	v, err := wk.hooks.handler(goja.Undefined(), target, wk.rt.ToValue(name))
	if err != nil {
		panic(err)
	}
	return v
}

func (wk *worker) handlerSet(impl any, name string, v goja.Value) {
	if wk.terminated {
		return
	}
	target := wk.realm.Lookup(impl)
	if target == nil || wk.hooks.setHandler == nil {
		return
	}
	if _, err := wk.hooks.setHandler(goja.Undefined(), target, wk.rt.ToValue(name), v); err != nil {
		panic(err)
	}
}
