package whatwgurl

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// State is a state of the basic URL parser.
// https://url.spec.whatwg.org/#concept-basic-url-parser
type State uint8

const (
	stateNone State = iota
	stateSchemeStart
	stateScheme
	stateNoScheme
	stateSpecialRelativeOrAuthority
	statePathOrAuthority
	stateRelative
	stateRelativeSlash
	stateSpecialAuthoritySlashes
	stateSpecialAuthorityIgnoreSlashes
	stateAuthority
	stateHost
	stateHostname
	statePort
	stateFile
	stateFileSlash
	stateFileHost
	statePathStart
	statePath
	stateOpaquePath
	stateQuery
	stateFragment
)

const eof = -1

type urlParser struct {
	url  *URL
	base *URL

	input []rune
	ptr   int
	buf   []rune
	// flags of the authority and host states
	atSignSeen, insideBrackets, passwordTokenSeen bool
	// queryEnc encodes the query of a special URL (URL.WithQueryEncoding)
	queryEnc encoding.Encoding
}

// at returns the code point at i, or eof.
func (p *urlParser) at(i int) rune {
	if i < 0 || i >= len(p.input) {
		return eof
	}
	return p.input[i]
}

// remainingStartsWith reports whether the code points after the pointer
// start with s (ASCII).
func (p *urlParser) remainingStartsWith(s string) bool {
	for i := 0; i < len(s); i++ {
		if p.at(p.ptr+1+i) != rune(s[i]) {
			return false
		}
	}
	return true
}

