package jsruntime

import (
	"math"
	"slices"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// Prioritized task scheduling: scheduler.postTask and scheduler.yield,
// TaskController and TaskSignal, on the page's loop.
// https://wicg.github.io/scheduling-apis/
//
// Each posted task (or yield continuation) queues one slot on the loop (a
// task for user-blocking and user-visible, a 0 ms timer for background);
// a slot runs the most urgent task ready then, so that user-blocking tasks
// run before user-visible ones before background ones, and a continuation
// before the tasks of its own priority, whatever order they were posted in.
// The scheduler needs AbortSignal, so NetworkExtension installs it in a
// window, and a worker's network set-up in a worker's global (its tasks
// on the page's loop, the loop every worker runs on, and dropped once the
// worker is terminated; its prioritychange events fired through worker.js's
// EventTarget).

// taskPriorities ranks the priorities, most urgent first.
var taskPriorities = []string{"user-blocking", "user-visible", "background"}

func priorityRank(p string) int { return slices.Index(taskPriorities, p) }

// taskSignalState is what a TaskSignal adds to an AbortSignal.
type taskSignalState struct {
	priority string
	changing bool
}

// schedTask is a posted task or a yield continuation.
type schedTask struct {
	seq      uint64
	cb       goja.Callable // nil for a continuation
	fixed    string        // the priority given to postTask, or ""
	signal   *abortSignal  // the signal given, or nil
	cont     bool
	resolve  func(any) error
	reject   func(any) error
	done     bool
	unabort  func()
	schedObj *goja.Object
}

// priority is the task's current priority.
func (t *schedTask) priority() string {
	if t.fixed != "" {
		return t.fixed
	}
	if t.signal != nil && t.signal.task != nil {
		return t.signal.task.priority
	}
	return "user-visible"
}

// rank orders ready tasks: continuations of a priority before its tasks.
func (t *schedTask) rank() int {
	r := priorityRank(t.priority()) * 2
	if !t.cont {
		r++
	}
	return r
}

type schedulerImpl struct {
	e     *netEnv
	seq   uint64
	ready []*schedTask
	// current is the task whose callback runs (yield inherits from it).
	current *schedTask
}

func (s *schedulerImpl) enqueue(t *schedTask) {
	s.ready = append(s.ready, t)
	if t.priority() == "background" {
		s.e.loop.SetTimer(0, false, s.runNext)
	} else {
		s.e.loop.QueueTask(s.runNext)
	}
}

// runNext runs the most urgent ready task.
func (s *schedulerImpl) runNext() {
	if s.e.gone() {
		s.ready = nil
		return
	}
	best := -1
	for i, t := range s.ready {
		if best < 0 || t.rank() < s.ready[best].rank() || t.rank() == s.ready[best].rank() && t.seq < s.ready[best].seq {
			best = i
		}
	}
	if best < 0 {
		return
	}
	t := s.ready[best]
	s.ready = slices.Delete(s.ready, best, best+1)
	s.run(t)
}

func (s *schedulerImpl) run(t *schedTask) {
	if t.done {
		return
	}
	t.done = true
	if t.unabort != nil {
		t.unabort()
	}
	if t.cb == nil {
		_ = t.resolve(goja.Undefined())
		return
	}
	prev := s.current
	s.current = t
	defer func() { s.current = prev }()
	if wk := s.e.worker; wk != nil {
		// Outside any JavaScript of the worker's: what the callback
		// throws rejects the task's promise, what else goes wrong is
		// the worker's uncaught error.
		var v goja.Value
		if err := wk.run(func() error {
			var err error
			v, err = t.cb(goja.Undefined())
			return err
		}); err != nil {
			if ex, ok := err.(*goja.Exception); ok {
				_ = t.reject(ex.Value())
				return
			}
			wk.uncaught(err)
			return
		}
		_ = t.resolve(v)
		return
	}
	v, err := t.cb(goja.Undefined())
	if err != nil {
		if ex, ok := err.(*goja.Exception); ok {
			_ = t.reject(ex.Value())
			return
		}
		panic(err)
	}
	_ = t.resolve(v)
}

// post schedules t after delay ms, rejecting it if its signal aborts
// first.
func (s *schedulerImpl) post(t *schedTask, delay float64) {
	w := s.e
	s.seq++
	t.seq = s.seq
	var timer int
	if t.signal != nil {
		t.unabort = t.signal.s.Add(func() {
			if t.done {
				return
			}
			t.done = true
			if timer != 0 {
				w.loop.ClearTimer(timer)
			}
			if i := slices.Index(s.ready, t); i >= 0 {
				s.ready = slices.Delete(s.ready, i, i+1)
			}
			_ = t.reject(signalReason(t.signal.s))
		})
	}
	if delay > 0 {
		timer = w.loop.SetTimer(time.Duration(delay*float64(time.Millisecond)), false, func() {
			timer = 0
			if !t.done {
				s.enqueue(t)
			}
		})
		return
	}
	s.enqueue(t)
}

// postTask https://wicg.github.io/scheduling-apis/#dom-scheduler-posttask
func (s *schedulerImpl) postTask(args []goja.Value) goja.Value {
	w := s.e
	r := w.realm
	p, resolve, reject := w.rt.NewPromise()
	// A promise-returning operation: a callback that is not callable
	// rejects the promise, as its other conversion errors do.
	cb := callable(bind.Arg(args, 0))
	if cb == nil {
		_ = reject(w.rt.NewTypeError("Failed to execute 'postTask' on 'Scheduler': parameter 1 is not of type 'Function'."))
		return w.rt.ToValue(p)
	}
	t := &schedTask{cb: cb, resolve: resolve, reject: reject}
	// SchedulerPostTaskOptions, members in order: delay, priority, signal.
	// A conversion error rejects the promise (a promise-returning operation).
	opts := bind.Arg(args, 1)
	if _, ok := opts.(*goja.Object); !ok && !bind.Nullish(opts) {
		_ = reject(w.rt.NewTypeError("Failed to execute 'postTask' on 'Scheduler': The provided value is not of type 'SchedulerPostTaskOptions'."))
		return w.rt.ToValue(p)
	}
	delay := 0.0
	if v := dict(opts, "delay"); !goja.IsUndefined(v) {
		delay = bind.Number(v)
		if delay != delay || math.IsInf(delay, 0) {
			delay = 0
		}
	}
	if v := dict(opts, "priority"); !goja.IsUndefined(v) {
		t.fixed = bind.DOMString(v)
		if priorityRank(t.fixed) < 0 {
			_ = reject(w.rt.NewTypeError("Failed to execute 'postTask' on 'Scheduler': Failed to read the 'priority' property from 'SchedulerPostTaskOptions': The provided value '" + t.fixed + "' is not a valid enum value of type TaskPriority."))
			return w.rt.ToValue(p)
		}
	}
	if v := dict(opts, "signal"); !goja.IsUndefined(v) {
		impl, ok := r.UnwrapAs(v, r.Class("AbortSignal"))
		if !ok {
			_ = reject(w.rt.NewTypeError("Failed to execute 'postTask' on 'Scheduler': Failed to read the 'signal' property from 'SchedulerPostTaskOptions': Failed to convert value to 'AbortSignal'."))
			return w.rt.ToValue(p)
		}
		t.signal = impl.(*abortSignal)
	}
	if t.signal != nil && t.signal.s.Aborted() {
		_ = reject(signalReason(t.signal.s))
		return w.rt.ToValue(p)
	}
	s.post(t, delay)
	return w.rt.ToValue(p)
}

// yield https://wicg.github.io/scheduling-apis/#dom-scheduler-yield
// The continuation inherits the priority and signal of the posted task
// that calls it, else it is user-visible.
func (s *schedulerImpl) yield() goja.Value {
	w := s.e
	p, resolve, reject := w.rt.NewPromise()
	t := &schedTask{cont: true, resolve: resolve, reject: reject}
	if cur := s.current; cur != nil {
		t.fixed, t.signal = cur.fixed, cur.signal
	}
	if t.signal != nil && t.signal.s.Aborted() {
		_ = reject(signalReason(t.signal.s))
		return w.rt.ToValue(p)
	}
	s.post(t, 0)
	return w.rt.ToValue(p)
}

// setPriority https://wicg.github.io/scheduling-apis/#tasksignal-signal-priority-change
func (w *netEnv) setPriority(sig *abortSignal, p string) {
	ts := sig.task
	if ts.changing {
		w.realm.ThrowDOMException("NotAllowedError", "Failed to execute 'setPriority' on 'TaskController': Cannot change priority when a prioritychange event is in progress.")
	}
	if ts.priority == p {
		return
	}
	ts.changing = true
	defer func() { ts.changing = false }()
	prev := ts.priority
	ts.priority = p
	ev := dom.NewEvent("prioritychange", false, false)
	ev.IsTrusted = true
	d := &eventData{kind: "TaskPriorityChangeEvent", detail: goja.Null(), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	d.extra().previousPriority = prev
	ev.Detail = d
	w.dispatch(sig, ev)
}

func newTaskSignal(w *netEnv, priority string) *abortSignal {
	sig := newAbortSignal(w, xhr.NewAbortSignal())
	sig.task = &taskSignalState{priority: priority}
	return sig
}

func priorityArg(w *netEnv, v goja.Value, what string) string {
	p := bind.DOMString(v)
	if priorityRank(p) < 0 {
		w.realm.ThrowTypeError("%s: The provided value '%s' is not a valid enum value of type TaskPriority.", what, p)
	}
	return p
}

var schedulerIface = &bind.Interface{
	Name: "Scheduler",
	Methods: []bind.Method{
		{Name: "postTask", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*schedulerImpl).postTask(args)
		}},
		{Name: "yield", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*schedulerImpl).yield()
		}},
	},
}

