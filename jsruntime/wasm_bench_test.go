package jsruntime

import (
	"encoding/base64"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// wasmBenchModules are real modules: hash-wasm's SHA-256 and BLAKE3
// (small, hand-written) and tree-sitter's debug build (841 KB, Emscripten).
func wasmBenchModules(tb testing.TB) map[string][]byte {
	out := map[string][]byte{}
	js, err := os.ReadFile("../testdata/node_modules/hash-wasm/dist/index.umd.js")
	if err != nil {
		tb.Skip("npm ci --prefix testdata first")
	}
	re := regexp.MustCompile(`var name\$\w+ = "(\w+)";\s*var data\$\w+ = "([A-Za-z0-9+/=]+)"`)
	for _, m := range re.FindAllStringSubmatch(string(js), -1) {
		if m[1] == "sha256" || m[1] == "blake3" {
			b, err := base64.StdEncoding.DecodeString(m[2])
			if err != nil {
				tb.Fatal(err)
			}
			out["hashwasm-"+m[1]] = b
		}
	}
	b, err := os.ReadFile("../testdata/node_modules/web-tree-sitter/debug/web-tree-sitter.wasm")
	if err != nil {
		tb.Skip("npm ci --prefix testdata first")
	}
	out["treesitter-debug"] = b
	// a module importing 100 functions from "env" (as wasm-bindgen's and
	// Emscripten's output import their glue)
	imp := []byte{100}
	for i := 0; i < 100; i++ {
		name := "f" + strconv.Itoa(i)
		imp = append(imp, 3, 'e', 'n', 'v', byte(len(name)))
		imp = append(imp, name...)
		imp = append(imp, 0, 0)
	}
	m := []byte{0, 'a', 's', 'm', 1, 0, 0, 0, 1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f, 2}
	m = append(m, byte(len(imp)|0x80), byte(len(imp)>>7))
	out["imports100"] = append(m, imp...)
	if len(out) != 4 {
		tb.Fatalf("found %d modules", len(out))
	}
	return out
}

// BenchmarkWasmModule: new WebAssembly.Module of real modules (compiled
// code comes from the process's cache after the first), and an instance
// of hash-wasm's modules.
func BenchmarkWasmModule(b *testing.B) {
	mods := wasmBenchModules(b)
	for _, name := range []string{"hashwasm-sha256", "hashwasm-blake3", "treesitter-debug", "imports100"} {
		bin := mods[name]
		nums := make([]string, len(bin))
		for i, c := range bin {
			nums[i] = strconv.Itoa(int(c))
		}
		p := newPage(b, `<!doctype html><script>var bytes = new Uint8Array([`+strings.Join(nums, ",")+`]); var m = new WebAssembly.Module(bytes);</script>`, nil)
		p.run()
		p.noErrors()
		b.Run("compile/"+name, func(b *testing.B) {
			for b.Loop() {
				if _, err := p.w.RunScript("b.js", "new WebAssembly.Module(bytes)"); err != nil {
					b.Fatal(err)
				}
			}
		})
		if name != "treesitter-debug" {
			p.eval(`var env = {}; for (var i = 0; i < 100; i++) env['f' + i] = function (x) { return x; };`)
			b.Run("instantiate/"+name, func(b *testing.B) {
				for b.Loop() {
					if _, err := p.w.RunScript("b.js", "new WebAssembly.Instance(m, {env: env})"); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkWasmRewrite: reading and rewriting tree-sitter's 841 KB module
// for linking (linear in its size; wazero's compile of it takes ~15 ms).
func BenchmarkWasmRewrite(b *testing.B) {
	bin := wasmBenchModules(b)["treesitter-debug"]
	b.SetBytes(int64(len(bin)))
	for b.Loop() {
		l, err := wasmParse(bin)
		if err != nil || !l.needsRewrite() {
			b.Fatal(err)
		}
		wasmRewrite(bin, l)
	}
}
