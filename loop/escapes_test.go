package loop

import (
	"testing"

	"github.com/dop251/goja"
)

func TestRewriteMaxCodePointEscapes(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{`"a\u{10FFFF}"`, `"a\uDBFF\uDFFF"`},
		{`'\u{0010ffff}x'`, `'\uDBFF\uDFFFx'`},
		{"`\\u{10FfFf}${1}\\u{10FFFF}`", "`\\uDBFF\\uDFFF${1}\\uDBFF\\uDFFF`"},
		{`"\\u{10FFFF}"`, ``},                  // an escaped backslash: text
		{`"\\\u{10FFFF}"`, `"\\\uDBFF\uDFFF"`}, // a backslash, then the escape
		{`"\u{10FFFE}" + "\u{1F600}"`, ``},
		{`"\u{10FFFF"`, ``},
		{`x\u{`, ``},
	} {
		got, ok := RewriteMaxCodePointEscapes(c.in)
		want := c.out
		if want == "" {
			want = c.in
		}
		if got != want || ok != (c.out != "") {
			t.Errorf("RewriteMaxCodePointEscapes(%s) = %s, %v; want %s, %v", c.in, got, ok, want, c.out != "")
		}
	}
}

// The escape of U+10FFFF no longer panics goja's parser in eval, new
// Function and strings run by the loop's runtime, and reads as the code
// point it names.
func TestMaxCodePointEscapeEval(t *testing.T) {
	rt := goja.New()
	New(rt, Options{})
	v, err := rt.RunString(`[
		"\u{10FFFF}".length,
		eval('"a\\u{10FFFF}"').codePointAt(1).toString(16),
		new Function('return "\\u{10FFFF}".length')(),
		eval('/^\\u{10FFFF}$/u.test("\\u{10FFFF}")'),
		eval('"\\\\u{10FFFF}"'),
	].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), `2,10ffff,2,true,\u{10FFFF}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
