package bangsnap_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// span is a request from start to end, in milliseconds.
type span struct{ start, end int }

func reportOf(spans []span) *bangsnap.Report {
	r := &bangsnap.Report{}
	for i, s := range spans {
		r.Requests = append(r.Requests, bangsnap.Request{
			URL:      fmt.Sprint("/r", i),
			Start:    time.Duration(s.start) * time.Millisecond,
			Duration: time.Duration(s.end-s.start) * time.Millisecond,
		})
	}
	return r
}

func TestCriticalPath(t *testing.T) {
	tests := []struct {
		name      string
		spans     []span
		wantFloor int // ms
		wantChain []int
	}{
		{"no requests", nil, 0, nil},
		{"one", []span{{5, 25}}, 20, []int{0}},
		{"in parallel", []span{{0, 50}, {0, 80}, {10, 30}}, 80, []int{1}},
		{"a chain", []span{{0, 10}, {12, 92}, {95, 175}, {180, 260}}, 250, []int{0, 1, 2, 3}},
		{"touching ends chain", []span{{0, 10}, {10, 20}}, 20, []int{0, 1}},
		{"overlap is no chain", []span{{0, 100}, {50, 150}}, 100, []int{0}},
		// The page, two scripts in parallel, then three dependent XHRs
		// (jquery1's recipes -> recipe -> tips): the longer script is on
		// the path, the shorter one is not.
		{"page, scripts, xhr chain", []span{{0, 10}, {12, 22}, {12, 30}, {40, 120}, {125, 205}, {210, 290}}, 268, []int{0, 2, 3, 4, 5}},
		// Records come in the order requests ended, not started.
		{"out of order", []span{{210, 290}, {0, 10}, {125, 205}, {40, 120}}, 250, []int{1, 3, 2, 0}},
		{"a long one beats a chain of short ones", []span{{0, 10}, {11, 20}, {21, 30}, {0, 45}}, 45, []int{3}},
		{"zero-length requests at one instant", []span{{5, 5}, {5, 5}, {5, 5}}, 0, []int{0}},
		{"cached scripts between answers", []span{{0, 40}, {40, 40}, {40, 40}, {41, 81}}, 80, []int{0, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			floor, chain := reportOf(tt.spans).CriticalPath()
			if floor != time.Duration(tt.wantFloor)*time.Millisecond || !slices.Equal(chain, tt.wantChain) {
				t.Errorf("CriticalPath() = %v %v, want %dms %v", floor, chain, tt.wantFloor, tt.wantChain)
			}
		})
	}
}

// naiveFloor is the longest chain by trying every predecessor.
func naiveFloor(spans []span) int {
	order := make([]int, len(spans))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if spans[a].start != spans[b].start {
			return spans[a].start - spans[b].start
		}
		return spans[a].end - spans[b].end
	})
	best := make([]int, len(spans))
	top := 0
	for p, i := range order {
		best[i] = spans[i].end - spans[i].start
		for _, j := range order[:p] {
			if spans[j].end <= spans[i].start {
				best[i] = max(best[i], best[j]+spans[i].end-spans[i].start)
			}
		}
		top = max(top, best[i])
	}
	return top
}

// TestCriticalPathAgainstNaive compares with the quadratic longest path on
// random waterfalls, and checks that the chain returned is one.
func TestCriticalPathAgainstNaive(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		spans := make([]span, rnd.IntN(30))
		for i := range spans {
			s := rnd.IntN(200)
			spans[i] = span{s, s + rnd.IntN(4)*rnd.IntN(60)} // some zero-length
		}
		r := reportOf(spans)
		floor, chain := r.CriticalPath()
		if want := naiveFloor(spans); floor != time.Duration(want)*time.Millisecond {
			t.Fatalf("round %d: floor %v, want %dms for %v", round, floor, want, spans)
		}
		var sum time.Duration
		for k, i := range chain {
			sum += r.Requests[i].Duration
			if k > 0 && spans[chain[k-1]].end > spans[i].start {
				t.Fatalf("round %d: chain %v: %v does not end before %v starts", round, chain, spans[chain[k-1]], spans[i])
			}
		}
		if sum != floor {
			t.Fatalf("round %d: chain %v sums to %v, floor %v", round, chain, sum, floor)
		}
	}
}

func BenchmarkCriticalPath(b *testing.B) {
	rnd := rand.New(rand.NewPCG(3, 4))
	spans := make([]span, 1000)
	for i := range spans {
		s := rnd.IntN(10_000)
		spans[i] = span{s, s + rnd.IntN(200)}
	}
	r := reportOf(spans)
	b.ReportAllocs()
	for b.Loop() {
		r.CriticalPath()
	}
}

