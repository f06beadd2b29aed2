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
// itself, funcref as an exported function or null), memories, tables and
// globals (WebAssembly.Memory, Table and Global objects, or a number for
// an immutable global). wazero links memories, tables and globals only
// between modules, so each module's binary is rewritten before it is
// compiled (wasmlink.go): its imports come from small provider modules
// holding the page's objects, and every table lives in such a module,
// whose accessors give JavaScript a Table's length, get, set and grow.
// A funcref read from a table becomes the function's exported function
// object, the same object for the same function of an instance (found by
// its definition: wazero's table.LookupFunction with each function type
// of the page's modules); each instance after the first of a Module whose
// functions can reach JavaScript through tables or funcref values is
// compiled again (from wazero's cache) so that its definitions are its
// own. An exported memory's buffer is an ArrayBuffer over the module's
// memory, detached when the memory grows (as in browsers, views are made
// again); a Memory given to several instances is one memory they share.
// Exceptions (tags) and the GC proposal's types are not supported: a
// module using them is compiled as it is, with its function imports only.

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
	w          wasmHost
	rt         wazero.Runtime
	errClass   [3]*goja.Object // CompileError, LinkError, RuntimeError
	freeze     goja.Callable   // the intrinsic Object.freeze
	protos     struct{ module, instance, memory, global, table *goja.Object }
	objs       map[*goja.Object]any // Module, Instance, Memory, Global, Table and exported function objects
	thrownErr  error                // what an import threw, on its way out of wazero
	memBytes   uint64               // the bytes of the page's memories, against wasmMemoryBudget
	tableElems uint64               // the elements of tables made or grown from JavaScript, against wasmTableBudget
	nextRef    uint64
	externs    map[uint64]goja.Value // externref values handed to WebAssembly

	providers map[string]wazero.CompiledModule        // compiled provider modules, by their bytes
	fnByDef   map[api.FunctionDefinition]*goja.Object // exported function objects, one per function
	fnByRef   map[uint64]*goja.Object                 // and by the funcref values seen
	ambiguous map[api.FunctionDefinition]bool         // definitions of several instances' functions
	hostNames map[api.FunctionDefinition]string       // the names of imported functions
	sigs      []wasmSig                               // the function types of the page's modules
	sigSeen   map[string]bool
	scratch   *wasmTable      // one funcref slot, to look up a funcref value
	imports   []*wasmJSImport // the page's imported functions, which wazero reaches weakly

	mu            sync.Mutex     // guards compiled and released (release runs when the page's context ends)
	compiled      []wasmCompiled // what the page compiled, closed or kept when it ends (wasmkeep.go)
	compiledBytes int            // the bytes of the distinct binaries compiled, against wasmCompileBudget
	compiledKeys  map[uint64]struct{}
	released      bool
}

type wasmModule struct {
	compiled  wazero.CompiledModule
	bin       []byte // what wazero compiled: the rewritten binary
	layout    *wasmLayout
	linked    bool // rewritten (wasmRewrite): imports renamed, tables imported
	ownDefs   bool // each instance compiled apart (its functions can reach JavaScript through tables)
	instances int
	imports   []wasmImport // in the order of the module's sections
	exports   []wasmExport
	minMemory uint64 // the bytes its own memories start with
}

type wasmInstance struct {
	mod     api.Module
	obj     *goja.Object // the Instance
	exports *goja.Object
	shared  bool                                    // its compiled module (and so its functions' definitions) is another instance's too
	fns     map[api.FunctionDefinition]*goja.Object // its exported function objects, when shared
}

// wasmMemory is a Memory: a module's own, or one in a provider module
// (made by the page).
type wasmMemory struct {
	mem    api.Memory
	lin    *wasmLinear
	buf    goja.ArrayBuffer
	hasBuf bool
	obj    *goja.Object
	prov   api.Module // the module holding it and its export name there
	name   string
	max    uint32 // declared maximum in pages, if hasMax
	hasMax bool
}

type wasmGlobal struct {
	g    api.Global
	typ  api.ValueType
	mut  bool
	obj  *goja.Object
	prov api.Module // the module holding it and its export name there (nil for the page's own until imported)
	name string
}

// wasmTable is a Table: a table in a provider module (wasmTableProvider).
type wasmTable struct {
	prov                       api.Module
	typ                        wasmTableType // element type and declared limits
	size, get, set, grow, fill api.Function
	obj                        *goja.Object
}

