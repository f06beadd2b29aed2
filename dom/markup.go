package dom

import (
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTML serialization (https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments),
// byte-exact with what browsers' innerHTML and outerHTML give. Package
// serialize builds snapshots on top of WriteHTML.

// SerializeOptions tune WriteHTML.
type SerializeOptions struct {
	// Skip, when set, leaves out each node (with its subtree) for which it
	// returns true.
	Skip func(*Node) bool
	// SerializableShadowRoots writes the shadow roots marked serializable
	// as <template shadowrootmode> (getHTML's serializableShadowRoots);
	// by default shadow trees are left out, as innerHTML and outerHTML do.
	SerializableShadowRoots bool
	// ShadowRoots are shadow roots written as <template shadowrootmode>
	// whether serializable or not (getHTML's shadowRoots).
	ShadowRoots []*Node
	// AllShadowRoots writes every shadow root, open or closed, serializable
	// or not, as a declarative one: a snapshot's choice, so that what
	// web components rendered is in the markup (getHTML has no such option).
	AllShadowRoots bool
	// AdoptedStyles, when set, is asked for the style sheets a tree
	// adopted (adoptedStyleSheets), which are in no element: those of each
	// shadow root written are written as <style> elements after its
	// content, and when a whole document is written, the document's
	// before the end of its body (of its document element when it has no
	// body), so that they come after the tree's own sheets in the cascade,
	// as adopted sheets do.
	AdoptedStyles func(root *Node) []AdoptedStyle
	// ValidUTF8 writes U+FFFD for the lone surrogates text may hold
	// (wtf8.go), as a snapshot must be valid UTF-8; innerHTML keeps them.
	ValidUTF8 bool
	// StyleText, when set, is asked for each HTML <style> element: when
	// ok, text is written as the element's contents instead of its
	// children (a snapshot writes the rules script inserted through the
	// CSSOM, which are in no text node). An end tag inside text is
	// escaped so that the element cannot end early.
	StyleText func(*Node) (text string, ok bool)
	// FormState writes the current state of form controls into their
	// markup, where serialization otherwise writes only attributes (the
	// default state): an input's checkedness as its checked attribute, a
	// value script or the user set as its value attribute (except a
	// password's), an option's selectedness as its selected attribute and
	// a textarea's value as its text. Parsing the result gives controls in
	// the state the page was in.
	FormState bool
}

// An AdoptedStyle is an adopted style sheet as SerializeOptions.AdoptedStyles
// gives it: its rules as CSS text and its media list ("" for all media).
type AdoptedStyle struct {
	Text, Media string
}

// WriteHTML writes n itself (its outerHTML; for a document or fragment,
// its children) to w, streaming through a small buffer (none when w is a
// *strings.Builder, which is written to directly).
func WriteHTML(w io.Writer, n *Node, opts SerializeOptions) error {
	sw := newHTMLWriter(w, opts)
	if d := n.AsDocument(); d != nil && opts.AdoptedStyles != nil {
		if sw.docSheetsAt = d.Body(); sw.docSheetsAt == nil {
			sw.docSheetsAt = d.DocumentElement()
		}
		sw.doc = n
	}
	if n.Type == html.DocumentNode || n.Type == fragmentNode {
		sw.children(n)
	} else {
		sw.node(n)
	}
	return sw.flush()
}

// WriteInnerHTML writes the HTML fragment serialization of n's children
// (of a template's contents) to w.
func WriteInnerHTML(w io.Writer, n *Node, opts SerializeOptions) error {
	sw := newHTMLWriter(w, opts)
	if !n.serializesAsVoid() {
		sw.children(n)
	}
	return sw.flush()
}

// InnerHTML returns the HTML fragment serialization of n's children.
func (n *Node) InnerHTML() string {
	if n.doc != nil && n.doc.xml {
		// The fragment serializing algorithm: XML for XML documents
		// (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#fragment-serializing-algorithm-steps).
		return n.innerXML()
	}
	var b strings.Builder
	_ = WriteInnerHTML(&b, n, SerializeOptions{})
	return b.String()
}

// OuterHTML returns the serialization of n itself.
func (n *Node) OuterHTML() string {
	if n.doc != nil && n.doc.xml {
		return n.XMLString()
	}
	var b strings.Builder
	_ = WriteHTML(&b, n, SerializeOptions{})
	return b.String()
}

type htmlWriter struct {
	w io.Writer
	// sb is w when it is a *strings.Builder (InnerHTML, OuterHTML, the
	// innerHTML and getHTML bindings): a buffer in front of it would only
	// copy what it already holds, and cost 8 KB at each read.
	sb      *strings.Builder
	buf     []byte
	err     error
	skip    func(*Node) bool
	shadows bool
	all     bool    // SerializeOptions.AllShadowRoots
	roots   []*Node // SerializeOptions.ShadowRoots
	valid   bool    // SerializeOptions.ValidUTF8
	style   func(*Node) (string, bool)
	form    bool // SerializeOptions.FormState
	adopted func(*Node) []AdoptedStyle
	// docSheetsAt is the element before whose end tag the adopted sheets
	// of doc, the document written, go.
	docSheetsAt, doc *Node
}

const htmlWriterBuf = 8 << 10

func newHTMLWriter(w io.Writer, opts SerializeOptions) *htmlWriter {
	hw := &htmlWriter{w: w, skip: opts.Skip, shadows: opts.SerializableShadowRoots, all: opts.AllShadowRoots, roots: opts.ShadowRoots, adopted: opts.AdoptedStyles, valid: opts.ValidUTF8, style: opts.StyleText, form: opts.FormState}
	if sb, ok := w.(*strings.Builder); ok {
		hw.sb = sb
	} else {
		hw.buf = make([]byte, 0, htmlWriterBuf)
	}
	return hw
}

func (w *htmlWriter) flush() error {
	if w.err == nil && len(w.buf) > 0 {
		_, w.err = w.w.Write(w.buf)
	}
	w.buf = w.buf[:0]
	return w.err
}

func (w *htmlWriter) str(s string) {
	if w.sb != nil {
		w.sb.WriteString(s)
		return
	}
	if len(w.buf)+len(s) > htmlWriterBuf {
		w.flush()
		if len(s) > htmlWriterBuf {
			if w.err == nil {
				_, w.err = io.WriteString(w.w, s)
			}
			return
		}
	}
	w.buf = append(w.buf, s...)
}

// clean returns s with its lone surrogates as U+FFFD when the writer
// must write valid UTF-8.
func (w *htmlWriter) clean(s string) string {
	if w.valid && strings.IndexByte(s, 0xED) >= 0 {
		return ValidUTF8(s)
	}
	return s
}

func (w *htmlWriter) byte(c byte) {
	if w.sb != nil {
		w.sb.WriteByte(c)
		return
	}
	if len(w.buf)+1 > htmlWriterBuf {
		w.flush()
	}
	w.buf = append(w.buf, c)
}

// escape writes s escaped (https://html.spec.whatwg.org/multipage/parsing.html#escapingString):
// &, U+00A0, < and > always, " in attribute mode.
func (w *htmlWriter) escape(s string, attr bool) {
	s = w.clean(s)
	last := 0
	for i := 0; i < len(s); i++ {
		var rep string
		switch s[i] {
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case '"':
			if !attr {
				continue
			}
			rep = "&quot;"
		case 0xC2:
			if i+1 < len(s) && s[i+1] == 0xA0 {
				w.str(s[last:i])
				w.str("&nbsp;")
				i++
				last = i + 1
			}
			continue
		default:
			continue
		}
		w.str(s[last:i])
		w.str(rep)
		last = i + 1
	}
	w.str(s[last:])
}

func (w *htmlWriter) children(n *Node) {
	if w.all || w.shadows || len(w.roots) > 0 {
		if s := n.ShadowRoot(); s != nil && (w.all || w.shadows && s.rare.shadowCfg.Serializable || slices.Contains(w.roots, s)) {
			w.shadowRoot(s)
		}
	}
	if c := n.templateContents(); c != nil {
		n = c
	} else if n.Is(atom.Template) {
		return // only a template's contents are serialized, never its children
	}
	for k := n.First(); k != nil; k = k.Next() {
		w.node(k)
	}
	if n == w.docSheetsAt {
		w.adoptedStyles(w.doc)
	}
}

// adoptedStyles writes the sheets root adopted as <style> elements
// (SerializeOptions.AdoptedStyles).
func (w *htmlWriter) adoptedStyles(root *Node) {
	if w.adopted == nil {
		return
	}
	for _, st := range w.adopted(root) {
		if st.Media != "" {
			w.str(`<style media="`)
			w.escape(st.Media, true)
			w.str(`">`)
		} else {
			w.str("<style>")
		}
		w.str(w.clean(escapeStyleEnd(st.Text)))
		w.str("</style>")
	}
}

// shadowRoot writes a shadow root as a declarative one
// (https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments, step 3).
func (w *htmlWriter) shadowRoot(s *Node) {
	cfg := s.rare.shadowCfg
	w.str(`<template shadowrootmode="`)
	w.str(cfg.Mode)
	w.byte('"')
	if cfg.DelegatesFocus {
		w.str(` shadowrootdelegatesfocus=""`)
	}
	if cfg.Serializable {
		w.str(` shadowrootserializable=""`)
	}
	if cfg.SlotAssignment == "manual" {
		w.str(` shadowrootslotassignment="manual"`) // (where Chromium 156 puts it)
	}
	if cfg.Clonable {
		w.str(` shadowrootclonable=""`)
	}
	if cfg.HasReferenceTarget {
		w.str(` shadowrootreferencetarget="`)
		w.escape(cfg.ReferenceTarget, true)
		w.byte('"')
	}
	w.byte('>')
	w.children(s)
	w.adoptedStyles(s)
	w.str("</template>")
}

// styleText asks SerializeOptions.StyleText about an HTML <style> element.
func (w *htmlWriter) styleText(n *Node) (string, bool) {
	if w.style == nil || n.DataAtom != atom.Style || !n.IsHTML() {
		return "", false
	}
	return w.style(n)
}

// textareaValue gives a textarea's value as its text under
// SerializeOptions.FormState.
func (w *htmlWriter) textareaValue(n *Node) (string, bool) {
	if !w.form {
		return "", false
	}
	return n.liveTextareaValue()
}

// escapeStyleEnd writes each "</style" of CSS text (in a string or a
// comment, as no rule can hold one elsewhere) as "<\/style", which CSS
// reads as the same characters and the HTML tokenizer does not take for
// the end tag.
func escapeStyleEnd(css string) string {
	var b strings.Builder
	for {
		i := indexFoldASCII(css, "</style")
		if i < 0 {
			if b.Len() == 0 {
				return css
			}
			b.WriteString(css)
			return b.String()
		}
		b.WriteString(css[:i+1])
		b.WriteByte('\\')
		css = css[i+1:]
	}
}

// indexFoldASCII is strings.Index ignoring ASCII case; sub is lower case.
func indexFoldASCII(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i] == sub[0] && ascii.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// templateContents returns n's template contents when n is a template.
func (n *Node) templateContents() *Node {
	if n.rare != nil && n.rare.content != nil {
		return n.rare.content
	}
	return nil
}

func (w *htmlWriter) node(n *Node) {
	// Once the writer failed (a capped buffer is full) nothing more can be
	// written: stop escaping the rest of a document that may be huge.
	if w.err != nil || w.skip != nil && w.skip(n) {
		return
	}
	switch n.Type {
	case html.ElementNode:
		tag := n.Data
		if n.Namespace != "" && n.Namespace != "svg" && n.Namespace != "math" {
			tag = n.QualifiedName()
		}
		w.byte('<')
		w.str(tag)
		if n.rare != nil && n.rare.isSet && !n.HasAttribute("is") {
			// https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments:
			// an is value with no is attribute is written as one, before
			// the attributes.
			w.str(` is="`)
			w.escape(n.rare.isValue, true)
			w.byte('"')
		}
		n.flags &^= styleTail // serializing reads the attributes
		var live liveState
		hasLive := false
		if w.form {
			live, hasLive = n.liveStateAttr()
		}
		for _, a := range n.Attr {
			if hasLive && a.Namespace == "" && a.Key == live.name {
				hasLive = false // written here, or left out
				if !live.present {
					continue
				}
				a.Val = live.val
			}
			w.byte(' ')
			w.attrName(a)
			w.str(`="`)
			w.escape(a.Val, true)
			w.byte('"')
		}
		if hasLive && live.present {
			w.byte(' ')
			w.str(live.name)
			w.str(`="`)
			w.escape(live.val, true)
			w.byte('"')
		}
		w.byte('>')
		if n.serializesAsVoid() {
			return
		}
		if text, ok := w.styleText(n); ok {
			w.str(w.clean(escapeStyleEnd(text)))
		} else if text, ok := w.textareaValue(n); ok {
			w.escape(text, false)
		} else {
			w.children(n)
		}
		w.str("</")
		w.str(tag)
		w.byte('>')
	case html.TextNode:
		if p := n.ParentNode(); p != nil && p.rawTextParent() {
			w.str(w.clean(n.Data))
		} else {
			w.escape(n.Data, false)
		}
	case html.CommentNode:
		w.str("<!--")
		w.str(w.clean(n.Data))
		w.str("-->")
	case processingInstructionNode:
		// "?>" closes it, so that data ending in "?" reads back the same
		// (https://github.com/whatwg/html/pull/12654; Chromium too).
		w.str("<?")
		w.str(n.Target())
		w.byte(' ')
		w.str(w.clean(n.Data))
		w.str("?>")
	case html.DoctypeNode:
		w.str("<!DOCTYPE ")
		w.str(n.Data)
		w.byte('>')
	case html.DocumentNode, fragmentNode:
		w.children(n)
	}
}

// attrName writes an attribute's serialized name.
func (w *htmlWriter) attrName(a html.Attribute) {
	switch a.Namespace {
	case "":
		w.str(a.Key)
		return
	case XMLNamespace:
		w.str("xml:")
	case XMLNSNamespace:
		if attrLocalName(a) == "xmlns" {
			w.str("xmlns")
			return
		}
		w.str("xmlns:")
	case XLinkNamespace:
		w.str("xlink:")
	default:
		w.str(a.Key)
		return
	}
	w.str(attrLocalName(a))
}

// serializesAsVoid reports https://html.spec.whatwg.org/multipage/parsing.html#serializes-as-void.
func (n *Node) serializesAsVoid() bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Area, atom.Base, atom.Basefont, atom.Bgsound, atom.Br, atom.Col, atom.Embed,
		atom.Frame, atom.Hr, atom.Img, atom.Input, atom.Keygen, atom.Link, atom.Meta,
		atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// rawTextParent reports whether text children of n are serialized
// literally.
func (n *Node) rawTextParent() bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Style, atom.Script, atom.Xmp, atom.Iframe, atom.Noembed, atom.Noframes, atom.Plaintext:
		return true
	case atom.Noscript:
		return n.doc.Scripting
	}
	return false
}

