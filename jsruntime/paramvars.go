package jsruntime

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// var redeclaring a destructured or rest parameter.
//
// A var declaration may name a parameter of its function, whatever the
// parameter list (https://tc39.es/ecma262/#sec-functiondeclarationinstantiation,
// step 28: with a non-simple list the body's var is a new binding that starts
// with the parameter's value). goja accepts it for plain identifier
// parameters but throws "Identifier 'e' has already been declared" when the
// name is bound by a pattern or a rest parameter, and minifiers produce
// exactly that when they merge declarations: video.js 8 ships
//
//	Yl = ({attributes: e, segmentInfo: t}) => { ...; var r, n, a, e = {attributes: e}; ... }
//
// so the whole library fails to compile. A script goja refuses that way is
// parsed again and, in each such function, every var binding of a
// pattern-bound name becomes an assignment to the parameter:
//
//	var a, e = init, b   ->  var a, V = (e = init), b     (V a name no source can spell)
//	var e                ->  var V
//	for (var e in o)     ->  for (e in o)
//	var [e, r] = init    ->  var V = ([e, r] = init), and r hoisted   (antd 5 ships `var n=Te(t),[t,r,o]=…`)
//
// The body's var and the parameter are then one binding; they differ only for
// a closure in a parameter default that reads the parameter after the body
// assigned it.

// errNoParamVars says the script has no var redeclaring a pattern parameter.
var errNoParamVars = errors.New("jsruntime: no var redeclares a pattern parameter")

// compileScriptParamVars compiles a classic script that goja refused with a
// redeclaration error, with its redeclared pattern parameters lowered (and
// the rewrites of compileScript). It returns errNoParamVars when there is
// nothing to lower.
func compileScriptParamVars(name, src string) (*goja.Program, error) {
	src, _ = loop.RewriteMaxCodePointEscapes(src) // a goja lexer bug
	prg, err := parseScript(name, src)            // sourcemaps.go
	if err != nil {
		return nil, err
	}
	if lowerParamVars(prg) == 0 {
		return nil, errNoParamVars
	}
	lowerScript(prg, src) // destructure.go
	return goja.CompileAST(prg, false)
}

// isRedeclaration reports whether err is goja's SyntaxError for a name
// declared twice.
func isRedeclaration(err error) bool {
	return err != nil && strings.Contains(err.Error(), "has already been declared")
}

// paramVarLowering rewrites the functions of one program. names are the
// pattern-bound parameters of the function whose body is being walked (nil
// outside such a function), decls that function's hoisted var
// declarations.
type paramVarLowering struct {
	n     int
	names map[unistring.String]bool
	decls *[]*ast.VariableDeclaration
}

// lowerParamVars rewrites prg in place and returns the number of var
// bindings it rewrote.
func lowerParamVars(prg *ast.Program) int {
	l := &paramVarLowering{}
	astwalk.Children(prg, l)
	return l.n
}

// Visit rewrites the var declarations at or below n that redeclare a
// pattern-bound parameter of their function.
func (l *paramVarLowering) Visit(n ast.Node, s astwalk.Slot) {
	if s.Kind == astwalk.Value {
		astwalk.Children(n, l)
		return
	}
	names, decls := l.names, l.decls
	switch f := n.(type) {
	case *ast.FunctionLiteral:
		l.names, l.decls = patternParams(f.ParameterList), &f.DeclarationList
	case *ast.ArrowFunctionLiteral:
		l.names, l.decls = patternParams(f.ParameterList), &f.DeclarationList
	}
	if l.names != nil {
		switch x := n.(type) {
		case *ast.VariableStatement:
			l.bindings(x.List, l.names, l.decls)
		case *ast.ForLoopInitializerVarDeclList:
			l.bindings(x.List, l.names, l.decls)
		case *ast.ForInStatement:
			x.Into = l.forInto(x.Into, l.names)
		case *ast.ForOfStatement:
			x.Into = l.forInto(x.Into, l.names)
		}
	}
	astwalk.Children(n, l)
	l.names, l.decls = names, decls
}

