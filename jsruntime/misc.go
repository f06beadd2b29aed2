package jsruntime

import (
	"bytes"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// rangeImpl is a live-enough Range: its boundary points are kept as given
// and are not updated when the tree changes (a known gap).
// https://dom.spec.whatwg.org/#interface-range
type rangeImpl struct {
	sc, ec *dom.Node
	so, eo int
}

func (w *Window) newRange(doc *dom.Node) goja.Value {
	return w.realm.WrapObject(&rangeImpl{sc: doc, ec: doc}, w.realm.Class("Range"))
}

func nodeLength(n *dom.Node) int {
	switch n.Kind() {
	case dom.TextNode, dom.CommentNode, dom.ProcessingInstructionNode:
		return n.Length()
	case dom.DocumentTypeNode:
		return 0
	}
	return len(n.ChildNodeList())
}

func rangeGet(f func(w *Window, r *rangeImpl) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*rangeImpl)) }
}

func rangeFn(name string, length int, f func(w *Window, r *rangeImpl, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), this.(*rangeImpl), args)
	}}
}

func (w *Window) boundary(args []goja.Value, what string) (*dom.Node, int) {
	n := w.nodeArg(args, 0, what, "Range")
	off := int(bind.UnsignedLong(bind.Arg(args, 1)))
	if n.Kind() == dom.DocumentTypeNode {
		w.realm.ThrowDOMException("InvalidNodeTypeError", "Failed to execute '"+what+"' on 'Range': The node provided is a doctype.")
	}
	if off > nodeLength(n) {
		w.realm.ThrowDOMException("IndexSizeError", "Failed to execute '"+what+"' on 'Range': The offset is larger than the node's length.")
	}
	return n, off
}

func (w *Window) parentAndIndex(args []goja.Value, what string, after int) (*dom.Node, int) {
	n := w.nodeArg(args, 0, what, "Range")
	p := n.ParentNode()
	if p == nil {
		w.realm.ThrowDOMException("InvalidNodeTypeError", "Failed to execute '"+what+"' on 'Range': the given Node has no parent.")
	}
	return p, n.Index() + after
}

// AbstractRange and StaticRange https://dom.spec.whatwg.org/#interface-abstractrange
var abstractRangeIface = &bind.Interface{
	Name: "AbstractRange",
	Attributes: []bind.Attribute{
		{Name: "startContainer", Get: rangeGet(func(w *Window, r *rangeImpl) goja.Value { return w.wrap(r.sc) })},
		{Name: "startOffset", Get: rangeGet(func(w *Window, r *rangeImpl) goja.Value { return w.int(r.so) })},
		{Name: "endContainer", Get: rangeGet(func(w *Window, r *rangeImpl) goja.Value { return w.wrap(r.ec) })},
		{Name: "endOffset", Get: rangeGet(func(w *Window, r *rangeImpl) goja.Value { return w.int(r.eo) })},
		{Name: "collapsed", Get: rangeGet(func(w *Window, r *rangeImpl) goja.Value { return w.boolean(r.sc == r.ec && r.so == r.eo) })},
	},
}

var staticRangeIface = &bind.Interface{
	Name:       "StaticRange",
	Parent:     "AbstractRange",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		init := args[0]
		sc, ec := w.toNode(dict(init, "startContainer")), w.toNode(dict(init, "endContainer"))
		if sc == nil || ec == nil {
			r.ThrowTypeError("Failed to construct 'StaticRange': required member startContainer or endContainer is undefined.")
		}
		if sc.Kind() == dom.DocumentTypeNode || ec.Kind() == dom.DocumentTypeNode || sc.Kind() == dom.AttributeNode || ec.Kind() == dom.AttributeNode {
			r.ThrowDOMException("InvalidNodeTypeError", "Failed to construct 'StaticRange': the container is a doctype or attribute")
		}
		return &rangeImpl{sc: sc, so: int(bind.UnsignedLong(dict(init, "startOffset"))), ec: ec, eo: int(bind.UnsignedLong(dict(init, "endOffset")))}
	},
}

