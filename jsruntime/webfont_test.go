package jsruntime

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/internal/sfnt/sfntbuild"
)

// fontScript defines bytes(name), the font file of base64 b64 as a
// Uint8Array, in a page's script.
func fontScript(fonts map[string][]byte) string {
	var b strings.Builder
	b.WriteString(`var fontData = {};
function unbase64(s) {
	var abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", val = {};
	for (var i = 0; i < 64; i++) val[abc[i]] = i;
	s = s.replace(/=+$/, "");
	var out = new Uint8Array(Math.floor(s.length * 3 / 4)), n = 0, acc = 0, bits = 0;
	for (var j = 0; j < s.length; j++) {
		acc = acc << 6 | val[s[j]]; bits += 6;
		if (bits >= 8) { bits -= 8; out[n++] = acc >> bits & 255; }
	}
	return out;
}
`)
	for name, data := range fonts {
		b.WriteString("fontData[\"" + name + "\"] = unbase64(\"" + base64.StdEncoding.EncodeToString(data) + "\");\n")
	}
	return b.String()
}

// TestWebFontMatchesSystemFace loads the reference machine's Liberation
// Sans and DejaVu Sans files as web fonts: text in them measures as in
// the faces Chromium gives Arial and system-ui, whose tables were
// measured in Chromium (fontadvances.go). Skipped without the files.
func TestWebFontMatchesSystemFace(t *testing.T) {
	files := map[string]string{
		"WebSans":   "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
		"WebDejaVu": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
	}
	fonts := map[string][]byte{}
	for name, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Skipf("%s: %v", path, err)
		}
		fonts[name] = data
	}
	fonts["WebSansWOFF2"] = sfntbuild.WOFF2(fonts["WebSans"], true)
	p := newPage(t, `<!doctype html><html><body>
<p><span id="a" style="font: 16px WebSans">AVATAR Wo, To! The quick brown fox.</span></p>
<p><span id="b" style="font: 16px Arial">AVATAR Wo, To! The quick brown fox.</span></p>
<p><span id="c" style="font: 13.3px WebDejaVu, serif">Hello, wörld — “quoted” 123</span></p>
<p><span id="d" style="font: 13.3px system-ui">Hello, wörld — “quoted” 123</span></p>
<svg width="400" height="100"><text id="s1" x="0" y="20" font-family="WebSans" font-size="20">Type AV Wo</text>
<text id="s2" x="0" y="50" font-family="Arial" font-size="20">Type AV Wo</text></svg>
<script>`+fontScript(fonts)+`
for (var name in fontData) document.fonts.add(new FontFace(name, fontData[name]));
</script></body></html>`, nil)
	p.run()
	p.noErrors()
	pairs := []struct{ web, sys string }{
		{`var c = document.createElement("canvas").getContext("2d"); c.font = "16px WebSans"; var m = c.measureText("AVATAR Wo, To! fox"); [m.width, m.actualBoundingBoxLeft, m.actualBoundingBoxRight, m.fontBoundingBoxAscent, m.fontBoundingBoxDescent, m.actualBoundingBoxAscent].join()`,
			`var c = document.createElement("canvas").getContext("2d"); c.font = "16px Arial"; var m = c.measureText("AVATAR Wo, To! fox"); [m.width, m.actualBoundingBoxLeft, m.actualBoundingBoxRight, m.fontBoundingBoxAscent, m.fontBoundingBoxDescent, m.actualBoundingBoxAscent].join()`},
		{`var c = document.createElement("canvas").getContext("2d"); c.font = "bold 11px WebSansWOFF2"; c.measureText("Typography").width`,
			`var c = document.createElement("canvas").getContext("2d"); c.font = "11px Arial"; c.measureText("Typography").width`},
		{`document.getElementById("a").getBoundingClientRect().width`, `document.getElementById("b").getBoundingClientRect().width`},
		{`document.getElementById("a").offsetHeight`, `document.getElementById("b").offsetHeight`},
		{`document.getElementById("c").getBoundingClientRect().width`, `document.getElementById("d").getBoundingClientRect().width`},
		{`var b = document.getElementById("s1").getBBox(); [b.x, b.width, b.height].join()`, `var b = document.getElementById("s2").getBBox(); [b.x, b.width, b.height].join()`},
	}
	for _, c := range pairs {
		web, sys := p.eval(c.web), p.eval(c.sys)
		if web != sys {
			t.Errorf("%s\n web %s\n sys %s", c.web, web, sys)
		}
	}
	// Liberation Sans is not Arial's fallback (Liberation Serif): the
	// web face is used
	if got := p.eval(`var c = document.createElement("canvas").getContext("2d"); c.font = "16px WebSans"; var w = c.measureText("fox").width; c.font = "16px serif"; w !== c.measureText("fox").width`); got != "true" {
		t.Error("WebSans measures as the default font")
	}
}

