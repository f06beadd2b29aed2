package jsruntime

import (
	"strings"
	"sync"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
)

// Function arguments: a function a grammar names (`translate()`, a
// gradient of <image>, `repeat()` of a track list) is checked by the
// grammar of its arguments below, matched against their top-level
// components as a property's value is, so that transform: rotate(1px) or
// linear-gradient(45px, red, blue) is refused as Chromium 156 refuses it.
// A function without an entry takes any arguments; var() and its kin
// (substitutedOrWide) skip the check of the whole value, and the math
// functions are checked by the type of their result (mathOf).
var functionGrammars = map[string]string{
	// transform functions
	// https://drafts.csswg.org/css-transforms-2/#transform-functions
	`translate`:             `<length-percentage> [ , <length-percentage> ]?`,
	`translatex translatey`: `<length-percentage>`,
	`translatez`:            `<length>`,
	`translate3d`:           `<length-percentage> , <length-percentage> , <length>`,
	`scale`:                 `[ <number> | <percentage> ] [ , [ <number> | <percentage> ] ]?`,
	`scalex scaley scalez`:  `<number> | <percentage>`,
	`scale3d`:               `[ <number> | <percentage> ] , [ <number> | <percentage> ] , [ <number> | <percentage> ]`,
	`rotate rotatex rotatey rotatez skewx skewy`: `<angle-zero>`,
	`rotate3d`:    `<number> , <number> , <number> , <angle-zero>`,
	`skew`:        `<angle-zero> [ , <angle-zero> ]?`,
	`matrix`:      `<number> [ , <number> ]{5}`,
	`matrix3d`:    `<number> [ , <number> ]{15}`,
	`perspective`: `none | <length0>`,

	// grid tracks (https://drafts.csswg.org/css-grid/#track-sizing); an
	// automatic repetition takes fixed sizes only
	`repeat`: `<integer1> , [ <line-names>? <track-size> ]+ <line-names>?
		| [ auto-fill | auto-fit ] , [ <line-names>? <fixed-size> ]+ <line-names>?`,
	`minmax`:      `[ <length-percentage0> | min-content | max-content | auto ] , [ <length-percentage0> | <flex> | min-content | max-content | auto ]`,
	`fit-content`: `<length-percentage0>`,

	// easing functions (https://drafts.csswg.org/css-easing/)
	`steps`:        `<integer1> [ , [ jump-start | jump-end | jump-both | start | end ] ]? | <integer2> , jump-none`,
	`cubic-bezier`: `<number01> , <number> , <number01> , <number>`,
	`linear`:       `[ <number> && <percentage>{0,2} ]#{2,}`,

	// filter functions (https://drafts.fxtf.org/filter-effects/#filter-functions)
	`blur`: `<length0>?`,
	`brightness contrast grayscale invert opacity saturate sepia`: `[ <number0> | <percentage0> ]?`,
	`hue-rotate`:  `<angle-zero>?`,
	`drop-shadow`: `<color>? && [ <length>{2} <length0>? ]`,

	// basic shapes (https://drafts.csswg.org/css-shapes/#basic-shape-functions)
	`circle`:  `[ <length-percentage0> | closest-side | farthest-side ]? [ at <position> ]?`,
	`ellipse`: `[ [ <length-percentage0> | closest-side | farthest-side ]{2} ]? [ at <position> ]?`,
	`inset`:   `<length-percentage>{1,4} [ round <radius> ]?`,
	`rect`:    `[ <length-percentage> | auto ]{4} [ round <radius> ]?`,
	`xywh`:    `<length-percentage>{2} <length-percentage0>{2} [ round <radius> ]?`,
	`polygon`: `[ [ nonzero | evenodd ] , ]? [ <length-percentage> <length-percentage> ]#`,
	`path`:    `[ [ nonzero | evenodd ] , ]? <string>`,
	`ray`: `<angle> && [ closest-side | closest-corner | farthest-side | farthest-corner | sides ]? && contain?
		&& [ at <position> ]?`,

	// generated content and counter styles
	`counter`:  `<counter-name> [ , <counter-style> ]?`,
	`counters`: `<counter-name> , <string> [ , <counter-style> ]?`,
	`symbols`:  `[ cyclic | numeric | alphabetic | symbolic | fixed ]? <string>+`,

	// images (https://drafts.csswg.org/css-images-4/); Chromium has no
	// cross-fade() but the -webkit- one of two images and a percentage
	`image-set -webkit-image-set`: `[ [ <image> | <string> ] [ <resolution> || type() ]? ]#`,
	`cross-fade`:                  `<never>`,
	`-webkit-cross-fade`:          `<image> , <image> , <percentage>`,
	`linear-gradient repeating-linear-gradient`: `[ [ [ <angle-zero> | to [ [ left | right ] || [ top | bottom ] ] ]
		|| <color-interpolation> ] , ]? <color-stops>`,
	`radial-gradient repeating-radial-gradient`: `[ [ [ <radial-shape> [ at <gradient-position> ]? | at <gradient-position> ]
		|| <color-interpolation> ] , ]? <color-stops>`,
	`conic-gradient repeating-conic-gradient`: `[ [ [ from <angle-zero> [ at <gradient-position> ]? | at <gradient-position> ]
		|| <color-interpolation> ] , ]? <angular-color-stops>`,
	`-webkit-linear-gradient -webkit-repeating-linear-gradient`: `[ [ <angle-zero> | [ left | right ] || [ top | bottom ] ] , ]?
		<color-stops>`,

	// anchor positioning (https://drafts.csswg.org/css-anchor-position/)
	`anchor`: `[ <dashed-ident>? && [ inside | outside | top | left | right | bottom | start | end | self-start
		| self-end | center | <percentage> ] ] [ , <length-percentage> ]?`,
	`anchor-size`: `[ <dashed-ident> || [ width | height | block | inline | self-block | self-inline ] ]?
		[ , <length-percentage> ]? | , <length-percentage>`,
}

