package loop

import (
	"testing"
	"time"

	"github.com/dop251/goja"
)

// TestWorkMovesTheClock checks the clock of a task that works: each unit
// counted in Loop.Work (one per binding call in a page) moves it by
// WorkCost, when it is next read, a timer set or the task ends. work(n)
// stands for n binding calls.
func TestWorkMovesTheClock(t *testing.T) {
	if WorkCost != time.Microsecond {
		t.Fatalf("WorkCost = %v: the cases below assume 1µs", WorkCost)
	}
	tests := []struct {
		name, script, want string
		virtual            time.Duration
	}{
		{"Date.now moves with the work between two reads",
			`setTimeout(()=>{ var a = Date.now(); work(2500); var b = Date.now(); work(1); log(b - a) }, 0)`,
			"2", 2501 * time.Microsecond},
		{"ids made from Date.now() after a few thousand calls differ (mermaid.run)",
			`setTimeout(()=>{ var ids = []; for (var i = 0; i < 3; i++) { ids.push('m-' + Date.now()); work(1500) } log(new Set(ids).size) }, 0)`,
			"3", 4500 * time.Microsecond},
		{"microtasks of the task count too",
			`setTimeout(()=>{ var a = Date.now(); Promise.resolve().then(()=>{ work(3000); log(Date.now() - a) }) }, 0)`,
			"3", 3 * time.Millisecond},
		{"a timer set after work is due after it: a timer due while a task works fires after the task",
			`setTimeout(()=>{ setTimeout(()=>log('a'), 1); work(2000); setTimeout(()=>log('b'), 0); log('task') }, 0)`,
			"task,a,b", 2 * time.Millisecond},
		{"a timer due during the task's work waits for the task",
			`setTimeout(()=>log('timer'), 1); setTimeout(()=>{ work(5000); log('worked') }, 0)`,
			"worked,timer", 5 * time.Millisecond},
		{"the next task starts where the last one's work ended",
			`var t0; setTimeout(()=>{ t0 = Date.now(); work(4000) }, 0); setTimeout(()=>log(Date.now() - t0), 0)`,
			"4", 4 * time.Millisecond},
		{"no work, no time",
			`setTimeout(()=>{ var a = Date.now(); var s = 0; for (var i = 0; i < 1e5; i++) s += i; log(Date.now() - a) }, 0)`,
			"0", 0},
		{"work of a script run outside a task moves nothing",
			`work(1e6); var a = Date.now(); setTimeout(()=>log(Date.now() - a), 0)`,
			"0", 0},
		{"an interval keeps its schedule whatever its callback's work (drift free, as in Chromium)",
			`var n = 0, t0 = Date.now(), id = setInterval(()=>{ work(300); log(Date.now() - t0); if (++n == 3) clearInterval(id) }, 100)`,
			"100,200,300", 300*time.Millisecond + 300*time.Microsecond},
		{"an interval whose callback outlasts its period skips the beats it missed",
			`var n = 0, t0 = Date.now(), id = setInterval(()=>{ log(Date.now() - t0); work(2500); if (++n == 3) clearInterval(id) }, 1)`,
			"1,4,7", 7*time.Millisecond + 2500*time.Microsecond},
		{"horizons count the time the page waited, not the time it worked: an interval set after work ticks once",
			`setTimeout(()=>{ work(5000); setInterval(()=>log('tick'), 1000) }, 0)`,
			"tick", 1005 * time.Millisecond},
		{"requestAnimationFrame after work waits for the next frame boundary",
			`setTimeout(()=>{ work(20000); requestAnimationFrame(t=>log(t)) }, 0)`,
			"32", 32 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, deterministic())
			w := p.l.Work()
			p.rt.Set("work", func(c goja.FunctionCall) goja.Value {
				*w += uint64(c.Argument(0).ToInteger())
				return goja.Undefined()
			})
			p.exec(tc.script)
			r := p.run()
			if got := p.logged(); got != tc.want {
				t.Errorf("log = %q, want %q", got, tc.want)
			}
			if r.Virtual != tc.virtual {
				t.Errorf("virtual = %v, want %v", r.Virtual, tc.virtual)
			}
		})
	}
}

// TestWorkDeterministic: the same work gives the same times, run after run.
func TestWorkDeterministic(t *testing.T) {
	run := func() string {
		p := newPage(t, deterministic())
		w := p.l.Work()
		p.rt.Set("work", func(c goja.FunctionCall) goja.Value {
			*w += uint64(c.Argument(0).ToInteger())
			return goja.Undefined()
		})
		p.exec(`var t0 = Date.now(); function step(n){ work(n * 137); log(Date.now() - t0, performanceLike()); if (n < 20) setTimeout(()=>step(n + 1), n % 3) } setTimeout(()=>step(1), 0);
			function performanceLike(){ return new Date().getMilliseconds() }`)
		p.run()
		return p.logged()
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("two runs differ:\n%s\n%s", a, b)
	}
}
