package jsruntime

import (
	"strings"
	"testing"
)

// TestParseNumericValueBadInput checks that math text which is not valid
// is refused without a panic, however deep or broken it is.
func TestParseNumericValueBadInput(t *testing.T) {
	bad := []string{"", "calc(", "calc()", "min(,)", "clamp(1px,,2px)", "calc(1px +", "calc(* 2)",
		"calc(-)", "calc(e)", "calc(1px) calc(2px)", "max(1px, 2s)",
		strings.Repeat("calc(", 10000) + "1px" + strings.Repeat(")", 10000),
		"calc(" + strings.Repeat("(", 10000) + "1px" + strings.Repeat(")", 10001)}
	for _, s := range bad {
		if n, ok := parseNumericValue(s); ok && s != "calc(e)" {
			t.Errorf("parseNumericValue(%.40q) = %v, want an error", s, n)
		}
	}
	good := map[string]string{
		"calc(1px + 2em)":        "calc(1px + 2em)",
		"calc(1px - (2em - 3%))": "calc(1px - 2em + 3%)",
		"clamp(1px, 2em, 3px)":   "clamp(1px, 2em, 3px)",
		"min(1in, 100px)":        "96px",
		"calc(e)":                "calc(2.71828)",
		"calc(2 * (1px + 1em))":  "calc(2px + 2em)",
		"calc(1px * 2em / 3em)":  "calc(1px * 2em / 3em)",
		"max(1px + 2em, 3px)":    "max(1px + 2em, 3px)",
		"calc(-1 * (1px + 1em))": "calc(-1px - 1em)",
	}
	for in, want := range good {
		n, ok := parseNumericValue(in)
		if !ok {
			t.Errorf("parseNumericValue(%q) failed", in)
			continue
		}
		if got := n.String(); got != want {
			t.Errorf("parseNumericValue(%q) = %q, want %q", in, got, want)
		}
	}
}
