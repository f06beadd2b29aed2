package jsruntime

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// A nodeSeq is what NodeList and HTMLCollection wrappers read: a live
// dom.Collection, one of our own live lists, or a static list.
type nodeSeq interface {
	Len() int
	Item(i int) *dom.Node
}

// staticList is the static NodeList of querySelectorAll.
type staticList struct{ nodes []*dom.Node }

func (s *staticList) Len() int { return len(s.nodes) }
func (s *staticList) Item(i int) *dom.Node {
	if i < 0 || i >= len(s.nodes) {
		return nil
	}
	return s.nodes[i]
}

func (w *Window) staticNodeList(nodes []*dom.Node) goja.Value {
	return w.realm.WrapObject(&staticList{nodes: nodes}, w.c.nodeList)
}

// liveKey identifies a live list so that the same object is returned for
// the same (root, kind): document.forms === document.forms.
type liveKey struct {
	root *dom.Node
	kind string
}

// liveList is a live collection computed by collect and recomputed when the
// document's version changes.
type liveList struct {
	root    *dom.Node
	collect func(root *dom.Node, add func(*dom.Node))
	// doc and version are the document and its version the items were
	// collected at: a root adopted into another document is collected
	// again whatever that document's version.
	doc     *dom.Document
	version uint64
	valid   bool
	items   []*dom.Node
}

func (l *liveList) update() {
	d := l.root.Document()
	v := d.Version()
	if l.valid && l.version == v && l.doc == d {
		return
	}
	l.items = l.items[:0]
	l.collect(l.root, func(n *dom.Node) { l.items = append(l.items, n) })
	l.doc, l.version, l.valid = d, v, true
}

func (l *liveList) Len() int { l.update(); return len(l.items) }
func (l *liveList) Item(i int) *dom.Node {
	l.update()
	if i < 0 || i >= len(l.items) {
		return nil
	}
	return l.items[i]
}

// descendantsWhere collects root's descendants matching f.
func descendantsWhere(f func(*dom.Node) bool) func(*dom.Node, func(*dom.Node)) {
	return func(root *dom.Node, add func(*dom.Node)) {
		root.Descendants(func(n *dom.Node) bool {
			if f(n) {
				add(n)
			}
			return true
		})
	}
}

func isTag(a atom.Atom) func(*dom.Node) bool {
	return func(n *dom.Node) bool { return isHTMLElement(n) && n.DataAtom == a }
}

