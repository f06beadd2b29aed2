package xhr

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/loop"
)

// fetchOnce runs one fetch on a fresh page and returns its outcome.
func fetchOnce(t *testing.T, p *page, input string, init RequestInit, during func(*AbortSignal)) (*Response, error) {
	t.Helper()
	var (
		res    *Response
		ferr   error
		called int
	)
	p.run(func() {
		req, err := NewRequest(input, p.c.DocumentURL(), init)
		if err != nil {
			ferr, called = err, 1
			return
		}
		Fetch(context.Background(), p.l, p.c, req, func(r *Response, err error) {
			res, ferr = r, err
			called++
		})
		if during != nil {
			during(init.Signal)
		}
	})
	if called != 1 {
		t.Fatalf("done called %d times", called)
	}
	return res, ferr
}

// readAll reads a fetched response's body on p's loop.
func readAll(t *testing.T, p *page, b *Body) ([]byte, error) {
	t.Helper()
	var (
		data   []byte
		err    error
		called int
	)
	p.run(func() {
		b.ReadAll(func(d []byte, e error) { data, err = d, e; called++ })
	})
	if called != 1 {
		t.Fatalf("ReadAll called back %d times", called)
	}
	return data, err
}

func TestFetch(t *testing.T) {
	srv := latencyServer(t, 5*time.Millisecond)
	tests := []struct {
		name       string
		input      string
		init       RequestInit
		wantStatus int
		wantType   string
		redirected bool
		urlSuffix  string
		body       string // prefix
		errName    string // DOMError name or "abort"
	}{
		{"get", "/json", RequestInit{}, 200, "basic", false, "/json", `{"items"`, ""},
		{"404 is ok=false not error", "/status/404", RequestInit{}, 404, "basic", false, "/status/404", "status 404", ""},
		{"redirect followed", "/redirect/1/301", RequestInit{}, 200, "basic", true, "/echo", "GET", ""},
		{"redirect error", "/redirect/1/301", RequestInit{Redirect: "error"}, 0, "", false, "", "", "TypeError"},
		{"redirect manual", "/redirect/0/302", RequestInit{Redirect: "manual"}, 0, "opaqueredirect", false, "/redirect/0/302", "", ""},
		{"post json", "/echo", RequestInit{Method: "post", HasBody: true, Body: `{"a":1}`, Headers: [][2]string{{"Content-Type", "application/json"}}},
			200, "basic", false, "/echo", `POST 127.0.0.1`, ""},
		{"blocked", "https://www.googletagmanager.com/gtm.js", RequestInit{}, 0, "", false, "", "", "TypeError"},
		{"get with body", "/echo", RequestInit{HasBody: true, Body: "x"}, 0, "", false, "", "", "TypeError"},
		{"forbidden method", "/echo", RequestInit{Method: "CONNECT"}, 0, "", false, "", "", "TypeError"},
		{"credentials in url", "http://u:p@127.0.0.1/", RequestInit{}, 0, "", false, "", "", "TypeError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, srv, loop.Options{}, ClientOptions{})
			res, err := fetchOnce(t, p, tt.input, tt.init, nil)
			if tt.errName != "" {
				var de *DOMError
				if !errors.As(err, &de) || de.Name != tt.errName {
					t.Fatalf("err = %v, want %s", err, tt.errName)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tt.wantStatus || res.Type != tt.wantType || res.Redirected() != tt.redirected || !strings.HasSuffix(res.URL(), tt.urlSuffix) {
				t.Errorf("response %d %s redirected=%v url=%s", res.Status, res.Type, res.Redirected(), res.URL())
			}
			if res.OK() != (res.Status >= 200 && res.Status < 300) {
				t.Error("ok wrong")
			}
			body, err := readAll(t, p, &res.Body)
			if err != nil || !strings.HasPrefix(string(body), tt.body) {
				t.Errorf("body %q %v", body, err)
			}
			if _, err := res.Consume(); err == nil && res.HasBody() {
				t.Error("body read twice")
			}
			if !res.BodyUsed() && res.HasBody() {
				t.Error("bodyUsed false after reading")
			}
			if tt.wantType == "basic" {
				if err := res.Headers.Set("X", "1"); err == nil {
					t.Error("fetched headers are mutable")
				}
			}
		})
	}
}

func TestFetchPostJSONBody(t *testing.T) {
	srv := latencyServer(t, 0)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	res, err := fetchOnce(t, p, "/echo", RequestInit{Method: "POST", HasBody: true, Body: `{"a":1}`,
		Headers: [][2]string{{"Content-Type", "application/json"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := readAll(t, p, &res.Body)
	if !strings.HasSuffix(string(body), `ct=application/json body={"a":1}`) {
		t.Errorf("body %q", body)
	}
}

func TestFetchFormData(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Error(err)
			return
		}
		got = []string{r.FormValue("a"), r.MultipartForm.File["f"][0].Filename}
	}))
	defer srv.Close()
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	fd := NewFormData()
	fd.Append("a", "1")
	fd.AppendBlob("f", NewBlob([][]byte{[]byte("x")}, "text/plain"), nil, "f.txt")
	if _, err := fetchOnce(t, p, "/", RequestInit{Method: "POST", HasBody: true, Body: fd}, nil); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "1,f.txt" {
		t.Errorf("server saw %q", got)
	}
}

func TestFetchAbort(t *testing.T) {
	srv := latencyServer(t, 0)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	sig := NewAbortSignal()
	fired := false
	sig.OnAbort = func() { fired = true }
	res, err := fetchOnce(t, p, "/slow", RequestInit{Signal: sig, HasSignal: true}, func(s *AbortSignal) {
		p.l.SetTimer(10*time.Millisecond, false, func() { s.Abort("reason") })
	})
	var ae *AbortError
	if res != nil || !errors.As(err, &ae) || ae.Reason != "reason" || !errors.Is(err, ErrAborted) || !fired {
		t.Fatalf("res %v err %v fired %v", res, err, fired)
	}
	// Already aborted: rejected without a request.
	p2 := newPage(t, srv, loop.Options{}, ClientOptions{})
	sig2 := NewAbortSignal()
	sig2.Abort(nil)
	if _, err := fetchOnce(t, p2, "/hello", RequestInit{Signal: sig2, HasSignal: true}, nil); !errors.Is(err, ErrAborted) {
		t.Fatalf("err %v", err)
	}
	if n := len(p2.c.Records()); n != 0 {
		t.Errorf("%d requests made for an aborted signal", n)
	}
}

func TestFetchCORSFiltering(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("X-Hidden", "1")
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Set-Cookie", "a=1")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	// Another origin: the same server under a different host name.
	cross := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + "/"
	res, err := fetchOnce(t, p, cross, RequestInit{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Type != "cors" {
		t.Errorf("type %s", res.Type)
	}
	if has, _ := res.Headers.Has("X-Hidden"); has {
		t.Error("unexposed header visible")
	}
	if has, _ := res.Headers.Has("Set-Cookie"); has {
		t.Error("Set-Cookie visible")
	}
	if v, _, _ := res.Headers.Get("content-type"); v != "text/plain" {
		t.Errorf("content-type %q", v)
	}
	res, err = fetchOnce(t, newPage(t, srv, loop.Options{}, ClientOptions{}), cross, RequestInit{Mode: "no-cors"}, nil)
	if err != nil || res.Type != "opaque" || res.Status != 0 {
		t.Errorf("no-cors: %+v %v", res, err)
	}
}

func TestRequestResponseConstructors(t *testing.T) {
	base := mustURL(t, "https://app.test/dir/page")
	r, err := NewRequest("../api?q=1#frag", base, RequestInit{Method: "patch", HasBody: true, Body: URLEncoded("a=1"),
		Headers: [][2]string{{"X-A", "1"}, {"Cookie", "no"}}})
	if err != nil {
		t.Fatal(err)
	}
	if r.URL.String() != "https://app.test/api?q=1#frag" || r.Method != "patch" || r.Mode != "cors" || r.Credentials != "same-origin" {
		t.Errorf("request %s %s %s %s", r.URL, r.Method, r.Mode, r.Credentials)
	}
	if v, _, _ := r.Headers.Get("content-type"); v != "application/x-www-form-urlencoded;charset=UTF-8" {
		t.Errorf("content-type %q", v)
	}
	if has, _ := r.Headers.Has("cookie"); has {
		t.Error("forbidden header kept")
	}
	r2, err := NewRequest(r, nil, RequestInit{})
	if err != nil || !r.BodyUsed() || r2.Method != "patch" {
		t.Fatalf("copy: %v used=%v", err, r.BodyUsed())
	}
	if _, err := NewRequest(r, nil, RequestInit{}); err == nil {
		t.Error("request with used body copied")
	}
	if m, _ := NewRequest("/", base, RequestInit{Method: "delete"}); m.Method != "DELETE" {
		t.Errorf("method not normalized: %s", m.Method)
	}

	resp, err := NewResponse("hi", ResponseInit{Status: 201, StatusText: "Created", Headers: [][2]string{{"Set-Cookie", "x"}}})
	if err != nil || resp.Status != 201 || resp.ContentType() != "text/plain;charset=UTF-8" || resp.Headers.Len() != 1 {
		t.Errorf("response %+v %v", resp, err)
	}
	clone, err := resp.Clone()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := clone.Consume(); string(b) != "hi" || resp.BodyUsed() {
		t.Error("clone shares used flag")
	}
	for _, bad := range []ResponseInit{{Status: 99}, {Status: 600}, {Status: 204}, {StatusText: "a\nb"}} {
		if _, err := NewResponse("x", bad); err == nil {
			t.Errorf("NewResponse(%+v) accepted", bad)
		}
	}
	if j, err := JSONResponse(`{"a":1}`, ResponseInit{}); err != nil || j.ContentType() != "application/json" {
		t.Errorf("json response %v", err)
	}
	if rr, err := RedirectResponse(base, "/x", 302); err != nil || rr.Status != 302 {
		t.Errorf("redirect %v", err)
	} else if v, _, _ := rr.Headers.Get("location"); v != "https://app.test/x" {
		t.Errorf("location %q", v)
	}
	if _, err := RedirectResponse(base, "/x", 200); err == nil {
		t.Error("redirect with status 200 accepted")
	}
	if e := ErrorResponse(); e.Type != "error" || e.Status != 0 {
		t.Error("error response")
	}
}

func TestAnySignal(t *testing.T) {
	a, b := NewAbortSignal(), NewAbortSignal()
	any := AnySignal(a, b)
	var order []string
	any.Add(func() { order = append(order, "alg") })
	remove := any.Add(func() { order = append(order, "removed") })
	remove()
	any.OnAbort = func() { order = append(order, "event") }
	b.Abort("why")
	b.Abort("again")
	if !any.Aborted() || any.Reason() != "why" || strings.Join(order, ",") != "alg,event" {
		t.Errorf("aborted=%v reason=%v order=%v", any.Aborted(), any.Reason(), order)
	}
}

// Aborting after the response came errors its unread body with the reason;
// a body already read stays read.
func TestFetchAbortAfterResponse(t *testing.T) {
	srv := latencyServer(t, 0)
	p := newPage(t, srv, loop.Options{}, ClientOptions{})
	sig := NewAbortSignal()
	res, err := fetchOnce(t, p, "/hello", RequestInit{Signal: sig, HasSignal: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	sig.Abort("late")
	var ae *AbortError
	if _, err := readAll(t, p, &res.Body); !errors.As(err, &ae) || ae.Reason != "late" || !res.BodyUsed() {
		t.Fatalf("consume after abort: err %v, used %v", err, res.BodyUsed())
	}
	sig2 := NewAbortSignal()
	res2, err := fetchOnce(t, p, "/hello", RequestInit{Signal: sig2, HasSignal: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := readAll(t, p, &res2.Body); err != nil {
		t.Fatal(err)
	}
	sig2.Abort("late")
	if _, err := res2.Consume(); errors.As(err, &ae) {
		t.Fatalf("a read body errored by a later abort: %v", err)
	}
}
