package server

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// Requests that are not for snapshots reach the site untouched: same status,
// headers and bytes as without the middleware.
func TestMiddlewarePassThrough(t *testing.T) {
	fr := &fakeRenderer{}
	direct := newTestServer(t, siteHandler())
	opts := testOptions(fr)
	opts.DynamicRendering = true
	wrapped := newTestServer(t, Middleware(siteHandler(), opts))

	tests := []struct {
		name, method, path string
		header             http.Header
	}{
		{"plain GET", "GET", "/page?x=1", nil},
		{"plain HEAD", "HEAD", "/", nil},
		{"POST with ugly query", "POST", "/page?_escaped_fragment_=a", nil},
		{"marked render request", "GET", "/page?_escaped_fragment_=a", http.Header{RenderHeader: {"1"}}},
		{"parameter name as a value", "GET", "/page?q=_escaped_fragment_", nil},
		{"browser user agent", "GET", "/", http.Header{"User-Agent": {"Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"}}},
		{"crawler asks for a script", "GET", "/app.js", http.Header{"User-Agent": {"Googlebot/2.1"}}},
		{"crawler asks for an image", "GET", "/img/logo.PNG", http.Header{"User-Agent": {"Googlebot/2.1"}}},
		{"crawler POST", "POST", "/", http.Header{"User-Agent": {"Googlebot/2.1"}}},
		{"crawler wants JSON", "GET", "/api", http.Header{"User-Agent": {"GPTBot/1.0"}, "Accept": {"application/json"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, wantBody := do(t, tc.method, direct.URL+tc.path, tc.header)
			got, gotBody := do(t, tc.method, wrapped.URL+tc.path, tc.header)
			if got.StatusCode != want.StatusCode || gotBody != wantBody {
				t.Errorf("got %d %q, want %d %q", got.StatusCode, gotBody, want.StatusCode, wantBody)
			}
			got.Header.Del("Date")
			want.Header.Del("Date")
			if g, w := headerString(got.Header), headerString(want.Header); g != w {
				t.Errorf("headers differ:\n got %s\nwant %s", g, w)
			}
		})
	}
	if n := fr.calls.Load(); n != 0 {
		t.Errorf("renderer called %d times for pass-through requests", n)
	}
}

func headerString(h http.Header) string {
	var b strings.Builder
	h.Write(&b)
	return b.String()
}

// An ugly URL is answered with the snapshot of its pretty URL, with the
// snapshot's status and headers, and cached.
func TestMiddlewareUglyToSnapshot(t *testing.T) {
	fr := &fakeRenderer{fn: func(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
		s := htmlSnapshot(url)
		s.Header.Set("X-From-Page", "meta")
		return s, nil
	}}
	ts := newTestServer(t, Middleware(siteHandler(), testOptions(fr)))

	resp, body := do(t, "GET", ts.URL+"/page?query&_escaped_fragment_=key1=value1%26key2=value2", nil)
	wantURL := ts.URL + "/page?query#!key1=value1&key2=value2"
	if resp.StatusCode != 200 || fr.lastURL() != wantURL {
		t.Fatalf("status %d, rendered %q; want 200 and %q", resp.StatusCode, fr.lastURL(), wantURL)
	}
	if !strings.Contains(body, "rendered "+wantURL) {
		t.Errorf("body %q is not the snapshot", body)
	}
	if resp.Header.Get("X-From-Page") != "meta" || resp.Header.Get("X-Site") != "" {
		t.Errorf("headers %v: want the snapshot's, not the site's", resp.Header)
	}
	if resp.Header.Get("X-Bangsnap-Cache") != "miss" || resp.Header.Get("Etag") == "" || resp.Header.Get("Last-Modified") == "" {
		t.Errorf("headers %v: want a miss with validators", resp.Header)
	}

	// The same state, escaped differently, is a cache hit.
	resp, body2 := do(t, "GET", ts.URL+"/page?query&_escaped_fragment_=key1%3dvalue1%26key2=value2", nil)
	if resp.Header.Get("X-Bangsnap-Cache") != "hit" || body2 != body || fr.calls.Load() != 1 {
		t.Errorf("second request: cache %q, %d renders; want a hit and 1 render", resp.Header.Get("X-Bangsnap-Cache"), fr.calls.Load())
	}

	// HEAD gets the headers without the body.
	resp, body3 := do(t, "HEAD", ts.URL+"/page?query&_escaped_fragment_=key1=value1%26key2=value2", nil)
	if resp.StatusCode != 200 || body3 != "" || resp.ContentLength != int64(len(body)) {
		t.Errorf("HEAD: %d, body %q, length %d", resp.StatusCode, body3, resp.ContentLength)
	}

	// The meta-tag case: an empty value renders the URL without #!.
	do(t, "GET", ts.URL+"/home?_escaped_fragment_=", nil)
	if got := fr.lastURL(); got != ts.URL+"/home" {
		t.Errorf("meta-tag case rendered %q, want %q", got, ts.URL+"/home")
	}
}

// Ugly URLs that break the scheme's rules get 400 with a one-line reason.
func TestMiddlewareMalformedUgly(t *testing.T) {
	fr := &fakeRenderer{}
	ts := newTestServer(t, Middleware(siteHandler(), testOptions(fr)))
	tests := []struct{ name, query, reason string }{
		{"duplicate", "_escaped_fragment_=a&_escaped_fragment_=b", "more than one"},
		{"not last", "_escaped_fragment_=a&b=c", "not the last"},
		{"escaped name, not last", "%5Fescaped_fragment_=a&b=c", "not the last"},
		{"bad escape", "_escaped_fragment_=%zz", "malformed"},
		{"truncated escape", "_escaped_fragment_=abc%2", "malformed"},
		{"trailing ampersand", "_escaped_fragment_=a&", "not the last"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := do(t, "GET", ts.URL+"/p?"+tc.query, nil)
			if resp.StatusCode != http.StatusBadRequest || !oneLine(body) || !strings.Contains(body, tc.reason) {
				t.Errorf("got %d %q; want 400 with one line saying %q", resp.StatusCode, body, tc.reason)
			}
		})
	}
	if fr.calls.Load() != 0 {
		t.Errorf("malformed URLs were rendered")
	}
}

