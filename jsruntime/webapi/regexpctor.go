package webapi

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/lru"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
)

// The RegExp constructor with compiled patterns shared across renders.
// https://tc39.es/ecma262/#sec-regexp-pattern-flags
//
// goja compiles the pattern of every `new RegExp(string, flags)` again, and
// some patterns cost tens of milliseconds: a case-insensitive pattern that
// goja hands to regexp2 (lookaheads, backreferences) gets the case
// equivalents of each of its character classes, and `.` is the class of
// almost every code point (regexp2 calls unicode.SimpleFold about a million
// times for each `.`). DataTables builds "^(?=.*?word)(.)*$" with the i flag
// for its search box on every render, which was half of that page's time.
// (jsruntime's literal lowering now writes `.`, \S, \W and \D of such
// patterns as negated classes, which regexp2 folds cheaply, and wide
// bracketed classes of characters and ranges as their complements; classes
// with class escapes, such as [\S\d], still cost that much.)
//
// A regular expression literal, on the other hand, is compiled once with
// the goja.Program that holds it, and each evaluation clones the compiled
// pattern (the clones are safe to run on any runtime). So RegExp is
// replaced by a native constructor that, for a string pattern and string
// or absent flags, evaluates the equivalent literal /pattern/flags from a
// process-wide cache of such one-literal programs (for a subclass's
// super() too, the result then given the subclass's prototype, so that a
// subclass gets the v flag and \p{…} as RegExp does: shiki's JavaScript
// engine compiles its grammars with a RegExp subclass and the v flag);
// everything else (a RegExp or object pattern, a pattern the literal
// cannot spell, an invalid pattern) goes to the built-in constructor
// unchanged.
//
// The replacement is meant to be indistinguishable: same name, length,
// prototype (whose constructor it becomes), static properties and
// @@species getter, callable without new, and
// Function.prototype.toString gives "function RegExp() { [native code] }".
// One thing differs on purpose: RegExp[Symbol.species] is the built-in
// constructor goja compares with before taking its fast paths in split,
// matchAll and replace; a subclass still gets itself.
//
// RegExp(re) called as a function with no flags returns re itself, while
// new RegExp(re) copies it. goja passes a native constructor the same
// fresh object and no new.target for both, so the constructor sits behind
// a proxy (bind.Realm.CallableConstructor) whose [[Call]] is the call. The
// copy for a call made babel-polyfill and core-js (their check is
// `RegExp(re) !== re`) replace RegExp with a wrapper written in
// JavaScript on every page that loads them.
//
// The source of a cached regexp is the literal's: a "/" or a line
// terminator in the pattern is escaped ("a\/b"), as the spec's
// EscapeRegExpPattern and Chromium do (goja's constructor keeps it as is).

// regexpLiteralCacheEntries bounds the process-wide cache of literal
// programs, regexpLiteralCacheBytes their estimated size;
// regexpLiteralMaxPattern is the longest pattern cached. linkify-it's
// (markdown-it's) link patterns are 14–24 KB, and each costs 100–200 ms to
// compile.
const (
	regexpLiteralCacheEntries = 4096
	regexpLiteralCacheBytes   = 16 << 20
	regexpLiteralMaxPattern   = 64 << 10
)

// regexpLiteral is a cached program and its estimated size: a program
// with a compiled regexp takes about 8 bytes per byte of its pattern
// (150 KB for an 18 KB linkify-it pattern), and at least a few hundred.
type regexpLiteral struct {
	prg  *goja.Program
	size int
}

// regexpLiterals caches, by pattern and flags, the program evaluating the
// equivalent literal, or nil when the pattern is left to the built-in
// constructor.
var regexpLiterals = lru.New(lru.Options[string, regexpLiteral]{
	MaxLen:  regexpLiteralCacheEntries,
	MaxCost: regexpLiteralCacheBytes,
	Cost:    func(_ string, l regexpLiteral) int64 { return int64(l.size) },
})

// DropRegExpCaches empties the process-wide caches of compiled RegExp
// patterns (the constructor's literal programs, the d flag's patterns), as
// in a process that has compiled none yet.
func DropRegExpCaches() {
	regexpLiterals.Clear()
	indicesPatterns.Clear()
}

// regexpLiteralProgram returns the cached program for pattern and flags,
// compiling it on a miss; nil when there is none.
func regexpLiteralProgram(pattern, flags string) *goja.Program {
	key := pattern + "\x00" + flags
	if l, ok := regexpLiterals.Get(key); ok {
		return l.prg
	}
	p := compileRegexpLiteral(pattern, flags)
	size := 256
	if p != nil {
		size += 10 * len(pattern)
	}
	regexpLiterals.Put(key, regexpLiteral{p, size})
	return p
}

