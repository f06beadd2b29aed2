package bangsnap

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// This file implements the Robots Exclusion Protocol for Crawl, as crawlers
// do: https://www.rfc-editor.org/rfc/rfc9309

// Limits of robots.txt handling.
const (
	// robotsMaxBytes is how much of a robots.txt is parsed; RFC 9309
	// §2.5 asks for at least 500 KiB.
	robotsMaxBytes = 512 << 10
	// robotsMaxRedirects: RFC 9309 §2.3.1.2 asks crawlers to follow at
	// least five consecutive redirects.
	robotsMaxRedirects = 5
	// maxCrawlDelay caps a Crawl-delay line, so that a robots.txt asking for
	// hours between requests cannot stall a crawl.
	maxCrawlDelay = 30 * time.Second
)

// A robotsRule is one Allow or Disallow line.
type robotsRule struct {
	allow   bool
	pattern string // normalized with robotsNormalize; may hold '*' and a final '$'
	line    int    // 1-based line number in robots.txt
}

func (r robotsRule) String() string {
	verb := "Disallow"
	if r.allow {
		verb = "Allow"
	}
	return fmt.Sprintf("%s: %s (line %d)", verb, r.pattern, r.line)
}

// A robotsGroup is one group of robots.txt: the user-agent lines that start
// it and the rules that follow.
// https://www.rfc-editor.org/rfc/rfc9309#section-2.1
type robotsGroup struct {
	agents     []string // product tokens as written, "*" included
	rules      []robotsRule
	crawlDelay time.Duration
	hasDelay   bool
}

// A robotsFile is a parsed robots.txt.
type robotsFile struct {
	groups   []robotsGroup
	sitemaps []string
}

// parseRobots parses a robots.txt body (at most robotsMaxBytes of it). It
// never fails: lines it does not understand are ignored, as RFC 9309 §2.2
// asks ("crawlers MUST NOT assume that the robots.txt file is compliant").
// https://www.rfc-editor.org/rfc/rfc9309#section-2.2
func parseRobots(body []byte) *robotsFile {
	if len(body) > robotsMaxBytes {
		body = body[:robotsMaxBytes]
	}
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	f := &robotsFile{}
	var cur *robotsGroup
	inAgents := false // the previous record was a user-agent line
	lineNo := 0
	for len(body) > 0 {
		var line []byte
		if i := bytes.IndexAny(body, "\r\n"); i >= 0 {
			end := i + 1
			if body[i] == '\r' && end < len(body) && body[end] == '\n' {
				end++ // CR LF is one line end
			}
			line, body = body[:i], body[end:]
		} else {
			line, body = body, nil
		}
		lineNo++
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		key, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		k := ascii.Lower(string(bytes.TrimSpace(key)))
		v := string(bytes.TrimSpace(value))
		switch k {
		case "user-agent":
			if !inAgents || cur == nil {
				f.groups = append(f.groups, robotsGroup{})
				cur = &f.groups[len(f.groups)-1]
			}
			cur.agents = append(cur.agents, v)
			inAgents = true
		case "allow", "disallow":
			inAgents = false
			if cur == nil {
				continue // a rule before any user-agent line belongs to no group
			}
			if v == "" {
				continue // "Disallow:" with no path disallows nothing
			}
			cur.rules = append(cur.rules, robotsRule{allow: k == "allow", pattern: robotsNormalize(v), line: lineNo})
		case "crawl-delay":
			// Not in RFC 9309, but widely sent and honoured.
			inAgents = false
			if cur == nil {
				continue
			}
			if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
				cur.crawlDelay = maxCrawlDelay
				if s < maxCrawlDelay.Seconds() {
					cur.crawlDelay = time.Duration(s * float64(time.Second))
				}
				cur.hasDelay = true
			}
		case "sitemap":
			// A record of its own, not part of any group (RFC 9309 §2.2.4).
			f.sitemaps = append(f.sitemaps, v)
		default:
			// Other records (and typos) are ignored; they do not end a
			// run of user-agent lines.
		}
	}
	return f
}

// A robotsPolicy is what robots.txt says to one crawler about one host.
type robotsPolicy struct {
	// disallowAll: robots.txt was unreachable (a 5xx answer or a network
	// error), so the whole host is disallowed (RFC 9309 §2.3.1.4).
	disallowAll bool
	rules       []robotsRule
	crawlDelay  time.Duration
	group       string // the user-agent the rules were chosen for: the token, "*" or ""
}

// policy returns the rules for the crawler whose product token is token:
// those of every group naming the token (combined), else of every "*"
// group, else none (everything allowed).
// https://www.rfc-editor.org/rfc/rfc9309#section-2.2.1
func (f *robotsFile) policy(token string) robotsPolicy {
	var p robotsPolicy
	for _, match := range []func(string) bool{
		func(a string) bool { return a != "*" && ascii.EqualFold(agentToken(a), token) },
		func(a string) bool { return a == "*" },
	} {
		found := false
		for _, g := range f.groups {
			for _, a := range g.agents {
				if match(a) {
					found = true
					p.rules = append(p.rules, g.rules...)
					if g.hasDelay {
						p.crawlDelay = max(p.crawlDelay, g.crawlDelay)
					}
					if p.group == "" {
						p.group = a
					}
					break
				}
			}
		}
		if found {
			return p
		}
	}
	return p
}

// agentToken is the product token a user-agent line names: its leading
// letters, '_' and '-' ("Googlebot/2.1" names "Googlebot"), as crawlers
// read the line. https://www.rfc-editor.org/rfc/rfc9309#section-2.2.1
func agentToken(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			return s[:i]
		}
	}
	return s
}

