package bind

import "github.com/dop251/goja"

// The global object as a platform object: the checks Web IDL makes of
// members installed outside Install (timers, atob, fetch, the window and
// document getters), and the immutable prototypes of the global object and
// of its interfaces' prototypes.

// bindGlobal records that the global object is now a platform object of
// class cls (Bind on it): its members check their this value against cls,
// and the global object and the prototype objects of cls and its ancestors
// become immutable prototype exotic objects.
// https://webidl.spec.whatwg.org/#platform-object-setprototypeof
// https://webidl.spec.whatwg.org/#interface-prototype-object
func (r *Realm) bindGlobal(g *goja.Object, cls *Class) {
	r.globalClass = cls
	r.immutable = append(r.immutable[:0], g)
	for c := cls; c != nil; c = c.parent {
		r.immutable = append(r.immutable, c.proto)
	}
	r.patchSetPrototype()
}

// SetImmutablePrototype makes o an immutable prototype exotic object: the
// scripts' Object.setPrototypeOf, Reflect.setPrototypeOf and __proto__
// cannot change its prototype (Go code still can). For objects in the
// global's prototype chain made outside Install, such as the named
// properties object of a window.
// https://webidl.spec.whatwg.org/#named-properties-object-setprototypeof
func (r *Realm) SetImmutablePrototype(o *goja.Object) {
	if _, ok := r.isImmutable(o); !ok {
		r.immutable = append(r.immutable, o)
	}
	r.patchSetPrototype()
}

// IsGlobalThis reports whether v, the this value of a call, stands for the
// global object: undefined or null (a plain call, `setTimeout(f)`), the
// global object itself, or another object of the global's class (a frame's
// window). Members of the global object made outside Install throw
// "Illegal invocation" otherwise, as Web IDL operations do.
// https://webidl.spec.whatwg.org/#dfn-create-operation-function
func (r *Realm) IsGlobalThis(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	if !ok {
		return v == nil || goja.IsUndefined(v) || goja.IsNull(v)
	}
	if o == r.Runtime.GlobalObject() || r.globalClass == nil {
		return true
	}
	e, ok := r.entryOf(o)
	return ok && e.cls.Is(r.globalClass)
}

// NewGlobalFunction is NewFunction for an operation of the global object:
// called with a this value that does not stand for the global object (see
// IsGlobalThis), it throws a TypeError ("Illegal invocation").
func (r *Realm) NewGlobalFunction(name string, length int, f func(goja.FunctionCall) goja.Value) *goja.Object {
	return r.newFunc(func(call goja.FunctionCall) goja.Value {
		if !r.IsGlobalThis(call.This) {
			r.illegalInvocation()
		}
		v, thrown := callNative(f, call)
		if thrown != nil {
			iface := "Window"
			if r.globalClass != nil {
				iface = r.globalClass.Name()
			}
			panic(r.contextualize(thrown, "execute '", name, "' on '", iface))
		}
		return v
	}, name, length)
}

// isImmutable reports whether o is an immutable prototype exotic object of
// this realm's.
func (r *Realm) isImmutable(v goja.Value) (*goja.Object, bool) {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil, false
	}
	for _, x := range r.immutable {
		if x == o {
			return o, true
		}
	}
	return nil, false
}

// samePrototype is SetImmutablePrototype's test: whether proto (an object
// or null) is o's prototype already.
// https://tc39.es/ecma262/#sec-set-immutable-prototype
func samePrototype(o *goja.Object, proto goja.Value) bool {
	cur := o.Prototype()
	if p, ok := proto.(*goja.Object); ok {
		return cur == p
	}
	return cur == nil && goja.IsNull(proto)
}

// objectOrNull reports whether v may be a prototype.
func objectOrNull(v goja.Value) bool {
	_, ok := v.(*goja.Object)
	return ok || goja.IsNull(v)
}

func (r *Realm) throwImmutable(o *goja.Object) {
	name := "Object"
	if c, ok := o.Get("constructor").(*goja.Object); ok {
		if n := c.Get("name"); n != nil && n.String() != "" {
			name = n.String()
		}
	}
	r.ThrowTypeError("Immutable prototype object '#<%s>' cannot have their prototype set", name)
}

