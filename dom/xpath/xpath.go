package xpath

import (
	"github.com/bangsnap/bangsnap/dom"
)

// Kind is the type of a Value.
type Kind uint8

const (
	NodeSet Kind = iota
	String
	Number
	Boolean
)

// Value is an evaluation's result: a node-set in document order (an
// attribute as its Attr node), or a string, number or boolean.
type Value struct {
	Kind  Kind
	Nodes []*dom.Node
	v     value
}

// String, Number and Boolean convert v as XPath's string, number and
// boolean functions do.
func (v Value) String() string { return v.v.str() }

// Number is v as a number.
func (v Value) Number() float64 { return v.v.num() }

// Boolean is v as a boolean.
func (v Value) Boolean() bool { return v.v.boolean() }

// ValidContext reports whether n can be a context node: not a doctype or
// document fragment.
func ValidContext(n *dom.Node) bool {
	k := n.Kind()
	return k != dom.DocumentTypeNode && k != dom.DocumentFragmentNode
}

// Evaluate evaluates e with n as the context node (position and size 1).
func (e *Expr) Evaluate(n *dom.Node) (res Value, err error) {
	if !ValidContext(n) {
		return Value{}, &Error{Kind: NotSupportedError, Msg: "The node provided is '" + n.NodeName() + "', which is not a valid context node type."}
	}
	c := xnode{n, -1}
	if n.Kind() == dom.AttributeNode {
		if o := n.OwnerElement(); o != nil {
			for i, a := range o.Attr {
				if a.Key == n.Attr[0].Key && a.Namespace == n.Attr[0].Namespace {
					c = xnode{o, i}
					break
				}
			}
		}
	}
	defer func() {
		if r := recover(); r != nil {
			xe, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			res, err = Value{}, xe
		}
	}()
	var ev evaluator
	v := e.root.eval(&ev, ctx{node: c, pos: 1, size: 1})
	res = Value{Kind: Kind(v.kind), v: v}
	if v.kind == kindNodes {
		res.Nodes = make([]*dom.Node, len(v.nodes))
		for i, x := range v.nodes {
			if x.attr >= 0 {
				res.Nodes[i] = x.n.AttributeNode(x.attr)
			} else {
				res.Nodes[i] = x.n
			}
		}
	}
	return res, nil
}
