package jsruntime

import "testing"

// TestSignalRemovesItsOwnRegistration checks that an abort signal removes
// only the listener registration it was given with: after
// removeEventListener and adding the same callback again, aborting the old
// signal leaves the new registration.
// https://dom.spec.whatwg.org/#add-an-event-listener
func TestSignalRemovesItsOwnRegistration(t *testing.T) {
	srv := netServer(t)
	script := `var t = new EventTarget(), c = new AbortController(), n = 0;
		function f() { n++; }
		t.addEventListener('x', f, {signal: c.signal});
		t.removeEventListener('x', f);
		t.addEventListener('x', f);
		c.abort();
		t.dispatchEvent(new Event('x'));
		out.push('re-added ' + n);
		var d = document.createElement('div'), c2 = new AbortController(), m = 0;
		d.addEventListener('x', function () { m++; }, {signal: c2.signal});
		c2.abort();
		d.dispatchEvent(new Event('x'));
		out.push('own ' + m);`
	if got, want := netPage(t, srv, true, "<script>"+script+"</script>"), "re-added 1\nown 0"; got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