// liveCollections are the collections of document and elements that dom
// has no direct method for.
var liveCollections = map[string]func(*dom.Node, func(*dom.Node)){
	"images": descendantsWhere(isTag(atom.Img)),
	// document.applets is always empty (applets are gone).
	// https://html.spec.whatwg.org/multipage/obsolete.html#dom-document-applets
	"applets": func(*dom.Node, func(*dom.Node)) {},
	"embeds":  descendantsWhere(isTag(atom.Embed)),
	"forms":   descendantsWhere(isTag(atom.Form)),
	"scripts": descendantsWhere(isTag(atom.Script)),
	"links": descendantsWhere(func(n *dom.Node) bool {
		return isHTMLElement(n) && (n.DataAtom == atom.A || n.DataAtom == atom.Area) && n.HasAttribute("href")
	}),
	"anchors": descendantsWhere(func(n *dom.Node) bool {
		return isHTMLElement(n) && n.DataAtom == atom.A && n.HasAttribute("name")
	}),
	"all": descendantsWhere(func(n *dom.Node) bool { return n.Type == html.ElementNode }),
	"options": func(root *dom.Node, add func(*dom.Node)) {
		for _, o := range root.Options() {
			add(o)
		}
	},
	// A datalist's options are all its option descendants, those in a
	// select inside it too (a select's own list of options is narrower).
	// https://html.spec.whatwg.org/multipage/form-elements.html#dom-datalist-options
	"datalistOptions": descendantsWhere(isTag(atom.Option)),
	"selectedOptions": func(root *dom.Node, add func(*dom.Node)) {
		for _, o := range root.Options() {
			if o.Selected() {
				add(o)
			}
		}
	},
	"elements": func(root *dom.Node, add func(*dom.Node)) {
		if root.DataAtom == atom.Fieldset {
			root.Descendants(func(n *dom.Node) bool {
				if isListed(n) {
					add(n)
				}
				return true
			})
			return
		}
		r := root.Root()
		r.Descendants(func(n *dom.Node) bool {
			// https://html.spec.whatwg.org/multipage/forms.html#dom-form-elements
			if isListed(n) && !(n.DataAtom == atom.Input && n.InputType() == "image") && formOwner(n) == root {
				add(n)
			}
			return true
		})
	},
	"areas": descendantsWhere(isTag(atom.Area)),
	"rows": func(root *dom.Node, add func(*dom.Node)) {
		if root.DataAtom != atom.Table {
			childrenWhere(root, isTag(atom.Tr), add)
			return
		}
		// https://html.spec.whatwg.org/multipage/tables.html#dom-table-rows
		for _, sec := range []atom.Atom{atom.Thead, 0, atom.Tfoot} {
			for k := root.First(); k != nil; k = k.Next() {
				switch {
				case sec == 0 && isHTMLElement(k) && k.DataAtom == atom.Tr:
					add(k)
				case sec == 0 && isHTMLElement(k) && k.DataAtom == atom.Tbody:
					childrenWhere(k, isTag(atom.Tr), add)
				case sec != 0 && isHTMLElement(k) && k.DataAtom == sec:
					childrenWhere(k, isTag(atom.Tr), add)
				}
			}
		}
	},
	"tBodies": func(root *dom.Node, add func(*dom.Node)) { childrenWhere(root, isTag(atom.Tbody), add) },
	"cells": func(root *dom.Node, add func(*dom.Node)) {
		childrenWhere(root, func(n *dom.Node) bool {
			return isHTMLElement(n) && (n.DataAtom == atom.Td || n.DataAtom == atom.Th)
		}, add)
	},
}

func childrenWhere(root *dom.Node, f func(*dom.Node) bool, add func(*dom.Node)) {
	for k := root.First(); k != nil; k = k.Next() {
		if f(k) {
			add(k)
		}
	}
}

// isListed reports whether n is a listed form-associated element.
// https://html.spec.whatwg.org/multipage/forms.html#category-listed
func isListed(n *dom.Node) bool {
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Button, atom.Fieldset, atom.Input, atom.Object, atom.Output, atom.Select, atom.Textarea:
		return true
	}
	return false
}

// liveCollection returns the HTMLCollection of kind rooted at root.
func (w *Window) liveCollection(root *dom.Node, kind string) goja.Value {
	return w.realm.WrapObject(w.liveList(root, kind), w.c.htmlCollection)
}

func (w *Window) liveList(root *dom.Node, kind string) *liveList {
	k := liveKey{root, kind}
	l := w.liveLists[k]
	if l == nil {
		l = &liveList{root: root, collect: liveCollections[kind]}
		if kind == "labels" {
			// https://html.spec.whatwg.org/multipage/forms.html#dom-lfe-labels
			// Chromium looks in the control's document or shadow root
			// only: a control in a tree of its own lists no labels.
			l.collect = func(root *dom.Node, add func(*dom.Node)) {
				r := root.Root()
				if r != &root.Document().Node && !r.IsShadowRoot() {
					return
				}
				r.Descendants(func(n *dom.Node) bool {
					if isHTMLElement(n) && n.DataAtom == atom.Label && w.labelControl(n) == root {
						add(n)
					}
					return true
				})
			}
		}
		if kind == "elements" && root.DataAtom == atom.Fieldset {
			// A fieldset's elements are its listed descendants, the
			// form-associated custom elements among them too.
			// https://html.spec.whatwg.org/multipage/form-elements.html#dom-fieldset-elements
			l.collect = func(root *dom.Node, add func(*dom.Node)) {
				root.Descendants(func(n *dom.Node) bool {
					if isListed(n) || w.formAssociated(n) {
						add(n)
					}
					return true
				})
			}
		}
		if kind == "elements" && root.DataAtom == atom.Form {
			// Form-associated custom elements are listed too.
			l.collect = func(root *dom.Node, add func(*dom.Node)) {
				root.Root().Descendants(func(n *dom.Node) bool {
					if (isListed(n) && !(n.DataAtom == atom.Input && n.InputType() == "image") || w.formAssociated(n)) && formOwner(n) == root {
						add(n)
					}
					return true
				})
			}
		}
		w.liveLists[k] = l
	}
	return l
}

