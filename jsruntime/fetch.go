package jsruntime

import (
	"errors"
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// netRequest is the implementation behind a Request.
// https://fetch.spec.whatwg.org/#request-class
type netRequest struct {
	req    *xhr.Request
	signal *abortSignal
	stream goja.Value
	// src is the ReadableStream a Request was made with: its body, read
	// when the page consumes it or fetch() sends it.
	src *streamBody
}

// netResponse is the implementation behind a Response.
// https://fetch.spec.whatwg.org/#response-class
type netResponse struct {
	res    *xhr.Response
	stream goja.Value
	// src is the ReadableStream a Response was made with: its body, read
	// when the page consumes the response.
	src *streamBody
}

// streamBody is a body given as a ReadableStream.
type streamBody struct {
	stream goja.Value
	read   bool // consumed by text(), json()...
	// pulled: the page read from (or canceled) a network body's stream,
	// which disturbs it (bodyUsed).
	pulled bool
}

// netRequestInit converts a RequestInit dictionary as Chromium's bindings
// do: each member once, in lexicographic order, converted as it is read
// (method a ByteString, referrer a USVString, the enumerations checked);
// what the members mean is checked after, by xhr.NewRequest. stream is
// the body when it is a ReadableStream (init then has an empty body in
// its place), headers the converted HeadersInit, nil when not given.
// https://fetch.spec.whatwg.org/#requestinit
func netRequestInit(w *netEnv, v goja.Value) (init xhr.RequestInit, sig *abortSignal, stream goja.Value, headers [][]string) {
	d := bind.NewDictionary(v, "RequestInit")
	d.Convert("body", func(b goja.Value) {
		if s := w.readableStreamArg(b); s != nil {
			// A stream body has no type, and its bytes only once read.
			init.HasBody, init.Body, stream = true, []byte{}, s
			return
		}
		init.HasBody, init.Body = true, netBodyInit(w, b)
	})
	init.Cache, _ = d.Enum("cache", "RequestCache", "default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached")
	init.Credentials, _ = d.Enum("credentials", "RequestCredentials", "omit", "same-origin", "include")
	_, duplex := d.Enum("duplex", "RequestDuplex", "half")
	d.Convert("headers", func(h goja.Value) { headers = netHeadersInit(w, h) })
	init.Integrity, init.HasIntegrity = d.DOMString("integrity")
	d.Convert("keepalive", func(k goja.Value) { init.Keepalive, init.HasKeepalive = k.ToBoolean(), true })
	init.Method, _ = d.ByteString("method")
	init.Mode, _ = d.Enum("mode", "RequestMode", "navigate", "same-origin", "no-cors", "cors")
	// priority is a hint this renderer does not use, but its value is
	// checked as any enumeration's.
	d.Enum("priority", "FetchPriority", "high", "low", "auto")
	init.Redirect, _ = d.Enum("redirect", "RequestRedirect", "follow", "error", "manual")
	init.Referrer, init.HasReferrer = d.USVString("referrer")
	init.ReferrerPolicy, _ = d.Enum("referrerPolicy", "ReferrerPolicy", "", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
		"origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url")
	d.Convert("signal", func(s goja.Value) {
		init.HasSignal = true
		if goja.IsNull(s) {
			return
		}
		impl, ok := w.realm.UnwrapAs(s, w.realm.Class("AbortSignal"))
		if !ok {
			panic(bind.TypeError("Failed to convert value to 'AbortSignal'."))
		}
		sig = impl.(*abortSignal)
		init.Signal = sig.s
	})
	if stream != nil {
		// https://fetch.spec.whatwg.org/#dom-request (steps 34 and 36:
		// a stream body is no keepalive request's and needs duplex "half")
		if init.Keepalive {
			panic(bind.TypeError("Keepalive request cannot have a ReadableStream body."))
		}
		if !duplex {
			panic(bind.TypeError("The `duplex` member must be specified for a request with a streaming body"))
		}
	}
	return init, sig, stream, headers
}

// netNewRequest is new Request(input, init).
// https://fetch.spec.whatwg.org/#dom-request
func netNewRequest(w *netEnv, input, initV goja.Value) *netRequest {
	r := w.realm
	var in any
	var src *netRequest
	if impl, ok := r.UnwrapAs(input, r.Class("Request")); ok {
		src = impl.(*netRequest)
		in = src.req
	} else {
		s := bind.USVString(input)
		u, err := netParseURL(w, s)
		if err != nil {
			panic(bind.TypeError("Failed to parse URL from " + s))
		}
		in = u
	}
	init, sig, stream, headers := netRequestInit(w, initV)
	if headers != nil {
		init.Headers = headerPairs(headers)
	}
	req, err := xhr.NewRequest(in, w.baseURL(), init)
	if err != nil {
		throwNet(r, err)
	}
	if src == nil {
		req.BlobEntry = w.client.ResolveBlobURL(req.URL)
	}
	nr := &netRequest{req: req, signal: sig}
	switch {
	case stream != nil:
		nr.src = &streamBody{stream: stream}
	case src != nil && src.src != nil && !init.HasBody:
		if src.src.read {
			panic(bind.TypeError("Cannot construct a Request with a Request object that has already been used."))
		}
		nr.src, src.src = src.src, &streamBody{read: true} // the body moves
	}
	// Steps 12 and 29–31: the request's signal is a new one, dependent
	// on init's signal when given (null: none), else on the input
	// Request's.
	var sources []*abortSignal
	switch {
	case init.HasSignal:
		if sig != nil {
			sources = []*abortSignal{sig}
		}
	case src != nil:
		sources = []*abortSignal{src.signal}
	}
	nr.signal = anySignal(w, sources)
	req.Signal = nr.signal.s
	return nr
}

// netParseURL parses s against the document's base URL with the URL
// standard's parser (which percent-encodes what it must: a space, non-ASCII
// in UTF-8) and returns the serialization, for the xhr package to resolve.
// https://url.spec.whatwg.org/#concept-url-parser
func netParseURL(w *netEnv, s string) (string, error) {
	base := ""
	if b := w.baseURL(); b != nil {
		base = b.String()
	}
	u, err := webapi.ParseURLString(s, base)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// xhrParseURL is netParseURL for XMLHttpRequest.open, which parses
// relative to the document with its encoding (fetch parses in UTF-8): in a
// document of a legacy encoding, the query's characters outside ASCII are
// written in that encoding (dom.Document.BaseRecord).
// https://xhr.spec.whatwg.org/#dom-xmlhttprequest-open
func xhrParseURL(w *netEnv, s string) (string, error) {
	if w.win == nil || w.win.doc == nil {
		return netParseURL(w, s)
	}
	u, err := webapi.ParseURL(s, w.win.doc.BaseRecord())
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// netFetchError is what fetch() rejects with for err.
func netFetchError(w *netEnv, err error) goja.Value {
	var ae *xhr.AbortError
	if errors.As(err, &ae) {
		if v, ok := ae.Reason.(goja.Value); ok && v != nil && !goja.IsUndefined(v) {
			return v
		}
		return w.realm.NewDOMException("AbortError", "The user aborted a request.")
	}
	var de *xhr.DOMError
	if errors.As(err, &de) && de.Name != "TypeError" {
		return w.realm.NewDOMException(de.Name, de.Message)
	}
	return w.rt.NewTypeError("Failed to fetch")
}

// netFetch returns the fetch() function of a window or worker, whose
// requests go through its environment's client.
// https://fetch.spec.whatwg.org/#fetch-method
func netFetch(w *netEnv) *goja.Object {
	c := w.client
	return w.realm.NewFunction("fetch", 1, func(call goja.FunctionCall) goja.Value {
		p, resolve, reject := w.rt.NewPromise()
		var nr *netRequest
		if ex := w.rt.Try(func() {
			// A promise-returning operation rejects instead of throwing.
			// https://webidl.spec.whatwg.org/#dfn-create-operation-function
			if !w.isGlobalThis(call.This) {
				w.realm.ThrowTypeError("Failed to execute 'fetch' on '" + w.scope + "': Illegal invocation")
			}
			if len(call.Arguments) < 1 {
				w.realm.ThrowTypeError("Failed to execute 'fetch' on '" + w.scope + "': 1 argument required, but only 0 present.")
			}
			w.realm.Operation(w.scope, "fetch", func() {
				nr = netNewRequest(w, call.Arguments[0], bind.Arg(call.Arguments, 1))
			})
		}); ex != nil {
			_ = reject(ex.Value())
			return w.rt.ToValue(p)
		}
		send := func() {
			nr.req.Connect = w.connectFetch
			rf := w.timings().begin(w.loop, "fetch", "")
			xhr.Fetch(w.ctx, w.loop, c, nr.req, func(res *xhr.Response, err error) {
				if w.gone() {
					return
				}
				if err != nil {
					_ = reject(netFetchError(w, err))
					return
				}
				// The entry comes with the headers, where Chromium's
				// comes at the end of the body.
				rf.end(&res.Timing, 0, nil)
				_ = resolve(w.realm.WrapObject(&netResponse{res: res}, w.realm.Class("Response")))
			})
		}
		if nr.src == nil {
			send()
			return w.rt.ToValue(p)
		}
		// A stream body is read to its end, then sent: there is no
		// streaming upload (Chromium streams only over HTTP/2 and fails
		// such a fetch over HTTP/1.1). A chunk that is no Uint8Array, or
		// an error of the stream, rejects the fetch.
		// https://fetch.spec.whatwg.org/#concept-request-transmit-body
		read := w.consumeStream(nr.src, "fetch", func(data []byte) goja.Value {
			nr.req.Body.SetStreamed(data)
			send()
			return goja.Undefined()
		}).ToObject(w.rt)
		then, _ := goja.AssertFunction(read.Get("then"))
		_, _ = then(read, nil, w.rt.ToValue(func(call goja.FunctionCall) goja.Value {
			_ = reject(call.Argument(0))
			return goja.Undefined()
		}))
		return w.rt.ToValue(p)
	})
}

// readableStreamArg returns v when it is a ReadableStream of the page,
// else nil.
func (w *netEnv) readableStreamArg(v goja.Value) goja.Value {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	ctor, ok := w.rt.GlobalObject().Get("ReadableStream").(*goja.Object)
	if !ok {
		return nil
	}
	proto, ok := ctor.Get("prototype").(*goja.Object)
	if !ok {
		return nil
	}
	for p := o.Prototype(); p != nil; p = p.Prototype() {
		if p == proto {
			return o
		}
	}
	return nil
}

// consumeStream reads the stream body src to its end and settles the
// returned promise with done's value for the bytes (a TypeError when the
// body was read already, the stream is locked, a chunk is not a
// Uint8Array, or the stream errors).
// https://fetch.spec.whatwg.org/#concept-body-consume-body
func (w *netEnv) consumeStream(src *streamBody, name string, done func(data []byte) goja.Value) goja.Value {
	rt := w.rt
	p, resolve, reject := rt.NewPromise()
	fail := func(v goja.Value) { _ = reject(v) }
	if src.read {
		fail(rt.NewTypeError("Failed to execute '%s': body stream already read", name))
		return rt.ToValue(p)
	}
	src.read = true
	var reader *goja.Object
	var read goja.Callable
	if ex := rt.Try(func() {
		obj := src.stream.ToObject(rt)
		getReader, _ := goja.AssertFunction(obj.Get("getReader"))
		rv, err := getReader(obj)
		if err != nil {
			panic(err)
		}
		reader = rv.ToObject(rt)
		read, _ = goja.AssertFunction(reader.Get("read"))
	}); ex != nil || read == nil {
		fail(rt.NewTypeError("Failed to execute '%s': body stream is locked", name))
		return rt.ToValue(p)
	}
	var buf []byte
	var step func()
	onChunk := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		res := call.Argument(0).ToObject(rt)
		if res.Get("done").ToBoolean() {
			var out goja.Value
			if ex := rt.Try(func() { out = done(buf) }); ex != nil {
				fail(ex.Value())
			} else {
				_ = resolve(out)
			}
			return goja.Undefined()
		}
		chunk, ok := webapi.BufferSourceOf(rt, res.Get("value"))
		if !ok || chunk.Kind != "Uint8Array" {
			fail(rt.NewTypeError("Failed to execute '%s': a chunk of the body stream is not a Uint8Array", name))
			return goja.Undefined()
		}
		buf = append(buf, chunk.Bytes...)
		step()
		return goja.Undefined()
	})
	onError := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		fail(call.Argument(0))
		return goja.Undefined()
	})
	step = func() {
		pv, err := read(reader)
		if err != nil {
			fail(rt.NewTypeError(err.Error()))
			return
		}
		po := pv.ToObject(rt)
		then, _ := goja.AssertFunction(po.Get("then"))
		if _, err := then(po, onChunk, onError); err != nil {
			fail(rt.NewTypeError(err.Error()))
		}
	}
	step()
	return rt.ToValue(p)
}

