package cssvalue

import "math"

// A ColorSpace is the space a Color's components are in.
// https://drafts.csswg.org/css-color-4/#predefined
type ColorSpace uint8

// The color spaces. SpaceLegacy is sRGB given by a named color, a hex
// color, rgb(), hsl() or hwb(): it computes to rgb()/rgba() with 8-bit
// channels; SpaceSRGB is sRGB given by color(srgb …), a relative color or
// a color-mix() result, which Chromium keeps as floats. SpaceHSL and
// SpaceHWB exist only as color-mix()'s interpolation spaces.
const (
	SpaceLegacy ColorSpace = iota
	SpaceSRGB
	SpaceSRGBLinear
	SpaceDisplayP3
	SpaceA98RGB
	SpaceProPhotoRGB
	SpaceRec2020
	SpaceXYZD50
	SpaceXYZD65
	SpaceLab
	SpaceLCh
	SpaceOKLab
	SpaceOKLCh
	SpaceHSL
	SpaceHWB
)

// spaceNames are the names color() and color-mix() write the spaces with.
var spaceNames = [...]string{
	SpaceLegacy: "srgb", SpaceSRGB: "srgb", SpaceSRGBLinear: "srgb-linear", SpaceDisplayP3: "display-p3",
	SpaceA98RGB: "a98-rgb", SpaceProPhotoRGB: "prophoto-rgb", SpaceRec2020: "rec2020", SpaceXYZD50: "xyz-d50",
	SpaceXYZD65: "xyz-d65", SpaceLab: "lab", SpaceLCh: "lch", SpaceOKLab: "oklab", SpaceOKLCh: "oklch",
	SpaceHSL: "hsl", SpaceHWB: "hwb",
}

func (s ColorSpace) String() string { return spaceNames[s] }

// hueIndex is the index of s's hue component, or -1 when it has none.
func (s ColorSpace) hueIndex() int {
	switch s {
	case SpaceLCh, SpaceOKLCh:
		return 2
	case SpaceHSL, SpaceHWB:
		return 0
	}
	return -1
}

// isRGB reports whether s is one of the RGB spaces (color()'s r g b).
func (s ColorSpace) isRGB() bool { return s >= SpaceLegacy && s <= SpaceRec2020 }

// A mat3 is a 3×3 matrix applied to column vectors.
type mat3 [3][3]float64

func (m *mat3) apply(v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

func (m *mat3) mul(n *mat3) mat3 {
	var r mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
		}
	}
	return r
}

func (m *mat3) inverse() mat3 {
	a := m
	det := a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) - a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0]) + a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0])
	var r mat3
	r[0][0] = (a[1][1]*a[2][2] - a[1][2]*a[2][1]) / det
	r[0][1] = (a[0][2]*a[2][1] - a[0][1]*a[2][2]) / det
	r[0][2] = (a[0][1]*a[1][2] - a[0][2]*a[1][1]) / det
	r[1][0] = (a[1][2]*a[2][0] - a[1][0]*a[2][2]) / det
	r[1][1] = (a[0][0]*a[2][2] - a[0][2]*a[2][0]) / det
	r[1][2] = (a[0][2]*a[1][0] - a[0][0]*a[1][2]) / det
	r[2][0] = (a[1][0]*a[2][1] - a[1][1]*a[2][0]) / det
	r[2][1] = (a[0][1]*a[2][0] - a[0][0]*a[2][1]) / det
	r[2][2] = (a[0][0]*a[1][1] - a[0][1]*a[1][0]) / det
	return r
}

// The conversions pivot on CIE XYZ relative to D50, as Chromium's do, with
// Chromium's constants where they differ from CSS Color 4's sample code
// (so that computed values agree with Chromium's to about six digits): the
// sRGB matrix is the ICC 16.16 fixed-point one, Lab's white is
// (0.9642, 1, 0.8251), and D65 is adapted to the ICC D50 white
// (0.96422, 1, 0.82521) with the Bradford transform. The other gamuts'
// matrices come from their primaries and white points.
// https://drafts.csswg.org/css-color-4/#color-conversion-code
var (
	srgbToXYZD50 = mat3{
		{0x6FA2 / 65536.0, 0x6299 / 65536.0, 0x24A0 / 65536.0},
		{0x38F5 / 65536.0, 0xB785 / 65536.0, 0x0F84 / 65536.0},
		{0x0390 / 65536.0, 0x18DA / 65536.0, 0xB6CF / 65536.0},
	}
	xyzD50ToSRGB                       mat3
	d65ToD50, d50ToD65                 mat3
	p3ToXYZD50, xyzD50ToP3             mat3
	a98ToXYZD50, xyzD50ToA98           mat3
	rec2020ToXYZD50, xyzD50ToRec2020   mat3
	prophotoToXYZD50, xyzD50ToProphoto mat3
	xyzD65ToLMS, lmsToXYZD65           mat3
	oklabToLMS, lmsToOKLab             mat3
	labWhite                                   = [3]float64{0.9642, 1, 0.8251}
	iccD50                                     = [3]float64{0.96422, 1, 0.82521}
	bradford                                   = mat3{{0.8951, 0.2664, -0.1614}, {-0.7502, 1.7135, 0.0367}, {0.0389, -0.0685, 1.0296}}
	d65x, d65y                         float64 = 0.3127, 0.3290
)

