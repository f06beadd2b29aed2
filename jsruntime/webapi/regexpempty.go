package webapi

import (
	"strconv"

	"github.com/dop251/goja"
)

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
// Every other regexp keeps goja's fast paths untouched.
//
// For a global regexp whose pattern can (emptyAfterMatch, cached by
// source) and whose exec is the built-in, the wrappers of @@replace and
// @@match (regexplegacy.go) still let goja find the matches its fast way,
// through the built-in @@replace with a native replacer that only notes
// each match, and then fill in what FindAll dropped: after each non-empty
// match ending at e that no empty match at e follows, the built-in exec of
// a global copy of the regexp (kept per source and flags) runs from e, and
// an empty match it finds at e is the spec's. The rest of the two lists
// agree: after dropping that empty match FindAll searches on from the next
// character, as the spec's loop does after keeping it (AdvanceStringIndex:
// a code point in u mode, where goja matches UTF-8). The replacements are
// then made in order, as the spec's steps make them after collecting every
// match (GetSubstitution for a string, the page's function otherwise).
// This costs one exec per non-empty match where the spec's steps, which
// goja takes for any regexp it cannot run fast, cost one per position,
// each making a match array, and a regexp literal evaluated in a loop (a
// new object each time) compiled its pattern for regexp2 again at each
// call: about 20 times the fast path's time. A sticky regexp (gy), whose
// matches must also follow each other, still takes the spec's steps:
// prepareSticky turns goja's fast paths off for it.

// emptyMatchCacheEntries bounds the patterns whose answer is remembered,
// and the global copies kept.
const emptyMatchCacheEntries = 1024

// emptyMatchChecker remembers emptyAfterMatch per pattern source for a
// realm, and the global copies that find the missing empty matches.
type emptyMatchChecker struct {
	known  map[string]bool
	copies map[copyKey]*goja.Object
	// last is the latest sticky regexp made to take the spec's steps: it
	// stays so.
	last *goja.Object
	// note is the native replacer allMatches gives the built-in @@replace;
	// found and caps are where it notes the matches (no script runs while
	// they are noted)
	note  goja.Value
	found []regexpMatch
	caps  []goja.Value
}

// copyKey names a global copy: the source and the flags but g, y and d.
type copyKey struct {
	source string
	flags  string
}

// emptyMode says how a global @@replace or @@match finds its matches.
type emptyMode int

const (
	emptyNone   emptyMode = iota // goja's own result is the spec's
	emptyFill                    // goja's matches, with the empty ones it drops filled in
	emptySticky                  // made to take the spec's steps (prepareSticky)
)

// mode tells how the global @@replace or @@match called on re must find
// its matches, and returns re's source.
func (c *emptyMatchChecker) mode(rt *goja.Runtime, re *goja.Object, execValue goja.Value) (emptyMode, string) {
	if re == c.last || re.ClassName() != "RegExp" {
		return emptyNone, ""
	}
	g := re.Get("global")
	if g == nil || !g.ToBoolean() {
		return emptyNone, ""
	}
	src := re.Get("source")
	if src == nil {
		return emptyNone, ""
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
		return emptyNone, ""
	}
	if ex := re.Get("exec"); ex == nil || !ex.SameAs(execValue) {
		// goja's steps call that exec at each position: the spec's
		return emptyNone, ""
	}
	if y := re.Get("sticky"); y != nil && y.ToBoolean() {
		c.prepareSticky(rt, re)
		return emptySticky, key
	}
	return emptyFill, key
}

// prepareSticky makes goja take the spec's steps for re: redefining its
// lastIndex with the attributes it has changes nothing a page can see, but
// turns goja's fast paths off for that regexp, which then calls exec at
// each position.
func (c *emptyMatchChecker) prepareSticky(rt *goja.Runtime, re *goja.Object) {
	d := ownDescriptor(rt, re, "lastIndex")
	if d == nil || !d.Get("writable").ToBoolean() {
		return // the built-in throws at its first write of lastIndex
	}
	if err := re.DefineDataProperty("lastIndex", d.Get("value"), goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_FALSE); err == nil {
		c.last = re
	}
}

