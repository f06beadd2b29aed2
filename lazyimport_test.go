package bangsnap_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// TestRenderLazyImports: a module reached only through import() with a
// string specifier is fetched when the import runs, as Chromium fetches a
// code-split bundle's chunks, not with the page's static graph; the chunk
// shares the modules the page ran, and a warm render of the page fetches
// and shows the same.
func TestRenderLazyImports(t *testing.T) {
	files := map[string]string{
		"/": `<!doctype html><p id="out"></p>
			<link rel="modulepreload" href="/locales/ja.js">
			<script type="module">
				import { load } from "./app.js";
				import { hits } from "./lib/core.js";
				load("fr").then((m) => {
					document.getElementById("out").textContent = m.hello + " " + m.url + ", core runs: " + window.coreRuns +
						", shared: " + (m.hits === hits) + ", ja ran: " + Boolean(window.jaRan);
				}, (e) => { document.getElementById("out").textContent = String(e); });
			</script>`,
		"/app.js": `export function load(lang) {
				switch (lang) {
				case "de": return import("./locales/de.js");
				case "fr": return import("./locales/fr.js");
				case "ja": return import("./locales/ja.js");
				}
			}`,
		"/lib/core.js":   `window.coreRuns = (window.coreRuns || 0) + 1; export const hits = [];`,
		"/locales/de.js": `import { hits } from "../lib/core.js"; hits.push("de"); export { hits }; export const hello = "Hallo";`,
		"/locales/fr.js": `import { hits } from "../lib/core.js"; hits.push("fr"); export { hits }; export const hello = "Bonjour"; export const url = import.meta.url;`,
		"/locales/ja.js": `window.jaRan = true; export const hello = "Konnichiwa";`,
	}
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: moduleFiles(files)})
	want := `<p id="out">Bonjour http://lazy.test/locales/fr.js, core runs: 1, shared: true, ja ran: false</p>`
	for i, pass := range []string{"cold", "warm"} {
		snap := render(t, r, "http://lazy.test/")
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Fatalf("%s render: snapshot lacks %s:\n%s\nerrors: %+v", pass, want, snap.HTML, snap.Report.Errors)
		}
		var fetched []string
		for _, q := range snap.Report.Requests {
			fetched = append(fetched, strings.TrimPrefix(q.URL, "http://lazy.test"))
		}
		for _, u := range []string{"/app.js", "/lib/core.js", "/locales/fr.js", "/locales/ja.js"} {
			if !slices.Contains(fetched, u) {
				t.Errorf("%s render (%d): %s was not fetched: %q", pass, i, u, fetched)
			}
		}
		if slices.Contains(fetched, "/locales/de.js") {
			t.Errorf("%s render (%d): the module of an import() that never ran was fetched: %q", pass, i, fetched)
		}
	}
}

// lazyLocales is the site of BenchmarkLazyImports: app.js, whose load(lang)
// imports one of n locale modules of about 16 KB each with a string
// specifier (a code-split bundle's locale chunks), and a page that uses
// one. Every path may be prefixed with /vN (a fresh copy of the site, for
// cold renders).
func lazyLocales(n int) http.Handler {
	var app strings.Builder
	app.WriteString("import { format } from \"./core.js\";\nexport function load(lang) {\n  switch (lang) {\n")
	for i := range n {
		fmt.Fprintf(&app, "  case \"l%d\": return import(\"./locales/l%d.js\");\n", i, i)
	}
	app.WriteString("  }\n}\nexport { format };\n")
	locale := func(i int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "import { format } from \"../core.js\";\nexport const messages = {\n")
		for k := range 400 {
			fmt.Fprintf(&b, "  key%d: \"message %d of locale %d, with some words to fill a line\",\n", k, k, i)
		}
		b.WriteString("};\nexport const greet = (name) => format(messages.key1, name);\n")
		return b.String()
	}
	page := `<!doctype html><p id="out"></p><script type="module">
		import { load } from "./app.js";
		load("l7").then((m) => { document.getElementById("out").textContent = m.greet("Ada"); });
	</script>`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if strings.HasPrefix(p, "/v") {
			if i := strings.IndexByte(p[1:], '/'); i >= 0 {
				p = p[i+1:]
			}
		}
		var body string
		switch {
		case p == "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, page)
			return
		case p == "/app.js":
			body = app.String()
		case p == "/core.js":
			body = "export const format = (m, name) => m + \" for \" + name;\n"
		case strings.HasPrefix(p, "/locales/l"):
			var i int
			if _, err := fmt.Sscanf(p, "/locales/l%d.js", &i); err != nil || i < 0 || i >= n {
				http.NotFound(w, r)
				return
			}
			body = locale(i)
		default:
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, body)
	})
}

// lazyCopies numbers the copies of lazyLocales' site that cold renders use,
// across the runs of a benchmark in one process.
var lazyCopies atomic.Int64

// BenchmarkLazyImports renders a page whose module imports one of 200
// locale modules with import("./locales/lN.js"): warm (the same page
// again, bundles and programs cached) and cold (a fresh copy of the site at
// each render: every bundle built and compiled).
func BenchmarkLazyImports(b *testing.B) {
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: lazyLocales(200)})
	want := []byte("message 1 of locale 7, with some words to fill a line for Ada")
	check := func(snap *bangsnap.Snapshot, err error) {
		if err != nil {
			b.Fatal(err)
		}
		if !bytes.Contains(snap.HTML, want) {
			b.Fatalf("snapshot lacks %s:\n%s\nerrors: %+v", want, snap.HTML, snap.Report.Errors)
		}
	}
	b.Run("warm", func(b *testing.B) {
		check(r.Render(context.Background(), "http://locales.test/"))
		b.ReportAllocs()
		for b.Loop() {
			check(r.Render(context.Background(), "http://locales.test/"))
		}
	})
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			v := lazyCopies.Add(1)
			check(r.Render(context.Background(), fmt.Sprintf("http://locales.test/v%d/", v)))
		}
	})
}
