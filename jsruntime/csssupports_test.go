package jsruntime

import (
	"strings"
	"testing"
)

// The answers are Chromium's (CSS.supports in headless Chromium 14x).
func TestCSSSupportsCondition(t *testing.T) {
	tests := []struct {
		cond string
		want bool
	}{
		{"selector(:is(*))", true},
		{"selector(:has(*))", true},
		{"selector(:where(a, b))", true},
		{"selector(a, b)", false}, // a list is not a <complex-selector>
		{"selector(:nope)", false},
		{"selector(div > p)", true},
		{" selector( .a .b ) ", true},
		{"SELECTOR(p)", true},
		{"selector()", false},
		{"(display: flex)", true},
		{"display: flex", true}, // a bare declaration is tried in parentheses
		{"(Display: FLEX)", true},
		{"(display:flex) and (color: red)", true},
		{"(display: flex) or (nope: 1)", true},
		{"(nope: 1) or (nope2: 1)", false},
		{"not (nope: 1)", true},
		{"not (display: flex)", false},
		{"not(display: flex)", false}, // not( is an unknown function
		{"(display: flex) and (color: red) or (x: y)", false},
		{"((display: flex))", true},
		{"((color: red) or (nope: 2)) and (display: block)", true},
		{"(--foo: bar)", true},
		{"(--foo: )", true},
		{"(margin: 1px)", true},
		{"(color: red !important)", true},
		{"(display)", false},
		{"display", false},
		{"foo(bar)", false},
		{"(foo(bar))", false},
		{"(display: flex) and foo(bar)", false},
		{"(color: red) and(color: red)", false},
		{"(display: flex", true}, // closed at the end of the text
		{"(color: red))", false},
		{"(display: nonsense)", false}, // the value must parse as the property's
		{"(width: 10)", false},
		{"(color: not-a-color)", false},
		{"(display: grid) and (not (display: nonsense))", true},
		{"", false},
	}
	for _, tt := range tests {
		if got := cssSupports(tt.cond); got != tt.want {
			t.Errorf("CSS.supports(%q) = %v, want %v", tt.cond, got, tt.want)
		}
	}
}

func TestCSSSupportsScript(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "Unpoly's boot check", js: `[':is(*)', ':has(*)'].map((s) => CSS.supports('selector(' + s + ')')).join()`, want: "true,true"},
		{name: "two arguments", js: `[CSS.supports('margin', '1px'), CSS.supports('--x', ''), CSS.supports('display', 'flex'), CSS.supports('nope', '1')].join()`,
			want: "true,false,true,false"},
		{name: "a priority is no part of a value", js: `[CSS.supports('color', 'red !important'), CSS.supports('color', 'red'), CSS.supports('display', 'nonsense')].join()`,
			want: "false,true,false"},
	})
}

func FuzzCSSSupports(f *testing.F) {
	for _, s := range []string{"selector(:is(*))", "not ((a: b) or (c: d))", "(display: flex", "((((", "selector(a, b)", "x(y) and (z: 1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cssSupports(s) // must neither panic nor hang
	})
}

func TestCSSSupportsDeepNesting(t *testing.T) {
	deep := strings.Repeat("(", 200000) + "color: red" + strings.Repeat(")", 200000)
	if cssSupports(deep) {
		t.Error("200000 nested parentheses: true, want false (past the nesting bound)")
	}
	if !cssSupports(strings.Repeat("(", 20) + "color: red" + strings.Repeat(")", 20)) {
		t.Error("20 nested parentheses: false, want true")
	}
}
