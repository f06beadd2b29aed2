package server

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"time"

	"github.com/bangsnap/bangsnap/internal/lru"
)

// An entry is one answer the service can serve for a cache key: a snapshot
// turned into status, headers and body, with its validators precomputed so a
// cache hit allocates little.
type entry struct {
	key     string
	status  int
	header  http.Header // ready to serve: Content-Type, ETag, Last-Modified, Content-Length, ...
	body    []byte
	etag    string    // strong validator, quoted; "" when status is not 200
	modTime time.Time // Last-Modified, truncated to seconds
	partial bool

	freshUntil time.Time // served as is until then
	staleUntil time.Time // served stale (and revalidated in the background) until then

	renderer Renderer // renders the entry again on revalidation
	pretty   string   // the pretty URL it was rendered from
	size     int64
}

// entryOverhead approximates the bytes an entry costs beyond its body, key
// and headers (structs, map, list element).
const entryOverhead = 512

// strongETag is a strong validator of body: the first 128 bits of its SHA-256.
func strongETag(body []byte) string {
	sum := sha256.Sum256(body)
	var b [2 + 32]byte
	b[0] = '"'
	hex.Encode(b[1:33], sum[:16])
	b[33] = '"'
	return string(b[:])
}

// newEntry builds an entry from what a render produced. header is copied and
// cleaned of hop-by-hop and length headers.
func newEntry(key string, status int, header http.Header, body []byte, modTime time.Time) *entry {
	e := &entry{key: key, status: status, body: body, modTime: modTime.UTC().Truncate(time.Second)}
	h := make(http.Header, len(header)+4)
	for k, v := range header {
		switch http.CanonicalHeaderKey(k) {
		case "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive",
			"Te", "Trailer", "Upgrade", "Proxy-Connection", "Etag", "Last-Modified":
			continue
		}
		h[http.CanonicalHeaderKey(k)] = append([]string(nil), v...)
	}
	if h.Get("Content-Type") == "" && len(body) > 0 {
		h.Set("Content-Type", "text/html; charset=utf-8")
	}
	if status == http.StatusOK {
		e.etag = strongETag(body)
		h.Set("Etag", e.etag)
		h.Set("Last-Modified", e.modTime.Format(http.TimeFormat))
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	e.header = h
	size := int64(entryOverhead + len(key) + len(body))
	for k, v := range h {
		size += int64(len(k))
		for _, s := range v {
			size += int64(len(s))
		}
	}
	e.size = size
	return e
}

// cacheState says how a lookup went.
type cacheState int

const (
	cacheMiss  cacheState = iota
	cacheFresh            // within its TTL
	cacheStale            // past its TTL, within the stale-while-revalidate window
)

// A cache is an LRU of entries bounded by the sum of their sizes, with
// per-entry expiry. It is safe for concurrent use. now is injectable so tests
// control time without sleeping.
type cache struct {
	maxBytes int64
	entries  *lru.Cache[string, *entry]
	now      func() time.Time
	onEvict  func() // called for each entry evicted for space
}

func newCache(maxBytes int64, now func() time.Time) *cache {
	c := &cache{maxBytes: maxBytes, now: now}
	c.entries = lru.New(lru.Options[string, *entry]{
		MaxCost: maxBytes,
		Cost:    func(_ string, e *entry) int64 { return e.size },
		OnEvict: func(string, *entry) {
			if c.onEvict != nil {
				c.onEvict()
			}
		},
	})
	return c
}

// get returns the entry for key and whether it is fresh or stale. An entry
// past its stale window is dropped and reported as a miss.
func (c *cache) get(key string) (*entry, cacheState) {
	now := c.now()
	e, ok := c.entries.Get(key)
	switch {
	case !ok:
		return nil, cacheMiss
	case now.Before(e.freshUntil):
		return e, cacheFresh
	case now.Before(e.staleUntil):
		return e, cacheStale
	}
	c.entries.DeleteFunc(key, func(kept *entry) bool { return kept == e })
	return nil, cacheMiss
}

// put stores e, replacing any entry of the same key, and evicts the least
// recently used entries until the cache fits in maxBytes. An entry larger
// than the whole cache is not stored; put reports whether e was stored.
func (c *cache) put(e *entry) bool { return c.entries.Put(e.key, e) }

// remove drops key and reports whether it was cached.
func (c *cache) remove(key string) (*entry, bool) { return c.entries.Delete(key) }

// stats returns the number of entries and their total size.
func (c *cache) stats() (entries int, bytes int64) {
	return c.entries.Len(), c.entries.Cost()
}
