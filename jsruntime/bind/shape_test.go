package bind

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// Interfaces for the shape checks idlharness.js makes: [Unscopable]
// members (Shelf <- Box, with a mixin) and a callback interface with
// constants (Filter, like NodeFilter).
var (
	tidyMixin = &Mixin{
		Name: "Tidy",
		Methods: []Method{
			{Name: "sweep", Unscopable: true, Fn: func(*Realm, any, []goja.Value) goja.Value { return nil }},
			{Name: "dust", Fn: func(*Realm, any, []goja.Value) goja.Value { return nil }},
		},
	}
	shelfIface = &Interface{
		Name:        "Shelf",
		Constructor: func(*Realm, []goja.Value, *goja.Object) any { return &animal{} },
		Attributes: []Attribute{
			{Name: "zeta", Unscopable: true, Get: func(r *Realm, _ any) goja.Value { return r.Int(1) }},
			{Name: "plain", Get: func(r *Realm, _ any) goja.Value { return r.Int(2) }},
			{Name: "swap", Replaceable: true, Get: func(r *Realm, _ any) goja.Value { return r.Int(4) }},
			{Name: "lenient", LenientThis: true, Get: func(r *Realm, _ any) goja.Value { return r.Int(3) },
				Set: func(*Realm, any, goja.Value) {}},
		},
		Methods: []Method{{Name: "alpha", Unscopable: true, Fn: func(*Realm, any, []goja.Value) goja.Value { return nil }}},
		Mixins:  []*Mixin{tidyMixin},
	}
	// Box has no [Unscopable] member of its own: it gets no unscopables
	// object and inherits Shelf's.
	boxIface   = &Interface{Name: "Box", Parent: "Shelf"}
	crateIface = &Interface{Name: "Crate", Parent: "Shelf", Mixins: []*Mixin{tidyMixin}}
	// Hidden has no interface object; Shown inherits it, and its interface
	// object inherits Shelf's (as Window's inherits EventTarget's past
	// WindowProperties).
	hiddenIface = &Interface{Name: "Hidden", Parent: "Shelf", NoInterfaceObject: true}
	shownIface  = &Interface{Name: "Shown", Parent: "Hidden"}
	plainIface  = &Interface{Name: "Plain", Methods: []Method{{Name: "m", Fn: func(*Realm, any, []goja.Value) goja.Value { return nil }}}}
	filterIface = &Interface{
		Name:              "Filter",
		CallbackInterface: true,
		Constants:         []Constant{{"ACCEPT", 1}, {"SHOW_ALL", 0xFFFFFFFF}},
	}
)

func newShapeRuntime(t testing.TB) *goja.Runtime {
	rt := goja.New()
	r := NewRealm(rt)
	if err := r.Install(rt.GlobalObject(), boxIface, shelfIface, crateIface, plainIface, filterIface, shownIface, hiddenIface); err != nil {
		t.Fatal(err)
	}
	return rt
}

