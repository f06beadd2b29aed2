package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The syntax strings of registered custom properties and the values they
// take, as Chromium 156 checks them.
// https://drafts.css-houdini.org/css-properties-values-api/#parsing-syntax

// syntaxComponent is one alternative of a syntax string: a data type name
// (`<length>`) or a keyword (`foo`, its escapes decoded), and its
// multiplier, "", "+" (space-separated) or "#" (comma-separated).
type syntaxComponent struct {
	name string
	typ  bool
	mult string
}

// syntaxTypes are the data type names a syntax string may give.
var syntaxTypes = set(`<length> <number> <percentage> <length-percentage> <color> <image> <url> <integer>
	<angle> <time> <resolution> <transform-function> <custom-ident> <transform-list> <string>`)

// parseSyntax splits a syntax string other than "*" into its components:
// ok=false when it is empty, a component is empty or "*", a data type is
// not one of syntaxTypes as written (`<Number>`, `< length>`), a keyword
// is not one identifier or is a CSS-wide keyword or default, a component
// has more than one multiplier, or <transform-list> has one.
func parseSyntax(syntax string) ([]syntaxComponent, bool) {
	var out []syntaxComponent
	for _, c := range strings.Split(syntax, "|") {
		c = strings.Trim(c, " \t\n\r\f")
		var comp syntaxComponent
		if n := len(c); n > 0 && (c[n-1] == '+' || c[n-1] == '#') && (n < 2 || c[n-2] != '\\') {
			comp.mult, c = c[n-1:], c[:n-1]
		}
		switch {
		case c == "":
			return nil, false
		case c[0] == '<':
			if !syntaxTypes[c] || c == "<transform-list>" && comp.mult != "" {
				return nil, false
			}
			comp.name, comp.typ = c, true
		default:
			name, ok := decodeIdent(c)
			l := ascii.Lower(name)
			if !ok || cssWideKeywords[l] || l == "default" {
				return nil, false
			}
			comp.name = name
		}
		out = append(out, comp)
	}
	return out, len(out) > 0
}

// decodeIdent is the identifier src with its escapes decoded (`banan\61`
// is banana, `\1F914 hmm` 🤔hmm), ok=false when src is not one
// identifier (white space outside an escape, a character no identifier
// takes).
func decodeIdent(src string) (string, bool) {
	if !strings.Contains(src, `\`) {
		return src, isIdentToken(src)
	}
	var b strings.Builder
	for i := 0; i < len(src); {
		c := src[i]
		if c != '\\' {
			if c <= ' ' || strings.IndexByte(`!"#$%&'()*+,./:;<=>?@[]^{|}~`+"`", c) >= 0 {
				return "", false
			}
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 == len(src) || src[i+1] == '\n' {
			return "", false
		}
		r, next := cssscan.EscapedCodePoint(src, i)
		b.WriteRune(r)
		i = next
	}
	s := b.String()
	if s == "" || s[0] >= '0' && s[0] <= '9' || s[0] == '-' && len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
		return "", false
	}
	return s, true
}

// validUniversalValue reports whether v may be the initial value of a
// property of syntax "*": not a CSS-wide keyword (default is taken), no var(),
// no stray or mismatched closing bracket, no bad string (a newline in it)
// or bad url, and no `!` or `;` outside a block; a block or string the
// end leaves open is closed by it.
func validUniversalValue(v string) bool {
	l := ascii.Lower(strings.TrimSpace(v))
	if cssWideKeywords[l] || strings.Contains(l, "var(") {
		return false
	}
	v = stripComments(v)
	var stack []byte
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\\':
			i++
		case '"', '\'':
			for i++; i < len(v) && v[i] != c; i++ {
				if v[i] == '\n' || v[i] == '\r' || v[i] == '\f' {
					return false
				}
				if v[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			if c == '(' && i >= 3 && ascii.EqualFold(v[i-3:i], "url") && (i == 3 || !isIdentChar(v[i-4])) {
				end, ok := unquotedURLEnd(v, i+1)
				if !ok {
					return false
				}
				if end >= 0 {
					i = end
					continue
				}
			}
			stack = append(stack, map[byte]byte{'(': ')', '[': ']', '{': '}'}[c])
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return false
			}
			stack = stack[:len(stack)-1]
		case '!', ';':
			if len(stack) == 0 {
				return false
			}
		}
	}
	return true
}

// unquotedURLEnd reads the url( token whose argument starts at v[i]: the
// index of its ")" (len(v) when the end closes it), -1 when the argument
// is a string (a url() function), ok=false for a bad url (white space
// inside it, a quote or a "(").
func unquotedURLEnd(v string, i int) (int, bool) {
	for i < len(v) && strings.IndexByte(" \t\n\r\f", v[i]) >= 0 {
		i++
	}
	if i < len(v) && (v[i] == '"' || v[i] == '\'') {
		return -1, true
	}
	for ; i < len(v); i++ {
		switch v[i] {
		case ')':
			return i, true
		case '\\':
			i++
		case ' ', '\t', '\n', '\r', '\f':
			j := i
			for j < len(v) && strings.IndexByte(" \t\n\r\f", v[j]) >= 0 {
				j++
			}
			return j, j == len(v) || v[j] == ')'
		case '"', '\'', '(':
			return 0, false
		}
	}
	return len(v), true
}

// matchList computes v for one component: its items, split at white
// space for "+" and at commas for "#", each matched alone.
func matchList(comp syntaxComponent, v string, one func(string) (string, bool)) (string, bool) {
	var items []string
	sep := " "
	switch comp.mult {
	case "":
		return one(v)
	case "+":
		items = splitComponents(v)
	case "#":
		sep = ", "
		items = cssscan.Split(v, ',')
	}
	if len(items) == 0 {
		return "", false
	}
	out := make([]string, len(items))
	for i, it := range items {
		c, ok := one(strings.TrimSpace(it))
		if !ok {
			return "", false
		}
		out[i] = c
	}
	return strings.Join(out, sep), true
}

// integerToken reports whether t is an <integer> as written: digits with
// an optional sign (1.0 and 1e0 are numbers), or a math function.
func integerToken(t string) bool {
	if functionName(t) != "" {
		return true
	}
	s := strings.TrimLeft(t, "+-")
	if s == "" || len(t)-len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
