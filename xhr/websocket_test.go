package xhr

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// wsServer is a minimal RFC 6455 server for the tests: after the handshake
// it calls serve with the connection.
func wsServer(t *testing.T, serve func(c *wsPeer)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "websocket" || r.Header.Get("Sec-WebSocket-Version") != "13" {
			http.Error(w, "not a websocket handshake", http.StatusBadRequest)
			return
		}
		conn, brw, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		h := "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + acceptKey(r.Header.Get("Sec-WebSocket-Key")) + "\r\n"
		if p := r.Header.Get("Sec-WebSocket-Protocol"); p != "" {
			h += "Sec-WebSocket-Protocol: " + strings.TrimSpace(strings.Split(p, ",")[0]) + "\r\n"
		}
		h += "Set-Cookie: ws=1; Path=/\r\n\r\n"
		if _, err := conn.Write([]byte(h)); err != nil {
			return
		}
		serve(&wsPeer{conn: conn, br: brw.Reader, req: r})
	}))
	t.Cleanup(srv.Close)
	return srv
}

type wsPeer struct {
	conn net.Conn
	br   *bufio.Reader
	req  *http.Request
}

// read returns the next client frame, unmasked.
func (p *wsPeer) read() (op int, payload []byte, err error) {
	var hdr [2]byte
	if _, err := io.ReadFull(p.br, hdr[:]); err != nil {
		return 0, nil, err
	}
	if hdr[1]&0x80 == 0 {
		return 0, nil, errors.New("client frame not masked")
	}
	n := int(hdr[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		io.ReadFull(p.br, b[:])
		n = int(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		io.ReadFull(p.br, b[:])
		n = int(binary.BigEndian.Uint64(b[:]))
	}
	var mask [4]byte
	if _, err := io.ReadFull(p.br, mask[:]); err != nil {
		return 0, nil, err
	}
	payload = make([]byte, n)
	if _, err := io.ReadFull(p.br, payload); err != nil {
		return 0, nil, err
	}
	for i := range payload {
		payload[i] ^= mask[i&3]
	}
	return int(hdr[0] & 0x0F), payload, nil
}

// write sends an unmasked frame (fin false for a fragment).
func (p *wsPeer) write(op int, fin bool, payload []byte) {
	b0 := byte(op)
	if fin {
		b0 |= 0x80
	}
	buf := []byte{b0}
	switch n := len(payload); {
	case n < 126:
		buf = append(buf, byte(n))
	case n <= 0xFFFF:
		buf = append(buf, 126)
		buf = binary.BigEndian.AppendUint16(buf, uint16(n))
	default:
		buf = append(buf, 127)
		buf = binary.BigEndian.AppendUint64(buf, uint64(n))
	}
	p.conn.Write(append(buf, payload...))
}

func wsURL(srv *httptest.Server, path string) *url.URL {
	u, _ := url.Parse(srv.URL + path)
	u.Scheme = "ws"
	return u
}

func TestWebSocketEcho(t *testing.T) {
	srv := wsServer(t, func(c *wsPeer) {
		if c.req.Header.Get("Origin") != "http://"+c.req.Host || !strings.Contains(c.req.Header.Get("Cookie"), "sid=7") {
			c.write(opText, true, []byte("bad headers: "+c.req.Header.Get("Origin")+" "+c.req.Header.Get("Cookie")))
		}
		c.write(opPing, true, []byte("hi"))
		for {
			op, payload, err := c.read()
			if err != nil {
				return
			}
			switch op {
			case opPong:
				c.write(opText, true, append([]byte("pong:"), payload...))
			case opText:
				// Echo in two fragments.
				c.write(opText, false, []byte("echo:"))
				c.write(opContinuation, true, payload)
			case opBinary:
				c.write(opBinary, true, payload)
			case opClose:
				c.write(opClose, true, payload)
				return
			}
		}
	})
	cl := NewClient(ClientOptions{})
	doc, _ := url.Parse(srv.URL + "/page")
	cl.SetDocumentURL(doc)
	u := wsURL(srv, "/socket")
	cl.Jar().SetDocumentCookie(&url.URL{Scheme: "http", Host: u.Host, Path: "/"}, "sid=7")
	ws, err := cl.DialWebSocket(context.Background(), u, []string{"chat", "v2"})
	if err != nil {
		t.Fatal(err)
	}
	if ws.Protocol != "chat" {
		t.Errorf("protocol %q", ws.Protocol)
	}
	read := func() (bool, string) {
		t.Helper()
		text, data, err := ws.ReadMessage()
		if err != nil {
			t.Fatal(err)
		}
		return text, string(data)
	}
	if text, m := read(); !text || m != "pong:hi" {
		t.Errorf("after ping: %v %q", text, m)
	}
	if err := ws.WriteMessage(true, []byte("héllo")); err != nil {
		t.Fatal(err)
	}
	if text, m := read(); !text || m != "echo:héllo" {
		t.Errorf("echo: %v %q", text, m)
	}
	big := strings.Repeat("x", 70000)
	if err := ws.WriteMessage(false, []byte(big)); err != nil {
		t.Fatal(err)
	}
	if text, m := read(); text || m != big {
		t.Errorf("binary echo: %v, %d bytes", text, len(m))
	}
	if err := ws.Close(4000, "bye"); err != nil {
		t.Fatal(err)
	}
	var ce *CloseError
	if _, _, err := ws.ReadMessage(); !errors.As(err, &ce) || ce.Code != 4000 || ce.Reason != "bye" {
		t.Errorf("close: %v", err)
	}
	if err := ws.WriteMessage(true, []byte("late")); !errors.Is(err, ErrWebSocketClosed) {
		t.Errorf("write after close: %v", err)
	}
	if !strings.Contains(cl.Cookies(&url.URL{Scheme: "http", Host: u.Host, Path: "/"}), "ws=1") {
		t.Error("the handshake's Set-Cookie was not stored")
	}
	recs := cl.Records()
	if len(recs) != 1 || recs[0].Kind != KindWebSocket || recs[0].Status != 101 {
		t.Errorf("records: %+v", recs)
	}
}

func TestWebSocketFailures(t *testing.T) {
	bad := wsServer(t, func(c *wsPeer) {
		switch c.req.URL.Path {
		case "/masked":
			c.conn.Write([]byte{0x81, 0x81, 1, 2, 3, 4, 'x'})
		case "/badutf8":
			c.write(opText, true, []byte{0xff, 0xfe})
		case "/hugeping":
			c.write(opPing, true, make([]byte, 200))
		case "/eof":
		case "/toobig":
			c.conn.Write([]byte{0x82, 127, 0, 0, 0, 0, 0x10, 0, 0, 0})
		}
		// The client's close frame, when it sends one.
		c.conn.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		if op, payload, err := c.read(); err == nil && op == opClose && len(payload) >= 2 {
			c.write(opText, true, nil) // ignored: the client is gone
		}
	})
	cl := NewClient(ClientOptions{})
	for _, tc := range []struct {
		path string
		want string
	}{
		{"/masked", "masked frame"},
		{"/badutf8", "invalid UTF-8"},
		{"/hugeping", "control frame"},
		{"/eof", "websocket closed"},
		{"/toobig", "too big"},
	} {
		ws, err := cl.DialWebSocket(context.Background(), wsURL(bad, tc.path), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		_, _, err = ws.ReadMessage()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.path, err, tc.want)
		}
	}

	// Handshakes that are refused.
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "hello") }))
	defer plain.Close()
	if _, err := cl.DialWebSocket(context.Background(), wsURL(plain, "/"), nil); err == nil || !strings.Contains(err.Error(), "unexpected response code 200") {
		t.Errorf("plain HTTP server: %v", err)
	}
	wrongProto := wsServer(t, func(c *wsPeer) {})
	if _, err := cl.DialWebSocket(context.Background(), wsURL(wrongProto, "/"), []string{"a"}); err != nil {
		t.Errorf("offered protocol: %v", err)
	}
	inproc := NewClient(ClientOptions{Transport: HandlerTransport{Handler: http.NotFoundHandler()}})
	if _, err := inproc.DialWebSocket(context.Background(), &url.URL{Scheme: "ws", Host: "app.test", Path: "/"}, nil); err == nil {
		t.Error("an in-process handler answered a websocket handshake")
	}
	denied := NewClient(ClientOptions{Policy: Policy{Deny: []string{"127.0.0.1"}}})
	doc, _ := url.Parse("http://app.test/")
	denied.SetDocumentURL(doc)
	var be *BlockedError
	if _, err := denied.DialWebSocket(context.Background(), wsURL(plain, "/"), nil); !errors.As(err, &be) {
		t.Errorf("denied host: %v", err)
	}
	// A canceled context ends an open connection.
	hold := wsServer(t, func(c *wsPeer) { c.read() })
	ctx, cancel := context.WithCancel(context.Background())
	ws, err := cl.DialWebSocket(ctx, wsURL(hold, "/"), nil)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, _, err := ws.ReadMessage(); err == nil {
		t.Error("read after cancel succeeded")
	}
}

