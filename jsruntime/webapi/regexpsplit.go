package webapi

import (
	"strconv"

	"github.com/dop251/goja"
)

// goja's RegExp.prototype[Symbol.split] finds a regexp's matches all at
// once and cuts the string at each, and through regexp2 (a pattern with
// lookaround, or any pattern on a string that is not ASCII) that list has
// the empty match found just where the previous one ended, which the spec's
// steps pass over: the split loop tries a match at each position q, and one
// that ends where the current piece starts (e = p, step 19.d.iii) moves q
// on without cutting. So "ab cd".split(/ *(?=c)/) gave ["ab", "", "cd"]
// where Chromium gives ["ab", "cd"], and ProseMirror's content expressions
// ("table_header_row table_row+", split on /\s*(?=\b|\W|$)/) lost all but
// their first term: Milkdown could not build a table.
// https://tc39.es/ecma262/#sec-regexp.prototype-%symbol.split%
//
// Such a match always shows in goja's result as an empty string with more
// after it (the piece it cut), so a result without one is right and is
// kept: suspectSplit looks for it, and only then does splitExact split the
// string again by the spec's steps. A result may have an empty piece that
// the spec's steps also give ("a,,b" split on commas); it is split twice.

// suspectSplit reports whether v, goja's split result, has an empty string
// anywhere but at its ends (the first piece may be empty because a match
// starts the string, and the last because one ends it), or at its end too
// when a limit may have cut what came after it.
func (m *regexpMarks) suspectSplit(v goja.Value, limited bool) bool {
	arr, ok := v.(*goja.Object)
	if !ok {
		return false
	}
	n := int(arr.Get("length").ToInteger())
	last := n - 1
	if limited {
		last = n
	}
	for i := 1; i < last; i++ {
		if s, ok := arr.Get(strconv.Itoa(i)).(goja.String); ok && s.Length() == 0 {
			return true
		}
	}
	return false
}

// fastSplit reports whether goja's split took its own path for rx, a
// regexp with the built-in exec whose species is the built-in RegExp; for
// any other it runs the spec's generic steps, calling exec at each
// position, and its result needs no repair.
func (m *regexpMarks) fastSplit(rx *goja.Object) bool {
	if rx.ClassName() != "RegExp" || m.species == nil || !rx.Get("exec").SameAs(m.execValue) {
		return false
	}
	c, ok := rx.Get("constructor").(*goja.Object)
	if !ok {
		return goja.IsUndefined(rx.Get("constructor"))
	}
	s := c.GetSymbol(goja.SymSpecies)
	return s == nil || goja.IsUndefined(s) || goja.IsNull(s) || s.SameAs(m.species)
}

// splitExact splits str at rx's matches by the spec's steps, with the
// built-in exec of a global copy of rx: the copy's match from a position q
// is the first at or after q, as the spec's sticky tries at q, q+1, … find.
// rx is a regexp goja's split took, whose exec and species are built-in
// (otherwise goja runs the spec's generic steps, which need no repair) or
// whose copy behaves as such.
func (m *regexpMarks) splitExact(rx *goja.Object, strVal, limitVal goja.Value) goja.Value {
	rt := m.realm.Runtime
	str := strVal.ToString().(goja.String)
	lim := uint64(1<<32 - 1)
	if !goja.IsUndefined(limitVal) {
		lim = uint64(uint32(limitVal.ToInteger()))
	}
	out := []any{}
	if lim == 0 {
		return rt.NewArray(out...)
	}
	splitter, unicode := m.globalCopy(rx)
	exec := func(q int) *goja.Object {
		if err := splitter.Set("lastIndex", q); err != nil {
			panic(err)
		}
		z, err := m.exec(splitter, str)
		if err != nil {
			panic(err)
		}
		o, _ := z.(*goja.Object)
		return o
	}
	size := str.Length()
	if size == 0 {
		if exec(0) != nil {
			return rt.NewArray()
		}
		return rt.NewArray(str)
	}
	p, q := 0, 0
	for q < size {
		z := exec(q)
		if z == nil {
			break
		}
		i := int(z.Get("index").ToInteger())
		if i >= size {
			break
		}
		e := min(int(splitter.Get("lastIndex").ToInteger()), size)
		if e == p {
			q = advanceIndex(str, i, unicode)
			continue
		}
		out = append(out, str.Substring(p, i))
		if uint64(len(out)) == lim {
			return rt.NewArray(out...)
		}
		p = e
		n := int(z.Get("length").ToInteger())
		for k := 1; k < n; k++ {
			out = append(out, z.Get(strconv.Itoa(k)))
			if uint64(len(out)) == lim {
				return rt.NewArray(out...)
			}
		}
		q = p
	}
	out = append(out, str.Substring(p, size))
	return rt.NewArray(out...)
}

// globalCopy returns a copy of rx with the g flag and without y (so that
// exec searches from lastIndex), made once for the latest regexp while its
// source and flags stay, and whether rx matches by code points.
func (m *regexpMarks) globalCopy(rx *goja.Object) (*goja.Object, bool) {
	flags := rx.Get("flags").String()
	key := rx.Get("source").String() + "/" + flags
	unicode := false
	f := []byte("g")
	for i := 0; i < len(flags); i++ {
		switch c := flags[i]; c {
		case 'g', 'y', 'd':
		case 'u', 'v':
			unicode = true
			f = append(f, c)
		default:
			f = append(f, c)
		}
	}
	if m.splitRx != rx || m.splitKey != key {
		m.splitRx, m.splitKey = rx, key
		m.splitClone = m.construct([]goja.Value{rx, m.realm.Runtime.ToValue(string(f))})
	}
	return m.splitClone, unicode
}

// advanceIndex is AdvanceStringIndex: the index after the character at i,
// a surrogate pair being one in unicode mode.
// https://tc39.es/ecma262/#sec-advancestringindex
func advanceIndex(s goja.String, i int, unicode bool) int {
	if !unicode || i+1 >= s.Length() {
		return i + 1
	}
	if c := s.CharAt(i); c >= 0xD800 && c <= 0xDBFF {
		if d := s.CharAt(i + 1); d >= 0xDC00 && d <= 0xDFFF {
			return i + 2
		}
	}
	return i + 1
}
