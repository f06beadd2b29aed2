package whatwgurl

import "strings"

// State overrides of the basic URL parser that URL setters and URLPattern's
// canonicalization start from (https://url.spec.whatwg.org/#concept-basic-url-parser).
const (
	StateHostname   = stateHostname
	StatePort       = statePort
	StatePathStart  = statePathStart
	StateOpaquePath = stateOpaquePath
	StateQuery      = stateQuery
	StateFragment   = stateFragment
)

// BasicParse runs the basic URL parser on u itself, from the state override,
// and reports whether it succeeded; what the parser set before it failed
// stays in u.
func (u *URL) BasicParse(input string, override State) bool {
	p := urlParser{url: u}
	return p.parse(input, override)
}

// Percent-encode sets other packages use.
var (
	UserinfoSet = userinfoSet
	FormSet     = formSet
)

// IsSpecialScheme reports whether s is a special scheme (http, https, ws,
// wss, ftp, file).
func IsSpecialScheme(s string) bool { return isSpecialScheme(s) }

// SpecialPort is the default port of a special scheme (-1 for file) and
// whether the scheme is special.
func SpecialPort(scheme string) (port int, special bool) { return specialPort(scheme) }

// PercentEncodeString percent-encodes s with set, writing a space as "+"
// when spaceAsPlus (https://url.spec.whatwg.org/#string-percent-encode-after-encoding).
func PercentEncodeString(s string, set *PercentSet, spaceAsPlus bool) string {
	return percentEncodeString(s, set, spaceAsPlus)
}

// PercentEncodeRune writes c to b percent-encoded with set.
func PercentEncodeRune(b *strings.Builder, c rune, set *PercentSet, spaceAsPlus bool) {
	percentEncodeRune(b, c, set, spaceAsPlus)
}

// PercentDecode decodes the %XX sequences of s, leaving malformed ones.
func PercentDecode(s string) []byte { return percentDecode(s) }
