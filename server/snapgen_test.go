package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// genSite is a small AJAX site to make snapshots of: a plain home page
// linking #! states of /app (whose content a script builds from
// location.hash) and a page that opts in with the fragment meta; robots.txt
// names a sitemap listing one more state. State /a links state /b (only its
// rendered snapshot shows the link); /gone says it is a 404; /moved
// redirects to /a; /slow waits for a request that never ends. The fields
// change what the site shows between runs.
type genSite struct {
	mu      sync.Mutex
	links   []string // #! states the home page links
	version string   // shown by state /b
	quit    chan struct{}
}

// newGenSite serves a genSite on a loopback server; its endless requests
// end with the test.
func newGenSite(t *testing.T) (*genSite, *httptest.Server) {
	s := &genSite{links: []string{"/a", "/gone", "/moved"}, version: "one", quit: make(chan struct{})}
	ts := newTestServer(t, s)
	t.Cleanup(func() { close(s.quit) }) // before ts.Close, which waits for them
	return s, ts
}

func (s *genSite) set(f func(*genSite)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s)
}

func (s *genSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	links, version := slices.Clone(s.links), s.version
	s.mu.Unlock()
	html := func(body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, body)
	}
	switch r.URL.Path {
	case "/robots.txt":
		fmt.Fprintf(w, "User-agent: *\nDisallow: /private\nSitemap: http://%s/sitemap.xml\n", r.Host)
	case "/sitemap.xml":
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://%s/app#!/d</loc></url></urlset>`, r.Host)
	case "/":
		var b strings.Builder
		b.WriteString(`<!doctype html><title>Home</title><a href="/about">About</a>`)
		for _, l := range links {
			fmt.Fprintf(&b, ` <a href="/app#!%s">%s</a>`, l, l)
		}
		html(b.String())
	case "/about":
		html(`<!doctype html><html><head><meta name="fragment" content="!"><title>About</title></head><body><p id="p">shell</p>
			<script>document.getElementById("p").textContent = "About us, written by script";</script></body></html>`)
	case "/app":
		html(`<!doctype html><html><head><title>App</title></head><body><div id="c">Loading</div><script src="/app.js"></script></body></html>`)
	case "/app.js":
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprintf(w, `var s = location.hash.slice(2), c = document.getElementById("c");
			function meta(name, content) {
				var m = document.createElement("meta"); m.name = name; m.content = content; document.head.appendChild(m);
			}
			c.innerHTML = "<h1>State " + s.slice(0, 40) + "</h1>";
			if (s === "/a") c.innerHTML += '<a href="#!/b">B</a>';
			if (s === "/b") c.innerHTML += "<p>version %s</p>";
			if (s === "/gone") meta("prerender-status-code", "404");
			if (s === "/moved") { meta("prerender-status-code", "301"); meta("prerender-header", "Location: /app#!/a"); }
			if (s === "/boom") throw new Error("boom");
			if (s === "/slow") fetch("/endless").then(function (r) { return r.text(); }).then(function (t) { c.textContent = t; });`, version)
	case "/endless":
		select {
		case <-r.Context().Done():
		case <-s.quit:
		}
	default:
		http.NotFound(w, r)
	}
}

// genFiles lists the snapshot files and sidecars of dir, with their content.
func genFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(b)
	}
	return files
}

