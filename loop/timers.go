package loop

import (
	"math"
	"reflect"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// A timer is one entry of the map of active timers.
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#map-of-active-timers
type timer struct {
	id  int
	due time.Duration // virtual
	// liveDue is due less the work the task that set the timer had done
	// by then: a horizon counts from the activity's origin in time the
	// page waited, so that a setInterval(f, 1000) set after some DOM work
	// still ticks once within IntervalHorizon.
	liveDue  time.Duration
	seq      uint64 // creation order, breaks ties between equal due times
	index    int    // position in the heap, -1 when not in it
	origin   time.Duration
	nest     int // timer nesting level
	repeat   bool
	interval time.Duration
	kind     string // "setTimeout", "setInterval", "timer", "animation frame", "idle callback"
	// stream: set by stream work (see StreamSpan); an animation frame is
	// stream work while only stream work asked for it.
	stream bool

	goFn func()
	jsFn goja.Callable
	code string // string handler, compiled when the timer fires
	args []goja.Value
}

// timerHeap orders timers by due time, then creation.
type timerHeap []*timer

func (h timerHeap) less(i, j int) bool {
	if h[i].due != h[j].due {
		return h[i].due < h[j].due
	}
	return h[i].seq < h[j].seq
}

func (h timerHeap) swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index = i
	h[j].index = j
}

func (h timerHeap) up(j int) {
	for j > 0 {
		i := (j - 1) / 2
		if !h.less(j, i) {
			break
		}
		h.swap(i, j)
		j = i
	}
}

func (h timerHeap) down(i int) {
	n := len(h)
	for {
		j := 2*i + 1
		if j >= n {
			return
		}
		if r := j + 1; r < n && h.less(r, j) {
			j = r
		}
		if !h.less(j, i) {
			return
		}
		h.swap(i, j)
		i = j
	}
}

func (h *timerHeap) push(t *timer) {
	t.index = len(*h)
	*h = append(*h, t)
	h.up(t.index)
}

func (h *timerHeap) remove(i int) *timer {
	old := *h
	n := len(old) - 1
	t := old[i]
	if i != n {
		old.swap(i, n)
	}
	old[n] = nil
	*h = old[:n]
	if i != n {
		h.down(i)
		h.up(i)
	}
	t.index = -1
	return t
}

// addTimer gives t an id (unless it has one, for a repeating timer) and
// schedules it delay from now.
func (l *Loop) addTimer(t *timer, delay time.Duration) int {
	if t.id == 0 {
		l.lastID++
		t.id = l.lastID
		l.timerByID[t.id] = t
		t.stream = l.streamWork()
	}
	l.timerSeq++
	t.seq = l.timerSeq
	t.due = l.current() + delay
	t.liveDue = t.due
	if l.inTask {
		t.liveDue -= l.taskWork
	}
	l.timers.push(t)
	return t.id
}

// minGoInterval is the shortest period of a repeating Go timer, so that one
// cannot spin at a single virtual instant.
const minGoInterval = time.Millisecond

// SetTimer calls fn after delay of virtual time (again every delay, at
// least 1ms, when repeat is true) and returns the timer's id, from the same
// sequence as the page's setTimeout ids. Go timers are not subject to the
// nesting clamp.
func (l *Loop) SetTimer(delay time.Duration, repeat bool, fn func()) int {
	if delay < 0 {
		delay = 0
	}
	if repeat && delay < minGoInterval {
		delay = minGoInterval
	}
	return l.addTimer(&timer{goFn: fn, repeat: repeat, interval: delay, origin: l.origin(), kind: "timer"}, delay)
}

// ClearTimer cancels the timer with the given id, if it is still active.
// It accepts ids from SetTimer, setTimeout and setInterval alike.
func (l *Loop) ClearTimer(id int) {
	t, ok := l.timerByID[id]
	if !ok {
		return
	}
	delete(l.timerByID, id)
	if t.index >= 0 {
		l.timers.remove(t.index)
	}
	t.repeat = false
}

