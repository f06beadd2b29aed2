package dom

import (
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/internal/whatwgurl"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// A Document is a document node and the state that belongs to the whole
// tree: its URL, its element id index, its mutation hook and its version.
// Its first field is its Node, so a document node converts to *Document
// with Node.AsDocument.
type Document struct {
	Node

	// OnAutofocus, when set, is called when an element with the autofocus
	// attribute is inserted into the document (or parsed into it) while it
	// still takes autofocus candidates (see AutofocusCandidates).
	OnAutofocus func()
	// autofocus holds the autofocus candidates, oldest first;
	// autofocusDone stops the document from taking more.
	autofocus     []*Node
	autofocusDone bool
	// parserForms counts the elements with a parserForm (formpointer.go):
	// while there are some, a removal looks for those it takes out of
	// their form's tree.
	parserForms int
	// selectedContents: a selectedcontent element was made for the
	// document; until then insertions do not look for them
	// (selectedContentInserted).
	selectedContents bool
	// scHold: insertions under way that hold their selectedcontent
	// updates (the selects in scHeld) until their records are queued.
	scHold int
	scHeld []*Node

	// OnMutation, when set, is called synchronously after every change of a
	// tree whose node document is this document: child list, attribute and
	// character data changes, with old values. MutationObserver, live
	// collections and caches are built on top of it. The record, and its
	// node slices, are only valid during the call: the document reuses
	// them for later changes. A hook that keeps a record keeps r.Clone().
	OnMutation func(*MutationRecord)
	// OnPresentationDirty, when set, is called when a presentational
	// attribute changes while none had since the last StyleUpdated: the
	// bindings then update style at the next frame. A document without it
	// does not render, and keeps no such marks.
	OnPresentationDirty func()
	presDirty           []*Node             // elements marked presentationDirty
	styleInval          []styleInvalidation // InvalidateStyle's marks since the last StyleUpdated

	// OnAdopt, when set, is called after a node of this document (with its
	// subtree) was adopted into another document, to.
	OnAdopt func(n *Node, to *Document)

	// BeforeRemove, when set, is called before a DOM operation takes a node
	// of this document out of its parent: with that node, or, when all the
	// children of n go (replace all: innerHTML, textContent), with n and
	// children true. It may run script (a focused element's blur and
	// focusout, as Chromium fires them before the removal): the operation
	// checks its arguments again afterwards, and fails as Chromium does when
	// the node was moved meanwhile. The document's parser does not call it.
	BeforeRemove func(n *Node, children bool)

	// OnHeldRemoval, when set, is called when replace all has taken the
	// children removed out of parent and another change comes before its
	// record: its node leaving its old parent, which may be inside them.
	// The remove algorithm gives removed nodes their transient registered
	// observers as it removes them, not when the record is queued
	// (https://dom.spec.whatwg.org/#concept-node-remove, the step on
	// transient registered observers), so that change is seen through
	// them, as in Chromium.
	OnHeldRemoval func(parent *Node, removed []*Node)

	// OnSlotChange, when set, is called synchronously each time a slot of
	// a shadow tree of this document is signaled: its assigned nodes (or
	// its fallback children, with none assigned) changed
	// (https://dom.spec.whatwg.org/#signal-a-slot-change). A slot can be
	// signaled several times for one change of the page; the hook keeps
	// each once until its slotchange fires.
	OnSlotChange func(slot *Node)

	hasShadowRoots bool // see HasShadowRoots

	// ParentTarget is the parent of the document in event paths (the
	// window, typically), or nil.
	ParentTarget Target

	// Display, when set, returns an element's computed display ("none",
	// "block", "inline", "table-cell"...) for InnerText, so that style
	// sheets count; without it InnerText uses the UA defaults, the hidden
	// attribute and inline styles.
	Display func(*Node) string

	// ComputedStyle, when set, returns an element's computed value of a
	// CSS property; InnerText asks it for visibility and text-transform.
	ComputedStyle func(n *Node, property string) string

	// SkipsAutoContents, when set, tells whether an element whose
	// content-visibility is auto skips its contents (it is not relevant
	// to the user: far from the viewport), for InnerText, which leaves
	// them out as it does those of content-visibility: hidden; without it
	// such an element's contents are rendered.
	SkipsAutoContents func(*Node) bool

	// WhiteSpace, when set, returns an element's computed
	// white-space-collapse and text-wrap-mode, for InnerText (without it
	// InnerText asks ComputedStyle for white-space).
	WhiteSpace func(n *Node) WhiteSpace

	// PseudoBox, when set, reports the box of element n's ::before or
	// ::after pseudo-element (pseudo is "before" or "after") in the flow:
	// its computed display, or "" for none (no content, display none,
	// positioned out of the flow or floated), and its generated text as
	// far as its white space goes (counters and images stand for
	// something). InnerText lays the box out on its line like the content
	// beside it.
	PseudoBox func(n *Node, pseudo string) (display, text string)

	// Languages, when set, returns the user's languages
	// (navigator.languages), the first of which SVG's systemLanguage
	// attributes are matched against; without it, en-US.
	Languages func() []string

	// PseudoState, when set, answers the pseudo-classes whose state lives
	// outside the tree: "popover-open", "modal", "target", "active-view-transition", "focus" and
	// "focus-within" (arg ""), and "state" with a custom state's name (:state(arg)); and
	// "invalid", a control's validity state (custom validity messages and
	// patterns included) or a form-associated custom element's invalid
	// validity flags (for :valid and :invalid); "form-associated" for a custom element whose definition
	// is form-associated (:enabled and :disabled apply to it).
	// Without it they never match.
	PseudoState func(n *Node, name, arg string) bool

	// Scripting says whether scripting is enabled for fragment parsing
	// (noscript contents); true for documents from Parse and NewDocument.
	Scripting bool

	// DirectionalSelections says that a text control's selection made
	// without a direction in this document is forward, as Chromium's
	// editing behaviour on Linux and Windows makes it in a document with a
	// frame; elsewhere it stays without a direction. The bindings set it
	// for the documents with a browsing context.
	DirectionalSelections bool

	url      *url.URL
	fallback *whatwgurl.URL // SetFallbackBaseURL
	// urlRec is url as the URL standard's record (FallbackBaseRecord),
	// parsed once per SetURL.
	urlRec      *whatwgurl.URL
	urlRecValid bool
	version     uint64 // any change
	treeVersion uint64 // child list changes only
	// rootsEpoch counts the links and unlinks that may change the root of
	// a shadow host (of a node with children or a shadow root): the
	// shadow roots' cached shadow-including roots are valid within one
	// epoch (see ShadowIncludingRoot)
	rootsEpoch uint64
	// unrecorded counts the changes no mutation record reports (form
	// state: an option selected), see UnrecordedChanges
	unrecorded uint64

	baseCache baseCache
	langs     langMemo
	nths      nthMemo
	sibs      siblingMemo
	ids       map[string]idEntry

	iterators []*NodeIterator // live NodeIterators, for the pre-removing steps
	rangeSet  *rangeSet       // live ranges, shared with the template contents owner
	// converted is the last fragment nodesIntoNode made: script never
	// sees it, and the live ranges in its children stay where they are
	// when they leave it (as Chromium, which inserts those nodes with no
	// fragment between).
	converted *Node

	templateOwner *Document // the inert document that owns template contents
	isInert       bool      // this is a template contents owner
	templateOf    *Document // the document whose template contents owner this is
	xml           bool      // an XML document (createDocument): tag names keep their case
	srcdoc        bool      // an iframe srcdoc document: never in quirks mode
	mode          string    // the compatMode once fixed by a change of the children; "" derives it
	parserInsert  bool      // the parser is inserting (its nodes leave the mode derived)
	mixedForeign  bool      // CreateElementNS made a non-HTML element with capitals in an HTML document
	// mixedForeignAttrs: a script gave a non-HTML element of this HTML
	// document an attribute with capitals (other than SVG's own names).
	mixedForeignAttrs bool
	contentType       string // "" is text/html, or application/xml for an XML document
	characterSet      string // the encoding's name; "" is UTF-8
	lastModified      time.Time
	xmlDecl           XMLDeclaration
	xmlVersionSet     bool // an HTML document's xmlVersion was set to "1.0"

	// nsAttrs: an element of this document got an attribute in a
	// namespace without a prefix (setAttributeNS("urn:x", "a")), which a
	// selector without a namespace ([a]) must not match by its name.
	nsAttrs bool

	// pragmaLang is the pragma-set default language (a <meta
	// http-equiv=content-language>), httpLang the language of the
	// response's Content-Language header: see DefaultLanguage.
	pragmaLang, httpLang string

	// DesignMode is document.designMode ("on" when true); nothing edits.
	DesignMode bool

	byName map[string]*Collection // GetElementsByName's collections

	// script-created parser state of Open/Write/Close (docopen.go)
	opened  bool
	written []byte

	// records are mutation records free for the next change (tree.go).
	records []*MutationRecord
}

// CharacterSet returns the name of the document's encoding
// (https://dom.spec.whatwg.org/#concept-document-encoding): UTF-8 unless
// SetCharacterSet gave another.
func (d *Document) CharacterSet() string {
	if d.characterSet == "" {
		return "UTF-8"
	}
	return d.characterSet
}

// SetCharacterSet records the name of the encoding the document was
// decoded with (the Encoding standard's name, as xhr.EncodingName gives).
func (d *Document) SetCharacterSet(name string) {
	d.characterSet = name
	d.baseCache.valid = false // its query encoding
}

// ContentType returns the document's content type
// (https://dom.spec.whatwg.org/#concept-document-content-type).
func (d *Document) ContentType() string {
	switch {
	case d.contentType != "":
		return d.contentType
	case d.xml:
		return "application/xml"
	}
	return "text/html"
}

// LastModified returns the document's last modification time (its
// response's Last-Modified header), the zero time when it is not known.
func (d *Document) LastModified() time.Time { return d.lastModified }

// SetLastModified sets the document's last modification time.
func (d *Document) SetLastModified(t time.Time) { d.lastModified = t }

// DefaultLanguage is the language of an element none of whose inclusive
// ancestors has a lang or xml:lang attribute: the pragma-set default
// language, else the language the response's Content-Language header
// gave; found is false when there is neither.
// https://html.spec.whatwg.org/multipage/dom.html#language
func (d *Document) DefaultLanguage() (lang string, found bool) {
	if d.pragmaLang != "" {
		return d.pragmaLang, true
	}
	return d.httpLang, d.httpLang != ""
}

// SetHTTPLanguage records the response's Content-Language header, the
// last fallback of DefaultLanguage, taken whole as Chromium takes it.
func (d *Document) SetHTTPLanguage(header string) {
	d.httpLang = header
	d.version++
}

// metaPragma runs the steps of a <meta http-equiv=content-language>
// inserted into the document or whose content or http-equiv attribute
// changed there: its content becomes the pragma-set default language.
// Chromium 156 takes the value whole (a list, white space and all, is a
// language no :lang() range matches), where the standard takes the
// first tag of a value without a comma; it keeps the language when the
// meta is removed or changed to another pragma, as the standard does.
// https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-content-language
func (d *Document) metaPragma(n *Node) {
	if !n.IsHTML() || !ascii.EqualFold(n.Attribute("http-equiv"), "content-language") {
		return
	}
	if c, ok := n.GetAttribute("content"); ok && c != d.pragmaLang {
		d.pragmaLang = c
		d.version++
	}
}

// SetContentType sets the document's content type; application/xhtml+xml
// makes createElement create HTML elements in an XML document.
func (d *Document) SetContentType(t string) { d.contentType = t }

// idEntry lists the connected elements with one id: first, plus any more
// that share it (rare; then tree order decides).
type idEntry struct {
	first *Node
	more  []*Node
}

// NewDocument returns an empty HTML document with no children, as
// document.implementation.createHTMLDocument and DOMParser start from.
func NewDocument() *Document {
	d := &Document{Scripting: true}
	d.Type = html.DocumentNode
	d.doc = d
	d.flags = connectedFlag
	return d
}

// NewHTMLDocument returns a document with the doctype, html, head, title
// (when title is non-empty) and body of createHTMLDocument
// (https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument).
//
// Such a document has no browsing context, so scripting is disabled for it
// (https://html.spec.whatwg.org/multipage/webappapis.html#concept-n-noscript):
// innerHTML parses <noscript> contents as markup, as jQuery.parseHTML expects.
func NewHTMLDocument(title string, withTitle bool) *Document {
	d := NewDocument()
	d.Scripting = false
	d.appendRaw(&d.Node, d.newNode(html.DoctypeNode, "html"))
	h := d.newElement("html", "")
	d.appendRaw(&d.Node, h)
	head := d.newElement("head", "")
	d.appendRaw(h, head)
	if withTitle {
		t := d.newElement("title", "")
		d.appendRaw(head, t)
		d.appendRaw(t, d.newNode(html.TextNode, title))
	}
	d.appendRaw(h, d.newElement("body", ""))
	return d
}

// Parse parses a whole HTML document with the HTML standard's tree builder
// (x/net/html) and returns it as a Document. Broken markup never fails: it
// is recovered from as browsers do. Parse only returns read errors from r.
func Parse(r io.Reader) (*Document, error) {
	return ParseWithOptions(r, ParseOptions{})
}

func (d *Document) adoptParsedWith(h *html.Node, c converter) {
	c.slab = make([]Node, countNodes(h)-1)
	for k := h.FirstChild; k != nil; k = k.NextSibling {
		c.convert(d, k, &d.Node)
	}
	d.version++
	d.treeVersion++
	d.indexSubtree(&d.Node)
	if c.selectedContent {
		updateAllSelectedContent(&d.Node)
	}
}

// countNodes counts h and its descendants, plus one fragment per template.
func countNodes(h *html.Node) int {
	n := 1
	if h.Type == html.ElementNode && h.DataAtom == atom.Template && h.Namespace == "" {
		n++
	}
	for k := h.FirstChild; k != nil; k = k.NextSibling {
		n += countNodes(k)
	}
	return n
}

// A converter copies a tree of x/net/html nodes into one slab of Nodes.
type converter struct {
	slab            []Node
	next            int
	shadowRoots     bool // attach declarative shadow roots (document parsing)
	selectedContent bool // a selectedcontent element was seen
	// src is the parsed markup: bogus comments in it that are processing
	// instructions become them (see becomePI).
	src bogusComments
	// forms, when not nil, holds the controls and forms of the parser's
	// form element pointer associations (formpointer.go): convert gives
	// each the Node it makes of it.
	forms map[*html.Node]*Node
}

func (c *converter) alloc() *Node {
	if c.next < len(c.slab) {
		n := &c.slab[c.next]
		c.next++
		return n
	}
	return new(Node)
}

// convert copies h and its descendants under parent, which belongs to d.
func (c *converter) convert(d *Document, h *html.Node, parent *Node) *Node {
	n := c.alloc()
	n.Type = h.Type
	n.DataAtom = h.DataAtom
	n.Data = h.Data
	n.Namespace = h.Namespace
	n.Attr = h.Attr
	n.doc = d
	if n.Type == html.ElementNode {
		if n.Namespace != "" {
			fixForeignAttributes(n.Attr)
		} else {
			if n.DataAtom == 0 {
				c.noteElement(n)
			}
			n.parserIsValue()
			if c.forms != nil {
				if _, ok := c.forms[h]; ok {
					c.forms[h] = n
				}
			}
		}
	} else if n.Type == html.CommentNode && len(n.Data) > 0 && n.Data[0] == '?' {
		if c.src.dropAtEOF(n.Data) {
			return n // an unfinished processing instruction: nothing
		}
		n.becomePI(&c.src)
	}
	linkLast(&parent.Node, &n.Node)
	into := n
	if c.shadowRoots && h.Type == html.ElementNode && h.DataAtom == atom.Template && h.Namespace == "" {
		if init, ok := declarativeShadowRoot(h, parent); ok {
			// The template becomes its parent's shadow root
			// (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead, template start tag).
			unlink(&n.Node)
			s := parent.attachShadow(init)
			for k := h.FirstChild; k != nil; k = k.NextSibling {
				c.convert(d, k, s)
			}
			return s
		}
	}
	if h.Type == html.ElementNode && h.DataAtom == atom.Template && h.Namespace == "" {
		// x/net/html puts template contents under the template element;
		// the DOM keeps them in a fragment owned by an inert document
		// (https://html.spec.whatwg.org/multipage/scripting.html#template-contents).
		owner := d.templateContentsOwner()
		f := c.alloc()
		f.Type = fragmentNode
		f.doc = owner
		f.rareData().host = n
		n.rareData().content = f
		into = f
		d = owner
	}
	for k := h.FirstChild; k != nil; k = k.NextSibling {
		c.convert(d, k, into)
	}
	return n
}

// fixForeignAttributes turns x/net/html's adjusted foreign attributes
// (Namespace "xlink", Key "href") into ours (namespace URI, qualified name)
// (https://html.spec.whatwg.org/multipage/parsing.html#adjust-foreign-attributes).
func fixForeignAttributes(attrs []html.Attribute) {
	for i := range attrs {
		a := &attrs[i]
		switch a.Namespace {
		case "xlink":
			a.Namespace, a.Key = XLinkNamespace, "xlink:"+a.Key
		case "xml":
			a.Namespace, a.Key = XMLNamespace, "xml:"+a.Key
		case "xmlns":
			a.Namespace, a.Key = XMLNSNamespace, "xmlns:"+a.Key
		case "":
			if a.Key == "xmlns" {
				a.Namespace = XMLNSNamespace
			}
		}
	}
}

func linkLast(parent, n *html.Node) {
	rootsMoving(node(n))
	last := parent.LastChild
	if last != nil {
		last.NextSibling = n
	} else {
		parent.FirstChild = n
	}
	parent.LastChild = n
	n.Parent = parent
	n.PrevSibling = last
	treeLinked(node(parent), node(n))
}

// appendRaw links n as parent's last child with no validation or record;
// for building fresh trees.
func (d *Document) appendRaw(parent, n *Node) { linkLast(&parent.Node, &n.Node) }

// templateContentsOwner returns the document's inert template contents
// owner (https://html.spec.whatwg.org/multipage/scripting.html#appropriate-template-contents-owner-document).
func (d *Document) templateContentsOwner() *Document {
	if d.isInert {
		return d
	}
	if d.templateOwner == nil {
		o := NewDocument()
		o.isInert = true
		// no browsing context: scripting is disabled for its nodes
		// (noscript contents are serialized as markup)
		o.Scripting = false
		o.xml = d.xml
		// a new document: its URL is about:blank (nil), so relative URLs
		// inside template contents do not resolve, as in Chromium
		o.rangeSet = d.ranges()
		// Mutations of template contents reach the document's hook.
		o.OnMutation = func(r *MutationRecord) {
			if d.OnMutation != nil {
				d.OnMutation(r)
			}
		}
		o.OnHeldRemoval = func(parent *Node, removed []*Node) {
			if d.OnHeldRemoval != nil {
				d.OnHeldRemoval(parent, removed)
			}
		}
		o.templateOf = d
		d.templateOwner = o
	}
	return d.templateOwner
}

// TemplateContentsOwnerOf returns the document whose template contents
// owner d is (whose OnMutation hook d's mutations reach), nil when d is not
// one.
// https://html.spec.whatwg.org/multipage/scripting.html#appropriate-template-contents-owner-document
func (d *Document) TemplateContentsOwnerOf() *Document { return d.templateOf }

func (d *Document) newNode(t html.NodeType, data string) *Node {
	n := &Node{doc: d}
	n.Type = t
	n.Data = data
	if t == html.ElementNode && len(data) == len("selectedcontent") && data == "selectedcontent" {
		d.selectedContents = true
	}
	return n
}

// newElement creates an element with local name local in the stored
// namespace ns ("" for HTML).
func (d *Document) newElement(local, ns string) *Node {
	n := d.newNode(html.ElementNode, local)
	n.Namespace = ns
	n.DataAtom = atom.Lookup([]byte(local))
	return n
}

// CreateElement creates an HTML element (https://dom.spec.whatwg.org/#dom-document-createelement).
// In an HTML document the name is lowercased.
func (d *Document) CreateElement(localName string) (*Node, error) {
	if !validElementLocalName(localName) {
		return nil, newError(InvalidCharacterError, "The tag name provided ('%s') is not a valid name.", localName)
	}
	if !d.xml {
		return d.newElement(ascii.Lower(localName), ""), nil
	}
	// https://dom.spec.whatwg.org/#dom-document-createelement step 4: the
	// HTML namespace only for HTML documents and application/xhtml+xml.
	if d.contentType == "application/xhtml+xml" {
		return d.newElement(localName, ""), nil
	}
	return d.newElement(localName, nullNamespace), nil
}

// CreateElementNS creates an element in namespace ns ("" for none) with
// qualified name qname (https://dom.spec.whatwg.org/#dom-document-createelementns).
func (d *Document) CreateElementNS(ns, qname string) (*Node, error) {
	prefix, local, err := validateAndExtract(ns, qname, true)
	if err != nil {
		return nil, err
	}
	n := d.newElement(local, storedNamespace(ns))
	if prefix != "" {
		n.rareData().prefix = prefix
	}
	if !d.xml && ns != HTMLNamespace && ascii.Lower(local) != local && !(ns == SVGNamespace && svgCamelCaseName(local)) {
		d.mixedForeign = true // see compiledSelector.match
	}
	return n, nil
}

// foreignCaseFrom sets d's mixedForeign and mixedForeignAttrs for the
// elements of k, just adopted or imported from document from, when from
// is an XML document or has such elements: an HTML document's selectors
// compare the names of non-HTML elements and their attributes without
// case only once a flag says one may differ (compiledSelector.match,
// selectorMode), so `document.querySelector("P")` missed a `<P>` in no
// namespace adopted from an XML document. Adoptions between HTML
// documents that never made one walk nothing.
func (d *Document) foreignCaseFrom(from *Document, k *Node) {
	if d.xml || from == nil || d.mixedForeign && d.mixedForeignAttrs ||
		!from.xml && !from.mixedForeign && !from.mixedForeignAttrs {
		return
	}
	visit := func(n *Node) bool {
		if n.Type == html.ElementNode && n.Namespace != "" {
			if !d.mixedForeign && ascii.Lower(n.Data) != n.Data && !(n.Namespace == "svg" && svgCamelCaseName(n.Data)) {
				d.mixedForeign = true
			}
			if !d.mixedForeignAttrs {
				for _, a := range n.Attr {
					if l := ascii.Lower(a.Key); l != a.Key && !svgCamelCaseAttrs[l] {
						d.mixedForeignAttrs = true
						break
					}
				}
			}
		}
		return !d.mixedForeign || !d.mixedForeignAttrs
	}
	if visit(k) {
		k.Descendants(visit)
	}
}

// CreateTextNode creates a Text node.
func (d *Document) CreateTextNode(data string) *Node { return d.newNode(html.TextNode, data) }

// CreateCDATASection creates a CDATASection node
// (https://dom.spec.whatwg.org/#dom-document-createcdatasection): a
// NotSupportedError in an HTML document, an InvalidCharacterError when data
// contains "]]>".
func (d *Document) CreateCDATASection(data string) (*Node, error) {
	if !d.xml {
		return nil, newError(NotSupportedError, "This operation is not supported for HTML documents.")
	}
	if strings.Contains(data, "]]>") {
		return nil, newError(InvalidCharacterError, "CDATA section data contains \"]]>\"")
	}
	return d.newCDATASection(data), nil
}

// newCDATASection creates a CDATASection node with no checks.
func (d *Document) newCDATASection(data string) *Node {
	n := d.newNode(html.TextNode, data)
	n.rareData().cdata = true
	return n
}

// CreateComment creates a Comment node.
func (d *Document) CreateComment(data string) *Node { return d.newNode(html.CommentNode, data) }

// CreateDocumentFragment creates an empty DocumentFragment.
func (d *Document) CreateDocumentFragment() *Node { return d.newNode(fragmentNode, "") }

// CreateProcessingInstruction creates a ProcessingInstruction node
// (https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction).
func (d *Document) CreateProcessingInstruction(target, data string) (*Node, error) {
	if !validXMLName(target) {
		return nil, newError(InvalidCharacterError, "The target provided ('%s') is not a valid name.", target)
	}
	if strings.Contains(data, "?>") {
		return nil, newError(InvalidCharacterError, "The data provided ('%s') contains '?>'.", data)
	}
	n := d.newNode(processingInstructionNode, data)
	n.rareData().prefix = target
	return n, nil
}

// CreateDocumentType creates a doctype (https://dom.spec.whatwg.org/#dom-domimplementation-createdocumenttype).
func (d *Document) CreateDocumentType(name, publicID, systemID string) (*Node, error) {
	if !validDoctypeName(name) {
		return nil, newError(InvalidCharacterError, "The provided doctype name ('%s') contains an invalid character.", name)
	}
	n := d.newNode(html.DoctypeNode, name)
	if publicID != "" {
		n.Attr = append(n.Attr, html.Attribute{Key: "public", Val: publicID})
	}
	if systemID != "" {
		n.Attr = append(n.Attr, html.Attribute{Key: "system", Val: systemID})
	}
	return n, nil
}

// CreateAttribute creates a detached Attr node (https://dom.spec.whatwg.org/#dom-document-createattribute).
func (d *Document) CreateAttribute(name string) (*Node, error) {
	if !validAttributeLocalName(name) {
		return nil, newError(InvalidCharacterError, "The localName provided ('%s') contains an invalid character.", name)
	}
	if !d.xml {
		name = ascii.Lower(name)
	}
	return d.newAttr(html.Attribute{Key: name}), nil
}

// CreateAttributeNS creates a detached namespaced Attr node.
func (d *Document) CreateAttributeNS(ns, qname string) (*Node, error) {
	prefix, local, err := validateAndExtract(ns, qname, false)
	if err != nil {
		return nil, err
	}
	return d.newAttr(html.Attribute{Namespace: ns, Key: qualify(prefix, local)}), nil
}

func (d *Document) newAttr(a html.Attribute) *Node {
	n := d.newNode(attributeNode, "")
	n.Attr = []html.Attribute{a}
	return n
}

// PublicID returns a doctype's public identifier.
func (n *Node) PublicID() string { return doctypeField(n, "public") }

// SystemID returns a doctype's system identifier.
func (n *Node) SystemID() string { return doctypeField(n, "system") }

func doctypeField(n *Node, key string) string {
	if n.Type != html.DoctypeNode {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Target returns a ProcessingInstruction's target.
func (n *Node) Target() string {
	if n.Type != processingInstructionNode {
		return ""
	}
	return n.rare.prefix
}

// Doctype returns the document's doctype node, or nil.
func (d *Document) Doctype() *Node {
	for k := d.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.DoctypeNode {
			return node(k)
		}
	}
	return nil
}

// DocumentElement returns the root element, or nil.
func (d *Document) DocumentElement() *Node { return d.FirstElementChild() }

// Head returns the document's head element: the first HTML head child of
// the root element, or nil. The standard asks for an HTML html root;
// Chromium (and WPT's expectations) take the head under any root.
// https://html.spec.whatwg.org/multipage/dom.html#dom-document-head
func (d *Document) Head() *Node {
	r := d.DocumentElement()
	if r == nil {
		return nil
	}
	for k := r.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.Is(atom.Head) {
			return k
		}
	}
	return nil
}

// Body returns the document's body: the first body or frameset child of the
// html root element, or nil (https://html.spec.whatwg.org/multipage/dom.html#the-body-element-2).
func (d *Document) Body() *Node {
	r := d.DocumentElement()
	if r == nil || !r.Is(atom.Html) {
		return nil
	}
	for k := r.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.Is(atom.Body) || k.Is(atom.Frameset) {
			return k
		}
	}
	return nil
}

