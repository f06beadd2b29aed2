package mapping

import (
	"errors"
	"strings"
	"testing"
)

// uglyCases are pretty URLs and their exact ugly forms. Every case also runs
// backwards through ToPretty (with the meta-tag exception for "#!").
var uglyCases = []struct {
	name, pretty, ugly string
}{
	// The specification's own examples.
	{"spec no query", "http://www.example.com/ajax.html#!key=value", "http://www.example.com/ajax.html?_escaped_fragment_=key=value"},
	{"spec query", "http://example.com/page?query#!key1=value1&key2=value2", "http://example.com/page?query&_escaped_fragment_=key1=value1%26key2=value2"},
	{"spec percent", "http://www.example.com/ajax.html#!key=value;car=%", "http://www.example.com/ajax.html?_escaped_fragment_=key=value;car=%25"},

	{"no path", "http://example.com#!a", "http://example.com?_escaped_fragment_=a"},
	{"root path", "http://example.com/#!/users/1", "http://example.com/?_escaped_fragment_=/users/1"},
	{"query params", "http://h/p?a=1&b=2#!x", "http://h/p?a=1&b=2&_escaped_fragment_=x"},
	{"empty query", "http://h/p?#!a", "http://h/p?&_escaped_fragment_=a"},
	{"trailing ampersand", "http://h/p?a&#!x", "http://h/p?a&&_escaped_fragment_=x"},
	{"port", "http://example.com:8080/p#!x", "http://example.com:8080/p?_escaped_fragment_=x"},
	{"empty port", "http://example.com:/p#!x", "http://example.com:/p?_escaped_fragment_=x"},
	{"userinfo", "https://user:pa%20ss@example.com:8443/a/b?q#!k=v", "https://user:pa%20ss@example.com:8443/a/b?q&_escaped_fragment_=k=v"},
	{"ipv6", "http://[::1]:8080/#!x", "http://[::1]:8080/?_escaped_fragment_=x"},
	{"scheme case kept", "HTTP://Example.COM/P#!x", "HTTP://Example.COM/P?_escaped_fragment_=x"},
	{"raw escapes kept", "http://h/a%2fb?c=%41&d=%zz#!x", "http://h/a%2fb?c=%41&d=%zz&_escaped_fragment_=x"},
	{"non-ascii base kept", "http://h/café?q=ü#!x", "http://h/café?q=ü&_escaped_fragment_=x"},

	{"empty fragment", "http://h/p#!", "http://h/p?_escaped_fragment_="},
	{"empty fragment query", "http://h/p?a=1#!", "http://h/p?a=1&_escaped_fragment_="},
	{"bang in value", "http://h/#!!a", "http://h/?_escaped_fragment_=!a"},
	{"space", "http://h/#!a b", "http://h/?_escaped_fragment_=a%20b"},
	{"plus", "http://h/#!a+b", "http://h/?_escaped_fragment_=a%2Bb"},
	{"percent escape kept literal", "http://h/#!a%20b", "http://h/?_escaped_fragment_=a%2520b"},
	{"hash", "http://h/#!a#b", "http://h/?_escaped_fragment_=a%23b"},
	{"ampersand", "http://h/#!a&b", "http://h/?_escaped_fragment_=a%26b"},
	{"control bytes", "http://h/#!\x00\x01\t\n\x1f\x7f", "http://h/?_escaped_fragment_=%00%01%09%0A%1F%7F"},
	{"utf-8", "http://h/#!café/日本", "http://h/?_escaped_fragment_=caf%C3%A9/%E6%97%A5%E6%9C%AC"},
	{"invalid utf-8", "http://h/#!\xff\x80", "http://h/?_escaped_fragment_=%FF%80"},
	{"kept punctuation", "http://h/#!!\"$'()*,-./:;<=>?@[\\]^_`{|}~", "http://h/?_escaped_fragment_=!\"$'()*,-./:;<=>?@[\\]^_`{|}~"},
	{"param-like fragment", "http://h/#!_escaped_fragment_=x", "http://h/?_escaped_fragment_=_escaped_fragment_=x"},
	{"other param names", "http://h/?x_escaped_fragment_=1&_escaped_fragment_x=2#!y", "http://h/?x_escaped_fragment_=1&_escaped_fragment_x=2&_escaped_fragment_=y"},
}

