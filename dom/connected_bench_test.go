package dom

import (
	"strconv"
	"strings"
	"testing"
)

// benchBody returns the body of a fresh document.
func benchBody(b *testing.B) *Node {
	b.Helper()
	d, err := Parse(strings.NewReader(`<!doctype html><body>`))
	if err != nil {
		b.Fatal(err)
	}
	return d.Body()
}

// BenchmarkAppendChainTopDown appends n nested divs, each into the one
// appended before it, under a connected body: a script building a deep
// tree top down. Each insertion's connectedness check walked to the root
// (quadratic in n) before nodes kept a connected flag.
func BenchmarkAppendChainTopDown(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				body := benchBody(b)
				divs := make([]*Node, n)
				for i := range divs {
					divs[i], _ = body.doc.CreateElement("div")
				}
				b.StartTimer()
				p := body
				for _, d := range divs {
					if _, err := p.AppendChild(d); err != nil {
						b.Fatal(err)
					}
					p = d
				}
			}
		})
	}
}

// BenchmarkAppendWide appends 100,000 divs to one connected body.
func BenchmarkAppendWide(b *testing.B) {
	const n = 100000
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		body := benchBody(b)
		divs := make([]*Node, n)
		for i := range divs {
			divs[i], _ = body.doc.CreateElement("div")
		}
		b.StartTimer()
		for _, d := range divs {
			if _, err := body.AppendChild(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkInsertRemoveDeep inserts a paragraph before the first child
// of the innermost of 20,000 nested divs and removes it again.
func BenchmarkInsertRemoveDeep(b *testing.B) {
	body := benchBody(b)
	p := body
	for range 20000 {
		d, _ := body.doc.CreateElement("div")
		p.AppendChild(d)
		p = d
	}
	t := body.doc.CreateTextNode("x")
	p.AppendChild(t)
	a, _ := body.doc.CreateElement("p")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.InsertBefore(a, p.First()); err != nil {
			b.Fatal(err)
		}
		if _, err := p.RemoveChild(a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendChainTopDownWithText is BenchmarkAppendChainTopDown with
// a text in each div before it is inserted: the check that the inserted
// node is not an ancestor of its new parent walked to the root for any
// node with children.
func BenchmarkAppendChainTopDownWithText(b *testing.B) {
	const n = 20000
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		body := benchBody(b)
		divs := make([]*Node, n)
		for i := range divs {
			divs[i], _ = body.doc.CreateElement("div")
			divs[i].AppendChild(body.doc.CreateTextNode("x"))
		}
		b.StartTimer()
		p := body
		for _, d := range divs {
			if _, err := p.AppendChild(d); err != nil {
				b.Fatal(err)
			}
			p = d
		}
	}
}
