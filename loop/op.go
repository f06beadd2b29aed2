package loop

import "time"

type opState uint8

const (
	opPending opState = iota
	opCompleted
	opCanceled
)

// An Op is an external operation in flight (a request, a script load). While
// it is in flight the page is not quiet. It ends with Complete, which
// delivers a task to the loop, or with Cancel.
type Op struct {
	l      *Loop
	label  string
	seq    uint64
	begin  time.Duration // virtual instant of Begin
	origin time.Duration // origin of the task that began it

	// background: the Op does not hold the page (BeginBackground).
	background bool
	// hold: a real-time hold (BeginHold).
	hold bool

	// beginWall is the real time of Begin. In faithful mode a completed
	// Op is due at begin plus the real time it was in flight (due, set
	// when collected): a response is not delivered ahead of a timer set
	// when its request began and shorter than its latency only because the
	// loop was busy meanwhile (busy time does not move the clock).
	beginWall time.Time
	due       time.Duration
	collected bool

	// detAt is the virtual instant of its delivery in deterministic mode:
	// begin + NetworkLatency, or its own Begin instant for a BeginNext.
	detAt time.Duration

	// Guarded by l.mu.
	state   opState
	fn      func()
	endWall time.Time

	// taken: RunArrived ran fn ahead of its delivery, which then does
	// nothing; queued is fn once delivered as a task that has not run.
	// On the loop goroutine.
	taken  bool
	queued func()
}

// Begin announces an external operation; label names it in Result.Pending
// (for instance "GET https://example.com/api"). The operation must end with
// Complete or Cancel.
func (l *Loop) Begin(label string) *Op {
	l.opSeq++
	o := &Op{l: l, label: label, seq: l.opSeq, begin: l.current(), origin: l.origin(), beginWall: time.Now()}
	o.detAt = o.begin + l.opts.NetworkLatency
	l.ops = append(l.ops, o)
	return o
}

// BeginLocal is Begin for work done on this machine that a browser would
// have had done already (a module script that it fetched with the page's
// others, bundled only now): in deterministic mode it is delivered at its
// own Begin instant, with no NetworkLatency, after the Ops due before it.
func (l *Loop) BeginLocal(label string) *Op {
	o := l.Begin(label)
	o.detAt = o.begin
	return o
}

// BeginNext announces the next part of an operation whose earlier part prev
// was delivered (a response body's next chunk, after its headers): it
// holds the page like any Op. In faithful mode it is due at prev's Begin
// plus the real time from prev's Begin to its Complete, as if prev had
// gone on (never before the current instant); in deterministic mode at its
// own Begin instant, without another NetworkLatency, after the Ops due
// before it. Call it on the loop goroutine.
func (l *Loop) BeginNext(label string, prev *Op) *Op {
	l.opSeq++
	now := l.current()
	o := &Op{l: l, label: label, seq: l.opSeq, begin: prev.begin, origin: prev.origin, beginWall: prev.beginWall, detAt: now}
	if o.begin > now {
		o.begin, o.beginWall = now, time.Now()
	}
	l.ops = append(l.ops, o)
	return o
}

// BeginBackground announces an outside source of one task that does not
// hold the page: a connection that may or may not send something (a
// WebSocket's next message). The page can be quiet while it is in flight,
// and it is not listed as pending; its completion, when it comes while the
// loop runs, is delivered at once as a task, in deterministic mode too.
// It must end with Complete or Cancel like any Op.
func (l *Loop) BeginBackground(label string) *Op {
	return &Op{l: l, label: label, begin: l.current(), origin: l.origin(), background: true}
}

// Label returns the label given to Begin.
func (o *Op) Label() string { return o.label }

// Complete ends the operation and delivers fn to the loop as a task. It may
// be called from any goroutine; only the first Complete or Cancel counts.
// In deterministic mode the task runs at virtual Begin time +
// Options.NetworkLatency, after every earlier-begun Op's.
func (o *Op) Complete(fn func()) { o.finish(opCompleted, fn, time.Time{}) }

// CompleteArrived is Complete for a result that arrived at the real time
// at, before Complete could be called: data received ahead of the page's
// asking for it (a response body's next chunk read by the page only after
// a long task). In faithful mode the Op is due as if it had completed at
// at (at its Begin instant if at is earlier), not when the loop, busy
// meanwhile, got round to asking: busy time does not move the virtual
// clock, so counting it as network time would hold the delivery back
// behind timers a browser would run after it. A zero at is time.Now().
func (o *Op) CompleteArrived(at time.Time, fn func()) { o.finish(opCompleted, fn, at) }

// Cancel abandons the operation without a task. It may be called from any
// goroutine; only the first Complete or Cancel counts.
func (o *Op) Cancel() { o.finish(opCanceled, nil, time.Time{}) }

