package bangsnap_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

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
// script asks document.fonts. Text given another face after load, added
// or restyled, has its face fetched at a later frame. The numbers are
// Chromium 156's for the same pages and font.
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
		case "/late":
			// text given other faces after load, by an insertion and by
			// a class change
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><style>
				@font-face { font-family: R; src: url(/r.woff2) format("woff2"); }
				@font-face { font-family: S; src: url(/s.woff2) format("woff2"); }
				@font-face { font-family: T; src: url(/t.woff2) format("woff2"); }
				@font-face { font-family: U; src: url(/u.woff2) format("woff2"); }
				#a { font-family: R, serif; font-size: 20px } .t { font-family: T, serif; font-size: 20px }
				</style><p><span id="a">ab</span></p><p><span id="q" style="font-size: 20px">ab</span></p><ul id="log"></ul><script>
				function log(s) { document.getElementById('log').insertAdjacentHTML('beforeend', '<li>' + s + '</li>'); }
				function widths() { return document.getElementById('s').getBoundingClientRect().width + ' ' + document.getElementById('q').getBoundingClientRect().width; }
				addEventListener('load', function () {
					setTimeout(function () {
						document.body.insertAdjacentHTML('beforeend', '<p><span id="s" style="font-family: S, serif; font-size: 20px">ab</span></p>');
						document.getElementById('q').className = 't';
						log('before ' + widths());
						setTimeout(function () { log('after ' + widths()); }, 1000);
					}, 100);
				});
				</script>`)
		case "/r.woff2", "/s.woff2", "/t.woff2", "/u.woff2":
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
	fetched = nil
	checkLoggedRender(t, "http://webfont.test/late", bangsnap.Options{Handler: h, Deterministic: true, FetchFonts: true},
		"FetchFonts, faces used after load", []string{"before 18.890625 18.890625", "after 24 24"})
	slices.Sort(fetched)
	if !slices.Equal(fetched, []string{"/r.woff2", "/s.woff2", "/t.woff2"}) {
		t.Errorf("FetchFonts, faces used after load: fetched %q, want the used faces' /r.woff2, /s.woff2 and /t.woff2", fetched)
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

// BenchmarkUsedFonts renders a page of 500 paragraphs whose text is in an
// @font-face family, beside a face no text uses (so the set never settles
// and every change looks for used faces again), while a chain of timers
// changes a ticker every 50 ms for 3 s: with FetchFonts the used faces are looked
// for after parsing and at most every 100 ms of the page's time after a
// change. default fetches no font.
func BenchmarkUsedFonts(b *testing.B) {
	font := &sfntbuild.Font{Family: "R", UnitsPerEm: 1000, Ascent: 900, Descent: 300,
		TypoAscent: 800, TypoDescent: 200, WinAscent: 900, WinDescent: 300, NotdefAdvance: 600,
		Glyphs: []sfntbuild.Glyph{{Rune: 'a', Advance: 500, XMax: 400, YMax: 500}}}
	woff2 := sfntbuild.WOFF2(font.TTF(), false)
	var page strings.Builder
	page.WriteString(`<!doctype html><style>
		@font-face { font-family: R; src: url(/r.woff2) format("woff2"); }
		@font-face { font-family: U; src: url(/u.woff2) format("woff2"); }
		article p { font-family: R, serif } .note { font-weight: bold }
		</style><p id="ticker">0</p><article>`)
	for i := range 500 {
		fmt.Fprintf(&page, `<p>Paragraph %d with <span class="note">a note</span> and <a href="#%d">a link</a>.</p>`, i, i)
	}
	page.WriteString(`</article><script>
		var n = 0;
		(function tick() {
			document.getElementById('ticker').textContent = n;
			if (n++ < 60) setTimeout(tick, 50);
		})();
		</script>`)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, page.String())
		case "/r.woff2", "/u.woff2":
			w.Write(woff2)
		default:
			http.NotFound(w, r)
		}
	})
	for _, bc := range []struct {
		name  string
		fetch bool
	}{{"default", false}, {"FetchFonts", true}} {
		b.Run(bc.name, func(b *testing.B) {
			r := bangsnap.NewRenderer(bangsnap.Options{Handler: h, FetchFonts: bc.fetch, SettleHorizon: 5 * time.Second})
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				snap, err := r.Render(ctx, "http://fonts.test/")
				if err != nil {
					b.Fatal(err)
				}
				if !strings.Contains(string(snap.HTML), `<p id="ticker">60</p>`) {
					b.Fatal("the ticker did not reach 60")
				}
			}
		})
	}
}
