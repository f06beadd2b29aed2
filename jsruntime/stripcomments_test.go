package jsruntime

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// stripCommentsByCuts is stripComments as it was written first: cut out
// the first comment, then look again from the start (a copy per comment),
// leaving a space between two name characters.
func stripCommentsByCuts(s string) string {
	for {
		i := strings.Index(s, "/*")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i+2:], "*/")
		if j < 0 {
			return s[:i]
		}
		sep := ""
		if i > 0 && i+2+j+2 < len(s) && isIdentChar(s[i-1]) && isIdentChar(s[i+2+j+2]) {
			sep = " "
		}
		s = s[:i] + sep + s[i+2+j+2:]
	}
}

func TestStripComments(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a { color: red }", "a { color: red }"},
		{"a /* x */{ color: red }", "a { color: red }"},
		{"a /* x */ b /* y */ c", "a  b  c"},
		{"a /* unclosed", "a "},
		{"/**/", ""},
		{"/*/", ""},
		{"a/*x*/*b*/c", "a*b*/c"},
		{"a//*x*/*b*/c", "a c"}, // the cut joins "/" and "*": another comment
		{"[foo=bar/**/i]", "[foo=bar i]"},
		{"a/**/.b", "a.b"},
		{"a//*x*/*b", "a"},         // the joined comment is unclosed
		{"a///*x*/*/*y*/*/c", "a"}, // twice, the second unclosed
		{"url(a/*b*/.png)", "url(a.png)"},
		{"a */ b", "a */ b"},
	} {
		if got := stripComments(tc.in); got != tc.want {
			t.Errorf("stripComments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Random texts of "/", "*" and "a" read as the cuts read them.
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = "/*a"[r.IntN(3)]
		}
		if got, want := stripComments(string(b)), stripCommentsByCuts(string(b)); got != want {
			t.Fatalf("stripComments(%q) = %q, want %q", b, got, want)
		}
	}
}

// BenchmarkStripComments: a sheet of 100 KB with a comment every KB.
func BenchmarkStripComments(b *testing.B) {
	src := strings.Repeat("/* a comment */ .a { color: red }"+strings.Repeat(" ", 960), 100)
	b.ReportAllocs()
	for b.Loop() {
		stripComments(src)
	}
}
