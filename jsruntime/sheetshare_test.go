package jsruntime

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
)

// shareSheet is a sheet two pages share: rules filed under classes, ids
// and tags, descendant and sibling combinators, a pseudo-element, a layer,
// an @media block and an !important declaration.
const shareSheet = `
@layer base { p { color: rgb(0, 0, 1); margin-left: 1px } }
.a { color: rgb(0, 0, 2) }
.a.b, #i1 { color: rgb(0, 0, 3); padding-top: 3px }
div .b { margin-left: 4px }
.c + .b { letter-spacing: 5px }
.c::before { content: "x"; color: rgb(0, 0, 6) }
@media (min-width: 100px) { .d { text-indent: 7px !important } }
.d { text-indent: 8px }
span, .c { word-spacing: 9px }
`

const shareBody = `<div id=r><p class=a>1</p><p class="a b" id=i1>2</p><span class=c>3</span><p class=b>4</p><p class=d>5</p><div><span class="b d">6</span></div></div>`

// shareProps are the properties sharePage reads of each element.
var shareProps = []string{"color", "margin-left", "padding-top", "letter-spacing", "text-indent", "word-spacing"}

// sharePage makes a window of a page with shareSheet, without failing the
// test (it is called from several goroutines).
func sharePage(markup string) (*Window, error) {
	doc, err := dom.Parse(strings.NewReader(markup))
	if err != nil {
		return nil, err
	}
	var w *Window
	var scriptErr error
	l := loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { w.ReportError(err) }})
	w, err = New(l, doc, Config{
		URL:     "https://example.test/",
		OnError: func(e ScriptError) { scriptErr = fmt.Errorf("script error: %+v", e) },
		Extensions: []func(*Window) error{func(w *Window) error {
			return webapi.InstallCSSOM(w.Realm(), w.Global())
		}},
	})
	if err != nil {
		return nil, err
	}
	if err := w.Run(context.Background()); err != nil {
		return nil, err
	}
	return w, scriptErr
}