func seqKeys(s nodeSeq) []string {
	n := s.Len()
	keys := make([]string, n)
	for i := range keys {
		keys[i] = strconv.Itoa(i)
	}
	return keys
}

// seqItem is the indexed getter of node collections: the i-th node, or nil.
func seqItem(r *bind.Realm, this any, i int) goja.Value {
	if n := this.(nodeSeq).Item(i); n != nil {
		return win(r).wrapObj(n)
	}
	return nil
}

// NodeList https://dom.spec.whatwg.org/#interface-nodelist
var nodeListIface = &bind.Interface{
	Name: "NodeList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(this.(nodeSeq).Len()) }},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).wrap(this.(nodeSeq).Item(int(bind.UnsignedLong(args[0]))))
		}},
	},
	ValueIterable: &bind.ValueIterable{},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if i := bind.Index(key); i >= 0 {
				return seqItem(r, this, i)
			}
			return nil
		},
		Item: seqItem,
		Keys: func(r *bind.Realm, this any) []string { return seqKeys(this.(nodeSeq)) },
	},
}

// namedItem finds the first element of s whose id or name is key.
func namedItem(s nodeSeq, key string) *dom.Node {
	if c, ok := s.(*dom.Collection); ok {
		return c.NamedItem(key)
	}
	if key == "" {
		return nil
	}
	for i, n := 0, s.Len(); i < n; i++ {
		e := s.Item(i)
		if e.Type != html.ElementNode {
			continue
		}
		if v, ok := e.GetAttribute("id"); ok && v == key {
			return e
		}
		if e.Namespace == "" {
			if v, ok := e.GetAttribute("name"); ok && v == key {
				return e
			}
		}
	}
	return nil
}

// HTMLCollection https://dom.spec.whatwg.org/#interface-htmlcollection
var htmlCollectionIface = &bind.Interface{
	Name: "HTMLCollection",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(this.(nodeSeq).Len()) }},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).wrap(this.(nodeSeq).Item(int(bind.UnsignedLong(args[0]))))
		}},
		{Name: "namedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).wrap(namedItem(this.(nodeSeq), bind.DOMString(args[0])))
		}},
	},
	IndexedIterator: true,
	Exotic:          htmlCollectionExotic,
}

// HTMLAllCollection's interface object and prototype, as Chromium exposes
// them. No object has it: document.all reads as undefined (document.go),
// goja having no falsy object ([[IsHTMLDDA]]). Its members are those of an
// HTMLCollection of the document's elements; namedItem gives the first
// match where the standard gives a collection of several.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#the-htmlallcollection-interface
var htmlAllCollectionIface = &bind.Interface{
	Name: "HTMLAllCollection",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(this.(nodeSeq).Len()) }},
	},
	Methods: []bind.Method{
		{Name: "namedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).wrap(namedItem(this.(nodeSeq), bind.DOMString(args[0])))
		}},
		{Name: "item", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			arg := bind.Arg(args, 0)
			if goja.IsUndefined(arg) {
				return goja.Null()
			}
			key := bind.DOMString(arg)
			if i := bind.Index(key); i >= 0 {
				return win(r).wrap(this.(nodeSeq).Item(i))
			}
			return win(r).wrap(namedItem(this.(nodeSeq), key))
		}},
	},
	IndexedIterator: true,
	Exotic:          htmlCollectionExotic,
}

