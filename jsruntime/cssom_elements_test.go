package jsruntime

import (
	"context"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
)

func TestElementStyleSheets(t *testing.T) {
	markup := `<!doctype html><html><head><style>p { color:red } .a { margin: 0 }</style></head><body><p>x</p></body></html>`
	for _, tc := range []evalCase{
		{name: "rules of a style element", markup: markup, js: `var s = document.querySelector('style').sheet;
			[s.cssRules.length, s.cssRules[0].selectorText, s.cssRules[0].style.color, s.cssRules[1].cssText,
			 s.ownerNode === document.querySelector('style'), document.styleSheets.length, document.styleSheets[0] === s].join()`,
			want: "2,p,red,.a { margin: 0px; },true,1,true"},
		{name: "insertRule as CSS-in-JS libraries do", markup: markup, js: `var st = document.createElement('style');
			document.head.append(st);
			var i = st.sheet.insertRule('.x{color:BLUE}', 0);
			st.sheet.insertRule('.y { display: none }', st.sheet.cssRules.length);
			[i, st.sheet.cssRules.length, st.sheet.cssRules[0].cssText, st.sheet === st.sheet].join()`,
			want: "0,2,.x { color: blue; },true"},
		{name: "rule style writes the rule", markup: markup, js: `var r = document.querySelector('style').sheet.cssRules[0];
			r.style.backgroundColor = '#00f'; r.cssText`,
			want: "p { color: red; background-color: rgb(0, 0, 255); }"},
		{name: "inserted rules cascade", markup: markup, js: `var st = document.createElement('style');
			document.head.append(st); var p = document.querySelector('p'); var a = getComputedStyle(p).display;
			st.sheet.insertRule('.css-1x { display: none }', 0); p.className = 'css-1x';
			var b = getComputedStyle(p).display; st.sheet.deleteRule(0); [a, b, getComputedStyle(p).display].join()`,
			want: "block,none,block"},
		{name: "detached style has no sheet", js: `document.createElement('style').sheet`, want: "null"},
		{name: "new text makes a new sheet", markup: markup, js: `var st = document.querySelector('style'); var a = st.sheet;
			st.textContent = 'b { color: red }'; [a === st.sheet, st.sheet.cssRules.length].join()`, want: "false,1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.markup == "" {
				tc.markup = "<p>x</p>"
			}
			w := newCSSOMWindow(t, tc.markup)
			v, err := w.RunScript("t.js", tc.js)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("%s\n got %q\nwant %q", tc.js, got, tc.want)
			}
		})
	}
}

// newCSSOMWindow returns a window on markup with webapi's CSSOM installed,
// run until its load event; script errors fail t.
func newCSSOMWindow(t *testing.T, markup string) *Window {
	t.Helper()
	doc, err := dom.Parse(strings.NewReader(markup))
	if err != nil {
		t.Fatal(err)
	}
	var w *Window
	l := loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { w.ReportError(err) }})
	w, err = New(l, doc, Config{
		URL:     "https://example.test/",
		OnError: func(e ScriptError) { t.Errorf("script error: %+v", e) },
		Extensions: []func(*Window) error{func(w *Window) error {
			return webapi.InstallCSSOM(w.Realm(), w.Global())
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return w
}
