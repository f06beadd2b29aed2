package webapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja/token"
)

// Async generator functions as Chromium shows them, though goja has none.
//
// esbuild lowers `async function* f(a) { … }` to a plain function,
//
//	function f(a) { return __asyncGenerator(this, null, function* () { … }); }
//
// so f inherited from Function.prototype, `f.constructor` was Function, and
// `fn instanceof (async function* () {}).constructor` held for every
// function: Tonic took each component's plain render for an async
// generator and called next on its result. markAsyncGenerators rewrites
// esbuild's output so that each lowered function is marked by
// __bangsnapAsyncGen (polyfills.js), which gives it
// %AsyncGeneratorFunction.prototype% as its prototype and its own
// prototype object inheriting from %AsyncGeneratorPrototype%:
//
//	function expression    function () {…}  ->  __bangsnapAsyncGen.f(function __bangsnapAsyncGenSelf() {…}, "inferred name")
//	declarations           at the top of the statement list that holds them (they are hoisted there): __bangsnapAsyncGen.d(f, g);
//	class methods          a static block first in the class body: static { __bangsnapAsyncGen.m(this.prototype, "m"); __bangsnapAsyncGen.m(this, "s"); }
//	object literal methods {…}  ->  __bangsnapAsyncGen.m({…}, "m")
//
// and its `return __asyncGenerator(…)` becomes `return
// __bangsnapAsyncGen.g(__asyncGenerator(…), self, new.target)`, which
// throws a TypeError for `new` (async generator functions are no
// constructors; their parameters' defaults have run by then) and wraps
// esbuild's generator object in one inheriting from self.prototype (next,
// return and throw on %AsyncGeneratorPrototype% call esbuild's): self is the
// function's own name, which an anonymous function expression is given
// (its name property is set back to the one it would have inferred).
// Methods have no name to refer to themselves by: their generators inherit
// from %AsyncGeneratorPrototype% directly. Declarations in switch cases or
// under labels and methods with a computed key other than a name or a
// literal (Symbol.asyncIterator is one) are not marked.
// https://tc39.es/ecma262/#sec-asyncgeneratorfunction-objects

//go:embed asyncgen.js
var asyncGenSource string

var asyncGenProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:asyncgen.js", asyncGenSource, true)
})

// asyncGenPresent answers whether a runtime has the helper: it is a global
// lexical binding (asyncgen.js), which no property read of the global
// object finds.
var asyncGenPresent = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:asyncgen-present.js", `typeof __bangsnapAsyncGen !== "undefined"`, true)
})

// InstallAsyncGenerators defines __bangsnapAsyncGen (asyncgen.js), which
// the code markAsyncGenerators and jsruntime's async method lowering
// write calls, unless rt has it: every runtime that runs scripts compiled
// by jsruntime needs it (installPolyfills installs it).
func InstallAsyncGenerators(rt *goja.Runtime) error {
	has, err := asyncGenPresent()
	if err != nil {
		return fmt.Errorf("webapi: compile asyncgen check: %w", err)
	}
	if v, err := rt.RunProgram(has); err != nil || v.ToBoolean() {
		return err
	}
	prg, err := asyncGenProgram()
	if err != nil {
		return fmt.Errorf("webapi: compile asyncgen.js: %w", err)
	}
	if _, err := rt.RunProgram(prg); err != nil {
		return fmt.Errorf("webapi: asyncgen.js: %w", err)
	}
	return nil
}

// asyncGenHelper is the call esbuild's lowered async generators make.
const asyncGenHelper = "__asyncGenerator"

// markAsyncGenerators returns esbuild's output code with its lowered async
// generator functions marked (see above); code as it is when it has none
// or goja cannot parse it.
func markAsyncGenerators(code string) string {
	if !strings.Contains(code, asyncGenHelper+"(") {
		return code
	}
	prg, err := parser.ParseFile(nil, "", code, 0, parser.WithDisableSourceMaps)
	if err != nil {
		return code
	}
	m := asyncGenMarker{code: code, decl: map[*ast.FunctionLiteral]bool{}, method: map[*ast.FunctionLiteral]string{}, names: map[*ast.FunctionLiteral]string{}}
	astwalk.Inspect(prg, m.visit)
	if len(m.edits) == 0 {
		return code
	}
	sort.SliceStable(m.edits, func(i, j int) bool {
		a, b := m.edits[i], m.edits[j]
		if a.at != b.at {
			return a.at < b.at
		}
		if a.open != b.open {
			return !a.open // what closes here before what opens
		}
		if a.open {
			return a.span > b.span // the outer opens first
		}
		return a.span < b.span // the inner closes first
	})
	var b strings.Builder
	b.Grow(len(code) + 64*len(m.edits))
	last := 0
	for _, e := range m.edits {
		b.WriteString(code[last:e.at])
		b.WriteString(e.text)
		last = e.at
	}
	b.WriteString(code[last:])
	return b.String()
}

// An asyncGenEdit inserts text at the byte offset at: the opening or
// closing half of a wrapper around a node span bytes long.
type asyncGenEdit struct {
	at   int
	text string
	open bool
	span int
}

