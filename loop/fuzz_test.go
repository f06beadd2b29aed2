package loop

import (
	"context"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// FuzzSchedule drives the loop with a schedule decoded from the input:
// timers set and cleared from Go and JavaScript, tasks, microtasks and Ops
// completing or canceled in any order. Whatever the schedule, Run must end
// without error or panic, timers must fire in due order and never after
// being cleared, and every one-shot timer must fire at most once.
func FuzzSchedule(f *testing.F) {
	f.Add([]byte{0, 10, 1, 5, 2, 3, 3, 0, 4, 7})
	f.Add([]byte{5, 0, 6, 1, 0, 0, 0, 0, 1, 200, 7, 2})
	f.Add([]byte{8, 1, 8, 2, 9, 0, 2, 0, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		rt := goja.New()
		l := New(rt, Options{Deterministic: true, NetworkLatency: 3 * time.Millisecond, MaxTasks: 5000})
		l.Install(rt.GlobalObject(), nil)

		type fired struct {
			id  int
			due time.Duration
		}
		var (
			firedLog []fired
			cleared  = map[int]bool{}
			ids      []int
			ops      []*Op
			dues     = map[int]time.Duration{}
			repeats  = map[int]bool{}
			count    = map[int]int{}
		)
		record := func(id int) {
			if cleared[id] {
				t.Errorf("timer %d fired after being cleared", id)
			}
			firedLog = append(firedLog, fired{id, l.Elapsed()})
			if count[id]++; count[id] > 1 && !repeats[id] {
				t.Errorf("one-shot timer %d fired %d times", id, count[id])
			}
			if l.Elapsed() < dues[id] {
				t.Errorf("timer %d fired at %v, before its due time %v", id, l.Elapsed(), dues[id])
			}
		}
		next := func(i *int) int {
			if *i >= len(data) {
				return 0
			}
			b := int(data[*i])
			*i++
			return b
		}
		var step func(i int)
		step = func(i int) {
			for i < len(data) {
				op := next(&i)
				arg := next(&i)
				switch op % 10 {
				case 0, 1: // Go timer, one-shot or repeating
					var id int
					d := time.Duration(arg) * time.Millisecond
					id = l.SetTimer(d, op%10 == 1, func() { record(id) })
					dues[id] = l.Elapsed() + d
					repeats[id] = op%10 == 1
					ids = append(ids, id)
				case 2: // clear a timer
					if len(ids) > 0 {
						id := ids[arg%len(ids)]
						l.ClearTimer(id)
						cleared[id] = true
					}
				case 3: // JavaScript timers and microtasks
					if _, err := rt.RunString(`setTimeout(()=>{ queueMicrotask(()=>{}); Promise.resolve().then(()=>{}) }, ` + string(rune('0'+arg%10)) + `)`); err != nil {
						t.Fatal(err)
					}
				case 4: // a task that continues the schedule later
					rest := i
					l.QueueTask(func() { step(rest) })
					return
				case 5: // an Op completed from another goroutine
					o := l.Begin("op")
					ops = append(ops, o)
					rest := i
					go o.Complete(func() { step(rest) })
					return
				case 6: // cancel an Op
					if len(ops) > 0 {
						ops[arg%len(ops)].Cancel()
					}
				case 7: // a Go microtask
					l.QueueMicrotask(func() {})
				case 8: // an animation frame
					if _, err := rt.RunString(`requestAnimationFrame(()=>{})`); err != nil {
						t.Fatal(err)
					}
				case 9: // a throwing timer
					if _, err := rt.RunString(`setTimeout(()=>{ throw 1 }, 1)`); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		step(0)
		r, err := l.Run(context.Background())
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		if r.Reason != ReasonQuiescent && r.Reason != ReasonTasks && r.Reason != ReasonVirtualTime {
			t.Fatalf("reason %q", r.Reason)
		}
		for i := 1; i < len(firedLog); i++ {
			if firedLog[i].due < firedLog[i-1].due {
				t.Fatalf("timers fired out of order: %v", firedLog)
			}
		}
	})
}
