package jsruntime

import "testing"

// TestNameValuesFollowNodes reads tagName, localName and nodeName twice
// (the second time from the window's table) on elements whose names are
// upper-cased and on those whose are not (SVG, another namespace, an XML
// document, a prefix), and on more distinct custom names than the table
// keeps.
func TestNameValuesFollowNodes(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><p id=p>x<!--c--></p></body></html>`, nil)
	p.run()
	js := `var xml = document.implementation.createDocument(null, 'root');
		var els = [document.createElement('div'), document.createElement('my-el'), document.getElementById('p'),
			document.createElementNS('http://www.w3.org/2000/svg', 'foreignObject'),
			document.createElementNS('http://www.w3.org/1999/xhtml', 'x:Ab'),
			document.createElementNS('http://www.w3.org/1999/xhtml', 'DiV'),
			document.createElementNS('urn:a', 'p:q'), document.createElementNS('urn:a', 'div'),
			xml.createElement('abc'), xml.createElementNS('http://www.w3.org/1999/xhtml', 'div')];
		var out = [];
		for (var round = 0; round < 2; round++) {
			for (var e of els) out.push(e.tagName + '/' + e.localName + '/' + e.nodeName);
			var p = document.getElementById('p');
			out.push(p.firstChild.nodeName, p.lastChild.nodeName, document.nodeName, xml.nodeName);
		}
		var bad = [];
		for (var i = 0; i < 700; i++) {
			var e = document.createElement('x-' + i);
			if (e.tagName !== 'X-' + i || e.localName !== 'x-' + i || e.nodeName !== e.tagName) bad.push(i);
		}
		out.push('bad:' + bad.length, document.createElement('span').tagName);
		out.join(' ')`
	once := "DIV/div/DIV MY-EL/my-el/MY-EL P/p/P foreignObject/foreignObject/foreignObject X:AB/Ab/X:AB DIV/DiV/DIV " +
		"p:q/q/p:q div/div/div abc/abc/abc div/div/div #text #comment #document #document"
	want := once + " " + once + " bad:0 SPAN"
	if got := p.eval(js); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if n := len(p.w.nameValues); n > maxNameValues {
		t.Errorf("the table holds %d names, more than %d", n, maxNameValues)
	}
	p.noErrors()
}