// Fragment parsing (https://html.spec.whatwg.org/multipage/parsing.html#parsing-html-fragments).

// ParseFragment parses markup as the HTML fragment parsing algorithm does
// in context element ctx, and returns the nodes in a new DocumentFragment
// of ctx's document (of its template contents' document when ctx is a
// template element, as in Chromium).
func (ctx *Node) ParseFragment(markup string) (*Node, error) {
	return ctx.parseFragment(markup, false)
}

// SetHTMLUnsafe is SetInnerHTML that also attaches declarative shadow
// roots (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-sethtmlunsafe).
func (n *Node) SetHTMLUnsafe(markup string) error {
	return n.setInnerHTML(markup, true)
}

// parseFragment parses with the scripting flag of ctx's document, but in
// a template element's context with that of its contents' document, which
// has no browsing context: Chromium parses such markup in that document
// (innerHTML, insertAdjacentHTML on the template or beside its children,
// a child's outerHTML, createContextualFragment), so <noscript> holds
// elements there.
func (ctx *Node) parseFragment(markup string, shadowRoots bool) (*Node, error) {
	scripting := ctx.doc.Scripting
	if ctx.Is(atom.Template) {
		scripting = ctx.doc.templateContentsOwner().Scripting
	}
	return ctx.parseFragmentScripting(markup, shadowRoots, scripting)
}