// parse runs the basic URL parser over input. With a state override it
// modifies p.url in place and the result tells whether it returned failure.
// https://url.spec.whatwg.org/#concept-basic-url-parser
func (p *urlParser) parse(input string, override State) bool {
	// Remove all ASCII tab or newline from input. One allocation holds the
	// code points and the buffer, which never outgrows them (plus the
	// "%40" an authority may prepend and the percent-encoding of a path
	// segment, which append may grow).
	n := utf8.RuneCountInString(input)
	all := make([]rune, 0, 2*n+8)
	for i, r := range input {
		if r == '\t' || r == '\n' || r == '\r' || r == utf8.RuneError && wtf8Tail(input, i) {
			continue
		}
		all = append(all, r)
	}
	p.input = all[:len(all):len(all)]
	p.buf = all[len(all):len(all)]
	if p.url.Path == nil {
		p.url.Path = make([]string, 0, 4)
	}
	state := override
	if state == stateNone {
		state = stateSchemeStart
	}
	u := p.url
	for p.ptr = 0; ; p.ptr++ {
		c := p.at(p.ptr)
		switch state {
		case stateSchemeStart:
			switch {
			case isASCIIAlpha(c):
				p.buf = append(p.buf, toLowerASCII(c))
				state = stateScheme
			case override == stateNone:
				state = stateNoScheme
				p.ptr--
			default:
				return false
			}

		case stateScheme:
			switch {
			case isASCIIAlphanumeric(c) || c == '+' || c == '-' || c == '.':
				p.buf = append(p.buf, toLowerASCII(c))
			case c == ':':
				scheme := string(p.buf)
				if override != stateNone {
					if isSpecialScheme(u.Scheme) != isSpecialScheme(scheme) {
						return true
					}
					if (u.includesCredentials() || u.Port >= 0) && scheme == "file" {
						return true
					}
					if u.Scheme == "file" && u.HasHost && u.Host == "" {
						return true
					}
				}
				u.Scheme = scheme
				if override != stateNone {
					if def, _ := specialPort(u.Scheme); def >= 0 && u.Port == def {
						u.Port = -1
					}
					return true
				}
				p.buf = p.buf[:0]
				switch {
				case u.Scheme == "file":
					state = stateFile
				case u.IsSpecial() && p.base != nil && p.base.Scheme == u.Scheme:
					state = stateSpecialRelativeOrAuthority
				case u.IsSpecial():
					state = stateSpecialAuthoritySlashes
				case p.remainingStartsWith("/"):
					state = statePathOrAuthority
					p.ptr++
				default:
					u.HasOpaquePath, u.OpaquePath = true, ""
					state = stateOpaquePath
				}
			case override == stateNone:
				p.buf = p.buf[:0]
				state = stateNoScheme
				p.ptr = -1
			default:
				return false
			}

		case stateNoScheme:
			b := p.base
			switch {
			case b == nil || (b.HasOpaquePath && c != '#'):
				return false
			case b.HasOpaquePath && c == '#':
				u.Scheme = b.Scheme
				u.HasOpaquePath, u.OpaquePath = true, b.OpaquePath
				u.Query, u.HasQuery = b.Query, b.HasQuery
				u.Fragment, u.HasFragment = "", true
				state = stateFragment
			case b.Scheme != "file":
				state = stateRelative
				p.ptr--
			default:
				state = stateFile
				p.ptr--
			}

		case stateSpecialRelativeOrAuthority:
			if c == '/' && p.remainingStartsWith("/") {
				state = stateSpecialAuthorityIgnoreSlashes
				p.ptr++
			} else {
				state = stateRelative
				p.ptr--
			}

		case statePathOrAuthority:
			if c == '/' {
				state = stateAuthority
			} else {
				state = statePath
				p.ptr--
			}

		case stateRelative:
			b := p.base
			u.Scheme = b.Scheme
			switch {
			case c == '/', u.IsSpecial() && c == '\\':
				state = stateRelativeSlash
			default:
				u.Username, u.Password = b.Username, b.Password
				u.Host, u.HasHost, u.Port = b.Host, b.HasHost, b.Port
				u.Path = append(u.Path[:0], b.Path...)
				u.Query, u.HasQuery = b.Query, b.HasQuery
				switch c {
				case '?':
					u.Query, u.HasQuery = "", true
					state = stateQuery
				case '#':
					u.Fragment, u.HasFragment = "", true
					state = stateFragment
				case eof:
				default:
					u.Query, u.HasQuery = "", false
					u.shortenPath()
					state = statePath
					p.ptr--
				}
			}

		case stateRelativeSlash:
			switch {
			case u.IsSpecial() && (c == '/' || c == '\\'):
				state = stateSpecialAuthorityIgnoreSlashes
			case c == '/':
				state = stateAuthority
			default:
				b := p.base
				u.Username, u.Password = b.Username, b.Password
				u.Host, u.HasHost, u.Port = b.Host, b.HasHost, b.Port
				state = statePath
				p.ptr--
			}

		case stateSpecialAuthoritySlashes:
			if c == '/' && p.remainingStartsWith("/") {
				state = stateSpecialAuthorityIgnoreSlashes
				p.ptr++
			} else {
				state = stateSpecialAuthorityIgnoreSlashes
				p.ptr--
			}

		case stateSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state = stateAuthority
				p.ptr--
			}

		case stateAuthority:
			switch {
			case c == '@':
				if p.atSignSeen {
					p.buf = append([]rune("%40"), p.buf...)
				}
				p.atSignSeen = true
				var user, pass strings.Builder
				user.WriteString(u.Username)
				pass.WriteString(u.Password)
				for _, r := range p.buf {
					if r == ':' && !p.passwordTokenSeen {
						p.passwordTokenSeen = true
						continue
					}
					if p.passwordTokenSeen {
						percentEncodeRune(&pass, r, userinfoSet, false)
					} else {
						percentEncodeRune(&user, r, userinfoSet, false)
					}
				}
				u.Username, u.Password = user.String(), pass.String()
				p.buf = p.buf[:0]
			case c == eof || c == '/' || c == '?' || c == '#' || (u.IsSpecial() && c == '\\'):
				if p.atSignSeen && len(p.buf) == 0 {
					return false // host-missing
				}
				p.ptr -= len(p.buf) + 1
				p.buf = p.buf[:0]
				state = stateHost
			default:
				p.buf = append(p.buf, c)
			}

		case stateHost, stateHostname:
			switch {
			case override != stateNone && u.Scheme == "file":
				p.ptr--
				state = stateFileHost
			case c == ':' && !p.insideBrackets:
				if len(p.buf) == 0 {
					return false
				}
				if override == stateHostname {
					return false
				}
				host, ok := parseHost(string(p.buf), !u.IsSpecial())
				if !ok {
					return false
				}
				u.Host, u.HasHost = host, true
				p.buf = p.buf[:0]
				state = statePort
			case c == eof || c == '/' || c == '?' || c == '#' || (u.IsSpecial() && c == '\\'):
				p.ptr--
				if u.IsSpecial() && len(p.buf) == 0 {
					return false
				}
				if override != stateNone && len(p.buf) == 0 && (u.includesCredentials() || u.Port >= 0) {
					return false
				}
				host, ok := parseHost(string(p.buf), !u.IsSpecial())
				if !ok {
					return false
				}
				u.Host, u.HasHost = host, true
				p.buf = p.buf[:0]
				state = statePathStart
				if override != stateNone {
					return true
				}
			default:
				if c == '[' {
					p.insideBrackets = true
				} else if c == ']' {
					p.insideBrackets = false
				}
				p.buf = append(p.buf, c)
			}

		case statePort:
			switch {
			case isASCIIDigit(c):
				p.buf = append(p.buf, c)
			case c == eof || c == '/' || c == '?' || c == '#' || (u.IsSpecial() && c == '\\') || override != stateNone:
				if len(p.buf) != 0 {
					port := 0
					for _, d := range p.buf {
						port = port*10 + int(d-'0')
						if port > 65535 {
							return false
						}
					}
					if def, _ := specialPort(u.Scheme); def == port {
						u.Port = -1
					} else {
						u.Port = port
					}
					p.buf = p.buf[:0]
					if override != stateNone {
						return true
					}
				}
				if override != stateNone {
					return false
				}
				state = statePathStart
				p.ptr--
			default:
				return false
			}

		case stateFile:
			u.Scheme = "file"
			u.Host, u.HasHost = "", true
			b := p.base
			switch {
			case c == '/' || c == '\\':
				state = stateFileSlash
			case b != nil && b.Scheme == "file":
				u.Host, u.HasHost = b.Host, b.HasHost
				u.Path = append(u.Path[:0], b.Path...)
				u.Query, u.HasQuery = b.Query, b.HasQuery
				switch c {
				case '?':
					u.Query, u.HasQuery = "", true
					state = stateQuery
				case '#':
					u.Fragment, u.HasFragment = "", true
					state = stateFragment
				case eof:
				default:
					u.Query, u.HasQuery = "", false
					if !startsWithWindowsDriveLetter(p.input[p.ptr:]) {
						u.shortenPath()
					} else {
						u.Path = u.Path[:0]
					}
					state = statePath
					p.ptr--
				}
			default:
				state = statePath
				p.ptr--
			}

		case stateFileSlash:
			if c == '/' || c == '\\' {
				state = stateFileHost
			} else {
				if b := p.base; b != nil && b.Scheme == "file" {
					u.Host, u.HasHost = b.Host, b.HasHost
					if !startsWithWindowsDriveLetter(p.input[p.ptr:]) && len(b.Path) > 0 && isNormalizedWindowsDriveLetter(b.Path[0]) {
						u.Path = append(u.Path, b.Path[0])
					}
				}
				state = statePath
				p.ptr--
			}

		case stateFileHost:
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				p.ptr--
				switch {
				case override == stateNone && isWindowsDriveLetter(string(p.buf)):
					// The buffer is kept: the path state uses it.
					state = statePath
				case len(p.buf) == 0:
					u.Host, u.HasHost = "", true
					if override != stateNone {
						return true
					}
					state = statePathStart
				default:
					host, ok := parseHost(string(p.buf), false)
					if !ok {
						return false
					}
					if host == "localhost" {
						host = ""
					}
					u.Host, u.HasHost = host, true
					if override != stateNone {
						return true
					}
					p.buf = p.buf[:0]
					state = statePathStart
				}
			} else {
				p.buf = append(p.buf, c)
			}

		case statePathStart:
			switch {
			case u.IsSpecial():
				state = statePath
				if c != '/' && c != '\\' {
					p.ptr--
				}
			case override == stateNone && c == '?':
				u.Query, u.HasQuery = "", true
				state = stateQuery
			case override == stateNone && c == '#':
				u.Fragment, u.HasFragment = "", true
				state = stateFragment
			case c != eof:
				state = statePath
				if c != '/' {
					p.ptr--
				}
			case override != stateNone && !u.HasHost:
				u.Path = append(u.Path, "")
			}

		case statePath:
			slash := c == '/' || (u.IsSpecial() && c == '\\')
			if c == eof || slash || (override == stateNone && (c == '?' || c == '#')) {
				seg := string(p.buf)
				switch {
				case isDoubleDotSegment(seg):
					u.shortenPath()
					if !slash {
						u.Path = append(u.Path, "")
					}
				case isSingleDotSegment(seg):
					if !slash {
						u.Path = append(u.Path, "")
					}
				default:
					if u.Scheme == "file" && len(u.Path) == 0 && isWindowsDriveLetter(seg) {
						seg = seg[:1] + ":"
					}
					u.Path = append(u.Path, seg)
				}
				p.buf = p.buf[:0]
				if c == '?' {
					u.Query, u.HasQuery = "", true
					state = stateQuery
				}
				if c == '#' {
					u.Fragment, u.HasFragment = "", true
					state = stateFragment
				}
			} else if u.IsSpecial() && u.Scheme != "file" {
				// (file: keeps | for its drive letters, C| being C:)
				p.buf = appendPercentEncoded(p.buf, c, specialPathSet)
			} else {
				p.buf = appendPercentEncoded(p.buf, c, pathSet)
			}

		case stateOpaquePath:
			switch c {
			case '?':
				u.Query, u.HasQuery = "", true
				state = stateQuery
			case '#':
				u.Fragment, u.HasFragment = "", true
				state = stateFragment
			case eof:
			default:
				// The code points up to the next ? or # at once: appending
				// each to the path copied it every time, quadratic in a long
				// data: URL (jQuery Mobile's icons: a tenth of its render).
				var b strings.Builder
				b.WriteString(u.OpaquePath)
				for ; ; p.ptr++ {
					c := p.at(p.ptr)
					if c == '?' || c == '#' || c == eof {
						p.ptr--
						break
					}
					if c == ' ' {
						if n := p.at(p.ptr + 1); n == '?' || n == '#' {
							b.WriteString("%20")
						} else {
							b.WriteByte(' ')
						}
						continue
					}
					percentEncodeRune(&b, c, c0ControlSet, false)
				}
				u.OpaquePath = b.String()
			}

		case stateQuery:
			if (override == stateNone && c == '#') || c == eof {
				set := specialQuerySet // for every URL, as Chromium
				var b strings.Builder
				b.WriteString(u.Query)
				var enc *encoding.Encoder
				if p.queryEnc != nil && u.IsSpecial() && u.Scheme != "ws" && u.Scheme != "wss" {
					enc = p.queryEnc.NewEncoder()
				}
				for _, r := range p.buf {
					if enc != nil && r >= utf8.RuneSelf {
						percentEncodeIn(&b, r, enc, set)
						continue
					}
					percentEncodeRune(&b, r, set, false)
				}
				u.Query = b.String()
				p.buf = p.buf[:0]
				if c == '#' {
					u.Fragment, u.HasFragment = "", true
					state = stateFragment
				}
			} else if c != eof {
				p.buf = append(p.buf, c)
			}

		case stateFragment:
			if c != eof {
				p.buf = append(p.buf, c)
			} else {
				var b strings.Builder
				b.WriteString(u.Fragment)
				for _, r := range p.buf {
					percentEncodeRune(&b, r, fragmentSet, false)
				}
				u.Fragment = b.String()
				p.buf = p.buf[:0]
			}
		}
		if p.ptr >= len(p.input) {
			return true
		}
	}
}

