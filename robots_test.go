package bangsnap

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRobotsAllowed(t *testing.T) {
	const file = "# comment\n" +
		"User-agent: Googlebot\n" +
		"Disallow: /private\n" +
		"\n" +
		"User-agent: bangsnap/1.0\n" +
		"user-agent: other\n" +
		"Disallow: /*_escaped_fragment_\n" +
		"Allow: /shop?_escaped_fragment_=/about$\n" +
		"Disallow: /*.pdf$\n" +
		"Disallow: /tmp/\n" +
		"Allow: /tmp/\n" +
		"Disallow: /caf%c3%a9\n" +
		"Disallow: /%7Euser\n" +
		"Crawl-delay: 1.5\n" +
		"\n" +
		"User-agent: *\n" +
		"Disallow: /\n" +
		"Allow: /public # open\n" +
		"\r\n" +
		"User-agent: BangSnap\n" + // a second group for the same agent: combined
		"Disallow: /extra\n" +
		"Sitemap: http://h/sitemap.xml\n"
	f := parseRobots([]byte(file))
	tests := []struct {
		agent, path string
		want        bool
		rule        string // the deciding rule's pattern, "" for none
	}{
		{"bangsnap", "/shop", true, ""},
		{"bangsnap", "/shop?_escaped_fragment_=/item/1", false, "/*_escaped_fragment_"},
		{"bangsnap", "/?_escaped_fragment_=", false, "/*_escaped_fragment_"},
		{"bangsnap", "/shop?_escaped_fragment_=/about", true, "/shop?_escaped_fragment_=/about$"},
		{"bangsnap", "/shop?_escaped_fragment_=/about/x", false, "/*_escaped_fragment_"},
		{"bangsnap", "/a/b.pdf", false, "/*.pdf$"},
		{"bangsnap", "/a/b.pdf?x", true, ""},
		{"bangsnap", "/tmp/x", true, "/tmp/"}, // tie: Allow wins
		{"bangsnap", "/café", false, "/caf%C3%A9"},
		{"bangsnap", "/caf%C3%A9/x", false, "/caf%C3%A9"},
		{"bangsnap", "/~user/x", false, "/~user"}, // %7E is unreserved: decoded
		{"bangsnap", "/extra/1", false, "/extra"},
		{"bangsnap", "/robots.txt", true, ""},
		{"BANGSNAP", "/tmp", true, ""},
		{"other", "/extra", true, ""}, // "other" is not in the BangSnap group
		{"Googlebot", "/private/x", false, "/private"},
		{"Googlebot", "/public", true, ""},
		{"nobody", "/x", false, "/"},
		{"nobody", "/public/x", true, "/public"},
		{"nobody", "/robots.txt", true, ""},
	}
	for _, tt := range tests {
		p := f.policy(tt.agent)
		got, rule := p.allowed(robotsNormalize(tt.path))
		gotRule := ""
		if rule != nil {
			gotRule = rule.pattern
		}
		if got != tt.want || gotRule != tt.rule {
			t.Errorf("%s %q: allowed %v by %q, want %v by %q", tt.agent, tt.path, got, gotRule, tt.want, tt.rule)
		}
	}
	if p := f.policy("bangsnap"); p.crawlDelay != 1500*time.Millisecond {
		t.Errorf("crawl-delay %v, want 1.5s", p.crawlDelay)
	}
	if len(f.sitemaps) != 1 || f.sitemaps[0] != "http://h/sitemap.xml" {
		t.Errorf("sitemaps %q", f.sitemaps)
	}
}

func TestRobotsMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"/", "/", true},
		{"/", "/anything", true},
		{"/fish", "/fish.html", true},
		{"/fish", "/Fish", false},
		{"/fish$", "/fish", true},
		{"/fish$", "/fish/", false},
		{"/*.php", "/index.php", true},
		{"/*.php", "/a/b.php?x=1", true},
		{"/*.php", "/php", false},
		{"/*.php$", "/a.php?x", false},
		{"/a*b*c", "/axxbyyc", true},
		{"/a*b*c", "/axxbyy", false},
		{"*", "/", true},
		{"/**", "/x", true},
		{"/$", "/", true},
		{"/$", "/x", false},
		{"/a$b", "/a$b", true}, // '$' only anchors at the end
	}
	for _, tt := range tests {
		if got := robotsMatch(tt.pattern, tt.path); got != tt.want {
			t.Errorf("robotsMatch(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

func TestRobotsParseOddities(t *testing.T) {
	tests := []struct {
		name, file, agent, path string
		want                    bool
	}{
		{"rules before any user-agent are ignored", "Disallow: /\nUser-agent: *\nAllow: /", "x", "/a", true},
		{"empty disallow allows", "User-agent: *\nDisallow:\n", "x", "/a", true},
		{"BOM and CR line ends", "\xef\xbb\xbfUser-agent: *\rDisallow: /a\r", "x", "/a", false},
		{"no colon: ignored", "User-agent *\nDisallow /a\nUser-agent: *\nDisallow: /b", "x", "/a", true},
		{"agents before rules share a group", "User-agent: a\nUser-agent: b\nDisallow: /x", "b", "/x", false},
		{"a user-agent after rules starts a group", "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y", "b", "/x", true},
		{"no group at all", "Sitemap: /s.xml", "x", "/a", true},
		{"specific group replaces *", "User-agent: *\nDisallow: /\nUser-agent: x\nDisallow: /p", "x", "/a", true},
		{"unknown records do not split agents", "User-agent: a\nHost: h\nUser-agent: b\nDisallow: /x", "a", "/x", false},
		{"garbage", "\x00\xff\n:::\n", "x", "/a", true},
	}
	for _, tt := range tests {
		p := parseRobots([]byte(tt.file)).policy(tt.agent)
		if got, _ := p.allowed(tt.path); got != tt.want {
			t.Errorf("%s: allowed(%q) = %v, want %v", tt.name, tt.path, got, tt.want)
		}
	}
}

// TestFetchRobots: how each answer for /robots.txt is read (RFC 9309 §2.3.1).
func TestFetchRobots(t *testing.T) {
	tests := []struct {
		name        string
		handler     http.HandlerFunc
		allowed     bool // is /page allowed?
		unreachable bool
	}{
		{"200", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "User-agent: *\nDisallow: /page") }, false, false},
		{"404 allows all", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, true, false},
		{"403 allows all", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(403) }, true, false},
		{"503 disallows all", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }, false, true},
		{"429 disallows all", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(429) }, false, true},
		{"redirect followed", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.Redirect(w, r, "/real-robots.txt", http.StatusMovedPermanently)
				return
			}
			fmt.Fprint(w, "User-agent: *\nDisallow: /page")
		}, false, false},
		{"redirect loop: unavailable", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
		}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := httptest.NewServer(tt.handler)
			defer ts.Close()
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			get := func(ctx context.Context, u string) (*http.Response, error) {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
				return client.Do(req)
			}
			a := fetchRobots(context.Background(), ts.URL, get)
			p := a.policy("bangsnap")
			if got, _ := p.allowed("/page"); got != tt.allowed || a.unreachable != tt.unreachable {
				t.Errorf("allowed %v unreachable %v (%s), want %v %v", got, a.unreachable, a.note, tt.allowed, tt.unreachable)
			}
		})
	}
	t.Run("network error disallows all", func(t *testing.T) {
		ts := httptest.NewServer(http.NotFoundHandler())
		origin := ts.URL
		ts.Close()
		a := fetchRobots(context.Background(), origin, func(ctx context.Context, u string) (*http.Response, error) {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			return http.DefaultClient.Do(req)
		})
		p := a.policy("bangsnap")
		if ok, _ := p.allowed("/"); ok || !a.unreachable || !strings.HasPrefix(a.note, "unreachable") {
			t.Errorf("allowed %v, note %q", ok, a.note)
		}
	})
}

func TestRobotsNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/plain?a=b&c", "/plain?a=b&c"},
		{"/caf\xc3\xa9", "/caf%C3%A9"},
		{"/%7e%41%2f%2F", "/~A%2F%2F"},
		{"/a b", "/a%20b"},
		{"/%zz%4", "/%zz%4"},
	}
	for _, tt := range tests {
		if got := robotsNormalize(tt.in); got != tt.want {
			t.Errorf("robotsNormalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzRobots: any robots.txt parses, and matching any path against it ends.
func FuzzRobots(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /*_escaped_fragment_\nAllow: /a$\nCrawl-delay: 5"), "/shop?_escaped_fragment_=/x")
	f.Add([]byte("User-agent: bangsnap\r\nDisallow: /**********a\r\n"), "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab")
	f.Add([]byte("\xef\xbb\xbfuser-agent:x\nuser-agent:*\ndisallow:%\n"), "/%")
	f.Fuzz(func(t *testing.T, file []byte, path string) {
		p := parseRobots(file).policy("bangsnap")
		ok, rule := p.allowed(path)
		if !ok && rule == nil {
			t.Fatalf("disallowed %q with no rule", path)
		}
		if rule != nil && rule.allow != ok {
			t.Fatalf("rule %v but allowed=%v", rule, ok)
		}
	})
}

func BenchmarkRobotsAllowed(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := range 200 {
		fmt.Fprintf(&sb, "Disallow: /section%d/*.pdf$\nAllow: /section%d/public\n", i, i)
	}
	sb.WriteString("Disallow: /*_escaped_fragment_\n")
	p := parseRobots([]byte(sb.String())).policy("bangsnap")
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := p.allowed("/shop?_escaped_fragment_=/item/1"); ok {
			b.Fatal("allowed")
		}
	}
}