// globalCopy returns a global copy of re, which has the given source, with
// its flags but y and d, made once per source and flags with ctor.
func (c *emptyMatchChecker) globalCopy(rt *goja.Runtime, ctor *goja.Object, re *goja.Object, source string) (*goja.Object, error) {
	f := []byte("g")
	for _, fl := range [...]struct {
		name string
		c    byte
	}{{"ignoreCase", 'i'}, {"multiline", 'm'}, {"dotAll", 's'}, {"unicode", 'u'}} {
		if v := re.Get(fl.name); v != nil && v.ToBoolean() {
			f = append(f, fl.c)
		}
	}
	if f[len(f)-1] == 'u' {
		// a v regexp reads unicode true; its source is the v pattern
		if v := re.Get("unicodeSets"); v != nil && v.ToBoolean() {
			f[len(f)-1] = 'v'
		}
	}
	key := copyKey{source, string(f)}
	if cp, ok := c.copies[key]; ok {
		return cp, nil
	}
	cp, err := rt.New(ctor, rt.ToValue(source), rt.ToValue(key.flags))
	if err != nil {
		return nil, err
	}
	if c.copies == nil || len(c.copies) >= emptyMatchCacheEntries {
		c.copies = make(map[copyKey]*goja.Object)
	}
	c.copies[key] = cp
	return cp, nil
}

// regexpMatch is one match of a global @@replace or @@match.
type regexpMatch struct {
	pos, end int
	// caps are the matched string and then the captures (undefined for
	// one that did not take part)
	caps   []goja.Value
	groups goja.Value // nil when the regexp has no named groups
}

// noteMatch is the replacer allMatches gives the built-in @@replace: it
// notes the match it is called with.
func (l *regexpLegacy) noteMatch(call goja.FunctionCall) goja.Value {
	c := &l.empty
	args := call.Arguments
	n := len(args) - 2 // the matched string and captures, the position, s
	var groups goja.Value
	if n > 1 {
		if o, ok := args[len(args)-1].(*goja.Object); ok {
			groups = o
			n--
		}
	}
	pos := int(args[n].ToInteger())
	at := len(c.caps)
	c.caps = append(c.caps, args[:n]...)
	c.found = append(c.found, regexpMatch{pos: pos, end: pos + asString(l.rt, args[0]).Length(), caps: c.caps[at : at+n : at+n], groups: groups})
	return l.emptyString
}

// allMatches returns the matches of re, a global regexp with the built-in
// exec and the given source, without y, in s, as the spec's loop of
// @@replace and @@match finds them, and sets its lastIndex to 0 as that
// loop does.
func (l *regexpLegacy) allMatches(re *goja.Object, s goja.String, source string) []regexpMatch {
	c := &l.empty
	if c.note == nil {
		c.note = l.rt.ToValue(l.noteMatch)
	}
	c.found, c.caps = nil, nil
	_, err := l.replace(re, s, c.note)
	found := c.found
	c.found, c.caps = nil, nil
	if err != nil {
		panic(err)
	}
	var cp *goja.Object
	var all []regexpMatch
	for i, m := range found {
		if m.end == m.pos || (i+1 < len(found) && found[i+1].pos == m.end && found[i+1].end == m.end) {
			if all != nil {
				all = append(all, m)
			}
			continue
		}
		if cp == nil {
			if cp, err = c.globalCopy(l.rt, l.ctor, re, source); err != nil {
				panic(err)
			}
		}
		z, ok := l.emptyMatchAt(cp, s, m.end, len(m.caps) > 1 || m.groups != nil)
		if !ok {
			if all != nil {
				all = append(all, m)
			}
			continue
		}
		if all == nil {
			all = make([]regexpMatch, i, len(found)+len(found)/2+1)
			copy(all, found[:i])
		}
		all = append(all, m, z)
	}
	if all == nil {
		return found
	}
	return all
}

// emptyMatchAt reports whether cp, a global regexp, finds an empty match
// at e in s searching from e, and returns it, with its captures when
// captures is set.
func (l *regexpLegacy) emptyMatchAt(cp *goja.Object, s goja.String, e int, captures bool) (regexpMatch, bool) {
	if err := cp.Set("lastIndex", e); err != nil {
		panic(err)
	}
	if !captures {
		// test moves lastIndex to the end of its match: e only for an
		// empty one at e
		ok, err := l.test(cp, s)
		if err != nil {
			panic(err)
		}
		if !ok.ToBoolean() || cp.Get("lastIndex").ToInteger() != int64(e) {
			return regexpMatch{}, false
		}
		return regexpMatch{pos: e, end: e, caps: []goja.Value{l.emptyString}}, true
	}
	z, err := l.exec(cp, s)
	if err != nil {
		panic(err)
	}
	zo, ok := z.(*goja.Object)
	if !ok || zo.Get("index").ToInteger() != int64(e) {
		return regexpMatch{}, false
	}
	n := int(zo.Get("length").ToInteger())
	caps := make([]goja.Value, max(n, 1))
	for k := range caps {
		caps[k] = zo.Get(strconv.Itoa(k))
	}
	if asString(l.rt, caps[0]).Length() != 0 {
		return regexpMatch{}, false // a non-empty match at e is FindAll's too
	}
	var groups goja.Value
	if g := zo.Get("groups"); g != nil && !goja.IsUndefined(g) {
		groups = g
	}
	return regexpMatch{pos: e, end: e, caps: caps, groups: groups}, true
}

