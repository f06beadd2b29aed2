package dom

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Attributes (https://dom.spec.whatwg.org/#concept-attribute). An element's
// attributes are n.Attr, in the order they were set; Key is the qualified
// name, Namespace the namespace URI ("" for none).

// htmlNames reports whether attribute names given to n are lowercased
// (an HTML element in an HTML document).
func (n *Node) htmlNames() bool { return n.Namespace == "" && !n.doc.xml }

// attrIndex returns the index of the first attribute whose qualified name
// is name, or -1 (https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name).
func (n *Node) attrIndex(name string) int {
	if n.htmlNames() {
		name = ascii.Lower(name)
	}
	for i := range n.Attr {
		if n.Attr[i].Key == name {
			return i
		}
	}
	return -1
}

// attrIndexNS returns the index of the attribute with namespace ns and
// local name local, or -1.
func (n *Node) attrIndexNS(ns, local string) int {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace == ns && attrLocalName(*a) == local {
			return i
		}
	}
	return -1
}

// GetAttribute returns the value of the first attribute named name and
// whether it exists (https://dom.spec.whatwg.org/#dom-element-getattribute).
func (n *Node) GetAttribute(name string) (string, bool) {
	if n.Type != html.ElementNode {
		return "", false
	}
	// "Get an attribute by name": the name is lowercased for HTML elements
	// of HTML documents, then compared exactly with the qualified names (an
	// "ABC" set by setAttributeNS is not found by getAttribute("ABC")).
	if hasASCIIUpper(name) && n.htmlNames() {
		name = ascii.Lower(name)
	}
	for i := range n.Attr {
		if n.Attr[i].Key == name {
			return n.Attr[i].Val, true
		}
	}
	return "", false
}

// Attribute returns the value of attribute name, "" when absent.
func (n *Node) Attribute(name string) string {
	v, _ := n.GetAttribute(name)
	return v
}

// GetAttributeNS returns the value of the attribute with namespace ns and
// local name local (https://dom.spec.whatwg.org/#dom-element-getattributens).
func (n *Node) GetAttributeNS(ns, local string) (string, bool) {
	if i := n.attrIndexNS(ns, local); i >= 0 {
		return n.Attr[i].Val, true
	}
	return "", false
}

// HasAttribute reports whether n has an attribute named name.
func (n *Node) HasAttribute(name string) bool {
	_, ok := n.GetAttribute(name)
	return ok
}

// HasAttributeNS reports whether n has the attribute (ns, local).
func (n *Node) HasAttributeNS(ns, local string) bool { return n.attrIndexNS(ns, local) >= 0 }

// HasAttributes reports whether n has any attribute.
func (n *Node) HasAttributes() bool { return n.Type == html.ElementNode && len(n.Attr) > 0 }

// AttributeNames returns the qualified names of n's attributes in order.
func (n *Node) AttributeNames() []string {
	out := make([]string, len(n.Attr))
	for i, a := range n.Attr {
		out[i] = a.Key
	}
	return out
}

// SetAttribute sets attribute name to value (https://dom.spec.whatwg.org/#dom-element-setattribute).
func (n *Node) SetAttribute(name, value string) error {
	if !validAttributeLocalName(name) {
		return newError(InvalidCharacterError, "'%s' is not a valid attribute name.", name)
	}
	if n.htmlNames() {
		name = ascii.Lower(name)
	}
	if i := n.attrIndex(name); i >= 0 {
		n.changeAttr(i, value)
		return nil
	}
	n.appendAttr(html.Attribute{Key: name, Val: value})
	return nil
}

// SetAttributeNS sets the attribute (ns, qname) to value (https://dom.spec.whatwg.org/#dom-element-setattributens).
func (n *Node) SetAttributeNS(ns, qname, value string) error {
	prefix, local, err := validateAndExtract(ns, qname, false)
	if err != nil {
		return err
	}
	if i := n.attrIndexNS(ns, local); i >= 0 {
		n.changeAttr(i, value)
		return nil
	}
	n.appendAttr(html.Attribute{Namespace: ns, Key: qualify(prefix, local), Val: value})
	return nil
}

