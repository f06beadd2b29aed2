package xhr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
)

// latencyServer serves testMux on 127.0.0.1, each response delayed by
// latency (or by ?delay=ms).
func latencyServer(t testing.TB, latency time.Duration) *httptest.Server {
	t.Helper()
	mux := testMux()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := latency
		if ms := r.URL.Query().Get("delay"); ms != "" {
			var n int
			fmt.Sscan(ms, &n)
			d = time.Duration(n) * time.Millisecond
		}
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// page is a loop with a client, for driving XHR and fetch from Go.
type page struct {
	t      testing.TB
	l      *loop.Loop
	c      *Client
	base   string
	events []string
}

func newPage(t testing.TB, srv *httptest.Server, opts loop.Options, copts ClientOptions) *page {
	t.Helper()
	l := loop.New(goja.New(), opts)
	copts.Now = l.Now
	c := NewClient(copts)
	c.SetDocumentURL(mustURL(t, srv.URL+"/page"))
	return &page{t: t, l: l, c: c, base: srv.URL}
}

// xhr returns a new XHR whose events are logged as "name:label:state".
func (p *page) xhr(label string) *XHR {
	x := NewXHR(context.Background(), p.l, p.c)
	x.OnEvent = func(ev Event) {
		s := fmt.Sprintf("%s:%s:%d", label, ev.Type, x.ReadyState())
		if ev.Type != "readystatechange" && ev.Loaded > 0 {
			s += fmt.Sprintf(":%d/%d", ev.Loaded, ev.Total)
		}
		p.events = append(p.events, s)
	}
	return x
}

func (p *page) run(setup func()) loop.Result {
	p.t.Helper()
	p.l.QueueTask(setup)
	r, err := p.l.Run(context.Background())
	if err != nil {
		p.t.Fatal(err)
	}
	return r
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestXHRAsyncEvents(t *testing.T) {
	srv := latencyServer(t, 20*time.Millisecond)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var x *XHR
	r := p.run(func() {
		x = p.xhr("a")
		must(t, x.Open("GET", "/hello", true, nil, nil))
		must(t, x.SetRequestHeader("X-A", "1"))
		must(t, x.Send(nil))
	})
	want := []string{
		"a:readystatechange:1", "a:loadstart:1", "a:readystatechange:2", "a:readystatechange:3",
		"a:progress:3:5/5", "a:readystatechange:4", "a:load:4:5/5", "a:loadend:4:5/5",
	}
	if !reflect.DeepEqual(p.events, want) {
		t.Errorf("events:\n got %q\nwant %q", p.events, want)
	}
	text, err := x.ResponseText()
	if err != nil || text != "hello" || x.Status() != 200 || x.StatusText() != "OK" {
		t.Errorf("response %d %q %q %v", x.Status(), x.StatusText(), text, err)
	}
	if v, ok := x.GetResponseHeader("content-TYPE"); !ok || v != "text/plain; charset=utf-8" {
		t.Errorf("GetResponseHeader = %q %v", v, ok)
	}
	all := x.GetAllResponseHeaders()
	if !strings.HasPrefix(all, "content-length: 5\r\ncontent-type: text/plain; charset=utf-8\r\ndate: ") || !strings.HasSuffix(all, "\r\n") {
		t.Errorf("GetAllResponseHeaders = %q", all)
	}
	if r.Reason != loop.ReasonQuiescent {
		t.Errorf("loop result %+v", r)
	}
}

func TestXHRChained(t *testing.T) {
	srv := latencyServer(t, 10*time.Millisecond)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var bodies []string
	var next func(n int)
	next = func(n int) {
		x := NewXHR(context.Background(), p.l, p.c)
		x.OnEvent = func(ev Event) {
			if ev.Type != "load" {
				return
			}
			text, _ := x.ResponseText()
			bodies = append(bodies, text)
			if n < 3 {
				next(n + 1)
			}
		}
		must(t, x.Open("GET", fmt.Sprintf("/echo?n=%d", n), true, nil, nil))
		must(t, x.Send(nil))
	}
	p.run(func() { next(0) })
	if len(bodies) != 4 || !strings.HasPrefix(bodies[3], "GET 127.0.0.1") || !strings.Contains(bodies[3], "/echo?n=3") {
		t.Errorf("bodies %q", bodies)
	}
	if n := len(p.c.Records()); n != 4 {
		t.Errorf("%d records", n)
	}
}

func TestXHRTimeoutRacesSlowRequest(t *testing.T) {
	srv := latencyServer(t, 0)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var x *XHR
	var fast string
	start := p.l.Now()
	var timedOutAt time.Duration
	r := p.run(func() {
		x = p.xhr("slow")
		must(t, x.SetTimeout(100*time.Millisecond))
		must(t, x.Open("GET", "/slow", true, nil, nil))
		must(t, x.Send(nil))
		// A fast request in parallel is not affected.
		y := NewXHR(context.Background(), p.l, p.c)
		y.OnEvent = func(ev Event) {
			if ev.Type == "load" {
				fast, _ = y.ResponseText()
			}
		}
		must(t, y.Open("GET", "/hello", true, nil, nil))
		must(t, y.Send(nil))
		prev := x.OnEvent
		x.OnEvent = func(ev Event) {
			if ev.Type == "timeout" {
				timedOutAt = p.l.Now().Sub(start)
			}
			prev(ev)
		}
	})
	want := []string{"slow:readystatechange:1", "slow:loadstart:1", "slow:readystatechange:4", "slow:timeout:4", "slow:loadend:4"}
	if !reflect.DeepEqual(p.events, want) {
		t.Errorf("events %q, want %q", p.events, want)
	}
	if x.Status() != 0 || fast != "hello" {
		t.Errorf("status %d, fast %q", x.Status(), fast)
	}
	// The timeout fires on the virtual clock, never before it is due (the
	// event order above shows it beat the 2s response).
	if timedOutAt < 100*time.Millisecond {
		t.Errorf("timed out at virtual %v", timedOutAt)
	}
	if r.Reason != loop.ReasonQuiescent {
		t.Errorf("result %+v", r)
	}
}

func TestXHRAbort(t *testing.T) {
	srv := latencyServer(t, 0)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var x *XHR
	r := p.run(func() {
		x = p.xhr("a")
		must(t, x.Open("GET", "/slow", true, nil, nil))
		must(t, x.Send(nil))
		p.l.SetTimer(10*time.Millisecond, false, func() { x.Abort() })
	})
	want := []string{"a:readystatechange:1", "a:loadstart:1", "a:readystatechange:4", "a:abort:4", "a:loadend:4"}
	if !reflect.DeepEqual(p.events, want) {
		t.Errorf("events %q, want %q", p.events, want)
	}
	if x.ReadyState() != Unsent || x.Status() != 0 {
		t.Errorf("after abort: state %d status %d", x.ReadyState(), x.Status())
	}
	if r.Reason != loop.ReasonQuiescent || len(r.Pending) != 0 {
		t.Errorf("result %+v (the aborted request must not hold the page)", r)
	}
}

func TestXHRSync(t *testing.T) {
	srv := latencyServer(t, 5*time.Millisecond)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var n int
	p.run(func() {
		x := p.xhr("s")
		must(t, x.Open("POST", "/echo", false, nil, nil))
		must(t, x.SetRequestHeader("Content-Type", "text/plain;charset=latin1"))
		must(t, x.Send("body"))
		p.events = append(p.events, "returned")
		text, _ := x.ResponseText()
		n = len(text)
		if !strings.HasPrefix(text, "POST") || !strings.Contains(text, "ct=text/plain;charset=UTF-8 body=body") {
			t.Errorf("sync response %q", text)
		}
		if err := x.SetTimeout(time.Second); err == nil {
			t.Error("timeout on a sync request accepted")
		}
		// A sync network error throws and fires nothing.
		y := p.xhr("e")
		must(t, y.Open("GET", "https://www.google-analytics.com/collect", false, nil, nil))
		err := y.Send(nil)
		var de *DOMError
		if !errors.As(err, &de) || de.Name != "NetworkError" || !errors.Is(err, ErrBlocked) {
			t.Errorf("sync blocked: %v", err)
		}
	})
	want := []string{"s:readystatechange:1", "s:readystatechange:4", fmt.Sprintf("s:load:4:%d/%d", n, n),
		fmt.Sprintf("s:loadend:4:%d/%d", n, n), "returned", "e:readystatechange:1"}
	if !reflect.DeepEqual(p.events, want) {
		t.Errorf("events %q, want %q", p.events, want)
	}
}

func TestXHRResponses(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := "http://" + ln.Addr().String() + "/x"
	ln.Close()
	srv := latencyServer(t, 0)
	tests := []struct {
		name, method, url  string
		responseType       string
		withCredentials    bool
		overrideMIME       string
		wantLast           string // last two events
		wantStatus         int
		wantURL            string // responseURL suffix
		wantText           string
		wantBlocked, isErr bool
	}{
		{"redirect", "GET", "/redirect/2/302", "", false, "", "load", 200, "/echo", "GET 127.0.0.1", false, false},
		{"json", "GET", "/json", "json", false, "", "load", 200, "/json", "", false, false},
		{"404", "GET", "/status/404", "", false, "", "load", 404, "/status/404", "status 404", false, false},
		{"500", "GET", "/status/500", "", false, "", "load", 500, "/status/500", "status 500", false, false},
		{"connection refused", "GET", closedPort, "", false, "", "error", 0, "", "", false, true},
		{"blocked", "GET", "https://connect.facebook.net/sdk.js", "", false, "", "error", 0, "", "", true, true},
		{"override mime charset", "GET", "/hello", "", false, "text/plain; charset=utf-16le", "load", 200, "/hello", "\u6568\u6c6c", false, false},
		{"head", "HEAD", "/hello", "", false, "", "load", 200, "/hello", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, srv, loop.Options{}, ClientOptions{})
			var x *XHR
			p.run(func() {
				x = p.xhr("x")
				must(t, x.Open(tt.method, tt.url, true, nil, nil))
				must(t, x.SetResponseType(tt.responseType))
				must(t, x.SetWithCredentials(tt.withCredentials))
				if tt.overrideMIME != "" {
					must(t, x.OverrideMimeType(tt.overrideMIME))
				}
				must(t, x.Send(nil))
			})
			n := len(p.events)
			if n < 2 || !strings.HasPrefix(p.events[n-2], "x:"+tt.wantLast+":4") || !strings.HasPrefix(p.events[n-1], "x:loadend:4") {
				t.Errorf("events %q", p.events)
			}
			if x.Status() != tt.wantStatus || !strings.HasSuffix(x.ResponseURL(), tt.wantURL) {
				t.Errorf("status %d url %q", x.Status(), x.ResponseURL())
			}
			if tt.responseType == "json" {
				var v map[string]any
				if err := json.Unmarshal([]byte(DecodeUTF8(x.ResponseBytes())), &v); err != nil || v["items"] == nil {
					t.Errorf("json %q: %v", x.ResponseBytes(), err)
				}
				if _, err := x.ResponseText(); err == nil {
					t.Error("responseText readable with responseType json")
				}
			} else if text, _ := x.ResponseText(); !strings.HasPrefix(text, tt.wantText) {
				t.Errorf("text %q, want prefix %q", text, tt.wantText)
			}
			recs := p.c.Records()
			last := recs[len(recs)-1]
			if last.Blocked != tt.wantBlocked || (last.Error != "") != tt.isErr || last.Kind != KindXHR {
				t.Errorf("record %+v", last)
			}
		})
	}
}

