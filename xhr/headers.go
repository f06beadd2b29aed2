package xhr

import (
	"net/http"
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// A Guard says which changes a Headers object accepts.
//
// https://fetch.spec.whatwg.org/#concept-headers-guard
type Guard uint8

const (
	GuardNone          Guard = iota // new Headers()
	GuardRequest                    // a Request's headers: forbidden request headers ignored
	GuardRequestNoCORS              // a no-cors Request's: only CORS-safelisted headers
	GuardResponse                   // new Response()'s: Set-Cookie ignored
	GuardImmutable                  // a fetched Response's: no change at all
)

// Headers is the Fetch standard's Headers: an ordered list of name/value
// pairs with case-insensitive names. Values are byte strings: the wrapper
// turns each JavaScript ByteString character into one byte.
//
// Methods that the standard lets throw return a *DOMError named
// "TypeError"; those the guard silently ignores do nothing.
//
// https://fetch.spec.whatwg.org/#headers-class
type Headers struct {
	guard Guard
	list  []headerField
}

type headerField struct{ name, value string }

// NewHeaders returns an empty Headers with guard g.
func NewHeaders(g Guard) *Headers { return &Headers{guard: g} }

// HeadersFromHTTP returns the headers of an HTTP response in a Headers with
// guard g, names lower-cased, in sorted order.
func HeadersFromHTTP(h http.Header, g Guard) *Headers {
	hs := &Headers{guard: g}
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, v := range h[k] {
			hs.list = append(hs.list, headerField{ascii.Lower(k), v})
		}
	}
	return hs
}

// Guard returns the guard.
func (h *Headers) Guard() Guard { return h.guard }

// SetGuard changes the guard (the constructors of Request and Response set
// it after filling the headers).
func (h *Headers) SetGuard(g Guard) { h.guard = g }

// Clone returns a copy with the same guard.
func (h *Headers) Clone() *Headers {
	return &Headers{guard: h.guard, list: slices.Clone(h.list)}
}

// Len returns the number of name/value pairs (before combining).
func (h *Headers) Len() int { return len(h.list) }

// Fill appends each pair, as new Headers(init) does for a sequence or
// record init.
//
// https://fetch.spec.whatwg.org/#concept-headers-fill
func (h *Headers) Fill(pairs [][2]string) error {
	for _, p := range pairs {
		if err := h.Append(p[0], p[1]); err != nil {
			return err
		}
	}
	return nil
}

// validate is the Headers "validate" algorithm: a TypeError for an invalid
// name or value or an immutable guard; false when the guard ignores the
// header.
//
// https://fetch.spec.whatwg.org/#headers-validate
func (h *Headers) validate(name, value string) (bool, error) {
	if !isToken(name) {
		return false, typeError("Invalid name")
	}
	if !isHeaderValue(value) {
		return false, typeError("Invalid value")
	}
	switch h.guard {
	case GuardImmutable:
		return false, typeError("Headers are immutable")
	case GuardRequest:
		if isForbiddenRequestHeader(name, value) {
			return false, nil
		}
	case GuardResponse:
		if isForbiddenResponseHeaderName(name) {
			return false, nil
		}
	}
	return true, nil
}

// Append adds a value for name.
//
// https://fetch.spec.whatwg.org/#concept-headers-append
func (h *Headers) Append(name, value string) error {
	value = normalizeHeaderValue(value)
	ok, err := h.validate(name, value)
	if !ok {
		return err
	}
	if h.guard == GuardRequestNoCORS {
		tmp, has := h.get(name)
		if has {
			tmp += ", " + value
		} else {
			tmp = value
		}
		if !isNoCORSSafelistedRequestHeader(name, tmp) {
			return nil
		}
	}
	h.list = append(h.list, headerField{name, value})
	if h.guard == GuardRequestNoCORS {
		h.removePrivilegedNoCORS()
	}
	return nil
}

// Set replaces the values of name with value.
//
// https://fetch.spec.whatwg.org/#dom-headers-set
func (h *Headers) Set(name, value string) error {
	value = normalizeHeaderValue(value)
	ok, err := h.validate(name, value)
	if !ok {
		return err
	}
	if h.guard == GuardRequestNoCORS && !isNoCORSSafelistedRequestHeader(name, value) {
		return nil
	}
	h.set(name, value)
	if h.guard == GuardRequestNoCORS {
		h.removePrivilegedNoCORS()
	}
	return nil
}

// set replaces the first pair named name and removes the others, or appends.
//
// https://fetch.spec.whatwg.org/#concept-header-list-set
func (h *Headers) set(name, value string) {
	found := false
	out := h.list[:0]
	for _, f := range h.list {
		if ascii.EqualFold(f.name, name) {
			if found {
				continue
			}
			found = true
			f.value = value
		}
		out = append(out, f)
	}
	h.list = out
	if !found {
		h.list = append(h.list, headerField{name, value})
	}
}

