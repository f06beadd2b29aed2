package loop

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// page is a loop with a goja runtime, its timers installed, and a log()
// function that records what the page script did.
type page struct {
	t    *testing.T
	rt   *goja.Runtime
	l    *Loop
	log  []string
	errs []error
}

func newPage(t *testing.T, opts Options) *page {
	t.Helper()
	p := &page{t: t, rt: goja.New()}
	if opts.OnError == nil {
		opts.OnError = func(err error) { p.errs = append(p.errs, err) }
	}
	p.l = New(p.rt, opts)
	p.l.Install(p.rt.GlobalObject(), nil)
	p.rt.Set("log", func(c goja.FunctionCall) goja.Value {
		parts := make([]string, len(c.Arguments))
		for i, a := range c.Arguments {
			parts[i] = a.String()
		}
		p.log = append(p.log, strings.Join(parts, " "))
		return goja.Undefined()
	})
	return p
}

// exec runs src as a classic script outside the loop (as the page's
// parser-inserted scripts are run).
func (p *page) exec(src string) {
	p.t.Helper()
	if _, err := p.rt.RunString(src); err != nil {
		p.t.Fatalf("script: %v", err)
	}
	p.l.PerformMicrotaskCheckpoint()
}

func (p *page) run() Result {
	p.t.Helper()
	r, err := p.l.Run(context.Background())
	if err != nil {
		p.t.Fatalf("Run: %v", err)
	}
	return r
}

func (p *page) logged() string { return strings.Join(p.log, ",") }

func deterministic() Options { return Options{Deterministic: true} }

