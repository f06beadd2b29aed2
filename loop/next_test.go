package loop

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// A BeginNext (the next part of a delivered operation) is due at once in
// deterministic mode, before an Op begun earlier and due later; in faithful
// mode at its first part's start plus the real time it took.
func TestBeginNext(t *testing.T) {
	for _, det := range []bool{true, false} {
		l := New(goja.New(), Options{Deterministic: det, NetworkLatency: 10 * time.Millisecond})
		var log []string
		start := l.Elapsed()
		at := func(name string) { log = append(log, name+"@"+(l.Elapsed()-start).Round(time.Millisecond).String()) }
		l.QueueTask(func() {
			a := l.Begin("a")
			a.Complete(func() {
				at("a")
				c := l.Begin("c")
				c.Complete(func() { at("c") })
				b := l.BeginNext("b", a)
				go func() {
					time.Sleep(20 * time.Millisecond)
					b.Complete(func() { at("b") })
				}()
			})
		})
		if _, err := l.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(log, " ")
		if det && got != "a@10ms b@10ms c@20ms" {
			t.Errorf("deterministic: %s", got)
		}
		if !det && (len(log) != 3 || !strings.HasPrefix(log[2], "b@")) {
			t.Errorf("faithful: %s", got)
		}
		if !det {
			if d, err := durationAfterAt(log[2]); err != nil || d < 20*time.Millisecond {
				t.Errorf("faithful: b due at %v, want at least 20ms after a began (%s)", d, got)
			}
		}
	}
}

// durationAfterAt reads the duration after "@" in a log entry.
func durationAfterAt(s string) (time.Duration, error) {
	_, v, _ := strings.Cut(s, "@")
	return time.ParseDuration(v)
}
