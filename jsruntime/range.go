package jsruntime

import (
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Range, StaticRange and Selection. A Range is a dom.Range, which the tree
// operations of package dom keep live; the bindings only convert arguments.
// https://dom.spec.whatwg.org/#ranges

// staticRange is a StaticRange: boundary points kept as given.
// https://dom.spec.whatwg.org/#interface-staticrange
type staticRange struct {
	sc, ec *dom.Node
	so, eo int
}

// bounds returns the boundary points of a Range or StaticRange.
func bounds(this any) (sc *dom.Node, so int, ec *dom.Node, eo int) {
	switch r := this.(type) {
	case *dom.Range:
		return r.StartContainer(), r.StartOffset(), r.EndContainer(), r.EndOffset()
	case *staticRange:
		return r.sc, r.so, r.ec, r.eo
	}
	return nil, 0, nil, 0
}

func nodeLength(n *dom.Node) int {
	switch n.Kind() {
	case dom.TextNode, dom.CDATASectionNode, dom.CommentNode, dom.ProcessingInstructionNode:
		return n.Length()
	case dom.DocumentTypeNode:
		return 0
	}
	return len(n.ChildNodeList())
}

func boundsGet(f func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		sc, so, ec, eo := bounds(this)
		return f(win(r), sc, so, ec, eo)
	}
}

// AbstractRange https://dom.spec.whatwg.org/#interface-abstractrange
var abstractRangeIface = &bind.Interface{
	Name: "AbstractRange",
	Attributes: []bind.Attribute{
		{Name: "startContainer", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.wrap(sc) })},
		{Name: "startOffset", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.int(so) })},
		{Name: "endContainer", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.wrap(ec) })},
		{Name: "endOffset", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.int(eo) })},
		{Name: "collapsed", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value {
			return w.boolean(sc == ec && so == eo)
		})},
	},
}

// StaticRange https://dom.spec.whatwg.org/#interface-staticrange
var staticRangeIface = &bind.Interface{
	Name:       "StaticRange",
	Parent:     "AbstractRange",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		init := bind.Arg(args, 0)
		sc, ec := w.toNode(dict(init, "startContainer")), w.toNode(dict(init, "endContainer"))
		if sc == nil || ec == nil {
			r.ThrowTypeError("Failed to construct 'StaticRange': required member startContainer or endContainer is undefined.")
		}
		if sc.Kind() == dom.DocumentTypeNode || ec.Kind() == dom.DocumentTypeNode || sc.Kind() == dom.AttributeNode || ec.Kind() == dom.AttributeNode {
			r.ThrowDOMException("InvalidNodeTypeError", "Failed to construct 'StaticRange': the container is a doctype or attribute")
		}
		return &staticRange{sc: sc, so: int(bind.UnsignedLong(dict(init, "startOffset"))), ec: ec, eo: int(bind.UnsignedLong(dict(init, "endOffset")))}
	},
}

// newRange returns a new live range collapsed at (doc, 0).
func (w *Window) newRange(doc *dom.Node) goja.Value {
	d := doc.AsDocument()
	if d == nil {
		d = w.doc
	}
	return w.realm.WrapObject(d.CreateRange(), w.realm.Class("Range"))
}

// rangeNodeFn binds a Range method that takes one node.
func rangeNodeFn(name string, op func(*dom.Range, *dom.Node) error) bind.Method {
	return rangeFn(name, 1, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
		w.check(op(r, w.nodeArg(args, 0, name, "Range")))
		return nil
	})
}

func rangeFn(name string, length int, f func(w *Window, r *dom.Range, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), this.(*dom.Range), args)
	}}
}

// rangeArg converts argument i to a Range or throws a TypeError.
func (w *Window) rangeArg(args []goja.Value, i int, what, iface string) *dom.Range {
	impl, ok := w.realm.UnwrapAs(bind.Arg(args, i), w.realm.Class("Range"))
	if !ok {
		w.realm.ThrowTypeError("Failed to execute '%s' on '%s': parameter %d is not of type 'Range'.", what, iface, i+1)
	}
	return impl.(*dom.Range)
}

// offsetArg is an unsigned long offset argument.
func offsetArg(args []goja.Value, i int) int { return int(bind.UnsignedLong(bind.Arg(args, i))) }

