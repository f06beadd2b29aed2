package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/server/demo"
)

// fixedCostRenderer stands in for the renderer in load tests: each render
// takes cost of wall time and returns a snapshot of size bytes.
type fixedCostRenderer struct {
	cost time.Duration
	body []byte
}

func (f fixedCostRenderer) Render(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
	select {
	case <-time.After(f.cost):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &bangsnap.Snapshot{HTML: f.body, Status: 200, Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}}, URL: url}, nil
}

const (
	benchRenderCost = 5 * time.Millisecond
	benchBodyBytes  = 16 << 10
)

// benchServe drives a Service in front of the demo site on loopback with
// parallel clients and reports requests per second and p50/p99 latency.
// uncached requests each ask for a new URL, so each costs one render. The
// renderer is a stand-in of fixed cost: these numbers measure the server
// (cache, single-flight, pool, HTTP), not rendering.
func benchServe(b *testing.B, uncached bool) {
	body := []byte("<!DOCTYPE html><html><body>" + strings.Repeat("<p>snapshot text</p>", benchBodyBytes/20) + "</body></html>")
	benchServeWith(b, fixedCostRenderer{cost: benchRenderCost, body: body}, 16, uncached, "/item/1")
}

// benchServeWith is benchServe with a given renderer (nil: the real one),
// render concurrency and #! state of the demo shop.
func benchServeWith(b *testing.B, r Renderer, concurrency int, uncached bool, state string) {
	svc := New(Options{
		Renderer:    r,
		Logger:      discardLogger(),
		Concurrency: concurrency,
		QueueSize:   1 << 16,
	})
	ts := httptest.NewServer(svc.Middleware(demo.Handler()))
	defer ts.Close()
	tr := &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}

	get := func(url string) error {
		resp, err := client.Get(url)
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return &renderError{"status " + strconv.Itoa(resp.StatusCode)}
		}
		return err
	}
	cachedURL := ts.URL + "/shop?_escaped_fragment_=" + state
	if err := get(cachedURL); err != nil {
		b.Fatal(err)
	}

	var (
		seq       atomic.Int64
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, b.N)
	)
	b.SetParallelism(8)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		local := make([]time.Duration, 0, 1024)
		for pb.Next() {
			url := cachedURL
			if uncached {
				url = ts.URL + "/shop?v=" + strconv.FormatInt(seq.Add(1), 10) + "&_escaped_fragment_=" + state
			}
			t0 := time.Now()
			if err := get(url); err != nil {
				b.Error(err)
				return
			}
			local = append(local, time.Since(t0))
		}
		mu.Lock()
		latencies = append(latencies, local...)
		mu.Unlock()
	})
	elapsed := time.Since(start)
	b.StopTimer()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))]) / float64(time.Millisecond)
	}
	b.ReportMetric(float64(len(latencies))/elapsed.Seconds(), "req/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// BenchmarkServeCached: snapshots served from the cache on loopback.
func BenchmarkServeCached(b *testing.B) { benchServe(b, false) }

// BenchmarkServeUncached: every request renders (fake renderer, 5ms each,
// 16 concurrent renders).
func BenchmarkServeUncached(b *testing.B) { benchServe(b, true) }

// BenchmarkServeRenderedUncached: every request renders the demo shop's
// #!/about state with the real renderer (scripts, a timer, serialization),
// one render per CPU at a time.
func BenchmarkServeRenderedUncached(b *testing.B) {
	benchServeWith(b, nil, 0, true, "/about")
}

// BenchmarkCacheKey: the per-request cost of normalizing an ugly URL.
func BenchmarkCacheKey(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CacheKey("http://Example.com:80/shop?page=2&_escaped_fragment_=/item/1%3Fcolor%3Dred"); err != nil {
			b.Fatal(err)
		}
	}
}

// discardWriter is a ResponseWriter that keeps nothing but its header map.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}

// BenchmarkMiddlewareCacheHit: the middleware's own cost for a cached
// snapshot, without the network (parse the ugly URL, key, lookup, headers).
func BenchmarkMiddlewareCacheHit(b *testing.B) {
	svc := New(Options{Renderer: fixedCostRenderer{body: []byte("<html><body>snapshot</body></html>")}, Logger: discardLogger()})
	h := svc.Middleware(demo.Handler())
	req := httptest.NewRequest("GET", "http://shop.example/shop?_escaped_fragment_=/item/1", nil)
	w := &discardWriter{h: make(http.Header)}
	h.ServeHTTP(w, req) // render and cache
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		h.ServeHTTP(w, req)
	}
	if w.h.Get("X-Bangsnap-Cache") != "hit" {
		b.Fatalf("not a cache hit: %v", w.h)
	}
}