// htmlCollectionExotic gives an HTMLCollection its indexed and named
// properties (elements by id, and by name for HTML elements).
// https://dom.spec.whatwg.org/#interface-htmlcollection
var htmlCollectionExotic = &bind.Exotic{
	UnenumerableNames: true,
	Item:              seqItem,
	Get: func(r *bind.Realm, this any, key string) goja.Value {
		s := this.(nodeSeq)
		if i := bind.Index(key); i >= 0 {
			if n := s.Item(i); n != nil {
				return win(r).wrapObj(n)
			}
			return nil
		}
		if n := namedItem(s, key); n != nil {
			return win(r).wrapObj(n)
		}
		return nil
	},
	Keys: func(r *bind.Realm, this any) []string {
		s := this.(nodeSeq)
		keys := seqKeys(s)
		seen := map[string]bool{}
		for i, n := 0, s.Len(); i < n; i++ {
			e := s.Item(i)
			for _, a := range []string{"id", "name"} {
				if a == "name" && e.Namespace != "" {
					continue
				}
				if v, ok := e.GetAttribute(a); ok && v != "" && !seen[v] {
					seen[v] = true
					keys = append(keys, v)
				}
			}
		}
		return keys
	},
}

// HTMLOptionsCollection and HTMLFormControlsCollection behave as
// HTMLCollection here, with add/remove and the indexed setter on options,
// but for their named properties' enumerability: Chromium 156 applies
// HTMLCollection's [LegacyUnenumerableNamedProperties] to neither, so
// for-in and Object.keys over select.options and form.elements list the
// ids and names after the indices
// (testdata/wpt/perf84-collection-named-enumerable.html).
var htmlOptionsCollectionIface = &bind.Interface{
	Name:   "HTMLOptionsCollection",
	Parent: "HTMLCollection",
	Exotic: &bind.Exotic{
		IndexedSetter: true,
		Get:           htmlCollectionExotic.Get,
		Item:          seqItem,
		Keys:          htmlCollectionExotic.Keys,
		Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
			i := bind.Index(key)
			if i < 0 {
				return false
			}
			setOptionAt(win(r), this.(*liveList).root, i, v)
			return true
		},
	},
	Methods: []bind.Method{
		{Name: "add", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			sel := this.(*liveList).root
			selectAdd(w, sel, args)
			return nil
		}},
		{Name: "remove", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*liveList)
			if o := l.Item(int(bind.Long(args[0]))); o != nil {
				o.Remove()
				win(r).ceReactions()
			}
			return nil
		}},
	},
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).int(len(this.(*liveList).root.Options()))
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			setOptionsLength(win(r), this.(*liveList).root, bind.UnsignedLong(v))
		}},
		{Name: "selectedIndex", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).int(this.(*liveList).root.SelectedIndex())
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			this.(*liveList).root.SetSelectedIndex(int(bind.Long(v)))
		}},
	},
}

// setOptionAt is HTMLOptionsCollection's indexed setter, options[i] = v:
// null removes the i-th option; an index at or past the end appends v after
// as many new empty options as it takes; else v replaces the i-th option.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#dom-htmloptionscollection-setter
func setOptionAt(w *Window, sel *dom.Node, i int, v goja.Value) {
	opts := sel.Options()
	if bind.Nullish(v) {
		if i < len(opts) {
			opts[i].Remove()
			w.afterMutation()
		}
		return
	}
	el := w.toNode(v)
	if el == nil || !el.Is(atom.Option) {
		w.realm.ThrowTypeError("Failed to set an indexed property [" + strconv.Itoa(i) + "] on 'HTMLOptionsCollection': parameter 2 is not of type 'HTMLOptionElement'.")
	}
	if n := i - len(opts); n >= 0 {
		if n > 100000 {
			return // as setOptionsLength: Chromium refuses more than 100000 options
		}
		for ; n > 0; n-- {
			o, err := sel.Document().CreateElement("option")
			w.check(err)
			_, err = sel.AppendChild(o)
			w.check(err)
		}
		_, err := sel.AppendChild(el)
		w.check(err)
	} else if old := opts[i]; old != el {
		_, err := old.ParentNode().ReplaceChild(el, old)
		w.check(err)
	}
	w.afterMutation()
}