func TestXHRStateErrors(t *testing.T) {
	srv := latencyServer(t, 0)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	tests := []struct {
		name string
		do   func(x *XHR) error
		want string
	}{
		{"send before open", func(x *XHR) error { return x.Send(nil) }, "InvalidStateError"},
		{"header before open", func(x *XHR) error { return x.SetRequestHeader("a", "b") }, "InvalidStateError"},
		{"bad method", func(x *XHR) error { return x.Open("GE T", "/", true, nil, nil) }, "SyntaxError"},
		{"forbidden method", func(x *XHR) error { return x.Open("TRACE", "/", true, nil, nil) }, "SecurityError"},
		{"bad url", func(x *XHR) error { return x.Open("GET", "http://[::1", true, nil, nil) }, "SyntaxError"},
		{"bad header name", func(x *XHR) error {
			x.Open("GET", "/", true, nil, nil)
			return x.SetRequestHeader("a b", "c")
		}, "SyntaxError"},
		{"send twice", func(x *XHR) error {
			x.Open("GET", "/hello", true, nil, nil)
			x.Send(nil)
			return x.Send(nil)
		}, "InvalidStateError"},
		{"sync with responseType", func(x *XHR) error {
			x.SetResponseType("json")
			return x.Open("GET", "/", false, nil, nil)
		}, "InvalidAccessError"},
	}
	p.run(func() {
		for _, tt := range tests {
			err := tt.do(NewXHR(context.Background(), p.l, p.c))
			var de *DOMError
			if !errors.As(err, &de) || de.Name != tt.want {
				t.Errorf("%s: err = %v, want %s", tt.name, err, tt.want)
			}
		}
	})
}

