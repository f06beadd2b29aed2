package webapi

import (
	"github.com/bangsnap/bangsnap/internal/whatwgurl"

	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// URL Pattern: pattern strings (tokenizer, parser, generated regular
// expressions and normalized pattern strings), the constructor string
// parser, URLPatternInit processing and component canonicalization, in
// plain Go. urlpattern_bind.go compiles the regular expressions with the
// page's RegExp and binds URLPattern.
// https://urlpattern.spec.whatwg.org/

var errPattern = errors.New("invalid URL pattern")

func patternErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errPattern}, args...)...)
}

// Tokens https://urlpattern.spec.whatwg.org/#tokens
type tokenType uint8

const (
	tokInvalidChar tokenType = iota
	tokOpen
	tokClose
	tokRegexp
	tokName
	tokChar
	tokEscapedChar
	tokOtherModifier
	tokAsterisk
	tokEnd
)

type patternToken struct {
	typ   tokenType
	index int // code point index in the input
	value string
}

// tokenize https://urlpattern.spec.whatwg.org/#tokenize
// strict false is the "lenient" policy.
func tokenize(input string, strict bool) ([]patternToken, error) {
	in := []rune(input)
	var toks []patternToken
	index := 0
	add := func(typ tokenType, next, valuePos, valueLen int) {
		toks = append(toks, patternToken{typ: typ, index: index, value: string(in[valuePos : valuePos+valueLen])})
		index = next
	}
	fail := func(next, valuePos int) error {
		if strict {
			return patternErr("invalid pattern %q", input)
		}
		add(tokInvalidChar, next, valuePos, next-valuePos)
		return nil
	}
	for index < len(in) {
		c := in[index]
		next := index + 1
		switch c {
		case '*':
			add(tokAsterisk, next, index, 1)
			continue
		case '+', '?':
			add(tokOtherModifier, next, index, 1)
			continue
		case '\\':
			if index == len(in)-1 {
				if err := fail(next, index); err != nil {
					return nil, err
				}
				continue
			}
			add(tokEscapedChar, next+1, next, 1)
			continue
		case '{':
			add(tokOpen, next, index, 1)
			continue
		case '}':
			add(tokClose, next, index, 1)
			continue
		case ':':
			pos, start := next, next
			for pos < len(in) && isValidNameCodePoint(in[pos], pos == start) {
				pos++
			}
			if pos <= start {
				if err := fail(start, index); err != nil {
					return nil, err
				}
				continue
			}
			add(tokName, pos, start, pos-start)
			continue
		case '(':
			depth, pos, start := 1, next, next
			bad := false
			for pos < len(in) {
				c := in[pos]
				if c > 0x7f || pos == start && c == '?' {
					bad = true
					break
				}
				if c == '\\' {
					if pos == len(in)-1 || in[pos+1] > 0x7f {
						bad = true
						break
					}
					pos += 2
					continue
				}
				if c == ')' {
					depth--
					if depth == 0 {
						pos++
						break
					}
				} else if c == '(' {
					depth++
					if pos == len(in)-1 || in[pos+1] != '?' {
						bad = true
						break
					}
				}
				pos++
			}
			if bad || depth != 0 || pos-start-1 == 0 {
				if err := fail(start, index); err != nil {
					return nil, err
				}
				continue
			}
			add(tokRegexp, pos, start, pos-start-1)
			continue
		}
		add(tokChar, next, index, 1)
	}
	toks = append(toks, patternToken{typ: tokEnd, index: index})
	return toks, nil
}

// isValidNameCodePoint: IdentifierStart or IdentifierPart.
func isValidNameCodePoint(c rune, first bool) bool {
	if c == '$' || c == '_' || unicode.IsLetter(c) || unicode.Is(unicode.Nl, c) || unicode.Is(unicode.Other_ID_Start, c) {
		return true
	}
	if first {
		return false
	}
	return c == 0x200C || c == 0x200D || unicode.IsDigit(c) || unicode.In(c, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) ||
		unicode.Is(unicode.Other_ID_Continue, c)
}

// Parts https://urlpattern.spec.whatwg.org/#parts
type partType uint8

