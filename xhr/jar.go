package xhr

import (
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/publicsuffix"
)

// A Jar is the cookie store of one render (RFC 6265 §5.3 storage model).
// Unlike net/http/cookiejar it keeps each cookie's attributes, so that
// document.cookie can hide HttpOnly cookies and refuse to overwrite them,
// and it reads the time from a clock the caller chooses: the page's virtual
// clock, so that a cookie the page sets to expire "in one day" by its own
// Date.now() lives one day of page time. The methods without a time
// argument (document.cookie, http.CookieJar) call that clock, so call them
// where the clock may be read (the loop goroutine); the others take the
// time. A Jar is safe for concurrent use and implements http.CookieJar.
//
// https://www.rfc-editor.org/rfc/rfc6265#section-5.3
type Jar struct {
	now func() time.Time

	mu      sync.Mutex
	entries map[string]map[string]*jarEntry // by registrable domain, then by name;domain;path
	seq     uint64
}

type jarEntry struct {
	name, value  string
	domain, path string
	hostOnly     bool
	secure       bool
	httpOnly     bool
	sameSite     sameSite
	persistent   bool
	expires      time.Time
	seq          uint64 // creation order
}

// NewJar returns an empty jar reading the time from now (time.Now if nil).
func NewJar(now func() time.Time) *Jar {
	if now == nil {
		now = time.Now
	}
	return &Jar{now: now, entries: map[string]map[string]*jarEntry{}}
}

// SetCookies stores cookies received from u over HTTP (http.CookieJar).
// A cookie's Domain, Path, Expires, MaxAge, Secure and HttpOnly are
// honoured as if they came from a Set-Cookie header.
func (j *Jar) SetCookies(u *url.URL, cookies []*http.Cookie) {
	for _, c := range cookies {
		sc := setCookie{
			name: c.Name, value: c.Value, domain: c.Domain, path: c.Path,
			secure: c.Secure, httpOnly: c.HttpOnly, expires: c.Expires, hasExpires: !c.Expires.IsZero(),
		}
		switch c.SameSite {
		case http.SameSiteStrictMode:
			sc.sameSite = sameSiteStrict
		case http.SameSiteNoneMode:
			sc.sameSite = sameSiteNone
		case http.SameSiteLaxMode:
			sc.sameSite = sameSiteLax
		}
		switch {
		case c.MaxAge < 0:
			sc.hasMaxAge, sc.maxAge = true, 0
		case c.MaxAge > 0:
			sc.hasMaxAge, sc.maxAge = true, int64(c.MaxAge)
		}
		j.store(u, sc, true, false, j.now())
	}
}

// Cookies returns the cookies to send to u over HTTP (http.CookieJar),
// HttpOnly ones included.
func (j *Jar) Cookies(u *url.URL) []*http.Cookie {
	var out []*http.Cookie
	for _, e := range j.match(u, true, false, j.now()) {
		out = append(out, &http.Cookie{Name: e.name, Value: e.value})
	}
	return out
}

// SetFromHeader stores the cookie of one Set-Cookie header value received
// from u at time now (the page's clock when the request started).
func (j *Jar) SetFromHeader(u *url.URL, header string, now time.Time) {
	j.setFromHeader(u, header, false, now)
}

// setFromHeader stores a Set-Cookie received from u; crossSite is true
// when the request was made by a page of another site.
func (j *Jar) setFromHeader(u *url.URL, header string, crossSite bool, now time.Time) {
	if sc, ok := parseSetCookie(header); ok {
		j.store(u, sc, true, crossSite, now)
	}
}

// CookieHeader returns the Cookie request header value for u over HTTP at
// time now, or "" when no cookie applies.
func (j *Jar) CookieHeader(u *url.URL, now time.Time) string {
	return joinCookies(j.match(u, true, false, now))
}

