package loop

import (
	"slices"

	"github.com/dop251/goja"
)

// Attach gives rt, a further goja runtime whose JavaScript runs on the
// loop's goroutine in the loop's tasks (a dedicated worker's), what the
// page's own runtime has: the virtual clock, the page's random source, the
// call stack limit and the guards on compiles and allocations. A Run's end
// by a budget or its context interrupts rt's JavaScript too (cleared again
// when the Run returns), so that no runtime of the page outlives its
// budget. Detach ends the link when the runtime is dropped.
func (l *Loop) Attach(rt *goja.Runtime) {
	rt.SetTimeSource(l.Now)
	rt.SetRandSource(l.rnd.Float64)
	rt.SetMaxCallStackSize(l.opts.MaxCallStack)
	guardAllocations(rt, l.opts.MemoryLimit)
	guardCompiles(rt, nil, nil)
	guardBind(rt)
	guardFlat(rt)
	l.mu.Lock()
	l.attached = append(l.attached, rt)
	stopped := ""
	if l.armed {
		stopped = l.stopped
	}
	l.mu.Unlock()
	if stopped != "" {
		rt.Interrupt(stopped)
	}
}

// Detach undoes Attach's link with the loop's budgets and clears any
// interruption of rt.
func (l *Loop) Detach(rt *goja.Runtime) {
	l.mu.Lock()
	l.attached = slices.DeleteFunc(l.attached, func(x *goja.Runtime) bool { return x == rt })
	l.mu.Unlock()
	rt.ClearInterrupt()
}
