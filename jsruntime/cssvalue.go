package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// CSS values as Chromium's CSSOM serializes specified values: colors as
// rgb()/rgba() (named colors kept by name), numbers without trailing zeros,
// lowercase units and keywords, a unitless 0 length as 0px, url() and
// strings double-quoted. Values a property cannot take are rejected so
// that setting them leaves the declaration as it was. The grammar checked
// is deliberately partial: properties whose value syntax is not known here
// keep any balanced value, only normalized token by token.
// https://drafts.csswg.org/cssom/#serializing-css-values

// cssWideKeywords are valid for every property.
// https://drafts.csswg.org/css-cascade/#defaulting-keywords
var cssWideKeywords = map[string]bool{"inherit": true, "initial": true, "unset": true, "revert": true, "revert-layer": true}

// colorProps take exactly one <color>.
var colorProps = set(`color background-color border-top-color border-right-color border-bottom-color
	border-left-color outline-color text-decoration-color caret-color column-rule-color row-rule-color
	text-emphasis-color accent-color -webkit-tap-highlight-color lighting-color flood-color stop-color
	-webkit-text-stroke-color`)

// caseKeptProps keep the case of their identifiers (names chosen by authors).
var caseKeptProps = set(`font font-family animation animation-name grid-area grid-template-areas
	grid-row grid-column grid-row-start grid-row-end grid-column-start grid-column-end content quotes
	counter-reset counter-increment counter-set font-feature-settings font-variation-settings
	view-transition-name container container-name anchor-name position-anchor list-style list-style-type`)

// keywordProps take one keyword from a closed set.
var keywordProps = map[string]map[string]bool{
	"position":        set("static relative absolute fixed sticky"),
	"visibility":      set("visible hidden collapse"),
	"float":           set("left right none inline-start inline-end"),
	"clear":           set("left right none both inline-start inline-end"),
	"box-sizing":      set("content-box border-box"),
	"overflow-x":      set("visible hidden scroll auto clip overlay"),
	"overflow-y":      set("visible hidden scroll auto clip overlay"),
	"text-transform":  set("none capitalize uppercase lowercase full-width full-size-kana math-auto"),
	"pointer-events":  set("auto none visiblepainted visiblefill visiblestroke visible painted fill stroke all bounding-box"),
	"table-layout":    set("auto fixed"),
	"border-collapse": set("separate collapse"),
	"flex-direction":  set("row row-reverse column column-reverse"),
	"flex-wrap":       set("nowrap wrap wrap-reverse"),
	"direction":       set("ltr rtl"),
	"resize":          set("none both horizontal vertical block inline auto"),
	"user-select":     set("auto text none contain all"),
	// match-parent is Chromium 156's (148 takes only the -webkit- form)
	"text-align": set("left right center justify start end match-parent -webkit-left -webkit-right -webkit-center -webkit-match-parent -webkit-auto"),
}

// displayKeywords are the keywords of the display property that Chromium
// accepts (https://drafts.csswg.org/css-display/#the-display-properties):
// not run-in, ruby-base, ruby-base-container nor ruby-text-container, so
// that a feature test (Modernizr's display-runin) answers as it does there.
var displayKeywords = set(`block inline flow flow-root table flex grid ruby list-item contents none
	inline-block inline-table inline-flex inline-grid table-row-group table-header-group
	table-footer-group table-row table-cell table-column-group table-column table-caption
	ruby-text -webkit-box -webkit-inline-box math`)

// mathDisplay reads a display value naming math: `math` or `inline math`
// (in either order, serialized `math`) and `block math` (either order);
// math with any other keyword is invalid (out is ""). isMath is false
// when the value does not name math.
// https://w3c.github.io/mathml-core/#new-display-math-value
func mathDisplay(parts []string) (isMath bool, out string) {
	outer := ""
	for _, p := range parts {
		switch lp := ascii.Lower(p); {
		case lp == "math":
			if isMath {
				return true, ""
			}
			isMath = true
		case outer == "" && (lp == "inline" || lp == "block"):
			outer = lp
		default:
			outer = "-"
		}
	}
	switch {
	case !isMath:
		return false, ""
	case outer == "" || outer == "inline":
		return true, "math"
	case outer == "block":
		return true, "block math"
	}
	return true, ""
}

// displayInside are the <display-inside> keywords a multi-keyword display
// takes (math is mathDisplay's).
var displayInside = set(`flow flow-root table flex grid ruby`)

// displayShort is the short form Chromium serializes an outside and
// inside pair as, beside list-item ("block flex" is flex, "inline
// flow-root" inline-block); the pairs missing keep both keywords.
// https://drafts.csswg.org/css-display/#display-value-summary
var displayShort = map[[2]string]string{
	{"block", "flow"}: "block", {"block", "flow-root"}: "flow-root", {"block", "table"}: "table",
	{"block", "flex"}: "flex", {"block", "grid"}: "grid",
	{"inline", "flow"}: "inline", {"inline", "flow-root"}: "inline-block", {"inline", "table"}: "inline-table",
	{"inline", "flex"}: "inline-flex", {"inline", "grid"}: "inline-grid", {"inline", "ruby"}: "ruby",
}

// normalizeDisplay reads a display value of keywords from displayKeywords:
// one keyword, or `[ <display-outside> || <display-inside> ] |
// <display-listitem>` in any order, each kind at most once (list-item
// with flow or flow-root inside only), serialized in its shortest form
// as Chromium does ("flow" is block, "list-item flow-root" is "flow-root
// list-item", "inline list-item" stays). The other keywords (internal,
// legacy, box) stand alone.
// https://drafts.csswg.org/css-display/#the-display-properties
func normalizeDisplay(parts []string) (string, bool) {
	outside, inside, listItem := "", "", false
	for _, p := range parts {
		switch lp := ascii.Lower(p); {
		case lp == "block" || lp == "inline":
			if outside != "" {
				return "", false
			}
			outside = lp
		case displayInside[lp]:
			if inside != "" {
				return "", false
			}
			inside = lp
		case lp == "list-item":
			if listItem {
				return "", false
			}
			listItem = true
		case len(parts) == 1:
			return lp, true
		default:
			return "", false
		}
	}
	if listItem {
		if inside != "" && inside != "flow" && inside != "flow-root" {
			return "", false
		}
		out := "list-item"
		if inside == "flow-root" {
			out = "flow-root list-item"
		}
		if outside == "inline" {
			out = "inline " + out
		}
		return out, true
	}
	switch {
	case outside == "" && inside == "ruby":
		outside = "inline"
	case outside == "":
		outside = "block"
	case inside == "":
		inside = "flow"
	}
	if short, ok := displayShort[[2]string{outside, inside}]; ok {
		return short, true
	}
	return outside + " " + inside, true
}

