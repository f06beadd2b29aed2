package jsruntime

import (
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// Cache Storage (caches, CacheStorage, Cache), as headless Chromium 156
// gives it to a secure context (https, or a loopback host such as
// http://127.0.0.1): an in-memory store per page, shared by the page and
// its workers (one origin), that starts empty and ends with the render.
// Requests match as the Service Workers standard says (the URL without
// its fragment, ignoreSearch, ignoreMethod, the cached response's Vary);
// add and addAll fetch through the page's client. Pages and libraries
// (Workbox, offline-first apps) feature-test `'caches' in window` and
// cache what they fetch.
// https://w3c.github.io/ServiceWorker/#cache-objects

// cacheStore is the origin's cache storage: the caches by name, in the
// order they were made.
type cacheStore struct {
	names []string
	lists map[string]*cacheList
}

// cacheList is one named cache's request-response list. A Cache object
// keeps its list after caches.delete removed it from the store (it still
// works, as in Chromium).
type cacheList struct{ entries []cachedPair }

// cachedPair is a stored request and response: copies, the response's
// body read whole.
type cachedPair struct {
	req *xhr.Request
	res *xhr.Response
}

// cacheStorage is a global's CacheStorage (window.caches).
type cacheStorage struct{ store *cacheStore }

// cacheHandle is a Cache object: each caches.open gives a new one.
type cacheHandle struct{ list *cacheList }

// cacheQuery is a CacheQueryOptions or MultiCacheQueryOptions dictionary.
type cacheQuery struct {
	ignoreSearch, ignoreMethod, ignoreVary bool
	cacheName                              string
	hasCacheName                           bool
}

// cacheStoreOf returns the page's cache storage, made on first use.
func (e *netEnv) cacheStoreOf() *cacheStore {
	if e.caches == nil {
		e.caches = &cacheStore{lists: map[string]*cacheList{}}
	}
	return e.caches
}

// installCaches installs CacheStorage, Cache and the global's caches
// getter, in a secure context only ([SecureContext]).
func installCaches(e *netEnv) error {
	var secure bool
	switch {
	case e.win != nil:
		secure = isSecureURL(e.win.nav.url)
	case e.worker != nil:
		secure = isSecureURL(e.worker.w.nav.url)
	}
	if !secure {
		return nil
	}
	if err := e.realm.Install(e.global, cacheStorageIface, cacheIface); err != nil {
		return err
	}
	get := e.realm.NewFunction("get caches", 0, func(call goja.FunctionCall) goja.Value {
		if !e.isGlobalThis(call.This) {
			e.realm.ThrowTypeError("Illegal invocation")
		}
		if e.cacheStorage == nil {
			e.cacheStorage = &cacheStorage{store: e.cacheStoreOf()}
		}
		return e.realm.WrapObject(e.cacheStorage, e.realm.Class("CacheStorage"))
	})
	return e.global.DefineAccessorProperty("caches", get, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// cacheQueryOptions converts a CacheQueryOptions (multi: a
// MultiCacheQueryOptions, with cacheName) dictionary.
func cacheQueryOptions(r *bind.Realm, v goja.Value, multi bool, what string) cacheQuery {
	var q cacheQuery
	if bind.Nullish(v) {
		return q
	}
	o, ok := v.(*goja.Object)
	if !ok {
		dict := "CacheQueryOptions"
		if multi {
			dict = "MultiCacheQueryOptions"
		}
		r.ThrowTypeError(what + "The provided value is not of type '" + dict + "'.")
	}
	// Members in lexicographic order, as Web IDL reads them.
	if multi {
		if n := o.Get("cacheName"); !bind.Absent(n) {
			q.cacheName, q.hasCacheName = bind.DOMString(n), true
		}
	}
	flag := func(name string) bool {
		v := o.Get(name)
		return v != nil && v.ToBoolean()
	}
	q.ignoreMethod = flag("ignoreMethod")
	q.ignoreSearch = flag("ignoreSearch")
	q.ignoreVary = flag("ignoreVary")
	return q
}

// cacheRequestArg is a RequestInfo argument: a Request's request, or a
// new Request of the string.
func cacheRequestArg(w *netEnv, v goja.Value) *xhr.Request {
	if impl, ok := w.realm.UnwrapAs(v, w.realm.Class("Request")); ok {
		return impl.(*netRequest).req
	}
	return netNewRequest(w, v, goja.Undefined()).req
}

// cacheURLKey is a URL as requests are matched: without its fragment, and
// without its query under ignoreSearch.
func cacheURLKey(q *xhr.Request, ignoreSearch bool) string {
	u := *q.URL
	u.Fragment, u.RawFragment = "", ""
	if ignoreSearch {
		u.RawQuery, u.ForceQuery = "", false
	}
	return u.String()
}

// cacheMatches is "request matches cached item".
// https://w3c.github.io/ServiceWorker/#request-matches-cached-item-algorithm
func cacheMatches(query, cached *xhr.Request, res *xhr.Response, o cacheQuery) bool {
	if !o.ignoreMethod && query.Method != "GET" {
		return false
	}
	if cacheURLKey(query, o.ignoreSearch) != cacheURLKey(cached, o.ignoreSearch) {
		return false
	}
	if res == nil || o.ignoreVary {
		return true
	}
	vary, ok, _ := res.Headers.Get("Vary")
	if !ok {
		return true
	}
	for _, f := range strings.Split(vary, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if f == "*" {
			return false
		}
		a, aok, _ := query.Headers.Get(f)
		b, bok, _ := cached.Headers.Get(f)
		if a != b || aok != bok {
			return false
		}
	}
	return true
}

// query is "query cache": the entries query matches, all of them for a
// nil query.
// https://w3c.github.io/ServiceWorker/#query-cache
func (l *cacheList) query(q *xhr.Request, o cacheQuery) []cachedPair {
	if q == nil {
		return l.entries
	}
	var out []cachedPair
	for _, e := range l.entries {
		if cacheMatches(q, e.req, e.res, o) {
			out = append(out, e)
		}
	}
	return out
}

// remove removes the entries q matches, reporting whether there were any.
func (l *cacheList) remove(q *xhr.Request, o cacheQuery) bool {
	n := len(l.entries)
	kept := l.entries[:0]
	for _, e := range l.entries {
		if !cacheMatches(q, e.req, e.res, o) {
			kept = append(kept, e)
		}
	}
	clear(l.entries[len(kept):])
	l.entries = kept
	return len(kept) != n
}

// store puts entries in the list, each replacing the entries whose URL
// its request has (Chromium replaces them whatever their Vary), at the end.
func (l *cacheList) store(entries []cachedPair) {
	for _, e := range entries {
		l.remove(e.req, cacheQuery{ignoreVary: true})
		l.entries = append(l.entries, e)
	}
}

// cacheCheckRequest refuses what a cache cannot hold: a request that is
// not an http(s) GET.
func cacheCheckRequest(r *bind.Realm, q *xhr.Request, what string) {
	if s := q.URL.Scheme; s != "http" && s != "https" {
		r.ThrowTypeError(what + "Request scheme '" + s + "' is unsupported")
	}
	if q.Method != "GET" {
		r.ThrowTypeError(what + "Request method '" + q.Method + "' is unsupported")
	}
}

// cacheResponseError is why a response cannot be stored, "" when it can.
func cacheResponseError(res *xhr.Response) string {
	if res.Status == 206 {
		return "Partial response (status code 206) is unsupported"
	}
	if vary, ok, _ := res.Headers.Get("Vary"); ok {
		for _, f := range strings.Split(vary, ",") {
			if strings.TrimSpace(f) == "*" {
				return "Vary header contains *"
			}
		}
	}
	return ""
}

// cacheKeyRequest is the copy of q a cache keeps: a GET of its URL with
// its headers (for Vary), no body, no signal.
func cacheKeyRequest(q *xhr.Request) *xhr.Request {
	c := *q
	c.Headers = q.Headers.Clone()
	u := *q.URL
	c.URL = &u
	c.Connect, c.Signal = nil, nil
	c.Body = xhr.Body{}
	return &c
}

// cacheStoredResponse is the copy of res a cache keeps, with data, its
// body read whole.
func cacheStoredResponse(res *xhr.Response, data []byte) *xhr.Response {
	var body any
	if res.HasBody() {
		body = data
		if data == nil {
			body = []byte{}
		}
	}
	c, err := xhr.NewResponse(body, xhr.ResponseInit{})
	if err != nil {
		// A body of bytes and the default init always make one.
		panic(err)
	}
	c.Type, c.Status, c.StatusText = res.Type, res.Status, res.StatusText
	c.URLList = append(c.URLList[:0:0], res.URLList...)
	c.Headers = res.Headers.Clone()
	return c
}

// cacheResponses wraps copies of the entries' responses, new objects each
// time.
func cacheResponses(r *bind.Realm, entries []cachedPair) []any {
	out := make([]any, len(entries))
	for i, e := range entries {
		c, err := e.res.Clone()
		if err != nil {
			throwNet(r, err)
		}
		out[i] = r.WrapObject(&netResponse{res: c}, r.Class("Response"))
	}
	return out
}

// cacheRequests wraps copies of the entries' requests.
func cacheRequests(w *netEnv, entries []cachedPair) []any {
	r := w.realm
	out := make([]any, len(entries))
	for i, e := range entries {
		q := cacheKeyRequest(e.req)
		nr := &netRequest{req: q, signal: anySignal(w, nil)}
		q.Signal = nr.signal.s
		out[i] = r.WrapObject(nr, r.Class("Request"))
	}
	return out
}

func cacheOf(this any) *cacheHandle { return this.(*cacheHandle) }

// cacheMatchArgs reads match's, matchAll's and keys' arguments: the
// request (nil when absent and optional) and the options.
func cacheMatchArgs(w *netEnv, args []goja.Value, what string) (*xhr.Request, cacheQuery) {
	var q *xhr.Request
	if v := bind.Arg(args, 0); !goja.IsUndefined(v) {
		q = cacheRequestArg(w, v)
	}
	return q, cacheQueryOptions(w.realm, bind.Arg(args, 1), false, what)
}

// cachePut stores res (its body read to its end) for q in l, resolving
// the promise it returns once stored.
// https://w3c.github.io/ServiceWorker/#cache-put
func cachePut(w *netEnv, l *cacheList, q *xhr.Request, resV goja.Value) goja.Value {
	r := w.realm
	const what = "Failed to execute 'put' on 'Cache': "
	impl, ok := r.UnwrapAs(resV, r.Class("Response"))
	if !ok {
		r.ThrowTypeError(what + "parameter 2 is not of type 'Response'.")
	}
	nr := impl.(*netResponse)
	cacheCheckRequest(r, q, what)
	if msg := cacheResponseError(nr.res); msg != "" {
		r.ThrowTypeError(what + msg)
	}
	if nr.src != nil && (nr.src.read || nr.src.pulled) || nr.src == nil && nr.res.BodyUsed() {
		r.ThrowTypeError(what + "Response body is already used")
	}
	key := cacheKeyRequest(q)
	if nr.src != nil {
		// A body the page gave as a stream, read to its end.
		return w.consumeStream(nr.src, "put' on 'Cache", func(data []byte) goja.Value {
			l.store([]cachedPair{{req: key, res: cacheStoredResponse(nr.res, data)}})
			return goja.Undefined()
		})
	}
	p, resolve, reject := w.rt.NewPromise()
	nr.res.ReadAll(func(data []byte, err error) {
		if w.gone() {
			return
		}
		if err != nil {
			_ = reject(netFetchError(w, err))
			return
		}
		l.store([]cachedPair{{req: key, res: cacheStoredResponse(nr.res, data)}})
		_ = resolve(goja.Undefined())
	})
	return w.rt.ToValue(p)
}

// cacheAddAll fetches each request and stores every response once all
// came and were read, nothing when one fails.
// https://w3c.github.io/ServiceWorker/#cache-addAll
func cacheAddAll(w *netEnv, l *cacheList, reqs []*xhr.Request, what string) goja.Value {
	r := w.realm
	for i, q := range reqs {
		cacheCheckRequest(r, q, what)
		for _, prev := range reqs[:i] {
			if cacheMatches(q, prev, nil, cacheQuery{}) {
				r.ThrowDOMException("InvalidStateError", what+"Cache.addAll(): duplicate requests ("+cacheURLKey(q, false)+")")
			}
		}
	}
	p, resolve, reject := w.rt.NewPromise()
	if len(reqs) == 0 {
		_ = resolve(goja.Undefined())
		return w.rt.ToValue(p)
	}
	entries := make([]cachedPair, len(reqs))
	left, failed := len(reqs), false
	fail := func(v goja.Value) {
		if !failed {
			failed = true
			_ = reject(v)
		}
	}
	for i, q := range reqs {
		key := cacheKeyRequest(q)
		q.Connect = w.connectFetch
		xhr.Fetch(w.ctx, w.loop, w.client, q, func(res *xhr.Response, err error) {
			if w.gone() || failed {
				return
			}
			if err != nil {
				fail(netFetchError(w, err))
				return
			}
			if !res.OK() {
				fail(w.rt.NewTypeError(what + "Request failed"))
				return
			}
			if msg := cacheResponseError(res); msg != "" {
				fail(w.rt.NewTypeError(what + msg))
				return
			}
			res.ReadAll(func(data []byte, err error) {
				if w.gone() || failed {
					return
				}
				if err != nil {
					fail(netFetchError(w, err))
					return
				}
				entries[i] = cachedPair{req: key, res: cacheStoredResponse(res, data)}
				if left--; left == 0 {
					l.store(entries)
					_ = resolve(goja.Undefined())
				}
			})
		})
	}
	return w.rt.ToValue(p)
}

var cacheIface = &bind.Interface{
	Name: "Cache",
	Methods: []bind.Method{
		{Name: "match", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			q, o := cacheMatchArgs(w, args, "Failed to execute 'match' on 'Cache': ")
			if m := cacheOf(this).list.query(q, o); len(m) > 0 {
				return w.resolved(cacheResponses(r, m[:1])[0].(goja.Value))
			}
			return w.resolved(goja.Undefined())
		}},
		{Name: "matchAll", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			q, o := cacheMatchArgs(w, args, "Failed to execute 'matchAll' on 'Cache': ")
			return w.resolved(w.rt.NewArray(cacheResponses(r, cacheOf(this).list.query(q, o))...))
		}},
		{Name: "add", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			return cacheAddAll(w, cacheOf(this).list, []*xhr.Request{cacheFetchRequest(w, args[0])}, "Failed to execute 'add' on 'Cache': ")
		}},
		{Name: "addAll", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			const what = "Failed to execute 'addAll' on 'Cache': "
			var reqs []*xhr.Request
			if err := cacheIterate(w, args[0], func(v goja.Value) { reqs = append(reqs, cacheFetchRequest(w, v)) }); err != "" {
				r.ThrowTypeError(what + err)
			}
			return cacheAddAll(w, cacheOf(this).list, reqs, what)
		}},
		{Name: "put", Length: 2, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			return cachePut(w, cacheOf(this).list, cacheRequestArg(w, args[0]), args[1])
		}},
		{Name: "delete", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			q, o := cacheMatchArgs(w, args, "Failed to execute 'delete' on 'Cache': ")
			return w.resolved(w.boolean(cacheOf(this).list.remove(q, o)))
		}},
		{Name: "keys", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			q, o := cacheMatchArgs(w, args, "Failed to execute 'keys' on 'Cache': ")
			return w.resolved(w.rt.NewArray(cacheRequests(w, cacheOf(this).list.query(q, o))...))
		}},
	},
}