const (
	partFixed partType = iota
	partRegexp
	partSegmentWildcard
	partFullWildcard
)

type partModifier uint8

const (
	modNone partModifier = iota
	modOptional
	modZeroOrMore
	modOneOrMore
)

func (m partModifier) String() string {
	switch m {
	case modZeroOrMore:
		return "*"
	case modOptional:
		return "?"
	case modOneOrMore:
		return "+"
	}
	return ""
}

type patternPart struct {
	typ                  partType
	value                string
	modifier             partModifier
	name, prefix, suffix string
}

// patternOptions https://urlpattern.spec.whatwg.org/#options-header
type patternOptions struct {
	delimiter, prefix string
	ignoreCase        bool
}

var (
	defaultPatternOptions  = patternOptions{}
	hostnamePatternOptions = patternOptions{delimiter: "."}
	pathnamePatternOptions = patternOptions{delimiter: "/", prefix: "/"}
)

const fullWildcardRegexp = ".*"

func segmentWildcardRegexp(o patternOptions) string {
	return "[^" + escapeRegexpString(o.delimiter) + "]+?"
}

type encodingCallback func(string) (string, error)

// parsePatternString https://urlpattern.spec.whatwg.org/#parse-a-pattern-string
func parsePatternString(input string, opts patternOptions, encode encodingCallback) ([]patternPart, error) {
	toks, err := tokenize(input, true)
	if err != nil {
		return nil, err
	}
	segment := segmentWildcardRegexp(opts)
	var parts []patternPart
	pending := ""
	i := 0
	nextNumeric := 0
	try := func(t tokenType) *patternToken {
		if toks[i].typ != t {
			return nil
		}
		i++
		return &toks[i-1]
	}
	tryModifier := func() *patternToken {
		if t := try(tokOtherModifier); t != nil {
			return t
		}
		return try(tokAsterisk)
	}
	tryRegexpOrWildcard := func(name *patternToken) *patternToken {
		t := try(tokRegexp)
		if name == nil && t == nil {
			t = try(tokAsterisk)
		}
		return t
	}
	consumeText := func() string {
		var b strings.Builder
		for {
			t := try(tokChar)
			if t == nil {
				t = try(tokEscapedChar)
			}
			if t == nil {
				return b.String()
			}
			b.WriteString(t.value)
		}
	}
	flushPending := func() error {
		if pending == "" {
			return nil
		}
		v, err := encode(pending)
		if err != nil {
			return err
		}
		pending = ""
		parts = append(parts, patternPart{typ: partFixed, value: v})
		return nil
	}
	addPart := func(prefix string, name, re *patternToken, suffix string, mod *patternToken) error {
		modifier := modNone
		if mod != nil {
			switch mod.value {
			case "?":
				modifier = modOptional
			case "*":
				modifier = modZeroOrMore
			case "+":
				modifier = modOneOrMore
			}
		}
		if name == nil && re == nil && modifier == modNone {
			pending += prefix
			return nil
		}
		if err := flushPending(); err != nil {
			return err
		}
		if name == nil && re == nil {
			if prefix == "" {
				return nil
			}
			v, err := encode(prefix)
			if err != nil {
				return err
			}
			parts = append(parts, patternPart{typ: partFixed, value: v, modifier: modifier})
			return nil
		}
		value := ""
		switch {
		case re == nil:
			value = segment
		case re.typ == tokAsterisk:
			value = fullWildcardRegexp
		default:
			value = re.value
		}
		typ := partRegexp
		switch value {
		case segment:
			typ, value = partSegmentWildcard, ""
		case fullWildcardRegexp:
			typ, value = partFullWildcard, ""
		}
		n := ""
		if name != nil {
			n = name.value
		} else if re != nil {
			n = strconv.Itoa(nextNumeric)
			nextNumeric++
		}
		for _, p := range parts {
			if p.name == n {
				return patternErr("duplicate name %q", n)
			}
		}
		ep, err := encode(prefix)
		if err != nil {
			return err
		}
		es, err := encode(suffix)
		if err != nil {
			return err
		}
		parts = append(parts, patternPart{typ: typ, value: value, modifier: modifier, name: n, prefix: ep, suffix: es})
		return nil
	}
	for i < len(toks) {
		charTok := try(tokChar)
		nameTok := try(tokName)
		reTok := tryRegexpOrWildcard(nameTok)
		if nameTok != nil || reTok != nil {
			prefix := ""
			if charTok != nil {
				prefix = charTok.value
			}
			if prefix != "" && prefix != opts.prefix {
				pending += prefix
				prefix = ""
			}
			if err := flushPending(); err != nil {
				return nil, err
			}
			if err := addPart(prefix, nameTok, reTok, "", tryModifier()); err != nil {
				return nil, err
			}
			continue
		}
		fixed := charTok
		if fixed == nil {
			fixed = try(tokEscapedChar)
		}
		if fixed != nil {
			pending += fixed.value
			continue
		}
		if try(tokOpen) != nil {
			prefix := consumeText()
			nameTok = try(tokName)
			reTok = tryRegexpOrWildcard(nameTok)
			suffix := consumeText()
			if try(tokClose) == nil {
				return nil, patternErr("missing } in %q", input)
			}
			if err := addPart(prefix, nameTok, reTok, suffix, tryModifier()); err != nil {
				return nil, err
			}
			continue
		}
		if err := flushPending(); err != nil {
			return nil, err
		}
		if try(tokEnd) == nil {
			return nil, patternErr("unexpected token in %q", input)
		}
	}
	return parts, nil
}

