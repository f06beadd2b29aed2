package dom

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Browsers keep attributes in source order; x/net/html sorts those of
// formatting elements (see attrorder.go).
func TestAttributeSourceOrder(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"link", `<a title="t" href="/h" class="c">x</a>`, `<a title="t" href="/h" class="c">x</a>`},
		{"every formatting element", `<b z="1" a="2">b</b><i z="1" a="2">i</i><font z="1" a="2">f</font><strong z="1" a="2">s</strong>`,
			`<b z="1" a="2">b</b><i z="1" a="2">i</i><font z="1" a="2">f</font><strong z="1" a="2">s</strong>`},
		{"same attributes, two orders", `<a x="1" y="2">1</a><a y="2" x="1">2</a>`, `<a x="1" y="2">1</a><a y="2" x="1">2</a>`},
		{"foster parented", `<table><a z="1" a="2">f</a><tr><td>c</td></tr></table>`, `<a z="1" a="2">f</a><table><tbody><tr><td>c</td></tr></tbody></table>`},
		{"duplicates keep the first", `<a z="1" a="2" z="3">x</a>`, `<a z="1" a="2">x</a>`},
		{"adoption agency clone", `<p><b x="1" a="2">bold<p>para</b>`, `<p><b x="1" a="2">bold</b></p><p><b x="1" a="2">para</b></p>`},
		{"template contents", `<template><em z="1" a="2">e</em></template>`, `<template><em z="1" a="2">e</em></template>`},
		{"not formatting", `<div z="1" a="2">d</div>`, `<div z="1" a="2">d</div>`},
		{"svg a", `<svg><a z="1" a="2"></a></svg>`, `<svg><a z="1" a="2"></a></svg>`},
		{"entities in values", `<a title="&lt;x&gt;" href="?a&amp;b">x</a>`, `<a title="&lt;x&gt;" href="?a&amp;b">x</a>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseWithOptions(strings.NewReader("<!doctype html><body>"+tt.body), ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Body().InnerHTML(); got != tt.want {
				t.Errorf("document parse:\n got %s\nwant %s", got, tt.want)
			}
			div, err := d.CreateElement("div")
			if err != nil {
				t.Fatal(err)
			}
			if err := div.SetInnerHTML(tt.body); err != nil {
				t.Fatal(err)
			}
			if got := div.InnerHTML(); got != tt.want {
				t.Errorf("innerHTML:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

// The stream parser mirrors an element when it reaches it, and the parser
// sorts its attributes when a later formatting element is pushed: so an
// element may be restored with its attributes sorted or still in source
// order, and out of document order (the stream parser mirrored Starlight's
// two tables of contents after the links that follow them, and the links
// left behind kept x/net/html's sorted order). Each order is restored from
// the element's attributes whatever order they come in.
func TestAttrOrderRestoreOutOfOrder(t *testing.T) {
	const src = `<a href="/1" class="c">1</a><a href="/2" class="c" style="s">2</a>` +
		`<a href="/3" class="c" style="s">3</a><a title="t" href="/4" class="c">4</a>`
	var o attrOrder
	o.tags, o.perm = scanFormattingTags(src, nil, nil)
	mk := func(sorted bool, attrs ...string) *Node {
		n := &Node{}
		n.Type, n.Data = html.ElementNode, "a"
		for i := 0; i+1 < len(attrs); i += 2 {
			n.Attr = append(n.Attr, html.Attribute{Key: attrs[i], Val: attrs[i+1]})
		}
		if sorted {
			slices.SortFunc(n.Attr, func(a, b html.Attribute) int { return strings.Compare(a.Key, b.Key) })
		}
		return n
	}
	steps := []struct {
		n    *Node
		want string
	}{
		{mk(true, "href", "/1", "class", "c"), "href,class"},
		{mk(true, "title", "t", "href", "/4", "class", "c"), "title,href,class"}, // a later tag first
		{mk(true, "href", "/2", "class", "c", "style", "s"), "href,class,style"},
		{mk(false, "href", "/3", "class", "c", "style", "s"), "href,class,style"}, // copied before sorting
	}
	for i, s := range steps {
		o.restore(s.n)
		if got := strings.Join(s.n.AttributeNames(), ","); got != s.want {
			t.Errorf("step %d: got %s, want %s", i, got, s.want)
		}
	}
}
