package dom

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ErrXMLSyntax reports a document that is not well-formed XML; ParseXML
// wraps it in an *XMLSyntaxError.
var ErrXMLSyntax = errors.New("dom: not well-formed XML")

// An XMLSyntaxError says where an XML document stopped being well-formed.
type XMLSyntaxError struct {
	Line    int
	Message string
}

func (e *XMLSyntaxError) Error() string {
	return fmt.Sprintf("dom: XML line %d: %s", e.Line, e.Message)
}

// Unwrap makes errors.Is(err, ErrXMLSyntax) true.
func (e *XMLSyntaxError) Unwrap() error { return ErrXMLSyntax }

// ParserErrorNamespace is the namespace of the parsererror element a
// malformed XML document gets, as in Chromium.
const ParserErrorNamespace = HTMLNamespace

// ParseXML parses an XML document, with namespaces, as DOMParser and
// XMLHttpRequest do for XML types (https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents).
// It always returns a document; when r is not well-formed XML the error is
// an *XMLSyntaxError and the document holds what was parsed before the
// error, with a parsererror element describing it first in the document
// element (https://w3c.github.io/DOM-Parsing/#dom-domparser-parsefromstring).
// CDATA sections become CDATASection nodes; besides the five predefined
// entities and character references, the doctype's internal subset gives
// entities and default attributes (readInternalSubset).
func ParseXML(r io.Reader) (*Document, error) {
	d := NewXMLDocument()
	err := d.parseXML(r, false)
	if err != nil {
		d.addParserError(err)
	}
	d.indexSubtree(&d.Node)
	return d, err
}

var cdataOpen = []byte("<![CDATA[")

// xmlScope is the namespace bindings in scope: prefix ("" for the default
// namespace) to URI ("" for none).
type xmlScope map[string]string

