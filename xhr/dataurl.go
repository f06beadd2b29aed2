package xhr

import (
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/internal/whatwgurl"
)

// fetchData answers a data: URL without a request.
//
// https://fetch.spec.whatwg.org/#concept-scheme-fetch (scheme "data")
func (c *Client) fetchData(method string, u *url.URL, p Params, res *Result) (*Result, error) {
	mime, body, err := parseDataURL(u.String())
	if err != nil {
		c.record(p.Ticket, Record{Method: method, URL: truncateURL(u.String()), Kind: p.Kind, Error: err.Error()})
		return nil, &NetworkError{URL: truncateURL(u.String()), Err: err}
	}
	c.record(p.Ticket, Record{Method: method, URL: truncateURL(u.String()), Kind: p.Kind, Status: 200, Bytes: int64(len(body))})
	res.URL = u
	res.Status = http.StatusOK
	res.StatusText = "OK"
	res.Header = http.Header{"Content-Type": {mime}, "Content-Length": {strconv.Itoa(len(body))}}
	// Main fetch drops the body of a response to HEAD, whatever the
	// scheme (https://fetch.spec.whatwg.org/#main-fetch: "If request's
	// method is `HEAD` or `CONNECT` … set internalResponse's body to
	// null"); the headers stay.
	if method != http.MethodHead {
		res.Body = body
	}
	return res, nil
}

// fetchBlob answers a blob: URL from the page's blob URL store.
//
// https://fetch.spec.whatwg.org/#concept-scheme-fetch (scheme "blob")
func (c *Client) fetchBlob(method string, u *url.URL, p Params, res *Result) (*Result, error) {
	c.mu.Lock()
	resolve := c.blobs
	c.mu.Unlock()
	raw := urlWithoutFragment(u)
	var blob *Blob
	ok := false
	switch {
	case method != http.MethodGet:
	case p.Blob != nil:
		blob, ok = p.Blob, true
	case resolve != nil:
		blob, ok = resolve(raw)
	}
	if !ok {
		err := errors.New("blob URL not found (revoked, or not created by this page)")
		if method != http.MethodGet {
			err = errors.New("blob URLs support only GET")
		}
		c.record(p.Ticket, Record{Method: method, URL: raw, Kind: p.Kind, Error: err.Error()})
		return nil, &NetworkError{URL: raw, Err: err}
	}
	c.record(p.Ticket, Record{Method: method, URL: raw, Kind: p.Kind, Status: 200, Bytes: blob.Size()})
	res.URL = u
	res.Status = http.StatusOK
	res.StatusText = "OK"
	res.Header = http.Header{"Content-Length": {strconv.FormatInt(blob.Size(), 10)}}
	if blob.Type() != "" {
		res.Header.Set("Content-Type", blob.Type())
	}
	res.Body = blob.Bytes()
	return res, nil
}

func truncateURL(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// ParseDataURL runs the data: URL processor on s: the MIME type and the
// decoded body, or an error for a URL that is not a valid data: URL. The
// runtime decides from it whether a data: image loads without fetching.
func ParseDataURL(s string) (mime string, body []byte, err error) { return parseDataURL(s) }

// parseDataURL is the data: URL processor: it returns the MIME type and the
// decoded body.
//
// https://fetch.spec.whatwg.org/#data-url-processor
func parseDataURL(s string) (string, []byte, error) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return "", nil, errors.New("not a data: URL")
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	mime, data, ok := strings.Cut(rest, ",")
	if !ok {
		return "", nil, errors.New("data: URL without comma")
	}
	mime = strings.Trim(mime, " \t\n\f\r")
	// percent-decoded, a malformed escape ("100%" in an SVG) kept as it
	// is while the others around it are decoded
	body := string(whatwgurl.PercentDecode(data))
	isBase64 := false
	if i := strings.LastIndexByte(mime, ';'); i >= 0 && ascii.EqualFold(strings.Trim(mime[i+1:], " "), "base64") {
		isBase64 = true
		mime = mime[:i]
	}
	var out []byte
	if isBase64 {
		// forgiving-base64 decode: https://infra.spec.whatwg.org/#forgiving-base64-decode
		clean := strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' {
				return -1
			}
			return r
		}, body)
		clean = strings.TrimRight(clean, "=")
		if len(clean)%4 == 1 {
			return "", nil, errors.New("data: URL with invalid base64")
		}
		b, err := base64.RawStdEncoding.DecodeString(clean)
		if err != nil {
			return "", nil, errors.New("data: URL with invalid base64")
		}
		out = b
	} else {
		out = []byte(body)
	}
	if strings.HasPrefix(mime, ";") {
		mime = "text/plain" + mime
	}
	if mime == "" || !strings.Contains(mime, "/") {
		mime = "text/plain;charset=US-ASCII"
	}
	return mime, out, nil
}
