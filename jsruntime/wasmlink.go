package jsruntime

import (
	"encoding/binary"
	"errors"
	"strconv"

	"github.com/tetratelabs/wazero/api"
)

// Linking a module's tables, memories and globals to JavaScript.
//
// wazero links memories, tables and globals only between WebAssembly
// modules, and its API reads no table. So bangsnap rewrites each module's
// binary before it compiles it (wasmRewrite), keeping every index space
// as it was:
//
//   - every import is renamed to a module of its own ("\x00" and its
//     position); at instantiation a resolver gives each the module that
//     provides it: for a function, the host module calling the JavaScript
//     functions of its original module name (or, for a function the
//     module names as a value, one of its own behind wasmImportShim); for
//     a memory, table or global, the small module that holds the page's
//     Memory, Table or Global object (wasmMemoryProvider,
//     wasmTableProvider, wasmGlobalProvider);
//   - each table the module defines becomes an import too, appended after
//     the others (so it keeps its index), given at instantiation by a new
//     table provider: every table lives in a provider, which exports
//     accessors (size, get, set, grow, fill) JavaScript calls.
//
// The other sections are copied as they are; a module with neither
// imports nor tables is compiled as it is. Module.imports and exports are
// read from the original binary. When JavaScript hands an exported
// function to WebAssembly as a funcref value (Table.set, a funcref
// argument), a small module importing it returns a funcref of it
// (wasmFuncTaker).

// wasmFuncref is the funcref value type (wazero's api names externref only).
const wasmFuncref = 0x70

// wasmHidden is the prefix of the module names bangsnap gives imports.
const wasmHidden = "\x00"

// wasmTableType is a table's element type and limits.
type wasmTableType struct {
	ref    byte // 0x70 funcref, 0x6f externref
	min    uint32
	max    uint32
	hasMax bool
}

// wasmLayout is what wasmParse reads of a module binary.
type wasmLayout struct {
	imports       []wasmImport
	exports       []wasmExport
	minMemory     uint64
	types         []wasmSig // nil entries for types bangsnap cannot call
	tables        []wasmTableType
	memories      []wasmTableType // defined memories' limits (ref unused)
	tableRaw      [][]byte        // each defined table's type bytes
	sections      []wasmSectionSpan
	funcrefGlobal bool     // a global of type funcref
	refFuncs      []uint32 // functions named by element segments and global initializers
	refAll        bool     // or any function: those could not be read
	rewrite       bool     // false when the module uses what the rewriting does not handle
}

type wasmSectionSpan struct {
	id         byte
	start, end int // the whole section, id byte included
}

// wasmSig is a function type.
type wasmSig struct {
	params, results []api.ValueType
}

// appendType appends s in the binary format of a function type.
func (s wasmSig) appendType(b []byte) []byte {
	b = append(b, 0x60)
	b = wasmU32(b, uint32(len(s.params)))
	b = append(b, s.params...)
	b = wasmU32(b, uint32(len(s.results)))
	return append(b, s.results...)
}

func (s wasmSig) key() string {
	b := make([]byte, 0, len(s.params)+len(s.results)+1)
	b = append(b, s.params...)
	b = append(b, ':')
	return string(append(b, s.results...))
}

// wasmSectionOrder is the order sections must appear in (custom sections,
// id 0, may appear anywhere).
func wasmSectionOrder(id byte) int {
	switch id {
	case 13: // tags, between memories and globals
		return 55
	case 12: // data count, before code
		return 95
	}
	return int(id) * 10
}

