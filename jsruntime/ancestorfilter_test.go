package jsruntime

import (
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// TestAncestorFilterOnlyRejectsMisses: for every element and every rule
// group of two sheets, in a standards-mode and a quirks-mode document, a
// group the element's ancestor filter rejects does not match it (escaped
// names, attributes, the selectors an :is() expands to), and the filter
// rejects some.
func TestAncestorFilterOnlyRejectsMisses(t *testing.T) {
	extra := `<style>DIV > .x, UL .Y { color: red } svg foreignObject .b, #I1 > p, .a.b .c > span { margin: 1px }
.a .b, .q { padding: 1px } :is(.h, .c) .b, .x :not(.y) .b { padding: 2px }
:is(.a .b, .h .c):hover, [data-x] p, [DIR] > .b, :where(.x ~ .a) > span { padding: 3px }</style>`
	for _, mode := range []struct{ name, doctype string }{{"standards", "<!doctype html>"}, {"quirks", ""}} {
		for _, page := range []struct{ sheet, body string }{{indexSheet, indexBody}, {invalSheet + extra, invalBody + indexBody},
			{invalEscapedSheet, `<div class="md:a" id=i1><p class=b>1</p><p class="a c">2</p></div><div class="ÉT"><p class=b>3</p></div>
<div class="ét"><span class=b>4</span></div><div class="10 a"><i class=c>5</i></div><ul class="[&>*]:p"><li>6</li></ul><p class=b>7</p>`}} {
			p := newPage(t, mode.doctype+`<html><head>`+page.sheet+`</head><body>`+page.body+`</body></html>`, nil)
			p.run()
			w := p.w
			sh := w.sheetsOf(w.doc)
			rejected, kept := 0, 0
			w.doc.Descendants(func(n *dom.Node) bool {
				if !n.IsElement() {
					return true
				}
				var f ancestorFilter
				f.addAncestors(n)
				for i := range sh.groups {
					g := &sh.groups[i]
					if g.sel.inv == nil || g.sel.anc == nil {
						continue
					}
					if f.mayHave(g.sel.anc) {
						kept++
						continue
					}
					rejected++
					if g.sel.Match(n.HTML()) {
						t.Errorf("%s: %s matches <%s class=%q> but its ancestor filter rejects it", mode.name, g.sel.String(), n.Data, n.Attribute("class"))
					}
				}
				return true
			})
			if rejected == 0 || kept == 0 {
				t.Errorf("%s: the filter rejected %d and kept %d groups: the test does not exercise it", mode.name, rejected, kept)
			}
		}
	}
}