// https://url.spec.whatwg.org/#shorten-a-urls-path
func (u *URL) shortenPath() {
	if u.Scheme == "file" && len(u.Path) == 1 && isNormalizedWindowsDriveLetter(u.Path[0]) {
		return
	}
	if len(u.Path) > 0 {
		u.Path = u.Path[:len(u.Path)-1]
	}
}

// https://url.spec.whatwg.org/#single-dot-path-segment
func isSingleDotSegment(s string) bool {
	return s == "." || ascii.EqualFold(s, "%2e")
}

// https://url.spec.whatwg.org/#double-dot-path-segment
func isDoubleDotSegment(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		l := ascii.Lower(s)
		return l == ".%2e" || l == "%2e."
	case 6:
		return ascii.EqualFold(s, "%2e%2e")
	}
	return false
}

// https://url.spec.whatwg.org/#windows-drive-letter
func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && s[1] == ':'
}

// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter
func startsWithWindowsDriveLetter(r []rune) bool {
	if len(r) < 2 || !isASCIIAlpha(r[0]) || (r[1] != ':' && r[1] != '|') {
		return false
	}
	if len(r) == 2 {
		return true
	}
	switch r[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

func isASCIIAlpha(c rune) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isASCIIDigit(c rune) bool { return c >= '0' && c <= '9' }
func isASCIIAlphanumeric(c rune) bool {
	return isASCIIAlpha(c) || isASCIIDigit(c)
}
func isASCIIHexDigit(c rune) bool {
	return isASCIIDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f')
}
func toLowerASCII(c rune) rune {
	if c >= 'A' && c <= 'Z' {
		return c + 0x20
	}
	return c
}

// appendPercentEncoded appends c to buf, UTF-8 percent-encoded with set.
func appendPercentEncoded(buf []rune, c rune, set *PercentSet) []rune {
	if c < 0x80 && !set.has(byte(c)) {
		return append(buf, c)
	}
	var tmp [utf8.UTFMax]byte
	n := utf8.EncodeRune(tmp[:], c)
	for _, b := range tmp[:n] {
		buf = append(buf, '%', rune(upperHex[b>>4]), rune(upperHex[b&15]))
	}
	return buf
}

// wtf8Tail reports whether the byte at i of s is the second or third byte
// of a lone surrogate kept as WTF-8 (ED A0..BF 80..BF, as the DOM keeps
// strings from JavaScript): the input of the URL parser is a string of
// scalar values, where such a surrogate is one U+FFFD, the one its first
// byte decodes to.
func wtf8Tail(s string, i int) bool {
	switch {
	case i >= 1 && s[i-1] == 0xED && s[i] >= 0xA0 && s[i] <= 0xBF:
		return i+1 < len(s) && s[i+1]&0xC0 == 0x80
	case i >= 2 && s[i-2] == 0xED && s[i-1] >= 0xA0 && s[i-1] <= 0xBF:
		return s[i]&0xC0 == 0x80
	}
	return false
}
