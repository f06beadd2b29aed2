package jsruntime

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dop251/goja/ast"
)

// RegExp modifiers: a group (?ims-ims:…) turns the i, m and s flags on or
// off for its own disjunction (ES2025,
// https://tc39.es/ecma262/#prod-RegularExpressionModifiers; Chromium since
// 125). goja's pattern parser refuses the group ("Invalid group"), and a
// literal holding one is a SyntaxError that takes its whole script down, so
// the group is written out before goja compiles the pattern, as the
// equivalent pattern under the regexp's own flags:
//
//   - s turned on: `.` becomes [^] (every code unit); turned off: the class
//     of everything but the line terminators.
//   - m turned on: `^` becomes (?<![^\n\r\u2028\u2029]) (the start, or after a
//     line terminator) and `$` (?![^\n\r\u2028\u2029]); turned off: (?<![^])
//     and (?![^]), the start and the end of the input.
//   - i turned on: each character with case variants becomes the class of
//     them (Canonicalize's: simple case folding with u, uppercasing without,
//     which never maps a non-ASCII character to an ASCII one), each class
//     the class of its members' variants ([^…] the complement of that, as a
//     case-insensitive negated class matches), and with u, \w, \W, \b and \B
//     count U+017F and U+212A as word characters (they fold to s and k).
//   - i turned off in a case-insensitive regexp: the regexp is compiled
//     without i, and what lies outside such groups is written out as if i
//     were turned on there. Its flags and ignoreCase then leave i out
//     (Chromium's keep it); its source, written out, still matches
//     case-insensitively where it should, so new RegExp(re.source,
//     re.flags) copies it faithfully.
//
// Left to goja, which refuses the pattern with a SyntaxError: a
// backreference or a property escape where the case sensitivity differs
// from the compiled regexp's (a backreference compares as its engine
// does), a class holding \W, \S or \D there with u, and a v-flagged
// pattern. The regexp's source reads the pattern as written, as for the
// other rewrites (webapi.MarkRewrittenPattern), except where its i was
// dropped: there it reads the written-out pattern, which its flags copy
// faithfully.

// regexpFlags are the flags a modifier group changes.
type regexpFlags struct{ i, m, s bool }

// lowerRegExpModifiers writes out the modifier groups of r, and reports
// whether it changed r.
func lowerRegExpModifiers(r *ast.RegExpLiteral) bool {
	if !hasModifierGroup(r.Pattern) || strings.IndexByte(r.Flags, 'v') >= 0 {
		return false
	}
	p, flags, ok := rewriteRegExpModifiers(r.Pattern, r.Flags)
	if ok {
		r.Pattern, r.Flags = p, flags
	}
	return ok
}

// hasModifierGroup reports whether pattern may hold a modifier group: a
// "(?" followed by a modifier or "-".
func hasModifierGroup(pattern string) bool {
	for i := 0; ; {
		j := strings.Index(pattern[i:], "(?")
		if j < 0 || i+j+2 >= len(pattern) {
			return false
		}
		i += j + 2
		if strings.IndexByte("ims-", pattern[i]) >= 0 {
			return true
		}
	}
}

// parseModifiers reads the modifiers after "(?" at the start of s, up to and
// including the ":". isGroup reports whether s starts as a modifier group at
// all; valid whether it is one (no repeated flag, no flag both added and
// removed, not "(?-:").
func parseModifiers(s string, f regexpFlags) (out regexpFlags, n int, isGroup, valid bool) {
	out = f
	var seen [2]string
	part := 0
	for n = 0; n < len(s); n++ {
		c := s[n]
		switch c {
		case 'i', 'm', 's':
			if strings.IndexByte(seen[0], c) >= 0 || strings.IndexByte(seen[1], c) >= 0 {
				return f, 0, true, false
			}
			seen[part] += string(c)
			on := part == 0
			switch c {
			case 'i':
				out.i = on
			case 'm':
				out.m = on
			case 's':
				out.s = on
			}
		case '-':
			if part == 1 {
				return f, 0, true, false
			}
			part = 1
		case ':':
			if n == 0 {
				return f, 0, false, false // (?:…), no modifier
			}
			if part == 1 && seen[1] == "" {
				return f, 0, true, false // (?-:…) and (?i-:…)
			}
			return out, n + 1, true, true
		default:
			return f, 0, n > 0, false
		}
	}
	return f, 0, true, false // unterminated
}

