package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func testEntry(key string, bodyLen int, now time.Time, ttl time.Duration) *entry {
	e := newEntry(key, http.StatusOK, http.Header{"Content-Type": {"text/html"}}, []byte(strings.Repeat("x", bodyLen)), now)
	e.freshUntil = now.Add(ttl)
	e.staleUntil = e.freshUntil.Add(ttl)
	return e
}

// The cache stays within its byte bound by evicting the least recently used
// entries, and never stores an entry larger than itself.
func TestCacheEvictionByBytes(t *testing.T) {
	clock := newFakeClock()
	a := testEntry("a", 1000, clock.Now(), time.Hour)
	c := newCache(3*a.size, clock.Now)
	evicted := 0
	c.onEvict = func() { evicted++ }

	for _, k := range []string{"a", "b", "c"} {
		if !c.put(testEntry(k, 1000, clock.Now(), time.Hour)) {
			t.Fatalf("put %s refused", k)
		}
	}
	c.get("a") // a is now the most recently used; b the least
	c.put(testEntry("d", 1000, clock.Now(), time.Hour))
	if _, st := c.get("b"); st != cacheMiss {
		t.Errorf("b survived; want it evicted as least recently used")
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, st := c.get(k); st != cacheFresh {
			t.Errorf("%s evicted", k)
		}
	}
	if n, bytes := c.stats(); n != 3 || bytes > c.maxBytes || evicted != 1 {
		t.Errorf("%d entries, %d bytes (max %d), %d evictions", n, bytes, c.maxBytes, evicted)
	}

	// A bigger entry evicts as many as it needs.
	big := testEntry("big", 3000, clock.Now(), time.Hour)
	c.put(big)
	if n, bytes := c.stats(); n != 1 || bytes != big.size {
		t.Errorf("after a big put: %d entries, %d bytes", n, bytes)
	}
	// Too big for the cache: refused, and nothing else is lost.
	if c.put(testEntry("huge", 5000, clock.Now(), time.Hour)) {
		t.Errorf("an entry larger than the cache was stored")
	}
	if _, st := c.get("big"); st != cacheFresh {
		t.Errorf("big lost")
	}
	// Replacing a key keeps the accounting right.
	c.put(testEntry("big", 10, clock.Now(), time.Hour))
	if n, bytes := c.stats(); n != 1 || bytes != testEntry("big", 10, clock.Now(), time.Hour).size {
		t.Errorf("after replace: %d entries, %d bytes", n, bytes)
	}
}

// Entries are fresh for their TTL, stale for the stale-while-revalidate
// window, then gone. Time is a fake clock: no sleeping.
func TestCacheTTL(t *testing.T) {
	clock := newFakeClock()
	c := newCache(1<<20, clock.Now)
	c.put(testEntry("k", 10, clock.Now(), time.Minute)) // fresh 1m, then stale 1m
	steps := []struct {
		advance time.Duration
		want    cacheState
	}{
		{0, cacheFresh},
		{59 * time.Second, cacheFresh},
		{time.Second, cacheStale},
		{59 * time.Second, cacheStale},
		{time.Second, cacheMiss},
		{0, cacheMiss},
	}
	for i, s := range steps {
		clock.Advance(s.advance)
		if _, st := c.get("k"); st != s.want {
			t.Errorf("step %d: state %d, want %d", i, st, s.want)
		}
	}
	if n, _ := c.stats(); n != 0 {
		t.Errorf("expired entry still held")
	}
}

// Through the service: a stale entry is served at once and rendered again in
// the background; past the window it is rendered in the request.
func TestServiceStaleWhileRevalidate(t *testing.T) {
	clock := newFakeClock()
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.Now, opts.TTL, opts.StaleWhileRevalidate = clock.Now, time.Minute, time.Minute
	svc := New(opts)
	ts := newTestServer(t, svc.Middleware(siteHandler()))
	url := ts.URL + "/p?_escaped_fragment_=a"

	cacheHeader := func() string {
		resp, _ := do(t, "GET", url, nil)
		return resp.Header.Get("X-Bangsnap-Cache")
	}
	if got := cacheHeader(); got != "miss" {
		t.Fatalf("first: %s", got)
	}
	clock.Advance(30 * time.Second)
	if got := cacheHeader(); got != "hit" {
		t.Errorf("within TTL: %s", got)
	}
	clock.Advance(45 * time.Second)
	if got := cacheHeader(); got != "stale" {
		t.Errorf("past TTL: %s", got)
	}
	if err := svc.Shutdown(t.Context()); err != nil { // waits for the background render
		t.Fatal(err)
	}
	if n := fr.calls.Load(); n != 2 {
		t.Errorf("%d renders, want 2 (one revalidation)", n)
	}
	if got := cacheHeader(); got != "hit" {
		t.Errorf("after revalidation: %s", got)
	}
	clock.Advance(3 * time.Minute)
	if got := cacheHeader(); got != "miss" {
		t.Errorf("past the stale window: %s", got)
	}
}

// 404s live for ShortTTL, 200s for TTL.
func TestServiceNotFoundTTL(t *testing.T) {
	clock := newFakeClock()
	svc := New(Options{Now: clock.Now, TTL: time.Hour, ShortTTL: time.Minute, Logger: discardLogger()})
	ok := svc.entryFromSnapshot("k", "http://h/", htmlSnapshot("http://h/"))
	nf := htmlSnapshot("http://h/")
	nf.Status = 404
	missing := svc.entryFromSnapshot("k", "http://h/", nf)
	partial := htmlSnapshot("http://h/")
	partial.Report.Partial = true
	part := svc.entryFromSnapshot("k", "http://h/", partial)
	if got := ok.freshUntil.Sub(clock.Now()); got != time.Hour {
		t.Errorf("200 TTL %v", got)
	}
	if got := missing.freshUntil.Sub(clock.Now()); got != time.Minute || missing.etag != "" {
		t.Errorf("404 TTL %v, etag %q", got, missing.etag)
	}
	if got := part.freshUntil.Sub(clock.Now()); got != time.Minute || part.header.Get("X-Bangsnap-Partial") == "" {
		t.Errorf("partial TTL %v, header %v", got, part.header)
	}
}