// wasmParse reads the sections of a module binary that linking needs.
// https://webassembly.github.io/spec/core/binary/modules.html
func wasmParse(b []byte) (*wasmLayout, error) {
	l := &wasmLayout{rewrite: true}
	r := wasmReader{b: b}
	if len(b) < 8 {
		return nil, errors.New("module too short")
	}
	r.i = 8 // magic and version
	for r.i < len(r.b) && r.err == nil {
		start := r.i
		id := r.byte()
		size := r.u32()
		end := r.i + int(size)
		if r.err != nil || end > len(r.b) || end < r.i {
			return nil, errors.New("section out of bounds")
		}
		l.sections = append(l.sections, wasmSectionSpan{id, start, end})
		switch id {
		case 1: // types
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				if r.byte() != 0x60 {
					l.rewrite = false // a GC type: not read further
					break
				}
				sig, ok := wasmSig{}, true
				for k := r.u32(); k > 0 && r.err == nil; k-- {
					t := r.byte()
					ok = ok && wasmNumOrRef(t)
					sig.params = append(sig.params, t)
				}
				for k := r.u32(); k > 0 && r.err == nil; k-- {
					t := r.byte()
					ok = ok && wasmNumOrRef(t)
					sig.results = append(sig.results, t)
				}
				if !ok {
					l.rewrite = false
				}
				l.types = append(l.types, sig)
			}
		case 2: // imports
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				im := wasmImport{module: r.name(), name: r.name(), kind: r.byte()}
				im.descStart = r.i
				switch im.kind {
				case 0: // function: type index
					im.typeIdx = r.u32()
				case 1: // table: reference type, limits
					im.table.ref = r.byte()
					im.table.min, im.table.max, im.table.hasMax = r.limits3()
					if !wasmRefType(im.table.ref) {
						l.rewrite = false
					}
				case 2: // memory: limits
					im.memMin, im.memMax, im.memHasMax = r.limits3()
				case 3: // global: value type, mutability
					im.valType = r.byte()
					im.mutable = r.byte() == 1
					l.funcrefGlobal = l.funcrefGlobal || im.valType == wasmFuncref
					if !wasmNumOrRef(im.valType) {
						l.rewrite = false
					}
				case 4: // tag: attribute, type index
					r.byte()
					r.u32()
					l.rewrite = false
				default:
					return nil, errors.New("import kind " + strconv.Itoa(int(im.kind)))
				}
				im.descEnd = r.i
				l.imports = append(l.imports, im)
			}
		case 4: // tables
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				s := r.i
				var t wasmTableType
				t.ref = r.byte()
				if !wasmRefType(t.ref) {
					l.rewrite = false // a table with an initializer, or of a GC type
					break
				}
				t.min, t.max, t.hasMax = r.limits3()
				l.tables = append(l.tables, t)
				l.tableRaw = append(l.tableRaw, b[s:min(r.i, len(b))])
			}
		case 5: // memories: limits
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				var t wasmTableType
				t.min, t.max, t.hasMax = r.limits3()
				l.memories = append(l.memories, t)
				l.minMemory += uint64(t.min) * 65536
			}
		case 7: // exports
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				e := wasmExport{name: r.name(), kind: r.byte()}
				e.index = r.u32()
				l.exports = append(l.exports, e)
			}
		case 6: // globals: a funcref one?
			for n := r.u32(); n > 0 && r.err == nil; n-- {
				if t := r.byte(); t == wasmFuncref || !wasmNumOrRef(t) {
					l.funcrefGlobal = true // or a type not read further: as if
				}
				r.byte()
				if !r.skipConstExpr(&l.refFuncs) {
					l.funcrefGlobal, l.refAll = true, true
					break
				}
			}
		case 9: // elements: the functions they name
			l.readElements(&r)
		}
		r.i = end
	}
	if r.err != nil {
		return nil, r.err
	}
	return l, nil
}

// wasmNumOrRef: a value type bangsnap converts (numbers, v128 and the two
// reference types).
func wasmNumOrRef(t byte) bool {
	return t >= 0x7b && t <= 0x7f || wasmRefType(t)
}

func wasmRefType(t byte) bool { return t == wasmFuncref || t == api.ValueTypeExternref }

// importedTables counts the module's imported tables.
func (l *wasmLayout) importedTables() int {
	n := 0
	for _, im := range l.imports {
		if im.kind == 1 {
			n++
		}
	}
	return n
}

