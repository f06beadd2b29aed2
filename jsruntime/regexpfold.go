package jsruntime

import (
	"strings"

	"github.com/dop251/goja/ast"
)

// Case-insensitive patterns whose classes are almost every character.
//
// goja hands a pattern to github.com/dlclark/regexp2 when Go's regexp cannot
// run it (lookarounds, backreferences) and, for the patterns Go's regexp
// can run, whenever a search starts past index 0: every exec of a global or
// sticky regexp after its first match. With the i flag, regexp2 adds the case
// equivalents of each class's ranges one code point at a time, so a class
// that holds almost every code point costs tens of milliseconds to compile:
// `.` about 35 ms, `\W` 70 ms, `\S` 95 ms, `\D` 60 ms (each a million calls
// to unicode.SimpleFold). A literal's compiled pattern is shared by its
// evaluations, but regexp2's half of it is made by the first search that
// needs it, on that evaluation's copy: a function doing
// `var re = /a.b/gi; while (re.exec(s)) …` compiled the pattern again on
// each call, 40 ms a call.
//
// The same classes written negated are cheap: regexp2 folds the few ranges
// left out and negates the result. So outside character classes, in a
// pattern with the i flag, `.` (without the s flag) is written
// [^\n\r\u2028\u2029] and `\S`, `\W`, `\D` are written [^\s], [^\w], [^\d],
// which match exactly the same characters with or without i and u (no
// line terminator has a case mapping; [^\w] under i and u leaves out U+017F
// and U+212A as \W does). This runs for literals of scripts (with the other
// lowerings, see stashvars.go) and for new RegExp(string, flags) (webapi's
// constructor compiles it as a literal). The pattern's source property shows
// the rewritten text, as for the other lowerings.

// foldDot is what `.` becomes in a case-insensitive pattern without s.
const foldDot = `[^\n\r\u2028\u2029]`

// lowerCaseFoldClasses rewrites the wide classes of r when it has the i
// flag, and reports whether it changed r.
func lowerCaseFoldClasses(r *ast.RegExpLiteral) bool {
	if strings.IndexByte(r.Flags, 'i') < 0 {
		return false
	}
	p, ok := rewriteCaseFoldClasses(r.Pattern, strings.IndexByte(r.Flags, 's') >= 0)
	if ok {
		r.Pattern = p
	}
	return ok
}

// rewriteCaseFoldClasses returns pattern with each `.` (unless dotAll) and
// each \S, \W and \D outside a class written as its negated class.
func rewriteCaseFoldClasses(pattern string, dotAll bool) (string, bool) {
	return rewriteOutsideClasses(pattern, func(rest string) (int, string) {
		switch {
		case rest[0] == '.' && !dotAll:
			return 1, foldDot
		case rest[0] != '\\' || len(rest) < 2:
		case rest[1] == 'S':
			return 2, `[^\s]`
		case rest[1] == 'W':
			return 2, `[^\w]`
		case rest[1] == 'D':
			return 2, `[^\d]`
		}
		return 0, ""
	})
}