// netRejected returns a promise rejected with v.
func (w *netEnv) netRejected(v goja.Value) goja.Value {
	p, _, reject := w.rt.NewPromise()
	_ = reject(v)
	return w.rt.ToValue(p)
}

// bodyMethods are the Body mixin's methods for Request and Response
// (iface); get returns the body and its Content-Type, stream the body as
// the page sees it (Request.body, Response.body).
// https://fetch.spec.whatwg.org/#body-mixin
func bodyMethods(iface string, get func(this any) (*xhr.Body, string, *streamBody), stream bind.Getter) []bind.Method {
	consume := func(name string, f func(w *netEnv, data []byte, ct string) goja.Value) bind.Method {
		return bind.Method{Name: name, Promise: true, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			w := netOf(r)
			body, ct, src := get(this)
			if src != nil {
				return w.consumeStream(src, name, func(data []byte) goja.Value { return f(w, data, ct) })
			}
			if body.Stream() != nil {
				return w.consumeNetStream(body, name, func(data []byte) goja.Value { return f(w, data, ct) })
			}
			data, err := body.Consume()
			if ae := (*xhr.AbortError)(nil); errors.As(err, &ae) {
				return w.netRejected(netFetchError(w, err))
			}
			if err != nil {
				return w.netRejected(w.rt.NewTypeError("Failed to execute '%s': body stream already read", name))
			}
			var out goja.Value
			if ex := w.rt.Try(func() { out = f(w, data, ct) }); ex != nil {
				return w.netRejected(ex.Value())
			}
			return w.resolved(out)
		}}
	}
	return []bind.Method{
		consume("text", func(w *netEnv, data []byte, _ string) goja.Value { return w.str(xhr.DecodeUTF8(data)) }),
		consume("json", func(w *netEnv, data []byte, _ string) goja.Value {
			parse := netJSON(w, "parse")
			v, err := parse(goja.Undefined(), w.str(xhr.DecodeUTF8(data)))
			if err != nil {
				panic(err)
			}
			return v
		}),
		consume("arrayBuffer", func(w *netEnv, data []byte, _ string) goja.Value { return w.netArrayBuffer(data) }),
		consume("bytes", func(w *netEnv, data []byte, _ string) goja.Value { return w.netUint8Array(data) }),
		consume("blob", func(w *netEnv, data []byte, ct string) goja.Value {
			return w.realm.WrapObject(xhr.NewBlob([][]byte{data}, ct), w.realm.Class("Blob"))
		}),
		consume("formData", func(w *netEnv, data []byte, ct string) goja.Value {
			fd, err := xhr.ParseFormData(data, ct)
			if err != nil {
				w.realm.ThrowTypeError("Failed to execute 'formData': %s", err.Error())
			}
			return w.realm.WrapObject(fd, w.realm.Class("FormData"))
		}),
		// https://fetch.spec.whatwg.org/#dom-body-textstream: a body
		// already read or locked is a TypeError; no body is an empty
		// stream.
		{Name: "textStream", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			w := netOf(r)
			body, _, src := get(this)
			used := body.BodyUsed()
			if src != nil {
				used = src.read || src.pulled
			}
			s := stream(r, this)
			if !used && !goja.IsNull(s) && s.ToObject(r.Runtime).Get("locked").ToBoolean() {
				used = true
			}
			if used {
				r.ThrowTypeError("Failed to execute 'textStream' on '%s': body stream already read", iface)
			}
			return w.textStream(s)
		}},
	}
}

