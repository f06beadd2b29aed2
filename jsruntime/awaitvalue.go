package jsruntime

import (
	"fmt"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/unistring"
)

// await of an object that inherits from Promise.prototype but is no
// promise.
//
// ECMAScript's PromiseResolve(C, x), which await runs on its operand,
// returns x itself only when x is a promise whose constructor is C;
// otherwise it makes a new promise resolved with x (a thenable's then is
// called in a job). goja leaves out the "is a promise" test: an object
// whose constructor property is %Promise% and that is no promise is taken
// as one, and goja's await then panics on it (interface conversion:
// *goja.baseObject is not *goja.Promise), ending the task. React's Flight
// client (the React Server Components runtime behind Next.js's App
// Router) makes such objects (`ReactPromise.prototype =
// Object.create(Promise.prototype)`, with a then of its own) and awaits
// them while it hydrates the page, so no Next.js App Router page hydrated.
//
// Classic scripts are rewritten on the parsed AST before goja compiles
// them: `await x` becomes `await A(x)`, where A returns x unless x is an
// object that is no promise and whose constructor is %Promise%; for such
// an object it returns a new promise resolved with it, which is what
// PromiseResolve makes. Only the statements whose text holds "await" are
// walked. Code goja compiles itself (eval, new Function) is not rewritten.
// A is a global lexical binding whose name no source text can spell.
// Promise.resolve, which runs PromiseResolve too, is wrapped the same way.

// awaitValueHelper is the name of A.
const awaitValueHelper unistring.String = "\x00awaitValue"

var awaitValueBinding = newHiddenBinding(awaitValueHelper)

// installAwaitValueHelper defines A in rt's global lexical scope.
func installAwaitValueHelper(rt *goja.Runtime) error {
	ctor := rt.Get("Promise")
	if _, ok := ctor.(*goja.Object); !ok {
		return fmt.Errorf("jsruntime: await helper: no Promise constructor")
	}
	helper := func(call goja.FunctionCall) goja.Value {
		v := call.Argument(0)
		o, ok := v.(*goja.Object)
		if !ok {
			return v
		}
		if !o.Get("constructor").SameAs(ctor) {
			return v
		}
		if _, isPromise := o.Export().(*goja.Promise); isPromise {
			return v
		}
		p, resolve, _ := rt.NewPromise()
		if err := resolve(o); err != nil {
			panic(err)
		}
		return rt.ToValue(p)
	}
	if err := awaitValueBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: await helper: %w", err)
	}
	// Promise.resolve runs the same PromiseResolve: called on %Promise%
	// with such an object, it returned the object itself, whose own then
	// does not return a promise to chain on.
	promise := ctor.(*goja.Object)
	orig, ok := goja.AssertFunction(promise.Get("resolve"))
	if !ok {
		return fmt.Errorf("jsruntime: await helper: Promise.resolve is not a function")
	}
	resolve := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		x := call.Argument(0)
		if call.This.SameAs(ctor) {
			x = helper(goja.FunctionCall{Arguments: []goja.Value{x}})
		}
		v, err := orig(call.This, x)
		if err != nil {
			panic(err)
		}
		return v
	}).(*goja.Object)
	if err := resolve.DefineDataProperty("name", rt.ToValue("resolve"), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}
	if err := resolve.DefineDataProperty("length", rt.ToValue(1), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}
	return promise.DefineDataProperty("resolve", resolve, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// lowerAwaits rewrites the await expressions of prg, parsed from src, in
// place (see above) and returns how many it rewrote.
func lowerAwaits(prg *ast.Program, src string) int {
	m, ok := newMarkedStatements(prg, src, "await") // tagged.go
	if !ok {
		return 0
	}
	w := awaitLowering{markedStatements: m}
	astwalk.Children(prg, &w)
	return w.n
}

// awaitLowering is one walk over the statements holding "await", and the
// number of awaits rewritten.
type awaitLowering struct {
	markedStatements
	n int
}

// Visit walks n, skipping the statements without "await", and wraps the
// operand of each await.
func (w *awaitLowering) Visit(n ast.Node, s astwalk.Slot) {
	skip, limit := w.skip(n, s) // tagged.go
	if skip {
		return
	}
	astwalk.Children(n, w)
	w.limit = limit
	if a, ok := n.(*ast.AwaitExpression); ok && a.Argument != nil {
		at := a.Argument.Idx0()
		a.Argument = &ast.CallExpression{
			Callee:           &ast.Identifier{Name: awaitValueHelper, Idx: at},
			LeftParenthesis:  at,
			ArgumentList:     []ast.Expression{a.Argument},
			RightParenthesis: a.Argument.Idx1(),
		}
		w.n++
	}
}
