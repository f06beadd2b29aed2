package bind

import (
	"reflect"

	"github.com/dop251/goja"
)

// Wrappers with their indexed and named properties behind them (see
// Exotic.Behind) have a hidden object between them and their interface's
// prototype. Object.getPrototypeOf, Reflect.getPrototypeOf and the
// __proto__ getter skip it, so a form's prototype reads as
// HTMLFormElement.prototype, as Web IDL has it; isPrototypeOf and
// instanceof walk the real chain, which holds the prototype too.

// exoticType is what ExportType answers for the hidden objects (goja's
// dynamic objects export their DynamicObject), cheap to ask of any object.
var exoticType = reflect.TypeFor[*exoticObject]()

// skipHidden returns v's prototype when v is a hidden named-property object,
// else v.
func skipHidden(v goja.Value) goja.Value {
	if o, ok := v.(*goja.Object); ok && o.ExportType() == exoticType {
		if p := o.Prototype(); p != nil {
			return p
		}
		return goja.Null()
	}
	return v
}

// patchPrototypeOf wraps the prototype getters once per realm.
func (r *Realm) patchPrototypeOf() {
	if r.behindPatched {
		return
	}
	r.behindPatched = true
	g := r.Runtime.GlobalObject()
	for _, holder := range []string{"Object", "Reflect"} {
		h, _ := g.Get(holder).(*goja.Object)
		r.wrapResult(h, "getPrototypeOf")
	}
	oc, _ := g.Get("Object").(*goja.Object)
	if oc == nil {
		return
	}
	op, _ := oc.Get("prototype").(*goja.Object)
	if op == nil {
		return
	}
	// The __proto__ accessor: its getter is replaced, its setter kept.
	gopd, ok := goja.AssertFunction(oc.Get("getOwnPropertyDescriptor"))
	if !ok {
		return
	}
	d, err := gopd(oc, op, r.Runtime.ToValue("__proto__"))
	if err != nil || goja.IsUndefined(d) {
		return
	}
	desc := d.ToObject(r.Runtime)
	get, ok := goja.AssertFunction(desc.Get("get"))
	if !ok {
		return
	}
	getter := r.newFunc(func(call goja.FunctionCall) goja.Value {
		v, err := get(call.This)
		if err != nil {
			panic(err)
		}
		return skipHidden(v)
	}, "get __proto__", 0)
	op.DefineAccessorProperty("__proto__", getter, desc.Get("set"), goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// wrapResult replaces holder's method name by one of the same name, length
// and attributes whose result skips the hidden objects.
func (r *Realm) wrapResult(holder *goja.Object, name string) {
	if holder == nil {
		return
	}
	orig, ok := goja.AssertFunction(holder.Get(name))
	if !ok {
		return
	}
	f := r.newFunc(func(call goja.FunctionCall) goja.Value {
		v, err := orig(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		return skipHidden(v)
	}, name, 1)
	holder.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}