// DocumentCookie returns what document.cookie reads in a document at u:
// the cookies that apply to u, HttpOnly ones excluded.
//
// https://html.spec.whatwg.org/multipage/dom.html#dom-document-cookie
func (j *Jar) DocumentCookie(u *url.URL) string {
	return joinCookies(j.match(u, false, false, j.now()))
}

// SetDocumentCookie does what assigning s to document.cookie does in a
// document at u: it stores one cookie through the non-HTTP API, which can
// neither set an HttpOnly cookie nor replace one.
func (j *Jar) SetDocumentCookie(u *url.URL, s string) {
	if sc, ok := parseSetCookie(s); ok {
		j.store(u, sc, false, false, j.now())
	}
}

func joinCookies(es []*jarEntry) string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteString("; ")
		}
		if e.name != "" {
			b.WriteString(e.name)
			b.WriteByte('=')
		}
		b.WriteString(e.value)
	}
	return b.String()
}

// store is the storage model's algorithm for a cookie received from u.
//
// https://www.rfc-editor.org/rfc/rfc6265#section-5.3
func (j *Jar) store(u *url.URL, sc setCookie, fromHTTP, crossSite bool, now time.Time) {
	if u == nil || (u.Scheme != "http" && u.Scheme != "https") {
		return
	}
	if sc.httpOnly && !fromHTTP {
		return
	}
	host, ok := canonicalHost(u)
	if !ok {
		return
	}
	secureURL := u.Scheme == "https"
	if sc.secure && !secureURL {
		return // RFC 6265bis §5.7 step 8: only a secure origin sets Secure cookies
	}
	// SameSite (RFC 6265bis §5.7 steps 13–16): None needs Secure; a cookie
	// restricted to same-site requests cannot be set by a cross-site one.
	if sc.sameSite == sameSiteNone && !sc.secure {
		return
	}
	if crossSite && sc.sameSite != sameSiteNone {
		return
	}
	e := &jarEntry{name: sc.name, value: sc.value, secure: sc.secure, httpOnly: sc.httpOnly, sameSite: sc.sameSite}

	switch {
	case sc.hasMaxAge:
		e.persistent = true
		if sc.maxAge <= 0 {
			e.expires = time.Unix(0, 0)
		} else {
			e.expires = now.Add(time.Duration(min(sc.maxAge, int64(1<<62)/int64(time.Second))) * time.Second)
		}
	case sc.hasExpires:
		e.persistent = true
		e.expires = sc.expires
	}

	domain := strings.TrimPrefix(strings.ToLower(sc.domain), ".")
	if domain != "" {
		if ps, _ := publicsuffix.PublicSuffix(domain); ps == domain && !strings.Contains(domain, ":") {
			if domain != host {
				return // a public suffix cannot hold cookies for all its sites
			}
			domain = ""
		}
	}
	if domain != "" {
		if !domainMatch(host, domain) {
			return
		}
		e.domain = domain
	} else {
		e.hostOnly = true
		e.domain = host
	}
	if sc.path == "" || sc.path[0] != '/' {
		e.path = defaultPath(u.Path)
	} else {
		e.path = sc.path
	}
	// Cookie name prefixes (RFC 6265bis §4.1.3).
	if strings.HasPrefix(sc.name, "__Secure-") && !sc.secure {
		return
	}
	if strings.HasPrefix(sc.name, "__Host-") && (!sc.secure || !e.hostOnly || e.path != "/") {
		return
	}

	key := e.name + ";" + e.domain + ";" + e.path
	reg := registrable(e.domain)

	j.mu.Lock()
	defer j.mu.Unlock()
	bucket := j.entries[reg]
	if old, ok := bucket[key]; ok {
		if old.httpOnly && !fromHTTP {
			return
		}
		e.seq = old.seq
	} else {
		j.seq++
		e.seq = j.seq
	}
	if e.persistent && !e.expires.After(now) {
		delete(bucket, key)
		return
	}
	if bucket == nil {
		bucket = map[string]*jarEntry{}
		j.entries[reg] = bucket
	}
	bucket[key] = e
	if len(bucket) > MaxCookiesPerDomain {
		evictOldest(bucket, now)
	}
}

