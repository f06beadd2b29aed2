package jsruntime

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
)

// TestFetchPrecompilesClassicScripts: a classic script of the page reaches
// the loop already compiled into the program cache (compiled beside the
// loop while other work runs); a module script, a script of another
// document and a script that does not compile are delivered as they are.
func TestFetchPrecompilesClassicScripts(t *testing.T) {
	token := fmt.Sprint(time.Now().UnixNano()) // a text no other test compiled
	bodies := map[string]string{
		"/classic.js": "var precompiled" + token + " = 1;",
		"/module.js":  "var module" + token + " = 1;",
		"/other.js":   "var other" + token + " = 1;",
		"/broken.js":  "var broken" + token + " = ;",
		"/big.js":     "var big" + token + " = 1;",
	}
	newWindow := func() *Window {
		doc, err := dom.Parse(strings.NewReader(`<!doctype html><body>`))
		if err != nil {
			t.Fatal(err)
		}
		w, err := New(loop.New(goja.New(), loop.Options{Deterministic: true}), doc, Config{
			URL: "https://example.test/page",
			Loader: LoaderFunc(func(_ context.Context, url string) ([]byte, error) {
				return []byte(bodies[strings.TrimPrefix(url, "https://example.test")]), nil
			}),
		})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	script := func(d *dom.Document, typ string) *dom.Node {
		el, err := d.CreateElement("script")
		if err != nil {
			t.Fatal(err)
		}
		if typ != "" {
			el.SetAttribute("type", typ)
		}
		return el
	}
	other := dom.NewDocument()
	cases := []struct {
		path  string
		typ   string
		other bool // the element belongs to another document
		want  bool
	}{
		{"/classic.js", "", false, true},
		{"/module.js", "module", false, false},
		{"/other.js", "", true, false},
		{"/broken.js", "text/javascript", false, false},
		{"/big.js", "", false, false}, // over what the cache keeps (bound below)
	}
	// One fetch per window, so that no case waits for a compile slot.
	for _, c := range cases {
		if c.path == "/big.js" {
			defer SetProgramCacheBytes(SetProgramCacheBytes(int64(len(bodies[c.path]))))
		}
		w := newWindow()
		d := w.doc
		if c.other {
			d = other
		}
		url := "https://example.test" + c.path
		var got string
		w.scripts.fetch(script(d, c.typ), url, func(body string, err error) {
			if err != nil || body != bodies[c.path] {
				got = fmt.Sprintf("err %v, body %q", err, body)
				return
			}
			got = fmt.Sprint(programs.get(url, body) != nil)
		})
		if err := w.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprint(c.want); got != want {
			t.Errorf("%s: compiled when delivered: %s, want %s", c.path, got, want)
		}
	}
}
