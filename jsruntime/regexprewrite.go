package jsruntime

import (
	"strings"

	"github.com/dop251/goja/ast"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// lowerRegExpLiteral applies the rewrites of regular expression literals
// (regexpmodifiers.go's, regexpmultiline.go's, regexpfold.go's and
// regexpsurrogate.go's two) and reports whether any changed r.
// The rewritten pattern is marked so that its source property reads the
// pattern as written (webapi.MarkRewrittenPattern).
func lowerRegExpLiteral(r *ast.RegExpLiteral) bool {
	written, flags := r.Pattern, r.Flags
	// modifier groups first: the others then see the flags' own syntax
	m := lowerRegExpModifiers(r)
	// the case-fold rewrite may write a class of surrogates, which the
	// surrogate rewrite then tells apart from the pattern's others
	a := lowerMultilineRegExp(r)
	c := lowerCaseFoldClasses(r)
	b := lowerSurrogateClasses(r)
	b = lowerSurrogateEscapes(r) || b
	d := lowerFoldedWordClasses(r)
	// (not when the flags changed: a regexp compiled without the i a
	// modifier group turned off keeps its written-out source, which its
	// flags copy faithfully)
	if (m || a || b || c || d) && r.Flags == flags {
		r.Pattern = webapi.MarkRewrittenPattern(r.Pattern, written)
	}
	return m || a || b || c || d
}

// Word characters of a case-insensitive pattern.
//
// A word character is one of [0-9A-Za-z_] or, with the i and u (or v)
// flags, one whose simple case folding is: U+017F (ſ, folds to s) and
// U+212A (the Kelvin sign, folds to k) too
// (https://tc39.es/ecma262/#sec-wordcharacters). regexp2 follows that; Go's
// regexp, which goja runs a pattern with when it can, does not: its \b is
// ASCII in every mode, and its (?i)\w takes in U+017F and U+212A in every
// mode. So a case-insensitive pattern with \w or \W (without u or v) or
// with \b or \B outside classes (with u or v) starts with an empty
// lookahead, (?=), which Go's regexp does not parse, so that goja runs it
// with regexp2.
const regexp2Only = "(?=)"

// lowerFoldedWordClasses makes r run by regexp2 when it has the i flag and
// Go's regexp would read its word characters wrongly, and reports whether
// it changed r.
func lowerFoldedWordClasses(r *ast.RegExpLiteral) bool {
	if strings.IndexByte(r.Flags, 'i') < 0 || strings.IndexByte(r.Pattern, '\\') < 0 || strings.HasPrefix(r.Pattern, regexp2Only) {
		return false
	}
	unicode := strings.ContainsAny(r.Flags, "uv")
	inClass := false
	for i := 0; i < len(r.Pattern); i++ {
		switch r.Pattern[i] {
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '\\':
			if i+1 == len(r.Pattern) {
				return false
			}
			i++
			switch c := r.Pattern[i]; {
			case !unicode && (c == 'w' || c == 'W'),
				unicode && !inClass && (c == 'b' || c == 'B'):
				r.Pattern = regexp2Only + r.Pattern
				return true
			}
		}
	}
	return false
}

// rewriteOutsideClasses returns pattern with tokens outside its character
// classes written anew, and whether any was. at is called at each position
// outside a class with the rest of the pattern (an escape's backslash
// included); it returns the length of the token there and what it becomes,
// or 0 when it leaves the position alone. A token given back as it is is
// passed over unchanged.
func rewriteOutsideClasses(pattern string, at func(rest string) (n int, with string)) (string, bool) {
	var b strings.Builder
	last, inClass := 0, false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if inClass {
			switch c {
			case '\\':
				i++ // the escaped character
			case ']':
				inClass = false
			}
			continue
		}
		if c == '[' {
			inClass = true
			continue
		}
		n, with := at(pattern[i:])
		switch {
		case n > 0 && with != pattern[i:min(i+n, len(pattern))]:
			if b.Len() == 0 {
				b.Grow(len(pattern) + 2*len(with))
			}
			b.WriteString(pattern[last:i])
			b.WriteString(with)
			last = i + n
			i += n - 1
		case n > 0:
			i += n - 1 // already what it would become
		case c == '\\':
			i++ // the escaped character
		}
	}
	if last == 0 {
		return pattern, false
	}
	b.WriteString(pattern[last:])
	return b.String(), true
}