func TestXHRRequestHeaders(t *testing.T) {
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.Header.Clone() }))
	defer srv.Close()
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	p.run(func() {
		x := p.xhr("h")
		must(t, x.Open("GET", "/", true, nil, nil))
		for _, h := range [][2]string{{"X-Multi", "a"}, {"x-multi", "b"}, {"Cookie", "evil=1"}, {"Referer", "http://evil/"},
			{"Sec-Foo", "1"}, {"User-Agent", "page-ua"}, {"Accept", "application/json"}} {
			must(t, x.SetRequestHeader(h[0], h[1]))
		}
		must(t, x.Send(nil))
	})
	checks := map[string]string{
		"X-Multi": "a, b", "Cookie": "", "Referer": srv.URL + "/page", "Sec-Foo": "",
		"User-Agent": "page-ua", "Accept": "application/json", DefaultMarkerHeader: "1",
	}
	for k, v := range checks {
		if got.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, got.Get(k), v)
		}
	}
}

// In deterministic mode, XHRs racing with random real latencies complete in
// the order they were sent, every time.
func TestXHRDeterministicOrder(t *testing.T) {
	srv := latencyServer(t, 0)
	var first []string
	for run := range 5 {
		p := newPage(t, srv, loop.Options{Deterministic: true, NetworkLatency: 10 * time.Millisecond}, ClientOptions{})
		var order []string
		p.run(func() {
			for i := range 6 {
				x := NewXHR(context.Background(), p.l, p.c)
				x.OnEvent = func(ev Event) {
					if ev.Type == "load" {
						order = append(order, fmt.Sprintf("%d@%v", i, p.l.Elapsed()))
					}
				}
				must(t, x.Open("GET", fmt.Sprintf("/hello?delay=%d", rand.IntN(30)), true, nil, nil))
				must(t, x.Send(nil))
			}
		})
		if run == 0 {
			first = order
			if len(order) != 6 || order[0] != "0@10ms" {
				t.Fatalf("order %q", order)
			}
		} else if !reflect.DeepEqual(order, first) {
			t.Fatalf("run %d: %q, first run %q", run, order, first)
		}
	}
}