// allowed reports whether the URL path (with its query, as requested) may
// be crawled, and the rule that decided (nil when none matched). The
// matching rule with the longest pattern wins; between an Allow and a
// Disallow of the same length, Allow wins. /robots.txt is always allowed.
// https://www.rfc-editor.org/rfc/rfc9309#section-2.2.2
func (p *robotsPolicy) allowed(pathQuery string) (bool, *robotsRule) {
	if p.disallowAll {
		return false, nil
	}
	path := robotsNormalize(pathQuery)
	if path == "/robots.txt" {
		return true, nil
	}
	var best *robotsRule
	for i := range p.rules {
		r := &p.rules[i]
		if !robotsMatch(r.pattern, path) {
			continue
		}
		if best == nil || len(r.pattern) > len(best.pattern) || len(r.pattern) == len(best.pattern) && r.allow && !best.allow {
			best = r
		}
	}
	return best == nil || best.allow, best
}

// robotsMatch reports whether pattern matches a prefix of path (all of it
// when pattern ends in '$'); '*' in pattern matches any run of bytes.
// https://www.rfc-editor.org/rfc/rfc9309#section-2.2.3
func robotsMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	// Greedy matching with one backtrack point: the last '*' seen. Linear
	// in practice, O(len(pattern)·len(path)) at worst.
	pi, si := 0, 0
	star, mark := -1, 0
	for si < len(path) {
		switch {
		case pi < len(pattern) && pattern[pi] == '*':
			star, mark = pi, si
			pi++
		case pi < len(pattern) && pattern[pi] == path[si]:
			pi++
			si++
		case pi == len(pattern) && !anchored:
			return true // the pattern matched a prefix
		case star >= 0:
			pi = star + 1
			mark++
			si = mark
		default:
			return false
		}
	}
	for pi < len(pattern) && pattern[pi] == '*' {
		pi++
	}
	return pi == len(pattern)
}

// robotsNormalize writes a path or pattern the way RFC 9309 §2.2.2 compares
// them: bytes outside printable ASCII percent-encoded, %XX escapes in upper
// case, and escapes of unreserved characters (RFC 3986 §2.3) decoded.
// https://www.rfc-editor.org/rfc/rfc9309#section-2.2.2
func robotsNormalize(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '%' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && robotsIsHex(s[i+1]) && robotsIsHex(s[i+2]):
			d := robotsUnhex(s[i+1])<<4 | robotsUnhex(s[i+2])
			if robotsUnreserved(d) {
				b.WriteByte(d)
			} else {
				b.WriteByte('%')
				b.WriteByte(hex[d>>4])
				b.WriteByte(hex[d&15])
			}
			i += 2
		case c <= ' ' || c >= 0x7f:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func robotsIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func robotsUnhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// robotsUnreserved: ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 §2.3).
func robotsUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// robotsAnswer is what fetching one host's robots.txt gave.
type robotsAnswer struct {
	url      string
	status   int // 0 for a network error
	err      error
	file     *robotsFile // nil unless status was 2xx
	duration time.Duration
	note     string // how the answer was read: "unavailable: …", "unreachable: …"
	// unreachable: the host is disallowed as a whole (RFC 9309 §2.3.1.4).
	unreachable bool
}

// fetchRobots fetches origin's /robots.txt (origin is scheme://host[:port])
// with get, following at most robotsMaxRedirects redirects, and reads it as
// RFC 9309 §2.3.1 says: 2xx is parsed; 4xx (and too many redirects) means
// no rules; 5xx, 429 and network errors mean the whole host is disallowed
// (429, Too Many Requests, is read as the server being unable to answer, as
// major crawlers do).
// https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1
func fetchRobots(ctx context.Context, origin string, get func(ctx context.Context, u string) (*http.Response, error)) robotsAnswer {
	start := time.Now()
	a := robotsAnswer{url: origin + "/robots.txt"}
	u := a.url
	for hop := 0; ; hop++ {
		resp, err := get(ctx, u)
		if err != nil {
			a.err, a.note, a.unreachable = err, "unreachable: "+err.Error(), true
			break
		}
		a.status = resp.StatusCode
		switch {
		case resp.StatusCode >= 300 && resp.StatusCode < 400 && resp.Header.Get("Location") != "":
			resp.Body.Close()
			if hop == robotsMaxRedirects {
				a.note = fmt.Sprintf("unavailable: more than %d redirects", robotsMaxRedirects)
				a.duration = time.Since(start)
				return a
			}
			next, err := url.Parse(resp.Header.Get("Location"))
			if err != nil {
				a.note = "unavailable: bad redirect: " + err.Error()
				a.duration = time.Since(start)
				return a
			}
			base, _ := url.Parse(u)
			u = base.ResolveReference(next).String()
			continue
		case resp.StatusCode >= 200 && resp.StatusCode < 300:
			body, err := io.ReadAll(io.LimitReader(resp.Body, robotsMaxBytes))
			resp.Body.Close()
			if err != nil && !errors.Is(err, io.EOF) {
				a.err, a.note, a.unreachable = err, "unreachable: reading: "+err.Error(), true
				break
			}
			a.file = parseRobots(body)
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			resp.Body.Close()
			a.note, a.unreachable = fmt.Sprintf("unreachable: status %d", resp.StatusCode), true
		default:
			resp.Body.Close()
			a.note = fmt.Sprintf("unavailable: status %d", resp.StatusCode)
		}
		break
	}
	a.duration = time.Since(start)
	return a
}

// policy is the answer's rules for token.
func (a *robotsAnswer) policy(token string) robotsPolicy {
	switch {
	case a.file != nil:
		return a.file.policy(token)
	case a.unreachable:
		return robotsPolicy{disallowAll: true}
	}
	return robotsPolicy{}
}
