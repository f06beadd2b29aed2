package xhr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"

	"github.com/bangsnap/bangsnap/internal/whatwgurl"
	"github.com/bangsnap/bangsnap/loop"
)

// An AbortSignal is the state behind AbortController and AbortSignal: the
// wrapper fires the "abort" event from OnAbort. It lives on the loop
// goroutine.
//
// https://dom.spec.whatwg.org/#interface-AbortSignal
type AbortSignal struct {
	aborted    bool
	reason     any // the JavaScript reason, opaque here
	algorithms []*func()
	// OnAbort is called after the abort algorithms, to fire the event.
	OnAbort func()
}

// NewAbortSignal returns a signal that is not aborted.
func NewAbortSignal() *AbortSignal { return &AbortSignal{} }

// Aborted reports whether the signal was aborted.
func (s *AbortSignal) Aborted() bool { return s.aborted }

// Reason returns the reason given to Abort.
func (s *AbortSignal) Reason() any { return s.reason }

// Add registers an abort algorithm and returns a function removing it.
//
// https://dom.spec.whatwg.org/#abortsignal-add
func (s *AbortSignal) Add(fn func()) (remove func()) {
	if s.aborted {
		return func() {}
	}
	p := &fn
	s.algorithms = append(s.algorithms, p)
	return func() {
		s.algorithms = slices.DeleteFunc(s.algorithms, func(q *func()) bool { return q == p })
	}
}

// Abort aborts the signal with reason (the wrapper passes a new
// DOMException "AbortError" when the page gave none): it runs the abort
// algorithms in order, then OnAbort. Aborting twice does nothing.
//
// https://dom.spec.whatwg.org/#abortsignal-signal-abort
func (s *AbortSignal) Abort(reason any) {
	if s.aborted {
		return
	}
	s.aborted, s.reason = true, reason
	algs := s.algorithms
	s.algorithms = nil
	for _, fn := range algs {
		(*fn)()
	}
	if s.OnAbort != nil {
		s.OnAbort()
	}
}

// AnySignal returns a signal aborted when any of signals is
// (AbortSignal.any).
//
// https://dom.spec.whatwg.org/#create-a-dependent-abort-signal
func AnySignal(signals ...*AbortSignal) *AbortSignal {
	out := NewAbortSignal()
	for _, s := range signals {
		if s.aborted {
			out.aborted, out.reason = true, s.reason
			return out
		}
	}
	for _, s := range signals {
		s.Add(func() { out.Abort(s.reason) })
	}
	return out
}

// An AbortError is how a fetch ends when its signal is aborted: the wrapper
// rejects with Reason.
type AbortError struct{ Reason any }

func (e *AbortError) Error() string { return "AbortError: the operation was aborted" }

// Is makes errors.Is(err, ErrAborted) true.
func (e *AbortError) Is(target error) bool { return target == ErrAborted }

// Body is the body of a Request or Response: bytes that can be read once.
//
// https://fetch.spec.whatwg.org/#concept-body
type Body struct {
	data []byte
	null bool // no body at all (not the same as an empty one)
	used bool
	// err errors the body: reading it fails with err (an *AbortError
	// once the fetch's signal aborted after the response came).
	err error
	// stream is a network response's body while it is being received
	// (data is then empty); see Stream.
	stream *BodyStream
}

// HasBody reports whether there is a body (request.body / response.body is
// not null).
func (b *Body) HasBody() bool { return !b.null }

// Len is the length of a body held whole (0 for a null body or one
// still being received).
func (b *Body) Len() int { return len(b.data) }

// BodyUsed reports whether the body was read (bodyUsed).
func (b *Body) BodyUsed() bool { return b.used }

// Stream returns the body being received from the network, nil for a body
// whose bytes are all here (Consume).
func (b *Body) Stream() *BodyStream { return b.stream }

// TakeStream returns the body being received and leaves the body without
// it: the caller reads it from now on (consume it whole after Consume has
// marked the body used, or as the page's ReadableStream).
func (b *Body) TakeStream() *BodyStream {
	s := b.stream
	b.stream = nil
	return s
}

