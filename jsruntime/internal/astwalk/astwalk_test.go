package astwalk

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk/astgen"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// TestGeneratedIsCurrent fails when goja's AST (the version in go.mod)
// has node types or child fields walk_gen.go does not know.
func TestGeneratedIsCurrent(t *testing.T) {
	want, err := astgen.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("walk_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("walk_gen.go is not what astgen makes of goja's AST: run go generate ./jsruntime/internal/astwalk")
	}
}

var (
	nodeIface  = reflect.TypeFor[ast.Node]()
	astPkgPath = reflect.TypeFor[ast.Identifier]().PkgPath()
)

// visit is one call of Visit, as recorded.
type visit struct {
	node ast.Node
	kind string
	next ast.Node
	slot Slot
}

type recorder []visit

func (r *recorder) Visit(n ast.Node, s Slot) { *r = append(*r, visit{n, s.Kind.String(), s.Next(), s}) }

// implementer returns a new node of a known type implementing iface.
func implementer(t *testing.T, iface reflect.Type) reflect.Value {
	for _, n := range nodeTypes {
		if pt := reflect.TypeOf(n); pt.Implements(iface) {
			return reflect.New(pt.Elem())
		}
	}
	t.Fatalf("no known node type implements ast.%s", iface.Name())
	return reflect.Value{}
}

// isLeaf reports whether a field of type ft holds no nodes: numbers,
// strings, booleans, positions, tokens, *file.File, interface{}.
func isLeaf(ft reflect.Type) bool {
	switch ft.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	case reflect.Interface:
		return ft.NumMethod() == 0
	case reflect.Pointer:
		return ft.Elem().PkgPath() != astPkgPath
	}
	return false
}

// TestChildrenMatchesReflection fills every field of every node type
// Children knows with new nodes, found by reflection, and checks Children
// visits each of them, in field order, with the right kind of slot, that
// Set replaces what an interface slot holds and Next gives the following
// element.
func TestChildrenMatchesReflection(t *testing.T) {
	for _, n := range nodeTypes {
		pt := reflect.TypeOf(n)
		st := pt.Elem()
		t.Run(st.Name(), func(t *testing.T) {
			nv := reflect.New(st)
			var want []visit
			for i := range st.NumField() {
				f := st.Field(i)
				fv := nv.Elem().Field(i)
				if !f.IsExported() || slices.Contains(astgen.SkippedFields, f.Name) || isLeaf(f.Type) {
					continue
				}
				ft := f.Type
				switch {
				case ft.Kind() == reflect.Interface && ft.Implements(nodeIface):
					c := implementer(t, ft)
					fv.Set(c)
					want = append(want, visit{node: c.Interface().(ast.Node), kind: ft.Name()})
				case ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct:
					c := reflect.New(ft.Elem())
					fv.Set(c)
					want = append(want, visit{node: c.Interface().(ast.Node), kind: "Pointer"})
				case ft.Kind() == reflect.Struct && ft.PkgPath() == astPkgPath:
					want = append(want, visit{node: fv.Addr().Interface().(ast.Node), kind: "Value"})
				case ft.Kind() == reflect.Slice:
					et := ft.Elem()
					var elems []reflect.Value
					kind := "Pointer"
					switch {
					case et.Kind() == reflect.Interface && et.Implements(nodeIface):
						elems = []reflect.Value{implementer(t, et), implementer(t, et)}
						kind = et.Name()
					case et.Kind() == reflect.Pointer && et.Elem().PkgPath() == astPkgPath:
						elems = []reflect.Value{reflect.New(et.Elem()), reflect.New(et.Elem())}
					default:
						t.Fatalf("field %s has type %s, which the test does not know", f.Name, ft)
					}
					sv := reflect.MakeSlice(ft, 0, 2)
					for _, e := range elems {
						sv = reflect.Append(sv, e)
					}
					fv.Set(sv)
					first, second := elems[0].Interface().(ast.Node), elems[1].Interface().(ast.Node)
					want = append(want, visit{node: first, kind: kind, next: second}, visit{node: second, kind: kind})
				default:
					t.Fatalf("field %s has type %s, which the test does not know", f.Name, ft)
				}
			}
			var got recorder
			Children(nv.Interface().(ast.Node), &got)
			if len(got) != len(want) {
				t.Fatalf("Children visited %d children, reflection finds %d", len(got), len(want))
			}
			for i, g := range got {
				w := want[i]
				if g.node != w.node || g.kind != w.kind || g.next != w.next {
					t.Errorf("child %d: got %T (%s, next %T), want %T (%s, next %T)", i, g.node, g.kind, g.next, w.node, w.kind, w.next)
				}
				if g.slot.Interface() != (g.kind != "Pointer" && g.kind != "Value") {
					t.Errorf("child %d: Interface() = %v for a %s slot", i, g.slot.Interface(), g.kind)
				}
				if g.slot.InList() != (w.next != nil || (i > 0 && want[i-1].next == w.node)) {
					t.Errorf("child %d: InList() = %v", i, g.slot.InList())
				}
				if !g.slot.Interface() {
					if g.slot.Set(g.node) {
						t.Errorf("child %d: Set succeeded on a %s slot", i, g.kind)
					}
					continue
				}
				// Replace the child with another of the same type, then
				// put it back.
				repl := reflect.New(reflect.TypeOf(g.node).Elem()).Interface().(ast.Node)
				if !g.slot.Set(repl) {
					t.Errorf("child %d: Set failed", i)
					continue
				}
				var again recorder
				Children(nv.Interface().(ast.Node), &again)
				if again[i].node != repl {
					t.Errorf("child %d: after Set, Children visits %T %p, want the replacement %p", i, again[i].node, again[i].node, repl)
				}
				g.slot.Set(g.node)
			}
		})
	}
}

