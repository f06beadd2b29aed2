package xhr

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// DefaultPreflightMaxAge is how long a preflight result is reused when the
// response sets no Access-Control-Max-Age (the Fetch standard's default).
const DefaultPreflightMaxAge = 5 * time.Second

// preflightEntry is one cached CORS-preflight result.
type preflightEntry struct {
	until   time.Time
	methods []string // as the server wrote them; "*" allowed
	headers []string // lower-cased; "*" allowed
}

// corsUnsafeHeaderNames returns the names of h that make a request need a
// preflight, lower-cased and sorted.
//
// https://fetch.spec.whatwg.org/#cors-unsafe-request-header-names
func corsUnsafeHeaderNames(h http.Header, skip string) []string {
	var unsafe []string
	safelistedSize := 0
	var safelisted []string
	for k, vs := range h {
		lk := ascii.Lower(k)
		if lk == skip {
			continue
		}
		v := strings.Join(vs, ", ")
		if isCORSSafelistedRequestHeader(lk, v) {
			safelistedSize += len(v)
			safelisted = append(safelisted, lk)
			continue
		}
		unsafe = append(unsafe, lk)
	}
	if safelistedSize > 1024 {
		unsafe = append(unsafe, safelisted...)
	}
	slices.Sort(unsafe)
	return slices.Compact(unsafe)
}

// needsPreflight: https://fetch.spec.whatwg.org/#main-fetch step 12 (the
// "cors-with-forced-preflight" conditions).
func needsPreflight(method string, unsafe []string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodPost || len(unsafe) > 0
}

// preflight performs (or reuses) the CORS-preflight fetch for a cross-origin
// request in mode cors, returning a network error when the server does not
// allow the request. origin is the request's serialized origin (the
// document's, or "null" after a tainting redirect). The page's own headers are those of the request, the
// Client's additions (marker, User-Agent…) are not counted as unsafe.
//
// https://fetch.spec.whatwg.org/#cors-preflight-fetch-0
func (c *Client) preflight(ctx context.Context, docOrigin *url.URL, origin string, u *url.URL, method string, page http.Header, p Params) error {
	unsafe := corsUnsafeHeaderNames(page, "")
	if !needsPreflight(method, unsafe) {
		return nil
	}
	credentials := p.Credentials == CredentialsInclude
	key := origin + " " + u.String() + " " + strconv.FormatBool(credentials)

	c.mu.Lock()
	e, ok := c.preflights[key]
	c.mu.Unlock()
	if ok && p.Now.Before(e.until) && e.allows(method, unsafe, credentials) {
		return nil
	}

	req, err := http.NewRequestWithContext(ctx, http.MethodOptions, u.String(), http.NoBody)
	if err != nil {
		return &NetworkError{URL: u.String(), Err: err}
	}
	req.Header.Set("Accept", "*/*")
	req.Header.Set("Access-Control-Request-Method", method)
	if len(unsafe) > 0 {
		req.Header.Set("Access-Control-Request-Headers", strings.Join(unsafe, ","))
	}
	req.Header.Set("Origin", origin)
	req.Header.Set("User-Agent", c.opts.UserAgent)
	req.Header.Set("Accept-Language", c.opts.AcceptLanguage)
	if c.opts.MarkerHeader != "-" {
		req.Header.Set(c.opts.MarkerHeader, c.opts.MarkerValue)
	}
	if ref := referrer(docOrigin, u, p); ref != "" {
		req.Header.Set("Referer", ref)
	}
	slot, err := c.acquire(ctx, u)
	if err != nil {
		return &NetworkError{URL: u.String(), Err: err}
	}
	start := time.Now()
	resp, err := c.transport.RoundTrip(req)
	rec := Record{Method: http.MethodOptions, URL: u.String(), Kind: p.Kind, Duration: time.Since(start)}
	if err != nil {
		c.release(slot)
		rec.Error = err.Error()
		c.record(p.Ticket, rec)
		return &NetworkError{URL: u.String(), Err: err}
	}
	data, rerr := c.readBody(resp)
	c.release(slot)
	rec.Status, rec.Bytes = resp.StatusCode, int64(len(data))
	fail := func(err error) error {
		rec.Error = err.Error()
		c.record(p.Ticket, rec)
		return &NetworkError{URL: u.String(), Err: err}
	}
	if rerr != nil {
		return fail(rerr)
	}
	if err := corsCheck(origin, resp.Header, credentials); err != nil {
		return fail(fmt.Errorf("preflight: %w", err))
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fail(fmt.Errorf("%w: preflight status %d", ErrCORS, resp.StatusCode))
	}
	// Steps 7.3–7.4: each list must be of tokens (methods and header
	// names), or the preflight fails; methods are compared as they are
	// (a "put" allows no PUT), header names in any case.
	methods, err := splitList(resp.Header.Values("Access-Control-Allow-Methods"), func(s string) string { return s })
	if err != nil {
		return fail(fmt.Errorf("%w: Access-Control-Allow-Methods: %w", ErrCORS, err))
	}
	headers, err := splitList(resp.Header.Values("Access-Control-Allow-Headers"), strings.ToLower)
	if err != nil {
		return fail(fmt.Errorf("%w: Access-Control-Allow-Headers: %w", ErrCORS, err))
	}
	e = preflightEntry{methods: methods, headers: headers}
	if !e.allows(method, unsafe, credentials) {
		return fail(fmt.Errorf("%w: preflight does not allow %s with headers %v", ErrCORS, method, unsafe))
	}
	c.record(p.Ticket, rec)
	maxAge := DefaultPreflightMaxAge
	if v, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("Access-Control-Max-Age"))); err == nil && v >= 0 {
		maxAge = time.Duration(min(v, 7200)) * time.Second
	}
	e.until = p.Now.Add(maxAge)
	c.mu.Lock()
	if c.preflights == nil {
		c.preflights = map[string]preflightEntry{}
	}
	c.preflights[key] = e
	c.mu.Unlock()
	return nil
}

// allows checks a request against a preflight's allowed methods and
// headers (CORS-preflight fetch steps 7.5–7.8).
func (e preflightEntry) allows(method string, unsafe []string, credentials bool) bool {
	wildcard := func(list []string) bool { return !credentials && slices.Contains(list, "*") }
	safeMethod := method == http.MethodGet || method == http.MethodHead || method == http.MethodPost
	if !safeMethod && !slices.Contains(e.methods, method) && !wildcard(e.methods) {
		return false
	}
	for _, h := range unsafe {
		if slices.Contains(e.headers, h) {
			continue
		}
		if h != "authorization" && wildcard(e.headers) {
			continue
		}
		return false
	}
	return true
}

// splitList extracts the values of a header list of tokens (empty items
// skipped), normalized by norm; an item that is not a token is an error.
//
// https://fetch.spec.whatwg.org/#concept-header-list-get-decode-split
func splitList(values []string, norm func(string) string) ([]string, error) {
	var out []string
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			item = strings.Trim(item, " \t")
			if item == "" {
				continue
			}
			if !isToken(item) {
				return nil, fmt.Errorf("%q is not a token", item)
			}
			out = append(out, norm(item))
		}
	}
	return out, nil
}
