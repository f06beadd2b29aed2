package bangsnap_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
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