// wasmFunc is an exported function object's WebAssembly function.
type wasmFunc struct {
	f    api.Function
	ref  uint64        // a funcref value for it, 0 until known
	inst *wasmInstance // where it is exported, as name (to make a funcref of it)
	name string
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

// installWebAssembly defines the WebAssembly global of g, a namespace:
// writable, configurable and not enumerable. It is made when a script
// first reads or inspects it (few pages use it, and it costs about a
// thousand allocations); until then it is a placeholder scripts see as
// the data property (bind.Realm.DefineLazy).
// https://webidl.spec.whatwg.org/#es-namespaces
func installWebAssembly(w wasmHost, g *goja.Object) error {
	return w.realm.DefineLazy(g, "WebAssembly", func() goja.Value {
		ns, err := w.newWebAssembly()
		if err != nil {
			panic(w.rt.NewGoError(err))
		}
		return ns
	})
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
	set("tableLength", 1, func(c goja.FunctionCall) goja.Value {
		return rt.ToValue(s.tableLen(s.tableFor("WebAssembly.Table.length()", c.Argument(0))))
	})
	set("newTable", 1, s.newTable)
	set("tableGet", 2, s.tableGet)
	set("tableSet", 4, s.tableSet)
	set("tableGrow", 4, s.tableGrow)
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
  class Table { constructor(desc) { return native.newTable(...arguments); }
    get length() { return native.tableLength(this); }
    grow(delta) { return native.tableGrow(this, delta, arguments[1], arguments.length > 1); }
    set(index) { return native.tableSet(this, index, arguments[1], arguments.length > 1); }
    get(index) { return native.tableGet(this, index); } }
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
		context.AfterFunc(ctx, func() {
			rt.Close(context.Background())
			s.release()
		})
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
	l, perr := wasmParse(b)
	bin := b
	linked := perr == nil && l.rewrite
	if linked && l.needsRewrite() {
		bin = wasmRewrite(b, l)
	}
	m, err := s.compile(bin)
	if err != nil && linked {
		// the module's own error, in its own terms (or, should the
		// rewriting have failed, the module unlinked)
		bin, linked = b, false
		m, err = s.compile(b)
	}
	if err != nil {
		s.throwErr(0, "WebAssembly.Module(): "+err.Error())
	}
	if perr != nil {
		s.throwErr(0, "WebAssembly.Module(): "+perr.Error())
	}
	mod := &wasmModule{compiled: m, bin: bin, layout: l, linked: linked, ownDefs: linked && l.refsEscape(),
		imports: l.imports, exports: l.exports, minMemory: l.minMemory}
	if s.sigSeen == nil {
		s.sigSeen = map[string]bool{}
	}
	for _, t := range l.types {
		if k := t.key(); !s.sigSeen[k] {
			s.sigSeen[k] = true
			s.sigs = append(s.sigs, t)
		}
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
	name  string
	kind  byte // 0 function, 1 table, 2 memory, 3 global, 4 tag
	index uint32
}

// wasmImport is one entry of a module's import section, in order.
type wasmImport struct {
	module, name       string
	kind               byte
	descStart, descEnd int // its description's bytes in the binary
	typeIdx            uint32
	table              wasmTableType
	memMin, memMax     uint32
	memHasMax          bool
	valType            byte
	mutable            bool // a mutable global
}

var wasmKinds = [...]string{"function", "table", "memory", "global", "tag"}

// errWasmImportThrew stops WebAssembly when an import threw; the exception
// waits in wasmState.thrownErr.
var errWasmImportThrew = errors.New("an import threw")

var errWasmCompileBudget = errors.New("out of memory: the page has compiled too much WebAssembly")

// rethrow throws what stopped a call: an import's exception as it was, a
// trap as a RuntimeError.
func (s *wasmState) rethrow(err error) {
	if t := s.thrownErr; t != nil {
		s.thrownErr = nil
		switch x := t.(type) {
		case *goja.Exception:
			panic(x.Value())
		case *wasmThrown:
			panic(x.v)
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
	"indirect call type mismatch":   "function signature mismatch",
	"integer overflow":              "divide result unrepresentable",
	"invalid conversion to integer": "float unrepresentable in integer range",
	"stack overflow":                "Maximum call stack size exceeded",
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
	case wasmFuncref:
		return s.funcrefToJS(v)
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
	case wasmFuncref:
		return s.funcrefFromJS(v)
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
		b, _ := m.mem.Read(0, m.mem.Size())
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
