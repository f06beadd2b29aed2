package xhr

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
)

// A DocumentKind says which parser a browser gives a document response.
type DocumentKind int

const (
	// NotDocument is a response no document parser takes (text, images,
	// JSON...).
	NotDocument DocumentKind = iota
	// HTMLDocument is text/html: the HTML parser.
	HTMLDocument
	// XMLDocument is an XML MIME type (application/xhtml+xml, text/xml,
	// application/xml, image/svg+xml, any +xml): the XML parser.
	XMLDocument
)

// LocaleDefaultEncoding is the encoding of an HTML document that its
// Content-Type, a byte order mark and a <meta> leave unnamed, in a
// top-level navigation or a frame whose parent is of another origin (a
// frame takes its same-origin parent's encoding): windows-1252, the
// default the HTML standard gives for the English locales and what
// Chromium 156 takes there (it never guesses UTF-8 for a document fetched
// over HTTP, so unlabelled UTF-8 text reads as "cafÃ©", as it does here).
// https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
const LocaleDefaultEncoding = "windows-1252"

// SniffDocument tells how a browser loads a navigation's response with
// Content-Type ct and body: the MIME type essence (document.contentType),
// the parser it goes to, and the label of the character encoding to decode
// it with (DecodeText, EncodingName; "" is UTF-8). A byte order mark wins
// over the label in DecodeText. An HTML document's label is the
// Content-Type's charset, else the one a <meta> declares in its first 1024
// bytes, else fallback (LocaleDefaultEncoding, or a frame's parent's
// encoding); an XML document's the Content-Type's charset, else its XML
// declaration's encoding; anything else's the Content-Type's charset. An
// empty ct is sniffed from the body.
//
// https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
// https://html.spec.whatwg.org/multipage/document-lifecycle.html#navigate-html
// https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents
func SniffDocument(ct string, body []byte, fallback string) (essence string, kind DocumentKind, label string) {
	if ct == "" {
		ct = http.DetectContentType(body)
	}
	essence, params := parseMIME(ct)
	if essence == "" {
		// A malformed header: browsers still take the essence before ';'.
		e, _, _ := strings.Cut(ct, ";")
		essence = ascii.Lower(strings.TrimSpace(e))
	}
	switch {
	case essence == "text/html":
		kind = HTMLDocument
	case isXMLMIME(essence):
		kind = XMLDocument
	default:
		return essence, NotDocument, params["charset"]
	}
	if cs := params["charset"]; cs != "" {
		return essence, kind, cs
	}
	if kind == XMLDocument {
		return essence, kind, xmlDeclaredEncoding(body)
	}
	label = PrescanCharset(body)
	if label == "" {
		label = fallback
	}
	// A <meta> that names UTF-16 means UTF-8, and x-user-defined means
	// windows-1252 (the prescan's own steps; a Content-Type may name them).
	// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
	switch _, name := charset.Lookup(label); name {
	case "utf-16le", "utf-16be":
		label = "utf-8"
	case "x-user-defined":
		label = "windows-1252"
	}
	return essence, kind, label
}

// DecodeDocument decodes a document's body as DecodeText does, but an XML
// document's invalid UTF-8 is left as it is for the XML parser, for which
// it is a well-formedness error (https://www.w3.org/TR/xml/#charencoding),
// not replaced by U+FFFD.
func DecodeDocument(body []byte, kind DocumentKind, label string) string {
	if kind == XMLDocument && EncodingName(body, label) == "UTF-8" {
		return string(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")))
	}
	return DecodeText(body, label)
}

// PrescanCharset returns the encoding label of the first <meta charset> or
// <meta http-equiv="Content-Type" content="...; charset=..."> within the first
// 1024 bytes of body that names an encoding, or "".
// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
func PrescanCharset(body []byte) string {
	if len(body) > 1024 {
		body = body[:1024]
	}
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "meta" || !hasAttr {
				continue
			}
			var charset, content string
			httpEquiv := false
			for {
				k, v, more := z.TagAttr()
				switch string(k) {
				case "charset":
					charset = string(v)
				case "content":
					content = string(v)
				case "http-equiv":
					httpEquiv = ascii.EqualFold(string(v), "content-type")
				}
				if !more {
					break
				}
			}
			// a label no encoding has is passed over for a later <meta>
			if cs := strings.TrimSpace(charset); cs != "" {
				if known(cs) {
					return cs
				}
				continue
			}
			if httpEquiv {
				if cs := CharsetFromContent(content); cs != "" && known(cs) {
					return cs
				}
			}
		}
	}
}

// known reports whether label names an encoding.
func known(label string) bool {
	e, _ := charset.Lookup(label)
	return e != nil
}

// CharsetFromContent extracts the charset of a meta content attribute.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
func CharsetFromContent(s string) string {
	i := indexASCIIFold(s, "charset")
	if i < 0 {
		return ""
	}
	s = strings.TrimLeft(s[i+len("charset"):], " \t\n\f\r")
	if !strings.HasPrefix(s, "=") {
		return CharsetFromContent(s)
	}
	s = strings.TrimLeft(s[1:], " \t\n\f\r")
	if s == "" {
		return ""
	}
	if q := s[0]; q == '"' || q == '\'' {
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return ""
		}
		return s[1 : 1+end]
	}
	end := strings.IndexAny(s, " \t\n\f\r;")
	if end < 0 {
		return s
	}
	return s[:end]
}

// indexASCIIFold is strings.Index with ASCII letters compared without case
// (strings.ToLower would shift byte offsets of some non-ASCII text).
func indexASCIIFold(s, lower string) int {
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for j < len(lower) && s[i+j]|0x20 == lower[j] {
			j++
		}
		if j == len(lower) {
			return i
		}
	}
	return -1
}
