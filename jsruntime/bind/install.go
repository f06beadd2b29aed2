package bind

import (
	"slices"
	"strings"

	"github.com/dop251/goja"
)

// Install declares decls in the realm and exposes each interface object as
// a property of target (normally the global object) unless it is declared
// NoInterfaceObject. A parent must be installed before, or in the same call.
//
// Installation is lazy: an interface's constructor, prototype and member
// functions are made the first time something needs them (a script reads
// the global property, a wrapper of the class or of a class inheriting it
// is made, or Go asks for its Prototype or Constructor). Until then the
// global property is a placeholder that behaves as the writable,
// configurable, non-enumerable data property Web IDL defines (see
// lazy.go). [Global] interfaces are installed at once.
func (r *Realm) Install(target *goja.Object, decls ...*Interface) error {
	pending := make(map[string]*Interface, len(decls))
	for _, d := range decls {
		if d.Name == "" {
			return errorf("interface without a name")
		}
		if _, dup := r.classes[d.Name]; dup {
			return errorf("interface %s installed twice", d.Name)
		}
		pending[d.Name] = d
	}
	var declare func(d *Interface, depth int) error
	declare = func(d *Interface, depth int) error {
		if _, done := r.classes[d.Name]; done {
			return nil
		}
		if depth > 64 {
			return errorf("interface %s: inheritance cycle", d.Name)
		}
		if p, ok := pending[d.Parent]; ok && d.Parent != "" {
			if err := declare(p, depth+1); err != nil {
				return err
			}
		}
		return r.declare(target, d)
	}
	for _, d := range decls {
		if err := declare(d, 0); err != nil {
			return err
		}
	}
	// [Global] members go on the target last, so that the target's own
	// properties list them after every interface object.
	for _, d := range decls {
		if d.Global {
			if target == nil {
				return errorf("interface %s: [Global] without a target", d.Name)
			}
			cls := r.classes[d.Name]
			r.materialize(cls)
			r.installMembers(cls, target)
		}
	}
	return nil
}

var objectPrototypeNames = []string{
	"constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty",
	"isPrototypeOf", "propertyIsEnumerable", "__proto__", "__defineGetter__",
	"__defineSetter__", "__lookupGetter__", "__lookupSetter__",
}

// declare registers d's class, resolving its parent, and puts the lazy
// placeholder of its interface object on target; materialize does the
// rest.
func (r *Realm) declare(target *goja.Object, d *Interface) error {
	cls := &Class{decl: d, realm: r, exotic: d.Exotic, slotFn: d.Slot, weak: d.Weak}
	if d.CallbackInterface {
		if d.Parent != "" {
			return errorf("interface %s: a callback interface cannot inherit", d.Name)
		}
	} else if d.Parent != "" {
		// A callback interface object has no prototype to inherit.
		p := r.classes[d.Parent]
		switch {
		case p != nil && !p.decl.CallbackInterface:
			cls.parent = p
			if cls.exotic == nil {
				cls.exotic = p.exotic
			}
			if cls.slotFn == nil {
				cls.slotFn = p.slotFn
			}
			cls.weak = cls.weak || p.weak
		case p == nil:
			if c, ok := r.Runtime.GlobalObject().Get(d.Parent).(*goja.Object); ok {
				cls.outerProto, _ = c.Get("prototype").(*goja.Object)
			}
		}
		if cls.parent == nil && cls.outerProto == nil {
			return errorf("interface %s: unknown parent %s", d.Name, d.Parent)
		}
	}
	if cls.exotic != nil || cls.slotFn != nil {
		// Weak wrappers are slotless ordinary objects (weak.go).
		cls.weak = false
	}
	r.classes[d.Name] = cls
	if !d.NoInterfaceObject && target != nil {
		cls.placeholder = lazyProp{name: d.Name, target: target, cls: cls}
		cls.lazy = &cls.placeholder
		return r.definePlaceholder(cls.lazy)
	}
	return nil
}

// materialize makes cls's interface object, prototype and members, after
// its ancestors', the first time it is needed, and turns the placeholder
// of its global property into the data property holding the interface
// object.
func (r *Realm) materialize(cls *Class) {
	if cls.ready {
		return
	}
	cls.ready = true
	if cls.parent != nil {
		r.materialize(cls.parent)
	}
	if cls.decl.CallbackInterface {
		r.installCallbackInterface(cls)
	} else {
		r.installOne(cls)
	}
	for _, f := range cls.made {
		f(cls.proto)
	}
	cls.made = nil
	if cls.lazy != nil {
		r.settle(cls.lazy, cls.ctor)
	}
}

