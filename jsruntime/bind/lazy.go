package bind

import "github.com/dop251/goja"

// Lazy interface objects.
//
// A page's window has about three hundred interface objects, each with a
// prototype and a native function per attribute accessor and operation:
// made eagerly they were most of the cost of a new window (36,900
// allocations, 3 MB), while a page touches a few dozen of them. So Install
// only declares a class and gives its global property a placeholder, one
// native function serving as both getter and setter of an accessor
// property; the class is made (materialize) the first time it is needed,
// and the placeholder then becomes the data property Web IDL defines:
// { [[Value]]: the interface object, [[Writable]]: true,
// [[Enumerable]]: false, [[Configurable]]: true }.
// https://webidl.spec.whatwg.org/#es-interfaces
//
// What scripts can observe of the placeholder, and how it is kept the same
// as the data property:
//   - [[Get]] (Node, window.Node, typeof Node): the getter materializes the
//     class, defines the data property and returns the interface object.
//   - [[Set]] (Node = x, var Node = x, window.Node = x): the setter does
//     what assigning a writable data property does: on the window it
//     replaces the value keeping the attributes, on an object inheriting
//     the window (a frame's window) it defines an own property there.
//   - [[HasProperty]], own keys, enumerability, deletion, key order: the
//     same for both kinds of property.
//   - [[GetOwnProperty]] and [[DefineOwnProperty]] as reflected by
//     Object.getOwnPropertyDescriptor(s), Reflect.getOwnPropertyDescriptor,
//     Object.defineProperty/defineProperties, Reflect.defineProperty and
//     Object.freeze/seal (and __lookupGetter__ and kin, which goja lacks):
//     these built-ins are wrapped (patchReflection) to materialize the
//     placeholders they are about to look at first. The wrappers keep the
//     built-ins' names and lengths, and cost a map check when no
//     placeholder is involved.
//
// Not covered: a Proxy whose target is the window, inspected through
// Reflect on the proxy, sees the accessor.
//
// Keeping a window cheap to make (what every page pays before its first
// script), for code that adds interfaces or globals:
//   - An interface given to Install is lazy by itself. Do not make it at
//     set-up: no Class.Prototype, Class.Constructor or WrapObject while
//     installing a window. To change a prototype after Install (an alias,
//     a member a configuration leaves out), use Class.OnMaterialize; a
//     per-window object (location, customElements) is wrapped by its
//     getter on first read.
//   - A global that is no interface (a namespace object, a polyfill)
//     and costs more than a placeholder (about a dozen allocations) to
//     make: DefineLazy from Go, defineLazy from polyfills.js.

// intrinsics are built-in values read once per realm, before any page
// script could replace them.
type intrinsics struct {
	iterProto                                          *goja.Object // %IteratorPrototype%
	arrayValues, arrayEntries, arrayKeys, arrayForEach goja.Value
	// getOwnPropertyDescriptor is the unwrapped built-in.
	getOwnPropertyDescriptor goja.Callable
	// reflectHas, reflectOwnKeys, reflectGet and reflectSet are Reflect's,
	// which the legacy platform object traps ask of their targets.
	reflectHas, reflectOwnKeys, reflectGet, reflectSet goja.Callable
	// reflectDefineProperty and reflectIsExtensible are the unwrapped
	// built-ins the Proxy [[DefineOwnProperty]] of proxydefine.go uses.
	reflectDefineProperty, reflectIsExtensible goja.Callable
	// functionHasInstance is Function.prototype[Symbol.hasInstance].
	functionHasInstance goja.Value
}

func (in *intrinsics) init(rt *goja.Runtime) {
	in.iterProto = iteratorPrototype(rt)
	if ac, ok := rt.GlobalObject().Get("Array").(*goja.Object); ok {
		if ap, ok := ac.Get("prototype").(*goja.Object); ok {
			in.arrayValues, in.arrayEntries = ap.Get("values"), ap.Get("entries")
			in.arrayKeys, in.arrayForEach = ap.Get("keys"), ap.Get("forEach")
		}
	}
	if fc, ok := rt.GlobalObject().Get("Function").(*goja.Object); ok {
		if fp, ok := fc.Get("prototype").(*goja.Object); ok {
			in.functionHasInstance = fp.GetSymbol(goja.SymHasInstance)
		}
	}
	if oc, ok := rt.GlobalObject().Get("Object").(*goja.Object); ok {
		in.getOwnPropertyDescriptor, _ = goja.AssertFunction(oc.Get("getOwnPropertyDescriptor"))
	}
	if rc, ok := rt.GlobalObject().Get("Reflect").(*goja.Object); ok {
		in.reflectHas, _ = goja.AssertFunction(rc.Get("has"))
		in.reflectOwnKeys, _ = goja.AssertFunction(rc.Get("ownKeys"))
		in.reflectGet, _ = goja.AssertFunction(rc.Get("get"))
		in.reflectSet, _ = goja.AssertFunction(rc.Get("set"))
		in.reflectDefineProperty, _ = goja.AssertFunction(rc.Get("defineProperty"))
		in.reflectIsExtensible, _ = goja.AssertFunction(rc.Get("isExtensible"))
	}
}

