package webapi

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Web Locks (navigator.locks): a lock manager for the page's own
// requests. Its callbacks run in microtasks once granted, a lock is
// released when the promise its callback returned settles, and requests
// are granted in order, shared ones together.
// https://w3c.github.io/web-locks/

// lockClientID stands for the page in query() (Chromium gives a 32-digit
// hexadecimal token of the client).
const lockClientID = "00000000000000000000000000000001"

type lockManager struct {
	held  []*lockRequest // granted, in grant order
	queue []*lockRequest // waiting, in request order
}

type lockRequest struct {
	name, mode string
	cb         goja.Callable
	// resolve and reject settle the promise request() returned.
	resolve, reject func(any) error
	// released is set when the lock is released or stolen, or the request
	// is aborted while waiting.
	released bool
	lock     *lockImpl
}

// lockImpl is the Lock object given to a granted request's callback.
type lockImpl struct{ name, mode string }

func (m *lockManager) grantable(req *lockRequest) bool {
	for _, h := range m.held {
		if h.name == req.name && (req.mode == "exclusive" || h.mode == "exclusive") {
			return false
		}
	}
	return true
}

// process grants the waiting requests that can be, in order per name.
// https://w3c.github.io/web-locks/#process-the-lock-request-queue
func (m *lockManager) process(r *bind.Realm) {
	blocked := map[string]bool{}
	kept := m.queue[:0]
	var grant []*lockRequest
	for _, req := range m.queue {
		if blocked[req.name] || !m.grantable(req) {
			blocked[req.name] = true
			kept = append(kept, req)
			continue
		}
		m.held = append(m.held, req)
		grant = append(grant, req)
	}
	m.queue = kept
	for _, req := range grant {
		m.run(r, req)
	}
}

// release drops a held request and grants what waits behind it.
func (m *lockManager) release(r *bind.Realm, req *lockRequest) {
	for i, h := range m.held {
		if h == req {
			m.held = append(m.held[:i:i], m.held[i+1:]...)
			break
		}
	}
	req.released = true
	m.process(r)
}

// run calls a granted request's callback in a microtask with its Lock,
// and releases the lock once the callback's result settles.
func (m *lockManager) run(r *bind.Realm, req *lockRequest) {
	req.lock = &lockImpl{name: req.name, mode: req.mode}
	later(r, func() {
		if req.released { // stolen before its callback ran
			return
		}
		res, err := req.cb(goja.Undefined(), r.WrapObject(req.lock, r.Class("Lock")))
		if err != nil {
			if req.released {
				return
			}
			m.release(r, req)
			_ = req.reject(exceptionValue(err))
			return
		}
		m.settle(r, req, res)
	})
}

// settle waits for the callback's result (a promise or a value) and then
// releases the lock and settles request()'s promise with it.
func (m *lockManager) settle(r *bind.Realm, req *lockRequest, res goja.Value) {
	p := resolved(r, res).(*goja.Object)
	then, ok := goja.AssertFunction(p.Get("then"))
	if !ok {
		return
	}
	done := func(ok bool) goja.Value {
		return r.Runtime.ToValue(func(call goja.FunctionCall) goja.Value {
			if req.released { // stolen: request()'s promise was rejected then
				return goja.Undefined()
			}
			m.release(r, req)
			if ok {
				_ = req.resolve(call.Argument(0))
			} else {
				_ = req.reject(call.Argument(0))
			}
			return goja.Undefined()
		})
	}
	_, _ = then(p, done(true), done(false))
}

// exceptionValue is the JavaScript value a callback threw.
func exceptionValue(err error) any {
	if ex, ok := err.(*goja.Exception); ok {
		return ex.Value()
	}
	return err
}

