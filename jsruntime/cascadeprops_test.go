package jsruntime

import "testing"

// TestCascadePropsRebuilt checks that what the cascade reads of the rules
// once per property (cascadeprops.go) is read again when the rules
// change: a shorthand declared whole (its value holds var()), a logical
// longhand and `all`, each declared by a sheet added after margin-left
// was looked up, take part in its next lookup.
func TestCascadePropsRebuilt(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>#x{margin-left:1px;--m:7px}</style></head><body><div id=x></div></body></html>`, nil)
	p.run()
	for _, step := range []struct{ rule, want string }{
		{"", "1px"},
		{"div#x{margin:var(--m)}", "7px"},
		{"div#x{margin-inline-start:9px}", "9px"},
		{"[dir=rtl] div#x{margin-inline-end:11px}", "9px"},
		{"div#x{all:unset}", "0px"},
	} {
		got := p.eval(`(function () {
			var r = ` + "`" + step.rule + "`" + `
			if (r) { var s = document.createElement('style'); s.textContent = r; document.head.appendChild(s) }
			return getComputedStyle(document.getElementById('x')).marginLeft
		})()`)
		if got != step.want {
			t.Errorf("after %q: margin-left %s, want %s", step.rule, got, step.want)
		}
	}
	// in a right-to-left element the logical end is the left side
	if got := p.eval(`document.body.dir = 'rtl'; document.head.lastChild.remove(); getComputedStyle(document.getElementById('x')).marginLeft`); got != "11px" {
		t.Errorf("rtl: margin-left %s, want 11px", got)
	}
	p.noErrors()
}
