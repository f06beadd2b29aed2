package bangsnap_test

import (
	"context"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// BenchmarkPageOpenClickEval is a page test's usual trip on a small page:
// open it, click a button, read a value back.
func BenchmarkPageOpenClickEval(b *testing.B) {
	ctx := context.Background()
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: sitesHandler()})
	b.ReportAllocs()
	for b.Loop() {
		page, err := r.Open(ctx, sitesOrigin+"/counter.html")
		if err != nil {
			b.Fatal(err)
		}
		if err := page.Click(ctx, "#inc"); err != nil {
			b.Fatal(err)
		}
		if v, err := page.Eval(ctx, `count`); err != nil || v != int64(1) {
			b.Fatal(v, err)
		}
		page.Close()
	}
}

// BenchmarkPageType types a word into a field with an input listener.
func BenchmarkPageType(b *testing.B) {
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, sitesOrigin+"/counter.html", bangsnap.Options{Handler: sitesHandler()})
	if err != nil {
		b.Fatal(err)
	}
	defer page.Close()
	b.ReportAllocs()
	for b.Loop() {
		if err := page.Type(ctx, "#name", "bangsnap"); err != nil {
			b.Fatal(err)
		}
	}
}
