package cssvalue

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// An RGBA is an sRGB color with 8-bit channels and an alpha in [0, 1].
type RGBA struct {
	R, G, B uint8
	A       float64
}

// String serializes the color as Chromium serializes sRGB colors:
// rgb(r, g, b), or rgba(r, g, b, a) when it is not opaque.
// https://drafts.csswg.org/css-color/#serializing-sRGB-values
func (c RGBA) String() string {
	b := make([]byte, 0, 24)
	if c.A >= 1 {
		b = append(b, "rgb("...)
	} else {
		b = append(b, "rgba("...)
	}
	b = strconv.AppendInt(b, int64(c.R), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(c.G), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(c.B), 10)
	if c.A < 1 {
		b = append(b, ", "...)
		b = append(b, FormatAlpha(c.A)...)
	}
	return string(append(b, ')'))
}

// FormatAlpha prints an alpha as Chromium does: the shortest of two or
// three decimals that keeps its 8-bit value.
func FormatAlpha(a float64) string {
	if a <= 0 {
		return "0"
	}
	b8 := math.Round(a * 255)
	two := math.Round(b8/255*100) / 100
	if math.Round(two*255) == b8 {
		return FormatNumber(two)
	}
	return FormatNumber(math.Round(b8/255*1000) / 1000)
}

// ParseColor parses an sRGB color: a named color, transparent, a hex
// color, or rgb(), rgba(), hsl(), hsla() or hwb() in legacy (comma) or
// modern (space, slash alpha) syntax, whose components may be calc()s.
// System colors and Chromium's -webkit- color keywords are their colors;
// currentcolor and other color spaces are not sRGB values here (ok=false).
func ParseColor(t string) (RGBA, bool) {
	t = strings.TrimSpace(t)
	if t == "" {
		return RGBA{}, false
	}
	if t[0] == '#' {
		return ParseHex(t[1:])
	}
	if strings.IndexByte(t, '(') < 0 {
		lower := ascii.Lower(t)
		if c, ok := NamedColors[lower]; ok {
			return RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 1}, true
		}
		if lower == "transparent" {
			return RGBA{}, true
		}
		if c, ok := SystemColors[lower]; ok {
			return c, true
		}
		if c, ok := WebkitColors[lower]; ok {
			return c, true
		}
		return RGBA{}, false
	}
	return ParseColorFunction(t)
}

// SystemColors are the system colors (CSS Color 4's and the deprecated
// ones) as Chromium 156 computes them in the light color scheme, by their
// lowercase names.
// https://drafts.csswg.org/css-color-4/#css-system-colors
var SystemColors = map[string]RGBA{
	"accentcolor": {0, 117, 255, 1}, "accentcolortext": {255, 255, 255, 1}, "activetext": {255, 0, 0, 1},
	"buttonborder": {0, 0, 0, 1}, "buttonface": {239, 239, 239, 1}, "buttontext": {0, 0, 0, 1},
	"canvas": {255, 255, 255, 1}, "canvastext": {0, 0, 0, 1}, "field": {255, 255, 255, 1},
	"fieldtext": {0, 0, 0, 1}, "graytext": {128, 128, 128, 1}, "highlight": {0, 65, 198, 0.8},
	"highlighttext": {255, 255, 255, 1}, "linktext": {0, 0, 238, 1}, "mark": {255, 255, 0, 1},
	"marktext": {0, 0, 0, 1}, "selecteditem": {25, 103, 210, 1}, "selecteditemtext": {255, 255, 255, 1},
	"visitedtext": {85, 26, 139, 1},
	// deprecated https://drafts.csswg.org/css-color-4/#deprecated-system-colors
	"activeborder": {0, 0, 0, 1}, "activecaption": {255, 255, 255, 1}, "appworkspace": {255, 255, 255, 1},
	"background": {255, 255, 255, 1}, "buttonhighlight": {239, 239, 239, 1}, "buttonshadow": {239, 239, 239, 1},
	"captiontext": {0, 0, 0, 1}, "inactiveborder": {0, 0, 0, 1}, "inactivecaption": {255, 255, 255, 1},
	"inactivecaptiontext": {128, 128, 128, 1}, "infobackground": {255, 255, 255, 1}, "infotext": {0, 0, 0, 1},
	"menu": {255, 255, 255, 1}, "menutext": {0, 0, 0, 1}, "scrollbar": {255, 255, 255, 1},
	"threeddarkshadow": {0, 0, 0, 1}, "threedface": {239, 239, 239, 1}, "threedhighlight": {0, 0, 0, 1},
	"threedlightshadow": {0, 0, 0, 1}, "threedshadow": {0, 0, 0, 1}, "window": {255, 255, 255, 1},
	"windowframe": {0, 0, 0, 1}, "windowtext": {0, 0, 0, 1},
}

