package jsruntime

import (
	"errors"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// netBodyError is what reading a network body that failed rejects with: the
// abort reason when its fetch's signal aborted, else a TypeError (the
// connection failed or timed out).
func netBodyError(w *netEnv, err error) goja.Value {
	if ae := (*xhr.AbortError)(nil); errors.As(err, &ae) {
		return netFetchError(w, err)
	}
	return w.rt.NewTypeError("network error")
}

// netResponseStream makes a response body being received the page's
// ReadableStream (a byte stream), which the response then keeps as its
// stream body: each read asks the network for the next chunk.
// https://fetch.spec.whatwg.org/#concept-body-body
func (w *netEnv) netResponseStream(nr *netResponse) {
	bs := nr.res.TakeStream()
	if bs == nil {
		return
	}
	rt := w.rt
	src := &streamBody{}
	var ctrl *goja.Object
	errorStream := func(v goja.Value) {
		if ctrl == nil {
			return
		}
		if fn, ok := goja.AssertFunction(ctrl.Get("error")); ok {
			_, _ = fn(ctrl, v)
		}
	}
	source := rt.NewObject()
	source.Set("type", "bytes")
	source.Set("start", func(call goja.FunctionCall) goja.Value {
		ctrl = call.Argument(0).ToObject(rt)
		return goja.Undefined()
	})
	source.Set("pull", func(call goja.FunctionCall) goja.Value {
		c := call.Argument(0).ToObject(rt)
		src.pulled = true
		p, resolve, _ := rt.NewPromise()
		bs.Read(func(data []byte, eof bool, err error) {
			if w.gone() {
				return
			}
			if ex := rt.Try(func() {
				if err != nil {
					errorStream(netBodyError(w, err))
					return
				}
				if len(data) > 0 {
					enqueue, _ := goja.AssertFunction(c.Get("enqueue"))
					if _, err := enqueue(c, w.netUint8Array(data)); err != nil {
						panic(err)
					}
				}
				if eof {
					closeFn, _ := goja.AssertFunction(c.Get("close"))
					if _, err := closeFn(c); err != nil {
						panic(err)
					}
				}
			}); ex != nil {
				bs.Cancel()
				errorStream(ex.Value())
			}
			_ = resolve(goja.Undefined())
		})
		return rt.ToValue(p)
	})
	source.Set("cancel", func(goja.FunctionCall) goja.Value {
		src.pulled = true
		bs.Cancel()
		return goja.Undefined()
	})
	s := webapi.NewReadableStream(rt, rt.GlobalObject(), source)
	if s == nil {
		// No streams in this realm: the body is read whole when consumed.
		bs.Cancel()
		return
	}
	bs.OnFail(func(err error) { errorStream(netBodyError(w, err)) })
	src.stream = s
	nr.src = src
}

// consumeNetStream reads a response body being received to its end and
// settles the returned promise with done's value for its bytes.
// https://fetch.spec.whatwg.org/#concept-body-consume-body
func (w *netEnv) consumeNetStream(body *xhr.Body, name string, done func(data []byte) goja.Value) goja.Value {
	if body.BodyUsed() {
		return w.netRejected(w.rt.NewTypeError("Failed to execute '%s': body stream already read", name))
	}
	p, resolve, reject := w.rt.NewPromise()
	body.ReadAll(func(data []byte, err error) {
		if w.gone() {
			return
		}
		if err != nil {
			_ = reject(netBodyError(w, err))
			return
		}
		var out goja.Value
		if ex := w.rt.Try(func() { out = done(data) }); ex != nil {
			_ = reject(ex.Value())
			return
		}
		_ = resolve(out)
	})
	return w.rt.ToValue(p)
}