// parseFragmentScripting is parseFragment with the parser's scripting flag
// given: it decides whether <noscript> holds text or markup.
func (ctx *Node) parseFragmentScripting(markup string, shadowRoots, scripting bool) (*Node, error) {
	if ctx.Type != html.ElementNode {
		return nil, newError(NotSupportedError, "fragment parsing needs an element context")
	}
	if ctx.doc.xml {
		return ctx.parseXMLFragment(markup)
	}
	d := ctx.doc
	if ctx.Is(atom.Template) {
		// Chromium 156 makes the nodes, and the fragment, in the
		// template's contents document, which has no browsing context:
		// the custom elements among them are not upgraded as they are
		// parsed, only once inserted into a connected tree
		// (createContextualFragment's fragment keeps that document;
		// insertAdjacentHTML, a child's outerHTML and the template's own
		// innerHTML adopt them as they insert them).
		d = d.templateContentsOwner()
	}
	if f, ok := ctx.parseTextFragment(markup); ok {
		return f, nil
	}
	if f, ok := ctx.parseRawFragment(markup, scripting); ok {
		return f, nil
	}
	// A stand-in context: x/net/html wants DataAtom to match Data exactly
	// (foreignObject's atom is the lowercase one) and looks at ancestors
	// only to find a form.
	c := html.Node{
		Type:      html.ElementNode,
		Data:      ctx.Data,
		DataAtom:  atom.Lookup([]byte(ctx.Data)),
		Namespace: ctx.Namespace,
		Parent:    ctx.Parent,
	}
	// A context in a namespace other than HTML, SVG and MathML (or none):
	// the standard inserts the elements of its foreign content in the
	// context's namespace, which x/net/html cannot (it knows svg and math
	// only, and panics on others). Parse with a MathML stand-in, whose
	// elements keep their names, then give the elements it made the
	// context's namespace (placeholderNamespace below).
	placeholder := c.Namespace != "" && c.Namespace != "svg" && c.Namespace != "math"
	if placeholder {
		c.Namespace = "math"
	}
	if c.Namespace != "" {
		switch c.DataAtom {
		case atom.Select, atom.Td, atom.Th, atom.Tr, atom.Tbody, atom.Thead, atom.Tfoot, atom.Caption,
			atom.Colgroup, atom.Table, atom.Template, atom.Head, atom.Body, atom.Frameset, atom.Html:
			// The reset of the insertion mode looks for these HTML
			// elements; x/net/html matches the name alone, so an svg:table
			// or a foreign html context would start in a table or before
			// head mode. No integration point has these names: a neutral
			// name keeps the context foreign and the mode "in body".
			c.Data, c.DataAtom = "div", atom.Div
		}
	}
	if c.Namespace != "" && strings.Contains(markup, "<![CDATA[") {
		markup = topCDATAText(markup)
	}
	if c.Namespace != "" && indexFoldASCII(markup, "</html") >= 0 {
		markup = dropHTMLEndTags(markup, foreignMarkupContext(ctx))
	}
	if c.Namespace == "math" && c.Data == "annotation-xml" {
		// its encoding makes it an HTML integration point, which x/net/html
		// reads from the context's attributes
		if v, ok := ctx.GetAttribute("encoding"); ok {
			c.Attr = []html.Attribute{{Key: "encoding", Val: v}}
		}
	}
	if c.DataAtom == atom.Select && c.Namespace == "" {
		if m, ok := selectContextMarkup(markup, scripting); ok {
			markup, c.Data, c.DataAtom = m, "div", atom.Div
		}
	}
	if c.Namespace == "" && mayHaveTemplateHeadBody(markup, c.DataAtom == atom.Template) {
		markup = templateHeadBody(markup, c.DataAtom == atom.Template, scripting)
	}
	if c.DataAtom == atom.Colgroup && c.Namespace == "" {
		markup = columnGroupText(markup, true, false, scripting)
	} else if c.DataAtom == atom.Frameset && c.Namespace == "" {
		markup = framesetRawText(markup)
	} else if c.Namespace == "" && mayHaveTemplateColumnGroup(markup, c.DataAtom == atom.Template) {
		markup = columnGroupText(markup, false, c.DataAtom == atom.Template, scripting)
	}
	if c.DataAtom == atom.Head && c.Namespace == "" {
		// The HTML standard resets the insertion mode of a fragment whose
		// context is head to "in body", and so does Chromium; x/net/html
		// picks "in head", which drops <p> and text: parse as in body.
		c.Data, c.DataAtom = "body", atom.Body
	}
	if c.DataAtom == atom.Noscript && c.Namespace == "" && !scripting {
		// x/net/html's tokenizer reads the markup of a noscript context as
		// raw text whatever the scripting flag; without scripting (a
		// document with no browsing context) the standard tokenizes it as
		// data, "in body": parse it in a neutral element's context.
		c.Data, c.DataAtom = "span", atom.Span
	}
	x := xnetParse{scripting: scripting, context: &c}
	var state *unsafe.Pointer // the parser, when it may stop at a template
	var hook html.ParseOption
	if mayStopAtTemplate(markup, c.Namespace != "") {
		state = new(unsafe.Pointer)
		hook = parserHook(state)
	}
	nodes, err := x.parse(markup, hook)
	if err == nil && state != nil && stoppedAtTemplate(*state) {
		// x/net/html ignored what followed a template in foreign
		// content: parse again with it cut out (foreigntemplate.go).
		nodes, _ = reparseKeepingTemplates(markup, x, 0, nodes)
	}
	// Nested deeper than x/net/html accepts: flattened as documents are
	// (see flattenDeep).
	for i := 0; isDepthError(err) && i < len(flattenLimits); i++ {
		nodes, err = x.parse(flattenDeep(markup, flattenLimits[i]), nil)
	}
	if err != nil {
		return nil, err
	}
	f := d.CreateDocumentFragment()
	total := 0
	for _, h := range nodes {
		total += countNodes(h)
	}
	cv := converter{slab: make([]Node, total), shadowRoots: shadowRoots, src: bogusComments{src: markup}}
	for _, h := range nodes {
		cv.convert(d, h, f)
	}
	if placeholder {
		for c := f.First(); c != nil; c = c.Next() {
			placeholderNamespace(c, ctx.Namespace)
		}
	}
	restoreAttrOrderIn(f, markup, foreignMarkupContext(ctx), scripting)
	if cv.selectedContent {
		updateAllSelectedContent(f)
	}
	return f, nil
}