// setOptionsLength appends empty options or removes the last ones.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#dom-htmloptionscollection-length
func setOptionsLength(w *Window, sel *dom.Node, n uint32) {
	opts := sel.Options()
	switch {
	case int(n) > len(opts):
		if n > 100000 {
			return // Chromium refuses more than 100000 options
		}
		for i := len(opts); i < int(n); i++ {
			o, err := sel.Document().CreateElement("option")
			w.check(err)
			_, err = sel.AppendChild(o)
			w.check(err)
		}
	case int(n) < len(opts):
		for _, o := range opts[n:] {
			o.Remove()
		}
	default:
		return
	}
	w.afterMutation()
}

// DOMTokenList https://dom.spec.whatwg.org/#interface-domtokenlist
var domTokenListIface = &bind.Interface{
	Name: "DOMTokenList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(this.(*dom.TokenList).Len()) }},
		{Name: "value", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).str(this.(*dom.TokenList).Value())
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			this.(*dom.TokenList).SetValue(bind.DOMString(v))
			win(r).ceReactions()
		}},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s, ok := this.(*dom.TokenList).Item(int(bind.UnsignedLong(args[0])))
			return win(r).nullableStr(s, ok)
		}},
		{Name: "contains", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).boolean(this.(*dom.TokenList).Contains(bind.DOMString(args[0])))
		}},
		{Name: "add", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			win(r).check(this.(*dom.TokenList).Add(strs(args)...))
			win(r).ceReactions()
			return nil
		}},
		{Name: "remove", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			win(r).check(this.(*dom.TokenList).Remove(strs(args)...))
			win(r).ceReactions()
			return nil
		}},
		{Name: "toggle", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			force := bind.Arg(args, 1)
			on, err := this.(*dom.TokenList).Toggle(bind.DOMString(args[0]), bind.Boolean(force), !bind.Absent(force))
			win(r).check(err)
			win(r).ceReactions()
			return win(r).boolean(on)
		}},
		{Name: "replace", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			ok, err := this.(*dom.TokenList).Replace(bind.DOMString(args[0]), bind.DOMString(args[1]))
			win(r).check(err)
			win(r).ceReactions()
			return win(r).boolean(ok)
		}},
		{Name: "supports", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://dom.spec.whatwg.org/#dom-domtokenlist-supports
			w := win(r)
			supported := w.supportedTokens[this.(*dom.TokenList)]
			if supported == nil {
				r.ThrowTypeError("Failed to execute 'supports' on 'DOMTokenList': DOMTokenList has no supported tokens.")
			}
			return w.boolean(supported[ascii.Lower(bind.DOMString(args[0]))])
		}},
		{Name: "toString", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).str(this.(*dom.TokenList).Value())
		}},
	},
	ValueIterable: &bind.ValueIterable{},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if i := bind.Index(key); i >= 0 {
				if s, ok := this.(*dom.TokenList).Item(i); ok {
					return win(r).str(s)
				}
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string {
			t := this.(*dom.TokenList)
			keys := make([]string, t.Len())
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return keys
		},
	},
}

func strs(args []goja.Value) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = bind.DOMString(a)
	}
	return out
}

// namedNodeMap is element.attributes.
type namedNodeMap struct{ el *dom.Node }

// mapElement returns the element of a NamedNodeMap.
func mapElement(this any) *dom.Node { return this.(*namedNodeMap).el }

// syncedMapElement is mapElement with its style attribute synchronized
// (dom.Node.SyncStyleAttribute): Chromium does when the map reads or
// changes the list, but not when it looks up a name other than style.
func syncedMapElement(this any) *dom.Node {
	el := mapElement(this)
	el.SyncStyleAttribute()
	return el
}

func (w *Window) namedNodeMap(el *dom.Node) goja.Value {
	m := w.attrMaps[el]
	if m == nil {
		m = &namedNodeMap{el}
		w.attrMaps[el] = m
	}
	return w.realm.WrapObject(m, w.c.namedNodeMap)
}