// RemoveAttribute removes the first attribute named name.
func (n *Node) RemoveAttribute(name string) {
	if i := n.attrIndex(name); i >= 0 {
		n.removeAttrAt(i)
	}
}

// RemoveAttributeNS removes the attribute (ns, local).
func (n *Node) RemoveAttributeNS(ns, local string) {
	if i := n.attrIndexNS(ns, local); i >= 0 {
		n.removeAttrAt(i)
	}
}

// ToggleAttribute toggles attribute name; with hasForce, force says
// whether it must end up present. It reports whether it is present after
// (https://dom.spec.whatwg.org/#dom-element-toggleattribute).
func (n *Node) ToggleAttribute(name string, force, hasForce bool) (bool, error) {
	if !validAttributeLocalName(name) {
		return false, newError(InvalidCharacterError, "'%s' is not a valid attribute name.", name)
	}
	if n.htmlNames() {
		name = ascii.Lower(name)
	}
	i := n.attrIndex(name)
	if i < 0 {
		if !hasForce || force {
			n.appendAttr(html.Attribute{Key: name})
			return true, nil
		}
		return false, nil
	}
	if !hasForce || !force {
		n.removeAttrAt(i)
		return false, nil
	}
	return true, nil
}

// changeAttr implements https://dom.spec.whatwg.org/#concept-element-attributes-change.
func (n *Node) changeAttr(i int, value string) {
	old := n.Attr[i]
	n.attrWillChange(old)
	n.Attr[i].Val = value
	n.attrChanged(old, true, value, true)
}

// appendAttr implements https://dom.spec.whatwg.org/#concept-element-attributes-append.
func (n *Node) appendAttr(a html.Attribute) {
	n.attrWillChange(a)
	if n.flags&styleTail != 0 {
		// The style attribute CSSOM made is not in the list yet, as far as
		// order goes: it stays last (SetInlineStyle). (A copy: the style
		// attribute's slot changes.)
		attrs := make([]html.Attribute, len(n.Attr), len(n.Attr)+1)
		copy(attrs, n.Attr)
		last := len(attrs) - 1
		n.Attr = append(attrs, attrs[last])
		n.Attr[last] = a
	} else {
		if n.flags&ownAttrs == 0 || len(n.Attr) == cap(n.Attr) {
			// Copy on first write: the parser may share backing arrays
			// we do not own. Once the array is n's, appends go into its
			// spare room, which grows by half at each copy: copying the
			// list at each append made an element's n attributes set
			// one at a time cost n²/2 copies (10,000 of them, 2.8 GB).
			attrs := make([]html.Attribute, len(n.Attr), len(n.Attr)+len(n.Attr)/2+1)
			copy(attrs, n.Attr)
			n.Attr = attrs
			n.flags |= ownAttrs
		}
		n.Attr = append(n.Attr, a)
	}
	if n.Namespace != "" && n.doc != nil && !n.doc.xml && !n.doc.mixedForeignAttrs {
		if l := ascii.Lower(a.Key); l != a.Key && !svgCamelCaseAttrs[l] {
			n.doc.mixedForeignAttrs = true // selectors must compare such names without case
		}
	}
	if a.Namespace != "" && n.doc != nil && !n.doc.nsAttrs && strings.IndexByte(a.Key, ':') < 0 {
		n.doc.nsAttrs = true // selectors must look at the attributes' namespaces
	}
	n.attrChanged(html.Attribute{Namespace: a.Namespace, Key: a.Key}, false, a.Val, true)
}

