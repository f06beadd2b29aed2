package jsruntime

import (
	"fmt"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// TestSheetImports: @import rules are fetched and cascade in place of
// their rule, inside its conditions; they hold the load events and the
// parser's scripts. Expectations are Chromium 156's for the same pages.
func TestSheetImports(t *testing.T) {
	css := sheetLoader{
		"a.css":     `@charset "utf-8"; @import url("b.css"); @import "c.css" (min-width: 5000px); @import url(d.css) supports(display: nonsense); @import url(e.css) layer(lay); #x { color: rgb(1, 1, 1) } @import url(late.css);`,
		"b.css":     `@import "a.css"; #b { color: rgb(2, 2, 2) } #x { color: rgb(9, 9, 9) }`,
		"c.css":     `#c { color: rgb(3, 3, 3) }`,
		"d.css":     `#d { color: rgb(4, 4, 4) }`,
		"e.css":     `#e { color: rgb(5, 5, 5) } #x { background-color: rgb(5, 5, 5) }`,
		"late.css":  `#late { color: rgb(6, 6, 6) }`,
		"s.css":     `#s { color: rgb(7, 7, 7) }`,
		"bad.css":   `@import "gone.css"; #b { color: rgb(2, 2, 2) }`,
		"deep.css":  `@import "s.css"; @import "deep2.css";`,
		"deep2.css": `@import "dir/n.css";`,
		"n.css":     `#n { color: rgb(10, 10, 10) }`,
	}
	const head = `<!doctype html><html><head><script>var log = []; addEventListener('load', () => log.push('window load'));
		function cs(id) { var e = document.getElementById(id); if (!e) { e = document.createElement('i'); e.id = id; document.documentElement.append(e) } return getComputedStyle(e).color }</script>`
	tests := []struct{ name, page, js, want string }{
		{name: "a style element's import blocks the script after it, then fires load",
			page: head + `<style onload="log.push('style load ' + cs('s'))">@import url(s.css); #t { color: rgb(8, 8, 8) }</style>
				<script>log.push('script ' + cs('s') + ' ' + cs('t'))</script></head><body>`,
			js: "log.join()", want: "script rgb(7, 7, 7) rgb(8, 8, 8),style load rgb(7, 7, 7),window load"},
		{name: "a link's imports cascade before its rules, in their conditions",
			page: head + `<link rel=stylesheet href=a.css onload="log.push('link load')"></head><body>
				<script>log.push(['b', 'c', 'd', 'e', 'late', 'x'].map(cs).join(' '))</script>`,
			js:   "log.push(getComputedStyle(document.getElementById('x')).backgroundColor); log.join()",
			want: "rgb(2, 2, 2) rgb(0, 0, 0) rgb(0, 0, 0) rgb(5, 5, 5) rgb(0, 0, 0) rgb(1, 1, 1),link load,window load,rgb(5, 5, 5)"},
		{name: "a failed import fires error at the link",
			page: head + `<link rel=stylesheet href=bad.css onload="log.push('load')" onerror="log.push('error ' + cs('b'))"></head><body>`,
			js:   "log.join()", want: "error rgb(2, 2, 2),window load"},
		{name: "a failed import fires error at a style element",
			page: head + `<style onload="log.push('load')" onerror="log.push('error')">@import "gone.css";</style></head><body>`,
			js:   "log.join()", want: "error,window load"},
		{name: "nested imports resolve against their own sheet",
			page: head + `<style>@import "dir/../deep.css";</style></head><body><script>log.push(cs('n') + ' ' + cs('s'))</script>`,
			js:   "log.push(document.styleSheets[0].cssRules[0].styleSheet.cssRules[1].styleSheet.cssRules[0].styleSheet.href); log.join()",
			want: "rgb(10, 10, 10) rgb(7, 7, 7),window load,https://example.test/dir/n.css"},
		{name: "a script-inserted style element loads its import without blocking",
			page: head + `</head><body><script>var s = document.createElement('style');
				s.onload = () => log.push('load ' + cs('s')); s.textContent = '@import "s.css";';
				document.head.append(s); log.push('sync ' + cs('s'))</script>`,
			js: "log.join()", want: "sync rgb(0, 0, 0),load rgb(7, 7, 7),window load"},
		{name: "style elements fire load per update; not a non-CSS type, not when disconnected",
			page: head + `<style id=a onload="log.push('a')">p {}</style></head><body><script>
				a.textContent = 'q {}'; a.append('r {}');
				var b = document.createElement('style'); b.type = 'text/less'; b.onload = () => log.push('b'); b.textContent = '#t { color: red }'; document.head.append(b);
				var c = document.createElement('style'); c.onload = () => log.push('c'); document.head.append(c);
				var d = document.createElement('style'); d.onload = () => log.push('d'); d.textContent = 'x {}';</script>`,
			js: "log.push(cs('t'), document.styleSheets.length); log.join()", want: "a,a,a,a,c,window load,rgb(0, 0, 0),2"},
		{name: "CSSImportRule: styleSheet, layerName, supportsText, cssText; @charset and failing supports() are dropped",
			page: head + `<style>@charset "x"; @import "gone.css"; @import url(c.css) layer; @import url(e.css) layer(a.b) supports(display:grid) print; @import url(d.css) supports(display: nonsense);</style></head><body>`,
			js: `var s = document.styleSheets[0], out = [];
				for (var r of s.cssRules) { var i = r.styleSheet;
					out.push([r.href, r.layerName, r.supportsText, r.media.mediaText, i.href, i.cssRules.length, i.ownerRule === r, i.parentStyleSheet === s, i.ownerNode, r.cssText].join('|')) }
				out.join('\n')`,
			want: "gone.css||||https://example.test/gone.css|0|true|true||@import url(\"gone.css\");\n" +
				"c.css||||https://example.test/c.css|1|true|true||@import url(\"c.css\") layer;\n" +
				"e.css|a.b|display:grid|print|https://example.test/e.css|2|true|true||@import url(\"e.css\") layer(a.b) supports(display:grid) print;"},
	}
	for _, tt := range tests {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/stream=%v", tt.name, stream), func(t *testing.T) {
				p := newSheetPage(t, tt.page, css, nil, stream)
				p.run()
				if got := evalSettled(t, p, tt.js); got != tt.want {
					t.Errorf("got  %q\nwant %q", got, tt.want)
				}
				p.noErrors()
			})
		}
	}
}

