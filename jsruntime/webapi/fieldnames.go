package webapi

import (
	"errors"
	"strings"

	"github.com/dop251/goja/parser"
)

// Class fields named get, set or async, quoted for goja's parser.
// https://tc39.es/ecma262/#prod-FieldDefinition
//
// goja's parser reads `get`, `set` and `async` at the start of a class
// element as the prefix of an accessor or an async method, so a field of
// that name (`get = () => this.value` in Ember's TrackedValue, a bare
// `set }`) is a SyntaxError. The same field with its name written as a
// string literal (`"get" = () => this.value`) parses: it defines the same
// property, and an anonymous function in its initializer takes the same
// name. Before this, such a script had all its class fields lowered by
// esbuild into helper calls (`__publicField`, private fields in WeakMaps),
// which cost Ember's render about a fifth of its script time in goja.
//
// quoteFieldNames quotes such names where goja's parser stops on them, one
// at a time, parsing again after each: goja reports one reliable error per
// parse. It gives up (and the caller lowers class fields instead) when an
// error is anything else, or after maxQuotedFieldNames names. The one
// visible difference is the class's source text (Function.prototype.toString
// shows the quotes).

// maxQuotedFieldNames bounds the parses of one script.
const maxQuotedFieldNames = 16

// quoteFieldNames returns src, with its class fields named get, set or
// async quoted when goja's parser rejects them, and whether the result
// parses. name is the script's name.
func quoteFieldNames(src, name string) (string, bool) {
	for range maxQuotedFieldNames + 1 {
		_, err := parser.ParseFile(nil, name, src, 0, parser.WithDisableSourceMaps)
		if err == nil {
			return src, true
		}
		var list parser.ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			return "", false
		}
		start, end, ok := accessorFieldName(src, lineColumnOffset(src, list[0].Position.Line, list[0].Position.Column))
		if !ok {
			return "", false
		}
		src = src[:start] + `"` + src[start:end] + `"` + src[end:]
	}
	return "", false
}

// lineColumnOffset converts goja's 1-based line and column (bytes from the
// line's start; lines end at \n, \r, \r\n, U+2028 and U+2029, as goja's
// file.File counts them) to a byte offset in src, or -1.
func lineColumnOffset(src string, line, column int) int {
	start := 0
	for l := 1; l < line; l++ {
		next := nextLineStart(src[start:])
		if next < 0 {
			return -1
		}
		start += next
	}
	if off := start + column - 1; column >= 1 && off <= len(src) {
		return off
	}
	return -1
}

// nextLineStart is the offset of the line after the first line of s, or -1.
func nextLineStart(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			return i + 1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				return i + 2
			}
			return i + 1
		case 0xE2: // U+2028, U+2029
			if strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029") {
				return i + 3
			}
		}
	}
	return -1
}

// accessorFieldName finds, around the position goja's parser stopped at
// (the token after the unexpected one, or that token itself), a class
// field name get, set or async followed by "=" or "}" and preceded by what
// can end the class element before it ("{", "}", ";", a line break, or
// static), and returns its bounds.
func accessorFieldName(src string, off int) (start, end int, ok bool) {
	if off < 0 || off > len(src) {
		return 0, 0, false
	}
	i := off
	if i == len(src) || (src[i] != '=' && src[i] != '}') {
		// The parser points past the unexpected token: step back to it.
		i = skipSpaceBack(src, i)
		if i == 0 {
			return 0, 0, false
		}
		i--
		if src[i] != '=' && src[i] != '}' {
			return 0, 0, false
		}
	}
	if src[i] == '=' && i+1 < len(src) && (src[i+1] == '=' || src[i+1] == '>') {
		return 0, 0, false
	}
	end = skipSpaceBack(src, i)
	start = end
	for start > 0 && isIdentByte(src[start-1]) {
		start--
	}
	switch src[start:end] {
	case "get", "set", "async":
	default:
		return 0, 0, false
	}
	before := src[:start]
	trimmed := strings.TrimRight(before, " \t")
	switch {
	case trimmed == "":
		return 0, 0, false
	case strings.HasSuffix(trimmed, "{"), strings.HasSuffix(trimmed, "}"), strings.HasSuffix(trimmed, ";"),
		strings.HasSuffix(trimmed, "\n"), strings.HasSuffix(trimmed, "\r"):
	case strings.HasSuffix(trimmed, "static") && len(trimmed) < len(before) &&
		(len(trimmed) == len("static") || !isIdentByte(trimmed[len(trimmed)-len("static")-1])):
	default:
		return 0, 0, false
	}
	return start, end, true
}

// skipSpaceBack returns the offset just after the last non-space byte
// before i.
func skipSpaceBack(src string, i int) int {
	for i > 0 {
		switch src[i-1] {
		case ' ', '\t', '\n', '\r':
			i--
		default:
			return i
		}
	}
	return i
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
