package jsruntime

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// A subset of XPath 1.0 (https://www.w3.org/TR/1999/REC-xpath-19991116/)
// for document.evaluate and XPathEvaluator: location paths on the child,
// descendant(-or-self), self, parent, ancestor(-or-self),
// following/preceding-sibling and attribute axes, name, * and node()/text()/
// comment() tests, predicates (positions included), unions, the boolean,
// comparison and arithmetic operators, and the core string, boolean and
// node-set functions libraries use. Namespaces, variables and the
// following/preceding axes are not supported (a compile error).

// xnode is a node or one attribute of an element (attr >= 0).
type xnode struct {
	n    *dom.Node
	attr int
}

func (x xnode) name() string {
	if x.attr >= 0 {
		return x.n.Attr[x.attr].Key
	}
	if x.n.IsElement() {
		return x.n.NodeName()
	}
	return ""
}

func (x xnode) localName() string {
	if x.attr >= 0 {
		k := x.n.Attr[x.attr].Key
		if i := strings.IndexByte(k, ':'); i >= 0 {
			return k[i+1:]
		}
		return k
	}
	if x.n.IsElement() {
		return x.n.LocalName()
	}
	return ""
}

func (x xnode) str() string {
	if x.attr >= 0 {
		return x.n.Attr[x.attr].Val
	}
	switch x.n.Kind() {
	case dom.TextNode, dom.CDATASectionNode, dom.CommentNode, dom.ProcessingInstructionNode:
		return x.n.Data
	}
	s, _ := x.n.TextContent()
	if x.n.Kind() == dom.DocumentNode {
		s, _ = x.n.AsDocument().DocumentElement().TextContent()
	}
	return s
}

// xvalue is a node-set, string, number or boolean.
type xvalue struct {
	kind  byte // 'n' node-set, 's', 'f', 'b'
	nodes []xnode
	s     string
	f     float64
	b     bool
}

func (v xvalue) toStr() string {
	switch v.kind {
	case 'n':
		if len(v.nodes) == 0 {
			return ""
		}
		return v.nodes[0].str()
	case 's':
		return v.s
	case 'f':
		if v.f == math.Trunc(v.f) && !math.IsInf(v.f, 0) {
			return strconv.FormatFloat(v.f, 'f', -1, 64)
		}
		return strconv.FormatFloat(v.f, 'g', -1, 64)
	}
	return strconv.FormatBool(v.b)
}

func (v xvalue) toNum() float64 {
	switch v.kind {
	case 'f':
		return v.f
	case 'b':
		if v.b {
			return 1
		}
		return 0
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v.toStr()), 64)
	if err != nil {
		return math.NaN()
	}
	return f
}

func (v xvalue) toBool() bool {
	switch v.kind {
	case 'n':
		return len(v.nodes) > 0
	case 's':
		return v.s != ""
	case 'f':
		return v.f != 0 && !math.IsNaN(v.f)
	}
	return v.b
}

// An xexpr evaluates in a context (node, position, size).
type xexpr func(c xctx) xvalue

type xctx struct {
	node      xnode
	pos, size int
}

// xparser is a recursive-descent parser over a token list.
type xparser struct {
	toks []string
	i    int
}

func (p *xparser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *xparser) next() string { t := p.peek(); p.i++; return t }

func (p *xparser) expect(t string) {
	if p.next() != t {
		panic(fmt.Errorf("expected %q", t))
	}
}

// xtokenize splits an XPath expression into tokens.
func xtokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"' || c == '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				panic(fmt.Errorf("unterminated string"))
			}
			toks = append(toks, s[i:i+j+2])
			i += j + 2
		case strings.HasPrefix(s[i:], "//") || strings.HasPrefix(s[i:], "..") || strings.HasPrefix(s[i:], "::") ||
			strings.HasPrefix(s[i:], "!=") || strings.HasPrefix(s[i:], "<=") || strings.HasPrefix(s[i:], ">="):
			toks = append(toks, s[i:i+2])
			i += 2
		case strings.IndexByte("/()[]@,|=<>+*.$-", c) >= 0 && !(c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'):
			toks = append(toks, string(c))
			i++
		case c >= '0' && c <= '9' || c == '.':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\n\r/()[]@,|=<>+*$!\"'", s[j]) < 0 {
				if s[j] == ':' && j+1 < len(s) && s[j+1] == ':' {
					break
				}
				if s[j] == '-' && j == i {
					break
				}
				j++
			}
			if j == i {
				panic(fmt.Errorf("unexpected %q", s[i:]))
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}