// TestSheetImportLimits: import cycles and chains end, and a page cannot
// make a window fetch sheets without end.
func TestSheetImportLimits(t *testing.T) {
	css := sheetLoader{"loop.css": `@import "loop.css"; @import "x.css?1"; #l { color: rgb(1, 2, 3) }`}
	for i := range maxImports + 10 {
		css[fmt.Sprintf("x.css?%d", i)] = fmt.Sprintf(`@import "x.css?%d";`, i+1)
	}
	p := newSheetPage(t, `<!doctype html><link rel=stylesheet href=loop.css onload="window.done = 1"><p id=l>`, css, nil, true)
	p.run()
	if got := evalSettled(t, p, "[window.done, getComputedStyle(l).color].join()"); got != "1,rgb(1, 2, 3)" {
		t.Errorf("got %q", got)
	}
	if n := len(p.w.imports.byURL); n > maxImportDepth+1 {
		t.Errorf("%d sheets imported, want at most %d (the chain limit)", n, maxImportDepth+1)
	}
}

func TestLeadingImports(t *testing.T) {
	tests := []struct {
		css  string
		want []webapi.Import
	}{
		{`/* c */ @charset "x"; @layer a, b; @import "a.css" screen; @IMPORT url( 'b;c.css' ) layer(x) supports((a:b) and (c:d)); p {} @import "late.css";`,
			[]webapi.Import{{URL: "a.css", Media: "screen"}, {URL: "b;c.css", HasLayer: true, Layer: "x", HasSupports: true, Supports: "(a:b) and (c:d)"}}},
		{`@import url(a.css) layer print, screen;`, []webapi.Import{{URL: "a.css", HasLayer: true, Media: "print, screen"}}},
		{`@media all { @import "x.css"; }`, nil},
		{`@import "unterminated`, nil},
		{`p { } @import "x.css";`, nil},
	}
	for _, tt := range tests {
		got := webapi.LeadingImports(tt.css)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("LeadingImports(%q)\n got %+v\nwant %+v", tt.css, got, tt.want)
		}
	}
}

