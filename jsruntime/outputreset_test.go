package jsruntime

import "testing"

// TestOutputResetUnchanged checks form.reset() on an output against
// Chromium 156: an output whose text is its default value keeps its
// children and its value mode; another gets its default value as text.
func TestOutputResetUnchanged(t *testing.T) {
	cases := []struct{ name, js, want string }{
		{"children kept", `o.innerHTML = 'out<input>'; f.reset(); o.innerHTML`, "out<input>"},
		{"value mode kept", `o.textContent = 'out'; o.value = 'out'; f.reset(); o.textContent = 'z'; o.defaultValue`, "out"},
		{"reset to the default", `o.innerHTML = 'q<b></b>'; o.value = 'x'; o.defaultValue = 'q'; f.reset(); o.innerHTML`, "q"},
	}
	for _, c := range cases {
		p := newPage(t, `<!doctype html><form id=f><output id=o></output></form>`, nil)
		p.run()
		if got := p.eval(`var f = document.getElementById('f'), o = document.getElementById('o'); ` + c.js); got != c.want {
			t.Errorf("%s: %s\n got %q\nwant %q", c.name, c.js, got, c.want)
		}
		p.noErrors()
	}
}