// fileOf is the name of the snapshot file of a URL.
func fileOf(t *testing.T, rawURL string) string {
	t.Helper()
	key, err := CacheKey(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	return SnapshotFileName(key)
}

func generate(t *testing.T, dir, start string, opts GenerateOptions) (GenerateSummary, map[string]GeneratedFile) {
	t.Helper()
	if opts.Crawl.Render.Timeout == 0 {
		opts.Crawl.Render.Timeout = 10 * time.Second
	}
	opts.Crawl.Render.Deterministic = true
	opts.Logger = discardLogger()
	got := map[string]GeneratedFile{}
	sum, err := GenerateSnapshotDir(context.Background(), dir, []string{start}, opts, func(f GeneratedFile) error {
		if _, dup := got[f.File]; dup {
			t.Errorf("file %s reported twice", f.File)
		}
		got[f.File] = f
		return nil
	})
	if err != nil {
		t.Fatalf("GenerateSnapshotDir: %v", err)
	}
	return sum, got
}

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func get(t *testing.T, u string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// TestGenerateSnapshotDir makes the snapshots of a site, serves them with
// a Service, runs again (nothing rewritten), changes one page (one file
// rewritten) and prunes a state the site no longer links.
func TestGenerateSnapshotDir(t *testing.T) {
	site, ts := newGenSite(t)
	dir := t.TempDir()
	// A file that is not a snapshot, and a snapshot of a state the site
	// never had: only the second is pruned.
	stale := fileOf(t, ts.URL+"/app#!/never")
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(dir, stale), []byte("old"), 0o644)

	sum, got := generate(t, dir, ts.URL+"/", GenerateOptions{})
	want := map[string]struct {
		status int
		meta   bool
	}{
		ts.URL + "/app#!/a":     {200, false},
		ts.URL + "/app#!/b":     {200, false}, // linked by /a's snapshot only
		ts.URL + "/app#!/d":     {200, false}, // listed by the sitemap only
		ts.URL + "/app#!/gone":  {404, true},
		ts.URL + "/app#!/moved": {301, true},
		ts.URL + "/about":       {200, false}, // opts in: ?_escaped_fragment_=
	}
	if sum.States != len(want) || sum.Written != len(want) || sum.Failed != 0 || sum.Unchanged != 0 {
		t.Errorf("summary %+v", sum)
	}
	files := genFiles(t, dir)
	for u, w := range want {
		name := fileOf(t, u)
		f, ok := got[name]
		if !ok {
			t.Errorf("%s: no file %s reported (got %v)", u, name, slices.Sorted(maps.Keys(got)))
			continue
		}
		if f.Action != FileWritten || f.Status != w.status || f.URL != u || f.Error != "" {
			t.Errorf("%s: %+v", u, f)
		}
		if _, ok := files[name]; !ok {
			t.Errorf("%s: %s not in the directory", u, name)
		}
		if _, hasMeta := files[name+".meta"]; hasMeta != w.meta {
			t.Errorf("%s: sidecar %v, want %v", u, hasMeta, w.meta)
		}
	}
	if !strings.Contains(files[fileOf(t, ts.URL+"/app#!/b")], "version one") {
		t.Errorf("state /b: %q", files[fileOf(t, ts.URL+"/app#!/b")])
	}

	// Served by a Service from the directory: the renderer is never asked.
	fr := &fakeRenderer{fn: func(context.Context, string) (*bangsnap.Snapshot, error) {
		return nil, errors.New("rendered, but the file should have answered")
	}}
	opts := testOptions(fr)
	opts.SnapshotDir = dir
	front := newTestServer(t, Middleware(site, opts))
	// The front's host differs from the site's: the files are keyed by the
	// site's, so ask with its Host.
	ask := func(path string, header http.Header) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", front.URL+path, nil)
		req.Host = strings.TrimPrefix(ts.URL, "http://")
		for k, v := range header {
			req.Header[k] = v
		}
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := ask("/app?_escaped_fragment_=/a", nil)
	if resp.StatusCode != 200 || resp.Header.Get("X-Bangsnap-Cache") != "file" || body != files[fileOf(t, ts.URL+"/app#!/a")] || !strings.Contains(body, "State /a") {
		t.Errorf("/a: %d %s %q", resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"), body)
	}
	lm := resp.Header.Get("Last-Modified")
	if resp, _ := ask("/app?_escaped_fragment_=/a", http.Header{"If-Modified-Since": {lm}}); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since %s: %d", lm, resp.StatusCode)
	}
	resp, body = ask("/app?_escaped_fragment_=/gone", nil)
	if resp.StatusCode != 404 || resp.Header.Get("X-Bangsnap-Cache") != "file" || !strings.Contains(body, "State /gone") {
		t.Errorf("/gone: %d %s %q", resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"), body)
	}
	resp, _ = ask("/app?_escaped_fragment_=/moved", nil)
	if resp.StatusCode != 301 || resp.Header.Get("Location") != ts.URL+"/app?_escaped_fragment_=/a" {
		t.Errorf("/moved: %d Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, body = ask("/about?_escaped_fragment_=", nil)
	if resp.StatusCode != 200 || !strings.Contains(body, "About us, written by script") {
		t.Errorf("/about: %d %q", resp.StatusCode, body)
	}
	if fr.calls.Load() != 0 {
		t.Errorf("%d renders, want every answer from the directory", fr.calls.Load())
	}

	// A second run finds the same content: nothing is rewritten.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	for name := range files {
		os.Chtimes(filepath.Join(dir, name), old, old)
	}
	sum, got = generate(t, dir, ts.URL+"/", GenerateOptions{})
	if sum.Unchanged != len(want) || sum.Written != 0 {
		t.Errorf("second run: %+v", sum)
	}
	for name := range files {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || !fi.ModTime().Equal(old) {
			t.Errorf("%s: modified again (%v)", name, err)
		}
	}

	// One page changes: its file alone is rewritten.
	site.set(func(s *genSite) { s.version = "two" })
	_, got = generate(t, dir, ts.URL+"/", GenerateOptions{})
	var written []string
	for name, f := range got {
		if f.Action == FileWritten {
			written = append(written, name)
		}
	}
	bName := fileOf(t, ts.URL+"/app#!/b")
	if !slices.Equal(written, []string{bName}) {
		t.Errorf("written %q, want only %s", written, bName)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, bName)); !bytes.Contains(b, []byte("version two")) {
		t.Errorf("/b now %q", b)
	}

	// The site stops linking /gone: pruning removes its file and sidecar,
	// and the stale snapshot, never notes.txt.
	site.set(func(s *genSite) { s.links = []string{"/a", "/moved"} })
	sum, got = generate(t, dir, ts.URL+"/", GenerateOptions{Prune: true})
	gone := fileOf(t, ts.URL+"/app#!/gone")
	if sum.Pruned != 3 || got[gone].Action != FilePruned || got[gone+".meta"].Action != FilePruned || got[stale].Action != FilePruned {
		t.Errorf("prune: %+v %+v", sum, got)
	}
	files = genFiles(t, dir)
	if _, ok := files["notes.txt"]; !ok {
		t.Error("notes.txt pruned")
	}
	if _, ok := files[gone]; ok {
		t.Error("/gone's file kept")
	}
	if resp, _ := ask("/app?_escaped_fragment_=/gone", nil); resp.Header.Get("X-Bangsnap-Cache") == "file" {
		t.Error("/gone still served from the directory")
	}
}

// TestGenerateSnapshotDirFailures: a render that times out (a request that
// never ends), a page that throws, a 5xx, a state whose name is too long for
// the file system, and a directory that cannot be written.
func TestGenerateSnapshotDirFailures(t *testing.T) {
	site, ts := newGenSite(t)
	long := "/" + strings.Repeat("x", 300)
	site.set(func(s *genSite) { s.links = []string{"/slow", "/boom", long} })
	dir := t.TempDir()
	slow := fileOf(t, ts.URL+"/app#!/slow")
	os.WriteFile(filepath.Join(dir, slow), []byte("older snapshot"), 0o644)

	sum, got := generate(t, dir, ts.URL+"/", GenerateOptions{Crawl: bangsnap.CrawlOptions{Render: bangsnap.Options{Timeout: 3 * time.Second}}})
	if f := got[slow]; f.Action != FileFailed || !strings.Contains(f.Error, "partial snapshot, not written: the wall-time budget ran out") || !strings.Contains(f.Error, "/endless") {
		t.Errorf("/slow: %+v", f)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, slow)); string(b) != "older snapshot" {
		t.Errorf("the failed state's older file is now %q", b)
	}
	if f := got[fileOf(t, ts.URL+"/app#!/boom")]; f.Action != FileWritten || f.Status != 200 || len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "boom") {
		t.Errorf("/boom (the page threw, the snapshot is still what it shows): %+v", f)
	}
	longName := fileOf(t, ts.URL+"/app#!"+long)
	if !strings.HasPrefix(longName, "sha256-") || got[longName].Action != FileWritten {
		t.Errorf("long state: %s %+v", longName, got[longName])
	}
	if sum.Failed != 1 {
		t.Errorf("summary %+v", sum)
	}

	// The long state's file is served.
	opts := testOptions(&fakeRenderer{})
	opts.SnapshotDir = dir
	svc := New(opts)
	req := httptest.NewRequest("GET", ts.URL+"/app?_escaped_fragment_="+long, nil)
	rec := httptest.NewRecorder()
	svc.Middleware(site).ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Header().Get("X-Bangsnap-Cache") != "file" {
		t.Errorf("long state served %d %q", rec.Code, rec.Header().Get("X-Bangsnap-Cache"))
	}

	// With AllowPartial the partial snapshot is written, and served with
	// the budget that ran out.
	_, got = generate(t, dir, ts.URL+"/", GenerateOptions{AllowPartial: true, Crawl: bangsnap.CrawlOptions{Render: bangsnap.Options{Timeout: 3 * time.Second}}})
	if f := got[slow]; f.Action != FileWritten {
		t.Errorf("/slow with AllowPartial: %+v", f)
	}
	if m, err := os.ReadFile(filepath.Join(dir, slow+".meta")); err != nil || !strings.Contains(string(m), "X-Bangsnap-Partial") {
		t.Errorf("/slow's sidecar %q %v", m, err)
	}

	// A directory that cannot be made.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	_, err := GenerateSnapshotDir(context.Background(), filepath.Join(file, "sub"), []string{ts.URL + "/"}, GenerateOptions{Logger: discardLogger()}, nil)
	if !errors.Is(err, ErrSnapshotDir) {
		t.Errorf("dir under a file: %v", err)
	}
	// An unreachable site: its page fails, no state is found.
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	sum, err = GenerateSnapshotDir(context.Background(), t.TempDir(), []string{deadURL + "/"}, GenerateOptions{Logger: discardLogger(), Crawl: bangsnap.CrawlOptions{IgnoreRobots: true}}, nil)
	if err != nil || sum.States != 0 || sum.PagesFailed != 1 {
		t.Errorf("unreachable site: %+v %v", sum, err)
	}
	// An unreachable #! start URL: its state fails.
	sum, err = GenerateSnapshotDir(context.Background(), t.TempDir(), []string{deadURL + "/app#!/a"}, GenerateOptions{Logger: discardLogger(), Crawl: bangsnap.CrawlOptions{IgnoreRobots: true}}, nil)
	if err != nil || sum.States != 1 || sum.Failed != 1 {
		t.Errorf("unreachable state: %+v %v", sum, err)
	}
}

