package main

import (
	"encoding/json"
	"fmt"
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

// snapshotSite is a site with two #! states built by script, one of them a
// 404, that wants -header X-Auth and -cookie sess on every request; its page
// loads a script from a third-party server (another port: another host for
// headers), which notes any X-Auth it gets.
func snapshotSite(t *testing.T) (site *httptest.Server, missing, leaked func() []string) {
	var mu sync.Mutex
	var miss, leak []string
	third := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if v := r.Header.Get("X-Auth"); v != "" {
			leak = append(leak, r.URL.Path)
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, `window.lib = "third";`)
	}))
	t.Cleanup(third.Close)
	site = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		if r.Header.Get("X-Auth") != "s3" || !strings.Contains(r.Header.Get("Cookie"), "sess=1") {
			miss = append(miss, r.URL.Path)
		}
		mu.Unlock()
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<!doctype html><a href="/app#!/a">a</a> <a href="/app#!/gone">gone</a>`)
		case "/app":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<!doctype html><html><head></head><body><p id="p"></p><script src="%s/lib.js"></script><script>
				var s = location.hash.slice(2);
				document.getElementById("p").textContent = "state " + s + " " + lib;
				if (s === "/gone") { var m = document.createElement("meta"); m.name = "prerender-status-code"; m.content = "404"; document.head.appendChild(m); }
			</script></body></html>`, third.URL)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(site.Close)
	get := func(l *[]string) func() []string {
		return func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), *l...) }
	}
	return site, get(&miss), get(&leak)
}

func TestSnapshotCommand(t *testing.T) {
	site, missing, leaked := snapshotSite(t)
	dir := t.TempDir()
	args := []string{"snapshot", "-dir", dir, "-deterministic", "-json", "-header", "X-Auth: s3", "-cookie", "sess=1", site.URL + "/"}
	res := runArgs(t, args...)
	if res.code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", res.code, res.stdout, res.stderr)
	}
	lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
	files := map[string]server.GeneratedFile{}
	for _, l := range lines {
		var f server.GeneratedFile
		if err := json.Unmarshal([]byte(l), &f); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		files[f.URL] = f
	}
	a, gone := files[site.URL+"/app#!/a"], files[site.URL+"/app#!/gone"]
	if len(files) != 2 || a.Action != "written" || a.Status != 200 || gone.Status != 404 || a.Ugly != site.URL+"/app?_escaped_fragment_=/a" {
		t.Errorf("results %+v", files)
	}
	if !strings.Contains(res.stderr, "2 states in ") || !strings.Contains(res.stderr, "2 written, 0 unchanged, 0 failed") {
		t.Errorf("summary: %q", res.stderr)
	}
	if m := missing(); len(m) > 0 {
		t.Errorf("site requests without -header/-cookie: %q", m)
	}
	if l := leaked(); len(l) > 0 {
		t.Errorf("the third party got -header: %q", l)
	}
	body, err := os.ReadFile(filepath.Join(dir, a.File))
	if err != nil || !strings.Contains(string(body), "state /a third") {
		t.Errorf("%s: %q %v", a.File, body, err)
	}

	// serve -snapshot-dir's Service answers from the files.
	front := httptest.NewServer(server.Middleware(http.NotFoundHandler(), server.Options{SnapshotDir: dir, Logger: slog.New(slog.DiscardHandler)}))
	defer front.Close()
	req, _ := http.NewRequest("GET", front.URL+"/app?_escaped_fragment_=/gone", nil)
	req.Host = strings.TrimPrefix(site.URL, "http://")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 || resp.Header.Get("X-Bangsnap-Cache") != "file" {
		t.Errorf("served %d %q", resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"))
	}

	// Again, without -json: nothing changed.
	res = runArgs(t, "snapshot", "-dir", dir, "-deterministic", "-header", "X-Auth: s3", "-cookie", "sess=1", "-prune", site.URL+"/")
	if res.code != exitOK || !strings.Contains(res.stdout, "unchanged 200 "+site.URL+"/app#!/a -> ") ||
		!strings.Contains(res.stderr, "0 written, 2 unchanged, 0 failed, 0 skipped (robots.txt, unmapped origins), 0 pruned") {
		t.Errorf("second run: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}

func TestSnapshotCommandErrors(t *testing.T) {
	site, _, _ := snapshotSite(t)
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	tests := []struct {
		name   string
		args   []string
		code   int
		errHas string
	}{
		{"no dir", []string{"snapshot", site.URL + "/"}, exitUsage, "no -dir given"},
		{"no URL", []string{"snapshot", "-dir", t.TempDir()}, exitUsage, "no start URL"},
		{"bad URL", []string{"snapshot", "-dir", t.TempDir(), "ftp://x/"}, exitUsage, "usage: bangsnap snapshot"},
		{"bad header", []string{"snapshot", "-dir", t.TempDir(), "-header", "nocolon", site.URL + "/"}, exitUsage, "'Name: value'"},
		{"dir not writable", []string{"snapshot", "-dir", filepath.Join(file, "sub"), site.URL + "/"}, exitFail, "snapshot directory not usable"},
		{"unreachable", []string{"snapshot", "-dir", t.TempDir(), "-ignore-robots", dead.URL + "/"}, exitFail, "no state found"},
		{"no states", []string{"snapshot", "-dir", t.TempDir(), site.URL + "/nothing"}, exitFail, "no state found"},
		{"state fails", []string{"snapshot", "-dir", t.TempDir(), "-ignore-robots", dead.URL + "/app#!/a"}, exitFail, "1 failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runArgs(t, tt.args...)
			if res.code != tt.code || !strings.Contains(res.stderr, tt.errHas) {
				t.Errorf("exit %d, want %d; stderr lacks %q?\n%s%s", res.code, tt.code, tt.errHas, res.stdout, res.stderr)
			}
		})
	}
}
