package bangsnap_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// TestRenderWaitsForImageEvents: content that a page adds when its images
// load (an image gallery, a lazy loader, a loadCSS swap) is in the
// snapshot, although no image is fetched (the style sheet is).
func TestRenderWaitsForImageEvents(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/site.css" {
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, "body { color: navy }")
			return
		}
		if r.URL.Path != "/" {
			t.Errorf("a resource was requested: %s", r.URL)
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><html><head>
			<link rel="preload" as="style" href="/site.css" onload="this.rel='stylesheet'; document.documentElement.className='css'">
			</head><body><ul id="g"></ul>
			<img id="hero" src="/hero.jpg" width="800" height="400" onload="document.getElementById('g').insertAdjacentHTML('beforeend', '<li>hero ' + this.naturalWidth + '</li>')">
			<script>
			var pending = 2;
			['/a.png', '/b.png'].forEach(function (src) {
				var i = new Image();
				i.onload = function () { if (--pending === 0) document.getElementById('g').insertAdjacentHTML('beforeend', '<li>preloaded</li>'); };
				i.src = src;
			});
			addEventListener('load', function () { document.body.setAttribute('data-loaded', document.getElementById('hero').complete); });
			</script></body></html>`)
	})
	snap, err := bangsnap.Render(context.Background(), "http://img.test/", bangsnap.Options{Handler: h, Deterministic: true})
	if err != nil {
		t.Fatal(err)
	}
	html := string(snap.HTML)
	for _, want := range []string{`<li>hero 800</li>`, `<li>preloaded</li>`, `data-loaded="true"`, `<html class="css">`, `rel="stylesheet"`} {
		if !strings.Contains(html, want) {
			t.Errorf("snapshot lacks %s:\n%s", want, html)
		}
	}
}

// TestPageFormSubmission: a form submission that is not canceled is a
// navigation, listed in the report with the URL a browser would load.
func TestPageFormSubmission(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><form action="/search"><input name="q" value="blue moss"><select name="s"><option>a<option selected>b</select>
			<button id="go" name="go" value="1">Search</button><button id="post" formmethod="post" formaction="/save">Save</button></form>
			<form id="js" action="/never" onsubmit="event.preventDefault(); document.title = 'handled'"><button id="jsgo">x</button></form>`)
	})
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://form.test/", bangsnap.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	for _, sel := range []string{"#go", "#post", "#jsgo"} {
		if err := page.Click(ctx, sel); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"http://form.test/search?q=blue+moss&s=b&go=1", "http://form.test/save"}
	if got := page.Report().Navigations; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("navigations %q, want %q", got, want)
	}
	if got := page.URL(); got != "http://form.test/" {
		t.Errorf("the page left its document: %s", got)
	}
	if v, err := page.Eval(ctx, "document.title"); err != nil || v != "handled" {
		t.Errorf("canceled submission: title %v, %v", v, err)
	}
}

