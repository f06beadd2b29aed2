package xhr

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Client defaults.
const (
	DefaultMarkerHeader     = "X-Bangsnap-Render"
	DefaultUserAgent        = "Mozilla/5.0 (compatible; bangsnap/1.0; +https://github.com/bangsnap/bangsnap)"
	DefaultAcceptLanguage   = "en-US,en;q=0.9"
	DefaultMaxRedirects     = 20
	DefaultRequestTimeout   = 30 * time.Second
	DefaultMaxResponseBytes = 20 << 20
	DefaultMaxConnsPerHost  = 6
)

// ClientOptions configure a [Client]. The zero value is usable: the real
// network, the default [Policy], the defaults above.
type ClientOptions struct {
	// Transport carries the requests; nil means DefaultTransport. Use
	// HandlerTransport to serve a render in process.
	Transport http.RoundTripper
	// Origins sends the requests for public origins to other origins (see
	// OriginMap): the page, the policy, cookies, CORS, Referer and Origin
	// see the public URLs; only the connection goes to the mapped origin.
	Origins *OriginMap
	// Jar holds the render's cookies; nil means a new empty Jar on Now.
	Jar *Jar
	// Now is the page's clock, for the expiry of cookies read and written
	// by document.cookie (Cookies, SetCookieString): the loop's virtual
	// clock, called only where those are. Requests take their time from
	// Params.Now (XHR and Fetch set it from the loop). Nil means time.Now.
	Now func() time.Time

	UserAgent      string      // User-Agent header; default DefaultUserAgent
	AcceptLanguage string      // Accept-Language header; default DefaultAcceptLanguage
	Header         http.Header // added to every request (the page's own headers win)
	// HeaderHosts, when not empty, limits Header to the requests for these
	// hosts ("host" or "host:port", as in a URL; a scheme's default port may
	// be left out): a request for any other host never carries it. Empty
	// sends Header with every request.
	HeaderHosts []string

	// MarkerHeader names the header set on every request so that a
	// prerendering middleware in front of the origin does not render its own
	// renders; default DefaultMarkerHeader. MarkerValue defaults to "1".
	// Set MarkerHeader to "-" to send no marker.
	MarkerHeader, MarkerValue string

	// MaxConnsPerHost bounds the requests in flight to one scheme, host
	// and port, as a browser does (6 over HTTP/1.1); others wait their turn.
	// Default DefaultMaxConnsPerHost; negative means no limit.
	MaxConnsPerHost int

	MaxRedirects     int           // default DefaultMaxRedirects
	Timeout          time.Duration // per request including redirects; default DefaultRequestTimeout
	MaxResponseBytes int64         // default DefaultMaxResponseBytes

	Policy Policy
	// ScriptCache, when set, serves and stores script bodies (kind script,
	// GET) following their Cache-Control; share one across renders.
	ScriptCache *ScriptCache
	// NoCORS skips the CORS check of cross-origin XHR and fetch responses
	// (the page then reads responses a browser would have refused it).
	NoCORS bool
	// StartOrder makes Records list the requests in the order they were
	// started (their Params.Ticket) instead of the order they ended, so
	// that concurrent requests of random latency give the same list every
	// time (deterministic renders).
	StartOrder bool

	Logger *slog.Logger // nil: slog.Default()
}

// A Client makes every request of one render and records them. Create one
// per render with NewClient; it is safe for concurrent use.
type Client struct {
	opts      ClientOptions
	transport http.RoundTripper
	jar       *Jar
	policy    *policy
	log       *slog.Logger

	mu         sync.Mutex
	origin     *url.URL // the document's URL, once known
	records    []Record
	tickets    []uint64 // records[i] belongs to the request of tickets[i]
	ticket     uint64   // the last ticket handed out
	preflights map[string]preflightEntry
	blobs      func(rawURL string) (*Blob, bool)
	slots      map[string]chan struct{} // per origin, MaxConnsPerHost each
}

// DefaultIdleConnsPerHost is the idle connections per host DefaultTransport
// keeps: a render has up to MaxConnsPerHost requests in flight to one host
// (its scripts, fetched concurrently), and the next renders reuse them.
const DefaultIdleConnsPerHost = 4 * DefaultMaxConnsPerHost

// DefaultTransport is the transport of a Client without one: a clone of
// http.DefaultTransport (proxies from the environment, HTTP/2, its
// timeouts) whose pool keeps DefaultIdleConnsPerHost idle connections per
// host instead of net/http's 2, so that the connections a page's concurrent
// requests opened are not closed as they end and opened again by the next
// render (a TCP and TLS handshake each, to a remote origin). When
// http.DefaultTransport has been replaced by something that is not an
// *http.Transport, it is that.
var DefaultTransport = sync.OnceValue(func() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport
	}
	t = t.Clone()
	t.MaxIdleConnsPerHost = DefaultIdleConnsPerHost
	return t
})