// ReadAll reads the whole body, as text(), json() and the others do: fn
// gets its bytes, or the error reading it failed with (a TypeError for a
// used body, an *AbortError when its fetch's signal aborted, the network
// error of a body that failed). A body being received (a fetched
// response's) is read to its end first, fn then runs as a task of the
// page's loop; any other body is given to fn at once. Call it on the loop
// goroutine; the caller must not modify the bytes.
//
// https://fetch.spec.whatwg.org/#concept-body-consume-body
func (b *Body) ReadAll(fn func(data []byte, err error)) {
	data, err := b.Consume()
	if err != nil || b.stream == nil {
		fn(data, err)
		return
	}
	b.TakeStream().ReadAll(fn)
}

// SetStreamed gives a body that was given as a stream (a page's
// ReadableStream, which the caller read to its end) its bytes, for the
// request to send them.
func (b *Body) SetStreamed(data []byte) { b.data, b.null = data, false }

// Consume returns the bytes for text(), json(), arrayBuffer(), blob(),
// formData(), marking the body used; reading a used body is a TypeError.
// The caller must not modify the bytes.
//
// https://fetch.spec.whatwg.org/#concept-body-consume-body
func (b *Body) Consume() ([]byte, error) {
	if b.used {
		return nil, typeError("body has already been consumed")
	}
	if !b.null {
		b.used = true
	}
	if b.err != nil {
		return nil, b.err
	}
	return b.data, nil
}

// RequestInit is the init dictionary of new Request(input, init) and
// fetch(input, init), after the wrapper's conversion. Empty strings and nil
// mean "not given".
//
// https://fetch.spec.whatwg.org/#requestinit
type RequestInit struct {
	Method      string
	Headers     [][2]string // nil: not given
	Body        any         // see ExtractBody; nil with HasBody false: not given
	HasBody     bool        // body was given (possibly null)
	Mode        string      // "cors", "no-cors", "same-origin"
	Credentials string      // "omit", "same-origin", "include"
	Redirect    string      // "follow", "error", "manual"
	Signal      *AbortSignal
	HasSignal   bool // signal was given (possibly null)
	// Cache is the cache mode ("default", "no-store", "reload",
	// "no-cache", "force-cache", "only-if-cached"); "" when not given.
	Cache string
	// Referrer is the referrer member (a URL, "" for no referrer) when
	// HasReferrer; ReferrerPolicy and Integrity are "" when not given.
	Referrer       string
	HasReferrer    bool
	ReferrerPolicy string
	Integrity      string
	HasIntegrity   bool
	Keepalive      bool
	HasKeepalive   bool
}

// A Request is the Fetch standard's Request.
//
// https://fetch.spec.whatwg.org/#request-class
type Request struct {
	Method      string
	URL         *url.URL
	Headers     *Headers
	Mode        string
	Credentials string
	Redirect    string
	Signal      *AbortSignal
	// Cache, ReferrerPolicy, Integrity and Keepalive are kept for the
	// page to read back; the fetch itself ignores them.
	Cache          string
	ReferrerPolicy string
	Integrity      string
	Keepalive      bool
	// Referrer is "client" (the default), "no-referrer" or a URL.
	Referrer string
	// BlobEntry is the blob URL entry of a blob: URL, resolved by the
	// caller when it parsed the URL (Client.ResolveBlobURL); a Request
	// made from another keeps it.
	BlobEntry *Blob
	// Connect, when not nil, checks the URLs the fetch connects to (set by
	// the page as it calls Fetch; a Request made from another does not
	// keep it).
	Connect ConnectCheck
	Body
}

