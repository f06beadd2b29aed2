package xhr

import (
	"context"
	"net/http"
	"net/url"

	"github.com/bangsnap/bangsnap/loop"
)

// Start performs req with p as an operation of the page's loop l: the
// request runs on its own goroutine, the page is not quiet until it ends,
// and done runs as a task on the loop goroutine with the result. It is what
// XHR and Fetch do, for the other requests a page makes (script loads). Call
// it on the loop goroutine; p.Now is set from the loop's clock when zero.
// The returned stop abandons the request: done is then never called.
func (c *Client) Start(ctx context.Context, l *loop.Loop, req *http.Request, p Params, done func(*Result, error)) (stop func()) {
	if p.Now.IsZero() {
		p.Now = l.Now()
	}
	if p.Ticket == 0 {
		p.Ticket = c.Ticket()
	}
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithCancel(ctx)
	op := l.Begin(p.Kind.String() + " " + req.Method + " " + truncateURL(req.URL.String()))
	stopped := false
	go func() {
		res, err := c.doGuarded(ctx, req.WithContext(ctx), p)
		cancel()
		op.Complete(func() {
			if !stopped {
				done(res, err)
			}
		})
	}()
	return func() {
		stopped = true
		cancel()
		op.Cancel()
	}
}

// StartGet is Start for a GET of u without a body: what the page's
// navigations fetch (an iframe's document), for callers that must not
// import net/http (package jsruntime).
func (c *Client) StartGet(ctx context.Context, l *loop.Loop, u *url.URL, p Params, done func(*Result, error)) (stop func()) {
	req := &http.Request{Method: http.MethodGet, URL: u, Header: make(http.Header), Host: u.Host,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}
	return c.Start(ctx, l, req, p, done)
}
