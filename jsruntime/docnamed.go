package jsruntime

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
)

// Named properties of the document: document.myForm is the form named
// myForm (also embed, iframe, img and object elements by name, object
// elements by id, img elements by id when they have a name too).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-document-nameditem
//
// The document's wrapper is an ordinary object (it carries the
// [LegacyUnforgeable] location accessor, which goja's dynamic objects
// cannot hold), so each supported name is an own accessor of the wrapper,
// defined when an element exposing it is inserted or renamed. Being own
// properties they win over the prototype's members, as
// [LegacyOverrideBuiltIns] wants; an expando the page set first keeps its
// place (the named property visibility algorithm). The accessor computes
// its value on each read and removes itself once no element has the name,
// so removals cost nothing until the name is read again.
// maxDocNames bounds the named properties a document gets (each is an
// accessor with its own getter): a page with more distinct form or image
// names than this sees only the first ones as document properties.
const maxDocNames = 10000

type docNamedProps struct {
	doc    *dom.Document
	obj    *goja.Object // the document's wrapper
	names  map[string]bool
	setter *goja.Object  // the accessors' shared setter
	hasOwn goja.Callable // Object.prototype.hasOwnProperty, as the page first had it
}

// initDocNamed starts named properties on the page's document wrapper and
// defines those of the elements already in the document.
func (w *Window) initDocNamed(docObj *goja.Object) {
	w.docNamed = &docNamedProps{doc: w.doc, obj: docObj, names: map[string]bool{}}
	// Taken before any page script runs, which could replace it.
	proto := w.rt.Get("Object").ToObject(w.rt).Get("prototype").ToObject(w.rt)
	w.docNamed.hasOwn, _ = goja.AssertFunction(proto.Get("hasOwnProperty"))
	w.docNamesInserted(&w.doc.Node)
}

// initFrameDocNamed starts named properties on the document a frame has
// loaded: a document with a browsing context has them, as the page's has
// (iframe.contentDocument.myForm); documents without one (createHTMLDocument,
// DOMParser) have none, as in Chromium.
func (w *Window) initFrameDocNamed(d *dom.Document) {
	obj, ok := w.wrap(&d.Node).(*goja.Object)
	if !ok || w.docNamed == nil {
		return
	}
	if w.frameNamed == nil {
		w.frameNamed = make(map[*dom.Document]*docNamedProps)
	}
	w.frameNamed[d] = &docNamedProps{doc: d, obj: obj, names: map[string]bool{}, hasOwn: w.docNamed.hasOwn}
	w.docNamesInserted(&d.Node)
}

// docNamedFor returns the named properties of document d (nil when it
// has none).
func (w *Window) docNamedFor(d *dom.Document) *docNamedProps {
	if d == w.doc {
		return w.docNamed
	}
	return w.frameNamed[d]
}

// docNamesInserted runs docNameInserted for root and the elements under
// it, template contents left out.
func (w *Window) docNamesInserted(root *dom.Node) {
	walkElements(root, func(n *dom.Node) bool {
		if isHTMLElement(n) && n.DataAtom == atom.Template {
			return false
		}
		w.docNameInserted(n)
		return true
	})
}

// docExposedKeys returns the names under which element n is a named
// property of its document ("" when none).
func docExposedKeys(n *dom.Node) (name, id string) {
	if !isHTMLElement(n) {
		return "", ""
	}
	// The name and id content attributes are those in no namespace.
	switch n.DataAtom {
	case atom.Embed, atom.Form, atom.Iframe:
		name, _ = n.GetAttributeNS("", "name")
		return name, ""
	case atom.Img:
		name, _ = n.GetAttributeNS("", "name")
		if name != "" {
			id, _ = n.GetAttributeNS("", "id")
		}
		return name, id
	case atom.Object:
		name, _ = n.GetAttributeNS("", "name")
		id, _ = n.GetAttributeNS("", "id")
		return name, id
	}
	return "", ""
}

