package webapi

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// slowLoader serves modules after a fixed latency and records how many
// loads were in flight at once.
type slowLoader struct {
	files   map[string]string
	latency time.Duration
	// barrier, when set, holds every load until this many are in flight
	// together (or the context ends).
	barrier int

	mu       sync.Mutex
	inFlight int
	maxSeen  int
	loads    int
	release  chan struct{}
	released bool
}

func (s *slowLoader) load(ctx context.Context, url string) ([]byte, error) {
	s.mu.Lock()
	s.loads++
	s.inFlight++
	s.maxSeen = max(s.maxSeen, s.inFlight)
	if s.release == nil {
		s.release = make(chan struct{})
	}
	release := s.release
	if s.barrier > 0 && s.inFlight == s.barrier && !s.released {
		s.released = true
		close(release)
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	if s.barrier > 0 {
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if s.latency > 0 {
		time.Sleep(s.latency)
	}
	src, ok := s.files[url]
	if !ok {
		return nil, fmt.Errorf("404 %s", url)
	}
	return []byte(src), nil
}

func depsOf(files map[string]string) []moduleDep {
	deps := make([]moduleDep, 0, len(files))
	for u, src := range files {
		deps = append(deps, moduleDep{url: u, hash: hashString(src)})
	}
	return deps
}

func moduleFiles(n int) map[string]string {
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("https://app.test/m%d.js", i)] = fmt.Sprintf("export const m%d = %d;", i, i)
	}
	return files
}

func TestDepsUnchanged(t *testing.T) {
	files := moduleFiles(13)
	deps := depsOf(files)
	changed := moduleFiles(13)
	changed["https://app.test/m7.js"] = "export const m7 = 'new';"
	missing := moduleFiles(13)
	delete(missing, "https://app.test/m12.js")
	cases := []struct {
		name  string
		files map[string]string
		want  bool
	}{
		{"unchanged", files, true},
		{"one changed", changed, false},
		{"one gone", missing, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &slowLoader{files: c.files}
			if got := depsUnchanged(context.Background(), deps, s.load); got != c.want {
				t.Fatalf("depsUnchanged = %v, want %v", got, c.want)
			}
			if s.maxSeen > depsParallel {
				t.Errorf("%d loads in flight, limit %d", s.maxSeen, depsParallel)
			}
		})
	}
	t.Run("no deps", func(t *testing.T) {
		if !depsUnchanged(context.Background(), nil, (&slowLoader{}).load) {
			t.Fatal("an empty graph is unchanged")
		}
	})
}

// TestDepsUnchangedConcurrent holds every load until depsParallel of them
// are in flight together: a loader called one module at a time would never
// get there (the context deadline only guards against a hang).
func TestDepsUnchangedConcurrent(t *testing.T) {
	files := moduleFiles(13)
	s := &slowLoader{files: files, barrier: depsParallel}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if !depsUnchanged(ctx, depsOf(files), s.load) {
		t.Fatal("unchanged graph reported changed")
	}
	if ctx.Err() != nil {
		t.Fatal("loads never ran together")
	}
	if s.maxSeen != depsParallel || s.loads != len(files) {
		t.Fatalf("max in flight %d (want %d), loads %d (want %d)", s.maxSeen, depsParallel, s.loads, len(files))
	}
}

// TestDepsUnchangedCancel: a cancelled context makes the check fail rather
// than trust what it could not load, and the first difference stops the
// loads not yet started.
func TestDepsUnchangedCancel(t *testing.T) {
	files := moduleFiles(13)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	load := func(ctx context.Context, url string) ([]byte, error) {
		calls++
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return []byte(files[url]), nil
	}
	if depsUnchanged(ctx, depsOf(files), load) {
		t.Fatal("cancelled check reported the graph unchanged")
	}
	if calls != 0 {
		t.Errorf("%d loads started after cancellation", calls)
	}

	var mu sync.Mutex
	started := 0
	failing := func(ctx context.Context, url string) ([]byte, error) {
		mu.Lock()
		started++
		mu.Unlock()
		return nil, errors.New("boom")
	}
	many := moduleFiles(200)
	if depsUnchanged(context.Background(), depsOf(many), failing) {
		t.Fatal("failing loads reported unchanged")
	}
	if started == len(many) {
		t.Errorf("every one of %d loads started after the first failed", started)
	}
}

// BenchmarkDepsUnchanged checks a cached 13-module graph (lit's size)
// through a loader with a fixed 1ms latency.
func BenchmarkDepsUnchanged(b *testing.B) {
	files := moduleFiles(13)
	deps := depsOf(files)
	s := &slowLoader{files: files, latency: time.Millisecond}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if !depsUnchanged(ctx, deps, s.load) {
			b.Fatal("changed")
		}
	}
}
