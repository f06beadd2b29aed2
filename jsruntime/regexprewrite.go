package jsruntime

import (
	"strings"

	"github.com/dop251/goja/ast"
)

// lowerRegExpLiteral applies the rewrites of regular expression literals
// (regexpmodifiers.go's, regexpmultiline.go's, regexpfold.go's and
// regexpsurrogate.go's) and reports whether any changed r.
func lowerRegExpLiteral(r *ast.RegExpLiteral) bool {
	// modifier groups first: the others then see the flags' own syntax
	m := lowerRegExpModifiers(r)
	// the case-fold rewrite may write a class of surrogates, which the
	// surrogate rewrite then tells apart from the pattern's others
	a := lowerMultilineRegExp(r)
	c := lowerCaseFoldClasses(r)
	b := lowerSurrogateClasses(r)
	return m || a || b || c
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
