package loop

import (
	"context"
	"testing"
	"time"
)

// A background Op does not hold the page: Run returns while it is in
// flight, and its completion, arriving later, runs as a task in the next
// Run (in both modes).
func TestBeginBackground(t *testing.T) {
	for _, det := range []bool{false, true} {
		p := newPage(t, Options{Deterministic: det})
		var ran []string
		var bg *Op
		p.l.QueueTask(func() {
			bg = p.l.BeginBackground("socket message")
			hold := p.l.Begin("hold")
			go func() {
				time.Sleep(5 * time.Millisecond)
				hold.Complete(func() { ran = append(ran, "hold") })
			}()
		})
		res := p.run()
		if res.Partial || len(res.Pending) != 0 {
			t.Fatalf("deterministic %v: %+v", det, res)
		}
		if len(ran) != 1 {
			t.Fatalf("deterministic %v: ran %v, want the hold's task only", det, ran)
		}
		done := make(chan struct{})
		go func() {
			bg.Complete(func() { ran = append(ran, "message") })
			close(done)
		}()
		<-done
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if _, err := p.l.Run(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		if len(ran) != 2 || ran[1] != "message" {
			t.Errorf("deterministic %v: ran %v", det, ran)
		}
	}
}
