package webapi

import (
	"slices"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/lru"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

// The d (hasIndices) and v (unicodeSets) flags, which goja does not know.
// https://tc39.es/ecma262/#sec-regexpbuiltinexec (step 33, the indices)
// https://tc39.es/ecma262/#sec-get-regexp.prototype.flags
//
// The constructor compiles a d-flagged regexp without d and a v-flagged one
// as its u-mode translation (regexpsets.go in package jsruntime), then marks
// the object in a realm-wide WeakMap with what the page asked for. A regexp
// with d gets an own exec that runs the built-in exec and adds the
// match's indices; goja hands out no group positions, so they come from
// running the same pattern, as goja compiled it, with regexp2 (the engine
// goja uses for such patterns) at the match's index. The prototype gains
// hasIndices and unicodeSets, and its flags, source and toString report the
// marks: /a/dv reads back as written. Left as they are: the unicode getter
// of a v regexp reads true (it is one of the properties goja's fast paths
// guard, and replacing it would slow down every regexp), and a d regexp
// has an own "exec" property, which takes it off goja's fast paths (as a
// page's own exec would).

// regexpMark is what a page asked of a regexp that goja compiled otherwise.
type regexpMark struct {
	indices bool   // the d flag
	sets    bool   // the v flag
	source  string // with sets: the v-mode pattern as written
}

// regexpMarks holds a realm's marks and the intrinsics they work with.
type regexpMarks struct {
	realm        *bind.Realm
	proto        *goja.Object
	wm           *goja.Object // WeakMap from a regexp to its *regexpMark
	wmGet, wmSet goja.Callable
	// marked counts the marks set. While it is 0 (a page with no d or v
	// regexp, nearly every page) mark knows the answer without asking
	// the WeakMap: each lookup is a call into goja whose get makes a weak
	// pointer, and source, flags, toString and split all ask, as does
	// each global replace and match through source.
	marked       int
	exec         goja.Callable // the built-in RegExp.prototype.exec
	execIndices  *goja.Object  // the exec d regexps get
	flagGetters  map[string]goja.Callable
	origFlags    goja.Callable
	origSource   goja.Callable
	origToString goja.Callable
	origSplit    goja.Callable
	// the latest regexp splitExact cloned, its source and flags, and the
	// clone (regexpsplit.go)
	splitRx    *goja.Object
	splitKey   string
	splitClone *goja.Object
	// the built-in exec as a value, and the constructor goja's fast paths
	// want as a regexp's species (regexpctor.go sets it)
	execValue goja.Value
	species   goja.Value
	// construct makes a regexp as new RegExp(pattern, flags) does.
	construct func(args []goja.Value) *goja.Object
	// the subject of the latest indices, for a global regexp walking it
	subjVal goja.Value
	subj    *regexpSubject
}

// newRegexpMarks installs hasIndices and unicodeSets on proto, wraps its
// flags, source and toString, and returns the marks they consult.
func newRegexpMarks(realm *bind.Realm, proto *goja.Object) (*regexpMarks, error) {
	rt := realm.Runtime
	m := &regexpMarks{realm: realm, proto: proto, flagGetters: map[string]goja.Callable{}}
	wmCtor, ok := goja.AssertConstructor(rt.Get("WeakMap"))
	if !ok {
		return nil, errNoIntrinsic("WeakMap")
	}
	wm, err := wmCtor(nil)
	if err != nil {
		return nil, err
	}
	m.wm = wm
	if m.wmGet, ok = goja.AssertFunction(wm.Get("get")); !ok {
		return nil, errNoIntrinsic("WeakMap.prototype.get")
	}
	if m.wmSet, ok = goja.AssertFunction(wm.Get("set")); !ok {
		return nil, errNoIntrinsic("WeakMap.prototype.set")
	}
	m.execValue = proto.Get("exec")
	if m.exec, ok = goja.AssertFunction(m.execValue); !ok {
		return nil, errNoIntrinsic("RegExp.prototype.exec")
	}
	if m.origToString, ok = goja.AssertFunction(proto.Get("toString")); !ok {
		return nil, errNoIntrinsic("RegExp.prototype.toString")
	}
	if m.origSplit, ok = goja.AssertFunction(proto.GetSymbol(goja.SymSplit)); !ok {
		return nil, errNoIntrinsic("RegExp.prototype[Symbol.split]")
	}
	getter := func(name string) (goja.Callable, error) {
		d := ownDescriptor(rt, proto, name)
		if d == nil {
			return nil, errNoIntrinsic("RegExp.prototype." + name)
		}
		g, ok := goja.AssertFunction(d.Get("get"))
		if !ok {
			return nil, errNoIntrinsic("RegExp.prototype." + name + " getter")
		}
		return g, nil
	}
	for _, name := range [...]string{"global", "ignoreCase", "multiline", "dotAll", "unicode", "sticky"} {
		if m.flagGetters[name], err = getter(name); err != nil {
			return nil, err
		}
	}
	if m.origFlags, err = getter("flags"); err != nil {
		return nil, err
	}
	if m.origSource, err = getter("source"); err != nil {
		return nil, err
	}
	m.execIndices = realm.NewFunction("exec", 1, m.execWithIndices)

	accessor := func(name string, get func(goja.FunctionCall) goja.Value) error {
		return proto.DefineAccessorProperty(name, realm.NewFunction("get "+name, 0, get), nil, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	steps := []error{
		accessor("hasIndices", func(c goja.FunctionCall) goja.Value { return m.flagGetter(c.This, "hasIndices") }),
		accessor("unicodeSets", func(c goja.FunctionCall) goja.Value { return m.flagGetter(c.This, "unicodeSets") }),
		accessor("flags", m.flags),
		accessor("source", m.source),
		proto.DefineDataProperty("toString", realm.NewFunction("toString", 0, m.toString), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE),
		proto.DefineDataPropertySymbol(goja.SymSplit, realm.NewFunction("[Symbol.split]", 2, m.split), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE),
	}
	for _, err := range steps {
		if err != nil {
			return nil, err
		}
	}
	return m, nil
}

type errNoIntrinsic string

func (e errNoIntrinsic) Error() string { return "webapi: no " + string(e) }

// ownDescriptor returns o's own property descriptor of name, or nil.
func ownDescriptor(rt *goja.Runtime, o *goja.Object, name string) *goja.Object {
	getDesc, _ := goja.AssertFunction(rt.Get("Object").ToObject(rt).Get("getOwnPropertyDescriptor"))
	d, err := getDesc(goja.Undefined(), o, rt.ToValue(name))
	if err != nil || goja.IsUndefined(d) {
		return nil
	}
	return d.(*goja.Object)
}

// mark returns o's mark, or nil.
func (m *regexpMarks) mark(o *goja.Object) *regexpMark {
	if m.marked == 0 {
		return nil
	}
	v, err := m.wmGet(m.wm, o)
	if err != nil || v == nil || goja.IsUndefined(v) {
		return nil
	}
	mk, _ := v.Export().(*regexpMark)
	return mk
}

// setMark records mk for the regexp o; a d regexp gets its exec.
func (m *regexpMarks) setMark(o *goja.Object, mk *regexpMark) {
	if !mk.indices && !mk.sets {
		return
	}
	if _, err := m.wmSet(m.wm, o, m.realm.Runtime.ToValue(mk)); err != nil {
		panic(err)
	}
	m.marked++
	if mk.indices {
		if err := o.DefineDataProperty("exec", m.execIndices, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			panic(err)
		}
	}
}

// splitFlags takes d out of flags and reports it and v. A flag given twice
// stays, so that the built-in constructor rejects the flags.
func splitFlags(flags string) (rest string, indices, sets bool) {
	if strings.Count(flags, "d") == 1 {
		flags, indices = strings.Replace(flags, "d", "", 1), true
	}
	return flags, indices, strings.Count(flags, "v") == 1
}

// flagGetter is the getter of hasIndices or unicodeSets.
// https://tc39.es/ecma262/#sec-regexphasflag
func (m *regexpMarks) flagGetter(this goja.Value, name string) goja.Value {
	o, ok := this.(*goja.Object)
	if !ok {
		m.realm.ThrowTypeError("RegExp.prototype.%s getter called on non-object %s", name, this.String())
	}
	if o.ClassName() != "RegExp" {
		if o == m.proto {
			return goja.Undefined()
		}
		m.realm.ThrowTypeError("RegExp.prototype.%s getter called on non-RegExp object", name)
	}
	mk := m.mark(o)
	if name == "hasIndices" {
		return m.realm.Runtime.ToValue(mk != nil && mk.indices)
	}
	return m.realm.Runtime.ToValue(mk != nil && mk.sets)
}

// flags is RegExp.prototype.flags: goja's, with d and v.
func (m *regexpMarks) flags(c goja.FunctionCall) goja.Value {
	o, ok := c.This.(*goja.Object)
	if !ok {
		m.realm.ThrowTypeError("RegExp.prototype.flags getter called on non-object %s", c.This.String())
	}
	indices := o.Get("hasIndices")
	v, err := m.origFlags(o)
	if err != nil {
		panic(err)
	}
	fl := v.String()
	sets := o.Get("unicodeSets")
	if sets != nil && sets.ToBoolean() {
		if mk := m.mark(o); mk != nil && mk.sets {
			fl = strings.Replace(fl, "u", "", 1) // compiled as u for v
		}
		if i := strings.IndexByte(fl, 'y'); i >= 0 {
			fl = fl[:i] + "v" + fl[i:]
		} else {
			fl += "v"
		}
	}
	if indices != nil && indices.ToBoolean() {
		fl = "d" + fl
	}
	return m.realm.Runtime.ToValue(fl)
}

// source is RegExp.prototype.source: a v regexp's pattern as written.
func (m *regexpMarks) source(c goja.FunctionCall) goja.Value {
	if o, ok := c.This.(*goja.Object); ok {
		if mk := m.mark(o); mk != nil && mk.sets {
			if mk.source == "" {
				return m.realm.Runtime.ToValue("(?:)")
			}
			if s, ok := regexpLiteralSource(mk.source, ""); ok {
				return m.realm.Runtime.ToValue(s[1 : len(s)-1])
			}
			return m.realm.Runtime.ToValue(mk.source)
		}
	}
	v, err := m.origSource(c.This)
	if err != nil {
		panic(err)
	}
	return v
}

// toString is RegExp.prototype.toString: goja's, which writes a plain
// regexp's own source and flags, reading them as properties for a marked
// one.
func (m *regexpMarks) toString(c goja.FunctionCall) goja.Value {
	if o, ok := c.This.(*goja.Object); ok && m.mark(o) != nil {
		return m.realm.Runtime.ToValue("/" + o.Get("source").String() + "/" + o.Get("flags").String())
	}
	v, err := m.origToString(c.This, c.Arguments...)
	if err != nil {
		panic(err)
	}
	return v
}

// split is RegExp.prototype[Symbol.split]: goja's, which makes its
// splitter with the built-in constructor and the regexp's flags, given a d
// regexp's copy without d (the indices play no part in a split).
func (m *regexpMarks) split(c goja.FunctionCall) goja.Value {
	this := c.This
	if o, ok := this.(*goja.Object); ok {
		if mk := m.mark(o); mk != nil && mk.indices {
			flags := strings.Replace(o.Get("flags").String(), "d", "", 1)
			this = m.construct([]goja.Value{o, m.realm.Runtime.ToValue(flags)})
		}
	}
	v, err := m.origSplit(this, c.Arguments...)
	if err != nil {
		panic(err)
	}
	if o, ok := this.(*goja.Object); ok && m.suspectSplit(v, !goja.IsUndefined(c.Argument(1))) && m.fastSplit(o) {
		return m.splitExact(o, c.Argument(0), c.Argument(1))
	}
	return v
}

// execWithIndices is the exec of a d regexp: the built-in exec, then the
// match's indices array.
func (m *regexpMarks) execWithIndices(c goja.FunctionCall) goja.Value {
	res, err := m.exec(c.This, c.Arguments...)
	if err != nil {
		panic(err)
	}
	match, ok := res.(*goja.Object)
	if !ok {
		return res
	}
	if indices := m.indices(c.This.(*goja.Object), match); indices != nil {
		if err := match.Set("indices", indices); err != nil {
			panic(err)
		}
	}
	return match
}

// indices builds the indices array of match, a result of re's built-in
// exec, or returns nil when re is not a regexp goja compiled.
func (m *regexpMarks) indices(re, match *goja.Object) goja.Value {
	rt := m.realm.Runtime
	src, err := m.origSource(re)
	if err != nil {
		return nil
	}
	var flags regexpFlags
	for name, get := range m.flagGetters {
		v, err := get(re)
		if err != nil {
			return nil
		}
		if v.ToBoolean() {
			switch name {
			case "ignoreCase":
				flags.ignoreCase = true
			case "multiline":
				flags.multiline = true
			case "dotAll":
				flags.dotAll = true
			case "unicode":
				flags.unicode = true
			}
		}
	}
	n := int(match.Get("length").ToInteger())
	index := int(match.Get("index").ToInteger())
	whole := match.Get("0").String()
	if inputVal := match.Get("input"); m.subj == nil || m.subj.unicode != flags.unicode || !m.subjVal.SameAs(inputVal) {
		m.subjVal, m.subj = inputVal, newRegexpSubject(inputVal.String(), flags.unicode)
	}
	spans, names := matchSpansIn(src.String(), flags, m.subj, "", index, utf16Len(whole), n)

	arr := make([]any, n)
	for i := range arr {
		arr[i] = goja.Undefined()
	}
	if spans == nil { // cannot tell the groups apart: the match alone
		arr[0] = rt.NewArray(index, index+utf16Len(whole))
	} else {
		for i, sp := range spans {
			if sp[0] >= 0 {
				arr[i] = rt.NewArray(sp[0], sp[1])
			}
		}
	}
	out := rt.NewArray(arr...)
	groups := goja.Undefined()
	if g := match.Get("groups"); g != nil && !goja.IsUndefined(g) {
		obj := rt.NewObject()
		if err := obj.SetPrototype(nil); err != nil {
			return nil
		}
		for i, name := range names {
			if name != "" && i < len(arr) {
				_ = obj.Set(name, arr[i])
			}
		}
		groups = obj
	}
	if err := out.Set("groups", groups); err != nil {
		return nil
	}
	return out
}

// regexpFlags are the flags that change what a pattern matches.
type regexpFlags struct{ ignoreCase, multiline, dotAll, unicode bool }

// indicesMatchTimeout bounds the search for a match's groups.
const indicesMatchTimeout = time.Second

// indicesPatterns caches the regexp2 programs indices are found with.
var indicesPatterns = lru.New(lru.Options[string, *regexp2.Regexp]{MaxLen: 256})

// matchSpansIn finds, with regexp2, the match of pattern at index in input
// (UTF-16 indices) that is length code units long, and returns each of its
// n groups' start and end (-1 for a group that took no part) and names
// ("" for a numbered group); nil when the pattern does not compile or
// regexp2 finds another match there.
// subj, when not nil and of the same mode, is the input already made into
// a subject (input is then not read).
func matchSpansIn(pattern string, f regexpFlags, subj *regexpSubject, input string, index, length, n int) (spans [][2]int, names []string) {
	key := pattern + "\x00" + string(rune('0'+b2i(f.ignoreCase)+2*b2i(f.multiline)+4*b2i(f.dotAll)+8*b2i(f.unicode)))
	re, ok := indicesPatterns.Get(key)
	if !ok {
		opts := regexp2.ECMAScript
		if f.ignoreCase {
			opts |= regexp2.IgnoreCase
		}
		if f.multiline {
			opts |= regexp2.Multiline
		}
		if f.dotAll {
			opts |= regexp2.Singleline
		}
		p := pattern
		if f.unicode {
			opts |= regexp2.Unicode
			p = joinSurrogateEscapes(p)
		} else {
			p = splitAstral(p)
		}
		var err error
		if re, err = regexp2.Compile(p, opts); err != nil {
			re = nil
		} else {
			// goja found this match already; a pattern that backtracks
			// for longer than this here is given up (no indices but the
			// match's own).
			re.MatchTimeout = indicesMatchTimeout
		}
		indicesPatterns.Put(key, re)
	}
	if re == nil {
		return nil, nil
	}
	sub := subj
	if sub == nil || sub.unicode != f.unicode {
		sub = newRegexpSubject(input, f.unicode)
	}
	runes, start := sub.runes, sub.runeIndex(index)
	if index < 0 || start > len(runes) {
		return nil, nil // regexp2 panics past the end
	}
	at := sub.unitIndex
	mt, err := re.FindRunesMatchStartingAt(runes, start)
	if err != nil || mt == nil {
		return nil, nil
	}
	gs := mt.Groups()
	if len(gs) != n || at(gs[0].RuneIndex) != index || at(gs[0].RuneIndex+gs[0].RuneLength)-index != length {
		return nil, nil
	}
	spans = make([][2]int, n)
	names = make([]string, n)
	for i, g := range gs {
		names[i] = g.Name
		if len(g.Captures) == 0 {
			spans[i] = [2]int{-1, -1}
			continue
		}
		spans[i] = [2]int{at(g.RuneIndex), at(g.RuneIndex + g.RuneLength)}
	}
	return spans, names
}

// regexpSubject is a string as goja's regexp2 wrapper matches it: UTF-16
// code units, or code points in u mode with the code unit index of each.
type regexpSubject struct {
	unicode bool
	runes   []rune
	pos     []int // u mode: pos[i] is the unit index of runes[i]; pos[len(runes)] the length
}

func newRegexpSubject(input string, unicode bool) *regexpSubject {
	units := utf16.Encode([]rune(input))
	s := &regexpSubject{unicode: unicode}
	if !unicode {
		s.runes = make([]rune, len(units))
		for i, u := range units {
			s.runes[i] = rune(u)
		}
		return s
	}
	s.runes = make([]rune, 0, len(units))
	s.pos = make([]int, 0, len(units)+1)
	for i := 0; i < len(units); {
		r, w := rune(units[i]), 1
		if utf16.IsSurrogate(r) && i+1 < len(units) {
			if d := utf16.DecodeRune(r, rune(units[i+1])); d != utf8.RuneError {
				r, w = d, 2
			}
		}
		s.runes = append(s.runes, r)
		s.pos = append(s.pos, i)
		i += w
	}
	s.pos = append(s.pos, len(units))
	return s
}

// runeIndex is the index in runes of the code unit at unit (the code
// point that holds it).
func (s *regexpSubject) runeIndex(unit int) int {
	if !s.unicode {
		return unit
	}
	i, _ := slices.BinarySearch(s.pos, unit)
	return i
}

// unitIndex is the code unit index of runes[i].
func (s *regexpSubject) unitIndex(i int) int {
	if !s.unicode {
		return i
	}
	return s.pos[i]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// splitAstral writes each code point above U+FFFF of a non-u pattern as
// its two surrogate escapes, which is how goja hands such a pattern to
// regexp2 (it matches code units).
func splitAstral(p string) string {
	var b strings.Builder
	for i, r := range p {
		if r <= 0xFFFF {
			if b.Len() > 0 {
				b.WriteRune(r)
			}
			continue
		}
		if b.Len() == 0 {
			b.WriteString(p[:i])
		}
		if i > 0 && p[i-1] == '\\' {
			b.WriteByte('\\')
		}
		hi, lo := utf16.EncodeRune(r)
		b.WriteString(`\u` + hex4(hi) + `\u` + hex4(lo))
	}
	if b.Len() == 0 {
		return p
	}
	return b.String()
}

// joinSurrogateEscapes writes each pair of surrogate escapes of a u
// pattern (\ud83d\ude00) as the code point, as goja does for regexp2.
func joinSurrogateEscapes(p string) string {
	var b strings.Builder
	last := 0
	for i := 0; i+12 <= len(p); i++ {
		if p[i] != '\\' {
			continue
		}
		if p[i+1] == 'u' && p[i+6] == '\\' && p[i+7] == 'u' {
			hi, ok1 := parseHex4(p[i+2 : i+6])
			lo, ok2 := parseHex4(p[i+8 : i+12])
			if ok1 && ok2 && utf16.IsSurrogate(rune(hi)) && hi < 0xDC00 && lo >= 0xDC00 && lo <= 0xDFFF {
				b.WriteString(p[last:i])
				b.WriteRune(utf16.DecodeRune(rune(hi), rune(lo)))
				i += 11
				last = i + 1
				continue
			}
		}
		i++ // skip the escaped character
	}
	if last == 0 {
		return p
	}
	b.WriteString(p[last:])
	return b.String()
}

func hex4(r rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[r>>12&15], digits[r>>8&15], digits[r>>4&15], digits[r&15]})
}

func parseHex4(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			n = n*16 + int(c-'0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			n = n*16 + int(c|0x20-'a'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

// prepare takes the d flag out of a constructor call's arguments and
// returns the mark the new regexp gets. A marked regexp given as the
// pattern passes its marks on when no flags are given; with flags, its
// pattern as written is compiled with them, as the spec's
// [[OriginalSource]] is.
func (m *regexpMarks) prepare(args []goja.Value) ([]goja.Value, regexpMark) {
	var mk regexpMark
	if len(args) == 0 {
		return args, mk
	}
	noFlags := len(args) < 2 || goja.IsUndefined(args[1])
	if p, ok := args[0].(*goja.Object); ok && p.ClassName() == "RegExp" {
		if pm := m.mark(p); pm != nil {
			if noFlags {
				return args, *pm
			}
			if pm.sets {
				args = []goja.Value{m.realm.Runtime.ToValue(pm.source), args[1]}
			}
		}
	}
	if noFlags || !goja.IsString(args[1]) {
		return args, mk
	}
	rest, indices, sets := splitFlags(args[1].String())
	if !indices && !sets {
		return args, mk
	}
	if p, ok := args[0].(*goja.Object); ok && p.ClassName() == "RegExp" {
		// new flags for a regexp: compile its pattern as written with them
		args = []goja.Value{p.Get("source"), args[1]}
	}
	mk.indices = indices
	if sets && goja.IsString(args[0]) {
		mk.sets, mk.source = true, args[0].String()
	}
	out := make([]goja.Value, len(args))
	copy(out, args)
	out[1] = m.realm.Runtime.ToValue(rest)
	return out, mk
}