// Title returns document.title: in an SVG document the text of the root's
// first SVG title child, otherwise the first HTML title element's, with
// ASCII whitespace stripped and collapsed.
// https://html.spec.whatwg.org/multipage/dom.html#document.title
// The standard takes any document whose root is an SVG svg element as an
// SVG one; Chromium 156 reads the SVG title only in a document of type
// image/svg+xml (createDocument in the SVG namespace, DOMParser's
// image/svg+xml, an SVG file), and "" in others with an svg root.
func (d *Document) Title() string {
	var t *Node
	if r := d.DocumentElement(); r != nil && r.Namespace == "svg" && r.Data == "svg" {
		if d.contentType != "image/svg+xml" {
			return ""
		}
		t = r.svgTitleChild()
	} else {
		t = d.titleElement()
	}
	if t == nil {
		return ""
	}
	return strings.Join(strings.FieldsFunc(t.childTextContent(), isASCIIWhitespace), " ")
}

// titleElement is "the title element": the first HTML title in tree order.
// https://html.spec.whatwg.org/multipage/dom.html#the-title-element-2
func (d *Document) titleElement() *Node {
	var found *Node
	d.Descendants(func(n *Node) bool {
		if n.Type == html.ElementNode && n.DataAtom == atom.Title && n.Namespace == "" {
			found = n
			return false
		}
		return true
	})
	return found
}

