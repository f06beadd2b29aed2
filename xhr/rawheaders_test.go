package xhr

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestClientControlHeaderValues: a header value with a control character
// other than HTAB, which net/http's Transport refuses, is sent as it is
// (as Chromium does), over a connection of its own, and a response header
// echoing it is kept.
func TestClientControlHeaderValues(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	heads := make(chan string, 1)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			br := bufio.NewReader(c)
			var head strings.Builder
			for {
				line, err := br.ReadString('\n')
				head.WriteString(line)
				if err != nil || line == "\r\n" {
					break
				}
			}
			heads <- head.String()
			// The value echoed, as WPT's inspect-headers.py does.
			_, v, _ := strings.Cut(head.String(), "\r\nValue-Test: ")
			v, _, _ = strings.Cut(v, "\r\n")
			io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Echo: "+v+"\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
			c.Close()
		}
	}()
	c := NewClient(ClientOptions{})
	for _, v := range []string{"x\x01x", "\x7f", "a\x1fb\x0b"} {
		req, err := http.NewRequest("GET", "http://"+ln.Addr().String()+"/p?q", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Value-Test", v)
		res, err := c.Do(context.Background(), req, Params{Kind: KindXHR})
		if err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		if res.Status != 200 || string(res.Body) != "ok" {
			t.Errorf("%q: got %d %q", v, res.Status, res.Body)
		}
		if got := res.Header.Values("X-Echo"); len(got) != 1 || got[0] != strings.Trim(v, " \t") {
			t.Errorf("%q: response header X-Echo %q", v, got)
		}
		if got := res.Header.Get("Transfer-Encoding"); got != "" {
			t.Errorf("%q: Transfer-Encoding listed: %q", v, got)
		}
		head := <-heads
		if !strings.HasPrefix(head, "GET /p?q HTTP/1.1\r\n") || !strings.Contains(head, "\r\nValue-Test: "+v+"\r\n") || !strings.Contains(head, "\r\nConnection: close\r\n") {
			t.Errorf("%q: request head %q", v, head)
		}
	}
}
