package bangsnap

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime"
	"github.com/bangsnap/bangsnap/xhr"
)

// pxGIF is a 1×1 GIF.
var pxGIF, _ = base64.StdEncoding.DecodeString("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")

func pngOf(w, h int) []byte {
	var b bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.White)
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// webpVP8X is the header of an extended WebP of 400×300.
var webpVP8X = []byte("RIFF\x24\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00\x00\x00\x00\x00\x8f\x01\x00\x2b\x01\x00")

// TestSniffImage: what the loader learns of a fetched image's bytes
// (jsruntime.SniffImage), for each format it reads.
func TestSniffImage(t *testing.T) {
	tests := []struct {
		name, typ string
		body      []byte
		w, h      int
		bad       bool
	}{
		{name: "gif", typ: "image/gif", body: pxGIF, w: 1, h: 1},
		{name: "png", typ: "image/png", body: pngOf(30, 20), w: 30, h: 20},
		{name: "png of another type", typ: "application/octet-stream", body: pngOf(3, 2), w: 3, h: 2},
		{name: "webp extended", body: webpVP8X, w: 400, h: 300},
		{name: "webp lossless", body: []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x63\xc0\x31\x00\x00\x00\x00\x00\x00"), w: 100, h: 200},
		{name: "ico", body: []byte("\x00\x00\x01\x00\x01\x00\x20\x00\x00\x00\x01\x00\x20\x00\x00\x00\x00\x00\x16\x00\x00\x00"), w: 32, h: 256},
		{name: "svg", typ: "image/svg+xml; charset=utf-8", body: []byte(`<?xml version="1.0"?><!-- c --><svg xmlns="http://www.w3.org/2000/svg" width="24px" height="12.5"><path/></svg>`), w: 24, h: 13},
		// the default object size, fitted to the viewBox's ratio
		{name: "svg without size", typ: "image/svg+xml", body: []byte(`<svg viewBox="0 0 1 1"></svg>`), w: 150, h: 150},
		{name: "svg as text", typ: "text/plain", body: []byte(`<svg width="1" height="1"></svg>`), bad: true},
		{name: "html", typ: "text/html", body: []byte(`<!doctype html><p>not found</p>`), bad: true},
		{name: "empty", body: nil, bad: true},
		{name: "truncated png", body: pngOf(3, 3)[:20], bad: true},
	}
	for _, tt := range tests {
		info, ok := jsruntime.SniffImage(tt.typ, tt.body)
		if ok == tt.bad || info.Width != tt.w || info.Height != tt.h {
			t.Errorf("%s: SniffImage = %d×%d, %v; want %d×%d, %v", tt.name, info.Width, info.Height, ok, tt.w, tt.h, !tt.bad)
		}
	}
}

func FuzzSniffImage(f *testing.F) {
	for _, b := range [][]byte{pxGIF, pngOf(2, 2), webpVP8X, []byte(`<svg width="1" height="2">`), []byte(`<svg viewBox="0 0 1e308 1e-308">`), []byte("RIFF\x00\x00\x00\x00WEBPVP8 ")} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, typ := range []string{"image/svg+xml", ""} {
			info, _ := jsruntime.SniffImage(typ, b)
			if info.Width < 0 || info.Height < 0 {
				t.Fatalf("negative size %d×%d", info.Width, info.Height)
			}
		}
	})
}