// fireTimer runs the earliest timer as a task. The caller has checked that
// it is due.
func (l *Loop) fireTimer() {
	t := l.timers.remove(0)
	origin := t.origin
	if t.repeat {
		origin = max(l.fresh, t.origin)
	} else {
		delete(l.timerByID, t.id)
	}
	l.runTask(func() { l.callTimer(t) }, origin, true, t.nest, t.stream)
	// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps
	// step 9: a repeating timer is initialised again after its handler ran,
	// with the nesting level of the task that ran it.
	if t.repeat {
		if _, active := l.timerByID[t.id]; active {
			delay := t.interval
			if t.jsFn != nil || t.code != "" {
				if t.nest > 5 && delay < 4*time.Millisecond {
					delay = 4 * time.Millisecond
				}
				t.nest++
			}
			l.addTimer(t, rearmDelay(t.due, l.now, delay))
		}
	}
}

// rearmDelay is the delay from now to the next run of a repeating timer
// with period delay that was due at due: the next instant of its schedule
// after now, as Chromium keeps intervals free of drift (the work of the
// callback, which moves the clock, does not push the later runs back; a
// run that took longer than the period skips the beats it missed).
func rearmDelay(due, now, delay time.Duration) time.Duration {
	late := now - due
	if late <= 0 || delay <= 0 {
		return delay
	}
	return delay - late%delay
}

func (l *Loop) callTimer(t *timer) {
	switch {
	case t.goFn != nil:
		t.goFn()
	case t.jsFn != nil:
		if _, err := t.jsFn(l.rt.GlobalObject(), t.args...); err != nil {
			l.ReportError(err)
		}
	default:
		name := ""
		if l.stringHandlerURL != nil {
			name = l.stringHandlerURL()
		}
		// Compiled apart from running so that a syntax error is reported
		// as one (with its position), not as a thrown SyntaxError.
		prog, err := compileStringHandler(name, t.code, l.rewriteCompile)
		if err == nil {
			_, err = l.rt.RunProgram(prog)
		}
		if err != nil {
			l.ReportError(err)
		}
	}
}

// compileStringHandler compiles the code of a string timer handler, after
// the check and the rewrite every source the runtime compiles passes
// (guard.go), which goja.Compile does not run.
func compileStringHandler(name, code string, rewrite func(string) (string, bool)) (*goja.Program, error) {
	if err := CheckSource(code); err != nil {
		return nil, &goja.CompilerSyntaxError{CompilerError: goja.CompilerError{Message: name + ": " + err.Error()}}
	}
	code, _ = RewriteMaxCodePointEscapes(code) // escapes.go
	if to, ok := rewrite(code); ok && CheckSource(to) == nil {
		code = to
	}
	prg, err := goja.Parse(name, code, parser.WithDisableSourceMaps) // see guard.go
	if err != nil {
		return nil, err
	}
	return goja.CompileAST(prg, false)
}

// SetStringHandlerURL names the scripts that string timer handlers
// (setTimeout("code")) compile to, for their errors and stacks: browsers
// give them the document's URL at the time they run.
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps (step 8.5)
func (l *Loop) SetStringHandlerURL(url func() string) { l.stringHandlerURL = url }

// SetStringHandlerCheck makes setTimeout and setInterval take the code of a
// handler that is not a function from check, called with the argument and
// "setTimeout" or "setInterval" as the timer is set; check may throw (a
// document that requires Trusted Types refuses strings), and then no timer
// is set.
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps (step 9.2)
func (l *Loop) SetStringHandlerCheck(check func(v goja.Value, kind string) string) {
	l.stringHandlerCheck = check
}

