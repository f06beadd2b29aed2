package dom

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestInnerTextLineAnchor checks that the innerText of an inline element
// laid out from its line's anchor (lineAnchor, the last text on its line
// before it) is the same as when its whole line is laid out, on random
// trees of inlines, blocks, line breaks, atomic inlines, invisible and
// out-of-flow boxes, pre-line and pre text, with and without styles.
func TestInnerTextLineAnchor(t *testing.T) {
	texts := []string{"a", " b ", "  ", "c  d", "\n", " e", "f ", "\u00a0", "g\th", ""}
	tags := []string{"span", "b", "div", "p", "br", "i", "img", "em", "pre", "td", "tr", "select", "button", "details", "textarea"}
	attrs := []string{"", "", "", ` d="block"`, ` d="inline-block"`, ` d="none"`, ` d="contents"`, ` v="hidden"`, ` v="visible"`,
		` p="absolute"`, ` w="pre-line"`, ` w="pre"`, ` d="table-cell"`, ` b="x"`, ` a=" "`, " hidden"}
	var gen func(r *rand.Rand, sb *strings.Builder, depth int)
	gen = func(r *rand.Rand, sb *strings.Builder, depth int) {
		for i := r.IntN(6); i >= 0; i-- {
			if depth > 3 || r.IntN(3) == 0 {
				sb.WriteString(texts[r.IntN(len(texts))])
				continue
			}
			tag := tags[r.IntN(len(tags))]
			if r.IntN(2) == 0 {
				tag = "span"
			}
			sb.WriteString("<" + tag + attrs[r.IntN(len(attrs))] + ">")
			gen(r, sb, depth+1)
			sb.WriteString("</" + tag + ">")
		}
	}
	compared := 0
	for seed := range uint64(1500) {
		r := rand.New(rand.NewPCG(seed, 51))
		var sb strings.Builder
		gen(r, &sb, 0)
		d, err := Parse(strings.NewReader(`<body><div id=x>` + sb.String() + `</div>`))
		if err != nil {
			t.Fatal(err)
		}
		if seed%2 == 0 {
			d.Display = func(n *Node) string {
				if v, ok := n.GetAttribute("d"); ok {
					return v
				}
				return defaultDisplayOf(n)
			}
			d.ComputedStyle = func(n *Node, prop string) string {
				inherited := func(a string) string {
					for e := n; e != nil; e = e.ParentElement() {
						if v, ok := e.GetAttribute(a); ok {
							return v
						}
					}
					return ""
				}
				switch prop {
				case "position":
					return n.Attribute("p")
				case "visibility":
					if v := inherited("v"); v != "" {
						return v
					}
					return "visible"
				case "white-space":
					if v := inherited("w"); v != "" {
						return v
					}
					return "normal"
				}
				return ""
			}
			d.PseudoBox = func(n *Node, pseudo string) (string, string) {
				return n.Attribute(pseudo[:1]), n.Attribute("t")
			}
		}
		d.GetElementByID("x").Descendants(func(e *Node) bool {
			if e.Type != html.ElementNode {
				return true
			}
			want, got := e.innerText(false), e.innerText(true)
			if got != want {
				t.Errorf("seed %d: innerText of %s in %s = %q from its line's anchor, %q from its line's start", seed, e.Data, sb.String(), got, want)
			}
			compared++
			return true
		})
	}
	if compared < 1000 {
		t.Fatalf("only %d elements compared", compared)
	}
}
