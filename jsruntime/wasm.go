package jsruntime

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/loop"
)

// WebAssembly, run by wazero (a WebAssembly runtime in pure Go).
// https://webassembly.github.io/spec/js-api/
//
// The namespace has validate, compile, instantiate, compileStreaming,
// instantiateStreaming, Module (with exports, imports and customSections),
// Instance, Memory, Global, Table and the CompileError, LinkError and
// RuntimeError classes. A module compiles on the page's thread when the
// page asks (the promises of compile and instantiate settle in a
// microtask); compiled code is shared by the pages of a process
// (wasmCache). Each page has one wazero runtime, closed with the page; a
// call into WebAssembly that is still running when the page ends is stopped.
//
// Imports may be functions (JavaScript functions called with the module's
// arguments: i32, f32 and f64 as numbers, i64 as a BigInt, externref as
// itself) and immutable globals of numbers. A module that imports a memory
// or a table, or a mutable global, fails to link (LinkError): wazero links
// those only between modules. An exported memory's buffer is an
// ArrayBuffer over the module's memory, detached when the memory grows (as
// in browsers, views are made again). An exported table is a Table whose
// length reads 0 and whose elements cannot be read, written or grown from
// JavaScript (wazero exposes neither).

// wasmCache keeps compiled code for every page of the process.
var wasmCache = sync.OnceValue(func() wazero.CompilationCache { return wazero.NewCompilationCache() })

// wasmMemoryLimitPages bounds each memory: 8192 pages of 64 KiB, 512 MiB;
// wasmMemoryBudget bounds all the memories of a page together (a page
// cannot take the process down by instantiating many of them).
const wasmMemoryLimitPages = 8192

var wasmMemoryBudget uint64 = 512 << 20 // a variable for tests

// wasmState is a page's WebAssembly: its wazero runtime (made at the first
// compile) and the Go side of the objects the page holds.
type wasmState struct {
	w         wasmHost
	rt        wazero.Runtime
	errClass  [3]*goja.Object // CompileError, LinkError, RuntimeError
	freeze    goja.Callable   // the intrinsic Object.freeze
	protos    struct{ module, instance, memory, global, table *goja.Object }
	objs      map[*goja.Object]any // Module, Instance, Memory, Global, Table objects
	thrownErr error                // what an import threw, on its way out of wazero
	memBytes  uint64               // the bytes of the page's memories, against wasmMemoryBudget
	nextRef   uint64
	externs   map[uint64]goja.Value // externref values handed to WebAssembly
}

type wasmModule struct {
	compiled  wazero.CompiledModule
	imports   []wasmImport // in the order of the module's sections
	exports   []wasmExport
	minMemory uint64 // the bytes its own memories start with
}

type wasmInstance struct {
	mod     api.Module
	obj     *goja.Object // the Instance
	exports *goja.Object
}

type wasmMemory struct {
	mem    api.Memory
	lin    *wasmLinear
	buf    goja.ArrayBuffer
	hasBuf bool
	own    []byte // a Memory made by the page, not by a module
}

type wasmGlobal struct {
	g   api.Global
	typ api.ValueType
	mut bool
}

type wasmTable struct {
	length uint32
}

// wasmLinear backs a module's memory, so that growing it detaches the
// ArrayBuffer the page holds.
type wasmLinear struct {
	buf   []byte
	max   uint64
	used  *uint64 // the page's wasmState.memBytes
	grown func()
}

func (l *wasmLinear) Reallocate(size uint64) []byte {
	grow := size - min(size, uint64(len(l.buf)))
	if size > l.max || *l.used+grow > wasmMemoryBudget {
		return nil
	}
	*l.used += grow
	if size <= uint64(cap(l.buf)) {
		l.buf = l.buf[:size]
	} else {
		nb := make([]byte, size, min(max(size, 2*uint64(cap(l.buf))), l.max))
		copy(nb, l.buf)
		l.buf = nb
	}
	if l.grown != nil {
		l.grown()
	}
	return l.buf
}

func (l *wasmLinear) Free() { l.buf = nil }

// wasmHost is what WebAssembly needs of the global scope it is in: a
// window's or a worker's runtime and realm, the page's context (read when
// a runtime is made: the window's is set after install) and its loop.
type wasmHost struct {
	rt    *goja.Runtime
	realm *bind.Realm
	ctx   func() context.Context
	loop  *loop.Loop
}

// installWebAssembly defines the window's WebAssembly global.
func (w *Window) installWebAssembly() error {
	return installWebAssembly(wasmHost{w.rt, w.realm, func() context.Context { return w.ctx }, w.loop}, w.global)
}

