package xslt

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// Serializing the result (https://www.w3.org/TR/1999/REC-xslt-19991116#output)
// and parsing it again, as Chromium does: an XML result is a new XML
// document (not well-formed, a document with a parsererror, as any XML
// Chromium parses), an HTML result is parsed by the HTML parser from
// libxml2's HTML serialization (its line breaks included), a text
// result is wrapped in an XHTML document's <pre>.

// ContentType is the MIME type of the result document of method.
func ContentType(method string) string {
	switch method {
	case "html":
		return "text/html"
	case "text":
		return "text/plain"
	}
	return "application/xml"
}

// Document is the result as XSLTProcessor.transformToDocument gives it.
func (r *Result) Document() *dom.Document {
	src, mime := r.Source()
	if mime == "text/html" {
		d, err := dom.Parse(strings.NewReader(src))
		if err != nil {
			d = dom.NewHTMLDocument("", false)
		}
		d.SetContentType(mime)
		return d
	}
	d, _ := dom.ParseXML(strings.NewReader(src))
	d.SetContentType(mime)
	return d
}

// Source is the result serialized as Chromium makes a document of it,
// with that document's MIME type: the HTML serialization (text/html), the
// XML one (application/xml), or a text result escaped in an XHTML
// document's <pre> (application/xhtml+xml).
func (r *Result) Source() (text, mime string) {
	switch r.Output.Method {
	case "html":
		return r.HTML(true), "text/html"
	case "text":
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml">` + "\n<head><title></title></head>\n<body>\n<pre>")
		escapeText(&b, r.Text(), false)
		b.WriteString("</pre>\n</body>\n</html>\n")
		return b.String(), "application/xhtml+xml"
	}
	return r.XML(), "application/xml"
}