// escapeRegexpString https://urlpattern.spec.whatwg.org/#escape-a-regexp-string
func escapeRegexpString(s string) string { return escapeBytes(s, ".+*?^${}()[]|/\\") }

// escapePatternString https://urlpattern.spec.whatwg.org/#escape-a-pattern-string
func escapePatternString(s string) string { return escapeBytes(s, "+*?:{}()\\") }

// escapeBytes puts a backslash before each byte of s found in special.
func escapeBytes(s, special string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(special, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// generateRegexp https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list
func generateRegexp(parts []patternPart, opts patternOptions) (string, []string) {
	var b strings.Builder
	b.WriteByte('^')
	var names []string
	for _, p := range parts {
		if p.typ == partFixed {
			if p.modifier == modNone {
				b.WriteString(escapeRegexpString(p.value))
			} else {
				b.WriteString("(?:" + escapeRegexpString(p.value) + ")" + p.modifier.String())
			}
			continue
		}
		names = append(names, p.name)
		value := p.value
		switch p.typ {
		case partSegmentWildcard:
			value = segmentWildcardRegexp(opts)
		case partFullWildcard:
			value = fullWildcardRegexp
		}
		if p.prefix == "" && p.suffix == "" {
			if p.modifier == modNone || p.modifier == modOptional {
				b.WriteString("(" + value + ")" + p.modifier.String())
			} else {
				b.WriteString("((?:" + value + ")" + p.modifier.String() + ")")
			}
			continue
		}
		pre, suf := escapeRegexpString(p.prefix), escapeRegexpString(p.suffix)
		if p.modifier == modNone || p.modifier == modOptional {
			b.WriteString("(?:" + pre + "(" + value + ")" + suf + ")" + p.modifier.String())
			continue
		}
		b.WriteString("(?:" + pre + "((?:" + value + ")(?:" + suf + pre + "(?:" + value + "))*)" + suf + ")")
		if p.modifier == modZeroOrMore {
			b.WriteByte('?')
		}
	}
	b.WriteByte('$')
	return b.String(), names
}

// generatePatternString https://urlpattern.spec.whatwg.org/#generate-a-pattern-string
func generatePatternString(parts []patternPart, opts patternOptions) string {
	var b strings.Builder
	isDigit := func(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }
	firstRune := func(s string) rune {
		for _, r := range s {
			return r
		}
		return -1
	}
	for i, p := range parts {
		var prev, next *patternPart
		if i > 0 {
			prev = &parts[i-1]
		}
		if i < len(parts)-1 {
			next = &parts[i+1]
		}
		if p.typ == partFixed {
			if p.modifier == modNone {
				b.WriteString(escapePatternString(p.value))
				continue
			}
			b.WriteString("{" + escapePatternString(p.value) + "}" + p.modifier.String())
			continue
		}
		custom := !isDigit(p.name)
		grouping := p.suffix != "" || p.prefix != "" && p.prefix != opts.prefix
		if !grouping && custom && p.typ == partSegmentWildcard && p.modifier == modNone && next != nil && next.prefix == "" && next.suffix == "" {
			if next.typ == partFixed {
				if r := firstRune(next.value); r >= 0 {
					grouping = isValidNameCodePoint(r, false)
				}
			} else {
				grouping = isDigit(next.name)
			}
		}
		if !grouping && p.prefix == "" && prev != nil && prev.typ == partFixed && opts.prefix != "" && strings.HasSuffix(prev.value, opts.prefix) {
			grouping = true
		}
		if grouping {
			b.WriteByte('{')
		}
		b.WriteString(escapePatternString(p.prefix))
		if custom {
			b.WriteString(":" + p.name)
		}
		switch {
		case p.typ == partRegexp:
			b.WriteString("(" + p.value + ")")
		case p.typ == partSegmentWildcard && !custom:
			b.WriteString("(" + segmentWildcardRegexp(opts) + ")")
		case p.typ == partFullWildcard:
			if !custom && (prev == nil || prev.typ == partFixed || prev.modifier != modNone || grouping || p.prefix != "") {
				b.WriteByte('*')
			} else {
				b.WriteString("(" + fullWildcardRegexp + ")")
			}
		}
		if p.typ == partSegmentWildcard && custom && p.suffix != "" && isValidNameCodePoint(firstRune(p.suffix), false) {
			b.WriteByte('\\')
		}
		b.WriteString(escapePatternString(p.suffix))
		if grouping {
			b.WriteByte('}')
		}
		b.WriteString(p.modifier.String())
	}
	return b.String()
}

// The components of a URL pattern, in order.
var patternComponents = []string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// patternInit is a URLPatternInit: a member is present when its key is.
type patternInit map[string]string

func (in patternInit) has(k string) bool { _, ok := in[k]; return ok }

// constructorParser https://urlpattern.spec.whatwg.org/#constructor-string-parser
type constructorParser struct {
	input          []rune
	toks           []patternToken
	result         patternInit
	componentStart int
	index          int
	increment      int
	groupDepth     int
	ipv6Depth      int
	special        bool
	state          string
}

// parseConstructorString https://urlpattern.spec.whatwg.org/#parse-a-constructor-string
// protocolIsSpecial compiles a protocol pattern and reports whether it
// matches a special scheme.
func parseConstructorString(input string, protocolIsSpecial func(string) (bool, error)) (patternInit, error) {
	toks, _ := tokenize(input, false)
	p := &constructorParser{input: []rune(input), toks: toks, result: patternInit{}, increment: 1, state: "init"}
	for p.index < len(p.toks) {
		p.increment = 1
		if p.toks[p.index].typ == tokEnd {
			if p.state == "init" {
				p.rewind()
				switch {
				case p.isHashPrefix():
					p.changeState("hash", 1)
				case p.isSearchPrefix():
					p.changeState("search", 1)
				default:
					p.changeState("pathname", 0)
				}
				p.index += p.increment
				continue
			}
			if p.state == "authority" {
				p.rewindAndSetState("hostname")
				p.index += p.increment
				continue
			}
			p.changeState("done", 0)
			break
		}
		if p.toks[p.index].typ == tokOpen {
			p.groupDepth++
			p.index += p.increment
			continue
		}
		if p.groupDepth > 0 {
			if p.toks[p.index].typ == tokClose {
				p.groupDepth--
			} else {
				p.index += p.increment
				continue
			}
		}
		switch p.state {
		case "init":
			if p.isNonSpecial(p.index, ":") {
				p.rewindAndSetState("protocol")
			}
		case "protocol":
			if p.isNonSpecial(p.index, ":") {
				special, err := protocolIsSpecial(p.componentString())
				if err != nil {
					return nil, err
				}
				p.special = special
				next, skip := "pathname", 1
				if p.isNonSpecial(p.index+1, "/") && p.isNonSpecial(p.index+2, "/") {
					next, skip = "authority", 3
				} else if special {
					next = "authority"
				}
				p.changeState(next, skip)
			}
		case "authority":
			if p.isNonSpecial(p.index, "@") {
				p.rewindAndSetState("username")
			} else if p.isNonSpecial(p.index, "/") || p.isSearchPrefix() || p.isHashPrefix() {
				p.rewindAndSetState("hostname")
			}
		case "username":
			if p.isNonSpecial(p.index, ":") {
				p.changeState("password", 1)
			} else if p.isNonSpecial(p.index, "@") {
				p.changeState("hostname", 1)
			}
		case "password":
			if p.isNonSpecial(p.index, "@") {
				p.changeState("hostname", 1)
			}
		case "hostname":
			switch {
			case p.isNonSpecial(p.index, "["):
				p.ipv6Depth++
			case p.isNonSpecial(p.index, "]"):
				p.ipv6Depth--
			case p.isNonSpecial(p.index, ":") && p.ipv6Depth == 0:
				p.changeState("port", 1)
			case p.isNonSpecial(p.index, "/"):
				p.changeState("pathname", 0)
			case p.isSearchPrefix():
				p.changeState("search", 1)
			case p.isHashPrefix():
				p.changeState("hash", 1)
			}
		case "port":
			switch {
			case p.isNonSpecial(p.index, "/"):
				p.changeState("pathname", 0)
			case p.isSearchPrefix():
				p.changeState("search", 1)
			case p.isHashPrefix():
				p.changeState("hash", 1)
			}
		case "pathname":
			if p.isSearchPrefix() {
				p.changeState("search", 1)
			} else if p.isHashPrefix() {
				p.changeState("hash", 1)
			}
		case "search":
			if p.isHashPrefix() {
				p.changeState("hash", 1)
			}
		}
		p.index += p.increment
	}
	if p.result.has("hostname") && !p.result.has("port") {
		p.result["port"] = ""
	}
	return p.result, nil
}

func (p *constructorParser) changeState(next string, skip int) {
	s := p.state
	if s != "init" && s != "authority" && s != "done" {
		p.result[s] = p.componentString()
	}
	if s != "init" && next != "done" {
		inSet := func(v string, set ...string) bool {
			for _, x := range set {
				if v == x {
					return true
				}
			}
			return false
		}
		if inSet(s, "protocol", "authority", "username", "password") && inSet(next, "port", "pathname", "search", "hash") && !p.result.has("hostname") {
			p.result["hostname"] = ""
		}
		if inSet(s, "protocol", "authority", "username", "password", "hostname", "port") && inSet(next, "search", "hash") && !p.result.has("pathname") {
			if p.special {
				p.result["pathname"] = "/"
			} else {
				p.result["pathname"] = ""
			}
		}
		if inSet(s, "protocol", "authority", "username", "password", "hostname", "port", "pathname") && next == "hash" && !p.result.has("search") {
			p.result["search"] = ""
		}
	}
	p.state = next
	p.index += skip
	p.componentStart = p.index
	p.increment = 0
}

func (p *constructorParser) rewind() {
	p.index = p.componentStart
	p.increment = 0
}

func (p *constructorParser) rewindAndSetState(s string) {
	p.rewind()
	p.state = s
}

func (p *constructorParser) safeToken(i int) patternToken {
	if i < len(p.toks) {
		return p.toks[i]
	}
	return p.toks[len(p.toks)-1]
}

func (p *constructorParser) isNonSpecial(i int, value string) bool {
	t := p.safeToken(i)
	return t.value == value && (t.typ == tokChar || t.typ == tokEscapedChar || t.typ == tokInvalidChar)
}

func (p *constructorParser) isHashPrefix() bool { return p.isNonSpecial(p.index, "#") }

func (p *constructorParser) isSearchPrefix() bool {
	if p.isNonSpecial(p.index, "?") {
		return true
	}
	if p.toks[p.index].value != "?" {
		return false
	}
	if p.index == 0 {
		return true
	}
	switch p.safeToken(p.index - 1).typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	return true
}

func (p *constructorParser) componentString() string {
	end := p.toks[p.index].index
	start := p.safeToken(p.componentStart).index
	return string(p.input[start:end])
}

// Canonicalization https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks

func canonicalizeProtocol(v string) (string, error) {
	if v == "" {
		return v, nil
	}
	u, err := ParseURL(v+"://dummy.test", nil)
	if err != nil {
		return "", patternErr("invalid protocol %q", v)
	}
	return u.Scheme, nil
}

func canonicalizeUsername(v string) (string, error) {
	return whatwgurl.PercentEncodeString(v, whatwgurl.UserinfoSet, false), nil
}

func canonicalizePassword(v string) (string, error) {
	return whatwgurl.PercentEncodeString(v, whatwgurl.UserinfoSet, false), nil
}

func canonicalizeHostname(v string) (string, error) {
	if v == "" {
		return v, nil
	}
	// As Chromium, a hostname is parsed as a special URL's (lowercased,
	// IDNA), and as an opaque host where that fails.
	for _, scheme := range []string{"http", ""} {
		u := &URL{Port: -1, Scheme: scheme}
		if u.BasicParse(v, whatwgurl.StateHostname) {
			return u.Host, nil
		}
	}
	return "", patternErr("invalid hostname %q", v)
}

func canonicalizeIPv6Hostname(v string) (string, error) {
	var b strings.Builder
	for _, c := range v {
		if !(c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f') && c != '[' && c != ']' && c != ':' {
			return "", patternErr("invalid IPv6 hostname %q", v)
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteRune(c)
	}
	return b.String(), nil
}

func canonicalizePort(v, protocol string) (string, error) {
	if v == "" {
		return v, nil
	}
	u := &URL{Port: -1, Scheme: protocol}
	if !u.BasicParse(v, whatwgurl.StatePort) {
		return "", patternErr("invalid port %q", v)
	}
	if u.Port < 0 {
		return "", nil
	}
	return strconv.Itoa(u.Port), nil
}

func canonicalizePathname(v string) (string, error) {
	if v == "" {
		return v, nil
	}
	leading := strings.HasPrefix(v, "/")
	mod := v
	if !leading {
		mod = "/-" + v
	}
	u := &URL{Port: -1}
	if !u.BasicParse(mod, whatwgurl.StatePathStart) {
		return "", patternErr("invalid pathname %q", v)
	}
	var b strings.Builder
	u.WritePath(&b)
	s := b.String()
	if !leading {
		s = string([]rune(s)[2:])
	}
	return s, nil
}

func canonicalizeOpaquePathname(v string) (string, error) {
	return canonicalizeWith(v, &URL{Port: -1, HasOpaquePath: true}, whatwgurl.StateOpaquePath, "pathname", func(u *URL) string { return u.OpaquePath })
}

func canonicalizeSearch(v string) (string, error) {
	return canonicalizeWith(v, &URL{Port: -1, HasQuery: true}, whatwgurl.StateQuery, "search", func(u *URL) string { return u.Query })
}

func canonicalizeHash(v string) (string, error) {
	return canonicalizeWith(v, &URL{Port: -1, HasFragment: true}, whatwgurl.StateFragment, "hash", func(u *URL) string { return u.Fragment })
}

// canonicalizeWith runs the URL parser over v from state into the dummy
// URL u and returns the component part reads from it (an empty v is
// returned as it is).
func canonicalizeWith(v string, u *URL, state whatwgurl.State, name string, part func(*URL) string) (string, error) {
	if v == "" {
		return v, nil
	}
	if !u.BasicParse(v, state) {
		return "", patternErr("invalid %s %q", name, v)
	}
	return part(u), nil
}

// processInit https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit
// typ is "pattern" or "url"; defaults holds the initial members.
func processInit(init patternInit, typ string, defaults patternInit) (patternInit, error) {
	result := patternInit{}
	for k, v := range defaults {
		result[k] = v
	}
	base := func(s string) string {
		if typ != "pattern" {
			return s
		}
		return escapePatternString(s)
	}
	if b, ok := init["baseURL"]; ok {
		baseURL, err := ParseURL(b, nil)
		if err != nil {
			return nil, patternErr("invalid baseURL %q", b)
		}
		if !init.has("protocol") {
			result["protocol"] = base(baseURL.Scheme)
		}
		if typ != "pattern" && !init.has("protocol") && !init.has("hostname") && !init.has("port") && !init.has("username") {
			result["username"] = base(baseURL.Username)
		}
		if typ != "pattern" && !init.has("protocol") && !init.has("hostname") && !init.has("port") && !init.has("username") && !init.has("password") {
			result["password"] = base(baseURL.Password)
		}
		if !init.has("protocol") && !init.has("hostname") {
			h := ""
			if baseURL.HasHost {
				h = baseURL.Host
			}
			result["hostname"] = base(h)
		}
		if !init.has("protocol") && !init.has("hostname") && !init.has("port") {
			if baseURL.Port < 0 {
				result["port"] = ""
			} else {
				result["port"] = strconv.Itoa(baseURL.Port)
			}
		}
		if !init.has("protocol") && !init.has("hostname") && !init.has("port") && !init.has("pathname") {
			var pb strings.Builder
			baseURL.WritePath(&pb)
			result["pathname"] = base(pb.String())
		}
		if !init.has("protocol") && !init.has("hostname") && !init.has("port") && !init.has("pathname") && !init.has("search") {
			result["search"] = base(baseURL.Query)
		}
		if !init.has("protocol") && !init.has("hostname") && !init.has("port") && !init.has("pathname") && !init.has("search") && !init.has("hash") {
			result["hash"] = base(baseURL.Fragment)
		}
		// A relative pathname is resolved against the base URL's
		// directory (Chromium; the standard's text says "has an opaque
		// path" here).
		if v, ok := init["pathname"]; ok && !baseURL.HasOpaquePath && !isAbsolutePathname(v, typ) {
			var pb strings.Builder
			baseURL.WritePath(&pb)
			bp := base(pb.String())
			if i := strings.LastIndexByte(bp, '/'); i >= 0 {
				init = clonedInit(init)
				init["pathname"] = bp[:i+1] + v
			}
		}
	}
	var err error
	canon := func(k string, f func(string) (string, error)) {
		if err != nil {
			return
		}
		v, ok := init[k]
		if !ok {
			return
		}
		switch k {
		case "protocol":
			v = strings.TrimSuffix(v, ":")
		case "search":
			v = strings.TrimPrefix(v, "?")
		case "hash":
			v = strings.TrimPrefix(v, "#")
		}
		if typ == "pattern" {
			result[k] = v
			return
		}
		result[k], err = f(v)
	}
	canon("protocol", canonicalizeProtocol)
	canon("username", canonicalizeUsername)
	canon("password", canonicalizePassword)
	canon("hostname", canonicalizeHostname)
	canon("port", func(v string) (string, error) { return canonicalizePort(v, result["protocol"]) })
	canon("pathname", func(v string) (string, error) {
		if pr := result["protocol"]; pr == "" || whatwgurl.IsSpecialScheme(pr) {
			return canonicalizePathname(v)
		}
		return canonicalizeOpaquePathname(v)
	})
	canon("search", canonicalizeSearch)
	canon("hash", canonicalizeHash)
	if err != nil {
		return nil, err
	}
	return result, nil
}

func clonedInit(in patternInit) patternInit {
	out := patternInit{}
	for k, v := range in {
		out[k] = v
	}
	return out
}

// isAbsolutePathname https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname
func isAbsolutePathname(s, typ string) bool {
	if s == "" {
		return false
	}
	if s[0] == '/' {
		return true
	}
	if typ == "url" || len(s) < 2 {
		return false
	}
	return (s[0] == '\\' || s[0] == '{') && s[1] == '/'
}

// hostnameIsIPv6 https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address
func hostnameIsIPv6(s string) bool {
	r := []rune(s)
	if len(r) < 2 {
		return false
	}
	return r[0] == '[' || (r[0] == '{' || r[0] == '\\') && r[1] == '['
}
