package jsruntime

import (
	"container/list"
	"hash/maphash"
	"sync"

	"github.com/dop251/goja"
)

// programCache caches compiled scripts process-wide, keyed by their source
// URL and text: a goja.Program is immutable and may run on any number of
// runtimes, so renders of pages sharing a library compile it once.
// It is a bounded LRU, safe for concurrent use.
//
// The key is a seeded maphash of the URL and text (a multi-megabyte bundle
// hashes about ten times faster than with SHA-256, which cost Angular's
// 3 MB bundle several milliseconds per render), and each entry keeps the
// URL and text it was compiled from, compared on a hit: a hash collision
// is a miss, never another script's program.
type programCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[programKey]*list.Element
}

// A programKey is the hash of a script's URL and text, and their length.
type programKey struct {
	hash uint64
	n    int
}

type cacheEntry struct {
	key       programKey
	name, src string
	prog      *goja.Program
}

// ProgramCacheSize bounds the number of compiled scripts kept.
const ProgramCacheSize = 1024

var programs = &programCache{max: ProgramCacheSize, ll: list.New(), items: make(map[programKey]*list.Element)}

var programSeed = maphash.MakeSeed()

func keyOf(name, src string) programKey {
	var h maphash.Hash
	h.SetSeed(programSeed)
	h.WriteString(name)
	h.WriteByte(0)
	h.WriteString(src)
	return programKey{hash: h.Sum64(), n: len(name) + len(src)}
}

// get returns the program compiled from src named name, or nil.
func (c *programCache) get(name, src string) *goja.Program {
	k := keyOf(name, src)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		ce := e.Value.(*cacheEntry)
		if ce.name != name || ce.src != src {
			return nil
		}
		c.ll.MoveToFront(e)
		return ce.prog
	}
	return nil
}

// put keeps p as the program of src named name (replacing an entry whose
// key collides).
func (c *programCache) put(name, src string, p *goja.Program) {
	k := keyOf(name, src)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		ce := e.Value.(*cacheEntry)
		ce.name, ce.src, ce.prog = name, src, p
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&cacheEntry{key: k, name: name, src: src, prog: p})
	for c.ll.Len() > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*cacheEntry).key)
	}
}

func (c *programCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len()
}
