package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/server"
	"github.com/bangsnap/bangsnap/xhr"
)

// staticRenderer stands in for bangsnap.NewRenderer in the example.
type staticRenderer struct{}

func (staticRenderer) Render(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
	return &bangsnap.Snapshot{
		HTML:   []byte("<html><body>snapshot of " + url + "</body></html>"),
		Status: http.StatusOK,
		Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}},
	}, nil
}

// Wrap a site so crawlers asking for ugly URLs get snapshots of the pretty
// URL, and everything else reaches the site as before. Leave Renderer nil to
// render against the site itself with bangsnap.NewRenderer.
func ExampleMiddleware() {
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "the JavaScript app shell")
	})
	h := server.Middleware(site, server.Options{
		Renderer: staticRenderer{},
		Logger:   slog.New(slog.DiscardHandler),
	})
	ts := httptest.NewServer(h)
	defer ts.Close()

	for _, path := range []string{"/shop#!/item/1", "/shop?_escaped_fragment_=/item/1"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s -> %s\n", path, strings.ReplaceAll(string(body), ts.URL, "http://site"))
	}
	// Output:
	// /shop#!/item/1 -> the JavaScript app shell
	// /shop?_escaped_fragment_=/item/1 -> <html><body>snapshot of http://site/shop#!/item/1</body></html>
}

// Put snapshots in front of any site: a reverse proxy to the origin, plus
// /healthz, /metrics and (with a token) the invalidation endpoint, served
// by a Server that finishes in-flight renders on Shutdown.
func ExampleService_Handler() {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "origin page")
	}))
	defer origin.Close()
	originURL, _ := url.Parse(origin.URL)

	svc := server.New(server.Options{Renderer: staticRenderer{}, Logger: slog.New(slog.DiscardHandler)})
	srv := server.NewServer("127.0.0.1:0", svc.Handler(svc.NewProxy(originURL, server.ProxyOptions{})), svc)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go srv.Serve(ln)
	defer srv.Shutdown(context.Background())

	base := "http://" + ln.Addr().String()
	for _, path := range []string{"/page", "/page?_escaped_fragment_=", "/healthz"} {
		resp, err := http.Get(base + path)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s: %d %s\n", path, resp.StatusCode, strings.TrimSpace(strings.ReplaceAll(string(body), base, "http://site")))
	}
	// Output:
	// /page: 200 origin page
	// /page?_escaped_fragment_=: 200 <html><body>snapshot of http://site/page</body></html>
	// /healthz: 200 ok
}

// Make a site's snapshots ahead of time into a directory, then serve them
// from it (what `bangsnap snapshot` and `bangsnap serve -snapshot-dir` do):
// the files answer before anything is rendered.
func ExampleGenerateSnapshotDir() {
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/":
			io.WriteString(w, `<a href="/shop#!/item/1">item 1</a> <a href="/shop#!/item/2">item 2</a>`)
		case "/shop":
			io.WriteString(w, `<p id="p"></p><script>document.getElementById("p").textContent = "Item " + location.hash.slice(8);</script>`)
		default:
			http.NotFound(w, r)
		}
	})
	ts := httptest.NewServer(site)
	defer ts.Close()
	dir, err := os.MkdirTemp("", "snapshots")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	quiet := slog.New(slog.DiscardHandler)
	opts := server.GenerateOptions{
		Crawl:  bangsnap.CrawlOptions{Concurrency: 1, Render: bangsnap.Options{Deterministic: true}},
		Logger: quiet,
	}
	sum, err := server.GenerateSnapshotDir(context.Background(), dir, []string{ts.URL + "/"}, opts, func(f server.GeneratedFile) error {
		fmt.Println(f.Action, f.Status, strings.TrimPrefix(f.URL, ts.URL))
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Written, "written,", sum.Failed, "failed")

	front := httptest.NewServer(server.Middleware(site, server.Options{SnapshotDir: dir, Logger: quiet}))
	defer front.Close()
	req, _ := http.NewRequest("GET", front.URL+"/shop?_escaped_fragment_=/item/2", nil)
	req.Host = strings.TrimPrefix(ts.URL, "http://") // the site's own host, as a crawler asks it
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"), strings.Contains(string(body), `<p id="p">Item 2</p>`))
	// Output:
	// written 200 /shop#!/item/1
	// written 200 /shop#!/item/2
	// 2 written, 0 failed
	// 200 file true
}

// Make the snapshots of https://www.example.com from its build, served on a
// local address before it is deployed (`bangsnap snapshot -map-origin`):
// the pages are rendered at their public URLs, which name the files, so
// the public site's server answers its crawlers from them.
func ExampleGenerateSnapshotDir_origins() {
	build := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/":
			io.WriteString(w, `<a href="/shop#!/item/1">item 1</a>`)
		case "/shop":
			io.WriteString(w, `<p id="p"></p><script>document.getElementById("p").textContent = "Item 1 at " + location.origin;</script>`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer build.Close()
	dir, err := os.MkdirTemp("", "snapshots")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	origins, err := xhr.NewOriginMap("https://www.example.com=" + build.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	quiet := slog.New(slog.DiscardHandler)
	opts := server.GenerateOptions{
		Crawl:  bangsnap.CrawlOptions{Origins: origins, Render: bangsnap.Options{Deterministic: true}},
		Logger: quiet,
	}
	var file string
	_, err = server.GenerateSnapshotDir(context.Background(), dir, []string{"https://www.example.com/"}, opts, func(f server.GeneratedFile) error {
		fmt.Println(f.Action, f.Status, f.Ugly)
		file = f.File
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	snap, err := os.ReadFile(filepath.Join(dir, file))
	fmt.Println(strings.Contains(string(snap), `<p id="p">Item 1 at https://www.example.com</p>`), err)
	// Output:
	// written 200 https://www.example.com/shop?_escaped_fragment_=/item/1
	// true <nil>
}
