// Package astwalk walks goja's AST (github.com/dop251/goja/ast) without
// reflection, for the lowerings jsruntime applies to a classic script
// before goja compiles it (destructure.go and the files it names).
//
// Children, the part that knows every node type and child field, is
// generated from goja's declarations by astgen (go generate), so it follows
// goja when goja is upgraded; the test fails when walk_gen.go is not what
// astgen makes of the goja in go.mod, and checks Children against
// reflection. It imports only goja's ast.
package astwalk

//go:generate go run gen.go

import "github.com/dop251/goja/ast"

// Visitor gets the children of a node from Children. A walk is a Visitor
// whose Visit calls Children(n, v) to go on below n, before or after
// looking at n, or not at all to skip n's subtree.
type Visitor interface {
	Visit(n ast.Node, s Slot)
}

// Kind is what holds a node.
type Kind uint8

const (
	Root    Kind = iota // nothing: where a walk starts
	Pointer             // a field or slice element of pointer type (*ast.Identifier, *ast.Binding...)
	// Value is a node struct held by value (DotExpression.Identifier,
	// PropertyShort.Name, ForLoopInitializerLexicalDecl.LexicalDeclaration):
	// Visit gets its address. A reflective walk saw it as a struct, not a
	// node pointer; most walks only go on below it.
	Value
	firstInterface // the interface kinds (Expression, Statement...) are generated
)

// String returns the kind's name (an interface's name for an interface
// slot).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Slot is where Children found a node: its Kind, and for an interface
// field or element (Kind Interface reports which) a way to replace it.
type Slot struct {
	Kind Kind
	// index is the node's index in its slice plus one, 0 outside slices.
	index int
	// ptr is the field (*ast.Expression...) or, for elements, the slice
	// (*[]ast.Expression...) holding the node; nil for pointer and value
	// fields.
	ptr any
}

// Interface reports whether the slot is an interface field or element
// (Set can replace its node).
func (s Slot) Interface() bool { return s.Kind >= firstInterface && s.ptr != nil }

// InList reports whether the node is an element of a slice.
func (s Slot) InList() bool { return s.index > 0 }

// Inspect calls f for n and every node below it, depth first, going below
// a node while f returns true. Nodes held by value (Kind Value) are not
// passed to f, only their children. Nil nodes are skipped.
func Inspect(n ast.Node, f func(ast.Node) bool) {
	if IsNil(n) {
		return
	}
	if f(n) {
		Children(n, inspector(f))
	}
}

// InspectChildren is Inspect for the children of n, not n itself.
func InspectChildren(n ast.Node, f func(ast.Node) bool) {
	Children(n, inspector(f))
}

type inspector func(ast.Node) bool

func (f inspector) Visit(n ast.Node, s Slot) {
	if s.Kind == Value || f(n) {
		Children(n, f)
	}
}