// WebkitColors are Chromium's own color keywords, by their lowercase
// names, as Chromium 156 computes them: -webkit-link is the unvisited
// link's color and -webkit-activelink the active link's, taken wherever a
// color goes (in color-mix() and light-dark() too); -webkit-focus-ring-color
// is a color of outline and outline-color only (the grammars decide that).
var WebkitColors = map[string]RGBA{
	"-webkit-link": {0, 0, 238, 1}, "-webkit-activelink": {255, 0, 0, 1},
	"-webkit-focus-ring-color": {16, 16, 16, 1},
}

// ParseHex parses the digits of a hex color (#rgb, #rgba, #rrggbb,
// #rrggbbaa) without the #.
// https://drafts.csswg.org/css-color/#hex-notation
func ParseHex(h string) (RGBA, bool) {
	var v [8]uint8
	if len(h) > 8 {
		return RGBA{}, false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			v[i] = c - '0'
		case c >= 'a' && c <= 'f':
			v[i] = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v[i] = c - 'A' + 10
		default:
			return RGBA{}, false
		}
	}
	switch len(h) {
	case 3, 4:
		a := 255
		if len(h) == 4 {
			a = int(v[3]) * 17
		}
		return RGBA{v[0] * 17, v[1] * 17, v[2] * 17, float64(a) / 255}, true
	case 6, 8:
		a := 255
		if len(h) == 8 {
			a = int(v[6])*16 + int(v[7])
		}
		return RGBA{v[0]*16 + v[1], v[2]*16 + v[3], v[4]*16 + v[5], float64(a) / 255}, true
	}
	return RGBA{}, false
}

// ParseColorFunction parses rgb(), rgba(), hsl(), hsla() and hwb().
// https://drafts.csswg.org/css-color/#rgb-functions
// https://drafts.csswg.org/css-color/#the-hwb-notation
func ParseColorFunction(t string) (RGBA, bool) {
	open := strings.IndexByte(t, '(')
	if open < 0 || !strings.HasSuffix(t, ")") {
		return RGBA{}, false
	}
	name := ascii.Lower(strings.TrimSpace(t[:open]))
	var args []string
	commas := 0
	for _, p := range components(t[open+1 : len(t)-1]) {
		if p == "," {
			commas++
			continue
		}
		args = append(args, p)
	}
	slash := false
	if n := len(args); n == 5 && args[3] == "/" && commas == 0 {
		args, slash = append(args[:3], args[4]), true
	}
	// the legacy syntax separates all four with commas, the modern one
	// puts a slash before the alpha: rgb(1 2 3 4) is no color
	if len(args) != 3 && len(args) != 4 || commas > 0 && commas != len(args)-1 || len(args) == 4 && commas == 0 && !slash {
		return RGBA{}, false
	}
	return colorFunction(name, args, commas > 0)
}

// colorFunction is the color of the sRGB function name (rgb(), hsl(),
// hwb()) of the arguments args, separated by commas or not.
func colorFunction(name string, args []string, commas bool) (RGBA, bool) {
	if name == "hwb" && commas {
		return RGBA{}, false
	}
	comp := func(s string, scale float64) (float64, bool) {
		if ascii.EqualFold(s, "none") {
			return 0, !commas
		}
		v, ok := Eval(s, nil)
		var f float64
		switch {
		case !ok:
			return 0, false
		case v.Is(Pct):
			f = v.Pct / 100 * scale
		case v.Is(Num):
			f = v.Num
		case v.Is(Deg):
			f = v.Deg
		default:
			return 0, false
		}
		// NaN is 0, and so is an infinite hue (scale 0); other
		// infinities are clamped below
		if math.IsNaN(f) || scale == 0 && math.IsInf(f, 0) {
			f = 0
		}
		return f, true
	}
	a := 1.0
	if len(args) == 4 {
		f, ok := comp(args[3], 1)
		if !ok {
			return RGBA{}, false
		}
		a = math.Max(0, math.Min(1, f))
	}
	clamp := func(f float64) uint8 { return uint8(math.Round(math.Max(0, math.Min(255, f)))) }
	switch name {
	case "rgb", "rgba":
		if commas {
			// the legacy syntax: all percentages or all numbers
			pct := 0
			for _, a := range args[:3] {
				if strings.HasSuffix(a, "%") {
					pct++
				}
			}
			if pct != 0 && pct != 3 {
				return RGBA{}, false
			}
		}
		var c [3]float64
		for i := range c {
			f, ok := comp(args[i], 255)
			if !ok {
				return RGBA{}, false
			}
			c[i] = f
		}
		return RGBA{clamp(c[0]), clamp(c[1]), clamp(c[2]), a}, true
	case "hsl", "hsla", "hwb":
		h, ok1 := comp(args[0], 0)
		x, ok2 := comp(args[1], 100)
		y, ok3 := comp(args[2], 100)
		if !ok1 || !ok2 || !ok3 {
			return RGBA{}, false
		}
		h = math.Mod(h, 360)
		if h < 0 {
			h += 360
		}
		x, y = math.Max(0, math.Min(100, x))/100, math.Max(0, math.Min(100, y))/100
		var r, g, b float64
		if name == "hwb" {
			r, g, b = hwbToRGB(h, x, y)
		} else {
			r, g, b = hslToRGB(h, x, y)
		}
		return RGBA{clamp(r * 255), clamp(g * 255), clamp(b * 255), a}, true
	}
	return RGBA{}, false
}

