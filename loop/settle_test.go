package loop

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
)

func TestQuiescence(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		script  string
		want    string
		virtual time.Duration
	}{
		{"content after 10s and a chain of five 100ms timers",
			Options{Deterministic: true, SettleHorizon: 15 * time.Second},
			`var t0 = Date.now();
			 setTimeout(()=>log('shown at', Date.now() - t0), 10000);
			 (function step(n){ if (n < 5) setTimeout(()=>{ log('step', n); step(n + 1) }, 100) })(0)`,
			"step 0,step 1,step 2,step 3,step 4,shown at 10000", 10 * time.Second},
		{"setInterval polling forever still settles",
			deterministic(),
			`var n = 0; setInterval(()=>n++, 100); setTimeout(()=>log('done'), 300)`,
			"done", IntervalHorizon},
		{"a poller runs for the interval horizon",
			deterministic(),
			`var n = 0; setInterval(()=>log(++n), 300)`,
			"1,2,3", 900 * time.Millisecond},
		{"a ticker slower than the interval horizon does not tick",
			deterministic(),
			`setInterval(()=>log('tick'), 5000); setTimeout(()=>log('shown'), 2000)`,
			"shown", 2 * time.Second},
		{"the settle horizon bounds intervals when it is shorter",
			Options{Deterministic: true, SettleHorizon: 250 * time.Millisecond},
			`setInterval(()=>log('tick'), 100)`,
			"tick,tick", 200 * time.Millisecond},
		{"setTimeout chain polling forever settles",
			deterministic(),
			`var n = 0; (function poll(){ n++; setTimeout(poll, 1000) })(); setTimeout(()=>log('polled', n), 4500)`,
			"polled 5", 5 * time.Second},
		{"far-future timer does not hold the page",
			deterministic(),
			`setTimeout(()=>log('keep-alive'), 30 * 60 * 1000); setTimeout(()=>log('content'), 50)`,
			"content", 50 * time.Millisecond},
		{"endless animation frames settle",
			deterministic(),
			`var frames = 0; (function f(){ frames++; requestAnimationFrame(f) })(); setTimeout(()=>log('frames', frames), 1000)`,
			"frames 63", 5*time.Second - 5*time.Second%FrameInterval},
		{"nothing to do",
			deterministic(), `log('sync')`, "sync", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, tc.opts)
			p.exec(tc.script)
			r := p.run()
			if got := p.logged(); got != tc.want {
				t.Errorf("log = %q, want %q", got, tc.want)
			}
			if r.Reason != ReasonQuiescent || r.Partial {
				t.Errorf("result = %+v, want quiescent", r)
			}
			if r.Virtual != tc.virtual {
				t.Errorf("virtual = %v, want %v", r.Virtual, tc.virtual)
			}
		})
	}
}

// A poller must see what a late response changed, even when the response
// comes after the settle horizon has passed for the poller itself.
func TestIntervalSeesLateResponse(t *testing.T) {
	opts := deterministic()
	opts.NetworkLatency = 8 * time.Second
	p := newPage(t, opts)
	p.rt.Set("request", func(c goja.FunctionCall) goja.Value {
		op := p.l.Begin("GET /slow")
		go op.Complete(func() { p.rt.Set("loaded", true) })
		return goja.Undefined()
	})
	p.exec(`var loaded = false, seen = false;
		var id = setInterval(()=>{ if (loaded && !seen) { seen = true; log('seen at', Date.now() - t0) } }, 50);
		var t0 = Date.now(); request()`)
	r := p.run()
	if got, want := p.logged(), "seen at 8050"; got != want {
		t.Errorf("log = %q, want %q", got, want)
	}
	if r.Reason != ReasonQuiescent {
		t.Errorf("reason = %q", r.Reason)
	}
}

func TestReady(t *testing.T) {
	t.Run("waits until ready", func(t *testing.T) {
		var p *page
		opts := deterministic()
		opts.Ready = func() bool { return p.rt.Get("prerenderReady").ToBoolean() }
		p = newPage(t, opts)
		p.exec(`var prerenderReady = false; setTimeout(()=>{ log('ready'); prerenderReady = true }, 20000)`)
		r := p.run()
		if r.Reason != ReasonQuiescent || r.Virtual != 20*time.Second || p.logged() != "ready" {
			t.Errorf("result %+v, log %q", r, p.logged())
		}
	})
	t.Run("never ready ends at the virtual limit", func(t *testing.T) {
		opts := deterministic()
		opts.Ready = func() bool { return false }
		opts.VirtualLimit = 10 * time.Second
		p := newPage(t, opts)
		p.exec(`setTimeout(()=>log('once'), 100)`)
		r := p.run()
		if !r.Partial || r.Reason != ReasonVirtualTime || r.Virtual != 10*time.Second {
			t.Errorf("result %+v", r)
		}
		if !strings.Contains(strings.Join(r.Pending, "|"), "prerenderReady") {
			t.Errorf("pending %q does not mention the ready condition", r.Pending)
		}
	})
}

