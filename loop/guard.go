package loop

import (
	"fmt"
	"reflect"
	"unsafe"
	"weak"

	"github.com/dop251/goja"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
)

// Guards against the page sources and calls that would overflow Go's stack
// inside goja: a fatal error no recover catches, which kills the whole
// process, not just the page.

// guardCompiles makes every source the runtime compiles (eval, direct or
// not, new Function, setTimeout strings, Runtime.RunString) pass
// CheckSource first; a refused source throws a SyntaxError where goja's
// own syntax errors are thrown (from Go, outside JavaScript, RunString
// panics with it, as a native function's throw does; the loop's tasks
// recover and report it).
//
// goja has no hook that sees the source of an eval: wrapping the global
// eval would lose direct eval (goja recognises it by the identity of its
// intrinsic eval function). Its parser options are the one thing it calls
// at the start of every compile, with a pointer to the options field of the
// parser, which holds the source. sourceOfParser reads it from there,
// checking the layout first; when the check fails (another goja version)
// the guard lets the source through, and the tests that compile deep
// sources through eval fail.
//
// The same options turn off goja's source maps: by default its parser
// follows a source's `//# sourceMappingURL=` comment, reading a file: URL
// from the local disk, and reports error positions through the map, which
// browsers never do (a page's eval("…//# sourceMappingURL=file:///dev/zero")
// would read until memory runs out).
//
// rewrite, when not nil, may then replace the source about to be parsed
// (see Loop.SetCompileRewrite).
//
// check, when not nil, sees the source after CheckSource and may throw.
func guardCompiles(rt *goja.Runtime, check func(src string), rewrite func(src string) (string, bool)) {
	syntaxError, _ := goja.AssertConstructor(rt.GlobalObject().Get("SyntaxError"))
	rt.SetParserOptions(parser.WithDisableSourceMaps, parserOption(func(p *parserLayout) {
		src, ok := sourceOfParser(p)
		if !ok {
			return
		}
		if err := CheckSource(src); err != nil {
			throwAs(rt, syntaxError, err)
		}
		if check != nil {
			check(src)
		}
		if to, ok := RewriteMaxCodePointEscapes(src); ok {
			src = to
			p.str, p.length = to, len(to)
			p.file = file.NewFile(p.file.Name(), to, p.base)
		}
		if rewrite == nil {
			return
		}
		if to, ok := rewrite(src); ok && CheckSource(to) == nil {
			p.str, p.length = to, len(to)
			p.file = file.NewFile(p.file.Name(), to, p.base)
		}
	}))
}

// SetCompileRewrite makes every source the page's runtime compiles at run
// time (eval, new Function and its async and generator kinds, setTimeout
// strings, Runtime.RunString; not the programs compiled ahead, such as
// scripts) pass through rewrite first: when it returns true, goja parses
// the source it returns instead. jsruntime lowers there the syntax goja's
// parser lacks (import(), async generators), as it does for scripts. It is
// called on the loop's goroutine, before the parse, for every compile, so
// it must be cheap for sources it leaves alone.
func (l *Loop) SetCompileRewrite(rewrite func(src string) (string, bool)) {
	l.compileRewrite = rewrite
}

// SetCompileCheck makes every source the page's runtime parses at run time
// from a string (eval, new Function and its kinds, Runtime.RunString; not
// setTimeout strings, which the loop compiles itself, nor programs
// compiled ahead) pass check first, which may throw to refuse it:
// jsruntime's Trusted Types enforcement, the host hook a browser has for
// eval (https://tc39.es/ecma262/#sec-hostensurecancompilestrings). It must
// be cheap for the sources it lets through.
func (l *Loop) SetCompileCheck(check func(src string)) { l.compileCheck = check }

// checkCompile is the check guardCompiles calls for the page's runtime.
func (l *Loop) checkCompile(src string) {
	if l.compileCheck != nil {
		l.compileCheck(src)
	}
}

// rewriteCompile is the rewrite guardCompiles calls for the page's runtime.
func (l *Loop) rewriteCompile(src string) (string, bool) {
	if l.compileRewrite == nil {
		return "", false
	}
	return l.compileRewrite(src)
}

// throwAs throws err from native code as an error made by ctor (an
// intrinsic captured before the page ran: RangeError, SyntaxError), or as
// a GoError when there is none.
func throwAs(rt *goja.Runtime, ctor goja.Constructor, err error) {
	if ctor != nil {
		if o, e := ctor(nil, rt.ToValue(err.Error())); e == nil {
			panic(o)
		}
	}
	panic(rt.NewGoError(err))
}

