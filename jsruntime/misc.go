package jsruntime

import (
	"bytes"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// treeWalker is a TreeWalker or NodeIterator.
// https://dom.spec.whatwg.org/#interface-treewalker
type treeWalker struct {
	w          *Window
	root, cur  *dom.Node
	whatToShow uint32
	filter     goja.Value
	iterator   bool
	before     bool // NodeIterator: pointer before reference node
}

const (
	filterAccept = 1
	filterReject = 2
	filterSkip   = 3
)

func (w *Window) newTreeWalker(args []goja.Value, iterator bool) goja.Value {
	root := w.nodeArg(args, 0, "createTreeWalker", "Document")
	show := uint32(0xFFFFFFFF)
	if !bind.Absent(bind.Arg(args, 1)) {
		show = bind.UnsignedLong(args[1])
	}
	t := &treeWalker{w: w, root: root, cur: root, whatToShow: show, filter: bind.Arg(args, 2), iterator: iterator, before: true}
	name := "TreeWalker"
	if iterator {
		name = "NodeIterator"
	}
	return w.realm.WrapObject(t, w.realm.Class(name))
}

// accept runs the node filter.
// https://dom.spec.whatwg.org/#concept-node-filter
func (t *treeWalker) accept(n *dom.Node) int {
	if t.whatToShow&(1<<(uint(n.Kind())-1)) == 0 {
		return filterSkip
	}
	if bind.Nullish(t.filter) {
		return filterAccept
	}
	fo, _ := t.filter.(*goja.Object)
	var f goja.Callable
	this := t.filter
	if fn, ok := goja.AssertFunction(t.filter); ok {
		f = fn
	} else if fo != nil {
		f = callable(fo.Get("acceptNode"))
	}
	if f == nil {
		t.w.realm.ThrowTypeError("The provided filter has no acceptNode method")
	}
	v, err := f(this, t.w.wrap(n))
	if err != nil {
		panic(err)
	}
	return int(bind.Long(v))
}

func (t *treeWalker) following(n *dom.Node) *dom.Node {
	if k := n.First(); k != nil {
		return k
	}
	for ; n != nil && n != t.root; n = n.ParentNode() {
		if s := n.Next(); s != nil {
			return s
		}
	}
	return nil
}

func (t *treeWalker) preceding(n *dom.Node) *dom.Node {
	if n == t.root {
		return nil
	}
	if p := n.Prev(); p != nil {
		for p.Last() != nil {
			p = p.Last()
		}
		return p
	}
	return n.ParentNode()
}

func (t *treeWalker) nextNode() *dom.Node {
	n := t.cur
	if t.iterator {
		for {
			if !t.before {
				n = t.following(n)
			}
			t.before = false
			if n == nil {
				return nil
			}
			t.cur = n
			if t.accept(n) == filterAccept {
				return n
			}
		}
	}
	// https://dom.spec.whatwg.org/#dom-treewalker-nextnode
	result := filterAccept
	for {
		for result != filterReject && n.First() != nil {
			n = n.First()
			result = t.accept(n)
			if result == filterAccept {
				t.cur = n
				return n
			}
		}
		var sib *dom.Node
		tmp := n
		for tmp != nil {
			if tmp == t.root {
				return nil
			}
			if sib = tmp.Next(); sib != nil {
				break
			}
			tmp = tmp.ParentNode()
		}
		if sib == nil {
			return nil
		}
		n = sib
		result = t.accept(n)
		if result == filterAccept {
			t.cur = n
			return n
		}
	}
}

func (t *treeWalker) previousNode() *dom.Node {
	if t.iterator {
		n := t.cur
		for {
			if t.before {
				n = t.preceding(n)
			}
			t.before = true
			if n == nil {
				return nil
			}
			t.cur = n
			if t.accept(n) == filterAccept {
				return n
			}
		}
	}
	for n := t.preceding(t.cur); n != nil; n = t.preceding(n) {
		if t.accept(n) == filterAccept {
			t.cur = n
			return n
		}
	}
	return nil
}

// step moves to the first accepted node among candidates produced by next.
func (t *treeWalker) step(start *dom.Node, next func(*dom.Node) *dom.Node) *dom.Node {
	for n := start; n != nil; n = next(n) {
		if t.accept(n) == filterAccept {
			t.cur = n
			return n
		}
	}
	return nil
}

func twFn(name string, f func(t *treeWalker) *dom.Node) bind.Method {
	return bind.Method{Name: name, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		t := this.(*treeWalker)
		return t.w.wrap(f(t))
	}}
}

var treeWalkerAttrs = []bind.Attribute{
	{Name: "root", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrap(this.(*treeWalker).root) }},
	{Name: "whatToShow", Get: func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(this.(*treeWalker).whatToShow) }},
	{Name: "filter", Get: func(r *bind.Realm, this any) goja.Value {
		if f := this.(*treeWalker).filter; !bind.Nullish(f) {
			return f
		}
		return goja.Null()
	}},
}

