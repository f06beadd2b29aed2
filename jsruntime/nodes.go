package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// nodeSlot keeps a node's wrapper in its Binding field.
func nodeSlot(impl any) *any { return &impl.(*dom.Node).Binding }

// EventTarget https://dom.spec.whatwg.org/#interface-eventtarget
var eventTargetIface = &bind.Interface{
	Name: "EventTarget",
	Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		return &plainTarget{}
	},
	Methods: []bind.Method{
		{Name: "addEventListener", Length: 2, Fn: jsAddEventListener},
		{Name: "removeEventListener", Length: 2, Fn: jsRemoveEventListener},
		{Name: "dispatchEvent", Length: 1, Fn: jsDispatchEvent},
		{Name: "when", Length: 1, Fn: jsWhen},
	},
}

// plainTarget is the implementation of `new EventTarget()`.
type plainTarget struct{ dom.EventTarget }

// Node https://dom.spec.whatwg.org/#interface-node
var nodeIface = &bind.Interface{
	Name:   "Node",
	Parent: "EventTarget",
	Slot:   nodeSlot,
	Constants: []bind.Constant{
		{Name: "ELEMENT_NODE", Value: 1}, {Name: "ATTRIBUTE_NODE", Value: 2}, {Name: "TEXT_NODE", Value: 3}, {Name: "CDATA_SECTION_NODE", Value: 4},
		{Name: "ENTITY_REFERENCE_NODE", Value: 5}, {Name: "ENTITY_NODE", Value: 6}, {Name: "PROCESSING_INSTRUCTION_NODE", Value: 7},
		{Name: "COMMENT_NODE", Value: 8}, {Name: "DOCUMENT_NODE", Value: 9}, {Name: "DOCUMENT_TYPE_NODE", Value: 10},
		{Name: "DOCUMENT_FRAGMENT_NODE", Value: 11}, {Name: "NOTATION_NODE", Value: 12},
		{Name: "DOCUMENT_POSITION_DISCONNECTED", Value: 1}, {Name: "DOCUMENT_POSITION_PRECEDING", Value: 2},
		{Name: "DOCUMENT_POSITION_FOLLOWING", Value: 4}, {Name: "DOCUMENT_POSITION_CONTAINS", Value: 8},
		{Name: "DOCUMENT_POSITION_CONTAINED_BY", Value: 16}, {Name: "DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC", Value: 32},
	},
	Attributes: []bind.Attribute{
		ro("nodeType", func(w *Window, n *dom.Node) goja.Value { return w.int(int(n.Kind())) }),
		ro("nodeName", func(w *Window, n *dom.Node) goja.Value { return w.nodeNameValue(n) }),
		ro("baseURI", func(w *Window, n *dom.Node) goja.Value {
			return w.str(n.BaseURI())
		}),
		ro("isConnected", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.IsConnected()) }),
		ro("ownerDocument", func(w *Window, n *dom.Node) goja.Value {
			if d := n.OwnerDocument(); d != nil {
				return w.wrap(&d.Node)
			}
			return w.null
		}),
		ro("parentNode", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.ParentNode()) }),
		ro("parentElement", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.ParentElement()) }),
		ro("childNodes", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(n.ChildNodes(), w.c.nodeList)
		}),
		ro("firstChild", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.First()) }),
		ro("lastChild", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.Last()) }),
		ro("previousSibling", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.Prev()) }),
		ro("nextSibling", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.Next()) }),
		attr("nodeValue", func(w *Window, n *dom.Node) goja.Value {
			switch n.Kind() {
			case dom.TextNode, dom.CDATASectionNode, dom.CommentNode, dom.ProcessingInstructionNode:
				return w.str(n.Data)
			case dom.AttributeNode:
				return w.str(n.AttrValue())
			}
			return w.null
		}, func(w *Window, n *dom.Node, v goja.Value) {
			switch n.Kind() {
			case dom.TextNode, dom.CDATASectionNode, dom.CommentNode, dom.ProcessingInstructionNode:
				n.SetData(bind.NullableStringOrEmpty(v))
			case dom.AttributeNode:
				n.SetAttrValue(w.trustedAttrValue(n, v, bind.NullableStringOrEmpty, "Node", "nodeValue"))
			}
		}),
		attr("textContent", func(w *Window, n *dom.Node) goja.Value {
			s, ok := n.TextContent()
			return w.nullableStr(s, ok)
		}, func(w *Window, n *dom.Node, v goja.Value) {
			if isHTMLElement(n) && n.DataAtom == atom.Script {
				n.SetTextContent(w.trustedScriptSet(n, v, bind.NullableStringOrEmpty, "textContent"))
			} else if n.Kind() == dom.AttributeNode {
				n.SetTextContent(w.trustedAttrValue(n, v, bind.NullableStringOrEmpty, "Node", "textContent"))
			} else {
				n.SetTextContent(bind.NullableStringOrEmpty(v))
			}
			w.afterMutation()
		}),
	},
	Methods: []bind.Method{
		method("hasChildNodes", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.boolean(n.HasChildNodes()) }),
		method("getRootNode", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			opts := bind.NewDictionary(bind.Arg(args, 0), "GetRootNodeOptions")
			return w.wrap(n.GetRootNode(opts.Boolean("composed")))
		}),
		method("normalize", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { n.Normalize(); return nil }),
		method("cloneNode", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if n.Kind() == dom.DocumentNode {
				c := &n.AsDocument().CloneDocument(bind.Boolean(bind.Arg(args, 0))).Node
				// The clone has the original's interface: an XMLDocument
				// or a plain Document (new Document()) stays one.
				if o, ok := n.Binding.(*goja.Object); ok {
					for _, name := range [...]string{"XMLDocument", "Document"} {
						if cl := w.realm.Class(name); cl != nil && o.Prototype() == cl.Prototype() {
							return w.realm.WrapObject(c, cl)
						}
					}
				}
				return w.wrap(c)
			}
			if n.IsShadowRoot() {
				// https://dom.spec.whatwg.org/#dom-node-clonenode step 1
				w.realm.ThrowDOMException("NotSupportedError", "Failed to execute 'cloneNode' on 'Node': ShadowRoot nodes are not clonable.")
			}
			c := n.CloneNode(bind.Boolean(bind.Arg(args, 0)))
			w.scripts.cloned(n, c)
			w.detailsCloned(c)
			// Cloning appends the copies' attributes: their on* ones are
			// handlers at once, before the clone is inserted anywhere.
			w.scanHandlers(c)
			w.ceUpgradeTree(c)
			return w.wrap(c)
		}),
		method("isEqualNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			o := w.nullableNodeArg(args, 0, "isEqualNode", "Node")
			return w.boolean(o != nil && n.IsEqualNode(o))
		}),
		method("isSameNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.boolean(w.nullableNodeArg(args, 0, "isSameNode", "Node") == n)
		}),
		method("compareDocumentPosition", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.int(n.CompareDocumentPosition(w.nodeArg(args, 0, "compareDocumentPosition", "Node")))
		}),
		method("contains", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			o := w.nullableNodeArg(args, 0, "contains", "Node")
			return w.boolean(o != nil && n.Contains(o))
		}),
		// https://dom.spec.whatwg.org/#dom-node-lookupprefix
		method("lookupPrefix", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(bind.Arg(args, 0))
			if p, ok := n.LookupPrefix(ns); ok {
				return w.str(p)
			}
			return w.null
		}),
		// https://dom.spec.whatwg.org/#dom-node-lookupnamespaceuri
		method("lookupNamespaceURI", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			p, _ := bind.NullableString(bind.Arg(args, 0))
			if uri, ok := n.LookupNamespaceURI(p); ok {
				return w.str(uri)
			}
			return w.null
		}),
		// https://dom.spec.whatwg.org/#dom-node-isdefaultnamespace
		method("isDefaultNamespace", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(bind.Arg(args, 0))
			return w.boolean(n.IsDefaultNamespace(ns))
		}),
		method("insertBefore", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			nd := w.nodeArg(args, 0, "insertBefore", "Node")
			child := w.nullableNodeArg(args, 1, "insertBefore", "Node")
			_, err := n.InsertBefore(nd, child)
			w.check(err)
			w.afterMutation()
			return args[0]
		}),
		method("appendChild", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			nd := w.nodeArg(args, 0, "appendChild", "Node")
			_, err := n.AppendChild(nd)
			w.check(err)
			w.afterMutation()
			return args[0]
		}),
		method("replaceChild", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			nd := w.nodeArg(args, 0, "replaceChild", "Node")
			child := w.nodeArg(args, 1, "replaceChild", "Node")
			_, err := n.ReplaceChild(nd, child)
			w.check(err)
			w.afterMutation()
			return args[1]
		}),
		method("removeChild", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			child := w.nodeArg(args, 0, "removeChild", "Node")
			_, err := n.RemoveChild(child)
			w.check(err)
			w.afterMutation()
			return args[0]
		}),
	},
}