func TestBudgets(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		script  string
		cancel  bool
		reason  string
		pending string // substring of the joined Pending list
	}{
		{"tasks", Options{Deterministic: true, MaxTasks: 50, Ready: func() bool { return false }},
			`setInterval(()=>{}, 10)`, false, ReasonTasks, "setInterval"},
		{"virtual time", Options{Deterministic: true, VirtualLimit: time.Second, SettleHorizon: time.Hour},
			`setTimeout(()=>log('too late'), 2000)`, false, ReasonVirtualTime, "setTimeout 1 due at 2s"},
		{"wall time stops a runaway script", Options{Deterministic: true, WallLimit: 50 * time.Millisecond},
			`setTimeout(()=>{ while (true) {} }, 10); setTimeout(()=>log('never'), 20)`, false, ReasonWallTime, "setTimeout 2 due at 20ms"},
		{"wall time stops a runaway microtask loop", Options{Deterministic: true, WallLimit: 50 * time.Millisecond},
			`setTimeout(()=>{ (function f(){ queueMicrotask(f) })() }, 10)`, false, ReasonWallTime, ""},
		{"canceled", deterministic(), `request()`, true, ReasonCanceled, "GET /never"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, tc.opts)
			p.rt.Set("request", func(goja.FunctionCall) goja.Value {
				p.l.Begin("GET /never") // never completes
				return goja.Undefined()
			})
			p.exec(tc.script)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				p.l.SetTimer(0, false, cancel)
			}
			r, err := p.l.Run(ctx)
			if tc.cancel != errors.Is(err, context.Canceled) {
				t.Errorf("err = %v", err)
			}
			if !r.Partial || r.Reason != tc.reason {
				t.Errorf("result = %+v, want partial %q", r, tc.reason)
			}
			if got := strings.Join(r.Pending, "|"); !strings.Contains(got, tc.pending) {
				t.Errorf("pending %q lacks %q", got, tc.pending)
			}
			if strings.Contains(p.logged(), "never") || strings.Contains(p.logged(), "too late") {
				t.Errorf("log = %q", p.logged())
			}
			// The runtime stays usable, with its clock and microtasks.
			v, err := p.rt.RunString(`var out = []; Promise.resolve().then(()=>out.push('p')); queueMicrotask(()=>out.push('m')); out.push('s'); out`)
			if err != nil {
				t.Fatalf("runtime unusable after the budget: %v", err)
			}
			if got := fmt.Sprint(v.Export()); got != "[s p m]" {
				t.Errorf("after the budget: %s", got)
			}
		})
	}
}

func TestDeepRecursion(t *testing.T) {
	p := newPage(t, deterministic())
	p.exec(`function f(n) { return f(n + 1) + 1 } setTimeout(()=>f(0), 1); setTimeout(()=>log('after'), 2)`)
	r := p.run()
	if r.Reason != ReasonQuiescent || p.logged() != "after" {
		t.Errorf("result %+v, log %q", r, p.logged())
	}
	var re *RangeError
	if len(p.errs) != 1 || !errors.As(p.errs[0], &re) || !strings.HasPrefix(p.errs[0].Error(), "RangeError: Maximum call stack size exceeded") {
		t.Errorf("errors = %v, want one *RangeError", p.errs)
	}
}

func TestGoMicrotasks(t *testing.T) {
	p := newPage(t, deterministic())
	p.rt.Set("goMicro", func(c goja.FunctionCall) goja.Value {
		name := c.Argument(0).String()
		p.l.QueueMicrotask(func() { p.log = append(p.log, name) })
		return goja.Undefined()
	})
	p.l.QueueTask(func() {
		// Outside JavaScript: held until the task ends.
		p.l.QueueMicrotask(func() { p.log = append(p.log, "held") })
		p.log = append(p.log, "task end")
	})
	p.exec(`setTimeout(()=>{
		Promise.resolve().then(()=>log('p1'));
		goMicro('g1');
		queueMicrotask(()=>log('m1'));
		goMicro('g2');
		Promise.resolve().then(()=>log('p2'));
		log('timer');
	}, 0)`)
	p.run()
	if got, want := p.logged(), "task end,held,timer,p1,g1,m1,g2,p2"; got != want {
		t.Errorf("log = %q, want %q", got, want)
	}
}