// removeAttrAt implements https://dom.spec.whatwg.org/#concept-element-attributes-remove.
func (n *Node) removeAttrAt(i int) {
	old := n.Attr[i]
	n.attrWillChange(old)
	if i == len(n.Attr)-1 {
		n.flags &^= styleTail
	}
	attrs := make([]html.Attribute, 0, len(n.Attr)-1)
	attrs = append(attrs, n.Attr[:i]...)
	n.Attr = append(attrs, n.Attr[i+1:]...)
	if n.rare != nil {
		n.detachAttrNode(old)
	}
	n.attrChanged(old, true, "", false)
}

// attrWillChange runs before attribute a of n is added, changed or
// removed: a change that could move a single select's default selection
// (an option's or optgroup's disabled attribute, the select's size) first
// makes that selection stored, as browsers store what the selectedness
// setting algorithm chose: a selected option disabled afterwards stays
// selected (Chromium 156; testdata/wpt/domdiff67-select-default-kept.html).
func (n *Node) attrWillChange(a html.Attribute) {
	if a.Namespace != "" || n.Namespace != "" || n.Type != html.ElementNode {
		return
	}
	switch {
	case a.Key == "disabled" && (n.DataAtom == atom.Option || n.DataAtom == atom.Optgroup):
		if s := n.ownerSelect(); s != nil {
			s.keepDefaultSelection()
		}
	case a.Key == "size" && n.DataAtom == atom.Select:
		n.keepDefaultSelection()
	}
}

// attrChanged runs the attribute change steps: indexes, Attr nodes, the
// document version and the mutation record.
func (n *Node) attrChanged(old html.Attribute, hadOld bool, value string, hasNew bool) {
	if n.flags&presentationDirty == 0 && old.Namespace == "" && n.doc != nil && n.doc.OnPresentationDirty != nil && isPresentationAttribute(n, old.Key) {
		n.doc.presentationChanged(n)
	}
	if old.Key == "id" && old.Namespace == "" && n.InDocumentTree() {
		if hadOld {
			n.doc.removeID(old.Val, n)
		}
		if hasNew {
			n.doc.addID(value, n)
		}
	}
	if hasNew && n.rare != nil {
		for _, a := range n.rare.attrNodes {
			if a.Attr[0].Key == old.Key && a.Attr[0].Namespace == old.Namespace {
				a.Attr[0].Val = value
			}
		}
	}
	if old.Key == "nonce" && old.Namespace == "" {
		n.nonceAttrChanged()
	}
	if (old.Key == "slot" || old.Key == "name") && old.Namespace == "" && n.doc.watchesSlots() {
		v := ""
		if hasNew {
			v = value
		}
		ov := ""
		if hadOld {
			ov = old.Val
		}
		n.slotAttrChanged(old.Key, ov, v, hadOld != hasNew)
	}
	if old.Namespace == "" && n.IsHTML() {
		switch {
		case old.Key == "selected" && n.DataAtom == atom.Option:
			n.optionSelectedAttrChanged(hasNew)
		case old.Key == "multiple" && n.DataAtom == atom.Select && hadOld != hasNew:
			n.selectMultipleChanged(hadOld)
		case old.Key == "size" && n.DataAtom == atom.Select && selectSize(old.Val) != selectSize(value):
			// old.Val is "" when the attribute was absent, value when removed.
			n.selectSelectionReset()
		case (old.Key == "content" || old.Key == "http-equiv") && n.DataAtom == atom.Meta && n.InDocumentTree():
			n.doc.metaPragma(n)
		case old.Key == "form":
			// resetting the form owner unsets the parser inserted flag
			n.clearParserForm()
		}
	}
	n.changed()
	if d := n.doc; d.OnMutation != nil {
		r := d.record(AttributesMutation, n)
		r.AttributeName, r.AttributeNamespace = attrLocalName(old), old.Namespace
		r.OldValue, r.HasOldValue = old.Val, hadOld
		d.emit(r)
	}
	if old.Namespace == "" && n.DataAtom == atom.Input && n.IsHTML() {
		// After the record: a type change may set the value attribute.
		n.inputAttrChanged(old.Key, old.Val, hadOld)
	}
}

