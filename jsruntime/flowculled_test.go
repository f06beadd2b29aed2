package jsruntime

import "testing"

// TestCulledInline: which inline boxes have no box fragments of their own
// (their getClientRects are their content's), as Chromium 156 measured.
func TestCulledInline(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>body { font: 16px Arial, sans-serif }</style></head><body><div style="width: 300px">
		<span id="plain">a <b>b</b></span>
		<span id="zero" style="padding: 0; margin: 0; border: 0 solid; outline: 0 solid">a <b>b</b></span>
		<span id="pad" style="padding-top: 1px">a <b>b</b></span>
		<span id="bg" style="background: red">a <b>b</b></span>
		<span id="rel" style="position: relative">a <b>b</b></span>
		<span id="atomic">a <img width="5" height="5"></span>
		<span id="deep">a <b>b <img width="5" height="5"></b></span>
		<span id="small">a <b style="font-size: 10px">b</b></span>
		<span id="same">a <b style="font-size: 15px">b</b></span>
		<span id="valign">a <b style="vertical-align: top">b</b></span>
		<span id="empty"></span>
	</div></body></html>`, nil)
	p.run()
	for id, want := range map[string]bool{
		"plain": true, "zero": true, "pad": false, "bg": false, "rel": false, "atomic": false,
		"deep": true, "small": false, "same": true, "valign": false, "empty": false,
	} {
		n := p.w.doc.GetElementByID(id)
		if got := p.w.culledInline(p.w.flow(), n); got != want {
			t.Errorf("%s: culled %v, want %v", id, got, want)
		}
	}
	if got := p.eval(`document.getElementById("plain").getClientRects().length + " " + document.getElementById("bg").getClientRects().length`); got != "2 1" {
		t.Errorf("rects: %s, want 2 1", got)
	}
}