// placeholderNamespace gives ns to n and its descendants that the parser
// made in the MathML stand-in namespace: those it inserted as foreign
// content of the context. Below an HTML element (a breakout tag) a math
// element is a real one.
func placeholderNamespace(n *Node, ns string) {
	if n.Type != html.ElementNode || n.Namespace != "math" {
		return
	}
	n.Namespace = ns
	for c := n.First(); c != nil; c = c.Next() {
		placeholderNamespace(c, ns)
	}
}

// parseRawFragment is the fragment parsing algorithm in the context of an
// HTML element whose contents the tokenizer reads as text (title and
// textarea: RCDATA; style, xmp, iframe, noembed, noframes and, with
// scripting, noscript: RAWTEXT; script; plaintext): no start tag was
// emitted, so no end tag is appropriate and the whole markup is one Text
// node, with character references decoded in RCDATA. x/net/html ends the
// text at the context's end tag (</textarea> in a textarea's innerHTML),
// where browsers keep it as text.
// https://html.spec.whatwg.org/multipage/parsing.html#parsing-html-fragments (step 4)
func (ctx *Node) parseRawFragment(markup string, scripting bool) (*Node, bool) {
	if ctx.Namespace != "" {
		return nil, false
	}
	rcdata := false
	switch ctx.DataAtom {
	case atom.Title, atom.Textarea:
		rcdata = true
	case atom.Style, atom.Xmp, atom.Iframe, atom.Noembed, atom.Noframes, atom.Script, atom.Plaintext:
	case atom.Noscript:
		if !scripting {
			return nil, false
		}
	default:
		return nil, false
	}
	// Input stream preprocessing: newlines normalized. The tokenizer
	// makes NUL U+FFFD in these states; Chromium drops it from RCDATA.
	text := strings.ReplaceAll(markup, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	if rcdata {
		text = html.UnescapeString(strings.ReplaceAll(text, "\x00", ""))
	} else {
		text = strings.ReplaceAll(text, "\x00", "\uFFFD")
	}
	f := ctx.doc.CreateDocumentFragment()
	if text != "" {
		linkLast(&f.Node, &ctx.doc.CreateTextNode(text).Node)
	}
	return f, true
}

// dropHTMLEndTags removes the </html> end tags of markup parsed in a
// foreign context. The standard ignores them in a fragment (the end tag
// steps of foreign content stop at the root, and "in body" has no body in
// scope); x/net/html's foreign content steps pop the root itself, named
// html, and then fail on a nil current node. foreign says the markup starts
// in foreign content, where no tag switches the tokenizer to raw text.
func dropHTMLEndTags(markup string, foreign bool) string {
	return rewriteMarkup(markup, func(z *html.Tokenizer, tt html.TokenType) bool {
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			if foreign {
				z.NextIsNotRawText()
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			return string(name) != "html"
		}
		return true
	})
}

// rewriteMarkup copies markup token by token as x/net/html's tokenizer
// reads it, leaving out the tokens keep refuses (keep may also steer the
// tokenizer); after a tokenizer error other than the end, the markup is
// left to the parser unchanged.
func rewriteMarkup(markup string, keep func(z *html.Tokenizer, tt html.TokenType) bool) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(markup))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return markup
			}
			return b.String()
		}
		if keep(z, tt) {
			b.Write(z.Raw())
		}
	}
}