// cacheFetchRequest is the request add and addAll fetch for a RequestInfo:
// a copy of a Request (whose body, if any, stays), a new one for a string.
func cacheFetchRequest(w *netEnv, v goja.Value) *xhr.Request {
	if impl, ok := w.realm.UnwrapAs(v, w.realm.Class("Request")); ok {
		q := impl.(*netRequest).req
		if q.Method != "GET" {
			return q // refused before anything is fetched
		}
		c, err := q.Clone()
		if err != nil {
			throwNet(w.realm, err)
		}
		return c
	}
	return netNewRequest(w, v, goja.Undefined()).req
}

// cacheIterate converts a sequence argument, calling fn with each item;
// it returns a message when v is not iterable.
func cacheIterate(w *netEnv, v goja.Value, fn func(goja.Value)) string {
	o, ok := v.(*goja.Object)
	if !ok {
		return "The provided value cannot be converted to a sequence."
	}
	iter, ok := goja.AssertFunction(o.GetSymbol(goja.SymIterator))
	if !ok {
		return "The object must have a callable @@iterator property."
	}
	itv, err := iter(o)
	if err != nil {
		panic(err)
	}
	it := itv.ToObject(w.rt)
	next, ok := goja.AssertFunction(it.Get("next"))
	if !ok {
		w.realm.ThrowTypeError("The iterator's next is not a function.")
	}
	for {
		rv, err := next(it)
		if err != nil {
			panic(err)
		}
		ro, ok := rv.(*goja.Object)
		if !ok {
			w.realm.ThrowTypeError("Iterator result is not an object.")
		}
		if ro.Get("done").ToBoolean() {
			return ""
		}
		fn(ro.Get("value"))
	}
}

