package bangsnap_test

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
	"github.com/bangsnap/bangsnap/server"
	"github.com/bangsnap/bangsnap/server/demo"
)

// crawlSite is a small AJAX site: a plain home page linking #! states of
// /app, whose content a script builds from location.hash. State /gone says
// it is a 404; state /a links state /b. uglyLink makes the home page link an
// _escaped_fragment_ URL (a defect).
func crawlSite(uglyLink bool) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		extra := ""
		if uglyLink {
			extra = `<a href="/app?_escaped_fragment_=/c">C</a>`
		}
		fmt.Fprintf(w, `<!doctype html><title>Home</title><h1>Home</h1>
			<a href="/app#!/a">A</a> <a href="app#!/gone">Gone</a> <a href="/about">About</a> <a href="/old">Old</a>
			<a href="mailto:x@example.com">mail</a> <a href="http://elsewhere.example/">away</a> %s`, extra)
	})
	mux.HandleFunc("GET /old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/about", http.StatusMovedPermanently)
	})
	mux.HandleFunc("GET /about", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>About</title><p>Plain about page.</p><a href="/">home</a>`)
	})
	mux.HandleFunc("GET /app", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>App</title></head><body><div id="c">Loading</div><script src="/app.js"></script></body></html>`)
	})
	mux.HandleFunc("GET /app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, `var s = location.hash.slice(2), c = document.getElementById("c");
			c.innerHTML = "<h1>State " + s + "</h1><p>Words that only the rendered state shows for " + s + ".</p>";
			if (s === "/a") c.innerHTML += '<a href="#!/b">B</a>';
			if (s === "/gone") {
				var m = document.createElement("meta");
				m.name = "prerender-status-code"; m.content = "404";
				document.head.appendChild(m);
			}`)
	})
	return mux
}

// crawlMiddleware puts the snapshot middleware in front of site: a correct
// implementation of the scheme.
func crawlMiddleware(site http.Handler) http.Handler {
	return server.New(server.Options{Logger: slog.New(slog.DiscardHandler)}).Middleware(site)
}

// crawlResults runs Crawl against h on a loopback server and returns the results
// by kind and URL (with the server's address replaced by "S").
func crawlResults(t *testing.T, h http.Handler, opts bangsnap.CrawlOptions, paths ...string) map[string]bangsnap.CrawlResult {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	if len(paths) == 0 {
		paths = []string{"/"}
	}
	var start []string
	for _, p := range paths {
		start = append(start, ts.URL+p)
	}
	got := map[string]bangsnap.CrawlResult{}
	err := bangsnap.Crawl(context.Background(), start, opts, func(r bangsnap.CrawlResult) error {
		key := string(r.Kind) + " " + strings.ReplaceAll(r.URL, ts.URL, "S")
		if _, dup := got[key]; dup {
			t.Errorf("visited twice: %s", key)
		}
		got[key] = r
		return nil
	})
	if err != nil {
		t.Fatalf("Crawl: %v", err)
	}
	return got
}

func crawlKeys(m map[string]bangsnap.CrawlResult) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// crawlCheckOf returns the named check of r.
func crawlCheckOf(r bangsnap.CrawlResult, name string) bangsnap.CrawlCheck {
	for _, c := range r.Checks {
		if c.Name == name {
			return c
		}
	}
	return bangsnap.CrawlCheck{}
}

func crawlFailures(m map[string]bangsnap.CrawlResult) []string {
	var out []string
	for _, k := range crawlKeys(m) {
		for _, c := range m[k].Checks {
			if c.Outcome == bangsnap.CrawlFail {
				out = append(out, k+": "+c.Name+": "+c.Detail)
			}
		}
	}
	return out
}

func TestCrawlCorrectSite(t *testing.T) {
	got := crawlResults(t, crawlMiddleware(crawlSite(false)), bangsnap.CrawlOptions{})
	want := []string{
		"page S/", "page S/about", "page S/old",
		"robots S/robots.txt",
		"snapshot S/app#!/a", "snapshot S/app#!/b", "snapshot S/app#!/gone",
	}
	if ks := crawlKeys(got); !slices.Equal(ks, want) {
		t.Fatalf("visited %q\nwant    %q", ks, want)
	}
	if f := crawlFailures(got); len(f) > 0 {
		t.Errorf("failures on a correct site:\n%s", strings.Join(f, "\n"))
	}
	a := got["snapshot S/app#!/a"]
	if a.Similarity != 1 || a.Status != 200 || !strings.HasSuffix(a.Fetched, "/app?_escaped_fragment_=/a") || a.Links.States != 1 {
		t.Errorf("state /a: %+v", a)
	}
	if b := got["snapshot S/app#!/b"]; b.Depth != 2 || !strings.HasSuffix(b.From, "/app#!/a") {
		t.Errorf("state /b found at depth %d from %q, want 2 from state /a", b.Depth, b.From)
	}
	if g := got["snapshot S/app#!/gone"]; g.Status != 404 || crawlCheckOf(g, "status").Outcome != bangsnap.CrawlOK {
		t.Errorf("state /gone: status %d, checks %+v", g.Status, g.Checks)
	}
	home := got["page S/"]
	if home.Links != (bangsnap.LinkCounts{States: 2, Pages: 2, Other: 1}) || home.OptsIn {
		t.Errorf("home links %+v opts in %v", home.Links, home.OptsIn)
	}
	if old := got["page S/old"]; old.Status != 301 || !strings.HasSuffix(crawlCheckOf(old, "redirect").Detail, "/about") {
		t.Errorf("redirect: %+v", old)
	}
	// The snapshot middleware sends validators and answers 304.
	if c := crawlCheckOf(a, "conditional"); c.Outcome != bangsnap.CrawlOK {
		t.Errorf("conditional: %+v", c)
	}
}

// TestCrawlDemo crawls the demo shop, which opts its home page in with the
// fragment meta tag.
func TestCrawlDemo(t *testing.T) {
	got := crawlResults(t, crawlMiddleware(demo.Handler()), bangsnap.CrawlOptions{Concurrency: 4})
	home, ok := got["snapshot S/"]
	if !ok || !got["page S/"].OptsIn || !strings.HasSuffix(home.Fetched, "/?_escaped_fragment_=") {
		t.Fatalf("the opted-in home page was not checked through ?_escaped_fragment_=: %q", crawlKeys(got))
	}
	for _, k := range []string{"snapshot S/shop#!/", "snapshot S/shop#!/about", "snapshot S/shop#!/item/1"} {
		if _, ok := got[k]; !ok {
			t.Errorf("%s not visited; visited %q", k, crawlKeys(got))
		}
	}
	if f := crawlFailures(got); len(f) > 0 {
		t.Errorf("failures on the demo:\n%s", strings.Join(f, "\n"))
	}
}

// TestCrawlShell: a site that answers ugly URLs with its JavaScript shell
// (it does not implement the scheme) fails the no-cloaking check.
func TestCrawlShell(t *testing.T) {
	got := crawlResults(t, crawlSite(false), bangsnap.CrawlOptions{})
	a, ok := got["snapshot S/app#!/a"]
	if !ok {
		t.Fatalf("state /a not visited: %q", crawlKeys(got))
	}
	c := crawlCheckOf(a, "no-cloaking")
	if c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "JavaScript shell") || a.Similarity >= 0.8 {
		t.Errorf("no-cloaking %+v, similarity %v", c, a.Similarity)
	}
	if !slices.Contains(a.Differences, `missing: "State /a"`) || !slices.Contains(a.Differences, `extra: "Loading"`) {
		t.Errorf("differences %q", a.Differences)
	}
	// The shell is 200 where the page says 404.
	if c := crawlCheckOf(got["snapshot S/app#!/gone"], "status"); c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "404") {
		t.Errorf("status of /gone: %+v", c)
	}
}

func TestCrawlUglyLinks(t *testing.T) {
	got := crawlResults(t, crawlMiddleware(crawlSite(true)), bangsnap.CrawlOptions{})
	home := got["page S/"]
	c := crawlCheckOf(home, "links")
	if c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "_escaped_fragment_=/c") || home.Links.Ugly != 1 {
		t.Errorf("links check %+v, counts %+v", c, home.Links)
	}
	if _, ok := got["snapshot S/app#!/c"]; ok {
		t.Error("the _escaped_fragment_ link was followed")
	}
}

func TestCrawlRobotsOptOut(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/", crawlMiddleware(crawlSite(false)))
	mux.HandleFunc("GET /robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /*_escaped_fragment_\nDisallow: /about\nCrawl-delay: 0.01\nSitemap: /sitemap.xml\n")
	})
	mux.HandleFunc("GET /sitemap.xml", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://%s/app#!/sm</loc></url></urlset>`, r.Host)
	})
	got := crawlResults(t, mux, bangsnap.CrawlOptions{})
	if sm := got["snapshot S/app#!/sm"]; sm.From != got["sitemap S/sitemap.xml"].URL || sm.Skipped == "" {
		t.Errorf("the sitemap's state: %+v", sm)
	}
	a := got["snapshot S/app#!/a"]
	if c := crawlCheckOf(a, "robots"); c.Outcome != bangsnap.CrawlWarn || !strings.Contains(a.Skipped, "Disallow: /*_escaped_fragment_ (line 2)") || a.Status != 0 {
		t.Errorf("state /a: skipped %q, robots check %+v, status %d", a.Skipped, c, a.Status)
	}
	if about := got["page S/about"]; about.Status != 0 || !strings.Contains(about.Skipped, "Disallow: /about") {
		t.Errorf("about: %+v", about)
	}
	if c := crawlCheckOf(got["robots S/robots.txt"], "robots"); c.Detail != `group "*": 2 rules, crawl-delay 10ms (honoured), 1 sitemaps` {
		t.Errorf("robots: %+v", c)
	}
	if f := crawlFailures(got); len(f) > 0 {
		t.Errorf("an opt-out is not a failure:\n%s", strings.Join(f, "\n"))
	}
	// Ignoring robots.txt checks them.
	got = crawlResults(t, mux, bangsnap.CrawlOptions{IgnoreRobots: true})
	if a := got["snapshot S/app#!/a"]; a.Status != 200 || a.Skipped != "" {
		t.Errorf("with IgnoreRobots: %+v", a)
	}
}

