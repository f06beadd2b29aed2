package jsruntime

import (
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// $ in a multiline regular expression matches before every line terminator.
//
// With the m flag, $ matches at the end of the input or before any
// LineTerminator: \n, \r, U+2028 or U+2029
// (https://tc39.es/ecma262/#sec-assertion, step 3 of $). goja's engines
// stop only before \n, so a line ending in \r\n never ends at $. jQuery reads
// response headers with /^(.*?):[ \t]*([^\r\n]*)$/mg over
// getAllResponseHeaders(), whose lines end in \r\n: no header was found, so
// $.get could not tell JSON from text and handed its callback a string.
//
// Each $ outside a character class in a pattern with the m flag is written
// as (?=[\r\u2028\u2029]|$) before goja compiles it: in regular expression
// literals of scripts (with the other lowerings, see stashvars.go) and in
// new RegExp(string, "m") (webapi's constructor compiles it as a literal).
// The pattern's source property shows the rewritten text. ^ is left as it
// is: after \r\n it already matches (after the \n), and only a line that
// starts after a lone \r, U+2028 or U+2029 is missed.

// multilineDollar is what $ becomes.
const multilineDollar = `(?=[\r\u2028\u2029]|$)`

func init() { webapi.RegExpLiteralLower = lowerRegExpLiteral }

// lowerMultilineRegExp rewrites the $ assertions of r when it has the m
// flag, and reports whether it changed r.
func lowerMultilineRegExp(r *ast.RegExpLiteral) bool {
	if strings.IndexByte(r.Flags, 'm') < 0 || strings.IndexByte(r.Pattern, '$') < 0 {
		return false
	}
	p, ok := rewriteMultilineDollar(r.Pattern)
	if ok {
		r.Pattern = p
	}
	return ok
}

// rewriteMultilineDollar returns pattern with each $ assertion (not escaped,
// not in a class, not already rewritten) replaced by multilineDollar.
func rewriteMultilineDollar(pattern string) (string, bool) {
	return rewriteOutsideClasses(pattern, func(rest string) (int, string) {
		switch {
		case strings.HasPrefix(rest, multilineDollar):
			return len(multilineDollar), multilineDollar
		case rest[0] == '$':
			return 1, multilineDollar
		}
		return 0, ""
	})
}
