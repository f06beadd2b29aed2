package jsruntime

import "testing"

func TestGapCornerOffsetShorthands(t *testing.T) {
	tests := []struct{ in, want string }{
		{"row-rule: red thick", "row-rule: thick red;"},
		{"rule: 2px dashed blue", "rule: 2px dashed blue;"},
		{"rule: none", "rule: medium;"},
		{"rule: 1px solid red; row-rule-color: blue", "column-rule: 1px solid red; row-rule: 1px solid blue;"},
		{"rule-width: 3px, 4px", "rule-width: 3px, 4px;"},
		{"column-rule: 1px solid red; row-rule: 1px solid red", "rule: 1px solid red;"},
		{"rule-width: 1px; rule-style: solid; rule-color: red", "rule: 1px solid red;"},
		{"rule-inset: 1px; row-rule-inset-cap-start: 2px", "column-rule-inset: 1px; row-rule-inset: 2px 1px / 1px 1px;"},
		{"column-rule-inset: 1px; row-rule-inset: 1px", "rule-inset: 1px;"},
		{"row-rule-width: 0", "row-rule-width: 0px;"},
		{"corner-shape: round; corner-top-left-shape: bevel", "corner-shape: bevel round round;"},
		{"offset: 10px 20px; offset-anchor: left top", "offset: 10px 20px / left top;"},
		{"offset: 10px path('M 0 0'); offset-position: normal", `offset: path("M 0 0");`},
		{"offset-distance: 0", "offset-distance: 0px;"},
		{"text-wrap: nowrap; text-wrap-style: balance", "text-wrap: nowrap balance;"},
		{"text-wrap-style: avoid-orphans", ""},
		{"page-break-after: always", "break-after: page;"},
		{"page-break-inside: left", ""},
		{"column-rule-inset: 1px / 3px", "column-rule-inset: 1px 1px / 3px 3px;"},
		{"column-rule-inset: 0", "column-rule-inset: 0px;"},
		{"rule-inset: 1px 2px / 3px", "rule-inset: 1px 2px / 3px 3px;"},
		{"rule-inset-cap: 1px 2px", "rule-inset-cap: 1px 2px;"},
		{"rule-inset: 1px 2px 3px; color: red", "color: red;"},
		{"corner-shape: round scoop bevel", "corner-shape: round scoop bevel;"},
		{"corner-shape: squircle squircle squircle squircle", "corner-shape: squircle;"},
		{"corner-top-shape: bevel notch", "corner-top-shape: bevel notch;"},
		{"interest-delay: 0s 0s", "interest-delay: 0s;"},
		{"offset: none", "offset: normal;"},
		{"offset: path('M 0 0') reverse 45deg 5px", `offset: path("M 0 0") 5px reverse 45deg;`},
		{"offset: auto none 10px", "offset: auto none 10px;"},
		{"offset: 10px", "offset: 10px center;"},
		{"offset: none / left bottom", "offset: normal / left bottom;"},
		{"offset: / 10px 10px; color: red", "color: red;"},
		{"text-wrap: pretty nowrap", "text-wrap: nowrap pretty;"},
		{"text-wrap: auto", "text-wrap: wrap;"},
		{"text-wrap: wrap wrap; color: red", "color: red;"},
	}
	for _, tt := range tests {
		if got := serializeDeclarations(parseDeclarations(tt.in)); got != tt.want {
			t.Errorf("%q serializes as %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGapCornerOffsetComputed(t *testing.T) {
	p := newPage(t, `<!doctype html><div id=x></div>`, nil)
	p.run()
	for _, c := range []struct{ style, prop, want string }{
		{"", "rule", "3px rgb(0, 0, 0)"},
		{"", "row-rule-width", "3px"},
		{"", "rule-inset", "0px"},
		{"", "rule-break", "normal"},
		{"rule: 2px dashed blue", "rule", "2px dashed rgb(0, 0, 255)"},
		{"column-rule: 1px solid red; row-rule: 2px dotted green", "rule", ""},
		{"column-rule-inset: 1px 2px / 3px 4px", "column-rule-inset", "1px 2px / 3px 4px"},
		{"column-rule-inset: 1px 2px / 3px 4px", "rule-inset-start", ""},
		{"", "corner-shape", "superellipse(1)"},
		{"corner-top-shape: bevel; corner-bottom-shape: scoop notch", "corner-bottom-shape", "superellipse(-1) superellipse(-infinity)"},
		{"", "offset", "none 0px auto 0deg"},
		{"offset-path: ray(45deg)", "offset", "ray(45deg) 0px auto 0deg"},
		{"text-wrap: nowrap pretty", "text-wrap", "nowrap pretty"},
		{"text-wrap: nowrap pretty", "white-space", "nowrap"},
		{"white-space: pre; text-wrap: balance", "white-space", "pre-wrap"},
		{"page-break-after: always", "break-after", "page"},
		{"page-break-after: always", "page-break-after", "always"},
		{"animation: 1s foo", "animation-timeline", "auto"},
		{"page-break-after: always", "break-after", "page"},
	} {
		p.eval(`var x = document.getElementById('x'); x.style.cssText = ` + jsString(c.style))
		if got := p.eval(`getComputedStyle(x).getPropertyValue(` + jsString(c.prop) + `)`); got != c.want {
			t.Errorf("%s of {%s} = %q, want %q", c.prop, c.style, got, c.want)
		}
	}
}

func TestAnimationResets(t *testing.T) {
	tests := []struct{ in, want string }{
		{"animation: 1s foo", "animation: 1s ease 0s 1 normal none running foo;"},
		{"animation: 1s foo, 2s bar; animation-timeline: auto", "animation: 1s ease 0s 1 normal none running foo, 2s ease 0s 1 normal none running bar;"},
		{"animation: 1s foo; animation-range-end: normal", "animation: 1s ease 0s 1 normal none running foo;"},
	}
	for _, tt := range tests {
		if got := serializeDeclarations(parseDeclarations(tt.in)); got != tt.want {
			t.Errorf("%q serializes as %q, want %q", tt.in, got, tt.want)
		}
	}
}
