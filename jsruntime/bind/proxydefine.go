package bind

import (
	"reflect"
	"strconv"

	"github.com/dop251/goja"
)

// Defining a property on a Proxy: the Proxy [[DefineOwnProperty]] of
// ECMAScript, run here instead of by goja.
// https://tc39.es/ecma262/#sec-proxy-object-internal-methods-and-internal-slots-defineownproperty-p-desc
//
// goja checks the trap's answer against the target with
// IsCompatiblePropertyDescriptor, but compares an accessor's getter and
// setter the wrong way round: it refuses a non-configurable accessor when
// the target has the very same one. So the usual forwarding trap
// (`defineProperty: (t, k, d) => Reflect.defineProperty(t, k, d)`) throws
// a bare TypeError as soon as a script defines a getter without
// `configurable: true` through it (Vue 3's component proxy has that trap,
// and Quasar defines its components' exposed getters on it). It also lets
// a non-configurable property change kind. goja is a fixed dependency, so
// Object.defineProperty, Object.defineProperties and Reflect.defineProperty
// (wrapped already, see patchReflection) handle script-made proxies
// themselves: they call the trap and make the checks the standard makes.
// Other objects go straight to the built-ins, after one type comparison;
// proxies made in Go (goja.ProxyTrapConfig) are left to goja, as their traps
// are Go functions.

var (
	proxyType         = reflect.TypeOf(goja.Proxy{})
	nativeHandlerType = reflect.TypeOf((*goja.ProxyTrapConfig)(nil))
)

// scriptProxy returns the target and handler of v when v is a live Proxy
// whose handler is a script object.
func scriptProxy(v goja.Value) (target, handler *goja.Object, ok bool) {
	o, isObj := v.(*goja.Object)
	if !isObj || o.ExportType() != proxyType {
		return nil, nil, false
	}
	p := o.Export().(goja.Proxy)
	h := p.Handler()
	if h == nil || h.ExportType() == nativeHandlerType {
		// Revoked (goja throws) or made in Go.
		return nil, nil, false
	}
	return p.Target(), h, true
}

// Property Descriptor records are goja.PropertyDescriptors: nil values and
// FLAG_NOT_SET flags are absent fields.
// https://tc39.es/ecma262/#sec-property-descriptor-specification-type

func flagOf(v goja.Value) goja.Flag { return flag(v.ToBoolean()) }

// scriptDescriptor is ToPropertyDescriptor: it reads the fields of
// attrs in the standard's order (each [[HasProperty]] then [[Get]]).
// https://tc39.es/ecma262/#sec-topropertydescriptor
func (r *Realm) scriptDescriptor(attrs goja.Value) goja.PropertyDescriptor {
	o, ok := attrs.(*goja.Object)
	if !ok {
		r.ThrowTypeError("Property description must be an object: %s", attrs.String())
	}
	var d goja.PropertyDescriptor
	field := func(name string) goja.Value {
		has, err := r.intrinsics.reflectHas(nil, o, r.Runtime.ToValue(name))
		if err != nil {
			panic(err)
		}
		if !has.ToBoolean() {
			return nil
		}
		v := o.Get(name)
		if v == nil {
			v = r.undefined
		}
		return v
	}
	if v := field("enumerable"); v != nil {
		d.Enumerable = flagOf(v)
	}
	if v := field("configurable"); v != nil {
		d.Configurable = flagOf(v)
	}
	d.Value = field("value")
	if v := field("writable"); v != nil {
		d.Writable = flagOf(v)
	}
	accessor := func(name, what string) goja.Value {
		v := field(name)
		if v != nil && !goja.IsUndefined(v) {
			if _, ok := goja.AssertFunction(v); !ok {
				r.ThrowTypeError("%s must be a function: %s", what, v.String())
			}
		}
		return v
	}
	d.Getter = accessor("get", "Getter")
	d.Setter = accessor("set", "Setter")
	if d.IsAccessor() && d.IsData() {
		r.ThrowTypeError("Invalid property descriptor. Cannot both specify accessors and a value or writable attribute")
	}
	return d
}

