package jsruntime

import (
	"fmt"
	"strings"

	"github.com/dop251/goja"
)

// maxScriptNesting is how deeply a script's brackets ((, [, {, ${) may
// nest. goja's parser and compiler recurse in Go once per level, with no
// limit of their own, about 2 KB of Go stack each: a source nested a few
// hundred thousand levels deep overflows Go's 1 GB stack, a fatal error
// that no recover catches and that kills the whole process. Real code nests
// a few dozen levels; browsers fail at a few thousand.
const maxScriptNesting = 10_000

// checkNesting reports, as a SyntaxError, a source whose bracket nesting
// exceeds maxScriptNesting, before goja parses it. It scans src once,
// skipping strings, comments, regular expression literals and template
// text, so brackets inside them do not count. It is a bound, not a parser:
// a regular expression right after the ) of an if or while is taken for a
// division and its brackets counted, which real code never accumulates to
// anything near the limit (the libraries in testdata nest 45 deep at most).
func checkNesting(src, name string) error {
	depth, offset := scanNesting(src, maxScriptNesting)
	if depth <= maxScriptNesting {
		return nil
	}
	return &goja.CompilerSyntaxError{CompilerError: goja.CompilerError{
		Message: fmt.Sprintf("%s: brackets nested deeper than %d levels at offset %d", name, maxScriptNesting, offset),
	}}
}

// scanNesting returns the deepest bracket nesting of src, stopping as soon
// as it exceeds limit (then also the offset where it did).
func scanNesting(src string, limit int) (maxDepth, offset int) {
	// stack holds, per open brace, whether it is a template's ${ (whose
	// closing } resumes the template's text).
	var stack []bool
	depth := 0
	// regexOK: a '/' here starts a regular expression (after an operator,
	// an opening bracket, a comma, a keyword), not a division.
	regexOK := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '"' || c == '\'':
			i = skipQuoted(src, i)
			regexOK = false
			continue
		case c == '`':
			var opened bool
			i, opened = skipTemplate(src, i+1)
			if opened {
				stack = append(stack, true)
				depth++
			}
			regexOK = false
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return maxDepth, 0
			}
			i += 2 + end + 1
			continue
		case c == '/':
			if regexOK {
				i = skipRegexp(src, i)
				regexOK = false
			} else {
				regexOK = true
			}
			continue
		case c == '(' || c == '[' || c == '{':
			if c == '{' {
				stack = append(stack, false)
			}
			depth++
			regexOK = true
		case c == ')' || c == ']':
			depth = max(depth-1, 0)
			regexOK = false
		case c == '}':
			depth = max(depth-1, 0)
			inTemplate := false
			if n := len(stack); n > 0 {
				inTemplate = stack[n-1]
				stack = stack[:n-1]
			}
			if inTemplate {
				var opened bool
				i, opened = skipTemplate(src, i+1)
				if opened {
					stack = append(stack, true)
					depth++
				}
				regexOK = false
				break
			}
			regexOK = true
		case isIdentByte(c):
			start := i
			for i+1 < len(src) && isIdentByte(src[i+1]) {
				i++
			}
			regexOK = regexKeyword(src[start : i+1])
			continue
		default:
			// An operator or punctuation: a '/' may follow as a regular
			// expression.
			regexOK = true
			continue
		}
		if depth > maxDepth {
			maxDepth = depth
			if maxDepth > limit {
				return maxDepth, i
			}
		}
	}
	return maxDepth, 0
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80
}

// regexKeyword reports whether a '/' after the identifier or keyword w
// starts a regular expression.
func regexKeyword(w string) bool {
	switch w {
	case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
		return true
	}
	return false
}

// skipQuoted returns the index of the quote closing the string that starts
// at src[i] (or the end of the line or of src for an unterminated one).
func skipQuoted(src string, i int) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q, '\n':
			return i
		}
	}
	return len(src)
}

// skipTemplate skips template text from src[i] (just after a ` or the } of
// a substitution) and returns the index of its last byte: the closing `
// (opened false) or the { of a ${ substitution (opened true).
func skipTemplate(src string, i int) (int, bool) {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '`':
			return i, false
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				return i + 1, true
			}
		}
	}
	return len(src), false
}

// skipRegexp returns the index of the '/' closing the regular expression
// literal that starts at src[i] (or the end of the line).
func skipRegexp(src string, i int) int {
	inClass := false
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				return i
			}
		case '\n':
			return i
		}
	}
	return len(src)
}
