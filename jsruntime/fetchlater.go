package jsruntime

import (
	"math"
	"strconv"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// fetchLater() and FetchLaterResult: deferred requests, sent when their
// activateAfter timeout fires (in the page's virtual time) or when the
// document is unloaded.
// https://fetch.spec.whatwg.org/#fetch-later-method
//
// A render never unloads its document the way a user leaving the page
// does: a deferred request with no activateAfter, or whose timeout has not
// fired when the render ends, is never sent (a crawler's render must not
// report page views or beacons for it).

// fetchLaterResult is the implementation behind a FetchLaterResult.
type fetchLaterResult struct{ activated bool }

// fetchLaterQuota is the bytes the deferred requests to one origin may
// take together, as Chromium 156 counts them for a top-level document
// (the spec's 64 kibibytes per reporting origin); fetchLaterTotal bounds
// all of a document's.
// https://fetch.spec.whatwg.org/#deferred-fetch-quota
const (
	fetchLaterQuota = 64 << 10
	fetchLaterTotal = 640 << 10
)

// deferredQuota counts the bytes of a window's pending deferred requests.
type deferredQuota struct {
	byOrigin map[string]int
	total    int
}

var fetchLaterResultIface = &bind.Interface{
	Name: "FetchLaterResult",
	Attributes: []bind.Attribute{{Name: "activated", Get: func(r *bind.Realm, this any) goja.Value {
		return r.Bool(this.(*fetchLaterResult).activated)
	}}},
}

// activateAfterOf reads DeferredRequestInit's activateAfter (a
// DOMHighResTimeStamp: a finite double); ok is false when absent.
func activateAfterOf(e *netEnv, init goja.Value) (ms float64, ok bool) {
	o, isObj := init.(*goja.Object)
	if !isObj {
		return 0, false
	}
	v := o.Get("activateAfter")
	if bind.Absent(v) {
		return 0, false
	}
	ms = v.ToFloat()
	if math.IsNaN(ms) || math.IsInf(ms, 0) {
		e.realm.ThrowTypeError("Failed to execute 'fetchLater' on 'Window': Failed to read the 'activateAfter' property from 'DeferredRequestInit': The provided double value is non-finite.")
	}
	return ms, true
}

// requestLength is a request's length for the quota: its URL, its headers'
// names and values, and its body.
// https://fetch.spec.whatwg.org/#total-request-length
func requestLength(req *xhr.Request) int {
	n := len(req.URL.String()) + req.Body.Len()
	for _, h := range req.Headers.Entries() {
		n += len(h[0]) + len(h[1])
	}
	return n
}

// netFetchLater returns the window's fetchLater().
// https://fetch.spec.whatwg.org/#dom-window-fetchlater
func netFetchLater(e *netEnv) *goja.Object {
	const prefix = "Failed to execute 'fetchLater' on 'Window': "
	q := &deferredQuota{byOrigin: map[string]int{}}
	return e.realm.NewGlobalFunction("fetchLater", 1, func(call goja.FunctionCall) goja.Value {
		r := e.realm
		if len(call.Arguments) < 1 {
			r.ThrowTypeError(prefix + "1 argument required, but only 0 present.")
		}
		initV := bind.Arg(call.Arguments, 1)
		after, hasAfter := activateAfterOf(e, initV)
		nr := netNewRequest(e, call.Arguments[0], initV)
		req := nr.req
		if nr.signal != nil && nr.signal.s.Aborted() {
			r.ThrowDOMException("AbortError", prefix+"The user aborted a fetchLater request.")
		}
		if hasAfter && after < 0 {
			r.ThrowRangeError(prefix + "fetchLater's activateAfter cannot be negative.")
		}
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			r.ThrowTypeError(prefix + "fetchLater is only supported over HTTP(S).")
		}
		if !isTrustworthyOrigin(req.URL.Scheme, req.URL.Hostname()) {
			r.ThrowDOMException("SecurityError", prefix+"fetchLater was passed an insecure URL.")
		}
		if nr.src != nil {
			r.ThrowTypeError(prefix + "fetchLater doesn't support body with unknown length.")
		}
		origin := originOf(req.URL)
		size := requestLength(req)
		if left := min(fetchLaterQuota-q.byOrigin[origin], fetchLaterTotal-q.total); size > left {
			r.ThrowDOMException("QuotaExceededError", prefix+"fetchLater exceeds its quota for the origin: got "+
				strconv.Itoa(size)+" bytes, expected less than "+strconv.Itoa(left)+" bytes.")
		}
		q.byOrigin[origin] += size
		q.total += size
		res := &fetchLaterResult{}
		timer := -1
		var removeAbort func()
		done := false
		release := func() {
			done = true
			q.byOrigin[origin] -= size
			q.total -= size
			if timer >= 0 {
				e.loop.ClearTimer(timer)
				timer = -1
			}
			if removeAbort != nil {
				removeAbort()
				removeAbort = nil
			}
		}
		if nr.signal != nil {
			removeAbort = nr.signal.s.Add(func() {
				removeAbort = nil // the signal is dropping its algorithms itself
				if !done {
					release()
				}
			})
		}
		if hasAfter {
			timer = e.loop.SetTimer(time.Duration(after*float64(time.Millisecond)), false, func() {
				timer = -1
				if done {
					return
				}
				release()
				res.activated = true
				// The response is nobody's: the request is sent as a
				// keepalive fetch whose answer is dropped.
				req.Signal = nil
				xhr.Fetch(e.ctx, e.loop, e.client, req, func(*xhr.Response, error) {})
			})
		}
		return r.Wrap(res, r.Class("FetchLaterResult"))
	})
}
