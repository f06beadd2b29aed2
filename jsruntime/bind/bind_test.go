package bind

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// The test interfaces: Animal <- Dog (slotted), Animal <- Cat (map
// identity), Pack (indexed, value-iterable), Tags (pair-iterable).
type animal struct {
	name string
	slot any
}

type dog struct {
	animal
	barks int
}

type cat struct{ animal }

type pack struct{ dogs []*dog }

type tags struct{ k, v []string }

var greeter = &Mixin{
	Name: "Greeter",
	Methods: []Method{{Name: "greet", Fn: func(r *Realm, this any, _ []goja.Value) goja.Value {
		return r.String("I am " + base(this).name)
	}}},
}

var (
	animalIface = &Interface{
		Name:      "Animal",
		Constants: []Constant{{"LEGS", 4}},
		Attributes: []Attribute{{
			Name: "name",
			Get:  func(r *Realm, this any) goja.Value { return r.String(base(this).name) },
			Set:  func(r *Realm, this any, v goja.Value) { base(this).name = DOMString(v) },
		}},
		Slot: func(impl any) *any {
			if d, ok := impl.(*dog); ok {
				return &d.slot
			}
			return nil
		},
	}
	dogIface = &Interface{
		Name:   "Dog",
		Parent: "Animal",
		Constructor: func(r *Realm, args []goja.Value, _ *goja.Object) any {
			if DOMString(args[0]) == "" {
				r.ThrowDOMException("SyntaxError", "no name")
			}
			return &dog{animal: animal{name: DOMString(args[0])}}
		},
		CtorLength: 1,
		Attributes: []Attribute{
			{Name: "barks", Get: func(r *Realm, this any) goja.Value { return r.Int(this.(*dog).barks) }},
			{Name: "nick", Get: func(r *Realm, this any) goja.Value { return r.String("") }, Set: func(r *Realm, this any, v goja.Value) {
				r.ThrowDOMException("InvalidStateError", "no nicknames")
			}},
		},
		Methods: []Method{
			{Name: "call", Length: 1, Fn: func(r *Realm, this any, args []goja.Value) goja.Value {
				f, _ := goja.AssertFunction(args[0])
				v, err := f(goja.Undefined())
				if err != nil {
					panic(err.(*goja.Exception).Value())
				}
				return v
			}},
			{Name: "bark", Length: 1, Fn: func(r *Realm, this any, args []goja.Value) goja.Value {
				d := this.(*dog)
				n := int(Long(args[0]))
				if n < 0 {
					r.ThrowDOMException("IndexSizeError", "negative barks")
				}
				d.barks += n
				return r.Int(d.barks)
			}},
		},
		Mixins:        []*Mixin{greeter},
		StaticMethods: []Method{{Name: "kind", Fn: func(r *Realm, _ any, _ []goja.Value) goja.Value { return r.String("canine") }}},
	}
	catIface  = &Interface{Name: "Cat", Parent: "Animal", Mixins: []*Mixin{greeter}}
	packIface = &Interface{
		Name: "Pack",
		Attributes: []Attribute{{Name: "length", Get: func(r *Realm, this any) goja.Value {
			return r.Int(len(this.(*pack).dogs))
		}}},
		Methods: []Method{{Name: "item", Length: 1, Fn: func(r *Realm, this any, args []goja.Value) goja.Value {
			p := this.(*pack)
			i := int(UnsignedLong(args[0]))
			if i >= len(p.dogs) {
				return goja.Null()
			}
			return r.Wrap(p.dogs[i], r.Class("Dog"))
		}}},
		ValueIterable: &ValueIterable{},
		Exotic: &Exotic{
			Get: func(r *Realm, this any, key string) goja.Value {
				p := this.(*pack)
				if i := Index(key); i >= 0 && i < len(p.dogs) {
					return r.Wrap(p.dogs[i], r.Class("Dog"))
				}
				return nil
			},
			Keys: func(r *Realm, this any) []string {
				keys := make([]string, len(this.(*pack).dogs))
				for i := range keys {
					keys[i] = strconv.Itoa(i)
				}
				return keys
			},
		},
	}
	tagsIface = &Interface{
		Name: "Tags",
		Constructor: func(r *Realm, _ []goja.Value, _ *goja.Object) any {
			return &tags{k: []string{"a", "b"}, v: []string{"1", "2"}}
		},
		PairIterable: &PairIterable{
			Len: func(r *Realm, this any) int { return len(this.(*tags).k) },
			At: func(r *Realm, this any, i int) (goja.Value, goja.Value) {
				t := this.(*tags)
				return r.String(t.k[i]), r.String(t.v[i])
			},
		},
	}
)

