package loop

import (
	"context"
	"testing"
	"time"
)

func TestAdvance(t *testing.T) {
	tests := []struct {
		name    string
		script  string
		steps   []time.Duration
		want    string // log after all steps
		virtual time.Duration
	}{
		{
			name:    "interval ticks only within the window",
			script:  `var n = 0; setInterval(function () { log("tick", ++n, Date.now() - start) }, 100)`,
			steps:   []time.Duration{250 * time.Millisecond},
			want:    "tick 1 100,tick 2 200",
			virtual: 250 * time.Millisecond,
		},
		{
			name:    "a timer due at the window's end fires",
			script:  `setTimeout(function () { log("at", Date.now() - start) }, 300)`,
			steps:   []time.Duration{299 * time.Millisecond, time.Millisecond},
			want:    "at 300",
			virtual: 300 * time.Millisecond,
		},
		{
			name:    "debounce: nothing fires before the delay",
			script:  `var h; function input(v) { clearTimeout(h); h = setTimeout(function () { log("search", v) }, 500) } input("a"); input("ab")`,
			steps:   []time.Duration{400 * time.Millisecond, 200 * time.Millisecond},
			want:    "search ab",
			virtual: 600 * time.Millisecond,
		},
		{
			name:    "zero runs what is due now",
			script:  `setTimeout(function () { log("now") }, 0); setTimeout(function () { log("later") }, 1)`,
			steps:   []time.Duration{0},
			want:    "now",
			virtual: 0,
		},
		{
			name:    "a quiet page's clock still moves",
			script:  ``,
			steps:   []time.Duration{time.Hour},
			want:    "",
			virtual: time.Hour,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, deterministic())
			p.exec(`var start = Date.now();` + tt.script)
			var total time.Duration
			for _, d := range tt.steps {
				r, err := p.l.Advance(context.Background(), d)
				if err != nil {
					t.Fatal(err)
				}
				if r.Reason != ReasonAdvanced || r.Partial || r.Virtual != d {
					t.Fatalf("Advance(%v) = %+v", d, r)
				}
				total += d
			}
			if got := p.logged(); got != tt.want {
				t.Errorf("log %q, want %q", got, tt.want)
			}
			if got := p.l.Elapsed(); got != tt.virtual || got != total {
				t.Errorf("clock at %v, want %v", got, tt.virtual)
			}
		})
	}
}

func TestAdvanceBudgetAndErrors(t *testing.T) {
	p := newPage(t, Options{Deterministic: true, MaxTasks: 10})
	p.exec(`setInterval(function () {}, 1)`)
	r, err := p.l.Advance(context.Background(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Partial || r.Reason != ReasonTasks {
		t.Errorf("advancing past the task budget: %+v", r)
	}
	if _, err := p.l.Advance(context.Background(), -time.Second); err == nil {
		t.Error("a negative Advance was accepted")
	}
}

func TestRunUntil(t *testing.T) {
	p := newPage(t, deterministic())
	p.exec(`var ready = false; setTimeout(function () { ready = true; log("ready") }, 200); setTimeout(function () { log("later") }, 400)`)
	r, err := p.l.RunUntil(context.Background(), func() bool { return p.rt.Get("ready").ToBoolean() })
	if err != nil {
		t.Fatal(err)
	}
	if r.Reason != ReasonDone || r.Partial || p.logged() != "ready" || p.l.Elapsed() != 200*time.Millisecond {
		t.Errorf("RunUntil = %+v, log %q at %v", r, p.logged(), p.l.Elapsed())
	}
	// Never true: the run ends when nothing is left, timers past the
	// settle horizon included.
	p.exec(`setTimeout(function () { log("far") }, 60000)`)
	r, err = p.l.RunUntil(context.Background(), func() bool { return false })
	if err != nil || r.Reason != ReasonQuiescent || p.logged() != "ready,later,far" {
		t.Errorf("RunUntil(never) = %+v, %v, log %q", r, err, p.logged())
	}
	// A page that never rests ends at the virtual budget.
	p.exec(`setInterval(function () {}, 1000)`)
	r, err = p.l.RunUntil(context.Background(), func() bool { return false })
	if err != nil || r.Reason != ReasonVirtualTime || !r.Partial {
		t.Errorf("RunUntil(never) on a ticker = %+v, %v", r, err)
	}
}