// hslToRGB converts a hue in degrees, a saturation and a lightness in
// [0, 1] to sRGB channels in [0, 1].
// https://drafts.csswg.org/css-color/#hsl-to-rgb
func hslToRGB(h, s, l float64) (r, g, b float64) {
	f := func(n float64) float64 {
		k := math.Mod(n+h/30, 12)
		return l - s*math.Min(l, 1-l)*math.Max(-1, math.Min(k-3, math.Min(9-k, 1)))
	}
	return f(0), f(8), f(4)
}

// hwbToRGB converts a hue in degrees, a whiteness and a blackness in
// [0, 1] to sRGB channels in [0, 1].
// https://drafts.csswg.org/css-color/#hwb-to-rgb
func hwbToRGB(h, w, bl float64) (r, g, b float64) {
	if w+bl >= 1 {
		gray := w / (w + bl)
		return gray, gray, gray
	}
	r, g, b = hslToRGB(h, 1, 0.5)
	scale := 1 - w - bl
	return r*scale + w, g*scale + w, b*scale + w
}

// NamedColors are the CSS named colors as 0xRRGGBB.
// https://drafts.csswg.org/css-color/#named-colors
var NamedColors = map[string]uint32{
	"aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4, "azure": 0xf0ffff,
	"beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000, "blanchedalmond": 0xffebcd, "blue": 0x0000ff,
	"blueviolet": 0x8a2be2, "brown": 0xa52a2a, "burlywood": 0xdeb887, "cadetblue": 0x5f9ea0, "chartreuse": 0x7fff00,
	"chocolate": 0xd2691e, "coral": 0xff7f50, "cornflowerblue": 0x6495ed, "cornsilk": 0xfff8dc, "crimson": 0xdc143c,
	"cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b, "darkgoldenrod": 0xb8860b, "darkgray": 0xa9a9a9,
	"darkgreen": 0x006400, "darkgrey": 0xa9a9a9, "darkkhaki": 0xbdb76b, "darkmagenta": 0x8b008b,
	"darkolivegreen": 0x556b2f, "darkorange": 0xff8c00, "darkorchid": 0x9932cc, "darkred": 0x8b0000,
	"darksalmon": 0xe9967a, "darkseagreen": 0x8fbc8f, "darkslateblue": 0x483d8b, "darkslategray": 0x2f4f4f,
	"darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1, "darkviolet": 0x9400d3, "deeppink": 0xff1493,
	"deepskyblue": 0x00bfff, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1e90ff,
	"firebrick": 0xb22222, "floralwhite": 0xfffaf0, "forestgreen": 0x228b22, "fuchsia": 0xff00ff,
	"gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff, "gold": 0xffd700, "goldenrod": 0xdaa520, "gray": 0x808080,
	"green": 0x008000, "greenyellow": 0xadff2f, "grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4,
	"indianred": 0xcd5c5c, "indigo": 0x4b0082, "ivory": 0xfffff0, "khaki": 0xf0e68c, "lavender": 0xe6e6fa,
	"lavenderblush": 0xfff0f5, "lawngreen": 0x7cfc00, "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6,
	"lightcoral": 0xf08080, "lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3,
	"lightgreen": 0x90ee90, "lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1, "lightsalmon": 0xffa07a,
	"lightseagreen": 0x20b2aa, "lightskyblue": 0x87cefa, "lightslategray": 0x778899, "lightslategrey": 0x778899,
	"lightsteelblue": 0xb0c4de, "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32,
	"linen": 0xfaf0e6, "magenta": 0xff00ff, "maroon": 0x800000, "mediumaquamarine": 0x66cdaa,
	"mediumblue": 0x0000cd, "mediumorchid": 0xba55d3, "mediumpurple": 0x9370db, "mediumseagreen": 0x3cb371,
	"mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a, "mediumturquoise": 0x48d1cc,
	"mediumvioletred": 0xc71585, "midnightblue": 0x191970, "mintcream": 0xf5fffa, "mistyrose": 0xffe4e1,
	"moccasin": 0xffe4b5, "navajowhite": 0xffdead, "navy": 0x000080, "oldlace": 0xfdf5e6, "olive": 0x808000,
	"olivedrab": 0x6b8e23, "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6,
	"palegoldenrod": 0xeee8aa, "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
	"papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb, "plum": 0xdda0dd,
	"powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xff0000,
	"rosybrown": 0xbc8f8f, "royalblue": 0x4169e1, "saddlebrown": 0x8b4513, "salmon": 0xfa8072,
	"sandybrown": 0xf4a460, "seagreen": 0x2e8b57, "seashell": 0xfff5ee, "sienna": 0xa0522d, "silver": 0xc0c0c0,
	"skyblue": 0x87ceeb, "slateblue": 0x6a5acd, "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa,
	"springgreen": 0x00ff7f, "steelblue": 0x4682b4, "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8,
	"tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee, "wheat": 0xf5deb3, "white": 0xffffff,
	"whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32,
}