// compileXPath compiles expr, or returns an error for what it cannot parse.
func compileXPath(expr string) (e xexpr, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, err = nil, fmt.Errorf("%v", r)
		}
	}()
	p := &xparser{toks: xtokenize(expr)}
	e = p.orExpr()
	if p.i != len(p.toks) {
		return nil, fmt.Errorf("unexpected %q", p.peek())
	}
	return e, nil
}

func (p *xparser) orExpr() xexpr {
	l := p.andExpr()
	for p.peek() == "or" {
		p.next()
		a, b := l, p.andExpr()
		l = func(c xctx) xvalue { return xvalue{kind: 'b', b: a(c).toBool() || b(c).toBool()} }
	}
	return l
}

func (p *xparser) andExpr() xexpr {
	l := p.eqExpr()
	for p.peek() == "and" {
		p.next()
		a, b := l, p.eqExpr()
		l = func(c xctx) xvalue { return xvalue{kind: 'b', b: a(c).toBool() && b(c).toBool()} }
	}
	return l
}

func (p *xparser) eqExpr() xexpr {
	l := p.relExpr()
	for p.peek() == "=" || p.peek() == "!=" {
		op := p.next()
		a, b := l, p.relExpr()
		l = func(c xctx) xvalue { return xvalue{kind: 'b', b: xcompare(op, a(c), b(c))} }
	}
	return l
}

func (p *xparser) relExpr() xexpr {
	l := p.addExpr()
	for t := p.peek(); t == "<" || t == ">" || t == "<=" || t == ">="; t = p.peek() {
		op := p.next()
		a, b := l, p.addExpr()
		l = func(c xctx) xvalue { return xvalue{kind: 'b', b: xcompare(op, a(c), b(c))} }
	}
	return l
}

func (p *xparser) addExpr() xexpr {
	l := p.mulExpr()
	for t := p.peek(); t == "+" || t == "-"; t = p.peek() {
		op := p.next()
		a, b := l, p.mulExpr()
		l = func(c xctx) xvalue {
			x, y := a(c).toNum(), b(c).toNum()
			if op == "+" {
				return xvalue{kind: 'f', f: x + y}
			}
			return xvalue{kind: 'f', f: x - y}
		}
	}
	return l
}

func (p *xparser) mulExpr() xexpr {
	l := p.unaryExpr()
	for t := p.peek(); t == "*" || t == "div" || t == "mod"; t = p.peek() {
		op := p.next()
		a, b := l, p.unaryExpr()
		l = func(c xctx) xvalue {
			x, y := a(c).toNum(), b(c).toNum()
			switch op {
			case "*":
				return xvalue{kind: 'f', f: x * y}
			case "div":
				return xvalue{kind: 'f', f: x / y}
			}
			return xvalue{kind: 'f', f: math.Mod(x, y)}
		}
	}
	return l
}

func (p *xparser) unaryExpr() xexpr {
	if p.peek() == "-" {
		p.next()
		e := p.unaryExpr()
		return func(c xctx) xvalue { return xvalue{kind: 'f', f: -e(c).toNum()} }
	}
	l := p.pathExpr()
	for p.peek() == "|" {
		p.next()
		a, b := l, p.pathExpr()
		l = func(c xctx) xvalue {
			x, y := a(c), b(c)
			return xvalue{kind: 'n', nodes: xsort(append(append([]xnode(nil), x.nodes...), y.nodes...))}
		}
	}
	return l
}

