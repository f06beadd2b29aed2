package dom

import (
	"strings"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A Node is one node of a document tree: element, text, comment, document
// type, document fragment, attribute or document.
//
// The embedded html.Node holds the tree links, name, namespace and
// attributes in x/net/html's layout so that cascadia and html.ParseFragment
// work on our tree directly. Those fields are read-only for users of this
// package: every change goes through Node's methods, which validate it,
// keep the document's indexes and version right and report it to
// Document.OnMutation. Use the methods ParentNode, First, Last, Prev and
// Next to walk the tree as *Node.
type Node struct {
	html.Node // must stay the first field: see FromHTML

	// Binding is owned by whoever binds this node to a scripting engine
	// (the JavaScript wrapper object, typically); dom never reads it.
	Binding any
	// BindingFlags belong to the binding too (marks of its walks over
	// inserted subtrees); dom never reads or writes them. The field fits
	// in the padding of Node's size class: it costs no memory.
	BindingFlags uint32
	// flags are dom's own marks (styleTail); they fit in the same padding.
	flags nodeFlags

	doc  *Document // node document; for a Document, itself
	rare *rareData // lazily allocated data most nodes never need
}

// rareData holds what only some nodes need, so that the common Node stays
// small.
type rareData struct {
	events    EventTarget
	content   *Node           // template element: its template contents (a fragment)
	host      *Node           // template contents or shadow root: its template or host element
	shadow    *Node           // shadow host: its shadow root
	shadowCfg *ShadowRootInit // shadow root: how it was attached
	prefix    string
	form      *formState
	classList *TokenList
	children  *Collection
	childList *Collection
	attrNodes []*Node // Attr nodes handed out for this element
	owner     *Node   // Attr node: its element, nil when detached
	defined   bool    // custom element: its state is "custom" (for :defined)
	cdata     bool    // Text node: a CDATASection (https://dom.spec.whatwg.org/#interface-cdatasection)
	// element: its custom element registry is null though its document
	// has one (a clone made in a shadow root whose registry was null:
	// NullRegistry); shadow root: attached in a document without one
	nullRegistry bool
	isValue      string // element: its "is value" (createElement's is option)
	isSet        bool   // element: its is value is not null (it may be "")
	// Manual slot assignment: a slot's manually assigned nodes, and a
	// slottable's slot.
	manualNodes []*Node
	manualSlot  *Node
	// element: its [[CryptographicNonce]] when set apart from the nonce
	// attribute (nonce.go)
	nonce    string
	nonceSet bool
	// shadow root: its shadow-including root as last computed, valid
	// while its node document and that document's rootsEpoch are those
	// recorded (see ShadowIncludingRoot)
	sirRoot  *Node
	sirDoc   *Document
	sirEpoch uint64
}

// SetIsValue sets element n's is value to v, "" included (not null)
// (https://dom.spec.whatwg.org/#concept-element-is-value), written by the
// serializer as an is attribute when n has none. An HTML element with an
// is value is not :defined until its definition upgrades it.
func (n *Node) SetIsValue(v string) {
	r := n.rareData()
	r.isValue, r.isSet = v, true
}

// HasIsValue reports whether element n's is value is not null.
func (n *Node) HasIsValue() bool { return n.rare != nil && n.rare.isSet }

// parserIsValue gives an HTML element the parser creates the value of its
// is attribute, if any, as its is value
// (https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token
// step 4).
func (n *Node) parserIsValue() {
	for _, a := range n.Attr {
		if a.Key == "is" && a.Namespace == "" {
			n.SetIsValue(a.Val)
			return
		}
	}
}

// IsValue returns element n's is value, or "".
func (n *Node) IsValue() string {
	if n.rare == nil {
		return ""
	}
	return n.rare.isValue
}

// SetCustomElementDefined records that element n's custom element state is
// "custom" (it was upgraded or constructed by its definition), for :defined
// (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-defined).
func (n *Node) SetCustomElementDefined() {
	if r := n.rareData(); !r.defined {
		r.defined = true
		// the style memos start over; not StateChanged, which makes the
		// flow estimate start over too, at each element a definition
		// constructs (an element upgraded in the document changes no
		// box but its own, which is what a script reading geometry
		// in connectedCallback may see stale)
		if n.doc != nil {
			n.doc.version++
		}
	}
}

func (n *Node) rareData() *rareData {
	if n.rare == nil {
		n.rare = &rareData{}
	}
	return n.rare
}

// Extra node types beyond those of x/net/html, stored in html.Node.Type.
// html.Render must never see them; we do not use it on our trees.
const (
	fragmentNode html.NodeType = 100 + iota
	attributeNode
	processingInstructionNode
)

// A Kind is a DOM node type, with the numeric values of Node.nodeType
// (https://dom.spec.whatwg.org/#dom-node-nodetype).
type Kind uint16

// The node kinds.
const (
	ElementNode               Kind = 1
	AttributeNode             Kind = 2
	TextNode                  Kind = 3
	CDATASectionNode          Kind = 4
	ProcessingInstructionNode Kind = 7
	CommentNode               Kind = 8
	DocumentNode              Kind = 9
	DocumentTypeNode          Kind = 10
	DocumentFragmentNode      Kind = 11
)

// Namespace URIs (https://infra.spec.whatwg.org/#namespaces).
const (
	HTMLNamespace   = "http://www.w3.org/1999/xhtml"
	SVGNamespace    = "http://www.w3.org/2000/svg"
	MathMLNamespace = "http://www.w3.org/1998/Math/MathML"
	XLinkNamespace  = "http://www.w3.org/1999/xlink"
	XMLNamespace    = "http://www.w3.org/XML/1998/namespace"
	XMLNSNamespace  = "http://www.w3.org/2000/xmlns/"
)

// nullNamespace marks, in html.Node.Namespace, an element in no namespace
// (createElementNS(null, ...)); "" already means HTML for x/net/html.
const nullNamespace = "\x00"

// FromHTML returns the Node that holds h. h must belong to a dom tree (every
// *html.Node reachable from a dom.Node does); it is what cascadia and
// x/net/html hand back.
func FromHTML(h *html.Node) *Node {
	return (*Node)(unsafe.Pointer(h))
}

// HTML returns n's embedded html.Node, for cascadia and x/net/html.
func (n *Node) HTML() *html.Node {
	if n == nil {
		return nil
	}
	return &n.Node
}

func node(h *html.Node) *Node {
	return (*Node)(unsafe.Pointer(h))
}

// Kind returns n's DOM node type.
func (n *Node) Kind() Kind {
	switch n.Type {
	case html.ElementNode:
		return ElementNode
	case html.TextNode:
		if n.rare != nil && n.rare.cdata {
			return CDATASectionNode
		}
		return TextNode
	case html.CommentNode:
		return CommentNode
	case html.DocumentNode:
		return DocumentNode
	case html.DoctypeNode:
		return DocumentTypeNode
	case fragmentNode:
		return DocumentFragmentNode
	case attributeNode:
		return AttributeNode
	case processingInstructionNode:
		return ProcessingInstructionNode
	}
	return 0
}

// IsElement reports whether n is an element.
func (n *Node) IsElement() bool { return n.Type == html.ElementNode }

// IsText reports whether n is a Text node, CDATASection nodes included
// (they implement Text).
func (n *Node) IsText() bool { return n.Type == html.TextNode }

// IsCDATASection reports whether n is a CDATASection node: a Text node
// (html.TextNode, and everything Text does applies) that XML serializes
// as <![CDATA[...]]> and normalize does not merge
// (https://dom.spec.whatwg.org/#interface-cdatasection).
func (n *Node) IsCDATASection() bool {
	return n.Type == html.TextNode && n.rare != nil && n.rare.cdata
}

// isExclusiveText reports whether n is a Text node that is not a
// CDATASection (https://dom.spec.whatwg.org/#exclusive-text-node).
func (n *Node) isExclusiveText() bool {
	return n.Type == html.TextNode && (n.rare == nil || !n.rare.cdata)
}

// IsCharacterData reports whether n is a Text (or CDATASection), Comment or
// ProcessingInstruction node.
func (n *Node) IsCharacterData() bool {
	return n.Type == html.TextNode || n.Type == html.CommentNode || n.Type == processingInstructionNode
}

// OwnerDocument returns n's node document, or nil when n is a document
// (https://dom.spec.whatwg.org/#dom-node-ownerdocument).
func (n *Node) OwnerDocument() *Document {
	if n.Type == html.DocumentNode {
		return nil
	}
	return n.doc
}

// Document returns n's node document; for a document, itself.
func (n *Node) Document() *Document { return n.doc }

// AsDocument returns n as a *Document when n is a document, else nil.
func (n *Node) AsDocument() *Document {
	if n == nil || n.Type != html.DocumentNode {
		return nil
	}
	return (*Document)(unsafe.Pointer(n))
}

// ParentNode returns n's parent, or nil.
func (n *Node) ParentNode() *Node { return node(n.Parent) }

// ParentElement returns n's parent if it is an element, else nil.
func (n *Node) ParentElement() *Node {
	if p := n.Parent; p != nil && p.Type == html.ElementNode {
		return node(p)
	}
	return nil
}

// First returns n's first child, or nil.
func (n *Node) First() *Node { return node(n.FirstChild) }

// Last returns n's last child, or nil.
func (n *Node) Last() *Node { return node(n.LastChild) }

// Prev returns n's previous sibling, or nil.
func (n *Node) Prev() *Node { return node(n.PrevSibling) }

// Next returns n's next sibling, or nil.
func (n *Node) Next() *Node { return node(n.NextSibling) }

// NextWithin returns the node after n in tree order within root's subtree,
// or nil after its last node. n must be root or inside it.
func (n *Node) NextWithin(root *Node) *Node {
	if f := n.First(); f != nil {
		return f
	}
	return n.SkipWithin(root)
}

// SkipWithin returns the node after n's subtree in tree order within root's
// subtree (n's descendants skipped), or nil when none follows.
func (n *Node) SkipWithin(root *Node) *Node {
	for ; n != nil && n != root; n = n.ParentNode() {
		if s := n.Next(); s != nil {
			return s
		}
	}
	return nil
}

// HasChildNodes reports whether n has children.
func (n *Node) HasChildNodes() bool { return n.FirstChild != nil }

// Root returns the root of n's tree (https://dom.spec.whatwg.org/#concept-tree-root).
func (n *Node) Root() *Node {
	r := &n.Node
	for r.Parent != nil {
		r = r.Parent
	}
	return node(r)
}

// IsConnected reports whether n's root is a document
// (https://dom.spec.whatwg.org/#connected).
func (n *Node) IsConnected() bool { return checkedTreeFlags(n)&connectedFlag != 0 }

// InDocumentTree reports whether n's root is a document (not a shadow
// root): the scope of the document's id index. That document is n's node
// document.
func (n *Node) InDocumentTree() bool { return checkedTreeFlags(n) == connectedFlag }

// InShadowTree reports whether n's root is a shadow root.
func (n *Node) InShadowTree() bool { return checkedTreeFlags(n)&shadowTreeFlag != 0 }

// Contains reports whether other is an inclusive descendant of n
// (https://dom.spec.whatwg.org/#dom-node-contains).
func (n *Node) Contains(other *Node) bool {
	for o := other; o != nil; o = o.ParentNode() {
		if o == n {
			return true
		}
	}
	return false
}

// NodeName returns n's nodeName (https://dom.spec.whatwg.org/#dom-node-nodename).
func (n *Node) NodeName() string {
	switch n.Type {
	case html.ElementNode:
		return n.TagName()
	case attributeNode:
		return n.Attr[0].Key
	case html.TextNode:
		if n.rare != nil && n.rare.cdata {
			return "#cdata-section"
		}
		return "#text"
	case html.CommentNode:
		return "#comment"
	case html.DocumentNode:
		return "#document"
	case html.DoctypeNode:
		return n.Data
	case fragmentNode:
		return "#document-fragment"
	case processingInstructionNode:
		return n.rare.prefix
	}
	return ""
}

// LocalName returns an element's or attribute's local name, else "".
func (n *Node) LocalName() string {
	switch n.Type {
	case html.ElementNode:
		return n.Data
	case attributeNode:
		return attrLocalName(n.Attr[0])
	}
	return ""
}

// AttrLocalName returns a's local name: its qualified name minus the
// prefix, which only namespaced attributes have.
func AttrLocalName(a html.Attribute) string { return attrLocalName(a) }

func attrLocalName(a html.Attribute) string {
	if a.Namespace == "" {
		return a.Key
	}
	return localPart(a.Key)
}

// Prefix returns an element's or attribute's namespace prefix, or "".
func (n *Node) Prefix() string {
	switch n.Type {
	case html.ElementNode:
		if n.rare != nil {
			return n.rare.prefix
		}
	case attributeNode:
		if i := strings.IndexByte(n.Attr[0].Key, ':'); i >= 0 && n.Attr[0].Namespace != "" {
			return n.Attr[0].Key[:i]
		}
	}
	return ""
}

// QualifiedName returns an element's prefix:localName (or localName).
func (n *Node) QualifiedName() string {
	if p := n.Prefix(); p != "" && n.Type == html.ElementNode {
		return p + ":" + n.Data
	}
	if n.Type == attributeNode {
		return n.Attr[0].Key
	}
	return n.Data
}

// NamespaceURI returns an element's or attribute's namespace URI, "" for
// none.
func (n *Node) NamespaceURI() string {
	switch n.Type {
	case html.ElementNode:
		return namespaceURI(n.Namespace)
	case attributeNode:
		return n.Attr[0].Namespace
	}
	return ""
}

func namespaceURI(ns string) string {
	switch ns {
	case "":
		return HTMLNamespace
	case "svg":
		return SVGNamespace
	case "math":
		return MathMLNamespace
	case nullNamespace:
		return ""
	}
	return ns
}

// storedNamespace is namespaceURI's inverse.
func storedNamespace(uri string) string {
	switch uri {
	case HTMLNamespace:
		return ""
	case SVGNamespace:
		return "svg"
	case MathMLNamespace:
		return "math"
	case "":
		return nullNamespace
	}
	return uri
}

// IsHTML reports whether n is an element in the HTML namespace.
func (n *Node) IsHTML() bool { return n.Type == html.ElementNode && n.Namespace == "" }

// Is reports whether n is an HTML element with local name a.
func (n *Node) Is(a atom.Atom) bool {
	return n.Type == html.ElementNode && n.DataAtom == a && n.Namespace == ""
}

// TagName returns an element's tagName: the qualified name, uppercased for
// HTML elements of an HTML document (https://dom.spec.whatwg.org/#dom-element-tagname).
func (n *Node) TagName() string {
	if n.Type != html.ElementNode {
		return ""
	}
	q := n.QualifiedName()
	if n.Namespace == "" && !n.doc.xml {
		return ascii.Upper(q)
	}
	return q
}

// ChildCount returns the number of children (of character data, none).
func (n *Node) ChildCount() int {
	c := 0
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c++
	}
	return c
}