func TestTimersAndMicrotasks(t *testing.T) {
	tests := []struct {
		name    string
		script  string
		want    string
		virtual time.Duration // checked when not zero
	}{
		{"equal due times fire in creation order",
			`setTimeout(()=>log(1),10); setTimeout(()=>log(2),10); setTimeout(()=>log(0),5); setTimeout(()=>log(3),10)`,
			"0,1,2,3", 10 * time.Millisecond},
		{"zero, negative, NaN, string and missing timeouts are 0",
			`setTimeout(()=>log('b'),1); setTimeout(()=>log('a1')); setTimeout(()=>log('a2'),-5); setTimeout(()=>log('a3'),NaN); setTimeout(()=>log('a4'),"x"); setTimeout(()=>log('a5'),0.9)`,
			"a1,a2,a3,a4,a5,b", time.Millisecond},
		{"timeouts wrap like a WebIDL long",
			`setTimeout(()=>log('wrapped'), 4294967296 + 7); setTimeout(()=>log('negative'), 2147483648); setTimeout(()=>log('late'), 8)`,
			"negative,wrapped,late", 8 * time.Millisecond},
		{"arguments are passed to the handler",
			`setTimeout((a,b)=>log(a,b), 0, 'x', 42)`,
			"x 42", 0},
		{"string handlers are compiled as code",
			`var n = 1; setTimeout("log('code', n + 1)", 3)`,
			"code 2", 3 * time.Millisecond},
		{"ids are positive and unique, clear functions interchangeable",
			`var a = setTimeout(()=>log('a'),1), b = setInterval(()=>log('b'),1), c = setTimeout(()=>log('c'),2);
			 log(a > 0 && b > a && c > b); clearInterval(a); clearTimeout(b)`,
			"true,c", 2 * time.Millisecond},
		{"clearing an unknown id is harmless",
			`clearTimeout(12345); clearTimeout(); clearInterval('x'); clearTimeout(-1); setTimeout(()=>log('ok'),1)`,
			"ok", time.Millisecond},
		{"clearTimeout inside the callback of a later timer",
			`var late = setTimeout(()=>log('late'), 20); setTimeout(()=>{ log('early'); clearTimeout(late) }, 10)`,
			"early", 10 * time.Millisecond},
		{"setInterval re-arms after the callback and stops when cleared",
			`var n = 0, id = setInterval(()=>{ log(++n); if (n == 3) clearInterval(id) }, 100)`,
			"1,2,3", 300 * time.Millisecond},
		{"clearInterval from another timer",
			`var id = setInterval(()=>log('tick'), 100); setTimeout(()=>clearInterval(id), 250)`,
			"tick,tick", 250 * time.Millisecond},
		{"nesting level above 5 clamps to 4ms (HTML: level > 5, so the 7th nested timer)",
			`var n = 0, t0 = Date.now(); function f(){ n++; log(n + ':' + (Date.now() - t0)); if (n < 8) setTimeout(f, 0) } setTimeout(f, 0)`,
			"1:0,2:0,3:0,4:0,5:0,6:0,7:4,8:8", 8 * time.Millisecond},
		{"interval below 4ms clamps after five nested runs",
			`var n = 0, t0 = Date.now(), id = setInterval(()=>{ n++; log(Date.now() - t0); if (n == 8) clearInterval(id) }, 1)`,
			"1,2,3,4,5,6,10,14", 14 * time.Millisecond},
		{"a timer set from a microtask does not inherit the nesting level",
			`var n = 0, t0; function f(){ if (++n < 7) { setTimeout(f, 0); return } t0 = Date.now(); queueMicrotask(()=>setTimeout(()=>log('unclamped', Date.now() - t0), 0)) } setTimeout(f, 0)`,
			"unclamped 0", 0},
		{"microtasks run after the task, FIFO with promise reactions",
			`setTimeout(()=>{
				Promise.resolve().then(()=>log('p1'));
				queueMicrotask(()=>log('m1'));
				Promise.resolve().then(()=>{ log('p2'); queueMicrotask(()=>log('m3')) });
				queueMicrotask(()=>{ log('m2'); Promise.resolve().then(()=>log('p3')) });
				log('task');
			}, 0); setTimeout(()=>log('next task'), 0)`,
			"task,p1,m1,p2,m2,m3,p3,next task", 0},
		{"queueMicrotask callback throwing does not stop the others",
			`queueMicrotask(()=>{ throw new Error('boom') }); queueMicrotask(()=>log('after'))`,
			"after", 0},
		{"queueMicrotask needs a function",
			`try { queueMicrotask(42) } catch (e) { log(e instanceof TypeError) }`,
			"true", 0},
		{"Date and timers follow the virtual clock",
			`var t0 = Date.now(); setTimeout(()=>log(Date.now() - t0), 1500); setTimeout(()=>log(new Date().getTime() - t0), 2500)`,
			"1500,2500", 2500 * time.Millisecond},
		{"requestAnimationFrame runs at 16ms frames with the frame time",
			`requestAnimationFrame(t=>{ log('a', t); requestAnimationFrame(t=>log('c', t)) }); var x = requestAnimationFrame(()=>log('x')); requestAnimationFrame(t=>log('b', t)); cancelAnimationFrame(x)`,
			"a 16,b 16,c 32", 32 * time.Millisecond},
		{"requestIdleCallback runs and can be canceled",
			`requestIdleCallback(d=>log('idle', d.didTimeout, d.timeRemaining() > 0)); cancelIdleCallback(requestIdleCallback(()=>log('no')))`,
			"idle false true", 0},
		{"an idle callback requested in an idle period waits for the next",
			`requestIdleCallback(d=>{ var end = Date.now() + d.timeRemaining(); requestIdleCallback(()=>log(Date.now() >= end)) })`,
			"true", 50*time.Millisecond + time.Microsecond},
		{"an idle period ends at the next timer",
			`setTimeout(()=>log('t'), 20); requestIdleCallback(d=>log(Math.round(d.timeRemaining()), String(d)))`,
			"20 [object IdleDeadline],t", 20 * time.Millisecond},
		{"no idle period between busy timers; the timeout runs the callback",
			`var n = 0; setTimeout(function busy(){ var t = Date.now(); while (Date.now() - t < 40) {} if (++n < 10) setTimeout(busy) });
			 requestIdleCallback(d=>log('late', n, d.didTimeout)); requestIdleCallback(d=>log('timeout', n < 10, d.didTimeout, d.timeRemaining()), {timeout: 100})`,
			"timeout true true 0,late 10 false", 0},
		{"a frame callback can cancel a later one of the same frame",
			`var b; requestAnimationFrame(()=>{ log('a'); cancelAnimationFrame(b) }); b = requestAnimationFrame(()=>log('b'))`,
			"a", FrameInterval},
		{"timer callbacks get the global object as this",
			`setTimeout(function(){ log(this === globalThis) }, 0)`,
			"true", 0},
		{"a page replacing Promise and Function.prototype.call keeps microtasks working",
			`var P = Promise; Promise = function(){ throw 'no' }; Function.prototype.call = null;
			 queueMicrotask(()=>log('m')); P.resolve().then(()=>log('p'))`,
			"m,p", 0},
		{"a busy wait on the clock ends",
			`setTimeout(()=>{ var t = Date.now(); while (Date.now() - t < 20) {} log('waited', Date.now() - t) }, 1); setTimeout(()=>log('next'), 2)`,
			"waited 20,next", 21*time.Millisecond + time.Microsecond},
		{"a throwing timer does not stop the loop",
			`setTimeout(()=>{ throw new Error('x') }, 1); setTimeout(()=>log('still running'), 2)`,
			"still running", 2 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, deterministic())
			p.exec(tc.script)
			r := p.run()
			if got := p.logged(); got != tc.want {
				t.Errorf("log = %q, want %q", got, tc.want)
			}
			if r.Reason != ReasonQuiescent || r.Partial {
				t.Errorf("result = %+v, want quiescent", r)
			}
			if tc.virtual != 0 && r.Virtual != tc.virtual {
				t.Errorf("virtual = %v, want %v", r.Virtual, tc.virtual)
			}
		})
	}
}

