package jsruntime

import (
	"github.com/bangsnap/bangsnap/jsruntime/webapi"

	"context"
	"path"
	"testing"
)

// TestScriptPrepare checks which scripts run and how their source is
// decoded, each case as Chromium 156 answers it
// (testdata/wpt/conf-script-element.html has them too).
func TestScriptPrepare(t *testing.T) {
	const page = `<!doctype html><body>
<script type="text/javascript; charset=utf-8">window.params = 1</script>
<script for=window event=onclick>window.onclickScript = 1</script>
<script for=" WINDOW " event="onload()">window.onloadScript = 1</script>
<script for=document event=onload>window.documentScript = 1</script>
<script for=document>window.forOnly = 1</script>
<script src="/latin1.js" charset=windows-1252></script>
<script src="/latin1.js?plain"></script>
<script>
var s = document.createElement('script');
s.setAttribute('async', '');
s.removeAttribute('async');
window.asyncAfter = s.async;
var other = document.implementation.createHTMLDocument('');
var inert = other.createElement('script');
inert.text = 'window.inertRan = true';
other.body.appendChild(inert);
document.body.appendChild(inert);
var later = other.createElement('script');
later.text = 'window.laterRan = true';
document.body.appendChild(later);
</script>`
	p := newPage(t, page, mapLoader{
		"https://example.test/latin1.js":       "window.latin1 = '\xe9'",
		"https://example.test/latin1.js?plain": "window.plain = '\xe9'",
	})
	p.run()
	p.noErrors()
	for _, c := range []struct{ expr, want string }{
		{`typeof params`, "undefined"},
		{`typeof onclickScript`, "undefined"},
		{`typeof onloadScript`, "number"},
		{`typeof documentScript`, "undefined"},
		{`typeof forOnly`, "number"},
		{`latin1`, "\u00e9"},
		{`plain`, "\ufffd"},
		{`asyncAfter`, "false"},
		{`typeof inertRan`, "undefined"},
		{`laterRan`, "true"},
	} {
		if got := p.eval(c.expr); got != c.want {
			t.Errorf("%s = %q, want %q", c.expr, got, c.want)
		}
	}
}

// TestModuleScriptRun checks what a module script sees as it runs and the
// events it fires, as in Chromium: no currentScript, load only for an
// external module, and one evaluation per module URL.
func TestModuleScriptRun(t *testing.T) {
	const page = `<script>var log = []</script>
<script type=module id=inline onload="log.push('inline load')">log</script>
<script type=module id=ext src="/m.js" onload="log.push('ext load')"></script>
<script type=module src="/m.js" onload="log.push('again load')"></script>`
	p := newPage(t, page, nil)
	p.w.cfg.BundleImports = func(ctx context.Context, url string, source []byte, imports *webapi.ImportMap, load func(context.Context, string) ([]byte, error)) (string, error) {
		return "log.push('" + path.Base(url) + ":' + document.currentScript)", nil
	}
	p.run()
	p.noErrors()
	if got, want := p.eval(`log.join()`), "page:null,m.js:null,ext load,again load"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
