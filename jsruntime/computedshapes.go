package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// trackListProps are the grid properties whose values are track lists.
var trackListProps = set("grid-template-columns grid-template-rows grid-auto-columns grid-auto-rows")

// computeTrackList is the computed value of a track list: each track
// size's lengths absolute and not negative, in minmax(), fit-content()
// and repeat() too, keywords, flexible sizes and line names as they are
// (`minmax(calc(10px - 0.5em), max-content)` at 40px is
// `minmax(0px, max-content)`).
// https://drafts.csswg.org/css-grid/#track-sizing
func (w *Window) computeTrackList(el *dom.Node, v string) string {
	var ctx lazyContext
	var track func(t string) string
	track = func(t string) string {
		if t == "" || t[0] == '[' {
			return t
		}
		open := strings.IndexByte(t, '(')
		if open > 0 && strings.HasSuffix(t, ")") {
			switch name := ascii.Lower(t[:open]); name {
			case "minmax", "fit-content", "repeat":
				args := splitComponents(t[open+1 : len(t)-1])
				for i, a := range args {
					if a != "," && !(name == "repeat" && i == 0) {
						args[i] = track(a)
					}
				}
				return t[:open] + "(" + joinComponents(args) + ")"
			}
		}
		if _, unit, ok := splitNumber(t); ok && unit == "fr" {
			return t
		}
		return w.computeLength(el, "padding-top", t, &ctx) // not negative
	}
	parts := splitComponents(v)
	for i, p := range parts {
		parts[i] = track(p)
	}
	return joinComponents(parts)
}

// basicShapeProps take a <basic-shape>.
var basicShapeProps = set("clip-path shape-outside")

// computeBasicShapes is the computed value of a clip-path or
// shape-outside: in each circle(), ellipse(), inset() and polygon() the
// lengths absolute (radii not negative) and the position after `at` a
// pair of offsets from the top left corner, as Chromium 156 gives it
// (`circle(1em at right 1em top 10px)` at 40px is
// `circle(40px at calc(100% - 40px) 10px)`).
// https://drafts.csswg.org/css-shapes/#basic-shape-computed-values
func (w *Window) computeBasicShapes(el *dom.Node, v string) string {
	var ctx lazyContext
	parts := splitComponents(v)
	for i, p := range parts {
		open := strings.IndexByte(p, '(')
		if open <= 0 || !strings.HasSuffix(p, ")") {
			continue
		}
		name := ascii.Lower(p[:open])
		args := splitComponents(p[open+1 : len(p)-1])
		radius := name == "circle" || name == "ellipse" // before at
		switch name {
		case "circle", "ellipse", "inset", "polygon":
		case "path":
			parts[i] = computedPathData(p)
			continue
		default:
			continue
		}
		for j := 0; j < len(args); j++ {
			a := args[j]
			switch la := ascii.Lower(a); {
			case la == "at" && radius:
				args = append(args[:j+1], w.computedPositionPair(el, args[j+1:])...)
				j = len(args)
			case la == "round":
				radius = true
			case a == "," || a == "/" || isIdentToken(a):
			default:
				prop := "top"
				if radius {
					prop = "padding-top" // not negative
				}
				args[j] = w.computeLength(el, prop, a, &ctx)
			}
		}
		if name == "inset" {
			args = insetShape(args) // inset(calc(0px) round calc(0px)) is inset(0px)
		}
		parts[i] = p[:open] + "(" + joinComponents(args) + ")"
	}
	return joinComponents(parts)
}

// computedPositionPair is the computed value of a <position>: its
// horizontal and vertical offsets from the top left corner, lengths
// absolute, a keyword its percentage and an offset from the right or
// bottom edge 100% less it, as computePosition writes each.
func (w *Window) computedPositionPair(el *dom.Node, parts []string) []string {
	x, y, z, ok := originAxes(parts)
	if !ok || z != "" {
		return parts
	}
	out := make([]string, 2)
	for i, a := range [2][2]string{x, y} {
		prop := "background-position-x"
		if i == 1 {
			prop = "background-position-y"
		}
		switch {
		case a[0] == "":
			out[i] = w.computePosition(el, prop, a[1])
		case a[1] == "":
			out[i] = w.computePosition(el, prop, a[0])
		default:
			out[i] = w.computePosition(el, prop, a[0]+" "+a[1])
		}
	}
	return out
}

// computeXY is the computed value of object-position or
// offset-position: a position (see computedPositionPair), keywords
// (auto, normal) as they are.
func (w *Window) computeXY(el *dom.Node, v string) string {
	parts := splitComponents(v)
	if len(parts) == 1 && isIdentToken(parts[0]) && !positionKeyword(parts[0]) {
		return v
	}
	return joinComponents(w.computedPositionPair(el, parts))
}

func positionKeyword(t string) bool {
	_, ok := positionKeywordPercent[ascii.Lower(t)]
	return ok
}
