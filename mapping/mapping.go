package mapping

import (
	"strconv"
	"strings"
)

// paramName is the query parameter that carries the fragment of an ugly URL.
const paramName = "_escaped_fragment_"

// A Kind says which side of the scheme a URL is on.
type Kind uint8

const (
	// Invalid: not an absolute URL, or a URL that uses the scheme's markers
	// but breaks its rules (ToUgly and ToPretty would both fail).
	Invalid Kind = iota
	// Plain: a valid URL with neither a #! fragment nor an
	// _escaped_fragment_ parameter.
	Plain
	// Pretty: a URL with a #! fragment that ToUgly accepts.
	Pretty
	// Ugly: a URL with an _escaped_fragment_ parameter that ToPretty accepts.
	Ugly
)

func (k Kind) String() string {
	switch k {
	case Plain:
		return "plain"
	case Pretty:
		return "pretty"
	case Ugly:
		return "ugly"
	}
	return "invalid"
}

// scanned is a URL split into the pieces the mapping works on. All fields
// are slices of the input: scanning never allocates.
type scanned struct {
	base     string // everything before the first '#'
	qmark    int    // index of the first '?' in base, or -1
	frag     string // after the first '#'
	hasFrag  bool
	params   int    // how many _escaped_fragment_ parameters the query has
	paramAt  int    // index in base of the first one's separator ('?' or '&')
	value    string // the first one's raw value ("" when it has no '=')
	paramEnd int    // index in base just past the first one
}

// scan splits s and checks that it is an absolute URL.
func scan(s string) (scanned, ruleError) {
	u := scanned{base: s, qmark: -1, paramAt: -1}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		u.base, u.frag, u.hasFrag = s[:i], s[i+1:], true
	}
	if r := checkAbsolute(u.base); r.rule != nil {
		return u, r
	}
	u.qmark = strings.IndexByte(u.base, '?')
	if u.qmark < 0 {
		return u, ruleError{}
	}
	// Walk the query's '&'-separated pieces; sep is the index in base of the
	// separator before the current piece.
	for sep := u.qmark; sep < len(u.base); {
		start := sep + 1
		end := strings.IndexByte(u.base[start:], '&')
		if end < 0 {
			end = len(u.base)
		} else {
			end += start
		}
		piece := u.base[start:end]
		name, value, _ := strings.Cut(piece, "=")
		if nameIsParam(name) {
			u.params++
			if u.params == 1 {
				u.paramAt, u.value, u.paramEnd = sep, value, end
			}
		}
		sep = end
	}
	return u, ruleError{}
}

// checkAbsolute checks that base (a URL without its fragment) is scheme "://"
// authority [path] [query] with a non-empty host, and holds no space or
// control byte. RFC 3986 §3: https://www.rfc-editor.org/rfc/rfc3986#section-3
func checkAbsolute(base string) ruleError {
	// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	i := 0
	for i < len(base) && isSchemeByte(base[i], i == 0) {
		i++
	}
	if i == 0 || i == len(base) || base[i] != ':' || !strings.HasPrefix(base[i+1:], "//") {
		return ruleError{rule: ErrNotAbsolute, at: -1}
	}
	for j := 0; j < len(base); j++ {
		if c := base[j]; c <= 0x20 || c == 0x7F {
			return ruleError{rule: ErrInvalidURL, detail: "space or control byte before the fragment", at: j}
		}
	}
	// RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ]
	authStart := i + 3
	auth := base[authStart:]
	if end := strings.IndexAny(auth, "/?"); end >= 0 {
		auth = auth[:end]
	}
	hostStart := authStart
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		hostStart += at + 1
		auth = auth[at+1:]
	}
	host, port := auth, ""
	if strings.HasPrefix(host, "[") {
		// RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return ruleError{rule: ErrInvalidURL, detail: "unclosed [ in host", at: hostStart}
		}
		host, port = host[:end+1], host[end+1:]
		if port != "" && port[0] != ':' {
			return ruleError{rule: ErrInvalidURL, detail: "junk after ] in host", at: hostStart + end + 1}
		}
	} else if c := strings.LastIndexByte(host, ':'); c >= 0 {
		host, port = host[:c], host[c:]
	}
	if host == "" {
		return ruleError{rule: ErrNotAbsolute, detail: "empty host", at: -1}
	}
	// RFC 3986 §3.2.3: port = *DIGIT
	for k := 1; k < len(port); k++ {
		if port[k] < '0' || port[k] > '9' {
			return ruleError{rule: ErrInvalidURL, detail: "port is not a number", at: hostStart + len(host) + k}
		}
	}
	return ruleError{}
}

func isSchemeByte(c byte, first bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		return true
	case first:
		return false
	case '0' <= c && c <= '9', c == '+', c == '-', c == '.':
		return true
	}
	return false
}