func (o *Op) finish(state opState, fn func(), at time.Time) {
	l := o.l
	l.mu.Lock()
	if o.state != opPending {
		l.mu.Unlock()
		return
	}
	o.state, o.fn = state, fn
	if !o.background {
		if at.IsZero() {
			at = time.Now()
		}
		if at.Before(o.beginWall) {
			at = o.beginWall
		}
		o.endWall = at
	}
	l.arrived = append(l.arrived, o)
	l.hasArrived.Store(true)
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// collect moves finished Ops from other goroutines into the loop. In
// faithful mode completions become tasks at once; in deterministic mode
// they wait in l.ops for their turn (deliverDue).
func (l *Loop) collect() {
	if !l.hasArrived.Load() {
		return
	}
	l.mu.Lock()
	arrived := l.arrived
	l.arrived = nil
	l.hasArrived.Store(false)
	l.mu.Unlock()
	if len(arrived) == 0 {
		return
	}
	for _, o := range arrived {
		if o.background {
			if o.state == opCompleted {
				l.deliver(o)
			}
			continue
		}
		if o.state == opCanceled {
			l.removeOp(o)
			continue
		}
		if l.opts.Deterministic {
			continue
		}
		if o.hold {
			// A real-time hold is over.
			l.removeOp(o)
			if o.fn != nil {
				l.deliver(o)
			}
			continue
		}
		// Faithful: due when it completed in real time, counted from
		// its Begin on the virtual clock (which busy time does not move).
		o.collected = true
		o.due = o.begin + max(o.endWall.Sub(o.beginWall), 0)
		if o.due <= l.now {
			l.removeOp(o)
			l.deliver(o)
		}
	}
}

// deliver queues o's completion as a task. Its origin is the beginner's
// origin moved forward by the time o was in flight, so network waiting
// never counts against the settle horizon.
func (l *Loop) deliver(o *Op) {
	fn := o.fn
	o.fn = nil
	switch {
	case fn == nil || o.taken:
		fn = func() {}
	case !o.background:
		// RunArrived may run it first.
		o.queued = fn
		fn = func() {
			if f := o.queued; f != nil {
				o.queued = nil
				f()
			}
		}
	}
	l.pushTask(fn, o.origin+(l.now-o.begin), o.background)
}

// RunArrived runs o's completion at once, inside the current task, when o
// has arrived, and reports whether it ran it; its task, queued or not,
// then does nothing. It is how a browser's script runner sees that a
// resource has arrived though the task that says so has not run (the
// deferred scripts of the end of parsing run back to back once fetched).
// In faithful mode o has arrived when it has completed; in deterministic
// mode when its delivery instant (Begin plus NetworkLatency) has come on
// the virtual clock (whatever the Ops due with it or before it, which
// are delivered in their order as tasks): it is then waited for in real
// time if it has not completed yet (not past the Run's end), so that the
// answer never depends on real timing. Call it on the loop goroutine.
func (o *Op) RunArrived() bool {
	l := o.l
	if o.background || o.taken {
		return false
	}
	if f := o.queued; f != nil {
		// Delivered as a task that has not run yet.
		o.queued = nil
		f()
		return true
	}
	if l.opts.Deterministic && o.detAt > l.now {
		return false
	}
	stop := l.Stopping()
	for {
		l.mu.Lock()
		state, fn := o.state, o.fn
		if state == opCompleted && fn != nil {
			o.fn, o.taken = nil, true
		}
		l.mu.Unlock()
		switch {
		case state == opCompleted && fn != nil:
			fn()
			return true
		case state != opPending || !l.opts.Deterministic:
			return false // canceled, already run, or not arrived
		}
		select {
		case <-l.wake:
		case <-stop:
			return false
		}
	}
}

func (l *Loop) removeOp(o *Op) {
	for i, p := range l.ops {
		if p == o {
			copy(l.ops[i:], l.ops[i+1:])
			l.ops[len(l.ops)-1] = nil
			l.ops = l.ops[:len(l.ops)-1]
			return
		}
	}
}

// nextDelivery returns the next Op to deliver and its virtual delivery
// time: in deterministic mode the first in Begin order, in faithful mode
// the completed one due first (collect).
func (l *Loop) nextDelivery() (*Op, time.Duration, bool) {
	if len(l.ops) == 0 {
		return nil, 0, false
	}
	if l.opts.Deterministic {
		// The first due; Begin order among those due at once. Ops of
		// Begin are due in Begin order, so only a BeginNext (due with no
		// latency) can come before an earlier-begun Op.
		o := l.ops[0]
		for _, p := range l.ops[1:] {
			if p.detAt < o.detAt {
				o = p
			}
		}
		return o, o.detAt, true
	}
	var next *Op
	for _, o := range l.ops {
		if o.collected && (next == nil || o.due < next.due) {
			next = o
		}
	}
	if next == nil {
		return nil, 0, false
	}
	return next, next.due, true
}

// inFlight tells whether an Op has not completed yet (in faithful mode,
// l.ops also holds completed ones waiting for their due time).
func (l *Loop) inFlight() bool {
	for _, o := range l.ops {
		if !o.collected {
			return true
		}
	}
	return false
}

// completed reports whether o has completed (its fn is known).
func (l *Loop) completed(o *Op) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return o.state == opCompleted
}

// AdvanceBlocking accounts for an operation that blocked the loop goroutine
// (a synchronous XMLHttpRequest) and took real time: the virtual clock moves
// forward by real in faithful mode, by Options.NetworkLatency in
// deterministic mode, as a browser's clock moves while its main thread is
// blocked. Timers that fall due meanwhile fire after the current task.
// The blocked time counts as waiting, not as busy, in the Run's Result.
func (l *Loop) AdvanceBlocking(real time.Duration) {
	l.waited += max(real, 0)
	d := real
	if l.opts.Deterministic {
		d = l.opts.NetworkLatency
	}
	if d > 0 {
		l.now += d
	}
}
