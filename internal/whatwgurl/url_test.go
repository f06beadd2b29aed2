package whatwgurl

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// Cases follow the examples and rules of the WHATWG URL standard
// (https://url.spec.whatwg.org/#example-url-parsing); want "" means the
// parser returns failure.
var urlParseCases = []struct {
	input, base, want string
}{
	{"https://example.com/", "", "https://example.com/"},
	{"HTTP://EXAMPLE.COM", "", "http://example.com/"},
	{"  http://example.com/ \t", "", "http://example.com/"},
	{"http://ex\tam\nple.com/a\rb", "", "http://example.com/ab"},
	{"http://example.com:80/", "", "http://example.com/"},
	{"https://example.com:443", "", "https://example.com/"},
	{"ws://example.com:80/x", "", "ws://example.com/x"},
	{"http://example.com:8080", "", "http://example.com:8080/"},
	{"http://example.com:/", "", "http://example.com/"},
	{"http://example.com:65536", "", ""},
	{"http://example.com:12a", "", ""},
	{"http://example.com/a/b/../c/./d", "", "http://example.com/a/c/d"},
	{"http://example.com/a/%2e%2E/b/%2e", "", "http://example.com/b/"},
	{"http://example.com/..", "", "http://example.com/"},
	{"http:\\\\example.com\\a\\b", "", "http://example.com/a/b"},
	{"http:example.com/x", "", "http://example.com/x"},
	{"https:///example.com", "", "https://example.com/"},
	{"http://user:pa ss@host/", "", "http://user:pa%20ss@host/"},
	{"http://a@b@c/", "", "http://a%40b@c/"},
	{"http://:@host/", "", "http://host/"},
	{"http://@/", "", ""},
	{"http://example.com/föö?ä#ö", "", "http://example.com/f%C3%B6%C3%B6?%C3%A4#%C3%B6"},
	{"http://example.com/?a'b c", "", "http://example.com/?a%27b%20c"},
	{"sc://x/?a'b", "", "sc://x/?a%27b"},                   // Chromium encodes ' in every query
	{"http://h/a{b}|c^d", "", "http://h/a%7Bb%7D%7Cc%5Ed"}, // and | ^ in special paths
	{"http://example.com/a`b{c}", "", "http://example.com/a%60b%7Bc%7D"},
	{"http://example.com/#a`b c", "", "http://example.com/#a%60b%20c"},
	{"http://münchen.de/", "", "http://xn--mnchen-3ya.de/"},
	{"http://xn--mnchen-3ya.de/", "", "http://xn--mnchen-3ya.de/"},
	{"http://EXAMPLE.com./", "", "http://example.com./"},
	{"http://%41.com/", "", "http://a.com/"},
	{"http://exa mple.com/", "", ""},
	{"http://exa%25mple.com/", "", ""},
	{"http://a<b/", "", ""},
	{"http://0x7f.1/", "", "http://127.0.0.1/"},
	{"http://127.1/", "", "http://127.0.0.1/"},
	{"http://0177.0.0.1/", "", "http://127.0.0.1/"},
	{"http://4294967295/", "", "http://255.255.255.255/"},
	{"http://4294967296/", "", ""},
	{"http://192.168.0.257/", "", ""},
	{"http://256.0.0.1/", "", ""},
	{"http://1.2.3.4.5/", "", ""},
	{"http://foo.09/", "", ""},
	{"http://foo.0x4/", "", ""},
	{"http://1.2.3.4./", "", "http://1.2.3.4/"},
	{"http://foo.bar.1a/", "", "http://foo.bar.1a/"},
	{"http://[::1]:8080/", "", "http://[::1]:8080/"},
	{"http://[0:0:0:0:0:0:13.1.68.3]/", "", "http://[::d01:4403]/"},
	{"http://[1:0::]/", "", "http://[1::]/"},
	{"http://[2001:DB8:0:0:1:0:0:1]/", "", "http://[2001:db8::1:0:0:1]/"},
	{"http://[1:2:3:4:5:6:7:8]/", "", "http://[1:2:3:4:5:6:7:8]/"},
	{"http://[::1/", "", ""},
	{"http://[:1]/", "", ""},
	{"http://[1:2:3:4:5:6:7:8:9]/", "", ""},
	{"http://[::1.2.3]/", "", ""},
	{"http://[::01.2.3.4]/", "", ""},
	{"http://[g::]/", "", ""},
	{"mailto:someone@example.com", "", "mailto:someone@example.com"},
	{"javascript:alert(1)", "", "javascript:alert(1)"},
	{"data:text/plain,hello world", "", "data:text/plain,hello world"},
	{"about:blank", "", "about:blank"},
	{"sc:a b ?c", "", "sc:a b%20?c"},
	{"sc://ñ/x", "", "sc://%C3%B1/x"},
	{"sc://a b/", "", ""},
	{"non-spec:/.//p", "", "non-spec:/.//p"},
	{"non-spec:/..//p", "", "non-spec:/.//p"},
	{"sc://host/a/../b", "", "sc://host/b"},
	{"sc:/x", "", "sc:/x"},
	{"file:///C:/x/../y", "", "file:///C:/y"},
	{"file:///C:/../..", "", "file:///C:/"},
	{"file://localhost/etc/hosts", "", "file:///etc/hosts"},
	{"file://server/share", "", "file://server/share"},
	{"file:c:\\foo\\bar", "", "file:///c:/foo/bar"},
	{"file:/C|/x", "", "file:///C:/x"},
	{"", "", ""},
	{"no-base", "", ""},
	// Relative references against a base.
	{"g", "http://example.com/a/b?c#d", "http://example.com/a/g"},
	{"./g/", "http://example.com/a/b?c#d", "http://example.com/a/g/"},
	{"?x", "http://example.com/a/b?c#d", "http://example.com/a/b?x"},
	{"#s", "http://example.com/a/b?c#d", "http://example.com/a/b?c#s"},
	{"", "http://example.com/a/b?c#d", "http://example.com/a/b?c"},
	{"//other/x", "http://example.com/a/b", "http://other/x"},
	{"\\\\other\\x", "http://example.com/a/b", "http://other/x"},
	{"../../../g", "http://example.com/a/b", "http://example.com/g"},
	{"/./g", "http://example.com/a/b", "http://example.com/g"},
	{"http:g", "http://example.com/a/b", "http://example.com/a/g"},
	{"https:g", "http://example.com/a/b", "https://g/"},
	{"/x", "http://user:pw@example.com:8080/a", "http://user:pw@example.com:8080/x"},
	{"#frag", "mailto:a@b", "mailto:a@b#frag"},
	{"x", "mailto:a@b", ""},
	{"x", "sc://host/a/b", "sc://host/a/x"},
	{"/x", "file:///C:/a/b", "file:///C:/x"},
	{"y", "file:///C:/a/b", "file:///C:/a/y"},
	{"d|/x", "file:///C:/a/b", "file:///d:/x"},
	{"d:/x", "file:///C:/a/b", "d:/x"},
	{"//h/p", "file:///a", "file://h/p"},
	// A lone surrogate kept as WTF-8 (from JavaScript, through the DOM)
	// is one U+FFFD; other invalid UTF-8 is one per byte.
	{"/x\xed\xa0\x80", "http://example.com/", "http://example.com/x%EF%BF%BD"},
	{"/\xed\xb0\x80a?q\xed\xa0\x80#\xed\xbf\xbf", "http://example.com/", "http://example.com/%EF%BF%BDa?q%EF%BF%BD#%EF%BF%BD"},
	{"/x\xff\xfe", "http://example.com/", "http://example.com/x%EF%BF%BD%EF%BF%BD"},
}

