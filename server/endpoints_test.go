package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// The render service renders allowed targets, in both request forms, and
// maps ugly targets to their pretty URLs.
func TestRenderService(t *testing.T) {
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.Targets = TargetPolicy{Lookup: fakeLookup, Allow: []string{"https://example.com"}}
	svc := New(opts)
	ts := newTestServer(t, svc.Handler(nil))
	tests := []struct{ path, want string }{
		{"/render?url=" + url.QueryEscape("https://example.com/shop#!/item/1"), "https://example.com/shop#!/item/1"},
		{"/render?url=https://example.com/p?x=1&_escaped_fragment_=a%26b", "https://example.com/p?x=1#!a&b"},
		{"/https://example.com/p?x=1&_escaped_fragment_=k%3Dv", "https://example.com/p?x=1#!k=v"},
		{"/https:/example.com/merged-slashes", "https://example.com/merged-slashes"},
		{"/render?x=1&url=" + url.QueryEscape("https://example.com/"), "https://example.com/"},
	}
	for _, tc := range tests {
		resp, body := do(t, "GET", ts.URL+tc.path, nil)
		if resp.StatusCode != 200 || fr.lastURL() != tc.want || !strings.Contains(body, "rendered "+tc.want) {
			t.Errorf("%s: %d, rendered %q; want %q", tc.path, resp.StatusCode, fr.lastURL(), tc.want)
		}
	}
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/render", 400},
		{"/render?url=" + url.QueryEscape("https://example.com/p?_escaped_fragment_=a&b=c"), 400},
		{"/render?url=%zz", 400},
		{"/elsewhere", 404},
	} {
		resp, _ := do(t, "GET", ts.URL+tc.path, nil)
		if resp.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d", tc.path, resp.StatusCode, tc.status)
		}
	}
	resp, _ := do(t, "POST", ts.URL+"/render?url=https://example.com/", nil)
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", resp.StatusCode)
	}
}