func (m *lockManager) request(r *bind.Realm, args []goja.Value) goja.Value {
	const what = "Failed to execute 'request' on 'LockManager': "
	name := bind.DOMString(args[0])
	var opts *goja.Object
	cbv := args[1]
	if len(args) > 2 {
		if o, ok := args[1].(*goja.Object); ok {
			opts = o
		} else if !bind.Nullish(args[1]) {
			r.ThrowTypeError(what + "The provided value is not of type 'LockOptions'.")
		}
		cbv = args[2]
	}
	cb, ok := goja.AssertFunction(cbv)
	if !ok {
		r.ThrowTypeError(what + "The callback provided as parameter " + map[bool]string{true: "3", false: "2"}[len(args) > 2] + " is not a function.")
	}
	mode, ifAvailable, steal := "exclusive", false, false
	var signal *goja.Object
	if opts != nil {
		// LockOptions members in dictionary order.
		if v := opts.Get("ifAvailable"); !bind.Absent(v) {
			ifAvailable = v.ToBoolean()
		}
		if v := opts.Get("mode"); !bind.Absent(v) {
			mode = v.String()
			if mode != "exclusive" && mode != "shared" {
				r.ThrowTypeError(what + "Failed to read the 'mode' property from 'LockOptions': The provided value '" + mode + "' is not a valid enum value of type LockMode.")
			}
		}
		if v := opts.Get("signal"); !bind.Absent(v) {
			o, ok := v.(*goja.Object)
			if !ok || r.Class("AbortSignal") == nil {
				r.ThrowTypeError(what + "Failed to read the 'signal' property from 'LockOptions': Failed to convert value to 'AbortSignal'.")
			}
			if _, ok := r.UnwrapAs(o, r.Class("AbortSignal")); !ok {
				r.ThrowTypeError(what + "Failed to read the 'signal' property from 'LockOptions': Failed to convert value to 'AbortSignal'.")
			}
			signal = o
		}
		if v := opts.Get("steal"); !bind.Absent(v) {
			steal = v.ToBoolean()
		}
	}
	if strings.HasPrefix(name, "-") {
		r.ThrowDOMException("NotSupportedError", what+"Names cannot start with '-'.")
	}
	if steal && ifAvailable {
		r.ThrowDOMException("NotSupportedError", what+"The 'steal' and 'ifAvailable' options cannot be used together.")
	}
	if steal && mode != "exclusive" {
		r.ThrowDOMException("NotSupportedError", what+"The 'steal' option may only be used with 'exclusive' locks.")
	}
	if signal != nil && (steal || ifAvailable) {
		opt := "steal"
		if ifAvailable {
			opt = "ifAvailable"
		}
		r.ThrowDOMException("NotSupportedError", what+"The 'signal' and '"+opt+"' options cannot be used together.")
	}
	if signal != nil && truthy(signal.Get("aborted")) {
		return rejected(r, signal.Get("reason"))
	}
	p, resolve, reject := r.Runtime.NewPromise()
	req := &lockRequest{name: name, mode: mode, cb: cb, resolve: resolve, reject: reject}
	switch {
	case steal:
		// Break the held locks of the name: their request() promises
		// reject; the new request goes first.
		kept := m.held[:0]
		for _, h := range m.held {
			if h.name == name {
				h.released = true
				_ = h.reject(r.NewDOMException("AbortError", "Lock broken by another request with the 'steal' option."))
				continue
			}
			kept = append(kept, h)
		}
		m.held = kept
		m.held = append(m.held, req)
		m.run(r, req)
	case ifAvailable && (!m.grantable(req) || m.waiting(name)):
		// Not available: the callback gets null at once.
		req.lock = nil
		later(r, func() {
			res, err := cb(goja.Undefined(), goja.Null())
			if err != nil {
				_ = reject(exceptionValue(err))
				return
			}
			_ = resolve(res)
		})
	default:
		m.queue = append(m.queue, req)
		if signal != nil {
			m.onAbort(r, signal, req)
		}
		m.process(r)
	}
	return r.Runtime.ToValue(p)
}

// waiting reports whether a request for name waits in the queue.
func (m *lockManager) waiting(name string) bool {
	for _, q := range m.queue {
		if q.name == name {
			return true
		}
	}
	return false
}

// onAbort drops req from the queue, rejecting its promise with the
// signal's reason, when signal aborts before req is granted.
func (m *lockManager) onAbort(r *bind.Realm, signal *goja.Object, req *lockRequest) {
	add, ok := goja.AssertFunction(signal.Get("addEventListener"))
	if !ok {
		return
	}
	listener := r.Runtime.ToValue(func(goja.FunctionCall) goja.Value {
		for i, q := range m.queue {
			if q == req {
				m.queue = append(m.queue[:i:i], m.queue[i+1:]...)
				req.released = true
				_ = req.reject(signal.Get("reason"))
				m.process(r)
				break
			}
		}
		return goja.Undefined()
	})
	opts := r.Runtime.NewObject()
	_ = opts.Set("once", true)
	_, _ = add(signal, r.String("abort"), listener, opts)
}

// query snapshots the held and waiting requests.
// https://w3c.github.io/web-locks/#snapshot-the-lock-state
func (m *lockManager) query(r *bind.Realm) goja.Value {
	list := func(reqs []*lockRequest) goja.Value {
		// Chromium lists them by name, in order within a name.
		reqs = slices.Clone(reqs)
		slices.SortStableFunc(reqs, func(a, b *lockRequest) int { return strings.Compare(a.name, b.name) })
		items := make([]any, len(reqs))
		for i, q := range reqs {
			o := r.Runtime.NewObject()
			_ = o.Set("clientId", lockClientID)
			_ = o.Set("mode", q.mode)
			_ = o.Set("name", q.name)
			items[i] = o
		}
		return r.Runtime.NewArray(items...)
	}
	o := r.Runtime.NewObject()
	_ = o.Set("held", list(m.held))
	_ = o.Set("pending", list(m.queue))
	return resolved(r, o)
}

var lockManagerInterface = &bind.Interface{
	Name: "LockManager",
	Methods: []bind.Method{
		{Name: "query", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*lockManager).query(r)
		}},
		{Name: "request", Length: 2, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*lockManager).request(r, args)
		}},
	},
}

var lockInterface = &bind.Interface{
	Name: "Lock",
	Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*lockImpl).name) }},
		{Name: "mode", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*lockImpl).mode) }},
	},
}
