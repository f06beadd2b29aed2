package webapi

import (
	"github.com/bangsnap/bangsnap/internal/whatwgurl"

	"slices"
	"strings"
	"unicode/utf16"
)

// A QueryPair is one name-value pair of a URLSearchParams list.
type QueryPair struct{ Name, Value string }

// ParseForm parses an application/x-www-form-urlencoded string into its
// list of name-value pairs.
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func ParseForm(input string) []QueryPair {
	var out []QueryPair
	for input != "" {
		var seq string
		seq, input, _ = strings.Cut(input, "&")
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		out = append(out, QueryPair{formDecode(name), formDecode(value)})
	}
	return out
}

func formDecode(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return s
	}
	return utf8DecodeWithoutBOM(whatwgurl.PercentDecode(strings.ReplaceAll(s, "+", " ")))
}

// SerializeForm serializes pairs as application/x-www-form-urlencoded.
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func SerializeForm(pairs []QueryPair) string {
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		for _, r := range p.Name {
			whatwgurl.PercentEncodeRune(&b, r, whatwgurl.FormSet, true)
		}
		b.WriteByte('=')
		for _, r := range p.Value {
			whatwgurl.PercentEncodeRune(&b, r, whatwgurl.FormSet, true)
		}
	}
	return b.String()
}

// SortForm sorts pairs stably by name, comparing code units of UTF-16 as
// URLSearchParams.sort() requires.
// https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func SortForm(pairs []QueryPair) {
	slices.SortStableFunc(pairs, func(a, b QueryPair) int { return compareUTF16(a.Name, b.Name) })
}

// compareUTF16 compares two strings by their UTF-16 code units.
func compareUTF16(a, b string) int {
	ascii := true
	for i := 0; i < len(a) && ascii; i++ {
		ascii = a[i] < 0x80
	}
	for i := 0; i < len(b) && ascii; i++ {
		ascii = b[i] < 0x80
	}
	if ascii {
		return strings.Compare(a, b)
	}
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}
