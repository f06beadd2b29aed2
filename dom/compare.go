package dom

import (
	"golang.org/x/net/html"
)

// CloneNode returns a copy of n, with its descendants when deep
// (https://dom.spec.whatwg.org/#concept-node-clone).
func (n *Node) CloneNode(deep bool) *Node {
	return n.cloneInto(n.doc, deep)
}

// CloneDocument returns a copy of the document (https://dom.spec.whatwg.org/#concept-node-clone).
func (d *Document) CloneDocument(deep bool) *Document {
	c := NewDocument()
	c.url, c.xml, c.contentType = d.url, d.xml, d.contentType
	// The copy has no browsing context, so scripting is disabled for it
	// whatever it is for d: a noscript's contents are parsed as markup
	// there, and its text, adopted from the page, serialized escaped.
	// https://html.spec.whatwg.org/multipage/webappapis.html#concept-n-noscript
	c.Scripting = false
	// The mode is copied, not derived again from what the copy holds (a
	// shallow copy of a quirks document has no doctype to be quirks by).
	c.mode = d.CompatMode()
	if deep {
		for k := d.First(); k != nil; k = k.Next() {
			c.appendRaw(&c.Node, k.cloneInto(c, true))
		}
		c.indexSubtree(&c.Node)
	}
	return c
}

func (n *Node) cloneInto(d *Document, deep bool) *Node { return n.cloneIn(d, deep, false) }

// cloneIn is cloneInto; nullFallback says n is cloned into a shadow root
// copied from one without a custom element registry, where an element
// without one keeps none (NullRegistry).
func (n *Node) cloneIn(d *Document, deep, nullFallback bool) *Node {
	if n.Type == html.DocumentNode {
		return &n.AsDocument().CloneDocument(deep).Node
	}
	c := d.newNode(n.Type, n.Data)
	c.DataAtom = n.DataAtom
	c.Namespace = n.Namespace
	if len(n.Attr) > 0 {
		c.Attr = append([]html.Attribute(nil), n.Attr...)
		if n.doc != nil && n.doc.nsAttrs && d != nil {
			d.nsAttrs = true
		}
	}
	n.flags &^= styleTail // cloning reads the attributes
	if n.rare != nil {
		if n.rare.prefix != "" {
			c.rareData().prefix = n.rare.prefix
		}
		if n.rare.isSet {
			c.SetIsValue(n.rare.isValue)
		}
		if n.rare.cdata {
			c.rareData().cdata = true
		}
		if n.rare.nonceSet {
			// the nonce cloning steps
			c.SetNonce(n.rare.nonce)
		}
		n.copyFormState(c)
	}
	if nullFallback && n.Type == html.ElementNode && d != nil && d.Scripting && (n.NullRegistry() || n.doc != nil && !n.doc.Scripting) {
		c.rareData().nullRegistry = true
	}
	if s := n.ShadowRoot(); s != nil && s.rare.shadowCfg.Clonable {
		// https://dom.spec.whatwg.org/#concept-node-clone, shadow host step.
		cs := c.attachShadow(*s.rare.shadowCfg)
		if s.rare.nullRegistry && !s.rare.shadowCfg.declarative && d != nil && d.Scripting {
			// a root attachShadow() made without a registry: its copy
			// keeps none, a declarative one's takes d's (Chromium 156)
			cs.rare.nullRegistry = true
		}
		for k := s.First(); k != nil; k = k.Next() {
			d.appendRaw(cs, k.cloneIn(d, true, s.rare.nullRegistry))
		}
	}
	if !deep {
		return c
	}
	for k := n.First(); k != nil; k = k.Next() {
		d.appendRaw(c, k.cloneIn(d, true, nullFallback))
	}
	if n.rare != nil && n.rare.content != nil {
		// The template cloning steps copy the contents too.
		dst := c.TemplateContent()
		for k := n.rare.content.First(); k != nil; k = k.Next() {
			dst.doc.appendRaw(dst, k.cloneInto(dst.doc, true))
		}
	}
	return c
}

