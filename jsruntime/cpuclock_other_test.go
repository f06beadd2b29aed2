//go:build !unix

package jsruntime

import "time"

// processCPU is 0 where the process's CPU time is not at hand: the
// benchmarks then report no cpu-ns/op.
func processCPU() time.Duration { return 0 }
