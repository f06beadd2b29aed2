package jsruntime

import (
	"container/list"
	"crypto/sha256"
	"sync"

	"github.com/dop251/goja"
)

// programCache caches compiled scripts process-wide, keyed by a hash of
// their source URL and text: a goja.Program is immutable and may run on any
// number of runtimes, so renders of pages sharing a library compile it once.
// It is a bounded LRU, safe for concurrent use.
type programCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[[32]byte]*list.Element
}

type cacheEntry struct {
	key  [32]byte
	prog *goja.Program
}

// ProgramCacheSize bounds the number of compiled scripts kept.
const ProgramCacheSize = 1024

var programs = &programCache{max: ProgramCacheSize, ll: list.New(), items: make(map[[32]byte]*list.Element)}

func programKey(name, src string) [32]byte {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write([]byte(src))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

func (c *programCache) get(k [32]byte) *goja.Program {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*cacheEntry).prog
	}
	return nil
}

func (c *programCache) put(k [32]byte, p *goja.Program) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&cacheEntry{k, p})
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
