package loop

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"
)

// Run runs the page on the calling goroutine until it is quiet or a budget
// ends, and may be called again later (after a click, say); each Run has
// its own budgets. A budget's end is not an error: the Result is Partial
// and names the budget.
//
// Run returns an error only when the loop is already running (ErrRunning)
// or when ctx ends; then the Result is Partial with Reason "canceled" and
// the error is ctx.Err(). Running JavaScript is interrupted at the wall
// limit or when ctx ends, and the runtime is usable again when Run returns.
func (l *Loop) Run(ctx context.Context) (Result, error) {
	return l.run(ctx, until{})
}

// run is Run, ending also as u says (advance.go).
func (l *Loop) run(ctx context.Context, u until) (Result, error) {
	if l.inTask || !l.running.CompareAndSwap(false, true) {
		return Result{}, ErrRunning
	}
	defer l.running.Store(false)

	wallStart := l.wallClock()
	waitedStart := l.waited
	startV := l.now
	vLimit := startV + l.opts.VirtualLimit
	if u.advance {
		vLimit = startV + u.by
	}
	tasks := 0
	if l.now > l.fresh {
		l.fresh = l.now
	}
	l.lastFg = max(l.lastFg, l.now)

	l.mu.Lock()
	l.armed, l.stopped, l.stopCh = true, "", make(chan struct{})
	l.hasStopped.Store(false)
	stopCh := l.stopCh
	l.mu.Unlock()
	// A stopped timer can stay in a P's timer heap, and its function
	// reachable, until that P next tidies its timers; the function reaches
	// the Loop (and so the page) only through this cell, emptied at the end.
	wallLoop := new(atomic.Pointer[Loop])
	wallLoop.Store(l)
	wallTimer := time.AfterFunc(l.opts.WallLimit, func() {
		if l := wallLoop.Load(); l != nil {
			l.interrupt(ReasonWallTime)
		}
	})
	stopCtx := context.AfterFunc(ctx, func() { l.interrupt(ReasonCanceled) })
	stopMemory := l.watchMemory(l.opts.MemoryLimit)
	defer func() {
		stopMemory()
		wallTimer.Stop()
		wallLoop.Store(nil)
		stopCtx()
		l.mu.Lock()
		l.armed = false
		// Microtasks run outside a Run (after an Eval) run in full.
		l.hasStopped.Store(false)
		l.mu.Unlock()
		// No Interrupt can happen any more: make the runtimes usable again.
		l.rt.ClearInterrupt()
		l.mu.Lock()
		for _, rt := range l.attached {
			rt.ClearInterrupt()
		}
		l.mu.Unlock()
	}()

	end := func(reason string) (Result, error) {
		r := Result{Reason: reason, Tasks: tasks, Virtual: l.now - startV, Wall: l.wallClock().Sub(wallStart)}
		r.Busy = max(r.Wall-(l.waited-waitedStart), 0)
		if u.advance && reason == ReasonVirtualTime {
			reason, r.Reason = ReasonAdvanced, ReasonAdvanced
		}
		if reason != ReasonQuiescent && reason != ReasonAdvanced && reason != ReasonDone {
			r.Partial = true
			r.Pending = l.pending()
		}
		if reason == ReasonCanceled {
			return r, ctx.Err()
		}
		return r, nil
	}

	// Microtasks held from script run before Run.
	l.PerformMicrotaskCheckpoint()
	for {
		if reason := l.stopReason(); reason != "" {
			return end(reason)
		}
		if ctx.Err() != nil {
			return end(ReasonCanceled)
		}
		if u.done != nil && u.done() {
			return end(ReasonDone)
		}
		l.collect()
		if !u.advance && u.done == nil && l.streamsSettled() {
			return end(ReasonQuiescent)
		}

		// One runnable piece of work: a task, a due delivery, a due timer.
		if l.runnable() && tasks >= l.opts.MaxTasks {
			return end(ReasonTasks)
		}
		if l.heldHead < len(l.held) {
			// Go microtasks queued between tasks (by Ready, say).
			l.PerformMicrotaskCheckpoint()
			continue
		}
		if l.streamCatchUp() {
			continue
		}
		if !l.timerFirst() {
			if t, ok := l.popTask(); ok {
				l.curChain = t.chain
				l.runTask(t.fn, t.origin, false, 0, t.stream)
				l.curChain = 0
				tasks++
				continue
			}
		}
		if o, at, ok := l.nextDelivery(); ok && at <= l.now && !l.timerDueBy(at) && l.completed(o) {
			l.removeOp(o)
			l.deliver(o)
			continue
		}
		if l.timerDueBy(l.now) {
			l.fireTimer()
			tasks++
			continue
		}

		if !u.advance && l.quiet() && (u.done == nil || len(l.timers) == 0) {
			return end(ReasonQuiescent)
		}
		if l.heldHead < len(l.held) || l.runnable() {
			continue // the Ready condition queued work
		}
		// Nothing runnable now: the event loop is idle.
		if l.startIdlePeriod() {
			continue
		}

		// Nothing runnable: move the clock.
		next, hasNext := time.Duration(0), false
		if len(l.timers) > 0 {
			next, hasNext = l.timers[0].due, true
		}
		if l.idlePending() && l.idle.until > l.now && (!hasNext || l.idle.until < next) {
			// The next idle period starts when this one ends.
			next, hasNext = l.idle.until, true
		}
		if o, at, ok := l.nextDelivery(); ok && (!hasNext || at < next) {
			// Deterministic: the next event is o's delivery, at a virtual
			// instant that does not depend on when o really completes.
			if at > vLimit {
				l.now = max(l.now, vLimit)
				return end(ReasonVirtualTime)
			}
			if !l.completed(o) {
				// Not arrived in real time yet: wait without moving the clock.
				l.waitReal(ctx, stopCh, -1)
				continue
			}
			l.now = max(l.now, at)
			continue
		}
		if !l.opts.Deterministic && l.inFlight() {
			// Faithful: virtual time runs no faster than real time while
			// something is in flight, also when the next timer lies past
			// the virtual budget (a cache expiring in five minutes must
			// not end the run before the responses arrive).
			if l.now >= vLimit {
				return end(ReasonVirtualTime)
			}
			limit := vLimit - l.now
			if hasNext && next < vLimit {
				limit = next - l.now
			}
			began := time.Now()
			l.waitReal(ctx, stopCh, limit)
			l.now += min(time.Since(began), limit)
			continue
		}
		if hasNext && next > vLimit || !hasNext && len(l.ops) == 0 || !hasNext && l.now >= vLimit {
			// Past the virtual budget, or waiting (on Ready) for nothing.
			l.now = max(l.now, vLimit)
			return end(ReasonVirtualTime)
		}
		l.now = max(l.now, next)
	}
}

