package jsruntime

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja/ast"
)

// Classes of surrogates that goja's regexp2 engine would take for one another.
//
// goja hands patterns it cannot translate for Go's regexp package (those
// with UTF-16 surrogate escapes among them) to github.com/dlclark/regexp2,
// which files the character classes of a pattern in a table keyed by their
// ranges written as UTF-8. A surrogate is no valid rune: every surrogate
// endpoint is written as U+FFFD, so two classes of surrogates with as many
// ranges share one key, and the second is compiled as the first.
// /[\ud800-\udbff][\udc00-\udfff]/, the usual "surrogate pair", becomes
// /[\ud800-\udbff][\ud800-\udbff]/ and never matches a pair. lodash's
// Unicode string helpers (toArray, size, truncate) and testharness.js's
// rewriting of astral characters in subtest names build such patterns.
//
// Each class made only of surrogate escapes, when another such class of the
// pattern with the same number of ranges and negation holds other
// surrogates, is written with a marker the other cannot have: a
// noncharacter added to the class and taken out again by a lookahead,
// (?:(?!\uFDD0)[\ud800-\udbff\uFDD0]), or a negated class that leaves it
// out and an alternative that matches it, (?:[^\ud800-\udbff\uFDD0]|\uFDD0).
// Both match exactly what the class does. Patterns with the u or v flag,
// where a surrogate pair escape is one code point, are left alone, as are
// classes that mix surrogates with other characters.

// surrogateMarkers are the noncharacters U+FDD0–U+FDEF, one per class
// rewritten.
const surrogateMarkerFirst, surrogateMarkerCount = 0xFDD0, 32

// lowerSurrogateClasses rewrites the colliding surrogate classes of r and
// reports whether it changed r.
func lowerSurrogateClasses(r *ast.RegExpLiteral) bool {
	return lowerSurrogates(r, rewriteSurrogateClasses)
}

// lowerSurrogates applies rewrite to the pattern of r when it has no u or
// v flag (where a pair escape is one code point) and holds an escape, and
// reports whether it changed r.
func lowerSurrogates(r *ast.RegExpLiteral, rewrite func(string) (string, bool)) bool {
	if strings.ContainsAny(r.Flags, "uv") || !strings.Contains(r.Pattern, `\u`) {
		return false
	}
	p, ok := rewrite(r.Pattern)
	if ok {
		r.Pattern = p
	}
	return ok
}

// surrogateClass is one class of a pattern made of surrogate escapes only.
type surrogateClass struct {
	start, end int // the class's bytes in the pattern, brackets included
	negated    bool
	ranges     []uint16 // merged ranges, first and last of each
}

// rewriteSurrogateClasses returns pattern with its colliding surrogate
// classes marked apart (see lowerSurrogateClasses).
func rewriteSurrogateClasses(pattern string) (string, bool) {
	classes := surrogateClasses(pattern)
	if len(classes) < 2 || mentionsSurrogateMarkers(pattern) {
		return pattern, false
	}
	// The classes regexp2 would file under one key: the same negation and
	// number of ranges. The first membership seen keeps its text; each
	// other membership gets a marker of its own.
	type key struct {
		negated bool
		n       int
	}
	first := map[key][]uint16{}
	markers := map[string]rune{}
	var marks []rune // per class, 0 for none
	next := rune(surrogateMarkerFirst)
	for _, c := range classes {
		k := key{c.negated, len(c.ranges)}
		seen, ok := first[k]
		if !ok {
			first[k] = c.ranges
		}
		if !ok || slices.Equal(seen, c.ranges) {
			marks = append(marks, 0)
			continue
		}
		id := strconv.FormatBool(c.negated) + string(utf16Key(c.ranges))
		m, ok := markers[id]
		if !ok {
			if next == surrogateMarkerFirst+surrogateMarkerCount {
				return pattern, false
			}
			m, next = next, next+1
			markers[id] = m
		}
		marks = append(marks, m)
	}
	if len(markers) == 0 {
		return pattern, false
	}
	var b strings.Builder
	b.Grow(len(pattern) + len(markers)*24)
	last := 0
	for i, c := range classes {
		m := marks[i]
		if m == 0 {
			continue
		}
		b.WriteString(pattern[last:c.start])
		esc := `\u` + strconv.FormatInt(int64(m), 16)
		body := pattern[c.start+1 : c.end-1] // with its ^ when negated
		if c.negated {
			b.WriteString(`(?:[` + body + esc + `]|` + esc + `)`)
		} else {
			b.WriteString(`(?:(?!` + esc + `)[` + body + esc + `])`)
		}
		last = c.end
	}
	b.WriteString(pattern[last:])
	return b.String(), true
}

// utf16Key writes ranges as a string for a map key.
func utf16Key(ranges []uint16) []byte {
	k := make([]byte, 0, 2*len(ranges))
	for _, u := range ranges {
		k = append(k, byte(u>>8), byte(u))
	}
	return k
}

// mentionsSurrogateMarkers reports whether pattern names a character in
// the markers' range, escaped or as itself.
func mentionsSurrogateMarkers(pattern string) bool {
	for _, r := range pattern {
		if r >= surrogateMarkerFirst && r < surrogateMarkerFirst+surrogateMarkerCount {
			return true
		}
	}
	lower := ascii.Lower(pattern)
	return strings.Contains(lower, `\ufdd`) || strings.Contains(lower, `\ufde`)
}

