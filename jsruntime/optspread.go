package jsruntime

import (
	"errors"
	"strings"

	"github.com/dop251/goja/ast"
)

// Optional calls with spread arguments.
//
// goja compiles a call with a spread argument by pushing a marker before
// the callee and counting the arguments down to it; when the callee is
// part of an optional chain that short-circuits (`slots.icon?.(...args)`
// with no icon slot, `el?.focus(...opts)` with no el), the jump to the
// chain's end skips the call and leaves the marker on the stack, and the
// next instruction panics in Go ("goja.Value is *goja.Symbol, not
// *goja.Object"), killing the whole task. Vuetify 4 renders every select
// field's icons through `slots["append-inner"]?.(...args)`. A script with
// such a call is compiled from esbuild's lowering instead (Config.Lower),
// which writes optional chains as conditionals.

// errOptionalSpreadCall comes from compileScript with a usable program (it
// runs as long as no such call short-circuits) for a script that has an
// optional call with spread arguments: the caller compiles its lowering
// instead when it can.
var errOptionalSpreadCall = errors.New("jsruntime: an optional chain short-circuits a call with spread arguments (goja leaves its marker on the stack)")

// mayHaveOptionalSpreadCall reports whether src has the two tokens an
// optional call with spread arguments needs: lowerScript looks for such a
// call (chainHasSpreadCall on each optional chain, in the walk of
// stashvars.go, which visits every node) only then.
func mayHaveOptionalSpreadCall(src string) bool {
	return strings.Contains(src, "?.") && strings.Contains(src, "...")
}

// chainHasSpreadCall walks the spine of an optional chain (callees,
// objects of member accesses) for a call with a spread argument below
// which the chain has an optional point.
func chainHasSpreadCall(e ast.Expression) bool {
	for e != nil {
		switch n := e.(type) {
		case *ast.CallExpression:
			if hasSpread(n.ArgumentList) && spineHasOptional(n.Callee) {
				return true
			}
			e = n.Callee
		case *ast.DotExpression:
			e = n.Left
		case *ast.PrivateDotExpression:
			e = n.Left
		case *ast.BracketExpression:
			e = n.Left
		case *ast.Optional:
			e = n.Expression
		default:
			return false
		}
	}
	return false
}

// spineHasOptional reports whether e's chain spine, down to where a nested
// chain or another expression starts, has an optional point.
func spineHasOptional(e ast.Expression) bool {
	for e != nil {
		switch n := e.(type) {
		case *ast.Optional:
			return true
		case *ast.CallExpression:
			e = n.Callee
		case *ast.DotExpression:
			e = n.Left
		case *ast.PrivateDotExpression:
			e = n.Left
		case *ast.BracketExpression:
			e = n.Left
		default:
			return false
		}
	}
	return false
}

func hasSpread(args []ast.Expression) bool {
	for _, a := range args {
		if _, ok := a.(*ast.SpreadElement); ok {
			return true
		}
	}
	return false
}