// installWebAssembly defines the WebAssembly global of g. The namespace is
// made when a script first reads it (few pages use it, and it costs about a
// thousand allocations): until then the global is an accessor that
// replaces itself with the data property browsers have.
func installWebAssembly(w wasmHost, g *goja.Object) error {
	define := func(v goja.Value) {
		g.DefineDataProperty("WebAssembly", v, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	get := w.realm.NewFunction("get WebAssembly", 0, func(goja.FunctionCall) goja.Value {
		ns, err := w.newWebAssembly()
		if err != nil {
			panic(w.rt.NewGoError(err))
		}
		define(ns)
		return ns
	})
	set := w.realm.NewFunction("set WebAssembly", 1, func(c goja.FunctionCall) goja.Value {
		define(c.Argument(0))
		return nil
	})
	return g.DefineAccessorProperty("WebAssembly", get, set, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// newWebAssembly makes the WebAssembly namespace.
func (w wasmHost) newWebAssembly() (*goja.Object, error) {
	rt := w.rt
	s := &wasmState{w: w, objs: map[*goja.Object]any{}}
	s.freeze, _ = goja.AssertFunction(rt.GlobalObject().Get("Object").ToObject(rt).Get("freeze"))
	prg, err := wasmGlueProgram()
	if err != nil {
		return nil, err
	}
	glue, err := rt.RunProgram(prg)
	if err != nil {
		return nil, err
	}
	fn, _ := goja.AssertFunction(glue)
	native := rt.NewObject()
	set := func(name string, length int, f func(goja.FunctionCall) goja.Value) {
		native.Set(name, w.realm.NewFunction(name, length, f))
	}
	set("validate", 1, s.validate)
	set("compile", 1, s.compileFn)
	set("instantiate", 2, s.instantiateFn)
	set("newModule", 1, func(c goja.FunctionCall) goja.Value { return s.newModule(c.Argument(0)) })
	set("newInstance", 2, func(c goja.FunctionCall) goja.Value {
		return s.newInstance(s.module(c.Argument(0)), c.Argument(1)).obj
	})
	set("instanceExports", 1, func(c goja.FunctionCall) goja.Value {
		if o, ok := c.Argument(0).(*goja.Object); ok {
			if i, ok := s.objs[o].(*wasmInstance); ok {
				return i.exports
			}
		}
		s.w.realm.ThrowTypeError("Receiver is not a WebAssembly.Instance")
		return nil
	})
	set("newMemory", 1, s.newMemory)
	set("memoryBuffer", 1, func(c goja.FunctionCall) goja.Value { return s.memory(c.Argument(0)).buffer(s) })
	set("memoryGrow", 2, s.memoryGrow)
	set("newGlobal", 2, s.newGlobal)
	set("globalValue", 1, func(c goja.FunctionCall) goja.Value { return s.globalValue(s.global(c.Argument(0))) })
	set("setGlobalValue", 2, s.setGlobalValue)
	set("tableLength", 1, func(c goja.FunctionCall) goja.Value { return rt.ToValue(s.table(c.Argument(0)).length) })
	set("moduleExports", 1, s.moduleExports)
	set("moduleImports", 1, s.moduleImports)
	set("moduleCustomSections", 2, s.moduleCustomSections)
	set("bind", 2, func(c goja.FunctionCall) goja.Value {
		// the glue's objects for each kind, to recognize them
		o := c.Argument(1).ToObject(rt)
		switch c.Argument(0).String() {
		case "module":
			s.protos.module = o
		case "instance":
			s.protos.instance = o
		case "memory":
			s.protos.memory = o
		case "global":
			s.protos.global = o
		case "table":
			s.protos.table = o
		case "errors":
			for i := range s.errClass {
				s.errClass[i], _ = o.Get(fmt.Sprint(i)).(*goja.Object)
			}
		}
		return nil
	})
	ns, err := fn(goja.Undefined(), native)
	if err != nil {
		return nil, err
	}
	nsObj := ns.ToObject(rt)
	for _, name := range []string{"validate", "compile", "instantiate", "compileStreaming", "instantiateStreaming"} {
		if f, ok := nsObj.Get(name).(*goja.Object); ok {
			w.realm.MarkNative(f, name)
		}
	}
	return nsObj, nil
}

// wasmGlue defines the namespace's classes over the native functions; its
// program is compiled once per process.
const wasmGlue = `(function (native) {
  'use strict';
  const kErr = ['CompileError', 'LinkError', 'RuntimeError'].map(function (name) {
    const E = ({ [name]: class extends Error { constructor(message) { super(message); } } })[name];
    Object.defineProperty(E.prototype, 'name', { value: name, writable: true, configurable: true });
    return E;
  });
  native.bind('errors', kErr);
  class Module { constructor(bytes) { return native.newModule(bytes); }
    static exports(m) { return native.moduleExports(m); }
    static imports(m) { return native.moduleImports(m); }
    static customSections(m, name) { return native.moduleCustomSections(m, name); } }
  class Instance { constructor(module, imports) { return native.newInstance(module, imports); }
    get exports() { return native.instanceExports(this); } }
  class Memory { constructor(desc) { return native.newMemory(desc); }
    get buffer() { return native.memoryBuffer(this); }
    grow(delta) { return native.memoryGrow(this, delta); } }
  class Global { constructor(desc, v) { return native.newGlobal(desc, v); }
    get value() { return native.globalValue(this); }
    set value(v) { native.setGlobalValue(this, v); }
    valueOf() { return native.globalValue(this); } }
  class Table { constructor() { throw new TypeError('WebAssembly.Table is not supported'); }
    get length() { return native.tableLength(this); }
    get() { throw new kErr[2]('WebAssembly.Table elements are not supported'); }
    set() { throw new kErr[2]('WebAssembly.Table elements are not supported'); }
    grow() { throw new kErr[2]('WebAssembly.Table elements are not supported'); } }
  for (const [C, tag] of [[Module, 'WebAssembly.Module'], [Instance, 'WebAssembly.Instance'], [Memory, 'WebAssembly.Memory'], [Global, 'WebAssembly.Global'], [Table, 'WebAssembly.Table']]) {
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: tag, configurable: true });
  }
  native.bind('module', Module.prototype);
  native.bind('instance', Instance.prototype);
  native.bind('memory', Memory.prototype);
  native.bind('global', Global.prototype);
  native.bind('table', Table.prototype);
  const source = async function (source) {
    const response = await source;
    if (!(response instanceof Response)) throw new TypeError("WebAssembly.compileStreaming(): Argument 0 must be provided and must be a Response");
    const type = (response.headers.get('Content-Type') || '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/wasm') throw new TypeError("WebAssembly.compileStreaming(): Incorrect response MIME type. Expected 'application/wasm'.");
    if (!response.ok) throw new TypeError('WebAssembly.compileStreaming(): HTTP status code is not ok');
    return response.arrayBuffer();
  };
  const ns = {
    validate: native.validate,
    compile: native.compile,
    instantiate: native.instantiate,
    compileStreaming: async function compileStreaming(s) { return native.compile(await source(s)); },
    instantiateStreaming: async function instantiateStreaming(s, imports) { return native.instantiate(await source(s), imports); },
    Module, Instance, Memory, Global, Table,
    CompileError: kErr[0], LinkError: kErr[1], RuntimeError: kErr[2],
  };
  const out = {};
  for (const k of Object.keys(ns)) Object.defineProperty(out, k, { value: ns[k], writable: true, configurable: true, enumerable: false });
  Object.defineProperty(out, Symbol.toStringTag, { value: 'WebAssembly', configurable: true });
  return out;
})`

var wasmGlueProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:webassembly.js", wasmGlue, true)
})

// runtime returns the page's wazero runtime, making it.
func (s *wasmState) runtime() wazero.Runtime {
	if s.rt == nil {
		cfg := wazero.NewRuntimeConfig().
			WithCompilationCache(wasmCache()).
			WithCloseOnContextDone(true).
			WithMemoryLimitPages(wasmMemoryLimitPages).
			WithCustomSections(true)
		ctx := s.w.ctx()
		if ctx == nil {
			ctx = context.Background()
		}
		s.rt = wazero.NewRuntimeWithConfig(ctx, cfg)
		rt := s.rt
		context.AfterFunc(ctx, func() { rt.Close(context.Background()) })
	}
	return s.rt
}

// ctx is the context of a call into WebAssembly: it ends when the loop's
// Run is stopped (a budget ran out), so that wazero ends a call that would
// not, or with the page outside a Run.
func (s *wasmState) ctx() context.Context {
	parent := s.w.ctx()
	if parent == nil {
		parent = context.Background()
	}
	if stop := s.w.loop.Stopping(); stop != nil {
		return stopContext{parent, stop}
	}
	return parent
}

// stopContext is parent, done when stop is closed.
type stopContext struct {
	context.Context
	stop <-chan struct{}
}

func (c stopContext) Done() <-chan struct{} { return c.stop }

func (c stopContext) Err() error {
	select {
	case <-c.stop:
		return context.Canceled
	default:
		return nil
	}
}

// throwErr throws a new CompileError (0), LinkError (1) or RuntimeError (2).
func (s *wasmState) throwErr(kind int, msg string) {
	if c := s.errClass[kind]; c != nil {
		if o, err := s.w.rt.New(c, s.w.rt.ToValue(msg)); err == nil {
			panic(o)
		}
	}
	panic(s.w.rt.NewTypeError(msg))
}

// bytesOf returns a copy of a BufferSource's bytes.
func (s *wasmState) bytesOf(v goja.Value, what string) []byte {
	if o, ok := v.(*goja.Object); ok {
		switch x := o.Export().(type) {
		case goja.ArrayBuffer:
			return append([]byte(nil), x.Bytes()...)
		case []byte:
			return append([]byte(nil), x...)
		}
		if buf, ok := wasmGet(o, "buffer").Export().(goja.ArrayBuffer); ok {
			off, n := wasmGet(o, "byteOffset").ToInteger(), wasmGet(o, "byteLength").ToInteger()
			b := buf.Bytes()
			if off >= 0 && n >= 0 && off+n <= int64(len(b)) {
				return append([]byte(nil), b[off:off+n]...)
			}
		}
	}
	s.w.realm.ThrowTypeError("%s: Argument 0 must be a buffer source", what)
	return nil
}

func (s *wasmState) compile(b []byte) (wazero.CompiledModule, error) {
	return s.runtime().CompileModule(s.ctx(), b)
}

func (s *wasmState) validate(c goja.FunctionCall) goja.Value {
	b := s.bytesOf(c.Argument(0), "WebAssembly.validate()")
	m, err := s.compile(b)
	if err == nil {
		m.Close(s.ctx())
	}
	return s.w.rt.ToValue(err == nil)
}

// wrap makes an object of the glue's class proto for x.
func (s *wasmState) wrap(proto *goja.Object, x any) *goja.Object {
	o := s.w.rt.NewObject()
	o.SetPrototype(proto)
	s.objs[o] = x
	return o
}

func (s *wasmState) newModule(v goja.Value) *goja.Object {
	b := s.bytesOf(v, "WebAssembly.Module()")
	m, err := s.compile(b)
	if err != nil {
		s.throwErr(0, "WebAssembly.Module(): "+err.Error())
	}
	mod := &wasmModule{compiled: m}
	var err2 error
	if mod.imports, mod.exports, mod.minMemory, err2 = wasmSections(b); err2 != nil {
		s.throwErr(0, "WebAssembly.Module(): "+err2.Error())
	}
	return s.wrap(s.protos.module, mod)
}

func (s *wasmState) module(v goja.Value) *wasmModule {
	if o, ok := v.(*goja.Object); ok {
		if m, ok := s.objs[o].(*wasmModule); ok {
			return m
		}
	}
	s.w.realm.ThrowTypeError("WebAssembly.Instance(): Argument 0 must be a WebAssembly.Module")
	return nil
}

func (s *wasmState) memory(v goja.Value) *wasmMemory {
	if o, ok := v.(*goja.Object); ok {
		if m, ok := s.objs[o].(*wasmMemory); ok {
			return m
		}
	}
	s.w.realm.ThrowTypeError("Receiver is not a WebAssembly.Memory")
	return nil
}

func (s *wasmState) global(v goja.Value) *wasmGlobal {
	if o, ok := v.(*goja.Object); ok {
		if g, ok := s.objs[o].(*wasmGlobal); ok {
			return g
		}
	}
	s.w.realm.ThrowTypeError("Receiver is not a WebAssembly.Global")
	return nil
}

func (s *wasmState) table(v goja.Value) *wasmTable {
	if o, ok := v.(*goja.Object); ok {
		if t, ok := s.objs[o].(*wasmTable); ok {
			return t
		}
	}
	s.w.realm.ThrowTypeError("Receiver is not a WebAssembly.Table")
	return nil
}

// settle runs f now and settles a promise with its result or exception.
func (s *wasmState) settle(f func() goja.Value) goja.Value {
	rt := s.w.rt
	p, resolve, reject := rt.NewPromise()
	func() {
		defer func() {
			if r := recover(); r != nil {
				switch x := r.(type) {
				case *goja.Object:
					reject(x)
				case goja.Value:
					reject(x)
				case *goja.Exception:
					reject(x.Value())
				default:
					panic(r)
				}
			}
		}()
		resolve(f())
	}()
	return rt.ToValue(p)
}

func (s *wasmState) compileFn(c goja.FunctionCall) goja.Value {
	return s.settle(func() goja.Value { return s.newModule(c.Argument(0)) })
}

func (s *wasmState) instantiateFn(c goja.FunctionCall) goja.Value {
	src, imports := c.Argument(0), c.Argument(1)
	return s.settle(func() goja.Value {
		if o, ok := src.(*goja.Object); ok {
			if m, ok := s.objs[o].(*wasmModule); ok {
				return s.newInstance(m, imports).obj
			}
		}
		mod := s.newModule(src)
		inst := s.newInstance(s.objs[mod].(*wasmModule), imports)
		res := s.w.rt.NewObject()
		res.Set("module", mod)
		res.Set("instance", inst.obj)
		return res
	})
}

// wasmExport is one entry of a module's export section, in order.
type wasmExport struct {
	name string
	kind byte // 0 function, 1 table, 2 memory, 3 global, 4 tag
}

// wasmImport is one entry of a module's import section, in order.
type wasmImport struct {
	module, name string
	kind         byte
	mutable      bool // a mutable global
}

var wasmKinds = [...]string{"function", "table", "memory", "global", "tag"}

// newInstance links m with imports and instantiates it.
func (s *wasmState) newInstance(m *wasmModule, imports goja.Value) *wasmInstance {
	rt := s.w.rt
	ctx := s.ctx()
	wrt := s.runtime()
	imps, exps := m.imports, m.exports
	if len(imps) > 0 && (imports == nil || goja.IsUndefined(imports) || goja.IsNull(imports)) {
		s.w.realm.ThrowTypeError("WebAssembly.Instance(): Imports argument must be present and must be an object")
	}
	// The host module of each imported module name, with its functions.
	fnDefs := map[[2]string]api.FunctionDefinition{}
	for _, d := range m.compiled.ImportedFunctions() {
		mod, name, _ := d.Import()
		fnDefs[[2]string{mod, name}] = d
	}
	builders := map[string]wazero.HostModuleBuilder{}
	var order []string
	for i, im := range imps {
		modObj, ok := imports.ToObject(rt).Get(im.module).(*goja.Object)
		if !ok {
			s.w.realm.ThrowTypeError("WebAssembly.Instance(): Import #%d \"%s\": module is not an object or function", i, im.module)
		}
		v := modObj.Get(im.name)
		if im.kind != 0 {
			s.throwErr(1, fmt.Sprintf("WebAssembly.Instance(): Import #%d \"%s\" \"%s\": %s imports are not supported", i, im.module, im.name, wasmKinds[min(int(im.kind), len(wasmKinds)-1)]))
		}
		fn, ok := goja.AssertFunction(v)
		if !ok {
			s.throwErr(1, fmt.Sprintf("WebAssembly.Instance(): Import #%d \"%s\" \"%s\": function import requires a callable", i, im.module, im.name))
		}
		def := fnDefs[[2]string{im.module, im.name}]
		if def == nil {
			s.throwErr(1, fmt.Sprintf("WebAssembly.Instance(): Import #%d \"%s\" \"%s\": unknown import", i, im.module, im.name))
		}
		b, ok := builders[im.module]
		if !ok {
			b = wrt.NewHostModuleBuilder(im.module)
			builders[im.module] = b
			order = append(order, im.module)
		}
		params, results := def.ParamTypes(), def.ResultTypes()
		b.NewFunctionBuilder().WithGoModuleFunction(api.GoModuleFunc(func(ctx context.Context, _ api.Module, stack []uint64) {
			args := make([]goja.Value, len(params))
			for j, t := range params {
				args[j] = s.toJS(t, stack[j])
			}
			res, err := fn(goja.Undefined(), args...)
			if err != nil {
				s.thrownErr = err
				panic(errWasmImportThrew)
			}
			switch len(results) {
			case 0:
			case 1:
				stack[0] = s.fromJS(results[0], res)
			default:
				o := res.ToObject(rt)
				for j, t := range results {
					stack[j] = s.fromJS(t, wasmGet(o, fmt.Sprint(j)))
				}
			}
		}), params, results).Export(im.name)
	}
	hosts := map[string]api.Module{}
	for _, name := range order {
		compiled, err := builders[name].Compile(ctx)
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		host, err := wrt.InstantiateModule(ctx, compiled, wazero.NewModuleConfig().WithName(""))
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		hosts[name] = host
	}
	var lins []*wasmLinear
	ictx := experimental.WithImportResolver(ctx, func(name string) api.Module { return hosts[name] })
	ictx = experimental.WithMemoryAllocator(ictx, experimental.MemoryAllocatorFunc(func(c, mx uint64) experimental.LinearMemory {
		l := &wasmLinear{buf: make([]byte, 0, min(c, wasmMemoryBudget)), max: mx, used: &s.memBytes}
		lins = append(lins, l)
		return l
	}))
	// The start function may call imports.
	s.thrownErr = nil
	if s.memBytes+m.minMemory > wasmMemoryBudget {
		s.w.realm.ThrowRangeError("WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance")
	}
	// Only the module's start section runs (wazero would also call a
	// "_start" export, the WASI convention; browsers do not).
	mod, err := wrt.InstantiateModule(ictx, m.compiled, wazero.NewModuleConfig().WithName("").WithStartFunctions())
	if err != nil {
		if s.thrownErr == nil && !strings.Contains(err.Error(), "wasm error") {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		s.rethrow(err)
	}
	inst := &wasmInstance{mod: mod}
	exports := rt.NewObject()
	exports.SetPrototype(nil)
	memIdx := 0
	for _, e := range exps {
		var v goja.Value
		switch e.kind {
		case 0:
			v = s.exportedFunction(mod, e.name)
		case 2:
			mem := &wasmMemory{mem: mod.ExportedMemory(e.name)}
			if memIdx < len(lins) {
				mem.lin = lins[memIdx]
			}
			memIdx++
			o := s.wrap(s.protos.memory, mem)
			if mem.lin != nil {
				mem.lin.grown = func() { mem.detach() }
			}
			v = o
		case 3:
			g := mod.ExportedGlobal(e.name)
			if g == nil {
				continue
			}
			_, mut := g.(api.MutableGlobal)
			v = s.wrap(s.protos.global, &wasmGlobal{g: g, typ: g.Type(), mut: mut})
		case 1:
			v = s.wrap(s.protos.table, &wasmTable{})
		default:
			continue
		}
		exports.DefineDataProperty(e.name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	if _, err := s.freeze(goja.Undefined(), exports); err != nil {
		panic(err)
	}
	inst.exports = exports
	inst.obj = s.wrap(s.protos.instance, inst)
	return inst
}

// errWasmImportThrew stops WebAssembly when an import threw; the exception
// waits in wasmState.thrownErr.
var errWasmImportThrew = errors.New("an import threw")

// rethrow throws what stopped a call: an import's exception as it was, a
// trap as a RuntimeError.
func (s *wasmState) rethrow(err error) {
	if t := s.thrownErr; t != nil {
		s.thrownErr = nil
		if ex, ok := t.(*goja.Exception); ok {
			panic(ex.Value())
		}
		panic(t)
	}
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimPrefix(msg, "wasm error: ")
	if r, ok := wasmTrapMessages[msg]; ok {
		msg = r
	}
	s.throwErr(2, msg)
}

// wasmTrapMessages are Chromium's words for wazero's traps.
var wasmTrapMessages = map[string]string{
	"unreachable":                   "unreachable",
	"integer divide by zero":        "divide by zero",
	"out of bounds memory access":   "memory access out of bounds",
	"invalid table access":          "table index is out of bounds",
	"indirect call type mismatch":   "null function or function signature mismatch",
	"integer overflow":              "divide result unrepresentable",
	"invalid conversion to integer": "float unrepresentable in integer range",
	"stack overflow":                "Maximum call stack size exceeded",
}

// exportedFunction is a JavaScript function calling an export.
func (s *wasmState) exportedFunction(mod api.Module, name string) goja.Value {
	f := mod.ExportedFunction(name)
	if f == nil {
		return goja.Undefined()
	}
	def := f.Definition()
	params, results := def.ParamTypes(), def.ResultTypes()
	rt := s.w.rt
	fn := s.w.realm.NewFunction(fmt.Sprint(def.Index()), len(params), func(c goja.FunctionCall) goja.Value {
		args := make([]uint64, len(params))
		for i, t := range params {
			args[i] = s.fromJS(t, c.Argument(i))
		}
		s.thrownErr = nil
		out, err := f.Call(s.ctx(), args...)
		if err != nil {
			s.rethrow(err)
		}
		switch len(results) {
		case 0:
			return goja.Undefined()
		case 1:
			return s.toJS(results[0], out[0])
		}
		vals := make([]any, len(results))
		for i, t := range results {
			vals[i] = s.toJS(t, out[i])
		}
		return rt.NewArray(vals...)
	})
	return fn
}

// toJS is ToJSValue: a WebAssembly value as JavaScript sees it.
func (s *wasmState) toJS(t api.ValueType, v uint64) goja.Value {
	rt := s.w.rt
	switch t {
	case api.ValueTypeI32:
		return rt.ToValue(int32(uint32(v)))
	case api.ValueTypeI64:
		return rt.ToValue(new(big.Int).SetInt64(int64(v)))
	case api.ValueTypeF32:
		return rt.ToValue(float64(math.Float32frombits(uint32(v))))
	case api.ValueTypeF64:
		return rt.ToValue(math.Float64frombits(v))
	case api.ValueTypeExternref:
		if v == 0 {
			return goja.Null()
		}
		if x, ok := s.externs[v]; ok {
			return x
		}
		return goja.Undefined()
	}
	return goja.Undefined()
}

// fromJS is ToWebAssemblyValue.
func (s *wasmState) fromJS(t api.ValueType, v goja.Value) uint64 {
	switch t {
	case api.ValueTypeI32:
		return uint64(uint32(toInt32(v.ToFloat())))
	case api.ValueTypeI64:
		b, ok := v.Export().(*big.Int)
		if !ok {
			s.w.realm.ThrowTypeError("Cannot convert %s to a BigInt", v.String())
		}
		return uint64(new(big.Int).And(b, new(big.Int).SetUint64(math.MaxUint64)).Uint64())
	case api.ValueTypeF32:
		return uint64(math.Float32bits(float32(v.ToFloat())))
	case api.ValueTypeF64:
		return math.Float64bits(v.ToFloat())
	case api.ValueTypeExternref:
		if v == nil || goja.IsNull(v) {
			return 0
		}
		if s.externs == nil {
			s.externs = map[uint64]goja.Value{}
		}
		s.nextRef++
		s.externs[s.nextRef] = v
		return s.nextRef
	}
	return 0
}

// wasmGet reads a property, undefined when absent.
func wasmGet(o *goja.Object, name string) goja.Value {
	if v := o.Get(name); v != nil {
		return v
	}
	return goja.Undefined()
}

// toInt32 is ECMAScript's ToInt32 of a number.
func toInt32(f float64) int32 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int32(uint32(int64(math.Mod(math.Trunc(f), 1<<32))))
}

// buffer is the memory's ArrayBuffer, made again after it grew.
func (m *wasmMemory) buffer(s *wasmState) goja.Value {
	if !m.hasBuf || m.buf.Detached() {
		var b []byte
		if m.mem != nil {
			b, _ = m.mem.Read(0, m.mem.Size())
		} else {
			b = m.own
		}
		m.buf, m.hasBuf = s.w.rt.NewArrayBuffer(b), true
	}
	return s.w.rt.ToValue(m.buf)
}

// detach detaches the buffer the page holds (the memory grew).
func (m *wasmMemory) detach() {
	if m.hasBuf {
		m.buf.Detach()
		m.hasBuf = false
	}
}

func (s *wasmState) memoryGrow(c goja.FunctionCall) goja.Value {
	m := s.memory(c.Argument(0))
	delta := c.Argument(1).ToFloat()
	if delta < 0 || delta > math.MaxUint32 || delta != math.Trunc(delta) {
		s.w.realm.ThrowTypeError("WebAssembly.Memory.grow(): Argument 0 must be non-negative")
	}
	if m.mem != nil {
		prev, ok := m.mem.Grow(uint32(delta))
		if !ok {
			s.w.realm.ThrowRangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded")
		}
		m.detach()
		return s.w.rt.ToValue(prev)
	}
	prev := len(m.own) / 65536
	n := prev + int(delta)
	if n > wasmMemoryLimitPages || s.memBytes+uint64(delta)*65536 > wasmMemoryBudget {
		s.w.realm.ThrowRangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded")
	}
	s.memBytes += uint64(delta) * 65536
	nb := make([]byte, n*65536)
	copy(nb, m.own)
	m.own = nb
	m.detach()
	return s.w.rt.ToValue(prev)
}

// newMemory is new WebAssembly.Memory({initial, maximum}): memory for the
// page's own use (a module cannot import it, see installWebAssembly).
func (s *wasmState) newMemory(c goja.FunctionCall) goja.Value {
	desc, ok := c.Argument(0).(*goja.Object)
	if !ok {
		s.w.realm.ThrowTypeError("WebAssembly.Memory(): Argument 0 must be a memory descriptor")
	}
	initial := wasmGet(desc, "initial")
	if goja.IsUndefined(initial) {
		s.w.realm.ThrowTypeError("WebAssembly.Memory(): Property 'initial' is required")
	}
	n := initial.ToFloat()
	if n < 0 || n > wasmMemoryLimitPages || n != math.Trunc(n) {
		s.w.realm.ThrowRangeError("WebAssembly.Memory(): Property 'initial': value is above the upper bound.")
	}
	if s.memBytes+uint64(n)*65536 > wasmMemoryBudget {
		s.w.realm.ThrowRangeError("WebAssembly.Memory(): could not allocate memory")
	}
	s.memBytes += uint64(n) * 65536
	return s.wrap(s.protos.memory, &wasmMemory{own: make([]byte, int(n)*65536)})
}

// newGlobal is new WebAssembly.Global({value, mutable}, v) of a number type.
func (s *wasmState) newGlobal(c goja.FunctionCall) goja.Value {
	desc, ok := c.Argument(0).(*goja.Object)
	if !ok {
		s.w.realm.ThrowTypeError("WebAssembly.Global(): Argument 0 must be a global descriptor")
	}
	var t api.ValueType
	switch wasmGet(desc, "value").String() {
	case "i32":
		t = api.ValueTypeI32
	case "i64":
		t = api.ValueTypeI64
	case "f32":
		t = api.ValueTypeF32
	case "f64":
		t = api.ValueTypeF64
	default:
		s.w.realm.ThrowTypeError("WebAssembly.Global(): Descriptor property 'value' must be a WebAssembly type")
	}
	g := &wasmGlobal{typ: t, mut: wasmGet(desc, "mutable").ToBoolean()}
	g.g = &pageGlobal{t: t}
	if v := c.Argument(1); !goja.IsUndefined(v) {
		g.g.(*pageGlobal).v = s.fromJS(t, v)
	}
	return s.wrap(s.protos.global, g)
}

// pageGlobal is a global made by the page.
type pageGlobal struct {
	t api.ValueType
	v uint64
}

func (g *pageGlobal) String() string      { return fmt.Sprint(g.v) }
func (g *pageGlobal) Type() api.ValueType { return g.t }
func (g *pageGlobal) Get() uint64         { return g.v }
func (g *pageGlobal) Set(v uint64)        { g.v = v }

func (s *wasmState) globalValue(g *wasmGlobal) goja.Value { return s.toJS(g.typ, g.g.Get()) }

func (s *wasmState) setGlobalValue(c goja.FunctionCall) goja.Value {
	g := s.global(c.Argument(0))
	if !g.mut {
		s.w.realm.ThrowTypeError("Can't set the value of an immutable global.")
	}
	v := s.fromJS(g.typ, c.Argument(1))
	switch x := g.g.(type) {
	case api.MutableGlobal:
		x.Set(v)
	case *pageGlobal:
		x.Set(v)
	}
	return goja.Undefined()
}

func (s *wasmState) moduleExports(c goja.FunctionCall) goja.Value {
	m := s.module(c.Argument(0))
	exps := m.exports
	out := make([]any, len(exps))
	for i, e := range exps {
		o := s.w.rt.NewObject()
		o.Set("name", e.name)
		o.Set("kind", wasmKinds[min(int(e.kind), len(wasmKinds)-1)])
		out[i] = o
	}
	return s.w.rt.NewArray(out...)
}

func (s *wasmState) moduleImports(c goja.FunctionCall) goja.Value {
	m := s.module(c.Argument(0))
	imps := m.imports
	out := make([]any, len(imps))
	for i, im := range imps {
		o := s.w.rt.NewObject()
		o.Set("module", im.module)
		o.Set("name", im.name)
		o.Set("kind", wasmKinds[min(int(im.kind), len(wasmKinds)-1)])
		out[i] = o
	}
	return s.w.rt.NewArray(out...)
}

func (s *wasmState) moduleCustomSections(c goja.FunctionCall) goja.Value {
	m := s.module(c.Argument(0))
	name := c.Argument(1).String()
	var out []any
	for _, cs := range m.compiled.CustomSections() {
		if cs.Name() == name {
			out = append(out, s.w.rt.NewArrayBuffer(append([]byte(nil), cs.Data()...)))
		}
	}
	return s.w.rt.NewArray(out...)
}

// wasmSections reads the import and export sections of a module binary
// (wazero lists exports by name only, and imports of functions only).
// https://webassembly.github.io/spec/core/binary/modules.html
func wasmSections(b []byte) (imps []wasmImport, exps []wasmExport, minMemory uint64, err error) {
	r := wasmReader{b: b}
	if len(b) < 8 {
		return nil, nil, 0, errors.New("module too short")
	}
	r.i = 8 // magic and version
	for r.i < len(r.b) && r.err == nil {
		id := r.byte()
		size := r.u32()
		end := r.i + int(size)
		if r.err != nil || end > len(r.b) || end < r.i {
			return nil, nil, 0, errors.New("section out of bounds")
		}
		switch id {
		case 2: // imports
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				im := wasmImport{module: r.name(), name: r.name(), kind: r.byte()}
				switch im.kind {
				case 0: // function: type index
					r.u32()
				case 1: // table: reference type, limits
					r.byte()
					r.limits()
				case 2: // memory: limits
					r.limits()
				case 3: // global: value type, mutability
					r.byte()
					im.mutable = r.byte() == 1
				case 4: // tag: attribute, type index
					r.byte()
					r.u32()
				default:
					return nil, nil, 0, fmt.Errorf("import kind %d", im.kind)
				}
				imps = append(imps, im)
			}
		case 5: // memories: limits
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				minMemory += uint64(r.limits()) * 65536
			}
		case 7: // exports
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				e := wasmExport{name: r.name(), kind: r.byte()}
				r.u32()
				exps = append(exps, e)
			}
		}
		r.i = end
	}
	return imps, exps, minMemory, r.err
}

// wasmReader reads LEB128 numbers and names from a module binary.
type wasmReader struct {
	b   []byte
	i   int
	err error
}

func (r *wasmReader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *wasmReader) u32() uint32 {
	v, n := binary.Uvarint(r.b[min(r.i, len(r.b)):])
	if n <= 0 || v > math.MaxUint32 {
		r.err = errors.New("bad integer")
		return 0
	}
	r.i += n
	return uint32(v)
}

func (r *wasmReader) name() string {
	n := int(r.u32())
	if r.err != nil || r.i+n > len(r.b) {
		r.err = errors.New("name out of bounds")
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	return s
}

// limits reads limits and returns their minimum.
func (r *wasmReader) limits() uint32 {
	flags := r.byte()
	lo := r.u32()
	if flags&1 != 0 {
		r.u32()
	}
	return lo
}