// runnable reports whether a task, delivery or timer can run now.
func (l *Loop) runnable() bool {
	if l.taskHead < len(l.tasks) || l.timerDueBy(l.now) {
		return true
	}
	o, at, ok := l.nextDelivery()
	return ok && at <= l.now && l.completed(o)
}

// timerDueBy reports whether a timer is due at or before at (timers win
// ties with deliveries).
func (l *Loop) timerDueBy(at time.Duration) bool {
	return len(l.timers) > 0 && l.timers[0].due <= at
}

// waitReal blocks until an Op finishes, the Run is stopped, ctx ends, or
// limit (if not negative) passes, and returns how long it waited (counted
// in l.waited: not busy).
func (l *Loop) waitReal(ctx context.Context, stopCh chan struct{}, limit time.Duration) time.Duration {
	began := l.wallClock()
	var timeout <-chan time.Time
	if limit >= 0 {
		if l.realWait == nil {
			l.realWait = time.NewTimer(limit)
		} else {
			l.realWait.Reset(limit)
		}
		timeout = l.realWait.C
	}
	select {
	case <-l.wake:
	case <-timeout:
	case <-stopCh:
	case <-ctx.Done():
	}
	if limit >= 0 {
		l.realWait.Stop()
	}
	d := l.wallClock().Sub(began)
	l.waited += d
	return d
}

// Stopping returns a channel closed when the current Run is stopped (by a
// budget or its context), or nil outside a Run: for work on the loop
// goroutine that checks it as it goes (WebAssembly), without a goroutine
// per call as BlockingContext needs.
func (l *Loop) Stopping() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.armed {
		return nil
	}
	return l.stopCh
}

