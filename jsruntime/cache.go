package jsruntime

import (
	"container/list"
	"errors"
	"hash/maphash"
	"sync"

	"github.com/dop251/goja"
)

// programCache caches compiled scripts process-wide, keyed by their source
// URL and text: a goja.Program is immutable and may run on any number of
// runtimes, so renders of pages sharing a library compile it once.
// It is a bounded LRU, safe for concurrent use.
//
// The key is two seeded maphashes of the URL and text, each with its own
// random process-wide seed, and their length (a multi-megabyte bundle
// hashes about ten times faster than with SHA-256, which cost Angular's
// 3 MB bundle several milliseconds per render). An entry keeps the URL but
// not the text: goja's parser keeps a copy of its own in the program, and
// a second copy per cached script (about 7.5 MB once every test app has
// rendered) stayed in the heap of a process that only reruns its scripts,
// raising each render's garbage collection goal and peak heap. A false hit
// needs both hashes to collide (2^-128 for texts not chosen with the seeds
// in hand, which never leave the process), as for webapi's Bundler.
type programCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[programKey]*list.Element
	// compiling holds the compilations under way, so that renders starting
	// together on pages sharing a library compile it once: the others wait
	// for it rather than each holding a copy of the parse in memory (four
	// cold renders of mermaid at once grew the heap by about a gigabyte
	// and tripped the memory budget).
	compiling map[programKey]*compilation
}

// A compilation is a compile under way; done is closed when prog and err
// are set.
type compilation struct {
	done chan struct{}
	prog *goja.Program
	err  error
}

// A programKey is the two hashes of a script's URL and text, and their
// length.
type programKey struct {
	hash [2]uint64
	n    int
}

type cacheEntry struct {
	key  programKey
	name string
	prog *goja.Program
}

// ProgramCacheSize bounds the number of compiled scripts kept.
const ProgramCacheSize = 1024

var programs = newProgramCache(ProgramCacheSize)

func newProgramCache(max int) *programCache {
	return &programCache{max: max, ll: list.New(), items: make(map[programKey]*list.Element), compiling: make(map[programKey]*compilation)}
}

var programSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func keyOf(name, src string) programKey {
	k := programKey{n: len(name) + len(src)}
	for i, seed := range programSeeds {
		var h maphash.Hash
		h.SetSeed(seed)
		h.WriteString(name)
		h.WriteByte(0)
		h.WriteString(src)
		k.hash[i] = h.Sum64()
	}
	return k
}

// get returns the program compiled from src named name, or nil.
func (c *programCache) get(name, src string) *goja.Program {
	k := keyOf(name, src)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.getLocked(k, name)
}

// getLocked is get with c.mu held.
func (c *programCache) getLocked(k programKey, name string) *goja.Program {
	if e, ok := c.items[k]; ok {
		ce := e.Value.(*cacheEntry)
		if ce.name != name {
			return nil
		}
		c.ll.MoveToFront(e)
		return ce.prog
	}
	return nil
}

// getOrCompile returns the program compiled from src named name: the
// cached one, the one a compilation under way for the same script gives,
// or what compile returns (kept when it succeeds).
func (c *programCache) getOrCompile(name, src string, compile func() (*goja.Program, error)) (*goja.Program, error) {
	if p := c.get(name, src); p != nil {
		return p, nil
	}
	k := keyOf(name, src)
	c.mu.Lock()
	if p := c.getLocked(k, name); p != nil {
		// A compilation ended between get and Lock: it is cached now.
		c.mu.Unlock()
		return p, nil
	}
	if f, ok := c.compiling[k]; ok {
		c.mu.Unlock()
		<-f.done
		return f.prog, f.err
	}
	f := &compilation{done: make(chan struct{})}
	c.compiling[k] = f
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.compiling, k)
		c.mu.Unlock()
		if f.prog == nil && f.err == nil {
			f.err = errCompilePanicked // compile panicked: the waiters must not hang
		}
		close(f.done)
	}()
	f.prog, f.err = compile()
	if f.err == nil {
		c.put(name, src, f.prog)
	}
	return f.prog, f.err
}

// errCompilePanicked is what the renders waiting for a compilation get when
// it panicked (the panic goes on in the render that compiled).
var errCompilePanicked = errors.New("jsruntime: compiling the script failed")

// put keeps p as the program of src named name (replacing an entry with
// the same key).
func (c *programCache) put(name, src string, p *goja.Program) {
	k := keyOf(name, src)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		ce := e.Value.(*cacheEntry)
		ce.name, ce.prog = name, p
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&cacheEntry{key: k, name: name, prog: p})
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