// referencedImports is which function imports (by their function index)
// the module names as values (element segments, global initializers):
// references to those can reach JavaScript through tables.
func (l *wasmLayout) referencedImports() map[int]bool {
	out := map[int]bool{}
	n := 0
	for _, im := range l.imports {
		if im.kind == 0 {
			n++
		}
	}
	for f := range n {
		if l.refAll {
			out[f] = true
		}
	}
	for _, f := range l.refFuncs {
		if int(f) < n {
			out[int(f)] = true
		}
	}
	return out
}

// wasmImportName is the field name a rewritten import asks for: the
// provider of import i exports it under this name.
func wasmImportName(kind byte, i int) string {
	if kind == 0 {
		return strconv.Itoa(i)
	}
	return "x"
}

// needsRewrite: the module has imports or tables (a module with neither
// is compiled as it is).
func (l *wasmLayout) needsRewrite() bool { return len(l.imports) > 0 || len(l.tables) > 0 }

// refsEscape: the module's functions can reach JavaScript other than as
// its exports: through a table, or as funcref values.
func (l *wasmLayout) refsEscape() bool {
	if len(l.tables) > 0 || l.funcrefGlobal {
		return true
	}
	for _, im := range l.imports {
		if im.kind == 1 {
			return true
		}
	}
	for _, t := range l.types {
		for _, v := range t.params {
			if v == wasmFuncref {
				return true
			}
		}
		for _, v := range t.results {
			if v == wasmFuncref {
				return true
			}
		}
	}
	return false
}

// wasmRewrite returns the binary b (laid out as l) rewritten for linking
// (see the top of this file).
func wasmRewrite(b []byte, l *wasmLayout) []byte {
	var imp []byte
	imp = wasmU32(imp, uint32(len(l.imports)+len(l.tables)))
	for i, im := range l.imports {
		imp = wasmName(imp, wasmHidden+strconv.Itoa(i))
		imp = wasmName(imp, wasmImportName(im.kind, i))
		imp = append(imp, im.kind)
		imp = append(imp, b[im.descStart:im.descEnd]...)
	}
	for k, raw := range l.tableRaw {
		imp = wasmName(imp, wasmHidden+"t"+strconv.Itoa(k))
		imp = wasmName(imp, "x")
		imp = append(imp, 1)
		imp = append(imp, raw...)
	}
	out := make([]byte, 0, len(b)+len(imp)+16)
	out = append(out, b[:8]...)
	impDone := false
	for _, s := range l.sections {
		if !impDone && s.id != 0 && wasmSectionOrder(s.id) > wasmSectionOrder(2) {
			out = wasmSection(out, 2, imp)
			impDone = true
		}
		switch s.id {
		case 2:
			out = wasmSection(out, 2, imp)
			impDone = true
		case 4: // the tables are imported now
		default:
			out = append(out, b[s.start:s.end]...)
		}
	}
	if !impDone {
		out = wasmSection(out, 2, imp)
	}
	return out
}

// wasmSleb appends v as a signed LEB128 number.
func wasmSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func wasmU32(b []byte, v uint32) []byte { return binary.AppendUvarint(b, uint64(v)) }

func wasmName(b []byte, s string) []byte {
	b = wasmU32(b, uint32(len(s)))
	return append(b, s...)
}

func wasmSection(b []byte, id byte, payload []byte) []byte {
	b = append(b, id)
	b = wasmU32(b, uint32(len(payload)))
	return append(b, payload...)
}

func wasmLimits(b []byte, lo, hi uint32, hasMax bool) []byte {
	if hasMax {
		b = append(b, 1)
		b = wasmU32(b, lo)
		return wasmU32(b, hi)
	}
	b = append(b, 0)
	return wasmU32(b, lo)
}

var wasmMagic = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

// wasmMemoryProvider is a module exporting a memory "x" of these limits.
func wasmMemoryProvider(lo, hi uint32, hasMax bool) []byte {
	b := append([]byte(nil), wasmMagic...)
	b = wasmSection(b, 5, wasmLimits([]byte{1}, lo, hi, hasMax))
	return wasmSection(b, 7, []byte{1, 1, 'x', 2, 0})
}

