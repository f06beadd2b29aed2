//go:build unix

package jsruntime

import (
	"syscall"
	"time"
)

// processCPU returns the process's CPU time (user and system, all
// threads): on a shared machine it varies less than wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
