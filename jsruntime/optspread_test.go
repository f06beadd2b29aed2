package jsruntime

import "testing"

// TestOptionalSpreadCall checks lowerScript finds the optional calls with
// spread arguments goja cannot compile.
func TestOptionalSpreadCall(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{`o.f?.(...a)`, true},
		{`o?.f(...a)`, true},
		{`o?.f.g(1, ...a).h`, true},
		{`x = [slots["append-inner"]?.(...args), 1]`, true},
		{`function f() { return () => o?.[k](...a) }`, true},
		{`o.f?.(a, b)`, false},
		{`o.f(...a)?.g`, false},     // the optional point is after the call
		{`(o?.f)(...a)`, false},     // a nested chain ends before the call
		{`f(o?.g, ...a)`, false},    // an argument, not the callee
		{`o?.f(g?.(...a))`, true},   // the inner call
		{`o?.f(a); g(...b)`, false}, // separate calls
		{`[...a, o?.b]`, false},     // no call
	}
	for _, tt := range tests {
		prg, err := parseScript("t.js", tt.src)
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		if got := lowerScript(prg, tt.src); got != tt.want {
			t.Errorf("lowerScript(%s) found an optional spread call: %v, want %v", tt.src, got, tt.want)
		}
	}
}