// nameIsParam reports whether a query parameter name, %XX-decoded, is
// exactly _escaped_fragment_. It compares as it decodes, without allocating.
func nameIsParam(name string) bool {
	if name == paramName {
		return true
	}
	if len(name) < len(paramName) || strings.IndexByte(name, '%') < 0 {
		return false
	}
	j := 0
	for i := 0; i < len(name); j++ {
		c := name[i]
		if c == '%' {
			if i+2 >= len(name) || !isHex(name[i+1]) || !isHex(name[i+2]) {
				return false
			}
			c = unhex(name[i+1])<<4 | unhex(name[i+2])
			i += 3
		} else {
			i++
		}
		if j >= len(paramName) || paramName[j] != c {
			return false
		}
	}
	return j == len(paramName)
}

// ToUgly maps a pretty URL (with a #! fragment) to its ugly form, with the
// fragment moved into the last query parameter _escaped_fragment_. See the
// package documentation for the exact rules.
func ToUgly(pretty string) (string, error) {
	u, r := scan(pretty)
	if r.rule == nil {
		r = uglyRule(&u)
	}
	if r.rule != nil {
		return "", r.urlError(pretty)
	}
	value := u.frag[1:]
	var b strings.Builder
	b.Grow(len(u.base) + 1 + len(paramName) + 1 + escapedLen(value))
	b.WriteString(u.base)
	if u.qmark >= 0 {
		b.WriteByte('&')
	} else {
		b.WriteByte('?')
	}
	b.WriteString(paramName)
	b.WriteByte('=')
	// Spec, "Mapping from #! to _escaped_fragment_ format": escape
	// %00..20, %23, %25..26, %2B, %7F..FF and nothing else.
	const hexUpper = "0123456789ABCDEF"
	for i := 0; i < len(value); i++ {
		c := value[i]
		if mustEscape(c) {
			b.WriteByte('%')
			b.WriteByte(hexUpper[c>>4])
			b.WriteByte(hexUpper[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

func uglyRule(u *scanned) ruleError {
	if !u.hasFrag || !strings.HasPrefix(u.frag, "!") {
		return ruleError{rule: ErrNoBangFragment, at: -1}
	}
	if u.params > 0 {
		return ruleError{rule: ErrDuplicateParam, detail: "the query already has one", at: u.paramAt}
	}
	return ruleError{}
}

// mustEscape reports whether ToUgly escapes byte c in the parameter value.
func mustEscape(c byte) bool {
	return c <= 0x20 || c == '#' || c == '%' || c == '&' || c == '+' || c >= 0x7F
}

func escapedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if mustEscape(s[i]) {
			n += 2
		}
	}
	return n
}

// ToPretty maps an ugly URL (whose last query parameter is
// _escaped_fragment_) to its pretty #! form. An empty value is the meta-tag
// case and gives the URL without the parameter and without "#!". See the
// package documentation for the exact rules.
func ToPretty(ugly string) (string, error) {
	u, r := scan(ugly)
	if r.rule == nil {
		r = prettyRule(&u)
	}
	if r.rule != nil {
		return "", r.urlError(ugly)
	}
	// Spec, "Mapping from _escaped_fragment_ format to #! format": remove
	// the parameter with the '?' or '&' before it, append "#!" and the
	// unescaped value.
	prefix := u.base[:u.paramAt]
	if u.value == "" {
		return prefix, nil
	}
	var b strings.Builder
	b.Grow(len(prefix) + 2 + len(u.value))
	b.WriteString(prefix)
	b.WriteString("#!")
	for i := 0; i < len(u.value); i++ {
		c := u.value[i]
		if c == '%' {
			c = unhex(u.value[i+1])<<4 | unhex(u.value[i+2]) // checked by prettyRule
			i += 2
		}
		b.WriteByte(c)
	}
	return b.String(), nil
}

func prettyRule(u *scanned) ruleError {
	switch {
	case u.params == 0:
		return ruleError{rule: ErrNoParam, at: -1}
	case u.params > 1:
		return ruleError{rule: ErrDuplicateParam, at: -1}
	case u.paramEnd != len(u.base):
		return ruleError{rule: ErrNotLast, detail: "followed by " + clip(u.base[u.paramEnd:]), at: -1}
	case u.hasFrag:
		return ruleError{rule: ErrUglyFragment, at: len(u.base)}
	}
	for i := 0; i < len(u.value); i++ {
		if u.value[i] != '%' {
			continue
		}
		if i+2 >= len(u.value) || !isHex(u.value[i+1]) || !isHex(u.value[i+2]) {
			return ruleError{rule: ErrBadEscape, at: u.paramEnd - len(u.value) + i}
		}
		i += 2
	}
	return ruleError{}
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}

// Classify says whether rawURL is a pretty URL that ToUgly accepts, an ugly
// URL that ToPretty accepts, a plain URL (valid, with neither a #! fragment
// nor an _escaped_fragment_ parameter), or invalid. It does not allocate.
func Classify(rawURL string) Kind {
	u, r := scan(rawURL)
	switch {
	case r.rule != nil:
		return Invalid
	case u.hasFrag && strings.HasPrefix(u.frag, "!"):
		if uglyRule(&u).rule == nil {
			return Pretty
		}
		return Invalid
	case u.params > 0:
		if prettyRule(&u).rule == nil {
			return Ugly
		}
		return Invalid
	}
	return Plain
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