func (r *Realm) installOne(cls *Class) {
	rt := r.Runtime
	d := cls.decl
	// A prototype inheriting a built-in's (DOMException's, Error.prototype)
	// does not make the interface object inherit the built-in: it
	// inherits Function.prototype.
	// https://webidl.spec.whatwg.org/#interface-object
	parentProto, parentCtor := cls.outerProto, (*goja.Object)(nil)
	if p := cls.parent; p != nil {
		parentProto, parentCtor = p.proto, p.ctor
	}

	proto := rt.NewObject()
	if parentProto != nil {
		// Cannot fail: proto is a new ordinary object and parentProto
		// cannot inherit from it.
		_ = proto.SetPrototype(parentProto)
	}
	cls.proto = proto
	cls.ctor = r.newConstructor(cls)
	// The interface object inherits the nearest ancestor's interface
	// object: Window's is EventTarget, not WindowProperties.
	// https://webidl.spec.whatwg.org/#interface-object
	if cls.parent != nil && cls.parent.decl.NoInterfaceObject {
		a := cls.parent
		for a != nil && a.decl.NoInterfaceObject {
			a = a.parent
		}
		parentCtor = nil
		if a != nil {
			parentCtor = a.ctor
		}
	}
	if parentCtor != nil {
		_ = cls.ctor.SetPrototype(parentCtor)
	}
	// https://webidl.spec.whatwg.org/#interface-prototype-object
	cls.ctor.DefineDataProperty("prototype", proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	proto.DefineDataProperty("constructor", cls.ctor, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	proto.DefineDataPropertySymbol(goja.SymToStringTag, jsName("", d.Name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)

	if !d.Global {
		// A value iterable's entries, keys, values and forEach come
		// first among the prototype's properties, as in Chromium.
		if d.ValueIterable != nil {
			r.installValueIterable(cls)
		}
		r.installPrototypeMembers(cls, proto)
	}
	r.installUnscopables(cls)
	// Unforgeable members of this interface and its ancestors.
	if cls.parent != nil {
		cls.unforgeable = append(cls.unforgeable, cls.parent.unforgeable...)
	}
	if u := d.Unforgeable; u != nil {
		recv := func(v goja.Value) (any, bool) { return r.tryThis(v, cls) }
		for _, a := range u.Attributes {
			g, st := r.attrFuncs(recv, ifaceNamed(d.Name), a)
			cls.unforgeable = append(cls.unforgeable, unforgeableProp{name: a.Name, get: g, set: st})
		}
		for _, m := range u.Methods {
			cls.unforgeable = append(cls.unforgeable, unforgeableProp{name: m.Name, meth: r.methodFunc(recv, d.Name, m)})
		}
	}
	for _, a := range d.StaticAttributes {
		get, set := r.attrFuncs(nil, ifaceNamed(d.Name), a)
		cls.ctor.DefineAccessorProperty(a.Name, get, set, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for _, m := range d.StaticMethods {
		cls.ctor.DefineDataProperty(m.Name, r.methodFunc(nil, d.Name, m), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	if d.ValueIterable != nil {
		if d.Global {
			r.installValueIterable(cls)
		}
	} else if d.IndexedIterator {
		cls.proto.DefineDataPropertySymbol(goja.SymIterator, r.intrinsics.arrayValues, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	if d.PairIterable != nil {
		r.installPairIterable(cls, d.PairIterable)
	}
	if d.SetLike != nil {
		r.installSetLike(cls, d.SetLike)
	}
	if d.MapLike != nil {
		r.installMapLike(cls, d.MapLike)
	}
}

// installCallbackInterface installs the legacy callback interface object
// of a callback interface: a function of length 0 whose steps throw a
// TypeError, which has no [[Construct]], no prototype property and the
// interface's constants.
// https://webidl.spec.whatwg.org/#legacy-callback-interface-object
func (r *Realm) installCallbackInterface(cls *Class) {
	d := cls.decl
	cls.ctor = r.newNamedFunc(func(goja.FunctionCall) goja.Value {
		panic(r.Runtime.NewTypeError("Illegal constructor"))
	}, jsName("", d.Name), 0)
	for _, c := range d.Constants {
		cls.ctor.DefineDataProperty(c.Name, r.Runtime.ToValue(c.Value), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
}

// installMembers defines the constants, attributes and operations of cls
// and of its mixins on dst: the prototype, or the global object for a
// [Global] interface.
func (r *Realm) installMembers(cls *Class, dst *goja.Object) {
	d := cls.decl
	r.members(cls, dst, d.Constants, d.Attributes, d.Methods)
	for _, m := range d.Mixins {
		r.includeMixin(cls, dst, m)
	}
}

// installPrototypeMembers defines the members of cls and of its mixins on
// its interface prototype object in the order Chromium's bindings do:
// the attributes (the interface's, then each mixin's, as declared), the
// constants, then the operations sorted by name, a stringifier's toString
// last. A [Global] interface's members keep their declared order
// (installMembers).
func (r *Realm) installPrototypeMembers(cls *Class, dst *goja.Object) {
	d := cls.decl
	recv := func(v goja.Value) (any, bool) { return r.tryThis(v, cls) }
	states := make([]*mixinState, len(d.Mixins))
	for i, m := range d.Mixins {
		states[i] = r.mixinFuncs(m)
		states[i].classes = append(states[i].classes, cls)
	}
	var named func(goja.Value) string
	for _, a := range d.Attributes {
		if a.Set != nil && named == nil {
			named = ifaceNamed(d.Name)
		}
		get, set := r.attrFuncs(recv, named, a)
		dst.DefineAccessorProperty(a.Name, get, set, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for i, m := range d.Mixins {
		for j, a := range m.Attributes {
			dst.DefineAccessorProperty(a.Name, states[i].getters[j], states[i].setters[j], goja.FLAG_TRUE, goja.FLAG_TRUE)
		}
	}
	consts := d.Constants
	for _, m := range d.Mixins {
		consts = append(slices.Clip(consts), m.Constants...)
	}
	for _, c := range consts {
		// https://webidl.spec.whatwg.org/#es-constants
		v := r.Runtime.ToValue(c.Value)
		cls.ctor.DefineDataProperty(c.Name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		dst.DefineDataProperty(c.Name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	type op struct {
		name string
		fn   func() goja.Value
	}
	var ops []op
	for _, m := range d.Methods {
		ops = append(ops, op{m.Name, func() goja.Value { return r.methodFunc(recv, d.Name, m) }})
	}
	for i, m := range d.Mixins {
		for j, x := range m.Methods {
			st := states[i]
			ops = append(ops, op{x.Name, func() goja.Value { return st.methods[j] }})
		}
	}
	if !d.OpsInOrder {
		slices.SortStableFunc(ops, func(a, b op) int { return compareOperationNames(a.name, b.name) })
	}
	for _, o := range ops {
		dst.DefineDataProperty(o.name, o.fn(), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
}

// compareOperationNames orders operations as Chromium installs them: by
// name, a stringifier's toString after the others.
func compareOperationNames(a, b string) int {
	if (a == "toString") != (b == "toString") {
		if a == "toString" {
			return 1
		}
		return -1
	}
	return strings.Compare(a, b)
}

// installUnscopables gives the interface prototype its Symbol.unscopables
// object when the interface or one of its mixins declares [Unscopable]
// members: a null-prototype object mapping each such name to true, sorted
// by name as in Chromium.
// https://webidl.spec.whatwg.org/#create-an-unscopables-object
func (r *Realm) installUnscopables(cls *Class) {
	var names []string
	add := func(attrs []Attribute, methods []Method) {
		for _, a := range attrs {
			if a.Unscopable {
				names = append(names, a.Name)
			}
		}
		for _, m := range methods {
			if m.Unscopable {
				names = append(names, m.Name)
			}
		}
	}
	d := cls.decl
	add(d.Attributes, d.Methods)
	for _, m := range d.Mixins {
		add(m.Attributes, m.Methods)
	}
	if len(names) == 0 {
		return
	}
	slices.Sort(names)
	o := r.Runtime.NewObject()
	o.SetPrototype(nil)
	for i, n := range names {
		if i > 0 && names[i-1] == n {
			continue
		}
		o.Set(n, true)
	}
	// https://webidl.spec.whatwg.org/#interface-prototype-object
	cls.proto.DefineDataPropertySymbol(goja.SymUnscopables, o, goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

func (r *Realm) members(cls *Class, dst *goja.Object, consts []Constant, attrs []Attribute, methods []Method) {
	for _, c := range consts {
		// https://webidl.spec.whatwg.org/#es-constants
		v := r.Runtime.ToValue(c.Value)
		cls.ctor.DefineDataProperty(c.Name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		dst.DefineDataProperty(c.Name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	recv := func(v goja.Value) (any, bool) { return r.tryThis(v, cls) }
	var named func(goja.Value) string
	for _, a := range attrs {
		if a.Set != nil && named == nil {
			named = ifaceNamed(cls.decl.Name)
		}
		get, set := r.attrFuncs(recv, named, a)
		dst.DefineAccessorProperty(a.Name, get, set, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for _, m := range methods {
		dst.DefineDataProperty(m.Name, r.methodFunc(recv, cls.decl.Name, m), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
}

// mixinState holds the functions of one mixin in one realm: they are made
// once and shared by every including interface's prototype (a page has
// five prototypes with the hundred GlobalEventHandlers accessors).
type mixinState struct {
	classes []*Class
	getters []goja.Value
	setters []goja.Value
	methods []goja.Value
}

func (r *Realm) includeMixin(cls *Class, dst *goja.Object, m *Mixin) {
	st := r.mixinFuncs(m)
	st.classes = append(st.classes, cls)
	for _, c := range m.Constants {
		v := r.Runtime.ToValue(c.Value)
		cls.ctor.DefineDataProperty(c.Name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		dst.DefineDataProperty(c.Name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	for i, a := range m.Attributes {
		dst.DefineAccessorProperty(a.Name, st.getters[i], st.setters[i], goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for i, x := range m.Methods {
		dst.DefineDataProperty(x.Name, st.methods[i], goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
}

// mixinFuncs returns the realm's functions of mixin m, made on first use.
func (r *Realm) mixinFuncs(m *Mixin) *mixinState {
	st := r.mixins[m]
	if st == nil {
		st = &mixinState{}
		if r.mixins == nil {
			r.mixins = make(map[*Mixin]*mixinState)
		}
		r.mixins[m] = st
		recv := func(v goja.Value) (any, bool) { return r.tryThisAny(v, st.classes) }
		// A shared function names, in its errors, the including
		// interface its receiver implements, as the function of that
		// interface's prototype would.
		ifaceOf := func(v goja.Value) string { return r.includingName(v, st.classes) }
		for _, a := range m.Attributes {
			g, s := r.attrFuncs(recv, ifaceOf, a)
			st.getters, st.setters = append(st.getters, g), append(st.setters, s)
		}
		for _, x := range m.Methods {
			st.methods = append(st.methods, r.methodFuncNamed(recv, ifaceOf, x))
		}
	}
	return st
}

// includingName is the name of the first of classes that v implements, or
// of the first class when it implements none.
func (r *Realm) includingName(v goja.Value, classes []*Class) string {
	if o, ok := v.(*goja.Object); ok {
		if e, ok := r.entryOf(o); ok {
			for _, c := range classes {
				if e.cls.Is(c) {
					return c.decl.Name
				}
			}
		}
	} else if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return r.includingName(r.Runtime.GlobalObject(), classes)
	}
	if len(classes) == 0 {
		return ""
	}
	return classes[0].decl.Name
}

// tryThisAny is tryThis for mixin members: the receiver may be of any
// including class.
func (r *Realm) tryThisAny(v goja.Value, classes []*Class) (any, bool) {
	o, ok := v.(*goja.Object)
	if !ok {
		if v != nil && !goja.IsUndefined(v) && !goja.IsNull(v) {
			return nil, false
		}
		o = r.Runtime.GlobalObject()
	}
	if e, ok := r.entryOf(o); ok {
		for _, c := range classes {
			if e.cls.Is(c) {
				return e.impl, true
			}
		}
	}
	return nil, false
}

// A receiver resolves the this value of a member's function to its
// implementation, reporting false when this does not implement the
// interface.
type receiver func(goja.Value) (any, bool)

func (r *Realm) illegalInvocation() {
	panic(r.Runtime.NewTypeError("Illegal invocation"))
}

// newFunc makes a native function with the given name and length.
func (r *Realm) newFunc(f func(goja.FunctionCall) goja.Value, name string, length int) *goja.Object {
	return r.newNamedFunc(f, r.Runtime.ToValue(name), length)
}

// newNamedFunc is newFunc with the name already a JavaScript string (see
// jsName). goja gives a new native function a length of 0 with the
// attributes Web IDL wants (configurable only), so only other lengths are
// redefined.
// https://webidl.spec.whatwg.org/#es-operations
func (r *Realm) newNamedFunc(f func(goja.FunctionCall) goja.Value, name goja.Value, length int) *goja.Object {
	o := r.Runtime.ToValue(f).(*goja.Object)
	o.DefineDataProperty("name", name, goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	if length != 0 {
		o.DefineDataProperty("length", r.Runtime.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	return o
}

// NewFunction makes a native function with a proper name and length, for
// values that are not interface members (callbacks handed to scripts).
func (r *Realm) NewFunction(name string, length int, f func(goja.FunctionCall) goja.Value) *goja.Object {
	return r.newFunc(f, name, length)
}

// ifaceNamed is the ifaceOf of members whose interface does not depend
// on the receiver.
func ifaceNamed(name string) func(goja.Value) string {
	return func(goja.Value) string { return name }
}

// attrFuncs makes the getter and setter (nil when readonly) of a; recv
// resolves the receiver (nil for static attributes), and ifaceOf names
// the interface in the message of a DOMException the setter throws (nil:
// the message is left as it is).
// https://webidl.spec.whatwg.org/#es-attributes
func (r *Realm) attrFuncs(recv receiver, ifaceOf func(this goja.Value) string, a Attribute) (getter, setter goja.Value) {
	get, set, lenient := a.Get, a.Set, a.LenientThis
	if get != nil {
		getter = r.newNamedFunc(func(call goja.FunctionCall) goja.Value {
			*r.work++
			var impl any
			if recv != nil {
				var ok bool
				if impl, ok = recv(call.This); !ok {
					if lenient {
						return r.undefined
					}
					if a.Promise {
						p, _, reject := r.Runtime.NewPromise()
						_ = reject(r.Runtime.NewTypeError("Illegal invocation"))
						return r.Runtime.ToValue(p)
					}
					r.illegalInvocation()
				}
			}
			v, thrown := callGetter(get, r, impl)
			if thrown != nil {
				panic(thrown)
			}
			if v != nil {
				return v
			}
			return r.undefined
		}, jsName("get ", a.Name), 0)
	}
	if set == nil && a.PutForwards != "" {
		return getter, r.putForwardsSetter(recv, a.Name, a.PutForwards)
	}
	if set == nil && a.Replaceable {
		name := a.Name
		setter = r.newNamedFunc(func(call goja.FunctionCall) goja.Value {
			if recv != nil {
				if _, ok := recv(call.This); !ok {
					r.illegalInvocation()
				}
			}
			o, ok := call.This.(*goja.Object)
			if !ok {
				o = r.Runtime.GlobalObject()
			}
			// CreateDataPropertyOrThrow(this, name, v)
			if err := o.DefineDataProperty(name, Arg(call.Arguments, 0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
				panic(r.Runtime.NewTypeError("%s", err.Error()))
			}
			return r.undefined
		}, jsName("set ", name), 1)
		return getter, setter
	}
	if set != nil {
		setter = r.newNamedFunc(func(call goja.FunctionCall) goja.Value {
			*r.work++
			var impl any
			if recv != nil {
				var ok bool
				if impl, ok = recv(call.This); !ok {
					if lenient {
						return r.undefined
					}
					r.illegalInvocation()
				}
			}
			if thrown := callSetter(set, r, impl, Arg(call.Arguments, 0)); thrown != nil {
				if ifaceOf != nil {
					thrown = r.contextualize(thrown, "set the '", a.Name, "' property on '", ifaceOf(call.This))
				}
				panic(thrown)
			}
			return r.undefined
		}, jsName("set ", a.Name), 1)
	}
	return getter, setter
}

// putForwardsSetter is the setter of a [PutForwards=forward] attribute
// name: after the brand check, Q = ? Get(this, name), a TypeError unless Q
// is an object, then ? Set(Q, forward, V, false), which does not throw
// when the assignment fails but lets Q's own setter throw.
// https://webidl.spec.whatwg.org/#dfn-attribute-setter (step 5)
func (r *Realm) putForwardsSetter(recv receiver, name, forward string) goja.Value {
	key := r.Runtime.ToValue(forward)
	return r.newNamedFunc(func(call goja.FunctionCall) goja.Value {
		*r.work++
		if recv != nil {
			if _, ok := recv(call.This); !ok {
				r.illegalInvocation()
			}
		}
		this, ok := call.This.(*goja.Object)
		if !ok {
			this = r.Runtime.GlobalObject()
		}
		q, ok := this.Get(name).(*goja.Object)
		if !ok {
			panic(r.Runtime.NewTypeError("Failed to set the '%s' property: the value of '%s' is not an object", name, name))
		}
		if _, err := r.intrinsics.reflectSet(goja.Undefined(), q, key, Arg(call.Arguments, 0)); err != nil {
			panic(err)
		}
		return r.undefined
	}, jsName("set ", name), 1)
}

// methodFunc makes the function of operation m of interface iface.
// https://webidl.spec.whatwg.org/#es-operations
func (r *Realm) methodFunc(recv receiver, iface string, m Method) goja.Value {
	return r.methodFuncNamed(recv, func(goja.Value) string { return iface }, m)
}

// methodFuncNamed is methodFunc with the interface named, for errors, by
// the call's this value.
func (r *Realm) methodFuncNamed(recv receiver, ifaceOf func(this goja.Value) string, m Method) goja.Value {
	fn, need, name := m.Fn, m.Length, m.Name
	body := func(call goja.FunctionCall) goja.Value {
		*r.work++
		var impl any
		if recv != nil {
			var ok bool
			if impl, ok = recv(call.This); !ok {
				if m.Promise {
					// Chromium names the operation when it rejects.
					r.ThrowTypeError("Failed to execute '%s' on '%s': Illegal invocation", name, ifaceOf(call.This))
				}
				r.illegalInvocation()
			}
		}
		if len(call.Arguments) < need {
			r.throwArgCount("execute '"+name+"' on '"+ifaceOf(call.This)+"'", need, len(call.Arguments))
		}
		v, thrown := callOperation(fn, r, impl, call.Arguments)
		if thrown != nil {
			panic(r.contextualize(thrown, "execute '", name, "' on '", ifaceOf(call.This)))
		}
		if v != nil {
			return v
		}
		return r.undefined
	}
	if !m.Promise {
		return r.newNamedFunc(body, jsName("", name), need)
	}
	return r.newNamedFunc(func(call goja.FunctionCall) goja.Value {
		var v goja.Value
		if ex := r.Runtime.Try(func() { v = body(call) }); ex != nil {
			p, _, reject := r.Runtime.NewPromise()
			_ = reject(ex.Value())
			return r.Runtime.ToValue(p)
		}
		return v
	}, jsName("", name), need)
}

func (r *Realm) throwArgCount(what string, need, got int) {
	s := "s"
	if need == 1 {
		s = ""
	}
	var b strings.Builder
	b.WriteString("Failed to ")
	b.WriteString(what)
	b.WriteString(": ")
	b.WriteString(itoa(need))
	b.WriteString(" argument" + s + " required, but only ")
	b.WriteString(itoa(got))
	b.WriteString(" present.")
	panic(r.Runtime.NewTypeError("%s", b.String()))
}

func itoa(n int) string {
	if n >= 0 && n < 10 {
		return string(rune('0' + n))
	}
	var buf [20]byte
	i := len(buf)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// newConstructor makes the interface object.
// https://webidl.spec.whatwg.org/#interface-object
func (r *Realm) newConstructor(cls *Class) *goja.Object {
	d := cls.decl
	name := d.Name
	ctor := r.Runtime.ToValue(func(call goja.ConstructorCall) *goja.Object {
		*r.work++
		if d.Constructor == nil {
			// Chromium names the interface.
			panic(r.Runtime.NewTypeError("Failed to construct '%s': Illegal constructor", name))
		}
		if call.NewTarget == nil {
			panic(r.Runtime.NewTypeError("Failed to construct '%s': Please use the 'new' operator, this DOM object constructor cannot be called as a function.", name))
		}
		if len(call.Arguments) < d.CtorLength {
			r.throwArgCount("construct '"+name+"'", d.CtorLength, len(call.Arguments))
		}
		impl, thrown := construct(d.Constructor, r, call.Arguments, call.NewTarget)
		if thrown != nil {
			panic(r.contextualize(thrown, "construct '", name, "", ""))
		}
		if o, ok := impl.(*goja.Object); ok {
			return o
		}
		obj := call.This
		if cls.exotic != nil {
			obj = r.newInstance(impl, cls, call.This.Prototype())
		}
		r.Bind(obj, impl, cls)
		return obj
	}).(*goja.Object)
	ctor.DefineDataProperty("name", jsName("", name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	ctor.DefineDataProperty("length", r.Runtime.ToValue(d.CtorLength), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	// goja's native constructors cannot tell `new X()` from `X()`, and Web
	// IDL says calling an interface object throws. A proxy whose [[Call]]
	// trap throws separates the two: construction reaches the target with
	// new.target set; its [[Get]] of symbols gives instanceof a
	// Symbol.hasInstance (hasInstanceTrap).
	p := r.Runtime.NewProxy(ctor, &goja.ProxyTrapConfig{
		GetSym:            r.hasInstanceTrap,
		DefinePropertySym: r.defineSymTrap,
		Apply: func(*goja.Object, goja.Value, []goja.Value) goja.Value {
			if d.Constructor == nil {
				panic(r.Runtime.NewTypeError("Illegal constructor"))
			}
			panic(r.Runtime.NewTypeError("Failed to construct '%s': Please use the 'new' operator, this DOM object constructor cannot be called as a function.", name))
		},
	})
	obj := r.Runtime.ToValue(p).(*goja.Object)
	r.ifaceNames[obj] = name
	return obj
}

// CallableConstructor puts ctor, a native constructor, behind a proxy
// whose [[Call]] is call, and returns the proxy, the function scripts
// see. goja's native constructors cannot tell `new X()` from `X()` (both
// get a fresh this and no new.target); through the proxy a construction
// reaches ctor with new.target set (the proxy itself, or a subclass), and
// a call reaches call. Function.prototype.toString shows the proxy as the
// native function name, and instanceof works through it.
func (r *Realm) CallableConstructor(name string, ctor *goja.Object, call func(this goja.Value, args []goja.Value) goja.Value) (*goja.Object, error) {
	p := r.Runtime.NewProxy(ctor, &goja.ProxyTrapConfig{
		GetSym:            r.hasInstanceTrap,
		DefinePropertySym: r.defineSymTrap,
		Apply:             func(_ *goja.Object, this goja.Value, args []goja.Value) goja.Value { return call(this, args) },
	})
	obj := r.Runtime.ToValue(p).(*goja.Object)
	r.ifaceNames[obj] = name
	return obj, nil
}

// LegacyFactoryFunction makes a [LegacyFactoryFunction] such as Image,
// Option or Audio: construct builds the instance for `new Name(...args)`,
// the function's prototype property is proto (the interface prototype),
// and calling it without new throws a TypeError.
// https://webidl.spec.whatwg.org/#legacy-factory-functions
func (r *Realm) LegacyFactoryFunction(name string, length int, proto *goja.Object, construct func(args []goja.Value) *goja.Object) *goja.Object {
	ctor := r.Runtime.ToValue(func(call goja.ConstructorCall) *goja.Object {
		defer func() {
			// a conversion's TypeError gets "Failed to construct 'Image': "
			if x := recover(); x != nil {
				panic(r.contextualize(x, "construct '", name, "", ""))
			}
		}()
		return construct(call.Arguments)
	}).(*goja.Object)
	ctor.DefineDataProperty("prototype", proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	ctor.DefineDataProperty("name", jsName("", name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	ctor.DefineDataProperty("length", r.Runtime.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	// As for interface objects (newConstructor), a proxy whose [[Call]]
	// trap throws tells a call from a construction.
	p := r.Runtime.NewProxy(ctor, &goja.ProxyTrapConfig{
		GetSym:            r.hasInstanceTrap,
		DefinePropertySym: r.defineSymTrap,
		Apply: func(*goja.Object, goja.Value, []goja.Value) goja.Value {
			panic(r.Runtime.NewTypeError("Failed to construct '%s': Please use the 'new' operator, this DOM object constructor cannot be called as a function.", name))
		},
	})
	obj := r.Runtime.ToValue(p).(*goja.Object)
	r.ifaceNames[obj] = name
	return obj
}

// installValueIterable gives an indexed interface Array.prototype's
// iteration methods.
// https://webidl.spec.whatwg.org/#es-iterable
func (r *Realm) installValueIterable(cls *Class) {
	in := &r.intrinsics
	cls.proto.DefineDataPropertySymbol(goja.SymIterator, in.arrayValues, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	cls.proto.DefineDataProperty("entries", in.arrayEntries, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	cls.proto.DefineDataProperty("keys", in.arrayKeys, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	cls.proto.DefineDataProperty("values", in.arrayValues, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	cls.proto.DefineDataProperty("forEach", in.arrayForEach, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

const (
	iterKeys = iota
	iterValues
	iterEntries
)

type pairIterator struct {
	target any
	it     *PairIterable
	kind   int
	i      int
	done   bool
}

// installPairIterable installs entries/keys/values/forEach and
// Symbol.iterator for iterable<K, V>.
// https://webidl.spec.whatwg.org/#es-default-iterator-object
func (r *Realm) installPairIterable(cls *Class, it *PairIterable) {
	rt := r.Runtime
	iterCls := &Class{decl: &Interface{Name: cls.decl.Name + " Iterator"}, realm: r, weak: true}
	iterCls.chain = []*Class{iterCls}
	iterCls.proto = rt.NewObject()
	if r.intrinsics.iterProto != nil {
		iterCls.proto.SetPrototype(r.intrinsics.iterProto)
	}
	iterCls.proto.DefineDataPropertySymbol(goja.SymToStringTag, rt.ToValue(iterCls.decl.Name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	next := r.newFunc(func(call goja.FunctionCall) goja.Value {
		p, ok := r.UnwrapAs(call.This, iterCls)
		if !ok {
			panic(rt.NewTypeError("Illegal invocation"))
		}
		pi := p.(*pairIterator)
		res := rt.NewObject()
		if pi.done || pi.i >= pi.it.Len(r, pi.target) {
			// An exhausted iterator stays one (next() keeps answering
			// done, WebIDL's default iterator objects have no other
			// end), but lets its target go.
			pi.done, pi.target = true, nil
			res.Set("value", goja.Undefined())
			res.Set("done", true)
			return res
		}
		k, v := pi.it.At(r, pi.target, pi.i)
		pi.i++
		switch pi.kind {
		case iterKeys:
			res.Set("value", k)
		case iterValues:
			res.Set("value", v)
		default:
			res.Set("value", rt.NewArray(k, v))
		}
		res.Set("done", false)
		return res
	}, "next", 0)
	iterCls.proto.DefineDataProperty("next", next, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)

	mk := func(name string, kind int) *goja.Object {
		f := r.newFunc(func(call goja.FunctionCall) goja.Value {
			target := r.this(call.This, cls)
			pi := &pairIterator{target: target, it: it, kind: kind}
			obj := rt.CreateObject(iterCls.proto)
			r.record(obj, pi, iterCls)
			return obj
		}, name, 0)
		cls.proto.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return f
	}
	forEach := r.newFunc(func(call goja.FunctionCall) goja.Value {
		target := r.this(call.This, cls)
		cb, ok := goja.AssertFunction(Arg(call.Arguments, 0))
		if !ok {
			panic(rt.NewTypeError("Failed to execute 'forEach' on '%s': The callback provided as parameter 1 is not a function.", cls.decl.Name))
		}
		thisArg := Arg(call.Arguments, 1)
		for i := 0; i < it.Len(r, target); i++ {
			k, v := it.At(r, target, i)
			if _, err := cb(thisArg, v, k, call.This); err != nil {
				panic(err)
			}
		}
		return goja.Undefined()
	}, "forEach", 1)
	// entries, forEach, keys and values, in Chromium's (sorted) order.
	entries := mk("entries", iterEntries)
	cls.proto.DefineDataProperty("forEach", forEach, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	mk("keys", iterKeys)
	mk("values", iterValues)
	cls.proto.DefineDataPropertySymbol(goja.SymIterator, entries, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	cls.pairEntries, cls.pairIterProto, cls.pairNext = entries, iterCls.proto, next
}

// protoNames returns the property names the class's prototype chain
// defines, computed on first use (only exotic wrappers need them).
func (c *Class) protoNames() map[string]struct{} {
	if c.names != nil {
		return c.names
	}
	m := make(map[string]struct{}, 64)
	for _, n := range objectPrototypeNames {
		m[n] = struct{}{}
	}
	for _, a := range c.getChain() {
		d := a.decl
		add := func(consts []Constant, attrs []Attribute, methods []Method) {
			for _, k := range consts {
				m[k.Name] = struct{}{}
			}
			for _, k := range attrs {
				m[k.Name] = struct{}{}
			}
			for _, k := range methods {
				m[k.Name] = struct{}{}
			}
		}
		add(d.Constants, d.Attributes, d.Methods)
		for _, x := range d.Mixins {
			add(x.Constants, x.Attributes, x.Methods)
		}
		if d.ValueIterable != nil || d.PairIterable != nil || d.SetLike != nil || d.MapLike != nil {
			for _, n := range []string{"entries", "keys", "values", "forEach"} {
				m[n] = struct{}{}
			}
		}
		if d.SetLike != nil {
			for _, n := range []string{"size", "has", "add", "delete", "clear"} {
				m[n] = struct{}{}
			}
		}
		if d.MapLike != nil {
			for _, n := range []string{"size", "get", "has", "set", "delete", "clear"} {
				m[n] = struct{}{}
			}
		}
	}
	c.names = m
	return m
}

// hasInstanceTrap is the [[Get]] of symbol keys of the proxied interface
// objects. goja's Function.prototype[Symbol.hasInstance] throws for a
// proxy, so where instanceof would find it on the target's chain it gets
// hasInstanceFunc instead; no interface object has an own
// Symbol.hasInstance (webidl's has-instance), and one a script defines
// on it is found as it is.
func (r *Realm) hasInstanceTrap(t *goja.Object, s *goja.Symbol, recv goja.Value) goja.Value {
	if s == goja.SymHasInstance && !r.hasInstanceDefined {
		// instanceof's question, answered without walking the chain of
		// interface objects until a script defines one of its own
		return r.hasInstanceFunc()
	}
	v, err := r.intrinsics.reflectGet(goja.Undefined(), t, s, recv)
	if err != nil {
		panic(err)
	}
	if s == goja.SymHasInstance && v == r.intrinsics.functionHasInstance {
		return r.hasInstanceFunc()
	}
	return v
}

// defineSymTrap is the [[DefineOwnProperty]] of symbol keys of the
// proxied interface objects: it notes a script's own Symbol.hasInstance,
// which hasInstanceTrap then looks for.
func (r *Realm) defineSymTrap(t *goja.Object, s *goja.Symbol, d goja.PropertyDescriptor) bool {
	if s == goja.SymHasInstance {
		r.hasInstanceDefined = true
	}
	var err error
	if d.Getter != nil || d.Setter != nil {
		err = t.DefineAccessorPropertySymbol(s, d.Getter, d.Setter, d.Configurable, d.Enumerable)
	} else {
		err = t.DefineDataPropertySymbol(s, d.Value, d.Writable, d.Configurable, d.Enumerable)
	}
	return err == nil
}

// hasInstanceFunc is OrdinaryHasInstance for the proxied interface objects.
// https://tc39.es/ecma262/#sec-ordinaryhasinstance
func (r *Realm) hasInstanceFunc() *goja.Object {
	if r.hasInstance != nil {
		return r.hasInstance
	}
	r.hasInstance = r.newFunc(func(call goja.FunctionCall) goja.Value {
		c, ok := call.This.(*goja.Object)
		o, isObj := Arg(call.Arguments, 0).(*goja.Object)
		if !ok || !isObj {
			return r.Bool(false)
		}
		proto, ok := c.Get("prototype").(*goja.Object)
		if !ok {
			panic(r.Runtime.NewTypeError("Function has non-object prototype in instanceof check"))
		}
		for p := o.Prototype(); p != nil; p = p.Prototype() {
			if p == proto {
				return r.Bool(true)
			}
		}
		return r.Bool(false)
	}, "[Symbol.hasInstance]", 1)
	return r.hasInstance
}

// iteratorPrototype returns %IteratorPrototype%, the prototype of
// %ArrayIteratorPrototype%, found from Go without compiling a script on
// every page: Object.getPrototypeOf(Object.getPrototypeOf([].values())).
// https://tc39.es/ecma262/#sec-%iteratorprototype%-object
func iteratorPrototype(rt *goja.Runtime) *goja.Object {
	arr := rt.NewArray()
	values, ok := goja.AssertFunction(arr.Get("values"))
	if !ok {
		return nil
	}
	it, err := values(arr)
	if err != nil {
		return nil
	}
	o, ok := it.(*goja.Object)
	if !ok || o.Prototype() == nil {
		return nil
	}
	return o.Prototype().Prototype()
}

// AttributesInOrder returns attrs sorted into the order the
// space-separated names give (the names it does not list after, as they
// were): for an interface whose attributes Chromium's IDL lists in another
// order than the standard's.
func AttributesInOrder(attrs []Attribute, names string) []Attribute {
	rank := map[string]int{}
	for i, n := range strings.Fields(names) {
		rank[n] = i + 1
	}
	key := func(a Attribute) int {
		if r, ok := rank[a.Name]; ok {
			return r
		}
		return len(rank) + 1
	}
	out := slices.Clone(attrs)
	slices.SortStableFunc(out, func(a, b Attribute) int { return key(a) - key(b) })
	return out
}
