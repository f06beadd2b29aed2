package xhr

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// A HandlerTransport is an http.RoundTripper that answers requests by
// calling Handler in process, with no network hop: a render of an app
// embedded in the same binary, or a test. There is no connection: the
// ResponseWriter is an http.Flusher but not an http.Hijacker (no
// WebSocket upgrades).
//
// The handler runs on its own goroutine, sees RemoteAddr 127.0.0.1, the
// request's Host, and a context that ends when the request's does. Like
// net/http's server, the response is buffered until the handler returns, calls
// Flush, or has written more than 4 KB; a short response gets its
// Content-Length, and a Content-Type sniffed from its first bytes if the
// handler set none. A long or flushed response streams: RoundTrip returns as
// soon as the headers are known and the body is read while the handler
// writes it.
type HandlerTransport struct {
	Handler http.Handler
}

// handlerBufferSize is how much a handler may write before its response
// starts streaming (net/http's server buffers the same amount).
const handlerBufferSize = 4 << 10

// RoundTrip serves req with t.Handler.
func (t HandlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.Handler == nil {
		return nil, errors.New("xhr: HandlerTransport has no Handler")
	}
	if req.URL == nil {
		return nil, errors.New("xhr: HandlerTransport: request has no URL")
	}
	ctx := req.Context()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sreq, err := serverRequest(req)
	if err != nil {
		return nil, err
	}
	w := &handlerWriter{
		req:    req,
		header: http.Header{},
		ready:  make(chan struct{}),
	}
	go w.serve(t.Handler, sreq)

	select {
	case <-w.ready:
	case <-ctx.Done():
		// The handler sees the same context end; a response it still
		// commits streams into a pipe already closed (see commit).
		return nil, ctx.Err()
	}
	if w.err != nil {
		return nil, w.err
	}
	return w.resp, nil
}

// serverRequest makes the request a handler sees from the client's request,
// as net/http's server would have parsed it.
func serverRequest(req *http.Request) (*http.Request, error) {
	body := req.Body
	if body == nil {
		body = http.NoBody
	}
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	sreq := req.Clone(req.Context())
	sreq.Body = body
	sreq.Host = host
	sreq.RemoteAddr = "127.0.0.1:1"
	sreq.RequestURI = req.URL.RequestURI()
	sreq.Proto, sreq.ProtoMajor, sreq.ProtoMinor = "HTTP/1.1", 1, 1
	sreq.Close = false
	if sreq.Header == nil {
		sreq.Header = http.Header{}
	}
	if _, ok := sreq.Header["User-Agent"]; !ok {
		sreq.Header.Set("User-Agent", "Go-http-client/1.1")
	}
	// A handler reads the path from URL.Path and the query from URL.RawQuery,
	// and never sees scheme or host in URL (they are in Host and TLS).
	u := *req.URL
	u.Scheme, u.Host, u.User, u.Fragment, u.RawFragment = "", "", nil, "", ""
	sreq.URL = &u
	if ascii.EqualFold(req.URL.Scheme, "https") {
		sreq.TLS = &tls.ConnectionState{HandshakeComplete: true, ServerName: req.URL.Hostname()}
	}
	if req.ContentLength > 0 {
		sreq.Header.Set("Content-Length", strconv.FormatInt(req.ContentLength, 10))
	}
	return sreq, nil
}

// handlerWriter is the http.ResponseWriter a handler writes to.
type handlerWriter struct {
	req    *http.Request
	header http.Header

	status      int
	wroteHeader bool
	buf         bytes.Buffer // body written before the response is committed
	committed   bool
	ready       chan struct{} // closed when resp (or err) is set
	resp        *http.Response
	err         error

	pw *io.PipeWriter // the streaming body's write side, once streaming
}

func (w *handlerWriter) serve(h http.Handler, req *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("xhr: handler panicked: %v", p)
			if p == http.ErrAbortHandler {
				err = errors.New("xhr: handler aborted the response")
			}
			if !w.committed {
				w.committed = true
				w.err = err
				close(w.ready)
			}
			if w.pw != nil {
				w.pw.CloseWithError(err)
			}
		}
	}()
	h.ServeHTTP(w, req)
	if !w.committed {
		w.commit(true)
		return
	}
	if w.pw != nil {
		if w.buf.Len() > 0 {
			w.flushBuf()
		}
		// A handler that returns because the request ended has sent a
		// truncated body: the reader sees the context's error, not EOF.
		w.pw.CloseWithError(req.Context().Err())
	}
}

