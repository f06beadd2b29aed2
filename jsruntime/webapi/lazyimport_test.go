package webapi

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// recordingLoader serves modules from a map and records the URLs loaded.
type recordingLoader struct {
	mapLoader
	urls []string
}

func (m *recordingLoader) load(ctx context.Context, url string) ([]byte, error) {
	m.mu.Lock()
	m.urls = append(m.urls, url)
	m.mu.Unlock()
	return m.mapLoader.load(ctx, url)
}

// runWithImport runs a bundle in a fresh runtime whose __bangsnapImport
// records its calls (specifier and importer) and returns the runtime.
func runWithImport(t *testing.T, code string) (*goja.Runtime, []string) {
	t.Helper()
	rt := goja.New()
	var calls []string
	_ = rt.Set("__bangsnapImport", func(spec, base string) goja.Value {
		calls = append(calls, spec+" from "+base)
		p, _, _ := rt.NewPromise()
		return rt.ToValue(p)
	})
	if _, err := rt.RunString(code); err != nil {
		t.Fatalf("run: %v\n%s", err, code)
	}
	return rt, calls
}

// TestBundleLazy: a lazy bundle leaves out the modules reached only
// through import() with a string specifier (it never loads them), calls
// __bangsnapImport for them with the specifier as written and the
// importer's URL, and registers its modules' namespaces for the chunks
// they will load (in one esbuild pass: the entry calls import()). Typed
// (JSON) imports stay in; an import() of a module of the static graph
// finds it in the registry.
func TestBundleLazy(t *testing.T) {
	files := map[string]string{
		"https://app.test/js/entry.js": `import { a } from "./a.js";
			globalThis.result = a;
			globalThis.lazy = import("./lazy.js");
			globalThis.again = import("./a.js");
			globalThis.data = import("./data.json", { with: { type: "json" } });`,
		"https://app.test/js/a.js":      `export const a = "a";`,
		"https://app.test/js/lazy.js":   `export default "lazy module text";`,
		"https://app.test/js/data.json": `{"n": 1}`,
	}
	entry := ModuleEntry{URL: "https://app.test/js/entry.js"}

	m := &recordingLoader{mapLoader: mapLoader{files: files}}
	b := NewBundler(4)
	entry.Lazy = true
	code, err := b.Bundle(context.Background(), entry, m.load)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(m.urls, "https://app.test/js/lazy.js") || strings.Contains(code, "lazy module text") {
		t.Errorf("the lazy module was loaded or bundled: loads %q\n%s", m.urls, code)
	}
	if !slices.Contains(m.urls, "https://app.test/js/data.json") {
		t.Errorf("the JSON module of import() with a type was left out: loads %q", m.urls)
	}
	if n := b.passes.Load(); n != 1 {
		t.Errorf("esbuild passes = %d, want 1", n)
	}
	rt, calls := runWithImport(t, code)
	want := []string{
		"./lazy.js from https://app.test/js/entry.js",
		"./a.js from https://app.test/js/entry.js",
	}
	if !slices.Equal(calls, want) {
		t.Errorf("__bangsnapImport calls = %q, want %q", calls, want)
	}
	if v, err := rt.RunString(`[...globalThis.__bangsnapModules.keys()].sort().join(" ") + " " + globalThis.__bangsnapModules.get("https://app.test/js/a.js").a`); err != nil ||
		v.String() != "https://app.test/js/a.js https://app.test/js/entry.js a" {
		t.Errorf("registry: %v %v", v, err)
	}

	// Not lazy (a worker's module graph): bundled in, one pass.
	m = &recordingLoader{mapLoader: mapLoader{files: files}}
	b = NewBundler(4)
	entry.Lazy = false
	code, err = b.Bundle(context.Background(), entry, m.load)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(code, "lazy module text") || b.passes.Load() != 1 {
		t.Errorf("eager bundle: passes %d, lazy module in: %v", b.passes.Load(), strings.Contains(code, "lazy module text"))
	}
	if _, calls := runWithImport(t, code); len(calls) != 0 {
		t.Errorf("eager bundle calls __bangsnapImport: %q", calls)
	}
}

// TestBundleLazyPasses: a lazy graph without import() takes one esbuild
// pass and registers nothing; one whose import() is in a module the entry
// imports takes two, the second registering; one whose entry has "import("
// in a comment only takes two, the second without registration; a chunk
// takes one pass, registers its modules and reads those the page ran from
// the registry.
func TestBundleLazyPasses(t *testing.T) {
	files := map[string]string{
		"https://app.test/plain.js":  `import { a } from "./a.js"; globalThis.result = a;`,
		"https://app.test/a.js":      `export const a = "a";`,
		"https://app.test/chunk.js":  `import { a } from "./a.js"; export const b = a + "b"; export const next = () => import("./other.js");`,
		"https://app.test/deep.js":   `import { a } from "./a.js"; import "./router.js"; globalThis.result = a;`,
		"https://app.test/router.js": `export const route = () => import("./page.js");`,
		"https://app.test/comment.js": `// import("./page.js") is not called here
			import { a } from "./a.js"; globalThis.result = a;`,
	}
	m := &recordingLoader{mapLoader: mapLoader{files: files}}
	b := NewBundler(4)
	code, err := b.Bundle(context.Background(), ModuleEntry{URL: "https://app.test/plain.js", Lazy: true}, m.load)
	if err != nil {
		t.Fatal(err)
	}
	if b.passes.Load() != 1 || strings.Contains(code, "__bangsnapModules") {
		t.Errorf("graph without import(): %d passes, registers: %v", b.passes.Load(), strings.Contains(code, "__bangsnapModules"))
	}

	for _, tc := range []struct {
		url      string
		passes   int64
		register bool
	}{
		{"https://app.test/deep.js", 2, true},
		{"https://app.test/comment.js", 2, false},
	} {
		b.passes.Store(0)
		code, err := b.Bundle(context.Background(), ModuleEntry{URL: tc.url, Lazy: true}, m.load)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(code, "__bangsnapModules"); b.passes.Load() != tc.passes || got != tc.register {
			t.Errorf("%s: %d passes (want %d), registers: %v (want %v)", tc.url, b.passes.Load(), tc.passes, got, tc.register)
		}
	}

	b.passes.Store(0)
	code, err = b.Bundle(context.Background(), ModuleEntry{URL: "https://app.test/chunk.js", Loaded: []string{"https://app.test/a.js"}}, m.load)
	if err != nil {
		t.Fatal(err)
	}
	if b.passes.Load() != 1 {
		t.Errorf("chunk: %d esbuild passes, want 1", b.passes.Load())
	}
	rt := goja.New()
	if _, err := rt.RunString(`globalThis.__bangsnapModules = new Map([["https://app.test/a.js", { a: "A" }]]);`); err != nil {
		t.Fatal(err)
	}
	var calls []string
	_ = rt.Set("__bangsnapImport", func(spec, base string) goja.Value {
		calls = append(calls, spec+" from "+base)
		return goja.Undefined()
	})
	if _, err := rt.RunString(code); err != nil {
		t.Fatalf("run: %v\n%s", err, code)
	}
	v, err := rt.RunString(`const ns = globalThis.__bangsnapModules.get("https://app.test/chunk.js"); ns.next(); ns.b`)
	if err != nil || v.String() != "Ab" {
		t.Errorf("chunk's namespace: %v %v\n%s", v, err, code)
	}
	if want := []string{"./other.js from https://app.test/chunk.js"}; !slices.Equal(calls, want) {
		t.Errorf("__bangsnapImport calls = %q, want %q", calls, want)
	}
}
