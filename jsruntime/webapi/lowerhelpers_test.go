package webapi

import (
	"strings"
	"testing"
)

func TestHideLoweringHelpers(t *testing.T) {
	src := "async function* gen() { yield 1; }\nvar o = { __x: 1 };\n"
	r := lowerFor(src, "x.js", gojaLowerSupported)
	if r.err != nil {
		t.Fatal(r.err)
	}
	got := hideLoweringHelpers(markAsyncGenerators(r.code), src)
	if strings.Contains(got, "var __") {
		t.Errorf("helpers still declared:\n%s", got)
	}
	if !strings.Contains(got, "__bangsnapLowered.__asyncGenerator(") {
		t.Errorf("helper calls not renamed:\n%s", got)
	}
}