func TestIsNil(t *testing.T) {
	var e ast.Expression
	for _, n := range []ast.Node{nil, e, (*ast.Identifier)(nil), (*ast.Program)(nil)} {
		if !IsNil(n) {
			t.Errorf("IsNil(%#v) = false", n)
		}
	}
	if IsNil(&ast.Identifier{}) {
		t.Error("IsNil of an identifier = true")
	}
	// Children and Inspect skip typed nils, where a reflective walk did.
	Children((*ast.CallExpression)(nil), inspector(func(ast.Node) bool { t.Error("visited below a nil node"); return true }))
	Inspect(&ast.ExpressionStatement{Expression: (*ast.Identifier)(nil)}, func(n ast.Node) bool {
		if _, ok := n.(*ast.Identifier); ok {
			t.Error("Inspect passed a nil identifier")
		}
		return true
	})
}

// reflectVisit is the reflective walk the lowerings used before astwalk:
// f for every node pointer below v, depth first, the fields of structs
// held by value walked without f.
func reflectVisit(v reflect.Value, f func(ast.Node) bool) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			reflectVisit(v.Elem(), f)
		}
	case reflect.Pointer:
		if v.IsNil() || v.Type().Elem().PkgPath() != astPkgPath || !f(v.Interface().(ast.Node)) {
			return
		}
		reflectVisit(v.Elem(), f)
	case reflect.Slice:
		for i := range v.Len() {
			reflectVisit(v.Index(i), f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			sf := v.Type().Field(i)
			if sf.IsExported() && !slices.Contains(astgen.SkippedFields, sf.Name) && !isLeaf(sf.Type) {
				reflectVisit(v.Field(i), f)
			}
		}
	}
}

// inspectSample has every kind of syntax goja parses.
const inspectSample = `
"use strict";
var a = 1, [b, , c = 2, ...d] = e, {f, g: {h}, ["i" + j]: k = 3, ...l} = m;
let n = function named(o, [p, q] = [], {r} = {}, ...s) { return o?.p?.[q]?.(...s) ?? null };
const t = async (u, v) => { await u; for (const w of v) {} };
function* gen() { yield 1; yield* [2]; }
class A extends B { #x = 1; static y; static { this.z = 1 } get g() { return this.#x } set g(v) { super.g = v } m() { return #x in this } static async *am() {} }
label: for (let i = 0; i < 3; i++) { if (i) continue label; else break label }
for (var key in obj) ; for (x.y of z) ; for (const [k2, v2] of map) {}
switch (a) { case 1: a++; break; default: a-- }
try { throw new Error("e") } catch ({message}) { } finally { debugger }
do { a = a ? b : c } while (a, b);
while (false) {}
with (obj) { foo }
tag` + "`a${1}b${2}c`" + `; ` + "`plain ${a}`" + `;
x = new.target ?? typeof a === "b" ? -a : !a;
o = {a, b: 1, [c]: 2, get d() { return 1 }, set d(v) {}, m() {}, ...spread, async ag() {}, *gg() {}};
re = /ab+c/gi; [a, b] = [b, a]; ({a, b} = c);
`

func TestInspectMatchesReflection(t *testing.T) {
	sources := map[string]string{"sample.js": inspectSample}
	for _, lib := range []string{"jquery/dist/jquery.js", "vue/dist/vue.global.js"} {
		if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "node_modules", lib)); err == nil {
			sources[lib] = string(b)
		}
	}
	for name, src := range sources {
		prg, err := parser.ParseFile(nil, name, src, 0, parser.WithDisableSourceMaps)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want, got []ast.Node
		reflectVisit(reflect.ValueOf(prg), func(n ast.Node) bool { want = append(want, n); return true })
		Inspect(prg, func(n ast.Node) bool { got = append(got, n); return true })
		if len(got) != len(want) {
			t.Errorf("%s: Inspect visited %d nodes, reflection %d", name, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("%s: node %d is %T, reflection has %T", name, i, got[i], want[i])
				break
			}
		}
		// Skipping: nothing below a function literal.
		want, got = want[:0], got[:0]
		skipFuncs := func(out *[]ast.Node) func(ast.Node) bool {
			return func(n ast.Node) bool {
				*out = append(*out, n)
				_, isFunc := n.(*ast.FunctionLiteral)
				return !isFunc
			}
		}
		reflectVisit(reflect.ValueOf(prg), skipFuncs(&want))
		Inspect(prg, skipFuncs(&got))
		if !slices.Equal(got, want) {
			t.Errorf("%s: with functions skipped, Inspect visited %d nodes, reflection %d", name, len(got), len(want))
		}
	}
}
