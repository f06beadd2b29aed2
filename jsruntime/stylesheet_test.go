package jsruntime

import (
	"strings"
	"testing"
)

// TestSheetNesting: conditional group rules apply through a few levels,
// and a sheet nesting them 20,000 deep (which took 36 s to cascade, in one
// call nothing interrupts) is followed only maxSheetNesting levels down.
func TestSheetNesting(t *testing.T) {
	deep := strings.Repeat("@media all{", 20_000) + "#deep{color:red}" + strings.Repeat("}", 20_000)
	p := newPage(t, `<!doctype html><style>@supports (display:grid){@media all{@layer x{#near{color:blue}}}}`+deep+
		`#after{color:green}</style><p id=near>n</p><p id=deep>d</p><p id=after>a</p>`, nil)
	p.run()
	got := p.eval(`['near', 'deep', 'after'].map(function (id) { return getComputedStyle(document.getElementById(id)).color }).join()`)
	if want := "rgb(0, 0, 255),rgb(0, 0, 0),rgb(0, 128, 0)"; got != want {
		t.Errorf("colors %q, want %q", got, want)
	}
}

// A style element without rules, put in and taken out (antd's scroll-bar
// measurement), leaves the cascade's rules as they were built; a sheet with
// rules added afterwards is cascaded, after it is taken out too.
func TestRulelessSheetKeepsRules(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>.a { color: rgb(1, 2, 3) }</style></head><body><div id="d" class="a b"></div><script>
var d = document.getElementById('d'), out = [];
out.push(getComputedStyle(d).color);
var s = document.createElement('style');
s.textContent = '#m::-webkit-scrollbar {\n}';
document.head.appendChild(s);
out.push(getComputedStyle(d).color);
s.remove();
out.push(getComputedStyle(d).color);
var t = document.createElement('style');
t.textContent = '.b { color: rgb(4, 5, 6) }';
document.head.appendChild(t);
out.push(getComputedStyle(d).color);
t.remove();
out.push(getComputedStyle(d).color);
</script></body></html>`, nil)
	p.run()
	want := "rgb(1, 2, 3) rgb(1, 2, 3) rgb(1, 2, 3) rgb(4, 5, 6) rgb(1, 2, 3)"
	if got := p.eval(`out.join(' ')`); got != want {
		t.Errorf("colors %q, want %q", got, want)
	}
	p.noErrors()
	// the rule sheet's insertion and removal rebuild; the empty sheet's do not
	before := p.w.sheets.builds
	p.eval(`var e = document.createElement('style'); e.textContent = ' '; document.head.appendChild(e); getComputedStyle(d).color; e.remove(); getComputedStyle(d).color`)
	if after := p.w.sheets.builds; after != before {
		t.Errorf("an empty style element put in and taken out rebuilt the rules %d times", after-before)
	}
	p.eval(`var f = document.createElement('style'); f.textContent = '.b { color: red }'; document.head.appendChild(f); getComputedStyle(d).color`)
	if after := p.w.sheets.builds; after != before+1 {
		t.Errorf("a style element with a rule rebuilt the rules %d times, want 1", after-before)
	}
}

// TestSheetTitleCollected: a sheet's title is read when the sheets are
// collected (an insertion, a removal or a change of a sheet's text), not
// when it changes, and the preferred set is the first title collected,
// kept whatever happens to its sheet; CSSStyleSheet.title follows the
// attribute (Chromium 156; testdata/wpt/title61-sheet-title.html).
func TestSheetTitleCollected(t *testing.T) {
	const markup = `<!doctype html><style id=first title=a>.x{color:rgb(255,0,0)}</style><p class=x id=p>x</p><p class=y id=q>y</p><script>
var color = function (e) { return getComputedStyle(e).color }, r;
var add = function (text, title) { var e = document.createElement('style'); if (title) e.title = title; e.textContent = text; document.head.append(e); return e };
var first = document.getElementById('first'), p = document.getElementById('p'), q = document.getElementById('q');
var s = add('.y{color:rgb(0,0,255)}');
</script>`
	for _, tc := range []struct {
		name, script, want string
	}{
		{"titled later keeps applying", `color(q); s.title = 'b'; color(q) + ' ' + s.sheet.title`, "rgb(0, 0, 255) b"},
		{"titled later, then another sheet added", `color(q); s.title = 'b'; color(q); add('.z{color:red}'); color(q)`, "rgb(0, 0, 0)"},
		{"titled later, then its text changed", `color(q); s.title = 'b'; color(q); s.textContent = '.y{color:teal}'; color(q)`, "rgb(0, 0, 0)"},
		{"titled before the next collection", `color(q); var u = add('.y{color:teal}'); u.title = 'b'; color(q)`, "rgb(0, 0, 255)"},
		{"untitled later stays off until collected", `s.title = 'b'; color(q); add(''); color(q); s.title = ''; r = color(q) + ' ' + s.sheet.title; s.textContent = '.y{color:teal}'; r + ' ' + color(q)`, "rgb(0, 0, 0) null rgb(0, 128, 128)"},
		{"first retitled keeps the preferred set", `color(q); first.title = 'zz'; r = color(p) + ' ' + document.styleSheets[0].title; add('.x{background-color:green}', 'a'); r + ' ' + getComputedStyle(p).backgroundColor + ' ' + color(p)`, "rgb(255, 0, 0) zz rgb(0, 128, 0) rgb(0, 0, 0)"},
		{"preferred set kept after its sheet is removed", `color(q); first.remove(); add('.x{background-color:green}', 'c'); getComputedStyle(p).backgroundColor`, "rgba(0, 0, 0, 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newCSSOMWindow(t, markup)
			v, err := w.RunScript("t.js", tc.script)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("%s\n got %q\nwant %q", tc.script, got, tc.want)
			}
		})
	}
}

// TestSheetTitlePreferredWhenMade: the preferred set is the title of the
// first titled sheet made, even one removed before the sheets are
// collected; a title set after the sheet was made does not set it.
func TestSheetTitlePreferredWhenMade(t *testing.T) {
	const markup = `<!doctype html><p class=x id=p>x</p><script>
var add = function (text, title) { var e = document.createElement('style'); if (title) e.title = title; e.textContent = text; document.head.append(e); return e };
var p = document.getElementById('p');
</script>`
	for _, tc := range []struct{ name, script, want string }{
		{"made titled and removed", `add('.q{}', 't').remove(); add('.x{color:red}', 'a'); getComputedStyle(p).color`, "rgb(0, 0, 0)"},
		{"titled after it was made", `var u = add('.q{}'); u.title = 't'; u.remove(); add('.x{color:red}', 'a'); getComputedStyle(p).color`, "rgb(255, 0, 0)"},
		{"titled later, none preferred", `var u = add('.x{color:red}'); getComputedStyle(p).color; u.title = 'a'; add(''); getComputedStyle(p).color`, "rgb(0, 0, 0)"},
		{"made titled by a text change", `var u = add(''); u.title = 't'; u.textContent = '.q{}'; u.remove(); add('.x{color:red}', 'a'); getComputedStyle(p).color`, "rgb(0, 0, 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := newCSSOMWindow(t, markup).RunScript("t.js", tc.script)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("%s\n got %q\nwant %q", tc.script, got, tc.want)
			}
		})
	}
}