func base(this any) *animal {
	switch a := this.(type) {
	case *dog:
		return &a.animal
	case *cat:
		return &a.animal
	}
	panic("not an animal")
}

type fixture struct {
	rt    *goja.Runtime
	realm *Realm
	rex   *dog
	tom   *cat
}

func newFixture(t testing.TB) *fixture {
	rt := goja.New()
	r := NewRealm(rt)
	if err := r.Install(rt.GlobalObject(), dogIface, animalIface, catIface, packIface, tagsIface); err != nil {
		t.Fatal(err)
	}
	f := &fixture{rt: rt, realm: r, rex: &dog{animal: animal{name: "rex"}}, tom: &cat{animal{name: "tom"}}}
	rt.Set("rex", r.Wrap(f.rex, r.Class("Dog")))
	rt.Set("tom", r.Wrap(f.tom, r.Class("Cat")))
	rt.Set("pack", r.Wrap(&pack{dogs: []*dog{f.rex, {animal: animal{name: "fido"}}}}, r.Class("Pack")))
	return f
}

func TestBindings(t *testing.T) {
	tests := []struct {
		name, js, want string
	}{
		{"accessor on prototype", `var d = Object.getOwnPropertyDescriptor(Animal.prototype, 'name'); typeof d.get + typeof d.set + d.enumerable + d.configurable`, "functionfunctiontruetrue"},
		{"no own property", `Object.getOwnPropertyNames(rex).length`, "0"},
		{"readonly has no setter", `Object.getOwnPropertyDescriptor(Dog.prototype, 'barks').set === undefined`, "true"},
		{"getter name", `Object.getOwnPropertyDescriptor(Animal.prototype, 'name').get.name`, "get name"},
		{"read", `rex.name + tom.name`, "rextom"},
		{"write", `rex.name = 'max'; rex.name`, "max"},
		{"inherited getter", `Object.getPrototypeOf(Dog.prototype) === Animal.prototype && Object.getPrototypeOf(Dog) === Animal`, "true"},
		{"instanceof", `[rex instanceof Dog, rex instanceof Animal, tom instanceof Dog, tom instanceof Animal].join()`, "true,true,false,true"},
		{"identity", `pack[0] === rex && pack.item(0) === rex && pack[1] === pack.item(1)`, "true"},
		{"expando survives", `rex.x = 5; pack[0].x`, "5"},
		{"prototype patch", `Animal.prototype.hello = function() { return 'hi ' + this.name }; tom.hello() + ',' + rex.hello()`, "hi tom,hi rex"},
		{"method", `rex.bark(2); rex.bark(3)`, "5"},
		{"method length and name", `Dog.prototype.bark.length + Dog.prototype.bark.name`, "1bark"},
		{"method descriptor", `var d = Object.getOwnPropertyDescriptor(Dog.prototype, 'bark'); '' + d.writable + d.enumerable + d.configurable`, "truetruetrue"},
		{"illegal invocation", `try { Dog.prototype.bark.call(tom, 1); 'no' } catch (e) { e instanceof TypeError && e.message }`, "Illegal invocation"},
		{"illegal invocation getter", `try { Object.getOwnPropertyDescriptor(Animal.prototype, 'name').get.call({}); 'no' } catch (e) { e.message }`, "Illegal invocation"},
		{"argument count", `try { rex.bark(); 'no' } catch (e) { e.message }`, "Failed to execute 'bark' on 'Dog': 1 argument required, but only 0 present."},
		{"illegal constructor", `try { new Animal(); 'no' } catch (e) { e instanceof TypeError && e.message }`, "Failed to construct 'Animal': Illegal constructor"},
		{"constructor needs new", `try { Dog('x'); 'no' } catch (e) { e instanceof TypeError }`, "true"},
		{"constructor", `var d = new Dog('spot'); d instanceof Dog && d.name`, "spot"},
		{"constructor length", `Dog.length + Dog.name`, "1Dog"},
		{"subclass", `class Puppy extends Dog { yip() { return this.name + '!' } }; var p = new Puppy('bit'); p.yip() + (p instanceof Dog) + p.bark(1)`, "bit!true1"},
		{"constants", `Animal.LEGS + Animal.prototype.LEGS + rex.LEGS + Dog.LEGS`, "16"},
		{"constant descriptor", `var d = Object.getOwnPropertyDescriptor(Animal, 'LEGS'); '' + d.writable + d.enumerable + d.configurable`, "falsetruefalse"},
		{"static", `Dog.kind()`, "canine"},
		{"toStringTag", `Object.prototype.toString.call(rex) + String(Animal.prototype)`, "[object Dog][object Animal]"},
		{"DOMException", `try { rex.bark(-1) } catch (e) { [e instanceof DOMException, e instanceof Error, e.name, e.code, e.message, DOMException.INDEX_SIZE_ERR].join() }`, "true,true,IndexSizeError,1,Failed to execute 'bark' on 'Dog': negative barks,1"},
		{"DOMException stack", `try { rex.bark(-1) } catch (e) { e.stack.split("\n")[0] }`, "IndexSizeError: Failed to execute 'bark' on 'Dog': negative barks"},
		{"DOMException from a setter", `try { rex.nick = "x" } catch (e) { e.message }`, "Failed to set the 'nick' property on 'Dog': no nicknames"},
		{"DOMException from a constructor", `try { new Dog("") } catch (e) { e.name + ": " + e.message }`, "SyntaxError: Failed to construct 'Dog': no name"},
		{"DOMException through a callback", `try { rex.call(() => rex.bark(-1)) } catch (e) { e.message }`, "Failed to execute 'bark' on 'Dog': negative barks"},
		{"script's DOMException through a callback", `try { rex.call(() => { throw new DOMException("mine", "SyntaxError") }) } catch (e) { e.message }`, "mine"},
		{"DOMException constructor", `var e = new DOMException('m', 'NotFoundError'); e.name + e.code + e.message + Object.prototype.toString.call(e)`, "NotFoundError8m[object DOMException]"},
		{"indexed length", `pack.length + ':' + pack[2] + ':' + Object.keys(pack).join()`, "2:undefined:0,1"},
		{"value iterable", `[...pack].map(d => d.name).join() + Array.from(pack.keys()).join()`, "rex,fido0,1"},
		{"forEach", `var s = ''; pack.forEach((d, i) => s += i + d.name); s`, "0rex1fido"},
		{"in operator", `[0 in pack, 5 in pack, 'item' in pack, 'length' in pack].join()`, "true,false,true,true"},
		{"pair iterable", `var t = new Tags(); var s = ''; for (const [k, v] of t) s += k + v; s + [...t.keys()] + [...t.values()]`, "a1b2a,b1,2"},
		{"pair forEach", `var s = ''; new Tags().forEach((v, k) => s += k + '=' + v + ';'); s`, "a=1;b=2;"},
		{"iterator tag", `Object.prototype.toString.call(new Tags().entries())`, "[object Tags Iterator]"},
		{"mixin shared", `[Dog.prototype.greet === Cat.prototype.greet, rex.greet(), tom.greet()].join()`, "true,I am rex,I am tom"},
		{"mixin illegal invocation", `try { Cat.prototype.greet.call(pack); 'no' } catch (e) { e.message }`, "Illegal invocation"},
		{"unqualified this is global", `try { Dog.prototype.bark.call(undefined, 1); 'no' } catch (e) { e.message }`, "Illegal invocation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			v, err := f.rt.RunString(tt.js)
			if err != nil {
				t.Fatalf("%s: %v", tt.js, err)
			}
			if got := v.String(); got != tt.want {
				t.Errorf("%s\n got %q\nwant %q", tt.js, got, tt.want)
			}
		})
	}
}