// The loop is not quiet while a request is in flight, so content loaded by
// an XHR after real latency is there when Run returns.
func TestXHRHoldsQuiescence(t *testing.T) {
	srv := latencyServer(t, 150*time.Millisecond)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var mu sync.Mutex
	loaded := false
	p.run(func() {
		x := NewXHR(context.Background(), p.l, p.c)
		x.OnEvent = func(ev Event) {
			if ev.Type == "load" {
				mu.Lock()
				loaded = true
				mu.Unlock()
			}
		}
		must(t, x.Open("GET", "/hello", true, nil, nil))
		must(t, x.Send(nil))
	})
	if !loaded {
		t.Error("Run returned before the response")
	}
}

func TestXHRBasicAuthAndRedirectCookies(t *testing.T) {
	var auth, cookie string
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		http.SetCookie(w, &http.Cookie{Name: "sid", Value: "42", Path: "/", HttpOnly: true})
		http.Redirect(w, r, "/home", http.StatusFound)
	})
	mux.HandleFunc("/home", func(w http.ResponseWriter, r *http.Request) {
		cookie = r.Header.Get("Cookie")
		fmt.Fprint(w, "home")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var x *XHR
	user, pass := "ada", "secret"
	p.run(func() {
		x = p.xhr("a")
		must(t, x.Open("GET", "/login", true, &user, &pass))
		must(t, x.Send(nil))
	})
	if auth != "Basic YWRhOnNlY3JldA==" || cookie != "sid=42" {
		t.Errorf("auth %q, cookie on redirect %q", auth, cookie)
	}
	if !strings.HasSuffix(x.ResponseURL(), "/home") {
		t.Errorf("responseURL %q", x.ResponseURL())
	}
	for _, r := range p.c.Records() {
		if strings.Contains(r.URL, "secret") {
			t.Errorf("password recorded: %s", r.URL)
		}
	}
	if v, ok := x.GetResponseHeader("Set-Cookie"); ok {
		t.Errorf("Set-Cookie visible to the page: %q", v)
	}
	if got := p.c.Cookies(mustURL(t, srv.URL+"/")); got != "" {
		t.Errorf("HttpOnly cookie visible to document.cookie: %q", got)
	}
}

func TestXHRMIMEType(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/latin", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=iso-8859-1")
		w.Write([]byte("caf\xe9"))
	})
	mux.HandleFunc("/xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Write([]byte("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>caf\xe9</t>"))
	})
	mux.HandleFunc("/none", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Write([]byte("<a/>"))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	tests := []struct {
		path, override, mime, charset, text string
	}{
		{"/latin", "", "text/plain; charset=iso-8859-1", "iso-8859-1", "café"},
		{"/latin", "Text/Plain; charset=utf-8", "Text/Plain; charset=utf-8", "utf-8", "caf\uFFFD"},
		{"/latin", "not a mime", "application/octet-stream", "iso-8859-1", "café"},
		{"/none", "", "text/xml", "", "<a/>"},
		{"/xml", "", "application/rss+xml", "", `<?xml version="1.0" encoding="ISO-8859-1"?><t>café</t>`},
	}
	for _, tt := range tests {
		p := newPage(t, srv, loop.Options{}, ClientOptions{})
		var x *XHR
		p.run(func() {
			x = NewXHR(context.Background(), p.l, p.c)
			must(t, x.Open("GET", tt.path, true, nil, nil))
			if tt.override != "" {
				must(t, x.OverrideMimeType(tt.override))
			}
			must(t, x.Send(nil))
		})
		text, _ := x.ResponseText()
		essence, _, _ := strings.Cut(strings.ToLower(tt.mime), ";")
		if x.ContentType() != tt.mime || x.MIMEType() != essence || x.Charset() != tt.charset || text != tt.text || !x.HasResponse() {
			t.Errorf("%s %q: type %q essence %q charset %q text %q", tt.path, tt.override, x.ContentType(), x.MIMEType(), x.Charset(), text)
		}
		if err := x.OverrideMimeType("text/plain"); err == nil {
			t.Error("overrideMimeType after load accepted")
		}
	}
}