// parserOption returns a goja parser option that calls see with the parser
// of each parse, before it has read anything. The option's type takes a
// pointer to an unexported type, so the function is made by reflection,
// once per runtime; each call costs a reflective call, small next to a
// parse.
func parserOption(see func(p *parserLayout)) parser.Option {
	return reflect.MakeFunc(reflect.TypeFor[parser.Option](), func(args []reflect.Value) []reflect.Value {
		see(parserAt(args[0].UnsafePointer()))
		return nil
	}).Interface().(parser.Option)
}

// parserLayout mirrors the fields of goja's parser._parser (goja
// v0.0.0-20260917113740-793a2a65c13b, parser/parser.go) up to its options:
// the parser option receives a pointer to that field.
type parserLayout struct {
	str               string
	length            int
	base              int
	chr               rune
	chrOffset         int
	offset            int
	idx               int // file.Idx
	token             int // token.Token
	literal           string
	parsedLiteral     string // unistring.String
	scope             unsafe.Pointer
	insertSemicolon   bool
	implicitSemicolon bool
	errors            []unsafe.Pointer // parser.ErrorList
	recover           struct{ idx, count int }
	mode              uint // parser.Mode
	opts              struct {
		disableSourceMaps bool
		sourceMapLoader   func(path string) ([]byte, error)
	}
	file *file.File
}

// parserAt returns the parser whose options field is at opts.
func parserAt(opts unsafe.Pointer) *parserLayout {
	return (*parserLayout)(unsafe.Add(opts, -int(unsafe.Offsetof(parserLayout{}.opts))))
}

// sourceOfParser returns the source of p, when the parser is laid out as
// parserLayout says and is freshly made (as the option sees it: before
// anything was scanned).
func sourceOfParser(p *parserLayout) (string, bool) {
	// _newParser sets these before applying the options; a parser laid
	// out otherwise would have to match them all by chance.
	if p.chr != ' ' || p.base < 1 || p.length < 0 || p.chrOffset != 0 || p.offset != 0 ||
		p.idx != 0 || p.token != 0 || p.scope != nil || p.errors != nil || p.literal != "" ||
		p.insertSemicolon || p.implicitSemicolon || len(p.str) != p.length ||
		p.file == nil || p.file.Base() != p.base {
		return "", false
	}
	return p.str, true
}

// MaxBindDepth is how long a chain of bound functions may grow
// (f = f.bind(null), over and over). goja calls a bound function by calling
// its target from Go, outside the JavaScript call stack limit: calling a
// chain a million long overflows Go's stack. Each link also names itself
// "bound " + its target's name, so the chain's names grow quadratically.
const MaxBindDepth = 1_000