// elementFor is the element whose namespace lookups stand for n.
func elementFor(n *dom.Node) *dom.Node {
	switch n.Kind() {
	case dom.ElementNode:
		return n
	case dom.DocumentNode:
		return n.AsDocument().DocumentElement()
	case dom.AttributeNode:
		return n.OwnerElement()
	}
	return n.ParentElement()
}

// ParentNode https://dom.spec.whatwg.org/#interface-parentnode
var parentNodeMixin = &bind.Mixin{
	Name: "ParentNode",
	Attributes: []bind.Attribute{
		ro("children", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(n.Children(), w.c.htmlCollection)
		}),
		ro("firstElementChild", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.FirstElementChild()) }),
		ro("lastElementChild", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.LastElementChild()) }),
		ro("childElementCount", func(w *Window, n *dom.Node) goja.Value { return w.int(n.ChildElementCount()) }),
	},
	Methods: []bind.Method{
		nodesMethod("prepend", (*dom.Node).Prepend),
		nodesMethod("append", (*dom.Node).Append),
		nodesMethod("replaceChildren", (*dom.Node).ReplaceChildren),
		method("moveBefore", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			nd := w.nodeArg(args, 0, "moveBefore", "Element")
			child := w.nullableNodeArg(args, 1, "moveBefore", "Element")
			// Custom elements get connectedMoveCallback instead of
			// disconnected and connected reactions (customelements.go).
			w.ce.moving = nd
			err := n.MoveBefore(nd, child)
			w.ce.moving = nil
			w.check(err)
			return nil
		}),
		method("querySelector", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			m, err := n.QuerySelector(bind.DOMString(args[0]))
			w.check(err)
			return w.wrap(m)
		}),
		method("querySelectorAll", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ms, err := n.QuerySelectorAll(bind.DOMString(args[0]))
			w.check(err)
			return w.staticNodeList(ms)
		}),
	},
}

// nodesMethod binds one of the (nodes or strings)... methods of ParentNode
// and ChildNode: the arguments become nodes (strings as Text), then op.
// All of them are [Unscopable], so that inline event handlers, which run
// in `with (element)` scopes, still see the global before() or append().
func nodesMethod(name string, op func(*dom.Node, ...*dom.Node) error) bind.Method {
	m := method(name, 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		w.check(op(n, w.nodesOrStrings(args)...))
		w.afterMutation()
		return nil
	})
	m.Unscopable = true
	return m
}

// ChildNode and NonDocumentTypeChildNode
// https://dom.spec.whatwg.org/#interface-childnode
var childNodeMixin = &bind.Mixin{
	Name: "ChildNode",
	Methods: []bind.Method{
		nodesMethod("before", (*dom.Node).Before),
		nodesMethod("after", (*dom.Node).After),
		nodesMethod("replaceWith", (*dom.Node).ReplaceWith),
		{Name: "remove", Unscopable: true, Fn: nf(func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			if p := n.ParentNode(); p != nil {
				// RemoveChild: a blur listener that moves n makes it throw.
				_, err := p.RemoveChild(n)
				w.afterMutation()
				w.check(err)
			}
			return nil
		})},
	},
}