// send()'s charset rewrite of an author Content-Type, as Chromium does it.
func TestWithUTF8Charset(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"text/plain", "text/plain"},
		{"text/plain;charset=latin1", "text/plain;charset=UTF-8"},
		{"text/plain;CHARSET=UTF-8", "text/plain;CHARSET=UTF-8"},
		{"text/plain;charset=utf-8", "text/plain;charset=UTF-8"},
		{"text/plain; Charset=latin1; a=b", "text/plain; Charset=UTF-8; a=b"},
		{`text/plain; charset="utf-8"`, `text/plain; charset="UTF-8"`},
		{"text/plain;charset=ascii;charset=x", "text/plain;charset=UTF-8;charset=UTF-8"},
		{"x/y;z=1", "x/y;z=1"},
	} {
		if got := withUTF8Charset(tt.in); got != tt.want {
			t.Errorf("withUTF8Charset(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// An HTTP/1.1 "Connection: close" that net/http takes out of the header is
// listed again, as a browser lists it.
func TestXHRConnectionCloseHeader(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close")
		w.Header().Set("X-A", "1")
		w.Header()["Date"] = nil
	}))
	defer srv.Close()
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var x *XHR
	p.run(func() {
		x = p.xhr("h")
		must(t, x.Open("GET", "/", false, nil, nil))
		must(t, x.Send(nil))
	})
	if got, want := x.GetAllResponseHeaders(), "connection: close\r\ncontent-length: 0\r\nx-a: 1\r\n"; got != want {
		t.Errorf("getAllResponseHeaders = %q, want %q", got, want)
	}
}

// Upload events: with listeners at send() and a body, loadstart then
// progress, load and loadend before the response; none without a body or
// listeners; an abort fires upload abort and loadend before the XHR's.
func TestXHRUploadEvents(t *testing.T) {
	srv := latencyServer(t, 0)
	for _, tc := range []struct {
		name      string
		body      any
		listeners bool
		abort     bool
		want      []string
	}{
		{"body", "12345", true, false, []string{"u:readystatechange:1", "u:loadstart:1", "u:upload.loadstart:1", "u:upload.progress:1:5/5",
			"u:upload.load:1:5/5", "u:upload.loadend:1:5/5", "u:readystatechange:2"}},
		{"no body", nil, true, false, []string{"u:readystatechange:1", "u:loadstart:1", "u:readystatechange:2"}},
		{"no listeners", "12345", false, false, []string{"u:readystatechange:1", "u:loadstart:1", "u:readystatechange:2"}},
		{"abort", "abc", true, true, []string{"u:readystatechange:1", "u:loadstart:1", "u:upload.loadstart:1", "u:readystatechange:4",
			"u:upload.abort:4", "u:upload.loadend:4", "u:abort:4", "u:loadend:4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, srv, loop.Options{}, ClientOptions{})
			p.run(func() {
				x := p.xhr("u")
				log := x.OnEvent
				x.OnEvent = func(ev Event) {
					if ev.Upload {
						ev.Type = "upload." + ev.Type
					}
					log(ev)
				}
				x.UploadListeners = func() bool { return tc.listeners }
				must(t, x.Open("POST", "/echo", true, nil, nil))
				must(t, x.Send(tc.body))
				if tc.abort {
					x.Abort()
				}
			})
			got := p.events
			if len(got) > len(tc.want) {
				got = got[:len(tc.want)]
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("events:\n got %q\nwant %q", p.events, tc.want)
			}
		})
	}
}
