package jsruntime

import (
	"fmt"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// for-of over an array as an indexed loop.
//
// goja runs `for (const x of array)` by the iterator protocol: each step
// calls %ArrayIteratorPrototype%.next inside a recover frame, and next
// makes a {value, done} result object with a property map of its own. For
// an Array whose iteration nobody changed, those steps do nothing a page
// can see but read array.length and then array[i]: the Array Iterator's
// next (https://tc39.es/ecma262/#sec-%arrayiteratorprototype%.next) reads
// the length at each step, stops for good once the index reaches it, and
// reads the element with an ordinary [[Get]]; IteratorClose, run when the
// body breaks, returns or throws, looks up a return method the iterator
// does not have.
//
// So, on the parsed AST before goja compiles it, a loop is rewritten:
//
//	L: for (HEAD of e) body  ->  { const M = e;
//	                               if (A(M)) L: for (let I = 0; I < M.length; I++) { BIND = M[I]; body }
//	                               else L: for (HEAD of M) body }
//
// where BIND is the head's own let or const declaration (one fresh binding
// per element, as the loop has), or an assignment to the identifier of a
// var or expression head. A(M) is true when M is an Array (not a Proxy:
// an Array's length is always an integer, which the loop compares as the
// iterator's ToLength would), M[Symbol.iterator] is the intrinsic
// Array.prototype.values, %ArrayIteratorPrototype%.next is the original
// and no return method is reachable from an Array Iterator. Break,
// continue (labelled or not), return, yield and await mean the same in
// both loops: they are the same statements in a loop of the same label.
//
// Not lowered: a loop inside a with statement, a var or expression head
// other than an identifier (a
// member expression's object would be evaluated before the element, not
// after), a source that mentions the head's names (their temporal dead
// zone), and, to bound the code the copies add, a body longer than
// arrayLoopMaxBody bytes of source or holding arrayLoopMaxNest lowered
// loops nested in one another. (mermaid's bundle has 778 for-of loops: 616
// are lowered and its compiled program grows by 1.4 MB, 2.8%.) What
// differs: A reads M[Symbol.iterator], next and return once more when it
// answers false (visible only to getters defined there), and a return
// method added to the iterator's prototypes while an indexed loop runs is
// not called when that loop ends early.

// arrayLoopHelper is the name of A.
const arrayLoopHelper unistring.String = "\x00arrayLoop"

const (
	arrayLoopMaxBody = 600 // bytes of source text
	arrayLoopMaxNest = 2   // lowered loops below a lowered loop
)

var arrayLoopBinding = newHiddenBinding(arrayLoopHelper)

// lowerArrayLoops rewrites the for-of loops of prg in place (see above)
// and returns how many it rewrote.
func lowerArrayLoops(prg *ast.Program) int {
	l := arrayLoopLowering{seen: map[*ast.ForOfStatement]loweredLoop{}, repls: map[*ast.BlockStatement]int{}}
	astwalk.Children(prg, &l)
	return l.n
}

type arrayLoopLowering struct {
	n int
	// seen holds the loops visited: lowering shares a body between two
	// loops (and collectionloop.go between a loop and a callback), so the
	// walk can meet a loop twice, in another slot that must then hold the
	// same replacement.
	seen map[*ast.ForOfStatement]loweredLoop
	// repls holds the replacements made, with their nesting: the walk
	// does not enter one again (it holds its loop, in the slot that
	// must keep it).
	repls map[*ast.BlockStatement]int
	// with is the depth of with statements around the node visited:
	// nothing is lowered there, where the with object (a Proxy's has
	// trap) would see the hidden names first.
	with int
	// deepest is the deepest nesting of lowered loops found so far among
	// the children of the node being walked (see children).
	deepest int
}

// loweredLoop is what became of a loop: its replacement (nil when left as
// it is) and the nesting walk returned for it.
type loweredLoop struct {
	repl  ast.Statement
	depth int
}

// Visit walks n, inner loops first, replaces n when it is a lowerable
// for-of statement held (under its labels) in a Statement slot, and adds
// the deepest nesting of lowered loops at or below n to the children's
// count of the node above.
func (l *arrayLoopLowering) Visit(n ast.Node, s astwalk.Slot) {
	l.deepest = max(l.deepest, l.walk(n, s))
}

// children walks the children of n and returns the deepest nesting of
// lowered loops below n.
func (l *arrayLoopLowering) children(n ast.Node) int {
	outer := l.deepest
	l.deepest = 0
	astwalk.Children(n, l)
	d := l.deepest
	l.deepest = outer
	return d
}

// walk returns the deepest nesting of lowered loops at or below n, held
// in slot s, after lowering them.
func (l *arrayLoopLowering) walk(n ast.Node, s astwalk.Slot) int {
	if s.Kind == astwalk.Statement {
		var labels []*ast.LabelledStatement
		inner := ast.Node(n)
		for {
			ls, ok := inner.(*ast.LabelledStatement)
			if !ok {
				break
			}
			labels = append(labels, ls)
			inner = ls.Statement
		}
		if f, ok := inner.(*ast.ForOfStatement); ok && f != nil {
			return l.forOf(f, labels, s)
		}
	}
	switch x := n.(type) {
	case *ast.BlockStatement:
		if depth, done := l.repls[x]; done {
			return depth
		}
	case *ast.WithStatement:
		l.with++
		defer func() { l.with-- }()
	}
	return l.children(n)
}

// forOf walks the for-of statement f, under labels in slot s, and
// replaces it when it can be lowered.
func (l *arrayLoopLowering) forOf(f *ast.ForOfStatement, labels []*ast.LabelledStatement, s astwalk.Slot) int {
	if done, ok := l.seen[f]; ok {
		if done.repl != nil {
			s.Set(done.repl)
		}
		return done.depth
	}
	l.seen[f] = loweredLoop{}
	deepest := l.children(f)
	var repl ast.Statement
	if deepest < arrayLoopMaxNest && l.with == 0 {
		if block := lowerArrayLoop(f, labels); block != nil && s.Set(block) {
			repl = block
			l.n++
			deepest++
			l.repls[block] = deepest
		}
	}
	l.seen[f] = loweredLoop{repl, deepest}
	return deepest
}

// lowerArrayLoop returns the statement replacing s with its labels, or nil
// when s is left as it is.
func lowerArrayLoop(s *ast.ForOfStatement, labels []*ast.LabelledStatement) *ast.BlockStatement {
	if s.Body.Idx1()-s.Body.Idx0() > arrayLoopMaxBody {
		return nil
	}
	at := s.For
	coll, index := tempName(), tempName()
	element := &ast.BracketExpression{
		Left:         &ast.Identifier{Name: coll, Idx: at},
		Member:       &ast.Identifier{Name: index, Idx: at},
		LeftBracket:  at,
		RightBracket: at,
	}
	var bind ast.Statement
	switch into := s.Into.(type) {
	case *ast.ForDeclaration:
		if mentions(s.Source, boundIdentifiers(into.Target)) {
			return nil
		}
		tok := token.LET
		if into.IsConst {
			tok = token.CONST
		}
		bind = &ast.LexicalDeclaration{Idx: into.Idx, Token: tok, List: []*ast.Binding{{Target: into.Target, Initializer: element}}}
	case *ast.ForIntoVar:
		id, ok := into.Binding.Target.(*ast.Identifier)
		if !ok || into.Binding.Initializer != nil {
			return nil
		}
		bind = assignIdentifier(id, element)
	case *ast.ForIntoExpression:
		id, ok := into.Expression.(*ast.Identifier)
		if !ok {
			return nil
		}
		bind = assignIdentifier(id, element)
	default:
		return nil
	}
	source := s.Source
	s.Source = &ast.Identifier{Name: coll, Idx: source.Idx0()}
	length := &ast.DotExpression{Left: &ast.Identifier{Name: coll, Idx: at}, Identifier: ast.Identifier{Name: "length", Idx: at}}
	fast := &ast.ForStatement{
		For: at,
		Initializer: &ast.ForLoopInitializerLexicalDecl{LexicalDeclaration: ast.LexicalDeclaration{
			Idx: at, Token: token.LET, List: []*ast.Binding{{Target: &ast.Identifier{Name: index, Idx: at}, Initializer: numberLiteral(0, at)}},
		}},
		Test:   &ast.BinaryExpression{Operator: token.LESS, Left: &ast.Identifier{Name: index, Idx: at}, Right: length, Comparison: true},
		Update: &ast.UnaryExpression{Operator: token.INCREMENT, Idx: at, Operand: &ast.Identifier{Name: index, Idx: at}, Postfix: true},
		Body:   &ast.BlockStatement{LeftBrace: s.Body.Idx0(), List: []ast.Statement{bind, s.Body}, RightBrace: s.Body.Idx1() - 1},
	}
	test := &ast.CallExpression{
		Callee:           &ast.Identifier{Name: arrayLoopHelper, Idx: at},
		LeftParenthesis:  at,
		ArgumentList:     []ast.Expression{&ast.Identifier{Name: coll, Idx: at}},
		RightParenthesis: at,
	}
	return guardedLoop(s, coll, source, test, relabel(fast, labels), relabel(s, labels))
}

// guardedLoop returns the block replacing loop s (both loop rewrites make
// one): { const coll = source; if (test) then else otherwise }, with no
// else when otherwise is nil.
func guardedLoop(s *ast.ForOfStatement, coll unistring.String, source, test ast.Expression, then, otherwise ast.Statement) *ast.BlockStatement {
	return &ast.BlockStatement{
		LeftBrace: s.For,
		List: []ast.Statement{
			&ast.LexicalDeclaration{Idx: s.For, Token: token.CONST, List: []*ast.Binding{{
				Target: &ast.Identifier{Name: coll, Idx: source.Idx0()}, Initializer: source,
			}}},
			&ast.IfStatement{If: s.For, Test: test, Consequent: then, Alternate: otherwise},
		},
		RightBrace: s.Idx1() - 1,
	}
}

// relabel returns s under labels, outermost first, as new labelled
// statements of the same labels.
func relabel(s ast.Statement, labels []*ast.LabelledStatement) ast.Statement {
	for i := len(labels) - 1; i >= 0; i-- {
		s = &ast.LabelledStatement{Label: labels[i].Label, Colon: labels[i].Colon, Statement: s}
	}
	return s
}

// assignIdentifier returns the statement `id = value`.
func assignIdentifier(id *ast.Identifier, value ast.Expression) ast.Statement {
	return &ast.ExpressionStatement{Expression: &ast.AssignExpression{
		Operator: token.ASSIGN,
		Left:     &ast.Identifier{Name: id.Name, Idx: id.Idx},
		Right:    value,
	}}
}

// boundIdentifiers returns the identifiers below a binding target: the
// names it binds, and those its defaults mention (more than needed for
// the temporal dead zone check, never less).
func boundIdentifiers(target ast.BindingTarget) []*ast.Identifier {
	var ids []*ast.Identifier
	astwalk.Inspect(target, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Identifier:
			ids = append(ids, x)
		case *ast.PropertyShort:
			ids = append(ids, &x.Name) // {k}: held by value, not passed by Inspect
		}
		return true
	})
	return ids
}

// installArrayLoopHelper defines A in rt's global lexical scope. values is
// the intrinsic Array.prototype.values, iterProto %ArrayIteratorPrototype%
// and next its original next method.
func installArrayLoopHelper(rt *goja.Runtime, values goja.Value, iterProto *goja.Object, next goja.Value) error {
	helper := func(call goja.FunctionCall) goja.Value {
		o, ok := call.Argument(0).(*goja.Object)
		if !ok || o.ClassName() != "Array" || o.GetSymbol(goja.SymIterator) != values || iterProto.Get("next") != next {
			return valFalse
		}
		if ret := iterProto.Get("return"); ret != nil && !goja.IsUndefined(ret) && !goja.IsNull(ret) {
			return valFalse
		}
		return valTrue
	}
	if err := arrayLoopBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: array loop helper: %w", err)
	}
	return nil
}
