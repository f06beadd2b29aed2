package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/server/demo"
)

// syncBuffer is a strings.Builder safe for a command writing while the test
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startCommand runs a long-running command until the test cancels it. It
// waits until stdout holds ready, and returns stdout, stderr and a stop
// function that cancels the command and returns its exit status.
func startCommand(t *testing.T, ready string, args ...string) (stdout, stderr *syncBuffer, stop func() int) {
	t.Helper()
	stdout, stderr = &syncBuffer{}, &syncBuffer{}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, stdout, stderr) }()
	for !strings.Contains(stdout.String(), ready) {
		select {
		case code := <-done:
			cancel()
			t.Fatalf("%v exited with %d before %q:\n%s\n%s", args, code, ready, stdout, stderr)
		case <-time.After(5 * time.Millisecond):
		}
	}
	var once sync.Once
	code := -1
	stop = func() int {
		once.Do(func() { cancel(); code = <-done })
		return code
	}
	t.Cleanup(func() { stop() })
	return stdout, stderr, stop
}

func get(t *testing.T, url string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
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

var listeningRE = regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)`)

func TestServeCommand(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Origin", "yes")
		io.WriteString(w, "origin "+r.URL.RequestURI())
	}))
	defer origin.Close()
	stdout, _, stop := startCommand(t, "proxying", "serve", "-origin", origin.URL, "-listen", "127.0.0.1:0",
		"-allow", "example.com", "-cache-size", "1MiB", "-script-cache-size", "32MiB", "-log-level", "error")
	if old := bangsnap.SetScriptCacheBytes(-1); old != 32<<20 {
		t.Errorf("compiled-script cache bound %d after -script-cache-size 32MiB", old)
	}
	m := listeningRE.FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("no address in %q", stdout)
	}
	base := m[1]
	resp, body := get(t, base+"/a/b?c=d", nil)
	if body != "origin /a/b?c=d" || resp.Header.Get("X-Origin") != "yes" {
		t.Errorf("proxied: %q %v", body, resp.Header)
	}
	if resp, body := get(t, base+"/p?_escaped_fragment_=a&b", nil); resp.StatusCode != 400 || !strings.Contains(body, "not the last") {
		t.Errorf("malformed ugly URL: %d %q", resp.StatusCode, body)
	}
	if resp, body := get(t, base+"/healthz", nil); resp.StatusCode != 200 || body != "ok\n" {
		t.Errorf("healthz: %d %q", resp.StatusCode, body)
	}
	if _, body := get(t, base+"/metrics", nil); !strings.Contains(body, "bangsnap_cache_max_bytes 1048576\n") {
		t.Errorf("metrics do not show the cache size:\n%s", body)
	}
	// The render service refuses what is not allowed.
	if resp, _ := get(t, base+"/render?url="+origin.URL, nil); resp.StatusCode != 403 {
		t.Errorf("render of a loopback origin: %d", resp.StatusCode)
	}
	if code := stop(); code != exitOK {
		t.Errorf("exit status %d after interrupt", code)
	}
}

func TestServeUsage(t *testing.T) {
	tests := []struct {
		args   []string
		errHas string
	}{
		{[]string{"serve"}, "nothing to serve"},
		{[]string{"serve", "-origin", "ftp://x"}, "bad -origin"},
		{[]string{"serve", "-origin", "/relative"}, "bad -origin"},
		{[]string{"serve", "-origin", "http://x", "-cache-size", "lots"}, "bad size"},
		{[]string{"serve", "-origin", "http://x", "-script-cache-size", "lots"}, "bad size"},
		{[]string{"serve", "-origin", "http://x", "-cache-size", "1TB"}, "unknown unit"},
		{[]string{"serve", "-origin", "http://x", "-log-level", "loud"}, "bad log level"},
		{[]string{"serve", "-origin", "http://x", "-snapshot-dir", "/nonexistent/dir"}, "not a directory"},
		{[]string{"serve", "-origin", "http://x", "extra"}, "unexpected arguments"},
	}
	for _, tc := range tests {
		r := runArgs(t, tc.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.errHas) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, tc.errHas)
		}
	}
	if r := runArgs(t, "serve", "-origin", "http://x", "-listen", "256.0.0.1:bad"); r.code != exitFail {
		t.Errorf("bad listen address: exit %d %q", r.code, r.stderr)
	}
	if r := runArgs(t, "help", "serve"); r.code != 0 || !strings.Contains(r.stdout, "-origin URL") {
		t.Errorf("help serve: %d %q", r.code, r.stdout)
	}
}

func TestParseByteSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"1000", 1000, true}, {"512k", 512 << 10, true}, {"64MiB", 64 << 20, true},
		{"64 MB", 64 << 20, true}, {"2G", 2 << 30, true}, {"7b", 7, true},
		{"", 0, false}, {"MiB", 0, false}, {"-1", 0, false}, {"1.5M", 0, false}, {"99999999999999999999", 0, false},
		{"9999999999999G", 0, false},
	}
	for _, tc := range tests {
		got, err := parseByteSize(tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// serve in front of the demo site, with the real renderer: an ugly URL gets
// the snapshot, rendered through the proxy; a crawler gets one for a plain
// URL with -crawlers; a browser gets the site.
func TestServeProxiesAndRenders(t *testing.T) {
	origin := httptest.NewServer(demo.Handler())
	defer origin.Close()
	stdout, _, stop := startCommand(t, "proxying", "serve", "-origin", origin.URL, "-listen", "127.0.0.1:0", "-crawlers", "-log-level", "error")
	base := listeningRE.FindStringSubmatch(stdout.String())[1]

	resp, body := get(t, base+"/shop?_escaped_fragment_=/item/2", nil)
	if resp.StatusCode != 200 || !strings.Contains(body, "<h1>Walnut cutting board</h1>") || resp.Header.Get("X-Bangsnap-Cache") != "miss" {
		t.Errorf("ugly URL through serve: %d %v\n%s", resp.StatusCode, resp.Header, body)
	}
	resp, body = get(t, base+"/", http.Header{"User-Agent": {"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"}})
	if resp.StatusCode != 200 || !strings.Contains(body, "<h2>Featured</h2>") {
		t.Errorf("crawler through serve: %d\n%s", resp.StatusCode, body)
	}
	resp, body = get(t, base+"/", http.Header{"User-Agent": {"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"}})
	if resp.StatusCode != 200 || !strings.Contains(body, `<p class="loading">`) || !strings.Contains(body, "<script") {
		t.Errorf("browser through serve: %d\n%s", resp.StatusCode, body)
	}
	if code := stop(); code != exitOK {
		t.Errorf("exit status %d", code)
	}
}
