package server

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/mapping"
)

// requestScheme is the scheme the client used to reach us.
func requestScheme(r *http.Request, trustForwarded bool) string {
	if trustForwarded {
		switch p := ascii.Lower(r.Header.Get("X-Forwarded-Proto")); p {
		case "http", "https":
			return p
		}
	}
	if r.TLS != nil {
		return "https"
	}
	return "http"
}

// prettyOfRequest returns the absolute URL r asked for, mapped to its pretty
// form when it is an ugly URL (isUgly). An ugly URL that breaks the scheme's
// rules is an error (a *mapping.URLError). pretty is "" when the request
// target is not a path ("*", opaque forms).
func prettyOfRequest(r *http.Request, trustForwarded bool) (pretty string, isUgly bool, err error) {
	target := r.RequestURI
	if !strings.HasPrefix(target, "/") {
		// Absolute-form request targets, and requests built in process.
		target = r.URL.RequestURI()
		if !strings.HasPrefix(target, "/") {
			// "*", or an opaque absolute-form target: not a page.
			return "", false, nil
		}
	}
	abs := requestScheme(r, trustForwarded) + "://" + r.Host + target
	q := r.URL.RawQuery
	// Fast path: the parameter's name may be %XX-escaped, but then the
	// query holds a '%'.
	if q == "" || (!strings.Contains(q, "escaped_fragment_") && !strings.Contains(q, "%")) {
		return abs, false, nil
	}
	pretty, err = mapping.ToPretty(abs)
	if errors.Is(err, mapping.ErrNoParam) {
		return abs, false, nil
	}
	if err != nil {
		return "", false, err
	}
	return pretty, true, nil
}

// cacheKey returns the cache key of a page: the ugly URL of its pretty URL,
// with the scheme and host in lower case and the default port dropped. An
// ugly URL and its pretty URL, and ugly URLs that escape the same state
// differently (%2F and /, %7e and ~), share one key; different states never
// do, since the mapping is one to one. A URL without a #! fragment is keyed
// as the meta-tag case (…?_escaped_fragment_=), which is what a crawler asks
// for a page that opts in with <meta name="fragment" content="!">.
func cacheKey(pretty string) (string, error) {
	u := normalizeOrigin(pretty)
	if i := strings.IndexByte(u, '#'); i >= 0 {
		if !strings.HasPrefix(u[i+1:], "!") {
			// A plain fragment never reaches a server: not a state.
			u = u[:i] + "#!"
		}
	} else {
		u += "#!"
	}
	return mapping.ToUgly(u)
}

