package xhr

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/loop"
)

// chunkServer sends "chunk0", "chunk1"... one at a time, each once next
// says so (the test's reader asked for it), flushed, then ends the body.
func chunkServer(t *testing.T, n int, next <-chan struct{}) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		for i := 0; i < n; i++ {
			select {
			case <-next:
			case <-r.Context().Done():
				return
			}
			fmt.Fprintf(w, "chunk%d", i)
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A fetch resolves at the headers, and a reader sees the body's chunks in
// order, as the server sends them, before its end.
func TestFetchStreamChunks(t *testing.T) {
	next := make(chan struct{}, 1)
	srv := chunkServer(t, 3, next)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	res, err := fetchOnce(t, p, "/", RequestInit{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	bs := res.Stream()
	if bs == nil {
		t.Fatal("fetched response has no body stream")
	}
	var got []string
	sent := 0
	ask := func() { // the server sends one chunk
		if sent < 3 {
			sent++
			next <- struct{}{}
		}
	}
	var read func()
	read = func() {
		bs.Read(func(data []byte, eof bool, err error) {
			if err != nil {
				t.Errorf("read: %v", err)
				return
			}
			if len(data) > 0 {
				got = append(got, string(data))
			}
			if eof {
				got = append(got, "end")
				return
			}
			ask()
			read()
		})
	}
	ask()
	p.run(read)
	want := []string{"chunk0", "chunk1", "chunk2", "end"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("chunks %q, want %q", got, want)
	}
}

// endlessServer trickles a body that never ends, and closes closed when it
// notices the client went.
func endlessServer(t *testing.T, closed chan<- struct{}) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(closed)
		w.Header().Set("Content-Type", "text/plain")
		for {
			if _, err := w.Write([]byte("data\n")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// waitClosed fails the test unless the server noticed the connection
// closed (a guard against a hang, not a timing assertion).
func waitClosed(t *testing.T, closed <-chan struct{}) {
	t.Helper()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the server never saw the connection close")
	}
}

// Aborting a fetch's signal while its body streams errors the body with the
// reason and closes the connection.
func TestFetchStreamAbortClosesConnection(t *testing.T) {
	closed := make(chan struct{})
	srv := endlessServer(t, closed)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	sig := NewAbortSignal()
	res, err := fetchOnce(t, p, "/", RequestInit{Signal: sig, HasSignal: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var first string
	var readErr error
	p.run(func() {
		res.Stream().Read(func(data []byte, eof bool, err error) {
			first = string(data)
			res.Stream().Read(func(_ []byte, _ bool, err error) { readErr = err })
			sig.Abort("stop")
		})
	})
	var ae *AbortError
	if !strings.HasPrefix(first, "data\n") || !errors.As(readErr, &ae) || ae.Reason != "stop" {
		t.Fatalf("first chunk %q, then %v", first, readErr)
	}
	waitClosed(t, closed)
}

// A body that never ends fails with the request timeout, and the page is
// not quiet while it is read.
func TestFetchStreamTimeout(t *testing.T) {
	closed := make(chan struct{})
	srv := endlessServer(t, closed)
	p := newPage(t, srv, loop.Options{}, ClientOptions{Timeout: 300 * time.Millisecond})
	res, err := fetchOnce(t, p, "/", RequestInit{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got error
	r := p.run(func() { res.ReadAll(func(_ []byte, err error) { got = err }) })
	if !errors.Is(got, ErrTimeout) {
		t.Fatalf("ReadAll: %v", got)
	}
	if r.Reason != loop.ReasonQuiescent {
		t.Errorf("run ended %s", r.Reason)
	}
	waitClosed(t, closed)
}

// In deterministic mode the body comes whole, at the instant it was asked
// for, whatever the server's pauses.
func TestFetchStreamDeterministic(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(w, "part%d;", i)
			w.(http.Flusher).Flush()
			time.Sleep(20 * time.Millisecond)
		}
	}))
	defer srv.Close()
	p := newPage(t, srv, loop.Options{Deterministic: true, NetworkLatency: 10 * time.Millisecond}, ClientOptions{})
	var chunks []string
	var at []time.Duration
	start := p.l.Now()
	p.run(func() {
		req, _ := NewRequest("/", p.c.DocumentURL(), RequestInit{})
		Fetch(context.Background(), p.l, p.c, req, func(r *Response, err error) {
			if err != nil {
				t.Error(err)
				return
			}
			at = append(at, p.l.Now().Sub(start))
			r.Stream().Read(func(data []byte, eof bool, err error) {
				at = append(at, p.l.Now().Sub(start))
				chunks = append(chunks, fmt.Sprintf("%s %v %v", data, eof, err))
			})
		})
	})
	if strings.Join(chunks, ",") != "part0;part1;part2; true <nil>" || len(at) != 2 || at[0] != 10*time.Millisecond || at[1] != at[0] {
		t.Errorf("chunks %q at %v", chunks, at)
	}
}

// A body the page does not read is read no further than StreamReadAhead
// (plus one read) ahead of it, and does not keep the page from being quiet.
func TestFetchStreamBackPressure(t *testing.T) {
	var written atomic.Int64
	stop := make(chan struct{})
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		buf := make([]byte, 16<<10)
		for {
			select {
			case <-stop:
				return
			case <-r.Context().Done():
				return
			default:
			}
			n, err := w.Write(buf)
			written.Add(int64(n))
			if err != nil {
				return
			}
		}
	})
	l := loop.New(goja.New(), loop.Options{})
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: handler}, Now: l.Now})
	c.SetDocumentURL(mustURL(t, "http://app.test/"))
	p := &page{t: t, l: l, c: c, base: "http://app.test"}
	res, err := fetchOnce(t, p, "/", RequestInit{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer close(stop)
	// The reader fills its read-ahead and stops; the handler's writes
	// block on the in-process pipe.
	deadline := time.Now().Add(5 * time.Second)
	for last := int64(-1); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		n := written.Load()
		if n == last && n >= StreamReadAhead {
			break
		}
		last = n
	}
	if n := written.Load(); n > StreamReadAhead+2*streamReadSize+16<<10 {
		t.Errorf("%d bytes read ahead of the page, past %d", n, StreamReadAhead)
	}
	var got int
	p.run(func() {
		res.Stream().Read(func(data []byte, _ bool, err error) {
			got = len(data)
			res.Stream().Cancel()
		})
	})
	if got < StreamReadAhead {
		t.Errorf("first read %d bytes, want the %d read ahead", got, StreamReadAhead)
	}
}