// combine appends value to name's value with ", ", as setRequestHeader does.
//
// https://fetch.spec.whatwg.org/#concept-header-list-combine
func (h *Headers) combine(name, value string) {
	for i, f := range h.list {
		if ascii.EqualFold(f.name, name) {
			h.list[i].value = f.value + ", " + value
			return
		}
	}
	h.list = append(h.list, headerField{name, value})
}

// Delete removes every value of name.
//
// https://fetch.spec.whatwg.org/#dom-headers-delete
func (h *Headers) Delete(name string) error {
	ok, err := h.validate(name, "")
	if !ok {
		return err
	}
	if h.guard == GuardRequestNoCORS && !isNoCORSSafelistedRequestHeaderName(name) && !ascii.EqualFold(name, "range") {
		return nil
	}
	h.del(name)
	if h.guard == GuardRequestNoCORS {
		h.removePrivilegedNoCORS()
	}
	return nil
}

func (h *Headers) del(name string) {
	h.list = slices.DeleteFunc(h.list, func(f headerField) bool { return ascii.EqualFold(f.name, name) })
}

// Get returns the values of name combined with ", ", and whether there are
// any.
//
// https://fetch.spec.whatwg.org/#dom-headers-get
func (h *Headers) Get(name string) (string, bool, error) {
	if !isToken(name) {
		return "", false, typeError("Invalid name")
	}
	v, ok := h.get(name)
	return v, ok, nil
}

// https://fetch.spec.whatwg.org/#concept-header-list-get
func (h *Headers) get(name string) (string, bool) {
	var b strings.Builder
	found := false
	for _, f := range h.list {
		if ascii.EqualFold(f.name, name) {
			if found {
				b.WriteString(", ")
			}
			found = true
			b.WriteString(f.value)
		}
	}
	return b.String(), found
}

// Has reports whether name has a value.
func (h *Headers) Has(name string) (bool, error) {
	if !isToken(name) {
		return false, typeError("Invalid name")
	}
	_, ok := h.get(name)
	return ok, nil
}

// GetSetCookie returns the Set-Cookie values, uncombined.
//
// https://fetch.spec.whatwg.org/#dom-headers-getsetcookie
func (h *Headers) GetSetCookie() []string {
	out := []string{}
	for _, f := range h.list {
		if ascii.EqualFold(f.name, "set-cookie") {
			out = append(out, f.value)
		}
	}
	return out
}

// Entries returns the pairs iteration yields: names lower-cased and sorted,
// values of one name combined with ", ", except Set-Cookie whose values stay
// separate pairs.
//
// https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine
func (h *Headers) Entries() [][2]string {
	names := make([]string, 0, len(h.list))
	for _, f := range h.list {
		n := ascii.Lower(f.name)
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	out := make([][2]string, 0, len(names))
	for _, n := range names {
		if n == "set-cookie" {
			for _, v := range h.GetSetCookie() {
				out = append(out, [2]string{n, v})
			}
			continue
		}
		v, _ := h.get(n)
		out = append(out, [2]string{n, v})
	}
	return out
}

// HTTPHeader returns the list as an http.Header (for sending).
func (h *Headers) HTTPHeader() http.Header {
	hh := make(http.Header, len(h.list))
	for _, f := range h.list {
		hh.Add(f.name, f.value)
	}
	return hh
}

func (h *Headers) removePrivilegedNoCORS() { h.del("range") }

// normalizeHeaderValue strips leading and trailing HTTP whitespace bytes.
//
// https://fetch.spec.whatwg.org/#concept-header-value-normalize
func normalizeHeaderValue(v string) string { return strings.Trim(v, "\t\n\r ") }

// isHeaderValue: no leading or trailing tab or space, no NUL, CR or LF.
//
// https://fetch.spec.whatwg.org/#header-value
func isHeaderValue(v string) bool {
	if v != "" && (v[0] == ' ' || v[0] == '\t' || v[len(v)-1] == ' ' || v[len(v)-1] == '\t') {
		return false
	}
	return !strings.ContainsAny(v, "\x00\r\n")
}

// isToken reports whether s is an RFC 9110 token (a method, a header name).
//
// https://fetch.spec.whatwg.org/#header-name
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return false
		}
	}
	return true
}

