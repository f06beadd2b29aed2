package dom

import (
	"strings"
	"testing"
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