// pathExpr parses a location path or a filter expression.
func (p *xparser) pathExpr() xexpr {
	t := p.peek()
	var base xexpr
	switch {
	case t == "/" || t == "//":
		base = func(c xctx) xvalue {
			r := c.node.n
			for r.ParentNode() != nil {
				r = r.ParentNode()
			}
			return xvalue{kind: 'n', nodes: []xnode{{r, -1}}}
		}
		if t == "/" {
			p.next()
			if nt := p.peek(); nt == "" || nt == ")" || nt == "|" || nt == "]" || nt == "," {
				return base
			}
		}
		return p.steps(base)
	case t != "" && (t[0] == '"' || t[0] == '\''):
		p.next()
		s := t[1 : len(t)-1]
		base = func(xctx) xvalue { return xvalue{kind: 's', s: s} }
	case t != "" && (t[0] >= '0' && t[0] <= '9' || t[0] == '.' && len(t) > 1):
		p.next()
		f, _ := strconv.ParseFloat(t, 64)
		base = func(xctx) xvalue { return xvalue{kind: 'f', f: f} }
	case t == "(":
		p.next()
		e := p.orExpr()
		p.expect(")")
		base = e
	case p.i+1 < len(p.toks) && p.toks[p.i+1] == "(" && !isNodeType(t):
		base = p.function()
	default:
		return p.steps(func(c xctx) xvalue { return xvalue{kind: 'n', nodes: []xnode{c.node}} })
	}
	for p.peek() == "[" {
		base = p.filter(base)
	}
	if p.peek() == "/" || p.peek() == "//" {
		return p.steps(base)
	}
	return base
}

func isNodeType(t string) bool {
	return t == "node" || t == "text" || t == "comment" || t == "processing-instruction"
}

func (p *xparser) filter(base xexpr) xexpr {
	p.expect("[")
	pred := p.orExpr()
	p.expect("]")
	return func(c xctx) xvalue {
		v := base(c)
		return xvalue{kind: 'n', nodes: applyPredicate(v.nodes, pred)}
	}
}

func applyPredicate(nodes []xnode, pred xexpr) []xnode {
	var out []xnode
	for i, n := range nodes {
		r := pred(xctx{node: n, pos: i + 1, size: len(nodes)})
		if r.kind == 'f' && r.f == float64(i+1) || r.kind != 'f' && r.toBool() {
			out = append(out, n)
		}
	}
	return out
}

// steps parses relative location steps applied to base. The first token
// may be "/" or "//" (already seen for absolute paths).
func (p *xparser) steps(base xexpr) xexpr {
	e := base
	first := true
	for {
		t := p.peek()
		descendant := false
		if t == "/" || t == "//" {
			p.next()
			descendant = t == "//"
		} else if !first {
			return e
		}
		first = false
		step := p.step()
		prev := e
		e = func(c xctx) xvalue {
			in := prev(c).nodes
			var out []xnode
			seen := map[xnode]bool{}
			for _, n := range in {
				ctxs := []xnode{n}
				if descendant {
					ctxs = append(ctxs, descendantsOf(n)...)
				}
				for _, x := range ctxs {
					for _, r := range step(x) {
						if !seen[r] {
							seen[r] = true
							out = append(out, r)
						}
					}
				}
			}
			return xvalue{kind: 'n', nodes: xsort(out)}
		}
	}
}

func descendantsOf(x xnode) []xnode {
	if x.attr >= 0 {
		return nil
	}
	var out []xnode
	x.n.Descendants(func(d *dom.Node) bool { out = append(out, xnode{d, -1}); return true })
	return out
}

// step parses one step and returns the nodes it selects from a context.
func (p *xparser) step() func(xnode) []xnode {
	t := p.next()
	if t == "." {
		return func(x xnode) []xnode { return []xnode{x} }
	}
	if t == ".." {
		return func(x xnode) []xnode {
			if x.attr >= 0 {
				return []xnode{{x.n, -1}}
			}
			if pn := x.n.ParentNode(); pn != nil {
				return []xnode{{pn, -1}}
			}
			return nil
		}
	}
	axis := "child"
	if t == "@" {
		axis = "attribute"
		t = p.next()
	} else if p.peek() == "::" {
		axis = t
		p.next()
		t = p.next()
	}
	if t == "" || t != "*" && strings.IndexByte("/()[]@,|=<>+$-\"'.!", t[0]) >= 0 {
		panic(fmt.Errorf("expected a node test, got %q", t))
	}
	test := t
	if isNodeType(t) && p.peek() == "(" {
		p.next()
		p.expect(")")
		test = t + "()"
	}
	var preds []xexpr
	for p.peek() == "[" {
		p.next()
		preds = append(preds, p.orExpr())
		p.expect("]")
	}
	gen := axisFunc(axis)
	return func(x xnode) []xnode {
		var out []xnode
		for _, n := range gen(x) {
			if nodeTestMatches(test, axis, n) {
				out = append(out, n)
			}
		}
		for _, pr := range preds {
			out = applyPredicate(out, pr)
		}
		return out
	}
}