// normalizeTextIndent reads text-indent's `<length-percentage> && hanging?
// && each-line?` with a keyword, serialized length first, then hanging,
// then each-line, as Chromium.
// https://drafts.csswg.org/css-text/#text-indent-property
func normalizeTextIndent(parts []string) (string, bool) {
	length, hanging, eachLine := "", false, false
	for _, p := range parts {
		switch lp := ascii.Lower(p); {
		case lp == "hanging" && !hanging:
			hanging = true
		case lp == "each-line" && !eachLine:
			eachLine = true
		case length == "":
			v, ok := normalizeLength(p)
			if !ok || !lengthAllowed("text-indent", v) {
				return "", false
			}
			length = v
		default:
			return "", false
		}
	}
	if length == "" {
		return "", false
	}
	if hanging {
		length += " hanging"
	}
	if eachLine {
		length += " each-line"
	}
	return length, true
}

// lengthKeywords are the keywords length-valued properties accept.
var lengthKeywords = set(`auto none fit-content min-content max-content -webkit-fill-available stretch
	thin medium thick normal xx-small x-small small large x-large xx-large xxx-large smaller larger
	-webkit-fit-content -webkit-min-content -webkit-max-content`)

// sizingKeywords are the keywords of width, height and their logical and
// min-/max- forms, beside auto (not max-) and none (max- only).
// https://drafts.csswg.org/css-sizing/#sizing-values
var sizingKeywords = set(`fit-content min-content max-content -webkit-fill-available stretch
	-webkit-fit-content -webkit-min-content -webkit-max-content`)

// lengthKeywordAllowed tells whether the keyword kw (one of lengthKeywords)
// is a value of the length property prop, as Chromium parses them.
func lengthKeywordAllowed(prop, kw string) bool {
	switch prop {
	case "width", "height", "min-width", "min-height", "block-size", "inline-size", "min-block-size", "min-inline-size":
		return kw == "auto" || sizingKeywords[kw]
	case "max-width", "max-height", "max-block-size", "max-inline-size":
		return kw == "none" || sizingKeywords[kw]
	case "flex-basis":
		return kw == "auto" || kw == "stretch" || kw == "fit-content" || kw == "min-content" || kw == "max-content"
	case "font-size":
		return kw == "medium" || kw == "smaller" || kw == "larger" || strings.HasSuffix(kw, "small") || strings.HasSuffix(kw, "large")
	case "border-top-width", "border-right-width", "border-bottom-width", "border-left-width", "outline-width":
		return kw == "thin" || kw == "medium" || kw == "thick"
	case "row-gap", "column-gap", "letter-spacing", "word-spacing":
		return kw == "normal"
	case "padding-top", "padding-right", "padding-bottom", "padding-left", "outline-offset", "text-indent":
		return false
	}
	// margins and insets
	return kw == "auto"
}

// negativeLengthProps are the length properties that take a negative
// length.
var negativeLengthProps = set(`top left right bottom margin-top margin-right margin-bottom margin-left
	inset-inline-start inset-inline-end inset-block-start inset-block-end outline-offset text-indent
	letter-spacing word-spacing`)

// lengthAllowed tells whether v, a value normalizeLength accepted, is a
// value of prop: only its own keywords, and a negative length only where
// it takes one (a negative calc() is clamped later, not refused).
func lengthAllowed(prop, v string) bool {
	if lengthKeywords[v] {
		return lengthKeywordAllowed(prop, v)
	}
	if f, _, ok := splitNumber(v); ok && f < 0 {
		return negativeLengthProps[prop]
	}
	return true
}

// lengthUnits are the units of <length>.
// https://drafts.csswg.org/css-values/#lengths
var lengthUnits = set(`px em rem ex rex ch rch ic ric cap rcap lh rlh vw vh vmin vmax vi vb svw svh lvw lvh dvw dvh
	svi svb lvi lvb dvi dvb svmin svmax lvmin lvmax dvmin dvmax cm mm q in pt pc cqw cqh cqi cqb cqmin cqmax`)

