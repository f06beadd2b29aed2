package loop

import (
	"context"
	"testing"
	"time"

	"github.com/dop251/goja"
)

func benchLoop(b *testing.B, opts Options) (*goja.Runtime, *Loop) {
	b.Helper()
	rt := goja.New()
	opts.MaxTasks = 1 << 40 // not a budget under test
	opts.WallLimit = time.Hour
	opts.VirtualLimit = 1 << 60
	l := New(rt, opts)
	l.Install(rt.GlobalObject(), nil)
	return rt, l
}

func runBench(b *testing.B, l *Loop) Result {
	b.Helper()
	r, err := l.Run(context.Background())
	if err != nil || r.Partial {
		b.Fatalf("Run: %+v %v", r, err)
	}
	return r
}

// BenchmarkTask measures one Go task: queue, run, microtask checkpoint.
func BenchmarkTask(b *testing.B) {
	_, l := benchLoop(b, Options{Deterministic: true})
	n := 0
	var next func()
	next = func() {
		if n++; n < b.N {
			l.QueueTask(next)
		}
	}
	l.QueueTask(next)
	b.ReportAllocs()
	b.ResetTimer()
	runBench(b, l)
}

// BenchmarkJSTimer measures one page timer: setTimeout from JavaScript, the
// virtual clock jump, and the callback.
func BenchmarkJSTimer(b *testing.B) {
	rt, l := benchLoop(b, Options{Deterministic: true, SettleHorizon: 1 << 60})
	rt.Set("N", b.N)
	if _, err := rt.RunString(`var n = 0; (function f(){ if (++n < N) setTimeout(f, 1) })()`); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	r := runBench(b, l)
	b.ReportMetric(float64(r.Virtual)/float64(b.N)/1e6, "virtual-ms/op")
}

// BenchmarkGoTimer measures one Go timer (SetTimer) firing.
func BenchmarkGoTimer(b *testing.B) {
	_, l := benchLoop(b, Options{Deterministic: true, SettleHorizon: 1 << 60})
	n := 0
	var next func()
	next = func() {
		if n++; n < b.N {
			l.SetTimer(time.Millisecond, false, next)
		}
	}
	l.SetTimer(time.Millisecond, false, next)
	b.ReportAllocs()
	b.ResetTimer()
	runBench(b, l)
}

// BenchmarkMicrotask measures queueMicrotask from JavaScript.
func BenchmarkMicrotask(b *testing.B) {
	rt, l := benchLoop(b, Options{Deterministic: true})
	rt.Set("N", b.N)
	b.ReportAllocs()
	b.ResetTimer()
	if _, err := rt.RunString(`var n = 0; (function f(){ if (++n < N) queueMicrotask(f) })()`); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if got := rt.Get("n").ToInteger(); got != int64(max(b.N, 1)) {
		b.Fatalf("ran %d microtasks", got)
	}
	_ = l
}

// BenchmarkOp measures one external operation: Begin on the loop, Complete
// from another goroutine, wake-up and delivery as a task.
func BenchmarkOp(b *testing.B) {
	for _, mode := range []struct {
		name string
		opts Options
	}{{"faithful", Options{}}, {"deterministic", Options{Deterministic: true}}} {
		b.Run(mode.name, func(b *testing.B) {
			_, l := benchLoop(b, mode.opts)
			n := 0
			var start func()
			start = func() {
				op := l.Begin("GET /x")
				go op.Complete(func() {
					if n++; n < b.N {
						start()
					}
				})
			}
			start()
			b.ReportAllocs()
			b.ResetTimer()
			runBench(b, l)
		})
	}
}

// BenchmarkVirtualPage renders the page of the "content after 10s and a
// chain of five 100ms timers" test: 10s of virtual time per render.
func BenchmarkVirtualPage(b *testing.B) {
	const script = `var shown = false;
		setTimeout(()=>{ shown = true }, 10000);
		(function step(n){ if (n < 5) setTimeout(()=>step(n + 1), 100) })(0)`
	prg := goja.MustCompile("page.js", script, false)
	var virtual, wall time.Duration
	b.ReportAllocs()
	for b.Loop() {
		rt := goja.New()
		l := New(rt, Options{Deterministic: true, SettleHorizon: 15 * time.Second})
		l.Install(rt.GlobalObject(), nil)
		began := time.Now()
		if _, err := rt.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
		r, err := l.Run(context.Background())
		wall += time.Since(began)
		if err != nil || r.Partial || !rt.Get("shown").ToBoolean() {
			b.Fatalf("%+v %v", r, err)
		}
		virtual += r.Virtual
	}
	b.ReportMetric(virtual.Seconds()/float64(b.N), "virtual-s/op")
	b.ReportMetric(float64(wall.Microseconds())/float64(b.N), "wall-µs/op")
	b.ReportMetric(float64(virtual)/float64(wall), "virtual/wall")
}