func axisFunc(axis string) func(xnode) []xnode {
	children := func(x xnode) []xnode {
		if x.attr >= 0 {
			return nil
		}
		var out []xnode
		for k := x.n.First(); k != nil; k = k.Next() {
			out = append(out, xnode{k, -1})
		}
		return out
	}
	ancestors := func(x xnode, self bool) []xnode {
		var out []xnode
		if self {
			out = append(out, x)
		}
		n := x.n
		if x.attr >= 0 {
			out = append(out, xnode{n, -1})
		}
		for a := n.ParentNode(); a != nil; a = a.ParentNode() {
			out = append(out, xnode{a, -1})
		}
		return out
	}
	switch axis {
	case "child":
		return children
	case "descendant":
		return descendantsOf
	case "descendant-or-self":
		return func(x xnode) []xnode { return append([]xnode{x}, descendantsOf(x)...) }
	case "self":
		return func(x xnode) []xnode { return []xnode{x} }
	case "parent":
		return func(x xnode) []xnode {
			if x.attr >= 0 {
				return []xnode{{x.n, -1}}
			}
			if pn := x.n.ParentNode(); pn != nil {
				return []xnode{{pn, -1}}
			}
			return nil
		}
	case "ancestor":
		return func(x xnode) []xnode { return ancestors(x, false) }
	case "ancestor-or-self":
		return func(x xnode) []xnode { return ancestors(x, true) }
	case "following-sibling":
		return func(x xnode) []xnode {
			var out []xnode
			if x.attr < 0 {
				for k := x.n.Next(); k != nil; k = k.Next() {
					out = append(out, xnode{k, -1})
				}
			}
			return out
		}
	case "preceding-sibling":
		return func(x xnode) []xnode {
			var out []xnode
			if x.attr < 0 {
				for k := x.n.Prev(); k != nil; k = k.Prev() {
					out = append(out, xnode{k, -1})
				}
			}
			return out
		}
	case "attribute":
		return func(x xnode) []xnode {
			if x.attr >= 0 || !x.n.IsElement() {
				return nil
			}
			out := make([]xnode, len(x.n.Attr))
			for i := range x.n.Attr {
				out[i] = xnode{x.n, i}
			}
			return out
		}
	}
	panic(fmt.Errorf("unsupported axis %s", axis))
}

func nodeTestMatches(test, axis string, x xnode) bool {
	switch test {
	case "node()":
		return true
	case "text()":
		return x.attr < 0 && x.n.IsText() // CDATA sections too
	case "comment()":
		return x.attr < 0 && x.n.Kind() == dom.CommentNode
	case "processing-instruction()":
		return x.attr < 0 && x.n.Kind() == dom.ProcessingInstructionNode
	}
	if axis == "attribute" {
		return x.attr >= 0 && (test == "*" || ascii.EqualFold(x.name(), test))
	}
	if x.attr >= 0 || !x.n.IsElement() {
		return false
	}
	return test == "*" || ascii.EqualFold(x.localName(), test) || ascii.EqualFold(x.name(), test)
}

// xsort puts nodes in document order (attributes after their element).
func xsort(nodes []xnode) []xnode {
	if len(nodes) < 2 {
		return nodes
	}
	less := func(a, b xnode) bool {
		if a.n == b.n {
			return a.attr < b.attr
		}
		return a.n.CompareDocumentPosition(b.n)&dom.DocumentPositionFollowing != 0
	}
	for i := 1; i < len(nodes); i++ {
		for j := i; j > 0 && less(nodes[j], nodes[j-1]); j-- {
			nodes[j], nodes[j-1] = nodes[j-1], nodes[j]
		}
	}
	return nodes
}