// ChildElementCount returns the number of element children.
func (n *Node) ChildElementCount() int {
	c := 0
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.ElementNode {
			c++
		}
	}
	return c
}

// FirstElementChild returns n's first element child, or nil.
func (n *Node) FirstElementChild() *Node {
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.ElementNode {
			return node(k)
		}
	}
	return nil
}

// LastElementChild returns n's last element child, or nil.
func (n *Node) LastElementChild() *Node {
	for k := n.LastChild; k != nil; k = k.PrevSibling {
		if k.Type == html.ElementNode {
			return node(k)
		}
	}
	return nil
}

// PreviousElementSibling returns the previous sibling that is an element.
func (n *Node) PreviousElementSibling() *Node {
	for k := n.PrevSibling; k != nil; k = k.PrevSibling {
		if k.Type == html.ElementNode {
			return node(k)
		}
	}
	return nil
}

// NextElementSibling returns the next sibling that is an element.
func (n *Node) NextElementSibling() *Node {
	for k := n.NextSibling; k != nil; k = k.NextSibling {
		if k.Type == html.ElementNode {
			return node(k)
		}
	}
	return nil
}

// ChildNodeList returns n's children as a new slice (a snapshot, not live).
func (n *Node) ChildNodeList() []*Node {
	var out []*Node
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		out = append(out, node(k))
	}
	return out
}