// textStream returns bytes, a ReadableStream of bytes or null (an empty
// body), piped through a new TextDecoderStream: the ReadableStream of
// strings of Blob.textStream() and Body.textStream(). It is null when the
// page has no streams (package webapi is not installed).
// https://w3c.github.io/FileAPI/#dom-blob-textstream
func (w *netEnv) textStream(bytes goja.Value) goja.Value {
	rt := w.rt
	global := rt.GlobalObject()
	if goja.IsNull(bytes) {
		source := rt.NewObject()
		source.Set("start", func(call goja.FunctionCall) goja.Value {
			c := call.Argument(0).ToObject(rt)
			closeFn, _ := goja.AssertFunction(c.Get("close"))
			if _, err := closeFn(c); err != nil {
				panic(err)
			}
			return goja.Undefined()
		})
		if bytes = webapi.NewReadableStream(rt, global, source); bytes == nil {
			return goja.Null()
		}
	}
	ctor, ok := global.Get("TextDecoderStream").(*goja.Object)
	if !ok {
		return goja.Null()
	}
	decoder, err := rt.New(ctor)
	if err != nil {
		panic(err)
	}
	obj := bytes.ToObject(rt)
	pipe, ok := goja.AssertFunction(obj.Get("pipeThrough"))
	if !ok {
		return goja.Null()
	}
	out, err := pipe(obj, decoder)
	if err != nil {
		panic(err)
	}
	return out
}

