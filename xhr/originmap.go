package xhr

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// This file sends the requests for a site's public origin to another origin
// (a staging build, a local server) while everything else about them stays
// public: a render made at https://www.example.com/ from the build served
// at http://127.0.0.1:8080 sees the public URL in location, document.URL,
// its base URL, cookies, CORS, Referer and Origin, and only the connection
// goes elsewhere. The mapping sits below the Client (a RoundTripper), so
// that every check above it — the request policy, same-origin, the cookie
// jar, the script cache, the records — sees the public URL only.

// ErrOriginMapping is the error of a mapping NewOriginMap or Add refuses;
// the error names the mapping and what is wrong with it.
var ErrOriginMapping = errors.New("xhr: invalid origin mapping")

// An OriginMap sends the requests for public origins to other origins: a
// request for https://www.example.com/x?y mapped to http://127.0.0.1:8080
// goes to http://127.0.0.1:8080/x?y, with the mapped origin's host in its
// Host header (or the public one's, with PreserveHost) and with
// X-Forwarded-Host and X-Forwarded-Proto naming the public host and scheme,
// as a reverse proxy in front of the mapped origin would send them. A
// response's Location that points at a mapped origin is mapped back to its
// public origin (the response's own public origin first), so that a
// redirect of the mapped site is seen, and followed, on the public site.
// Requests for any other origin are not touched.
//
// Make one with NewOriginMap; set PreserveHost before it is used. A nil
// *OriginMap maps nothing. It is safe for concurrent use.
type OriginMap struct {
	// PreserveHost sends the public host in the Host header instead of
	// the mapped origin's (a server that builds its URLs from Host, or a
	// virtual host behind the mapped address).
	PreserveHost bool
	pairs        []originPair
}

// An originPair is one mapping: origins as scheme and host[:port], lower
// case, without the scheme's default port.
type originPair struct {
	public, target origin
}

type origin struct {
	scheme, host string
}

func (o origin) String() string { return o.scheme + "://" + o.host }

// NewOriginMap returns the map of mappings, each "PUBLIC=TARGET" with two
// origins (scheme://host[:port], http or https, no path but "/", query,
// fragment or credentials), as Add takes them.
func NewOriginMap(mappings ...string) (*OriginMap, error) {
	m := &OriginMap{}
	for _, s := range mappings {
		public, target, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("%w %q: want PUBLIC=TARGET, two origins such as https://www.example.com=http://127.0.0.1:8080", ErrOriginMapping, s)
		}
		if err := m.Add(strings.TrimSpace(public), strings.TrimSpace(target)); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Add maps the origin public to the origin target. A public origin is
// mapped once, and may not be another mapping's target (a request is mapped
// once, so chains would not be followed); two public origins may share a
// target.
func (m *OriginMap) Add(public, target string) error {
	p, err := parseOrigin(public)
	if err != nil {
		return fmt.Errorf("%w %s=%s: public origin: %w", ErrOriginMapping, public, target, err)
	}
	t, err := parseOrigin(target)
	if err != nil {
		return fmt.Errorf("%w %s=%s: target origin: %w", ErrOriginMapping, public, target, err)
	}
	if p == t {
		return fmt.Errorf("%w %s=%s: an origin mapped to itself", ErrOriginMapping, public, target)
	}
	for _, q := range m.pairs {
		switch {
		case q.public == p:
			return fmt.Errorf("%w %s=%s: %s is already mapped, to %s", ErrOriginMapping, public, target, p, q.target)
		case q.target == p:
			return fmt.Errorf("%w %s=%s: %s is the target of %s; a request is mapped once", ErrOriginMapping, public, target, p, q.public)
		case q.public == t:
			return fmt.Errorf("%w %s=%s: %s is itself mapped, to %s; a request is mapped once", ErrOriginMapping, public, target, t, q.target)
		}
	}
	m.pairs = append(m.pairs, originPair{public: p, target: t})
	return nil
}

// parseOrigin reads an origin: an absolute http(s) URL with a host and
// nothing after it but an optional "/".
func parseOrigin(s string) (origin, error) {
	u, err := url.Parse(s)
	if err != nil {
		return origin{}, err
	}
	scheme := ascii.Lower(u.Scheme)
	switch {
	case scheme != "http" && scheme != "https":
		return origin{}, fmt.Errorf("%q is not an http or https origin", s)
	case u.Opaque != "" || u.Host == "" || u.Hostname() == "":
		return origin{}, fmt.Errorf("%q has no host", s)
	case u.User != nil:
		return origin{}, fmt.Errorf("%q holds credentials", s)
	case u.Path != "" && u.Path != "/" || u.RawQuery != "" || u.ForceQuery || strings.Contains(s, "#"):
		return origin{}, fmt.Errorf("%q is not an origin: give scheme://host[:port] only", s)
	}
	host := strings.ToLower(u.Host)
	if p := u.Port(); p != "" {
		if n, err := strconv.ParseUint(p, 10, 16); err != nil || n == 0 {
			return origin{}, fmt.Errorf("%q: bad port %q", s, p)
		}
	} else if strings.HasSuffix(host, ":") {
		host = strings.TrimSuffix(host, ":")
	}
	return origin{scheme: scheme, host: hostWithoutDefaultPort(scheme, host)}, nil
}

// originOf is u's origin in the form of an originPair's.
func originOf(u *url.URL) origin {
	scheme := ascii.Lower(u.Scheme)
	return origin{scheme: scheme, host: hostWithoutDefaultPort(scheme, strings.ToLower(u.Host))}
}

// Len is the number of mappings.
func (m *OriginMap) Len() int {
	if m == nil {
		return 0
	}
	return len(m.pairs)
}

// String lists the mappings as NewOriginMap takes them.
func (m *OriginMap) String() string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	for i, p := range m.pairs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.public.String() + "=" + p.target.String())
	}
	return b.String()
}

