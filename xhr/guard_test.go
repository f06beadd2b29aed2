package xhr

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/loop"
)

// panicTransport is a faulty RoundTripper: it panics on every request.
type panicTransport struct{}

func (panicTransport) RoundTrip(*http.Request) (*http.Response, error) {
	panic("broken transport")
}

// TestPanickingTransport: a RoundTripper that panics on the request
// goroutine of Start, fetch or an XMLHttpRequest (or under a synchronous
// XMLHttpRequest) fails that request with a *PanicError through its normal
// completion path, logged with its stack, and the page's loop still ends
// quiet: the process survives.
func TestPanickingTransport(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	var logs bytes.Buffer
	p := newPage(t, srv, loop.Options{}, ClientOptions{
		Transport: panicTransport{},
		Logger:    slog.New(slog.NewTextHandler(&logs, nil)),
	})
	var startErr, fetchErr, syncErr error
	calls := 0
	var x *XHR
	r := p.run(func() {
		p.c.Start(context.Background(), p.l, get(t, srv.URL+"/script.js"), Params{Kind: KindScript}, func(_ *Result, err error) {
			startErr = err
			calls++
		})
		req, err := NewRequest("/api", p.c.DocumentURL(), RequestInit{})
		must(t, err)
		Fetch(context.Background(), p.l, p.c, req, func(_ *Response, err error) {
			fetchErr = err
			calls++
		})
		x = p.xhr("a")
		must(t, x.Open("GET", "/data", true, nil, nil))
		must(t, x.Send(nil))
		s := p.xhr("s")
		must(t, s.Open("GET", "/sync", false, nil, nil))
		syncErr = s.Send(nil)
	})
	if r.Reason != loop.ReasonQuiescent {
		t.Errorf("loop result %+v", r)
	}
	if calls != 2 {
		t.Fatalf("completions: %d, want 2", calls)
	}
	var pe *PanicError
	if !errors.As(startErr, &pe) || pe.Value != "broken transport" || !strings.HasSuffix(pe.URL, "/script.js") {
		t.Errorf("Start: %v", startErr)
	}
	var de *DOMError
	if !errors.As(fetchErr, &de) || de.Name != "TypeError" || !errors.Is(fetchErr, ErrPanic) {
		t.Errorf("fetch: %v", fetchErr)
	}
	if !errors.As(syncErr, &de) || de.Name != "NetworkError" || !errors.Is(syncErr, ErrPanic) {
		t.Errorf("sync XHR: %v", syncErr)
	}
	if !slices.Contains(p.events, "a:error:4") || !slices.Contains(p.events, "a:loadend:4") {
		t.Errorf("async XHR events: %q", p.events)
	}
	if n := strings.Count(logs.String(), "request panicked"); n != 4 {
		t.Errorf("%d panics logged, want 4:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "guard_test.go") {
		t.Errorf("log has no stack:\n%s", logs.String())
	}
}
