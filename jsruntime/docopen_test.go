package jsruntime

import "testing"

// TestDocumentOpenOnPage: document.open, write and close on the page's own
// document after its parser ended, as in Chromium (the expectations are
// Chromium's for the same lines).
func TestDocumentOpenOnPage(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><title>Orig</title></head><body><p id="p" onclick="1">original</p>
<script>var log = []; window.addEventListener("foo", () => log.push("window listener survived"));
document.addEventListener("foo", () => log.push("document listener survived")); window.onmessage = function () {};
var d0 = document, b0 = document.body;</script></body></html>`, nil)
	p.run()
	got := p.eval(`var L = log;
		var r = document.open();
		L.push("open: same " + (r === document) + ", " + document.readyState + ", children " + document.childNodes.length + ", body " + document.body);
		window.addEventListener("load", () => L.push("load, " + document.readyState));
		document.addEventListener("DOMContentLoaded", () => L.push("DOMContentLoaded"));
		document.addEventListener("readystatechange", () => L.push("readystatechange " + document.readyState));
		document.write("<title>New</title><p id=q>written</p><script>window.inner = document.readyState; document.write('<i>nested</i>')<\/script>");
		L.push("written: q " + !!document.getElementById("q") + ", inner " + window.inner + ", title " + document.title + ", " + document.readyState);
		document.write("<p id=r>more</p>");
		L.push("body: " + document.body.innerHTML);
		document.close();
		L.push("closed: " + document.readyState + ", doctype " + document.doctype + ", " + document.compatMode + ", same " + (d0 === document) + ", old body connected " + b0.isConnected);
		window.dispatchEvent(new Event("foo")); document.dispatchEvent(new Event("foo"));
		L.push("onmessage " + window.onmessage);
		L.join("\n")`)
	want := `open: same true, loading, children 0, body null
written: q true, inner loading, title New, loading
body: <p id="q">written</p><script>window.inner = document.readyState; document.write('<i>nested</i>')</script><i>nested</i><p id="r">more</p>
readystatechange interactive
DOMContentLoaded
readystatechange complete
load, complete
closed: complete, doctype null, BackCompat, same true, old body connected false
onmessage null`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// A write after the document is complete opens it again (an implicit
	// open); from a timer, as pages do.
	p.eval(`setTimeout(() => { document.write("<p>implicit</p>"); window.after = document.body.innerHTML + " " + document.readyState }, 10)`)
	p.run()
	if got, want := p.eval(`window.after`), "<p>implicit</p> loading"; got != want {
		t.Errorf("implicit open: %q, want %q", got, want)
	}
	p.noErrors()
}

// TestDocumentOpenDuringParsing: while the page's parser runs, open and
// close do nothing and write goes to the parser.
func TestDocumentOpenDuringParsing(t *testing.T) {
	p := newPage(t, `<!doctype html><body><p>a</p><script>document.open(); document.write("<b>w</b>"); document.close();</script><p>z</p></body>`, nil)
	p.run()
	if got, want := p.eval(`document.body.innerHTML.replace(/<script>.*<\/script>/, "S")`), "<p>a</p>S<b>w</b><p>z</p>"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p.noErrors()
}
