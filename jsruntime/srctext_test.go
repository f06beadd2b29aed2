package jsruntime

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

func TestDecodeMappings(t *testing.T) {
	got := decodeMappings(";;AAAA,SAAS;AACjC")
	want := []mapSeg{{2, 0, 0, 0}, {2, 9, 0, 9}, {3, 0, 1, 0}}
	if len(got) != len(want) {
		t.Fatalf("decodeMappings = %v, want %v", got, want)
	}
	for i := range want {
		if got[i].gl != want[i].gl || got[i].gc != want[i].gc || got[i].ol != want[i].ol {
			t.Errorf("segment %d = %v, want %v", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"A!", "AAAAAAAAAAAAAAAA", "g", "AA"} {
		if decodeMappings(bad) != nil {
			t.Errorf("decodeMappings(%q) is not nil", bad)
		}
	}
}

func TestMethodStart(t *testing.T) {
	for _, c := range []struct {
		src  string
		key  int
		want int
	}{
		{"{ async *m() {} }", 9, 2},
		{"class A { static async *m() {} }", 24, 17},
		{"{ *m() {} }", 3, 2},
		{"{ async m() {} }", 8, 8},
		{"{ get g() {} }", 6, 2},
		{"o.get; m() {}", 7, 7},
		{"{ a, m() {} }", 5, 5},
	} {
		if got := methodStart(c.src, c.key); got != c.want {
			t.Errorf("methodStart(%q, %d) = %d, want %d", c.src, c.key, got, c.want)
		}
	}
}

// TestLoweredSourceMapShared: the source map of a lowered script is made
// once for the program every page with the script runs, not again by each
// page that reads a function's text (Ember's bundle was lowered again with
// a map at every render).
func TestLoweredSourceMapShared(t *testing.T) {
	var maps atomic.Int32
	lower := func(src, _ string) (string, error) {
		if !strings.Contains(src, "@@@") {
			return "", errors.New("not lowered")
		}
		return strings.ReplaceAll(src, "@@@", "   "), nil
	}
	lowerMap := func(src, name string) (string, string, error) {
		maps.Add(1)
		code, err := lower(src, name)
		// each line's first column is the original's
		return code, "AAAA" + strings.Repeat(";AACA", strings.Count(code, "\n")), err
	}
	const markup = "<!doctype html><body><script>\nfunction sharedMapProbe(a) { return a }\n@@@</script>"
	for i := range 3 {
		doc, err := dom.Parse(strings.NewReader(markup))
		if err != nil {
			t.Fatal(err)
		}
		l := loop.New(goja.New(), loop.Options{Deterministic: true})
		w, err := New(l, doc, Config{URL: "https://example.test/shared-map", Lower: lower, LowerSourceMap: lowerMap})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		v, err := w.RunScript("check.js", "sharedMapProbe.toString()")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := v.String(), "function sharedMapProbe(a) { return a }"; got != want {
			t.Errorf("page %d: toString = %q, want %q", i, got, want)
		}
	}
	if n := maps.Load(); n != 1 {
		t.Errorf("the script was lowered with a map %d times for three pages, want 1", n)
	}
}
