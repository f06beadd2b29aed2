package cssscan

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		src  string
		sep  byte
		want []string
	}{
		{``, ',', []string{""}},
		{`a, b`, ',', []string{"a", " b"}},
		{`a:is(b, c), d`, ',', []string{"a:is(b, c)", " d"}},
		{`[title="x,y"], p`, ',', []string{`[title="x,y"]`, " p"}},
		{`a\,b,c`, ',', []string{`a\,b`, "c"}},
		{`'it\'s, here', x`, ',', []string{`'it\'s, here'`, " x"}},
		{`f(a, [b, {c, d}]), e`, ',', []string{"f(a, [b, {c, d}])", " e"}},
		// A stray closer closes nothing.
		{`a), b`, ',', []string{"a)", " b"}},
		// A closer of another kind does not close a block.
		{`(a], b), c`, ',', []string{"(a], b)", " c"}},
		// A line break ends a string (a bad string): the quote after b
		// opens another one.
		{"'a,\nb', c", ',', []string{"'a,\nb', c"}},
	}
	for _, tt := range tests {
		if got := Split(tt.src, tt.sep); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Split(%q, %q) = %q, want %q", tt.src, tt.sep, got, tt.want)
		}
	}
}

func TestIndex(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{`color: red`, -1},
		{`color: red; x: y`, 10},
		{`background: url("a;b"); x`, 22},
		{`background: url(a;b); x`, 20},
		{`--x: {a; b}; y`, 11},
		{`content: "\";"; x`, 14},
		{`a\;b; c`, 4},
	}
	for _, tt := range tests {
		if got := Index(tt.src, ';'); got != tt.want {
			t.Errorf("Index(%q) = %d, want %d", tt.src, got, tt.want)
		}
	}
}

func TestBlockEnd(t *testing.T) {
	tests := []struct {
		src        string
		open, want int
	}{
		{`a { b: c } d`, 2, 9},
		{`a { b: "}" } d`, 2, 11},
		{`@media x { a { b } } c`, 9, 19},
		{`a { b: f(}) }`, 2, 12},
		{`a { b`, 2, 5},
		{`(a) b`, 0, 2},
	}
	for _, tt := range tests {
		if got := BlockEnd(tt.src, tt.open); got != tt.want {
			t.Errorf("BlockEnd(%q, %d) = %d, want %d", tt.src, tt.open, got, tt.want)
		}
	}
}

func TestBalanced(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{``, true},
		{`red`, true},
		{`url("a)")`, true},
		{`f(a [b] {c})`, true},
		{`f(a`, false},
		{`a)`, false},
		{`(]`, false},
		{`"abc`, false},
		{`'a\'`, false},
		{`abc\`, false},
		{"'a\nb'", false},
	}
	for _, tt := range tests {
		if got := Balanced(tt.src); got != tt.want {
			t.Errorf("Balanced(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

// TestScannerTokens: Next hands out each byte outside strings and escapes,
// a string as its opening quote, an escape as its backslash.
func TestScannerTokens(t *testing.T) {
	var s Scanner
	s.Reset(`a"b\"c"\dx(y)`)
	var got []string
	for {
		i, c, ok := s.Next()
		if !ok {
			break
		}
		got = append(got, string(c)+":"+strings.Repeat("(", s.Depth())+string(rune('0'+i%10)))
	}
	want := []string{"a:0", `":1`, `\:7`, "x:9", "(:(0", "y:(1", "):2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokens %q, want %q", got, want)
	}
	// All yields the same, and stops when the loop does.
	var all []string
	for i, c := range s.All(`a"b\"c"\dx(y)`) {
		all = append(all, string(c)+":"+strings.Repeat("(", s.Depth())+string(rune('0'+i%10)))
		if c == '(' {
			break
		}
	}
	if !reflect.DeepEqual(all, want[:5]) {
		t.Errorf("All yields %q, want %q", all, want[:5])
	}
}

func FuzzScanner(f *testing.F) {
	for _, s := range []string{`a, b`, `f(a, "b)"), [c]`, `a\`, `'x`, "{(\n'", `))]]}}`, strings.Repeat("(", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var s Scanner
		s.Reset(src)
		last := -1
		for {
			i, c, ok := s.Next()
			if !ok {
				break
			}
			if i <= last || i >= len(src) || src[i] != c {
				t.Fatalf("Next returned %d %q after %d in %q", i, c, last, src)
			}
			last = i
			if s.Depth() < 0 || s.Depth() > len(src) {
				t.Fatalf("depth %d", s.Depth())
			}
		}
		parts := Split(src, ',')
		if strings.Join(parts, ",") != src {
			t.Fatalf("Split(%q) = %q does not join back", src, parts)
		}
		if i := Index(src, ';'); i >= 0 && src[i] != ';' {
			t.Fatalf("Index(%q) = %d", src, i)
		}
		if Balanced(src) && (strings.Count(src, "(") != strings.Count(src, ")") && !strings.ContainsAny(src, `"'\`)) {
			t.Fatalf("Balanced(%q) with unequal parentheses", src)
		}
	})
}

func BenchmarkSplit(b *testing.B) {
	src := strings.Repeat(`a[href^="x,y"] > b:is(.c, .d), `, 20) + "e"
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Split(src, ',')
	}
}

func BenchmarkIndex(b *testing.B) {
	src := `background: url("data:image/png;base64,AAAA") no-repeat, linear-gradient(rgba(0,0,0,.5), transparent); color: red`
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Index(src, ';')
	}
}

func TestClosing(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", ""},
		{"a(b)", ""},
		{":nth-child(1", ")"},
		{"[a='x", "']"},
		{`:is([a="(`, `"])`},
		{"a(b[c{d", "}])"},
		{"a)(", ")"}, // a stray closer closes nothing
		{strings.Repeat("(", 40) + strings.Repeat("[", 3), "]]]" + strings.Repeat(")", 40)},
	} {
		var s Scanner
		for range s.All(tc.src) {
		}
		if got := s.Closing(); got != tc.want {
			t.Errorf("Closing of %q = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestIndexDeclOrBlock(t *testing.T) {
	for _, c := range []struct {
		src string
		i   int
		c   byte
	}{
		{"color: red; & .a { x: y }", 10, ';'},
		{"& .a { x: y } color: red;", 5, '{'},
		{"content: '{;'; b: c", 13, ';'},
		{"background: url(a;b) ; x", 21, ';'},
		{"a: f(x { y }); z", 13, ';'},
		{"color: red", -1, 0},
	} {
		if i, b := IndexDeclOrBlock(c.src); i != c.i || b != c.c {
			t.Errorf("IndexDeclOrBlock(%q) = %d, %q; want %d, %q", c.src, i, b, c.i, c.c)
		}
	}
}
