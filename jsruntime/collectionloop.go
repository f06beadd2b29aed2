package jsruntime

import (
	"fmt"
	"reflect"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// for-of over a Map or a Set without the iterator protocol.
//
// goja runs `for (const [k, v] of map)` by the letter of
// https://tc39.es/ecma262/#sec-runtime-semantics-forin-div-ofbodyevaluation-lhs-stmt-iterator-lhskind-labelset:
// each step calls %MapIteratorPrototype%.next, which makes a {value, done}
// result object with its own property map and a new [key, value] array,
// inside a recover frame. Angular's DOM schema registry copies its maps
// this way (`for (const [prop, value] of superType) type.set(prop, value)`),
// hundreds of thousands of steps and about a quarter of a render's
// allocations. Map.prototype.forEach and Set.prototype.forEach visit the
// same entries in the same order, seeing the same additions and deletions
// made during the loop (both walk the live [[MapData]] / [[SetData]]), and
// allocate nothing per entry but the callback's arguments.
//
// So, on the parsed AST before goja compiles it (positions and
// Function.prototype.toString unchanged), a loop whose body a callback can
// run unchanged is rewritten:
//
//	for (const [k, v] of e) body   ->  { const M = e;
//	                                     if (!F(M, 2, (V, K) => { const k = K, v = V; body }))
//	                                       for (const [k, v] of M) body }
//	for (let x of e) body          ->  { const M = e;
//	                                     if (!F(M, 1, (V) => { let x = V; body }))
//	                                       for (let x of M) body }
//
// F(M, 2, f) runs the intrinsic Map.prototype.forEach when M is an ordinary
// Map (its prototype is Map.prototype, M[Symbol.iterator] is the original
// Map.prototype.entries and %MapIteratorPrototype%.next is the original) and
// returns true; F(M, 1, f) does the same with Set.prototype.forEach for an
// ordinary Set. Otherwise F returns false and the original loop runs. The
// body is the same AST in both places; the callback declares the loop
// variables with the loop's own let or const, one fresh binding per entry
// as the loop has. A continue of the loop becomes a break out of a label
// put around the whole body (L: { ... break L; ... }), which ends the entry
// both in the loop and in the callback.
//
// Lowered only when that changes nothing else, that is when the body has,
// outside nested functions, no break, return, yield or await (which would
// mean something else in a callback), no labelled continue, no var or function
// declaration (they would be scoped to the callback), no class, super,
// new.target, arguments or direct eval call; when the head is a let or const
// declaration of one identifier (Sets) or of an array pattern of at most
// two identifiers and holes (Maps); and when e does not mention the loop
// variables (their temporal dead zone). Remaining differences: a stack
// trace taken in the body shows the callback and forEach frames, and a
// getter defined on Map.prototype[Symbol.iterator] or the iterator's next
// is read once more by F.

// collectionLoopHelper is the name of F.
const collectionLoopHelper unistring.String = "\x00collectionLoop"

const (
	loopSet = 1 // identifier head: an ordinary Set
	loopMap = 2 // array pattern head: an ordinary Map
)

// lowerCollectionLoops rewrites the for-of loops of prg in place (see
// above) and returns how many it rewrote.
func lowerCollectionLoops(prg *ast.Program) int {
	var l loopLowering
	astwalk.Children(prg, &l)
	return l.n
}

// with is the depth of with statements around the node visited: nothing
// is lowered there (see arrayLoopLowering).
type loopLowering struct{ n, with int }

// Visit visits the nodes below n, inner loops first, and replaces n when
// it is a lowerable for-of statement held in a Statement slot.
func (l *loopLowering) Visit(n ast.Node, s astwalk.Slot) {
	if _, ok := n.(*ast.WithStatement); ok {
		l.with++
		astwalk.Children(n, l)
		l.with--
		return
	}
	astwalk.Children(n, l)
	if f, ok := n.(*ast.ForOfStatement); ok && s.Kind == astwalk.Statement && l.with == 0 {
		if repl := lowerCollectionLoop(f); repl != nil && s.Set(repl) {
			l.n++
		}
	}
}

// lowerCollectionLoop returns the statement replacing s, or nil when s is
// left as it is.
func lowerCollectionLoop(s *ast.ForOfStatement) ast.Statement {
	d, ok := s.Into.(*ast.ForDeclaration)
	if !ok {
		return nil
	}
	kind := 0
	var names []*ast.Identifier // loop variables; nil entries for holes
	switch t := d.Target.(type) {
	case *ast.Identifier:
		kind, names = loopSet, []*ast.Identifier{t}
	case *ast.ArrayPattern:
		if t.Rest != nil || len(t.Elements) == 0 || len(t.Elements) > 2 {
			return nil
		}
		for _, e := range t.Elements {
			switch e := e.(type) {
			case nil:
				names = append(names, nil)
			case *ast.Identifier:
				names = append(names, e)
			default:
				return nil
			}
		}
		kind = loopMap
	default:
		return nil
	}
	if mentions(s.Source, names) {
		return nil
	}
	conts, ok := callbackSafe(s.Body)
	if !ok {
		return nil
	}
	if len(conts) > 0 {
		// continue ends this entry's body: so does breaking out of a
		// labelled block that is the whole body, in the loop as in the
		// callback.
		label := &ast.Identifier{Name: tempName(), Idx: s.Body.Idx0()}
		for _, c := range conts {
			c.Token, c.Label = token.BREAK, label
		}
		s.Body = &ast.LabelledStatement{Label: label, Colon: s.Body.Idx0(), Statement: s.Body}
	}
	at := s.For
	tok := token.LET
	if d.IsConst {
		tok = token.CONST
	}
	coll := tempName()
	value, key := tempName(), tempName()
	// The callback's own declaration of the loop variables.
	var binds []*ast.Binding
	for i, id := range names {
		if id == nil {
			continue
		}
		from := value // Set: the value; Map: [key, value][i]
		if kind == loopMap && i == 0 {
			from = key
		}
		binds = append(binds, &ast.Binding{Target: &ast.Identifier{Name: id.Name, Idx: id.Idx}, Initializer: &ast.Identifier{Name: from, Idx: id.Idx}})
	}
	var body []ast.Statement
	if len(binds) > 0 {
		body = append(body, &ast.LexicalDeclaration{Idx: at, Token: tok, List: binds})
	}
	body = append(body, s.Body)
	params := []*ast.Binding{{Target: &ast.Identifier{Name: value, Idx: at}}}
	if kind == loopMap {
		params = append(params, &ast.Binding{Target: &ast.Identifier{Name: key, Idx: at}})
	}
	callback := &ast.ArrowFunctionLiteral{
		Start:         at,
		ParameterList: &ast.ParameterList{Opening: at, List: params, Closing: at},
		Body:          &ast.BlockStatement{LeftBrace: at, List: body, RightBrace: s.Body.Idx1() - 1},
	}
	source := s.Source
	s.Source = &ast.Identifier{Name: coll, Idx: source.Idx0()}
	test := &ast.UnaryExpression{Idx: at, Operator: token.NOT, Operand: &ast.CallExpression{
		Callee:           &ast.Identifier{Name: collectionLoopHelper, Idx: at},
		LeftParenthesis:  at,
		ArgumentList:     []ast.Expression{&ast.Identifier{Name: coll, Idx: at}, numberLiteral(kind, at), callback},
		RightParenthesis: at,
	}}
	return guardedLoop(s, coll, source, test, s, nil) // arrayloop.go
}

// mentions reports whether an identifier at or below n (which may be nil)
// has one of names' names: a reference, a binding or a shorthand property
// ({x} reads x), not a property name after a dot.
func mentions(n ast.Node, names []*ast.Identifier) bool {
	found := false
	named := func(id *ast.Identifier) {
		for _, x := range names {
			if x != nil && x.Name == id.Name {
				found = true
			}
		}
	}
	astwalk.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Identifier:
			named(x)
		case *ast.PropertyShort:
			named(&x.Name) // held by value: Inspect does not pass it
		}
		return !found
	})
	return found
}

