package jsruntime

import "testing"

// TestScrollBadInput: scroll operations given what a page should not give
// them (non-finite offsets, huge ones, strings, detached or hidden
// elements, a document with no root) neither throw nor move anything
// they should not: offsets are normalized (NaN and infinities are 0),
// clamped to what there is to scroll, and a box with no layout stays at 0.
func TestScrollBadInput(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div style="height:3000px"></div>
		<div id=box style="height:50px;overflow:auto"><div style="height:500px"></div></div>
		<div id=gone style="display:none;overflow:auto;height:10px"><div style="height:100px"></div></div></body></html>`, nil)
	p.run()
	for _, tt := range []struct{ js, want string }{
		{`scrollTo(NaN, Infinity); scrollY`, "0"},
		{`scrollTo(0, 1e308); scrollY === document.documentElement.scrollHeight - innerHeight`, "true"},
		{`var y = scrollY; scrollBy({top: -Infinity}); scrollBy(NaN, NaN); scrollY === y && y > 0`, "true"},
		{`scrollBy(0, -1e308); scrollY`, "0"},
		{`scrollTo({top: "120"}); scrollY`, "120"},
		{`scrollTo({top: {valueOf() { return 77 }}}); scrollY`, "77"},
		{`scroll(); scroll(undefined); scroll(null); scrollY`, "77"},
		{`box.scrollTop = -5; box.scrollTop`, "0"},
		{`box.scrollTop = 1e9; box.scrollTop`, "450"},
		{`box.scrollLeft = 30; box.scrollLeft`, "0"},
		{`gone.scrollTop = 40; gone.scrollTop`, "0"},
		{`var d = document.createElement('div'); d.style.overflow = 'auto'; d.scrollTop = 9; d.scrollIntoView(); d.scrollBy(1, 1); d.scrollTop`, "0"},
		{`gone.scrollIntoView({block: 'no such'}); box.scrollIntoView('yes'); typeof scrollY`, "number"},
		{`var b = box; b.remove(); b.scrollTop`, "0"},
		{`var doc = document.implementation.createHTMLDocument(''); var e = doc.createElement('p'); doc.body.append(e); e.scrollIntoView(); e.scrollTop = 3; e.scrollTop`, "0"},
		{`scrollTo(0, 50); document.body.textContent = ''; scrollY`, "0"},
	} {
		if got := p.eval(tt.js); got != tt.want {
			t.Errorf("%s = %s, want %s", tt.js, got, tt.want)
		}
	}
	p.noErrors()
}

// TestScrollClampPositionedOverflow: a scroll container clamps its
// offsets to what its content reaches on each axis, the absolutely and
// relatively positioned boxes included: its scroll width and height read
// together (maxElementScroll shares one walk of its overflow) give each
// axis its own reach.
func TestScrollClampPositionedOverflow(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body style="margin:0">
		<div id=box style="position:relative;width:100px;height:50px;overflow:auto">
			<div style="height:20px"></div>
			<div style="position:absolute;left:300px;top:10px;width:40px;height:5px"></div>
			<div style="position:relative;top:200px;width:10px;height:30px"></div>
		</div></body></html>`, nil)
	p.run()
	for _, tt := range []struct{ js, want string }{
		{`box.scrollWidth + "x" + box.scrollHeight`, "340x250"},
		{`box.scrollTo(1e9, 1e9); box.scrollLeft + "," + box.scrollTop`, "240,200"},
		{`box.scrollLeft = 1e9; box.scrollTop = 1e9; box.scrollLeft === box.scrollWidth - box.clientWidth && box.scrollTop === box.scrollHeight - box.clientHeight`, "true"},
	} {
		if got := p.eval(tt.js); got != tt.want {
			t.Errorf("%s = %s, want %s", tt.js, got, tt.want)
		}
	}
	p.noErrors()
}