// NewClient returns a Client for one render.
func NewClient(opts ClientOptions) *Client {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultUserAgent
	}
	if opts.AcceptLanguage == "" {
		opts.AcceptLanguage = DefaultAcceptLanguage
	}
	if opts.MarkerHeader == "" {
		opts.MarkerHeader = DefaultMarkerHeader
	}
	if opts.MarkerValue == "" {
		opts.MarkerValue = "1"
	}
	if opts.MaxConnsPerHost == 0 {
		opts.MaxConnsPerHost = DefaultMaxConnsPerHost
	}
	if opts.MaxRedirects <= 0 {
		opts.MaxRedirects = DefaultMaxRedirects
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultRequestTimeout
	}
	if opts.MaxResponseBytes <= 0 {
		opts.MaxResponseBytes = DefaultMaxResponseBytes
	}
	c := &Client{opts: opts, transport: opts.Transport, jar: opts.Jar, policy: compilePolicy(opts.Policy), log: opts.Logger}
	if c.transport == nil {
		c.transport = DefaultTransport()
	}
	c.transport = opts.Origins.Transport(c.transport)
	if c.jar == nil {
		c.jar = NewJar(opts.Now)
	}
	if c.log == nil {
		c.log = slog.Default()
	}
	return c
}

// Jar returns the render's cookie jar.
func (c *Client) Jar() *Jar { return c.jar }

// SetDocumentURL tells the client the document's URL (after redirects): its
// origin is the page's origin for the policy, cookies and CORS, and the
// Referer of the page's requests.
func (c *Client) SetDocumentURL(u *url.URL) {
	c.mu.Lock()
	c.origin = u
	c.mu.Unlock()
}

// SetBlobResolver gives the client the page's blob URL store
// (URL.createObjectURL): requests for blob: URLs are answered from it,
// without a network request. resolve may be called from any goroutine.
//
// https://w3c.github.io/FileAPI/#blob-url-resolve
func (c *Client) SetBlobResolver(resolve func(rawURL string) (*Blob, bool)) {
	c.mu.Lock()
	c.blobs = resolve
	c.mu.Unlock()
}

// ResolveBlobURL returns the blob u names in the page's blob URL store, or
// nil (another scheme, revoked, unknown): what parsing a blob: URL records
// as its blob URL entry.
//
// https://w3c.github.io/FileAPI/#blob-url-resolve
func (c *Client) ResolveBlobURL(u *url.URL) *Blob {
	if u == nil || u.Scheme != "blob" {
		return nil
	}
	c.mu.Lock()
	resolve := c.blobs
	c.mu.Unlock()
	if resolve == nil {
		return nil
	}
	b, _ := resolve(urlWithoutFragment(u))
	return b
}

// DocumentURL returns the URL given to SetDocumentURL, or nil.
func (c *Client) DocumentURL() *url.URL {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.origin
}

// Cookies returns document.cookie for a document at u: the cookies that
// apply to u, without the HttpOnly ones.
func (c *Client) Cookies(u *url.URL) string { return c.jar.DocumentCookie(u) }

// SetCookieString assigns s to document.cookie for a document at u.
func (c *Client) SetCookieString(u *url.URL, s string) { c.jar.SetDocumentCookie(u, s) }

// A Record describes one request of the render: one per HTTP exchange, so a
// redirect chain gives one record per hop. It mirrors bangsnap.Request.
type Record struct {
	Method string
	URL    string
	Kind   Kind
	Status int
	Bytes  int64 // response body bytes received
	// Start is when the exchange began: ready to go, before waiting for
	// one of the MaxConnsPerHost connection slots. Duration runs from
	// Start to the end of the response body (zero for an answer that
	// needed no exchange: the script cache, a data: URL, the policy).
	Start    time.Time
	Duration time.Duration
	Blocked  bool
	Cached   bool // served by the ScriptCache (possibly after a 304)
	Error    string
}

// Records returns a copy of the records so far, in the order the requests
// ended, or with ClientOptions.StartOrder in the order they started (the
// hops of one request in the order they happened).
func (c *Client) Records() []Record {
	c.mu.Lock()
	defer c.mu.Unlock()
	recs := append([]Record(nil), c.records...)
	if c.opts.StartOrder {
		idx := make([]int, len(recs))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(c.tickets[a], c.tickets[b]) })
		for i, j := range idx {
			recs[i] = c.records[j]
		}
	}
	return recs
}

// Ticket returns the next place in the start order of the client's
// requests. A request made on a goroutine of its own takes its ticket
// where it is decided on (on the page's loop, in the page's order) and
// passes it in Params.Ticket, so that the scheduling of goroutines does not
// change the order of Records.
func (c *Client) Ticket() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ticket++
	return c.ticket
}

