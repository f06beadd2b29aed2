package loop

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// Defaults used when the corresponding Options field is zero.
const (
	DefaultSettleHorizon = 5 * time.Second
	// IntervalHorizon bounds how long a repeating timer (setInterval) keeps
	// the page busy after the latest fresh activity: a poller with a short
	// period sees the page's final state, while a ticker (a carousel or a
	// clock advancing every few seconds) does not tick before the snapshot.
	// Browser-based prerenderers take theirs about this long after the
	// network went idle. The settle horizon applies when it is shorter.
	IntervalHorizon     = time.Second
	DefaultWallLimit    = 30 * time.Second
	DefaultVirtualLimit = 60 * time.Second
	DefaultMaxTasks     = 200_000
	// DefaultMaxCallStack is the JavaScript call depth at which a call
	// fails (close to what browsers allow).
	DefaultMaxCallStack = 10_000
	// FrameInterval is the virtual time between two animation frames.
	FrameInterval = 16 * time.Millisecond
)

// DeterministicStart is the instant the virtual clock starts at in
// deterministic mode when Options.Start is zero: 2020-01-01T00:00:00Z.
var DeterministicStart = time.Date(2020, time.January, 1, 0, 0, 0, 0, time.UTC)

// Reasons a Run ends, reported in Result.Reason.
const (
	ReasonQuiescent   = "quiescent"
	ReasonWallTime    = "wall-time"
	ReasonVirtualTime = "virtual-time"
	ReasonTasks       = "tasks"
	ReasonMemory      = "memory"
	ReasonCanceled    = "canceled"
)

// ErrRunning is returned by Run when the loop is already running (Run was
// called from inside a task, or from two goroutines).
var ErrRunning = errors.New("loop: Run called while the loop is already running")

// Options configure a Loop. The zero value is a faithful loop with default
// budgets.
type Options struct {
	// Start is the virtual clock's reading when the loop is made (the
	// page's Date.now() as its first scripts run). Zero means time.Now(),
	// or DeterministicStart in deterministic mode.
	Start time.Time
	// Navigation is how long the navigation that fetched the document took
	// before the loop was made: the time origin (performance.timeOrigin,
	// where performance.now() is 0) lies that far before Start, so the
	// first scripts see performance.now() = Navigation, as in a browser
	// where the response has arrived before any script runs. Timer and
	// animation frame timestamps share that time base.
	Navigation time.Duration
	// Deterministic fixes the clock start, seeds randomness with Seed and
	// delivers Op completions in Begin order at Begin time + NetworkLatency
	// (virtual), whatever their real timing.
	Deterministic bool
	Seed          int64
	// SettleHorizon: a timer due more than this much virtual time after the
	// activity that caused it does not keep the page from being quiet
	// (default DefaultSettleHorizon). See the package documentation.
	SettleHorizon time.Duration
	// NetworkLatency is the virtual latency of every Op in deterministic
	// mode (zero: Ops complete at their Begin instant).
	NetworkLatency time.Duration

	// Budgets of one Run; zero means the Default* constant. At a budget's
	// end Run returns a Partial Result.
	WallLimit    time.Duration // real time
	VirtualLimit time.Duration // virtual time
	MaxTasks     int           // tasks, timer callbacks and animation frames
	// MemoryLimit is the memory budget of one Run, in bytes (default
	// DefaultMemoryLimit; negative: none): a Run during which the
	// process's Go heap and stacks grow by more than this is interrupted,
	// partial with ReasonMemory, and a builtin asked to allocate more than
	// this at once (new ArrayBuffer(n), "x".repeat(n)) throws a RangeError.
	// Growth is sampled process-wide every few milliseconds, so the budget
	// is approximate, and concurrent pages count each other's growth; see
	// watchMemory.
	MemoryLimit int64
	// MaxCallStack is the JavaScript call depth limit (default
	// DefaultMaxCallStack). Deeper recursion fails with an uncatchable
	// *goja.StackOverflowError, reported to OnError as a RangeError.
	MaxCallStack int

	// OnError receives what a task, timer or microtask callback threw and
	// nobody caught: a *goja.Exception, a *RangeError for a call stack
	// overflow, or a *PanicError for a recovered Go panic. Nil: ignored.
	OnError func(error)
	// Ready, when set, is an extra quiescence condition: while it returns
	// false the loop keeps waiting (for window.prerenderReady).
	Ready func() bool
}