// TestSheetsFollowMutations: the cascade collects the document's sheets
// again after each mutation that adds, removes or changes one, and only
// then (BenchmarkMutateThenStyleRead), so each read after a mutation sees
// the sheets as they are. Every case reads the style before its mutation,
// so that a stale collection would show.
func TestSheetsFollowMutations(t *testing.T) {
	tests := []struct{ name, js, want string }{
		{"a removed subtree takes its style element along",
			`var w = document.createElement('div'); w.innerHTML = '<style>#x { color: rgb(1, 2, 3) }</style>'; document.body.append(w);
			 var a = getComputedStyle(x).color; w.remove(); [a, getComputedStyle(x).color].join()`,
			"rgb(1, 2, 3),rgb(0, 0, 0)"},
		{"an inserted subtree brings its style element",
			`var a = getComputedStyle(x).color; var w = document.createElement('section');
			 w.innerHTML = '<div><style>#x { color: rgb(4, 5, 6) }</style></div>'; document.body.append(w); [a, getComputedStyle(x).color].join()`,
			"rgb(0, 0, 0),rgb(4, 5, 6)"},
		{"a style element's text node changing",
			`var s = document.createElement('style'); s.textContent = '#x { color: rgb(1, 1, 1) }'; document.head.append(s);
			 var a = getComputedStyle(x).color; s.firstChild.data = '#x { color: rgb(2, 2, 2) }'; [a, getComputedStyle(x).color].join()`,
			"rgb(1, 1, 1),rgb(2, 2, 2)"},
		{"a style element's media and type changing",
			`var s = document.createElement('style'); s.textContent = '#x { color: rgb(1, 1, 1) }'; document.head.append(s);
			 var a = getComputedStyle(x).color; s.media = 'print'; var b = getComputedStyle(x).color;
			 s.media = ''; s.type = 'text/x-template'; [a, b, getComputedStyle(x).color].join()`,
			"rgb(1, 1, 1),rgb(0, 0, 0),rgb(0, 0, 0)"},
		{"a shadow tree's style element changing",
			`var h = document.createElement('div'); document.body.append(h); var r = h.attachShadow({mode: 'open'});
			 r.innerHTML = '<style>p { color: rgb(1, 1, 1) }</style><p>in</p>'; var q = r.querySelector('p');
			 var a = getComputedStyle(q).color; r.firstChild.textContent = 'p { color: rgb(2, 2, 2) }'; var b = getComputedStyle(q).color;
			 r.firstChild.remove(); [a, b, getComputedStyle(q).color].join()`,
			"rgb(1, 1, 1),rgb(2, 2, 2),rgb(0, 0, 0)"},
		{"mutations elsewhere keep the sheets and see new elements",
			`var s = document.createElement('style'); s.textContent = '.y { color: rgb(7, 7, 7) }'; document.head.append(s);
			 var a = getComputedStyle(x).color; var p = document.createElement('p'); p.className = 'y'; document.body.append(p);
			 [a, getComputedStyle(p).color].join()`,
			"rgb(0, 0, 0),rgb(7, 7, 7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head></head><body><p id=x>x</p></body></html>`, nil)
			p.run()
			if got := evalSettled(t, p, tt.js); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
