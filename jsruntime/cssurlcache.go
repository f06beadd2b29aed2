package jsruntime

import (
	"hash/maphash"

	"github.com/bangsnap/bangsnap/internal/lru"
)

// urlCache keeps, process-wide, a sheet's text as the cascade reads it,
// its url()s resolved and its comments stripped (cascadeSheetText),
// keyed by the URL they were resolved against and two seeded hashes of
// the text: every render of a page linking the same sheet read its text
// again from the response and rewrote it, a new copy of the whole sheet
// each time (daisyUI's 1.2 MB sheet: 1.3 MB a render, and that copy
// stayed live beside the one the parsed-sheet cache keeps, which the
// rewritten text of every render equals). With the cache the renders
// share one text, which is also the one the parsed sheet's declarations
// are slices of. A text with nothing to change keeps no copy: the entry
// only says so. It is an LRU bounded by the bytes of the resolved texts
// kept (one text may take up to half of it), safe for concurrent use,
// and emptied by DropSharedCaches.
type urlCache struct {
	*lru.Cache[urlKey, urlEntry]
}

// urlCacheBytes bounds urlCache: the resolved texts of a few sites'
// sheets (daisyUI 5's and its themes, 1.3 MB; Vuetify's 0.5 MB).
const urlCacheBytes = 8 << 20

// urlCacheMinText is the shortest text urlCache keeps: resolving the
// URLs of a shorter one costs less than hashing it into a key and the
// entry it would keep.
const urlCacheMinText = 1 << 10

// urlEntryBytes is what an entry keeps beside its resolved text (the
// list element, the map's slot, the key with its base URL).
const urlEntryBytes = 200

type urlKey struct {
	base string
	hash [2]uint64
	n    int
}

type urlEntry struct {
	// out is the resolved text, "" when it is the text itself (same).
	out  string
	same bool
}

var resolvedSheets = newURLCache(urlCacheBytes)

func newURLCache(maxBytes int64) urlCache {
	return urlCache{lru.New(lru.Options[urlKey, urlEntry]{MaxCost: maxBytes, MaxItemPart: 2, Cost: urlEntrySize})}
}

// urlEntrySize is what the entry e of k keeps.
func urlEntrySize(k urlKey, e urlEntry) int64 {
	return int64(urlEntryBytes + len(k.base) + len(e.out))
}

// resolve is css rewritten for base by rewrite (cascadeSheetText's
// resolveAndStrip), from the cache when a render rewrote the same text
// before.
func (c urlCache) resolve(css, base string, rewrite func(css, base string) string) string {
	if len(css) < urlCacheMinText {
		return rewrite(css, base)
	}
	k := urlKey{base: base, n: len(css)}
	for i, seed := range programSeeds { // cache.go
		k.hash[i] = maphash.String(seed, css)
	}
	if e, ok := c.Get(k); ok {
		if e.same {
			return css
		}
		return e.out
	}
	out := rewrite(css, base)
	e := urlEntry{same: out == css}
	if !e.same {
		e.out = out
	}
	if kept, loaded := c.GetOrPut(k, e); loaded && !kept.same { // resolved meanwhile by another render
		return kept.out
	}
	return out
}