var nonDocumentTypeChildNodeMixin = &bind.Mixin{
	Name: "NonDocumentTypeChildNode",
	Attributes: []bind.Attribute{
		ro("previousElementSibling", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.PreviousElementSibling()) }),
		ro("nextElementSibling", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.NextElementSibling()) }),
	},
}

// Element https://dom.spec.whatwg.org/#interface-element
var elementIface = &bind.Interface{
	Name:   "Element",
	Parent: "Node",
	Mixins: []*bind.Mixin{parentNodeMixin, childNodeMixin, nonDocumentTypeChildNodeMixin},
	Attributes: append([]bind.Attribute{
		ro("namespaceURI", namespaceURIOrNull),
		ro("prefix", prefixOrNull),
		ro("localName", func(w *Window, n *dom.Node) goja.Value { return w.localNameValue(n) }),
		ro("tagName", func(w *Window, n *dom.Node) goja.Value { return w.tagNameValue(n) }),
		attr("id", func(w *Window, n *dom.Node) goja.Value { return w.str(n.ID()) },
			func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("id", bind.DOMString(v))) }),
		attr("className", func(w *Window, n *dom.Node) goja.Value { return w.str(n.ClassName()) },
			func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("class", bind.DOMString(v))) }),
		forwards(ro("classList", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(n.ClassList(), w.c.tokenList)
		}), "value"),
		unscopable(attr("slot", func(w *Window, n *dom.Node) goja.Value { return w.str(n.Attribute("slot")) },
			func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("slot", bind.DOMString(v))) })),
		forwards(ro("part", func(w *Window, n *dom.Node) goja.Value { return w.tokenList(n, "part") }), "value"),
		// the map reads the list (and synchronizes the style attribute) when
		// it is read, not when it is got
		ro("attributes", func(w *Window, n *dom.Node) goja.Value { return w.namedNodeMap(n) }),
		attr("innerHTML", func(w *Window, n *dom.Node) goja.Value { return w.str(n.InnerHTML()) },
			func(w *Window, n *dom.Node, v goja.Value) {
				markup := w.trustedString(trustedHTML, v, bind.LegacyNullToEmptyString, trustedSink{iface: "Element", member: "innerHTML", setter: true})
				w.ceParsed(func() error { return n.SetInnerHTML(markup) })
				w.afterMutation()
			}),
		attr("outerHTML", func(w *Window, n *dom.Node) goja.Value { return w.str(n.OuterHTML()) },
			func(w *Window, n *dom.Node, v goja.Value) {
				markup := w.trustedString(trustedHTML, v, bind.LegacyNullToEmptyString, trustedSink{iface: "Element", member: "outerHTML", setter: true})
				w.ceParsed(func() error { return n.SetOuterHTML(markup) })
				w.afterMutation()
			}),
		attr("scrollTop", func(w *Window, n *dom.Node) goja.Value { _, y := w.elementScroll(n); return w.rt.ToValue(y) },
			func(w *Window, n *dom.Node, v goja.Value) {
				w.scrollElementTo(n, math.NaN(), finiteOr0(bind.Double(v)))
			}),
		attr("scrollLeft", func(w *Window, n *dom.Node) goja.Value { x, _ := w.elementScroll(n); return w.rt.ToValue(x) },
			func(w *Window, n *dom.Node, v goja.Value) {
				w.scrollElementTo(n, finiteOr0(bind.Double(v)), math.NaN())
			}),
		ro("scrollWidth", func(w *Window, n *dom.Node) goja.Value { return w.int(w.scrollWidth(n)) }),
		ro("scrollHeight", func(w *Window, n *dom.Node) goja.Value { return w.int(w.scrollHeight(n)) }),
		ro("clientTop", func(w *Window, n *dom.Node) goja.Value { return w.int(w.clientEdge(n, false)) }),
		ro("clientLeft", func(w *Window, n *dom.Node) goja.Value { return w.int(w.clientEdge(n, true)) }),
		// the padding box: the border box without its borders
		ro("clientWidth", func(w *Window, n *dom.Node) goja.Value { return w.int(w.clientWidth(n)) }),
		ro("clientHeight", func(w *Window, n *dom.Node) goja.Value { return w.int(w.clientHeight(n)) }),
		ro("shadowRoot", func(w *Window, n *dom.Node) goja.Value {
			if s := n.ShadowRoot(); s != nil && s.ShadowMode() == "open" {
				return w.wrap(s)
			}
			return w.null
		}),
		ro("assignedSlot", func(w *Window, n *dom.Node) goja.Value { return w.wrap(openSlot(n)) }),
	}, ariaAttributes()...),
	Methods: []bind.Method{
		method("getHTML", 0, jsGetHTML),
		method("setHTML", 1, jsSetHTML),
		method("setHTMLUnsafe", 1, jsSetHTMLUnsafe),
		method("hasAttributes", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			n.SyncStyleAttribute()
			return w.boolean(n.HasAttributes())
		}),
		method("getAttributeNames", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			n.SyncStyleAttribute()
			names := n.AttributeNames()
			vals := make([]any, len(names))
			for i, s := range names {
				vals[i] = s
			}
			return w.rt.NewArray(vals...)
		}),
		method("getAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			syncStyleNamed(n, "", name)
			return w.nullableStr(n.GetAttribute(name))
		}),
		method("getAttributeNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			local := bind.DOMString(args[1])
			syncStyleNamed(n, ns, local)
			return w.nullableStr(n.GetAttributeNS(ns, local))
		}),
		method("setAttribute", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			syncStyleNamed(n, "", name)
			w.check(n.SetAttribute(name, w.trustedAttribute(n, "", name, args[1], "setAttribute")))
			return nil
		}),
		method("setAttributeNS", 3, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			qname := bind.DOMString(args[1])
			local := qname[strings.IndexByte(qname, ':')+1:]
			syncStyleNamed(n, ns, local)
			w.check(n.SetAttributeNS(ns, qname, w.trustedAttribute(n, ns, local, args[2], "setAttributeNS")))
			return nil
		}),
		method("removeAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			if n.InlineStyleUnsynced() && isStyleName("", name) {
				// Chromium 148 looks the name up in the attribute list
				// without synchronizing the style attribute CSSOM made;
				// not finding it there, it empties the inline style,
				// which is then written back as style="".
				n.SetInlineStyle("")
				return nil
			}
			syncStyleNamed(n, "", name)
			n.RemoveAttribute(name)
			return nil
		}),
		method("removeAttributeNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			local := bind.DOMString(args[1])
			if n.InlineStyleUnsynced() && ns == "" && local == "style" {
				// not in Chromium's attribute list yet, and not
				// synchronized first: nothing is removed
				return nil
			}
			n.RemoveAttributeNS(ns, local)
			return nil
		}),
		method("toggleAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			force := bind.Arg(args, 1)
			name := bind.DOMString(args[0])
			syncStyleNamed(n, "", name)
			on, err := n.ToggleAttribute(name, bind.Boolean(force), !bind.Absent(force))
			w.check(err)
			return w.boolean(on)
		}),
		method("hasAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			syncStyleNamed(n, "", name)
			return w.boolean(n.HasAttribute(name))
		}),
		method("hasAttributeNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			local := bind.DOMString(args[1])
			syncStyleNamed(n, ns, local)
			return w.boolean(n.HasAttributeNS(ns, local))
		}),
		method("getAttributeNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			syncStyleNamed(n, "", name)
			return w.wrap(n.GetAttributeNode(name))
		}),
		method("getAttributeNodeNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			local := bind.DOMString(args[1])
			syncStyleNamed(n, ns, local)
			return w.wrap(n.GetAttributeNodeNS(ns, local))
		}),
		method("setAttributeNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			a := w.attrArg(args, "setAttributeNode")
			w.trustedAttrNode(n, a, "Element", "setAttributeNode")
			n.SyncStyleAttribute()
			old, err := n.SetAttributeNode(a)
			w.check(err)
			return w.wrap(old)
		}),
		method("setAttributeNodeNS", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			a := w.attrArg(args, "setAttributeNodeNS")
			w.trustedAttrNode(n, a, "Element", "setAttributeNodeNS")
			n.SyncStyleAttribute()
			old, err := n.SetAttributeNode(a)
			w.check(err)
			return w.wrap(old)
		}),
		method("removeAttributeNode", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			old, err := n.RemoveAttributeNode(w.attrArg(args, "removeAttributeNode"))
			w.check(err)
			return w.wrap(old)
		}),
		method("closest", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			m, err := n.Closest(bind.DOMString(args[0]))
			w.check(err)
			return w.wrap(m)
		}),
		method("matches", 1, elementMatches),
		method("webkitMatchesSelector", 1, elementMatches),
		method("getElementsByTagName", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.realm.WrapObject(w.tagCollection(n, "tag", bind.DOMString(args[0])), w.c.htmlCollection)
		}),
		method("getElementsByTagNameNS", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			// The same collection object for the same arguments, as for getElementsByTagName.
			return w.realm.WrapObject(w.tagCollection(n, "ns", ns+"\x00"+bind.DOMString(args[1])), w.c.htmlCollection)
		}),
		method("getElementsByClassName", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.realm.WrapObject(w.tagCollection(n, "class", bind.DOMString(args[0])), w.c.htmlCollection)
		}),
		method("insertAdjacentElement", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			el := w.nodeArg(args, 1, "insertAdjacentElement", "Element")
			m, err := n.InsertAdjacent(bind.DOMString(args[0]), el)
			w.check(err)
			w.afterMutation()
			return w.wrap(m)
		}),
		method("insertAdjacentHTML", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			where := bind.DOMString(args[0])
			markup := w.trustedString(trustedHTML, args[1], bind.DOMString, trustedSink{iface: "Element", member: "insertAdjacentHTML"})
			w.ceParsed(func() error { return n.InsertAdjacentHTML(where, markup) })
			w.afterMutation()
			return nil
		}),
		method("insertAdjacentText", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.check(n.InsertAdjacentText(bind.DOMString(args[0]), bind.DOMString(args[1])))
			w.afterMutation()
			return nil
		}),
		method("getBoundingClientRect", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.boundingRect(n) // flowgeom.go
		}),
		method("computedStyleMap", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.computedStyleMap(n) // typedom.go
		}),
		method("getClientRects", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			if _, _, ok := w.geometry(n); !ok {
				return w.domRectList()
			}
			if rects := w.culledRects(n); rects != nil {
				// an inline box with no fragments of its own: those of
				// what it holds (flowculled.go)
				vals := make([]goja.Value, len(rects))
				for i, g := range rects {
					vals[i] = w.realm.WrapObject(&rectImpl{x: g.left, y: g.top, w: g.width, h: g.height}, w.realm.Class("DOMRect"))
				}
				return w.domRectList(vals...)
			}
			if frags := w.fragmentRects(n); frags != nil {
				// an inline box over several lines: a rect a line
				dx, dy := w.scrollShift(n)
				rects := make([]goja.Value, len(frags))
				for i, g := range frags {
					r := &rectImpl{x: g.left - dx, y: g.top - dy, w: g.width, h: g.height}
					rects[i] = w.realm.WrapObject(r, w.realm.Class("DOMRect"))
				}
				return w.domRectList(rects...)
			}
			return w.domRectList(w.boundingRect(n))
		}),
		// https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility
		method("checkVisibility", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !w.boxOf(n).rendered || w.display(n) == "contents" && n != n.Document().DocumentElement() {
				return valFalse // no box
			}
			o := bind.Arg(args, 0)
			if w.inSkippedContents(n, dictBool(o, "contentVisibilityAuto")) {
				return valFalse
			}
			if dictBool(o, "checkVisibilityCSS") || dictBool(o, "visibilityProperty") {
				if v, _ := w.computedValue(n, "visibility"); v == "hidden" || v == "collapse" {
					return valFalse
				}
			}
			return valTrue
		}),
		promised(method("scrollIntoView", 0, scrollIntoView)),
		// Chromium's legacy scrollIntoViewIfNeeded(centerIfNeeded = true):
		// focus scrolling's center-if-needed, or with false the nearest
		// edge (no scroll either way when the element is in view).
		method("scrollIntoViewIfNeeded", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			block := "center-if-needed"
			if a := bind.Arg(args, 0); !bind.Absent(a) && !bind.Boolean(a) {
				block = "nearest"
			}
			w.scrollToElement(n, block, block)
			return nil
		}),
		method("animate", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value { return w.animate(n, args) }),
		method("getAnimations", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			opts := bind.NewDictionary(bind.Arg(args, 0), "GetAnimationsOptions")
			return w.getAnimations(n, opts.Boolean("subtree"))
		}),
		promised(method("scroll", 0, elementScrollTo)),
		promised(method("scrollTo", 0, elementScrollTo)),
		promised(method("scrollBy", 0, elementScrollBy)),
		method("setPointerCapture", 1, noop),
		method("releasePointerCapture", 1, noop),
		method("hasPointerCapture", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return valFalse }),
		method("requestFullscreen", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.requestFullscreen(n) // fullscreen.go
		}),
		method("attachShadow", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			// https://dom.spec.whatwg.org/#dom-element-attachshadow
			// The ShadowRootInit members are read once each, in
			// lexicographic order, as Web IDL converts a dictionary.
			init := bind.NewDictionary(args[0], "ShadowRootInit")
			clonable := init.Boolean("clonable")
			// Chromium's customElementRegistry (scoped registries, not
			// made here): read in its place, anything but null refused.
			init.Convert("customElementRegistry", func(v goja.Value) {
				if !goja.IsNull(v) {
					panic(bind.TypeError("Failed to convert value to 'CustomElementRegistry'."))
				}
			})
			delegates := init.Boolean("delegatesFocus")
			var mode string
			init.Required("mode", func(v goja.Value) { mode = bind.DOMString(v) })
			if mode != "open" && mode != "closed" {
				panic(bind.TypeError("Failed to read the 'mode' property from 'ShadowRootInit': The provided value '" + mode + "' is not a valid enum value of type ShadowRootMode."))
			}
			rt, hasRT := init.NullableString("referenceTarget")
			serializable := init.Boolean("serializable")
			sa := "named"
			if v, ok := init.DOMString("slotAssignment"); ok {
				sa = v
				if sa != "named" && sa != "manual" {
					panic(bind.TypeError("Failed to read the 'slotAssignment' property from 'ShadowRootInit': The provided value '" + sa + "' is not a valid enum value of type SlotAssignmentMode."))
				}
			}
			w.ceCheckAttachShadow(n)
			queued := len(w.ce.queue)
			s, err := n.AttachShadow(dom.ShadowRootInit{
				Mode:               mode,
				DelegatesFocus:     delegates,
				Clonable:           clonable,
				Serializable:       serializable,
				SlotAssignment:     sa,
				ReferenceTarget:    rt,
				HasReferenceTarget: hasRT,
			})
			if len(w.ce.queue) > queued {
				// A declarative root taken again loses its children.
				// attachShadow is no [CEReactions] member: the
				// disconnectedCallbacks their removal queued wait in the
				// backup element queue, for a microtask, as in Chromium
				// 156 (testdata/wpt/domdiff89-attach-declarative-reactions.html).
				later := append([]*dom.Node(nil), w.ce.queue[queued:]...)
				w.ce.queue = w.ce.queue[:queued]
				w.loop.QueueMicrotask(func() {
					w.ce.queue = append(w.ce.queue, later...)
					w.ceRun()
				})
			}
			w.check(err)
			if n.IsHTML() && validCustomElementName(n.Data) {
				w.ceShadowAttached(n, s)
			}
			return w.wrap(s)
		}),
	},
}

