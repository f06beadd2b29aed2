package jsruntime

import (
	"fmt"
	"sync"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/unistring"
)

// Spread elements of array literals without the iterator protocol for
// plain arrays.
//
// goja builds `[...a, x]` by the letter of
// https://tc39.es/ecma262/#sec-runtime-semantics-arrayaccumulation: an
// Array Iterator, then one {value, done} result object (with its own
// property map) per element. Copying and concatenating arrays this way
// (`[...list]`, `[...acc, item]`) was a seventh of a mermaid render's
// allocations once its destructuring was lowered. For a plain array (as
// destructure.go defines it) the iterator only reads the length, then each
// index in turn, so a loop doing those reads is the same thing. So:
//
//	[a, ...s, b, c, ...t]  ->  S(S(S([a], s), [b, c]), t)
//
// S(acc, x) appends x's elements to acc, a fresh array only this
// expression sees, and returns it (or, when acc is still empty, a fresh
// array in its place): by the iterator protocol when x is not a plain
// array. For a plain array, the intrinsic Array.from reads x in native
// code: a copy of its elements when it has no holes or accessors (where
// the iterator would run no code of the page either), its own iteration
// otherwise; the copy is the result when acc is empty, else appended to
// acc by the intrinsic push through Reflect.apply, also in native code.
// An interpreted loop reading x[i] and setting acc[n] cost a mermaid render
// about 30 ms (its config keys are gathered by `[...res, key]` in a
// reduce); it is still used to append fewer than 8 elements, which it does
// with less CPU and garbage than the two native calls. The nesting keeps the order of evaluation: each spread is
// iterated before the elements after it are evaluated. A literal with an
// elision after its first spread (`[...s, , x]`) is left to goja: its
// chunk would have to keep the hole.

// spreadHelper is the name of S.
const spreadHelper unistring.String = "\x00spread"

// spreadArray returns the call replacing a, or nil when a has no spread
// element or cannot be lowered.
func spreadArray(a *ast.ArrayLiteral) ast.Expression {
	first := -1
	for i, e := range a.Value {
		if _, ok := e.(*ast.SpreadElement); ok {
			if first < 0 {
				first = i
			}
		} else if e == nil && first >= 0 {
			return nil
		}
	}
	if first < 0 {
		return nil
	}
	at := a.LeftBracket
	call := func(acc, x ast.Expression) ast.Expression {
		return &ast.CallExpression{
			Callee:           &ast.Identifier{Name: spreadHelper, Idx: at},
			LeftParenthesis:  at,
			ArgumentList:     []ast.Expression{acc, x},
			RightParenthesis: a.RightBracket,
		}
	}
	var acc ast.Expression = &ast.ArrayLiteral{LeftBracket: at, RightBracket: a.RightBracket, Value: a.Value[:first:first]}
	var chunk []ast.Expression
	for _, e := range a.Value[first:] {
		if s, ok := e.(*ast.SpreadElement); ok {
			if len(chunk) > 0 {
				acc = call(acc, &ast.ArrayLiteral{LeftBracket: chunk[0].Idx0(), RightBracket: chunk[len(chunk)-1].Idx1(), Value: chunk})
				chunk = nil
			}
			acc = call(acc, s.Expression)
			continue
		}
		chunk = append(chunk, e)
	}
	if len(chunk) > 0 {
		acc = call(acc, &ast.ArrayLiteral{LeftBracket: chunk[0].Idx0(), RightBracket: chunk[len(chunk)-1].Idx1(), Value: chunk})
	}
	return acc
}

// spreadSource makes S from plain, the Go test of a plain array, and the
// intrinsics: Array.from bound to Array (so that goja takes its copying
// path), Reflect.apply and Array.prototype.push.
const spreadSource = `(function (plain, from, apply, push) {
  'use strict';
  return function (acc, x) {
    var n = acc.length;
    if (plain(x)) {
      if (n === 0) return from(x);
      if (x.length >= 8) {
        apply(push, acc, from(x));
        return acc;
      }
      for (var i = 0; i < x.length; i++) acc[n++] = x[i];
      return acc;
    }
    for (var v of x) acc[n++] = v;
    return acc;
  };
})`

var (
	spreadMaker   = sync.OnceValues(func() (*goja.Program, error) { return goja.Compile("bangsnap:spread.js", spreadSource, true) })
	spreadBinding = newHiddenBinding(spreadHelper)
)

// installSpreadHelper defines S in rt's global lexical scope; plain tells
// a plain array (see installArrayPatternHelper).
// It returns S.
func installSpreadHelper(rt *goja.Runtime, plain func(goja.Value) bool) (goja.Callable, error) {
	mkPrg, err := spreadMaker()
	if err != nil {
		return nil, fmt.Errorf("jsruntime: compile the spread helper: %w", err)
	}
	mkV, err := rt.RunProgram(mkPrg)
	if err != nil {
		return nil, fmt.Errorf("jsruntime: spread helper: %w", err)
	}
	mk, _ := goja.AssertFunction(mkV)
	// Array.from.bind(Array), made with the intrinsic bind: goja copies
	// a plain array only for a this that is its own Array constructor.
	array := rt.Get("Array").ToObject(rt)
	bind, ok := goja.AssertFunction(rt.Get("Function").ToObject(rt).Get("prototype").ToObject(rt).Get("bind"))
	if !ok {
		return nil, fmt.Errorf("jsruntime: spread helper: Function.prototype.bind is not a function")
	}
	from, err := bind(array.Get("from"), array)
	if err != nil {
		return nil, fmt.Errorf("jsruntime: spread helper: Array.from: %w", err)
	}
	apply := rt.Get("Reflect").ToObject(rt).Get("apply")
	push := array.Get("prototype").ToObject(rt).Get("push")
	s, err := mk(goja.Undefined(), rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(plain(call.Argument(0)))
	}), from, apply, push)
	if err != nil {
		return nil, fmt.Errorf("jsruntime: spread helper: %w", err)
	}
	if err := spreadBinding.define(rt, s); err != nil {
		return nil, fmt.Errorf("jsruntime: spread helper: %w", err)
	}
	sf, _ := goja.AssertFunction(s)
	return sf, nil
}