func TestParseURL(t *testing.T) {
	for _, tc := range urlParseCases {
		u, err := ParseString(tc.input, tc.base)
		if tc.want == "" {
			if err == nil {
				t.Errorf("Parse(%q, %q) = %q, want failure", tc.input, tc.base, u.String())
			} else if !errors.Is(err, ErrInvalidURL) {
				t.Errorf("Parse(%q, %q) error %v does not wrap ErrInvalidURL", tc.input, tc.base, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q, %q): %v, want %q", tc.input, tc.base, err, tc.want)
			continue
		}
		if got := u.String(); got != tc.want {
			t.Errorf("Parse(%q, %q) = %q, want %q", tc.input, tc.base, got, tc.want)
		}
		// The serialization is a fixed point of the parser.
		again, err := Parse(tc.want, nil)
		if err != nil || again.String() != tc.want {
			t.Errorf("reparse of %q = %v, %v", tc.want, again, err)
		}
	}
}

// TestParseLongOpaquePath checks a data: URL's opaque path (spaces,
// controls and non-ASCII encoded, the query and fragment split off) and
// that its parse is linear: the path used to be copied at each code point,
// one allocation per code point.
func TestParseLongOpaquePath(t *testing.T) {
	body := strings.Repeat("iVBORw0KGgo+/= \x01é", 2000)
	u, err := Parse("data:image/png;base64,"+body+" ?q #f", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "image/png;base64," + strings.Repeat("iVBORw0KGgo+/= %01%C3%A9", 2000) + "%20"
	if u.OpaquePath != want || u.Query != "q%20" || u.Fragment != "f" {
		t.Errorf("path %.60q... (%d bytes), query %q, fragment %q; want %.60q... (%d bytes), \"q%%20\", \"f\"", u.OpaquePath, len(u.OpaquePath), u.Query, u.Fragment, want, len(want))
	}
	long := "data:text/plain," + strings.Repeat("a", 20000)
	if n := testing.AllocsPerRun(5, func() {
		if _, err := Parse(long, nil); err != nil {
			t.Fatal(err)
		}
	}); n > 100 {
		t.Errorf("parsing a 20,000-character data: URL made %.0f allocations, want at most 100", n)
	}
}

func TestURLComponents(t *testing.T) {
	u, err := Parse("https://user:pw@Example.COM:8443/p/a/t/h?query=1&b#frag", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{u.Protocol(), u.Username, u.Password, u.HostPort(), u.Hostname(), u.PortString(), u.Pathname(), u.Search(), u.Hash(), u.Origin()}
	want := []string{"https:", "user", "pw", "example.com:8443", "example.com", "8443", "/p/a/t/h", "?query=1&b", "#frag", "https://example.com:8443"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("component %d = %q, want %q", i, got[i], want[i])
		}
	}
	for in, origin := range map[string]string{
		"blob:https://a.com/uuid": "https://a.com",
		"blob:data:x":             "null",
		"file:///x":               "null",
		"sc://h/":                 "null",
		"ws://h:81/":              "ws://h:81",
	} {
		u, err := Parse(in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.Origin(); got != origin {
			t.Errorf("origin of %q = %q, want %q", in, got, origin)
		}
	}
}

func TestURLSetters(t *testing.T) {
	cases := []struct {
		href, setter, value, want string
	}{
		{"http://example.com:8080/", "protocol", "https", "https://example.com:8080/"},
		{"http://example.com:443/", "protocol", "https:", "https://example.com/"},
		{"http://example.com/", "protocol", "sc", "http://example.com/"},
		{"sc://x/", "protocol", "http", "sc://x/"},
		{"http://u@example.com/", "protocol", "file", "http://u@example.com/"},
		{"http://example.com/", "protocol", "ht tp", "http://example.com/"},
		{"http://example.com/", "protocol", "\thttps", "http://example.com/"},
		{"http://example.com/", "protocol", "https:\tx", "https://example.com/"},
		{"http://example.com/", "username", "a b:c", "http://a%20b%3Ac@example.com/"},
		{"http://example.com/", "password", "p@ss", "http://:p%40ss@example.com/"},
		{"file:///x", "username", "u", "file:///x"},
		{"http://example.com/p", "host", "other.org:81", "http://other.org:81/p"},
		{"http://example.com/p", "host", "other.org:81stuff", "http://other.org:81/p"},
		{"http://example.com/p", "host", "", "http://example.com/p"},
		{"http://example.com/p", "hostname", "other.org", "http://other.org/p"},
		{"http://example.com/p", "hostname", "other.org:81", "http://example.com/p"},
		{"mailto:x", "host", "example.com", "mailto:x"},
		{"http://example.com/", "port", "8080", "http://example.com:8080/"},
		{"http://example.com:8080/", "port", "", "http://example.com/"},
		{"http://example.com/", "port", "80", "http://example.com/"},
		{"http://example.com/", "port", "12ab", "http://example.com:12/"},
		{"http://example.com/", "port", "ab", "http://example.com/"},
		{"http://example.com/", "port", "70000", "http://example.com/"},
		{"http://example.com/a?q#h", "pathname", "/b/../c d", "http://example.com/c%20d?q#h"},
		{"http://example.com/a", "pathname", "x", "http://example.com/x"},
		{"http://example.com/a", "pathname", "?#", "http://example.com/%3F%23"},
		{"sc:opaque", "pathname", "/x", "sc:opaque"},
		{"http://example.com/a", "search", "?x=1 2", "http://example.com/a?x=1%202"},
		{"http://example.com/a?x", "search", "", "http://example.com/a"},
		{"http://example.com/a", "hash", "#top", "http://example.com/a#top"},
		{"http://example.com/a#top", "hash", "", "http://example.com/a"},
		{"http://example.com/a", "hash", "a b#c", "http://example.com/a#a%20b#c"},
		{"http://example.com/a", "href", "https://other/", "https://other/"},
	}
	for _, tc := range cases {
		u, err := Parse(tc.href, nil)
		if err != nil {
			t.Fatal(err)
		}
		switch tc.setter {
		case "protocol":
			u.SetProtocol(tc.value)
		case "username":
			u.SetUsername(tc.value)
		case "password":
			u.SetPassword(tc.value)
		case "host":
			u.SetHost(tc.value)
		case "hostname":
			u.SetHostname(tc.value)
		case "port":
			u.SetPort(tc.value)
		case "pathname":
			u.SetPathname(tc.value)
		case "search":
			u.SetSearch(tc.value)
		case "hash":
			u.SetHash(tc.value)
		case "href":
			if err := u.SetHref(tc.value); err != nil {
				t.Fatal(err)
			}
		}
		if got := u.String(); got != tc.want {
			t.Errorf("%q.%s = %q: got %q, want %q", tc.href, tc.setter, tc.value, got, tc.want)
		}
	}
	u, _ := Parse("http://x/", nil)
	if err := u.SetHref("::bad"); err == nil || u.String() != "http://x/" {
		t.Errorf("SetHref(bad) = %v, url %q", err, u)
	}
}

func FuzzParseURL(f *testing.F) {
	for _, tc := range urlParseCases {
		f.Add(tc.input, tc.base)
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		u, err := ParseString(input, base)
		if err != nil {
			return
		}
		href := u.String()
		again, err := Parse(href, nil)
		if err != nil {
			t.Fatalf("serialization %q of %q does not parse: %v", href, input, err)
		}
		if again.String() != href {
			t.Fatalf("serialization of %q is not stable: %q then %q", input, href, again.String())
		}
	})
}

func BenchmarkParseURL(b *testing.B) {
	base, _ := Parse("https://www.example.com/app/index.html?x=1", nil)
	b.Run("absolute", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse("https://cdn.example.com:8443/assets/js/app.min.js?v=123#top", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("relative", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse("../api/items?page=2&sort=name", base); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("idna", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse("http://münchen.de/straße", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// A base with a query encoding makes the queries of special URLs parsed
// against it be written in that encoding: é is 0xE9 in windows-1252, あ
// is not there and becomes "&#12354;", both are in Shift_JIS; ws: and
// wss:, URLs that are not special, fragments, paths and parses without
// the base keep UTF-8 (the strings are what Chromium 156 gives for a.href
// in such a document).
func TestQueryEncoding(t *testing.T) {
	base, err := Parse("http://h/dir/page?x", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		enc         encoding.Encoding
		input, want string
	}{
		{charmap.Windows1252, "/x?q=éあ", "http://h/x?q=%E9%26%2312354%3B"},
		{charmap.Windows1252, "/y?q=é&r=a b#é", "http://h/y?q=%E9&r=a%20b#%C3%A9"},
		{charmap.Windows1252, "/é?q=€", "http://h/%C3%A9?q=%80"},
		{japanese.ShiftJIS, "/x?q=éあ", "http://h/x?q=%26%23233%3B%82%A0"},
		{charmap.Windows1252, "ws://h/x?q=é", "ws://h/x?q=%C3%A9"},
		{charmap.Windows1252, "foo://h/x?q=é", "foo://h/x?q=%C3%A9"},
		{nil, "/x?q=é", "http://h/x?q=%C3%A9"},
	}
	for _, tt := range tests {
		b := base
		if tt.enc != nil {
			b = base.WithQueryEncoding(tt.enc)
		}
		u, err := Parse(tt.input, b)
		if err != nil {
			t.Errorf("%q: %v", tt.input, err)
			continue
		}
		if got := u.String(); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.input, got, tt.want)
		}
		// the result keeps no encoding: a URL parsed against it is UTF-8
		if v, _ := Parse("?q=é", u); v.String() != strings.SplitN(tt.want, "?", 2)[0]+"?q=%C3%A9" {
			t.Errorf("%q: against the result: %q", tt.input, v)
		}
	}
}
