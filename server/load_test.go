package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Past the render slots and the queue, requests get 503 with Retry-After.
func TestOverload503(t *testing.T) {
	fr := &fakeRenderer{release: make(chan struct{}), started: make(chan string, 8)}
	opts := testOptions(fr)
	opts.Concurrency, opts.QueueSize, opts.RetryAfter = 1, 1, 7*time.Second
	svc := New(opts)
	ts := newTestServer(t, svc.Middleware(siteHandler()))

	var wg sync.WaitGroup
	statuses := make([]int, 2)
	for i, q := range []string{"running", "queued"} {
		wg.Go(func() {
			resp, _ := do(t, "GET", ts.URL+"/p?_escaped_fragment_="+q, nil)
			statuses[i] = resp.StatusCode
		})
		if i == 0 {
			<-fr.started
		}
	}
	waitFor(t, "a render in the queue", func() bool { return svc.pool.queued() == 1 })

	resp, body := do(t, "GET", ts.URL+"/p?_escaped_fragment_=third", nil)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "7" || !oneLine(body) {
		t.Errorf("got %d Retry-After %q %q; want 503, 7", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	_, metrics := do(t, "GET", newTestServer(t, svc.MetricsHandler()).URL, nil)
	for _, want := range []string{"bangsnap_queue_length 1\n", "bangsnap_renders_in_flight 1\n", `bangsnap_renders_total{outcome="overloaded"} 1` + "\n"} {
		if !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	close(fr.release)
	wg.Wait()
	if statuses[0] != 200 || statuses[1] != 200 {
		t.Errorf("running and queued requests got %v, want 200s", statuses)
	}
}

// A client that goes away while its render is queued cancels the render:
// it never starts.
func TestClientDisconnectCancelsQueuedRender(t *testing.T) {
	fr := &fakeRenderer{release: make(chan struct{}), started: make(chan string, 8)}
	opts := testOptions(fr)
	opts.Concurrency, opts.QueueSize = 1, 4
	svc := New(opts)
	ts := newTestServer(t, svc.Middleware(siteHandler()))

	done := make(chan struct{})
	go func() {
		defer close(done)
		do(t, "GET", ts.URL+"/p?_escaped_fragment_=busy", nil)
	}()
	<-fr.started

	ctx, cancel := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/p?_escaped_fragment_=gone", nil)
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	waitFor(t, "the second render to queue", func() bool { return svc.pool.queued() == 1 })
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("client error %v, want canceled", err)
	}
	waitFor(t, "the queue to empty", func() bool { return svc.pool.queued() == 0 })
	waitFor(t, "the canceled render to be counted", func() bool { return svc.metrics.renders[outcomeCanceled].Load() == 1 })
	close(fr.release)
	<-done
	if n := fr.calls.Load(); n != 1 {
		t.Errorf("%d renders started, want 1 (the queued one was canceled)", n)
	}
}

// Shutdown lets a render in flight finish and its client get the snapshot.
func TestShutdownWithRenderInFlight(t *testing.T) {
	fr := &fakeRenderer{release: make(chan struct{}), started: make(chan string, 1)}
	svc := New(testOptions(fr))
	srv := NewServer("127.0.0.1:0", svc.Handler(svc.Middleware(siteHandler())), svc)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	type result struct {
		status int
		body   string
	}
	res := make(chan result, 1)
	go func() {
		resp, body := do(t, "GET", "http://"+ln.Addr().String()+"/p?_escaped_fragment_=a", nil)
		res <- result{resp.StatusCode, body}
	}()
	<-fr.started

	shut := make(chan error, 1)
	go func() { shut <- srv.Shutdown(t.Context()) }()
	// New connections are refused once shutdown has begun.
	waitFor(t, "the listener to close", func() bool {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	close(fr.release)
	r := <-res
	if r.status != 200 || !strings.Contains(r.body, "rendered ") {
		t.Errorf("in-flight request got %d %q, want the snapshot", r.status, r.body)
	}
	if err := <-shut; err != nil {
		t.Errorf("Shutdown: %v", err)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// The pool hands out at most Concurrency slots and queues at most QueueSize.
func TestRenderPool(t *testing.T) {
	p := newRenderPool(2, 1)
	ctx := t.Context()
	for range 2 {
		if err := p.acquire(ctx, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.acquire(ctx, false); !errors.Is(err, ErrOverloaded) {
		t.Errorf("no-wait acquire on a full pool: %v", err)
	}
	queued := make(chan error, 1)
	go func() { queued <- p.acquire(ctx, true) }()
	waitFor(t, "queued", func() bool { return p.queued() == 1 })
	if err := p.acquire(ctx, true); !errors.Is(err, ErrOverloaded) {
		t.Errorf("acquire with a full queue: %v", err)
	}
	p.release()
	if err := <-queued; err != nil {
		t.Errorf("queued acquire: %v", err)
	}
	if p.running() != 2 || p.queued() != 0 {
		t.Errorf("running %d queued %d", p.running(), p.queued())
	}
}
