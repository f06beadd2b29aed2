package xhr

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
)

// hasControlValue reports whether a header value holds a control character
// that net/http's Transport refuses but the Fetch standard allows in a
// header value: anything below 0x20 but HTAB, and DEL (NUL, CR and LF never
// get this far: the Headers and setRequestHeader checks refuse them).
// https://fetch.spec.whatwg.org/#header-value
func hasControlValue(h http.Header) bool {
	for _, vv := range h {
		for _, v := range vv {
			for i := 0; i < len(v); i++ {
				if c := v[i]; c < 0x20 && c != '\t' || c == 0x7f {
					return true
				}
			}
		}
	}
	return false
}

// roundTrip sends req with the client's transport. A request whose header
// values net/http's Transport would refuse (hasControlValue) goes, when the
// transport is an *http.Transport without a proxy for it, over an HTTP/1.1
// connection of its own that http.Request.Write writes as it is, as
// Chromium sends such values (to the mapped origin, when
// ClientOptions.Origins maps req's).
func (c *Client) roundTrip(req *http.Request) (*http.Response, error) {
	base, origins := c.transport, (*OriginMap)(nil)
	if ot, ok := base.(*originTransport); ok {
		base, origins = ot.base, ot.m
	}
	t, ok := base.(*http.Transport)
	if !ok || !hasControlValue(req.Header) || req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return c.transport.RoundTrip(req)
	}
	out, p := origins.mapRequest(req)
	if t.Proxy != nil {
		if pr, err := t.Proxy(out); err != nil || pr != nil {
			return c.transport.RoundTrip(req)
		}
	}
	resp, err := rawRoundTrip(t, out)
	if err == nil && p != nil {
		origins.mapResponse(resp, req, out, p)
	}
	return resp, err
}

// rawRoundTrip dials req's host as t would, writes req with
// http.Request.Write (Connection: close) and reads one response, whose
// header values may hold control characters too (a server echoing the
// request's); closing the response's body closes the connection, as does
// the end of req's context.
func rawRoundTrip(t *http.Transport, req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	port := req.URL.Port()
	if port == "" {
		port = "80"
		if req.URL.Scheme == "https" {
			port = "443"
		}
	}
	addr := net.JoinHostPort(req.URL.Hostname(), port)
	dial := t.DialContext
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	conn, err := dial(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("xhr: dial %s: %w", addr, err)
	}
	if req.URL.Scheme == "https" {
		cfg := &tls.Config{}
		if t.TLSClientConfig != nil {
			cfg = t.TLSClientConfig.Clone()
		}
		if cfg.ServerName == "" {
			cfg.ServerName = req.URL.Hostname()
		}
		cfg.NextProtos = []string{"http/1.1"}
		tc := tls.Client(conn, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("xhr: TLS handshake with %s: %w", addr, err)
		}
		conn = tc
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	out := req.Clone(ctx)
	out.Close = true
	if err := out.Write(conn); err != nil {
		stop()
		conn.Close()
		return nil, fmt.Errorf("xhr: writing request: %w", err)
	}
	resp, err := readLenientResponse(bufio.NewReader(conn), out)
	if err != nil {
		stop()
		conn.Close()
		return nil, fmt.Errorf("xhr: reading response: %w", err)
	}
	resp.Body = &connBody{ReadCloser: resp.Body, conn: conn, stop: stop}
	return resp, nil
}

// maxResponseHead bounds the head readLenientResponse reads.
const maxResponseHead = 1 << 20

// readLenientResponse reads a response as http.ReadResponse does, but
// keeps header values with control characters, which net/textproto
// refuses: the head is read first, given to http.ReadResponse (for the
// status and the body's framing) with those characters as spaces, and the
// header values are then taken from the head as sent.
func readLenientResponse(br *bufio.Reader, req *http.Request) (*http.Response, error) {
	var head []byte
	for {
		line, err := br.ReadSlice('\n')
		head = append(head, line...)
		if err != nil && err != bufio.ErrBufferFull {
			return nil, err
		}
		if len(head) > maxResponseHead {
			return nil, fmt.Errorf("response head over %d bytes", maxResponseHead)
		}
		if err == nil && (len(line) == 1 || len(line) == 2 && line[0] == '\r') && bytes.IndexByte(head, '\n') < len(head)-len(line) {
			break
		}
	}
	clean := bytes.Clone(head)
	first := bytes.IndexByte(clean, '\n')
	for i := first + 1; i < len(clean); i++ {
		if c := clean[i]; c < 0x20 && c != '\t' && c != '\r' && c != '\n' || c == 0x7f {
			clean[i] = ' '
		}
	}
	resp, err := http.ReadResponse(bufio.NewReader(io.MultiReader(bytes.NewReader(clean), br)), req)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	for _, line := range bytes.Split(head[first+1:], []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok || len(name) == 0 {
			continue
		}
		key := http.CanonicalHeaderKey(string(name))
		if key == "Transfer-Encoding" {
			continue // net/http keeps it in resp.TransferEncoding
		}
		h[key] = append(h[key], string(bytes.Trim(value, " \t")))
	}
	resp.Header = h
	return resp, nil
}

// connBody closes its connection with the body.
type connBody struct {
	io.ReadCloser
	conn net.Conn
	stop func() bool
}

func (b *connBody) Close() error {
	b.stop()
	err := b.ReadCloser.Close()
	b.conn.Close()
	return err
}