// NewRequest builds a Request from input (a URL string resolved against
// base, or a *Request) and init, with the constructor's checks: a TypeError
// for a bad URL, URL credentials, a bad or forbidden method, mode
// "navigate", or a body with GET or HEAD.
//
// https://fetch.spec.whatwg.org/#dom-request
func NewRequest(input any, base *url.URL, init RequestInit) (*Request, error) {
	r := &Request{Method: "GET", Mode: "cors", Credentials: "same-origin", Redirect: "follow", Cache: "default", Referrer: "client", Body: Body{null: true}}
	var src *Request
	switch in := input.(type) {
	case string:
		u, err := resolveURL(base, in)
		if err != nil {
			return nil, typeError("Failed to parse URL from %s", in)
		}
		if u.User != nil {
			return nil, typeError("Request cannot be constructed from a URL that includes credentials: %s", in)
		}
		r.URL = u
	case *Request:
		src = in
		c := *in.URL
		r.URL = &c
		r.Method, r.Mode, r.Credentials, r.Redirect, r.Signal = in.Method, in.Mode, in.Credentials, in.Redirect, in.Signal
		r.Cache, r.Referrer, r.ReferrerPolicy, r.Integrity, r.Keepalive = in.Cache, in.Referrer, in.ReferrerPolicy, in.Integrity, in.Keepalive
		r.BlobEntry = in.BlobEntry
	default:
		return nil, typeError("invalid request input %T", input)
	}
	if init.Mode != "" {
		if init.Mode == "navigate" {
			return nil, typeError("Cannot construct a Request with a RequestInit whose mode member is set as 'navigate'.")
		}
		r.Mode = init.Mode
	}
	if init.Credentials != "" {
		r.Credentials = init.Credentials
	}
	if init.Cache != "" {
		r.Cache = init.Cache
	}
	if r.Cache == "only-if-cached" && r.Mode != "same-origin" {
		return nil, typeError("'only-if-cached' can be set only with 'same-origin' mode")
	}
	if init.HasReferrer {
		switch {
		case init.Referrer == "":
			r.Referrer = "no-referrer"
		default:
			ref, err := resolveURL(base, init.Referrer)
			if err != nil {
				return nil, typeError("Referrer '%s' is not a valid URL.", init.Referrer)
			}
			switch {
			case ref.Scheme == "about" && ref.Opaque == "client":
				r.Referrer = "client"
			case base != nil && !sameOrigin(ref, base):
				r.Referrer = "client"
			default:
				r.Referrer = ref.String()
			}
		}
	}
	if init.ReferrerPolicy != "" {
		r.ReferrerPolicy = init.ReferrerPolicy
	}
	if init.HasIntegrity {
		r.Integrity = init.Integrity
	}
	if init.HasKeepalive {
		r.Keepalive = init.Keepalive
	}
	if init.Redirect != "" {
		r.Redirect = init.Redirect
	}
	if init.Method != "" {
		if !isToken(init.Method) {
			return nil, typeError("'%s' is not a valid HTTP method.", latin1(init.Method))
		}
		if isForbiddenMethod(init.Method) {
			return nil, typeError("'%s' HTTP method is unsupported.", latin1(init.Method))
		}
		r.Method = normalizeMethod(init.Method)
	}
	if init.HasSignal {
		r.Signal = init.Signal
	}
	// Headers: https://fetch.spec.whatwg.org/#dom-request step 32-33.
	guard := GuardRequest
	if r.Mode == "no-cors" {
		if r.Method != "GET" && r.Method != "HEAD" && r.Method != "POST" {
			return nil, typeError("'%s' is unsupported in no-cors mode.", latin1(r.Method))
		}
		guard = GuardRequestNoCORS
	}
	r.Headers = NewHeaders(guard)
	switch {
	case init.Headers != nil:
		if err := r.Headers.Fill(init.Headers); err != nil {
			return nil, err
		}
	case src != nil:
		r.Headers.list = slices.Clone(src.Headers.list)
	}
	if (init.HasBody && init.Body != nil || src != nil && !src.null) && (r.Method == "GET" || r.Method == "HEAD") {
		return nil, typeError("Request with GET/HEAD method cannot have body.")
	}
	switch {
	case init.HasBody && init.Body != nil:
		data, ct, err := ExtractBody(init.Body)
		if err != nil {
			return nil, &DOMError{Name: "TypeError", Message: err.Error(), Err: err}
		}
		r.Body = Body{data: data}
		if ct != "" {
			if has, _ := r.Headers.Has("Content-Type"); !has {
				r.Headers.Append("Content-Type", ct)
			}
		}
	case src != nil && !init.HasBody:
		if src.used {
			return nil, typeError("Cannot construct a Request with a Request object that has already been used.")
		}
		r.Body = Body{data: src.data, null: src.null}
		if !src.null {
			src.used = true // the body moved to the new request
		}
	}
	return r, nil
}

