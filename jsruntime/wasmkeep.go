package jsruntime

import (
	"context"
	"errors"
	"hash/maphash"

	"github.com/tetratelabs/wazero"

	"github.com/bangsnap/bangsnap/internal/lru"
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
const (
	wasmKeepBytes   = 64 << 20 // binary bytes kept between pages
	wasmKeepModules = 4096     // and modules (a page may make hundreds of small ones: tree-sitter ~160)
)

// wasmCompileBudget bounds the bytes of the distinct binaries one page
// compiles (a variable for tests): past it, compiling fails as running out
// of memory would.
var wasmCompileBudget = 256 << 20

var errWasmPageEnded = errors.New("the page has ended")

var wasmKept = newWasmKeeper(wasmKeepBytes, wasmKeepModules)

// newWasmKeeper returns a keeper of at most maxBytes of binaries and
// maxModules modules.
func newWasmKeeper(maxBytes, maxModules int) *wasmKeeper {
	k := &wasmKeeper{close: func(cm wazero.CompiledModule) { cm.Close(context.Background()) }}
	k.kept = lru.New(lru.Options[uint64, wasmCompiled]{
		MaxLen: maxModules, MaxCost: int64(maxBytes),
		Cost:    func(_ uint64, c wasmCompiled) int64 { return int64(c.size) },
		OnEvict: func(_ uint64, c wasmCompiled) { k.close(c.cm) },
	})
	return k
}

var wasmHashSeed = maphash.MakeSeed()

type wasmKeeper struct {
	kept  *lru.Cache[uint64, wasmCompiled] // by the hash of their binaries
	close func(wazero.CompiledModule)      // closes a module no page or keeper holds
}

// wasmCompiled is a module a page compiled, closed or kept (by wasmKept)
// when it ends.
type wasmCompiled struct {
	key  uint64
	size int
	cm   wazero.CompiledModule
}

// touch marks the module of key as used now, if kept.
func (k *wasmKeeper) touch(key uint64) { k.kept.Get(key) }

// keep is offered c, which a page is done with: it reports whether it
// keeps it; if not, the caller closes it. It closes what it stops keeping.
func (k *wasmKeeper) keep(c wasmCompiled) bool {
	if !k.kept.Fits(int64(c.size)) {
		return false
	}
	_, loaded := k.kept.GetOrPut(c.key, c) // another of the module's: the one kept stays
	return !loaded
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