func TestToUgly(t *testing.T) {
	for _, tc := range uglyCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToUgly(tc.pretty)
			if err != nil {
				t.Fatalf("ToUgly(%q): %v", tc.pretty, err)
			}
			if got != tc.ugly {
				t.Errorf("ToUgly(%q)\n got %q\nwant %q", tc.pretty, got, tc.ugly)
			}
			if k := Classify(tc.pretty); k != Pretty {
				t.Errorf("Classify(%q) = %v, want pretty", tc.pretty, k)
			}
			if k := Classify(tc.ugly); k != Ugly {
				t.Errorf("Classify(%q) = %v, want ugly", tc.ugly, k)
			}
		})
	}
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range uglyCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToPretty(tc.ugly)
			if err != nil {
				t.Fatalf("ToPretty(%q): %v", tc.ugly, err)
			}
			want := tc.pretty
			if before, ok := strings.CutSuffix(want, "#!"); ok {
				want = before // the meta-tag case: an empty #! maps back to no #!
			}
			if got != want {
				t.Errorf("ToPretty(%q)\n got %q\nwant %q", tc.ugly, got, want)
			}
		})
	}
}

func TestToPretty(t *testing.T) {
	tests := []struct {
		name, ugly, pretty string
	}{
		// The specification's unescaping examples.
		{"spec %26", "http://h/?_escaped_fragment_=a%26b", "http://h/#!a&b"},
		{"spec %20", "http://h/?_escaped_fragment_=a%20b", "http://h/#!a b"},
		{"spec %23", "http://h/?_escaped_fragment_=a%23b", "http://h/#!a#b"},
		{"spec %25", "http://h/?_escaped_fragment_=a%25b", "http://h/#!a%b"},

		{"lower hex", "http://h/?_escaped_fragment_=caf%c3%a9%2b", "http://h/#!café+"},
		{"mixed hex", "http://h/?_escaped_fragment_=%C3%a9", "http://h/#!é"},
		{"any byte escaped", "http://h/?_escaped_fragment_=%61%62%2F", "http://h/#!ab/"},
		{"nul", "http://h/?_escaped_fragment_=%00", "http://h/#!\x00"},
		{"plus is not space", "http://h/?_escaped_fragment_=a+b", "http://h/#!a+b"},
		{"raw bytes accepted", "http://h/?_escaped_fragment_=a/b?c=d", "http://h/#!a/b?c=d"},
		{"raw non-ascii accepted", "http://h/?_escaped_fragment_=é", "http://h/#!é"},
		{"equals in value", "http://h/?_escaped_fragment_=k=v=w", "http://h/#!k=v=w"},
		{"query kept", "http://h/p?a=1&b=%41&_escaped_fragment_=x", "http://h/p?a=1&b=%41#!x"},
		{"empty piece before", "http://h/p?&_escaped_fragment_=x", "http://h/p?#!x"},
		{"encoded name", "http://h/p?%5Fescaped_fragment_=x", "http://h/p#!x"},
		{"encoded name lower", "http://h/p?a&%5f%65scaped_fragment_=x", "http://h/p?a#!x"},
		{"whole names only", "http://h/p?x_escaped_fragment_=1&_escaped_fragment_x=2&_escaped_fragment_=y", "http://h/p?x_escaped_fragment_=1&_escaped_fragment_x=2#!y"},
		{"semicolon is not a separator", "http://h/p?a=1;_escaped_fragment_=z&_escaped_fragment_=y", "http://h/p?a=1;_escaped_fragment_=z#!y"},

		// The meta-tag case: an empty value gives the URL without #!.
		{"meta empty", "http://h/p?_escaped_fragment_=", "http://h/p"},
		{"meta empty query", "http://h/p?a=1&_escaped_fragment_=", "http://h/p?a=1"},
		{"meta no equals", "http://h/p?_escaped_fragment_", "http://h/p"},
		{"meta no equals query", "http://h/p?a&_escaped_fragment_", "http://h/p?a"},
		{"meta port", "http://h:81?_escaped_fragment_=", "http://h:81"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToPretty(tc.ugly)
			if err != nil {
				t.Fatalf("ToPretty(%q): %v", tc.ugly, err)
			}
			if got != tc.pretty {
				t.Errorf("ToPretty(%q)\n got %q\nwant %q", tc.ugly, got, tc.pretty)
			}
			if k := Classify(tc.ugly); k != Ugly {
				t.Errorf("Classify(%q) = %v, want ugly", tc.ugly, k)
			}
		})
	}
}