// wasmGlobalProvider is a module exporting a global "x" of type t set to v
// (a number's bits; reference globals start null).
func wasmGlobalProvider(t byte, mut bool, v uint64) []byte {
	g := []byte{1, t, 0}
	if mut {
		g[2] = 1
	}
	switch t {
	case api.ValueTypeI32:
		g = append(g, 0x41)
		g = wasmSleb(g, int64(int32(uint32(v))))
	case api.ValueTypeI64:
		g = append(g, 0x42)
		g = wasmSleb(g, int64(v))
	case api.ValueTypeF32:
		g = append(g, 0x43)
		g = binary.LittleEndian.AppendUint32(g, uint32(v))
	case api.ValueTypeF64:
		g = append(g, 0x44)
		g = binary.LittleEndian.AppendUint64(g, v)
	default:
		g = append(g, 0xd0, t)
	}
	g = append(g, 0x0b)
	b := append([]byte(nil), wasmMagic...)
	b = wasmSection(b, 6, g)
	return wasmSection(b, 7, []byte{1, 1, 'x', 3, 0})
}

// wasmTableProvider is a module exporting a table "x" of type t and its
// accessors: "s" size, "g" get(i), "t" set(i, v), "w" grow(n, v) and
// "f" fill(i, v, n).
func wasmTableProvider(t wasmTableType) []byte {
	r := t.ref
	const i32 = api.ValueTypeI32
	b := append([]byte(nil), wasmMagic...)
	b = wasmSection(b, 1, []byte{5,
		0x60, 0, 1, i32, // () -> i32
		0x60, 1, i32, 1, r, // (i32) -> ref
		0x60, 2, i32, r, 0, // (i32, ref)
		0x60, 2, i32, r, 1, i32, // (i32, ref) -> i32
		0x60, 3, i32, r, i32, 0, // (i32, ref, i32)
	})
	b = wasmSection(b, 3, []byte{5, 0, 1, 2, 3, 4})
	b = wasmSection(b, 4, wasmLimits([]byte{1, r}, t.min, t.max, t.hasMax))
	b = wasmSection(b, 7, []byte{6,
		1, 'x', 1, 0,
		1, 's', 0, 0,
		1, 'g', 0, 1,
		1, 't', 0, 2,
		1, 'w', 0, 3,
		1, 'f', 0, 4,
	})
	b = wasmSection(b, 10, []byte{5,
		5, 0, 0xfc, 16, 0, 0x0b, // table.size
		6, 0, 0x20, 0, 0x25, 0, 0x0b, // table.get
		8, 0, 0x20, 0, 0x20, 1, 0x26, 0, 0x0b, // table.set
		9, 0, 0x20, 1, 0x20, 0, 0xfc, 15, 0, 0x0b, // table.grow
		11, 0, 0x20, 0, 0x20, 1, 0x20, 2, 0xfc, 17, 0, 0x0b, // table.fill
	})
	return b
}

// wasmForwarder is a module importing export name of kind from module
// "\x00s" and exporting it again as "x" (a module's own memory or global
// given to another module).
func wasmForwarder(kind byte, name string, valType byte, mut bool) []byte {
	imp := []byte{1}
	imp = wasmName(imp, wasmHidden+"s")
	imp = wasmName(imp, name)
	imp = append(imp, kind)
	switch kind {
	case 2:
		imp = append(imp, 0, 0)
	case 3:
		imp = append(imp, valType, 0)
		if mut {
			imp[len(imp)-1] = 1
		}
	}
	b := append([]byte(nil), wasmMagic...)
	b = wasmSection(b, 2, imp)
	return wasmSection(b, 7, []byte{1, 1, 'x', kind, 0})
}