// Attr nodes (https://dom.spec.whatwg.org/#interface-attr). An element hands
// out one Attr node per attribute and returns the same node every time.

// AttributeNode returns the Attr node of n's i-th attribute, or nil.
func (n *Node) AttributeNode(i int) *Node {
	if i < 0 || i >= len(n.Attr) {
		return nil
	}
	a := n.Attr[i]
	if n.rare != nil {
		for _, an := range n.rare.attrNodes {
			if an.Attr[0].Key == a.Key && an.Attr[0].Namespace == a.Namespace {
				return an
			}
		}
	}
	an := n.doc.newAttr(a)
	an.rareData().owner = n
	r := n.rareData()
	r.attrNodes = append(r.attrNodes, an)
	return an
}

// GetAttributeNode returns the Attr node of attribute name, or nil.
func (n *Node) GetAttributeNode(name string) *Node {
	if i := n.attrIndex(name); i >= 0 {
		return n.AttributeNode(i)
	}
	return nil
}

// GetAttributeNodeNS returns the Attr node of attribute (ns, local), or nil.
func (n *Node) GetAttributeNodeNS(ns, local string) *Node {
	if i := n.attrIndexNS(ns, local); i >= 0 {
		return n.AttributeNode(i)
	}
	return nil
}

func (n *Node) detachAttrNode(a html.Attribute) {
	r := n.rare
	for i, an := range r.attrNodes {
		if an.Attr[0].Key == a.Key && an.Attr[0].Namespace == a.Namespace {
			an.Attr[0].Val = a.Val
			an.rare.owner = nil
			r.attrNodes = append(r.attrNodes[:i], r.attrNodes[i+1:]...)
			return
		}
	}
}

// OwnerElement returns an Attr node's element, or nil.
func (n *Node) OwnerElement() *Node {
	if n.Type != attributeNode || n.rare == nil {
		return nil
	}
	return n.rare.owner
}

// AttrValue returns an Attr node's value.
func (n *Node) AttrValue() string {
	if n.Type != attributeNode {
		return ""
	}
	return n.Attr[0].Val
}

// SetAttrValue sets an Attr node's value, on its element too
// (https://dom.spec.whatwg.org/#set-an-existing-attribute-value).
func (n *Node) SetAttrValue(v string) {
	if n.Type != attributeNode {
		return
	}
	if o := n.OwnerElement(); o != nil {
		a := n.Attr[0]
		if i := o.attrIndexNS(a.Namespace, attrLocalName(a)); i >= 0 {
			o.changeAttr(i, v)
			return
		}
	}
	n.Attr[0].Val = v
}

// SetAttributeNode sets attr on n, returning the Attr node it replaces
// (https://dom.spec.whatwg.org/#concept-element-attributes-set).
func (n *Node) SetAttributeNode(attr *Node) (*Node, error) {
	if attr == nil {
		return nil, ErrNilNode
	}
	if attr.Type != attributeNode {
		return nil, newError(HierarchyRequestError, "not an attribute")
	}
	if o := attr.OwnerElement(); o != nil && o != n {
		return nil, newError(InUseAttributeError, "The node provided is an attribute node that is already an attribute of another Element; attribute nodes must be explicitly cloned.")
	}
	a := attr.Attr[0]
	i := n.attrIndexNS(a.Namespace, attrLocalName(a))
	if i >= 0 {
		old := n.AttributeNode(i)
		if old == attr {
			return attr, nil
		}
		n.detachAttrNode(n.Attr[i])
		attr.doc = n.doc
		attr.rareData().owner = n
		n.rare.attrNodes = append(n.rare.attrNodes, attr)
		n.Attr[i].Key = a.Key
		n.changeAttr(i, a.Val)
		return old, nil
	}
	attr.doc = n.doc
	attr.rareData().owner = n
	n.rareData().attrNodes = append(n.rare.attrNodes, attr)
	n.appendAttr(a)
	return nil, nil
}