// timerTimeout converts the timeout argument like WebIDL's long (ToInt32)
// and clamps negative values to 0.
// https://webidl.spec.whatwg.org/#es-long
func timerTimeout(v goja.Value) time.Duration {
	if v == nil || goja.IsUndefined(v) {
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	f = math.Mod(math.Trunc(f), 1<<32)
	if f < 0 {
		f += 1 << 32
	}
	ms := int32(uint32(f))
	if ms < 0 {
		return 0
	}
	return time.Duration(ms) * time.Millisecond
}

// jsSetTimer implements setTimeout and setInterval.
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-initialisation-steps
func (l *Loop) jsSetTimer(call goja.FunctionCall, repeat bool) goja.Value {
	t := &timer{repeat: repeat, origin: l.origin(), kind: "setTimeout"}
	if repeat {
		t.kind = "setInterval"
	}
	if len(call.Arguments) == 0 {
		panic(l.rt.NewTypeError("Failed to execute '" + t.kind + "' on 'Window': 1 argument required, but only 0 present."))
	}
	if fn, ok := goja.AssertFunction(call.Argument(0)); ok {
		t.jsFn = fn
		if len(call.Arguments) > 2 {
			t.args = append([]goja.Value(nil), call.Arguments[2:]...)
		}
	} else if l.stringHandlerCheck != nil {
		t.code = l.stringHandlerCheck(call.Argument(0), t.kind)
	} else {
		t.code = call.Argument(0).String()
	}
	delay := timerTimeout(call.Argument(1))
	t.interval = delay
	// Steps 5-6: the nesting level comes from the running timer task.
	nest := 0
	if l.inTimer {
		nest = l.curNest
	}
	if nest > 5 && delay < 4*time.Millisecond {
		delay = 4 * time.Millisecond
	}
	t.nest = nest + 1
	return l.rt.ToValue(l.addTimer(t, delay))
}

// jsClearTimer implements clearTimeout and clearInterval, which are
// interchangeable.
func (l *Loop) jsClearTimer(call goja.FunctionCall) goja.Value {
	if id := call.Argument(0).ToInteger(); id > 0 && id <= math.MaxInt32 {
		l.ClearTimer(int(id))
	}
	return goja.Undefined()
}

// frameState holds the animation frame callbacks of the next frame.
// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frames
type frameState struct {
	callbacks []frameCallback
	running   []frameCallback // the frame being run
	lastID    int
	timerID   int
	// hook runs at the start of every frame, before its callbacks (the
	// page's "update animations and send events" step); after runs at
	// its end (the page's style update).
	hook, after func()
	// observers runs after after: the ResizeObserver and
	// IntersectionObserver steps (OnObservers).
	observers func()
	// first runs once, at the start of the first frame (OnFirstFrame).
	first func()
	// scroll runs after first and before hook: the page's "run the
	// scroll steps" (OnScrollSteps).
	scroll func()
	// blocked reports whether the document is render-blocked
	// (SetRenderBlocked); parked is set when a frame was due while it
	// was, and waits for ResumeRendering.
	blocked func() bool
	parked  bool
}

type frameCallback struct {
	id int
	fn goja.Callable
}

// jsRequestAnimationFrame implements requestAnimationFrame: callbacks run
// at the next frame boundary (every FrameInterval of virtual time) with the
// frame's timestamp.
func (l *Loop) jsRequestAnimationFrame(call goja.FunctionCall) goja.Value {
	fn := l.callbackArg(call, "requestAnimationFrame")
	f := &l.frame
	f.lastID++
	f.callbacks = append(f.callbacks, frameCallback{id: f.lastID, fn: fn})
	l.RequestFrame()
	return l.rt.ToValue(f.lastID)
}

// RequestFrame makes sure the next animation frame boundary runs a frame
// (the page's "update the rendering" steps: the OnScrollSteps and OnFrame
// hooks, the requestAnimationFrame callbacks, the AfterFrame and OnObservers hooks)
// even when no requestAnimationFrame callback asks for one, as a browser
// schedules a frame when something it renders needs updating. Called
// during a frame, it asks for the next one.
func (l *Loop) RequestFrame() {
	f := &l.frame
	if t, ok := l.timerByID[f.timerID]; ok {
		t.origin = max(t.origin, l.origin())
		t.stream = t.stream && l.streamWork()
		return
	}
	now := l.current()
	next := (now/FrameInterval + 1) * FrameInterval
	f.timerID = l.addTimer(&timer{goFn: l.runAnimationFrame, origin: l.origin(), kind: "animation frame"}, next-now)
}

func (l *Loop) jsCancelAnimationFrame(call goja.FunctionCall) goja.Value {
	if len(call.Arguments) == 0 {
		panic(l.rt.NewTypeError("Failed to execute 'cancelAnimationFrame' on 'Window': 1 argument required, but only 0 present."))
	}
	id := call.Argument(0).ToInteger()
	f := &l.frame
	for _, cbs := range [2][]frameCallback{f.callbacks, f.running} {
		for i := range cbs {
			if int64(cbs[i].id) == id {
				cbs[i].fn = nil
			}
		}
	}
	return goja.Undefined()
}

// runAnimationFrame runs a frame: the callbacks requested before it began,
// between the OnFrame and AfterFrame hooks, then the OnObservers hook.
// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#run-the-animation-frame-callbacks
func (l *Loop) runAnimationFrame() {
	f := &l.frame
	if f.blocked != nil && f.blocked() {
		// A render-blocked document has no rendering update: its
		// callbacks wait for the first frame after it is unblocked.
		f.timerID, f.parked = 0, true
		return
	}
	cbs := f.callbacks
	f.callbacks, f.running = nil, cbs
	f.timerID = 0
	defer func() { f.running = nil }()
	if first := f.first; first != nil {
		f.first = nil
		first()
	}
	if f.scroll != nil {
		f.scroll()
	}
	if f.hook != nil {
		f.hook()
	}
	ts := l.rt.ToValue(float64(l.now) / float64(time.Millisecond))
	for i := range cbs {
		// A callback may cancel a later one of the same frame.
		if cbs[i].fn == nil {
			continue
		}
		if _, err := cbs[i].fn(goja.Undefined(), ts); err != nil {
			l.ReportError(err)
		}
		// Each callback cleans up after running script: a microtask
		// checkpoint (the promise jobs ran as it returned; this runs the
		// Go microtasks and what follows a checkpoint, such as queueing
		// the unhandled rejections' notification before the next
		// callback's tasks).
		// https://html.spec.whatwg.org/multipage/webappapis.html#clean-up-after-running-script
		l.PerformMicrotaskCheckpoint()
	}
	if f.after != nil {
		f.after()
	}
	if f.observers != nil {
		f.observers()
	}
}

// SetRenderBlocked sets fn to report whether the document is
// render-blocked: a frame due while it is does not run (no animation frame
// callbacks, no hooks) until ResumeRendering is called once it no longer
// is. One predicate per loop; nil removes it.
// https://html.spec.whatwg.org/multipage/dom.html#render-blocked
func (l *Loop) SetRenderBlocked(fn func() bool) { l.frame.blocked = fn }

// ResumeRendering runs, at the next frame boundary, a frame that was put
// off while the document was render-blocked, if it no longer is.
func (l *Loop) ResumeRendering() {
	f := &l.frame
	if !f.parked || f.blocked != nil && f.blocked() {
		return
	}
	f.parked = false
	l.RequestFrame()
}

// FrameTime is the time of the latest animation frame boundary at or before
// the current virtual time: the timestamp requestAnimationFrame callbacks
// of that frame get, and a document timeline's current time. Within a task
// it is the boundary at the task's start: a script that busy-waits on the
// clock sees the timeline stand still until a later task, as in browsers.
func (l *Loop) FrameTime() time.Duration {
	if l.inTask {
		return l.taskFrame
	}
	return l.now / FrameInterval * FrameInterval
}

// OnFrame sets fn to run at the start of every animation frame, before
// its requestAnimationFrame callbacks. One hook per loop; nil
// removes it.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (l *Loop) OnFrame(fn func()) { l.frame.hook = fn }

// OnScrollSteps sets fn to run in every animation frame after the
// OnFirstFrame hook and before the OnFrame hook and the
// requestAnimationFrame callbacks: the page's "run the scroll steps",
// which fire the scroll events of the frame before its callbacks run (a
// callback requested with a scroll sees that scroll's event fired). One
// hook per loop; nil removes it. Code with scroll events to fire calls
// RequestFrame.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (l *Loop) OnScrollSteps(fn func()) { l.frame.scroll = fn }

// OnFirstFrame sets fn to run once, at the start of the first animation
// frame, before the OnFrame hook
// and the callbacks (where a browser reveals the document:
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#reveal).
func (l *Loop) OnFirstFrame(fn func()) { l.frame.first = fn }

// AfterFrame sets fn to run at the end of every animation frame, after
// its requestAnimationFrame callbacks: where a browser updates
// style and layout. One hook per loop; nil removes it.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (l *Loop) AfterFrame(fn func()) { l.frame.after = fn }

// OnObservers sets fn to run at the end of every animation frame, after
// the AfterFrame hook: where a browser, with style and layout up to date,
// gathers and broadcasts ResizeObserver observations and then updates
// IntersectionObserver observations (queueing a task to notify them). One
// hook per loop; nil removes it.
// https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering
func (l *Loop) OnObservers(fn func()) { l.frame.observers = fn }

// SetFrameTimer calls fn at the first animation frame boundary after the
// current one that is at or after virtual time at, and returns an id for
// ClearTimer. A timer due at the same boundary as the requestAnimationFrame
// callbacks may run before or after them; code that must run before them
// also sets OnFrame.
func (l *Loop) SetFrameTimer(at time.Duration, fn func()) int {
	next := (l.now/FrameInterval + 1) * FrameInterval
	if at > next {
		next = (at + FrameInterval - 1) / FrameInterval * FrameInterval
	}
	return l.addTimer(&timer{goFn: fn, origin: l.origin(), kind: "animation frame"}, next-l.now)
}

// idleRequest is a callback requestIdleCallback registered.
type idleRequest struct {
	id      int
	fn      goja.Callable
	origin  time.Duration // as a timer's: the task that led to it
	timeout int           // the id of its timeout timer, or 0
}

// idleState holds the idle callbacks: those requested since the last idle
// period began (list of idle request callbacks) and those it may still run
// (list of runnable idle callbacks), and when that period ends.
// https://w3c.github.io/requestidlecallback/#the-requestidlecallback-method
type idleState struct {
	requested, runnable []*idleRequest
	// until is when the next idle period may start: just after the last
	// one's deadline (a clock tick later, as a browser's clock has moved
	// on by then), zero before the first.
	until    time.Duration
	deadline *idleDeadlines // nil until Install
	// invoked: the task that just ran was an idle period's.
	invoked bool
}

// endIdlePeriod ends the idle period early after a task other than its
// own ran (Chromium's ends when other work comes, a frame or a timer): the
// next may start right after it.
func (l *Loop) endIdlePeriod() {
	if l.idle.invoked {
		l.idle.invoked = false
		return
	}
	if end := l.now + time.Microsecond; end < l.idle.until {
		l.idle.until = end
	}
}

// maxIdlePeriod caps an idle period's deadline (the standard's 50 ms).
const maxIdlePeriod = 50 * time.Millisecond

// idlePending reports whether idle callbacks wait for an idle period.
func (l *Loop) idlePending() bool { return len(l.idle.requested)+len(l.idle.runnable) > 0 }

// idleLive reports whether a waiting idle callback keeps the page from
// being quiet: as a timer does, until the settle horizon past the task
// that led to it.
func (l *Loop) idleLive() bool {
	for _, q := range [][]*idleRequest{l.idle.runnable, l.idle.requested} {
		for _, r := range q {
			if l.now <= r.origin+l.opts.SettleHorizon {
				return true
			}
		}
	}
	return false
}

// startIdlePeriod starts an idle period when idle callbacks wait and the
// last period has ended: the loop calls it when nothing else can run now.
// The period lasts until the next timer (an animation frame is one) or
// 50 ms, and does not start when another timer is due within a frame; the callbacks requested so far run in one task, in order, while
// it lasts; those requested meanwhile wait for the next period. It reports
// whether it queued that task.
// https://w3c.github.io/requestidlecallback/#start-an-idle-period-algorithm
func (l *Loop) startIdlePeriod() bool {
	if !l.idlePending() || l.now < l.idle.until {
		return false
	}
	deadline, frame := l.now+maxIdlePeriod, false
	for _, t := range l.timers {
		// An idle callback's own timeout ends no period: the callback
		// runs in it.
		if t.kind != "idle callback" && t.due < deadline {
			deadline, frame = t.due, t.kind == "animation frame"
		}
	}
	if deadline <= l.now {
		return false
	}
	if !frame && deadline-l.now < FrameInterval {
		// A gap of less than a frame before a timer is no idle period
		// (a chain of timers keeping the page busy, nested ones 4 ms
		// apart): Chromium runs idle callbacks after a frame, or once
		// the page is quiet for longer.
		return false
	}
	l.idle.until = deadline + time.Microsecond
	l.idle.runnable = append(l.idle.runnable, l.idle.requested...)
	l.idle.requested = nil
	origin := l.idle.runnable[0].origin
	l.pushTask(func() {
		l.idle.invoked = true
		l.invokeIdleCallbacks(deadline)
	}, origin, false)
	return true
}

// invokeIdleCallbacks runs the runnable idle callbacks while the period
// lasts.
// https://w3c.github.io/requestidlecallback/#invoke-idle-callbacks-algorithm
func (l *Loop) invokeIdleCallbacks(deadline time.Duration) {
	for len(l.idle.runnable) > 0 && l.current() < deadline {
		r := l.idle.runnable[0]
		l.idle.runnable = l.idle.runnable[1:]
		if r.timeout != 0 {
			l.ClearTimer(r.timeout)
		}
		l.callIdle(r, deadline, false)
		if len(l.idle.runnable) > 0 {
			// Each callback is a task of its own: microtasks between.
			l.PerformMicrotaskCheckpoint()
		}
	}
}

// callIdle calls r's callback with an IdleDeadline: its time remaining is
// what is left until deadline, none once it timed out.
func (l *Loop) callIdle(r *idleRequest, deadline time.Duration, timedOut bool) {
	d := l.newIdleDeadline(deadline, timedOut)
	if _, err := r.fn(goja.Undefined(), d); err != nil {
		l.ReportError(err)
	}
}

// idleDeadlines is the IdleDeadline interface of a page: its prototype
// and the deadline of each IdleDeadline object, kept in a WeakMap (by
// the object, a deadline that is not retained goes with it).
// https://w3c.github.io/requestidlecallback/#the-idledeadline-interface
type idleDeadlines struct {
	proto    *goja.Object
	weak     *goja.Object // the WeakMap
	get, set goja.Callable
}

// idleDeadlineTimedOut is the deadline recorded for an IdleDeadline whose
// callback ran because its timeout passed.
const idleDeadlineTimedOut = -1

// installIdleDeadline defines IdleDeadline on global: an interface object
// that cannot be constructed, whose prototype has timeRemaining() and the
// didTimeout getter, both checking that this is an IdleDeadline.
func (l *Loop) installIdleDeadline(global *goja.Object) {
	rt := l.rt
	wm, ok := global.Get("WeakMap").(*goja.Object)
	if !ok {
		return
	}
	weak, err := rt.New(wm)
	if err != nil {
		return
	}
	get, _ := goja.AssertFunction(weak.Get("get"))
	set, _ := goja.AssertFunction(weak.Get("set"))
	if get == nil || set == nil {
		return
	}
	fn := func(name string, length int, f func(goja.FunctionCall) goja.Value) *goja.Object {
		o := rt.ToValue(f).(*goja.Object)
		_ = o.DefineDataProperty("name", rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		_ = o.DefineDataProperty("length", rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		return o
	}
	// deadlineOf is this's deadline; another this is an illegal invocation.
	deadlineOf := func(this goja.Value) int64 {
		v, err := get(weak, this)
		if err != nil || v == nil || goja.IsUndefined(v) {
			panic(rt.NewTypeError("Illegal invocation"))
		}
		return v.ToInteger()
	}
	// A constructor (new IdleDeadline() reaches it) that always throws.
	ctor := rt.ToValue(func(goja.ConstructorCall) *goja.Object {
		panic(rt.NewTypeError("Failed to construct 'IdleDeadline': Illegal constructor"))
	}).(*goja.Object)
	_ = ctor.DefineDataProperty("name", rt.ToValue("IdleDeadline"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = ctor.DefineDataProperty("length", rt.ToValue(0), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	proto := rt.NewObject()
	_ = proto.DefineDataProperty("constructor", ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = proto.DefineDataProperty("timeRemaining", fn("timeRemaining", 0, func(c goja.FunctionCall) goja.Value {
		deadline := deadlineOf(c.This)
		if deadline == idleDeadlineTimedOut {
			return rt.ToValue(0)
		}
		left := max(time.Duration(deadline)-l.current(), 0)
		return rt.ToValue(float64(left) / float64(time.Millisecond))
	}), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	_ = proto.DefineAccessorProperty("didTimeout", fn("get didTimeout", 0, func(c goja.FunctionCall) goja.Value {
		return rt.ToValue(deadlineOf(c.This) == idleDeadlineTimedOut)
	}), nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	_ = proto.DefineDataPropertySymbol(goja.SymToStringTag, rt.ToValue("IdleDeadline"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = ctor.DefineDataProperty("prototype", proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	_ = global.DefineDataProperty("IdleDeadline", ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	l.idle.deadline = &idleDeadlines{proto: proto, weak: weak, get: get, set: set}
}

// newIdleDeadline makes an IdleDeadline for an idle period ending at
// deadline, or for a callback that timed out.
func (l *Loop) newIdleDeadline(deadline time.Duration, timedOut bool) *goja.Object {
	rt := l.rt
	d := rt.NewObject()
	v := int64(deadline)
	if timedOut {
		v = idleDeadlineTimedOut
	}
	if dl := l.idle.deadline; dl != nil {
		_ = d.SetPrototype(dl.proto)
		if _, err := dl.set(dl.weak, d, rt.ToValue(v)); err == nil {
			return d
		}
	}
	// No interface (Install was not called): an object with the members
	// of its own.
	_ = d.DefineDataProperty("didTimeout", rt.ToValue(timedOut), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	_ = d.Set("timeRemaining", func(goja.FunctionCall) goja.Value {
		if timedOut {
			return rt.ToValue(0)
		}
		return rt.ToValue(float64(max(deadline-l.current(), 0)) / float64(time.Millisecond))
	})
	return d
}

// removeIdle takes the request with id out of the idle lists.
func (l *Loop) removeIdle(id int) *idleRequest {
	for _, q := range []*[]*idleRequest{&l.idle.requested, &l.idle.runnable} {
		for i, r := range *q {
			if r.id == id {
				*q = append((*q)[:i:i], (*q)[i+1:]...)
				return r
			}
		}
	}
	return nil
}

// jsRequestIdleCallback implements requestIdleCallback: the callback runs
// in the next idle period (when the loop has nothing else to run now), or
// in a task of its own once its timeout option has passed.
// https://w3c.github.io/requestidlecallback/#the-requestidlecallback-method
func (l *Loop) jsRequestIdleCallback(call goja.FunctionCall) goja.Value {
	fn := l.callbackArg(call, "requestIdleCallback")
	var timeout float64
	switch o := call.Argument(1).(type) {
	case *goja.Object:
		// IdleRequestOptions: its one member, an unsigned long.
		if v := o.Get("timeout"); v != nil && !goja.IsUndefined(v) {
			timeout = unsignedLong(v, "timeout", "IdleRequestOptions")
		}
	default:
		if !goja.IsUndefined(o) && !goja.IsNull(o) {
			panic(l.rt.NewTypeError("Failed to execute 'requestIdleCallback' on 'Window': The provided value is not of type 'IdleRequestOptions'."))
		}
	}
	l.lastIdleID++
	r := &idleRequest{id: l.lastIdleID, fn: fn, origin: l.origin()}
	l.idle.requested = append(l.idle.requested, r)
	if timeout > 0 && timeout < float64(math.MaxInt32) {
		id := r.id
		r.timeout = l.addTimer(&timer{origin: r.origin, kind: "idle callback", goFn: func() {
			// https://w3c.github.io/requestidlecallback/#invoke-idle-callback-timeout-algorithm
			if r := l.removeIdle(id); r != nil {
				l.callIdle(r, 0, true)
			}
		}}, time.Duration(timeout*float64(time.Millisecond)))
	}
	return l.rt.ToValue(r.id)
}

func (l *Loop) jsCancelIdleCallback(call goja.FunctionCall) goja.Value {
	if len(call.Arguments) == 0 {
		panic(l.rt.NewTypeError("Failed to execute 'cancelIdleCallback' on 'Window': 1 argument required, but only 0 present."))
	}
	if r := l.removeIdle(int(call.Argument(0).ToInteger())); r != nil && r.timeout != 0 {
		l.ClearTimer(r.timeout)
	}
	return goja.Undefined()
}

// Install defines the timer functions on global (the page's window):
// setTimeout, setInterval, clearTimeout, clearInterval, queueMicrotask,
// requestAnimationFrame, cancelAnimationFrame, requestIdleCallback and
// cancelIdleCallback.
// Each function has the name and length of its Web IDL operation. When
// isGlobal is not nil, a call whose this value is neither global nor an
// object isGlobal accepts (undefined, a frame's window) throws a TypeError
// ("Illegal invocation"), as a Web IDL operation of the window does.
func (l *Loop) Install(global *goja.Object, isGlobal func(this goja.Value) bool) {
	l.InstallFunctions(global, func(name string, length int, fn func(goja.FunctionCall) goja.Value) *goja.Object {
		if isGlobal != nil {
			inner := fn
			fn = func(c goja.FunctionCall) goja.Value {
				if c.This != goja.Value(global) && !isGlobal(c.This) {
					panic(l.rt.NewTypeError("Illegal invocation"))
				}
				return inner(c)
			}
		}
		f := l.rt.ToValue(fn).(*goja.Object)
		_ = f.DefineDataProperty("name", l.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		_ = f.DefineDataProperty("length", l.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		return f
	})
}

// InstallFunctions is Install with the functions made by newFunc (given
// each one's name, length and body): the page's window makes them with
// its bindings' checks of this and their messages' context ("Failed to
// execute 'setTimeout' on 'Window': Cannot convert a Symbol value to a
// number").
func (l *Loop) InstallFunctions(global *goja.Object, newFunc func(name string, length int, fn func(goja.FunctionCall) goja.Value) *goja.Object) {
	set := func(name string, length int, fn func(goja.FunctionCall) goja.Value) {
		_ = global.Set(name, newFunc(name, length, fn))
	}
	set("setTimeout", 1, func(c goja.FunctionCall) goja.Value { return l.jsSetTimer(c, false) })
	set("setInterval", 1, func(c goja.FunctionCall) goja.Value { return l.jsSetTimer(c, true) })
	set("clearTimeout", 0, l.jsClearTimer)
	set("clearInterval", 0, l.jsClearTimer)
	set("queueMicrotask", 1, l.jsQueueMicrotask)
	set("requestAnimationFrame", 1, l.jsRequestAnimationFrame)
	set("cancelAnimationFrame", 1, l.jsCancelAnimationFrame)
	set("requestIdleCallback", 1, l.jsRequestIdleCallback)
	set("cancelIdleCallback", 1, l.jsCancelIdleCallback)
	l.installIdleDeadline(global)
}

// unsignedLong converts v, the member of dictionary dict, like Web IDL's
// unsigned long (ToNumber, modulo 2^32). A failed conversion (a Symbol)
// keeps goja's error, its message given the member's context as the
// bindings give it ("Failed to read the 'timeout' property from
// 'IdleRequestOptions': Cannot convert a Symbol value to a number"); the
// window's function puts the operation's before it.
func unsignedLong(v goja.Value, member, dict string) float64 {
	defer func() {
		x := recover()
		if x == nil {
			return
		}
		if t := reflect.TypeOf(x); t.Kind() == reflect.String {
			// goja's internal type error, a string type.
			e := reflect.New(t).Elem()
			e.SetString("Failed to read the '" + member + "' property from '" + dict + "': " + reflect.ValueOf(x).String())
			panic(e.Interface())
		}
		panic(x)
	}()
	f := v.ToNumber().ToFloat()
	if f != f || math.IsInf(f, 0) {
		return 0
	}
	m := math.Mod(math.Trunc(f), 1<<32)
	if m < 0 {
		m += 1 << 32
	}
	return m
}
