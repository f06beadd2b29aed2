package loop

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// TestMemoryBudget: a page that grows without bound is interrupted by the
// memory watchdog, partial with ReasonMemory, and the runtime stays usable.
func TestMemoryBudget(t *testing.T) {
	tests := []struct {
		name, src string
	}{
		{"arrays pushed forever", `setTimeout(function () { var a = []; while (true) a.push([1, 2, 3, 4, 5, 6, 7, 8]); }, 0)`},
		{"string doubled forever", `setTimeout(function () { var s = "x", keep = []; while (true) { s += s; keep.push(s); } }, 0)`},
		{"properties added forever", `setTimeout(function () { var o = {}, i = 0; while (true) o["k" + i++] = {i: i}; }, 0)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The wall budget is only a net: on a loaded machine (two cores, load
			// 28) filling 64 MB took past 20 s and the wall ran out first.
			p := newPage(t, Options{MemoryLimit: 64 << 20, WallLimit: 2 * time.Minute})
			p.exec(tt.src)
			r := p.run()
			if !r.Partial || r.Reason != ReasonMemory {
				t.Fatalf("Run: partial %v reason %q, want partial %q", r.Partial, r.Reason, ReasonMemory)
			}
			if len(p.errs) != 0 {
				t.Errorf("the budget's interruption was reported as a page error: %v", p.errs)
			}
			// The runtime is usable again.
			p.exec(`log("after")`)
			if p.logged() != "after" {
				t.Errorf("log after the interruption: %q", p.logged())
			}
		})
	}
}

// TestAllocationGuards: builtins asked to allocate more than the budget at
// once throw a RangeError; the guarded constructors keep working as the
// originals do.
func TestAllocationGuards(t *testing.T) {
	p := newPage(t, Options{MemoryLimit: 64 << 20})
	tests := []struct {
		src, want string
	}{
		{`new ArrayBuffer(2 ** 31)`, "RangeError"},
		{`new Float64Array(3e8)`, "RangeError"},
		{`new Uint8Array(100 << 20)`, "RangeError"},
		{`new Array(1e9).fill(0)`, "RangeError"},
		{`new Array(1e9).fill(0, -1e8)`, "RangeError"},
		{`new Array(1e9).fill(0, 5, 10).length`, "1000000000"},
		{`new Uint8Array(Object.assign([], {length: 2 ** 32 - 1}))`, "RangeError"},
		{`new Float64Array({length: 1e9})`, "RangeError"},
		{`new Uint8Array(new ArrayBuffer(1 << 20)).length`, "1048576"},
		{`new Uint8Array({length: 3}).length`, "3"},
		{`new Float64Array({}).length + new Uint8Array(Object.create(null)).length`, "0"},
		{`new Uint8Array({length: -5}).length`, "0"},
		{`"x".repeat(2 ** 30)`, "RangeError"},
		{`"abc".repeat(20 << 20)`, "RangeError"},
		{`"x".padStart(2 ** 30)`, "RangeError"},
		{`"x".padEnd(2 ** 30, "ab")`, "RangeError"},
		// Under the budget, and what the originals do.
		{`new ArrayBuffer(16).byteLength`, "16"},
		{`new Uint8Array([1, 2, 3]).length`, "3"},
		{`new Uint16Array(new ArrayBuffer(8)).length`, "4"},
		{`new Array(3).length`, "3"},
		{`Array(1, 2).length`, "2"},
		{`"ab".repeat(3)`, "ababab"},
		{`"5".padStart(3, "0")`, "005"},
		{`String.prototype.repeat.name + String.prototype.padStart.length`, "repeat1"},
		{`new Uint8Array(4) instanceof Uint8Array`, "true"},
		{`new Uint8Array(4).constructor === Uint8Array`, "true"},
		{`Uint8Array.BYTES_PER_ELEMENT + Uint8Array.name`, "1Uint8Array"},
		{`new Uint8Array([1, 2, 3]).map(function (x) { return x * 2; }).join()`, "2,4,6"},
		{`class B extends ArrayBuffer {}; new B(8) instanceof B`, "true"},
		{`Array.isArray(new Array(2)) && [] instanceof Array && [].constructor === Array`, "true"},
		{`[1, 2, 3].fill(7, 1).join()`, "1,7,7"},
		{`Array.prototype.fill.call({length: 2}, 1)[1]`, "1"},
		{`try { ArrayBuffer(8) } catch (e) { e.name }`, "TypeError"},
		{`new (class extends Uint8Array {})(2) instanceof Uint8Array`, "true"},
		{`({}) instanceof Array || 1 instanceof Array`, "false"},
		// The guards are not enumerable and keep the builtins' descriptors:
		// for-in over an array saw "fill" and "flat" (billboard.js copies
		// a function's own keys and hit fill's read-only length).
		{`var k = []; for (var i in [1]) k.push(i); for (var i in new Uint8Array(1)) k.push(i); for (var i in new String('a')) k.push(i); k.join()`, "0,0,0"},
		{`Object.keys(Array.prototype.fill).length + Object.keys(String.prototype.repeat).length + Object.keys(Uint8Array).length`, "0"},
		{`['fill', 'flat'].map(m => JSON.stringify(Object.getOwnPropertyDescriptor(Array.prototype, m), ['writable', 'enumerable', 'configurable'])).join()`,
			`{"writable":true,"enumerable":false,"configurable":true},{"writable":true,"enumerable":false,"configurable":true}`},
		{`JSON.stringify(Object.getOwnPropertyDescriptor(Array.prototype.fill, 'length'))`, `{"value":1,"writable":false,"enumerable":false,"configurable":true}`},
		{`JSON.stringify(Object.getOwnPropertyDescriptor(globalThis, 'Uint8Array'), ['writable', 'enumerable', 'configurable']) + JSON.stringify(Object.getOwnPropertyDescriptor(Uint8Array.prototype, 'constructor'), ['writable', 'enumerable', 'configurable'])`,
			`{"writable":true,"enumerable":false,"configurable":true}{"writable":true,"enumerable":false,"configurable":true}`},
		{`Object.getOwnPropertySymbols(Uint8Array).filter(s => Uint8Array.propertyIsEnumerable(s)).length`, "0"},
	}
	for _, tt := range tests {
		v, err := p.rt.RunString(`(function () { try { return String(eval(` + "`" + tt.src + "`" + `)); } catch (e) { return e.name; } })()`)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := v.String(); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.src, got, tt.want)
		}
	}
	v, err := p.rt.RunString(`try { new ArrayBuffer(2 ** 31) } catch (e) { e.message }`)
	if err != nil || !strings.Contains(v.String(), "memory budget") {
		t.Errorf("error message %v (%v), want it to name the memory budget", v, err)
	}
}

// TestMemoryBudgetOff: a negative MemoryLimit installs no guard.
func TestMemoryBudgetOff(t *testing.T) {
	p := newPage(t, Options{MemoryLimit: -1})
	v, err := p.rt.RunString(`new Array(1e9).length`)
	if err != nil || v.ToInteger() != 1e9 {
		t.Errorf("new Array(1e9).length = %v, %v", v, err)
	}
}

// TestBlockingContext: work that blocks the loop goroutine ends with the
// Run's budget, so a synchronous request cannot hold the page past it.
func TestBlockingContext(t *testing.T) {
	// (a budget long enough for the task to start on a loaded machine:
	// with 50 ms the budget could end before it ran)
	p := newPage(t, Options{WallLimit: 400 * time.Millisecond})
	var blockErr error
	ran := false
	p.l.QueueTask(func() {
		ran = true
		ctx, cancel := p.l.BlockingContext(context.Background())
		defer cancel()
		select {
		case <-ctx.Done():
			blockErr = ctx.Err()
		case <-time.After(time.Minute):
			// A safety net only: the wall budget ends the wait long before.
		}
	})
	r := p.run()
	if !ran {
		t.Fatalf("the task did not run within the budget (%q)", r.Reason)
	}
	if r.Reason != ReasonWallTime || !errors.Is(blockErr, context.Canceled) {
		t.Errorf("Run ended with %q and the blocking wait with %v, want %q and context.Canceled", r.Reason, blockErr, ReasonWallTime)
	}
	// Outside a Run the context is its parent's.
	ctx, cancel := p.l.BlockingContext(context.Background())
	if ctx.Err() != nil {
		t.Errorf("outside a Run: %v", ctx.Err())
	}
	cancel()
}

// TestMemoryAllowedConcurrent: concurrent Runs count each other's growth,
// so each other Run watched raises the limit by an eighth of it.
func TestMemoryAllowedConcurrent(t *testing.T) {
	tests := []struct {
		watched int64
		want    uint64
	}{
		{0, 512 << 20}, {1, 512 << 20}, {2, 576 << 20}, {9, 1024 << 20}, {31, 2432 << 20},
	}
	for _, tt := range tests {
		if got := memoryAllowed(512<<20, tt.watched); got != tt.want {
			t.Errorf("memoryAllowed(512 MiB, %d) = %d MiB, want %d MiB", tt.watched, got>>20, tt.want>>20)
		}
	}
}

// BenchmarkNewGuards measures what the allocation guards add to New (a
// Proxy per typed array constructor, four wrapped methods), against New
// with no memory budget.
func BenchmarkNewGuards(b *testing.B) {
	for _, bc := range []struct {
		name  string
		limit int64
	}{{"guarded", 0}, {"unguarded", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				New(goja.New(), Options{MemoryLimit: bc.limit})
			}
		})
	}
}

// BenchmarkRunWatchdog measures the memory watchdog's cost for a Run with
// nothing to do (its goroutine and ticker), against a Run with no budget.
func BenchmarkRunWatchdog(b *testing.B) {
	for _, bc := range []struct {
		name  string
		limit int64
	}{{"watched", 0}, {"unwatched", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			_, l := benchLoop(b, Options{MemoryLimit: bc.limit})
			b.ReportAllocs()
			for b.Loop() {
				runBench(b, l)
			}
		})
	}
}

// BenchmarkGuardedTypedArray measures new Uint8Array(n) through the guard's
// Proxy, against the original constructor.
func BenchmarkGuardedTypedArray(b *testing.B) {
	for _, bc := range []struct {
		name  string
		limit int64
	}{{"guarded", 0}, {"unguarded", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			rt := goja.New()
			New(rt, Options{MemoryLimit: bc.limit})
			prg := goja.MustCompile("b.js", "for (var i = 0; i < 1000; i++) new Uint8Array(16)", false)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rt.RunProgram(prg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOverBudget: heap growth counts only when the live heap grew too, or
// when the heap is past the collector's goal by the budget, so that garbage
// (other renders' included) does not stop a page.
func TestOverBudget(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		objects, live uint64 // growth since the Run started
		goal          uint64 // the collector's goal, above the base
		want          bool
	}{
		{100 * mib, 100 * mib, 2000 * mib, false},
		{600 * mib, 300 * mib, 2000 * mib, true},
		{600 * mib, 100 * mib, 2000 * mib, false}, // mostly garbage
		{400 * mib, 400 * mib, 2000 * mib, false},
		{2000 * mib, 257 * mib, 2000 * mib, true},
		// The collector is stuck behind a copy: the live heap is stale.
		{1500 * mib, 100 * mib, 500 * mib, true},
		{1000 * mib, 100 * mib, 500 * mib, false}, // past the goal by less than the budget
		{500 * mib, 0, 0, false},                  // under the budget
	}
	for _, tt := range tests {
		const base = 1000 * mib
		now := memoryReading{objects: base + tt.objects, live: base + tt.live, goal: base + tt.goal}
		if got := overBudget(memoryReading{objects: base, live: base}, now, 512*mib, 0); got != tt.want {
			t.Errorf("overBudget(objects +%d MiB, live +%d MiB, goal +%d MiB) = %v, want %v", tt.objects/mib, tt.live/mib, tt.goal/mib, got, tt.want)
		}
	}
	if overBudget(memoryReading{objects: 1000, live: 1000}, memoryReading{objects: 10, live: 10}, 1, 0) {
		t.Error("shrinking memory is over budget")
	}
	// A string doubled to 256 MiB, with the last collection's live heap
	// from the 128 MiB string: the next doubling would cross the budget.
	base := memoryReading{objects: 100 * mib, live: 50 * mib}
	doubled := memoryReading{objects: base.objects + 444*mib, live: base.live + 191*mib, goal: 553 * mib}
	if overBudget(base, doubled, 512*mib, 0) {
		t.Error("256 MiB doubled is over a 512 MiB budget with no reserve")
	}
	if !overBudget(base, doubled, 512*mib, nativeStep(223*mib, 512*mib)) {
		t.Error("256 MiB doubled is not over a 512 MiB budget with the next doubling in reserve")
	}
}

// TestNativeStep: only steps no script takes between two samples but in
// one native call reserve room for the next.
func TestNativeStep(t *testing.T) {
	const mib = 1 << 20
	for _, tt := range []struct{ step, want uint64 }{
		{0, 0},
		{64 * mib, 0},
		{127 * mib, 0},
		{128 * mib, 256 * mib},
		{223 * mib, 446 * mib},
	} {
		if got := nativeStep(tt.step, 512*mib); got != tt.want {
			t.Errorf("nativeStep(%d MiB, 512 MiB) = %d MiB, want %d MiB", tt.step/mib, got/mib, tt.want/mib)
		}
	}
}

// TestNextMemorySample: the watchdog waits as long as the room left in
// the budget lets it, between its bounds: no allocation at maxAllocRate
// per P outruns a sample.
func TestNextMemorySample(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		grown, allowed uint64
		procs          int
		want           time.Duration
	}{
		{0, 512 * mib, 2, 31250 * time.Microsecond}, // 512 MiB at 16 GiB/s
		{0, 512 * mib, 1, memorySampleMax},
		{0, 64 * mib, 2, 3906250 * time.Nanosecond},
		{448 * mib, 512 * mib, 2, 3906250 * time.Nanosecond},
		{510 * mib, 512 * mib, 2, memorySampleMin},
		{512 * mib, 512 * mib, 2, memorySampleMin},
		{600 * mib, 512 * mib, 2, memorySampleMin},
		{0, 512 * mib, 64, memorySampleMin},
		{0, 1 << 62, 0, memorySampleMax},
	}
	for _, tt := range tests {
		got := nextMemorySample(tt.grown, tt.allowed, tt.procs)
		if got != tt.want {
			t.Errorf("nextMemorySample(%d MiB, %d MiB, %d) = %v, want %v", tt.grown/mib, tt.allowed/mib, tt.procs, got, tt.want)
		}
		// what the Ps could allocate until then fits in the room left
		if tt.grown < tt.allowed && got > memorySampleMin {
			if could := got.Seconds() * maxAllocRate * float64(max(tt.procs, 1)); could > float64(tt.allowed-tt.grown) {
				t.Errorf("nextMemorySample(%d MiB, %d MiB, %d) = %v: %.0f MiB could be allocated by then", tt.grown/mib, tt.allowed/mib, tt.procs, got, could/mib)
			}
		}
	}
}
