package cssvalue

import "testing"

// TestLightDark: light-dark() keeps its colors' specified values and
// computes to the first (the light scheme's), alone and inside
// color-mix(); a wrong number of arguments or a non-color is invalid.
func TestLightDark(t *testing.T) {
	for _, c := range []struct{ in, spec, computed string }{
		{"light-dark(RED, #00F)", "light-dark(red, rgb(0, 0, 255))", "rgb(255, 0, 0)"},
		{"light-dark(light-dark(red, green), blue)", "light-dark(light-dark(red, green), blue)", "rgb(255, 0, 0)"},
		{"color-mix(in srgb, light-dark(red, blue), white)", "color-mix(in srgb, light-dark(red, blue), white)", "color(srgb 1 0.5 0.5)"},
	} {
		spec, ok := SpecifiedColor(c.in)
		if !ok || spec != c.spec {
			t.Errorf("%s: specified %q %v, want %q", c.in, spec, ok, c.spec)
		}
		col, ok := ComputeColor(c.in, Color{}, false)
		if got := col.String(); !ok || got != c.computed {
			t.Errorf("%s: computed %q %v, want %q", c.in, got, ok, c.computed)
		}
	}
	for _, bad := range []string{"light-dark(red)", "light-dark(red, blue, green)", "light-dark(red, 10px)", "light-dark()"} {
		if _, ok := SpecifiedColor(bad); ok {
			t.Errorf("%s: valid", bad)
		}
	}
}
