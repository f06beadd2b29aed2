package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
)

// parseSheetSelectors parses the selector list of a style rule for the
// cascade. When cascadia refuses the list as a whole, each selector of it
// is parsed alone and those cascadia accepts are kept: a list is refused
// over one selector that Chromium accepts but cascadia does not know
// (Tailwind 4's theme rule is `:root, :host { --color-red-500: ... }`, its
// reset `*, ::after, ::before, ::backdrop, ::file-selector-button`), and
// dropping the whole rule lost every custom property of the page. Style
// sheets written for browsers are valid there, so keeping the selectors we
// understand is closer to Chromium than dropping the rule.
// https://drafts.csswg.org/selectors-4/#invalid
func parseSheetSelectors(list string) cascadia.SelectorGroup {
	if g, err := cascadia.ParseGroup(list); err == nil {
		return g
	}
	var kept cascadia.SelectorGroup
	for _, s := range splitSelectorList(list) {
		if g, err := cascadia.ParseGroup(s); err == nil {
			kept = append(kept, g...)
		}
	}
	return kept
}

// splitSelectorList splits a selector list at its top-level commas (not
// inside parentheses, brackets or strings).
func splitSelectorList(list string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(list); i++ {
		c := list[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\\':
			i++
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(list[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(list[start:]))
}
