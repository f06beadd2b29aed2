package xhr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// sseServer serves /stream (checks the event-stream request headers, sets
// a cookie, sends one event and waits for more to send), /moved (a
// redirect to /stream) and /late (no headers for a second).
func sseServer(t *testing.T, more <-chan string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept") != "text/event-stream" || r.Header.Get("Cache-Control") != "no-cache" {
			http.Error(w, "not an event-stream request", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		w.Header().Set("Set-Cookie", "seen=1; Path=/")
		fmt.Fprintf(w, "data: last=%s cookie=%s\n\n", r.Header.Get("Last-Event-ID"), r.Header.Get("Cookie"))
		w.(http.Flusher).Flush()
		for {
			select {
			case s := <-more:
				fmt.Fprint(w, s)
				w.(http.Flusher).Flush()
			case <-r.Context().Done():
				return
			}
		}
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/stream", http.StatusFound) })
	mux.HandleFunc("/late", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(time.Second):
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// readUntil reads the stream until it has seen want.
func readUntil(t *testing.T, r io.Reader, want string) {
	t.Helper()
	var got []byte
	buf := make([]byte, 512)
	for !strings.Contains(string(got), want) {
		n, err := r.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			t.Fatalf("stream so far %q, then %v; want %q", got, err, want)
		}
	}
}

func TestOpenEventStream(t *testing.T) {
	more := make(chan string)
	srv := sseServer(t, more)
	c := NewClient(ClientOptions{})
	c.SetDocumentURL(mustURL(t, srv.URL+"/page"))
	st, err := c.OpenEventStream(context.Background(), mustURL(t, srv.URL+"/moved"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	if st.URL.Path != "/stream" || st.Status != 200 || st.MIMEType != "text/event-stream" {
		t.Errorf("stream %s %d %q", st.URL, st.Status, st.MIMEType)
	}
	readUntil(t, st.Body, "data: last= cookie=\n\n")
	more <- "data: more\n\n" // the body arrives as it is sent
	readUntil(t, st.Body, "data: more\n\n")
	st.Close()
	if _, err := st.Body.Read(make([]byte, 16)); err == nil {
		t.Error("read after Close succeeded")
	}
	st.Close() // twice is fine

	// The reconnection: Last-Event-ID and the cookie of the first answer.
	st, err = c.OpenEventStream(context.Background(), mustURL(t, srv.URL+"/stream"), "7", false)
	if err != nil {
		t.Fatal(err)
	}
	readUntil(t, st.Body, "data: last=7 cookie=seen=1\n\n")
	st.Close()

	var got []string
	for _, r := range c.Records() {
		got = append(got, fmt.Sprintf("%s %s %d", r.Kind, strings.TrimPrefix(r.URL, srv.URL), r.Status))
	}
	if want := "eventsource /moved 302,eventsource /stream 200,eventsource /stream 200"; strings.Join(got, ",") != want {
		t.Errorf("records %q, want %q", got, want)
	}
}

// An open stream holds one of its origin's connection slots until it is
// closed; the render's context ends it.
func TestEventStreamSlotAndContext(t *testing.T) {
	srv := sseServer(t, nil)
	c := NewClient(ClientOptions{MaxConnsPerHost: 1})
	c.SetDocumentURL(mustURL(t, srv.URL+"/page"))
	ctx, cancel := context.WithCancel(context.Background())
	st, err := c.OpenEventStream(ctx, mustURL(t, srv.URL+"/stream"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	short, stop := context.WithTimeout(context.Background(), 100*time.Millisecond)
	_, err = c.Fetch(short, get(t, srv.URL+"/stream"), KindFetch)
	stop()
	if err == nil {
		t.Error("a request got the slot the open stream holds")
	}
	cancel()
	done := make(chan error, 1)
	go func() {
		buf := make([]byte, 512)
		for {
			if _, err := st.Body.Read(buf); err != nil {
				done <- err
				return
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream outlived its context")
	}
	// The slot is back once the context ended the stream.
	deadline := time.Now().Add(2 * time.Second)
	for {
		short, stop := context.WithTimeout(context.Background(), 100*time.Millisecond)
		st2, err := c.OpenEventStream(short, mustURL(t, srv.URL+"/stream"), "", false)
		if err == nil {
			st2.Close()
			stop()
			break
		}
		stop()
		if time.Now().After(deadline) {
			t.Fatalf("slot not given back: %v", err)
		}
	}
}

// The request timeout bounds the wait for the headers, not the stream.
func TestEventStreamTimeout(t *testing.T) {
	more := make(chan string, 1)
	srv := sseServer(t, more)
	c := NewClient(ClientOptions{Timeout: 200 * time.Millisecond})
	c.SetDocumentURL(mustURL(t, srv.URL+"/page"))
	if _, err := c.OpenEventStream(context.Background(), mustURL(t, srv.URL+"/late"), "", false); !errors.Is(err, ErrTimeout) {
		t.Errorf("no headers in time: err = %v, want ErrTimeout", err)
	}
	st, err := c.OpenEventStream(context.Background(), mustURL(t, srv.URL+"/stream"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	time.Sleep(400 * time.Millisecond)
	more <- "data: later\n\n"
	readUntil(t, st.Body, "data: later\n\n")
}

// Cross-origin streams need the CORS headers; cookies go with them only
// withCredentials (a same-site origin here: SameSite=Lax keeps them from
// cross-site ones); the policy refuses what it refuses.
func TestEventStreamCORSAndPolicy(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if a := r.URL.Query().Get("acao"); a != "" {
			w.Header().Set("Access-Control-Allow-Origin", a)
		}
		if r.URL.Query().Get("acac") != "" {
			w.Header().Set("Access-Control-Allow-Credentials", "true")
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: origin=%s cookie=%s\n\n", r.Header.Get("Origin"), r.Header.Get("Cookie"))
	})
	tests := []struct {
		query string
		cred  bool
		want  string // the body, or "" for a CORS failure
	}{
		{"?acao=*", false, "data: origin=https://www.app.test cookie=\n\n"},
		{"?acao=*", true, ""},
		{"", false, ""},
		{"?acao=https://www.app.test&acac=1", true, "data: origin=https://www.app.test cookie=k=v\n\n"},
	}
	for _, tt := range tests {
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}})
		c.SetDocumentURL(mustURL(t, "https://www.app.test/"))
		c.Jar().SetDocumentCookie(mustURL(t, "https://api.app.test/"), "k=v")
		st, err := c.OpenEventStream(context.Background(), mustURL(t, "https://api.app.test/"+tt.query), "", tt.cred)
		if tt.want == "" {
			if !errors.Is(err, ErrCORS) {
				t.Errorf("%s cred=%v: err = %v, want ErrCORS", tt.query, tt.cred, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s cred=%v: %v", tt.query, tt.cred, err)
			continue
		}
		b, _ := io.ReadAll(st.Body)
		st.Close()
		if string(b) != tt.want {
			t.Errorf("%s cred=%v: body %q, want %q", tt.query, tt.cred, b, tt.want)
		}
	}

	// Redirects follow the rules of Do: CORS-checked, Origin null once a
	// redirect leaves a cross-origin URL for another origin.
	redirects := http.NewServeMux()
	redirects.Handle("/redir", corsRedirectMux())
	redirects.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: origin=%s\n\n", r.Header.Get("Origin"))
	})
	for _, tt := range []struct{ from, to, want string }{
		{"https://api.test", "https://other.test/stream", "data: origin=null\n\n"},
		{"https://app.test", "https://api.test/stream", "data: origin=https://app.test\n\n"},
		{"https://api.test", "https://u:p@app.test/stream", ""},
	} {
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: redirects}})
		c.SetDocumentURL(mustURL(t, "https://app.test/"))
		st, err := c.OpenEventStream(context.Background(), mustURL(t, tt.from+"/redir?to="+url.QueryEscape(tt.to)), "", false)
		if tt.want == "" {
			if !errors.Is(err, ErrCORS) {
				t.Errorf("%s → %s: err = %v, want ErrCORS", tt.from, tt.to, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s → %s: %v", tt.from, tt.to, err)
			continue
		}
		b, _ := io.ReadAll(st.Body)
		st.Close()
		if string(b) != tt.want {
			t.Errorf("%s → %s: %q, want %q", tt.from, tt.to, b, tt.want)
		}
	}

	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}})
	c.SetDocumentURL(mustURL(t, "https://app.test/"))
	_, err := c.OpenEventStream(context.Background(), &url.URL{Scheme: "https", Host: "www.google-analytics.com", Path: "/s"}, "", false)
	if !errors.Is(err, ErrBlocked) {
		t.Errorf("denied host: err = %v, want ErrBlocked", err)
	}
	if recs := c.Records(); len(recs) != 1 || !recs[0].Blocked || recs[0].Kind != KindEventSource {
		t.Errorf("records %+v", recs)
	}
}

// A stream longer than MaxResponseBytes fails.
func TestEventStreamLimit(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, strings.Repeat("data: x\n\n", 100))
	})
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}, MaxResponseBytes: 90})
	c.SetDocumentURL(mustURL(t, "http://app.test/"))
	st, err := c.OpenEventStream(context.Background(), mustURL(t, "http://app.test/"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := io.ReadAll(st.Body)
	if !errors.Is(err, ErrTooLarge) || len(b) != 90 {
		t.Errorf("read %d bytes, then %v", len(b), err)
	}
}

// A data: URL is read like a stream that ends, with no request.
func TestEventStreamDataURL(t *testing.T) {
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: http.NotFoundHandler()}})
	c.SetDocumentURL(mustURL(t, "http://app.test/"))
	st, err := c.OpenEventStream(context.Background(), mustURL(t, "data:text/event-stream;charset=utf-8,data%3A%20x%0A%0A"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(st.Body)
	st.Close()
	if err != nil || string(b) != "data: x\n\n" || st.Status != 200 || st.MIMEType != "text/event-stream" {
		t.Errorf("data: stream %d %q %q %v", st.Status, st.MIMEType, b, err)
	}
	if recs := c.Records(); len(recs) != 1 || recs[0].Kind != KindEventSource || recs[0].Status != 200 {
		t.Errorf("records %+v", recs)
	}
}
