package jsruntime

import (
	"slices"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Reflected element references (ARIAMixin's aria*Elements and
// ariaActiveDescendantElement): a script may set the elements themselves,
// which sets the content attribute to "" and keeps them until the content
// attribute is changed another way; otherwise they are found by the IDs
// the attribute lists.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes

// ariaRefs keeps, per element and content attribute, the elements a script
// set (explicit) and the frozen array last returned, so that reading the
// property twice gives the same array while its elements are unchanged.
type ariaRefs struct {
	byEl    map[*dom.Node]map[string]*ariaRef
	setting bool // the IDL setter is writing the content attribute
}

type ariaRef struct {
	explicit []*dom.Node // nil: not set by a script
	isSet    bool
	last     []*dom.Node // the elements of arr
	arr      goja.Value
}

func (w *Window) ariaRef(n *dom.Node, name string, create bool) *ariaRef {
	m := w.aria.byEl[n]
	if m == nil {
		if !create {
			return nil
		}
		if w.aria.byEl == nil {
			w.aria.byEl = make(map[*dom.Node]map[string]*ariaRef)
		}
		m = make(map[string]*ariaRef)
		w.aria.byEl[n] = m
	}
	r := m[name]
	if r == nil && create {
		r = &ariaRef{}
		m[name] = r
	}
	return r
}

// ariaAttributeChanged forgets the elements a script set for n's
// attribute name when the attribute changes other than through the
// property.
func (w *Window) ariaAttributeChanged(n *dom.Node, name string) {
	if w.aria.setting || len(w.aria.byEl) == 0 {
		return
	}
	if r := w.ariaRef(n, name, false); r != nil {
		r.explicit, r.isSet = nil, false
	}
}

// ariaInScope tells whether the element c a script set may be returned for
// n: it must be in n's tree or in a tree n's tree is in (a shadow host's).
func ariaInScope(n, c *dom.Node) bool {
	croot := c.Root()
	for r := n.Root(); r != nil; {
		if r == croot {
			return true
		}
		if !r.IsShadowRoot() || r.Host() == nil {
			return false
		}
		r = r.Host().Root()
	}
	return false
}

// ariaByID is the first element of n's tree with ID id, or nil (an
// empty id names no element).
func ariaByID(n *dom.Node, id string) *dom.Node {
	if id == "" {
		return nil
	}
	var found *dom.Node
	n.Root().Descendants(func(d *dom.Node) bool {
		if d.Kind() == dom.ElementNode && d.ID() == id {
			found = d
		}
		return found == nil
	})
	return found
}

// ariaElementsGet reads an aria*Elements property of n, whose content
// attribute is name.
func (w *Window) ariaElementsGet(n *dom.Node, name string) goja.Value {
	r := w.ariaRef(n, name, false)
	var els []*dom.Node
	switch {
	case r != nil && r.isSet:
		return w.ariaArray(r, n, r.explicit)
	default:
		v, ok := n.GetAttribute(name)
		if !ok {
			return w.null
		}
		for id := range ascii.FieldsSeq(v) {
			if found := ariaByID(n, id); found != nil {
				els = append(els, found)
			}
		}
	}
	if r == nil {
		r = w.ariaRef(n, name, true)
	}
	return w.ariaArray(r, nil, els)
}

// ariaArray is the frozen array of els kept in r, the same array as the
// last one while the elements are the same. With scope set, the elements
// out of its scope (ariaInScope) are left out first.
func (w *Window) ariaArray(r *ariaRef, scope *dom.Node, els []*dom.Node) goja.Value {
	if scope != nil {
		var in []*dom.Node
		for _, c := range els {
			if ariaInScope(scope, c) {
				in = append(in, c)
			}
		}
		els = in
	}
	if r.arr != nil && slices.Equal(r.last, els) {
		return r.arr
	}
	vals := make([]any, len(els))
	for i, e := range els {
		vals[i] = w.wrapObj(e)
	}
	arr := w.rt.NewArray(vals...)
	if freeze, ok := goja.AssertFunction(w.rt.Get("Object").ToObject(w.rt).Get("freeze")); ok {
		_, _ = freeze(goja.Undefined(), arr)
	}
	r.last, r.arr = els, arr
	return arr
}

// ariaElementsSet sets an aria*Elements property: null removes the
// attribute, a sequence of elements sets it to "" and keeps them.
func (w *Window) ariaElementsSet(n *dom.Node, prop, name string, v goja.Value) {
	els, set := w.ariaElementsArg(prop, "Element", v)
	w.ariaWrite(n, name, els, set)
}

// ariaElementsArg converts the value set to an aria*Elements property of
// an iface: null or undefined (set false), else a sequence of elements.
func (w *Window) ariaElementsArg(prop, iface string, v goja.Value) (els []*dom.Node, set bool) {
	if bind.Nullish(v) {
		return nil, false
	}
	obj, ok := v.(*goja.Object)
	if !ok || bind.Absent(obj.GetSymbol(goja.SymIterator)) {
		w.realm.ThrowTypeError("Failed to set the '%s' property on '%s': The provided value cannot be converted to a sequence.", prop, iface)
	}
	els = []*dom.Node{}
	w.rt.ForOf(obj, func(item goja.Value) bool {
		e := w.toNode(item)
		if e == nil || !e.IsElement() {
			w.realm.ThrowTypeError("Failed to set the '%s' property on '%s': Failed to convert value to 'Element'.", prop, iface)
		}
		els = append(els, e)
		return true
	})
	return els, true
}

// ariaElementArg converts the value set to ariaActiveDescendantElement:
// nil for null or undefined, else an element.
func (w *Window) ariaElementArg(prop, iface string, v goja.Value) *dom.Node {
	if bind.Nullish(v) {
		return nil
	}
	e := w.toNode(v)
	if e == nil || !e.IsElement() {
		w.realm.ThrowTypeError("Failed to set the '%s' property on '%s': Failed to convert value to 'Element'.", prop, iface)
	}
	return e
}

// ariaElementGet reads ariaActiveDescendantElement-like properties.
func (w *Window) ariaElementGet(n *dom.Node, name string) goja.Value {
	if r := w.ariaRef(n, name, false); r != nil && r.isSet {
		if len(r.explicit) == 1 && ariaInScope(n, r.explicit[0]) {
			return w.wrap(r.explicit[0])
		}
		return w.null
	}
	id, ok := n.GetAttribute(name)
	if !ok {
		return w.null
	}
	return w.wrap(ariaByID(n, id))
}

func (w *Window) ariaElementSet(n *dom.Node, prop, name string, v goja.Value) {
	e := w.ariaElementArg(prop, "Element", v)
	if e == nil {
		w.ariaWrite(n, name, nil, false)
		return
	}
	w.ariaWrite(n, name, []*dom.Node{e}, true)
}

// ariaWrite writes the content attribute for the elements set (or removes
// it) and records them.
func (w *Window) ariaWrite(n *dom.Node, name string, els []*dom.Node, set bool) {
	w.aria.setting = true
	defer func() { w.aria.setting = false }()
	if set {
		w.check(n.SetAttribute(name, ""))
	} else {
		n.RemoveAttribute(name)
	}
	if r := w.ariaRef(n, name, set); r != nil {
		r.explicit, r.isSet = els, set
	}
}