// svgTitleChild returns r's first child that is an SVG title element.
func (n *Node) svgTitleChild() *Node {
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.Namespace == "svg" && k.Data == "title" {
			return k
		}
	}
	return nil
}

// SetTitle sets document.title: in an SVG document on the root's SVG title
// child (inserted first when missing); in an HTML one on the title element,
// appended to the head when missing; otherwise it does nothing.
// https://html.spec.whatwg.org/multipage/dom.html#document.title
func (d *Document) SetTitle(title string) {
	r := d.DocumentElement()
	if r == nil {
		return
	}
	var t *Node
	switch r.Namespace {
	case "svg":
		if r.Data != "svg" {
			return // only under an SVG svg root
		}
		if t = r.svgTitleChild(); t == nil {
			t = d.newElement("title", "svg")
			_, _ = r.InsertBefore(t, r.First())
		}
	case "":
		if t = d.titleElement(); t == nil {
			head := d.Head()
			if head == nil {
				return
			}
			t = d.newElement("title", "")
			_, _ = head.AppendChild(t)
		}
	default:
		return
	}
	t.SetTextContent(title)
}

// baseCache memoizes the document base URL until the tree or URL changes:
// scripts resolve a.href and img.src often, and finding <base> walks the
// tree.
type baseCache struct {
	valid   bool
	version uint64
	rec     *whatwgurl.URL
	// net is rec as a net/url URL, made at the first BaseURL.
	net      *url.URL
	netValid bool
}