// functionAliases are the sub-grammars of functionGrammars.
var functionAliases = map[string]string{
	"radius":     `<length-percentage0>{1,4} [ / <length-percentage0>{1,4} ]?`,
	"fixed-size": `<length-percentage0> | <fixed-minmax>`,
	"color-stop": `<color> <length-percentage>{0,2}`,
	// a stop, then more, each after an optional hint
	"color-stops":         `<color-stop> [ , [ <length-percentage> , ]? <color-stop> ]*`,
	"angular-color-stop":  `<color> <angle-percentage>{0,2}`,
	"angular-color-stops": `<angular-color-stop> [ , [ <angle-percentage> , ]? <angular-color-stop> ]*`,
	"radial-shape": `circle || [ closest-side | closest-corner | farthest-side | farthest-corner | <length0> ]
		| ellipse || [ closest-side | closest-corner | farthest-side | farthest-corner | <length-percentage0>{2} ]`,
	// <position> of CSS Values 4, which has no three-value form (that is
	// <bg-position>'s): Chromium refuses radial-gradient(at left 10px top, …)
	// https://drafts.csswg.org/css-values-4/#position
	"gradient-position": `[ left | center | right | top | bottom | <length-percentage> ]
		| [ left | center | right ] && [ top | center | bottom ]
		| [ left | center | right | <length-percentage> ] [ top | center | bottom | <length-percentage> ]
		| [ [ left | right ] <length-percentage> ] && [ [ top | bottom ] <length-percentage> ]`,
	// https://drafts.csswg.org/css-color-4/#color-interpolation-method
	"color-interpolation": `in [ srgb | srgb-linear | display-p3 | display-p3-linear | a98-rgb | prophoto-rgb | rec2020
		| lab | oklab | xyz | xyz-d50 | xyz-d65 | [ hsl | hwb | lch | oklch ] [ [ shorter | longer | increasing
		| decreasing ] hue ]? ]`,
}