// ChildAt returns n's i-th child, or nil.
func (n *Node) ChildAt(i int) *Node {
	if i < 0 {
		return nil
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if i == 0 {
			return node(k)
		}
		i--
	}
	return nil
}

// Index returns n's index among its siblings (https://dom.spec.whatwg.org/#concept-tree-index).
func (n *Node) Index() int {
	i := 0
	for k := n.PrevSibling; k != nil; k = k.PrevSibling {
		i++
	}
	return i
}

// following returns the node after n in tree order within root, or nil.
func (n *Node) following(root *Node) *Node {
	h := &n.Node
	if h.FirstChild != nil {
		return node(h.FirstChild)
	}
	for h != nil && h != &root.Node {
		if h.NextSibling != nil {
			return node(h.NextSibling)
		}
		h = h.Parent
	}
	return nil
}

// Descendants calls f for each descendant of n in tree order, stopping
// when f returns false.
func (n *Node) Descendants(f func(*Node) bool) {
	for d := n.following(n); d != nil; d = d.following(n) {
		if !f(d) {
			return
		}
	}
}

// TemplateContent returns a template element's template contents
// (https://html.spec.whatwg.org/multipage/scripting.html#template-contents),
// or nil when n is not a template element.
func (n *Node) TemplateContent() *Node {
	if n.rare != nil && n.rare.content != nil {
		return n.rare.content
	}
	if !n.Is(atom.Template) {
		return nil
	}
	f := n.doc.templateContentsOwner().newNode(fragmentNode, "")
	f.rareData().host = n
	n.rareData().content = f
	return f
}