// callbackSafe reports whether body means the same as the body of an
// arrow function called once per entry (see the comment at the top), once
// the continue statements it returns (those of the loop itself) are made
// to leave the body.
func callbackSafe(body ast.Statement) (conts []*ast.BranchStatement, ok bool) {
	ok = true
	var check func(n ast.Node, inLoop, inSwitch, children bool)
	check = func(n ast.Node, inLoop, inSwitch, children bool) {
		f := func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch x := n.(type) {
			case *ast.FunctionLiteral:
				// A nested function has its own return, var, arguments...
				return false
			case *ast.ArrowFunctionLiteral:
				// ...and an arrow its own return, var and await; it only
				// shares this, arguments, super and new.target, which the
				// callback (an arrow too) shares as well. Look for those.
				shared := func(m ast.Node) bool {
					switch y := m.(type) {
					case *ast.FunctionLiteral, *ast.ClassLiteral:
						return false
					case *ast.SuperExpression, *ast.MetaProperty:
						ok = false
					case *ast.Identifier:
						ok = ok && y.Name != "arguments"
					}
					return ok
				}
				astwalk.Inspect(x.ParameterList, shared)
				astwalk.Inspect(x.Body, shared)
				return false
			case *ast.ReturnStatement, *ast.YieldExpression, *ast.AwaitExpression,
				*ast.VariableStatement, *ast.FunctionDeclaration, *ast.ClassLiteral,
				*ast.SuperExpression, *ast.MetaProperty, *ast.WithStatement:
				ok = false
			case *ast.ForLoopInitializerVarDeclList:
				ok = false
			case *ast.ForIntoVar:
				ok = false
			case *ast.BranchStatement:
				switch {
				case x.Label != nil:
					ok = false
				case x.Token == token.BREAK && !inLoop && !inSwitch:
					ok = false
				case x.Token == token.CONTINUE && !inLoop:
					conts = append(conts, x)
				}
			case *ast.Identifier:
				// goja resolves arguments in an arrow it did not parse
				// to the arrow's own (empty) arguments.
				ok = x.Name != "arguments"
			case *ast.CallExpression:
				if id, isID := x.Callee.(*ast.Identifier); isID && id.Name == "eval" {
					ok = false
				}
			case *ast.ForStatement, *ast.ForInStatement, *ast.ForOfStatement, *ast.WhileStatement, *ast.DoWhileStatement:
				// Their bodies may break and continue; their heads are
				// checked like the rest.
				check(n, true, inSwitch, true)
				return false
			case *ast.SwitchStatement:
				check(x.Discriminant, inLoop, inSwitch, false)
				for _, c := range x.Body {
					check(c, inLoop, true, false)
				}
				return false
			}
			return ok
		}
		if children {
			astwalk.InspectChildren(n, f)
		} else {
			astwalk.Inspect(n, f)
		}
	}
	check(body, false, false, false)
	return conts, ok
}

