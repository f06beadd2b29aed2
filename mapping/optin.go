package mapping

import (
	"errors"
	"fmt"
	"io"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
)

// OptsIn reports whether the HTML document read from r opts in to the AJAX
// crawling scheme: a <meta name="fragment" content="!"> that the HTML parser
// would place in the document's head. The name is compared ASCII
// case-insensitively (meta names are); the content must be exactly "!"
// (after character references are decoded, without trimming). A meta inside
// <template>, in <noscript> (raw text when scripting is on) or in the body does
// not count.
//
// OptsIn tokenizes only as far as the head reaches: it returns at the first
// qualifying meta, or when a token would make the tree builder leave the head
// (a <body> or other body start tag, non-whitespace text, </body>, </html>,
// </br>), without reading the rest of r. Callers that read untrusted input
// should bound r (io.LimitReader). The only errors are r's own.
func OptsIn(r io.Reader) (bool, error) {
	z := html.NewTokenizer(r)
	var (
		template int  // depth of <template> elements: their contents are not the head's
		rawText  bool // the next text token is a script/style/title/noscript/noframes body
	)
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return false, fmt.Errorf("mapping: reading document: %w", err)
			}
			return false, nil
		case html.TextToken:
			if rawText || template > 0 {
				continue
			}
			if !isHTMLSpace(z.Text()) {
				return false, nil // in head, "anything else": the head ends
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if template > 0 {
				if string(name) == "template" && tt == html.StartTagToken {
					template++
				}
				continue
			}
			switch string(name) {
			// https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead
			// These start tags are processed in the head, also before <head>
			// (which they imply) and after </head> (which they reopen).
			case "html", "head", "base", "basefont", "bgsound", "link":
			case "meta":
				if hasAttr && metaOptsIn(z) {
					return true, nil
				}
			case "title", "noscript", "noframes", "style", "script":
				rawText = true
			case "template":
				if tt == html.StartTagToken {
					template++
				}
			default:
				return false, nil // <body>, <frameset> or a tag that implies <body>
			}
		case html.EndTagToken:
			rawText = false
			name, _ := z.TagName()
			switch string(name) {
			case "template":
				if template > 0 {
					template--
				}
			case "body", "html", "br":
				if template == 0 {
					return false, nil
				}
			}
		}
	}
}

// metaOptsIn reads the current meta tag's attributes. As in HTML, the first
// of duplicate attributes wins.
func metaOptsIn(z *html.Tokenizer) bool {
	var haveName, haveContent, nameOK, contentOK bool
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		switch string(key) {
		case "name":
			if !haveName {
				haveName, nameOK = true, ascii.EqualFoldBytes(val, "fragment")
			}
		case "content":
			if !haveContent {
				haveContent, contentOK = true, string(val) == "!"
			}
		}
	}
	return nameOK && contentOK
}

// isHTMLSpace reports whether b is all ASCII whitespace as HTML defines it
// (tab, LF, FF, CR, space). https://infra.spec.whatwg.org/#ascii-whitespace
func isHTMLSpace(b []byte) bool {
	for _, c := range b {
		switch c {
		case '\t', '\n', '\f', '\r', ' ':
		default:
			return false
		}
	}
	return true
}
