package jsruntime

import (
	"errors"
	"hash/maphash"
	"sync"
	"sync/atomic"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/internal/lru"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// programCache caches compiled scripts process-wide, keyed by their source
// URL and text: a goja.Program is immutable and may run on any number of
// runtimes, so renders of pages sharing a library compile it once.
// It is an LRU bounded by count and by an estimate of the memory the
// programs keep (see SetProgramCacheBytes), safe for concurrent use.
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
	progs *lru.Cache[programKey, cacheEntry] // bounded by programSize

	mu sync.Mutex // guards compiling
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
	name string
	prog *goja.Program
}

// ProgramCacheSize bounds the number of compiled scripts kept.
const ProgramCacheSize = 1024

// DefaultProgramCacheBytes is the default bound of SetProgramCacheBytes:
// about 11 MB of minified scripts, the libraries of several sites. When
// one process rendered the 103 test apps in turn (make compat-chromium),
// their programs took about 200 MB of its 230 MB live heap, and a render
// of antd peaked at +210-250 MB above it; with this bound the live heap
// before antd was 155 MB and the peak +120-129 MB.
//
// Kept at 128 MiB on data (heap56). What the bound costs is the idle heap
// of a server rendering many sites; what a miss costs is a compile, which
// is far dearer than the memory it saves: on the shared 2-core test
// machine goja compiled antd's 1.5 MB bundle in 6.5 s allocating 129 MB
// (16 MB kept, 11 bytes per source byte) and mermaid's 3.5 MB in 10 s
// allocating 238 MB (40 MB kept), jQuery's 86 KB in 0.7 s, against a warm
// antd render of about 2.5 s of CPU. A bound that evicted a busy site's
// library would so raise its render's time several-fold and its peak heap
// by the compile's own allocation, above the idle heap the bound saved. A
// server rendering one site (make compat-chromium measures each app so,
// after DropSharedCaches) keeps only that site's programs whatever the
// bound: 1-40 MB for the test apps.
const DefaultProgramCacheBytes = 128 << 20

var programs = newProgramCache(ProgramCacheSize, DefaultProgramCacheBytes)

func newProgramCache(max int, maxBytes int64) *programCache {
	return &programCache{
		progs: lru.New(lru.Options[programKey, cacheEntry]{
			MaxLen: max, MaxCost: maxBytes, MaxItemPart: 2,
			Cost: func(k programKey, _ cacheEntry) int64 { return programSize(k) },
		}),
		compiling: make(map[programKey]*compilation),
	}
}

// SetProgramCacheBytes bounds the memory the process-wide cache of compiled
// scripts may keep, by an estimate from the scripts' lengths (goja keeps
// 5 to 15 bytes per byte of source: the bytecode, a source map per
// instruction, the parsed source; about 12 for minified libraries, so
// mermaid's 3.6 MB takes 46 MB); the least recently used scripts are
// dropped first, and a script estimated above half the bound is
// not kept. The cache stays in the process's live heap, which sets the
// garbage collector's pace: with GOGC=100 a render's heap may grow by
// about as much as the live heap before a collection, so a server that
// renders many sites trades compiling again for a lower peak. It returns
// the previous bound; 0 keeps no program, n < 0 restores
// DefaultProgramCacheBytes.
func SetProgramCacheBytes(n int64) int64 {
	if n < 0 {
		n = DefaultProgramCacheBytes
	}
	return programs.progs.SetMaxCost(n)
}

// programBytesPerSourceByte is programSize's estimate of what a compiled
// program keeps per byte of its source (measured: 11-15 for minified
// libraries, 5-6 for readable ones).
const programBytesPerSourceByte = 12

// programSize estimates the memory a program compiled from k's source
// keeps.
func programSize(k programKey) int64 { return int64(k.n) * programBytesPerSourceByte }

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
	return c.getKey(keyOf(name, src), name)
}

// getKey is get of the key of name and its text.
func (c *programCache) getKey(k programKey, name string) *goja.Program {
	if ce, ok := c.progs.Get(k); ok && ce.name == name {
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
	if p := c.getKey(k, name); p != nil {
		// A compilation ended between get and Lock: it is cached now (a
		// compilation keeps its program before it leaves compiling).
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
	programCompiles.Add(1)
	f.prog, f.err = compile()
	if f.err == nil {
		c.put(name, src, f.prog)
	}
	return f.prog, f.err
}

// drop empties c, keeping its bounds (compilations under way still
// finish and are kept).
func (c *programCache) drop() { c.progs.Clear() }

// programCompiles counts the compilations getOrCompile ran (its misses).
var programCompiles atomic.Int64

// ProgramCompiles returns how many scripts the process has compiled
// through the cache of compiled scripts: its misses, since the process
// started. A warm render of a page whose scripts are all cached adds none
// (make compat-chromium checks this).
func ProgramCompiles() int64 { return programCompiles.Load() }

// DropSharedCaches empties the process-wide caches that keep what
// renders compiled or parsed (compiled scripts, parsed sheets and their
// resolved texts, RegExp patterns), keeping their bounds: the process then holds what one that
// has rendered nothing yet holds. It is for measuring one site's renders
// apart from the sites rendered before (TestApps' timings), or for a
// server that moves on to other sites; renders running meanwhile are
// unaffected but for compiling again.
func DropSharedCaches() {
	programs.drop()
	parsedSheets.Clear()
	resolvedSheets.Clear()
	webapi.DropRegExpCaches()
}

// errCompilePanicked is what the renders waiting for a compilation get when
// it panicked (the panic goes on in the render that compiled).
var errCompilePanicked = errors.New("jsruntime: compiling the script failed")

// keeps reports whether a program compiled from src named name would be
// kept (is not over half the bound).
func (c *programCache) keeps(name, src string) bool {
	return c.progs.Fits(int64(len(name)+len(src)) * programBytesPerSourceByte)
}

// put keeps p as the program of src named name (replacing an entry with
// the same key).
func (c *programCache) put(name, src string, p *goja.Program) {
	c.progs.Put(keyOf(name, src), cacheEntry{name, p})
}

func (c *programCache) len() int { return c.progs.Len() }
