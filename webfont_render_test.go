package bangsnap_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/internal/sfnt/sfntbuild"
)

// A font a script loads, from a data: URL (as VexFlow loads Bravura) or
// over HTTP as WOFF2, measures text with its own advances once loaded;
// with SkipStylesheets it is not fetched and text keeps the fallback's.
func TestRenderWebFontMetrics(t *testing.T) {
	font := &sfntbuild.Font{Family: "R", UnitsPerEm: 1000, Ascent: 900, Descent: 300,
		TypoAscent: 800, TypoDescent: 200, WinAscent: 900, WinDescent: 300, NotdefAdvance: 600,
		Glyphs: []sfntbuild.Glyph{{Rune: 'a', Advance: 500, XMax: 400, YMax: 500}, {Rune: 'b', Advance: 700, XMax: 600, YMax: 700}}}
	ttf := font.TTF()
	data := "data:font/ttf;base64," + base64.StdEncoding.EncodeToString(ttf)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<!doctype html><body><ul id="log"></ul><script>
				function log(s) { document.getElementById('log').insertAdjacentHTML('beforeend', '<li>' + s + '</li>'); }
				var c = document.createElement('canvas').getContext('2d');
				function width(family) { c.font = '20px ' + family + ', monospace'; return Math.round(c.measureText('ab').width * 1000) / 1000; }
				[['Data', 'url(%s)'], ['Http', 'url(/r.woff2) format("woff2")']].forEach(function (s) {
					var f = new FontFace(s[0], s[1]);
					document.fonts.add(f);
					f.load().then(function () { log(s[0] + ' ' + width(s[0])); }, function (e) { log(s[0] + ' ' + e.name); });
				});
				</script>`, data)
		case "/r.woff2":
			w.Write(sfntbuild.WOFF2(ttf, false))
		default:
			http.NotFound(w, r)
		}
	})
	// (500 + 700) units at 20px, in HarfBuzz's fixed point: 24 less 2/65536
	checkLoggedRender(t, "http://webfont.test/", bangsnap.Options{Handler: h, Deterministic: true},
		"fetched", []string{"Data 24", "Http 24"})
	// not fetched: a url() loads with no bytes, monospace's widths
	checkLoggedRender(t, "http://webfont.test/", bangsnap.Options{Handler: h, Deterministic: true, SkipStylesheets: true},
		"skipped", []string{"Data 24.082", "Http 24.082"})
}

// With FetchFonts the @font-face files the rendered text uses are fetched
// once the page is parsed, as Chromium's layout fetches them, and the
// load event waits for them: a script measuring at load sees the web
// font's widths, and document.fonts is still loading then. A face no
// text uses is not fetched. Without it nothing is fetched before a
// script asks document.fonts. The numbers are Chromium 156's for the
// same page and font.
func TestRenderUsedFonts(t *testing.T) {
	font := &sfntbuild.Font{Family: "R", UnitsPerEm: 1000, Ascent: 900, Descent: 300,
		TypoAscent: 800, TypoDescent: 200, WinAscent: 900, WinDescent: 300, NotdefAdvance: 600,
		Glyphs: []sfntbuild.Glyph{{Rune: 'a', Advance: 500, XMax: 400, YMax: 500}, {Rune: 'b', Advance: 700, XMax: 600, YMax: 700}}}
	woff2 := sfntbuild.WOFF2(font.TTF(), false)
	var mu sync.Mutex
	var fetched []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><style>
				@font-face { font-family: R; src: url(/r.woff2) format("woff2"); }
				@font-face { font-family: U; src: url(/u.woff2) format("woff2"); }
				#s { font-family: R, serif; font-size: 20px }
				</style><p><span id="s">ab ba</span></p><ul id="log"></ul><script>
				function log(s) { document.getElementById('log').insertAdjacentHTML('beforeend', '<li>' + s + '</li>'); }
				addEventListener('load', function () {
					log('width ' + document.getElementById('s').getBoundingClientRect().width);
					log('fetched ' + performance.getEntriesByType('resource').map(function (e) { return e.name.replace(location.origin, '') + ' ' + e.initiatorType; }).join(','));
					log('status ' + document.fonts.status);
				});
				</script>`)
		case "/r.woff2", "/u.woff2":
			mu.Lock()
			fetched = append(fetched, r.URL.Path)
			mu.Unlock()
			w.Write(woff2)
		default:
			http.NotFound(w, r)
		}
	})
	checkLoggedRender(t, "http://webfont.test/", bangsnap.Options{Handler: h, Deterministic: true, FetchFonts: true},
		"FetchFonts", []string{"width 53", "fetched /r.woff2 css", "status loading"})
	if !slices.Equal(fetched, []string{"/r.woff2"}) {
		t.Errorf("FetchFonts: fetched %q, want only the used face's /r.woff2", fetched)
	}
	// Liberation Serif's widths; the look at document.fonts after load
	// fetches R then, too late for the measure
	checkLoggedRender(t, "http://webfont.test/", bangsnap.Options{Handler: h, Deterministic: true},
		"default", []string{"width 42.765625", "fetched ", "status loaded"})
	// SkipStylesheets fetches no font, FetchFonts or not
	fetched = nil
	checkLoggedRender(t, "http://webfont.test/", bangsnap.Options{Handler: h, Deterministic: true, FetchFonts: true, SkipStylesheets: true},
		"SkipStylesheets", []string{"width 42.765625", "fetched ", "status loaded"})
	if len(fetched) != 0 {
		t.Errorf("SkipStylesheets: fetched %q", fetched)
	}
}
