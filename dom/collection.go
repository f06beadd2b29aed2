package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
)

// A Collection is a live list of nodes: an HTMLCollection
// (https://dom.spec.whatwg.org/#interface-htmlcollection) or a live NodeList
// (childNodes). It recomputes its items lazily when the document's version
// has changed since it last looked.
type Collection struct {
	root     *Node
	children bool             // only root's children, else its descendants
	filter   func(*Node) bool // nil: every node
	// attrs says whether the filter reads attributes or data, so that
	// attribute changes invalidate the items too; tag name and child list
	// collections only follow child list changes.
	attrs   bool
	version uint64
	doc     *Document // the document version was read from
	valid   bool
	items   []*Node
}

func (c *Collection) update() {
	v := c.root.doc.treeVersion
	if c.attrs {
		v = c.root.doc.version
	}
	if c.valid && c.version == v && c.doc == c.root.doc {
		return
	}
	c.items = c.items[:0]
	if c.children {
		for k := c.root.First(); k != nil; k = k.Next() {
			if c.filter == nil || c.filter(k) {
				c.items = append(c.items, k)
			}
		}
	} else {
		c.root.Descendants(func(d *Node) bool {
			if c.filter == nil || c.filter(d) {
				c.items = append(c.items, d)
			}
			return true
		})
	}
	c.version, c.doc, c.valid = v, c.root.doc, true
}

// Len returns the number of items.
func (c *Collection) Len() int {
	c.update()
	return len(c.items)
}

// Item returns the i-th item, or nil.
func (c *Collection) Item(i int) *Node {
	c.update()
	if i < 0 || i >= len(c.items) {
		return nil
	}
	return c.items[i]
}

// NamedItem returns the first element whose id, or (for HTML elements)
// name attribute, is name (https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key).
func (c *Collection) NamedItem(name string) *Node {
	if name == "" {
		return nil
	}
	c.update()
	for _, n := range c.items {
		if n.Type != html.ElementNode {
			continue
		}
		if v, ok := n.GetAttribute("id"); ok && v == name {
			return n
		}
		if n.Namespace == "" {
			if v, ok := n.GetAttribute("name"); ok && v == name {
				return n
			}
		}
	}
	return nil
}

// Nodes returns the current items as a new slice.
func (c *Collection) Nodes() []*Node {
	c.update()
	return append([]*Node(nil), c.items...)
}

func isElement(n *Node) bool { return n.Type == html.ElementNode }

// Children returns n's element children as a live HTMLCollection, the
// same one each time (https://dom.spec.whatwg.org/#dom-parentnode-children).
func (n *Node) Children() *Collection {
	r := n.rareData()
	if r.children == nil {
		r.children = &Collection{root: n, children: true, filter: isElement}
	}
	return r.children
}

// ChildNodes returns n's children as a live NodeList, the same one each
// time (https://dom.spec.whatwg.org/#dom-node-childnodes).
func (n *Node) ChildNodes() *Collection {
	r := n.rareData()
	if r.childList == nil {
		r.childList = &Collection{root: n, children: true}
	}
	return r.childList
}

// GetElementsByTagName returns the live collection of n's element
// descendants with qualified name qname ("*" for all)
// (https://dom.spec.whatwg.org/#concept-getelementsbytagname).
func (n *Node) GetElementsByTagName(qname string) *Collection {
	if qname == "*" {
		return &Collection{root: n, filter: isElement}
	}
	// Whether HTML elements match the lowercased name is decided once, by
	// the root's node document when the list is made: a list keeps it when
	// its root moves to an XML document, as in Chromium.
	if n.doc == nil || n.doc.xml {
		return &Collection{root: n, filter: func(e *Node) bool {
			return e.Type == html.ElementNode && e.qualifiedNameIs(qname)
		}}
	}
	lower := ascii.Lower(qname)
	return &Collection{root: n, filter: func(e *Node) bool {
		if e.Type != html.ElementNode {
			return false
		}
		if e.Namespace == "" {
			return e.qualifiedNameIs(lower)
		}
		return e.qualifiedNameIs(qname)
	}}
}