// Target returns the URL that a request for u is sent to, and whether u's
// origin is mapped.
func (m *OriginMap) Target(u *url.URL) (*url.URL, bool) {
	p := m.pairFor(u)
	if p == nil {
		return u, false
	}
	t := *u
	t.Scheme, t.Host = p.target.scheme, p.target.host
	return &t, true
}

// Public returns the public URL of u when u is on a mapped origin (the one
// public origin mapped to it; the first, when several are), else u.
func (m *OriginMap) Public(u *url.URL) (*url.URL, bool) {
	if m == nil {
		return u, false
	}
	o := originOf(u)
	for i := range m.pairs {
		if m.pairs[i].target == o {
			p := *u
			p.Scheme, p.Host = m.pairs[i].public.scheme, m.pairs[i].public.host
			return &p, true
		}
	}
	return u, false
}

// MissesOrigin reports whether u's origin is not mapped while its host name
// is a mapped public origin's (under another scheme or port): a request for
// u would reach the public site itself, not the mapped one.
func (m *OriginMap) MissesOrigin(u *url.URL) bool {
	if m.Len() == 0 || m.pairFor(u) != nil {
		return false
	}
	name := strings.ToLower(u.Hostname())
	for _, p := range m.pairs {
		if (&url.URL{Host: p.public.host}).Hostname() == name {
			return true
		}
	}
	return false
}

// pairFor is the mapping of u's origin, or nil.
func (m *OriginMap) pairFor(u *url.URL) *originPair {
	if m == nil || u == nil || len(m.pairs) == 0 {
		return nil
	}
	o := originOf(u)
	for i := range m.pairs {
		if m.pairs[i].public == o {
			return &m.pairs[i]
		}
	}
	return nil
}

// Transport returns an http.RoundTripper that maps the requests base
// carries (base nil: DefaultTransport). It is base itself when m maps
// nothing.
func (m *OriginMap) Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = DefaultTransport()
	}
	if m.Len() == 0 {
		return base
	}
	if t, ok := base.(*originTransport); ok {
		base = t.base // one mapping at a time: the newer replaces the older
	}
	return &originTransport{m: m, base: base}
}

// originTransport is OriginMap.Transport's RoundTripper.
type originTransport struct {
	m    *OriginMap
	base http.RoundTripper
}

func (t *originTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	out, p := t.m.mapRequest(req)
	resp, err := t.base.RoundTrip(out)
	if err != nil || p == nil {
		return resp, err
	}
	t.m.mapResponse(resp, req, out, p)
	return resp, nil
}

// mapRequest returns the request to send for req and its mapping (req and
// nil when its origin is not mapped). The caller's request is not changed.
func (m *OriginMap) mapRequest(req *http.Request) (*http.Request, *originPair) {
	p := m.pairFor(req.URL)
	if p == nil {
		return req, nil
	}
	out := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = p.target.scheme, p.target.host
	out.URL = &u
	out.Host = ""
	if m.PreserveHost {
		out.Host = req.URL.Host
	}
	if out.Header == nil {
		out.Header = http.Header{}
	}
	if _, ok := out.Header["X-Forwarded-Host"]; !ok {
		out.Header.Set("X-Forwarded-Host", req.URL.Host)
	}
	if _, ok := out.Header["X-Forwarded-Proto"]; !ok {
		out.Header.Set("X-Forwarded-Proto", p.public.scheme)
	}
	return out, p
}

// mapResponse makes resp, the answer to out (req mapped by p), the answer
// to req: a Location pointing at a mapped origin points at its public
// origin (p's first, since the site redirects within itself), and
// resp.Request is req.
func (m *OriginMap) mapResponse(resp *http.Response, req, out *http.Request, p *originPair) {
	resp.Request = req
	loc := resp.Header.Get("Location")
	if loc == "" {
		return
	}
	u, err := url.Parse(loc)
	if err != nil || !u.IsAbs() && u.Host == "" {
		return // a relative Location resolves against the public URL as it is
	}
	next := out.URL.ResolveReference(u)
	o := originOf(next)
	switch {
	case o == p.target:
		next.Scheme, next.Host = p.public.scheme, p.public.host
	default:
		pub, ok := m.Public(next)
		if !ok {
			return
		}
		next = pub
	}
	resp.Header.Set("Location", next.String())
}
