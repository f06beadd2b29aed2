//go:build unix

package bangsnap_test

import (
	"syscall"
	"testing"
	"time"
)

// A cpuClock measures the process's CPU time (user and system, all
// threads) across a benchmark loop.
type cpuClock struct{ start time.Duration }

func startCPUClock() cpuClock { return cpuClock{processCPU()} }

// report adds cpu-ns/op, the CPU time per iteration, to b's results.
func (c cpuClock) report(b *testing.B) {
	if b.N > 0 {
		b.ReportMetric(float64(processCPU()-c.start)/float64(b.N), "cpu-ns/op")
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
