package jsruntime

import (
	"fmt"
	"strconv"
	"sync"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// Spread arguments of calls and `new` without the iterator protocol for
// plain arrays.
//
// goja evaluates `f(...args)` by the letter of
// https://tc39.es/ecma262/#sec-runtime-semantics-argumentlistevaluation: an
// Array Iterator, then one {value, done} result object per element, each
// step inside a recover frame. `Math.max(...xs)`, `list.push(...items)` and
// `fn(...args)` forwarding do that on every call. The rewrite, on the
// parsed AST like the others (destructure.go):
//
//	f(a, ...b, c)      ->  A(void 0, f, S(S([a], b), [c]))
//	f(...b)            ->  A(void 0, f, b, true)
//	o.m(...b)          ->  A(T = o, G(T, "m"), b, true)
//	o[k](a, ...b)      ->  A(T = o, GB(T, k), S([a], b))
//	new C(...b)        ->  N(C, b, true)
//
// S is the array-literal spread helper (spread.go); its nesting keeps the
// order of evaluation. A and N are Go functions. With true, their list is
// the spread operand: a plain array (as destructure.go defines it) or an
// arguments object whose iteration is the original is used as it is,
// anything else is iterated into a fresh array by S first. Then they call
// the intrinsic Reflect.apply / Reflect.construct (captured at install),
// which reads the list's length and elements by index. A looks at the
// callee only once the list is built, as goja's call does after evaluating
// the arguments; for a callee that cannot be called it throws goja's own
// exception (it calls it from a strict helper, or says "Object has no
// member 'm'" for a missing method). Reflect.construct throws what goja's
// new does.
//
// A member callee keeps its `this` and the moment its property is read
// (before the arguments): T is one hidden global let, assigned the object
// and read back by G at once, with no code of the page running in between,
// so one binding serves every call site. G and GB read the property as
// goja's getPropCallee and getElemCallee do: the same TypeError for a null
// or undefined object, and a missing property remembered for A's message.
//
// Since T is global, calls in parameter defaults and class field
// initializers are lowered as anywhere else. Not lowered: super(...) and
// super.m(...) (they need the function's this binding), private methods, a
// direct eval, optional calls (optspread.go) and calls inside a with
// statement (an identifier callee's this is the with object, and the
// helpers' names would be looked up on it first). Remaining differences are listed
// in KNOWN_GAPS.md: the call goes through one native frame (a stack trace
// taken inside the callee shows it), a callee named by an unresolvable
// identifier throws its ReferenceError before the arguments are evaluated
// (as V8 does; goja throws it after), and a missing method of a primitive
// (`"s".nope(...a)`) or a member named by an object key reports "Value is
// not an object: undefined" rather than goja's "Object has no member".

// The names of A, N, G, GB and T.
const (
	callSpreadHelper  unistring.String = "\x00callSpread"
	newSpreadHelper   unistring.String = "\x00newSpread"
	calleeDotHelper   unistring.String = "\x00calleeDot"
	calleeIndexHelper unistring.String = "\x00calleeIndex"
	callThisTemp      unistring.String = "\x00callThis"
)

// callSpread returns the call replacing c, or nil when c has no spread
// argument or is not lowered (see above).
func (l *patternLowering) callSpread(c *ast.CallExpression) ast.Expression {
	if !hasSpread(c.ArgumentList) || spineHasOptional(c.Callee) || l.with > 0 {
		// Inside with, the helpers' names would be looked up on the with
		// object first (a proxy's has trap would see them), and an
		// identifier callee's this is that object.
		return nil
	}
	at := c.LeftParenthesis
	id := func(name unistring.String) *ast.Identifier { return &ast.Identifier{Name: name, Idx: at} }
	var this, fn ast.Expression
	callee := c.Callee
	if b, ok := callee.(*ast.BracketExpression); ok {
		if key, ok := b.Member.(*ast.StringLiteral); ok {
			// goja compiles o['m'] as o.m (its messages say so)
			callee = &ast.DotExpression{Left: b.Left, Identifier: ast.Identifier{Name: key.Value, Idx: key.Idx}}
		}
	}
	switch callee := callee.(type) {
	case *ast.SuperExpression, *ast.PrivateDotExpression, *ast.Optional, *ast.OptionalChain:
		return nil
	case *ast.Identifier:
		if callee.Name == "eval" {
			return nil
		}
		this, fn = voidZero(at), callee
	case *ast.DotExpression:
		if _, ok := callee.Left.(*ast.SuperExpression); ok {
			return nil
		}
		this = &ast.AssignExpression{Operator: token.ASSIGN, Left: id(callThisTemp), Right: callee.Left}
		fn = &ast.CallExpression{
			Callee:           id(calleeDotHelper),
			LeftParenthesis:  callee.Identifier.Idx,
			ArgumentList:     []ast.Expression{id(callThisTemp), &ast.StringLiteral{Idx: callee.Identifier.Idx, Literal: strconv.Quote(callee.Identifier.Name.String()), Value: callee.Identifier.Name}},
			RightParenthesis: callee.Identifier.Idx1(),
		}
	case *ast.BracketExpression:
		if _, ok := callee.Left.(*ast.SuperExpression); ok {
			return nil
		}
		this = &ast.AssignExpression{Operator: token.ASSIGN, Left: id(callThisTemp), Right: callee.Left}
		fn = &ast.CallExpression{
			Callee:           id(calleeIndexHelper),
			LeftParenthesis:  callee.LeftBracket,
			ArgumentList:     []ast.Expression{id(callThisTemp), callee.Member},
			RightParenthesis: callee.RightBracket,
		}
	default:
		this, fn = voidZero(at), callee
	}
	args := append([]ast.Expression{this, fn}, spreadList(c.ArgumentList, at, c.RightParenthesis)...)
	l.calls++
	return &ast.CallExpression{Callee: id(callSpreadHelper), LeftParenthesis: at, ArgumentList: args, RightParenthesis: c.RightParenthesis}
}

// newSpread returns the call replacing n, or nil when n has no spread
// argument.
func (l *patternLowering) newSpread(n *ast.NewExpression) ast.Expression {
	if !hasSpread(n.ArgumentList) || l.with > 0 {
		return nil
	}
	at := n.LeftParenthesis
	args := append([]ast.Expression{n.Callee}, spreadList(n.ArgumentList, at, n.RightParenthesis)...)
	l.calls++
	return &ast.CallExpression{Callee: &ast.Identifier{Name: newSpreadHelper, Idx: n.New}, LeftParenthesis: at, ArgumentList: args, RightParenthesis: n.RightParenthesis}
}

// spreadList returns the arguments A and N take for a call's argument list:
// the operand and true for a lone spread, else the S nesting of spread.go.
func spreadList(list []ast.Expression, at, end file.Idx) []ast.Expression {
	if len(list) == 1 {
		return []ast.Expression{list[0].(*ast.SpreadElement).Expression, &ast.BooleanLiteral{Idx: at, Literal: "true", Value: true}}
	}
	return []ast.Expression{spreadArray(&ast.ArrayLiteral{LeftBracket: at, RightBracket: end, Value: list})}
}

func voidZero(at file.Idx) ast.Expression {
	return &ast.UnaryExpression{Operator: token.VOID, Idx: at, Operand: numberLiteral(0, at)}
}

// functionClass reports whether o's class is Function, as every callable
// object's is but a revoked proxy's (whose ClassName panics).
func functionClass(o *goja.Object) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return o.ClassName() == "Function"
}