func TestToUglyErrors(t *testing.T) {
	tests := []struct {
		name, in string
		rule     error
	}{
		{"no fragment", "http://h/p", ErrNoBangFragment},
		{"plain fragment", "http://h/p#a", ErrNoBangFragment},
		{"empty fragment", "http://h/p#", ErrNoBangFragment},
		{"bang later", "http://h/p#a!b", ErrNoBangFragment},
		{"ugly input", "http://h/p?_escaped_fragment_=a", ErrNoBangFragment},
		{"param already", "http://h/p?_escaped_fragment_=a#!b", ErrDuplicateParam},
		{"param already no value", "http://h/p?x=1&_escaped_fragment_#!b", ErrDuplicateParam},
		{"encoded param already", "http://h/p?%5Fescaped_fragment_=a&x=1#!b", ErrDuplicateParam},
		{"empty", "", ErrNotAbsolute},
		{"relative", "/p#!a", ErrNotAbsolute},
		{"protocol relative", "//h/p#!a", ErrNotAbsolute},
		{"no authority", "mailto:x@h#!a", ErrNotAbsolute},
		{"bad scheme", "1http://h/#!a", ErrNotAbsolute},
		{"empty host", "http:///p#!a", ErrNotAbsolute},
		{"empty host userinfo port", "http://u@:80/#!a", ErrNotAbsolute},
		{"bad port", "http://h:80a/#!a", ErrInvalidURL},
		{"space in path", "http://h/a b#!a", ErrInvalidURL},
		{"leading space", " http://h/#!a", ErrNotAbsolute},
		{"control in query", "http://h/?a\x01#!a", ErrInvalidURL},
		{"del in host", "http://h\x7f/#!a", ErrInvalidURL},
		{"unclosed ipv6", "http://[::1/#!a", ErrInvalidURL},
		{"junk after ipv6", "http://[::1]x/#!a", ErrInvalidURL},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToUgly(tc.in)
			checkURLError(t, "ToUgly", tc.in, got, err, tc.rule)
		})
	}
}

func TestToPrettyErrors(t *testing.T) {
	tests := []struct {
		name, in string
		rule     error
	}{
		{"not last", "http://example.com/?_escaped_fragment_=a&b=c", ErrNotLast},
		{"trailing ampersand", "http://h/?_escaped_fragment_=a&", ErrNotLast},
		{"duplicate", "http://h/?_escaped_fragment_=a&_escaped_fragment_=b", ErrDuplicateParam},
		{"duplicate encoded", "http://h/?%5Fescaped_fragment_=a&_escaped_fragment_=b", ErrDuplicateParam},
		{"duplicate empty", "http://h/?_escaped_fragment_&_escaped_fragment_=", ErrDuplicateParam},
		{"no query", "http://h/p", ErrNoParam},
		{"pretty input", "http://h/p#!a", ErrNoParam},
		{"prefixed name", "http://h/p?x_escaped_fragment_=a", ErrNoParam},
		{"suffixed name", "http://h/p?_escaped_fragment_x=a", ErrNoParam},
		{"case differs", "http://h/p?_Escaped_Fragment_=a", ErrNoParam},
		{"half-encoded name", "http://h/p?%5escaped_fragment_=a", ErrNoParam},
		{"param in fragment", "http://h/p#_escaped_fragment_=a", ErrNoParam},
		{"param query in fragment", "http://h/p#x?_escaped_fragment_=a", ErrNoParam},
		{"with fragment", "http://h/p?_escaped_fragment_=a#b", ErrUglyFragment},
		{"with bang fragment", "http://h/p?_escaped_fragment_=a#!b", ErrUglyFragment},
		{"lone percent", "http://h/?_escaped_fragment_=%", ErrBadEscape},
		{"short escape", "http://h/?_escaped_fragment_=a%2", ErrBadEscape},
		{"non-hex escape", "http://h/?_escaped_fragment_=%zz", ErrBadEscape},
		{"half-hex escape", "http://h/?_escaped_fragment_=%2g", ErrBadEscape},
		{"bad escape after good", "http://h/?_escaped_fragment_=%20%x", ErrBadEscape},
		{"relative", "/p?_escaped_fragment_=a", ErrNotAbsolute},
		{"space", "http://h/?_escaped_fragment_=a b", ErrInvalidURL},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ToPretty(tc.in)
			checkURLError(t, "ToPretty", tc.in, got, err, tc.rule)
		})
	}
}