// cssAliases are legacy names that are the same property: a declaration
// of one is a declaration of its property, and reads back under that
// name (Chromium 156's aliases, checked by setting each in Chromium;
// the words go two by two: an alias, then its property).
var cssAliases = pairs(`-webkit-align-content align-content   -webkit-align-items align-items   -webkit-align-self align-self
	-webkit-animation animation   -webkit-animation-delay animation-delay
	-webkit-animation-direction animation-direction   -webkit-animation-duration animation-duration
	-webkit-animation-fill-mode animation-fill-mode   -webkit-animation-iteration-count animation-iteration-count
	-webkit-animation-name animation-name   -webkit-animation-play-state animation-play-state
	-webkit-animation-timing-function animation-timing-function   -webkit-app-region app-region
	-webkit-appearance appearance   -webkit-backface-visibility backface-visibility
	-webkit-background-clip background-clip   -webkit-background-origin background-origin
	-webkit-background-size background-size   -webkit-border-after border-block-end
	-webkit-border-after-color border-block-end-color   -webkit-border-after-style border-block-end-style
	-webkit-border-after-width border-block-end-width   -webkit-border-before border-block-start
	-webkit-border-before-color border-block-start-color   -webkit-border-before-style border-block-start-style
	-webkit-border-before-width border-block-start-width   -webkit-border-end border-inline-end
	-webkit-border-end-color border-inline-end-color   -webkit-border-end-style border-inline-end-style
	-webkit-border-end-width border-inline-end-width   -webkit-border-start border-inline-start
	-webkit-border-start-color border-inline-start-color   -webkit-border-start-style border-inline-start-style
	-webkit-border-start-width border-inline-start-width   -webkit-border-radius border-radius
	-webkit-border-bottom-left-radius border-bottom-left-radius
	-webkit-border-bottom-right-radius border-bottom-right-radius
	-webkit-border-top-left-radius border-top-left-radius
	-webkit-border-top-right-radius border-top-right-radius   -webkit-box-shadow box-shadow
	-webkit-box-sizing box-sizing   -webkit-clip-path clip-path   -webkit-column-break-after break-after
	-webkit-column-break-before break-before   -webkit-column-break-inside break-inside
	-webkit-column-count column-count   -webkit-column-gap column-gap   -webkit-column-rule column-rule
	-webkit-column-rule-color column-rule-color   -webkit-column-rule-style column-rule-style
	-webkit-column-rule-width column-rule-width   -webkit-column-span column-span
	-webkit-column-width column-width   -webkit-columns columns   -webkit-filter filter   -webkit-flex flex
	-webkit-flex-basis flex-basis   -webkit-flex-direction flex-direction   -webkit-flex-flow flex-flow
	-webkit-flex-grow flex-grow   -webkit-flex-shrink flex-shrink   -webkit-flex-wrap flex-wrap
	-webkit-font-feature-settings font-feature-settings   -webkit-hyphenate-character hyphenate-character
	-webkit-justify-content justify-content   -webkit-logical-height block-size
	-webkit-logical-width inline-size   -webkit-max-logical-height max-block-size
	-webkit-max-logical-width max-inline-size   -webkit-min-logical-height min-block-size
	-webkit-min-logical-width min-inline-size   -webkit-margin-after margin-block-end
	-webkit-margin-before margin-block-start   -webkit-margin-end margin-inline-end
	-webkit-margin-start margin-inline-start   -webkit-padding-after padding-block-end
	-webkit-padding-before padding-block-start   -webkit-padding-end padding-inline-end
	-webkit-padding-start padding-inline-start   -webkit-mask mask   -webkit-mask-clip mask-clip
	-webkit-mask-composite mask-composite   -webkit-mask-image mask-image   -webkit-mask-origin mask-origin
	-webkit-mask-position mask-position   -webkit-mask-repeat mask-repeat   -webkit-mask-size mask-size
	-webkit-opacity opacity   -webkit-order order   -webkit-perspective perspective
	-webkit-perspective-origin perspective-origin   -webkit-print-color-adjust print-color-adjust
	-webkit-shape-image-threshold shape-image-threshold   -webkit-shape-margin shape-margin
	-webkit-shape-outside shape-outside   -webkit-text-emphasis text-emphasis
	-webkit-text-emphasis-color text-emphasis-color   -webkit-text-emphasis-position text-emphasis-position
	-webkit-text-emphasis-style text-emphasis-style   -webkit-text-size-adjust text-size-adjust
	-webkit-transform transform   -webkit-transform-origin transform-origin
	-webkit-transform-style transform-style   -webkit-transition transition
	-webkit-transition-delay transition-delay   -webkit-transition-duration transition-duration
	-webkit-transition-property transition-property
	-webkit-transition-timing-function transition-timing-function   -webkit-user-select user-select
	word-wrap overflow-wrap   grid-gap gap   grid-row-gap row-gap   grid-column-gap column-gap`)

// pairs makes a map of the words of s taken two by two.
func pairs(s string) map[string]string {
	w := strings.Fields(s)
	m := make(map[string]string, len(w)/2)
	for i := 0; i+1 < len(w); i += 2 {
		m[w[i]] = w[i+1]
	}
	return m
}

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// resolveAlias returns the property a (lowercase) name stands for.
func resolveAlias(name string) string {
	if a, ok := cssAliases[name]; ok {
		return a
	}
	return name
}

// aliasValue is the value a declaration of the alias name (lower case)
// gives its property, or ok=false when the alias's legacy grammar refuses
// it (the declaration is then dropped), as Chromium parses these names:
//   - -webkit-perspective takes a plain number of pixels, which
//     perspective does not (webkitPerspective = '1' reads perspective: 1px);
//   - -webkit-border-radius: 1px 2px is one horizontal and one vertical
//     radius (border-radius: 1px / 2px);
//   - -webkit-background-size: 10px sizes both axes (10px 10px); Chromium
//     does this for the last layer of a list only;
//   - -webkit-column-break-*: always is break-*: column, auto and avoid
//     are themselves, and nothing else is taken;
//   - -webkit-background-origin, -webkit-mask-clip and -webkit-mask-origin
//     take the boxes' old names (padding for padding-box), which the
//     standard names refuse.
func aliasValue(name, value string) (string, bool) {
	webkit := strings.HasPrefix(name, "-webkit-")
	if !webkit && !legacyBoxProps[name] || strings.Contains(ascii.Lower(value), "var(") {
		return value, true // a var() is checked once substituted
	}
	if !webkit {
		return value, !hasLegacyBox(value)
	}
	v := strings.TrimSpace(value)
	switch name {
	case "-webkit-perspective":
		if f, unit, ok := splitNumber(v); ok && unit == "" && f >= 0 {
			return formatNumber(f) + "px", true
		}
		if ty, ok := mathOf(v); ok && ty == cssvalue.MathNumber {
			return "calc(" + v + " * 1px)", true
		}
	case "-webkit-border-radius":
		if c := splitComponents(v); len(c) == 2 && c[0] != "/" && c[1] != "/" {
			return c[0] + " / " + c[1], true
		}
	case "-webkit-background-size":
		c := splitComponents(v)
		if len(c) == 0 || len(c) > 1 && c[len(c)-2] != "," {
			return value, true // the last layer has two sizes already
		}
		last := c[len(c)-1]
		if _, ok := normalizeLength(last); ok && !lengthKeywords[ascii.Lower(last)] {
			return v + " " + last, true
		}
	case "-webkit-column-break-after", "-webkit-column-break-before", "-webkit-column-break-inside":
		switch lv := ascii.Lower(v); {
		case lv == "always" && !strings.HasSuffix(name, "inside"):
			return "column", true
		case lv == "auto" || lv == "avoid" || cssWideKeywords[lv]:
			return lv, true
		default:
			return "", false
		}
	}
	return value, true
}

// legacyBoxProps are the properties whose -webkit- alias alone takes the
// old box keywords (hasLegacyBox).
var legacyBoxProps = set(`background-origin mask-clip mask-origin`)

// hasLegacyBox tells whether a layer of v is an old box keyword: content,
// padding or border.
func hasLegacyBox(v string) bool {
	for _, c := range splitComponents(v) {
		switch ascii.Lower(c) {
		case "content", "padding", "border":
			return true
		}
	}
	return false
}

