package xhr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Event streams (server-sent events), opened for a page's EventSource
// objects: a GET whose response body is read as it arrives instead of in
// full. It goes through the client like any request (the policy, cookies,
// redirects, the CORS check) and holds one of its origin's
// MaxConnsPerHost slots while it is open, as a browser's connection does.
//
// https://html.spec.whatwg.org/multipage/server-sent-events.html#dom-eventsource

// An EventStream is the response to an event-stream request, its body
// still arriving. Close it when done: that ends the connection and gives
// back its slot.
type EventStream struct {
	URL    *url.URL // the final URL, after redirects
	Status int
	// MIMEType is the essence of the Content-Type ("text/event-stream").
	MIMEType string
	// Body is the stream: at most MaxResponseBytes in all, then a read
	// error.
	Body io.Reader

	closeOnce sync.Once
	close     func()
}

// Close ends the stream and gives back its connection slot. It may be
// called from any goroutine, more than once.
func (s *EventStream) Close() { s.closeOnce.Do(s.close) }

// OpenEventStream sends the event-stream GET for u (Accept:
// text/event-stream, Cache-Control: no-cache, Last-Event-ID when
// lastEventID is not empty), following redirects, and returns once the
// response headers of the last hop are in. Cookies go with it as with a
// fetch of credentials mode include (withCredentials) or same-origin; a
// cross-origin response must pass the CORS check. Each hop appears in
// Records as kind KindEventSource, recorded when its headers arrive. The
// request timeout bounds the wait for the headers; ctx ends the stream.
// A data: or blob: URL is answered from its bytes, with no request. A
// request refused by the policy returns a *BlockedError, a failed one a
// *NetworkError (wrapping ErrCORS when the CORS check failed).
func (c *Client) OpenEventStream(ctx context.Context, u *url.URL, lastEventID string, withCredentials bool) (*EventStream, error) {
	if u == nil {
		return nil, errors.New("xhr: event stream without URL")
	}
	origin := c.DocumentURL()
	p := Params{Kind: KindEventSource, Mode: ModeCORS, Credentials: CredentialsSameOrigin, Now: time.Now(), Ticket: c.Ticket()}
	if withCredentials {
		p.Credentials = CredentialsInclude
	}
	if u.Scheme == "data" || u.Scheme == "blob" {
		// Answered without a request, as a fetch of them is.
		fetch := c.fetchData
		if u.Scheme == "blob" {
			fetch = c.fetchBlob
		}
		res, err := fetch(http.MethodGet, u, p, &Result{})
		if err != nil {
			return nil, err
		}
		mime, _ := parseMIME(res.Header.Get("Content-Type"))
		return &EventStream{URL: u, Status: res.Status, MIMEType: mime, Body: bytes.NewReader(res.Body), close: func() {}}, nil
	}
	sctx, cancel := context.WithCancel(ctx)
	// The timeout covers every hop up to the last response's headers.
	timer := time.AfterFunc(c.opts.Timeout, cancel)
	fail := func(err error) (*EventStream, error) {
		timer.Stop()
		cancel()
		return nil, err
	}
	netErr := func(u *url.URL, err error) (*EventStream, error) {
		if ctx.Err() != nil {
			return fail(ctx.Err())
		}
		if sctx.Err() != nil {
			err = fmt.Errorf("%w after %v", ErrTimeout, c.opts.Timeout)
		}
		return fail(&NetworkError{URL: u.String(), Err: err})
	}
	tainted := false
	serialized := originString(origin) // "null" once a redirect taints it, as in Do
	corsMode := origin != nil && !c.opts.NoCORS
	for hop := 0; ; hop++ {
		if reason := c.policy.check(origin, u, p.Kind); reason != "" {
			err := &BlockedError{URL: u.String(), Reason: reason}
			c.record(p.Ticket, Record{Method: http.MethodGet, URL: u.String(), Kind: p.Kind, Blocked: true, Error: err.Reason})
			return fail(err)
		}
		cross := origin != nil && !sameOrigin(origin, u)
		tainted = tainted || cross
		req, err := http.NewRequestWithContext(sctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return fail(&NetworkError{URL: u.String(), Err: err})
		}
		h := http.Header{"Accept": {"text/event-stream"}, "Cache-Control": {"no-cache"}}
		if lastEventID != "" {
			h.Set("Last-Event-ID", lastEventID)
		}
		c.prepareHeaders(req, h, origin, serialized, u, p, cross, tainted)

		start := time.Now()
		slot, err := c.acquire(sctx, u)
		if err != nil {
			return netErr(u, err)
		}
		resp, err := c.transport.RoundTrip(req)
		rec := Record{Method: http.MethodGet, URL: u.String(), Kind: p.Kind, Start: start, Duration: time.Since(start)}
		if err != nil {
			c.release(slot)
			rec.Error = err.Error()
			c.record(p.Ticket, rec)
			return netErr(u, err)
		}
		rec.Status = resp.StatusCode
		c.record(p.Ticket, rec)
		c.storeCookies(u, resp.Header, origin, p, cross)
		if loc := resp.Header.Get("Location"); isRedirect(resp.StatusCode) && loc != "" {
			resp.Body.Close()
			c.release(slot)
			next, perr := u.Parse(loc)
			if tainted && corsMode {
				// The redirect rules of Do (HTTP fetch, HTTP-redirect fetch).
				if err := corsCheck(serialized, resp.Header, withCredentials); err != nil {
					return fail(&NetworkError{URL: u.String(), Err: fmt.Errorf("redirect: %w", err)})
				}
			}
			switch {
			case perr != nil:
				return fail(&NetworkError{URL: u.String(), Err: fmt.Errorf("bad Location %q: %w", loc, perr)})
			case hop+1 > c.opts.MaxRedirects:
				return fail(&NetworkError{URL: u.String(), Err: ErrTooManyRedirects})
			case corsMode && hasCredentials(next) && (tainted || !sameOrigin(origin, next)):
				return fail(&NetworkError{URL: u.String(), Err: fmt.Errorf("%w: redirect to a URL with credentials", ErrCORS)})
			}
			if corsMode && !sameOrigin(u, next) && !sameOrigin(origin, u) {
				serialized = "null"
			}
			u = next
			continue
		}
		if tainted && origin != nil && !c.opts.NoCORS {
			if err := corsCheck(serialized, resp.Header, withCredentials); err != nil {
				resp.Body.Close()
				c.release(slot)
				return fail(&NetworkError{URL: u.String(), Err: err})
			}
		}
		timer.Stop()
		mime, _ := parseMIME(resp.Header.Get("Content-Type"))
		body := resp.Body
		s := &EventStream{
			URL: u, Status: resp.StatusCode, MIMEType: mime,
			Body: &limitedStream{r: body, left: c.opts.MaxResponseBytes},
		}
		s.close = func() {
			cancel()
			body.Close()
			c.release(slot)
		}
		// The page's context ends the stream (its render is over).
		go func() {
			<-sctx.Done()
			s.Close()
		}()
		return s, nil
	}
}

// limitedStream fails a stream once it has carried more than its limit.
type limitedStream struct {
	r    io.Reader
	left int64
}

func (l *limitedStream) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, fmt.Errorf("%w: event stream exceeds the response size limit", ErrTooLarge)
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}
