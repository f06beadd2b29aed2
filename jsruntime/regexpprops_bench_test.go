package jsruntime

import (
	"strconv"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// propertyRegExpRuntime is a runtime with webapi's RegExp constructor (and
// so this package's v-flag translation and property-escape expansion).
func propertyRegExpRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	rt := goja.New()
	realm := bind.NewRealm(rt)
	if err := webapi.InstallPolyfills(rt); err != nil {
		tb.Fatal(err)
	}
	if err := webapi.InstallRegExpConstructor(realm); err != nil {
		tb.Fatal(err)
	}
	return rt
}

// propertyRegExpSeq numbers BenchmarkPropertyRegExp's patterns, distinct
// in each run of the benchmark (the constructor's cache is process-wide).
var propertyRegExpSeq int

// BenchmarkPropertyRegExp is shiki's JavaScript engine: oniguruma-to-es
// translates each grammar rule to a v-flag pattern whose word classes are
// unions of property escapes, here with a lookbehind (which goja leaves to
// regexp2) and without one (goja's Go regexp engine), each compiled once
// (a new pattern each iteration, past the constructor's cache) and run
// over a line of code (two calls: fooBar and call).
func BenchmarkPropertyRegExp(b *testing.B) {
	const text = "const déjà = fooBar(αβγ, 42) + other_name.call(this, \"str\");"
	for _, c := range []struct{ name, pattern, flags string }{
		{"regexp2-v", `(?<![\p{L}\p{M}\p{N}\p{Pc}$])[\p{Alpha}_$][\p{L}\p{M}\p{N}\p{Pc}$]*(?=\s*\()`, "dgv"},
		{"regexp2-u", `(?<![\p{L}\p{M}\p{N}\p{Pc}$])[\p{Alpha}_$][\p{L}\p{M}\p{N}\p{Pc}$]*(?=\s*\()`, "dgu"},
		{"re2-v", `[\p{Alpha}_$][\p{L}\p{M}\p{N}\p{Pc}$]*\s*\(`, "gv"},
	} {
		b.Run(c.name, func(b *testing.B) {
			rt := propertyRegExpRuntime(b)
			rt.Set("text", text)
			rt.Set("flags", c.flags)
			mk, err := rt.RunString(`(function (p) { const re = new RegExp(p, flags); let n = 0; for (let i = 0; i < 20; i++) { re.lastIndex = 0; while (re.exec(text)) n++; } return n; })`)
			if err != nil {
				b.Fatal(err)
			}
			run, _ := goja.AssertFunction(mk)
			b.ReportAllocs()
			for b.Loop() {
				propertyRegExpSeq++
				v, err := run(nil, rt.ToValue(c.pattern+`|x`+strconv.Itoa(propertyRegExpSeq)+`y`))
				if err != nil {
					b.Fatal(err)
				}
				if v.ToInteger() != 40 {
					b.Fatalf("%d matches, want 40", v.ToInteger())
				}
			}
		})
	}
}
