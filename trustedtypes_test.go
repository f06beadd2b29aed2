package bangsnap_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// TestRenderTrustedTypesCSP: the document's Content-Security-Policy
// response headers reach the page. An enforced require-trusted-types-for
// 'script' makes innerHTML refuse a string (the page writes what happened
// into the snapshot), unless the default policy takes it; a report-only
// one does not refuse, but still runs the string through the default
// policy; trusted-types restricts policy names. (The meta element variant
// is testdata/wpt/wpt6-trusted-types-enforced.html.) The expected lines
// are what Chromium 156 shows for the same page and headers.
func TestRenderTrustedTypesCSP(t *testing.T) {
	const page = `<!doctype html><body><p id=out></p><script>
var out = [];
function attempt(name, f) { try { f(); out.push(name + ' ok'); } catch (e) { out.push(name + ' ' + e.name); } }
var d = document.createElement('div');
attempt('string', function () { d.innerHTML = '<b>x</b>'; });
attempt('policy two', function () { trustedTypes.createPolicy('two', {}); });
attempt('default', function () { trustedTypes.createPolicy('default', {createHTML: function (s) { return s.toUpperCase(); }}); });
attempt('string with default', function () { d.innerHTML = '<b>y</b>'; });
out.push('html ' + d.innerHTML);
document.getElementById('out').textContent = out.join(', ');
</script>`
	for _, tt := range []struct {
		name   string
		header map[string]string
		want   string
	}{
		{"no policy", nil,
			"string ok, policy two ok, default ok, string with default ok, html &lt;b&gt;y&lt;/b&gt;"},
		{"enforced", map[string]string{"Content-Security-Policy": "require-trusted-types-for 'script'"},
			"string TypeError, policy two ok, default ok, string with default ok, html &lt;b&gt;Y&lt;/b&gt;"},
		{"report only", map[string]string{"Content-Security-Policy-Report-Only": "require-trusted-types-for 'script'; trusted-types one"},
			"string ok, policy two ok, default ok, string with default ok, html &lt;b&gt;Y&lt;/b&gt;"},
		{"names", map[string]string{"Content-Security-Policy": "script-src 'unsafe-inline', trusted-types one default"},
			"string ok, policy two TypeError, default ok, string with default ok, html &lt;b&gt;y&lt;/b&gt;"},
		{"names none", map[string]string{"Content-Security-Policy": "trusted-types 'none'; require-trusted-types-for 'script'"},
			"string TypeError, policy two TypeError, default TypeError, string with default TypeError, html "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				w.Write([]byte(page))
			})
			snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h}), "http://tt.test/")
			want := `<p id="out">` + tt.want + `</p>`
			if !strings.Contains(string(snap.HTML), want) {
				t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
			}
		})
	}
}
