package jsruntime

import (
	"errors"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xpath"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// document.evaluate, XPathEvaluator, XPathExpression and XPathResult
// (https://dom.spec.whatwg.org/#xpath) over package dom/xpath, which
// compiles and evaluates; this file converts the resolver and the result.

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

type xpathExpression struct{ e *xpath.Expr }

// xpathResult is an XPathResult: its type, its value, and for an iterator
// the document version it was made at (a mutation since invalidates it).
type xpathResult struct {
	typ     int
	v       xpath.Value
	next    int
	doc     *dom.Document
	version uint64
}

type xpathEvaluator struct{}

// throwXPathError throws err (from package xpath) as its DOMException,
// from method op of interface iface.
func (w *Window) throwXPathError(err error, op, iface string) {
	var xe *xpath.Error
	if errors.As(err, &xe) {
		w.realm.ThrowDOMException(xe.Name(), "Failed to execute '"+op+"' on '"+iface+"': "+xe.Msg)
	}
	panic(err)
}

// xpathIface names the interface a mixin method runs on.
func xpathIface(this any) string {
	if _, ok := this.(*xpathEvaluator); ok {
		return "XPathEvaluator"
	}
	return "Document"
}

// xpathResolver converts an XPathNSResolver? argument: a function is called,
// an object's lookupNamespaceURI is looked up and called with it as this,
// every time a prefix is resolved ("call a user object's operation",
// https://webidl.spec.whatwg.org/#call-a-user-objects-operation). As in
// Chromium, an exception the callback throws (or its getter) is reported and
// the prefix left unresolved; a lookupNamespaceURI that is no function, or a
// result whose conversion to a string throws, leaves it unresolved silently.
func (w *Window) xpathResolver(v goja.Value) xpath.Resolver {
	if bind.Nullish(v) {
		return nil
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		w.realm.ThrowTypeError("Failed to execute 'evaluate': The provided value is not of type 'XPathNSResolver'.")
	}
	return func(prefix string) (string, bool) {
		fn, ok := goja.AssertFunction(obj)
		this := goja.Undefined()
		if !ok {
			var m goja.Value
			if ex := w.rt.Try(func() { m = obj.Get("lookupNamespaceURI") }); ex != nil {
				w.ReportError(ex)
				return "", false
			}
			if fn, ok = goja.AssertFunction(m); !ok {
				return "", false
			}
			this = obj
		}
		res, ok := w.call(fn, this, w.str(prefix))
		if !ok || bind.Nullish(res) {
			return "", false
		}
		var uri string
		if ex := w.rt.Try(func() { uri = bind.DOMString(res) }); ex != nil {
			return "", false
		}
		return uri, true
	}
}

func (w *Window) compileXPathArg(args []goja.Value, resolver goja.Value, op, iface string) *xpathExpression {
	e, err := xpath.Compile(bind.DOMString(bind.Arg(args, 0)), w.xpathResolver(resolver))
	if err != nil {
		w.throwXPathError(err, op, iface)
	}
	return &xpathExpression{e}
}

// evaluateXPath runs x with args (contextNode, type, result) as
// XPathExpression.evaluate does (for iface's evaluate); the result argument
// is not reused.
func (w *Window) evaluateXPath(x *xpathExpression, args []goja.Value, iface string) goja.Value {
	ctx := w.nodeArg(args, 0, "evaluate", iface)
	typ := int(uint16(bind.UnsignedLong(bind.Arg(args, 1))))
	v, err := x.e.Evaluate(ctx)
	if err != nil {
		w.throwXPathError(err, "evaluate", iface)
	}
	if typ == xpathAny || typ > xpathFirstOrderedNode {
		switch v.Kind {
		case xpath.NodeSet:
			typ = xpathUnorderedIter
		case xpath.Number:
			typ = xpathNumber
		case xpath.String:
			typ = xpathString
		default:
			typ = xpathBoolean
		}
	}
	if typ >= xpathUnorderedIter && v.Kind != xpath.NodeSet {
		w.realm.ThrowTypeError("Failed to execute 'evaluate' on '%s': The result is not a node set, and therefore cannot be converted to the desired type.", iface)
	}
	res := &xpathResult{typ: typ, v: v, doc: ctx.Document()}
	if typ == xpathUnorderedIter || typ == xpathOrderedIter {
		res.version = res.doc.Version()
	}
	return w.realm.WrapObject(res, w.realm.Class("XPathResult"))
}

func resGet(f func(w *Window, r *xpathResult) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*xpathResult)) }
}

// resTyped is the getter of attribute name, which only a result of one of
// types has.
func resTyped(name, what string, f func(w *Window, r *xpathResult) goja.Value, types ...int) bind.Getter {
	return resGet(func(w *Window, r *xpathResult) goja.Value {
		for _, t := range types {
			if r.typ == t {
				return f(w, r)
			}
		}
		w.realm.ThrowTypeError("Failed to read the '%s' property from 'XPathResult': The result type is not %s.", name, what)
		return nil
	})
}

func (r *xpathResult) isIterator() bool {
	return r.typ == xpathUnorderedIter || r.typ == xpathOrderedIter
}

