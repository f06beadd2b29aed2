package jsruntime

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
)

// wasmTestModule is, written out by hand:
//
//	(module
//	  (import "env" "log" (func $log (param i32)))
//	  (memory (export "mem") 1)
//	  (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)
//	  (func (export "callLog") (param i32) local.get 0 call $log)
//	  (func (export "trap") unreachable)
//	  (func (export "store") (param i32 i32) local.get 0 local.get 1 i32.store)
//	  (func (export "grow") (result i32) i32.const 1 memory.grow))
var wasmTestModule = []byte{
	0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
	// types: (i32)->(), (i32 i32)->(i32), ()->(), ()->(i32), (i32 i32)->()
	0x01, 0x17, 0x05, 0x60, 0x01, 0x7f, 0x00, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, 0x60, 0x00, 0x00,
	0x60, 0x00, 0x01, 0x7f, 0x60, 0x02, 0x7f, 0x7f, 0x00,
	// import env.log: type 0
	0x02, 0x0b, 0x01, 0x03, 'e', 'n', 'v', 0x03, 'l', 'o', 'g', 0x00, 0x00,
	// functions: add, callLog, trap, store, grow
	0x03, 0x06, 0x05, 0x01, 0x00, 0x02, 0x04, 0x03,
	// memory: min 1
	0x05, 0x03, 0x01, 0x00, 0x01,
	// exports
	0x07, 0x2d, 0x06,
	0x03, 'a', 'd', 'd', 0x00, 0x01,
	0x03, 'm', 'e', 'm', 0x02, 0x00,
	0x07, 'c', 'a', 'l', 'l', 'L', 'o', 'g', 0x00, 0x02,
	0x04, 't', 'r', 'a', 'p', 0x00, 0x03,
	0x05, 's', 't', 'o', 'r', 'e', 0x00, 0x04,
	0x04, 'g', 'r', 'o', 'w', 0x00, 0x05,
	// code
	0x0a, 0x25, 0x05,
	0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6a, 0x0b,
	0x06, 0x00, 0x20, 0x00, 0x10, 0x00, 0x0b,
	0x03, 0x00, 0x00, 0x0b,
	0x09, 0x00, 0x20, 0x00, 0x20, 0x01, 0x36, 0x02, 0x00, 0x0b,
	0x06, 0x00, 0x41, 0x01, 0x40, 0x00, 0x0b,
}

func TestWebAssembly(t *testing.T) {
	nums := make([]string, len(wasmTestModule))
	for i, b := range wasmTestModule {
		nums[i] = strconv.Itoa(int(b))
	}
	p := newPage(t, `<!doctype html><script>
var bytes = new Uint8Array([`+strings.Join(nums, ",")+`]);
var out = [], logged = [];
out.push(WebAssembly.validate(bytes), WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 9])));
var m = new WebAssembly.Module(bytes);
out.push(JSON.stringify(WebAssembly.Module.exports(m)), JSON.stringify(WebAssembly.Module.imports(m)));
var i = new WebAssembly.Instance(m, { env: { log: function (x) { logged.push(x); } } });
var e = i.exports;
out.push(Object.keys(e).join(), e.add(2, 40), e.add(0x7fffffff, 1), e.add.length, Object.isFrozen(e));
e.callLog(7);
out.push(logged.join());
try { e.trap(); } catch (err) { out.push(err instanceof WebAssembly.RuntimeError, err.message); }
var view = new Uint32Array(e.mem.buffer);
e.store(8, 1234);
out.push(view[2], e.mem.buffer.byteLength);
out.push(e.grow(), view.byteLength, e.mem.buffer.byteLength, new Uint32Array(e.mem.buffer)[2]);
var thrown = new WebAssembly.Instance(m, { env: { log: function () { throw new Error('from js'); } } });
try { thrown.exports.callLog(1); } catch (err) { out.push(err.message); }
try { new WebAssembly.Instance(m, { env: {} }); } catch (err) { out.push(err.name); }
try { new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99])); } catch (err) { out.push(err.name); }
WebAssembly.instantiate(bytes, { env: { log: function () {} } }).then(function (r) {
  window.async = [r.module instanceof WebAssembly.Module, r.instance instanceof WebAssembly.Instance, r.instance.exports.add(1, 2)].join();
});
</script>`, nil)
	p.run()
	p.noErrors()
	want := strings.Join([]string{"true", "false",
		`[{"name":"add","kind":"function"},{"name":"mem","kind":"memory"},{"name":"callLog","kind":"function"},{"name":"trap","kind":"function"},{"name":"store","kind":"function"},{"name":"grow","kind":"function"}]`,
		`[{"module":"env","name":"log","kind":"function"}]`,
		"add,mem,callLog,trap,store,grow", "42", "-2147483648", "2", "true",
		"7", "true", "unreachable",
		"1234", "65536",
		"1", "0", "131072", "1234",
		"from js", "LinkError", "CompileError"}, "|")
	if got := p.eval(`out.join('|')`); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := p.eval(`window.async`); got != "true,true,3" {
		t.Errorf("instantiate: got %s", got)
	}
}