// RemoveAttributeNode removes attr from n (https://dom.spec.whatwg.org/#dom-element-removeattributenode).
func (n *Node) RemoveAttributeNode(attr *Node) (*Node, error) {
	if attr == nil {
		return nil, ErrNilNode
	}
	if attr.OwnerElement() != n {
		return nil, newError(NotFoundError, "The node provided is owned by another element.")
	}
	a := attr.Attr[0]
	if i := n.attrIndexNS(a.Namespace, attrLocalName(a)); i >= 0 {
		n.removeAttrAt(i)
	}
	return attr, nil
}

// ID returns the element's id attribute.
func (n *Node) ID() string { return n.Attribute("id") }

// ClassName returns the element's class attribute.
func (n *Node) ClassName() string {
	// Reflection reads the class attribute in no namespace.
	v, _ := n.GetAttributeNS("", "class")
	return v
}

// Dataset (https://html.spec.whatwg.org/multipage/dom.html#dom-dataset).

// DatasetGet returns the value of the data-* attribute whose camelCase
// name is key: "-baz" finds nothing where data--baz exists (its name is
// "Baz"). As in Chromium, an attribute with an ASCII upper alpha (set by
// setAttributeNS, which keeps the case) is found by the name it converts
// to, data-Foo by "Foo", although no supported property name lists it.
// https://html.spec.whatwg.org/multipage/dom.html#dom-domstringmap-nameditem
func (n *Node) DatasetGet(key string) (string, bool) {
	for _, a := range n.Attr {
		if strings.HasPrefix(a.Key, "data-") && datasetNameIs(a.Key[5:], key) {
			return a.Val, true
		}
	}
	return "", false
}

// datasetRest returns the part of a data-* attribute name after "data-",
// ok false when the attribute does not give a dataset name (not data-*,
// or with an ASCII upper alpha).
func datasetRest(name string) (string, bool) {
	if !strings.HasPrefix(name, "data-") || hasASCIIUpper(name[5:]) {
		return "", false
	}
	return name[5:], true
}

// datasetNameIs reports whether the attribute name rest (after "data-")
// converts to key: each "-" followed by an ASCII lowercase letter becomes
// that letter in upper case.
func datasetNameIs(rest, key string) bool {
	j := 0
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if c == '-' && i+1 < len(rest) && 'a' <= rest[i+1] && rest[i+1] <= 'z' {
			i++
			c = rest[i] - 32
		}
		if j >= len(key) || key[j] != c {
			return false
		}
		j++
	}
	return j == len(key)
}

// DatasetSet sets the data-* attribute for key; a '-' followed by an ASCII
// lowercase letter in key is a SyntaxError.
func (n *Node) DatasetSet(key, value string) error {
	for i := 0; i+1 < len(key); i++ {
		if key[i] == '-' && 'a' <= key[i+1] && key[i+1] <= 'z' {
			return newError(SyntaxError, "%q is not a valid dataset key", key)
		}
	}
	return n.SetAttribute(datasetAttrName(key), value)
}

// DatasetDelete removes the data-* attribute for key; a key with a "-"
// followed by an ASCII lowercase letter names no attribute.
// https://html.spec.whatwg.org/multipage/dom.html#dom-domstringmap-removeitem
func (n *Node) DatasetDelete(key string) {
	for i := 0; i+1 < len(key); i++ {
		if key[i] == '-' && 'a' <= key[i+1] && key[i+1] <= 'z' {
			return
		}
	}
	n.RemoveAttribute(datasetAttrName(key))
}

