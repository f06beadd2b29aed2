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

// The grid-template shorthand's longhands and how it reads back, as
// Chromium 156 (testdata/wpt/sweep62-grid-template-shorthand.html).
func TestGridTemplateShorthand(t *testing.T) {
	tests := []struct {
		in               string
		rows, cols, area string
		back             string
	}{
		{`"t u v" 30px / 80px`, "30px", "80px", `"t u v"`, `"t u v" 30px / 80px`},
		{`"a a" "b c" / 1fr 2fr`, "auto auto", "1fr 2fr", `"a a" "b c"`, `"a a" "b c" / 1fr 2fr`},
		{`[x] "a" [y] [z] "b" 1fr [w] / 10px`, "[x] auto [y z] 1fr [w]", "10px", `"a" "b"`, `[x] "a" [y z] "b" 1fr [w] / 10px`},
		{`100px 1fr / 50px`, "100px 1fr", "50px", "none", "100px 1fr / 50px"},
		{`none`, "none", "none", "none", "none"},
	}
	sh := shorthands["grid-template"]
	for _, tt := range tests {
		vals, ok := sh.expand(tt.in)
		if !ok || vals[0] != tt.rows || vals[1] != tt.cols || vals[2] != tt.area {
			t.Errorf("%s: expanded to %q, %v", tt.in, vals, ok)
			continue
		}
		if back, ok := sh.serialize(vals); !ok || back != tt.back {
			t.Errorf("%s: reads back as %q, %v; want %q", tt.in, back, ok, tt.back)
		}
	}
	for _, bad := range []string{`"a a" "b"`, `10px "a"`, `"a" 10px 20px`} {
		if vals, ok := sh.expand(bad); ok {
			t.Errorf("%s: taken as %q", bad, vals)
		}
	}
	// rows that do not pair with the areas have no shorthand
	if back, ok := sh.serialize([]string{"10px", "1fr", `"a" "b"`}); ok {
		t.Errorf("rows short of the areas: %q", back)
	}
}
