package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Unhandled promise rejections: a promise rejected with no handler by the
// end of the microtask checkpoint fires unhandledrejection at the window,
// and unless that is canceled the rejection is reported as an uncaught
// error ("Uncaught (in promise) ..."); a handler attached later fires
// rejectionhandled.
// https://html.spec.whatwg.org/multipage/webappapis.html#unhandled-promise-rejections

type rejectionState struct {
	// pending is the about-to-be-notified rejected promises list.
	pending []*goja.Promise
	// notifying holds the lists taken at checkpoints, in the order of
	// their queued notification tasks; a promise handled meanwhile is nil.
	notifying []*goja.Promise
	// reported is the outstanding rejected promises set.
	reported  map[*goja.Promise]bool
	scheduled bool
}

func (w *Window) trackRejections() {
	w.rt.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		s := &w.rejections
		switch op {
		case goja.PromiseRejectionReject:
			s.pending = append(s.pending, p)
			if !s.scheduled {
				s.scheduled = true
				w.loop.AfterCheckpoint(w.queueRejectionNotification)
			}
		case goja.PromiseRejectionHandle:
			if removePromise(s.pending, p) || removePromise(s.notifying, p) {
				return
			}
			if s.reported[p] {
				delete(s.reported, p)
				pv := w.rt.ToValue(p)
				w.loop.QueueTask(func() { w.firePromiseEvent("rejectionhandled", pv, p.Result(), false) })
			}
		}
	})
}

// removePromise clears p's entry in list and reports whether it was there.
func removePromise(list []*goja.Promise, p *goja.Promise) bool {
	for i, q := range list {
		if q == p {
			list[i] = nil
			return true
		}
	}
	return false
}

// queueRejectionNotification takes the about-to-be-notified list at the end
// of a microtask checkpoint and queues the task that notifies about it, so
// tasks queued before the checkpoint's end run first.
// https://html.spec.whatwg.org/multipage/webappapis.html#notify-about-rejected-promises
func (w *Window) queueRejectionNotification() {
	s := &w.rejections
	s.scheduled = false
	n := 0
	for _, p := range s.pending {
		if p != nil {
			s.notifying = append(s.notifying, p)
			n++
		}
	}
	clear(s.pending) // no promise kept alive by the spare capacity
	s.pending = s.pending[:0]
	if n > 0 {
		w.loop.QueueTask(func() { w.notifyRejections(n) })
	}
}

// notifyRejections notifies about the first n promises of the notifying
// list: those not handled since fire unhandledrejection, and unless that
// is canceled are reported as uncaught errors; either way they become
// outstanding, so a handler attached later fires rejectionhandled.
func (w *Window) notifyRejections(n int) {
	s := &w.rejections
	list := s.notifying[:n:n]
	s.notifying = s.notifying[n:]
	if len(s.notifying) == 0 {
		s.notifying = nil
	}
	for _, p := range list {
		if p == nil || p.State() != goja.PromiseStateRejected {
			continue
		}
		reason := p.Result()
		notCanceled := w.firePromiseEvent("unhandledrejection", w.rt.ToValue(p), reason, true)
		if s.reported == nil {
			s.reported = make(map[*goja.Promise]bool)
		}
		s.reported[p] = true
		if !notCanceled || w.cfg.OnError == nil {
			continue
		}
		se := &ScriptError{Message: "Uncaught (in promise) " + exceptionMessage(reason)}
		if o, ok := reason.(*goja.Object); ok {
			if st := o.Get("stack"); st != nil && !goja.IsUndefined(st) {
				se.Stack = st.String()
			}
		}
		w.cfg.OnError(*se)
	}
}

// firePromiseEvent fires a PromiseRejectionEvent at the window and reports
// whether it was not canceled.
func (w *Window) firePromiseEvent(typ string, promise, reason goja.Value, cancelable bool) bool {
	ev := dom.NewEvent(typ, false, cancelable)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "PromiseRejectionEvent", state: promise, errVal: reason, detail: goja.Null(), view: goja.Null()}
	return w.dispatch(w, ev)
}

var promiseRejectionEventIface = &bind.Interface{
	Name: "PromiseRejectionEvent", Parent: "Event", CtorLength: 2,
	Constructor: eventCtor("PromiseRejectionEvent", func(d *eventData, dict eventDict) {
		d.state, d.errVal = dict.Get("promise"), dict.Get("reason")
	}),
	Attributes: []bind.Attribute{
		{Name: "promise", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orUndefined(d.state) })},
		{Name: "reason", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orUndefined(d.errVal) })},
	},
}
