package loop

import (
	"testing"
	"time"
)

// flood completes a background Op with a message task as soon as the
// previous message has been taken (at once, so that the next message has
// always arrived), forever: a server writing faster than the page reads. Each message costs 4µs of work and
// queues a second task (stream work too), and runs fn.
func flood(p *page, fn func(n int)) {
	n := 0
	var next func()
	next = func() {
		op := p.l.BeginBackground("stream")
		op.Complete(func() {
			n++
			*p.l.Work() += 4
			p.l.QueueTask(func() {})
			next()
			if fn != nil {
				fn(n)
			}
		})
	}
	p.l.QueueTask(next)
}

// A page whose only activity is a stream that never pauses settles
// StreamSpan after its other work, with the stream still flooding it;
// a timer set among the messages (stream work) comes at its turn, and one
// the page set itself (not stream work) holds it to its end.
func TestStreamFloodSettles(t *testing.T) {
	for _, tc := range []struct {
		name     string
		script   string
		fn       func(p *page) func(int)
		want     string
		lastWork time.Duration // the virtual time of the page's own last work
	}{
		{"only a flood", ``, nil, "", 0},
		{"a timer set by the first message", ``, func(p *page) func(int) {
			return func(n int) {
				if n == 1 {
					p.l.SetTimer(30*time.Millisecond, false, func() { p.log = append(p.log, "timer") })
				}
			}
		}, "timer", 0},
		{"the page's own timer", `setTimeout(() => log('page timer'), 100)`, nil, "page timer", 100 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, Options{WallLimit: 20 * time.Second, MaxTasks: 1 << 30})
			p.exec(tc.script)
			var fn func(int)
			if tc.fn != nil {
				fn = tc.fn(p)
			}
			// The stream's network-idle window: the flood runs from the
			// start. How far the flood moves the clock in its 20ms of real
			// time depends on the machine, so the span is counted from
			// the virtual time its completion ran at, and no task budget
			// ends a fast machine's flood first.
			hold := p.l.BeginHold("window")
			var holdEnd time.Duration
			time.AfterFunc(20*time.Millisecond, func() { hold.Complete(func() { holdEnd = p.l.Elapsed() }) })
			flood(p, fn)
			res := p.run()
			if res.Partial || res.Reason != ReasonQuiescent {
				t.Fatalf("%+v, want quiescent", res)
			}
			if got := p.logged(); got != tc.want {
				t.Errorf("logged %q, want %q", got, tc.want)
			}
			want := max(holdEnd, tc.lastWork) + StreamSpan
			if res.Virtual < want || res.Virtual > want+StreamSpan/2 {
				t.Errorf("settled after %v of virtual time (%d tasks; the hold ended at %v), want about %v", res.Virtual, res.Tasks, holdEnd, want)
			}
		})
	}
}

// A hold (BeginHold) stops holding the page once completed in real time,
// though a flood moves the clock far less meanwhile; messages that arrived
// while the page was busy for another reason run before it settles.
// No task budget: a fast machine's flood would reach it within the hold.
func TestStreamHoldRealTime(t *testing.T) {
	p := newPage(t, Options{WallLimit: 20 * time.Second, MaxTasks: 1 << 30})
	hold := p.l.BeginHold("window")
	time.AfterFunc(50*time.Millisecond, func() { hold.Complete(nil) })
	flood(p, nil)
	start := time.Now()
	res := p.run()
	if res.Partial || res.Reason != ReasonQuiescent {
		t.Fatalf("%+v, want quiescent", res)
	}
	if wall := time.Since(start); wall < 50*time.Millisecond {
		t.Errorf("settled after %v, before the hold ended", wall)
	}

	p = newPage(t, Options{})
	var ran []string
	bg := p.l.BeginBackground("greeting")
	p.l.QueueTask(func() {
		done := make(chan struct{})
		go func() {
			bg.Complete(func() { ran = append(ran, "greeting") })
			close(done)
		}()
		<-done // arrives while this task is busy
		*p.l.Work() += uint64(2 * StreamSpan / WorkCost)
	})
	if res := p.run(); res.Partial {
		t.Fatalf("%+v", res)
	}
	if len(ran) != 1 {
		t.Errorf("the message that arrived while the page was busy did not run")
	}
}

// A ping-pong of messages (QueueMessage, each posted by the one before)
// that never stops is stream work past MessageChain messages: beside a
// request, whose response is delivered once it has arrived in real time
// however little the messages moved the clock, the page settles
// StreamSpan after the response's task, with the ping-pong still going.
// A shorter chain is the page's own work.
func TestMessageChainSettles(t *testing.T) {
	p := newPage(t, Options{WallLimit: 30 * time.Second, MaxTasks: 1 << 30})
	n, answeredN := 0, 0
	var ping func()
	ping = func() {
		n++
		*p.l.Work() += 4
		if answeredN == 0 {
			// Messages take more real time than the work they charge.
			time.Sleep(50 * time.Microsecond)
		}
		p.l.QueueMessage(ping)
	}
	p.l.QueueMessage(ping)
	start := p.l.now
	op := p.l.Begin("GET /slow")
	var answeredAt time.Duration
	time.AfterFunc(200*time.Millisecond, func() {
		op.Complete(func() { answeredAt, answeredN = p.l.now, n })
	})
	res := p.run()
	if res.Partial || res.Reason != ReasonQuiescent {
		t.Fatalf("%+v, want quiescent", res)
	}
	if answeredN == 0 {
		t.Fatal("the response was never delivered")
	}
	if answeredAt-start < 200*time.Millisecond {
		t.Errorf("the response came at %v of virtual time, before its 200ms of real time", answeredAt)
	}
	// 200ms of real time is at most 4,000 of these messages; the clock
	// they move, 4µs each, would have held the response back for 50,000.
	if answeredN > 25000 {
		t.Errorf("the response came after %d messages, want it once it arrived in real time", answeredN)
	}
	if n < MessageChain {
		t.Errorf("%d messages ran, fewer than MessageChain", n)
	}
	if end := p.l.now; end < answeredAt+StreamSpan || end > answeredAt+StreamSpan+StreamSpan/2 {
		t.Errorf("settled at %v of virtual time, the response at %v: want StreamSpan after it", end, answeredAt)
	}

	// A chain that ends before MessageChain is the page's own work,
	// which a stream's span does not cut short.
	q := newPage(t, Options{WallLimit: 30 * time.Second, MaxTasks: 1 << 30})
	m := 0
	var short func()
	short = func() {
		m++
		*q.l.Work() += 4
		if m < MessageChain-1 {
			q.l.QueueMessage(short)
		}
	}
	q.l.QueueMessage(short)
	if res := q.run(); res.Reason != ReasonQuiescent || m != MessageChain-1 {
		t.Errorf("%+v after %d messages, want quiescent after %d", res, m, MessageChain-1)
	}
	if q.l.tasks != nil && q.l.taskHead < len(q.l.tasks) {
		t.Errorf("%d tasks left queued", len(q.l.tasks)-q.l.taskHead)
	}
}