// bindings rewrites the bindings of one var declaration list in place.
// A pattern also binding other names leaves them declared in decls (the
// function's hoisted declarations, which the parser already filled and the
// compiler declares from): a var without an initializer does nothing where
// it stands.
func (l *paramVarLowering) bindings(list []*ast.Binding, names map[unistring.String]bool, decls *[]*ast.VariableDeclaration) {
	for _, b := range list {
		switch t := b.Target.(type) {
		case *ast.Identifier:
			if !names[t.Name] {
				continue
			}
			l.n++
			if b.Initializer != nil {
				b.Initializer = &ast.AssignExpression{Operator: token.ASSIGN, Left: &ast.Identifier{Name: t.Name, Idx: t.Idx}, Right: b.Initializer}
			}
			b.Target = l.hiddenName(t.Idx0())
		case *ast.ArrayPattern, *ast.ObjectPattern:
			// A var pattern binding a parameter's name becomes a
			// destructuring assignment (binding and assignment patterns
			// share their nodes).
			var others []*ast.Binding
			hit := false
			patternNames(t, func(id *ast.Identifier) {
				if names[id.Name] {
					hit = true
				} else {
					others = append(others, &ast.Binding{Target: &ast.Identifier{Name: id.Name, Idx: id.Idx}})
				}
			})
			if !hit || b.Initializer == nil || decls == nil {
				continue
			}
			l.n++
			b.Initializer = &ast.AssignExpression{Operator: token.ASSIGN, Left: t, Right: b.Initializer}
			b.Target = l.hiddenName(t.Idx0())
			if len(others) > 0 {
				*decls = append(*decls, &ast.VariableDeclaration{Var: t.Idx0(), List: others})
			}
		}
	}
}

// hiddenName is a fresh binding name no source can spell.
func (l *paramVarLowering) hiddenName(idx file.Idx) *ast.Identifier {
	return &ast.Identifier{Name: unistring.String("\x00paramVar" + strconv.Itoa(l.n)), Idx: idx}
}

// forInto rewrites the head of a for-in or for-of loop declaring a
// pattern-bound name with var.
func (l *paramVarLowering) forInto(into ast.ForInto, names map[unistring.String]bool) ast.ForInto {
	v, ok := into.(*ast.ForIntoVar)
	if !ok || v.Binding == nil || v.Binding.Initializer != nil {
		return into
	}
	id, ok := v.Binding.Target.(*ast.Identifier)
	if !ok || !names[id.Name] {
		return into
	}
	l.n++
	return &ast.ForIntoExpression{Expression: &ast.Identifier{Name: id.Name, Idx: id.Idx}}
}

// patternParams returns the names bound by the patterns and the rest
// parameter of list (nil when there are none): goja accepts a var
// redeclaring a plain identifier parameter.
func patternParams(list *ast.ParameterList) map[unistring.String]bool {
	if list == nil {
		return nil
	}
	var names map[unistring.String]bool
	add := func(id *ast.Identifier) {
		if names == nil {
			names = map[unistring.String]bool{}
		}
		names[id.Name] = true
	}
	for _, b := range list.List {
		if _, ok := b.Target.(*ast.Identifier); !ok {
			patternNames(b.Target, add)
		}
	}
	if list.Rest != nil {
		patternNames(list.Rest, add)
	}
	return names
}

// patternNames calls add for each identifier a binding target binds.
func patternNames(t ast.Node, add func(*ast.Identifier)) {
	switch t := t.(type) {
	case *ast.Identifier:
		add(t)
	case *ast.AssignExpression: // a target with a default
		patternNames(t.Left, add)
	case *ast.ArrayPattern:
		for _, e := range t.Elements {
			if e != nil {
				patternNames(e, add)
			}
		}
		if t.Rest != nil {
			patternNames(t.Rest, add)
		}
	case *ast.ObjectPattern:
		for _, p := range t.Properties {
			switch p := p.(type) {
			case *ast.PropertyShort:
				add(&p.Name)
			case *ast.PropertyKeyed:
				patternNames(p.Value, add)
			}
		}
		if t.Rest != nil {
			patternNames(t.Rest, add)
		}
	}
}
