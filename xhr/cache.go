package xhr

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/internal/lru"
)

// DefaultScriptCacheBytes bounds a ScriptCache made with size 0.
const DefaultScriptCacheBytes = 64 << 20

// A ScriptCache keeps script bodies between renders, as a browser's HTTP
// cache would between page loads, so that rendering many pages of one site
// fetches its bundles once. It follows the response's Cache-Control: fresh
// entries (max-age, or Expires) are served without a request, stale ones
// with an ETag or Last-Modified are revalidated with a conditional request,
// and no-store, private, Vary: * and responses that set cookies are never
// stored (the cache is shared by renders with different cookies). It holds
// at most its size in body bytes, evicting the least recently used entries.
// It is safe for concurrent use.
//
// https://www.rfc-editor.org/rfc/rfc9111
type ScriptCache struct {
	now     func() time.Time
	entries *lru.Cache[string, *cacheEntry] // by the bytes of their bodies
}

type cacheEntry struct {
	key          string
	status       int
	header       http.Header
	body         []byte // shared by every render: never modified
	expires      time.Time
	noCache      bool
	etag         string
	lastModified string
	vary         map[string]string // request header → value it had
}

// NewScriptCache returns a cache holding at most maxBytes of bodies
// (DefaultScriptCacheBytes if maxBytes <= 0).
func NewScriptCache(maxBytes int64) *ScriptCache {
	if maxBytes <= 0 {
		maxBytes = DefaultScriptCacheBytes
	}
	return &ScriptCache{now: time.Now, entries: lru.New(lru.Options[string, *cacheEntry]{
		MaxCost:     maxBytes,
		MaxItemPart: 4, // a body may take a quarter of the cache
		Cost:        func(_ string, e *cacheEntry) int64 { return int64(len(e.body)) },
	})}
}

// Len returns the number of entries; Size their body bytes.
func (c *ScriptCache) Len() int { return c.entries.Len() }

// Size returns the bytes of the bodies held.
func (c *ScriptCache) Size() int64 { return c.entries.Cost() }

// lookup returns the entry for key matching the request's headers, and
// whether it may be used without revalidation.
func (c *ScriptCache) lookup(key string, reqHeader http.Header) (*cacheEntry, bool) {
	e, ok := c.entries.Get(key)
	if !ok {
		return nil, false
	}
	for name, v := range e.vary {
		if reqHeader.Get(name) != v {
			return nil, false
		}
	}
	fresh := !e.noCache && c.now().Before(e.expires)
	if !fresh && e.etag == "" && e.lastModified == "" {
		return nil, false
	}
	return e, fresh
}

// store keeps a response if it may be cached.
func (c *ScriptCache) store(key string, status int, h, reqHeader http.Header, body []byte) {
	if status != http.StatusOK || !c.entries.Fits(int64(len(body))) {
		return
	}
	e, ok := c.newEntry(key, h, reqHeader)
	if !ok {
		return
	}
	e.status = status
	e.header = h.Clone()
	e.body = body
	c.put(e)
}

// revalidated updates an entry after a 304 Not Modified and returns it.
//
// https://www.rfc-editor.org/rfc/rfc9111#section-4.3.4
func (c *ScriptCache) revalidated(key string, old *cacheEntry, h, reqHeader http.Header) *cacheEntry {
	merged := old.header.Clone()
	for k, v := range h {
		if k == "Content-Length" {
			continue
		}
		merged[k] = v
	}
	e, ok := c.newEntry(key, merged, reqHeader)
	if !ok {
		c.entries.DeleteFunc(key, func(kept *cacheEntry) bool { return kept == old })
		return old
	}
	e.status, e.header, e.body = old.status, merged, old.body
	c.put(e)
	return e
}

// newEntry computes freshness and validators from response headers h, or
// reports that the response must not be stored.
func (c *ScriptCache) newEntry(key string, h, reqHeader http.Header) (*cacheEntry, bool) {
	if len(h.Values("Set-Cookie")) > 0 {
		return nil, false
	}
	cc := parseCacheControl(h.Values("Cache-Control"))
	if _, ok := cc["no-store"]; ok {
		return nil, false
	}
	if _, ok := cc["private"]; ok {
		return nil, false
	}
	if reqHeader.Get("Authorization") != "" {
		if _, ok := cc["public"]; !ok {
			return nil, false
		}
	}
	now := c.now()
	e := &cacheEntry{key: key, etag: h.Get("ETag"), lastModified: h.Get("Last-Modified")}
	_, e.noCache = cc["no-cache"]
	// Freshness lifetime: https://www.rfc-editor.org/rfc/rfc9111#section-4.2.1
	if v, ok := cc["max-age"]; ok {
		if secs, err := strconv.ParseInt(v, 10, 64); err == nil && secs > 0 {
			e.expires = now.Add(time.Duration(min(secs, 10*365*86400)) * time.Second)
		}
	} else if exp := h.Get("Expires"); exp != "" {
		if t, err := http.ParseTime(exp); err == nil {
			date := now
			if d, err := http.ParseTime(h.Get("Date")); err == nil {
				date = d
			}
			e.expires = now.Add(t.Sub(date))
		}
	}
	if age, err := strconv.ParseInt(h.Get("Age"), 10, 64); err == nil && age > 0 && !e.expires.IsZero() {
		e.expires = e.expires.Add(-time.Duration(age) * time.Second)
	}
	if !e.expires.After(now) && e.etag == "" && e.lastModified == "" {
		return nil, false // neither fresh nor revalidatable: useless
	}
	for _, v := range h.Values("Vary") {
		for _, name := range strings.Split(v, ",") {
			name = strings.TrimSpace(name)
			if name == "*" {
				return nil, false
			}
			if name != "" {
				if e.vary == nil {
					e.vary = map[string]string{}
				}
				e.vary[name] = reqHeader.Get(name)
			}
		}
	}
	return e, true
}

func (c *ScriptCache) put(e *cacheEntry) { c.entries.Put(e.key, e) }

// parseCacheControl returns the directives of Cache-Control values, names
// lower-cased, quoted arguments unquoted.
func parseCacheControl(values []string) map[string]string {
	d := map[string]string{}
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			name, arg, _ := strings.Cut(strings.TrimSpace(part), "=")
			name = ascii.Lower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			d[name] = strings.Trim(strings.TrimSpace(arg), `"`)
		}
	}
	return d
}
