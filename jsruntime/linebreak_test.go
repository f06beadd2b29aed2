package jsruntime

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestWordBreaks(t *testing.T) {
	for _, tc := range []struct {
		word string
		want []int
	}{
		{"hello", nil},
		{"well-known", []int{5}},
		{"-5", nil},       // a minus sign stays with its number
		{"x-5", []int{2}}, // "ABC-123"
		{"(-5)", nil},     // after a parenthesis, a minus sign
		{"a/b", nil},      // Chromium keeps a slash with what follows
		{"foo?bar", []int{4}},
		{"end.", nil},
		{"1.5", nil},
		// measured in Chromium 156 (breaks in a 0px wide block)
		{"中文字", []int{3, 6}},
		{"中文。", []int{3}},
		{"「引用」です", []int{6, 12, 15}},
		{"ab中cd", []int{2, 5}},
		{"日本-x", []int{3, 7}},
		{"한국어", []int{3, 6}},
		{"naïve-ish", []int{7}},
		{"a—b", []int{1, 4}},
		{"a–b", []int{4}},
		{"über/straße", nil},
		{"x…y", []int{4}},
		{"€5", nil},
		{"5€", nil},
		{"a·b", nil},
		{"Ωmega-5", []int{7}},
		{"日本語のテキスト、です。", []int{3, 6, 9, 12, 15, 18, 21, 27, 30}},
		{"https://例え.jp/パス", []int{8, 11, 18, 21}},
		{"(中)", nil},
		{"中(文)", []int{3}},
		{"😀😀", []int{4}},
		{"a😀b", []int{1, 5}},
		{"١٢٣-٤", nil},
	} {
		got := wordBreaks(tc.word, 0, nil)
		if !slices.Equal(got, tc.want) {
			t.Errorf("wordBreaks(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
}

// TestWordBreaksASCIIPairs checks the table's reading against pairs whose
// answer in Chromium is known without the table.
func TestWordBreaksASCIIPairs(t *testing.T) {
	for _, tc := range []struct {
		pair string
		br   bool
	}{
		{"ab", false}, {"a-", false}, {"-a", true}, {"a(", false}, {"(a", false},
		{"a)", false}, {"a!", false}, {"!a", false}, {"!(", true}, {"9%", false}, {"$9", false},
		{"a{", false}, {"a,", false}, {"?a", true}, {"/a", false},
	} {
		br, ok := asciiBreakAt(tc.pair, 1)
		if !ok || br != tc.br {
			t.Errorf("asciiBreakAt(%q) = %v, %v; want %v", tc.pair, br, ok, tc.br)
		}
	}
	if _, ok := asciiBreakAt("a\tb", 1); ok {
		t.Error("a tab is not decided by the ASCII table")
	}
}

func TestWordBreaksModes(t *testing.T) {
	for _, tc := range []struct {
		word string
		mode wrapMode
		want []int
	}{
		{"abc", breakAll, []int{1, 2}},
		{"ab,c)", breakAll, []int{1, 2, 3, 4}},
		{"e\u0301x", breakAll, []int{3}}, // not inside a grapheme cluster
		{"日本語のテキスト、です。", keepAll, []int{27}},
		{"한국어-x", keepAll, []int{10}},
		{"well-known", keepAll, []int{5}},
	} {
		got := wordBreaks(tc.word, tc.mode, nil)
		if !slices.Equal(got, tc.want) {
			t.Errorf("wordBreaks(%q, %v) = %v, want %v", tc.word, tc.mode, got, tc.want)
		}
	}
	for _, tc := range []struct {
		wordBreak, overflowWrap string
		emergency, minAnywhere  bool
	}{
		{"normal", "normal", false, false},
		{"break-all", "normal", false, false},
		{"keep-all", "break-word", true, false},
		{"normal", "anywhere", true, true},
		{"break-word", "normal", true, true},
	} {
		m := wordBreakMode(tc.wordBreak) | overflowWrapMode(tc.overflowWrap)
		if m.emergency() != tc.emergency || m.minAnywhere() != tc.minAnywhere {
			t.Errorf("word-break: %s; overflow-wrap: %s: emergency %v, minAnywhere %v", tc.wordBreak, tc.overflowWrap, m.emergency(), m.minAnywhere())
		}
	}
}

func TestBoundaryBreak(t *testing.T) {
	for _, tc := range []struct {
		last [2]rune
		word string
		want bool
	}{
		{[2]rune{'l', 'l'}, "-known", false},
		{[2]rune{'l', '-'}, "known", true},
		{[2]rune{0, 'a'}, "b", false},
		{[2]rune{'2', '3'}, "-456", false},
		{[2]rune{'1', '-'}, "5", true},  // "1-5": after a digit, the hyphen breaks
		{[2]rune{' ', '-'}, "5", false}, // a minus sign
		{[2]rune{'日', '本'}, "語", true},
		{[2]rune{'日', '本'}, "。", false},
		{[2]rune{'c', 'd'}, "/efgh", false},
	} {
		if got := boundaryBreak(tc.last, tc.word, 0); got != tc.want {
			t.Errorf("boundaryBreak(%q, %q) = %v, want %v", string(tc.last[:]), tc.word, got, tc.want)
		}
	}
	if got := wordBreaksAfter('3', "-456", 0, nil); !slices.Equal(got, []int{1}) {
		t.Errorf(`wordBreaksAfter('3', "-456") = %v, want [1]`, got)
	}
	if got := wordBreaksAfter(0, "-456", 0, nil); len(got) != 0 {
		t.Errorf(`wordBreaksAfter(0, "-456") = %v, want none`, got)
	}
}

// FuzzWordBreaks checks that the breaks of any text are inside it, in
// order, on character boundaries, and that every mode answers.
func FuzzWordBreaks(f *testing.F) {
	for _, s := range []string{"well-known", "日本語のテキスト", "a\u0301b", "x-5", "\xff\xfe-1", "한국어", "🚀🐶"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, word string, mode uint8) {
		m := wrapMode(mode) & (breakAll | keepAll | wbBreakWord | owBreakWord | owAnywhere)
		for _, got := range [][]int{wordBreaks(word, m, nil), wordBreaksAfter('1', word, m, nil), graphemeBreaks(word, nil)} {
			last := 0
			for _, i := range got {
				if i <= last || i >= len(word) {
					t.Fatalf("breaks of %q (mode %d) %v: %d out of order or outside", word, m, got, i)
				}
				if utf8.ValidString(word) && !utf8.RuneStart(word[i]) {
					t.Fatalf("breaks of %q (mode %d) %v: %d inside a character", word, m, got, i)
				}
				last = i
			}
		}
		if word != "" {
			boundaryBreak([2]rune{'a', 'b'}, word, m)
			lastRunes([2]rune{}, word)
		}
	})
}
