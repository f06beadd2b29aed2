package jsruntime

import (
	"fmt"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// s.charCodeAt(i) on a primitive string, without the String wrapper.
//
// goja reads a property of a primitive string through one String object
// it keeps for the purpose: at every read it stores the string in it and
// sets its length property again (a property map write and, past 255, an
// allocated number), then looks the name up in the wrapper's map and in
// String.prototype's. Hash loops do that once per character: the string
// hashes of styled-components (djb2, `e = 33 * e ^ t.charCodeAt(--n)`)
// and of emotion and @ant-design/cssinjs (murmur2, four charCodeAt calls a
// turn) are among the heaviest functions of the Grommet and antd apps.
//
// So, on the parsed AST, a call
//
//	X.charCodeAt(Y)   ->   typeof X === "string" ? C(X, Y) : X.charCodeAt(Y)
//
// with X an identifier and Y one argument, an expression of identifiers,
// literals, operators, ++/-- and member reads of at most
// charCodeMaxNodes nodes (it is written twice; only one of them runs), is
// rewritten. C, a native function under a name no source can spell, reads
// charCodeAt from String.prototype: when it is the intrinsic and Y a
// number, it returns the code unit at Y as the intrinsic would (NaN out of
// range); otherwise it calls what it read with X as this and Y, as the
// call would. A value other than a primitive string takes the original
// call. What differs: X is read twice (only a getter, X a global accessor
// property, could count that), and a getter defined for charCodeAt on
// String.prototype or Object.prototype runs after Y, with
// String.prototype as its receiver. Not rewritten: inside a with
// statement (where X, typeof and C would be looked up on the with object),
// spread or several arguments, optional calls.

// charCodeHelper is the name of C.
const charCodeHelper unistring.String = "\x00charCodeAt"

// charCodeMaxNodes bounds the argument expression that is written twice.
const charCodeMaxNodes = 12

var charCodeBinding = newHiddenBinding(charCodeHelper)

// lowerCharCodes rewrites the charCodeAt calls of prg in place, with the
// other lowerings of lowerArrayPatterns' walk, and returns how many it
// rewrote.
func lowerCharCodes(prg *ast.Program) int {
	var l patternLowering
	astwalk.Children(prg, &l)
	return l.charCodes
}

// lowerCharCode returns the expression replacing c, a call held in an
// Expression slot outside any with statement, or nil when it is no
// X.charCodeAt(Y) call of the form above.
func lowerCharCode(c *ast.CallExpression) ast.Expression {
	d, ok := c.Callee.(*ast.DotExpression)
	if !ok || d.Identifier.Name != "charCodeAt" || len(c.ArgumentList) != 1 {
		return nil
	}
	x, ok := d.Left.(*ast.Identifier)
	if !ok {
		return nil
	}
	budget := charCodeMaxNodes
	y, ok := copyPlainExpression(c.ArgumentList[0], &budget)
	if !ok {
		return nil
	}
	at := x.Idx
	id := func() *ast.Identifier { return &ast.Identifier{Name: x.Name, Idx: x.Idx} }
	isString := isStringTest(id(), at)
	fast := &ast.CallExpression{
		Callee:           &ast.Identifier{Name: charCodeHelper, Idx: at},
		LeftParenthesis:  c.LeftParenthesis,
		ArgumentList:     []ast.Expression{id(), y},
		RightParenthesis: c.RightParenthesis,
	}
	return &ast.ConditionalExpression{Test: isString, Consequent: fast, Alternate: c}
}

// copyPlainExpression returns a copy of e when e is made of identifiers,
// number and string literals, unary, update and binary operators and
// member reads, of at most *budget nodes; else false.
func copyPlainExpression(e ast.Expression, budget *int) (ast.Expression, bool) {
	if *budget <= 0 {
		return nil, false
	}
	*budget--
	switch x := e.(type) {
	case *ast.Identifier:
		return &ast.Identifier{Name: x.Name, Idx: x.Idx}, true
	case *ast.NumberLiteral:
		c := *x
		return &c, true
	case *ast.StringLiteral:
		c := *x
		return &c, true
	case *ast.UnaryExpression:
		if x.Operator == token.DELETE {
			return nil, false
		}
		o, ok := copyPlainExpression(x.Operand, budget)
		if !ok {
			return nil, false
		}
		return &ast.UnaryExpression{Operator: x.Operator, Idx: x.Idx, Operand: o, Postfix: x.Postfix}, true
	case *ast.BinaryExpression:
		l, ok := copyPlainExpression(x.Left, budget)
		if !ok {
			return nil, false
		}
		r, ok := copyPlainExpression(x.Right, budget)
		if !ok {
			return nil, false
		}
		return &ast.BinaryExpression{Operator: x.Operator, Left: l, Right: r, Comparison: x.Comparison}, true
	case *ast.DotExpression:
		l, ok := copyPlainExpression(x.Left, budget)
		if !ok {
			return nil, false
		}
		return &ast.DotExpression{Left: l, Identifier: x.Identifier}, true
	case *ast.BracketExpression:
		l, ok := copyPlainExpression(x.Left, budget)
		if !ok {
			return nil, false
		}
		m, ok := copyPlainExpression(x.Member, budget)
		if !ok {
			return nil, false
		}
		return &ast.BracketExpression{Left: l, Member: m, LeftBracket: x.LeftBracket, RightBracket: x.RightBracket}, true
	}
	return nil, false
}

// installCharCodeHelper defines C in rt's global lexical scope.
func installCharCodeHelper(rt *goja.Runtime) error {
	proto := rt.Get("String").ToObject(rt).Get("prototype").ToObject(rt)
	intrinsic := proto.Get("charCodeAt")
	helper := func(call goja.FunctionCall) goja.Value {
		x, pos := call.Argument(0), call.Argument(1)
		m := proto.Get("charCodeAt")
		if s, ok := x.(goja.String); ok && m == intrinsic && goja.IsNumber(pos) {
			i := pos.ToInteger()
			if i < 0 || i >= int64(s.Length()) {
				return goja.NaN()
			}
			return rt.ToValue(int64(s.CharAt(int(i))))
		}
		f, ok := goja.AssertFunction(m)
		if !ok {
			panic(charCodeNotCallable(rt, m))
		}
		v, err := f(x, pos)
		if err != nil {
			panic(err)
		}
		return v
	}
	if err := charCodeBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: charCodeAt helper: %w", err)
	}
	return nil
}

// charCodeNotCallable returns the TypeError goja throws for a call of m,
// the charCodeAt read from a string, when m is no function.
func charCodeNotCallable(rt *goja.Runtime, m goja.Value) *goja.Object {
	switch m := m.(type) {
	case nil:
		return rt.NewTypeError("Object has no member 'charCodeAt'")
	case *goja.Object:
		return rt.NewTypeError("Not a function: %s", m.String())
	case *goja.Symbol: // goja's message fails to convert it
		return rt.NewTypeError("Cannot convert a Symbol value to a string")
	}
	return rt.NewTypeError("Value is not an object: %s", m.String())
}
