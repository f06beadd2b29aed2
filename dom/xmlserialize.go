package dom

import (
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// XML serialization (https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization),
// as XMLSerializer.serializeToString and innerHTML/outerHTML of nodes of
// XML documents produce it, with the "require well-formed" flag unset.

// XMLString returns the XML serialization of n itself.
func (n *Node) XMLString() string {
	var s xmlSerializer
	s.node(n, "", true, newPrefixMap())
	return s.b.String()
}

// innerXML is the XML serialization of n's children, or of a template's
// contents (the fragment serializing algorithm for a node of an XML
// document).
func (n *Node) innerXML() string {
	var s xmlSerializer
	pm := newPrefixMap()
	for k := xmlChildren(n, n.NamespaceURI() == HTMLNamespace); k != nil; k = k.Next() {
		s.node(k, "", true, pm)
	}
	return s.b.String()
}

// xmlChildren is the first node the XML serialization of element n's
// children starts from: for a template element (isHTML: n is in the HTML
// namespace) the first child of its template contents, never its own
// children, which DOM Parsing's serialization leaves out (a child appended
// to a template made by script or moved into an XML document writes
// nothing, as in Chromium 156); nil when there is nothing to write.
// https://w3c.github.io/DOM-Parsing/#dfn-xml-serializing-an-element-node
func xmlChildren(n *Node, isHTML bool) *Node {
	if isHTML && n.Type == html.ElementNode && n.Data == "template" {
		if n.rare == nil || n.rare.content == nil {
			return nil
		}
		return n.rare.content.First()
	}
	return n.First()
}

// namespacePrefixMap maps a namespace to its prefixes, latest last
// (https://w3c.github.io/DOM-Parsing/#dfn-namespace-prefix-map), and,
// under keys no namespace has, each prefix in scope to the namespace it
// was last declared for (bind and lookup): as Chromium, a prefix is taken
// for a namespace only while it still names that namespace.
type namespacePrefixMap map[string][]string

// newPrefixMap returns the map the serialization starts with: xml bound
// to the XML namespace.
func newPrefixMap() namespacePrefixMap {
	return namespacePrefixMap{XMLNamespace: {"xml"}, bindKey + "xml": {XMLNamespace}}
}

// bindKey prefixes the keys of the prefixes' bindings in scope.
const bindKey = "\x00bind\x00"

// bind adds prefix to ns's prefixes and declares it for ns from here on.
func (m namespacePrefixMap) bind(ns, prefix string) {
	m[ns] = append(m[ns], prefix)
	m[bindKey+prefix] = []string{ns}
}

// lookup returns the namespace prefix is declared for in scope.
func (m namespacePrefixMap) lookup(prefix string) (string, bool) {
	if v := m[bindKey+prefix]; len(v) > 0 {
		return v[0], true
	}
	return "", false
}

func (m namespacePrefixMap) clone() namespacePrefixMap {
	c := make(namespacePrefixMap, len(m)+1)
	for k, v := range m {
		c[k] = v[:len(v):len(v)]
	}
	return c
}

// generated records that the serializer itself declared prefix for ns
// (an element's or attribute's prefix, or ns1, ns2...), with no xmlns
// attribute behind it: the map keeps such bindings under a key no
// namespace has.
func (m namespacePrefixMap) generated(ns, prefix string) {
	k := generatedKey + ns
	m[k] = append(m[k], prefix)
}

// generatedKey prefixes the keys of the serializer's own declarations.
const generatedKey = "\x00generated\x00"

func (m namespacePrefixMap) has(ns, prefix string) bool {
	for _, p := range m[ns] {
		if p == prefix {
			return true
		}
	}
	return false
}

// bindsPrefix reports whether prefix is declared for some namespace in
// scope.
func (m namespacePrefixMap) bindsPrefix(prefix string) bool {
	_, ok := m.lookup(prefix)
	return ok
}

// preferredPrefix implements "retrieve a preferred prefix string": the
// preferred prefix when it is one of ns's, else the latest of them. As
// Chromium, a prefix qualifies only while it still names ns: one an
// element between redeclared for another namespace does not (the
// standard's map would give it).
func (m namespacePrefixMap) preferredPrefix(preferred, ns string) (string, bool) {
	if preferred != "" {
		if v, ok := m.lookup(preferred); ok && v == ns {
			return preferred, true
		}
	}
	list := m[ns]
	for i := len(list) - 1; i >= 0; i-- {
		if v, ok := m.lookup(list[i]); ok && v == ns {
			return list[i], true
		}
	}
	return "", false
}

type xmlSerializer struct {
	b           strings.Builder
	prefixIndex int
	skip        func(*Node) bool                   // SerializeOptions.Skip
	style       func(*Node) (text string, ok bool) // SerializeOptions.StyleText
}

// WriteXML writes the XML serialization of n itself (as outerHTML does in
// an XML document; for a document, its children) to w, with opts' Skip,
// ValidUTF8 and StyleText (the shadow root options and AdoptedStyles are
// HTML-only and ignored).
func WriteXML(w io.Writer, n *Node, opts SerializeOptions) error {
	s := xmlSerializer{skip: opts.Skip, style: opts.StyleText}
	s.node(n, "", true, newPrefixMap())
	out := s.b.String()
	if opts.ValidUTF8 {
		out = ValidUTF8(out)
	}
	_, err := io.WriteString(w, out)
	return err
}

// xmlWriting is an element or document whose children are being serialized:
// the next child to write, the context its children are written in, and
// the element's qualified name for its end tag ("" for a document).
type xmlWriting struct {
	next   *Node
	qname  string
	ns     string
	nullNS bool
	pm     namespacePrefixMap
}

// node serializes n with context namespace ns (nullNS when none). The
// elements and documents being written are kept on a stack of its own, not
// the goroutine's: a script's chain of a million nested elements is
// written as any other tree (recursion would run out of Go's stack, which
// is a fatal error).
func (s *xmlSerializer) node(n *Node, ns string, nullNS bool, pm namespacePrefixMap) {
	var stack []xmlWriting
	if o, ok := s.start(n, ns, nullNS, pm); ok {
		stack = append(stack, o)
	}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		k := top.next
		if k == nil {
			if top.qname != "" {
				s.b.WriteString("</")
				s.b.WriteString(top.qname)
				s.b.WriteByte('>')
			}
			stack = stack[:len(stack)-1]
			continue
		}
		top.next = k.Next()
		if o, ok := s.start(k, top.ns, top.nullNS, top.pm); ok {
			stack = append(stack, o)
		}
	}
}