// Clone returns a copy (request.clone()); a used body is a TypeError.
func (r *Request) Clone() (*Request, error) {
	if r.used {
		return nil, typeError("Request body is already used")
	}
	c := *r
	c.Headers = r.Headers.Clone()
	u := *r.URL
	c.URL = &u
	c.Connect = nil
	return &c, nil
}

// resolveURL parses s against base with the URL standard's parser (net/url
// reads backslashes, dot segments, hosts and ports otherwise), and gives
// the result as a net/url URL for net/http.
func resolveURL(base *url.URL, s string) (*url.URL, error) {
	var b *whatwgurl.URL
	if base != nil {
		var err error
		if b, err = whatwgurl.Parse(base.String(), nil); err != nil {
			return nil, fmt.Errorf("base: %w", err)
		}
	}
	u, err := whatwgurl.Parse(s, b)
	if err != nil {
		return nil, err
	}
	return url.Parse(u.String())
}

// A Response is the Fetch standard's Response.
//
// https://fetch.spec.whatwg.org/#response-class
type Response struct {
	Type       string // "basic", "cors", "default", "error", "opaque", "opaqueredirect"
	URLList    []*url.URL
	Status     int
	StatusText string
	Headers    *Headers
	// Timing is what the fetch leaves for the page's Resource Timing
	// entry (a response made by the page has none: Timing.Done is false).
	Timing Timing
	Body
}

// URL returns response.url: the last URL without its fragment, or "".
func (r *Response) URL() string {
	if len(r.URLList) == 0 {
		return ""
	}
	return urlWithoutFragment(r.URLList[len(r.URLList)-1])
}

// Redirected reports whether the response came after a redirect.
func (r *Response) Redirected() bool { return len(r.URLList) > 1 }

// OK reports whether the status is in 200–299.
func (r *Response) OK() bool { return r.Status >= 200 && r.Status <= 299 }

// ContentType returns the Content-Type header, for blob() and formData().
func (r *Response) ContentType() string {
	v, _ := r.Headers.get("Content-Type")
	return v
}

// Clone returns a copy (response.clone()); a used body is a TypeError.
func (r *Response) Clone() (*Response, error) {
	if r.used {
		return nil, typeError("Response body is already used")
	}
	c := *r
	c.Headers = r.Headers.Clone()
	c.URLList = slices.Clone(r.URLList)
	return &c, nil
}

// ResponseInit is the init dictionary of new Response(body, init).
type ResponseInit struct {
	Status     int // 0: 200
	StatusText string
	Headers    [][2]string
}

// NewResponse builds a Response as new Response(body, init) does: a
// RangeError (DOMError named "RangeError") for a status outside 200–599, a
// TypeError for a bad status text or a body with a null-body status.
//
// https://fetch.spec.whatwg.org/#dom-response
func NewResponse(body any, init ResponseInit) (*Response, error) {
	if init.Status == 0 {
		init.Status = 200
	}
	if init.Status < 200 || init.Status > 599 {
		return nil, domError("RangeError", "The status provided (%d) is outside the range [200, 599].", init.Status)
	}
	for i := 0; i < len(init.StatusText); i++ {
		c := init.StatusText[i]
		if c != '\t' && (c < 0x20 || c == 0x7F) {
			return nil, typeError("Invalid statusText")
		}
	}
	r := &Response{Type: "default", Status: init.Status, StatusText: init.StatusText, Headers: NewHeaders(GuardResponse), Body: Body{null: true}}
	if err := r.Headers.Fill(init.Headers); err != nil {
		return nil, err
	}
	if body != nil {
		switch init.Status {
		case 101, 103, 204, 205, 304:
			return nil, typeError("Response with null body status cannot have body")
		}
		data, ct, err := ExtractBody(body)
		if err != nil {
			return nil, &DOMError{Name: "TypeError", Message: err.Error(), Err: err}
		}
		r.Body = Body{data: data}
		if ct != "" {
			if has, _ := r.Headers.Has("Content-Type"); !has {
				r.Headers.Append("Content-Type", ct)
			}
		}
	}
	return r, nil
}

