package bangsnap_test

// TestApps' timed renders run in a process of their own (issue 8: "the peak
// memory of one render at most 30 MB above the idle process"). In the test
// process the heap also holds the test server: its esbuild bundles of the
// bundled apps, esbuild's parsed runtime, Go's MIME table (about 4 MB that
// a server rendering sites has none of), and what it allocates answering
// the render's requests, which the sampler counted as the render's. The
// collector's pacing follows the live heap, so those also moved each
// render's peak. The test binary runs itself again with
// -test.run '^TestAppRenderProcess$' for each app: that process renders
// the app once untimed and then the timed renders, sampling its own heap,
// and writes what it saw as JSON for TestApps to check and report.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/jsruntime"
)

// Environment of a render process: the ugly URL to render, the timed
// renders (BANGSNAP_APP_RUNS) and the file its result goes to.
const (
	appProcessURLEnv  = "BANGSNAP_APP_PROCESS_URL"
	appProcessOutEnv  = "BANGSNAP_APP_PROCESS_OUT"
	appProcessNameEnv = "BANGSNAP_APP_PROCESS_NAME"
)

// appPeakProfileEnv names a directory: each render process then renders
// its app once more after the timed renders, collecting every 10 ms, and
// writes NAME-idle.pprof (the heap before that render, after two
// collections) and NAME-peak.pprof (at the largest live heap a collection
// found during it), heap profiles sampled every 512 bytes, to read as
//
//	go tool pprof -sample_index=inuse_space -base NAME-idle.pprof NAME-peak.pprof
//
// what the render keeps at its largest, ours against goja's objects.
const appPeakProfileEnv = "BANGSNAP_APP_PEAK_PROFILE"

// profileRenderPeak renders ugly with r and writes prefix-idle.pprof and
// prefix-peak.pprof (see appPeakProfileEnv). The timed renders are over:
// the forced collections move this render's peak, and the profiler's
// sampling its time.
func profileRenderPeak(ctx context.Context, r *bangsnap.Renderer, ugly, prefix string) error {
	write := func(path string) error {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		err = pprof.Lookup("heap").WriteTo(f, 0)
		return errors.Join(err, f.Close())
	}
	// Set before the render only: objects allocated before were sampled at
	// the old rate, but they are in both profiles and the difference
	// cancels them.
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	runtime.MemProfileRate = 512
	runtime.GC()
	runtime.GC()
	if err := write(prefix + "-idle.pprof"); err != nil {
		return err
	}
	stop, done := make(chan struct{}), make(chan error, 1)
	go func() {
		var largest uint64
		var err error
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				done <- err
				return
			case <-tick.C:
			}
			runtime.GC()
			if live := readHeapMetric("/gc/heap/live:bytes"); live > largest && err == nil {
				largest = live
				err = write(prefix + "-peak.pprof")
			}
		}
	}()
	_, rerr := r.Render(ctx, ugly)
	close(stop)
	return errors.Join(rerr, <-done)
}

// appProcessResult is what a render process measured: one entry per timed
// render in each slice (fewer when a render failed), the scripts compiled
// during the timed renders, the heap it rendered above and the last
// render's snapshot.
type appProcessResult struct {
	Walls    []time.Duration `json:"walls"`
	Busies   []time.Duration `json:"busies"`
	Floors   []time.Duration `json:"floors"`
	Peaks    []uint64        `json:"peaks"`
	Lives    []uint64        `json:"lives"`
	Compiles int64           `json:"compiles"`
	// IdleLive is the live heap after the warm-up render (after two
	// collections): the idle process the peaks are above.
	IdleLive uint64 `json:"idle_live"`
	// Err is the last render's error, and ErrKind "internal" or "stuck"
	// when it was bangsnap.ErrInternal or ErrStuck.
	Err      string             `json:"err,omitempty"`
	ErrKind  string             `json:"err_kind,omitempty"`
	Snapshot *bangsnap.Snapshot `json:"snapshot,omitempty"`
}

// renderError is the error a render process reported, with the sentinel
// it wrapped.
func (res *appProcessResult) renderError() error {
	switch {
	case res.Err == "":
		return nil
	case res.ErrKind == "internal":
		return fmt.Errorf("%s (%w)", res.Err, bangsnap.ErrInternal)
	case res.ErrKind == "stuck":
		return fmt.Errorf("%s (%w)", res.Err, bangsnap.ErrStuck)
	}
	return errors.New(res.Err)
}

// appProcessBudget is the wall time a render process has for its warm-up
// render and runs timed ones.
func appProcessBudget(runs int) time.Duration { return 40 * time.Second * time.Duration(runs+1) }

