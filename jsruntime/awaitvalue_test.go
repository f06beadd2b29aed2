package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
)

func TestLowerAwaits(t *testing.T) {
	cases := []struct {
		src  string
		want int
	}{
		{`var a = 1;`, 0},
		{`var s = "await"; function f() { return s; }`, 0},
		{`async function f(x) { return await x; }`, 1},
		{`var g = async () => [await a, await (await b)]; var h = 1;`, 3},
		{`async function f() { for (const x of xs) { if (x) { await x; } } }`, 1},
	}
	for _, tc := range cases {
		prg, err := parseScript("t.js", tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		if got := lowerAwaits(prg, tc.src); got != tc.want {
			t.Errorf("%s: lowered %d awaits, want %d", tc.src, got, tc.want)
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%s: compile: %v", tc.src, err)
		}
	}
}

// BenchmarkAwaitLowered compares awaits of a promise and of a number with
// and without the rewrite (compiled once, run in a fresh runtime).
func BenchmarkAwaitLowered(b *testing.B) {
	src := `(async function () { let s = 0; const p = Promise.resolve(1); for (let i = 0; i < 20000; i++) { s += await p; s += await i; } globalThis.out = s; })();`
	for _, lower := range []bool{false, true} {
		name := "native"
		if lower {
			name = "lowered"
		}
		b.Run(name, func(b *testing.B) {
			prg, err := parseScript("b.js", src)
			if err != nil {
				b.Fatal(err)
			}
			if lower {
				lowerAwaits(prg, src)
			}
			p, err := goja.CompileAST(prg, false)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				rt := goja.New()
				if err := installAwaitValueHelper(rt); err != nil {
					b.Fatal(err)
				}
				if _, err := rt.RunProgram(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