// Crawlers get snapshots of plain URLs when dynamic rendering is on, with
// Vary: User-Agent; the cache key is the meta-tag ugly URL.
func TestMiddlewareDynamicRendering(t *testing.T) {
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.DynamicRendering = true
	ts := newTestServer(t, Middleware(siteHandler(), opts))
	resp, body := do(t, "GET", ts.URL+"/about", http.Header{"User-Agent": {"Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"}})
	if resp.StatusCode != 200 || !strings.Contains(body, "rendered "+ts.URL+"/about") || resp.Header.Get("Vary") != "User-Agent" {
		t.Fatalf("got %d %q %v", resp.StatusCode, body, resp.Header)
	}
	// The ugly meta-tag URL of the same page shares the entry.
	resp, _ = do(t, "GET", ts.URL+"/about?_escaped_fragment_=", nil)
	if resp.Header.Get("X-Bangsnap-Cache") != "hit" {
		t.Errorf("meta-tag ugly URL: cache %q, want hit", resp.Header.Get("X-Bangsnap-Cache"))
	}
	// A page that cannot be rendered reaches the crawler as it is; an ugly
	// URL that cannot be rendered is an error.
	fr.fn = func(ctx context.Context, url string) (*bangsnap.Snapshot, error) { return nil, errBoom }
	resp, body = do(t, "GET", ts.URL+"/data", http.Header{"User-Agent": {"Googlebot/2.1"}})
	if resp.StatusCode != http.StatusTeapot || body != "<html>origin GET /data</html>" {
		t.Errorf("unrenderable page for a crawler: %d %q, want the page itself", resp.StatusCode, body)
	}
	if resp, _ = do(t, "GET", ts.URL+"/data?_escaped_fragment_=", nil); resp.StatusCode != http.StatusBadGateway {
		t.Errorf("unrenderable ugly URL: %d, want 502", resp.StatusCode)
	}
}

// A page that redirects is answered with a redirect, never a snapshot of the
// target; a #! state carries over to the target's ugly URL.
func TestMiddlewareRedirects(t *testing.T) {
	tests := []struct {
		name       string
		snap       func(url string) *bangsnap.Snapshot
		path       string
		wantStatus int
		wantLoc    string // relative to the server URL
	}{
		{"page answers 301", func(url string) *bangsnap.Snapshot {
			return &bangsnap.Snapshot{Status: 301, Header: http.Header{"Location": {"/new"}}, URL: url}
		}, "/old?_escaped_fragment_=s%20t", 301, "/new?_escaped_fragment_=s%20t"},
		{"renderer followed a redirect", func(url string) *bangsnap.Snapshot {
			s := htmlSnapshot(url)
			s.URL = strings.Replace(url, "/old", "/moved", 1)
			return s
		}, "/old?_escaped_fragment_=x", 302, "/moved?_escaped_fragment_=x"},
		{"meta-tag page redirects", func(url string) *bangsnap.Snapshot {
			return &bangsnap.Snapshot{Status: 308, Header: http.Header{"Location": {"/there"}}, URL: url}
		}, "/here?_escaped_fragment_=", 308, "/there"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fr := &fakeRenderer{fn: func(ctx context.Context, url string) (*bangsnap.Snapshot, error) { return tc.snap(url), nil }}
			ts := newTestServer(t, Middleware(siteHandler(), testOptions(fr)))
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			resp, err := client.Get(ts.URL + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.wantStatus || resp.Header.Get("Location") != ts.URL+tc.wantLoc {
				t.Errorf("got %d Location %q; want %d %q", resp.StatusCode, resp.Header.Get("Location"), tc.wantStatus, ts.URL+tc.wantLoc)
			}
		})
	}
}