// parseXML parses r into d. For the XML fragment parsing algorithm
// (fragment), a prefix no declaration binds is kept in the name of an
// element in no namespace, as Chromium's parser does there (an
// attribute's is errUnboundAttrPrefix), a namespace declaration that is
// a namespace error is left out, and an XML declaration or a doctype is
// an error.
func (d *Document) parseXML(r io.Reader, fragment bool) error {
	src, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("dom: reading XML: %w", err)
	}
	p := newXMLParser(d, src, fragment, false)
	for {
		if _, err := p.step(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// An xmlParser builds a document from XML source one token at a time.
type xmlParser struct {
	d        *Document
	src      []byte
	dec      *xml.Decoder
	stack    []xmlOpen
	hasRoot  bool
	fragment bool
	// live inserts each node as a DOM insertion (the document's indexes,
	// mutation records, insertion steps), for a document whose scripts
	// run as it is parsed; otherwise nodes are linked raw.
	live bool
	// badUTF8 is the line of the first byte that is not UTF-8 (the source
	// is parsed up to it, then the error ends the parse), or 0.
	badUTF8 int
	// attDefaults are the default attributes the doctype's <!ATTLIST>
	// declarations give, by element name.
	attDefaults map[string][]xml.Attr
}

type xmlOpen struct {
	el    *Node
	qname string
	scope xmlScope
	// into is where el's children go: its template contents for an HTML
	// template element, else el.
	// https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents
	into *Node
}

func newXMLParser(d *Document, src []byte, fragment, live bool) *xmlParser {
	// Bytes that are not UTF-8 (in a document whose encoding is UTF-8)
	// are a fatal error; encoding/xml does not see them all (not after an
	// XML declaration naming another encoding).
	// https://www.w3.org/TR/xml/#charencoding
	badUTF8 := 0
	if !utf8.Valid(src) {
		i := 0
		for i < len(src) {
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		badUTF8 = 1 + bytes.Count(src[:i], []byte("\n"))
		// The text the byte is in is lost with it, as in Chromium
		// (libxml2): parsed up to the last markup before it.
		src = src[:bytes.LastIndexByte(src[:i], '>')+1]
	}
	// encoding/xml hands CDATA sections out as CharData like text; the
	// source at the token's offset tells them apart.
	dec := xml.NewDecoder(bytes.NewReader(src))
	dec.Strict = true
	dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) { return in, nil }
	return &xmlParser{
		d: d, src: src, dec: dec, fragment: fragment, live: live, badUTF8: badUTF8,
		stack: []xmlOpen{{el: &d.Node, into: &d.Node, scope: xmlScope{"xml": XMLNamespace, "xmlns": XMLNSNamespace}}},
	}
}

func (p *xmlParser) fail(format string, args ...any) error {
	line, _ := p.dec.InputPos()
	return &XMLSyntaxError{Line: line, Message: fmt.Sprintf(format, args...)}
}

// add puts n last in parent.
func (p *xmlParser) add(parent, n *Node) {
	if n.doc != parent.doc {
		// a new node going into a template's contents is the contents
		// owner document's, as the HTML parser makes them
		n.setDocument(parent.doc)
	}
	if p.live {
		parent.insert(n, nil, false)
		return
	}
	p.d.appendRaw(parent, n)
}

// step parses the next token. It returns the element an end tag closed
// (nil for other tokens), io.EOF at the end of a well-formed document, or
// the error that stopped it.
func (p *xmlParser) step() (closed *Node, err error) {
	d, src, dec := p.d, p.src, p.dec
	if len(p.stack) == 1 && !p.fragment && dec.InputOffset() == 0 {
		if err := acceptXMLVersion(src); err != nil {
			return nil, err
		}
	}
	start := dec.InputOffset()
	tok, err := dec.RawToken()
	if err == io.EOF && p.badUTF8 > 0 {
		return nil, &XMLSyntaxError{Line: p.badUTF8, Message: "input is not proper UTF-8"}
	}
	if err == io.EOF {
		if len(p.stack) > 1 {
			return nil, p.fail("premature end of data in tag %s", p.stack[len(p.stack)-1].qname)
		}
		if !p.hasRoot {
			return nil, p.fail("document is empty")
		}
		return nil, io.EOF
	}
	if err != nil {
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			return nil, &XMLSyntaxError{Line: se.Line, Message: se.Msg}
		}
		return nil, p.fail("%v", err)
	}
	top := p.stack[len(p.stack)-1]
	switch t := tok.(type) {
	case xml.StartElement:
		if top.el == &d.Node && p.hasRoot {
			return nil, p.fail("extra content at the end of the document")
		}
		if defs := p.attDefaults[xmlQName(t.Name)]; len(defs) > 0 {
			t.Attr = withDefaultAttrs(t.Attr, defs)
		}
		if p.fragment {
			// Chromium's fragment parser leaves out the declarations
			// libxml2 reports as namespace errors rather than failing.
			t.Attr = withoutBadDeclarations(t.Attr)
		}
		if msg := xmlNamespaceError(t); msg != "" {
			return nil, p.fail("%s", msg)
		}
		if err := p.normalizeAttrs(t, src[start:dec.InputOffset()]); err != nil {
			return nil, err
		}
		attrs := orderXMLAttrs(t.Attr)
		scope, copied := top.scope, false
		for _, a := range attrs {
			if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
				if !copied {
					// Copy on the first declaration: the parent's
					// bindings stay as they are.
					scope, copied = make(xmlScope, len(top.scope)+1), true
					for k, v := range top.scope {
						scope[k] = v
					}
				}
				if a.Name.Space == "xmlns" {
					scope[a.Name.Local] = a.Value
				} else {
					scope[""] = a.Value
				}
			}
		}
		uri, ok := scope[t.Name.Space]
		var el *Node
		switch {
		case ok || t.Name.Space == "":
			el = d.newElement(t.Name.Local, storedNamespace(uri))
			if t.Name.Space != "" {
				el.rareData().prefix = t.Name.Space
			}
		case p.fragment:
			el = d.newElement(xmlQName(t.Name), nullNamespace)
		default:
			return nil, p.fail("namespace prefix %s on %s is not defined", t.Name.Space, t.Name.Local)
		}
		for _, a := range attrs {
			var attr html.Attribute
			switch {
			case a.Name.Space == "" && a.Name.Local == "xmlns":
				attr = html.Attribute{Namespace: XMLNSNamespace, Key: "xmlns", Val: a.Value}
			case a.Name.Space == "":
				attr = html.Attribute{Key: a.Name.Local, Val: a.Value}
			default:
				auri, ok := scope[a.Name.Space]
				switch {
				case ok:
					attr = html.Attribute{Namespace: auri, Key: a.Name.Space + ":" + a.Name.Local, Val: a.Value}
				case p.fragment:
					// an element's prefix may be unbound there, an
					// attribute's not: Chromium's parser throws a
					// NamespaceError (parseXMLFragment)
					return nil, fmt.Errorf("%w: namespace prefix %s for %s on %s is not defined", errUnboundAttrPrefix, a.Name.Space, a.Name.Local, t.Name.Local)
				default:
					return nil, p.fail("namespace prefix %s for %s on %s is not defined", a.Name.Space, a.Name.Local, t.Name.Local)
				}
			}
			if attr.Namespace != XMLNSNamespace {
				for _, b := range el.Attr {
					if b.Key == attr.Key && b.Namespace == attr.Namespace ||
						attr.Namespace != "" && b.Namespace == attr.Namespace && localAfterPrefix(b.Key) == a.Name.Local {
						return nil, p.fail("attribute %s redefined on %s", attr.Key, xmlQName(t.Name))
					}
				}
			}
			el.Attr = append(el.Attr, attr)
		}
		p.add(top.into, el)
		if top.el == &d.Node {
			p.hasRoot = true
		}
		into := el
		if el.Is(atom.Template) {
			into = el.TemplateContent()
		}
		p.stack = append(p.stack, xmlOpen{el: el, qname: xmlQName(t.Name), scope: scope, into: into})
	case xml.EndElement:
		if len(p.stack) == 1 || xmlQName(t.Name) != top.qname {
			return nil, p.fail("opening and ending tag mismatch: %s and %s", top.qname, xmlQName(t.Name))
		}
		p.stack = p.stack[:len(p.stack)-1]
		return top.el, nil
	case xml.CharData:
		if top.el == &d.Node {
			// A reference (&#x20;) is content too, whatever its text.
			if strings.TrimLeft(string(t), " \t\r\n") != "" || bytes.IndexByte(src[start:dec.InputOffset()], '&') >= 0 {
				return nil, p.fail("content outside the document element")
			}
			return nil, nil
		}
		switch last := top.into.Last(); {
		case bytes.HasPrefix(src[start:], cdataOpen):
			p.add(top.into, d.newCDATASection(string(t)))
		case last != nil && last.isExclusiveText() && p.live:
			last.AppendData(string(t))
		case last != nil && last.isExclusiveText():
			last.Data += string(t)
		default:
			p.add(top.into, d.newNode(html.TextNode, string(t)))
		}
	case xml.Comment:
		p.add(top.into, d.newNode(html.CommentNode, string(t)))
	case xml.ProcInst:
		if t.Target == "xml" {
			// Only at the very start (after a byte order mark).
			if p.fragment || start > int64(len(utf8BOM)) || !bytes.Equal(src[:start], utf8BOM[:start]) {
				return nil, p.fail("XML declaration allowed only at the start of the document")
			}
			if msg := xmlDeclarationError(string(t.Inst)); msg != "" {
				return nil, p.fail("%s", msg)
			}
			d.xmlDecl = readXMLDeclaration(string(t.Inst))
			return nil, nil
		}
		if strings.EqualFold(t.Target, "xml") {
			return nil, p.fail("invalid processing instruction target %s: the name xml is reserved", t.Target)
		}
		pi := d.newNode(processingInstructionNode, string(t.Inst))
		pi.rareData().prefix = t.Target
		p.add(top.into, pi)
	case xml.Directive:
		if p.fragment {
			return nil, p.fail("a document type declaration in a fragment")
		}
		dt := xmlDoctype(d, string(t))
		if dt != nil && (top.el != &d.Node || p.hasRoot || d.Doctype() != nil) {
			// One document type declaration, before the root element.
			return nil, p.fail("a document type declaration is allowed only once, before the document element")
		}
		if dt != nil {
			if msg := externalIDError(dt, string(t)); msg != "" {
				return nil, p.fail("%s", msg)
			}
			p.add(&d.Node, dt)
			public := ""
			for _, a := range dt.Attr {
				if a.Key == "public" {
					public = a.Val
				}
			}
			dtd, err := readInternalSubset(string(t), public)
			if err != nil {
				return nil, p.fail("%v", err)
			}
			dec.Entity = dtd.entities
			p.attDefaults = dtd.attDefaults
			if len(dtd.markup) > 0 {
				if err := p.expandMarkupEntities(dtd); err != nil {
					return nil, p.fail("%v", err)
				}
			}
		}
	}
	return nil, nil
}

