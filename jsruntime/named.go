package jsruntime

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
)

// windowNamedProperties is the named properties object between
// Window.prototype and EventTarget.prototype: window.someId finds the
// child frame of that name, else the element with that id (or the embed,
// form, img or object with that name), unless the window or its prototype
// has such a property.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#named-access-on-the-window-object
type windowNamedProperties struct {
	w       *Window
	names   map[string]*dom.Node
	version uint64
}

func (p *windowNamedProperties) Get(key string) goja.Value {
	// A child frame named key comes first.
	if f := p.w.namedFrame(key); f != nil {
		return f.obj
	}
	if n := p.find(key); n != nil {
		return p.w.wrapObj(n)
	}
	return nil
}

func (p *windowNamedProperties) find(key string) *dom.Node {
	if key == "" {
		return nil
	}
	d := p.w.doc
	if n := d.GetElementByID(key); n != nil {
		return n
	}
	if p.names == nil || p.version != d.Version() {
		// Rebuilt at most once per document version: missing globals are
		// looked up here (typeof define, typeof exports...).
		p.names = make(map[string]*dom.Node)
		p.version = d.Version()
		d.Descendants(func(n *dom.Node) bool {
			if isHTMLElement(n) {
				switch n.DataAtom {
				case atom.Embed, atom.Form, atom.Img, atom.Object:
					if v, ok := n.GetAttribute("name"); ok && p.names[v] == nil {
						p.names[v] = n
					}
				}
			}
			return true
		})
	}
	return p.names[key]
}

func (p *windowNamedProperties) Has(key string) bool {
	return p.w.namedFrame(key) != nil || p.find(key) != nil
}

// Set refuses: an assignment to a named property defines an own property of
// the window instead, as in browsers.
func (p *windowNamedProperties) Set(string, goja.Value) bool { return false }
func (p *windowNamedProperties) Delete(string) bool          { return false }
func (p *windowNamedProperties) Keys() []string              { return nil }

// installNamedProperties puts the named properties object in the window's
// prototype chain.
func (w *Window) installNamedProperties() error {
	obj := w.rt.NewDynamicObject(&windowNamedProperties{w: w})
	if err := obj.SetPrototype(w.c.eventTarget.Prototype()); err != nil {
		return err
	}
	obj.SetSymbol(goja.SymToStringTag, "WindowProperties")
	w.realm.SetImmutablePrototype(obj)
	return w.c.window.Prototype().SetPrototype(obj)
}