func checkURLError(t *testing.T, fn, in, got string, err, rule error) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s(%q) = %q, want error %v", fn, in, got, rule)
	}
	if got != "" {
		t.Errorf("%s(%q) returned %q with its error", fn, in, got)
	}
	if !errors.Is(err, rule) {
		t.Errorf("%s(%q) error %v, want rule %v", fn, in, err, rule)
	}
	var ue *URLError
	if !errors.As(err, &ue) {
		t.Fatalf("%s(%q) error %T is not a *URLError", fn, in, err)
	}
	if ue.URL != in || ue.Rule != rule {
		t.Errorf("URLError{URL: %q, Rule: %v}, want URL %q rule %v", ue.URL, ue.Rule, in, rule)
	}
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\r") || !strings.Contains(msg, rule.Error()) {
		t.Errorf("error message %q: want one line naming the rule", msg)
	}
}

func TestURLErrorMessage(t *testing.T) {
	tests := []struct {
		fn   func(string) (string, error)
		in   string
		want string
	}{
		{ToPretty, "http://example.com/?_escaped_fragment_=a&b=c",
			`mapping: "http://example.com/?_escaped_fragment_=a&b=c": _escaped_fragment_ is not the last query parameter (followed by "&b=c")`},
		{ToPretty, "http://h/?_escaped_fragment_=ab%4",
			`mapping: "http://h/?_escaped_fragment_=ab%4": malformed %XX escape in _escaped_fragment_ value (at byte 31)`},
		{ToUgly, "http://h/a\nb#!x",
			`mapping: "http://h/a\nb#!x": invalid URL (space or control byte before the fragment at byte 10)`},
		{ToUgly, "http://h/p#x", `mapping: "http://h/p#x": no #! fragment`},
	}
	for _, tc := range tests {
		_, err := tc.fn(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("error for %q:\n got %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		in   string
		want Kind
	}{
		{"http://h/p#!a", Pretty},
		{"http://h/p#!", Pretty},
		{"http://h/p?_escaped_fragment_=a", Ugly},
		{"http://h/p?_escaped_fragment_=", Ugly},
		{"http://h/p?_escaped_fragment_", Ugly},
		{"http://h/p", Plain},
		{"http://h/p?q=1", Plain},
		{"http://h/p#section", Plain},
		{"http://h/p?x_escaped_fragment_=1#top", Plain},
		{"http://h/p#_escaped_fragment_=a", Plain},
		{"", Invalid},
		{"not a url", Invalid},
		{"/p#!a", Invalid},
		{"http://h/p?_escaped_fragment_=a#!b", Invalid},
		{"http://h/p?_escaped_fragment_=a#b", Invalid},
		{"http://h/p?_escaped_fragment_=a&b", Invalid},
		{"http://h/p?_escaped_fragment_=%zz", Invalid},
		{"http://h/p?_escaped_fragment_=a&_escaped_fragment_=b", Invalid},
	}
	for _, tc := range tests {
		if got := Classify(tc.in); got != tc.want {
			t.Errorf("Classify(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Invalid: "invalid", Plain: "plain", Pretty: "pretty", Ugly: "ugly", Kind(99): "invalid"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

func TestClassifyAllocs(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		Classify("http://example.com/page?query&_escaped_fragment_=key1=value1%26key2=value2")
	})
	if allocs != 0 {
		t.Errorf("Classify allocates %v times, want 0", allocs)
	}
}
