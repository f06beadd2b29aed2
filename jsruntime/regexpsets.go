package jsruntime

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// The v flag (unicodeSets): patterns compiled as their u-flag equivalents.
// https://tc39.es/ecma262/#sec-patterns (ClassSetExpression)
//
// goja knows no v flag: new RegExp(p, "v") threw a SyntaxError, and a
// script with a /…/v literal failed to compile (esbuild's lowering, the
// fallback for scripts goja rejects, turns the literal into such a call).
// Outside character classes a v-mode pattern is a u-mode one; inside, v
// adds nested classes, intersection (&&), subtraction (--) and string
// alternatives (\q{abc|d}). Each class is evaluated here to the code points
// (and strings) it holds and written back as a u-mode class, or as
// (?:abc|[…]) when it holds strings, longest first, as v mode matches them.
// The regexp is compiled with the u flag; the constructor marks it as v
// (jsruntime/webapi/regexpflags.go), so its flags, source and unicodeSets
// read what the page wrote, but its unicode getter reads true. Properties
// of strings (\p{RGI_Emoji}) and a pattern with both u and v are
// SyntaxErrors, as before; with the i flag, a class is folded by u's rules,
// which differ from v's for complemented classes of cased letters.

func init() { webapi.RegExpUnicodeSets = translateUnicodeSets }

// translateUnicodeSets returns the u-mode equivalent of the v-mode pattern
// p, or false when p is not a pattern it can translate.
func translateUnicodeSets(p string) (string, bool) {
	if !strings.Contains(p, "[") {
		return p, true
	}
	var b strings.Builder
	b.Grow(len(p) + 16)
	for i := 0; i < len(p); {
		switch p[i] {
		case '\\':
			_, n := utf8.DecodeRuneInString(p[min(i+1, len(p)):])
			b.WriteString(p[i:min(i+1+n, len(p))])
			i += 1 + n
		case '[':
			sp := setParser{s: p, i: i}
			set, ok := sp.class()
			if !ok {
				return "", false
			}
			if !writeUnionKeepingProperties(&b, p[i:sp.i]) {
				set.write(&b)
			}
			i = sp.i
		default:
			b.WriteByte(p[i])
			i++
		}
	}
	return b.String(), true
}

// writeUnionKeepingProperties writes class, a valid v-mode class, as a
// u-mode class that keeps its property escapes as they are written, when
// the class is a union of characters, ranges, class escapes and property
// escapes (no nested class, \q{…}, && or --), and reports whether it did.
// The escapes are then left to the u-mode pattern's own handling
// (regexpprops.go): spelled out for goja's Go regexp engine, kept for
// regexp2, which reads them as shared property sets. Written out here, one
// [\p{L}\p{M}\p{N}\p{Pc}$] (oniguruma-to-es' \w, in every grammar shiki
// translates) is over a thousand ranges, and regexp2 sorts a class's ranges
// again at each one it reads: 30–100 ms to compile one such pattern.
func writeUnionKeepingProperties(b *strings.Builder, class string) bool {
	body := class[1 : len(class)-1]
	negated := strings.HasPrefix(body, "^")
	if negated {
		body = body[1:]
	}
	var rest strings.Builder // the class without its property escapes
	var props []string
	for i := 0; i < len(body); {
		switch c := body[i]; {
		case c == '[' || strings.HasPrefix(body[i:], "&&") || strings.HasPrefix(body[i:], "--"):
			return false
		case c == '\\' && i+1 < len(body):
			switch body[i+1] {
			case 'q':
				return false
			case 'p', 'P':
				end := strings.IndexByte(body[i:], '}')
				if end < 0 {
					return false
				}
				if _, ok := propertyRanges(body[i+3 : i+end]); !ok {
					return false
				}
				props = append(props, body[i:i+end+1])
				i += end + 1
				continue
			}
			_, n := utf8.DecodeRuneInString(body[i+1:])
			rest.WriteString(body[i : i+1+n])
			i += 1 + n
		default:
			rest.WriteByte(c)
			i++
		}
	}
	if len(props) == 0 {
		return false
	}
	var set classSet
	if rest.Len() > 0 {
		sp := setParser{s: "[" + rest.String() + "]"}
		var ok bool
		if set, ok = sp.class(); !ok || sp.i != len(sp.s) || len(set.strings) > 0 {
			return false
		}
	}
	b.WriteByte('[')
	if negated {
		b.WriteByte('^')
	}
	for _, x := range set.ranges {
		writeSetChar(b, x.lo)
		if x.hi != x.lo {
			b.WriteByte('-')
			writeSetChar(b, x.hi)
		}
	}
	for _, p := range props {
		b.WriteString(p)
	}
	b.WriteByte(']')
	return true
}

