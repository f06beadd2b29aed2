package xpath

import (
	"github.com/bangsnap/bangsnap/dom"
)

// What a host language built on XPath needs (XSLT, dom/xslt): variable
// references, extension functions, evaluation with a given context
// position and size, node-sets kept as XPath nodes (an attribute as its
// element and index, no Attr node made), and patterns
// (https://www.w3.org/TR/1999/REC-xslt-19991116#patterns).

// Node is a node of the XPath data model: a dom node, or an attribute of
// an element.
type Node struct{ x xnode }

// NodeOf is n as an XPath node; an Attr node with an owner element is
// that element's attribute.
func NodeOf(n *dom.Node) Node {
	if n.Kind() == dom.AttributeNode {
		if o := n.OwnerElement(); o != nil {
			for i, a := range o.Attr {
				if a.Key == n.Attr[0].Key && a.Namespace == n.Attr[0].Namespace {
					return Node{xnode{o, i}}
				}
			}
		}
	}
	return Node{xnode{n, -1}}
}

// DOM is the dom node: for an attribute of an element, its Attr node.
func (n Node) DOM() *dom.Node {
	if n.x.attr >= 0 {
		return n.x.n.AttributeNode(n.x.attr)
	}
	return n.x.n
}

// Owner is the dom node, or for an attribute of an element that element.
func (n Node) Owner() *dom.Node { return n.x.n }

// IsAttr reports whether n is an attribute.
func (n Node) IsAttr() bool { return n.x.isAttr() }

// Attr returns an attribute's local name, namespace URI, qualified name
// and value.
func (n Node) Attr() (local, ns, qname, val string) {
	local, ns, val = n.x.attrParts()
	a := n.x.n.Attr[0]
	if n.x.attr >= 0 {
		a = n.x.n.Attr[n.x.attr]
	}
	return local, ns, a.Key, val
}

// StringValue is the node's string-value.
func (n Node) StringValue() string { return n.x.stringValue() }

// Parent is the XPath parent: an attribute's element, or the dom parent.
func (n Node) Parent() (Node, bool) {
	p, ok := n.x.parent()
	return Node{p}, ok
}

// Len is the number of nodes of a node-set (0 for other values).
func (v Value) Len() int { return len(v.v.nodes) }

// At is the i-th node of a node-set, in document order.
func (v Value) At(i int) Node { return Node{v.v.nodes[i]} }

// NodeSetOf is the node-set of nodes, which must be in document order
// without duplicates (Evaluator.Sort makes them so).
func NodeSetOf(nodes []Node) Value {
	xs := make([]xnode, len(nodes))
	for i, n := range nodes {
		xs[i] = n.x
	}
	return Value{Kind: NodeSet, v: value{kind: kindNodes, nodes: xs}}
}

// StringValue, NumberValue and BooleanValue make values of those types.
func StringValue(s string) Value { return Value{Kind: String, v: str(s)} }

// NumberValue is f as an XPath number.
func NumberValue(f float64) Value { return Value{Kind: Number, v: num(f)} }

// BooleanValue is b as an XPath boolean.
func BooleanValue(b bool) Value { return Value{Kind: Boolean, v: boolean(b)} }

// NumberString formats f as XPath's string() does.
func NumberString(f float64) string { return numberString(f) }

// ParseNumber is XPath's number() of a string.
func ParseNumber(s string) float64 { return stringNumber(s) }

// Context is an evaluation context: the context node, position and size.
type Context struct {
	Node      Node
	Pos, Size int
	// Env is the Evaluator's, for a Function to find its host.
	Env Env
}

// Function is an extension function: Call gets the evaluated arguments,
// between Min and Max of them (Max -1: any number).
type Function struct {
	Min, Max int
	Call     func(c Context, args []Value) (Value, error)
	// Pattern: a pattern may start with a call of it (XSLT's key()).
	Pattern bool
}

// Options are what CompileWith takes beyond document.evaluate's rules.
type Options struct {
	Resolve Resolver
	// Functions looks up a function the core library lacks, by its name
	// as written (prefix:local); nil: none.
	Functions func(name string) *Function
	// Variables makes $name read the Evaluator's Env (without, a variable
	// is the empty string, as document.evaluate in Chromium).
	Variables bool
}

// CompileWith compiles src with variables and extension functions.
func CompileWith(src string, o Options) (*Expr, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, src: src, resolve: o.Resolve, opts: &o}
	e, err := p.parse()
	if err != nil {
		return nil, err
	}
	return &Expr{root: e}, nil
}

// Env gives variable values by name, as written ($prefix:local without $).
type Env interface {
	Variable(name string) (Value, bool)
}

// Evaluator evaluates expressions over trees that do not change between
// its evaluations: the document order it numbers is kept.
type Evaluator struct {
	Env Env
	ev  evaluator
}

// hostError carries an extension function's error through evaluation.
type hostError struct{ err error }

// Eval evaluates x in c.
func (e *Evaluator) Eval(x *Expr, c Context) (res Value, err error) {
	defer e.recover(&err)
	e.ev.env = e.Env
	v := x.root.eval(&e.ev, ctx{node: c.Node.x, pos: c.Pos, size: c.Size})
	return Value{Kind: Kind(v.kind), v: v}, nil
}

func (e *Evaluator) recover(err *error) {
	if r := recover(); r != nil {
		switch r := r.(type) {
		case *Error:
			*err = r
		case hostError:
			*err = r.err
		default:
			panic(r)
		}
	}
}

// Sort puts nodes in document order without duplicates.
func (e *Evaluator) Sort(nodes []Node) []Node {
	xs := make([]xnode, len(nodes))
	for i, n := range nodes {
		xs[i] = n.x
	}
	xs = e.ev.sortUnique(xs)
	out := nodes[:len(xs)]
	for i, x := range xs {
		out[i] = Node{x}
	}
	return out
}

// Order compares the document order of a and b (negative: a first).
func (e *Evaluator) Order(a, b Node) int {
	return e.ev.orderKey(a.x) - e.ev.orderKey(b.x)
}

type varRef struct{ name string }

func (r *varRef) eval(ev *evaluator, _ ctx) value {
	if ev.env != nil {
		if v, ok := ev.env.Variable(r.name); ok {
			return v.v
		}
	}
	panic(&Error{Kind: SyntaxError, Msg: "Undefined variable $" + r.name + "."})
}

type extCall struct {
	f    *Function
	args []expr
}

func (e *extCall) eval(ev *evaluator, c ctx) value {
	args := make([]Value, len(e.args))
	for i, a := range e.args {
		v := a.eval(ev, c)
		args[i] = Value{Kind: Kind(v.kind), v: v}
	}
	r, err := e.f.Call(Context{Node: Node{c.node}, Pos: c.pos, Size: c.size, Env: ev.env}, args)
	if err != nil {
		panic(hostError{err})
	}
	return r.v
}