func (n *Node) qualifiedNameIs(q string) bool {
	if n.rare == nil || n.rare.prefix == "" {
		return n.Data == q
	}
	return n.QualifiedName() == q
}

// GetElementsByTagNameNS returns the live collection of element
// descendants with namespace ns and local name local ("*" matches any).
func (n *Node) GetElementsByTagNameNS(ns, local string) *Collection {
	return &Collection{root: n, filter: func(e *Node) bool {
		return e.Type == html.ElementNode &&
			(ns == "*" || e.NamespaceURI() == ns) && (local == "*" || e.Data == local)
	}}
}

// GetElementsByClassName returns the live collection of element
// descendants that have all the given classes
// (https://dom.spec.whatwg.org/#concept-getelementsbyclassname).
func (n *Node) GetElementsByClassName(names string) *Collection {
	classes := strings.FieldsFunc(names, isASCIIWhitespace)
	return &Collection{root: n, attrs: true, filter: func(e *Node) bool {
		if e.Type != html.ElementNode || len(classes) == 0 {
			return false
		}
		have, ok := e.GetAttribute("class")
		if !ok {
			return false
		}
		// In quirks mode class names compare ASCII case-insensitively.
		fold := e.doc != nil && e.doc.quirks()
		for _, c := range classes {
			if !hasToken(have, c) && !(fold && hasTokenFold(have, c)) {
				return false
			}
		}
		return true
	}}
}

// GetElementsByName returns the live collection of elements whose name
// attribute is name (https://html.spec.whatwg.org/multipage/dom.html#dom-document-getelementsbyname).
//
// The same collection comes back for the same name, as in browsers, so that
// document.getElementsByName(x) === document.getElementsByName(x).
func (d *Document) GetElementsByName(name string) *Collection {
	if c := d.byName[name]; c != nil {
		return c
	}
	c := &Collection{root: &d.Node, attrs: true, filter: func(e *Node) bool {
		if e.Type != html.ElementNode || e.Namespace != "" {
			return false
		}
		v, ok := e.GetAttribute("name")
		return ok && v == name
	}}
	if d.byName == nil {
		d.byName = make(map[string]*Collection)
	}
	d.byName[name] = c
	return c
}

// hasTokenFold is hasToken comparing ASCII case-insensitively.
func hasTokenFold(s, tok string) bool {
	for _, f := range strings.FieldsFunc(s, isASCIIWhitespace) {
		if len(f) == len(tok) && ascii.Lower(f) == ascii.Lower(tok) {
			return true
		}
	}
	return false
}

// hasToken reports whether the whitespace-separated list s holds tok.
func hasToken(s, tok string) bool {
	for len(s) > 0 {
		i := 0
		for i < len(s) && isASCIIWhitespace(rune(s[i])) {
			i++
		}
		j := i
		for j < len(s) && !isASCIIWhitespace(rune(s[j])) {
			j++
		}
		if s[i:j] == tok && j > i {
			return true
		}
		s = s[j:]
	}
	return false
}

// GetElementByID returns the first element descendant of n (a document,
// fragment or element) whose id is id, or nil; nil for the empty id, which
// no element has even with an empty id attribute
// (https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid).
func (n *Node) GetElementByID(id string) *Node {
	if n.Type == html.DocumentNode {
		return n.AsDocument().GetElementByID(id)
	}
	if id == "" {
		return nil
	}
	var found *Node
	n.Descendants(func(d *Node) bool {
		if d.Type == html.ElementNode {
			if v, ok := d.GetAttribute("id"); ok && v == id {
				found = d
				return false
			}
		}
		return true
	})
	return found
}

// NewCollection returns a live collection of root's descendants for which
// filter returns true (all of them for a nil filter), in tree order: the
// shape of document.forms, table.rows, select.options and the like.
func NewCollection(root *Node, filter func(*Node) bool) *Collection {
	return &Collection{root: root, attrs: filter != nil, filter: filter}
}

// NewChildCollection is NewCollection over root's children only.
func NewChildCollection(root *Node, filter func(*Node) bool) *Collection {
	return &Collection{root: root, children: true, attrs: filter != nil, filter: filter}
}
