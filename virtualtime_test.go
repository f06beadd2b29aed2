package bangsnap_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// racePage starts five requests at once and appends each answer in the
// order the answers arrive, with the page's clock and randomness: in a
// browser the bytes differ from one load to the next.
const racePage = `<!doctype html><title>race</title><ul id="out"></ul><script>
var out = document.getElementById("out");
var t0 = Date.now();
["a", "b", "c", "d", "e"].forEach(function (name) {
	var x = new XMLHttpRequest();
	x.open("GET", "/data/" + name);
	x.onload = function () {
		var li = document.createElement("li");
		li.textContent = x.responseText + " at +" + (Date.now() - t0) + "ms r=" + Math.random().toFixed(6);
		out.appendChild(li);
	};
	x.send();
});
fetch("/data/f").then(function (r) { return r.text(); }).then(function (s) {
	var li = document.createElement("li");
	li.textContent = "fetch " + s + " on " + new Date().toISOString();
	out.appendChild(li);
});
</script>`

// raceServer answers racePage and its data with a random real latency of
// up to 25ms per request, on a loopback listener.
func raceServer(t testing.TB) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, racePage)
			return
		}
		time.Sleep(time.Duration(rand.IntN(25000)) * time.Microsecond)
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, strings.TrimPrefix(r.URL.Path, "/data/"))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestDeterministicRacingRequests renders a page whose requests race with
// random real latencies 20 times in deterministic mode: every snapshot has
// the same bytes, and all six answers are in it.
func TestDeterministicRacingRequests(t *testing.T) {
	srv := raceServer(t)
	r := bangsnap.NewRenderer(bangsnap.Options{Deterministic: true})
	var first []byte
	for i := range 20 {
		snap, err := r.Render(context.Background(), srv.URL+"/")
		if err != nil {
			t.Fatal(err)
		}
		if snap.Report.Partial {
			t.Fatalf("render %d partial: %s %v", i, snap.Report.Reason, snap.Report.Pending)
		}
		if i == 0 {
			first = snap.HTML
			if n := bytes.Count(first, []byte("<li>")); n != 6 {
				t.Fatalf("want 6 answers in the snapshot, got %d:\n%s", n, first)
			}
			continue
		}
		if !bytes.Equal(snap.HTML, first) {
			t.Fatalf("render %d differs from render 0:\n%s\nwant:\n%s", i, snap.HTML, first)
		}
	}
}

// slowRevealPage shows its content after setTimeout(…, 10000) and a chain
// of five 100ms timers: 10s of virtual time (the chain runs beside the long timer).
const slowRevealPage = `<!doctype html><title>slow</title><div id="main">loading</div><ol id="chain"></ol><script>
setTimeout(function () { document.getElementById("main").textContent = "revealed after 10s"; }, 10000);
(function step(n) {
	if (n > 5) return;
	setTimeout(function () {
		var li = document.createElement("li");
		li.textContent = "step " + n;
		document.getElementById("chain").appendChild(li);
		step(n + 1);
	}, 100);
})(1);
</script>`

func slowRevealRenderer() *bangsnap.Renderer {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, slowRevealPage)
	})
	// The reveal is 10s after the page's start: a settle horizon above it
	// waits for it (the default 5s would, by design, not).
	return bangsnap.NewRenderer(bangsnap.Options{Handler: h, SettleHorizon: 15 * time.Second})
}

func TestSlowRevealRendersCompletely(t *testing.T) {
	snap, err := slowRevealRenderer().Render(context.Background(), "http://slow.test/")
	if err != nil {
		t.Fatal(err)
	}
	html := string(snap.HTML)
	for _, want := range []string{"revealed after 10s", "<li>step 1</li>", "<li>step 5</li>"} {
		if !strings.Contains(html, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, html)
		}
	}
	if snap.Report.Partial {
		t.Errorf("partial render: %s", snap.Report.Reason)
	}
	if v := snap.Report.Timings.Virtual; v < 10*time.Second {
		t.Errorf("virtual time %v, want at least 10s", v)
	}
}

// BenchmarkSlowReveal reports the wall time of rendering 10.5s of virtual
// time, and the ratio between the two.
func BenchmarkSlowReveal(b *testing.B) {
	r := slowRevealRenderer()
	ctx := context.Background()
	b.ReportAllocs()
	var virtual time.Duration
	start := time.Now()
	for b.Loop() {
		snap, err := r.Render(ctx, "http://slow.test/")
		if err != nil {
			b.Fatal(err)
		}
		virtual = snap.Report.Timings.Virtual
	}
	wall := time.Since(start) / time.Duration(b.N)
	b.ReportMetric(virtual.Seconds(), "virtual-s/op")
	b.ReportMetric(float64(wall)/float64(virtual), "wall/virtual")
}
