package cssvalue

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// closeColor reports whether two serialized colors have the same text but
// for numbers within tol (relative above 1) of each other.
func closeColor(got, want string, tol float64) bool {
	g, w := strings.FieldsFunc(got, colorSep), strings.FieldsFunc(want, colorSep)
	if len(g) != len(w) {
		return false
	}
	for i := range w {
		if g[i] == w[i] {
			continue
		}
		a, err1 := strconv.ParseFloat(g[i], 64)
		b, err2 := strconv.ParseFloat(w[i], 64)
		if err1 != nil || err2 != nil || math.Abs(a-b) > tol*math.Max(1, math.Abs(b)) {
			return false
		}
	}
	return true
}

func colorSep(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '/' || r == ',' }

// TestColorConversions checks conversions between the spaces against
// Chromium 148's results (relative colors read back with getComputedStyle),
// to 1e-5: Chromium computes in single precision.
func TestColorConversions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"oklch(from red l c h)", "oklch(0.627966 0.257704 29.2346)"},
		{"lab(from red l a b)", "lab(54.29 80.8198 69.8997)"},
		{"oklab(from #336699 l a b)", "oklab(0.499305 -0.0330228 -0.0929556)"},
		{"lab(from #336699 l a b)", "lab(41.5199 -4.56434 -33.4957)"},
		{"color(from red xyz x y z)", "color(xyz-d65 0.412426 0.212648 0.0193173)"},
		{"color(from red xyz-d50 x y z)", "color(xyz-d50 0.436066 0.222488 0.013916)"},
		{"color(from red display-p3 r g b)", "color(display-p3 0.91753 0.200241 0.138502)"},
		{"color(from red rec2020 r g b)", "color(rec2020 0.792016 0.230956 0.0737053)"},
		{"color(from red prophoto-rgb r g b)", "color(prophoto-rgb 0.702296 0.275702 0.103508)"},
		{"color(from red a98-rgb r g b)", "color(a98-rgb 0.858664 -0.00641248 -0.0053992)"},
		{"color(from lab(50 20 30) srgb r g b)", "color(srgb 0.630054 0.412583 0.268905)"},
		{"color(from lch(50 20 30) srgb r g b)", "color(srgb 0.592698 0.422602 0.403258)"},
		{"color(from oklab(0.5 0.1 0.1) srgb r g b)", "color(srgb 0.633185 0.257169 0.0118322)"},
		{"color(from oklch(0.5 0.1 100) srgb r g b)", "color(srgb 0.442181 0.391605 0.0441583)"},
		{"color(from color(display-p3 0.2 0.4 0.6) srgb r g b)", "color(srgb 0.103894 0.405955 0.617041)"},
		{"color(from color(rec2020 0.2 0.4 0.6) srgb r g b)", "color(srgb -0.209777 0.468654 0.658425)"},
		{"color(from color(prophoto-rgb 0.2 0.4 0.6) srgb r g b)", "color(srgb -0.423433 0.509502 0.689642)"},
		{"color(from color(xyz-d65 0.2 0.4 0.6) srgb r g b)", "color(srgb -0.552609 0.786698 0.775909)"},
		{"color(from color(xyz-d50 0.2 0.4 0.6) srgb r g b)", "color(srgb -0.596533 0.792281 0.889109)"},
		{"hsl(from color(display-p3 1 0 0) h s l)", "color(srgb 1.09302 -0.22669 -0.150074)"},
	} {
		got, ok := ComputeColor(c.in, Color{}, false)
		if !ok || !closeColor(got.String(), c.want, 1e-5) {
			t.Errorf("%s = %s, %v; want %s", c.in, got, ok, c.want)
		}
	}
}

