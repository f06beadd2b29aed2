package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestRenderWaterfall checks --waterfall: a summary line, then one line
// per request in start order, the page and the chain it waited on (/a,
// then /b) marked *, the request made beside them (/side, answered once /b
// has reached the server, so that it precedes neither) not.
func TestRenderWaterfall(t *testing.T) {
	bStarted := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><p id=p>-</p><script>
				function get(u, f) { var x = new XMLHttpRequest(); x.open("GET", u); x.onload = function () { f(x.responseText) }; x.send() }
				get("/side", function () {});
				get("/a", function (a) { get("/b", function (b) { p.textContent = a + b }) });
			</script>`)
		case "/side":
			select {
			case <-bStarted:
			case <-r.Context().Done():
			}
			fmt.Fprint(w, "side")
		default:
			if r.URL.Path == "/b" {
				once.Do(func() { close(bStarted) })
			}
			time.Sleep(20 * time.Millisecond)
			fmt.Fprint(w, r.URL.Path)
		}
	}))
	defer srv.Close()
	res := runArgs(t, "render", "--waterfall", srv.URL+"/")
	if res.code != exitOK || !strings.Contains(res.stdout, "<p id=\"p\">/a/b</p>") {
		t.Fatalf("exit %d, stdout %s, stderr %s", res.code, res.stdout, res.stderr)
	}
	lines := strings.Split(strings.TrimSpace(res.stderr), "\n")
	if len(lines) != 6 || !strings.Contains(lines[0], "total") || !strings.Contains(lines[0], "running scripts") || !strings.Contains(lines[0], "floor") {
		t.Fatalf("stderr:\n%s\nwant a summary, a header and 4 requests", res.stderr)
	}
	// The page starts first; /side and /a go out in either order.
	if !strings.HasPrefix(lines[2], "*") || !strings.HasSuffix(lines[2], srv.URL+"/") {
		t.Errorf("first request line = %q, want the page, marked *", lines[2])
	}
	marks := map[string]string{}
	for _, l := range lines[2:] {
		for _, p := range []string{"/side", "/a", "/b"} {
			if strings.HasSuffix(l, srv.URL+p) {
				marks[p] = l[:1]
			}
		}
	}
	if marks["/a"] != "*" || marks["/b"] != "*" || marks["/side"] != " " {
		t.Errorf("critical path marks %q, want /a and /b marked, /side not:\n%s", marks, res.stderr)
	}
}
