package jsruntime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// linkifyRuntime is a runtime with webapi's RegExp constructor and
// linkify-it 4 (markdown-it's link finder) from testdata/node_modules,
// loaded through a small CommonJS require; it skips tb when the packages
// are not installed.
func linkifyRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	mods := map[string]string{}
	for name, file := range map[string]string{
		"uc.micro/properties/Any/regex": "uc.micro/properties/Any/regex.js",
		"uc.micro/categories/Cc/regex":  "uc.micro/categories/Cc/regex.js",
		"uc.micro/categories/Z/regex":   "uc.micro/categories/Z/regex.js",
		"uc.micro/categories/P/regex":   "uc.micro/categories/P/regex.js",
		"./lib/re":                      "linkify-it/lib/re.js",
		"linkify-it":                    "linkify-it/index.js",
	} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", "node_modules", file))
		if err != nil {
			tb.Skipf("%v (npm ci --prefix testdata)", err)
		}
		mods[name] = string(text)
	}
	rt := propertyRegExpRuntime(tb)
	rt.Set("mods", mods)
	if _, err := rt.RunString(`var LinkifyIt = (function () {
		var cache = {};
		function require(n) {
			if (!cache[n]) {
				cache[n] = {exports: {}};
				new Function("module", "exports", "require", mods[n])(cache[n], cache[n].exports, require);
			}
			return cache[n].exports;
		}
		return require("linkify-it");
	})()`); err != nil {
		tb.Fatal(err)
	}
	return rt
}

// linkifyText has a fuzzy link, an e-mail address and a link with its
// scheme, so that every pattern linkify-it builds is used.
const linkifyText = `see www.example.com and x@y.org, or https://ex.am/ple?x (ok)`

// TestLinkifyIt checks what linkify-it finds, its patterns compiled with
// the wide classes rewritten (V8, in Node, finds the same three links).
func TestLinkifyIt(t *testing.T) {
	rt := linkifyRuntime(t)
	rt.Set("text", linkifyText)
	v, err := rt.RunString(`new LinkifyIt().match(text).map(m => m.schema + " " + m.url).join("|")`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), " http://www.example.com|mailto: mailto:x@y.org|https: https://ex.am/ple?x"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// BenchmarkLinkifyIt is what markdown-it's constructor costs in its
// linkify-it patterns: "construct" makes a linkify-it and matches a text
// with it (the patterns come from the RegExp constructor's process-wide
// cache after the first iteration, as in a render after the first);
// "compile" compiles each of its case-insensitive patterns as a literal,
// as a render in a fresh process does.
func BenchmarkLinkifyIt(b *testing.B) {
	rt := linkifyRuntime(b)
	rt.Set("text", linkifyText)
	b.Run("construct", func(b *testing.B) {
		prg := goja.MustCompile("b.js", `new LinkifyIt().match(text).length`, false)
		b.ReportAllocs()
		for b.Loop() {
			v, err := rt.RunProgram(prg)
			if err != nil {
				b.Fatal(err)
			}
			if v.ToInteger() != 3 {
				b.Fatalf("%v links, want 3", v)
			}
		}
	})
	b.Run("compile", func(b *testing.B) {
		v, err := rt.RunString(`var l = new LinkifyIt(); l.match(text);
			Object.keys(l.re).filter(k => l.re[k] instanceof RegExp && l.re[k].flags.includes("i")).map(k => "/" + l.re[k].source + "/" + l.re[k].flags)`)
		if err != nil {
			b.Fatal(err)
		}
		var literals []string
		if err := rt.ExportTo(v, &literals); err != nil {
			b.Fatal(err)
		}
		if len(literals) < 8 {
			b.Fatalf("%d patterns: %s", len(literals), strings.Join(literals, " "))
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, lit := range literals {
				if _, err := compileScript("b.js", lit); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