// wasmFuncTaker is a module importing function name of type sig from
// module "\x00s" and exporting "g", which returns a funcref of it.
func wasmFuncTaker(name string, sig wasmSig) []byte {
	t := sig.appendType([]byte{2})
	t = append(t, 0x60, 0, 1, wasmFuncref)
	imp := []byte{1}
	imp = wasmName(imp, wasmHidden+"s")
	imp = wasmName(imp, name)
	imp = append(imp, 0, 0)
	b := append([]byte(nil), wasmMagic...)
	b = wasmSection(b, 1, t)
	b = wasmSection(b, 2, imp)
	b = wasmSection(b, 3, []byte{1, 1})
	// the import exported too: a function ref.func may name
	b = wasmSection(b, 7, []byte{2, 1, 'f', 0, 0, 1, 'g', 0, 1})
	return wasmSection(b, 10, []byte{1, 4, 0, 0xd2, 0, 0x0b})
}

// wasmImportShim is a module importing function name of type sig from
// module "\x00s" and exporting, as name, a function of its own calling it.
func wasmImportShim(name string, sig wasmSig) []byte {
	t := sig.appendType([]byte{1})
	imp := []byte{1}
	imp = wasmName(imp, wasmHidden+"s")
	imp = wasmName(imp, name)
	imp = append(imp, 0, 0)
	exp := []byte{1}
	exp = wasmName(exp, name)
	exp = append(exp, 0, 1)
	code := []byte{0}
	for i := range sig.params {
		code = append(code, 0x20)
		code = wasmU32(code, uint32(i))
	}
	code = append(code, 0x10, 0, 0x0b)
	b := append([]byte(nil), wasmMagic...)
	b = wasmSection(b, 1, t)
	b = wasmSection(b, 2, imp)
	b = wasmSection(b, 3, []byte{1, 0})
	b = wasmSection(b, 7, exp)
	return wasmSection(b, 10, append(wasmU32([]byte{1}, uint32(len(code))), code...))
}

// limits3 reads limits: minimum, maximum and whether there is one.
func (r *wasmReader) limits3() (lo, hi uint32, hasMax bool) {
	flags := r.byte()
	lo = r.u32()
	if flags&1 != 0 {
		hi, hasMax = r.u32(), true
	}
	return
}

// readElements reads the element section for the functions it names.
// https://webassembly.github.io/spec/core/binary/modules.html#element-section
func (l *wasmLayout) readElements(r *wasmReader) {
	for n := r.u32(); n > 0 && r.err == nil; n-- {
		flags := r.u32()
		if flags > 7 {
			l.refAll = true
			return
		}
		if flags&1 == 0 { // active
			if flags&2 != 0 {
				r.u32() // table index
			}
			if !r.skipConstExpr(nil) {
				l.refAll = true
				return
			}
		}
		if flags&3 != 0 {
			r.byte() // element kind or reference type
		}
		for k := r.u32(); k > 0 && r.err == nil; k-- {
			if flags&4 == 0 {
				l.refFuncs = append(l.refFuncs, r.u32())
			} else if !r.skipConstExpr(&l.refFuncs) {
				l.refAll = true
				return
			}
		}
	}
	if r.err != nil {
		l.refAll = true
	}
}

// skipConstExpr reads past a constant expression, adding the functions it
// names to refs; false when it holds an instruction it does not know.
func (r *wasmReader) skipConstExpr(refs *[]uint32) bool {
	for r.err == nil {
		switch op := r.byte(); op {
		case 0x0b:
			return true
		case 0x41, 0x42: // i32.const, i64.const
			for r.err == nil && r.byte()&0x80 != 0 {
			}
		case 0x43:
			r.i += 4
		case 0x44:
			r.i += 8
		case 0x23: // global.get
			r.u32()
		case 0xd2: // ref.func
			if f := r.u32(); refs != nil {
				*refs = append(*refs, f)
			}
		case 0xd0: // ref.null
			r.byte()
		case 0x6a, 0x6b, 0x6c, 0x7c, 0x7d, 0x7e: // extended constant expressions
		default:
			return false
		}
	}
	return false
}