// compileRegexpLiteral compiles the program `/pattern/flags`, or returns
// nil when the pattern cannot be written as that literal or does not
// compile (the built-in constructor then says why).
func compileRegexpLiteral(pattern, flags string) *goja.Program {
	// The bound is on the pattern as written: a v pattern's translation
	// spells out its property escapes' classes (two \p{Alpha} in shiki's
	// grammars are over 20 KB), and the built-in constructor does not know
	// the v flag.
	if len(pattern) > regexpLiteralMaxPattern {
		return nil
	}
	if strings.IndexByte(flags, 'v') >= 0 {
		// goja has no v flag: compile the u-mode equivalent
		if RegExpUnicodeSets == nil || strings.IndexByte(flags, 'u') >= 0 || strings.Count(flags, "v") > 1 {
			return nil
		}
		p, ok := RegExpUnicodeSets(pattern)
		if !ok {
			return nil
		}
		pattern, flags = p, strings.Replace(flags, "v", "u", 1)
	}
	if pattern == "" {
		pattern = "(?:)" // what source reads for an empty pattern; "//" is a comment
	}
	src, ok := regexpLiteralSource(pattern, flags)
	if !ok {
		return nil
	}
	if RegExpLiteralRewrite != nil && strings.IndexByte(flags, 'u') >= 0 {
		src = RegExpLiteralRewrite(src)
	}
	prg, err := goja.Parse("bangsnap:regexp-literal.js", src)
	if err != nil || len(prg.Body) != 1 {
		return nil
	}
	st, ok := prg.Body[0].(*ast.ExpressionStatement)
	if !ok {
		return nil
	}
	lit, ok := st.Expression.(*ast.RegExpLiteral)
	if !ok {
		return nil
	}
	if RegExpLiteralLower != nil {
		RegExpLiteralLower(lit)
	}
	p, err := goja.CompileAST(prg, true)
	if err != nil {
		return nil
	}
	return p
}

// RegExpLiteralRewrite, when set, rewrites the literal a u-flagged
// pattern is compiled as, as the page's own scripts are rewritten: package
// jsruntime sets it to expand \p{…} property escapes, which goja's engine
// does not match, so that new RegExp("\\p{N}", "u") (Inputmask's digit
// definition) matches digits as a literal /\p{N}/u does.
var RegExpLiteralRewrite func(src string) string

// RegExpUnicodeSets, when set, translates the pattern of a v-flagged
// regexp (unicodeSets) to the u-mode pattern it is compiled as, or reports
// false; package jsruntime sets it (goja has no v flag).
var RegExpUnicodeSets func(pattern string) (string, bool)

// RegExpLiteralLower, when set, rewrites each literal the constructor
// compiles, as the literals of the page's own scripts are rewritten:
// package jsruntime sets it to make $ match before every line terminator
// in a multiline pattern (goja's engines stop only before \n).
var RegExpLiteralLower func(lit *ast.RegExpLiteral) bool

