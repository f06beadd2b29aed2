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
