package bangsnap_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/xhr"
)

// stagingSite is a build of https://www.example.com served on loopback: a
// plain home page, an app whose script builds its links and canonical URL
// from location, sets a Secure cookie over what it thinks is https, and
// calls its API at https://api.example.com (another mapped origin, CORS).
// seen records each request as "host path x-auth".
type stagingSite struct {
	mu   sync.Mutex
	seen []string
	site *httptest.Server
	api  *httptest.Server
}

func newStagingSite(t *testing.T) *stagingSite {
	t.Helper()
	s := &stagingSite{}
	note := func(r *http.Request) {
		s.mu.Lock()
		s.seen = append(s.seen, r.Host+" "+r.URL.Path+" "+r.Header.Get("X-Auth"))
		s.mu.Unlock()
	}
	s.site = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		note(r)
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nDisallow: /private\nSitemap: https://www.example.com/sitemap.xml\n")
		case "/sitemap.xml":
			w.Header().Set("Content-Type", "application/xml")
			io.WriteString(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/app#!/b</loc></url></urlset>`)
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><title>Home</title><a href="/app#!/a">A</a> <a href="https://www.example.com/private#!/p">P</a> <a href="http://www.example.com/app#!/c">C</a>`)
		case "/old":
			// The build redirects with its own absolute address.
			http.Redirect(w, r, s.site.URL+"/app", http.StatusMovedPermanently)
		case "/app":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "7", Path: "/", Secure: true})
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><html><head><title>App</title><link rel="stylesheet" href="/app.css"></head><body><div id="c">Loading</div><script src="/app.js"></script></body></html>`)
		case "/app.css":
			w.Header().Set("Content-Type", "text/css")
			io.WriteString(w, `#c { color: rgb(1, 2, 3) }`)
		case "/app.js":
			w.Header().Set("Content-Type", "text/javascript")
			io.WriteString(w, `
				var s = location.hash.slice(2), c = document.getElementById("c");
				var link = document.createElement("link");
				link.rel = "canonical"; link.href = location.href;
				document.head.appendChild(link);
				Promise.all([
					fetch("/api/me").then(r => r.text()),
					fetch("https://api.example.com/v1/items").then(r => r.text()),
				]).then(([me, items]) => {
					c.innerHTML = "<h1>State " + s + "</h1><p>" + me + " | " + items + " | " + getComputedStyle(c).color + " | " + document.cookie + "</p>" +
						'<a href="' + location.origin + '/app#!/b">B</a> <a href="' + new URL("app#!/a", document.baseURI) + '">A</a>';
				}, e => { c.textContent = "failed: " + e; });`)
		case "/api/me":
			io.WriteString(w, "me at "+r.Header.Get("X-Forwarded-Proto")+"://"+r.Header.Get("X-Forwarded-Host")+" cookie "+r.Header.Get("Cookie"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.site.Close)
	s.api = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		note(r)
		w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
		io.WriteString(w, "items for "+r.Header.Get("Origin"))
	}))
	t.Cleanup(s.api.Close)
	return s
}

