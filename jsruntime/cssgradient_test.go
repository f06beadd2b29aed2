package jsruntime

import "testing"

// Gradients read back as Chromium 156 writes them (the values are
// Chromium's; testdata/wpt/sweep62-gradient-serialization.html has more).
func TestGradientSpecified(t *testing.T) {
	tests := []struct{ in, want string }{
		{"conic-gradient(#ccc 25%, #fff 0 50%, #ccc 0 75%, #fff 0)",
			"conic-gradient(rgb(204, 204, 204) 25%, rgb(255, 255, 255) 0deg, rgb(255, 255, 255) 50%, rgb(204, 204, 204) 0deg, rgb(204, 204, 204) 75%, rgb(255, 255, 255) 0deg)"},
		{"linear-gradient(red 0 50%, 70%, blue 0)", "linear-gradient(red 0px, red 50%, 70%, blue 0px)"},
		{"linear-gradient(transparent 0 1px, currentColor 0)", "linear-gradient(transparent 0px, transparent 1px, currentcolor 0px)"},
		{"linear-gradient(to bottom, red, blue)", "linear-gradient(red, blue)"},
		{"linear-gradient(0.5turn, red, blue)", "linear-gradient(red, blue)"},
		{"linear-gradient(0, red, blue)", "linear-gradient(0deg, red, blue)"},
		{"linear-gradient(to top left, red, blue)", "linear-gradient(to left top, red, blue)"},
		{"linear-gradient(in oklab to left, red, blue)", "linear-gradient(to left in oklab, red, blue)"},
		{"linear-gradient(in srgb to left, red, blue)", "linear-gradient(to left, red, blue)"},
		{"linear-gradient(in oklab, oklch(0.5 0.1 20), blue)", "linear-gradient(oklch(0.5 0.1 20), blue)"},
		{"linear-gradient(in hsl shorter hue, red, blue)", "linear-gradient(in hsl, red, blue)"},
		{"radial-gradient(circle farthest-corner, red, blue)", "radial-gradient(circle, red, blue)"},
		{"radial-gradient(circle 10px, red, blue)", "radial-gradient(10px, red, blue)"},
		{"radial-gradient(ellipse closest-side, red, blue)", "radial-gradient(closest-side, red, blue)"},
		{"radial-gradient(farthest-side circle at top, red, blue)", "radial-gradient(circle farthest-side at center top, red, blue)"},
		{"radial-gradient(at 50%, red, blue)", "radial-gradient(red, blue)"},
		{"radial-gradient(at bottom 0 right 10%, red, blue)", "radial-gradient(at right 10% bottom 0px, red, blue)"},
		{"conic-gradient(from 0turn, red 0 50%, blue)", "conic-gradient(red 0deg, red 50%, blue)"},
		{"conic-gradient(at 10px, red, blue)", "conic-gradient(at 10px center, red, blue)"},
		{"-webkit-radial-gradient(red 0, blue)", "-webkit-radial-gradient(center, red 0px, blue)"},
		{"-webkit-linear-gradient(left, red 0 1px, blue)", "-webkit-linear-gradient(left, red 0px, red 1px, blue)"},
		{"linear-gradient(var(--a) 0 50%, blue 0)", "linear-gradient(var(--a) 0 50%, blue 0)"},
	}
	for _, tt := range tests {
		got, ok := normalizeValue("background-image", tt.in)
		if !ok || got != tt.want {
			t.Errorf("%s:\n got %q, %v\nwant %q", tt.in, got, ok, tt.want)
		}
	}
	// a three-value position is <bg-position>'s, not a gradient's
	if got, ok := normalizeValue("background-image", "radial-gradient(at left 10px center, red, blue)"); ok {
		t.Errorf("three-value position taken: %q", got)
	}
}

func TestGradientComputed(t *testing.T) {
	comp := &gradientComputer{
		color: computedColor,
		length: func(c string) string {
			if c == "1em" {
				return "10px"
			}
			return c
		},
	}
	tests := []struct{ in, want string }{
		{"linear-gradient(0.25turn, red 0, blue 1em)", "linear-gradient(90deg, rgb(255, 0, 0) 0px, rgb(0, 0, 255) 10px)"},
		{"radial-gradient(at right 10px bottom 0, red, blue)", "radial-gradient(at calc(100% - 10px) 100%, rgb(255, 0, 0), rgb(0, 0, 255))"},
		{"radial-gradient(1em 5px at left, red, blue)", "radial-gradient(10px 5px at 0% 50%, rgb(255, 0, 0), rgb(0, 0, 255))"},
		{"conic-gradient(from 0.5turn at center top, red 1rad, blue 0.1turn)", "conic-gradient(from 180deg at 50% 0%, rgb(255, 0, 0) 57.2958deg, rgb(0, 0, 255) 36deg)"},
		{"conic-gradient(at 50% 50% in srgb, red, blue)", "conic-gradient(rgb(255, 0, 0), rgb(0, 0, 255))"},
		// Chromium 156: an angle's math function computed, a conic stop's
		// percentage with an angle a share of the turn
		{"linear-gradient(calc(0.5turn), red, blue)", "linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255))"},
		{"conic-gradient(from calc(0.25turn), red calc(10% + 1deg), blue calc(20%))", "conic-gradient(from 90deg, rgb(255, 0, 0) 37deg, rgb(0, 0, 255) 20%)"},
		// the position -webkit-radial-gradient's serialization gives
		// when there is none stays center; ellipse and cover by default
		{"-webkit-radial-gradient(center, red, blue)", "-webkit-radial-gradient(center, rgb(255, 0, 0), rgb(0, 0, 255))"},
		{"-webkit-radial-gradient(center center, circle, red, blue)", "-webkit-radial-gradient(50% 50%, circle cover, rgb(255, 0, 0), rgb(0, 0, 255))"},
	}
	for _, tt := range tests {
		if got := computedGradient(tt.in, comp); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}