// docNameInserted defines the named properties element n exposes, when n
// is in the page's document tree (not in a shadow tree).
func (w *Window) docNameInserted(n *dom.Node) {
	name, id := docExposedKeys(n)
	if name == "" && id == "" {
		return
	}
	dn := w.docNamedFor(n.Document())
	if dn == nil || !n.InDocumentTree() || n.Document() != dn.doc {
		return
	}
	// An element's id comes before its name among the supported property
	// names (Object.getOwnPropertyNames order).
	for _, k := range [2]string{id, name} {
		if k != "" && !dn.names[k] {
			w.defineDocName(dn, k)
		}
	}
}

// docNameMaybeGone removes the named property key when no element exposes
// it any more, so that `key in document` turns false at once (a read would
// remove it too, see defineDocName).
func (w *Window) docNameMaybeGone(dn *docNamedProps, key string) {
	if dn == nil || key == "" || !dn.names[key] || w.docNamedValue(dn, key) != nil {
		return
	}
	delete(dn.names, key)
	dn.obj.Delete(key)
}

// docNamesRemoved runs docNameMaybeGone for the names the removed subtree
// of n exposed.
func (w *Window) docNamesRemoved(dn *docNamedProps, n *dom.Node) {
	if dn == nil || len(dn.names) == 0 || !n.IsElement() {
		return
	}
	walkElements(n, func(e *dom.Node) bool {
		if isHTMLElement(e) && e.DataAtom == atom.Template {
			return false
		}
		name, id := docExposedKeys(e)
		w.docNameMaybeGone(dn, name)
		w.docNameMaybeGone(dn, id)
		return true
	})
}

func (w *Window) defineDocName(dn *docNamedProps, key string) {
	if len(dn.names) >= maxDocNames {
		return
	}
	if dn.hasOwn != nil {
		if v, err := dn.hasOwn(dn.obj, w.str(key)); err != nil || v.ToBoolean() {
			return // an expando (or location) hides the named property
		}
	}
	getter := w.realm.NewFunction(key, 0, func(goja.FunctionCall) goja.Value {
		if v := w.docNamedValue(dn, key); v != nil {
			return v
		}
		// No element has the name any more: the property goes away, and
		// the read sees what it hid (a prototype member of that name).
		if dn.names[key] {
			delete(dn.names, key)
			if dn.obj.Delete(key) == nil {
				if v := dn.obj.Get(key); v != nil {
					return v
				}
			}
		}
		return goja.Undefined()
	})
	// Assigning does nothing (no named setter), without the TypeError a
	// missing setter would give strict code: pages that assign such a name
	// keep running, and reads still see the element.
	if dn.setter == nil {
		dn.setter = w.realm.NewFunction("", 1, func(goja.FunctionCall) goja.Value { return nil })
	}
	if dn.obj.DefineAccessorProperty(key, getter, dn.setter, goja.FLAG_TRUE, goja.FLAG_TRUE) == nil {
		dn.names[key] = true
	}
}

// docNamedValue is the value of the document's named property key: the
// one element exposing it (an iframe's window for an iframe), else a live
// HTMLCollection of them; nil when none.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-document-nameditem
func (w *Window) docNamedValue(dn *docNamedProps, key string) goja.Value {
	l := w.liveList(&dn.doc.Node, "docname\x00"+key)
	if l.collect == nil {
		l.collect = func(root *dom.Node, add func(*dom.Node)) {
			walkElements(root, func(n *dom.Node) bool {
				if isHTMLElement(n) && n.DataAtom == atom.Template {
					return false
				}
				if name, id := docExposedKeys(n); name == key || id == key {
					add(n)
				}
				return true
			})
		}
	}
	switch l.Len() {
	case 0:
		return nil
	case 1:
		n := l.Item(0)
		if n.DataAtom == atom.Iframe {
			return w.contentWindow(n)
		}
		return w.wrapObj(n)
	}
	return w.realm.WrapObject(l, w.c.htmlCollection)
}
