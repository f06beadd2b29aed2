package jsruntime

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// Array destructuring without the iterator protocol for plain arrays.
//
// goja runs `const [a, b] = v` by the letter of
// https://tc39.es/ecma262/#sec-runtime-semantics-iteratorbindinginitialization:
// an Array Iterator object, then one {value, done} result object per element
// (each with its own property map), each step inside a recover frame. That is
// about 15 allocations for a pair, and Angular's compiler alone does it over
// 35,000 times per render (`for (const [prop, value] of superType)` in its
// DOM schema). When v is a plain Array whose iteration has not been replaced
// (its prototype is Array.prototype, its @@iterator is the original
// Array.prototype.values and %ArrayIteratorPrototype%.next is the original),
// the iterator would only read v[0], v[1]... in order, so reading them
// directly is the same thing without the garbage.
//
// The rewrite happens on the parsed AST before goja compiles it, so source
// positions and Function.prototype.toString are unchanged:
//
//	const [a, , b] = e          ->  const T = H(e, 3), a = T[0], b = T[2]
//	for (let [k, v] of m) body  ->  for (let U of m) { let T = H(U, 2), k = T[0], v = T[1]; body }
//
// H returns its argument when it is such a plain array, and otherwise steps
// the iterator exactly as destructuring does (GetIterator, n calls of next
// while not done, IteratorClose when not done) and returns the values in a
// new array. T, U and H have names no source text can spell (they start
// with a NUL), and H is a global lexical binding, not a property of window.
//
// Here, const and let declarations and for-of heads whose patterns are
// plain identifiers, holes, identifiers with a literal default (pureDefault)
// and a rest identifier are rewritten; patternmore.go does parameters and
// assignments. With a default, the element is read once into a binding of
// its own: U = T[i], a = U === undefined ? d : U. With a rest, H(e, n, true)
// returns a new array whose element n is the rest array, read from a plain
// array as its iterator would read it (restOfPlain). var (hoisted through
// the parser's declaration lists), other defaults and nested patterns keep
// goja's own code. One difference remains for plain arrays without a rest:
// goja's iterator stops at the length it reads before each element, while
// T[i] reads index i even when a getter on an earlier element shortened the
// array.

// arrayPatternHelper is the name of H.
const arrayPatternHelper unistring.String = "\x00arrayPattern"

// patternTemps numbers T and U process-wide: two programs must never declare
// the same global lexical name.
var patternTemps atomic.Uint64

// compileScript parses and compiles a classic script (sloppy mode) with its
// tagged templates (tagged.go), for-of loops over Maps and Sets
// (collectionloop.go) and arrays (arrayloop.go) and array patterns lowered.
func compileScript(name, src string) (*goja.Program, error) {
	p, _, err := compileScriptKept(name, src)
	return p, err
}

// compileScriptKept is compileScript that also returns the text the
// program keeps: goja's parser copies the source it is given, and the
// program holds that copy (for positions and function source text).
func compileScriptKept(name, src string) (*goja.Program, string, error) {
	src, _ = loop.RewriteMaxCodePointEscapes(src) // a goja lexer bug
	prg, err := parseScript(name, src)            // sourcemaps.go
	if err != nil {
		return nil, "", err
	}
	optSpread := lowerScript(prg, src)
	p, err := goja.CompileAST(prg, false)
	if err == nil && optSpread {
		err = errOptionalSpreadCall
	}
	var kept string
	if prg.File != nil {
		kept = prg.File.Source()
	}
	return p, kept, err
}

// lowerScript runs the AST lowerings of a classic script on prg, parsed
// from src, in place, in the order they must run. It reports whether prg
// has an optional call with spread arguments (optspread.go), found on
// the way by the first walk.
func lowerScript(prg *ast.Program, src string) (optSpread bool) {
	stash := stashVarLowering{findOptSpread: mayHaveOptionalSpreadCall(src)} // stashvars.go
	astwalk.Children(prg, &stash)
	lowerTaggedTemplates(prg, src) // tagged.go
	lowerAwaits(prg, src)          // awaitvalue.go
	lowerCollectionLoops(prg)      // collectionloop.go
	lowerArrayLoops(prg)           // arrayloop.go
	lowerArrayPatterns(prg)        // and the padding loops (stringpad.go)
	lowerAsyncMethods(prg, src)    // asyncmethods.go
	return stash.optSpread
}