func noop(*Window, *dom.Node, []goja.Value) goja.Value { return nil }

func elementMatches(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	ok, err := n.Matches(bind.DOMString(args[0]))
	w.check(err)
	return w.boolean(ok)
}

// attrArg returns the Attr argument of setAttributeNode and friends.
func (w *Window) attrArg(args []goja.Value, what string) *dom.Node {
	a := w.toNode(bind.Arg(args, 0))
	if a == nil || a.Kind() != dom.AttributeNode {
		// the binding names the operation and its interface (Element
		// or NamedNodeMap)
		panic(bind.TypeError("parameter 1 is not of type 'Attr'."))
	}
	return a
}

// CharacterData https://dom.spec.whatwg.org/#interface-characterdata
var characterDataIface = &bind.Interface{
	Name:   "CharacterData",
	Parent: "Node",
	Mixins: []*bind.Mixin{childNodeMixin, nonDocumentTypeChildNodeMixin},
	Attributes: []bind.Attribute{
		attr("data", func(w *Window, n *dom.Node) goja.Value { return w.str(n.Data) },
			func(w *Window, n *dom.Node, v goja.Value) { n.SetData(bind.LegacyNullToEmptyString(v)) }),
		ro("length", func(w *Window, n *dom.Node) goja.Value { return w.int(n.Length()) }),
	},
	Methods: []bind.Method{
		method("substringData", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			s, err := n.SubstringData(int(bind.UnsignedLong(args[0])), int(bind.UnsignedLong(args[1])))
			w.check(err)
			return w.str(s)
		}),
		method("appendData", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			n.AppendData(bind.DOMString(args[0]))
			return nil
		}),
		method("insertData", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.check(n.InsertData(int(bind.UnsignedLong(args[0])), bind.DOMString(args[1])))
			return nil
		}),
		method("deleteData", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.check(n.DeleteData(int(bind.UnsignedLong(args[0])), int(bind.UnsignedLong(args[1]))))
			return nil
		}),
		method("replaceData", 3, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.check(n.ReplaceData(int(bind.UnsignedLong(args[0])), int(bind.UnsignedLong(args[1])), bind.DOMString(args[2])))
			return nil
		}),
	},
}