// rwBuffer is a connection whose reads come from a fixed stream and whose
// writes are kept.
type rwBuffer struct {
	r   *strings.Reader
	out strings.Builder
}

func (b *rwBuffer) Read(p []byte) (int, error)  { return b.r.Read(p) }
func (b *rwBuffer) Write(p []byte) (int, error) { return b.out.Write(p) }
func (b *rwBuffer) Close() error                { return nil }

// FuzzWebSocketRead feeds arbitrary bytes from the server: reading ends in
// messages and an error, never a panic or a hang.
func FuzzWebSocketRead(f *testing.F) {
	f.Add([]byte{0x81, 0x02, 'h', 'i', 0x88, 0x02, 0x03, 0xe8})
	f.Add([]byte{0x01, 0x01, 'a', 0x80, 0x01, 'b', 0x89, 0x00})
	f.Add([]byte{0x82, 0x7f, 0, 0, 0, 0, 0xff, 0, 0, 0})
	f.Fuzz(func(t *testing.T, stream []byte) {
		for _, server := range []bool{false, true} {
			b := &rwBuffer{r: strings.NewReader(string(stream))}
			ws := &WebSocket{rwc: b, br: bufio.NewReader(b), cancel: func() {}, server: server}
			for i := 0; i < len(stream)+1; i++ {
				text, data, err := ws.ReadMessage()
				if err != nil {
					break
				}
				if text && !utf8.Valid(data) {
					t.Fatalf("invalid UTF-8 text message %q", data)
				}
			}
		}
	})
}