// lowerArrayPatterns rewrites prg in place (see above) and returns the
// number of patterns it lowered.
func lowerArrayPatterns(prg *ast.Program) int {
	var l patternLowering
	astwalk.Children(prg, &l)
	return l.n
}

// patternLowering counts the patterns and the spreads (spread.go) lowered.
// calls counts the calls and new expressions with spread arguments
// lowered (callspread.go), pads the padding loops (stringpad.go),
// charCodes the charCodeAt calls (charcode.go); with is the depth of with
// statements around the node being visited.
type patternLowering struct{ n, spreads, calls, pads, charCodes, with int }

// Visit walks n, rewriting lexical declarations, for-of heads and
// function parameters before descending into them, and replaces n, after,
// when it is an expression statement with array pattern assignments
// (patternmore.go), an array literal with spreads (spread.go) or a call or
// new expression with spread arguments (callspread.go), or a charCodeAt
// call (charcode.go).
func (l *patternLowering) Visit(n ast.Node, s astwalk.Slot) {
	if s.Kind == astwalk.Value {
		// ForLoopInitializerLexicalDecl's declaration: done with its
		// initializer below.
		astwalk.Children(n, l)
		return
	}
	if _, ok := n.(*ast.WithStatement); ok {
		l.with++
		astwalk.Children(n, l)
		l.with--
		return // a with statement is in none of the slots below
	}
	if l.with == 0 {
		// Inside with, the helpers' names would be looked up on the with
		// object first (a proxy's has trap sees them): nothing is lowered.
		switch x := n.(type) {
		case *ast.FunctionLiteral:
			l.function(x) // patternmore.go
		case *ast.ArrowFunctionLiteral:
			l.arrow(x)
		case *ast.LexicalDeclaration:
			x.List = l.bindings(x.List)
		case *ast.ForLoopInitializerLexicalDecl:
			x.LexicalDeclaration.List = l.bindings(x.LexicalDeclaration.List)
		case *ast.ForOfStatement:
			l.forOf(x)
		}
	}
	astwalk.Children(n, l)
	if l.with > 0 {
		return
	}
	switch x := n.(type) {
	case *ast.ExpressionStatement:
		if s.Kind == astwalk.Statement {
			if repl := l.assignStatement(x); repl != nil { // patternmore.go
				s.Set(repl)
			}
		}
	case *ast.ArrayLiteral:
		if s.Kind == astwalk.Expression {
			if repl := spreadArray(x); repl != nil && s.Set(repl) { // spread.go
				l.spreads++
			}
		}
	case *ast.CallExpression:
		if s.Kind == astwalk.Expression {
			if repl := l.callSpread(x); repl != nil { // callspread.go
				s.Set(repl)
			} else if repl := lowerCharCode(x); repl != nil && s.Set(repl) { // charcode.go
				l.charCodes++
			}
		}
	case *ast.NewExpression:
		if s.Kind == astwalk.Expression {
			if repl := l.newSpread(x); repl != nil {
				s.Set(repl)
			}
		}
	case *ast.WhileStatement:
		if s.Kind == astwalk.Statement {
			if repl := lowerStringPad(x, x.Test, x.Body, x.While); repl != nil && s.Set(repl) { // stringpad.go
				l.pads++
			}
		}
	case *ast.ForStatement:
		if s.Kind == astwalk.Statement && x.Initializer == nil && x.Update == nil {
			if repl := lowerStringPad(x, x.Test, x.Body, x.For); repl != nil && s.Set(repl) {
				l.pads++
			}
		}
	}
}