// A Result tells how a Run ended.
type Result struct {
	// Partial is true when a budget ended the Run before the page was quiet.
	Partial bool
	// Reason is one of the Reason* constants.
	Reason string
	// Pending lists, for a partial Run, the labels of Ops in flight and the
	// next timers with their due virtual time.
	Pending []string
	// Tasks is the number of tasks run (timer callbacks and animation
	// frames included).
	Tasks int
	// Virtual is the virtual time this Run advanced the clock; Wall the
	// real time it took.
	Virtual, Wall time.Duration
	// Busy is the part of Wall the loop was not waiting: running tasks,
	// timer callbacks, microtasks and its own bookkeeping. The rest of
	// Wall it waited for Ops to complete (or for virtual time to catch up
	// with real time while one was in flight), or was blocked in
	// AdvanceBlocking (a synchronous XMLHttpRequest).
	Busy time.Duration
}

// A RangeError reports that JavaScript exceeded the call stack limit.
type RangeError struct{ Err *goja.StackOverflowError }

func (e *RangeError) Error() string {
	return "RangeError: Maximum call stack size exceeded" + stackSuffix(e.Err.Error())
}
func (e *RangeError) Unwrap() error { return e.Err }

// A PanicError reports a Go panic recovered from a task.
type PanicError struct {
	Value any
}

func (e *PanicError) Error() string { return fmt.Sprintf("loop: panic in task: %v", e.Value) }

func stackSuffix(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}

// A task is one unit of work in the task queue.
type task struct {
	fn     func()
	origin time.Duration
	// at and seq are when the task was queued (virtual time) and its place
	// in the order tasks and timers were made: a timer ripe by then that
	// was made before runs first.
	at  time.Duration
	seq uint64
	// stream: stream work (see StreamSpan), which holds the page only
	// while something else does or for StreamSpan after it.
	stream bool
	// chain is a message task's place in its chain (QueueMessage), 0
	// for other tasks.
	chain int
}

// A Loop is the event loop of one page. All its methods except Op.Complete
// and Op.Cancel must be called on the goroutine that runs the page's
// JavaScript.
type Loop struct {
	rt   *goja.Runtime
	opts Options
	rnd  *rand.Rand
	// compileRewrite is SetCompileRewrite's function, or nil.
	compileRewrite func(src string) (string, bool)
	// compileCheck is SetCompileCheck's function, or nil.
	compileCheck func(src string)

	start time.Time
	now   time.Duration // virtual time since start

	tasks    []task
	taskHead int
	// taskSeq counts the tasks run (TaskSeq).
	taskSeq uint64
	// fgQueued counts the queued tasks that are not stream work.
	fgQueued int
	inTask   bool
	// taskFrame is FrameTime while a task runs: the frame boundary at its
	// start (the clock moves within a task; the timeline does not).
	taskFrame time.Duration
	curOrigin time.Duration
	curNest   int  // timer nesting level of the running task
	inTimer   bool // the running task is a timer task
	curStream bool // the running task is stream work
	curChain  int  // the running task's place in its message chain
	// lastFg is the virtual instant the latest task that was not stream
	// work ended (or the current Run began): see StreamSpan.
	lastFg     time.Duration
	fresh      time.Duration
	running    atomic.Bool
	clockReads int // reads of the clock by the running task
	// work counts units of work done by the page's native code (one per
	// binding call; see Work); workSeen is the count already charged to
	// the clock.
	work, workSeen uint64
	// taskWork is the virtual time the running task's work has added to
	// the clock: timers it sets are judged live by the time the page
	// waits, not by the time it worked (see timer.liveDue).
	taskWork time.Duration

	timers    timerHeap
	timerByID map[int]*timer
	lastID    int
	timerSeq  uint64 // orders timers and tasks as they are made
	// stringHandlerURL names string timer handlers' scripts (nil: "").
	stringHandlerURL func() string
	// stringHandlerCheck, when set, turns a string timer handler's
	// argument into its code (SetStringHandlerCheck).
	stringHandlerCheck func(v goja.Value, kind string) string

	micro     []microtask
	microHead int
	microSeq  int64
	held      []func()
	heldHead  int
	// afterCheckpoint runs once the current checkpoint is over.
	afterCheckpoint []func()
	enqueue         goja.Callable
	stackBuf        []goja.StackFrame

	ops   []*Op // in flight or completed but not delivered, in Begin order
	opSeq uint64

	// waited is the real time spent waiting (waitReal, AdvanceBlocking)
	// over the loop's life; Result.Busy is Wall minus a Run's share.
	// wallClock reads the real clock for Wall and waited (time.Now; a
	// test's clock in loop's tests).
	waited    time.Duration
	wallClock func() time.Time

	frame      frameState
	idle       idleState
	lastIdleID int

	// Shared with other goroutines.
	mu       sync.Mutex
	wake     chan struct{}
	arrived  []*Op
	armed    bool   // a Run is in progress and may be interrupted
	stopped  string // reason the current Run was interrupted
	stopCh   chan struct{}
	realWait *time.Timer
	attached []*goja.Runtime // further runtimes interrupted with rt (Attach)
	// Lock-free hints for the loop's hot path: set under mu, read without.
	hasStopped atomic.Bool
	hasArrived atomic.Bool
}