func (c *Client) record(ticket uint64, r Record) int {
	if r.Start.IsZero() {
		r.Start = time.Now().Add(-r.Duration)
	}
	c.mu.Lock()
	c.records = append(c.records, r)
	c.tickets = append(c.tickets, ticket)
	i := len(c.records) - 1
	c.mu.Unlock()
	return i
}

// finishRecord completes record i (a streamed body's, recorded at its
// headers) once the body has ended: its bytes, duration and error.
func (c *Client) finishRecord(i int, bytes int64, d time.Duration, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i >= len(c.records) {
		return // the records were cleared meanwhile
	}
	r := &c.records[i]
	r.Bytes, r.Duration = bytes, d
	if err != nil {
		r.Error = err.Error()
	}
}

// Credentials is a request's credentials mode: whether cookies go with it.
//
// https://fetch.spec.whatwg.org/#concept-request-credentials-mode
type Credentials uint8

const (
	CredentialsSameOrigin Credentials = iota // cookies to the page's own origin only (fetch default)
	CredentialsInclude                       // cookies everywhere (XHR withCredentials, fetch "include")
	CredentialsOmit                          // no cookies
)

// RedirectMode is what a request does with a redirect response.
//
// https://fetch.spec.whatwg.org/#concept-request-redirect-mode
type RedirectMode uint8

const (
	RedirectFollow RedirectMode = iota
	RedirectError
	RedirectManual
)

// Mode is a request's mode: whether a cross-origin response must pass the
// CORS check.
//
// https://fetch.spec.whatwg.org/#concept-request-mode
type Mode uint8

const (
	ModeNoCORS     Mode = iota // scripts, documents: any response, no check
	ModeCORS                   // XHR, fetch default: cross-origin responses need CORS headers
	ModeSameOrigin             // cross-origin requests fail
)

// Params describe a request beyond its http.Request.
type Params struct {
	Kind        Kind
	Mode        Mode
	Credentials Credentials
	Redirect    RedirectMode
	// Now is the page's clock when the request starts, for cookie expiry;
	// zero means the wall clock. (Do runs off the loop goroutine, where the
	// loop's clock may not be read.)
	Now time.Time
	// Ticket is the request's place in the start order of Records (see
	// Client.Ticket); zero takes one when Do is called.
	Ticket uint64
	// Referrer is the request's referrer when it is not the document (a
	// URL a fetch named); NoReferrer sends none. ReferrerPolicy is the
	// request's referrer policy ("": strict-origin-when-cross-origin).
	Referrer       *url.URL
	NoReferrer     bool
	ReferrerPolicy string
	// Blob is the blob URL entry of a blob: request URL, resolved when the
	// URL was parsed (XMLHttpRequest's open(), new Request()), so that a
	// revokeObjectURL after that does not fail the request; nil resolves
	// the URL from the page's store when the request starts.
	// https://url.spec.whatwg.org/#concept-url-blob-entry
	Blob *Blob
	// Stream leaves the final response's body unread: Do returns at its
	// headers, with the open body in the Result for a BodyStream to read
	// (fetch and XMLHttpRequest). Redirects' bodies are read as always.
	Stream bool
	// ConnectAllowed, when not nil, is asked off the loop about each
	// redirect's target: false fails the request with a network error
	// (ErrConnectRefused). See ConnectCheck.
	ConnectAllowed func(*url.URL) bool
}

// A ConnectCheck is the page's check of the URLs a fetch or an
// XMLHttpRequest connects to (its Content Security Policy's
// connect-src), called on the loop as the request starts, with its URL:
// allowed false fails the request with a network error
// (ErrConnectRefused) without touching the network. redirect, when not
// nil, is asked off the loop about each redirect's target (false fails
// the request too), and done, when not nil, is called on the loop once
// the request has ended (to report what redirect refused).
type ConnectCheck func(u *url.URL) (allowed bool, redirect func(*url.URL) bool, done func())

// A Result is a response read in full. Its Body may be shared with the
// ScriptCache and other renders: never modify it.
type Result struct {
	URL        *url.URL // the final URL, after redirects
	URLs       []*url.URL
	Status     int
	StatusText string
	Header     http.Header
	Body       []byte
	Redirected bool // at least one redirect was followed
	Cached     bool // served by the ScriptCache
	// CrossOrigin is true when a request of the chain left the page's
	// origin. CORS is true for such a response read in mode cors: only the
	// CORS-safelisted and exposed headers may be shown to the page.
	CrossOrigin, CORS bool
	// TimingHidden is set when a response of the chain came from another
	// origin than the page's without a Timing-Allow-Origin that names the
	// page's origin or "*": the page's Resource Timing entry then hides
	// its network details (the timing allow check).
	// https://fetch.spec.whatwg.org/#concept-tao-check
	TimingHidden bool

	// wire is the unread body of a response to a request with
	// Params.Stream (nil when the body was read: a data: or blob: URL, a
	// cached script); Body is then empty.
	wire *wire
}