// xmlNamespaceError names the namespace well-formedness error of a start
// tag (Namespaces in XML 1.0, §3 and §4), as libxml2 reports them (and
// Chromium with it): a name with an empty prefix or local part
// (encoding/xml leaves the colon in Local then), an element with the
// xmlns prefix, a declaration of the xmlns prefix, of the xml prefix to
// another namespace, of the default namespace to the XML or XMLNS
// namespace, and a prefixed declaration of the empty namespace (a prefix
// cannot be undeclared in XML 1.0). A prefix bound to the XML or XMLNS
// namespace passes in Chromium, so it does here. "" when there is none.
// https://www.w3.org/TR/xml-names/#ns-decl
func xmlNamespaceError(t xml.StartElement) string {
	if strings.Contains(t.Name.Local, ":") {
		return fmt.Sprintf("failed to parse QName %s", t.Name.Local)
	}
	if t.Name.Space == "xmlns" {
		return fmt.Sprintf("element %s has the xmlns prefix", t.Name.Local)
	}
	for _, a := range t.Attr {
		if strings.Contains(a.Name.Local, ":") {
			return fmt.Sprintf("failed to parse QName %s", a.Name.Local)
		}
		if msg := nsDeclarationError(a); msg != "" {
			return msg
		}
	}
	return ""
}

// nsDeclarationError is xmlNamespaceError's message for a namespace
// declaration a: one of the xmlns prefix, of the xml prefix to another
// namespace, of the default namespace to the XML or XMLNS namespace, or
// a prefixed one of the empty namespace; "" for another attribute.
func nsDeclarationError(a xml.Attr) string {
	switch {
	case a.Name.Space == "" && a.Name.Local == "xmlns":
		if a.Value == XMLNamespace || a.Value == XMLNSNamespace {
			return fmt.Sprintf("%s cannot be the default namespace", a.Value)
		}
	case a.Name.Space == "xmlns":
		switch {
		case a.Name.Local == "xmlns":
			return "the xmlns prefix cannot be declared"
		case a.Name.Local == "xml" && a.Value != XMLNamespace:
			return "the xml prefix cannot be bound to another namespace"
		case a.Value == "":
			return fmt.Sprintf("xmlns:%s: the empty namespace cannot be bound to a prefix", a.Name.Local)
		}
	}
	return ""
}

// withoutBadDeclarations is attrs without the namespace declarations
// nsDeclarationError rejects: Chromium 156's XML fragment parser
// (innerHTML and friends in an XML document) drops them, binding
// nothing, where a document with one is not well-formed.
func withoutBadDeclarations(attrs []xml.Attr) []xml.Attr {
	for i, a := range attrs {
		if nsDeclarationError(a) == "" {
			continue
		}
		out := append([]xml.Attr(nil), attrs[:i]...)
		for _, b := range attrs[i+1:] {
			if nsDeclarationError(b) == "" {
				out = append(out, b)
			}
		}
		return out
	}
	return attrs
}

// errUnboundAttrPrefix is the XML fragment parser's error for an
// attribute whose prefix no declaration binds.
var errUnboundAttrPrefix = errors.New("unbound attribute prefix")

