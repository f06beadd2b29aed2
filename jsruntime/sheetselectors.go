package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"

	"github.com/bangsnap/bangsnap/dom/cssscan"
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
// Selectors of pseudo-elements (p::before) are kept: the cascade files
// their rules apart (pseudoKey), for getComputedStyle(el, '::before').
// https://drafts.csswg.org/selectors-4/#invalid
func parseSheetSelectors(list string) cascadia.SelectorGroup {
	if g, err := cascadia.ParseGroupWithPseudoElements(list); err == nil {
		return g
	}
	var kept cascadia.SelectorGroup
	for _, s := range splitSelectorList(list) {
		if g, err := cascadia.ParseGroupWithPseudoElements(s); err == nil {
			kept = append(kept, g...)
		}
	}
	return kept
}

// splitSelectorList splits a selector list at its top-level commas (not
// inside parentheses, brackets or strings).
func splitSelectorList(list string) []string {
	parts := cssscan.Split(list, ',')
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}