// TestCrawlStatusAndConditional: a snapshot served with the wrong status,
// and validators without 304.
func TestCrawlStatusAndConditional(t *testing.T) {
	mw := crawlMiddleware(crawlSite(false))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("If-None-Match")
		r.Header.Del("If-Modified-Since")
		rec := httptest.NewRecorder()
		mw.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		status := rec.Code
		if status == 404 {
			status = 200 // a "soft 404"
		}
		w.WriteHeader(status)
		w.Write(rec.Body.Bytes())
	})
	got := crawlResults(t, h, bangsnap.CrawlOptions{})
	if c := crawlCheckOf(got["snapshot S/app#!/gone"], "status"); c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "200, but the page's state has status 404") {
		t.Errorf("soft 404: %+v", c)
	}
	if c := crawlCheckOf(got["snapshot S/app#!/a"], "conditional"); c.Outcome != bangsnap.CrawlWarn || !strings.Contains(c.Detail, "never answers 304") {
		t.Errorf("conditional: %+v", c)
	}
}

// TestCrawlSlow: a server that never answers gives a clear error per URL,
// bounded by RequestTimeout.
func TestCrawlSlow(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	// The state's render is stopped when its ugly URL gets no answer (it
	// would wait for the page until the render's own 30s budget).
	got := crawlResults(t, h, bangsnap.CrawlOptions{RequestTimeout: 200 * time.Millisecond}, "/", "/app#!/a")
	for _, k := range []string{"page S/", "snapshot S/app#!/a"} {
		c := crawlCheckOf(got[k], "fetch")
		if c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "no answer within 200ms") {
			t.Errorf("%s: fetch check %+v", k, c)
		}
	}
}