// topCDATAText rewrites the CDATA sections at the top of markup parsed in
// an SVG or MathML element's context as the text they hold: the tokenizer
// takes a CDATA section where the adjusted current node is not an HTML
// element, which at the top of a fragment is the context element (an
// integration point such as mi or foreignObject too: Chromium 156 gives
// `mi.innerHTML = "<![CDATA[d]]>"` the text "d"), where x/net/html looks at
// the root, an html element, and makes a bogus comment. Inside the
// elements the markup opens x/net/html decides as the standard does; the
// rewrite follows their nesting by start and end tags (void elements and
// self-closing tags open none), which misnested markup may fool.
// https://html.spec.whatwg.org/multipage/parsing.html#markup-declaration-open-state
func topCDATAText(markup string) string {
	var b strings.Builder
	depth := 0
	z := html.NewTokenizer(strings.NewReader(markup))
	for {
		z.AllowCDATA(depth == 0)
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				return markup
			}
			return b.String()
		}
		raw := z.Raw()
		switch tt {
		case html.TextToken:
			if depth == 0 && strings.HasPrefix(string(raw), "<![CDATA[") {
				b.WriteString(html.EscapeString(string(z.Text())))
				continue
			}
		case html.StartTagToken:
			if name, _ := z.TagName(); !isVoidElement(string(name)) {
				depth++
			}
		case html.EndTagToken:
			if depth > 0 {
				depth--
			}
		}
		b.Write(raw)
	}
}

