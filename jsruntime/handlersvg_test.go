package jsruntime

import "testing"

// TestHandlerAttributesSVG checks that SVG elements compile their on*
// attributes, parsed or set, as Chromium does, and that elements of other
// namespaces do not.
func TestHandlerAttributesSVG(t *testing.T) {
	p := newPage(t, `<!doctype html><body><svg id=s onclick="window.parsed = 1"><rect id=r /></svg>
<script>
var r = document.getElementById('r');
r.setAttribute('onclick', 'return 7');
var x = document.createElementNS('http://example.com/', 'x');
x.setAttribute('onclick', 'window.other = 1');
document.body.appendChild(x);
document.getElementById('s').dispatchEvent(new Event('click'));
x.dispatchEvent(new Event('click'));
</script>`, mapLoader{})
	p.run()
	p.noErrors()
	if got := p.eval(`[window.parsed, typeof r.onclick, r.onclick && r.onclick(), window.other].join()`); got != "1,function,7," {
		t.Errorf("got %q, want %q", got, "1,function,7,")
	}
}
