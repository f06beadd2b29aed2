package bind

import (
	"slices"
	"testing"

	"github.com/dop251/goja"
)

// bag is a string map with a named getter, setter and deleter (as Storage).
type bag struct {
	keys []string
	vals map[string]string
}

var bagIface = &Interface{
	Name: "Bag",
	Constructor: func(r *Realm, _ []goja.Value, _ *goja.Object) any {
		return &bag{vals: map[string]string{}}
	},
	Methods: []Method{{Name: "size", Fn: func(r *Realm, this any, _ []goja.Value) goja.Value {
		return r.Int(len(this.(*bag).keys))
	}}},
	Exotic: &Exotic{
		Get: func(r *Realm, this any, key string) goja.Value {
			if v, ok := this.(*bag).vals[key]; ok {
				return r.String(v)
			}
			return nil
		},
		Set: func(r *Realm, this any, key string, v goja.Value) bool {
			b := this.(*bag)
			if _, ok := b.vals[key]; !ok {
				b.keys = append(b.keys, key)
			}
			b.vals[key] = v.String()
			return true
		},
		Delete: func(r *Realm, this any, key string) bool {
			b := this.(*bag)
			if _, ok := b.vals[key]; !ok {
				return false
			}
			delete(b.vals, key)
			b.keys = slices.DeleteFunc(b.keys, func(k string) bool { return k == key })
			return true
		},
		Keys: func(r *Realm, this any) []string { return slices.Clone(this.(*bag).keys) },
	},
}

// TestLegacyPlatformObjectTraps checks the proxy wrappers of Exotic
// interfaces: named properties are own, enumerable and writable with a
// named setter; symbols, accessors and expandos live beside them; prototype
// accessors see the wrapper's implementation.
func TestLegacyPlatformObjectTraps(t *testing.T) {
	rt := goja.New()
	r := NewRealm(rt)
	if err := r.Install(rt.GlobalObject(), bagIface); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, js, want string }{
		{"named set and get", `var b = new Bag(); b.x = 1; b['0'] = 'zero'; [b.x, typeof b.x, b[0], b.size()].join()`, "1,string,zero,2"},
		{"assigning a member name makes an expando", `var b = new Bag(); b.size = 'no'; [typeof b.size, 'size' in b].join()`, "string,true"},
		{"symbols", `var b = new Bag(), s = Symbol(); b[s] = 5; [b[s], b.size(), Object.getOwnPropertySymbols(b).length, delete b[s], b[s]].join()`, "5,0,1,true,"},
		{"accessor refused, data goes to the setter", `var b = new Bag(), r = []; try { Object.defineProperty(b, 'k', {get: function () { return 1 }}); r.push('defined') } catch (e) { r.push(e.name) } Object.defineProperty(b, 'd', {value: 'v'}); r.push(b.d, b.size()); r.join()`, "TypeError,v,1"},
		{"symbol accessor", `var b = new Bag(), s = Symbol(); Object.defineProperty(b, s, {get: function () { return this.size() }}); b.a = 1; b[s]`, "1"},
		{"descriptors and keys", `var b = new Bag(); b.a = 1; b.c = 2; var d = Object.getOwnPropertyDescriptor(b, 'a'); [d.value, d.writable, d.enumerable, d.configurable, Object.keys(b).join('|'), JSON.stringify(b), Object.assign({}, b).c].join()`, `1,true,true,true,a|c,{"a":"1","c":"2"},2`},
		{"delete", `var b = new Bag(); b.a = 1; [delete b.a, 'a' in b, b.size(), delete b.none].join()`, "true,false,0,true"},
		{"preventExtensions", `var b = new Bag(); [Reflect.preventExtensions(b), Object.isExtensible(b)].join()`, "false,true"},
		{"prototype and identity", `var b = new Bag(); [Object.getPrototypeOf(b) === Bag.prototype, b instanceof Bag, Object.prototype.toString.call(b)].join()`, "true,true,[object Bag]"},
		{"as a prototype", `var b = new Bag(); b.k = 'v'; var o = Object.create(b), r = [o.k]; try { o.size(); r.push('called') } catch (e) { r.push(e.name) } r.join()`, "v,TypeError"},
	}
	for _, c := range cases {
		v, err := rt.RunString(c.js)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
