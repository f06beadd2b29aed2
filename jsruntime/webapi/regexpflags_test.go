package webapi

import (
	"slices"
	"testing"
)

func TestMatchSpans(t *testing.T) {
	cases := []struct {
		pattern        string
		flags          regexpFlags
		input          string
		index, length  int
		want           [][2]int
		wantNames      []string
		wantNoGroupsOK bool
	}{
		{pattern: `a(b)(c)?`, input: "xab", index: 1, length: 2, want: [][2]int{{1, 3}, {2, 3}, {-1, -1}}, wantNames: []string{"", "", ""}},
		{pattern: `(?<y>\d+)-(\d)`, input: "on 12-3", index: 3, length: 4, want: [][2]int{{3, 7}, {3, 5}, {6, 7}}, wantNames: []string{"", "y", ""}},
		// UTF-16 mode: an astral character is two units, in the input and in the pattern
		{pattern: "(\U0001F600)b", input: "\U0001F600a\U0001F600b", index: 3, length: 3, want: [][2]int{{3, 6}, {3, 5}}, wantNames: []string{"", ""}},
		// u mode: surrogate escapes are one code point, indices still in units
		{pattern: `(\ud83d\ude00)b`, flags: regexpFlags{unicode: true}, input: "\U0001F600a\U0001F600b", index: 3, length: 3, want: [][2]int{{3, 6}, {3, 5}}, wantNames: []string{"", ""}},
		{pattern: `^b(c)`, flags: regexpFlags{ignoreCase: true, multiline: true}, input: "a\nBC", index: 2, length: 2, want: [][2]int{{2, 4}, {3, 4}}, wantNames: []string{"", ""}},
		// regexp2 finding another match than goja reported: no spans
		{pattern: `a(b)`, input: "xab", index: 0, length: 2},
		// a pattern regexp2 rejects: no spans
		{pattern: `a(`, input: "a(", index: 0, length: 2},
	}
	for _, c := range cases {
		spans, names := matchSpansIn(c.pattern, c.flags, nil, c.input, c.index, c.length, len(c.want))
		if !slices.Equal(spans, c.want) || !slices.Equal(names, c.wantNames) {
			t.Errorf("matchSpansIn(%q, %q) = %v %q, want %v %q", c.pattern, c.input, spans, names, c.want, c.wantNames)
		}
	}
}

func TestSurrogateForms(t *testing.T) {
	// an escaped astral character gets a second backslash, as goja writes it
	if got, want := splitAstral("a\U0001F600[\\\U0001F601]"), `a\ud83d\ude00[\\\ud83d\ude01]`; got != want {
		t.Errorf("splitAstral = %q, want %q", got, want)
	}
	if got := splitAstral("plain"); got != "plain" {
		t.Errorf("splitAstral(plain) = %q", got)
	}
	if got, want := joinSurrogateEscapes(`x\ud83d\ude00y\\ud83d\ude00\ud800`), "x\U0001F600y\\\\ud83d\\ude00\\ud800"; got != want {
		t.Errorf("joinSurrogateEscapes = %q, want %q", got, want)
	}
}

// FuzzMatchSpans: whatever the pattern, subject and index, matchSpansIn
// returns spans within the subject or none, and never panics.
func FuzzMatchSpans(f *testing.F) {
	f.Add(`a(b)`, "xab", 1, 2, uint8(0))
	f.Add(`(.)b`, "\U0001F600a\U0001F600b", 4, 2, uint8(8))
	f.Add(`(?<=a)(b)`, "ab", 1, 1, uint8(3))
	f.Fuzz(func(t *testing.T, pattern, input string, index, length int, fl uint8) {
		flags := regexpFlags{ignoreCase: fl&1 != 0, multiline: fl&2 != 0, dotAll: fl&4 != 0, unicode: fl&8 != 0}
		spans, names := matchSpansIn(pattern, flags, nil, input, index, length, 3)
		if spans == nil {
			return
		}
		n := utf16Len(input)
		if len(names) != len(spans) || spans[0] != [2]int{index, index + length} {
			t.Fatalf("spans %v names %q for index %d length %d", spans, names, index, length)
		}
		for _, sp := range spans {
			if sp[0] != -1 && (sp[0] < 0 || sp[1] < sp[0] || sp[1] > n) {
				t.Fatalf("span %v outside a subject of %d units", sp, n)
			}
		}
	})
}

// TestRegExpMarksAfterUnmarked: the marks are looked up once a regexp has
// one, whatever was read before (mark answers nil without asking the
// WeakMap while none is set). The v flag needs package jsruntime's
// translation; its pages test it.
func TestRegExpMarksAfterUnmarked(t *testing.T) {
	rt := newRegExpRuntime(t, true)
	js := `var p = /a/g; var out = [p.source, p.flags, String(p), p.hasIndices, p.unicodeSets, "ab,cd".split(/,/).join("|")];
		var d = new RegExp("a(b)", "dg");
		out.push(d.source, d.flags, String(d), d.hasIndices, JSON.stringify(d.exec("xab").indices),
			"ab,cd".split(new RegExp(",", "d")).join("|"), p.flags, p.hasIndices, String(p));
		out.join(" ")`
	want := `a g /a/g false false ab|cd a(b) dg /a(b)/dg true [[1,3],[2,3]] ab|cd g false /a/g`
	if got := evalString(rt, js); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
