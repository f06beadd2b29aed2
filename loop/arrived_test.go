package loop

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// RunArrived runs an Op's completion inside the current task once it has
// arrived: in deterministic mode when its delivery instant has come, even
// if it completes in real time only later (it is waited for), so that a
// zero-delay timer set by the task runs after it; its own task then does
// nothing. An Op due later, or in faithful mode not completed, is left to
// its task. A BeginLocal Op is due at its Begin instant.
func TestRunArrived(t *testing.T) {
	l := New(goja.New(), Options{Deterministic: true, NetworkLatency: 10 * time.Millisecond})
	var log []string
	l.QueueTask(func() {
		a, b := l.Begin("a"), l.Begin("b")
		a.Complete(func() {
			log = append(log, "a")
			l.SetTimer(0, false, func() { log = append(log, "t0") })
			c := l.Begin("c")
			c.Complete(func() { log = append(log, "c") })
			if c.RunArrived() {
				t.Error("an Op due later ran")
			}
			if !b.RunArrived() {
				t.Error("b did not run")
			}
			if b.RunArrived() {
				t.Error("b ran twice")
			}
			d := l.BeginLocal("d")
			go func() {
				time.Sleep(20 * time.Millisecond)
				d.Complete(func() { log = append(log, "d") })
			}()
			if !d.RunArrived() {
				t.Error("a local Op due now did not run")
			}
		})
		go func() {
			time.Sleep(20 * time.Millisecond)
			b.Complete(func() { log = append(log, "b") })
		}()
	})
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(log, " "); got != "a b d t0 c" {
		t.Errorf("deterministic: %s, want a b d t0 c", got)
	}

	f := New(goja.New(), Options{})
	log = nil
	f.QueueTask(func() {
		a := f.Begin("a")
		release := make(chan struct{})
		go func() {
			<-release
			a.Complete(func() { log = append(log, "a") })
		}()
		if a.RunArrived() {
			t.Error("faithful: an Op not completed ran")
		}
		close(release)
	})
	if _, err := f.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(log, " "); got != "a" {
		t.Errorf("faithful: %s, want a", got)
	}
}