// /metrics exposes the counters in the Prometheus text format, /healthz
// answers ok.
func TestMetricsExposed(t *testing.T) {
	fr := &fakeRenderer{fn: func(ctx context.Context, url string) (*bangsnap.Snapshot, error) {
		s := htmlSnapshot(url)
		if strings.Contains(url, "partial") {
			s.Report.Partial, s.Report.Reason = true, "wall-time"
			s.Report.Errors = []bangsnap.ScriptError{{Message: "x is undefined"}}
		}
		if strings.Contains(url, "fail") {
			return nil, errBoom
		}
		return s, nil
	}}
	svc := New(testOptions(fr))
	ts := newTestServer(t, svc.Handler(svc.Middleware(siteHandler())))
	var served int
	for _, p := range []string{"/a?_escaped_fragment_=1", "/a?_escaped_fragment_=1", "/a?_escaped_fragment_=partial", "/a?_escaped_fragment_=fail", "/a?_escaped_fragment_=%zz"} {
		_, body := do(t, "GET", ts.URL+p, nil)
		if !strings.Contains(p, "fail") && !strings.Contains(p, "zz") {
			served += len(body)
		}
	}
	resp, metrics := do(t, "GET", ts.URL+MetricsPath, nil)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("Content-Type %q", ct)
	}
	for _, want := range []string{
		`bangsnap_renders_total{outcome="ok"} 1`,
		`bangsnap_renders_total{outcome="partial"} 1`,
		`bangsnap_renders_total{outcome="error"} 1`,
		"bangsnap_render_partial_total 1",
		"bangsnap_render_errors_total 1",
		"bangsnap_render_script_errors_total 1",
		`bangsnap_render_duration_seconds_bucket{le="+Inf"} 3`,
		"bangsnap_render_duration_seconds_count 3",
		"# TYPE bangsnap_render_duration_seconds histogram",
		"bangsnap_cache_hits_total 1",
		"bangsnap_cache_misses_total 3",
		"bangsnap_cache_entries 2",
		"bangsnap_queue_length 0",
		"bangsnap_bad_requests_total 1",
		`bangsnap_snapshot_responses_total{code="2xx"} 3`,
		"bangsnap_bytes_served_total " + itoa(served),
	} {
		if !strings.Contains(metrics, want+"\n") {
			t.Errorf("metrics lack %q", want)
		}
	}
	// Every sample line is "name{labels} value" and every family is typed.
	for line := range strings.SplitSeq(strings.TrimSpace(metrics), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if f := strings.Fields(line); len(f) != 2 || !strings.HasPrefix(f[0], "bangsnap_") {
			t.Errorf("bad sample line %q", line)
		}
	}
	resp, body := do(t, "GET", ts.URL+HealthPath, nil)
	if resp.StatusCode != 200 || body != "ok\n" {
		t.Errorf("healthz: %d %q", resp.StatusCode, body)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A pre-generated snapshot is served before anything is rendered.
func TestSnapshotDir(t *testing.T) {
	dir := t.TempDir()
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.SnapshotDir = dir
	ts := newTestServer(t, Middleware(siteHandler(), opts))
	key, err := CacheKey(ts.URL + "/shop#!/item/1")
	if err != nil {
		t.Fatal(err)
	}
	const page = "<html><body>pre-generated</body></html>"
	if err := os.WriteFile(filepath.Join(dir, SnapshotFileName(key)), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, body := do(t, "GET", ts.URL+"/shop?_escaped_fragment_=/item/1", nil)
	if resp.StatusCode != 200 || body != page || resp.Header.Get("X-Bangsnap-Cache") != "file" {
		t.Errorf("got %d %q cache %q", resp.StatusCode, body, resp.Header.Get("X-Bangsnap-Cache"))
	}
	resp, _ = do(t, "GET", ts.URL+"/shop?_escaped_fragment_=/item/1", http.Header{"If-None-Match": {resp.Header.Get("Etag")}})
	if resp.StatusCode != 304 {
		t.Errorf("conditional request for a file: %d", resp.StatusCode)
	}
	do(t, "GET", ts.URL+"/shop?_escaped_fragment_=/item/2", nil)
	if fr.calls.Load() != 1 {
		t.Errorf("%d renders; want only the page without a file rendered", fr.calls.Load())
	}
}

// The invalidation endpoint needs the token, drops entries and can render
// them again.
func TestInvalidate(t *testing.T) {
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.InvalidateToken = "s3cret"
	svc := New(opts)
	ts := newTestServer(t, svc.Handler(svc.Middleware(siteHandler())))
	page := ts.URL + "/p?_escaped_fragment_=a"
	do(t, "GET", page, nil)

	post := func(token, body string) (*http.Response, string) {
		req, _ := http.NewRequest("POST", ts.URL+InvalidatePath, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
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
	if resp, _ := post("", `{"urls":["`+page+`"]}`); resp.StatusCode != 401 {
		t.Errorf("no token: %d", resp.StatusCode)
	}
	if resp, _ := post("wrong", `{"urls":["`+page+`"]}`); resp.StatusCode != 401 {
		t.Errorf("wrong token: %d", resp.StatusCode)
	}
	if resp, _ := post("s3cret", `{"urls":`); resp.StatusCode != 400 {
		t.Errorf("bad body: %d", resp.StatusCode)
	}
	resp, body := post("s3cret", `{"urls":["`+ts.URL+`/p#!a","`+ts.URL+`/never-cached","http://h/?_escaped_fragment_=a&b"]}`)
	var res InvalidateResult
	if err := json.Unmarshal([]byte(body), &res); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %q: %v", resp.StatusCode, body, err)
	}
	if len(res.Results) != 3 || !res.Results[0].Dropped || res.Results[1].Dropped || res.Results[2].Error == "" {
		t.Errorf("results %+v", res.Results)
	}
	if resp, _ := do(t, "GET", page, nil); resp.Header.Get("X-Bangsnap-Cache") != "miss" {
		t.Errorf("after invalidation: %s", resp.Header.Get("X-Bangsnap-Cache"))
	}
	// Re-render: the entry is fresh again without a crawler asking.
	_, body = post("s3cret", `{"urls":["`+page+`"],"rerender":true}`)
	if !strings.Contains(body, `"rerendering":true`) {
		t.Errorf("rerender answer %s", body)
	}
	key, _ := CacheKey(page)
	waitFor(t, "the re-render to be cached", func() bool {
		_, st := svc.cache.get(key)
		return st == cacheFresh
	})
	if n := fr.calls.Load(); n != 3 {
		t.Errorf("%d renders, want 3", n)
	}
	if resp, _ := do(t, "GET", page, nil); resp.Header.Get("X-Bangsnap-Cache") != "hit" {
		t.Errorf("after re-render: %s", resp.Header.Get("X-Bangsnap-Cache"))
	}
	// Without a token the endpoint does not exist.
	svc2 := New(testOptions(fr))
	ts2 := newTestServer(t, svc2.Handler(nil))
	if resp, _ := do(t, "POST", ts2.URL+InvalidatePath, nil); resp.StatusCode != 404 {
		t.Errorf("no token configured: %d", resp.StatusCode)
	}
}

// The reverse proxy passes requests to the origin and answers ugly URLs with
// snapshots.
func TestProxy(t *testing.T) {
	var sawHost string
	origin := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sawHost = r.Host
		w.Header().Set("X-Origin", "1")
		w.Write([]byte("origin says " + r.URL.RequestURI() + " for " + r.Header.Get("X-Forwarded-Host")))
	}))
	ou, _ := url.Parse(origin.URL)
	fr := &fakeRenderer{}
	svc := New(testOptions(fr))
	ts := newTestServer(t, svc.Handler(svc.NewProxy(ou, ProxyOptions{})))
	front, _ := url.Parse(ts.URL)

	resp, body := do(t, "GET", ts.URL+"/x?y=1", nil)
	if resp.Header.Get("X-Origin") != "1" || body != "origin says /x?y=1 for "+front.Host || sawHost != ou.Host {
		t.Errorf("proxied: %q %v host %q", body, resp.Header, sawHost)
	}
	resp, body = do(t, "GET", ts.URL+"/x?_escaped_fragment_=s", nil)
	if resp.StatusCode != 200 || fr.lastURL() != ts.URL+"/x#!s" || !strings.Contains(body, "rendered") {
		t.Errorf("ugly through the proxy: %d %q rendered %q", resp.StatusCode, body, fr.lastURL())
	}
	ts2 := newTestServer(t, svc.NewProxy(ou, ProxyOptions{PreserveHost: true}))
	do(t, "GET", ts2.URL+"/", nil)
	if front2, _ := url.Parse(ts2.URL); sawHost != front2.Host {
		t.Errorf("PreserveHost: origin saw %q", sawHost)
	}
	dead := New(testOptions(fr)).NewProxy(&url.URL{Scheme: "http", Host: "127.0.0.1:1"}, ProxyOptions{})
	ts3 := newTestServer(t, dead)
	if resp, body := do(t, "GET", ts3.URL+"/", nil); resp.StatusCode != 502 || !oneLine(body) {
		t.Errorf("dead origin: %d %q", resp.StatusCode, body)
	}
}

