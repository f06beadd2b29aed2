package xhr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestHandlerTransport(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/info", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s %s %s %s tls=%v uri=%s", r.Method, r.Host, strings.Split(r.RemoteAddr, ":")[0], r.URL.Path, r.TLS != nil, r.RequestURI)
	})
	mux.HandleFunc("/html", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "<!doctype html><p>hi")
	})
	mux.HandleFunc("/nobody", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	mux.HandleFunc("/panic", func(w http.ResponseWriter, r *http.Request) { panic("boom") })
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "first ")
		w.(http.Flusher).Flush()
		time.Sleep(10 * time.Millisecond)
		io.WriteString(w, "second")
	})
	tr := HandlerTransport{Handler: mux}
	tests := []struct {
		url, wantBody, wantType string
		wantStatus              int
		wantLen                 int64
		wantErr                 bool
	}{
		{"https://example.test/info?x=1", "GET example.test 127.0.0.1 /info tls=true uri=/info?x=1", "text/plain; charset=utf-8", 200, 55, false},
		{"http://example.test/html", "<!doctype html><p>hi", "text/html; charset=utf-8", 200, 20, false},
		{"http://example.test/nobody", "", "", 204, -1, false},
		{"http://example.test/missing", "404 page not found\n", "text/plain; charset=utf-8", 404, 19, false},
		{"http://example.test/stream", "first second", "text/plain", 200, -1, false},
		{"http://example.test/panic", "", "", 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			resp, err := tr.RoundTrip(get(t, tt.url))
			if tt.wantErr {
				if err == nil {
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			if string(body) != tt.wantBody || resp.StatusCode != tt.wantStatus || resp.Header.Get("Content-Type") != tt.wantType || resp.ContentLength != tt.wantLen {
				t.Errorf("got %d %q type %q len %d", resp.StatusCode, body, resp.Header.Get("Content-Type"), resp.ContentLength)
			}
		})
	}
}

// A client that stops reading a streaming response must not leave the
// handler blocked forever.
func TestHandlerTransportAbandonedBody(t *testing.T) {
	done := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := []byte(strings.Repeat("y", 8192))
		for {
			if _, err := w.Write(chunk); err != nil {
				done <- err
				return
			}
		}
	})
	resp, err := HandlerTransport{Handler: h}.RoundTrip(get(t, "http://x.test/"))
	if err != nil {
		t.Fatal(err)
	}
	io.ReadFull(resp.Body, make([]byte, 100))
	resp.Body.Close()
	if err := <-done; err == nil {
		t.Fatal("handler write succeeded after close")
	}
}

func TestHandlerTransportContext(t *testing.T) {
	started := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-r.Context().Done()
	})
	ctx, cancel := context.WithCancel(context.Background())
	req := get(t, "http://x.test/").WithContext(ctx)
	go func() { <-started; cancel() }()
	if _, err := (HandlerTransport{Handler: h}).RoundTrip(req); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// Cancelling the request's context ends a streaming body read.
func TestHandlerTransportCancelDuringBody(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "start")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	ctx, cancel := context.WithCancel(context.Background())
	resp, err := HandlerTransport{Handler: h}.RoundTrip(get(t, "http://x.test/").WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 5)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != "start" {
		t.Fatalf("%q %v", buf, err)
	}
	cancel()
	if _, err := io.ReadAll(resp.Body); !errors.Is(err, context.Canceled) {
		t.Errorf("read after cancel: %v", err)
	}
}

// TestHandlerTransportLargeWrite checks that a body written in one call is
// streamed to the reader as it is, not copied into the transport's buffer
// first (a second body-sized allocation for every script of every render).
func TestHandlerTransportLargeWrite(t *testing.T) {
	const size = 1 << 20
	body := []byte(strings.Repeat("var x = 1;\n", size/11+1))[:size]
	tr := HandlerTransport{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(body)
	})}
	got := make([]byte, size+1)
	req := get(t, "http://example.test/big.js")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	resp, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.ReadFull(resp.Body, got)
	resp.Body.Close()
	runtime.ReadMemStats(&after)
	if err != io.ErrUnexpectedEOF || n != size || !bytes.Equal(got[:n], body) {
		t.Fatalf("read %d bytes (%v), want the %d bytes written", n, err, size)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
		t.Errorf("Content-Type %q, want the sniffed text/plain; charset=utf-8", ct)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/2 {
		t.Errorf("a %d-byte response allocated %d bytes in the transport, want under %d", size, alloc, size/2)
	}
}