// xcompare implements = != < > <= >= with node-set semantics.
// https://www.w3.org/TR/1999/REC-xpath-19991116/#booleans
func xcompare(op string, a, b xvalue) bool {
	if a.kind == 'n' || b.kind == 'n' {
		if a.kind != 'n' {
			a, b = b, a
			switch op {
			case "<":
				op = ">"
			case ">":
				op = "<"
			case "<=":
				op = ">="
			case ">=":
				op = "<="
			}
		}
		for _, n := range a.nodes {
			var l xvalue
			switch b.kind {
			case 'n':
				for _, m := range b.nodes {
					if xcompare(op, xvalue{kind: 's', s: n.str()}, xvalue{kind: 's', s: m.str()}) {
						return true
					}
				}
				continue
			case 'b':
				return xcompare(op, xvalue{kind: 'b', b: a.toBool()}, b)
			case 'f':
				l = xvalue{kind: 'f', f: xvalue{kind: 's', s: n.str()}.toNum()}
			default:
				l = xvalue{kind: 's', s: n.str()}
			}
			if xcompare(op, l, b) {
				return true
			}
		}
		return false
	}
	if op == "=" || op == "!=" {
		var eq bool
		switch {
		case a.kind == 'b' || b.kind == 'b':
			eq = a.toBool() == b.toBool()
		case a.kind == 'f' || b.kind == 'f':
			eq = a.toNum() == b.toNum()
		default:
			eq = a.toStr() == b.toStr()
		}
		return eq == (op == "=")
	}
	x, y := a.toNum(), b.toNum()
	switch op {
	case "<":
		return x < y
	case ">":
		return x > y
	case "<=":
		return x <= y
	}
	return x >= y
}

