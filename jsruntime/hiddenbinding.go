package jsruntime

import (
	"sync"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/unistring"
)

// A hiddenBinding is a global lexical binding whose name no source text
// can spell (it starts with a NUL): the helpers the AST rewrites call
// (destructure.go, spread.go, tagged.go, collectionloop.go). It is not a
// property of window, so pages cannot see, shadow or replace it.
type hiddenBinding struct {
	prg func() (*goja.Program, error)
}

// hiddenTemp is the global property a value crosses on its way into a
// hidden binding; it exists only while define runs.
const hiddenTemp = "__bangsnapHidden"

// newHiddenBinding returns the binding named name; its program, `const
// <name> = __bangsnapHidden;`, is compiled once per process.
func newHiddenBinding(name unistring.String) *hiddenBinding {
	return newHiddenDecl("const", name)
}

// newHiddenLet is newHiddenBinding for a binding code may assign (`let`).
func newHiddenLet(name unistring.String) *hiddenBinding {
	return newHiddenDecl("let", name)
}

func newHiddenDecl(kind string, name unistring.String) *hiddenBinding {
	return &hiddenBinding{prg: sync.OnceValues(func() (*goja.Program, error) {
		decl, err := goja.Parse("bangsnap:hidden-binding.js", kind+" X = "+hiddenTemp+";")
		if err != nil {
			return nil, err
		}
		decl.Body[0].(*ast.LexicalDeclaration).List[0].Target.(*ast.Identifier).Name = name
		return goja.CompileAST(decl, true)
	})}
}

// define binds v (converted by rt.ToValue) in rt's global lexical scope.
func (h *hiddenBinding) define(rt *goja.Runtime, v any) error {
	prg, err := h.prg()
	if err != nil {
		return err
	}
	g := rt.GlobalObject()
	if err := g.Set(hiddenTemp, v); err != nil {
		return err
	}
	_, err = rt.RunProgram(prg)
	if derr := g.Delete(hiddenTemp); err == nil {
		err = derr
	}
	return err
}