// URL returns the document's URL, or nil when it has none (about:blank).
func (d *Document) URL() *url.URL { return d.url }

// SetURL sets the document's URL.
func (d *Document) SetURL(u *url.URL) {
	d.url = u
	d.urlRec, d.urlRecValid = nil, false
	d.baseCache.valid = false
}

// URLString returns document.URL: the URL, or "about:blank".
func (d *Document) URLString() string {
	if d.url == nil {
		return "about:blank"
	}
	return d.url.String()
}

// BaseURL returns the document base URL (BaseRecord) as a net/url URL, for
// callers that fetch or navigate with net/http; nil when there is none. The
// URL is shared (memoized): callers must not modify it.
func (d *Document) BaseURL() *url.URL {
	c := d.base()
	if !c.netValid {
		c.netValid = true
		c.net = nil
		if c.rec != nil {
			if u, err := url.Parse(c.rec.String()); err == nil {
				c.net = u
			}
		}
	}
	return c.net
}

// BaseRecord returns the document base URL as the URL standard's record:
// the frozen base URL of the first base element with an href, else the
// fallback base URL (SetFallbackBaseURL, else the document's URL)
// (https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url).
// It returns nil when the document has no URL and no absolute base. The
// record is shared (memoized): callers must not modify it.
func (d *Document) BaseRecord() *whatwgurl.URL { return d.base().rec }