// netBodyStream returns the body as a ReadableStream (package webapi's):
// the whole body is its one chunk, and reading it uses the body up, as
// text() would. Without webapi's streams, a minimal stand-in: getReader()
// and a reader whose read() yields the body as one chunk.
// https://fetch.spec.whatwg.org/#dom-body-body
func netBodyStream(w *netEnv, body *xhr.Body, cache *goja.Value) goja.Value {
	if !body.HasBody() {
		return goja.Null()
	}
	if *cache != nil {
		return *cache
	}
	if s := w.byteStream(func() ([]byte, error) {
		data, err := body.Consume()
		if err != nil {
			return nil, errors.New("body stream already read")
		}
		return data, nil
	}); !goja.IsNull(s) {
		*cache = s
		return s
	}
	rt := w.rt
	stream := rt.NewObject()
	locked := false
	done := false
	result := func(v goja.Value, end bool) goja.Value {
		o := rt.NewObject()
		o.Set("value", v)
		o.Set("done", end)
		return w.resolved(o)
	}
	read := func(goja.FunctionCall) goja.Value {
		if done {
			return result(goja.Undefined(), true)
		}
		done = true
		data, err := body.Consume()
		if err != nil {
			return w.netRejected(rt.NewTypeError("body stream already read"))
		}
		if len(data) == 0 {
			return result(goja.Undefined(), true)
		}
		return result(w.netUint8Array(data), false)
	}
	stream.DefineAccessorProperty("locked", w.realm.NewFunction("get locked", 0, func(goja.FunctionCall) goja.Value {
		return w.boolean(locked)
	}), nil, goja.FLAG_FALSE, goja.FLAG_TRUE)
	stream.Set("getReader", func(goja.FunctionCall) goja.Value {
		if locked {
			panic(rt.NewTypeError("ReadableStream is locked"))
		}
		locked = true
		reader := rt.NewObject()
		reader.Set("read", read)
		reader.Set("releaseLock", func(goja.FunctionCall) goja.Value { locked = false; return goja.Undefined() })
		reader.Set("cancel", func(goja.FunctionCall) goja.Value { done = true; return w.resolved(goja.Undefined()) })
		reader.Set("closed", w.resolved(goja.Undefined()))
		return reader
	})
	stream.Set("cancel", func(goja.FunctionCall) goja.Value { done = true; return w.resolved(goja.Undefined()) })
	// for await (const chunk of response.body), where Symbol.asyncIterator
	// exists (webapi's polyfills define it).
	if sym, ok := w.rt.Get("Symbol").ToObject(w.rt).Get("asyncIterator").(*goja.Symbol); ok {
		_ = stream.SetSymbol(sym, func(goja.FunctionCall) goja.Value {
			it := rt.NewObject()
			it.Set("next", read)
			it.Set("return", func(goja.FunctionCall) goja.Value { done = true; return result(goja.Undefined(), true) })
			return it
		})
	}
	*cache = stream
	return stream
}