// discard closes the unread body of res, if any (its request ended before
// anything read it).
func (res *Result) discard() {
	if res != nil && res.wire != nil {
		res.wire.close(0, context.Canceled)
		res.wire = nil
	}
}

// Fetch performs req as a request of kind k with the defaults for that kind
// (XHR and fetch: mode cors, cookies to the same origin; others: no-cors,
// cookies to the same origin) and returns its response read in full. It
// blocks: call it on the loop goroutine only for what must be synchronous
// (the document, a synchronous XHR), otherwise from a goroutine of an
// operation (see XHR and Fetch).
func (c *Client) Fetch(ctx context.Context, req *http.Request, k Kind) (*Result, error) {
	p := Params{Kind: k}
	if k == KindXHR || k == KindFetch {
		p.Mode = ModeCORS
	}
	return c.Do(ctx, req, p)
}

// Do performs req with p: policy check, cookies, default headers, redirects,
// size limit, script cache, CORS check; each exchange is recorded. A
// request refused by the policy returns a *BlockedError; one that gets no
// usable response a *NetworkError; the context's error if ctx ends. An HTTP
// error status is not an error.
//
// https://fetch.spec.whatwg.org/#concept-main-fetch
func (c *Client) Do(ctx context.Context, req *http.Request, p Params) (*Result, error) {
	res, err := c.do(ctx, req, p)
	if err == nil {
		fillTiming(ctx, res)
	}
	return res, err
}

