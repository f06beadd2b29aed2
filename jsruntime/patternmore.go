package jsruntime

import (
	"slices"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/token"
	"github.com/dop251/goja/unistring"
)

// Array patterns in parameters and assignments, lowered as destructure.go
// lowers declarations (same helper H, same reasons):
//
//	([k, v]) => k + v      ->  (P) => { let T = H(P, 2), k = T[0], v = T[1]; return k + v }
//	function f(a, [x, y]) {…}  ->  function f(a, P) { let T = H(P, 2), x = T[0], y = T[1]; … }
//	[a, o.b] = e;          ->  { let U, T; (U = e, T = H(U, 2), a = T[0], o.b = T[1], U); }
//
// `Object.entries(o).forEach(([k, v]) => …)` and swaps such as
// `[a, b] = [b, a]` are the forms left after declarations: mermaid's
// renders spent a sixth of their allocations on them.
//
// A parameter pattern moves into a let declaration at the top of the
// body. That means the same when nothing else can see the difference
// between a parameter and a body binding, so it is done only when:
//   - the pattern is simple (simpleArrayPattern: identifiers, holes,
//     literal defaults, a rest identifier);
//   - the function is not a generator (its parameters are bound at the call,
//     its body at the first next());
//   - no other parameter, default or rest mentions the pattern's names;
//   - the body does not declare them (var anywhere outside nested functions,
//     or a top-level function, class, let or const), which would clash with
//     the let.
//
// An assignment pattern is lowered where its value is not used (an
// expression statement, the operands of a comma whose value is not used,
// the right of && || ?? and the branches of ?: when theirs is not), with
// targets that are identifiers or member expressions, no default, nested
// pattern or rest. H steps an iterable to its end before the first target
// is assigned, where destructuring interleaves the steps with the targets:
// that is unobservable for identifier targets, so member targets (setters,
// computed keys) are lowered only when e is an array literal without
// spread, which H reads in place, each target evaluated, then its element
// read, then assigned, as destructuring does. The statement's value (a
// script's completion value) is still e. The temporaries live in a block
// around the statement.

// lowerParams rewrites the simple array patterns of params into
// declarations prepended to body (see above). It returns the declaration
// or nil when it changed nothing.
func (l *patternLowering) lowerParams(params *ast.ParameterList, declared []*ast.VariableDeclaration, body []ast.Statement) *ast.LexicalDeclaration {
	if params == nil {
		return nil
	}
	var cand []int
	var names []*ast.Identifier
	for i, b := range params.List {
		p, ok := b.Target.(*ast.ArrayPattern)
		if !ok || b.Initializer != nil || !simpleArrayPattern(p) {
			continue
		}
		cand = append(cand, i)
		for _, id := range patternIdents(p) {
			if id.Name == "arguments" || id.Name == "eval" || namedIn(id.Name, names) {
				return nil // a strict-mode error, or a duplicate: goja's own message
			}
			names = append(names, id)
		}
	}
	if len(cand) == 0 {
		return nil
	}
	// Everything else in the parameter list.
	for i, b := range params.List {
		if slices.Contains(cand, i) {
			continue
		}
		if mentionsNode(b.Target, names) || mentionsNode(b.Initializer, names) {
			return nil
		}
	}
	if mentionsNode(params.Rest, names) {
		return nil
	}
	for _, d := range declared {
		for _, b := range d.List {
			if mentionsNode(b.Target, names) {
				return nil
			}
		}
	}
	for _, st := range body {
		switch st := st.(type) {
		case *ast.FunctionDeclaration:
			if st.Function.Name != nil && namedIn(st.Function.Name.Name, names) {
				return nil
			}
		case *ast.ClassDeclaration:
			if st.Class.Name != nil && namedIn(st.Class.Name.Name, names) {
				return nil
			}
		case *ast.LexicalDeclaration:
			for _, b := range st.List {
				if mentionsNode(b.Target, names) {
					return nil
				}
			}
		}
	}
	decl := &ast.LexicalDeclaration{Token: token.LET}
	for _, i := range cand {
		b := params.List[i]
		p := b.Target.(*ast.ArrayPattern)
		if decl.Idx == 0 {
			decl.Idx = p.LeftBracket
		}
		param := &ast.Identifier{Name: tempName(), Idx: p.LeftBracket}
		b.Target = param
		decl.List = append(decl.List, expandArrayPattern(p, &ast.Identifier{Name: param.Name, Idx: p.LeftBracket})...)
		l.n++
	}
	return decl
}

func namedIn(name unistring.String, ids []*ast.Identifier) bool {
	for _, id := range ids {
		if id.Name == name {
			return true
		}
	}
	return false
}

// mentionsNode is mentions (collectionloop.go), which takes a nil node.
func mentionsNode(n ast.Node, names []*ast.Identifier) bool {
	return mentions(n, names)
}

// function lowers the parameter patterns of a function literal.
func (l *patternLowering) function(f *ast.FunctionLiteral) {
	if f.Generator || f.Body == nil {
		return
	}
	if decl := l.lowerParams(f.ParameterList, f.DeclarationList, f.Body.List); decl != nil {
		f.Body.List = append([]ast.Statement{decl}, f.Body.List...)
	}
}