// MaxCookiesPerDomain bounds the cookies one registrable domain keeps
// (Chromium's limit), so that a page setting cookies in a loop cannot grow
// the jar without end.
const MaxCookiesPerDomain = 180

// domainPurgeCookies is how many cookies below MaxCookiesPerDomain a
// domain that went over it is purged to, as Chromium's cookie monster
// purges (kDomainPurgeCookies): after 10,000 cookies set in a row a page
// sees 173 of them in Chromium, not 180.
const domainPurgeCookies = 30

// evictOldest removes expired cookies, then the oldest ones, until bucket
// is within its limit less domainPurgeCookies (RFC 6265 §5.3 step 12,
// simplified: creation order stands in for last access).
func evictOldest(bucket map[string]*jarEntry, now time.Time) {
	for key, e := range bucket {
		if e.persistent && !e.expires.After(now) {
			delete(bucket, key)
		}
	}
	if len(bucket) <= MaxCookiesPerDomain {
		return
	}
	for len(bucket) > MaxCookiesPerDomain-domainPurgeCookies {
		oldKey, oldSeq := "", ^uint64(0)
		for key, e := range bucket {
			if e.seq < oldSeq {
				oldKey, oldSeq = key, e.seq
			}
		}
		delete(bucket, oldKey)
	}
}

// match returns the cookies for u in the order of RFC 6265 §5.4 step 2:
// longer paths first, then earlier created.
func (j *Jar) match(u *url.URL, fromHTTP, crossSite bool, now time.Time) []*jarEntry {
	if u == nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil
	}
	host, ok := canonicalHost(u)
	if !ok {
		return nil
	}
	path := u.Path
	if path == "" {
		path = "/"
	}
	secure := u.Scheme == "https"

	j.mu.Lock()
	defer j.mu.Unlock()
	bucket := j.entries[registrable(host)]
	var out []*jarEntry
	for key, e := range bucket {
		if e.persistent && !e.expires.After(now) {
			delete(bucket, key)
			continue
		}
		if e.hostOnly && host != e.domain || !e.hostOnly && !domainMatch(host, e.domain) {
			continue
		}
		if !pathMatch(path, e.path) || e.secure && !secure || e.httpOnly && !fromHTTP || crossSite && e.sameSite != sameSiteNone {
			continue
		}
		out = append(out, e)
	}
	sort.Slice(out, func(a, b int) bool {
		if la, lb := len(out[a].path), len(out[b].path); la != lb {
			return la > lb
		}
		return out[a].seq < out[b].seq
	})
	return out
}

func canonicalHost(u *url.URL) (string, bool) {
	h := strings.ToLower(u.Hostname())
	h = strings.TrimSuffix(h, ".")
	return h, h != ""
}

// registrable returns the bucket a host's cookies live in: its registrable
// domain (eTLD+1), or the host itself for IPs and public suffixes.
func registrable(host string) string {
	if net.ParseIP(host) != nil {
		return host
	}
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}

// domainMatch: https://www.rfc-editor.org/rfc/rfc6265#section-5.1.3
func domainMatch(host, domain string) bool {
	if host == domain {
		return true
	}
	return strings.HasSuffix(host, domain) && host[len(host)-len(domain)-1] == '.' && net.ParseIP(host) == nil
}

// pathMatch: https://www.rfc-editor.org/rfc/rfc6265#section-5.1.4
func pathMatch(reqPath, cookiePath string) bool {
	if reqPath == cookiePath {
		return true
	}
	if strings.HasPrefix(reqPath, cookiePath) {
		return cookiePath[len(cookiePath)-1] == '/' || reqPath[len(cookiePath)] == '/'
	}
	return false
}

