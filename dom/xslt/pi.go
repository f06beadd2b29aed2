package xslt

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// A PagePI is the xml-stylesheet processing instruction that makes
// Chromium transform an XML document as it loads
// (https://www.w3.org/TR/xml-stylesheet/): the first one before the
// document element whose type is an XSLT one. Chromium's XML parser stops
// there; the document is transformed once the stylesheet has loaded, and
// stays empty when it does not (an alternate stylesheet without a title is
// never loaded).
type PagePI struct {
	Href string
	// Applies is false for an alternate stylesheet without a title.
	Applies bool
}

// xslTypes are the types Chromium 156 takes for XSLT in an
// xml-stylesheet instruction (compared as written; application/xslt+xml
// is not one).
var xslTypes = map[string]bool{"text/xsl": true, "text/xml": true, "application/xml": true,
	"application/xhtml+xml": true, "application/rss+xml": true, "application/atom+xml": true}

// FindPagePI scans the prolog of the XML source src (up to its first
// element) for the instruction that transforms it.
func FindPagePI(src string) (PagePI, bool) {
	i := 0
	if strings.HasPrefix(src, "\ufeff") {
		i = len("\ufeff")
	}
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n':
			i++
		case strings.HasPrefix(src[i:], "<!--"):
			end := strings.Index(src[i+4:], "-->")
			if end < 0 {
				return PagePI{}, false
			}
			i += 4 + end + 3
		case strings.HasPrefix(src[i:], "<?"):
			end := strings.Index(src[i+2:], "?>")
			if end < 0 {
				return PagePI{}, false
			}
			body := src[i+2 : i+2+end]
			i += 2 + end + 2
			if target, data := cutSpace(body); target == "xml-stylesheet" {
				attrs, ok := pseudoAttributes(data)
				if ok && xslTypes[attrs["type"]] {
					return PagePI{Href: attrs["href"], Applies: attrs["alternate"] != "yes" || attrs["title"] != ""}, true
				}
			}
		case strings.HasPrefix(src[i:], "<!DOCTYPE"):
			end, ok := doctypeEnd(src[i:])
			if !ok {
				return PagePI{}, false
			}
			i += end
		default:
			return PagePI{}, false // the document element, or not XML
		}
	}
	return PagePI{}, false
}

func cutSpace(s string) (before, after string) {
	i := strings.IndexAny(s, " \t\r\n")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i+1:]
}

// doctypeEnd is the length of the doctype declaration that s starts with,
// its internal subset (with its quoted strings, comments and
// instructions) skipped.
func doctypeEnd(s string) (int, bool) {
	var quote byte
	subset := false
	for i := len("<!DOCTYPE"); i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case subset && strings.HasPrefix(s[i:], "<!--"):
			end := strings.Index(s[i+4:], "-->")
			if end < 0 {
				return 0, false
			}
			i += 4 + end + 2
		case subset && strings.HasPrefix(s[i:], "<?"):
			end := strings.Index(s[i+2:], "?>")
			if end < 0 {
				return 0, false
			}
			i += 2 + end + 1
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			subset = true
		case c == ']':
			subset = false
		case c == '>' && !subset:
			return i + 1, true
		}
	}
	return 0, false
}

// pseudoAttributes parses an xml-stylesheet instruction's data: name="value"
// or name='value' pairs separated by white space, with character
// references in values (https://www.w3.org/TR/xml-stylesheet/#the-xml-stylesheet-processing-instruction).
// ok is false for data that is not such a list.
func pseudoAttributes(data string) (map[string]string, bool) {
	attrs := map[string]string{}
	s := strings.TrimSpace(data)
	for s != "" {
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return nil, false
		}
		name := strings.TrimSpace(s[:eq])
		if name == "" || strings.ContainsAny(name, " \t\r\n") {
			return nil, false
		}
		s = strings.TrimLeft(s[eq+1:], " \t\r\n")
		if s == "" || s[0] != '"' && s[0] != '\'' {
			return nil, false
		}
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return nil, false
		}
		if _, dup := attrs[name]; !dup {
			attrs[name] = unescapeRefs(s[1 : 1+end])
		}
		s = strings.TrimLeft(s[end+2:], " \t\r\n")
	}
	return attrs, true
}

// unescapeRefs replaces the predefined entity references and character
// references of an xml-stylesheet pseudo-attribute value.
func unescapeRefs(v string) string {
	if !strings.Contains(v, "&") {
		return v
	}
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'").Replace(v)
}

// ErrPageStylesheet: the document's stylesheet could not be applied (not
// loaded, not well-formed, not an XSLT stylesheet, or an alternate one).
var ErrPageStylesheet = errors.New("xslt: the document's stylesheet cannot be applied")

// TransformPage transforms the XML document source, loaded from srcURL,
// with the stylesheet its instruction pi names, as Chromium does when the
// document loads: the stylesheet, its imports and includes and document()'s
// URIs come through load (whose origin rules are the caller's: Chromium
// loads them same-origin only). A source that is not well-formed XML is an
// ErrCompile, as is a stylesheet that is not.
func TransformPage(ctx context.Context, source string, srcURL *url.URL, pi PagePI, load Loader, message func(string)) (*Result, error) {
	if !pi.Applies {
		return nil, fmt.Errorf("%w: an alternate stylesheet without a title", ErrPageStylesheet)
	}
	if strings.TrimSpace(pi.Href) == "" || srcURL == nil {
		return nil, fmt.Errorf("%w: no href", ErrPageStylesheet)
	}
	u, err := srcURL.Parse(strings.TrimSpace(pi.Href))
	if err != nil {
		return nil, fmt.Errorf("%w: href %q: %w", ErrPageStylesheet, pi.Href, err)
	}
	style, err := load(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrPageStylesheet, u, err)
	}
	if style.URL() == nil {
		style.SetURL(u)
	}
	src, err := dom.ParseXML(strings.NewReader(source))
	if err != nil {
		return nil, fmt.Errorf("%w: the document is not well-formed: %w", ErrPageStylesheet, err)
	}
	src.SetURL(srcURL)
	ss, err := CompileWith(&style.Node, CompileOptions{Load: load, Context: ctx})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPageStylesheet, err)
	}
	r, err := ss.Apply(&src.Node, Options{Document: load, Context: ctx, Message: message})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrPageStylesheet, err)
	}
	return r, nil
}