func (c *Client) do(ctx context.Context, req *http.Request, p Params) (*Result, error) {
	if req == nil || req.URL == nil {
		return nil, errors.New("xhr: request without URL")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	streaming := false // the body is handed over, with the context
	defer func() {
		if !streaming {
			cancel()
		}
	}()

	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(io.LimitReader(req.Body, c.opts.MaxResponseBytes+1))
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("xhr: reading request body: %w", err)
		}
		if int64(len(b)) > c.opts.MaxResponseBytes {
			return nil, fmt.Errorf("xhr: request body exceeds %d bytes", c.opts.MaxResponseBytes)
		}
		body = b
	}
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	origin := c.DocumentURL()
	if p.Now.IsZero() {
		p.Now = time.Now()
	}
	if p.Ticket == 0 {
		p.Ticket = c.Ticket()
	}
	u := req.URL
	header := req.Header.Clone()
	if header == nil {
		header = http.Header{}
	}
	res := &Result{}
	tainted := false // a cross-origin hop was taken (response tainting "cors" in mode cors)
	// serialized is the request's origin as the Origin header and the CORS
	// check see it: "null" once a redirect has tainted it (the request's
	// tainted origin flag).
	serialized := ""
	if origin != nil {
		serialized = serializeOrigin(origin)
	}

	for hop := 0; ; hop++ {
		res.URLs = append(res.URLs, u)
		switch u.Scheme {
		case "data":
			return c.fetchData(method, u, p, res)
		case "blob":
			return c.fetchBlob(method, u, p, res)
		}
		if reason := c.policy.check(origin, u, p.Kind); reason != "" {
			err := &BlockedError{URL: u.String(), Reason: reason}
			c.record(p.Ticket, Record{Method: method, URL: u.String(), Kind: p.Kind, Blocked: true, Error: err.Reason})
			return nil, err
		}
		cross := origin != nil && !sameOrigin(origin, u)
		if cross && p.Mode == ModeSameOrigin {
			err := &NetworkError{URL: u.String(), Err: errors.New("cross-origin request in mode same-origin")}
			c.record(p.Ticket, Record{Method: method, URL: u.String(), Kind: p.Kind, Error: err.Err.Error()})
			return nil, err
		}
		if cross && p.Mode == ModeNoCORS && p.Redirect != RedirectFollow {
			// Main fetch step 12 ("no-cors"): a cross-origin request that
			// does not follow redirects is a network error.
			err := &NetworkError{URL: u.String(), Err: errors.New("cross-origin request in mode no-cors with redirect mode other than follow")}
			c.record(p.Ticket, Record{Method: method, URL: u.String(), Kind: p.Kind, Error: err.Err.Error()})
			return nil, err
		}
		tainted = tainted || cross
		// Main fetch step 12: once a CORS request has left the page's
		// origin its response tainting stays "cors", so a hop back to the
		// page's origin is preflighted as a cross-origin one is.
		if tainted && p.Mode == ModeCORS && !c.opts.NoCORS {
			if err := c.preflight(ctx, origin, serialized, u, method, header, p); err != nil {
				return nil, err
			}
		}

		// The script cache answers fresh entries without a request, and
		// turns stale ones with validators into conditional requests.
		var cached *cacheEntry
		useCache := c.opts.ScriptCache != nil && p.Kind == KindScript && method == http.MethodGet
		if useCache {
			if e, fresh := c.opts.ScriptCache.lookup(u.String(), header); e != nil {
				if fresh {
					c.record(p.Ticket, Record{Method: method, URL: u.String(), Kind: p.Kind, Status: e.status, Bytes: int64(len(e.body)), Cached: true})
					return c.cachedResult(res, u, e), nil
				}
				cached = e
			}
		}

		hreq, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
		if err != nil {
			return nil, &NetworkError{URL: u.String(), Err: err}
		}
		if body == nil {
			hreq.Body = http.NoBody
			hreq.GetBody = nil
			hreq.ContentLength = 0
		}
		c.prepareHeaders(hreq, header, origin, serialized, u, p, cross, tainted && p.Mode == ModeCORS)
		if cached != nil {
			if cached.etag != "" {
				hreq.Header.Set("If-None-Match", cached.etag)
			}
			if cached.lastModified != "" {
				hreq.Header.Set("If-Modified-Since", cached.lastModified)
			}
		}

		start := time.Now()
		slot, err := c.acquire(ctx, u)
		if err != nil {
			return nil, c.requestError(parent, ctx, u, err)
		}
		resp, err := c.roundTrip(hreq)
		if err != nil {
			c.release(slot)
			c.record(p.Ticket, Record{Method: method, URL: u.String(), Kind: p.Kind, Start: start, Duration: time.Since(start), Error: err.Error()})
			return nil, c.requestError(parent, ctx, u, err)
		}
		if cross && !timingAllowed(resp.Header, origin) {
			res.TimingHidden = true
		}
		if p.Stream && cached == nil && (!isRedirect(resp.StatusCode) || resp.Header.Get("Location") == "" || p.Redirect == RedirectManual) {
			rec := Record{Method: method, URL: u.String(), Kind: p.Kind, Status: resp.StatusCode, Start: start}
			if resp.ContentLength > c.opts.MaxResponseBytes {
				resp.Body.Close()
				c.release(slot)
				rec.Duration = time.Since(start)
				rerr := fmt.Errorf("%w: Content-Length %d exceeds %d bytes", ErrTooLarge, resp.ContentLength, c.opts.MaxResponseBytes)
				rec.Error = rerr.Error()
				c.record(p.Ticket, rec)
				return nil, c.requestError(parent, ctx, u, rerr)
			}
			c.storeCookies(u, resp.Header, origin, p, cross)
			// Recorded now, in the render's order, and completed when
			// the body ends (a body the page never reads may end after the
			// render).
			rec.Duration = time.Since(start)
			w := &wire{c: c, body: resp.Body, parent: parent, ctx: ctx, cancel: cancel, slot: slot, u: u, max: c.opts.MaxResponseBytes, started: start}
			w.rec = c.record(p.Ticket, rec)
			out, err := c.finish(res, u, resp, nil, serialized, p, tainted)
			if err != nil {
				w.close(0, err)
				return nil, err
			}
			streaming = true
			out.wire = w
			return out, nil
		}
		data, rerr := c.readBody(resp)
		c.release(slot)
		rec := Record{Method: method, URL: u.String(), Kind: p.Kind, Status: resp.StatusCode, Bytes: int64(len(data)), Start: start, Duration: time.Since(start)}
		if rerr != nil {
			rec.Error = rerr.Error()
			c.record(p.Ticket, rec)
			return nil, c.requestError(parent, ctx, u, rerr)
		}
		c.storeCookies(u, resp.Header, origin, p, cross)

		if cached != nil && resp.StatusCode == http.StatusNotModified {
			rec.Cached = true
			c.record(p.Ticket, rec)
			e := c.opts.ScriptCache.revalidated(u.String(), cached, resp.Header, header)
			return c.cachedResult(res, u, e), nil
		}
		c.record(p.Ticket, rec)

		if loc := resp.Header.Get("Location"); isRedirect(resp.StatusCode) && loc != "" {
			next, perr := u.Parse(loc)
			corsMode := p.Mode == ModeCORS && origin != nil && !c.opts.NoCORS
			switch {
			case p.Redirect == RedirectManual:
				return c.finish(res, u, resp, data, serialized, p, tainted)
			case tainted && corsMode:
				// HTTP fetch step 4.3: a redirect of a CORS request passes
				// the CORS check before it is followed.
				if err := corsCheck(serialized, resp.Header, p.Credentials == CredentialsInclude); err != nil {
					return nil, &NetworkError{URL: u.String(), Err: fmt.Errorf("redirect: %w", err)}
				}
			}
			switch {
			case p.Redirect == RedirectError:
				return nil, &NetworkError{URL: u.String(), Err: ErrRedirect}
			case perr != nil:
				return nil, &NetworkError{URL: u.String(), Err: fmt.Errorf("bad Location %q: %w", loc, perr)}
			case next.Scheme != "http" && next.Scheme != "https":
				// HTTP-redirect fetch step 6: only an HTTP(S) URL is
				// followed (not data:, blob:, about:, mailto:…).
				return nil, &NetworkError{URL: u.String(), Err: fmt.Errorf("redirect to a %s: URL", next.Scheme)}
			case p.ConnectAllowed != nil && !p.ConnectAllowed(next):
				return nil, &NetworkError{URL: u.String(), Err: ErrConnectRefused}
			case hop+1 > c.opts.MaxRedirects:
				return nil, &NetworkError{URL: u.String(), Err: ErrTooManyRedirects}
			case corsMode && hasCredentials(next) && (tainted || !sameOrigin(origin, next)):
				// HTTP-redirect fetch steps 7 and 8: a CORS request is not
				// redirected to a URL with a user name or password, unless
				// it stays within the page's origin.
				return nil, &NetworkError{URL: u.String(), Err: fmt.Errorf("%w: redirect to a URL with credentials", ErrCORS)}
			}
			if next.Fragment == "" && next.RawFragment == "" {
				// https://fetch.spec.whatwg.org/#concept-http-redirect-fetch: the
				// location inherits the request's fragment.
				next.Fragment, next.RawFragment = u.Fragment, u.RawFragment
			}
			// HTTP-redirect fetch step 12: 301/302 POST and 303 other than
			// GET or HEAD become GET without a body or its headers (a GET
			// redirected by a 303 keeps its headers, as in Chromium).
			// https://fetch.spec.whatwg.org/#http-redirect-fetch
			if (resp.StatusCode == 301 || resp.StatusCode == 302) && method == http.MethodPost ||
				resp.StatusCode == 303 && method != http.MethodGet && method != http.MethodHead {
				method = http.MethodGet
				body = nil
				for _, h := range []string{"Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location"} {
					header.Del(h)
				}
			}
			if !sameOrigin(u, next) {
				header.Del("Authorization") // step 13
				if origin != nil && !sameOrigin(origin, u) {
					// Step 11: leaving a cross-origin URL for another
					// origin taints the request's origin.
					serialized = "null"
				}
			}
			res.Redirected = true
			u = next
			continue
		}
		return c.finish(res, u, resp, data, serialized, p, tainted)
	}
}

