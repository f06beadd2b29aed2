package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// TestRenderPanic: a Renderer that panics on the render goroutine fails that
// render with a *RenderPanicError (a 502, logged with its stack); the
// process survives, the render slot is given back and the next render works.
func TestRenderPanic(t *testing.T) {
	var logs bytes.Buffer
	var panics atomic.Bool
	panics.Store(true)
	fr := &fakeRenderer{fn: func(_ context.Context, url string) (*bangsnap.Snapshot, error) {
		if panics.Load() {
			panic("broken renderer")
		}
		return htmlSnapshot(url), nil
	}}
	opts := testOptions(fr)
	opts.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	opts.Concurrency = 1
	svc := New(opts)
	ts := newTestServer(t, svc.Middleware(siteHandler()))
	resp, body := do(t, "GET", ts.URL+"/page?_escaped_fragment_=a", nil)
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, "panicked: broken renderer") {
		t.Errorf("panicking render: %d %q", resp.StatusCode, body)
	}
	if !strings.Contains(logs.String(), "render panicked") || !strings.Contains(logs.String(), "flight_test.go") {
		t.Errorf("panic not logged with its stack:\n%s", logs.String())
	}
	panics.Store(false)
	resp, body = do(t, "GET", ts.URL+"/page?_escaped_fragment_=b", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "rendered") {
		t.Errorf("render after a panic: %d %q", resp.StatusCode, body)
	}

	var g flightGroup
	g.log = slog.New(slog.DiscardHandler)
	_, _, err := g.do(context.Background(), "k", func(context.Context) (*entry, error) { panic(7) })
	var pe *RenderPanicError
	if !errors.As(err, &pe) || pe.Value != 7 || pe.Key != "k" || !errors.Is(err, ErrRenderPanic) {
		t.Errorf("flightGroup.do = %v", err)
	}
}
