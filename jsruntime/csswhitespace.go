package jsruntime

// white-space is the shorthand of white-space-collapse and text-wrap-mode
// in Chromium 148: in a declaration block a white-space declared after a
// longhand replaces it, and a block that sets both longhands (through
// white-space or each apart) writes them back as white-space
// ("white-space: pre;" for white-space-collapse: preserve and
// text-wrap-mode: nowrap). The cascade keeps white-space as one property
// and composes it from the longhands (composedWhiteSpace).
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