// IsEqualNode reports whether n and o are equal
// (https://dom.spec.whatwg.org/#concept-node-equals).
func (n *Node) IsEqualNode(o *Node) bool {
	if o == nil || n.Type != o.Type {
		return false
	}
	switch n.Type {
	case html.DoctypeNode:
		if n.Data != o.Data || n.PublicID() != o.PublicID() || n.SystemID() != o.SystemID() {
			return false
		}
	case html.ElementNode:
		if n.Data != o.Data || n.Namespace != o.Namespace || n.Prefix() != o.Prefix() {
			return false
		}
		// comparing the attribute lists reads them: Chromium synchronizes
		// both style attributes (SyncStyleAttribute)
		n.flags &^= styleTail
		o.flags &^= styleTail
		if len(n.Attr) != len(o.Attr) {
			return false
		}
		for _, a := range n.Attr {
			found := false
			for _, b := range o.Attr {
				if a.Namespace == b.Namespace && attrLocalName(a) == attrLocalName(b) && a.Val == b.Val {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
	case attributeNode:
		a, b := n.Attr[0], o.Attr[0]
		if a.Namespace != b.Namespace || attrLocalName(a) != attrLocalName(b) || a.Val != b.Val {
			return false
		}
	case processingInstructionNode:
		if n.Target() != o.Target() || n.Data != o.Data {
			return false
		}
	case html.TextNode, html.CommentNode:
		if n.Data != o.Data || n.IsCDATASection() != o.IsCDATASection() {
			return false
		}
	}
	a, b := n.First(), o.First()
	for a != nil && b != nil {
		if !a.IsEqualNode(b) {
			return false
		}
		a, b = a.Next(), b.Next()
	}
	return a == nil && b == nil
}

// Document position bits (https://dom.spec.whatwg.org/#dom-node-comparedocumentposition).
const (
	DocumentPositionDisconnected           = 0x01
	DocumentPositionPreceding              = 0x02
	DocumentPositionFollowing              = 0x04
	DocumentPositionContains               = 0x08
	DocumentPositionContainedBy            = 0x10
	DocumentPositionImplementationSpecific = 0x20
)

// CompareDocumentPosition returns other's position relative to n as a
// bit mask (https://dom.spec.whatwg.org/#dom-node-comparedocumentposition).
func (n *Node) CompareDocumentPosition(other *Node) int {
	if n == other {
		return 0
	}
	if other == nil {
		return DocumentPositionDisconnected | DocumentPositionImplementationSpecific | DocumentPositionFollowing
	}
	node1, node2 := other, n
	var attr1, attr2 *Node
	if node1.Type == attributeNode {
		attr1, node1 = node1, node1.OwnerElement()
	}
	if node2.Type == attributeNode {
		attr2, node2 = node2, node2.OwnerElement()
		if attr1 != nil && node1 != nil && node2 == node1 {
			for i := range node2.Attr {
				a := node2.AttributeNode(i)
				if a == attr1 {
					return DocumentPositionImplementationSpecific | DocumentPositionPreceding
				}
				if a == attr2 {
					return DocumentPositionImplementationSpecific | DocumentPositionFollowing
				}
			}
		}
	}
	if node1 == nil || node2 == nil || node1.Root() != node2.Root() {
		// Consistent ordering by address, as the spec allows.
		order := DocumentPositionPreceding
		if uintptrOf(n) < uintptrOf(other) {
			order = DocumentPositionFollowing
		}
		return DocumentPositionDisconnected | DocumentPositionImplementationSpecific | order
	}
	if attr1 == nil && node1.Contains(node2) || node1 == node2 && attr2 != nil {
		return DocumentPositionContains | DocumentPositionPreceding
	}
	if attr2 == nil && node2.Contains(node1) || node1 == node2 && attr1 != nil {
		return DocumentPositionContainedBy | DocumentPositionFollowing
	}
	// Step 9: an ancestor precedes its descendants in tree order (this is
	// reached for an attribute of an element compared with its children).
	if precedes(node1, node2) {
		return DocumentPositionPreceding
	}
	return DocumentPositionFollowing
}

// precedes reports whether a comes before b in tree order; they share a
// root and are not the same node.
func precedes(a, b *Node) bool {
	// Find the children of the common ancestor on each side.
	da, db := depth(a), depth(b)
	aIsShallower := da < db
	for da > db {
		a, da = a.ParentNode(), da-1
	}
	for db > da {
		b, db = b.ParentNode(), db-1
	}
	if a == b {
		// One contained the other: the shallower one, the ancestor, precedes.
		return aIsShallower
	}
	for a.Parent != b.Parent {
		a, b = a.ParentNode(), b.ParentNode()
	}
	for k := a.Next(); k != nil; k = k.Next() {
		if k == b {
			return true
		}
	}
	return false
}

func depth(n *Node) int {
	d := 0
	for p := n.Parent; p != nil; p = p.Parent {
		d++
	}
	return d
}