func reqOf(this any) *netRequest  { return this.(*netRequest) }
func resOf(this any) *netResponse { return this.(*netResponse) }

func reqString(name string, f func(*xhr.Request) string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return r.String(f(reqOf(this).req)) }}
}

// requestIface declares Request.
var requestIface = &bind.Interface{
	Name:       "Request",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return netNewRequest(netOf(r), args[0], bind.Arg(args, 1))
	},
	Attributes: []bind.Attribute{
		reqString("method", func(q *xhr.Request) string { return q.Method }),
		reqString("url", func(q *xhr.Request) string { return q.URL.String() }),
		{Name: "headers", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(reqOf(this).req.Headers, r.Class("Headers"))
		}},
		reqString("mode", func(q *xhr.Request) string { return q.Mode }),
		reqString("credentials", func(q *xhr.Request) string { return q.Credentials }),
		reqString("redirect", func(q *xhr.Request) string { return q.Redirect }),
		reqString("cache", func(q *xhr.Request) string { return q.Cache }),
		// https://fetch.spec.whatwg.org/#dom-request-referrer
		reqString("referrer", func(q *xhr.Request) string {
			switch q.Referrer {
			case "no-referrer":
				return ""
			case "client", "":
				return "about:client"
			}
			return q.Referrer
		}),
		reqString("referrerPolicy", func(q *xhr.Request) string { return q.ReferrerPolicy }),
		reqString("integrity", func(q *xhr.Request) string { return q.Integrity }),
		reqString("destination", func(*xhr.Request) string { return "" }),
		reqString("duplex", func(*xhr.Request) string { return "half" }),
		{Name: "keepalive", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(reqOf(this).req.Keepalive) }},
		// Requests a page makes are never navigations.
		{Name: "isReloadNavigation", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(false) }},
		{Name: "isHistoryNavigation", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(false) }},
		{Name: "signal", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(reqOf(this).signal, r.Class("AbortSignal"))
		}},
		{Name: "body", Get: func(r *bind.Realm, this any) goja.Value { return requestBody(r, reqOf(this)) }},
		{Name: "bodyUsed", Get: func(r *bind.Realm, this any) goja.Value {
			q := reqOf(this)
			if q.src != nil {
				return r.Bool(q.src.read)
			}
			return r.Bool(q.req.BodyUsed())
		}},
	},
	Methods: append([]bind.Method{
		{Name: "clone", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			q := reqOf(this)
			c, err := q.req.Clone()
			if err != nil {
				throwNet(r, err)
			}
			// https://fetch.spec.whatwg.org/#request-clone: a new signal
			// dependent on this one.
			nr := &netRequest{req: c, signal: anySignal(netOf(r), []*abortSignal{q.signal})}
			c.Signal = nr.signal.s
			if q.src != nil {
				nr.src = teeStream(r, q.src, "Request")
			}
			return r.WrapObject(nr, r.Class("Request"))
		}},
	}, bodyMethods("Request", func(this any) (*xhr.Body, string, *streamBody) {
		nr := reqOf(this)
		ct, _, _ := nr.req.Headers.Get("Content-Type")
		return &nr.req.Body, ct, nr.src
	}, func(r *bind.Realm, this any) goja.Value { return requestBody(r, reqOf(this)) })...),
}

