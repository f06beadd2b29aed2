package jsruntime

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// basicShapeValue writes the basic shapes of a clip-path, shape-outside
// or offset-path as Chromium 156 serializes their specified values: a
// bare 0 as 0px, circle()'s and ellipse()'s closest-side radii left out
// (both of ellipse()'s, or neither), inset()'s offsets and corner radii in
// their shortest box form (all-zero radii left out), polygon()'s and
// path()'s nonzero fill rule left out, path()'s data one command letter
// per segment; and clip-path's border-box or shape-outside's margin-box
// beside a shape left out (the default box). ok=false for path data
// that does not parse.
// https://drafts.csswg.org/css-shapes/#basic-shape-serialization
func basicShapeValue(prop string, out []string) ([]string, bool) {
	shape := false
	for i, t := range out {
		open := strings.IndexByte(t, '(')
		if open <= 0 || !strings.HasSuffix(t, ")") {
			continue
		}
		name := t[:open]
		args := splitComponents(t[open+1 : len(t)-1])
		switch name {
		case "circle", "ellipse":
			args = radiusShape(name, args)
		case "inset":
			args = insetShape(args)
		case "polygon":
			args = dropNonzero(zeroLengths(args))
		case "path":
			args = dropNonzero(args)
			last := len(args) - 1
			if last < 0 || args[last] == "" || args[last][0] != '"' {
				return out, true
			}
			d := unquoteCSSString(args[last])
			if strings.TrimSpace(d) == "" {
				return out, true
			}
			norm, ok := pathDataString(d, false)
			if !ok {
				return nil, false
			}
			args[last] = quoteCSSString(norm)
		default:
			continue
		}
		shape = true
		out[i] = name + "(" + joinComponents(args) + ")"
	}
	if shape {
		drop := map[string]string{"clip-path": "border-box", "shape-outside": "margin-box"}[prop]
		out = slices.DeleteFunc(out, func(t string) bool { return t == drop })
		// the shape first, then its reference box: `padding-box inset(1em)`
		// reads `inset(1em) padding-box`
		slices.SortStableFunc(out, func(a, b string) int {
			return boolInt(strings.IndexByte(b, '(') > 0) - boolInt(strings.IndexByte(a, '(') > 0)
		})
	}
	return out, true
}

// zeroLengths writes each bare 0 among a shape's arguments as 0px.
func zeroLengths(args []string) []string {
	for i, a := range args {
		if f, unit, ok := splitNumber(a); ok && unit == "" && f == 0 {
			args[i] = "0px"
		}
	}
	return args
}

// dropNonzero leaves out a leading nonzero fill rule and its comma.
func dropNonzero(args []string) []string {
	if len(args) > 1 && args[0] == "nonzero" && args[1] == "," {
		return args[2:]
	}
	return args
}

// radiusShape writes circle()'s or ellipse()'s arguments: closest-side
// radii (the default) left out.
func radiusShape(name string, args []string) []string {
	args = zeroLengths(args)
	at := slices.Index(args, "at")
	radii := args
	if at >= 0 {
		radii = args[:at]
	}
	drop := name == "circle" && len(radii) == 1 && radii[0] == "closest-side" ||
		name == "ellipse" && len(radii) == 2 && radii[0] == "closest-side" && radii[1] == "closest-side"
	if drop {
		return args[len(radii):]
	}
	return args
}

// insetShape writes inset()'s arguments: the offsets and the radii on
// each side of the slash in their shortest box form, the vertical radii
// left out when they are the horizontal ones, and all-zero radii left out.
func insetShape(args []string) []string {
	args = zeroLengths(args)
	round := slices.Index(args, "round")
	offsets, radii := args, []string(nil)
	if round >= 0 {
		offsets, radii = args[:round], args[round+1:]
	}
	box := func(p []string) ([]string, bool) {
		if len(p) < 1 || len(p) > 4 {
			return nil, false
		}
		return boxExpand(slices.Clone(p)), true
	}
	o, ok := box(offsets)
	if !ok {
		return args
	}
	res := strings.Fields(boxValue(o))
	if radii == nil {
		return res
	}
	h, v := radii, []string(nil)
	if slash := slices.Index(radii, "/"); slash >= 0 {
		h, v = radii[:slash], radii[slash+1:]
	}
	hx, ok1 := box(h)
	vx := hx
	ok2 := true
	if v != nil {
		vx, ok2 = box(v)
	}
	if !ok1 || !ok2 {
		return args
	}
	allZero := true
	for _, r := range append(slices.Clone(hx), vx...) {
		if f, unit, ok := splitNumber(r); !ok || f != 0 || unit == "%" {
			allZero = false
		}
	}
	if allZero {
		return res
	}
	res = append(res, "round")
	res = append(res, strings.Fields(boxValue(hx))...)
	if !slices.Equal(hx, vx) {
		res = append(res, "/")
		res = append(res, strings.Fields(boxValue(vx))...)
	}
	return res
}