var collectionLoopBinding = newHiddenBinding(collectionLoopHelper)

// installCollectionLoopHelper defines F in rt's global lexical scope.
func installCollectionLoopHelper(rt *goja.Runtime) error {
	type collection struct {
		// class and export are what goja's Map or Set objects answer to
		// ClassName and ExportType, which tells them from ordinary
		// objects inheriting Map.prototype (they have no [[MapData]]).
		class            string
		export           reflect.Type
		proto, iterProto *goja.Object
		iterate, next    goja.Value
		forEach          goja.Callable
	}
	intrinsic := func(name string) (collection, error) {
		var c collection
		ctor, ok := rt.Get(name).(*goja.Object)
		if !ok {
			return c, fmt.Errorf("jsruntime: collection loop helper: no %s", name)
		}
		c.proto, _ = ctor.Get("prototype").(*goja.Object)
		if c.proto == nil {
			return c, fmt.Errorf("jsruntime: collection loop helper: no %s.prototype", name)
		}
		c.iterate = c.proto.GetSymbol(goja.SymIterator)
		iterFn, ok1 := goja.AssertFunction(c.iterate)
		c.forEach, ok = goja.AssertFunction(c.proto.Get("forEach"))
		if !ok || !ok1 {
			return c, fmt.Errorf("jsruntime: collection loop helper: %s iteration is not callable", name)
		}
		empty, err := rt.New(ctor)
		if err != nil {
			return c, err
		}
		c.class, c.export = empty.ClassName(), empty.ExportType()
		it, err := iterFn(empty)
		if err != nil {
			return c, err
		}
		c.iterProto = it.ToObject(rt).Prototype()
		c.next = c.iterProto.Get("next")
		return c, nil
	}
	maps, err := intrinsic("Map")
	if err != nil {
		return err
	}
	sets, err := intrinsic("Set")
	if err != nil {
		return err
	}
	helper := func(call goja.FunctionCall) goja.Value {
		o, ok := call.Argument(0).(*goja.Object)
		if !ok {
			return valFalse
		}
		c := &sets
		if call.Argument(1).ToInteger() == loopMap {
			c = &maps
		}
		if o.Prototype() != c.proto || o.ClassName() != c.class || o.ExportType() != c.export || o.GetSymbol(goja.SymIterator) != c.iterate || c.iterProto.Get("next") != c.next {
			return valFalse
		}
		if _, err := c.forEach(o, call.Argument(2)); err != nil {
			panic(err)
		}
		return valTrue
	}
	if err := collectionLoopBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: collection loop helper: %w", err)
	}
	return nil
}
