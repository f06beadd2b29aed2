package jsruntime

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2/syntax"
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
	if !strings.ContainsAny(r.Flags, "uv") {
		var wide bool
		if p, wide = rewriteWideClasses(p); wide {
			ok = true
		}
	}
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

// Wide classes in brackets.
//
// The rewrite above leaves classes alone, and a class spelled out over most
// of the code units costs as much: linkify-it (which markdown-it loads)
// builds ten case-insensitive patterns out of uc.micro's
// [\0-\uD7FF\uE000-\uFFFF] ("any code unit but a surrogate") and its
// punctuation and space classes, about 500 ms of regexp2 compiling for
// each markdown-it constructed. With the i flag a class matches the case
// closure of its members, so [S] matches what [^D] matches, where D is the
// code units none of whose case equivalents is in S (D is closed under case,
// and so folding it adds nothing); and [^S] what [D] matches. When S is
// large and its complement small, D is found by looking only at the
// complement, and regexp2 then folds the few code units of D: the
// surrogates alone for linkify-it's class. The equivalence is regexp2's own
// (syntax.IsCaseEquivalent among a code point's simple case folds, as it
// adds equivalents), so the rewritten class matches exactly what the
// written one did. Only patterns without u or v (code units up to U+FFFF)
// and classes of single characters, ranges and \d, \s, \w and their
// complements are rewritten ([\S\d]; [\s\S], every code unit, becomes
// [^]); a result mixing surrogates with other characters is left out,
// since regexp2 could take such a class for another (see
// regexpsurrogate.go, which runs after this and tells classes of
// surrogates alone apart).

// wideClassMin is the fewest code units a class must hold to be
// rewritten, and wideClassShare the most its complement may hold, as a
// fraction (1/wideClassShare) of it.
const wideClassMin, wideClassShare = 4096, 4

// rewriteWideClasses returns pattern (of a case-insensitive regexp without
// u or v) with each wide class written as its complement, as above.
func rewriteWideClasses(pattern string) (string, bool) {
	var b strings.Builder
	last := 0
scan:
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			i++
		case '[':
			end := classEnd(pattern, i)
			if end < 0 {
				break scan
			}
			if with, ok := wideClassComplement(pattern[i+1 : end-1]); ok {
				b.WriteString(pattern[last:i])
				b.WriteString(with)
				last = end
			}
			i = end - 1
		}
	}
	if last == 0 {
		return pattern, false
	}
	b.WriteString(pattern[last:])
	return b.String(), true
}

// wideClassComplement returns the class matching, under the i flag, what
// the class with body matches, written over its complement; false when the
// class is not wide, not simple enough to read, or the result would mix
// surrogates with other characters.
func wideClassComplement(body string) (string, bool) {
	negated := strings.HasPrefix(body, "^")
	if negated {
		body = body[1:]
	}
	set, ok := parseSimpleClass(body)
	if !ok {
		return "", false
	}
	var size rune
	for _, r := range set {
		size += r.hi - r.lo + 1
	}
	if size < wideClassMin || (0x10000-size)*wideClassShare > size {
		return "", false
	}
	// D: the code units outside set none of whose equivalents is in it.
	var d []codeRange
	lo := rune(0)
	for _, r := range append(set, codeRange{0x10000, 0x10000}) {
		for c := lo; c < r.lo; c++ {
			if foldsInto(c, set) {
				continue
			}
			if n := len(d); n > 0 && d[n-1].hi == c-1 {
				d[n-1].hi = c
			} else {
				d = append(d, codeRange{c, c})
			}
		}
		lo = r.hi + 1
	}
	if len(d) == 0 {
		if negated {
			return "", false // no code unit: left as written
		}
		// every code unit ([\s\S]): ECMAScript's empty negated class,
		// which both of goja's engines take and regexp2 does not fold
		return `[^]`, true
	}
	surrogates := 0
	for _, r := range d {
		if r.lo <= 0xDFFF && r.hi >= 0xD800 {
			if r.lo < 0xD800 || r.hi > 0xDFFF {
				return "", false
			}
			surrogates++
		}
	}
	if surrogates > 0 && surrogates < len(d) {
		return "", false
	}
	var b strings.Builder
	b.Grow(2 + 13*len(d) + 1)
	b.WriteByte('[')
	if !negated {
		b.WriteByte('^')
	}
	for _, r := range d {
		fmt.Fprintf(&b, `\u%04x`, r.lo)
		if r.hi != r.lo {
			fmt.Fprintf(&b, `-\u%04x`, r.hi)
		}
	}
	b.WriteByte(']')
	return b.String(), true
}