// normalizeAttrs checks the white space between the attributes of the
// start tag raw (encoding/xml takes `a="1"b="2"`) and applies the
// attribute-value normalization XML 1.0 asks of a non-validating parser:
// a literal tab, line feed or carriage return (a CR LF pair counting as
// one) in the value becomes a space, where a character reference to one
// stays. encoding/xml has expanded the references in t's values, so a
// value holding one of those characters is read again from raw.
// https://www.w3.org/TR/xml/#AVNormalize
func (p *xmlParser) normalizeAttrs(t xml.StartElement, raw []byte) error {
	i := bytes.IndexAny(raw, " \t\r\n/>")
	for n := 0; i >= 0 && i < len(raw); n++ {
		for i < len(raw) && isXMLSpace(raw[i]) {
			i++
		}
		if i >= len(raw) || raw[i] == '/' || raw[i] == '>' {
			return nil
		}
		eq := bytes.IndexByte(raw[i:], '=')
		if eq < 0 {
			return nil
		}
		i += eq + 1
		for i < len(raw) && isXMLSpace(raw[i]) {
			i++
		}
		if i >= len(raw) {
			return nil
		}
		q := raw[i]
		end := bytes.IndexByte(raw[i+1:], q)
		if end < 0 {
			return nil
		}
		val := raw[i+1 : i+1+end]
		i += end + 2
		if i < len(raw) && !isXMLSpace(raw[i]) && raw[i] != '/' && raw[i] != '>' {
			return p.fail("attributes construct error: no white space after the value of %s", xmlQName(t.Attr[min(n, len(t.Attr)-1)].Name))
		}
		if n < len(t.Attr) && strings.ContainsAny(t.Attr[n].Value, "\t\r\n") {
			t.Attr[n].Value = p.normalizedValue(val)
		}
	}
	return nil
}

// normalizedValue is the normalized value of an attribute whose raw text
// (between the quotes, well-formed: encoding/xml read it) is raw.
func (p *xmlParser) normalizedValue(raw []byte) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '\r' && i+1 < len(raw) && raw[i+1] == '\n':
			b.WriteByte(' ')
			i++
		case c == '\t' || c == '\r' || c == '\n':
			b.WriteByte(' ')
		case c == '&':
			semi := bytes.IndexByte(raw[i:], ';')
			if semi < 0 {
				b.Write(raw[i:])
				return b.String()
			}
			b.WriteString(p.reference(string(raw[i+1 : i+semi])))
			i += semi
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// reference is the text of the reference &name; in an attribute value: a
// character reference, a predefined entity or one the DTD declares.
func (p *xmlParser) reference(name string) string {
	if strings.HasPrefix(name, "#") {
		base, digits := 10, name[1:]
		if strings.HasPrefix(digits, "x") {
			base, digits = 16, digits[1:]
		}
		if n, err := strconv.ParseUint(digits, base, 32); err == nil {
			return string(rune(n))
		}
		return ""
	}
	switch name {
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "amp":
		return "&"
	case "apos":
		return "'"
	case "quot":
		return `"`
	}
	return p.dec.Entity[name]
}

// utf8BOM is the byte order mark an XML declaration may follow.
var utf8BOM = []byte("\xef\xbb\xbf")

// xmlDeclarationError names what makes the content of an XML declaration
// (after "xml") malformed: the version is required, first, and standalone
// is yes or no. "" when it is well-formed.
// https://www.w3.org/TR/xml/#NT-XMLDecl
func xmlDeclarationError(inst string) string {
	if !strings.HasPrefix(strings.TrimLeft(inst, " \t\r\n"), "version") {
		return "malformed XML declaration: the version is missing"
	}
	if sd := pseudoAttr(inst, "standalone"); sd != "" && sd != "yes" && sd != "no" {
		return "standalone accepts only 'yes' or 'no'"
	}
	return ""
}

// orderXMLAttrs returns the attributes of a start tag in the order
// Chromium's parser (libxml2) gives the element: the default namespace
// declaration, the prefixed declarations in their order, then the other
// attributes in theirs; of two declarations of one prefix the first
// counts and the other is dropped.
func orderXMLAttrs(in []xml.Attr) []xml.Attr {
	decls := 0
	for _, a := range in {
		if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
			decls++
		}
	}
	if decls == 0 {
		return in
	}
	out := make([]xml.Attr, 0, len(in))
	declared := func(a xml.Attr) bool {
		for _, b := range out {
			if b.Name == a.Name {
				return true
			}
		}
		return false
	}
	for _, a := range in {
		if a.Name.Space == "" && a.Name.Local == "xmlns" && !declared(a) {
			out = append(out, a)
		}
	}
	for _, a := range in {
		if a.Name.Space == "xmlns" && !declared(a) {
			out = append(out, a)
		}
	}
	for _, a := range in {
		if a.Name.Space != "xmlns" && (a.Name.Space != "" || a.Name.Local != "xmlns") {
			out = append(out, a)
		}
	}
	return out
}

// localAfterPrefix is the local part of a qualified name.
func localAfterPrefix(qname string) string {
	if i := strings.IndexByte(qname, ':'); i >= 0 {
		return qname[i+1:]
	}
	return qname
}

