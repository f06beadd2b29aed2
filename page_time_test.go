package bangsnap_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// openHTML opens a page made of body, served in process.
func openHTML(t *testing.T, body string, opts bangsnap.Options) *bangsnap.Page {
	t.Helper()
	opts.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, body)
	})
	page, err := bangsnap.Open(context.Background(), "http://page.test/", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	return page
}

// A clock ticking every second, a debounced search box and a slow banner.
const tickerPage = `<!doctype html><p id="clock">0</p><input id="q"><p id="results"></p>
<script>
var ticks = 0;
setInterval(function () { document.getElementById("clock").textContent = ++ticks; }, 1000);
var h;
document.getElementById("q").addEventListener("input", function (e) {
  clearTimeout(h);
  h = setTimeout(function () { document.getElementById("results").textContent = "results for " + e.target.value; }, 300);
});
setTimeout(function () { var b = document.createElement("div"); b.id = "banner"; document.body.appendChild(b); }, 2500);
</script>`

func TestPageAdvance(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, tickerPage, bangsnap.Options{Deterministic: true})
	start := page.Now()
	clock := func() string { return page.Query("#clock").Text() }
	// Open ran the page until quiet: until the banner at 2.5s, the
	// interval ticking on the way (it counts for loop.IntervalHorizon only).
	opened := clock()
	if opened != "2" || page.Query("#banner") == nil {
		t.Fatalf("after Open: clock %s, banner %v; want 2 ticks and the banner", opened, page.Query("#banner") != nil)
	}
	steps := []struct {
		d    time.Duration
		want int // ticks since the last step
	}{{499 * time.Millisecond, 0}, {time.Millisecond, 1}, {10 * time.Second, 10}, {0, 0}}
	ticks := 0
	fmt.Sscan(opened, &ticks)
	for _, s := range steps {
		if err := page.Advance(ctx, s.d); err != nil {
			t.Fatal(err)
		}
		ticks += s.want
		if got := clock(); got != fmt.Sprint(ticks) {
			t.Errorf("after advancing %v: clock %s, want %d", s.d, got, ticks)
		}
	}
	if rep := page.Report(); rep.Reason != "advanced" || rep.Partial {
		t.Errorf("report after Advance: %s partial=%v", rep.Reason, rep.Partial)
	}
	if err := page.Advance(ctx, -time.Second); err == nil {
		t.Error("a negative Advance was accepted")
	}
	// Elapsed page time is virtual: 10.5s passed here in no wall time to
	// speak of, and Now says so.
	if got := page.Now().Sub(start); got != 10500*time.Millisecond {
		t.Errorf("page clock moved %v, want 10.5s", got)
	}
}

func TestPageWaitFor(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, `<!doctype html><script>
		setTimeout(function () { var b = document.createElement("div"); b.id = "late"; b.textContent = "here"; document.body.appendChild(b); }, 4000);
	</script>`, bangsnap.Options{Deterministic: true, SettleHorizon: time.Second})
	// The horizon is 1s: Open stopped waiting before the element came.
	if page.Query("#late") != nil {
		t.Fatal("the late element came during Open")
	}
	start := page.Now()
	el, err := page.WaitFor(ctx, "#late")
	if err != nil {
		t.Fatal(err)
	}
	if el.Text() != "here" {
		t.Errorf("WaitFor returned %q", el.Text())
	}
	// The element comes 4s after Open, plus the work of the timer's task
	// that adds it (a few binding calls, loop.WorkCost each).
	if got := page.Now().Sub(start); got > 4*time.Second+time.Millisecond {
		t.Errorf("WaitFor ran %v of page time, past the element's arrival", got)
	}
	_, err = page.WaitFor(ctx, "#never")
	if !errors.Is(err, bangsnap.ErrNotFound) {
		t.Errorf("waiting for an element that never comes: %v", err)
	}
}

// TestPageNeverQuiet: a page that never rests ends WaitIdle with a
// *PartialError naming the budget, not a hang; Advance steps it.
func TestPageNeverQuiet(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, `<!doctype html><script>
		window.prerenderReady = false;
		setInterval(function () { document.title = Date.now(); }, 100);
	</script>`, bangsnap.Options{Deterministic: true, VirtualLimit: 10 * time.Second})
	err := page.WaitIdle(ctx)
	var pe *bangsnap.PartialError
	if !errors.As(err, &pe) || pe.Reason != "virtual-time" {
		t.Fatalf("WaitIdle on a page never ready: %v", err)
	}
	if err := page.Advance(ctx, time.Second); err != nil {
		t.Errorf("Advance on a page never quiet: %v", err)
	}
	if _, err := page.WaitFor(ctx, "#never"); !errors.As(err, &pe) || !errors.Is(err, bangsnap.ErrNotFound) {
		t.Errorf("WaitFor on a page never quiet: %v", err)
	}
}

// TestPageRequestNeverAnswered: a request that never ends holds the page
// until the wall budget, then WaitIdle says what was pending.
func TestPageRequestNeverAnswered(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hang" {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><button id="b" onclick="fetch('/hang')">load</button>`)
	})
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://hang.test/", bangsnap.Options{Handler: h, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	err = page.Click(ctx, "#b")
	var pe *bangsnap.PartialError
	if !errors.As(err, &pe) || pe.Reason != "wall-time" || len(pe.Pending) == 0 {
		t.Fatalf("Click starting a request never answered: %v", err)
	}
	if !strings.Contains(pe.Pending[0], "/hang") {
		t.Errorf("pending %q does not name the request", pe.Pending)
	}
}