// shareStyles is every element's value of shareProps, and the ::before
// color of each, as getComputedStyle gives them.
func shareStyles(w *Window) (string, error) {
	v, err := w.RunScript("styles.js", `(function () {
	var out = [], props = `+"`"+strings.Join(shareProps, " ")+"`"+`.split(" ");
	document.querySelectorAll('#r *').forEach(function (e, i) {
		var cs = getComputedStyle(e), line = [i];
		props.forEach(function (p) { line.push(cs.getPropertyValue(p)) });
		line.push(getComputedStyle(e, '::before').color);
		out.push(line.join(' '));
	});
	return out.join('\n');
})()`)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// TestSheetSharedBetweenPages: two pages with the same sheet share its
// parsed rules and selectors (sheetcache.go) and cascade as a page with
// the sheet alone does; a page editing the sheet through the CSSOM
// (insertRule, deleteRule, a rule's style) changes its own cascade only,
// and leaves the shared parse as it was.
func TestSheetSharedBetweenPages(t *testing.T) {
	markup := `<!doctype html><html><head><style>` + shareSheet + `</style></head><body>` + shareBody + `</body></html>`
	w1, err := sharePage(markup)
	if err != nil {
		t.Fatal(err)
	}
	w2, err := sharePage(markup)
	if err != nil {
		t.Fatal(err)
	}
	want := `0 rgb(0, 0, 2) 1px 0px normal 0px 0px rgb(0, 0, 2)
1 rgb(0, 0, 3) 4px 3px normal 0px 0px rgb(0, 0, 3)
2 rgb(0, 0, 0) 0px 0px normal 0px 9px rgb(0, 0, 6)
3 rgb(0, 0, 1) 4px 0px 5px 0px 0px rgb(0, 0, 1)
4 rgb(0, 0, 1) 1px 0px normal 7px 0px rgb(0, 0, 1)
5 rgb(0, 0, 0) 0px 0px normal 0px 0px rgb(0, 0, 0)
6 rgb(0, 0, 0) 4px 0px normal 7px 9px rgb(0, 0, 0)`
	for i, w := range []*Window{w1, w2} {
		got, err := shareStyles(w)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("page %d's styles:\n%s\nwant\n%s", i+1, got, want)
		}
	}
	src := w1.sheets.sources[0]
	p1, p2 := w1.sheets.parsed[src], w2.sheets.parsed[src]
	if p1 == nil || p2 == nil || len(p1.rules) == 0 || &p1.rules[0] != &p2.rules[0] {
		t.Fatal("the pages do not share the sheet's parsed rules")
	}
	if &p1.sels[0] == &p2.sels[0] {
		t.Fatal("the pages share their pageSels")
	}
	shared := p1.rules
	before := make([]string, len(shared))
	for i, r := range shared {
		before[i] = fmt.Sprint(r.selText, r.selIdx, r.layer, r.decls)
	}

	if _, err := w1.RunScript("edit.js", `var s = document.styleSheets[0];
s.insertRule('.b { margin-left: 11px }', s.cssRules.length);
s.cssRules[1].style.color = 'rgb(9, 9, 9)';
s.deleteRule(3); // div .b`); err != nil {
		t.Fatal(err)
	}
	got1, err := shareStyles(w1)
	if err != nil {
		t.Fatal(err)
	}
	want1 := `0 rgb(9, 9, 9) 1px 0px normal 0px 0px rgb(9, 9, 9)
1 rgb(0, 0, 3) 11px 3px normal 0px 0px rgb(0, 0, 3)
2 rgb(0, 0, 0) 0px 0px normal 0px 9px rgb(0, 0, 6)
3 rgb(0, 0, 1) 11px 0px 5px 0px 0px rgb(0, 0, 1)
4 rgb(0, 0, 1) 1px 0px normal 7px 0px rgb(0, 0, 1)
5 rgb(0, 0, 0) 0px 0px normal 0px 0px rgb(0, 0, 0)
6 rgb(0, 0, 0) 11px 0px normal 7px 9px rgb(0, 0, 0)`
	if got1 != want1 {
		t.Errorf("the edited page's styles:\n%s\nwant\n%s", got1, want1)
	}
	got2, err := shareStyles(w2)
	if err != nil {
		t.Fatal(err)
	}
	if got2 != want {
		t.Errorf("the other page's styles after the edit:\n%s\nwant\n%s", got2, want)
	}
	after := make([]string, len(shared))
	for i, r := range shared {
		after[i] = fmt.Sprint(r.selText, r.selIdx, r.layer, r.decls)
	}
	if !slices.Equal(before, after) {
		t.Errorf("the shared parse changed:\n%q\nto\n%q", before, after)
	}
	if p := w2.sheets.parsed[src]; p == nil || &p.rules[0] != &shared[0] {
		t.Error("the other page no longer has the shared rules")
	}
}

// TestSheetSharedConcurrentPages: pages sharing a sheet cascade at the
// same time (a server renders pages in parallel), some editing it through
// the CSSOM; each gets the styles a page alone gets. Run with -race.
func TestSheetSharedConcurrentPages(t *testing.T) {
	// a sheet of its own, so that the pages parse it and look it up in
	// the cache at the same time
	sheet := shareSheet + fmt.Sprintf("\n.t%p { color: red }\n", t)
	markup := `<!doctype html><html><head><style>` + sheet + `</style></head><body>` + shareBody + `</body></html>`
	const edit = `document.styleSheets[0].insertRule('.b { margin-left: 11px }', document.styleSheets[0].cssRules.length)`
	alone := func(edited bool) string {
		w, err := sharePage(markup)
		if err != nil {
			t.Fatal(err)
		}
		if edited {
			if _, err := w.RunScript("edit.js", edit); err != nil {
				t.Fatal(err)
			}
		}
		s, err := shareStyles(w)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	want := [2]string{alone(false), alone(true)}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				w, err := sharePage(markup)
				if err != nil {
					t.Error(err)
					return
				}
				edited := i%2 == 1
				if edited {
					if _, err := w.RunScript("edit.js", edit); err != nil {
						t.Error(err)
						return
					}
				}
				got, err := shareStyles(w)
				if err != nil {
					t.Error(err)
					return
				}
				if w := want[i%2]; got != w {
					t.Errorf("page %d (edited %v):\n%s\nwant\n%s", i, edited, got, w)
				}
			}
		}()
	}
	wg.Wait()
}