// foldsInto reports whether a case equivalent of c, as regexp2 adds them
// to a case-insensitive class of a pattern without u, is in set.
func foldsInto(c rune, set []codeRange) bool {
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		if inCodeRanges(f, set) && syntax.IsCaseEquivalent(c, f, syntax.ECMAScript) {
			return true
		}
	}
	return false
}

// inCodeRanges reports whether c is in the sorted, disjoint ranges.
func inCodeRanges(c rune, set []codeRange) bool {
	i := sort.Search(len(set), func(i int) bool { return set[i].hi >= c })
	return i < len(set) && set[i].lo <= c
}

// parseSimpleClass reads the body of a class (without its brackets and
// its ^) made of characters, escapes of single characters, ranges of them
// and the class escapes \d, \s, \w and their complements, into sorted
// disjoint ranges of code units; false for anything else (\c, octal and
// Annex B oddities such as a class escape as a range's end), or a
// character past U+FFFF.
func parseSimpleClass(body string) ([]codeRange, bool) {
	if body == "" {
		return nil, false
	}
	var rs []codeRange
	for body != "" {
		if set, ok := classEscapeRanges(body); ok {
			body = body[2:]
			if len(body) > 1 && body[0] == '-' {
				return nil, false // Annex B: the - is a character
			}
			rs = append(rs, set...)
			continue
		}
		lo, rest, ok := classAtom(body)
		if !ok {
			return nil, false
		}
		hi := lo
		if len(rest) > 1 && rest[0] == '-' {
			if hi, rest, ok = classAtom(rest[1:]); !ok || hi < lo {
				return nil, false
			}
		}
		rs = append(rs, codeRange{lo, hi})
		body = rest
	}
	return mergeRanges(rs), true
}

// The code units of ECMAScript's \d, \s and \w without the u flag
// (https://tc39.es/ecma262/#sec-compiletocharset; the sets regexp2
// compiles them to in ECMAScript mode).
var (
	classDigits = []codeRange{{'0', '9'}}
	classSpaces = []codeRange{{'\t', '\r'}, {' ', ' '}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
		{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}, {0xfeff, 0xfeff}}
	classWords = []codeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
)

// classEscapeRanges returns the code units of the class escape at the
// start of s (\d, \D, \s, \S, \w or \W), up to U+FFFF.
func classEscapeRanges(s string) ([]codeRange, bool) {
	if len(s) < 2 || s[0] != '\\' {
		return nil, false
	}
	var set []codeRange
	switch s[1] | 0x20 {
	case 'd':
		set = classDigits
	case 's':
		set = classSpaces
	case 'w':
		set = classWords
	default:
		return nil, false
	}
	if s[1] >= 'a' {
		return set, true
	}
	var out []codeRange
	lo := rune(0)
	for _, r := range set {
		if r.lo > lo {
			out = append(out, codeRange{lo, r.lo - 1})
		}
		lo = r.hi + 1
	}
	return append(out, codeRange{lo, 0xFFFF}), true
}

// classAtom reads one character of a class at the start of s: itself, or
// an escape naming one code unit.
func classAtom(s string) (rune, string, bool) {
	if s[0] != '\\' {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError || r > 0xFFFF {
			return 0, s, false
		}
		return r, s[n:], true
	}
	if len(s) < 2 {
		return 0, s, false
	}
	switch c := s[1]; c {
	case 'u', 'x':
		n := 4
		if c == 'x' {
			n = 2
		}
		if len(s) < 2+n {
			return 0, s, false
		}
		v, err := strconv.ParseUint(s[2:2+n], 16, 16)
		if err != nil {
			return 0, s, false
		}
		return rune(v), s[2+n:], true
	case '0':
		if len(s) > 2 && s[2] >= '0' && s[2] <= '9' {
			return 0, s, false
		}
		return 0, s[2:], true
	case 't':
		return '\t', s[2:], true
	case 'n':
		return '\n', s[2:], true
	case 'v':
		return '\v', s[2:], true
	case 'f':
		return '\f', s[2:], true
	case 'r':
		return '\r', s[2:], true
	case 'b':
		return '\b', s[2:], true
	default:
		if c >= utf8.RuneSelf || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' || c == '_' {
			return 0, s, false
		}
		return rune(c), s[2:], true // an identity escape of a syntax character
	}
}
