package loop

import (
	"errors"
	"fmt"

	"github.com/dop251/goja"
)

// A microtask is a Go function waiting in goja's promise job queue; id
// matches the job that will run it.
type microtask struct {
	id int64
	fn func()
}

// enqueueSource builds the function that puts one Go microtask into goja's
// job queue: the reaction of an already resolved promise. then, resolved and
// the call of then are captured at creation so that a page replacing Promise
// or Function.prototype.call cannot break it.
const enqueueSource = `(function (then, resolved, run) {
	var thenOf = Function.prototype.call.bind(then);
	return function (id) { thenOf(resolved, function () { run(id); }); };
})`

func (l *Loop) initMicrotasks() {
	rt := l.rt
	factory, err := rt.RunString(enqueueSource)
	if err != nil {
		panic(fmt.Sprintf("loop: compiling the microtask helper: %v", err))
	}
	f, _ := goja.AssertFunction(factory)
	promiseCtor := rt.GlobalObject().Get("Promise").ToObject(rt)
	resolveFn, _ := goja.AssertFunction(promiseCtor.Get("resolve"))
	resolved, err := resolveFn(promiseCtor)
	if err != nil {
		panic(fmt.Sprintf("loop: Promise.resolve: %v", err))
	}
	then := promiseCtor.Get("prototype").ToObject(rt).Get("then")
	enq, err := f(goja.Undefined(), then, resolved, rt.ToValue(l.runMicrotask))
	if err != nil {
		panic(fmt.Sprintf("loop: creating the microtask helper: %v", err))
	}
	l.enqueue, _ = goja.AssertFunction(enq)
}

// inJS reports whether JavaScript is on the stack, i.e. whether a call
// into goja now would return without draining the job queue.
func (l *Loop) inJS() bool {
	l.stackBuf = l.rt.CaptureCallStack(1, l.stackBuf[:0])
	return len(l.stackBuf) > 0
}

// QueueMicrotask queues fn as a microtask. Called while JavaScript is on
// the stack (from a native function), fn joins goja's job queue and runs
// when the stack empties, in FIFO order with promise reactions and the
// page's queueMicrotask callbacks. Called from Go with no JavaScript on the
// stack, fn runs at the end of the current task, or, outside any task, at
// the next PerformMicrotaskCheckpoint or Run.
// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-microtask
func (l *Loop) QueueMicrotask(fn func()) {
	if !l.inJS() {
		// Any call into goja here would drain its queue at once; hold fn
		// for the checkpoint at the end of the task.
		l.held = append(l.held, fn)
		return
	}
	l.microSeq++
	l.micro = append(l.micro, microtask{id: l.microSeq, fn: fn})
	if _, err := l.enqueue(goja.Undefined(), l.rt.ToValue(l.microSeq)); err != nil {
		// Only an uncatchable error (an interrupt) gets here: let it unwind
		// the JavaScript that called us.
		panic(err)
	}
}

// runMicrotask is the reaction of the job enqueued for microtask id.
// goja clears its job queue when an interrupt unwinds the stack, so jobs
// can be lost; their Go functions, older than id, are dropped here.
func (l *Loop) runMicrotask(call goja.FunctionCall) goja.Value {
	if l.hasStopped.Load() {
		// The Run was stopped, but goja clears an interrupt once it
		// reaches Go with no JavaScript on the stack, and a microtask
		// that queues the next one forever (a MutationObserver callback
		// that mutates) would then run on inside this one checkpoint,
		// where the loop never looks at its budgets again
		// (testdata/hostile mutation-observer-reobserve). Interrupt again
		// and run nothing more: the jobs still queued each come back here.
		l.reinterrupt()
		return goja.Undefined()
	}
	id := call.Argument(0).ToInteger()
	for l.microHead < len(l.micro) && l.micro[l.microHead].id < id {
		l.micro[l.microHead] = microtask{}
		l.microHead++
	}
	if l.microHead == len(l.micro) || l.micro[l.microHead].id != id {
		return goja.Undefined()
	}
	fn := l.micro[l.microHead].fn
	l.micro[l.microHead] = microtask{}
	l.microHead++
	switch {
	case l.microHead == len(l.micro):
		l.micro = l.micro[:0]
		l.microHead = 0
	case l.microHead >= compactAt && l.microHead*2 >= len(l.micro):
		n := copy(l.micro, l.micro[l.microHead:])
		clear(l.micro[n:])
		l.micro = l.micro[:n]
		l.microHead = 0
	}
	l.runGoMicrotask(fn)
	return goja.Undefined()
}

