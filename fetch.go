package bangsnap

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"github.com/bangsnap/bangsnap/mapping"
	"github.com/bangsnap/bangsnap/xhr"
)

// A target is what one render asks for.
type target struct {
	// pretty is the URL the page is rendered at and sees in location: the
	// pretty (#!) form of an ugly URL, the URL without the parameter for a
	// meta-fragment ugly URL (?_escaped_fragment_=), otherwise the URL as
	// given.
	pretty string
	// doc is the document's URL: pretty without its fragment, what is
	// requested from the origin.
	doc *url.URL
}

// resolveTarget classifies rawURL and maps an ugly URL to its pretty form.
// https://developers.google.com/webmasters/ajax-crawling/docs/specification
// ("Mapping from _escaped_fragment_ format to #! format").
func resolveTarget(rawURL string) (target, error) {
	pretty := rawURL
	switch mapping.Classify(rawURL) {
	case mapping.Ugly:
		p, err := mapping.ToPretty(rawURL)
		if err != nil {
			return target{}, err
		}
		pretty = p
	case mapping.Pretty, mapping.Plain:
	default:
		// Report the rule the URL breaks: the ugly side's, else the
		// pretty side's (for a URL without the scheme's markers, the
		// error says it is not absolute or not valid).
		if _, err := mapping.ToPretty(rawURL); !errors.Is(err, mapping.ErrNoParam) {
			return target{}, err
		}
		_, err := mapping.ToUgly(rawURL)
		if err == nil || errors.Is(err, mapping.ErrNoBangFragment) {
			err = &mapping.URLError{URL: rawURL, Rule: mapping.ErrInvalidURL}
		}
		return target{}, err
	}
	docPart, _, _ := strings.Cut(pretty, "#")
	u, err := url.Parse(docPart)
	if err != nil {
		return target{}, &mapping.URLError{URL: rawURL, Rule: mapping.ErrInvalidURL, Detail: err.Error()}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return target{}, fmt.Errorf("bangsnap: %q: %w", rawURL, ErrScheme)
	}
	return target{pretty: pretty, doc: u}, nil
}

// A document is the page's response, before parsing.
type document struct {
	status int
	header http.Header
	url    *url.URL // the URL the response came from (no redirect is followed)
	text   string   // the body decoded to UTF-8
	// charset is the name of the encoding text was decoded from (what
	// document.characterSet reads).
	charset string
}

// fetchDocument requests the page. A redirect is not followed: a page that
// moved is answered with its own status and Location, so that a crawler
// follows the redirect and asks for the new URL's snapshot itself, which is
// what a server must tell it (and what keeps one URL from being cached under
// another's key). An HTTP error status is not an error: error pages are
// rendered too.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#populating-a-session-history-entry
func fetchDocument(ctx context.Context, c *xhr.Client, u *url.URL) (*document, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &FetchError{URL: u.String(), Err: err}
	}
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	res, err := c.Do(ctx, req, xhr.Params{Kind: xhr.KindDocument, Mode: xhr.ModeNoCORS, Redirect: xhr.RedirectManual})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &FetchError{URL: u.String(), Err: err}
	}
	d := &document{status: res.Status, header: res.Header, url: u}
	if res.URL != nil {
		d.url = res.URL
	}
	if isRedirect(res.Status) && res.Header.Get("Location") != "" {
		return d, nil
	}
	label, ok := htmlCharset(res.Header.Get("Content-Type"), res.Body)
	if !ok {
		ct := res.Header.Get("Content-Type")
		if ct == "" {
			ct = http.DetectContentType(res.Body)
		}
		if res.Status < 200 || res.Status > 299 {
			return nil, &FetchError{URL: u.String(), Err: fmt.Errorf("%w (HTTP status %d, Content-Type %q)", ErrNotHTML, res.Status, ct)}
		}
		return nil, &FetchError{URL: u.String(), Err: fmt.Errorf("%w (Content-Type %q)", ErrNotHTML, ct)}
	}
	d.text = xhr.DecodeText(res.Body, label)
	d.charset = xhr.EncodingName(res.Body, label)
	return d, nil
}

func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// htmlCharset reports whether a response with Content-Type ct and body is an
// HTML document, and the label of its character encoding: the Content-Type's
// charset parameter, else the one the document declares in its first 1024
// bytes. An empty label means UTF-8 (xhr.DecodeText's default).
// https://html.spec.whatwg.org/multipage/parsing.html#determining-the-character-encoding
func htmlCharset(ct string, body []byte) (label string, ok bool) {
	if ct == "" {
		ct = http.DetectContentType(body)
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		// A malformed header: browsers still take the essence before ';'.
		mt, _, _ = strings.Cut(ct, ";")
		mt = strings.ToLower(strings.TrimSpace(mt))
	}
	switch mt {
	case "text/html", "application/xhtml+xml":
	default:
		return "", false
	}
	if cs := params["charset"]; cs != "" {
		return cs, true
	}
	label = prescanCharset(body)
	// A <meta> that names UTF-16 means UTF-8, and x-user-defined means
	// windows-1252 (the prescan's own steps; a Content-Type may name them).
	// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
	switch _, name := charset.Lookup(label); name {
	case "utf-16le", "utf-16be":
		label = "utf-8"
	case "x-user-defined":
		label = "windows-1252"
	}
	return label, true
}

// prescanCharset returns the encoding label of the first <meta charset> or
// <meta http-equiv="Content-Type" content="...; charset=..."> within the first
// 1024 bytes of body, or "".
// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
func prescanCharset(body []byte) string {
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
					httpEquiv = strings.EqualFold(string(v), "content-type")
				}
				if !more {
					break
				}
			}
			if cs := strings.TrimSpace(charset); cs != "" {
				return cs
			}
			if httpEquiv {
				if cs := charsetFromContent(content); cs != "" {
					return cs
				}
			}
		}
	}
}

// charsetFromContent extracts the charset of a meta content attribute.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
func charsetFromContent(s string) string {
	i := indexASCIIFold(s, "charset")
	if i < 0 {
		return ""
	}
	s = strings.TrimLeft(s[i+len("charset"):], " \t\n\f\r")
	if !strings.HasPrefix(s, "=") {
		return charsetFromContent(s)
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

// runtimeURL returns pretty in a form net/url parses, for the page's
// location: a "%" of the fragment not followed by two hexadecimal digits
// (which browsers keep as it is, and an _escaped_fragment_ value may carry
// as %25) is written %25.
func runtimeURL(pretty string) string {
	base, frag, ok := strings.Cut(pretty, "#")
	if !ok || !strings.Contains(frag, "%") {
		return pretty
	}
	var b strings.Builder
	b.Grow(len(pretty) + 8)
	b.WriteString(base)
	b.WriteByte('#')
	for i := 0; i < len(frag); i++ {
		if frag[i] == '%' && (i+2 >= len(frag) || !isHex(frag[i+1]) || !isHex(frag[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(frag[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