// FallbackBaseRecord returns the document's fallback base URL: the one set
// with SetFallbackBaseURL, else its URL; nil for none.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fallback-base-url
func (d *Document) FallbackBaseRecord() *whatwgurl.URL {
	if d.fallback != nil {
		return d.fallback
	}
	if d.url == nil {
		return nil
	}
	if !d.urlRecValid {
		d.urlRecValid = true
		d.urlRec, _ = whatwgurl.Parse(d.url.String(), nil)
	}
	return d.urlRec
}

func (d *Document) base() *baseCache {
	c := &d.baseCache
	if c.valid && c.version == d.version {
		return c
	}
	*c = baseCache{valid: true, version: d.version, rec: d.computeBaseURL()}
	if c.rec != nil {
		if enc := d.urlEncoding(); enc != nil {
			c.rec = c.rec.WithQueryEncoding(enc)
		}
	}
	return c
}

// urlEncoding is the encoding of the queries of URLs parsed relative to
// the document, when it is not UTF-8: the document's, but UTF-8 for the
// UTF-16 ones and replacement.
// https://encoding.spec.whatwg.org/#get-an-output-encoding
func (d *Document) urlEncoding() encoding.Encoding {
	switch name := d.CharacterSet(); name {
	case "UTF-8", "UTF-16LE", "UTF-16BE", "replacement":
		return nil
	default:
		enc, err := htmlindex.Get(name)
		if err != nil {
			return nil
		}
		return enc
	}
}