// Text https://dom.spec.whatwg.org/#interface-text
// CDATASection https://dom.spec.whatwg.org/#interface-cdatasection: a
// Text node of XML documents (createCDATASection, XML CDATA sections)
// with no members of its own.
var cdataSectionIface = &bind.Interface{Name: "CDATASection", Parent: "Text"}

var textIface = &bind.Interface{
	Name:   "Text",
	Parent: "CharacterData",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		s := ""
		if !bind.Absent(bind.Arg(args, 0)) {
			s = bind.DOMString(args[0])
		}
		return win(r).doc.CreateTextNode(s)
	},
	Attributes: []bind.Attribute{
		ro("wholeText", func(w *Window, n *dom.Node) goja.Value { return w.str(n.WholeText()) }),
		ro("assignedSlot", func(w *Window, n *dom.Node) goja.Value { return w.wrap(openSlot(n)) }),
	},
	Methods: []bind.Method{
		method("splitText", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			m, err := n.SplitText(int(bind.UnsignedLong(args[0])))
			w.check(err)
			return w.wrap(m)
		}),
	},
}

// Comment https://dom.spec.whatwg.org/#interface-comment
var commentIface = &bind.Interface{
	Name:   "Comment",
	Parent: "CharacterData",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		s := ""
		if !bind.Absent(bind.Arg(args, 0)) {
			s = bind.DOMString(args[0])
		}
		return win(r).doc.CreateComment(s)
	},
}

