package jsruntime

import (
	"runtime"
	"strings"
	"testing"
)

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

// TestAbsoluteSheetURLsAllocation checks that rewriting a big sheet
// allocates its text about once: the result is kept with the sheet, and a
// builder grown by doubling allocated several times the text (2.5 MB for
// this 400 KB sheet) and kept up to twice it. Resolving its 1,091 URLs
// allocates about 1.4 times its length more.
func TestAbsoluteSheetURLsAllocation(t *testing.T) {
	block := "a { background: url(img/a.png) }\n" + strings.Repeat(".c { color: red }\n", 20)
	sheet := strings.Repeat(block, 400_000/len(block))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := absoluteSheetURLs(sheet, "https://h.test/css/site.css")
	runtime.ReadMemStats(&after)
	if !strings.HasPrefix(out, `a { background: url("https://h.test/css/img/a.png") }`) || len(out) != len(sheet)+400_000/len(block)*len(`"https://h.test/css/"`) {
		t.Fatalf("rewritten sheet starts %q (%d bytes)", out[:60], len(out))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(len(sheet))*3 {
		t.Errorf("rewriting a %d-byte sheet allocated %d bytes, want under 3 times its length", len(sheet), alloc)
	}
}