// DatasetKeys returns the camelCase keys of n's data-* attributes in order.
func (n *Node) DatasetKeys() []string {
	var out []string
	// Every attribute counts, in any namespace, as the standard says (and
	// Chromium does).
	for _, a := range n.Attr {
		rest, ok := datasetRest(a.Key)
		if !ok {
			continue
		}
		var b strings.Builder
		for i := 0; i < len(rest); i++ {
			if rest[i] == '-' && i+1 < len(rest) && 'a' <= rest[i+1] && rest[i+1] <= 'z' {
				b.WriteByte(rest[i+1] - 32)
				i++
				continue
			}
			b.WriteByte(rest[i])
		}
		out = append(out, b.String())
	}
	return out
}

func datasetAttrName(key string) string {
	var b strings.Builder
	b.WriteString("data-")
	for i := 0; i < len(key); i++ {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			b.WriteByte('-')
			c += 32
		}
		b.WriteByte(c)
	}
	return b.String()
}

func hasASCIIUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// nodeFlags are marks package dom keeps on a node.
type nodeFlags uint8

const (
	// styleTail: the element's last attribute is a style attribute that
	// CSSOM made (SetInlineStyle) and that has not been synchronized since.
	styleTail nodeFlags = 1 << iota
	// presentationDirty: a presentational attribute of the element changed
	// since the last style update (Document.StyleUpdated).
	presentationDirty
	// fallbackRendered: an <object> that renders its fallback content
	// for good (RenderFallback).
	fallbackRendered
	// connectedFlag: the node's shadow-including root is a document
	// (https://dom.spec.whatwg.org/#connected); see treeflags.go.
	connectedFlag
	// shadowTreeFlag: the node's root is a shadow root (it is in a
	// shadow tree); see treeflags.go.
	shadowTreeFlag
	// ownAttrs: the backing array of the element's Attr is its own,
	// allocated by appendAttr, so that appends may go into its spare
	// room. Every other assignment of Attr is at the node's creation or a
	// swap undone before any attribute changes (selector matching's
	// stand-ins).
	ownAttrs
)

// presentationChanged marks n: its presentational hints are to be read
// again at the next style update, which synchronizes its attributes. Only
// documents that render (OnPresentationDirty set) have style updates.
func (d *Document) presentationChanged(n *Node) {
	n.flags |= presentationDirty
	d.presDirty = append(d.presDirty, n)
	if len(d.presDirty) == 1 && d.OnPresentationDirty != nil {
		d.OnPresentationDirty()
	}
}

// StyleUpdated tells the document that its style was brought up to date
// (a forced style update for a script's read of computed style or
// geometry, or a rendering update at a frame). Chromium reads the
// presentational hints of the elements whose presentational attributes
// (width, dir, align, an SVG element's fill or x...) changed since, and
// reading them synchronizes the element's attributes: a style attribute
// made through CSSOM (SetInlineStyle) takes its place in the list then.
func (d *Document) StyleUpdated() {
	for i, n := range d.presDirty {
		n.flags &^= presentationDirty | styleTail
		d.presDirty[i] = nil
	}
	d.presDirty = d.presDirty[:0]
	for i, v := range d.styleInval {
		v.apply()
		d.styleInval[i] = styleInvalidation{}
	}
	d.styleInval = d.styleInval[:0]
}

type styleInvalidation struct {
	n   *Node
	set *InvalidationSet
}

// An InvalidationSet is what the subjects of the rules a change names
// require (Blink's invalidation set): the descendants checked against it
// that have one of its tags, ids or classes are taken by them; the others
// are checked further, which reads their attributes, as does a set with
// Attributes.
type InvalidationSet struct {
	Tags, IDs, Classes []string
	Attributes         bool
}

// takes tells whether the set takes e without reading its attributes.
func (s *InvalidationSet) takes(e *Node) bool {
	if s.Attributes {
		return false
	}
	if slices.Contains(s.Tags, e.Data) {
		return true
	}
	if id := e.Attribute("id"); id != "" && slices.Contains(s.IDs, id) {
		return true
	}
	if len(s.Classes) > 0 {
		for c := range ascii.FieldsSeq(e.Attribute("class")) {
			if slices.Contains(s.Classes, c) {
				return true
			}
		}
	}
	return false
}