// selectContextMarkup rewrites markup parsed in a select's context for a
// div's: in that context Chromium 156 ignores <select> start tags, as
// x/net/html does, but inserts <input> where x/net/html ignores it too
// (`select.innerHTML = "<input>"` keeps the input); in every other
// respect the select and div contexts parse alike (both "in body", with
// no select on the stack). It answers false, leaving the select context
// as it is, when there is no input to keep or when a select start tag may
// be in foreign content (in svg or math, where it makes an element) or in
// a noscript the tokenizer would read as markup.
func selectContextMarkup(markup string, scripting bool) (string, bool) {
	if indexFoldASCII(markup, "<input") < 0 {
		return "", false
	}
	if indexFoldASCII(markup, "<select") < 0 {
		return markup, true
	}
	if indexFoldASCII(markup, "<svg") >= 0 || indexFoldASCII(markup, "<math") >= 0 ||
		!scripting && indexFoldASCII(markup, "<noscript") >= 0 {
		return "", false
	}
	return rewriteMarkup(markup, func(z *html.Tokenizer, tt html.TokenType) bool {
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			return true
		}
		name, _ := z.TagName()
		return string(name) != "select"
	}), true
}

// foreignMarkupContext reports whether markup parsed in ctx's context
// starts in foreign content: ctx is an SVG or MathML element that is no
// HTML or MathML text integration point.
// https://html.spec.whatwg.org/multipage/parsing.html#tree-construction
func foreignMarkupContext(ctx *Node) bool {
	switch ctx.Namespace {
	case "":
		return false
	case "svg":
		switch ctx.Data {
		case "foreignObject", "desc", "title":
			return false
		}
	case "math":
		switch ctx.Data {
		case "mi", "mo", "mn", "ms", "mtext":
			return false
		case "annotation-xml":
			e := ascii.Lower(ctx.Attribute("encoding"))
			return e != "text/html" && e != "application/xhtml+xml"
		}
	}
	return true
}

// columnGroupText rewrites markup for what x/net/html does wrong in the
// "in column group" insertion mode when its current node is not a colgroup:
// at the top of a fragment parsed in a colgroup context (whose current
// node is the root; top), and in the contents of a template whose first
// start tag was <col> (the "in template" mode switches to "in column
// group" for it). There the standard's tree builder takes text one
// character at a time, inserting each white space character and ignoring
// every other one, so "a b" leaves " ", as in Chromium; x/net/html takes a
// text token whole, keeping only its leading white space. The mode also
// ignores every start tag but col and template (and end tags but
// template's), so the tokenizer never switches to the raw text of a
// script, style, noscript, textarea, title, xmp, iframe, noembed, noframes
// or plaintext start tag there: what follows is markup
// ("<noscript><template>t</template></noscript>" gives the template);
// x/net/html's tokenizer switches by itself. So the rewrite keeps only the
// white space of text there and drops those tags, reading on as markup.
// template says the markup is a template's contents (a template context).
// Elsewhere the markup is copied as the tokenizer reads it.
func columnGroupText(markup string, top, template, scripting bool) string {
	const (
		undecided = iota // "in template": the first start tag decides
		colgroup         // switched to "in column group"
		other            // switched to another mode
	)
	if top && !strings.ContainsAny(markup, "\t\n\f\r &<") {
		return markup // (a character reference may stand for white space)
	}
	var modes []int // the open templates' modes, innermost last
	base := 0
	if template {
		modes, base = []int{undecided}, 1
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(markup))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				// an error other than the end: leave the markup to the parser
				return markup
			}
			return b.String()
		}
		inCG := len(modes) == 0 && top || len(modes) > 0 && modes[len(modes)-1] == colgroup
		raw := z.Raw()
		switch tt {
		case html.TextToken:
			if inCG {
				for _, r := range string(z.Text()) {
					switch r {
					case '\t', '\n', '\f', '\r', ' ':
						b.WriteRune(r)
					}
				}
				continue
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch tag := string(name); {
			case !inCG && (tag == "svg" || tag == "math"):
				// foreign content, where a template is no template: the
				// rewrite does not follow it (the column group mode ignores
				// these tags)
				return markup
			case tag == "template":
				// (a self-closing flag is ignored: it opens one)
				modes = append(modes, undecided)
			case inCG && tag != "col":
				z.NextIsNotRawText() // ignored: no raw text follows
				continue
			case len(modes) > 0 && modes[len(modes)-1] == undecided:
				switch tag {
				case "col":
					modes[len(modes)-1] = colgroup
				case "link", "meta", "script", "style":
					// "in head" rules: no switch (Chromium switches to
					// "in body" for base, basefont, bgsound, noframes and
					// title: templateHeadBody)
				default:
					modes[len(modes)-1] = other
				}
			}
			if string(name) == "noscript" && !scripting {
				z.NextIsNotRawText() // markup without scripting, as the parser says
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "template" {
				if len(modes) > base {
					modes = modes[:len(modes)-1]
				}
			} else if inCG {
				continue // ignored
			}
		}
		b.Write(raw)
	}
}