// ProcessingInstruction https://dom.spec.whatwg.org/#interface-processinginstruction
var processingInstructionIface = &bind.Interface{
	Name:   "ProcessingInstruction",
	Parent: "CharacterData",
	Attributes: []bind.Attribute{
		ro("target", func(w *Window, n *dom.Node) goja.Value { return w.str(n.Target()) }),
	},
}

// DocumentType https://dom.spec.whatwg.org/#interface-documenttype
var documentTypeIface = &bind.Interface{
	Name:   "DocumentType",
	Parent: "Node",
	Mixins: []*bind.Mixin{childNodeMixin},
	Attributes: []bind.Attribute{
		ro("name", func(w *Window, n *dom.Node) goja.Value { return w.str(n.Data) }),
		ro("publicId", func(w *Window, n *dom.Node) goja.Value { return w.str(n.PublicID()) }),
		ro("systemId", func(w *Window, n *dom.Node) goja.Value { return w.str(n.SystemID()) }),
	},
}

// DocumentFragment https://dom.spec.whatwg.org/#interface-documentfragment
var documentFragmentIface = &bind.Interface{
	Name:   "DocumentFragment",
	Parent: "Node",
	Mixins: []*bind.Mixin{parentNodeMixin},
	Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		return win(r).doc.CreateDocumentFragment()
	},
	Methods: []bind.Method{
		method("getElementById", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.wrap(n.GetElementByID(bind.DOMString(args[0])))
		}),
	},
}

// namespaceURIOrNull and prefixOrNull are the namespaceURI and prefix
// getters of Element and Attr: null for none.
func namespaceURIOrNull(w *Window, n *dom.Node) goja.Value {
	ns := n.NamespaceURI()
	return w.nullableStr(ns, ns != "")
}

func prefixOrNull(w *Window, n *dom.Node) goja.Value {
	p := n.Prefix()
	return w.nullableStr(p, p != "")
}

// Attr https://dom.spec.whatwg.org/#interface-attr
var attrIface = &bind.Interface{
	Name:   "Attr",
	Parent: "Node",
	Attributes: []bind.Attribute{
		ro("namespaceURI", namespaceURIOrNull),
		ro("prefix", prefixOrNull),
		ro("localName", func(w *Window, n *dom.Node) goja.Value { return w.str(n.LocalName()) }),
		ro("name", func(w *Window, n *dom.Node) goja.Value { return w.str(n.NodeName()) }),
		attr("value", func(w *Window, n *dom.Node) goja.Value { return w.str(n.AttrValue()) },
			func(w *Window, n *dom.Node, v goja.Value) {
				n.SetAttrValue(w.trustedAttrValue(n, v, bind.DOMString, "Attr", "value"))
			}),
		ro("ownerElement", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.OwnerElement()) }),
		ro("specified", func(w *Window, n *dom.Node) goja.Value { return valTrue }),
	},
}

// classOf picks the interface of a node's wrapper.
func (w *Window) classOf(n *dom.Node) *bind.Class {
	switch n.Kind() {
	case dom.ElementNode:
		switch n.Namespace {
		case "":
			if c := w.c.byTag[n.Data]; c != nil {
				return c
			}
			if validCustomElementName(n.Data) {
				return w.c.htmlElement
			}
			return w.c.unknown
		case "svg":
			if n.DataAtom == atom.Svg {
				if c := w.realm.Class("SVGSVGElement"); c != nil {
					return c
				}
			}
			return w.svgClass(n)
		}
		if n.Namespace == "math" {
			return w.c.mathML
		}
		return w.c.element
	case dom.TextNode:
		return w.c.text
	case dom.CDATASectionNode:
		if c := w.realm.Class("CDATASection"); c != nil {
			return c
		}
		return w.c.text
	case dom.CommentNode:
		return w.c.comment
	case dom.DocumentNode:
		if n != &w.doc.Node {
			w.ceOtherDocument(n.Document())
			// A document of type "xml" wrapped only when met (the
			// template contents owner document of an XML document, its
			// clones) is a plain Document, as the spec makes it and
			// Chromium shows it; the documents created as XMLDocument are
			// wrapped so where they are made.
			if n.Document().IsXML() && w.c.document != nil {
				return w.c.document
			}
		} else if w.doc.IsXML() {
			// A page served as XML (XHTML) is an XMLDocument, as in Chromium.
			if c := w.realm.Class("XMLDocument"); c != nil {
				return c
			}
		}
		return w.c.htmlDocument
	case dom.DocumentTypeNode:
		return w.c.doctype
	case dom.DocumentFragmentNode:
		if n.IsShadowRoot() {
			return w.c.shadowRoot
		}
		return w.c.fragment
	case dom.AttributeNode:
		return w.c.attr
	case dom.ProcessingInstructionNode:
		return w.c.pi
	}
	return w.c.node
}

