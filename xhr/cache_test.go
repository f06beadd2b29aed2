package xhr

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestScriptCache(t *testing.T) {
	var hits atomic.Int32
	mux := http.NewServeMux()
	handle := func(path string, h func(w http.ResponseWriter, r *http.Request)) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			h(w, r)
		})
	}
	handle("/maxage.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=60")
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, "var a = 1;")
	})
	handle("/nostore.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, "var b = 1;")
	})
	handle("/private.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "private, max-age=60")
		fmt.Fprint(w, "var b = 1;")
	})
	handle("/cookie.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=60")
		w.Header().Set("Set-Cookie", "a=1")
		fmt.Fprint(w, "var b = 1;")
	})
	handle("/etag.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Cache-Control", "no-cache")
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, "var c = 1;")
	})
	handle("/plain.js", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "var d = 1;") })

	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	cache := NewScriptCache(1 << 20)
	cache.now = func() time.Time { return now }

	tests := []struct {
		path     string
		advance  time.Duration // before the second request
		wantHits int32         // server hits for two requests
		want304  bool
	}{
		{"/maxage.js", 0, 1, false},
		{"/maxage.js", 61 * time.Second, 2, false}, // stale, no validator: refetched
		{"/nostore.js", 0, 2, false},
		{"/private.js", 0, 2, false},
		{"/cookie.js", 0, 2, false},
		{"/etag.js", 0, 2, true},
		{"/plain.js", 0, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			hits.Store(0)
			cache.entries.Clear()
			var bodies []string
			for i := range 2 {
				if i == 1 {
					now = now.Add(tt.advance)
				}
				// a new client per request: the cache is shared across renders
				c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: mux}, ScriptCache: cache})
				c.SetDocumentURL(mustURL(t, "http://app.test/"))
				res, err := c.Fetch(context.Background(), get(t, "http://app.test"+tt.path), KindScript)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != 200 {
					t.Fatalf("status %d", res.Status)
				}
				bodies = append(bodies, string(res.Body))
				// A cached or revalidated response keeps its
				// Content-Type (module scripts' MIME type check).
				if ct := res.Header.Get("Content-Type"); (tt.path == "/maxage.js" || tt.path == "/etag.js") && ct != "text/javascript" {
					t.Errorf("request %d: Content-Type %q", i, ct)
				}
				if i == 1 && tt.want304 {
					recs := c.Records()
					if len(recs) != 1 || recs[0].Status != 304 || !recs[0].Cached {
						t.Errorf("records %+v", recs)
					}
				}
			}
			if bodies[0] != bodies[1] || bodies[0] == "" {
				t.Errorf("bodies %q", bodies)
			}
			if got := hits.Load(); got != tt.wantHits {
				t.Errorf("server hits = %d, want %d", got, tt.wantHits)
			}
		})
	}
}

func TestScriptCacheBounded(t *testing.T) {
	c := NewScriptCache(1000)
	h := http.Header{"Cache-Control": {"max-age=60"}}
	for i := range 10 {
		c.store(fmt.Sprintf("u%d", i), 200, h, http.Header{}, make([]byte, 200))
	}
	if c.Size() > 1000 || c.Len() != 5 {
		t.Errorf("size %d, len %d", c.Size(), c.Len())
	}
	if e, _ := c.lookup("u9", http.Header{}); e == nil {
		t.Error("most recent entry evicted")
	}
	if e, _ := c.lookup("u0", http.Header{}); e != nil {
		t.Error("oldest entry kept")
	}
}

// Renders running at the same time share one cache (run with -race).
func TestScriptCacheConcurrentRenders(t *testing.T) {
	var hits atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Cache-Control", "max-age=600")
		fmt.Fprintf(w, "// %s", r.URL.Path)
	})
	cache := NewScriptCache(0)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: h}, ScriptCache: cache})
			c.SetDocumentURL(mustURL(t, "http://app.test/"))
			for j := range 20 {
				path := fmt.Sprintf("/s%d.js", (i+j)%5)
				res, err := c.Fetch(context.Background(), get(t, "http://app.test"+path), KindScript)
				if err != nil || string(res.Body) != "// "+path {
					t.Errorf("%s: %q %v", path, res.Body, err)
					return
				}
			}
		})
	}
	wg.Wait()
	if cache.Len() != 5 || hits.Load() < 5 || hits.Load() > 40 {
		t.Errorf("len %d, server hits %d", cache.Len(), hits.Load())
	}
}

func TestScriptCacheFreshness(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	date := now.Format(http.TimeFormat)
	tests := []struct {
		name   string
		h      http.Header
		stored bool
		fresh  time.Duration // fresh for (0: needs revalidation)
	}{
		{"expires", http.Header{"Expires": {now.Add(time.Hour).Format(http.TimeFormat)}, "Date": {date}}, true, time.Hour},
		{"max-age beats expires", http.Header{"Cache-Control": {"max-age=60"}, "Expires": {now.Add(time.Hour).Format(http.TimeFormat)}}, true, time.Minute},
		{"age subtracts", http.Header{"Cache-Control": {"max-age=60"}, "Age": {"30"}}, true, 30 * time.Second},
		{"last-modified only", http.Header{"Last-Modified": {date}}, true, 0},
		{"vary star", http.Header{"Cache-Control": {"max-age=60"}, "Vary": {"*"}}, false, 0},
		{"nothing", http.Header{}, false, 0},
		{"quoted max-age", http.Header{"Cache-Control": {`max-age="60"`}}, true, time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewScriptCache(0)
			c.now = func() time.Time { return now }
			c.store("u", 200, tt.h, http.Header{}, []byte("x"))
			if (c.Len() == 1) != tt.stored {
				t.Fatalf("stored = %v", c.Len() == 1)
			}
			if !tt.stored {
				return
			}
			_, fresh := c.lookup("u", http.Header{})
			if fresh != (tt.fresh > 0) {
				t.Errorf("fresh = %v", fresh)
			}
			if tt.fresh > 0 {
				c.now = func() time.Time { return now.Add(tt.fresh + time.Second) }
				if _, fresh := c.lookup("u", http.Header{}); fresh {
					t.Error("still fresh after its lifetime")
				}
			}
		})
	}
	// Vary: a different request header value misses.
	c := NewScriptCache(0)
	c.store("u", 200, http.Header{"Cache-Control": {"max-age=60"}, "Vary": {"Accept-Language"}}, http.Header{"Accept-Language": {"fr"}}, []byte("x"))
	if e, _ := c.lookup("u", http.Header{"Accept-Language": {"de"}}); e != nil {
		t.Error("Vary ignored")
	}
	if e, _ := c.lookup("u", http.Header{"Accept-Language": {"fr"}}); e == nil {
		t.Error("Vary match missed")
	}
}