type asyncGenMarker struct {
	code  string
	edits []asyncGenEdit
	// decl and method hold the lowered functions that are declarations
	// and methods, names the name a function expression would infer.
	decl map[*ast.FunctionLiteral]bool
	// method holds, for a method with a key the marking names, what its
	// g call passes after esbuild's generator (see methodSite); "" for
	// one without.
	method map[*ast.FunctionLiteral]string
	names  map[*ast.FunctionLiteral]string
}

func (m *asyncGenMarker) insert(at int, text string, open bool, span int) {
	m.edits = append(m.edits, asyncGenEdit{at: at, text: text, open: open, span: span})
}

// loweredAsyncGenCall returns the __asyncGenerator call that fl's body
// returns when fl is a lowered async generator function, nil otherwise.
func loweredAsyncGenCall(fl *ast.FunctionLiteral) *ast.CallExpression {
	if fl == nil || fl.Async || fl.Generator || fl.Body == nil || len(fl.Body.List) != 1 {
		return nil
	}
	ret, ok := fl.Body.List[0].(*ast.ReturnStatement)
	if !ok {
		return nil
	}
	call, ok := ret.Argument.(*ast.CallExpression)
	if !ok || len(call.ArgumentList) != 3 {
		return nil
	}
	if id, ok := call.Callee.(*ast.Identifier); !ok || !strings.HasPrefix(string(id.Name), asyncGenHelper) {
		return nil
	}
	if _, ok := call.ArgumentList[0].(*ast.ThisExpression); !ok {
		return nil
	}
	if gen, ok := call.ArgumentList[2].(*ast.FunctionLiteral); !ok || !gen.Generator {
		return nil
	}
	return call
}

func jsQuoted(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// keyText is the JavaScript expression for a method's key, or "" when it
// cannot be evaluated again without effects.
func (m *asyncGenMarker) keyText(key ast.Expression, computed bool) string {
	if !computed {
		switch k := key.(type) {
		case *ast.Identifier:
			return jsQuoted(string(k.Name))
		case *ast.StringLiteral:
			return jsQuoted(k.Value.String())
		case *ast.NumberLiteral:
			return m.code[int(k.Idx0())-1 : int(k.Idx1())-1]
		}
		return ""
	}
	if !pureKey(key) {
		return ""
	}
	return m.code[int(key.Idx0())-1 : int(key.Idx1())-1]
}

// asyncGenSites numbers the lowered async generator methods marked, process
// wide: a realm's helper tells its methods apart by them.
var asyncGenSites atomic.Uint64

// methodSite gives the method fl, whose key's text is key (or "" when it
// cannot be named), a site number: the marking records the site of each
// method it marks (m(obj, key, site…)), and the method's generator looks
// for itself on its receiver, `g(…, undefined, new.target, this, key,
// site)`, to inherit from its own prototype (a method has no name to
// refer to itself by). It returns the key and site for the marking call.
func (m *asyncGenMarker) methodSite(fl *ast.FunctionLiteral, key string) string {
	if key == "" {
		return ""
	}
	site := strconv.FormatUint(asyncGenSites.Add(1), 10)
	m.method[fl] = ", undefined, new.target, this, " + key + ", " + site
	return key + ", " + site
}

// pureKey reports whether a computed key is a chain of property names
// (Symbol.asyncIterator) or a literal: a variable may have changed since.
func pureKey(e ast.Expression) bool {
	switch k := e.(type) {
	case *ast.StringLiteral, *ast.NumberLiteral:
		return true
	case *ast.DotExpression:
		_, name := k.Left.(*ast.Identifier)
		return name || pureKey(k.Left)
	case *ast.CallExpression:
		// esbuild's __knownSymbol("asyncIterator")
		id, ok := k.Callee.(*ast.Identifier)
		if !ok || id.Name != "__knownSymbol" || len(k.ArgumentList) != 1 {
			return false
		}
		_, ok = k.ArgumentList[0].(*ast.StringLiteral)
		return ok
	}
	return false
}

func (m *asyncGenMarker) visit(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.Program:
		m.declarations(x.Body)
	case *ast.BlockStatement:
		m.declarations(x.List)
	case *ast.FunctionDeclaration:
		m.decl[x.Function] = true
	case *ast.ClassLiteral:
		m.classMethods(x)
	case *ast.ObjectLiteral:
		m.objectMethods(x)
	case *ast.Binding:
		if id, ok := x.Target.(*ast.Identifier); ok {
			if fl, ok := x.Initializer.(*ast.FunctionLiteral); ok {
				m.names[fl] = string(id.Name)
			}
		}
	case *ast.AssignExpression:
		if id, ok := x.Left.(*ast.Identifier); ok && x.Operator == token.ASSIGN {
			if fl, ok := x.Right.(*ast.FunctionLiteral); ok {
				m.names[fl] = string(id.Name)
			}
		}
	case *ast.PropertyKeyed:
		if fl, ok := x.Value.(*ast.FunctionLiteral); ok && x.Kind == ast.PropertyKindValue && !x.Computed {
			switch k := x.Key.(type) {
			case *ast.Identifier:
				m.names[fl] = string(k.Name)
			case *ast.StringLiteral:
				m.names[fl] = k.Value.String()
			}
		}
	case *ast.FunctionLiteral:
		m.function(x)
	}
	return true
}