func TestRunErrors(t *testing.T) {
	p := newPage(t, deterministic())
	var inner error
	p.l.QueueTask(func() { _, inner = p.l.Run(context.Background()) })
	p.run()
	if !errors.Is(inner, ErrRunning) {
		t.Errorf("Run inside a task: %v, want ErrRunning", inner)
	}
	// Run again later, after new work (a click).
	p.exec(`setTimeout(()=>log('second run'), 10)`)
	if r := p.run(); r.Reason != ReasonQuiescent || p.logged() != "second run" {
		t.Errorf("second Run: %+v, log %q", r, p.logged())
	}
}

// Faithful mode: Ops completed from other goroutines after real latency,
// racing the page's timers.
func TestOpsFaithful(t *testing.T) {
	p := newPage(t, Options{})
	var wg sync.WaitGroup
	p.rt.Set("request", func(c goja.FunctionCall) goja.Value {
		name := c.Argument(0).String()
		latency := time.Duration(c.Argument(1).ToInteger()) * time.Millisecond
		cb, _ := goja.AssertFunction(c.Argument(2))
		// Real time is read before Begin, which starts the op's own
		// real-time count: a response is due at its Begin time plus the
		// real time it was in flight.
		realBegin := time.Now()
		op := p.l.Begin("GET /" + name)
		virtualBegin := p.l.Elapsed()
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(latency)
			op.Complete(func() {
				// Virtual time never runs ahead of real time while waiting.
				if v, r := p.l.Elapsed()-virtualBegin, time.Since(realBegin); v > r {
					t.Errorf("%s: %v of virtual time passed in %v of real time", name, v, r)
				}
				if _, err := cb(goja.Undefined(), p.rt.ToValue(name)); err != nil {
					t.Error(err)
				}
			})
			op.Complete(func() { t.Error("second Complete delivered") })
			op.Cancel()
		}()
		return goja.Undefined()
	})
	p.exec(`
		var timedOut = false;
		// A 5s timeout racing a 100ms request loses; a 1ms timer fires first.
		var timeout = setTimeout(()=>{ timedOut = true; log('timeout') }, 5000);
		setTimeout(()=>log('early timer'), 1);
		request('a', 100, n=>{ log('loaded', n); clearTimeout(timeout);
			request('b', 20, n=>log('chained', n)) });
		request('c', 30, n=>log('loaded', n));
	`)
	r := p.run()
	wg.Wait()
	got := p.logged()
	for _, want := range []string{"early timer", "loaded a", "loaded c", "chained b"} {
		if strings.Count(got, want) != 1 {
			t.Errorf("log %q: want %q once", got, want)
		}
	}
	if strings.Index(got, "early timer") > strings.Index(got, "loaded") || strings.Index(got, "loaded a") > strings.Index(got, "chained b") || strings.Contains(got, "timeout") {
		t.Errorf("order: %q", got)
	}
	if r.Reason != ReasonQuiescent || r.Virtual <= 0 {
		t.Errorf("result %+v", r)
	}
}

func TestOpCancel(t *testing.T) {
	p := newPage(t, Options{})
	op := p.l.Begin("GET /aborted")
	go op.Cancel()
	r := p.run()
	if r.Reason != ReasonQuiescent {
		t.Errorf("result %+v", r)
	}
	op.Complete(func() { t.Error("completed after Cancel") })
	p.run()
}

// Deterministic mode: Ops racing with random real latencies are delivered
// in Begin order at fixed virtual times, so every run logs the same.
func TestOpsDeterministic(t *testing.T) {
	const want = "t5 5,a 10,b 10,c 10,t15 15,d 20,e 20,t25 25"
	script := `var t0 = Date.now(), rnd = [Math.random(), Math.random()].join();
		function done(n) { log(n, Date.now() - t0); if (n == 'a') { request('d'); request('e') } }
		request('a'); request('b'); request('c');
		setTimeout(()=>log('t5', Date.now() - t0), 5);
		setTimeout(()=>log('t15', Date.now() - t0), 15);
		setTimeout(()=>log('t25', Date.now() - t0), 25);`
	var first string
	for i := 0; i < 20; i++ {
		opts := Options{Deterministic: true, Seed: 7, NetworkLatency: 10 * time.Millisecond}
		p := newPage(t, opts)
		var wg sync.WaitGroup
		p.rt.Set("request", func(c goja.FunctionCall) goja.Value {
			name := c.Argument(0)
			op := p.l.Begin("GET /" + name.String())
			wg.Add(1)
			go func() {
				defer wg.Done()
				time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
				op.Complete(func() {
					done, _ := goja.AssertFunction(p.rt.Get("done"))
					if _, err := done(goja.Undefined(), name); err != nil {
						t.Error(err)
					}
				})
			}()
			return goja.Undefined()
		})
		p.exec(script)
		r := p.run()
		wg.Wait()
		got := p.logged() + " | " + p.rt.Get("rnd").String() + " | " + p.l.Now().UTC().Format(time.RFC3339Nano)
		if i == 0 {
			first = got
			if !strings.HasPrefix(got, want+" | ") {
				t.Fatalf("log = %q, want prefix %q", got, want)
			}
		} else if got != first {
			t.Fatalf("run %d differs:\n%s\n%s", i, got, first)
		}
		if r.Virtual != 25*time.Millisecond {
			t.Fatalf("virtual = %v", r.Virtual)
		}
	}
	if !strings.HasSuffix(first, "2020-01-01T00:00:00.025Z") {
		t.Errorf("clock does not start at DeterministicStart: %s", first)
	}
}

