package webapi

import (
	"fmt"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// RegExp legacy static properties: RegExp.$1-$9, input ($_), lastMatch
// ($&), lastParen ($+), leftContext ($`) and rightContext ($'), which every
// browser updates after each successful match of a RegExp.
// https://github.com/tc39/proposal-regexp-legacy-features
//
// goja has none of them, and old libraries read them right after a test:
// Zepto makes `$('<tr>')` with `singleTagRE.test(html) &&
// document.createElement(RegExp.$1)`, so without them every such element
// was an <undefined>.
//
// Keeping them costs little on the hot path: the wrappers of test and the
// @@match, @@search and @@replace methods only remember the regexp, its
// input and its lastIndex before the call when the call matched; the match
// is run again on a clone of the regexp (sharing its compiled pattern) the
// first time a static property is read after it.
//
// RegExp.prototype.exec is deliberately left alone: goja guards it, and
// redefining it turns off goja's fast paths for every regexp of the realm
// (each replace, split and match then goes through the spec's generic,
// exec-calling steps: 30 times slower on a regexp-heavy page).
//
// Known differences from browsers: exec and String.prototype.split do not
// update them; a replace whose result equals its input is taken as no
// match; and a replacer function sees the values of the match before the
// replace, not of the current match.
type regexpLegacy struct {
	rt   *goja.Runtime
	ctor *goja.Object  // RegExp
	exec goja.Callable // the built-in RegExp.prototype.exec
	// execValue is the same function as a value, to recognise it on a regexp
	execValue goja.Value

	// The last call that matched, not yet resolved into the values below.
	pending   bool
	re        *goja.Object
	input     goja.String
	lastIndex goja.Value // re.lastIndex before the call
	all       bool       // @@match/@@replace: the last match of a global regexp

	// empty finds the matches of a global regexp that can match the empty
	// string after a non-empty match (regexpempty.go), with the built-in
	// @@replace
	empty       emptyMatchChecker
	replace     goja.Callable
	test        goja.Callable // the built-in test
	emptyString goja.Value

	// The resolved values of the last match.
	subject  goja.String // RegExp.input: the string matched
	match    goja.String // lastMatch
	index    int64
	captures [9]goja.Value // $1-$9
	last     goja.Value    // lastParen
}

// regexpKind says how a wrapped method reports a match.
type regexpKind int

const (
	kindExec    regexpKind = iota // result is a match array or null (exec, @@match)
	kindTest                      // result is a boolean
	kindSearch                    // result is an index, -1 for none
	kindReplace                   // result is the new string; equal to the input counts as no match
)

// InstallRegExpLegacy installs the legacy static properties of RegExp.
func InstallRegExpLegacy(realm *bind.Realm) error {
	rt := realm.Runtime
	ctor, proto, err := regexpIntrinsics(rt)
	if err != nil {
		return err
	}
	exec, ok := goja.AssertFunction(proto.Get("exec"))
	if !ok {
		return fmt.Errorf("webapi: RegExp.prototype.exec is not a function")
	}
	replace, ok := goja.AssertFunction(proto.GetSymbol(goja.SymReplace))
	if !ok {
		return fmt.Errorf("webapi: RegExp.prototype[Symbol.replace] is not a function")
	}
	empty := asString(rt, rt.ToValue(""))
	l := &regexpLegacy{rt: rt, ctor: ctor, exec: exec, execValue: proto.Get("exec"), replace: replace, emptyString: empty, subject: empty, match: empty, last: empty}
	for i := range l.captures {
		l.captures[i] = empty
	}

	wrap := func(key goja.Value, name string, length int, kind regexpKind, all bool) error {
		var orig goja.Callable
		var ok bool
		if sym, isSym := key.(*goja.Symbol); isSym {
			orig, ok = goja.AssertFunction(proto.GetSymbol(sym))
		} else {
			orig, ok = goja.AssertFunction(proto.Get(key.String()))
		}
		if !ok {
			return fmt.Errorf("webapi: RegExp.prototype %s is not a function", name)
		}
		if kind == kindTest {
			l.test = orig
		}
		f := realm.NewFunction(name, length, func(call goja.FunctionCall) goja.Value {
			if kind == kindTest {
				if v, ok := l.userExec(call); ok {
					return v
				}
			}
			return l.call(orig, call, kind, all)
		})
		if sym, isSym := key.(*goja.Symbol); isSym {
			return proto.DefineDataPropertySymbol(sym, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		}
		return proto.DefineDataProperty(key.String(), f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	for _, w := range []struct {
		key    goja.Value
		name   string
		length int
		kind   regexpKind
		all    bool
	}{
		{rt.ToValue("test"), "test", 1, kindTest, false},
		{goja.SymMatch, "[Symbol.match]", 1, kindExec, true},
		{goja.SymSearch, "[Symbol.search]", 1, kindSearch, false},
		{goja.SymReplace, "[Symbol.replace]", 2, kindReplace, true},
	} {
		if err := wrap(w.key, w.name, w.length, w.kind, w.all); err != nil {
			return err
		}
	}

	accessor := func(names []string, get func() goja.Value, set func(goja.Value)) error {
		getter := realm.NewFunction("get", 0, func(goja.FunctionCall) goja.Value { l.resolve(); return get() })
		var setter goja.Value
		if set != nil {
			setter = realm.NewFunction("set", 1, func(call goja.FunctionCall) goja.Value {
				l.resolve()
				set(call.Argument(0).ToString())
				return goja.Undefined()
			})
		}
		for _, n := range names {
			if err := ctor.DefineAccessorProperty(n, getter, setter, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
				return err
			}
		}
		return nil
	}
	steps := []struct {
		names []string
		get   func() goja.Value
		set   func(goja.Value)
	}{
		{[]string{"input", "$_"}, func() goja.Value { return l.subject }, func(v goja.Value) { l.subject = asString(rt, v) }},
		{[]string{"lastMatch", "$&"}, func() goja.Value { return l.match }, nil},
		{[]string{"lastParen", "$+"}, func() goja.Value { return l.last }, nil},
		{[]string{"leftContext", "$`"}, func() goja.Value { return l.sliceSubject(0, l.index) }, nil},
		{[]string{"rightContext", "$'"}, func() goja.Value {
			return l.sliceSubject(l.index+int64(l.match.Length()), -1)
		}, nil},
	}
	for i := range l.captures {
		i := i
		steps = append(steps, struct {
			names []string
			get   func() goja.Value
			set   func(goja.Value)
		}{[]string{fmt.Sprintf("$%d", i+1)}, func() goja.Value { return l.captures[i] }, nil})
	}
	for _, s := range steps {
		if err := accessor(s.names, s.get, s.set); err != nil {
			return fmt.Errorf("webapi: RegExp statics: %w", err)
		}
	}
	return nil
}

// call runs the built-in method and remembers the call when it matched.
func (l *regexpLegacy) call(orig goja.Callable, call goja.FunctionCall, kind regexpKind, all bool) goja.Value {
	re, isObj := call.This.(*goja.Object)
	args := call.Arguments
	var input goja.String
	var before goja.Value
	var fill bool
	var source string
	if isObj {
		// The input as the method sees it, converted once (a toString with
		// side effects runs once, as in the built-in).
		arg := call.Argument(0)
		_, wasString := arg.(goja.String)
		input = asString(l.rt, arg.ToString())
		before = re.Get("lastIndex")
		if all {
			var mode emptyMode
			mode, source = l.empty.mode(l.rt, re, l.execValue)
			fill = mode == emptyFill
		}
		switch {
		case len(args) == 0:
			args = []goja.Value{input}
		case !wasString:
			a := make([]goja.Value, len(args))
			copy(a, args)
			a[0] = input
			args = a
		}
	}
	var res goja.Value
	if fill {
		res = l.fillAll(re, input, call.Argument(1), kind, source)
	} else {
		var err error
		if res, err = orig(call.This, args...); err != nil {
			panic(err)
		}
	}
	if !isObj {
		return res
	}
	matched := false
	switch kind {
	case kindExec:
		matched = !goja.IsNull(res)
	case kindTest:
		matched = res.ToBoolean()
	case kindSearch:
		matched = res.ToInteger() >= 0
		before = l.rt.ToValue(0) // @@search always matches from 0
	case kindReplace:
		matched = !res.SameAs(input)
	}
	if matched {
		l.pending, l.re, l.input, l.lastIndex, l.all = true, re, input, before, all
	}
	return res
}

// userExec runs test through an exec method the regexp was given (its
// own, or a subclass's), as RegExpExec does: goja's test goes straight to
// the built-in matcher. core-js replaces test when a regexp's own exec is
// not called. https://tc39.es/ecma262/#sec-regexpexec
func (l *regexpLegacy) userExec(call goja.FunctionCall) (goja.Value, bool) {
	re, ok := call.This.(*goja.Object)
	if !ok {
		return nil, false
	}
	ex := re.Get("exec")
	if ex == nil || ex.SameAs(l.execValue) {
		return nil, false
	}
	f, ok := goja.AssertFunction(ex)
	if !ok {
		return nil, false
	}
	res, err := f(re, call.Argument(0).ToString())
	if err != nil {
		panic(err)
	}
	if _, isObj := res.(*goja.Object); !isObj && !goja.IsNull(res) {
		panic(l.rt.NewTypeError("RegExp exec method returned something other than an Object or null"))
	}
	return l.rt.ToValue(!goja.IsNull(res)), true
}

// resolve runs the remembered match again, on a clone of its regexp, and
// keeps its values.
func (l *regexpLegacy) resolve() {
	if !l.pending {
		return
	}
	l.pending = false
	re, input := l.re, l.input
	l.re, l.input = nil, nil
	clone, err := l.rt.New(l.ctor, re)
	if err != nil {
		return
	}
	var res goja.Value = goja.Null()
	if l.all && clone.Get("global").ToBoolean() {
		// The last match of the global loop of @@match and @@replace.
		unicode := clone.Get("unicode").ToBoolean()
		_ = clone.Set("lastIndex", 0)
		n := int64(input.Length()) + 1
		for i := int64(0); i <= n; i++ {
			r, err := l.exec(clone, input)
			if err != nil || goja.IsNull(r) {
				break
			}
			res = r
			if r.ToObject(l.rt).Get("0").String() == "" {
				next := clone.Get("lastIndex").ToInteger() + 1
				if unicode {
					next = advanceUnicode(input, next-1)
				}
				_ = clone.Set("lastIndex", next)
			}
		}
	} else {
		_ = clone.Set("lastIndex", l.lastIndex)
		r, err := l.exec(clone, input)
		if err == nil {
			res = r
		}
	}
	if goja.IsNull(res) || goja.IsUndefined(res) {
		return // cannot happen for an unchanged regexp; keep the values of the match before
	}
	m := res.ToObject(l.rt)
	empty := l.rt.ToValue("")
	l.subject = input
	l.match = asString(l.rt, m.Get("0").ToString())
	l.index = m.Get("index").ToInteger()
	n := m.Get("length").ToInteger()
	l.last = empty
	for i := range l.captures {
		l.captures[i] = empty
		if int64(i+1) < n {
			if v := m.Get(fmt.Sprint(i + 1)); v != nil && !goja.IsUndefined(v) {
				l.captures[i] = v.ToString()
			}
		}
	}
	if n > 1 {
		if v := m.Get(fmt.Sprint(n - 1)); v != nil && !goja.IsUndefined(v) {
			l.last = v.ToString()
		}
	}
}

// advanceUnicode is AdvanceStringIndex with unicode set: past a surrogate
// pair at i, else one unit.
// https://tc39.es/ecma262/#sec-advancestringindex
func advanceUnicode(s goja.String, i int64) int64 {
	if i+1 < int64(s.Length()) {
		if hi, lo := s.CharAt(int(i)), s.CharAt(int(i+1)); hi >= 0xD800 && hi <= 0xDBFF && lo >= 0xDC00 && lo <= 0xDFFF {
			return i + 2
		}
	}
	return i + 1
}

// sliceSubject returns RegExp.input.slice(from, to) (to < 0: to the end),
// in UTF-16 units as the indexes are.
func (l *regexpLegacy) sliceSubject(from, to int64) goja.Value {
	s := l.subject
	n := int64(s.Length())
	if to < 0 || to > n {
		to = n
	}
	from = max(0, min(from, to))
	return s.Substring(int(from), int(to))
}

// asString returns v as a goja string (v is the result of ToString).
func asString(rt *goja.Runtime, v goja.Value) goja.String {
	if s, ok := v.(goja.String); ok {
		return s
	}
	return rt.ToValue(v.String()).(goja.String)
}

// regexpIntrinsics returns the realm's RegExp constructor and its
// prototype.
func regexpIntrinsics(rt *goja.Runtime) (ctor, proto *goja.Object, err error) {
	ctor, ok := rt.GlobalObject().Get("RegExp").(*goja.Object)
	if !ok {
		return nil, nil, fmt.Errorf("webapi: no RegExp constructor")
	}
	proto, ok = ctor.Get("prototype").(*goja.Object)
	if !ok {
		return nil, nil, fmt.Errorf("webapi: no RegExp.prototype")
	}
	return ctor, proto, nil
}