// acquire waits for one of the MaxConnsPerHost slots of u's origin; give
// it back with release.
func (c *Client) acquire(ctx context.Context, u *url.URL) (chan struct{}, error) {
	if c.opts.MaxConnsPerHost < 0 {
		return nil, nil
	}
	key := serializeOrigin(u)
	c.mu.Lock()
	if c.slots == nil {
		c.slots = map[string]chan struct{}{}
	}
	sem, ok := c.slots[key]
	if !ok {
		sem = make(chan struct{}, c.opts.MaxConnsPerHost)
		c.slots[key] = sem
	}
	c.mu.Unlock()
	select {
	case sem <- struct{}{}:
		return sem, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// release gives back a slot from acquire.
func (c *Client) release(slot chan struct{}) {
	if slot != nil {
		<-slot
	}
}

// requestError classifies the error of an exchange: the caller's context
// ended (its error as is), the client's per-request timeout elapsed, or a
// network error.
func (c *Client) requestError(parent, ctx context.Context, u *url.URL, err error) error {
	if perr := parent.Err(); perr != nil {
		return perr
	}
	if ctx.Err() != nil {
		return &NetworkError{URL: u.String(), Err: fmt.Errorf("%w after %v", ErrTimeout, c.opts.Timeout)}
	}
	return &NetworkError{URL: u.String(), Err: err}
}

// finish fills res from the last response and applies the CORS check.
func (c *Client) finish(res *Result, u *url.URL, resp *http.Response, data []byte, origin string, p Params, tainted bool) (*Result, error) {
	res.URL = u
	res.Status = resp.StatusCode
	res.StatusText = statusText(resp)
	res.Header = resp.Header
	if resp.Close && resp.ProtoMajor == 1 && resp.ProtoMinor >= 1 && resp.Header.Get("Connection") == "" {
		// net/http deletes an HTTP/1.1 "Connection: close" header (keeping
		// only resp.Close); a browser lists it with the others.
		res.Header = resp.Header.Clone()
		res.Header.Set("Connection", "close")
	}
	res.Body = data
	res.CrossOrigin = tainted
	if tainted && p.Mode == ModeCORS && origin != "" && !c.opts.NoCORS {
		res.CORS = true
		if err := corsCheck(origin, resp.Header, p.Credentials == CredentialsInclude); err != nil {
			return nil, &NetworkError{URL: u.String(), Err: err}
		}
	}
	if p.Kind == KindScript && c.opts.ScriptCache != nil && resp.Request != nil && resp.Request.Method == http.MethodGet {
		c.opts.ScriptCache.store(u.String(), resp.StatusCode, resp.Header, resp.Request.Header, data)
	}
	return res, nil
}

// timingAllowed reports whether a cross-origin response's
// Timing-Allow-Origin header lets a page of origin see its timing: one of
// its values is "*" or the page's origin.
// https://fetch.spec.whatwg.org/#concept-tao-check
func timingAllowed(h http.Header, origin *url.URL) bool {
	page := ""
	if origin != nil {
		page = serializeOrigin(origin)
	}
	for _, line := range h.Values("Timing-Allow-Origin") {
		for v := range strings.SplitSeq(line, ",") {
			if v = strings.TrimSpace(v); v == "*" || v == page {
				return true
			}
		}
	}
	return false
}

func (c *Client) cachedResult(res *Result, u *url.URL, e *cacheEntry) *Result {
	res.URL = u
	res.Status = e.status
	res.StatusText = http.StatusText(e.status)
	res.Header = e.header.Clone()
	res.Body = e.body
	res.Cached = true
	return res
}

// readBody reads resp's body up to the size limit.
//
// The body it returns has about its length in capacity: script bodies are
// kept by the page until its load event and by the ScriptCache between
// renders, which counts their lengths. Without a Content-Length (chunked or
// decompressed bodies) the buffer grows by doubling, and a body left with
// much unused capacity is copied to one of its size (a 300 KB chunked body
// was kept in 512 KB); with one, the buffer has room for the read that
// finds the end (bytes.Buffer.ReadFrom wants bytes.MinRead free), so that
// a reader reporting the end only then does not double it either.
func (c *Client) readBody(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	max := c.opts.MaxResponseBytes
	if resp.ContentLength > max {
		return nil, fmt.Errorf("%w: Content-Length %d exceeds %d bytes", ErrTooLarge, resp.ContentLength, max)
	}
	var buf bytes.Buffer
	if resp.ContentLength > 0 {
		buf.Grow(int(resp.ContentLength) + bytes.MinRead)
	}
	n, err := buf.ReadFrom(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, err
	}
	if n > max {
		return nil, fmt.Errorf("%w: body exceeds %d bytes", ErrTooLarge, max)
	}
	body := buf.Bytes()
	if slack := cap(body) - len(body); slack > bodySlack && slack > len(body)/4 {
		body = bytes.Clone(body)
	}
	return body, nil
}

// bodySlack is the unused capacity readBody leaves a body without copying
// it to a slice of its size.
const bodySlack = 4 << 10

// prepareHeaders sets the headers of one exchange: the page's, then the
// defaults it did not set, the marker, Referer, Origin and cookies.
func (c *Client) prepareHeaders(hreq *http.Request, page http.Header, origin *url.URL, serialized string, u *url.URL, p Params, cross, corsTainted bool) {
	h := hreq.Header
	for k, v := range page {
		h[k] = append([]string(nil), v...)
	}
	if c.headerFor(u) {
		for k, v := range c.opts.Header {
			if _, ok := h[k]; !ok {
				h[k] = append([]string(nil), v...)
			}
		}
	}
	if h.Get("User-Agent") == "" {
		h.Set("User-Agent", c.opts.UserAgent)
	}
	if h.Get("Accept-Language") == "" {
		h.Set("Accept-Language", c.opts.AcceptLanguage)
	}
	if h.Get("Accept") == "" {
		h.Set("Accept", defaultAccept(p.Kind))
	}
	if c.opts.MarkerHeader != "-" {
		h.Set(c.opts.MarkerHeader, c.opts.MarkerValue)
	}
	if origin != nil {
		if ref := referrer(origin, u, p); ref != "" {
			h.Set("Referer", ref)
		}
		if corsTainted || hreq.Method != http.MethodGet && hreq.Method != http.MethodHead {
			h.Set("Origin", serialized)
		}
	}
	if sendCookies(p.Credentials, cross) {
		crossSite := origin != nil && !sameSiteURLs(origin, u)
		if ck := joinCookies(c.jar.match(u, true, crossSite, p.Now)); ck != "" {
			h.Set("Cookie", ck)
		}
	}
}

// headerFor reports whether a request for u carries ClientOptions.Header.
func (c *Client) headerFor(u *url.URL) bool {
	if len(c.opts.HeaderHosts) == 0 {
		return true
	}
	host := strings.ToLower(u.Host)
	for _, want := range c.opts.HeaderHosts {
		want = strings.ToLower(want)
		if host == want || hostWithoutDefaultPort(u.Scheme, host) == hostWithoutDefaultPort(u.Scheme, want) {
			return true
		}
	}
	return false
}

// hostWithoutDefaultPort returns host ("host" or "host:port", lower case)
// without the default port of scheme (80 for http and ws, 443 for https
// and wss).
func hostWithoutDefaultPort(scheme, host string) string {
	switch scheme {
	case "http", "ws":
		return strings.TrimSuffix(host, ":80")
	case "https", "wss":
		return strings.TrimSuffix(host, ":443")
	}
	return host
}

func (c *Client) storeCookies(u *url.URL, h http.Header, origin *url.URL, p Params, cross bool) {
	if !sendCookies(p.Credentials, cross) {
		return
	}
	crossSite := origin != nil && !sameSiteURLs(origin, u)
	for _, v := range h.Values("Set-Cookie") {
		c.jar.setFromHeader(u, v, crossSite, p.Now)
	}
}

func sendCookies(cr Credentials, cross bool) bool {
	return cr == CredentialsInclude || cr == CredentialsSameOrigin && !cross
}

// referrer is the Referer a request from the document at doc to u sends:
// its referrer is the document unless p names another URL (or none), and
// p's referrer policy ("" or an unknown one: the default,
// strict-origin-when-cross-origin) decides how much of it goes: the full
// URL (without fragment or user info), its origin, or nothing.
//
// https://w3c.github.io/webappsec-referrer-policy/#determine-requests-referrer
func referrer(doc, u *url.URL, p Params) string {
	if p.NoReferrer {
		return ""
	}
	src := doc
	if p.Referrer != nil {
		src = p.Referrer
	}
	full := *src
	full.User, full.Fragment, full.RawFragment = nil, "", ""
	fullURL, originURL := full.String(), serializeOrigin(src)+"/"
	if len(fullURL) > 4096 {
		fullURL = originURL
	}
	downgrade := src.Scheme == "https" && u.Scheme != "https"
	same := sameOrigin(src, u)
	switch p.ReferrerPolicy {
	case "no-referrer":
		return ""
	case "unsafe-url":
		return fullURL
	case "origin":
		return originURL
	case "same-origin":
		if same {
			return fullURL
		}
		return ""
	case "origin-when-cross-origin":
		if same {
			return fullURL
		}
		return originURL
	case "no-referrer-when-downgrade":
		if downgrade {
			return ""
		}
		return fullURL
	case "strict-origin":
		if downgrade {
			return ""
		}
		return originURL
	}
	switch {
	case same:
		return fullURL
	case downgrade:
		return ""
	}
	return originURL
}

func defaultAccept(k Kind) string {
	switch k {
	case KindDocument:
		return "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	case KindStylesheet:
		return "text/css,*/*;q=0.1"
	case KindImage:
		return "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"
	}
	return "*/*"
}

func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// statusText returns the reason phrase of resp's status line ("Not Found"),
// as the server sent it; HTTP/2 and HTTP/3 have none (Go makes one up,
// browsers show "").
func statusText(resp *http.Response) string {
	if resp.ProtoMajor >= 2 {
		return ""
	}
	code := strconv.Itoa(resp.StatusCode)
	if s, ok := strings.CutPrefix(resp.Status, code); ok {
		return strings.TrimSpace(s)
	}
	return resp.Status
}

// corsCheck checks a response against the request's serialized origin
// ("null" when tainted by a redirect).
//
// https://fetch.spec.whatwg.org/#concept-cors-check
func corsCheck(origin string, h http.Header, credentials bool) error {
	acao := h.Values("Access-Control-Allow-Origin")
	if len(acao) != 1 {
		return fmt.Errorf("%w: no single Access-Control-Allow-Origin", ErrCORS)
	}
	if !credentials && acao[0] == "*" {
		return nil
	}
	if acao[0] != origin {
		return fmt.Errorf("%w: Access-Control-Allow-Origin %q", ErrCORS, acao[0])
	}
	if credentials && h.Get("Access-Control-Allow-Credentials") != "true" {
		return fmt.Errorf("%w: credentials not allowed", ErrCORS)
	}
	return nil
}

// hasCredentials says whether u includes credentials: a user name or a
// password that is not empty.
//
// https://url.spec.whatwg.org/#include-credentials
func hasCredentials(u *url.URL) bool {
	if u.User == nil {
		return false
	}
	pw, _ := u.User.Password()
	return u.User.Username() != "" || pw != ""
}
