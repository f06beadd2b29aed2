package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// serializeSelectors writes a style rule's selector list as Chromium's
// selectorText (and cssText) does, after the CSSOM's "serialize a selector"
// (https://drafts.csswg.org/cssom/#serialize-a-selector): whitespace
// collapsed, " > ", " + ", " ~ " around combinators ("> b" at the start
// of a relative selector), ", " between selectors, nothing just inside
// parentheses, An+B without spaces, attribute values as double-quoted
// strings, type selectors and pseudo-class names in lower case, *|x as x,
// and the legacy one-colon pseudo-elements with two colons. The rule keeps
// its source text; only what is read back is normalized.
//
// ns are the sheet's @namespace declarations (nil for none), which decide
// how namespaced type selectors read (typeSelector).
func serializeSelectors(sel string, ns *selNamespaces) string {
	s := &selWriter{src: stripCSSComments(sel), ns: ns}
	s.list(0, len(s.src), true)
	return strings.TrimLeft(s.b.String(), " ") // list trimmed the end, keeping an escape's space
}

type selWriter struct {
	src string
	b   strings.Builder
	ns  *selNamespaces
	// compound counts the compound-only arguments being written
	// (:host(), ::slotted()...), in which a forgiving list keeps only
	// compound selectors.
	compound int
}

// forgivingArgs are the pseudo-classes taking a <forgiving-selector-list>,
// whose items that do not parse are dropped from the serialization as
// from the selector (`:is(:bogus, a)` reads `:is(a)`).
var forgivingArgs = map[string]bool{"is": true, "where": true}

// compoundArgs are the functional pseudo-classes and pseudo-elements whose
// argument is one compound selector.
var compoundArgs = map[string]bool{"host": true, "host-context": true, "slotted": true, "cue": true, "-webkit-any": true}

// selectorArgs are the functional pseudo-classes whose argument is a
// selector list (or An+B "of" a list).
var selectorArgs = map[string]bool{"not": true, "is": true, "where": true, "has": true, "matches": true,
	"-webkit-any": true, "host": true, "host-context": true, "slotted": true, "cue": true}

var nthArgs = map[string]bool{"nth-child": true, "nth-last-child": true, "nth-of-type": true, "nth-last-of-type": true}

var legacyPseudoElements = map[string]bool{"before": true, "after": true, "first-line": true, "first-letter": true}

func (s *selWriter) last() byte {
	str := s.b.String()
	if str == "" {
		return 0
	}
	return str[len(str)-1]
}

func (s *selWriter) trimSpace() {
	str := s.b.String()
	t := strings.TrimRight(str, " ")
	if len(t) != len(str) && endsInHexEscape(t) {
		t = str[:len(t)+1] // the space that ends "\31 " belongs to it
	}
	if len(t) != len(str) {
		s.b.Reset()
		s.b.WriteString(t)
	}
}