func TestCrawlFailingServer(t *testing.T) {
	t.Run("5xx robots.txt disallows the site", func(t *testing.T) {
		got := crawlResults(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }), bangsnap.CrawlOptions{})
		if c := crawlCheckOf(got["robots S/robots.txt"], "robots"); c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "status 503") {
			t.Errorf("robots: %+v", c)
		}
		if p := got["page S/"]; p.Status != 0 || !strings.Contains(p.Skipped, "unreachable: status 503") {
			t.Errorf("page: %+v", p)
		}
	})
	t.Run("5xx page", func(t *testing.T) {
		got := crawlResults(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.NotFound(w, r)
				return
			}
			http.Error(w, "boom", 500)
		}), bangsnap.CrawlOptions{}, "/", "/app#!/x")
		if c := crawlCheckOf(got["page S/"], "status"); c.Outcome != bangsnap.CrawlFail || !strings.Contains(c.Detail, "500") {
			t.Errorf("page: %+v", c)
		}
		x := got["snapshot S/app#!/x"]
		if c := crawlCheckOf(x, "status"); c.Outcome != bangsnap.CrawlFail {
			t.Errorf("state: %+v", x.Checks)
		}
	})
	t.Run("connection refused", func(t *testing.T) {
		ts := httptest.NewServer(http.NotFoundHandler())
		u := ts.URL
		ts.Close()
		var results []bangsnap.CrawlResult
		err := bangsnap.Crawl(context.Background(), []string{u + "/"}, bangsnap.CrawlOptions{}, func(r bangsnap.CrawlResult) error {
			results = append(results, r)
			return nil
		})
		if err != nil || len(results) != 2 || !results[0].Failed() || results[1].Skipped == "" {
			t.Errorf("err %v, results %+v", err, results)
		}
	})
}