var treeWalkerIface = &bind.Interface{
	Name: "TreeWalker",
	Attributes: append([]bind.Attribute{{Name: "currentNode", Get: func(r *bind.Realm, this any) goja.Value {
		return win(r).wrap(this.(*treeWalker).cur)
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		if n := win(r).toNode(v); n != nil {
			this.(*treeWalker).cur = n
		}
	}}}, treeWalkerAttrs...),
	Methods: []bind.Method{
		twFn("nextNode", (*treeWalker).nextNode),
		twFn("previousNode", (*treeWalker).previousNode),
		twFn("parentNode", func(t *treeWalker) *dom.Node {
			for n := t.cur; n != nil && n != t.root; {
				n = n.ParentNode()
				if n != nil && t.accept(n) == filterAccept {
					t.cur = n
					return n
				}
			}
			return nil
		}),
		twFn("firstChild", func(t *treeWalker) *dom.Node { return t.step(t.cur.First(), (*dom.Node).Next) }),
		twFn("lastChild", func(t *treeWalker) *dom.Node { return t.step(t.cur.Last(), (*dom.Node).Prev) }),
		twFn("nextSibling", func(t *treeWalker) *dom.Node {
			if t.cur == t.root {
				return nil
			}
			return t.step(t.cur.Next(), (*dom.Node).Next)
		}),
		twFn("previousSibling", func(t *treeWalker) *dom.Node {
			if t.cur == t.root {
				return nil
			}
			return t.step(t.cur.Prev(), (*dom.Node).Prev)
		}),
	},
}

var nodeIteratorIface = &bind.Interface{
	Name: "NodeIterator",
	Attributes: append([]bind.Attribute{
		{Name: "referenceNode", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrap(this.(*treeWalker).cur) }},
		{Name: "pointerBeforeReferenceNode", Get: func(r *bind.Realm, this any) goja.Value { return win(r).boolean(this.(*treeWalker).before) }},
	}, treeWalkerAttrs...),
	Methods: []bind.Method{
		twFn("nextNode", (*treeWalker).nextNode),
		twFn("previousNode", (*treeWalker).previousNode),
		{Name: "detach", Fn: func(*bind.Realm, any, []goja.Value) goja.Value { return nil }},
	},
}

// NodeFilter https://dom.spec.whatwg.org/#interface-nodefilter
var nodeFilterIface = &bind.Interface{
	Name: "NodeFilter",
	Constants: []bind.Constant{{Name: "FILTER_ACCEPT", Value: 1}, {Name: "FILTER_REJECT", Value: 2}, {Name: "FILTER_SKIP", Value: 3},
		{Name: "SHOW_ALL", Value: 0xFFFFFFFF}, {Name: "SHOW_ELEMENT", Value: 0x1}, {Name: "SHOW_ATTRIBUTE", Value: 0x2}, {Name: "SHOW_TEXT", Value: 0x4},
		{Name: "SHOW_CDATA_SECTION", Value: 0x8}, {Name: "SHOW_PROCESSING_INSTRUCTION", Value: 0x40}, {Name: "SHOW_COMMENT", Value: 0x80},
		{Name: "SHOW_DOCUMENT", Value: 0x100}, {Name: "SHOW_DOCUMENT_TYPE", Value: 0x200}, {Name: "SHOW_DOCUMENT_FRAGMENT", Value: 0x400}},
}

type domParser struct{}
type xmlSerializer struct{}

// DOMParser https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsing-and-serialization
var domParserIface = &bind.Interface{
	Name:        "DOMParser",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &domParser{} },
	Methods: []bind.Method{{Name: "parseFromString", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := win(r)
		typ := bind.DOMString(args[1])
		switch typ {
		case "text/html", "text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml":
		default:
			r.ThrowTypeError("Failed to execute 'parseFromString' on 'DOMParser': The provided value '%s' is not a valid enum value of type DOMParserSupportedType.", typ)
		}
		d, err := dom.Parse(strings.NewReader(bind.DOMString(args[0])))
		w.check(err)
		d.Scripting = false
		d.SetURL(w.nav.url)
		if typ == "text/html" {
			return w.wrap(&d.Node)
		}
		// XML is parsed with the HTML parser (a known gap).
		return w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
	}}},
}

// XMLSerializer https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
// (HTML serialization, a known gap for XML documents).
var xmlSerializerIface = &bind.Interface{
	Name:        "XMLSerializer",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &xmlSerializer{} },
	Methods: []bind.Method{{Name: "serializeToString", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := win(r)
		n := w.nodeArg(args, 0, "serializeToString", "XMLSerializer")
		var b bytes.Buffer
		w.check(dom.WriteHTML(&b, n, dom.SerializeOptions{}))
		return w.str(b.String())
	}}},
}
