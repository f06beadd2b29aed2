package bangsnap_test

import (
	"bytes"
	"context"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// recordChromium rewrites the golden files of testdata/xhtml with what
// headless Chromium dumps for the same pages:
//
//	go test -run TestRenderXMLPages -record-chromium .
var recordChromium = flag.Bool("record-chromium", false, "record testdata/xhtml/*.chromium with chromium --headless --dump-dom")

const xhtmlDir = "testdata/xhtml"

var parserErrorMessage = regexp.MustCompile(`(<parsererror [^>]*><h3>[^<]*</h3><div [^>]*>)[^<]*(</div>)`)

// xmlPageTypes are the Content-Types testdata/xhtml is served with: no
// charset, so that an XML declaration names the encoding.
var xmlPageTypes = map[string]string{
	".xhtml": "application/xhtml+xml",
	".svg":   "image/svg+xml",
	".xml":   "application/xml",
	".js":    "text/javascript",
	".xsl":   "text/xsl",
}

// xsltSnapshotTypes are the snapshots' Content-Types of the pages an
// xml-stylesheet instruction transforms (the result's type).
var xsltSnapshotTypes = map[string]string{
	"xslt-feed.xml":        "text/html",
	"xslt-head-script.xml": "text/html",
	"xslt-text-output.xml": "application/xhtml+xml",
}

func xhtmlServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Base(r.URL.Path)
		b, err := os.ReadFile(filepath.Join(xhtmlDir, name))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", xmlPageTypes[filepath.Ext(name)])
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestRenderXMLPages: a page served as application/xhtml+xml (or another
// XML type) is parsed by the XML parser with its scripts run as the
// parser reaches them, and its snapshot is what Chromium's --dump-dom
// shows for it (testdata/xhtml/NAME.chromium, recorded from a loopback
// server with -record-chromium), scripts and the fragment meta kept.
// The xslt-* pages are transformed by their xml-stylesheet instruction
// (xslt.go), with Chromium's banner, or left empty when it fails.
func TestRenderXMLPages(t *testing.T) {
	srv := xhtmlServer(t)
	pages, _ := filepath.Glob(filepath.Join(xhtmlDir, "*.*"))
	r := bangsnap.NewRenderer(bangsnap.Options{KeepScripts: true, KeepFragmentMeta: true, Deterministic: true})
	n := 0
	for _, p := range pages {
		name := filepath.Base(p)
		typ := xmlPageTypes[filepath.Ext(name)]
		if typ == "" || typ == "text/javascript" || typ == "text/xsl" {
			continue
		}
		if t, ok := xsltSnapshotTypes[name]; ok {
			typ = t
		}
		n++
		t.Run(name, func(t *testing.T) {
			u := srv.URL + "/" + name
			golden := filepath.Join(xhtmlDir, strings.TrimSuffix(name, filepath.Ext(name))+".chromium")
			if *recordChromium {
				out, err := exec.Command("chromium", "--headless", "--no-sandbox", "--dump-dom", u).Output()
				if err != nil {
					t.Fatalf("chromium: %v", err)
				}
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (record it with -record-chromium)", err)
			}
			snap, err := r.Render(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			// --dump-dom ends its output with a line feed. The message of
			// a well-formedness error is libxml2's in Chromium, Go's
			// encoding/xml's here: only where it is counts.
			got := parserErrorMessage.ReplaceAll(snap.HTML, []byte("$1…$2"))
			want = parserErrorMessage.ReplaceAll(bytes.TrimSuffix(want, []byte("\n")), []byte("$1…$2"))
			if !bytes.Equal(got, want) {
				t.Errorf("snapshot differs from Chromium's (%s):\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
			if ct := snap.Header.Get("Content-Type"); ct != typ+"; charset=utf-8" {
				t.Errorf("Content-Type %q, want %q", ct, typ+"; charset=utf-8")
			}
			if len(snap.Report.Errors) > 0 {
				t.Errorf("script errors: %+v", snap.Report.Errors)
			}
		})
	}
	if n == 0 {
		t.Fatal("no pages in " + xhtmlDir)
	}
}

// BenchmarkXSLTFeedPage renders testdata/xhtml/xslt-feed.xml: an RSS feed
// its xml-stylesheet instruction transforms as the page loads (the
// stylesheet, an import, an include and a document() load, the transform,
// the HTML result parsed and its script run), served in process.
func BenchmarkXSLTFeedPage(b *testing.B) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Base(r.URL.Path)
		body, err := os.ReadFile(filepath.Join(xhtmlDir, name))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", xmlPageTypes[filepath.Ext(name)])
		w.Write(body)
	})
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: h, Deterministic: true})
	b.ReportAllocs()
	for b.Loop() {
		snap, err := r.Render(context.Background(), "http://feed.test/xslt-feed.xml")
		if err != nil {
			b.Fatal(err)
		}
		if !bytes.Contains(snap.HTML, []byte("<xslt-warning-banner")) {
			b.Fatalf("not transformed: %s", snap.HTML)
		}
	}
}