// NamedNodeMap https://dom.spec.whatwg.org/#interface-namednodemap
var namedNodeMapIface = &bind.Interface{
	Name: "NamedNodeMap",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(syncedMapElement(this).Attr)) }},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).wrap(syncedMapElement(this).AttributeNode(int(bind.UnsignedLong(args[0]))))
		}},
		{Name: "getNamedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			el, name := mapElement(this), bind.DOMString(args[0])
			syncStyleNamed(el, "", name)
			return win(r).wrap(el.GetAttributeNode(name))
		}},
		{Name: "getNamedItemNS", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			ns, _ := bind.NullableString(args[0])
			el, local := mapElement(this), bind.DOMString(args[1])
			syncStyleNamed(el, ns, local)
			return win(r).wrap(el.GetAttributeNodeNS(ns, local))
		}},
		{Name: "setNamedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			a := w.attrArg(args, "setNamedItem")
			w.trustedAttrNode(syncedMapElement(this), a, "NamedNodeMap", "setNamedItem")
			old, err := syncedMapElement(this).SetAttributeNode(a)
			w.check(err)
			w.ceReactions()
			return w.wrap(old)
		}},
		{Name: "setNamedItemNS", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			a := w.attrArg(args, "setNamedItemNS")
			w.trustedAttrNode(syncedMapElement(this), a, "NamedNodeMap", "setNamedItemNS")
			old, err := syncedMapElement(this).SetAttributeNode(a)
			w.check(err)
			w.ceReactions()
			return w.wrap(old)
		}},
		{Name: "removeNamedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			el := syncedMapElement(this)
			a := el.GetAttributeNode(bind.DOMString(args[0]))
			if a == nil {
				w.realm.ThrowDOMException("NotFoundError", "No item with name '"+bind.DOMString(args[0])+"' was found.")
			}
			_, err := el.RemoveAttributeNode(a)
			w.check(err)
			w.ceReactions()
			return w.wrap(a)
		}},
		// https://dom.spec.whatwg.org/#dom-namednodemap-removenameditemns
		{Name: "removeNamedItemNS", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			el := syncedMapElement(this)
			ns, _ := bind.NullableString(bind.Arg(args, 0))
			local := bind.DOMString(bind.Arg(args, 1))
			a := el.GetAttributeNodeNS(ns, local)
			if a == nil {
				w.realm.ThrowDOMException("NotFoundError", "No item with name '"+local+"' was found.")
			}
			_, err := el.RemoveAttributeNode(a)
			w.check(err)
			w.ceReactions()
			return w.wrap(a)
		}},
	},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			el := mapElement(this)
			if i := bind.Index(key); i >= 0 {
				el.SyncStyleAttribute()
				if a := el.AttributeNode(i); a != nil {
					return win(r).wrapObj(a)
				}
				return nil
			}
			syncStyleNamed(el, "", key)
			if a := el.GetAttributeNode(key); a != nil {
				return win(r).wrapObj(a)
			}
			return nil
		},
		// Attribute names are [LegacyUnenumerableNamedProperties].
		UnenumerableNames: true,
		Keys:              namedNodeMapKeys,
	},
}

// namedNodeMapKeys lists the indices, then the supported property names:
// the attributes' qualified names, first occurrence only, leaving out
// names with ASCII upper alphas on an HTML element in an HTML document
// (those can never be found: lookups lowercase the name).
// https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names%E2%91%A0
func namedNodeMapKeys(r *bind.Realm, this any) []string {
	el := syncedMapElement(this)
	keys := make([]string, 0, 2*len(el.Attr))
	for i := range el.Attr {
		keys = append(keys, strconv.Itoa(i))
	}
	lowerOnly := el.Namespace == "" && (el.Document() == nil || !el.Document().IsXML())
	for _, a := range el.Attr {
		name := a.Key // an attribute's qualified name
		if lowerOnly && ascii.Lower(name) != name {
			continue
		}
		if !slices.Contains(keys[len(el.Attr):], name) {
			keys = append(keys, name)
		}
	}
	return keys
}

// datasetMap is element.dataset.
type datasetMap struct{ el *dom.Node }

