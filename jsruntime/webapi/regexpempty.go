package webapi

import "github.com/dop251/goja"

// goja's global @@replace and @@match (so replace, replaceAll and match)
// find a plain regexp's matches all at once, and for a pattern Go's regexp
// package runs (an ASCII string, or a u regexp on valid UTF-16) that list
// comes from Go's FindAll, which drops an empty match that starts where the
// previous match ended. The spec's loop keeps it: exec from lastIndex finds
// it there, and only an empty match moves lastIndex on by one. So
// "abc".replace(/b*/g, "-") gave "-a-c-" where Chromium gives "-a--c-", and
// "ab cd".match(/\b[a-z]*/g) two matches where Chromium gives four.
// https://tc39.es/ecma262/#sec-regexp.prototype-%symbol.replace%
//
// Only a pattern that can match both the empty string and a non-empty one
// shows it (one that matches only empty, like the thousands separator's
// /\B(?=(\d{3})+(?!\d))/g, never has a match for an empty one to follow).
// For a global regexp whose pattern can (emptyAfterMatch, cached by
// source), the wrappers
// of @@replace and @@match (regexplegacy.go) turn goja's fast paths off for
// that regexp before calling the built-in: redefining its lastIndex with
// the attributes it has changes nothing a page can see, but goja then runs
// the spec's steps for it, calling exec at each position, whose matches
// from a position are regexp2's, which keeps such an empty match. Every
// other regexp keeps the fast paths.

// emptyMatchCacheEntries bounds the patterns whose answer is remembered.
const emptyMatchCacheEntries = 1024

// emptyMatchChecker remembers canMatchEmpty per pattern source for a realm.
type emptyMatchChecker struct {
	known map[string]bool
	// last is the latest regexp made to take the spec's steps: it stays so.
	last *goja.Object
}

// prepare makes goja take the spec's steps for re, the this of @@replace
// or @@match, when it is a global regexp whose pattern can match the empty
// string.
func (c *emptyMatchChecker) prepare(rt *goja.Runtime, re *goja.Object) {
	if re == c.last || re.ClassName() != "RegExp" {
		return
	}
	g := re.Get("global")
	if g == nil || !g.ToBoolean() {
		return
	}
	src := re.Get("source")
	if src == nil {
		return
	}
	key := src.String()
	empty, ok := c.known[key]
	if !ok {
		empty = emptyAfterMatch(key)
		if c.known == nil || len(c.known) >= emptyMatchCacheEntries {
			c.known = make(map[string]bool)
		}
		c.known[key] = empty
	}
	if !empty {
		return
	}
	d := ownDescriptor(rt, re, "lastIndex")
	if d == nil || !d.Get("writable").ToBoolean() {
		return // the built-in throws at its first write of lastIndex
	}
	if err := re.DefineDataProperty("lastIndex", d.Get("value"), goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_FALSE); err == nil {
		c.last = re
	}
}

// emptyAfterMatch reports whether the ECMAScript pattern src can match the
// empty string and can also match a non-empty one, so that an empty match
// can follow a non-empty one. Like canMatchEmpty it answers true when
// unsure.
func emptyAfterMatch(src string) bool {
	return canMatchEmpty(src) && canMatchNonEmpty(src)
}

// canMatchNonEmpty reports whether the ECMAScript pattern src has anything
// outside its lookarounds that consumes characters (a character, a class,
// a backreference). It answers true when unsure.
func canMatchNonEmpty(src string) bool {
	p := emptyParser{src: src}
	p.disjunction()
	if p.bad || p.i != len(p.src) || p.consumes {
		return true
	}
	if p.nested {
		p = emptyParser{src: src, sets: true}
		p.disjunction()
		return p.bad || p.i != len(p.src) || p.consumes
	}
	return false
}

// canMatchEmpty reports whether the ECMAScript pattern src can match the
// empty string somewhere, taking every assertion and backreference as able
// to match empty. It answers true when unsure (a pattern it cannot read),
// which only costs speed. A '[' inside a class starts a nested class with
// the v flag (and \q{…} a string) and is a character without it: such a
// pattern is read both ways (the flags are not looked up: a v regexp's are
// behind a WeakMap).
func canMatchEmpty(src string) bool {
	p := emptyParser{src: src}
	if p.read() {
		return true
	}
	if p.nested {
		// read with v: a pattern v cannot read is not one
		p = emptyParser{src: src, sets: true}
		empty := p.disjunction()
		return !p.bad && p.i == len(p.src) && (empty || p.unsure)
	}
	return false
}

// read reports whether the pattern can match empty or cannot be read.
func (p *emptyParser) read() bool {
	empty := p.disjunction()
	return empty || p.unsure || p.bad || p.i != len(p.src)
}

type emptyParser struct {
	src  string
	i    int
	sets bool // classes nest, and \q{…} may be in one (the v flag)
	bad  bool
	// unsure: a class may hold the empty string (\q{…})
	unsure bool
	// nested: a '[' or \q came inside a class (read as characters)
	nested bool
	// look counts the lookarounds being read; consumes is set by an atom
	// outside them that takes characters (or may: a backreference)
	look     int
	consumes bool
}

// consume notes an atom that takes characters, outside lookarounds.
func (p *emptyParser) consume() {
	if p.look == 0 {
		p.consumes = true
	}
}

