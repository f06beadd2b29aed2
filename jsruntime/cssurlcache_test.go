package jsruntime

import (
	"strings"
	"testing"
	"unsafe"
)

// TestURLCache: renders of a sheet share its resolved text (the same
// string, not a copy), per base URL; a text with nothing to resolve is
// returned as it is and keeps no copy; short texts and texts over half
// the bound are not kept; the cache stays within its bound.
func TestURLCache(t *testing.T) {
	const max = 64 << 10
	c := newURLCache(max)
	block := "a { background: url(img/a.png) }\n.b { color: var(--c) }\n"
	sheet := strings.Repeat(block, 2048/len(block)+1)
	varsOnly := strings.Repeat(".b { color: var(--c) }\n", 100)
	tests := []struct {
		name, css, base string
		kept, same      bool // an entry is kept; the result is css itself
	}{
		{"resolved", sheet, "https://h.test/css/site.css", true, false},
		{"other base", sheet, "https://h.test/other/site.css", true, false},
		{"nothing to resolve", varsOnly, "https://h.test/css/site.css", true, true},
		{"short", block, "https://h.test/css/site.css", false, false},
		{"over half the bound", strings.Repeat(block, max/len(block)), "https://h.test/css/site.css", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := c.Len()
			first := c.resolve(tt.css, tt.base, resolveAndStrip)
			if want := resolveAndStrip(tt.css, tt.base); first != want {
				t.Fatalf("resolved text differs from rewriteURLs' (%d and %d bytes)", len(first), len(want))
			}
			copied := strings.Clone(tt.css) // a new render reads the text again
			again := c.resolve(copied, tt.base, resolveAndStrip)
			if again != first {
				t.Fatal("the second resolve gave another text")
			}
			if got := c.Len() - n; got != map[bool]int{true: 1, false: 0}[tt.kept] {
				t.Errorf("%d entries added, kept %v", got, tt.kept)
			}
			shared := unsafe.StringData(again) == unsafe.StringData(first)
			switch {
			case tt.same && unsafe.StringData(again) != unsafe.StringData(copied):
				t.Error("a text with nothing to resolve was not returned as it is")
			case tt.kept && !tt.same && !shared:
				t.Error("the second render got a copy of the resolved text, not the kept one")
			case !tt.kept && shared && !tt.same:
				t.Error("a text not kept was shared")
			}
		})
	}
	if _, ok := c.Get(urlKey{}); ok {
		t.Error("an empty key was kept")
	}
	for i := range 200 {
		c.resolve(strings.Repeat("a", i+1)+sheet, "https://h.test/css/site.css", resolveAndStrip)
	}
	var sum int64
	keys, ents := c.Entries()
	for i, ent := range ents {
		if ent.same && ent.out != "" {
			t.Error("an entry of an unchanged text keeps a copy")
		}
		sum += urlEntrySize(keys[i], ent)
	}
	if sum != c.Cost() || sum > max {
		t.Errorf("%d entries of %d bytes (counted %d), want at most %d", c.Len(), sum, c.Cost(), max)
	}
}

// TestCascadeSheetText: the text the cascade reads of a sheet is its
// URLs resolved and its comments stripped, and the parse of it strips
// nothing more, so that the parsed sheet's values are slices of that
// text (kept once) rather than of a copy.
func TestCascadeSheetText(t *testing.T) {
	const base = "https://h.test/css/site.css"
	rules := strings.Repeat(".r { margin: 0 }\n", 80)
	tests := []struct{ name, in, want string }{
		{"url and comment", "/*! lib */ a { background: url(i.png) }\n" + rules, ` a { background: url("https://h.test/css/i.png") }` + "\n" + rules},
		{"comment only", "a /* x */{ color: red }\n" + rules, "a { color: red }\n" + rules},
		{"comment between names", "[foo=bar/**/i] { color: red }\n" + rules, "[foo=bar i] { color: red }\n" + rules},
		{"nothing to change", "a { color: red }\n" + rules, "a { color: red }\n" + rules},
		{"short", "a { b: url(i.png) } /* c */", `a { b: url("https://h.test/css/i.png") } `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cascadeSheetText(tt.in, base)
			if got != tt.want {
				t.Fatalf("cascadeSheetText = %q, want %q", got, tt.want)
			}
			if s := stripComments(got); unsafe.StringData(s) != unsafe.StringData(got) {
				t.Error("the cascade's parse copies the text again")
			}
			if again := cascadeSheetText(strings.Clone(tt.in), base); again != got {
				t.Errorf("a second render reads %q", again)
			}
		})
	}
}
