package bind

import (
	"sync"
	"testing"

	"github.com/dop251/goja"
)

// planet is the implementation behind a [Global] test interface.
type planet struct{ name string }

var (
	orbitMixin = &Mixin{
		Name:       "Orbit",
		Attributes: []Attribute{{Name: "onorbit", Get: func(r *Realm, _ any) goja.Value { return goja.Null() }, Set: func(*Realm, any, goja.Value) {}}},
	}
	planetIface = &Interface{
		Name:   "Planet",
		Global: true,
		Mixins: []*Mixin{orbitMixin},
		Attributes: []Attribute{{Name: "planetName", Get: func(r *Realm, this any) goja.Value {
			return r.String(this.(*planet).name)
		}}},
		Methods: []Method{{Name: "spin", Length: 2, Fn: func(r *Realm, this any, args []goja.Value) goja.Value {
			return r.String(this.(*planet).name + " spins")
		}}},
	}
	moonIface = &Interface{Name: "Moon"}
)

// newGlobalFixture installs Planet as the [Global] interface of a fresh
// runtime whose global object is the planet "earth".
func newGlobalFixture(t testing.TB) *goja.Runtime {
	rt := goja.New()
	r := NewRealm(rt)
	g := rt.GlobalObject()
	if err := r.Install(g, planetIface, moonIface); err != nil {
		t.Fatal(err)
	}
	cls := r.Class("Planet")
	if err := g.SetPrototype(cls.Prototype()); err != nil {
		t.Fatal(err)
	}
	r.Bind(g, &planet{name: "earth"}, cls)
	return rt
}

// https://webidl.spec.whatwg.org/#Global
func TestGlobalInterface(t *testing.T) {
	tests := []struct {
		name, js, want string
	}{
		{"members are own properties", `['planetName', 'spin', 'onorbit'].map(k => Object.prototype.hasOwnProperty.call(globalThis, k)).join()`, "true,true,true"},
		{"prototype keeps constructor and tag", `Reflect.ownKeys(Planet.prototype).map(String).join()`, "constructor,Symbol(Symbol.toStringTag)"},
		{"accessor descriptor", `var d = Object.getOwnPropertyDescriptor(globalThis, 'planetName'); [typeof d.get, d.set, d.enumerable, d.configurable, d.get.name].join()`, "function,,true,true,get planetName"},
		{"method descriptor", `var d = Object.getOwnPropertyDescriptor(globalThis, 'spin'); [d.writable, d.enumerable, d.configurable, d.value.name, d.value.length].join()`, "true,true,true,spin,2"},
		{"read and call", `planetName + ',' + spin(1, 2)`, "earth,earth spins"},
		{"members after interface objects", `var k = Object.getOwnPropertyNames(globalThis); (k.indexOf('Moon') < k.indexOf('planetName')) + ',' + (k.indexOf('Planet') < k.indexOf('planetName'))`, "true,true"},
		{"illegal invocation", `try { Object.getOwnPropertyDescriptor(globalThis, 'planetName').get.call({}); 'no' } catch (e) { e.message }`, "Illegal invocation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := newGlobalFixture(t)
			v, err := rt.RunString(tt.js)
			if err != nil {
				t.Fatalf("%s: %v", tt.js, err)
			}
			if got := v.String(); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.js, got, tt.want)
			}
		})
	}
}

func TestGlobalWithoutTarget(t *testing.T) {
	r := NewRealm(goja.New())
	if err := r.Install(nil, &Interface{Name: "Lonely", Global: true}); err == nil {
		t.Fatal("Install of a [Global] interface without a target succeeded")
	}
}

// TestSharedNames renders the same member names in realms on several
// goroutines at once (the names are shared process-wide: run with -race),
// including non-ASCII and long names.
func TestSharedNames(t *testing.T) {
	decl := &Interface{
		Name: "Ünïcode",
		Attributes: []Attribute{
			{Name: "aVeryLongAttributeNameIndeed", Get: func(r *Realm, _ any) goja.Value { return goja.Null() }},
			{Name: "naïve", Get: func(r *Realm, _ any) goja.Value { return goja.Null() }, Set: func(*Realm, any, goja.Value) {}},
		},
		Methods: []Method{{Name: "ça", Fn: func(r *Realm, _ any, _ []goja.Value) goja.Value { return nil }}},
	}
	const want = "Ünïcode,get aVeryLongAttributeNameIndeed,get naïve,set naïve,ça,[object Ünïcode]"
	js := `var p = Ünïcode.prototype, d = k => Object.getOwnPropertyDescriptor(p, k);
		[Ünïcode.name, d('aVeryLongAttributeNameIndeed').get.name, d('naïve').get.name, d('naïve').set.name, p.ça.name, String(p)].join()`
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rt := goja.New()
			r := NewRealm(rt)
			if err := r.Install(rt.GlobalObject(), decl); err != nil {
				errs <- err.Error()
				return
			}
			v, err := rt.RunString(js)
			if err != nil {
				errs <- err.Error()
				return
			}
			if v.String() != want {
				errs <- v.String()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("got %q, want %q", e, want)
	}
}

// TestIteratorPrototype checks that pair iterators inherit
// %IteratorPrototype% (found from Go), so they are themselves iterable.
func TestIteratorPrototype(t *testing.T) {
	f := newFixture(t)
	v, err := f.rt.RunString(`var it = new Tags().keys(), ip = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
		[Object.getPrototypeOf(Object.getPrototypeOf(it)) === ip, it[Symbol.iterator]() === it, [...it].join()].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,true,a,b"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