// disjunction reads alternatives up to an unmatched ')' or the end.
func (p *emptyParser) disjunction() bool {
	empty := p.alternative()
	for !p.bad && p.i < len(p.src) && p.src[p.i] == '|' {
		p.i++
		if p.alternative() {
			empty = true
		}
	}
	return empty
}

// alternative reads terms up to '|', ')' or the end: empty if all are.
func (p *emptyParser) alternative() bool {
	empty := true
	for !p.bad && p.i < len(p.src) && p.src[p.i] != '|' && p.src[p.i] != ')' {
		if !p.term() {
			empty = false
		}
	}
	return empty
}

// term reads an assertion or an atom with its quantifier.
func (p *emptyParser) term() bool {
	empty := p.atom()
	if p.bad || p.i >= len(p.src) {
		return empty
	}
	min, ok := p.quantifier()
	if !ok {
		return empty
	}
	if p.i < len(p.src) && p.src[p.i] == '?' {
		p.i++
	}
	return empty || min == 0
}

// quantifier reads a quantifier, if one comes, and returns its minimum.
func (p *emptyParser) quantifier() (int, bool) {
	switch p.src[p.i] {
	case '*', '?':
		p.i++
		return 0, true
	case '+':
		p.i++
		return 1, true
	case '{':
		j := p.i + 1
		n, digits := 0, 0
		for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
			if n < 1<<20 {
				n = n*10 + int(p.src[j]-'0')
			}
			j++
			digits++
		}
		if digits == 0 {
			return 0, false // a literal '{' (outside u and v)
		}
		if j < len(p.src) && p.src[j] == ',' {
			j++
			for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
				j++
			}
		}
		if j >= len(p.src) || p.src[j] != '}' {
			return 0, false
		}
		p.i = j + 1
		return n, true
	}
	return 0, false
}

// atom reads one atom or assertion and reports whether it can match empty.
func (p *emptyParser) atom() bool {
	c := p.src[p.i]
	switch c {
	case '^', '$':
		p.i++
		return true
	case '(':
		p.i++
		if p.i < len(p.src) && p.src[p.i] == '?' {
			rest := p.src[p.i:]
			switch {
			case len(rest) >= 2 && (rest[1] == '=' || rest[1] == '!'):
				p.i += 2
				p.look++
				p.disjunction()
				p.look--
				p.close()
				return true
			case len(rest) >= 3 && rest[1] == '<' && (rest[2] == '=' || rest[2] == '!'):
				p.i += 3
				p.look++
				p.disjunction()
				p.look--
				p.close()
				return true
			case len(rest) >= 2 && rest[1] == ':':
				p.i += 2
			case len(rest) >= 2 && rest[1] == '<':
				for p.i < len(p.src) && p.src[p.i] != '>' {
					p.i++
				}
				p.i++
			default:
				// a modifier group (?i:…) or something unknown
				for p.i < len(p.src) && p.src[p.i] != ':' && p.src[p.i] != ')' {
					p.i++
				}
				if p.i >= len(p.src) || p.src[p.i] != ':' {
					p.bad = true
					return true
				}
				p.i++
			}
		}
		empty := p.disjunction()
		p.close()
		return empty
	case ')':
		p.bad = true
		return true
	case '[':
		p.class()
		p.consume()
		return false
	case '\\':
		p.i++
		if p.i >= len(p.src) {
			p.bad = true
			return true
		}
		e := p.src[p.i]
		p.i++
		switch {
		case e == 'b' || e == 'B':
			return true
		case e >= '1' && e <= '9':
			for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
				p.i++
			}
			p.consume()
			return true // a backreference matches empty before its group
		case e == 'k' && p.i < len(p.src) && p.src[p.i] == '<':
			for p.i < len(p.src) && p.src[p.i] != '>' {
				p.i++
			}
			p.i++
			p.consume()
			return true
		case e == 'p' || e == 'P' || (e == 'u' && p.i < len(p.src) && p.src[p.i] == '{'):
			if p.i < len(p.src) && p.src[p.i] == '{' {
				for p.i < len(p.src) && p.src[p.i] != '}' {
					p.i++
				}
				p.i++
			}
			p.consume()
			return false
		case e == 'q':
			p.bad = true // \q{…} only inside a v class
			return true
		}
		p.consume()
		return false // one character (escapes' digits read as literals)
	}
	p.consume()
	p.i++
	if c >= 0x80 {
		for p.i < len(p.src) && p.src[p.i]&0xC0 == 0x80 {
			p.i++
		}
	}
	return false
}

// close reads the ')' that ends a group.
func (p *emptyParser) close() {
	if p.i >= len(p.src) || p.src[p.i] != ')' {
		p.bad = true
		return
	}
	p.i++
}

// class reads a character class (nested ones in v mode). A class matches
// one character or none at all (a v class can hold strings, \q{}: those
// make the answer unsure).
func (p *emptyParser) class() {
	p.i++ // '['
	depth := 1
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case '\\':
			if p.i+1 < len(p.src) && p.src[p.i+1] == 'q' {
				if p.sets {
					p.unsure = true
				} else {
					p.nested = true
				}
			}
			p.i += 2
			continue
		case '[':
			if p.sets {
				depth++
			} else {
				p.nested = true
			}
		case ']':
			depth--
			if depth == 0 {
				p.i++
				return
			}
		}
		p.i++
	}
	p.bad = true
}