func (s *stagingSite) origins(t *testing.T) *xhr.OriginMap {
	t.Helper()
	m, err := xhr.NewOriginMap("https://www.example.com="+s.site.URL, "https://api.example.com="+s.api.URL)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func (s *stagingSite) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

// TestRenderOrigins renders the public URL of a site served elsewhere: the
// page sees its public origin everywhere (location, the base URL, Secure
// cookies over https, its CORS Origin), its requests go to the staging
// servers, and the report names public URLs only.
func TestRenderOrigins(t *testing.T) {
	s := newStagingSite(t)
	opts := bangsnap.Options{
		Origins:       s.origins(t),
		Deterministic: true,
		Header:        http.Header{"X-Auth": {"secret"}},
		HeaderHosts:   []string{"www.example.com"},
	}
	snap, err := bangsnap.Render(context.Background(), "https://www.example.com/app?_escaped_fragment_=/a", opts)
	if err != nil {
		t.Fatal(err)
	}
	html := string(snap.HTML)
	for _, want := range []string{
		`<link rel="canonical" href="https://www.example.com/app#!/a">`,
		"<h1>State /a</h1><p>me at https://www.example.com cookie sid=7 | items for https://www.example.com | rgb(1, 2, 3) | sid=7</p>",
		`<a href="https://www.example.com/app#!/b">B</a> <a href="https://www.example.com/app#!/a">A</a>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("snapshot lacks %s:\n%s", want, html)
		}
	}
	if snap.Status != 200 || snap.URL != "https://www.example.com/app#!/a" {
		t.Errorf("status %d, URL %s", snap.Status, snap.URL)
	}
	for _, r := range snap.Report.Requests {
		if !strings.HasPrefix(r.URL, "https://www.example.com/") && !strings.HasPrefix(r.URL, "https://api.example.com/") {
			t.Errorf("report names %s", r.URL)
		}
	}
	siteHost, apiHost := strings.TrimPrefix(s.site.URL, "http://"), strings.TrimPrefix(s.api.URL, "http://")
	want := []string{siteHost + " /app secret", siteHost + " /app.css secret", siteHost + " /app.js secret", siteHost + " /api/me secret", apiHost + " /v1/items "}
	got := s.requests()
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("staging saw %q, want %q among them", got, w)
		}
	}

	// A redirect to the build's own address is the public site's.
	snap, err = bangsnap.Render(context.Background(), "https://www.example.com/old", opts)
	if err != nil {
		t.Fatal(err)
	}
	if loc := snap.Header.Get("Location"); snap.Status != 301 || loc != "https://www.example.com/app" {
		t.Errorf("redirect: %d %q", snap.Status, loc)
	}

	// PreserveHost sends the public host.
	opts.Origins = s.origins(t)
	opts.Origins.PreserveHost = true
	before := len(s.requests())
	if _, err := bangsnap.Render(context.Background(), "https://www.example.com/app#!/a", opts); err != nil {
		t.Fatal(err)
	}
	got = s.requests()[before:]
	if len(got) != 5 {
		t.Errorf("with PreserveHost the staging servers saw %q, want 5 requests", got)
	}
	for _, g := range got {
		if !strings.HasPrefix(g, "www.example.com /") && !strings.HasPrefix(g, "api.example.com /") {
			t.Errorf("with PreserveHost the staging servers saw %q", g)
		}
	}
}

// TestCrawlOrigins checks a site served elsewhere as the crawler would see
// it public: its ugly URLs are asked of the staging server, the comparison
// renders run at the public URLs, and every result names them.
func TestCrawlOrigins(t *testing.T) {
	ts := httptest.NewServer(crawlMiddleware(crawlSite(false)))
	defer ts.Close()
	origins, err := xhr.NewOriginMap("https://www.example.com=" + ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	err = bangsnap.Crawl(context.Background(), []string{"https://www.example.com/"}, bangsnap.CrawlOptions{Origins: origins}, func(r bangsnap.CrawlResult) error {
		urls = append(urls, string(r.Kind)+" "+r.Fetched)
		for _, c := range r.Checks {
			if c.Outcome == bangsnap.CrawlFail {
				t.Errorf("%s: %s: %s", r.URL, c.Name, c.Detail)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(urls)
	want := []string{
		"page https://www.example.com/",
		"page https://www.example.com/about",
		"page https://www.example.com/old",
		"robots https://www.example.com/robots.txt",
		"snapshot https://www.example.com/app?_escaped_fragment_=/a",
		"snapshot https://www.example.com/app?_escaped_fragment_=/b",
		"snapshot https://www.example.com/app?_escaped_fragment_=/gone",
	}
	if strings.Join(urls, "\n") != strings.Join(want, "\n") {
		t.Errorf("crawled\n%s\nwant\n%s", strings.Join(urls, "\n"), strings.Join(want, "\n"))
	}
}

// TestRenderSiteOrigins finds and renders the states of a site served
// elsewhere under its public URLs: robots.txt and the sitemap come from the
// staging server, the sitemap and links name public URLs, and every result
// does too. A link to the site's http:// origin, which is not mapped, is
// not requested: it would reach the public site.
func TestRenderSiteOrigins(t *testing.T) {
	s := newStagingSite(t)
	var results []string
	snaps := map[string]string{}
	err := bangsnap.RenderSite(context.Background(), []string{"https://www.example.com/"}, bangsnap.CrawlOptions{
		Origins: s.origins(t),
		Render:  bangsnap.Options{Deterministic: true},
	}, func(r bangsnap.CrawlResult, snap *bangsnap.Snapshot) error {
		results = append(results, fmt.Sprintf("%s %s %d %s", r.Kind, r.URL, r.Status, r.Skipped))
		if r.Failed() {
			t.Errorf("%s: %+v", r.URL, r.Checks)
		}
		if snap != nil {
			snaps[r.Fetched] = string(snap.HTML)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(results)
	want := []string{
		"page https://www.example.com/ 200 ",
		"robots https://www.example.com/robots.txt 200 ",
		"sitemap https://www.example.com/sitemap.xml 200 ",
		"snapshot http://www.example.com/app#!/c 0 origin not mapped: Origins maps another origin of this host, so the public site itself would be asked",
		"snapshot https://www.example.com/app#!/a 200 ",
		"snapshot https://www.example.com/app#!/b 200 ",
		"snapshot https://www.example.com/private#!/p 0 robots.txt: Disallow: /private (line 2)",
	}
	if strings.Join(results, "\n") != strings.Join(want, "\n") {
		t.Errorf("results\n%s\nwant\n%s", strings.Join(results, "\n"), strings.Join(want, "\n"))
	}
	if h := snaps["https://www.example.com/app?_escaped_fragment_=/b"]; !strings.Contains(h, `<a href="https://www.example.com/app#!/b">B</a>`) {
		t.Errorf("state /b: %s", h)
	}
	for _, g := range s.requests() {
		if strings.Contains(g, "/private") {
			t.Errorf("a path robots.txt disallows was requested: %s", g)
		}
	}
}

// TestRenderRetryAfter: with MaxRetryAfter a page answered 503 with a short
// Retry-After is asked again once after the wait; without it the 503 is the
// snapshot's status.
func TestRenderRetryAfter(t *testing.T) {
	var mu sync.Mutex
	asked := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		n := asked[r.URL.Path]
		mu.Unlock()
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "busy")
			return
		}
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<p>ready")
	}))
	defer ts.Close()
	start := time.Now()
	snap, err := bangsnap.Render(context.Background(), ts.URL+"/a", bangsnap.Options{MaxRetryAfter: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Status != 200 || !strings.Contains(string(snap.HTML), "ready") || snap.Report.Retried != 503 || snap.Report.RetryAfter != time.Second {
		t.Errorf("status %d, retried %d after %v: %s", snap.Status, snap.Report.Retried, snap.Report.RetryAfter, snap.HTML)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Errorf("asked again after %v, before its Retry-After", waited)
	}
	// Without MaxRetryAfter, or with a shorter one, the 503 is the answer
	// (here not HTML, so an error).
	for path, max := range map[string]time.Duration{"/b": 0, "/c": 500 * time.Millisecond} {
		_, err = bangsnap.Render(context.Background(), ts.URL+path, bangsnap.Options{MaxRetryAfter: max})
		if !errors.Is(err, bangsnap.ErrNotHTML) || !strings.Contains(err.Error(), "503") {
			t.Errorf("%s, MaxRetryAfter %v: %v, want the 503 as not HTML", path, max, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if asked["/a"] != 2 || asked["/b"] != 1 || asked["/c"] != 1 {
		t.Errorf("requests %v", asked)
	}
}

// TestRenderSiteRetryAfter: robots.txt and a state's page answered 503 with
// Retry-After: 1 once are asked again, and each result warns of it.
func TestRenderSiteRetryAfter(t *testing.T) {
	var mu sync.Mutex
	asked := map[string]int{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		n := asked[r.URL.Path]
		mu.Unlock()
		if n == 1 && (r.URL.Path == "/robots.txt" || r.URL.Path == "/app") {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "User-agent: *\nDisallow: /private\n")
		case "/":
			io.WriteString(w, `<a href="/app#!/a">A</a>`)
		default:
			io.WriteString(w, "<p>state")
		}
	}))
	defer ts.Close()
	got := map[bangsnap.CrawlKind]bangsnap.CrawlResult{}
	err := bangsnap.RenderSite(context.Background(), []string{ts.URL + "/"}, bangsnap.CrawlOptions{}, func(r bangsnap.CrawlResult, _ *bangsnap.Snapshot) error {
		got[r.Kind] = r
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []bangsnap.CrawlKind{bangsnap.CrawlRobots, bangsnap.CrawlSnapshot} {
		r := got[k]
		if c := crawlCheckOf(r, "retry"); r.Status != 200 || r.Failed() || c.Outcome != bangsnap.CrawlWarn || !strings.Contains(c.Detail, "503 with Retry-After: asked again after 1s") {
			t.Errorf("%s: %d %+v", k, r.Status, r.Checks)
		}
	}
	if r := got[bangsnap.CrawlRobots]; !strings.Contains(crawlCheckOf(r, "robots").Detail, "1 rules") {
		t.Errorf("robots.txt asked again was not read: %+v", r.Checks)
	}
	mu.Lock()
	defer mu.Unlock()
	if asked["/robots.txt"] != 2 || asked["/app"] != 2 {
		t.Errorf("requests %v", asked)
	}
}
