package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap/server"
)

// stagingBuild is a build of https://www.example.com on a loopback server:
// its home page links a #! state whose script builds its links from
// location.origin; robots.txt names a sitemap of public URLs. hosts returns
// the Host headers it got.
func stagingBuild(t *testing.T) (build *httptest.Server, hosts func() []string) {
	var mu sync.Mutex
	var seen []string
	build = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Host)
		mu.Unlock()
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nAllow: /\nSitemap: https://www.example.com/sitemap.xml\n")
		case "/sitemap.xml":
			w.Header().Set("Content-Type", "application/xml")
			io.WriteString(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/app#!/b</loc></url></urlset>`)
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><title>Home</title><a href="/app#!/a">a</a>`)
		case "/app":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><html><head></head><body><p id="p"></p><script>
				var s = location.hash.slice(2);
				document.getElementById("p").innerHTML = "state " + s + ' <a href="' + location.origin + '/app#!/b">b</a>';
			</script></body></html>`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(build.Close)
	return build, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), seen...) }
}

func TestSnapshotCommandMapOrigin(t *testing.T) {
	build, hosts := stagingBuild(t)
	dir := t.TempDir()
	res := runArgs(t, "snapshot", "-dir", dir, "-deterministic", "-json", "-map-origin", "https://www.example.com="+build.URL, "https://www.example.com/")
	if res.code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", res.code, res.stdout, res.stderr)
	}
	files := map[string]server.GeneratedFile{}
	for _, l := range strings.Split(strings.TrimSpace(res.stdout), "\n") {
		var f server.GeneratedFile
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		files[f.URL] = f
	}
	a, b := files["https://www.example.com/app#!/a"], files["https://www.example.com/app#!/b"]
	if len(files) != 2 || a.Action != "written" || b.Action != "written" || a.Ugly != "https://www.example.com/app?_escaped_fragment_=/a" {
		t.Errorf("results %+v", files)
	}
	body, err := os.ReadFile(filepath.Join(dir, a.File))
	if err != nil || !strings.Contains(string(body), `state /a <a href="https://www.example.com/app#!/b">b</a>`) {
		t.Errorf("%s: %q %v", a.File, body, err)
	}
	buildHost := strings.TrimPrefix(build.URL, "http://")
	for _, h := range hosts() {
		if h != buildHost {
			t.Errorf("the build got Host %q, want %q", h, buildHost)
		}
	}

	// serve -snapshot-dir -trust-forwarded-proto, for the public host
	// behind TLS, answers from the files.
	front := httptest.NewServer(server.Middleware(http.NotFoundHandler(), server.Options{SnapshotDir: dir, TrustForwardedProto: true, Logger: slog.New(slog.DiscardHandler)}))
	defer front.Close()
	req, _ := http.NewRequest("GET", front.URL+"/app?_escaped_fragment_=/b", nil)
	req.Host = "www.example.com"
	req.Header.Set("X-Forwarded-Proto", "https")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("X-Bangsnap-Cache") != "file" {
		t.Errorf("served %d %q", resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"))
	}

	// -preserve-host sends the public host.
	before := len(hosts())
	res = runArgs(t, "snapshot", "-dir", dir, "-deterministic", "-map-origin", "https://www.example.com="+build.URL, "-preserve-host", "https://www.example.com/")
	if res.code != exitOK || !strings.Contains(res.stdout, "unchanged 200 https://www.example.com/app#!/a -> ") {
		t.Errorf("-preserve-host: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	for _, h := range hosts()[before:] {
		if h != "www.example.com" {
			t.Errorf("with -preserve-host the build got Host %q", h)
		}
	}
}

func TestCrawlAndRenderCommandMapOrigin(t *testing.T) {
	// The build serves its own snapshots (bangsnap's middleware, behind
	// TLS in production: it trusts X-Forwarded-Proto), rendered at the
	// host it is asked for: -preserve-host makes that the public one.
	build := httptest.NewServer(server.New(server.Options{TrustForwardedProto: true, Logger: slog.New(slog.DiscardHandler)}).Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/":
			io.WriteString(w, `<!doctype html><a href="/app#!/a">a</a>`)
		case "/app":
			io.WriteString(w, `<!doctype html><p id="p"></p><script>document.getElementById("p").textContent = "state at " + location.origin + location.hash;</script>`)
		default:
			http.NotFound(w, r)
		}
	})))
	defer build.Close()
	mapping := "https://www.example.com=" + build.URL

	res := runArgs(t, "crawl", "-map-origin", mapping, "-preserve-host", "https://www.example.com/")
	if res.code != exitOK {
		t.Fatalf("crawl: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	for _, want := range []string{
		"ok   robots   404 https://www.example.com/robots.txt",
		"ok   page     200 https://www.example.com/ ",
		"ok   snapshot 200 https://www.example.com/app#!/a",
	} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("crawl: stdout lacks %q:\n%s", want, res.stdout)
		}
	}
	if strings.Contains(res.stdout, "127.0.0.1") {
		t.Errorf("crawl: results name the build's address:\n%s", res.stdout)
	}

	res = runArgs(t, "render", "-map-origin", mapping, "https://www.example.com/app#!/a")
	if res.code != exitOK || !strings.Contains(res.stdout, `<p id="p">state at https://www.example.com#!/a</p>`) {
		t.Errorf("render: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}

	for _, args := range [][]string{
		{"crawl", "-map-origin", "https://www.example.com", "https://www.example.com/"},
		{"render", "-map-origin", "https://www.example.com/shop=" + build.URL, "https://www.example.com/"},
		{"snapshot", "-dir", t.TempDir(), "-map-origin", mapping, "-map-origin", "https://www.example.com=http://127.0.0.1:1", "https://www.example.com/"},
		{"snapshot", "-dir", t.TempDir(), "-preserve-host", build.URL + "/"},
	} {
		res := runArgs(t, args...)
		if res.code != exitUsage || !strings.Contains(res.stderr, "-map-origin") || !strings.Contains(res.stderr, "usage: bangsnap "+args[0]) {
			t.Errorf("%q: exit %d, want 2 naming -map-origin\n%s", args, res.code, res.stderr)
		}
	}
}