// An XMLHttpRequest fires LOADING readystatechange and progress as the
// body's chunks come, with responseText growing; abort() mid-body closes
// the connection.
func TestXHRStream(t *testing.T) {
	next := make(chan struct{}, 1)
	srv := chunkServer(t, 3, next)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var texts []string
	sent := 0
	p.run(func() {
		x := p.xhr("a")
		prev := x.OnEvent
		x.OnEvent = func(ev Event) {
			prev(ev)
			if ev.Type == "progress" {
				s, _ := x.ResponseText()
				texts = append(texts, s)
				if sent < 3 {
					sent++
					next <- struct{}{}
				}
			}
		}
		must(t, x.Open("GET", "/", true, nil, nil))
		must(t, x.Send(nil))
		sent++
		next <- struct{}{}
	})
	if len(texts) < 2 || texts[0] != "chunk0" || texts[len(texts)-1] != "chunk0chunk1chunk2" {
		t.Errorf("responseText at each progress: %q", texts)
	}
	last := p.events[len(p.events)-3:]
	if strings.Join(last, ",") != "a:readystatechange:4,a:load:4:18/0,a:loadend:4:18/0" {
		t.Errorf("events %q", p.events)
	}

	closed := make(chan struct{})
	srv2 := endlessServer(t, closed)
	p2 := newPage(t, srv2, loop.Options{}, ClientOptions{})
	var text string
	p2.run(func() {
		x := p2.xhr("b")
		prev := x.OnEvent
		x.OnEvent = func(ev Event) {
			prev(ev)
			if ev.Type == "progress" && x.ReadyState() == Loading {
				text, _ = x.ResponseText()
				x.Abort()
			}
		}
		must(t, x.Open("GET", "/", true, nil, nil))
		must(t, x.Send(nil))
	})
	if !strings.HasPrefix(text, "data\n") || !strings.Contains(strings.Join(p2.events, ","), "b:abort:4") {
		t.Errorf("text %q, events %q", text, p2.events)
	}
	waitClosed(t, closed)
}