// defaultPath: https://www.rfc-editor.org/rfc/rfc6265#section-5.1.4
func defaultPath(p string) string {
	if p == "" || p[0] != '/' {
		return "/"
	}
	i := strings.LastIndexByte(p, '/')
	if i == 0 {
		return "/"
	}
	return p[:i]
}

// setCookie is one parsed Set-Cookie header (or document.cookie assignment).
type setCookie struct {
	name, value  string
	domain, path string
	secure       bool
	httpOnly     bool
	sameSite     sameSite
	hasExpires   bool
	expires      time.Time
	hasMaxAge    bool
	maxAge       int64
}

// parseSetCookie parses a set-cookie-string as a browser does, leniently:
// a string without "=" is a cookie with an empty name, quotes are kept in the
// value, unknown attributes are ignored.
//
// https://www.rfc-editor.org/rfc/rfc6265#section-5.2
func parseSetCookie(s string) (setCookie, bool) {
	var sc setCookie
	pair, attrs, _ := strings.Cut(s, ";")
	if strings.ContainsAny(pair, "\x00\r\n") {
		return sc, false
	}
	if name, value, ok := strings.Cut(pair, "="); ok {
		sc.name, sc.value = trimWS(name), trimWS(value)
	} else {
		sc.value = trimWS(pair)
	}
	if sc.name == "" && sc.value == "" {
		return sc, false
	}
	if len(sc.name)+len(sc.value) > 4096 {
		return sc, false
	}
	for attrs != "" {
		var av string
		av, attrs, _ = strings.Cut(attrs, ";")
		name, value, _ := strings.Cut(av, "=")
		name, value = trimWS(name), trimWS(value)
		switch ascii.Lower(name) {
		case "expires":
			if t, ok := parseCookieDate(value); ok {
				sc.hasExpires, sc.expires = true, t
			}
		case "max-age":
			if n, ok := parseMaxAge(value); ok {
				sc.hasMaxAge, sc.maxAge = true, n
			}
		case "domain":
			if value != "" {
				sc.domain = value
			}
		case "path":
			sc.path = value
		case "secure":
			sc.secure = true
		case "httponly":
			sc.httpOnly = true
		case "samesite":
			switch ascii.Lower(value) {
			case "none":
				sc.sameSite = sameSiteNone
			case "strict":
				sc.sameSite = sameSiteStrict
			case "lax":
				sc.sameSite = sameSiteLax
			}
		}
	}
	return sc, true
}

func trimWS(s string) string { return strings.Trim(s, " \t") }

// parseMaxAge: https://www.rfc-editor.org/rfc/rfc6265#section-5.2.2
func parseMaxAge(v string) (int64, bool) {
	if v == "" {
		return 0, false
	}
	digits := strings.TrimPrefix(v, "-")
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	if digits == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		if v[0] == '-' {
			return 0, true
		}
		return 1 << 40, true // absurdly large: effectively forever
	}
	if n < 0 {
		n = 0
	}
	return n, true
}