// FuzzWasmParse: any bytes read as a module's sections give an error or
// sections, never a panic, and a module rewritten for linking reads back
// with the same imports and exports.
func FuzzWasmParse(f *testing.F) {
	f.Add(wasmTestModule)
	f.Add([]byte{0, 97, 115, 109, 1, 0, 0, 0, 2, 0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := wasmParse(b)
		if err != nil {
			return
		}
		if len(l.imports)+len(l.exports) > len(b) {
			t.Errorf("%d imports and %d exports from %d bytes", len(l.imports), len(l.exports), len(b))
		}
		if !l.rewrite {
			return
		}
		l2, err := wasmParse(wasmRewrite(b, l))
		if err != nil {
			t.Fatalf("the rewritten module does not read: %v", err)
		}
		if len(l2.exports) != len(l.exports) || len(l2.tables) != 0 || len(l2.imports) != len(l.imports)+len(l.tables) {
			t.Errorf("rewritten: %d exports (want %d), %d tables defined", len(l2.exports), len(l.exports), len(l2.tables))
		}
	})
}

// TestWebAssemblyInWorker: a worker has WebAssembly too (Pagefind runs its
// search module in one).
func TestWebAssemblyInWorker(t *testing.T) {
	nums := make([]string, len(wasmTestModule))
	for i, b := range wasmTestModule {
		nums[i] = strconv.Itoa(int(b))
	}
	loader := mapLoader{
		"https://example.test/w.js": `onmessage = function (e) {
			var logged = [];
			WebAssembly.instantiate(new Uint8Array(e.data), { env: { log: function (x) { logged.push(x); } } }).then(function (r) {
				r.instance.exports.callLog(r.instance.exports.add(2, 3));
				postMessage(logged.join());
			});
		};`,
	}
	p := newPage(t, `<!doctype html><p id=out></p><script>
		var w = new Worker('w.js');
		w.onmessage = function (e) { document.getElementById('out').textContent = e.data; };
		w.postMessage([`+strings.Join(nums, ",")+`]);
	</script>`, loader)
	p.run()
	p.noErrors()
	if got := p.eval(`document.getElementById('out').textContent`); got != "5" {
		t.Errorf("worker: got %q, want 5", got)
	}
}

