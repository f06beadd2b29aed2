// Package loop is the event loop of one page: it owns the page's goja
// runtime, runs tasks and microtasks in the HTML standard's order, keeps the
// page's timers on a virtual clock, and decides when the page is quiet.
//
// It must never import net/http, dom, jsruntime, xhr or serialize: other
// packages hand it Go functions to run (QueueTask, SetTimer) and announce
// their outside work with Begin/Op; the loop knows nothing about what they do.
//
// # Tasks and microtasks
//
// The loop follows the HTML processing model
// (https://html.spec.whatwg.org/multipage/webappapis.html#event-loop-processing-model):
// take one task, run it, perform a microtask checkpoint, repeat. There is a
// single microtask queue, and it is goja's own promise job queue: goja runs
// its queued jobs whenever control returns from JavaScript to Go with an
// empty JavaScript stack (Runtime.leave, called at the end of RunProgram and
// of every Callable invoked from Go at top level). That is the standard's
// "clean up after running script" checkpoint, so promise reactions already
// run at the right moments. QueueMicrotask (and the page's queueMicrotask)
// therefore do not keep a queue of their own: each microtask is enqueued as
// the reaction of an already resolved promise (Promise.prototype.then on a
// promise captured when the loop was created), so it takes its place in
// goja's queue in FIFO order with the page's promise reactions. A Go
// microtask queued while no JavaScript is running (where any call into goja
// would drain the queue at once) is held until the task ends and then run at
// the task's microtask checkpoint.
//
// Tasks and timers that are due run in the order they became runnable: a
// timer due when a task is queued (a setTimeout(0) made before a
// postMessage, or before a response arrives) runs before that task, as in
// Chromium, and a task queued before a timer falls due runs first.
// A task can take an Op's completion that has arrived before its own task
// runs (Op.RunArrived): the end of parsing runs the deferred scripts whose
// fetch has arrived back to back, before the timers they set.
//
// # Virtual time
//
// The page's clock (Date.now, new Date, Loop.Now, Loop.Elapsed, timer and
// requestAnimationFrame timestamps) is virtual. Loop.Elapsed (performance.now)
// and frame timestamps count from the time origin, Options.Navigation before
// the clock's Start, and animation frames fall every FrameInterval from it
// (FrameTime, OnFrame and SetFrameTimer serve the page's animations;
// RequestFrame asks for a frame with no requestAnimationFrame callback, and
// OnObservers ends each frame with the observers' steps). With
// nothing in flight the loop jumps straight to the next due timer, so a page
// that waits 5 seconds renders in microseconds. While an Op (a request, a
// script load) is in flight, virtual time advances no faster than real time,
// so timers due before a response fire before it and a long timeout racing a
// short request loses as it would in a browser; a response is delivered at
// its Begin time plus the real time it was in flight, so one that completed
// while a task kept the loop busy does not overtake a timer shorter than its
// latency (busy time does not move the clock). Virtual time does not
// advance while a task runs, except for scripts that read the clock very
// often: past 10,000 reads in one task each read moves it by 1µs, so that a
// busy wait on Date.now() ends (deterministically) instead of running into
// the wall-clock budget.
//
// In deterministic mode the clock starts at DeterministicStart, randomness is
// seeded, and Op completions are delivered in Begin order at a fixed virtual
// latency after their Begin, whatever their real timing; virtual time then
// never depends on real time.
//
// # Quiescence
//
// Run returns when the page is quiet: no task is runnable, no Op is in
// flight, no live timer remains, and Options.Ready (window.prerenderReady)
// reports true. Every task carries an origin: the virtual instant of the
// fresh activity that caused it (the start of Run, a task queued from Go
// outside any task, an Op completion — whose origin is its beginner's origin
// moved forward by the time the Op was in flight, so waiting for the network
// never counts against the page). A timer inherits the origin of the task
// that created it and is live while it is due within SettleHorizon of that
// origin: a chain of short timers started by fresh activity runs to its end,
// while a timer far in the future, or a setTimeout chain polling forever,
// stops counting after SettleHorizon. A repeating timer (setInterval) is live
// while it is due within IntervalHorizon (one second, or SettleHorizon when
// that is shorter) of the latest fresh activity, so a poller sees the page's
// final state at least once and then lets it rest, and a ticker that
// advances a carousel every few seconds has not moved in the snapshot.
// Timers that are not live still fire in due order while the loop waits for
// something else. Stream work (the completions of BeginBackground Ops and
// the tasks and timers they lead to) keeps the page busy only while other
// work does or for StreamSpan after it, so a stream that floods the page
// does not hold it; BeginHold holds the page for a span of real time (a
// connection's network-idle window).
//
// # Budgets and errors
//
// Each Run has a wall-clock limit (JavaScript still running then is stopped
// with goja's Interrupt, which the loop clears before returning so that the
// runtime stays usable; goja clears it too once it reaches Go with no
// JavaScript on the stack, so the loop interrupts again at the next
// microtask, which then does not run), a virtual-time limit and a task
// limit; ctx ends it too. A memory budget (Options.MemoryLimit) interrupts a Run during which
// the process's Go memory grows by more than the limit (sampled every few
// milliseconds, process-wide and therefore approximate), and builtins that
// allocate what their argument asks for in one native call (ArrayBuffer,
// typed arrays, String repeat and pad, Array fill) throw a RangeError rather
// than allocate more than the limit at once. A budget's end gives a Partial
// Result naming the budget and what was pending, not an error. The call stack is limited (Options.MaxCallStack) so
// that unbounded recursion fails instead of eating memory. What a callback
// throws, and any Go panic in a task, goes to Options.OnError and the loop
// carries on; code that calls JavaScript from its own tasks hands errors to
// Loop.ReportError for the same treatment.
package loop
