package whatwgurl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
)

// A URL is a parsed URL record of the WHATWG URL standard.
// https://url.spec.whatwg.org/#concept-url
//
// Go's net/url follows RFC 3986 and differs from browsers on many inputs
// (backslashes, IPv4 shorthands, default ports, dot segments in special
// URLs...), so pages that build URLs see what a browser would show them only
// through this parser.
type URL struct {
	Scheme   string
	Username string
	Password string
	// Host is the serialized host (domain, IPv4, [IPv6], opaque or empty
	// host); it means something only when HasHost is true.
	Host    string
	HasHost bool
	// Port is the port, or -1 when null.
	Port int
	// Path holds the path segments, unless HasOpaquePath.
	Path []string
	// OpaquePath is the path of a URL such as mailto:x or data:..., when
	// HasOpaquePath.
	OpaquePath    string
	HasOpaquePath bool
	Query         string
	HasQuery      bool
	Fragment      string
	HasFragment   bool

	// queryEnc, when set, is the encoding the queries of special URLs
	// parsed against this one as their base are encoded in
	// (WithQueryEncoding).
	queryEnc encoding.Encoding
}

// WithQueryEncoding returns a copy of u that, as the base of Parse, makes
// the query of a special URL other than ws: and wss: be encoded in enc
// before it is percent-encoded, a character enc cannot encode written as
// "%26%23N%3B" (N its decimal code point): the URL parser's encoding
// argument, which a document's base URL gives for the URLs parsed
// relative to it (a.href, img.src, XMLHttpRequest.open) in a document of
// a legacy encoding; nil enc is UTF-8. The URL standard's setters, the
// URL constructor and fetch() parse in UTF-8.
// https://url.spec.whatwg.org/#query-state
func (u *URL) WithQueryEncoding(enc encoding.Encoding) *URL {
	c := *u
	c.queryEnc = enc
	return &c
}

// ErrInvalidURL is returned (wrapped) by Parse for input the URL parser
// rejects.
var ErrInvalidURL = errors.New("invalid URL")

// Parse parses input against base (which may be nil) with the WHATWG
// "API URL parser". The error wraps ErrInvalidURL.
// https://url.spec.whatwg.org/#api-url-parser
func Parse(input string, base *URL) (*URL, error) {
	u := &URL{Port: -1}
	p := urlParser{url: u, base: base}
	if base != nil {
		p.queryEnc = base.queryEnc
	}
	if !p.parse(trimControlAndSpace(input), stateNone) {
		return nil, fmt.Errorf("%w: %q", ErrInvalidURL, input)
	}
	return u, nil
}

// ParseString parses input against the URL string base ("" for none).
func ParseString(input, base string) (*URL, error) {
	var b *URL
	if base != "" {
		var err error
		if b, err = Parse(base, nil); err != nil {
			return nil, fmt.Errorf("base: %w", err)
		}
	}
	return Parse(input, b)
}

// Clone returns a deep copy of u.
func (u *URL) Clone() *URL {
	c := *u
	c.Path = append([]string(nil), u.Path...)
	return &c
}

// https://url.spec.whatwg.org/#special-scheme
func specialPort(scheme string) (port int, special bool) {
	switch scheme {
	case "http", "ws":
		return 80, true
	case "https", "wss":
		return 443, true
	case "ftp":
		return 21, true
	case "file":
		return -1, true
	}
	return -1, false
}

func isSpecialScheme(s string) bool { _, ok := specialPort(s); return ok }

// IsSpecial reports whether u's scheme is a special scheme.
func (u *URL) IsSpecial() bool { return isSpecialScheme(u.Scheme) }

func (u *URL) includesCredentials() bool { return u.Username != "" || u.Password != "" }

// https://url.spec.whatwg.org/#cannot-have-a-username-password-port
func (u *URL) cannotHaveCredentialsOrPort() bool {
	return !u.HasHost || u.Host == "" || u.Scheme == "file"
}

// String returns the URL serialization (href).
// https://url.spec.whatwg.org/#concept-url-serializer
func (u *URL) String() string { return u.serialize(false) }

func (u *URL) serialize(excludeFragment bool) string {
	var b strings.Builder
	b.Grow(len(u.Scheme) + len(u.Host) + len(u.Query) + len(u.Fragment) + 16*len(u.Path) + 8)
	b.WriteString(u.Scheme)
	b.WriteByte(':')
	if u.HasHost {
		b.WriteString("//")
		if u.includesCredentials() {
			b.WriteString(u.Username)
			if u.Password != "" {
				b.WriteByte(':')
				b.WriteString(u.Password)
			}
			b.WriteByte('@')
		}
		b.WriteString(u.Host)
		if u.Port >= 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(u.Port))
		}
	} else if !u.HasOpaquePath && len(u.Path) > 1 && u.Path[0] == "" {
		b.WriteString("/.")
	}
	u.WritePath(&b)
	if u.HasQuery {
		b.WriteByte('?')
		b.WriteString(u.Query)
	}
	if !excludeFragment && u.HasFragment {
		b.WriteByte('#')
		b.WriteString(u.Fragment)
	}
	return b.String()
}

// WritePath writes u's path with the URL path serializer.
// https://url.spec.whatwg.org/#url-path-serializer
func (u *URL) WritePath(b *strings.Builder) {
	if u.HasOpaquePath {
		b.WriteString(u.OpaquePath)
		return
	}
	for _, seg := range u.Path {
		b.WriteByte('/')
		b.WriteString(seg)
	}
}