// requestBody is Request.body: the stream the page gave, or the body's.
func requestBody(r *bind.Realm, q *netRequest) goja.Value {
	if q.src != nil {
		return q.src.stream
	}
	return netBodyStream(netOf(r), &q.req.Body, &q.stream)
}

// responseBody is Response.body: the stream the page gave, the network
// body being received (teed once into a page stream), or the body's.
func responseBody(r *bind.Realm, s *netResponse) goja.Value {
	if s.src == nil && s.res.Stream() != nil && !s.res.BodyUsed() {
		netOf(r).netResponseStream(s)
	}
	if s.src != nil {
		return s.src.stream
	}
	return netBodyStream(netOf(r), &s.res.Body, &s.stream)
}

// netResponseInit converts a ResponseInit dictionary: headers, status (an
// unsigned short) and statusText (a ByteString), in that order; the
// status range is checked after.
// https://fetch.spec.whatwg.org/#responseinit
func netResponseInit(w *netEnv, v goja.Value) xhr.ResponseInit {
	var init xhr.ResponseInit
	var headers [][]string
	d := bind.NewDictionary(v, "ResponseInit")
	d.Convert("headers", func(h goja.Value) { headers = netHeadersInit(w, h) })
	status := uint16(200)
	d.Convert("status", func(s goja.Value) { status = uint16(bind.UnsignedLong(s)) })
	init.StatusText, _ = d.ByteString("statusText")
	if status < 200 || status > 599 {
		panic(bind.RangeError("The status provided (" + strconv.Itoa(int(status)) + ") is outside the range [200, 599]."))
	}
	init.Status = int(status)
	if headers != nil {
		init.Headers = headerPairs(headers)
	}
	return init
}