// chainPage fetches /a.json, then /b.json once /a answered, while
// /side.json goes out at once beside /a.
const chainPage = `<!doctype html><title>chain</title><p id="p">-</p><script>
	function get(u, f) { var x = new XMLHttpRequest(); x.open("GET", u); x.onload = function () { f(x.responseText) }; x.send() }
	get("/side.json", function () {});
	get("/a.json", function (a) {
		get("/b.json", function (b) { document.getElementById("p").textContent = a + b });
	});
</script>`

// chainServer serves chainPage at / and answers /a.json and /b.json with
// their names after latency, and /side.json once /b.json has reached it
// (so that /side precedes neither /a nor /b, however the goroutines run).
func chainServer(latency time.Duration) *httptest.Server {
	bStarted := make(chan struct{})
	var once sync.Once
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/side.json":
			select {
			case <-bStarted:
			case <-r.Context().Done():
			}
			fmt.Fprint(w, "side")
		case "/a.json", "/b.json":
			if r.URL.Path == "/b.json" {
				once.Do(func() { close(bStarted) })
			}
			time.Sleep(latency)
			fmt.Fprint(w, strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/"), ".json"))
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, chainPage)
		}
	}))
}

// TestRenderWaterfall checks the report's request starts and its critical
// path on a page with a chain of two dependent requests and one beside
// them: the chain is the page, /a, then /b, whose start follows /a's end;
// /side is not on it.
func TestRenderWaterfall(t *testing.T) {
	const latency = 30 * time.Millisecond
	srv := chainServer(latency)
	defer srv.Close()
	snap, err := bangsnap.Render(context.Background(), srv.URL+"/", bangsnap.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep := &snap.Report
	byPath := map[string]int{}
	for i, q := range rep.Requests {
		byPath[strings.TrimPrefix(q.URL, srv.URL)] = i
		if q.Start < 0 || q.Start+q.Duration > rep.Timings.Total {
			t.Errorf("request %s spans %v..%v, outside the render's 0..%v", q.URL, q.Start, q.Start+q.Duration, rep.Timings.Total)
		}
	}
	if len(byPath) != 4 {
		t.Fatalf("requests %+v, want /, /side.json, /a.json, /b.json", rep.Requests)
	}
	a, b := rep.Requests[byPath["/a.json"]], rep.Requests[byPath["/b.json"]]
	if b.Start < a.Start+a.Duration {
		t.Errorf("/b.json starts at %v, before /a.json ended at %v", b.Start, a.Start+a.Duration)
	}
	floor, chain := rep.CriticalPath()
	want := []int{byPath["/"], byPath["/a.json"], byPath["/b.json"]}
	if !slices.Equal(chain, want) {
		t.Errorf("critical path %v, want %v (/, /a.json, /b.json) of %+v", chain, want, rep.Requests)
	}
	// Each answer waited latency on the server: the floor cannot be less.
	if floor < 2*latency || floor > rep.Timings.Total {
		t.Errorf("floor %v, want between %v and the render's %v", floor, 2*latency, rep.Timings.Total)
	}
	// The loop ran the page's scripts, and waited for /b (at least).
	tm := rep.Timings
	if tm.Busy <= 0 || tm.Busy >= tm.Scripts+tm.Settle {
		t.Errorf("busy %v, want some of scripts+settle %v (the rest waiting for /a and /b)", tm.Busy, tm.Scripts+tm.Settle)
	}
}

// A page, its script, and two requests the script made one after the
// other: the chain of the three that waited on each other is the floor;
// the script's other request, beside the first, is not on it.
func ExampleReport_CriticalPath() {
	ms := time.Millisecond
	rep := bangsnap.Report{Requests: []bangsnap.Request{
		{URL: "/", Kind: "document", Start: 0, Duration: 5 * ms},
		{URL: "/app.js", Kind: "script", Start: 6 * ms, Duration: 10 * ms},
		{URL: "/list.json", Kind: "xhr", Start: 20 * ms, Duration: 80 * ms},
		{URL: "/ads.json", Kind: "xhr", Start: 20 * ms, Duration: 30 * ms},
		{URL: "/item.json", Kind: "xhr", Start: 102 * ms, Duration: 80 * ms},
	}}
	floor, chain := rep.CriticalPath()
	fmt.Println("floor", floor)
	for _, i := range chain {
		fmt.Println(rep.Requests[i].URL)
	}
	// Output:
	// floor 175ms
	// /
	// /app.js
	// /list.json
	// /item.json
}