// TestShape checks the property shapes Web IDL gives interface objects
// and prototypes, as idlharness.js checks them.
func TestShape(t *testing.T) {
	// desc prints a property descriptor as value/kind + w/e/c flags.
	const desc = `function desc(o, k) {
		var d = Object.getOwnPropertyDescriptor(o, k);
		if (!d) return 'none';
		var v = 'get' in d ? 'accessor' : typeof d.value === 'object' || typeof d.value === 'function' ? typeof d.value : String(d.value);
		return v + ':' + (d.writable ? 'w' : '-') + (d.enumerable ? 'e' : '-') + (d.configurable ? 'c' : '-');
	}
	function keys(o) { return Reflect.ownKeys(o).map(function (k) { return String(k) + '=' + desc(o, k) }).join(' ') }
	`
	tests := []struct {
		name, js, want string
	}{
		// https://webidl.spec.whatwg.org/#interface-prototype-object
		{"unscopables descriptor", `desc(Shelf.prototype, Symbol.unscopables)`, "object:--c"},
		{"unscopables has null prototype", `Object.getPrototypeOf(Shelf.prototype[Symbol.unscopables])`, "null"},
		// https://webidl.spec.whatwg.org/#create-an-unscopables-object
		{"unscopables members and mixins, sorted", `keys(Shelf.prototype[Symbol.unscopables])`, "alpha=true:wec sweep=true:wec zeta=true:wec"},
		{"no own unscopables without [Unscopable] members", `desc(Box.prototype, Symbol.unscopables) + ' ' + desc(Plain.prototype, Symbol.unscopables)`, "none none"},
		{"inherited unscopables", `Box.prototype[Symbol.unscopables] === Shelf.prototype[Symbol.unscopables]`, "true"},
		{"mixin unscopables on each includer", `keys(Crate.prototype[Symbol.unscopables]) + ' ' + (Crate.prototype[Symbol.unscopables] !== Shelf.prototype[Symbol.unscopables])`, "sweep=true:wec true"},
		{"with skips unscopable members", `var alpha = 'g', sweep = 'g', dust = 'g'; var o = Object.create(Shelf.prototype); with (o) { [typeof alpha, typeof sweep, typeof dust].join() }`, "string,string,function"},
		{"unscopable members still defined", `desc(Shelf.prototype, 'alpha') + ' ' + desc(Shelf.prototype, 'zeta') + ' ' + desc(Shelf.prototype, 'sweep')`, "function:wec accessor:-ec function:wec"},

		// https://webidl.spec.whatwg.org/#interface-object
		{"interface object skips [LegacyNoInterfaceObject] parents", `[Object.getPrototypeOf(Shown) === Shelf, typeof Hidden,
			Object.getPrototypeOf(Object.getPrototypeOf(Shown.prototype)) === Shelf.prototype, Object.prototype.toString.call(Object.getPrototypeOf(Shown.prototype))].join()`,
			"true,undefined,true,[object Hidden]"},

		// https://webidl.spec.whatwg.org/#Replaceable
		{"replaceable setter", `var d = Object.getOwnPropertyDescriptor(Shelf.prototype, 'swap'); [typeof d.set, d.set.name, d.set.length].join()`, "function,set swap,1"},
		{"replaceable assignment shadows", `var s = new Shelf(), t = new Shelf(); s.swap = 'mine'; var o = Object.getOwnPropertyDescriptor(s, 'swap');
			[s.swap, t.swap, o.writable, o.enumerable, o.configurable].join()`, "mine,4,true,true,true"},
		{"replaceable checks this", `try { Object.getOwnPropertyDescriptor(Shelf.prototype, 'swap').set.call({}, 1); 'no' } catch (e) { e.message }`, "Illegal invocation"},

		// https://webidl.spec.whatwg.org/#LegacyLenientThis
		{"lenient this getter", `var d = Object.getOwnPropertyDescriptor(Shelf.prototype, 'lenient'); [d.get.call({}), d.get.call(1), d.set.call({}, 5), typeof d.set].join()`, ",,,function"},
		{"lenient this on a real receiver", `var s = new Shelf(); s.lenient = 1; [s.lenient, Object.create(Shelf.prototype).lenient].join()`, "3,"},
		{"strict this still throws", `try { Object.getOwnPropertyDescriptor(Shelf.prototype, 'plain').get.call({}); 'no' } catch (e) { e instanceof TypeError && e.message }`, "Illegal invocation"},

		// https://webidl.spec.whatwg.org/#legacy-callback-interface-object
		{"callback interface is a function", `typeof Filter + ' ' + (Object.getPrototypeOf(Filter) === Function.prototype)`, "function true"},
		{"callback interface has no prototype", `'prototype' in Filter`, "false"},
		{"callback interface own keys", `keys(Filter)`, "length=0:--c name=Filter:--c ACCEPT=1:-e- SHOW_ALL=4294967295:-e-"},
		{"callback interface global property", `desc(globalThis, 'Filter')`, "function:w-c"},
		{"calling throws TypeError", `try { Filter(); 'no' } catch (e) { e instanceof TypeError }`, "true"},
		{"constructing throws TypeError", `try { new Filter(); 'no' } catch (e) { e instanceof TypeError }`, "true"},
		{"instanceof throws TypeError", `try { ({}) instanceof Filter; 'no' } catch (e) { e instanceof TypeError }`, "true"},
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

// TestLegacyFactoryFunction checks a [LegacyFactoryFunction] (Image).
// https://webidl.spec.whatwg.org/#legacy-factory-functions
func TestLegacyFactoryFunction(t *testing.T) {
	rt2 := goja.New()
	realm := NewRealm(rt2)
	if err := realm.Install(rt2.GlobalObject(), shelfIface, boxIface); err != nil {
		t.Fatal(err)
	}
	proto := realm.Class("Box").Prototype()
	f := realm.LegacyFactoryFunction("Crate2", 1, proto, func(args []goja.Value) *goja.Object {
		return realm.WrapObject(&animal{name: DOMString(Arg(args, 0))}, realm.Class("Box"))
	})
	rt2.Set("Crate2", f)
	v, err := rt2.RunString(`var r = [];
		try { Crate2('x'); r.push('no') } catch (e) { r.push(e instanceof TypeError) }
		var c = new Crate2('x');
		r.push(Crate2.name, Crate2.length, Crate2.prototype === Box.prototype, c instanceof Box, c instanceof Crate2, String(Crate2),
			Object.getOwnPropertyDescriptor(Crate2, 'prototype').writable);
		r.join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,Crate2,1,true,true,true,function Crate2() { [native code] },false"; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestCallbackInterfaceErrors(t *testing.T) {
	rt := goja.New()
	err := NewRealm(rt).Install(rt.GlobalObject(), &Interface{Name: "F", Parent: "DOMException", CallbackInterface: true})
	if err == nil || !strings.Contains(err.Error(), "cannot inherit") {
		t.Fatalf("err = %v, want a callback interface inheritance error", err)
	}
	rt = goja.New()
	err = NewRealm(rt).Install(rt.GlobalObject(), &Interface{Name: "F", CallbackInterface: true}, &Interface{Name: "G", Parent: "F"})
	if err == nil || !strings.Contains(err.Error(), "unknown parent") {
		t.Fatalf("err = %v, want an error for inheriting a callback interface", err)
	}
}