func storageOf(this any) *cacheStore { return this.(*cacheStorage).store }

var cacheStorageIface = &bind.Interface{
	Name: "CacheStorage",
	Methods: []bind.Method{
		{Name: "match", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			const what = "Failed to execute 'match' on 'CacheStorage': "
			q := cacheRequestArg(w, args[0])
			o := cacheQueryOptions(r, bind.Arg(args, 1), true, what)
			s := storageOf(this)
			for _, name := range s.names {
				if o.hasCacheName && name != o.cacheName {
					continue
				}
				if m := s.lists[name].query(q, o); len(m) > 0 {
					return w.resolved(cacheResponses(r, m[:1])[0].(goja.Value))
				}
			}
			return w.resolved(goja.Undefined())
		}},
		{Name: "has", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			_, ok := storageOf(this).lists[bind.DOMString(args[0])]
			return netOf(r).resolved(netOf(r).boolean(ok))
		}},
		{Name: "open", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s, name := storageOf(this), bind.DOMString(args[0])
			l := s.lists[name]
			if l == nil {
				l = &cacheList{}
				s.lists[name] = l
				s.names = append(s.names, name)
			}
			return netOf(r).resolved(r.WrapObject(&cacheHandle{list: l}, r.Class("Cache")))
		}},
		{Name: "delete", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s, name := storageOf(this), bind.DOMString(args[0])
			_, ok := s.lists[name]
			if ok {
				delete(s.lists, name)
				for i, n := range s.names {
					if n == name {
						s.names = append(s.names[:i], s.names[i+1:]...)
						break
					}
				}
			}
			return netOf(r).resolved(netOf(r).boolean(ok))
		}},
		{Name: "keys", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s := storageOf(this)
			names := make([]any, len(s.names))
			for i, n := range s.names {
				names[i] = n
			}
			return netOf(r).resolved(r.Runtime.NewArray(names...))
		}},
	},
}