func (w *netEnv) netWrapResponse(res *xhr.Response, err error) goja.Value {
	if err != nil {
		throwNet(w.realm, err)
	}
	return w.realm.WrapObject(&netResponse{res: res}, w.realm.Class("Response"))
}

// teeStream clones a stream body: it is teed, one branch stays with src,
// the other is the clone's.
// https://fetch.spec.whatwg.org/#concept-body-clone
func teeStream(r *bind.Realm, src *streamBody, iface string) *streamBody {
	if src.read {
		r.ThrowTypeError("Failed to execute 'clone' on '" + iface + "': " + iface + " body is already used")
	}
	obj := src.stream.ToObject(r.Runtime)
	tee, _ := goja.AssertFunction(obj.Get("tee"))
	branches, err := tee(obj)
	if err != nil {
		panic(err)
	}
	pair := branches.ToObject(r.Runtime)
	src.stream = pair.Get("0")
	return &streamBody{stream: pair.Get("1")}
}

// responseIface declares Response.
var responseIface = &bind.Interface{
	Name: "Response",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := netOf(r)
		if src := w.readableStreamArg(bind.Arg(args, 0)); src != nil {
			// A stream body: read when the page consumes the response.
			// https://fetch.spec.whatwg.org/#concept-bodyinit-extract (ReadableStream)
			res, err := xhr.NewResponse(nil, netResponseInit(w, bind.Arg(args, 1)))
			if err != nil {
				throwNet(r, err)
			}
			switch res.Status {
			case 101, 103, 204, 205, 304:
				panic(bind.TypeError("Response with null body status cannot have body"))
			}
			return &netResponse{res: res, src: &streamBody{stream: src}}
		}
		res, err := xhr.NewResponse(netBodyInit(w, bind.Arg(args, 0)), netResponseInit(w, bind.Arg(args, 1)))
		if err != nil {
			throwNet(r, err)
		}
		return &netResponse{res: res}
	},
	Attributes: []bind.Attribute{
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.String(resOf(this).res.Type) }},
		{Name: "url", Get: func(r *bind.Realm, this any) goja.Value { return r.String(resOf(this).res.URL()) }},
		{Name: "redirected", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(resOf(this).res.Redirected()) }},
		{Name: "status", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(resOf(this).res.Status) }},
		{Name: "ok", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(resOf(this).res.OK()) }},
		{Name: "statusText", Get: func(r *bind.Realm, this any) goja.Value {
			return bind.ByteStringValue(r.Runtime, resOf(this).res.StatusText)
		}},
		{Name: "headers", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(resOf(this).res.Headers, r.Class("Headers"))
		}},
		{Name: "body", Get: func(r *bind.Realm, this any) goja.Value { return responseBody(r, resOf(this)) }},
		{Name: "bodyUsed", Get: func(r *bind.Realm, this any) goja.Value {
			s := resOf(this)
			if s.src != nil {
				return r.Bool(s.src.read || s.src.pulled)
			}
			return r.Bool(s.res.BodyUsed())
		}},
	},
	Methods: append([]bind.Method{
		{Name: "clone", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			nr := resOf(this)
			if nr.src == nil && nr.res.Stream() != nil && !nr.res.BodyUsed() {
				// A body being received is teed as the page's stream.
				netOf(r).netResponseStream(nr)
			}
			c, err := nr.res.Clone()
			if err != nil || nr.src == nil {
				return netOf(r).netWrapResponse(c, err)
			}
			return r.WrapObject(&netResponse{res: c, src: teeStream(r, nr.src, "Response")}, r.Class("Response"))
		}},
	}, bodyMethods("Response", func(this any) (*xhr.Body, string, *streamBody) {
		nr := resOf(this)
		return &nr.res.Body, nr.res.ContentType(), nr.src
	}, func(r *bind.Realm, this any) goja.Value { return responseBody(r, resOf(this)) })...),
	StaticMethods: []bind.Method{
		{Name: "error", Fn: func(r *bind.Realm, _ any, _ []goja.Value) goja.Value {
			return netOf(r).netWrapResponse(xhr.ErrorResponse(), nil)
		}},
		{Name: "redirect", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := netOf(r)
			status := 302
			if v := bind.Arg(args, 1); !bind.Absent(v) {
				status = int(uint16(bind.UnsignedLong(v))) // unsigned short
			}
			res, err := xhr.RedirectResponse(w.baseURL(), bind.USVString(args[0]), status)
			return w.netWrapResponse(res, err)
		}},
		{Name: "json", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := netOf(r)
			stringify := netJSON(w, "stringify")
			s, err := stringify(goja.Undefined(), args[0])
			if err != nil {
				panic(err)
			}
			if goja.IsUndefined(s) {
				r.ThrowTypeError("Failed to execute 'json' on 'Response': The data is not JSON serializable")
			}
			res, err := xhr.JSONResponse(s.String(), netResponseInit(w, bind.Arg(args, 1)))
			return w.netWrapResponse(res, err)
		}},
	},
}
