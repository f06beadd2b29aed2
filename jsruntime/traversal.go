package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Traversal bindings (https://dom.spec.whatwg.org/#traversal): TreeWalker
// and NodeIterator are dom's, so that a NodeIterator follows removals (the
// pre-removing steps) and a filter that re-enters its traverser gets the
// InvalidStateError of the active flag; jsFilter calls the page's NodeFilter.

// jsFilter is a page's NodeFilter callback: a function, or an object with an
// acceptNode method looked up at each call.
type jsFilter struct {
	w *Window
	v goja.Value
}

// AcceptNode calls the filter (https://dom.spec.whatwg.org/#concept-node-filter,
// step 5: "call a user object's operation" with "acceptNode").
func (f *jsFilter) AcceptNode(n *dom.Node) (int, error) {
	var fn goja.Callable
	this := goja.Undefined()
	if c, ok := goja.AssertFunction(f.v); ok {
		fn = c
	} else {
		o, _ := f.v.(*goja.Object)
		if o == nil {
			f.w.realm.ThrowTypeError("The provided callback is not an object.")
		}
		fn = callable(o.Get("acceptNode"))
		if fn == nil {
			// the traversal method's binding puts its context before it
			panic(bind.TypeError("Failed to execute 'acceptNode' on 'NodeFilter': The provided callback is not callable."))
		}
		this = o
	}
	v, err := fn(this, f.w.wrap(n))
	if err != nil {
		return 0, err
	}
	// The result is an unsigned short.
	return int(uint16(bind.Long(v))), nil
}

// traversalCheck rethrows err: a page exception as itself, a dom error as
// its DOMException.
func (w *Window) traversalCheck(err error) {
	if err == nil {
		return
	}
	if _, ok := err.(*goja.Exception); ok {
		panic(err)
	}
	if _, ok := err.(*goja.InterruptedError); ok {
		panic(err)
	}
	w.check(err)
}

// newTraversal implements createTreeWalker and createNodeIterator
// (https://dom.spec.whatwg.org/#dom-document-createtreewalker).
func (w *Window) newTraversal(args []goja.Value, iterator bool) goja.Value {
	what := "createTreeWalker"
	if iterator {
		what = "createNodeIterator"
	}
	root := w.nodeArg(args, 0, what, "Document")
	show := uint32(dom.ShowAll)
	if !bind.Absent(bind.Arg(args, 1)) {
		show = bind.UnsignedLong(args[1])
	}
	var filter dom.NodeFilter
	fv := bind.Arg(args, 2)
	if !bind.Nullish(fv) {
		// NodeFilter is a callback interface: an object (a function is one).
		if _, ok := fv.(*goja.Object); !ok {
			panic(bind.TypeError("parameter 3 is not of type 'Object'."))
		}
		filter = &jsFilter{w: w, v: fv}
	}
	d := root.OwnerDocument()
	if d == nil {
		d = root.AsDocument()
	}
	if iterator {
		return w.realm.WrapObject(d.CreateNodeIterator(root, show, filter), w.realm.Class("NodeIterator"))
	}
	return w.realm.WrapObject(d.CreateTreeWalker(root, show, filter), w.realm.Class("TreeWalker"))
}

// traversalFilter is the filter attribute: the object given, or null.
func traversalFilter(f dom.NodeFilter) goja.Value {
	if jf, ok := f.(*jsFilter); ok {
		return jf.v
	}
	return goja.Null()
}

func walkerStep(name string, step func(t *dom.TreeWalker) (*dom.Node, error)) bind.Method {
	return bind.Method{Name: name, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := win(r)
		n, err := step(this.(*dom.TreeWalker))
		w.traversalCheck(err)
		return w.wrap(n)
	}}
}

func iteratorStep(name string, step func(t *dom.NodeIterator) (*dom.Node, error)) bind.Method {
	return bind.Method{Name: name, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := win(r)
		n, err := step(this.(*dom.NodeIterator))
		w.traversalCheck(err)
		return w.wrap(n)
	}}
}

// TreeWalker https://dom.spec.whatwg.org/#interface-treewalker
var treeWalkerIface = &bind.Interface{
	Name: "TreeWalker",
	Attributes: []bind.Attribute{
		{Name: "root", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrap(this.(*dom.TreeWalker).Root()) }},
		{Name: "whatToShow", Get: func(r *bind.Realm, this any) goja.Value {
			return r.Runtime.ToValue(this.(*dom.TreeWalker).WhatToShow())
		}},
		{Name: "filter", Get: func(r *bind.Realm, this any) goja.Value { return traversalFilter(this.(*dom.TreeWalker).Filter()) }},
		{Name: "currentNode", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).wrap(this.(*dom.TreeWalker).CurrentNode())
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			n := win(r).toNode(v)
			if n == nil {
				r.ThrowTypeError("Failed to set the 'currentNode' property on 'TreeWalker': The provided value is not of type 'Node'.")
			}
			this.(*dom.TreeWalker).SetCurrentNode(n)
		}},
	},
	Methods: []bind.Method{
		walkerStep("parentNode", (*dom.TreeWalker).ParentNode),
		walkerStep("firstChild", (*dom.TreeWalker).FirstChild),
		walkerStep("lastChild", (*dom.TreeWalker).LastChild),
		walkerStep("previousSibling", (*dom.TreeWalker).PreviousSibling),
		walkerStep("nextSibling", (*dom.TreeWalker).NextSibling),
		walkerStep("previousNode", (*dom.TreeWalker).PreviousNode),
		walkerStep("nextNode", (*dom.TreeWalker).NextNode),
	},
}

// NodeIterator https://dom.spec.whatwg.org/#interface-nodeiterator
var nodeIteratorIface = &bind.Interface{
	Name: "NodeIterator",
	Attributes: []bind.Attribute{
		{Name: "root", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrap(this.(*dom.NodeIterator).Root()) }},
		{Name: "referenceNode", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).wrap(this.(*dom.NodeIterator).ReferenceNode())
		}},
		{Name: "pointerBeforeReferenceNode", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).boolean(this.(*dom.NodeIterator).PointerBeforeReferenceNode())
		}},
		{Name: "whatToShow", Get: func(r *bind.Realm, this any) goja.Value {
			return r.Runtime.ToValue(this.(*dom.NodeIterator).WhatToShow())
		}},
		{Name: "filter", Get: func(r *bind.Realm, this any) goja.Value { return traversalFilter(this.(*dom.NodeIterator).Filter()) }},
	},
	Methods: []bind.Method{
		iteratorStep("nextNode", (*dom.NodeIterator).NextNode),
		iteratorStep("previousNode", (*dom.NodeIterator).PreviousNode),
		{Name: "detach", Fn: func(*bind.Realm, any, []goja.Value) goja.Value { return nil }},
	},
}
