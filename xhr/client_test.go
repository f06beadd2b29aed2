package xhr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/loop"
)

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func get(t testing.TB, s string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("GET", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// testMux is the origin most tests render against.
func testMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, "hello")
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "%s %s %s ua=%s marker=%s cookie=%s ct=%s body=%s",
			r.Method, r.Host, r.URL.RequestURI(), r.UserAgent(), r.Header.Get(DefaultMarkerHeader),
			r.Header.Get("Cookie"), r.Header.Get("Content-Type"), b)
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"items":[1,2,3]}`)
	})
	mux.HandleFunc("/redirect/", func(w http.ResponseWriter, r *http.Request) {
		// /redirect/N/CODE redirects N times with CODE, then to /echo.
		var n, code int
		fmt.Sscanf(r.URL.Path, "/redirect/%d/%d", &n, &code)
		if n <= 0 {
			http.Redirect(w, r, "/echo", code)
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/redirect/%d/%d", n-1, code), code)
	})
	mux.HandleFunc("/setcookie", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "s1", Path: "/", HttpOnly: true})
		http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Path: "/"})
		fmt.Fprint(w, "ok")
	})
	mux.HandleFunc("/status/", func(w http.ResponseWriter, r *http.Request) {
		var code int
		fmt.Sscanf(r.URL.Path, "/status/%d", &code)
		w.WriteHeader(code)
		fmt.Fprintf(w, "status %d", code)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		chunk := strings.Repeat("x", 1024)
		for range 100 {
			io.WriteString(w, chunk)
		}
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
			return
		}
		fmt.Fprint(w, "slow")
	})
	return mux
}

func newTestClient(t testing.TB, opts ClientOptions) (*Client, string) {
	t.Helper()
	if opts.Transport == nil {
		opts.Transport = HandlerTransport{Handler: testMux()}
	}
	c := NewClient(opts)
	c.SetDocumentURL(mustURL(t, "http://app.test/page"))
	return c, "http://app.test"
}

func TestClientFetch(t *testing.T) {
	c, base := newTestClient(t, ClientOptions{UserAgent: "bot/1"})
	res, err := c.Fetch(context.Background(), get(t, base+"/echo?q=1"), KindXHR)
	if err != nil {
		t.Fatal(err)
	}
	want := "GET app.test /echo?q=1 ua=bot/1 marker=1 cookie= ct= body="
	if string(res.Body) != want {
		t.Errorf("body = %q, want %q", res.Body, want)
	}
	if res.Status != 200 || res.StatusText != "OK" || res.URL.String() != base+"/echo?q=1" || res.Redirected {
		t.Errorf("result = %d %q %s redirected=%v", res.Status, res.StatusText, res.URL, res.Redirected)
	}
	recs := c.Records()
	if len(recs) != 1 || recs[0].Kind != KindXHR || recs[0].Status != 200 || recs[0].Bytes != int64(len(want)) || recs[0].Method != "GET" {
		t.Errorf("records = %+v", recs)
	}
}

func TestClientRedirects(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		path       string
		redirect   RedirectMode
		wantErr    error
		wantStatus int
		wantBody   string
		wantHops   int
	}{
		{"follow 3", "GET", "/redirect/2/302", RedirectFollow, nil, 200, "GET app.test /echo", 4},
		{"POST 302 becomes GET", "POST", "/redirect/0/302", RedirectFollow, nil, 200, "GET app.test /echo", 2},
		{"POST 307 stays POST", "POST", "/redirect/0/307", RedirectFollow, nil, 200, "POST app.test /echo", 2},
		{"POST 303 becomes GET", "POST", "/redirect/0/303", RedirectFollow, nil, 200, "GET app.test /echo", 2},
		{"limit", "GET", "/redirect/25/301", RedirectFollow, ErrTooManyRedirects, 0, "", 21},
		{"mode error", "GET", "/redirect/0/302", RedirectError, ErrRedirect, 0, "", 1},
		{"mode manual", "GET", "/redirect/0/302", RedirectManual, nil, 302, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, base := newTestClient(t, ClientOptions{})
			req, _ := http.NewRequest(tt.method, base+tt.path, strings.NewReader("payload"))
			req.Header.Set("Content-Type", "text/plain")
			res, err := c.Do(context.Background(), req, Params{Kind: KindFetch, Mode: ModeCORS, Redirect: tt.redirect})
			if tt.wantErr != nil {
				var ne *NetworkError
				if !errors.Is(err, tt.wantErr) || !errors.As(err, &ne) {
					t.Fatalf("err = %v, want %v as *NetworkError", err, tt.wantErr)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != tt.wantStatus || !strings.HasPrefix(string(res.Body), tt.wantBody) {
					t.Errorf("got %d %q", res.Status, res.Body)
				}
				if tt.wantStatus == 200 && (!res.Redirected || res.URL.Path != "/echo") {
					t.Errorf("redirected=%v url=%s", res.Redirected, res.URL)
				}
				if tt.method == "POST" && tt.wantBody == "POST app.test /echo" && !strings.HasSuffix(string(res.Body), "ct=text/plain body=payload") {
					t.Errorf("307 lost the body: %q", res.Body)
				}
				if strings.HasPrefix(tt.wantBody, "GET") && tt.method == "POST" && !strings.HasSuffix(string(res.Body), "ct= body=") {
					t.Errorf("redirect to GET kept body headers: %q", res.Body)
				}
			}
			if n := len(c.Records()); n != tt.wantHops {
				t.Errorf("%d records, want %d", n, tt.wantHops)
			}
		})
	}
}

func TestClientPolicy(t *testing.T) {
	tests := []struct {
		name   string
		policy Policy
		url    string
		kind   Kind
		reason string // "" = allowed
	}{
		{"same origin", Policy{}, "http://app.test/hello", KindXHR, ""},
		{"cross origin default", Policy{}, "http://api.other.test/hello", KindScript, ""},
		{"analytics denied", Policy{}, "https://www.google-analytics.com/analytics.js", KindScript, "denied host (default list)"},
		{"gtm denied", Policy{}, "https://www.googletagmanager.com/gtm.js?id=1", KindScript, "denied host (default list)"},
		{"facebook denied", Policy{}, "https://connect.facebook.net/en_US/sdk.js", KindScript, "denied host (default list)"},
		{"hotjar denied", Policy{}, "https://static.hotjar.com/c/hotjar.js", KindScript, "denied host (default list)"},
		{"default list off", Policy{NoDefaultDeny: true}, "https://www.google-analytics.com/analytics.js", KindScript, ""},
		{"allow beats default deny", Policy{Allow: []string{"googletagmanager.com"}}, "https://www.googletagmanager.com/gtm.js", KindScript, ""},
		{"allow list excludes others", Policy{Allow: []string{"cdn.test"}}, "http://api.other.test/x", KindFetch, "host not in allow list"},
		{"allow list includes subdomain", Policy{Allow: []string{"cdn.test"}}, "http://a.cdn.test/x", KindFetch, ""},
		{"subdomain pattern excludes apex", Policy{Allow: []string{"*.cdn.test"}}, "http://cdn.test/x", KindFetch, "host not in allow list"},
		{"deny beats allow", Policy{Allow: []string{"cdn.test"}, Deny: []string{"bad.cdn.test"}}, "http://bad.cdn.test/x", KindFetch, "denied host"},
		{"same origin ignores deny", Policy{Deny: []string{"app.test"}}, "http://app.test/hello", KindFetch, ""},
		{"image not fetched", Policy{}, "http://app.test/a.png", KindImage, "image not fetched"},
		{"stylesheet not fetched", Policy{}, "http://app.test/a.css", KindStylesheet, "stylesheet not fetched"},
		{"stylesheet opted in", Policy{Resources: []Kind{KindStylesheet}}, "http://app.test/hello", KindStylesheet, ""},
		{"ftp scheme", Policy{}, "ftp://app.test/x", KindFetch, "scheme ftp not fetched"},
		{"ip deny", Policy{Deny: []string{"10.0.0.1"}}, "http://10.0.0.1/x", KindFetch, "denied host"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, ClientOptions{Policy: tt.policy, NoCORS: true,
				// every host is served by the same in-process handler
				Transport: HandlerTransport{Handler: testMux()}})
			_, err := c.Fetch(context.Background(), get(t, tt.url), tt.kind)
			var be *BlockedError
			blocked := errors.As(err, &be)
			if tt.reason == "" {
				if blocked {
					t.Fatalf("blocked: %v", err)
				}
				return
			}
			if !blocked || be.Reason != tt.reason || !errors.Is(err, ErrBlocked) {
				t.Fatalf("err = %v, want blocked %q", err, tt.reason)
			}
			recs := c.Records()
			if len(recs) != 1 || !recs[0].Blocked || recs[0].URL != tt.url || recs[0].Error != tt.reason {
				t.Errorf("records = %+v", recs)
			}
		})
	}
}

func TestClientCookiesRoundTrip(t *testing.T) {
	c, base := newTestClient(t, ClientOptions{})
	ctx := context.Background()
	if _, err := c.Fetch(ctx, get(t, base+"/setcookie"), KindXHR); err != nil {
		t.Fatal(err)
	}
	doc := mustURL(t, base+"/page")
	if got := c.Cookies(doc); got != "theme=dark" {
		t.Errorf("document.cookie = %q, want only the non-HttpOnly cookie", got)
	}
	c.SetCookieString(doc, "lang=fr; path=/")
	c.SetCookieString(doc, "session=stolen") // cannot replace an HttpOnly cookie
	c.SetCookieString(doc, "x=1; HttpOnly")  // cannot create one
	res, err := c.Fetch(ctx, get(t, base+"/echo"), KindXHR)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res.Body), "cookie=session=s1; theme=dark; lang=fr ") {
		t.Errorf("request cookies: %q", res.Body)
	}
	// Cross-origin requests carry cookies only with credentials "include".
	c2 := NewClient(ClientOptions{Transport: HandlerTransport{Handler: testMux()}, NoCORS: true})
	c2.SetDocumentURL(mustURL(t, "https://other.test/"))
	// Only SameSite=None cookies go to another site; Lax is the default.
	c2.Jar().SetCookies(mustURL(t, "https://app.test/"), []*http.Cookie{
		{Name: "a", Value: "1", Secure: true, SameSite: http.SameSiteNoneMode},
		{Name: "lax", Value: "2"},
	})
	for _, cr := range []Credentials{CredentialsSameOrigin, CredentialsInclude, CredentialsOmit} {
		res, err := c2.Do(ctx, get(t, "https://app.test/echo"), Params{Kind: KindFetch, Mode: ModeCORS, Credentials: cr})
		if err != nil {
			t.Fatal(err)
		}
		has := strings.Contains(string(res.Body), "cookie=a=1 ")
		if has != (cr == CredentialsInclude) {
			t.Errorf("credentials %d: body %q", cr, res.Body)
		}
	}
	// A subdomain is the same site: Lax cookies go with credentials.
	c3 := NewClient(ClientOptions{Transport: HandlerTransport{Handler: testMux()}, NoCORS: true})
	c3.SetDocumentURL(mustURL(t, "https://www.app.test/"))
	c3.Jar().SetCookies(mustURL(t, "https://api.app.test/"), []*http.Cookie{{Name: "lax", Value: "2"}})
	res, err = c3.Do(ctx, get(t, "https://api.app.test/echo"), Params{Kind: KindFetch, Mode: ModeCORS, Credentials: CredentialsInclude})
	if err != nil || !strings.Contains(string(res.Body), "cookie=lax=2 ") {
		t.Errorf("same-site subdomain: %q %v", res.Body, err)
	}
}

func TestClientErrors(t *testing.T) {
	// A closed port on 127.0.0.1: connection refused.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/x"
	ln.Close()

	srv := httptest.NewServer(testMux())
	defer srv.Close()

	tests := []struct {
		name    string
		opts    ClientOptions
		url     string
		wantErr error // nil: a response
		status  int
	}{
		{"connection refused", ClientOptions{Transport: http.DefaultTransport}, closed, nil, -1},
		{"404 is a response", ClientOptions{Transport: http.DefaultTransport}, srv.URL + "/status/404", nil, 404},
		{"500 is a response", ClientOptions{Transport: http.DefaultTransport}, srv.URL + "/status/500", nil, 500},
		{"too large by body", ClientOptions{Transport: http.DefaultTransport, MaxResponseBytes: 50_000}, srv.URL + "/big", ErrTooLarge, 0},
		{"too large in process", ClientOptions{MaxResponseBytes: 50_000}, "http://app.test/big", ErrTooLarge, 0},
		{"per-request timeout", ClientOptions{Transport: http.DefaultTransport, Timeout: 50 * time.Millisecond}, srv.URL + "/slow", ErrTimeout, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, tt.opts)
			c.SetDocumentURL(mustURL(t, tt.url))
			res, err := c.Fetch(context.Background(), get(t, tt.url), KindXHR)
			switch {
			case tt.status == -1:
				var ne *NetworkError
				if !errors.As(err, &ne) {
					t.Fatalf("err = %v, want *NetworkError", err)
				}
			case tt.wantErr != nil:
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
			default:
				if err != nil || res.Status != tt.status {
					t.Fatalf("res = %+v, err = %v", res, err)
				}
			}
			recs := c.Records()
			if len(recs) != 1 || (tt.status > 0) != (recs[0].Error == "") {
				t.Errorf("records = %+v", recs)
			}
		})
	}
}

func TestClientContextCancel(t *testing.T) {
	c, base := newTestClient(t, ClientOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	_, err := c.Fetch(ctx, get(t, base+"/slow"), KindXHR)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestClientCORS(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/open", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		fmt.Fprint(w, "open")
	})
	mux.HandleFunc("/mine", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
		w.Header().Set("Access-Control-Allow-Credentials", "true")
		fmt.Fprint(w, "mine")
	})
	mux.HandleFunc("/closed", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "closed") })
	tests := []struct {
		path string
		cred Credentials
		mode Mode
		ok   bool
	}{
		{"/open", CredentialsSameOrigin, ModeCORS, true},
		{"/open", CredentialsInclude, ModeCORS, false},
		{"/mine", CredentialsInclude, ModeCORS, true},
		{"/closed", CredentialsSameOrigin, ModeCORS, false},
		{"/closed", CredentialsSameOrigin, ModeNoCORS, true},
		{"/open", CredentialsSameOrigin, ModeSameOrigin, false},
	}
	for _, tt := range tests {
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}})
		c.SetDocumentURL(mustURL(t, "https://app.test/"))
		_, err := c.Do(context.Background(), get(t, "https://api.test"+tt.path), Params{Kind: KindFetch, Mode: tt.mode, Credentials: tt.cred})
		if (err == nil) != tt.ok {
			t.Errorf("%s cred=%d mode=%d: err = %v, want ok=%v", tt.path, tt.cred, tt.mode, err, tt.ok)
		}
	}
}

func TestClientDataURL(t *testing.T) {
	tests := []struct{ url, mime, body string }{
		{"data:,Hello%2C%20World%21", "text/plain;charset=US-ASCII", "Hello, World!"},
		{"data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==", "text/plain", "Hello, World!"},
		{"data:application/json,%7B%22a%22%3A1%7D", "application/json", `{"a":1}`},
		{"data:text/javascript;base64,YWxlcnQoMSk", "text/javascript", "alert(1)"},
		// a malformed escape stays as it is, the others are decoded
		{"data:image/svg+xml,%3Csvg width='100%' height='50%25'/%3E", "image/svg+xml", "<svg width='100%' height='50%'/>"},
	}
	for _, tt := range tests {
		c, _ := newTestClient(t, ClientOptions{})
		res, err := c.Fetch(context.Background(), get(t, tt.url), KindScript)
		if err != nil {
			t.Fatalf("%s: %v", tt.url, err)
		}
		if got := res.Header.Get("Content-Type"); got != tt.mime || string(res.Body) != tt.body {
			t.Errorf("%s: %q %q", tt.url, got, res.Body)
		}
	}
	c, _ := newTestClient(t, ClientOptions{})
	if _, err := c.Fetch(context.Background(), get(t, "data:;base64,!!!"), KindFetch); err == nil {
		t.Error("bad base64 accepted")
	}
}

func TestClientStart(t *testing.T) {
	srv := latencyServer(t, 20*time.Millisecond)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	var got []string
	p.run(func() {
		req := get(t, srv.URL+"/hello")
		p.c.Start(context.Background(), p.l, req, Params{Kind: KindScript}, func(res *Result, err error) {
			if err != nil {
				t.Error(err)
				return
			}
			got = append(got, string(res.Body))
		})
		stop := p.c.Start(context.Background(), p.l, get(t, srv.URL+"/slow"), Params{Kind: KindScript}, func(*Result, error) {
			got = append(got, "stopped request delivered")
		})
		stop()
	})
	if strings.Join(got, ",") != "hello" {
		t.Errorf("got %q", got)
	}
}

func TestClientCORSPreflight(t *testing.T) {
	var preflights atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/api", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "https://app.test")
		if r.Method == http.MethodOptions {
			preflights.Add(1)
			if r.Header.Get("Access-Control-Request-Method") == "" || r.Header.Get("Cookie") != "" {
				w.WriteHeader(400)
				return
			}
			w.Header().Set("Access-Control-Allow-Methods", "PUT, DELETE")
			w.Header().Set("Access-Control-Allow-Headers", "x-token, content-type")
			w.WriteHeader(204)
			return
		}
		fmt.Fprint(w, r.Method)
	})
	mux.HandleFunc("/nopreflight", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			w.WriteHeader(405)
			return
		}
		fmt.Fprint(w, r.Method)
	})
	tests := []struct {
		name, method, path string
		header             [2]string
		ok                 bool
		preflight          bool
	}{
		{"simple GET", "GET", "/api", [2]string{}, true, false},
		{"simple POST form", "POST", "/api", [2]string{"Content-Type", "text/plain"}, true, false},
		{"PUT allowed", "PUT", "/api", [2]string{}, true, true},
		{"JSON POST allowed", "POST", "/api", [2]string{"Content-Type", "application/json"}, true, true},
		{"custom header allowed", "GET", "/api", [2]string{"X-Token", "t"}, true, true},
		{"header not allowed", "GET", "/api", [2]string{"X-Other", "t"}, false, true},
		{"PATCH not allowed", "PATCH", "/api", [2]string{}, false, true},
		{"server without preflight: simple ok", "GET", "/nopreflight", [2]string{}, true, false},
		{"server without preflight: JSON fails", "POST", "/nopreflight", [2]string{"Content-Type", "application/json"}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			preflights.Store(0)
			c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}})
			c.SetDocumentURL(mustURL(t, "https://app.test/"))
			req, _ := http.NewRequest(tt.method, "https://api.test"+tt.path, nil)
			if tt.header[0] != "" {
				req.Header.Set(tt.header[0], tt.header[1])
			}
			res, err := c.Do(context.Background(), req, Params{Kind: KindFetch, Mode: ModeCORS})
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && string(res.Body) != tt.method {
				t.Errorf("body %q", res.Body)
			}
			sent := false
			for _, r := range c.Records() {
				sent = sent || r.Method == http.MethodOptions
			}
			if sent != tt.preflight {
				t.Errorf("preflight sent = %v, want %v (records %+v)", sent, tt.preflight, c.Records())
			}
		})
	}
	// A preflight result is reused within its max-age.
	preflights.Store(0)
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}})
	c.SetDocumentURL(mustURL(t, "https://app.test/"))
	for range 3 {
		req, _ := http.NewRequest("PUT", "https://api.test/api", nil)
		if _, err := c.Do(context.Background(), req, Params{Kind: KindFetch, Mode: ModeCORS}); err != nil {
			t.Fatal(err)
		}
	}
	if n := preflights.Load(); n != 1 {
		t.Errorf("%d preflights for 3 requests", n)
	}
}

func TestStatusText(t *testing.T) {
	tests := []struct {
		resp http.Response
		want string
	}{
		{http.Response{Status: "404 Not Found", StatusCode: 404, ProtoMajor: 1}, "Not Found"},
		{http.Response{Status: "200 Everything Fine", StatusCode: 200, ProtoMajor: 1}, "Everything Fine"},
		{http.Response{Status: "200", StatusCode: 200, ProtoMajor: 1}, ""},
		{http.Response{Status: "200 OK", StatusCode: 200, ProtoMajor: 2}, ""},
	}
	for _, tt := range tests {
		if got := statusText(&tt.resp); got != tt.want {
			t.Errorf("statusText(%q) = %q, want %q", tt.resp.Status, got, tt.want)
		}
	}
}

func TestClientBlobURL(t *testing.T) {
	c, _ := newTestClient(t, ClientOptions{})
	store := map[string]*Blob{"blob:http://app.test/1234": NewBlob([][]byte{[]byte(`{"a":1}`)}, "application/json")}
	c.SetBlobResolver(func(u string) (*Blob, bool) {
		b, ok := store[u]
		return b, ok
	})
	res, err := c.Fetch(context.Background(), get(t, "blob:http://app.test/1234#frag"), KindFetch)
	if err != nil || string(res.Body) != `{"a":1}` || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("res %+v err %v", res, err)
	}
	if _, err := c.Fetch(context.Background(), get(t, "blob:http://app.test/gone"), KindFetch); err == nil {
		t.Error("unknown blob URL fetched")
	}
	req, _ := http.NewRequest("POST", "blob:http://app.test/1234", nil)
	if _, err := c.Fetch(context.Background(), req, KindFetch); err == nil {
		t.Error("POST to a blob URL accepted")
	}
}

func TestClientMaxConnsPerHost(t *testing.T) {
	var inFlight, peak atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		inFlight.Add(-1)
	})
	for _, limit := range []int{0, 2} {
		peak.Store(0)
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: h}, MaxConnsPerHost: limit})
		c.SetDocumentURL(mustURL(t, "http://app.test/"))
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				if _, err := c.Fetch(context.Background(), get(t, "http://app.test/x"), KindXHR); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		want := int32(limit)
		if limit == 0 {
			want = DefaultMaxConnsPerHost
		}
		if got := peak.Load(); got > want || got < 1 {
			t.Errorf("limit %d: peak %d requests in flight", limit, got)
		}
	}
}

// TestClientHeaderHosts: ClientOptions.Header goes only to the hosts of
// HeaderHosts (default ports matching either way), on every hop of a
// redirect; without HeaderHosts it goes everywhere.
func TestClientHeaderHosts(t *testing.T) {
	got := map[string]string{}
	mux := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got[r.Host+r.URL.Path] = r.Header.Get("X-Auth")
		if r.URL.Path == "/away" {
			http.Redirect(w, r, "https://cdn.test/lib.js", http.StatusFound)
			return
		}
		io.WriteString(w, "ok")
	})
	tests := []struct {
		hosts []string
		want  map[string]string // host+path -> X-Auth seen
	}{
		{nil, map[string]string{"site.test/a": "s", "site.test:8443/a": "s", "cdn.test/lib.js": "s"}},
		{[]string{"site.test"}, map[string]string{"site.test/a": "s", "site.test:8443/a": "", "cdn.test/lib.js": ""}},
		{[]string{"SITE.test:443", "site.test:8443"}, map[string]string{"site.test/a": "s", "site.test:8443/a": "s", "cdn.test/lib.js": ""}},
	}
	for _, tt := range tests {
		clear(got)
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}, Header: http.Header{"X-Auth": {"s"}}, HeaderHosts: tt.hosts})
		c.SetDocumentURL(mustURL(t, "https://site.test/"))
		for _, u := range []string{"https://site.test/a", "https://site.test:8443/a", "https://site.test/away"} {
			if _, err := c.Fetch(context.Background(), get(t, u), KindScript); err != nil {
				t.Fatalf("%v %s: %v", tt.hosts, u, err)
			}
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("HeaderHosts %q: %s got X-Auth %q, want %q", tt.hosts, k, got[k], v)
			}
		}
	}
}

// TestClientBodyCapacity checks that a body read whole has about its
// length in capacity: pages keep script bodies until their load event and
// the ScriptCache keeps them between renders, counting their lengths. A
// body of unknown length used to keep the unused part of its buffer's last
// doubling (a 300 KB body in 512 KB).
func TestClientBodyCapacity(t *testing.T) {
	const size = 300_000
	body := []byte(strings.Repeat("var x = 1;\n", size/11+1))[:size]
	mux := http.NewServeMux()
	mux.HandleFunc("/length.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(size))
		w.Write(body)
	})
	mux.HandleFunc("/chunked.js", func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < size; i += 10_000 {
			w.Write(body[i:min(i+10_000, size)])
			w.(http.Flusher).Flush()
		}
	})
	for _, tc := range []struct {
		path     string
		maxSlack int
	}{
		{"/length.js", bytes.MinRead + 8<<10}, // and the allocator's rounding to pages
		{"/chunked.js", size / 4},
	} {
		c, base := newTestClient(t, ClientOptions{Transport: HandlerTransport{Handler: mux}})
		res, err := c.Fetch(context.Background(), get(t, base+tc.path), KindScript)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(res.Body, body) {
			t.Fatalf("%s: got %d bytes, want the %d written", tc.path, len(res.Body), size)
		}
		if slack := cap(res.Body) - len(res.Body); slack > tc.maxSlack {
			t.Errorf("%s: a %d-byte body has %d bytes of capacity, want at most %d more", tc.path, size, cap(res.Body), tc.maxSlack)
		}
	}
}
