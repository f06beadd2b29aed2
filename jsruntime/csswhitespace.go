package jsruntime

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// white-space is the shorthand of white-space-collapse and text-wrap-mode
// in Chromium 156: in a declaration block a white-space declared after a
// longhand replaces it, the block lists it as its two longhands (item(),
// length), and a block that sets both longhands (through white-space or
// each apart) writes them back as white-space ("white-space: pre;" for
// white-space-collapse: preserve and text-wrap-mode: nowrap). Besides its
// keywords it takes a collapse, a mode or both in either order
// (`preserve nowrap` is pre; the omitted one is declared initial), and
// not discard (white-space-trim is not shipped). A keyword value is kept
// as one white-space declaration, which the cascade reads as one
// property; any other value declares the two longhands, and the cascade
// composes white-space from them (composedWhiteSpace).
// https://drafts.csswg.org/css-text-4/#white-space-property

// whiteSpaceLonghands are the longhands white-space sets.
var whiteSpaceLonghands = [2]string{"white-space-collapse", "text-wrap-mode"}

// whiteSpaceParts is the white-space-collapse and text-wrap-mode a
// white-space keyword stands for (a CSS-wide keyword for both).
func whiteSpaceParts(v string) (collapse, mode string, ok bool) {
	switch v {
	case "normal":
		return "collapse", "wrap", true
	case "nowrap":
		return "collapse", "nowrap", true
	case "pre":
		return "preserve", "nowrap", true
	case "pre-wrap":
		return "preserve", "wrap", true
	case "pre-line":
		return "preserve-breaks", "wrap", true
	case "break-spaces":
		return "break-spaces", "wrap", true
	}
	if cssWideKeywords[v] {
		return v, v, true
	}
	return "", "", false
}

// isWhiteSpaceKeyword tells whether value is one of white-space's own
// keywords (nowrap and break-spaces are, though also longhand values).
func isWhiteSpaceKeyword(value string) bool {
	_, _, ok := whiteSpaceParts(ascii.Lower(strings.TrimSpace(value)))
	return ok
}

// whiteSpaceCollapses are the values of white-space-collapse white-space
// takes (not preserve-spaces nor discard in Chromium 156).
var whiteSpaceCollapses = set("collapse preserve preserve-breaks break-spaces")

func isWhiteSpaceLonghand(d cssDecl) bool {
	return d.name == whiteSpaceLonghands[0] || d.name == whiteSpaceLonghands[1]
}

// splitWhiteSpace replaces a white-space keyword declaration of list, in
// its place, by its two longhands, for one of them to be set or removed
// apart (white-space: pre, then text-wrap-mode: wrap, lists
// white-space-collapse and text-wrap-mode).
func splitWhiteSpace(list []cssDecl) []cssDecl {
	i := slices.IndexFunc(list, func(d cssDecl) bool { return d.name == "white-space" })
	if i < 0 {
		return list
	}
	c, m, ok := whiteSpaceParts(list[i].value)
	if !ok {
		return list // kept whole (var())
	}
	imp := list[i].important
	out := make([]cssDecl, 0, len(list)+1)
	out = append(out, list[:i]...)
	out = append(out, cssDecl{whiteSpaceLonghands[0], c, imp}, cssDecl{whiteSpaceLonghands[1], m, imp})
	return append(out, list[i+1:]...)
}

// whiteSpaceLonghandValues parses a white-space value that is no keyword
// of its own: a white-space-collapse, a text-wrap-mode or both in either
// order, the omitted one initial. keyword is the white-space keyword
// standing for the pair when both are given and one does (`nowrap
// preserve` is pre).
func whiteSpaceLonghandValues(value string) (collapse, mode, keyword string, ok bool) {
	parts := strings.Fields(ascii.Lower(value))
	if len(parts) == 0 || len(parts) > 2 {
		return "", "", "", false
	}
	collapse, mode = "initial", "initial"
	for _, p := range parts {
		switch {
		case whiteSpaceCollapses[p] && collapse == "initial":
			collapse = p
		case textWrapModes[p] && mode == "initial":
			mode = p
		default:
			return "", "", "", false
		}
	}
	if len(parts) == 2 {
		if k, ok := composeWhiteSpace(collapse, mode); ok && !strings.Contains(k, " ") {
			keyword = k
		}
	}
	return collapse, mode, keyword, true
}

// composeWhiteSpace is the white-space of a white-space-collapse and a
// text-wrap-mode: the keyword standing for the pair, or the pair itself
// when none does (`preserve-breaks nowrap`); a CSS-wide keyword only when
// both are it (ok false otherwise).
func composeWhiteSpace(collapse, mode string) (string, bool) {
	switch collapse + " " + mode {
	case "collapse wrap":
		return "normal", true
	case "collapse nowrap":
		return "nowrap", true
	case "preserve wrap":
		return "pre-wrap", true
	case "preserve nowrap":
		return "pre", true
	case "preserve-breaks wrap":
		return "pre-line", true
	case "break-spaces wrap":
		return "break-spaces", true
	}
	if cssWideKeywords[collapse] || cssWideKeywords[mode] {
		// one longhand declared initial by a value that left it out
		// reads as its initial value (white-space: collapse is normal)
		if mode == "initial" && !cssWideKeywords[collapse] {
			return composeWhiteSpace(collapse, "wrap")
		}
		if collapse == "initial" && !cssWideKeywords[mode] {
			return composeWhiteSpace("collapse", mode)
		}
		return collapse, collapse == mode
	}
	return collapse + " " + mode, true
}

// blockWhiteSpace is the white-space a declaration block's white-space
// and longhand declarations write together, in their order: ok only when
// a longhand is among them, both longhands are set, with one priority,
// and white-space's value is a keyword (one with var() is left alone).
func blockWhiteSpace(list []cssDecl) (value string, important, ok bool) {
	var collapse, mode string
	longhand := false
	n := 0
	for _, d := range list {
		switch d.name {
		case "white-space":
			c, m, ok := whiteSpaceParts(d.value)
			if !ok {
				return "", false, false
			}
			collapse, mode = c, m
		case whiteSpaceLonghands[0]:
			collapse, longhand = d.value, true
		case whiteSpaceLonghands[1]:
			mode, longhand = d.value, true
		default:
			continue
		}
		if n > 0 && d.important != important {
			return "", false, false
		}
		important = d.important
		n++
	}
	if !longhand || collapse == "" || mode == "" {
		return "", false, false
	}
	v, ok := composeWhiteSpace(collapse, mode)
	return v, important, ok
}
