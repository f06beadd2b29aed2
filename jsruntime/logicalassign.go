package jsruntime

import (
	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
)

// Logical assignments to a variable whose right side awaits or yields.
//
// goja compiles `x ??= e` (and `||=`, `&&=`) to a variable x by taking a
// reference to x's binding before it evaluates e, and writing through that
// reference after. For a binding on the function's stack the reference
// holds the binding's position in the VM's stack; when e suspends the
// function (await, yield), the function's frame is copied out and back in
// at a different depth when it resumes, and the write goes to whatever is
// now at the old position: an index out of range panic that ends the task
// when the caller's stack was deeper than the resumer's
// (`Promise.all([f()])`), a write to another slot otherwise, the binding
// itself keeping its old value (a generator's `p ??= yield` returns
// undefined). SvelteKit 3's client router starts a navigation with
// `intent ??= await get_navigation_intent(url)`, so the SPA fallback page
// and every unknown path showed SvelteKit's 404 page instead of the route.
//
// Such an assignment is rewritten on the parsed AST, before goja compiles
// it, to the short-circuit form the standard gives it
// (https://tc39.es/ecma262/#sec-assignment-operators-runtime-semantics-evaluation):
//
//	x ??= e  ->  x ?? (x = e)
//	x ||= e  ->  x || (x = e)
//	x &&= e  ->  x && (x = e)
//
// which goja compiles with a plain load and store of x on either side of
// e. The two differ only in resolving x twice instead of once, which a
// `with` object or a deleted global could tell apart; member targets
// (`o.p ??= await e`) keep the object and key on the value stack and are
// compiled correctly, so they are left alone.

// lowerSuspendingLogicalAssign returns the rewritten form of a, or nil when
// a is not a logical assignment to an identifier whose right side awaits
// or yields outside a nested function or class.
func lowerSuspendingLogicalAssign(a *ast.AssignExpression) ast.Expression {
	switch a.Operator {
	case token.LOGICAL_AND, token.LOGICAL_OR, token.COALESCE:
	default:
		return nil
	}
	id, ok := a.Left.(*ast.Identifier)
	if !ok || !suspends(a.Right) {
		return nil
	}
	read := *id
	return &ast.BinaryExpression{
		Operator: a.Operator,
		Left:     &read,
		Right:    &ast.AssignExpression{Operator: token.ASSIGN, Left: id, Right: a.Right},
	}
}

// suspends reports whether e holds an await or yield expression of the
// function e is in (not one of a function, arrow or class inside e).
func suspends(e ast.Expression) bool {
	found := false
	astwalk.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *ast.AwaitExpression, *ast.YieldExpression:
			found = true
			return false
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
			return false
		}
		return true
	})
	return found
}
