package jsruntime

import (
	"github.com/bangsnap/bangsnap/jsruntime/webapi"

	"context"
	"strings"
	"testing"
)

const orderPage = `<!doctype html><html><head>
<script>var log = ['inline1:' + document.readyState];
document.addEventListener('readystatechange', () => log.push('rs:' + document.readyState));
document.addEventListener('DOMContentLoaded', () => log.push('dcl'));
window.addEventListener('load', () => log.push('load:' + document.readyState));
</script>
<script src="/defer1.js" defer></script>
<script src="/async1.js" async></script>
<script src="/block1.js"></script>
</head><body>
<script>log.push('inline2:' + (typeof block1));
var s = document.createElement('script'); s.src = '/dyn.js'; s.onload = () => log.push('dyn-onload'); document.head.appendChild(s);
var t = document.createElement('script'); t.textContent = 'log.push("dyninline")'; document.body.appendChild(t);
var u = document.createElement('div'); u.innerHTML = '<script>log.push("never")<\/script>'; document.body.appendChild(u);
log.push('after-dyn');</script>
<script src="/defer2.js" defer></script>
<script>document.write('<p id=w>written</p><script>log.push("written:" + !!document.getElementById("w"))<\/script>'); document.write('<p id="w2">'); document.write('x</p>');
log.push('after-write:' + !!document.getElementById('w') + document.getElementById('w').nextElementSibling.nextElementSibling.id)</script>
<script>document.write('<script src="/written-ext.js"><\/script><script>log.push("after-ext")<\/script>'); log.push('writer2')</script>
<div id="tail"></div>
<script>log.push('tail:' + document.getElementById('w').nextSibling.tagName + ':' + (document.currentScript.previousElementSibling.id))</script>
<script type="text/template">log.push('template')</script>
<script type="module">log.push('module')</script>
<script nomodule>log.push('nomodule')</script>
</body></html>`

func TestScriptOrder(t *testing.T) {
	t.Run("parsed whole", func(t *testing.T) { testScriptOrder(t, newPage) })
	t.Run("streamed", func(t *testing.T) { testScriptOrder(t, newStreamPage) })
}

func testScriptOrder(t *testing.T, newPage func(testing.TB, string, ScriptLoader) *testPage) {
	p := newPage(t, orderPage, mapLoader{
		"https://example.test/defer1.js":      "log.push('defer1:' + document.readyState)",
		"https://example.test/defer2.js":      "log.push('defer2')",
		"https://example.test/async1.js":      "log.push('async1')",
		"https://example.test/block1.js":      "var block1 = 1; log.push('block1')",
		"https://example.test/dyn.js":         "log.push('dyn')",
		"https://example.test/written-ext.js": "log.push('written-ext')",
	})
	p.run()
	p.noErrors()
	got := strings.Split(p.eval(`log.join(' ')`), " ")
	t.Logf("order: %v", got)
	pos := map[string]int{}
	for i, s := range got {
		pos[s] = i + 1
	}
	// Everything that must run, in the order it must run.
	chains := [][]string{
		{"inline1:loading", "block1", "inline2:number", "dyninline", "after-dyn", "written:true", "after-write:truew2", "writer2", "written-ext", "after-ext", "tail:SCRIPT:tail", "nomodule",
			"rs:interactive", "defer1:interactive", "defer2", "dcl", "rs:complete", "load:complete"},
		{"inline1:loading", "async1", "load:complete"},
		{"after-dyn", "dyn", "dyn-onload", "load:complete"},
	}
	for _, c := range chains {
		for i, s := range c {
			if pos[s] == 0 {
				t.Errorf("%q did not run", s)
				continue
			}
			if i > 0 && pos[c[i-1]] != 0 && pos[c[i-1]] > pos[s] {
				t.Errorf("%q ran before %q", s, c[i-1])
			}
		}
	}
	for _, s := range []string{"never", "template", "module"} {
		if pos[s] != 0 {
			t.Errorf("%q ran", s)
		}
	}
}

func TestScriptLoadFailure(t *testing.T) {
	p := newPage(t, `<script src="/missing.js" onerror="window.failed = true"></script><script>window.next = true</script>`, mapLoader{})
	p.run()
	if got := p.eval(`[window.failed, window.next].join()`); got != "true,true" {
		t.Fatalf("got %q", got)
	}
}

func TestProgramCacheShared(t *testing.T) {
	src := `<script>var cachedMarker = 1234567;</script>`
	n0 := 0
	for i := 0; i < 3; i++ {
		if i == 1 {
			n0 = programs.len()
		}
		p := newPage(t, src, nil)
		p.run()
		if p.eval(`cachedMarker`) != "1234567" {
			t.Fatal("script did not run")
		}
	}
	if grew := programs.len() - n0; grew != 0 {
		t.Fatalf("cache grew by %d on later pages running the same scripts, want 0", grew)
	}
}

func TestImportMapAndModules(t *testing.T) {
	doc := `<script type="importmap">{"imports": {"lib": "/lib/index.js", "pkg/": "/pkg/"}}</script>
<script type="module">import x from 'lib'; log.push(x)</script>
<script nomodule>window.nomodule = true</script>
<script>var log = []</script>`
	var gotImports *webapi.ImportMap
	var gotSource string
	p := newPage(t, doc, nil)
	p.w.cfg.BundleImports = func(ctx context.Context, url string, source []byte, imports *webapi.ImportMap, load func(context.Context, string) ([]byte, error)) (string, error) {
		gotImports, gotSource = imports, string(source)
		return "log.push('bundled module')", nil
	}
	p.run()
	p.noErrors()
	if got := p.eval(`log.join() + ',' + typeof nomodule`); got != "bundled module,undefined" {
		t.Fatalf("got %q", got)
	}
	if gotImports == nil || gotImports.Imports["lib"] != "https://example.test/lib/index.js" || gotImports.Imports["pkg/"] != "https://example.test/pkg/" {
		t.Errorf("imports = %v", gotImports)
	}
	if !strings.Contains(gotSource, "import x from 'lib'") {
		t.Errorf("source = %q", gotSource)
	}
}
