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
	pending   []*goja.Promise
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
				w.loop.QueueTask(w.notifyRejections)
			}
		case goja.PromiseRejectionHandle:
			for i, q := range s.pending {
				if q == p {
					s.pending = append(s.pending[:i], s.pending[i+1:]...)
					return
				}
			}
			if s.reported[p] {
				delete(s.reported, p)
				pv := w.rt.ToValue(p)
				w.loop.QueueTask(func() { w.firePromiseEvent("rejectionhandled", pv, p.Result(), false) })
			}
		}
	})
}

// notifyRejections implements "notify about rejected promises".
func (w *Window) notifyRejections() {
	s := &w.rejections
	s.scheduled = false
	list := s.pending
	s.pending = nil
	for _, p := range list {
		if p.State() != goja.PromiseStateRejected {
			continue
		}
		reason := p.Result()
		if !w.firePromiseEvent("unhandledrejection", w.rt.ToValue(p), reason, true) {
			continue // canceled: the page handled it
		}
		if s.reported == nil {
			s.reported = make(map[*goja.Promise]bool)
		}
		s.reported[p] = true
		se := &ScriptError{Message: "Uncaught (in promise) " + exceptionMessage(reason)}
		if o, ok := reason.(*goja.Object); ok {
			if st := o.Get("stack"); st != nil && !goja.IsUndefined(st) {
				se.Stack = st.String()
			}
		}
		if w.cfg.OnError != nil {
			w.cfg.OnError(*se)
		}
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
	Constructor: eventCtor("PromiseRejectionEvent", func(d *eventData, dict goja.Value) {
		d.state, d.errVal = dictVal(dict, "promise", goja.Undefined()), dictVal(dict, "reason", goja.Undefined())
	}),
	Attributes: []bind.Attribute{
		{Name: "promise", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orUndefined(d.state) })},
		{Name: "reason", Get: dataGet(func(w *Window, d *eventData) goja.Value { return orUndefined(d.errVal) })},
	},
}
