package jsruntime

import (
	"container/list"
	"hash/maphash"
	"sync"
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
// only says so. It is a bounded LRU,
// by the bytes of the resolved texts kept, safe for concurrent use, and
// emptied by DropSharedCaches.
type urlCache struct {
	mu    sync.Mutex
	max   int // bytes of the resolved texts kept, and urlEntryBytes each
	size  int
	ll    *list.List
	items map[urlKey]*list.Element
}

// urlCacheBytes bounds urlCache: the resolved texts of a few sites'
// sheets (daisyUI 5's and its themes, 1.3 MB; Vuetify's 0.5 MB). One
// text may take up to half of it.
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
	key urlKey
	// out is the resolved text, "" when it is the text itself (same).
	out  string
	same bool
}

var resolvedSheets = &urlCache{max: urlCacheBytes, ll: list.New(), items: make(map[urlKey]*list.Element)}

func (e *urlEntry) size() int { return urlEntryBytes + len(e.key.base) + len(e.out) }

// resolve is css rewritten for base by rewrite (cascadeSheetText's
// resolveAndStrip), from the cache when a render rewrote the same text
// before.
func (c *urlCache) resolve(css, base string, rewrite func(css, base string) string) string {
	if len(css) < urlCacheMinText {
		return rewrite(css, base)
	}
	k := urlKey{base: base, n: len(css)}
	for i, seed := range programSeeds { // cache.go
		k.hash[i] = maphash.String(seed, css)
	}
	c.mu.Lock()
	if el, ok := c.items[k]; ok {
		c.ll.MoveToFront(el)
		e := el.Value.(*urlEntry)
		c.mu.Unlock()
		if e.same {
			return css
		}
		return e.out
	}
	c.mu.Unlock()
	out := rewrite(css, base)
	e := &urlEntry{key: k, same: out == css}
	if !e.same {
		e.out = out
	}
	if e.size() > c.max/2 {
		return out
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok { // resolved meanwhile by another render
		c.ll.MoveToFront(el)
		if kept := el.Value.(*urlEntry); !kept.same {
			return kept.out
		}
		return out
	}
	c.items[k] = c.ll.PushFront(e)
	c.size += e.size()
	for c.size > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		old := last.Value.(*urlEntry)
		delete(c.items, old.key)
		c.size -= old.size()
	}
	return out
}

// drop empties c.
func (c *urlCache) drop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ll.Init()
	clear(c.items)
	c.size = 0
}