// testWebFont is a 1000-unit font of "a" (500), "b" (700) and the
// space (250), kerning "ab" by -100.
func testWebFont() *sfntbuild.Font {
	return &sfntbuild.Font{Family: "T", UnitsPerEm: 1000, Ascent: 900, Descent: 300, LineGap: 0,
		TypoAscent: 800, TypoDescent: 200, WinAscent: 900, WinDescent: 300, CapHeight: 700, XHeight: 500,
		NotdefAdvance: 600,
		Glyphs: []sfntbuild.Glyph{{Rune: ' ', Advance: 250}, {Rune: 'a', Advance: 500, XMin: 50, XMax: 450, YMax: 500},
			{Rune: 'b', Advance: 700, XMin: -30, XMax: 720, YMin: -200, YMax: 750}},
		Kerns: []sfntbuild.Pair{{Left: 'a', Right: 'b', Kern: -100}}}
}

func TestWebFontMeasure(t *testing.T) {
	bold := testWebFont()
	bold.Weight = 700
	bold.Glyphs[1].Advance = 600
	fonts := map[string][]byte{"t": testWebFont().TTF(), "bold": bold.TTF(), "woff": sfntbuild.WOFF(testWebFont().TTF())}
	p := newPage(t, `<!doctype html><html><body><script>`+fontScript(fonts)+`
var c = document.createElement("canvas").getContext("2d");
function width(font, text) { c.font = font; return c.measureText(text).width; }
function near(a, b) { return Math.abs(a - b) < 1 / 4096; }
var before = width("20px T, Arial", "ab");
var face = new FontFace("T", fontData.t);
var notAdded = width("20px T, Arial", "ab");
document.fonts.add(face);
document.fonts.add(new FontFace("T", fontData.bold, {weight: "bold"}));
document.fonts.add(new FontFace("W", fontData.woff, {unicodeRange: "U+61"}));
document.fonts.add(new FontFace("Broken", new Uint8Array([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])));
</script></body></html>`, nil)
	p.run()
	p.noErrors()
	cases := []struct{ expr, want string }{
		// a face not in document.fonts is not used: Arial's widths
		{`before === notAdded && before === width("20px Arial", "ab")`, "true"},
		// (500 + 700 - 100) / 1000 * 20
		{`near(width("20px T, Arial", "ab"), 22)`, "true"},
		{`near(width("20px T", "ba"), 24)`, "true"},
		// HarfBuzz's 16.16 fixed point: 500 units at 20px
		{`width("20px T", "a")`, "9.999984741210938"},
		// a space is not kerned with its neighbours; "a" 10 + " " 5 + "b" 14
		{`near(width("20px T", "a b"), 29)`, "true"},
		// the bold face, for bold
		{`near(width("bold 20px T", "a"), 12)`, "true"},
		// a character the font lacks takes the next family: Arial's "x"
		{`width("20px T, Arial", "x") === width("20px Arial", "x")`, "true"},
		{`near(width("20px T, Arial", "ax"), 10 + width("20px Arial", "x"))`, "true"},
		// unicode-range U+61: "b" is measured in the fallback
		{`near(width("20px W, monospace", "ab"), 10 + width("20px monospace", "b"))`, "true"},
		// no font read from bad bytes: the fallback
		{`width("20px Broken, Arial", "ab") === width("20px Arial", "ab")`, "true"},
		// font box: ascent 900, descent 300 at 20px
		{`c.font = "20px T"; var m = c.measureText("ab"); [m.fontBoundingBoxAscent, m.fontBoundingBoxDescent, m.actualBoundingBoxLeft, m.actualBoundingBoxRight, m.actualBoundingBoxAscent, m.actualBoundingBoxDescent].join()`, "18,6,-1,22.999984741210938,15,4"},
	}
	for _, c := range cases {
		if got := p.eval(c.expr); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
}

// TestWebFontRelayout: text laid out before its font loads keeps the
// fallback's widths until then, and measures with the font after.
func TestWebFontRelayout(t *testing.T) {
	fonts := map[string][]byte{"t": testWebFont().TTF()}
	p := newPage(t, `<!doctype html><html><body><p style="font-size: 20px; white-space: nowrap"><span id=span style="font-family: F64, Arial">ab ab</span></p>
<p style="font-size: 20px; white-space: nowrap"><span id=arial style="font-family: Arial">ab ab</span></p><script>`+fontScript(fonts)+`
var span = document.getElementById("span");
var before = span.getBoundingClientRect().width;
var f = new FontFace("F64", fontData.t);
var constructed = span.getBoundingClientRect().width;
document.fonts.add(f);
var added = span.getBoundingClientRect().width;
document.fonts.delete(f);
var deleted = span.getBoundingClientRect().width;
</script></body></html>`, nil)
	p.run()
	p.noErrors()
	// "ab ab": (500 + 700 - 100) * 2 + 250 units at 20px, 49px
	want := p.eval(`document.getElementById("arial").getBoundingClientRect().width`) + " " + p.eval(`before`) + " 49 " + p.eval(`before`)
	if got := p.eval(`before + " " + constructed + " " + added + " " + deleted`); got != want {
		t.Errorf("widths before, constructed, added, deleted: %s, want %s", got, want)
	}
}

// BenchmarkMeasureTextWebFont is canvas measureText of a 40-character
// label in a system face (Arial's tables) and in Liberation Sans loaded
// as a web font (GPOS pairs, cmap lookups per character); and the
// flow estimate's widths of a toolbar of 30 labels in the web font,
// measured again after each change (BenchmarkFlowWidths' pattern).
func BenchmarkMeasureTextWebFont(b *testing.B) {
	data, err := os.ReadFile("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
	if err != nil {
		b.Skip(err)
	}
	var tabs strings.Builder
	for i := range 30 {
		tabs.WriteString("<a>Tab " + strings.Repeat("W", i%5) + "</a>")
	}
	p := newPage(b, `<!doctype html><html><body><style>.tabs{display:flex;overflow:hidden;white-space:nowrap;font-family:WebSans} .tabs a{padding:0 12px}</style>
<nav class="tabs" id="tabs">`+tabs.String()+`</nav><script>`+fontScript(map[string][]byte{"WebSans": data})+`
document.fonts.add(new FontFace("WebSans", fontData.WebSans));
</script></body></html>`, nil)
	p.run()
	for _, c := range []struct{ name, font string }{{"system", "14px Arial"}, {"web", "14px WebSans"}} {
		b.Run("canvas/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			benchLoop(b, p, `var c = document.createElement("canvas").getContext("2d"); c.font = "`+c.font+`"; var w = 0`,
				`w += c.measureText("AVATAR Typography, kerning and Wo " + (i % 10)).width`, b.N)
		})
	}
	b.Run("flow/web", func(b *testing.B) {
		b.ReportAllocs()
		benchLoop(b, p, `var tabs = document.getElementById("tabs")`,
			`tabs.children[i % 30].textContent = "Tab label " + i;
			if (tabs.scrollWidth <= tabs.clientWidth) throw new Error("tabs fit: " + tabs.scrollWidth)`, b.N)
	})
}
