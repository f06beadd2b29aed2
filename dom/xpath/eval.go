package xpath

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// xnode is a node of the XPath data model: a dom node, or (attr >= 0) the
// attr-th attribute of element n, so that attributes need no Attr node
// until a result hands one out. An Attr node itself (an orphan one, with
// no element) is {node, -1}.
type xnode struct {
	n    *dom.Node
	attr int
}

func (x xnode) isAttr() bool { return x.attr >= 0 || x.n.Kind() == dom.AttributeNode }

// attrLocal returns an attribute's local name, namespace and value.
func (x xnode) attrParts() (local, ns, val string) {
	a := x.n.Attr[0]
	if x.attr >= 0 {
		a = x.n.Attr[x.attr]
	}
	local = a.Key
	if a.Namespace != "" {
		if i := strings.IndexByte(local, ':'); i >= 0 {
			local = local[i+1:]
		}
	}
	return local, a.Namespace, a.Val
}

// parent is the XPath parent: an attribute's element, or the DOM parent.
func (x xnode) parent() (xnode, bool) {
	if x.attr >= 0 {
		return xnode{x.n, -1}, true
	}
	if x.n.Kind() == dom.AttributeNode {
		return xnode{}, false
	}
	if p := x.n.ParentNode(); p != nil {
		return xnode{p, -1}, true
	}
	return xnode{}, false
}

// stringValue is https://www.w3.org/TR/1999/REC-xpath-19991116/#data-model's
// string-value.
func (x xnode) stringValue() string {
	if x.isAttr() {
		_, _, v := x.attrParts()
		return v
	}
	switch x.n.Kind() {
	case dom.ElementNode, dom.DocumentNode, dom.DocumentFragmentNode:
		if f := x.n.First(); f != nil && f.Next() == nil && f.IsText() {
			return f.Data
		}
		var b strings.Builder
		for d := x.n.First(); d != nil; d = d.NextWithin(x.n) {
			if d.IsText() {
				b.WriteString(d.Data)
			}
		}
		return b.String()
	}
	return x.n.Data
}

type valueKind uint8

const (
	kindNodes valueKind = iota
	kindString
	kindNumber
	kindBoolean
)

// value is an XPath object. A node-set is always in document order and
// without duplicates.
type value struct {
	kind  valueKind
	nodes []xnode
	s     string
	f     float64
	b     bool
}

func (v value) str() string {
	switch v.kind {
	case kindNodes:
		if len(v.nodes) == 0 {
			return ""
		}
		return v.nodes[0].stringValue()
	case kindNumber:
		return numberString(v.f)
	case kindBoolean:
		if v.b {
			return "true"
		}
		return "false"
	}
	return v.s
}

func (v value) num() float64 {
	switch v.kind {
	case kindNumber:
		return v.f
	case kindBoolean:
		if v.b {
			return 1
		}
		return 0
	}
	return stringNumber(v.str())
}

func (v value) boolean() bool {
	switch v.kind {
	case kindNodes:
		return len(v.nodes) > 0
	case kindNumber:
		return v.f != 0 && !math.IsNaN(v.f)
	case kindBoolean:
		return v.b
	}
	return v.s != ""
}