// InvalidateStyle marks n, an element whose class, id or attribute changed
// in a way a rule names left of its subject (Blink's descendant
// invalidation sets: `.open .item` and a class open added or removed):
// the next style update checks n's descendants against set. Checking an
// element that set does not take by its name, id or classes reads its
// attributes, which synchronizes the style attribute CSSOM made (Chromium
// 148: after `el.style.color = 'red'`, a class open added to el's parent,
// and a style update, el's style attribute comes before the attributes
// set later, unless el has the class item). Only documents that render
// (OnPresentationDirty set) keep the marks.
func (d *Document) InvalidateStyle(n *Node, set *InvalidationSet) {
	if d.OnPresentationDirty == nil {
		return
	}
	d.styleInval = append(d.styleInval, styleInvalidation{n, set})
	if len(d.styleInval) == 1 && len(d.presDirty) == 0 {
		d.OnPresentationDirty() // a style update at the next frame
	}
}

// apply synchronizes the style attributes of the elements v checks.
func (v styleInvalidation) apply() {
	if !v.n.IsConnected() {
		return // style updates check the document's elements only
	}
	v.n.Descendants(func(e *Node) bool {
		if e.IsElement() && e.flags&styleTail != 0 && !v.set.takes(e) {
			e.flags &^= styleTail
		}
		return true
	})
}

// SetInlineStyle sets the style attribute to text for the element's inline
// style declarations (CSSOM: element.style). Chromium keeps the inline style
// apart from the attribute list and adds a style attribute it made to the
// list only when the attributes are next read (SyncStyleAttribute): so the
// attributes set in between come before it, and a React element with
// className, style and id serializes as class, id, style. Here the attribute
// is in the list at once but stays last until then. An existing style
// attribute keeps its place.
func (n *Node) SetInlineStyle(text string) {
	if i := n.attrIndex("style"); i >= 0 {
		n.changeAttr(i, text)
		return
	}
	n.appendAttr(html.Attribute{Key: "style", Val: text})
	n.flags |= styleTail
}

// SyncStyleAttribute ends the wait of a style attribute SetInlineStyle made:
// attributes set from now on come after it. Bindings call it where Chromium
// synchronizes the style attribute: when a script reads the attribute list
// (attributes, getAttributeNames, hasAttributes) or the style attribute by
// name (getAttribute, hasAttribute, setAttribute...); serializing and cloning
// an element do it here.
func (n *Node) SyncStyleAttribute() { n.flags &^= styleTail }

// InlineStyleUnsynced tells whether n's style attribute is one
// SetInlineStyle made and that has not been synchronized since: Chromium
// has not put it in the attribute list yet.
func (n *Node) InlineStyleUnsynced() bool { return n.flags&styleTail != 0 }

// htmlPresentational are the attributes Chromium maps to style on any
// HTML element; htmlPresentationalOf those of some elements only.
var htmlPresentational = map[string]bool{"align": true, "contenteditable": true, "hidden": true, "lang": true, "draggable": true, "dir": true}