// TestColorMix checks color-mix()'s results (Chromium 156's), its
// percentages, premultiplied alpha, missing components and hue methods.
func TestColorMix(t *testing.T) {
	cur := FromRGBA(RGBA{10, 20, 30, 1})
	for _, c := range []struct{ in, spec, want string }{
		{"color-mix(in srgb, red, blue)", "color-mix(in srgb, red, blue)", "color(srgb 0.5 0 0.5)"},
		{"color-mix(in srgb, red 30%, blue 30%)", "color-mix(in srgb, red 30%, blue 30%)", "color(srgb 0.5 0 0.5 / 0.6)"},
		{"color-mix(in srgb, red, blue 30%)", "color-mix(in srgb, red 70%, blue 30%)", "color(srgb 0.7 0 0.3)"},
		{"color-mix(in srgb, red 30%, blue 70%)", "color-mix(in srgb, red 30%, blue 70%)", "color(srgb 0.3 0 0.7)"},
		{"color-mix(in srgb, transparent, red 15%)", "color-mix(in srgb, transparent 85%, red 15%)", "color(srgb 1 0 0 / 0.15)"},
		{"color-mix(in srgb, rgb(255 0 0 / 0.5), blue)", "color-mix(in srgb, rgba(255, 0, 0, 0.5), blue)", "color(srgb 0.333333 0 0.666667 / 0.75)"},
		{"color-mix(in srgb, color(srgb none 0.5 0.5 / 0.5), red)", "color-mix(in srgb, color(srgb none 0.5 0.5 / 0.5), red)", "color(srgb 1 0.166667 0.166667 / 0.75)"},
		{"color-mix(in oklab, red, blue)", "color-mix(red, blue)", "oklab(0.539974 0.0962086 -0.0928316)"},
		{"color-mix(in lab, red, blue)", "color-mix(in lab, red, blue)", "lab(41.9277 74.5607 -21.0676)"},
		{"color-mix(in oklch, red, blue)", "color-mix(in oklch, red, blue)", "oklch(0.539974 0.285457 326.643)"},
		{"color-mix(in oklch longer hue, red, blue)", "color-mix(in oklch longer hue, red, blue)", "oklch(0.539974 0.285457 146.643)"},
		{"color-mix(in oklch shorter hue, red, blue)", "color-mix(in oklch, red, blue)", "oklch(0.539974 0.285457 326.643)"},
		{"color-mix(in oklch increasing hue, oklch(0.5 0.1 10), oklch(0.7 0.2 350))", "color-mix(in oklch increasing hue, oklch(0.5 0.1 10), oklch(0.7 0.2 350))", "oklch(0.6 0.15 180)"},
		{"color-mix(in oklch decreasing hue, oklch(0.5 0.1 10), oklch(0.7 0.2 350))", "color-mix(in oklch decreasing hue, oklch(0.5 0.1 10), oklch(0.7 0.2 350))", "oklch(0.6 0.15 0)"},
		{"color-mix(in oklch, white, red)", "color-mix(in oklch, white, red)", "oklch(0.81398 0.128877 29.2346)"},
		{"color-mix(in hsl, white, blue)", "color-mix(in hsl, white, blue)", "color(srgb 0.625 0.625 0.875)"},
		{"color-mix(in xyz, red, blue)", "color-mix(in xyz-d65, red, blue)", "color(xyz-d65 0.296439 0.142411 0.484861)"},
		{"color-mix(in srgb, currentcolor 20%, transparent)", "color-mix(in srgb, currentcolor 20%, transparent 80%)", "color(srgb 0.0392157 0.0784314 0.117647 / 0.2)"},
		{"color-mix(in srgb, red calc(20% + 10%), blue)", "color-mix(in srgb, red calc(30%), blue)", "color(srgb 0.3 0 0.7)"},
		{"color-mix(in srgb, red 0%, blue 0%)", "color-mix(in srgb, red 0%, blue 0%)", "color(srgb 0.5 0 0.5 / 0)"},
		{"color-mix(in srgb, red 50%, blue)", "color-mix(in srgb, red, blue)", "color(srgb 0.5 0 0.5)"},
		{"color-mix(in oklab, #fff 20%, oklch(0.5 0.1 200))", "color-mix(rgb(255, 255, 255) 20%, oklch(0.5 0.1 200) 80%)", "oklab(0.599999 -0.0751663 -0.0273576)"},
	} {
		spec, ok := SpecifiedColor(c.in)
		if !ok || spec != c.spec {
			t.Errorf("specified %s = %q, %v; want %q", c.in, spec, ok, c.spec)
		}
		got, ok := ComputeColor(c.in, cur, true)
		if !ok || !closeColor(got.String(), c.want, 1e-5) {
			t.Errorf("%s = %s, %v; want %s", c.in, got, ok, c.want)
		}
	}
	for _, bad := range []string{
		"color-mix(in srgb, red -10%, blue)", "color-mix(in srgb, red 110%, blue)",
		"color-mix(in srgb, red, blue, green)", "color-mix(in srgb red, blue)", "color-mix(in srgb longer hue, red, blue)",
		"color-mix(in foo, red, blue)", "color-mix(in srgb, red 10% 20%, blue)", "color-mix(in srgb, red)",
		"color-mix(in srgb, red, notacolor)", "color-mix(" + strings.Repeat("color-mix(red, ", 40) + "red" + strings.Repeat(")", 40) + ", red)",
	} {
		if s, ok := SpecifiedColor(bad); ok {
			t.Errorf("%s is valid (%s); want invalid", bad, s)
		}
	}
	if _, ok := ComputeColor("color-mix(in srgb, currentcolor, red)", Color{}, false); ok {
		t.Error("currentcolor resolved without a current color")
	}
}

