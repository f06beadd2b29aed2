package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/bangsnap/bangsnap/xhr"
)

// ErrForbiddenTarget is wrapped by every refusal of a render target: an
// origin off the allow list, a scheme other than http/https, or an address
// that is private, loopback, link-local or otherwise not public.
var ErrForbiddenTarget = errors.New("server: forbidden render target")

// A TargetPolicy decides which URLs the render service may render and which
// addresses its renders may connect to, so that it is not an open proxy into
// the network it runs in.
type TargetPolicy struct {
	// Allow lists the origins that may be rendered. An entry is an origin
	// ("https://example.com", "http://127.0.0.1:3000"), a host name that
	// matches on any scheme and port ("example.com"), or a wildcard for the
	// subdomains of a domain ("*.example.com"). An empty list allows nothing.
	Allow []string
	// AllowPrivate lets renders connect to private, loopback, link-local and
	// other non-public addresses (for a service rendering an intranet).
	AllowPrivate bool
	// Lookup resolves a host name to its addresses before a render; nil
	// means net.DefaultResolver.LookupNetIP. Connections are checked again
	// when dialed, whatever Lookup said.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// allowedOrigin reports whether u's origin is on the allow list.
func (p *TargetPolicy) allowedOrigin(u *url.URL) bool {
	host := strings.ToLower(u.Hostname())
	port := u.Port()
	if port == "" {
		port = defaultPort(u.Scheme)
	}
	for _, a := range p.Allow {
		a = strings.Trim(strings.ToLower(strings.TrimSpace(a)), "[]")
		if a == "" {
			continue
		}
		if strings.Contains(a, "://") {
			au, err := url.Parse(a)
			if err != nil {
				continue
			}
			aport := au.Port()
			if aport == "" {
				aport = defaultPort(au.Scheme)
			}
			if au.Scheme == u.Scheme && au.Hostname() == host && aport == port {
				return true
			}
			continue
		}
		if rest, ok := strings.CutPrefix(a, "*."); ok {
			if strings.HasSuffix(host, "."+rest) {
				return true
			}
			continue
		}
		if a == host {
			return true
		}
	}
	return false
}

func defaultPort(scheme string) string {
	if scheme == "https" {
		return "443"
	}
	return "80"
}

// Check refuses u unless it is an http or https URL of an allowed origin
// whose host resolves only to permitted addresses. Refusals wrap
// ErrForbiddenTarget.
func (p *TargetPolicy) Check(ctx context.Context, u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("%w: scheme %q is not http or https", ErrForbiddenTarget, u.Scheme)
	}
	if u.User != nil {
		return fmt.Errorf("%w: URL carries credentials", ErrForbiddenTarget)
	}
	host := u.Hostname()
	if host == "" {
		return fmt.Errorf("%w: URL has no host", ErrForbiddenTarget)
	}
	if !p.allowedOrigin(u) {
		return fmt.Errorf("%w: origin %s://%s is not on the allow list", ErrForbiddenTarget, u.Scheme, u.Host)
	}
	if p.AllowPrivate {
		return nil
	}
	ips, err := p.resolve(ctx, host)
	if err != nil {
		return fmt.Errorf("%w: resolving %s: %w", ErrForbiddenTarget, host, err)
	}
	for _, ip := range ips {
		if !publicAddr(ip) {
			return fmt.Errorf("%w: %s resolves to non-public address %s", ErrForbiddenTarget, host, ip)
		}
	}
	return nil
}

func (p *TargetPolicy) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{ip}, nil
	}
	var ips []netip.Addr
	var err error
	if p.Lookup != nil {
		ips, err = p.Lookup(ctx, host)
	} else {
		ips, err = net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
	if err != nil {
		return nil, err
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("no addresses for %s", host)
	}
	return ips, nil
}

// nonPublicPrefixes are ranges a render must not reach unless AllowPrivate
// is set, beyond those the netip predicates cover.
var nonPublicPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // TEST-NET-1
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // TEST-NET-2
	netip.MustParsePrefix("203.0.113.0/24"),  // TEST-NET-3
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("fec0::/10"),       // deprecated site-local
}

// publicAddr reports whether ip is a globally routable unicast address.
// IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
func publicAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsUnspecified() || ip.IsLoopback() || ip.IsPrivate() ||
		ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() ||
		ip.IsMulticast() {
		return false
	}
	for _, p := range nonPublicPrefixes {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// dialControl refuses, at connect time, connections to non-public addresses.
// Checking here, on the address actually dialed, defeats DNS rebinding: a
// name that resolved to a public address when the target was checked cannot
// switch to a private one for the connection.
func dialControl(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: cannot parse dialed address %q: %w", ErrForbiddenTarget, address, err)
	}
	if !publicAddr(ap.Addr()) {
		return fmt.Errorf("%w: connection to non-public address %s refused", ErrForbiddenTarget, ap.Addr())
	}
	return nil
}

// Transport returns the http.RoundTripper renders of the render service use:
// a clone of http.DefaultTransport that refuses, when dialing, any
// connection to a non-public address unless the policy allows private
// targets. Proxies from the environment are not used, since a proxy would
// hide the address actually reached.
func (p *TargetPolicy) Transport() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	// Renders load a page's scripts concurrently: keep their connections
	// for the next render.
	t.MaxIdleConnsPerHost = xhr.DefaultIdleConnsPerHost
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	if !p.AllowPrivate {
		d.Control = dialControl
	}
	t.DialContext = d.DialContext
	return t
}
