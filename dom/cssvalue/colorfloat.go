package cssvalue

import (
	"math"
	"strconv"
)

// A Color is a color in any CSS color space with float components, as
// Chromium keeps the colors of CSS Color 4 and 5 (lab(), oklch(), color(),
// color-mix(), relative colors). The components are in the units the
// space's function writes them in: 0–1 for color()'s spaces and OKLab's
// lightness, 0–100 for Lab's lightness and HSL's saturation and lightness,
// degrees for hues. None has bit i set when component i is `none`, bit 3
// for the alpha.
// https://drafts.csswg.org/css-color-4/#color-type
type Color struct {
	C     [3]float64
	A     float64
	Space ColorSpace
	None  uint8
}

const noneAlpha = 1 << 3

// FromRGBA is the Color of an 8-bit sRGB color.
func FromRGBA(c RGBA) Color {
	return Color{C: [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}, A: c.A, Space: SpaceLegacy}
}

// RGBA converts c to 8-bit sRGB, clamping what is out of gamut, as
// Chromium does where it needs 8-bit channels.
func (c Color) RGBA() RGBA {
	if c.Space != SpaceLegacy && c.Space != SpaceSRGB {
		c = c.Convert(SpaceSRGB)
	}
	ch := func(i int) uint8 {
		if c.None&(1<<i) != 0 {
			return 0
		}
		return uint8(math.Round(math.Max(0, math.Min(1, c.C[i])) * 255))
	}
	a := c.A
	if c.None&noneAlpha != 0 {
		a = 0
	}
	return RGBA{ch(0), ch(1), ch(2), math.Max(0, math.Min(1, a))}
}

// Convert converts c to space s. Missing components count as zero, except
// that a missing hue stays missing between the polar spaces of one family
// (lch and oklch keep it, hsl and hwb keep it).
// https://drafts.csswg.org/css-color-4/#color-conversion
func (c Color) Convert(s ColorSpace) Color {
	from := c.Space
	if from == SpaceLegacy {
		from = SpaceSRGB
		// Chromium keeps a legacy color's alpha in 8 bits.
		if c.None&noneAlpha == 0 {
			c.A = math.Round(c.A*255) / 255
		}
	}
	to := s
	if to == SpaceLegacy {
		to = SpaceSRGB
	}
	out := Color{A: c.A, Space: s, None: c.None & noneAlpha}
	if from == to {
		out.C, out.None = c.C, c.None
		return out
	}
	in := c.C
	for i := range in {
		if c.None&(1<<i) != 0 {
			in[i] = 0
		}
	}
	switch {
	case from == SpaceLab && to == SpaceLCh, from == SpaceOKLab && to == SpaceOKLCh:
		out.C = rectToPolar(in)
	case from == SpaceLCh && to == SpaceLab, from == SpaceOKLCh && to == SpaceOKLab:
		out.C = polarToRect(in)
	case from == SpaceSRGB && (to == SpaceHSL || to == SpaceHWB):
		out.C = fromSRGB(to, in)
	case (from == SpaceHSL || from == SpaceHWB) && to == SpaceSRGB:
		var r, g, b float64
		if from == SpaceHSL {
			r, g, b = hslToRGB(in[0], in[1]/100, in[2]/100)
		} else {
			r, g, b = hwbToRGB(in[0], in[1]/100, in[2]/100)
		}
		out.C = [3]float64{r, g, b}
	case (from == SpaceHSL || from == SpaceHWB) && (to == SpaceHSL || to == SpaceHWB):
		var r, g, b float64
		if from == SpaceHSL {
			r, g, b = hslToRGB(in[0], in[1]/100, in[2]/100)
		} else {
			r, g, b = hwbToRGB(in[0], in[1]/100, in[2]/100)
		}
		out.C = fromSRGB(to, [3]float64{r, g, b})
	default:
		out.C = fromXYZD50(to, toXYZD50(from, in))
	}
	// a missing lightness or hue carries over to an analogous component
	// https://drafts.csswg.org/css-color-4/#interpolation-missing
	if (from == SpaceLCh || from == SpaceOKLCh) && (to == SpaceLCh || to == SpaceOKLCh) {
		out.None |= c.None & 7
	}
	if (from == SpaceHSL || from == SpaceHWB) && (to == SpaceHSL || to == SpaceHWB) {
		out.None |= c.None & 1
	}
	if (from == SpaceLab || from == SpaceLCh || from == SpaceOKLab || from == SpaceOKLCh) &&
		(to == SpaceLab || to == SpaceLCh || to == SpaceOKLab || to == SpaceOKLCh) {
		out.None |= c.None & 1
	}
	if from.isRGB() && to.isRGB() || (from == SpaceXYZD50 || from == SpaceXYZD65) && (to == SpaceXYZD50 || to == SpaceXYZD65) {
		out.None |= c.None & 7
	}
	return out
}

// String serializes c as Chromium serializes a computed color: legacy sRGB
// as rgb()/rgba(), the other spaces in their own function (hsl and hwb,
// which only color-mix() gives, as color(srgb …)).
// https://drafts.csswg.org/css-color-4/#serializing-color-values
func (c Color) String() string {
	switch c.Space {
	case SpaceLegacy:
		return c.RGBA().String()
	case SpaceHSL, SpaceHWB:
		return c.Convert(SpaceSRGB).String()
	}
	b := make([]byte, 0, 48)
	switch c.Space {
	case SpaceLab, SpaceLCh, SpaceOKLab, SpaceOKLCh:
		b = append(b, spaceNames[c.Space]...)
		b = append(b, '(')
	default:
		b = append(b, "color("...)
		b = append(b, spaceNames[c.Space]...)
		b = append(b, ' ')
	}
	for i, v := range c.C {
		if i > 0 {
			b = append(b, ' ')
		}
		if c.None&(1<<i) != 0 {
			b = append(b, "none"...)
		} else {
			b = AppendColorNumber(b, v)
		}
	}
	if c.None&noneAlpha != 0 {
		b = append(b, " / none"...)
	} else if c.A < 1 {
		b = append(b, " / "...)
		b = AppendColorNumber(b, c.A)
	}
	return string(append(b, ')'))
}

// AppendColorNumber appends a component of a color as Chromium writes it:
// six significant digits, trailing zeros dropped, and an exponent with all
// six digits below 1e-6 or from 1e6 (1.00000e-7, 1.23457e+6).
func AppendColorNumber(b []byte, f float64) []byte {
	if f == 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, '0')
	}
	e := strconv.AppendFloat(nil, f, 'e', 5, 64) // d.ddddde±XX
	i := len(e) - 1
	for e[i] != 'e' {
		i--
	}
	exp, _ := strconv.Atoi(string(e[i+1:]))
	if exp < -6 || exp >= 6 {
		b = append(b, e[:i+2]...)
		j := i + 2
		for j < len(e)-1 && e[j] == '0' {
			j++
		}
		return append(b, e[j:]...)
	}
	return append(b, trimFixed(strconv.AppendFloat(nil, f, 'f', max(0, 5-exp), 64))...)
}

// trimFixed drops the trailing zeros (and a trailing point) of a fixed
// notation number.
func trimFixed(b []byte) []byte {
	if !containsDot(b) {
		return b
	}
	for b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return b
}

func containsDot(b []byte) bool {
	for _, c := range b {
		if c == '.' {
			return true
		}
	}
	return false
}
