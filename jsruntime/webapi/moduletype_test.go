package webapi

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// typedLoader serves modules from a map and records the module type each
// load asks for, as url+" "+type; a module its map gives a type to
// (types) fails to load as any other type, as the page's loader's MIME
// type check makes it.
type typedLoader struct {
	files map[string]string
	types map[string]string

	mu    sync.Mutex
	loads []string
}

func (l *typedLoader) load(ctx context.Context, url string) ([]byte, error) {
	typ := ModuleTypeOf(ctx)
	l.mu.Lock()
	l.loads = append(l.loads, url+" "+typ)
	l.mu.Unlock()
	if want := l.types[url]; want != typ {
		return nil, fmt.Errorf("%s is a %q module, loaded as %q", url, want, typ)
	}
	return []byte(l.files[url]), nil
}

func TestBundleModuleTypes(t *testing.T) {
	l := &typedLoader{
		files: map[string]string{
			"https://app.test/a.js":    `import d from "./d.json" with { type: "json" }; export const a = d.n;`,
			"https://app.test/d.json":  `{"n": 7}`,
			"https://app.test/s.css":   `p { color: red }`,
			"https://app.test/stub.js": `globalThis.CSSStyleSheet = function () {}; CSSStyleSheet.prototype.replaceSync = function (t) { this.text = t; };`,
			"https://app.test/n.js":    `export const n = "js";`,
		},
		types: map[string]string{"https://app.test/d.json": ModuleJSON, "https://app.test/s.css": ModuleCSS},
	}
	src := `import "./stub.js"; import { a } from "./a.js"; import s from "./s.css" with { type: "css" }; import { n } from "./n.js";
globalThis.result = a + " " + s.text + " " + n;`
	for _, lazy := range []bool{false, true} {
		// A lazy entry with an import() registers each module's
		// namespace: a CSS module imports itself with its type.
		entrySrc := src
		if lazy {
			entrySrc += `import("./a.js");`
		}
		l.loads = nil
		b := NewBundler(4)
		entry := ModuleEntry{URL: "https://app.test/", Source: []byte(entrySrc), Lazy: lazy}
		code, err := b.Bundle(context.Background(), entry, l.load)
		if err != nil {
			t.Fatalf("lazy %v: %v", lazy, err)
		}
		if got := runScript(t, "globalThis.__bangsnapImport = () => Promise.resolve();\n"+code); got != "7 p { color: red } js" {
			t.Errorf("lazy %v: result %q", lazy, got)
		}
		slices.Sort(l.loads)
		want := []string{"https://app.test/a.js ", "https://app.test/d.json json", "https://app.test/n.js ", "https://app.test/s.css css", "https://app.test/stub.js "}
		if !slices.Equal(l.loads, want) {
			t.Errorf("lazy %v: loads %q, want %q", lazy, l.loads, want)
		}
		// The cached bundle's check loads each module again as its type.
		l.loads = nil
		if _, err := b.Bundle(context.Background(), entry, l.load); err != nil {
			t.Fatalf("lazy %v: cached: %v", lazy, err)
		}
		slices.Sort(l.loads)
		if !slices.Equal(l.loads, want) || b.builds.Load() != 1 {
			t.Errorf("lazy %v: cached bundle: loads %q, builds %d", lazy, l.loads, b.builds.Load())
		}
	}
}