// renderInProcess renders ugly in a new process running this test binary
// (TestAppRenderProcess): a warm-up render, then runs timed ones.
func renderInProcess(t *testing.T, name, ugly string, runs int) *appProcessResult {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("render process: %v", err)
	}
	out := filepath.Join(t.TempDir(), "result.json")
	// The process's own budget: each of its renders has TestApps' 40 s
	// (its Renderer's Timeout is 30 s), not all of them together.
	ctx, cancel := context.WithTimeout(context.Background(), appProcessBudget(runs))
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^TestAppRenderProcess$", "-test.count=1", "-test.timeout=0")
	cmd.Env = append(os.Environ(),
		appProcessURLEnv+"="+ugly,
		appProcessOutEnv+"="+out,
		appProcessNameEnv+"="+name,
		fmt.Sprintf("BANGSNAP_APP_RUNS=%d", runs),
		// The child's timings go to its result file, not to the parent's.
		"BANGSNAP_APP_TIMINGS=")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("render process for %s: %v\n%s", ugly, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("render process for %s: %v", ugly, err)
	}
	var res appProcessResult
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatalf("render process for %s: %v", ugly, err)
	}
	return &res
}

// TestAppRenderProcess is the render process of renderInProcess; it does
// nothing unless BANGSNAP_APP_PROCESS_URL is set.
func TestAppRenderProcess(t *testing.T) {
	ugly, out := os.Getenv(appProcessURLEnv), os.Getenv(appProcessOutEnv)
	if ugly == "" || out == "" {
		t.Skip("the render process of TestApps' timed renders (" + appProcessURLEnv + ")")
	}
	runs := appTimedRuns(t)
	ctx, cancel := context.WithTimeout(context.Background(), appProcessBudget(runs))
	defer cancel()
	r := bangsnap.NewRenderer(bangsnap.Options{Timeout: 30 * time.Second, Allow: loopbackOnly})
	if _, err := r.Render(ctx, ugly); err != nil {
		t.Logf("warm-up render: %v", err)
	}
	var res appProcessResult
	compiles := jsruntime.ProgramCompiles()
	var err error
	for range runs {
		heap := startHeapSampler()
		if res.IdleLive == 0 {
			res.IdleLive = readHeapMetric("/gc/heap/live:bytes")
		}
		start := time.Now()
		var snap *bangsnap.Snapshot
		snap, err = r.Render(ctx, ugly)
		res.Walls = append(res.Walls, time.Since(start))
		hp := heap.Stop()
		res.Peaks, res.Lives = append(res.Peaks, hp.objects), append(res.Lives, hp.live)
		if err != nil {
			break
		}
		floor, _ := snap.Report.CriticalPath()
		res.Busies, res.Floors = append(res.Busies, snap.Report.Timings.Busy), append(res.Floors, floor)
		res.Snapshot = snap
	}
	res.Compiles = jsruntime.ProgramCompiles() - compiles
	if dir := os.Getenv(appPeakProfileEnv); dir != "" && err == nil {
		if perr := profileRenderPeak(ctx, r, ugly, filepath.Join(dir, os.Getenv(appProcessNameEnv))); perr != nil {
			t.Errorf("heap profiles: %v", perr)
		}
	}
	if err != nil {
		res.Err = err.Error()
		switch {
		case errors.Is(err, bangsnap.ErrInternal):
			res.ErrKind = "internal"
		case errors.Is(err, bangsnap.ErrStuck):
			res.ErrKind = "stuck"
		}
	}
	b, err := json.Marshal(&res)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAppProcessRenderError checks that a render process's error keeps the
// sentinel TestApps tells a known gap from a bug by.
func TestAppProcessRenderError(t *testing.T) {
	for _, tc := range []struct {
		res             appProcessResult
		internal, stuck bool
	}{
		{appProcessResult{Err: "render: boom", ErrKind: "internal"}, true, false},
		{appProcessResult{Err: "render: stuck in a native call", ErrKind: "stuck"}, false, true},
		{appProcessResult{Err: "context deadline exceeded"}, false, false},
	} {
		err := tc.res.renderError()
		if err == nil || !strings.Contains(err.Error(), tc.res.Err) {
			t.Errorf("%+v: error %v, want one saying %q", tc.res, err, tc.res.Err)
			continue
		}
		if got := errors.Is(err, bangsnap.ErrInternal); got != tc.internal {
			t.Errorf("%+v: errors.Is(ErrInternal) = %v", tc.res, got)
		}
		if got := errors.Is(err, bangsnap.ErrStuck); got != tc.stuck {
			t.Errorf("%+v: errors.Is(ErrStuck) = %v", tc.res, got)
		}
	}
	if err := (&appProcessResult{}).renderError(); err != nil {
		t.Errorf("no error reported: got %v", err)
	}
}
