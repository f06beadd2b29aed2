package bind

import (
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestLazyInterfaceObjects checks that an interface object made on first
// use cannot be told from one made eagerly: its global property behaves as
// the writable, configurable, non-enumerable data property Web IDL defines
// through every built-in that reveals or changes property attributes.
// https://webidl.spec.whatwg.org/#es-interfaces
func TestLazyInterfaceObjects(t *testing.T) {
	const desc = `function desc(o, k) {
		var d = Object.getOwnPropertyDescriptor(o, k);
		if (!d) return 'none';
		var v = 'get' in d ? 'accessor' : typeof d.value === 'object' || typeof d.value === 'function' ? typeof d.value : String(d.value);
		return v + ':' + (d.writable ? 'w' : '-') + (d.enumerable ? 'e' : '-') + (d.configurable ? 'c' : '-');
	}
	`
	tests := []struct {
		name, js, want string
	}{
		{"getOwnPropertyDescriptor", `desc(globalThis, 'Shelf')`, "function:w-c"},
		{"Reflect.getOwnPropertyDescriptor", `var d = Reflect.getOwnPropertyDescriptor(globalThis, 'Box'); [typeof d.value, d.writable, d.enumerable, d.configurable, d.value === Box].join()`, "function,true,false,true,true"},
		{"getOwnPropertyDescriptors", `var d = Object.getOwnPropertyDescriptors(globalThis); [typeof d.Plain.value, d.Plain.writable, 'get' in d.Crate].join()`, "function,true,false"},
		{"partial defineProperty keeps writable", `Object.defineProperty(globalThis, 'Shelf', { value: 1 }); Shelf = 2; desc(globalThis, 'Shelf')`, "2:w-c"},
		{"Reflect.defineProperty", `Reflect.defineProperty(globalThis, 'Box', { enumerable: true }); desc(globalThis, 'Box')`, "function:wec"},
		{"defineProperties", `Object.defineProperties(globalThis, { Plain: { configurable: false } }); desc(globalThis, 'Plain')`, "function:w--"},
		{"assignment keeps attributes", `Shelf = 5; desc(globalThis, 'Shelf')`, "5:w-c"},
		{"strict assignment", `(function () { 'use strict'; Box = 6 })(); desc(globalThis, 'Box')`, "6:w-c"},
		{"var declaration", `var Plain = 7; desc(globalThis, 'Plain')`, "7:w-c"},
		{"function declaration survives a later materialization", `function Shelf() { return 'mine' } var b = Box; [Shelf(), Object.getPrototypeOf(b.prototype) === Shelf.prototype, desc(globalThis, 'Shelf')].join()`, "mine,false,function:we-"},
		{"deleted stays deleted", `delete globalThis.Shelf; var b = Box; [typeof globalThis.Shelf, 'Shelf' in globalThis, typeof Object.getPrototypeOf(b.prototype).constructor].join()`, "undefined,false,function"},
		{"assignment through an inheriting object", `var o = Object.create(globalThis); o.Shelf = 1; [o.Shelf, desc(o, 'Shelf'), typeof Shelf, desc(globalThis, 'Shelf')].join()`, "1,1:wec,function,function:w-c"},
		{"one object per interface", `[Shelf === globalThis.Shelf, Object.getPrototypeOf(Box.prototype) === Shelf.prototype, Object.getPrototypeOf(Box) === Shelf].join()`, "true,true,true"},
		{"own keys and their order unchanged by use", `var a = Object.getOwnPropertyNames(globalThis).join(); Box; Plain; Filter; a === Object.getOwnPropertyNames(globalThis).join()`, "true"},
		{"not enumerable", `[Object.keys(globalThis).indexOf('Shelf'), globalThis.propertyIsEnumerable('Box')].join()`, "-1,false"},
		{"in and hasOwnProperty", `['Shelf' in globalThis, globalThis.hasOwnProperty('Box')].join()`, "true,true"},
		{"freeze", `Object.freeze(globalThis); desc(globalThis, 'Plain')`, "function:---"},
		{"other objects untouched", `var a = [1], o = {}; Object.freeze(a); Object.defineProperty(o, 'x', { value: 1 });
			[Object.isFrozen(a), desc(o, 'x'), desc(globalThis, 'Plain')].join()`, "true,1:---,function:w-c"},
		{"seal", `Object.seal(globalThis); desc(globalThis, 'Plain')`, "function:w--"},
		{"typeof", `typeof Crate`, "function"},
		{"wrapped built-ins keep name and length", `[Object.getOwnPropertyDescriptor.name, Object.getOwnPropertyDescriptor.length, Object.defineProperty.length,
			Reflect.defineProperty.name, Object.freeze.length, Object.propertyIsEnumerable.call(Object, 'freeze')].join()`,
			"getOwnPropertyDescriptor,2,3,defineProperty,1,false"},
		{"wrapped built-ins still throw", `try { Object.defineProperty(1, 'x', {}); 'no' } catch (e) { e instanceof TypeError }`, "true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := newShapeRuntime(t)
			v, err := rt.RunString(desc + tt.js)
			if err != nil {
				t.Fatalf("%s: %v", tt.js, err)
			}
			if got := v.String(); got != tt.want {
				t.Errorf("%s\n got %q\nwant %q", tt.js, got, tt.want)
			}
		})
	}
}

