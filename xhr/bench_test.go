package xhr

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
)

func benchHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"items":[1,2,3]}`)
	})
}

// Per-request overhead of the client (policy, headers, cookies, record)
// through the in-process transport.
func BenchmarkClientHandlerTransport(b *testing.B) {
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: benchHandler()}})
	c.SetDocumentURL(mustURL(b, "http://app.test/"))
	c.Jar().SetDocumentCookie(mustURL(b, "http://app.test/"), "session=abc")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		req, _ := http.NewRequest("GET", "http://app.test/api", nil)
		if _, err := c.Fetch(ctx, req, KindXHR); err != nil {
			b.Fatal(err)
		}
		if len(c.records) > 1000 {
			c.records = c.records[:0]
		}
	}
}

// The same through a loopback HTTP server (keep-alive connections).
func BenchmarkClientLoopback(b *testing.B) {
	srv := httptest.NewServer(benchHandler())
	defer srv.Close()
	c := NewClient(ClientOptions{Transport: srv.Client().Transport})
	c.SetDocumentURL(mustURL(b, srv.URL+"/"))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		req, _ := http.NewRequest("GET", srv.URL+"/api", nil)
		if _, err := c.Fetch(ctx, req, KindXHR); err != nil {
			b.Fatal(err)
		}
		if len(c.records) > 1000 {
			c.records = c.records[:0]
		}
	}
}

// One asynchronous XHR on a page's loop, from open() to loadend, through
// the in-process transport: the whole per-request cost a page pays.
func BenchmarkXHRLoop(b *testing.B) {
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: benchHandler()}})
	c.SetDocumentURL(mustURL(b, "http://app.test/"))
	l := loop.New(goja.New(), loop.Options{})
	ctx := context.Background()
	events := 0
	b.ReportAllocs()
	for b.Loop() {
		l.QueueTask(func() {
			x := NewXHR(ctx, l, c)
			x.OnEvent = func(Event) { events++ }
			x.Open("GET", "/api", true, nil, nil)
			x.Send(nil)
		})
		if _, err := l.Run(ctx); err != nil {
			b.Fatal(err)
		}
		if len(c.records) > 1000 {
			c.records = c.records[:0]
		}
	}
	if events == 0 {
		b.Fatal("no events")
	}
}

func BenchmarkHeadersEntries(b *testing.B) {
	h := NewHeaders(GuardRequest)
	for _, n := range []string{"Accept", "Content-Type", "X-Requested-With", "Authorization", "X-A", "x-a"} {
		h.Append(n, "value")
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(h.Entries()) != 5 {
			b.Fatal("entries")
		}
	}
}

func BenchmarkJarCookieHeader(b *testing.B) {
	j := NewJar(nil)
	u := mustURL(b, "https://www.example.com/app/page")
	for i := range 20 {
		j.SetDocumentCookie(u, fmt.Sprintf("c%d=v%d; path=/", i, i))
	}
	now := j.now()
	b.ReportAllocs()
	for b.Loop() {
		if j.CookieHeader(u, now) == "" {
			b.Fatal("no cookies")
		}
	}
}

// One fetch() on a page's loop, from the call to the response's body read
// whole, in process.
func BenchmarkFetchLoop(b *testing.B) {
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: benchHandler()}})
	base := mustURL(b, "http://app.test/")
	c.SetDocumentURL(base)
	l := loop.New(goja.New(), loop.Options{})
	ctx := context.Background()
	ok := 0
	b.ReportAllocs()
	for b.Loop() {
		l.QueueTask(func() {
			req, err := NewRequest("/api", base, RequestInit{})
			if err != nil {
				b.Fatal(err)
			}
			Fetch(ctx, l, c, req, func(r *Response, err error) {
				if err == nil && r.OK() {
					r.ReadAll(func(data []byte, err error) {
						if err == nil && len(data) > 0 {
							ok++
						}
					})
				}
			})
		})
		if _, err := l.Run(ctx); err != nil {
			b.Fatal(err)
		}
		if len(c.records) > 1000 {
			c.records = c.records[:0]
		}
	}
	if ok == 0 {
		b.Fatal("no response")
	}
}

// A script served fresh from the shared cache: no request at all.
func BenchmarkScriptCacheHit(b *testing.B) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		w.Write(make([]byte, 100<<10))
	})
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: h}, ScriptCache: NewScriptCache(0)})
	c.SetDocumentURL(mustURL(b, "http://app.test/"))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		req, _ := http.NewRequest("GET", "http://app.test/bundle.js", nil)
		res, err := c.Fetch(ctx, req, KindScript)
		if err != nil || len(res.Body) != 100<<10 {
			b.Fatal(err)
		}
		if len(c.records) > 1000 {
			c.records = c.records[:0]
		}
	}
}