// BlockingContext returns a context derived from parent that also ends when
// the current Run is stopped (by a budget or its context), for work that
// blocks the loop goroutine (a synchronous XMLHttpRequest): a page cannot
// hold the loop past its budget by waiting on a server that never answers.
// Outside a Run it is parent's. The cancel function must be called.
func (l *Loop) BlockingContext(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	l.mu.Lock()
	stopCh, armed := l.stopCh, l.armed
	l.mu.Unlock()
	if !armed || stopCh == nil {
		return ctx, cancel
	}
	go func() {
		select {
		case <-stopCh:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// interrupt stops the current Run for reason, interrupting JavaScript
// that may be running. Called from timer goroutines.
func (l *Loop) interrupt(reason string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.armed || l.stopped != "" {
		return
	}
	l.stopped = reason
	l.hasStopped.Store(true)
	close(l.stopCh)
	l.rt.Interrupt(reason)
	for _, rt := range l.attached {
		rt.Interrupt(reason)
	}
}

// reinterrupt interrupts the runtimes again for the reason the Run was
// stopped: goja clears an interrupt once it unwinds to Go with no
// JavaScript on the stack, and JavaScript that runs after that in the
// same task must not run on.
func (l *Loop) reinterrupt() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.armed || l.stopped == "" {
		return
	}
	l.rt.Interrupt(l.stopped)
	for _, rt := range l.attached {
		rt.Interrupt(l.stopped)
	}
}

func (l *Loop) stopReason() string {
	if !l.hasStopped.Load() {
		return ""
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stopped
}

// live reports whether t keeps the page from being quiet.
func (l *Loop) live(t *timer) bool {
	if t.repeat {
		return t.liveDue <= l.fresh+min(l.opts.SettleHorizon, IntervalHorizon)
	}
	return t.liveDue <= t.origin+l.opts.SettleHorizon
}

// quiet reports whether the page is done: nothing runnable, nothing in
// flight, no live timer, and Ready (if set) true.
func (l *Loop) quiet() bool {
	// Ready first: it runs page code, which may queue work.
	if !l.ready() {
		return false
	}
	if len(l.ops) > 0 || l.taskHead < len(l.tasks) || l.heldHead < len(l.held) || l.timerDueBy(l.now) {
		return false
	}
	for _, t := range l.timers {
		if l.live(t) {
			return false
		}
	}
	return !l.idleLive()
}

// ready evaluates Options.Ready; a panic in it is reported and counts as
// ready, so that a broken condition cannot hold the page.
func (l *Loop) ready() (ok bool) {
	if l.opts.Ready == nil {
		return true
	}
	defer func() {
		if r := recover(); r != nil {
			l.ReportError(l.panicError(r))
			ok = true
		}
	}()
	return l.opts.Ready()
}

// maxPendingTimers bounds how many timers Result.Pending lists.
const maxPendingTimers = 10

// pending describes what is outstanding, for a partial Result.
func (l *Loop) pending() []string {
	var p []string
	l.mu.Lock()
	for _, o := range l.ops {
		if o.state == opCompleted {
			p = append(p, o.label+" (completed, not yet delivered)")
		} else {
			p = append(p, o.label)
		}
	}
	l.mu.Unlock()
	if n := len(l.tasks) - l.taskHead; n > 0 {
		p = append(p, fmt.Sprintf("%d queued tasks", n))
	}
	ts := slices.Clone(l.timers)
	slices.SortFunc(ts, func(a, b *timer) int {
		if c := cmp.Compare(a.due, b.due); c != 0 {
			return c
		}
		return cmp.Compare(a.seq, b.seq)
	})
	for i, t := range ts {
		if i == maxPendingTimers {
			p = append(p, fmt.Sprintf("%d more timers", len(ts)-i))
			break
		}
		p = append(p, fmt.Sprintf("%s %d due at %v", t.kind, t.id, t.due))
	}
	if n := len(l.idle.requested) + len(l.idle.runnable); n > 0 {
		p = append(p, fmt.Sprintf("%d idle callbacks", n))
	}
	if !l.ready() {
		p = append(p, "ready condition (prerenderReady) is false")
	}
	return p
}