func xmlQName(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// xhtmlPublicIDs are the public identifiers for which an XML parser uses
// the HTML named character references as its entities.
// https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents
var xhtmlPublicIDs = map[string]bool{
	"-//W3C//DTD XHTML 1.0 Transitional//EN":                 true,
	"-//W3C//DTD XHTML 1.1//EN":                              true,
	"-//W3C//DTD XHTML 1.0 Strict//EN":                       true,
	"-//W3C//DTD XHTML 1.0 Frameset//EN":                     true,
	"-//W3C//DTD XHTML Basic 1.0//EN":                        true,
	"-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN":              true,
	"-//W3C//DTD XHTML 1.1 plus MathML 2.0 plus SVG 1.1//EN": true,
	"-//W3C//DTD MathML 2.0//EN":                             true,
	"-//WAPFORUM//DTD XHTML Mobile 1.0//EN":                  true,
}

// maxEntityText bounds the replacement text of all internal entities of a
// document together, against exponential expansion ("billion laughs").
const maxEntityText = 1 << 20

// internalSubset is what bangsnap reads of a doctype, as libxml2 (and so
// Chromium) does: general entities, their values expanded (character
// references and entities declared before them), external ones empty
// (Chromium drops a reference to one); internal parameter entities, whose
// references in the subset are replaced before it is read; and the
// default values <!ATTLIST> declares.
// https://www.w3.org/TR/xml/#sec-entity-decl, https://www.w3.org/TR/xml/#sec-attr-defaults
type internalSubset struct {
	entities map[string]string
	// markup are the entities whose value holds markup ("<") and their
	// replacement text: a reference to one in content is parsed as that
	// markup.
	markup      map[string]string
	attDefaults map[string][]xml.Attr
}

// readInternalSubset reads the doctype directive dir (without "<!" and
// ">"); the HTML entities are known for an XHTML public identifier.
func readInternalSubset(dir, publicID string) (*internalSubset, error) {
	dtd := &internalSubset{}
	if xhtmlPublicIDs[publicID] {
		dtd.entities = make(map[string]string, len(xml.HTMLEntity)+8)
		for k, v := range xml.HTMLEntity {
			dtd.entities[k] = v
		}
	}
	i := strings.IndexByte(dir, '[')
	if i < 0 {
		return dtd, nil
	}
	subset, err := expandParameterEntities(dir[i+1:])
	if err != nil {
		return nil, err
	}
	total := 0
	for {
		j := strings.Index(subset, "<!")
		if j < 0 {
			return dtd, nil
		}
		subset = subset[j:]
		switch {
		case strings.HasPrefix(subset, "<!--"):
			k := strings.Index(subset, "-->")
			if k < 0 {
				return dtd, nil
			}
			subset = subset[k+3:]
			continue
		case strings.HasPrefix(subset, "<!ATTLIST"):
			rest, err := dtd.attlist(subset[len("<!ATTLIST"):])
			if err != nil {
				return nil, err
			}
			subset = rest
			continue
		case !strings.HasPrefix(subset, "<!ENTITY"):
			subset = subset[2:]
			continue
		}
		subset = subset[len("<!ENTITY"):]
		f := strings.TrimLeft(subset, " \t\r\n")
		if len(f) == len(subset) || strings.HasPrefix(f, "%") {
			continue // not a declaration, or a parameter entity (read before)
		}
		k := strings.IndexAny(f, " \t\r\n")
		if k <= 0 {
			continue
		}
		name, rest := f[:k], strings.TrimLeft(f[k:], " \t\r\n")
		if dtd.entities == nil {
			dtd.entities = make(map[string]string)
		}
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			// An external entity (SYSTEM or PUBLIC): not loaded, its
			// references left out.
			if _, dup := dtd.entities[name]; !dup {
				dtd.entities[name] = ""
			}
			subset = rest
			continue
		}
		end := strings.IndexByte(rest[1:], rest[0])
		if end < 0 {
			return nil, errors.New("unterminated entity value")
		}
		value, err := expandEntityValue(rest[1:1+end], dtd.entities, maxEntityText-total)
		if err != nil {
			return nil, err
		}
		total += len(value)
		if _, dup := dtd.entities[name]; !dup { // the first declaration binds
			dtd.entities[name] = value
			if strings.ContainsRune(value, '<') {
				if dtd.markup == nil {
					dtd.markup = make(map[string]string)
				}
				// The replacement text is parsed as content: its
				// references stay references, but for those to other
				// entities with markup, which are replaced here.
				text := substituteMarkupRefs(rest[1:1+end], dtd.markup)
				if total += len(text); total > maxEntityText {
					return nil, errors.New("entity expansion too large")
				}
				dtd.markup[name] = text
			}
		}
		subset = rest[1+end:]
	}
}