// endsInHexEscape says whether s ends with a hex escape ("\31"), which a
// following space terminates.
func endsInHexEscape(s string) bool {
	i := len(s)
	for i > 0 && len(s)-i < 6 && isHex(s[i-1]) {
		i--
	}
	if i == len(s) || i == 0 || s[i-1] != '\\' {
		return false
	}
	n := 0 // backslashes before the hex digits: odd means an escape
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// list writes src[i:end], a selector list; selectors says whether type
// selectors and combinators are to be read (false for a plain argument).
func (s *selWriter) list(i, end int, selectors bool) {
	src := s.src
	space := false
	compoundStart := true
	for i < end {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			space = true
			i++
			continue
		case c == ',':
			s.trimSpace()
			s.b.WriteString(", ")
			space, compoundStart = false, true
			i++
			continue
		case selectors && (c == '>' || c == '+' || c == '~'):
			s.trimSpace()
			if l := s.last(); l == 0 || l == '(' || l == ' ' {
				s.b.WriteByte(c)
			} else {
				s.b.WriteString(" " + string(c))
			}
			s.b.WriteByte(' ')
			space, compoundStart = false, true
			i++
			continue
		}
		if space {
			if l := s.last(); l != 0 && l != '(' && l != ' ' {
				s.b.WriteByte(' ')
				compoundStart = true
			}
			space = false
		}
		switch {
		case c == '"' || c == '\'':
			j := stringEnd(src, i)
			s.b.WriteString(src[i:j])
			i = j
		case c == '\\' && i+1 < end && !(selectors && compoundStart):
			s.b.WriteString(src[i : i+2])
			i += 2
		case c == '[':
			j := blockEnd(src, i, '[', ']')
			s.attribute(src[i+1 : min(j, end)])
			i = j + 1
		case c == ':':
			j := i + 1
			colons := ":"
			if j < end && src[j] == ':' {
				colons = "::"
				j++
			}
			k := j
			for k < end && isSelIdent(src[k]) {
				k++
			}
			name := ascii.Lower(src[j:k])
			if colons == ":" && legacyPseudoElements[name] {
				colons = "::"
			}
			s.b.WriteString(colons + name)
			i = k
			if k < end && src[k] == '(' {
				close := blockEnd(src, k, '(', ')')
				s.b.WriteByte('(')
				switch {
				case forgivingArgs[name]:
					s.forgiving(k+1, min(close, end))
				case selectorArgs[name]:
					if compoundArgs[name] {
						s.compound++
					}
					s.list(k+1, min(close, end), true)
					if compoundArgs[name] {
						s.compound--
					}
				case nthArgs[name]:
					s.nth(k+1, min(close, end))
				case colons == "::" && name == "highlight":
					// a <custom-ident>, serialized as identifiers are
					s.b.WriteString(normalIdent(strings.TrimSpace(src[k+1 : min(close, end)])))
				default:
					s.b.WriteString(strings.TrimSpace(src[k+1 : min(close, end)]))
				}
				s.trimSpace()
				s.b.WriteByte(')')
				i = close + 1
			}
			compoundStart = false
			continue
		case (c == '.' || c == '#') && i+1 < end && (isSelIdent(src[i+1]) || src[i+1] == '\\'):
			k := identEnd(src, i+1, end)
			s.b.WriteString(string(c) + normalIdent(src[i+1:k]))
			i = k
		case selectors && compoundStart && (c == '*' || c == '|' || c == '\\' || isSelIdent(c)):
			if k, ok := s.typeSelector(i, end); ok {
				i = k
				break
			}
			s.b.WriteByte(c)
			i++
		default:
			s.b.WriteByte(c)
			i++
		}
		compoundStart = false
	}
	s.trimSpace()
}

// forgiving writes src[i:end], a forgiving selector list, without the
// items that do not parse there (cssscan.ValidForgivingItem).
func (s *selWriter) forgiving(i, end int) {
	src := s.src
	first := true
	item := func(from, to int) {
		if !cssscan.ValidForgivingItem(strings.TrimSpace(src[from:to]), s.compound > 0) {
			return
		}
		if !first {
			s.b.WriteString(", ")
		}
		first = false
		s.list(from, to, true)
	}
	start := i
	for j := i; j < end; {
		switch c := src[j]; c {
		case '"', '\'':
			j = stringEnd(src, j)
			continue
		case '\\':
			j += 2
			continue
		case '(':
			j = blockEnd(src, j, '(', ')') + 1
			continue
		case '[':
			j = blockEnd(src, j, '[', ']') + 1
			continue
		case ',':
			item(start, j)
			start = j + 1
		}
		j++
	}
	item(start, end)
}

// nth writes An+B (and "of S") without its spaces.
func (s *selWriter) nth(i, end int) {
	arg := s.src[i:end]
	anb, rest, of := strings.Cut(arg, " of ")
	s.b.WriteString(serializeAnB(ascii.Lower(strings.Join(strings.Fields(anb), ""))))
	if of {
		s.b.WriteString(" of ")
		start := i + len(anb) + len(" of ")
		s.list(start, end, true)
		_ = rest
	}
}