// parseCookieDate is the cookie-date algorithm: it finds a time, a day of
// month, a month and a year among the date's tokens, in any order and
// whatever the separators.
//
// https://www.rfc-editor.org/rfc/rfc6265#section-5.1.1
func parseCookieDate(s string) (time.Time, bool) {
	var (
		foundTime, foundDay, foundMonth, foundYear bool
		hour, minute, second, day, year            int
		month                                      time.Month
	)
	isDelim := func(c byte) bool {
		return c == 0x09 || c >= 0x20 && c <= 0x2F || c >= 0x3B && c <= 0x40 ||
			c >= 0x5B && c <= 0x60 || c >= 0x7B && c <= 0x7E
	}
	for i := 0; i < len(s); {
		for i < len(s) && isDelim(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isDelim(s[j]) {
			j++
		}
		tok := s[i:j]
		i = j
		if tok == "" {
			continue
		}
		if !foundTime {
			if h, m, sec, ok := parseCookieTime(tok); ok {
				foundTime, hour, minute, second = true, h, m, sec
				continue
			}
		}
		if !foundDay {
			if n, ok := leadingDigits(tok, 1, 2); ok {
				foundDay, day = true, n
				continue
			}
		}
		if !foundMonth && len(tok) >= 3 {
			if m := monthIndex(tok[:3]); m > 0 {
				foundMonth, month = true, m
				continue
			}
		}
		if !foundYear {
			if n, ok := leadingDigits(tok, 2, 4); ok {
				foundYear, year = true, n
				continue
			}
		}
	}
	if !foundTime || !foundDay || !foundMonth || !foundYear {
		return time.Time{}, false
	}
	switch {
	case year >= 70 && year <= 99:
		year += 1900
	case year >= 0 && year <= 69:
		year += 2000
	}
	if day < 1 || day > 31 || year < 1601 || hour > 23 || minute > 59 || second > 59 {
		return time.Time{}, false
	}
	t := time.Date(year, month, day, hour, minute, second, 0, time.UTC)
	if t.Day() != day {
		return time.Time{}, false // e.g. 31 February
	}
	return t, true
}

// leadingDigits reads min to max digits at the start of tok, followed by a
// non-digit or the end.
func leadingDigits(tok string, lo, hi int) (int, bool) {
	n, i := 0, 0
	for i < len(tok) && i < hi+1 && tok[i] >= '0' && tok[i] <= '9' {
		n = n*10 + int(tok[i]-'0')
		i++
	}
	if i < lo || i > hi {
		return 0, false
	}
	return n, true
}

// parseCookieTime reads hms-time: 1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT.
func parseCookieTime(tok string) (h, m, s int, ok bool) {
	parts := strings.SplitN(tok, ":", 3)
	if len(parts) != 3 {
		return 0, 0, 0, false
	}
	var v [3]int
	for k, p := range parts {
		if k == 2 {
			// trailing non-digits are allowed after the seconds
			end := 0
			for end < len(p) && p[end] >= '0' && p[end] <= '9' {
				end++
			}
			p = p[:end]
		}
		if len(p) < 1 || len(p) > 2 {
			return 0, 0, 0, false
		}
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return 0, 0, 0, false
			}
			v[k] = v[k]*10 + int(p[i]-'0')
		}
	}
	return v[0], v[1], v[2], true
}

func monthIndex(s string) time.Month {
	switch ascii.Lower(s) {
	case "jan":
		return time.January
	case "feb":
		return time.February
	case "mar":
		return time.March
	case "apr":
		return time.April
	case "may":
		return time.May
	case "jun":
		return time.June
	case "jul":
		return time.July
	case "aug":
		return time.August
	case "sep":
		return time.September
	case "oct":
		return time.October
	case "nov":
		return time.November
	case "dec":
		return time.December
	}
	return 0
}

// sameSite is a cookie's SameSite attribute. A cookie without one is Lax,
// as in Chromium: it is not sent with (nor set by) the page's cross-site
// subresource requests.
//
// https://httpwg.org/http-extensions/draft-ietf-httpbis-rfc6265bis.html#name-the-samesite-attribute
type sameSite uint8

const (
	sameSiteDefault sameSite = iota // Lax
	sameSiteLax
	sameSiteStrict
	sameSiteNone
)

// sameSiteURLs reports whether a and b are schemelessly the same site: their
// hosts have the same registrable domain (the cookie notion of "site"
// ignoring the scheme, as cookie SameSite checks do for requests from a
// page).
//
// https://html.spec.whatwg.org/multipage/browsers.html#sites
func sameSiteURLs(a, b *url.URL) bool {
	ha, _ := canonicalHost(a)
	hb, _ := canonicalHost(b)
	return registrable(ha) == registrable(hb)
}