// numberString is the string function on a number, as Chromium writes it:
// six significant digits, an exponent below 1e-6 and from 1e6 on.
func numberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case f == 0:
		return "0"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	// ECMAScript's toPrecision(6): exponential notation (all six digits)
	// when the exponent is below -6 or at least 6, else fixed notation
	// without trailing zeros.
	e := strconv.FormatFloat(f, 'e', 5, 64) // d.ddddde±xx
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if x < -6 || x >= 6 {
		sign := "+"
		if x < 0 {
			sign, x = "-", -x
		}
		return mant + "e" + sign + strconv.Itoa(x)
	}
	s := strconv.FormatFloat(f, 'f', 5-x, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// stringNumber is the number function on a string: optional XML white
// space, an optional minus, digits with an optional point, white space;
// anything else is NaN.
func stringNumber(s string) float64 {
	i, j := 0, len(s)
	for i < j && isXMLSpace(s[i]) {
		i++
	}
	for j > i && isXMLSpace(s[j-1]) {
		j--
	}
	t := s[i:j]
	digits := strings.TrimPrefix(t, "-")
	seen, dot := false, false
	for k := 0; k < len(digits); k++ {
		switch c := digits[k]; {
		case c >= '0' && c <= '9':
			seen = true
		case c == '.' && !dot:
			dot = true
		default:
			return math.NaN()
		}
	}
	if !seen {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return math.NaN()
	}
	return f
}

// conversionError stops an evaluation (Evaluate recovers it): a value
// that is no node-set where one is needed.
func conversionError() *Error {
	return &Error{Kind: SyntaxError, Msg: "Type conversion failed while evaluating the expression."}
}

// ctx is the evaluation context of XPath 1.0 section 1.
type ctx struct {
	node      xnode
	pos, size int
}

// evaluator holds what one evaluation shares: the document order of the
// trees it has sorted nodes of.
type evaluator struct {
	order map[*dom.Node]int
	next  int
	env   Env
}

type expr interface {
	eval(ev *evaluator, c ctx) value
}

type literal struct{ v value }

func (l *literal) eval(*evaluator, ctx) value { return l.v }

type logical struct {
	or   bool
	l, r expr
}

func (e *logical) eval(ev *evaluator, c ctx) value {
	b := e.l.eval(ev, c).boolean()
	if b != e.or {
		b = e.r.eval(ev, c).boolean()
	}
	return value{kind: kindBoolean, b: b}
}

type arith struct {
	op   byte // + - * d(iv) m(od)
	l, r expr
}

func (e *arith) eval(ev *evaluator, c ctx) value {
	x, y := e.l.eval(ev, c).num(), e.r.eval(ev, c).num()
	var f float64
	switch e.op {
	case '+':
		f = x + y
	case '-':
		f = x - y
	case '*':
		f = x * y
	case 'd':
		f = x / y
	default:
		f = math.Mod(x, y)
	}
	return value{kind: kindNumber, f: f}
}

type negate struct{ e expr }

func (e *negate) eval(ev *evaluator, c ctx) value {
	return value{kind: kindNumber, f: -e.e.eval(ev, c).num()}
}

type union struct{ l, r expr }

func (e *union) eval(ev *evaluator, c ctx) value {
	a, b := e.l.eval(ev, c), e.r.eval(ev, c)
	if a.kind != kindNodes || b.kind != kindNodes {
		panic(conversionError())
	}
	if len(a.nodes) == 0 {
		return b
	}
	if len(b.nodes) == 0 {
		return a
	}
	nodes := make([]xnode, 0, len(a.nodes)+len(b.nodes))
	nodes = append(append(nodes, a.nodes...), b.nodes...)
	return value{kind: kindNodes, nodes: ev.sortUnique(nodes)}
}

type filter struct {
	e     expr
	preds []expr
}

func (e *filter) eval(ev *evaluator, c ctx) value {
	v := e.e.eval(ev, c)
	if v.kind != kindNodes {
		panic(conversionError())
	}
	nodes := v.nodes
	for _, p := range e.preds {
		nodes = ev.applyPredicate(nodes, p)
	}
	return value{kind: kindNodes, nodes: nodes}
}

// applyPredicate keeps the nodes for which p holds, their positions counted
// in the order of nodes: document order, or a step's axis order (nearest
// first on reverse axes). It filters nodes in place: every node-set an
// expression returns is a slice of its own.
func (ev *evaluator) applyPredicate(nodes []xnode, p expr) []xnode {
	out := nodes[:0]
	if lit, ok := p.(*literal); ok && lit.v.kind == kindNumber {
		// [n]: only the n-th node, without evaluating anything per node.
		if f := lit.v.f; f >= 1 && f <= float64(len(nodes)) && f == math.Trunc(f) {
			return append(out, nodes[int(f)-1]) // out[0] is written after nodes[f-1] is read
		}
		return out
	}
	n := len(nodes)
	for i, x := range nodes {
		pos := i + 1
		r := p.eval(ev, ctx{node: x, pos: pos, size: n})
		if r.kind == kindNumber && r.f == float64(pos) || r.kind != kindNumber && r.boolean() {
			out = append(out, x)
		}
	}
	return out
}

// path is a location path, absolute or relative, or a filter expression
// followed by steps.
type path struct {
	absolute bool
	filter   expr
	steps    []*step
}

// optimize rewrites descendant-or-self::node()/child::T (what // means)
// into descendant::T when the step has no predicate: the same nodes, found
// in one walk in document order instead of a walk per node and a sort.
func (lp *path) optimize() {
	out := lp.steps[:0]
	for i := 0; i < len(lp.steps); i++ {
		s := lp.steps[i]
		if s.axis == axisDescendantOrSelf && s.test.kind == testNode && len(s.preds) == 0 && i+1 < len(lp.steps) {
			if n := lp.steps[i+1]; n.axis == axisChild && len(n.preds) == 0 {
				out = append(out, &step{axis: axisDescendant, test: n.test})
				i++
				continue
			}
		}
		out = append(out, s)
	}
	lp.steps = out
}

func (lp *path) eval(ev *evaluator, c ctx) value {
	var nodes []xnode
	switch {
	case lp.filter != nil:
		v := lp.filter.eval(ev, c)
		if v.kind != kindNodes {
			panic(conversionError())
		}
		nodes = v.nodes
	case lp.absolute:
		r := c.node
		if r.attr >= 0 {
			r = xnode{r.n, -1}
		}
		nodes = []xnode{{r.n.Root(), -1}}
	default:
		nodes = []xnode{c.node}
	}
	for _, s := range lp.steps {
		if len(nodes) == 0 {
			break
		}
		nodes = ev.step(s, nodes)
	}
	return value{kind: kindNodes, nodes: nodes}
}

type axis uint8

const (
	axisChild axis = iota
	axisDescendant
	axisDescendantOrSelf
	axisSelf
	axisParent
	axisAncestor
	axisAncestorOrSelf
	axisFollowingSibling
	axisPrecedingSibling
	axisFollowing
	axisPreceding
	axisAttribute
	axisNamespace
)

// reverse axes list nodes nearest first, in reverse document order.
func (a axis) reverse() bool {
	return a == axisParent || a == axisAncestor || a == axisAncestorOrSelf || a == axisPrecedingSibling || a == axisPreceding
}

type step struct {
	axis  axis
	test  nodeTest
	preds []expr
}

// step applies s to each node of in (in document order) and returns the
// union, in document order.
func (ev *evaluator) step(s *step, in []xnode) []xnode {
	var out, buf []xnode
	for _, c := range in {
		buf = ev.axisNodes(s, c, buf[:0])
		for _, p := range s.preds {
			buf = ev.applyPredicate(buf, p)
		}
		out = append(out, buf...)
	}
	if len(in) > 1 {
		return ev.sortUnique(out)
	}
	if s.axis.reverse() {
		slices.Reverse(out)
	}
	return out
}

// axisNodes appends to out the nodes of s's axis from c that pass its node
// test, in the axis's order.
func (ev *evaluator) axisNodes(s *step, c xnode, out []xnode) []xnode {
	t := &s.test
	add := func(x xnode, principalAttr bool) {
		if t.matches(x, principalAttr) {
			out = append(out, x)
		}
	}
	switch s.axis {
	case axisSelf:
		add(c, c.isAttr())
	case axisChild:
		if !c.isAttr() {
			for k := c.n.First(); k != nil; k = k.Next() {
				add(xnode{k, -1}, false)
			}
		}
	case axisDescendant, axisDescendantOrSelf:
		if s.axis == axisDescendantOrSelf {
			add(c, c.isAttr())
		}
		if !c.isAttr() {
			for d := c.n.First(); d != nil; d = d.NextWithin(c.n) {
				add(xnode{d, -1}, false)
			}
		}
	case axisParent:
		if p, ok := c.parent(); ok {
			add(p, false)
		}
	case axisAncestor, axisAncestorOrSelf:
		if s.axis == axisAncestorOrSelf {
			add(c, c.isAttr())
		}
		for p, ok := c.parent(); ok; p, ok = p.parent() {
			add(p, false)
		}
	case axisFollowingSibling:
		if !c.isAttr() {
			for k := c.n.Next(); k != nil; k = k.Next() {
				add(xnode{k, -1}, false)
			}
		}
	case axisPrecedingSibling:
		if !c.isAttr() {
			for k := c.n.Prev(); k != nil; k = k.Prev() {
				add(xnode{k, -1}, false)
			}
		}
	case axisFollowing:
		start := c.n
		if c.attr >= 0 {
			// An attribute is before its element's children.
			for d := c.n.First(); d != nil; d = d.NextWithin(c.n) {
				add(xnode{d, -1}, false)
			}
		} else if c.isAttr() {
			break
		}
		root := start.Root()
		for d := start.SkipWithin(root); d != nil; d = d.NextWithin(root) {
			add(xnode{d, -1}, false)
		}
	case axisPreceding:
		if c.attr < 0 && c.isAttr() {
			break
		}
		// Reverse document order, ancestors left out: each earlier
		// sibling's subtree, last node first, up the ancestor chain.
		var visit func(n *dom.Node)
		visit = func(n *dom.Node) {
			for k := n.Last(); k != nil; k = k.Prev() {
				visit(k)
			}
			add(xnode{n, -1}, false)
		}
		for a := c.n; a != nil; a = a.ParentNode() {
			for k := a.Prev(); k != nil; k = k.Prev() {
				visit(k)
			}
		}
	case axisAttribute:
		if c.attr < 0 && c.n.IsElement() {
			for i := range c.n.Attr {
				if c.n.Attr[i].Namespace == dom.XMLNSNamespace {
					continue // namespace declarations are no attributes in XPath
				}
				add(xnode{c.n, i}, true)
			}
		}
	case axisNamespace:
		// Namespace nodes are not exposed (Chromium has none either).
	}
	return out
}

type testKind uint8

const (
	testName      testKind = iota // local or prefix:local
	testAny                       // *
	testNamespace                 // prefix:*
	testNode                      // node()
	testText                      // text()
	testComment                   // comment()
	testPI                        // processing-instruction('target'?)
)

type nodeTest struct {
	kind      testKind
	local     string // name test's local name; processing-instruction's target
	ns        string
	hasNS     bool // prefixed: ns is the resolved URI
	hasTarget bool
}

// matches applies the node test; principalAttr: the axis's principal node
// type is attribute (the attribute axis, or self on an attribute).
func (t *nodeTest) matches(x xnode, principalAttr bool) bool {
	switch t.kind {
	case testNode:
		return true
	case testText:
		return x.attr < 0 && x.n.IsText()
	case testComment:
		return x.attr < 0 && x.n.Kind() == dom.CommentNode
	case testPI:
		return x.attr < 0 && x.n.Kind() == dom.ProcessingInstructionNode && (!t.hasTarget || x.n.NodeName() == t.local)
	}
	if principalAttr {
		if !x.isAttr() {
			return false
		}
		local, ns, _ := x.attrParts()
		switch t.kind {
		case testAny:
			return true
		case testNamespace:
			return ns == t.ns
		}
		// In an HTML document, an unprefixed name matches the attributes
		// of HTML elements without ASCII case.
		if !t.hasNS && ns == "" && x.attr >= 0 && x.n.IsHTML() && !x.n.Document().IsXML() {
			return ascii.EqualFold(local, t.local)
		}
		return local == t.local && ns == t.ns
	}
	if x.attr >= 0 || !x.n.IsElement() {
		return false
	}
	switch t.kind {
	case testAny:
		return true
	case testNamespace:
		return x.n.NamespaceURI() == t.ns
	}
	if !x.n.Document().IsXML() {
		if x.n.IsHTML() {
			return (!t.hasNS || t.ns == dom.HTMLNamespace) && ascii.EqualFold(x.n.LocalName(), t.local)
		}
		// Elements of other namespaces need their prefix.
		return t.hasNS && x.n.LocalName() == t.local && x.n.NamespaceURI() == t.ns
	}
	return x.n.LocalName() == t.local && x.n.NamespaceURI() == t.ns
}

// sortUnique puts nodes in document order and drops duplicates. The order
// of a tree is numbered once per evaluation, so sorting k nodes costs
// O(k log k) after one walk of the tree.
func (ev *evaluator) sortUnique(nodes []xnode) []xnode {
	if len(nodes) < 2 {
		return nodes
	}
	if len(nodes) <= smallSort && ev.order == nil {
		// A few nodes are cheaper to compare by their ancestors than
		// numbering a whole tree for them.
		slices.SortFunc(nodes, compareOrder)
		return slices.CompactFunc(nodes, func(a, b xnode) bool { return a == b })
	}
	type keyed struct {
		key int
		x   xnode
	}
	ks := make([]keyed, len(nodes))
	for i, x := range nodes {
		ks[i] = keyed{ev.orderKey(x), x}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return a.key - b.key })
	out := nodes[:0]
	for i, k := range ks {
		if i > 0 && k.key == ks[i-1].key {
			continue
		}
		out = append(out, k.x)
	}
	return out
}

