package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/server/demo"
)

// The demo site through the middleware with the real renderer: what
// `bangsnap demo` shows and a crawler gets.
func TestDemoSnapshotsEndToEnd(t *testing.T) {
	svc := New(Options{Logger: discardLogger(), RenderOptions: bangsnap.Options{Deterministic: true}})
	ts := newTestServer(t, svc.Handler(svc.Middleware(demo.Handler())))
	tests := []struct {
		path     string
		status   int
		contains []string
	}{
		{"/shop?_escaped_fragment_=/item/1", 200, []string{"<title>Blue teapot · Demo shop</title>", "<h1>Blue teapot</h1>", "$24.00", `<span class="tag">ceramics</span>`}},
		{"/shop?_escaped_fragment_=/", 200, []string{`<a href="#!/item/4">Brass bottle opener</a>`}},
		{"/shop?_escaped_fragment_=/about", 200, []string{"About this shop"}},
		{"/shop?_escaped_fragment_=/item/404", 404, []string{"Item 404 does not exist."}},
		{"/?_escaped_fragment_=", 200, []string{"<h2>Featured</h2>", `<a href="/shop#!/item/3">Linen tea towel</a>`, "no browser involved"}},
	}
	for _, tc := range tests {
		resp, body := do(t, "GET", ts.URL+tc.path, nil)
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d\n%s", tc.path, resp.StatusCode, tc.status, body)
			continue
		}
		for _, want := range tc.contains {
			if !strings.Contains(body, want) {
				t.Errorf("%s: snapshot lacks %q:\n%s", tc.path, want, body)
			}
		}
		if strings.Contains(body, "<script") || strings.Contains(body, "Loading…") {
			t.Errorf("%s: snapshot still has scripts or the loading text:\n%s", tc.path, body)
		}
	}
}

// The render service with the real renderer over its guarded transport:
// loopback is refused by default and rendered when private targets are
// allowed.
func TestRenderServiceEndToEnd(t *testing.T) {
	site := newTestServer(t, demo.Handler())
	target := "/render?url=" + url.QueryEscape(site.URL+"/shop#!/item/3")
	for _, tc := range []struct {
		allowPrivate bool
		status       int
		contains     string
	}{
		{false, http.StatusForbidden, "non-public address 127.0.0.1"},
		{true, http.StatusOK, "<h1>Linen tea towel</h1>"},
	} {
		svc := New(Options{Logger: discardLogger(), Targets: TargetPolicy{Allow: []string{"127.0.0.1"}, AllowPrivate: tc.allowPrivate}})
		ts := newTestServer(t, svc.Handler(nil))
		resp, body := do(t, "GET", ts.URL+target, nil)
		if resp.StatusCode != tc.status || !strings.Contains(body, tc.contains) {
			t.Errorf("AllowPrivate=%v: %d, want %d with %q:\n%s", tc.allowPrivate, resp.StatusCode, tc.status, tc.contains, body)
		}
	}
}