func init() {
	xyzD50ToSRGB = srgbToXYZD50.inverse()
	d65ToD50 = adaptToD50(d65x, d65y)
	d50ToD65 = d65ToD50.inverse()
	p3ToXYZD50 = mat3{{0.515102, 0.291965, 0.157153}, {0.241182, 0.692236, 0.0665819}, {-0.00104941, 0.0418818, 0.784378}}
	xyzD50ToP3 = p3ToXYZD50.inverse()
	// Chromium's a98-rgb matrix is Skia's Adobe RGB one, in 16.16 fixed point.
	a98ToXYZD50 = mat3{
		{0x9c18 / 65536.0, 0x348d / 65536.0, 0x2631 / 65536.0},
		{0x4fa5 / 65536.0, 0xa02c / 65536.0, 0x102f / 65536.0},
		{0x04fc / 65536.0, 0x0f95 / 65536.0, 0xbe9c / 65536.0},
	}
	xyzD50ToA98 = a98ToXYZD50.inverse()
	rec2020ToXYZD50 = mat3{{0.673459, 0.165661, 0.125100}, {0.279033, 0.675338, 0.0456288}, {-0.00193139, 0.0299794, 0.797162}}
	xyzD50ToRec2020 = rec2020ToXYZD50.inverse()
	prophotoToXYZD50 = primariesToXYZD50(0.734699, 0.265301, 0.159597, 0.840403, 0.036598, 0.000105, 0.34567, 0.35850)
	xyzD50ToProphoto = prophotoToXYZD50.inverse()
	// OKLab's matrices, as Chromium has them.
	// https://bottosson.github.io/posts/oklab/
	xyzD65ToLMS = mat3{
		{0.8190224432164319, 0.3619062562801221, -0.12887378261216414},
		{0.0329836671980271, 0.9292868468965546, 0.03614466816999844},
		{0.048177199566046255, 0.26423952494422764, 0.6335478258136937},
	}
	lmsToXYZD65 = xyzD65ToLMS.inverse()
	oklabToLMS = mat3{
		{0.99999999845051981432, 0.39633779217376785678, 0.21580375806075880339},
		{1.0000000088817607767, -0.1055613423236563494, -0.063854174771705903402},
		{1.0000000546724109177, -0.089484182094965759684, -1.2914855378640917399},
	}
	lmsToOKLab = oklabToLMS.inverse()
}

// adaptToD50 is the Bradford chromatic adaptation from the white point
// (wx, wy) to the ICC D50 white.
func adaptToD50(wx, wy float64) mat3 {
	src := bradford.apply([3]float64{wx / wy, 1, (1 - wx - wy) / wy})
	dst := bradford.apply(iccD50)
	scale := mat3{{dst[0] / src[0], 0, 0}, {0, dst[1] / src[1], 0}, {0, 0, dst[2] / src[2]}}
	inv := bradford.inverse()
	m := scale.mul(&bradford)
	return inv.mul(&m)
}

// primariesToXYZD50 is the matrix from linear RGB with the given primaries
// and white point to XYZ D50.
func primariesToXYZD50(rx, ry, gx, gy, bx, by, wx, wy float64) mat3 {
	prim := mat3{
		{rx / ry, gx / gy, bx / by},
		{1, 1, 1},
		{(1 - rx - ry) / ry, (1 - gx - gy) / gy, (1 - bx - by) / by},
	}
	inv := prim.inverse()
	s := inv.apply([3]float64{wx / wy, 1, (1 - wx - wy) / wy})
	toXYZ := mat3{
		{prim[0][0] * s[0], prim[0][1] * s[1], prim[0][2] * s[2]},
		{prim[1][0] * s[0], prim[1][1] * s[1], prim[1][2] * s[2]},
		{prim[2][0] * s[0], prim[2][1] * s[1], prim[2][2] * s[2]},
	}
	adapt := adaptToD50(wx, wy)
	return adapt.mul(&toXYZ)
}