// splitComponents splits a value into its top-level component values:
// whitespace separates them, commas and slashes are components of their own,
// and blocks, strings and escapes keep their contents together.
func splitComponents(v string) []string {
	var out []string
	start := -1
	flush := func(i int) {
		if start >= 0 {
			out = append(out, v[start:i])
			start = -1
		}
	}
	var sc cssscan.Scanner
	for i, c := range sc.All(v) {
		// Inside a block (or on the bracket closing it) everything
		// belongs to the component the block is part of.
		if sc.Depth() > 0 || c == ')' || c == ']' || c == '}' {
			if start < 0 {
				start = i
			}
			if sc.Depth() == 0 && c != '}' {
				// a function or block ends its component:
				// translate(1px)rotate(2deg) is two
				flush(i + 1)
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f':
			flush(i)
		case ',', '/':
			flush(i)
			out = append(out, v[i:i+1])
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(v))
	return out
}

// joinComponents joins normalized components as Chromium prints them:
// "a b", "a, b", "a / b".
func joinComponents(parts []string) string {
	var b strings.Builder
	for i, p := range parts {
		switch {
		case p == ",":
			b.WriteString(",")
			continue
		case i > 0:
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// quoteCSSString serializes a string as CSSOM does: double quotes, with
// quotes and backslashes escaped.
// https://drafts.csswg.org/cssom/#serialize-a-string
func quoteCSSString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == 0:
			b.WriteRune('\uFFFD')
		case r < 0x20 || r == 0x7f:
			b.WriteString("\\" + strconv.FormatInt(int64(r), 16) + " ")
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// unquoteCSSString returns the contents of a quoted string token.
func unquoteCSSString(t string) string {
	q := t[0]
	t = t[1:]
	if n := len(t); n > 0 && t[n-1] == q {
		t = t[:n-1]
	}
	if !strings.Contains(t, "\\") {
		return t
	}
	// https://drafts.csswg.org/css-syntax/#consume-escaped-code-point
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '\\' || i+1 >= len(t) {
			b.WriteByte(t[i])
			continue
		}
		i++
		if t[i] == '\n' {
			continue
		}
		j := i
		for j < len(t) && j-i < 6 && isHex(t[j]) {
			j++
		}
		if j == i {
			b.WriteByte(t[i])
			continue
		}
		cp, _ := strconv.ParseUint(t[i:j], 16, 32)
		if cp == 0 || cp > 0x10ffff || cp >= 0xd800 && cp <= 0xdfff {
			cp = 0xfffd
		}
		b.WriteRune(rune(cp))
		if j < len(t) && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n') {
			j++
		}
		i = j - 1
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// normalizeValue returns value as Chromium serializes prop's specified
// value, or ok=false when prop cannot take it.
// closeAtEnd closes the blocks and string the end of value leaves open,
// as parsing a declaration's value does at the end of its input
// (`calc(min(1em, 21px) * 2` is `calc(min(1em, 21px) * 2)`).
// https://drafts.csswg.org/css-syntax-3/#consume-function
func closeAtEnd(value string) string {
	if strings.IndexAny(value, "([{\"'") < 0 {
		return value
	}
	var sc cssscan.Scanner
	for range sc.All(value) {
	}
	return value + sc.Closing()
}

func normalizeValue(prop, value string) (string, bool) {
	value = strings.TrimSpace(value)
	if strings.HasPrefix(prop, "--") {
		// an empty value is valid for a custom property (`--v:;`)
		// https://drafts.csswg.org/css-variables/#defining-variables
		return value, true
	}
	if value == "" {
		return "", false
	}
	prop = validationName(prop) // a logical longhand takes its physical one's values
	lower := ascii.Lower(value)
	if cssWideKeywords[lower] {
		return lower, true
	}
	if strings.Contains(lower, "var(") || strings.Contains(lower, "env(") || strings.Contains(lower, "attr(") {
		// Substitution happens at computed-value time: kept as written.
		return value, true
	}
	parts := splitComponents(value)
	if g := propertyGrammar(prop); g != nil && !hasDashedFunction(value) && !grammarMatch(g, parts) {
		return "", false
	}
	switch {
	case isTriggerProp(prop):
		return triggerValue(prop, parts) // csstrigger.go
	case prop == "initial-letter":
		return initialLetterValue(parts)
	case alignmentProps[prop]:
		return normalizeAlignment(parts), true
	case prop == "grid-template-areas" && lower != "none":
		return gridAreasValue(parts) // cssgridareas.go
	case prop == "container-type":
		return containerTypeValue(value) // containerquery.go
	case prop == "container-name":
		return containerNameValue(value)
	case colorProps[prop]:
		if len(parts) != 1 && (prop == "column-rule-color" || prop == "row-rule-color") {
			// a color per column rule (gap decorations)
			out := mapLayers(parts, func(out, layer []string) []string {
				if len(layer) != 1 {
					return nil
				}
				c, ok := normalizeColor(layer[0])
				if !ok {
					return nil
				}
				return append(out, c)
			})
			return joinComponents(out), out != nil
		}
		if len(parts) != 1 {
			return "", false
		}
		if (prop == "caret-color" || prop == "accent-color") && ascii.EqualFold(parts[0], "auto") {
			return "auto", true
		}
		if prop == "outline-color" && ascii.EqualFold(parts[0], "-webkit-focus-ring-color") {
			return "-webkit-focus-ring-color", true
		}
		c, ok := normalizeColor(parts[0])
		return c, ok
	case prop == "display":
		for _, p := range parts {
			if !displayKeywords[ascii.Lower(p)] {
				return "", false
			}
		}
		if m, ok := mathDisplay(parts); m {
			return ok, ok != ""
		}
		return normalizeDisplay(parts)
	case keywordProps[prop] != nil:
		if len(parts) != 1 || !keywordProps[prop][ascii.Lower(parts[0])] {
			return "", false
		}
		return ascii.Lower(parts[0]), true
	case prop == "text-indent" && len(parts) > 1:
		return normalizeTextIndent(parts)
	case lengthProps[prop]:
		if len(parts) != 1 {
			return "", false
		}
		if prop == "flex-basis" && ascii.EqualFold(parts[0], "content") {
			return "content", true
		}
		v, ok := normalizeLength(parts[0])
		if !ok || !lengthAllowed(prop, v) {
			return "", false
		}
		return v, true
	case prop == "opacity" || prop == "fill-opacity" || prop == "stroke-opacity" || prop == "flex-grow" || prop == "flex-shrink":
		if len(parts) != 1 {
			return "", false
		}
		f, unit, ok := splitNumber(parts[0])
		if !ok || unit != "" && !(unit == "%" && strings.HasSuffix(prop, "opacity")) || f < 0 && strings.HasPrefix(prop, "flex") {
			if t, ok := normalizeFunction(prop, parts[0]); ok && strings.Contains(t, "(") {
				return t, true
			}
			return "", false
		}
		return formatNumber(f) + unit, true
	case prop == "font-family":
		return joinComponents(normalizeFamilies(parts)), true
	case prop == "clip":
		if len(parts) != 1 {
			return "", false
		}
		return normalizeClip(parts[0])
	case radiusCorners[prop]:
		return cornerRadius(parts)
	case prop == "z-index" || prop == "order":
		if len(parts) != 1 {
			return "", false
		}
		if ascii.EqualFold(parts[0], "auto") && prop == "z-index" {
			return "auto", true
		}
		if cssvalue.IsMath(parts[0]) {
			return normalizeFunction(prop, parts[0])
		}
		f, unit, ok := splitNumber(parts[0])
		if !ok || unit != "" || f != math.Trunc(f) {
			return "", false
		}
		if math.Abs(f) < 1e15 { // an integer prints whole, as in Chromium
			return strconv.FormatInt(int64(f), 10), true
		}
		return formatNumber(f), true
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		t, ok := normalizeComponent(prop, p)
		if !ok {
			return "", false
		}
		out = append(out, t)
	}
	if prop == "background-size" || prop == "mask-size" || prop == "-webkit-mask-size" {
		out = bgSizeLayers(out)
	}
	if prop == "object-position" && len(out) == 3 {
		return "", false // a <position> has no three-value form (background-position's)
	}
	if prop == "transform-origin" || prop == "perspective-origin" || prop == "object-position" {
		out = originOrder(out)
	}
	if prop == "mask-position" {
		if out = maskPositionLayers(out); out == nil {
			return "", false
		}
	}
	if prop == "stroke-dasharray" {
		return dashList(out)
	}
	if gridLineProps[prop] {
		out = gridLineOrder(out) // cssgridline.go
	}
	if prop == "grid-auto-flow" {
		out = gridAutoFlowValue(out)
	}
	if basicShapeProps[prop] { // cssbasicshape.go
		var ok bool
		if out, ok = basicShapeValue(prop, out); !ok {
			return "", false
		}
	}
	out = individualTransformValue(prop, out) // cssindividualtransform.go
	out = filterValue(prop, out)              // cssfilter.go
	out = counterValue(prop, out)             // csskeywordforms.go
	out = scrollSnapValue(prop, out)
	out = symbolsValue(prop, out)
	out = containValue(prop, out)
	out = thresholdValue(prop, out)
	out = decorationLineOrder(prop, out)
	out = easingValue(prop, out)
	out = colorSchemeValue(prop, out)
	switch prop {
	case "scrollbar-gutter":
		out = scrollbarGutterValue(out)
	case "aspect-ratio":
		out = aspectRatioOrder(out)
	case "text-underline-position":
		if len(out) == 2 && (ascii.EqualFold(out[0], "left") || ascii.EqualFold(out[0], "right")) {
			out[0], out[1] = out[1], out[0] // the side comes last: `right under` reads `under right`
		}
	case "font-size-adjust":
		if len(out) == 2 && out[0] == "ex-height" {
			out = out[1:] // the default basis is left out
		}
	}
	if prop == "box-shadow" || prop == "text-shadow" {
		out = shadowOrder(out)
	}
	if prop == "font-feature-settings" || prop == "-webkit-font-feature-settings" {
		out = featureValues(out)
	}
	return joinComponents(out), true
}

// aspectRatioOrder writes aspect-ratio as Chromium 156 serializes it:
// auto first, and a ratio given as one number over 1 ("1 auto" reads
// "auto 1 / 1").
func aspectRatioOrder(out []string) []string {
	res := make([]string, 0, len(out)+2)
	ratio := make([]string, 0, len(out))
	for _, p := range out {
		if p == "auto" {
			res = append(res, p)
		} else {
			ratio = append(ratio, p)
		}
	}
	if len(ratio) == 1 {
		ratio = append(ratio, "/", "1")
	}
	return append(res, ratio...)
}

// featureValues writes each feature of font-feature-settings as Chromium
// serializes it: its value left out when it is 1 (or on), off as 0.
func featureValues(out []string) []string {
	res := out[:0]
	for i, p := range out {
		switch {
		case i > 0 && (p == "on" || p == "1") && out[i-1] != ",":
			continue
		case i > 0 && p == "off":
			p = "0"
		}
		res = append(res, p)
	}
	return res
}

// shadowOrder writes each shadow of a box-shadow or text-shadow as
// Chromium serializes a specified one: its color first, then its lengths,
// inset last (`0 0 2px red` reads `red 0px 0px 2px`).
func shadowOrder(out []string) []string {
	res := make([]string, 0, len(out))
	for start := 0; start <= len(out); {
		end := start
		for end < len(out) && out[end] != "," {
			end++
		}
		var color string
		inset := false
		lengths := make([]string, 0, 4)
		for _, t := range out[start:end] {
			switch {
			case ascii.EqualFold(t, "inset"):
				inset = true
			case color == "" && grammarTypes["color"](t):
				color = t
			default:
				lengths = append(lengths, t)
			}
		}
		if color != "" {
			res = append(res, color)
		}
		res = append(res, lengths...)
		if inset {
			res = append(res, "inset")
		}
		if end < len(out) {
			res = append(res, ",")
		}
		start = end + 1
	}
	return res
}

// radiusCorners are the longhands of border-radius (the logical corners
// validate as these, validationName).
var radiusCorners = set(`border-top-left-radius border-top-right-radius border-bottom-right-radius border-bottom-left-radius`)

// cornerRadius normalizes a corner's radii: one or two non-negative
// lengths or percentages, a bare 0 as 0px, written once when the two are
// equal (4px 4px reads 4px), as Chromium serializes them.
// https://drafts.csswg.org/css-backgrounds/#border-top-left-radius
func cornerRadius(parts []string) (string, bool) {
	if len(parts) < 1 || len(parts) > 2 {
		return "", false
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		v, ok := normalizeLength(p)
		if !ok || lengthKeywords[v] {
			return "", false
		}
		if f, _, num := splitNumber(v); num && f < 0 {
			return "", false
		}
		out[i] = v
	}
	if len(out) == 2 && out[0] == out[1] {
		out = out[:1]
	}
	return strings.Join(out, " "), true
}

// dashList writes a stroke-dasharray as Chromium serializes it: its
// dashes, given with commas, spaces or both, separated by commas; none
// alone.
// https://svgwg.org/svg2-draft/painting.html#StrokeDashing
func dashList(out []string) (string, bool) {
	dashes := out[:0:0]
	for _, t := range out {
		if t != "," {
			dashes = append(dashes, t)
		}
	}
	if len(dashes) == 1 && ascii.EqualFold(dashes[0], "none") {
		return "none", true
	}
	for _, t := range dashes {
		if t == "/" || ascii.EqualFold(t, "none") {
			return "", false
		}
	}
	if len(dashes) == 0 {
		return "", false
	}
	return strings.Join(dashes, ", "), true
}

// originOrder writes a transform-origin or perspective-origin as Chromium
// serializes it: horizontal then vertical, one value completed with center
// (`center` is `center center`, `top` is `center top`, `10px` is
// `10px center`), two keywords given vertical first swapped (`top left` is
// `left top`), a z offset kept after them.
// https://drafts.csswg.org/css-transforms/#transform-origin-property
func originOrder(out []string) []string {
	vertical := func(t string) bool { return t == "top" || t == "bottom" }
	keyword := func(t string) bool {
		return t == "left" || t == "right" || t == "center" || vertical(t)
	}
	switch {
	case len(out) == 1 && vertical(out[0]):
		return []string{"center", out[0]}
	case len(out) == 1:
		return []string{out[0], "center"}
	case len(out) == 2 || len(out) == 3:
		a, b := out[0], out[1]
		if keyword(a) && keyword(b) && (vertical(a) || b == "left" || b == "right") {
			out[0], out[1] = b, a
		}
	case len(out) == 4 && vertical(out[0]):
		// perspective-origin's edge offsets: bottom 10% right 20% is
		// right 20% bottom 10%
		out[0], out[1], out[2], out[3] = out[2], out[3], out[0], out[1]
	}
	return out
}

// maskPositionLayers writes each layer of a mask-position as Chromium 156
// serializes it: as originOrder writes an origin (left is left center, top
// left is left top, bottom 5px right 3px is right 3px bottom 5px).
// Chromium takes a <position>, so a layer of three values is refused
// (nil).
func maskPositionLayers(parts []string) []string {
	return mapLayers(parts, func(out, layer []string) []string {
		switch {
		case len(layer) == 3:
			return nil
		case len(layer) == 4 && (ascii.EqualFold(layer[0], "top") || ascii.EqualFold(layer[0], "bottom")):
			layer = []string{layer[2], layer[3], layer[0], layer[1]} // bottom 5px right 3px is right 3px bottom 5px
		default:
			layer = append([]string(nil), layer...) // originOrder swaps in place
		}
		return append(out, originOrder(layer)...)
	})
}

// mapLayers calls f with each comma-separated layer of parts (the
// components of a value) to append that layer's components to out, and
// returns them joined by commas, or nil when f returns nil.
func mapLayers(parts []string, f func(out, layer []string) []string) []string {
	out := parts[:0:0]
	for start := 0; start <= len(parts); {
		end := start
		for end < len(parts) && parts[end] != "," {
			end++
		}
		if out = f(out, parts[start:end]); out == nil {
			return nil
		}
		if end < len(parts) {
			out = append(out, ",")
		}
		start = end + 1
	}
	return out
}

// normalizeClip normalizes a value of the legacy clip property: auto, or
// rect() of four lengths or autos separated all by commas or all by
// spaces, written with commas and a bare 0 as 0px, as Chromium does
// (`rect(0 0 0 0)` reads back as `rect(0px, 0px, 0px, 0px)`; InstantSearch
// and other visually-hidden helpers set `clip: rect(0, 0, 0, 0)` by script).
// https://drafts.fxtf.org/css-masking/#clip-property
func normalizeClip(t string) (string, bool) {
	lower := ascii.Lower(t)
	if lower == "auto" {
		return "auto", true
	}
	if !strings.HasPrefix(lower, "rect(") || !strings.HasSuffix(t, ")") {
		return "", false
	}
	args := splitComponents(strings.TrimSpace(t[len("rect(") : len(t)-1]))
	var edges []string
	switch {
	case len(args) == 4:
		edges = args
	case len(args) == 7 && args[1] == "," && args[3] == "," && args[5] == ",":
		edges = []string{args[0], args[2], args[4], args[6]}
	default:
		return "", false
	}
	out := make([]string, 4)
	for i, e := range edges {
		if ascii.EqualFold(e, "auto") {
			out[i] = "auto"
			continue
		}
		v, ok := normalizeLength(e)
		if !ok || lengthKeywords[v] || strings.HasSuffix(v, "%") {
			return "", false
		}
		if strings.HasSuffix(v, ")") {
			if ty := cssvalue.TypeOfMath(v); ty == cssvalue.MathPercent || ty == cssvalue.MathLengthPercent {
				return "", false // clip's edges are lengths only
			}
		}
		out[i] = v
	}
	return "rect(" + strings.Join(out, ", ") + ")", true
}

// bgSizeLayers writes each layer of a background-size or mask-size as
// Chromium 156 does: one length or percentage with its auto height (5px
// is 5px auto), auto auto as auto.
func bgSizeLayers(parts []string) []string {
	return mapLayers(parts, func(out, layer []string) []string {
		switch {
		case len(layer) == 1 && layer[0] != "auto" && layer[0] != "cover" && layer[0] != "contain":
			return append(out, layer[0], "auto")
		case len(layer) == 2 && layer[0] == "auto" && layer[1] == "auto":
			return append(out, "auto")
		}
		return append(out, layer...)
	})
}

// normalizeFamilies normalizes the components of a font-family list as
// Chromium serializes it: a family named by a string or by several
// identifiers is written as an identifier when its name is one (and not a
// generic family or CSS-wide keyword, which a string keeps apart), else
// as a string ("Roboto" is Roboto, Open  Sans is "Open Sans").
// https://drafts.csswg.org/cssom/#serialize-a-css-value (font-family)
func normalizeFamilies(parts []string) []string {
	out := make([]string, 0, len(parts))
	for start := 0; start < len(parts); {
		end := start
		for end < len(parts) && parts[end] != "," {
			end++
		}
		fam := parts[start:end]
		switch {
		case len(fam) == 0:
			// an empty family (`1px a,,b` given to font): the grammar
			// refuses the value; nothing to write
		case len(fam) == 1 && (fam[0][0] == '"' || fam[0][0] == '\''):
			out = append(out, familyName(unquoteCSSString(fam[0])))
		case allIdents(fam) && (len(fam) > 1 || strings.Contains(fam[0], "\\")):
			names := make([]string, len(fam))
			for i, p := range fam {
				names[i] = unquoteCSSString(`"` + p + `"`) // escapes
			}
			out = append(out, familyName(strings.Join(names, " ")))
		default:
			for _, p := range fam {
				t, _ := normalizeComponent("font-family", p)
				out = append(out, t)
			}
		}
		if end < len(parts) {
			out = append(out, ",")
		}
		start = end + 1
	}
	return out
}

// familyName serializes a family name: as it is when it is an identifier
// that cannot be taken for a keyword, else as a string. Chromium 156
// compares the CSS-wide keywords, default and the generic families of
// CSS 2 (with system-ui and math) ignoring case, and leaves names starting
// with "--" quoted.
func familyName(name string) string {
	switch {
	case !isPlainIdent(name) || strings.HasPrefix(name, "--") || cssWideKeywords[ascii.Lower(name)] || ascii.EqualFold(name, "default"):
		return quoteCSSString(name)
	}
	switch ascii.Lower(name) {
	case "serif", "sans-serif", "cursive", "fantasy", "monospace", "system-ui", "math":
		return quoteCSSString(name)
	}
	return name
}

// isPlainIdent tells whether s is a CSS identifier written without
// escapes: name characters only, starting with a name-start character
// after an optional hyphen.
// https://drafts.csswg.org/css-syntax/#would-start-an-identifier
func isPlainIdent(s string) bool {
	rest := strings.TrimPrefix(s, "-")
	if rest == "" {
		return false
	}
	if c := rest[0]; c >= '0' && c <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80) {
			return false
		}
	}
	return true
}

// allIdents tells whether each of parts is an unquoted identifier
// (escapes allowed).
func allIdents(parts []string) bool {
	for _, p := range parts {
		plain := p
		if strings.Contains(p, "\\") {
			// an escape stands for a name character
			var b strings.Builder
			for i := 0; i < len(p); i++ {
				if p[i] == '\\' {
					b.WriteByte('x')
					i++
					for j := i; j < len(p) && j < i+6 && isHex(p[j]); j++ {
						i = j
					}
					continue
				}
				b.WriteByte(p[i])
			}
			plain = b.String()
		}
		if !isPlainIdent(plain) {
			return false
		}
	}
	return true
}

// normalizeLength normalizes one <length-percentage> or length keyword.
func normalizeLength(t string) (string, bool) {
	if f, unit, ok := splitNumber(t); ok {
		switch {
		case unit == "" && f == 0:
			return "0px", true
		case unit == "%" || lengthUnits[unit]:
			return formatNumber(f) + unit, true
		}
		return "", false
	}
	lower := ascii.Lower(t)
	if lengthKeywords[lower] {
		return lower, true
	}
	if strings.HasSuffix(t, ")") {
		name, _, _ := strings.Cut(lower, "(")
		switch {
		case cssvalue.IsMathName(name), name == "fit-content", name == "anchor", name == "anchor-size":
			return normalizeFunction("", t)
		}
	}
	return "", false
}

// normalizeComponent normalizes one component value of prop.
func normalizeComponent(prop, t string) (string, bool) {
	switch c := t[0]; {
	case t == "," || t == "/":
		return t, true
	case c == '"' || c == '\'':
		return quoteCSSString(unquoteCSSString(t)), true
	case c == '#':
		if rgb, ok := hexColor(t[1:]); ok {
			return rgb, true
		}
		return t, true
	case strings.HasSuffix(t, ")") && strings.IndexByte(t, '(') > 0:
		return normalizeFunction(prop, t)
	}
	if f, unit, ok := splitNumber(t); ok {
		if unit == "" && f == 0 && zeroIsLengthProps[prop] {
			return "0px", true
		}
		return formatNumber(f) + unit, true
	}
	if caseKeptProps[prop] {
		return t, true
	}
	return ascii.Lower(t), true
}

// zeroIsLengthProps are multi-component properties whose bare 0 is a length.
var zeroIsLengthProps = set(`margin padding inset border-width border-radius border border-top border-right border-bottom
	border-left outline gap grid-gap box-shadow text-shadow background-position background-size transform-origin
	border-spacing perspective-origin object-position scroll-margin scroll-padding
	grid-template-columns grid-template-rows grid-auto-columns grid-auto-rows
	scroll-margin-top scroll-margin-right scroll-margin-bottom scroll-margin-left scroll-padding-top scroll-padding-right
	scroll-padding-bottom scroll-padding-left column-width column-rule-width -webkit-text-stroke-width
	-webkit-border-horizontal-spacing -webkit-border-vertical-spacing row-rule-width offset-distance
	column-rule-inset-cap-start column-rule-inset-cap-end column-rule-inset-junction-start column-rule-inset-junction-end
	row-rule-inset-cap-start row-rule-inset-cap-end row-rule-inset-junction-start row-rule-inset-junction-end`)

// mathFits tells whether a math function of type ty may be prop's value
// (or, for a property whose values the table does not type, a component
// of it: any well-formed calculation). prop is "" for a
// <length-percentage>.
func mathFits(prop string, ty cssvalue.MathType) bool {
	switch ty {
	case cssvalue.MathInvalid:
		return false
	case cssvalue.MathUnknown:
		return true
	}
	switch {
	case prop == "" || lengthProps[prop]:
		return ty == cssvalue.MathLength || ty == cssvalue.MathPercent || ty == cssvalue.MathLengthPercent
	case prop == "opacity" || prop == "fill-opacity" || prop == "stroke-opacity":
		return ty == cssvalue.MathNumber || ty == cssvalue.MathPercent
	case prop == "flex-grow" || prop == "flex-shrink" || prop == "z-index" || prop == "order":
		return ty == cssvalue.MathNumber
	}
	return true
}

// normalizeFunction normalizes a functional notation: url() quoted,
// colors converted, other functions with their arguments normalized.
func normalizeFunction(prop, t string) (string, bool) {
	return normalizeFunctionComputed(prop, t, nil)
}

// normalizeFunctionComputed is normalizeFunction that, given a gradient
// computer, writes a gradient's computed value.
func normalizeFunctionComputed(prop, t string, comp *gradientComputer) (string, bool) {
	open := strings.IndexByte(t, '(')
	if open <= 0 || !strings.HasSuffix(t, ")") {
		// not a function: opacity = undefined (ApexCharts) reaches here
		return "", false
	}
	name := ascii.Lower(t[:open])
	inner := strings.TrimSpace(t[open+1 : len(t)-1])
	switch name {
	case "url":
		if inner != "" && (inner[0] == '"' || inner[0] == '\'') {
			inner = unquoteCSSString(inner)
		}
		return "url(" + quoteCSSString(inner) + ")", true
	case "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix":
		return normalizeColor(t)
	}
	if cssvalue.IsMathName(name) { // calc(), min(), round(), sin()...
		if !mathFits(prop, cssvalue.TypeOfMath(t)) {
			return "", false
		}
		if v, ok := cssvalue.SimplifyMath(t); ok {
			return v, true
		}
	}
	args := splitComponents(inner)
	arg := 0 // the index of the argument among the comma-separated ones
	for i, a := range args {
		switch a {
		case ",":
			arg++
			continue
		case "/", "+", "-", "*":
			continue
		}
		n, ok := normalizeComponent(prop, a)
		if !ok {
			return "", false
		}
		if f, unit, ok := splitNumber(a); ok && unit == "" {
			if cssvalue.IsMathName(name) {
				// inside math functions a bare 0 stays a number
				n = formatNumber(f)
			} else if u := transformZeroUnit(name, arg); u != "" && f == 0 {
				n = "0" + u
			}
		} else if ok && unit == "%" && scaleFunctions[name] {
			// a scale given as a percentage reads back as its number:
			// scale(250%) is scale(2.5)
			n = formatNumber(f / 100)
		}
		args[i] = n
	}
	if strings.HasSuffix(name, "gradient") {
		args = gradientArgs(name, args, comp) // cssgradient.go
	}
	if c, ok := camelFunctionNames[name]; ok {
		name = c
	}
	return name + "(" + joinComponents(args) + ")", true
}

// scaleFunctions are the transform functions whose arguments are scale
// factors, <number> or <percentage>.
var scaleFunctions = set("scale scalex scaley scalez scale3d")

// transformZeroUnit is the unit Chromium writes for a bare 0 given as
// argument i of transform function fn: translate3d(0, 0, 0) reads back as
// translate3d(0px, 0px, 0px) and rotate(0) as rotate(0deg) (antd, MUI and
// many others write translate3d(0, 0, 0)); "" where 0 is a number.
func transformZeroUnit(fn string, i int) string {
	switch fn {
	case "translate", "translatex", "translatey", "translatez", "translate3d", "perspective":
		return "px"
	case "rotate", "rotatex", "rotatey", "rotatez", "skew", "skewx", "skewy":
		return "deg"
	case "rotate3d":
		if i == 3 {
			return "deg"
		}
	case "blur", "drop-shadow": // filter functions
		return "px"
	case "hue-rotate":
		return "deg"
	}
	return ""
}

// camelFunctionNames are the transform functions whose names Chromium
// serializes in their canonical mixed case (TRANSLATEX(1px) reads back as
// translateX(1px)); other function names are lowercased. Animation
// libraries (anime.js, GSAP) read style.transform back and compare it.
// https://drafts.csswg.org/css-transforms-2/#transform-functions
var camelFunctionNames = map[string]string{
	"translatex": "translateX", "translatey": "translateY", "translatez": "translateZ",
	"scalex": "scaleX", "scaley": "scaleY", "scalez": "scaleZ",
	"rotatex": "rotateX", "rotatey": "rotateY", "rotatez": "rotateZ",
	"skewx": "skewX", "skewy": "skewY",
}

// normalizeColor returns a color as Chromium serializes a specified color:
// named colors lowercase, everything else rgb()/rgba().
// https://drafts.csswg.org/css-color/#serializing-sRGB-values
func normalizeColor(t string) (string, bool) {
	lower := ascii.Lower(t)
	if _, ok := namedColors[lower]; ok || lower == "transparent" || lower == "currentcolor" {
		return lower, true
	}
	if _, ok := cssvalue.SystemColors[lower]; ok {
		return lower, true
	}
	if webkitColors[lower] {
		return lower, true
	}
	if cssWideKeywords[lower] {
		return lower, true
	}
	if strings.HasPrefix(t, "#") {
		return hexColor(t[1:])
	}
	if cssvalue.IsFloatColor(t) { // lab(), oklch(), color(), color-mix(), rgb(from …)
		return cssvalue.SpecifiedColor(t)
	}
	r, g, b, a, ok := parseColorFunction(lower)
	if !ok {
		return "", false
	}
	return rgbString(r, g, b, a), true
}

// colorRGBA resolves an sRGB color to its components (for computed values).
func colorRGBA(t string) (r, g, b int, a float64, ok bool) {
	c, ok := cssvalue.ParseColor(t)
	return int(c.R), int(c.G), int(c.B), c.A, ok
}

// computedColor is a color's computed form: rgb()/rgba() for the sRGB
// colors, the color's own space for the others (oklch(…) stays oklch(…),
// color-mix() is its result). A color using currentcolor inside
// color-mix() or a relative color is returned as it is, for
// Window.resolvedColor.
func computedColor(t string) string {
	if c, ok := cssvalue.ParseColor(t); ok {
		return c.String()
	}
	if cssvalue.IsFloatColor(t) {
		if c, ok := cssvalue.ComputeColor(t, cssvalue.Color{}, false); ok {
			return c.String()
		}
	}
	return t
}

func rgbString(r, g, b int, a float64) string {
	return cssvalue.RGBA{R: uint8(r), G: uint8(g), B: uint8(b), A: a}.String()
}

func hexColor(h string) (string, bool) {
	c, ok := cssvalue.ParseHex(h)
	if !ok {
		return "", false
	}
	return c.String(), true
}

// parseColorFunction parses rgb()/rgba()/hsl()/hsla()/hwb().
func parseColorFunction(t string) (r, g, b int, a float64, ok bool) {
	c, ok := cssvalue.ParseColorFunction(t)
	return int(c.R), int(c.G), int(c.B), c.A, ok
}

// The number syntax and serialization of package cssvalue.
var (
	splitNumber  = cssvalue.SplitNumber
	formatNumber = cssvalue.FormatNumber
	isIdent      = cssvalue.IsIdent
	namedColors  = cssvalue.NamedColors
)