// Re-rendering a URL that was not cached uses the service's renderer; the
// render service's renderer only renders allowed targets.
func TestInvalidateRerenderUncached(t *testing.T) {
	post := func(ts *httptest.Server, body string) InvalidateResult {
		req, _ := http.NewRequest("POST", ts.URL+InvalidatePath, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer tok")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var res InvalidateResult
		if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
			t.Fatal(err)
		}
		return res
	}

	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.InvalidateToken = "tok"
	svc := New(opts)
	ts := newTestServer(t, svc.Handler(svc.Middleware(siteHandler())))
	res := post(ts, `{"urls":["`+ts.URL+`/fresh?_escaped_fragment_=x"],"rerender":true}`)
	if len(res.Results) != 1 || !res.Results[0].Rerendering || res.Results[0].Dropped {
		t.Fatalf("results %+v", res.Results)
	}
	waitFor(t, "the re-render", func() bool { return fr.calls.Load() == 1 })
	if got := fr.lastURL(); got != ts.URL+"/fresh#!x" {
		t.Errorf("re-rendered %q", got)
	}

	// A render service only: re-renders are checked against the policy.
	opts = testOptions(fr)
	opts.Renderer = nil
	opts.InvalidateToken = "tok"
	opts.Targets = TargetPolicy{Lookup: fakeLookup, Allow: []string{"example.com"}}
	svc2 := New(opts)
	ts2 := newTestServer(t, svc2.Handler(nil))
	res = post(ts2, `{"urls":["http://evil.example/","http://localhost/"],"rerender":true}`)
	for _, item := range res.Results {
		if item.Rerendering || !strings.Contains(item.Error, "forbidden render target") {
			t.Errorf("%s: %+v, want refused", item.URL, item)
		}
	}
}

// Behind a TLS-terminating proxy the pretty URL takes its scheme from
// X-Forwarded-Proto, only when told to trust it.
func TestForwardedProto(t *testing.T) {
	for _, trust := range []bool{false, true} {
		fr := &fakeRenderer{}
		opts := testOptions(fr)
		opts.TrustForwardedProto = trust
		ts := newTestServer(t, Middleware(siteHandler(), opts))
		do(t, "GET", ts.URL+"/p?_escaped_fragment_=a", http.Header{"X-Forwarded-Proto": {"https"}})
		want := "http://"
		if trust {
			want = "https://"
		}
		if got := fr.lastURL(); !strings.HasPrefix(got, want) {
			t.Errorf("trust=%v: rendered %q, want %s…", trust, got, want)
		}
	}
}