// signed applies f to |v| and gives the result v's sign (the transfer
// functions extended to negative values).
func signed(v float64, f func(float64) float64) float64 {
	if v < 0 {
		return -f(-v)
	}
	return f(v)
}

func srgbToLinear(v float64) float64 {
	return signed(v, func(x float64) float64 {
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	})
}

func srgbFromLinear(v float64) float64 {
	return signed(v, func(x float64) float64 {
		if x <= 0.0031308 {
			return x * 12.92
		}
		return 1.055*math.Pow(x, 1/2.4) - 0.055
	})
}

// a98-rgb's transfer function is a pure gamma of 2.2 in Chromium (CSS
// Color 4 says 563/256).
func a98ToLinear(v float64) float64 {
	return signed(v, func(x float64) float64 { return math.Pow(x, 2.2) })
}

func a98FromLinear(v float64) float64 {
	return signed(v, func(x float64) float64 { return math.Pow(x, 1/2.2) })
}

func prophotoToLinear(v float64) float64 {
	return signed(v, func(x float64) float64 {
		if x <= 16.0/512 {
			return x / 16
		}
		return math.Pow(x, 1.8)
	})
}

func prophotoFromLinear(v float64) float64 {
	return signed(v, func(x float64) float64 {
		if x >= 1.0/512 {
			return math.Pow(x, 1/1.8)
		}
		return 16 * x
	})
}

const rec2020Alpha, rec2020Beta = 1.09929682680944, 0.018053968510807

func rec2020ToLinear(v float64) float64 {
	return signed(v, func(x float64) float64 {
		if x < rec2020Beta*4.5 {
			return x / 4.5
		}
		return math.Pow((x+rec2020Alpha-1)/rec2020Alpha, 1/0.45)
	})
}

func rec2020FromLinear(v float64) float64 {
	return signed(v, func(x float64) float64 {
		if x < rec2020Beta {
			return 4.5 * x
		}
		return rec2020Alpha*math.Pow(x, 0.45) - (rec2020Alpha - 1)
	})
}

func mapEach(v [3]float64, f func(float64) float64) [3]float64 {
	return [3]float64{f(v[0]), f(v[1]), f(v[2])}
}

// toXYZD50 converts components in space s to XYZ D50.
func toXYZD50(s ColorSpace, c [3]float64) [3]float64 {
	switch s {
	case SpaceLegacy, SpaceSRGB:
		return srgbToXYZD50.apply(mapEach(c, srgbToLinear))
	case SpaceSRGBLinear:
		return srgbToXYZD50.apply(c)
	case SpaceDisplayP3:
		return p3ToXYZD50.apply(mapEach(c, srgbToLinear))
	case SpaceA98RGB:
		return a98ToXYZD50.apply(mapEach(c, a98ToLinear))
	case SpaceProPhotoRGB:
		return prophotoToXYZD50.apply(mapEach(c, prophotoToLinear))
	case SpaceRec2020:
		return rec2020ToXYZD50.apply(mapEach(c, rec2020ToLinear))
	case SpaceXYZD50:
		return c
	case SpaceXYZD65:
		return d65ToD50.apply(c)
	case SpaceLab:
		return labToXYZD50(c)
	case SpaceLCh:
		return labToXYZD50(polarToRect(c))
	case SpaceOKLab:
		return d65ToD50.apply(oklabToXYZD65(c))
	case SpaceOKLCh:
		return d65ToD50.apply(oklabToXYZD65(polarToRect(c)))
	case SpaceHSL:
		r, g, b := hslToRGB(c[0], c[1]/100, c[2]/100)
		return toXYZD50(SpaceSRGB, [3]float64{r, g, b})
	case SpaceHWB:
		r, g, b := hwbToRGB(c[0], c[1]/100, c[2]/100)
		return toXYZD50(SpaceSRGB, [3]float64{r, g, b})
	}
	return c
}

