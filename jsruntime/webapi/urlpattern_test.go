package webapi

import (
	"errors"
	"testing"
)

// Pattern strings of the pathname: the regular expression, group names
// and normalized pattern string the URL Pattern Standard generates.
func TestPatternStrings(t *testing.T) {
	for _, c := range []struct {
		in, re, names, normal string
	}{
		{"/books/:id", `^\/books(?:\/([^\/]+?))$`, "id", "/books/:id"},
		{"/:id?", `^(?:\/([^\/]+?))?$`, "id", "/:id?"},
		{"/:id+", `^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))$`, "id", "/:id+"},
		{"/*", `^(?:\/(.*))$`, "0", "/*"},
		{"/(\\d+)", `^(?:\/(\d+))$`, "0", "/(\\d+)"},
		{"/{:foo}?", `^\/([^\/]+?)?$`, "foo", "/{:foo}?"},
		{"{/:foo}?", `^(?:\/([^\/]+?))?$`, "foo", "/:foo?"},
		{"/foo{s}?", `^\/foo(?:s)?$`, "", "/foo{s}?"},
		{"/a\\:b", `^\/a:b$`, "", "/a\\:b"},
		{"/:a.:b", `^(?:\/([^\/]+?))\.([^\/]+?)$`, "a b", "/:a.:b"},
	} {
		parts, err := parsePatternString(c.in, pathnamePatternOptions, func(s string) (string, error) { return s, nil })
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		re, names := generateRegexp(parts, pathnamePatternOptions)
		n := ""
		for i, x := range names {
			if i > 0 {
				n += " "
			}
			n += x
		}
		if re != c.re || n != c.names {
			t.Errorf("%s: regexp %s names %q, want %s %q", c.in, re, n, c.re, c.names)
		}
		if got := generatePatternString(parts, pathnamePatternOptions); got != c.normal {
			t.Errorf("%s: pattern string %q, want %q", c.in, got, c.normal)
		}
	}
	for _, bad := range []string{"/:id(", "/(?:x)", "/:a/:a", "/{", "/:", "/(\u00e9)", "\\"} {
		if _, err := parsePatternString(bad, pathnamePatternOptions, func(s string) (string, error) { return s, nil }); !errors.Is(err, errPattern) {
			t.Errorf("%q: err %v, want an invalid pattern", bad, err)
		}
	}
}

// The constructor string parser splits a pattern URL into components.
func TestParseConstructorString(t *testing.T) {
	special := func(p string) (bool, error) { return p == "https" || p == "http" || p == "http{s}?", nil }
	for _, c := range []struct {
		in   string
		want patternInit
	}{
		{"https://example.com/:category/*", patternInit{"protocol": "https", "hostname": "example.com", "port": "", "pathname": "/:category/*"}},
		{"https://u@example.com:8080/a?b#c", patternInit{"protocol": "https", "username": "u", "hostname": "example.com", "port": "8080", "pathname": "/a", "search": "b", "hash": "c"}},
		{"https://u:*@example.com", patternInit{"protocol": "https", "username": "u", "password": "*", "hostname": "example.com", "port": ""}},
		{"../admin/*", patternInit{"pathname": "../admin/*"}},
		{"?q=1", patternInit{"search": "q=1"}},
		{"data:foo", patternInit{"pathname": "data:foo"}}, // ":foo" is a named group
		{"https://[::1]:80/", patternInit{"protocol": "https", "hostname": "[::1]", "port": "80", "pathname": "/"}},
		{"https://example.com#top", patternInit{"protocol": "https", "hostname": "example.com", "port": "", "pathname": "/", "search": "", "hash": "top"}},
	} {
		got, err := parseConstructorString(c.in, special)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v, want %v", c.in, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v || !got.has(k) {
				t.Errorf("%s: %s = %q, want %q (%v)", c.in, k, got[k], v, got)
			}
		}
	}
}

// Pattern strings come from pages: parsing any of them gives parts or an
// error, never a panic, and a parsed pattern's normalized string parses to
// the same regular expression.
func FuzzPatternString(f *testing.F) {
	for _, s := range []string{"/books/:id", "https://{:sub.}?example.com/:p(\\d+)*", "/(a|b)+", "{/:x}?", "\\", ":", "(", "/:a/:a", "?q#h", "[::1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = parseConstructorString(s, func(string) (bool, error) { return true, nil })
		id := func(s string) (string, error) { return s, nil }
		parts, err := parsePatternString(s, pathnamePatternOptions, id)
		if err != nil {
			return
		}
		re, _ := generateRegexp(parts, pathnamePatternOptions)
		again, err := parsePatternString(generatePatternString(parts, pathnamePatternOptions), pathnamePatternOptions, id)
		if err != nil {
			t.Fatalf("%q: its pattern string %q does not parse: %v", s, generatePatternString(parts, pathnamePatternOptions), err)
		}
		if re2, _ := generateRegexp(again, pathnamePatternOptions); re2 != re {
			t.Fatalf("%q: regexp %s, after normalizing %s", s, re, re2)
		}
	})
}
