package xhr

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// WebSocket connections (RFC 6455), opened for a page's WebSocket objects
// through the client's transport: the opening handshake is an HTTP/1.1
// request the transport carries like any other (proxies, TLS, the request
// policy, cookies), and an *http.Transport hands back the upgraded
// connection as the body of its 101 response. A transport that cannot
// upgrade (HandlerTransport) makes the connection fail, as an unreachable
// server would.

// MaxWebSocketMessage bounds one received message (all its fragments):
// a larger one fails the connection with code 1009.
const MaxWebSocketMessage = 16 << 20

// websocketGUID is the key suffix of the opening handshake (RFC 6455 1.3).
const websocketGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// ErrWebSocketClosed is returned by WriteMessage after Close, and by
// ReadMessage once the connection is gone without a closing handshake.
var ErrWebSocketClosed = errors.New("xhr: websocket closed")

// A CloseError is how ReadMessage reports the server's closing handshake:
// its status code (1005 when it sent none) and reason.
type CloseError struct {
	Code   int
	Reason string
}

func (e *CloseError) Error() string {
	return fmt.Sprintf("xhr: websocket closed by the server: %d %s", e.Code, e.Reason)
}

// A WebSocket is an open connection. ReadMessage is for one goroutine;
// WriteMessage and Close may be called from any.
type WebSocket struct {
	// Protocol is the subprotocol the server selected ("" for none);
	// Extensions is always "" (none is negotiated).
	Protocol, Extensions string

	rwc    io.ReadWriteCloser
	br     *bufio.Reader
	cancel context.CancelFunc // ends the connection
	server bool               // the server's end (AcceptWebSocket): frames go unmasked

	wmu    sync.Mutex
	closed bool // a close frame was sent
	once   sync.Once
}

// DialWebSocket performs the opening handshake with the ws: or wss: URL u
// for the page's document, offering protocols, and returns the open
// connection. Cookies go with it as with a same-site request; Set-Cookie
// headers of the answer are stored. The request appears in Records as kind
// KindWebSocket and obeys the policy like a fetch. ctx bounds the
// handshake and, when canceled, ends the connection.
func (c *Client) DialWebSocket(ctx context.Context, u *url.URL, protocols []string) (*WebSocket, error) {
	if u == nil {
		return nil, errors.New("xhr: websocket without URL")
	}
	hu := *u
	switch u.Scheme {
	case "ws":
		hu.Scheme = "http"
	case "wss":
		hu.Scheme = "https"
	default:
		return nil, fmt.Errorf("xhr: websocket scheme %q", u.Scheme)
	}
	hu.Fragment = ""
	origin := c.DocumentURL()
	ticket := c.Ticket()
	now := time.Now()
	rec := Record{Method: http.MethodGet, URL: u.String(), Kind: KindWebSocket}
	if reason := c.policy.check(origin, &hu, KindWebSocket); reason != "" {
		err := &BlockedError{URL: u.String(), Reason: reason}
		rec.Blocked, rec.Error = true, err.Reason
		c.record(ticket, rec)
		return nil, err
	}
	var keyBytes [16]byte
	_, _ = rand.Read(keyBytes[:])
	key := base64.StdEncoding.EncodeToString(keyBytes[:])
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, hu.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("xhr: websocket request: %w", err)
	}
	cross := origin != nil && !sameOrigin(origin, &hu)
	p := Params{Kind: KindWebSocket, Credentials: CredentialsInclude, Now: now, Ticket: ticket}
	c.prepareHeaders(req, nil, origin, originString(origin), &hu, p, cross, cross && p.Mode == ModeCORS)
	h := req.Header
	h.Del("Accept")
	h.Set("Upgrade", "websocket")
	h.Set("Connection", "Upgrade")
	h.Set("Sec-WebSocket-Key", key)
	h.Set("Sec-WebSocket-Version", "13")
	if len(protocols) > 0 {
		h.Set("Sec-WebSocket-Protocol", strings.Join(protocols, ", "))
	}
	if origin != nil {
		h.Set("Origin", serializeOrigin(origin))
	}

	// The handshake has the request timeout; the connection then lives
	// until ctx ends or it is closed.
	hctx, cancel := context.WithCancel(ctx)
	timer := time.AfterFunc(c.opts.Timeout, cancel)
	resp, err := c.transport.RoundTrip(req.WithContext(hctx))
	stopped := timer.Stop()
	fail := func(err error) (*WebSocket, error) {
		rec.Error = err.Error()
		rec.Duration = time.Since(now)
		c.record(ticket, rec)
		return nil, &NetworkError{URL: u.String(), Err: err}
	}
	if err != nil {
		cancel()
		if !stopped {
			err = fmt.Errorf("handshake timed out after %v", c.opts.Timeout)
		}
		return fail(err)
	}
	rec.Status = resp.StatusCode
	rwc, ok := resp.Body.(io.ReadWriteCloser)
	switch {
	case resp.StatusCode != http.StatusSwitchingProtocols:
		resp.Body.Close()
		cancel()
		return fail(fmt.Errorf("unexpected response code %d", resp.StatusCode))
	case !ok:
		resp.Body.Close()
		cancel()
		return fail(errors.New("the transport cannot upgrade a connection"))
	case !ascii.EqualFold(resp.Header.Get("Upgrade"), "websocket") || !headerHasToken(resp.Header, "Connection", "upgrade"):
		rwc.Close()
		cancel()
		return fail(errors.New("the answer is no websocket upgrade"))
	case resp.Header.Get("Sec-WebSocket-Accept") != acceptKey(key):
		rwc.Close()
		cancel()
		return fail(errors.New("incorrect Sec-WebSocket-Accept"))
	}
	proto := resp.Header.Get("Sec-WebSocket-Protocol")
	if proto != "" && !containsString(protocols, proto) || proto == "" && len(resp.Header.Values("Sec-WebSocket-Protocol")) > 0 {
		rwc.Close()
		cancel()
		return fail(fmt.Errorf("the server chose a subprotocol not offered: %q", proto))
	}
	if ext := resp.Header.Get("Sec-WebSocket-Extensions"); ext != "" {
		rwc.Close()
		cancel()
		return fail(fmt.Errorf("the server chose an extension not offered: %q", ext))
	}
	c.storeCookies(&hu, resp.Header, origin, p, cross)
	rec.Duration = time.Since(now)
	c.record(ticket, rec)
	ws := &WebSocket{Protocol: proto, rwc: rwc, br: bufio.NewReader(rwc), cancel: cancel}
	// The page's context ends the connection (its render is over).
	go func() {
		<-hctx.Done()
		ws.rwc.Close()
	}()
	return ws, nil
}