// function parses a core library function call.
// https://www.w3.org/TR/1999/REC-xpath-19991116/#corelib
func (p *xparser) function() xexpr {
	name := p.next()
	p.expect("(")
	var args []xexpr
	for p.peek() != ")" {
		args = append(args, p.orExpr())
		if p.peek() == "," {
			p.next()
		}
	}
	p.expect(")")
	arg := func(c xctx, i int) xvalue {
		if i < len(args) {
			return args[i](c)
		}
		return xvalue{kind: 'n', nodes: []xnode{c.node}}
	}
	str := func(s string) xvalue { return xvalue{kind: 's', s: s} }
	num := func(f float64) xvalue { return xvalue{kind: 'f', f: f} }
	boolean := func(b bool) xvalue { return xvalue{kind: 'b', b: b} }
	switch name {
	case "name":
		return func(c xctx) xvalue {
			v := arg(c, 0)
			if len(v.nodes) == 0 {
				return str("")
			}
			return str(v.nodes[0].name())
		}
	case "local-name":
		return func(c xctx) xvalue {
			v := arg(c, 0)
			if len(v.nodes) == 0 {
				return str("")
			}
			return str(v.nodes[0].localName())
		}
	case "string":
		return func(c xctx) xvalue { return str(arg(c, 0).toStr()) }
	case "number":
		return func(c xctx) xvalue { return num(arg(c, 0).toNum()) }
	case "boolean":
		return func(c xctx) xvalue { return boolean(arg(c, 0).toBool()) }
	case "not":
		return func(c xctx) xvalue { return boolean(!arg(c, 0).toBool()) }
	case "true":
		return func(xctx) xvalue { return boolean(true) }
	case "false":
		return func(xctx) xvalue { return boolean(false) }
	case "position":
		return func(c xctx) xvalue { return num(float64(c.pos)) }
	case "last":
		return func(c xctx) xvalue { return num(float64(c.size)) }
	case "count":
		return func(c xctx) xvalue { return num(float64(len(arg(c, 0).nodes))) }
	case "starts-with":
		return func(c xctx) xvalue { return boolean(strings.HasPrefix(arg(c, 0).toStr(), arg(c, 1).toStr())) }
	case "ends-with":
		return func(c xctx) xvalue { return boolean(strings.HasSuffix(arg(c, 0).toStr(), arg(c, 1).toStr())) }
	case "contains":
		return func(c xctx) xvalue { return boolean(strings.Contains(arg(c, 0).toStr(), arg(c, 1).toStr())) }
	case "concat":
		return func(c xctx) xvalue {
			var b strings.Builder
			for i := range args {
				b.WriteString(args[i](c).toStr())
			}
			return str(b.String())
		}
	case "string-length":
		return func(c xctx) xvalue { return num(float64(len([]rune(arg(c, 0).toStr())))) }
	case "normalize-space":
		return func(c xctx) xvalue { return str(strings.Join(strings.Fields(arg(c, 0).toStr()), " ")) }
	case "translate":
		return func(c xctx) xvalue {
			s, from, to := []rune(arg(c, 0).toStr()), []rune(arg(c, 1).toStr()), []rune(arg(c, 2).toStr())
			var b strings.Builder
			for _, r := range s {
				i := strings.IndexRune(string(from), r)
				if i < 0 {
					b.WriteRune(r)
					continue
				}
				if ri := len([]rune(string(from)[:i])); ri < len(to) {
					b.WriteRune(to[ri])
				}
			}
			return str(b.String())
		}
	case "substring-before":
		return func(c xctx) xvalue {
			s, t := arg(c, 0).toStr(), arg(c, 1).toStr()
			if i := strings.Index(s, t); i >= 0 {
				return str(s[:i])
			}
			return str("")
		}
	case "substring-after":
		return func(c xctx) xvalue {
			s, t := arg(c, 0).toStr(), arg(c, 1).toStr()
			if i := strings.Index(s, t); i >= 0 {
				return str(s[i+len(t):])
			}
			return str("")
		}
	case "substring":
		return func(c xctx) xvalue {
			r := []rune(arg(c, 0).toStr())
			start := math.Round(arg(c, 1).toNum())
			end := math.Inf(1)
			if len(args) > 2 {
				end = start + math.Round(args[2](c).toNum())
			}
			var b strings.Builder
			for i, ch := range r {
				if p := float64(i + 1); p >= start && p < end {
					b.WriteRune(ch)
				}
			}
			return str(b.String())
		}
	case "sum":
		return func(c xctx) xvalue {
			s := 0.0
			for _, n := range arg(c, 0).nodes {
				s += xvalue{kind: 's', s: n.str()}.toNum()
			}
			return num(s)
		}
	case "floor":
		return func(c xctx) xvalue { return num(math.Floor(arg(c, 0).toNum())) }
	case "ceiling":
		return func(c xctx) xvalue { return num(math.Ceil(arg(c, 0).toNum())) }
	case "round":
		return func(c xctx) xvalue { return num(math.Round(arg(c, 0).toNum())) }
	}
	panic(fmt.Errorf("unsupported function %s()", name))
}

// XPathResult types. https://www.w3.org/TR/DOM-Level-3-XPath/xpath.html#XPathResult
const (
	xpathAny              = 0
	xpathNumber           = 1
	xpathString           = 2
	xpathBoolean          = 3
	xpathUnorderedIter    = 4
	xpathOrderedIter      = 5
	xpathUnorderedSnap    = 6
	xpathOrderedSnap      = 7
	xpathAnyUnordered     = 8
	xpathFirstOrderedNode = 9
)

type xpathExpression struct{ e xexpr }

type xpathResult struct {
	typ   int
	v     xvalue
	next  int
	nodes []*dom.Node
}

type xpathEvaluator struct{}

func (w *Window) compileXPathArg(args []goja.Value) *xpathExpression {
	src := bind.DOMString(args[0])
	e, err := compileXPath(src)
	if err != nil {
		w.realm.ThrowDOMException("SyntaxError", "The string '"+src+"' is not a valid XPath expression: "+err.Error())
	}
	return &xpathExpression{e}
}

