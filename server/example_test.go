package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/server"
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