// regexpLiteralSource writes /pattern/flags, escaping "/" and line
// terminators as EscapeRegExpPattern does.
// https://tc39.es/ecma262/#sec-escaperegexppattern
func regexpLiteralSource(pattern, flags string) (string, bool) {
	if pattern == "" || pattern[0] == '*' ||
		!utf8.ValidString(pattern) || strings.ContainsRune(pattern, utf8.RuneError) {
		return "", false
	}
	for i := 0; i < len(flags); i++ {
		if c := flags[i]; c < 'a' || c > 'z' {
			return "", false
		}
	}
	var b strings.Builder
	b.Grow(len(pattern) + len(flags) + 8)
	b.WriteByte('/')
	escaped := false
	for _, r := range pattern {
		switch r {
		case '\n', '\r', '\u2028', '\u2029':
			if escaped {
				return "", false // an escaped line terminator: leave it to the constructor
			}
			b.WriteString(lineTerminatorEscapes[r])
			continue
		case '/':
			if !escaped {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
		escaped = r == '\\' && !escaped
	}
	if escaped {
		return "", false
	}
	b.WriteByte('/')
	b.WriteString(flags)
	return b.String(), true
}

var lineTerminatorEscapes = map[rune]string{'\n': `\n`, '\r': `\r`, '\u2028': `\u2028`, '\u2029': `\u2029`}

// InstallRegExpConstructor replaces the global RegExp with the caching
// constructor described above. It must run before anything captures
// RegExp (the matchAll shim, the legacy statics).
func InstallRegExpConstructor(realm *bind.Realm) error {
	rt := realm.Runtime
	global := rt.GlobalObject()
	orig, ok := global.Get("RegExp").(*goja.Object)
	if !ok {
		return fmt.Errorf("webapi: no RegExp constructor")
	}
	origCtor, ok := goja.AssertConstructor(orig)
	if !ok {
		return fmt.Errorf("webapi: RegExp is not a constructor")
	}
	proto, ok := orig.Get("prototype").(*goja.Object)
	if !ok {
		return fmt.Errorf("webapi: no RegExp.prototype")
	}
	// ctor is the native constructor, pub the proxy in front of it, the
	// RegExp scripts see. constructPlain makes a regexp goja knows the
	// flags of; construct handles d and v around it (regexpflags.go).
	var constructPlain func(args []goja.Value, newTarget *goja.Object) *goja.Object
	var ctor, pub *goja.Object
	marks, err := newRegexpMarks(realm, proto)
	if err != nil {
		return err
	}
	construct := func(args []goja.Value, newTarget *goja.Object) *goja.Object {
		args, mk := marks.prepare(args)
		o := constructPlain(args, newTarget)
		marks.setMark(o, &mk)
		return o
	}
	marks.construct = func(args []goja.Value) *goja.Object { return construct(args, pub) }
	marks.species = orig
	constructPlain = func(args []goja.Value, newTarget *goja.Object) *goja.Object {
		if len(args) > 0 && goja.IsString(args[0]) {
			flags := ""
			if len(args) > 1 && !goja.IsUndefined(args[1]) {
				if !goja.IsString(args[1]) {
					goto builtin
				}
				flags = args[1].String()
			}
			if prg := regexpLiteralProgram(args[0].String(), flags); prg != nil {
				v, err := rt.RunProgram(prg)
				if err != nil {
					panic(err)
				}
				o := v.(*goja.Object)
				if newTarget != pub {
					// A subclass's super() (or Reflect.construct with a
					// new.target): the same regexp, with the prototype
					// GetPrototypeFromConstructor gives, as the built-in
					// constructor would make it, but compiled as the literal
					// is, with the v flag and \p{…} the built-in lacks.
					p, ok := newTarget.Get("prototype").(*goja.Object)
					if !ok {
						p = proto
					}
					if err := o.SetPrototype(p); err != nil {
						panic(err)
					}
				}
				return o
			}
		}
	builtin:
		o, err := origCtor(newTarget, args...)
		if err != nil {
			panic(err)
		}
		return o
	}
	ctor = rt.ToValue(func(call goja.ConstructorCall) *goja.Object {
		newTarget := call.NewTarget // pub for new RegExp(…), else a subclass
		if newTarget == nil {
			newTarget = pub
		}
		return construct(call.Arguments, newTarget)
	}).(*goja.Object)
	pub, err = realm.CallableConstructor("RegExp", ctor, func(_ goja.Value, args []goja.Value) goja.Value {
		// Called as a function: a regexp pattern made by RegExp itself is
		// returned as it is when no flags are given.
		// https://tc39.es/ecma262/#sec-regexp-pattern-flags steps 2-4
		pattern, flags := goja.Undefined(), goja.Undefined()
		if len(args) > 0 {
			pattern = args[0]
		}
		if len(args) > 1 {
			flags = args[1]
		}
		if p, ok := pattern.(*goja.Object); ok && goja.IsUndefined(flags) && isRegExp(p) && p.Get("constructor") == pub {
			return p
		}
		return construct(args, pub)
	})
	if err != nil {
		return fmt.Errorf("webapi: RegExp constructor: %w", err)
	}

	// The built-in's own properties, then name, length and prototype as
	// the built-in has them.
	for _, name := range orig.GetOwnPropertyNames() {
		switch name {
		case "prototype", "length", "name":
			continue
		}
		if err := copyOwnProperty(rt, orig, ctor, rt.ToValue(name)); err != nil {
			return err
		}
	}
	for _, sym := range orig.Symbols() {
		if sym == goja.SymSpecies {
			continue
		}
		if err := copyOwnProperty(rt, orig, ctor, sym); err != nil {
			return err
		}
	}
	speciesGet := realm.NewFunction("get [Symbol.species]", 0, func(call goja.FunctionCall) goja.Value {
		if call.This == pub || call.This == ctor {
			return orig // goja's fast paths compare with the built-in
		}
		return call.This
	})
	steps := []error{
		ctor.DefineDataProperty("length", rt.ToValue(2), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE),
		ctor.DefineDataProperty("name", rt.ToValue("RegExp"), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE),
		ctor.DefineDataProperty("prototype", proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE),
		ctor.DefineAccessorPropertySymbol(goja.SymSpecies, speciesGet, nil, goja.FLAG_TRUE, goja.FLAG_FALSE),
		proto.DefineDataProperty("constructor", pub, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE),
		global.DefineDataProperty("RegExp", pub, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE),
	}
	for _, err := range steps {
		if err != nil {
			return fmt.Errorf("webapi: RegExp constructor: %w", err)
		}
	}
	return nil
}

// isRegExp is the spec's IsRegExp: @@match when defined, else whether o is
// a RegExp object.
// https://tc39.es/ecma262/#sec-isregexp
func isRegExp(o *goja.Object) bool {
	if m := o.GetSymbol(goja.SymMatch); m != nil && !goja.IsUndefined(m) {
		return m.ToBoolean()
	}
	return o.ClassName() == "RegExp"
}

// copyOwnProperty defines key on to as it is defined on from.
func copyOwnProperty(rt *goja.Runtime, from, to *goja.Object, key goja.Value) error {
	getDesc, _ := goja.AssertFunction(rt.Get("Object").ToObject(rt).Get("getOwnPropertyDescriptor"))
	define, _ := goja.AssertFunction(rt.Get("Object").ToObject(rt).Get("defineProperty"))
	d, err := getDesc(goja.Undefined(), from, key)
	if err != nil {
		return err
	}
	if goja.IsUndefined(d) {
		return nil
	}
	_, err = define(goja.Undefined(), to, key, d)
	return err
}
