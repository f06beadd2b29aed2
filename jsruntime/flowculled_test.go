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

// TestCulledUnion: a culled inline box's getBoundingClientRect and
// offsetHeight are the union of what it holds, a padded inline box inside
// included; a box with a background keeps its own line height (Chromium
// 156: 47 and 17).
func TestCulledUnion(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>body { margin: 0; font: 16px/20px Arial, sans-serif }</style></head><body>
		<div><span id="culled">aa<span style="padding-top: 30px">bb</span>cc</span></div>
		<div><span id="bg" style="background: yellow">aa<span style="padding-top: 30px">bb</span>cc</span></div>
		<div><span id="text">aa bb</span></div>
	</body></html>`, nil)
	p.run()
	got := p.eval(`["culled", "bg", "text"].map(id => { const e = document.getElementById(id); return e.getBoundingClientRect().height + "/" + e.offsetHeight }).join(" ")`)
	if want := "47/47 17/17 17/17"; got != want {
		t.Errorf("heights %s, want %s", got, want)
	}
	if _, ok := p.w.culledUnion(p.w.doc.GetElementByID("text")); ok {
		t.Errorf("a culled box of text alone: culledUnion ok, want its own rect")
	}
}