// arrow lowers the parameter patterns of an arrow function, giving a
// concise body a block that returns it.
func (l *patternLowering) arrow(f *ast.ArrowFunctionLiteral) {
	var list []ast.Statement
	block, isBlock := f.Body.(*ast.BlockStatement)
	if isBlock {
		list = block.List
	}
	decl := l.lowerParams(f.ParameterList, f.DeclarationList, list)
	if decl == nil {
		return
	}
	if isBlock {
		block.List = append([]ast.Statement{decl}, block.List...)
		return
	}
	e := f.Body.(*ast.ExpressionBody).Expression
	f.Body = &ast.BlockStatement{
		LeftBrace:  e.Idx0(),
		List:       []ast.Statement{decl, &ast.ReturnStatement{Return: e.Idx0(), Argument: e}},
		RightBrace: e.Idx1() - 1,
	}
}

// assignStatement returns the block replacing s when its expression holds
// array pattern assignments whose value is not used, or nil.
func (l *patternLowering) assignStatement(s *ast.ExpressionStatement) ast.Statement {
	var temps [2]unistring.String // U (the value assigned) and T (H's array)
	e, changed := l.unusedAssign(s.Expression, &temps)
	if !changed {
		return nil
	}
	s.Expression = e
	at := s.Idx0()
	return &ast.BlockStatement{
		LeftBrace: at,
		List: []ast.Statement{
			&ast.LexicalDeclaration{Idx: at, Token: token.LET, List: []*ast.Binding{
				{Target: &ast.Identifier{Name: temps[0], Idx: at}},
				{Target: &ast.Identifier{Name: temps[1], Idx: at}},
			}},
			s,
		},
		RightBrace: s.Idx1() - 1,
	}
}

// unusedAssign lowers the array pattern assignments of e, an expression
// whose value only matters as a completion value, that are in positions
// whose value is not used either.
func (l *patternLowering) unusedAssign(e ast.Expression, temps *[2]unistring.String) (ast.Expression, bool) {
	changed := false
	switch x := e.(type) {
	case *ast.SequenceExpression:
		for i, item := range x.Sequence {
			if r, ok := l.unusedAssign(item, temps); ok {
				x.Sequence[i], changed = r, true
			}
		}
	case *ast.BinaryExpression:
		if x.Operator == token.LOGICAL_AND || x.Operator == token.LOGICAL_OR || x.Operator == token.COALESCE {
			if r, ok := l.unusedAssign(x.Right, temps); ok {
				x.Right, changed = r, true
			}
		}
	case *ast.ConditionalExpression:
		if r, ok := l.unusedAssign(x.Consequent, temps); ok {
			x.Consequent, changed = r, true
		}
		if r, ok := l.unusedAssign(x.Alternate, temps); ok {
			x.Alternate, changed = r, true
		}
	case *ast.AssignExpression:
		p, ok := x.Left.(*ast.ArrayPattern)
		if !ok || x.Operator != token.ASSIGN || !assignablePattern(p) {
			break
		}
		if lit, ok := x.Right.(*ast.ArrayLiteral); !ok || hasSpread(lit.Value) {
			for _, e := range p.Elements {
				if _, ok := e.(*ast.Identifier); e != nil && !ok {
					// H steps an iterator to the end before the first
					// target is evaluated: only identifiers may wait.
					return e, false
				}
			}
		}
		if temps[0] == "" {
			temps[0], temps[1] = tempName(), tempName()
		}
		l.n++
		return expandArrayAssign(p, x.Right, temps[0], temps[1]), true
	}
	return e, changed
}

// assignablePattern reports whether p has only holes, identifiers and
// member expressions, and at least one element.
func assignablePattern(p *ast.ArrayPattern) bool {
	if p.Rest != nil || len(p.Elements) == 0 {
		return false
	}
	for _, e := range p.Elements {
		switch e.(type) {
		case nil, *ast.Identifier, *ast.DotExpression, *ast.BracketExpression, *ast.PrivateDotExpression:
		default:
			return false
		}
	}
	return true
}

// expandArrayAssign returns (U = right, T = H(U, n), p[0] = T[0], …, U).
func expandArrayAssign(p *ast.ArrayPattern, right ast.Expression, u, t unistring.String) ast.Expression {
	at := p.LeftBracket
	id := func(name unistring.String, at file.Idx) *ast.Identifier { return &ast.Identifier{Name: name, Idx: at} }
	seq := make([]ast.Expression, 0, len(p.Elements)+3)
	seq = append(seq,
		&ast.AssignExpression{Operator: token.ASSIGN, Left: id(u, at), Right: right},
		&ast.AssignExpression{Operator: token.ASSIGN, Left: id(t, at), Right: &ast.CallExpression{
			Callee:           id(arrayPatternHelper, at),
			LeftParenthesis:  at,
			ArgumentList:     []ast.Expression{id(u, at), numberLiteral(len(p.Elements), at)},
			RightParenthesis: p.RightBracket,
		}},
	)
	for i, e := range p.Elements {
		if e == nil {
			continue
		}
		where := e.Idx0()
		seq = append(seq, &ast.AssignExpression{Operator: token.ASSIGN, Left: e, Right: &ast.BracketExpression{
			Left:         id(t, where),
			Member:       numberLiteral(i, where),
			LeftBracket:  where,
			RightBracket: where,
		}})
	}
	return &ast.SequenceExpression{Sequence: append(seq, id(u, at))}
}
