package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Range and StaticRange (Selection is in selection.go). A Range is a
// dom.Range, which the tree operations of package dom keep live; the
// bindings only convert arguments.
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

// AbstractRange https://dom.spec.whatwg.org/#interface-abstractrange: in
// Chromium 156 its offsets and collapsed; the containers are NodeRange's.
var abstractRangeIface = &bind.Interface{
	Name: "AbstractRange",
	Attributes: []bind.Attribute{
		{Name: "startOffset", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.int(so) })},
		{Name: "endOffset", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.int(eo) })},
		{Name: "collapsed", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value {
			return w.boolean(sc == ec && so == eo)
		})},
	},
}

// NodeRange is the interface Chromium 156 puts between AbstractRange and
// Range and StaticRange (beside OpaqueRange, whose boundaries are in a
// form control's value, not nodes): the ranges whose boundary points are
// nodes, with their containers.
var nodeRangeIface = &bind.Interface{
	Name:   "NodeRange",
	Parent: "AbstractRange",
	Attributes: []bind.Attribute{
		{Name: "startContainer", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.wrap(sc) })},
		{Name: "endContainer", Get: boundsGet(func(w *Window, sc *dom.Node, so int, ec *dom.Node, eo int) goja.Value { return w.wrap(ec) })},
	},
}

// StaticRange https://dom.spec.whatwg.org/#interface-staticrange
var staticRangeIface = &bind.Interface{
	Name:       "StaticRange",
	Parent:     "NodeRange",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		// StaticRangeInit's four members are all required, read and
		// converted in lexicographic order (the binding puts "Failed to
		// construct 'StaticRange': " before a conversion error).
		init := bind.NewDictionary(args[0], "StaticRangeInit")
		container := func(name string) (n *dom.Node) {
			init.Required(name, func(v goja.Value) {
				if n = w.toNode(v); n == nil {
					panic(bind.TypeError("Failed to convert value to 'Node'."))
				}
			})
			return n
		}
		offset := func(name string) (o int) {
			init.Required(name, func(v goja.Value) { o = int(bind.UnsignedLong(v)) })
			return o
		}
		ec := container("endContainer")
		eo := offset("endOffset")
		sc := container("startContainer")
		so := offset("startOffset")
		if sc.Kind() == dom.DocumentTypeNode || ec.Kind() == dom.DocumentTypeNode || sc.Kind() == dom.AttributeNode || ec.Kind() == dom.AttributeNode {
			r.ThrowDOMException("InvalidNodeTypeError", "Failed to construct 'StaticRange': the container is a doctype or attribute")
		}
		return &staticRange{sc: sc, so: so, ec: ec, eo: eo}
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

// A change a script makes to the selection's range is a change of the
// selection.
func rangeFn(name string, length int, f func(w *Window, r *dom.Range, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w, rg := win(r), this.(*dom.Range)
		if s := w.selectionWith(rg); s != nil {
			before := s.state()
			defer func() {
				if s.r == rg {
					// the ends follow the range a script changed
					s.ends = [2]*dom.Range{}
					s.keepEnds()
				}
				if s.r == rg && s.state() != before {
					s.changed(w)
				}
			}()
		}
		return f(w, rg, args)
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
	Parent: "NodeRange",
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
			markup := w.trustedString(trustedHTML, bind.Arg(args, 0), bind.DOMString, trustedSink{iface: "Range", member: "createContextualFragment"})
			f, err := r.CreateContextualFragment(markup)
			w.check(err)
			// Scripts of a contextual fragment run when inserted.
			f.Descendants(func(n *dom.Node) bool {
				w.trustScriptText(n)
				w.scripts.created(n)
				return true
			})
			w.scripts.templateScripts(f)
			w.scanHandlers(f) // its on* attributes are handlers at once
			// Its custom elements are upgraded as innerHTML's are, before
			// the fragment is inserted anywhere (as Chromium).
			w.ceUpgradeTree(f)
			w.afterMutation()
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
			w.scanHandlers(f) // the copies' on* attributes are handlers at once
			// The clones of custom elements are made as cloneNode makes
			// them: upgraded before cloneContents returns ([CEReactions]).
			w.ceUpgradeTree(f)
			w.afterMutation()
			return w.wrap(f)
		}),
		rangeFn("toString", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return w.str(r.String()) }),
		rangeFn("getBoundingClientRect", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return w.rangeBoundingRect(r) }), // rangerects.go
		rangeFn("getClientRects", 0, func(w *Window, r *dom.Range, args []goja.Value) goja.Value { return w.rangeClientRects(r) }),
	},
}