// framesetRawText rewrites markup parsed in a frameset context for what
// x/net/html's tokenizer does by itself: it reads the content of a title,
// textarea, style, xmp, iframe, noembed, script, noscript or plaintext
// start tag as raw text, where the tree builder's "in frameset" mode (the
// whole of such a fragment: its end tag closes no frameset there) ignores
// those tags, so the tokenizer never switches and what follows is markup,
// of which only white space and frame, frameset and noframes elements are
// kept ("<title><b> x</b>" leaves " " in x/net/html, "" in Chromium and
// the standard). The rewrite drops those start tags.
// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inframeset
func framesetRawText(markup string) string {
	if !strings.Contains(markup, "<") {
		return markup
	}
	return rewriteMarkup(markup, func(z *html.Tokenizer, tt html.TokenType) bool {
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			name, _ := z.TagName()
			switch string(name) {
			case "title", "textarea", "style", "xmp", "iframe", "noembed", "script", "noscript", "plaintext":
				z.NextIsNotRawText() // ignored: no raw text follows
				return false
			}
		}
		return true
	})
}

// templateHeadBody rewrites the contents of templates in markup (or
// markup itself, a template's contents: template) whose first start tag
// other than link, meta, script and style is base, basefont, bgsound,
// noframes or title: Chromium 156 takes only those four by the "in head"
// rules in the "in template" insertion mode and switches to "in body" for
// the others (its HTMLTreeBuilder), which then ignores caption, col,
// colgroup, tbody, tfoot, thead, tr, td and th start tags
// (`<title>t</title><caption>c</caption>` gives "<title>t</title>c"),
// where the standard and x/net/html stay "in template" and let the next
// such tag pick a table mode. Until the first other start tag, after which
// both are "in body", the rewrite turns those tags into end tags, which
// "in template" ignores: "<td>" becomes "</d>", so that the markup keeps
// its length and the offsets the stream parser reports. (A </p> or </br>
// there, of which "in body" makes an element, is left alone; so is what
// follows an svg or math start tag up to its end tag, foreign content
// where a template is none, though a breakout tag may end it sooner.)
// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate
func templateHeadBody(markup string, template, scripting bool) string {
	const (
		undecided = iota // "in template": the first start tag decides
		headBody         // "in body" in Chromium, still "in template" in x/net/html
		decided          // the same mode in both
	)
	var modes []int // the open templates' modes, innermost last
	base := 0
	if template {
		modes, base = []int{undecided}, 1
	}
	foreign := 0 // svg and math elements open, where a template is none
	var b []byte
	z := html.NewTokenizer(strings.NewReader(markup))
	for off := 0; ; {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF || b == nil {
				return markup
			}
			return string(b)
		}
		raw := z.Raw()
		at := off
		off += len(raw)
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			tag := string(name)
			svg := tag == "svg" || tag == "math"
			if svg && tt == html.StartTagToken {
				foreign++
			}
			if tag == "noscript" && !scripting {
				z.NextIsNotRawText() // markup without scripting, as the parser says
			}
			switch {
			case foreign > 0 && !svg:
			case tag == "template":
				modes = append(modes, undecided)
			case len(modes) == 0:
			default:
				m := &modes[len(modes)-1]
				switch tag {
				case "link", "meta", "script", "style":
				case "base", "basefont", "bgsound", "noframes", "title":
					if *m == undecided {
						*m = headBody
					}
				case "caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr", "td", "th":
					if *m == headBody && markup[at] == '<' {
						if b == nil {
							b = []byte(markup)
						}
						b[at+1] = '/' // "<td" -> "</d"
						continue
					}
					*m = decided
				default:
					*m = decided
				}
			}
		case html.EndTagToken:
			switch name, _ := z.TagName(); {
			case string(name) == "svg" || string(name) == "math":
				if foreign > 0 {
					foreign--
				}
			case foreign > 0:
			case string(name) == "template" && len(modes) > base:
				modes = modes[:len(modes)-1]
			}
		}
	}
}

// mayHaveTemplateHeadBody reports, cheaply, whether markup may hold a
// template whose contents templateHeadBody rewrites: a base, basefont,
// bgsound, noframes or title start tag first (but for link, meta, script
// and style) in a template's contents (or in the markup, a template's
// contents: template).
func mayHaveTemplateHeadBody(markup string, template bool) bool {
	if !template && indexFoldASCII(markup, "<template") < 0 {
		return false
	}
	first := template // no start tag yet in the last template opened
	for rest, end := range tagStarts(markup) {
		switch {
		case end || rest == "" || rest[0]|0x20 < 'a' || rest[0]|0x20 > 'z':
		case hasTagName(rest, "template"):
			first = true
		case !first:
		case hasTagName(rest, "title"), hasTagName(rest, "base"), hasTagName(rest, "basefont"),
			hasTagName(rest, "bgsound"), hasTagName(rest, "noframes"):
			return true
		case hasTagName(rest, "link"), hasTagName(rest, "meta"), hasTagName(rest, "script"), hasTagName(rest, "style"):
		default:
			first = false
		}
	}
	return false
}

// mayHaveTemplateColumnGroup reports, cheaply, whether markup may hold a
// template whose contents go to the "in column group" insertion mode
// (columnGroupText): it has a col start tag and a template (or is a
// template's contents: template).
func mayHaveTemplateColumnGroup(markup string, template bool) bool {
	return indexFoldASCII(markup, "<col") >= 0 && (template || indexFoldASCII(markup, "<template") >= 0)
}