// ErrorResponse returns Response.error(): a network error response.
func ErrorResponse() *Response {
	return &Response{Type: "error", Headers: NewHeaders(GuardImmutable), Body: Body{null: true}}
}

// RedirectResponse returns Response.redirect(url, status).
//
// https://fetch.spec.whatwg.org/#dom-response-redirect
func RedirectResponse(base *url.URL, rawURL string, status int) (*Response, error) {
	u, err := resolveURL(base, rawURL)
	if err != nil {
		return nil, typeError("Failed to parse URL from %s", rawURL)
	}
	if !isRedirect(status) {
		return nil, domError("RangeError", "Invalid status code")
	}
	h := NewHeaders(GuardImmutable)
	h.list = append(h.list, headerField{"location", u.String()})
	return &Response{Type: "default", Status: status, Headers: h, Body: Body{null: true}}, nil
}

// JSONResponse returns Response.json(data, init); the wrapper passes the
// JSON serialization of data.
func JSONResponse(json string, init ResponseInit) (*Response, error) {
	r, err := NewResponse(nil, init)
	if err != nil {
		return nil, err
	}
	switch r.Status {
	case 101, 103, 204, 205, 304:
		return nil, typeError("Response with null body status cannot have body")
	}
	r.Body = Body{data: []byte(json)}
	if has, _ := r.Headers.Has("Content-Type"); !has {
		r.Headers.Append("Content-Type", "application/json")
	}
	return r, nil
}

// Fetch starts fetch(req) on the page's loop and calls done on the loop
// goroutine with the response or the error the promise rejects with: a
// *DOMError named "TypeError" for a network error or a blocked request
// (its Err says which), an *AbortError when req.Signal aborts. Call it on the
// loop goroutine. The request runs on its own goroutine as an operation of
// the loop (l.Begin), so the page is not quiet until it ends.
//
// https://fetch.spec.whatwg.org/#fetch-method
func Fetch(ctx context.Context, l *loop.Loop, c *Client, req *Request, done func(*Response, error)) {
	if ctx == nil {
		ctx = context.Background()
	}
	if req.Signal != nil && req.Signal.Aborted() {
		done(nil, &AbortError{Reason: req.Signal.Reason()})
		return
	}
	if req.used {
		done(nil, typeError("request body has already been used"))
		return
	}
	body, _ := req.Consume()
	hreq, err := http.NewRequestWithContext(ctx, req.Method, req.URL.String(), bytes.NewReader(body))
	if err != nil {
		done(nil, &DOMError{Name: "TypeError", Message: "Failed to fetch", Err: err})
		return
	}
	if req.null {
		hreq.Body = http.NoBody
	}
	hreq.Header = req.Headers.HTTPHeader()
	p := Params{Kind: KindFetch, Mode: parseMode(req.Mode), Credentials: parseCredentials(req.Credentials), Redirect: parseRedirect(req.Redirect), Now: l.Now(), Ticket: c.Ticket(),
		ReferrerPolicy: req.ReferrerPolicy, Blob: req.BlobEntry}
	switch req.Referrer {
	case "client", "":
	case "no-referrer":
		p.NoReferrer = true
	default:
		if ref, err := url.Parse(req.Referrer); err == nil {
			p.Referrer = ref
		}
	}
	var connected func()
	if req.Connect != nil {
		allowed, redirect, done2 := req.Connect(req.URL)
		if !allowed {
			done(nil, &DOMError{Name: "TypeError", Message: "Failed to fetch", Err: &NetworkError{URL: req.URL.String(), Err: ErrConnectRefused}})
			return
		}
		p.ConnectAllowed, connected = redirect, done2
	}

	ctx, cancel := context.WithCancel(ctx)
	label := "fetch " + req.Method + " " + truncateURL(req.URL.String())
	op := l.Begin(label)
	aborted := false
	var removeAbort func()
	if req.Signal != nil {
		removeAbort = req.Signal.Add(func() {
			// Abort rejects at once (the fetch's promise settles inside
			// abort()), the operation ends without a task.
			aborted = true
			cancel()
			op.Cancel()
			done(nil, &AbortError{Reason: req.Signal.Reason()})
		})
	}
	p.Stream = true
	go func() {
		res, err := c.doGuarded(ctx, hreq, p)
		var r *Response
		var bs *BodyStream
		if err == nil {
			r = fetchedResponse(res, p)
			if res.wire != nil {
				if r.null {
					res.discard()
				} else {
					// The fetch resolves at the headers; the body follows
					// (https://fetch.spec.whatwg.org/#fetch-method step 12).
					bs = newBodyStream(l, label+" (body)", op, res.wire)
					r.stream = bs
				}
			}
		}
		if bs == nil {
			cancel()
		}
		op.Complete(func() {
			if connected != nil {
				connected()
			}
			if aborted {
				if bs != nil {
					bs.Cancel()
				}
				return
			}
			if removeAbort != nil {
				removeAbort()
			}
			if err != nil {
				done(nil, &DOMError{Name: "TypeError", Message: "Failed to fetch", Err: err})
				return
			}
			if req.Signal != nil {
				// Aborting later errors the body still unread (abort the
				// fetch() call, step 5) and closes the connection.
				req.Signal.Add(func() {
					ae := &AbortError{Reason: req.Signal.Reason()}
					if bs != nil {
						bs.Fail(ae)
						if !r.used {
							r.err = ae
						}
						return
					}
					if !r.used && !r.null {
						r.err = ae
					}
				})
			}
			done(r, nil)
		})
		if bs != nil {
			bs.run()
			cancel()
		}
	}()
}

