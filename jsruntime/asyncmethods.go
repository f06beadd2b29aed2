package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/unistring"
)

// Async methods inherit from %AsyncFunction.prototype%.
//
// goja makes an async method (`class A { async m() {} }`, `{ async m() {} }`)
// with Function.prototype as its prototype, where async function
// expressions, declarations and arrows get %AsyncFunction.prototype%: so
// `A.prototype.m instanceof (async function () {}).constructor` was false,
// and Tonic called a component's `async render()` as a plain render and
// wrote the promise it returned into the page. lowerAsyncMethods gives
// each class with async methods a static block, first in its body, and
// wraps each object literal with some in a call, that set their prototype
// (__bangsnapAsyncGen.a, polyfills.js):
//
//	class A { async m() {} static async s() {} }
//	  ->  class A { static { __bangsnapAsyncGen.a(this.prototype, "m"); __bangsnapAsyncGen.a(this, "s"); } async m() {} … }
//	{ async m() {} }  ->  __bangsnapAsyncGen.a({ async m() {} }, "m")
//
// Methods are all defined before a class's static blocks and fields run.
// Methods with computed or private keys keep goja's prototype.
// https://tc39.es/ecma262/#sec-runtime-semantics-instantiateasyncfunctionobject

// asyncGenHelper names polyfills.js's helper object.
const asyncGenHelper unistring.String = "__bangsnapAsyncGen"

// lowerAsyncMethods rewrites prg, parsed from src, in place (see above).
func lowerAsyncMethods(prg *ast.Program, src string) {
	if mayHaveAsyncMethod(src) {
		astwalk.Children(prg, asyncMethodLowering{})
	}
}

// mayHaveAsyncMethod reports whether src has `async` followed by a name
// other than function, or a string, then `(`: the walk is skipped for
// the many scripts without async methods.
func mayHaveAsyncMethod(src string) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], "async")
		if j < 0 {
			return false
		}
		i += j + len("async")
		k := i
		for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
			k++
		}
		if k == i || k == len(src) {
			continue
		}
		start := k
		switch c := src[k]; {
		case c == '"' || c == '\'':
			end := strings.IndexByte(src[k+1:], c)
			if end < 0 {
				return false
			}
			k += end + 2
		default:
			for k < len(src) && (src[k] == '_' || src[k] == '$' || src[k] >= 0x80 || 'a' <= src[k]|0x20 && src[k]|0x20 <= 'z' || '0' <= src[k] && src[k] <= '9') {
				k++
			}
			if k == start || src[start:k] == "function" {
				continue
			}
		}
		for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
			k++
		}
		if k < len(src) && src[k] == '(' {
			return true
		}
	}
}

type asyncMethodLowering struct{}

func (l asyncMethodLowering) Visit(n ast.Node, s astwalk.Slot) {
	astwalk.Children(n, l)
	switch x := n.(type) {
	case *ast.ClassLiteral:
		var proto, static []ast.Expression
		for _, el := range x.Body {
			md, ok := el.(*ast.MethodDefinition)
			if !ok || md.Kind != ast.PropertyKindMethod || md.Body == nil || !md.Body.Async || md.Body.Generator || md.Computed {
				continue
			}
			if k := asyncMethodKey(md.Key); k != nil {
				if md.Static {
					static = append(static, k)
				} else {
					proto = append(proto, k)
				}
			}
		}
		if proto == nil && static == nil {
			return
		}
		at := x.Class
		var list []ast.Statement
		if proto != nil {
			this := &ast.DotExpression{Left: &ast.ThisExpression{Idx: at}, Identifier: ast.Identifier{Idx: at, Name: "prototype"}}
			list = append(list, &ast.ExpressionStatement{Expression: asyncMethodsCall(at, this, proto)})
		}
		if static != nil {
			list = append(list, &ast.ExpressionStatement{Expression: asyncMethodsCall(at, &ast.ThisExpression{Idx: at}, static)})
		}
		block := &ast.ClassStaticBlock{Static: at, Block: &ast.BlockStatement{LeftBrace: at, List: list, RightBrace: at}}
		x.Body = append([]ast.ClassElement{block}, x.Body...)
	case *ast.ObjectLiteral:
		if !s.Interface() {
			return
		}
		var keys []ast.Expression
		for _, p := range x.Value {
			pk, ok := p.(*ast.PropertyKeyed)
			if !ok || pk.Kind != ast.PropertyKindMethod || pk.Computed {
				continue
			}
			if fl, ok := pk.Value.(*ast.FunctionLiteral); ok && fl.Async && !fl.Generator {
				if k := asyncMethodKey(pk.Key); k != nil {
					keys = append(keys, k)
				}
			}
		}
		if keys != nil {
			s.Set(asyncMethodsCall(x.LeftBrace, x, keys))
		}
	}
}

// asyncMethodKey is a string literal of a method's key, nil for a key
// other than a name or a string.
func asyncMethodKey(key ast.Expression) ast.Expression {
	var name unistring.String
	var at file.Idx
	switch k := key.(type) {
	case *ast.Identifier:
		name, at = k.Name, k.Idx
	case *ast.StringLiteral:
		name, at = k.Value, k.Idx
	default:
		return nil
	}
	return &ast.StringLiteral{Idx: at, Literal: strconv.Quote(name.String()), Value: name}
}

// asyncMethodsCall is __bangsnapAsyncGen.a(obj, keys...).
func asyncMethodsCall(at file.Idx, obj ast.Expression, keys []ast.Expression) *ast.CallExpression {
	return &ast.CallExpression{
		Callee:           &ast.DotExpression{Left: &ast.Identifier{Idx: at, Name: asyncGenHelper}, Identifier: ast.Identifier{Idx: at, Name: "a"}},
		LeftParenthesis:  at,
		ArgumentList:     append([]ast.Expression{obj}, keys...),
		RightParenthesis: at,
	}
}