// expandParameterEntities replaces the references to internal parameter
// entities (<!ENTITY % name "value">) in a doctype's internal subset by
// their values, outside literals; a reference to an external or unknown
// one is dropped.
func expandParameterEntities(subset string) (string, error) {
	if !strings.Contains(subset, "%") {
		return subset, nil
	}
	pes := map[string]string{}
	var b strings.Builder
	for i := 0; i < len(subset); i++ {
		c := subset[i]
		switch {
		case c == '"' || c == '\'':
			j := strings.IndexByte(subset[i+1:], c)
			if j < 0 {
				b.WriteString(subset[i:])
				return b.String(), nil
			}
			b.WriteString(subset[i : i+j+2])
			i += j + 1
		case strings.HasPrefix(subset[i:], "<!ENTITY"):
			f := strings.TrimLeft(subset[i+len("<!ENTITY"):], " \t\r\n")
			if !strings.HasPrefix(f, "%") {
				b.WriteByte(c)
				continue
			}
			f = strings.TrimLeft(f[1:], " \t\r\n")
			k := strings.IndexAny(f, " \t\r\n")
			end := strings.IndexByte(f, '>')
			if k <= 0 || end < 0 {
				b.WriteByte(c)
				continue
			}
			name, rest := f[:k], strings.TrimLeft(f[k:], " \t\r\n")
			if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
				if q := strings.IndexByte(rest[1:], rest[0]); q >= 0 {
					if _, dup := pes[name]; !dup {
						pes[name] = rest[1 : 1+q]
					}
					rest = rest[q+2:]
				}
			} else if _, dup := pes[name]; !dup {
				pes[name] = ""
			}
			gt := strings.IndexByte(rest, '>')
			if gt < 0 {
				return b.String(), nil
			}
			// Continue after the declaration, which is not kept.
			i = len(subset) - len(rest) + gt
		case c == '%':
			j := strings.IndexByte(subset[i:], ';')
			if j < 0 {
				b.WriteByte(c)
				continue
			}
			name := subset[i+1 : i+j]
			v, ok := pes[name]
			if !ok && strings.ContainsAny(name, " \t\r\n") {
				b.WriteByte(c)
				continue
			}
			if b.Len()+len(v) > maxEntityText {
				return "", errors.New("entity expansion too large")
			}
			b.WriteString(v)
			i += j
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// attlist reads the rest of an <!ATTLIST element (name type default)*>
// declaration: the #FIXED and plain defaults are kept, the first
// declaration of an attribute binding.
func (dtd *internalSubset) attlist(s string) (string, error) {
	end := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return "", errors.New("unterminated attribute default")
			}
			i += j + 1
		case '>':
			end = i
		}
		if end >= 0 {
			break
		}
	}
	if end < 0 {
		return "", errors.New("unterminated ATTLIST declaration")
	}
	decl, rest := s[:end], s[end+1:]
	fields := func() string {
		decl = strings.TrimLeft(decl, " \t\r\n")
		k := strings.IndexAny(decl, " \t\r\n")
		if k < 0 {
			k = len(decl)
		}
		f := decl[:k]
		decl = decl[k:]
		return f
	}
	elem := fields()
	for {
		name := fields()
		if name == "" {
			return rest, nil
		}
		decl = strings.TrimLeft(decl, " \t\r\n")
		if strings.HasPrefix(decl, "(") {
			k := strings.IndexByte(decl, ')')
			if k < 0 {
				return "", errors.New("unterminated enumeration in ATTLIST")
			}
			decl = decl[k+1:]
		} else if typ := fields(); typ == "NOTATION" {
			decl = strings.TrimLeft(decl, " \t\r\n")
			if k := strings.IndexByte(decl, ')'); k >= 0 {
				decl = decl[k+1:]
			}
		}
		decl = strings.TrimLeft(decl, " \t\r\n")
		if strings.HasPrefix(decl, "#REQUIRED") || strings.HasPrefix(decl, "#IMPLIED") {
			fields()
			continue
		}
		if strings.HasPrefix(decl, "#FIXED") {
			decl = strings.TrimLeft(decl[len("#FIXED"):], " \t\r\n")
		}
		if decl == "" || decl[0] != '"' && decl[0] != '\'' {
			return "", fmt.Errorf("ATTLIST %s %s: a default value is missing", elem, name)
		}
		q := strings.IndexByte(decl[1:], decl[0])
		if q < 0 {
			return "", errors.New("unterminated attribute default")
		}
		value, err := expandEntityValue(decl[1:1+q], dtd.entities, maxEntityText)
		if err != nil {
			return "", err
		}
		decl = decl[q+2:]
		prefix, local, ok := strings.Cut(name, ":")
		if !ok {
			prefix, local = "", name
		}
		if dtd.attDefaults == nil {
			dtd.attDefaults = make(map[string][]xml.Attr)
		}
		dup := false
		for _, a := range dtd.attDefaults[elem] {
			dup = dup || a.Name.Space == prefix && a.Name.Local == local
		}
		if !dup {
			dtd.attDefaults[elem] = append(dtd.attDefaults[elem], xml.Attr{Name: xml.Name{Space: prefix, Local: local}, Value: value})
		}
	}
}

// substituteMarkupRefs replaces in an entity value the references to
// entities with markup by their replacement text.
func substituteMarkupRefs(v string, markup map[string]string) string {
	if len(markup) == 0 || !strings.ContainsRune(v, '&') {
		return v
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(v, '&')
		if i < 0 {
			b.WriteString(v)
			return b.String()
		}
		j := strings.IndexByte(v[i:], ';')
		if j < 0 {
			b.WriteString(v)
			return b.String()
		}
		b.WriteString(v[:i])
		if text, ok := markup[v[i+1:i+j]]; ok {
			b.WriteString(text)
		} else {
			b.WriteString(v[i : i+j+1])
		}
		v = v[i+j+1:]
	}
}

// withDefaultAttrs appends the defaults an element's start tag does not
// give.
func withDefaultAttrs(attrs []xml.Attr, defs []xml.Attr) []xml.Attr {
	out := attrs
	for _, d := range defs {
		given := false
		for _, a := range attrs {
			given = given || a.Name == d.Name
		}
		if !given {
			if len(out) == len(attrs) {
				out = append(attrs[:len(attrs):len(attrs)], d)
			} else {
				out = append(out, d)
			}
		}
	}
	return out
}

// maxExpandedSource bounds a document whose entity references were
// replaced by their markup.
const maxExpandedSource = 64 << 20