// The types whose functions' arguments are checked, which refer back to
// the grammar parser.
func init() {
	grammarTypes["url"] = func(t string) bool {
		n := functionName(t)
		return (n == "url" || n == "src") && urlArgs(n, t)
	}
	grammarTypes["image"] = imageComponent
	grammarTypes["fixed-minmax"] = fixedMinmax // minmax() of a fixed size, in an automatic repeat()
}

var (
	functionGrammarsOnce sync.Once
	functionGrammarTable map[string]*grammar
	fixedMinmaxGrammar   *grammar
)

// functionGrammar is the grammar of the arguments of the function name
// (lower case), or nil when they are not checked.
func functionGrammar(name string) *grammar {
	functionGrammarsOnce.Do(func() {
		functionGrammarTable = make(map[string]*grammar, 2*len(functionGrammars))
		for names, src := range functionGrammars {
			g := parseGrammar(src)
			for _, n := range strings.Fields(names) {
				functionGrammarTable[n] = g
			}
		}
		fixedMinmaxGrammar = parseGrammar(`<length-percentage0> , [ <length-percentage0> | <flex> | min-content | max-content | auto ]
			| [ <length-percentage0> | min-content | max-content | auto ] , <length-percentage0>`)
	})
	return functionGrammarTable[name]
}

// functionArgsMatch tells whether the function component t (name(args))
// has arguments its function's grammar takes.
func functionArgsMatch(name, t string) bool {
	g := functionGrammar(name)
	if g == nil {
		return true
	}
	return argsMatch(g, t)
}

// argsMatch matches the arguments of the function component t against g.
func argsMatch(g *grammar, t string) bool {
	open := strings.IndexByte(t, '(')
	return grammarMatch(g, splitComponents(t[open+1:len(t)-1]))
}

// urlArgs tells whether the url() or src() component t has one argument,
// a string, or, for url(), an unquoted URL without white space, quotes
// or parentheses inside (a bad URL token otherwise).
// https://drafts.csswg.org/css-syntax/#consume-url-token
func urlArgs(name, t string) bool {
	arg := strings.TrimSpace(t[len(name)+1 : len(t)-1])
	if arg != "" && (arg[0] == '"' || arg[0] == '\'') {
		parts := splitComponents(arg)
		return len(parts) == 1 && parts[0][len(parts[0])-1] == arg[0]
	}
	return name == "url" && strings.IndexAny(arg, " \t\n\"'(") < 0
}

// fixedMinmax tells whether t is a minmax() of a fixed size.
func fixedMinmax(t string) bool {
	if functionName(t) != "minmax" {
		return false
	}
	functionGrammar("minmax")
	return argsMatch(fixedMinmaxGrammar, t)
}

// imageComponent tells whether t is an <image>: a function making one
// with arguments it takes.
func imageComponent(t string) bool {
	name := functionName(t)
	if !imageFunctions[name] {
		return false
	}
	if name == "url" || name == "src" {
		return urlArgs(name, t)
	}
	return functionArgsMatch(name, t)
}

// isAngleZero is an <angle> or a unitless 0, which the transform and
// gradient functions take as an angle.
func isAngleZero(t string) bool {
	if f, unit, ok := splitNumber(t); ok && unit == "" {
		return f == 0
	}
	return numeric(t, false, func(u string) bool { return angleUnits[u] }, cssvalue.MathAngle)
}

// isAnglePercent is an angle, a percentage or a unitless 0: a conic
// gradient's stop position.
func isAnglePercent(t string) bool {
	if f, unit, ok := splitNumber(t); ok && unit == "" {
		return f == 0
	}
	return numeric(t, false, func(u string) bool { return u == "%" || angleUnits[u] },
		cssvalue.MathAngle, cssvalue.MathPercent)
}
