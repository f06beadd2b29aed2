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

// TestWithWebAPI installs package webapi through Config.Extensions, as the
// root package does, and checks the two halves of the global object work
// together.
func TestWithWebAPI(t *testing.T) {
	doc, err := dom.Parse(strings.NewReader(`<div id="d"></div><script>
		console.log('hello', 1);
		var u = new URL('/x?y=2', location.href);
		localStorage.setItem('k', 'v');
		window.result = [u.searchParams.get('y'), localStorage.getItem('k'), typeof matchMedia('(min-width: 100px)').matches,
			navigator.userAgent.length > 0, innerWidth, new TextEncoder().encode('é').length, structuredClone({a: [1]}).a[0],
			document.getElementById('d') instanceof HTMLElement].join();
	</script>`))
	if err != nil {
		t.Fatal(err)
	}
	var logs []string
	var w *Window
	l := loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { w.ReportError(err) }})
	w, err = New(l, doc, Config{
		URL:      "https://example.test/",
		Viewport: Viewport{Width: 800, Height: 600},
		OnError:  func(e ScriptError) { t.Errorf("script error: %+v", e) },
		Extensions: []func(*Window) error{func(w *Window) error {
			return webapi.Install(w.Realm(), w.Global(), webapi.Config{
				Host:    w.Loop(),
				Console: func(level, msg string) { logs = append(logs, level+":"+msg) },
			})
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	v, err := w.RunScript("t.js", "result")
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != "2,v,boolean,true,800,2,1,true" {
		t.Errorf("result = %q", got)
	}
	if len(logs) != 1 || logs[0] != "log:hello 1" {
		t.Errorf("console = %q", logs)
	}
}
