package jsruntime

import (
	"strings"
	"testing"
)

// A javascript: URL the page follows whose script completes with a string
// makes that string the page's document; any other result leaves it.
func TestPageJavascriptURLResult(t *testing.T) {
	tests := []struct{ name, href, want string }{
		{"string result", `javascript:'<p id=new>replaced</p>'`, `<p id="new">replaced</p>`},
		{"undefined result", `javascript:void 0`, `<a id="l"`},
		{"String object result", `javascript:new String('no')`, `<a id="l"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head></head><body><a id="l">x</a></body></html>`, nil)
			p.run()
			p.eval(`document.getElementById('l').href = ` + "`" + tt.href + "`" + `; document.getElementById('l').click()`)
			p.run()
			if got := p.eval(`document.documentElement.outerHTML`); !strings.Contains(got, tt.want) {
				t.Errorf("document %q, want it to hold %q", got, tt.want)
			}
			p.noErrors()
		})
	}
}