// fillAll is the global @@match (kind kindExec) or @@replace of re, a
// regexp mode finds emptyFill for, with the given source, on s.
func (l *regexpLegacy) fillAll(re *goja.Object, s goja.String, replaceValue goja.Value, kind regexpKind, source string) goja.Value {
	var fn goja.Callable
	var tpl goja.String
	if kind == kindReplace {
		if f, ok := goja.AssertFunction(replaceValue); ok {
			fn = f
		} else {
			tpl = asString(l.rt, replaceValue.ToString())
		}
	}
	matches := l.allMatches(re, s, source)
	if kind == kindReplace {
		return l.replaceMatches(s, matches, fn, tpl)
	}
	if len(matches) == 0 {
		return goja.Null()
	}
	a := make([]any, len(matches))
	for i, m := range matches {
		a[i] = m.caps[0]
	}
	return l.rt.NewArray(a...)
}

// replaceMatches is the end of @@replace's steps: s with each of the
// matches replaced by replacement, or by what fn returns for it when fn is
// not nil.
// https://tc39.es/ecma262/#sec-regexp.prototype-%symbol.replace% (step 14)
func (l *regexpLegacy) replaceMatches(s goja.String, matches []regexpMatch, fn goja.Callable, replacement goja.String) goja.Value {
	if len(matches) == 0 {
		return s
	}
	var b goja.StringBuilder
	next := 0
	for _, m := range matches {
		var r goja.String
		if fn != nil {
			args := make([]goja.Value, 0, len(m.caps)+3)
			args = append(args, m.caps...)
			args = append(args, l.rt.ToValue(m.pos), s)
			if m.groups != nil {
				args = append(args, m.groups)
			}
			v, err := fn(goja.Undefined(), args...)
			if err != nil {
				panic(err)
			}
			r = asString(l.rt, v.ToString())
		} else {
			r = l.substitution(s, m, replacement)
		}
		if m.pos >= next {
			b.WriteSubstring(s, next, m.pos)
			b.WriteString(r)
			next = m.end
		}
	}
	if next < s.Length() {
		b.WriteSubstring(s, next, s.Length())
	}
	return b.String()
}

// substitution is GetSubstitution: the replacement template expanded for
// match m of s.
// https://tc39.es/ecma262/#sec-getsubstitution
func (l *regexpLegacy) substitution(s goja.String, m regexpMatch, tpl goja.String) goja.String {
	n := tpl.Length()
	dollar := -1
	for i := 0; i < n; i++ {
		if tpl.CharAt(i) == '$' {
			dollar = i
			break
		}
	}
	if dollar < 0 {
		return tpl
	}
	var b goja.StringBuilder
	b.WriteSubstring(tpl, 0, dollar)
	captures := len(m.caps) - 1
	for i := dollar; i < n; {
		c := tpl.CharAt(i)
		if c != '$' || i+1 >= n {
			b.WriteSubstring(tpl, i, i+1)
			i++
			continue
		}
		switch d := tpl.CharAt(i + 1); {
		case d == '$':
			b.WriteSubstring(tpl, i, i+1)
			i += 2
		case d == '`':
			b.WriteSubstring(s, 0, m.pos)
			i += 2
		case d == '&':
			b.WriteSubstring(s, m.pos, m.end)
			i += 2
		case d == '\'':
			b.WriteSubstring(s, min(m.end, s.Length()), s.Length())
			i += 2
		case d >= '0' && d <= '9':
			digits := 1
			index := int(d - '0')
			if i+2 < n {
				if e := tpl.CharAt(i + 2); e >= '0' && e <= '9' {
					digits = 2
					index = index*10 + int(e-'0')
				}
			}
			if index > captures && digits == 2 {
				digits = 1
				index = int(d - '0')
			}
			if index >= 1 && index <= captures {
				if v := m.caps[index]; !goja.IsUndefined(v) {
					b.WriteString(asString(l.rt, v))
				}
			} else {
				b.WriteSubstring(tpl, i, i+1+digits)
			}
			i += 1 + digits
		case d == '<':
			gt := -1
			for j := i + 2; j < n; j++ {
				if tpl.CharAt(j) == '>' {
					gt = j
					break
				}
			}
			if gt < 0 || m.groups == nil {
				b.WriteSubstring(tpl, i, i+2)
				i += 2
				continue
			}
			groups := m.groups.ToObject(l.rt)
			if v := groups.Get(tpl.Substring(i+2, gt).String()); v != nil && !goja.IsUndefined(v) {
				b.WriteString(asString(l.rt, v.ToString()))
			}
			i = gt + 1
		default:
			b.WriteSubstring(tpl, i, i+1)
			i++
		}
	}
	return b.String()
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