var htmlPresentationalOf = map[string]map[string]bool{
	"body":     {"background": true, "bgcolor": true, "text": true, "marginwidth": true, "marginheight": true, "leftmargin": true, "topmargin": true},
	"font":     {"size": true, "color": true, "face": true},
	"img":      {"width": true, "height": true, "border": true, "hspace": true, "vspace": true, "valign": true},
	"canvas":   {"width": true, "height": true},
	"video":    {"width": true, "height": true},
	"iframe":   {"width": true, "height": true, "frameborder": true, "marginwidth": true, "marginheight": true},
	"embed":    {"width": true, "height": true, "hspace": true, "vspace": true},
	"object":   {"width": true, "height": true, "border": true, "hspace": true, "vspace": true},
	"input":    {"width": true, "height": true, "border": true, "hspace": true, "vspace": true},
	"table":    {"width": true, "height": true, "border": true, "bordercolor": true, "bgcolor": true, "background": true, "cellspacing": true, "cellpadding": true, "frame": true, "rules": true, "valign": true},
	"td":       {"width": true, "height": true, "bgcolor": true, "background": true, "valign": true, "nowrap": true},
	"th":       {"width": true, "height": true, "bgcolor": true, "background": true, "valign": true, "nowrap": true},
	"tr":       {"bgcolor": true, "background": true, "valign": true, "height": true},
	"thead":    {"bgcolor": true, "background": true, "valign": true, "height": true},
	"tbody":    {"bgcolor": true, "background": true, "valign": true, "height": true},
	"tfoot":    {"bgcolor": true, "background": true, "valign": true, "height": true},
	"col":      {"width": true, "valign": true, "bgcolor": true, "background": true},
	"colgroup": {"width": true, "valign": true, "bgcolor": true, "background": true},
	"hr":       {"width": true, "size": true, "color": true, "noshade": true},
	"ul":       {"type": true},
	"ol":       {"type": true},
	"li":       {"type": true},
	"pre":      {"wrap": true},
	"br":       {"clear": true},
	"textarea": {"wrap": true},
}

// svgPresentational are SVG's presentation attributes, and the geometry
// properties Chromium maps to style on any SVG element that has them.
var svgPresentational = map[string]bool{
	"alignment-baseline": true, "baseline-shift": true, "clip": true, "clip-path": true, "clip-rule": true, "color": true,
	"color-interpolation": true, "color-interpolation-filters": true, "color-rendering": true, "cursor": true,
	"direction": true, "display": true, "dominant-baseline": true, "fill": true, "fill-opacity": true, "fill-rule": true,
	"filter": true, "flood-color": true, "flood-opacity": true, "font-family": true, "font-size": true,
	"font-size-adjust": true, "font-stretch": true, "font-style": true, "font-variant": true, "font-weight": true,
	"image-rendering": true, "letter-spacing": true, "lighting-color": true, "marker-end": true, "marker-mid": true,
	"marker-start": true, "mask": true, "mask-type": true, "opacity": true, "overflow": true, "paint-order": true,
	"pointer-events": true, "shape-rendering": true, "stop-color": true, "stop-opacity": true, "stroke": true,
	"stroke-dasharray": true, "stroke-dashoffset": true, "stroke-linecap": true, "stroke-linejoin": true,
	"stroke-miterlimit": true, "stroke-opacity": true, "stroke-width": true, "text-anchor": true,
	"text-decoration": true, "text-rendering": true, "transform": true, "transform-origin": true,
	"unicode-bidi": true, "vector-effect": true, "visibility": true, "word-spacing": true, "writing-mode": true,
}

// svgGeometryOf are the attributes that are CSS properties for some SVG
// elements only (text's x and y are lists, not properties).
var svgGeometryOf = map[string]map[string]bool{
	"rect":          {"x": true, "y": true, "width": true, "height": true, "rx": true, "ry": true},
	"circle":        {"cx": true, "cy": true, "r": true},
	"ellipse":       {"cx": true, "cy": true, "rx": true, "ry": true},
	"image":         {"x": true, "y": true, "width": true, "height": true},
	"foreignObject": {"x": true, "y": true, "width": true, "height": true},
	"svg":           {"x": true, "y": true, "width": true, "height": true},
	"use":           {"x": true, "y": true, "width": true, "height": true},
	"path":          {"d": true},
}

// isPresentationAttribute reports whether Chromium maps the attribute
// name (in no namespace) of n to style.
func isPresentationAttribute(n *Node, name string) bool {
	switch n.Namespace {
	case "", HTMLNamespace:
		return htmlPresentational[name] || htmlPresentationalOf[n.Data][name]
	case "svg", SVGNamespace:
		return svgPresentational[name] || svgGeometryOf[n.Data][name]
	}
	return false
}
