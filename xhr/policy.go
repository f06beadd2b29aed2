package xhr

import (
	"net"
	"net/url"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// DefaultDeny lists the hosts a render refuses to contact unless the policy
// says otherwise: analytics, tag managers, advertising, session recording and
// social widgets. Their scripts do not build page content; fetching them
// costs time, and executing them would count the crawler's render as a
// visit. A pattern matches the host and every subdomain.
var DefaultDeny = []string{
	// analytics and tag managers
	"google-analytics.com", "analytics.google.com", "googletagmanager.com",
	"googletagservices.com", "stats.g.doubleclick.net", "segment.com", "segment.io",
	"mixpanel.com", "amplitude.com", "heapanalytics.com", "fullstory.com",
	"mouseflow.com", "crazyegg.com", "clarity.ms", "newrelic.com", "nr-data.net",
	"quantserve.com", "scorecardresearch.com", "chartbeat.com", "chartbeat.net",
	"hs-analytics.net", "hs-scripts.com", "matomo.cloud", "plausible.io",
	"mc.yandex.ru", "hm.baidu.com", "cdn.optimizely.com", "static.cloudflareinsights.com",
	// session recording and chat widgets
	"hotjar.com", "hotjar.io", "intercom.io", "intercomcdn.com", "drift.com",
	"driftt.com", "zopim.com", "tawk.to",
	// advertising
	"doubleclick.net", "googlesyndication.com", "googleadservices.com",
	"adservice.google.com", "amazon-adsystem.com", "adnxs.com", "criteo.com",
	"criteo.net", "taboola.com", "outbrain.com", "pubmatic.com", "rubiconproject.com",
	"moatads.com", "ads-twitter.com", "ads.linkedin.com", "bat.bing.com",
	// social pixels and widgets
	"facebook.net", "connect.facebook.net", "platform.twitter.com",
	"snap.licdn.com", "px.ads.linkedin.com", "analytics.tiktok.com",
}

// A Policy decides which requests a render makes. The zero value is the
// default: every same-origin request and every cross-origin request except
// to the hosts of [DefaultDeny]; no images, stylesheets, fonts or media.
//
// For a cross-origin request the rules apply in this order: a host matching
// Deny is refused; a host matching Allow is allowed; a host matching
// DefaultDeny (unless NoDefaultDeny) is refused; if Allow is not empty, any
// other host is refused; otherwise the request is allowed.
//
// Host patterns are lower-case host names: "example.com" matches
// example.com and all its subdomains, "*.example.com" (or ".example.com")
// only its subdomains; an IP address matches itself.
type Policy struct {
	Allow         []string
	Deny          []string
	NoDefaultDeny bool
	// Resources lists the resource kinds (KindImage, KindStylesheet,
	// KindFont, KindMedia) fetched anyway; by default none are.
	Resources []Kind
}

// policy is a Policy prepared for matching.
type policy struct {
	allow, deny, defaultDeny hostSet
	hasAllow                 bool
	resources                [numKinds]bool
}

func compilePolicy(p Policy) *policy {
	c := &policy{
		allow:    newHostSet(p.Allow),
		deny:     newHostSet(p.Deny),
		hasAllow: len(p.Allow) > 0,
	}
	if !p.NoDefaultDeny {
		c.defaultDeny = newHostSet(DefaultDeny)
	}
	for _, k := range p.Resources {
		if k < numKinds {
			c.resources[k] = true
		}
	}
	return c
}

// check returns "" when a request of kind k for u, made by a page of the
// given origin, may go ahead, or the reason it may not. The document itself
// (kind document without an origin yet) is always allowed.
func (p *policy) check(origin *url.URL, u *url.URL, k Kind) string {
	if u.Scheme != "http" && u.Scheme != "https" {
		return "scheme " + u.Scheme + " not fetched"
	}
	if k.resource() && !p.resources[k] {
		return k.String() + " not fetched"
	}
	if origin == nil || sameOrigin(origin, u) {
		return ""
	}
	host := strings.ToLower(u.Hostname())
	switch {
	case p.deny.match(host):
		return "denied host"
	case p.allow.match(host):
		return ""
	case p.defaultDeny.match(host):
		return "denied host (default list)"
	case p.hasAllow:
		return "host not in allow list"
	}
	return ""
}

// A hostSet matches host names against patterns by walking up the
// host's labels: a.b.example.com looks up a.b.example.com, b.example.com,
// example.com and com, so matching costs a few map lookups whatever the
// number of patterns.
type hostSet struct {
	self map[string]bool // pattern matches the host and its subdomains
	sub  map[string]bool // pattern matches only subdomains
}

func newHostSet(patterns []string) hostSet {
	s := hostSet{self: map[string]bool{}, sub: map[string]bool{}}
	for _, p := range patterns {
		p = ascii.Lower(strings.TrimSpace(p))
		switch {
		case p == "":
		case strings.HasPrefix(p, "*."):
			s.sub[p[2:]] = true
		case strings.HasPrefix(p, "."):
			s.sub[p[1:]] = true
		default:
			s.self[strings.Trim(p, "[]")] = true
		}
	}
	return s
}

func (s hostSet) match(host string) bool {
	if len(s.self) == 0 && len(s.sub) == 0 {
		return false
	}
	if s.self[host] {
		return true
	}
	if net.ParseIP(host) != nil {
		return false
	}
	for i := 0; i < len(host); i++ {
		if host[i] == '.' {
			parent := host[i+1:]
			if s.self[parent] || s.sub[parent] {
				return true
			}
		}
	}
	return false
}

// sameOrigin reports whether a and b have the same scheme, host and port.
//
// https://html.spec.whatwg.org/multipage/browsers.html#same-origin
func sameOrigin(a, b *url.URL) bool {
	return ascii.EqualFold(a.Scheme, b.Scheme) &&
		strings.EqualFold(a.Hostname(), b.Hostname()) &&
		effectivePort(a) == effectivePort(b)
}

func effectivePort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch ascii.Lower(u.Scheme) {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	}
	return ""
}

// originString is serializeOrigin of u, or "" for no URL.
func originString(u *url.URL) string {
	if u == nil {
		return ""
	}
	return serializeOrigin(u)
}

// serializeOrigin returns the ASCII serialization of u's origin
// ("https://example.com:8443"), as sent in the Origin header.
//
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func serializeOrigin(u *url.URL) string {
	scheme := ascii.Lower(u.Scheme)
	host := strings.ToLower(u.Host)
	if p := u.Port(); p != "" && p == effectivePort(&url.URL{Scheme: scheme}) {
		host = strings.ToLower(u.Hostname())
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
	}
	return scheme + "://" + host
}
