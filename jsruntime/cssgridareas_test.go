package jsruntime

import "testing"

// grid-template-areas as Chromium 156 writes it (its values;
// testdata/wpt/sweep62-grid-areas-serialization.html has more).
func TestGridAreasValue(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{`"a ... ." "a b c"`, `"a . ." "a b c"`, true},
		{`"a...b"`, `"a . b"`, true},
		{`'  x   y '`, `"x y"`, true},
		{`"head head" "nav main"`, `"head head" "nav main"`, true},
		{`"a a" "b"`, "", false},   // rows of different lengths
		{`"a b" "b a"`, "", false}, // areas that are not rectangles
		{`"a b a"`, "", false},     // an area in two places
		{`"a$b"`, "", false},       // a trash token
		{`""`, "", false},          // a row of no cells
		{`none`, "none", true},     // kept by normalizeValue
	}
	for _, tt := range tests {
		got, ok := normalizeValue("grid-template-areas", tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%s: got %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