// fromXYZD50 converts XYZ D50 to components in space s.
func fromXYZD50(s ColorSpace, xyz [3]float64) [3]float64 {
	switch s {
	case SpaceLegacy, SpaceSRGB:
		return mapEach(xyzD50ToSRGB.apply(xyz), srgbFromLinear)
	case SpaceSRGBLinear:
		return xyzD50ToSRGB.apply(xyz)
	case SpaceDisplayP3:
		return mapEach(xyzD50ToP3.apply(xyz), srgbFromLinear)
	case SpaceA98RGB:
		return mapEach(xyzD50ToA98.apply(xyz), a98FromLinear)
	case SpaceProPhotoRGB:
		return mapEach(xyzD50ToProphoto.apply(xyz), prophotoFromLinear)
	case SpaceRec2020:
		return mapEach(xyzD50ToRec2020.apply(xyz), rec2020FromLinear)
	case SpaceXYZD50:
		return xyz
	case SpaceXYZD65:
		return d50ToD65.apply(xyz)
	case SpaceLab:
		return xyzD50ToLab(xyz)
	case SpaceLCh:
		return rectToPolar(xyzD50ToLab(xyz))
	case SpaceOKLab:
		return xyzD65ToOKLab(d50ToD65.apply(xyz))
	case SpaceOKLCh:
		return rectToPolar(xyzD65ToOKLab(d50ToD65.apply(xyz)))
	case SpaceHSL, SpaceHWB:
		return fromSRGB(s, fromXYZD50(SpaceSRGB, xyz))
	}
	return xyz
}

// fromSRGB converts sRGB to hsl (h, s, l in 0–100) or hwb (h, w, b).
// https://drafts.csswg.org/css-color-4/#rgb-to-hsl
func fromSRGB(s ColorSpace, c [3]float64) [3]float64 {
	r, g, b := c[0], c[1], c[2]
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	d := hi - lo
	h, sat, l := 0.0, 0.0, (hi+lo)/2
	if d != 0 {
		if l != 0 && l != 1 {
			sat = (hi - l) / math.Min(l, 1-l)
		}
		switch hi {
		case r:
			h = (g-b)/d + 0
			if g < b {
				h += 6
			}
		case g:
			h = (b-r)/d + 2
		default:
			h = (r-g)/d + 4
		}
		h *= 60
	}
	if s == SpaceHWB {
		return [3]float64{h, lo * 100, (1 - hi) * 100}
	}
	return [3]float64{h, sat * 100, l * 100}
}

// https://drafts.csswg.org/css-color-4/#color-conversion-code
func labToXYZD50(c [3]float64) [3]float64 {
	const kappa, eps3 = 24389.0 / 27, 24.0 / 116
	f1 := (c[0] + 16) / 116
	f0 := c[1]/500 + f1
	f2 := f1 - c[2]/200
	inv := func(t float64) float64 {
		if t > eps3 {
			return t * t * t
		}
		return (116*t - 16) / kappa
	}
	return [3]float64{inv(f0) * labWhite[0], inv(f1) * labWhite[1], inv(f2) * labWhite[2]}
}

func xyzD50ToLab(xyz [3]float64) [3]float64 {
	const kappa, eps = 24389.0 / 27, 216.0 / 24389
	f := func(t float64) float64 {
		if t > eps {
			return math.Cbrt(t)
		}
		return (kappa*t + 16) / 116
	}
	f0, f1, f2 := f(xyz[0]/labWhite[0]), f(xyz[1]/labWhite[1]), f(xyz[2]/labWhite[2])
	return [3]float64{116*f1 - 16, 500 * (f0 - f1), 200 * (f1 - f2)}
}

func oklabToXYZD65(c [3]float64) [3]float64 {
	lms := oklabToLMS.apply(c)
	for i, v := range lms {
		lms[i] = v * v * v
	}
	return lmsToXYZD65.apply(lms)
}

func xyzD65ToOKLab(xyz [3]float64) [3]float64 {
	lms := xyzD65ToLMS.apply(xyz)
	for i, v := range lms {
		lms[i] = math.Cbrt(v)
	}
	return lmsToOKLab.apply(lms)
}

// polarToRect converts l, c, h (degrees) to l, a, b.
func polarToRect(c [3]float64) [3]float64 {
	h := c[2] * math.Pi / 180
	return [3]float64{c[0], c[1] * math.Cos(h), c[1] * math.Sin(h)}
}

// rectToPolar converts l, a, b to l, c, h (degrees in [0, 360)).
func rectToPolar(c [3]float64) [3]float64 {
	h := math.Atan2(c[2], c[1]) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	return [3]float64{c[0], math.Hypot(c[1], c[2]), h}
}
