package xhr

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestJar(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	type set struct {
		url, header string
		script      bool // document.cookie assignment instead of Set-Cookie
	}
	tests := []struct {
		name     string
		sets     []set
		url      string
		wantHTTP string
		wantDoc  string
	}{
		{"host only", []set{{"http://a.example.com/", "x=1", false}}, "http://b.example.com/", "", ""},
		{"host only same host", []set{{"http://a.example.com/", "x=1", false}}, "http://a.example.com/", "x=1", "x=1"},
		{"domain attr", []set{{"http://a.example.com/", "x=1; Domain=.example.com", false}}, "http://b.example.com/", "x=1", "x=1"},
		{"foreign domain ignored", []set{{"http://a.example.com/", "x=1; Domain=other.com", false}}, "http://other.com/", "", ""},
		{"public suffix ignored", []set{{"http://a.example.com/", "x=1; Domain=com", false}}, "http://b.com/", "", ""},
		{"httponly hidden from script", []set{{"http://a.test/", "s=1; HttpOnly", false}, {"http://a.test/", "t=2", false}}, "http://a.test/", "s=1; t=2", "t=2"},
		{"script cannot set httponly", []set{{"http://a.test/", "s=1; HttpOnly", true}}, "http://a.test/", "", ""},
		{"script cannot replace httponly", []set{{"http://a.test/", "s=1; HttpOnly", false}, {"http://a.test/", "s=2", true}}, "http://a.test/", "s=1", ""},
		{"script replaces its own", []set{{"http://a.test/", "s=1", true}, {"http://a.test/", "s=2", true}}, "http://a.test/", "s=2", "s=2"},
		{"path match", []set{{"http://a.test/app/x", "p=1", false}}, "http://a.test/app/y", "p=1", "p=1"},
		{"path no match", []set{{"http://a.test/app/x", "p=1", false}}, "http://a.test/other", "", ""},
		{"path prefix is not a match", []set{{"http://a.test/", "p=1; Path=/app", false}}, "http://a.test/application", "", ""},
		{"longer path first", []set{{"http://a.test/", "a=1; Path=/", false}, {"http://a.test/", "b=2; Path=/x", false}}, "http://a.test/x/y", "b=2; a=1", "b=2; a=1"},
		{"creation order", []set{{"http://a.test/", "b=1", false}, {"http://a.test/", "a=2", false}, {"http://a.test/", "b=3", false}}, "http://a.test/", "b=3; a=2", "b=3; a=2"},
		{"max-age 0 deletes", []set{{"http://a.test/", "a=1", true}, {"http://a.test/", "a=1; max-age=0", true}}, "http://a.test/", "", ""},
		{"expired deletes", []set{{"http://a.test/", "a=1", true}, {"http://a.test/", "a=; expires=Thu, 01 Jan 1970 00:00:00 GMT", true}}, "http://a.test/", "", ""},
		{"future expiry by page clock", []set{{"http://a.test/", "a=1; expires=Wed, 02 Jan 2030 00:00:00 GMT", true}}, "http://a.test/", "a=1", "a=1"},
		{"max-age beats expires", []set{{"http://a.test/", "a=1; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60", true}}, "http://a.test/", "a=1", "a=1"},
		{"secure needs https", []set{{"http://a.test/", "a=1; Secure", false}}, "http://a.test/", "", ""},
		{"secure over https", []set{{"https://a.test/", "a=1; Secure", false}}, "http://a.test/", "", ""},
		{"secure sent on https", []set{{"https://a.test/", "a=1; Secure", false}}, "https://a.test/", "a=1", "a=1"},
		{"no equals is a nameless cookie", []set{{"http://a.test/", "justvalue", true}}, "http://a.test/", "justvalue", "justvalue"},
		{"quotes kept", []set{{"http://a.test/", `q="v"`, true}}, "http://a.test/", `q="v"`, `q="v"`},
		{"host prefix needs secure root", []set{{"https://a.test/", "__Host-x=1; Path=/app; Secure", false}}, "https://a.test/app", "", ""},
		{"host prefix ok", []set{{"https://a.test/", "__Host-x=1; Path=/; Secure", false}}, "https://a.test/", "__Host-x=1", "__Host-x=1"},
		{"ip host", []set{{"http://127.0.0.1:8080/", "a=1", false}}, "http://127.0.0.1:9090/", "a=1", "a=1"},
		{"empty ignored", []set{{"http://a.test/", "=", true}}, "http://a.test/", "", ""},
		{"samesite none needs secure", []set{{"https://a.test/", "a=1; SameSite=None", false}}, "https://a.test/", "", ""},
		{"samesite none secure", []set{{"https://a.test/", "a=1; SameSite=None; Secure", false}}, "https://a.test/", "a=1", "a=1"},
		{"samesite strict same site", []set{{"https://a.test/", "a=1; SameSite=Strict", false}}, "https://a.test/", "a=1", "a=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := NewJar(func() time.Time { return now })
			for _, s := range tt.sets {
				if s.script {
					j.SetDocumentCookie(mustURL(t, s.url), s.header)
				} else {
					j.SetFromHeader(mustURL(t, s.url), s.header, now)
				}
			}
			u := mustURL(t, tt.url)
			if got := j.CookieHeader(u, now); got != tt.wantHTTP {
				t.Errorf("Cookie header = %q, want %q", got, tt.wantHTTP)
			}
			if got := j.DocumentCookie(u); got != tt.wantDoc {
				t.Errorf("document.cookie = %q, want %q", got, tt.wantDoc)
			}
		})
	}
}

