package jsruntime

import "testing"

// TestAbsoluteSheetURLs: the url() tokens of a linked or imported sheet
// are resolved against its URL, and nothing else is touched: comments,
// strings, custom properties, fragment-only and empty URLs, bad url
// tokens, names ending in "url".
func TestAbsoluteSheetURLs(t *testing.T) {
	const base = "https://h.test/css/site.css"
	tests := []struct{ in, want string }{
		{`a { b: url(i.png) }`, `a { b: url("https://h.test/css/i.png") }`},
		{`a { b: URL( '../i j.png' ) x }`, `a { b: url("https://h.test/i%20j.png") x }`},
		{`a { b: url("q\"uote.png"), url(#m), url(), url("") }`, `a { b: url("https://h.test/css/q%22uote.png"), url(#m), url(), url("") }`},
		{`/* url(c.png) */ a[title="url(s.png)"] { b: url(//cdn.test/x) }`, `/* url(c.png) */ a[title="url(s.png)"] { b: url("https://cdn.test/x") }`},
		{`a { --v: url(v.png); b: url(w.png) }`, `a { --v: url(v.png); b: url("https://h.test/css/w.png") }`},
		{`a { b: my-url(x.png); c: url(a b.png); d: url("a" b) }`, `a { b: my-url(x.png); c: url(a b.png); d: url("a" b) }`},
		{`a { b: url(x\)y.png) }`, `a { b: url("https://h.test/css/x)y.png") }`},
		{`a { b: url(unclosed`, `a { b: url(unclosed`},
		{`no urls at all`, `no urls at all`},
	}
	for _, tt := range tests {
		if got := absoluteSheetURLs(tt.in, base); got != tt.want {
			t.Errorf("absoluteSheetURLs(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// FuzzAbsoluteSheetURLs: sheets come from pages; rewriting their URLs must
// never panic, and a rewritten sheet rewrites to itself.
func FuzzAbsoluteSheetURLs(f *testing.F) {
	for _, s := range []string{`a{b:url(x)}`, `url("a\"b")`, `url(x\)`, `/* url(`, `--a:url(x);b:URL( 'y' )`, `url(#a) url() url(`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := absoluteSheetURLs(s, "https://h.test/a/b.css")
		if twice := absoluteSheetURLs(once, "https://h.test/a/b.css"); twice != once {
			t.Fatalf("not stable: %q -> %q -> %q", s, once, twice)
		}
	})
}