// TemplateHost returns the template element whose contents n is, or nil.
func (n *Node) TemplateHost() *Node {
	if n.rare == nil {
		return nil
	}
	return n.rare.host
}

func localPart(q string) string {
	if i := strings.IndexByte(q, ':'); i >= 0 {
		return q[i+1:]
	}
	return q
}

// IsSameNode reports whether n and o are the same node.
func (n *Node) IsSameNode(o *Node) bool { return n == o }

// NodeValue returns nodeValue (https://dom.spec.whatwg.org/#dom-node-nodevalue);
// ok is false where it is null.
func (n *Node) NodeValue() (string, bool) {
	switch n.Type {
	case html.TextNode, html.CommentNode, processingInstructionNode:
		return n.Data, true
	case attributeNode:
		return n.Attr[0].Val, true
	}
	return "", false
}

// SetNodeValue sets nodeValue; it does nothing where nodeValue is null.
func (n *Node) SetNodeValue(v string) {
	switch n.Type {
	case html.TextNode, html.CommentNode, processingInstructionNode:
		n.SetData(v)
	case attributeNode:
		n.SetAttrValue(v)
	}
}

// BaseURI returns the node document's base URL as a string.
func (n *Node) BaseURI() string {
	if u := n.doc.BaseRecord(); u != nil {
		return u.String()
	}
	return n.doc.URLString()
}

// uintptrOf orders disconnected nodes consistently (CompareDocumentPosition).
func uintptrOf(n *Node) uintptr { return uintptr(unsafe.Pointer(n)) }
