package main

import (
	"runtime"
	"runtime/debug"
)

// The program's garbage collector pacing. A render allocates fast (goja
// makes 150–500 MB of short-lived objects for a heavy app) while what it
// keeps live is small, so with Go's default (a collection each time the
// heap doubles) a fifth to a third of a render's CPU goes to collecting.
// The bangsnap program therefore collects when the heap has grown by four
// times what the last collection left live (GOGC=400), under a soft memory
// limit that makes the collector work harder as the heap nears it: 1 GiB,
// plus 256 MiB for each CPU past the first (serve renders as many pages at
// once as there are CPUs). On BenchmarkApp (GOGC=400 GOMEMLIMIT=1GiB
// against the default, 6 runs each, benchstat) it cut the CPU of a warm
// render by 25–33%: Angular 0.80 → 0.54 s, Vuetify 1.19 → 0.90 s, jQuery 3
// 26 → 19 ms; the heap may then hold up to five times the live data before
// a collection. The library sets nothing process-wide; this is the
// program's choice, and the environment's GOGC or GOMEMLIMIT, when either
// is set, replaces it.
const (
	programGCPercent   = 400
	programMemoryLimit = 1 << 30
	memoryLimitPerCPU  = 256 << 20
)

// tuneGC applies the program's pacing unless getenv reports GOGC or
// GOMEMLIMIT; it reports whether it did.
func tuneGC(getenv func(string) string) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetGCPercent(programGCPercent)
	debug.SetMemoryLimit(programMemoryLimit + int64(max(runtime.NumCPU()-1, 0))*memoryLimitPerCPU)
	return true
}