// expandMarkupEntities replaces the references in content to entities
// whose value holds markup by that value, in the source after the
// doctype, and goes on parsing the result: libxml2 parses an entity's
// replacement text as content (<!ENTITY e "<b>x</b>"> gives an element).
// Tags, comments, CDATA sections and processing instructions are left as
// they are.
func (p *xmlParser) expandMarkupEntities(dtd *internalSubset) error {
	off := int(p.dec.InputOffset())
	src := p.src[off:]
	var b bytes.Buffer
	b.Grow(len(p.src))
	b.Write(p.src[:off])
	for i := 0; i < len(src); i++ {
		c := src[i]
		skipTo := func(end string) bool {
			k := bytes.Index(src[i:], []byte(end))
			if k < 0 {
				b.Write(src[i:])
				i = len(src)
				return false
			}
			b.Write(src[i : i+k+len(end)])
			i += k + len(end) - 1
			return true
		}
		switch {
		case c == '<' && bytes.HasPrefix(src[i:], []byte("<!--")):
			skipTo("-->")
		case c == '<' && bytes.HasPrefix(src[i:], cdataOpen):
			skipTo("]]>")
		case c == '<' && bytes.HasPrefix(src[i:], []byte("<?")):
			skipTo("?>")
		case c == '<':
			// A tag, its attribute values quoted.
			j := i + 1
			for j < len(src) && src[j] != '>' {
				if q := src[j]; q == '"' || q == '\'' {
					k := bytes.IndexByte(src[j+1:], q)
					if k < 0 {
						j = len(src)
						break
					}
					j += k + 1
				}
				j++
			}
			if j >= len(src) {
				b.Write(src[i:])
				i = len(src)
				break
			}
			b.Write(src[i : j+1])
			i = j
		case c == '&':
			k := bytes.IndexByte(src[i:], ';')
			if text, ok := dtd.markup[string(src[i+1:i+max(k, 1)])]; k > 0 && ok {
				b.WriteString(text)
				i += k
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
		if b.Len() > maxExpandedSource {
			return errors.New("entity expansion too large")
		}
	}
	p.src = b.Bytes()
	dec := xml.NewDecoder(bytes.NewReader(p.src))
	dec.Strict = true
	dec.CharsetReader = p.dec.CharsetReader
	dec.Entity = p.dec.Entity
	// Read the prolog again, up to where the doctype ended.
	for dec.InputOffset() < int64(off) {
		if _, err := dec.RawToken(); err != nil {
			return err
		}
	}
	p.dec = dec
	return nil
}

// expandEntityValue replaces the character references and the references
// to entities already declared in an entity's literal value.
func expandEntityValue(v string, ents map[string]string, budget int) (string, error) {
	if !strings.ContainsRune(v, '&') {
		return v, nil
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(v, '&')
		if i < 0 {
			b.WriteString(v)
			break
		}
		b.WriteString(v[:i])
		j := strings.IndexByte(v[i:], ';')
		if j < 0 {
			return "", errors.New("an entity value has an unterminated reference")
		}
		ref := v[i+1 : i+j]
		v = v[i+j+1:]
		switch {
		case strings.HasPrefix(ref, "#x"):
			n, err := strconv.ParseUint(ref[2:], 16, 32)
			if err != nil || !utf8.ValidRune(rune(n)) {
				return "", fmt.Errorf("bad character reference &%s;", ref)
			}
			b.WriteRune(rune(n))
		case strings.HasPrefix(ref, "#"):
			n, err := strconv.ParseUint(ref[1:], 10, 32)
			if err != nil || !utf8.ValidRune(rune(n)) {
				return "", fmt.Errorf("bad character reference &%s;", ref)
			}
			b.WriteRune(rune(n))
		default:
			if r, ok := ents[ref]; ok {
				b.WriteString(r)
			} else if r, ok := predefinedEntities[ref]; ok {
				b.WriteString(r)
			} else {
				return "", fmt.Errorf("entity '%s' not defined", ref)
			}
		}
		if b.Len() > budget {
			return "", errors.New("entity expansion too large")
		}
	}
	return b.String(), nil
}

var predefinedEntities = map[string]string{"lt": "<", "gt": ">", "amp": "&", "apos": "'", "quot": `"`}

// xmlDoctype makes a doctype node of a <!DOCTYPE ...> directive: its name
// and its PUBLIC or SYSTEM identifiers (an internal subset is ignored).
func xmlDoctype(d *Document, dir string) *Node {
	rest, ok := strings.CutPrefix(dir, "DOCTYPE")
	if !ok {
		return nil
	}
	if i := strings.IndexByte(rest, '['); i >= 0 {
		rest = rest[:i]
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return nil
	}
	n := d.newNode(html.DoctypeNode, f[0])
	quoted := func(s string) []string {
		var out []string
		for {
			i := strings.IndexAny(s, `"'`)
			if i < 0 {
				return out
			}
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return out
			}
			out = append(out, s[i+1:i+1+j])
			s = s[i+2+j:]
		}
	}
	ids := quoted(rest)
	switch {
	case len(f) > 1 && f[1] == "PUBLIC" && len(ids) > 0:
		n.Attr = append(n.Attr, html.Attribute{Key: "public", Val: ids[0]})
		if len(ids) > 1 {
			n.Attr = append(n.Attr, html.Attribute{Key: "system", Val: ids[1]})
		}
	case len(f) > 1 && f[1] == "SYSTEM" && len(ids) > 0:
		n.Attr = append(n.Attr, html.Attribute{Key: "system", Val: ids[0]})
	}
	return n
}

// externalIDError checks a doctype's external ID
// (https://www.w3.org/TR/xml/#NT-ExternalID): PUBLIC needs a public and a
// system literal, SYSTEM a system literal; "" when it is well formed.
func externalIDError(dt *Node, dir string) string {
	f := strings.Fields(strings.TrimPrefix(dir, "DOCTYPE"))
	if len(f) < 2 || strings.HasPrefix(f[1], "[") {
		return ""
	}
	has := func(key string) bool {
		for _, a := range dt.Attr {
			if a.Key == key {
				return true
			}
		}
		return false
	}
	switch f[1] {
	case "PUBLIC":
		if !has("public") || !has("system") {
			return "a PUBLIC doctype needs a public and a system literal"
		}
	case "SYSTEM":
		if !has("system") {
			return "a SYSTEM doctype needs a system literal"
		}
	}
	return ""
}

// addParserError puts Chromium's parsererror element, describing err,
// first in the document element (or, with none, in the body of an html
// document element made for it).
func (d *Document) addParserError(err error) {
	pe := d.newElement("parsererror", storedNamespace(ParserErrorNamespace))
	pe.Attr = []html.Attribute{{Key: "style", Val: "display: block; white-space: pre; border: 2px solid #c77; padding: 0 1em 0 1em; margin: 1em; background-color: #fdd; color: black"}}
	h3 := d.newElement("h3", "")
	d.appendRaw(h3, d.newNode(html.TextNode, "This page contains the following errors:"))
	div := d.newElement("div", "")
	div.Attr = []html.Attribute{{Key: "style", Val: "font-family:monospace;font-size:12px"}}
	msg := err.Error()
	var se *XMLSyntaxError
	if errors.As(err, &se) {
		msg = fmt.Sprintf("error on line %d: %s", se.Line, se.Message)
	}
	d.appendRaw(div, d.newNode(html.TextNode, msg+"\n"))
	below := d.newElement("h3", "")
	d.appendRaw(below, d.newNode(html.TextNode, "Below is a rendering of the page up to the first error."))
	d.appendRaw(pe, h3)
	d.appendRaw(pe, div)
	d.appendRaw(pe, below)
	root := d.DocumentElement()
	if root == nil {
		// no element parsed: Chromium makes an html element with a body
		// to hold it (in the XHTML namespace)
		h, body := d.newElement("html", ""), d.newElement("body", "")
		d.appendRaw(body, pe)
		d.appendRaw(h, body)
		d.appendRaw(&d.Node, h)
		return
	}
	if f := root.First(); f != nil {
		d.insertRaw(root, pe, f)
	} else {
		d.appendRaw(root, pe)
	}
}

// insertRaw links n into parent before ref, with no checks or records.
func (d *Document) insertRaw(parent, n, ref *Node) {
	rootsMoving(n)
	h, c := &n.Node, &ref.Node
	h.Parent = &parent.Node
	h.PrevSibling = c.PrevSibling
	h.NextSibling = c
	if c.PrevSibling != nil {
		c.PrevSibling.NextSibling = h
	} else {
		parent.FirstChild = h
	}
	c.PrevSibling = h
	treeLinked(parent, n)
}

// parseXMLFragment is the XML fragment parsing algorithm
// (https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-fragments),
// innerHTML and friends in an XML document: markup is parsed inside an
// element named like ctx that declares the namespaces in scope at ctx,
// and its children come back in a DocumentFragment of ctx's document. Markup
// that is not well-formed is a SyntaxError. In the context of an element
// whose local name is script or style, in any namespace, the markup is
// one text node, as Chromium 156 takes it (XMLDocumentParser's stand-in
// for the fragment algorithm), so `style.innerHTML = "a > b & c"` in an
// XHTML document sets the sheet's text rather than throwing.
func (ctx *Node) parseXMLFragment(markup string) (*Node, error) {
	if l := ctx.LocalName(); l == "script" || l == "style" {
		f := ctx.doc.CreateDocumentFragment()
		if markup != "" {
			if _, err := f.AppendChild(ctx.doc.CreateTextNode(markup)); err != nil {
				return nil, err
			}
		}
		return f, nil
	}
	var b strings.Builder
	name := ctx.QualifiedName()
	b.WriteByte('<')
	b.WriteString(name)
	for _, ns := range ctx.namespacesInScope() {
		b.WriteString(" xmlns")
		if ns.prefix != "" {
			b.WriteByte(':')
			b.WriteString(ns.prefix)
		}
		b.WriteString(`="`)
		xmlEscape(&b, ns.uri, true)
		b.WriteByte('"')
	}
	b.WriteByte('>')
	b.WriteString(markup)
	b.WriteString("</")
	b.WriteString(name)
	b.WriteByte('>')
	x := NewXMLDocument()
	if err := x.parseXML(strings.NewReader(b.String()), true); err != nil {
		if errors.Is(err, errUnboundAttrPrefix) {
			return nil, newError(NamespaceError, "%v", err)
		}
		return nil, newError(SyntaxError, "the markup is not well-formed XML: %v", err)
	}
	f := ctx.doc.CreateDocumentFragment()
	root := x.DocumentElement()
	if root == nil || root.Prev() != nil || root.Next() != nil {
		return nil, newError(SyntaxError, "the markup is not a well-formed XML fragment")
	}
	for k := root.First(); k != nil; k = root.First() {
		a, err := ctx.doc.AdoptNode(k)
		if err != nil {
			return nil, err
		}
		if _, err := f.AppendChild(a); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// An xmlns is one namespace declaration in scope.
type xmlns struct{ prefix, uri string }

// namespacesInScope returns the namespace prefixes (and the default
// namespace, prefix "") in scope at element n: its own and its ancestors'
// namespaces and xmlns attributes, the nearest winning.
func (n *Node) namespacesInScope() []xmlns {
	var out []xmlns
	seen := func(p string) bool {
		for _, ns := range out {
			if ns.prefix == p {
				return true
			}
		}
		return false
	}
	for e := n; e != nil && e.Type == html.ElementNode; e = e.ParentElement() {
		for _, a := range e.Attr {
			if a.Namespace != XMLNSNamespace {
				continue
			}
			p := ""
			if a.Key != "xmlns" {
				p = localPart(a.Key)
			}
			if !seen(p) && p != "xml" && p != "xmlns" {
				out = append(out, xmlns{p, a.Val})
			}
		}
		if p := e.Prefix(); !seen(p) && p != "xml" && p != "xmlns" {
			out = append(out, xmlns{p, e.NamespaceURI()})
		}
	}
	return out
}