func (w *handlerWriter) Header() http.Header { return w.header }

func (w *handlerWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if code >= 100 && code <= 199 && code != http.StatusSwitchingProtocols {
		return // informational responses are not seen by the client
	}
	w.wroteHeader = true
	w.status = code
}

func (w *handlerWriter) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if !bodyAllowed(w.status) || w.req.Method == http.MethodHead {
		return len(p), nil // like net/http, silently dropped
	}
	if !w.committed {
		if w.buf.Len()+len(p) < handlerBufferSize {
			w.buf.Write(p)
			return len(p), nil
		}
		// Fill the buffer (what Content-Type sniffing reads), commit, and
		// stream the rest of p as it is: a handler writing a whole script
		// in one call (http.ServeContent of an in-memory file, a
		// precomputed bundle) used to have it copied into the buffer
		// first, a second body-sized allocation per response.
		n := handlerBufferSize - w.buf.Len()
		w.buf.Write(p[:n])
		w.commit(false)
		if err := w.flushBuf(); err != nil {
			return n, err
		}
		if w.pw == nil {
			return len(p), nil
		}
		m, err := w.pw.Write(p[n:])
		return n + m, err
	}
	if w.pw == nil {
		return len(p), nil
	}
	return w.pw.Write(p)
}

// Flush commits the headers and sends what is buffered (http.Flusher).
func (w *handlerWriter) Flush() {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	if !w.committed {
		w.commit(false)
	}
	w.flushBuf()
}

func (w *handlerWriter) flushBuf() error {
	if w.buf.Len() == 0 || w.pw == nil {
		return nil
	}
	_, err := w.pw.Write(w.buf.Bytes())
	w.buf.Reset()
	return err
}

// commit fixes the response head. complete means the handler has returned
// and the buffered body is the whole body.
func (w *handlerWriter) commit(complete bool) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	w.committed = true
	h := w.header.Clone()
	if h == nil {
		h = http.Header{}
	}
	if _, has := h["Content-Type"]; !has && w.buf.Len() > 0 && h.Get("Content-Encoding") == "" {
		h.Set("Content-Type", http.DetectContentType(w.buf.Bytes()))
	}
	resp := &http.Response{
		Status:     strconv.Itoa(w.status) + " " + http.StatusText(w.status),
		StatusCode: w.status,
		Proto:      "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        h,
		Request:       w.req,
		ContentLength: -1,
	}
	if cl := h.Get("Content-Length"); cl != "" {
		if n, err := strconv.ParseInt(cl, 10, 64); err == nil && n >= 0 {
			resp.ContentLength = n
		}
	}
	switch {
	case complete:
		body := bytes.Clone(w.buf.Bytes())
		w.buf.Reset()
		if resp.ContentLength < 0 && bodyAllowed(w.status) {
			resp.ContentLength = int64(len(body))
			h.Set("Content-Length", strconv.Itoa(len(body)))
		}
		if len(body) == 0 {
			resp.Body = http.NoBody
		} else {
			resp.Body = io.NopCloser(bytes.NewReader(body))
		}
	case !bodyAllowed(w.status) || w.req.Method == http.MethodHead:
		resp.Body = http.NoBody
	default:
		// A streaming body. When the request's context ends, closing the
		// write side lets reads see its error after what was already
		// written, and fails the handler's further writes.
		ctx := w.req.Context()
		pr, pw := io.Pipe()
		w.pw = pw
		stop := context.AfterFunc(ctx, func() { pw.CloseWithError(ctx.Err()) })
		resp.Body = &pipeBody{PipeReader: pr, stop: stop}
	}
	w.resp = resp
	close(w.ready)
}

// bodyAllowed reports whether a response with status may have a body
// (RFC 9110 §6.4.1).
func bodyAllowed(status int) bool {
	return !(status >= 100 && status <= 199 || status == http.StatusNoContent || status == http.StatusNotModified)
}

// pipeBody is a streaming response body; closing it unblocks the handler.
type pipeBody struct {
	*io.PipeReader
	stop func() bool
	once sync.Once
}

func (b *pipeBody) Close() error {
	b.once.Do(func() { b.stop() })
	return b.PipeReader.CloseWithError(errors.New("xhr: response body closed"))
}
