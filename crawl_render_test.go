package bangsnap_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// TestRenderSite finds crawlSite's states and renders them: /b is linked
// only by /a's rendered snapshot, /gone renders a 404.
func TestRenderSite(t *testing.T) {
	ts := httptest.NewServer(crawlSite(false))
	defer ts.Close()
	type state struct {
		ugly   string
		status int
		text   string
	}
	got := map[string]state{}
	var kinds []bangsnap.CrawlKind
	err := bangsnap.RenderSite(context.Background(), []string{ts.URL + "/"}, bangsnap.CrawlOptions{Render: bangsnap.Options{Deterministic: true}},
		func(r bangsnap.CrawlResult, snap *bangsnap.Snapshot) error {
			kinds = append(kinds, r.Kind)
			if r.Kind != bangsnap.CrawlSnapshot {
				if snap != nil {
					t.Errorf("%s %s: a snapshot", r.Kind, r.URL)
				}
				return nil
			}
			if snap == nil || r.Failed() {
				t.Errorf("%s: %+v", r.URL, r.Checks)
				return nil
			}
			if r.Status != snap.Status || r.Bytes != int64(len(snap.HTML)) || r.RenderTime <= 0 {
				t.Errorf("%s: result %d %d %v, snapshot %d %d", r.URL, r.Status, r.Bytes, r.RenderTime, snap.Status, len(snap.HTML))
			}
			got[strings.TrimPrefix(r.URL, ts.URL)] = state{strings.TrimPrefix(r.Fetched, ts.URL), snap.Status, string(snap.HTML)}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if kinds[0] != bangsnap.CrawlRobots {
		t.Errorf("kinds %q", kinds)
	}
	want := map[string]state{
		"/app#!/a":    {"/app?_escaped_fragment_=/a", 200, "State /a"},
		"/app#!/b":    {"/app?_escaped_fragment_=/b", 200, "State /b"},
		"/app#!/gone": {"/app?_escaped_fragment_=/gone", 404, "State /gone"},
	}
	if len(got) != len(want) {
		t.Errorf("states %v", got)
	}
	for u, w := range want {
		g := got[u]
		if g.ugly != w.ugly || g.status != w.status || !strings.Contains(g.text, w.text) {
			t.Errorf("%s: %s %d, want %s %d %q", u, g.ugly, g.status, w.ugly, w.status, w.text)
		}
	}
}

// TestCrawlHeadersAndCookies: the crawl's Header and Cookies reach every
// request for the crawled host (robots.txt, pages, the renders' page,
// scripts and fetches) and never another host, whose script and API the
// page uses.
func TestCrawlHeadersAndCookies(t *testing.T) {
	var mu sync.Mutex
	var siteMissing, thirdGot []string
	thirdN := 0
	third := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		thirdN++
		if v := r.Header.Get("X-Auth"); v != "" {
			thirdGot = append(thirdGot, r.URL.Path+" X-Auth: "+v)
		}
		if v := r.Header.Get("Cookie"); v != "" {
			thirdGot = append(thirdGot, r.URL.Path+" Cookie: "+v)
		}
		mu.Unlock()
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if strings.HasSuffix(r.URL.Path, ".js") {
			w.Header().Set("Content-Type", "text/javascript")
			io.WriteString(w, `window.lib = "third";`)
			return
		}
		io.WriteString(w, "third data")
	}))
	defer third.Close()
	// The third party is another host (cookies ignore ports): third.test,
	// which the crawl's transport dials at the third server's address.
	thirdURL := "http://third.test:" + strings.Split(third.Listener.Addr().String(), ":")[1]
	transport := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if strings.HasPrefix(addr, "third.test:") {
			addr = third.Listener.Addr().String()
		}
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
	defer transport.CloseIdleConnections()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if r.Header.Get("X-Auth") != "secret" || !strings.Contains(r.Header.Get("Cookie"), "sess=s1") {
			siteMissing = append(siteMissing, r.URL.String()+" X-Auth="+r.Header.Get("X-Auth")+" Cookie="+r.Header.Get("Cookie"))
		}
		mu.Unlock()
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nAllow: /\n")
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<!doctype html><a href="/app#!/x">x</a> <a href="%s/elsewhere">away</a>`, thirdURL)
		case "/app":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<!doctype html><p id="p">shell</p><script src="%s/lib.js"></script><script src="/app.js"></script>`, thirdURL)
		case "/app.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprintf(w, `Promise.all([fetch("/api").then(r => r.text()), fetch(%q).then(r => r.text())])
				.then(([a, b]) => { document.getElementById("p").textContent = [lib, a, b, document.cookie].join(" | "); });`, thirdURL+"/api")
		case "/api":
			io.WriteString(w, "site data")
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()

	opts := bangsnap.CrawlOptions{
		Header:  http.Header{"X-Auth": {"secret"}},
		Cookies: []*http.Cookie{{Name: "sess", Value: "s1"}},
		Render:  bangsnap.Options{Deterministic: true},
		// Robots are read through it too; the site is on 127.0.0.1.
		Transport: transport,
	}
	var rendered string
	err := bangsnap.RenderSite(context.Background(), []string{site.URL + "/"}, opts, func(r bangsnap.CrawlResult, snap *bangsnap.Snapshot) error {
		if snap != nil {
			rendered = string(snap.HTML)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rendered, "third | site data | third data | sess=s1") {
		t.Errorf("rendered %q", rendered)
	}
	// Crawl: its own requests, and its comparison renders.
	if err := bangsnap.Crawl(context.Background(), []string{site.URL + "/"}, opts, func(bangsnap.CrawlResult) error { return nil }); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(siteMissing) > 0 {
		t.Errorf("site requests without the header or cookie: %q", siteMissing)
	}
	if thirdN < 4 || len(thirdGot) > 0 {
		t.Errorf("third party: %d requests, got %q", thirdN, thirdGot)
	}
}

// TestCrawlRetryAfter: a 503 or 429 with a short Retry-After is asked again
// once after the wait; a long one, or a second refusal, stands.
func TestCrawlRetryAfter(t *testing.T) {
	var mu sync.Mutex
	asked := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		n := asked[r.URL.Path]
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		switch {
		case r.URL.Path == "/":
			io.WriteString(w, `<a href="/busy">busy</a> <a href="/later">later</a> <a href="/always">always</a>`)
		case r.URL.Path == "/busy" && n == 1:
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
		case r.URL.Path == "/later":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
		case r.URL.Path == "/always":
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			io.WriteString(w, "fine")
		}
	}))
	defer ts.Close()
	got := map[string]bangsnap.CrawlResult{}
	err := bangsnap.Crawl(context.Background(), []string{ts.URL + "/"}, bangsnap.CrawlOptions{NoRender: true, IgnoreRobots: true}, func(r bangsnap.CrawlResult) error {
		got[strings.TrimPrefix(r.URL, ts.URL)] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := got["/busy"]; r.Status != 200 || crawlCheckOf(r, "retry").Outcome != bangsnap.CrawlWarn || !strings.Contains(crawlCheckOf(r, "retry").Detail, "503 with Retry-After: asked again after 1s") {
		t.Errorf("/busy: %d %+v", r.Status, r.Checks)
	}
	if r := got["/later"]; r.Status != 429 || !r.Failed() {
		t.Errorf("/later: %d %+v", r.Status, r.Checks)
	}
	if r := got["/always"]; r.Status != 429 || !r.Failed() {
		t.Errorf("/always: %d %+v", r.Status, r.Checks)
	}
	mu.Lock()
	defer mu.Unlock()
	if asked["/busy"] != 2 || asked["/later"] != 1 || asked["/always"] != 2 {
		t.Errorf("requests %v", asked)
	}
}

// TestCrawlHreflang: <link rel=alternate hreflang> links are followed (the
// page in other languages), other <link rel=alternate> are not.
func TestCrawlHreflang(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/":
			io.WriteString(w, `<!doctype html><head><link rel="Alternate" hreflang="fr" href="/fr/#!/home"><link rel="alternate" type="application/rss+xml" href="/feed"></head><p>home`)
		default:
			io.WriteString(w, "<p>page")
		}
	}))
	defer ts.Close()
	var urls []string
	err := bangsnap.Crawl(context.Background(), []string{ts.URL + "/"}, bangsnap.CrawlOptions{NoRender: true, IgnoreRobots: true}, func(r bangsnap.CrawlResult) error {
		urls = append(urls, strings.TrimPrefix(r.URL, ts.URL))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(urls, "/fr/#!/home") || slices.Contains(urls, "/feed") {
		t.Errorf("visited %q", urls)
	}
}