// calleeThrower calls its argument, a value that is not callable, for
// goja's exception.
var calleeThrower = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:callee.js", "(function (f) { 'use strict'; f(); })", true)
})

// missingMember is G's result for a property the object does not have:
// A throws goja's "Object has no member" with its name.
type missingMember struct{ name string }

var (
	newSpreadBinding   = newHiddenBinding(newSpreadHelper)
	callSpreadBinding  = newHiddenBinding(callSpreadHelper)
	calleeDotBinding   = newHiddenBinding(calleeDotHelper)
	calleeIndexBinding = newHiddenBinding(calleeIndexHelper)
	callThisBinding    = newHiddenLet(callThisTemp)
)

// installCallSpreadHelpers defines A, N, G, GB and T in rt's global lexical
// scope; indexed tells a plain array or arguments object (an Array Iterator
// over it reads its length and indices), spread is S.
func installCallSpreadHelpers(rt *goja.Runtime, indexed func(goja.Value) bool, spread goja.Callable) error {
	intrinsic := func(name string) (goja.Callable, error) {
		f, ok := goja.AssertFunction(rt.Get("Reflect").ToObject(rt).Get(name))
		if !ok {
			return nil, fmt.Errorf("jsruntime: call spread helpers: Reflect.%s is not a function", name)
		}
		return f, nil
	}
	reflectApply, err := intrinsic("apply")
	if err != nil {
		return err
	}
	reflectConstruct, err := intrinsic("construct")
	if err != nil {
		return err
	}
	// argList returns the argument list in v: a fresh array from S, or with
	// raw the spread operand itself when it is a plain array or an arguments
	// object (read by index; see indexed), else a fresh array S made by
	// iterating it.
	argList := func(v goja.Value, raw bool) goja.Value {
		if !raw || indexed(v) {
			return v
		}
		r, err := spread(goja.Undefined(), rt.NewArray(), v)
		if err != nil {
			panic(err)
		}
		return r
	}
	throwPrg, err := calleeThrower()
	if err != nil {
		return fmt.Errorf("jsruntime: compile the call spread helpers: %w", err)
	}
	throwV, err := rt.RunProgram(throwPrg)
	if err != nil {
		return fmt.Errorf("jsruntime: call spread helpers: %w", err)
	}
	thrower, _ := goja.AssertFunction(throwV)
	// notCallable throws what goja's call throws for v, a callee that
	// cannot be called: by calling it.
	notCallable := func(v goja.Value) {
		if o, ok := v.(*goja.Object); ok {
			if m, ok := o.Export().(missingMember); ok {
				panic(rt.NewTypeError("Object has no member '%s'", m.name))
			}
		}
		if _, err := thrower(goja.Undefined(), v); err != nil {
			panic(err)
		}
		panic(rt.NewTypeError("Value is not a function"))
	}
	callFn := func(call goja.FunctionCall) goja.Value {
		list := argList(call.Argument(2), call.Argument(3).ToBoolean())
		fn := call.Argument(1)
		if o, ok := fn.(*goja.Object); !ok || !functionClass(o) {
			if _, ok := goja.AssertFunction(fn); !ok {
				// goja reads the elements before it finds out.
				for i, n := int64(0), list.ToObject(rt).Get("length").ToInteger(); i < n; i++ {
					list.ToObject(rt).Get(strconv.FormatInt(i, 10))
				}
				notCallable(fn)
			}
		}
		r, err := reflectApply(goja.Undefined(), fn, call.Argument(0), list)
		if err != nil {
			panic(err)
		}
		return r
	}
	newFn := func(call goja.FunctionCall) goja.Value {
		list := argList(call.Argument(1), call.Argument(2).ToBoolean())
		r, err := reflectConstruct(goja.Undefined(), call.Argument(0), list)
		if err != nil {
			panic(err)
		}
		return r
	}
	reflectGet, err := intrinsic("get")
	if err != nil {
		return err
	}
	// get reads o[key] as a callee: with receiver o, nil when an object
	// lacks the property.
	get := func(o goja.Value, key goja.Value) goja.Value {
		if obj, ok := o.(*goja.Object); ok {
			switch k := key.(type) {
			case *goja.Symbol:
				return obj.GetSymbol(k)
			case *goja.Object:
			default:
				return obj.Get(k.String())
			}
		}
		r, err := reflectGet(goja.Undefined(), o.ToObject(rt), key, o)
		if err != nil {
			panic(err)
		}
		return r
	}
	dotFn := func(call goja.FunctionCall) goja.Value {
		o, key := call.Argument(0), call.Argument(1)
		if goja.IsUndefined(o) || goja.IsNull(o) {
			panic(rt.NewTypeError("Cannot read property '%s' of undefined or null", key.String()))
		}
		v := get(o, key)
		if v == nil {
			return rt.ToValue(missingMember{key.String()})
		}
		return v
	}
	indexFn := func(call goja.FunctionCall) goja.Value {
		o, key := call.Argument(0), call.Argument(1)
		if goja.IsUndefined(o) || goja.IsNull(o) {
			panic(rt.NewTypeError("Cannot read property '%s' of undefined", key))
		}
		v := get(o, key)
		if v == nil {
			return rt.ToValue(missingMember{key.String()})
		}
		return v
	}
	for _, d := range []struct {
		b *hiddenBinding
		v any
	}{{callSpreadBinding, callFn}, {newSpreadBinding, newFn}, {calleeDotBinding, dotFn}, {calleeIndexBinding, indexFn}, {callThisBinding, goja.Undefined()}} {
		if err := d.b.define(rt, d.v); err != nil {
			return fmt.Errorf("jsruntime: call spread helpers: %w", err)
		}
	}
	return nil
}