// pathDataString writes SVG path data as Chromium serializes it: each
// segment its command letter (the coordinate pairs after a moveto
// linetos) and its numbers, separated by spaces, closepath as Z; with
// absolute, every segment made absolute (the computed value of path()).
// ok=false when the data has an error.
// https://svgwg.org/svg2-draft/paths.html#PathDataBNF
func pathDataString(d string, absolute bool) (string, bool) {
	sc := pathScanner{s: d}
	var b strings.Builder
	var cx, cy, sx, sy float64 // current point, subpath start
	var cmd byte
	first := true
	for {
		sc.skipSep()
		if sc.i >= len(sc.s) {
			break
		}
		c := sc.s[sc.i]
		switch {
		case strings.IndexByte("MmLlHhVvCcSsQqTtAaZz", c) >= 0:
			cmd = c
			sc.i++
		case cmd == 0 || cmd == 'Z' || cmd == 'z':
			return "", false
		case cmd == 'M':
			cmd = 'L'
		case cmd == 'm':
			cmd = 'l'
		}
		if first && cmd != 'M' && cmd != 'm' {
			return "", false
		}
		upper := cmd &^ 0x20
		rel := cmd != upper
		if first && rel {
			rel = false // a leading m is absolute
		}
		first = false
		var n int
		switch upper {
		case 'Z':
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte('Z')
			cx, cy = sx, sy
			continue
		case 'M', 'L', 'T':
			n = 2
		case 'H', 'V':
			n = 1
		case 'S', 'Q':
			n = 4
		case 'C':
			n = 6
		case 'A':
			n = 7
		}
		var a [7]float64
		for i := range n {
			if upper == 'A' && (i == 3 || i == 4) {
				f, ok := sc.flag()
				if !ok {
					return "", false
				}
				if f {
					a[i] = 1
				}
				continue
			}
			sc.skipSep()
			f, ok := sc.number()
			if !ok {
				return "", false
			}
			a[i] = f
		}
		letter := cmd
		if absolute {
			letter = upper
			if rel {
				switch upper {
				case 'H':
					a[0] += cx
				case 'V':
					a[0] += cy
				case 'A':
					a[5] += cx
					a[6] += cy
				default:
					for i := 0; i+1 < n; i += 2 {
						a[i] += cx
						a[i+1] += cy
					}
				}
			}
		}
		// the new current point
		switch {
		case upper == 'H':
			if absolute || !rel {
				cx = a[0]
			} else {
				cx += a[0]
			}
		case upper == 'V':
			if absolute || !rel {
				cy = a[0]
			} else {
				cy += a[0]
			}
		case absolute || !rel:
			cx, cy = a[n-2], a[n-1]
		default:
			cx, cy = cx+a[n-2], cy+a[n-1]
		}
		if upper == 'M' {
			sx, sy = cx, cy
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(letter)
		for i := range n {
			b.WriteByte(' ')
			b.WriteString(formatNumber(a[i]))
		}
	}
	return b.String(), true
}

// computedPathData is the computed value of a path() in v: its data made
// absolute.
func computedPathData(v string) string {
	i := strings.Index(ascii.Lower(v), "path(")
	if i < 0 || !strings.HasSuffix(v, ")") {
		return v
	}
	args := splitComponents(v[i+len("path(") : len(v)-1])
	last := len(args) - 1
	if last < 0 || args[last] == "" || args[last][0] != '"' {
		return v
	}
	norm, ok := pathDataString(unquoteCSSString(args[last]), true)
	if !ok {
		return v
	}
	args[last] = quoteCSSString(norm)
	return v[:i] + "path(" + joinComponents(args) + ")"
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