// A lazyProp is a placeholder: the accessor standing for a data property
// of target whose value is made on first use.
type lazyProp struct {
	name   string
	target *goja.Object
	// fn is the placeholder's getter and setter; nil once the property is
	// settled or was assigned.
	fn *goja.Object
	// The value is cls's interface object when cls is set (Install's
	// placeholders, held in their Class), else what value makes.
	cls   *Class
	value func() goja.Value
}

func (lp *lazyProp) make() goja.Value {
	if lp.cls != nil {
		return lp.cls.Constructor()
	}
	return lp.value()
}

// DefineLazy defines name on target as a writable, configurable,
// non-enumerable data property whose value is made by value the first time
// the property is read or inspected (see the comment at the top of
// lazy.go). value runs at most once, on the runtime's goroutine; it is not
// called at all if a script assigns or deletes the property first.
//
// A placeholder costs about a dozen allocations (a native function and
// the accessor property): worth it for a value that costs more to make
// and that most pages never read.
func (r *Realm) DefineLazy(target *goja.Object, name string, value func() goja.Value) error {
	return r.definePlaceholder(&lazyProp{name: name, target: target, value: value})
}

// definePlaceholder puts lp's accessor on its target and registers it.
func (r *Realm) definePlaceholder(lp *lazyProp) error {
	target, name := lp.target, lp.name
	lp.fn = r.Runtime.ToValue(func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) == 0 {
			// [[Get]]
			v := lp.make()
			r.settle(lp, v)
			return v
		}
		// [[Set]] of a writable data property: OrdinarySetWithOwnDescriptor.
		v := call.Arguments[0]
		recv, ok := call.This.(*goja.Object)
		if !ok {
			return r.undefined
		}
		if recv == target {
			r.drop(lp)
			target.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
			return r.undefined
		}
		recv.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return r.undefined
	}).(*goja.Object)
	if err := target.DefineAccessorProperty(name, lp.fn, lp.fn, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return errorf("%s: %w", name, err)
	}
	if r.pending == nil {
		r.pending = make(map[string]*lazyProp, 512)
	}
	r.pending[name] = lp
	if !r.isLazyTarget(target) {
		r.lazyTargets = append(r.lazyTargets, target)
	}
	return nil
}