// smallSort is how many nodes sortUnique sorts without numbering the tree.
const smallSort = 16

// compareOrder compares the document order of a and b: an element's
// attributes come after it and before its children.
func compareOrder(a, b xnode) int {
	if a.n == b.n {
		return a.attr - b.attr
	}
	switch pos := a.n.CompareDocumentPosition(b.n); {
	case pos&dom.DocumentPositionContainedBy != 0, pos&dom.DocumentPositionFollowing != 0 && pos&dom.DocumentPositionContains == 0:
		return -1
	}
	return 1
}

// attrSlots is how many attributes of one element the order keys leave room
// for; an element's attributes come after it and before its children.
const attrSlots = 1 << 16

func (ev *evaluator) orderKey(x xnode) int {
	i, ok := ev.order[x.n]
	if !ok {
		ev.number(x.n.Root())
		i = ev.order[x.n]
	}
	return i*attrSlots + x.attr + 1
}

// number gives the nodes of root's tree their document order.
func (ev *evaluator) number(root *dom.Node) {
	if ev.order == nil {
		ev.order = make(map[*dom.Node]int)
	}
	for d := root; d != nil; d = d.NextWithin(root) {
		ev.order[d] = ev.next
		ev.next++
	}
}

// compare is = != < <= > >=, with node-set semantics
// (https://www.w3.org/TR/1999/REC-xpath-19991116/#booleans).
type compare struct {
	op   string
	l, r expr
}

