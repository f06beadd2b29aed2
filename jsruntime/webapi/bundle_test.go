package webapi

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/dop251/goja"
)

// mapLoader serves modules from a map and counts loads.
type mapLoader struct {
	mu    sync.Mutex
	files map[string]string
	loads int
}

func (m *mapLoader) load(ctx context.Context, url string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.loads++
	src, ok := m.files[url]
	if !ok {
		return nil, fmt.Errorf("404 %s", url)
	}
	return []byte(src), nil
}

// runScript runs a classic script in a fresh goja runtime and returns
// globalThis.result after the promise jobs have run.
func runScript(t *testing.T, code string) string {
	t.Helper()
	rt := goja.New()
	if err := InstallAsyncGenerators(rt); err != nil { // lowered async generators call it
		t.Fatal(err)
	}
	if _, err := rt.RunString(code); err != nil {
		t.Fatalf("run: %v\n%s", err, code)
	}
	return rt.Get("result").String()
}

func TestBundle(t *testing.T) {
	files := map[string]string{
		"https://app.test/js/a.js":         `import { b } from "../lib/b.js"; import data from "./data.json"; export const a = "a" + b + data.n; export const here = import.meta.url;`,
		"https://app.test/lib/b.js":        `export const b = "b";`,
		"https://app.test/js/data.json":    `{"n": 1}`,
		"https://app.test/js/lazy.js":      `export default "lazy";`,
		"https://cdn.test/pkg/index.js":    `export const pkg = "pkg";`,
		"https://cdn.test/pkg/extra.js":    `export const extra = "extra";`,
		"https://app.test/js/entry.js":     `import { a } from "./a.js"; globalThis.result = a;`,
		"https://app.test/js/agen.js":      `async function* gen() { yield 1; yield 2; } export async function sum() { let s = 0; for await (const x of gen()) s += x; return s; }`,
		"https://app.test/js/bad.js":       `export const x = ;`,
		"https://app.test/js/tla.js":       `export const t = await Promise.resolve("tla");`,
		"https://app.test/js/bare.js":      `import React from "react"; globalThis.result = React;`,
		"https://app.test/js/missing.js":   `import "./nope.js";`,
		"https://cdn.test/pkg/scoped.js":   `import { extra } from "pkg"; export const scoped = extra;`,
		"https://app.test/js/sheetstub.js": `globalThis.CSSStyleSheet = function () {}; CSSStyleSheet.prototype.replaceSync = function (t) { this.text = t; };`,
		"https://app.test/js/s.css":        ".a { content: \"\\2014\" }\n",
	}
	cases := []struct {
		name    string
		entry   ModuleEntry
		want    string
		wantErr string
	}{
		{"inline entry with relative, json and import.meta",
			ModuleEntry{URL: "https://app.test/page.html", Source: []byte(`import { a, here } from "./js/a.js"; globalThis.result = a + " " + here + " " + import.meta.url;`)},
			"ab1 https://app.test/js/a.js https://app.test/page.html", ""},
		{"external entry", ModuleEntry{URL: "https://app.test/js/entry.js"}, "ab1", ""},
		{"dynamic import is bundled",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import("./js/lazy.js").then(m => { globalThis.result = m.default; });`)},
			"lazy", ""},
		{"async generators and for await are lowered",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import { sum } from "/js/agen.js"; sum().then(s => { globalThis.result = String(s); });`)},
			"3", ""},
		{"import map exact and prefix",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import { pkg } from "pkg"; import { extra } from "pkg/extra.js"; globalThis.result = pkg + extra;`),
				ImportMap: &ImportMap{Imports: map[string]string{"pkg": "https://cdn.test/pkg/index.js", "pkg/": "https://cdn.test/pkg/"}}},
			"pkgextra", ""},
		{"import map scope for the modules under it",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import { pkg } from "pkg"; import { scoped } from "https://cdn.test/pkg/scoped.js"; globalThis.result = pkg + " " + scoped;`),
				ImportMap: &ImportMap{Imports: map[string]string{"pkg": "https://cdn.test/pkg/index.js"}, Scopes: map[string]map[string]string{"https://cdn.test/pkg/": {"pkg": "https://cdn.test/pkg/extra.js"}}}},
			"pkg extra", ""},
		{"a CSS module script is a constructed sheet",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import "./js/sheetstub.js"; import sheet from "./js/s.css" with { type: "css" }; globalThis.result = (sheet instanceof CSSStyleSheet) + " " + sheet.text;`)},
			"true .a { content: \"\\2014\" }\n", ""},
		{"top-level await",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import { b } from "./lib/b.js"; const v = await Promise.resolve(b); export const unused = 1; globalThis.result = v + import.meta.url;`)},
			"bhttps://app.test/", ""},
		{"top-level await in a dependency",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import { t } from "./js/tla.js"; globalThis.result = t;`)},
			"tla", ""},
		{"a module without imports or exports: this is undefined",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`globalThis.result = String(this === undefined);`)},
			"true", ""},
		{"syntax error", ModuleEntry{URL: "https://app.test/js/bad.js"}, "", "bad.js:1:"},
		{"import() of a bare specifier rejects when it runs",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`globalThis.result = "pending"; import("nowhere").then(() => { globalThis.result = "loaded"; }, (e) => { globalThis.result = e.name + ": " + e.message; });`)},
			`TypeError: Failed to resolve module specifier "nowhere". Relative references must start with either "/", "./", or "../".`, ""},
		{"import() of a missing module rejects when it runs",
			ModuleEntry{URL: "https://app.test/", Source: []byte(`import("./js/nope.js").catch((e) => { globalThis.result = e.name; });`)},
			"TypeError", ""},
		{"bare specifier", ModuleEntry{URL: "https://app.test/js/bare.js"}, "", "bare module specifier"},
		{"missing module", ModuleEntry{URL: "https://app.test/js/missing.js"}, "", "404 https://app.test/js/nope.js"},
		{"missing entry", ModuleEntry{URL: "https://app.test/none.js"}, "", "404"},
		{"no URL", ModuleEntry{Source: []byte("1")}, "", "no URL"},
	}
	b := NewBundler(0)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := &mapLoader{files: files}
			code, err := b.Bundle(context.Background(), tc.entry, m.load)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := runScript(t, code); got != tc.want {
				t.Errorf("result = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestBundleCache(t *testing.T) {
	m := &mapLoader{files: map[string]string{
		"https://app.test/a.js": `export const a = 1;`,
	}}
	b := NewBundler(4)
	entry := ModuleEntry{URL: "https://app.test/", Source: []byte(`import { a } from "./a.js"; globalThis.result = a;`)}
	ctx := context.Background()
	first, err := b.Bundle(ctx, entry, m.load)
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Bundle(ctx, entry, m.load)
	if err != nil {
		t.Fatal(err)
	}
	if first != second || b.builds.Load() != 1 {
		t.Fatalf("second bundle of unchanged graph ran esbuild again (builds=%d)", b.builds.Load())
	}
	// A changed dependency invalidates the cached bundle.
	m.files["https://app.test/a.js"] = `export const a = 2;`
	third, err := b.Bundle(ctx, entry, m.load)
	if err != nil {
		t.Fatal(err)
	}
	if b.builds.Load() != 2 || runScript(t, third) != "2" {
		t.Fatalf("changed dependency not rebuilt: builds=%d result=%s", b.builds.Load(), runScript(t, third))
	}
}

func TestLower(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"async generator", `async function* g(){ yield 1; yield 2 } (async () => { let s = 0; for await (const x of g()) s += x; globalThis.result = String(s) })()`, "3"},
		{"for await over array of promises", `(async () => { let s = ""; for await (const x of [Promise.resolve("a"), "b"]) s += x; globalThis.result = s })()`, "ab"},
		// asyncgen.go marks the lowered functions.
		{"async generators are AsyncGeneratorFunctions", `async function* g(){} class C { async *m(){} static async *[Symbol.asyncIterator](){} } var o = { async *n(){} }; var e = async function*(){}; const AG = (async function*(){}).constructor; let t = false; try { new g() } catch (x) { t = x instanceof TypeError } globalThis.result = [AG !== Function, g instanceof AG, C.prototype.m instanceof AG, C[Symbol.asyncIterator] instanceof AG, o.n instanceof AG, e instanceof AG, e.name, (function(){}) instanceof AG, Object.prototype.toString.call(g()), Object.getPrototypeOf(g()) === g.prototype, Object.getPrototypeOf(e()) === e.prototype, t, Object.getPrototypeOf(new C().m()) === C.prototype.m.prototype, Object.getPrototypeOf(o.n()) === o.n.prototype].join()`, "true,true,true,true,true,true,e,false,[object AsyncGenerator],true,true,true,true,true"},
		{"top-level names stay global", `async function* g(){ yield 5 } var kept = 1; g().next().then(r => { globalThis.result = String(r.value + kept) })`, "6"},
		// goja's parser takes these field names for accessor and async
		// method prefixes; the fields are lowered into the constructor.
		{"class fields named get, set and async", `class V { #v = 4; get = () => this.#v; set = (v) => { this.#v = v }; async = 1; static get = 2 } const v = new V(); v.set(v.get() + V.get + v.async); globalThis.result = String(v.get()) + Object.keys(v)`, "7get,set,async"},
	}
	b := NewBundler(0)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := goja.Compile("x.js", tc.src, false); err == nil {
				t.Fatalf("goja compiles %q; the test no longer shows lowering", tc.src)
			}
			code, err := b.Lower(tc.src, "https://app.test/x.js")
			if err != nil {
				t.Fatal(err)
			}
			if got := runScript(t, code); got != tc.want {
				t.Errorf("result = %q, want %q", got, tc.want)
			}
		})
	}
	// Class fields stay native (faster in goja) when nothing needs them lowered.
	if code, err := b.Lower(`async function* g(){} class K { x = 1; static y = 2 }`, "https://app.test/k.js"); err != nil || !strings.Contains(code, "x = 1") || !strings.Contains(code, "static y = 2") {
		t.Errorf("Lower(class fields, async generator) = %q, %v; want the class fields kept", code, err)
	}
	if _, err := b.Lower("let = ;", "https://app.test/bad.js"); err == nil || !strings.Contains(err.Error(), "bad.js:1:") {
		t.Errorf("Lower(bad) err = %v", err)
	}
}

