package bangsnap

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xslt"
	"github.com/bangsnap/bangsnap/xhr"
)

// An XML page that starts with <?xml-stylesheet type="text/xsl" href=…?>
// is shown transformed, as Chromium 156 still does: its parser stops at
// the instruction, the stylesheet (and its imports, includes and
// document() URIs) loads same-origin, and the result replaces the
// response the page is parsed from: an html output method makes it an
// HTML document, whose scripts run as any page's do; xml an XML one. The
// window then adds Chromium's deprecation banner
// (jsruntime.Window.AddXSLTBanner). When the stylesheet cannot be applied
// the document stays as the parser left it: without an element.

// transformPage applies the page's stylesheet instruction pi to the
// fetched origin document, replacing the text the page is parsed from;
// false when it cannot be applied (the failure is logged).
func (s *session) transformPage(ctx context.Context, pi xslt.PagePI) bool {
	r, err := xslt.TransformPage(ctx, s.origin.text, s.origin.url, pi, s.loadXSLT, func(msg string) { s.onConsole("log", msg) })
	if err != nil {
		s.log.Debug("bangsnap: the page's XSLT stylesheet was not applied", "url", s.target.pretty, "err", err)
		return false
	}
	text, mime := r.Source()
	s.origin.text, s.origin.mime = text, mime
	s.origin.xml = mime != "text/html"
	s.origin.charset = "UTF-8"
	s.xslt = true
	return true
}

// errXSLTLoad: a stylesheet or document() answered with an error status.
var errXSLTLoad = errors.New("bangsnap: XSLT resource not loaded")

// loadXSLT is the xslt.Loader of the page's stylesheet, its imports and
// includes and document()'s URIs: a same-origin GET through the page's
// client (its policy, limits and cookies), read as XML whatever its
// Content-Type (a stylesheet is often text/xsl).
func (s *session) loadXSLT(ctx context.Context, u *url.URL) (*dom.Document, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	res, err := s.client.Do(ctx, req, xhr.Params{Kind: xhr.KindOther, Mode: xhr.ModeSameOrigin})
	if err != nil {
		return nil, err
	}
	if res.Status < 200 || res.Status > 299 {
		return nil, fmt.Errorf("%w: %s: HTTP status %d", errXSLTLoad, u, res.Status)
	}
	ct := res.Header.Get("Content-Type")
	_, kind, label := xhr.SniffDocument(ct, res.Body, "")
	if kind != xhr.XMLDocument && label == "" {
		// The XML declaration names the encoding.
		_, _, label = xhr.SniffDocument("application/xml", res.Body, "")
	}
	d, err := dom.ParseXML(strings.NewReader(xhr.DecodeDocument(res.Body, xhr.XMLDocument, label)))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errXSLTLoad, u, err)
	}
	if res.URL != nil {
		u = res.URL
	}
	d.SetURL(u)
	return d, nil
}