// A classSet is what a v-mode class holds: code points and strings of
// other lengths (the empty string among them).
type classSet struct {
	ranges  []codeRange // normalized
	strings []string    // sorted, unique; none of one code point
}

func (s classSet) union(t classSet) classSet {
	r := normalizeRanges(append(slices.Clone(s.ranges), t.ranges...))
	strs := append(slices.Clone(s.strings), t.strings...)
	slices.Sort(strs)
	return classSet{r, slices.Compact(strs)}
}

func (s classSet) subtract(t classSet) classSet {
	out := classSet{ranges: intersectRanges(s.ranges, complementRanges(t.ranges))}
	for _, x := range s.strings {
		if _, found := slices.BinarySearch(t.strings, x); !found {
			out.strings = append(out.strings, x)
		}
	}
	return out
}

func (s classSet) intersect(t classSet) classSet {
	out := classSet{ranges: intersectRanges(s.ranges, t.ranges)}
	for _, x := range s.strings {
		if _, found := slices.BinarySearch(t.strings, x); found {
			out.strings = append(out.strings, x)
		}
	}
	return out
}

// intersectRanges returns the code points in both normalized a and b.
func intersectRanges(a, b []codeRange) []codeRange {
	var out []codeRange
	for i, j := 0, 0; i < len(a) && j < len(b); {
		lo, hi := max(a[i].lo, b[j].lo), min(a[i].hi, b[j].hi)
		if lo <= hi {
			out = append(out, codeRange{lo, hi})
		}
		if a[i].hi < b[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}

// write writes s as a u-mode atom.
func (s classSet) write(b *strings.Builder) {
	if len(s.strings) == 0 {
		writeSetClass(b, s.ranges)
		return
	}
	strs := slices.Clone(s.strings)
	slices.SortStableFunc(strs, func(x, y string) int {
		return utf8.RuneCountInString(y) - utf8.RuneCountInString(x)
	})
	b.WriteString("(?:")
	for i, x := range strs {
		if x == "" {
			continue // last, below
		}
		if i > 0 {
			b.WriteByte('|')
		}
		for _, c := range x {
			writeSetChar(b, c)
		}
	}
	if len(s.ranges) > 0 {
		b.WriteByte('|')
		writeSetClass(b, s.ranges)
	}
	if strs[len(strs)-1] == "" {
		b.WriteByte('|')
	}
	b.WriteByte(')')
}

// writeSetClass writes ranges as a u-mode class ([] when empty: it matches
// nothing).
func writeSetClass(b *strings.Builder, r []codeRange) {
	b.WriteByte('[')
	for _, x := range r {
		writeSetChar(b, x.lo)
		if x.hi != x.lo {
			b.WriteByte('-')
			writeSetChar(b, x.hi)
		}
	}
	b.WriteByte(']')
}

func writeSetChar(b *strings.Builder, c rune) {
	switch {
	case c < 0x7f && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'):
		b.WriteRune(c)
	case c > 0xffff:
		b.WriteString(`\u{` + strconv.FormatInt(int64(c), 16) + `}`)
	default:
		b.WriteString(`\u`)
		h := strconv.FormatInt(int64(c), 16)
		b.WriteString(strings.Repeat("0", 4-len(h)) + h)
	}
}

// setParser reads one v-mode class of s starting at the [ at i.
type setParser struct {
	s string
	i int
}

func (sp *setParser) peek(prefix string) bool { return strings.HasPrefix(sp.s[sp.i:], prefix) }

// class reads [ClassContents] or [^ClassContents].
func (sp *setParser) class() (classSet, bool) {
	sp.i++ // [
	negated := sp.peek("^")
	if negated {
		sp.i++
	}
	var acc classSet
	op := byte(0) // 0: a union so far, '&' or '-': an intersection or subtraction
	operands := 0
	ranges := false // a range among the operands (none in && and --)
	for {
		if sp.i >= len(sp.s) {
			return acc, false
		}
		if sp.peek("]") {
			sp.i++
			break
		}
		switch {
		case sp.peek("&&") || sp.peek("--"):
			o := sp.s[sp.i]
			if operands == 0 || ranges || (op != 0 && op != o) || (op == 0 && operands > 1) {
				return acc, false
			}
			op = o
			sp.i += 2
			t, ok := sp.operand()
			if !ok {
				return acc, false
			}
			if o == '&' {
				acc = acc.intersect(t)
			} else {
				acc = acc.subtract(t)
			}
			operands++
		default:
			if op != 0 {
				return acc, false // a union operand after && or --
			}
			t, isRange, ok := sp.operandOrRange()
			if !ok {
				return acc, false
			}
			ranges = ranges || isRange
			acc = acc.union(t)
			operands++
		}
	}
	if negated {
		if len(acc.strings) > 0 {
			return acc, false // a complement of strings
		}
		acc.ranges = complementRanges(acc.ranges)
	}
	return acc, true
}

// operandOrRange reads an operand, or a range of two characters.
func (sp *setParser) operandOrRange() (set classSet, isRange, ok bool) {
	start := sp.i
	lo, isChar, ok := sp.char()
	if ok && isChar && sp.peek("-") && !sp.peek("--") {
		sp.i++
		hi, isChar2, ok2 := sp.char()
		if !ok2 || !isChar2 || hi < lo {
			return classSet{}, true, false
		}
		return classSet{ranges: normalizeRanges([]codeRange{{lo, hi}})}, true, true
	}
	sp.i = start
	set, ok = sp.operand()
	return set, false, ok
}

// operand reads a nested class, a \q{…} disjunction, a class escape or
// one character.
func (sp *setParser) operand() (classSet, bool) {
	switch {
	case sp.peek("["):
		return sp.class()
	case sp.peek(`\q{`):
		return sp.disjunction()
	case sp.peek(`\`) && sp.i+1 < len(sp.s) && strings.IndexByte("dDsSwWpP", sp.s[sp.i+1]) >= 0:
		return sp.classEscape()
	}
	c, isChar, ok := sp.char()
	if !ok || !isChar {
		return classSet{}, false
	}
	return classSet{ranges: normalizeRanges([]codeRange{{c, c}})}, true
}

// disjunction reads \q{a|bc|…}.
func (sp *setParser) disjunction() (classSet, bool) {
	sp.i += 3
	var set classSet
	var cur []rune
	flush := func() {
		if len(cur) == 1 {
			set = set.union(classSet{ranges: normalizeRanges([]codeRange{{cur[0], cur[0]}})})
		} else {
			set = set.union(classSet{strings: []string{string(cur)}})
		}
		cur = cur[:0]
	}
	for {
		switch {
		case sp.i >= len(sp.s):
			return set, false
		case sp.peek("}"):
			sp.i++
			flush()
			return set, true
		case sp.peek("|"):
			sp.i++
			flush()
		default:
			c, isChar, ok := sp.char()
			if !ok || !isChar {
				return set, false
			}
			cur = append(cur, c)
		}
	}
}

// classEscape reads \d \D \s \S \w \W \p{…} \P{…}.
func (sp *setParser) classEscape() (classSet, bool) {
	e := sp.s[sp.i+1]
	sp.i += 2
	var r []codeRange
	switch e | 0x20 {
	case 'd':
		r = []codeRange{{'0', '9'}}
	case 's': // WhiteSpace and LineTerminator (U+0085 is neither)
		r = []codeRange{{0x9, 0xd}, {0x20, 0x20}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
			{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}, {0xfeff, 0xfeff}}
	case 'w':
		r = []codeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	case 'p':
		if !sp.peek("{") {
			return classSet{}, false
		}
		end := strings.IndexByte(sp.s[sp.i:], '}')
		if end < 0 {
			return classSet{}, false
		}
		ranges, ok := propertyRanges(sp.s[sp.i+1 : sp.i+end])
		if !ok {
			return classSet{}, false // properties of strings among them
		}
		sp.i += end + 1
		r = slices.Clone(ranges)
	}
	r = normalizeRanges(r)
	if e >= 'A' && e <= 'Z' {
		r = complementRanges(r)
	}
	return classSet{ranges: r}, true
}

// char reads one ClassSetCharacter: a literal character or an escape.
// isChar is false (and ok true) at a character that starts no operand.
func (sp *setParser) char() (c rune, isChar, ok bool) {
	s := sp.s[sp.i:]
	if s == "" {
		return 0, false, false
	}
	if s[0] != '\\' {
		c, n := utf8.DecodeRuneInString(s)
		// ClassSetSyntaxCharacter, and the reserved double punctuators
		if strings.ContainsRune("()[]{}/-|", c) || len(s) > 1 && s[1] == s[0] && strings.IndexByte("&!#$%*+,.:;<=>?@^`~", s[0]) >= 0 {
			return 0, false, true
		}
		sp.i += n
		return c, true, true
	}
	if len(s) < 2 {
		return 0, false, false
	}
	sp.i += 2
	switch e := s[1]; e {
	case 'n':
		return '\n', true, true
	case 't':
		return '\t', true, true
	case 'r':
		return '\r', true, true
	case 'f':
		return '\f', true, true
	case 'v':
		return '\v', true, true
	case 'b':
		return '\b', true, true
	case '0':
		if len(s) > 2 && s[2] >= '0' && s[2] <= '9' {
			return 0, false, false
		}
		return 0, true, true
	case 'c':
		if len(s) > 2 && (s[2]|0x20 >= 'a' && s[2]|0x20 <= 'z') {
			sp.i++
			return rune(s[2] % 32), true, true
		}
		return 0, false, false
	case 'x':
		if len(s) >= 4 {
			if v, err := strconv.ParseUint(s[2:4], 16, 8); err == nil {
				sp.i += 2
				return rune(v), true, true
			}
		}
		return 0, false, false
	case 'u':
		return sp.unicodeEscape(s)
	default:
		if strings.IndexByte(`^$\.*+?()[]{}|/&-!#%,:;<=>@`+"`~", e) >= 0 {
			return rune(e), true, true
		}
		return 0, false, false
	}
}

// unicodeEscape reads the rest of \uXXXX (a surrogate pair of two such
// escapes is one code point) or \u{…}; s starts at the backslash and
// sp.i is past "\u".
func (sp *setParser) unicodeEscape(s string) (rune, bool, bool) {
	if len(s) > 2 && s[2] == '{' {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return 0, false, false
		}
		v, err := strconv.ParseUint(s[3:end], 16, 32)
		if err != nil || v > unicode.MaxRune {
			return 0, false, false
		}
		sp.i += end - 1
		return rune(v), true, true
	}
	if len(s) < 6 {
		return 0, false, false
	}
	v, err := strconv.ParseUint(s[2:6], 16, 16)
	if err != nil {
		return 0, false, false
	}
	sp.i += 4
	c := rune(v)
	if c >= 0xd800 && c <= 0xdbff && len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
		if lo, err := strconv.ParseUint(s[8:12], 16, 16); err == nil && lo >= 0xdc00 && lo <= 0xdfff {
			sp.i += 6
			return 0x10000 + (c-0xd800)<<10 + rune(lo) - 0xdc00, true, true
		}
	}
	return c, true, true
}