// Fragment is the result as XSLTProcessor.transformToFragment gives it: a
// DocumentFragment of owner. For an HTML owner the result is serialized
// as HTML (unless the method is text) and parsed as the body's children.
func (r *Result) Fragment(owner *dom.Document) (*dom.Node, error) {
	if r.Output.Method == "text" {
		f := owner.CreateDocumentFragment()
		if s := r.Text(); s != "" {
			if _, err := f.AppendChild(owner.CreateTextNode(s)); err != nil {
				return nil, err
			}
		}
		return f, nil
	}
	if !owner.IsXML() {
		body, err := owner.CreateElement("body")
		if err != nil {
			return nil, err
		}
		return body.ParseFragment(r.HTML(true))
	}
	f := owner.CreateDocumentFragment()
	for k := r.Root.First(); k != nil; k = k.Next() {
		c, err := owner.ImportNode(k, true)
		if err != nil {
			return nil, err
		}
		if _, err := f.AppendChild(c); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Text is the text output method's result: the text nodes' data.
func (r *Result) Text() string {
	var b strings.Builder
	for d := r.Root.First(); d != nil; d = d.NextWithin(r.Root) {
		if d.IsText() {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// XML is the xml output method's result, indented as libxml2 does when
// xsl:output asks.
func (r *Result) XML() string {
	var b strings.Builder
	if r.Output.Indent {
		indentXML(r.Root, 0)
	}
	for k := r.Root.First(); k != nil; k = k.Next() {
		b.WriteString(k.XMLString())
		if r.Output.Indent {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// indentXML adds libxml2's indentation: an element whose children are all
// elements (or comments, PIs) gets each on its own line, two spaces deeper.
func indentXML(n *dom.Node, level int) {
	for k := n.First(); k != nil; k = k.Next() {
		if !k.IsElement() || k.First() == nil {
			continue
		}
		hasText := false
		for c := k.First(); c != nil; c = c.Next() {
			if c.IsText() {
				hasText = true
				break
			}
		}
		if hasText {
			continue
		}
		indentXML(k, level+1)
		doc := k.OwnerDocument()
		pad := "\n" + strings.Repeat("  ", level+1)
		for c := k.First(); c != nil; c = c.Next() {
			_, _ = k.InsertBefore(doc.CreateTextNode(pad), c)
		}
		_, _ = k.AppendChild(doc.CreateTextNode("\n" + strings.Repeat("  ", level)))
	}
}

// libxml2's HTML element descriptions as its serializer uses them.
var (
	htmlInline = map[string]bool{"a": true, "abbr": true, "acronym": true, "applet": true, "b": true, "basefont": true, "bdo": true, "big": true, "br": true, "button": true, "cite": true, "code": true, "dfn": true, "em": true, "embed": true, "font": true, "i": true, "iframe": true, "img": true, "input": true, "kbd": true, "label": true, "map": true, "object": true, "q": true, "s": true, "samp": true, "script": true, "select": true, "small": true, "span": true, "strike": true, "strong": true, "sub": true, "sup": true, "textarea": true, "tt": true, "u": true, "var": true}
	htmlEmpty  = map[string]bool{"area": true, "base": true, "basefont": true, "br": true, "col": true, "embed": true, "frame": true, "hr": true, "img": true, "input": true, "isindex": true, "link": true, "meta": true, "param": true}
	htmlKnown  = map[string]bool{"address": true, "blockquote": true, "body": true, "caption": true, "center": true, "colgroup": true, "dd": true, "del": true, "dir": true, "div": true, "dl": true, "dt": true, "fieldset": true, "form": true, "frameset": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "head": true, "html": true, "ins": true, "legend": true, "li": true, "menu": true, "noframes": true, "noscript": true, "ol": true, "optgroup": true, "option": true, "p": true, "pre": true, "style": true, "table": true, "tbody": true, "td": true, "tfoot": true, "th": true, "thead": true, "title": true, "tr": true, "ul": true, "meta": true, "link": true, "hr": true, "col": true, "area": true, "base": true, "frame": true, "param": true, "isindex": true, "iframe": true}
	htmlBool   = map[string]bool{"checked": true, "compact": true, "declare": true, "defer": true, "disabled": true, "ismap": true, "multiple": true, "nohref": true, "noresize": true, "noshade": true, "nowrap": true, "readonly": true, "selected": true}
)

// htmlInfo is whether libxml2 knows a null-namespace element and whether
// it is inline.
func htmlInfo(n *dom.Node) (known, inline bool) {
	if !n.IsElement() || n.NamespaceURI() != "" {
		return false, false
	}
	name := strings.ToLower(n.LocalName())
	if htmlInline[name] {
		return true, true
	}
	return htmlKnown[name] || htmlEmpty[name], false
}

// HTML is the html output method's result as libxslt writes it, with
// libxml2's line breaks when format is set and indent is not "no".
func (r *Result) HTML(format bool) string {
	if r.Output.IndentSet && !r.Output.Indent {
		format = false
	}
	var b strings.Builder
	if r.Output.DoctypePublic != "" || r.Output.DoctypeSystem != "" {
		name := "html"
		if e := firstElement(r.Root); e != nil {
			name = e.LocalName()
		}
		b.WriteString("<!DOCTYPE " + name)
		if r.Output.DoctypePublic != "" {
			b.WriteString(` PUBLIC "` + r.Output.DoctypePublic + `"`)
			if r.Output.DoctypeSystem != "" {
				b.WriteString(` "` + r.Output.DoctypeSystem + `"`)
			}
		} else {
			b.WriteString(` SYSTEM "` + r.Output.DoctypeSystem + `"`)
		}
		b.WriteString(">\n")
	}
	addMetaCharset(r.Root)
	w := htmlWriter{b: &b, format: format}
	for k := r.Root.First(); k != nil; k = k.Next() {
		w.node(k)
	}
	return b.String()
}

// addMetaCharset puts <meta charset="UTF-8"> first in each head that
// declares no encoding, as libxml2's HTML serializer does.
func addMetaCharset(root *dom.Node) {
	for d := root.First(); d != nil; d = d.NextWithin(root) {
		if !d.IsElement() || d.NamespaceURI() != "" || !strings.EqualFold(d.LocalName(), "head") {
			continue
		}
		has := false
		for k := d.First(); k != nil; k = k.Next() {
			if k.IsElement() && strings.EqualFold(k.LocalName(), "meta") {
				if _, ok := k.GetAttribute("charset"); ok || strings.EqualFold(k.Attribute("http-equiv"), "content-type") {
					has = true
				}
			}
		}
		if has {
			continue
		}
		doc := d.OwnerDocument()
		meta, err := doc.CreateElementNS("", "meta")
		if err != nil {
			continue
		}
		_ = meta.SetAttributeNS("", "charset", "UTF-8")
		_, _ = d.InsertBefore(meta, d.First())
	}
}

func firstElement(n *dom.Node) *dom.Node {
	for k := n.First(); k != nil; k = k.Next() {
		if k.IsElement() {
			return k
		}
	}
	return nil
}

type htmlWriter struct {
	b      *strings.Builder
	format bool
}

func (w *htmlWriter) breakAfter(n *dom.Node) bool {
	if !w.format {
		return false
	}
	known, inline := htmlInfo(n)
	nx := n.Next()
	if !known || inline || nx == nil || nx.IsText() {
		return false
	}
	p := n.ParentNode()
	return p != nil && p.IsElement() && !strings.HasPrefix(strings.ToLower(p.LocalName()), "p")
}

func (w *htmlWriter) node(n *dom.Node) {
	b := w.b
	switch n.Kind() {
	case dom.TextNode, dom.CDATASectionNode:
		if p := n.ParentNode(); p != nil && p.IsElement() && (strings.EqualFold(p.LocalName(), "script") || strings.EqualFold(p.LocalName(), "style")) {
			b.WriteString(n.Data)
		} else {
			escapeText(b, n.Data, false)
		}
		return
	case dom.CommentNode:
		b.WriteString("<!--" + n.Data + "-->")
		return
	case dom.ProcessingInstructionNode:
		b.WriteString("<?" + n.NodeName())
		if n.Data != "" {
			b.WriteString(" " + n.Data)
		}
		b.WriteString(">")
		return
	case dom.ElementNode:
	default:
		return
	}
	known, inline := htmlInfo(n)
	name := n.QualifiedName()
	lower := strings.ToLower(n.LocalName())
	b.WriteString("<" + name)
	for i := range n.Attr {
		a := n.AttributeNode(i)
		b.WriteString(" " + a.QualifiedName())
		if known && a.NamespaceURI() == "" && htmlBool[strings.ToLower(a.LocalName())] {
			continue
		}
		b.WriteString(`="`)
		escapeText(b, a.AttrValue(), true)
		b.WriteString(`"`)
	}
	if known && htmlEmpty[lower] {
		b.WriteString(">")
		if w.breakAfter(n) {
			b.WriteString("\n")
		}
		return
	}
	b.WriteString(">")
	first, last := n.First(), n.Last()
	pBlock := strings.HasPrefix(lower, "p")
	if first != nil && w.format && known && !inline && !first.IsText() && first != last && !pBlock {
		b.WriteString("\n")
	}
	for k := first; k != nil; k = k.Next() {
		w.node(k)
	}
	if last != nil && w.format && known && !inline && !last.IsText() && first != last && !pBlock {
		b.WriteString("\n")
	}
	b.WriteString("</" + name + ">")
	if w.breakAfter(n) {
		b.WriteString("\n")
	}
}

func escapeText(b *strings.Builder, s string, attr bool) {
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
}