// normalizeOrigin lowers the case of the scheme and host of an absolute URL
// and drops the scheme's default port. Everything else stays byte for byte.
func normalizeOrigin(s string) string {
	i := strings.Index(s, "://")
	if i <= 0 {
		return s
	}
	scheme := ascii.Lower(s[:i])
	rest := s[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := strings.ToLower(rest[:end])
	port := ":80"
	if scheme == "https" {
		port = ":443"
	}
	if h, ok := strings.CutSuffix(host, port); ok && (scheme == "http" || scheme == "https") &&
		(!strings.Contains(h, ":") || strings.HasSuffix(h, "]")) {
		host = h
	}
	if scheme == s[:i] && host == rest[:end] {
		return s
	}
	return scheme + "://" + host + rest[end:]
}

// redirectOf reports whether the render of pretty ended somewhere else: the
// page answered with a redirect (a 3xx snapshot with Location) or the
// renderer followed one (the snapshot's URL is another document). The
// Location returned is absolute; when it carries a #! fragment (its own, or
// the one inherited from pretty, as browsers do) it is the ugly URL, so a
// crawler following it asks for a snapshot again.
func redirectOf(pretty string, snap *bangsnap.Snapshot) (string, bool) {
	var loc string
	switch {
	case snap.Status >= 300 && snap.Status <= 399 && snap.Header.Get("Location") != "":
		loc = snap.Header.Get("Location")
	case snap.URL != "" && !sameDocument(snap.URL, pretty):
		loc = snap.URL
	default:
		return "", false
	}
	baseStr, baseFrag, _ := strings.Cut(pretty, "#")
	locStr, locFrag, hasLocFrag := strings.Cut(loc, "#")
	base, err := url.Parse(baseStr)
	if err != nil {
		return loc, true
	}
	ref, err := url.Parse(locStr)
	if err != nil {
		return loc, true
	}
	abs := base.ResolveReference(ref).String()
	frag := locFrag
	if !hasLocFrag {
		// Fragment inheritance: https://www.rfc-editor.org/rfc/rfc9110#section-10.2.2
		frag = baseFrag
	}
	// The fragments are kept raw: url.URL.String would re-escape them.
	if strings.HasPrefix(frag, "!") {
		if ugly, err := mapping.ToUgly(abs + "#" + frag); err == nil {
			return ugly, true
		}
	}
	return abs, true
}

// sameDocument reports whether a and b name the same document: same
// scheme, host, path and query, fragments ignored.
func sameDocument(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil {
		ia, _, _ := strings.Cut(a, "#")
		ib, _, _ := strings.Cut(b, "#")
		return ia == ib
	}
	pa, pb := ua.EscapedPath(), ub.EscapedPath()
	if pa == "" {
		pa = "/"
	}
	if pb == "" {
		pb = "/"
	}
	return ascii.EqualFold(ua.Scheme, ub.Scheme) &&
		normalizeOrigin("x://"+ua.Host) == normalizeOrigin("x://"+ub.Host) &&
		pa == pb && ua.RawQuery == ub.RawQuery
}

// SnapshotFileName returns the name, inside Options.SnapshotDir, of the
// pre-generated snapshot for a page, given its cache key (the normalized ugly
// URL, as CacheKey returns it).
//
// The layout is flat: the key without its scheme ("host/path?query") with
// every byte other than A-Z a-z 0-9 . _ = - written as %XX (upper-case hex,
// so "/" is %2F and "%" is %25), plus ".html". Names longer than 200 bytes
// are "sha256-" and the hex SHA-256 of the key without its scheme, plus
// ".html". A file found there is served, for http and https alike, with
// status 200 and Content-Type text/html; charset=utf-8, or with the status
// and headers of its sidecar NAME.html.meta when it has one (see
// GenerateSnapshotDir, which writes both).
func SnapshotFileName(key string) string {
	if i := strings.Index(key, "://"); i >= 0 {
		key = key[i+3:]
	}
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(key) + 5)
	for i := 0; i < len(key); i++ {
		c := key[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
			c == '.' || c == '_' || c == '=' || c == '-' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
	if b.Len() > 200 {
		sum := sha256.Sum256([]byte(key))
		return "sha256-" + hex.EncodeToString(sum[:]) + ".html"
	}
	b.WriteString(".html")
	return b.String()
}

// CacheKey returns the cache key of a pretty, ugly or plain URL: the
// normalized ugly URL under which its snapshot is cached and looked up in
// the snapshot directory.
func CacheKey(rawURL string) (string, error) {
	pretty, err := prettyOf(rawURL)
	if err != nil {
		return "", err
	}
	return cacheKey(pretty)
}

// prettyOf maps an ugly URL to its pretty URL and returns other URLs as
// they are. A URL that breaks the scheme's rules is an error.
func prettyOf(rawURL string) (string, error) {
	switch mapping.Classify(rawURL) {
	case mapping.Ugly:
		return mapping.ToPretty(rawURL)
	case mapping.Invalid:
		if _, err := mapping.ToPretty(rawURL); err != nil && !errors.Is(err, mapping.ErrNoParam) {
			return "", err
		}
		if _, err := mapping.ToUgly(rawURL); err != nil && !errors.Is(err, mapping.ErrNoBangFragment) {
			return "", err
		}
	}
	return rawURL, nil
}
