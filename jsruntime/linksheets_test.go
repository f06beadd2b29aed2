package jsruntime

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
)

// sheetLoader answers /NAME.css from its map after a short real delay (so
// that scripts reach the loop before the sheet does), /skip.css with
// ErrNotFetched and anything else with an error.
type sheetLoader map[string]string

func (m sheetLoader) LoadStylesheet(ctx context.Context, url string) (string, error) {
	time.Sleep(5 * time.Millisecond)
	name := url[strings.LastIndexByte(url, '/')+1:]
	if name == "skip.css" {
		return "", fmt.Errorf("policy: %w", ErrNotFetched)
	}
	if name == "hang.css" {
		<-ctx.Done() // a server that never answers
		return "", ctx.Err()
	}
	if css, ok := m[name]; ok {
		return css, nil
	}
	return "", errors.New("HTTP 404")
}

// newSheetPage binds markup parsed as scripts run, as a render does, with
// sheets from css and scripts from scripts.
// Extensions run after the CSSOM's.
func newSheetPage(t *testing.T, markup string, css StylesheetLoader, scripts mapLoader, stream bool, extensions ...func(*Window) error) *testPage {
	t.Helper()
	p := &testPage{t: t}
	p.l = loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { p.w.ReportError(err) }})
	cfg := Config{URL: "https://example.test/page", Loader: scripts, Stylesheets: css, Logger: slog.New(slog.DiscardHandler),
		OnError:    func(e ScriptError) { p.errors = append(p.errors, e) },
		Extensions: append([]func(*Window) error{func(w *Window) error { return webapi.InstallCSSOM(w.Realm(), w.Global()) }}, extensions...)}
	var err error
	if !stream {
		doc, err := dom.Parse(strings.NewReader(markup))
		if err != nil {
			t.Fatal(err)
		}
		if p.w, err = New(p.l, doc, cfg); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sp, err := dom.NewStreamParser(markup, dom.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sp.Close)
	sp.ParseUntilScript()
	if p.w, err = New(p.l, sp.Document(), cfg); err != nil {
		t.Fatal(err)
	}
	p.w.ParseWith(sp)
	return p
}