func TestCrawlBadInput(t *testing.T) {
	visit := func(bangsnap.CrawlResult) error { t.Error("visited"); return nil }
	tests := []struct {
		start []string
		is    error
	}{
		{nil, bangsnap.ErrNoStart},
		{[]string{"ftp://example.com/"}, bangsnap.ErrScheme},
		{[]string{"/relative"}, mapping.ErrNotAbsolute},
		{[]string{"http://example.com/?_escaped_fragment_=a&b=c"}, mapping.ErrNotLast},
		{[]string{"http://127.0.0.1:1/", "http://exa mple.com/"}, mapping.ErrInvalidURL},
	}
	for _, tt := range tests {
		err := bangsnap.Crawl(context.Background(), tt.start, bangsnap.CrawlOptions{}, visit)
		if !errors.Is(err, tt.is) {
			t.Errorf("Crawl(%q) = %v, want %v", tt.start, err, tt.is)
		}
	}
}

func TestCrawlStops(t *testing.T) {
	ts := httptest.NewServer(crawlMiddleware(demo.Handler()))
	defer ts.Close()
	start := []string{ts.URL + "/"}

	stop := errors.New("enough")
	n := 0
	err := bangsnap.Crawl(context.Background(), start, bangsnap.CrawlOptions{}, func(bangsnap.CrawlResult) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 2 {
		t.Errorf("visit error: Crawl = %v after %d visits", err, n)
	}

	ctx, cancel := context.WithCancel(context.Background())
	err = bangsnap.Crawl(ctx, start, bangsnap.CrawlOptions{}, func(bangsnap.CrawlResult) error {
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: Crawl = %v", err)
	}

	n = 0
	err = bangsnap.Crawl(context.Background(), start, bangsnap.CrawlOptions{MaxPages: 3, NoRender: true}, func(r bangsnap.CrawlResult) error {
		if r.Kind != bangsnap.CrawlRobots {
			n++
		}
		if r.Similarity != -1 {
			t.Errorf("NoRender compared %s", r.URL)
		}
		return nil
	})
	if err != nil || n != 3 {
		t.Errorf("MaxPages 3: %d visited, err %v", n, err)
	}

	n = 0
	err = bangsnap.Crawl(context.Background(), start, bangsnap.CrawlOptions{MaxDepth: 1, NoRender: true}, func(r bangsnap.CrawlResult) error {
		if r.Depth > 1 {
			t.Errorf("%s at depth %d", r.URL, r.Depth)
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}

// TestCrawlSnapshotAnswers: what the site answers for an opted-in page's
// ?_escaped_fragment_= URL, and the verdict.
func TestCrawlSnapshotAnswers(t *testing.T) {
	const page = `<!doctype html><html><head><meta name="fragment" content="!"><title>P</title></head>` +
		`<body><p id="c"></p><script>document.getElementById("c").textContent = "Hello rendered"</script></body></html>`
	tests := []struct {
		name        string
		contentType string
		status      int
		body        string
		check       string
		outcome     bangsnap.CrawlOutcome
		detail      string
	}{
		{"snapshot", "text/html", 200, `<!doctype html><title>P</title><p id="c">Hello rendered</p>`, "no-cloaking", bangsnap.CrawlOK, "100%"},
		{"snapshot keeping the meta", "text/html", 200, `<!doctype html><meta name="fragment" content="!"><title>P</title><p>Hello rendered</p>`,
			"fragment-meta", bangsnap.CrawlWarn, "snapshot of the snapshot"},
		{"different text", "text/html", 200, `<!doctype html><title>P</title><p>Buy cheap watches</p>`, "no-cloaking", bangsnap.CrawlFail, "29% like"}, // the title is the same
		{"not HTML", "application/json", 200, `{"text": "Hello rendered"}`, "content-type", bangsnap.CrawlFail, "must be an HTML document"},
		{"server error", "text/html", 500, `oops`, "status", bangsnap.CrawlFail, "500: server error"},
		{"canonical ugly URL", "text/html", 200, `<!doctype html><link rel="Canonical" href="/p?_escaped_fragment_="><title>P</title><p id="c">Hello rendered</p>`,
			"canonical", bangsnap.CrawlFail, "names the ugly URL"},
		{"redirect to the page", "", 302, "/p", "redirect", bangsnap.CrawlFail, "302 back to the page's own URL"},
		{"redirect elsewhere", "", 301, "/q?_escaped_fragment_=", "redirect", bangsnap.CrawlOK, "301 to "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path != "/p" && r.URL.Path != "/q":
					http.NotFound(w, r)
				case r.URL.Query().Has("_escaped_fragment_") && tt.status/100 == 3:
					http.Redirect(w, r, tt.body, tt.status)
				case r.URL.Query().Has("_escaped_fragment_"):
					w.Header().Set("Content-Type", tt.contentType)
					w.WriteHeader(tt.status)
					fmt.Fprint(w, tt.body)
				default:
					w.Header().Set("Content-Type", "text/html")
					fmt.Fprint(w, page)
				}
			})
			got := crawlResults(t, h, bangsnap.CrawlOptions{}, "/p")
			snap, ok := got["snapshot S/p"]
			if !got["page S/p"].OptsIn || !ok {
				t.Fatalf("the opted-in page's snapshot was not checked: %q", crawlKeys(got))
			}
			c := crawlCheckOf(snap, tt.check)
			if c.Outcome != tt.outcome || !strings.Contains(c.Detail, tt.detail) {
				t.Errorf("%s check %+v, want %s with %q (all: %+v)", tt.check, c, tt.outcome, tt.detail, snap.Checks)
			}
			if tt.outcome != bangsnap.CrawlFail && snap.Failed() {
				t.Errorf("failed: %+v", snap.Checks)
			}
		})
	}
}

// BenchmarkCrawlDemo crawls the demo shop (11 URLs, each state rendered by
// the middleware and by the crawler) over loopback.
func BenchmarkCrawlDemo(b *testing.B) {
	ts := httptest.NewServer(crawlMiddleware(demo.Handler()))
	defer ts.Close()
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		err := bangsnap.Crawl(context.Background(), []string{ts.URL + "/"}, bangsnap.CrawlOptions{}, func(r bangsnap.CrawlResult) error {
			if r.Failed() {
				b.Fatalf("%s failed: %+v", r.URL, r.Checks)
			}
			n++
			return nil
		})
		if err != nil || n < 5 {
			b.Fatalf("%d results, %v", n, err)
		}
	}
}