// attribute writes the inside of an attribute selector: [name op "value" flag].
func (s *selWriter) attribute(in string) {
	in = strings.TrimSpace(in)
	// [prefix|name]: "*|" any namespace, "|" none (written as no prefix,
	// as Chromium does), a declared prefix; each identifier normalized.
	k := identEnd(in, 0, len(in))
	prefix, hasBar, nameStart := "", false, 0
	if k == 0 && strings.HasPrefix(in, "*|") {
		prefix, hasBar, k = "*", true, 1
	} else if k < len(in) && in[k] == '|' && !(k+1 < len(in) && in[k+1] == '=') {
		prefix, hasBar = in[:k], true
	}
	if hasBar {
		nameStart = k + 1
		k = identEnd(in, nameStart, len(in))
		if k == nameStart {
			s.b.WriteString("[" + in + "]")
			return
		}
	}
	// Chromium lowercases the name (ASCII letters, escapes decoded
	// first): [DISABLED] reads [disabled], [Foo\41] [fooa].
	name := SerializeIdent(ascii.Lower(unescapeIdent(in[nameStart:k])))
	switch {
	case prefix == "*":
		name = "*|" + name
	case hasBar && prefix != "":
		name = normalIdent(prefix) + "|" + name
	}
	rest := strings.TrimSpace(in[k:])
	if rest == "" {
		s.b.WriteString("[" + name + "]")
		return
	}
	op := ""
	for _, o := range []string{"~=", "|=", "^=", "$=", "*=", "="} {
		if strings.HasPrefix(rest, o) {
			op = o
			break
		}
	}
	if op == "" {
		s.b.WriteString("[" + in + "]")
		return
	}
	rest = strings.TrimSpace(rest[len(op):])
	value, flag := rest, ""
	if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
		j := stringEnd(rest, 0)
		value, flag = rest[1:max(j-1, 1)], strings.TrimSpace(rest[j:])
		value = unescapeIdent(value) // CSS escapes decoded (\" is ")
	} else if f := strings.Fields(rest); len(f) > 0 {
		value = unescapeIdent(f[0])
		if len(f) > 1 {
			flag = f[1]
		}
	}
	out := "[" + name + op + `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value) + `"`
	if flag != "" {
		out += " " + ascii.Lower(flag)
	}
	s.b.WriteString(out + "]")
}

func isSelIdent(c byte) bool {
	return c == '-' || c == '_' || c >= 0x80 || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// stringEnd returns the index after the string starting at src[i].
func stringEnd(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(src)
}

// blockEnd returns the index of the bracket closing the one at src[i]
// (len(src) when none does), skipping strings and nested brackets.
func blockEnd(src string, i int, open, close byte) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch c := src[j]; c {
		case '"', '\'':
			j = stringEnd(src, j) - 1
		case '\\':
			j++
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(src)
}

// stripCSSComments drops /* ... */ outside strings.
func stripCSSComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"' || s[i] == '\'':
			j := stringEnd(s, i)
			b.WriteString(s[i:j])
			i = j - 1
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += j + 3
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// serializeAnB writes An+B as the CSSOM does
// (https://drafts.csswg.org/css-syntax-3/#serializing-anb): odd is 2n+1,
// +n is n, 0n+1 is 1, 2n+0 is 2n; what does not parse is kept.
func serializeAnB(v string) string {
	switch v {
	case "odd":
		return "2n+1"
	case "even":
		return "2n"
	}
	num := func(t string) (int, bool) {
		t = strings.TrimPrefix(t, "+")
		if t == "" || strings.ContainsAny(t[1:], "+-") {
			return 0, false
		}
		n, err := strconv.Atoi(t)
		return n, err == nil
	}
	i := strings.IndexByte(v, 'n')
	if i < 0 {
		if b, ok := num(v); ok {
			return strconv.Itoa(b)
		}
		return v
	}
	a := 0
	switch as := v[:i]; as {
	case "", "+":
		a = 1
	case "-":
		a = -1
	default:
		var ok bool
		if a, ok = num(as); !ok {
			return v
		}
	}
	b := 0
	if bs := v[i+1:]; bs != "" {
		var ok bool
		if b, ok = num(bs); !ok || bs[0] != '+' && bs[0] != '-' {
			return v
		}
	}
	if a == 0 {
		return strconv.Itoa(b)
	}
	out := strconv.Itoa(a) + "n"
	switch a {
	case 1:
		out = "n"
	case -1:
		out = "-n"
	}
	if b > 0 {
		out += "+" + strconv.Itoa(b)
	} else if b < 0 {
		out += strconv.Itoa(b)
	}
	return out
}