var taskControllerIface = &bind.Interface{
	Name: "TaskController", Parent: "AbortController",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := netOf(r)
		p := "user-visible"
		if v := dict(bind.Arg(args, 0), "priority"); !goja.IsUndefined(v) {
			p = priorityArg(w, v, "Failed to construct 'TaskController'")
		}
		return &abortController{signal: newTaskSignal(w, p)}
	},
	Methods: []bind.Method{
		{Name: "setPriority", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			c := this.(*abortController)
			if c.signal.task == nil {
				r.ThrowTypeError("Illegal invocation")
			}
			w.setPriority(c.signal, priorityArg(w, args[0], "Failed to execute 'setPriority' on 'TaskController'"))
			return nil
		}},
	},
}

var taskSignalIface = &bind.Interface{
	Name: "TaskSignal", Parent: "AbortSignal",
	Attributes: []bind.Attribute{
		{Name: "priority", Get: func(r *bind.Realm, this any) goja.Value {
			if ts := sigOf(this).task; ts != nil {
				return r.String(ts.priority)
			}
			return r.String("user-visible")
		}},
		handlerAttr("prioritychange"),
	},
	StaticMethods: []bind.Method{
		// any(signals, {priority}): a dependent abort signal with a fixed
		// priority (a TaskSignal given as priority lends its current one).
		{Name: "any", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := netOf(r)
			var signals []*abortSignal
			for _, v := range netSequence(w, args[0]) {
				impl, ok := r.UnwrapAs(v, r.Class("AbortSignal"))
				if !ok {
					r.ThrowTypeError("Failed to execute 'any' on 'TaskSignal': Failed to convert value to 'AbortSignal'.")
				}
				signals = append(signals, impl.(*abortSignal))
			}
			sig := anySignal(w, signals)
			sig.task = &taskSignalState{priority: "user-visible"}
			if v := dict(bind.Arg(args, 1), "priority"); !goja.IsUndefined(v) {
				if impl, ok := r.UnwrapAs(v, r.Class("AbortSignal")); ok && impl.(*abortSignal).task != nil {
					sig.task.priority = impl.(*abortSignal).task.priority
				} else {
					sig.task.priority = priorityArg(w, v, "Failed to execute 'any' on 'TaskSignal'")
				}
			}
			return r.WrapObject(sig, r.Class("TaskSignal"))
		}},
	},
}

