package jsruntime

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
)

// TestWebAssemblyCompiledModulesReleased: the modules a page compiled are
// closed when its context ends, but for the most recently used ones, which
// wasmKept keeps for the next pages up to its bounds; a closed module's
// code is gone from the shared cache (it can no longer be instantiated),
// a kept one's is not.
func TestWebAssemblyCompiledModulesReleased(t *testing.T) {
	cache := wazero.NewCompilationCache()
	defer func(c func() wazero.CompilationCache, k *wasmKeeper) {
		wasmCache, wasmKept = c, k
		cache.Close(context.Background())
	}(wasmCache, wasmKept)
	wasmCache = func() wazero.CompilationCache { return cache }
	var mu sync.Mutex
	var closed []wazero.CompiledModule
	const keepModules = 2
	wasmKept = newWasmKeeper(wasmKeepBytes, keepModules)
	wasmKept.close = func(cm wazero.CompiledModule) {
		cm.Close(context.Background())
		mu.Lock()
		closed = append(closed, cm)
		mu.Unlock()
	}

	const pages = 5
	for i := range pages {
		ctx, cancel := context.WithCancel(context.Background())
		// a module of its own per page (a custom section named for it),
		// compiled twice
		p := newPage(t, fmt.Sprintf(`<!doctype html><script>
var bin = new Uint8Array([0,97,115,109,1,0,0,0, 0,4,2,120,%d,0]);
new WebAssembly.Module(bin); new WebAssembly.Module(bin);
</script>`, 48+i), nil)
		if err := p.w.Run(ctx); err != nil {
			t.Fatal(err)
		}
		p.noErrors()
		cancel()
	}
	// the pages' contexts end; their modules are released off the loop
	want := 2*pages - keepModules
	for i := 0; ; i++ {
		mu.Lock()
		n := len(closed)
		mu.Unlock()
		if n >= want {
			break
		}
		if i == 200 {
			t.Fatalf("%d modules closed, want %d", n, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	var kept []wazero.CompiledModule
	_, compiled := wasmKept.kept.Entries()
	for _, c := range compiled {
		kept = append(kept, c.cm)
	}
	if len(kept) != keepModules {
		t.Fatalf("%d modules kept, want %d", len(kept), keepModules)
	}
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithCompilationCache(cache).WithCloseOnContextDone(true))
	defer rt.Close(ctx)
	for _, cm := range kept {
		if _, err := rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName("")); err != nil {
			t.Errorf("a kept module does not instantiate: %v", err)
		}
	}
	// the first page's module: both its compilations closed
	mu.Lock()
	first := closed[:2]
	mu.Unlock()
	for _, cm := range first {
		if _, err := rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName("")); err == nil {
			t.Errorf("a closed module still instantiates")
		}
	}
}

// TestWebAssemblyCompileBudget: a page compiles at most wasmCompileBudget
// bytes of distinct binaries; past it a compile fails with a CompileError
// (a binary compiled before compiles again).
func TestWebAssemblyCompileBudget(t *testing.T) {
	defer func(b int) { wasmCompileBudget = b }(wasmCompileBudget)
	wasmCompileBudget = 30
	p := newPage(t, `<!doctype html><script>
var out = [];
for (var i = 0; i < 3; i++) {
  var bin = new Uint8Array([0,97,115,109,1,0,0,0, 0,4,2,120,48+i,0]);
  try { new WebAssembly.Module(bin); new WebAssembly.Module(bin); out.push('ok'); } catch (e) { out.push(e.name); }
}
</script>`, nil)
	p.run()
	p.noErrors()
	if got, want := p.eval(`out.join()`), "ok,ok,CompileError"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