// The page's own error statuses are served; 404s are cached, 500s are not.
func TestMiddlewareStatusAndCaching(t *testing.T) {
	for _, tc := range []struct {
		status     int
		wantCached bool
	}{{404, true}, {500, false}, {410, false}, {200, true}} {
		fr := &fakeRenderer{fn: func(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
			s := htmlSnapshot(url)
			s.Status = tc.status
			return s, nil
		}}
		ts := newTestServer(t, Middleware(siteHandler(), testOptions(fr)))
		r1, _ := do(t, "GET", ts.URL+"/p?_escaped_fragment_=a", nil)
		r2, _ := do(t, "GET", ts.URL+"/p?_escaped_fragment_=a", nil)
		cached := fr.calls.Load() == 1
		if r1.StatusCode != tc.status || r2.StatusCode != tc.status || cached != tc.wantCached {
			t.Errorf("status %d: got %d/%d, cached %v; want cached %v", tc.status, r1.StatusCode, r2.StatusCode, cached, tc.wantCached)
		}
	}
}

// A render error is a 502 with a one-line reason, and is not cached.
func TestMiddlewareRenderError(t *testing.T) {
	fr := &fakeRenderer{fn: func(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
		return nil, context.DeadlineExceeded
	}}
	ts := newTestServer(t, Middleware(siteHandler(), testOptions(fr)))
	resp, body := do(t, "GET", ts.URL+"/p?_escaped_fragment_=a", nil)
	if resp.StatusCode != http.StatusGatewayTimeout || !oneLine(body) {
		t.Errorf("got %d %q", resp.StatusCode, body)
	}
	fr.fn = func(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
		return nil, errBoom
	}
	resp, body = do(t, "GET", ts.URL+"/p?_escaped_fragment_=a", nil)
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(body, "boom") || fr.calls.Load() != 2 {
		t.Errorf("got %d %q after %d renders", resp.StatusCode, body, fr.calls.Load())
	}
}

var errBoom = &renderError{"boom"}

type renderError struct{ s string }

func (e *renderError) Error() string { return e.s }

// Conditional requests get 304 when the validators match.
func TestConditional304(t *testing.T) {
	fr := &fakeRenderer{}
	ts := newTestServer(t, Middleware(siteHandler(), testOptions(fr)))
	url := ts.URL + "/p?_escaped_fragment_=a"
	first, _ := do(t, "GET", url, nil)
	etag, lastMod := first.Header.Get("Etag"), first.Header.Get("Last-Modified")
	tests := []struct {
		name   string
		header http.Header
		want   int
	}{
		{"matching etag", http.Header{"If-None-Match": {etag}}, 304},
		{"weak form of the etag", http.Header{"If-None-Match": {"W/" + etag}}, 304},
		{"etag in a list", http.Header{"If-None-Match": {`"x", ` + etag}}, 304},
		{"star", http.Header{"If-None-Match": {"*"}}, 304},
		{"other etag", http.Header{"If-None-Match": {`"nope"`}}, 200},
		{"other etag wins over date", http.Header{"If-None-Match": {`"nope"`}, "If-Modified-Since": {lastMod}}, 200},
		{"not modified since", http.Header{"If-Modified-Since": {lastMod}}, 304},
		{"modified since", http.Header{"If-Modified-Since": {"Mon, 02 Jan 2006 15:04:05 GMT"}}, 200},
		{"bad date", http.Header{"If-Modified-Since": {"yesterday"}}, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := do(t, "GET", url, tc.header)
			if resp.StatusCode != tc.want {
				t.Fatalf("got %d, want %d", resp.StatusCode, tc.want)
			}
			if tc.want == 304 && (body != "" || resp.Header.Get("Etag") != etag) {
				t.Errorf("304 with body %q, etag %q", body, resp.Header.Get("Etag"))
			}
		})
	}
}

// N concurrent requests for the same page share one render.
func TestSingleFlight(t *testing.T) {
	const n = 25
	fr := &fakeRenderer{release: make(chan struct{})}
	svc := New(testOptions(fr))
	ts := newTestServer(t, svc.Middleware(siteHandler()))
	key, err := cacheKey(ts.URL + "/p#!s")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	bodies := make([]string, n)
	for i := range n {
		wg.Go(func() {
			// Equivalent ugly URLs join the same render.
			q := "s"
			if i%2 == 1 {
				q = "%73"
			}
			resp, body := do(t, "GET", ts.URL+"/p?_escaped_fragment_="+q, nil)
			if resp.StatusCode != 200 {
				t.Errorf("status %d", resp.StatusCode)
			}
			bodies[i] = body
		})
	}
	waitFor(t, "all requests to join the render", func() bool {
		svc.flight.mu.Lock()
		defer svc.flight.mu.Unlock()
		c := svc.flight.calls[key]
		return c != nil && c.waiters == n
	})
	close(fr.release)
	wg.Wait()
	if got := fr.calls.Load(); got != 1 {
		t.Errorf("%d renders for %d identical requests, want 1", got, n)
	}
	for i := range bodies {
		if bodies[i] != bodies[0] || bodies[i] == "" {
			t.Fatalf("body %d differs: %q", i, bodies[i])
		}
	}
}
