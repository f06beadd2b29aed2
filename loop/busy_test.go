package loop

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// testClock is a wall clock that moves only when told to, and counts its
// reads so that a goroutine can wait until the loop has begun waiting.
type testClock struct {
	mu    sync.Mutex
	cond  *sync.Cond
	now   time.Time
	reads int
}

func newTestClock() *testClock {
	c := &testClock{now: time.Unix(1_000_000, 0)}
	c.cond = sync.NewCond(&c.mu)
	return c
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads++
	c.cond.Broadcast()
	return c.now
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// awaitReads blocks until the clock has been read n times.
func (c *testClock) awaitReads(n int) {
	c.mu.Lock()
	for c.reads < n {
		c.cond.Wait()
	}
	c.mu.Unlock()
}

// TestResultBusy checks that a Run's Busy is its wall time minus the time
// it waited: for an Op to complete, or blocked in AdvanceBlocking. The wall
// clock is the test's, moved by the "work" of each case.
func TestResultBusy(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name       string
		start      func(l *Loop, clock *testClock)
		wall, busy time.Duration
	}{
		{"tasks only", func(l *Loop, clock *testClock) {
			l.QueueTask(func() { clock.advance(30 * ms) })
			l.QueueTask(func() { l.QueueMicrotask(func() { clock.advance(5 * ms) }) })
		}, 35 * ms, 35 * ms},
		{"a timer", func(l *Loop, clock *testClock) {
			l.SetTimer(time.Second, false, func() { clock.advance(7 * ms) })
		}, 7 * ms, 7 * ms},
		{"waiting for a request", func(l *Loop, clock *testClock) {
			l.QueueTask(func() {
				clock.advance(2 * ms)
				op := l.Begin("GET /data")
				go func() {
					// Read 1 is the Run's start, read 2 the start of its
					// wait: the answer takes 80ms from then.
					clock.awaitReads(2)
					clock.advance(80 * ms)
					op.Complete(func() { clock.advance(5 * ms) })
				}()
			})
		}, 87 * ms, 7 * ms},
		{"blocked in a synchronous request", func(l *Loop, clock *testClock) {
			l.QueueTask(func() {
				clock.advance(40 * ms)
				l.AdvanceBlocking(40 * ms)
				clock.advance(3 * ms)
			})
		}, 43 * ms, 3 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newTestClock()
			l := New(goja.New(), Options{})
			l.wallClock = clock.Now
			tt.start(l, clock)
			r, err := l.Run(context.Background())
			if err != nil || r.Partial {
				t.Fatalf("Run: %+v, %v", r, err)
			}
			if r.Wall != tt.wall || r.Busy != tt.busy {
				t.Errorf("Wall %v Busy %v, want %v %v", r.Wall, r.Busy, tt.wall, tt.busy)
			}
		})
	}
}

// TestResultBusyRealClock checks Busy against the real clock's bounds: a
// task that works for a while is busy at least that long, and Busy never
// exceeds Wall.
func TestResultBusyRealClock(t *testing.T) {
	l := New(goja.New(), Options{})
	const work = 20 * time.Millisecond
	l.QueueTask(func() {
		for began := time.Now(); time.Since(began) < work; {
		}
	})
	r, err := l.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Busy < work || r.Busy > r.Wall {
		t.Errorf("Busy %v, want between %v and Wall %v", r.Busy, work, r.Wall)
	}
}
