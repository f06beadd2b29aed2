package bangsnap_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// slowDocumentServer serves /page after headerDelay, its body in two halves
// bodyDelay apart; the page runs timers for about 300 ms of virtual time
// and marks its end.
func slowDocumentServer(t *testing.T, headerDelay, bodyDelay time.Duration) *httptest.Server {
	t.Helper()
	page := `<!doctype html><title>slow</title><body><p id=p>static</p><script>
let n = 0;
const tick = () => { if (++n < 30) setTimeout(tick, 10); else document.getElementById("p").dataset.done = n; };
tick();
</script>`
	half := len(page) / 2
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sleep := func(d time.Duration) bool {
			select {
			case <-time.After(d):
				return true
			case <-r.Context().Done():
				return false
			}
		}
		if r.URL.Path == "/loop" {
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><p data-before=yes>x</p><script>while (true) {}</script>`)
			return
		}
		if !sleep(headerDelay) {
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page[:half])
		w.(http.Flusher).Flush()
		if !sleep(bodyDelay) {
			return
		}
		io.WriteString(w, page[half:])
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestTimeoutCountsAfterDocument: Options.Timeout is the page's run budget,
// counted once its document has arrived, so a server slower than it leaves
// the scripts their whole budget; the fetch has FetchTimeout.
func TestTimeoutCountsAfterDocument(t *testing.T) {
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	t.Run("slow headers and body", func(t *testing.T) {
		srv := slowDocumentServer(t, 700*time.Millisecond, 700*time.Millisecond)
		// The document takes 1.4 s, more than the 1 s Timeout: before
		// FetchTimeout the fetch ate the budget and the render failed.
		snap, err := bangsnap.Render(context.Background(), srv.URL+"/page", bangsnap.Options{Timeout: time.Second, FetchTimeout: 10 * time.Second, Logger: quiet})
		if err != nil {
			t.Fatalf("Render: %v", err)
		}
		if snap.Report.Partial {
			t.Errorf("partial (%s), want the page's run to have its whole budget", snap.Report.Reason)
		}
		if !strings.Contains(string(snap.HTML), `data-done="30"`) {
			t.Errorf("the page's timers did not finish: %s", snap.HTML)
		}
		if f := snap.Report.Timings.Fetch; f < 1300*time.Millisecond {
			t.Errorf("Timings.Fetch %v, want the server's 1.4 s", f)
		}
	})
	t.Run("fetch timeout", func(t *testing.T) {
		srv := slowDocumentServer(t, 5*time.Second, 0)
		start := time.Now()
		_, err := bangsnap.Render(context.Background(), srv.URL+"/page", bangsnap.Options{Timeout: 30 * time.Second, FetchTimeout: 300 * time.Millisecond, Logger: quiet})
		var fe *bangsnap.FetchError
		if !errors.As(err, &fe) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Render: %v, want a *FetchError wrapping context.DeadlineExceeded", err)
		}
		if !strings.Contains(err.Error(), "300ms") {
			t.Errorf("error %q does not name the fetch budget", err)
		}
		// Not a timing assertion: the server answers only after 5 s,
		// so a render that waited for it ignored FetchTimeout.
		if d := time.Since(start); d >= 5*time.Second {
			t.Errorf("Render returned after %v, past the server's answer: FetchTimeout ignored", d)
		}
	})
	t.Run("default fetch timeout is Timeout", func(t *testing.T) {
		srv := slowDocumentServer(t, 5*time.Second, 0)
		_, err := bangsnap.Render(context.Background(), srv.URL+"/page", bangsnap.Options{Timeout: 300 * time.Millisecond, Logger: quiet})
		var fe *bangsnap.FetchError
		if !errors.As(err, &fe) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Render: %v, want a *FetchError wrapping context.DeadlineExceeded", err)
		}
	})
	t.Run("runaway page still ends at its budget", func(t *testing.T) {
		srv := slowDocumentServer(t, 0, 0)
		snap, err := bangsnap.Render(context.Background(), srv.URL+"/loop", bangsnap.Options{Timeout: 300 * time.Millisecond, Logger: quiet})
		if err != nil {
			t.Fatalf("Render: %v", err)
		}
		if !snap.Report.Partial || snap.Report.Reason != "wall-time" {
			t.Errorf("partial %v %q, want partial at wall-time", snap.Report.Partial, snap.Report.Reason)
		}
	})
}