// TestGojaLacksSyntax pins what gojaSupported claims: each feature marked
// unsupported fails to compile in goja, so lowering is needed for it.
func TestGojaLacksSyntax(t *testing.T) {
	for feature, src := range map[string]string{
		"async-generator":      `(async function*(){})`,
		"for-await":            `(async function(){ for await (const x of []) {} })`,
		"using":                `{ using x = null }`,
		"regexp-match-indices": `/a/d`,
		"regexp-set-notation":  `/[a--b]/v`,
	} {
		if _, err := goja.Compile("x.js", src, false); err == nil {
			t.Errorf("goja now compiles %s (%s): drop it from gojaSupported", feature, src)
		}
		if gojaSupported[feature] {
			t.Errorf("gojaSupported[%q] should be false", feature)
		}
	}
}

func BenchmarkBundleCacheHit(b *testing.B) {
	m := &mapLoader{files: map[string]string{
		"https://app.test/a.js": "export const a = 1;\n" + strings.Repeat("// filler line of a module\n", 500),
		"https://app.test/b.js": `import { a } from "./a.js"; export const b = a + 1;`,
	}}
	bu := NewBundler(0)
	entry := ModuleEntry{URL: "https://app.test/", Source: []byte(`import { b } from "./b.js"; globalThis.result = b;`)}
	ctx := context.Background()
	if _, err := bu.Bundle(ctx, entry, m.load); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bu.Bundle(ctx, entry, m.load); err != nil {
			b.Fatal(err)
		}
	}
	if bu.builds.Load() != 1 {
		b.Fatalf("cache missed: %d builds", bu.builds.Load())
	}
}