// New returns the loop of one page, running its JavaScript on rt. It sets
// rt's time source to the virtual clock, its random source (seeded in
// deterministic mode) and its call stack limit, and guards what would
// overflow Go's stack inside goja: every source rt compiles passes
// CheckSource, bound function chains stop at MaxBindDepth, and
// Array.prototype.flat flattens at most MaxFlatDepth levels.
func New(rt *goja.Runtime, opts Options) *Loop {
	if opts.SettleHorizon <= 0 {
		opts.SettleHorizon = DefaultSettleHorizon
	}
	if opts.WallLimit <= 0 {
		opts.WallLimit = DefaultWallLimit
	}
	if opts.VirtualLimit <= 0 {
		opts.VirtualLimit = DefaultVirtualLimit
	}
	if opts.MaxTasks <= 0 {
		opts.MaxTasks = DefaultMaxTasks
	}
	if opts.MaxCallStack <= 0 {
		opts.MaxCallStack = DefaultMaxCallStack
	}
	if opts.MemoryLimit == 0 {
		opts.MemoryLimit = DefaultMemoryLimit
	}
	l := &Loop{
		rt:        rt,
		opts:      opts,
		start:     opts.Start,
		timerByID: make(map[int]*timer),
		wake:      make(chan struct{}, 1),
		wallClock: time.Now,
		now:       max(opts.Navigation, 0),
	}
	if l.start.IsZero() {
		if opts.Deterministic {
			l.start = DeterministicStart
		} else {
			l.start = time.Now()
		}
	}
	// l.start is the time origin: Now() is start + now.
	l.start = l.start.Add(-l.now)
	if opts.Deterministic {
		l.rnd = rand.New(rand.NewPCG(uint64(opts.Seed), uint64(opts.Seed)^0x9e3779b97f4a7c15))
	} else {
		l.rnd = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	rt.SetTimeSource(l.Now)
	rt.SetRandSource(l.rnd.Float64)
	rt.SetMaxCallStackSize(opts.MaxCallStack)
	guardAllocations(rt, opts.MemoryLimit)
	guardCompiles(rt, l.checkCompile, l.rewriteCompile)
	guardBind(rt)
	guardFlat(rt)
	l.initMicrotasks()
	return l
}

// Runtime returns the page's goja runtime.
func (l *Loop) Runtime() *goja.Runtime { return l.rt }

// clockSpin is how many clock reads a task may make before each further
// read advances the virtual clock by clockStep.
const (
	clockSpin = 10_000
	clockStep = time.Microsecond
)

// Now returns the virtual time. It is the page's Date.now().
//
// Virtual time stands still while a task runs, except that every read of
// the clock (Now or Elapsed) beyond the 10,000th within one task advances
// it by 1µs: a script busy-waiting on the clock sees it move and finishes,
// deterministically, instead of spinning until the wall-clock budget.
func (l *Loop) Now() time.Time { return l.start.Add(l.readClock()) }

// Deterministic reports whether the loop runs in deterministic mode
// (Options.Deterministic).
func (l *Loop) Deterministic() bool { return l.opts.Deterministic }

// Elapsed returns the virtual time since the time origin (what
// performance.now() reports; Options.Navigation when the loop is made). See Now about reads within one task.
func (l *Loop) Elapsed() time.Duration { return l.readClock() }

func (l *Loop) readClock() time.Duration {
	if l.inTask {
		l.chargeWork()
		if l.clockReads++; l.clockReads > clockSpin {
			l.now += clockStep
		}
	}
	return l.now
}

// WorkCost is the virtual time one unit of work moves the clock of the
// task doing it: about what a call from JavaScript into the browser's
// native code, and the script around it, costs Chromium on a desktop.
const WorkCost = time.Microsecond

// Work returns the page's work counter. Native bindings add one to it per
// call from JavaScript (an add on their hot path); the loop turns the units
// counted during a task into virtual time (WorkCost each) when the clock is
// next read, a timer set or an Op begun, and when the task ends. So within
// one task Date.now() and performance.now() move with the work done, the
// same page doing the same work sees the same times (deterministic mode
// stays byte for byte reproducible), and a timer that falls due while a
// task works fires after it. Work done outside any task (a script run
// before the loop starts) moves no clock.
func (l *Loop) Work() *uint64 { return &l.work }

// TaskSeq returns the counter of the tasks run so far, which moves as each
// task ends (its microtask checkpoint done): a binding layer reads it to
// tell that the task that made a value is over.
func (l *Loop) TaskSeq() *uint64 { return &l.taskSeq }

// chargeWork moves the clock by the work counted since the last charge.
// Called only while a task runs.
func (l *Loop) chargeWork() {
	if n := l.work - l.workSeen; n != 0 {
		l.workSeen = l.work
		d := time.Duration(n) * WorkCost
		l.now += d
		l.taskWork += d
	}
}

// current is the virtual time with the running task's work charged.
func (l *Loop) current() time.Duration {
	if l.inTask {
		l.chargeWork()
	}
	return l.now
}

// TimeOrigin returns the time origin: Options.Start less
// Options.Navigation (performance.timeOrigin).
// https://w3c.github.io/hr-time/#dfn-get-time-origin-timestamp
func (l *Loop) TimeOrigin() time.Time { return l.start }

// Rand returns the page's random source: seeded from Options.Seed in
// deterministic mode (for crypto.getRandomValues and the like).
func (l *Loop) Rand() *rand.Rand { return l.rnd }

// origin is the origin given to work queued now.
func (l *Loop) origin() time.Duration {
	if l.inTask {
		return l.curOrigin
	}
	return l.now
}

// QueueTask queues fn to run as a task of its own.
// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-task
//
// A task queued by stream work is stream work too (see StreamSpan).
func (l *Loop) QueueTask(fn func()) {
	l.pushTask(fn, l.origin(), l.streamWork())
}

// streamWork reports whether work queued now is stream work: the running
// task is.
func (l *Loop) streamWork() bool { return l.inTask && l.curStream }

func (l *Loop) pushTask(fn func(), origin time.Duration, stream bool) {
	l.timerSeq++
	if !stream {
		l.fgQueued++
	}
	l.tasks = append(l.tasks, task{fn: fn, origin: origin, at: l.current(), seq: l.timerSeq, stream: stream})
}

// MessageChain is how many messages in a row, each posted by the handler of
// the one before, a page's own message passing keeps it busy as its own
// work: past it, the chain is a stream that never pauses (StreamSpan).
const MessageChain = 2000

// QueueMessage queues fn, the delivery of a message a script posted (to a
// window, a MessagePort, a worker, a BroadcastChannel), as a task. A
// message posted while the task delivering another runs is the next link
// of that one's chain; from the MessageChain-th link on, the chain is
// stream work (see StreamSpan): a ping-pong between two ports, windows or
// workers never pauses, and Chromium 156 reaches network idle with one
// running (1.4 to 3.1 s on pages whose 200 ms fetch was answered among
// its messages, testdata/hostile *-ping-pong-fetch), so the page is
// captured once its other work is done, as with a socket flooding it.
// Scripts that yield to the event loop through messages (schedulers that
// post a message per slice of work) post chains far shorter than that.
func (l *Loop) QueueMessage(fn func()) {
	chain := 1
	if l.inTask && l.curChain > 0 {
		chain = l.curChain + 1
	}
	stream := l.streamWork() || chain >= MessageChain
	l.pushTask(fn, l.origin(), stream)
	l.tasks[len(l.tasks)-1].chain = chain
}

// timerFirst reports whether the earliest timer is due and goes before the
// next task: it was ripe when the task was queued (made before it, when due
// at the same instant). Chromium runs a zero-delay timer before a message
// or network task queued after it.
func (l *Loop) timerFirst() bool {
	if len(l.timers) == 0 || l.taskHead == len(l.tasks) {
		return false
	}
	t, k := l.timers[0], &l.tasks[l.taskHead]
	return t.due <= l.now && (t.due < k.at || t.due == k.at && t.seq < k.seq)
}

// compactAt is how many consumed entries a queue keeps at its front before
// moving the rest down.
const compactAt = 1024

func (l *Loop) popTask() (task, bool) {
	if l.taskHead == len(l.tasks) {
		return task{}, false
	}
	t := l.tasks[l.taskHead]
	l.tasks[l.taskHead] = task{}
	l.taskHead++
	if !t.stream {
		l.fgQueued--
	}
	switch {
	case l.taskHead == len(l.tasks):
		l.tasks = l.tasks[:0]
		l.taskHead = 0
	case l.taskHead >= compactAt && l.taskHead*2 >= len(l.tasks):
		// A queue that never drains: reuse the consumed front.
		n := copy(l.tasks, l.tasks[l.taskHead:])
		clear(l.tasks[n:])
		l.tasks = l.tasks[:n]
		l.taskHead = 0
	}
	return t, true
}

// ReportError hands err, thrown by a callback the loop or its users ran,
// to Options.OnError. An interruption caused by the loop's own budget is
// not reported; a call stack overflow is reported as a *RangeError.
func (l *Loop) ReportError(err error) {
	if err == nil {
		return
	}
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		l.mu.Lock()
		stopped := l.stopped != ""
		l.mu.Unlock()
		if stopped {
			return
		}
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		err = &RangeError{Err: so}
	}
	if l.opts.OnError != nil {
		l.opts.OnError(err)
	}
}