// DOMStringMap https://html.spec.whatwg.org/multipage/dom.html#domstringmap
var domStringMapIface = &bind.Interface{
	Name: "DOMStringMap",
	Exotic: &bind.Exotic{
		OverrideBuiltins: true,
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			el := this.(*datasetMap).el
			el.SyncStyleAttribute() // Chromium looks the name up in the whole list
			if v, ok := el.DatasetGet(key); ok {
				return win(r).str(v)
			}
			return nil
		},
		Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
			win(r).check(this.(*datasetMap).el.DatasetSet(key, bind.DOMString(v)))
			win(r).ceReactions()
			return true
		},
		Delete: func(r *bind.Realm, this any, key string) bool {
			this.(*datasetMap).el.DatasetDelete(key)
			win(r).ceReactions()
			return true
		},
		Keys: func(r *bind.Realm, this any) []string {
			el := this.(*datasetMap).el
			el.SyncStyleAttribute()
			return el.DatasetKeys()
		},
	},
}

func (w *Window) dataset(el *dom.Node) goja.Value {
	m := w.datasets[el]
	if m == nil {
		m = &datasetMap{el}
		w.datasets[el] = m
	}
	return w.realm.WrapObject(m, w.c.stringMap)
}

// formOwner is an element's form owner, honouring the form attribute.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#reset-the-form-owner
func formOwner(n *dom.Node) *dom.Node {
	// The form attribute applies to connected elements only
	// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#reset-the-form-owner).
	if id, ok := n.GetAttribute("form"); ok && n.IsConnected() {
		// The first element with that ID in n's tree (a shadow tree's own).
		if f := n.Root().GetElementByID(id); f != nil && isHTMLElement(f) && f.DataAtom == atom.Form {
			return f
		}
		return nil
	}
	return n.FormOwner()
}

// tagCollection returns the same live collection for the same root and
// argument, as browsers do (getElementsByTagName('div') ===
// getElementsByTagName('div')).
func (w *Window) tagCollection(root *dom.Node, kind, arg string) *dom.Collection {
	k := liveKey{root, kind + ":" + arg}
	if d := root.Document(); kind == "tag" && d != nil && d.IsXML() {
		// A tag-name list made in an HTML document keeps matching HTML
		// elements by the lowercased name after its root moves to an XML
		// document; a new one made there does not.
		k.kind = "xmltag:" + arg
	}
	if c := w.tagColls[k]; c != nil {
		return c
	}
	var c *dom.Collection
	switch kind {
	case "class":
		c = root.GetElementsByClassName(arg)
	case "ns":
		// arg is namespace NUL localName.
		ns, local, _ := strings.Cut(arg, "\x00")
		c = root.GetElementsByTagNameNS(ns, local)
	default:
		c = root.GetElementsByTagName(arg)
	}
	if w.tagColls == nil {
		w.tagColls = make(map[liveKey]*dom.Collection)
	}
	w.tagColls[k] = c
	return c
}

// Supported tokens of the DOMTokenLists that have them, as Chromium has
// them (https://html.spec.whatwg.org/multipage/links.html#linkTypes lists
// the standard's; Chromium does not support pingback, prev, search, expect,
// privacy-policy or terms-of-service on <link>, supports its own canonical,
// prerender, compression-dictionary and apple-touch-icon ones, and has two
// sandbox keywords of the storage access proposals).
var (
	linkRelTokens   = tokenSet("alternate apple-touch-icon apple-touch-icon-precomposed canonical compression-dictionary dns-prefetch icon manifest modulepreload next preconnect prefetch preload prerender stylesheet")
	anchorRelTokens = tokenSet("noreferrer noopener opener")
	sandboxTokens   = tokenSet("allow-downloads allow-forms allow-modals allow-orientation-lock allow-pointer-lock allow-popups allow-popups-to-escape-sandbox allow-presentation allow-same-origin allow-same-site-none-cookies allow-scripts allow-storage-access-by-user-activation allow-top-navigation allow-top-navigation-by-user-activation")
)

func tokenSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(s) {
		m[t] = true
	}
	return m
}