// isHTMLElement reports whether n is an element in the HTML namespace.
func isHTMLElement(n *dom.Node) bool {
	return n != nil && n.Type == html.ElementNode && n.Namespace == ""
}

// isStyleElement tells whether n is a style element whose text is a style
// sheet of its tree: an HTML one or an SVG one (SVG's style elements are
// sheets of the HTML document they are in too).
// https://svgwg.org/svg2-draft/styling.html#StyleElement
func isStyleElement(n *dom.Node) bool {
	return n != nil && n.Type == html.ElementNode && n.Data == "style" && (n.Namespace == "" || n.Namespace == "svg")
}

// openSlot is a node's assigned slot when its shadow root is open.
// https://dom.spec.whatwg.org/#dom-slotable-assignedslot
func openSlot(n *dom.Node) *dom.Node {
	s := n.AssignedSlot()
	if s == nil {
		return nil
	}
	if r := s.Root(); r.IsShadowRoot() && r.ShadowMode() != "open" {
		return nil
	}
	return s
}

// ShadowRoot https://dom.spec.whatwg.org/#interface-shadowroot
var shadowRootIface = &bind.Interface{
	Name:   "ShadowRoot",
	Parent: "DocumentFragment",
	Attributes: []bind.Attribute{
		ro("mode", func(w *Window, n *dom.Node) goja.Value { return w.str(n.ShadowMode()) }),
		ro("host", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.Host()) }),
		ro("delegatesFocus", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.ShadowInit().DelegatesFocus) }),
		ro("clonable", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.ShadowInit().Clonable) }),
		ro("serializable", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.ShadowInit().Serializable) }),
		ro("slotAssignment", func(w *Window, n *dom.Node) goja.Value { return w.str(n.SlotAssignment()) }),
		// Reference target (Chromium 156): a nullable string set by
		// attachShadow's referenceTarget or the template's
		// shadowrootreferencetarget.
		attr("referenceTarget", func(w *Window, n *dom.Node) goja.Value {
			if c := n.ShadowInit(); c.HasReferenceTarget {
				return w.str(c.ReferenceTarget)
			}
			return w.null
		}, func(w *Window, n *dom.Node, v goja.Value) {
			s, ok := bind.NullableString(v)
			n.SetReferenceTarget(s, ok)
		}),
		ro("activeElement", func(w *Window, n *dom.Node) goja.Value {
			if f := w.currentFocus(); f != nil {
				if t := retargetFocus(f, n); t != nil && t.Root() == n {
					return w.wrap(t)
				}
			}
			return w.null
		}),
		attr("innerHTML", func(w *Window, n *dom.Node) goja.Value { return w.str(n.InnerHTML()) },
			func(w *Window, n *dom.Node, v goja.Value) {
				markup := w.trustedString(trustedHTML, v, bind.LegacyNullToEmptyString, trustedSink{iface: "ShadowRoot", member: "innerHTML", setter: true})
				w.ceParsed(func() error { return n.SetInnerHTML(markup) })
			}),
		adoptedSheetsAttr("ShadowRoot"),
		// DocumentOrShadowRoot: the shadow tree's own style sheets; no
		// element is ever fullscreen, pointer-locked or in picture-in-picture.
		ro("styleSheets", func(w *Window, n *dom.Node) goja.Value { return w.styleSheets(n) }),
		ro("fullscreenElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
		ro("pointerLockElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
		ro("pictureInPictureElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
	},
	Methods: []bind.Method{method("getHTML", 0, jsGetHTML), method("setHTML", 1, jsSetHTML), method("setHTMLUnsafe", 1, jsSetHTMLUnsafe),
		// DocumentOrShadowRoot: the animations of the shadow tree (not
		// of shadow trees inside it), the document's selection, and the
		// hit tests of the document retargeted to the shadow tree.
		method("getAnimations", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value { return w.getAnimations(n, true) }),
		method("getSelection", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.selectionOf(n.Document()) }),
		method("elementFromPoint", 2, jsElementFromPoint("ShadowRoot")),   // hittest.go
		method("elementsFromPoint", 2, jsElementsFromPoint("ShadowRoot")), // hittest.go
	},
}

// MathMLElement https://w3c.github.io/mathml-core/#dom-mathmlelement
var mathMLElementIface = &bind.Interface{Name: "MathMLElement", Parent: "Element", Attributes: []bind.Attribute{
	ro("dataset", func(w *Window, n *dom.Node) goja.Value { return w.dataset(n) }),
	forwards(ro("style", func(w *Window, n *dom.Node) goja.Value { return w.style(n) }), "cssText"),
	ro("attributeStyleMap", func(w *Window, n *dom.Node) goja.Value { return w.attributeStyleMap(n) }), // typedom.go
	// HTMLOrSVGElement's focus members
	foreignTabIndex(func(*dom.Node) bool { return false }),
}, Methods: foreignFocusMethods}

