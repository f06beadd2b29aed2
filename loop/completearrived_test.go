package loop

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// TestCompleteArrived: in faithful mode an Op completed with
// CompleteArrived is due as of the real time its result arrived, not when
// a busy task got round to completing it. A task begins a and b, sets a
// 30ms timer and works for 60ms (busy time: the virtual clock stays);
// a's result arrived before the work (it is due at its Begin instant) and
// is delivered before the timer; b, completed with Complete after the
// work, is due 60ms after its Begin, after the timer.
func TestCompleteArrived(t *testing.T) {
	l := New(goja.New(), Options{})
	var log []string
	l.QueueTask(func() {
		arrived := time.Now()
		a, b := l.Begin("a"), l.Begin("b")
		l.SetTimer(30*time.Millisecond, false, func() { log = append(log, "timer") })
		time.Sleep(60 * time.Millisecond)
		b.Complete(func() { log = append(log, "b") })
		a.CompleteArrived(arrived, func() { log = append(log, "a") })
	})
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(log, " "); got != "a timer b" {
		t.Errorf("order %q, want %q", got, "a timer b")
	}
}

// TestCompleteArrivedZero: a zero time is Complete's (now), in
// deterministic mode the delivery instant does not depend on it.
func TestCompleteArrivedZero(t *testing.T) {
	for _, det := range []bool{false, true} {
		l := New(goja.New(), Options{Deterministic: det, NetworkLatency: 10 * time.Millisecond})
		var log []string
		l.QueueTask(func() {
			a := l.Begin("a")
			l.SetTimer(5*time.Millisecond, false, func() { log = append(log, "timer") })
			time.Sleep(20 * time.Millisecond)
			a.CompleteArrived(time.Time{}, func() { log = append(log, "a") })
		})
		if _, err := l.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(log, " "); got != "timer a" {
			t.Errorf("Deterministic=%v: order %q, want %q", det, got, "timer a")
		}
	}
}