// TestLoadImage: fetched images go through the render's client, policy
// first.
func TestLoadImage(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/px.gif":
			w.Header().Set("Content-Type", "image/gif")
			w.Write(pxGIF)
		case "/big.png":
			w.Write(pngOf(64, 48))
		case "/photo.avif":
			w.Header().Set("Content-Type", "image/avif")
			w.Write([]byte("\x00\x00\x00\x1cftypavif"))
		case "/page.html":
			w.Write([]byte("<!doctype html><p>hi"))
		default:
			http.NotFound(w, r)
		}
	})
	client := func(fetch bool) *session {
		s := &session{client: xhr.NewClient(xhr.ClientOptions{Transport: xhr.HandlerTransport{Handler: h},
			Policy: xhr.Policy{Resources: resourceKinds(Options{FetchImages: fetch, SkipStylesheets: true})}})}
		return s
	}
	ctx := context.Background()
	tests := []struct {
		url  string
		w, h int
		err  string // "", "declined" or "failed"
	}{
		{url: "http://img.test/px.gif", w: 1, h: 1},
		{url: "http://img.test/big.png", w: 64, h: 48},
		{url: "http://img.test/photo.avif", w: 0, h: 0},
		{url: "http://img.test/missing.png", err: "failed"},
		{url: "http://img.test/page.html", err: "failed"},
	}
	s := client(true)
	if s.imageLoader(true) == nil || s.imageLoader(false) != nil {
		t.Fatal("imageLoader: a loader only when images are fetched")
	}
	for _, tt := range tests {
		info, err := s.loadImage(ctx, tt.url)
		switch {
		case tt.err == "" && (err != nil || info.Width != tt.w || info.Height != tt.h):
			t.Errorf("%s: %+v, %v; want %d×%d", tt.url, info, err, tt.w, tt.h)
		case tt.err == "failed" && (err == nil || errors.Is(err, jsruntime.ErrNotFetched)):
			t.Errorf("%s: err %v, want a failure", tt.url, err)
		}
	}
	if recs := s.client.Records(); len(recs) != len(tests) || recs[0].Kind != xhr.KindImage {
		t.Errorf("records %+v", recs)
	}
	// A policy that does not fetch images declines them.
	if _, err := client(false).loadImage(ctx, "http://img.test/px.gif"); !errors.Is(err, jsruntime.ErrNotFetched) {
		t.Errorf("blocked image: %v, want ErrNotFetched", err)
	}
}

func TestLoadStylesheet(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/utf8.css":
			w.Header().Set("Content-Type", "text/css")
			w.Write([]byte(".a::before { content: \"\xc3\xa9\" }"))
		case "/latin1.css":
			w.Header().Set("Content-Type", "text/css; charset=iso-8859-1")
			w.Write([]byte(".a::before { content: \"\xe9\" }"))
		case "/atcharset.css":
			w.Header().Set("Content-Type", "text/css")
			w.Write([]byte("@charset \"windows-1252\";.a::before { content: \"\xe9\" }"))
		default:
			http.NotFound(w, r)
		}
	})
	client := func(o Options) *session {
		return &session{client: xhr.NewClient(xhr.ClientOptions{Transport: xhr.HandlerTransport{Handler: h},
			Policy: xhr.Policy{Resources: resourceKinds(o)}})}
	}
	s := client(Options{})
	if s.stylesheetLoader(false) == nil || s.stylesheetLoader(true) != nil {
		t.Fatal("stylesheetLoader: a loader unless sheets are skipped")
	}
	ctx := context.Background()
	for _, path := range []string{"/utf8.css", "/latin1.css", "/atcharset.css"} {
		css, err := s.loadStylesheet(ctx, "http://css.test"+path)
		if err != nil || !strings.Contains(css, `content: "é"`) {
			t.Errorf("%s: %q, %v; want the é decoded", path, css, err)
		}
	}
	if _, err := s.loadStylesheet(ctx, "http://css.test/missing.css"); err == nil || errors.Is(err, jsruntime.ErrNotFetched) {
		t.Errorf("missing sheet: err %v, want a failure", err)
	}
	if recs := s.client.Records(); len(recs) != 4 || recs[0].Kind != xhr.KindStylesheet {
		t.Errorf("records %+v", recs)
	}
	// A policy that does not fetch sheets declines them.
	if _, err := client(Options{SkipStylesheets: true}).loadStylesheet(ctx, "http://css.test/utf8.css"); !errors.Is(err, jsruntime.ErrNotFetched) {
		t.Errorf("blocked sheet: %v, want ErrNotFetched", err)
	}
}
