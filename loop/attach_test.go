package loop

import (
	"testing"
	"time"

	"github.com/dop251/goja"
)

// TestAttach: a runtime attached to the loop reads the page's clock, is
// interrupted with the page when a budget ends, and is usable after.
func TestAttach(t *testing.T) {
	p := newPage(t, Options{Deterministic: true, WallLimit: 200 * time.Millisecond})
	other := goja.New()
	p.l.Attach(other)
	var now goja.Value
	var spinErr error
	p.l.QueueTask(func() {
		now, _ = other.RunString(`Date.now()`)
		_, spinErr = other.RunString(`for (;;) {}`)
	})
	r := p.run()
	if r.Reason != ReasonWallTime {
		t.Errorf("reason %q, want %q", r.Reason, ReasonWallTime)
	}
	if now == nil || now.ToInteger() != DeterministicStart.UnixMilli() {
		t.Errorf("attached runtime's Date.now() = %v, want the page's clock %d", now, DeterministicStart.UnixMilli())
	}
	if _, ok := spinErr.(*goja.InterruptedError); !ok {
		t.Errorf("spinning attached runtime: %v, want an interruption", spinErr)
	}
	if v, err := other.RunString(`1 + 1`); err != nil || v.ToInteger() != 2 {
		t.Errorf("attached runtime after the Run: %v, %v", v, err)
	}
	p.l.Detach(other)
	if len(p.l.attached) != 0 {
		t.Errorf("%d runtimes still attached", len(p.l.attached))
	}
}