var rangeIface = &bind.Interface{
	Name:   "Range",
	Parent: "AbstractRange",
	Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		d := &win(r).doc.Node
		return &rangeImpl{sc: d, ec: d}
	},
	Constants: []bind.Constant{{Name: "START_TO_START", Value: 0}, {Name: "START_TO_END", Value: 1}, {Name: "END_TO_END", Value: 2}, {Name: "END_TO_START", Value: 3}},
	Attributes: []bind.Attribute{
		{Name: "commonAncestorContainer", Get: rangeGet(func(w *Window, r *rangeImpl) goja.Value {
			for a := r.sc; a != nil; a = a.ParentNode() {
				if a.Contains(r.ec) {
					return w.wrap(a)
				}
			}
			return w.null
		})},
	},
	Methods: []bind.Method{
		rangeFn("setStart", 2, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.sc, r.so = w.boundary(args, "setStart")
			if r.ec.Root() != r.sc.Root() {
				r.ec, r.eo = r.sc, r.so
			}
			return nil
		}),
		rangeFn("setEnd", 2, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.ec, r.eo = w.boundary(args, "setEnd")
			if r.ec.Root() != r.sc.Root() {
				r.sc, r.so = r.ec, r.eo
			}
			return nil
		}),
		rangeFn("setStartBefore", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.sc, r.so = w.parentAndIndex(args, "setStartBefore", 0)
			return nil
		}),
		rangeFn("setStartAfter", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.sc, r.so = w.parentAndIndex(args, "setStartAfter", 1)
			return nil
		}),
		rangeFn("setEndBefore", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.ec, r.eo = w.parentAndIndex(args, "setEndBefore", 0)
			return nil
		}),
		rangeFn("setEndAfter", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.ec, r.eo = w.parentAndIndex(args, "setEndAfter", 1)
			return nil
		}),
		rangeFn("selectNode", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			r.sc, r.so = w.parentAndIndex(args, "selectNode", 0)
			r.ec, r.eo = r.sc, r.so+1
			return nil
		}),
		rangeFn("selectNodeContents", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "selectNodeContents", "Range")
			r.sc, r.so, r.ec, r.eo = n, 0, n, nodeLength(n)
			return nil
		}),
		rangeFn("collapse", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			if bind.Boolean(bind.Arg(args, 0)) {
				r.ec, r.eo = r.sc, r.so
			} else {
				r.sc, r.so = r.ec, r.eo
			}
			return nil
		}),
		rangeFn("cloneRange", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			c := *r
			return w.realm.WrapObject(&c, w.realm.Class("Range"))
		}),
		rangeFn("detach", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value { return nil }),
		rangeFn("createContextualFragment", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			// https://w3c.github.io/DOM-Parsing/#dom-range-createcontextualfragment
			ctx := r.sc
			if !ctx.IsElement() {
				ctx = ctx.ParentElement()
			}
			if ctx == nil || ctx.Data == "html" && ctx.Namespace == "" {
				b, _ := w.doc.CreateElement("body")
				ctx = b
			}
			f, err := ctx.ParseFragment(bind.DOMString(args[0]))
			w.check(err)
			// Scripts of a contextual fragment run when inserted.
			f.Descendants(func(n *dom.Node) bool {
				w.scripts.created(n)
				return true
			})
			return w.wrap(f)
		}),
		rangeFn("insertNode", 1, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "insertNode", "Range")
			if r.sc.Kind() == dom.TextNode {
				tail, err := r.sc.SplitText(r.so)
				w.check(err)
				_, err = r.sc.ParentNode().InsertBefore(n, tail)
				w.check(err)
			} else {
				_, err := r.sc.InsertBefore(n, r.sc.ChildAt(r.so))
				w.check(err)
			}
			w.afterMutation()
			return nil
		}),
		rangeFn("deleteContents", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			w.rangeContents(r, true, false)
			return nil
		}),
		rangeFn("extractContents", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			return w.wrap(w.rangeContents(r, true, true))
		}),
		rangeFn("cloneContents", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			return w.wrap(w.rangeContents(r, false, true))
		}),
		rangeFn("toString", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value {
			if r.sc == r.ec && r.sc.Kind() == dom.TextNode {
				s, _ := r.sc.SubstringData(r.so, r.eo-r.so)
				return w.str(s)
			}
			f := w.rangeContents(r, false, true)
			s, _ := f.TextContent()
			return w.str(s)
		}),
		rangeFn("getBoundingClientRect", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value { return w.domRect(box{}) }),
		rangeFn("getClientRects", 0, func(w *Window, r *rangeImpl, args []goja.Value) goja.Value { return w.domRectList() }),
	},
}

// rangeContents handles the common cases of delete/extract/clone contents:
// a range within one text node, or whole children of one container.
func (w *Window) rangeContents(r *rangeImpl, remove, keep bool) *dom.Node {
	f := w.doc.CreateDocumentFragment()
	if r.sc == r.ec && r.sc.IsCharacterData() {
		s, err := r.sc.SubstringData(r.so, r.eo-r.so)
		w.check(err)
		if keep {
			_, _ = f.AppendChild(w.doc.CreateTextNode(s))
		}
		if remove {
			w.check(r.sc.DeleteData(r.so, r.eo-r.so))
			r.eo = r.so
		}
		return f
	}
	if r.sc != r.ec {
		w.realm.ThrowDOMException("NotSupportedError", "ranges spanning several containers are not supported")
	}
	kids := r.sc.ChildNodeList()
	for i := r.so; i < r.eo && i < len(kids); i++ {
		k := kids[i]
		if remove {
			if keep {
				_, _ = f.AppendChild(k)
			} else {
				k.Remove()
			}
		} else if keep {
			_, _ = f.AppendChild(k.CloneNode(true))
		}
	}
	if remove {
		r.eo = r.so
	}
	w.afterMutation()
	return f
}

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
