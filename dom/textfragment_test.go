package dom

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestParseTextFragment checks that whenever the text-only fast path of
// fragment parsing takes markup, x/net/html's full fragment parser makes
// the same nodes (one Text node of the markup, or none), and that it leaves
// markup and contexts that need the parser to it.
func TestParseTextFragment(t *testing.T) {
	d := mustParse(t, `<p>x</p>`)
	contexts := []string{"div", "p", "span", "td", "th", "li", "body", "option", "caption", "textarea", "title",
		"style", "script", "pre", "my-element", "table", "tbody", "tr", "select", "template", "html", "head", "colgroup", "frameset"}
	markups := []string{"", "hello", " 42 ", "\n", "a\tb\nc", "é ü 漢字", "a > b", "x\"y'z", "<b>x</b>", "a &amp; b", "a\r\nb", "nul\x00", "&", "<"}
	fast := 0
	for _, name := range contexts {
		ctx, err := d.CreateElement(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markups {
			f, ok := ctx.parseTextFragment(m)
			needsParser := strings.ContainsAny(m, "<&\r\x00")
			if ok && needsParser {
				t.Errorf("%s: fast path took %q", name, m)
			}
			if !ok {
				continue
			}
			fast++
			c := &html.Node{Type: html.ElementNode, Data: name, DataAtom: atom.Lookup([]byte(name))}
			want, err := html.ParseFragment(strings.NewReader(m), c)
			if err != nil {
				t.Fatal(err)
			}
			var got []*Node
			for k := f.First(); k != nil; k = k.Next() {
				got = append(got, k)
			}
			if len(got) != len(want) {
				t.Errorf("%s, %q: %d nodes, x/net/html makes %d", name, m, len(got), len(want))
				continue
			}
			for i, h := range want {
				if h.Type != html.TextNode || got[i].Type != html.TextNode || got[i].Data != h.Data {
					t.Errorf("%s, %q: node %d is %v %q, x/net/html makes %v %q", name, m, i, got[i].Type, got[i].Data, h.Type, h.Data)
				}
			}
		}
	}
	if fast == 0 {
		t.Error("the fast path took nothing")
	}
}

// BenchmarkSetInnerHTMLText is el.innerHTML = "some text", and = "".
func BenchmarkSetInnerHTMLText(b *testing.B) {
	d := NewDocument()
	el, _ := d.CreateElement("div")
	b.ReportAllocs()
	for b.Loop() {
		if err := el.SetInnerHTML("42 items"); err != nil {
			b.Fatal(err)
		}
		if err := el.SetInnerHTML(""); err != nil {
			b.Fatal(err)
		}
	}
}
