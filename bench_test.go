package bangsnap_test

import (
	"context"
	"testing"

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
