package jsruntime

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// A testPage is one page: a parsed document bound to a window on a loop.
type testPage struct {
	t      testing.TB
	w      *Window
	l      *loop.Loop
	errors []ScriptError
}

type mapLoader map[string]string

func (m mapLoader) LoadScript(_ context.Context, url string) ([]byte, error) {
	if s, ok := m[url]; ok {
		return []byte(s), nil
	}
	return nil, fmt.Errorf("404 %s", url)
}

// newPage parses markup at https://example.test/page and binds it.
func newPage(t testing.TB, markup string, loader ScriptLoader) *testPage {
	t.Helper()
	doc, err := dom.Parse(strings.NewReader(markup))
	if err != nil {
		t.Fatal(err)
	}
	p := &testPage{t: t}
	p.l = loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { p.w.ReportError(err) }})
	p.w, err = New(p.l, doc, Config{
		URL:     "https://example.test/page",
		Loader:  loader,
		OnError: func(e ScriptError) { p.errors = append(p.errors, e) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// run starts the scripts and runs the loop until quiet.
func (p *testPage) run() {
	p.t.Helper()
	if err := p.w.Run(context.Background()); err != nil {
		p.t.Fatal(err)
	}
}

// eval runs js and returns its value as a string, failing on exceptions.
func (p *testPage) eval(js string) string {
	p.t.Helper()
	v, err := p.w.RunScript("test.js", js)
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	if v == nil {
		return "undefined"
	}
	return v.String()
}

func (p *testPage) noErrors() {
	p.t.Helper()
	for _, e := range p.errors {
		p.t.Errorf("script error: %s (%s:%d:%d)", e.Message, e.Source, e.Line, e.Column)
	}
}

func TestSmoke(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><title>T</title></head><body><div id="a" class="x y">hi</div><script>document.getElementById('a').textContent += '!'</script></body></html>`, nil)
	p.run()
	p.noErrors()
	if got := p.eval(`document.getElementById('a').textContent`); got != "hi!" {
		t.Fatalf("got %q", got)
	}
}

var _ = httptest.NewServer
var _ = http.StatusOK