// TaskPriorityChangeEvent https://wicg.github.io/scheduling-apis/#sec-task-priority-change-event
var taskPriorityChangeEventIface = &bind.Interface{Name: "TaskPriorityChangeEvent", Parent: "Event", CtorLength: 2,
	Constructor: eventCtor("TaskPriorityChangeEvent", func(d *eventData, init eventDict) {
		d.extra().previousPriority = init.String("previousPriority")
	}),
	Attributes: []bind.Attribute{
		{Name: "previousPriority", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.extra().previousPriority) })},
	},
}

// installScheduler installs the scheduling interfaces and the global's
// scheduler (made on first use) on e's global: a window's, or a worker's,
// where TaskPriorityChangeEvent is worker.js's (an Event of its own).
func installScheduler(e *netEnv) error {
	ifaces := []*bind.Interface{schedulerIface, taskControllerIface, taskSignalIface}
	if e.win != nil {
		ifaces = append(ifaces, taskPriorityChangeEventIface)
	}
	if err := e.realm.Install(e.global, ifaces...); err != nil {
		return err
	}
	// [Replaceable, SameObject] readonly attribute Scheduler scheduler.
	// https://wicg.github.io/scheduling-apis/#ref-for-dom-windoworworkerglobalscope-scheduler
	var obj *goja.Object
	return e.realm.DefineReplaceable(e.global, "scheduler", func() goja.Value {
		if obj == nil {
			obj = e.realm.WrapObject(&schedulerImpl{e: e}, e.realm.Class("Scheduler"))
		}
		return obj
	})
}
