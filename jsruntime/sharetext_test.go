package jsruntime

import (
	"testing"
	"unsafe"
)

// TestCompileNewShareText checks what compileNew tells Config.ShareText: the
// text it compiled (the source, or the lowering it compiled instead) and
// the program's own equal copy of it.
func TestCompileNewShareText(t *testing.T) {
	const lowered = "var lowered = 1;"
	lower := func(string, string) (string, error) { return lowered, nil }
	for _, tc := range []struct {
		name, src string
		lower     Lowerer
		wantText  string // "" when share is not called
	}{
		{"compiled as it is", "var plain = 1;", nil, "var plain = 1;"},
		{"compiled from its lowering", "let = ;", lower, lowered},
		{"not compiled", "let = ;", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var text, kept string
			calls := 0
			_, _ = compileNew(tc.src, "t.js", tc.lower, func(tx, k string) { text, kept = tx, k; calls++ })
			if tc.wantText == "" {
				if calls != 0 {
					t.Fatalf("share called %d times (%q)", calls, text)
				}
				return
			}
			if calls != 1 || text != tc.wantText || kept != tc.wantText {
				t.Fatalf("share called %d times with %q, %q; want once with %q", calls, text, kept, tc.wantText)
			}
			if unsafe.StringData(kept) == unsafe.StringData(text) {
				t.Errorf("kept is the text itself, not the program's copy")
			}
		})
	}
}