func TestJarExpiresWithClock(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	j := NewJar(func() time.Time { return now })
	u := mustURL(t, "http://a.test/")
	j.SetDocumentCookie(u, "a=1; max-age=60")
	j.SetCookies(u, []*http.Cookie{{Name: "b", Value: "2", MaxAge: 120}})
	if got := j.DocumentCookie(u); got != "a=1; b=2" {
		t.Fatalf("got %q", got)
	}
	now = now.Add(90 * time.Second)
	if got := j.DocumentCookie(u); got != "b=2" {
		t.Errorf("after 90s: %q", got)
	}
	now = now.Add(time.Hour)
	if got := j.DocumentCookie(u); got != "" {
		t.Errorf("after an hour: %q", got)
	}
}

func TestParseCookieDate(t *testing.T) {
	tests := []struct {
		in   string
		want string // RFC3339 or "" for invalid
	}{
		{"Wed, 21 Oct 2015 07:28:00 GMT", "2015-10-21T07:28:00Z"},
		{"Wednesday, 21-Oct-15 07:28:00 GMT", "2015-10-21T07:28:00Z"},
		{"Wed Oct 21 07:28:00 2015", "2015-10-21T07:28:00Z"},
		{"21 Oct 1999 7:8:9", "1999-10-21T07:08:09Z"},
		{"Thu, 01 Jan 1970 00:00:00 GMT", "1970-01-01T00:00:00Z"},
		{"31 Feb 2020 00:00:00", ""},
		{"nonsense", ""},
		{"Wed, 21 Oct 2015 25:28:00 GMT", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := parseCookieDate(tt.in)
		s := ""
		if ok {
			s = got.Format(time.RFC3339)
		}
		if s != tt.want {
			t.Errorf("parseCookieDate(%q) = %q, want %q", tt.in, s, tt.want)
		}
	}
}

func FuzzParseSetCookie(f *testing.F) {
	for _, s := range []string{"a=b", "a=b; Path=/; Domain=.x.com; Secure; HttpOnly; Max-Age=10",
		"x; expires=Wed, 21 Oct 2015 07:28:00 GMT", "=;;;", `q="v"; max-age=-1`} {
		f.Add(s)
	}
	u := mustURL(f, "https://a.example.com/p/q")
	f.Fuzz(func(t *testing.T, s string) {
		j := NewJar(nil)
		j.SetFromHeader(u, s, time.Now())
		j.SetDocumentCookie(u, s)
		// Whatever the input, what goes out in a header is one line.
		for _, out := range []string{j.CookieHeader(u, time.Now()), j.DocumentCookie(u)} {
			if strings.ContainsAny(out, "\r\n\x00") {
				t.Fatalf("cookie output %q from %q has a line break", out, s)
			}
		}
	})
}

func FuzzParseDataURL(f *testing.F) {
	for _, s := range []string{"data:,x", "data:text/plain;base64,SGk=", "data:;base64,%41%41", "data:a/b;c=d,%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		mime, body, err := parseDataURL(s)
		if err == nil && (mime == "" || len(body) > len(s)) {
			t.Fatalf("parseDataURL(%q) = %q, %d bytes", s, mime, len(body))
		}
	})
}

func TestJarCrossSite(t *testing.T) {
	j := NewJar(nil)
	u := mustURL(t, "https://api.test/")
	now := time.Now()
	j.setFromHeader(u, "lax=1", true, now)
	j.setFromHeader(u, "strict=1; SameSite=Strict", true, now)
	j.setFromHeader(u, "none=1; SameSite=None; Secure", true, now)
	j.setFromHeader(u, "first=1", false, now)
	if got := joinCookies(j.match(u, true, false, now)); got != "none=1; first=1" {
		t.Errorf("same-site request: %q", got)
	}
	if got := joinCookies(j.match(u, true, true, now)); got != "none=1" {
		t.Errorf("cross-site request: %q", got)
	}
}

func TestJarLimit(t *testing.T) {
	j := NewJar(nil)
	u := mustURL(t, "http://a.test/")
	for i := range MaxCookiesPerDomain + 50 {
		j.SetDocumentCookie(u, fmt.Sprintf("c%d=%d", i, i))
	}
	// The 181st cookie purges the 31 oldest (150 left), the 212th the
	// next 31: c62 to c229 stay, as in Chromium.
	got := strings.Split(j.DocumentCookie(u), "; ")
	if len(got) != 168 || got[0] != "c62=62" {
		t.Errorf("%d cookies, first %q", len(got), got[0])
	}
}