// AcceptWebSocket answers a WebSocket opening handshake from an
// http.Handler (whose ResponseWriter must be an http.Hijacker), selecting
// protocol when not empty, and returns the server's end of the connection.
// It serves tests and demos of pages that use WebSockets; ctx ends the
// connection.
func AcceptWebSocket(ctx context.Context, w http.ResponseWriter, r *http.Request, protocol string) (*WebSocket, error) {
	key := r.Header.Get("Sec-WebSocket-Key")
	if !ascii.EqualFold(r.Header.Get("Upgrade"), "websocket") || !headerHasToken(r.Header, "Connection", "upgrade") ||
		r.Header.Get("Sec-WebSocket-Version") != "13" || key == "" {
		http.Error(w, "not a WebSocket handshake", http.StatusBadRequest)
		return nil, errors.New("xhr: not a websocket handshake")
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		http.Error(w, "cannot upgrade", http.StatusInternalServerError)
		return nil, errors.New("xhr: the ResponseWriter cannot be hijacked")
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		return nil, fmt.Errorf("xhr: hijack: %w", err)
	}
	h := "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + acceptKey(key) + "\r\n"
	if protocol != "" {
		h += "Sec-WebSocket-Protocol: " + protocol + "\r\n"
	}
	if _, err := conn.Write([]byte(h + "\r\n")); err != nil {
		conn.Close()
		return nil, fmt.Errorf("xhr: websocket handshake: %w", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	ws := &WebSocket{Protocol: protocol, rwc: conn, br: brw.Reader, cancel: cancel, server: true}
	go func() {
		<-cctx.Done()
		conn.Close()
	}()
	return ws, nil
}

func acceptKey(key string) string {
	sum := sha1.Sum([]byte(key + websocketGUID))
	return base64.StdEncoding.EncodeToString(sum[:])
}

func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for _, t := range strings.Split(v, ",") {
			if ascii.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Frame opcodes (RFC 6455 5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

// ReadMessage returns the next data message: text (valid UTF-8) or binary.
// It answers pings, and returns a *CloseError when the server closes (after
// echoing its close frame), or another error when the connection fails
// (after sending the close frame the failure calls for).
func (ws *WebSocket) ReadMessage() (text bool, data []byte, err error) {
	var msg []byte
	msgOp := -1
	for {
		fin, op, payload, err := ws.readFrame()
		if err != nil {
			return false, nil, ws.fail(err)
		}
		switch op {
		case opPing:
			if err := ws.writeFrame(opPong, payload); err != nil && !errors.Is(err, ErrWebSocketClosed) {
				return false, nil, err
			}
			continue
		case opPong:
			continue
		case opClose:
			ce := &CloseError{Code: 1005}
			if len(payload) >= 2 {
				ce.Code = int(binary.BigEndian.Uint16(payload))
				ce.Reason = string(payload[2:])
			}
			_ = ws.Close(closeEcho(ce.Code), "")
			ws.cancel()
			return false, nil, ce
		case opText, opBinary:
			if msgOp >= 0 {
				return false, nil, ws.fail(protocolError("a new message inside a fragmented one"))
			}
			msgOp, msg = op, payload
		case opContinuation:
			if msgOp < 0 {
				return false, nil, ws.fail(protocolError("a continuation frame with no message"))
			}
			if len(msg)+len(payload) > MaxWebSocketMessage {
				return false, nil, ws.fail(&frameError{code: 1009, msg: "message too big"})
			}
			msg = append(msg, payload...)
		default:
			return false, nil, ws.fail(protocolError(fmt.Sprintf("unknown opcode %d", op)))
		}
		if fin {
			if msgOp == opText && !utf8.Valid(msg) {
				return false, nil, ws.fail(&frameError{code: 1007, msg: "invalid UTF-8 in a text message"})
			}
			return msgOp == opText, msg, nil
		}
	}
}

// closeEcho is the code sent back in answer to a close frame: the same
// code, except those no endpoint may send (1005 no status, 1006, 1015).
func closeEcho(code int) int {
	if code == 1005 || code == 1006 || code == 1015 {
		return 1000
	}
	return code
}

// frameError is a failure of the connection that sends a close frame with
// code first.
type frameError struct {
	code int
	msg  string
}

func (e *frameError) Error() string { return "xhr: websocket: " + e.msg }

func protocolError(msg string) error { return &frameError{code: 1002, msg: msg} }

// fail ends the connection after err, with the close frame err calls for.
func (ws *WebSocket) fail(err error) error {
	var fe *frameError
	if errors.As(err, &fe) {
		_ = ws.Close(fe.code, "")
	}
	ws.cancel()
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrWebSocketClosed
	}
	return err
}

// readFrame reads one frame, unmasked (a server does not mask).
func (ws *WebSocket) readFrame() (fin bool, op int, payload []byte, err error) {
	var hdr [2]byte
	if _, err := io.ReadFull(ws.br, hdr[:]); err != nil {
		return false, 0, nil, err
	}
	fin = hdr[0]&0x80 != 0
	if hdr[0]&0x70 != 0 {
		return false, 0, nil, protocolError("reserved bits set with no extension")
	}
	op = int(hdr[0] & 0x0F)
	if masked := hdr[1]&0x80 != 0; masked != ws.server {
		if ws.server {
			return false, 0, nil, protocolError("an unmasked frame from the client")
		}
		return false, 0, nil, protocolError("a masked frame from the server")
	}
	n := uint64(hdr[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		if _, err := io.ReadFull(ws.br, b[:]); err != nil {
			return false, 0, nil, err
		}
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		if _, err := io.ReadFull(ws.br, b[:]); err != nil {
			return false, 0, nil, err
		}
		n = binary.BigEndian.Uint64(b[:])
	}
	if op >= opClose && (n > 125 || !fin) {
		return false, 0, nil, protocolError("a control frame fragmented or over 125 bytes")
	}
	if n > MaxWebSocketMessage {
		return false, 0, nil, &frameError{code: 1009, msg: "message too big"}
	}
	var mask [4]byte
	if ws.server {
		if _, err := io.ReadFull(ws.br, mask[:]); err != nil {
			return false, 0, nil, err
		}
	}
	payload = make([]byte, n)
	if _, err := io.ReadFull(ws.br, payload); err != nil {
		return false, 0, nil, err
	}
	if ws.server {
		for i := range payload {
			payload[i] ^= mask[i&3]
		}
	}
	return fin, op, payload, nil
}

// WriteMessage sends one message in one frame.
func (ws *WebSocket) WriteMessage(text bool, data []byte) error {
	op := opBinary
	if text {
		op = opText
	}
	return ws.writeFrame(op, data)
}

// Close starts the closing handshake with code (0 sends no code) and
// reason; the connection ends when the server answers or, at the latest,
// a few seconds later.
func (ws *WebSocket) Close(code int, reason string) error {
	var payload []byte
	if code != 0 {
		payload = binary.BigEndian.AppendUint16(nil, uint16(code))
		payload = append(payload, reason...)
	}
	err := ws.writeFrame(opClose, payload)
	ws.once.Do(func() { time.AfterFunc(3*time.Second, ws.cancel) })
	return err
}

// writeFrame writes one masked frame; nothing goes after a close frame.
func (ws *WebSocket) writeFrame(op int, payload []byte) error {
	ws.wmu.Lock()
	defer ws.wmu.Unlock()
	if ws.closed {
		return ErrWebSocketClosed
	}
	if op == opClose {
		ws.closed = true
	}
	// A client masks its frames (RFC 6455 5.3); a server does not.
	var maskBit byte = 0x80
	if ws.server {
		maskBit = 0
	}
	buf := make([]byte, 0, 14+len(payload))
	buf = append(buf, 0x80|byte(op))
	switch n := len(payload); {
	case n < 126:
		buf = append(buf, maskBit|byte(n))
	case n <= 0xFFFF:
		buf = append(buf, maskBit|126)
		buf = binary.BigEndian.AppendUint16(buf, uint16(n))
	default:
		buf = append(buf, maskBit|127)
		buf = binary.BigEndian.AppendUint64(buf, uint64(n))
	}
	if ws.server {
		buf = append(buf, payload...)
	} else {
		var mask [4]byte
		_, _ = rand.Read(mask[:])
		buf = append(buf, mask[:]...)
		start := len(buf)
		buf = append(buf, payload...)
		for i := range payload {
			buf[start+i] ^= mask[i&3]
		}
	}
	_, err := ws.rwc.Write(buf)
	return err
}
