package bind

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestLoneSurrogatesRoundTrip checks that DOMString and JSString carry lone
// surrogates across as WTF-8 and leave everything else as goja has it.
func TestLoneSurrogatesRoundTrip(t *testing.T) {
	rt := goja.New()
	tests := []struct {
		js   string // a JavaScript string expression
		wtf8 string // what DOMString gives
	}{
		{`"abc"`, "abc"},
		{`"\u00e9\ud83d\ude00"`, "é😀"},
		{`"\ufffd"`, "\uFFFD"},
		{`"a\ud800b"`, "a\xed\xa0\x80b"},
		{`"\udfff\ud83d"`, "\xed\xbf\xbf\xed\xa0\xbd"},
		{`"\ud83d\ude00\ude00"`, "😀\xed\xb8\x80"},
		{`"\ufffd\ud800"`, "\uFFFD\xed\xa0\x80"},
		{`"\ud55c\uad6d"`, "한국"}, // 0xED lead bytes that are no surrogates
	}
	for _, tt := range tests {
		v, err := rt.RunString(tt.js)
		if err != nil {
			t.Fatal(err)
		}
		s := DOMString(v)
		if s != tt.wtf8 {
			t.Errorf("DOMString(%s) = %q, want %q", tt.js, s, tt.wtf8)
			continue
		}
		back := JSString(rt, s)
		if !back.StrictEquals(v) {
			t.Errorf("JSString(DOMString(%s)) = %q, not the same string", tt.js, back.String())
		}
	}
}

// BenchmarkDOMString measures JavaScript -> Go string conversion: the
// common cases must stay one scan with no allocation beyond goja's own
// String() (compare with the plain v.String() baseline).
func BenchmarkDOMString(b *testing.B) {
	rt := goja.New()
	for _, c := range []struct{ name, js string }{
		{"ascii", `"hello world, a plain ascii text of moderate length"`},
		{"unicode", `"h\u00e9llo w\u00f6rld, caf\u00e9 \u2603 and \ud83d\ude00 in a text"`},
		{"replacement", `"mojibake \ufffd\ufffd in an otherwise plain text"`},
		{"lone", `"a lone \ud800 surrogate in an otherwise plain text"`},
	} {
		v, err := rt.RunString(c.js)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/baseline", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = v.String()
			}
		})
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = DOMString(v)
			}
		})
	}
}

// BenchmarkJSString measures Go -> JavaScript string conversion against
// goja's ToValue.
func BenchmarkJSString(b *testing.B) {
	rt := goja.New()
	for _, c := range []struct{ name, s string }{
		{"ascii", "hello world, a plain ascii text of moderate length"},
		{"unicode", "héllo wörld, café ☃ and 😀 in a text"},
		{"korean", strings.Repeat("한국어 ", 8)},
		{"lone", "a lone \xed\xa0\x80 surrogate in an otherwise plain text"},
	} {
		b.Run(c.name+"/baseline", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = rt.ToValue(c.s)
			}
		})
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = JSString(rt, c.s)
			}
		})
	}
}
