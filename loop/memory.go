package loop

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// DefaultMemoryLimit is the memory budget of one Run when
// Options.MemoryLimit is zero.
const DefaultMemoryLimit = 512 << 20

// The memory watchdog samples the heap as often as the room left in its
// budget requires: the next sample comes when the process could have
// allocated that room at maxAllocRate per P (GOMAXPROCS), but no sooner
// than memorySampleMin and no later than memorySampleMax after the last.
// Sampling every 2 ms whatever the room cost a render 500 wake-ups and
// metrics reads a second (0.3–0.7% of a heavy app's CPU); a render far
// under its budget is now sampled every few tens of milliseconds, and one
// near it as often as before. maxAllocRate is above what a goroutine can
// allocate and fill (fresh memory is faulted in at a few GiB/s; a copy
// into memory already mapped is bounded by memmove's ~10 GiB/s).
const (
	memorySampleMin = 2 * time.Millisecond
	memorySampleMax = 32 * time.Millisecond
	maxAllocRate    = 8 << 30 // bytes per second per P
)

// nextMemorySample is how long the watchdog may wait before its next
// sample when the heap objects grew by grown bytes of the allowed growth,
// with procs Ps allocating.
func nextMemorySample(grown, allowed uint64, procs int) time.Duration {
	if grown >= allowed {
		return memorySampleMin
	}
	rate := float64(maxAllocRate) * float64(max(procs, 1))
	secs := float64(allowed-grown) / rate
	if secs >= memorySampleMax.Seconds() {
		return memorySampleMax
	}
	return max(time.Duration(secs*float64(time.Second)), memorySampleMin)
}

// concurrentShare: each other Run watched at the same time raises a Run's
// memory limit by limit/concurrentShare.
const concurrentShare = 8

// watchedRuns is the number of Runs whose memory is being watched.
var watchedRuns atomic.Int64

// memoryAllowed is the growth a Run with budget limit may see while
// watched Runs (itself included) are being watched.
func memoryAllowed(limit, watched int64) uint64 {
	others := max(watched-1, 0)
	return uint64(limit) + uint64(others)*uint64(limit/concurrentShare)
}

// memoryMetrics are what the watchdog reads: the memory a page grows by
// allocating (heap objects, garbage not yet collected included), the heap
// still reachable at the end of the last garbage collection, the heap size
// the collector aims to end its cycle at, and the memory a page grows by
// recursing (goroutine stacks).
var memoryMetrics = [...]string{"/memory/classes/heap/objects:bytes", "/gc/heap/live:bytes", "/gc/heap/goal:bytes", "/memory/classes/heap/stacks:bytes"}

// A memoryReading is one sample of the watchdog, in bytes: the heap
// objects and the live heap as of the last collection, each with the
// goroutine stacks added, and the collector's heap goal.
type memoryReading struct{ objects, live, goal uint64 }

// A memoryGauge reads the process's Go memory. It is not safe for
// concurrent use: each watchdog has its own.
type memoryGauge struct{ samples []metrics.Sample }

func newMemoryGauge() *memoryGauge {
	g := &memoryGauge{samples: make([]metrics.Sample, len(memoryMetrics))}
	for i, name := range memoryMetrics {
		g.samples[i].Name = name
	}
	return g
}

func (g *memoryGauge) read() memoryReading {
	metrics.Read(g.samples)
	var v [len(memoryMetrics)]uint64
	for i, s := range g.samples {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = s.Value.Uint64()
		}
	}
	return memoryReading{objects: v[0] + v[3], live: v[1] + v[3], goal: v[2]}
}

