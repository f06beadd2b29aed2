package jstok

import "testing"

// TestFunctionEnd checks where functionEnd ends the function starting a
// text: the mark | in each case.
func TestFunctionEnd(t *testing.T) {
	for _, c := range []string{
		"function f(a = {}) { return `}${a}` + '}' + /}/.source; }|;",
		"x => x * 2|;",
		"(a, {b}) => ({ a, b })|, 1",
		"async x => await x|)",
		"y => y ? 1 : 2|: 3",
		"z => z\n.map(q => q)|\nfoo()",
		"z => z|\nfoo()",
		"z => z\n+ 1|;",
		"class A extends B { m() { return 1 } }|\n",
		"[k + \"}\"]() { return a / b; }|,",
		"get x() { return 1 }| static y() {}",
		"*gen() { yield* [1] }|",
		"a => { /* } */ return a // }\n}|",
		"b => `${`${b}`}`|]",
	} {
		want := -1
		src := c
		for i := range c {
			if c[i] == '|' {
				want, src = i, c[:i]+c[i+1:]
				break
			}
		}
		if got := FunctionEnd(src, 0); got != want {
			t.Errorf("FunctionEnd(%q) = %d, want %d", src, got, want)
		}
	}
	for _, bad := range []string{"function f( {", "x => `${", "function f() { '", "x => /a"} {
		if got := FunctionEnd(bad, 0); got >= 0 && got < len(bad) {
			t.Errorf("FunctionEnd(%q) = %d, want -1 or the end", bad, got)
		}
	}
}
