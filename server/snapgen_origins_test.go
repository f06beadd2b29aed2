package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/xhr"
)

// TestGenerateSnapshotDirOrigins makes the snapshots of https://www.example.com
// from its build on a loopback server (Crawl.Origins): the files are named
// by the public URLs, so a server for the public host (behind TLS, so
// trusting X-Forwarded-Proto) answers its crawlers' ugly URLs from them.
func TestGenerateSnapshotDirOrigins(t *testing.T) {
	site, ts := newGenSite(t)
	origins, err := xhr.NewOriginMap("https://www.example.com=" + ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sum, got := generate(t, dir, "https://www.example.com/", GenerateOptions{Crawl: bangsnap.CrawlOptions{Origins: origins}})
	for _, u := range []string{"https://www.example.com/app#!/a", "https://www.example.com/app#!/b", "https://www.example.com/app#!/gone", "https://www.example.com/about"} {
		if f, ok := got[fileOf(t, u)]; !ok || f.URL != u || f.Action != FileWritten {
			t.Errorf("%s: %+v (%v)", u, f, ok)
		}
	}
	for name, f := range got {
		if strings.Contains(f.URL+f.Ugly+name, "127.0.0.1") {
			t.Errorf("a file is named for the build's address: %s %+v", name, f)
		}
	}
	if sum.Failed != 0 {
		t.Errorf("summary %+v", sum)
	}

	fr := &fakeRenderer{fn: func(context.Context, string) (*bangsnap.Snapshot, error) {
		return nil, errors.New("rendered, but the file should have answered")
	}}
	opts := testOptions(fr)
	opts.SnapshotDir = dir
	opts.TrustForwardedProto = true
	front := newTestServer(t, Middleware(site, opts))
	req, _ := http.NewRequest("GET", front.URL+"/app?_escaped_fragment_=/a", nil)
	req.Host = "www.example.com"
	req.Header.Set("X-Forwarded-Proto", "https")
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || resp.Header.Get("X-Bangsnap-Cache") != "file" || !strings.Contains(string(body), "State /a") ||
		!strings.Contains(string(body), `<a href="#!/b">B</a>`) {
		t.Errorf("served %d %q: %s", resp.StatusCode, resp.Header.Get("X-Bangsnap-Cache"), body)
	}
}
