package jsruntime

import (
	"strings"
	"testing"
)

// TestSheetNesting: conditional group rules apply through a few levels,
// and a sheet nesting them 20,000 deep (which took 36 s to cascade, in one
// call nothing interrupts) is followed only maxSheetNesting levels down.
func TestSheetNesting(t *testing.T) {
	deep := strings.Repeat("@media all{", 20_000) + "#deep{color:red}" + strings.Repeat("}", 20_000)
	p := newPage(t, `<!doctype html><style>@supports (display:grid){@media all{@layer x{#near{color:blue}}}}`+deep+
		`#after{color:green}</style><p id=near>n</p><p id=deep>d</p><p id=after>a</p>`, nil)
	p.run()
	got := p.eval(`['near', 'deep', 'after'].map(function (id) { return getComputedStyle(document.getElementById(id)).color }).join()`)
	if want := "rgb(0, 0, 255),rgb(0, 0, 0),rgb(0, 128, 0)"; got != want {
		t.Errorf("colors %q, want %q", got, want)
	}
}