func TestCrawlSitemaps(t *testing.T) {
	site := crawlMiddleware(crawlSite(false))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := "http://" + r.Host
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "Sitemap: %s/index.xml\nSitemap: /missing.xml\nSitemap: http://elsewhere.example/s.xml\n", origin)
		case "/index.xml":
			fmt.Fprintf(w, `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
				<sitemap><loc>%[1]s/one.xml.gz</loc></sitemap><sitemap><loc> %[1]s/two.xml </loc></sitemap></sitemapindex>`, origin)
		case "/one.xml.gz":
			zw := gzip.NewWriter(w)
			fmt.Fprintf(zw, `<urlset><url><loc>%[1]s/app#!/a</loc></url><url><loc>%[1]s/about</loc></url></urlset>`, origin)
			zw.Close()
		case "/two.xml":
			fmt.Fprintf(w, `<urlset><url><loc>%[1]s/app?_escaped_fragment_=/b</loc></url><url><loc>http://elsewhere.example/x</loc></url></urlset>`, origin)
		default:
			site.ServeHTTP(w, r)
		}
	})
	got := crawlResults(t, h, bangsnap.CrawlOptions{}, "/app#!/gone")
	one := got["sitemap S/one.xml.gz"]
	if one.Links != (bangsnap.LinkCounts{States: 1, Pages: 1}) || one.Failed() {
		t.Errorf("one.xml.gz: %+v", one)
	}
	if a := got["snapshot S/app#!/a"]; a.From != one.URL || a.Depth != 1 {
		t.Errorf("state /a: from %q depth %d", a.From, a.Depth)
	}
	two := got["sitemap S/two.xml"]
	if c := crawlCheckOf(two, "links"); c.Outcome != bangsnap.CrawlFail || two.Links.Ugly != 1 || two.Links.Other != 1 {
		t.Errorf("two.xml: %+v", two)
	}
	if c := crawlCheckOf(got["sitemap S/missing.xml"], "status"); c.Outcome != bangsnap.CrawlFail {
		t.Errorf("missing.xml: %+v", c)
	}
	if e := got["sitemap http://elsewhere.example/s.xml"]; e.Skipped == "" {
		t.Errorf("another host's sitemap: %+v", e)
	}
	if c := crawlCheckOf(got["sitemap S/index.xml"], "sitemap"); c.Detail != "an index of 2 sitemaps" {
		t.Errorf("index: %+v", c)
	}
	got = crawlResults(t, h, bangsnap.CrawlOptions{NoSitemaps: true}, "/app#!/gone")
	if _, ok := got["sitemap S/index.xml"]; ok {
		t.Error("NoSitemaps read a sitemap")
	}
}

// TestCrawlHosts: links to another host are counted, and followed only when
// the host is allowed.
func TestCrawlHosts(t *testing.T) {
	other := httptest.NewServer(crawlMiddleware(crawlSite(false)))
	defer other.Close()
	first := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<a href="%s/app#!/a">over there</a>`, other.URL)
	})
	host := strings.TrimPrefix(other.URL, "http://")
	for _, tt := range []struct {
		hosts []string
		want  int // results for the other host
	}{{nil, 0}, {[]string{strings.ToUpper(host)}, 2}} {
		n := 0
		got := crawlResults(t, first, bangsnap.CrawlOptions{Hosts: tt.hosts, MaxDepth: 1})
		for _, r := range got {
			if strings.HasPrefix(r.URL, other.URL) {
				n++ // its robots.txt and state /a
			}
		}
		if n != tt.want || got["page S/"].Links.Other+got["page S/"].Links.States != 1 {
			t.Errorf("Hosts %q: %d results for the other host, want %d; links %+v", tt.hosts, n, tt.want, got["page S/"].Links)
		}
	}
}
