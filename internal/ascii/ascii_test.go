package ascii

import (
	"slices"
	"testing"
)

func TestLowerUpper(t *testing.T) {
	for _, c := range []struct{ in, lower, upper string }{
		{"", "", ""},
		{"abc", "abc", "ABC"},
		{"DiV", "div", "DIV"},
		{"İNPUT", "İnput", "İNPUT"},
		{"ſubmit", "ſubmit", "ſUBMIT"},
		{"\u212Aey", "\u212Aey", "\u212AEY"},
		{"ß-x", "ß-x", "ß-X"},
	} {
		if got := Lower(c.in); got != c.lower {
			t.Errorf("Lower(%q) = %q, want %q", c.in, got, c.lower)
		}
		if got := Upper(c.in); got != c.upper {
			t.Errorf("Upper(%q) = %q, want %q", c.in, got, c.upper)
		}
	}
}

func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"submit", "SUBMIT", true},
		{"ſubmit", "submit", false},
		{"\u212Aeygen", "keygen", false},
		{"text/JavaScript", "text/javascript", true},
		{"a", "ab", false},
		{"[", "{", false},
		{"@", "`", false},
	} {
		if got := EqualFold(c.a, c.b); got != c.want {
			t.Errorf("EqualFold(%q, %q) = %v", c.a, c.b, got)
		}
		if got := EqualFoldBytes([]byte(c.a), c.b); got != c.want {
			t.Errorf("EqualFoldBytes(%q, %q) = %v", c.a, c.b, got)
		}
	}
	if !HasPrefixFold("JavaScript:x", "javascript:") || HasPrefixFold("javaſcript:", "javascript:") {
		t.Error("HasPrefixFold")
	}
	if !HasSuffixFold("a.SVG", ".svg") || HasSuffixFold("x", ".svg") {
		t.Error("HasSuffixFold")
	}
}

func TestNoAllocWhenUnchanged(t *testing.T) {
	s := "already-lower"
	if n := testing.AllocsPerRun(100, func() { _ = Lower(s); _ = EqualFold(s, "ALREADY-LOWER") }); n != 0 {
		t.Errorf("allocs = %v, want 0", n)
	}
}

func BenchmarkLowerUnchanged(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = Lower("text/javascript")
	}
}

func TestSpace(t *testing.T) {
	const s = " \t\nstyle\u00a0sheet\f\rx\u2003y  "
	if got := TrimSpace(s); got != "style\u00a0sheet\f\rx\u2003y" {
		t.Errorf("TrimSpace = %q", got)
	}
	want := []string{"style\u00a0sheet", "x\u2003y"}
	if got := Fields(s); !slices.Equal(got, want) {
		t.Errorf("Fields = %q, want %q", got, want)
	}
	if got := slices.Collect(FieldsSeq(s)); !slices.Equal(got, want) {
		t.Errorf("FieldsSeq = %q, want %q", got, want)
	}
	if got := slices.Collect(FieldsSeq(" \t ")); len(got) != 0 {
		t.Errorf("FieldsSeq of spaces = %q", got)
	}
	for _, c := range []byte("\v\x00a") {
		if IsSpace(c) {
			t.Errorf("IsSpace(%q)", c)
		}
	}
	if IsSpaceRune(0x2003) || IsSpaceRune(0xa0) || !IsSpaceRune('\f') {
		t.Error("IsSpaceRune")
	}
}
