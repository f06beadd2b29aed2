package webapi

import (
	"testing"
	"time"
)

// TestHighResTime checks the coarsening of times scripts read: down to a
// multiple of 100µs, in milliseconds.
func TestHighResTime(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want float64
	}{
		{0, 0},
		{99 * time.Microsecond, 0},
		{100 * time.Microsecond, 0.1},
		{1234567 * time.Nanosecond, 1.2},
		{20*time.Millisecond + 146*time.Microsecond, 20.1},
		{3 * time.Second, 3000},
	} {
		if got := HighResTime(c.d); got != c.want {
			t.Errorf("HighResTime(%v) = %v, want %v", c.d, got, c.want)
		}
	}
}
