package jsruntime

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// FuzzParseDeclarations: style attributes come from pages; parsing and
// re-serializing must never panic, and serialization must be stable.
func FuzzParseDeclarations(f *testing.F) {
	for _, s := range []string{"color: red", "a:b;c:d !important", "background: url('x;y')", "x", ";;", "--v: {a;b}", "/* c */ width: 1px"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := serializeDeclarations(parseDeclarations(s))
		if twice := serializeDeclarations(parseDeclarations(once)); twice != once {
			t.Fatalf("not stable: %q -> %q -> %q", s, once, twice)
		}
	})
}

// FuzzXPath: expressions come from pages; compiling and evaluating must
// never panic.
func FuzzXPath(f *testing.F) {
	for _, s := range []string{"//p", ".//*[@*[starts-with(name(), 'hx-on:')]]", "count(//a) + 1", "//p[2]/..", "(//a | //b)[last()]", "//[", "substring('abc', 2)"} {
		f.Add(s)
	}
	doc, err := dom.Parse(strings.NewReader(`<div id="r"><p a="1">x</p><b>y</b><!--c--></div>`))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := compileXPath(s)
		if err != nil {
			return
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(error); !ok {
						t.Fatalf("%q: panic %v", s, r)
					}
				}
			}()
			e(xctx{node: xnode{&doc.Node, -1}, pos: 1, size: 1})
		}()
	})
}
