package jsruntime

import (
	"fmt"
	"math"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// A loop that pads a string to a length, in one step.
//
// V8 concatenates strings into ropes; goja copies both operands at each
// `+`, so a loop that grows a string one piece at a time copies it again
// at every turn: quadratic in its length. Padding loops are the common
// case (`while (s.length < 2) s = "0" + s`), and Modernizr's data-URI
// detect is the extreme one: `while (base64str.length < 33000) base64str =
// '\r\n' + base64str;` ran 16,476 times, copying 272 MB of the 302 MB its
// page allocated in a render, and set its peak heap.
//
// So, on the parsed AST, a loop of the forms
//
//	while (X.length < N) X = L + X;      (or X = X + L, X += L; a block
//	for (; X.length < N; ) X = L + X;     of that one statement; <= N)
//
// with X an identifier, N a finite numeric literal and L a non-empty
// string literal, is rewritten
//
//	if (typeof X === "string") { if (X.length < N) X = P(X, N, L, f); }
//	else while (X.length < N) X = L + X;
//
// where P, a native function under a name no source can spell, returns X
// with L added k times before it (or after it), k being the number of
// turns the loop takes: the fewest that make the length reach N (pass it
// for <=). For a string X the loop reads only X's length, which nothing
// can change, and concatenates strings, which calls nothing, so the
// result is the same string; anything else keeps the loop. What differs:
// X is assigned once instead of k times, which only a setter (X a global
// accessor property) could count. Not rewritten: inside a with statement
// (where X, typeof and P would be looked up on the with object), and loops
// whose N passes stringPadMaxLength.

// stringPadHelper is the name of P.
const stringPadHelper unistring.String = "\x00stringPad"

// stringPadMaxLength bounds N: a longer string is left to the loop.
const stringPadMaxLength = 1 << 24

var stringPadBinding = newHiddenBinding(stringPadHelper)

// The flags P gets: add after X rather than before, and stop past N
// rather than at it (<=).
const (
	stringPadAppend = 1 << iota
	stringPadPast
)

// lowerStringPads rewrites the padding loops of prg in place, with the
// other lowerings of lowerArrayPatterns' walk (patternLowering, which
// calls lowerStringPad for each while and for statement after its
// children, outside with statements), and returns how many it rewrote.
func lowerStringPads(prg *ast.Program) int {
	var l patternLowering
	astwalk.Children(prg, &l)
	return l.pads
}

// lowerStringPad returns the statement replacing loop, whose test and
// body are given, or nil when it is not a padding loop. loop is held in a
// Statement slot outside any with statement (where X, typeof and P would
// be looked up on the with object).
func lowerStringPad(loop ast.Statement, test ast.Expression, body ast.Statement, at file.Idx) ast.Statement {
	x, limit, flags, ok := padTest(test)
	if !ok {
		return nil
	}
	piece, after, ok := padBody(body, x.Name)
	if !ok {
		return nil
	}
	if after {
		flags |= stringPadAppend
	}
	id := func() *ast.Identifier { return &ast.Identifier{Name: x.Name, Idx: x.Idx} }
	isString := isStringTest(id(), at)
	call := &ast.CallExpression{
		Callee:           &ast.Identifier{Name: stringPadHelper, Idx: at},
		LeftParenthesis:  at,
		ArgumentList:     []ast.Expression{id(), &ast.NumberLiteral{Idx: at, Literal: limit.Literal, Value: limit.Value}, &ast.StringLiteral{Idx: at, Literal: piece.Literal, Value: piece.Value}, numberLiteral(flags, at)},
		RightParenthesis: at,
	}
	pad := &ast.IfStatement{
		If:         at,
		Test:       copyPadTest(test.(*ast.BinaryExpression)),
		Consequent: &ast.ExpressionStatement{Expression: &ast.AssignExpression{Operator: token.ASSIGN, Left: id(), Right: call}},
	}
	return &ast.IfStatement{If: at, Test: isString, Consequent: pad, Alternate: loop}
}

// copyPadTest returns a new node for the test b, which padTest read.
func copyPadTest(b *ast.BinaryExpression) *ast.BinaryExpression {
	d := b.Left.(*ast.DotExpression)
	x := d.Left.(*ast.Identifier)
	n := b.Right.(*ast.NumberLiteral)
	return &ast.BinaryExpression{
		Operator:   b.Operator,
		Left:       &ast.DotExpression{Left: &ast.Identifier{Name: x.Name, Idx: x.Idx}, Identifier: d.Identifier},
		Right:      &ast.NumberLiteral{Idx: n.Idx, Literal: n.Literal, Value: n.Value},
		Comparison: b.Comparison,
	}
}

// padTest reads a loop test X.length < N or X.length <= N: X, N and the
// flags it means for P.
func padTest(test ast.Expression) (*ast.Identifier, *ast.NumberLiteral, int, bool) {
	b, ok := test.(*ast.BinaryExpression)
	if !ok || (b.Operator != token.LESS && b.Operator != token.LESS_OR_EQUAL) {
		return nil, nil, 0, false
	}
	d, ok := b.Left.(*ast.DotExpression)
	if !ok || d.Identifier.Name != "length" {
		return nil, nil, 0, false
	}
	x, ok := d.Left.(*ast.Identifier)
	if !ok {
		return nil, nil, 0, false
	}
	n, ok := b.Right.(*ast.NumberLiteral)
	if !ok {
		return nil, nil, 0, false
	}
	var v float64
	switch nv := n.Value.(type) {
	case int64:
		v = float64(nv)
	case float64:
		v = nv
	default:
		return nil, nil, 0, false
	}
	if math.IsNaN(v) || v > stringPadMaxLength || v < -stringPadMaxLength {
		return nil, nil, 0, false
	}
	flags := 0
	if b.Operator == token.LESS_OR_EQUAL {
		flags = stringPadPast
	}
	return x, n, flags, true
}

// padBody reads a loop body that only adds a string literal to the
// variable name: X = L + X, X = X + L or X += L, alone or in a block. It
// returns L and whether it is added after X.
func padBody(body ast.Statement, name unistring.String) (*ast.StringLiteral, bool, bool) {
	if b, ok := body.(*ast.BlockStatement); ok {
		if len(b.List) != 1 {
			return nil, false, false
		}
		body = b.List[0]
	}
	e, ok := body.(*ast.ExpressionStatement)
	if !ok {
		return nil, false, false
	}
	a, ok := e.Expression.(*ast.AssignExpression)
	if !ok {
		return nil, false, false
	}
	if lhs, ok := a.Left.(*ast.Identifier); !ok || lhs.Name != name {
		return nil, false, false
	}
	isX := func(e ast.Expression) bool {
		id, ok := e.(*ast.Identifier)
		return ok && id.Name == name
	}
	piece := func(e ast.Expression) *ast.StringLiteral {
		if s, ok := e.(*ast.StringLiteral); ok && len(s.Value) > 0 {
			return s
		}
		return nil
	}
	switch a.Operator {
	case token.PLUS: // X += L (the parser's operator for +=)
		if p := piece(a.Right); p != nil {
			return p, true, true
		}
	case token.ASSIGN:
		b, ok := a.Right.(*ast.BinaryExpression)
		if !ok || b.Operator != token.PLUS {
			return nil, false, false
		}
		if p := piece(b.Left); p != nil && isX(b.Right) {
			return p, false, true
		}
		if p := piece(b.Right); p != nil && isX(b.Left) {
			return p, true, true
		}
	}
	return nil, false, false
}

// padCount is the number of turns a padding loop takes from length n with
// a piece of m code units: the fewest after which the length reaches
// limit (passes it with past).
func padCount(n, m int, limit float64, past bool) int {
	gap := limit - float64(n)
	if past {
		if gap < 0 {
			return 0
		}
		return int(math.Floor(gap/float64(m))) + 1
	}
	if gap <= 0 {
		return 0
	}
	return int(math.Ceil(gap / float64(m)))
}

// installStringPadHelper defines P in rt's global lexical scope.
func installStringPadHelper(rt *goja.Runtime) error {
	helper := func(call goja.FunctionCall) goja.Value {
		x, ok1 := call.Argument(0).(goja.String)
		piece, ok2 := call.Argument(2).(goja.String)
		if !ok1 || !ok2 || piece.Length() == 0 {
			panic(rt.NewTypeError("bangsnap: string pad of a non-string"))
		}
		flags := call.Argument(3).ToInteger()
		k := padCount(x.Length(), piece.Length(), call.Argument(1).ToFloat(), flags&stringPadPast != 0)
		if k == 0 {
			return x
		}
		var b goja.StringBuilder
		b.Grow(x.Length() + k*piece.Length())
		if flags&stringPadAppend != 0 {
			b.WriteString(x)
		}
		for range k {
			b.WriteString(piece)
		}
		if flags&stringPadAppend == 0 {
			b.WriteString(x)
		}
		return b.String()
	}
	if err := stringPadBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: string pad helper: %w", err)
	}
	return nil
}

// isStringTest returns the expression typeof x === "string", written at at.
func isStringTest(x ast.Expression, at file.Idx) ast.Expression {
	return &ast.BinaryExpression{
		Operator:   token.STRICT_EQUAL,
		Left:       &ast.UnaryExpression{Operator: token.TYPEOF, Idx: at, Operand: x},
		Right:      &ast.StringLiteral{Idx: at, Literal: `"string"`, Value: "string"},
		Comparison: true,
	}
}