// Range https://dom.spec.whatwg.org/#interface-range
var rangeIface = &bind.Interface{
	Name:   "Range",
	Parent: "AbstractRange",
	Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		return win(r).doc.CreateRange()
	},
	Constants: []bind.Constant{{Name: "START_TO_START", Value: 0}, {Name: "START_TO_END", Value: 1}, {Name: "END_TO_END", Value: 2}, {Name: "END_TO_START", Value: 3}},
	Attributes: []bind.Attribute{
		{Name: "commonAncestorContainer", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).wrap(this.(*dom.Range).CommonAncestorContainer())
		}},
	},
	Methods: []bind.Method{
		rangeFn("setStart", 2, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			w.check(r.SetStart(w.nodeArg(args, 0, "setStart", "Range"), offsetArg(args, 1)))
			return nil
		}),
		rangeFn("setEnd", 2, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			w.check(r.SetEnd(w.nodeArg(args, 0, "setEnd", "Range"), offsetArg(args, 1)))
			return nil
		}),
		rangeNodeFn("setStartBefore", (*dom.Range).SetStartBefore),
		rangeNodeFn("setStartAfter", (*dom.Range).SetStartAfter),
		rangeNodeFn("setEndBefore", (*dom.Range).SetEndBefore),
		rangeNodeFn("setEndAfter", (*dom.Range).SetEndAfter),
		rangeNodeFn("selectNode", (*dom.Range).SelectNode),
		rangeNodeFn("selectNodeContents", (*dom.Range).SelectNodeContents),
		rangeFn("collapse", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			r.Collapse(bind.Boolean(bind.Arg(args, 0)))
			return nil
		}),
		rangeFn("compareBoundaryPoints", 2, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			how := int(uint16(bind.UnsignedLong(bind.Arg(args, 0))))
			other := w.rangeArg(args, 1, "compareBoundaryPoints", "Range")
			c, err := r.CompareBoundaryPoints(how, other)
			w.check(err)
			return w.int(c)
		}),
		rangeFn("comparePoint", 2, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			c, err := r.ComparePoint(w.nodeArg(args, 0, "comparePoint", "Range"), offsetArg(args, 1))
			w.check(err)
			return w.int(c)
		}),
		rangeFn("isPointInRange", 2, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			in, err := r.IsPointInRange(w.nodeArg(args, 0, "isPointInRange", "Range"), offsetArg(args, 1))
			w.check(err)
			return w.boolean(in)
		}),
		rangeFn("intersectsNode", 1, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			return w.boolean(r.IntersectsNode(w.nodeArg(args, 0, "intersectsNode", "Range")))
		}),
		rangeFn("cloneRange", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			return w.realm.WrapObject(r.CloneRange(), w.realm.Class("Range"))
		}),
		rangeFn("detach", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return nil }),
		rangeFn("createContextualFragment", 1, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			f, err := r.CreateContextualFragment(bind.DOMString(bind.Arg(args, 0)))
			w.check(err)
			// Scripts of a contextual fragment run when inserted.
			f.Descendants(func(n *dom.Node) bool {
				w.scripts.created(n)
				return true
			})
			return w.wrap(f)
		}),
		rangeFn("insertNode", 1, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			w.check(r.InsertNode(w.nodeArg(args, 0, "insertNode", "Range")))
			w.afterMutation()
			return nil
		}),
		rangeFn("surroundContents", 1, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			w.check(r.SurroundContents(w.nodeArg(args, 0, "surroundContents", "Range")))
			w.afterMutation()
			return nil
		}),
		rangeFn("deleteContents", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			w.check(r.DeleteContents())
			w.afterMutation()
			return nil
		}),
		rangeFn("extractContents", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			f, err := r.ExtractContents()
			w.check(err)
			w.afterMutation()
			return w.wrap(f)
		}),
		rangeFn("cloneContents", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value {
			f, err := r.CloneContents()
			w.check(err)
			return w.wrap(f)
		}),
		rangeFn("toString", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return w.str(r.String()) }),
		rangeFn("getBoundingClientRect", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return w.domRect(box{}) }),
		rangeFn("getClientRects", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return w.domRectList() }),
	},
}

// selectionImpl is the page's one Selection: empty unless a script adds a
// range; nothing is ever selected by a user.
// https://w3c.github.io/selection-api/#selection-interface
type selectionImpl struct {
	r   *dom.Range
	obj goja.Value // the JS object of r, returned by getRangeAt
}

func selFn(name string, length int, f func(w *Window, s *selectionImpl, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), this.(*selectionImpl), args)
	}}
}

func selGet(f func(w *Window, s *selectionImpl) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*selectionImpl)) }
}

// set makes r the selection's range.
func (s *selectionImpl) set(w *Window, r *dom.Range, obj goja.Value) {
	if obj == nil {
		obj = w.realm.WrapObject(r, w.realm.Class("Range"))
	}
	s.r, s.obj = r, obj
}

// collapsedAt selects the collapsed range (n, offset), or nothing for a null node.
func (s *selectionImpl) collapsedAt(w *Window, args []goja.Value, what string) {
	if bind.Nullish(bind.Arg(args, 0)) {
		s.r, s.obj = nil, nil
		return
	}
	n := w.nodeArg(args, 0, what, "Selection")
	r := w.doc.CreateRange()
	w.check(r.SetStart(n, offsetArg(args, 1)))
	if n.Root() != w.doc.Root() {
		return
	}
	s.set(w, r, nil)
}