// SetFallbackBaseURL makes u the base URL of the document when it has no
// <base href> (nil: its URL), as for an about:blank or srcdoc document in
// a frame, which resolves URLs against its container's document.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fallback-base-url
func (d *Document) SetFallbackBaseURL(u *whatwgurl.URL) {
	d.fallback = u
	d.baseCache.valid = false
}

func (d *Document) computeBaseURL() *whatwgurl.URL {
	base := d.FallbackBaseRecord()
	var href string
	found := false
	d.Descendants(func(n *Node) bool {
		if n.Is(atom.Base) {
			if v, ok := n.GetAttribute("href"); ok {
				href, found = v, true
				return false
			}
		}
		return true
	})
	if !found {
		return base
	}
	// The frozen base URL: href parsed against the fallback base URL; the
	// fallback when it does not parse, or is data: or javascript: (step 2
	// of "set the frozen base URL"; Chromium too).
	// https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url
	ref, err := whatwgurl.Parse(href, base)
	if err != nil || ref.Scheme == "data" || ref.Scheme == "javascript" {
		return base
	}
	return ref
}

// ResolveURL resolves ref against the document base URL with the URL
// standard's parser, as a.href and friends do; it returns ref unchanged
// when it cannot be resolved.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-and-serializing-a-url
func (d *Document) ResolveURL(ref string) string {
	u, err := whatwgurl.Parse(ref, d.BaseRecord())
	if err != nil {
		return ref
	}
	return u.String()
}

