package jsruntime

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// HTMLFormControlsCollection and RadioNodeList: a form's elements by name,
// a RadioNodeList when several controls share it.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#htmlformcontrolscollection

// radioNodeList is the live list of the controls of a collection whose id
// or name is name.
type radioNodeList struct {
	of   nodeSeq
	name string
}

func (l *radioNodeList) matches(e *dom.Node) bool {
	if e.Type != html.ElementNode {
		return false
	}
	if v, ok := e.GetAttribute("id"); ok && v == l.name {
		return true
	}
	v, ok := e.GetAttribute("name")
	return ok && v == l.name
}

func (l *radioNodeList) Len() int {
	n := 0
	for i, c := 0, l.of.Len(); i < c; i++ {
		if l.matches(l.of.Item(i)) {
			n++
		}
	}
	return n
}

func (l *radioNodeList) Item(i int) *dom.Node {
	for j, c := 0, l.of.Len(); j < c; j++ {
		if e := l.of.Item(j); l.matches(e) {
			if i == 0 {
				return e
			}
			i--
		}
	}
	return nil
}

func isRadio(n *dom.Node) bool {
	return isHTMLElement(n) && n.DataAtom == atom.Input && n.InputType() == "radio"
}

// RadioNodeList https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#radionodelist
var radioNodeListIface = &bind.Interface{
	Name:   "RadioNodeList",
	Parent: "NodeList",
	Attributes: []bind.Attribute{
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value {
			l := this.(*radioNodeList)
			for i, n := 0, l.Len(); i < n; i++ {
				if e := l.Item(i); isRadio(e) && e.Checked() {
					return win(r).str(e.Value())
				}
			}
			return win(r).str("")
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			l := this.(*radioNodeList)
			want := bind.DOMString(v)
			for i, n := 0, l.Len(); i < n; i++ {
				if e := l.Item(i); isRadio(e) && e.Value() == want {
					e.SetChecked(true)
					return
				}
			}
		}},
	},
}

// formNamedItem returns the control named key: an element, a RadioNodeList
// for several, or nil.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#dom-htmlformcontrolscollection-nameditem
func formNamedItem(w *Window, s nodeSeq, key string) goja.Value {
	if key == "" {
		return nil
	}
	// One RadioNodeList per collection and name, so that form.x and
	// form.elements.x are the same object each time.
	k := radioListKey{s, key}
	l := w.radioLists[k]
	if l == nil {
		l = &radioNodeList{of: s, name: key}
	}
	switch l.Len() {
	case 0:
		return nil
	case 1:
		return w.wrapObj(l.Item(0))
	}
	if w.radioLists == nil {
		w.radioLists = make(map[radioListKey]*radioNodeList)
	}
	w.radioLists[k] = l
	return w.realm.WrapObject(l, w.realm.Class("RadioNodeList"))
}

// formImages are the img elements of a form's subtree whose form owner it
// is, in tree order: the candidates of its named getter when no listed
// control has the name. An img the parser associated with a form it is
// not inside is left out.
type formImages struct{ form *dom.Node }

func (s formImages) Len() int {
	n := 0
	s.each(func(*dom.Node) bool { n++; return true })
	return n
}

func (s formImages) Item(i int) *dom.Node {
	var found *dom.Node
	s.each(func(d *dom.Node) bool {
		if i == 0 {
			found = d
			return false
		}
		i--
		return true
	})
	return found
}

func (s formImages) each(fn func(*dom.Node) bool) {
	s.form.Descendants(func(d *dom.Node) bool {
		if isHTMLElement(d) && d.DataAtom == atom.Img && d.FormOwner() == s.form {
			return fn(d)
		}
		return true
	})
}

// radioListKey identifies the RadioNodeList of a name in a collection.
type radioListKey struct {
	of   nodeSeq
	name string
}

var htmlFormControlsCollectionIface = &bind.Interface{
	Name:   "HTMLFormControlsCollection",
	Parent: "HTMLCollection",
	Methods: []bind.Method{
		{Name: "namedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if v := formNamedItem(win(r), this.(nodeSeq), bind.DOMString(bind.Arg(args, 0))); v != nil {
				return v
			}
			return goja.Null()
		}},
	},
	// (enumerable named properties, as in Chromium: see
	// htmlOptionsCollectionIface)
	Exotic: &bind.Exotic{
		Item: seqItem,
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			s := this.(nodeSeq)
			if i := bind.Index(key); i >= 0 {
				if n := s.Item(i); n != nil {
					return win(r).wrapObj(n)
				}
				return nil
			}
			return formNamedItem(win(r), s, key)
		},
		Keys: htmlCollectionIface.Exotic.Keys,
	},
}

// formNamedProperty is a form's named getter: its listed controls (image
// buttons left out) named or identified by key, else its img elements,
// else the element the key last found, if still owned by the form (the
// past names map).
// https://html.spec.whatwg.org/multipage/forms.html#dom-form-nameditem
func (w *Window) formNamedProperty(form *dom.Node, l nodeSeq, key string) goja.Value {
	if key == "" {
		return nil
	}
	var found *dom.Node
	switch c := (&radioNodeList{of: l, name: key}); c.Len() {
	case 0:
	case 1:
		found = c.Item(0)
	default:
		return formNamedItem(w, l, key) // a RadioNodeList: not remembered
	}
	if found == nil {
		// Else its img elements of that name or id, a RadioNodeList of
		// them for several, not remembered either.
		imgs := formImages{form}
		l, many := radioNodeList{of: imgs, name: key}, false
		imgs.each(func(d *dom.Node) bool { // one walk: the first, and a second?
			if !l.matches(d) {
				return true
			}
			many = found != nil
			found = d
			return !many
		})
		if many {
			return formNamedItem(w, imgs, key)
		}
	}
	past := w.pastNames[form]
	if found == nil {
		old := past[key]
		if old == nil {
			return nil
		}
		if formOwner(old) != form {
			delete(past, key)
			return nil
		}
		return w.wrapObj(old)
	}
	if past == nil {
		if w.pastNames == nil {
			w.pastNames = make(map[*dom.Node]map[string]*dom.Node)
		}
		past = make(map[string]*dom.Node)
		w.pastNames[form] = past
	}
	past[key] = found
	return w.wrapObj(found)
}