// settle replaces lp's placeholder by the data property holding v, if the
// placeholder is still the property: a script may have deleted it, or
// declared a function of that name, meanwhile.
func (r *Realm) settle(lp *lazyProp, v goja.Value) {
	if lp.fn == nil {
		return
	}
	fn, target := lp.fn, lp.target
	r.drop(lp)
	if gopd := r.intrinsics.getOwnPropertyDescriptor; gopd != nil {
		d, err := gopd(nil, target, jsName("", lp.name))
		desc, ok := d.(*goja.Object)
		if err != nil || !ok || desc.Get("get") != goja.Value(fn) {
			return
		}
	}
	target.DefineDataProperty(lp.name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

func (r *Realm) drop(lp *lazyProp) {
	if lp.fn != nil {
		lp.fn = nil
		if r.pending[lp.name] == lp {
			delete(r.pending, lp.name)
		}
	}
}

// isLazyTarget reports whether placeholders were ever defined on o: the
// wrapped built-ins check this first, a pointer comparison or two, so
// that their calls on other objects cost next to nothing.
func (r *Realm) isLazyTarget(o *goja.Object) bool {
	for _, t := range r.lazyTargets {
		if t == o {
			return true
		}
	}
	return false
}

// touch settles the placeholder of property key of o, if it has one.
func (r *Realm) touch(o, key goja.Value) {
	if len(r.pending) == 0 {
		return
	}
	obj, ok := o.(*goja.Object)
	if !ok || !r.isLazyTarget(obj) {
		return
	}
	s, ok := key.(goja.String)
	if !ok {
		return
	}
	if lp := r.pending[s.String()]; lp != nil && lp.target == obj {
		r.settle(lp, lp.make())
	}
}

// touchAll settles every placeholder on o.
func (r *Realm) touchAll(o goja.Value) {
	if len(r.pending) == 0 {
		return
	}
	obj, ok := o.(*goja.Object)
	if !ok || !r.isLazyTarget(obj) {
		return
	}
	var todo []*lazyProp
	for _, lp := range r.pending {
		if lp.target == obj {
			todo = append(todo, lp)
		}
	}
	for _, lp := range todo {
		if lp.fn != nil {
			r.settle(lp, lp.make())
		}
	}
}

// patchReflection wraps the built-ins that reveal or change the attributes
// of an own property, so that they settle the placeholders they touch
// first (see the comment at the top of this file).
func (r *Realm) patchReflection() {
	g := r.Runtime.GlobalObject()
	oc, _ := g.Get("Object").(*goja.Object)
	rc, _ := g.Get("Reflect").(*goja.Object)
	var op *goja.Object
	if oc != nil {
		op, _ = oc.Get("prototype").(*goja.Object)
	}
	// first: the object is the first argument and the key the second.
	first := func(call goja.FunctionCall) { r.touch(Arg(call.Arguments, 0), Arg(call.Arguments, 1)) }
	// all: every placeholder of the first argument.
	all := func(call goja.FunctionCall) { r.touchAll(Arg(call.Arguments, 0)) }
	// this: the object is this and the key the first argument.
	this := func(call goja.FunctionCall) { r.touch(call.This, Arg(call.Arguments, 0)) }
	r.wrapBuiltin(oc, "getOwnPropertyDescriptor", 2, first)
	r.wrapBuiltin(oc, "getOwnPropertyDescriptors", 1, all)
	// The three that define properties also run the Proxy
	// [[DefineOwnProperty]] themselves (proxydefine.go).
	r.wrapDefine(oc, "defineProperty", 3, first, func(call goja.FunctionCall, o *goja.Object) goja.Value {
		r.defineProperty(o, Arg(call.Arguments, 1), Arg(call.Arguments, 2), true)
		return o
	})
	r.wrapDefine(oc, "defineProperties", 2, all, func(call goja.FunctionCall, o *goja.Object) goja.Value {
		r.defineProperties(o, Arg(call.Arguments, 1))
		return o
	})
	r.wrapBuiltin(oc, "freeze", 1, all)
	r.wrapBuiltin(oc, "seal", 1, all)
	r.wrapBuiltin(rc, "getOwnPropertyDescriptor", 2, first)
	r.wrapDefine(rc, "defineProperty", 3, first, func(call goja.FunctionCall, o *goja.Object) goja.Value {
		return r.Runtime.ToValue(r.defineProperty(o, Arg(call.Arguments, 1), Arg(call.Arguments, 2), false))
	})
	// goja has no Annex B accessor methods; should it get them, they are
	// covered too.
	r.wrapBuiltin(op, "__lookupGetter__", 1, this)
	r.wrapBuiltin(op, "__lookupSetter__", 1, this)
	r.wrapBuiltin(op, "__defineGetter__", 2, this)
	r.wrapBuiltin(op, "__defineSetter__", 2, this)
}

// wrapDefine is wrapBuiltin for a built-in whose first argument is the
// object to define properties on: when that object is a script-made proxy,
// onProxy runs instead of before and the original.
func (r *Realm) wrapDefine(holder *goja.Object, name string, length int, before func(goja.FunctionCall), onProxy func(call goja.FunctionCall, o *goja.Object) goja.Value) {
	if holder == nil {
		return
	}
	orig, ok := goja.AssertFunction(holder.Get(name))
	if !ok {
		return
	}
	f := r.newFunc(func(call goja.FunctionCall) goja.Value {
		o := Arg(call.Arguments, 0)
		if _, _, ok := scriptProxy(o); ok {
			return onProxy(call, o.(*goja.Object))
		}
		before(call)
		v, err := orig(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	}, name, length)
	holder.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// wrapBuiltin replaces the method name of holder by a function of the same
// name, length and attributes (writable, configurable, not enumerable)
// that runs before and then the original.
func (r *Realm) wrapBuiltin(holder *goja.Object, name string, length int, before func(goja.FunctionCall)) {
	if holder == nil {
		return
	}
	orig, ok := goja.AssertFunction(holder.Get(name))
	if !ok {
		return
	}
	f := r.newFunc(func(call goja.FunctionCall) goja.Value {
		before(call)
		v, err := orig(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	}, name, length)
	holder.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}