// start writes n, or the beginning of it when it has children to write
// next: then it returns what node needs to write them and end n.
func (s *xmlSerializer) start(n *Node, ns string, nullNS bool, pm namespacePrefixMap) (xmlWriting, bool) {
	if s.skip != nil && s.skip(n) {
		return xmlWriting{}, false
	}
	switch n.Type {
	case html.ElementNode:
		return s.element(n, ns, nullNS, pm)
	case html.DocumentNode, fragmentNode:
		if d := n.AsDocument(); d != nil && d.xmlDecl.Present {
			s.declaration(d.xmlDecl)
		}
		return xmlWriting{next: n.First(), ns: ns, nullNS: nullNS, pm: pm}, true
	case html.TextNode:
		if n.IsCDATASection() {
			// Chromium writes the data as it is, "]]>" included (the
			// serializer does not require well-formedness).
			s.b.WriteString("<![CDATA[")
			s.b.WriteString(n.Data)
			s.b.WriteString("]]>")
			return xmlWriting{}, false
		}
		xmlEscape(&s.b, n.Data, false)
	case html.CommentNode:
		s.b.WriteString("<!--")
		s.b.WriteString(n.Data)
		s.b.WriteString("-->")
	case processingInstructionNode:
		s.b.WriteString("<?")
		s.b.WriteString(n.Target())
		s.b.WriteByte(' ')
		s.b.WriteString(n.Data)
		s.b.WriteString("?>")
	case html.DoctypeNode:
		// https://w3c.github.io/DOM-Parsing/#xml-serializing-a-documenttype-node
		s.b.WriteString("<!DOCTYPE ")
		s.b.WriteString(n.Data)
		pub, sys := n.PublicID(), n.SystemID()
		if pub != "" {
			s.b.WriteString(` PUBLIC "` + pub + `"`)
		}
		if sys != "" && pub == "" {
			s.b.WriteString(" SYSTEM")
		}
		if sys != "" {
			s.b.WriteString(` "` + sys + `"`)
		}
		s.b.WriteByte('>')
	}
	return xmlWriting{}, false
}

// declaration writes a parsed document's XML declaration back, as Chromium
// does (version 1.0, the only one it keeps; the encoding as written; the
// standalone status when given or set).
func (s *xmlSerializer) declaration(x XMLDeclaration) {
	s.b.WriteString(`<?xml version="1.0"`)
	if x.Encoding != "" {
		s.b.WriteString(` encoding="` + x.Encoding + `"`)
	}
	if x.Standalone != "" {
		s.b.WriteString(` standalone="` + x.Standalone + `"`)
	}
	s.b.WriteString("?>")
}

