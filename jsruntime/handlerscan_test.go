package jsruntime

import (
	"fmt"
	"testing"
)

// TestInlineHandlersEveryInsertion: an on* content attribute works
// whichever way its element reached the document, including into a
// subtree scanned before (which the scan skips).
func TestInlineHandlersEveryInsertion(t *testing.T) {
	p := newPage(t, `<!doctype html><body><div id=root><b id=parsed onclick="hit('parsed')"></b></div></body>`, nil)
	p.run()
	got := p.eval(`
var hits = [];
function hit(w) { hits.push(w); }
var root = document.getElementById('root');
// Built bottom up, off the document, then inserted.
var leaf = document.createElement('div');
leaf.innerHTML = '<i id=chain onclick="hit(\'chain\')"></i>';
var chainTop = leaf;
for (var i = 0; i < 50; i++) { var p = document.createElement('div'); p.appendChild(chainTop); chainTop = p; }
root.appendChild(chainTop);
// innerHTML into an element of a subtree scanned before.
leaf.insertAdjacentHTML('beforeend', '<i id=later onclick="hit(\'later\')"></i>');
// Cloned (attributes copied with no record), then inserted.
root.appendChild(document.getElementById('chain').cloneNode(true)).id = 'clone';
// Template contents, cloned into the document.
var tpl = document.createElement('template');
tpl.innerHTML = '<u><s id=tpl onclick="hit(\'tpl\')"></s></u>';
root.appendChild(tpl.content.cloneNode(true));
// Set as an attribute on an element of a scanned subtree.
leaf.setAttribute('onclick', "hit('attr')");
['parsed', 'chain', 'later', 'clone', 'tpl'].forEach(function (id) { document.getElementById(id).click(); });
hits.join()`)
	if want := "parsed,chain,attr,later,attr,chain,tpl"; got != want {
		t.Errorf("handlers ran %q, want %q", got, want)
	}
	p.noErrors()
}

// BenchmarkInlineHandlerScan inserts 1e4 elements carrying an onclick:
// one by one, in one innerHTML, and as a chain built bottom up off the
// document (each level appended into a new parent), which rescanned the
// whole chain at every level before the scan skipped scanned subtrees.
func BenchmarkInlineHandlerScan(b *testing.B) {
	const n = 10_000
	cases := []struct{ name, js string }{
		{"one-by-one", `var r = document.getElementById('root');
			for (var i = 0; i < N; i++) { var d = document.createElement('div'); d.setAttribute('onclick', 'f()'); r.appendChild(d); }`},
		{"innerHTML", `document.getElementById('root').innerHTML = new Array(N + 1).join('<div onclick="f()"><b></b></div>');`},
		{"chain", `var chainTop = document.createElement('div'); chainTop.innerHTML = '<b onclick="f()"></b>';
			for (var i = 0; i < N; i++) { var p = document.createElement('div'); p.appendChild(chainTop); chainTop = p; }
			document.getElementById('root').appendChild(chainTop);`},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				p := benchPage(b)
				b.StartTimer()
				if _, err := p.w.RunScript("bench.js", fmt.Sprintf("var N = %d;\n%s", n, c.js)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