func TestIdentityAndUnwrap(t *testing.T) {
	f := newFixture(t)
	r := f.realm
	o1 := r.WrapObject(f.rex, r.Class("Dog"))
	if f.rex.slot != any(o1) {
		t.Fatal("slotted impl does not keep its wrapper in the slot")
	}
	if o2 := r.WrapObject(f.rex, r.Class("Dog")); o1 != o2 {
		t.Fatal("same impl gave two wrappers")
	}
	if c1, c2 := r.WrapObject(f.tom, r.Class("Cat")), r.WrapObject(f.tom, r.Class("Cat")); c1 != c2 {
		t.Fatal("same map-identity impl gave two wrappers")
	}
	impl, ok := r.UnwrapAs(o1, r.Class("Animal"))
	if !ok || impl != any(f.rex) {
		t.Fatalf("UnwrapAs(Animal) = %v, %v", impl, ok)
	}
	if _, ok := r.UnwrapAs(o1, r.Class("Cat")); ok {
		t.Fatal("a Dog unwrapped as a Cat")
	}
	if _, _, ok := r.Unwrap(f.rt.NewObject()); ok {
		t.Fatal("plain object unwrapped")
	}
	if v := r.Wrap(nil, r.Class("Dog")); !goja.IsNull(v) {
		t.Fatalf("Wrap(nil) = %v, want null", v)
	}
}