// unscopable marks an attribute [Unscopable] (Element.slot): it is listed
// in the prototype's Symbol.unscopables.
// https://webidl.spec.whatwg.org/#Unscopable
func unscopable(a bind.Attribute) bind.Attribute {
	a.Unscopable = true
	return a
}

// ARIAMixin (https://w3c.github.io/aria/#ARIAMixin): role and the aria*
// properties reflect their content attributes as nullable DOMStrings; the
// aria*Elements properties reflect element references (ariaelements.go).
var ariaStringProps = []string{
	"ariaAtomic", "ariaAutoComplete", "ariaBrailleLabel", "ariaBrailleRoleDescription", "ariaBusy",
	"ariaChecked", "ariaColCount", "ariaColIndex", "ariaColIndexText", "ariaColSpan", "ariaCurrent",
	"ariaDescription", "ariaDisabled", "ariaExpanded", "ariaHasPopup", "ariaHidden", "ariaInvalid",
	"ariaKeyShortcuts", "ariaLabel", "ariaLevel", "ariaLive", "ariaModal", "ariaMultiLine",
	"ariaMultiSelectable", "ariaOrientation", "ariaPlaceholder", "ariaPosInSet", "ariaPressed",
	"ariaReadOnly", "ariaRelevant", "ariaRequired", "ariaRoleDescription", "ariaRowCount", "ariaRowIndex",
	"ariaRowIndexText", "ariaRowSpan", "ariaSelected", "ariaSetSize", "ariaSort", "ariaValueMax",
	"ariaValueMin", "ariaValueNow", "ariaValueText",
}

var ariaElementsProps = []string{
	"ariaControlsElements", "ariaDescribedByElements", "ariaDetailsElements", "ariaErrorMessageElements",
	"ariaFlowToElements", "ariaLabelledByElements", "ariaActionsElements",
}

// ariaContentName is the content attribute of an ARIA property: "aria-"
// and the rest lowercased (ariaHasPopup is aria-haspopup).
func ariaContentName(prop string) string {
	return "aria-" + ascii.Lower(strings.TrimSuffix(strings.TrimPrefix(prop, "aria"), "Elements"))
}

func nullableReflect(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		return w.nullableStr(n.GetAttribute(name))
	}, func(w *Window, n *dom.Node, v goja.Value) {
		if bind.Nullish(v) {
			n.RemoveAttribute(name)
			return
		}
		w.check(n.SetAttribute(name, bind.DOMString(v)))
	})
}

func ariaAttributes() []bind.Attribute {
	out := []bind.Attribute{nullableReflect("role", "role")}
	for _, p := range ariaStringProps {
		out = append(out, nullableReflect(p, ariaContentName(p)))
	}
	for _, p := range ariaElementsProps {
		name := ariaContentName(p)
		out = append(out, attr(p, func(w *Window, n *dom.Node) goja.Value {
			return w.ariaElementsGet(n, name)
		}, func(w *Window, n *dom.Node, v goja.Value) {
			w.ariaElementsSet(n, p, name, v)
		}))
	}
	out = append(out, attr("ariaActiveDescendantElement", func(w *Window, n *dom.Node) goja.Value {
		return w.ariaElementGet(n, "aria-activedescendant")
	}, func(w *Window, n *dom.Node, v goja.Value) {
		w.ariaElementSet(n, "ariaActiveDescendantElement", "aria-activedescendant", v)
	}))
	return out
}

// getHTML (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-gethtml):
// the inner HTML, with the serializable shadow roots as declarative
// <template shadowrootmode> when options.serializableShadowRoots is true.
// The options' shadowRoots list is not supported.
func jsGetHTML(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	var opts dom.SerializeOptions
	if o, ok := bind.Arg(args, 0).(*goja.Object); ok {
		if v := o.Get("serializableShadowRoots"); v != nil {
			opts.SerializableShadowRoots = v.ToBoolean()
		}
		// shadowRoots: sequence<ShadowRoot>, written whether serializable
		// or not.
		if v := o.Get("shadowRoots"); !bind.Absent(v) {
			seq, ok := v.(*goja.Object)
			if !ok {
				w.realm.ThrowTypeError("Failed to execute 'getHTML': The provided value cannot be converted to a sequence.")
			}
			w.rt.ForOf(seq, func(item goja.Value) bool {
				impl, _, _ := w.realm.Unwrap(item)
				sr, _ := impl.(*dom.Node)
				if sr == nil || !sr.IsShadowRoot() {
					w.realm.ThrowTypeError("Failed to execute 'getHTML': Failed to convert value to 'ShadowRoot'.")
				}
				opts.ShadowRoots = append(opts.ShadowRoots, sr)
				return true
			})
		}
	} else if a := bind.Arg(args, 0); !bind.Nullish(a) {
		w.realm.ThrowTypeError("Failed to execute 'getHTML': The provided value is not of type 'GetHTMLOptions'.")
	}
	var b strings.Builder
	w.check(dom.WriteInnerHTML(&b, n, opts))
	return w.str(b.String())
}

// retargetFocus returns the focused element f retargeted against root (a
// document or shadow root): the shadow host, in root's tree, of the shadow
// tree holding f, or nil when f is not in or under root's tree
// (https://dom.spec.whatwg.org/#retarget).
func retargetFocus(f, root *dom.Node) *dom.Node {
	for t := f; t != nil; {
		r := t.Root()
		if r == root {
			return t
		}
		if !r.IsShadowRoot() {
			return nil
		}
		t = r.Host()
	}
	return nil
}

// syncStyleNamed synchronizes n's style attribute (dom.Node.SetInlineStyle)
// when a script names it: Chromium does before it reads or writes that
// attribute by name, and not for other names.
func syncStyleNamed(n *dom.Node, ns, local string) {
	if isStyleName(ns, local) {
		n.SyncStyleAttribute()
	}
}

// isStyleName tells whether ns and local name the style attribute.
func isStyleName(ns, local string) bool {
	return ns == "" && len(local) == 5 && ascii.EqualFold(local, "style")
}