func (e *compare) eval(ev *evaluator, c ctx) value {
	return value{kind: kindBoolean, b: compareValues(e.op, e.l.eval(ev, c), e.r.eval(ev, c))}
}

// flip is the operator that compares b with a as op compares a with b.
func flip(op string) string {
	switch op {
	case "<":
		return ">"
	case ">":
		return "<"
	case "<=":
		return ">="
	case ">=":
		return "<="
	}
	return op
}

func compareValues(op string, a, b value) bool {
	if a.kind != kindNodes && b.kind == kindNodes {
		a, b, op = b, a, flip(op)
	}
	if a.kind == kindNodes {
		switch b.kind {
		case kindNodes:
			if op == "=" && len(a.nodes)*len(b.nodes) > 64 {
				set := make(map[string]struct{}, len(b.nodes))
				for _, y := range b.nodes {
					set[y.stringValue()] = struct{}{}
				}
				for _, x := range a.nodes {
					if _, ok := set[x.stringValue()]; ok {
						return true
					}
				}
				return false
			}
			for _, x := range a.nodes {
				xs := value{kind: kindString, s: x.stringValue()}
				for _, y := range b.nodes {
					if compareValues(op, xs, value{kind: kindString, s: y.stringValue()}) {
						return true
					}
				}
			}
			return false
		case kindBoolean:
			return compareValues(op, value{kind: kindBoolean, b: a.boolean()}, b)
		}
		for _, x := range a.nodes {
			l := value{kind: kindString, s: x.stringValue()}
			if b.kind == kindNumber {
				l = value{kind: kindNumber, f: stringNumber(l.s)}
			}
			if compareValues(op, l, b) {
				return true
			}
		}
		return false
	}
	if op == "=" || op == "!=" {
		var eq bool
		switch {
		case a.kind == kindBoolean || b.kind == kindBoolean:
			eq = a.boolean() == b.boolean()
		case a.kind == kindNumber || b.kind == kindNumber:
			eq = a.num() == b.num()
		default:
			eq = a.str() == b.str()
		}
		return eq == (op == "=")
	}
	x, y := a.num(), b.num()
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