func isTokenByte(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

var forbiddenRequestHeaders = map[string]bool{
	"accept-charset": true, "accept-encoding": true, "access-control-request-headers": true,
	"access-control-request-method": true, "connection": true, "content-length": true,
	"cookie": true, "cookie2": true, "date": true, "dnt": true, "expect": true, "host": true,
	"keep-alive": true, "origin": true, "referer": true, "set-cookie": true, "te": true,
	"trailer": true, "transfer-encoding": true, "upgrade": true, "via": true,
}

// isForbiddenRequestHeader: headers the page may not set, because the
// browser (here, the Client) owns them.
//
// https://fetch.spec.whatwg.org/#forbidden-request-header
func isForbiddenRequestHeader(name, value string) bool {
	n := ascii.Lower(name)
	if forbiddenRequestHeaders[n] || strings.HasPrefix(n, "proxy-") || strings.HasPrefix(n, "sec-") {
		return true
	}
	if n == "x-http-method" || n == "x-http-method-override" || n == "x-method-override" {
		for _, m := range strings.Split(value, ",") {
			if isForbiddenMethod(strings.Trim(m, " \t")) {
				return true
			}
		}
	}
	return false
}

// isForbiddenResponseHeaderName: https://fetch.spec.whatwg.org/#forbidden-response-header-name
func isForbiddenResponseHeaderName(name string) bool {
	return ascii.EqualFold(name, "set-cookie") || ascii.EqualFold(name, "set-cookie2")
}

// isForbiddenMethod: https://fetch.spec.whatwg.org/#forbidden-method
func isForbiddenMethod(m string) bool {
	return ascii.EqualFold(m, "CONNECT") || ascii.EqualFold(m, "TRACE") || ascii.EqualFold(m, "TRACK")
}

// normalizeMethod upper-cases the methods the standard normalizes.
//
// https://fetch.spec.whatwg.org/#concept-method-normalize
func normalizeMethod(m string) string {
	for _, n := range [...]string{"DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"} {
		if ascii.EqualFold(m, n) {
			return n
		}
	}
	return m
}

func isNoCORSSafelistedRequestHeaderName(name string) bool {
	switch ascii.Lower(name) {
	case "accept", "accept-language", "content-language", "content-type":
		return true
	}
	return false
}

// https://fetch.spec.whatwg.org/#no-cors-safelisted-request-header
func isNoCORSSafelistedRequestHeader(name, value string) bool {
	return isNoCORSSafelistedRequestHeaderName(name) && isCORSSafelistedRequestHeader(name, value)
}

// isCORSSafelistedRequestHeader: https://fetch.spec.whatwg.org/#cors-safelisted-request-header
func isCORSSafelistedRequestHeader(name, value string) bool {
	if len(value) > 128 {
		return false
	}
	switch ascii.Lower(name) {
	case "accept":
		return !hasCORSUnsafeByte(value)
	case "accept-language", "content-language":
		for i := 0; i < len(value); i++ {
			c := value[i]
			if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || strings.IndexByte(" *,-.;=", c) >= 0) {
				return false
			}
		}
		return true
	case "content-type":
		if hasCORSUnsafeByte(value) {
			return false
		}
		switch essence, _ := parseMIME(value); essence {
		case "application/x-www-form-urlencoded", "multipart/form-data", "text/plain":
			return true
		}
		return false
	}
	return false
}

// https://fetch.spec.whatwg.org/#cors-unsafe-request-header-byte
func hasCORSUnsafeByte(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < 0x20 && c != '\t' || strings.IndexByte("\"():<>?@[\\]{}\x7f", c) >= 0 {
			return true
		}
	}
	return false
}

// corsSafelistedResponseHeaders a cross-origin response always shows.
//
// https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name
var corsSafelistedResponseHeaders = map[string]bool{
	"cache-control": true, "content-language": true, "content-length": true,
	"content-type": true, "expires": true, "last-modified": true, "pragma": true,
}

// visibleResponseHeaders filters a response's headers to what the page may
// read: never Set-Cookie; for a CORS response only the safelisted headers
// and those in Access-Control-Expose-Headers ("*" exposes all without
// credentials).
//
// https://fetch.spec.whatwg.org/#concept-filtered-response-cors
func visibleResponseHeaders(h http.Header, cors, credentials bool) http.Header {
	var expose map[string]bool
	all := false
	if cors {
		expose = map[string]bool{}
		for _, v := range h.Values("Access-Control-Expose-Headers") {
			for _, n := range strings.Split(v, ",") {
				n = ascii.Lower(strings.TrimSpace(n))
				if n == "*" && !credentials {
					all = true
				}
				expose[n] = true
			}
		}
	}
	out := make(http.Header, len(h))
	for k, v := range h {
		lk := ascii.Lower(k)
		if isForbiddenResponseHeaderName(lk) {
			continue
		}
		if cors && !all && !corsSafelistedResponseHeaders[lk] && !expose[lk] {
			continue
		}
		out[k] = v
	}
	return out
}