// TestWebAssemblyMemoryBudget: a page's memories together stay within
// wasmMemoryBudget: past it, a new memory, an instance and a grow fail as
// out of memory (RangeError, or grow's -1 inside WebAssembly).
func TestWebAssemblyMemoryBudget(t *testing.T) {
	defer func(b uint64) { wasmMemoryBudget = b }(wasmMemoryBudget)
	wasmMemoryBudget = 4 << 16 // four pages
	nums := make([]string, len(wasmTestModule))
	for i, b := range wasmTestModule {
		nums[i] = strconv.Itoa(int(b))
	}
	p := newPage(t, `<!doctype html><script>
var out = [], bytes = new Uint8Array([`+strings.Join(nums, ",")+`]);
var imports = { env: { log: function () {} } };
var e = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports).exports; // one page
out.push(e.grow(), e.grow(), e.grow(), e.grow()); // to four pages, then -1
var m = new WebAssembly.Memory({ initial: 0 });
try { new WebAssembly.Memory({ initial: 1 }); } catch (err) { out.push(err.name); }
try { new WebAssembly.Instance(new WebAssembly.Module(bytes), imports); } catch (err) { out.push(err.name); }
try { m.grow(1); } catch (err) { out.push(err.name); }
</script>`, nil)
	p.run()
	p.noErrors()
	if got, want := p.eval(`out.join()`), "1,2,3,-1,RangeError,RangeError,RangeError"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestWasmRewrite: the rewritten module keeps every section but the
// import and table sections byte for byte, renames the imports and
// imports its tables.
func TestWasmRewrite(t *testing.T) {
	// wasmTestModule with a table (section 4) and an element segment
	// added: (table 2 funcref) (elem (i32.const 0) $add)
	b := append([]byte(nil), wasmTestModule[:8+25+13+8]...) // header, types, import, functions
	b = append(b, 0x04, 0x04, 0x01, 0x70, 0x00, 0x02)
	rest := wasmTestModule[8+25+13+8:]
	memAndExports := rest[:5+47]
	b = append(b, memAndExports...)
	b = append(b, 0x09, 0x07, 0x01, 0x00, 0x41, 0x00, 0x0b, 0x01, 0x01)
	b = append(b, rest[5+47:]...)
	l, err := wasmParse(b)
	if err != nil || !l.rewrite {
		t.Fatalf("parse: %v (rewrite %v)", err, l != nil && l.rewrite)
	}
	if len(l.tables) != 1 || l.tables[0].min != 2 || len(l.exports) != 6 || len(l.imports) != 1 {
		t.Fatalf("layout: %+v", l)
	}
	out := wasmRewrite(b, l)
	l2, err := wasmParse(out)
	if err != nil {
		t.Fatal(err)
	}
	sec := func(l *wasmLayout, bin []byte, id byte) []byte {
		for _, s := range l.sections {
			if s.id == id {
				return bin[s.start:s.end]
			}
		}
		return nil
	}
	for _, id := range []byte{1, 3, 5, 7, 9, 10} {
		if a, z := sec(l, b, id), sec(l2, out, id); string(a) != string(z) || a == nil {
			t.Errorf("section %d changed: %x -> %x", id, a, z)
		}
	}
	if sec(l2, out, 4) != nil {
		t.Errorf("a table section is left")
	}
	var got []string
	for _, im := range l2.imports {
		got = append(got, strconv.Quote(im.module)+" "+im.name+" "+strconv.Itoa(int(im.kind)))
	}
	if want := `"\x000" 0 0|"\x00t0" x 1`; strings.Join(got, "|") != want {
		t.Errorf("imports: %s, want %s", strings.Join(got, "|"), want)
	}
	if l2.needsRewrite() != true || !l.refsEscape() {
		t.Errorf("needsRewrite %v, refsEscape %v", l2.needsRewrite(), l.refsEscape())
	}
}

// TestWebAssemblyTableBudget: the tables a page makes or grows from
// JavaScript stay within wasmTableBudget elements (RangeError past it).
func TestWebAssemblyTableBudget(t *testing.T) {
	defer func(b uint64) { wasmTableBudget = b }(wasmTableBudget)
	wasmTableBudget = 100
	p := newPage(t, `<!doctype html><script>
var out = [];
var t = new WebAssembly.Table({ element: 'externref', initial: 60 });
try { new WebAssembly.Table({ element: 'anyfunc', initial: 50 }); } catch (err) { out.push(err.name); }
out.push(t.grow(40));
try { t.grow(1); } catch (err) { out.push(err.name); }
out.push(t.length);
</script>`, nil)
	p.run()
	p.noErrors()
	if got, want := p.eval(`out.join()`), "RangeError,60,RangeError,100"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestWebAssemblyPageCollected: a page that instantiated a module with
// function imports (each page's host module of JavaScript functions) is
// garbage once the page is dropped, even when its context never ends:
// nothing process-wide (the shared compilation cache) keeps it. Several
// pages in turn: wazero's engine keeps the last compiled module taken off
// its sorted list past the list's length, which held a page or not
// depending on where the module's code was mapped.
func TestWebAssemblyPageCollected(t *testing.T) {
	nums := make([]string, len(wasmTestModule))
	for i, b := range wasmTestModule {
		nums[i] = strconv.Itoa(int(b))
	}
	const pages = 6
	collected := make(chan struct{}, pages)
	for range pages {
		func() {
			p := newPage(t, `<!doctype html><script>
var logged = [];
var i = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([`+strings.Join(nums, ",")+`])), { env: { log: function (x) { logged.push(x); } } });
i.exports.callLog(7);
</script>`, nil)
			p.run()
			p.noErrors()
			if got := p.eval(`logged.join()`); got != "7" {
				t.Fatalf("logged %q, want 7", got)
			}
			runtime.AddCleanup(p.w, func(ch chan struct{}) { ch <- struct{}{} }, collected)
		}()
	}
	n := 0
	for range 20 {
		runtime.GC()
		for n < pages {
			select {
			case <-collected:
				n++
				continue
			case <-time.After(10 * time.Millisecond):
			}
			break
		}
		if n == pages {
			return
		}
	}
	t.Fatalf("%d of %d pages' Windows are still reachable after they were dropped", pages-n, pages)
}

// TestWebAssemblyReexportedImportCollected: the same, with a module of no
// code of its own that re-exports its import, and a compilation cache of
// its own: the host module's code is then the only code in the engine,
// the one its sorted list keeps past its length once the host module is
// closed, so the page is dropped only if the host functions do not hold it.
func TestWebAssemblyReexportedImportCollected(t *testing.T) {
	cache := wazero.NewCompilationCache()
	defer func(c func() wazero.CompilationCache) { wasmCache = c; cache.Close(context.Background()) }(wasmCache)
	wasmCache = func() wazero.CompilationCache { return cache }
	collected := make(chan struct{})
	func() {
		p := newPage(t, `<!doctype html><script>
var logged = [];
var bin = new Uint8Array([0,97,115,109,1,0,0,0, 1,5,1,96,1,127,0, 2,11,1,3,101,110,118,3,108,111,103,0,0, 7,7,1,3,108,111,103,0,0]);
var i = new WebAssembly.Instance(new WebAssembly.Module(bin), { env: { log: function (x) { logged.push(x); } } });
i.exports.log(7);
</script>`, nil)
		p.run()
		p.noErrors()
		if got := p.eval(`logged.join()`); got != "7" {
			t.Fatalf("logged %q, want 7", got)
		}
		runtime.AddCleanup(p.w, func(ch chan struct{}) { close(ch) }, collected)
	}()
	for range 20 {
		runtime.GC()
		select {
		case <-collected:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatal("the page's Window is still reachable after it was dropped")
}