// Version returns a counter that changes whenever any tree of this document
// changes (children, attributes or character data); live collections and
// caches compare it to know whether they are stale.
func (d *Document) Version() uint64 { return d.version }

// UnrecordedChanges counts the changes of Version that OnMutation is not
// told of (the selectedness of options); a cache kept up to date by mutation
// records compares it to know when it must start over.
func (d *Document) UnrecordedChanges() uint64 { return d.unrecorded }

// TreeVersion is like Version but changes only when child lists change:
// caches that depend on the tree's shape, not on attributes or text,
// compare it.
func (d *Document) TreeVersion() uint64 { return d.treeVersion }

// GetElementByID returns the first element in tree order whose id is id
// among the document's connected elements, or nil
// (https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid).
func (d *Document) GetElementByID(id string) *Node {
	if id == "" {
		return nil
	}
	e, ok := d.ids[id]
	if !ok {
		return nil
	}
	best := e.first
	for _, m := range e.more {
		if m.CompareDocumentPosition(best)&DocumentPositionFollowing != 0 {
			best = m
		}
	}
	return best
}

// CountElementsByID returns how many of the document's connected elements
// have the id id (0 for "").
func (d *Document) CountElementsByID(id string) int {
	if id == "" {
		return 0
	}
	e, ok := d.ids[id]
	if !ok {
		return 0
	}
	return 1 + len(e.more)
}

