package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// fakeRenderer returns controlled snapshots, counts calls, and can block
// until released or fail.
type fakeRenderer struct {
	calls   atomic.Int64
	started chan string   // receives each URL as its render starts (if non-nil)
	release chan struct{} // when non-nil, renders wait for a value or close
	fn      func(ctx context.Context, url string) (*bangsnap.Snapshot, error)

	mu   sync.Mutex
	urls []string
}

func (f *fakeRenderer) Render(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
	f.calls.Add(1)
	f.mu.Lock()
	f.urls = append(f.urls, url)
	f.mu.Unlock()
	if f.started != nil {
		f.started <- url
	}
	if f.release != nil {
		select {
		case <-f.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if f.fn != nil {
		return f.fn(ctx, url)
	}
	return htmlSnapshot(url), nil
}

func (f *fakeRenderer) lastURL() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.urls) == 0 {
		return ""
	}
	return f.urls[len(f.urls)-1]
}

// htmlSnapshot is a 200 snapshot whose body names url.
func htmlSnapshot(url string) *bangsnap.Snapshot {
	return &bangsnap.Snapshot{
		HTML:   []byte("<!DOCTYPE html><html><head></head><body><p>rendered " + url + "</p></body></html>"),
		Status: http.StatusOK,
		Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}},
		URL:    url,
		Report: bangsnap.Report{Reason: "quiescent"},
	}
}

// fakeClock is an injectable clock for TTL tests.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// testOptions are Options with a fake renderer and a silent logger.
func testOptions(r Renderer) Options {
	return Options{Renderer: r, Logger: discardLogger(), Concurrency: 4}
}

// siteHandler is a small origin: fixed bytes and headers for every path.
func siteHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("X-Site", "yes")
		w.Header().Add("Set-Cookie", "a=1")
		w.Header().Add("Set-Cookie", "b=2")
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, "<html>origin "+r.Method+" "+r.RequestURI+"</html>")
	})
}

// get performs a request against a test server and returns the response
// with its body read.
func do(t testing.TB, method, url string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// waitFor polls cond until it holds. It never asserts on time: the test's
// own deadline bounds it.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		if deadline, ok := t.(*testing.T); ok && deadline.Context().Err() != nil {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// newTestServer serves h on 127.0.0.1 and closes it with the test.
func newTestServer(t testing.TB, h http.Handler) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts
}

func oneLine(s string) bool { return strings.Count(s, "\n") == 1 && strings.HasSuffix(s, "\n") }
