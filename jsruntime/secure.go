package jsruntime

import (
	"net/netip"
	"net/url"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Secure contexts: which URLs and origins are potentially trustworthy.
// https://w3c.github.io/webappsec-secure-contexts/#potentially-trustworthy-url

// isSecureURL reports whether a document or worker whose creation URL is
// u is a secure context: about:blank, about:srcdoc and data: URLs, and
// any URL whose origin is potentially trustworthy.
// https://w3c.github.io/webappsec-secure-contexts/#is-url-trustworthy
func isSecureURL(u *url.URL) bool {
	switch scheme := ascii.Lower(u.Scheme); scheme {
	case "about":
		return u.Opaque == "blank" || u.Opaque == "srcdoc"
	case "data":
		return true
	default:
		return isTrustworthyOrigin(scheme, u.Hostname())
	}
}

// isTrustworthyOrigin reports whether the tuple origin with the given
// (lower-case) scheme and host is potentially trustworthy: https, wss and
// file, or a loopback host (127.0.0.0/8, ::1, localhost and its
// subdomains) whatever the scheme. host may be bracketed, as the URL
// standard's hostname is, or not, as net/url's.
// https://w3c.github.io/webappsec-secure-contexts/#is-origin-trustworthy
func isTrustworthyOrigin(scheme, host string) bool {
	switch scheme {
	case "https", "wss", "file":
		return true
	}
	return isLoopbackHost(host)
}

// isLoopbackHost reports a host the secure-contexts spec trusts over any
// scheme: an IP address in 127.0.0.0/8 or ::1, "localhost", or a name
// ending in ".localhost".
func isLoopbackHost(host string) bool {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.IsLoopback()
	}
	host = ascii.Lower(strings.TrimSuffix(host, "."))
	return host == "localhost" || strings.HasSuffix(host, ".localhost")
}
