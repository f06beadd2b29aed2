package jsruntime

import (
	"testing"
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
