package jsruntime

import "testing"

// The faces of @font-face rules that the page's text uses are loaded, as
// Chromium 156 loads them (measured with fonts served over HTTP: a face
// whose unicode-range holds none of the text stays unloaded, as do the
// faces of unused families, of hidden text and of weights not asked for;
// bangsnap fetches no fonts, so a url() source loads).
func TestFontFacesUsedLoad(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
@font-face { font-family: R; src: url(a.woff2); unicode-range: U+0-7F }
@font-face { font-family: R; src: url(b.woff2); unicode-range: U+400-4FF }
@font-face { font-family: F; src: url(c.woff2); unicode-range: U+400-4FF }
@font-face { font-family: U; src: url(d.woff2) }
@font-face { font-family: L3; src: local("no such font"), url(e.woff2); unicode-range: U+400-4FF }
@font-face { font-family: Dup; src: url(f.woff2); font-weight: 400 }
@font-face { font-family: Dup; src: url(g.woff2); font-weight: 700 }
@font-face { font-family: Hidden; src: url(h.woff2) }
@font-face { font-family: Unused; src: url(i.woff2) }
@font-face { font-family: Italic; src: url(j.woff2); font-style: italic }
@font-face { font-family: Italic; src: url(k.woff2) }
@font-face { font-family: Shadowed; src: url(l.woff2) }
</style></head><body>
<p style="font-family: R">latin</p><p style="font-family: F, U">fallback</p><p style="font-family: L3">latin3</p>
<p style="font-family: Dup; font-weight: 700">bold</p><p style="font-family: Hidden; display: none">hidden</p>
<p style="font-family: Italic"><em>slanted</em></p><div id="host"></div>
<script>
var events = [];
document.fonts.addEventListener("loading", function (e) { events.push("loading " + e.fontfaces.length); });
document.fonts.addEventListener("loadingdone", function (e) { events.push("loadingdone " + e.fontfaces.length); });
var ready = false;
document.fonts.ready.then(function () { ready = document.readyState; });
var root = document.getElementById("host").attachShadow({mode: "open"});
root.innerHTML = '<span style="font-family: Shadowed">in a shadow tree</span>';
</script></body></html>`, nil)
	p.run()
	p.noErrors()
	got := p.eval(`Array.from(document.fonts, function (f) { return f.family + " " + f.status; }).join(", ")`)
	want := "R loaded, R unloaded, F unloaded, U loaded, L3 unloaded, Dup unloaded, Dup loaded, Hidden unloaded, Unused unloaded, " +
		"Italic loaded, Italic loaded, Shadowed loaded"
	if got != want {
		t.Errorf("statuses:\n got %s\nwant %s", got, want)
	}
	if got := p.eval(`events.join("; ") + " / " + ready + " / " + document.fonts.status`); got != "loading 0; loadingdone 6 / complete / loaded" {
		t.Errorf("events, ready: %s", got)
	}
	if got := p.eval(`[document.fonts.check("12px R"), document.fonts.check("12px R", "\u0416"), document.fonts.check("bold 12px Dup"), document.fonts.check("12px Dup")].join()`); got != "true,false,true,false" {
		t.Errorf("check: %s", got)
	}
	// text the page adds later loads what it uses, at a frame after it
	p.eval(`var q = document.createElement("p"); q.style.fontFamily = "Unused"; q.textContent = "now"; document.body.append(q)`)
	p.run()
	if got := p.eval(`Array.from(document.fonts).filter(function (f) { return f.family === "Unused"; })[0].status`); got != "loaded" {
		t.Errorf("a face used later: %s", got)
	}
}
