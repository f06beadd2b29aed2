package jsruntime

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
)

// windowNamedProperties is the named properties object between
// Window.prototype and EventTarget.prototype: window.someId finds the
// child frame of that name, else the element with that id (or the embed,
// form, img or object with that name) — a live HTMLCollection of them when
// there are several — unless the window or its prototype has such a
// property.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#named-access-on-the-window-object
type windowNamedProperties struct {
	w *Window
	// frame is the frame whose window this is, nil for the page's.
	frame   *frame
	names   map[string]windowName
	version uint64
	doc     *dom.Document // the document names was built from
}

// document is the document of the window: the page's, or the one its frame
// shows (nil when none).
func (p *windowNamedProperties) document() *dom.Document {
	if p.frame == nil {
		return p.w.doc
	}
	if p.frame.gone || p.frame.cross {
		return nil
	}
	return p.frame.doc
}

// windowName is the first element of the document exposing a name by its
// name attribute and how many do.
type windowName struct {
	first *dom.Node
	count int
}

func (p *windowNamedProperties) Get(key string) goja.Value {
	d := p.document()
	if d == nil {
		return nil
	}
	// A child frame named key comes first.
	if f := p.w.namedFrame(d, key); f != nil {
		return f.obj
	}
	if !p.mayExpose(d, key) {
		return nil
	}
	n, several := p.find(d, key)
	if several {
		return p.w.realm.WrapObject(p.w.windowNamedList(d, key), p.w.c.htmlCollection)
	}
	if n != nil {
		return p.w.wrapObj(n)
	}
	return nil
}

// windowNamedBy reports whether n is exposed on the window by its name
// attribute: the name content attribute (in no namespace) of an HTML embed,
// form, img or object element.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-window-nameditem-filter
func windowNamedBy(n *dom.Node) (string, bool) {
	if !isHTMLElement(n) {
		return "", false
	}
	switch n.DataAtom {
	case atom.Embed, atom.Form, atom.Img, atom.Object:
		return n.GetAttributeNS("", "name")
	}
	return "", false
}

// windowNamedList is the live collection of the elements exposing key on
// the window (ids in any namespace, names of windowNamedBy), made only
// when there are several.
func (w *Window) windowNamedList(d *dom.Document, key string) *liveList {
	l := w.liveList(&d.Node, "winname\x00"+key)
	if l.collect == nil {
		l.collect = func(root *dom.Node, add func(*dom.Node)) {
			root.Descendants(func(n *dom.Node) bool {
				if !n.IsElement() {
					return true
				}
				if id, ok := n.GetAttributeNS("", "id"); ok && id == key {
					add(n)
				} else if name, ok := windowNamedBy(n); ok && name == key {
					add(n)
				}
				return true
			})
		}
	}
	return l
}

// find returns the one element exposing key on the window, or reports that
// several do.
func (p *windowNamedProperties) find(d *dom.Document, key string) (*dom.Node, bool) {
	if key == "" {
		return nil, false
	}
	if p.names == nil || p.version != d.Version() || p.doc != d {
		// Rebuilt at most once per document version: missing globals are
		// looked up here (typeof define, typeof exports...).
		p.names = make(map[string]windowName)
		p.version, p.doc = d.Version(), d
		d.Descendants(func(n *dom.Node) bool {
			if v, ok := windowNamedBy(n); ok && v != "" {
				e := p.names[v]
				if e.first == nil {
					e.first = n
				}
				e.count++
				p.names[v] = e
			}
			return true
		})
	}
	byName := p.names[key]
	ids := d.CountElementsByID(key)
	switch {
	case ids == 0 && byName.count <= 1:
		return byName.first, false
	case ids == 1 && byName.count == 0:
		return d.GetElementByID(key), false
	case ids == 1 && byName.count == 1:
		// One element with both the id and the name is one match.
		if n := d.GetElementByID(key); n == byName.first {
			return n, false
		}
	}
	return nil, true
}

func (p *windowNamedProperties) Has(key string) bool {
	d := p.document()
	if d == nil {
		return false
	}
	if p.w.namedFrame(d, key) != nil {
		return true
	}
	if !p.mayExpose(d, key) {
		return false
	}
	n, several := p.find(d, key)
	return n != nil || several
}

// mayExpose is a quick test that key may name an element of a frame's
// document, before find rebuilds its names: a frame's scripts look every
// free identifier up on the frame's window (framescripts.go), builtins
// included, so after each mutation the walk would run again. An element's
// id is in the document's index, and the names of the forms, images,
// embeds and objects are among the document's named properties (kept as
// elements come and go, docnamed.go). The page's window is not filtered.
func (p *windowNamedProperties) mayExpose(d *dom.Document, key string) bool {
	if p.frame == nil {
		return true
	}
	dn := p.w.frameNamed[d]
	if dn == nil || len(dn.names) >= maxDocNames {
		return true
	}
	return dn.names[key] || d.CountElementsByID(key) > 0
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
