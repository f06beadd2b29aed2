package jsruntime

import (
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// TestMatchedRulesAgreeWithScan: for every element and every property of
// the sheet, in a standards-mode and a quirks-mode document, the winner
// kept from matching the element's rules once (matched.go) is the one a
// scan of all rules declaring the property in order finds, before and
// after changes of classes and ids (new document versions).
func TestMatchedRulesAgreeWithScan(t *testing.T) {
	for _, mode := range []struct{ name, doctype string }{{"standards", "<!doctype html>"}, {"quirks", ""}} {
		t.Run(mode.name, func(t *testing.T) {
			p := newPage(t, mode.doctype+`<html><head>`+indexSheet+`</head><body>`+indexBody+`</body></html>`, nil)
			p.run()
			w := p.w
			check := func(when string) {
				t.Helper()
				sh := w.sheetsOf(w.doc)
				var els []*dom.Node
				w.doc.Descendants(func(n *dom.Node) bool {
					if n.IsElement() {
						els = append(els, n)
					}
					return true
				})
				found := 0
				for key, rules := range sh.byProp {
					if _, ok := sh.propIDs[key]; !ok {
						continue // a pseudo-element's
					}
					for _, el := range els {
						got, want := sh.matchedRule(el, key), scanBest(rules, el)
						if got != want {
							t.Errorf("%s: %s on <%s class=%q id=%q>: matched %v, a scan %v", when, key, el.Data, el.Attribute("class"), el.Attribute("id"), ruleText(got), ruleText(want))
						}
						if got != nil {
							found++
						}
					}
				}
				if found < 40 {
					t.Errorf("%s: only %d winners: the test sheet does not exercise the cascade", when, found)
				}
			}
			check("parsed")
			p.eval(`document.querySelectorAll('[class]').forEach(function (e, i) { if (i % 2) e.setAttribute('class', e.getAttribute('class').split(' ').reverse().join(' ') + ' q'); else e.removeAttribute('class') })`)
			check("classes changed")
			p.eval(`document.querySelectorAll('[id]').forEach(function (e) { e.id = e.id.toUpperCase() })`)
			check("ids changed")
		})
	}
}

// TestCascadeFollowsStateAndInlineStyle: the winners kept for an element
// in one document version give way to a change of state that is no
// mutation (the focus), of the style attribute, whether set as an
// attribute or through the CSSOM, and of a sheet through the CSSOM; a
// style attribute value seen before reads its own declarations.
func TestCascadeFollowsStateAndInlineStyle(t *testing.T) {
	w := newCSSOMWindow(t, `<!doctype html><html><head><style>input { color: rgb(1, 0, 0) } input:focus { color: rgb(2, 0, 0) }
.a { margin-left: 3px }</style></head><body><input id=i><p id=x class=a>x</p><p id=y>y</p></body></html>`)
	eval := func(js string) string {
		t.Helper()
		v, err := w.RunScript("t.js", js)
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v.String()
	}
	eval(`var i = document.getElementById('i'), x = document.getElementById('x'), y = document.getElementById('y'), sh = document.styleSheets[0]`)
	for _, st := range []struct{ js, want string }{
		{`getComputedStyle(i).color`, "rgb(1, 0, 0)"},
		{`i.focus(); getComputedStyle(i).color`, "rgb(2, 0, 0)"},
		{`i.blur(); getComputedStyle(i).color`, "rgb(1, 0, 0)"},
		{`getComputedStyle(x).marginLeft`, "3px"},
		{`x.setAttribute('style', 'margin-left: 4px'); getComputedStyle(x).marginLeft`, "4px"},
		{`x.style.marginLeft = '5px'; getComputedStyle(x).marginLeft`, "5px"},
		{`y.setAttribute('style', 'margin-left: 4px'); getComputedStyle(y).marginLeft + ' ' + getComputedStyle(x).marginLeft`, "4px 5px"},
		{`x.removeAttribute('style'); getComputedStyle(x).marginLeft`, "3px"},
		{`sh.insertRule('#x { margin-left: 6px }', sh.cssRules.length); getComputedStyle(x).marginLeft`, "6px"},
		{`x.setAttribute('style', 'margin: 7px !important'); getComputedStyle(x).marginLeft`, "7px"},
	} {
		if got := eval(st.js); got != st.want {
			t.Errorf("%s: got %q, want %q", st.js, got, st.want)
		}
	}
}