func TestCallbackErrorsReported(t *testing.T) {
	p := newPage(t, deterministic())
	p.exec(`setTimeout(()=>{ throw new TypeError('from timer') }); queueMicrotask(()=>{ throw new RangeError('from microtask') })`)
	p.l.QueueTask(func() { panic("go panic") })
	p.rt.Set("goPanic", func(goja.FunctionCall) goja.Value { panic("native panic") })
	p.exec(`setTimeout(()=>{ Promise.resolve().then(()=>log('lost?')); goPanic() }, 5);
		setTimeout(()=>{ Promise.resolve().then(()=>log('promise after panic')); queueMicrotask(()=>log('microtask after panic')) }, 6)`)
	p.run()
	if got := p.logged(); !strings.HasSuffix(got, "promise after panic,microtask after panic") {
		t.Errorf("after a Go panic through JavaScript: log %q", got)
	}
	var msgs []string
	for _, err := range p.errs {
		msgs = append(msgs, err.Error())
	}
	got := strings.Join(msgs, "|")
	for _, want := range []string{"RangeError: from microtask", "TypeError: from timer", "loop: panic in task: go panic", "loop: panic in task: native panic"} {
		if !strings.Contains(got, want) {
			t.Errorf("errors %q lack %q", got, want)
		}
	}
	var panics, exceptions int
	for _, err := range p.errs {
		var pe *PanicError
		var ex *goja.Exception
		if errors.As(err, &pe) {
			panics++
		}
		if errors.As(err, &ex) {
			exceptions++
		}
	}
	if panics != 2 || exceptions != 2 {
		t.Errorf("got %d *PanicError and %d *goja.Exception, want 2 and 2: %v", panics, exceptions, p.errs)
	}
}

// A task queue that never empties keeps its memory bounded.
func TestTaskQueueCompaction(t *testing.T) {
	p := newPage(t, deterministic())
	n := 0
	var next func()
	next = func() {
		if n++; n < 10_000 {
			p.l.QueueTask(next)
		}
	}
	p.l.QueueTask(next)
	p.l.QueueTask(next) // two chains: the queue is never empty
	p.run()
	if n != 10_001 {
		t.Fatalf("ran %d tasks", n)
	}
	if c := cap(p.l.tasks); c > 4*compactAt {
		t.Errorf("task queue capacity %d after 10,000 tasks", c)
	}
}

// A timer that is due when a task is queued runs before it, as in Chromium:
// tasks and ripe timers run in the order they were made.
func TestRipeTimersAndTasksInOrder(t *testing.T) {
	for _, mode := range []struct {
		name string
		opts Options
	}{{"faithful", Options{}}, {"deterministic", deterministic()}} {
		t.Run(mode.name, func(t *testing.T) {
			p := newPage(t, mode.opts)
			task := func(s string) func() { return func() { p.log = append(p.log, s) } }
			p.l.QueueTask(func() {
				p.exec(`setTimeout(()=>log('t0'), 0)`)
				p.l.QueueTask(task("task-after-t0"))
				p.exec(`setTimeout(()=>log('t0b'), 0); setTimeout(()=>log('t1'), 1)`)
				p.l.QueueTask(task("task-after-t0b"))
				p.l.SetTimer(0, false, task("go-timer"))
			})
			p.run()
			if got, want := p.logged(), "t0,task-after-t0,t0b,task-after-t0b,go-timer,t1"; got != want {
				t.Errorf("order %s, want %s", got, want)
			}
		})
	}
}
