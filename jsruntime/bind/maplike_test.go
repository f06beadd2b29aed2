package bind

import (
	"testing"

	"github.com/dop251/goja"
)

type registry struct {
	m       *goja.Object
	changes int
}

type roRegistry struct{ m *goja.Object }

var (
	registryIface = &Interface{
		Name: "Registry",
		Constructor: func(r *Realm, _ []goja.Value, _ *goja.Object) any {
			return &registry{m: r.NewMap()}
		},
		MapLike: &MapLike{
			Backing: func(r *Realm, this any) *goja.Object { return this.(*registry).m },
			Key:     func(r *Realm, v goja.Value, _ string) goja.Value { return r.String(DOMString(v)) },
			Value: func(r *Realm, v goja.Value) goja.Value {
				if _, ok := v.(*goja.Object); !ok {
					r.ThrowTypeError("Failed to execute 'set' on 'Registry': parameter 2 is not of type 'Object'.")
				}
				return v
			},
			Changed: func(r *Realm, this any) { this.(*registry).changes++ },
		},
		Attributes: []Attribute{{Name: "changes", Get: func(r *Realm, this any) goja.Value { return r.Int(this.(*registry).changes) }}},
	}
	roRegistryIface = &Interface{
		Name: "ReadOnlyRegistry",
		Constructor: func(r *Realm, _ []goja.Value, _ *goja.Object) any {
			m := r.NewMap()
			r.MapSet(m, r.String("a"), r.Int(1))
			return &roRegistry{m: m}
		},
		MapLike: &MapLike{
			Backing:  func(r *Realm, this any) *goja.Object { return this.(*roRegistry).m },
			ReadOnly: true,
		},
	}
)

func TestMapLike(t *testing.T) {
	tests := []struct{ name, js, want string }{
		{"members", `Object.getOwnPropertyNames(Registry.prototype).sort().join()`, "changes,clear,constructor,delete,entries,forEach,get,has,keys,set,size,values"},
		{"readonly members", `Object.getOwnPropertyNames(ReadOnlyRegistry.prototype).sort().join()`, "constructor,entries,forEach,get,has,keys,size,values"},
		{"iterator is entries", `[Registry.prototype[Symbol.iterator] === Registry.prototype.entries, Object.getOwnPropertyDescriptor(Registry.prototype, Symbol.iterator).enumerable].join()`, "true,false"},
		{"size accessor", `var d = Object.getOwnPropertyDescriptor(Registry.prototype, 'size'); [typeof d.get, d.set, d.enumerable, d.configurable, d.get.name].join()`, "function,,true,true,get size"},
		{"lengths", `var p = Registry.prototype; [p.get.length, p.has.length, p.set.length, p.delete.length, p.clear.length, p.forEach.length, p.entries.length].join()`, "1,1,2,1,0,1,0"},
		{"set get has", `var r = new Registry(), o = {}; [r.set(1, o) === r, r.get('1') === o, r.has(1), r.size, r.changes].join()`, "true,true,true,1,1"},
		{"value conversion", `try { new Registry().set('a', 2); 'no' } catch (e) { e.message }`, "Failed to execute 'set' on 'Registry': parameter 2 is not of type 'Object'."},
		{"argument count", `try { new Registry().set('a'); 'no' } catch (e) { e.message }`, "Failed to execute 'set' on 'Registry': 2 arguments required, but only 1 present."},
		{"delete clear", `var r = new Registry(); r.set('a', {}); r.set('b', {}); [r.delete('a'), r.delete('a'), r.size, r.clear(), r.size, r.changes].join()`, "true,false,1,,0,5"},
		{"iteration order", `var r = new Registry(); r.set('b', {v: 1}); r.set('a', {v: 2}); r.set('b', {v: 3}); [...r].map(([k, v]) => k + v.v).join() + [...r.keys()] + [...r.values()].map(v => v.v)`, "b3,a2b,a3,2"},
		{"forEach", `var r = new Registry(), s = []; r.set('x', {}); r.forEach(function (v, k, m) { s.push(k, m === r, this) }, 7); s.join()`, "x,true,7"},
		{"forEach not callable", `try { new Registry().forEach(1); 'no' } catch (e) { e instanceof TypeError }`, "true"},
		{"Map.prototype patched", `var r = new Registry(); Map.prototype.set = () => { throw 1 }; Map.prototype.get = () => 'x'; r.set('a', {}); [r.has('a'), typeof r.get('a')].join()`, "true,object"},
		{"illegal invocation", `try { Registry.prototype.get.call({}, 'a'); 'no' } catch (e) { e.message }`, "Illegal invocation"},
		{"readonly", `var r = new ReadOnlyRegistry(); [r.get('a'), r.size, 'set' in r].join()`, "1,1,false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := goja.New()
			r := NewRealm(rt)
			if err := r.Install(rt.GlobalObject(), registryIface, roRegistryIface); err != nil {
				t.Fatal(err)
			}
			v, err := rt.RunString(tt.js)
			if err != nil {
				t.Fatalf("%s: %v", tt.js, err)
			}
			if got := v.String(); got != tt.want {
				t.Errorf("%s\n got %q\nwant %q", tt.js, got, tt.want)
			}
		})
	}
}