// simpleArrayPattern reports whether p has only identifiers, holes and
// identifiers with a default that is a literal (pureDefault), with at most
// a rest identifier, and at least one element or a rest.
func simpleArrayPattern(p *ast.ArrayPattern) bool {
	if p.Rest != nil {
		if _, ok := p.Rest.(*ast.Identifier); !ok {
			return false
		}
	} else if len(p.Elements) == 0 {
		return false
	}
	for _, e := range p.Elements {
		switch e := e.(type) {
		case nil, *ast.Identifier:
		case *ast.AssignExpression:
			if _, ok := e.Left.(*ast.Identifier); !ok || e.Operator != token.ASSIGN || !pureDefault(e.Right) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// pureDefault reports whether evaluating e can neither be observed nor
// throw nor name a function: a number, string, boolean, null, regexp-free
// literal, a template without substitutions, a negated number, or an empty
// object or array literal. H steps an iterable past an element before its
// default is evaluated, where destructuring interleaves them; for such
// defaults that cannot be told apart.
func pureDefault(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.NumberLiteral, *ast.StringLiteral, *ast.BooleanLiteral, *ast.NullLiteral:
		return true
	case *ast.TemplateLiteral:
		return e.Tag == nil && len(e.Expressions) == 0
	case *ast.UnaryExpression:
		_, ok := e.Operand.(*ast.NumberLiteral)
		return ok && (e.Operator == token.MINUS || e.Operator == token.PLUS) && !e.Postfix
	case *ast.ObjectLiteral:
		return len(e.Value) == 0
	case *ast.ArrayLiteral:
		return len(e.Value) == 0
	}
	return false
}

// patternIdents returns the names p binds (simpleArrayPattern's kinds).
func patternIdents(p *ast.ArrayPattern) []*ast.Identifier {
	var out []*ast.Identifier
	for _, e := range p.Elements {
		switch e := e.(type) {
		case *ast.Identifier:
			out = append(out, e)
		case *ast.AssignExpression:
			if id, ok := e.Left.(*ast.Identifier); ok {
				out = append(out, id)
			}
		}
	}
	if id, ok := p.Rest.(*ast.Identifier); ok {
		out = append(out, id)
	}
	return out
}

// bindings returns list with each simple array pattern binding expanded
// (list itself when there is none).
func (l *patternLowering) bindings(list []*ast.Binding) []*ast.Binding {
	var out []*ast.Binding
	for i, b := range list {
		p, ok := b.Target.(*ast.ArrayPattern)
		if !ok || b.Initializer == nil || !simpleArrayPattern(p) {
			if out != nil {
				out = append(out, b)
			}
			continue
		}
		if out == nil {
			out = append(make([]*ast.Binding, 0, len(list)+len(p.Elements)), list[:i]...)
		}
		out = append(out, expandArrayPattern(p, b.Initializer)...)
		l.n++
	}
	if out == nil {
		return list
	}
	return out
}

// forOf moves a simple array pattern of a const/let for-of head into a
// declaration at the top of the body.
func (l *patternLowering) forOf(s *ast.ForOfStatement) {
	d, ok := s.Into.(*ast.ForDeclaration)
	if !ok {
		return
	}
	p, ok := d.Target.(*ast.ArrayPattern)
	if !ok || !simpleArrayPattern(p) {
		return
	}
	at := p.LeftBracket
	item := tempName()
	d.Target = &ast.Identifier{Name: item, Idx: at}
	tok := token.LET
	if d.IsConst {
		tok = token.CONST
	}
	decl := &ast.LexicalDeclaration{Idx: at, Token: tok, List: expandArrayPattern(p, &ast.Identifier{Name: item, Idx: at})}
	body := s.Body
	s.Body = &ast.BlockStatement{LeftBrace: body.Idx0(), List: []ast.Statement{decl, body}, RightBrace: body.Idx1() - 1}
	l.n++
}

// expandArrayPattern returns the bindings T = H(init, n), then name = T[i]
// for each identifier of p. A default takes a binding of its own for the
// element, read once: U = T[i], name = U === undefined ? default : U. A
// rest makes it H(init, n, true), whose T[n] is the rest array.
func expandArrayPattern(p *ast.ArrayPattern, init ast.Expression) []*ast.Binding {
	at := p.LeftBracket
	tmp := tempName()
	n := len(p.Elements)
	args := []ast.Expression{init, numberLiteral(n, at)}
	if p.Rest != nil {
		args = append(args, &ast.BooleanLiteral{Idx: at, Literal: "true", Value: true})
	}
	out := make([]*ast.Binding, 1, n+2)
	out[0] = &ast.Binding{
		Target: &ast.Identifier{Name: tmp, Idx: at},
		Initializer: &ast.CallExpression{
			Callee:           &ast.Identifier{Name: arrayPatternHelper, Idx: at},
			LeftParenthesis:  at,
			ArgumentList:     args,
			RightParenthesis: p.RightBracket,
		},
	}
	elem := func(i int, at file.Idx) ast.Expression {
		return &ast.BracketExpression{
			Left:         &ast.Identifier{Name: tmp, Idx: at},
			Member:       numberLiteral(i, at),
			LeftBracket:  at,
			RightBracket: at,
		}
	}
	for i, e := range p.Elements {
		switch e := e.(type) {
		case *ast.Identifier:
			out = append(out, &ast.Binding{Target: e, Initializer: elem(i, e.Idx)})
		case *ast.AssignExpression:
			id := e.Left.(*ast.Identifier)
			u := tempName()
			out = append(out,
				&ast.Binding{Target: &ast.Identifier{Name: u, Idx: id.Idx}, Initializer: elem(i, id.Idx)},
				&ast.Binding{Target: id, Initializer: &ast.ConditionalExpression{
					Test: &ast.BinaryExpression{
						Operator: token.STRICT_EQUAL,
						Left:     &ast.Identifier{Name: u, Idx: id.Idx},
						Right:    voidZero(id.Idx),
					},
					Consequent: e.Right,
					Alternate:  &ast.Identifier{Name: u, Idx: id.Idx},
				}})
		}
	}
	if id, ok := p.Rest.(*ast.Identifier); ok {
		out = append(out, &ast.Binding{Target: id, Initializer: elem(n, id.Idx)})
	}
	return out
}

func numberLiteral(n int, at file.Idx) *ast.NumberLiteral {
	return &ast.NumberLiteral{Idx: at, Literal: strconv.Itoa(n), Value: int64(n)}
}

func tempName() unistring.String {
	return unistring.String("\x00t" + strconv.FormatUint(patternTemps.Add(1), 36))
}

// arrayPatternSlowSource is H for everything but plain arrays: the
// iteration steps of https://tc39.es/ecma262/#sec-runtime-semantics-iteratorbindinginitialization
// for n elements.
const arrayPatternSlowSource = `(function (v, n, rest) {
  'use strict';
  var method = v == null ? undefined : v[Symbol.iterator];
  if (typeof method !== 'function') throw new TypeError((v === null ? 'null' : typeof v === 'object' || typeof v === 'function' ? 'object' : String(v)) + ' is not iterable');
  var it = method.call(v);
  if (Object(it) !== it) throw new TypeError('Result of the Symbol.iterator method is not an object');
  var next = it.next, out = new Array(n), done = false;
  for (var i = 0; i < n; i++) {
    if (done) { out[i] = undefined; continue; }
    var r = next.call(it);
    if (Object(r) !== r) throw new TypeError('Iterator result ' + String(r) + ' is not an object');
    if (r.done) { done = true; out[i] = undefined; } else out[i] = r.value;
  }
  if (rest) {
    var more = [], k = 0;
    while (!done) {
      var r = next.call(it);
      if (Object(r) !== r) throw new TypeError('Iterator result ' + String(r) + ' is not an object');
      if (r.done) done = true; else more[k++] = r.value;
    }
    out[n] = more;
  }
  if (!done) {
    var ret = it['return'];
    if (ret != null) {
      var rr = ret.call(it);
      if (Object(rr) !== rr) throw new TypeError('Iterator result ' + String(rr) + ' is not an object');
    }
  }
  return out;
})`

var (
	arrayPatternSlow = sync.OnceValues(func() (*goja.Program, error) {
		return goja.Compile("bangsnap:array-pattern.js", arrayPatternSlowSource, true)
	})
	arrayPatternBinding = newHiddenBinding(arrayPatternHelper)
)

// restOfPlain is H(o, n, true) for a plain array o: its first n elements
// and the array of the others, read as the Array Iterator reads them (the
// length before each element, nothing after the end).
func restOfPlain(rt *goja.Runtime, o *goja.Object, n int64) goja.Value {
	out := make([]any, 0, n+1)
	i, done := int64(0), false
	step := func() goja.Value {
		if !done && i < o.Get("length").ToInteger() {
			v := o.Get(strconv.FormatInt(i, 10))
			i++
			return v
		}
		done = true
		return goja.Undefined()
	}
	for range n {
		out = append(out, step())
	}
	var more []any
	for !done {
		if v := step(); !done {
			more = append(more, v)
		}
	}
	return rt.NewArray(append(out, rt.NewArray(more...))...)
}

// installArrayPatternHelper defines H in rt's global lexical scope.
func installArrayPatternHelper(rt *goja.Runtime) error {
	slowPrg, err := arrayPatternSlow()
	if err != nil {
		return fmt.Errorf("jsruntime: compile the array pattern helper: %w", err)
	}
	slowV, err := rt.RunProgram(slowPrg)
	if err != nil {
		return fmt.Errorf("jsruntime: array pattern helper: %w", err)
	}
	slow, _ := goja.AssertFunction(slowV)
	arrayProto := rt.Get("Array").ToObject(rt).Get("prototype").ToObject(rt)
	values := arrayProto.GetSymbol(goja.SymIterator)
	valuesFn, ok := goja.AssertFunction(values)
	if !ok {
		return fmt.Errorf("jsruntime: array pattern helper: Array.prototype[Symbol.iterator] is not a function")
	}
	it, err := valuesFn(rt.NewArray())
	if err != nil {
		return fmt.Errorf("jsruntime: array pattern helper: %w", err)
	}
	iterProto := it.ToObject(rt).Prototype()
	next := iterProto.Get("next")
	plain := func(v goja.Value) bool {
		o, ok := v.(*goja.Object)
		return ok && o.ClassName() == "Array" && o.Prototype() == arrayProto &&
			o.GetSymbol(goja.SymIterator) == values && iterProto.Get("next") == next
	}
	helper := func(call goja.FunctionCall) goja.Value {
		v := call.Argument(0)
		rest := len(call.Arguments) > 2
		if plain(v) {
			if rest {
				return restOfPlain(rt, v.(*goja.Object), call.Argument(1).ToInteger())
			}
			return v
		}
		r, err := slow(goja.Undefined(), v, call.Argument(1), rt.ToValue(rest))
		if err != nil {
			panic(err)
		}
		return r
	}
	if err := arrayPatternBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: array pattern helper: %w", err)
	}
	spread, err := installSpreadHelper(rt, plain) // spread.go
	if err != nil {
		return err
	}
	indexed := func(v goja.Value) bool {
		if plain(v) {
			return true
		}
		o, ok := v.(*goja.Object)
		return ok && o.ClassName() == "Arguments" && o.GetSymbol(goja.SymIterator) == values && iterProto.Get("next") == next
	}
	if err := installCallSpreadHelpers(rt, indexed, spread); err != nil { // callspread.go
		return err
	}
	if err := installTaggedTemplateHelper(rt); err != nil { // tagged.go
		return err
	}
	if err := installAwaitValueHelper(rt); err != nil { // awaitvalue.go
		return err
	}
	if err := installArrayLoopHelper(rt, values, iterProto, next); err != nil { // arrayloop.go
		return err
	}
	if err := installCollectionLoopHelper(rt); err != nil { // collectionloop.go
		return err
	}
	if err := installStringPadHelper(rt); err != nil { // stringpad.go
		return err
	}
	if err := installCharCodeHelper(rt); err != nil { // charcode.go
		return err
	}
	if err := installMathTrig(rt); err != nil { // mathtrig.go
		return err
	}
	if err := installJSONIndent(rt); err != nil { // jsonindent.go
		return err
	}
	return installArrayBufferTransfer(rt) // arraybuffer.go
}
