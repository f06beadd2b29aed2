package loop_test

import (
	"context"
	"fmt"
	"time"

	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
)

// A page that shows its content after a 10 second timer, and fetches data
// meanwhile, renders in a fraction of a millisecond of wall time.
func Example() {
	rt := goja.New()
	l := loop.New(rt, loop.Options{Deterministic: true, NetworkLatency: 20 * time.Millisecond, SettleHorizon: 15 * time.Second})
	l.Install(rt.GlobalObject(), nil)

	// What a request binding does: Begin an Op, Complete it from the
	// goroutine that performed the request.
	rt.Set("fetchData", func(c goja.FunctionCall) goja.Value {
		cb, _ := goja.AssertFunction(c.Argument(0))
		op := l.Begin("GET /data.json")
		go op.Complete(func() { _, _ = cb(goja.Undefined(), rt.ToValue("data")) })
		return goja.Undefined()
	})
	rt.Set("show", func(c goja.FunctionCall) goja.Value {
		fmt.Printf("%s at +%v\n", c.Argument(0), l.Elapsed())
		return goja.Undefined()
	})
	_, err := rt.RunString(`
		fetchData(d => show(d));
		setTimeout(() => show('content'), 10000);
		setTimeout(() => show('spinner'), 5);
		setInterval(() => {}, 1000); // polling forever does not hold the page
	`)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := l.Run(context.Background())
	fmt.Println(r.Reason, r.Partial, r.Virtual, err)
	// Output:
	// spinner at +5ms
	// data at +20ms
	// content at +10s
	// quiescent false 10s <nil>
}