// guardBind wraps Function.prototype.bind so that binding a bound function
// whose chain is MaxBindDepth long throws a RangeError. Binding a function
// that is not bound (nearly every bind) costs one comparison: only chains
// of two or more are remembered, by the identity of their last function,
// weakly (they do not keep it alive).
func guardBind(rt *goja.Runtime) {
	rangeError, _ := goja.AssertConstructor(rt.GlobalObject().Get("RangeError"))
	var depths boundDepths
	var isBound func(*goja.Object) bool
	wrapBuiltin(rt, "Function", "bind", func(bind goja.Callable, call goja.FunctionCall) goja.Value {
		if isBound == nil {
			isBound = boundTest(rt, bind)
		}
		d := 1
		if t, ok := call.This.(*goja.Object); ok && isBound(t) {
			// A bound function bind did not remember is a chain of one.
			d = max(depths.of(t), 1) + 1
		}
		if d > MaxBindDepth {
			throwAs(rt, rangeError, fmt.Errorf("Function.prototype.bind: a chain of more than %d bound functions", MaxBindDepth))
		}
		v, err := bind(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		if o, ok := v.(*goja.Object); ok && d > 1 {
			depths.set(o, d)
		}
		return v
	})
}

// boundTest returns a test of whether an object is one of goja's bound
// functions: its implementation (the interface that is the first word of a
// goja.Object) has the dynamic type of the functions bind makes, which is
// one itab pointer to compare. The layout is checked on functions bound
// here; when the check fails (another goja version) every object is taken
// for a bound function, which costs a lookup per bind and remembers every
// bound function.
func boundTest(rt *goja.Runtime, bind goja.Callable) func(*goja.Object) bool {
	all := func(*goja.Object) bool { return true }
	impl := func(o *goja.Object) uintptr { return *(*uintptr)(unsafe.Pointer(o)) }
	a := rt.ToValue(func(goja.FunctionCall) goja.Value { return nil }).(*goja.Object)
	b := rt.ToValue(func(goja.FunctionCall) goja.Value { return nil }).(*goja.Object)
	ba, err1 := bind(a)
	bb, err2 := bind(b)
	oa, ok1 := ba.(*goja.Object)
	ob, ok2 := bb.(*goja.Object)
	if err1 != nil || err2 != nil || !ok1 || !ok2 {
		return all
	}
	tab := impl(oa)
	if impl(ob) != tab || impl(a) == tab || impl(rt.NewObject()) == tab || impl(rt.NewArray()) == tab {
		return all
	}
	return func(o *goja.Object) bool { return impl(o) == tab }
}

// wrapBuiltin replaces ctor.prototype[name] with wrap, a native function
// that keeps the builtin's name and length and gets the builtin to call.
// A page that deleted or replaced the builtin beforehand is left as it is.
func wrapBuiltin(rt *goja.Runtime, ctor, name string, wrap func(orig goja.Callable, call goja.FunctionCall) goja.Value) {
	c, ok := rt.GlobalObject().Get(ctor).(*goja.Object)
	if !ok {
		return
	}
	proto, ok := c.Get("prototype").(*goja.Object)
	if !ok {
		return
	}
	origObj, ok := proto.Get(name).(*goja.Object)
	if !ok {
		return
	}
	orig, ok := goja.AssertFunction(origObj)
	if !ok {
		return
	}
	f := rt.ToValue(func(call goja.FunctionCall) goja.Value { return wrap(orig, call) }).(*goja.Object)
	f.DefineDataProperty("name", rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	f.DefineDataProperty("length", origObj.Get("length"), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	proto.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// boundDepths maps bound functions to the length of their chain (two or
// more). Keys are
// addresses; the weak pointer tells a live function from a dead one whose
// address was reused (the collector clears it before reusing the memory).
type boundDepths struct {
	m       map[uintptr]boundDepth
	pruneAt int
}

type boundDepth struct {
	ref   weak.Pointer[goja.Object]
	depth int
}

// of returns the chain length of o: 0 for a function this runtime's bind
// did not make.
func (b *boundDepths) of(o *goja.Object) int {
	e, ok := b.m[uintptr(unsafe.Pointer(o))]
	if !ok || e.ref.Value() != o {
		return 0
	}
	return e.depth
}

func (b *boundDepths) set(o *goja.Object, depth int) {
	if b.m == nil {
		b.m = make(map[uintptr]boundDepth)
		b.pruneAt = 1024
	}
	if len(b.m) >= b.pruneAt {
		// Forget the dead functions; amortized over the sets since the
		// last pruning.
		for k, e := range b.m {
			if e.ref.Value() == nil {
				delete(b.m, k)
			}
		}
		b.pruneAt = max(1024, 2*len(b.m))
	}
	b.m[uintptr(unsafe.Pointer(o))] = boundDepth{ref: weak.Make(o), depth: depth}
}

// MaxFlatDepth bounds the depth Array.prototype.flat flattens to. goja
// flattens by Go recursion, one level per nesting level of the array:
// [[[…]]] nested a few million deep, flattened with flat(Infinity),
// overflows Go's stack. Deeper levels stay nested arrays (a browser would
// throw a RangeError); real arrays nest a handful of levels.
const MaxFlatDepth = 10_000

// guardFlat wraps Array.prototype.flat so that its depth is at most
// MaxFlatDepth.
func guardFlat(rt *goja.Runtime) {
	maxDepth := rt.ToValue(MaxFlatDepth)
	wrapBuiltin(rt, "Array", "flat", func(flat goja.Callable, call goja.FunctionCall) goja.Value {
		args := call.Arguments
		// https://tc39.es/ecma262/#sec-array.prototype.flat: the depth is
		// ToIntegerOrInfinity(depth); NaN is 0.
		if len(args) > 0 && !goja.IsUndefined(args[0]) && args[0].ToFloat() > MaxFlatDepth {
			args = append([]goja.Value{maxDepth}, args[1:]...)
		}
		v, err := flat(call.This, args...)
		if err != nil {
			panic(err)
		}
		return v
	})
}
