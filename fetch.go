package bangsnap

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

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
	// mime is the response's MIME type essence (document.contentType);
	// xml is set for an XML MIME type, parsed by the XML parser.
	mime string
	xml  bool
}

// fetchDocument requests the page. A redirect is not followed: a page that
// moved is answered with its own status and Location, so that a crawler
// follows the redirect and asks for the new URL's snapshot itself, which is
// what a server must tell it (and what keeps one URL from being cached under
// another's key). An HTTP error status is not an error: error pages are
// rendered too.
// A 429 or 503 answer with a Retry-After of at most maxRetryAfter is a
// *busyAnswer, whatever its body.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#populating-a-session-history-entry
func fetchDocument(ctx context.Context, c *xhr.Client, u *url.URL, maxRetryAfter time.Duration) (*document, error) {
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
	if wait, ok := retryWait(res.Status, res.Header, maxRetryAfter); ok {
		return nil, &busyAnswer{status: res.Status, wait: wait}
	}
	mime, kind, label := xhr.SniffDocument(res.Header.Get("Content-Type"), res.Body, xhr.LocaleDefaultEncoding)
	if kind == xhr.NotDocument {
		ct := res.Header.Get("Content-Type")
		if ct == "" {
			ct = http.DetectContentType(res.Body)
		}
		if res.Status < 200 || res.Status > 299 {
			return nil, &FetchError{URL: u.String(), Err: fmt.Errorf("%w (HTTP status %d, Content-Type %q)", ErrNotHTML, res.Status, ct)}
		}
		return nil, &FetchError{URL: u.String(), Err: fmt.Errorf("%w (Content-Type %q)", ErrNotHTML, ct)}
	}
	d.text = xhr.DecodeDocument(res.Body, kind, label)
	d.charset = xhr.EncodingName(res.Body, label)
	d.mime, d.xml = mime, kind == xhr.XMLDocument
	return d, nil
}

func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
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