// element implements https://w3c.github.io/DOM-Parsing/#xml-serializing-an-element-node.
func (s *xmlSerializer) element(n *Node, inherited string, inheritedNull bool, pm namespacePrefixMap) (xmlWriting, bool) {
	s.b.WriteByte('<')
	m := pm.clone()
	local := map[string]string{} // local prefixes map
	localDefault, hasLocalDefault := recordNamespaceInformation(n, m, local)
	ns := n.NamespaceURI()
	nsNull := ns == ""
	ignoreNSDef := false
	declared := false // an xmlns="ns" declaration written for the element
	var qname string
	var extra strings.Builder // namespace declarations the algorithm adds
	if inheritedNull == nsNull && inherited == ns {
		if hasLocalDefault {
			ignoreNSDef = true
		}
		if ns == XMLNamespace {
			qname = "xml:" + n.Data
		} else {
			qname = n.Data
		}
	} else {
		prefix := n.Prefix()
		// A prefix an ancestor gave ns that this element's own xmlns
		// attribute (or an element between) binds to another namespace is
		// not taken: another prefix of ns, else a declaration, as Chromium
		// (the standard would write the element in the other namespace).
		candidate, ok := m.preferredPrefix(prefix, ns)
		if nsNull {
			ok = false
		}
		if prefix == "xmlns" {
			ok = false
		}
		switch {
		case ok:
			qname = candidate + ":" + n.Data
			if hasLocalDefault && localDefault != XMLNamespace {
				inherited, inheritedNull = localDefault, localDefault == ""
			}
		case prefix != "":
			if _, taken := local[prefix]; taken || hasPlainAttr(n, "xmlns:"+prefix) {
				prefix = s.generatePrefix(m, local, ns, &extra)
			} else {
				m.bind(ns, prefix)
				m.generated(ns, prefix)
				extra.WriteString(" xmlns:" + prefix + `="`)
				xmlEscape(&extra, ns, true)
				extra.WriteByte('"')
			}
			qname = prefix + ":" + n.Data
			if hasLocalDefault {
				inherited, inheritedNull = localDefault, localDefault == ""
			}
		case !hasLocalDefault || localDefault != ns:
			ignoreNSDef, declared = true, true
			qname = n.Data
			inherited, inheritedNull = ns, nsNull
			extra.WriteString(` xmlns="`)
			xmlEscape(&extra, ns, true)
			extra.WriteByte('"')
		default:
			qname = n.Data
			inherited, inheritedNull = ns, nsNull
		}
	}
	s.b.WriteString(qname)
	s.b.WriteString(extra.String())
	s.attributes(n, m, local, ignoreNSDef, declared && !nsNull, ns)
	isHTML := ns == HTMLNamespace
	if xmlChildren(n, isHTML) == nil {
		if isHTML && isVoidElement(n.Data) {
			s.b.WriteString(" />")
			return xmlWriting{}, false
		}
		if !isHTML {
			s.b.WriteString("/>")
			return xmlWriting{}, false
		}
	}
	s.b.WriteByte('>')
	if isHTML && n.Data == "style" && s.style != nil {
		if text, ok := s.style(n); ok {
			xmlEscape(&s.b, text, false)
			s.b.WriteString("</" + qname + ">")
			return xmlWriting{}, false
		}
	}
	return xmlWriting{next: xmlChildren(n, isHTML), qname: qname, ns: inherited, nullNS: inheritedNull, pm: m}, true
}

// recordNamespaceInformation implements the algorithm of that name: the
// element's xmlns:p declarations join m and local; it returns the value
// of its xmlns attribute, if any.
func recordNamespaceInformation(n *Node, m namespacePrefixMap, local map[string]string) (string, bool) {
	n.flags &^= styleTail // serializing reads the attributes
	def, hasDef := "", false
	for _, a := range n.Attr {
		if a.Namespace != XMLNSNamespace {
			continue
		}
		if a.Key == "xmlns" {
			def, hasDef = a.Val, true
			continue
		}
		p := attrLocalName(a)
		if a.Val == XMLNamespace {
			continue
		}
		if v, ok := m.lookup(p); ok && v == a.Val {
			// A declaration an ancestor's xmlns attribute made is not
			// repeated (the standard); one the serializer generated for an
			// ancestor is, as Chromium writes every xmlns:p attribute (WPT
			// serializing_xhtml), and from here on it is the attribute's.
			k := generatedKey + a.Val
			gen := m[k]
			i := slices.Index(gen, p)
			if i < 0 {
				continue
			}
			m[k] = slices.Delete(slices.Clone(gen), i, i+1)
			local[p] = a.Val
			continue
		}
		m.bind(a.Val, p)
		local[p] = a.Val
	}
	return def, hasDef
}