// TestColorParse checks the specified values of lab() and its kin,
// color() and relative colors, and what is invalid.
func TestColorParse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"lab(50% 20% -30%)", "lab(50 25 -37.5)"},
		{"lab(150 200 30 / 50%)", "lab(100 200 30 / 0.5)"},
		{"LAB(none 20 30 / none)", "lab(none 20 30 / none)"},
		{"lch(50 30 -40deg)", "lch(50 30 320)"},
		{"lch(50 30 0.5rad)", "lch(50 30 28.6479)"},
		{"lch(50 30 100grad)", "lch(50 30 90)"},
		{"lch(50 -30 1turn)", "lch(50 0 0)"},
		{"oklab(50% 25% -12.5%)", "oklab(0.5 0.1 -0.05)"},
		{"oklch(0.123456789 0.15 200.123456)", "oklch(0.123457 0.15 200.123)"},
		{"oklch(calc(0.5 + 0.2) 0.15 200 / calc(0.5))", "oklch(calc(0.7) 0.15 200 / calc(0.5))"},
		{"color(xyz 0.2 0.4 0.6)", "color(xyz-d65 0.2 0.4 0.6)"},
		{"color(srgb 20% 40% 60% / 2)", "color(srgb 0.2 0.4 0.6)"},
		{"color(srgb 1234567 0.0000001 -0)", "color(srgb 1.23457e+6 1.00000e-7 0)"},
		{"color(srgb calc(0.1 + 0.1) 0.4 0.6)", "color(srgb 0.2 0.4 0.6)"},
		{"rgba(from #336699 calc(r + 10) g b)", "rgb(from rgb(51, 102, 153) calc(10 + r) g b)"},
		{"lab(from red l a b / calc(alpha / 2))", "lab(from red l a b / calc(0.5 * alpha))"},
		{"color(from red xyz x y z)", "color(from red xyz-d65 x y z)"},
	} {
		if got, ok := SpecifiedColor(c.in); !ok || got != c.want {
			t.Errorf("specified %s = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, bad := range []string{
		"oklch(0.7, 0.15, 200)", "color(srgb 0.2 0.4)", "color(foo 0.2 0.4 0.6)", "lab(50 20)", "lch(50 30 40%)",
		"lab(50deg 20 30)", "rgb(from red r g)", "rgb(from red r g b c)", "rgb(from red x g b)", "oklch(from red l c h / 1 / 2)",
		"color(from red srgb x y z)", "lab(", "color()", "rgb(from)",
	} {
		if s, ok := SpecifiedColor(bad); ok {
			t.Errorf("%s is valid (%s); want invalid", bad, s)
		}
	}
}

// TestAppendColorNumber checks Chromium's six significant digits.
func TestAppendColorNumber(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {0.5, "0.5"}, {0.0392157, "0.0392157"}, {28.64788975654116, "28.6479"},
		{0.0000497986, "0.0000497986"}, {1e-7, "1.00000e-7"}, {-6.853952e-9, "-6.85395e-9"},
		{1234567, "1.23457e+6"}, {999999.7, "1.00000e+6"}, {100000, "100000"}, {359.99999999, "360"},
	} {
		if got := string(AppendColorNumber(nil, c.f)); got != c.want {
			t.Errorf("AppendColorNumber(%v) = %s; want %s", c.f, got, c.want)
		}
	}
}