// runGoMicrotask runs fn from inside goja's job queue. Interrupts keep
// unwinding; anything else fn throws or panics with is reported, as the
// standard reports exceptions of microtask callbacks.
func (l *Loop) runGoMicrotask(fn func()) {
	// A microtask is a task of its own for the timer nesting level: timers
	// it sets do not inherit the level of the task it follows.
	// https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint
	inTimer := l.inTimer
	l.inTimer = false
	defer func() {
		l.inTimer = inTimer
		if r := recover(); r != nil {
			if isUncatchable(r) {
				panic(r)
			}
			l.ReportError(l.panicError(r))
		}
	}()
	fn()
}

func isUncatchable(r any) bool {
	switch r.(type) {
	case *goja.InterruptedError:
		return true
	}
	return false
}

// PerformMicrotaskCheckpoint runs the Go microtasks queued while no
// JavaScript was running. The loop calls it after every task; call it after
// running script outside a task (promise reactions need no help: goja runs
// them whenever JavaScript returns to Go).
// https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint
func (l *Loop) PerformMicrotaskCheckpoint() {
	for l.heldHead < len(l.held) {
		if l.hasStopped.Load() {
			// Stopped (see runMicrotask): the rest waits for the next Run.
			l.reinterrupt()
			return
		}
		fn := l.held[l.heldHead]
		l.held[l.heldHead] = nil
		l.heldHead++
		l.protect(fn)
	}
	l.held = l.held[:0]
	l.heldHead = 0
	for i := 0; i < len(l.afterCheckpoint); i++ {
		fn := l.afterCheckpoint[i]
		l.afterCheckpoint[i] = nil
		l.protect(fn)
	}
	l.afterCheckpoint = l.afterCheckpoint[:0]
}

// AfterCheckpoint runs fn once, at the end of the next microtask checkpoint,
// when the microtask queue is empty: the point where the standard cleans up
// after a checkpoint (it notifies about rejected promises there).
// https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint (step 5)
func (l *Loop) AfterCheckpoint(fn func()) {
	l.afterCheckpoint = append(l.afterCheckpoint, fn)
}

// jsQueueMicrotask implements the page's queueMicrotask(callback).
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-queuemicrotask
func (l *Loop) jsQueueMicrotask(call goja.FunctionCall) goja.Value {
	cb := l.callbackArg(call, "queueMicrotask")
	l.QueueMicrotask(func() {
		if _, err := cb(goja.Undefined()); err != nil {
			l.callbackError(err)
		}
	})
	return goja.Undefined()
}

// callbackArg is the callback function that is the first argument of the
// window's operation name: none is a TypeError, and so is a value that is
// not callable, with Chromium's messages.
func (l *Loop) callbackArg(call goja.FunctionCall, name string) goja.Callable {
	if len(call.Arguments) == 0 {
		panic(l.rt.NewTypeError("Failed to execute '" + name + "' on 'Window': 1 argument required, but only 0 present."))
	}
	fn, ok := goja.AssertFunction(call.Arguments[0])
	if !ok {
		panic(l.rt.NewTypeError("Failed to execute '" + name + "' on 'Window': parameter 1 is not of type 'Function'."))
	}
	return fn
}

// callbackError handles an error returned by a JavaScript callback called
// from Go inside JavaScript (a microtask): an interrupt keeps unwinding,
// the rest is reported.
func (l *Loop) callbackError(err error) {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) && l.inJS() {
		panic(ie)
	}
	l.ReportError(err)
}