// function marks fl when it is a lowered async generator function: its
// generators inherit from its prototype, and a function expression is
// marked where it is made.
func (m *asyncGenMarker) function(fl *ast.FunctionLiteral) {
	call := loweredAsyncGenCall(fl)
	if call == nil {
		return
	}
	self, method := m.method[fl]
	switch {
	case method:
	case fl.Name != nil:
		self = ", " + string(fl.Name.Name) + ", new.target"
	default:
		self = ", __bangsnapAsyncGenSelf, new.target"
	}
	start, end := int(call.Idx0())-1, int(call.Idx1())-1
	m.insert(start, "__bangsnapAsyncGen.g(", true, end-start)
	m.insert(end, self+")", false, end-start)
	if m.decl[fl] || method {
		return
	}
	start, end = int(fl.Idx0())-1, int(fl.Idx1())-1
	m.insert(start, "__bangsnapAsyncGen.f(", true, end-start)
	if fl.Name != nil {
		m.insert(end, ")", false, end-start)
		return
	}
	m.insert(int(fl.ParameterList.Opening)-1, " __bangsnapAsyncGenSelf", true, 0)
	m.insert(end, ", "+jsQuoted(m.names[fl])+")", false, end-start)
}

// declarations marks the lowered async generator functions declared in a
// statement list, at its start (after its directives).
func (m *asyncGenMarker) declarations(list []ast.Statement) {
	var names []string
	for _, st := range list {
		if fd, ok := st.(*ast.FunctionDeclaration); ok && fd.Function.Name != nil && loweredAsyncGenCall(fd.Function) != nil {
			names = append(names, string(fd.Function.Name.Name))
		}
	}
	if names == nil {
		return
	}
	at := -1
	for _, st := range list {
		if es, ok := st.(*ast.ExpressionStatement); ok {
			if _, ok := es.Expression.(*ast.StringLiteral); ok {
				continue // a directive ("use strict")
			}
		}
		at = int(st.Idx0()) - 1
		break
	}
	if at < 0 {
		return
	}
	m.insert(at, "__bangsnapAsyncGen.d("+strings.Join(names, ", ")+");", true, len(m.code))
}

// classMethods marks a class's lowered async generator methods in a
// static block first in its body: methods are all defined before static
// blocks and fields run.
func (m *asyncGenMarker) classMethods(c *ast.ClassLiteral) {
	var proto, static []string
	for _, el := range c.Body {
		md, ok := el.(*ast.MethodDefinition)
		if !ok || md.Kind != ast.PropertyKindMethod || loweredAsyncGenCall(md.Body) == nil {
			continue
		}
		m.method[md.Body] = ""
		if _, private := md.Key.(*ast.PrivateIdentifier); private {
			continue
		}
		k := m.methodSite(md.Body, m.keyText(md.Key, md.Computed))
		if k == "" {
			continue
		}
		if md.Static {
			static = append(static, k)
		} else {
			proto = append(proto, k)
		}
	}
	if proto == nil && static == nil {
		return
	}
	from := int(c.Class) - 1 + len("class")
	if c.SuperClass != nil {
		from = int(c.SuperClass.Idx1()) - 1
	} else if c.Name != nil {
		from = int(c.Name.Idx1()) - 1
	}
	brace := strings.IndexByte(m.code[from:], '{')
	if brace < 0 {
		return
	}
	var b strings.Builder
	b.WriteString(" static {")
	if proto != nil {
		b.WriteString(" __bangsnapAsyncGen.m(this.prototype, " + strings.Join(proto, ", ") + ");")
	}
	if static != nil {
		b.WriteString(" __bangsnapAsyncGen.m(this, " + strings.Join(static, ", ") + ");")
	}
	b.WriteString(" }")
	m.insert(from+brace+1, b.String(), true, 0)
}

// objectMethods wraps an object literal with lowered async generator
// methods in the call that marks them.
func (m *asyncGenMarker) objectMethods(o *ast.ObjectLiteral) {
	var keys []string
	for _, p := range o.Value {
		pk, ok := p.(*ast.PropertyKeyed)
		if !ok || pk.Kind != ast.PropertyKindMethod {
			continue
		}
		fl, ok := pk.Value.(*ast.FunctionLiteral)
		if !ok || loweredAsyncGenCall(fl) == nil {
			continue
		}
		m.method[fl] = ""
		if k := m.methodSite(fl, m.keyText(pk.Key, pk.Computed)); k != "" {
			keys = append(keys, k)
		}
	}
	if keys == nil {
		return
	}
	start, end := int(o.LeftBrace)-1, int(o.RightBrace)
	m.insert(start, "__bangsnapAsyncGen.m(", true, end-start)
	m.insert(end, ", "+strings.Join(keys, ", ")+")", false, end-start)
}