// fetchedResponse turns a client result into the filtered response the page
// sees.
//
// https://fetch.spec.whatwg.org/#concept-filtered-response
func fetchedResponse(res *Result, p Params) *Response {
	r := &Response{URLList: res.URLs, Status: res.Status, StatusText: res.StatusText, Body: Body{data: res.Body}, Timing: TimingOf(res, -1)}
	if res.wire != nil {
		r.Body.data = nil
	}
	switch {
	case p.Redirect == RedirectManual && isRedirect(res.Status):
		r.Type, r.Status, r.StatusText, r.Body = "opaqueredirect", 0, "", Body{null: true}
		r.Headers = NewHeaders(GuardImmutable)
		r.Timing.Status, r.Timing.ContentType = 0, ""
		return r
	case res.CrossOrigin && p.Mode == ModeNoCORS:
		r.Type, r.Status, r.StatusText, r.Body, r.URLList = "opaque", 0, "", Body{null: true}, nil
		r.Headers = NewHeaders(GuardImmutable)
		r.Timing.Status, r.Timing.ContentType = 0, ""
		return r
	case res.CORS:
		r.Type = "cors"
	default:
		r.Type = "basic"
	}
	r.Headers = HeadersFromHTTP(visibleResponseHeaders(res.Header, res.CORS, p.Credentials == CredentialsInclude), GuardImmutable)
	switch res.Status {
	case 101, 103, 204, 205, 304:
		r.Body = Body{null: true}
	}
	return r
}

func parseMode(s string) Mode {
	switch s {
	case "no-cors":
		return ModeNoCORS
	case "same-origin":
		return ModeSameOrigin
	}
	return ModeCORS
}

func parseCredentials(s string) Credentials {
	switch s {
	case "include":
		return CredentialsInclude
	case "omit":
		return CredentialsOmit
	}
	return CredentialsSameOrigin
}

func parseRedirect(s string) RedirectMode {
	switch s {
	case "error":
		return RedirectError
	case "manual":
		return RedirectManual
	}
	return RedirectFollow
}

// IsNetworkError reports whether err (from Fetch or an XHR) is a network
// error rather than an abort.
func IsNetworkError(err error) bool {
	var ne *NetworkError
	var be *BlockedError
	return errors.As(err, &ne) || errors.As(err, &be)
}
