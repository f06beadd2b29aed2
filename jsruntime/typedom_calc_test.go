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

// TestReifyTransformList checks the reading of transform lists, and that
// text it does not take is refused without a panic.
func TestReifyTransformList(t *testing.T) {
	good := map[string]string{
		"translate(1px) rotate(0)":          "translate(1px, 0px) rotate(0deg)",
		"scale(2) rotateZ(1deg)":            "scale(2, 2) rotate3d(0, 0, 1, 1deg)",
		"perspective(none) skew(1deg, 0)":   "perspective(none) skew(1deg)",
		"translate(calc(1px + 1em), 5%)":    "translate(calc(1px + 1em), 5%)",
		"matrix(1, 2, 3, 4, 5, 6)":          "matrix(1, 2, 3, 4, 5, 6)",
		"translate3d(1px, 2px, 3px)":        "translate3d(1px, 2px, 3px)",
		"rotate3d(1, 2, 3, 4deg) scaleZ(2)": "rotate3d(1, 2, 3, 4deg) scale3d(1, 1, 2)",
	}
	for in, want := range good {
		v, ok := reifyTransformList(in)
		if !ok {
			t.Errorf("reifyTransformList(%q) failed", in)
			continue
		}
		if got := v.String(); got != want {
			t.Errorf("reifyTransformList(%q) = %q, want %q", in, got, want)
		}
	}
	for _, bad := range []string{"", "none", "translate(", "translate(1deg)", "rotate(1px)", "scale(1px)", "matrix(1, 2)",
		"translateZ(5%)", "foo(1px)", "translate(1px))", "(1px)", "translate(1px) garbage", strings.Repeat("scale(", 5000)} {
		if v, ok := reifyTransformList(bad); ok {
			t.Errorf("reifyTransformList(%.30q) = %v, want an error", bad, v)
		}
	}
}
