package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	percent := debug.SetGCPercent(100)
	limit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, set := range []map[string]string{{"GOGC": "100"}, {"GOMEMLIMIT": "2GiB"}, {"GOGC": "off", "GOMEMLIMIT": "1GiB"}} {
		if tuneGC(env(set)) {
			t.Errorf("tuned with %v set", set)
		}
		if p := debug.SetGCPercent(100); p != 100 {
			t.Errorf("with %v set the GC percent became %d", set, p)
		}
	}
	if !tuneGC(env(nil)) {
		t.Fatal("not tuned with no GOGC nor GOMEMLIMIT")
	}
	if p := debug.SetGCPercent(100); p != programGCPercent {
		t.Errorf("GC percent %d, want %d", p, programGCPercent)
	}
	if l := debug.SetMemoryLimit(-1); l < programMemoryLimit || l == math.MaxInt64 {
		t.Errorf("memory limit %d", l)
	}
}