// overBudget reports whether memory grew from base to now by more than
// allowed, less reserve: the heap objects by more than that, and (so that
// garbage other renders left behind is not blamed on this one) either the
// live heap by more than half of that, or the heap objects past the
// collector's goal by more than allowed.
//
// reserve is the room the page's next step may take before the watchdog
// can sample again (see nativeStep): a page one such step from its budget
// is stopped now, since after the step it may be a long way past it.
//
// The goal case is a collection that cannot finish. A page that doubles
// a string allocates and copies hundreds of MiB in one native call, which
// the runtime cannot preempt: the collector, waiting to scan the page's
// stack, finishes its cycle only after the copy, so the live heap it last
// measured is from several doublings before. Garbage alone does not take
// the heap that far past the goal, since the collector makes allocating
// goroutines help it once the heap nears its goal.
func overBudget(base, now memoryReading, allowed, reserve uint64) bool {
	if now.objects <= base.objects || now.objects-base.objects+reserve <= allowed {
		return false
	}
	liveGrew := now.live > base.live && now.live-base.live+reserve > allowed/2
	pastGoal := now.objects > now.goal && now.objects-now.goal > allowed
	return liveGrew || pastGoal
}

// heldBack: a sample that comes more than heldBack times later than the
// watchdog asked for was held back by work the runtime could not preempt.
const heldBack = 8

// nativeStep is the room a page's next step may take, when the heap
// objects grew by at most step between two samples of a Run allowed
// allowed that the watchdog was held back between (heldBack): twice that
// step when it is a quarter of the budget or more, else none.
//
// What holds the watchdog back while a page allocates that much is one
// native call the runtime cannot preempt: a string doubled (s += s copies
// it whole), an array's storage grown. On a machine whose other cores are
// busy (the collector spins on one, waiting to scan the page's stack) the
// watchdog cannot run during such a call, and when the call ends the page
// is usually in its next one, twice as large, before the watchdog has
// sampled. So such a page is stopped one step early. A page that allocates
// as much between samples that came on time (a deep clone of a large
// tree) is not: the watchdog sees its next step.
func nativeStep(step, allowed uint64) uint64 {
	if step < allowed/4 {
		return 0
	}
	return 2 * step
}

// watchMemory starts the memory watchdog of a Run: every few milliseconds
// it samples the process's heap and stacks, and interrupts the Run with
// ReasonMemory once they have grown by more than limit since it started.
// The returned function stops it.
//
// The sampling is process-wide: Go cannot tell which goroutine allocated
// what, so concurrent Runs count each other's growth. Garbage not yet
// collected counts in the heap objects, so the live heap of the last
// collection must have grown by half the limit too, or the collector be
// behind its goal by the limit (see overBudget): the
// garbage a finished render leaves behind is not blamed on the Runs still
// going. To keep concurrent pages from stopping each other,
// the limit is raised by a share of it (limit/concurrentShare) for every
// other Run watched at the same time (the most there were since this Run
// started, as what they filled, such as caches, outlives them): a render of a real
// app grows the heap by a few tens of MiB, thirty of them at once by about
// 550 MiB. The budget is therefore approximate: it stops pages that grow
// without bound (a string doubled in a loop, arrays or DOM nodes created
// forever) long before they take the process down, and a page that grows
// by less than its share is never affected by it.
func (l *Loop) watchMemory(limit int64) (stop func()) {
	if limit <= 0 {
		return func() {}
	}
	g := newMemoryGauge()
	base := g.read()
	last, step := base, uint64(0) // step: the largest growth between held-back samples
	var peers int64
	watchedRuns.Add(1)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		procs := runtime.GOMAXPROCS(0)
		planned := nextMemorySample(0, memoryAllowed(limit, 1), procs)
		wait := time.NewTimer(planned)
		defer wait.Stop()
		sampled := time.Now()
		for {
			select {
			case <-done:
				return
			case <-wait.C:
			}
			// The most Runs watched at once since this one started: what
			// they left behind (caches they filled) stays when they end.
			peers = max(peers, watchedRuns.Load())
			allowed := memoryAllowed(limit, peers)
			now, at := g.read(), time.Now()
			if at.Sub(sampled) > heldBack*planned && now.objects > last.objects {
				step = max(step, now.objects-last.objects)
			}
			last, sampled = now, at
			if overBudget(base, now, allowed, nativeStep(step, allowed)) {
				l.interrupt(ReasonMemory)
				return
			}
			var grown uint64
			if now.objects > base.objects {
				grown = now.objects - base.objects
			}
			planned = nextMemorySample(grown, allowed, procs)
			wait.Reset(planned)
		}
	}()
	return func() {
		close(done)
		<-finished
		watchedRuns.Add(-1)
	}
}