// TestRenderFetchImages: with Options.FetchImages the page's images are
// requested, and the answers decide load or error and the natural size.
func TestRenderFetchImages(t *testing.T) {
	// A 3×2 GIF.
	gif := []byte("GIF89a\x03\x00\x02\x00\x00\x00\x00;")
	var requested requestLog
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			requested.add(r.URL.Path)
		}
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><body><ul id="log"></ul>
				<script>
				function log(s) { document.getElementById('log').insertAdjacentHTML('beforeend', '<li>' + s + '</li>'); }
				['/ok.gif', '/missing.gif', '/text.gif'].forEach(function (src) {
					var i = new Image();
					i.onload = function () { log(src + ' load ' + i.naturalWidth + 'x' + i.naturalHeight); };
					i.onerror = function () { log(src + ' error'); };
					i.src = src;
				});
				</script>`)
		case "/ok.gif":
			w.Header().Set("Content-Type", "image/gif")
			w.Write(gif)
		case "/text.gif":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, "not an image")
		default:
			http.NotFound(w, r)
		}
	})
	for _, tc := range []struct {
		fetch     bool
		want      []string
		requested int
	}{
		{false, []string{"/ok.gif load 1x1", "/missing.gif load 1x1", "/text.gif load 1x1"}, 0},
		{true, []string{"/ok.gif load 3x2", "/missing.gif error", "/text.gif error"}, 3},
	} {
		checkLoggedRender(t, "http://img.test/", bangsnap.Options{Handler: h, Deterministic: true, FetchImages: tc.fetch},
			fmt.Sprintf("FetchImages=%v", tc.fetch), tc.want)
		if got := requested.take(); len(got) != tc.requested {
			t.Errorf("FetchImages=%v: images requested %v, want %d", tc.fetch, got, tc.requested)
		}
	}
}

// The font files of the faces a script loads are fetched (unless style
// sheets are skipped), relative URLs against the sheet they are in, and
// fail when the response is an error or no font, as in Chromium; faces
// nothing loads are not fetched.
func TestRenderFetchFonts(t *testing.T) {
	// An sfnt header whose one-table directory fits: laid out as a font.
	sfnt := append([]byte("\x00\x01\x00\x00\x00\x01\x00\x10\x00\x00\x00\x00"), make([]byte, 16)...)
	var requested requestLog
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requested.add(r.URL.Path)
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><link rel="stylesheet" href="/css/fonts.css">
				<style>@font-face { font-family: Inline; src: url(fonts/ok.ttf) }</style>
				<body><ul id="log"></ul>
				<script>
				function log(s) { document.getElementById('log').insertAdjacentHTML('beforeend', '<li>' + s + '</li>'); }
				['Linked', 'Missing', 'NotAFont', 'Inline', 'Fallback'].forEach(function (family) {
					document.fonts.load('12px ' + family).then(function (faces) {
						log(family + ' ' + faces.map(function (f) { return f.status; }).join());
					}, function (e) { log(family + ' ' + e.name); });
				});
				</script>`)
		case "/css/fonts.css":
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, `@font-face { font-family: Linked; src: url(ok.ttf) }
				@font-face { font-family: Missing; src: url(missing.ttf) }
				@font-face { font-family: NotAFont; src: url(text.ttf) }
				@font-face { font-family: Fallback; src: url(missing.ttf), url(ok.ttf) }
				@font-face { font-family: Unused; src: url(unused.ttf) }`)
		case "/css/ok.ttf", "/fonts/ok.ttf":
			w.Write(sfnt)
		case "/css/text.ttf":
			fmt.Fprint(w, "not a font")
		default:
			http.NotFound(w, r)
		}
	})
	for _, tc := range []struct {
		skip      bool
		want      []string
		requested string
	}{
		{false, []string{"Linked loaded", "Missing NetworkError", "NotAFont NetworkError", "Inline loaded", "Fallback loaded"},
			"/ /css/fonts.css /css/missing.ttf /css/ok.ttf /css/text.ttf /fonts/ok.ttf"},
		{true, []string{"Linked ", "Missing ", "Inline loaded"}, "/"},
	} {
		checkLoggedRender(t, "http://font.test/", bangsnap.Options{Handler: h, Deterministic: true, SkipStylesheets: tc.skip},
			fmt.Sprintf("SkipStylesheets=%v", tc.skip), tc.want)
		got := requested.take()
		slices.Sort(got)
		if got := strings.Join(slices.Compact(got), " "); got != tc.requested {
			t.Errorf("SkipStylesheets=%v: requested %s, want %s", tc.skip, got, tc.requested)
		}
	}
}

// requestLog records the paths a test server is asked for.
type requestLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *requestLog) add(path string) {
	l.mu.Lock()
	l.paths = append(l.paths, path)
	l.mu.Unlock()
}

// take returns the paths recorded since the last take.
func (l *requestLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.paths
	l.paths = nil
	return p
}

// checkLoggedRender renders u and checks that its snapshot lists each of
// want as an <li> (what names the case in errors).
func checkLoggedRender(t *testing.T, u string, o bangsnap.Options, what string, want []string) {
	t.Helper()
	snap, err := bangsnap.Render(context.Background(), u, o)
	if err != nil {
		t.Fatal(err)
	}
	html := string(snap.HTML)
	for _, w := range want {
		if !strings.Contains(html, "<li>"+w+"</li>") {
			t.Errorf("%s: snapshot lacks %q:\n%s", what, w, html)
		}
	}
}