// fromPropertyDescriptor is FromPropertyDescriptor: a new object with the
// present fields, in the standard's order.
// https://tc39.es/ecma262/#sec-frompropertydescriptor
func (r *Realm) fromPropertyDescriptor(d *goja.PropertyDescriptor) *goja.Object {
	o := r.Runtime.NewObject()
	put := func(name string, v goja.Value) {
		o.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	flag := func(name string, f goja.Flag) {
		if f != goja.FLAG_NOT_SET {
			put(name, r.Runtime.ToValue(f == goja.FLAG_TRUE))
		}
	}
	if d.Value != nil {
		put("value", d.Value)
	}
	flag("writable", d.Writable)
	if d.Getter != nil {
		put("get", d.Getter)
	}
	if d.Setter != nil {
		put("set", d.Setter)
	}
	flag("enumerable", d.Enumerable)
	flag("configurable", d.Configurable)
	return o
}

// toPropertyKey is ToPropertyKey: a symbol, or else a string.
func (r *Realm) toPropertyKey(v goja.Value) goja.Value {
	if o, ok := v.(*goja.Object); ok {
		v = o.ToString() // ToPrimitive with hint string, then (below) ToString
	}
	switch v := v.(type) {
	case *goja.Symbol, goja.String:
		return v
	}
	return r.Runtime.ToValue(v.String())
}

// defineOwn is O.[[DefineOwnProperty]](key, d) for any object o.
func (r *Realm) defineOwn(o *goja.Object, key goja.Value, d *goja.PropertyDescriptor) bool {
	for {
		target, handler, ok := scriptProxy(o)
		if !ok {
			ok, err := r.intrinsics.reflectDefineProperty(nil, o, key, r.fromPropertyDescriptor(d))
			if err != nil {
				panic(err)
			}
			return ok.ToBoolean()
		}
		trap := handler.Get("defineProperty")
		if trap == nil || goja.IsUndefined(trap) || goja.IsNull(trap) {
			// No trap: the target's own [[DefineOwnProperty]], iterated
			// rather than recursed so a long chain of proxies costs no stack.
			o = target
			continue
		}
		return r.proxyDefine(target, handler, trap, key, d)
	}
}

// proxyDefine is the rest of the Proxy [[DefineOwnProperty]] once the trap
// is known: call it, then hold its answer to the invariants.
func (r *Realm) proxyDefine(target, handler *goja.Object, trap, key goja.Value, d *goja.PropertyDescriptor) bool {
	fn, ok := goja.AssertFunction(trap)
	if !ok {
		r.ThrowTypeError("%s is not a function", trap.String())
	}
	res, err := fn(handler, target, key, r.fromPropertyDescriptor(d))
	if err != nil {
		panic(err)
	}
	if !res.ToBoolean() {
		return false
	}
	cur, err := r.intrinsics.getOwnPropertyDescriptor(nil, target, key)
	if err != nil {
		panic(err)
	}
	ext, err := r.intrinsics.reflectIsExtensible(nil, target)
	if err != nil {
		panic(err)
	}
	extensible := ext.ToBoolean()
	settingConfigFalse := d.Configurable == goja.FLAG_FALSE
	name := key.String()
	curObj, found := cur.(*goja.Object)
	if !found {
		if !extensible {
			r.ThrowTypeError("'defineProperty' on proxy: trap returned truish for adding property '%s'  to the non-extensible proxy target", name)
		}
		if settingConfigFalse {
			r.ThrowTypeError("'defineProperty' on proxy: trap returned truish for defining non-configurable property '%s' which is either non-existent or configurable in the proxy target", name)
		}
		return true
	}
	// cur comes from FromPropertyDescriptor: a complete descriptor.
	c := goja.PropertyDescriptor{
		Enumerable:   flagOf(curObj.Get("enumerable")),
		Configurable: flagOf(curObj.Get("configurable")),
	}
	if w := curObj.Get("writable"); w != nil {
		c.Value, c.Writable = curObj.Get("value"), flagOf(w)
	} else {
		c.Getter, c.Setter = curObj.Get("get"), curObj.Get("set")
	}
	if !compatibleDescriptor(extensible, d, &c) {
		r.ThrowTypeError("'defineProperty' on proxy: trap returned truish for adding property '%s'  that is incompatible with the existing property in the proxy target", name)
	}
	if settingConfigFalse && c.Configurable == goja.FLAG_TRUE {
		r.ThrowTypeError("'defineProperty' on proxy: trap returned truish for defining non-configurable property '%s' which is either non-existent or configurable in the proxy target", name)
	}
	if c.IsData() && c.Configurable == goja.FLAG_FALSE && c.Writable == goja.FLAG_TRUE && d.Writable == goja.FLAG_FALSE {
		r.ThrowTypeError("'defineProperty' on proxy: trap returned truish for defining non-configurable property '%s' which cannot be non-writable, unless there exists a corresponding non-configurable, non-writable own property of the target object.", name)
	}
	return true
}

// compatibleDescriptor is IsCompatiblePropertyDescriptor(extensible, d,
// cur) for an existing property cur (a complete descriptor).
// https://tc39.es/ecma262/#sec-validateandapplypropertydescriptor
func compatibleDescriptor(extensible bool, d, cur *goja.PropertyDescriptor) bool {
	if cur.Configurable == goja.FLAG_TRUE {
		return true
	}
	if d.Configurable == goja.FLAG_TRUE {
		return false
	}
	if d.Enumerable != goja.FLAG_NOT_SET && d.Enumerable != cur.Enumerable {
		return false
	}
	if !d.IsGeneric() && d.IsAccessor() != cur.IsAccessor() {
		return false
	}
	if cur.IsAccessor() {
		if d.Getter != nil && !d.Getter.SameAs(cur.Getter) {
			return false
		}
		if d.Setter != nil && !d.Setter.SameAs(cur.Setter) {
			return false
		}
		return true
	}
	if cur.Writable == goja.FLAG_FALSE {
		if d.Writable == goja.FLAG_TRUE {
			return false
		}
		if d.Value != nil && !d.Value.SameAs(cur.Value) {
			return false
		}
	}
	return true
}

// defineProperty is Object.defineProperty and, with throw false,
// Reflect.defineProperty, for a script-made proxy o.
// https://tc39.es/ecma262/#sec-object.defineproperty
func (r *Realm) defineProperty(o *goja.Object, key, attrs goja.Value, throw bool) bool {
	k := r.toPropertyKey(key)
	d := r.scriptDescriptor(attrs)
	if !r.defineOwn(o, k, &d) {
		if throw {
			r.ThrowTypeError("'defineProperty' on proxy: trap returned falsish for property '%s'", k.String())
		}
		return false
	}
	return true
}

// defineProperties is Object.defineProperties for a script-made proxy o:
// every descriptor is read before the first is defined.
// https://tc39.es/ecma262/#sec-objectdefineproperties
func (r *Realm) defineProperties(o *goja.Object, props goja.Value) {
	p := props.ToObject(r.Runtime)
	keys, err := r.intrinsics.reflectOwnKeys(nil, p)
	if err != nil {
		panic(err)
	}
	type entry struct {
		key goja.Value
		d   goja.PropertyDescriptor
	}
	var list []entry
	ko := keys.(*goja.Object)
	n := int(ko.Get("length").ToInteger())
	for i := 0; i < n; i++ {
		key := ko.Get(strconv.Itoa(i))
		pd, err := r.intrinsics.getOwnPropertyDescriptor(nil, p, key)
		if err != nil {
			panic(err)
		}
		pdo, ok := pd.(*goja.Object)
		if !ok || !pdo.Get("enumerable").ToBoolean() {
			continue
		}
		v, err := r.intrinsics.reflectGet(nil, p, key)
		if err != nil {
			panic(err)
		}
		list = append(list, entry{key, r.scriptDescriptor(v)})
	}
	for i := range list {
		if !r.defineOwn(o, list[i].key, &list[i].d) {
			r.ThrowTypeError("'defineProperty' on proxy: trap returned falsish for property '%s'", list[i].key.String())
		}
	}
}
