//go:build !unix

package bangsnap_test

import (
	"testing"
	"time"
)

// A cpuClock reports nothing where the process's CPU time is not at hand.
type cpuClock struct{}

func startCPUClock() cpuClock      { return cpuClock{} }
func (cpuClock) report(*testing.B) {}

// processCPU is unknown here: negative.
func processCPU() time.Duration { return -1 }
