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