// Origin returns the ASCII serialization of u's origin ("null" for opaque
// origins).
// https://url.spec.whatwg.org/#concept-url-origin
func (u *URL) Origin() string {
	switch u.Scheme {
	case "blob":
		inner, err := Parse(u.Pathname(), nil)
		if err == nil && (inner.Scheme == "http" || inner.Scheme == "https") {
			return inner.Origin()
		}
		return "null"
	case "ftp", "http", "https", "ws", "wss":
		if u.Port >= 0 {
			return u.Scheme + "://" + u.Host + ":" + strconv.Itoa(u.Port)
		}
		return u.Scheme + "://" + u.Host
	}
	return "null"
}

// The getters of the URL class.
// https://url.spec.whatwg.org/#urlutils-members

// Protocol returns the scheme followed by ":".
func (u *URL) Protocol() string { return u.Scheme + ":" }

// HostPort returns host[:port], the URL's host attribute.
func (u *URL) HostPort() string {
	if !u.HasHost {
		return ""
	}
	if u.Port < 0 {
		return u.Host
	}
	return u.Host + ":" + strconv.Itoa(u.Port)
}

// Hostname returns the serialized host, or "".
func (u *URL) Hostname() string {
	if !u.HasHost {
		return ""
	}
	return u.Host
}

// PortString returns the port attribute: "" or the decimal port.
func (u *URL) PortString() string {
	if u.Port < 0 {
		return ""
	}
	return strconv.Itoa(u.Port)
}

// Pathname returns the serialized path.
func (u *URL) Pathname() string {
	if u.HasOpaquePath {
		return u.OpaquePath
	}
	if len(u.Path) == 1 {
		return "/" + u.Path[0]
	}
	var b strings.Builder
	u.WritePath(&b)
	return b.String()
}

// Search returns "" or "?" followed by the query.
func (u *URL) Search() string {
	if !u.HasQuery || u.Query == "" {
		return ""
	}
	return "?" + u.Query
}

// Hash returns "" or "#" followed by the fragment.
func (u *URL) Hash() string {
	if !u.HasFragment || u.Fragment == "" {
		return ""
	}
	return "#" + u.Fragment
}

// The setters of the URL class. Each leaves u unchanged where the standard
// says the new value is ignored.
// https://url.spec.whatwg.org/#urlutils-members

// SetHref replaces u with the parse of value; it fails on invalid input.
func (u *URL) SetHref(value string) error {
	n, err := Parse(value, nil)
	if err != nil {
		return err
	}
	*u = *n
	return nil
}

// SetProtocol sets the scheme. A tab or newline in the scheme part (before
// the first ":") leaves the URL unchanged, as in Chromium, where the
// standard would remove it first (WPT url-setters-stripping: Chromium keeps
// "https:" for "\thttp" and "http\n").
func (u *URL) SetProtocol(value string) {
	scheme, _, _ := strings.Cut(value, ":")
	if strings.ContainsAny(scheme, "\t\n\r") {
		return
	}
	u.reparse(value+":", stateSchemeStart)
}

// SetUsername sets the username.
func (u *URL) SetUsername(value string) {
	if u.cannotHaveCredentialsOrPort() {
		return
	}
	u.Username = percentEncodeString(value, userinfoSet, false)
}

// SetPassword sets the password.
func (u *URL) SetPassword(value string) {
	if u.cannotHaveCredentialsOrPort() {
		return
	}
	u.Password = percentEncodeString(value, userinfoSet, false)
}

// SetHost sets host and, if given, port.
func (u *URL) SetHost(value string) {
	if u.HasOpaquePath {
		return
	}
	u.reparse(value, stateHost)
}

// SetHostname sets the host.
func (u *URL) SetHostname(value string) {
	if u.HasOpaquePath {
		return
	}
	u.reparse(value, stateHostname)
}

// SetPort sets the port; "" removes it.
func (u *URL) SetPort(value string) {
	if u.cannotHaveCredentialsOrPort() {
		return
	}
	if value == "" {
		u.Port = -1
		return
	}
	u.reparse(value, statePort)
}

// SetPathname sets the path.
func (u *URL) SetPathname(value string) {
	if u.HasOpaquePath {
		return
	}
	c := u.Clone()
	c.Path = c.Path[:0]
	p := urlParser{url: c}
	if p.parse(value, statePathStart) {
		*u = *c
	}
}

// SetSearch sets the query; "" removes it.
func (u *URL) SetSearch(value string) {
	if value == "" {
		u.Query, u.HasQuery = "", false
		return
	}
	value = strings.TrimPrefix(value, "?")
	c := u.Clone()
	c.Query, c.HasQuery = "", true
	p := urlParser{url: c}
	if p.parse(value, stateQuery) {
		*u = *c
	}
}

// SetHash sets the fragment; "" removes it.
func (u *URL) SetHash(value string) {
	if value == "" {
		u.Fragment, u.HasFragment = "", false
		return
	}
	value = strings.TrimPrefix(value, "#")
	c := u.Clone()
	c.Fragment, c.HasFragment = "", true
	p := urlParser{url: c}
	if p.parse(value, stateFragment) {
		*u = *c
	}
}

// reparse runs the basic URL parser on u itself with a state override. What
// the parser set before it returned failure stays, as the standard's setters
// have it: host = "example.com:" and host = "example.com:65536" change the
// host and keep the port (WPT url-setters).
func (u *URL) reparse(value string, override State) {
	p := urlParser{url: u}
	p.parse(value, override)
}

// trimControlAndSpace removes leading and trailing C0 control or space.
func trimControlAndSpace(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= 0x20 {
		i++
	}
	for j > i && s[j-1] <= 0x20 {
		j--
	}
	return s[i:j]
}