// A Go microtask queued between tasks (here by the Ready condition) runs
// instead of being left behind.
func TestMicrotaskQueuedBetweenTasks(t *testing.T) {
	var p *page
	queued := false
	opts := deterministic()
	opts.Ready = func() bool {
		if !queued {
			queued = true
			p.l.QueueMicrotask(func() { p.log = append(p.log, "between") })
		}
		return true
	}
	p = newPage(t, opts)
	r := p.run()
	if r.Reason != ReasonQuiescent || p.logged() != "between" {
		t.Errorf("result %+v, log %q", r, p.logged())
	}
}

func TestAdvanceBlocking(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"deterministic uses the network latency", Options{Deterministic: true, NetworkLatency: 30 * time.Millisecond}, "sync 30,timer 30"},
		{"deterministic without latency keeps the clock", Options{Deterministic: true}, "sync 0,timer 10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, tc.opts)
			p.rt.Set("syncRequest", func(goja.FunctionCall) goja.Value {
				p.l.AdvanceBlocking(time.Hour) // ignored in deterministic mode
				return goja.Undefined()
			})
			p.exec(`var t0 = Date.now(); setTimeout(()=>log('timer', Date.now() - t0), 10);
				setTimeout(()=>{ syncRequest(); log('sync', Date.now() - t0) }, 0)`)
			p.run()
			if got := p.logged(); got != tc.want {
				t.Errorf("log = %q, want %q", got, tc.want)
			}
		})
	}
	p := newPage(t, Options{})
	before := p.l.Elapsed()
	p.l.AdvanceBlocking(25 * time.Millisecond)
	if got := p.l.Elapsed() - before; got != 25*time.Millisecond {
		t.Errorf("faithful AdvanceBlocking moved the clock by %v", got)
	}
}

// A timer far past the virtual budget (a cache expiring in five minutes)
// must not end the run while a response is still on its way: in faithful
// mode the clock follows real time while something is in flight.
func TestFarTimerWaitsForInFlightOps(t *testing.T) {
	p := newPage(t, Options{})
	p.rt.Set("request", func(c goja.FunctionCall) goja.Value {
		op := p.l.Begin("GET /data")
		go func() {
			time.Sleep(30 * time.Millisecond)
			op.Complete(func() { p.rt.Set("loaded", true); _, _ = p.rt.RunString(`log('loaded')`) })
		}()
		return goja.Undefined()
	})
	p.exec(`setTimeout(()=>log('gc'), 5 * 60 * 1000); request()`)
	r := p.run()
	if got, want := p.logged(), "loaded"; got != want {
		t.Errorf("log = %q, want %q", got, want)
	}
	if r.Reason != ReasonQuiescent || r.Partial {
		t.Errorf("result = %+v, want quiescent", r)
	}
	if r.Virtual >= time.Second {
		t.Errorf("virtual = %v: the clock jumped toward the far timer", r.Virtual)
	}
}

// TestResponseDueAfterItsLatency checks that in faithful mode a response
// is delivered at its Begin time plus the real time it was in flight, not
// as soon as it is collected: the loop's busy time does not move the
// virtual clock, so a request that completed while a task was busy would
// otherwise overtake a timer set when it began and shorter than its
// latency (Parsley's remote validator raced a 100 ms timer against a
// 150 ms request so, and lost only in bangsnap).
func TestResponseDueAfterItsLatency(t *testing.T) {
	l := New(goja.New(), Options{})
	var order []string
	l.QueueTask(func() {
		op := l.Begin("GET /slow")
		go func() {
			time.Sleep(150 * time.Millisecond)
			op.Complete(func() { order = append(order, "response") })
		}()
		l.SetTimer(100*time.Millisecond, false, func() { order = append(order, "timer") })
		// busy for 120ms of real time: no virtual time passes
		time.Sleep(120 * time.Millisecond)
	})
	r, err := l.Run(context.Background())
	if err != nil || r.Partial {
		t.Fatalf("Run: %+v, %v", r, err)
	}
	if len(order) != 2 || order[0] != "timer" || order[1] != "response" {
		t.Errorf("order %v, want [timer response]", order)
	}
	if r.Virtual < 150*time.Millisecond {
		t.Errorf("virtual %v, want at least the response's 150ms latency", r.Virtual)
	}
}