// surrogateClasses lists the classes of pattern made only of surrogate
// escapes (\uD800–\uDFFF and ranges between them).
func surrogateClasses(pattern string) []surrogateClass {
	var out []surrogateClass
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			i++
		case '[':
			end := classEnd(pattern, i)
			if end < 0 {
				return out
			}
			if c, ok := parseSurrogateClass(pattern[i+1 : end-1]); ok {
				c.start, c.end = i, end
				out = append(out, c)
			}
			i = end - 1
		}
	}
	return out
}

// classEnd returns the index after the ] closing the class opened at
// pattern[open], or -1.
func classEnd(pattern string, open int) int {
	for i := open + 1; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			i++
		case ']':
			return i + 1
		}
	}
	return -1
}

// parseSurrogateClass reads a class body ("^" first when negated) made of
// surrogate escapes and ranges of them.
func parseSurrogateClass(body string) (surrogateClass, bool) {
	var c surrogateClass
	if strings.HasPrefix(body, "^") {
		c.negated, body = true, body[1:]
	}
	type rng struct{ lo, hi uint16 }
	var rs []rng
	for body != "" {
		lo, rest, ok := surrogateEscape(body)
		if !ok {
			return c, false
		}
		hi := lo
		if strings.HasPrefix(rest, "-") {
			if hi, rest, ok = surrogateEscape(rest[1:]); !ok || hi < lo {
				return c, false
			}
		}
		rs = append(rs, rng{lo, hi})
		body = rest
	}
	if len(rs) == 0 {
		return c, false
	}
	slices.SortFunc(rs, func(a, b rng) int { return int(a.lo) - int(b.lo) })
	merged := rs[:1]
	for _, r := range rs[1:] {
		top := &merged[len(merged)-1]
		if uint32(r.lo) <= uint32(top.hi)+1 {
			top.hi = max(top.hi, r.hi)
			continue
		}
		merged = append(merged, r)
	}
	for _, r := range merged {
		c.ranges = append(c.ranges, r.lo, r.hi)
	}
	return c, true
}

// surrogateEscape reads a \uHHHH escape of a surrogate at the start of s.
func surrogateEscape(s string) (uint16, string, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, s, false
	}
	v, err := strconv.ParseUint(s[2:6], 16, 16)
	if err != nil || v < 0xD800 || v > 0xDFFF {
		return 0, s, false
	}
	return uint16(v), s[6:], true
}

// Surrogate escapes outside classes, which regexp2's prefix search loses.
//
// regexp2 looks for the literal strings every match must begin with (the
// prefixes of a pattern's alternatives: /\ud83d\udc69|\ud83c\udffd/ begins
// with one of two pairs) and then scans the input for them. It collects
// them as UTF-8, where a surrogate is no valid rune and is written U+FFFD,
// so it searches for "\uFFFD\uFFFD", which a UTF-16 string never holds: a
// global search found the first match (tried where the search starts) and
// no other, and alternatives past the first were never tried there
// ("👩🏽‍💻".match(/\ud83d\udc69\ud83c[\udffb-\udfff]\u200d\ud83d\udcbb|
// \ud83d[\udc66-\udc69]|\ud83c[\udffb-\udfff]/g) gave ["👩"]; twemoji's
// and emoji-regex's patterns split each emoji into its code points).
//
// Each surrogate escape outside a class is written (?:(?=\uD83D)[\s\S]):
// the same one code unit, but regexp2 finds no literal to collect at a
// class of every character and gives up its prefix search for the
// pattern (https://tc39.es/ecma262/#sec-compiletocharset: without the u
// flag [\s\S] is any code unit). Patterns with the u or v flag, where a
// pair escape is one code point, are left alone.

// lowerSurrogateEscapes rewrites the surrogate escapes outside classes of r
// and reports whether it changed r.
func lowerSurrogateEscapes(r *ast.RegExpLiteral) bool {
	return lowerSurrogates(r, rewriteSurrogateEscapes)
}

// rewriteSurrogateEscapes returns pattern with each surrogate escape
// outside a class matched through a lookahead (see lowerSurrogateEscapes).
func rewriteSurrogateEscapes(pattern string) (string, bool) {
	var b strings.Builder
	last := 0
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '\\':
			if _, _, ok := surrogateEscape(pattern[i:]); ok && !followsLookaheadOf(pattern, i) {
				if b.Len() == 0 {
					b.Grow(len(pattern) + 64)
				}
				b.WriteString(pattern[last:i])
				b.WriteString(`(?:(?=` + pattern[i:i+6] + `)[\s\S])`)
				last = i + 6
				i += 5
				continue
			}
			i++
		case '[':
			end := classEnd(pattern, i)
			if end < 0 {
				return pattern, false
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

// followsLookaheadOf reports whether the escape at pattern[i] is the one a
// rewrite put in its lookahead, "(?:(?=" just before it and ")[\s\S])"
// after, so that rewriting twice changes nothing more.
func followsLookaheadOf(pattern string, i int) bool {
	return strings.HasSuffix(pattern[:i], `(?:(?=`) && strings.HasPrefix(pattern[i+6:], `)[\s\S])`)
}