// rewriteRegExpModifiers returns pattern, under flags, with its modifier
// groups written out, and the flags to compile it with (see above); false
// when it has none or one that cannot be written out or is malformed (goja
// then reports the SyntaxError).
func rewriteRegExpModifiers(pattern, flags string) (string, string, bool) {
	base := regexpFlags{
		i: strings.IndexByte(flags, 'i') >= 0,
		m: strings.IndexByte(flags, 'm') >= 0,
		s: strings.IndexByte(flags, 's') >= 0,
	}
	unicodeMode := strings.IndexByte(flags, 'u') >= 0
	cur := base
	// engineI is whether the compiled regexp ignores case: not when a
	// group turns i off, since goja's engines cannot match case-sensitively
	// inside a case-insensitive pattern.
	engineI := base.i && !turnsCaseOff(pattern)
	if base.i && !engineI {
		flags = strings.Replace(flags, "i", "", 1)
	}
	var stack []regexpFlags
	var b strings.Builder
	b.Grow(len(pattern) + 16)
	changed := false
	for i := 0; i < len(pattern); {
		c := pattern[i]
		switch c {
		case '\\':
			n := regexpEscapeLen(pattern[i:], unicodeMode)
			tok := pattern[i : i+n]
			if cur.i == engineI {
				b.WriteString(tok)
			} else {
				w, ok := escapeUnderCase(tok, unicodeMode)
				if !ok {
					return "", "", false
				}
				b.WriteString(w)
			}
			i += n
		case '[':
			end := classEnd(pattern, i)
			if end < 0 {
				return "", "", false
			}
			tok := pattern[i:end]
			if cur.i == engineI {
				b.WriteString(tok)
			} else {
				w, ok := classUnderCase(tok, unicodeMode)
				if !ok {
					return "", "", false
				}
				b.WriteString(w)
			}
			i = end
		case '(':
			stack = append(stack, cur)
			if !strings.HasPrefix(pattern[i:], "(?") {
				b.WriteByte('(')
				i++
				break
			}
			rest := pattern[i+2:]
			if f, n, isGroup, valid := parseModifiers(rest, cur); isGroup {
				if !valid {
					return "", "", false
				}
				cur = f
				b.WriteString("(?:")
				i += 2 + n
				changed = true
				break
			}
			n := 2
			if strings.HasPrefix(rest, "<") && !strings.HasPrefix(rest, "<=") && !strings.HasPrefix(rest, "<!") {
				// a named group: its name is not characters to match
				end := strings.IndexByte(rest, '>')
				if end < 0 {
					return "", "", false
				}
				n += end + 1
			} else if len(rest) > 0 {
				n++ // ?:, ?=, ?!
				if rest[0] == '<' && len(rest) > 1 {
					n++ // ?<=, ?<!
				}
			}
			b.WriteString(pattern[i : i+n])
			i += n
		case ')':
			if len(stack) > 0 {
				cur = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
			b.WriteByte(')')
			i++
		case '.':
			switch {
			case cur.s == base.s:
				b.WriteByte('.')
			case cur.s:
				b.WriteString(`[^]`)
			default:
				b.WriteString(foldDot)
			}
			i++
		case '^':
			switch {
			case cur.m == base.m:
				b.WriteByte('^')
			case cur.m:
				b.WriteString(`(?<![^\n\r\u2028\u2029])`)
			default:
				b.WriteString(`(?<![^])`)
			}
			i++
		case '$':
			switch {
			case cur.m == base.m:
				b.WriteByte('$')
			case cur.m:
				b.WriteString(`(?![^\n\r\u2028\u2029])`)
			default:
				b.WriteString(`(?![^])`)
			}
			i++
		case '{':
			// a quantifier's bounds (or a literal brace): no letters
			end := i + 1
			for end < len(pattern) && (pattern[end] >= '0' && pattern[end] <= '9' || pattern[end] == ',') {
				end++
			}
			b.WriteString(pattern[i:end])
			i = end
		default:
			r, n := utf8.DecodeRuneInString(pattern[i:])
			if cur.i == engineI || r > 0xFFFF && !unicodeMode {
				b.WriteString(pattern[i : i+n])
			} else if set := caseVariants(r, unicodeMode); len(set) == 1 {
				b.WriteString(pattern[i : i+n])
			} else {
				writeCaseClass(&b, set)
			}
			i += n
		}
	}
	if !changed {
		return "", "", false
	}
	return b.String(), flags, true
}

// turnsCaseOff reports whether pattern may hold a modifier group turning
// i off (one seen inside a class or after a backslash counts too: the
// rewrite is then only longer, not different).
func turnsCaseOff(pattern string) bool {
	for i := 0; ; {
		j := strings.Index(pattern[i:], "(?")
		if j < 0 {
			return false
		}
		i += j + 2
		mods := pattern[i:]
		if end := strings.IndexByte(mods, ':'); end >= 0 {
			mods = mods[:end]
		}
		if k := strings.IndexByte(mods, '-'); k >= 0 && strings.IndexByte(mods[k:], 'i') >= 0 {
			return true
		}
	}
}

// regexpEscapeLen returns the length of the escape at the start of s.
func regexpEscapeLen(s string, unicodeMode bool) int {
	if len(s) < 2 {
		return len(s)
	}
	switch c := s[1]; {
	case c == 'u' && unicodeMode && len(s) > 2 && s[2] == '{':
		if end := strings.IndexByte(s, '}'); end > 0 {
			return end + 1
		}
	case c == 'u' && len(s) >= 6 && isHexString(s[2:6]):
		return 6
	case c == 'x' && len(s) >= 4 && isHexString(s[2:4]):
		return 4
	case c == 'c' && len(s) > 2 && (s[2]|0x20 >= 'a' && s[2]|0x20 <= 'z'):
		return 3
	case (c == 'p' || c == 'P') && unicodeMode && len(s) > 2 && s[2] == '{',
		c == 'k' && len(s) > 2 && s[2] == '<':
		close := byte('}')
		if c == 'k' {
			close = '>'
		}
		if end := strings.IndexByte(s, close); end > 0 {
			return end + 1
		}
	case c >= '0' && c <= '9':
		n := 2
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		return n
	case c >= utf8.RuneSelf:
		_, size := utf8.DecodeRuneInString(s[1:])
		return 1 + size
	}
	return 2
}

// wordFolds is \w with the two characters that fold into it under i and u.
const wordFolds = `\w\u017f\u212a`

// escapeUnderCase returns the escape tok written to ignore case in a
// regexp compiled without i; false when it cannot be.
func escapeUnderCase(tok string, unicodeMode bool) (string, bool) {
	if len(tok) < 2 {
		return tok, true
	}
	switch c := tok[1]; c {
	case 'd', 'D', 's', 'S':
		return tok, true // no case variants
	case 'w', 'W', 'b', 'B':
		if !unicodeMode {
			return tok, true
		}
		switch c {
		case 'w':
			return `[` + wordFolds + `]`, true
		case 'W':
			return `[^` + wordFolds + `]`, true
		case 'b':
			return `(?:(?<=[` + wordFolds + `])(?![` + wordFolds + `])|(?<![` + wordFolds + `])(?=[` + wordFolds + `]))`, true
		default:
			return `(?:(?<=[` + wordFolds + `])(?=[` + wordFolds + `])|(?<![` + wordFolds + `])(?![` + wordFolds + `]))`, true
		}
	case 'k', 'p', 'P':
		return "", false
	case 'c':
		return tok, true
	}
	if tok[1] >= '1' && tok[1] <= '9' {
		return "", false // a backreference
	}
	var r rune
	if strings.HasPrefix(tok, `\u{`) {
		v, err := strconv.ParseUint(tok[3:len(tok)-1], 16, 32)
		if err != nil || v > unicode.MaxRune {
			return "", false
		}
		r = rune(v)
	} else {
		a, rest, ok := classAtom(tok)
		if !ok || rest != "" {
			return tok, true // \0 followed by digits and such: no letter
		}
		r = a
	}
	set := caseVariants(r, unicodeMode)
	if len(set) == 1 {
		return tok, true
	}
	var b strings.Builder
	writeCaseClass(&b, set)
	return b.String(), true
}

// classUnderCase returns the class tok ("[…]") written to ignore case in a
// regexp compiled without i; false when it cannot be.
func classUnderCase(tok string, unicodeMode bool) (string, bool) {
	body := tok[1 : len(tok)-1]
	negated := strings.HasPrefix(body, "^")
	if negated {
		body = body[1:]
	}
	if body == "" {
		return tok, true // [] and [^]: nothing and everything
	}
	if unicodeMode && (strings.Contains(body, `\W`) || strings.Contains(body, `\S`) || strings.Contains(body, `\D`)) {
		return "", false // complements past U+FFFF, which parseSimpleClass stops at
	}
	set, ok := parseSimpleClass(body)
	if !ok {
		return "", false
	}
	var closure []codeRange
	grew := false
	for _, r := range set {
		for c := r.lo; c <= r.hi; c++ {
			for _, f := range caseVariants(c, unicodeMode) {
				if f != c && !inCodeRanges(f, set) {
					grew = true
				}
				closure = addCodePoint(closure, f)
			}
		}
	}
	if !grew {
		return tok, true
	}
	var b strings.Builder
	b.WriteByte('[')
	if negated {
		b.WriteByte('^')
	}
	for _, r := range mergeRanges(closure) {
		writeClassCodePoint(&b, r.lo)
		if r.hi != r.lo {
			b.WriteByte('-')
			writeClassCodePoint(&b, r.hi)
		}
	}
	b.WriteByte(']')
	return b.String(), true
}

// addCodePoint appends c to ranges, extending the last range when c follows
// it; mergeRanges sorts and merges the result.
func addCodePoint(ranges []codeRange, c rune) []codeRange {
	if n := len(ranges); n > 0 && ranges[n-1].hi+1 == c {
		ranges[n-1].hi = c
		return ranges
	}
	return append(ranges, codeRange{c, c})
}

// mergeRanges sorts ranges and merges those that touch or overlap
// (surrogates kept, unlike regexpprops.go's normalizeRanges).
func mergeRanges(rs []codeRange) []codeRange {
	if len(rs) == 0 {
		return rs
	}
	slices.SortFunc(rs, func(a, b codeRange) int { return int(a.lo - b.lo) })
	out := rs[:1]
	for _, r := range rs[1:] {
		top := &out[len(out)-1]
		if r.lo <= top.hi+1 {
			top.hi = max(top.hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// caseVariants returns c and the characters a case-insensitive regexp
// takes for it: those with the same Canonicalize
// (https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch): the
// simple case folding with u, else the simple uppercase, except that a
// non-ASCII character is never taken for an ASCII one.
func caseVariants(c rune, unicodeMode bool) []rune {
	set := []rune{c}
	want := canonicalizeNonUnicode(c)
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		if unicodeMode || canonicalizeNonUnicode(f) == want {
			set = append(set, f)
		}
	}
	return set
}

// canonicalizeNonUnicode is Canonicalize without the u flag: the
// uppercase, unless that takes a non-ASCII character to ASCII.
func canonicalizeNonUnicode(c rune) rune {
	u := unicode.ToUpper(c)
	if c >= 0x80 && u < 0x80 {
		return c
	}
	return u
}

// writeCaseClass writes the class of the characters in set.
func writeCaseClass(b *strings.Builder, set []rune) {
	b.WriteByte('[')
	for _, c := range set {
		writeClassCodePoint(b, c)
	}
	b.WriteByte(']')
}

// writeClassCodePoint writes c for a class: a \uXXXX escape, or past U+FFFF
// (only with u: without it the rewrite leaves such characters alone, and
// no case variant leaves its plane) the character itself, which a library
// reparsing the source without u still reads (see writeClassRanges).
func writeClassCodePoint(b *strings.Builder, c rune) {
	if c > 0xFFFF {
		b.WriteRune(c)
		return
	}
	writeClassChar(b, c)
}
