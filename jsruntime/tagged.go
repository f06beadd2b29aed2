package jsruntime

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// One template object per tagged template site.
//
// https://tc39.es/ecma262/#sec-gettemplateobject: a tagged template passes
// its tag the same frozen strings array every time the same site (Parse
// Node) is evaluated in a realm. goja builds a new array object at each
// evaluation and only makes === say they are equal: Map, WeakMap and Set
// key by the object and miss. lit-html keys its template cache by the
// strings array, so with Lit in a classic bundle every render was a cache
// miss, and a Shoelace page rebuilt its shadow trees on each slotchange
// until the memory budget ran out.
//
// Classic scripts are rewritten on the parsed AST before goja compiles them,
// so source positions and Function.prototype.toString are unchanged:
//
//	tag`a${x}b`  ->  tag(G(id) || G(id, "a", "a", "b", "b"), x)
//
// The call keeps the tag expression as its callee, so obj.m`x` still calls
// with this = obj, and the order of evaluation is the tag, the template
// object, then the substitutions. G(id) returns the page's template object
// for site id, or undefined before the first evaluation; G(id, cooked0,
// raw0, ...) builds it as GetTemplateObject does (cooked strings, undefined
// for an invalid escape, with a frozen non-enumerable raw array, both
// frozen), remembers it and returns it. Site ids are unique process-wide
// (compiled programs are shared between pages through the program cache);
// the remembered objects live in one map per runtime, as a realm's
// [[TemplateMap]]. G has a name no source text can spell (it starts with a
// NUL) and is a global lexical binding, not a property of window.
//
// Not rewritten: `eval` as a tag (the call would become a direct eval) and
// code goja compiles itself (eval and new Function source).

// taggedTemplateHelper is the name of G.
const taggedTemplateHelper unistring.String = "\x00taggedTemplate"

// templateSites numbers tagged template sites process-wide.
var templateSites atomic.Int64

// lowerTaggedTemplates rewrites the tagged templates of prg, parsed from
// src, in place (see above) and returns how many it rewrote. A source
// without a backquote has none and is not walked. Otherwise only the
// statements whose text has a backquote are: most functions of a large
// library have no template, and the walk over them is what would cost.
func lowerTaggedTemplates(prg *ast.Program, src string) int {
	m, ok := newMarkedStatements(prg, src, "`")
	if !ok {
		return 0
	}
	w := templateLowering{markedStatements: m}
	astwalk.Children(prg, &w)
	return w.n
}

// templateLowering is one walk over the statements with a backquote, and
// the number of sites rewritten.
type templateLowering struct {
	markedStatements
	n int
}

// markedStatements makes a walk skip the statements whose source text
// lacks a mark (a backquote for tagged.go, "await" for awaitvalue.go):
// the offsets of the marks in the source, the file's base index, and the
// index where the statement being walked ends at the latest.
type markedStatements struct {
	marks []int
	base  int
	limit file.Idx
}

// newMarkedStatements finds the marks of src, parsed as prg; false when
// it has none.
func newMarkedStatements(prg *ast.Program, src, mark string) (markedStatements, bool) {
	m := markedStatements{base: 1}
	i := strings.Index(src, mark)
	if i < 0 {
		return m, false
	}
	if f := prg.File; f != nil {
		m.base = f.Base()
	}
	m.limit = file.Idx(m.base + len(src))
	for {
		m.marks = append(m.marks, i)
		j := strings.Index(src[i+len(mark):], mark)
		if j < 0 {
			return m, true
		}
		i += len(mark) + j
	}
}

// hasMark reports whether the source from index from up to (not
// including) index to holds a mark.
func (m *markedStatements) hasMark(from, to file.Idx) bool {
	lo, hi := int(from)-m.base, int(to)-m.base
	k := sort.SearchInts(m.marks, lo)
	return k < len(m.marks) && m.marks[k] < hi
}

// skip reports whether n, held in slot s, is an element of a statement
// list whose text holds no mark, so that a walk skips it. Otherwise, for
// a listed statement, it sets the limit to where n's text ends; restore is
// the limit to put back after walking n. A listed statement's text runs
// from its first index to the next statement's (the last one's to the
// limit of the statement around the list).
func (m *markedStatements) skip(n ast.Node, s astwalk.Slot) (skip bool, restore file.Idx) {
	restore = m.limit
	if s.Kind != astwalk.Statement || !s.InList() {
		return false, restore
	}
	end := m.limit
	if next := s.Next(); next != nil {
		end = next.Idx0()
	}
	if start := n.Idx0(); start > 0 && start <= end && !m.hasMark(start, end) {
		return true, restore
	}
	m.limit = end
	return false, restore
}