// TestColorRGBA checks the 8-bit conversion of float colors.
func TestColorRGBA(t *testing.T) {
	for _, c := range []struct {
		in   string
		want RGBA
	}{
		{"color(srgb 0.5 0 1.5 / 0.5)", RGBA{128, 0, 255, 0.5}},
		{"lab(54.29 80.8198 69.8997)", RGBA{255, 0, 0, 1}},
		{"oklch(0.627966 0.257704 29.2346)", RGBA{255, 0, 0, 1}},
		{"#336699", RGBA{51, 102, 153, 1}},
	} {
		c1, ok := ComputeColor(c.in, Color{}, false)
		if got := c1.RGBA(); !ok || got != c.want {
			t.Errorf("%s = %v; want %v", c.in, got, c.want)
		}
	}
}

// TestInterpolate checks animation interpolation against Chromium 148:
// premultiplied sRGB for two legacy colors, OKLab otherwise.
func TestInterpolate(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"red", "blue", "rgb(191, 0, 64)"},
		{"rgba(255, 0, 0, 0.5)", "blue", "rgba(153, 0, 102, 0.627)"},
		{"oklch(0.5 0.1 200)", "red", "oklab(0.531992 -0.014257 0.00581335)"},
		{"rgba(255,0,0,0.5)", "oklab(0.5 0.1 0.1)", "oklab(0.5769 0.175045 0.11554 / 0.626471)"},
		{"color(srgb 1 0 0)", "color(srgb 0 0 1)", "oklab(0.58397 0.160544 0.0165139)"},
	} {
		a, _ := ComputeColor(c.a, Color{}, false)
		b, _ := ComputeColor(c.b, Color{}, false)
		if got := Interpolate(a, b, 0.25).String(); !closeColor(got, c.want, 1e-5) {
			t.Errorf("%s -> %s at 0.25 = %s; want %s", c.a, c.b, got, c.want)
		}
	}
}

// FuzzColor checks that no input makes the color parser panic or hang,
// and that a specified value it gives parses again to the same text.
func FuzzColor(f *testing.F) {
	for _, s := range []string{
		"color-mix(in oklch longer hue, red 30%, oklch(0.5 0.1 200 / 50%))", "rgb(from var(--c) r g b / 50%)",
		"oklch(from #336699 calc(l * 0.8) c calc(h + 180) / calc(alpha / 2))", "color(from red xyz-d50 x y z)",
		"lab(calc(50) none 30 / none)", "color(display-p3 1 0 0 / 2)", "color-mix(in srgb, currentcolor, transparent 10%)",
		"color-mix(in srgb, red calc(20% + 10%), blue", "rgb(from rgb(from red r g b) r g b)", "hwb(from red h w b)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, ok := SpecifiedColor(s)
		ComputeColor(s, FromRGBA(RGBA{1, 2, 3, 1}), true)
		if !ok {
			return
		}
		again, ok := SpecifiedColor(spec)
		if !ok {
			t.Fatalf("%q specifies %q, which does not parse", s, spec)
		}
		_ = again
	})
}