// indexSubtree adds the ids of root and its descendants to the index;
// root must be connected.
func (d *Document) indexSubtree(root *Node) {
	if root.Type == html.ElementNode {
		d.indexElement(root)
	}
	root.Descendants(func(n *Node) bool {
		if n.Type == html.ElementNode {
			d.indexElement(n)
		}
		return true
	})
}

func (d *Document) indexElement(n *Node) {
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			d.addID(a.Val, n)
		case "autofocus":
			d.addAutofocus(n)
		}
	}
	if n.DataAtom == atom.Meta {
		d.metaPragma(n)
	}
}

// maxAutofocusCandidates bounds the candidate list: only the first one
// that can take the focus is ever used.
const maxAutofocusCandidates = 64

func (d *Document) addAutofocus(n *Node) {
	if d.autofocusDone || len(d.autofocus) >= maxAutofocusCandidates {
		return
	}
	d.autofocus = append(d.autofocus, n)
	if d.OnAutofocus != nil {
		d.OnAutofocus()
	}
}

// AutofocusCandidates returns the elements with the autofocus attribute
// inserted into the document since the last call, oldest first, and
// forgets them: the autofocus candidates a browser flushes at its
// rendering updates.
// https://html.spec.whatwg.org/multipage/interaction.html#flush-autofocus-candidates
func (d *Document) AutofocusCandidates() []*Node {
	c := d.autofocus
	d.autofocus = nil
	return c
}

// StopAutofocus makes the document take no more autofocus candidates (its
// autofocus processed flag): one of them got the focus.
func (d *Document) StopAutofocus() {
	d.autofocusDone = true
	d.autofocus = nil
}

func (d *Document) addID(id string, n *Node) {
	if id == "" {
		return
	}
	if d.ids == nil {
		d.ids = make(map[string]idEntry)
	}
	e, ok := d.ids[id]
	if !ok {
		d.ids[id] = idEntry{first: n}
		return
	}
	e.more = append(e.more, n)
	d.ids[id] = e
}

func (d *Document) removeID(id string, n *Node) {
	e, ok := d.ids[id]
	if !ok {
		return
	}
	if e.first == n {
		if len(e.more) == 0 {
			delete(d.ids, id)
			return
		}
		e.first = e.more[len(e.more)-1]
		e.more = e.more[:len(e.more)-1]
	} else {
		for i, m := range e.more {
			if m == n {
				e.more = append(e.more[:i], e.more[i+1:]...)
				break
			}
		}
	}
	if len(e.more) == 0 {
		e.more = nil
	}
	d.ids[id] = e
}

// unindexSubtree removes the ids of root and its descendants.
func (d *Document) unindexSubtree(root *Node) {
	if len(d.ids) == 0 {
		return
	}
	if root.Type == html.ElementNode {
		if id, ok := root.GetAttribute("id"); ok {
			d.removeID(id, root)
		}
	}
	root.Descendants(func(n *Node) bool {
		if n.Type == html.ElementNode {
			if id, ok := n.GetAttribute("id"); ok {
				d.removeID(id, n)
			}
		}
		return true
	})
}