// hasPlainAttr tells whether n has an attribute in no namespace whose name
// is name: an `xmlns:p` attribute set with setAttribute, which would
// repeat the declaration of the element's own prefix p as Chromium 156
// reads it (it gives the element a generated prefix instead, so that the
// output stays well-formed).
func hasPlainAttr(n *Node, name string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return true
		}
	}
	return false
}

// generatePrefix implements "generate a prefix": ns1, ns2...
func (s *xmlSerializer) generatePrefix(m namespacePrefixMap, local map[string]string, ns string, out *strings.Builder) string {
	for {
		s.prefixIndex++
		p := "ns" + strconv.Itoa(s.prefixIndex)
		if _, taken := local[p]; taken {
			continue
		}
		local[p] = ns
		m.bind(ns, p)
		m.generated(ns, p)
		out.WriteString(" xmlns:" + p + `="`)
		xmlEscape(out, ns, true)
		out.WriteByte('"')
		return p
	}
}

// attributes implements https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization-of-the-attributes.
//
// declared tells that the element's default namespace declaration was
// written, for ns: an attribute in no namespace named xmlns with that same
// value is left out, as Chromium 156 does (it would repeat it).
func (s *xmlSerializer) attributes(n *Node, m namespacePrefixMap, local map[string]string, ignoreNSDef, declared bool, ns string) {
	for _, a := range n.Attr {
		if a.Key == scopeAttr || a.Key == checkedAttr || a.Key == stateAttr {
			continue
		}
		if declared && a.Namespace == "" && a.Key == "xmlns" && a.Val == ns {
			continue
		}
		name := attrLocalName(a)
		prefix := ""
		if i := strings.IndexByte(a.Key, ':'); i >= 0 && a.Namespace != "" {
			prefix = a.Key[:i]
		}
		candidate := ""
		if a.Namespace != "" {
			c, ok := m.preferredPrefix(prefix, a.Namespace)
			if a.Namespace == XMLNSNamespace {
				if a.Val == XMLNamespace || prefix == "" && ignoreNSDef {
					continue
				}
				if prefix != "" && local[name] != a.Val && m.has(a.Val, name) {
					continue
				}
				if prefix != "" {
					candidate = "xmlns"
				}
			} else if ok {
				candidate = c
			} else if _, taken := local[prefix]; prefix != "" && prefix != "xmlns" && !taken && !m.bindsPrefix(prefix) {
				// The attribute's own prefix when it is free (not declared
				// here nor in an ancestor), as Chromium (the standard
				// generates one).
				candidate = prefix
				local[prefix] = a.Namespace
				m.bind(a.Namespace, prefix)
				m.generated(a.Namespace, prefix)
				s.b.WriteString(" xmlns:" + prefix + `="`)
				xmlEscape(&s.b, a.Namespace, true)
				s.b.WriteByte('"')
			} else {
				var decl strings.Builder
				candidate = s.generatePrefix(m, local, a.Namespace, &decl)
				s.b.WriteString(decl.String())
			}
		}
		s.b.WriteByte(' ')
		if candidate != "" {
			s.b.WriteString(candidate)
			s.b.WriteByte(':')
		}
		s.b.WriteString(name)
		s.b.WriteString(`="`)
		xmlEscape(&s.b, a.Val, true)
		s.b.WriteByte('"')
	}
}

// xmlEscape writes text (or an attribute value) with &, <, > (and ")
// escaped. In attribute values tab, LF and CR become character references
// too, so that parsing the output gives back the value (an XML parser
// normalizes literal whitespace in attributes to spaces), as Chromium does.
// https://w3c.github.io/DOM-Parsing/#dfn-serializing-an-attribute-value
func xmlEscape(b *strings.Builder, s string, attr bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\t', '\n', '\r':
			if !attr {
				b.WriteByte(c)
			} else if c == '\t' {
				b.WriteString("&#9;")
			} else if c == '\n' {
				b.WriteString("&#10;")
			} else {
				b.WriteString("&#13;")
			}
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			if attr {
				b.WriteString("&quot;")
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
}
