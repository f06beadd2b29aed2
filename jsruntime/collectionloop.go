package jsruntime

import (
	"fmt"
	"reflect"

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

var (
	forOfPtrType = reflect.TypeFor[*ast.ForOfStatement]()
	statementTyp = reflect.TypeFor[ast.Statement]()
)

// lowerCollectionLoops rewrites the for-of loops of prg in place (see
// above) and returns how many it rewrote.
func lowerCollectionLoops(prg *ast.Program) int {
	var l loopLowering
	for i := range prg.Body {
		l.walk(reflect.ValueOf(prg.Body).Index(i))
	}
	return l.n
}

// with is the depth of with statements around the node visited: nothing
// is lowered there (see arrayLoopLowering).
type loopLowering struct{ n, with int }

// walk visits the nodes below v, inner loops first, and replaces each
// lowerable for-of statement held in a Statement slot (v settable).
func (l *loopLowering) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		l.walk(e)
		if e.Type() == forOfPtrType && v.Type() == statementTyp && v.CanSet() && l.with == 0 {
			if repl := lowerCollectionLoop(e.Interface().(*ast.ForOfStatement)); repl != nil {
				v.Set(reflect.ValueOf(repl))
				l.n++
			}
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Type() == withType {
			l.with++
			defer func() { l.with-- }()
		}
		if e := v.Elem(); e.Kind() == reflect.Struct {
			for _, i := range astFieldPlan(e.Type()) {
				l.walk(e.Field(i))
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			l.walk(v.Index(i))
		}
	case reflect.Struct:
		for _, i := range astFieldPlan(v.Type()) {
			l.walk(v.Field(i))
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
	if mentions(reflect.ValueOf(s.Source), names) {
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

var identifierPtr = reflect.TypeFor[*ast.Identifier]()

// mentions reports whether an identifier below v has one of names' names.
func mentions(v reflect.Value, names []*ast.Identifier) bool {
	found := false
	visitAST(v, func(n reflect.Value) bool {
		if n.Type() == identifierPtr {
			id := n.Interface().(*ast.Identifier)
			for _, x := range names {
				if x != nil && x.Name == id.Name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// visitAST calls f on every node pointer below v, depth first, descending
// while f returns true.
func visitAST(v reflect.Value, f func(reflect.Value) bool) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			visitAST(v.Elem(), f)
		}
	case reflect.Pointer:
		if v.IsNil() || !f(v) {
			return
		}
		if e := v.Elem(); e.Kind() == reflect.Struct {
			for _, i := range astFieldPlan(e.Type()) {
				visitAST(e.Field(i), f)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			visitAST(v.Index(i), f)
		}
	case reflect.Struct:
		for _, i := range astFieldPlan(v.Type()) {
			visitAST(v.Field(i), f)
		}
	}
}

// callbackSafe reports whether body means the same as the body of an
// arrow function called once per entry (see the comment at the top), once
// the continue statements it returns (those of the loop itself) are made
// to leave the body.
func callbackSafe(body ast.Statement) (conts []*ast.BranchStatement, ok bool) {
	ok = true
	var check func(v reflect.Value, inLoop, inSwitch bool)
	check = func(v reflect.Value, inLoop, inSwitch bool) {
		visitAST(v, func(n reflect.Value) bool {
			if !ok {
				return false
			}
			switch x := n.Interface().(type) {
			case *ast.FunctionLiteral:
				// A nested function has its own return, var, arguments...
				return false
			case *ast.ArrowFunctionLiteral:
				// ...and an arrow its own return, var and await; it only
				// shares this, arguments, super and new.target, which the
				// callback (an arrow too) shares as well. Look for those.
				shared := func(m reflect.Value) bool {
					switch y := m.Interface().(type) {
					case *ast.FunctionLiteral, *ast.ClassLiteral:
						return false
					case *ast.SuperExpression, *ast.MetaProperty:
						ok = false
					case *ast.Identifier:
						ok = ok && y.Name != "arguments"
					}
					return ok
				}
				visitAST(reflect.ValueOf(x.ParameterList), shared)
				visitAST(reflect.ValueOf(x.Body), shared)
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
				check(n.Elem(), true, inSwitch)
				return false
			case *ast.SwitchStatement:
				check(reflect.ValueOf(x.Discriminant), inLoop, inSwitch)
				check(reflect.ValueOf(x.Body), inLoop, true)
				return false
			}
			return ok
		})
	}
	check(reflect.ValueOf(body), false, false)
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