// TestLinkStylesheets: fetched sheets count in getComputedStyle, are the
// links' sheets, fire load or error, and block the parser's scripts.
func TestLinkStylesheets(t *testing.T) {
	css := sheetLoader{
		"hide.css":  ".hide { display: none } .wide { width: 10px }",
		"show.css":  ".hide { display: inline }",
		"print.css": ".hide { display: flex }",
	}
	scripts := mapLoader{"https://example.test/s.js": "log.push('external:' + getComputedStyle(d).display)"}
	const head = `<!doctype html><html><head><script>var log = []; addEventListener('load', () => log.push('window load'));</script>`
	tests := []struct{ name, page, js, want string }{
		{name: "an inline script after the link sees its rules",
			page: head + `<link rel=stylesheet href=hide.css onload="log.push('load')"></head>
				<body><div id=d class=hide>x</div><script>log.push(getComputedStyle(d).display)</script>`,
			js: "log.join()", want: "none,load,window load"},
		// gated.css arrives only once the page calls openGate(), so the
		// order does not depend on how fast the parser is.
		{name: "DOMContentLoaded does not wait when no script follows",
			page: head + `<script>document.addEventListener('DOMContentLoaded', () => { log.push('dcl:' + getComputedStyle(d).display); openGate() })</script>
				<link rel=stylesheet href=gated.css onload="log.push('load')"></head><body><div id=d class=hide>x</div>`,
			js: "log.join()", want: "dcl:block,load,window load"},
		{name: "an external script waits too",
			page: head + `<link rel=stylesheet href=hide.css></head><body><div id=d class=hide>x</div><script src=s.js></script>`,
			js:   "log.join()", want: "external:none,window load"},
		{name: "deferred scripts wait",
			page: head + `<link rel=stylesheet href=/hide.css><script defer src=s.js></script></head><body><div id=d class=hide>x</div>`,
			js:   "log.join()", want: "external:none,window load"},
		{name: "a script-inserted link does not block",
			page: head + `</head><body><div id=d class=hide>x</div><script>
				var l = document.createElement('link'); l.rel = 'stylesheet'; l.href = 'hide.css';
				l.onload = () => log.push('loaded:' + getComputedStyle(d).display);
				document.head.append(l); log.push(getComputedStyle(d).display)</script>`,
			js: "log.join()", want: "block,loaded:none,window load"},
		{name: "later sheets win at equal specificity, in tree order",
			page: head + `<link rel=stylesheet href=hide.css><style>.hide { display: grid }</style><link rel=stylesheet href=show.css></head>
				<body><div id=d class=hide>x</div>`,
			js: "getComputedStyle(d).display", want: "inline"},
		{name: "a link's media applies to its rules, and print does not block",
			page: head + `<link rel=stylesheet href=print.css media=print><link rel=stylesheet href=hide.css media="(min-width: 100px)"></head>
				<body><div id=d class=hide>x</div><script>log.push(getComputedStyle(d).display)</script>`,
			js: "log.join()", want: "none,window load"},
		{name: "sheet, href and document.styleSheets",
			page: head + `<style>p{}</style><link rel=stylesheet href=hide.css></head><body><div id=d class=hide>x</div>`,
			js: `var s = document.querySelector('link').sheet;
				[document.styleSheets.length, s.cssRules.length, s.href, s.ownerNode.localName, s.cssRules[0].selectorText,
				 document.styleSheets[1] === s, document.querySelector('style').sheet.href].join()`,
			want: "2,2,https://example.test/hide.css,link,.hide,true,"},
		{name: "a rule script inserts into a fetched sheet counts",
			page: head + `<link rel=stylesheet href=hide.css></head><body><div id=d class=hide>x</div>`,
			js:   `document.querySelector('link').sheet.insertRule('#d { display: table }', 2); getComputedStyle(d).display`,
			want: "table"},
		{name: "a failed sheet fires error and is empty",
			page: head + `<link rel=stylesheet href=gone.css onerror="log.push('error')"></head><body><div id=d class=hide>x</div>
				<script>log.push(getComputedStyle(d).display)</script>`,
			js: "log.push(document.querySelector('link').sheet.cssRules.length); log.join()", want: "block,error,window load,0"},
		{name: "a declined sheet loads empty",
			page: head + `<link rel=stylesheet href=skip.css onload="log.push('load')"></head><body><div id=d class=hide>x</div>`,
			js:   "log.push(document.querySelector('link').sheet.cssRules.length); log.join()", want: "load,window load,0"},
		{name: "changing rel drops the sheet, changing href fetches again",
			page: head + `<link rel=stylesheet href=hide.css></head><body><div id=d class=hide>x</div>`,
			js: `var l = document.querySelector('link'), out = [getComputedStyle(d).display];
				l.rel = 'icon'; out.push(getComputedStyle(d).display, l.sheet);
				l.rel = 'stylesheet'; l.href = 'show.css';
				new Promise(r => l.onload = r).then(() => out.concat(getComputedStyle(d).display).join())`,
			want: "none,block,,inline"},
	}
	defer func(d time.Duration) { stylesheetTimeout = d }(stylesheetTimeout)
	tests = append(tests, struct{ name, page, js, want string }{name: "a sheet that never arrives stops blocking at the timeout",
		page: head + `<link rel=stylesheet href=hang.css onerror="log.push('error')"></head><body><div id=d class=hide>x</div>
			<script>log.push(getComputedStyle(d).display)</script>`,
		js: "log.join()", want: "block,error,window load"})
	for _, tt := range tests {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/stream=%v", tt.name, stream), func(t *testing.T) {
				// Only the sheet that never arrives meets the timeout: a
				// short one for every case failed gated.css on a loaded
				// machine before DOMContentLoaded opened its gate.
				stylesheetTimeout = 10 * time.Second
				if strings.Contains(tt.page, "hang.css") {
					stylesheetTimeout = 30 * time.Millisecond
				}
				gate := make(chan struct{})
				var once sync.Once
				gated := StylesheetLoaderFunc(func(ctx context.Context, url string) (string, error) {
					if !strings.HasSuffix(url, "/gated.css") {
						return css.LoadStylesheet(ctx, url)
					}
					select {
					case <-gate:
						return css["hide.css"], nil
					case <-ctx.Done():
						return "", ctx.Err()
					}
				})
				openGate := func(w *Window) error {
					return w.Global().Set("openGate", func() { once.Do(func() { close(gate) }) })
				}
				p := newSheetPage(t, tt.page, gated, scripts, stream, openGate)
				p.run()
				if got := evalSettled(t, p, tt.js); got != tt.want {
					t.Errorf("got  %q\nwant %q", got, tt.want)
				}
				p.noErrors()
			})
		}
	}
}