var selectionIface = &bind.Interface{
	Name: "Selection",
	Attributes: []bind.Attribute{
		{Name: "rangeCount", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil {
				return w.int(0)
			}
			return w.int(1)
		})},
		{Name: "isCollapsed", Get: selGet(func(w *Window, s *selectionImpl) goja.Value { return w.boolean(s.r == nil || s.r.Collapsed()) })},
		{Name: "type", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			switch {
			case s.r == nil:
				return w.str("None")
			case s.r.Collapsed():
				return w.str("Caret")
			}
			return w.str("Range")
		})},
		{Name: "direction", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil || s.r.Collapsed() {
				return w.str("none")
			}
			return w.str("forward")
		})},
		{Name: "anchorNode", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil {
				return w.null
			}
			return w.wrap(s.r.StartContainer())
		})},
		{Name: "anchorOffset", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil {
				return w.int(0)
			}
			return w.int(s.r.StartOffset())
		})},
		{Name: "focusNode", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil {
				return w.null
			}
			return w.wrap(s.r.EndContainer())
		})},
		{Name: "focusOffset", Get: selGet(func(w *Window, s *selectionImpl) goja.Value {
			if s.r == nil {
				return w.int(0)
			}
			return w.int(s.r.EndOffset())
		})},
	},
	Methods: []bind.Method{
		selFn("getRangeAt", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if i := bind.UnsignedLong(bind.Arg(args, 0)); i != 0 || s.r == nil {
				w.realm.ThrowDOMException("IndexSizeError", "Failed to execute 'getRangeAt' on 'Selection': "+strconv.FormatUint(uint64(i), 10)+" is not a valid index.")
			}
			return s.obj
		}),
		// https://w3c.github.io/selection-api/#dom-selection-addrange
		selFn("addRange", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			r := w.rangeArg(args, 0, "addRange", "Selection")
			if s.r == nil && r.StartContainer().Root() == w.doc.Root() {
				s.set(w, r, args[0])
			}
			return nil
		}),
		selFn("removeRange", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if r := w.rangeArg(args, 0, "removeRange", "Selection"); r != s.r {
				w.realm.ThrowDOMException("NotFoundError", "Failed to execute 'removeRange' on 'Selection': The given range isn't in document.")
			}
			s.r, s.obj = nil, nil
			return nil
		}),
		selFn("removeAllRanges", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value { s.r, s.obj = nil, nil; return nil }),
		selFn("empty", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value { s.r, s.obj = nil, nil; return nil }),
		selFn("collapse", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			s.collapsedAt(w, args, "collapse")
			return nil
		}),
		selFn("setPosition", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			s.collapsedAt(w, args, "setPosition")
			return nil
		}),
		selFn("collapseToStart", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if s.r == nil {
				w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'collapseToStart' on 'Selection': there is no selection.")
			}
			r := s.r.CloneRange()
			r.Collapse(true)
			s.set(w, r, nil)
			return nil
		}),
		selFn("collapseToEnd", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if s.r == nil {
				w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'collapseToEnd' on 'Selection': there is no selection.")
			}
			r := s.r.CloneRange()
			r.Collapse(false)
			s.set(w, r, nil)
			return nil
		}),
		selFn("selectAllChildren", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "selectAllChildren", "Selection")
			r := w.doc.CreateRange()
			w.check(r.SelectNodeContents(n))
			if n.Root() == w.doc.Root() {
				s.set(w, r, nil)
			}
			return nil
		}),
		selFn("setBaseAndExtent", 4, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			a := w.nodeArg(args, 0, "setBaseAndExtent", "Selection")
			f := w.nodeArg(args, 2, "setBaseAndExtent", "Selection")
			r := w.doc.CreateRange()
			w.check(r.SetStart(a, offsetArg(args, 1)))
			w.check(r.SetEnd(f, offsetArg(args, 3)))
			if a.Root() == w.doc.Root() && f.Root() == w.doc.Root() {
				s.set(w, r, nil)
			}
			return nil
		}),
		// https://w3c.github.io/selection-api/#dom-selection-containsnode
		selFn("containsNode", 1, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			n := w.nodeArg(args, 0, "containsNode", "Selection")
			if s.r == nil || n.Root() != s.r.StartContainer().Root() {
				return valFalse
			}
			if bind.Boolean(bind.Arg(args, 1)) {
				return w.boolean(s.r.IntersectsNode(n))
			}
			p := n.ParentNode()
			if p == nil {
				return valFalse
			}
			i := n.Index()
			a, _ := s.r.ComparePoint(p, i)
			b, _ := s.r.ComparePoint(p, i+1)
			return w.boolean(a == 0 && b == 0)
		}),
		selFn("deleteFromDocument", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if s.r != nil {
				w.check(s.r.DeleteContents())
				w.afterMutation()
			}
			return nil
		}),
		selFn("modify", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value { return nil }),
		selFn("toString", 0, func(w *Window, s *selectionImpl, args []goja.Value) goja.Value {
			if s.r == nil {
				return w.str("")
			}
			return w.str(s.r.String())
		}),
	},
}

func (w *Window) selection() goja.Value {
	if w.sel == nil {
		w.sel = &selectionImpl{}
	}
	return w.realm.WrapObject(w.sel, w.realm.Class("Selection"))
}
