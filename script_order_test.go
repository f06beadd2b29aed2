package bangsnap

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDynamicScriptsDeterministic: scripts that one task inserts (async
// and ordered ones) and that no preload knew of are recorded in the order
// the page asked for them, whatever their random latency and the scheduling
// of the goroutines that fetch them, across 15 deterministic renders.
func TestDynamicScriptsDeterministic(t *testing.T) {
	const n = 8
	var page strings.Builder
	page.WriteString(`<!doctype html><div id="out"></div><script>`)
	for i := range n {
		fmt.Fprintf(&page, `(function () { var s = document.createElement("script"); s.src = "/dyn%d.js"; s.async = %v; document.head.appendChild(s); })();`, i, i%2 == 0)
	}
	page.WriteString(`</script>`)
	srv := newScriptServer(page.String())
	var rmu sync.Mutex
	rnd := uint64(7)
	srv.delay = func(string) time.Duration {
		rmu.Lock()
		defer rmu.Unlock()
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return time.Duration(rnd>>40%5000) * time.Microsecond
	}
	r := NewRenderer(Options{Handler: srv, Deterministic: true, Timeout: time.Minute})
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("script http://det.test/dyn%d.js", i))
	}
	for i := range 15 {
		snap, err := r.Render(context.Background(), "http://det.test/")
		if err != nil {
			t.Fatal(err)
		}
		var reqs []string
		for _, q := range snap.Report.Requests {
			if q.Kind == "script" {
				reqs = append(reqs, q.Kind+" "+q.URL)
			}
		}
		if !slices.Equal(reqs, want) {
			t.Fatalf("render %d request record:\n%q\nwant:\n%q", i, reqs, want)
		}
	}
}
