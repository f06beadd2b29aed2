package webapi

import (
	"strings"
	"testing"
)

func TestRewriteComputedImports(t *testing.T) {
	in := `(() => {
  var __glob = (map) => (path) => {
    var fn = map[path];
    if (fn) return fn();
    throw new Error("Module not found in bundle: " + path);
  };

  // url:http://h/app.js
  var x = ")";

  // import("./**/*.entry.js") in url:http://h/app.js
  var globImport_entry_js = __glob({
    "./a.entry.js": () => Promise.resolve().then(() => (init_a(), a_exports))
  });
  globImport_entry_js(` + "`./${n}.entry.js`" + `);
  Promise.resolve().then(() => __toESM(__require(pick("(", ` + "`${a + \")\"}`" + `))));
  // url:http://h/other.js
  Promise.resolve().then(() => __toESM(__require(u)));
})();`
	got := rewriteComputedImports(in)
	for _, want := range []string{
		`var __glob = (map, base) => (path) => {`,
		`if (base !== undefined) return __bangsnapImport(path, base); throw new Error(`,
		`(init_a(), a_exports))
  }, "http://h/app.js");`,
		"__bangsnapImport(pick(\"(\", `${a + \")\"}`), \"http://h/app.js\");",
		`__bangsnapImport(u, "http://h/other.js");`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "__require(") {
		t.Errorf("a require of a computed import is left:\n%s", got)
	}
	if plain := "(() => { var a = 1; })();"; rewriteComputedImports(plain) != plain {
		t.Error("a bundle without computed imports changed")
	}
}

func TestMatchParen(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{`(a)`, 2},
		{`(a, "(", ')', ` + "`)${(1)}`" + `) x`, 23},
		{`(a /* ) */ , // )
b)`, 19},
		{`(a]`, -1},
		{`(a`, -1},
	} {
		if got := matchParen(tc.s, 0); got != tc.want {
			t.Errorf("matchParen(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

// TestRewriteClassicImportOptions: a lowered import() keeps its options as
// the host call's third argument, in order after the specifier, and only
// real calls are rewritten.
func TestRewriteClassicImportOptions(t *testing.T) {
	for src, want := range map[string]string{
		`import(a, { with: { type: "json" } });`:           `__bangsnapImport(a, "B", { with: { type: "json" } });`,
		`import(f(1, 2), o);`:                              `__bangsnapImport(f(1, 2), "B", o);`,
		`import(import(a), o);`:                            `__bangsnapImport(__bangsnapImport(a, "B"), "B", o);`,
		`x.import(1); class A { import(x) { return 1; } }`: `x.import(1); class A { import(x) { return 1; } }`,
		`var s = "import(a)", r = /import(a)/;`:            `var s = "import(a)", r = /import(a)/;`,
		`var q = a / import(b) / 2; // import(c)`:          `var q = a / __bangsnapImport(b, "B") / 2; // import(c)`,
		`reimport(a); _import(b);`:                         `reimport(a); _import(b);`,
	} {
		if got := rewriteClassicImports(src, "B"); got != want {
			t.Errorf("rewriteClassicImports(%s)\n got %s\nwant %s", src, got, want)
		}
	}
}

// TestWithImportOptions: a module's import() with options esbuild would
// drop or keep unparsed calls the host; one it bundles with its attributes
// is left.
func TestWithImportOptions(t *testing.T) {
	for src, want := range map[string]string{
		`await import(u, { with: { type: "json" } });`:    `await __bangsnapImport(u, "M", { with: { type: "json" } });`,
		`import("./a.json", o); import(u);`:               `__bangsnapImport("./a.json", "M", o); import(u);`,
		`import("./a.json", { with: { type: "json" } });`: `import("./a.json", { with: { type: "json" } });`,
		`import("./a" + b, { with: { type: "json" } });`:  `__bangsnapImport("./a" + b, "M", { with: { type: "json" } });`,
		`const s = 'import(u, o)';`:                       `const s = 'import(u, o)';`,
	} {
		if got := withImportOptions(src, "M"); got != want {
			t.Errorf("withImportOptions(%s)\n got %s\nwant %s", src, got, want)
		}
	}
}