// evaluate runs x with args (contextNode, type, ...) as document.evaluate
// does (its first argument already consumed).
func (w *Window) evaluateXPath(x *xpathExpression, args []goja.Value) goja.Value {
	ctx := w.nodeArg(args, 0, "evaluate", "XPathExpression")
	typ := int(bind.UnsignedLong(bind.Arg(args, 1)))
	var v xvalue
	func() {
		defer func() {
			if r := recover(); r != nil {
				if err, ok := r.(error); ok {
					w.realm.ThrowDOMException("SyntaxError", err.Error())
				}
				panic(r)
			}
		}()
		v = x.e(xctx{node: xnode{ctx, -1}, pos: 1, size: 1})
	}()
	if typ == xpathAny {
		switch v.kind {
		case 'n':
			typ = xpathUnorderedIter
		case 'f':
			typ = xpathNumber
		case 's':
			typ = xpathString
		default:
			typ = xpathBoolean
		}
	}
	res := &xpathResult{typ: typ, v: v}
	if typ >= xpathUnorderedIter {
		if v.kind != 'n' {
			w.realm.ThrowTypeError("The result is not a node set, and therefore cannot be converted to the desired type.")
		}
		for _, n := range v.nodes {
			if n.attr >= 0 {
				res.nodes = append(res.nodes, n.n.AttributeNode(n.attr))
			} else {
				res.nodes = append(res.nodes, n.n)
			}
		}
	}
	return w.realm.WrapObject(res, w.realm.Class("XPathResult"))
}

func resGet(f func(w *Window, r *xpathResult) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*xpathResult)) }
}

var xpathResultIface = &bind.Interface{
	Name: "XPathResult",
	Constants: []bind.Constant{{Name: "ANY_TYPE", Value: 0}, {Name: "NUMBER_TYPE", Value: 1}, {Name: "STRING_TYPE", Value: 2},
		{Name: "BOOLEAN_TYPE", Value: 3}, {Name: "UNORDERED_NODE_ITERATOR_TYPE", Value: 4}, {Name: "ORDERED_NODE_ITERATOR_TYPE", Value: 5},
		{Name: "UNORDERED_NODE_SNAPSHOT_TYPE", Value: 6}, {Name: "ORDERED_NODE_SNAPSHOT_TYPE", Value: 7},
		{Name: "ANY_UNORDERED_NODE_TYPE", Value: 8}, {Name: "FIRST_ORDERED_NODE_TYPE", Value: 9}},
	Attributes: []bind.Attribute{
		{Name: "resultType", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return w.int(r.typ) })},
		{Name: "numberValue", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return w.rt.ToValue(r.v.toNum()) })},
		{Name: "stringValue", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return w.str(r.v.toStr()) })},
		{Name: "booleanValue", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return w.boolean(r.v.toBool()) })},
		{Name: "singleNodeValue", Get: resGet(func(w *Window, r *xpathResult) goja.Value {
			if len(r.nodes) == 0 {
				return w.null
			}
			return w.wrap(r.nodes[0])
		})},
		{Name: "snapshotLength", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return w.int(len(r.nodes)) })},
		{Name: "invalidIteratorState", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return valFalse })},
	},
	Methods: []bind.Method{
		{Name: "iterateNext", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			res := this.(*xpathResult)
			if res.next >= len(res.nodes) {
				return goja.Null()
			}
			res.next++
			return win(r).wrap(res.nodes[res.next-1])
		}},
		{Name: "snapshotItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			res := this.(*xpathResult)
			i := int(bind.UnsignedLong(args[0]))
			if i >= len(res.nodes) {
				return goja.Null()
			}
			return win(r).wrap(res.nodes[i])
		}},
	},
}

var xpathExpressionIface = &bind.Interface{
	Name: "XPathExpression",
	Methods: []bind.Method{{Name: "evaluate", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return win(r).evaluateXPath(this.(*xpathExpression), args)
	}}},
}

// xpathEvaluatorMembers are shared by XPathEvaluator and Document.
var xpathEvaluatorMixin = &bind.Mixin{
	Name: "XPathEvaluatorBase",
	Methods: []bind.Method{
		{Name: "createExpression", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			return w.realm.WrapObject(w.compileXPathArg(args), w.realm.Class("XPathExpression"))
		}},
		{Name: "createNSResolver", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return args[0] }},
		{Name: "evaluate", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			return w.evaluateXPath(w.compileXPathArg(args), args[1:])
		}},
	},
}

var xpathEvaluatorIface = &bind.Interface{
	Name:        "XPathEvaluator",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &xpathEvaluator{} },
	Mixins:      []*bind.Mixin{xpathEvaluatorMixin},
}
