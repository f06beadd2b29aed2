package jsruntime

import (
	"container/list"
	"context"
	"errors"
	"hash/maphash"
	"sync"

	"github.com/tetratelabs/wazero"
)

// Compiled WebAssembly is shared between pages through wazero's
// process-wide compilation cache (wasmCache), which keeps a module's code
// for as long as any CompiledModule of it is open. A page closes the
// modules it compiled when it ends (its context is done), offering each to
// wasmKept first: the keeper holds on to the most recently used modules,
// up to wasmKeepBytes of binaries, so that the next page using one finds
// its code compiled, and closes the least recently used past that. Before,
// no compiled module was ever closed: a page compiling one distinct module
// after another grew the process for good.
var (
	wasmKeepBytes   = 64 << 20 // binary bytes kept between pages; a variable for tests
	wasmKeepModules = 4096     // and modules (a page may make hundreds of small ones: tree-sitter ~160)
)

// wasmCompileBudget bounds the bytes of the distinct binaries one page
// compiles (a variable for tests): past it, compiling fails as running out
// of memory would.
var wasmCompileBudget = 256 << 20

var errWasmPageEnded = errors.New("the page has ended")

var wasmKept = newWasmKeeper()

func newWasmKeeper() *wasmKeeper {
	return &wasmKeeper{byKey: map[uint64]*list.Element{}, close: func(cm wazero.CompiledModule) { cm.Close(context.Background()) }}
}

var wasmHashSeed = maphash.MakeSeed()

type wasmKeeper struct {
	mu    sync.Mutex
	byKey map[uint64]*list.Element // of wasmCompiled
	lru   list.List                // most recently used first
	bytes int
	close func(wazero.CompiledModule) // closes a module no page or keeper holds
}

// wasmCompiled is a module a page compiled, closed or kept (by wasmKept)
// when it ends.
type wasmCompiled struct {
	key  uint64
	size int
	cm   wazero.CompiledModule
}

// touch marks the module of key as used now, if kept.
func (k *wasmKeeper) touch(key uint64) {
	k.mu.Lock()
	if e := k.byKey[key]; e != nil {
		k.lru.MoveToFront(e)
	}
	k.mu.Unlock()
}

// keep is offered c, which a page is done with: it reports whether it
// keeps it; if not, the caller closes it. It closes what it stops keeping.
func (k *wasmKeeper) keep(c wasmCompiled) bool {
	if c.size > wasmKeepBytes {
		return false
	}
	var evicted []wazero.CompiledModule
	k.mu.Lock()
	if e := k.byKey[c.key]; e != nil {
		k.lru.MoveToFront(e)
		k.mu.Unlock()
		return false
	}
	k.byKey[c.key] = k.lru.PushFront(c)
	k.bytes += c.size
	for k.bytes > wasmKeepBytes || k.lru.Len() > wasmKeepModules {
		old := k.lru.Remove(k.lru.Back()).(wasmCompiled)
		delete(k.byKey, old.key)
		k.bytes -= old.size
		evicted = append(evicted, old.cm)
	}
	k.mu.Unlock()
	for _, cm := range evicted {
		k.close(cm)
	}
	return true
}

// compile compiles bin in the page's runtime, counting a binary it has not
// compiled before against the page's budget, and noting the module to be
// closed or kept when the page ends.
func (s *wasmState) compile(bin []byte) (wazero.CompiledModule, error) {
	key := maphash.Bytes(wasmHashSeed, bin)
	_, seen := s.compiledKeys[key]
	if !seen && s.compiledBytes+len(bin) > wasmCompileBudget {
		return nil, errWasmCompileBudget
	}
	cm, err := s.runtime().CompileModule(s.ctx(), bin)
	if err != nil {
		return nil, err
	}
	if !seen {
		if s.compiledKeys == nil {
			s.compiledKeys = map[uint64]struct{}{}
		}
		s.compiledKeys[key] = struct{}{}
		s.compiledBytes += len(bin)
	}
	wasmKept.touch(key)
	s.mu.Lock()
	released := s.released
	if !released {
		s.compiled = append(s.compiled, wasmCompiled{key, len(bin), cm})
	}
	s.mu.Unlock()
	if released {
		wasmKept.close(cm)
		return nil, errWasmPageEnded
	}
	return cm, nil
}

// release closes, or hands to wasmKept, the modules the page compiled.
func (s *wasmState) release() {
	s.mu.Lock()
	compiled := s.compiled
	s.compiled, s.released = nil, true
	s.mu.Unlock()
	for _, c := range compiled {
		if !wasmKept.keep(c) {
			wasmKept.close(c.cm)
		}
	}
}
