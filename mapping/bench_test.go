package mapping

import (
	"strings"
	"testing"
)

var benchURLs = []struct{ name, pretty string }{
	{"spec", "http://example.com/page?query#!key1=value1&key2=value2"},
	{"escapes", "https://user@example.com:8443/a/b/c?x=1&y=2#!/search?q=café au lait&page=2+3#top"},
}

func BenchmarkToUgly(b *testing.B) {
	for _, bu := range benchURLs {
		b.Run(bu.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ToUgly(bu.pretty); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkToPretty(b *testing.B) {
	for _, bu := range benchURLs {
		ugly, err := ToUgly(bu.pretty)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bu.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ToPretty(ugly); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkClassify(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Classify(benchURLs[1].pretty)
	}
}

func BenchmarkOptsIn(b *testing.B) {
	doc := `<!DOCTYPE html><html><head><meta charset="utf-8"><title>App</title>` +
		`<link rel="stylesheet" href="/app.css"><script src="/app.js"></script>` +
		`<meta name="fragment" content="!"></head><body>` + strings.Repeat("<p>text</p>", 1000)
	r := strings.NewReader(doc)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		r.Reset(doc)
		if ok, err := OptsIn(r); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
}