// runTask runs one task and then performs a microtask checkpoint.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model
func (l *Loop) runTask(fn func(), origin time.Duration, timerTask bool, nest int, stream bool) {
	l.inTask, l.curOrigin, l.inTimer, l.curNest, l.curStream = true, origin, timerTask, nest, stream
	l.taskFrame = l.now / FrameInterval * FrameInterval
	l.clockReads = 0
	l.workSeen = l.work // work done between tasks is not charged
	l.taskWork = 0
	if origin > l.fresh {
		l.fresh = origin
	}
	l.protect(fn)
	l.PerformMicrotaskCheckpoint()
	l.chargeWork()
	l.taskSeq++
	l.inTask, l.inTimer, l.curNest, l.curStream = false, false, 0, false
	if !stream {
		l.lastFg = l.now
	}
	l.endIdlePeriod()
}

// protect runs fn, reporting a Go panic instead of letting it escape.
func (l *Loop) protect(fn func()) {
	defer func() {
		if r := recover(); r != nil {
			l.ReportError(l.panicError(r))
		}
	}()
	fn()
}

func (l *Loop) panicError(r any) error {
	switch v := r.(type) {
	case *goja.InterruptedError:
		return v
	case *goja.StackOverflowError:
		return v
	case *goja.Exception:
		return v
	case goja.Value:
		// A native function threw a JavaScript value outside any JavaScript.
		if ex := l.rt.Try(func() { panic(v) }); ex != nil {
			return ex
		}
	}
	return &PanicError{Value: r}
}