// Allocation guards. A few builtins allocate, in one native call that no
// Interrupt can stop, as much memory as their argument asks for:
// new ArrayBuffer(2**31), new Float64Array(3e8), "x".repeat(2**30). The
// watchdog cannot stop those, so they are checked before they run: an
// allocation larger than the memory budget fails with a RangeError, as an
// allocation a browser cannot satisfy does.
// https://tc39.es/ecma262/#sec-createbytedatablock ("If it is impossible to
// create such a Data Block, throw a RangeError exception.")

// typedArrays are the constructors guarded, with their element size.
var typedArrays = [...]struct {
	name string
	size int64
}{
	{"ArrayBuffer", 1}, {"SharedArrayBuffer", 1},
	{"Int8Array", 1}, {"Uint8Array", 1}, {"Uint8ClampedArray", 1},
	{"Int16Array", 2}, {"Uint16Array", 2}, {"Float16Array", 2},
	{"Int32Array", 4}, {"Uint32Array", 4}, {"Float32Array", 4},
	{"Float64Array", 8}, {"BigInt64Array", 8}, {"BigUint64Array", 8},
}

// Array itself is not wrapped: goja takes fast paths only for its own
// Array constructor (species creation in map, filter, slice; Array.from), and
// new Array(1e9) allocates nothing until its elements are set. Its fill,
// which sets them all in one native call, is guarded instead.