// patchSetPrototype wraps the built-ins that set a prototype
// (Object.setPrototypeOf, Reflect.setPrototypeOf and the __proto__ setter)
// so that they refuse a new prototype for the immutable objects; for other
// objects they cost a few pointer comparisons. goja has no other way to
// make an ordinary object's prototype immutable.
func (r *Realm) patchSetPrototype() {
	if r.protoPatched {
		return
	}
	r.protoPatched = true
	g := r.Runtime.GlobalObject()
	oc, _ := g.Get("Object").(*goja.Object)
	rc, _ := g.Get("Reflect").(*goja.Object)
	wrap := func(holder *goja.Object, name string, refuse func(goja.FunctionCall, *goja.Object) goja.Value) {
		if holder == nil {
			return
		}
		orig, ok := goja.AssertFunction(holder.Get(name))
		if !ok {
			return
		}
		f := r.newFunc(func(call goja.FunctionCall) goja.Value {
			if o, ok := r.isImmutable(Arg(call.Arguments, 0)); ok {
				if proto := Arg(call.Arguments, 1); objectOrNull(proto) && !samePrototype(o, proto) {
					return refuse(call, o)
				}
			}
			v, err := orig(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			return v
		}, name, 2)
		holder.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	wrap(oc, "setPrototypeOf", func(_ goja.FunctionCall, o *goja.Object) goja.Value {
		r.throwImmutable(o)
		return nil
	})
	wrap(rc, "setPrototypeOf", func(goja.FunctionCall, *goja.Object) goja.Value {
		return r.Runtime.ToValue(false)
	})
	// Object.prototype.__proto__'s setter.
	// https://tc39.es/ecma262/#sec-set-object.prototype.__proto__
	if oc == nil || r.intrinsics.getOwnPropertyDescriptor == nil {
		return
	}
	op, _ := oc.Get("prototype").(*goja.Object)
	if op == nil {
		return
	}
	d, err := r.intrinsics.getOwnPropertyDescriptor(nil, op, r.Runtime.ToValue("__proto__"))
	desc, ok := d.(*goja.Object)
	if err != nil || !ok {
		return
	}
	get := desc.Get("get")
	set, ok := goja.AssertFunction(desc.Get("set"))
	if !ok {
		return
	}
	setter := r.newFunc(func(call goja.FunctionCall) goja.Value {
		if o, ok := r.isImmutable(call.This); ok {
			if proto := Arg(call.Arguments, 0); objectOrNull(proto) && !samePrototype(o, proto) {
				r.throwImmutable(o)
			}
		}
		v, err := set(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	}, "set __proto__", 1)
	op.DefineAccessorProperty("__proto__", get, setter, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// DefineReplaceable defines on target, the global object, a [Replaceable]
// readonly attribute made outside Install (window.performance, screen,
// visualViewport): an accessor property, enumerable and configurable,
// whose getter ("get name") returns get() and whose setter ("set name")
// defines a data property of that name on its this value, as Web IDL's
// [Replaceable] setter does. Both throw "Illegal invocation" for a this
// that does not stand for the global object (IsGlobalThis). get is
// called on each read: a value it makes should be kept by its caller.
// https://webidl.spec.whatwg.org/#Replaceable
func (r *Realm) DefineReplaceable(target *goja.Object, name string, get func() goja.Value) error {
	return r.defineGlobalAttribute(target, name, get, true)
}

// DefineReadonly defines on target, the global object, a readonly
// attribute made outside Install (window.crypto): as DefineReplaceable,
// without a setter, so an assignment does nothing (a TypeError in strict
// code).
// https://webidl.spec.whatwg.org/#es-attributes
func (r *Realm) DefineReadonly(target *goja.Object, name string, get func() goja.Value) error {
	return r.defineGlobalAttribute(target, name, get, false)
}

func (r *Realm) defineGlobalAttribute(target *goja.Object, name string, get func() goja.Value, replaceable bool) error {
	recv := func(this goja.Value) (any, bool) { return nil, r.IsGlobalThis(this) }
	getter, setter := r.attrFuncs(recv, nil, Attribute{
		Name:        name,
		Get:         func(*Realm, any) goja.Value { return get() },
		Replaceable: replaceable,
	})
	if err := target.DefineAccessorProperty(name, getter, setter, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return errorf("%s: %w", name, err)
	}
	return nil
}
