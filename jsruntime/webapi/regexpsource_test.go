package webapi

import (
	"strings"
	"testing"
	"unsafe"
)

// TestMarkRewrittenPatternCopies: the table keeps a copy of the written
// pattern, not the slice of the script's source it was given, which would
// keep the whole source alive for the life of the process.
func TestMarkRewrittenPatternCopies(t *testing.T) {
	source := "var re = /a.b\\Sperf62/i; " + strings.Repeat("x", 1<<16)
	for _, tc := range []struct{ written, rewritten string }{
		{source[10:21], `a[^\n\r\u2028\u2029]b[^\s]perf62`},
		{source[10:21], `a[^\n\r\u2028\u2029]b[^\s]perf62`}, // again: found in the table
	} {
		marked := MarkRewrittenPattern(tc.rewritten, tc.written)
		if marked != tc.rewritten+rewrittenMark {
			t.Fatalf("MarkRewrittenPattern = %q, want the pattern marked", marked)
		}
		got, ok := writtenSource(marked)
		if !ok || got != tc.written {
			t.Fatalf("writtenSource(%q) = %q, %v; want %q", marked, got, ok, tc.written)
		}
		if unsafe.StringData(got) == unsafe.StringData(tc.written) {
			t.Errorf("the table keeps the slice of the source it was given")
		}
	}
}
