package jsruntime

import "testing"

// A script that does not compile is reported with the document's URL and
// the position of the error, to Config.OnError and to window.onerror.
// https://html.spec.whatwg.org/multipage/webappapis.html#report-the-exception
func TestSyntaxErrorPosition(t *testing.T) {
	p := newPage(t, "<!doctype html><script>var seen = []; onerror = function (m, src, line, col, e) { seen.push(src, line, col, e instanceof SyntaxError) };</script><script>for (;) {}</script>", nil)
	p.run()
	if got, want := p.eval(`seen.join()`), "https://example.test/page,1,7,true"; got != want {
		t.Errorf("onerror saw %q, want %q", got, want)
	}
	if len(p.errors) != 1 || p.errors[0].Source != "https://example.test/page" || p.errors[0].Line != 1 || p.errors[0].Column != 7 {
		t.Errorf("reported %+v, want one error at https://example.test/page 1:7", p.errors)
	}
}
