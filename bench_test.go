package bangsnap_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// BenchmarkRender renders small script-built pages from the in-process test
// sites: the whole trip (fetch, parse, bind, scripts, settle, serialize).
// xhr-template is built by an XMLHttpRequest, a fetch and a <template>;
// hashbang by a #! router with no request.
func BenchmarkRender(b *testing.B) {
	for _, bc := range []struct{ name, url string }{
		{"xhr-template", sitesOrigin + "/shop.html"},
		{"hashbang", sitesOrigin + "/hashbang.html?_escaped_fragment_=/products/42"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			r := newSitesRenderer(bangsnap.Options{})
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				snap, err := r.Render(ctx, bc.url)
				if err != nil {
					b.Fatal(err)
				}
				if len(snap.Report.Errors) > 0 {
					b.Fatalf("script error: %+v", snap.Report.Errors[0])
				}
			}
		})
	}
}

// BenchmarkIntersectionObserver renders a feed of 400 cards (a title and a
// wrapping paragraph in nested sections, a carousel of 6 slides in every
// tenth) that one IntersectionObserver with a root margin watches, and
// that a script scrolls down 30 times, a frame apart: every frame after a
// scroll measures each card again.
func BenchmarkIntersectionObserver(b *testing.B) {
	var page strings.Builder
	page.WriteString(`<!doctype html><title>feed</title><style>.card{padding:8px;margin:4px 0}.vp{overflow:hidden;width:400px}.tr{display:flex}.tr>div{flex:0 0 200px;height:40px}</style><main><section>`)
	for i := range 400 {
		fmt.Fprintf(&page, `<article class="card"><h3>Card %d</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>`, i)
		if i%10 == 0 {
			page.WriteString(`<div class="vp"><div class="tr"><div></div><div></div><div></div><div></div><div></div><div></div></div></div>`)
		}
		page.WriteString(`</article>`)
	}
	page.WriteString(`</section></main><p id="seen"></p><script>
		var seen = 0, n = 0;
		var io = new IntersectionObserver(function (es) { es.forEach(function (e) { if (e.isIntersecting) seen++; }); document.getElementById("seen").textContent = seen; }, {rootMargin: "200px"});
		document.querySelectorAll(".card, .tr > div").forEach(function (c) { io.observe(c); });
		function step() { if (n++ < 30) { scrollBy(0, 300); requestAnimationFrame(step); } }
		requestAnimationFrame(step);
	</script>`)
	body := page.String()
	r := bangsnap.NewRenderer(bangsnap.Options{Timeout: 20 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, body)
	})})
	b.ReportAllocs()
	for b.Loop() {
		snap, err := r.Render(context.Background(), "http://bench.test/feed.html")
		if err != nil {
			b.Fatal(err)
		}
		if len(snap.Report.Errors) > 0 {
			b.Fatalf("script error: %+v", snap.Report.Errors[0])
		}
	}
}
