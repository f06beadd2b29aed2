package webapi

import "testing"

// TestRegExpSplitEmptyAfterMatch: an empty match where the previous match
// ended cuts nothing (the spec's e = p step); the wants are Chromium 156's.
func TestRegExpSplitEmptyAfterMatch(t *testing.T) {
	cases := []struct{ js, want string }{
		{`JSON.stringify("table_header_row table_row+".split(/\s*(?=\b|\W|$)/))`, `["table_header_row","table_row","+"]`},
		{`JSON.stringify("ab cd".split(/ *(?=c)/))`, `["ab","cd"]`},
		{`JSON.stringify("éb cd".split(/\s*/))`, `["é","b","c","d"]`},
		{`JSON.stringify("ab cd".split(/( )*(?=c)/))`, `["ab"," ","cd"]`},
		{`JSON.stringify("ab cd".split(/\s*(?=\b|\W|$)/, 2))`, `["ab","cd"]`},
		{`JSON.stringify("aXbXXc".split(/X*(?=b|c)/))`, `["a","b","c"]`},
		{`JSON.stringify("a😀 b".split(/ *(?=b)/u))`, `["a😀","b"]`},
		{`JSON.stringify("ab cd".split(/ *(?=c)/y))`, `["ab","cd"]`},
		{`JSON.stringify("ab cd".split(/ *(?=c)/g))`, `["ab","cd"]`},
		{`JSON.stringify("ab cd".split(new RegExp(" *(?=c)", "d")))`, `["ab","cd"]`},
		{`JSON.stringify("ab cd".split(/ *(?=c)/, 1))`, `["ab"]`},
		{`JSON.stringify("ab cd ".split(/ *(?=c|$)/, 3))`, `["ab","cd",""]`},
		{`JSON.stringify("a, b,".split(/,/, 3))`, `["a"," b",""]`},
		// empty pieces the spec's steps give stay
		{`JSON.stringify("a,,b".split(/(,)/))`, `["a",",","",",","b"]`},
		{`JSON.stringify("é,,b,".split(/,/))`, `["é","","b",""]`},
		{`JSON.stringify(",é,,b".split(/(?=,)|,/, 3))`, `[",é",",",",b"]`},
		{`JSON.stringify("".split(/(?:)/))`, `[]`},
		{`JSON.stringify("x  y".split(/\s*?/))`, `["x"," "," ","y"]`},
		// the copy is made again when the regexp's pattern changes
		{`var r = / *(?=c)/; "ab cd".split(r); r.compile(" *(?=d)"); JSON.stringify("ab cd".split(r)) + r.lastIndex`, `["ab c","d"]0`},
	}
	rt := newRegExpRuntime(t, true)
	for _, c := range cases {
		if got := evalString(rt, c.js); got != c.want {
			t.Errorf("%s = %s, want %s", c.js, got, c.want)
		}
	}
}
