package jsruntime

import "testing"

// TestBindingCallsMoveTheClock: every call into the bindings is work that
// moves the page's clock within a task (loop.Work), so ids made from
// Date.now() between two pieces of DOM work differ and a page timing its
// own work sees time pass (performance.now() reads the same clock), the same time in every run.
func TestBindingCallsMoveTheClock(t *testing.T) {
	const markup = `<!doctype html><body><div id="out"></div><script>
var t0 = Date.now(), d = document.getElementById('out');
for (var i = 0; i < 3000; i++) d.appendChild(document.createElement('span'));
d.setAttribute('data-ms', String(Date.now() - t0));
d.setAttribute('data-same', String(Date.now() === t0));
</script>`
	for range 2 {
		p := newPage(t, markup, nil)
		p.run()
		p.noErrors()
		// 6000 calls (createElement and appendChild) and a getter or two:
		// at 1µs each, 6ms.
		if got := p.eval(`var d = document.getElementById('out'); [d.dataset.ms, d.dataset.same].join()`); got != "6,false" {
			t.Errorf("clock after 6000 binding calls: %s, want 6,false", got)
		}
	}
}