// TestLazyMaterialization checks what makes a class: reading its global
// property, wrapping a value of it or of a class inheriting it, asking Go
// for its prototype; and nothing else.
func TestLazyMaterialization(t *testing.T) {
	tests := []struct {
		name  string
		do    func(t *testing.T, r *Realm)
		ready []string // classes made
		lazy  []string // classes not made
	}{
		{"nothing used", func(*testing.T, *Realm) {}, nil, []string{"Shelf", "Box", "Crate", "Plain", "Filter"}},
		{"in and own keys", func(t *testing.T, r *Realm) {
			run(t, r, `'Box' in globalThis && Object.getOwnPropertyNames(globalThis).length > 0 && Object.getOwnPropertyDescriptor(globalThis, 'Object')`)
		}, nil, []string{"Shelf", "Box"}},
		{"global read makes the ancestors", func(t *testing.T, r *Realm) { run(t, r, `Box`) }, []string{"Shelf", "Box"}, []string{"Crate", "Plain"}},
		{"wrapping", func(t *testing.T, r *Realm) { r.WrapObject(&animal{}, r.Class("Crate")) }, []string{"Shelf", "Crate"}, []string{"Box", "Plain"}},
		{"Prototype", func(t *testing.T, r *Realm) { r.Class("Plain").Prototype() }, []string{"Plain"}, []string{"Shelf"}},
		{"assignment does not make it", func(t *testing.T, r *Realm) { run(t, r, `Plain = 1; Shelf = 2`) }, nil, []string{"Plain", "Shelf"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := goja.New()
			r := NewRealm(rt)
			if err := r.Install(rt.GlobalObject(), boxIface, shelfIface, crateIface, plainIface, filterIface); err != nil {
				t.Fatal(err)
			}
			tt.do(t, r)
			for _, n := range tt.ready {
				if !r.Class(n).ready {
					t.Errorf("%s not made", n)
				}
			}
			for _, n := range tt.lazy {
				if r.Class(n).ready {
					t.Errorf("%s made", n)
				}
			}
		})
	}
}

func run(t *testing.T, r *Realm, js string) goja.Value {
	t.Helper()
	v, err := r.Runtime.RunString(js)
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func TestDefineLazy(t *testing.T) {
	tests := []struct {
		name, js, want string
		calls          int
	}{
		{"read twice", `[answer, answer, Object.getOwnPropertyDescriptor(globalThis, 'answer').writable].join()`, "42,42,true", 1},
		{"assigned before read", `answer = 1; answer`, "1", 0},
		{"deleted before read", `delete globalThis.answer; typeof answer`, "undefined", 0},
		{"inspected", `Object.getOwnPropertyDescriptor(globalThis, 'answer').value`, "42", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := goja.New()
			r := NewRealm(rt)
			calls := 0
			if err := r.DefineLazy(rt.GlobalObject(), "answer", func() goja.Value { calls++; return r.Int(42) }); err != nil {
				t.Fatal(err)
			}
			if got := run(t, r, tt.js).String(); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.js, got, tt.want)
			}
			if calls != tt.calls {
				t.Errorf("value made %d times, want %d", calls, tt.calls)
			}
		})
	}
}

// BenchmarkWrappedDefineProperty is the cost the reflection wrappers add
// to the built-ins libraries call most (Object.defineProperty and
// getOwnPropertyDescriptor on ordinary objects): "builtin" is a runtime
// without a realm, "wrapped" one with lazy interface objects.
func BenchmarkWrappedDefineProperty(b *testing.B) {
	const js = `(function () { var o = {}; for (var i = 0; i < 1000; i++) {
		Object.defineProperty(o, 'k' + (i & 15), { value: i, configurable: true });
		Object.getOwnPropertyDescriptor(o, 'k3');
	} })`
	for _, wrapped := range []bool{false, true} {
		name := "builtin"
		if wrapped {
			name = "wrapped"
		}
		b.Run(name, func(b *testing.B) {
			rt := goja.New()
			if wrapped {
				r := NewRealm(rt)
				if err := r.Install(rt.GlobalObject(), shelfIface, boxIface); err != nil {
					b.Fatal(err)
				}
			}
			v, err := rt.RunString(js)
			if err != nil {
				b.Fatal(err)
			}
			f, _ := goja.AssertFunction(v)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f(nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestOnMaterialize checks that OnMaterialize's functions run once, when
// the class is made (through a subclass too), after its members and
// before the subclass's, and at once for a class already made; and that
// registering one makes nothing.
func TestOnMaterialize(t *testing.T) {
	rt := goja.New()
	r := NewRealm(rt)
	if err := r.Install(rt.GlobalObject(), boxIface, shelfIface, crateIface, plainIface, filterIface); err != nil {
		t.Fatal(err)
	}
	var got []string
	r.Class("Shelf").OnMaterialize(func(proto *goja.Object) {
		got = append(got, "Shelf:"+strconv.FormatBool(proto == r.Class("Shelf").proto)+":"+strconv.FormatBool(r.Class("Box").proto == nil))
		proto.DefineDataProperty("extra", rt.ToValue(1), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	})
	if r.Class("Shelf").ready || len(got) != 0 {
		t.Fatalf("OnMaterialize made the class or ran: %v", got)
	}
	run(t, r, `Box`)
	r.Class("Shelf").OnMaterialize(func(*goja.Object) { got = append(got, "again") })
	if want := []string{"Shelf:true:true", "again"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("got %v, want %v", got, want)
	}
	if s := run(t, r, `var names = Object.getOwnPropertyNames(Shelf.prototype); names[names.length - 1] + Box.prototype.extra`).String(); s != "extra1" {
		t.Errorf("got %q, want extra1", s)
	}
}
