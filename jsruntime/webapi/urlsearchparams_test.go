package webapi

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestForm(t *testing.T) {
	cases := []struct {
		in   string
		want []QueryPair
	}{
		{"a=1&b=2", []QueryPair{{"a", "1"}, {"b", "2"}}},
		{"a=1&&b", []QueryPair{{"a", "1"}, {"b", ""}}},
		{"x+y=%41%zz%", []QueryPair{{"x y", "A%zz%"}}},
		{"=v&k=a=b", []QueryPair{{"", "v"}, {"k", "a=b"}}},
		{"%FF=%C3%A9", []QueryPair{{"\uFFFD", "é"}}},
		{"", nil},
	}
	for _, tc := range cases {
		if got := ParseForm(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("ParseForm(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := SerializeForm([]QueryPair{{"a b", "c&d=é*~"}, {"", ""}}); got != "a+b=c%26d%3D%C3%A9*%7E&=" {
		t.Errorf("SerializeForm = %q", got)
	}
}

func FuzzForm(f *testing.F) {
	f.Add("a", "b", "c d", "é&=")
	f.Fuzz(func(t *testing.T, n1, v1, n2, v2 string) {
		for _, s := range []string{n1, v1, n2, v2} {
			if !utf8.ValidString(s) {
				return
			}
		}
		pairs := []QueryPair{{n1, v1}, {n2, v2}}
		if got := ParseForm(SerializeForm(pairs)); !slices.Equal(got, pairs) {
			t.Fatalf("round trip of %q gave %q", pairs, got)
		}
	})
}
