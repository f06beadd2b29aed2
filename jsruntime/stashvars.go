package jsruntime

import (
	"slices"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// Captured var bindings start undefined, whatever the caller passed.
//
// On entry to a function, every var binding is undefined
// (https://tc39.es/ecma262/#sec-functiondeclarationinstantiation, step 27).
// goja keeps the bindings that closures capture in a stash whose first slots
// are the parameters, and when the parameters themselves are in the stash
// (a closure reads one, or the body uses arguments) it copies all the
// arguments the caller passed into it, not only as many as there are
// parameters: the extra arguments land in the slots of the captured vars.
// AngularJS calls a directive's link function with five arguments, and
// angular-ui-router's minified ui-view directive declares only three:
//
//	function(s, c, h) { var p, v, d, m, ...; function E() { ... v ... } }
//
// so p starts as the controllers and v as the transclude function, and the
// first state change fails with "Object has no member 'data'".
//
// Such a function gets, after its directive prologue, one statement that
// sets its captured vars to undefined:
//
//	function(s, c, h) { p = void 0, v = void 0, d = void 0; var p, v, d, m; ... }
//
// The same stash goes wrong when only arrow functions inside a function use
// its arguments: goja then builds no arguments object for it, so
// `function f(a) { return (() => arguments.length)() }` panics with an index
// out of range (and `[1].map(() => arguments[0])` reads undefined). Such a
// function gets a first statement `arguments;`, which makes goja build the
// object as it does when the body itself names it.
//
// The assignment runs before anything can read the vars, so it changes no
// result; only functions whose arguments go to the stash and which have
// captured vars get it. The analysis is by name and errs on the side of
// initialising: a nested function that mentions a name counts as capturing
// it, even if a block inside shadows it.

// stashVarFrame is one function being walked.
type stashVarFrame struct {
	arrow     bool
	params    map[unistring.String]bool
	vars      map[unistring.String]bool // var bindings that are not parameters
	funcs     map[unistring.String]bool // top-level function declarations
	captured  map[unistring.String]bool
	risk      bool // the arguments are copied into the stash
	arrowArgs bool // only its arrow functions use its arguments
	ownArgs   bool // its own body uses arguments
	dynamic   bool // a direct eval may reach every binding
	body      *ast.BlockStatement
}

// stashVarLowering walks a program, one frame per enclosing function.
type stashVarLowering struct {
	frames []*stashVarFrame
	n      int
	// findOptSpread asks the walk to look for an optional call with
	// spread arguments (optspread.go); optSpread is whether it found one.
	findOptSpread, optSpread bool
}

// lowerStashVars rewrites prg in place (see above) and returns the number
// of functions that got statements added.
func lowerStashVars(prg *ast.Program) int {
	var l stashVarLowering
	astwalk.Children(prg, &l)
	return l.n
}

// Visit records the references of n and below, and walks the function
// literals in frames of their own.
func (l *stashVarLowering) Visit(n ast.Node, s astwalk.Slot) {
	switch x := n.(type) {
	case *ast.Identifier:
		// A reference, or a name held by value: {p} shorthand, a private
		// name's (#p counts as p, on the safe side).
		l.ref(x.Name)
		return
	}
	if s.Kind == astwalk.Value {
		astwalk.Children(n, l)
		return
	}
	switch x := n.(type) {
	case *ast.FunctionLiteral:
		l.function(false, x.ParameterList, x.DeclarationList, x.Body, nil)
	case *ast.ArrowFunctionLiteral:
		body, _ := x.Body.(*ast.BlockStatement)
		l.function(true, x.ParameterList, x.DeclarationList, body, x.Body)
	case *ast.DotExpression:
		l.walk(x.Left) // the property name is not a reference
	case *ast.PrivateDotExpression:
		l.walk(x.Left)
	case *ast.RegExpLiteral:
		// not about vars: this walk is the one that visits every
		// literal (regexpmultiline.go, regexpsurrogate.go)
		lowerRegExpLiteral(x)
	case *ast.AssignExpression:
		// neither: a logical assignment to a variable whose right side
		// suspends is rewritten (logicalassign.go) before the walk
		// goes on below it
		if r := lowerSuspendingLogicalAssign(x); r != nil && s.Interface() && s.Set(r) {
			n = r
		}
		astwalk.Children(n, l)
	case *ast.OptionalChain:
		// neither: this walk visits every node before the lowerings
		if l.findOptSpread && !l.optSpread && chainHasSpreadCall(x.Expression) {
			l.optSpread = true
		}
		astwalk.Children(n, l)
	default:
		astwalk.Children(n, l)
	}
}

// walk visits n, which may be nil.
func (l *stashVarLowering) walk(n ast.Node) {
	if !astwalk.IsNil(n) {
		l.Visit(n, astwalk.Slot{})
	}
}

// function walks one function literal in a frame of its own, then adds the
// initialising statement to body when the function needs it. concise is an
// arrow function's expression body (no vars of its own).
func (l *stashVarLowering) function(arrow bool, params *ast.ParameterList, decls []*ast.VariableDeclaration, body *ast.BlockStatement, concise ast.ConciseBody) {
	fr := &stashVarFrame{arrow: arrow, body: body}
	if params != nil {
		for _, b := range params.List {
			bindingNames(b.Target, func(n unistring.String) { setName(&fr.params, n) })
		}
		if params.Rest != nil {
			bindingNames(params.Rest, func(n unistring.String) { setName(&fr.params, n) })
		}
	}
	for _, d := range decls {
		for _, b := range d.List {
			bindingNames(b.Target, func(n unistring.String) {
				if !fr.params[n] && n != "arguments" {
					setName(&fr.vars, n)
				}
			})
		}
	}
	if body != nil {
		for _, st := range body.List {
			if fd, ok := st.(*ast.FunctionDeclaration); ok && fd.Function.Name != nil {
				setName(&fr.funcs, fd.Function.Name.Name)
			}
		}
	}
	l.frames = append(l.frames, fr)
	if params != nil {
		astwalk.Children(params, l)
	}
	if body != nil {
		astwalk.Children(body, l)
	} else if concise != nil {
		l.walk(concise)
	}
	l.frames = l.frames[:len(l.frames)-1]
	l.finish(fr)
}

// ref records a reference to name from the innermost function.
func (l *stashVarLowering) ref(name unistring.String) {
	if len(l.frames) == 0 {
		return
	}
	inner := len(l.frames) - 1
	switch name {
	case "arguments":
		// an arrow function's arguments are its nearest ordinary function's
		for i := inner; i >= 0; i-- {
			if fr := l.frames[i]; !fr.arrow {
				fr.risk = true
				if i == inner {
					fr.ownArgs = true
				} else {
					fr.arrowArgs = true
				}
				break
			}
		}
		return
	case "eval":
		for _, fr := range l.frames {
			fr.risk, fr.dynamic = true, true
		}
		return
	}
	if fr := l.frames[inner]; fr.params[name] || fr.vars[name] {
		return // its own binding
	}
	for i := inner - 1; i >= 0; i-- {
		fr := l.frames[i]
		if fr.params[name] {
			fr.risk = true
			return
		}
		if fr.vars[name] {
			setName(&fr.captured, name)
			return
		}
	}
}

// finish adds fr's initialising statement when its arguments go to the
// stash and closures capture some of its vars.
func (l *stashVarLowering) finish(fr *stashVarFrame) {
	if !fr.risk || fr.body == nil {
		return
	}
	var add []ast.Statement
	idx := fr.body.LeftBrace
	if fr.arrowArgs && !fr.ownArgs {
		add = append(add, &ast.ExpressionStatement{Expression: &ast.Identifier{Name: "arguments", Idx: idx}})
	}
	names := fr.captured
	if fr.dynamic {
		names = fr.vars
	}
	var seq []ast.Expression
	// sorted, so the output does not depend on map iteration
	for _, n := range fr.varOrder(names) {
		seq = append(seq, &ast.AssignExpression{
			Operator: token.ASSIGN,
			Left:     &ast.Identifier{Name: n, Idx: idx},
			Right:    &ast.UnaryExpression{Operator: token.VOID, Idx: idx, Operand: &ast.NumberLiteral{Idx: idx, Literal: "0", Value: int64(0)}},
		})
	}
	switch len(seq) {
	case 0:
	case 1:
		add = append(add, &ast.ExpressionStatement{Expression: seq[0]})
	default:
		add = append(add, &ast.ExpressionStatement{Expression: &ast.SequenceExpression{Sequence: seq}})
	}
	if len(add) == 0 {
		return
	}
	list := fr.body.List
	at := directivePrologueLen(list)
	out := make([]ast.Statement, 0, len(list)+len(add))
	out = append(out, list[:at]...)
	out = append(out, add...)
	fr.body.List = append(out, list[at:]...)
	l.n++
}

// varOrder returns the names of fr's vars that are in names and are not
// function declarations, sorted (a large bundle's outer function has
// thousands of vars).
func (fr *stashVarFrame) varOrder(names map[unistring.String]bool) []unistring.String {
	out := make([]unistring.String, 0, len(names))
	for n := range fr.vars {
		if names[n] && !fr.funcs[n] {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// directivePrologueLen returns how many statements at the start of list are
// directives ("use strict"; ...), which must stay first.
// https://tc39.es/ecma262/#directive-prologue
func directivePrologueLen(list []ast.Statement) int {
	n := 0
	for _, st := range list {
		es, ok := st.(*ast.ExpressionStatement)
		if !ok {
			break
		}
		if _, ok := es.Expression.(*ast.StringLiteral); !ok {
			break
		}
		n++
	}
	return n
}

// bindingNames calls fn with each identifier a binding target declares.
func bindingNames(t ast.Node, fn func(unistring.String)) {
	switch t := t.(type) {
	case *ast.Identifier:
		fn(t.Name)
	case *ast.ArrayPattern:
		for _, e := range t.Elements {
			if e != nil {
				bindingNames(e, fn)
			}
		}
		if t.Rest != nil {
			bindingNames(t.Rest, fn)
		}
	case *ast.ObjectPattern:
		for _, p := range t.Properties {
			switch p := p.(type) {
			case *ast.PropertyShort:
				fn(p.Name.Name)
			case *ast.PropertyKeyed:
				bindingNames(p.Value, fn)
			}
		}
		if t.Rest != nil {
			bindingNames(t.Rest, fn)
		}
	case *ast.AssignExpression: // a default: [a = 1]
		bindingNames(t.Left, fn)
	case *ast.Binding:
		bindingNames(t.Target, fn)
	}
}

func setName(m *map[unistring.String]bool, n unistring.String) {
	if *m == nil {
		*m = make(map[unistring.String]bool)
	}
	(*m)[n] = true
}