// parseTextFragment is the fragment parsing algorithm for markup that is
// only text (no '<' or '&', no CR or NUL, which the tokenizer would turn
// into something else) in the context of an HTML element whose insertion
// mode inserts character tokens as they are: one Text node, or none for ""
// (el.innerHTML = "" and el.innerHTML = count are common, and
// x/net/html's tokenizer allocates a 4 KB buffer per call). It reports
// false when the markup or the context need the full parser.
func (ctx *Node) parseTextFragment(markup string) (*Node, bool) {
	if ctx.Namespace != "" || strings.ContainsAny(markup, "<&\r\x00") {
		return nil, false
	}
	switch ctx.DataAtom {
	case atom.Html, atom.Head, atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr,
		atom.Colgroup, atom.Frameset, atom.Template, atom.Select:
		// https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately:
		// these insertion modes move, drop or wrap text.
		return nil, false
	}
	f := ctx.doc.CreateDocumentFragment()
	if markup != "" {
		linkLast(&f.Node, &ctx.doc.CreateTextNode(markup).Node)
	}
	return f, true
}

func (n *Node) bodyContext() *Node {
	return n.doc.newElement("body", "")
}

// SetInnerHTML replaces n's children (a template's contents) with markup
// parsed in n's context (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-innerhtml).
func (n *Node) SetInnerHTML(markup string) error {
	return n.setInnerHTML(markup, false)
}

func (n *Node) setInnerHTML(markup string, shadowRoots bool) error {
	return n.setInnerHTMLFiltered(markup, shadowRoots, nil)
}

// setInnerHTMLFiltered is setInnerHTML with filter (when not nil) run on
// the parsed fragment before it replaces the children.
func (n *Node) setInnerHTMLFiltered(markup string, shadowRoots bool, filter func(*Node)) error {
	ctx := n
	switch n.Type {
	case html.ElementNode:
	case fragmentNode:
		ctx = n.bodyContext()
		if h := n.Host(); h != nil && n.IsShadowRoot() {
			// A shadow root's markup is parsed in its host's context
			// (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-shadowroot-innerhtml):
			// a form around the host drops <form> tags, as in Chromium.
			ctx = h
		}
	case html.DocumentNode:
		return newError(NotSupportedError, "setting innerHTML of a document")
	default:
		return nil
	}
	// a template's markup goes into its contents, parsed with their
	// document's scripting flag (parseFragment)
	f, err := ctx.parseFragment(markup, shadowRoots)
	if err != nil {
		return err
	}
	if filter != nil {
		filter(f)
	}
	target := n
	if c := n.TemplateContent(); c != nil {
		target = c
		if f.doc != c.doc {
			f.setDocument(c.doc)
		}
	}
	target.replaceAll(f)
	return nil
}

// SetOuterHTML replaces n with markup parsed in its parent's context
// (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-outerhtml).
func (n *Node) SetOuterHTML(markup string) error {
	parent := n.ParentNode()
	if parent == nil {
		return nil
	}
	if parent.Type == html.DocumentNode {
		return newError(NoModificationAllowedError, "This element's parent is a Document, which may not be modified.")
	}
	ctx := parent
	if parent.Type == fragmentNode {
		ctx = n.bodyContext()
	}
	f, err := ctx.ParseFragment(markup)
	if err != nil {
		return err
	}
	_, err = parent.ReplaceChild(f, n)
	return err
}

// InsertAdjacentHTML parses markup and inserts the nodes at position
// (beforebegin, afterbegin, beforeend, afterend)
// (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-insertadjacenthtml).
func (n *Node) InsertAdjacentHTML(position, markup string) error {
	var ctx *Node
	switch ascii.Lower(position) {
	case "beforebegin", "afterend":
		ctx = n.ParentNode()
		if ctx == nil || ctx.Type == html.DocumentNode {
			return newError(NoModificationAllowedError, "The element has no parent.")
		}
	case "afterbegin", "beforeend":
		ctx = n
	default:
		return newError(SyntaxError, "The value provided ('%s') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.", position)
	}
	if ctx.Type != html.ElementNode || ctx.Is(atom.Html) {
		ctx = n.bodyContext()
	}
	f, err := ctx.ParseFragment(markup)
	if err != nil {
		return err
	}
	_, err = n.InsertAdjacent(position, f)
	return err
}

// InsertAdjacent inserts nd at position relative to n and returns nd, or
// nil when n has no parent for beforebegin/afterend
// (https://dom.spec.whatwg.org/#insert-adjacent).
func (n *Node) InsertAdjacent(position string, nd *Node) (*Node, error) {
	if nd == nil {
		return nil, ErrNilNode
	}
	switch ascii.Lower(position) {
	case "beforebegin":
		p := n.ParentNode()
		if p == nil {
			return nil, nil
		}
		return p.InsertBefore(nd, n)
	case "afterbegin":
		return n.InsertBefore(nd, n.First())
	case "beforeend":
		return n.InsertBefore(nd, nil)
	case "afterend":
		p := n.ParentNode()
		if p == nil {
			return nil, nil
		}
		return p.InsertBefore(nd, n.Next())
	}
	return nil, newError(SyntaxError, "The value provided ('%s') is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.", position)
}

// InsertAdjacentText inserts a new Text node with data at position.
func (n *Node) InsertAdjacentText(position, data string) error {
	_, err := n.InsertAdjacent(position, n.doc.CreateTextNode(data))
	return err
}