var xpathResultIface = &bind.Interface{
	Name: "XPathResult",
	Constants: []bind.Constant{{Name: "ANY_TYPE", Value: 0}, {Name: "NUMBER_TYPE", Value: 1}, {Name: "STRING_TYPE", Value: 2},
		{Name: "BOOLEAN_TYPE", Value: 3}, {Name: "UNORDERED_NODE_ITERATOR_TYPE", Value: 4}, {Name: "ORDERED_NODE_ITERATOR_TYPE", Value: 5},
		{Name: "UNORDERED_NODE_SNAPSHOT_TYPE", Value: 6}, {Name: "ORDERED_NODE_SNAPSHOT_TYPE", Value: 7},
		{Name: "ANY_UNORDERED_NODE_TYPE", Value: 8}, {Name: "FIRST_ORDERED_NODE_TYPE", Value: 9}},
	Attributes: []bind.Attribute{
		{Name: "resultType", Get: resGet(func(w *Window, r *xpathResult) goja.Value { return w.int(r.typ) })},
		{Name: "numberValue", Get: resTyped("numberValue", "a number", func(w *Window, r *xpathResult) goja.Value { return w.rt.ToValue(r.v.Number()) }, xpathNumber)},
		{Name: "stringValue", Get: resTyped("stringValue", "a string", func(w *Window, r *xpathResult) goja.Value { return w.str(r.v.String()) }, xpathString)},
		{Name: "booleanValue", Get: resTyped("booleanValue", "a boolean", func(w *Window, r *xpathResult) goja.Value { return w.boolean(r.v.Boolean()) }, xpathBoolean)},
		{Name: "singleNodeValue", Get: resTyped("singleNodeValue", "a single node", func(w *Window, r *xpathResult) goja.Value {
			if len(r.v.Nodes) == 0 {
				return w.null
			}
			return w.wrap(r.v.Nodes[0])
		}, xpathAnyUnordered, xpathFirstOrderedNode)},
		{Name: "snapshotLength", Get: resTyped("snapshotLength", "a snapshot", func(w *Window, r *xpathResult) goja.Value { return w.int(len(r.v.Nodes)) },
			xpathUnorderedSnap, xpathOrderedSnap)},
		{Name: "invalidIteratorState", Get: resGet(func(w *Window, r *xpathResult) goja.Value {
			return w.boolean(r.isIterator() && r.doc.Version() != r.version)
		})},
	},
	Methods: []bind.Method{
		{Name: "iterateNext", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			res := this.(*xpathResult)
			if !res.isIterator() {
				r.ThrowTypeError("Failed to execute 'iterateNext' on 'XPathResult': The result type is not an iterator.")
			}
			if res.doc.Version() != res.version {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'iterateNext' on 'XPathResult': The document has mutated since the result was returned.")
			}
			if res.next >= len(res.v.Nodes) {
				return goja.Null()
			}
			res.next++
			return win(r).wrap(res.v.Nodes[res.next-1])
		}},
		{Name: "snapshotItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			res := this.(*xpathResult)
			if res.typ != xpathUnorderedSnap && res.typ != xpathOrderedSnap {
				r.ThrowTypeError("Failed to execute 'snapshotItem' on 'XPathResult': The result type is not a snapshot.")
			}
			i := int(bind.UnsignedLong(bind.Arg(args, 0)))
			if i >= len(res.v.Nodes) {
				return goja.Null()
			}
			return win(r).wrap(res.v.Nodes[i])
		}},
	},
}

var xpathExpressionIface = &bind.Interface{
	Name: "XPathExpression",
	Methods: []bind.Method{{Name: "evaluate", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return win(r).evaluateXPath(this.(*xpathExpression), args, "XPathExpression")
	}}},
}

// xpathEvaluatorMixin is shared by XPathEvaluator and Document.
var xpathEvaluatorMixin = &bind.Mixin{
	Name: "XPathEvaluatorBase",
	Methods: []bind.Method{
		{Name: "createExpression", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			return w.realm.WrapObject(w.compileXPathArg(args, bind.Arg(args, 1), "createExpression", xpathIface(this)), w.realm.Class("XPathExpression"))
		}},
		// createNSResolver returns its argument, as the standard now says.
		{Name: "createNSResolver", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			win(r).nodeArg(args, 0, "createNSResolver", "Document")
			return args[0]
		}},
		{Name: "evaluate", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			iface := xpathIface(this)
			if len(args) < 2 {
				w.realm.ThrowTypeError("Failed to execute 'evaluate' on '%s': 2 arguments required, but only %d present.", iface, len(args))
			}
			// The context node is converted before the expression is
			// compiled (and the resolver called).
			w.nodeArg(args, 1, "evaluate", iface)
			x := w.compileXPathArg(args, bind.Arg(args, 2), "evaluate", iface)
			return w.evaluateXPath(x, []goja.Value{args[1], bind.Arg(args, 3), bind.Arg(args, 4)}, iface)
		}},
	},
}

var xpathEvaluatorIface = &bind.Interface{
	Name:        "XPathEvaluator",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &xpathEvaluator{} },
	Mixins:      []*bind.Mixin{xpathEvaluatorMixin},
}
