package jsruntime

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"weak"

	"github.com/dop251/goja"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/experimental/table"
)

// wasmMaxTableSize is Chromium's bound on a table's length.
const wasmMaxTableSize = 10000000

// wasmTableBudget bounds the elements of the tables a page makes or grows
// from JavaScript together (8 bytes each), as wasmMemoryBudget its memories.
var wasmTableBudget uint64 = 32 << 20

// newInstance links m with imports and instantiates it.
func (s *wasmState) newInstance(m *wasmModule, imports goja.Value) *wasmInstance {
	rt := s.w.rt
	ctx := s.ctx()
	wrt := s.runtime()
	imps, exps := m.imports, m.exports
	if len(imps) > 0 && (imports == nil || goja.IsUndefined(imports) || goja.IsNull(imports)) {
		s.w.realm.ThrowTypeError("WebAssembly.Instance(): Imports argument must be present and must be an object")
	}
	compiled := m.compiled
	if m.instances > 0 && m.ownDefs {
		// Each instance gets its own compiled module (the code is
		// wazero's cache's), so that its functions' definitions, which
		// tell exported function objects apart, are its own.
		c, err := s.compile(m.bin)
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		compiled = c
	}
	fnDefs := map[string]api.FunctionDefinition{}
	for _, d := range compiled.ImportedFunctions() {
		mod, name, _ := d.Import()
		fnDefs[mod+"\x00"+name] = d
	}
	resolve := map[string]api.Module{}
	// The host modules of function imports: one per module name the
	// imports name, and one of its own for each function the module
	// names as a value (behind wasmImportShim, so that table.get finds
	// it).
	builders := map[string]wazero.HostModuleBuilder{}
	var order []string
	type hostFn struct {
		group, field, name string
		sig                wasmSig
	}
	var hostFns []hostFn
	var referenced map[int]bool
	if m.linked {
		referenced = m.layout.referencedImports()
	}
	var memories []*wasmMemory
	var tables []*wasmTable
	var globals []*wasmGlobal
	funcIdx := 0
	for i, im := range imps {
		modObj, ok := imports.ToObject(rt).Get(im.module).(*goja.Object)
		if !ok {
			s.w.realm.ThrowTypeError("WebAssembly.Instance(): Import #%d \"%s\": module is not an object or function", i, im.module)
		}
		v := wasmGet(modObj, im.name)
		key, field := im.module, im.name
		if m.linked {
			key, field = wasmHidden+strconv.Itoa(i), wasmImportName(im.kind, i)
		}
		linkErr := func(format string, a ...any) {
			s.throwErr(1, fmt.Sprintf("WebAssembly.Instance(): Import #%d \"%s\" \"%s\": ", i, im.module, im.name)+fmt.Sprintf(format, a...))
		}
		if im.kind != 0 && !m.linked {
			linkErr("%s imports are not supported", wasmKinds[min(int(im.kind), len(wasmKinds)-1)])
		}
		switch im.kind {
		case 0:
			fn, ok := goja.AssertFunction(v)
			if !ok {
				linkErr("function import requires a callable")
			}
			def := fnDefs[key+"\x00"+field]
			if def == nil {
				linkErr("unknown import")
			}
			group := im.module
			if m.linked {
				group = "\x01" + im.module // apart from the hidden names
				if referenced[funcIdx] {
					group = key
				}
			}
			b, ok := builders[group]
			if !ok {
				b = wrt.NewHostModuleBuilder(group)
				builders[group] = b
				order = append(order, group)
			}
			hostFns = append(hostFns, hostFn{group, field, strconv.Itoa(funcIdx), wasmSig{def.ParamTypes(), def.ResultTypes()}})
			funcIdx++
			b.NewFunctionBuilder().WithGoModuleFunction(s.hostFunction(fn, def), def.ParamTypes(), def.ResultTypes()).Export(field)
		case 1:
			t := s.tableOf(v)
			if t == nil {
				linkErr("table import requires a WebAssembly.Table")
			}
			if t.typ.ref != im.table.ref {
				linkErr("imported table does not match the expected type")
			}
			if n := s.tableLen(t); n < im.table.min {
				s.throwErr(1, fmt.Sprintf("WebAssembly.Instance(): table import %d is smaller than initial %d, got %d", len(tables), im.table.min, n))
			}
			if im.table.hasMax {
				if !t.typ.hasMax {
					linkErr("table import has no maximum length, expected %d", im.table.max)
				}
				if t.typ.max > im.table.max {
					linkErr("table import has a larger maximum size %d than the module's declared maximum %d", t.typ.max, im.table.max)
				}
			}
			resolve[key] = t.prov
			tables = append(tables, t)
		case 2:
			mem := s.memoryOf(v)
			if mem == nil {
				linkErr("memory import must be a WebAssembly.Memory object")
			}
			if pages := uint32(mem.mem.Size() / 65536); pages < im.memMin {
				linkErr("memory import has %d pages which is smaller than the declared initial of %d", pages, im.memMin)
			}
			if im.memHasMax {
				if !mem.hasMax {
					linkErr("memory import has no maximum limit, expected at most %d", uint32(math.MaxUint32)) // sic, Chromium 156
				}
				if mem.max > im.memMax {
					linkErr("memory import has a larger maximum size %d than the module's declared maximum %d", mem.max, im.memMax)
				}
			}
			resolve[key] = s.memoryProvider(mem)
			memories = append(memories, mem)
		case 3:
			g := s.globalOf(v)
			switch {
			case g != nil:
				if g.typ != im.valType {
					linkErr("imported global does not match the expected type")
				}
				if g.mut != im.mutable {
					linkErr("imported global does not match the expected mutability")
				}
			case im.mutable:
				linkErr("imported mutable global must be a WebAssembly.Global object")
			default:
				if !wasmGlobalValueOK(im.valType, v) {
					linkErr("global import must be a number, valid Wasm reference, or WebAssembly.Global object")
				}
				g = &wasmGlobal{typ: im.valType, g: &pageGlobal{t: im.valType, v: s.fromJS(im.valType, v)}}
			}
			p := s.globalProvider(g)
			if p == nil {
				linkErr("a global of a reference type holding a value cannot be imported")
			}
			resolve[key] = p
			globals = append(globals, g)
		default:
			linkErr("%s imports are not supported", wasmKinds[min(int(im.kind), len(wasmKinds)-1)])
		}
	}
	inst := &wasmInstance{shared: m.instances > 0 && !m.ownDefs}
	if m.linked {
		for k, t := range m.layout.tables {
			tb := s.newTableIn(t, 0)
			resolve[wasmHidden+"t"+strconv.Itoa(k)] = tb.prov
			tables = append(tables, tb)
		}
	}
	for _, name := range order {
		hc, err := builders[name].Compile(ctx)
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		host, err := wrt.InstantiateModule(ctx, hc, wazero.NewModuleConfig().WithName(""))
		// The compiled host module goes into the process-wide engine
		// (wasmCache) under an ID of its own, with its functions, which
		// hold this page: closing it drops it from there, and it lives on
		// only in the instance (wazero allows closing a compiled module
		// that has instances). Left open, every page instantiating a
		// module with function imports stayed reachable for the life of
		// the process (tree-sitter's: 38 MB a render).
		hc.Close(ctx)
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		resolve[name] = host
	}
	fi := 0
	for i, im := range imps {
		if im.kind != 0 {
			continue
		}
		h := hostFns[fi]
		fi++
		host := resolve[h.group]
		if m.linked {
			resolve[wasmHidden+strconv.Itoa(i)] = host
			if h.group == wasmHidden+strconv.Itoa(i) {
				// A function the module names as a value comes through a
				// module of WebAssembly calling it: wazero's table lookup
				// cannot follow a reference to a host function itself.
				shim, _, err := s.provide(wasmImportShim(h.field, h.sig), map[string]api.Module{wasmHidden + "s": host})
				if err != nil {
					s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
				}
				resolve[wasmHidden+strconv.Itoa(i)] = shim
			}
		}
		if f := host.ExportedFunction(h.field); f != nil {
			if s.hostNames == nil {
				s.hostNames = map[api.FunctionDefinition]string{}
			}
			s.hostNames[f.Definition()] = h.name
		}
	}
	var lins []*wasmLinear
	ictx := experimental.WithImportResolver(ctx, func(name string) api.Module { return resolve[name] })
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
	mod, err := wrt.InstantiateModule(ictx, compiled, wazero.NewModuleConfig().WithName("").WithStartFunctions())
	if err != nil {
		if s.thrownErr == nil && !wasmIsTrap(err) {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		s.rethrow(err)
	}
	m.instances++
	inst.mod = mod
	exports := rt.NewObject()
	exports.SetPrototype(nil)
	memIdx := 0
	ownMems := map[uint32]*goja.Object{}
	ownGlobals := map[uint32]*goja.Object{}
	for _, e := range exps {
		var v goja.Value
		switch e.kind {
		case 0:
			v = s.exportedFunction(inst, e.name)
		case 1:
			if int(e.index) < len(tables) {
				v = s.tableObject(tables[e.index])
			} else {
				v = s.wrap(s.protos.table, &wasmTable{})
			}
		case 2:
			if int(e.index) < len(memories) {
				v = memories[e.index].obj
				break
			}
			if o := ownMems[e.index]; o != nil {
				v = o
				break
			}
			mem := &wasmMemory{mem: mod.ExportedMemory(e.name), prov: mod, name: e.name}
			if k := int(e.index) - len(memories); m.layout != nil && k >= 0 && k < len(m.layout.memories) {
				mem.max, mem.hasMax = m.layout.memories[k].max, m.layout.memories[k].hasMax
			}
			if memIdx < len(lins) {
				mem.lin = lins[memIdx]
			}
			memIdx++
			mem.obj = s.wrap(s.protos.memory, mem)
			if mem.lin != nil {
				mem.lin.grown = func() { mem.detach() }
			}
			ownMems[e.index] = mem.obj
			v = mem.obj
		case 3:
			if int(e.index) < len(globals) {
				g := globals[e.index]
				if g.obj == nil {
					g.obj = s.wrap(s.protos.global, g)
				}
				v = g.obj
				break
			}
			if o := ownGlobals[e.index]; o != nil {
				v = o
				break
			}
			g := mod.ExportedGlobal(e.name)
			if g == nil {
				continue
			}
			_, mut := g.(api.MutableGlobal)
			wg := &wasmGlobal{g: g, typ: g.Type(), mut: mut, prov: mod, name: e.name}
			wg.obj = s.wrap(s.protos.global, wg)
			ownGlobals[e.index] = wg.obj
			v = wg.obj
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

// wasmIsTrap: err is a trap (or an import's exception) rather than a
// failure to link.
func wasmIsTrap(err error) bool { return strings.Contains(err.Error(), "wasm error") }

// wasmJSImport is a JavaScript function imported into WebAssembly, held by
// the page (wasmState.imports).
type wasmJSImport struct {
	s               *wasmState
	fn              goja.Callable
	params, results []api.ValueType
}

// hostFunction calls the JavaScript function fn as the import def.
//
// The function it returns reaches the page only through a weak pointer:
// wazero's process-wide engine (wasmCache) can keep a closed host module,
// and so its functions, after the page is gone (its list of compiled
// modules keeps the last one removed past its length), and a strong
// reference from there would keep the whole page.
func (s *wasmState) hostFunction(fn goja.Callable, def api.FunctionDefinition) api.GoModuleFunc {
	im := &wasmJSImport{s: s, fn: fn, params: def.ParamTypes(), results: def.ResultTypes()}
	s.imports = append(s.imports, im)
	wp := weak.Make(im)
	return func(ctx context.Context, _ api.Module, stack []uint64) {
		if im := wp.Value(); im != nil {
			im.call(stack)
		}
	}
}

func (im *wasmJSImport) call(stack []uint64) {
	s := im.s
	args := make([]goja.Value, len(im.params))
	for j, t := range im.params {
		args[j] = s.toJS(t, stack[j])
	}
	res, err := im.fn(goja.Undefined(), args...)
	if err != nil {
		s.thrownErr = err
		panic(errWasmImportThrew)
	}
	// a result that does not convert throws out of WebAssembly too
	defer func() {
		if r := recover(); r != nil {
			s.thrownErr = wasmPanicErr(r)
			panic(errWasmImportThrew)
		}
	}()
	switch len(im.results) {
	case 0:
	case 1:
		stack[0] = s.fromJS(im.results[0], res)
	default:
		o := res.ToObject(s.w.rt)
		for j, t := range im.results {
			stack[j] = s.fromJS(t, wasmGet(o, strconv.Itoa(j)))
		}
	}
}

// wasmPanicErr is what a goja panic (a thrown value) becomes on its way
// through wazero.
func wasmPanicErr(r any) error {
	switch x := r.(type) {
	case *goja.Exception:
		return x
	case goja.Value:
		return &wasmThrown{x}
	case error:
		return x
	}
	return fmt.Errorf("%v", r)
}

// wasmThrown carries a thrown JavaScript value as an error.
type wasmThrown struct{ v goja.Value }

func (t *wasmThrown) Error() string { return t.v.String() }

// provide instantiates the provider module bin (compiled once per page),
// with resolve giving its imports; lin is its memory's backing, if any.
func (s *wasmState) provide(bin []byte, resolve map[string]api.Module) (mod api.Module, lin *wasmLinear, err error) {
	wrt := s.runtime()
	ctx := s.ctx()
	if s.providers == nil {
		s.providers = map[string]wazero.CompiledModule{}
	}
	c := s.providers[string(bin)]
	if c == nil {
		if c, err = s.compile(bin); err != nil {
			return nil, nil, err
		}
		if len(s.providers) < 256 {
			s.providers[string(bin)] = c
		}
	}
	ictx := experimental.WithMemoryAllocator(ctx, experimental.MemoryAllocatorFunc(func(c, mx uint64) experimental.LinearMemory {
		lin = &wasmLinear{buf: make([]byte, 0, min(c, wasmMemoryBudget)), max: mx, used: &s.memBytes}
		return lin
	}))
	if resolve != nil {
		ictx = experimental.WithImportResolver(ictx, func(name string) api.Module { return resolve[name] })
	}
	mod, err = wrt.InstantiateModule(ictx, c, wazero.NewModuleConfig().WithName("").WithStartFunctions())
	return mod, lin, err
}

// newTableIn makes a table of type t (of t.min elements, each init) in a
// provider module.
func (s *wasmState) newTableIn(t wasmTableType, init uint64) *wasmTable {
	pt := t
	pt.min = 0
	prov, _, err := s.provide(wasmTableProvider(pt), nil)
	if err != nil {
		s.throwErr(1, "WebAssembly.Table(): "+err.Error())
	}
	tb := &wasmTable{prov: prov, typ: t,
		size: prov.ExportedFunction("s"), get: prov.ExportedFunction("g"), set: prov.ExportedFunction("t"),
		grow: prov.ExportedFunction("w"), fill: prov.ExportedFunction("f")}
	if t.min > 0 {
		if s.tableElems+uint64(t.min) > wasmTableBudget {
			s.w.realm.ThrowRangeError("WebAssembly.Table(): could not allocate the table")
		}
		if r := s.callTable(tb.grow, uint64(t.min), init); len(r) == 0 || int32(r[0]) < 0 {
			s.w.realm.ThrowRangeError("WebAssembly.Table(): could not allocate the table")
		}
		s.tableElems += uint64(t.min)
	}
	return tb
}

// callTable calls one of a table's accessors.
func (s *wasmState) callTable(f api.Function, args ...uint64) []uint64 {
	out, err := f.Call(s.ctx(), args...)
	if err != nil {
		s.rethrow(err)
	}
	return out
}

// tableFor is the table of a Table method's receiver v.
func (s *wasmState) tableFor(what string, v goja.Value) *wasmTable {
	if o, ok := v.(*goja.Object); ok {
		if t, ok := s.objs[o].(*wasmTable); ok {
			return t
		}
	}
	s.w.realm.ThrowTypeError("%s: Receiver is not a WebAssembly.Table", what)
	return nil
}

func (s *wasmState) tableLen(t *wasmTable) uint32 {
	if t.prov == nil {
		return 0
	}
	return uint32(s.callTable(t.size)[0])
}

// tableObject is the Table object of t.
func (s *wasmState) tableObject(t *wasmTable) *goja.Object {
	if t.obj == nil {
		t.obj = s.wrap(s.protos.table, t)
	}
	return t.obj
}

func (s *wasmState) tableOf(v goja.Value) *wasmTable {
	if o, ok := v.(*goja.Object); ok {
		if t, ok := s.objs[o].(*wasmTable); ok && t.prov != nil {
			return t
		}
	}
	return nil
}

func (s *wasmState) memoryOf(v goja.Value) *wasmMemory {
	if o, ok := v.(*goja.Object); ok {
		if m, ok := s.objs[o].(*wasmMemory); ok {
			return m
		}
	}
	return nil
}

func (s *wasmState) globalOf(v goja.Value) *wasmGlobal {
	if o, ok := v.(*goja.Object); ok {
		if g, ok := s.objs[o].(*wasmGlobal); ok {
			return g
		}
	}
	return nil
}

// memoryProvider is a module exporting mem as "x": its own provider, or a
// module forwarding the export of the module that defined it.
func (s *wasmState) memoryProvider(mem *wasmMemory) api.Module {
	if mem.name != "x" {
		fwd, _, err := s.provide(wasmForwarder(2, mem.name, 0, false), map[string]api.Module{wasmHidden + "s": mem.prov})
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		mem.prov, mem.name = fwd, "x"
	}
	return mem.prov
}

// globalProvider is a module exporting g as "x" (nil when g cannot be
// given: an immutable reference global holding a value). A global the
// page made gets one when it is first imported; from then on a mutable
// one lives there.
func (s *wasmState) globalProvider(g *wasmGlobal) api.Module {
	if g.prov != nil && g.name == "x" {
		return g.prov
	}
	if g.prov != nil && g.mut {
		fwd, _, err := s.provide(wasmForwarder(3, g.name, g.typ, true), map[string]api.Module{wasmHidden + "s": g.prov})
		if err != nil {
			s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
		}
		g.prov, g.name = fwd, "x"
		return fwd
	}
	v := g.g.Get()
	ref := wasmRefType(g.typ)
	if ref && !g.mut && v != 0 {
		return nil
	}
	init := v
	if ref {
		init = 0
	}
	prov, _, err := s.provide(wasmGlobalProvider(g.typ, g.mut, init), nil)
	if err != nil {
		s.throwErr(1, "WebAssembly.Instance(): "+err.Error())
	}
	pg := prov.ExportedGlobal("x")
	if mg, ok := pg.(api.MutableGlobal); ok {
		mg.Set(v)
	}
	if _, own := g.g.(*pageGlobal); own || g.mut {
		g.g, g.prov, g.name = pg, prov, "x"
	}
	return prov
}

// wasmGlobalValueOK: v can be the value of an immutable global import of
// type t given as a plain value (a Number, a BigInt for i64).
func wasmGlobalValueOK(t api.ValueType, v goja.Value) bool {
	if t == api.ValueTypeExternref {
		return true
	}
	if _, isObj := v.(*goja.Object); isObj {
		return false
	}
	switch v.Export().(type) {
	case *big.Int:
		return t == api.ValueTypeI64
	case int64, float64:
		return t == api.ValueTypeI32 || t == api.ValueTypeF32 || t == api.ValueTypeF64
	}
	return false
}

// exportedFunction is the function object for export name of inst: one per
// function (the same object each time it is met, as a table's element too).
// An instance sharing its compiled module with another keeps its own
// (the definition, the key, is the same for both).
func (s *wasmState) exportedFunction(inst *wasmInstance, name string) goja.Value {
	f := inst.mod.ExportedFunction(name)
	if f == nil {
		return goja.Undefined()
	}
	def := f.Definition()
	if inst.shared {
		if o := inst.fns[def]; o != nil {
			return o
		}
		if s.ambiguous == nil {
			s.ambiguous = map[api.FunctionDefinition]bool{}
		}
		s.ambiguous[def] = true
		o := s.funcObject(&wasmFunc{f: f, inst: inst, name: name}, false)
		if inst.fns == nil {
			inst.fns = map[api.FunctionDefinition]*goja.Object{}
		}
		inst.fns[def] = o
		return o
	}
	if o := s.fnByDef[def]; o != nil {
		if wf := s.objs[o].(*wasmFunc); wf.inst == nil {
			wf.inst, wf.name = inst, name
		}
		return o
	}
	return s.funcObject(&wasmFunc{f: f, inst: inst, name: name}, true)
}

// funcObject makes the function object of wf (kept as its definition's
// if byDef).
func (s *wasmState) funcObject(wf *wasmFunc, byDef bool) *goja.Object {
	f := wf.f
	def := f.Definition()
	name, ok := s.hostNames[def]
	if !ok {
		name = strconv.Itoa(int(def.Index()))
	}
	params, results := def.ParamTypes(), def.ResultTypes()
	rt := s.w.rt
	fn := s.w.realm.NewFunction(name, len(params), func(c goja.FunctionCall) goja.Value {
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
	s.objs[fn] = wf
	if byDef {
		if s.fnByDef == nil {
			s.fnByDef = map[api.FunctionDefinition]*goja.Object{}
		}
		s.fnByDef[def] = fn
	}
	return fn
}

// funcrefToJS is the function object of a funcref value.
func (s *wasmState) funcrefToJS(r uint64) goja.Value {
	if r == 0 {
		return goja.Null()
	}
	if o := s.fnByRef[r]; o != nil {
		return o
	}
	if s.scratch == nil {
		s.scratch = s.newTableIn(wasmTableType{ref: wasmFuncref, min: 1}, 0)
	}
	s.callTable(s.scratch.set, 0, r)
	o := s.lookupSlot(s.scratch, 0, r)
	s.callTable(s.scratch.set, 0, 0)
	return o
}

// lookupSlot is the function object of slot i of funcref table t, which
// holds r (not null): its type is found among the page's function types.
func (s *wasmState) lookupSlot(t *wasmTable, i uint32, r uint64) goja.Value {
	if o := s.fnByRef[r]; o != nil {
		return o
	}
	for k, sig := range s.sigs {
		f := wasmLookup(t.prov, i, sig)
		if f == nil {
			continue
		}
		// the types found come first next time (a table's functions
		// are of few types)
		copy(s.sigs[1:k+1], s.sigs[:k])
		s.sigs[0] = sig
		def := f.Definition()
		o := s.fnByDef[def]
		if o == nil || s.ambiguous[def] {
			// a function of several instances of one module is known by
			// this funcref value only
			o = s.funcObject(&wasmFunc{f: f, ref: r}, !s.ambiguous[def])
		} else if wf := s.objs[o].(*wasmFunc); wf.ref == 0 {
			wf.ref = r
		}
		if s.fnByRef == nil {
			s.fnByRef = map[uint64]*goja.Object{}
		}
		s.fnByRef[r] = o
		return o
	}
	s.throwErr(2, "a function of a type bangsnap does not know cannot be read from a table")
	return nil
}

// wasmLookup is the function in slot i of p's table if it is of type sig.
func wasmLookup(p api.Module, i uint32, sig wasmSig) (f api.Function) {
	defer func() {
		if r := recover(); r != nil {
			f = nil
		}
	}()
	return table.LookupFunction(p, 0, i, sig.params, sig.results)
}

// funcrefFromJS is the funcref value of v: null, or an exported function.
func (s *wasmState) funcrefFromJS(v goja.Value) uint64 {
	if v == nil || goja.IsNull(v) {
		return 0
	}
	if o, ok := v.(*goja.Object); ok {
		if wf, ok := s.objs[o].(*wasmFunc); ok {
			if wf.ref == 0 && wf.inst != nil {
				wf.ref = s.takeFuncref(wf)
				if s.fnByRef == nil {
					s.fnByRef = map[uint64]*goja.Object{}
				}
				s.fnByRef[wf.ref] = o
			}
			if wf.ref != 0 {
				return wf.ref
			}
		}
	}
	s.w.realm.ThrowTypeError("type incompatibility when transforming from/to JS")
	return 0
}

// takeFuncref makes a funcref value of wf: a module importing it returns
// one (wasmFuncTaker); the module lives as long as the page, and the value
// with it.
func (s *wasmState) takeFuncref(wf *wasmFunc) uint64 {
	def := wf.f.Definition()
	sig := wasmSig{params: def.ParamTypes(), results: def.ResultTypes()}
	taker, _, err := s.provide(wasmFuncTaker(wf.name, sig), map[string]api.Module{wasmHidden + "s": wf.inst.mod})
	if err != nil {
		s.throwErr(2, "a funcref of this function could not be made: "+err.Error())
	}
	return s.callTable(taker.ExportedFunction("g"))[0]
}

// newTable is new WebAssembly.Table({element, initial, maximum}, value).
func (s *wasmState) newTable(c goja.FunctionCall) goja.Value {
	desc, ok := c.Argument(0).(*goja.Object)
	if !ok {
		s.w.realm.ThrowTypeError("WebAssembly.Table(): Argument 0 must be a table descriptor")
	}
	var t wasmTableType
	switch wasmGet(desc, "element").String() {
	case "anyfunc", "funcref":
		t.ref = wasmFuncref
	case "externref":
		t.ref = api.ValueTypeExternref
	default:
		s.w.realm.ThrowTypeError("WebAssembly.Table(): Descriptor property 'element' must be a WebAssembly reference type")
	}
	t.min = s.descLimit("WebAssembly.Table()", desc, "initial", true, wasmMaxTableSize)
	if mx := wasmGet(desc, "maximum"); !goja.IsUndefined(mx) {
		t.max, t.hasMax = s.descLimit("WebAssembly.Table()", desc, "maximum", false, math.MaxUint32), true
		if t.max < t.min {
			s.w.realm.ThrowRangeError(fmt.Sprintf("WebAssembly.Table(): Property 'maximum': value %d is below the lower bound %d", t.max, t.min))
		}
	}
	init := s.tableInit(t.ref, c.Argument(1), len(c.Arguments) > 1 && !goja.IsUndefined(c.Argument(1)),
		"WebAssembly.Table(): Argument 2 must be undefined or a value of type compatible with the type of the new table: ")
	tb := s.newTableIn(t, init)
	return s.tableObject(tb)
}

// tableInit is the value a table's new elements get: value, or the
// element type's default (null for funcref, undefined for externref).
func (s *wasmState) tableInit(ref byte, v goja.Value, given bool, badFunc string) uint64 {
	if !given {
		if ref == api.ValueTypeExternref {
			return s.fromJS(ref, goja.Undefined())
		}
		return 0
	}
	if ref == wasmFuncref && !s.isFuncref(v) {
		msg := badFunc + "function-typed object must be null (if nullable) or a Wasm function object"
		if strings.HasPrefix(badFunc, "WebAssembly.Table():") {
			msg += "." // sic, Chromium 156
		}
		s.w.realm.ThrowTypeError("%s", msg)
	}
	return s.fromJS(ref, v)
}

// isFuncref: v is null or an exported function.
func (s *wasmState) isFuncref(v goja.Value) bool {
	if v == nil || goja.IsNull(v) {
		return true
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return false
	}
	_, ok = s.objs[o].(*wasmFunc)
	return ok
}

// descLimit reads a descriptor's limit: an integer within [0, upper]
// ([EnforceRange] unsigned long).
func (s *wasmState) descLimit(what string, desc *goja.Object, name string, required bool, upper uint64) uint32 {
	v := wasmGet(desc, name)
	if goja.IsUndefined(v) {
		if required {
			s.w.realm.ThrowTypeError("%s: Property '%s' is required", what, name)
		}
		return 0
	}
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		s.w.realm.ThrowTypeError("%s: Property '%s' must be convertible to a valid number", what, name)
	}
	f = math.Trunc(f)
	if f < 0 {
		s.w.realm.ThrowTypeError("%s: Property '%s' must be non-negative", what, name)
	}
	if f > math.MaxUint32 {
		s.w.realm.ThrowTypeError("%s: Property '%s' must be in the unsigned long range", what, name)
	}
	if f > float64(upper) {
		s.w.realm.ThrowRangeError(fmt.Sprintf("%s: Property '%s': value %d is above the upper bound %d", what, name, uint64(f), upper))
	}
	return uint32(f)
}

// tableIndex reads a Table method's index argument ([EnforceRange]
// unsigned long).
func (s *wasmState) tableIndex(what string, v goja.Value) uint32 {
	f := v.ToFloat()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		s.w.realm.ThrowTypeError("%s: Argument 0 must be convertible to a valid number", what)
	}
	if math.Trunc(f) < 0 {
		s.w.realm.ThrowTypeError("%s: Argument 0 must be non-negative", what)
	}
	if math.Trunc(f) > math.MaxUint32 {
		s.w.realm.ThrowTypeError("%s: Argument 0 must be in the unsigned long range", what)
	}
	return uint32(math.Trunc(f))
}

func (s *wasmState) refName(ref byte) string {
	if ref == api.ValueTypeExternref {
		return "externref"
	}
	return "funcref"
}

func (s *wasmState) tableGet(c goja.FunctionCall) goja.Value {
	t := s.tableFor("WebAssembly.Table.get()", c.Argument(0))
	i := s.tableIndex("WebAssembly.Table.get()", c.Argument(1))
	if n := s.tableLen(t); i >= n {
		s.w.realm.ThrowRangeError(fmt.Sprintf("WebAssembly.Table.get(): invalid address %d in %s table of size %d", i, s.refName(t.typ.ref), n))
	}
	r := s.callTable(t.get, uint64(i))[0]
	if t.typ.ref == wasmFuncref && r != 0 {
		return s.lookupSlot(t, i, r)
	}
	return s.toJS(t.typ.ref, r)
}

func (s *wasmState) tableSet(c goja.FunctionCall) goja.Value {
	t := s.tableFor("WebAssembly.Table.set()", c.Argument(0))
	i := s.tableIndex("WebAssembly.Table.set()", c.Argument(1))
	if n := s.tableLen(t); i >= n {
		s.w.realm.ThrowRangeError(fmt.Sprintf("WebAssembly.Table.set(): invalid address %d in %s table of size %d", i, s.refName(t.typ.ref), n))
	}
	v := s.tableInit(t.typ.ref, c.Argument(2), c.Argument(3).ToBoolean(), "WebAssembly.Table.set(): Argument 1 is invalid for table: ")
	s.callTable(t.set, uint64(i), v)
	return goja.Undefined()
}

func (s *wasmState) tableGrow(c goja.FunctionCall) goja.Value {
	t := s.tableFor("WebAssembly.Table.grow()", c.Argument(0))
	d := s.tableIndex("WebAssembly.Table.grow()", c.Argument(1))
	v := s.tableInit(t.typ.ref, c.Argument(2), c.Argument(3).ToBoolean(), "WebAssembly.Table.grow(): Argument 1 is invalid: ")
	n := s.tableLen(t)
	if uint64(n)+uint64(d) > wasmMaxTableSize || t.typ.hasMax && uint64(n)+uint64(d) > uint64(t.typ.max) || s.tableElems+uint64(d) > wasmTableBudget {
		s.w.realm.ThrowRangeError(fmt.Sprintf("WebAssembly.Table.grow(): failed to grow table by %d", d))
	}
	if r := s.callTable(t.grow, uint64(d), v); int32(r[0]) < 0 {
		s.w.realm.ThrowRangeError(fmt.Sprintf("WebAssembly.Table.grow(): failed to grow table by %d", d))
	}
	s.tableElems += uint64(d)
	return s.w.rt.ToValue(n)
}

// newMemory is new WebAssembly.Memory({initial, maximum}): a memory in a
// provider module, which modules can import.
func (s *wasmState) newMemory(c goja.FunctionCall) goja.Value {
	desc, ok := c.Argument(0).(*goja.Object)
	if !ok {
		s.w.realm.ThrowTypeError("WebAssembly.Memory(): Argument 0 must be a memory descriptor")
	}
	n := s.descLimit("WebAssembly.Memory()", desc, "initial", true, 65536)
	mem := &wasmMemory{}
	if mx := wasmGet(desc, "maximum"); !goja.IsUndefined(mx) {
		mem.max, mem.hasMax = s.descLimit("WebAssembly.Memory()", desc, "maximum", false, 65536), true
		if mem.max < n {
			s.w.realm.ThrowRangeError(fmt.Sprintf("WebAssembly.Memory(): Property 'maximum': value %d is below the lower bound %d", mem.max, n))
		}
	}
	if n > wasmMemoryLimitPages || s.memBytes+uint64(n)*65536 > wasmMemoryBudget {
		s.w.realm.ThrowRangeError("WebAssembly.Memory(): could not allocate memory")
	}
	prov, lin, err := s.provide(wasmMemoryProvider(0, mem.max, mem.hasMax), nil)
	if err != nil {
		s.w.realm.ThrowRangeError("WebAssembly.Memory(): could not allocate memory")
	}
	mem.prov, mem.name, mem.lin, mem.mem = prov, "x", lin, prov.ExportedMemory("x")
	if n > 0 {
		if _, ok := mem.mem.Grow(n); !ok {
			s.w.realm.ThrowRangeError("WebAssembly.Memory(): could not allocate memory")
		}
	}
	if lin != nil {
		lin.grown = func() { mem.detach() }
	}
	mem.obj = s.wrap(s.protos.memory, mem)
	return mem.obj
}

func (s *wasmState) memoryGrow(c goja.FunctionCall) goja.Value {
	m := s.memory(c.Argument(0))
	delta := c.Argument(1).ToFloat()
	if delta < 0 || delta > math.MaxUint32 || delta != math.Trunc(delta) {
		s.w.realm.ThrowTypeError("WebAssembly.Memory.grow(): Argument 0 must be non-negative")
	}
	prev, ok := m.mem.Grow(uint32(delta))
	if !ok {
		s.w.realm.ThrowRangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded")
	}
	m.detach()
	return s.w.rt.ToValue(prev)
}

// newGlobal is new WebAssembly.Global({value, mutable}, v).
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
	case "externref":
		t = api.ValueTypeExternref
	case "anyfunc", "funcref":
		t = wasmFuncref
	default:
		s.w.realm.ThrowTypeError("WebAssembly.Global(): Descriptor property 'value' must be a WebAssembly type")
	}
	g := &wasmGlobal{typ: t, mut: wasmGet(desc, "mutable").ToBoolean()}
	pg := &pageGlobal{t: t}
	if v := c.Argument(1); !goja.IsUndefined(v) || t == api.ValueTypeExternref {
		pg.v = s.fromJS(t, v)
	}
	g.g = pg
	g.obj = s.wrap(s.protos.global, g)
	return g.obj
}

// pageGlobal is a global made by the page, until a module imports it.
type pageGlobal struct {
	t api.ValueType
	v uint64
}

func (g *pageGlobal) String() string      { return fmt.Sprint(g.v) }
func (g *pageGlobal) Type() api.ValueType { return g.t }
func (g *pageGlobal) Get() uint64         { return g.v }
func (g *pageGlobal) Set(v uint64)        { g.v = v }