// guardAllocations installs the allocation guards on rt's global object.
// A guarded constructor is a Proxy of the original (so prototype, statics,
// instanceof and subclassing are unchanged) whose construct and call check
// a numeric length argument; the prototype's constructor property points
// to the guard too, so species construction is guarded as well.
func guardAllocations(rt *goja.Runtime, limit int64) {
	if limit <= 0 {
		return
	}
	global := rt.GlobalObject()
	rangeError, _ := goja.AssertConstructor(global.Get("RangeError"))
	throw := func(err *allocationError) { throwAs(rt, rangeError, err) }
	for _, ta := range typedArrays {
		orig, ok := global.Get(ta.name).(*goja.Object)
		if !ok {
			continue
		}
		ctor, ok := goja.AssertConstructor(orig)
		if !ok {
			continue
		}
		call, _ := goja.AssertFunction(orig)
		name, size := ta.name, ta.size
		check := func(args []goja.Value) {
			if len(args) == 0 {
				return
			}
			var n int64
			switch v := primitive(args[0]).(type) {
			case int64:
				n = v
			case float64:
				if v != v || v < 0 {
					return // the builtin throws its own RangeError
				}
				n = int64(min(v, 1<<62))
			default:
				o, ok := args[0].(*goja.Object)
				if !ok || o.ExportType() == arrayBufferType {
					return // a string, or a buffer a view does not copy
				}
				// An array-like or typed array is copied: its length counts.
				// An object without one makes an empty array (billboard.js
				// passes a plain object): Get gives nil then.
				if l := o.Get("length"); l != nil {
					n = max(l.ToInteger(), 0)
				}
			}
			if n > limit/size {
				throw(&allocationError{what: name, bytes: n * size, limit: limit})
			}
		}
		p := rt.NewProxy(orig, &goja.ProxyTrapConfig{
			Construct: func(target *goja.Object, args []goja.Value, newTarget *goja.Object) *goja.Object {
				check(args)
				o, err := ctor(newTarget, args...)
				if err != nil {
					panic(err)
				}
				return o
			},
			Apply: func(target *goja.Object, this goja.Value, args []goja.Value) goja.Value {
				if call == nil {
					panic(rt.NewTypeError("Constructor " + name + " requires 'new'"))
				}
				v, err := call(this, args...)
				if err != nil {
					panic(err)
				}
				return v
			},
		})
		pv := rt.ToValue(p)
		if proto, ok := orig.Get("prototype").(*goja.Object); ok {
			proto.DefineDataProperty("constructor", pv, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
			// goja's instanceof does not see through a Proxy of a
			// function (it throws); an own @@hasInstance on the original,
			// which the Proxy forwards to, does OrdinaryHasInstance.
			// https://tc39.es/ecma262/#sec-ordinaryhasinstance
			orig.DefineDataPropertySymbol(goja.SymHasInstance, rt.ToValue(func(call goja.FunctionCall) goja.Value {
				o, ok := call.Argument(0).(*goja.Object)
				if !ok {
					return rt.ToValue(false)
				}
				for q := o.Prototype(); q != nil; q = q.Prototype() {
					if q.SameAs(proto) {
						return rt.ToValue(true)
					}
				}
				return rt.ToValue(false)
			}), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
		}
		global.DefineDataProperty(name, pv, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	guardMethods(rt, limit, throw)
}

// guardMethods guards the methods whose result size is given by their
// arguments: String's repeat, padStart and padEnd (a string's element is at
// most two bytes), and Array's fill (an element is a goja Value, an
// interface of 16 bytes).
func guardMethods(rt *goja.Runtime, limit int64, throw func(*allocationError)) {
	guardMethod(rt, "String", "repeat", limit, func(this goja.Value, args []goja.Value) int64 {
		// The result is the receiver's length times the count.
		n := argLength(args, 0, 0)
		if n > limit {
			return n
		}
		if s, ok := primitive(this).(string); ok {
			n *= int64(max(len(s), 1))
		}
		return n * 2
	}, throw)
	pad := func(this goja.Value, args []goja.Value) int64 { return argLength(args, 0, 0) * 2 }
	guardMethod(rt, "String", "padStart", limit, pad, throw)
	guardMethod(rt, "String", "padEnd", limit, pad, throw)
	guardMethod(rt, "Array", "fill", limit, func(this goja.Value, args []goja.Value) int64 {
		o, ok := this.(*goja.Object)
		if !ok || o.ClassName() != "Array" {
			return 0
		}
		n := o.Get("length").ToInteger()
		// The relative start and end of the range filled.
		// https://tc39.es/ecma262/#sec-array.prototype.fill
		rel := func(i int, def int64) int64 {
			k := argLength(args, i, def)
			if k < 0 {
				k = max(n+k, 0)
			}
			return min(k, n)
		}
		return max(rel(2, n)-rel(1, 0), 0) * 16
	}, throw)
}

// argLength is args[i] as an integer when it is a number, else def.
func argLength(args []goja.Value, i int, def int64) int64 {
	if i >= len(args) {
		return def
	}
	switch v := primitive(args[i]).(type) {
	case int64:
		return v
	case float64:
		if v != v {
			return 0
		}
		return int64(max(min(v, 1<<52), -1<<52))
	}
	return def
}

// guardMethod replaces ctor.prototype[name] by a function that throws when
// size (in bytes) exceeds limit and calls the original otherwise. The
// replacement keeps the original's name and length.
func guardMethod(rt *goja.Runtime, ctor, name string, limit int64, size func(this goja.Value, args []goja.Value) int64, throw func(*allocationError)) {
	wrapBuiltin(rt, ctor, name, func(orig goja.Callable, call goja.FunctionCall) goja.Value {
		if n := size(call.This, call.Arguments); n > limit {
			throw(&allocationError{what: ctor + ".prototype." + name, bytes: n, limit: limit})
		}
		v, err := orig(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	})
}

// An allocationError is thrown (as a RangeError) by a builtin asked to
// allocate more than the memory budget at once.
type allocationError struct {
	what         string
	bytes, limit int64
}

func (e *allocationError) Error() string {
	return fmt.Sprintf("%s: allocation of %d MiB exceeds the page's memory budget of %d MiB", e.what, e.bytes>>20, e.limit>>20)
}

var arrayBufferType = reflect.TypeFor[goja.ArrayBuffer]()

// primitive is v exported when it is a primitive (number, string, boolean),
// else nil. Objects are never exported here: Export copies an array whole,
// and a page sets its length (Object.assign([], {length: 2**32-1}) would be a
// fatal out-of-memory, which no recover catches).
func primitive(v goja.Value) any {
	if v == nil {
		return nil
	}
	if _, ok := v.(*goja.Object); ok {
		return nil
	}
	return v.Export()
}