func BenchmarkBundleMiss(b *testing.B) {
	m := &mapLoader{files: map[string]string{
		"https://app.test/b.js": `export const b = 1;`,
	}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		bu := NewBundler(0)
		entry := ModuleEntry{URL: "https://app.test/", Source: []byte(`import { b } from "./b.js"; globalThis.result = b;`)}
		if _, err := bu.Bundle(ctx, entry, m.load); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBundleConcurrent bundles from many goroutines at once, sharing one
// Bundler and its caches (run with -race).
func TestBundleConcurrent(t *testing.T) {
	m := &mapLoader{files: map[string]string{
		"https://app.test/a.js": `export const a = "A";`,
		"https://app.test/b.js": `import { a } from "./a.js"; export const b = a + "B";`,
	}}
	b := NewBundler(4)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			src := fmt.Sprintf(`import { b } from "./b.js"; globalThis.result = b + %d;`, i%3)
			code, err := b.Bundle(context.Background(), ModuleEntry{URL: "https://app.test/", Source: []byte(src)}, m.load)
			if err == nil && !strings.Contains(code, `"B"`) {
				err = fmt.Errorf("bundle %d lacks b.js: %s", i, code)
			}
			if err != nil {
				errs <- err
			}
			if _, err := b.Lower("async function* g(){}", "x.js"); err != nil {
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := b.builds.Load(); n < 3 || n > 16 {
		t.Errorf("%d esbuild runs for 3 distinct graphs", n)
	}
}

// BenchmarkLower measures Lower uncached (a new Bundler each time) on 200
// classes: one esbuild pass when async generators are all goja lacks, and
// the class-field fallback (esbuild, a goja parse that fails, esbuild
// again) when fields are named get and set, as in Ember's TrackedValue.
func BenchmarkLower(b *testing.B) {
	for _, bc := range []struct{ name, class string }{
		{"async generators", "class T%d { #v = %d; async *items() { yield this.#v } peek() { return this.#v } }\n"},
		{"fields named get and set", "class T%d { #v = %d; get = () => this.#v; set = (v) => { this.#v = v }; peek() { return this.#v } }\n"},
		// 400 template caches and chain operands at top level (lowertemps.go)
		{"top-level templates", "class T%d { async *items() { yield 1 } }\nvar t%d = String.raw`a${T0?.name}b`;\n"},
	} {
		var sb strings.Builder
		for i := range 200 {
			fmt.Fprintf(&sb, bc.class, i, i)
		}
		src := sb.String()
		if _, err := goja.Compile("t.js", src, false); err == nil {
			b.Fatalf("%s: goja compiles it; nothing to lower", bc.name)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewBundler(0).Lower(src, "https://app.test/t.js"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestLowerClassicImport checks that import() in a lowered classic script
// calls the page's __bangsnapImport with the specifier and the script's
// URL (the same bytes at two URLs share the cached lowering but not the
// base), and that the namespace objects of a bundle read "[object Module]".
func TestLowerClassicImport(t *testing.T) {
	src := `(async () => { const m = await import("./m.js"); const n = await import(pick("n")); globalThis.result = m.v + n.v; })();
		var pick = (s) => "./" + s + ".js"; var text = "import(";`
	b := NewBundler(0)
	for _, base := range []string{"https://app.test/a/x.js", "https://app.test/b/y.js"} {
		code, err := b.Lower(src, base)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(code, "require(") {
			t.Errorf("lowered import() still requires:\n%s", code)
		}
		rt := goja.New()
		var calls []string
		rt.Set("__bangsnapImport", func(spec, importer string) *goja.Promise {
			calls = append(calls, spec+" from "+importer)
			p, resolve, _ := rt.NewPromise()
			ns := rt.NewObject()
			ns.Set("v", spec)
			resolve(ns)
			return p
		})
		if _, err := rt.RunString(code); err != nil {
			t.Fatalf("run: %v\n%s", err, code)
		}
		want := []string{"./m.js from " + base, "./n.js from " + base}
		if fmt.Sprint(calls) != fmt.Sprint(want) {
			t.Errorf("imports: got %q, want %q", calls, want)
		}
		if got := rt.Get("result").String(); got != "./m.js./n.js" {
			t.Errorf("result = %q", got)
		}
		if got := rt.Get("text").String(); got != "import(" {
			t.Errorf("a string holding import( changed: %q", got)
		}
	}

	files := &mapLoader{files: map[string]string{
		"https://app.test/ns.js": `import * as ns from "./lib.js"; globalThis.result = Object.prototype.toString.call(ns) + ns.target + Object.keys(ns);`,
		// a top-level name that esbuild's helper parameter would take
		"https://app.test/lib.js": `export const target = 1; var name = 2; export { name };`,
	}}
	code, err := b.Bundle(context.Background(), ModuleEntry{URL: "https://app.test/ns.js", Source: []byte(files.files["https://app.test/ns.js"])}, files.load)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := runScript(t, code), "[object Module]1name,target"; got != want {
		t.Errorf("namespace: got %q, want %q\n%s", got, want, code)
	}
}

// TestBundleReleasesLoader: once Bundle returns, nothing keeps its loader
// (in a page, the page itself) reachable, although esbuild holds a
// finished build's options, our plugin among them, for 250 ms more.
func TestBundleReleasesLoader(t *testing.T) {
	b := NewBundler(8)
	collected := make(chan struct{})
	func() {
		m := &mapLoader{files: map[string]string{
			"https://app.test/entry.js": `import { a } from "./a.js"; globalThis.result = a;`,
			"https://app.test/a.js":     `export const a = "a";`,
		}}
		runtime.AddCleanup(m, func(ch chan struct{}) { close(ch) }, collected)
		code, err := b.Bundle(context.Background(), ModuleEntry{URL: "https://app.test/entry.js"}, m.load)
		if err != nil {
			t.Fatal(err)
		}
		if got := runScript(t, code); got != "a" {
			t.Fatalf("result %q, want a", got)
		}
	}()
	// A few collections take well under esbuild's 250 ms (on a starved
	// machine they may not, and the test then passes without proving much;
	// it never fails for being slow).
	for range 10 {
		runtime.GC()
		select {
		case <-collected:
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
	t.Fatal("the loader is still reachable after Bundle returned")
}

// TestBundleModuleDepth: a chain of static imports deeper than
// MaxModuleDepth throws a RangeError when the graph runs, before any of
// its modules runs, as Chromium's recursive module evaluation overflows;
// a chain within the limit loads.
func TestBundleModuleDepth(t *testing.T) {
	chain := func(n int) map[string]string {
		files := map[string]string{}
		for i := range n {
			files[fmt.Sprintf("https://app.test/m%d.js", i)] = fmt.Sprintf(`import d from "./m%d.js"; globalThis.ran = (globalThis.ran || 0) + 1; export default d + 1;`, i+1)
		}
		files[fmt.Sprintf("https://app.test/m%d.js", n)] = `export default 0;`
		return files
	}
	entry := ModuleEntry{URL: "https://app.test/", Source: []byte(`import("./m0.js").then((m) => { globalThis.result = "depth " + m.default; }, (e) => { globalThis.result = e.name + ": " + e.message + ", ran " + (globalThis.ran || 0); });`)}
	b := NewBundler(0)
	for _, tc := range []struct {
		n    int
		want string
	}{
		{100, "depth 100"},
		{MaxModuleDepth + 2, "RangeError: Maximum call stack size exceeded, ran 0"},
	} {
		m := &mapLoader{files: chain(tc.n)}
		code, err := b.Bundle(context.Background(), entry, m.load)
		if err != nil {
			t.Fatalf("chain of %d: %v", tc.n, err)
		}
		if got := runScript(t, code); got != tc.want {
			t.Errorf("chain of %d: result = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// withImportMeta replaces the import.meta expressions only, never the
// words in strings, template text, regexps or comments.
func TestWithImportMetaCodeOnly(t *testing.T) {
	const u = "https://app.test/m.js"
	q := strconv.Quote(u)
	for _, c := range []struct{ src, want string }{
		{`x = import.meta.url;`, `x = ` + q + `;`},
		{`x = 'import.meta.url';`, `x = 'import.meta.url';`},
		{`x = "import.meta" // import.meta.url`, `x = "import.meta" // import.meta.url`},
		{`/* import.meta */ x = /import.meta.url/g;`, `/* import.meta */ x = /import.meta.url/g;`},
		{"x = `import.meta.url ${import.meta.url}`;", "x = `import.meta.url ${" + q + "}`;"},
		{"x = `${`${import.meta.url}`} import.meta`;", "x = `${`${" + q + "}`} import.meta`;"},
		{"x = `${ {a: 1}.a } ${import.meta.url}`;", "x = `${ {a: 1}.a } ${" + q + "}`;"},
		{`x = import.meta.urls;`, `x = ({url:` + q},
	} {
		got := withImportMeta(c.src, u)
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("withImportMeta(%s)\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestBundlerShareText checks that the bundle cache takes an equal copy of
// a bundle's code in place of the code it returned, and only then.
func TestBundlerShareText(t *testing.T) {
	m := &mapLoader{files: map[string]string{"https://app.test/a.js": `export const a = 1;`}}
	entry := ModuleEntry{URL: "https://app.test/", Source: []byte(`import { a } from "./a.js"; globalThis.result = a;`)}
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		// kept gives the text ShareText is told of and the copy.
		kept   func(code string) (text, kept string)
		shared bool
	}{
		{"an equal copy of the code", func(code string) (string, string) { return code, strings.Clone(code) }, true},
		{"a different text", func(code string) (string, string) { return code, "\x00" + code[1:] }, false},
		{"an equal text that is not the code", func(code string) (string, string) { return strings.Clone(code), strings.Clone(code) }, false},
		{"the code itself", func(code string) (string, string) { return code, code }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBundler(4)
			code, err := b.Bundle(ctx, entry, m.load)
			if err != nil {
				t.Fatal(err)
			}
			text, kept := tc.kept(code)
			b.ShareText(text, kept)
			again, err := b.Bundle(ctx, entry, m.load)
			if err != nil {
				t.Fatal(err)
			}
			if b.builds.Load() != 1 || again != code {
				t.Fatalf("second bundle: builds=%d, code changed: %v", b.builds.Load(), again != code)
			}
			want := code // the string the cache keeps
			if tc.shared {
				want = kept
			}
			if unsafe.StringData(again) != unsafe.StringData(want) {
				t.Errorf("the cache keeps another string than %s", map[bool]string{true: "the copy", false: "its code"}[tc.shared])
			}
		})
	}
}
