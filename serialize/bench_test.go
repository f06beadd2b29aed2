package serialize

import (
	"bytes"
	"io"
	"testing"

	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/domtest"
)

var benchDoc = domtest.Realistic(1 << 20)

// BenchmarkParseSerialize is ours: dom.Parse plus the snapshot
// serialization of the ~1 MB document.
func BenchmarkParseSerialize(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		d, err := dom.Parse(bytes.NewReader(benchDoc))
		if err != nil {
			b.Fatal(err)
		}
		if err := Document(io.Discard, d, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkXNetParseRender is the baseline: html.Parse plus html.Render
// of the same bytes.
func BenchmarkXNetParseRender(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		n, err := html.Parse(bytes.NewReader(benchDoc))
		if err != nil {
			b.Fatal(err)
		}
		if err := html.Render(io.Discard, n); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSerialize is the serialization alone.
func BenchmarkSerialize(b *testing.B) {
	d, err := dom.Parse(bytes.NewReader(benchDoc))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(benchDoc)))
	for b.Loop() {
		if err := Document(io.Discard, d, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