// TestSnapshotDirSidecar: a sidecar that is not valid, or belongs to other
// content, makes the file unusable (the page is rendered, a line logged).
func TestSnapshotDirSidecar(t *testing.T) {
	dir := t.TempDir()
	var logs strings.Builder
	var mu sync.Mutex
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.SnapshotDir = dir
	opts.Logger = slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))
	ts := newTestServer(t, Middleware(siteHandler(), opts))
	name := filepath.Join(dir, fileOf(t, ts.URL+"/p#!x"))
	body := []byte("<p>gone</p>")
	os.WriteFile(name, body, 0o644)
	good, err := sidecarFor(404, http.Header{"Content-Type": {"text/html; charset=utf-8"}, "X-Robots-Tag": {"noindex"}}, body)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		meta      string
		status    int
		fromFile  bool
		logged    string
		robotsTag string
	}{
		{string(good), 404, true, "", "noindex"},
		{"not json", 200, false, "not a sidecar", ""},
		{strings.Replace(string(good), "404", "304", 1), 200, false, "status 304 cannot be served", ""},
		{strings.Replace(string(good), "noindex", "a\\nb", 1), 200, false, "not valid", ""},
		{strings.Replace(string(good), `"status"`, `"statos"`, 1), 200, false, "unknown field", ""},
	}
	for _, tt := range tests {
		os.WriteFile(name+".meta", []byte(tt.meta), 0o644)
		mu.Lock()
		logs.Reset()
		mu.Unlock()
		resp, got := get(t, ts.URL+"/p?_escaped_fragment_=x", nil)
		fromFile := resp.Header.Get("X-Bangsnap-Cache") == "file"
		if fromFile != tt.fromFile || (fromFile && (resp.StatusCode != tt.status || got != string(body) || resp.Header.Get("X-Robots-Tag") != tt.robotsTag)) {
			t.Errorf("sidecar %q: %d %s %q", tt.meta, resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"), got)
		}
		mu.Lock()
		l := logs.String()
		mu.Unlock()
		if tt.logged != "" && !strings.Contains(l, tt.logged) {
			t.Errorf("sidecar %q: log %q lacks %q", tt.meta, l, tt.logged)
		}
	}
	// The file changed after its sidecar was written.
	os.WriteFile(name+".meta", good, 0o644)
	os.WriteFile(name, []byte("<p>other</p>"), 0o644)
	if resp, _ := get(t, ts.URL+"/p?_escaped_fragment_=x", nil); resp.Header.Get("X-Bangsnap-Cache") == "file" {
		t.Errorf("a sidecar of other content served")
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func TestIsSnapshotFileName(t *testing.T) {
	for name, want := range map[string]bool{
		SnapshotFileName("http://example.com/?_escaped_fragment_=/a"):                           true,
		SnapshotFileName("http://example.com/?_escaped_fragment_=/a") + ".meta":                 true,
		SnapshotFileName("http://example.com/?_escaped_fragment_=/" + strings.Repeat("a", 300)): true,
		"index.html":        false,
		"notes.txt":         false,
		".bangsnap-tmp-123": false,
		"example.com%2F%3F_escaped_fragment_=%zz.html": false,
		"sha256-abc.html": false,
	} {
		if got := isSnapshotFileName(name); got != want {
			t.Errorf("isSnapshotFileName(%q) = %v", name, got)
		}
	}
}

// FuzzSnapshotMeta: a sidecar is outside input read at every request for
// its file: any bytes give a sidecar that can be served or an error, never
// a panic; what sidecarFor writes is read back the same.
func FuzzSnapshotMeta(f *testing.F) {
	body := []byte("<p>x</p>")
	for _, tt := range []struct {
		status int
		h      http.Header
	}{
		{404, http.Header{"Content-Type": {"text/html; charset=utf-8"}}},
		{301, http.Header{"Location": {"http://h/?_escaped_fragment_=a"}, "Cache-Control": {"no-store"}}},
		{200, http.Header{"Content-Type": {"application/xhtml+xml; charset=utf-8"}, "X-Robots-Tag": {"noindex"}}},
	} {
		b, err := sidecarFor(tt.status, tt.h, body)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"status":200,"sha256":"","header":{"a b":["c"]}}`))
	f.Add([]byte(`{"status":404}{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := parseSnapshotMeta(b)
		if err != nil {
			return
		}
		if m.Status < 200 || m.Status > 599 || m.Status == 304 || len(m.SHA256) != 64 {
			t.Fatalf("accepted %+v", m)
		}
		e := newEntry("k", m.Status, m.Header, body, time.Time{})
		for k, vs := range e.header {
			for _, v := range vs {
				if strings.ContainsAny(k+v, "\r\n") {
					t.Fatalf("header %q: %q", k, v)
				}
			}
		}
	})
}