// Visit walks n, skipping the statements without a backquote, and
// replaces the tagged templates held in interface slots by their calls.
func (w *templateLowering) Visit(n ast.Node, s astwalk.Slot) {
	skip, limit := w.skip(n, s)
	if skip {
		return
	}
	if t, ok := n.(*ast.TemplateLiteral); ok && s.Interface() {
		if call := w.site(t); call != nil && s.Set(call) {
			n = call
		}
	}
	astwalk.Children(n, w)
	w.limit = limit
}

// site returns the call that replaces the tagged template t, or nil when
// t is untagged or stays as it is.
func (w *templateLowering) site(t *ast.TemplateLiteral) *ast.CallExpression {
	switch tag := t.Tag.(type) {
	case nil, *ast.SuperExpression:
		return nil
	case *ast.Identifier:
		if tag.Name == "eval" {
			return nil
		}
	}
	at := t.OpenQuote
	n := templateSites.Add(1)
	id := &ast.NumberLiteral{Idx: at, Literal: strconv.FormatInt(n, 10), Value: n}
	strs := make([]ast.Expression, 1, 1+2*len(t.Elements))
	strs[0] = id
	for _, el := range t.Elements {
		var cooked ast.Expression = &ast.UnaryExpression{Idx: el.Idx, Operator: token.VOID, Operand: &ast.NumberLiteral{Idx: el.Idx, Literal: "0", Value: int64(0)}}
		if el.Valid {
			cooked = &ast.StringLiteral{Idx: el.Idx, Literal: el.Literal, Value: el.Parsed}
		}
		strs = append(strs, cooked, &ast.StringLiteral{Idx: el.Idx, Literal: el.Literal, Value: unistring.NewFromString(el.Literal)})
	}
	get := func(args []ast.Expression) *ast.CallExpression {
		return &ast.CallExpression{
			Callee:           &ast.Identifier{Name: taggedTemplateHelper, Idx: at},
			LeftParenthesis:  at,
			ArgumentList:     args,
			RightParenthesis: t.CloseQuote,
		}
	}
	obj := &ast.BinaryExpression{Operator: token.LOGICAL_OR, Left: get(strs[:1:1]), Right: get(strs)}
	w.n++
	return &ast.CallExpression{
		Callee:           t.Tag,
		LeftParenthesis:  t.Tag.Idx0(), // where goja reports a tag that is not a function
		ArgumentList:     append([]ast.Expression{obj}, t.Expressions...),
		RightParenthesis: t.CloseQuote,
	}
}

var taggedTemplateBinding = newHiddenBinding(taggedTemplateHelper)

// installTaggedTemplateHelper defines G in rt's global lexical scope, with
// its own map of template objects.
func installTaggedTemplateHelper(rt *goja.Runtime) error {
	freezeV := rt.Get("Object").ToObject(rt).Get("freeze")
	freeze, ok := goja.AssertFunction(freezeV)
	if !ok {
		return fmt.Errorf("jsruntime: tagged template helper: Object.freeze is not a function")
	}
	sites := make(map[int64]*goja.Object)
	helper := func(call goja.FunctionCall) goja.Value {
		id := call.Argument(0).ToInteger()
		if o := sites[id]; o != nil {
			return o
		}
		args := call.Arguments
		if len(args) < 3 {
			return goja.Undefined()
		}
		n := (len(args) - 1) / 2
		cooked := make([]any, n)
		raw := make([]any, n)
		for i := range n {
			cooked[i], raw[i] = args[1+2*i], args[2+2*i]
		}
		// https://tc39.es/ecma262/#sec-gettemplateobject steps 9-16
		rawObj := rt.NewArray(raw...)
		if _, err := freeze(goja.Undefined(), rawObj); err != nil {
			panic(err)
		}
		o := rt.NewArray(cooked...)
		if err := o.DefineDataProperty("raw", rawObj, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
			panic(err)
		}
		if _, err := freeze(goja.Undefined(), o); err != nil {
			panic(err)
		}
		sites[id] = o
		return o
	}
	if err := taggedTemplateBinding.define(rt, helper); err != nil {
		return fmt.Errorf("jsruntime: tagged template helper: %w", err)
	}
	return nil
}