func TestInstallErrors(t *testing.T) {
	tests := []struct {
		name  string
		decls []*Interface
		want  string
	}{
		{"unknown parent", []*Interface{{Name: "A", Parent: "Nope"}}, "unknown parent"},
		{"no name", []*Interface{{}}, "without a name"},
		{"twice", []*Interface{{Name: "DOMException"}}, "installed twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := goja.New()
			err := NewRealm(rt).Install(rt.GlobalObject(), tt.decls...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestConversions(t *testing.T) {
	rt := goja.New()
	tests := []struct {
		js   string
		long int32
		ul   uint32
		str  string
	}{
		{"1", 1, 1, "1"},
		{"-1", -1, 4294967295, "-1"},
		{"4294967297", 1, 1, "4294967297"},
		{"2.9", 2, 2, "2.9"},
		{"NaN", 0, 0, "NaN"},
		{"undefined", 0, 0, "undefined"},
		{"null", 0, 0, "null"},
		{"'12'", 12, 12, "12"},
		// ToNumber trims all of ECMAScript's white space, not only ASCII's
		// (goja's ToFloat gives NaN for any non-ASCII string).
		{"'\\u00a07'", 7, 7, "\u00a07"},
		{"'\\ufeff7\\u2028'", 7, 7, "\ufeff7\u2028"},
		{"'\\u3000-3'", -3, 4294967293, "\u3000-3"},
		{"({valueOf() { return '\\u00a05' }})", 5, 5, "[object Object]"},
		{"'\\u00e97'", 0, 0, "\u00e97"},
	}
	for _, tt := range tests {
		v, err := rt.RunString(tt.js)
		if err != nil {
			t.Fatal(err)
		}
		if got := Long(v); got != tt.long {
			t.Errorf("Long(%s) = %d, want %d", tt.js, got, tt.long)
		}
		if got := UnsignedLong(v); got != tt.ul {
			t.Errorf("UnsignedLong(%s) = %d, want %d", tt.js, got, tt.ul)
		}
		if got := DOMString(v); got != tt.str {
			t.Errorf("DOMString(%s) = %q, want %q", tt.js, got, tt.str)
		}
	}
	if LegacyNullToEmptyString(goja.Null()) != "" {
		t.Error("LegacyNullToEmptyString(null) != \"\"")
	}
}

func benchJS(b *testing.B, js string) {
	f := newFixture(b)
	fn, err := f.rt.RunString("(function(n) {" + js + "})")
	if err != nil {
		b.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	b.ReportAllocs()
	b.ResetTimer()
	if _, err := call(nil, f.rt.ToValue(b.N)); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPropertyRead measures one accessor read from JS (rex.barks).
func BenchmarkPropertyRead(b *testing.B) {
	benchJS(b, `var s = 0; for (var i = 0; i < n; i++) s += rex.barks; return s`)
}

// BenchmarkMethodCall measures one method call from JS (rex.bark(0)).
func BenchmarkMethodCall(b *testing.B) {
	benchJS(b, `var s = 0; for (var i = 0; i < n; i++) s += rex.bark(0); return s`)
}

// BenchmarkIndexedRead measures pack[0] on an exotic wrapper.
func BenchmarkIndexedRead(b *testing.B) {
	benchJS(b, `var s; for (var i = 0; i < n; i++) s = pack[1]; return s`)
}

// BenchmarkUnwrap measures the wrapper -> impl map lookup alone.
func BenchmarkUnwrap(b *testing.B) {
	f := newFixture(b)
	o := f.realm.WrapObject(f.rex, f.realm.Class("Dog"))
	cls := f.realm.Class("Animal")
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := f.realm.UnwrapAs(o, cls); !ok {
			b.Fatal("unwrap failed")
		}
	}
}

// BenchmarkNewRealm measures installing the test interfaces into a fresh runtime.
func BenchmarkNewRealm(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		newFixture(b)
	}
}

// BenchmarkBaselineRawGetter is the same read as BenchmarkPropertyRead
// through a hand-made goja accessor with a map lookup and no bind machinery,
// to compare under the same machine load.
func BenchmarkBaselineRawGetter(b *testing.B) {
	rt := goja.New()
	proto := rt.NewObject()
	d := &dog{barks: 1}
	obj := rt.CreateObject(proto)
	m := map[*goja.Object]*dog{obj: d}
	getter := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(m[call.This.(*goja.Object)].barks)
	})
	proto.DefineAccessorProperty("barks", getter, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	rt.Set("rex", obj)
	fn, err := rt.RunString(`(function(n) { var s = 0; for (var i = 0; i < n; i++) s += rex.barks; return s })`)
	if err != nil {
		b.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	b.ReportAllocs()
	b.ResetTimer()
	if _, err := call(nil, rt.ToValue(b.N)); err != nil {
		b.Fatal(err)
	}
}

// TestOneOrSequence: (T or sequence<T>) is a sequence for an object with
// @@iterator (an array, a Set), one T for anything else (a number, an
// array-like object without @@iterator, which converts as itself).
func TestOneOrSequence(t *testing.T) {
	rt := goja.New()
	conv := func(v goja.Value) float64 { return v.ToFloat() }
	for _, c := range []struct {
		js   string
		want string
	}{
		{"0.5", "[0.5]"},
		{"[0, 0.25, 1]", "[0 0.25 1]"},
		{"new Set([1, 2])", "[1 2]"},
		{"({length: 2, 0: 1, 1: 2})", "[NaN]"},
		{"[]", "[]"},
	} {
		v, err := rt.RunString(c.js)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(OneOrSequence(rt, v, conv)); got != c.want {
			t.Errorf("%s: %s, want %s", c.js, got, c.want)
		}
	}
}
